/* real.c - REAL (X.690 8.5) normalized as the Rust runtime's Real, with the canonical
 * form of 11.3 under DER and CER; mirrors runtime-rust/synta/src/types/real.rs. */
#include <stdio.h>
#include <string.h>

#include "synta/synta.h"

#define BAD "malformed REAL"

/* A failed parse: kind and detail. */
typedef struct real_err {
    synta_error_kind kind;
    const char *detail;
} real_err;

static int fail(real_err *e, synta_error_kind kind, const char *detail) {
    e->kind = kind;
    e->detail = detail;
    return 0;
}

static void set_zero(synta_real *r, int negative) {
    r->kind = negative ? SYNTA_REAL_MINUS_ZERO : SYNTA_REAL_ZERO;
    r->negative = (uint8_t)(negative != 0);
    r->mantissa = 0;
    r->exponent = 0;
}

/* Real::binary: an odd mantissa; an exponent pushed beyond 32 bits is an infinity. */
static void set_binary(synta_real *r, int negative, uint64_t mantissa, int32_t exponent) {
    int64_t e = exponent;
    if (mantissa == 0) {
        set_zero(r, negative);
        return;
    }
    while ((mantissa & 1u) == 0) {
        mantissa >>= 1;
        e++;
    }
    r->negative = (uint8_t)(negative != 0);
    if (e > INT32_MAX) {
        r->kind = negative ? SYNTA_REAL_MINUS_INFINITY : SYNTA_REAL_PLUS_INFINITY;
        r->mantissa = 0;
        r->exponent = 0;
        return;
    }
    r->kind = SYNTA_REAL_BINARY;
    r->mantissa = mantissa;
    r->exponent = (int32_t)e;
}

/* Real::decimal: no trailing zero in the mantissa (the exponent saturates). */
static void set_decimal(synta_real *r, int negative, uint64_t mantissa, int32_t exponent) {
    if (mantissa == 0) {
        set_zero(r, negative);
        return;
    }
    while (mantissa % 10 == 0) {
        mantissa /= 10;
        if (exponent < INT32_MAX) exponent++;
    }
    r->kind = SYNTA_REAL_DECIMAL;
    r->negative = (uint8_t)(negative != 0);
    r->mantissa = mantissa;
    r->exponent = exponent;
}

/* 8.5.7: binary encoding. */
static int parse_binary(const uint8_t *c, size_t n, synta_real *out, real_err *err) {
    uint8_t first = c[0];
    int negative = (first & 0x40) != 0;
    int64_t log2_base, scale, e = 0, shifted, e2;
    size_t elen, i, last, lead;
    const uint8_t *rest = c + 1, *mant;
    size_t rest_len = n - 1, mant_len;
    uint64_t m = 0;
    switch ((first >> 4) & 3) {
        case 0:
            log2_base = 1;
            break;
        case 1:
            log2_base = 3;
            break;
        case 2:
            log2_base = 4;
            break;
        default:
            return fail(err, SYNTA_ERR_INVALID_VALUE, "reserved REAL base");
    }
    scale = (first >> 2) & 3;
    if ((first & 3) == 3) {
        if (rest_len == 0) return fail(err, SYNTA_ERR_INVALID_VALUE, BAD);
        elen = rest[0];
        rest++;
        rest_len--;
    } else {
        elen = (size_t)(first & 3) + 1;
    }
    if (elen == 0 || elen > rest_len) return fail(err, SYNTA_ERR_INVALID_VALUE, BAD);
    if (elen > 8) return fail(err, SYNTA_ERR_UNSUPPORTED, "REAL exponent above 64 bits");
    {
        uint64_t v = (rest[0] & 0x80) ? UINT64_MAX : 0;
        for (i = 0; i < elen; i++) v = (v << 8) | rest[i];
        e = v > (uint64_t)INT64_MAX ? -(int64_t)(~v) - 1 : (int64_t)v;
    }
    mant = rest + elen;
    mant_len = rest_len - elen;
    if (mant_len == 0) return fail(err, SYNTA_ERR_INVALID_VALUE, "REAL without mantissa");
    /* Trailing zero octets are stripped first so that large but even mantissas fit. */
    last = mant_len;
    while (last > 0 && mant[last - 1] == 0) last--;
    if (last == 0) return fail(err, SYNTA_ERR_INVALID_VALUE, "zero mantissa");
    lead = 0;
    while (mant[lead] == 0) lead++;
    if (last - lead > 8) return fail(err, SYNTA_ERR_UNSUPPORTED, "REAL mantissa above 64 bits");
    for (i = lead; i < last; i++) m = (m << 8) | mant[i];
    shifted = (int64_t)(mant_len - last) * 8;
    /* e * log2_base + scale + shifted, checked like the Rust runtime's i64 arithmetic. */
    if (e > INT64_MAX / 4 || e < INT64_MIN / 4)
        return fail(err, SYNTA_ERR_UNSUPPORTED, "REAL exponent out of range");
    e2 = e * log2_base;
    if (e2 > INT64_MAX - scale - shifted)
        return fail(err, SYNTA_ERR_UNSUPPORTED, "REAL exponent out of range");
    e2 += scale + shifted;
    if (e2 > INT32_MAX || e2 < INT32_MIN)
        return fail(err, SYNTA_ERR_UNSUPPORTED, "REAL exponent out of range");
    set_binary(out, negative, m, (int32_t)e2);
    return 1;
}

static int is_digit(uint8_t c) { return c >= '0' && c <= '9'; }

/* Accumulates the decimal digits t[from..to) into |*m| (leading zeros skipped). */
static int digits(const uint8_t *t, size_t from, size_t to, uint64_t *m, int *seen, real_err *err) {
    size_t k;
    for (k = from; k < to; k++) {
        uint64_t d;
        if (!is_digit(t[k])) return fail(err, SYNTA_ERR_INVALID_VALUE, BAD);
        d = (uint64_t)(t[k] - '0');
        if (!*seen && d == 0) continue;
        *seen = 1;
        if (*m > (UINT64_MAX - d) / 10)
            return fail(err, SYNTA_ERR_UNSUPPORTED, "REAL mantissa above 64 bits");
        *m = *m * 10 + d;
    }
    return 1;
}

/* 8.5.8: decimal encoding, ISO 6093 NR1 / NR2 / NR3. */
static int parse_decimal(uint8_t form, const uint8_t *t, size_t n, synta_real *out, real_err *err) {
    size_t i = 0, int_start, int_end, frac_start = 0, frac_end = 0, exp_start = 0, end = n, k;
    int negative = 0, has_exp = 0, has_point = 0;
    int64_t exponent = 0;
    uint64_t mantissa = 0;
    int seen = 0;
    if (form < 1 || form > 3) return fail(err, SYNTA_ERR_INVALID_VALUE, "reserved REAL decimal form");
    /* Only ASCII can be a number; the Rust runtime rejects non-UTF-8 text first. */
    for (k = 0; k < n; k++) {
        if (t[k] >= 0x80) return fail(err, SYNTA_ERR_INVALID_VALUE, BAD);
    }
    while (i < n && t[i] == ' ') i++;
    if (i < n && (t[i] == '-' || t[i] == '+')) {
        negative = t[i] == '-';
        i++;
    }
    for (k = i; k < n; k++) {
        if (t[k] == 'E' || t[k] == 'e') {
            has_exp = 1;
            end = k;
            exp_start = k + 1;
            break;
        }
    }
    if (has_exp && form != 3) return fail(err, SYNTA_ERR_INVALID_VALUE, BAD);
    if (!has_exp && form == 3) return fail(err, SYNTA_ERR_INVALID_VALUE, BAD);
    int_start = i;
    int_end = end;
    for (k = i; k < end; k++) {
        if (t[k] == '.' || t[k] == ',') {
            has_point = 1;
            int_end = k;
            frac_start = k + 1;
            frac_end = end;
            break;
        }
    }
    if (has_point && form < 2) return fail(err, SYNTA_ERR_INVALID_VALUE, BAD);
    if (!has_point && form == 2) return fail(err, SYNTA_ERR_INVALID_VALUE, BAD);
    if (int_end == int_start && frac_end == frac_start) return fail(err, SYNTA_ERR_INVALID_VALUE, BAD);
    if (has_exp) {
        size_t d = exp_start, signs = 0;
        int eneg = 0;
        while (d < n && (t[d] == '+' || t[d] == '-')) {
            eneg = t[d] == '-';
            signs++;
            d++;
        }
        if (d == n || signs > 1) return fail(err, SYNTA_ERR_INVALID_VALUE, BAD);
        for (k = d; k < n; k++) {
            if (!is_digit(t[k])) return fail(err, SYNTA_ERR_INVALID_VALUE, BAD);
        }
        for (k = d; k < n; k++) {
            int64_t digit = t[k] - '0';
            if (exponent > (INT64_MAX - digit) / 10) {
                return fail(err, SYNTA_ERR_UNSUPPORTED, "REAL exponent out of range");
            }
            exponent = exponent * 10 + digit;
        }
        if (eneg) exponent = -exponent;
    }
    if (!digits(t, int_start, int_end, &mantissa, &seen, err)) return 0;
    if (!digits(t, frac_start, frac_end, &mantissa, &seen, err)) return 0;
    exponent -= (int64_t)(frac_end - frac_start);
    if (exponent > INT32_MAX || exponent < INT32_MIN) {
        return fail(err, SYNTA_ERR_UNSUPPORTED, "REAL exponent out of range");
    }
    /* 8.5.2 / 8.5.9: zeros have their own encodings. */
    if (mantissa == 0) return fail(err, SYNTA_ERR_INVALID_VALUE, "decimal zero");
    set_decimal(out, negative, mantissa, (int32_t)exponent);
    return 1;
}

/* The canonical contents of |r| (11.3) into |buf| (at least 64 bytes); returns the length. */
static size_t canonical(const synta_real *r, uint8_t *buf) {
    switch (r->kind) {
        case SYNTA_REAL_ZERO:
            return 0;
        case SYNTA_REAL_PLUS_INFINITY:
            buf[0] = 0x40;
            return 1;
        case SYNTA_REAL_MINUS_INFINITY:
            buf[0] = 0x41;
            return 1;
        case SYNTA_REAL_NAN:
            buf[0] = 0x42;
            return 1;
        case SYNTA_REAL_MINUS_ZERO:
            buf[0] = 0x43;
            return 1;
        case SYNTA_REAL_BINARY: {
            /* Exponent in minimal two's complement (1 to 4 octets), then the mantissa. */
            size_t elen = 1, n = 0, mlen = 0, i;
            int32_t e = r->exponent;
            uint8_t sign = r->negative ? 0x40 : 0;
            uint32_t ue = (uint32_t)e;
            while (elen < 4) {
                int64_t lo = -((int64_t)1 << (8 * elen - 1)), hi = ((int64_t)1 << (8 * elen - 1)) - 1;
                if (e >= lo && e <= hi) break;
                elen++;
            }
            if (elen < 4) {
                buf[n++] = (uint8_t)(0x80u | sign | (uint8_t)(elen - 1));
            } else {
                buf[n++] = (uint8_t)(0x83u | sign);
                buf[n++] = 4;
            }
            for (i = elen; i-- > 0;) buf[n++] = (uint8_t)(ue >> (8 * i));
            for (i = 0; i < 8; i++) {
                if ((r->mantissa >> (8 * i)) != 0) mlen = i + 1;
            }
            for (i = mlen; i-- > 0;) buf[n++] = (uint8_t)(r->mantissa >> (8 * i));
            return n;
        }
        case SYNTA_REAL_DECIMAL: {
            /* NR3 "<m>.E<e>" with "+0" for a zero exponent. */
            int k;
            buf[0] = 0x03;
            if (r->exponent == 0) {
                k = snprintf((char *)buf + 1, 63, "%s%llu.E+0", r->negative ? "-" : "",
                             (unsigned long long)r->mantissa);
            } else {
                k = snprintf((char *)buf + 1, 63, "%s%llu.E%ld", r->negative ? "-" : "",
                             (unsigned long long)r->mantissa, (long)r->exponent);
            }
            return k < 0 ? 1 : 1 + (size_t)k;
        }
    }
    return 0;
}

int synta_decode_real(const synta_cbs *contents, synta_real *out) {
    const uint8_t *c = contents->data;
    size_t n = contents->len;
    real_err err = {SYNTA_ERR_INVALID_VALUE, BAD};
    memset(out, 0, sizeof *out);
    if (n == 0) {
        set_zero(out, 0);
    } else if (c[0] & 0x80) {
        if (!parse_binary(c, n, out, &err))
            return synta_cbs_fail(contents, err.kind, synta_cbs_offset(contents), err.detail);
    } else if (c[0] & 0x40) {
        if (n != 1 || c[0] > 0x43) {
            return synta_cbs_fail(contents, SYNTA_ERR_INVALID_VALUE, synta_cbs_offset(contents),
                                  "reserved REAL special value");
        }
        if (c[0] == 0x43) {
            set_zero(out, 1);
        } else {
            out->kind = c[0] == 0x40   ? SYNTA_REAL_PLUS_INFINITY
                        : c[0] == 0x41 ? SYNTA_REAL_MINUS_INFINITY
                                       : SYNTA_REAL_NAN;
            out->negative = c[0] == 0x41;
        }
    } else if (!parse_decimal((uint8_t)(c[0] & 0x3F), c + 1, n - 1, out, &err)) {
        return synta_cbs_fail(contents, err.kind, synta_cbs_offset(contents), err.detail);
    }
    if (contents->ctx->rules != SYNTA_BER) {
        uint8_t buf[64];
        size_t len = canonical(out, buf);
        if (len != n || (n > 0 && memcmp(buf, c, n) != 0)) {
            return synta_cbs_fail(contents, SYNTA_ERR_NON_CANONICAL, synta_cbs_offset(contents),
                                  "REAL not in canonical form");
        }
    }
    return 1;
}

size_t synta_real_format(const synta_real *r, char *buf, size_t cap) {
    int n;
    const char *sign = r->negative ? "-" : "";
    switch (r->kind) {
        case SYNTA_REAL_ZERO:
            n = snprintf(buf, cap, "0");
            break;
        case SYNTA_REAL_MINUS_ZERO:
            n = snprintf(buf, cap, "-0");
            break;
        case SYNTA_REAL_PLUS_INFINITY:
            n = snprintf(buf, cap, "+inf");
            break;
        case SYNTA_REAL_MINUS_INFINITY:
            n = snprintf(buf, cap, "-inf");
            break;
        case SYNTA_REAL_NAN:
            n = snprintf(buf, cap, "nan");
            break;
        case SYNTA_REAL_BINARY:
            n = snprintf(buf, cap, "%s%llu*2^%ld", sign, (unsigned long long)r->mantissa, (long)r->exponent);
            break;
        default:
            n = snprintf(buf, cap, "%s%llu*10^%ld", sign, (unsigned long long)r->mantissa, (long)r->exponent);
            break;
    }
    return n < 0 ? 0 : (size_t)n;
}
