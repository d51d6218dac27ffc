/*
 * test_containers - certificates out of PKCS #7 and PKCS #12 (certificate.h):
 *
 *   test_containers CORPUS_DIR [MUTATIONS]
 *
 * The corpus files give the certificates the Rust API gives (tests/corpus/README.md:
 * the same three in certs_only.p7b.der and unencrypted.p12, each byte-identical to a
 * file of CORPUS_DIR/certs); encrypted.p12 gives none and counts its encrypted part;
 * safeContentsBag nesting is followed to SYNTA_PKCS12_MAX_NESTING levels and no
 * further; bag attributes are checked as in Rust; and every truncation and MUTATIONS
 * (default 2000) mutations of each file end in an error or a valid result, never a
 * crash (run under ASan and valgrind by scripts/test-c). Each input lies in a
 * buffer of exactly its size.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <synta/certificate.h>

#include "check.h"

/* ------------------------------------------------------------------ files */

typedef struct bytes {
    uint8_t *p;
    size_t n;
} bytes;

static bytes read_file(const char *path) {
    bytes b = {NULL, 0};
    FILE *f = fopen(path, "rb");
    long size;
    if (f == NULL) return b;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        b.p = malloc((size_t)size + 1);
        if (b.p != NULL && fread(b.p, 1, (size_t)size, f) == (size_t)size) {
            b.n = (size_t)size;
        } else {
            free(b.p);
            b.p = NULL;
        }
    }
    fclose(f);
    return b;
}

/* Every certificate file under CORPUS_DIR/certs. */
#define MAX_CERTS 512
static bytes corpus_certs[MAX_CERTS];
static size_t corpus_count = 0;

static void load_dir(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    if (d == NULL) return;
    while ((e = readdir(d)) != NULL) {
        char path[4096];
        struct stat st;
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) {
            load_dir(path);
        } else if (corpus_count < MAX_CERTS) {
            bytes b = read_file(path);
            if (b.p != NULL) corpus_certs[corpus_count++] = b;
        }
    }
    closedir(d);
}

static int in_corpus(synta_span s) {
    size_t i;
    for (i = 0; i < corpus_count; i++) {
        if (corpus_certs[i].n == s.len && memcmp(corpus_certs[i].p, s.data, s.len) == 0) return 1;
    }
    return 0;
}

/* ----------------------------------------------------------- draining */

/* What one walk over a container found. */
typedef struct walk {
    int begun;
    synta_container_status last;
    size_t certs;
    synta_span cert[16];
    synta_error err;
    size_t encrypted_parts, skipped;
} walk;

/* Every returned span must lie inside the input; each is parsed too (its result
 * does not matter, its memory accesses do). */
static void check_span(const uint8_t *data, size_t len, synta_span s) {
    synta_cert cert;
    synta_error err;
    CHECK(s.data >= data && s.len <= len && (size_t)(s.data - data) <= len - s.len);
    if (synta_cert_parse(s.data, s.len, &cert, &err)) {
        char buf[256];
        size_t n;
        (void)synta_cert_subject_string(&cert, buf, sizeof buf, &n);
        if (!synta_cert_check_extensions(&cert, &err)) CHECK(err.kind != SYNTA_ERR_NONE);
    }
}

static walk walk_pkcs7(const uint8_t *data, size_t len) {
    walk w;
    synta_pkcs7_iter it;
    synta_span s;
    memset(&w, 0, sizeof w);
    w.begun = synta_pkcs7_begin(&it, data, len, &w.err);
    while ((w.last = synta_pkcs7_next(&it, &s, &w.err)) == SYNTA_CONTAINER_CERT) {
        check_span(data, len, s);
        if (w.certs < 16) w.cert[w.certs] = s;
        w.certs++;
    }
    /* An iterator that ended stays ended. */
    CHECK(synta_pkcs7_next(&it, &s, NULL) == w.last);
    w.skipped = it.skipped;
    return w;
}

static walk walk_pkcs12(const uint8_t *data, size_t len) {
    walk w;
    synta_pkcs12_iter it;
    synta_span s;
    memset(&w, 0, sizeof w);
    w.begun = synta_pkcs12_begin(&it, data, len, &w.err);
    while ((w.last = synta_pkcs12_next(&it, &s, &w.err)) == SYNTA_CONTAINER_CERT) {
        check_span(data, len, s);
        if (w.certs < 16) w.cert[w.certs] = s;
        w.certs++;
    }
    CHECK(synta_pkcs12_next(&it, &s, NULL) == w.last);
    w.encrypted_parts = it.encrypted_parts;
    w.skipped = it.skipped_bags;
    return w;
}

/* ---------------------------------------------------------- the corpus */

static void check_corpus(const bytes *p7, const bytes *p12, const bytes *enc) {
    walk a = walk_pkcs7(p7->p, p7->n), b = walk_pkcs12(p12->p, p12->n), c = walk_pkcs12(enc->p, enc->n);
    size_t i, j;
    CHECK(a.begun && a.last == SYNTA_CONTAINER_END && a.certs == 3 && a.skipped == 0);
    CHECK(b.begun && b.last == SYNTA_CONTAINER_END && b.certs == 3);
    CHECK(b.encrypted_parts == 0 && b.skipped == 1); /* the keyBag */
    for (i = 0; i < a.certs && i < 16; i++) CHECK(in_corpus(a.cert[i]));
    for (i = 0; i < b.certs && i < 16; i++) {
        int same = 0;
        CHECK(in_corpus(b.cert[i]));
        for (j = 0; j < a.certs && j < 16; j++) {
            same |=
                a.cert[j].len == b.cert[i].len && memcmp(a.cert[j].data, b.cert[i].data, a.cert[j].len) == 0;
        }
        CHECK(same); /* the same three certificates in both files */
    }
    /* encrypted.p12: the certificates are in the encrypted part, the shrouded key
     * in a data part: no certificate, no error. */
    CHECK(c.begun && c.last == SYNTA_CONTAINER_END && c.certs == 0);
    CHECK(c.encrypted_parts == 1 && c.skipped == 1);

    /* Each reader refuses the other's file, at the content type. */
    a = walk_pkcs7(p12->p, p12->n);
    CHECK(!a.begun && a.last == SYNTA_CONTAINER_ERROR);
    b = walk_pkcs12(p7->p, p7->n);
    CHECK(!b.begun && b.last == SYNTA_CONTAINER_ERROR);
    CHECK(b.err.kind != SYNTA_ERR_NONE);
}

/* ---------------------------------------------------- built containers */

/* |tag| and a minimal definite length around |in| (freed). */
static bytes wrap(uint8_t tag, bytes in) {
    bytes out;
    size_t hl = in.n < 0x80 ? 2 : in.n < 0x100 ? 3 : in.n < 0x10000 ? 4 : 5, i;
    out.n = hl + in.n;
    out.p = malloc(out.n);
    out.p[0] = tag;
    if (hl == 2) {
        out.p[1] = (uint8_t)in.n;
    } else {
        out.p[1] = (uint8_t)(0x80 + hl - 2);
        for (i = 0; i < hl - 2; i++) out.p[2 + i] = (uint8_t)(in.n >> (8 * (hl - 3 - i)));
    }
    memcpy(out.p + hl, in.p, in.n);
    free(in.p);
    return out;
}

/* |a| then |b| (both freed). */
static bytes cat(bytes a, bytes b) {
    bytes out;
    out.n = a.n + b.n;
    out.p = malloc(out.n);
    memcpy(out.p, a.p, a.n);
    memcpy(out.p + a.n, b.p, b.n);
    free(a.p);
    free(b.p);
    return out;
}

static bytes raw(const void *p, size_t n) {
    bytes out;
    out.n = n;
    out.p = malloc(n > 0 ? n : 1);
    memcpy(out.p, p, n);
    return out;
}

#define OID(s) wrap(0x06, raw(s, sizeof(s) - 1))
#define PKCS9_X509 "\x2a\x86\x48\x86\xf7\x0d\x01\x09\x16\x01"
#define BAG_CERT "\x2a\x86\x48\x86\xf7\x0d\x01\x0c\x0a\x01\x03"
#define BAG_SAFE_CONTENTS "\x2a\x86\x48\x86\xf7\x0d\x01\x0c\x0a\x01\x06"
#define ID_DATA "\x2a\x86\x48\x86\xf7\x0d\x01\x07\x01"
#define ID_SIGNED_DATA "\x2a\x86\x48\x86\xf7\x0d\x01\x07\x02"

/* A PFX whose one data part holds |cert| in a certBag with the attributes |attrs|
 * (none when |attrs.n| is 0; freed) under |nesting| levels of safeContentsBag. */
static bytes attr_pfx(synta_span cert, int nesting, bytes attrs) {
    bytes cert_bag = wrap(0x30, cat(OID(PKCS9_X509), wrap(0xa0, wrap(0x04, raw(cert.data, cert.len)))));
    bytes bag = cat(OID(BAG_CERT), wrap(0xa0, cert_bag));
    bytes sc;
    bytes auth_safe;
    int i;
    if (attrs.n > 0) {
        bag = cat(bag, wrap(0x31, attrs));
    } else {
        free(attrs.p);
    }
    sc = wrap(0x30, wrap(0x30, bag));
    for (i = 0; i < nesting; i++) sc = wrap(0x30, wrap(0x30, cat(OID(BAG_SAFE_CONTENTS), wrap(0xa0, sc))));
    auth_safe = wrap(0x30, wrap(0x30, cat(OID(ID_DATA), wrap(0xa0, wrap(0x04, sc)))));
    return wrap(
        0x30, cat(raw("\x02\x01\x03", 3), wrap(0x30, cat(OID(ID_DATA), wrap(0xa0, wrap(0x04, auth_safe))))));
}

static bytes nested_pfx(synta_span cert, int nesting) { return attr_pfx(cert, nesting, raw("", 0)); }

#define FRIENDLY_NAME "\x2a\x86\x48\x86\xf7\x0d\x01\x09\x14"
#define LOCAL_KEY_ID "\x2a\x86\x48\x86\xf7\x0d\x01\x09\x15"

/* friendlyName and localKeyId: single-valued, once each, of their types. */
static void check_attributes(synta_span cert) {
    bytes name = wrap(0x30, cat(OID(FRIENDLY_NAME), wrap(0x31, wrap(0x1e, raw("\0a", 2)))));
    bytes key_id = wrap(0x30, cat(OID(LOCAL_KEY_ID), wrap(0x31, wrap(0x04, raw("\1", 1)))));
    bytes two_values = wrap(
        0x30, cat(OID(LOCAL_KEY_ID), wrap(0x31, cat(wrap(0x04, raw("\1", 1)), wrap(0x04, raw("\2", 1))))));
    bytes not_bmp = wrap(0x30, cat(OID(FRIENDLY_NAME), wrap(0x31, wrap(0x0c, raw("a", 1)))));
    bytes empty_name = wrap(0x30, cat(OID(FRIENDLY_NAME), wrap(0x31, wrap(0x1e, raw("", 0)))));
    bytes cases[5];
    const synta_error_kind want[5] = {SYNTA_ERR_NONE, SYNTA_ERR_INVALID_VALUE, SYNTA_ERR_INVALID_VALUE,
                                      SYNTA_ERR_UNEXPECTED_TAG, SYNTA_ERR_CONSTRAINT};
    int i;
    cases[0] = cat(raw(name.p, name.n), raw(key_id.p, key_id.n));
    cases[1] = cat(raw(name.p, name.n), raw(name.p, name.n));
    cases[2] = two_values;
    cases[3] = not_bmp;
    cases[4] = empty_name;
    for (i = 0; i < 5; i++) {
        bytes pfx = attr_pfx(cert, 0, cases[i]);
        walk w = walk_pkcs12(pfx.p, pfx.n);
        if (want[i] == SYNTA_ERR_NONE) {
            CHECK(w.last == SYNTA_CONTAINER_END && w.certs == 1);
        } else {
            CHECK(w.last == SYNTA_CONTAINER_ERROR && w.certs == 0 && w.err.kind == want[i]);
            CHECK(w.err.field != NULL && strcmp(w.err.field, "SafeBag.bagAttributes") == 0);
        }
        free(pfx.p);
    }
    free(name.p);
    free(key_id.p);
}

static void check_nesting(synta_span cert) {
    int n;
    for (n = 0; n <= SYNTA_PKCS12_MAX_NESTING + 1; n++) {
        bytes pfx = nested_pfx(cert, n);
        walk w = walk_pkcs12(pfx.p, pfx.n);
        if (n <= SYNTA_PKCS12_MAX_NESTING) {
            CHECK(w.begun && w.last == SYNTA_CONTAINER_END && w.certs == 1);
            CHECK(w.certs == 1 && w.cert[0].len == cert.len &&
                  memcmp(w.cert[0].data, cert.data, cert.len) == 0);
        } else {
            CHECK(w.begun && w.last == SYNTA_CONTAINER_ERROR && w.certs == 0);
            CHECK(w.err.kind == SYNTA_ERR_UNSUPPORTED);
            CHECK(w.err.field != NULL && strcmp(w.err.field, "SafeBag.bagValue") == 0);
            CHECK(w.err.offset > 0 && w.err.offset < pfx.n);
        }
        free(pfx.p);
    }
}

static void check_built(synta_span cert) {
    /* A ContentInfo of another type than signedData. */
    bytes info = wrap(0x30, cat(OID(ID_DATA), wrap(0xa0, wrap(0x04, raw("x", 1)))));
    walk w = walk_pkcs7(info.p, info.n);
    CHECK(!w.begun && w.err.kind == SYNTA_ERR_INVALID_VALUE);
    CHECK(w.err.field != NULL && strcmp(w.err.field, "ContentInfo.contentType") == 0);
    CHECK(w.err.offset == 4); /* the OID's contents */
    free(info.p);
    /* A PFX in public-key integrity mode. */
    info = wrap(0x30, cat(raw("\x02\x01\x03", 3),
                          wrap(0x30, cat(OID(ID_SIGNED_DATA), wrap(0xa0, wrap(0x30, raw("", 0)))))));
    w = walk_pkcs12(info.p, info.n);
    CHECK(!w.begun && w.err.kind == SYNTA_ERR_UNSUPPORTED);
    free(info.p);
    /* Version 2. */
    info = nested_pfx(cert, 0);
    info.p[info.n < 0x10000 ? 6 : 7] = 2;
    w = walk_pkcs12(info.p, info.n);
    CHECK(!w.begun && w.err.kind == SYNTA_ERR_UNSUPPORTED);
    CHECK(w.err.field != NULL && strcmp(w.err.field, "PFX.version") == 0);
    free(info.p);
}

/* ------------------------------------------------ truncation, mutation */

static walk walk_copy(const uint8_t *data, size_t len, int pkcs12) {
    /* Exactly |len| bytes on the heap, so that ASan and valgrind see an overread. */
    uint8_t *copy = malloc(len > 0 ? len : 1);
    walk w;
    memcpy(copy, data, len);
    w = pkcs12 ? walk_pkcs12(copy, len) : walk_pkcs7(copy, len);
    free(copy);
    return w;
}

static void check_truncations(const bytes *b, int pkcs12) {
    size_t n;
    for (n = 0; n < b->n; n++) {
        walk w = walk_copy(b->p, n, pkcs12);
        if (w.last != SYNTA_CONTAINER_ERROR) {
            fprintf(stderr, "FAIL truncation to %zu bytes accepted\n", n);
            failures++;
            return;
        }
    }
}

/* SplitMix64. */
static uint64_t rng_state = 1;
static uint64_t rng(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static size_t accepted = 0, rejected = 0;

static void check_mutations(const bytes *b, size_t count) {
    static const uint8_t BOUNDARY[] = {0x00, 0x01, 0x7f, 0x80, 0x81, 0x82, 0xff, 0x30, 0xa0, 0x04};
    uint8_t *buf = malloc(b->n + 8);
    size_t i;
    for (i = 0; i < count; i++) {
        size_t n = b->n, k, edits = 1 + (size_t)(rng() % 3);
        memcpy(buf, b->p, n);
        for (k = 0; k < edits && n > 0; k++) {
            size_t at = (size_t)(rng() % n);
            switch (rng() % 6) {
                case 0:
                    buf[at] ^= (uint8_t)(1u << (rng() % 8));
                    break;
                case 1:
                    buf[at] = BOUNDARY[rng() % sizeof BOUNDARY];
                    break;
                case 2:
                    buf[at] = (uint8_t)rng();
                    break;
                case 3: /* insert */
                    if (n < b->n + 8) {
                        memmove(buf + at + 1, buf + at, n - at);
                        buf[at] = BOUNDARY[rng() % sizeof BOUNDARY];
                        n++;
                    }
                    break;
                case 4: /* delete */
                    memmove(buf + at, buf + at + 1, n - at - 1);
                    n--;
                    break;
                default: /* truncate */
                    n = at;
            }
        }
        {
            walk p7 = walk_copy(buf, n, 0), p12 = walk_copy(buf, n, 1);
            if (p7.last == SYNTA_CONTAINER_ERROR) CHECK(p7.err.kind != SYNTA_ERR_NONE && p7.err.offset <= n);
            if (p12.last == SYNTA_CONTAINER_ERROR)
                CHECK(p12.err.kind != SYNTA_ERR_NONE && p12.err.offset <= n);
            if (p7.last == SYNTA_CONTAINER_END || p12.last == SYNTA_CONTAINER_END) {
                accepted++;
            } else {
                rejected++;
            }
        }
    }
    free(buf);
}

int main(int argc, char **argv) {
    char path[4096];
    bytes p7, p12, enc;
    size_t count = argc > 2 ? (size_t)strtoul(argv[2], NULL, 10) : 2000, i;
    if (argc < 2) {
        fprintf(stderr, "usage: test_containers CORPUS_DIR [MUTATIONS]\n");
        return 2;
    }
    snprintf(path, sizeof path, "%s/certs", argv[1]);
    load_dir(path);
    snprintf(path, sizeof path, "%s/pkcs7/certs_only.p7b.der", argv[1]);
    p7 = read_file(path);
    snprintf(path, sizeof path, "%s/pkcs12/unencrypted.p12", argv[1]);
    p12 = read_file(path);
    snprintf(path, sizeof path, "%s/pkcs12/encrypted.p12", argv[1]);
    enc = read_file(path);
    if (corpus_count == 0 || p7.p == NULL || p12.p == NULL || enc.p == NULL) {
        fprintf(stderr, "test_containers: cannot read the corpus under %s\n", argv[1]);
        return 1;
    }

    check_corpus(&p7, &p12, &enc);
    {
        walk w = walk_pkcs12(p12.p, p12.n);
        if (w.certs > 0) {
            check_nesting(w.cert[0]);
            check_attributes(w.cert[0]);
            check_built(w.cert[0]);
        }
    }
    check_truncations(&p7, 0);
    check_truncations(&p12, 1);
    check_truncations(&enc, 1);
    check_mutations(&p7, count);
    check_mutations(&p12, count);
    check_mutations(&enc, count);

    printf("test_containers: %zu mutated inputs accepted, %zu rejected\n", accepted, rejected);
    for (i = 0; i < corpus_count; i++) free(corpus_certs[i].p);
    free(p7.p);
    free(p12.p);
    free(enc.p);
    if (failures > 0) {
        fprintf(stderr, "test_containers: %d failures\n", failures);
        return 1;
    }
    printf("test_containers: ok\n");
    return 0;
}
