/* The report's view across machines (rows from several hosts, or a table of several machines
 * imported from a blog or a wiki): each cell's figure on every machine and its ratio to the
 * first machine, as the old mails' "N x faster" rows gave it. */
#pragma once

#include "report/report.h"

/* NULL when the rows come from fewer than two machines. `results`: const SmResultRow*. */
SmReportSection *sm_report_machines_section(GPtrArray *results);
