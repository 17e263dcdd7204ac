# Fault-injection shim for tests/faults/run.sh (issue 17): an LD_PRELOAD
# library built beside the test programs; `make test` builds it first.
# Under a sanitizer the shim leaves malloc to it (the suite then skips the
# malloc column).
FAULT_SHIM := $(BUILD)/tests/fault_shim.so
FAULT_SHIM_FLAGS := $(if $(findstring sanitize,$(SANFLAGS)),-DFAULT_NO_MALLOC)
$(FAULT_SHIM): tests/faults/fault_shim.c
	@mkdir -p $(dir $@)
	@echo "  SHIM    $@"
	@$(CC) -std=c11 -Wall -Wextra -Werror -O1 -g -fPIC -shared $(FAULT_SHIM_FLAGS) -o $@ $< -ldl
test: $(FAULT_SHIM)
