/*
 * test_extensions - the extension list is kept raw by synta_cert_parse and decoded
 * by the extension functions, with the errors of the Rust API (kind and absolute
 * offset; the Rust `synta cert` reports the same on these inputs).
 *
 *   test_extensions CORPUS_DIR      (tests/corpus of the repository)
 *
 * Each case takes a corpus certificate, replaces its extension list with a crafted
 * one (the generated encoder writes the raw list as it is) and parses the result.
 * One more case: the issuer, also kept raw, still has its tag checked at parse time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <synta/certificate.h>

#include "check.h"

static uint8_t *read_file(const char *path, size_t *out_len) {
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    long n;
    if (f == NULL) return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)n);
        if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
        *out_len = (size_t)n;
    }
    fclose(f);
    return buf;
}

/* The certificate |base| with the extension list |list| (a whole SEQUENCE element of
 * |list_len| < 126 octets, so that its [3] header is 2 octets), malloc'ed. */
static uint8_t *with_extensions(const synta_cert *base, const char *list, size_t list_len, size_t *out_len) {
    pkix1_explicit_2009_Certificate raw = base->raw;
    synta_cbb cbb;
    uint8_t *out = NULL;
    raw.toBeSigned.has_extensions = 1;
    raw.toBeSigned.extensions.data = (const uint8_t *)list;
    raw.toBeSigned.extensions.len = list_len;
    if (!synta_cbb_init(&cbb, base->der.len + list_len) ||
        !pkix1_explicit_2009_Certificate_encode(&cbb, PKIX1_EXPLICIT_2009_CERTIFICATE_TAG, &raw) ||
        !synta_cbb_finish(&cbb, &out, out_len)) {
        synta_cbb_cleanup(&cbb);
        return NULL;
    }
    return out;
}

/* Where the list lies in |der|: the offset of its SEQUENCE (the [3] header is 2
 * octets before it). Found as the last occurrence of |list|, which ends the TBS. */
static size_t list_offset(const uint8_t *der, size_t len, const char *list, size_t list_len) {
    size_t i = len - list_len;
    while (i > 0 && memcmp(der + i, list, list_len) != 0) i--;
    return i;
}

static int same_error(const synta_error *err, synta_error_kind kind, size_t offset, const char *field) {
    return err->kind == kind && err->offset == offset && err->field != NULL && strcmp(err->field, field) == 0;
}

#define LIST(s) s, sizeof s - 1

static const uint8_t SKI[] = {0x55, 0x1d, 0x0e};
static const uint8_t KU[] = {0x55, 0x1d, 0x0f};

/* An empty list breaks SIZE (1..MAX) at parse time, at the [3] element. */
static void empty_list(const synta_cert *base) {
    size_t len = 0, at;
    uint8_t *der = with_extensions(base, LIST("\x30\x00"), &len);
    synta_cert cert;
    synta_error err;
    memset(&err, 0, sizeof err);
    CHECK(der != NULL);
    if (der == NULL) return;
    at = list_offset(der, len, LIST("\xa3\x02\x30\x00"));
    CHECK(!synta_cert_parse(der, len, &cert, &err));
    CHECK(same_error(&err, SYNTA_ERR_CONSTRAINT, at, "TBSCertificate.extensions"));
    free(der);
}

/* A list whose elements are malformed parses; the extension functions fail. */
static void bad_element(const synta_cert *base, const char *list, size_t list_len, size_t error_at,
                        synta_error_kind kind, const char *field) {
    size_t len = 0, at, count = 99;
    uint8_t *der = with_extensions(base, list, list_len, &len);
    synta_cert cert;
    synta_error err;
    synta_cert_ext_iter it;
    synta_cert_extension e;
    int found = 1;
    CHECK(der != NULL);
    if (der == NULL) return;
    at = list_offset(der, len, list, list_len);
    CHECK(synta_cert_parse(der, len, &cert, NULL));
    memset(&err, 0, sizeof err);
    CHECK(!synta_cert_extensions_begin(&cert, &it, &err));
    CHECK(same_error(&err, kind, at + error_at, field));
    CHECK(!synta_cert_extensions_next(&it, &e));
    memset(&err, 0, sizeof err);
    CHECK(!synta_cert_extension_count(&cert, &count, &err) && count == 0);
    CHECK(same_error(&err, kind, at + error_at, field));
    memset(&err, 0, sizeof err);
    CHECK(!synta_cert_find_extension(&cert, SKI, sizeof SKI, &found, &e, &err) && !found);
    CHECK(same_error(&err, kind, at + error_at, field));
    memset(&err, 0, sizeof err);
    CHECK(!synta_cert_check_extensions(&cert, &err));
    CHECK(same_error(&err, kind, at + error_at, field));
    free(der);
}

/* A good list of two: count, iteration and lookup. */
static void good_list(const synta_cert *base) {
    static const char list[] =
        "\x30\x1a"
        "\x30\x09\x06\x03\x55\x1d\x0e\x04\x02\x04\x00"                  /* SKI, empty */
        "\x30\x0d\x06\x03\x2a\x03\x04\x01\x01\xff\x04\x03\x02\x01\x05"; /* 1.2.3.4 */
    size_t len = 0, count = 0, n = 0;
    uint8_t *der = with_extensions(base, LIST(list), &len);
    synta_cert cert;
    synta_cert_ext_iter it;
    synta_cert_extension e;
    int found = 0;
    CHECK(der != NULL);
    if (der == NULL) return;
    CHECK(synta_cert_parse(der, len, &cert, NULL));
    CHECK(synta_cert_extension_count(&cert, &count, NULL) && count == 2);
    CHECK(synta_cert_extensions_begin(&cert, &it, NULL));
    while (synta_cert_extensions_next(&it, &e)) n += e.critical ? 10 : 1;
    CHECK(n == 11);
    CHECK(synta_cert_find_extension(&cert, SKI, sizeof SKI, &found, &e, NULL) && found && e.value.len == 2);
    CHECK(synta_cert_find_extension(&cert, KU, sizeof KU, &found, &e, NULL) && !found);
    CHECK(synta_cert_check_extensions(&cert, NULL));
    free(der);
}

/* An issuer that is no Name (an INTEGER) fails at parse time, at the issuer, as the
 * Rust Lazy checks the tag (once the element is framed). */
static void issuer_not_a_name(const synta_cert *base) {
    pkix1_explicit_2009_Certificate raw = base->raw;
    synta_cbb cbb;
    uint8_t *der = NULL;
    size_t len = 0, at;
    synta_cert cert;
    synta_error err;
    raw.toBeSigned.issuer.data = (const uint8_t *)"\x02\x01\x07";
    raw.toBeSigned.issuer.len = 3;
    CHECK(synta_cbb_init(&cbb, base->der.len) &&
          pkix1_explicit_2009_Certificate_encode(&cbb, PKIX1_EXPLICIT_2009_CERTIFICATE_TAG, &raw) &&
          synta_cbb_finish(&cbb, &der, &len));
    if (der == NULL) {
        synta_cbb_cleanup(&cbb);
        return;
    }
    /* The issuer follows the signature AlgorithmIdentifier, which is unchanged. */
    at = (size_t)(base->raw.toBeSigned.issuer.data - base->der.data);
    CHECK(der[at] == 0x02);
    memset(&err, 0, sizeof err);
    CHECK(!synta_cert_parse(der, len, &cert, &err));
    CHECK(same_error(&err, SYNTA_ERR_UNEXPECTED_TAG, at, "TBSCertificate.issuer"));
    free(der);
}

int main(int argc, char **argv) {
    char path[4096];
    size_t len = 0;
    uint8_t *der;
    synta_cert base;
    if (argc != 2) {
        fprintf(stderr, "usage: test_extensions CORPUS_DIR\n");
        return 2;
    }
    /* Any certificate will do: its extension list is replaced. */
    if (snprintf(path, sizeof path, "%s/certs/generated/06d3cee1b7743508.der", argv[1]) >= (int)sizeof path ||
        (der = read_file(path, &len)) == NULL || !synta_cert_parse(der, len, &base, NULL)) {
        fprintf(stderr, "test_extensions: cannot read %s\n", path);
        return 2;
    }
    empty_list(&base);
    /* The element is not a SEQUENCE: at the element. */
    bad_element(&base, LIST("\x30\x03\x02\x01\x01"), 2, SYNTA_ERR_UNEXPECTED_TAG, "Extension_CertExtensions");
    /* The second extnID has a sub-identifier with a leading 0x80: at its contents. */
    bad_element(&base,
                LIST("\x30\x12\x30\x09\x06\x03\x55\x1d\x0e\x04\x02\x04\x00\x30\x05\x06\x01\x80\x04\x00"), 17,
                SYNTA_ERR_NON_CANONICAL, "Extension_CertExtensions.extnID");
    /* critical FALSE written out (a DEFAULT value): at the BOOLEAN. */
    bad_element(&base, LIST("\x30\x0e\x30\x0c\x06\x03\x55\x1d\x0e\x01\x01\x00\x04\x02\x04\x00"), 9,
                SYNTA_ERR_NON_CANONICAL, "Extension_CertExtensions.critical");
    good_list(&base);
    issuer_not_a_name(&base);
    free(der);
    if (failures != 0) {
        fprintf(stderr, "%d failures\n", failures);
        return 1;
    }
    printf("extension list: lazy decoding and its errors as in Rust\n");
    return 0;
}
