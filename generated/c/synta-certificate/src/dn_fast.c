/*
 * dn_fast.c - the fast path of RFC 4514 rendering, as name/fast.rs in the Rust
 * crate: names with one attribute per RDN, one-octet tags, minimal definite lengths
 * of at most two octets, and values in PrintableString, IA5String or UTF8String.
 *
 * The DER bytes are walked directly, checking what the general walk of dn.c checks
 * (tags, minimal lengths, bounds, OID sub-identifiers, alphabets). At the first thing
 * outside that subset, valid or not, it gives up and the general walk runs, which
 * renders the rare forms and reports every error. So this path never decides that a
 * name is invalid, and what it writes is what the general walk would write.
 */
#include <string.h>

#include "internal.h"

/* One element at |p|, within [p, end): the identifier octet, and the contents. */
static int element(const uint8_t *p, const uint8_t *end, uint8_t *tag, const uint8_t **body,
                   const uint8_t **body_end) {
    size_t avail = (size_t)(end - p), len, header;
    if (avail < 2) return 0;
    if (p[1] < 0x80) {
        len = p[1];
        header = 2;
    } else if (p[1] == 0x81 && avail >= 3 && p[2] >= 0x80) {
        /* Long forms only where the short form cannot say it (X.690 10.1). */
        len = p[2];
        header = 3;
    } else if (p[1] == 0x82 && avail >= 4 && p[2] != 0) {
        len = ((size_t)p[2] << 8) | p[3];
        header = 4;
    } else {
        return 0;
    }
    if (len > avail - header) return 0;
    *tag = p[0];
    *body = p + header;
    *body_end = p + header + len;
    return 1;
}

enum { TAG_UTF8 = 0x0c, TAG_PRINTABLE = 0x13, TAG_IA5 = 0x16, MAX_RDNS = 32 };

/* Bits of char_class(): in the PrintableString alphabet; escaped anywhere. */
enum { PRINTABLE = 1, SPECIAL = 2 };

/* PRINTABLE | SPECIAL for each ASCII octet (one lookup per octet, as the Rust walker's
 * CLASS table): PRINTABLE is the PrintableString alphabet, SPECIAL what RFC 4514 2.4
 * escapes anywhere in a value. The differential tests compare what it renders with
 * the Rust walker. */
static const uint8_t CHAR_CLASS[128] = {
    2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 0, 2, 0, 0, 0, 0, 1, 1, 1, 0, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 2, 1,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 2, 0, 0, 0,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
};

static unsigned char_class(uint8_t b) { return b < 0x80 ? CHAR_CLASS[b] : 0; }

static int oid_ok(const uint8_t *p, size_t n) {
    size_t i;
    int start = 1;
    if (n == 0) return 0;
    for (i = 0; i < n; i++) {
        if (start && p[i] == 0x80) return 0;
        start = (p[i] & 0x80) == 0;
    }
    return start;
}

const char *synta_dn_short_name(const uint8_t *oid, size_t n) {
    static const uint8_t DC[] = {0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x19};
    static const uint8_t UID[] = {0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x01};
    if (n == 3 && oid[0] == 0x55 && oid[1] == 0x04) {
        /* id-at (2.5.4) */
        switch (oid[2]) {
            case 0x03:
                return "CN";
            case 0x06:
                return "C";
            case 0x07:
                return "L";
            case 0x08:
                return "ST";
            case 0x09:
                return "STREET";
            case 0x0a:
                return "O";
            case 0x0b:
                return "OU";
            default:
                return NULL;
        }
    }
    if (n == sizeof DC && memcmp(oid, DC, n) == 0) return "DC";
    if (n == sizeof UID && memcmp(oid, UID, n) == 0) return "UID";
    return NULL;
}

static int attribute_type(const uint8_t *oid, size_t n, synta_sink *out) {
    const char *name;
    char dotted[256];
    size_t len;
    if (!oid_ok(oid, n)) return 0;
    name = synta_dn_short_name(oid, n);
    if (name != NULL) {
        synta_sink_puts(out, name);
        return 1;
    }
    len = synta_oid_format((synta_span){oid, n}, 0, dotted, sizeof dotted);
    if (len == 0 || len >= sizeof dotted) return 0;
    synta_sink_put(out, dotted, len);
    return 1;
}

static int attribute_value(uint8_t tag, const uint8_t *v, size_t n, synta_sink *out) {
    unsigned any = 0, all = PRINTABLE;
    int ascii = 1, edge;
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned c = char_class(v[i]);
        ascii &= v[i] < 0x80;
        any |= c;
        all &= c;
    }
    switch (tag) {
        case TAG_PRINTABLE:
            if (!ascii || all != PRINTABLE) return 0;
            break;
        case TAG_IA5:
            if (!ascii) return 0;
            break;
        case TAG_UTF8:
            /* Non-ASCII text is checked here; its escapes are all ASCII, found below. */
            if (!ascii && !synta_utf8_valid(v, n)) return 0;
            break;
        default:
            return 0;
    }
    edge = n > 0 && (v[0] == '#' || v[0] == ' ' || v[n - 1] == ' ');
    if (ascii && (any & SPECIAL) == 0 && !edge) {
        synta_sink_put(out, (const char *)v, n);
    } else {
        synta_dn_escape_utf8((synta_span){v, n}, out);
    }
    return 1;
}

int synta_name_fast(const uint8_t *der, size_t len, synta_sink *out) {
    const uint8_t *end = der + len, *p, *seq_end, *rdns[MAX_RDNS], *rdn_ends[MAX_RDNS];
    size_t count = 0, i, mark = out->len;
    uint8_t tag;
    if (!element(der, end, &tag, &p, &seq_end) || tag != 0x30 || seq_end != end) return 0;
    /* RDNs are written last first, so their positions are collected first. */
    while (p < end) {
        const uint8_t *body, *body_end;
        if (count == MAX_RDNS || !element(p, end, &tag, &body, &body_end) || tag != 0x31) return 0;
        rdns[count] = body;
        rdn_ends[count] = body_end;
        count++;
        p = body_end;
    }
    for (i = count; i-- > 0;) {
        const uint8_t *atv, *atv_end, *oid, *oid_end, *value, *value_end;
        uint8_t value_tag;
        /* Exactly one AttributeTypeAndValue filling the SET (multi-valued RDNs, with
         * their SET OF order check, take the general walk). */
        if (!element(rdns[i], rdn_ends[i], &tag, &atv, &atv_end) || tag != 0x30 || atv_end != rdn_ends[i] ||
            !element(atv, atv_end, &tag, &oid, &oid_end) || tag != 0x06 ||
            !element(oid_end, atv_end, &value_tag, &value, &value_end) || value_end != atv_end) {
            break;
        }
        if (i + 1 < count) synta_sink_putc(out, ',');
        if (!attribute_type(oid, (size_t)(oid_end - oid), out)) break;
        synta_sink_putc(out, '=');
        if (!attribute_value(value_tag, value, (size_t)(value_end - value), out)) break;
        if (i == 0) return 1;
    }
    if (count == 0) return 1;
    out->len = mark; /* gave up: what was written is dropped */
    return 0;
}
