/* reader.c - the read cursor: identifier and length octets, element framing under the
 * rules of the cursor's context, depth and length limits. The checks, their order and
 * their error kinds mirror runtime-rust/synta (reader.rs, tag.rs, length.rs). */
#include <string.h>

#include "synta/synta.h"

void synta_cbs_init(synta_cbs *cbs, synta_ctx *ctx) {
    cbs->data = ctx->base;
    cbs->len = ctx->len;
    cbs->ctx = ctx;
    cbs->depth = 0;
    cbs->header_len = 0;
}

size_t synta_cbs_element_offset(const synta_cbs *cbs) {
    size_t at = synta_cbs_offset(cbs);
    return at >= cbs->header_len ? at - cbs->header_len : 0;
}

/* One parsed header. */
typedef struct header {
    uint32_t tag;
    size_t header_len;
    int indefinite;
    size_t len; /* definite length */
} header;

/* Offset of |p| in the input of |cbs|. */
static size_t at(const synta_cbs *cbs, const uint8_t *p) { return (size_t)(p - cbs->ctx->base); }

/* Parses identifier octets at |p| (|n| bytes available), X.690 8.1.2. The high-tag-number
 * form must be minimal under every rule set (8.1.2.4): tags are compared as numbers, so
 * two spellings of one tag would make a schema ambiguous. */
static int parse_tag(const synta_cbs *cbs, const uint8_t *p, size_t n, uint32_t *out_tag, size_t *out_len) {
    uint32_t number = 0;
    size_t i = 1;
    if (n == 0) return synta_cbs_fail(cbs, SYNTA_ERR_TRUNCATED, at(cbs, p), NULL);
    if ((p[0] & 0x1Fu) != 0x1Fu) {
        *out_tag = synta_low_tag(p[0]);
        *out_len = 1;
        return 1;
    }
    for (;;) {
        uint8_t b;
        if (i >= n) return synta_cbs_fail(cbs, SYNTA_ERR_TRUNCATED, at(cbs, p), NULL);
        b = p[i];
        if (i == 1 && b == 0x80)
            return synta_cbs_fail(cbs, SYNTA_ERR_NON_CANONICAL, at(cbs, p), "non-minimal tag");
        /* The Rust runtime keeps 32-bit tag numbers; ours has 29 bits beside the class and
         * constructed bits. Both reject larger numbers as invalid. */
        if (number > (SYNTA_TAG_NUMBER_MASK >> 7))
            return synta_cbs_fail(cbs, SYNTA_ERR_INVALID_TAG, at(cbs, p), NULL);
        number = (number << 7) | (uint32_t)(b & 0x7Fu);
        i++;
        if ((b & 0x80u) == 0) break;
    }
    if (number < 31) return synta_cbs_fail(cbs, SYNTA_ERR_NON_CANONICAL, at(cbs, p), "non-minimal tag");
    *out_tag = ((uint32_t)(p[0] & 0xE0u) << 24) | number;
    *out_len = i;
    return 1;
}

/* Parses length octets at |p| (|n| available), X.690 8.1.3 and 10.1. */
static int parse_length(const synta_cbs *cbs, const uint8_t *p, size_t n, header *h, size_t *out_len) {
    synta_rules rules = cbs->ctx->rules;
    size_t count, i, len = 0;
    if (n == 0) return synta_cbs_fail(cbs, SYNTA_ERR_TRUNCATED, at(cbs, p), NULL);
    if (p[0] < 0x80) {
        h->indefinite = 0;
        h->len = p[0];
        *out_len = 1;
        return 1;
    }
    if (p[0] == 0x80) {
        if (rules == SYNTA_DER) {
            return synta_cbs_fail(cbs, SYNTA_ERR_NON_CANONICAL, at(cbs, p), "indefinite length not allowed");
        }
        h->indefinite = 1;
        h->len = 0;
        *out_len = 1;
        return 1;
    }
    /* 0xFF is reserved under every rule set (8.1.3.5 c). */
    if (p[0] == 0xFF)
        return synta_cbs_fail(cbs, SYNTA_ERR_INVALID_LENGTH, at(cbs, p), "reserved length octet");
    count = p[0] & 0x7Fu;
    if (n - 1 < count) return synta_cbs_fail(cbs, SYNTA_ERR_TRUNCATED, at(cbs, p), NULL);
    if (rules != SYNTA_BER && p[1] == 0) {
        return synta_cbs_fail(cbs, SYNTA_ERR_NON_CANONICAL, at(cbs, p), "non-minimal length encoding");
    }
    for (i = 0; i < count; i++) {
        if (len > (SIZE_MAX >> 8))
            return synta_cbs_fail(cbs, SYNTA_ERR_INVALID_LENGTH, at(cbs, p), "length too large");
        len = (len << 8) | p[1 + i];
    }
    if (rules != SYNTA_BER && len < 0x80) {
        return synta_cbs_fail(cbs, SYNTA_ERR_NON_CANONICAL, at(cbs, p), "non-minimal length encoding");
    }
    h->indefinite = 0;
    h->len = len;
    *out_len = 1 + count;
    return 1;
}

/* Reads (without consuming) the header of the next element of |cbs|: MISSING_ELEMENT when
 * |cbs| is empty; checks the length form against the tag and the rules, the length limit
 * and that a definite length fits in |cbs|. */
static int read_header_slow(const synta_cbs *cbs, header *h);

/* The common case inlined into each caller in this file (every element read goes
 * through here). */
#if defined(__GNUC__) || defined(__clang__)
#define SYNTA_HOT_INLINE __attribute__((always_inline)) inline
#else
#define SYNTA_HOT_INLINE inline
#endif

static SYNTA_HOT_INLINE int read_header(const synta_cbs *cbs, header *h) {
    /* The common header (every header of a typical certificate) through the test the
     * inline readers of synta.h use; anything else, errors included, takes the full path
     * below, which makes the same decisions. */
    size_t hl, len;
    if (synta_cbs_common_header(cbs, &hl, &len)) {
        h->tag = synta_low_tag(cbs->data[0]);
        h->header_len = hl;
        h->indefinite = 0;
        h->len = len;
        return 1;
    }
    return read_header_slow(cbs, h);
}

static int read_header_slow(const synta_cbs *cbs, header *h) {
    size_t start = synta_cbs_offset(cbs);
    size_t tlen = 0, llen = 0;
    if (cbs->len == 0) return synta_cbs_fail(cbs, SYNTA_ERR_MISSING_ELEMENT, start, NULL);
    if (!parse_tag(cbs, cbs->data, cbs->len, &h->tag, &tlen)) return 0;
    if ((h->tag & ~SYNTA_CONSTRUCTED) == 0) {
        /* [UNIVERSAL 0] is end-of-contents (8.1.5); a lone 0x00 is most likely a cut-off one. */
        return synta_cbs_fail(cbs, cbs->len < 2 ? SYNTA_ERR_TRUNCATED : SYNTA_ERR_INVALID_TAG, start,
                              "end-of-contents where a value is due");
    }
    if (!parse_length(cbs, cbs->data + tlen, cbs->len - tlen, h, &llen)) return 0;
    if (h->indefinite && !(h->tag & SYNTA_CONSTRUCTED)) {
        /* 8.1.3.2 a: primitive encodings always use a definite length. */
        return synta_cbs_fail(cbs, SYNTA_ERR_INVALID_LENGTH, start + tlen,
                              "indefinite length on a primitive");
    }
    if (!h->indefinite) {
        if ((h->tag & SYNTA_CONSTRUCTED) && cbs->ctx->rules == SYNTA_CER) {
            return synta_cbs_fail(cbs, SYNTA_ERR_NON_CANONICAL, start + tlen,
                                  "constructed encoding must use indefinite length");
        }
        if (h->len > cbs->ctx->limits.max_length)
            return synta_cbs_fail(cbs, SYNTA_ERR_LIMIT_EXCEEDED, start + tlen, NULL);
        if (cbs->len - tlen - llen < h->len)
            return synta_cbs_fail(cbs, SYNTA_ERR_TRUNCATED, start + tlen, NULL);
    }
    h->header_len = tlen + llen;
    return 1;
}

/* Finds the contents length of the indefinite-length element whose contents start at
 * |contents| (|avail| bytes to the end of the enclosing definite bound) and whose depth
 * is |depth|. Like the Rust reader it descends only into nested indefinite lengths (a
 * definite element is skipped whole), and it keeps a level count instead of a stack, so
 * hostile nesting costs neither stack nor heap. */
static int indefinite_contents_len(const synta_cbs *parent, const uint8_t *contents, size_t avail,
                                   uint32_t depth, size_t *out_len) {
    synta_cbs walk;
    uint32_t level = 1;
    walk.data = contents;
    walk.len = avail;
    walk.ctx = parent->ctx;
    walk.depth = depth;
    walk.header_len = 0;
    for (;;) {
        header h;
        if (walk.len >= 2 && walk.data[0] == 0 && walk.data[1] == 0) {
            walk.data += 2;
            walk.len -= 2;
            if (--level == 0) {
                *out_len = (size_t)(walk.data - contents) - 2;
                return 1;
            }
            continue;
        }
        if (walk.len == 0) return synta_cbs_fail(&walk, SYNTA_ERR_TRUNCATED, synta_cbs_offset(&walk), NULL);
        if (!read_header(&walk, &h)) return 0;
        if (h.indefinite) {
            if (depth + level > walk.ctx->limits.max_depth) {
                return synta_cbs_fail(&walk, SYNTA_ERR_DEPTH_EXCEEDED, synta_cbs_offset(&walk), NULL);
            }
            level++;
            walk.data += h.header_len;
            walk.len -= h.header_len;
        } else {
            walk.data += h.header_len + h.len;
            walk.len -= h.header_len + h.len;
        }
    }
}

/* Which elements count against the depth limit, as in the Rust runtime (where counting
 * is creating a child Reader): a value read as its type enters its element whatever its
 * form (every typed decode); the generic walk enters constructed elements only (a
 * primitive's contents nest nothing); an element taken whole (ANY, raw members) is not
 * entered, except to find the end of an indefinite length. */
enum enter { ENTER_TYPED, ENTER_CONSTRUCTED, ENTER_INDEFINITE };

/* Consumes the element whose header |h| was just read from |cbs|: checks its depth when
 * |enter| counts it, finds the end of an indefinite one, and sets |*out| to its contents. */
static SYNTA_HOT_INLINE int take_element(synta_cbs *cbs, const header *h, synta_cbs *out, enum enter enter) {
    uint32_t depth = cbs->depth + 1;
    size_t len = h->len, total;
    int counted =
        enter == ENTER_TYPED || h->indefinite || (enter == ENTER_CONSTRUCTED && (h->tag & SYNTA_CONSTRUCTED));
    if (counted && depth > cbs->ctx->limits.max_depth) {
        return synta_cbs_fail(cbs, SYNTA_ERR_DEPTH_EXCEEDED, synta_cbs_offset(cbs), NULL);
    }
    if (h->indefinite) {
        if (!indefinite_contents_len(cbs, cbs->data + h->header_len, cbs->len - h->header_len, depth, &len))
            return 0;
        total = h->header_len + len + 2;
    } else {
        total = h->header_len + len;
    }
    out->data = cbs->data + h->header_len;
    out->len = len;
    out->ctx = cbs->ctx;
    out->depth = depth;
    /* At most 1 + 5 tag octets + 1 + 8 length octets (read_header bounds them). */
    out->header_len = (uint32_t)h->header_len;
    cbs->data += total;
    cbs->len -= total;
    return 1;
}

int synta_cbs_peek_tag_general(const synta_cbs *cbs, uint32_t *out_tag) {
    size_t tlen;
    if (cbs->len == 0) return 0;
    return parse_tag(cbs, cbs->data, cbs->len, out_tag, &tlen);
}

int synta_cbs_get_any(synta_cbs *cbs, synta_cbs *out_contents, uint32_t *out_tag, size_t *out_header_len) {
    header h;
    if (!read_header(cbs, &h)) return 0;
    if (!take_element(cbs, &h, out_contents, ENTER_CONSTRUCTED)) return 0;
    *out_tag = h.tag;
    if (out_header_len != NULL) *out_header_len = h.header_len;
    return 1;
}

int synta_cbs_get_element_general(synta_cbs *cbs, synta_span *out_element, uint32_t *out_tag) {
    const uint8_t *start = cbs->data;
    synta_cbs contents;
    header h;
    if (!read_header(cbs, &h) || !take_element(cbs, &h, &contents, ENTER_INDEFINITE)) return 0;
    *out_tag = h.tag;
    out_element->data = start;
    out_element->len = (size_t)(cbs->data - start);
    return 1;
}

/* Reads the next element if its tag is |tag| or, when |alt| is non-zero, |alt|. As in the
 * Rust runtime the whole header is read before the tag is compared, and the contents are
 * only looked at after that. */
static int get_tagged(synta_cbs *cbs, synta_cbs *out, uint32_t *out_tag, uint32_t tag, uint32_t alt) {
    header h;
    if (!read_header(cbs, &h)) return 0;
    if (h.tag != tag && (alt == 0 || h.tag != alt)) {
        return synta_cbs_fail(cbs, SYNTA_ERR_UNEXPECTED_TAG, synta_cbs_offset(cbs), NULL);
    }
    if (out_tag != NULL) *out_tag = h.tag;
    return take_element(cbs, &h, out, ENTER_TYPED);
}

int synta_cbs_get_asn1_general(synta_cbs *cbs, synta_cbs *out_contents, uint32_t tag) {
    return get_tagged(cbs, out_contents, NULL, tag, 0);
}

int synta_cbs_get_string_asn1(synta_cbs *cbs, synta_cbs *out_contents, uint32_t *out_tag, uint32_t tag) {
    return get_tagged(cbs, out_contents, out_tag, tag & ~SYNTA_CONSTRUCTED, tag | SYNTA_CONSTRUCTED);
}

int synta_cbs_get_optional_asn1(synta_cbs *cbs, synta_cbs *out_contents, int *out_present, uint32_t tag) {
    uint32_t actual = 0;
    *out_present = 0;
    if (cbs->len == 0) return 1;
    if (!synta_cbs_peek_tag(cbs, &actual)) return 0;
    if (actual != tag) return 1;
    *out_present = 1;
    return synta_cbs_get_asn1(cbs, out_contents, tag);
}

int synta_cbs_finish_general(const synta_cbs *cbs) {
    if (cbs->len != 0) return synta_cbs_fail(cbs, SYNTA_ERR_TRAILING_DATA, synta_cbs_offset(cbs), NULL);
    return 1;
}

int synta_span_eq(synta_span a, const uint8_t *b, size_t b_len) {
    return a.len == b_len && (b_len == 0 || memcmp(a.data, b, b_len) == 0);
}
