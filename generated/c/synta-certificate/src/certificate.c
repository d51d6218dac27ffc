/*
 * certificate.c - the reading API of a certificate (include/synta/certificate.h),
 * the C counterpart of generated/rust/synta-certificate/src/certificate.rs.
 */
#include <string.h>

#include <synta/certificate.h>

#include "internal.h"
#include "pkix1_implicit_2009.h"

/* A cursor over |span| (inside |ctx|'s input) at nesting depth |depth|. */
static void sub_cursor(synta_ctx *ctx, synta_span span, uint32_t depth, synta_cbs *out) {
    synta_cbs_init(out, ctx);
    out->data = span.data;
    out->len = span.len;
    out->depth = depth;
}

int synta_cert_parse(const uint8_t *der, size_t len, synta_cert *out, synta_error *err) {
    synta_ctx ctx;
    synta_cbs cbs, outer;
    uint32_t tag;
    memset(out, 0, sizeof *out);
    if (!pkix1_explicit_2009_Certificate_parse(der, len, SYNTA_DER, &out->raw, err)) return 0;
    out->der.data = der;
    out->der.len = len;

    synta_ctx_init(&ctx, SYNTA_DER, der, len);
    synta_cbs_init(&cbs, &ctx);
    /* The first element inside the outer SEQUENCE: known to be there. */
    if (!synta_cbs_get_asn1(&cbs, &outer, SYNTA_TAG_SEQUENCE) ||
        !synta_cbs_get_element(&outer, &out->tbs, &tag)) {
        goto fail;
    }
    /* The names and the extension list stay raw, as in the Rust API (the generated
     * decoder has checked what the Rust parse checks of them: framing, tags and the
     * list's SIZE (1..MAX)): names are checked when formatted, extensions when asked
     * for (synta_cert_extensions_begin), so parsing walks neither. */
    return 1;
fail:
    if (err != NULL) *err = ctx.error;
    memset(out, 0, sizeof *out);
    return 0;
}

/* Decodes the extension list of |cert| into |*out| (every element checked; empty when
 * absent), as the Rust Certificate::extensions does on each call. Errors carry
 * absolute offsets into the certificate. */
static int decode_extensions(const synta_cert *cert, pkix1_explicit_2009_Extensions_CertExtensions *out,
                             synta_error *err) {
    const pkix1_explicit_2009_TBSCertificate *tbs = &cert->raw.toBeSigned;
    synta_ctx ctx;
    synta_cbs cbs;
    memset(out, 0, sizeof *out);
    out->rules = SYNTA_DER;
    if (!tbs->has_extensions) return 1;
    synta_ctx_init(&ctx, SYNTA_DER, cert->der.data, cert->der.len);
    /* Depth 0, as the Rust Lazy::get starts a fresh reader at the element. */
    sub_cursor(&ctx, tbs->extensions, 0, &cbs);
    if (pkix1_explicit_2009_Extensions_CertExtensions_decode(
            &cbs, PKIX1_EXPLICIT_2009_EXTENSIONS_CERTEXTENSIONS_TAG, out) &&
        synta_cbs_finish(&cbs)) {
        return 1;
    }
    (void)synta_cbs_set_field(&cbs, "extensions");
    if (err != NULL) *err = ctx.error;
    memset(out, 0, sizeof *out);
    out->rules = SYNTA_DER;
    return 0;
}

/* The extensions whose values the Rust `synta cert` decodes, by OID contents. */
static const struct {
    const char *oid;
    const char *name;
} CHECKED[] = {
    {"\x55\x1d\x13", "basicConstraints"},     {"\x55\x1d\x0f", "keyUsage"},
    {"\x55\x1d\x25", "extKeyUsage"},          {"\x55\x1d\x11", "subjectAltName"},
    {"\x55\x1d\x0e", "subjectKeyIdentifier"}, {"\x55\x1d\x23", "authorityKeyIdentifier"},
};

/* Moves the offset of an error found by a decoder that read |part| on its own (offsets
 * from the start of |part|) into the input that starts at |base|, as the Rust crate
 * reports errors inside extension values. */
static void rebase_error(synta_error *err, const uint8_t *base, const uint8_t *part) {
    if (err != NULL) err->offset += (size_t)(part - base);
}

/* Checks the elements of |names| as the Rust decoder reads them; with |render|, the
 * directoryNames also as the Rust tool writes them (RFC 4514, which checks the
 * strings). Offsets of errors are into the input at |base|. */
static int check_general_names(const pkix1_implicit_2009_GeneralNames *names, int render, const uint8_t *base,
                               synta_error *err) {
    synta_list_iter it;
    pkix1_implicit_2009_GeneralName gn;
    pkix1_implicit_2009_GeneralNames_iter(names, &it);
    while (pkix1_implicit_2009_GeneralNames_next(&it, &gn)) {
        if (gn.present == PKIX1_IMPLICIT_2009_GENERALNAME_PR_directoryName) {
            /* The Rust GeneralName decodes the Name, then writes it in RFC 4514. */
            pkix1_explicit_2009_Name name;
            synta_ctx ctx;
            synta_cbs cbs;
            if (!pkix1_explicit_2009_Name_parse(gn.u.directoryName.data, gn.u.directoryName.len, SYNTA_DER,
                                                &name, err)) {
                rebase_error(err, base, gn.u.directoryName.data);
                return 0;
            }
            if (!render) continue;
            synta_ctx_init(&ctx, SYNTA_DER, gn.u.directoryName.data, gn.u.directoryName.len);
            synta_cbs_init(&cbs, &ctx);
            if (!synta_name_walk(&cbs, NULL)) {
                if (err != NULL) *err = ctx.error;
                rebase_error(err, base, gn.u.directoryName.data);
                return 0;
            }
        }
    }
    if (it.ctx.error.kind != SYNTA_ERR_NONE) {
        if (err != NULL) *err = it.ctx.error;
        rebase_error(err, base, it.ctx.base);
        return 0;
    }
    return 1;
}

int synta_cert_check_extensions(const synta_cert *cert, synta_error *err) {
    synta_cert_ext_iter it;
    synta_cert_extension e;
    unsigned seen = 0; /* bit i: an extension with the OID of CHECKED[i] was checked */
    if (!synta_cert_extensions_begin(cert, &it, err)) return 0;
    /* In list order, as the Rust tool reports the first bad value; it decodes the
     * first extension with a given OID, so later ones with the same OID add nothing. */
    while (synta_cert_extensions_next(&it, &e)) {
        size_t i;
        pkix1_explicit_2009_Extension_CertExtensions ext;
        pkix1_explicit_2009_Extension_CertExtensions_extnValue_value value;
        for (i = 0; i < sizeof CHECKED / sizeof CHECKED[0]; i++) {
            if (synta_span_eq(e.oid, (const uint8_t *)CHECKED[i].oid, 3)) break;
        }
        if (i == sizeof CHECKED / sizeof CHECKED[0] || (seen & (1u << i)) != 0) continue;
        seen |= 1u << i;
        ext.extnID = e.oid;
        ext.critical = e.critical;
        ext.extnValue = e.value;
        if (!pkix1_explicit_2009_Extension_CertExtensions_extnValue_decode(&ext, SYNTA_DER, &value, err)) {
            rebase_error(err, cert->der.data, e.value.data);
            if (err != NULL && err->field == NULL) err->field = CHECKED[i].name;
            return 0;
        }
        /* The Rust decoders read the Names inside GeneralNames eagerly; the tool writes
         * those of subjectAltName. */
        if ((value.present == PKIX1_EXPLICIT_2009_EXTENSION_CERTEXTENSIONS_EXTNVALUE_PR_ext_SubjectAltName &&
             !check_general_names(&value.u.ext_SubjectAltName, 1, cert->der.data, err)) ||
            (value.present ==
                 PKIX1_EXPLICIT_2009_EXTENSION_CERTEXTENSIONS_EXTNVALUE_PR_ext_AuthorityKeyIdentifier &&
             value.u.ext_AuthorityKeyIdentifier.has_authorityCertIssuer &&
             !check_general_names(&value.u.ext_AuthorityKeyIdentifier.authorityCertIssuer, 0, cert->der.data,
                                  err))) {
            if (err != NULL && err->field == NULL) err->field = CHECKED[i].name;
            return 0;
        }
    }
    return 1;
}

/* ---------------------------------------------------------------- accessors */

int synta_cert_version(const synta_cert *cert) {
    const pkix1_explicit_2009_TBSCertificate *tbs = &cert->raw.toBeSigned;
    if (tbs->version.len == 1 && tbs->version.data[0] <= 2) return tbs->version.data[0] + 1;
    return 0;
}

synta_span synta_cert_serial(const synta_cert *cert) { return cert->raw.toBeSigned.serialNumber; }

int synta_integer_hex(synta_span value, char *buf, size_t cap, size_t *out_len) {
    static const char DIGITS[] = "0123456789abcdef";
    synta_sink out;
    int negative = value.len > 0 && (value.data[0] & 0x80u) != 0;
    int started = 0;
    size_t i;
    unsigned carry = 1; /* two's complement negation: invert and add one, from the end */
    synta_sink_init(&out, buf, cap);
    if (negative) synta_sink_putc(&out, '-');
    for (i = 0; i < value.len; i++) {
        unsigned b = value.data[i];
        int nib;
        if (negative) {
            /* The byte of the magnitude at |i|: ~b plus the carry out of the bytes after it,
             * which is 1 exactly when they are all zero. */
            size_t k;
            carry = 1;
            for (k = i + 1; k < value.len; k++) {
                if (value.data[k] != 0) {
                    carry = 0;
                    break;
                }
            }
            b = (~b + carry) & 0xFFu;
        }
        for (nib = 0; nib < 2; nib++) {
            unsigned d = nib == 0 ? b >> 4 : b & 0x0Fu;
            if (d == 0 && !started) continue;
            started = 1;
            synta_sink_putc(&out, DIGITS[d]);
        }
    }
    if (!started) synta_sink_putc(&out, '0');
    return synta_sink_finish(&out, out_len);
}

int synta_cert_serial_hex(const synta_cert *cert, char *buf, size_t cap, size_t *out_len) {
    return synta_integer_hex(synta_cert_serial(cert), buf, cap, out_len);
}

synta_span synta_cert_issuer_der(const synta_cert *cert) { return cert->raw.toBeSigned.issuer; }

synta_span synta_cert_subject_der(const synta_cert *cert) { return cert->raw.toBeSigned.subject; }

static int name_string(synta_span name, char *buf, size_t cap, size_t *out_len) {
    return synta_name_format(name.data, name.len, buf, cap, out_len, NULL);
}

int synta_cert_issuer_string(const synta_cert *cert, char *buf, size_t cap, size_t *out_len) {
    return name_string(cert->raw.toBeSigned.issuer, buf, cap, out_len);
}

int synta_cert_subject_string(const synta_cert *cert, char *buf, size_t cap, size_t *out_len) {
    return name_string(cert->raw.toBeSigned.subject, buf, cap, out_len);
}

static const synta_time *time_of(const pkix1_explicit_2009_Time *t) {
    return t->present == PKIX1_EXPLICIT_2009_TIME_PR_generalTime ? &t->u.generalTime : &t->u.utcTime;
}

const synta_time *synta_cert_not_before(const synta_cert *cert) {
    return time_of(&cert->raw.toBeSigned.validity.notBefore);
}

const synta_time *synta_cert_not_after(const synta_cert *cert) {
    return time_of(&cert->raw.toBeSigned.validity.notAfter);
}

static void put_num(synta_sink *out, long v, int width) {
    char tmp[24];
    int n = 0, neg = v < 0;
    unsigned long u = neg ? 0UL - (unsigned long)v : (unsigned long)v;
    do {
        tmp[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u != 0);
    /* Rust's {:04} pads with zeros after the sign, counting the sign in the width. */
    if (neg) {
        synta_sink_putc(out, '-');
        width--;
    }
    while (n < width) {
        synta_sink_putc(out, '0');
        width--;
    }
    while (n > 0) synta_sink_putc(out, tmp[--n]);
}

int synta_cert_time_rfc3339(const synta_time *t, char *buf, size_t cap, size_t *out_len) {
    synta_sink out;
    synta_sink_init(&out, buf, cap);
    put_num(&out, (long)t->year, 4);
    synta_sink_putc(&out, '-');
    put_num(&out, t->month, 2);
    synta_sink_putc(&out, '-');
    put_num(&out, t->day, 2);
    synta_sink_putc(&out, 'T');
    put_num(&out, t->hour, 2);
    synta_sink_putc(&out, ':');
    put_num(&out, t->has_minute ? t->minute : 0, 2);
    synta_sink_putc(&out, ':');
    put_num(&out, t->has_second ? t->second : 0, 2);
    synta_sink_putc(&out, 'Z');
    return synta_sink_finish(&out, out_len);
}

int synta_cert_not_before_string(const synta_cert *cert, char *buf, size_t cap, size_t *out_len) {
    return synta_cert_time_rfc3339(synta_cert_not_before(cert), buf, cap, out_len);
}

int synta_cert_not_after_string(const synta_cert *cert, char *buf, size_t cap, size_t *out_len) {
    return synta_cert_time_rfc3339(synta_cert_not_after(cert), buf, cap, out_len);
}

synta_span synta_cert_signature_algorithm(const synta_cert *cert) {
    return cert->raw.algorithmIdentifier.algorithm;
}

const char *synta_cert_signature_algorithm_name(const synta_cert *cert) {
    return synta_algorithm_name(synta_cert_signature_algorithm(cert));
}

synta_span synta_cert_public_key_algorithm(const synta_cert *cert) {
    return cert->raw.toBeSigned.subjectPublicKeyInfo.algorithm.algorithm;
}

const char *synta_cert_public_key_algorithm_name(const synta_cert *cert) {
    return synta_algorithm_name(synta_cert_public_key_algorithm(cert));
}

synta_span synta_cert_public_key(const synta_cert *cert) {
    return cert->raw.toBeSigned.subjectPublicKeyInfo.subjectPublicKey.data;
}

synta_span synta_cert_signature(const synta_cert *cert) { return cert->raw.signature.data; }

synta_span synta_cert_tbs(const synta_cert *cert) { return cert->tbs; }

synta_span synta_cert_der(const synta_cert *cert) { return cert->der; }

/* ---------------------------------------------------------------- extensions */
/* Each of these decodes the list again (nothing is cached in the const synta_cert),
 * as each call of the Rust Certificate::extensions does. */

int synta_cert_extension_count(const synta_cert *cert, size_t *out, synta_error *err) {
    pkix1_explicit_2009_Extensions_CertExtensions list;
    *out = 0;
    if (!decode_extensions(cert, &list, err)) return 0;
    *out = list.count;
    return 1;
}

int synta_cert_extensions_begin(const synta_cert *cert, synta_cert_ext_iter *it, synta_error *err) {
    pkix1_explicit_2009_Extensions_CertExtensions list;
    /* On failure |list| is empty: the iterator then ends at once. */
    int ok = decode_extensions(cert, &list, err);
    pkix1_explicit_2009_Extensions_CertExtensions_iter(&list, &it->it);
    return ok;
}

int synta_cert_extensions_next(synta_cert_ext_iter *it, synta_cert_extension *out) {
    pkix1_explicit_2009_Extension_CertExtensions e;
    if (!pkix1_explicit_2009_Extensions_CertExtensions_next(&it->it, &e)) return 0;
    out->oid = e.extnID;
    out->critical = e.critical;
    out->value = e.extnValue;
    return 1;
}

int synta_cert_find_extension(const synta_cert *cert, const uint8_t *oid, size_t oid_len, int *found,
                              synta_cert_extension *out, synta_error *err) {
    synta_cert_ext_iter it;
    synta_cert_extension e;
    *found = 0;
    if (!synta_cert_extensions_begin(cert, &it, err)) return 0;
    while (synta_cert_extensions_next(&it, &e)) {
        if (synta_span_eq(e.oid, oid, oid_len)) {
            *out = e;
            *found = 1;
            return 1;
        }
    }
    return 1;
}
