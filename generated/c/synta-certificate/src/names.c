/*
 * names.c - static names of signature and public-key algorithms, by OID: the table
 * of generated/rust/synta-certificate/src/algorithms.rs, as OID contents octets.
 */
#include <synta/certificate.h>

static const struct {
    const char *oid;
    size_t len;
    const char *name;
} NAMES[] = {
    {"\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01", 9, "rsaEncryption"},
    {"\x2a\x86\x48\x86\xf7\x0d\x01\x01\x04", 9, "md5WithRSAEncryption"},
    {"\x2a\x86\x48\x86\xf7\x0d\x01\x01\x05", 9, "sha1WithRSAEncryption"},
    {"\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0a", 9, "RSASSA-PSS"},
    {"\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0b", 9, "sha256WithRSAEncryption"},
    {"\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0c", 9, "sha384WithRSAEncryption"},
    {"\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0d", 9, "sha512WithRSAEncryption"},
    {"\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0e", 9, "sha224WithRSAEncryption"},
    {"\x2a\x86\x48\xce\x3d\x02\x01", 7, "id-ecPublicKey"},
    {"\x2a\x86\x48\xce\x3d\x04\x01", 7, "ecdsa-with-SHA1"},
    {"\x2a\x86\x48\xce\x3d\x04\x03\x01", 8, "ecdsa-with-SHA224"},
    {"\x2a\x86\x48\xce\x3d\x04\x03\x02", 8, "ecdsa-with-SHA256"},
    {"\x2a\x86\x48\xce\x3d\x04\x03\x03", 8, "ecdsa-with-SHA384"},
    {"\x2a\x86\x48\xce\x3d\x04\x03\x04", 8, "ecdsa-with-SHA512"},
    {"\x2a\x86\x48\xce\x38\x04\x01", 7, "id-dsa"},
    {"\x2a\x86\x48\xce\x38\x04\x03", 7, "id-dsa-with-sha1"},
    {"\x60\x86\x48\x01\x65\x03\x04\x03\x02", 9, "id-dsa-with-sha256"},
    {"\x2b\x65\x6e", 3, "X25519"},
    {"\x2b\x65\x6f", 3, "X448"},
    {"\x2b\x65\x70", 3, "Ed25519"},
    {"\x2b\x65\x71", 3, "Ed448"},
    {"\x60\x86\x48\x01\x65\x03\x04\x03\x11", 9, "id-ml-dsa-44"},
    {"\x60\x86\x48\x01\x65\x03\x04\x03\x12", 9, "id-ml-dsa-65"},
    {"\x60\x86\x48\x01\x65\x03\x04\x03\x13", 9, "id-ml-dsa-87"},
};

const char *synta_algorithm_name(synta_span oid) {
    size_t i;
    for (i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++) {
        if (synta_span_eq(oid, (const uint8_t *)NAMES[i].oid, NAMES[i].len)) return NAMES[i].name;
    }
    return NULL;
}
