/* The community extensions of AGI that ScummVM reads (engines/agi): one
 * const descriptor row per extension, detected from a game's files and
 * data: AGIPAL (pal.N palette files, agipal.c), AGDS (the Russian clone's
 * text key and code page, agds.c), AGI256 (256-colour pictures, agi256.c)
 * and AGI256-2 (AGI256 with 256-colour views, agi256.c). */
#ifndef RELIC_AGI_EXT_H
#define RELIC_AGI_EXT_H

#include <stddef.h>
#include <stdint.h>
#include "relic/agi.h"
#include "relic/agi_picture.h"
#include "relic/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bits of agi_game.extensions. */
enum {
    AGI_EXT_AGIPAL = 1u << 0,   /* pal.N palettes switched by shake.screen 100..109 */
    AGI_EXT_AGDS = 1u << 1,     /* text XORed with "Alex Simkin", CP866 */
    AGI_EXT_AGI256 = 1u << 2,   /* raw 256-colour pictures by opcode 170, VGA palette */
    AGI_EXT_AGI256_2 = 1u << 3, /* AGI256's rules, and 0xF00F views of 256-colour cels */
    /* The games whose pictures may be raw 256-colour bitmaps shown with the
     * VGA palette: AGI256-2 is built on AGI256 and keeps all of its rules. */
    AGI_EXT_VGA256 = AGI_EXT_AGI256 | AGI_EXT_AGI256_2
};

/* Signature of a detector: 1 when the files show the extension, with one
 * line of evidence in `why`. */
typedef int (*agi_ext_detect_fn)(const agi_game *g, char *why, size_t why_len);

typedef struct agi_extension {
    const char *name; /* "agipal": the word game.json lists */
    unsigned flag;    /* AGI_EXT_* */
    agi_ext_detect_fn detect;
    /* shake.screen operands in [palette_shake_min, palette_shake_max]
     * load pal.<operand> instead of shaking (0, 0: none). */
    uint8_t palette_shake_min, palette_shake_max;
    /* 1: the extension is a rule of the clone's own interpreter, which
     * Sierra's interpreters lack: a runtime told to run a Sierra profile
     * (not the game's own) reads the data without it. */
    uint8_t clone_interpreter;
    /* Colours of the game's images: 16 (EGA, AGIPAL) or 256 (AGI256). */
    unsigned palette_colors;
} agi_extension;

const agi_extension *agi_extensions(unsigned *count);
/* The row of the extension among `flags` whose shake.screen range holds
 * `operand`, or NULL. */
const agi_extension *agi_extension_for_shake(unsigned flags, uint8_t operand);

/* The AGI_EXT_* flags of the rows with clone_interpreter set. */
unsigned agi_extensions_of_clone(void);

/* Runs every row's detector on an opened game: the AGI_EXT_* flags found,
 * and up to max_why lines of evidence (*why_count of them; why may be NULL
 * when max_why is 0). */
unsigned agi_extensions_detect(const agi_game *g, char why[][240], unsigned max_why, unsigned *why_count);

/* AGIPAL palette file: 16 colours of three 6-bit components.  rgb gets
 * them scaled to 8 bits; *masked counts the components above 63 whose
 * top bits were dropped (warn when non-zero). */
#define AGI_AGIPAL_MIN_SIZE 72
int agi_agipal_decode(const uint8_t *data, size_t len, uint8_t rgb[16 * 3], unsigned *masked, relic_err *err);
/* Decodes pal.<n> from the file set; RELIC_EDATA naming the file when it
 * is absent or short (ScummVM then keeps the current palette). */
int agi_agipal_load(const agi_fileset *fs, unsigned n, uint8_t rgb[16 * 3], unsigned *masked, relic_err *err);

/* AGDS (agds.c). */
int agi_agds_detect(const agi_game *g, char *why, size_t why_len);
/* The prefer_xor argument of agi_objects_decode for a game of this profile
 * and these extensions: AGI_MSG_KEY_AGDS for an AGDS game. */
int agi_objects_key(const agi_profile *p, unsigned extensions);
/* Appends the UTF-8 form of n CP866 bytes to out. */
void agi_cp866_to_utf8(const uint8_t *s, size_t n, relic_buf *out);
/* Appends the CP866 bytes of UTF-8 text; returns the byte index of the first
 * character with no CP866 form, or -1 when all converted. */
long agi_utf8_to_cp866(const char *s, size_t n, relic_buf *out);

/* The code page of a game's text (codepage.c): the row of the first
 * extension among `extensions` that has its own (AGDS: CP866), else CP437. */
typedef struct agi_codepage {
    unsigned flag;    /* AGI_EXT_* that selects the row; 0: the default */
    const char *name; /* "cp437", "cp866" */
    /* Appends the UTF-8 form of n bytes of the page to out. */
    void (*to_utf8)(const uint8_t *s, size_t n, relic_buf *out);
    /* Appends the page's bytes of UTF-8 text; the byte index of the first
     * character with no form in the page, or -1 when all converted. */
    long (*from_utf8)(const char *s, size_t n, relic_buf *out);
    /* A typed byte as the parser matches it against WORDS.TOK: lower case,
     * and in CP866 each Cyrillic letter as the Latin letter the dictionary
     * stores (codepage.c). */
    uint8_t (*fold)(uint8_t typed);
} agi_codepage;
const agi_codepage *agi_codepage_for(unsigned extensions);

/* AGI256 and AGI256-2 (agi256.c). */
#define AGI_AGI256_PIC_WIDTH 160u
#define AGI_AGI256_PIC_HEIGHT 168u
#define AGI_AGI256_PIC_SIZE (AGI_AGI256_PIC_WIDTH * AGI_AGI256_PIC_HEIGHT)
#define AGI_AGI256_VIEW_ID 0xF00Fu
/* AGI256: some picture has a raw bitmap's shape.  AGI256-2: some view has
 * the 0xF00F header id.  The evidence names the resource and the cue. */
int agi_agi256_detect(const agi_game *g, char *why, size_t why_len);
int agi_agi256_2_detect(const agi_game *g, char *why, size_t why_len);
/* The VGA default palette AGI256 games show: 6-bit levels times 4, as
 * ScummVM's PALETTE_VGA stores them. */
void agi_agi256_palette(uint8_t rgb[256 * 3]);
/* 1 when a picture payload has a raw 256-colour bitmap's shape, not vector
 * commands: a whole screen of bytes that cannot be read as a picture
 * command stream.  Whether a game's picture is one also needs the game's
 * evidence: agi_picture_form_of (agi_picture.h) decides. */
int agi_agi256_picture_is_raw(const uint8_t *data, size_t len);
/* The same, with the cue that decided in words ("" when not raw). */
int agi_agi256_picture_shape(const uint8_t *data, size_t len, char *why, size_t why_len);
/* The shape inside a game that shows AGI256 or AGI256-2: no command
 * stream, of any size (a short bitmap is finished in white). */
int agi_agi256_picture_is_raw_in_game(const uint8_t *data, size_t len);
typedef agi_picture_raw_info agi_agi256_picture_info;
/* Fills the 160x168 visual screen with palette indices; never fails on
 * data (any byte is a colour), only reports what it filled or ignored. */
int agi_agi256_picture_decode(const uint8_t *data, size_t len, uint8_t visual[AGI_AGI256_PIC_SIZE],
                              agi_agi256_picture_info *info, relic_err *err);
/* 1 when a view payload carries the 256-colour header id 0xF00F. */
int agi_agi256_view_is_256(const uint8_t *data, size_t len);
int agi_agi256_view_counts(const uint8_t *data, size_t len, unsigned *loops, relic_err *err);
int agi_agi256_loop_cels(const uint8_t *data, size_t len, unsigned loop, unsigned *cels, relic_err *err);
typedef struct agi_agi256_cel {
    unsigned width, height;
    uint8_t clear_key; /* a whole palette index */
    uint8_t *pixels;   /* width*height indices, owned */
} agi_agi256_cel;
/* Decodes one cel of a 0xF00F view; errors carry the byte offset. */
int agi_agi256_cel_decode(const uint8_t *data, size_t len, unsigned loop, unsigned cel, agi_agi256_cel *out,
                          relic_err *err);
void agi_agi256_cel_free(agi_agi256_cel *cel);

#ifdef __cplusplus
}
#endif

#endif
