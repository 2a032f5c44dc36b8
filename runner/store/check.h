/* store check and store trend: what the history says, for CI and for people. */
#pragma once

#include "store/db.h"

#include <stdbool.h>
#include <stdio.h>

/* Every machine (or only `host`): prints the changes its newest runs opened; `found` when one
 * is a confirmed change for the worse by at least `threshold` percent, a series' newest
 * scaling efficiency fell by more than SM_EFFICIENCY_CHANGE from its recent level, or its
 * instructions per operation rose by at least `instructions_threshold` percent. Records the
 * changes of the rate. */
bool sm_store_check(SmDb *db, const char *host, double threshold, double instructions_threshold,
                    FILE *out, bool *found, GError **error);

/* The instruction gate of one machine: prints each series whose instructions per operation in
 * the newest profile run moved by at least `threshold` percent from their median over the
 * profile runs before it; `found` when one rose. The lines printed, G_MAXUINT on error. */
guint sm_store_check_instructions(SmDb *db, const char *host, double threshold, FILE *out,
                                  bool *found, GError **error);

/* A self-contained HTML page on one machine's history. `baseline` (a run id prefix, or NULL for
 * the oldest run in the window) and `size` (0: 1024 when measured, else the largest) choose the
 * heatmap. */
char *sm_store_trend(SmDb *db, const char *host, const char *baseline, guint size, GError **error);
