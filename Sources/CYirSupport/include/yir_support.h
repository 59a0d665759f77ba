#ifndef YIR_SUPPORT_H
#define YIR_SUPPORT_H

/// Keeps freed blocks of up to 64 MiB in the heap for reuse instead of returning them to the
/// kernel (glibc's mallopt; nothing elsewhere). See Yir.keepFreedMemoryForReuse.
void yir_keep_freed_memory_for_reuse(void);

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

#endif
