/*
 * synta.h - the synta C runtime: ASN.1 DER/BER/CER reading and writing.
 *
 * Style: BoringSSL's CBS/CBB. A cursor (synta_cbs) reads from a borrowed
 * (pointer, length) span and never allocates; values point into the input.
 * A builder (synta_cbb) writes into a growable heap buffer or a fixed
 * caller-provided buffer, with child builders for nested lengths.
 *
 * Conventions for every function below:
 *   - returns 1 on success and 0 on failure (warn-unused-result);
 *   - outputs come last;
 *   - on failure while reading, the first error (kind, absolute byte offset,
 *     field name) is recorded in the synta_ctx of the cursor, unless the
 *     library is built with SYNTA_NO_ERROR_DETAIL, which compiles that out.
 *
 * The encoding rules travel with the cursor (through its synta_ctx); every
 * strictness check (minimal lengths, DER BOOLEAN, canonical times, SET OF
 * order, ...) happens in these primitives, never in generated code.
 */
#ifndef SYNTA_SYNTA_H
#define SYNTA_SYNTA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define SYNTA_MUST_USE __attribute__((warn_unused_result))
#else
#define SYNTA_MUST_USE
#endif

/* ------------------------------------------------------------------ tags */

/*
 * A tag is a uint32_t: the class in the top two bits, the constructed flag
 * in bit 29, the tag number in the low 29 bits (as BoringSSL's CBS_ASN1_*).
 */
#define SYNTA_CLASS_UNIVERSAL 0x00000000u
#define SYNTA_CLASS_APPLICATION 0x40000000u
#define SYNTA_CLASS_CONTEXT 0x80000000u
#define SYNTA_CLASS_PRIVATE 0xC0000000u
#define SYNTA_CLASS_MASK 0xC0000000u
#define SYNTA_CONSTRUCTED 0x20000000u
#define SYNTA_TAG_NUMBER_MASK 0x1FFFFFFFu

#define SYNTA_TAG_BOOLEAN 0x01u
#define SYNTA_TAG_INTEGER 0x02u
#define SYNTA_TAG_BIT_STRING 0x03u
#define SYNTA_TAG_OCTET_STRING 0x04u
#define SYNTA_TAG_NULL 0x05u
#define SYNTA_TAG_OID 0x06u
#define SYNTA_TAG_OBJECT_DESCRIPTOR 0x07u
#define SYNTA_TAG_EXTERNAL (0x08u | SYNTA_CONSTRUCTED)
#define SYNTA_TAG_REAL 0x09u
#define SYNTA_TAG_ENUMERATED 0x0Au
#define SYNTA_TAG_EMBEDDED_PDV (0x0Bu | SYNTA_CONSTRUCTED)
#define SYNTA_TAG_UTF8_STRING 0x0Cu
#define SYNTA_TAG_RELATIVE_OID 0x0Du
#define SYNTA_TAG_TIME 0x0Eu
#define SYNTA_TAG_SEQUENCE (0x10u | SYNTA_CONSTRUCTED)
#define SYNTA_TAG_SET (0x11u | SYNTA_CONSTRUCTED)
#define SYNTA_TAG_NUMERIC_STRING 0x12u
#define SYNTA_TAG_PRINTABLE_STRING 0x13u
#define SYNTA_TAG_TELETEX_STRING 0x14u
#define SYNTA_TAG_VIDEOTEX_STRING 0x15u
#define SYNTA_TAG_IA5_STRING 0x16u
#define SYNTA_TAG_UTC_TIME 0x17u
#define SYNTA_TAG_GENERALIZED_TIME 0x18u
#define SYNTA_TAG_GRAPHIC_STRING 0x19u
#define SYNTA_TAG_VISIBLE_STRING 0x1Au
#define SYNTA_TAG_GENERAL_STRING 0x1Bu
#define SYNTA_TAG_UNIVERSAL_STRING 0x1Cu
#define SYNTA_TAG_CHARACTER_STRING (0x1Du | SYNTA_CONSTRUCTED)
#define SYNTA_TAG_BMP_STRING 0x1Eu
#define SYNTA_TAG_DATE 0x1Fu
#define SYNTA_TAG_TIME_OF_DAY 0x20u
#define SYNTA_TAG_DATE_TIME 0x21u
#define SYNTA_TAG_DURATION 0x22u

/* Context-specific tag [n], primitive or constructed. */
#define SYNTA_CONTEXT(n) (SYNTA_CLASS_CONTEXT | (uint32_t)(n))
#define SYNTA_CONTEXT_CONSTRUCTED(n) (SYNTA_CLASS_CONTEXT | SYNTA_CONSTRUCTED | (uint32_t)(n))

/* ------------------------------------------------------ rules and errors */

/* synta_rules: the encoding rules a cursor reads under or a builder writes. */
typedef enum synta_rules {
    SYNTA_DER = 0, /* X.690 clause 10 */
    SYNTA_BER = 1, /* X.690 clause 8 */
    SYNTA_CER = 2  /* X.690 clause 9 */
} synta_rules;

/*
 * synta_error_kind: why a read failed. synta_error_kind_slug() gives the
 * names used by tests/vectors/codec.tsv ("truncated", "non-canonical", ...),
 * identical to the Rust runtime's ErrorKind::slug().
 */
typedef enum synta_error_kind {
    SYNTA_ERR_NONE = 0,
    SYNTA_ERR_TRUNCATED,       /* the input ends inside an element */
    SYNTA_ERR_TRAILING_DATA,   /* bytes follow the one expected value */
    SYNTA_ERR_DEPTH_EXCEEDED,  /* nesting deeper than max_depth */
    SYNTA_ERR_LIMIT_EXCEEDED,  /* a length or element count above the limits */
    SYNTA_ERR_UNEXPECTED_TAG,  /* another tag than the expected one */
    SYNTA_ERR_MISSING_ELEMENT, /* a required element is absent */
    SYNTA_ERR_INVALID_TAG,     /* malformed identifier octets */
    SYNTA_ERR_INVALID_LENGTH,  /* malformed length octets */
    SYNTA_ERR_NON_CANONICAL,   /* valid BER, but not what DER/CER demand */
    SYNTA_ERR_INVALID_VALUE,   /* contents not a valid value of the type */
    SYNTA_ERR_OVERFLOW,        /* does not fit the requested C type */
    SYNTA_ERR_UNSUPPORTED,     /* valid, but not supported here */
    SYNTA_ERR_CONSTRAINT,      /* breaks a subtype constraint of the schema */
    SYNTA_ERR_NO_MEMORY        /* builder: out of memory or fixed buffer full */
} synta_error_kind;

/* synta_error: the first error of one decode (or encode). */
typedef struct synta_error {
    synta_error_kind kind;
    size_t offset;      /* absolute byte offset into the input */
    const char *field;  /* "TBSCertificate.serialNumber" or NULL (static string) */
    const char *detail; /* short static explanation or NULL */
} synta_error;

/* synta_limits: bounds applied across every nested and tagged decode. */
typedef struct synta_limits {
    uint32_t max_depth;  /* deepest nesting; the top-level value is depth 1 (default 64) */
    size_t max_length;   /* largest contents length (default SIZE_MAX) */
    size_t max_elements; /* most SEQUENCE OF elements or string segments (default 2^20) */
} synta_limits;

/*
 * synta_ctx: state shared by every cursor of one decode: the rules, the
 * limits, the start of the input (for absolute offsets) and the first error.
 * It is owned by the caller, usually on the stack.
 */
typedef struct synta_ctx {
    synta_rules rules;
    synta_limits limits;
    const uint8_t *base; /* the input */
    size_t len;          /* its length */
    synta_error error;
} synta_ctx;

/* synta_ctx_init sets up |ctx| for reading |len| bytes at |data| under
 * |rules| with the default limits and no error. */
void synta_ctx_init(synta_ctx *ctx, synta_rules rules, const uint8_t *data, size_t len);

/* synta_error_kind_slug returns the stable lower-case name of |kind|. */
const char *synta_error_kind_slug(synta_error_kind kind);

/* synta_error_format writes "at byte N (field): slug: detail" into |buf|
 * (NUL-terminated, truncated to |cap|) and returns the length it wanted. */
size_t synta_error_format(const synta_error *err, char *buf, size_t cap);

/* ---------------------------------------------------------------- reader */

/* synta_span: borrowed bytes. */
typedef struct synta_span {
    const uint8_t *data;
    size_t len;
} synta_span;

/*
 * synta_cbs: a read cursor over borrowed bytes. |depth| is the nesting
 * depth of the element whose contents it spans (0 for the whole input), and
 * |header_len| the length of that element's identifier and length octets (0
 * for the whole input), so that errors about the element as a whole (a
 * string's form or padding) are reported where it starts, as by the Rust
 * runtime. The contents of an indefinite-length element (BER/CER) exclude the
 * end-of-contents octets.
 */
typedef struct synta_cbs {
    const uint8_t *data;
    size_t len;
    synta_ctx *ctx;
    uint32_t depth;
    uint32_t header_len;
} synta_cbs;

/* synta_cbs_init sets |cbs| to the whole input of |ctx|. */
void synta_cbs_init(synta_cbs *cbs, synta_ctx *ctx);

/* synta_cbs_offset returns the absolute offset of |cbs|'s next byte. */
static inline size_t synta_cbs_offset(const synta_cbs *cbs) {
    if (cbs->ctx->base == NULL || cbs->data == NULL) return 0;
    return (size_t)(cbs->data - cbs->ctx->base);
}

/* synta_cbs_element_offset returns the absolute offset of the element whose
 * contents |cbs| spans (of its identifier octet), for a cursor not yet read
 * from; for the whole input, synta_cbs_offset. */
size_t synta_cbs_element_offset(const synta_cbs *cbs);

/* synta_cbs_fail records |kind| at absolute |offset| with a static |detail|
 * (may be NULL) unless an error is already recorded; always returns 0. */
int synta_cbs_fail(const synta_cbs *cbs, synta_error_kind kind, size_t offset, const char *detail);

/* synta_cbs_set_field names the field being decoded in the recorded error
 * when it has no field yet; always returns 0 (use: return synta_cbs_set_field(..)). */
int synta_cbs_set_field(const synta_cbs *cbs, const char *field);

/* synta_cbs_peek_tag sets |*out_tag| to the tag of the next element without
 * consuming it. Returns 0 (recording nothing) when |cbs| is empty, and 0 with
 * an error when the identifier octets are malformed. */
static inline SYNTA_MUST_USE int synta_cbs_peek_tag(const synta_cbs *cbs, uint32_t *out_tag);

/* synta_cbs_get_any reads one element of any tag. |*out_contents| spans its
 * contents (depth + 1); |*out_tag| is its tag; |*out_header_len| (may be NULL)
 * the length of its identifier and length octets. Enforces the rules' length
 * form and the depth and length limits. The depth limit applies to constructed
 * elements (a primitive's contents nest nothing), as in the Rust runtime's walk
 * (synta_cbs_get_asn1, which reads a value as its type, counts every element);
 * the end of an indefinite length is found without recursion or allocation. */
SYNTA_MUST_USE int synta_cbs_get_any(synta_cbs *cbs, synta_cbs *out_contents, uint32_t *out_tag,
                                     size_t *out_header_len);

/* synta_cbs_get_element reads one element and sets |*out_element| to its whole
 * encoding (identifier, length, contents and, for indefinite lengths, the
 * end-of-contents octets). The element is not entered: as the Rust AnyRef, only
 * the levels of an indefinite length count against the depth limit. */
static inline SYNTA_MUST_USE int synta_cbs_get_element(synta_cbs *cbs, synta_span *out_element,
                                                       uint32_t *out_tag);

/* synta_cbs_get_asn1 reads one element that must have tag |tag| and sets
 * |*out_contents| to its contents. Error UNEXPECTED_TAG or MISSING_ELEMENT. The
 * element counts against the depth limit, primitive or not, as every value the
 * Rust runtime reads as its type (the same holds for the two functions below). */
static inline SYNTA_MUST_USE int synta_cbs_get_asn1(synta_cbs *cbs, synta_cbs *out_contents, uint32_t tag);

/* synta_cbs_get_optional_asn1 is synta_cbs_get_asn1 when the next element has
 * tag |tag|; otherwise it consumes nothing and sets |*out_present| to 0. */
SYNTA_MUST_USE int synta_cbs_get_optional_asn1(synta_cbs *cbs, synta_cbs *out_contents, int *out_present,
                                               uint32_t tag);

/* synta_cbs_get_string_asn1 reads one element of a type that BER and CER may
 * encode in segments (OCTET STRING, BIT STRING, character strings): its tag is
 * |tag| or the constructed form of |tag|. |*out_tag| (may be NULL) is the tag
 * found; pass it on to synta_decode_string_into / synta_decode_bit_string_into.
 * Error UNEXPECTED_TAG or MISSING_ELEMENT. */
SYNTA_MUST_USE int synta_cbs_get_string_asn1(synta_cbs *cbs, synta_cbs *out_contents, uint32_t *out_tag,
                                             uint32_t tag);

/* synta_cbs_finish checks that |cbs| is empty (error TRAILING_DATA). */
static inline SYNTA_MUST_USE int synta_cbs_finish(const synta_cbs *cbs);

/*
 * Inline fast paths. Every element a decoder reads goes through the reading
 * functions below, so their common case is compiled into the caller: a header
 * of one identifier octet and a minimal definite length of up to three octets
 * that fits the input (every header of a typical DER certificate). Anything
 * else, errors included, is left to the out-of-line *_general functions, which
 * decide every case (the fast paths only ever return what they would).
 */

/* The out-of-line readers behind the inline functions (every case). */
SYNTA_MUST_USE int synta_cbs_get_asn1_general(synta_cbs *cbs, synta_cbs *out_contents, uint32_t tag);
SYNTA_MUST_USE int synta_cbs_get_element_general(synta_cbs *cbs, synta_span *out_element, uint32_t *out_tag);
SYNTA_MUST_USE int synta_cbs_peek_tag_general(const synta_cbs *cbs, uint32_t *out_tag);
int synta_cbs_finish_general(const synta_cbs *cbs);

/* The header at |cbs| when it is the common one: a single identifier octet (not
 * end-of-contents, and not constructed under CER, which wants indefinite lengths
 * there) and a minimal definite length of one to three octets whose contents lie
 * inside |cbs| and within the length limit. Sets the header length and the contents
 * length; 0 (nothing set) for any other header, valid or not. */
static inline int synta_cbs_common_header(const synta_cbs *cbs, size_t *out_header_len, size_t *out_len) {
    const uint8_t *p = cbs->data;
    size_t n = cbs->len, len, hl;
    if (n < 2 || (p[0] & 0x1Fu) == 0x1Fu || (p[0] & 0xDFu) == 0 ||
        ((p[0] & 0x20u) && cbs->ctx->rules == SYNTA_CER)) {
        return 0;
    }
    if (p[1] < 0x80) {
        len = p[1];
        hl = 2;
    } else if (p[1] == 0x81 && n >= 3 && p[2] >= 0x80) {
        len = p[2];
        hl = 3;
    } else if (p[1] == 0x82 && n >= 4 && p[2] != 0) {
        len = ((size_t)p[2] << 8) | p[3];
        hl = 4;
    } else {
        return 0;
    }
    if (len > n - hl || len > cbs->ctx->limits.max_length) return 0;
    *out_header_len = hl;
    *out_len = len;
    return 1;
}

/* The tag of the identifier octet |id| of a low tag number (below 31): its class and
 * constructed bits sit at the top of both. */
static inline uint32_t synta_low_tag(uint8_t id) {
    return ((uint32_t)(id & 0xE0u) << 24) | (uint32_t)(id & 0x1Fu);
}

static inline int synta_cbs_peek_tag(const synta_cbs *cbs, uint32_t *out_tag) {
    if (cbs->len > 0 && (cbs->data[0] & 0x1Fu) != 0x1Fu) {
        /* Low tag number: the whole tag is in this octet. */
        *out_tag = synta_low_tag(cbs->data[0]);
        return 1;
    }
    return synta_cbs_peek_tag_general(cbs, out_tag);
}

static inline int synta_cbs_get_asn1(synta_cbs *cbs, synta_cbs *out_contents, uint32_t tag) {
    /* |tag|'s identifier octet when its number is below 31 (the class and constructed
     * bits sit at the top of both). */
    const uint8_t id = (uint8_t)(((tag >> 24) & 0xE0u) | (tag & 0x1Fu));
    size_t hl, len;
    if ((tag & SYNTA_TAG_NUMBER_MASK) < 31 && cbs->len > 0 && cbs->data[0] == id &&
        cbs->depth < cbs->ctx->limits.max_depth && synta_cbs_common_header(cbs, &hl, &len)) {
        out_contents->data = cbs->data + hl;
        out_contents->len = len;
        out_contents->ctx = cbs->ctx;
        out_contents->depth = cbs->depth + 1;
        out_contents->header_len = (uint32_t)hl;
        cbs->data += hl + len;
        cbs->len -= hl + len;
        return 1;
    }
    return synta_cbs_get_asn1_general(cbs, out_contents, tag);
}

static inline int synta_cbs_get_element(synta_cbs *cbs, synta_span *out_element, uint32_t *out_tag) {
    size_t hl, len;
    /* Taken whole, not entered: a definite length counts nothing against the depth. */
    if (synta_cbs_common_header(cbs, &hl, &len)) {
        *out_tag = synta_low_tag(cbs->data[0]);
        out_element->data = cbs->data;
        out_element->len = hl + len;
        cbs->data += hl + len;
        cbs->len -= hl + len;
        return 1;
    }
    return synta_cbs_get_element_general(cbs, out_element, out_tag);
}

static inline int synta_cbs_finish(const synta_cbs *cbs) {
    return cbs->len == 0 ? 1 : synta_cbs_finish_general(cbs);
}

/* ------------------------------------------------- primitive value decoding */
/*
 * These decode the *contents* of an element already framed by
 * synta_cbs_get_asn1 (so IMPLICIT tagging is just another tag passed there).
 * They check the rules of |contents->ctx| and record errors at absolute
 * offsets. The span decoders take primitive contents (synta_cbs_get_asn1 with
 * the primitive tag rejects a constructed form with UNEXPECTED_TAG); to accept
 * the segmented strings of BER and CER, frame the element with
 * synta_cbs_get_string_asn1 and decode it with synta_decode_string_into or
 * synta_decode_bit_string_into, or convert the input with synta_ber_to_der.
 * Under CER, primitive string contents above 1000 octets are NON_CANONICAL.
 *
 * Error offsets point at the contents (the Rust runtime reports some of these
 * errors at the element's identifier octets instead).
 */

/* synta_decode_boolean: one octet, 0 is FALSE; DER/CER demand 0xFF for TRUE
 * (NON_CANONICAL), BER takes any non-zero octet (8.2, 11.1). */
SYNTA_MUST_USE int synta_decode_boolean(const synta_cbs *contents, int *out);
/* synta_decode_null: empty contents (INVALID_VALUE otherwise). */
SYNTA_MUST_USE int synta_decode_null(const synta_cbs *contents);
/* synta_decode_integer: INTEGER / ENUMERATED contents, non-empty and minimal
 * under every rule set (8.3.2, NON_CANONICAL); |*out| spans the two's
 * complement big-endian contents. */
SYNTA_MUST_USE int synta_decode_integer(const synta_cbs *contents, synta_span *out);
/* synta_decode_int64 / synta_decode_uint64: synta_decode_integer, then the
 * value as a native integer (OVERFLOW when it does not fit). */
SYNTA_MUST_USE int synta_decode_int64(const synta_cbs *contents, int64_t *out);
SYNTA_MUST_USE int synta_decode_uint64(const synta_cbs *contents, uint64_t *out);
/* synta_decode_bit_string: primitive BIT STRING contents; |*out| spans the data
 * octets, |*out_unused| the unused bits (0..7, none when empty); DER/CER demand
 * zero padding bits (11.2.1). */
SYNTA_MUST_USE int synta_decode_bit_string(const synta_cbs *contents, synta_span *out, uint8_t *out_unused);
/* synta_decode_octet_string: primitive OCTET STRING contents, borrowed. */
SYNTA_MUST_USE int synta_decode_octet_string(const synta_cbs *contents, synta_span *out);
/* synta_decode_oid / synta_decode_relative_oid: non-empty contents of minimal
 * sub-identifiers (8.19.2, NON_CANONICAL under every rule set), the last one
 * complete; |*out| spans the contents (synta_oid_format gives the text). */
SYNTA_MUST_USE int synta_decode_oid(const synta_cbs *contents, synta_span *out);
SYNTA_MUST_USE int synta_decode_relative_oid(const synta_cbs *contents, synta_span *out);
/* synta_decode_string: primitive character string contents checked against the
 * alphabet of universal type |universal_tag| (SYNTA_TAG_PRINTABLE_STRING, ...:
 * PrintableString, NumericString, IA5String and VisibleString sets, strict
 * UTF-8, BMPString without surrogates, UniversalString code points; Teletex,
 * Videotex and General take any octet). */
SYNTA_MUST_USE int synta_decode_string(const synta_cbs *contents, uint32_t universal_tag, synta_span *out);
/* synta_decode_string_into: any string type (or OCTET STRING) in primitive or
 * (BER/CER) constructed form, concatenated into |buf| of |cap| bytes (error
 * NO_MEMORY when too small); |*out_len| is the length. |universal_tag| is the
 * universal type (for the alphabet check, also under IMPLICIT tagging) with the
 * SYNTA_CONSTRUCTED bit of the tag found (see synta_cbs_get_string_asn1): the
 * contents are then OCTET STRING segments (8.23.6), NON_CANONICAL under DER, and
 * under CER only 1000-octet segments with a shorter non-empty last one (9.2).
 * Nested segments (BER) recurse once per level, within the depth limit. */
SYNTA_MUST_USE int synta_decode_string_into(const synta_cbs *contents, uint32_t universal_tag, uint8_t *buf,
                                            size_t cap, size_t *out_len);

/* synta_decode_bit_string_into decodes a BIT STRING in primitive or (BER/CER)
 * constructed form (|tag| as given by synta_cbs_get_string_asn1): the data
 * octets of every segment are concatenated into |buf| of |cap| bytes (error
 * NO_MEMORY when too small), |*out_len| is their length and |*out_unused| the
 * unused bits of the last segment (only the last may have any, 8.6.4). */
SYNTA_MUST_USE int synta_decode_bit_string_into(const synta_cbs *contents, uint32_t tag, uint8_t *buf,
                                                size_t cap, size_t *out_len, uint8_t *out_unused);

/* synta_real: a decoded REAL, normalized as the Rust runtime's Real: binary with
 * an odd mantissa, or decimal with no trailing zero in the mantissa. */
typedef enum synta_real_kind {
    SYNTA_REAL_ZERO = 0,
    SYNTA_REAL_MINUS_ZERO,
    SYNTA_REAL_PLUS_INFINITY,
    SYNTA_REAL_MINUS_INFINITY,
    SYNTA_REAL_NAN,
    SYNTA_REAL_BINARY, /* (-1)^negative * mantissa * 2^exponent */
    SYNTA_REAL_DECIMAL /* (-1)^negative * mantissa * 10^exponent */
} synta_real_kind;

typedef struct synta_real {
    synta_real_kind kind;
    uint8_t negative;
    uint64_t mantissa;
    int32_t exponent;
} synta_real;

/* synta_decode_real decodes REAL contents (8.5); under DER/CER they must be the
 * canonical form of 11.3 (NON_CANONICAL). Mantissas above 64 bits and
 * exponents beyond 32 bits are UNSUPPORTED. */
SYNTA_MUST_USE int synta_decode_real(const synta_cbs *contents, synta_real *out);

/* synta_real_format writes the vector form of |r| ("0", "-0", "+inf", "-inf",
 * "nan", "3*2^-1", "-15*10^2") into |buf| (NUL-terminated); returns the length
 * it wanted. */
size_t synta_real_format(const synta_real *r, char *buf, size_t cap);

/* synta_integer_format writes INTEGER contents |value| (two's complement, any
 * size) as signed decimal into |buf| (NUL-terminated); returns the length it
 * wanted. No allocation: |value| may be at most 512 octets (returns 0 above). */
size_t synta_integer_format(synta_span value, char *buf, size_t cap);

/* synta_time: a decoded UTCTime or GeneralizedTime. */
typedef struct synta_time {
    int32_t year;
    uint8_t month, day, hour, minute, second;
    uint8_t has_minute, has_second; /* BER may omit them */
    uint64_t fraction;              /* fraction digits as an integer (.0250 is 250) ... */
    uint8_t fraction_digits;        /* ... and how many digits it has */
    uint8_t tz_kind;                /* 0 = Z, 1 = offset, 2 = local time (no zone) */
    int16_t tz_offset_minutes;
} synta_time;

/* synta_decode_utc_time / synta_decode_generalized_time: the time with calendar
 * checks (UTCTime years 1950-2049); under DER/CER only the canonical form
 * YYMMDDHHMMSSZ / YYYYMMDDHHMMSS[.fff]Z (11.7, 11.8; NON_CANONICAL). */
SYNTA_MUST_USE int synta_decode_utc_time(const synta_cbs *contents, synta_time *out);
SYNTA_MUST_USE int synta_decode_generalized_time(const synta_cbs *contents, synta_time *out);

/* synta_time_format writes the RFC 3339 / vector form ("2024-02-29T12:00:00Z")
 * into |buf| (NUL-terminated); returns the length it wanted. */
size_t synta_time_format(const synta_time *t, char *buf, size_t cap);

/* synta_oid_format writes the dotted-decimal form of OID contents |oid|
 * (relative when |relative| is non-zero) into |buf| (NUL-terminated); arcs may
 * have any size up to 256 octets each. Returns the length it wanted, or 0 if
 * |oid| is not valid. */
size_t synta_oid_format(synta_span oid, int relative, char *buf, size_t cap);

/* synta_span_eq: 1 if the two spans hold the same bytes. */
int synta_span_eq(synta_span a, const uint8_t *b, size_t b_len);

/* --------------------------------------------------------------- builder */

/*
 * synta_cbb: a write builder. A root builder owns its storage (growable heap
 * or a fixed caller buffer); a child builder (from synta_cbb_add_asn1) writes
 * into its parent and fixes the parent's length when flushed. Writing to a
 * parent flushes its open child. Errors are sticky: after the first failure
 * every call returns 0.
 */
/* synta_cbb_storage: the bytes of a root builder, embedded in it (so a fixed
 * builder needs no heap at all). Read it only through the functions below. */
typedef struct synta_cbb_storage {
    uint8_t *buf;
    size_t len;
    size_t cap;
    uint8_t can_resize; /* growable heap buffer (synta_cbb_init) */
    uint8_t error;      /* sticky: set by the first failure */
} synta_cbb_storage;
/* A root must not move while one of its children is open (children point at
 * its storage); a flushed child is dead and every call on it returns 0. */
typedef struct synta_cbb {
    synta_cbb_storage *storage; /* child: the root's storage (NULL once flushed) */
    struct synta_cbb *child;    /* the open child, if any */
    size_t offset;              /* child: where its contents start */
    size_t pending_len_len;     /* child: bytes reserved for the length */
    uint8_t pending_is_set_of;  /* child: sort elements when flushed (DER SET OF) */
    uint8_t is_child;
    synta_cbb_storage base; /* root: its storage */
} synta_cbb;

/* synta_cbb_init: a root builder on a growable heap buffer (|initial_cap| hint). */
SYNTA_MUST_USE int synta_cbb_init(synta_cbb *cbb, size_t initial_cap);
/* synta_cbb_init_fixed: a root builder writing into |buf| of |cap| bytes; fails
 * with NO_MEMORY instead of growing. */
SYNTA_MUST_USE int synta_cbb_init_fixed(synta_cbb *cbb, uint8_t *buf, size_t cap);
/* synta_cbb_cleanup frees a growable root builder's buffer (if not finished). */
void synta_cbb_cleanup(synta_cbb *cbb);
/* synta_cbb_finish flushes and hands back the bytes: for a growable builder
 * |*out_data| is malloc'ed and owned by the caller (free()); for a fixed one it
 * is the caller's buffer. */
SYNTA_MUST_USE int synta_cbb_finish(synta_cbb *cbb, uint8_t **out_data, size_t *out_len);
/* synta_cbb_flush closes every open child of |cbb|. */
SYNTA_MUST_USE int synta_cbb_flush(synta_cbb *cbb);
/* synta_cbb_len: bytes written so far under |cbb|, counting open children as
 * they will be once flushed (their final length octets included). */
size_t synta_cbb_len(const synta_cbb *cbb);

SYNTA_MUST_USE int synta_cbb_add_bytes(synta_cbb *cbb, const uint8_t *data, size_t len);
SYNTA_MUST_USE int synta_cbb_add_u8(synta_cbb *cbb, uint8_t value);
/* synta_cbb_add_asn1 opens a child for an element with tag |tag| (definite
 * length, minimal form, written when the child is flushed). */
SYNTA_MUST_USE int synta_cbb_add_asn1(synta_cbb *cbb, synta_cbb *out_child, uint32_t tag);
/* synta_cbb_add_set_of is synta_cbb_add_asn1 for a SET OF whose elements are
 * sorted by their encodings when flushed (X.690 11.6). */
SYNTA_MUST_USE int synta_cbb_add_set_of(synta_cbb *cbb, synta_cbb *out_child, uint32_t tag);

/* Whole elements with tag |tag| (pass the universal tag, or the IMPLICIT one). */
SYNTA_MUST_USE int synta_cbb_add_boolean(synta_cbb *cbb, uint32_t tag, int value);
SYNTA_MUST_USE int synta_cbb_add_null(synta_cbb *cbb, uint32_t tag);
SYNTA_MUST_USE int synta_cbb_add_int64(synta_cbb *cbb, uint32_t tag, int64_t value);
SYNTA_MUST_USE int synta_cbb_add_uint64(synta_cbb *cbb, uint32_t tag, uint64_t value);
/* |value| holds minimal two's complement contents (as synta_decode_integer gives). */
SYNTA_MUST_USE int synta_cbb_add_integer(synta_cbb *cbb, uint32_t tag, synta_span value);
SYNTA_MUST_USE int synta_cbb_add_bit_string(synta_cbb *cbb, uint32_t tag, synta_span data, uint8_t unused);
/* Primitive element with |contents| as is: OCTET STRING, OIDs, strings, times. */
SYNTA_MUST_USE int synta_cbb_add_primitive(synta_cbb *cbb, uint32_t tag, synta_span contents);
SYNTA_MUST_USE int synta_cbb_add_utc_time(synta_cbb *cbb, uint32_t tag, const synta_time *t);
SYNTA_MUST_USE int synta_cbb_add_generalized_time(synta_cbb *cbb, uint32_t tag, const synta_time *t);

/* ---------------------------------------------------------- conversions */

/* synta_ber_to_der re-encodes one BER value of |in| as DER into |out| of
 * |cap| bytes (definite minimal lengths, segmented strings joined, SET OF
 * sorted, BOOLEAN TRUE as 0xFF); |*out_len| is the DER length. Errors go to
 * |err| (may be NULL). Without a schema, SET (not SET OF) components are
 * sorted as SET OF, which is the DER order whenever they are untagged. */
SYNTA_MUST_USE int synta_ber_to_der(const uint8_t *in, size_t len, uint8_t *out, size_t cap, size_t *out_len,
                                    synta_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SYNTA_SYNTA_H */
