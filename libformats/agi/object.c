/* AGI OBJECT file, the inventory metadata (agi-spec resource_containers.md,
 * "Inventory metadata file"): item_table_size:u16le, maximum drawable
 * object index:u8, then item entries (name offset:u16le, location:u8) and
 * a pool of zero-terminated names; offsets count from the byte after the
 * three-byte header.  Early profiles store it plain, later ones XOR it with
 * "Avis Durgan".  Real games do not always follow their profile (a 2.936
 * fan game ships it plain), so the form is chosen by consistency, with the
 * profile only breaking ties. */
#include <stdlib.h>
#include <string.h>
#include "relic/agi.h"
#include "relic/core.h"
#include "agi_private.h"

/* 0 when the decoded bytes form a consistent OBJECT file, else fills err. */
static int agi_objects_consistent(const uint8_t *d, size_t len, relic_err *err)
{
    if (len < 3)
        return relic_err_set(err, RELIC_EDATA, 0, "OBJECT shorter than its 3-byte header");
    size_t table = (size_t)relic_rd_le16(d);
    if (table % 3 != 0)
        return relic_err_set(err, RELIC_EDATA, 0, "item table size %zu is not a multiple of 3", table);
    if (table > len - 3)
        return relic_err_set(err, RELIC_EDATA, 0, "item table size %zu runs past the end of the file", table);
    for (size_t i = 0; i < table; i += 3) {
        size_t name = (size_t)relic_rd_le16(d + 3 + i);
        if (name < table || name >= len - 3)
            return relic_err_set(err, RELIC_EDATA, 3 + i, "item %zu name offset 0x%zx outside the name pool", i / 3,
                                 name);
        if (!memchr(d + 3 + name, 0, len - 3 - name))
            return relic_err_set(err, RELIC_EDATA, 3 + name, "item %zu name is not terminated", i / 3);
    }
    return RELIC_OK;
}

int agi_objects_decode(const uint8_t *data, size_t len, int prefer_xor, agi_objects *out, relic_err *err)
{
    memset(out, 0, sizeof *out);
    uint8_t *plain = relic_alloc_array(len, 1), *keyed = relic_alloc_array(len, 1);
    if (!plain || !keyed) {
        free(plain);
        free(keyed);
        return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
    }
    memcpy(plain, data, len);
    memcpy(keyed, data, len);
    /* ScummVM's AgiEngine::decrypt, which reads OBJECT too, keys an AGDS
     * game's text with the clone's key. */
    int key = prefer_xor == AGI_MSG_KEY_AGDS ? AGI_MSG_KEY_AGDS : AGI_MSG_KEY_SIERRA;
    agi_xor_with(keyed, len, key == AGI_MSG_KEY_AGDS ? AGI_XOR_KEY_AGDS : AGI_XOR_KEY);
    relic_err plain_err, keyed_err;
    relic_err_clear(&plain_err);
    relic_err_clear(&keyed_err);
    int plain_ok = agi_objects_consistent(plain, len, &plain_err) == RELIC_OK;
    int keyed_ok = agi_objects_consistent(keyed, len, &keyed_err) == RELIC_OK;
    /* A placeholder stub (agi_file_is_stub) reads as no items, as ScummVM's
     * decodeObjects reads groza's: its first offset over 3 is 256 or more,
     * so it keeps no objects without an error ("AGDS game needs not to
     * die to work", engines/agi/objects.cpp); no logic of groza asks for
     * an item (has, get, drop, put, obj.in.room, status). */
    if (!plain_ok && !keyed_ok && agi_file_is_stub(data, len)) {
        free(plain);
        free(keyed);
        out->placeholder = 1;
        return RELIC_OK;
    }
    if (!plain_ok && !keyed_ok) {
        const relic_err *e = prefer_xor == 0 ? &plain_err : &keyed_err;
        relic_err_set(err, RELIC_EDATA, e->offset, "%s (tried plain and XOR forms)", e->msg);
        free(plain);
        free(keyed);
        return RELIC_EDATA;
    }
    out->xor_key = keyed_ok && (!plain_ok || prefer_xor != 0) ? key : AGI_MSG_PLAIN;
    out->raw = out->xor_key ? keyed : plain;
    out->raw_len = len;
    free(out->xor_key ? plain : keyed);
    const uint8_t *d = out->raw;
    out->max_object = d[2];
    out->count = (unsigned)(relic_rd_le16(d) / 3);
    out->items = relic_calloc_array(out->count, sizeof *out->items);
    if (!out->items)
        goto oom;
    for (unsigned i = 0; i < out->count; i++) {
        const uint8_t *e = d + 3 + 3 * (size_t)i;
        out->items[i].name_offset = relic_rd_le16(e);
        out->items[i].location = e[2];
        if (!(out->items[i].name = strdup((const char *)d + 3 + out->items[i].name_offset)))
            goto oom;
    }
    return RELIC_OK;
oom:
    agi_objects_free(out);
    return relic_err_set(err, RELIC_ENOMEM, RELIC_NO_OFFSET, "out of memory");
}

void agi_objects_free(agi_objects *o)
{
    if (o->items)
        for (unsigned i = 0; i < o->count; i++)
            free(o->items[i].name);
    free(o->items);
    free(o->raw);
    memset(o, 0, sizeof *o);
}

int agi_objects_encode(const agi_objects *o, int share_names, relic_buf *out, relic_err *err)
{
    size_t start = out->len;
    size_t table = 3 * (size_t)o->count;
    if (table > 0xffff)
        return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET, "%u items do not fit a 16-bit item table", o->count);
    relic_buf_le16(out, (uint16_t)table);
    relic_buf_u8(out, o->max_object);
    relic_buf_zeros(out, table);
    for (unsigned i = 0; i < o->count; i++) {
        size_t name_off = out->len - start - 3;
        if (share_names)
            for (unsigned j = 0; j < i; j++)
                if (strcmp(o->items[j].name, o->items[i].name) == 0) {
                    size_t e = start + 3 + 3 * (size_t)j;
                    name_off = out->oom ? 0 : (size_t)relic_rd_le16(out->data + e);
                    break;
                }
        if (name_off > 0xffff) {
            out->len = start;
            return relic_err_set(err, RELIC_EDATA, RELIC_NO_OFFSET,
                                 "item %u name starts past 64 KiB, beyond a 16-bit name offset", i);
        }
        if (name_off == out->len - start - 3)
            relic_buf_append(out, o->items[i].name, strlen(o->items[i].name) + 1);
        relic_buf_put_le16(out, start + 3 + 3 * (size_t)i, (uint16_t)name_off);
        if (!out->oom)
            out->data[start + 5 + 3 * (size_t)i] = o->items[i].location;
    }
    if (o->xor_key && !out->oom)
        agi_xor_with(out->data + start, out->len - start,
                     o->xor_key == AGI_MSG_KEY_AGDS ? AGI_XOR_KEY_AGDS : AGI_XOR_KEY);
    return relic_buf_check(out, err);
}
