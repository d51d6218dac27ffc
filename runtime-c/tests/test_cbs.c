/* test_cbs.c - targeted tests of the read cursor and the value decoders: the depth
 * limit across nesting and tagging, absolute error offsets, OPTIONAL elements, limits,
 * segmented strings and the text forms. Also built with SYNTA_NO_ERROR_DETAIL, where
 * every failure must still return 0 but record nothing. */
#include <stdio.h>
#include <string.h>

#include "synta/synta.h"

static int failures;

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            printf("%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                     \
        }                                                                   \
    } while (0)

/* The error recorded in |ctx| is |kind| at |offset| (nothing without error detail). */
#ifdef SYNTA_NO_ERROR_DETAIL
#define CHECK_ERROR(ctx, k, off)                    \
    do {                                            \
        CHECK((ctx)->error.kind == SYNTA_ERR_NONE); \
        (void)(off);                                \
    } while (0)
#else
#define CHECK_ERROR(ctx, k, off)             \
    do {                                     \
        CHECK((ctx)->error.kind == (k));     \
        CHECK((ctx)->error.offset == (off)); \
    } while (0)
#endif

/* |depth| SEQUENCEs nested in one another around a NULL, with definite lengths. */
static size_t nested_sequences(uint8_t *buf, size_t depth) {
    size_t len = 2, i;
    /* Written from the inside out, at the end of |buf|, then moved to the front. */
    uint8_t tmp[1024];
    size_t pos = sizeof tmp - 2;
    tmp[pos] = 0x05;
    tmp[pos + 1] = 0x00;
    for (i = 0; i < depth; i++) {
        if (len < 0x80) {
            tmp[--pos] = (uint8_t)len;
            len += 2;
        } else {
            tmp[--pos] = (uint8_t)len;
            tmp[--pos] = 0x81;
            len += 3;
        }
        tmp[--pos] = 0x30;
    }
    memcpy(buf, tmp + pos, len);
    return len;
}

/* Descends through every SEQUENCE with synta_cbs_get_asn1; returns how many it entered. */
static size_t descend(synta_cbs *cbs) {
    size_t n = 0;
    synta_cbs cur = *cbs, inner;
    while (synta_cbs_get_asn1(&cur, &inner, SYNTA_TAG_SEQUENCE)) {
        n++;
        cur = inner;
    }
    return n;
}

static void test_depth_limit(void) {
    uint8_t buf[1024];
    synta_ctx ctx;
    synta_cbs cbs, inner;
    uint32_t tag;
    size_t len, i;

    /* 64 levels: every level is entered. The NULL at depth 65 reads as any element (a
     * primitive nests nothing: the Rust walk), not as a NULL (every value read as its
     * type counts: the Rust typed decode), at its identifier octet. */
    len = nested_sequences(buf, 64);
    synta_ctx_init(&ctx, SYNTA_DER, buf, len);
    synta_cbs_init(&cbs, &ctx);
    CHECK(descend(&cbs) == 64);
    CHECK(ctx.error.kind == SYNTA_ERR_NONE || ctx.error.kind == SYNTA_ERR_UNEXPECTED_TAG);
    {
        synta_cbs cur = cbs, any;
        synta_ctx_init(&ctx, SYNTA_DER, buf, len);
        for (i = 0; i < 64; i++) {
            CHECK(synta_cbs_get_asn1(&cur, &inner, SYNTA_TAG_SEQUENCE));
            cur = inner;
        }
        inner = cur;
        CHECK(synta_cbs_get_any(&inner, &any, &tag, NULL) && tag == SYNTA_TAG_NULL);
        inner = cur;
        CHECK(!synta_cbs_get_asn1(&inner, &any, SYNTA_TAG_NULL));
        CHECK_ERROR(&ctx, SYNTA_ERR_DEPTH_EXCEEDED, len - 2);
    }
    /* 63 levels: the NULL at depth 64 reads as a NULL. */
    len = nested_sequences(buf, 63);
    synta_ctx_init(&ctx, SYNTA_DER, buf, len);
    synta_cbs_init(&cbs, &ctx);
    {
        synta_cbs cur = cbs, null;
        for (i = 0; i < 63; i++) {
            CHECK(synta_cbs_get_asn1(&cur, &inner, SYNTA_TAG_SEQUENCE));
            cur = inner;
        }
        CHECK(synta_cbs_get_asn1(&cur, &null, SYNTA_TAG_NULL) && synta_decode_null(&null));
        CHECK(ctx.error.kind == SYNTA_ERR_NONE);
    }

    /* 65 levels: the 65th SEQUENCE is refused, at its identifier octet. */
    len = nested_sequences(buf, 65);
    synta_ctx_init(&ctx, SYNTA_DER, buf, len);
    synta_cbs_init(&cbs, &ctx);
    CHECK(descend(&cbs) == 64);
    /* Headers: 1 three-octet (0x30 0x81 n) for lengths >= 0x80, then two-octet ones. */
    {
        size_t off = 0, level;
        for (level = 0; level < 64; level++) off += buf[off + 1] == 0x81 ? 3 : 2;
        CHECK_ERROR(&ctx, SYNTA_ERR_DEPTH_EXCEEDED, off);
    }

    /* A lower limit holds across tagging: [0] { [1] { [2] {} } } with max_depth 2. */
    {
        static const uint8_t tagged[] = {0xA0, 0x04, 0xA1, 0x02, 0xA2, 0x00};
        synta_cbs a, b, c;
        synta_ctx_init(&ctx, SYNTA_DER, tagged, sizeof tagged);
        ctx.limits.max_depth = 2;
        synta_cbs_init(&cbs, &ctx);
        CHECK(synta_cbs_get_asn1(&cbs, &a, SYNTA_CONTEXT_CONSTRUCTED(0)));
        CHECK(synta_cbs_get_asn1(&a, &b, SYNTA_CONTEXT_CONSTRUCTED(1)));
        CHECK(!synta_cbs_get_asn1(&b, &c, SYNTA_CONTEXT_CONSTRUCTED(2)));
        CHECK_ERROR(&ctx, SYNTA_ERR_DEPTH_EXCEEDED, 4);
    }

    /* Indefinite lengths (BER): 65 nested 30 80 ... 00 00 are refused while the outer
     * element's end is searched, at the 65th header. */
    {
        uint8_t ind[65 * 4 + 2];
        size_t n = 0;
        for (i = 0; i < 65; i++) {
            ind[n++] = 0x30;
            ind[n++] = 0x80;
        }
        for (i = 0; i < 65; i++) {
            ind[n++] = 0x00;
            ind[n++] = 0x00;
        }
        synta_ctx_init(&ctx, SYNTA_BER, ind, n);
        synta_cbs_init(&cbs, &ctx);
        CHECK(!synta_cbs_get_any(&cbs, &inner, &tag, NULL));
        CHECK_ERROR(&ctx, SYNTA_ERR_DEPTH_EXCEEDED, 128);
        /* 64 of them are fine. */
        synta_ctx_init(&ctx, SYNTA_BER, ind + 2, n - 4);
        synta_cbs_init(&cbs, &ctx);
        CHECK(descend(&cbs) == 64);
    }
}

static void test_offsets(void) {
    synta_ctx ctx;
    synta_cbs cbs, seq, c;
    synta_span s;
    int64_t v;

    /* SEQUENCE { INTEGER 1, INTEGER 00 05 }: the second INTEGER's contents start at 7. */
    {
        static const uint8_t der[] = {0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x02, 0x00, 0x05};
        synta_ctx_init(&ctx, SYNTA_DER, der, sizeof der);
        synta_cbs_init(&cbs, &ctx);
        CHECK(synta_cbs_get_asn1(&cbs, &seq, SYNTA_TAG_SEQUENCE));
        CHECK(synta_cbs_get_asn1(&seq, &c, SYNTA_TAG_INTEGER) && synta_decode_int64(&c, &v) && v == 1);
        CHECK(synta_cbs_get_asn1(&seq, &c, SYNTA_TAG_INTEGER));
        CHECK(synta_cbs_offset(&c) == 7);
        CHECK(!synta_decode_integer(&c, &s));
        CHECK_ERROR(&ctx, SYNTA_ERR_NON_CANONICAL, 7);
        /* Only the first error is kept. */
        CHECK(!synta_cbs_fail(&c, SYNTA_ERR_TRUNCATED, 0, NULL));
        CHECK_ERROR(&ctx, SYNTA_ERR_NON_CANONICAL, 7);
        /* The field is named once, innermost first. */
        CHECK(!synta_cbs_set_field(&c, "Pair.second"));
        CHECK(!synta_cbs_set_field(&c, "Pair"));
#ifndef SYNTA_NO_ERROR_DETAIL
        {
            char text[128];
            CHECK(ctx.error.field != NULL && strcmp(ctx.error.field, "Pair.second") == 0);
            synta_error_format(&ctx.error, text, sizeof text);
            CHECK(strcmp(text, "at byte 7 (Pair.second): non-canonical: non-minimal INTEGER encoding") == 0);
        }
#endif
    }

    /* A length that runs past the end: TRUNCATED at the length octets. */
    {
        static const uint8_t der[] = {0x30, 0x03, 0x04, 0x05, 0x00};
        synta_ctx_init(&ctx, SYNTA_DER, der, sizeof der);
        synta_cbs_init(&cbs, &ctx);
        CHECK(synta_cbs_get_asn1(&cbs, &seq, SYNTA_TAG_SEQUENCE));
        CHECK(!synta_cbs_get_asn1(&seq, &c, SYNTA_TAG_OCTET_STRING));
        CHECK_ERROR(&ctx, SYNTA_ERR_TRUNCATED, 3);
    }

    /* Trailing bytes after the value, and a wrong tag, at the element. */
    {
        static const uint8_t der[] = {0x05, 0x00, 0x05, 0x00};
        synta_ctx_init(&ctx, SYNTA_DER, der, sizeof der);
        synta_cbs_init(&cbs, &ctx);
        CHECK(synta_cbs_get_asn1(&cbs, &c, SYNTA_TAG_NULL) && synta_decode_null(&c));
        CHECK(!synta_cbs_finish(&cbs));
        CHECK_ERROR(&ctx, SYNTA_ERR_TRAILING_DATA, 2);
        synta_ctx_init(&ctx, SYNTA_DER, der, sizeof der);
        synta_cbs_init(&cbs, &ctx);
        CHECK(synta_cbs_get_asn1(&cbs, &c, SYNTA_TAG_NULL));
        CHECK(!synta_cbs_get_asn1(&cbs, &c, SYNTA_TAG_INTEGER));
        CHECK_ERROR(&ctx, SYNTA_ERR_UNEXPECTED_TAG, 2);
        CHECK(cbs.len == 2); /* nothing consumed */
    }

    /* Non-minimal length under DER, accepted under BER. */
    {
        static const uint8_t ber[] = {0x04, 0x81, 0x01, 0xAA};
        synta_ctx_init(&ctx, SYNTA_DER, ber, sizeof ber);
        synta_cbs_init(&cbs, &ctx);
        CHECK(!synta_cbs_get_asn1(&cbs, &c, SYNTA_TAG_OCTET_STRING));
        CHECK_ERROR(&ctx, SYNTA_ERR_NON_CANONICAL, 1);
        synta_ctx_init(&ctx, SYNTA_BER, ber, sizeof ber);
        synta_cbs_init(&cbs, &ctx);
        CHECK(synta_cbs_get_asn1(&cbs, &c, SYNTA_TAG_OCTET_STRING) && c.len == 1 && c.data[0] == 0xAA);
    }
}

static void test_optional(void) {
    /* SEQUENCE { [0] INTEGER 5 OPTIONAL, [1] BOOLEAN OPTIONAL (absent), NULL } */
    static const uint8_t der[] = {0x30, 0x07, 0xA0, 0x03, 0x02, 0x01, 0x05, 0x05, 0x00};
    synta_ctx ctx;
    synta_cbs cbs, seq, c, i;
    int present = -1;
    int64_t v;
    synta_ctx_init(&ctx, SYNTA_DER, der, sizeof der);
    synta_cbs_init(&cbs, &ctx);
    CHECK(synta_cbs_get_asn1(&cbs, &seq, SYNTA_TAG_SEQUENCE));
    CHECK(synta_cbs_get_optional_asn1(&seq, &c, &present, SYNTA_CONTEXT_CONSTRUCTED(0)) && present == 1);
    CHECK(synta_cbs_get_asn1(&c, &i, SYNTA_TAG_INTEGER) && synta_decode_int64(&i, &v) && v == 5);
    CHECK(synta_cbs_finish(&c));
    CHECK(synta_cbs_get_optional_asn1(&seq, &c, &present, SYNTA_CONTEXT(1)) && present == 0);
    CHECK(seq.len == 2);
    CHECK(synta_cbs_get_asn1(&seq, &c, SYNTA_TAG_NULL) && synta_decode_null(&c));
    /* At the end of the contents: absent, and no error. */
    CHECK(synta_cbs_get_optional_asn1(&seq, &c, &present, SYNTA_TAG_NULL) && present == 0);
    CHECK(synta_cbs_finish(&seq) && synta_cbs_finish(&cbs));
    CHECK(ctx.error.kind == SYNTA_ERR_NONE);
    /* A required element at the end of the contents is missing. */
    CHECK(!synta_cbs_get_asn1(&seq, &c, SYNTA_TAG_NULL));
    CHECK_ERROR(&ctx, SYNTA_ERR_MISSING_ELEMENT, 9);
}

static void test_tags_and_elements(void) {
    synta_ctx ctx;
    synta_cbs cbs, c;
    synta_span el;
    uint32_t tag = 0;
    size_t header_len = 0;
    /* [APPLICATION 100] in the high-tag-number form, then a BER indefinite SEQUENCE. */
    static const uint8_t in[] = {0x5F, 0x64, 0x01, 0x07, 0x30, 0x80, 0x05, 0x00, 0x00, 0x00};
    synta_ctx_init(&ctx, SYNTA_BER, in, sizeof in);
    synta_cbs_init(&cbs, &ctx);
    CHECK(synta_cbs_peek_tag(&cbs, &tag) && tag == (SYNTA_CLASS_APPLICATION | 100u));
    CHECK(synta_cbs_get_any(&cbs, &c, &tag, &header_len) && header_len == 3 && c.len == 1 && c.depth == 1);
    CHECK(synta_cbs_get_element(&cbs, &el, &tag) && tag == SYNTA_TAG_SEQUENCE);
    CHECK(el.data == in + 4 && el.len == 6); /* the end-of-contents octets included */
    CHECK(synta_cbs_finish(&cbs));
    CHECK(!synta_cbs_peek_tag(&cbs, &tag)); /* empty: 0, nothing recorded */
    CHECK(ctx.error.kind == SYNTA_ERR_NONE);

    /* A tag number below 31 in the high form is non-minimal under every rule set. */
    {
        static const uint8_t bad[] = {0x1F, 0x05, 0x00};
        synta_ctx_init(&ctx, SYNTA_BER, bad, sizeof bad);
        synta_cbs_init(&cbs, &ctx);
        CHECK(!synta_cbs_get_any(&cbs, &c, &tag, NULL));
        CHECK_ERROR(&ctx, SYNTA_ERR_NON_CANONICAL, 0);
    }
    /* CER: a definite length on a constructed encoding. */
    {
        static const uint8_t cer[] = {0x30, 0x00};
        synta_ctx_init(&ctx, SYNTA_CER, cer, sizeof cer);
        synta_cbs_init(&cbs, &ctx);
        CHECK(!synta_cbs_get_any(&cbs, &c, &tag, NULL));
        CHECK_ERROR(&ctx, SYNTA_ERR_NON_CANONICAL, 1);
    }
    /* The length limit. */
    {
        static const uint8_t der[] = {0x04, 0x03, 1, 2, 3};
        synta_ctx_init(&ctx, SYNTA_DER, der, sizeof der);
        ctx.limits.max_length = 2;
        synta_cbs_init(&cbs, &ctx);
        CHECK(!synta_cbs_get_asn1(&cbs, &c, SYNTA_TAG_OCTET_STRING));
        CHECK_ERROR(&ctx, SYNTA_ERR_LIMIT_EXCEEDED, 1);
    }
}

static void test_integers(void) {
    static const uint8_t min64[] = {0x02, 0x08, 0x80, 0, 0, 0, 0, 0, 0, 0};
    static const uint8_t max_u64[] = {0x02, 0x09, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    synta_ctx ctx;
    synta_cbs cbs, c;
    int64_t i;
    uint64_t u;
    char text[64];
    synta_span s;
    synta_ctx_init(&ctx, SYNTA_DER, min64, sizeof min64);
    synta_cbs_init(&cbs, &ctx);
    CHECK(synta_cbs_get_asn1(&cbs, &c, SYNTA_TAG_INTEGER) && synta_decode_int64(&c, &i) && i == INT64_MIN);
    CHECK(!synta_decode_uint64(&c, &u));
    CHECK_ERROR(&ctx, SYNTA_ERR_OVERFLOW, 2);
    synta_ctx_init(&ctx, SYNTA_DER, max_u64, sizeof max_u64);
    synta_cbs_init(&cbs, &ctx);
    CHECK(synta_cbs_get_asn1(&cbs, &c, SYNTA_TAG_INTEGER) && synta_decode_uint64(&c, &u) && u == UINT64_MAX);
    CHECK(!synta_decode_int64(&c, &i));
    CHECK(synta_decode_integer(&c, &s));
    CHECK(synta_integer_format(s, text, sizeof text) == 20 && strcmp(text, "18446744073709551615") == 0);
    s.data = min64 + 2;
    s.len = 8;
    CHECK(synta_integer_format(s, text, sizeof text) == 20 && strcmp(text, "-9223372036854775808") == 0);
    /* Truncated output still says how much it wanted. */
    CHECK(synta_integer_format(s, text, 4) == 20 && strcmp(text, "-92") == 0);
}

static void test_strings(void) {
    synta_ctx ctx;
    synta_cbs cbs, c;
    uint32_t tag;
    uint8_t buf[8];
    size_t len;
    synta_span s;
    /* BER: a constructed OCTET STRING of two segments, one of them nested. */
    static const uint8_t ber[] = {0x24, 0x80, 0x04, 0x01, 'a', 0x24, 0x03, 0x04, 0x01, 'b', 0x00, 0x00};
    synta_ctx_init(&ctx, SYNTA_BER, ber, sizeof ber);
    synta_cbs_init(&cbs, &ctx);
    CHECK(synta_cbs_get_string_asn1(&cbs, &c, &tag, SYNTA_TAG_PRINTABLE_STRING) == 0);
    CHECK_ERROR(&ctx, SYNTA_ERR_UNEXPECTED_TAG, 0);
    synta_ctx_init(&ctx, SYNTA_BER, ber, sizeof ber);
    synta_cbs_init(&cbs, &ctx);
    CHECK(synta_cbs_get_string_asn1(&cbs, &c, &tag, SYNTA_TAG_OCTET_STRING) && (tag & SYNTA_CONSTRUCTED));
    CHECK(synta_decode_string_into(&c, SYNTA_TAG_IA5_STRING | SYNTA_CONSTRUCTED, buf, sizeof buf, &len));
    CHECK(len == 2 && memcmp(buf, "ab", 2) == 0);
    /* Too small a buffer. */
    CHECK(!synta_decode_string_into(&c, SYNTA_TAG_IA5_STRING | SYNTA_CONSTRUCTED, buf, 1, &len));
    CHECK_ERROR(&ctx, SYNTA_ERR_NO_MEMORY, 7);
    /* The same under DER: the constructed form is not canonical (reported at the
     * element, as by the Rust runtime). */
    synta_ctx_init(&ctx, SYNTA_DER, ber, sizeof ber);
    c.ctx = &ctx;
    CHECK(!synta_decode_string_into(&c, SYNTA_TAG_OCTET_STRING | SYNTA_CONSTRUCTED, buf, sizeof buf, &len));
    CHECK_ERROR(&ctx, SYNTA_ERR_NON_CANONICAL, 0);
    /* Alphabets. */
    {
        static const uint8_t printable[] = {0x13, 0x02, 'a', '*'};
        synta_ctx_init(&ctx, SYNTA_DER, printable, sizeof printable);
        synta_cbs_init(&cbs, &ctx);
        CHECK(synta_cbs_get_asn1(&cbs, &c, SYNTA_TAG_PRINTABLE_STRING));
        CHECK(!synta_decode_string(&c, SYNTA_TAG_PRINTABLE_STRING, &s));
        CHECK_ERROR(&ctx, SYNTA_ERR_INVALID_VALUE, 2);
        ctx.error.kind = SYNTA_ERR_NONE;
        CHECK(synta_decode_string(&c, SYNTA_TAG_IA5_STRING, &s) && s.len == 2);
    }
    /* BIT STRING segments: only the last may have unused bits. */
    {
        static const uint8_t bits[] = {0x23, 0x80, 0x03, 0x02, 0x00, 0xFF,
                                       0x03, 0x02, 0x04, 0xF0, 0x00, 0x00};
        uint8_t unused = 9;
        synta_ctx_init(&ctx, SYNTA_BER, bits, sizeof bits);
        synta_cbs_init(&cbs, &ctx);
        CHECK(synta_cbs_get_string_asn1(&cbs, &c, &tag, SYNTA_TAG_BIT_STRING));
        CHECK(synta_decode_bit_string_into(&c, tag, buf, sizeof buf, &len, &unused));
        CHECK(len == 2 && buf[0] == 0xFF && buf[1] == 0xF0 && unused == 4);
    }
}

static void test_text_forms(void) {
    static const uint8_t uuid_oid[] = {0x69, 0x83, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                       0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F};
    synta_span oid = {uuid_oid, sizeof uuid_oid};
    char text[128];
    synta_time t;
    synta_real r;
    CHECK(synta_oid_format(oid, 0, text, sizeof text) == 44);
    CHECK(strcmp(text, "2.25.340282366920938463463374607431768211455") == 0);
    oid.len = 1;
    CHECK(synta_oid_format(oid, 1, text, sizeof text) == 3 && strcmp(text, "105") == 0);
    oid.len = 2; /* ends inside a sub-identifier */
    CHECK(synta_oid_format(oid, 0, text, sizeof text) == 0);

    memset(&t, 0, sizeof t);
    t.year = 2024;
    t.month = 2;
    t.day = 29;
    t.hour = 12;
    t.has_minute = 1;
    t.fraction = 25;
    t.fraction_digits = 3;
    t.tz_kind = 1;
    t.tz_offset_minutes = -90;
    /* Seconds absent (BER GeneralizedTime may omit them): none are printed. */
    CHECK(synta_time_format(&t, text, sizeof text) == 25 && strcmp(text, "2024-02-29T12:00.025-0130") == 0);

    memset(&r, 0, sizeof r);
    r.kind = SYNTA_REAL_BINARY;
    r.negative = 1;
    r.mantissa = 3;
    r.exponent = -1;
    CHECK(synta_real_format(&r, text, sizeof text) == 7 && strcmp(text, "-3*2^-1") == 0);
    CHECK(strcmp(synta_error_kind_slug(SYNTA_ERR_TRAILING_DATA), "trailing-data") == 0);
    CHECK(strcmp(synta_error_kind_slug(SYNTA_ERR_CONSTRAINT), "constraint") == 0);
}

/* The octet-by-octet rule of 8.19.2 that synta_decode_oid checks eight octets at a
 * time: 0 valid, 1 empty or truncated (INVALID_VALUE), 2 a leading 0x80 (NON_CANONICAL,
 * found before a truncation). */
static int oid_reference_verdict(const uint8_t *b, size_t n) {
    size_t i;
    int start = 1;
    if (n == 0) return 1;
    for (i = 0; i < n; i++) {
        if (start && b[i] == 0x80) return 2;
        start = !(b[i] & 0x80);
    }
    return start ? 0 : 1;
}

/* synta_decode_oid against the reference on pseudo-random contents of 1 to 24 octets
 * drawn mostly from the octets that matter (0x80 after a final or a continued octet, on
 * both sides of each eight-octet boundary). */
static void test_oid_subids_match_the_octet_rule(void) {
    static const uint8_t alphabet[] = {0x80, 0x81, 0x01, 0x7F, 0x00, 0xFF};
    uint32_t state = 12345;
    int round;
    for (round = 0; round < 200000; round++) {
        uint8_t b[24];
        size_t n, i;
        synta_ctx ctx;
        synta_cbs contents;
        synta_span out;
        int ok, expected;
        state = state * 1103515245u + 12345u;
        n = 1 + (state >> 16) % 24;
        for (i = 0; i < n; i++) {
            state = state * 1103515245u + 12345u;
            b[i] = alphabet[(state >> 16) % sizeof alphabet];
        }
        synta_ctx_init(&ctx, SYNTA_DER, b, n);
        synta_cbs_init(&contents, &ctx);
        ok = synta_decode_oid(&contents, &out);
        expected = oid_reference_verdict(b, n);
        CHECK(ok == (expected == 0));
#ifndef SYNTA_NO_ERROR_DETAIL
        if (expected == 1) CHECK(ctx.error.kind == SYNTA_ERR_INVALID_VALUE);
        if (expected == 2) CHECK(ctx.error.kind == SYNTA_ERR_NON_CANONICAL);
#endif
    }
}

/* The dotted text of 1.2.v for arcs v of every decimal length (each power of ten and its
 * neighbours, up to 63 bits), against snprintf. */
static void test_oid_text_of_every_width(void) {
    uint64_t p = 1;
    int k;
    for (k = 0; k < 20; k++) {
        uint64_t values[3];
        int j;
        values[0] = p - 1;
        values[1] = p;
        values[2] = p + 1;
        for (j = 0; j < 3; j++) {
            uint64_t v = values[j] & (UINT64_MAX >> 1);
            uint8_t oid[12];
            char got[64], want[64];
            size_t n = 0, groups = 1, g;
            synta_span span;
            while (groups < 9 && (v >> (7 * groups)) != 0) groups++;
            oid[n++] = 0x2A; /* 1.2 */
            for (g = groups; g-- > 0;) oid[n++] = (uint8_t)(((v >> (7 * g)) & 0x7Fu) | (g > 0 ? 0x80u : 0));
            span.data = oid;
            span.len = n;
            snprintf(want, sizeof want, "1.2.%llu", (unsigned long long)v);
            CHECK(synta_oid_format(span, 0, got, sizeof got) == strlen(want));
            CHECK(strcmp(got, want) == 0);
        }
        if (k < 19) p *= 10;
    }
}

int main(void) {
    test_depth_limit();
    test_offsets();
    test_optional();
    test_tags_and_elements();
    test_integers();
    test_strings();
    test_text_forms();
    test_oid_subids_match_the_octet_rule();
    test_oid_text_of_every_width();
    if (failures != 0) {
        printf("%d checks failed\n", failures);
        return 1;
    }
    printf("test_cbs: all checks passed\n");
    return 0;
}
