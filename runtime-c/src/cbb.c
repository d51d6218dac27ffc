/*
 * cbb.c - the write builder (synta_cbb), BoringSSL CBB style.
 *
 * A child reserves one length octet and, when flushed, moves its contents
 * forward if the final length needs the long form: the common short element
 * costs nothing extra, a long one one memmove. SET OF children are sorted on
 * flush (X.690 11.6) within the buffer itself.
 */
#include <stdlib.h>
#include <string.h>

#include "synta/synta.h"

/* st returns the storage |cbb| writes to, or NULL for a flushed child. */
static synta_cbb_storage *st(synta_cbb *cbb) { return cbb->is_child ? cbb->storage : &cbb->base; }

static int fail(synta_cbb_storage *s) {
    s->error = 1;
    return 0;
}

/* ensure_room makes room for |n| more bytes after s->len without using them. */
static int ensure_room(synta_cbb_storage *s, size_t n) {
    if (s->error) {
        return 0;
    }
    if (n > SIZE_MAX - s->len) {
        return fail(s);
    }
    size_t need = s->len + n;
    if (need <= s->cap) {
        return 1;
    }
    if (!s->can_resize) {
        return fail(s);
    }
    size_t cap = s->cap < 64 ? 64 : s->cap;
    while (cap < need) {
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    }
    uint8_t *buf = realloc(s->buf, cap);
    if (buf == NULL) {
        return fail(s);
    }
    s->buf = buf;
    s->cap = cap;
    return 1;
}

/* append reserves |n| bytes at the end and sets |*out| to them. */
static int append(synta_cbb_storage *s, size_t n, uint8_t **out) {
    if (!ensure_room(s, n)) {
        return 0;
    }
    *out = s->buf + s->len;
    s->len += n;
    return 1;
}

/* prepare flushes |cbb|'s open child (writing to a parent closes it) and
 * returns the storage to write to, or NULL after an error. */
static synta_cbb_storage *prepare(synta_cbb *cbb) {
    if (!synta_cbb_flush(cbb)) {
        return NULL;
    }
    return st(cbb);
}

/* len_len: how many octets the definite length |n| takes in minimal form. */
static size_t len_len(size_t n) {
    size_t k = 1;
    if (n >= 0x80) {
        for (; n > 0; n >>= 8) {
            k++;
        }
    }
    return k;
}

static void put_len(uint8_t *p, size_t n) {
    size_t k = len_len(n);
    if (k == 1) {
        p[0] = (uint8_t)n;
        return;
    }
    p[0] = (uint8_t)(0x80u | (k - 1));
    for (size_t i = k - 1; i > 0; i--) {
        p[i] = (uint8_t)(n & 0xFF);
        n >>= 8;
    }
}

static size_t tag_len(uint32_t tag) {
    uint32_t number = tag & SYNTA_TAG_NUMBER_MASK;
    size_t k = 1;
    if (number >= 0x1F) {
        for (; number > 0; number >>= 7) {
            k++;
        }
    }
    return k;
}

static void put_tag(uint8_t *p, uint32_t tag) {
    uint32_t number = tag & SYNTA_TAG_NUMBER_MASK;
    uint8_t first = (uint8_t)(((tag & SYNTA_CLASS_MASK) >> 24) | ((tag & SYNTA_CONSTRUCTED) >> 24));
    size_t k = tag_len(tag);
    if (k == 1) {
        p[0] = (uint8_t)(first | number);
        return;
    }
    p[0] = (uint8_t)(first | 0x1F);
    for (size_t i = k - 1; i > 0; i--) {
        p[i] = (uint8_t)((number & 0x7F) | (i == k - 1 ? 0 : 0x80));
        number >>= 7;
    }
}

/* ------------------------------------------------------------ SET OF sort */

/* tlv_size parses the DER header at |p| (|avail| bytes) and sets |*out| to
 * the whole element's size; 0 for anything malformed or indefinite. */
static int tlv_size(const uint8_t *p, size_t avail, size_t *out) {
    size_t i = 1;
    if (avail < 2) {
        return 0;
    }
    if ((p[0] & 0x1F) == 0x1F) {
        while (i < avail && (p[i] & 0x80)) {
            i++;
        }
        i++;
    }
    if (i >= avail) {
        return 0;
    }
    size_t n = p[i++];
    if (n & 0x80) {
        size_t k = n & 0x7F;
        if (k == 0 || k > sizeof(size_t) || k > avail - i) {
            return 0;
        }
        n = 0;
        while (k-- > 0) {
            n = (n << 8) | p[i++];
        }
    }
    if (n > avail - i) {
        return 0;
    }
    *out = i + n;
    return 1;
}

/* der_cmp orders encodings as X.690 11.6: the shorter padded with zeros. */
static int der_cmp(const uint8_t *a, size_t an, const uint8_t *b, size_t bn) {
    size_t n = an < bn ? an : bn;
    int c = memcmp(a, b, n);
    if (c != 0) {
        return c;
    }
    const uint8_t *tail = an > bn ? a : b;
    for (size_t i = n; i < (an > bn ? an : bn); i++) {
        if (tail[i] != 0) {
            return an > bn ? 1 : -1;
        }
    }
    return 0;
}

/* skip advances |n| elements from |at| (stopping at |end|). */
static size_t skip(const uint8_t *buf, size_t at, size_t end, size_t n) {
    size_t sz;
    while (n-- > 0 && at < end && tlv_size(buf + at, end - at, &sz)) {
        at += sz;
    }
    return at;
}

static void reverse(uint8_t *p, size_t n) {
    for (size_t i = 0, j = n; i + 1 < j; i++, j--) {
        uint8_t t = p[i];
        p[i] = p[j - 1];
        p[j - 1] = t;
    }
}

/* rotate swaps the adjacent blocks p[0..a) and p[a..a+b) without scratch. */
static void rotate(uint8_t *p, size_t a, size_t b) {
    reverse(p, a);
    reverse(p + a, b);
    reverse(p, a + b);
}

/* merge_pass merges runs of |w| elements of src[start..end) into dst. */
static void merge_pass(const uint8_t *src, uint8_t *dst, size_t start, size_t end, size_t w) {
    size_t out = 0;
    for (size_t a = start; a < end;) {
        size_t m = skip(src, a, end, w);
        size_t b = skip(src, m, end, w);
        size_t i = a, j = m;
        while (i < m || j < b) {
            size_t si = 0, sj = 0;
            if (i < m) {
                (void)tlv_size(src + i, m - i, &si);
            }
            if (j < b) {
                (void)tlv_size(src + j, b - j, &sj);
            }
            /* Stable: on a tie the left run goes first. */
            if (j >= b || (i < m && der_cmp(src + i, si, src + j, sj) <= 0)) {
                memcpy(dst + out, src + i, si);
                out += si;
                i += si;
            } else {
                memcpy(dst + out, src + j, sj);
                out += sj;
                j += sj;
            }
        }
        a = b;
    }
}

/* sort_set sorts the elements of s->buf[start..start+len). Already sorted
 * input (the usual case) is only scanned. With room after the data it merge
 * sorts through that room (O(len log n)); a full fixed buffer falls back to
 * an in-place insertion sort by rotations. */
static int sort_set(synta_cbb_storage *s, size_t start, size_t len) {
    size_t end = start + len, count = 0, prev = 0, prev_sz = 0, sorted = 1;
    for (size_t at = start; at < end;) {
        size_t sz;
        if (!tlv_size(s->buf + at, end - at, &sz)) {
            return fail(s); /* add_bytes wrote something that is no element */
        }
        if (count > 0 && der_cmp(s->buf + prev, prev_sz, s->buf + at, sz) > 0) {
            sorted = 0;
        }
        prev = at;
        prev_sz = sz;
        at += sz;
        count++;
    }
    if (sorted) {
        return 1;
    }
    if (s->can_resize ? ensure_room(s, len) : s->cap - s->len >= len) {
        uint8_t *scratch = s->buf + s->len - start; /* indexed like buf */
        for (size_t w = 1; w < count; w *= 2) {
            merge_pass(s->buf, scratch + start, start, end, w);
            memcpy(s->buf + start, scratch + start, len);
        }
        return 1;
    }
    s->error = 0; /* a failed growth is not an error for the fallback */
    size_t sz;
    for (size_t at = start; at < end; at += sz) {
        (void)tlv_size(s->buf + at, end - at, &sz);
        size_t q = start, qs;
        while (q < at && tlv_size(s->buf + q, at - q, &qs) && der_cmp(s->buf + q, qs, s->buf + at, sz) <= 0) {
            q += qs;
        }
        rotate(s->buf + q, at - q, sz);
    }
    return 1;
}

/* ----------------------------------------------------------- the builder */

int synta_cbb_init(synta_cbb *cbb, size_t initial_cap) {
    memset(cbb, 0, sizeof(*cbb));
    cbb->base.can_resize = 1;
    if (initial_cap > 0) {
        cbb->base.buf = malloc(initial_cap);
        if (cbb->base.buf == NULL) {
            return fail(&cbb->base);
        }
        cbb->base.cap = initial_cap;
    }
    return 1;
}

int synta_cbb_init_fixed(synta_cbb *cbb, uint8_t *buf, size_t cap) {
    memset(cbb, 0, sizeof(*cbb));
    cbb->base.buf = buf;
    cbb->base.cap = buf == NULL ? 0 : cap;
    return 1;
}

void synta_cbb_cleanup(synta_cbb *cbb) {
    if (cbb->is_child) {
        return; /* children own nothing */
    }
    if (cbb->base.can_resize) {
        free(cbb->base.buf);
    }
    memset(cbb, 0, sizeof(*cbb));
}

int synta_cbb_flush(synta_cbb *cbb) {
    synta_cbb_storage *s = st(cbb);
    if (s == NULL || s->error) {
        return 0;
    }
    synta_cbb *child = cbb->child;
    if (child == NULL) {
        return 1;
    }
    if (!synta_cbb_flush(child)) {
        return 0;
    }
    size_t start = child->offset;
    size_t len = s->len - start;
    if (child->pending_is_set_of && !sort_set(s, start, len)) {
        return 0;
    }
    size_t k = len_len(len);
    if (k > child->pending_len_len) {
        size_t extra = k - child->pending_len_len;
        uint8_t *unused;
        if (!append(s, extra, &unused)) {
            return 0;
        }
        memmove(s->buf + start + extra, s->buf + start, len);
    }
    put_len(s->buf + start - child->pending_len_len, len);
    child->storage = NULL;
    cbb->child = NULL;
    return 1;
}

int synta_cbb_finish(synta_cbb *cbb, uint8_t **out_data, size_t *out_len) {
    if (cbb->is_child || !synta_cbb_flush(cbb)) {
        return 0;
    }
    *out_data = cbb->base.buf;
    *out_len = cbb->base.len;
    /* The bytes now belong to the caller; the builder is spent. */
    cbb->base.buf = NULL;
    cbb->base.can_resize = 0;
    cbb->base.cap = 0;
    cbb->base.len = 0;
    cbb->base.error = 1;
    return 1;
}

/* growth: how many octets the open chain from |child| down adds once its
 * reserved length octets take their final size. */
static size_t growth(const synta_cbb *child, const synta_cbb_storage *s) {
    size_t inner = child->child != NULL ? growth(child->child, s) : 0;
    return inner + len_len(s->len - child->offset + inner) - child->pending_len_len;
}

size_t synta_cbb_len(const synta_cbb *cbb) {
    const synta_cbb_storage *s = cbb->is_child ? cbb->storage : &cbb->base;
    if (s == NULL) {
        return 0;
    }
    size_t start = cbb->is_child ? cbb->offset : 0;
    return s->len - start + (cbb->child != NULL ? growth(cbb->child, s) : 0);
}

int synta_cbb_add_bytes(synta_cbb *cbb, const uint8_t *data, size_t len) {
    synta_cbb_storage *s = prepare(cbb);
    uint8_t *p;
    if (s == NULL || !append(s, len, &p)) {
        return 0;
    }
    if (len > 0) {
        memcpy(p, data, len);
    }
    return 1;
}

int synta_cbb_add_u8(synta_cbb *cbb, uint8_t value) { return synta_cbb_add_bytes(cbb, &value, 1); }

static int open_child(synta_cbb *cbb, synta_cbb *out_child, uint32_t tag, uint8_t set_of) {
    synta_cbb_storage *s = prepare(cbb);
    size_t tl = tag_len(tag);
    uint8_t *p;
    if (s == NULL || !append(s, tl + 1, &p)) {
        return 0;
    }
    put_tag(p, tag);
    p[tl] = 0;
    memset(out_child, 0, sizeof(*out_child));
    out_child->storage = s;
    out_child->offset = s->len;
    out_child->pending_len_len = 1;
    out_child->pending_is_set_of = set_of;
    out_child->is_child = 1;
    cbb->child = out_child;
    return 1;
}

int synta_cbb_add_asn1(synta_cbb *cbb, synta_cbb *out_child, uint32_t tag) {
    return open_child(cbb, out_child, tag, 0);
}

int synta_cbb_add_set_of(synta_cbb *cbb, synta_cbb *out_child, uint32_t tag) {
    return open_child(cbb, out_child, tag, 1);
}

/* add_element writes tag, length and the |n| contents octets at |c| (the
 * length is known up front, so no child and no move). */
static int add_element(synta_cbb *cbb, uint32_t tag, const uint8_t *c, size_t n) {
    synta_cbb_storage *s = prepare(cbb);
    size_t tl = tag_len(tag), ll = len_len(n);
    uint8_t *p;
    if (s == NULL || n > SIZE_MAX - tl - ll || !append(s, tl + ll + n, &p)) {
        return 0;
    }
    put_tag(p, tag);
    put_len(p + tl, n);
    if (n > 0) {
        memcpy(p + tl + ll, c, n);
    }
    return 1;
}

/* reject records an invalid argument as the builder's sticky error. */
static int reject(synta_cbb *cbb) {
    synta_cbb_storage *s = st(cbb);
    return s == NULL ? 0 : fail(s);
}

int synta_cbb_add_boolean(synta_cbb *cbb, uint32_t tag, int value) {
    uint8_t v = value ? 0xFF : 0x00; /* X.690 11.1 */
    return add_element(cbb, tag, &v, 1);
}

int synta_cbb_add_null(synta_cbb *cbb, uint32_t tag) { return add_element(cbb, tag, NULL, 0); }

/* minimal strips redundant leading octets of two's complement |p[0..n)|. */
static size_t minimal(const uint8_t *p, size_t n, size_t *first) {
    size_t i = 0;
    while (n - i > 1 && ((p[i] == 0x00 && !(p[i + 1] & 0x80)) || (p[i] == 0xFF && (p[i + 1] & 0x80)))) {
        i++;
    }
    *first = i;
    return n - i;
}

int synta_cbb_add_int64(synta_cbb *cbb, uint32_t tag, int64_t value) {
    uint8_t b[8];
    uint64_t u = (uint64_t)value; /* two's complement by C11's conversion rule */
    for (int i = 7; i >= 0; i--) {
        b[i] = (uint8_t)(u & 0xFF);
        u >>= 8;
    }
    size_t first, n = minimal(b, 8, &first);
    return add_element(cbb, tag, b + first, n);
}

int synta_cbb_add_uint64(synta_cbb *cbb, uint32_t tag, uint64_t value) {
    uint8_t b[9];
    b[0] = 0; /* a sign octet for values with the top bit set */
    for (int i = 8; i >= 1; i--) {
        b[i] = (uint8_t)(value & 0xFF);
        value >>= 8;
    }
    size_t first, n = minimal(b, 9, &first);
    return add_element(cbb, tag, b + first, n);
}

int synta_cbb_add_integer(synta_cbb *cbb, uint32_t tag, synta_span value) {
    size_t first;
    if (value.len == 0 || minimal(value.data, value.len, &first) != value.len) {
        return reject(cbb); /* X.690 8.3.2: not minimal */
    }
    return add_element(cbb, tag, value.data, value.len);
}

int synta_cbb_add_bit_string(synta_cbb *cbb, uint32_t tag, synta_span data, uint8_t unused) {
    if (unused > 7 || (data.len == 0 && unused != 0) ||
        (data.len > 0 && (data.data[data.len - 1] & ((1u << unused) - 1u)) != 0)) {
        return reject(cbb); /* X.690 8.6.2.2, 11.2.1 */
    }
    synta_cbb_storage *s = prepare(cbb);
    size_t tl = tag_len(tag), n = data.len + 1, ll = len_len(n);
    uint8_t *p;
    if (s == NULL || data.len > SIZE_MAX - 16 || !append(s, tl + ll + n, &p)) {
        return 0;
    }
    put_tag(p, tag);
    put_len(p + tl, n);
    p[tl + ll] = unused;
    if (data.len > 0) {
        memcpy(p + tl + ll + 1, data.data, data.len);
    }
    return 1;
}

int synta_cbb_add_primitive(synta_cbb *cbb, uint32_t tag, synta_span contents) {
    return add_element(cbb, tag, contents.data, contents.len);
}

/* ------------------------------------------------------------------ times */

static int days_in_month(int32_t year, unsigned month) {
    static const uint8_t days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return days[month - 1] + (month == 2 && leap);
}

/* time_ok checks the calendar fields and the DER zone (Z only). */
static int time_ok(const synta_time *t) {
    unsigned minute = t->has_minute ? t->minute : 0, second = t->has_second ? t->second : 0;
    return t->month >= 1 && t->month <= 12 && t->day >= 1 && t->day <= days_in_month(t->year, t->month) &&
           t->hour <= 23 && minute <= 59 && second <= 59 && t->tz_kind == 0;
}

static void digits(char *p, uint32_t v, int n) {
    for (int i = n - 1; i >= 0; i--) {
        p[i] = (char)('0' + v % 10);
        v /= 10;
    }
}

/* put_clock writes MMDDHHMMSS (absent minutes and seconds are zero). */
static void put_clock(char *p, const synta_time *t) {
    digits(p, t->month, 2);
    digits(p + 2, t->day, 2);
    digits(p + 4, t->hour, 2);
    digits(p + 6, t->has_minute ? t->minute : 0, 2);
    digits(p + 8, t->has_second ? t->second : 0, 2);
}

int synta_cbb_add_utc_time(synta_cbb *cbb, uint32_t tag, const synta_time *t) {
    if (!time_ok(t) || t->year < 1950 || t->year > 2049 || (t->fraction_digits > 0 && t->fraction != 0)) {
        return reject(cbb); /* X.690 11.8 */
    }
    char text[13];
    digits(text, (uint32_t)(t->year % 100), 2);
    put_clock(text + 2, t);
    text[12] = 'Z';
    return add_element(cbb, tag, (const uint8_t *)text, sizeof(text));
}

int synta_cbb_add_generalized_time(synta_cbb *cbb, uint32_t tag, const synta_time *t) {
    uint64_t f = t->fraction;
    int fd = t->fraction_digits;
    uint32_t limit = 1;
    for (int i = 0; i < fd && i < 10; i++) {
        limit = limit > UINT32_MAX / 10 ? UINT32_MAX : limit * 10;
    }
    if (!time_ok(t) || t->year < 0 || t->year > 9999 || fd > 9 || (fd > 0 && f >= limit)) {
        return reject(cbb); /* X.690 11.7 */
    }
    while (fd > 0 && f % 10 == 0) { /* no trailing zeros, no empty fraction */
        f /= 10;
        fd--;
    }
    char text[4 + 10 + 1 + 9 + 1];
    size_t n = 14;
    digits(text, (uint32_t)t->year, 4);
    put_clock(text + 4, t);
    if (fd > 0) {
        text[n++] = '.';
        digits(text + n, f, fd);
        n += (size_t)fd;
    }
    text[n++] = 'Z';
    return add_element(cbb, tag, (const uint8_t *)text, n);
}
