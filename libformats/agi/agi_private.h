/* Internal helpers shared by the AGI container files. */
#ifndef RELIC_AGI_PRIVATE_H
#define RELIC_AGI_PRIVATE_H

#include "relic/agi.h"
#include "relic/cursor.h"

/* The repeating XOR key of OBJECT files and logic message text
 * (resource_containers.md "Inventory metadata file", logic_bytecode.md). */
#define AGI_XOR_KEY "Avis Durgan"
#define AGI_XOR_KEY_LEN 11

void agi_dir_entry_decode(const uint8_t b[3], agi_dir_entry *e);
void agi_dir_entry_write(const agi_dir_entry *e, relic_buf *out);
void agi_dir_write_v2(const agi_dir *dir, relic_buf *out);
void agi_dir_write_v3(const agi_dir dirs[AGI_KIND_COUNT], relic_buf *out);
/* Both record forms start with magic 12 34 and a volume byte: a cursor
 * after those three bytes, and the shared header checks. */
relic_cur agi_record_begin(const uint8_t *vol, size_t vol_len, uint32_t offset, agi_record *rec, uint8_t magic[2]);
int agi_record_check(const relic_cur *c, const uint8_t magic[2], uint32_t offset, relic_err *err);
int agi_record_header_v2(const uint8_t *vol, size_t vol_len, uint32_t offset, unsigned volume,
                         agi_record *rec, relic_err *err);
int agi_record_header_v3(const uint8_t *vol, size_t vol_len, uint32_t offset, unsigned volume,
                         agi_record *rec, relic_err *err);
void agi_xor(uint8_t *p, size_t n);

#endif
