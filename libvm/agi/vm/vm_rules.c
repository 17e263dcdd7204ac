/* The interpreter's runtime rules, one row per agi_profile row (agi-spec
 * version_profiles.md per-profile sections, conformance_matrix.md "Profile
 * variants"; the field comments in vm_rules.h cite the rule sections).
 * String slots: input_text_and_menus.md "String slots" (6 before 2.411). */
#include <string.h>
#include "relic/agi_ext.h"
#include "relic/agi_vm.h"
#include "vm_rules.h"

#define AGI_RULES_3002149 \
    .first_cycle_f11 = 1, .string_slots = 12, .loop4 = AGI_LOOP4_F20, .hold_key_sets_one = 1, .input_width_noop = 1

// clang-format off
static const agi_vm_rules agi_vm_rules_table[] = {
    {.profile = "2.089", .string_slots = 6, .loop_select_every_pass = 1, .loop4 = AGI_LOOP4_EXACT,
     .draw_early_unsorted = 1, .show_pic_keeps_window = 1, .distance_wraps = 1, .move_defers_first = 1,
     .motion_clear_early = 1, .said_exact_count = 1, .inventory_ack_only = 1, .position_removes_image = 1},
    {.profile = "2.230", .string_slots = 6, .loop_select_every_pass = 1, .loop4 = AGI_LOOP4_EXACT,
     .show_pic_keeps_window = 1, .distance_wraps = 1, .move_defers_first = 1, .motion_clear_early = 1,
     .inventory_ack_only = 1},
    {.profile = "2.272", .string_slots = 6, .loop_select_every_pass = 1, .loop4 = AGI_LOOP4_EXACT,
     .show_pic_keeps_window = 1, .distance_wraps = 1, .move_defers_first = 1, .menu_parse_only = 1,
     .inventory_ack_only = 1},
    {.profile = "2.411", .string_slots = 12, .loop4 = AGI_LOOP4_EXACT, .restart_always_prompts = 1},
    {.profile = "2.440", .string_slots = 12, .loop4 = AGI_LOOP4_EXACT},
    {.profile = "2.917", .string_slots = 12, .loop4 = AGI_LOOP4_EXACT},
    {.profile = "2.936", .string_slots = 12, .loop4 = AGI_LOOP4_AT_LEAST, .draw_marks_repositioned = 1,
     .restart_hides_cursor = 1, .savedlg_hides_cursor = 1, .get_priority_stored = 1},
    {.profile = "3.002.086", .first_cycle_f11 = 1, .string_slots = 12, .loop4 = AGI_LOOP4_AT_LEAST,
     .left_zero_boundary = 1},
    {.profile = "3.002.102", .first_cycle_f11 = 1, .string_slots = 12, .loop4 = AGI_LOOP4_F20, .hold_key_sets_one = 1,
     .window_close_clears_width = 1},
    {.profile = "3.002.149", AGI_RULES_3002149},
    /* version_profiles.md "AGI 3.002.149 profile": the Gold Rush build */
    {.profile = "3.002.149-gr", AGI_RULES_3002149, .room_alias_first = 0x7e, .room_alias_last = 0x80,
     .room_alias_to = 0x49},
};
// clang-format on

const agi_vm_rules *agi_vm_rules_for(const agi_profile *p)
{
    const agi_vm_rules *base = NULL;
    for (size_t i = 0; i < sizeof agi_vm_rules_table / sizeof agi_vm_rules_table[0]; i++) {
        if (p && p->name && strcmp(agi_vm_rules_table[i].profile, p->name) == 0)
            return &agi_vm_rules_table[i];
        if (strcmp(agi_vm_rules_table[i].profile, "2.936") == 0)
            base = &agi_vm_rules_table[i];
    }
    return base;
}

/* AGI256 and AGI256-2 (facts from ScummVM engines/agi, read, not copied;
 * libformats agi256.c cites the rest): the AGI256 interpreter gave opcode
 * 170 (0xaa, set.simple in Sierra's table) a new meaning, and AGI256-2,
 * built on it, kept it.  ScummVM's op_cmd.cpp cmdAgi256LoadPic (current
 * master; the opcode table installs it for GF_AGI256 games) loads picture
 * v[p0], erases the sprites, draws the picture with decodePicture(nr,
 * false, true): no clear, picture.cpp drawPictureAGI256 fills only the
 * visual plane, row by row; then redraws the sprites and leaves the
 * picture unshown (pictureShown false) for the game's show.pic.  Older
 * ScummVM (cmdSetSimple under GF_AGI256 | GF_AGI256_2, both alike) also
 * showed it at once; relic follows master.  Only AGI256-2 reads 0xF00F
 * views as 256-colour cels (the ScummVM wiki's AGI256-2 section: a
 * "modified cel blitting routine"; view.cpp decodeView "AGI 256-2 view",
 * sprites: a whole byte per pixel, no run lengths, no mirroring); AGI256's
 * blitter is Sierra's. */
/* AGDS: the text is CP866 (agds.c); ScummVM draws a Russian game's bytes
 * from 0x80 with Cyrillic glyphs everywhere (engines/agi/font.cpp,
 * GfxFont::overwriteExtendedWithRussianSet for RU_RUS games, Groza the AGDS
 * sample among them; read, not copied), as a DOS machine with a Russian
 * display driver draws them; relic uses its own drawing of those letters
 * (vm_font.c) unless pic-render --cyrillic-font gives one. */
// clang-format off
static const agi_vm_ext_rules agi_vm_ext_rules_table[] = {
    {.flag = AGI_EXT_AGI256, .raw_picture_op = 0xaa},
    {.flag = AGI_EXT_AGI256_2, .raw_picture_op = 0xaa, .wide_views = 1},
    {.flag = AGI_EXT_AGDS, .upper_glyphs = agi_vm_font_cp866},
};
// clang-format on

agi_vm_ext_rules agi_vm_ext_rules_for(unsigned extensions)
{
    agi_vm_ext_rules r = {0, 0, 0, NULL};
    for (size_t i = 0; i < sizeof agi_vm_ext_rules_table / sizeof agi_vm_ext_rules_table[0]; i++) {
        const agi_vm_ext_rules *t = &agi_vm_ext_rules_table[i];
        if (!(extensions & t->flag))
            continue;
        r.flag |= t->flag;
        if (!r.raw_picture_op)
            r.raw_picture_op = t->raw_picture_op;
        r.wide_views |= t->wide_views;
        if (!r.upper_glyphs)
            r.upper_glyphs = t->upper_glyphs;
    }
    return r;
}
