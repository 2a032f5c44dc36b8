/* One result row: what every sink serialises. Only ok rows carry figures. */
#pragma once

#include "plan.h"
#include "stats.h"

#include <glib.h>

typedef struct {
  char *timestamp; /* ISO 8601 UTC, when the cell finished */
  char *host;
  char *cpu_model;
  char *engine;
  char *engine_version;
  char *algorithm;
  SmKind kind;
  SmOp operation;
  SmApi api;
  guint block_size; /* 0: not applicable */
  double ops_per_sec;
  double bytes_per_sec; /* 0 for signature and kex */
  SmStats stats;        /* over per-sample ops/s */
  SmStatus status;
  char *detail;
  guint64 seed;
  SmAccel accel;
  unsigned parallel;
  char *source; /* where an imported row came from ("FILE#run N"); NULL for measured rows */
} SmRow;

/* The CSV schema this build writes; readers refuse a newer major. */
#define SM_CSV_SCHEMA_VERSION 1

SmRow *sm_row_new(const SmCell *cell, const char *host, const char *cpu_model, guint64 seed);
void sm_row_free(SmRow *row);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmRow, sm_row_free)

/* Relative spread reported in the CSV: median absolute deviation / median. */
double sm_row_spread(const SmRow *row);
