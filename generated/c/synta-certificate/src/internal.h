/*
 * internal.h - helpers shared by the files of libsynta_certificate (not installed).
 */
#ifndef SYNTA_CERTIFICATE_INTERNAL_H
#define SYNTA_CERTIFICATE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <synta/synta.h>

/* synta_sink: text written into a caller buffer, counting what does not fit. A
 * sink with |cap| 0 only counts (|buf| may be NULL). */
typedef struct synta_sink {
    char *buf;
    size_t cap;
    size_t len;
} synta_sink;

void synta_sink_init(synta_sink *s, char *buf, size_t cap);

/* The writes are inline: names are written a few octets at a time from dn.c and
 * dn_fast.c, and a call per piece cost more than the copy. */
static inline void synta_sink_put(synta_sink *s, const char *text, size_t n) {
    /* Copy what fits (keeping room for the NUL); count everything. */
    if (s->len + 1 < s->cap) {
        size_t room = s->cap - 1 - s->len;
        memcpy(s->buf + s->len, text, n < room ? n : room);
    }
    s->len += n;
}

static inline void synta_sink_puts(synta_sink *s, const char *text) { synta_sink_put(s, text, strlen(text)); }

static inline void synta_sink_putc(synta_sink *s, char c) { synta_sink_put(s, &c, 1); }
/* synta_sink_finish NUL-terminates, sets |*out_len| (may be NULL) to the full
 * length and returns 1 when everything fit. */
int synta_sink_finish(synta_sink *s, size_t *out_len);

/* synta_name_fast renders the DER Name |der| (all |len| octets) into |out| when it is
 * in the common form dn_fast.c handles, and returns 1; otherwise it writes nothing
 * and returns 0, and the general walk (synta_name_walk) must run. */
int synta_name_fast(const uint8_t *der, size_t len, synta_sink *out);
/* synta_dn_short_name: the short name RFC 4514 section 3 gives the attribute type with
 * OID contents |oid|, or NULL. */
const char *synta_dn_short_name(const uint8_t *oid, size_t n);
/* synta_utf8_valid: |s| is UTF-8 as Rust's str::from_utf8 accepts it. */
int synta_utf8_valid(const uint8_t *s, size_t len);
/* synta_dn_escape_utf8 writes checked UTF-8 (or ASCII) text with RFC 4514 escapes. */
void synta_dn_escape_utf8(synta_span s, synta_sink *out);

/* synta_next_element reads one element of any tag from |c|: |*raw| its whole
 * encoding, |*contents| a cursor over its contents. Rejects [UNIVERSAL 0]. */
int synta_next_element(synta_cbs *c, synta_span *raw, synta_cbs *contents, uint32_t *tag);

/* synta_name_walk checks the Name encoded in |cbs| (a cursor over exactly its TLV,
 * whose context gives the offsets) and, when |out| is not NULL, writes its RFC 4514
 * form there. Returns 1 or 0 (error in the cursor's context). */
int synta_name_walk(synta_cbs *cbs, synta_sink *out);

#endif /* SYNTA_CERTIFICATE_INTERNAL_H */
