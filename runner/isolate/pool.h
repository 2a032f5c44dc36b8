/* Runs cells in worker processes under a time limit: a library that crashes or hangs gives a
 * `crashed` or `timeout` row and the run goes on. A worker per (engine, accel mode, parallel
 * slot) loads its engine and nothing else; every cell and agreement call runs in a child forked
 * from it (isolate/worker.c), so each starts from the same library state. */
#pragma once

#include "cell/agree.h"
#include "plan/config.h"
#include "cell/execute.h"

typedef struct SmPool SmPool;

SmPool *sm_pool_new(const SmSettings *settings, const SmRunContext *context);
void sm_pool_free(SmPool *pool);

/* Measures a pending cell once, on CPU `cpu` (-1: wherever the kernel puts it): `results` has
 * one entry per worker (cell->parallel); for a parallel cell `single` gets the one-worker
 * reference, measured pinned before and after, and `cpu` is not used. With `single` NULL, one
 * pass of the cell alone (a threaded one unpinned, whatever `cpu` says). */
void sm_pool_measure(SmPool *pool, const SmCell *cell, int cpu, SmCellResult *results,
                     SmCellResult *single);

/* Ends every worker; the next cell of an engine starts a fresh one. Between passes: each pass
 * then runs in a process with its own address-space layout (ASLR places the library's code,
 * heap and stack anew) and, once the files the workers mapped have left the page cache
 * (isolate/placement.h), with the library's code in physical pages of its own; so a cell whose
 * speed depends on either is seen in several and does not read alike in every pass of a run
 * and differently in the next run. */
void sm_pool_renew(SmPool *pool);

/* An SmAgreeCallFn that runs the call in the engine's worker (accel on). */
SmCallStatus sm_pool_agree_call(void *pool, SmLoadedEngine *engine, const SmAlgorithm *alg,
                                SmApi api, SmOp op, const SmInputs *inputs, const SmBytes *calls,
                                unsigned count, const SmBytes *aux, GByteArray *out);
