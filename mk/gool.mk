# Crash GOOL: the demo NSF, assembled from the text sources in
# samples/gool/ by gool-dis itself (assembler -> entries -> chunks).
GOOL_SAMPLE := $(BUILD)/samples/gool/blinkr.nsf
SAMPLE_TARGETS += $(GOOL_SAMPLE)

$(GOOL_SAMPLE): $(BUILD)/bin/gool-dis $(sort $(wildcard samples/gool/*.s))
	@mkdir -p $(dir $@)
	@$(BUILD)/bin/gool-dis --assemble $(sort $(wildcard samples/gool/*.s)) -o $@
	@echo "  SAMPLE  $@"
