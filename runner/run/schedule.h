/* When each cell is measured: pure, from the plan and the seed.
 *
 * A cell is measured in `passes` passes. A unit is one pass over one slot group: every pending
 * cell that does the same work (algorithm, operation, block size, accel; every engine and API
 * level), measured back to back on one CPU, so that a slow phase of the machine hits the engines
 * of a slot alike and their ratios hold still. Pass p of every group runs before pass p + 1 of
 * any, each pass in its own seeded order: the passes of a cell are spread over the whole run.
 * The groups of one work at several thread counts follow each other in every pass, one thread
 * first in the last. Cells of parallel workers are measured once, alone, in the last pass. */
#pragma once

#include "plan/plan.h"

#include <glib.h>

typedef struct {
  unsigned pass;    /* 0 .. passes - 1; a confirmation pass (run.c) comes after */
  unsigned group;   /* index of the slot group (the same for every pass of it) */
  int cpu;          /* where the unit runs; -1: wherever the kernel puts it */
  GPtrArray *cells; /* SmCell*, borrowed, in the order to measure them */
} SmUnit;

SmUnit *sm_unit_new(unsigned pass, unsigned group, int cpu);
void sm_unit_free(SmUnit *unit);

/* The units of every pending cell of `cells`, in run order. `cpus` is the number of online
 * CPUs: unit k of pass p runs on CPU (p + group) mod cpus, so that the passes of a cell see
 * both CPUs of a two-vCPU machine. With `interleave` false, groups keep the plan's order. */
GPtrArray *sm_schedule_build(GPtrArray *cells, unsigned passes, guint64 seed, bool interleave,
                             unsigned cpus);
