/* What store ingest's two readers share: timing runs (ingest.c) and profiles (ingest_profile.c)
 * are two metrics of the same series. */
#pragma once

#include "core/row.h"
#include "store/store.h"

/* The id of the series `row` is a cell of on `host`, inserted when new; NULL on error. */
char *sm_store_series(SmDb *db, const char *host, const SmRow *row, GError **error);
/* A figure for the database: NULL when absent (0 or not finite). */
char *sm_store_figure(double value);

/* Whether the file at `path` is a profile CSV (its header has instructions_per_op). */
bool sm_store_is_profile(const char *path);
/* A profile CSV read and ready to store (an opaque pointer for sm_store_profile_free); NULL with
 * a one-line error naming the file. */
gpointer sm_store_profile_load(const char *path, GError **error);
void sm_store_profile_free(gpointer profile);
/* Stores a loaded profile as a profile run of its host; one that was stored before changes
 * nothing. */
bool sm_store_profile_store(SmDb *db, gpointer profile, SmIngestCounts *counts, GError **error);
