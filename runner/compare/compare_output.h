/* The pieces several compare formats share (compare_output.c). */
#pragma once

#include "compare/compare.h"
#include "io/grid.h"

/* "MB/s" or "ops/s": the unit figures are shown in; "bytes/s" or "ops/s": the unit of the
 * figures as measured (CSV, JSON). */
const char *sm_compare_shown_unit(const SmCompareCell *cell);
const char *sm_compare_unit(const SmCompareCell *cell);

/* The distinct host names of a run, in order of appearance (borrowed strings); joined by ", ". */
GPtrArray *sm_compare_host_list(const SmCompareRun *run);
char *sm_compare_hosts_text(const SmCompareRun *run);

/* The judging rule in words, with this comparison's thresholds. */
char *sm_compare_rule_text(const SmComparison *cmp);

/* The grid of the algorithm group starting at cells[*at], advancing *at past the group; engine
 * levels unsupported in every run leave the grid and are named in *unsupported ("" if none). */
SmGrid *sm_compare_group_grid(const SmComparison *cmp, guint *at, char **unsupported);

/* The machine and engine factors, the counts, and a line per changed cell, each after `bullet`. */
void sm_compare_summary_lines(const SmComparison *cmp, GString *out, const char *bullet);
