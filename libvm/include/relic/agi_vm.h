/* A headless AGI interpreter (agi-spec runtime_state.md "Top-level cycle
 * order", logic_bytecode.md, object_behavior.md, input_text_and_menus.md,
 * session_and_persistence.md "Room transition" and "Resource replay
 * sequence"): the 2.936 profile's state, bytecode and object rules, with
 * the runtime variants version_profiles.md lists for the other profiles
 * (a rules table of libvm keyed by the profile), driven one cycle at a time with
 * scripted input, drawing into the 160x168 planes.
 *
 * Headless choices (not in the spec, which leaves hosts free here): a modal
 * wait (message window, menu, inventory, line editor, confirmation, save
 * or restore selector) blocks the cycle it was opened in; later calls to
 * agi_vm_cycle advance the clock and feed that cycle's scripted events to
 * the modal until it closes, then the blocked cycle finishes.  The random
 * source is a seedable xorshift32; one cycle advances `ticks_per_cycle`
 * 20 Hz timer ticks (0: max(v10, 1), the pacing rule) and three 60 Hz sound
 * ticks per timer tick. */
#ifndef RELIC_AGI_VM_H
#define RELIC_AGI_VM_H

#include <stddef.h>
#include <stdint.h>
#include "relic/agi.h"
#include "relic/agi_picture.h"
#include "relic/agi_sound.h"
#include "relic/agi_sound_sched.h"
#include "relic/agi_save.h"
#include "relic/agi_view.h"
#include "relic/buf.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { AGI_EV_KEY = 1, AGI_EV_DIR = 2, AGI_EV_STATUS = 3 };

typedef struct agi_vm_event {
    uint8_t type;
    uint16_t value;
} agi_vm_event;

/* What a blocked cycle is waiting for (input_text_and_menus.md "Modal text
 * and alternate text mode", "Inventory selection", "Menu interaction";
 * session_and_persistence.md "Save selector", "Restart"). */
typedef enum agi_vm_modal_kind {
    AGI_MODAL_NONE,
    AGI_MODAL_MESSAGE,   /* print, pause, version...: Enter or Esc */
    AGI_MODAL_CONFIRM,   /* restart / quit: Enter accepts, Esc cancels */
    AGI_MODAL_EDIT,      /* get.string / get.num line editor */
    AGI_MODAL_INVENTORY, /* status: carried items */
    AGI_MODAL_MENU,      /* menu.input, opened at the input phase */
    AGI_MODAL_SAVE,      /* save selector: slot, then description */
    AGI_MODAL_RESTORE    /* restore selector */
} agi_vm_modal_kind;
enum { AGI_CONFIRM_RESTART = 1, AGI_CONFIRM_QUIT };

/* One scheduled input ("CYCLE key NAME" ...).  text is malloc'd for type. */
typedef enum agi_input_kind { AGI_IN_KEY, AGI_IN_TYPE, AGI_IN_DIR, AGI_IN_MENU } agi_input_kind;
typedef struct agi_input_event {
    unsigned long cycle;
    agi_input_kind kind;
    uint16_t value; /* key word, direction, menu status (0xffff: by text) */
    char *text;     /* typed line or menu item text */
} agi_input_event;

/* One checkpoint ("CYCLE expect room N" ...): what must hold once the run
 * has reached `cycle` (the state `pic-render --tick CYCLE` shows). */
typedef enum agi_expect_kind {
    AGI_EXPECT_ROOM,      /* v0 == value */
    AGI_EXPECT_SCORE,     /* v3 == value */
    AGI_EXPECT_FLAG,      /* flag `number` set (value 1) or clear (0) */
    AGI_EXPECT_VAR,       /* variable `number` == value */
    AGI_EXPECT_HAS,       /* inventory item `number` (or named `text`) carried */
    AGI_EXPECT_MESSAGE,   /* the open message window's text contains `text` */
    AGI_EXPECT_NO_MESSAGE /* no message window open */
} agi_expect_kind;
typedef struct agi_expect {
    unsigned long cycle;
    unsigned line; /* the script line it came from */
    agi_expect_kind kind;
    unsigned number, value;
    char *text; /* malloc'd: the item's name (NULL: by number) or the message */
} agi_expect;

typedef struct agi_input_script {
    agi_input_event *ev;
    size_t count, cap;
    agi_expect *expect; /* in cycle order, then line order */
    size_t expect_count, expect_cap;
    uint32_t seed;
    int have_seed;
    unsigned ticks_per_cycle; /* 0: pacing from v10 */
} agi_input_script;

/* Parses the text format (one event a line, '#' comments); errors give the
 * line number in the message and the byte offset. */
int agi_input_parse(const char *text, size_t len, agi_input_script *out, relic_err *err);
void agi_input_free(agi_input_script *s);
/* "enter", "esc", "f1".."f10", "up", "a", "space", "tab", "backspace",
 * "0x1234" -> key word; -1 when unknown. */
long agi_key_by_name(const char *name);
/* What an expectation asks for ("room 5", "flag 12 set", "has \"key\"")
 * into buf. */
void agi_expect_describe(const agi_expect *e, char *buf, size_t len);

/* The machine the original interpreter runs on, by the device selector it
 * detects at start (AGI 2.936: BIOS model byte 0xfd is a PCjr, the string
 * "Tandy" in F000:C000..C3FF a Tandy 1000, anything else an IBM PC).  The
 * selector goes to v20, the sound type to v22 (1: PC speaker, 3: the
 * SN76489's three voices and noise), and it picks the sound device
 * (agi_snd_device_for); a nonzero selector also sets f11.  The values are
 * the selectors. */
typedef enum agi_vm_machine {
    AGI_MACHINE_PC = 0,   /* IBM PC/AT with EGA: the PC speaker, voice 0 only */
    AGI_MACHINE_PCJR = 1, /* IBM PCjr: the SN76489, four voices */
    AGI_MACHINE_TANDY = 2 /* Tandy 1000: the SN76489, loud notes 4 dB softer */
} agi_vm_machine;

typedef struct agi_vm_opts {
    const agi_profile *profile; /* NULL: the game's */
    agi_vm_machine machine;     /* default AGI_MACHINE_PC (the screen oracle's) */
    uint32_t seed;              /* random source; 0 uses 1 */
    unsigned ticks_per_cycle;   /* 0: max(v10, 1) */
    unsigned long max_steps;    /* bytecode steps per cycle (0: 1,000,000) */
    int start_room;             /* > 0: the game's first new.room goes to this room */
    const char *save_dir;       /* save/restore selectors' folder (NULL: they cancel) */
} agi_vm_opts;

/* The interpreter: an opaque handle (its state is libvm/agi's). */
typedef struct agi_vm agi_vm;

/* The VM is large (the planes): allocate it with agi_vm_new. */
int agi_vm_new(const agi_game *game, const agi_vm_opts *o, agi_vm **out, relic_err *err);
void agi_vm_free(agi_vm *vm);
/* Back to the state before the first cycle (restart without f6). */
void agi_vm_reset(agi_vm *vm);
/* One top-level cycle; events in `in` for this cycle are applied at its
 * input phase.  Errors (unknown opcode, bad jump, call depth, step budget,
 * missing resource) stop the VM: later calls return the same error. */
int agi_vm_cycle(agi_vm *vm, const agi_input_script *in, relic_err *err);
/* Cycles until agi_vm_cycles(vm) == cycles. */
int agi_vm_run(agi_vm *vm, const agi_input_script *in, unsigned long cycles, relic_err *err);
/* Composes the visible game area (shown picture + objects) into the
 * frame planes (agi_vm_frame_vis / agi_vm_frame_pri). */
void agi_vm_render(agi_vm *vm);
/* Runs bytecode of one logic directly (tests, fuzzing): the payload is
 * installed as logic `n` and called as logic 0 would be. */
int agi_vm_install_logic(agi_vm *vm, unsigned n, const uint8_t *payload, size_t len, relic_err *err);
/* Queue an event (returns 0 when the queue is full: 19 pending). */
int agi_vm_post(agi_vm *vm, uint8_t type, uint16_t value);
int agi_vm_poll(agi_vm *vm, agi_vm_event *ev);
/* Parse a line into parsed words as action 0x75 does. */
void agi_vm_parse(agi_vm *vm, const char *line);

/* Accessors.  Variables and flags are numbered as in the game (v0..v255,
 * f0..f255); strings s0..s11 (NUL-terminated, at most 39 characters). */
uint8_t agi_vm_var(const agi_vm *vm, unsigned n);
void agi_vm_set_var(agi_vm *vm, unsigned n, uint8_t value);
int agi_vm_flag(const agi_vm *vm, unsigned n);
void agi_vm_set_flag(agi_vm *vm, unsigned n, int on);
const char *agi_vm_string(const agi_vm *vm, unsigned n);
/* Cycles run so far; nonzero once the game quit. */
unsigned long agi_vm_cycles(const agi_vm *vm);
int agi_vm_has_quit(const agi_vm *vm);
/* The profile the VM runs; a warning about metadata it could not use
 * ("" when none). */
const agi_profile *agi_vm_profile(const agi_vm *vm);
const char *agi_vm_warning(const agi_vm *vm);
/* Damaged resources the run read as AGI 2.936 reads them (a sound channel
 * past its payload, message text past it): one line each, once per
 * resource however often it is loaded, in the order they warned, e.g.
 * "sound 1: channel 3 offset 0x8b07 outside the payload (15 bytes): reads
 * zero records, never ends (payload offset 0x6)".  i past the count: NULL. */
unsigned agi_vm_resource_warnings(const agi_vm *vm);
const char *agi_vm_resource_warning(const agi_vm *vm, unsigned i);
/* The composed frame (agi_vm_render): AGI_PIC_CELLS colour / priority
 * cells, 160x168. */
const uint8_t *agi_vm_frame_vis(const agi_vm *vm);
const uint8_t *agi_vm_frame_pri(const agi_vm *vm);
/* The RGB colours the frame shows: EGA, or the AGIPAL pal.N the game
 * switched to with shake.screen N (agi_vm_agipal_file: N, 0 = none), or an
 * AGI256 game's VGA palette; agi_vm_palette_colors says how many (16 or
 * 256). */
const uint8_t *agi_vm_palette(const agi_vm *vm);
unsigned agi_vm_palette_colors(const agi_vm *vm);
unsigned agi_vm_agipal_file(const agi_vm *vm);
/* The modal wait that blocks the current cycle (AGI_MODAL_NONE: none). */
agi_vm_modal_kind agi_vm_modal_state(const agi_vm *vm);
/* Sound commands: with keep on, every command of the run stays in the
 * list, stamped on the run's 60 Hz clock (agi_vm_sound_clock ticks). */
void agi_vm_keep_sound_commands(agi_vm *vm, int keep);
const agi_snd_cmds *agi_vm_sound_commands(const agi_vm *vm);
uint64_t agi_vm_sound_clock(const agi_vm *vm);

/* The full 320x200 screen (input_text_and_menus.md "Text geometry and
 * surfaces"): the game area with double-wide pixels below the display base
 * row, the status and input lines, the text grid, and the modal window of
 * the last cycle, drawn with an 8x8 font of 256 glyphs (8 bytes each, bit
 * 0x80 leftmost; NULL: agi_vm_font, relic's own).  Call agi_vm_render
 * first.  out holds 320*200 EGA colour indices. */
#define AGI_SCREEN_W 320
#define AGI_SCREEN_H 200
extern const uint8_t agi_vm_font[256 * 8];
void agi_vm_screen(const agi_vm *vm, const uint8_t *font, uint8_t *out);
/* The same with the 256 glyphs a message window draws (NULL: bytes from
 * 0x80 blank in a window): AGI 2.936 takes a window's glyphs from the
 * 2,048 bytes at F000:FA6E, the BIOS's 128-glyph table and the ROM after
 * it, while display() text uses the font's CP437 upper half. */
void agi_vm_screen_fonts(const agi_vm *vm, const uint8_t *font, const uint8_t *window_font, uint8_t *out);
/* All the fonts a screen can be drawn with.  text14: the 256 glyphs of 8x14
 * (14 bytes each) that AGI 2.936's text mode (text.screen()) shows, a
 * 640x350 screen: the 320x200 screen samples it as an oracle capture is
 * sampled (every 2nd column, row y from ((y * 350) / 200)), so screen row
 * y shows glyph row ((y * 350) / 200) % 14 of text row ((y * 350) / 200) /
 * 14; each text row takes 8 screen rows, glyph rows 0 1 3 5 7 8 10 12.
 * NULL: the 8x8 glyphs as they are (relic's text mode without the font). */
typedef struct agi_vm_fonts {
    const uint8_t *text;   /* 256 8x8 glyphs; NULL: agi_vm_font */
    const uint8_t *window; /* a message window's 256 glyphs; NULL: blank from 0x80 */
    const uint8_t *text14; /* 256 8x14 glyphs; NULL: text's */
    /* The 128 8x8 glyphs of bytes 0x80-0xff in a game whose text has its
     * own code page (AGDS: CP866); NULL: relic's (agi_vm_font_cp866).  In
     * such a game every text, message windows included, draws bytes from
     * 0x80 with them, bytes below with text's. */
    const uint8_t *upper;
} agi_vm_fonts;
/* relic's own glyphs of CP866 from 0x80 (make_font.py, CC0): the Cyrillic
 * letters 0x80-0xaf and 0xe0-0xf1, a box for the other codes. */
extern const uint8_t agi_vm_font_cp866[128 * 8];
#define AGI_FONT_UPPER_BYTES (128 * 8)
/* A file of the upper half's glyphs: 1,024 bytes (128 glyphs for 0x80-0xff,
 * the layout of the table INT 1Fh points to) or 2,048 (a whole 8x8 font of
 * the code page, of which the upper half is used).  *upper points into
 * data; any other size is an error. */
int agi_vm_upper_font_split(const uint8_t *data, size_t len, const uint8_t **upper, relic_err *err);
#define AGI_FONT8_BYTES (256 * 8)
#define AGI_FONT14_BYTES (256 * 14)
/* A font file's parts, by its size: 2,048 bytes (8x8), 4,096 (8x8, then
 * the window glyphs), 3,584 (8x14 only), 5,632 (8x8, then 8x14) or 7,680
 * (8x8, window glyphs, 8x14: what tests/corpus/agi_oracle/romfont.py dumps).
 * The parts point into data; any other size is an error. */
int agi_vm_fonts_split(const uint8_t *data, size_t len, agi_vm_fonts *out, relic_err *err);
void agi_vm_screen_with(const agi_vm *vm, const agi_vm_fonts *fonts, uint8_t *out);

/* 1 when expectation e holds in the VM's state now, else 0 with what was
 * found instead ("room 3", "no message window", "no item named \"x\"")
 * in found. */
int agi_vm_expect_holds(const agi_vm *vm, const agi_expect *e, char *found, size_t len);

/* The state as a save (agi_save.h) for the VM's profile, and back: a
 * restore replays the save's active resource pairs and rebinds objects. */
int agi_vm_to_save(const agi_vm *vm, const char *description, agi_save *s, relic_err *err);
int agi_vm_from_save(agi_vm *vm, const agi_save *s, relic_err *err);
/* A restore as the game's own dialog does it: agi_vm_from_save, and the
 * next agi_vm_cycle goes on from logic 0 as the cycle that accepted the
 * dialog does (no input phase, no motion before the logic; that cycle's
 * script events are given after the restore), the cycle count going on.
 * pic-render --restore starts a run with it, so its screen at every tick
 * is the dialog's. */
int agi_vm_restore(agi_vm *vm, const agi_save *s, relic_err *err);

/* Actions a headless run does not carry out in full: {opcode, what is
 * missing, partial}.  partial 0: nothing beyond consuming the operands;
 * 1: the state changes are made but the modal or display part is not.
 * The list ends with {0, NULL, 0}. */
typedef struct agi_vm_gap {
    uint8_t opcode;
    const char *missing;
    uint8_t partial;
} agi_vm_gap;
extern const agi_vm_gap agi_vm_gaps[];

/* The state as JSON: relic/agi_vm_json.h (librelic-io). */

#ifdef __cplusplus
}
#endif

#endif
