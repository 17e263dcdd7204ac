/* SOUP386 opcode descriptors from the SOUP_OPCODES X-macro (soup.h) and
 * the naming context shared by the disassembler, assembler and VM.  Opcode
 * values and the modes each may appear in follow the relic SOUP seed's
 * "Opcode Table" and "Operand Encoding" (native parameters are numeric,
 * flag, local variable, string or object-property operands only). */
#include <stdlib.h>
#include <string.h>
#include "relic/soup.h"

typedef struct soup_opdesc {
    const char *name;
    const char *use;
} soup_opdesc;

static const soup_opdesc soup_ops[256] = {
#define SOUP_X_DESC(v, e, n, u) [v] = {n, u},
    SOUP_OPCODES(SOUP_X_DESC)
#undef SOUP_X_DESC
};

const char *soup_opcode_name(uint8_t op) { return soup_ops[op].name; }

int soup_opcode_allowed(uint8_t op, soup_mode mode)
{
    const char *u = soup_ops[op].use;
    if (!u)
        return 0;
    char want = mode == SOUP_MAIN ? 'S' : mode == SOUP_PARAM ? 'P' : 'V';
    return strchr(u, want) != NULL;
}

int soup_ctx_init(soup_ctx *ctx, const soup_def *def, relic_err *err)
{
    memset(ctx, 0, sizeof *ctx);
    if (def) {
        ctx->def = def;
        return RELIC_OK;
    }
    int rc = soup_def_builtin(&ctx->own_def, err);
    if (rc)
        return rc;
    ctx->own = 1;
    ctx->def = &ctx->own_def;
    return RELIC_OK;
}

int soup_ctx_from_map(soup_ctx *ctx, const rgm_map *m, const rgm_actor *a, const soup_def *def)
{
    int rc = soup_ctx_init(ctx, def, NULL);
    if (rc)
        return rc;
    if (a->num_strings && a->num_strings <= 65536) {
        ctx->strings = calloc(a->num_strings, sizeof *ctx->strings);
        if (!ctx->strings)
            return RELIC_ENOMEM;
        ctx->nstrings = a->num_strings;
        ctx->own_strings = 1;
        for (uint32_t i = 0; i < a->num_strings; i++)
            if (rgm_actor_string(m, a, i, &ctx->strings[i], NULL))
                ctx->strings[i] = NULL;
    }
    return RELIC_OK;
}

void soup_ctx_free(soup_ctx *ctx)
{
    if (ctx->own)
        soup_def_free(&ctx->own_def);
    if (ctx->own_strings)
        free((void *)ctx->strings);
    memset(ctx, 0, sizeof *ctx);
}
