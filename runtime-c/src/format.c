/* format.c - text forms of INTEGER and OBJECT IDENTIFIER contents (decimal of any size,
 * as the Rust runtime prints them), with fixed stack buffers instead of allocation. */
#include <stdio.h>
#include <string.h>

#include "synta/synta.h"

#define MAX_INTEGER 512 /* octets of INTEGER contents synta_integer_format accepts */
#define MAX_ARC 256     /* octets of one OID sub-identifier synta_oid_format accepts */

/* Appends |s| (|n| chars) to the output (|*pos| counts what was wanted). */
static void put(char *buf, size_t cap, size_t *pos, const char *s, size_t n) {
    if (*pos < cap) {
        size_t room = cap - 1 - *pos;
        memcpy(buf + *pos, s, n < room ? n : room);
        buf[*pos + (n < room ? n : room)] = '\0';
    }
    *pos += n;
}

/* Writes the big-endian magnitude |mag| (|len| octets, destroyed) in decimal into
 * |digits| (at least 3 * len + 10 chars); returns the number of digits. */
static size_t magnitude_decimal(uint8_t *mag, size_t len, char *digits) {
    char rev[3 * MAX_INTEGER + 16];
    size_t n = 0, start = 0, i;
    while (start < len && mag[start] == 0) start++;
    while (start < len) {
        /* Divide by 10^9 and emit nine digits of the remainder. */
        uint64_t rem = 0;
        int k;
        for (i = start; i < len; i++) {
            uint64_t cur = (rem << 8) | mag[i];
            mag[i] = (uint8_t)(cur / 1000000000u);
            rem = cur % 1000000000u;
        }
        while (start < len && mag[start] == 0) start++;
        for (k = 0; k < 9 && (start < len || rem != 0); k++) {
            rev[n++] = (char)('0' + rem % 10);
            rem /= 10;
        }
    }
    if (n == 0) rev[n++] = '0';
    for (i = 0; i < n; i++) digits[i] = rev[n - 1 - i];
    return n;
}

size_t synta_integer_format(synta_span value, char *buf, size_t cap) {
    uint8_t mag[MAX_INTEGER];
    char digits[3 * MAX_INTEGER + 16];
    size_t pos = 0, n, i;
    int negative;
    if (cap > 0) buf[0] = '\0';
    if (value.len == 0 || value.len > MAX_INTEGER) return 0;
    negative = (value.data[0] & 0x80) != 0;
    memcpy(mag, value.data, value.len);
    if (negative) {
        /* Magnitude of a two's complement negative: invert and add one. */
        for (i = 0; i < value.len; i++) mag[i] = (uint8_t)~mag[i];
        for (i = value.len; i-- > 0;) {
            if (++mag[i] != 0) break;
        }
        put(buf, cap, &pos, "-", 1);
    }
    n = magnitude_decimal(mag, value.len, digits);
    put(buf, cap, &pos, digits, n);
    return pos;
}

/* Subtracts |v| (< 256) from the big-endian magnitude |mag|, which is at least |v|. */
static void sub_small(uint8_t *mag, size_t len, unsigned v) {
    size_t i = len;
    unsigned borrow = v;
    while (borrow != 0 && i-- > 0) {
        unsigned cur = mag[i];
        if (cur >= borrow) {
            mag[i] = (uint8_t)(cur - borrow);
            borrow = 0;
        } else {
            mag[i] = (uint8_t)(cur + 256u - borrow);
            borrow = 1;
        }
    }
}

/* "00" to "99": two digits per lookup. */
static const char DIGIT_PAIRS[201] =
    "0001020304050607080910111213141516171819"
    "2021222324252627282930313233343536373839"
    "4041424344454647484950515253545556575859"
    "6061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* 10^0 to 10^19. */
static const uint64_t POW10[20] = {UINT64_C(1),
                                   UINT64_C(10),
                                   UINT64_C(100),
                                   UINT64_C(1000),
                                   UINT64_C(10000),
                                   UINT64_C(100000),
                                   UINT64_C(1000000),
                                   UINT64_C(10000000),
                                   UINT64_C(100000000),
                                   UINT64_C(1000000000),
                                   UINT64_C(10000000000),
                                   UINT64_C(100000000000),
                                   UINT64_C(1000000000000),
                                   UINT64_C(10000000000000),
                                   UINT64_C(100000000000000),
                                   UINT64_C(1000000000000000),
                                   UINT64_C(10000000000000000),
                                   UINT64_C(100000000000000000),
                                   UINT64_C(1000000000000000000),
                                   UINT64_C(10000000000000000000)};

/* Writes |v| in decimal at |out| (at most 20 chars), two digits at a time from the
 * end; returns the number of chars. */
static size_t decimal_text(uint64_t v, char *out) {
    size_t digits = 1;
    char *end;
    while (digits < 20 && v >= POW10[digits]) digits++;
    end = out + digits;
    while (v >= 100) {
        unsigned r = (unsigned)(v % 100);
        v /= 100;
        end -= 2;
        end[0] = DIGIT_PAIRS[2 * r];
        end[1] = DIGIT_PAIRS[2 * r + 1];
    }
    if (v >= 10) {
        end[-2] = DIGIT_PAIRS[2 * v];
        end[-1] = DIGIT_PAIRS[2 * v + 1];
    } else {
        end[-1] = (char)('0' + v);
    }
    return digits;
}

/* Writes the sub-identifier of |len| (at most 9) octets at |p| in decimal into |out|
 * (at least 22 chars: "2." and 20 digits); |split_first| writes the first one of an
 * OBJECT IDENTIFIER as its two arcs X.Y (8.19.4: X * 40 + Y, X in 0..2). Returns the
 * number of chars. */
static size_t small_arc_text(const uint8_t *p, size_t len, int split_first, char *out) {
    uint64_t v = 0;
    size_t n = 0, k;
    for (k = 0; k < len; k++) v = (v << 7) | (p[k] & 0x7Fu);
    if (split_first) {
        unsigned first = v < 40 ? 0 : v < 80 ? 1 : 2;
        v -= first * 40u;
        out[n++] = (char)('0' + first);
        out[n++] = '.';
    }
    return n + decimal_text(v, out + n);
}

/* The dotted text of |oid| when every arc fits in 63 bits (the OIDs of certificates),
 * written in one pass into |text| (at least 23 chars per octet of |oid|: a dot, "2."
 * and 20 digits per sub-identifier); 0 when an arc is longer or a sub-identifier is
 * not minimal (the general loop below decides). */
static size_t oid_short(synta_span oid, int relative, char *text) {
    size_t n = 0, i = 0, arc = 0;
    while (i < oid.len) {
        size_t start = i;
        if (oid.data[i] == 0x80) return 0;
        while (oid.data[i] & 0x80) i++;
        i++;
        if (i - start > 9) return 0;
        if (arc > 0) text[n++] = '.';
        n += small_arc_text(oid.data + start, i - start, arc == 0 && !relative, text + n);
        arc++;
    }
    return n;
}

size_t synta_oid_format(synta_span oid, int relative, char *buf, size_t cap) {
    size_t pos = 0, i = 0, arc = 0;
    if (cap > 0) buf[0] = '\0';
    if (oid.len == 0 || (oid.data[oid.len - 1] & 0x80)) return 0;
    if (oid.len <= 32) {
        char text[32 * 23];
        size_t n = oid_short(oid, relative, text);
        if (n > 0) {
            put(buf, cap, &pos, text, n);
            return pos;
        }
    }
    while (i < oid.len) {
        size_t start = i, len, bits, bytes, k;
        uint8_t mag[MAX_ARC];
        char digits[3 * MAX_INTEGER + 16];
        unsigned first = 0;
        if (oid.data[i] == 0x80) return 0; /* not minimal */
        while (oid.data[i] & 0x80) i++;
        i++;
        len = i - start;
        if (len > MAX_ARC) return 0;
        if (len <= 9) {
            /* An arc of at most 63 bits (in an OID longer than oid_short takes). */
            char text[24];
            if (arc > 0) put(buf, cap, &pos, ".", 1);
            put(buf, cap, &pos, text, small_arc_text(oid.data + start, len, arc == 0 && !relative, text));
            arc++;
            continue;
        }
        /* Base 128 to base 256, from the least significant end. */
        bits = len * 7;
        bytes = (bits + 7) / 8;
        memset(mag, 0, bytes);
        for (k = 0; k < len; k++) {
            size_t bit = (len - 1 - k) * 7; /* weight of this group's lowest bit */
            unsigned v = oid.data[start + k] & 0x7Fu;
            size_t byte = bytes - 1 - bit / 8;
            unsigned shift = (unsigned)(bit % 8);
            mag[byte] = (uint8_t)(mag[byte] | (uint8_t)(v << shift));
            if (shift > 1 && byte > 0) mag[byte - 1] = (uint8_t)(mag[byte - 1] | (uint8_t)(v >> (8 - shift)));
        }
        if (arc == 0 && !relative) {
            /* 8.19.4: the first sub-identifier is X * 40 + Y with X in 0..2. */
            int small = 1;
            unsigned low = 0;
            for (k = 0; k < bytes; k++) {
                if (k + 1 < bytes && mag[k] != 0) small = 0;
            }
            if (small) low = mag[bytes - 1];
            first = (small && low < 40) ? 0 : (small && low < 80) ? 1 : 2;
            sub_small(mag, bytes, first * 40);
            put(buf, cap, &pos, first == 0 ? "0." : first == 1 ? "1." : "2.", 2);
        } else if (arc > 0) {
            put(buf, cap, &pos, ".", 1);
        }
        put(buf, cap, &pos, digits, magnitude_decimal(mag, bytes, digits));
        arc++;
    }
    return pos;
}
