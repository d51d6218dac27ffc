/*
 * synta_dump.c - the C twin of `synta dump`: prints the TLV tree of one
 * DER/BER/CER value (PEM or binary input) and validates every primitive.
 *
 *   synta_dump [--der|--ber|--cer] FILE|-
 *
 * stdout, stderr and the exit status (0 valid, 1 invalid or unreadable,
 * 2 usage error) are byte-identical to the Rust tool
 * (runtime-rust/synta/src/dump.rs, walk.rs, pem.rs, tools/synta-cli), which
 * runtime-c/tests/dump_compare.sh checks. The walk and the value checks are
 * written out here rather than taken from libsynta because the output must
 * carry the Rust error texts and offsets exactly, which the library's error
 * model (kind + static detail) does not promise.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rust_escape.h"

enum rules { DER, BER, CER };
static const char *const RULES_NAME[] = {"DER", "BER", "CER"};

#define MAX_DEPTH 64u
#define CER_SEGMENT 1000u

/* ------------------------------------------------------------ out strings */

typedef struct str {
    char *p;
    size_t len, cap;
} str;

static void put(str *s, const char *text, size_t n) {
    if (s->len + n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 256;
        while (cap < s->len + n + 1) {
            cap *= 2;
        }
        char *p = realloc(s->p, cap);
        if (p == NULL) {
            fputs("synta: out of memory\n", stderr);
            exit(1);
        }
        s->p = p;
        s->cap = cap;
    }
    memcpy(s->p + s->len, text, n);
    s->len += n;
    s->p[s->len] = 0;
}

static void putf(str *s, const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    put(s, buf, n < 0 ? 0 : (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

static void puts_s(str *s, const char *text) { put(s, text, strlen(text)); }

/* ----------------------------------------------------------------- errors */

/* err: the first error, already in the Rust Display form of its kind. */
typedef struct err {
    size_t offset;
    char msg[200];
} err;

static int fail(err *e, size_t offset, const char *fmt, ...) {
    va_list ap;
    e->offset = offset;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
    va_end(ap);
    return 0;
}

/* The Display texts of ErrorKind (runtime-rust/synta/src/error.rs). */
#define E_TRUNCATED "input truncated"
#define E_TRAILING "trailing data after value"
#define E_DEPTH "nesting depth limit exceeded"
#define E_MISSING "missing element"
#define E_INVALID_TAG "invalid tag encoding"
#define E_INVALID_LENGTH "invalid length encoding"
#define NC(why, clause) why " (X.690 " clause ")"
#define NC_LENGTH NC("non-minimal length encoding", "10.1")
#define NC_INDEFINITE NC("indefinite length not allowed", "10.1")
#define NC_DEFINITE_CONSTRUCTED NC("constructed encoding must use indefinite length", "9.1")
#define NC_TAG NC("non-minimal tag encoding", "8.1.2.4")
#define NC_INTEGER NC("non-minimal INTEGER encoding", "8.3.2")
#define NC_BOOLEAN NC("BOOLEAN TRUE must be 0xFF", "11.1")
#define NC_BIT_PADDING NC("BIT STRING padding bits not zero", "11.2.1")
#define NC_SEGMENT NC("string segments must be 1000 octets", "9.2")
#define NC_OID NC("sub-identifier with leading 0x80", "8.19.2")
#define NC_TIME NC("time not in canonical form", "11.7/11.8")
#define NC_REAL NC("REAL not in canonical form", "11.3")
#define IV(why) "invalid value: " why
#define UNSUP(what) "unsupported: " what

/* ------------------------------------------------------------------ reader */

/* rd mirrors the Rust Reader: a window, its absolute base, whether it ends
 * at end-of-contents octets, and its depth. */
typedef struct rd {
    const uint8_t *in;
    size_t len, pos, base;
    int indefinite;
    uint32_t depth;
} rd;

typedef struct tag {
    unsigned cls;
    uint32_t number;
    int constructed;
} tag;

typedef struct header {
    tag t;
    int indefinite;
    size_t length, offset, header_len;
} header;

static size_t rd_offset(const rd *r) { return r->base + r->pos; }

static size_t rd_remaining(const rd *r) { return r->len - r->pos; }

static int rd_at_eoc(const rd *r) {
    return rd_remaining(r) >= 2 && r->in[r->pos] == 0 && r->in[r->pos + 1] == 0;
}

static int rd_finished(const rd *r) { return r->indefinite ? rd_at_eoc(r) : r->pos >= r->len; }

static int read_header(rd *r, enum rules rules, header *h, err *e) {
    size_t offset = rd_offset(r);
    if (rd_finished(r)) {
        return fail(e, offset, E_MISSING);
    }
    const uint8_t *p = r->in + r->pos;
    size_t n = rd_remaining(r);
    if (n == 0) {
        return fail(e, offset, E_TRUNCATED);
    }
    tag t = {p[0] >> 6, p[0] & 0x1Fu, (p[0] & 0x20) != 0};
    size_t tlen = 1;
    if (t.number == 0x1F) {
        uint32_t number = 0;
        for (;;) {
            if (tlen >= n) {
                return fail(e, offset, E_TRUNCATED);
            }
            uint8_t b = p[tlen];
            if (tlen == 1 && b == 0x80) {
                return fail(e, offset, NC_TAG);
            }
            if (number > (UINT32_MAX >> 7)) {
                return fail(e, offset, E_INVALID_TAG);
            }
            number = (number << 7) | (b & 0x7Fu);
            tlen++;
            if (!(b & 0x80)) {
                break;
            }
        }
        if (number < 31) {
            return fail(e, offset, NC_TAG);
        }
        t.number = number;
    }
    if (t.cls == 0 && t.number == 0) { /* X.690 8.1.5: end-of-contents */
        return fail(e, offset, n < 2 ? E_TRUNCATED : E_INVALID_TAG);
    }
    size_t len_at = offset + tlen;
    if (tlen >= n) {
        return fail(e, len_at, E_TRUNCATED);
    }
    uint8_t first = p[tlen];
    size_t llen = 1, length = 0;
    int indefinite = 0;
    if (first < 0x80) {
        length = first;
    } else if (first == 0x80) {
        if (rules == DER) {
            return fail(e, len_at, NC_INDEFINITE);
        }
        indefinite = 1;
    } else if (first == 0xFF) {
        return fail(e, len_at, E_INVALID_LENGTH);
    } else {
        size_t count = first & 0x7Fu;
        if (count > n - tlen - 1) {
            return fail(e, len_at, E_TRUNCATED);
        }
        const uint8_t *oct = p + tlen + 1;
        if (rules != BER && oct[0] == 0) {
            return fail(e, len_at, NC_LENGTH);
        }
        for (size_t i = 0; i < count; i++) {
            if (length > (SIZE_MAX >> 8)) {
                return fail(e, len_at, E_INVALID_LENGTH);
            }
            length = (length << 8) | oct[i];
        }
        if (rules != BER && length < 0x80) {
            return fail(e, len_at, NC_LENGTH);
        }
        llen = 1 + count;
    }
    if (indefinite && !t.constructed) { /* X.690 8.1.3.2 a */
        return fail(e, len_at, E_INVALID_LENGTH);
    }
    if (!indefinite && t.constructed && rules == CER) {
        return fail(e, len_at, NC_DEFINITE_CONSTRUCTED);
    }
    if (!indefinite && n - tlen - llen < length) {
        return fail(e, len_at, E_TRUNCATED);
    }
    r->pos += tlen + llen;
    h->t = t;
    h->indefinite = indefinite;
    h->length = length;
    h->offset = offset;
    h->header_len = tlen + llen;
    return 1;
}

static int rd_child(const rd *r, const header *h, rd *child, err *e) {
    if (r->depth + 1 > MAX_DEPTH) {
        return fail(e, h->offset, E_DEPTH);
    }
    child->in = r->in + r->pos;
    child->len = h->indefinite ? rd_remaining(r) : h->length;
    child->pos = 0;
    child->base = rd_offset(r);
    child->indefinite = h->indefinite;
    child->depth = r->depth + 1;
    return 1;
}

static int rd_close_child(rd *r, const rd *child, err *e) {
    if (child->indefinite) {
        if (!rd_at_eoc(child)) {
            return fail(e, rd_offset(child), rd_remaining(child) < 2 ? E_TRUNCATED : E_TRAILING);
        }
        r->pos += child->pos + 2;
    } else {
        if (!rd_finished(child)) {
            return fail(e, rd_offset(child), E_TRAILING);
        }
        r->pos += child->pos;
    }
    return 1;
}

/* ------------------------------------------------------------- rendering */

static void tag_name(const tag *t, str *s) {
    static const char *const names[31] = {"END-OF-CONTENTS",
                                          "BOOLEAN",
                                          "INTEGER",
                                          "BIT STRING",
                                          "OCTET STRING",
                                          "NULL",
                                          "OBJECT IDENTIFIER",
                                          "ObjectDescriptor",
                                          "EXTERNAL",
                                          "REAL",
                                          "ENUMERATED",
                                          "EMBEDDED PDV",
                                          "UTF8String",
                                          "RELATIVE-OID",
                                          "TIME",
                                          NULL,
                                          "SEQUENCE",
                                          "SET",
                                          "NumericString",
                                          "PrintableString",
                                          "TeletexString",
                                          "VideotexString",
                                          "IA5String",
                                          "UTCTime",
                                          "GeneralizedTime",
                                          "GraphicString",
                                          "VisibleString",
                                          "GeneralString",
                                          "UniversalString",
                                          "CHARACTER STRING",
                                          "BMPString"};
    if (t->cls == 0 && t->number < 31 && names[t->number] != NULL) {
        puts_s(s, names[t->number]);
        return;
    }
    static const char *const fmt[4] = {"[UNIVERSAL %u]", "[APPLICATION %u]", "[%u]", "[PRIVATE %u]"};
    putf(s, fmt[t->cls], (unsigned)t->number);
}

static void hex(str *s, const uint8_t *p, size_t n, size_t max) {
    for (size_t i = 0; i < n && i < max; i++) {
        putf(s, "%02X", p[i]);
    }
    if (n > max) {
        puts_s(s, "...");
    }
}

/* big: little-endian u32 limbs, as runtime-rust/synta/src/bignum.rs. */
typedef struct big {
    uint32_t *limb;
    size_t n;
} big;

static void big_mul_add(big *b, uint32_t m, uint32_t a) {
    uint64_t carry = a;
    for (size_t i = 0; i < b->n; i++) {
        uint64_t v = (uint64_t)b->limb[i] * m + carry;
        b->limb[i] = (uint32_t)v;
        carry = v >> 32;
    }
    if (carry != 0) {
        b->limb[b->n++] = (uint32_t)carry; /* room: one limb per input octet */
    }
}

static uint32_t big_div_rem(big *b, uint32_t d) {
    uint64_t rem = 0;
    for (size_t i = b->n; i-- > 0;) {
        uint64_t cur = (rem << 32) | b->limb[i];
        b->limb[i] = (uint32_t)(cur / d);
        rem = cur % d;
    }
    while (b->n > 0 && b->limb[b->n - 1] == 0) {
        b->n--;
    }
    return (uint32_t)rem;
}

/* big_decimal appends the decimal form of |b| (consumed). */
static void big_decimal(big *b, str *s) {
    if (b->n == 0) {
        puts_s(s, "0");
        return;
    }
    size_t cap = b->n * 10 + 1, at = cap;
    char *digits = malloc(cap);
    if (digits == NULL) {
        exit(1);
    }
    while (b->n > 0) {
        uint32_t chunk = big_div_rem(b, 1000000000u);
        for (int i = 0; i < 9 && (b->n > 0 || chunk > 0); i++) {
            digits[--at] = (char)('0' + chunk % 10);
            chunk /= 10;
        }
    }
    put(s, digits + at, cap - at);
    free(digits);
}

/* digits_big: |n| octets of base |radix| digits (masked by |mask|) as a big. */
static big digits_big(const uint8_t *p, size_t n, uint32_t radix, uint8_t mask) {
    big b = {calloc(n + 1, sizeof(uint32_t)), 0};
    if (b.limb == NULL) {
        exit(1);
    }
    for (size_t i = 0; i < n; i++) {
        big_mul_add(&b, radix, p[i] & mask);
    }
    return b;
}

/* to_decimal: two's complement INTEGER contents in decimal. */
static void to_decimal(const uint8_t *c, size_t n, str *s) {
    big b;
    if (n > 0 && (c[0] & 0x80)) {
        uint8_t *mag = malloc(n);
        if (mag == NULL) {
            exit(1);
        }
        for (size_t i = 0; i < n; i++) {
            mag[i] = (uint8_t)~c[i];
        }
        for (size_t i = n; i-- > 0;) {
            if (++mag[i] != 0) {
                break;
            }
        }
        puts_s(s, "-");
        b = digits_big(mag, n, 256, 0xFF);
        free(mag);
    } else {
        b = digits_big(c, n, 256, 0xFF);
    }
    big_decimal(&b, s);
    free(b.limb);
}

/* dotted: OID / RELATIVE-OID contents (already checked) in dotted form. */
static void dotted(const uint8_t *c, size_t n, int absolute, str *s) {
    size_t i = 0;
    for (size_t k = 0; i < n; k++) {
        size_t j = i;
        while (c[j] & 0x80) {
            j++;
        }
        j++; /* sub-identifier c[i..j) */
        if (k > 0) {
            puts_s(s, ".");
        }
        if (j - i <= 9) {
            uint64_t v = 0;
            for (size_t m = i; m < j; m++) {
                v = (v << 7) | (c[m] & 0x7Fu);
            }
            if (k == 0 && absolute) { /* X.690 8.19.4: X*40 + Y */
                uint64_t x = v / 40 < 2 ? v / 40 : 2;
                putf(s, "%llu.%llu", (unsigned long long)x, (unsigned long long)(v - x * 40));
            } else {
                putf(s, "%llu", (unsigned long long)v);
            }
        } else {
            big b = digits_big(c + i, j - i, 128, 0x7F);
            if (k == 0 && absolute) { /* above 2^56, so X = 2 */
                uint32_t borrow = 80;
                for (size_t m = 0; m < b.n && borrow; m++) {
                    uint32_t old = b.limb[m];
                    b.limb[m] = old - borrow;
                    borrow = old < borrow;
                }
                while (b.n > 0 && b.limb[b.n - 1] == 0) {
                    b.n--;
                }
                puts_s(s, "2.");
            }
            big_decimal(&b, s);
            free(b.limb);
        }
        i = j;
    }
}

/* utf8_next decodes one scalar value as Rust's from_utf8 accepts it; returns
 * its length, or 0 when the bytes at |p| are not valid UTF-8. */
static size_t utf8_next(const uint8_t *p, size_t n, uint32_t *out) {
    uint8_t b = p[0];
    size_t k;
    uint32_t v, min;
    if (b < 0x80) {
        *out = b;
        return 1;
    } else if (b >= 0xC2 && b <= 0xDF) {
        k = 2, v = b & 0x1Fu, min = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
        k = 3, v = b & 0x0Fu, min = 0x800;
    } else if (b >= 0xF0 && b <= 0xF4) {
        k = 4, v = b & 0x07u, min = 0x10000;
    } else {
        return 0;
    }
    if (n < k) {
        return 0;
    }
    for (size_t i = 1; i < k; i++) {
        if ((p[i] & 0xC0) != 0x80) {
            return 0;
        }
        v = (v << 6) | (p[i] & 0x3Fu);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
        return 0;
    }
    *out = v;
    return k;
}

static int utf8_valid(const uint8_t *p, size_t n) {
    uint32_t v;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_next(p + i, n - i, &v);
        if (k == 0) {
            return 0;
        }
        i += k;
    }
    return 1;
}

static void put_utf8(str *s, uint32_t v) {
    char b[4];
    size_t n;
    if (v < 0x80) {
        b[0] = (char)v, n = 1;
    } else if (v < 0x800) {
        b[0] = (char)(0xC0 | (v >> 6)), b[1] = (char)(0x80 | (v & 0x3F)), n = 2;
    } else if (v < 0x10000) {
        b[0] = (char)(0xE0 | (v >> 12)), b[1] = (char)(0x80 | ((v >> 6) & 0x3F));
        b[2] = (char)(0x80 | (v & 0x3F)), n = 3;
    } else {
        b[0] = (char)(0xF0 | (v >> 18)), b[1] = (char)(0x80 | ((v >> 12) & 0x3F));
        b[2] = (char)(0x80 | ((v >> 6) & 0x3F)), b[3] = (char)(0x80 | (v & 0x3F)), n = 4;
    }
    put(s, b, n);
}

static int rust_escapes(uint32_t v) {
    size_t lo = 0, hi = sizeof(rust_escape_ranges) / sizeof(rust_escape_ranges[0]);
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (v < rust_escape_ranges[mid][0]) {
            hi = mid;
        } else if (v > rust_escape_ranges[mid][1]) {
            lo = mid + 1;
        } else {
            return 1;
        }
    }
    return 0;
}

/* put_debug_char writes |v| as Rust's `{:?}` of a str does. */
static void put_debug_char(str *s, uint32_t v) {
    switch (v) {
        case 0:
            puts_s(s, "\\0");
            return;
        case '\t':
            puts_s(s, "\\t");
            return;
        case '\n':
            puts_s(s, "\\n");
            return;
        case '\r':
            puts_s(s, "\\r");
            return;
        case '"':
            puts_s(s, "\\\"");
            return;
        case '\\':
            puts_s(s, "\\\\");
            return;
        default:
            break;
    }
    if (rust_escapes(v)) {
        putf(s, "\\u{%x}", (unsigned)v);
    } else {
        put_utf8(s, v);
    }
}

enum text_kind { TEXT_LATIN, TEXT_UTF8, TEXT_BMP, TEXT_UNIVERSAL };

/* quoted: the string's text (as the Rust Text impls make it) in `{:?}` form. */
static void quoted(const uint8_t *c, size_t n, enum text_kind kind, str *s) {
    puts_s(s, "\"");
    if (kind == TEXT_LATIN) {
        for (size_t i = 0; i < n; i++) {
            put_debug_char(s, c[i]);
        }
    } else if (kind == TEXT_UTF8) { /* checked valid before */
        uint32_t v = 0;
        for (size_t i = 0, k; i < n; i += k) {
            k = utf8_next(c + i, n - i, &v);
            put_debug_char(s, v);
        }
    } else {
        size_t w = kind == TEXT_BMP ? 2 : 4;
        for (size_t i = 0; i + w <= n; i += w) {
            uint32_t v = 0;
            for (size_t j = 0; j < w; j++) {
                v = (v << 8) | c[i + j];
            }
            put_debug_char(s, (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF ? 0xFFFD : v);
        }
    }
    puts_s(s, "\"");
}

/* ----------------------------------------------------------- value checks */

static int check_int(const uint8_t *c, size_t n, size_t at, err *e) {
    if (n == 0) {
        return fail(e, at, IV("INTEGER contents are empty"));
    }
    if (n > 1 && ((c[0] == 0 && !(c[1] & 0x80)) || (c[0] == 0xFF && (c[1] & 0x80)))) {
        return fail(e, at, NC_INTEGER);
    }
    return 1;
}

static int check_subids(const uint8_t *c, size_t n, size_t at, err *e) {
    if (n == 0) {
        return fail(e, at, IV("empty OBJECT IDENTIFIER"));
    }
    int start = 1;
    for (size_t i = 0; i < n; i++) {
        if (start && c[i] == 0x80) {
            return fail(e, at, NC_OID);
        }
        start = !(c[i] & 0x80);
    }
    return start ? 1 : fail(e, at, IV("truncated sub-identifier"));
}

/* check_string applies the alphabet of universal string type |number|. */
static int check_string(uint32_t number, const uint8_t *c, size_t n, size_t at, err *e) {
    for (size_t i = 0; i < n; i++) {
        uint8_t b = c[i];
        switch (number) {
            case 19: /* PrintableString */
                if (!((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') ||
                      (b != 0 && strchr(" '()+,-./:=?", b) != NULL))) {
                    return fail(e, at, IV("character not in PrintableString alphabet"));
                }
                break;
            case 22: /* IA5String */
                if (b >= 0x80) {
                    return fail(e, at, IV("character not in IA5String alphabet"));
                }
                break;
            case 18: /* NumericString */
                if (!((b >= '0' && b <= '9') || b == ' ')) {
                    return fail(e, at, IV("character not in NumericString alphabet"));
                }
                break;
            case 26: /* VisibleString */
                if (b < 0x20 || b >= 0x7F) {
                    return fail(e, at, IV("character not in VisibleString alphabet"));
                }
                break;
            case 7:
            case 25: /* ObjectDescriptor, GraphicString */
                if (!(b == 0x1B || (b >= 0x20 && b != 0x7F))) {
                    return fail(e, at, IV("control character in GraphicString"));
                }
                break;
            default:
                break;
        }
    }
    if (number == 12 && !utf8_valid(c, n)) {
        return fail(e, at, IV("UTF8String is not valid UTF-8"));
    }
    if (number == 30) {
        if (n % 2 != 0) {
            return fail(e, at, IV("BMPString length is odd"));
        }
        for (size_t i = 0; i < n; i += 2) {
            if (c[i] >= 0xD8 && c[i] <= 0xDF) {
                return fail(e, at, IV("surrogate in BMPString"));
            }
        }
    }
    if (number == 28) {
        if (n % 4 != 0) {
            return fail(e, at, IV("UniversalString length not a multiple of 4"));
        }
        for (size_t i = 0; i < n; i += 4) {
            uint32_t v = (uint32_t)c[i] << 24 | (uint32_t)c[i + 1] << 16 | (uint32_t)c[i + 2] << 8 | c[i + 3];
            if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
                return fail(e, at, IV("UniversalString character out of range"));
            }
        }
    }
    return 1;
}

/* ------------------------------------------------------------------- REAL */

#define BAD_REAL IV("malformed REAL")

enum real_kind { R_ZERO, R_MINUS_ZERO, R_PLUS_INF, R_MINUS_INF, R_NAN, R_BINARY, R_DECIMAL };

typedef struct real {
    enum real_kind kind;
    int negative;
    uint64_t mantissa;
    int32_t exponent;
} real;

/* real_binary: Real::binary, normalised to an odd mantissa. */
static real real_binary(int negative, uint64_t m, int64_t exponent) {
    real r = {R_BINARY, negative, m, 0};
    int tz = 0;
    while (!(m & 1)) {
        m >>= 1;
        tz++;
    }
    if (exponent + tz > INT32_MAX) {
        r.kind = negative ? R_MINUS_INF : R_PLUS_INF;
        return r;
    }
    r.mantissa = m;
    r.exponent = (int32_t)(exponent + tz);
    return r;
}

static int parse_binary(const uint8_t *c, size_t n, real *out, size_t at, err *e) {
    uint8_t first = c[0];
    int negative = (first & 0x40) != 0;
    static const int64_t log2_base[4] = {1, 3, 4, 0};
    if (((first >> 4) & 3) == 3) {
        return fail(e, at, IV("reserved REAL base"));
    }
    int64_t scale = (first >> 2) & 3;
    size_t i = 1, elen;
    if ((first & 3) == 3) {
        if (n < 2) {
            return fail(e, at, BAD_REAL);
        }
        elen = c[1];
        i = 2;
    } else {
        elen = (size_t)(first & 3) + 1;
    }
    if (elen == 0 || elen > n - i) {
        return fail(e, at, BAD_REAL);
    }
    if (elen > 8) {
        return fail(e, at, UNSUP("REAL exponent above 64 bits"));
    }
    int64_t ex = (c[i] & 0x80) ? -1 : 0;
    for (size_t k = 0; k < elen; k++) {
        ex = (int64_t)(((uint64_t)ex << 8) | c[i + k]);
    }
    const uint8_t *mant = c + i + elen;
    size_t mlen = n - i - elen;
    if (mlen == 0) {
        return fail(e, at, IV("REAL without mantissa"));
    }
    size_t last = mlen;
    while (last > 0 && mant[last - 1] == 0) {
        last--;
    }
    if (last == 0) {
        return fail(e, at, IV("zero mantissa"));
    }
    size_t lead = 0;
    while (mant[lead] == 0) {
        lead++;
    }
    if (last - lead > 8) {
        return fail(e, at, UNSUP("REAL mantissa above 64 bits"));
    }
    uint64_t m = 0;
    for (size_t k = lead; k < last; k++) {
        m = (m << 8) | mant[k];
    }
    int64_t shifted = (int64_t)(mlen - last) * 8, e2;
    if (__builtin_mul_overflow(ex, log2_base[(first >> 4) & 3], &e2) ||
        __builtin_add_overflow(e2, scale + shifted, &e2) || e2 > INT32_MAX || e2 < INT32_MIN) {
        return fail(e, at, UNSUP("REAL exponent out of range"));
    }
    *out = real_binary(negative, m, e2);
    return 1;
}

static int parse_decimal(uint8_t form, const uint8_t *t, size_t n, real *out, size_t at, err *e) {
    if (form < 1 || form > 3) {
        return fail(e, at, IV("reserved REAL decimal form"));
    }
    if (!utf8_valid(t, n)) {
        return fail(e, at, BAD_REAL);
    }
    size_t i = 0;
    while (i < n && t[i] == ' ') {
        i++;
    }
    int negative = 0;
    if (i < n && (t[i] == '-' || t[i] == '+')) {
        negative = t[i] == '-';
        i++;
    }
    size_t end = n, epos = n;
    for (size_t k = i; k < n; k++) {
        if (t[k] == 'E' || t[k] == 'e') {
            epos = k;
            break;
        }
    }
    if ((epos < n) != (form == 3)) {
        return fail(e, at, BAD_REAL);
    }
    end = epos;
    size_t dot = end;
    for (size_t k = i; k < end; k++) {
        if (t[k] == '.' || t[k] == ',') {
            dot = k;
            break;
        }
    }
    if ((dot < end && form < 2) || (dot == end && form == 2)) {
        return fail(e, at, BAD_REAL);
    }
    size_t int_len = dot - i, frac_len = dot < end ? end - dot - 1 : 0;
    if (int_len == 0 && frac_len == 0) {
        return fail(e, at, BAD_REAL);
    }
    int64_t exponent = 0;
    if (epos < n) {
        const uint8_t *x = t + epos + 1;
        size_t xn = n - epos - 1, signs = 0;
        while (signs < xn && (x[signs] == '+' || x[signs] == '-')) {
            signs++;
        }
        if (signs == xn || signs > 1) {
            return fail(e, at, BAD_REAL);
        }
        for (size_t k = signs; k < xn; k++) {
            if (x[k] < '0' || x[k] > '9') {
                return fail(e, at, BAD_REAL);
            }
        }
        int neg = signs == 1 && x[0] == '-';
        uint64_t mag = 0, lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
        for (size_t k = signs; k < xn; k++) {
            uint64_t d = (uint64_t)(x[k] - '0');
            if (mag > (lim - d) / 10) {
                return fail(e, at, UNSUP("REAL exponent out of range"));
            }
            mag = mag * 10 + d;
        }
        exponent = neg ? (int64_t)(0 - mag) : (int64_t)mag;
    }
    uint64_t m = 0;
    int seen = 0;
    for (size_t k = i; k < end; k++) {
        if (k == dot) {
            continue;
        }
        if (t[k] < '0' || t[k] > '9') {
            return fail(e, at, BAD_REAL);
        }
        uint64_t d = (uint64_t)(t[k] - '0');
        if (!seen && d == 0) {
            continue;
        }
        seen = 1;
        if (m > (UINT64_MAX - d) / 10) {
            return fail(e, at, UNSUP("REAL mantissa above 64 bits"));
        }
        m = m * 10 + d;
    }
    exponent -= (int64_t)frac_len;
    if (exponent > INT32_MAX || exponent < INT32_MIN) {
        return fail(e, at, UNSUP("REAL exponent out of range"));
    }
    if (m == 0) {
        return fail(e, at, IV("decimal zero"));
    }
    while (m % 10 == 0) {
        m /= 10;
        exponent = exponent < INT32_MAX ? exponent + 1 : INT32_MAX;
    }
    out->kind = R_DECIMAL;
    out->negative = negative;
    out->mantissa = m;
    out->exponent = (int32_t)exponent;
    return 1;
}

/* real_canonical: canonical_bytes() of real.rs, into |b| (returns length). */
static size_t real_canonical(const real *r, uint8_t *b) {
    size_t n = 0;
    switch (r->kind) {
        case R_ZERO:
            return 0;
        case R_PLUS_INF:
            b[0] = 0x40;
            return 1;
        case R_MINUS_INF:
            b[0] = 0x41;
            return 1;
        case R_NAN:
            b[0] = 0x42;
            return 1;
        case R_MINUS_ZERO:
            b[0] = 0x43;
            return 1;
        case R_BINARY: {
            uint8_t ex[4];
            uint32_t u = (uint32_t)r->exponent;
            for (int k = 3; k >= 0; k--) {
                ex[k] = (uint8_t)u;
                u >>= 8;
            }
            size_t s = 0;
            while (s < 3 && ((ex[s] == 0 && !(ex[s + 1] & 0x80)) || (ex[s] == 0xFF && (ex[s + 1] & 0x80)))) {
                s++;
            }
            size_t elen = 4 - s;
            uint8_t sign = r->negative ? 0x40 : 0;
            if (elen <= 3) {
                b[n++] = (uint8_t)(0x80 | sign | (elen - 1));
            } else {
                b[n++] = (uint8_t)(0x83 | sign);
                b[n++] = (uint8_t)elen;
            }
            memcpy(b + n, ex + s, elen);
            n += elen;
            int started = 0;
            for (int k = 7; k >= 0; k--) {
                uint8_t byte = (uint8_t)(r->mantissa >> (8 * k));
                if (byte != 0 || started) {
                    b[n++] = byte;
                    started = 1;
                }
            }
            return n;
        }
        case R_DECIMAL: {
            char text[64];
            int k = snprintf(text, sizeof(text), "%s%llu.E", r->negative ? "-" : "",
                             (unsigned long long)r->mantissa);
            if (r->exponent == 0) {
                k += snprintf(text + k, sizeof(text) - (size_t)k, "+0");
            } else {
                k += snprintf(text + k, sizeof(text) - (size_t)k, "%ld", (long)r->exponent);
            }
            b[0] = 0x03;
            memcpy(b + 1, text, (size_t)k);
            return 1 + (size_t)k;
        }
    }
    return 0;
}

static int describe_real(const uint8_t *c, size_t n, enum rules rules, size_t at, str *v, err *e) {
    real r = {R_ZERO, 0, 0, 0};
    if (n == 0) {
        r.kind = R_ZERO;
    } else if (c[0] & 0x80) {
        if (!parse_binary(c, n, &r, at, e)) {
            return 0;
        }
    } else if (c[0] & 0x40) {
        if (n != 1 || c[0] > 0x43) {
            return fail(e, at, IV("reserved REAL special value"));
        }
        static const enum real_kind special[4] = {R_PLUS_INF, R_MINUS_INF, R_NAN, R_MINUS_ZERO};
        r.kind = special[c[0] - 0x40];
    } else if (!parse_decimal(c[0] & 0x3F, c + 1, n - 1, &r, at, e)) {
        return 0;
    }
    if (rules != BER) {
        uint8_t canon[80];
        size_t k = real_canonical(&r, canon);
        if (k != n || memcmp(canon, c, n) != 0) {
            return fail(e, at, NC_REAL);
        }
    }
    static const char *const fixed[5] = {"0", "-0", "+inf", "-inf", "nan"};
    if (r.kind < R_BINARY) {
        puts_s(v, fixed[r.kind]);
    } else {
        putf(v, "%s%llu*%s^%ld", r.negative ? "-" : "", (unsigned long long)r.mantissa,
             r.kind == R_BINARY ? "2" : "10", (long)r.exponent);
    }
    return 1;
}

/* ------------------------------------------------------------------ times */

#define BAD_TIME IV("malformed time")

typedef struct dtime {
    unsigned year, month, day, hour;
    int minute, second; /* -1: absent */
    int has_fraction;
    uint64_t fraction;
    unsigned fraction_digits;
    int zone; /* 0 Z, 1 offset, 2 local */
    int offset_minutes;
} dtime;

typedef struct text {
    const uint8_t *s;
    size_t n;
} text;

static int take_digits(text *t, size_t k, unsigned *out) {
    if (t->n < k) {
        return 0;
    }
    unsigned v = 0;
    for (size_t i = 0; i < k; i++) {
        if (t->s[i] < '0' || t->s[i] > '9') {
            return 0;
        }
        v = v * 10 + (unsigned)(t->s[i] - '0');
    }
    t->s += k;
    t->n -= k;
    *out = v;
    return 1;
}

static int peek_digit(const text *t) { return t->n > 0 && t->s[0] >= '0' && t->s[0] <= '9'; }

static unsigned days_in_month(unsigned y, unsigned m) {
    static const unsigned char d[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12) {
        return 0;
    }
    return d[m - 1] + (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0));
}

/* parse_time: parse_utc / parse_generalized of time.rs; 0 with |e| set. */
static int parse_time(const uint8_t *c, size_t n, int gen, dtime *dt, size_t at, err *e) {
    text t = {c, n};
    unsigned v;
    memset(dt, 0, sizeof(*dt));
    dt->minute = dt->second = -1;
    if (gen) {
        if (!take_digits(&t, 4, &dt->year)) {
            return fail(e, at, BAD_TIME);
        }
    } else {
        if (!take_digits(&t, 2, &v)) {
            return fail(e, at, BAD_TIME);
        }
        dt->year = (v >= 50 ? 1900 : 2000) + v;
    }
    if (!take_digits(&t, 2, &dt->month) || !take_digits(&t, 2, &dt->day) || !take_digits(&t, 2, &dt->hour)) {
        return fail(e, at, BAD_TIME);
    }
    if (!gen || peek_digit(&t)) {
        if (!take_digits(&t, 2, &v)) {
            return fail(e, at, BAD_TIME);
        }
        dt->minute = (int)v;
    }
    if (dt->minute >= 0 && peek_digit(&t)) {
        if (!take_digits(&t, 2, &v)) {
            return fail(e, at, BAD_TIME);
        }
        dt->second = (int)v;
    }
    if (gen && t.n > 0 && (t.s[0] == '.' || t.s[0] == ',')) {
        t.s++;
        t.n--;
        size_t k = 0;
        while (k < t.n && t.s[k] >= '0' && t.s[k] <= '9') {
            k++;
        }
        if (k == 0) {
            return fail(e, at, IV("fraction without digits"));
        }
        if (k > 18) {
            return fail(e, at, UNSUP("time fraction above 18 digits"));
        }
        for (size_t i = 0; i < k; i++) {
            dt->fraction = dt->fraction * 10 + (uint64_t)(t.s[i] - '0');
        }
        dt->has_fraction = 1;
        dt->fraction_digits = (unsigned)k;
        t.s += k;
        t.n -= k;
    }
    if (t.n == 0 && gen) {
        dt->zone = 2;
    } else if (t.n > 0 && t.s[0] == 'Z') {
        t.s++;
        t.n--;
    } else if (t.n > 0 && (t.s[0] == '+' || t.s[0] == '-')) {
        int neg = t.s[0] == '-';
        unsigned hh, mm;
        t.s++;
        t.n--;
        if (!take_digits(&t, 2, &hh) || !take_digits(&t, 2, &mm)) {
            return fail(e, at, BAD_TIME);
        }
        if (hh > 23 || mm > 59) {
            return fail(e, at, IV("time zone offset out of range"));
        }
        dt->zone = 1;
        dt->offset_minutes = neg ? -(int)(hh * 60 + mm) : (int)(hh * 60 + mm);
    } else {
        return fail(e, at, BAD_TIME);
    }
    if (t.n != 0) {
        return fail(e, at, BAD_TIME);
    }
    int ok = dt->month >= 1 && dt->month <= 12 && dt->day >= 1 &&
             dt->day <= days_in_month(dt->year, dt->month) && dt->hour <= 23 && dt->minute <= 59 &&
             dt->second <= 59;
    if (!ok) {
        return fail(e, at, IV("date or time out of range"));
    }
    return 1;
}

static void put_digits(str *s, uint64_t v, unsigned width) {
    char b[24];
    for (unsigned i = width; i-- > 0;) {
        b[i] = (char)('0' + v % 10);
        v /= 10;
    }
    put(s, b, width);
}

/* render_time: render_bytes() of time.rs (the encoded text). */
static void render_time(const dtime *dt, int gen, str *s) {
    put_digits(s, gen ? dt->year : dt->year % 100, gen ? 4 : 2);
    put_digits(s, dt->month, 2);
    put_digits(s, dt->day, 2);
    put_digits(s, dt->hour, 2);
    if (dt->minute >= 0) {
        put_digits(s, (unsigned)dt->minute, 2);
    }
    if (dt->second >= 0) {
        put_digits(s, (unsigned)dt->second, 2);
    }
    if (dt->has_fraction) {
        puts_s(s, ".");
        put_digits(s, dt->fraction, dt->fraction_digits);
    }
    if (dt->zone == 0) {
        puts_s(s, "Z");
    } else if (dt->zone == 1) {
        unsigned a = (unsigned)(dt->offset_minutes < 0 ? -dt->offset_minutes : dt->offset_minutes);
        puts_s(s, dt->offset_minutes < 0 ? "-" : "+");
        put_digits(s, a / 60, 2);
        put_digits(s, a % 60, 2);
    }
}

static int describe_time(const uint8_t *c, size_t n, int gen, enum rules rules, size_t at, str *v, err *e) {
    dtime dt;
    if (!parse_time(c, n, gen, &dt, at, e)) {
        return 0;
    }
    if (rules != BER) {
        int canonical = dt.minute >= 0 && dt.second >= 0 && dt.zone == 0 &&
                        (!dt.has_fraction || (gen && dt.fraction % 10 != 0));
        str r = {0};
        render_time(&dt, gen, &r);
        int same = r.len == n && memcmp(r.p, c, n) == 0;
        free(r.p);
        if (!canonical || !same) {
            return fail(e, at, NC_TIME);
        }
    }
    /* DateTime's Display: RFC 3339 style. */
    putf(v, "%04u-%02u-%02uT%02u", dt.year, dt.month, dt.day, dt.hour);
    if (dt.minute >= 0) {
        putf(v, ":%02d", dt.minute);
    }
    if (dt.second >= 0) {
        putf(v, ":%02d", dt.second);
    }
    if (dt.has_fraction) {
        char f[24];
        snprintf(f, sizeof(f), "%0*llu", (int)dt.fraction_digits, (unsigned long long)dt.fraction);
        putf(v, ".%s", f);
    }
    if (dt.zone == 0) {
        puts_s(v, "Z");
    } else if (dt.zone == 1) {
        unsigned a = (unsigned)(dt.offset_minutes < 0 ? -dt.offset_minutes : dt.offset_minutes);
        putf(v, "%c%02u%02u", dt.offset_minutes < 0 ? '-' : '+', a / 60, a % 60);
    }
    return 1;
}

/* describe_primitive: describe_primitive() of dump.rs for one element. */
static int describe(const header *h, const uint8_t *c, size_t n, enum rules rules, str *v, err *e) {
    size_t at = h->offset + h->header_len;
    if (h->t.cls != 0) {
        hex(v, c, n, 32);
        return 1;
    }
    int cer_long = rules == CER && n > CER_SEGMENT;
    switch (h->t.number) {
        case 1:
            if (n != 1) {
                return fail(e, at, IV("BOOLEAN must be one octet"));
            }
            if (c[0] != 0 && c[0] != 0xFF && rules != BER) {
                return fail(e, at, NC_BOOLEAN);
            }
            puts_s(v, c[0] ? "true" : "false");
            return 1;
        case 2:
        case 10:
            if (!check_int(c, n, at, e)) {
                return 0;
            }
            to_decimal(c, n, v);
            if (n > 8) {
                puts_s(v, " (0x");
                hex(v, c, n, 64);
                puts_s(v, ")");
            }
            return 1;
        case 3: {
            if (cer_long) {
                return fail(e, h->offset, NC_SEGMENT);
            }
            if (n == 0) {
                return fail(e, at, IV("BIT STRING without initial octet"));
            }
            uint8_t unused = c[0];
            if (unused > 7) {
                return fail(e, at, IV("BIT STRING unused bits above 7"));
            }
            if (n == 1 && unused != 0) {
                return fail(e, at, IV("empty BIT STRING with unused bits"));
            }
            if (rules != BER && n > 1 && (c[n - 1] & ((1u << unused) - 1u)) != 0) {
                return fail(e, h->offset, NC_BIT_PADDING);
            }
            size_t bits = (n - 1) * 8 - unused;
            if (bits <= 64) {
                puts_s(v, "'");
                for (size_t i = 0; i < bits; i++) {
                    puts_s(v, (c[1 + i / 8] & (0x80 >> (i % 8))) ? "1" : "0");
                }
                puts_s(v, "'B");
            } else {
                putf(v, "%u unused bits, ", unused);
                hex(v, c + 1, n - 1, 32);
            }
            return 1;
        }
        case 4:
            if (cer_long) {
                return fail(e, h->offset, NC_SEGMENT);
            }
            hex(v, c, n, 32);
            return 1;
        case 5:
            return n == 0 ? 1 : fail(e, at, IV("NULL must be empty"));
        case 6:
        case 13:
            if (!check_subids(c, n, at, e)) {
                return 0;
            }
            dotted(c, n, h->t.number == 6, v);
            return 1;
        case 9:
            return describe_real(c, n, rules, at, v, e);
        case 23:
        case 24:
            return describe_time(c, n, h->t.number == 24, rules, at, v, e);
        case 7:
        case 12:
        case 18:
        case 19:
        case 20:
        case 21:
        case 22:
        case 25:
        case 26:
        case 27:
        case 28:
        case 30:
            if (cer_long) {
                return fail(e, h->offset, NC_SEGMENT);
            }
            if (!check_string(h->t.number, c, n, at, e)) {
                return 0;
            }
            quoted(c, n,
                   h->t.number == 12   ? TEXT_UTF8
                   : h->t.number == 30 ? TEXT_BMP
                   : h->t.number == 28 ? TEXT_UNIVERSAL
                                       : TEXT_LATIN,
                   v);
            return 1;
        default:
            hex(v, c, n, 32);
            return 1;
    }
}

/* ------------------------------------------------------------------- walk */

static void line_head(str *out, size_t offset, size_t hl, const char *len, uint32_t depth) {
    putf(out, "%6zu %2zu %6s: %*s", offset, hl, len, (int)(2 * depth), "");
}

/* walk: walk() + dump() of the Rust runtime over one top-level value; |v|
 * is scratch space for one value's description. */
static int walk(const uint8_t *input, size_t len, enum rules rules, str *out, str *vs, err *e) {
    rd root = {input, len, 0, 0, 0, 0};
    rd stack[MAX_DEPTH + 1];
    uint32_t depth = 0; /* stack height */
    int started = 0;
    str v = *vs;
    for (;;) {
        rd *top;
        if (depth > 0) {
            top = &stack[depth - 1];
        } else if (started) {
            break;
        } else {
            top = &root;
        }
        started = 1;
        if (depth > 0 && rd_finished(top)) {
            rd *parent = depth > 1 ? &stack[depth - 2] : &root;
            if (!rd_close_child(parent, top, e)) {
                return 0;
            }
            depth--;
            putf(out, "%6s %2s %6s: %*s}\n", "", "", "", (int)(2 * depth), "");
            continue;
        }
        header h;
        if (!read_header(top, rules, &h, e)) {
            return 0;
        }
        char lenbuf[32];
        if (h.t.constructed) {
            rd child;
            if (!rd_child(top, &h, &child, e)) {
                return 0;
            }
            if (h.indefinite) {
                strcpy(lenbuf, "inf");
            } else {
                snprintf(lenbuf, sizeof(lenbuf), "%zu", h.length);
            }
            line_head(out, h.offset, h.header_len, lenbuf, depth);
            tag_name(&h.t, out);
            puts_s(out, " {\n");
            stack[depth++] = child;
        } else {
            const uint8_t *c = top->in + top->pos;
            top->pos += h.length; /* read_header checked it is there */
            v.len = 0;
            put(&v, "", 0);
            int ok = describe(&h, c, h.length, rules, &v, e);
            *vs = v;
            if (!ok) {
                return 0;
            }
            snprintf(lenbuf, sizeof(lenbuf), "%zu", h.length);
            line_head(out, h.offset, h.header_len, lenbuf, depth);
            tag_name(&h.t, out);
            if (v.len > 0) {
                puts_s(out, " ");
                put(out, v.p, v.len);
            }
            puts_s(out, "\n");
        }
    }
    if (!rd_finished(&root)) {
        return fail(e, rd_offset(&root), E_TRAILING);
    }
    return 1;
}

static int dump(const uint8_t *input, size_t len, enum rules rules, str *out, err *e) {
    str v = {0};
    int ok = walk(input, len, rules, out, &v, e);
    free(v.p);
    return ok;
}

/* -------------------------------------------------------------------- PEM */

static int is_pem(const uint8_t *d, size_t n) {
    for (size_t i = 0; i + 10 <= n; i++) {
        if (memcmp(d + i, "-----BEGIN", 10) == 0) {
            return 1;
        }
    }
    return 0;
}

static int sextet(uint8_t c) {
    if (c >= 'A' && c <= 'Z') {
        return c - 'A';
    }
    if (c >= 'a' && c <= 'z') {
        return c - 'a' + 26;
    }
    if (c >= '0' && c <= '9') {
        return c - '0' + 52;
    }
    return c == '+' ? 62 : c == '/' ? 63 : -1;
}

static int is_ascii_space(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

/* pem_decode: pem::decode of pem.rs (the first block); NULL with |*why|. */
static uint8_t *pem_decode(const uint8_t *d, size_t n, size_t *out_len, const char **why) {
    if (!utf8_valid(d, n)) {
        *why = "not UTF-8";
        return NULL;
    }
    str b64 = {0};
    put(&b64, "", 0);
    int begun = 0, ended = 0;
    for (size_t at = 0; at < n && !ended;) {
        /* str::lines(): split at '\n', drop one '\r' before it. */
        size_t end = at;
        while (end < n && d[end] != '\n') {
            end++;
        }
        size_t next = end < n ? end + 1 : end;
        if (end > at && d[end - 1] == '\r') {
            end--;
        }
        const uint8_t *line = d + at;
        size_t len = end - at;
        at = next;
        if (!begun) {
            begun = len >= 10 && memcmp(line, "-----BEGIN", 10) == 0;
            continue;
        }
        if (len >= 8 && memcmp(line, "-----END", 8) == 0) {
            ended = 1;
        } else if (memchr(line, ':', len) == NULL) { /* RFC 1421 headers are skipped */
            for (size_t i = 0; i < len; i++) {
                if (!is_ascii_space(line[i])) {
                    put(&b64, (const char *)line + i, 1);
                }
            }
        }
    }
    *why = !begun ? "no BEGIN line" : !ended ? "no END line" : NULL;
    size_t body = 0;
    while (*why == NULL && body < b64.len && b64.p[body] != '=') {
        body++;
    }
    if (*why == NULL) {
        size_t pad = b64.len - body;
        int bad = b64.len % 4 != 0 || pad > 2;
        for (size_t i = body; i < b64.len; i++) {
            bad |= b64.p[i] != '=';
        }
        if (bad) {
            *why = "bad base64 length or padding";
        }
    }
    uint8_t *out = malloc(body + 1);
    if (*why != NULL || out == NULL) {
        free(b64.p);
        free(out);
        return NULL;
    }
    uint32_t acc = 0;
    int bits = 0;
    size_t k = 0;
    for (size_t i = 0; i < body; i++) {
        int v = sextet((uint8_t)b64.p[i]);
        if (v < 0) {
            *why = "bad base64 character";
            free(b64.p);
            free(out);
            return NULL;
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[k++] = (uint8_t)(acc >> bits);
        }
    }
    free(b64.p);
    *out_len = k;
    return out;
}

/* -------------------------------------------------------------------- CLI */

static const char HELP[] =
    "Print the TLV tree of one encoded value (PEM or binary; `-` reads stdin)\n"
    "\n"
    "Usage: synta dump [OPTIONS] <FILE>\n"
    "\n"
    "Arguments:\n"
    "  <FILE>  Input file, or `-` for standard input\n"
    "\n"
    "Options:\n"
    "      --der   Validate under DER (the default)\n"
    "      --ber   Validate under BER\n"
    "      --cer   Validate under CER\n"
    "  -h, --help  Print help\n";

/* usage_error prints a clap-style error (the texts clap 4 gives the Rust
 * tool) and returns exit status 2. |usage| is what follows "synta dump". */
static int usage_error(const char *msg, const char *tip, const char *usage) {
    fprintf(stderr, "error: %s\n\n", msg);
    if (tip != NULL) {
        fprintf(stderr, "  tip: %s\n\n", tip);
    }
    fprintf(stderr, "Usage: synta dump %s\n\nFor more information, try '--help'.\n", usage);
    return 2;
}

static int read_all(const char *path, uint8_t **out, size_t *out_len) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (f == NULL) {
        return 0;
    }
    size_t cap = 65536, len = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (buf == NULL) {
            errno = ENOMEM;
            break;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            break;
        }
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (nb == NULL) {
                free(buf);
                buf = NULL;
                continue;
            }
            buf = nb;
        }
    }
    int ok = buf != NULL && !ferror(f);
    int saved = errno;
    if (f != stdin) {
        fclose(f);
    }
    if (!ok) {
        free(buf);
        errno = saved;
        return 0;
    }
    *out = buf;
    *out_len = len;
    return 1;
}

int main(int argc, char **argv) {
    const char *flags[3] = {"--der", "--ber", "--cer"};
    int seen[3] = {0, 0, 0}, first_flag = -1, second_flag = -1;
    const char *file = NULL;
    int positional_only = 0;
    char msg[512], tip[512];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!positional_only && strcmp(a, "--") == 0) {
            positional_only = 1;
            continue;
        }
        if (!positional_only && (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)) {
            fputs(HELP, stdout);
            return 0;
        }
        if (!positional_only && a[0] == '-' && a[1] != 0) {
            int k = -1;
            for (int j = 0; j < 3; j++) {
                size_t fl = strlen(flags[j]);
                if (strncmp(a, flags[j], fl) == 0 && (a[fl] == 0 || a[fl] == '=')) {
                    k = j;
                }
            }
            if (k < 0) {
                snprintf(msg, sizeof(msg), "unexpected argument '%s' found", a);
                snprintf(tip, sizeof(tip), "to pass '%s' as a value, use '-- %s'", a, a);
                return usage_error(msg, tip, "[OPTIONS] <FILE>");
            }
            if (a[strlen(flags[k])] == '=') {
                snprintf(msg, sizeof(msg), "unexpected value '%s' for '%s' found; no more were expected",
                         a + strlen(flags[k]) + 1, flags[k]);
                snprintf(tip, sizeof(tip), "%s <FILE>", flags[k]);
                return usage_error(msg, NULL, tip);
            }
            if (seen[k]) {
                snprintf(msg, sizeof(msg), "the argument '%s' cannot be used multiple times", flags[k]);
                return usage_error(msg, NULL, "[OPTIONS] <FILE>");
            }
            seen[k] = 1;
            if (first_flag < 0) {
                first_flag = k;
            } else if (second_flag < 0) {
                second_flag = k;
            }
            continue;
        }
        if (file != NULL) {
            snprintf(msg, sizeof(msg), "unexpected argument '%s' found", a);
            return usage_error(msg, NULL, "[OPTIONS] <FILE>");
        }
        file = a;
    }
    if (second_flag >= 0) {
        snprintf(msg, sizeof(msg), "the argument '%s' cannot be used with '%s'", flags[first_flag],
                 flags[second_flag]);
        snprintf(tip, sizeof(tip), "%s <FILE>", flags[first_flag]);
        return usage_error(msg, NULL, tip);
    }
    if (file == NULL) {
        snprintf(tip, sizeof(tip), "%s%s<FILE>", first_flag >= 0 ? flags[first_flag] : "",
                 first_flag >= 0 ? " " : "");
        return usage_error("the following required arguments were not provided:\n  <FILE>", NULL, tip);
    }
    enum rules rules = seen[1] ? BER : seen[2] ? CER : DER;

    uint8_t *raw = NULL, *data;
    size_t raw_len = 0, len;
    if (!read_all(file, &raw, &raw_len)) {
        int code = errno;
        fprintf(stderr, "synta: cannot read %s: %s (os error %d)\n", file, strerror(code), code);
        return 1;
    }
    if (is_pem(raw, raw_len)) {
        const char *why;
        data = pem_decode(raw, raw_len, &len, &why);
        free(raw);
        if (data == NULL) {
            fprintf(stderr, "synta: %s: invalid PEM: %s\n", file, why);
            return 1;
        }
    } else {
        data = raw;
        len = raw_len;
    }
    str out = {0};
    put(&out, "", 0);
    err e;
    int ok = dump(data, len, rules, &out, &e);
    fwrite(out.p, 1, out.len, stdout);
    fflush(stdout);
    free(out.p);
    free(data);
    if (!ok) {
        fprintf(stderr, "synta: %s: not valid %s: at byte %zu: %s\n", file, RULES_NAME[rules], e.offset,
                e.msg);
        return 1;
    }
    return 0;
}
