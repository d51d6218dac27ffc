/*
 * ber_to_der.c - synta_ber_to_der: one BER value re-encoded as DER.
 *
 * The reader (synta_cbs, under SYNTA_BER) frames every element, enforcing
 * the depth and length limits; the builder (synta_cbb on the caller's fixed
 * buffer) writes definite minimal lengths and sorts SET / SET OF contents on
 * flush. Nothing here allocates: child builders live on the stack, and the
 * recursion is bounded by the reader's depth limit.
 */
#include <string.h>

#include "synta/synta.h"

static int convert(synta_cbs *in, synta_cbb *out);

/* joinable: universal string types whose BER constructed (segmented) form
 * DER turns into the primitive form (X.690 10.2). */
static int joinable(uint32_t number) {
    switch (number) {
        case 3:  /* BIT STRING */
        case 4:  /* OCTET STRING */
        case 7:  /* ObjectDescriptor */
        case 12: /* UTF8String */
        case 18:
        case 19:
        case 20:
        case 21:
        case 22: /* Numeric .. IA5 */
        case 23:
        case 24: /* UTCTime, GeneralizedTime */
        case 25:
        case 26:
        case 27:
        case 28:
        case 30: /* Graphic .. BMP */
            return 1;
        default:
            return 0;
    }
}

/* segment_tag_ok: segments carry the outer type's tag, or OCTET STRING for
 * the character and time types (X.690 8.23.6). */
static int segment_tag_ok(uint32_t number, uint32_t seg) {
    uint32_t n = seg & ~SYNTA_CONSTRUCTED;
    return n == number || (number != 3 && n == SYNTA_TAG_OCTET_STRING);
}

/* bits: what the two passes over a segmented BIT STRING share. */
typedef struct bits {
    size_t total;   /* data octets in all segments */
    size_t written; /* data octets written so far */
    uint8_t unused; /* the last segment's unused-bit count */
    int segments;
} bits;

/* join walks the segments of a constructed string. With |out| NULL it only
 * measures (and checks) them into |b|; otherwise it appends their data. */
static int join(synta_cbs *c, uint32_t number, synta_cbb *out, bits *b) {
    while (c->len > 0) {
        synta_cbs seg;
        uint32_t tag;
        size_t at = synta_cbs_offset(c);
        if (!synta_cbs_get_any(c, &seg, &tag, NULL)) {
            return 0;
        }
        if (!segment_tag_ok(number, tag)) {
            return synta_cbs_fail(c, SYNTA_ERR_UNEXPECTED_TAG, at, "string segment of another type");
        }
        if (tag & SYNTA_CONSTRUCTED) {
            if (!join(&seg, number, out, b)) {
                return 0;
            }
            continue;
        }
        const uint8_t *data = seg.data;
        size_t n = seg.len;
        if (number == 3) {
            /* Each BIT STRING segment starts with its unused-bit count;
             * only the last may be non-zero (X.690 8.6.4). */
            if (n == 0 || seg.data[0] > 7 || (n == 1 && seg.data[0] != 0) ||
                (out == NULL && b->segments > 0 && b->unused != 0)) {
                return synta_cbs_fail(c, SYNTA_ERR_INVALID_VALUE, at, "bad BIT STRING segment");
            }
            if (out == NULL) {
                b->unused = seg.data[0];
            }
            data++;
            n--;
        }
        b->segments++;
        if (out == NULL) {
            b->total += n;
            continue;
        }
        if (number == 3 && n > 0 && b->written + n == b->total) {
            /* The final octet: DER wants the unused bits zero (11.2.1). */
            uint8_t last = (uint8_t)(data[n - 1] & (0xFFu << b->unused));
            if (!synta_cbb_add_bytes(out, data, n - 1) || !synta_cbb_add_u8(out, last)) {
                return 0;
            }
        } else if (!synta_cbb_add_bytes(out, data, n)) {
            return 0;
        }
        b->written += n;
    }
    return 1;
}

static int add_primitive(synta_cbs *contents, uint32_t tag, synta_cbb *out);

/* A segmented UTCTime / GeneralizedTime: joined on the stack, then checked and
 * re-encoded like a primitive one, so converting the output again gives the same
 * bytes (a time is a few dozen octets; a longer one is not a valid time). */
static int add_joined_time(synta_cbs *contents, uint32_t tag, synta_cbb *out) {
    uint8_t text[64];
    size_t len = 0;
    synta_ctx tctx;
    synta_cbs joined;
    if (!synta_decode_string_into(contents, tag, text, sizeof text, &len)) {
        return 0;
    }
    synta_ctx_init(&tctx, contents->ctx->rules, text, len);
    synta_cbs_init(&joined, &tctx);
    joined.depth = contents->depth;
    if (add_primitive(&joined, tag & ~SYNTA_CONSTRUCTED, out)) {
        return 1;
    }
    /* Report at the element, not inside the scratch copy. */
    return synta_cbs_fail(contents,
                          tctx.error.kind == SYNTA_ERR_NONE ? SYNTA_ERR_INVALID_VALUE : tctx.error.kind,
                          synta_cbs_offset(contents), tctx.error.detail);
}

static int add_joined(synta_cbs *contents, uint32_t tag, synta_cbb *out) {
    uint32_t number = tag & SYNTA_TAG_NUMBER_MASK;
    if (number == 23 || number == 24) {
        return add_joined_time(contents, tag, out);
    }
    bits b = {0, 0, 0, 0};
    synta_cbs scan = *contents;
    if (!join(&scan, number, NULL, &b)) {
        return 0;
    }
    if (number == 3 && b.total == 0 && b.unused != 0) {
        return synta_cbs_fail(contents, SYNTA_ERR_INVALID_VALUE, synta_cbs_offset(contents),
                              "empty BIT STRING with unused bits");
    }
    synta_cbb child;
    if (!synta_cbb_add_asn1(out, &child, tag & ~SYNTA_CONSTRUCTED)) {
        return 0;
    }
    if (number == 3 && !synta_cbb_add_u8(&child, b.unused)) {
        return 0;
    }
    b.segments = 0;
    return join(contents, number, &child, &b) && synta_cbb_flush(out);
}

static int add_primitive(synta_cbs *contents, uint32_t tag, synta_cbb *out) {
    synta_span v = {contents->data, contents->len};
    if (tag == SYNTA_TAG_BOOLEAN) {
        if (v.len != 1) {
            return synta_cbs_fail(contents, SYNTA_ERR_INVALID_VALUE, synta_cbs_offset(contents),
                                  "BOOLEAN must be one octet");
        }
        return synta_cbb_add_boolean(out, tag, v.data[0] != 0); /* TRUE is 0xFF (11.1) */
    }
    if (tag == SYNTA_TAG_UTC_TIME || tag == SYNTA_TAG_GENERALIZED_TIME) {
        /* BER spellings (no seconds, ',' or trailing zeros in fractions)
         * become the DER form; times with an offset or local time are
         * copied as they are (turning them into Z needs calendar work). */
        synta_time t;
        int ok = tag == SYNTA_TAG_UTC_TIME ? synta_decode_utc_time(contents, &t)
                                           : synta_decode_generalized_time(contents, &t);
        if (!ok) {
            return 0;
        }
        if (t.tz_kind == 0) {
            return tag == SYNTA_TAG_UTC_TIME ? synta_cbb_add_utc_time(out, tag, &t)
                                             : synta_cbb_add_generalized_time(out, tag, &t);
        }
    }
    if (tag == SYNTA_TAG_BIT_STRING && v.len > 0) {
        if (v.data[0] > 7 || (v.len == 1 && v.data[0] != 0)) {
            return synta_cbs_fail(contents, SYNTA_ERR_INVALID_VALUE, synta_cbs_offset(contents),
                                  "bad BIT STRING");
        }
        synta_span data = {v.data + 1, v.len - 1};
        uint8_t unused = v.data[0];
        if (data.len > 0 && (data.data[data.len - 1] & ((1u << unused) - 1u)) != 0) {
            /* Clear the padding bits without a copy: all but the last octet as is. */
            synta_cbb child;
            uint8_t last = (uint8_t)(data.data[data.len - 1] & (0xFFu << unused));
            return synta_cbb_add_asn1(out, &child, tag) && synta_cbb_add_u8(&child, unused) &&
                   synta_cbb_add_bytes(&child, data.data, data.len - 1) && synta_cbb_add_u8(&child, last) &&
                   synta_cbb_flush(out);
        }
    }
    return synta_cbb_add_primitive(out, tag, v);
}

/* convert re-encodes every element of |in| into |out|. */
static int convert(synta_cbs *in, synta_cbb *out) {
    while (in->len > 0) {
        synta_cbs contents;
        uint32_t tag;
        if (!synta_cbs_get_any(in, &contents, &tag, NULL)) {
            return 0;
        }
        int universal = (tag & SYNTA_CLASS_MASK) == SYNTA_CLASS_UNIVERSAL;
        if (!(tag & SYNTA_CONSTRUCTED)) {
            if (!add_primitive(&contents, tag, out)) {
                return 0;
            }
        } else if (universal && joinable(tag & SYNTA_TAG_NUMBER_MASK)) {
            if (!add_joined(&contents, tag, out)) {
                return 0;
            }
        } else {
            synta_cbb child;
            /* Without a schema a SET sorts like a SET OF: the DER order
             * whenever its components are untagged (see the header). */
            int ok = tag == SYNTA_TAG_SET ? synta_cbb_add_set_of(out, &child, tag)
                                          : synta_cbb_add_asn1(out, &child, tag);
            if (!ok || !convert(&contents, &child) || !synta_cbb_flush(out)) {
                return 0;
            }
        }
    }
    return 1;
}

int synta_ber_to_der(const uint8_t *in, size_t len, uint8_t *out, size_t cap, size_t *out_len,
                     synta_error *err) {
    synta_ctx ctx;
    synta_cbs top, contents;
    synta_cbb cbb;
    uint32_t tag;
    synta_ctx_init(&ctx, SYNTA_BER, in, len);
    synta_cbs_init(&top, &ctx);
    if (!synta_cbb_init_fixed(&cbb, out, cap)) {
        return 0;
    }
    /* Exactly one value: read its frame here so trailing bytes are caught. */
    synta_cbs one = top;
    int ok = synta_cbs_get_any(&top, &contents, &tag, NULL) && synta_cbs_finish(&top);
    if (ok) {
        one.len = (size_t)(top.data - one.data);
        ok = convert(&one, &cbb);
    }
    uint8_t *data;
    size_t n = 0;
    ok = ok && synta_cbb_finish(&cbb, &data, &n);
    if (!ok && ctx.error.kind == SYNTA_ERR_NONE) {
        /* The reader was happy, so the builder ran out of room. */
        ctx.error.kind = SYNTA_ERR_NO_MEMORY;
        ctx.error.offset = 0;
        ctx.error.detail = "output buffer too small";
    }
    if (err != NULL) {
        *err = ctx.error;
    }
    *out_len = ok ? n : 0;
    return ok;
}
