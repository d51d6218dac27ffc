/* time.c - UTCTime and GeneralizedTime (X.680 46-47), with the DER/CER canonical
 * form of X.690 11.7-11.8; mirrors runtime-rust/synta/src/types/time.rs. */
#include <stdio.h>
#include <string.h>

#include "synta/synta.h"

#define BAD "malformed time"

typedef struct text {
    const uint8_t *s;
    size_t n;
} text;

static int digits(text *t, size_t count, uint32_t *out) {
    size_t i;
    uint32_t v = 0;
    if (t->n < count) return 0;
    for (i = 0; i < count; i++) {
        if (t->s[i] < '0' || t->s[i] > '9') return 0;
        v = v * 10 + (uint32_t)(t->s[i] - '0');
    }
    t->s += count;
    t->n -= count;
    *out = v;
    return 1;
}

static int peek_digit(const text *t) { return t->n > 0 && t->s[0] >= '0' && t->s[0] <= '9'; }

static int is_leap(int32_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int days_in_month(int32_t y, uint8_t m) {
    static const uint8_t days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m == 2 && is_leap(y)) return 29;
    return days[m - 1];
}

/* Parses the zone; |local_ok| allows none (GeneralizedTime local time). Returns the
 * error detail, or NULL. */
static const char *zone(text *t, int local_ok, synta_time *out) {
    if (t->n == 0) {
        if (!local_ok) return BAD;
        out->tz_kind = 2;
        return NULL;
    }
    if (t->s[0] == 'Z') {
        t->s++;
        t->n--;
        out->tz_kind = 0;
        return NULL;
    }
    if (t->s[0] == '+' || t->s[0] == '-') {
        int negative = t->s[0] == '-';
        uint32_t h, m;
        t->s++;
        t->n--;
        if (!digits(t, 2, &h) || !digits(t, 2, &m)) return BAD;
        if (h > 23 || m > 59) return "time zone offset out of range";
        out->tz_kind = 1;
        out->tz_offset_minutes = (int16_t)(negative ? -(int32_t)(h * 60 + m) : (int32_t)(h * 60 + m));
        return NULL;
    }
    return BAD;
}

static const char *check(const synta_time *t) {
    int ok = t->month >= 1 && t->month <= 12 && t->day >= 1 && t->day <= days_in_month(t->year, t->month) &&
             t->hour <= 23 && t->minute <= 59 && t->second <= 59 && (t->has_minute || !t->has_second);
    return ok ? NULL : "date or time out of range";
}

static const char *parse_utc(const uint8_t *s, size_t n, synta_time *out) {
    text t = {s, n};
    uint32_t yy, mo, d, h, mi, se = 0;
    const char *err;
    memset(out, 0, sizeof *out);
    if (!digits(&t, 2, &yy) || !digits(&t, 2, &mo) || !digits(&t, 2, &d) || !digits(&t, 2, &h) ||
        !digits(&t, 2, &mi)) {
        return BAD;
    }
    out->has_minute = 1;
    if (peek_digit(&t)) {
        if (!digits(&t, 2, &se)) return BAD;
        out->has_second = 1;
    }
    if ((err = zone(&t, 0, out)) != NULL) return err;
    if (t.n != 0) return BAD;
    /* RFC 5280 4.1.2.5.1: two-digit years 50..99 are 19xx. */
    out->year = (int32_t)((yy >= 50 ? 1900 : 2000) + yy);
    out->month = (uint8_t)mo;
    out->day = (uint8_t)d;
    out->hour = (uint8_t)h;
    out->minute = (uint8_t)mi;
    out->second = (uint8_t)se;
    return check(out);
}

static const char *parse_generalized(const uint8_t *s, size_t n, synta_time *out, synta_error_kind *kind) {
    text t = {s, n};
    uint32_t y, mo, d, h, mi = 0, se = 0;
    const char *err;
    memset(out, 0, sizeof *out);
    if (!digits(&t, 4, &y) || !digits(&t, 2, &mo) || !digits(&t, 2, &d) || !digits(&t, 2, &h)) return BAD;
    if (peek_digit(&t)) {
        if (!digits(&t, 2, &mi)) return BAD;
        out->has_minute = 1;
        if (peek_digit(&t)) {
            if (!digits(&t, 2, &se)) return BAD;
            out->has_second = 1;
        }
    }
    if (t.n > 0 && (t.s[0] == '.' || t.s[0] == ',')) {
        size_t k = 0;
        uint64_t v = 0;
        t.s++;
        t.n--;
        while (k < t.n && t.s[k] >= '0' && t.s[k] <= '9') k++;
        if (k == 0) return "fraction without digits";
        if (k > 18) {
            *kind = SYNTA_ERR_UNSUPPORTED;
            return "time fraction above 18 digits";
        }
        while (k-- > 0) {
            v = v * 10 + (uint64_t)(t.s[0] - '0');
            t.s++;
            t.n--;
            out->fraction_digits++;
        }
        out->fraction = v;
    }
    if ((err = zone(&t, 1, out)) != NULL) return err;
    if (t.n != 0) return BAD;
    out->year = (int32_t)y;
    out->month = (uint8_t)mo;
    out->day = (uint8_t)d;
    out->hour = (uint8_t)h;
    out->minute = (uint8_t)mi;
    out->second = (uint8_t)se;
    return check(out);
}

static int is_canonical(const synta_time *t, int generalized) {
    if (!t->has_minute || !t->has_second || t->tz_kind != 0) return 0;
    if (t->fraction_digits == 0) return 1;
    return generalized && t->fraction % 10 != 0;
}

/* Whether the (parsed) text of |t| is the DER spelling (X.690 11.7, 11.8): every
 * field parsed is fixed-width, so beyond is_canonical only the length and the decimal
 * separator can differ from the rendered DER text. */
static int canonical_text(const synta_cbs *contents, const synta_time *t, int generalized) {
    size_t expected;
    if (!is_canonical(t, generalized)) return 0;
    if (!generalized) return contents->len == 13;
    if (t->fraction_digits == 0) return contents->len == 15;
    expected = 16 + (size_t)t->fraction_digits;
    return contents->len == expected && contents->data[14] == '.';
}

/* Eight ASCII digits at |p| as four two-digit numbers (eight digits at a time, as the
 * Rust runtime's digit_pairs); 0 if one of them is not a digit. */
static int digit_pairs(const uint8_t *p, uint8_t out[4]) {
    uint64_t x = 0, pairs;
    int i;
    for (i = 7; i >= 0; i--) x = (x << 8) | p[i]; /* p[0] in the low octet, on any host */
    x -= UINT64_C(0x3030303030303030);
    /* A digit is an octet that was at least '0' (no borrow, bit 8 clear) and stays below
     * 0x80 after adding 0x76 (at most 9). */
    if ((x | (x + UINT64_C(0x7676767676767676))) & UINT64_C(0x8080808080808080)) return 0;
    pairs = (x & UINT64_C(0x00FF00FF00FF00FF)) * 10 + ((x >> 8) & UINT64_C(0x00FF00FF00FF00FF));
    for (i = 0; i < 4; i++) out[i] = (uint8_t)(pairs >> (16 * i));
    return 1;
}

/* Two ASCII digits at |p|; 0 if one is not a digit. */
static int digit_pair(const uint8_t *p, uint8_t *out) {
    if (p[0] < '0' || p[0] > '9' || p[1] < '0' || p[1] > '9') return 0;
    *out = (uint8_t)((p[0] - '0') * 10 + (p[1] - '0'));
    return 1;
}

/* The canonical forms every certificate uses, YYMMDDHHMMSSZ and YYYYMMDDHHMMSSZ, read
 * without the general parser: 1 with |out| set exactly as the general path sets it, 0
 * (nothing decided) for anything else, valid or not. */
static int fast_canonical(const uint8_t *s, size_t n, int generalized, synta_time *out) {
    uint8_t p[4], rest[3] = {0, 0, 0};
    size_t tail = generalized ? 6 : 4; /* digits after the first eight */
    size_t k;
    if (n != 8 + tail + 1 || s[n - 1] != 'Z' || !digit_pairs(s, p)) return 0;
    for (k = 0; k < tail / 2; k++) {
        if (!digit_pair(s + 8 + 2 * k, &rest[k])) return 0;
    }
    memset(out, 0, sizeof *out);
    out->has_minute = 1;
    out->has_second = 1;
    if (generalized) {
        out->year = (int32_t)p[0] * 100 + p[1];
        out->month = p[2];
        out->day = p[3];
        out->hour = rest[0];
        out->minute = rest[1];
        out->second = rest[2];
    } else {
        /* RFC 5280 4.1.2.5.1: two-digit years 50..99 are 19xx. */
        out->year = (int32_t)((p[0] >= 50 ? 1900 : 2000) + p[0]);
        out->month = p[1];
        out->day = p[2];
        out->hour = p[3];
        out->minute = rest[0];
        out->second = rest[1];
    }
    return check(out) == NULL;
}

static int decode_time(const synta_cbs *contents, synta_time *out, int generalized) {
    size_t at;
    if (fast_canonical(contents->data, contents->len, generalized, out)) return 1;
    at = synta_cbs_offset(contents);
    synta_error_kind kind = SYNTA_ERR_INVALID_VALUE;
    const char *err = generalized ? parse_generalized(contents->data, contents->len, out, &kind)
                                  : parse_utc(contents->data, contents->len, out);
    if (err != NULL) return synta_cbs_fail(contents, kind, at, err);
    if (contents->ctx->rules != SYNTA_BER && !canonical_text(contents, out, generalized)) {
        return synta_cbs_fail(contents, SYNTA_ERR_NON_CANONICAL, at, "time not in canonical form");
    }
    return 1;
}

int synta_decode_utc_time(const synta_cbs *contents, synta_time *out) {
    return decode_time(contents, out, 0);
}

int synta_decode_generalized_time(const synta_cbs *contents, synta_time *out) {
    return decode_time(contents, out, 1);
}

size_t synta_time_format(const synta_time *t, char *buf, size_t cap) {
    char tmp[80];
    int n = snprintf(tmp, sizeof tmp, "%04d-%02u-%02uT%02u", (int)t->year, t->month, t->day, t->hour);
    if (t->has_minute) n += snprintf(tmp + n, sizeof tmp - (size_t)n, ":%02u", t->minute);
    if (t->has_second) n += snprintf(tmp + n, sizeof tmp - (size_t)n, ":%02u", t->second);
    if (t->fraction_digits > 0) {
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, ".%0*llu", (int)t->fraction_digits,
                      (unsigned long long)t->fraction);
    }
    if (t->tz_kind == 0) {
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "Z");
    } else if (t->tz_kind == 1) {
        int m = t->tz_offset_minutes;
        char sign = m < 0 ? '-' : '+';
        if (m < 0) m = -m;
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "%c%02d%02d", sign, m / 60, m % 60);
    }
    if (cap > 0) {
        size_t copy = (size_t)n < cap - 1 ? (size_t)n : cap - 1;
        memcpy(buf, tmp, copy);
        buf[copy] = '\0';
    }
    return (size_t)n;
}
