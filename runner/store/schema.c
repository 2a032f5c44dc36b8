/* The store's schema: one SQL text for both backends, and its version. */
#include "store/store.h"

#include "core/util.h"
#include "store/db.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

/* Ids are text the store computes (content hashes), so neither backend's sequences are needed
 * and both give the same ids for the same runs. */
static const char *const schema[] = {
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS machine (host TEXT PRIMARY KEY, cpu_model TEXT, "
    "online_cpus INTEGER, fingerprint TEXT)",
    "CREATE TABLE IF NOT EXISTS run (id TEXT PRIMARY KEY, host TEXT NOT NULL REFERENCES "
    "machine(host), started TEXT NOT NULL, seed TEXT, settings TEXT, estimator TEXT, "
    "cpu_model TEXT, kernel TEXT, online_cpus INTEGER, file TEXT)",
    "CREATE INDEX IF NOT EXISTS run_by_host ON run (host, started)",
    "CREATE TABLE IF NOT EXISTS series (id TEXT PRIMARY KEY, host TEXT NOT NULL REFERENCES "
    "machine(host), engine TEXT NOT NULL, algorithm TEXT NOT NULL, kind TEXT NOT NULL, "
    "operation TEXT NOT NULL, api TEXT NOT NULL, block_size INTEGER NOT NULL, accel TEXT NOT "
    "NULL, parallel INTEGER NOT NULL, threads INTEGER NOT NULL DEFAULT 1, context TEXT NOT NULL "
    "DEFAULT 'reused')",
    "CREATE INDEX IF NOT EXISTS series_by_host ON series (host)",
    "CREATE TABLE IF NOT EXISTS result (run_id TEXT NOT NULL REFERENCES run(id), series_id TEXT "
    "NOT NULL REFERENCES series(id), engine_version TEXT, status TEXT NOT NULL, ops_per_sec "
    "DOUBLE PRECISION, ops_per_sec_low DOUBLE PRECISION, ops_per_sec_high DOUBLE PRECISION, "
    "ratio_to_slot DOUBLE PRECISION, cycles_per_byte DOUBLE PRECISION, contention DOUBLE "
    "PRECISION, scaling_efficiency DOUBLE PRECISION, PRIMARY KEY (run_id, series_id))",
    "CREATE TABLE IF NOT EXISTS event (id TEXT PRIMARY KEY, host TEXT NOT NULL REFERENCES "
    "machine(host), happened TEXT NOT NULL, kind TEXT NOT NULL, engine TEXT, what TEXT NOT "
    "NULL)",
    "CREATE TABLE IF NOT EXISTS changepoint (series_id TEXT NOT NULL REFERENCES series(id), "
    "run_id TEXT NOT NULL REFERENCES run(id), first_seen_run TEXT NOT NULL, level_before DOUBLE "
    "PRECISION, level_after DOUBLE PRECISION, magnitude DOUBLE PRECISION, p DOUBLE PRECISION, "
    "confidence TEXT NOT NULL, scope TEXT NOT NULL, PRIMARY KEY (series_id, run_id))",
    /* Profiles (speedmatrix profile): a second metric of the same series, in runs of their own
     * so that a night's timing run and its profile never make one another's history. */
    "CREATE TABLE IF NOT EXISTS profile_run (id TEXT PRIMARY KEY, host TEXT NOT NULL REFERENCES "
    "machine(host), started TEXT NOT NULL, tool TEXT, file TEXT)",
    "CREATE INDEX IF NOT EXISTS profile_run_by_host ON profile_run (host, started)",
    "CREATE TABLE IF NOT EXISTS profile_result (run_id TEXT NOT NULL REFERENCES profile_run(id), "
    "series_id TEXT NOT NULL REFERENCES series(id), engine_version TEXT, status TEXT NOT NULL, "
    "instructions_per_op DOUBLE PRECISION, setup_instructions DOUBLE PRECISION, syscalls_per_op "
    "DOUBLE PRECISION, impl TEXT, top_function TEXT, PRIMARY KEY (run_id, series_id))",
};

/* What each version added to the one before, for a store made by an older speedmatrix: its rows
 * read as the defaults (one thread, a reused context, no efficiency), its series ids unchanged.
 * Version 4's profile tables are new tables, made by the schema's CREATE TABLE IF NOT EXISTS. */
static const struct {
  int version;
  const char *sql;
} migrations[] = {
    {2, "ALTER TABLE result ADD COLUMN contention DOUBLE PRECISION"},
    {3, "ALTER TABLE series ADD COLUMN threads INTEGER NOT NULL DEFAULT 1"},
    {3, "ALTER TABLE series ADD COLUMN context TEXT NOT NULL DEFAULT 'reused'"},
    {3, "ALTER TABLE result ADD COLUMN scaling_efficiency DOUBLE PRECISION"},
};

bool sm_store_prepare(SmDb *db, GError **error)
{
  if (!db->backend->begin(db, error))
    return false;
  for (size_t i = 0; i < G_N_ELEMENTS(schema); i++)
    if (!sm_db_exec(db, schema[i], NULL, 0, error)) {
      db->backend->rollback(db);
      return false;
    }
  g_autoptr(SmDbRows) rows =
      sm_db_query(db, "SELECT MAX(version) FROM schema_version", NULL, 0, error);
  if (rows == NULL) {
    db->backend->rollback(db);
    return false;
  }
  const char *found = sm_db_rows_get(rows, 0, 0);
  gint64 version = found != NULL ? g_ascii_strtoll(found, NULL, 10) : 0;
  if (version > SM_STORE_SCHEMA_VERSION) {
    db->backend->rollback(db);
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s: schema version %" G_GINT64_FORMAT
                " is newer than this speedmatrix's %d (valid: %d or older; upgrade speedmatrix)",
                db->name, version, SM_STORE_SCHEMA_VERSION, SM_STORE_SCHEMA_VERSION);
    return false;
  }
  for (size_t i = 0; found != NULL && i < G_N_ELEMENTS(migrations); i++)
    if (version < migrations[i].version && !sm_db_exec(db, migrations[i].sql, NULL, 0, error)) {
      db->backend->rollback(db);
      return false;
    }
  if (found == NULL || version < SM_STORE_SCHEMA_VERSION) {
    g_autofree char *text = g_strdup_printf("%d", SM_STORE_SCHEMA_VERSION);
    const char *params[] = {text};
    if (!sm_db_exec(db, "INSERT INTO schema_version (version) VALUES ($1)", params, 1, error)) {
      db->backend->rollback(db);
      return false;
    }
  }
  return db->backend->commit(db, error);
}

SmDb *sm_store_open_existing(const char *location, GError **error)
{
  if (strstr(location, "://") == NULL && !g_file_test(location, G_FILE_TEST_EXISTS)) {
    g_autofree char *name = sm_db_display_name(location);
    g_set_error(error, SM_ERROR, SM_ERROR_IO,
                "%s: cannot open the store: %s (store ingest creates one)", name,
                g_strerror(ENOENT));
    return NULL;
  }
  /* SQLite would take an empty file as a new database: only store ingest makes a store. */
  GStatBuf st;
  if (strstr(location, "://") == NULL && g_stat(location, &st) == 0 && S_ISREG(st.st_mode) &&
      st.st_size == 0) {
    g_autofree char *name = sm_db_display_name(location);
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s: an empty file, not a store (store ingest makes it one)", name);
    return NULL;
  }
  return sm_store_open(location, error);
}

SmDb *sm_store_open(const char *location, GError **error)
{
  g_autoptr(SmDb) db = sm_db_open(location, error);
  if (db == NULL || !sm_store_prepare(db, error))
    return NULL;
  return g_steal_pointer(&db);
}
