// How much faster could yir's scanner be with a structural pass (simdjson's "stage 1")?
// A measurement probe, not part of yir: it locates the members of every line of a JSON Lines
// file two ways and reports ns per line for each, after checking that both found the same.
//
//   scalar:     byte by byte, strings skipped eight bytes at a time — the shape of yir's
//               JSONScanner (Sources/YirIngest/JSONScanner.swift), in C.
//   structural: per 64-byte block, bit masks of quotes, structural characters, control and
//               non-ASCII bytes (AVX2), strings found by a carry-less prefix XOR of the
//               quotes, then a walk over the structural positions only. Loads may read up to
//               63 bytes past a line's end (the next line, or the buffer's slack): masked off.
//
// Both validate what the walk needs (object structure, keys and string values, control
// characters in strings, UTF-8 where a string has non-ASCII bytes, number syntax); lines with
// backslashes go to the scalar path in both (escapes are rare). Build and run:
//   cc -O2 -mavx2 -mpclmul -mbmi -o .bench/stage1_probe Benchmarks/stage1_probe.c
//   .build/release/yir sample --readers 2000 --days 365 --seed 1 > .bench/s2k.jsonl
//   .bench/stage1_probe .bench/s2k.jsonl
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAXF = 32 };
typedef struct { int count; int ks[MAXF], ke[MAXF], vs[MAXF], ve[MAXF]; char kind[MAXF]; } Found;

static int utf8_valid(const uint8_t *p, int n) {
    for (int i = 0; i < n;) {
        uint8_t c = p[i];
        if (c < 0x80) { i++; continue; }
        int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
        if (!len || c > 0xF4 || i + len > n) return 0;
        for (int k = 1; k < len; k++) if ((p[i + k] & 0xC0) != 0x80) return 0;
        if (c == 0xE0 && p[i + 1] < 0xA0) return 0;
        if (c == 0xED && p[i + 1] > 0x9F) return 0;
        if (c == 0xF0 && p[i + 1] < 0x90) return 0;
        if (c == 0xF4 && p[i + 1] > 0x8F) return 0;
        i += len;
    }
    return 1;
}

static int is_ws(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A number or literal at p[i..]: returns its end, or -1.
static int scan_scalar(const uint8_t *p, int n, int i) {
    if (i < n && (p[i] == 't' || p[i] == 'f' || p[i] == 'n')) {
        const char *w = p[i] == 't' ? "true" : p[i] == 'f' ? "false" : "null";
        int l = (int)strlen(w);
        return i + l <= n && !memcmp(p + i, w, l) ? i + l : -1;
    }
    int s = i;
    if (i < n && p[i] == '-') i++;
    if (i >= n || p[i] < '0' || p[i] > '9') return -1;
    if (p[i] == '0') i++; else while (i < n && p[i] >= '0' && p[i] <= '9') i++;
    if (i < n && p[i] == '.') { i++; int d = i; while (i < n && p[i] >= '0' && p[i] <= '9') i++; if (i == d) return -1; }
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        i++; if (i < n && (p[i] == '+' || p[i] == '-')) i++;
        int d = i; while (i < n && p[i] >= '0' && p[i] <= '9') i++; if (i == d) return -1;
    }
    return i > s ? i : -1;
}

static inline uint64_t special8(uint64_t w) {
    const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
    uint64_t q = w ^ (ones * 0x22), b = w ^ (ones * 0x5C);
    return (((q - ones) & ~q) | ((b - ones) & ~b) | ((w - ones * 0x20) & ~w) | w) & high;
}

// A string from its opening quote; returns the closing quote's index or -1.
static int scan_string(const uint8_t *p, int n, int i, int *escaped) {
    i++;
    int s = i, high = 0;
    for (;;) {
        while (i + 8 <= n) {
            uint64_t w; memcpy(&w, p + i, 8);
            uint64_t m = special8(w);
            if (m) { i += __builtin_ctzll(m) >> 3; break; }
            i += 8;
        }
        if (i >= n) return -1;
        uint8_t c = p[i];
        if (c == '"') break;
        if (c < 0x20) return -1;
        if (c == '\\') {
            *escaped = 1;
            i++;
            if (i >= n) return -1;
            if (p[i] == 'u') { for (int k = 1; k <= 4; k++) { if (i + k >= n) return -1; } i += 5; }
            else i++;
        } else { if (c >= 0x80) high = 1; i++; }
    }
    if (high && !utf8_valid(p + s, i - s)) return -1;
    return i;
}

static int scan_scalar_line(const uint8_t *p, int n, Found *f) {
    int i = 0, esc = 0;
    f->count = 0;
    while (i < n && is_ws(p[i])) i++;
    if (i >= n || p[i] != '{') return 0;
    i++;
    while (i < n && is_ws(p[i])) i++;
    if (i < n && p[i] == '}') return 1;
    for (;;) {
        if (i >= n || p[i] != '"') return 0;
        int ke = scan_string(p, n, i, &esc);
        if (ke < 0) return 0;
        int ks = i + 1;
        i = ke + 1;
        while (i < n && is_ws(p[i])) i++;
        if (i >= n || p[i] != ':') return 0;
        i++;
        while (i < n && is_ws(p[i])) i++;
        int vs, ve; char kind;
        if (i < n && p[i] == '"') {
            int e = scan_string(p, n, i, &esc);
            if (e < 0) return 0;
            vs = i + 1; ve = e; kind = 's'; i = e + 1;
        } else {
            int e = scan_scalar(p, n, i);
            if (e < 0) return 0;
            vs = i; ve = e; kind = 'n'; i = e;
        }
        if (f->count < MAXF) { int c = f->count++; f->ks[c] = ks; f->ke[c] = ke; f->vs[c] = vs; f->ve[c] = ve; f->kind[c] = kind; }
        while (i < n && is_ws(p[i])) i++;
        if (i >= n) return 0;
        if (p[i] == '}') { i++; break; }
        if (p[i] != ',') return 0;
        i++;
        while (i < n && is_ws(p[i])) i++;
    }
    while (i < n && is_ws(p[i])) i++;
    return i == n;
}

static inline uint64_t eq64(__m256i lo, __m256i hi, char c) {
    __m256i v = _mm256_set1_epi8(c);
    uint32_t a = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, v));
    uint32_t b = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, v));
    return (uint64_t)a | ((uint64_t)b << 32);
}

static inline uint64_t prefix_xor(uint64_t m) {
    return (uint64_t)_mm_cvtsi128_si64(_mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)m), _mm_set1_epi8((char)0xFF), 0));
}

// Positions of structural characters outside strings and of every quote; the walk reads them
// in order. Control bytes inside strings make the line invalid; non-ASCII bytes inside strings
// are validated as UTF-8 per string by the walk.
static int scan_structural_line(const uint8_t *p, int n, Found *f) {
    enum { MAXS = 512 };
    int pos[MAXS], count = 0;
    uint64_t carry = 0;  // all ones when the previous block ended inside a string
    uint64_t highBlocks = 0;
    for (int base = 0; base < n; base += 64) {
        // Past the line's end the loads read the next line (or the buffer's slack): masked off.
        const uint8_t *b = p + base;
        __m256i lo = _mm256_loadu_si256((const __m256i *)b), hi = _mm256_loadu_si256((const __m256i *)(b + 32));
        uint64_t valid = n - base < 64 ? (1ULL << (n - base)) - 1 : ~0ULL;
        if (eq64(lo, hi, '\\') & valid) return scan_scalar_line(p, n, f);  // escapes: the scalar path
        uint64_t quote = eq64(lo, hi, '"');
        uint64_t carry_in = carry;
        uint64_t inside = prefix_xor(quote) ^ carry;  // bits of quotes and string bytes (open quote in, close quote out)
        carry = (uint64_t)((int64_t)inside >> 63);
        __m256i limit = _mm256_set1_epi8(0x20);
        uint64_t low = (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(limit, lo))
                     | ((uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(limit, hi)) << 32);  // < 0x20 or ≥ 0x80
        uint64_t high = (uint32_t)_mm256_movemask_epi8(lo) | ((uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32);
        uint64_t control = low & ~high;
        if (n - base < 64) {
            control &= valid; high &= valid; quote &= valid;
            inside = prefix_xor(quote) ^ carry_in;
            carry = (uint64_t)((int64_t)(inside << (64 - (n - base))) >> 63);
            inside &= valid;
        }
        if (control & inside & ~quote) return 0;
        if (high & inside) highBlocks |= 1ULL << (base / 64);
        if (high & ~inside) return 0;
        uint64_t ops = eq64(lo, hi, '{') | eq64(lo, hi, '}') | eq64(lo, hi, ':') | eq64(lo, hi, ',')
                     | eq64(lo, hi, '[') | eq64(lo, hi, ']');
        ops &= valid;
        uint64_t structural = (ops & ~inside) | quote;
        while (structural) {
            if (count == MAXS) return scan_scalar_line(p, n, f);
            pos[count++] = base + __builtin_ctzll(structural);
            structural &= structural - 1;
        }
    }
    if (carry) return 0;  // a string left open
    // The walk: { "key" : value , ... } with only whitespace between structurals, scalars
    // (numbers, literals) checked where a value is not a string.
    f->count = 0;
    int k = 0, i = 0;
    while (i < n && is_ws(p[i])) i++;
    if (k >= count || pos[k] != i || p[i] != '{') return 0;
    k++;
    #define WS_BETWEEN(a, b) ({ int ok = 1; for (int z = (a); z < (b); z++) if (!is_ws(p[z])) { ok = 0; break; } ok; })
    if (k < count && p[pos[k]] == '}') { if (!WS_BETWEEN(i + 1, pos[k])) return 0; i = pos[k] + 1; k++; goto end; }
    for (;;) {
        int prev = pos[k - 1] + 1;
        if (k + 1 >= count || p[pos[k]] != '"' || !WS_BETWEEN(prev, pos[k])) return 0;
        int ks = pos[k] + 1, ke = pos[k + 1];
        if (highBlocks && !utf8_valid(p + ks, ke - ks)) return 0;
        k += 2;
        if (k >= count || p[pos[k]] != ':' || !WS_BETWEEN(ke + 1, pos[k])) return 0;
        int colon = pos[k++];
        int vs, ve; char kind;
        if (k < count && p[pos[k]] == '"' && WS_BETWEEN(colon + 1, pos[k])) {
            if (k + 1 >= count) return 0;
            vs = pos[k] + 1; ve = pos[k + 1];
            if (highBlocks && !utf8_valid(p + vs, ve - vs)) return 0;
            kind = 's';
            k += 2;
            if (k >= count || !WS_BETWEEN(ve + 1, pos[k])) return 0;
        } else {
            int s = colon + 1;
            while (s < n && is_ws(p[s])) s++;
            int e = scan_scalar(p, n, s);
            if (e < 0 || k >= count || !WS_BETWEEN(e, pos[k])) return 0;
            vs = s; ve = e; kind = 'n';
        }
        if (f->count < MAXF) { int c = f->count++; f->ks[c] = ks; f->ke[c] = ke; f->vs[c] = vs; f->ve[c] = ve; f->kind[c] = kind; }
        if (k >= count) return 0;
        if (p[pos[k]] == '}') { i = pos[k] + 1; k++; break; }
        if (p[pos[k]] != ',') return 0;
        k++;
    }
end:
    if (k != count) return 0;
    while (i < n && is_ws(p[i])) i++;
    return i == n;
}

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FILE.jsonl [rounds]\n", argv[0]); return 64; }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 66; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *data = malloc(size + 64);
    if (fread(data, 1, size, file) != (size_t)size) return 74;
    int rounds = argc > 2 ? atoi(argv[2]) : 20;
    int lines = 0, cap = 1024, *start = malloc(cap * sizeof(int)), *len = malloc(cap * sizeof(int));
    for (long i = 0; i < size;) {
        uint8_t *e = memchr(data + i, '\n', size - i);
        long end = e ? e - data : size;
        if (lines == cap) { cap *= 2; start = realloc(start, cap * sizeof(int)); len = realloc(len, cap * sizeof(int)); }
        start[lines] = (int)i; len[lines] = (int)(end - i); lines++;
        i = end + 1;
    }
    Found a, b;
    long mismatches = 0, valid = 0;
    for (int l = 0; l < lines; l++) {
        int ra = scan_scalar_line(data + start[l], len[l], &a), rb = scan_structural_line(data + start[l], len[l], &b);
        if (ra != rb || (ra && (a.count != b.count || memcmp(a.vs, b.vs, a.count * sizeof(int)) || memcmp(a.ve, b.ve, a.count * sizeof(int))
                                || memcmp(a.ks, b.ks, a.count * sizeof(int)) || memcmp(a.kind, b.kind, a.count)))) mismatches++;
        valid += ra;
    }
    double best[2] = {1e9, 1e9};
    volatile long sink = 0;
    for (int r = 0; r < rounds; r++) {
        for (int which = 0; which < 2; which++) {
            double t0 = seconds();
            for (int l = 0; l < lines; l++) {
                Found f;
                sink += which ? scan_structural_line(data + start[l], len[l], &f) : scan_scalar_line(data + start[l], len[l], &f);
            }
            double ns = (seconds() - t0) * 1e9 / lines;
            if (ns < best[which]) best[which] = ns;
        }
    }
    printf("%d lines (%.0f B/line), %ld valid, %ld where the two disagree\n", lines, (double)size / lines, valid, mismatches);
    printf("scalar:     %.1f ns/line (best of %d rounds)\nstructural: %.1f ns/line\n", best[0], rounds, best[1]);
    return mismatches ? 1 : 0;
}
