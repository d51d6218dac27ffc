/* strings.c - character strings, OCTET STRING and BIT STRING contents, primitive or
 * segmented (X.690 8.6, 8.7, 8.23; CER 9.2; DER 10.2), with the alphabet of every
 * universal string type; mirrors runtime-rust/synta/src/types (strings.rs,
 * segmented.rs, bit_string.rs). */
#include <string.h>

#include "synta/synta.h"

#define FAIL(c, kind, detail) synta_cbs_fail((c), (kind), synta_cbs_offset(c), (detail))
/* Errors about the element as a whole (its form, segment sizes, padding), where the
 * Rust runtime reports them: at the element's first octet. */
#define FAIL_ELEMENT(c, kind, detail) synta_cbs_fail((c), (kind), synta_cbs_element_offset(c), (detail))

#define CER_SEGMENT 1000u
#define SEGMENT_SIZE "string segments must be 1000 octets"

/* PrintableString: A-Z a-z 0-9 space ' ( ) + , - . / : = ? (X.680 41.4). */
static int printable(uint8_t b) {
    return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || b == ' ' ||
           b == '\'' || b == '(' || b == ')' || b == '+' || b == ',' || b == '-' || b == '.' || b == '/' ||
           b == ':' || b == '=' || b == '?';
}

/* Strict UTF-8 as Rust's str::from_utf8: no overlongs, surrogates or code points above
 * U+10FFFF. */
static int valid_utf8(const uint8_t *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        uint8_t c = s[i];
        size_t k, need;
        uint32_t cp;
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            need = 1;
            cp = c & 0x1Fu;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            cp = c & 0x0Fu;
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            cp = c & 0x07u;
        } else {
            return 0;
        }
        if (n - i - 1 < need) return 0;
        for (k = 1; k <= need; k++) {
            if ((s[i + k] & 0xC0u) != 0x80u) return 0;
            cp = (cp << 6) | (s[i + k] & 0x3Fu);
        }
        if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) || cp > 0x10FFFF ||
            (cp >= 0xD800 && cp <= 0xDFFF)) {
            return 0;
        }
        i += need + 1;
    }
    return 1;
}

/* Checks |s| against the alphabet of universal type |type|; returns the error detail
 * (kind INVALID_VALUE) or NULL. */
static const char *alphabet_error(uint32_t type, const uint8_t *s, size_t n) {
    size_t i;
    switch (type) {
        case SYNTA_TAG_PRINTABLE_STRING:
            for (i = 0; i < n; i++) {
                if (!printable(s[i])) return "character not in PrintableString alphabet";
            }
            return NULL;
        case SYNTA_TAG_IA5_STRING:
            for (i = 0; i < n; i++) {
                if (s[i] >= 0x80) return "character not in IA5String alphabet";
            }
            return NULL;
        case SYNTA_TAG_NUMERIC_STRING:
            for (i = 0; i < n; i++) {
                if (!((s[i] >= '0' && s[i] <= '9') || s[i] == ' '))
                    return "character not in NumericString alphabet";
            }
            return NULL;
        case SYNTA_TAG_VISIBLE_STRING:
            for (i = 0; i < n; i++) {
                if (s[i] < 0x20 || s[i] >= 0x7F) return "character not in VisibleString alphabet";
            }
            return NULL;
        case SYNTA_TAG_UTF8_STRING:
            return valid_utf8(s, n) ? NULL : "UTF8String is not valid UTF-8";
        case SYNTA_TAG_GRAPHIC_STRING:
        case SYNTA_TAG_OBJECT_DESCRIPTOR:
            /* G sets of ISO 2022 plus space and ESC (the Rust runtime's rule). */
            for (i = 0; i < n; i++) {
                if (!(s[i] == 0x1B || (s[i] >= 0x20 && s[i] != 0x7F)))
                    return "control character in GraphicString";
            }
            return NULL;
        case SYNTA_TAG_BMP_STRING:
            if (n % 2 != 0) return "BMPString length is odd";
            /* UCS-2: the Basic Multilingual Plane only, so no surrogate code units. */
            for (i = 0; i < n; i += 2) {
                if (s[i] >= 0xD8 && s[i] <= 0xDF) return "surrogate in BMPString";
            }
            return NULL;
        case SYNTA_TAG_UNIVERSAL_STRING:
            if (n % 4 != 0) return "UniversalString length not a multiple of 4";
            for (i = 0; i < n; i += 4) {
                uint32_t v = ((uint32_t)s[i] << 24) | ((uint32_t)s[i + 1] << 16) | ((uint32_t)s[i + 2] << 8) |
                             s[i + 3];
                if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
                    return "UniversalString character out of range";
            }
            return NULL;
        default: /* Teletex, Videotex, General, OCTET STRING: any octet. */
            return NULL;
    }
}

int synta_decode_string(const synta_cbs *contents, uint32_t universal_tag, synta_span *out) {
    const char *bad;
    if (contents->ctx->rules == SYNTA_CER && contents->len > CER_SEGMENT) {
        return FAIL_ELEMENT(contents, SYNTA_ERR_NON_CANONICAL, SEGMENT_SIZE);
    }
    bad = alphabet_error(universal_tag & ~SYNTA_CONSTRUCTED, contents->data, contents->len);
    if (bad != NULL) return FAIL(contents, SYNTA_ERR_INVALID_VALUE, bad);
    out->data = contents->data;
    out->len = contents->len;
    return 1;
}

/* What is gathered from the segments of one constructed string. */
typedef struct segments {
    uint32_t seg_tag; /* primitive tag of a segment: OCTET STRING, or BIT STRING */
    uint8_t *buf;
    size_t cap, len;
    size_t count;     /* primitive segments so far (max_elements) */
    size_t last_len;  /* raw length of the last segment */
    size_t raw_total; /* raw length of all segments */
    int cer_bad;      /* a CER segment before the last is not 1000 octets */
    uint8_t unused;   /* BIT STRING: unused bits of the last segment ... */
    size_t unused_at; /* ... and where that segment's contents start */
    /* BIT STRING: the first bad segment, reported after the segment framing and the
     * CER sizes have been checked (the Rust runtime's order). */
    const char *bit_err;
    size_t bit_err_at;
} segments;

/* Records the first bad BIT STRING segment. */
static void bit_error(segments *s, size_t at, const char *detail) {
    if (s->bit_err == NULL) {
        s->bit_err = detail;
        s->bit_err_at = at;
    }
}

/* Appends the segments in |c| (the contents of a constructed string) to |s|. Nested
 * constructed segments (BER only) recurse; the depth limit bounds the recursion. */
static int gather(const synta_cbs *c, segments *s) {
    synta_cbs walk = *c;
    synta_rules rules = c->ctx->rules;
    while (walk.len > 0) {
        synta_cbs seg;
        uint32_t tag;
        size_t at = synta_cbs_offset(&walk);
        if (!synta_cbs_get_any(&walk, &seg, &tag, NULL)) return 0;
        if (tag == (s->seg_tag | SYNTA_CONSTRUCTED)) {
            /* 9.2: CER fragments are primitive. */
            if (rules == SYNTA_CER) return synta_cbs_fail(&walk, SYNTA_ERR_NON_CANONICAL, at, SEGMENT_SIZE);
            if (!gather(&seg, s)) return 0;
            continue;
        }
        if (tag != s->seg_tag)
            return synta_cbs_fail(&walk, SYNTA_ERR_UNEXPECTED_TAG, at, "string segment of another type");
        if (s->count > 0 && s->last_len != CER_SEGMENT) s->cer_bad = 1;
        s->last_len = seg.len;
        s->raw_total += seg.len;
        if (s->seg_tag == SYNTA_TAG_BIT_STRING) {
            /* 8.6.4: every segment starts with its unused-bits octet; only the last may
             * have unused bits. */
            if (s->count > 0 && s->unused != 0)
                bit_error(s, s->unused_at, "unused bits in a non-final BIT STRING segment");
            s->unused_at = synta_cbs_offset(&seg);
            if (seg.len == 0) {
                bit_error(s, s->unused_at, "BIT STRING without initial octet");
                s->unused = 0;
            } else {
                s->unused = seg.data[0];
                seg.data++;
                seg.len--;
            }
        }
        s->count++;
        if (s->count > c->ctx->limits.max_elements)
            return synta_cbs_fail(&walk, SYNTA_ERR_LIMIT_EXCEEDED, at, NULL);
        if (s->cap - s->len < seg.len)
            return synta_cbs_fail(&walk, SYNTA_ERR_NO_MEMORY, at, "buffer too small");
        if (seg.len > 0) memcpy(s->buf + s->len, seg.data, seg.len);
        s->len += seg.len;
    }
    return 1;
}

/* Gathers a constructed string's segments into |s| with the DER and CER rules on them. */
static int join(const synta_cbs *contents, segments *s) {
    if (contents->ctx->rules == SYNTA_DER) {
        return FAIL_ELEMENT(contents, SYNTA_ERR_NON_CANONICAL, "string must use the primitive form");
    }
    if (!gather(contents, s)) return 0;
    /* 9.2: the constructed form only above 1000 octets, every segment but the last
     * exactly 1000 octets, and the last not empty. */
    if (contents->ctx->rules == SYNTA_CER) {
        if (s->raw_total <= CER_SEGMENT || s->cer_bad || s->count == 0 || s->last_len == 0) {
            return FAIL_ELEMENT(contents, SYNTA_ERR_NON_CANONICAL, SEGMENT_SIZE);
        }
    }
    return 1;
}

int synta_decode_string_into(const synta_cbs *contents, uint32_t universal_tag, uint8_t *buf, size_t cap,
                             size_t *out_len) {
    uint32_t type = universal_tag & ~SYNTA_CONSTRUCTED;
    const char *bad;
    size_t len;
    if (universal_tag & SYNTA_CONSTRUCTED) {
        /* 8.23.6: the segments of every string type are OCTET STRING encodings. */
        segments s;
        memset(&s, 0, sizeof s);
        s.seg_tag = SYNTA_TAG_OCTET_STRING;
        s.buf = buf;
        s.cap = cap;
        if (!join(contents, &s)) return 0;
        len = s.len;
    } else {
        if (contents->ctx->rules == SYNTA_CER && contents->len > CER_SEGMENT) {
            return FAIL_ELEMENT(contents, SYNTA_ERR_NON_CANONICAL, SEGMENT_SIZE);
        }
        if (cap < contents->len) return FAIL(contents, SYNTA_ERR_NO_MEMORY, "buffer too small");
        if (contents->len > 0) memcpy(buf, contents->data, contents->len);
        len = contents->len;
    }
    bad = alphabet_error(type, buf, len);
    if (bad != NULL) return FAIL(contents, SYNTA_ERR_INVALID_VALUE, bad);
    *out_len = len;
    return 1;
}

/* 8.6.2: unused bits 0..7, none in an empty string; DER/CER padding bits zero (11.2.1). */
static int check_bits(const synta_cbs *contents, size_t at, uint8_t unused, const uint8_t *data, size_t len) {
    if (unused > 7)
        return synta_cbs_fail(contents, SYNTA_ERR_INVALID_VALUE, at, "BIT STRING unused bits above 7");
    if (len == 0 && unused != 0) {
        return synta_cbs_fail(contents, SYNTA_ERR_INVALID_VALUE, at, "empty BIT STRING with unused bits");
    }
    if (contents->ctx->rules != SYNTA_BER && len > 0 && (data[len - 1] & ((1u << unused) - 1u)) != 0) {
        return FAIL_ELEMENT(contents, SYNTA_ERR_NON_CANONICAL, "BIT STRING padding bits not zero");
    }
    return 1;
}

int synta_decode_bit_string(const synta_cbs *contents, synta_span *out, uint8_t *out_unused) {
    if (contents->ctx->rules == SYNTA_CER && contents->len > CER_SEGMENT) {
        return FAIL_ELEMENT(contents, SYNTA_ERR_NON_CANONICAL, SEGMENT_SIZE);
    }
    if (contents->len == 0)
        return FAIL(contents, SYNTA_ERR_INVALID_VALUE, "BIT STRING without initial octet");
    if (!check_bits(contents, synta_cbs_offset(contents), contents->data[0], contents->data + 1,
                    contents->len - 1)) {
        return 0;
    }
    out->data = contents->data + 1;
    out->len = contents->len - 1;
    *out_unused = contents->data[0];
    return 1;
}

int synta_decode_bit_string_into(const synta_cbs *contents, uint32_t tag, uint8_t *buf, size_t cap,
                                 size_t *out_len, uint8_t *out_unused) {
    segments s;
    if (!(tag & SYNTA_CONSTRUCTED)) {
        synta_span data;
        if (!synta_decode_bit_string(contents, &data, out_unused)) return 0;
        if (cap < data.len) return FAIL(contents, SYNTA_ERR_NO_MEMORY, "buffer too small");
        if (data.len > 0) memcpy(buf, data.data, data.len);
        *out_len = data.len;
        return 1;
    }
    memset(&s, 0, sizeof s);
    s.seg_tag = SYNTA_TAG_BIT_STRING;
    s.buf = buf;
    s.cap = cap;
    if (!join(contents, &s)) return 0;
    if (s.bit_err != NULL) return synta_cbs_fail(contents, SYNTA_ERR_INVALID_VALUE, s.bit_err_at, s.bit_err);
    if (!check_bits(contents, s.unused_at, s.unused, buf, s.len)) return 0;
    *out_len = s.len;
    *out_unused = s.unused;
    return 1;
}
