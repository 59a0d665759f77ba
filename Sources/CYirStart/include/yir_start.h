#ifndef YIR_START_H
#define YIR_START_H

/// What yir's start did before any other code of the process ran (yir_start.c): the
/// stopping signals held back until `yir_release_stopping_signals`, and the standard
/// descriptors made sure to exist. Returns 1 (and exists so that the linker keeps the start).
int yir_started(void);

/// Lets SIGINT, SIGTERM and SIGHUP through again, once their handlers are installed: one that
/// came while they were held back is handled then.
void yir_release_stopping_signals(void);

#endif
