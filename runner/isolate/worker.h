/* The worker process: `speedmatrix __worker`, started by the runner for each engine and accel
 * mode (and CPU, for parallel cells). It reads requests on standard input and answers on
 * standard output (see wire.h), so that a library that crashes or hangs takes only the worker
 * down. Not for people: the verb is hidden. */
#pragma once

int sm_worker_main(int argc, char **argv);
