/*
 * test_codec_vectors.c - runs every row of tests/vectors/codec.tsv (format:
 * tests/vectors/README.md) against the C runtime, exactly as the Rust runner
 * runtime-rust/synta/tests/vectors.rs does: the same value text or the same
 * `error:<slug>@<offset>`, and for accepted rows the re-encoding check (DER/CER: the
 * same bytes back; BER: the DER encoding reads back, as BER, to the same text).
 *
 * Usage: test_codec_vectors path/to/codec.tsv
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "synta/synta.h"

/* ------------------------------------------------------------ growable text */

/* strbuf: the decoded value's text (strings and hex dumps may be long). */
typedef struct strbuf {
    char *p;
    size_t len, cap;
} strbuf;

static void sb_reserve(strbuf *s, size_t extra) {
    size_t cap = s->cap ? s->cap : 64;
    if (s->len + extra + 1 <= s->cap) return;
    while (cap < s->len + extra + 1) cap *= 2;
    s->p = realloc(s->p, cap);
    if (s->p == NULL) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    s->cap = cap;
}

static void sb_add(strbuf *s, const char *data, size_t n) {
    sb_reserve(s, n);
    memcpy(s->p + s->len, data, n);
    s->len += n;
    s->p[s->len] = '\0';
}

static void sb_puts(strbuf *s, const char *z) { sb_add(s, z, strlen(z)); }

static void sb_printf(strbuf *s, const char *fmt, ...) {
    char tmp[128];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0) sb_add(s, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void sb_hex(strbuf *s, const uint8_t *b, size_t n) {
    static const char digits[] = "0123456789abcdef";
    size_t i;
    sb_reserve(s, 2 * n);
    for (i = 0; i < n; i++) {
        s->p[s->len++] = digits[b[i] >> 4];
        s->p[s->len++] = digits[b[i] & 15];
    }
    s->p[s->len] = '\0';
}

/* Appends code point |cp| as UTF-8 (the text form of every string type). */
static void sb_utf8(strbuf *s, uint32_t cp) {
    char b[4];
    size_t n;
    if (cp < 0x80) {
        b[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        b[0] = (char)(0xC0 | (cp >> 6));
        b[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        b[0] = (char)(0xE0 | (cp >> 12));
        b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        b[0] = (char)(0xF0 | (cp >> 18));
        b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        b[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    sb_add(s, b, n);
}

/* ------------------------------------------------------ integer to decimal */

/* Appends two's complement INTEGER contents |b| (any size) in decimal. The magnitude is
 * held in base 10^9 limbs, so the digits come out without a division loop. */
static void sb_integer(strbuf *s, const uint8_t *b, size_t n) {
    int negative = n > 0 && (b[0] & 0x80);
    size_t cap = n / 3 + 2, used = 1, i, k;
    uint32_t *limb = calloc(cap, sizeof *limb);
    uint8_t *mag = malloc(n ? n : 1);
    if (limb == NULL || mag == NULL) exit(2);
    memcpy(mag, b, n);
    if (negative) {
        /* Magnitude of a negative value: invert and add one. */
        for (i = 0; i < n; i++) mag[i] = (uint8_t)~mag[i];
        for (i = n; i-- > 0;) {
            if (++mag[i] != 0) break;
        }
    }
    for (i = 0; i < n; i++) {
        uint64_t carry = mag[i];
        for (k = 0; k < used; k++) {
            uint64_t t = (uint64_t)limb[k] * 256 + carry;
            limb[k] = (uint32_t)(t % 1000000000u);
            carry = t / 1000000000u;
        }
        if (carry != 0) limb[used++] = (uint32_t)carry;
    }
    /* A negative magnitude of all-zero bytes after the carry is 2^(8n): the loop
     * above handled it since the top byte 0x80 inverts to 0x7F and carries. */
    if (negative) sb_puts(s, "-");
    sb_printf(s, "%u", (unsigned)limb[used - 1]);
    for (k = used - 1; k-- > 0;) sb_printf(s, "%09u", (unsigned)limb[k]);
    free(limb);
    free(mag);
}

/* ---------------------------------------------------------------- decoding */

/* One decode: the value text and the re-encoding under |enc|. */
typedef struct job {
    synta_rules enc;
    strbuf text;
} job;

#define FAIL_AT(c, kind, detail) synta_cbs_fail((c), (kind), synta_cbs_offset(c), (detail))

/* Writes identifier octets of |tag| and the indefinite length octet (CER constructed
 * encodings, X.690 9.1): the builder writes only definite lengths. */
static int add_indefinite_header(synta_cbb *out, uint32_t tag) {
    uint32_t number = tag & SYNTA_TAG_NUMBER_MASK;
    uint8_t first = (uint8_t)(((tag & SYNTA_CLASS_MASK) >> 24) | ((tag & SYNTA_CONSTRUCTED) >> 24));
    uint8_t b[8];
    size_t n = 0, k;
    if (number < 31) {
        if (!synta_cbb_add_u8(out, (uint8_t)(first | number))) return 0;
    } else {
        if (!synta_cbb_add_u8(out, (uint8_t)(first | 0x1F))) return 0;
        for (; number > 0; number >>= 7) b[n++] = (uint8_t)(number & 0x7F);
        for (k = n; k-- > 0;) {
            if (!synta_cbb_add_u8(out, (uint8_t)(b[k] | (k > 0 ? 0x80 : 0)))) return 0;
        }
    }
    return synta_cbb_add_u8(out, 0x80);
}

/* A constructed element being encoded: DER children have a definite length through a
 * child builder; CER ones are indefinite and written straight into the parent. */
typedef struct cons {
    synta_cbb child;
    synta_cbb *parent;
    synta_cbb *into; /* where the contents go */
    int cer;
} cons;

static int cons_open(cons *c, synta_cbb *parent, uint32_t tag, synta_rules enc, int set_of) {
    c->parent = parent;
    c->cer = enc == SYNTA_CER;
    if (c->cer) {
        c->into = parent;
        return add_indefinite_header(parent, tag);
    }
    c->into = &c->child;
    return set_of ? synta_cbb_add_set_of(parent, &c->child, tag) : synta_cbb_add_asn1(parent, &c->child, tag);
}

static int cons_close(cons *c) {
    static const uint8_t eoc[2] = {0, 0};
    return c->cer ? synta_cbb_add_bytes(c->parent, eoc, 2) : synta_cbb_flush(c->parent);
}

/* String contents |d| with tag |tag| (primitive form): CER splits contents above 1000
 * octets into 1000-octet OCTET STRING fragments of a constructed encoding (9.2). */
static int put_string(synta_cbb *out, synta_rules enc, uint32_t tag, const uint8_t *d, size_t n) {
    synta_span s;
    if (enc == SYNTA_CER && n > 1000) {
        cons c;
        size_t at;
        if (!cons_open(&c, out, tag | SYNTA_CONSTRUCTED, enc, 0)) return 0;
        for (at = 0; at < n; at += 1000) {
            s.data = d + at;
            s.len = n - at < 1000 ? n - at : 1000;
            if (!synta_cbb_add_primitive(c.into, SYNTA_TAG_OCTET_STRING, s)) return 0;
        }
        return cons_close(&c);
    }
    s.data = d;
    s.len = n;
    return synta_cbb_add_primitive(out, tag & ~SYNTA_CONSTRUCTED, s);
}

/* BIT STRING |unused|, |d|: CER fragments carry 999 data octets each, unused bits only
 * in the last. Values read under BER may have non-zero padding, which the (DER) builder
 * refuses: they are written as they are, as the Rust encoder does. */
static int put_bits(synta_cbb *out, synta_rules enc, uint32_t tag, uint8_t unused, const uint8_t *d,
                    size_t n) {
    synta_span s;
    if (enc == SYNTA_CER && n + 1 > 1000) {
        cons c;
        size_t at;
        if (!cons_open(&c, out, tag | SYNTA_CONSTRUCTED, enc, 0)) return 0;
        for (at = 0; at < n; at += 999) {
            size_t k = n - at < 999 ? n - at : 999;
            s.data = d + at;
            s.len = k;
            if (!synta_cbb_add_bit_string(c.into, SYNTA_TAG_BIT_STRING, s, at + k == n ? unused : 0))
                return 0;
        }
        return cons_close(&c);
    }
    s.data = d;
    s.len = n;
    if (n > 0 && (d[n - 1] & ((1u << unused) - 1u)) != 0) {
        uint8_t *raw = malloc(n + 1);
        int ok;
        if (raw == NULL) return 0;
        raw[0] = unused;
        memcpy(raw + 1, d, n);
        s.data = raw;
        s.len = n + 1;
        ok = synta_cbb_add_primitive(out, tag, s);
        free(raw);
        return ok;
    }
    return synta_cbb_add_bit_string(out, tag, s, unused);
}

/*
 * A value decoder: |in| is the cursor the element is read from, |tag| the tag it has
 * (the universal one, or an IMPLICIT one); it appends the text to |j| and the encoding
 * (with the same tag) to |out|.
 */
typedef int (*value_fn)(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out);

static int v_boolean(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    synta_cbs c;
    int v;
    if (!synta_cbs_get_asn1(in, &c, tag) || !synta_decode_boolean(&c, &v)) return 0;
    sb_puts(&j->text, v ? "true" : "false");
    return synta_cbb_add_boolean(out, tag, v);
}

static int v_integer(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    synta_cbs c;
    synta_span v;
    if (!synta_cbs_get_asn1(in, &c, tag) || !synta_decode_integer(&c, &v)) return 0;
    sb_integer(&j->text, v.data, v.len);
    return synta_cbb_add_integer(out, tag, v);
}

/* i64 (also ENUMERATED, whose Rust type holds an i64). */
static int v_i64(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    synta_cbs c;
    int64_t v;
    if (!synta_cbs_get_asn1(in, &c, tag) || !synta_decode_int64(&c, &v)) return 0;
    sb_printf(&j->text, "%lld", (long long)v);
    return synta_cbb_add_int64(out, tag, v);
}

static int v_enumerated(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    (void)tag;
    return v_i64(in, SYNTA_TAG_ENUMERATED, j, out);
}

static int v_u64(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    synta_cbs c;
    uint64_t v;
    if (!synta_cbs_get_asn1(in, &c, tag) || !synta_decode_uint64(&c, &v)) return 0;
    sb_printf(&j->text, "%llu", (unsigned long long)v);
    return synta_cbb_add_uint64(out, tag, v);
}

static int v_u8(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    synta_cbs c;
    uint64_t v;
    if (!synta_cbs_get_asn1(in, &c, tag) || !synta_decode_uint64(&c, &v)) return 0;
    if (v > 255) return FAIL_AT(&c, SYNTA_ERR_OVERFLOW, "above u8");
    sb_printf(&j->text, "%u", (unsigned)v);
    return synta_cbb_add_uint64(out, tag, v);
}

static int v_i8(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    synta_cbs c;
    int64_t v;
    if (!synta_cbs_get_asn1(in, &c, tag) || !synta_decode_int64(&c, &v)) return 0;
    if (v < -128 || v > 127) return FAIL_AT(&c, SYNTA_ERR_OVERFLOW, "outside i8");
    sb_printf(&j->text, "%d", (int)v);
    return synta_cbb_add_int64(out, tag, v);
}

/* u128 / i128: no native C11 type; the range is checked on the octets (a u128 has at
 * most 16 magnitude octets after one leading zero, an i128 at most 16 octets). */
static int v_wide(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out, int is_unsigned) {
    synta_cbs c;
    synta_span v;
    if (!synta_cbs_get_asn1(in, &c, tag) || !synta_decode_integer(&c, &v)) return 0;
    if (is_unsigned) {
        size_t digits = v.len - (v.len > 1 && v.data[0] == 0);
        if ((v.data[0] & 0x80) || digits > 16) return FAIL_AT(&c, SYNTA_ERR_OVERFLOW, "outside u128");
    } else if (v.len > 16) {
        return FAIL_AT(&c, SYNTA_ERR_OVERFLOW, "outside i128");
    }
    sb_integer(&j->text, v.data, v.len);
    return synta_cbb_add_integer(out, tag, v);
}

static int v_u128(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) { return v_wide(in, tag, j, out, 1); }
static int v_i128(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) { return v_wide(in, tag, j, out, 0); }

static int v_null(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    synta_cbs c;
    if (!synta_cbs_get_asn1(in, &c, tag) || !synta_decode_null(&c)) return 0;
    sb_puts(&j->text, "null");
    return synta_cbb_add_null(out, tag);
}

static int oid_common(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out, int relative) {
    synta_cbs c;
    synta_span v;
    size_t n;
    char *buf;
    if (!synta_cbs_get_asn1(in, &c, tag)) return 0;
    if (!(relative ? synta_decode_relative_oid(&c, &v) : synta_decode_oid(&c, &v))) return 0;
    n = synta_oid_format(v, relative, NULL, 0);
    if (n == 0) return FAIL_AT(&c, SYNTA_ERR_UNSUPPORTED, "synta_oid_format failed");
    buf = malloc(n + 1);
    if (buf == NULL) exit(2);
    if (synta_oid_format(v, relative, buf, n + 1) != n) n = 0;
    sb_add(&j->text, buf, n);
    free(buf);
    return synta_cbb_add_primitive(out, tag, v);
}

static int v_oid(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    return oid_common(in, tag, j, out, 0);
}
static int v_roid(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    return oid_common(in, tag, j, out, 1);
}

static int v_bitstring(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    synta_cbs c;
    uint32_t actual;
    uint8_t *buf, unused = 0;
    size_t n = 0;
    int ok;
    if (!synta_cbs_get_string_asn1(in, &c, &actual, tag)) return 0;
    buf = malloc(c.len ? c.len : 1); /* the data never exceeds the contents */
    if (buf == NULL) exit(2);
    ok = synta_decode_bit_string_into(&c, actual, buf, c.len, &n, &unused);
    if (ok) {
        sb_printf(&j->text, "%u:", (unsigned)unused);
        sb_hex(&j->text, buf, n);
        ok = put_bits(out, j->enc, tag, unused, buf, n);
    }
    free(buf);
    return ok;
}

/* Reads a string element (primitive or segmented) of universal type |type| with tag
 * |tag| into a fresh buffer; |*out| and |*out_len| get it (free() it). */
static int read_string(synta_cbs *in, uint32_t tag, uint32_t type, uint8_t **out, size_t *out_len) {
    synta_cbs c;
    uint32_t actual;
    uint8_t *buf;
    if (!synta_cbs_get_string_asn1(in, &c, &actual, tag)) return 0;
    buf = malloc(c.len ? c.len : 1);
    if (buf == NULL) exit(2);
    if (!synta_decode_string_into(&c, type | (actual & SYNTA_CONSTRUCTED), buf, c.len, out_len)) {
        free(buf);
        return 0;
    }
    *out = buf;
    return 1;
}

static int v_octetstring(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    uint8_t *b;
    size_t n;
    int ok;
    if (!read_string(in, tag, SYNTA_TAG_OCTET_STRING, &b, &n)) return 0;
    sb_puts(&j->text, "hex:");
    sb_hex(&j->text, b, n);
    ok = put_string(out, j->enc, tag, b, n);
    free(b);
    return ok;
}

/* Character strings: the text is the characters as UTF-8 between double quotes, with
 * no escaping (the Rust runner's `q`). */
static int v_chars(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    uint8_t *b;
    size_t n, i;
    int ok;
    if (!read_string(in, tag, tag, &b, &n)) return 0;
    sb_puts(&j->text, "\"");
    if (tag == SYNTA_TAG_UTF8_STRING) {
        sb_add(&j->text, (const char *)b, n);
    } else if (tag == SYNTA_TAG_BMP_STRING) {
        for (i = 0; i + 1 < n; i += 2) sb_utf8(&j->text, ((uint32_t)b[i] << 8) | b[i + 1]);
    } else if (tag == SYNTA_TAG_UNIVERSAL_STRING) {
        for (i = 0; i + 3 < n; i += 4) {
            sb_utf8(&j->text, ((uint32_t)b[i] << 24) | ((uint32_t)b[i + 1] << 16) |
                                  ((uint32_t)b[i + 2] << 8) | b[i + 3]);
        }
    } else {
        /* Every other type: each octet is the code point of the same value. */
        for (i = 0; i < n; i++) sb_utf8(&j->text, b[i]);
    }
    sb_puts(&j->text, "\"");
    ok = put_string(out, j->enc, tag, b, n);
    free(b);
    return ok;
}

/* The contents of |t| as the Rust encoder writes them: its fields as they are (the C
 * builder only writes the DER form, and refuses a BER value with a zone or without
 * seconds, whose encoding must still read back to the same text). */
static int put_time_as_is(synta_cbb *out, uint32_t tag, const synta_time *t, int generalized) {
    strbuf s = {NULL, 0, 0};
    synta_span span;
    int ok;
    if (generalized) {
        sb_printf(&s, "%04d%02u%02u%02u", (int)t->year, t->month, t->day, t->hour);
    } else {
        sb_printf(&s, "%02d%02u%02u%02u", (int)(t->year % 100), t->month, t->day, t->hour);
    }
    if (t->has_minute) sb_printf(&s, "%02u", t->minute);
    if (t->has_second) sb_printf(&s, "%02u", t->second);
    if (t->fraction_digits > 0)
        sb_printf(&s, ".%0*llu", (int)t->fraction_digits, (unsigned long long)t->fraction);
    if (t->tz_kind == 0) sb_puts(&s, "Z");
    if (t->tz_kind == 1) {
        int m = t->tz_offset_minutes < 0 ? -t->tz_offset_minutes : t->tz_offset_minutes;
        sb_printf(&s, "%c%02d%02d", t->tz_offset_minutes < 0 ? '-' : '+', m / 60, m % 60);
    }
    span.data = (const uint8_t *)s.p;
    span.len = s.len;
    ok = synta_cbb_add_primitive(out, tag, span);
    free(s.p);
    return ok;
}

static int v_time(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out, int generalized) {
    synta_cbs c;
    synta_time t;
    char buf[80];
    size_t n;
    int ok;
    if (!synta_cbs_get_asn1(in, &c, tag)) return 0;
    ok = generalized ? synta_decode_generalized_time(&c, &t) : synta_decode_utc_time(&c, &t);
    if (!ok) return 0;
    n = synta_time_format(&t, buf, sizeof buf);
    sb_add(&j->text, buf, n < sizeof buf ? n : sizeof buf - 1);
    if (c.ctx->rules == SYNTA_BER) return put_time_as_is(out, tag, &t, generalized);
    return generalized ? synta_cbb_add_generalized_time(out, tag, &t) : synta_cbb_add_utc_time(out, tag, &t);
}

static int v_utctime(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    return v_time(in, tag, j, out, 0);
}
static int v_gentime(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    return v_time(in, tag, j, out, 1);
}

/* The canonical REAL contents of |r| (X.690 11.3), for the re-encoding: the runtime
 * has no REAL encoder. Returns the length written into |b| (48 bytes). */
static size_t real_canonical(const synta_real *r, uint8_t *b) {
    uint8_t e[4];
    uint32_t u;
    size_t n = 0, elen = 4, i;
    int shift, k;
    switch (r->kind) {
        case SYNTA_REAL_ZERO:
            return 0;
        case SYNTA_REAL_PLUS_INFINITY:
            b[0] = 0x40;
            return 1;
        case SYNTA_REAL_MINUS_INFINITY:
            b[0] = 0x41;
            return 1;
        case SYNTA_REAL_NAN:
            b[0] = 0x42;
            return 1;
        case SYNTA_REAL_MINUS_ZERO:
            b[0] = 0x43;
            return 1;
        case SYNTA_REAL_DECIMAL:
            b[0] = 0x03; /* NR3 "[-]<m>.E<e>", "+0" for a zero exponent (11.3.2) */
            k = r->exponent == 0 ? snprintf((char *)b + 1, 47, "%s%llu.E+0", r->negative ? "-" : "",
                                            (unsigned long long)r->mantissa)
                                 : snprintf((char *)b + 1, 47, "%s%llu.E%ld", r->negative ? "-" : "",
                                            (unsigned long long)r->mantissa, (long)r->exponent);
            return 1 + (size_t)k;
        case SYNTA_REAL_BINARY:
            break;
    }
    u = (uint32_t)r->exponent;
    for (i = 0; i < 4; i++) e[i] = (uint8_t)(u >> (24 - 8 * i));
    while (elen > 1 &&
           ((e[4 - elen] == 0 && !(e[5 - elen] & 0x80)) || (e[4 - elen] == 0xFF && (e[5 - elen] & 0x80)))) {
        elen--;
    }
    b[n++] = (uint8_t)(0x80 | (r->negative ? 0x40 : 0) | (elen < 4 ? elen - 1 : 3));
    if (elen == 4) b[n++] = 4;
    for (i = 4 - elen; i < 4; i++) b[n++] = e[i];
    for (shift = 56; shift > 0 && (r->mantissa >> shift) == 0; shift -= 8) continue;
    for (; shift >= 0; shift -= 8) b[n++] = (uint8_t)(r->mantissa >> shift);
    return n;
}

static int v_real(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    synta_cbs c;
    synta_real r;
    char buf[80];
    uint8_t enc[48];
    synta_span s;
    size_t n;
    if (!synta_cbs_get_asn1(in, &c, tag) || !synta_decode_real(&c, &r)) return 0;
    n = synta_real_format(&r, buf, sizeof buf);
    sb_add(&j->text, buf, n < sizeof buf ? n : sizeof buf - 1);
    s.data = enc;
    s.len = real_canonical(&r, enc);
    return synta_cbb_add_primitive(out, tag, s);
}

/* ANY: `<class><number><c|p>:<contents hex>`; re-encoded as the bytes read. */
static int v_any(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    static const char cls[4] = {'U', 'A', 'C', 'P'};
    const uint8_t *start = in->data;
    synta_cbs c;
    uint32_t actual;
    (void)tag;
    if (!synta_cbs_get_any(in, &c, &actual, NULL)) return 0;
    sb_printf(&j->text, "%c%lu%c:", cls[actual >> 30], (unsigned long)(actual & SYNTA_TAG_NUMBER_MASK),
              (actual & SYNTA_CONSTRUCTED) ? 'c' : 'p');
    sb_hex(&j->text, c.data, c.len);
    return synta_cbb_add_bytes(out, start, (size_t)(in->data - start));
}

/* X.690 11.6 order: as octet strings, the shorter padded with zero octets at its end. */
static int der_order(const uint8_t *a, size_t an, const uint8_t *b, size_t bn) {
    size_t i, n = an > bn ? an : bn;
    for (i = 0; i < n; i++) {
        uint8_t x = i < an ? a[i] : 0, y = i < bn ? b[i] : 0;
        if (x != y) return x < y ? -1 : 1;
    }
    return 0;
}

/* SEQUENCE OF INTEGER `[a,b]` / SET OF INTEGER `{a,b}` (DER/CER: checked order). */
static int v_list(synta_cbs *in, job *j, synta_cbb *out, int set) {
    synta_cbs c;
    cons k;
    const uint8_t *prev = NULL;
    size_t prev_len = 0, count = 0;
    uint32_t tag = set ? SYNTA_TAG_SET : SYNTA_TAG_SEQUENCE;
    if (!synta_cbs_get_asn1(in, &c, tag)) return 0;
    if (!cons_open(&k, out, tag, j->enc, set)) return 0;
    sb_puts(&j->text, set ? "{" : "[");
    while (c.len > 0) {
        const uint8_t *start = c.data;
        size_t at = synta_cbs_offset(&c);
        if (count > 0) sb_puts(&j->text, ",");
        if (!v_integer(&c, SYNTA_TAG_INTEGER, j, k.into)) return 0;
        if (set && c.ctx->rules != SYNTA_BER) {
            size_t len = (size_t)(c.data - start);
            if (prev != NULL && der_order(prev, prev_len, start, len) > 0) {
                return synta_cbs_fail(&c, SYNTA_ERR_NON_CANONICAL, at, "SET OF not in order");
            }
            prev = start;
            prev_len = len;
        }
        if (++count > c.ctx->limits.max_elements) return FAIL_AT(&c, SYNTA_ERR_LIMIT_EXCEEDED, NULL);
    }
    sb_puts(&j->text, set ? "}" : "]");
    return cons_close(&k);
}

static int v_seq_of(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    (void)tag;
    return v_list(in, j, out, 0);
}

static int v_set_of(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    (void)tag;
    return v_list(in, j, out, 1);
}

/* [tag] EXPLICIT inner: a constructed element holding exactly one inner value. */
static int explicit_of(synta_cbs *in, uint32_t tag, value_fn inner, uint32_t inner_tag, job *j,
                       synta_cbb *out) {
    synta_cbs c;
    cons k;
    if (!synta_cbs_get_asn1(in, &c, tag)) return 0;
    if (!cons_open(&k, out, tag, j->enc, 0)) return 0;
    if (!inner(&c, inner_tag, j, k.into) || !synta_cbs_finish(&c)) return 0;
    return cons_close(&k);
}

static int v_exp_c0_int(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    (void)tag;
    return explicit_of(in, SYNTA_CONTEXT_CONSTRUCTED(0), v_i64, SYNTA_TAG_INTEGER, j, out);
}

static int v_exp_a100_int(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    (void)tag;
    return explicit_of(in, SYNTA_CLASS_APPLICATION | SYNTA_CONSTRUCTED | 100u, v_i64, SYNTA_TAG_INTEGER, j,
                       out);
}

static int v_exp_c0_octets(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    (void)tag;
    return explicit_of(in, SYNTA_CONTEXT_CONSTRUCTED(0), v_octetstring, SYNTA_TAG_OCTET_STRING, j, out);
}

static int v_imp_c1_int(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    (void)tag;
    return v_i64(in, SYNTA_CONTEXT(1), j, out);
}

static int v_imp_c2_octets(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    (void)tag;
    return v_octetstring(in, SYNTA_CONTEXT(2), j, out);
}

/* ---------------------------------------------------------------- tlv walk */

/* Decodes a primitive of a universal type, as the Rust walk's describe_primitive does
 * (other classes and types are not checked). */
static int check_primitive(synta_cbs *elem, uint32_t tag) {
    synta_cbs c = *elem;
    synta_span s;
    synta_time t;
    synta_real r;
    uint8_t unused, *buf;
    size_t n;
    int b, ok = 1;
    if ((tag & SYNTA_CLASS_MASK) != SYNTA_CLASS_UNIVERSAL) return 1;
    switch (tag) {
        case SYNTA_TAG_BOOLEAN:
            return synta_decode_boolean(&c, &b);
        case SYNTA_TAG_INTEGER:
        case SYNTA_TAG_ENUMERATED:
            return synta_decode_integer(&c, &s);
        case SYNTA_TAG_BIT_STRING:
            return synta_decode_bit_string(&c, &s, &unused);
        case SYNTA_TAG_OCTET_STRING:
            return synta_decode_octet_string(&c, &s);
        case SYNTA_TAG_NULL:
            return synta_decode_null(&c);
        case SYNTA_TAG_OID:
            return synta_decode_oid(&c, &s);
        case SYNTA_TAG_RELATIVE_OID:
            return synta_decode_relative_oid(&c, &s);
        case SYNTA_TAG_REAL:
            return synta_decode_real(&c, &r);
        case SYNTA_TAG_UTC_TIME:
            return synta_decode_utc_time(&c, &t);
        case SYNTA_TAG_GENERALIZED_TIME:
            return synta_decode_generalized_time(&c, &t);
        case SYNTA_TAG_OBJECT_DESCRIPTOR:
        case SYNTA_TAG_UTF8_STRING:
        case SYNTA_TAG_NUMERIC_STRING:
        case SYNTA_TAG_PRINTABLE_STRING:
        case SYNTA_TAG_TELETEX_STRING:
        case SYNTA_TAG_VIDEOTEX_STRING:
        case SYNTA_TAG_IA5_STRING:
        case SYNTA_TAG_GRAPHIC_STRING:
        case SYNTA_TAG_VISIBLE_STRING:
        case SYNTA_TAG_GENERAL_STRING:
        case SYNTA_TAG_UNIVERSAL_STRING:
        case SYNTA_TAG_BMP_STRING:
            buf = malloc(c.len ? c.len : 1);
            if (buf == NULL) exit(2);
            ok = synta_decode_string_into(&c, tag, buf, c.len, &n);
            free(buf);
            return ok;
        default:
            return 1;
    }
}

/* Walks the elements of |c| recursively (the depth limit bounds the recursion, and
 * synta_cbs_get_any enforces it); counts elements in |*nodes|. */
static int walk(synta_cbs *c, size_t *nodes) {
    while (c->len > 0) {
        synta_cbs inner;
        uint32_t tag;
        if (!synta_cbs_get_any(c, &inner, &tag, NULL)) return 0;
        ++*nodes;
        if (tag & SYNTA_CONSTRUCTED) {
            if (!walk(&inner, nodes)) return 0;
        } else if (!check_primitive(&inner, tag)) {
            return 0;
        }
    }
    return 1;
}

/* tlv: exactly one top-level element (the caller checks the trailing data). */
static int v_tlv(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    synta_cbs one;
    size_t nodes = 0;
    const uint8_t *start = in->data;
    uint32_t t;
    (void)tag;
    (void)out;
    if (!synta_cbs_get_any(in, &one, &t, NULL)) return 0;
    /* Walk the one element again through a cursor that spans just it. */
    one.data = start;
    one.len = (size_t)(in->data - start);
    one.depth = in->depth;
    one.header_len = 0;
    if (!walk(&one, &nodes)) return 0;
    sb_printf(&j->text, "nodes=%lu", (unsigned long)nodes);
    return 1;
}

/* nested-sequence-null: SEQUENCEs nested around a NULL, read as typed values, so that
 * every level and the NULL itself count against the depth limit (the tlv walk counts
 * constructed elements only); gives the number of SEQUENCEs. The depth limit bounds
 * the recursion. */
static int nested_level(synta_cbs *c, unsigned long *levels) {
    synta_cbs inner;
    uint32_t t = 0;
    if (synta_cbs_peek_tag(c, &t) && t == SYNTA_TAG_NULL) {
        return synta_cbs_get_asn1(c, &inner, SYNTA_TAG_NULL) && synta_decode_null(&inner);
    }
    if (!synta_cbs_get_asn1(c, &inner, SYNTA_TAG_SEQUENCE) || !nested_level(&inner, levels)) return 0;
    ++*levels;
    return synta_cbs_finish(&inner);
}

static int v_nested_sequence_null(synta_cbs *in, uint32_t tag, job *j, synta_cbb *out) {
    unsigned long levels = 0;
    (void)tag;
    (void)out;
    if (!nested_level(in, &levels)) return 0;
    sb_printf(&j->text, "levels=%lu", levels);
    return 1;
}

/* ------------------------------------------------------------------ table */

typedef struct vtype {
    const char *name;
    value_fn fn;
    uint32_t tag;
    int encodes; /* 0 for tlv: no re-encoding check */
} vtype;

static const vtype TYPES[] = {
    {"tlv", v_tlv, 0, 0},
    {"nested-sequence-null", v_nested_sequence_null, 0, 0},
    {"any", v_any, 0, 1},
    {"boolean", v_boolean, SYNTA_TAG_BOOLEAN, 1},
    {"integer", v_integer, SYNTA_TAG_INTEGER, 1},
    {"u8", v_u8, SYNTA_TAG_INTEGER, 1},
    {"i8", v_i8, SYNTA_TAG_INTEGER, 1},
    {"u64", v_u64, SYNTA_TAG_INTEGER, 1},
    {"i64", v_i64, SYNTA_TAG_INTEGER, 1},
    {"u128", v_u128, SYNTA_TAG_INTEGER, 1},
    {"i128", v_i128, SYNTA_TAG_INTEGER, 1},
    {"enumerated", v_enumerated, SYNTA_TAG_ENUMERATED, 1},
    {"null", v_null, SYNTA_TAG_NULL, 1},
    {"oid", v_oid, SYNTA_TAG_OID, 1},
    {"relative-oid", v_roid, SYNTA_TAG_RELATIVE_OID, 1},
    {"bitstring", v_bitstring, SYNTA_TAG_BIT_STRING, 1},
    {"octetstring", v_octetstring, SYNTA_TAG_OCTET_STRING, 1},
    {"utf8string", v_chars, SYNTA_TAG_UTF8_STRING, 1},
    {"printablestring", v_chars, SYNTA_TAG_PRINTABLE_STRING, 1},
    {"ia5string", v_chars, SYNTA_TAG_IA5_STRING, 1},
    {"numericstring", v_chars, SYNTA_TAG_NUMERIC_STRING, 1},
    {"visiblestring", v_chars, SYNTA_TAG_VISIBLE_STRING, 1},
    {"bmpstring", v_chars, SYNTA_TAG_BMP_STRING, 1},
    {"universalstring", v_chars, SYNTA_TAG_UNIVERSAL_STRING, 1},
    {"teletexstring", v_chars, SYNTA_TAG_TELETEX_STRING, 1},
    {"videotexstring", v_chars, SYNTA_TAG_VIDEOTEX_STRING, 1},
    {"graphicstring", v_chars, SYNTA_TAG_GRAPHIC_STRING, 1},
    {"generalstring", v_chars, SYNTA_TAG_GENERAL_STRING, 1},
    {"objectdescriptor", v_chars, SYNTA_TAG_OBJECT_DESCRIPTOR, 1},
    {"utctime", v_utctime, SYNTA_TAG_UTC_TIME, 1},
    {"generalizedtime", v_gentime, SYNTA_TAG_GENERALIZED_TIME, 1},
    {"real", v_real, SYNTA_TAG_REAL, 1},
    {"sequence-of-integer", v_seq_of, SYNTA_TAG_SEQUENCE, 1},
    {"set-of-integer", v_set_of, SYNTA_TAG_SET, 1},
    {"explicit-c0-integer", v_exp_c0_int, 0, 1},
    {"explicit-a100-integer", v_exp_a100_int, 0, 1},
    {"implicit-c1-integer", v_imp_c1_int, 0, 1},
    {"implicit-c2-octetstring", v_imp_c2_octets, 0, 1},
    {"explicit-c0-octetstring", v_exp_c0_octets, 0, 1},
};

static const vtype *find_type(const char *name) {
    size_t i;
    for (i = 0; i < sizeof TYPES / sizeof TYPES[0]; i++) {
        if (strcmp(TYPES[i].name, name) == 0) return &TYPES[i];
    }
    return NULL;
}

/* The outcome of one decode. */
typedef struct outcome {
    strbuf text; /* value text, or "error:<slug>" */
    char detail[160];
    uint8_t *enc; /* re-encoding (malloc'ed) when accepted, or NULL */
    size_t enc_len;
} outcome;

/* Decodes |bytes| as |t| under |rules|, re-encoding under |enc|. */
static void run(const vtype *t, const uint8_t *bytes, size_t len, synta_rules rules, synta_rules enc,
                outcome *o) {
    synta_ctx ctx;
    synta_cbs top;
    synta_cbb cbb;
    job j;
    int ok;
    memset(o, 0, sizeof *o);
    memset(&j, 0, sizeof j);
    j.enc = enc;
    synta_ctx_init(&ctx, rules, bytes, len);
    synta_cbs_init(&top, &ctx);
    if (!synta_cbb_init(&cbb, 64)) exit(2);
    /* Encoding failures must not hide decoding errors: the builder has its own error. */
    ok = t->fn(&top, t->tag, &j, &cbb);
    if (ctx.error.kind == SYNTA_ERR_NONE) ok = ok && synta_cbs_finish(&top);
    if (ctx.error.kind != SYNTA_ERR_NONE) {
        sb_puts(&o->text, "error:");
        sb_puts(&o->text, synta_error_kind_slug(ctx.error.kind));
        sb_printf(&o->text, "@%lu", (unsigned long)ctx.error.offset);
        synta_error_format(&ctx.error, o->detail, sizeof o->detail);
        synta_cbb_cleanup(&cbb);
        free(j.text.p);
        return;
    }
    if (!ok || !synta_cbb_finish(&cbb, &o->enc, &o->enc_len)) {
        sb_puts(&o->text, "error:encode");
        snprintf(o->detail, sizeof o->detail, "the builder failed");
        synta_cbb_cleanup(&cbb);
        free(j.text.p);
        return;
    }
    synta_cbb_cleanup(&cbb);
    sb_add(&o->text, j.text.p ? j.text.p : "", j.text.len);
    free(j.text.p);
    if (!t->encodes) {
        free(o->enc);
        o->enc = NULL;
    }
}

static void outcome_free(outcome *o) {
    free(o->text.p);
    free(o->enc);
}

/* ------------------------------------------------------------------ driver */

static int unhex(const char *s, size_t n, uint8_t *out) {
    size_t i;
    for (i = 0; i < n; i += 2) {
        unsigned v;
        if (sscanf(s + i, "%2x", &v) != 1) return 0;
        out[i / 2] = (uint8_t)v;
    }
    return n % 2 == 0;
}

static char *read_file(const char *path, size_t *out_len) {
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, len = 0, got;
    if (f == NULL) return NULL;
    do {
        if (cap - len < 4096) {
            cap = cap ? cap * 2 : 65536;
            buf = realloc(buf, cap + 1);
            if (buf == NULL) exit(2);
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    fclose(f);
    buf[len] = '\0';
    *out_len = len;
    return buf;
}

/* Prints at most 80 characters of |s| (long hex rows). */
static void put_short(const char *s) { printf("%.80s%s", s, strlen(s) > 80 ? "..." : ""); }

static void report(unsigned long lineno, const char *hex, const char *rules, const char *type,
                   const char *expected, const char *got, const char *why) {
    printf("line %lu: %s %s ", lineno, rules, type);
    put_short(hex);
    printf(": expected ");
    put_short(expected);
    printf(", got ");
    put_short(got);
    printf(" (%s)\n", why);
}

/* Checks one row; returns 1 when it agrees. */
static int check_row(unsigned long lineno, char **f) {
    const char *hex = f[0], *rname = f[1], *tname = f[2], *expected = f[3];
    size_t hlen = strlen(hex);
    uint8_t *bytes = malloc(hlen / 2 + 1);
    synta_rules rules;
    const vtype *t = find_type(tname);
    outcome o;
    int good = 1;
    if (bytes == NULL) exit(2);
    if (strcmp(rname, "der") == 0) {
        rules = SYNTA_DER;
    } else if (strcmp(rname, "ber") == 0) {
        rules = SYNTA_BER;
    } else if (strcmp(rname, "cer") == 0) {
        rules = SYNTA_CER;
    } else {
        report(lineno, hex, rname, tname, expected, "?", "unknown rules");
        free(bytes);
        return 0;
    }
    if (t == NULL || !unhex(hex, hlen, bytes)) {
        report(lineno, hex, rname, tname, expected, "?", t == NULL ? "unknown type" : "bad hex");
        free(bytes);
        return 0;
    }
    run(t, bytes, hlen / 2, rules, rules == SYNTA_BER ? SYNTA_DER : rules, &o);
    if (strcmp(o.text.p, expected) != 0) {
        report(lineno, hex, rname, tname, expected, o.text.p, o.detail);
        good = 0;
    } else if (o.enc != NULL && rules == SYNTA_BER && strcmp(tname, "set-of-integer") != 0) {
        /* The DER encoding must read back (as BER) to the same value. SET OF is left
         * out as in the Rust runner: DER sorts it, so the order may change. */
        outcome back;
        run(t, o.enc, o.enc_len, SYNTA_BER, SYNTA_DER, &back);
        if (strcmp(back.text.p, expected) != 0) {
            strbuf h = {NULL, 0, 0};
            sb_hex(&h, o.enc, o.enc_len);
            report(lineno, hex, rname, tname, expected, back.text.p,
                   "DER re-encoding reads back differently");
            printf("    re-encoding: %.160s\n", h.p ? h.p : "");
            free(h.p);
            good = 0;
        }
        outcome_free(&back);
    } else if (o.enc != NULL && rules != SYNTA_BER &&
               (o.enc_len != hlen / 2 || memcmp(o.enc, bytes, o.enc_len) != 0)) {
        strbuf h = {NULL, 0, 0};
        sb_hex(&h, o.enc, o.enc_len);
        report(lineno, hex, rname, tname, expected, h.p ? h.p : "", "re-encoding differs");
        free(h.p);
        good = 0;
    }
    outcome_free(&o);
    free(bytes);
    return good;
}

int main(int argc, char **argv) {
    size_t len, rows = 0, failed = 0;
    unsigned long lineno = 0;
    char *text, *line, *next;
    if (argc != 2) {
        fprintf(stderr, "usage: %s codec.tsv\n", argv[0]);
        return 2;
    }
    text = read_file(argv[1], &len);
    if (text == NULL) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    for (line = text; line != NULL && *line != '\0'; line = next) {
        char *f[6], *p = line;
        int nf = 0;
        next = strchr(line, '\n');
        if (next != NULL) *next++ = '\0';
        lineno++;
        if (*line == '\0' || *line == '#') continue;
        /* Exactly 6 TAB-separated fields, no quoting. */
        f[nf++] = p;
        while ((p = strchr(p, '\t')) != NULL) {
            *p++ = '\0';
            if (nf == 6) {
                nf++;
                break;
            }
            f[nf++] = p;
        }
        rows++;
        if (nf != 6) {
            printf("line %lu: %d fields\n", lineno, nf);
            failed++;
            continue;
        }
        if (!check_row(lineno, f)) failed++;
    }
    free(text);
    if (rows < 150) {
        printf("only %lu rows\n", (unsigned long)rows);
        return 1;
    }
    if (failed != 0) {
        printf("%lu of %lu rows failed\n", (unsigned long)failed, (unsigned long)rows);
        return 1;
    }
    printf("%lu rows, all agree\n", (unsigned long)rows);
    return 0;
}
