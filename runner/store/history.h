/* One machine's recent history read back from the store, and what the change-point analysis
 * makes of it: steps per series, corroborated by sibling series and events, and whole-machine
 * steps told apart from cell changes. check and trend both read this. */
#pragma once

#include "store/db.h"
#include "store/detect.h"

#include <stdbool.h>

/* How many of a machine's newest runs the analysis reads. */
#define SM_HISTORY_WINDOW 60
/* A change is new (check reports it) while its first run is among the machine's newest this. */
#define SM_HISTORY_RECENT 3

typedef struct {
  char *id, *started;
} SmHistoryRun;

typedef struct {
  char *id, *engine, *algorithm, *kind, *operation, *api, *accel, *context;
  guint block_size, parallel, threads;
  double *values;     /* log ops/s per run index; NAN where the run has no ok figure */
  double *efficiency; /* scaling efficiency per run index; NAN where the row has none */
  double sigma;       /* noise (log units) */
  GArray *steps;      /* SmStep, `at` a run index */
  char *label;        /* "openssl aes-128-gcm encrypt evp 1024", "... threads=2 per-message" */
} SmHistorySeries;

typedef struct {
  char *kind, *engine, *what, *happened;
  guint at; /* the first run at or after it; runs->len when after the last */
} SmHistoryEvent;

typedef enum { SM_CHANGE_SUSPECT, SM_CHANGE_CONFIRMED, SM_CHANGE_MACHINE } SmChangeConfidence;

typedef struct {
  SmHistorySeries *series;
  SmStep step;
  double magnitude; /* exp(after - before) - 1 */
  SmChangeConfidence confidence;
  const char *event; /* the coinciding event's text, or NULL */
  bool last;         /* the series' newest step: its level holds now */
} SmChange;

typedef struct {
  guint at;
  guint moved, total;
  double magnitude; /* the median of the moved series' magnitudes */
  const char *event;
} SmMachineChange;

typedef struct {
  char *host, *cpu_model;
  GPtrArray *runs;         /* SmHistoryRun*, oldest first */
  GPtrArray *series;       /* SmHistorySeries*, in label order */
  GPtrArray *events;       /* SmHistoryEvent* */
  GPtrArray *changes;      /* SmChange*, every step of every series in the window */
  GArray *machine_changes; /* SmMachineChange */
  double noise_index;      /* median sigma over the series (log units) */
} SmHistory;

void sm_history_free(SmHistory *history);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmHistory, sm_history_free)

/* A series from a query's row `r` whose first 11 columns are series' id, engine, algorithm, kind,
 * operation, api, block_size, accel, parallel, threads, context; its figures NAN for `runs`. */
SmHistorySeries *sm_history_series_new(const SmDbRows *rows, guint r, guint runs);
void sm_history_series_free(SmHistorySeries *series);
/* Series in label order (engine, algorithm, operation, api, accel, context, sizes), for sort. */
gint sm_history_series_order(gconstpointer a, gconstpointer b);

/* The hosts in the store, sorted. */
GPtrArray *sm_history_hosts(SmDb *db, GError **error);

/* Reads the newest `window` runs of a host and analyses them. NULL with an error when the host
 * has no runs. */
SmHistory *sm_history_load(SmDb *db, const char *host, guint window, GError **error);

/* The median of values[0..n) (sorted in place); NAN when n is 0. */
double sm_history_median(double *values, guint n);

const char *sm_change_confidence_name(SmChangeConfidence confidence);
