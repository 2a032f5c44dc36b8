/* report: what a run says, for people: the winner per algorithm and block size, the evp/low gap,
 * throughput charts, accel and parallel sections, run metadata. report.c works the figures out
 * into tables and chart series; report_html.c and report_markdown.c only render them. */
#pragma once

#include "io/ct_csv.h"
#include "io/grid.h"
#include "io/profile_csv.h"
#include "io/results.h"
#include "io/summary.h"

/* One line of a chart: an engine (with its host when several hosts are reported), an API
 * level and an operation; points sorted by block size (bulk) or a single point (public key). */
typedef struct {
  char *name;      /* "openssl evp", "openssl evp decrypt", "openssl@alpha low" */
  char *engine;    /* the engine label alone ("openssl", "openssl@alpha") */
  guint color;     /* index into the palette: one per engine (with host), the same in every chart;
                      in a chart of many engines, the engine's rank among the leaders */
  bool grey;       /* a chart of many engines: not among the leaders, drawn thin and grey */
  bool low;        /* api low: the engine's colour in a lighter shade, square markers */
  bool dashed;     /* the algorithm's second operation (decrypt, verify); in a chart by threads,
                      a per-message context */
  bool hollow;     /* api implicit: open markers, so that it differs from evp by more than name */
  GArray *sizes;   /* guint block sizes (empty for public key); thread counts in a chart by
                      threads */
  GArray *figures; /* double: MB/s (bulk) or ops/s (public key) */
  GArray *lows;    /* double: the low end of each figure's interval; 0: none */
  GArray *highs;   /* double: its high end; 0: none */
} SmSeries;

/* Above this many engines a chart colours only its leaders and draws the others grey. */
#define SM_REPORT_COLORED_ENGINES 5
#define SM_REPORT_LEADERS 3

/* What a line chart's x axis is: the block size, or the number of threads. */
typedef enum { SM_CHART_BY_SIZE, SM_CHART_BY_THREADS } SmChartAxis;

typedef struct {
  char *algorithm; /* the caption: the algorithm; "ENGINE ALGORITHM" across machines; "sha256
                      hash 16 B" in a chart by threads */
  SmChartAxis axis;
  bool bulk; /* figures in MB/s (else ops/s); by size: a line chart, else a bar chart */
  bool
      leaders_only; /* more engines than SM_REPORT_COLORED_ENGINES: leaders coloured, others grey */
  GPtrArray *series; /* SmSeries*, the leaders last (drawn on top) */
  GPtrArray *others; /* char*: the grey engines, for the legend */
} SmChart;

typedef struct {
  char *id;     /* HTML anchor */
  char *title;  /* section heading */
  char *intro;  /* a sentence under the heading; may be NULL */
  SmGrid *grid; /* NULL when there is nothing to show: `empty` is said instead */
  char *empty;
} SmReportSection;

/* One machine's figure on a line of the view across machines. */
typedef struct {
  const SmResultRow *result; /* NULL: no ok figure on this machine */
  double ratio;              /* figure / the baseline machine's; NAN without both */
  bool stand_in;             /* the machine's only api level, standing for the line's level */
} SmMachineFigure;

/* A line of the view across machines: a cell (engine, algorithm, operation, size) and, where a
 * machine measured it at both api levels, one line per level; else one line in which each
 * machine's only level stands for it (api NULL). */
typedef struct {
  const SmRow *first; /* names the cell */
  const char *api;    /* "evp", "low", or NULL: each machine's own level */
  bool bulk;
  SmMachineFigure *figures; /* one per machine, the baseline first */
} SmMachineLine;

typedef struct {
  GPtrArray *machines; /* char*: the baseline first, then in order of first appearance */
  bool engines;        /* several engines: lines name theirs */
  GPtrArray *lines;    /* SmMachineLine*, in order of first appearance */
  GPtrArray *charts;   /* SmChart*: one per algorithm (and engine), a series per machine */
} SmReportMachines;

typedef struct {
  GPtrArray *sets;     /* SmResultSet*, owned */
  GPtrArray *results;  /* const SmResultRow*: every row, later files replacing repeated cells */
  GPtrArray *warnings; /* char*: one line each */
  GPtrArray *sections; /* SmReportSection*, in page order: the summary first */
  GPtrArray *charts;   /* SmChart*, in order of first appearance of the algorithm */
  /* SmChart* by threads: total rate against threads, one per algorithm, operation and size
   * with a threaded row, a line per engine, level and context (the Thread scaling section). */
  GPtrArray *thread_charts;
  SmSummary *summary;         /* the heatmap the page opens with: the summary grids of every row */
  SmReportMachines *machines; /* rows from two machines or more; else NULL */
  SmCtSet *ct;                /* speedmatrix ct's verdicts (report --ct), owned; NULL: none */
  SmProfileSet *profile;      /* speedmatrix profile's file (report --profile), owned; NULL: none */
} SmReport;

void sm_report_free(SmReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmReport, sm_report_free)

/* The text of a heatmap cell: "0.52", "1.00*" (the fastest), "0.97~" (tied with it), "-". */
char *sm_report_heat_text(const SmSummaryCell *cell);

/* Takes ownership of `sets`. Never fails on readable sets: sections without rows say so. */
SmReport *sm_report_build(GPtrArray *sets);
/* The same with the machine every other is a ratio to in the view across machines
 * (`baseline_host`: a machine's name or an unambiguous part of it; NULL: the first machine).
 * NULL with a one-line error naming the machines when none or several match; `sets` is freed. */
SmReport *sm_report_build_with(GPtrArray *sets, const char *baseline_host, GError **error);
/* The same with a speedmatrix ct file's verdicts (owned from here; may be NULL): the winners
 * table gets a column saying whether each winner's cell was found secret-dependent. */
SmReport *sm_report_build_with_ct(GPtrArray *sets, const char *baseline_host, SmCtSet *ct,
                                  GError **error);

/* report --profile (report_profile.c): takes `profile` and adds, after the winners, the
 * outliers (a cell at a tenth or less of its row's fastest, an evp cell below half of its low)
 * with the profile's explanation of each, and where every profiled cell's instructions go. */
void sm_report_add_profile(SmReport *report, SmProfileSet *profile);

/* Shared by the view across machines (report_machines.c). */
SmSeries *sm_series_new(const char *name, const char *engine, guint color);
void sm_series_free(SmSeries *series);
void sm_chart_free(SmChart *chart);

/* An output format of report: a row in sm_report_formats (report.c) and a renderer. */
typedef char *(*SmReportRenderFunc)(const SmReport *report);

typedef struct {
  const char *name; /* --format NAME */
  SmReportRenderFunc render;
  bool needs_output; /* not for a terminal: -o FILE (or -o -) is required */
} SmReportFormat;

/* Every format, the default (html) first; NULL name ends it. */
extern const SmReportFormat sm_report_formats[];

/* NULL when no format has that name. */
const SmReportFormat *sm_report_format_find(const char *name);
/* "html, markdown": the names joined by ", ". */
char *sm_report_format_names(void);

/* A self-contained page: inline CSS and SVG, a small inline script that sorts tables. */
char *sm_report_render_html(const SmReport *report);
char *sm_report_render_markdown(const SmReport *report);

/* The verb: speedmatrix report RUN.csv [...] -o FILE; returns the exit status. */
int sm_cmd_report(int argc, char **argv);
