/* A cell measured by several threads of one process at once: each thread sets up its own context
 * from the engine's own setup (every state alive together, sharing the library's process-wide
 * state), checks its first output against a context used alone, and all threads are timed over
 * the same intervals. Threads are not pinned: a server's threads are not, and the kernel's
 * placement is part of what it pays. */
#pragma once

#include "cell/execute.h"

/* Samples `prepared` (calibrated on one thread) on `threads` threads and fills `result`: a
 * sample is the sum of every thread's rate over one common interval. A thread whose setup or
 * call fails makes the cell `error`, one whose output differs from the verified one
 * `kat-failed`, naming the thread. */
void sm_cell_sample_threads(SmPrepared *prepared, unsigned threads, const SmRunContext *context,
                            SmCellResult *result);
