/* The history store (README "History store"): result CSVs and their .meta sidecars kept in a
 * database (SQLite file or PostgreSQL), change points over each series, a CI gate and a trend
 * report. A tool folder: it sees only core/ and io/. */
#pragma once

#include "store/db.h"

#include <stdbool.h>
#include <stdio.h>

#define SM_STORE_SCHEMA_VERSION 4
#define SM_STORE_DEFAULT_DB "results/history.sqlite"

/* Creates the tables when missing; refuses a schema newer than this build's. */
bool sm_store_prepare(SmDb *db, GError **error);
/* sm_db_open + sm_store_prepare. */
SmDb *sm_store_open(const char *location, GError **error);
/* The same for the verbs that read a store (check, trend, event): a SQLite file that does not
 * exist is an error, never created (a typo in --db is no empty, green store). */
SmDb *sm_store_open_existing(const char *location, GError **error);

typedef struct {
  guint runs_added;
  guint runs_known; /* the same bytes were stored before: nothing changed */
  guint results_added;
  guint events_added;
  guint profiles_added; /* profile CSVs (speedmatrix profile) */
  guint profile_results_added;
} SmIngestCounts;

/* Stores every file (and FILE.meta when present) in one transaction: on any error nothing of
 * this call is left in the database. A profile CSV (its header has instructions_per_op) is
 * stored as a profile run of its host: the instruction counts of the same series. */
/* A run measured under emulation is refused unless `emulated` (store ingest --emulated). */
bool sm_store_ingest(SmDb *db, char **paths, guint n, bool emulated, SmIngestCounts *counts,
                     GError **error);

/* An event entered by a person ("new BIOS"), at an ISO 8601 UTC time. */
bool sm_store_add_event(SmDb *db, const char *host, const char *when, const char *what,
                        GError **error);

/* The hex SHA-256 of a text (ids). `length` hex digits are kept. */
char *sm_store_hash(const char *data, gsize len, guint length);

/* The verb: speedmatrix store SUBCOMMAND ...; returns the exit status. */
int sm_cmd_store(int argc, char **argv);
