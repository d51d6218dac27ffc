/*
 * dn.c - distinguished names as RFC 4514 strings, byte-identical to the Rust
 * generated/rust/synta-certificate/src/name.rs: the encoding is walked with the
 * runtime's cursor (no decoded tree, no allocation), once to check it and count
 * the RDNs, then once more to write them last first.
 */
#include <string.h>

#include <synta/certificate.h>

#include "internal.h"

/* ------------------------------------------------------------------ sink */

void synta_sink_init(synta_sink *s, char *buf, size_t cap) {
    s->buf = buf;
    s->cap = buf == NULL ? 0 : cap;
    s->len = 0;
}

int synta_sink_finish(synta_sink *s, size_t *out_len) {
    if (out_len != NULL) *out_len = s->len;
    if (s->cap == 0) return 0;
    s->buf[s->len < s->cap ? s->len : s->cap - 1] = '\0';
    return s->len < s->cap;
}

/* ---------------------------------------------------------- attribute types */

static int attribute_type(const synta_cbs *c, synta_span oid, size_t offset, synta_sink *out) {
    char dotted[1024];
    size_t n;
    const char *name = synta_dn_short_name(oid.data, oid.len);
    if (name != NULL) {
        synta_sink_puts(out, name);
        return 1;
    }
    n = synta_oid_format(oid, 0, dotted, sizeof dotted);
    if (n == 0) return synta_cbs_fail(c, SYNTA_ERR_INVALID_VALUE, offset, "invalid OBJECT IDENTIFIER");
    if (n >= sizeof dotted)
        return synta_cbs_fail(c, SYNTA_ERR_UNSUPPORTED, offset, "attribute type too long");
    synta_sink_put(out, dotted, n);
    return 1;
}

/* ------------------------------------------------------------- string values */

/* How the contents of a string type turn into code points. */
typedef enum text_kind {
    TEXT_NONE = 0, /* not text: written as #hex */
    TEXT_UTF8,
    TEXT_OCTETS, /* one octet per code point (ASCII types after their check, Teletex) */
    TEXT_BMP,
    TEXT_UNIVERSAL
} text_kind;

/* PrintableString: A-Z a-z 0-9 space ' ( ) + , - . / : = ? */
static int printable(uint8_t b) {
    if ((b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9')) return 1;
    return b != 0 && strchr(" '()+,-./:=?", (int)b) != NULL;
}

/* Reads one UTF-8 sequence at |s[*pos]| as Rust's str::from_utf8 accepts it (no
 * overlong forms, no surrogates, at most U+10FFFF). */
static int utf8_next(const uint8_t *s, size_t len, size_t *pos, uint32_t *cp) {
    size_t i = *pos, n, k;
    uint8_t b = s[i];
    uint32_t v, min;
    if (b < 0x80) {
        *cp = b;
        *pos = i + 1;
        return 1;
    }
    if (b >= 0xC2 && b <= 0xDF) {
        n = 1;
        v = b & 0x1Fu;
        min = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
        n = 2;
        v = b & 0x0Fu;
        min = 0x800;
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 3;
        v = b & 0x07u;
        min = 0x10000;
    } else {
        return 0;
    }
    if (len - i - 1 < n) return 0;
    for (k = 1; k <= n; k++) {
        if ((s[i + k] & 0xC0u) != 0x80u) return 0;
        v = (v << 6) | (s[i + k] & 0x3Fu);
    }
    if (v < min || v > 0x10FFFFu || (v >= 0xD800u && v <= 0xDFFFu)) return 0;
    *cp = v;
    *pos = i + n + 1;
    return 1;
}

/* Checks |s| for its type; returns the text kind (TEXT_NONE for #hex) or -1 with
 * |*why| set when the contents are outside the type's alphabet. */
static int text_check(uint32_t number, synta_span s, const char **why) {
    size_t i;
    switch (number) {
        case SYNTA_TAG_UTF8_STRING: {
            uint32_t cp;
            for (i = 0; i < s.len;) {
                if (s.data[i] < 0x80) { /* ASCII, the usual case, without the call */
                    i++;
                    continue;
                }
                if (!utf8_next(s.data, s.len, &i, &cp)) {
                    *why = "UTF8String is not valid UTF-8";
                    return -1;
                }
            }
            return TEXT_UTF8;
        }
        case SYNTA_TAG_PRINTABLE_STRING:
            for (i = 0; i < s.len; i++) {
                if (!printable(s.data[i])) {
                    *why = "character not in PrintableString alphabet";
                    return -1;
                }
            }
            return TEXT_OCTETS;
        case SYNTA_TAG_IA5_STRING:
            for (i = 0; i < s.len; i++) {
                if (s.data[i] >= 0x80) {
                    *why = "character not in IA5String alphabet";
                    return -1;
                }
            }
            return TEXT_OCTETS;
        case SYNTA_TAG_VISIBLE_STRING:
            for (i = 0; i < s.len; i++) {
                if (s.data[i] < 0x20 || s.data[i] >= 0x7f) {
                    *why = "character not in VisibleString alphabet";
                    return -1;
                }
            }
            return TEXT_OCTETS;
        case SYNTA_TAG_NUMERIC_STRING:
            for (i = 0; i < s.len; i++) {
                if (!((s.data[i] >= '0' && s.data[i] <= '9') || s.data[i] == ' ')) {
                    *why = "character not in NumericString alphabet";
                    return -1;
                }
            }
            return TEXT_OCTETS;
        case SYNTA_TAG_TELETEX_STRING:
            return TEXT_OCTETS; /* any octet, read as Latin-1 */
        case SYNTA_TAG_BMP_STRING:
            if (s.len % 2 != 0) {
                *why = "BMPString length is odd";
                return -1;
            }
            for (i = 0; i < s.len; i += 2) {
                if (s.data[i] >= 0xD8 && s.data[i] <= 0xDF) {
                    *why = "surrogate in BMPString";
                    return -1;
                }
            }
            return TEXT_BMP;
        case SYNTA_TAG_UNIVERSAL_STRING:
            if (s.len % 4 != 0) {
                *why = "UniversalString length not a multiple of 4";
                return -1;
            }
            for (i = 0; i < s.len; i += 4) {
                uint32_t v = ((uint32_t)s.data[i] << 24) | ((uint32_t)s.data[i + 1] << 16) |
                             ((uint32_t)s.data[i + 2] << 8) | s.data[i + 3];
                if (v > 0x10FFFFu || (v >= 0xD800u && v <= 0xDFFFu)) {
                    *why = "UniversalString character out of range";
                    return -1;
                }
            }
            return TEXT_UNIVERSAL;
        default:
            return TEXT_NONE;
    }
}

/* The next code point of checked contents. */
static uint32_t text_next(text_kind kind, synta_span s, size_t *pos) {
    uint32_t cp = 0;
    size_t i = *pos;
    switch (kind) {
        case TEXT_UTF8:
            if (!utf8_next(s.data, s.len, pos, &cp)) *pos = s.len; /* checked before */
            return cp;
        case TEXT_BMP:
            *pos = i + 2;
            return ((uint32_t)s.data[i] << 8) | s.data[i + 1];
        case TEXT_UNIVERSAL:
            *pos = i + 4;
            return ((uint32_t)s.data[i] << 24) | ((uint32_t)s.data[i + 1] << 16) |
                   ((uint32_t)s.data[i + 2] << 8) | s.data[i + 3];
        default:
            *pos = i + 1;
            return s.data[i];
    }
}

static void put_utf8(synta_sink *out, uint32_t cp) {
    char b[4];
    if (cp < 0x80) {
        b[0] = (char)cp;
        synta_sink_put(out, b, 1);
    } else if (cp < 0x800) {
        b[0] = (char)(0xC0u | (cp >> 6));
        b[1] = (char)(0x80u | (cp & 0x3Fu));
        synta_sink_put(out, b, 2);
    } else if (cp < 0x10000) {
        b[0] = (char)(0xE0u | (cp >> 12));
        b[1] = (char)(0x80u | ((cp >> 6) & 0x3Fu));
        b[2] = (char)(0x80u | (cp & 0x3Fu));
        synta_sink_put(out, b, 3);
    } else {
        b[0] = (char)(0xF0u | (cp >> 18));
        b[1] = (char)(0x80u | ((cp >> 12) & 0x3Fu));
        b[2] = (char)(0x80u | ((cp >> 6) & 0x3Fu));
        b[3] = (char)(0x80u | (cp & 0x3Fu));
        synta_sink_put(out, b, 4);
    }
}

/* RFC 4514 section 2.4 escaping of the code points of |s|, as name.rs escape(). */
/* Whether octet |b| of an ASCII-compatible text at |pos| (of |len|) is written as it
 * is: printable ASCII other than the RFC 4514 specials, and a space that is neither
 * first nor last. */
static int plain_octet(uint8_t b, size_t pos, size_t len) {
    if (b == ' ') return pos != 0 && pos + 1 != len;
    if (b < 0x21 || b > 0x7E) return 0;
    return b != '\\' && b != '"' && b != '+' && b != ',' && b != ';' && b != '<' && b != '>' && b != '#';
}

static void escape(text_kind kind, synta_span s, synta_sink *out) {
    size_t pos = 0;
    int first = 1;
    while (pos < s.len) {
        if (kind == TEXT_UTF8 || kind == TEXT_OCTETS) {
            /* Runs of plain ASCII go out in one copy. */
            size_t end = pos;
            /* UTF-8 octets above 0x7F belong to multi-octet characters, none of which
             * RFC 4514 escapes: they are copied too (the value was checked before). */
            while (end < s.len &&
                   (plain_octet(s.data[end], end, s.len) || (kind == TEXT_UTF8 && s.data[end] >= 0x80))) {
                end++;
            }
            if (end > pos) {
                synta_sink_put(out, (const char *)s.data + pos, end - pos);
                pos = end;
                first = 0;
                continue;
            }
        }
        uint32_t c = text_next(kind, s, &pos);
        int last = pos >= s.len;
        switch (c) {
            case '\\':
            case '"':
            case '+':
            case ',':
            case ';':
            case '<':
            case '>':
                synta_sink_putc(out, '\\');
                synta_sink_putc(out, (char)c);
                break;
            case 0:
                synta_sink_puts(out, "\\00");
                break;
            case '#':
                if (first) synta_sink_putc(out, '\\');
                synta_sink_putc(out, '#');
                break;
            case ' ':
                if (first || last) synta_sink_putc(out, '\\');
                synta_sink_putc(out, ' ');
                break;
            default:
                put_utf8(out, c);
                break;
        }
        first = 0;
    }
}

int synta_utf8_valid(const uint8_t *s, size_t len) {
    size_t pos = 0;
    uint32_t cp;
    while (pos < len) {
        if (!utf8_next(s, len, &pos, &cp)) return 0;
    }
    return 1;
}

void synta_dn_escape_utf8(synta_span s, synta_sink *out) { escape(TEXT_UTF8, s, out); }

static void put_hex(synta_sink *out, const uint8_t *p, size_t n) {
    static const char DIGITS[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        synta_sink_putc(out, DIGITS[p[i] >> 4]);
        synta_sink_putc(out, DIGITS[p[i] & 0x0F]);
    }
}

/* ------------------------------------------------------------------- walking */

/* One element of |c|: its whole encoding, its contents (as a cursor) and its tag. */
int synta_next_element(synta_cbs *c, synta_span *raw, synta_cbs *contents, uint32_t *tag) {
    size_t header_len = 0;
    const uint8_t *start = c->data;
    if (!synta_cbs_get_any(c, contents, tag, &header_len)) return 0;
    /* [UNIVERSAL 0] is reserved for the end-of-contents octets (X.690 8.1.5); the Rust
     * reader rejects it as an element, synta_cbs_get_any does not. */
    if ((*tag & (SYNTA_CLASS_MASK | SYNTA_TAG_NUMBER_MASK)) == 0) {
        return synta_cbs_fail(c, SYNTA_ERR_INVALID_TAG, (size_t)(start - c->ctx->base),
                              "invalid tag encoding");
    }
    raw->data = start;
    raw->len = (size_t)(c->data - start);
    return 1;
}

static size_t offset_of(const synta_cbs *c, const uint8_t *p) { return (size_t)(p - c->ctx->base); }

static int expect_tag(const synta_cbs *c, uint32_t tag, uint32_t want, const uint8_t *at) {
    if (tag == want) return 1;
    return synta_cbs_fail(c, SYNTA_ERR_UNEXPECTED_TAG, offset_of(c, at), "unexpected tag");
}

/* X.690 11.6 order: as octet strings, the shorter padded at its end with zeros. */
static int der_order_gt(synta_span a, synta_span b) {
    size_t n = a.len > b.len ? a.len : b.len, i;
    for (i = 0; i < n; i++) {
        uint8_t x = i < a.len ? a.data[i] : 0;
        uint8_t y = i < b.len ? b.data[i] : 0;
        if (x != y) return x > y;
    }
    return 0;
}

static int render_atv(synta_cbs *set, synta_span raw, uint32_t tag, synta_cbs *seq, synta_sink *out) {
    synta_cbs oid_contents, value_contents;
    synta_span oid, value_raw;
    uint32_t value_tag;
    const uint8_t *oid_at;
    if (!expect_tag(set, tag, SYNTA_TAG_SEQUENCE, raw.data)) return 0;
    oid_at = seq->data;
    if (!synta_cbs_get_asn1(seq, &oid_contents, SYNTA_TAG_OID) || !synta_decode_oid(&oid_contents, &oid)) {
        return synta_cbs_set_field(seq, "type");
    }
    if (!synta_next_element(seq, &value_raw, &value_contents, &value_tag))
        return synta_cbs_set_field(seq, "value");
    if (!synta_cbs_finish(seq)) return 0;
    if (!attribute_type(seq, oid, offset_of(seq, oid_at), out)) return 0;
    synta_sink_putc(out, '=');
    {
        int kind = TEXT_NONE;
        if ((value_tag & (SYNTA_CLASS_MASK | SYNTA_CONSTRUCTED)) == 0) {
            const char *why = NULL;
            synta_span contents;
            contents.data = value_contents.data;
            contents.len = value_contents.len;
            kind = text_check(value_tag & SYNTA_TAG_NUMBER_MASK, contents, &why);
            if (kind < 0) {
                synta_cbs_fail(seq, SYNTA_ERR_INVALID_VALUE, offset_of(seq, contents.data), why);
                return synta_cbs_set_field(seq, "value");
            }
            if (kind != TEXT_NONE) {
                escape((text_kind)kind, contents, out);
                return 1;
            }
        }
        synta_sink_putc(out, '#');
        put_hex(out, value_raw.data, value_raw.len);
    }
    return 1;
}

/* Checks and writes one RDN (a SET element whose contents are |set|). */
static int render_rdn(synta_cbs *set, const uint8_t *rdn_at, synta_sink *out) {
    synta_span previous = {NULL, 0};
    size_t count = 0;
    while (set->len > 0) {
        synta_span raw;
        synta_cbs seq;
        uint32_t tag;
        if (!synta_next_element(set, &raw, &seq, &tag)) return 0;
        if (previous.data != NULL && der_order_gt(previous, raw)) {
            return synta_cbs_fail(set, SYNTA_ERR_NON_CANONICAL, offset_of(set, raw.data),
                                  "SET OF elements not sorted");
        }
        previous = raw;
        if (count > 0) synta_sink_putc(out, '+');
        if (!render_atv(set, raw, tag, &seq, out)) return 0;
        count++;
    }
    if (count == 0) return synta_cbs_fail(set, SYNTA_ERR_CONSTRAINT, offset_of(set, rdn_at), "SIZE (1..MAX)");
    return 1;
}

int synta_name_walk(synta_cbs *cbs, synta_sink *out) {
    /* Where the RDNs start, for the second (writing) pass: the first SMALL are
     * remembered, the others found again by walking from the start. */
    enum { SMALL = 32 };
    const uint8_t *starts[SMALL];
    synta_cbs seq, first;
    size_t count = 0, i;
    synta_sink dry;
    /* Most names take the byte walker of dn_fast.c (into a counting sink when only
     * checking); it leaves the rare forms and every error to the walk below. */
    synta_sink_init(&dry, NULL, 0);
    if (synta_name_fast(cbs->data, cbs->len, out != NULL ? out : &dry)) {
        cbs->data += cbs->len;
        cbs->len = 0;
        return 1;
    }
    if (!synta_cbs_get_asn1(cbs, &seq, SYNTA_TAG_SEQUENCE)) return 0;
    if (!synta_cbs_finish(cbs)) return 0;
    first = seq;
    synta_sink_init(&dry, NULL, 0);
    while (seq.len > 0) {
        synta_span raw;
        synta_cbs set;
        uint32_t tag;
        if (!synta_next_element(&seq, &raw, &set, &tag)) return 0;
        if (!expect_tag(&seq, tag, SYNTA_TAG_SET, raw.data)) return 0;
        if (count < SMALL) starts[count] = raw.data;
        /* Checking only (no output): render into the dry sink. When writing, the
         * second pass below checks each RDN as it renders it, so one pass is enough. */
        if (out == NULL && !render_rdn(&set, raw.data, &dry)) return 0;
        count++;
    }
    if (out == NULL) return 1;
    for (i = count; i-- > 0;) {
        synta_cbs walk = first, set;
        synta_span raw;
        uint32_t tag;
        if (i < SMALL) {
            walk.len -= (size_t)(starts[i] - walk.data);
            walk.data = starts[i];
        } else {
            size_t k;
            for (k = 0; k < i; k++) {
                if (!synta_next_element(&walk, &raw, &set, &tag)) return 0;
            }
        }
        if (!synta_next_element(&walk, &raw, &set, &tag)) return 0;
        if (i + 1 < count) synta_sink_putc(out, ',');
        if (!render_rdn(&set, raw.data, out)) return 0;
    }
    return 1;
}

int synta_name_format(const uint8_t *name_der, size_t len, char *buf, size_t cap, size_t *out_len,
                      synta_error *err) {
    synta_ctx ctx;
    synta_cbs cbs;
    synta_sink out;
    synta_ctx_init(&ctx, SYNTA_DER, name_der, len);
    synta_cbs_init(&cbs, &ctx);
    synta_sink_init(&out, buf, cap);
    if (!synta_name_walk(&cbs, &out)) {
        if (err != NULL) *err = ctx.error;
        if (out_len != NULL) *out_len = 0;
        if (buf != NULL && cap > 0) buf[0] = '\0';
        return 0;
    }
    return synta_sink_finish(&out, out_len);
}
