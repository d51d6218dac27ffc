/*
 * containers.c - certificates out of PKCS #7 SignedData and unencrypted PKCS #12
 * files (certificate.h), on the generated decoders of the CMS and PKCS #12 modules.
 *
 * One synta_ctx in the iterator spans the whole input, and every cursor shares it, so
 * errors carry absolute offsets. The generated open-type decoders
 * (<T>_<field>_decode) read the open value under a context of their own, so their
 * errors are shifted by where that value starts in the input.
 *
 * What the generated C does not give (noted here, the compiler is not changed):
 *   - ContentInfo's content table ({ContentSet}) has rows for data and
 *     encryptedData only: signedData and envelopedData are told apart by their OIDs
 *     here and decoded with SignedData_decode / EnvelopedData_decode;
 *   - SafeBag's table has no row for safeContentsBag (a recursive type): its bagId
 *     is compared here and the value decoded with SafeContents_decode.
 */
#include <string.h>

#include <synta/certificate.h>

#include "cryptographic_message_syntax_2009.h"
#include "pkcs_12_2009.h"

/* Contents octets of the OIDs compared here. */
static const uint8_t OID_DATA[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01};
static const uint8_t OID_SIGNED_DATA[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02};
static const uint8_t OID_ENVELOPED_DATA[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x03};
static const uint8_t OID_ENCRYPTED_DATA[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x06};
/* bagtypes 6 (1.2.840.113549.1.12.10.1.6). */
static const uint8_t OID_SAFE_CONTENTS_BAG[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d,
                                                0x01, 0x0c, 0x0a, 0x01, 0x06};

#define OID_IS(span, oid) ((span).len == sizeof(oid) && memcmp((span).data, (oid), sizeof(oid)) == 0)

typedef cryptographic_message_syntax_2009_ContentInfo content_info;

/* ------------------------------------------------------------------ helpers */

/* Offset of |p| (a pointer into the input of |ctx|). */
static size_t offset_of(const synta_ctx *ctx, const uint8_t *p) {
    return p != NULL && ctx->base != NULL ? (size_t)(p - ctx->base) : 0;
}

/* Records an error at |at| in |ctx| (unless one is there) with |field|. */
static int fail_at(synta_ctx *ctx, synta_error_kind kind, const uint8_t *at, const char *field,
                   const char *detail) {
    if (ctx->error.kind == SYNTA_ERR_NONE) {
        ctx->error.kind = kind;
        ctx->error.offset = offset_of(ctx, at);
        ctx->error.field = field;
        ctx->error.detail = detail;
    }
    return 0;
}

/* Takes the error of a generated open-type decoder, whose offsets count from
 * |value| (a span of the input of |ctx|), into |ctx|. */
static int fail_inside(synta_ctx *ctx, const synta_error *inner, synta_span value, const char *field) {
    if (ctx->error.kind == SYNTA_ERR_NONE) {
        ctx->error = *inner;
        ctx->error.offset += offset_of(ctx, value.data);
        if (ctx->error.field == NULL) ctx->error.field = field;
    }
    return 0;
}

/* A cursor over |span| (part of the input of |ctx|) at the top level. */
static void cursor(synta_ctx *ctx, synta_span span, synta_cbs *out) {
    out->data = span.data;
    out->len = span.len;
    out->ctx = ctx;
    out->depth = 0;
    out->header_len = 0;
}

/* Exactly one element of type T, read by |decode| from |span|. */
#define DECODE_ONE(ctx, span, decode, tag, out, name)                    \
    do {                                                                 \
        synta_cbs one_;                                                  \
        cursor((ctx), (span), &one_);                                    \
        if (!decode(&one_, (tag), (out)) || !synta_cbs_finish(&one_)) {  \
            if ((ctx)->error.field == NULL) (ctx)->error.field = (name); \
            return 0;                                                    \
        }                                                                \
    } while (0)

/* Keeps the error of |ctx| in |*failed|; a failure always has a kind, also when
 * the runtime records no detail. */
static void record_failure(synta_error *failed, const synta_ctx *ctx) {
    *failed = ctx->error;
    if (failed->kind == SYNTA_ERR_NONE) failed->kind = SYNTA_ERR_INVALID_VALUE;
}

static void set_error(synta_error *err, const synta_error *e) {
    if (err != NULL) *err = *e;
}

/* ------------------------------------------------------------------ PKCS #7 */

static int pkcs7_begin(synta_pkcs7_iter *it) {
    synta_ctx *ctx = &it->ctx;
    synta_span whole = {ctx->base, ctx->len};
    content_info info;
    cryptographic_message_syntax_2009_SignedData signed_data;
    DECODE_ONE(ctx, whole, cryptographic_message_syntax_2009_ContentInfo_decode,
               CRYPTOGRAPHIC_MESSAGE_SYNTAX_2009_CONTENTINFO_TAG, &info, "ContentInfo");
    if (!OID_IS(info.contentType, OID_SIGNED_DATA)) {
        return fail_at(ctx, SYNTA_ERR_INVALID_VALUE, info.contentType.data, "ContentInfo.contentType",
                       "not a SignedData ContentInfo");
    }
    DECODE_ONE(ctx, info.content, cryptographic_message_syntax_2009_SignedData_decode,
               CRYPTOGRAPHIC_MESSAGE_SYNTAX_2009_SIGNEDDATA_TAG, &signed_data, "ContentInfo.content");
    if (signed_data.has_certificates) {
        /* The [0] IMPLICIT CertificateSet, checked by SignedData_decode; its elements
         * are read one at a time by synta_pkcs7_next. */
        synta_cbs set;
        cursor(ctx, signed_data.certificates, &set);
        if (!synta_cbs_get_asn1(&set, &it->set, SYNTA_CONTEXT_CONSTRUCTED(0))) {
            return synta_cbs_set_field(&set, "SignedData.certificates");
        }
    }
    return 1;
}

int synta_pkcs7_begin(synta_pkcs7_iter *it, const uint8_t *data, size_t len, synta_error *err) {
    memset(it, 0, sizeof *it);
    synta_ctx_init(&it->ctx, SYNTA_BER, data, len);
    it->set.ctx = &it->ctx;
    it->set.data = data;
    if (pkcs7_begin(it)) return 1;
    it->set.len = 0;
    record_failure(&it->failed, &it->ctx);
    set_error(err, &it->failed);
    return 0;
}

synta_container_status synta_pkcs7_next(synta_pkcs7_iter *it, synta_span *cert, synta_error *err) {
    while (it->failed.kind == SYNTA_ERR_NONE && it->set.len > 0) {
        cryptographic_message_syntax_2009_CertificateChoices choice;
        const uint8_t *start = it->set.data;
        if (!cryptographic_message_syntax_2009_CertificateChoices_decode(&it->set, 0, &choice)) {
            (void)synta_cbs_set_field(&it->set, "SignedData.certificates");
            record_failure(&it->failed, &it->ctx);
            break;
        }
        it->index++;
        if (choice.present == CRYPTOGRAPHIC_MESSAGE_SYNTAX_2009_CERTIFICATECHOICES_PR_certificate) {
            cert->data = start;
            cert->len = (size_t)(it->set.data - start);
            return SYNTA_CONTAINER_CERT;
        }
        it->skipped++;
    }
    if (it->failed.kind != SYNTA_ERR_NONE) {
        set_error(err, &it->failed);
        return SYNTA_CONTAINER_ERROR;
    }
    return SYNTA_CONTAINER_END;
}

/* ----------------------------------------------------------------- PKCS #12 */

/* The OCTET STRING of a data ContentInfo (the generated open-type decoder). */
static int data_octets(synta_ctx *ctx, const content_info *info, synta_span *out) {
    cryptographic_message_syntax_2009_ContentInfo_content_value value;
    synta_error inner;
    memset(&inner, 0, sizeof inner);
    if (!cryptographic_message_syntax_2009_ContentInfo_content_decode(info, ctx->rules, &value, &inner)) {
        return fail_inside(ctx, &inner, info->content, "ContentInfo.content");
    }
    *out = value.u.ct_Data;
    return 1;
}

static int pkcs12_begin(synta_pkcs12_iter *it) {
    synta_ctx *ctx = &it->ctx;
    synta_span whole = {ctx->base, ctx->len}, octets;
    pkcs_12_2009_PFX pfx;
    content_info auth_safe;
    pkcs_12_2009_AuthenticatedSafe parts;
    synta_cbs c;
    DECODE_ONE(ctx, whole, pkcs_12_2009_PFX_decode, PKCS_12_2009_PFX_TAG, &pfx, "PFX");
    if (pfx.version.len != 1 || pfx.version.data[0] != 3) {
        return fail_at(ctx, SYNTA_ERR_UNSUPPORTED, pfx.version.data, "PFX.version",
                       "PFX version other than v3");
    }
    if (pfx.has_macData) {
        /* The iteration count must fit a u64 (as in Rust): non-negative, at most 8
         * octets after a leading zero. */
        synta_span n = pfx.macData.iterations;
        if (n.len > 0 && ((n.data[0] & 0x80u) || n.len > 9 || (n.len == 9 && n.data[0] != 0))) {
            return fail_at(ctx, SYNTA_ERR_OVERFLOW, n.data, "MacData.iterations", NULL);
        }
    }
    DECODE_ONE(ctx, pfx.authSafe, cryptographic_message_syntax_2009_ContentInfo_decode,
               CRYPTOGRAPHIC_MESSAGE_SYNTAX_2009_CONTENTINFO_TAG, &auth_safe, "PFX.authSafe");
    if (OID_IS(auth_safe.contentType, OID_SIGNED_DATA)) {
        return fail_at(ctx, SYNTA_ERR_UNSUPPORTED, auth_safe.content.data, "PFX.authSafe",
                       "public-key integrity mode (a signedData authSafe)");
    }
    if (!OID_IS(auth_safe.contentType, OID_DATA)) {
        return fail_at(ctx, SYNTA_ERR_INVALID_VALUE, auth_safe.content.data, "PFX.authSafe",
                       "authSafe is neither data nor signedData");
    }
    if (!data_octets(ctx, &auth_safe, &octets)) return 0;
    /* The AuthenticatedSafe, checked whole by its generated decoder; its parts are
     * read one at a time by synta_pkcs12_next. */
    DECODE_ONE(ctx, octets, pkcs_12_2009_AuthenticatedSafe_decode, PKCS_12_2009_AUTHENTICATEDSAFE_TAG, &parts,
               "AuthenticatedSafe");
    cursor(ctx, octets, &c);
    if (!synta_cbs_get_asn1(&c, &it->parts, PKCS_12_2009_AUTHENTICATEDSAFE_TAG)) return 0;
    return 1;
}

int synta_pkcs12_begin(synta_pkcs12_iter *it, const uint8_t *data, size_t len, synta_error *err) {
    memset(it, 0, sizeof *it);
    synta_ctx_init(&it->ctx, SYNTA_BER, data, len);
    it->parts.ctx = &it->ctx;
    it->parts.data = data;
    if (pkcs12_begin(it)) return 1;
    it->parts.len = 0;
    record_failure(&it->failed, &it->ctx);
    set_error(err, &it->failed);
    return 0;
}

/* Opens the next part: a data part pushes its SafeContents onto |it->bags|, an
 * encrypted one is counted. */
static int next_part(synta_pkcs12_iter *it) {
    synta_ctx *ctx = &it->ctx;
    content_info part;
    synta_span octets;
    pkcs_12_2009_SafeContents bags;
    synta_cbs c;
    if (!cryptographic_message_syntax_2009_ContentInfo_decode(
            &it->parts, CRYPTOGRAPHIC_MESSAGE_SYNTAX_2009_CONTENTINFO_TAG, &part)) {
        return synta_cbs_set_field(&it->parts, "AuthenticatedSafe");
    }
    it->part++;
    if (OID_IS(part.contentType, OID_ENCRYPTED_DATA) || OID_IS(part.contentType, OID_ENVELOPED_DATA)) {
        /* Decoded as what they say they are (Rust does), then skipped. */
        if (OID_IS(part.contentType, OID_ENCRYPTED_DATA)) {
            cryptographic_message_syntax_2009_ContentInfo_content_value value;
            synta_error inner;
            memset(&inner, 0, sizeof inner);
            if (!cryptographic_message_syntax_2009_ContentInfo_content_decode(&part, ctx->rules, &value,
                                                                              &inner)) {
                return fail_inside(ctx, &inner, part.content, "ContentInfo.content");
            }
        } else {
            cryptographic_message_syntax_2009_EnvelopedData enveloped;
            DECODE_ONE(ctx, part.content, cryptographic_message_syntax_2009_EnvelopedData_decode,
                       CRYPTOGRAPHIC_MESSAGE_SYNTAX_2009_ENVELOPEDDATA_TAG, &enveloped,
                       "ContentInfo.content");
        }
        it->encrypted_parts++;
        return 1;
    }
    if (!OID_IS(part.contentType, OID_DATA)) {
        return fail_at(ctx, SYNTA_ERR_INVALID_VALUE, part.contentType.data, "ContentInfo.contentType",
                       "an AuthenticatedSafe part is not data, encryptedData or envelopedData");
    }
    if (!data_octets(ctx, &part, &octets)) return 0;
    DECODE_ONE(ctx, octets, pkcs_12_2009_SafeContents_decode, PKCS_12_2009_SAFECONTENTS_TAG, &bags,
               "SafeContents");
    cursor(ctx, octets, &c);
    if (!synta_cbs_get_asn1(&c, &it->bags[0], PKCS_12_2009_SAFECONTENTS_TAG)) return 0;
    it->depth = 1;
    return 1;
}

/* Checks that |c| holds a sequence of elements whose constructed ones hold such
 * sequences too, down to the primitives. The recursion is bounded by the depth limit,
 * which synta_cbs_get_any applies to every constructed element. */
static int tlv_tree(synta_cbs *c) {
    while (c->len > 0) {
        synta_cbs contents;
        uint32_t tag;
        if (!synta_cbs_get_any(c, &contents, &tag, NULL)) return 0;
        if ((tag & SYNTA_CONSTRUCTED) && !tlv_tree(&contents)) return 0;
    }
    return 1;
}

/* The bag's friendlyName and localKeyId attributes, as Rust reads them: every value
 * of theirs decodes as its type (BMPString (SIZE (1..255)), OCTET STRING), each has
 * one value and appears once; other attributes are left alone. */
static int check_attributes(synta_ctx *ctx, const pkcs_12_2009_SafeBag *bag) {
    static const char FIELD[] = "SafeBag.bagAttributes";
    synta_cbs list;
    int seen_name = 0, seen_key_id = 0;
    cursor(ctx, bag->bagAttributes.elements, &list);
    while (list.len > 0) {
        pkcs_12_2009_PKCS12Attribute attr;
        synta_cbs values;
        int is_name, *seen;
        const uint8_t *first = NULL, *second = NULL;
        if (!pkcs_12_2009_PKCS12Attribute_decode(&list, PKCS_12_2009_PKCS12ATTRIBUTE_TAG, &attr)) {
            return synta_cbs_set_field(&list, FIELD);
        }
        is_name = OID_IS(attr.attrId, pkcs_12_2009_pkcs_9_at_friendlyName);
        if (!is_name && !OID_IS(attr.attrId, pkcs_12_2009_pkcs_9_at_localKeyId)) continue;
        seen = is_name ? &seen_name : &seen_key_id;
        cursor(ctx, attr.attrValues.elements, &values);
        while (values.len > 0) {
            synta_span value;
            const uint8_t *at = values.data;
            int ok = is_name ? synta_gen_bmp_decode(&values, SYNTA_TAG_BMP_STRING, &value)
                             : synta_gen_octets_decode(&values, SYNTA_TAG_OCTET_STRING, &value);
            if (!ok) return synta_cbs_set_field(&values, FIELD);
            if (is_name && !synta_gen_size_ok(synta_gen_chars(SYNTA_TAG_BMP_STRING, value), 1,
                                              PKCS_12_2009_PKCS_9_UB_FRIENDLYNAME)) {
                return fail_at(ctx, SYNTA_ERR_CONSTRAINT, at, FIELD, "friendlyName size");
            }
            if (first == NULL) {
                first = at;
            } else if (second == NULL) {
                second = at;
            }
        }
        if (second != NULL) {
            return fail_at(ctx, SYNTA_ERR_INVALID_VALUE, second, FIELD,
                           "a single-valued attribute has more than one value");
        }
        if (first != NULL) {
            if (*seen) {
                return fail_at(ctx, SYNTA_ERR_INVALID_VALUE, first, FIELD,
                               is_name ? "friendlyName appears twice" : "localKeyId appears twice");
            }
            *seen = 1;
        }
    }
    return 1;
}

/* Reads the next bag of the innermost SafeContents: sets |*found| when it is an
 * X.509 certificate (|*cert|), pushes a nested SafeContents, or skips it. */
static int next_bag(synta_pkcs12_iter *it, int *found, synta_span *cert) {
    synta_ctx *ctx = &it->ctx;
    synta_cbs *list = &it->bags[it->depth - 1];
    pkcs_12_2009_SafeBag bag;
    pkcs_12_2009_SafeBag_bagValue_value value;
    synta_error inner;
    memset(&inner, 0, sizeof inner);
    if (!pkcs_12_2009_SafeBag_decode(list, PKCS_12_2009_SAFEBAG_TAG, &bag)) {
        return synta_cbs_set_field(list, "SafeContents");
    }
    if (bag.has_bagAttributes && !check_attributes(ctx, &bag)) return 0;
    if (OID_IS(bag.bagId, OID_SAFE_CONTENTS_BAG)) {
        pkcs_12_2009_SafeContents nested;
        synta_cbs c;
        if (it->depth > SYNTA_PKCS12_MAX_NESTING) {
            return fail_at(ctx, SYNTA_ERR_UNSUPPORTED, bag.bagValue.data, "SafeBag.bagValue",
                           "safeContentsBag nested too deeply");
        }
        DECODE_ONE(ctx, bag.bagValue, pkcs_12_2009_SafeContents_decode, PKCS_12_2009_SAFECONTENTS_TAG,
                   &nested, "SafeBag.bagValue");
        cursor(ctx, bag.bagValue, &c);
        if (!synta_cbs_get_asn1(&c, &it->bags[it->depth], PKCS_12_2009_SAFECONTENTS_TAG)) return 0;
        it->depth++;
        return 1;
    }
    if (!pkcs_12_2009_SafeBag_bagValue_decode(&bag, ctx->rules, &value, &inner)) {
        return fail_inside(ctx, &inner, bag.bagValue, "SafeBag.bagValue");
    }
    if (value.present == PKCS_12_2009_SAFEBAG_BAGVALUE_PR_certBag) {
        pkcs_12_2009_CertBag_certValue_value cert_value;
        synta_cbs c;
        synta_span element;
        uint32_t tag;
        if (!pkcs_12_2009_CertBag_certValue_decode(&value.u.certBag, ctx->rules, &cert_value, &inner)) {
            return fail_inside(ctx, &inner, value.u.certBag.certValue, "CertBag.certValue");
        }
        if (cert_value.present == PKCS_12_2009_CERTBAG_CERTVALUE_PR_x509Certificate) {
            /* The OCTET STRING holds one encoding, a well-formed tree of elements
             * (Rust parses it as one TLV tree to re-encode it). */
            cursor(ctx, cert_value.u.x509Certificate, &c);
            if (!synta_cbs_get_element(&c, &element, &tag) || !synta_cbs_finish(&c)) {
                return synta_cbs_set_field(&c, "CertBag.certValue");
            }
            cursor(ctx, element, &c);
            if (!tlv_tree(&c)) return synta_cbs_set_field(&c, "CertBag.certValue");
            *cert = cert_value.u.x509Certificate;
            *found = 1;
            return 1;
        }
    }
    it->skipped_bags++;
    return 1;
}

synta_container_status synta_pkcs12_next(synta_pkcs12_iter *it, synta_span *cert, synta_error *err) {
    while (it->failed.kind == SYNTA_ERR_NONE) {
        int found = 0, ok;
        if (it->depth > 0 && it->bags[it->depth - 1].len == 0) {
            it->depth--; /* this SafeContents is done */
            continue;
        }
        if (it->depth > 0) {
            ok = next_bag(it, &found, cert);
        } else if (it->parts.len > 0) {
            ok = next_part(it);
        } else {
            return SYNTA_CONTAINER_END;
        }
        if (!ok) {
            record_failure(&it->failed, &it->ctx);
            break;
        }
        if (found) return SYNTA_CONTAINER_CERT;
    }
    it->depth = 0;
    it->parts.len = 0;
    set_error(err, &it->failed);
    return SYNTA_CONTAINER_ERROR;
}
