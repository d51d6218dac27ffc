/* hello.c - the example of the book's C chapter: read a DER SEQUENCE { INTEGER,
 * UTF8String } with the cursor API, then build it again with the builder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <synta/synta.h>

int main(void) {
    static const uint8_t der[] = {0x30, 0x0A, 0x02, 0x01, 0x2A, 0x0C, 0x05, 'h', 'e', 'l', 'l', 'o'};
    synta_ctx ctx;
    synta_cbs input, seq, number, text;
    int64_t value;
    synta_span name;
    synta_cbb cbb, child;
    uint8_t *out;
    size_t out_len;

    /* Reading: every value points into |der|; nothing is allocated. */
    synta_ctx_init(&ctx, SYNTA_DER, der, sizeof der);
    synta_cbs_init(&input, &ctx);
    if (!synta_cbs_get_asn1(&input, &seq, SYNTA_TAG_SEQUENCE) || !synta_cbs_finish(&input) ||
        !synta_cbs_get_asn1(&seq, &number, SYNTA_TAG_INTEGER) || !synta_decode_int64(&number, &value) ||
        !synta_cbs_get_asn1(&seq, &text, SYNTA_TAG_UTF8_STRING) ||
        !synta_decode_string(&text, SYNTA_TAG_UTF8_STRING, &name) || !synta_cbs_finish(&seq)) {
        char msg[128];
        synta_error_format(&ctx.error, msg, sizeof msg);
        fprintf(stderr, "hello: %s\n", msg);
        return 1;
    }
    printf("%lld %.*s\n", (long long)value, (int)name.len, (const char *)name.data);

    /* Writing: a child builder per nested length; the bytes come back malloc'ed. */
    if (!synta_cbb_init(&cbb, 16) || !synta_cbb_add_asn1(&cbb, &child, SYNTA_TAG_SEQUENCE) ||
        !synta_cbb_add_int64(&child, SYNTA_TAG_INTEGER, value) ||
        !synta_cbb_add_primitive(&child, SYNTA_TAG_UTF8_STRING, name) ||
        !synta_cbb_finish(&cbb, &out, &out_len)) {
        synta_cbb_cleanup(&cbb);
        return 1;
    }
    if (out_len != sizeof der || memcmp(out, der, out_len) != 0) {
        fprintf(stderr, "hello: re-encoding differs\n");
        free(out);
        return 1;
    }
    free(out);
    return 0;
}
