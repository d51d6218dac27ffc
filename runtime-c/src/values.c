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

/* Eight octets as a word, b[0] in the low octet on any host (one load where the compiler
 * sees it). */
static uint64_t load_le64(const uint8_t *b) {
    return (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24 |
           (uint64_t)b[4] << 32 | (uint64_t)b[5] << 40 | (uint64_t)b[6] << 48 | (uint64_t)b[7] << 56;
}

/* Bit 8 set in each octet of |x| that is 0x80 and starts a sub-identifier: the octet
 * before it (|carry|, bit 8 of the octet before |x|, for the first) has bit 8 clear. */
static uint64_t leading_0x80s(uint64_t x, uint64_t carry) {
    const uint64_t high = UINT64_C(0x8080808080808080), low7 = UINT64_C(0x7F7F7F7F7F7F7F7F);
    uint64_t y = x ^ high;
    /* A zero-octet test of y: bit 8 set where x holds 0x80. */
    uint64_t is_80 = ~(((y & low7) + low7) | y) & high;
    return is_80 & ~((x << 8) | carry);
}

/* 1 when no sub-identifier of |b| starts with 0x80. Eight octets at a time, as the Rust
 * runtime's check_subids_fast; a last partial word is read overlapping the one before
 * (the test of an octet does not depend on the word it is read in). */
static int no_leading_0x80(const uint8_t *b, size_t n) {
    uint64_t bad = 0;
    size_t i;
    if (n < 8) {
        int start = 1;
        for (i = 0; i < n; i++) {
            if (start && b[i] == 0x80) return 0;
            start = !(b[i] & 0x80);
        }
        return 1;
    }
    for (i = 0; i + 8 <= n; i += 8) bad |= leading_0x80s(load_le64(b + i), i > 0 ? (b[i - 1] & 0x80u) : 0);
    if (i < n) bad |= leading_0x80s(load_le64(b + n - 8), b[n - 9] & 0x80u);
    return bad == 0;
}

/* 8.19.2 / 8.20.2: sub-identifiers are minimal (no leading 0x80) under every rule set. */
static int check_subids(const synta_cbs *contents, synta_span *out) {
    const uint8_t *b = contents->data;
    /* The Rust runtime says "OBJECT IDENTIFIER" for both types. */
    if (contents->len == 0) return FAIL(contents, SYNTA_ERR_INVALID_VALUE, "empty OBJECT IDENTIFIER");
    if (!no_leading_0x80(b, contents->len)) {
        return FAIL(contents, SYNTA_ERR_NON_CANONICAL, "sub-identifier with leading 0x80");
    }
    if (b[contents->len - 1] & 0x80)
        return FAIL(contents, SYNTA_ERR_INVALID_VALUE, "truncated sub-identifier");
    out->data = contents->data;
    out->len = contents->len;
    return 1;
}

int synta_decode_oid(const synta_cbs *contents, synta_span *out) { return check_subids(contents, out); }

int synta_decode_relative_oid(const synta_cbs *contents, synta_span *out) {
    return check_subids(contents, out);
}
