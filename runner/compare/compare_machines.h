/* compare across machines: rows imported from a hand-made table (source "FILE#table N row M")
 * make one run per machine the table names, not one per row; and any run can be made the
 * baseline by its machine (--baseline-host NAME), so every other machine is a ratio to it. */
#pragma once

#include "compare/compare.h"

/* The run a row belongs to: its source, or for a table's row the machine it names. */
char *sm_compare_run_key(const SmRow *row);
/* The label of that run: the machine for a table's rows, else NULL (the file or source). */
char *sm_compare_run_label(const SmRow *row);

/* Moves the run whose machine is `name` to the front (case does not matter; a name that is part
 * of exactly one run's machine or label will do). FALSE with a one-line error naming the
 * machines when none or several match. */
bool sm_compare_choose_baseline(GPtrArray *runs, const char *name, GError **error);
