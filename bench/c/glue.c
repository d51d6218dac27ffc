/* glue.c - the synta C certificate API behind two functions for the Rust benchmark
 * harness (bench/src/synta_c.rs): parse, and parse + the fields of synta_bench::Fields. */
#include <stdint.h>
#include <string.h>

#include <synta/certificate.h>
#include <synta/synta.h>

/* The fields the benchmark extracts; strings are NUL-terminated, spans borrow the input. */
typedef struct synta_c_fields {
    int version;
    synta_span serial;
    char issuer[4096];
    char subject[4096];
    char sig_alg_oid[256];
    synta_span signature;
    int64_t not_before;
    int64_t not_after;
    char pk_alg_oid[256];
    synta_span public_key;
} synta_c_fields;

int synta_c_bench_parse(const uint8_t *der, size_t len);
int synta_c_bench_fields(const uint8_t *der, size_t len, synta_c_fields *out);

int synta_c_bench_parse(const uint8_t *der, size_t len) {
    synta_cert cert;
    return synta_cert_parse(der, len, &cert, NULL);
}

/* Days from 1970-01-01 (proleptic Gregorian; Howard Hinnant's days_from_civil). */
static int64_t days_from_civil(int64_t y, int64_t m, int64_t d) {
    int64_t era, yoe, mp, doy, doe;
    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    mp = (m + 9) % 12;
    doy = (153 * mp + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static int64_t unix_seconds(const synta_time *t) {
    int64_t s = days_from_civil(t->year, t->month, t->day) * 86400 + (int64_t)t->hour * 3600 +
                (int64_t)t->minute * 60 + t->second;
    return t->tz_kind == 1 ? s - (int64_t)t->tz_offset_minutes * 60 : s;
}

int synta_c_bench_fields(const uint8_t *der, size_t len, synta_c_fields *out) {
    synta_cert cert;
    size_t n;
    if (!synta_cert_parse(der, len, &cert, NULL)) return 0;
    out->version = synta_cert_version(&cert) - 1;
    out->serial = synta_cert_serial(&cert);
    if (!synta_cert_issuer_string(&cert, out->issuer, sizeof out->issuer, &n)) return 0;
    if (!synta_cert_subject_string(&cert, out->subject, sizeof out->subject, &n)) return 0;
    n = synta_oid_format(synta_cert_signature_algorithm(&cert), 0, out->sig_alg_oid, sizeof out->sig_alg_oid);
    if (n == 0 || n >= sizeof out->sig_alg_oid) return 0;
    out->signature = synta_cert_signature(&cert);
    out->not_before = unix_seconds(synta_cert_not_before(&cert));
    out->not_after = unix_seconds(synta_cert_not_after(&cert));
    n = synta_oid_format(synta_cert_public_key_algorithm(&cert), 0, out->pk_alg_oid, sizeof out->pk_alg_oid);
    if (n == 0 || n >= sizeof out->pk_alg_oid) return 0;
    out->public_key = synta_cert_public_key(&cert);
    return 1;
}
