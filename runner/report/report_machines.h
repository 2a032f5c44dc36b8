/* The report's view across machines (rows from several hosts, or a table of several machines
 * imported from a blog or a wiki): each cell's figure on every machine and its ratio to the
 * baseline machine, as the old mails' "N x faster" rows gave it; a heatmap of those ratios and a
 * chart per algorithm with a line (or bar) per machine in the HTML. */
#pragma once

#include "report/report.h"

/* NULL when the rows come from fewer than two machines; `results`: const SmResultRow*.
 * `baseline_host` as sm_report_build_with; FALSE with `error` set when it matches no machine or
 * several. */
bool sm_report_machines_build(GPtrArray *results, const char *baseline_host,
                              SmReportMachines **machines, GError **error);
void sm_report_machines_free(SmReportMachines *machines);

/* The section (its grid: a line per row of the view, a column per machine). */
SmReportSection *sm_report_machines_section(const SmReportMachines *machines);

/* "low" or "evp": the level a figure was measured at. */
const char *sm_machine_figure_api(const SmMachineFigure *figure);
