/* PRIVATE to vm_res.c: the AGI interpreter's loaded resources (agi-spec
 * runtime_state.md "Resource lifecycle"), the playing sound and the replay
 * list (session_and_persistence.md "Resource replay sequence").  struct
 * agi_vm holds pointers to them; every other file sees incomplete types
 * and calls vm_res.c's functions (vm_private.h, "2. Resources").  The unit
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

/* Resources (vm_res.c): loaded payloads, with the load order that the
 * ordered-discard rule needs. */
struct agi_vm_res {
    agi_vm_logic *logic[256];
    relic_buf pic[256];
    uint8_t pic_loaded[256], pic_order[256], pic_n;
    agi_view *view[256];
    uint8_t view_order[256], view_n;
    agi_sound *sound[256];
    uint8_t warned[AGI_KIND_COUNT][32]; /* a bit per resource that has warned */
    char (*warnings)[200];              /* their lines, in the order they warned */
    unsigned warnings_n;
};

/* The playing sound (vm_res.c). */
struct agi_vm_audio {
    agi_snd_sched snd;
    int snd_playing;
    uint8_t snd_flag;
    agi_snd_cmds snd_cmds; /* with keep_sound_cmds: every command, on the run's */
    int keep_sound_cmds;   /* 60 Hz clock (snd_clock ticks so far) */
    uint64_t snd_clock, snd_base;
};

#endif
