/* compare: lines up the same cells across runs and judges each change against the baseline
 * (the first run). The judging rule is a pure function; each output format is a file of its own
 * (format_NAME.c). */
#pragma once

#include "core/probe_rates.h"
#include "io/results.h"
#include "io/scaling.h"

#include <stdio.h>

/* What one run measured for a cell: the figure, its relative spread (MAD / median) and how many
 * samples the figure is over (0: unknown, e.g. an imported openssl speed line); the figure's
 * interval when the file has one (0: none); its ratio to the other engines measured in the same
 * passes, with that ratio's range over the passes (0: none). */
typedef struct {
  double median;
  double spread;
  unsigned samples;
  double low, high;
  double slot, slot_low, slot_high;
  unsigned fast_passes; /* passes_kept: the passes that reached the figure (0: unknown) */
  unsigned passes;      /* the passes measured (0: unknown) */
  bool has_slow_quiet;  /* passes_slow_quiet is known */
  unsigned slow_quiet;  /* passes more than 5% below the figure on a quiet core */
  double contention;    /* the row's contention (README "Contention"); NAN: unknown */
} SmCompareFigure;

typedef enum {
  SM_CHANGE_NONE, /* within the threshold or within the measurements' own noise */
  SM_CHANGE_REGRESSED,
  SM_CHANGE_IMPROVED,
  SM_CHANGE_CONTENDED, /* beyond the threshold, but a figure was measured on a contended core */
} SmChange;

/* Half-width of the approximate 95% confidence interval of a median, from its MAD:
 * 1.96 x 1.2533 x 1.4826 x MAD / sqrt(samples). 0 when the spread or samples are unknown. */
double sm_compare_half_width(const SmCompareFigure *figure);

/* The rule (README "Comparing runs"). `machine` is how much faster the other run's machine was
 * overall (other / base over every cell, the median; 1 or 0 when unknown): the base figure is
 * scaled by it first. A cell changed when |other / base - 1| exceeds the threshold and the two
 * figures' intervals are apart, unless its ratio to the other engines measured beside it
 * (slot) held within half the threshold (the machine at those moments) or either figure is a
 * mode, not a level: fewer than SM_LEVEL_PASSES passes (or all, when fewer were measured)
 * reached it, or fewer of its passes reached it than read more than 5% below it on a quiet core
 * (fast_passes < slow_quiet; where slow_quiet is unknown, fewer than half of all passes,
 * 2 x fast_passes < passes). Such a change with either figure
 * measured under contention above SM_CONTENTION_LIMIT is SM_CHANGE_CONTENDED: not judged. */
SmChange sm_compare_judge(const SmCompareFigure *base, const SmCompareFigure *other, double machine,
                          double threshold_pct);

/* A cell in its run (`engine_moved`: its engine as a whole, -1 slower, +1 faster, 0 neither; see
 * SmEngineShift). In an engine that moved, a change beyond `threshold_pct` in the engine's
 * direction is that change, whatever the cell's own noise; any other change is the cell's alone
 * and is judged by sm_compare_judge at `cell_threshold_pct`. */
SmChange sm_compare_judge_cell(const SmCompareFigure *base, const SmCompareFigure *other,
                               double machine, double threshold_pct, double cell_threshold_pct,
                               int engine_moved);

/* An engine's speed against the baseline's over every cell both runs measured ok: the median of
 * the cells' ratios after the machine factor. Between two runs of the same build the engines'
 * medians stayed within 0.5% of the machine (README "Comparing runs"), while single cells moved
 * by 5-60%: one engine slower as a whole is the library, not the moment. */
typedef struct {
  const char *engine; /* borrowed from the cells' rows */
  double factor;      /* median over its cells of other / base / machine */
  unsigned cells;
  int moved; /* -1 slower, +1 faster: |factor - 1| beyond half the threshold over enough cells */
} SmEngineShift;

/* Fewer cells than this say nothing about an engine as a whole; fewer engines with that many,
 * nothing about one engine against the machine. */
#define SM_ENGINE_MIN_CELLS 8
#define SM_ENGINE_MIN_ENGINES 3

typedef enum {
  SM_VERDICT_BASELINE,  /* the baseline run's own entry */
  SM_VERDICT_SAME,      /* both ok, no significant change */
  SM_VERDICT_REGRESSED, /* both ok, significantly slower */
  SM_VERDICT_IMPROVED,  /* both ok, significantly faster */
  SM_VERDICT_FAILED,    /* ok in the baseline, kat-failed/error/crashed/timeout here */
  SM_VERDICT_STATUS,    /* not comparable: a status other than ok on either side */
  SM_VERDICT_ABSENT,    /* this run does not have the cell */
  SM_VERDICT_NEW,       /* the baseline does not have the cell */
  SM_VERDICT_CONTENDED, /* both ok, changed, but measured on a contended core: not judged */
} SmVerdict;

const char *sm_verdict_name(SmVerdict verdict);

typedef struct {
  char *label;            /* the file name, or the row's source when a file holds several runs */
  const char *path;       /* the file it came from */
  GPtrArray *results;     /* const SmResultRow*, borrowed from the result sets */
  double machine;         /* the run-wide speed factor against the baseline (NAN: the baseline) */
  unsigned machine_cells; /* how many cells it is the median over */
  GArray *engines;        /* SmEngineShift, one per engine with ok cells in both runs */
  /* The run's contention-probe reference (its `.meta`, `contention_probe_reference`: each
   * kernel's rate at the run's 90th percentile), 0 where unknown; and how far it fell short of
   * the best of the compared runs' of its host and CPU on its worst kernel (`probe_kernel`), NAN
   * when unknown. */
  SmProbe probe_reference;
  double probe_shortfall;
  int probe_kernel;
} SmCompareRun;

typedef struct {
  const SmResultRow *result; /* NULL: the run does not have the cell */
  double ratio;              /* figure / baseline figure; NAN unless both are ok */
  SmVerdict verdict;
  /* The result is the run's figure at the other API level standing in for this one: an
   * imported source that measured the cell at one level only (an openssl 1.x table is `low`,
   * a 3.x one `evp`), so that machines line up (README "Comparing runs"). */
  bool stand_in;
  /* A threaded or parallel cell's scaling efficiency, judged as a figure of its own: the change
   * against the baseline's (NAN: not judged), and whether it moved beyond
   * SM_EFFICIENCY_CHANGE (-1 fell, +1 rose, 0 neither). */
  double efficiency_change;
  int efficiency_moved;
} SmCompareEntry;

typedef struct {
  const SmRow
      *first; /* the identity: engine, algorithm, kind, operation, api, size, accel, parallel */
  bool bulk;  /* figures are bytes/s (else ops/s) */
  SmCompareEntry *entries; /* one per run, baseline first */
} SmCompareCell;

typedef struct {
  GPtrArray *sets;           /* SmResultSet*, owned */
  GPtrArray *runs;           /* SmCompareRun* */
  GPtrArray *cells;          /* SmCompareCell*, grouped by algorithm in order of first appearance */
  double threshold_pct;      /* an engine as a whole, and a cell in an engine that moved */
  double cell_threshold_pct; /* a cell alone (README "Comparing runs": twice threshold_pct) */
  unsigned regressed, improved, failed, partial; /* partial: cells missing from some run */
  unsigned contended; /* cells whose change was not judged: the core was contended */
  unsigned scaling_fell, scaling_rose; /* cells whose scaling efficiency moved (SmCompareEntry) */
} SmComparison;

void sm_comparison_free(SmComparison *comparison);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmComparison, sm_comparison_free)

/* Takes ownership of `sets` (SmResultSet*, in order: the first is the baseline). A file whose
 * rows carry several distinct `source` values is split into one run per source. With
 * `machine_factor`, each later run's cells are judged after scaling the baseline by that run's
 * overall speed factor (SmCompareRun.machine). `baseline_host` (NULL: the first run) makes the
 * run of that machine the baseline; rows of a hand-made table make one run per machine
 * (compare_machines.c). NULL with a one-line error when fewer than two runs result or a run has
 * the same cell twice. `cell_threshold_pct` below 0 is twice `threshold_pct`. */
SmComparison *sm_compare_build(GPtrArray *sets, double threshold_pct, double cell_threshold_pct,
                               bool machine_factor, const char *baseline_host, GError **error);

/* "openssl aes-128-gcm encrypt evp 1024" (plus accel=off, parallel=N when not the default). */
char *sm_compare_describe_cell(const SmRow *row);

/* True when a cell regressed or failed (the verb exits 1). */
/* The run's shift for `engine`, NULL when it had no ok cell in both runs. */
const SmEngineShift *sm_compare_engine_shift(const SmCompareRun *run, const char *engine);

/* A row's contention against the best probe reference of the compared runs: at least its own
 * `contention`, and at least its run's probe_shortfall (a bound: the row's own reading may have
 * been on another kernel). NAN when neither is known. */
double sm_compare_contention(const SmCompareRun *run, const SmRow *row);

bool sm_comparison_found_regression(const SmComparison *comparison);

/* An output format: one file each (compare/format_NAME.c defines sm_compare_format_NAME), one
 * word in runner/meson.build's `compare_formats` adds one (hyperfine's src/export/). */
typedef void (*SmCompareWriteFunc)(const SmComparison *comparison, GString *out);

typedef struct {
  const char *name;      /* --format NAME */
  const char *extension; /* of its golden file, tests/golden/compare.EXTENSION */
  SmCompareWriteFunc write;
  bool for_people; /* text for a terminal: control characters from the files shown escaped */
} SmCompareFormat;

/* Every format, the default (table) first; NULL-terminated. Generated (compare/formats.c.in). */
extern const SmCompareFormat *const sm_compare_formats[];

/* NULL when no format has that name. */
const SmCompareFormat *sm_compare_format_find(const char *name);
/* "table, csv, markdown, json": the names joined by `separator`, `last` before the last one. */
char *sm_compare_format_names(const char *separator, const char *last);
char *sm_compare_render(const SmComparison *comparison, const SmCompareFormat *format);

/* The verb: speedmatrix compare BASE.csv OTHER.csv [...]; returns the exit status. */
int sm_cmd_compare(int argc, char **argv);
