/* Counts a process's calls to malloc and free, printed to stderr at exit: how many heap
 * allocations a change saves, where perf shows only their time. Build and use:
 *
 *     cc -O2 -shared -fPIC -o .bench/malloc_count.so Benchmarks/malloc_count.c -ldl
 *     LD_PRELOAD=.bench/malloc_count.so .build/release/yir stats .bench/export.jsonl \
 *         --as-of 2025-12-31T12:00:00Z --format jsonl --quiet > /dev/null
 *
 * Where they come from: `perf probe -x /usr/lib/x86_64-linux-gnu/libc.so.6 malloc`, then
 * `perf record -e probe_libc:malloc -g`, then `perf report`. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

static atomic_long mallocs, frees;
static void *(*real_malloc)(size_t);
static void (*real_free)(void *);

__attribute__((constructor)) static void find_real(void) {
    real_malloc = dlsym(RTLD_NEXT, "malloc");
    real_free = dlsym(RTLD_NEXT, "free");
}

void *malloc(size_t size) {
    if (!real_malloc) find_real();
    atomic_fetch_add_explicit(&mallocs, 1, memory_order_relaxed);
    return real_malloc(size);
}

void free(void *p) {
    if (!real_free) find_real();
    if (p) atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    real_free(p);
}

__attribute__((destructor)) static void report(void) {
    char line[96];
    int n = snprintf(line, sizeof line, "malloc_count: %ld malloc, %ld free\n",
                     atomic_load(&mallocs), atomic_load(&frees));
    if (n > 0) write(2, line, (size_t)n);
}
