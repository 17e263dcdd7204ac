/* agi-unpack's room map: rooms.json, rooms.dot and rooms.svg beside the
 * page.  A room is a logic that another logic enters with new.room (room N
 * runs logic N, agi-spec logic_bytecode.md new.room: "loads logic N") or
 * whose number has a picture; its exits are the rooms its logic can reach,
 * directly or through the logics it calls (call, call.v), logic 0 aside
 * (it runs in every room and is drawn as a room of its own).  The SVG is
 * drawn by Graphviz's dot, run in the output folder so that each node's
 * thumbnail is the room's picture by a relative path; without dot the map
 * is rooms.json and rooms.dot alone, with a warning. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "export_rooms.h"
#include "cli.h"
#include "relic/io.h"

enum { ROOMS_MAX = AGI_DIR_ENTRIES };

typedef struct rooms_map {
    uint8_t is_room[ROOMS_MAX], has_picture[ROOMS_MAX];
    uint8_t exit[ROOMS_MAX][ROOMS_MAX];
    unsigned unknown[ROOMS_MAX];
} rooms_map;

static const agi_logic_refs *rooms_refs(const unpack_page *page, unsigned n)
{
    return n < ROOMS_MAX ? page->item[AGI_LOGIC][n].refs : NULL;
}

/* Room r's exits: new.room targets of r's logic and of every logic it
 * calls, transitively (each logic visited once: linear in the calls). */
static void rooms_exits(const unpack_page *page, unsigned r, rooms_map *m)
{
    uint8_t seen[ROOMS_MAX] = {0};
    unsigned stack[ROOMS_MAX], top = 0;
    stack[top++] = r;
    seen[r] = 1;
    while (top) {
        const agi_logic_refs *refs = rooms_refs(page, stack[--top]);
        if (!refs)
            continue;
        m->unknown[r] += refs->new_room_unknown;
        for (unsigned t = 0; t < ROOMS_MAX; t++) {
            if (refs->new_room[t])
                m->exit[r][t] = 1;
            if (refs->call[t] && t != 0 && !seen[t]) {
                seen[t] = 1;
                stack[top++] = t;
            }
        }
    }
}

static void rooms_build(const char *root, const unpack_page *page, rooms_map *m)
{
    memset(m, 0, sizeof *m);
    for (unsigned n = 0; n < ROOMS_MAX; n++) {
        char path[4200];
        struct stat st;
        snprintf(path, sizeof path, "%s/pictures/pic%03u.png", root, n);
        m->has_picture[n] = stat(path, &st) == 0;
        const agi_logic_refs *refs = rooms_refs(page, n);
        if (!refs)
            continue;
        for (unsigned t = 0; t < ROOMS_MAX; t++)
            if (refs->new_room[t] && rooms_refs(page, t))
                m->is_room[t] = 1;
    }
    for (unsigned n = 0; n < ROOMS_MAX; n++)
        if (rooms_refs(page, n) && (m->has_picture[n] || n == 0))
            m->is_room[n] = 1;
    for (unsigned n = 0; n < ROOMS_MAX; n++)
        if (m->is_room[n])
            rooms_exits(page, n, m);
    int any0 = 0; /* logic 0 is a node only when it enters a room */
    for (unsigned t = 0; t < ROOMS_MAX; t++)
        any0 |= m->exit[0][t];
    if (!any0 && !m->has_picture[0])
        m->is_room[0] = 0;
}

static json_t *rooms_json(const rooms_map *m, int *oom)
{
    json_t *doc = json_object(), *rooms = json_array();
    relic_json_set(doc, "format", json_string("relic-agi-rooms"), oom);
    relic_json_set(doc, "format_version", json_integer(1), oom);
    for (unsigned n = 0; n < ROOMS_MAX; n++) {
        if (!m->is_room[n])
            continue;
        json_t *r = json_object(), *exits = json_array();
        char pic[40];
        snprintf(pic, sizeof pic, "pictures/pic%03u.png", n);
        relic_json_set(r, "room", json_integer(n), oom);
        relic_json_set(r, "picture", m->has_picture[n] ? json_string(pic) : json_null(), oom);
        for (unsigned t = 0; t < ROOMS_MAX; t++)
            if (m->exit[n][t])
                relic_json_append(exits, json_integer(t), oom);
        relic_json_set(r, "exits", exits, oom);
        relic_json_set(r, "exits_by_variable", json_integer(m->unknown[n]), oom);
        relic_json_append(rooms, r, oom);
    }
    relic_json_set(doc, "rooms", rooms, oom);
    return doc;
}

/* DOT: one node per room (its picture above its number, linking to the
 * picture on the page), one edge per exit; ids room-N and exit-N-M let the
 * browser test match the SVG with rooms.json. */
static void rooms_dot(const rooms_map *m, relic_buf *out)
{
    relic_buf_printf(out, "digraph rooms {\n  graph [rankdir=LR, bgcolor=\"transparent\", fontname=\"sans-serif\"];\n"
                          "  node [shape=box, style=\"rounded,filled\", fillcolor=\"white\", fontname=\"sans-serif\", "
                          "fontsize=11, margin=0.05];\n  edge [color=\"#1f2a44\", arrowsize=0.7];\n");
    for (unsigned n = 0; n < ROOMS_MAX; n++) {
        if (!m->is_room[n])
            continue;
        /* thumbnails at the screen's 4:3 (160x168 AGI pixels shown 320x202) */
        relic_buf_printf(out, "  r%u [id=\"room-%u\", tooltip=\"room %u\"", n, n, n);
        if (m->has_picture[n])
            relic_buf_printf(out,
                             ", URL=\"#picture-%u\", label=<<TABLE BORDER=\"0\" CELLSPACING=\"0\"><TR><TD "
                             "FIXEDSIZE=\"TRUE\" WIDTH=\"128\" HEIGHT=\"80\"><IMG SRC=\"pictures/pic%03u.png\" "
                             "SCALE=\"BOTH\"/></TD></TR><TR><TD>room %u</TD></TR></TABLE>>",
                             n, n, n);
        else
            relic_buf_printf(out, ", label=\"%s %u\"", n == 0 ? "logic" : "room", n);
        relic_buf_printf(out, "];\n");
    }
    for (unsigned n = 0; n < ROOMS_MAX; n++)
        for (unsigned t = 0; m->is_room[n] && t < ROOMS_MAX; t++)
            if (m->exit[n][t] && m->is_room[t])
                relic_buf_printf(out, "  r%u -> r%u [id=\"exit-%u-%u\"];\n", n, t, n, t);
    relic_buf_printf(out, "}\n");
}

/* Runs `dot -Tsvg rooms.dot` in root; its output into svg.  0 when it ran
 * and succeeded, -1 when dot is missing or failed. */
static int rooms_run_dot(const char *root, relic_buf *svg)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        if (chdir(root) == 0)
            execlp("dot", "dot", "-Tsvg", "rooms.dot", (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    char chunk[65536];
    ssize_t n;
    while ((n = read(fd[0], chunk, sizeof chunk)) > 0)
        relic_buf_append(svg, chunk, (size_t)n);
    close(fd[0]);
    int status = 0;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return svg->oom ? -1 : 0;
}

int unpack_rooms_write(const char *root, unsigned out_flags, unpack_page *page, relic_err *err)
{
    relic_buf *svg = &page->rooms_svg;
    rooms_map *m = malloc(sizeof *m);
    if (!m)
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    rooms_build(root, page, m);
    int oom = 0;
    json_t *doc = rooms_json(m, &oom);
    relic_buf dot = RELIC_BUF_INIT, text = RELIC_BUF_INIT;
    rooms_dot(m, &dot);
    free(m);
    char path[4200];
    snprintf(path, sizeof path, "%s/rooms.json", root);
    int rc = relic_json_check(oom, err);
    if (rc == RELIC_OK)
        rc = relic_json_encode(doc, &text, err);
    if (rc == RELIC_OK)
        rc = relic_file_write_atomic_flags(path, text.data, text.len, out_flags, err);
    snprintf(path, sizeof path, "%s/rooms.dot", root);
    if (rc == RELIC_OK && (rc = relic_buf_check(&dot, err)) == RELIC_OK)
        rc = relic_file_write_atomic_flags(path, dot.data, dot.len, out_flags, err);
    json_decref(doc);
    relic_buf_free(&dot);
    relic_buf_free(&text);
    if (rc != RELIC_OK)
        return rc;
    relic_buf_reset(svg);
    if (rooms_run_dot(root, svg) != 0) {
        cli_warn("rooms.svg not drawn: Graphviz's dot is missing or failed (make deps installs graphviz)");
        relic_buf_reset(svg);
        return RELIC_OK;
    }
    snprintf(path, sizeof path, "%s/rooms.svg", root);
    return relic_file_write_atomic_flags(path, svg->data, svg->len, out_flags, err);
}
