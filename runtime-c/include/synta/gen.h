/*
 * gen.h - the small layer generated C code calls into (synta-codegen c).
 *
 * Every codec here has the shape of a generated type's codec:
 *   int <codec>_decode(synta_cbs *cbs, uint32_t tag, T *out);
 *   int <codec>_encode(synta_cbb *cbb, uint32_t tag, const T *in);
 * reading or writing one whole element with tag |tag| (the universal tag, or the
 * IMPLICIT one that replaces it), so generated code treats built-in and generated
 * types alike. All return 1 on success and 0 on failure.
 */
#ifndef SYNTA_GEN_H
#define SYNTA_GEN_H

#include <stdint.h>

#include "synta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* synta_null_t: the (empty) value of NULL. */
typedef uint8_t synta_null_t;

/* synta_bit_string: a BIT STRING's data octets and its count of unused bits. */
typedef struct synta_bit_string {
    synta_span data;
    uint8_t unused;
} synta_bit_string;

/* synta_list_iter: iterates the elements of a decoded SEQUENCE OF / SET OF. */
typedef struct synta_list_iter {
    synta_ctx ctx;
    synta_cbs cbs;
} synta_list_iter;

/* synta_list_iter_init starts |it| over |elements| read under |rules|. |it| must not
 * move while in use (its cursor points at its context). */
void synta_list_iter_init(synta_list_iter *it, synta_span elements, synta_rules rules);

#define SYNTA_GEN_CODEC(name, type)                                            \
    SYNTA_MUST_USE int name##_decode(synta_cbs *cbs, uint32_t tag, type *out); \
    SYNTA_MUST_USE int name##_encode(synta_cbb *cbb, uint32_t tag, const type *in)

SYNTA_GEN_CODEC(synta_gen_bool, int);
SYNTA_GEN_CODEC(synta_gen_null, synta_null_t);
SYNTA_GEN_CODEC(synta_gen_u8, uint8_t);
SYNTA_GEN_CODEC(synta_gen_u16, uint16_t);
SYNTA_GEN_CODEC(synta_gen_u32, uint32_t);
SYNTA_GEN_CODEC(synta_gen_u64, uint64_t);
SYNTA_GEN_CODEC(synta_gen_i8, int8_t);
SYNTA_GEN_CODEC(synta_gen_i16, int16_t);
SYNTA_GEN_CODEC(synta_gen_i32, int32_t);
SYNTA_GEN_CODEC(synta_gen_i64, int64_t);
/* INTEGER of any size: minimal two's complement contents. */
SYNTA_GEN_CODEC(synta_gen_int, synta_span);
/* ENUMERATED (the generated type checks the value is known). */
SYNTA_GEN_CODEC(synta_gen_enum, int64_t);
/* REAL: its contents octets, checked (X.690 8.5, 11.3 under DER/CER). */
SYNTA_GEN_CODEC(synta_gen_real, synta_span);
SYNTA_GEN_CODEC(synta_gen_bits, synta_bit_string);
SYNTA_GEN_CODEC(synta_gen_octets, synta_span);
SYNTA_GEN_CODEC(synta_gen_oid, synta_span);
SYNTA_GEN_CODEC(synta_gen_roid, synta_span);
/* Character strings: contents octets, alphabet checked. */
SYNTA_GEN_CODEC(synta_gen_utf8, synta_span);
SYNTA_GEN_CODEC(synta_gen_numeric, synta_span);
SYNTA_GEN_CODEC(synta_gen_printable, synta_span);
SYNTA_GEN_CODEC(synta_gen_teletex, synta_span);
SYNTA_GEN_CODEC(synta_gen_videotex, synta_span);
SYNTA_GEN_CODEC(synta_gen_ia5, synta_span);
SYNTA_GEN_CODEC(synta_gen_graphic, synta_span);
SYNTA_GEN_CODEC(synta_gen_visible, synta_span);
SYNTA_GEN_CODEC(synta_gen_general, synta_span);
SYNTA_GEN_CODEC(synta_gen_universal, synta_span);
SYNTA_GEN_CODEC(synta_gen_bmp, synta_span);
SYNTA_GEN_CODEC(synta_gen_objdesc, synta_span);
SYNTA_GEN_CODEC(synta_gen_utctime, synta_time);
SYNTA_GEN_CODEC(synta_gen_gentime, synta_time);
/* Any element with tag |tag|, its contents kept unchecked (EXTERNAL, DATE, ...). */
SYNTA_GEN_CODEC(synta_gen_contents, synta_span);
/* One whole element (identifier, length, contents) with tag |tag|, or any tag when
 * |tag| is 0; written back as it is. Lazy and recursive components use it. */
SYNTA_GEN_CODEC(synta_gen_raw, synta_span);
/* One whole element of any tag (open types, ANY). */
SYNTA_GEN_CODEC(synta_gen_any, synta_span);
/* One whole constructed element with tag |tag| whose contents are checked to be a
 * sequence of well-formed elements (INSTANCE OF); written back as it is. */
SYNTA_GEN_CODEC(synta_gen_elements, synta_span);

/* synta_gen_lazy: a value kept raw to be decoded on demand (lazy), as the Rust Lazy
 * reads it: the element is framed first, then its tag compared with |tag| (0: any tag;
 * a CHOICE's caller checks it with synta_gen_raw_tag and <T>_accepts). */
SYNTA_GEN_CODEC(synta_gen_lazy, synta_span);

/* synta_gen_raw_tag returns the tag of the element |raw| (framed already). */
uint32_t synta_gen_raw_tag(synta_span raw);

/* synta_gen_sub sets |*out| to a cursor over |raw| (an element read from |parent|),
 * sharing |parent|'s context and depth. */
void synta_gen_sub(const synta_cbs *parent, synta_span raw, synta_cbs *out);

/* synta_gen_skip_rest skips the remaining elements of |c| (unknown extension
 * additions); fails only on malformed elements. */
SYNTA_MUST_USE int synta_gen_skip_rest(synta_cbs *c);

/* synta_gen_tag_order gives the canonical order key of a tag (X.690 8.6: class, then
 * number; the constructed bit does not count). */
uint64_t synta_gen_tag_order(uint32_t tag);

/* synta_gen_set_of_order checks (DER and CER) that the element |cur| does not sort
 * before |prev| (NULL for the first), as X.690 11.6 orders SET OF elements. */
SYNTA_MUST_USE int synta_gen_set_of_order(const synta_cbs *c, const uint8_t *prev, size_t prev_len,
                                          const uint8_t *cur, size_t cur_len);

/* synta_gen_size_ok: |min| <= |n| <= |max|. */
int synta_gen_size_ok(uint64_t n, uint64_t min, uint64_t max);

/* synta_gen_raw_size_ok checks the SIZE of a SEQUENCE OF / SET OF kept raw (lazy; |raw|
 * its whole element, read under |rules|) as the Rust runtime measures a Lazy list: its
 * elements are framed, not decoded, only as far as the bounds need, and a list whose
 * elements do not frame passes (decoding it on demand reports why). */
int synta_gen_raw_size_ok(synta_span raw, synta_rules rules, uint64_t min, uint64_t max);
/* synta_gen_urange_ok / synta_gen_irange_ok: value range checks. */
int synta_gen_urange_ok(uint64_t v, uint64_t min, uint64_t max);
int synta_gen_irange_ok(int64_t v, int64_t min, int64_t max);

/* synta_gen_int_range_ok: an INTEGER of any size (minimal two's complement |v|) within
 * [min, max]; a bound is ignored when its has_ flag is 0. */
int synta_gen_int_range_ok(synta_span v, int has_min, int64_t min, int has_max, int64_t max);

/* synta_gen_chars counts the characters of a string of universal type |universal_tag|
 * (UTF-8 code points, BMP and Universal code units; octets otherwise). */
uint64_t synta_gen_chars(uint32_t universal_tag, synta_span s);

/* synta_gen_bit_len: the number of bits of a BIT STRING. */
uint64_t synta_gen_bit_len(const synta_bit_string *b);

#ifdef __cplusplus
}
#endif

#endif /* SYNTA_GEN_H */
