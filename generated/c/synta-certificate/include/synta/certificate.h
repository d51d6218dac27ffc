/*
 * certificate.h - a small reading API for X.509 certificates, on the C code that
 * synta-codegen generates from the RFC 5912 modules (gen/pkix1_explicit_2009.h).
 *
 * Hand-written; the C counterpart of generated/rust/synta-certificate. Its output
 * (RFC 4514 names, serial hex, RFC 3339 times, algorithm names) is byte-identical to
 * the Rust API's, which tests/differential.sh checks on the corpus.
 *
 * Conventions (those of libsynta):
 *   - functions return 1 on success and 0 on failure; outputs come last;
 *   - nothing here allocates: every span points into the caller's DER input, which
 *     must outlive the synta_cert and everything taken from it;
 *   - text goes into caller buffers: |buf| of |cap| bytes receives the text and a
 *     terminating NUL when it fits (the function returns 1); when it does not fit
 *     the function returns 0, writes as much as fits (still NUL-terminated when
 *     |cap| > 0) and |*out_len| (may be NULL) is the length the text needs, without
 *     the NUL, so a second call with |*out_len| + 1 bytes succeeds.
 */
#ifndef SYNTA_CERTIFICATE_H
#define SYNTA_CERTIFICATE_H

#include <stddef.h>
#include <stdint.h>

#include <synta/gen.h>
#include <synta/synta.h>

#include "pkix1_explicit_2009.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * synta_cert: a parsed certificate. |raw| is the generated structure (for
 * everything this API does not cover); |der| the whole encoding and |tbs| the
 * encoding of tbsCertificate (what the signature covers). Issuer, subject and the
 * extension list stay raw in |raw| (as in the Rust API) and are decoded by the
 * functions below when asked for.
 */
typedef struct synta_cert {
    pkix1_explicit_2009_Certificate raw;
    synta_span der;
    synta_span tbs;
} synta_cert;

/* synta_cert_extension: one extension; |oid| and |value| are contents octets (of
 * the extnID OBJECT IDENTIFIER and the extnValue OCTET STRING). */
typedef struct synta_cert_extension {
    synta_span oid;
    int critical;
    synta_span value;
} synta_cert_extension;

/* synta_cert_ext_iter: iterates the extensions of a certificate. It must not move
 * while in use (its cursor points at its own context). */
typedef struct synta_cert_ext_iter {
    synta_list_iter it;
} synta_cert_ext_iter;

/* ------------------------------------------------------------------ parsing */

/*
 * synta_cert_parse parses exactly one DER certificate of |len| bytes at |der| into
 * |*out| (strict DER: every check of the runtime, DEFAULT values absent, no trailing
 * bytes). As in the Rust API (Certificate::from_der), issuer, subject and the
 * extension list stay raw until asked for: synta_cert_issuer_string /
 * subject_string check the names, the extension functions below decode the list
 * (and fail on a malformed one). Of the list, parsing checks what the Rust parse
 * checks: its framing, its tag and that it is not empty (SIZE (1..MAX)). On failure
 * |*err| (may be NULL) holds the first error: kind, absolute byte offset into
 * |der|, field.
 */
SYNTA_MUST_USE int synta_cert_parse(const uint8_t *der, size_t len, synta_cert *out, synta_error *err);

/*
 * synta_cert_check_extensions decodes the extension list (as
 * synta_cert_extensions_begin), then, in list order, the value of the first
 * extension with each of the OIDs the Rust `synta cert` tool decodes (basicConstraints, keyUsage,
 * extKeyUsage, subjectAltName, subjectKeyIdentifier, authorityKeyIdentifier) with
 * the generated decoders, plus what the Rust decoders check beyond them: the
 * pathLenConstraint range, the otherName elements and the directoryName Names of
 * GeneralNames (those of subjectAltName also as synta_name_format writes them).
 * Returns 1 when they all decode; 0 with |*err| (may be NULL; offsets into the
 * certificate, for the values too, as the Rust crate reports them) otherwise.
 */
SYNTA_MUST_USE int synta_cert_check_extensions(const synta_cert *cert, synta_error *err);

/* ---------------------------------------------------------------- accessors */

/* synta_cert_version returns the version as people write it: 1, 2 or 3; 0 for a
 * version number outside v1..v3. */
int synta_cert_version(const synta_cert *cert);

/* synta_cert_serial returns the serial number's minimal two's-complement octets. */
synta_span synta_cert_serial(const synta_cert *cert);

/* synta_cert_serial_hex writes the serial number as lower-case hex without leading
 * zeros ("0" for zero, "-" and the magnitude if negative), as the Rust API does.
 * Buffer convention above. */
int synta_cert_serial_hex(const synta_cert *cert, char *buf, size_t cap, size_t *out_len);

/* synta_cert_issuer_der / synta_cert_subject_der return the DER encoding of the
 * issuer / subject Name. */
synta_span synta_cert_issuer_der(const synta_cert *cert);
synta_span synta_cert_subject_der(const synta_cert *cert);

/* synta_cert_issuer_string / synta_cert_subject_string write the issuer / subject
 * as an RFC 4514 string (see synta_name_format). Buffer convention above. */
int synta_cert_issuer_string(const synta_cert *cert, char *buf, size_t cap, size_t *out_len);
int synta_cert_subject_string(const synta_cert *cert, char *buf, size_t cap, size_t *out_len);

/* synta_cert_not_before / synta_cert_not_after return the validity period's ends
 * (UTCTime years already mapped to 1950..2049). The pointers are into |cert|. */
const synta_time *synta_cert_not_before(const synta_cert *cert);
const synta_time *synta_cert_not_after(const synta_cert *cert);

/* synta_cert_not_before_string / synta_cert_not_after_string write the time in
 * RFC 3339 ("2025-01-02T03:04:05Z", see synta_cert_time_rfc3339). */
int synta_cert_not_before_string(const synta_cert *cert, char *buf, size_t cap, size_t *out_len);
int synta_cert_not_after_string(const synta_cert *cert, char *buf, size_t cap, size_t *out_len);

/* synta_cert_signature_algorithm returns the OID contents octets of the outer
 * signatureAlgorithm; synta_cert_signature_algorithm_name its name (static string,
 * see synta_algorithm_name) or NULL when unknown. */
synta_span synta_cert_signature_algorithm(const synta_cert *cert);
const char *synta_cert_signature_algorithm_name(const synta_cert *cert);

/* synta_cert_public_key_algorithm returns the OID contents octets of
 * subjectPublicKeyInfo.algorithm.algorithm; synta_cert_public_key_algorithm_name its
 * name or NULL. */
synta_span synta_cert_public_key_algorithm(const synta_cert *cert);
const char *synta_cert_public_key_algorithm_name(const synta_cert *cert);

/* synta_cert_public_key returns the subjectPublicKey BIT STRING's data octets (for
 * RSA the RSAPublicKey DER, for EC the point, for EdDSA and ML-DSA the raw key). */
synta_span synta_cert_public_key(const synta_cert *cert);

/* synta_cert_signature returns the signatureValue BIT STRING's data octets. */
synta_span synta_cert_signature(const synta_cert *cert);

/* synta_cert_tbs returns the encoding of tbsCertificate (what the signature covers). */
synta_span synta_cert_tbs(const synta_cert *cert);

/* synta_cert_der returns the whole encoding. */
synta_span synta_cert_der(const synta_cert *cert);

/* ---------------------------------------------------------------- extensions */

/*
 * The extension list is decoded on each call of the functions below (nothing is
 * cached in the synta_cert), as by each call of the Rust Certificate::extensions.
 * A malformed list makes them return 0 with |*err| (may be NULL): kind, absolute
 * byte offset into the certificate, field (innermost, e.g.
 * "Extension_CertExtensions.extnID", where Rust says "extensions[0].extnID").
 * A certificate without extensions (v1/v2) has an empty list.
 */

/* synta_cert_extension_count sets |*out| to the number of extensions. */
SYNTA_MUST_USE int synta_cert_extension_count(const synta_cert *cert, size_t *out, synta_error *err);

/* synta_cert_extensions_begin decodes the list and starts |*it| over it, in order.
 * On failure |*it| is still valid and yields nothing. */
SYNTA_MUST_USE int synta_cert_extensions_begin(const synta_cert *cert, synta_cert_ext_iter *it,
                                               synta_error *err);

/* synta_cert_extensions_next reads the next extension into |*out|; returns 0 after
 * the last one (the list was checked by synta_cert_extensions_begin). */
SYNTA_MUST_USE int synta_cert_extensions_next(synta_cert_ext_iter *it, synta_cert_extension *out);

/* synta_cert_find_extension decodes the list and sets |*found| to whether an
 * extension has an extnID with the contents octets |oid| (|oid_len| bytes), and
 * |*out| to the first such extension. */
SYNTA_MUST_USE int synta_cert_find_extension(const synta_cert *cert, const uint8_t *oid, size_t oid_len,
                                             int *found, synta_cert_extension *out, synta_error *err);

/* ------------------------------------------------------------ free functions */

/*
 * synta_name_format writes the DER encoding of a Name (|len| bytes at |name_der|)
 * as an RFC 4514 string, exactly as the Rust synta_certificate::name::rfc4514:
 * RDNs last first joined by ","; the members of a multi-valued RDN in their
 * encoded order joined by "+"; CN, L, ST, O, OU, C, STREET, DC and UID by their
 * short names and other attribute types as dotted OIDs; UTF8String, PrintableString,
 * IA5String, VisibleString, NumericString, TeletexString (read as Latin-1),
 * BMPString and UniversalString values as UTF-8 text escaped per RFC 4514 2.4
 * ("\" before \ " + , ; < > and a leading # or space or a trailing space, "\00" for
 * NUL); every other value as "#" and the hex of its whole DER encoding.
 * Malformed names (not DER, wrong shapes, SET OF out of order, an empty RDN, a
 * string outside its alphabet) fail with |*err| (may be NULL; offsets relative to
 * |name_der|). Buffer convention above; on a too small buffer |*err| is left alone.
 */
SYNTA_MUST_USE int synta_name_format(const uint8_t *name_der, size_t len, char *buf, size_t cap,
                                     size_t *out_len, synta_error *err);

/* synta_algorithm_name returns the name of a signature or public-key algorithm
 * from its OID contents octets ("sha256WithRSAEncryption", "id-ecPublicKey",
 * "Ed25519", "id-ml-dsa-65"; the table of the Rust algorithm_name), or NULL. */
const char *synta_algorithm_name(synta_span oid);

/* synta_integer_hex writes INTEGER contents |value| (minimal two's complement) as
 * lower-case hex without leading zeros, "-" first when negative, "0" for zero. */
int synta_integer_hex(synta_span value, char *buf, size_t cap, size_t *out_len);

/* synta_cert_time_rfc3339 writes |t| as "YYYY-MM-DDTHH:MM:SSZ" (missing minutes or
 * seconds as 00, fractions left out), as the Rust rfc3339. */
int synta_cert_time_rfc3339(const synta_time *t, char *buf, size_t cap, size_t *out_len);

/* ------------------------------------------- certificates in PKCS #7 and #12 */

/*
 * Certificates out of the two container files certificates travel in: a PKCS #7 /
 * CMS SignedData (a ".p7b" certs-only bundle, RFC 5652) and a PKCS #12 file whose
 * certificate bags are not encrypted (RFC 7292), as the Rust pkcs7_certificates and
 * pkcs12_contents read them. Each is a caller-owned iterator over the caller's
 * input: nothing is allocated or copied, and every certificate comes back as a span
 * of the input (pass it to synta_cert_parse).
 *
 * The containers are read under BER, as the Rust API reads them (indefinite lengths,
 * unsorted SETs; DER input is BER too), with one restriction: libsynta does not join
 * segmented (constructed) OCTET STRINGs without allocating, so a PKCS #12 file whose
 * data contents or certificate values are segmented fails with UNEXPECTED_TAG where
 * the Rust API accepts it. Certificates are returned as encoded; synta_cert_parse
 * then demands DER of each (the Rust API re-encodes a BER certificate to DER first).
 *
 * The structures are decoded by the generated decoders (gen/
 * cryptographic_message_syntax_2009.h, gen/pkcs_12_2009.h). Errors carry the kind,
 * the absolute byte offset into the input and the innermost field, as the other
 * functions of this API; the iterators also say where they were (the part and
 * nesting depth of a PKCS #12 file, the element of a CertificateSet).
 *
 * begin checks the outer structure; next walks the rest one step at a time and
 * reports an error in a later part only when it gets there. To accept a container
 * only when all of it is well formed (as the Rust functions, which read everything
 * first), iterate once to the end, then again to use the certificates.
 */

/* synta_container_status: what a *_next function found. */
typedef enum synta_container_status {
    SYNTA_CONTAINER_ERROR = -1, /* malformed: |*err| says where; every later call too */
    SYNTA_CONTAINER_END = 0,    /* no more certificates */
    SYNTA_CONTAINER_CERT = 1    /* |*cert| is the next certificate */
} synta_container_status;

/* synta_pkcs7_iter: iterates the certificates of a SignedData ContentInfo. It must
 * not move while in use (its cursors point at its context). */
typedef struct synta_pkcs7_iter {
    synta_ctx ctx;
    synta_cbs set;      /* the CertificateSet elements not read yet */
    size_t index;       /* CertificateChoices read so far */
    size_t skipped;     /* of them, alternatives other than certificate */
    synta_error failed; /* the error, once there was one (kind NONE before) */
} synta_pkcs7_iter;

/*
 * synta_pkcs7_begin starts |*it| over the PKCS #7 file of |len| bytes at |data|
 * (which must outlive |*it|): exactly one ContentInfo whose contentType is
 * id-signedData and whose content decodes as a SignedData (the generated decoder
 * checks the whole SignedData, every certificate choice included). Returns 1, or 0
 * with |*err| (may be NULL): "ContentInfo.contentType" (INVALID_VALUE) when the
 * content is not signedData, the generated decoders' fields otherwise. A SignedData
 * without certificates yields none.
 */
SYNTA_MUST_USE int synta_pkcs7_begin(synta_pkcs7_iter *it, const uint8_t *data, size_t len, synta_error *err);

/*
 * synta_pkcs7_next sets |*cert| to the whole encoding of the next certificate of
 * the CertificateSet (the `certificate` alternative of CertificateChoices, in the
 * order of the set) and returns SYNTA_CONTAINER_CERT; the other alternatives
 * (extendedCertificate, attribute certificates, other) are skipped and counted in
 * |it->skipped|. SYNTA_CONTAINER_END after the last one, SYNTA_CONTAINER_ERROR with
 * |*err| (may be NULL) when |*it| failed to begin or the set is malformed.
 */
synta_container_status synta_pkcs7_next(synta_pkcs7_iter *it, synta_span *cert, synta_error *err);

/* SYNTA_PKCS12_MAX_NESTING: the most levels of safeContentsBag inside a SafeContents
 * followed (the Rust MAX_NESTED_SAFE_CONTENTS): a deeper one is an error
 * (UNSUPPORTED, "SafeBag.bagValue"). Files in use nest none. */
#define SYNTA_PKCS12_MAX_NESTING 8

/* synta_pkcs12_iter: iterates the certificates of a PKCS #12 PFX. It must not move
 * while in use (its cursors point at its context). */
typedef struct synta_pkcs12_iter {
    synta_ctx ctx;
    synta_cbs parts;                              /* the AuthenticatedSafe parts not read yet */
    synta_cbs bags[SYNTA_PKCS12_MAX_NESTING + 1]; /* bags[0]: the part's SafeContents; then nested */
    uint32_t depth;                               /* cursors in use in |bags| (0 between parts) */
    size_t part;            /* AuthenticatedSafe parts begun so far (the current one is part - 1) */
    size_t encrypted_parts; /* parts skipped as encryptedData or envelopedData */
    size_t skipped_bags;    /* bags skipped: keys, shrouded keys, CRLs, secrets, other certificate
                               types, bag types RFC 7292 does not define */
    synta_error failed;     /* the error, once there was one (kind NONE before) */
} synta_pkcs12_iter;

/*
 * synta_pkcs12_begin starts |*it| over the PKCS #12 file of |len| bytes at |data|
 * (which must outlive |*it|): exactly one PFX of version 3 (else UNSUPPORTED,
 * "PFX.version"), a macData whose iteration count fits 64 bits (not verified: that
 * needs the password), an authSafe of content type id-data (id-signedData, the
 * public-key integrity mode, is UNSUPPORTED; another type INVALID_VALUE, both
 * "PFX.authSafe") whose OCTET STRING holds an AuthenticatedSafe. Returns 1, or 0
 * with |*err| (may be NULL).
 */
SYNTA_MUST_USE int synta_pkcs12_begin(synta_pkcs12_iter *it, const uint8_t *data, size_t len,
                                      synta_error *err);

/*
 * synta_pkcs12_next sets |*cert| to the next X.509 certificate of the file (the
 * contents of the OCTET STRING of a certBag with certId x509Certificate, a span of
 * the input) and returns SYNTA_CONTAINER_CERT. It walks the AuthenticatedSafe parts
 * in order: a data part's SafeContents bag by bag, following safeContentsBags up to
 * SYNTA_PKCS12_MAX_NESTING levels; encryptedData and envelopedData parts are
 * counted (|it->encrypted_parts|) and skipped, other bags are decoded with the
 * generated open-type decoders (a malformed key bag is an error, as in Rust) and
 * counted (|it->skipped_bags|). Each bag's friendlyName and localKeyId attributes
 * are checked as Rust checks them (BMPString (SIZE (1..255)) and OCTET STRING, one
 * value, once each; "SafeBag.bagAttributes"), not returned. A part of another content type is INVALID_VALUE
 * ("ContentInfo.contentType"). SYNTA_CONTAINER_END after the last certificate, also
 * for a file whose certificates are all encrypted; SYNTA_CONTAINER_ERROR with |*err|
 * (may be NULL) when |*it| failed to begin or the file is malformed.
 */
synta_container_status synta_pkcs12_next(synta_pkcs12_iter *it, synta_span *cert, synta_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SYNTA_CERTIFICATE_H */
