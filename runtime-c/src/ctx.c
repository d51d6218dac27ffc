/* ctx.c - the decode context: defaults, first-error recording and error text. The
 * slugs are the Rust runtime's ErrorKind::slug() names (tests/vectors/codec.tsv). */
#include <stdio.h>
#include <string.h>

#include "synta/synta.h"

void synta_ctx_init(synta_ctx *ctx, synta_rules rules, const uint8_t *data, size_t len) {
    memset(ctx, 0, sizeof *ctx);
    ctx->rules = rules;
    /* The Rust runtime's Limits::DEFAULT. */
    ctx->limits.max_depth = 64;
    ctx->limits.max_length = SIZE_MAX;
    ctx->limits.max_elements = (size_t)1 << 20;
    ctx->base = data;
    ctx->len = len;
}

int synta_cbs_fail(const synta_cbs *cbs, synta_error_kind kind, size_t offset, const char *detail) {
#ifdef SYNTA_NO_ERROR_DETAIL
    (void)cbs;
    (void)kind;
    (void)offset;
    (void)detail;
#else
    synta_error *e = &cbs->ctx->error;
    /* Only the first error is kept: later ones are consequences of it. */
    if (e->kind == SYNTA_ERR_NONE) {
        e->kind = kind;
        e->offset = offset;
        e->detail = detail;
        e->field = NULL;
    }
#endif
    return 0;
}

int synta_cbs_set_field(const synta_cbs *cbs, const char *field) {
#ifdef SYNTA_NO_ERROR_DETAIL
    (void)cbs;
    (void)field;
#else
    synta_error *e = &cbs->ctx->error;
    /* The innermost field wins: it is set first, while the error unwinds. */
    if (e->kind != SYNTA_ERR_NONE && e->field == NULL) e->field = field;
#endif
    return 0;
}

const char *synta_error_kind_slug(synta_error_kind kind) {
    switch (kind) {
        case SYNTA_ERR_NONE:
            return "none";
        case SYNTA_ERR_TRUNCATED:
            return "truncated";
        case SYNTA_ERR_TRAILING_DATA:
            return "trailing-data";
        case SYNTA_ERR_DEPTH_EXCEEDED:
            return "depth-exceeded";
        case SYNTA_ERR_LIMIT_EXCEEDED:
            return "limit-exceeded";
        case SYNTA_ERR_UNEXPECTED_TAG:
            return "unexpected-tag";
        case SYNTA_ERR_MISSING_ELEMENT:
            return "missing-element";
        case SYNTA_ERR_INVALID_TAG:
            return "invalid-tag";
        case SYNTA_ERR_INVALID_LENGTH:
            return "invalid-length";
        case SYNTA_ERR_NON_CANONICAL:
            return "non-canonical";
        case SYNTA_ERR_INVALID_VALUE:
            return "invalid-value";
        case SYNTA_ERR_OVERFLOW:
            return "overflow";
        case SYNTA_ERR_UNSUPPORTED:
            return "unsupported";
        case SYNTA_ERR_CONSTRAINT:
            return "constraint";
        case SYNTA_ERR_NO_MEMORY:
            return "no-memory";
    }
    return "unknown";
}

size_t synta_error_format(const synta_error *err, char *buf, size_t cap) {
    const char *slug = synta_error_kind_slug(err->kind);
    const char *sep = err->detail != NULL ? ": " : "";
    const char *detail = err->detail != NULL ? err->detail : "";
    int n;
    if (err->field != NULL) {
        n = snprintf(buf, cap, "at byte %zu (%s): %s%s%s", err->offset, err->field, slug, sep, detail);
    } else {
        n = snprintf(buf, cap, "at byte %zu: %s%s%s", err->offset, slug, sep, detail);
    }
    return n < 0 ? 0 : (size_t)n;
}
