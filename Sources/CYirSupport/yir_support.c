#define _GNU_SOURCE
#include "yir_support.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void yir_keep_freed_memory_for_reuse(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

void yir_limit_heaps(int count) {
#if defined(__GLIBC__)
    mallopt(M_ARENA_MAX, count < 1 ? 1 : count);
#endif
}

void yir_release_freed_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

int yir_exchange_paths(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int yir_sync_filesystem_of(const char *path) {
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
#if defined(__linux__)
    int result = syncfs(fd);
#else
    int result = fsync(fd);
#endif
    int saved = errno;
    close(fd);
    errno = saved;
    return result;
}

static int standard_input_closed = 0;

int yir_standard_input_was_closed(void) { return standard_input_closed; }

void yir_mark_standard_input_closed(void) { standard_input_closed = 1; }

int yir_standard_input_is_readable(void) {
    if (standard_input_closed) return 0;
    int flags = fcntl(0, F_GETFL);
    return flags >= 0 && (flags & O_ACCMODE) != O_WRONLY;
}
