#include "yir_support.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void yir_keep_freed_memory_for_reuse(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}
