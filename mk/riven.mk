# Riven / Mohawk: scummvm-tools (extract_mohawk, construct_mohawk) is the
# independent client the interop tests run against; the sample archive is
# built from the text sources in samples/riven/ by our own
# `riven-script --build`.
DEB_PKGS += scummvm-tools

RIVEN_SAMPLE := $(BUILD)/samples/riven/relicdemo.mhk
SAMPLE_TARGETS += $(RIVEN_SAMPLE)

$(RIVEN_SAMPLE): $(BUILD)/bin/riven-script $(wildcard samples/riven/*)
	@mkdir -p $(dir $@)
	@$(BUILD)/bin/riven-script --build samples/riven/archive.txt -o $@
	@echo "  SAMPLES $@"

# make bench extracts the sample archive side by side with extract_mohawk.
bench: $(RIVEN_SAMPLE)
