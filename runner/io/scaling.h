/* The scaling view of a run with several thread counts: per (algorithm, operation, size,
 * context) line and engine, the engine's best API level's scaling efficiency at the largest
 * thread count of the rows, beside the level it came from. Text for the terminal (summary, the
 * end of run); report draws the same figures. */
#pragma once

#include "core/row.h"

#include <glib.h>

typedef struct {
  const SmRow *row; /* the best level's row at `threads`; NULL: no ok row */
} SmScalingCell;

typedef struct {
  char *label; /* "sha256 hash 16 B per-message" */
  SmScalingCell *cells;
} SmScalingLine;

typedef struct {
  unsigned threads;   /* the largest thread count of the rows (0: no threaded row) */
  GPtrArray *engines; /* char*: the columns */
  GPtrArray *lines;   /* SmScalingLine* */
} SmScaling;

/* A scaling efficiency that moves by more than this (absolute) changed: two runs of one build
 * agree within 0.05 on this project's 2-vCPU VM where both ranges are tight (doc/measuring.md,
 * "Threads"); a lock added per call costs more than this at 2 threads. compare and store check
 * both judge by it. */
#define SM_EFFICIENCY_CHANGE 0.10

/* -1 when the efficiency fell from `was` to `now` by more than SM_EFFICIENCY_CHANGE, +1 when it
 * rose by more, 0 otherwise or when either is not a figure (0 or less, NAN). */
int sm_efficiency_moved(double was, double now);

/* NULL when no row was measured by more than one thread. `rows` holds const SmRow*. */
SmScaling *sm_scaling_build(GPtrArray *rows);
void sm_scaling_free(SmScaling *scaling);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmScaling, sm_scaling_free)

/* The view as text, appended to `out`. */
void sm_scaling_render_text(const SmScaling *scaling, GString *out);
