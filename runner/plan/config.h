/* Settings: matrix.ini (GKeyFile) overlaid with command-line flags. Knows nothing of engines:
 * engine names are checked by plan against the registry, using the origin recorded here. */
#pragma once

#include "core/catalog.h"
#include "engine.h"
#include <glib.h>
#include <stdbool.h>

#define SM_MAX_BLOCK_SIZE (1u << 20) /* past 1 MiB a buffer measures memory, not the library */
#define SM_MAX_TIME 60.0             /* seconds per cell */
#define SM_MIN_SAMPLES 5u
#define SM_MAX_SAMPLES 1000u
#define SM_MAX_THREADS 1024u /* a typo's bound, past the largest servers' CPUs */

typedef struct {
  char *matrix_path;                /* the file read, or NULL */
  GStrv engines;                    /* engine names, or "all" */
  char *engines_origin;             /* "matrix.ini:7" or "--engines": where a bad name came from */
  GStrv algorithms;                 /* canonical names, kind names, or "all" (validated here) */
  GArray *sizes;                    /* guint block sizes in bytes, ascending, unique */
  bool api[SM_API_LEVELS];          /* implicit off unless asked */
  bool operations[SM_OP_ALL_COUNT]; /* setup included */
  bool accel[2];                    /* SM_ACCEL_ON, SM_ACCEL_OFF */
  GArray *parallel;     /* guint worker counts, ascending, distinct, at most the online CPUs */
  GArray *threads;      /* guint thread counts, ascending, distinct, at most SM_MAX_THREADS */
  bool context[2];      /* [false]: reused contexts; [true]: per-message cells */
  double time;          /* seconds of measurement planned per cell */
  unsigned samples;     /* samples planned per cell */
  double spread_target; /* stop sampling once MAD/median is below this; 0: never early */
  double time_cap;      /* seconds: sample on while above the target, up to this */
  double timeout;       /* seconds: a cell with no result by then is killed: "timeout" */
  bool interleave;      /* engines alternate in a seeded order (false: plan order) */
  unsigned passes;      /* each cell measured in this many passes spread over the run */
  unsigned confirm;     /* up to this many more passes for a cell whose figure is not confirmed */
  guint64 seed;
} SmSettings;

/* Overrides from the command line; NULL / 0 / negative means "not given". */
typedef struct {
  const char *engines;
  const char *algorithms;
  const char *sizes;
  const char *api;
  const char *operations;
  const char *time;
  const char *samples;
  const char *seed;
  const char *accel;
  const char *parallel;
  const char *spread_target;
  const char *time_cap;
  const char *timeout;
  const char *order;
  const char *passes;
  const char *confirm;
  const char *threads;
  const char *context;
} SmOverrides;

/* One matrix.ini key: its [section], its name, and the run flag that overrides it. */
typedef struct {
  const char *group;
  const char *key;
  const char *flag;
} SmKeySpec;

/* The keys matrix.ini accepts, in table order (the manual's drift test reads them); NULL past the
 * last. */
const SmKeySpec *sm_settings_key_spec(unsigned index);

void sm_settings_free(SmSettings *settings);

/* Every setting that decides what a run measures and how, as one line: a journal or a CSV
 * measured with other settings is not resumed with these. */
char *sm_settings_describe(const SmSettings *settings);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmSettings, sm_settings_free)

/* Reads `path` (which must exist) and applies `overrides`. On error the message is one line:
 * "FILE:LINE: what is wrong (valid: ...)" or "--flag: what is wrong (valid: ...)". */
SmSettings *sm_settings_load(const char *path, const SmOverrides *overrides, GError **error);

/* The matrix file run and ct read: `given` (--matrix), else ./matrix.ini, else the installed one;
 * NULL with a one-line error naming --matrix when there is none. */
char *sm_matrix_path(const char *given, GError **error);

/* The same from a string, for tests; `name` stands for the file name in messages. */
SmSettings *sm_settings_load_data(const char *name, const char *data, gsize length,
                                  const SmOverrides *overrides, GError **error);
