/* PRIVATE to vm_input.c: the AGI interpreter's input and parser state
 * (agi-spec input_text_and_menus.md "Input line", "Parser"; key map and
 * controllers).  struct agi_vm holds a pointer to it; every other file
 * sees an incomplete type and calls vm_input.c's functions (vm_private.h,
 * "5. Input"), or, below its layer, vm->hooks.  Whether the input line is
 * on is the text layer's (vm_text.h).  The unit tests reach it through
 * vm_test_internal.h. */
#ifndef RELIC_AGI_VM_INPUT_H
#define RELIC_AGI_VM_INPUT_H

#include "vm_internal.h"

struct agi_vm_input {
    struct {
        uint16_t key;
        uint8_t status;
    } keymap[49];
    unsigned keymap_n;
    uint8_t controller[256];
    uint16_t parsed[10];
    char parsed_text[10][41];
    unsigned parsed_n;    /* retained nonzero word ids, an unknown word last */
    unsigned parse_count; /* parser count / error position */
    char input_line[41], last_input[41];
    size_t input_len; /* input_line's bytes: any key's low byte, a NUL too (an unmapped F-key) */
    uint8_t release_gate;
};

#endif
