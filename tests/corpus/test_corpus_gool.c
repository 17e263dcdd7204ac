/* Corpus tests over real compiled GOOL entries ($RELIC_CORPUS/gool/<set>/
 * *.nsentry, bare entries): every entry decodes and re-encodes byte for
 * byte, disassembles with no unknown opcode or invalid operand class, and
 * its listing assembles back to the same bytes.  Without RELIC_CORPUS the
 * test skips with a reason; under CI=true it is required. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "relic/gool.h"
#include "relic/gool_dis.h"
#include "relic/gool_vm.h"
#include "relic/io.h"
#include "support.h"

/* Every state of the entry runs 120 frames with the engine answering 0;
 * the only stop allowed is a division by zero on those zeroed answers. */
static void corpus_run(const char *path, const gool_entry *g, size_t *ran, size_t *divzero)
{
    gool_vm *vm = gool_vm_new(&(gool_vm_config){.max_steps = 2000000});
    assert_non_null(vm);
    for (size_t s = 0; s < g->state_count; s++) {
        relic_err err;
        relic_err_clear(&err);
        int rc = gool_vm_init(vm, g, (unsigned)s, 1, &err);
        for (int f = 0; f < 120 && !rc; f++)
            rc = gool_vm_frame(vm, &err);
        if (rc && !strstr(err.msg, "division by zero"))
            fail_msg("%s: state %zu: %s", path, s, err.msg);
        *(rc ? divzero : ran) += 1;
    }
    gool_vm_free(vm);
}

/* The rules disgool gets wrong, as the engine reads them (wurlyfox/c1
 * gool.c): PAD's low 12 bits print as the button mask in hex, and every
 * fraction operand (class 0xA00) prints sext8 << 4 over 256, negative ones
 * with their own sign (disgool: -1.0625 for 0xAFF, which is -0.0625). */
static void corpus_engine_rules(const char *path, const gool_entry *g, size_t *pads, size_t *fracs)
{
    gool_ctx cx = {GOOL_GAME_C1, NULL, 0, 0, g->code_len, NULL, 0};
    for (size_t pc = 0; pc < g->code_len; pc++) {
        const gool_opdesc *d;
        uint32_t w = g->code[pc];
        if (gool_isa_decode(GOOL_GAME_C1, w, &d) == GOOL_OP_NONE)
            continue;
        gool_dis_insn in;
        gool_dis_insn_text(&cx, w, pc, &in);
        char want[32];
        if (d->id == GOOL_OP_PAD) {
            snprintf(want, sizeof want, "0x%03x,", (unsigned)(w & 0xFFF));
            if (strncmp(in.operands, want, strlen(want)) != 0)
                fail_msg("%s word %zu: PAD '%s', want the mask %s", path, pc, in.operands, want);
            *pads += 1;
        }
        for (unsigned k = 0; k < d->fmt->count; k++) {
            const gool_field *f = &d->fmt->f[k];
            unsigned v = gool_field_get(w, f);
            if ((f->kind != GOOL_FK_REF && f->kind != GOOL_FK_DST) || gool_operand_class(v) != GOOL_OC_FRAC)
                continue;
            int n = gool_operand_imm(v) / 16; /* sixteenths */
            snprintf(want, sizeof want, "#%s%d.%04d", n < 0 ? "-" : "", abs(n) / 16, abs(n) % 16 * 625);
            if (!strstr(in.operands, want))
                fail_msg("%s word %zu: '%s' lacks %s", path, pc, in.operands, want);
            *fracs += 1;
        }
    }
}

static void corpus_entry(const char *path, size_t *entries, size_t *words, size_t *ran, size_t *divzero, size_t *rules)
{
    relic_buf f = RELIC_BUF_INIT, re = RELIC_BUF_INIT, text = RELIC_BUF_INIT, re2 = RELIC_BUF_INIT;
    relic_err err;
    relic_err_clear(&err);
    if (relic_file_read(path, &f, &err))
        fail_msg("%s: %s", path, err.msg);
    gool_entry g, back;
    if (gool_entry_decode(f.data, f.len, 0, &g, &err))
        fail_msg("%s: %s (offset 0x%zx)", path, err.msg, err.offset);
    assert_int_equal(gool_entry_encode(&g, &re, &err), RELIC_OK);
    if (re.len != f.len || memcmp(re.data, f.data, f.len))
        fail_msg("%s: entry does not re-encode byte for byte", path);
    gool_dis_stats st;
    assert_int_equal(gool_disasm(&g, GOOL_GAME_AUTO, &text, &st, &err), RELIC_OK);
    if (st.unknown || st.invalid)
        fail_msg("%s: %zu unknown opcodes, %zu invalid operands", path, st.unknown, st.invalid);
    if (gool_asm((const char *)text.data, text.len, &back, &err))
        fail_msg("%s: listing does not assemble: %s", path, err.msg);
    assert_int_equal(gool_entry_encode(&back, &re2, &err), RELIC_OK);
    if (re2.len != f.len || memcmp(re2.data, f.data, f.len))
        fail_msg("%s: assemble(disassemble(e)) differs from e", path);
    *entries += 1;
    *words += st.insns;
    corpus_run(path, &g, ran, divzero);
    corpus_engine_rules(path, &g, &rules[0], &rules[1]);
    gool_entry_free(&g);
    gool_entry_free(&back);
    relic_buf_free(&f);
    relic_buf_free(&re);
    relic_buf_free(&re2);
    relic_buf_free(&text);
}

static void test_corpus_gool_entries(void **state)
{
    (void)state;
    char dir[1024];
    test_corpus_require("gool", "gool", dir, sizeof dir);
    DIR *d = opendir(dir);
    if (!d)
        fail_msg("%s: cannot open", dir);
    size_t entries = 0, words = 0, ran = 0, divzero = 0, rules[2] = {0, 0};
    struct dirent *de;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        char sub[2048];
        snprintf(sub, sizeof sub, "%s/%s", dir, de->d_name);
        DIR *s = opendir(sub);
        if (!s)
            continue;
        struct dirent *fe;
        while ((fe = readdir(s))) {
            size_t l = strlen(fe->d_name);
            if (l < 9 || strcmp(fe->d_name + l - 8, ".nsentry") != 0)
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", sub, fe->d_name);
            corpus_entry(path, &entries, &words, &ran, &divzero, rules);
        }
        closedir(s);
    }
    closedir(d);
    print_message("# gool corpus: %zu entries, %zu code words, all round trip; %zu states ran 120 frames, "
                  "%zu stopped on a division by zero\n",
                  entries, words, ran, divzero);
    print_message("# gool corpus: %zu PAD button masks and %zu fraction operands print as the engine reads them\n",
                  rules[0], rules[1]);
    assert_true(entries > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_gool_entries),
    };
    return cmocka_run_group_tests_name("corpus_gool", tests, NULL, NULL);
}
