# Redguard: sample maps built from text sources under samples/redguard/
# with `rgm-dump --assemble` (our SOUP assembler and RGM writer);
# `make demo` also dumps one and runs it in the SOUP VM.
RGM_SAMPLE_SRC := $(sort $(wildcard samples/redguard/*.rgmsrc))
RGM_SAMPLES    := $(patsubst samples/redguard/%.rgmsrc,$(BUILD)/samples/redguard/%.RGM,$(RGM_SAMPLE_SRC))
SAMPLE_TARGETS += $(RGM_SAMPLES)

$(BUILD)/samples/redguard/%.RGM: samples/redguard/%.rgmsrc $(BUILD)/bin/rgm-dump
	@mkdir -p $(dir $@)
	@$(BUILD)/bin/rgm-dump --assemble $< -o $@
	@echo "  SAMPLE  $@"

.PHONY: rgm-demo
DEMO_TARGETS += rgm-demo
rgm-demo: $(BUILD)/bin/rgm-dump $(RGM_SAMPLES)
	$(BUILD)/bin/rgm-dump $(BUILD)/samples/redguard/harbor.RGM --actor DOOR --placements
	$(BUILD)/bin/rgm-dump $(BUILD)/samples/redguard/harbor.RGM --all --ticks 12 \
	  --trace $(BUILD)/samples/redguard/harbor-trace.json
