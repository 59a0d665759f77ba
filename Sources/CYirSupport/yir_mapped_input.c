// Reading a memory-mapped file past its current end raises SIGBUS, and so does a page the disk
// cannot deliver. The input maps are registered here; the handler, on a fault inside one of
// them, maps zero-filled pages over the rest of that map, marks it, and returns: the faulting
// load runs again and reads zeros. The reader checks the mark once the bytes have been parsed
// and fails with an I/O error, so what was parsed from the zeros is never used.
//
// Why not siglongjmp out of the handler: the faulting code is Swift, in the middle of parsing
// on a worker thread; jumping over its frames would skip reference counting and leave locks
// and exclusivity records as they were. Returning to it is the only way that leaves it sound.
//
// What the handler does is limited to what a signal handler may do: atomic loads and stores
// on a fixed table, and one mmap system call (a plain system call on Linux, with errno kept).

#define _GNU_SOURCE
#include "yir_support.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

// Inputs mapped at once: a batch holds a few chunks of each, so a few per worker at most.
// With every slot taken, further inputs are read instead of mapped.
#define WATCH_SLOTS 1024

static struct watch {
    atomic_int used;
    atomic_uintptr_t base;    // 0 while the slot is being filled or emptied
    atomic_size_t length;
    atomic_int faulted;
} watches[WATCH_SLOTS];

static struct sigaction previous;
static int installed;
static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static uintptr_t page_size;

static void on_sigbus(int signal, siginfo_t *info, void *context) {
    int saved_errno = errno;
    // si_code > 0: raised by a fault (BUS_ADRERR...), not sent by kill().
    if (info->si_code > 0) {
        uintptr_t address = (uintptr_t)info->si_addr;
        for (int i = 0; i < WATCH_SLOTS; i++) {
            uintptr_t base = atomic_load_explicit(&watches[i].base, memory_order_acquire);
            if (base == 0 || address < base) continue;
            uintptr_t end = base + atomic_load_explicit(&watches[i].length, memory_order_relaxed);
            if (address >= end) continue;
            uintptr_t from = address & ~(page_size - 1);
            uintptr_t to = (end + page_size - 1) & ~(page_size - 1);
            void *zeros = mmap((void *)from, to - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
            if (zeros == MAP_FAILED) break;
            atomic_store_explicit(&watches[i].faulted, 1, memory_order_release);
            errno = saved_errno;
            return;
        }
    }
    // Not a watched map. A SIGBUS sent by kill() to a process that ignored SIGBUS stays ignored.
    int sent = info->si_code <= 0 || info->si_code == BUS_MCEERR_AO;
    if (sent && !(previous.sa_flags & SA_SIGINFO) && previous.sa_handler == SIG_IGN) {
        errno = saved_errno;
        return;
    }
    // Otherwise whoever handled SIGBUS before takes over — the Swift runtime's crash report, or
    // the default action — with the kernel's own context rather than called from here: with its
    // disposition restored, the faulting load raises the fault again when this returns, and a
    // signal that was sent is raised again (pending until this handler returns).
    sigaction(SIGBUS, &previous, NULL);
    if (sent) raise(SIGBUS);
    errno = saved_errno;
}

static void install(void) {
    page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
    struct sigaction action = {0};
    action.sa_sigaction = on_sigbus;
    // SA_ONSTACK: on the thread's alternate stack where it has one (as the Swift runtime's
    // crash handling sets up), so a fault near the end of a stack is still handled.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&action.sa_mask);
    installed = sigaction(SIGBUS, &action, &previous) == 0;
}

int yir_watch_mapped_input(const void *base, size_t length) {
    pthread_once(&install_once, install);
    if (!installed || base == NULL || length == 0) return -1;
    for (int i = 0; i < WATCH_SLOTS; i++) {
        int free_slot = 0;
        if (!atomic_compare_exchange_strong(&watches[i].used, &free_slot, 1)) continue;
        atomic_store_explicit(&watches[i].faulted, 0, memory_order_relaxed);
        atomic_store_explicit(&watches[i].length, length, memory_order_relaxed);
        atomic_store_explicit(&watches[i].base, (uintptr_t)base, memory_order_release);
        return i;
    }
    return -1;
}

void yir_unwatch_mapped_input(int watch) {
    if (watch < 0 || watch >= WATCH_SLOTS) return;
    atomic_store_explicit(&watches[watch].base, 0, memory_order_release);
    atomic_store_explicit(&watches[watch].used, 0, memory_order_release);
}

int yir_mapped_input_faulted(int watch) {
    if (watch < 0 || watch >= WATCH_SLOTS) return 0;
    return atomic_load_explicit(&watches[watch].faulted, memory_order_acquire);
}
