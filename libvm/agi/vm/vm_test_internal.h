/* INTERNAL, FOR THE UNIT TESTS ONLY: the whole AGI interpreter state with
 * every owner's private part complete (struct agi_vm in vm_internal.h,
 * the sub-structs in their owners' headers), so a test can set up and
 * check what no accessor shows.  No library file includes it
 * (tests/owners.sh); tests/agi_vm_support.h is its one includer. */
#ifndef RELIC_AGI_VM_TEST_INTERNAL_H
#define RELIC_AGI_VM_TEST_INTERNAL_H

#include "vm_private.h"
#include "vm_exec.h"
#include "vm_input.h"
#include "vm_modal.h"
#include "vm_res.h"
#include "vm_state.h"
#include "vm_text.h"

#endif
