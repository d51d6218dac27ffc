/* Behaviour of the generated C (tests/c-codegen/gen, from schema/CRoundTrip.asn1):
 * every accepted DER input re-encodes to the same bytes, DEFAULTs are omitted and
 * rejected when encoded under DER, constraints, SET / SET OF order, unknown CHOICE
 * alternatives, recursion under the depth limit and open-type dispatch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_round_trip.h"

static int failures = 0;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                              \
        }                                                                            \
    } while (0)

/* Re-encodes |value| with |encode| and compares with |der|. */
#define CHECK_REENCODES(encode, tag, value, der, len)                            \
    do {                                                                         \
        synta_cbb cbb_;                                                          \
        uint8_t *out_ = NULL;                                                    \
        size_t out_len_ = 0;                                                     \
        CHECK(synta_cbb_init(&cbb_, 64));                                        \
        CHECK(encode(&cbb_, tag, value));                                        \
        CHECK(synta_cbb_finish(&cbb_, &out_, &out_len_));                        \
        CHECK(out_len_ == (len) && out_ != NULL && memcmp(out_, der, len) == 0); \
        free(out_);                                                              \
    } while (0)

static void record_defaults(void) {
    static const uint8_t der[] = {0x30, 0x07, 0x02, 0x01, 0x05, 0x0C, 0x02, 0x61, 0x62};
    c_round_trip_Record r;
    synta_error err;
    CHECK(c_round_trip_Record_parse(der, sizeof der, SYNTA_DER, &r, &err));
    CHECK(r.id == 5);
    CHECK(r.name.len == 2 && memcmp(r.name.data, "ab", 2) == 0);
    CHECK(r.flag == 0);
    CHECK(r.level == 3);
    CHECK(r.version.len == 1 && r.version.data[0] == 1);
    CHECK(!r.has_note && !r.has_color);
    CHECK_REENCODES(c_round_trip_Record_encode, C_ROUND_TRIP_RECORD_TAG, &r, der, sizeof der);
}

static void record_full(void) {
    static const uint8_t der[] = {0x30, 0x19, 0x02, 0x01, 0x05, 0x0C, 0x02, 0x61, 0x62,
                                  0x80, 0x01, 0xFF, 0x81, 0x01, 0x05, 0x82, 0x01, 0x07,
                                  0xA3, 0x04, 0x16, 0x02, 0x68, 0x69, 0x0A, 0x01, 0x02};
    c_round_trip_Record r;
    CHECK(c_round_trip_Record_parse(der, sizeof der, SYNTA_DER, &r, NULL));
    CHECK(r.flag == 1 && r.level == 5);
    CHECK(r.version.len == 1 && r.version.data[0] == 7);
    CHECK(r.has_note && r.note.len == 2 && memcmp(r.note.data, "hi", 2) == 0);
    CHECK(r.has_color && r.color == C_ROUND_TRIP_COLOR_BLUE);
    CHECK_REENCODES(c_round_trip_Record_encode, C_ROUND_TRIP_RECORD_TAG, &r, der, sizeof der);
}

static void record_errors(void) {
    /* flag [0] FALSE: its DEFAULT, encoded. */
    static const uint8_t default_encoded[] = {0x30, 0x0A, 0x02, 0x01, 0x05, 0x0C,
                                              0x02, 0x61, 0x62, 0x80, 0x01, 0x00};
    static const uint8_t id_300[] = {0x30, 0x08, 0x02, 0x02, 0x01, 0x2C, 0x0C, 0x02, 0x61, 0x62};
    static const uint8_t empty_name[] = {0x30, 0x05, 0x02, 0x01, 0x05, 0x0C, 0x00};
    c_round_trip_Record r;
    synta_error err;
    CHECK(!c_round_trip_Record_parse(default_encoded, sizeof default_encoded, SYNTA_DER, &r, &err));
    CHECK(err.kind == SYNTA_ERR_NON_CANONICAL);
    CHECK(c_round_trip_Record_parse(default_encoded, sizeof default_encoded, SYNTA_BER, &r, &err));
    CHECK(!c_round_trip_Record_parse(id_300, sizeof id_300, SYNTA_DER, &r, &err));
    CHECK(err.kind == SYNTA_ERR_OVERFLOW);
    CHECK(err.offset == 4);
    CHECK(!c_round_trip_Record_parse(empty_name, sizeof empty_name, SYNTA_DER, &r, &err));
    CHECK(err.kind == SYNTA_ERR_CONSTRAINT);
    CHECK(err.field != NULL && strcmp(err.field, "Record.name") == 0);
    /* A value breaking a constraint is not encoded. */
    {
        static const uint8_t der[] = {0x30, 0x07, 0x02, 0x01, 0x05, 0x0C, 0x02, 0x61, 0x62};
        synta_cbb cbb;
        CHECK(c_round_trip_Record_parse(der, sizeof der, SYNTA_DER, &r, NULL));
        r.level = 11;
        CHECK(synta_cbb_init(&cbb, 16));
        CHECK(!c_round_trip_Record_encode(&cbb, C_ROUND_TRIP_RECORD_TAG, &r));
        synta_cbb_cleanup(&cbb);
    }
}

static void choice(void) {
    static const uint8_t circle[] = {0x80, 0x01, 0x07};
    static const uint8_t unknown[] = {0x85, 0x01, 0x00};
    static const uint8_t universal[] = {0x02, 0x01, 0x00};
    c_round_trip_Shape s;
    CHECK(c_round_trip_Shape_parse(circle, sizeof circle, SYNTA_DER, &s, NULL));
    CHECK(s.present == C_ROUND_TRIP_SHAPE_PR_circle);
    CHECK_REENCODES(c_round_trip_Shape_encode, 0, &s, circle, sizeof circle);
    CHECK(c_round_trip_Shape_parse(unknown, sizeof unknown, SYNTA_DER, &s, NULL));
    CHECK(s.present == C_ROUND_TRIP_SHAPE_PR_UNKNOWN);
    CHECK(s.u.unknown.len == 3);
    CHECK_REENCODES(c_round_trip_Shape_encode, 0, &s, unknown, sizeof unknown);
    CHECK(c_round_trip_Shape_accepts(SYNTA_CONTEXT(1)) && !c_round_trip_Shape_accepts(SYNTA_TAG_INTEGER));
    /* Extensible: a tag of no alternative is kept as an unknown one, not refused. */
    CHECK(c_round_trip_Shape_parse(universal, sizeof universal, SYNTA_DER, &s, NULL));
    CHECK(s.present == C_ROUND_TRIP_SHAPE_PR_UNKNOWN);
}

static void lists(void) {
    uint8_t five[2 + 5 * 9];
    size_t i;
    c_round_trip_Records recs;
    c_round_trip_Record items[4];
    size_t n = 0;
    synta_error err;
    five[0] = 0x30;
    five[1] = 5 * 9;
    for (i = 0; i < 5; i++) {
        static const uint8_t one[] = {0x30, 0x07, 0x02, 0x01, 0x05, 0x0C, 0x02, 0x61, 0x62};
        memcpy(five + 2 + 9 * i, one, 9);
    }
    CHECK(!c_round_trip_Records_parse(five, sizeof five, SYNTA_DER, &recs, &err));
    CHECK(err.kind == SYNTA_ERR_CONSTRAINT);
    five[1] = 4 * 9;
    CHECK(c_round_trip_Records_parse(five, 2 + 4 * 9, SYNTA_DER, &recs, &err));
    CHECK(recs.count == 4);
    CHECK(c_round_trip_Records_get_all(&recs, items, 4, &n) && n == 4 && items[3].id == 5);
    CHECK(!c_round_trip_Records_get_all(&recs, items, 3, &n) && n == 3);
    CHECK_REENCODES(c_round_trip_Records_encode, C_ROUND_TRIP_RECORDS_TAG, &recs, five, 2 + 4 * 9);
}

static void set_order(void) {
    static const uint8_t bag_unsorted[] = {0x31, 0x06, 0x02, 0x01, 0x02, 0x02, 0x01, 0x01};
    static const uint8_t bag_sorted[] = {0x31, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02};
    static const uint8_t pair_reversed[] = {0x31, 0x06, 0x81, 0x01, 0x02, 0x80, 0x01, 0x01};
    static const uint8_t pair[] = {0x31, 0x06, 0x80, 0x01, 0x01, 0x81, 0x01, 0x02};
    c_round_trip_Bag bag;
    c_round_trip_Pair p;
    synta_error err;
    CHECK(!c_round_trip_Bag_parse(bag_unsorted, sizeof bag_unsorted, SYNTA_DER, &bag, &err));
    CHECK(err.kind == SYNTA_ERR_NON_CANONICAL);
    CHECK(c_round_trip_Bag_parse(bag_unsorted, sizeof bag_unsorted, SYNTA_BER, &bag, &err));
    CHECK(c_round_trip_Bag_parse(bag_sorted, sizeof bag_sorted, SYNTA_DER, &bag, &err) && bag.count == 2);
    CHECK_REENCODES(c_round_trip_Bag_encode, C_ROUND_TRIP_BAG_TAG, &bag, bag_sorted, sizeof bag_sorted);
    CHECK(!c_round_trip_Pair_parse(pair_reversed, sizeof pair_reversed, SYNTA_DER, &p, &err));
    CHECK(err.kind == SYNTA_ERR_NON_CANONICAL);
    CHECK(c_round_trip_Pair_parse(pair_reversed, sizeof pair_reversed, SYNTA_BER, &p, &err));
    CHECK(p.left.len == 1 && p.left.data[0] == 1 && p.right.data[0] == 2);
    CHECK(c_round_trip_Pair_parse(pair, sizeof pair, SYNTA_DER, &p, &err));
    CHECK_REENCODES(c_round_trip_Pair_encode, C_ROUND_TRIP_PAIR_TAG, &p, pair, sizeof pair);
}

/* Prepends a header with |tag_byte| and the DER length of |len| bytes ending at
 * buf + end; returns the new start. */
static size_t prepend_tlv(uint8_t *buf, size_t start, uint8_t tag_byte) {
    size_t len = 4096 - start;
    if (len < 0x80) {
        buf[--start] = (uint8_t)len;
    } else if (len < 0x100) {
        buf[--start] = (uint8_t)len;
        buf[--start] = 0x81;
    } else {
        buf[--start] = (uint8_t)(len & 0xFF);
        buf[--start] = (uint8_t)(len >> 8);
        buf[--start] = 0x82;
    }
    buf[--start] = tag_byte;
    return start;
}

static void recursion(void) {
    static const uint8_t chain[] = {0x30, 0x08, 0x02, 0x01, 0x01, 0xA0, 0x03, 0x02, 0x01, 0x02};
    static uint8_t deep[4096];
    c_round_trip_Chain c;
    c_round_trip_Chain next;
    synta_error err;
    size_t start = 4096;
    int level;
    CHECK(c_round_trip_Chain_parse(chain, sizeof chain, SYNTA_DER, &c, &err));
    CHECK(c.has_next && c.next.len == 5);
    CHECK(c_round_trip_Chain_parse(c.next.data, c.next.len, SYNTA_DER, &next, NULL) == 0);
    {
        /* The raw member carries its IMPLICIT [0] tag: decode it under that tag. */
        synta_ctx ctx;
        synta_cbs cbs;
        synta_ctx_init(&ctx, SYNTA_DER, c.next.data, c.next.len);
        synta_cbs_init(&cbs, &ctx);
        CHECK(c_round_trip_Chain_decode(&cbs, SYNTA_CONTEXT_CONSTRUCTED(0), &next));
        CHECK(next.value.len == 1 && next.value.data[0] == 2 && !next.has_next);
    }
    CHECK_REENCODES(c_round_trip_Chain_encode, C_ROUND_TRIP_CHAIN_TAG, &c, chain, sizeof chain);
    /* 200 nested links (each `next` is an IMPLICIT [0] Chain): refused at the depth
     * limit, without crashing. */
    deep[--start] = 0x00;
    deep[--start] = 0x01;
    deep[--start] = 0x02;
    for (level = 0; level < 200; level++) {
        start = prepend_tlv(deep, start, 0xA0);
        deep[--start] = 0x00;
        deep[--start] = 0x01;
        deep[--start] = 0x02;
    }
    start = prepend_tlv(deep, start, 0x30);
    CHECK(!c_round_trip_Chain_parse(deep + start, 4096 - start, SYNTA_DER, &c, &err));
    CHECK(err.kind == SYNTA_ERR_DEPTH_EXCEEDED);
}

static void open_type(void) {
    static const uint8_t number[] = {0x30, 0x0F, 0x06, 0x0A, 0x2B, 0x06, 0x01, 0x04, 0x01,
                                     0x86, 0x8D, 0x1F, 0x01, 0x01, 0x02, 0x01, 0x2A};
    static const uint8_t other[] = {0x30, 0x0F, 0x06, 0x0A, 0x2B, 0x06, 0x01, 0x04, 0x01,
                                    0x86, 0x8D, 0x1F, 0x01, 0x09, 0x02, 0x01, 0x2A};
    static const uint8_t wrong_type[] = {0x30, 0x0F, 0x06, 0x0A, 0x2B, 0x06, 0x01, 0x04, 0x01,
                                         0x86, 0x8D, 0x1F, 0x01, 0x02, 0x02, 0x01, 0x2A};
    c_round_trip_Tagged t;
    c_round_trip_Tagged_value_value v;
    synta_error err;
    CHECK(c_round_trip_Tagged_parse(number, sizeof number, SYNTA_DER, &t, NULL));
    CHECK(synta_span_eq(t.kind, c_round_trip_id_number, C_ROUND_TRIP_ID_NUMBER_LEN));
    CHECK(c_round_trip_Tagged_value_decode(&t, SYNTA_DER, &v, &err));
    CHECK(v.present == C_ROUND_TRIP_TAGGED_VALUE_PR_thing_number);
    CHECK(v.u.thing_number.len == 1 && v.u.thing_number.data[0] == 42);
    CHECK_REENCODES(c_round_trip_Tagged_encode, C_ROUND_TRIP_TAGGED_TAG, &t, number, sizeof number);
    CHECK(c_round_trip_Tagged_parse(other, sizeof other, SYNTA_DER, &t, NULL));
    CHECK(c_round_trip_Tagged_value_decode(&t, SYNTA_DER, &v, &err));
    CHECK(v.present == C_ROUND_TRIP_TAGGED_VALUE_PR_UNKNOWN);
    /* id-text selects UTF8String: an INTEGER there is an error. */
    CHECK(c_round_trip_Tagged_parse(wrong_type, sizeof wrong_type, SYNTA_DER, &t, NULL));
    CHECK(!c_round_trip_Tagged_value_decode(&t, SYNTA_DER, &v, &err));
    CHECK(err.kind == SYNTA_ERR_UNEXPECTED_TAG);
}

static void enumerated(void) {
    static const uint8_t seven[] = {0x0A, 0x01, 0x07};
    static const uint8_t one[] = {0x0A, 0x01, 0x01};
    c_round_trip_Color color;
    synta_error err;
    CHECK(!c_round_trip_Color_parse(seven, sizeof seven, SYNTA_DER, &color, &err));
    CHECK(err.kind == SYNTA_ERR_INVALID_VALUE);
    CHECK(c_round_trip_Color_parse(one, sizeof one, SYNTA_DER, &color, &err));
    CHECK(color == C_ROUND_TRIP_COLOR_GREEN);
}

/* _validate on values built by hand: constraints, ENUMERATED values, CHOICE selectors,
 * list sizes; each bad value alone makes it fail. */
static void validate(void) {
    static const uint8_t ab[] = {'a', 'b'};
    c_round_trip_Record r = C_ROUND_TRIP_RECORD_INIT;
    c_round_trip_Shape s = C_ROUND_TRIP_SHAPE_INIT;
    c_round_trip_Records list = C_ROUND_TRIP_RECORDS_INIT;
    r.id = 5;
    r.name.data = ab;
    r.name.len = sizeof ab;
    r.level = 3;
    CHECK(c_round_trip_Record_validate(&r));
    r.level = 11; /* outside (-10..10) */
    CHECK(!c_round_trip_Record_validate(&r));
    r.level = -10;
    CHECK(c_round_trip_Record_validate(&r));
    r.name.len = 0; /* SIZE (1..16) */
    CHECK(!c_round_trip_Record_validate(&r));
    r.name.len = sizeof ab;
    r.has_color = 1;
    r.color = 7; /* not one of the ENUMERATED values */
    CHECK(!c_round_trip_Record_validate(&r));
    r.color = C_ROUND_TRIP_COLOR_GREEN;
    CHECK(c_round_trip_Record_validate(&r));
    CHECK(!c_round_trip_Color_validate(&(c_round_trip_Color){-1}));
    s.present = (c_round_trip_Shape_PR)42;
    CHECK(!c_round_trip_Shape_validate(&s));
    s.present = C_ROUND_TRIP_SHAPE_PR_circle;
    CHECK(c_round_trip_Shape_validate(&s));
    list.count = 0; /* SIZE (1..4) */
    CHECK(!c_round_trip_Records_validate(&list));
    list.count = 4;
    CHECK(c_round_trip_Records_validate(&list));
    list.count = 5;
    CHECK(!c_round_trip_Records_validate(&list));
}

int main(void) {
    record_defaults();
    record_full();
    record_errors();
    choice();
    lists();
    set_order();
    recursion();
    open_type();
    enumerated();
    validate();
    if (failures != 0) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("generated C round trip: all checks passed\n");
    return 0;
}
