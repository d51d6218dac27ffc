/*
 * test_api - targeted checks of the certificate API: RFC 4514 formatting (escaping,
 * RDN order, multi-valued RDNs, string types, #hex), serial hex, RFC 3339 times,
 * algorithm names and the buffer convention. The expected strings are those of the
 * Rust generated/rust/synta-certificate (name.rs, certificate.rs).
 */
#include <stdio.h>
#include <string.h>

#include <synta/certificate.h>

#include "check.h"

/* A tiny DER writer for short elements (contents < 128 bytes). */
typedef struct buf {
    uint8_t b[512];
    size_t n;
} buf;

static void tlv(buf *out, uint8_t tag, const void *contents, size_t len) {
    out->b[out->n++] = tag;
    out->b[out->n++] = (uint8_t)len;
    memcpy(out->b + out->n, contents, len);
    out->n += len;
}

static void atv(buf *out, const char *oid, size_t oid_len, uint8_t tag, const void *value, size_t value_len) {
    buf inner = {{0}, 0};
    tlv(&inner, 0x06, oid, oid_len);
    tlv(&inner, tag, value, value_len);
    tlv(out, 0x30, inner.b, inner.n);
}

#define CN "\x55\x04\x03", 3
#define C "\x55\x04\x06", 3
#define O "\x55\x04\x0a", 3
#define UID "\x09\x92\x26\x89\x93\xf2\x2c\x64\x01\x01", 10

/* A Name of one RDN holding |atvs|. */
static void name1(buf *name, const buf *atvs) {
    buf set = {{0}, 0};
    tlv(&set, 0x31, atvs->b, atvs->n);
    name->n = 0;
    tlv(name, 0x30, set.b, set.n);
}

static void expect_name(const buf *name, const char *want, int line) {
    char out[512];
    size_t n = 0;
    synta_error err;
    memset(&err, 0, sizeof err);
    if (!synta_name_format(name->b, name->n, out, sizeof out, &n, &err)) {
        char msg[256];
        (void)synta_error_format(&err, msg, sizeof msg);
        fprintf(stderr, "FAIL line %d: name rejected: %s\n", line, msg);
        failures++;
        return;
    }
    if (strcmp(out, want) != 0 || n != strlen(want)) {
        fprintf(stderr, "FAIL line %d: got \"%s\", want \"%s\"\n", line, out, want);
        failures++;
    }
}

static void expect_bad_name(const buf *name, synta_error_kind kind, int line) {
    char out[512];
    size_t n = 0;
    synta_error err;
    memset(&err, 0, sizeof err);
    if (synta_name_format(name->b, name->n, out, sizeof out, &n, &err)) {
        fprintf(stderr, "FAIL line %d: name accepted: \"%s\"\n", line, out);
        failures++;
    } else if (err.kind != kind) {
        fprintf(stderr, "FAIL line %d: error %s, want %s\n", line, synta_error_kind_slug(err.kind),
                synta_error_kind_slug(kind));
        failures++;
    }
}

static void one(const char *oid, size_t oid_len, uint8_t tag, const void *v, size_t vlen, const char *want,
                int line) {
    buf a = {{0}, 0}, name = {{0}, 0};
    atv(&a, oid, oid_len, tag, v, vlen);
    name1(&name, &a);
    expect_name(&name, want, line);
}

static void names(void) {
    buf a = {{0}, 0}, name = {{0}, 0}, s1 = {{0}, 0}, s2 = {{0}, 0}, rdns = {{0}, 0};
    /* Escaping (name.rs tests). */
    one(CN, 0x0c, "#a, b+c ", 8, "CN=\\#a\\, b\\+c\\ ", __LINE__);
    one(CN, 0x0c, " x\"y\\", 5, "CN=\\ x\\\"y\\\\", __LINE__);
    one(CN, 0x0c, "a;b<c>d=e", 9, "CN=a\\;b\\<c\\>d=e", __LINE__);
    one(CN, 0x0c, " ", 1, "CN=\\ ", __LINE__);
    one(CN, 0x0c, "a#b", 3, "CN=a#b", __LINE__);
    one(CN, 0x0c, "a\0b", 3, "CN=a\\00b", __LINE__);
    one(CN, 0x0c, "", 0, "CN=", __LINE__);
    /* String types. */
    one(CN, 0x13, "Org Ltd.", 8, "CN=Org Ltd.", __LINE__);
    one(CN, 0x16, "a@b", 3, "CN=a@b", __LINE__);
    one(CN, 0x1e, "\x00\xe9\x00 ", 4, "CN=\xc3\xa9\\ ", __LINE__);         /* BMPString */
    one(CN, 0x14, "\xe9", 1, "CN=\xc3\xa9", __LINE__);                     /* TeletexString as Latin-1 */
    one(CN, 0x1c, "\x00\x01\xf6\x00", 4, "CN=\xf0\x9f\x98\x80", __LINE__); /* UniversalString */
    one(CN, 0x0c, "Zo\xc3\xab", 4, "CN=Zo\xc3\xab", __LINE__);
    one(C, 0x13, "US", 2, "C=US", __LINE__);
    one(UID, 0x0c, "x", 1, "UID=x", __LINE__);
    /* Unknown types as dotted OIDs; non-string values as #hex of the whole TLV. */
    one("\x2a\x86\x48\x86\xf7\x0d\x01\x09\x01", 9, 0x16, "e@x", 3, "1.2.840.113549.1.9.1=e@x", __LINE__);
    one(CN, 0x02, "\x05", 1, "CN=#020105", __LINE__);
    one(CN, 0x19, "ab", 2, "CN=#19026162", __LINE__); /* GraphicString is not read as text */
    one(CN, 0x80, "ab", 2, "CN=#80026162", __LINE__); /* context-specific */

    /* Bad alphabets. */
    atv(&a, CN, 0x13, "a*b", 3);
    name1(&name, &a);
    expect_bad_name(&name, SYNTA_ERR_INVALID_VALUE, __LINE__);
    a.n = 0;
    atv(&a, CN, 0x0c, "\xc0\x80", 2);
    name1(&name, &a);
    expect_bad_name(&name, SYNTA_ERR_INVALID_VALUE, __LINE__);
    a.n = 0;
    atv(&a, CN, 0x1e, "\xd8\x00", 2);
    name1(&name, &a);
    expect_bad_name(&name, SYNTA_ERR_INVALID_VALUE, __LINE__);

    /* RDNs last first. */
    a.n = 0;
    atv(&a, C, 0x13, "US", 2);
    tlv(&rdns, 0x31, a.b, a.n);
    a.n = 0;
    atv(&a, O, 0x0c, "Org", 3);
    tlv(&rdns, 0x31, a.b, a.n);
    name.n = 0;
    tlv(&name, 0x30, rdns.b, rdns.n);
    expect_name(&name, "O=Org,C=US", __LINE__);

    /* A multi-valued RDN in its (DER) order, and out of order. */
    atv(&s1, CN, 0x0c, "a", 1);
    atv(&s1, UID, 0x0c, "b", 1);
    name1(&name, &s1);
    expect_name(&name, "CN=a+UID=b", __LINE__);
    atv(&s2, UID, 0x0c, "b", 1);
    atv(&s2, CN, 0x0c, "a", 1);
    name1(&name, &s2);
    expect_bad_name(&name, SYNTA_ERR_NON_CANONICAL, __LINE__);

    /* An empty RDN, an RDN that is not a SET, an empty Name. */
    name.n = 0;
    tlv(&name, 0x30, "\x31\x00", 2);
    expect_bad_name(&name, SYNTA_ERR_CONSTRAINT, __LINE__);
    name.n = 0;
    tlv(&name, 0x30, "\x30\x00", 2);
    expect_bad_name(&name, SYNTA_ERR_UNEXPECTED_TAG, __LINE__);
    name.n = 0;
    tlv(&name, 0x30, "", 0);
    expect_name(&name, "", __LINE__);

    /* The buffer convention. */
    {
        char small[4];
        size_t need = 0;
        rdns.n = 0;
        a.n = 0;
        atv(&a, CN, 0x0c, "abcdef", 6);
        name1(&name, &a);
        CHECK(synta_name_format(name.b, name.n, small, sizeof small, &need, NULL) == 0);
        CHECK(need == 9);
        CHECK(strcmp(small, "CN=") == 0);
        CHECK(synta_name_format(name.b, name.n, NULL, 0, &need, NULL) == 0 && need == 9);
    }
}

static void hex(const char *bytes, size_t len, const char *want, int line) {
    char out[64];
    synta_span s;
    size_t n = 0;
    s.data = (const uint8_t *)bytes;
    s.len = len;
    if (!synta_integer_hex(s, out, sizeof out, &n) || strcmp(out, want) != 0 || n != strlen(want)) {
        fprintf(stderr, "FAIL line %d: got \"%s\", want \"%s\"\n", line, out, want);
        failures++;
    }
}

static void serials(void) {
    hex("\x00\x80", 2, "80", __LINE__);
    hex("\x00", 1, "0", __LINE__);
    hex("\x01\x02", 2, "102", __LINE__);
    hex("\xff", 1, "-1", __LINE__);
    hex("\x80", 1, "-80", __LINE__);
    hex("\xff\x00", 2, "-100", __LINE__);
    hex("\xfe\xff", 2, "-101", __LINE__);
    hex("\x0f\xed\xcb", 3, "fedcb", __LINE__);
}

static void times(void) {
    synta_time t;
    char out[64];
    size_t n = 0;
    memset(&t, 0, sizeof t);
    t.year = 2049;
    t.month = 12;
    t.day = 31;
    t.hour = 23;
    t.minute = 59;
    t.second = 58;
    t.has_minute = 1;
    t.has_second = 1;
    CHECK(synta_cert_time_rfc3339(&t, out, sizeof out, &n) && strcmp(out, "2049-12-31T23:59:58Z") == 0 &&
          n == 20);
    t.year = 950;
    t.has_second = 0;
    CHECK(synta_cert_time_rfc3339(&t, out, sizeof out, &n) && strcmp(out, "0950-12-31T23:59:00Z") == 0);
}

static void algorithms(void) {
    synta_span s;
    s.data = (const uint8_t *)"\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0b";
    s.len = 9;
    CHECK(synta_algorithm_name(s) != NULL && strcmp(synta_algorithm_name(s), "sha256WithRSAEncryption") == 0);
    s.data = (const uint8_t *)"\x60\x86\x48\x01\x65\x03\x04\x03\x12";
    CHECK(synta_algorithm_name(s) != NULL && strcmp(synta_algorithm_name(s), "id-ml-dsa-65") == 0);
    s.data = (const uint8_t *)"\x2b\x65\x70";
    s.len = 3;
    CHECK(synta_algorithm_name(s) != NULL && strcmp(synta_algorithm_name(s), "Ed25519") == 0);
    s.data = (const uint8_t *)"\x2b\x65\x72";
    CHECK(synta_algorithm_name(s) == NULL);
}

int main(void) {
    names();
    serials();
    times();
    algorithms();
    if (failures != 0) {
        fprintf(stderr, "%d failures\n", failures);
        return 1;
    }
    printf("ok\n");
    return 0;
}
