/* A cell's row from its passes, and the ratios between the cells of a unit's passes. Pure: no
 * I/O, no processes. */
#pragma once

#include "cell/execute.h"
#include "plan/plan.h"

/* The passes of one cell measured so far: SmCellResult* in pass order (index = pass). */
typedef GPtrArray SmPasses;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmPasses, g_ptr_array_unref)

SmPasses *sm_passes_new(void);
/* Takes the result (the caller's copy is cleared). */
void sm_passes_add(SmPasses *passes, unsigned pass, SmCellResult *result);
/* The first pass whose status is not ok, or NULL. */
const SmCellResult *sm_passes_failure(const SmPasses *passes);
/* Pass p's figure: its fastest sample (0 when not measured ok). */
double sm_passes_figure(const SmPasses *passes, unsigned pass);

/* The row of a single-worker cell from its passes: the headline (sm_estimate_fastest over every
 * sample), the median and statistics of every sample, cycles at the fastest pass's clock, and
 * the fastest pass's impl and allocation counts; or the first failed pass's status and detail. */
SmRow *sm_row_from_passes(const SmCell *cell, const SmRunContext *context, const SmPasses *passes);

/* A row of several threads, measured in `passes`: its efficiency against `reference`, the passes
 * of the same cell on one thread, measured beside it in the same passes (run/schedule.h). Both
 * figures are the fastest of their samples (sm_estimate_fastest). The interval holds both the
 * two figures' own (the low end of the threads' figure over the one-thread figure, to the
 * threads' figure over the one-thread low end) and the central 95% of the same efficiency over
 * the passes resampled in pairs, so that a cell whose figure depends on which passes reached its
 * fastest mode is not called tight. Nothing is set when the reference has no ok pass. */
void sm_row_set_scaling(SmRow *row, const SmPasses *passes, const SmPasses *reference);

/* Sets the row's contention: the contention probe's reading (cell/probe.h) against `best`, the
 * fastest probe rates of the whole run, at the least contended of the passes that reached the
 * headline (within 5% of it): the figure stands for a quiet core when one of them had one. */
void sm_row_set_contention(SmRow *row, const SmPasses *passes, const SmProbe *best);

/* Whether an ok row's figure still wants confirming by another pass: fewer than
 * SM_LEVEL_PASSES passes reached it (passes_kept), it was measured on a contended core
 * (contention above SM_CONTENTION_LIMIT), or more passes read clearly below it on a quiet core
 * than reached it (passes_kept < passes_slow_quiet). The same tests compare makes before it
 * judges a figure. */
bool sm_row_wants_confirmation(const SmRow *row);

/* Sets ratio_to_best and ratio_to_slot on the ok rows of one slot group (the cells of a unit,
 * rows[i] and passes[i] for cells[i]): per pass, each cell against the fastest cell and against
 * the geometric mean of the other engines' cells of that pass, over the passes all of them
 * measured. */
void sm_rows_set_ratios(GPtrArray *cells, GPtrArray *rows, GPtrArray *passes, unsigned count);
