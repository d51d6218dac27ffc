/*
 * synta_cert - print certificates as JSON lines, like the Rust `synta cert`.
 *
 *   synta_cert FILE...     (FILE "-" reads standard input)
 *
 * Each FILE is one DER certificate, a PKCS #7 SignedData (DER, or PEM with a PKCS7
 * block when it has no CERTIFICATE block), an unencrypted PKCS #12 file (its
 * certificate bags; the encrypted parts are skipped), or PEM text with one or more
 * CERTIFICATE blocks. For every certificate one line is printed with the keys issuer,
 * not_after, not_before, public_key, public_key_algorithm, serial,
 * signature_algorithm, subject and version, formatted exactly as the Rust tool
 * formats them (which prints more keys, e.g. extensions). The first malformed
 * certificate stops the run with exit status 1 and its error on stderr; so does a
 * malformed container (its error: byte offset and field), and a PKCS #12 file
 * without a certificate outside its encrypted parts (the Rust tool, which falls back
 * to reading such a file as a certificate, fails on it too).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <synta/certificate.h>

/* ------------------------------------------------------------------ input */

static int read_all(const char *path, uint8_t **out, size_t *out_len) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    if (f == NULL) return 0;
    for (;;) {
        size_t n;
        if (len == cap) {
            size_t ncap = cap == 0 ? 65536 : cap * 2;
            uint8_t *nbuf = realloc(buf, ncap);
            if (nbuf == NULL) break;
            buf = nbuf;
            cap = ncap;
        }
        n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0) break;
    }
    if (ferror(f) || len > cap) {
        if (f != stdin) fclose(f);
        free(buf);
        return 0;
    }
    if (f != stdin) fclose(f);
    *out = buf;
    *out_len = len;
    return 1;
}

/* ------------------------------------------------------------------- PEM */
/* The rules of synta::pem::decode and synta_certificate::pem_blocks. */

static const uint8_t *find(const uint8_t *hay, size_t hay_len, const char *needle) {
    size_t n = strlen(needle), i;
    if (n > hay_len) return NULL;
    for (i = 0; i + n <= hay_len; i++) {
        if (memcmp(hay + i, needle, n) == 0) return hay + i;
    }
    return NULL;
}

static int is_pem(const uint8_t *data, size_t len) { return find(data, len, "-----BEGIN") != NULL; }

/* Rust's str::from_utf8 acceptance. */
static int valid_utf8(const uint8_t *s, size_t len) {
    size_t i = 0;
    while (i < len) {
        uint8_t b = s[i];
        size_t n, k;
        uint32_t v, min;
        if (b < 0x80) {
            i++;
            continue;
        }
        if (b >= 0xC2 && b <= 0xDF) {
            n = 1, v = b & 0x1Fu, min = 0x80;
        } else if (b >= 0xE0 && b <= 0xEF) {
            n = 2, v = b & 0x0Fu, min = 0x800;
        } else if (b >= 0xF0 && b <= 0xF4) {
            n = 3, v = b & 0x07u, min = 0x10000;
        } else {
            return 0;
        }
        if (len - i - 1 < n) return 0;
        for (k = 1; k <= n; k++) {
            if ((s[i + k] & 0xC0u) != 0x80u) return 0;
            v = (v << 6) | (s[i + k] & 0x3Fu);
        }
        if (v < min || v > 0x10FFFFu || (v >= 0xD800u && v <= 0xDFFFu)) return 0;
        i += n + 1;
    }
    return 1;
}

static int sextet(uint8_t c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

static int is_ascii_ws(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

/* Decodes one PEM block (|len| bytes from its BEGIN line to the end of its END
 * line) into a malloc'ed buffer; returns NULL with |*why| on error. */
static uint8_t *pem_decode(const uint8_t *block, size_t len, size_t *out_len, const char **why) {
    uint8_t *b64 = malloc(len + 1), *out;
    size_t n = 0, pos = 0, body, i, o = 0;
    int ended = 0, first = 1, bits = 0;
    uint32_t acc = 0;
    if (b64 == NULL) {
        *why = "out of memory";
        return NULL;
    }
    while (pos < len) {
        const uint8_t *line = block + pos;
        const uint8_t *nl = memchr(line, '\n', len - pos);
        size_t line_len = nl != NULL ? (size_t)(nl - line) : len - pos;
        pos += line_len + (nl != NULL ? 1 : 0);
        if (line_len > 0 && line[line_len - 1] == '\r') line_len--;
        if (first) { /* the BEGIN line */
            first = 0;
            continue;
        }
        if (line_len >= 8 && memcmp(line, "-----END", 8) == 0) {
            ended = 1;
            break;
        }
        if (memchr(line, ':', line_len) != NULL) continue; /* RFC 1421 headers */
        for (i = 0; i < line_len; i++) {
            if (!is_ascii_ws(line[i])) b64[n++] = line[i];
        }
    }
    if (!ended) {
        free(b64);
        *why = "no END line";
        return NULL;
    }
    for (body = 0; body < n && b64[body] != '='; body++) {
    }
    for (i = body; i < n; i++) {
        if (b64[i] != '=') break;
    }
    if (n % 4 != 0 || n - body > 2 || i != n) {
        free(b64);
        *why = "bad base64 length or padding";
        return NULL;
    }
    out = malloc(body * 3 / 4 + 1);
    if (out == NULL) {
        free(b64);
        *why = "out of memory";
        return NULL;
    }
    for (i = 0; i < body; i++) {
        int s = sextet(b64[i]);
        if (s < 0) {
            free(b64);
            free(out);
            *why = "bad base64 character";
            return NULL;
        }
        acc = (acc << 6) | (uint32_t)s;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[o++] = (uint8_t)((acc >> bits) & 0xFFu);
        }
    }
    free(b64);
    *out_len = o;
    return out;
}

/* ------------------------------------------------------------------ JSON */

static void json_string(FILE *f, const char *s, size_t n) {
    static const char HEX[] = "0123456789abcdef";
    size_t i;
    fputc('"', f);
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
            case '"':
                fputs("\\\"", f);
                break;
            case '\\':
                fputs("\\\\", f);
                break;
            case '\n':
                fputs("\\n", f);
                break;
            case '\r':
                fputs("\\r", f);
                break;
            case '\t':
                fputs("\\t", f);
                break;
            case '\b':
                fputs("\\b", f);
                break;
            case '\f':
                fputs("\\f", f);
                break;
            default:
                if (c < 0x20) {
                    fprintf(f, "\\u00%c%c", HEX[c >> 4], HEX[c & 0x0F]);
                } else {
                    fputc(c, f);
                }
        }
    }
    fputc('"', f);
}

static void json_hex(FILE *f, synta_span s) {
    static const char HEX[] = "0123456789abcdef";
    size_t i;
    fputc('"', f);
    for (i = 0; i < s.len; i++) {
        fputc(HEX[s.data[i] >> 4], f);
        fputc(HEX[s.data[i] & 0x0F], f);
    }
    fputc('"', f);
}

/* Text from a formatting function of certificate.h, into a stack buffer or, when it
 * is too small, a heap one. */
typedef int (*format_fn)(const synta_cert *, char *, size_t, size_t *);

static void json_text(FILE *f, const synta_cert *cert, format_fn fn) {
    char small[1024];
    size_t need = 0;
    if (fn(cert, small, sizeof small, &need)) {
        json_string(f, small, need);
        return;
    }
    {
        char *big = malloc(need + 1);
        if (big != NULL && fn(cert, big, need + 1, &need))
            json_string(f, big, need);
        else
            json_string(f, "", 0);
        free(big);
    }
}

static void json_algorithm(FILE *f, synta_span oid, const char *name) {
    char dotted[1024];
    size_t n;
    if (name != NULL) {
        json_string(f, name, strlen(name));
        return;
    }
    n = synta_oid_format(oid, 0, dotted, sizeof dotted);
    json_string(f, dotted, n < sizeof dotted ? n : sizeof dotted - 1);
}

/* One certificate as a JSON line; 0 with |*err| when it is malformed. */
static int print_certificate(const uint8_t *der, size_t len, synta_error *err) {
    synta_cert cert;
    FILE *f = stdout;
    /* In the order of the Rust tool, so that the same error is reported first: parse,
     * the extension list and values, then the names (subject first), which are
     * checked when formatted: all of it before printing anything. */
    if (!synta_cert_parse(der, len, &cert, err)) return 0;
    if (!synta_cert_check_extensions(&cert, err)) return 0;
    {
        static char scratch[1 << 16];
        synta_span issuer = synta_cert_issuer_der(&cert), subject = synta_cert_subject_der(&cert);
        size_t n;
        /* synta_name_format's offsets are in the name; Rust's in the certificate. */
        if (!synta_name_format(subject.data, subject.len, scratch, sizeof scratch, &n, err)) {
            err->offset += (size_t)(subject.data - der);
            return 0;
        }
        if (!synta_name_format(issuer.data, issuer.len, scratch, sizeof scratch, &n, err)) {
            err->offset += (size_t)(issuer.data - der);
            return 0;
        }
    }
    fputs("{\"issuer\":", f);
    json_text(f, &cert, synta_cert_issuer_string);
    fputs(",\"not_after\":", f);
    json_text(f, &cert, synta_cert_not_after_string);
    fputs(",\"not_before\":", f);
    json_text(f, &cert, synta_cert_not_before_string);
    fputs(",\"public_key\":", f);
    json_hex(f, synta_cert_public_key(&cert));
    fputs(",\"public_key_algorithm\":", f);
    json_algorithm(f, synta_cert_public_key_algorithm(&cert), synta_cert_public_key_algorithm_name(&cert));
    fputs(",\"serial\":", f);
    json_text(f, &cert, synta_cert_serial_hex);
    fputs(",\"signature_algorithm\":", f);
    json_algorithm(f, synta_cert_signature_algorithm(&cert), synta_cert_signature_algorithm_name(&cert));
    fputs(",\"subject\":", f);
    json_text(f, &cert, synta_cert_subject_string);
    fprintf(f, ",\"version\":%d}\n", synta_cert_version(&cert));
    return 1;
}

static void report(const char *file, size_t index, size_t total, const synta_error *err) {
    char msg[512];
    (void)synta_error_format(err, msg, sizeof msg);
    if (total > 1) {
        fprintf(stderr, "synta_cert: %s (certificate %zu): %s\n", file, index + 1, msg);
    } else {
        fprintf(stderr, "synta_cert: %s: %s\n", file, msg);
    }
}

/* ------------------------------------------------------------ containers */

enum { NOT_A_CONTAINER = 0, PKCS7 = 7, PKCS12 = 12 };

/* Which container |data| looks like, from the first element of its outer SEQUENCE:
 * the OID of a ContentInfo (PKCS #7) or the version INTEGER of a PFX (PKCS #12); a
 * certificate has a SEQUENCE there. */
static int container_kind(const uint8_t *data, size_t len) {
    /* Only the headers are looked at, so that a truncated container is recognised. */
    size_t hl;
    if (len < 2 || data[0] != 0x30) return NOT_A_CONTAINER;
    hl = 2 + (data[1] & 0x80u ? (size_t)(data[1] & 0x7Fu) : 0);
    if (hl >= len) return NOT_A_CONTAINER;
    return data[hl] == 0x06 ? PKCS7 : data[hl] == 0x02 ? PKCS12 : NOT_A_CONTAINER;
}

static void report_container(const char *file, int kind, const synta_error *err) {
    char msg[512];
    (void)synta_error_format(err, msg, sizeof msg);
    fprintf(stderr, "synta_cert: %s: PKCS #%d: %s\n", file, kind, msg);
}

/* The certificates of a container that began (|it7| or |it12| by |kind|; |data|
 * the input): a first pass checks the whole container and counts them, a second
 * prints them. Returns 1, or 0 after reporting the error. */
static int run_container(const char *file, int kind, const uint8_t *data, size_t len) {
    size_t total = 0, pass;
    for (pass = 0; pass < 2; pass++) {
        synta_pkcs7_iter it7;
        synta_pkcs12_iter it12;
        synta_error err;
        synta_span cert;
        synta_container_status st;
        size_t index = 0;
        memset(&err, 0, sizeof err);
        if (kind == PKCS7 ? !synta_pkcs7_begin(&it7, data, len, &err)
                          : !synta_pkcs12_begin(&it12, data, len, &err)) {
            report_container(file, kind, &err);
            return 0;
        }
        for (;;) {
            st = kind == PKCS7 ? synta_pkcs7_next(&it7, &cert, &err) : synta_pkcs12_next(&it12, &cert, &err);
            if (st != SYNTA_CONTAINER_CERT) break;
            if (pass == 1 && !print_certificate(cert.data, cert.len, &err)) {
                /* Offsets in the certificate, as for a PEM block. */
                report(file, index, total, &err);
                return 0;
            }
            index++;
        }
        if (st == SYNTA_CONTAINER_ERROR) {
            report_container(file, kind, &err);
            return 0;
        }
        if (pass == 0 && kind == PKCS12 && index == 0) {
            fprintf(
                stderr,
                "synta_cert: %s: PKCS #12: no certificate outside the encrypted parts (%zu encrypted part%s "
                "skipped)\n",
                file, it12.encrypted_parts, it12.encrypted_parts == 1 ? "" : "s");
            return 0;
        }
        total = index;
    }
    return 1;
}

/* A binary file: a certificate, else a PKCS #7 SignedData, else a PKCS #12 file (as
 * the Rust tool tries them). A file that is none of them gets the certificate's error
 * (as in Rust), then the error of the container it looks like, if any. Returns 1, or
 * 0 after reporting the error. */
static int run_binary(const char *file, const uint8_t *data, size_t len) {
    synta_cert cert;
    synta_error err;
    synta_pkcs7_iter it7;
    synta_pkcs12_iter it12;
    int kind;
    memset(&err, 0, sizeof err);
    if (synta_cert_parse(data, len, &cert, &err)) {
        if (print_certificate(data, len, &err)) return 1;
        report(file, 0, 1, &err);
        return 0;
    }
    if (synta_pkcs7_begin(&it7, data, len, NULL)) return run_container(file, PKCS7, data, len);
    if (synta_pkcs12_begin(&it12, data, len, NULL)) return run_container(file, PKCS12, data, len);
    /* As the Rust tool, the certificate's error first; then, for what looks like a
     * container, the container's. */
    report(file, 0, 1, &err);
    kind = container_kind(data, len);
    if (kind == PKCS7 && !synta_pkcs7_begin(&it7, data, len, &err)) report_container(file, kind, &err);
    if (kind == PKCS12 && !synta_pkcs12_begin(&it12, data, len, &err)) report_container(file, kind, &err);
    return 0;
}

/* A PEM file without CERTIFICATE blocks: the certificates of its first PKCS7 block
 * (which the Rust tool does not read). */
static int run_pem_pkcs7(const char *file, const uint8_t *text, size_t len) {
    static const char BEGIN[] = "-----BEGIN PKCS7-----";
    static const char END[] = "-----END PKCS7-----";
    const uint8_t *start = find(text, len, BEGIN), *stop;
    size_t der_len = 0;
    const char *why = NULL;
    uint8_t *der;
    int ok;
    if (start == NULL) {
        fprintf(stderr, "synta_cert: %s: no CERTIFICATE block\n", file);
        return 0;
    }
    stop = find(start, len - (size_t)(start - text), END);
    if (stop == NULL) {
        fprintf(stderr, "synta_cert: %s: PKCS7 block has no END line\n", file);
        return 0;
    }
    der = pem_decode(start, (size_t)(stop - start) + strlen(END), &der_len, &why);
    if (der == NULL) {
        fprintf(stderr, "synta_cert: %s: PKCS7 block: %s\n", file, why);
        return 0;
    }
    ok = run_container(file, PKCS7, der, der_len);
    free(der);
    return ok;
}

/* Every CERTIFICATE block of a PEM file: a first pass counts them (and checks
 * them), a second prints them. Returns 1, or 0 after reporting the error. */
static int run_pem(const char *file, const uint8_t *text, size_t len) {
    static const char BEGIN[] = "-----BEGIN CERTIFICATE-----";
    static const char END[] = "-----END CERTIFICATE-----";
    size_t total = 0, pass;
    if (!valid_utf8(text, len)) {
        fprintf(stderr, "synta_cert: %s: PEM input is not UTF-8\n", file);
        return 0;
    }
    for (pass = 0; pass < 2; pass++) {
        const uint8_t *rest = text;
        size_t rest_len = len, index = 0;
        const uint8_t *start;
        while ((start = find(rest, rest_len, BEGIN)) != NULL) {
            size_t block_len = rest_len - (size_t)(start - rest);
            const uint8_t *stop = find(start, block_len, END);
            size_t der_len = 0;
            const char *why = NULL;
            uint8_t *der;
            if (stop == NULL) {
                fprintf(stderr, "synta_cert: %s: PEM block %zu has no END line\n", file, index + 1);
                return 0;
            }
            block_len = (size_t)(stop - start) + strlen(END);
            der = pem_decode(start, block_len, &der_len, &why);
            if (der == NULL) {
                fprintf(stderr, "synta_cert: %s: PEM block %zu: %s\n", file, index + 1, why);
                return 0;
            }
            if (pass == 1) {
                synta_error err;
                memset(&err, 0, sizeof err);
                if (!print_certificate(der, der_len, &err)) {
                    report(file, index, total, &err);
                    free(der);
                    return 0;
                }
            }
            free(der);
            index++;
            rest_len -= (size_t)(start + block_len - rest);
            rest = start + block_len;
        }
        if (pass == 0) {
            if (index == 0) return run_pem_pkcs7(file, text, len);
            total = index;
        }
    }
    return 1;
}

int main(int argc, char **argv) {
    int i;
    if (argc < 2) {
        fprintf(stderr, "usage: synta_cert FILE...\n");
        return 2;
    }
    for (i = 1; i < argc; i++) {
        uint8_t *data = NULL;
        size_t len = 0;
        int ok;
        if (!read_all(argv[i], &data, &len)) {
            fprintf(stderr, "synta_cert: cannot read %s\n", argv[i]);
            return 1;
        }
        if (is_pem(data, len)) {
            ok = run_pem(argv[i], data, len);
        } else {
            ok = run_binary(argv[i], data, len);
        }
        free(data);
        if (!ok) return 1;
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
