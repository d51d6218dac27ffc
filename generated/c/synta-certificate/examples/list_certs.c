/*
 * list_certs - the subject of every certificate of a PKCS #12 file (unencrypted
 * certificate bags), or of a PKCS #7 SignedData with -7:
 *
 *   list_certs [-7] FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <synta/certificate.h>

static void print_subject(synta_span der) {
    synta_cert cert;
    synta_error err;
    char subject[512];
    if (synta_cert_parse(der.data, der.len, &cert, &err) &&
        synta_cert_subject_string(&cert, subject, sizeof subject, NULL)) {
        printf("%zu bytes: %s\n", der.len, subject);
    } else {
        printf("%zu bytes: not a certificate synta_cert_parse accepts\n", der.len);
    }
}

int main(int argc, char **argv) {
    static uint8_t data[1 << 20];
    int pkcs7 = argc == 3 && strcmp(argv[1], "-7") == 0;
    FILE *f = argc >= 2 ? fopen(argv[argc - 1], "rb") : NULL;
    size_t len;
    synta_span der;
    synta_error err;
    synta_container_status st;
    char msg[256];
    if (f == NULL) return 2;
    len = fread(data, 1, sizeof data, f);
    fclose(f);

    if (pkcs7) {
        synta_pkcs7_iter it; /* caller-owned, no allocation; must not move */
        if (!synta_pkcs7_begin(&it, data, len, &err)) goto fail;
        while ((st = synta_pkcs7_next(&it, &der, &err)) == SYNTA_CONTAINER_CERT) print_subject(der);
    } else {
        synta_pkcs12_iter it;
        if (!synta_pkcs12_begin(&it, data, len, &err)) goto fail;
        while ((st = synta_pkcs12_next(&it, &der, &err)) == SYNTA_CONTAINER_CERT) print_subject(der);
        printf("%zu encrypted parts skipped\n", it.encrypted_parts);
    }
    if (st == SYNTA_CONTAINER_END) return 0;
fail:
    (void)synta_error_format(&err, msg, sizeof msg);
    fprintf(stderr, "list_certs: %s\n", msg); /* "at byte N (field): kind: detail" */
    return 1;
}
