#ifndef YIR_SUPPORT_H
#define YIR_SUPPORT_H

/// Keeps freed blocks of up to 64 MiB in the heap for reuse instead of returning them to the
/// kernel (glibc's mallopt; nothing elsewhere). See Yir.keepFreedMemoryForReuse.
void yir_keep_freed_memory_for_reuse(void);

#endif
