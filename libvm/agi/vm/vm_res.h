/* PRIVATE to vm_res.c: the AGI interpreter's replay list (agi-spec
 * session_and_persistence.md "Resource replay sequence").  struct agi_vm
 * holds a pointer to it; every other file sees an incomplete type and
 * calls vm_res.c's functions (vm_private.h, "2. Resources").  The unit
 * tests reach it through vm_test_internal.h. */
#ifndef RELIC_AGI_VM_RES_H
#define RELIC_AGI_VM_RES_H

#include "vm_internal.h"

/* The replay list ("Resource replay sequence", vm_res.c). */
struct agi_vm_replay_list {
    uint8_t *pairs;
    unsigned cap, count, checkpoint;
    unsigned dropped; /* pairs not recorded: the list was full */
    int armed;        /* recording starts with the first room switch */
    int off;
};

#endif
