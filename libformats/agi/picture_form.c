/* The form of an AGI picture resource: Sierra's vector command stream
 * (agi-spec picture_resources.md) or an extension's raw bitmap (AGI256 and
 * AGI256-2, agi256.c, from ScummVM engines/agi picture.cpp
 * drawPictureAGI256).  One row per form, tried in order; the vector form
 * is the last, taken when no raw form fits.  A raw form needs two things:
 * the game's data shows one of its extensions (agi_extensions_detect), and
 * the payload has its shape.  The extension alone is not enough (an
 * AGI256 game keeps vector pictures beside its bitmaps), nor the shape
 * alone inside a game (a Sierra game's picture is vector whatever its
 * bytes); only a payload read without its game is judged by its shape
 * alone, and then more strictly (a whole screen of bytes).
 * AGI256 and AGI256-2 share the one bitmap form (ScummVM reads both with
 * the same decodePicture path), so one row serves the two extensions. */
#include <stddef.h>
#include "relic/agi_ext.h"
#include "relic/agi_picture.h"
#include "relic/core.h"

typedef struct agi_picture_form_row {
    agi_picture_form form; /* form.extension: a game showing any of these flags */
    /* 1 when a payload read without its game has the form's shape: the
     * shape is then all the evidence. */
    int (*has_shape)(const uint8_t *data, size_t len);
    /* 1 when a payload of a game that shows the form's extension has it. */
    int (*has_shape_in_game)(const uint8_t *data, size_t len);
} agi_picture_form_row;

static const agi_picture_form_row agi_picture_raw_forms[] = {
    {{AGI_PICTURE_FORM_AGI256, "agi256", AGI_EXT_VGA256, 256, agi_agi256_picture_decode, agi_agi256_palette},
     agi_agi256_picture_is_raw,
     agi_agi256_picture_is_raw_in_game},
};

static const agi_picture_form agi_picture_vector = {AGI_PICTURE_FORM_VECTOR, "vector", 0, 16, NULL, NULL};

const agi_picture_form *agi_picture_form_of(const uint8_t *data, size_t len, const unsigned *extensions)
{
    for (size_t i = 0; i < RELIC_COUNTOF(agi_picture_raw_forms); i++) {
        const agi_picture_form_row *r = &agi_picture_raw_forms[i];
        int fits =
            extensions ? (*extensions & r->form.extension) && r->has_shape_in_game(data, len) : r->has_shape(data, len);
        if (fits)
            return &r->form;
    }
    return &agi_picture_vector;
}
