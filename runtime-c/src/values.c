/* values.c - contents of BOOLEAN, NULL, INTEGER, OCTET STRING and the OID types under
 * the cursor's rules; mirrors runtime-rust/synta/src/types (same checks, same kinds). */
#include "synta/synta.h"

#define FAIL(c, kind, detail) synta_cbs_fail((c), (kind), synta_cbs_offset(c), (detail))
/* Errors about the element as a whole (its form), where the Rust runtime reports them:
 * at the element's first octet. */
#define FAIL_ELEMENT(c, kind, detail) synta_cbs_fail((c), (kind), synta_cbs_element_offset(c), (detail))

/* CER string segments hold at most 1000 octets (X.690 9.2). */
#define CER_SEGMENT 1000u

int synta_decode_boolean(const synta_cbs *contents, int *out) {
    if (contents->len != 1) return FAIL(contents, SYNTA_ERR_INVALID_VALUE, "BOOLEAN must be one octet");
    /* Any non-zero octet is TRUE in BER (8.2.2); DER and CER demand 0xFF (11.1). */
    if (contents->ctx->rules != SYNTA_BER && contents->data[0] != 0 && contents->data[0] != 0xFF) {
        return FAIL(contents, SYNTA_ERR_NON_CANONICAL, "BOOLEAN TRUE must be 0xFF");
    }
    *out = contents->data[0] != 0;
    return 1;
}

int synta_decode_null(const synta_cbs *contents) {
    if (contents->len != 0) return FAIL(contents, SYNTA_ERR_INVALID_VALUE, "NULL must be empty");
    return 1;
}

int synta_decode_integer(const synta_cbs *contents, synta_span *out) {
    const uint8_t *b = contents->data;
    if (contents->len == 0) return FAIL(contents, SYNTA_ERR_INVALID_VALUE, "INTEGER contents are empty");
    /* 8.3.2: the first nine bits are never all zeros or all ones, under every rule set. */
    if (contents->len > 1 && ((b[0] == 0 && !(b[1] & 0x80)) || (b[0] == 0xFF && (b[1] & 0x80)))) {
        return FAIL(contents, SYNTA_ERR_NON_CANONICAL, "non-minimal INTEGER encoding");
    }
    out->data = b;
    out->len = contents->len;
    return 1;
}

int synta_decode_int64(const synta_cbs *contents, int64_t *out) {
    synta_span s;
    uint64_t v;
    size_t i;
    if (!synta_decode_integer(contents, &s)) return 0;
    /* Minimal contents above eight octets are out of range. */
    if (s.len > 8) return FAIL(contents, SYNTA_ERR_OVERFLOW, NULL);
    v = (s.data[0] & 0x80) ? UINT64_MAX : 0;
    for (i = 0; i < s.len; i++) v = (v << 8) | s.data[i];
    /* Two's complement bits to int64_t without implementation-defined conversion. */
    *out = v > (uint64_t)INT64_MAX ? -(int64_t)(~v) - 1 : (int64_t)v;
    return 1;
}

int synta_decode_uint64(const synta_cbs *contents, uint64_t *out) {
    synta_span s;
    uint64_t v = 0;
    size_t i;
    if (!synta_decode_integer(contents, &s)) return 0;
    if (s.data[0] & 0x80) return FAIL(contents, SYNTA_ERR_OVERFLOW, NULL);
    if (s.len > 9 || (s.len == 9 && s.data[0] != 0)) return FAIL(contents, SYNTA_ERR_OVERFLOW, NULL);
    for (i = 0; i < s.len; i++) v = (v << 8) | s.data[i];
    *out = v;
    return 1;
}

int synta_decode_octet_string(const synta_cbs *contents, synta_span *out) {
    if (contents->ctx->rules == SYNTA_CER && contents->len > CER_SEGMENT) {
        return FAIL_ELEMENT(contents, SYNTA_ERR_NON_CANONICAL, "string segments must be 1000 octets");
    }
    out->data = contents->data;
    out->len = contents->len;
    return 1;
}

/* 8.19.2 / 8.20.2: sub-identifiers are minimal (no leading 0x80) under every rule set. */
static int check_subids(const synta_cbs *contents, synta_span *out) {
    size_t i;
    int start = 1;
    const uint8_t *b = contents->data;
    /* The Rust runtime says "OBJECT IDENTIFIER" for both types. */
    if (contents->len == 0) return FAIL(contents, SYNTA_ERR_INVALID_VALUE, "empty OBJECT IDENTIFIER");
    for (i = 0; i < contents->len; i++) {
        if (start && b[i] == 0x80) return FAIL(contents, SYNTA_ERR_NON_CANONICAL, "sub-identifier with leading 0x80");
        start = !(b[i] & 0x80);
    }
    if (!start) return FAIL(contents, SYNTA_ERR_INVALID_VALUE, "truncated sub-identifier");
    out->data = contents->data;
    out->len = contents->len;
    return 1;
}

int synta_decode_oid(const synta_cbs *contents, synta_span *out) { return check_subids(contents, out); }

int synta_decode_relative_oid(const synta_cbs *contents, synta_span *out) { return check_subids(contents, out); }
