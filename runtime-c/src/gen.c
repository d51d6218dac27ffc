/* gen.c - codecs with the uniform shape generated code calls (see synta/gen.h). */
#include <string.h>

#include "synta/gen.h"

void synta_list_iter_init(synta_list_iter *it, synta_span elements, synta_rules rules) {
    synta_ctx_init(&it->ctx, rules, elements.data, elements.len);
    synta_cbs_init(&it->cbs, &it->ctx);
}

/* Opens the element with tag |tag| and hands back its contents. */
static int open_element(synta_cbs *cbs, uint32_t tag, synta_cbs *contents) {
    return synta_cbs_get_asn1(cbs, contents, tag);
}

int synta_gen_bool_decode(synta_cbs *cbs, uint32_t tag, int *out) {
    synta_cbs c;
    return open_element(cbs, tag, &c) && synta_decode_boolean(&c, out);
}

int synta_gen_bool_encode(synta_cbb *cbb, uint32_t tag, const int *in) {
    return synta_cbb_add_boolean(cbb, tag, *in);
}

int synta_gen_null_decode(synta_cbs *cbs, uint32_t tag, synta_null_t *out) {
    synta_cbs c;
    *out = 0;
    return open_element(cbs, tag, &c) && synta_decode_null(&c);
}

int synta_gen_null_encode(synta_cbb *cbb, uint32_t tag, const synta_null_t *in) {
    (void)in;
    return synta_cbb_add_null(cbb, tag);
}

/* Unsigned and signed INTEGERs narrowed to a C type: OVERFLOW when out of range. */
static int read_unsigned(synta_cbs *cbs, uint32_t tag, uint64_t max, uint64_t *out) {
    synta_cbs c;
    size_t at;
    if (!open_element(cbs, tag, &c)) return 0;
    at = synta_cbs_offset(&c);
    if (!synta_decode_uint64(&c, out)) return 0;
    if (*out > max) return synta_cbs_fail(&c, SYNTA_ERR_OVERFLOW, at, NULL);
    return 1;
}

static int read_signed(synta_cbs *cbs, uint32_t tag, int64_t min, int64_t max, int64_t *out) {
    synta_cbs c;
    size_t at;
    if (!open_element(cbs, tag, &c)) return 0;
    at = synta_cbs_offset(&c);
    if (!synta_decode_int64(&c, out)) return 0;
    if (*out < min || *out > max) return synta_cbs_fail(&c, SYNTA_ERR_OVERFLOW, at, NULL);
    return 1;
}

#define SYNTA_GEN_UNSIGNED(name, type, max)                           \
    int name##_decode(synta_cbs *cbs, uint32_t tag, type *out) {      \
        uint64_t v = 0;                                               \
        if (!read_unsigned(cbs, tag, (max), &v)) return 0;            \
        *out = (type)v;                                               \
        return 1;                                                     \
    }                                                                 \
    int name##_encode(synta_cbb *cbb, uint32_t tag, const type *in) { \
        return synta_cbb_add_uint64(cbb, tag, (uint64_t)*in);         \
    }

#define SYNTA_GEN_SIGNED(name, type, min, max)                        \
    int name##_decode(synta_cbs *cbs, uint32_t tag, type *out) {      \
        int64_t v = 0;                                                \
        if (!read_signed(cbs, tag, (min), (max), &v)) return 0;       \
        *out = (type)v;                                               \
        return 1;                                                     \
    }                                                                 \
    int name##_encode(synta_cbb *cbb, uint32_t tag, const type *in) { \
        return synta_cbb_add_int64(cbb, tag, (int64_t)*in);           \
    }

SYNTA_GEN_UNSIGNED(synta_gen_u8, uint8_t, UINT8_MAX)
SYNTA_GEN_UNSIGNED(synta_gen_u16, uint16_t, UINT16_MAX)
SYNTA_GEN_UNSIGNED(synta_gen_u32, uint32_t, UINT32_MAX)
SYNTA_GEN_UNSIGNED(synta_gen_u64, uint64_t, UINT64_MAX)
SYNTA_GEN_SIGNED(synta_gen_i8, int8_t, INT8_MIN, INT8_MAX)
SYNTA_GEN_SIGNED(synta_gen_i16, int16_t, INT16_MIN, INT16_MAX)
SYNTA_GEN_SIGNED(synta_gen_i32, int32_t, INT32_MIN, INT32_MAX)
SYNTA_GEN_SIGNED(synta_gen_i64, int64_t, INT64_MIN, INT64_MAX)
SYNTA_GEN_SIGNED(synta_gen_enum, int64_t, INT64_MIN, INT64_MAX)

int synta_gen_int_decode(synta_cbs *cbs, uint32_t tag, synta_span *out) {
    synta_cbs c;
    return open_element(cbs, tag, &c) && synta_decode_integer(&c, out);
}

int synta_gen_int_encode(synta_cbb *cbb, uint32_t tag, const synta_span *in) {
    return synta_cbb_add_integer(cbb, tag, *in);
}

int synta_gen_bits_decode(synta_cbs *cbs, uint32_t tag, synta_bit_string *out) {
    synta_cbs c;
    return open_element(cbs, tag, &c) && synta_decode_bit_string(&c, &out->data, &out->unused);
}

int synta_gen_bits_encode(synta_cbb *cbb, uint32_t tag, const synta_bit_string *in) {
    return synta_cbb_add_bit_string(cbb, tag, in->data, in->unused);
}

/* Codecs whose value is the checked contents octets, written back as they are. */
#define SYNTA_GEN_SPAN(name, check)                                         \
    int name##_decode(synta_cbs *cbs, uint32_t tag, synta_span *out) {      \
        synta_cbs c;                                                        \
        return open_element(cbs, tag, &c) && (check);                       \
    }                                                                       \
    int name##_encode(synta_cbb *cbb, uint32_t tag, const synta_span *in) { \
        return synta_cbb_add_primitive(cbb, tag, *in);                      \
    }

SYNTA_GEN_SPAN(synta_gen_octets, synta_decode_octet_string(&c, out))
SYNTA_GEN_SPAN(synta_gen_oid, synta_decode_oid(&c, out))
SYNTA_GEN_SPAN(synta_gen_roid, synta_decode_relative_oid(&c, out))
SYNTA_GEN_SPAN(synta_gen_utf8, synta_decode_string(&c, SYNTA_TAG_UTF8_STRING, out))
SYNTA_GEN_SPAN(synta_gen_numeric, synta_decode_string(&c, SYNTA_TAG_NUMERIC_STRING, out))
SYNTA_GEN_SPAN(synta_gen_printable, synta_decode_string(&c, SYNTA_TAG_PRINTABLE_STRING, out))
SYNTA_GEN_SPAN(synta_gen_teletex, synta_decode_string(&c, SYNTA_TAG_TELETEX_STRING, out))
SYNTA_GEN_SPAN(synta_gen_videotex, synta_decode_string(&c, SYNTA_TAG_VIDEOTEX_STRING, out))
SYNTA_GEN_SPAN(synta_gen_ia5, synta_decode_string(&c, SYNTA_TAG_IA5_STRING, out))
SYNTA_GEN_SPAN(synta_gen_graphic, synta_decode_string(&c, SYNTA_TAG_GRAPHIC_STRING, out))
SYNTA_GEN_SPAN(synta_gen_visible, synta_decode_string(&c, SYNTA_TAG_VISIBLE_STRING, out))
SYNTA_GEN_SPAN(synta_gen_general, synta_decode_string(&c, SYNTA_TAG_GENERAL_STRING, out))
SYNTA_GEN_SPAN(synta_gen_universal, synta_decode_string(&c, SYNTA_TAG_UNIVERSAL_STRING, out))
SYNTA_GEN_SPAN(synta_gen_bmp, synta_decode_string(&c, SYNTA_TAG_BMP_STRING, out))
SYNTA_GEN_SPAN(synta_gen_objdesc, synta_decode_string(&c, SYNTA_TAG_OBJECT_DESCRIPTOR, out))

/* Contents kept as they are (REAL after its check, and the types the runtime does not
 * model). */
static int take_contents(synta_cbs *c, synta_span *out) {
    out->data = c->data;
    out->len = c->len;
    return 1;
}

static int put_contents(synta_cbb *cbb, uint32_t tag, const synta_span *in) {
    synta_cbb child;
    return synta_cbb_add_asn1(cbb, &child, tag) && synta_cbb_add_bytes(&child, in->data, in->len) &&
           synta_cbb_flush(cbb);
}

int synta_gen_real_decode(synta_cbs *cbs, uint32_t tag, synta_span *out) {
    synta_cbs c;
    synta_real checked;
    /* Kept as contents octets, but checked as a REAL under the cursor's rules. */
    return open_element(cbs, tag, &c) && synta_decode_real(&c, &checked) && take_contents(&c, out);
}

int synta_gen_real_encode(synta_cbb *cbb, uint32_t tag, const synta_span *in) {
    return put_contents(cbb, tag, in);
}

int synta_gen_contents_decode(synta_cbs *cbs, uint32_t tag, synta_span *out) {
    synta_cbs c;
    return open_element(cbs, tag, &c) && take_contents(&c, out);
}

int synta_gen_contents_encode(synta_cbb *cbb, uint32_t tag, const synta_span *in) {
    return put_contents(cbb, tag, in);
}

int synta_gen_utctime_decode(synta_cbs *cbs, uint32_t tag, synta_time *out) {
    synta_cbs c;
    return open_element(cbs, tag, &c) && synta_decode_utc_time(&c, out);
}

int synta_gen_utctime_encode(synta_cbb *cbb, uint32_t tag, const synta_time *in) {
    return synta_cbb_add_utc_time(cbb, tag, in);
}

int synta_gen_gentime_decode(synta_cbs *cbs, uint32_t tag, synta_time *out) {
    synta_cbs c;
    return open_element(cbs, tag, &c) && synta_decode_generalized_time(&c, out);
}

int synta_gen_gentime_encode(synta_cbb *cbb, uint32_t tag, const synta_time *in) {
    return synta_cbb_add_generalized_time(cbb, tag, in);
}

int synta_gen_raw_decode(synta_cbs *cbs, uint32_t tag, synta_span *out) {
    uint32_t actual = 0;
    if (tag != 0) {
        if (cbs->len == 0) {
            (void)synta_cbs_fail(cbs, SYNTA_ERR_MISSING_ELEMENT, synta_cbs_offset(cbs), NULL);
            return 0;
        }
        if (!synta_cbs_peek_tag(cbs, &actual)) return 0;
        if (actual != tag) return synta_cbs_fail(cbs, SYNTA_ERR_UNEXPECTED_TAG, synta_cbs_offset(cbs), NULL);
    }
    return synta_cbs_get_element(cbs, out, &actual);
}

int synta_gen_raw_encode(synta_cbb *cbb, uint32_t tag, const synta_span *in) {
    (void)tag;
    return synta_cbb_add_bytes(cbb, in->data, in->len);
}

int synta_gen_lazy_decode(synta_cbs *cbs, uint32_t tag, synta_span *out) {
    size_t at = synta_cbs_offset(cbs);
    uint32_t actual = 0;
    if (cbs->len == 0) return synta_cbs_fail(cbs, SYNTA_ERR_MISSING_ELEMENT, at, NULL);
    if (!synta_cbs_get_element(cbs, out, &actual)) return 0;
    if (tag != 0 && actual != tag) return synta_cbs_fail(cbs, SYNTA_ERR_UNEXPECTED_TAG, at, NULL);
    return 1;
}

int synta_gen_lazy_encode(synta_cbb *cbb, uint32_t tag, const synta_span *in) {
    return synta_gen_raw_encode(cbb, tag, in);
}

uint32_t synta_gen_raw_tag(synta_span raw) {
    synta_ctx ctx;
    synta_cbs cbs;
    uint32_t tag = 0;
    /* One identifier octet (tag numbers below 31): read here, it is on every parse. */
    if (raw.len > 0 && (raw.data[0] & 0x1Fu) != 0x1Fu) {
        return synta_low_tag(raw.data[0]);
    }
    synta_ctx_init(&ctx, SYNTA_BER, raw.data, raw.len);
    synta_cbs_init(&cbs, &ctx);
    return synta_cbs_peek_tag(&cbs, &tag) ? tag : 0;
}

int synta_gen_any_decode(synta_cbs *cbs, uint32_t tag, synta_span *out) {
    (void)tag;
    return synta_gen_raw_decode(cbs, 0, out);
}

int synta_gen_any_encode(synta_cbb *cbb, uint32_t tag, const synta_span *in) {
    return synta_gen_raw_encode(cbb, tag, in);
}

int synta_gen_elements_decode(synta_cbs *cbs, uint32_t tag, synta_span *out) {
    const uint8_t *start = cbs->data;
    synta_cbs contents;
    if (!synta_cbs_get_asn1(cbs, &contents, tag)) return 0;
    while (contents.len > 0) {
        synta_span element;
        uint32_t element_tag;
        if (!synta_cbs_get_element(&contents, &element, &element_tag)) return 0;
    }
    out->data = start;
    out->len = (size_t)(cbs->data - start);
    return 1;
}

int synta_gen_elements_encode(synta_cbb *cbb, uint32_t tag, const synta_span *in) {
    return synta_gen_raw_encode(cbb, tag, in);
}

void synta_gen_sub(const synta_cbs *parent, synta_span raw, synta_cbs *out) {
    out->data = raw.data;
    out->len = raw.len;
    out->ctx = parent->ctx;
    out->depth = parent->depth;
    out->header_len = 0;
}

int synta_gen_skip_rest(synta_cbs *c) {
    while (c->len > 0) {
        synta_span element;
        uint32_t tag;
        if (!synta_cbs_get_element(c, &element, &tag)) return 0;
    }
    return 1;
}

uint64_t synta_gen_tag_order(uint32_t tag) {
    return ((uint64_t)(tag >> 30) << 32) | (uint64_t)(tag & SYNTA_TAG_NUMBER_MASK);
}

/* X.690 11.6: compared as octet strings, the shorter padded with zero octets. */
static int sorts_before(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len) {
    size_t n = a_len < b_len ? a_len : b_len;
    size_t i;
    int cmp = n > 0 ? memcmp(a, b, n) : 0;
    if (cmp != 0) return cmp < 0;
    for (i = n; i < b_len; i++) {
        if (b[i] != 0) return 1;
    }
    return 0;
}

int synta_gen_set_of_order(const synta_cbs *c, const uint8_t *prev, size_t prev_len, const uint8_t *cur,
                           size_t cur_len) {
    if (prev == NULL || c->ctx->rules == SYNTA_BER) return 1;
    if (sorts_before(cur, cur_len, prev, prev_len)) {
        return synta_cbs_fail(c, SYNTA_ERR_NON_CANONICAL, (size_t)(cur - c->ctx->base),
                              "SET OF elements not sorted");
    }
    return 1;
}

int synta_gen_size_ok(uint64_t n, uint64_t min, uint64_t max) { return n >= min && n <= max; }

int synta_gen_raw_size_ok(synta_span raw, synta_rules rules, uint64_t min, uint64_t max) {
    /* Its own context: framing errors here are no errors of the decode. */
    synta_ctx ctx;
    synta_cbs cbs, contents;
    uint32_t tag;
    uint64_t n = 0;
    /* Counting stops once the answer is known: at |min| with no upper bound (SIZE (1..MAX)
     * only asks whether the list is empty), past |max| otherwise. */
    uint64_t cap = max == UINT64_MAX ? min : max + 1;
    synta_ctx_init(&ctx, rules, raw.data, raw.len);
    synta_cbs_init(&cbs, &ctx);
    if (!synta_cbs_get_any(&cbs, &contents, &tag, NULL)) return 1;
    /* The Rust count reads the contents with a fresh reader: depth 0. */
    contents.depth = 0;
    while (n < cap && contents.len > 0) {
        synta_span element;
        if (!synta_cbs_get_element(&contents, &element, &tag)) return 1;
        n++;
    }
    return synta_gen_size_ok(n, min, max);
}

int synta_gen_urange_ok(uint64_t v, uint64_t min, uint64_t max) { return v >= min && v <= max; }

int synta_gen_irange_ok(int64_t v, int64_t min, int64_t max) { return v >= min && v <= max; }

int synta_gen_int_range_ok(synta_span v, int has_min, int64_t min, int has_max, int64_t max) {
    int negative = v.len > 0 && (v.data[0] & 0x80u);
    if (v.len > 8) {
        /* Beyond int64_t: above every max if positive, below every min if negative. */
        return negative ? !has_min : !has_max;
    }
    {
        uint64_t bits = negative ? UINT64_MAX : 0;
        int64_t value;
        size_t i;
        for (i = 0; i < v.len; i++) bits = (bits << 8) | v.data[i];
        memcpy(&value, &bits, sizeof value);
        return (!has_min || value >= min) && (!has_max || value <= max);
    }
}

uint64_t synta_gen_chars(uint32_t universal_tag, synta_span s) {
    uint64_t n = 0;
    size_t i;
    switch (universal_tag) {
        case SYNTA_TAG_UTF8_STRING:
            for (i = 0; i < s.len; i++) {
                if ((s.data[i] & 0xC0u) != 0x80u) n++;
            }
            return n;
        case SYNTA_TAG_BMP_STRING:
            return (uint64_t)(s.len / 2);
        case SYNTA_TAG_UNIVERSAL_STRING:
            return (uint64_t)(s.len / 4);
        default:
            return (uint64_t)s.len;
    }
}

uint64_t synta_gen_bit_len(const synta_bit_string *b) {
    if (b->data.len == 0) return 0;
    return (uint64_t)b->data.len * 8u - b->unused;
}
