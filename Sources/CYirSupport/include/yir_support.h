#ifndef YIR_SUPPORT_H
#define YIR_SUPPORT_H

/// Keeps freed blocks of up to 64 MiB in the heap for reuse instead of returning them to the
/// kernel (glibc's mallopt; nothing elsewhere). See Yir.keepFreedMemoryForReuse.
void yir_keep_freed_memory_for_reuse(void);

/// Lets at most `count` heaps serve the threads (glibc's M_ARENA_MAX, by default eight per
/// core; nothing elsewhere). See Yir.limitHeaps(threads:).
void yir_limit_heaps(int count);

/// Returns the heap's free pages to the kernel (glibc's malloc_trim; nothing elsewhere), once
/// a stage's blocks are freed and the next stage allocates blocks of other sizes.
void yir_release_freed_memory(void);

/// Swaps two existing paths in one atomic step (Linux renameat2 with RENAME_EXCHANGE), so a
/// folder of outputs is replaced as a whole. -1 with errno (ENOSYS, EINVAL where the file
/// system cannot) otherwise.
int yir_exchange_paths(const char *a, const char *b);

/// Flushes the whole file system that holds `path` (syncfs): one call for a folder of many
/// freshly written files, instead of an fsync per file.
int yir_sync_filesystem_of(const char *path);

/// Asks the processor to bring the cache line at `address` in ahead of its use, without
/// waiting for it (a hint: never faults, whatever the address).
static inline void yir_prefetch(const void *address) { __builtin_prefetch(address, 1, 3); }

#include <stddef.h>

/// Whether standard input was closed when the process started (`yir <&-`): yir's start put a
/// descriptor that reads nothing in its place, so that none of yir's own descriptors can take
/// number 0 and be read as the input (SPEC §4.5). Set by `yir_mark_standard_input_closed`.
int yir_standard_input_was_closed(void);
void yir_mark_standard_input_closed(void);

/// Whether standard input can be read: open, and not opened for writing only.
int yir_standard_input_is_readable(void);

/// Watches a read-only memory map of an input file, so that a read in it that faults (SIGBUS:
/// the file was shortened under the map, or its disk failed) no longer kills the process: the
/// pages from the fault to the map's end read as zeros from then on and the watch records the
/// fault, for the reader to report once it has finished with the bytes (yir_mapped_input.c).
/// Returns the watch, or -1 when the map cannot be watched (no handler could be installed, or
/// every slot is taken): then the file must be read, not mapped.
int yir_watch_mapped_input(const void *base, size_t length);

/// Ends a watch; call it before unmapping.
void yir_unwatch_mapped_input(int watch);

/// 1 when a read in the watched map has faulted, else 0.
int yir_mapped_input_faulted(int watch);

#endif
