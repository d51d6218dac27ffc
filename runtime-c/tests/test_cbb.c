/*
 * test_cbb.c - the write builder: exact bytes for each element kind, nested
 * children with long lengths, fixed-buffer overflow, SET OF sorting, and
 * round trips through the reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "synta/synta.h"

static int failures;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                              \
        }                                                                            \
    } while (0)

static void hexdump(const char *what, const uint8_t *p, size_t n) {
    fprintf(stderr, "  %s (%zu):", what, n);
    for (size_t i = 0; i < n && i < 64; i++) {
        fprintf(stderr, " %02x", p[i]);
    }
    fprintf(stderr, "%s\n", n > 64 ? " ..." : "");
}

/* expect_bytes compares the finished builder against |hex| and frees it. */
static void expect(int line, synta_cbb *cbb, const char *hex) {
    uint8_t *out = NULL;
    size_t len = 0;
    if (!synta_cbb_finish(cbb, &out, &len)) {
        fprintf(stderr, "line %d: finish failed\n", line);
        failures++;
        synta_cbb_cleanup(cbb);
        return;
    }
    size_t n = strlen(hex) / 2;
    uint8_t *want = malloc(n + 1);
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        want[i] = (uint8_t)v;
    }
    if (n != len || memcmp(want, out, n) != 0) {
        fprintf(stderr, "line %d: bytes differ\n", line);
        hexdump("want", want, n);
        hexdump("got ", out, len);
        failures++;
    }
    free(want);
    free(out);
}
#define EXPECT(cbb, hex) expect(__LINE__, (cbb), (hex))

static void test_primitives(void) {
    synta_cbb c;
    CHECK(synta_cbb_init(&c, 0));
    CHECK(synta_cbb_add_boolean(&c, SYNTA_TAG_BOOLEAN, 1));
    CHECK(synta_cbb_add_boolean(&c, SYNTA_TAG_BOOLEAN, 0));
    CHECK(synta_cbb_add_null(&c, SYNTA_TAG_NULL));
    EXPECT(&c, "0101ff0101000500");

    static const struct {
        int64_t v;
        const char *hex;
    } ints[] = {
        {0, "020100"},
        {127, "02017f"},
        {128, "02020080"},
        {-1, "0201ff"},
        {-128, "020180"},
        {-129, "0202ff7f"},
        {256, "02020100"},
        {INT64_MAX, "02087fffffffffffffff"},
        {INT64_MIN, "02088000000000000000"},
    };
    for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
        CHECK(synta_cbb_init(&c, 1));
        CHECK(synta_cbb_add_int64(&c, SYNTA_TAG_INTEGER, ints[i].v));
        EXPECT(&c, ints[i].hex);
    }
    CHECK(synta_cbb_init(&c, 0));
    CHECK(synta_cbb_add_uint64(&c, SYNTA_TAG_INTEGER, UINT64_MAX));
    CHECK(synta_cbb_add_uint64(&c, SYNTA_TAG_ENUMERATED, 0));
    CHECK(synta_cbb_add_uint64(&c, SYNTA_CONTEXT(2), 0x80));
    EXPECT(&c,
           "020900ffffffffffffffff0a0100820200"
           "80");

    /* add_integer takes minimal contents only. */
    static const uint8_t big[] = {0x00, 0x80, 0x01};
    static const uint8_t padded[] = {0x00, 0x7F};
    CHECK(synta_cbb_init(&c, 0));
    CHECK(synta_cbb_add_integer(&c, SYNTA_TAG_INTEGER, (synta_span){big, sizeof(big)}));
    EXPECT(&c, "0203008001");
    CHECK(synta_cbb_init(&c, 0));
    CHECK(!synta_cbb_add_integer(&c, SYNTA_TAG_INTEGER, (synta_span){padded, sizeof(padded)}));
    CHECK(!synta_cbb_add_null(&c, SYNTA_TAG_NULL)); /* sticky */
    synta_cbb_cleanup(&c);

    static const uint8_t bits[] = {0xA0};
    CHECK(synta_cbb_init(&c, 0));
    CHECK(synta_cbb_add_bit_string(&c, SYNTA_TAG_BIT_STRING, (synta_span){bits, 1}, 5));
    CHECK(synta_cbb_add_bit_string(&c, SYNTA_TAG_BIT_STRING, (synta_span){NULL, 0}, 0));
    EXPECT(&c, "030205a0030100");
    CHECK(synta_cbb_init(&c, 0));
    CHECK(!synta_cbb_add_bit_string(&c, SYNTA_TAG_BIT_STRING, (synta_span){bits, 1}, 6)); /* bit 5 set */
    synta_cbb_cleanup(&c);

    /* High tag numbers and classes. */
    static const uint8_t one[] = {0x01};
    CHECK(synta_cbb_init(&c, 0));
    CHECK(synta_cbb_add_primitive(&c, SYNTA_CONTEXT(30), (synta_span){one, 1}));
    CHECK(synta_cbb_add_primitive(&c, SYNTA_CONTEXT(31), (synta_span){one, 1}));
    CHECK(synta_cbb_add_primitive(&c, SYNTA_CLASS_APPLICATION | 200, (synta_span){one, 1}));
    CHECK(
        synta_cbb_add_primitive(&c, SYNTA_CLASS_PRIVATE | SYNTA_CONSTRUCTED | 0x4000, (synta_span){NULL, 0}));
    EXPECT(&c,
           "9e01019f1f01015f81480101ff8180"
           "0000");
}

static void test_times(void) {
    synta_cbb c;
    synta_time t = {0};
    t.year = 2024;
    t.month = 2;
    t.day = 29;
    t.hour = 12;
    t.minute = 3;
    t.second = 4;
    t.has_minute = t.has_second = 1;
    CHECK(synta_cbb_init(&c, 0));
    CHECK(synta_cbb_add_utc_time(&c, SYNTA_TAG_UTC_TIME, &t));
    CHECK(synta_cbb_add_generalized_time(&c, SYNTA_TAG_GENERALIZED_TIME, &t));
    t.fraction = 1500;
    t.fraction_digits = 4; /* .1500 -> .15 */
    CHECK(synta_cbb_add_generalized_time(&c, SYNTA_TAG_GENERALIZED_TIME, &t));
    t.fraction = 0;
    t.fraction_digits = 3; /* .000 -> nothing */
    CHECK(synta_cbb_add_generalized_time(&c, SYNTA_TAG_GENERALIZED_TIME, &t));
    /* 240229120304Z, 20240229120304Z, 20240229120304.15Z, 20240229120304Z */
    EXPECT(&c,
           "170d3234303232393132303330345a"
           "180f32303234303232393132303330345a"
           "181232303234303232393132303330342e31355a"
           "180f32303234303232393132303330345a");

    CHECK(synta_cbb_init(&c, 0));
    t.year = 2023; /* no February 29 */
    CHECK(!synta_cbb_add_generalized_time(&c, SYNTA_TAG_GENERALIZED_TIME, &t));
    synta_cbb_cleanup(&c);
    CHECK(synta_cbb_init(&c, 0));
    t.year = 2050; /* outside UTCTime's window */
    t.day = 28;
    CHECK(!synta_cbb_add_utc_time(&c, SYNTA_TAG_UTC_TIME, &t));
    synta_cbb_cleanup(&c);
    CHECK(synta_cbb_init(&c, 0));
    t.tz_kind = 1; /* DER wants Z */
    CHECK(!synta_cbb_add_generalized_time(&c, SYNTA_TAG_GENERALIZED_TIME, &t));
    synta_cbb_cleanup(&c);
}

/* fill writes a SEQUENCE holding one OCTET STRING of |n| bytes of |v|. */
static int add_octets(synta_cbb *cbb, size_t n, uint8_t v) {
    synta_cbb os;
    if (!synta_cbb_add_asn1(cbb, &os, SYNTA_TAG_OCTET_STRING)) {
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        if (!synta_cbb_add_u8(&os, v)) {
            return 0;
        }
    }
    return synta_cbb_flush(cbb);
}

static void test_nested_lengths(void) {
    static const size_t sizes[] = {0, 1, 127, 128, 255, 256, 65535, 65536, 70000};
    for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
        size_t n = sizes[k];
        synta_cbb c, seq, inner;
        CHECK(synta_cbb_init(&c, 0));
        CHECK(synta_cbb_add_asn1(&c, &seq, SYNTA_TAG_SEQUENCE));
        CHECK(synta_cbb_add_asn1(&seq, &inner, SYNTA_TAG_SEQUENCE));
        CHECK(add_octets(&inner, n, 0x5A));
        /* The length is exact before the flush. */
        size_t os_len = n < 128 ? 2 + n : n < 256 ? 3 + n : n < 65536 ? 4 + n : 5 + n;
        size_t in_len = os_len < 128     ? 2 + os_len
                        : os_len < 256   ? 3 + os_len
                        : os_len < 65536 ? 4 + os_len
                                         : 5 + os_len;
        CHECK(synta_cbb_len(&inner) == os_len);
        CHECK(synta_cbb_len(&c) == (in_len < 128     ? 2 + in_len
                                    : in_len < 256   ? 3 + in_len
                                    : in_len < 65536 ? 4 + in_len
                                                     : 5 + in_len));
        CHECK(synta_cbb_add_null(&seq, SYNTA_TAG_NULL));    /* flushes |inner| */
        CHECK(!synta_cbb_add_null(&inner, SYNTA_TAG_NULL)); /* a flushed child is dead */
        uint8_t *out;
        size_t len;
        CHECK(synta_cbb_finish(&c, &out, &len));
        /* Walk it by hand: SEQ { SEQ { OCTET STRING } NULL }. */
        size_t at = 0, l;
        CHECK(out[at++] == 0x30);
        size_t total = in_len + 2;
        if (total < 128) {
            CHECK(out[at++] == total);
        } else {
            size_t kk = total < 256 ? 1 : total < 65536 ? 2 : 3;
            CHECK(out[at++] == (0x80 | kk));
            for (l = 0; kk-- > 0;) {
                l = (l << 8) | out[at++];
            }
            CHECK(l == total);
        }
        CHECK(len == at + total);
        CHECK(out[len - 2] == 0x05 && out[len - 1] == 0x00);
        free(out);
    }
}

static void test_fixed(void) {
    uint8_t buf[8];
    synta_cbb c, seq;
    CHECK(synta_cbb_init_fixed(&c, buf, sizeof(buf)));
    CHECK(synta_cbb_add_asn1(&c, &seq, SYNTA_TAG_SEQUENCE));
    CHECK(synta_cbb_add_int64(&seq, SYNTA_TAG_INTEGER, 5));
    CHECK(synta_cbb_add_null(&seq, SYNTA_TAG_NULL));
    uint8_t *out;
    size_t len;
    CHECK(synta_cbb_finish(&c, &out, &len));
    CHECK(out == buf && len == 7 && memcmp(buf, "\x30\x05\x02\x01\x05\x05\x00", 7) == 0);
    synta_cbb_cleanup(&c); /* nothing to free */

    /* Overflow: every later call fails. */
    CHECK(synta_cbb_init_fixed(&c, buf, sizeof(buf)));
    CHECK(synta_cbb_add_int64(&c, SYNTA_TAG_INTEGER, 1));
    CHECK(!synta_cbb_add_int64(&c, SYNTA_TAG_INTEGER, INT64_MAX));
    CHECK(!synta_cbb_add_null(&c, SYNTA_TAG_NULL));
    CHECK(!synta_cbb_finish(&c, &out, &len));

    /* A child whose length needs the long form and no longer fits. */
    uint8_t small[130];
    CHECK(synta_cbb_init_fixed(&c, small, sizeof(small)));
    CHECK(synta_cbb_add_asn1(&c, &seq, SYNTA_TAG_OCTET_STRING));
    for (int i = 0; i < 128; i++) {
        CHECK(synta_cbb_add_u8(&seq, 1));
    }
    CHECK(!synta_cbb_finish(&c, &out, &len));
    uint8_t exact[131];
    CHECK(synta_cbb_init_fixed(&c, exact, sizeof(exact)));
    CHECK(synta_cbb_add_asn1(&c, &seq, SYNTA_TAG_OCTET_STRING));
    for (int i = 0; i < 128; i++) {
        CHECK(synta_cbb_add_u8(&seq, 1));
    }
    CHECK(synta_cbb_finish(&c, &out, &len));
    CHECK(len == 131 && exact[0] == 0x04 && exact[1] == 0x81 && exact[2] == 128 && exact[3] == 1);
}

static void test_set_of(void) {
    synta_cbb c, set;
    /* Unsorted integers; 0x0201ff (-1) sorts after 0x020105. Longer
     * encodings compare after their prefix (X.690 11.6 pads with zeros). */
    CHECK(synta_cbb_init(&c, 0));
    CHECK(synta_cbb_add_set_of(&c, &set, SYNTA_TAG_SET));
    CHECK(synta_cbb_add_int64(&set, SYNTA_TAG_INTEGER, -1));
    CHECK(synta_cbb_add_int64(&set, SYNTA_TAG_INTEGER, 256));
    CHECK(synta_cbb_add_int64(&set, SYNTA_TAG_INTEGER, 5));
    CHECK(synta_cbb_add_null(&set, SYNTA_TAG_NULL));
    CHECK(synta_cbb_add_boolean(&set, SYNTA_TAG_BOOLEAN, 1));
    CHECK(synta_cbb_add_int64(&set, SYNTA_TAG_INTEGER, 5));
    EXPECT(&c,
           "3112"
           "0101ff"
           "020105"
           "020105"
           "0201ff"
           "020201"
           "00"
           "0500");

    /* The same through a full fixed buffer (in-place fallback) and one with room. */
    for (int room = 0; room < 2; room++) {
        uint8_t buf[64];
        size_t cap = room ? sizeof(buf) : 20;
        CHECK(synta_cbb_init_fixed(&c, buf, cap));
        CHECK(synta_cbb_add_set_of(&c, &set, SYNTA_TAG_SET));
        CHECK(synta_cbb_add_int64(&set, SYNTA_TAG_INTEGER, -1));
        CHECK(synta_cbb_add_int64(&set, SYNTA_TAG_INTEGER, 256));
        CHECK(synta_cbb_add_int64(&set, SYNTA_TAG_INTEGER, 5));
        CHECK(synta_cbb_add_null(&set, SYNTA_TAG_NULL));
        CHECK(synta_cbb_add_boolean(&set, SYNTA_TAG_BOOLEAN, 1));
        CHECK(synta_cbb_add_int64(&set, SYNTA_TAG_INTEGER, 5));
        uint8_t *out;
        size_t len;
        CHECK(synta_cbb_finish(&c, &out, &len));
        CHECK(len == 20 &&
              memcmp(out, "\x31\x12\x01\x01\xff\x02\x01\x05\x02\x01\x05\x02\x01\xff\x02\x02\x01\x00\x05\x00",
                     20) == 0);
    }

    /* Many elements, nested children inside, long set length: sorted order. */
    CHECK(synta_cbb_init(&c, 0));
    CHECK(synta_cbb_add_set_of(&c, &set, SYNTA_TAG_SET));
    synta_cbb seq; /* a child must outlive its use: the last one is flushed by finish */
    for (int i = 0; i < 300; i++) {
        CHECK(synta_cbb_add_asn1(&set, &seq, SYNTA_TAG_SEQUENCE));
        CHECK(synta_cbb_add_int64(&seq, SYNTA_TAG_INTEGER, (i * 7919) % 1000));
    }
    uint8_t *out;
    size_t len;
    CHECK(synta_cbb_finish(&c, &out, &len));
    CHECK(out[0] == 0x31 && out[1] == 0x82);
    size_t at = 4, prev_at = 0, prev_len = 0, count = 0;
    while (at < len) {
        size_t el = 2 + out[at + 1];
        if (prev_len > 0) {
            size_t m = el < prev_len ? el : prev_len;
            int cmp = memcmp(out + prev_at, out + at, m);
            CHECK(cmp < 0 || (cmp == 0 && prev_len <= el));
        }
        prev_at = at;
        prev_len = el;
        at += el;
        count++;
    }
    CHECK(at == len && count == 300);
    free(out);
}

/* The reader reads back what the builder wrote. */
static void test_round_trip(void) {
    synta_cbb c, seq, set;
    CHECK(synta_cbb_init(&c, 0));
    CHECK(synta_cbb_add_asn1(&c, &seq, SYNTA_TAG_SEQUENCE));
    CHECK(synta_cbb_add_int64(&seq, SYNTA_TAG_INTEGER, -300));
    CHECK(synta_cbb_add_uint64(&seq, SYNTA_TAG_INTEGER, UINT64_MAX));
    CHECK(synta_cbb_add_boolean(&seq, SYNTA_TAG_BOOLEAN, 1));
    CHECK(add_octets(&seq, 300, 7));
    CHECK(synta_cbb_add_set_of(&seq, &set, SYNTA_TAG_SET));
    CHECK(synta_cbb_add_int64(&set, SYNTA_TAG_INTEGER, 9));
    CHECK(synta_cbb_add_int64(&set, SYNTA_TAG_INTEGER, 3));
    synta_time t = {0};
    t.year = 1999;
    t.month = 12;
    t.day = 31;
    t.hour = 23;
    t.minute = 59;
    t.second = 58;
    t.has_minute = t.has_second = 1;
    CHECK(synta_cbb_add_utc_time(&seq, SYNTA_TAG_UTC_TIME, &t));
    t.fraction = 25;
    t.fraction_digits = 3;
    CHECK(synta_cbb_add_generalized_time(&seq, SYNTA_CONTEXT(0), &t));
    uint8_t *out;
    size_t len;
    CHECK(synta_cbb_finish(&c, &out, &len));

    synta_ctx ctx;
    synta_cbs top, body, s, el;
    synta_ctx_init(&ctx, SYNTA_DER, out, len);
    synta_cbs_init(&top, &ctx);
    int64_t i64;
    uint64_t u64;
    int b;
    synta_span span;
    synta_time rt;
    CHECK(synta_cbs_get_asn1(&top, &body, SYNTA_TAG_SEQUENCE));
    CHECK(synta_cbs_finish(&top));
    CHECK(synta_cbs_get_asn1(&body, &el, SYNTA_TAG_INTEGER) && synta_decode_int64(&el, &i64) && i64 == -300);
    CHECK(synta_cbs_get_asn1(&body, &el, SYNTA_TAG_INTEGER) && synta_decode_uint64(&el, &u64) &&
          u64 == UINT64_MAX);
    CHECK(synta_cbs_get_asn1(&body, &el, SYNTA_TAG_BOOLEAN) && synta_decode_boolean(&el, &b) && b == 1);
    CHECK(synta_cbs_get_asn1(&body, &el, SYNTA_TAG_OCTET_STRING) && synta_decode_octet_string(&el, &span) &&
          span.len == 300 && span.data[299] == 7);
    CHECK(synta_cbs_get_asn1(&body, &s, SYNTA_TAG_SET));
    CHECK(synta_cbs_get_asn1(&s, &el, SYNTA_TAG_INTEGER) && synta_decode_int64(&el, &i64) && i64 == 3);
    CHECK(synta_cbs_get_asn1(&s, &el, SYNTA_TAG_INTEGER) && synta_decode_int64(&el, &i64) && i64 == 9);
    CHECK(synta_cbs_finish(&s));
    CHECK(synta_cbs_get_asn1(&body, &el, SYNTA_TAG_UTC_TIME) && synta_decode_utc_time(&el, &rt) &&
          rt.year == 1999 && rt.second == 58);
    CHECK(synta_cbs_get_asn1(&body, &el, SYNTA_CONTEXT(0)) && synta_decode_generalized_time(&el, &rt) &&
          rt.fraction == 25 && rt.fraction_digits == 3);
    CHECK(synta_cbs_finish(&body));
    CHECK(ctx.error.kind == SYNTA_ERR_NONE);
    free(out);
}

int main(void) {
    test_primitives();
    test_times();
    test_nested_lengths();
    test_fixed();
    test_set_of();
    test_round_trip();
    if (failures) {
        fprintf(stderr, "test_cbb: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_cbb: ok\n");
    return 0;
}
