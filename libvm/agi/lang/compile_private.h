/* The AGI logic compiler's lexer, shared by compile.c (parser and code
 * generation). */
#ifndef RELIC_AGI_COMPILE_PRIVATE_H
#define RELIC_AGI_COMPILE_PRIVATE_H

#include "logic_private.h"

#define AGI_LEX_MAX_INCLUDE 16
#define AGI_LEX_MAX_DEFINES 1024

typedef enum agi_tok_kind {
    AGI_TOK_END,   /* end of all input */
    AGI_TOK_IDENT, /* name (with dots), or a typed number such as v3 */
    AGI_TOK_NUMBER,
    AGI_TOK_STRING,   /* text holds CP437 bytes, zero-terminated */
    AGI_TOK_PUNCT,    /* text holds the operator: ( ) { } , ; : ! && || == ... */
    AGI_TOK_DIRECTIVE /* text holds the name after '#'; the rest of the line follows */
} agi_tok_kind;

typedef struct agi_tok {
    agi_tok_kind kind;
    char text[8192]; /* a whole message fits */
    long value;      /* NUMBER; IDENT typed number: the number, type in `type` */
    char type;       /* IDENT: v f m o i s c w for a typed number, else 0 */
    unsigned line, col;
    const char *file;
} agi_tok;

typedef struct agi_src {
    char *name;
    char *text; /* owned copy */
    size_t len, pos;
    unsigned line, col;
} agi_src;

typedef struct agi_define {
    char *name;
    char *text; /* the value token's text */
    agi_tok_kind kind;
    long value;
    char type;
} agi_define;

/* Where a token was, kept after the token is gone. */
typedef struct agi_pos {
    const char *file;
    unsigned line, col;
} agi_pos;

typedef struct agi_lex {
    const agi_compile_opts *o;
    agi_src src[AGI_LEX_MAX_INCLUDE];
    unsigned depth; /* sources open */
    char **retired; /* texts and names of finished includes */
    unsigned nretired;
    agi_define *defines;
    unsigned ndefines;
    relic_err *err;
    int failed;
    int listing; /* assembly: ';' comments, "OFFS  bytes" columns skipped */
} agi_lex;

int agi_lex_open(agi_lex *lx, const char *name, const char *text, size_t len);
void agi_lex_close(agi_lex *lx);
/* The next token, #define substitution applied; END with lx->failed on error. */
void agi_lex_next(agi_lex *lx, agi_tok *t);
/* The rest of the current line as text (for directives); consumes it. */
void agi_lex_rest_of_line(agi_lex *lx, char *out, size_t outsz);
/* Records "file:line:col: message" once; returns RELIC_EDATA. */
int agi_lex_error(agi_lex *lx, const agi_tok *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int agi_lex_error_at(agi_lex *lx, const agi_pos *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
agi_pos agi_lex_pos(const agi_tok *t);
/* Handles #define and #include; 1 when the directive was one of them. */
int agi_lex_directive(agi_lex *lx, const agi_tok *t);

#endif
