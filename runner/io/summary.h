/* The answer at a glance: per kind, algorithm rows x engine columns at one block size, each cell
 * the engine's best API level as a ratio to the fastest engine of the row. Built from rows (a
 * run's, or a result file's); rendered here as terminal text, and by report as a heatmap. */
#pragma once

#include "core/row.h"

#include <stdio.h>

/* The size the bulk grids show unless told otherwise. */
#define SM_SUMMARY_DEFAULT_SIZE 8192

typedef struct {
  const SmRow *row; /* the engine's best ok level; NULL: unsupported or not ok */
  double ratio;     /* its speed over the fastest's: 1 = the fastest */
  bool fastest;
  bool tie;              /* within the fastest's range (set on the fastest too when another is) */
  bool secret_dependent; /* speedmatrix ct found the row's cell secret-dependent */
  const char *profile_note; /* report --profile: what the profile says of an outlier cell
                               (borrowed from the report); NULL: not an outlier, or no profile */
} SmSummaryCell;

typedef struct {
  char *label;           /* the algorithm, with the operation when the algorithm has several,
                            and the message size of a signature measured per size */
  const char *algorithm; /* borrowed from the rows */
  SmOp operation;
  SmSummaryCell *cells; /* one per column of the summary */
  const SmRow *fastest; /* NULL when no cell is ok */
  double figure;        /* the fastest's MB/s (bulk) or ops/s */
  bool by_passes;       /* decided from ratio_to_best (same passes), not from ops_per_sec */
  char *sizes;          /* public-key lines: "pk 32 sig 64" from the catalogue; else NULL */
  bool nowhere;         /* every row of the algorithm is unsupported: the text names it once */
  GPtrArray *reasons;   /* const char*, borrowed: the engines' own why, beyond "does not offer" */
} SmSummaryLine;

typedef struct {
  char *title;      /* "aead, 8192 B", "signature: sign" */
  bool bulk;        /* figures in MB/s; else ops/s */
  GPtrArray *lines; /* SmSummaryLine*, in catalogue order */
} SmSummaryGrid;

typedef struct {
  guint size;         /* the block size of the bulk grids (0: the rows have none) */
  GPtrArray *columns; /* char*: engine names (or the caller's labels), in display order */
  GPtrArray *grids;   /* SmSummaryGrid*: by kind, public-key kinds one per operation */
  bool ct_marked;     /* cells carry speedmatrix ct's verdicts (sm_summary_mark_ct) */
} SmSummary;

/* The column a row belongs to; NULL: its engine name. */
typedef char *(*SmSummaryColumnFn)(const SmRow *row, gpointer data);

typedef struct {
  guint size;    /* 0: SM_SUMMARY_DEFAULT_SIZE, or the size nearest to it in the rows */
  int kind;      /* an SmKind, or -1 for every kind */
  bool ops_only; /* ignore ratio_to_best (rows of several runs are not of the same passes) */
  SmSummaryColumnFn column;
  gpointer column_data;
} SmSummaryOptions;

/* Uses the rows with acceleration on and one worker; `rows` holds const SmRow*. */
SmSummary *sm_summary_build(GPtrArray *rows, const SmSummaryOptions *options);
void sm_summary_free(SmSummary *summary);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmSummary, sm_summary_free)

/* Marks each cell whose row `ct` (a speedmatrix ct file) found secret-dependent: the text grid
 * then shows a ! before the cell's marker; returns how many cells were marked. */
typedef struct SmCtSet SmCtSet;
guint sm_summary_mark_ct(SmSummary *summary, const SmCtSet *ct);

/* The block sizes of the bulk rows, ascending (guint). */
GArray *sm_summary_sizes(GPtrArray *rows);

/* "1.00", "0.43", "<.01". */
char *sm_summary_ratio_text(double ratio);
/* "4512 MB/s", "18.5 ops/s". */
char *sm_summary_figure_text(double figure, bool bulk);

/* Aligned text no wider than `width` where it can be: full engine names when they fit,
 * three-letter names with a legend line when they do not, and the engine columns split over
 * several blocks when even those do not. ANSI colours when `color`. */
void sm_summary_render_text(const SmSummary *summary, GString *out, guint width, bool color);

typedef enum { SM_COLOR_AUTO, SM_COLOR_ALWAYS, SM_COLOR_NEVER } SmColorMode;
bool sm_color_mode_parse(const char *name, SmColorMode *mode);
/* Whether to colour what goes to `out`: always, never, or (auto) when it is a terminal and
 * NO_COLOR is unset or empty. */
bool sm_color_wanted(FILE *out, SmColorMode mode);
/* The terminal's width when `out` is one, else 100. */
guint sm_output_width(FILE *out);

/* What `run` prints at its end: the grids, then (`tables`) the openssl-speed style tables. */
void sm_summary_print_after_run(FILE *out, GPtrArray *rows, bool tables);
