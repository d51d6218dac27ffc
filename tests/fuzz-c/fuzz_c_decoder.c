/* libFuzzer target for the C decoders, with the round-trip oracle: whatever the
 * generated Certificate decoder accepts under DER must re-encode to the same bytes,
 * and whatever synta_ber_to_der accepts must give DER that converts to itself.
 * Build and run: bash scripts/fuzz-c [seconds]. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <synta/synta.h>

#include "pkix1_explicit_2009.h"

static void certificate_round_trip(const uint8_t *data, size_t size) {
    pkix1_explicit_2009_Certificate cert;
    synta_cbb cbb;
    uint8_t *out = NULL;
    size_t out_len = 0;
    if (!pkix1_explicit_2009_Certificate_parse(data, size, SYNTA_DER, &cert, NULL)) return;
    if (!synta_cbb_init(&cbb, size) ||
        !pkix1_explicit_2009_Certificate_encode(&cbb, PKIX1_EXPLICIT_2009_CERTIFICATE_TAG, &cert) ||
        !synta_cbb_finish(&cbb, &out, &out_len)) {
        abort(); /* an accepted value must encode */
    }
    if (out_len != size || memcmp(out, data, size) != 0) abort();
    free(out);
}

static void ber_to_der_idempotent(const uint8_t *data, size_t size) {
    static uint8_t der[1 << 16], again[1 << 16];
    size_t der_len = 0, again_len = 0;
    if (size > sizeof der) return;
    if (!synta_ber_to_der(data, size, der, sizeof der, &der_len, NULL)) return;
    if (!synta_ber_to_der(der, der_len, again, sizeof again, &again_len, NULL)) abort();
    if (again_len != der_len || memcmp(der, again, der_len) != 0) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    certificate_round_trip(data, size);
    ber_to_der_idempotent(data, size);
    return 0;
}
