/*
 * test_corpus - the certificate corpus through the C API.
 *
 *   test_corpus CORPUS_DIR      (tests/corpus of the repository)
 *
 * Every file under CORPUS_DIR/certs/ (recursively) must parse with
 * synta_cert_parse, pass synta_cert_check_extensions, format its names, and give the
 * same bytes back when the generated Certificate structure is encoded again. Every
 * file listed in CORPUS_DIR/malformed/index.tsv (and every other file of that
 * folder) must be rejected by synta_cert_parse or by the decoding of a part it keeps
 * raw (names, extensions), as the Rust corpus test rejects them.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <synta/certificate.h>

static int failures = 0;
static int certs_ok = 0;
static int rejected_ok = 0;

static int read_file(const char *path, uint8_t **out, size_t *out_len) {
    FILE *f = fopen(path, "rb");
    long n;
    uint8_t *buf;
    if (f == NULL) return 0;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return 0;
    }
    buf = malloc((size_t)n + 1);
    if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        fclose(f);
        return 0;
    }
    fclose(f);
    *out = buf;
    *out_len = (size_t)n;
    return 1;
}

static void fail(const char *path, const char *what, const synta_error *err) {
    char msg[512] = "";
    if (err != NULL) (void)synta_error_format(err, msg, sizeof msg);
    fprintf(stderr, "FAIL %s: %s %s\n", path, what, msg);
    failures++;
}

static void check_certificate(const char *path) {
    uint8_t *der = NULL, *again = NULL;
    size_t len = 0, again_len = 0, need = 0, count = 0, listed = 0;
    synta_cert cert;
    synta_error err;
    synta_cbb cbb;
    synta_cert_ext_iter it;
    synta_cert_extension ext;
    char text[4096];
    int before = failures;
    memset(&err, 0, sizeof err);
    if (!read_file(path, &der, &len)) {
        fail(path, "cannot read", NULL);
        return;
    }
    if (!synta_cert_parse(der, len, &cert, &err)) {
        fail(path, "does not parse:", &err);
        free(der);
        return;
    }
    if (!synta_cert_check_extensions(&cert, &err)) fail(path, "extension values:", &err);
    if (!synta_cert_issuer_string(&cert, text, sizeof text, &need)) fail(path, "issuer string", NULL);
    if (!synta_cert_subject_string(&cert, text, sizeof text, &need)) fail(path, "subject string", NULL);
    if (synta_cert_version(&cert) < 1) fail(path, "version", NULL);
    if (synta_cert_tbs(&cert).data != der + (der[1] & 0x80 ? 2 + (der[1] & 0x7F) : 2))
        fail(path, "tbs span", NULL);
    if (!synta_cert_extensions_begin(&cert, &it, &err)) fail(path, "extension list:", &err);
    while (synta_cert_extensions_next(&it, &ext)) count++;
    if (!synta_cert_extension_count(&cert, &listed, &err) || count != listed)
        fail(path, "extension count", NULL);

    /* The round-trip oracle: the generated structure encodes to the same bytes. */
    if (!synta_cbb_init(&cbb, len)) {
        fail(path, "cbb init", NULL);
    } else if (!pkix1_explicit_2009_Certificate_encode(&cbb, PKIX1_EXPLICIT_2009_CERTIFICATE_TAG,
                                                       &cert.raw) ||
               !synta_cbb_finish(&cbb, &again, &again_len)) {
        synta_cbb_cleanup(&cbb);
        fail(path, "does not encode", NULL);
    } else {
        if (again_len != len || memcmp(again, der, len) != 0) fail(path, "re-encoding differs", NULL);
        free(again);
    }
    if (failures == before) certs_ok++;
    free(der);
}

static int is_dir(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Calls |fn| on every regular file under |dir|, recursively, in name order. */
static void walk(const char *dir, void (*fn)(const char *)) {
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t n = 0, cap = 0, i;
    char **list = NULL;
    if (d == NULL) {
        fail(dir, "cannot open directory", NULL);
        return;
    }
    while ((e = readdir(d)) != NULL) {
        size_t len;
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap == 0 ? 64 : cap * 2;
            list = realloc(list, cap * sizeof *list);
            if (list == NULL) abort();
        }
        len = strlen(dir) + strlen(e->d_name) + 2;
        list[n] = malloc(len);
        if (list[n] == NULL) abort();
        snprintf(list[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    for (i = 0; i < n; i++) {
        size_t k;
        for (k = i + 1; k < n; k++) {
            if (strcmp(list[k], list[i]) < 0) {
                char *t = list[i];
                list[i] = list[k];
                list[k] = t;
            }
        }
    }
    for (i = 0; i < n; i++) {
        if (is_dir(list[i]))
            walk(list[i], fn);
        else
            fn(list[i]);
        free(list[i]);
    }
    free(list);
}

/* What the Rust corpus test checks of a malformed file (Certificate::validate), for
 * the parts parsing leaves raw: the names (formatted), the extension list and the
 * values synta_cert_check_extensions decodes; 0 with |*err| when one is malformed. */
static int validate(const synta_cert *cert, synta_error *err) {
    char buf[8192];
    size_t n;
    return synta_cert_issuer_string(cert, buf, sizeof buf, &n) &&
           synta_cert_subject_string(cert, buf, sizeof buf, &n) && synta_cert_check_extensions(cert, err);
}

static void check_malformed(const char *path) {
    uint8_t *der = NULL;
    size_t len = 0;
    synta_cert cert;
    synta_error err;
    const char *base = strrchr(path, '/');
    base = base == NULL ? path : base + 1;
    if (strstr(base, ".tsv") != NULL) return;
    memset(&err, 0, sizeof err);
    if (!read_file(path, &der, &len)) {
        fail(path, "cannot read", NULL);
        return;
    }
    /* Rejected when parsing fails or, as for the Rust `synta cert`, when a part kept
     * raw (names, extensions) does not decode. */
    if (synta_cert_parse(der, len, &cert, &err) && validate(&cert, &err)) {
        fail(path, "accepted, but it is malformed", NULL);
    } else {
        char msg[512];
        (void)synta_error_format(&err, msg, sizeof msg);
        printf("rejected %-40s %s\n", base, msg);
        rejected_ok++;
    }
    free(der);
}

/* Every file named in malformed/index.tsv must exist (the walk checks them all). */
static int check_index(const char *malformed_dir) {
    char path[4096], line[4096];
    FILE *f;
    int listed = 0, first = 1;
    if (snprintf(path, sizeof path, "%s/index.tsv", malformed_dir) >= (int)sizeof path) return 0;
    f = fopen(path, "r");
    if (f == NULL) {
        fail(path, "cannot read", NULL);
        return 0;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        char *tab = strchr(line, '\t');
        char file[8200];
        struct stat st;
        if (first) { /* header */
            first = 0;
            continue;
        }
        if (tab == NULL) continue;
        *tab = '\0';
        if (snprintf(file, sizeof file, "%s/%s", malformed_dir, line) >= (int)sizeof file) {
            fail(line, "path too long", NULL);
            continue;
        }
        if (stat(file, &st) != 0) fail(file, "listed in index.tsv but missing", NULL);
        listed++;
    }
    fclose(f);
    return listed;
}

int main(int argc, char **argv) {
    char certs[4096], malformed[4096];
    int listed;
    if (argc != 2) {
        fprintf(stderr, "usage: test_corpus CORPUS_DIR\n");
        return 2;
    }
    if (snprintf(certs, sizeof certs, "%s/certs", argv[1]) >= (int)sizeof certs ||
        snprintf(malformed, sizeof malformed, "%s/malformed", argv[1]) >= (int)sizeof malformed) {
        fprintf(stderr, "test_corpus: path too long\n");
        return 2;
    }
    walk(certs, check_certificate);
    listed = check_index(malformed);
    walk(malformed, check_malformed);
    if (listed != rejected_ok) {
        fprintf(stderr, "FAIL: %d files in malformed/index.tsv, %d rejected\n", listed, rejected_ok);
        failures++;
    }
    printf("%d certificates parsed and re-encoded, %d malformed files rejected, %d failures\n", certs_ok,
           rejected_ok, failures);
    if (certs_ok == 0) return 1;
    return failures == 0 ? 0 : 1;
}
