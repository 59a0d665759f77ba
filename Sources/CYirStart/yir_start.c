// The first code of the yir process, run from the executable's .preinit_array: before the
// shared libraries' initialisers (Foundation's, ICU's) and before Swift's main. Only the `yir`
// executable links it — the test runner must not hold signals back from what it starts.
#include "yir_start.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

// SIGINT, SIGTERM and SIGHUP: the signals that stop a run (SPEC §4.5).
// CYirSupport's, linked into the same executable: where ingest learns that standard input was
// closed. Declared here rather than through CYirSupport's header, which would make this target
// a dependant of that module.
void yir_mark_standard_input_closed(void);

static void set_stopping_signals(int how) {
    sigset_t stopping;
    sigemptyset(&stopping);
    sigaddset(&stopping, SIGINT);
    sigaddset(&stopping, SIGTERM);
    sigaddset(&stopping, SIGHUP);
    sigprocmask(how, &stopping, NULL);
}

// A standard descriptor that was closed (`<&-`, a careless supervisor) gets a descriptor that
// reads nothing and takes no write — the root folder, opened for reading — so that the next
// descriptor yir opens (a pipe, a lock, an output) never takes its number and is read as the
// input or written with the data.
static void fill_closed_standard_descriptors(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int filler = open("/", O_RDONLY | O_DIRECTORY);
        if (filler < 0) continue;
        if (filler != fd) {
            dup2(filler, fd);
            close(filler);
        }
        if (fd == 0) yir_mark_standard_input_closed();
    }
}

static void yir_start(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    (void)envp;
    set_stopping_signals(SIG_BLOCK);
    fill_closed_standard_descriptors();
}

__attribute__((section(".preinit_array"), used)) static void (*yir_start_entry)(int, char **, char **) = yir_start;

int yir_started(void) { return yir_start_entry != 0; }

void yir_release_stopping_signals(void) { set_stopping_signals(SIG_UNBLOCK); }
