/* Crash EIDs (cbhacks wiki "Entry"; character set and packing as listed by
 * cbhacks/CrashEdit Crash/Formats/Crash Formats/Base/Entry/Entry.cs): five
 * characters, first character in bits 25..30, last in bits 1..6, bit 0
 * always set and bit 31 clear. */
#include <string.h>
#include "relic/nsf.h"

static const char nsf_eid_chars[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_!";

int nsf_eid_valid(uint32_t eid) { return (eid & 1u) && !(eid & 0x80000000u); }

void nsf_eid_name(uint32_t eid, char out[6])
{
    for (int i = 0; i < 5; i++)
        out[i] = nsf_eid_chars[(eid >> (25 - 6 * i)) & 0x3F];
    out[5] = '\0';
}

int nsf_eid_parse(const char *name, uint32_t *eid, relic_err *err)
{
    if (!name || strlen(name) != 5)
        return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "an entry name has 5 characters: '%s'",
                             name ? name : "");
    uint32_t v = 1;
    for (int i = 0; i < 5; i++) {
        const char *p = name[i] ? strchr(nsf_eid_chars, name[i]) : NULL;
        if (!p)
            return relic_err_set(err, RELIC_EUSAGE, RELIC_NO_OFFSET, "'%s': entry names use only 0-9 a-z A-Z _ !",
                                 name);
        v |= (uint32_t)(p - nsf_eid_chars) << (25 - 6 * i);
    }
    *eid = v;
    return RELIC_OK;
}
