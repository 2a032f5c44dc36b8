/* The PostgreSQL backend (libpq): a connection string, statements prepared once per SQL text,
 * text parameters and results. Built only with -Dpostgresql (see meson_options.txt). */
#include "store/db.h"

#include "core/util.h"

#include <libpq-fe.h>
#include <string.h>

typedef struct {
  GHashTable *names; /* SQL text -> prepared statement name */
  guint next;
} PgCache;

static void set_error(SmDb *db, GError **error, const char *what, const char *message)
{
  g_autofree char *line = sm_db_one_line(message);
  g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: %s: %s", db->name, what, line);
}

static const char *statement(SmDb *db, const char *sql, guint n, GError **error)
{
  PgCache *cache = db->private;
  const char *name = g_hash_table_lookup(cache->names, sql);
  if (name != NULL)
    return name;
  char *fresh = g_strdup_printf("sm%u", cache->next++);
  PGresult *result = PQprepare(db->handle, fresh, sql, (int)n, NULL);
  if (PQresultStatus(result) != PGRES_COMMAND_OK) {
    set_error(db, error, "prepare", PQerrorMessage(db->handle));
    PQclear(result);
    g_free(fresh);
    return NULL;
  }
  PQclear(result);
  g_hash_table_insert(cache->names, g_strdup(sql), fresh);
  return fresh;
}

static SmDbRows *pg_query(SmDb *db, const char *sql, const char *const *params, guint n,
                          GError **error)
{
  const char *name = statement(db, sql, n, error);
  if (name == NULL)
    return NULL;
  PGresult *result = PQexecPrepared(db->handle, name, (int)n, params, NULL, NULL, 0);
  ExecStatusType status = PQresultStatus(result);
  if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
    set_error(db, error, "query", PQerrorMessage(db->handle));
    PQclear(result);
    return NULL;
  }
  SmDbRows *rows = sm_db_rows_new((guint)PQnfields(result));
  rows->rows = (guint)PQntuples(result);
  for (guint r = 0; r < rows->rows; r++)
    for (guint c = 0; c < rows->columns; c++)
      g_ptr_array_add(rows->cells, PQgetisnull(result, (int)r, (int)c)
                                       ? NULL
                                       : g_strdup(PQgetvalue(result, (int)r, (int)c)));
  PQclear(result);
  return rows;
}

static bool pg_exec(SmDb *db, const char *sql, const char *const *params, guint n, GError **error)
{
  g_autoptr(SmDbRows) rows = pg_query(db, sql, params, n, error);
  return rows != NULL;
}

static bool plain(SmDb *db, const char *sql, const char *what, GError **error)
{
  PGresult *result = PQexec(db->handle, sql);
  bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
  if (!ok)
    set_error(db, error, what, PQerrorMessage(db->handle));
  PQclear(result);
  return ok;
}

static bool pg_begin(SmDb *db, GError **error)
{
  return plain(db, "BEGIN", "cannot start a transaction", error);
}

static bool pg_commit(SmDb *db, GError **error)
{
  return plain(db, "COMMIT", "cannot commit", error);
}

static void pg_rollback(SmDb *db)
{
  if (PQstatus(db->handle) == CONNECTION_OK && PQtransactionStatus(db->handle) != PQTRANS_IDLE)
    PQclear(PQexec(db->handle, "ROLLBACK"));
}

static void pg_close(SmDb *db)
{
  PgCache *cache = db->private;
  g_hash_table_unref(cache->names);
  g_free(cache);
  PQfinish(db->handle);
  g_free(db->name);
  g_free(db);
}

static const SmDbBackend pg_backend = {
    .name = "postgresql",
    .exec = pg_exec,
    .query = pg_query,
    .begin = pg_begin,
    .commit = pg_commit,
    .rollback = pg_rollback,
    .close = pg_close,
};

static void quiet_notices(void *arg, const char *message)
{
  (void)arg;
  (void)message;
}

SmDb *sm_db_open_pg(const char *url, GError **error)
{
  g_autofree char *name = sm_db_display_name(url);
  PGconn *handle = PQconnectdb(url);
  if (handle == NULL || PQstatus(handle) != CONNECTION_OK) {
    g_autofree char *line = sm_db_one_line(handle ? PQerrorMessage(handle) : "out of memory");
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot connect: %s", name, line);
    PQfinish(handle);
    return NULL;
  }
  PQsetNoticeProcessor(handle, quiet_notices, NULL);
  SmDb *db = g_new0(SmDb, 1);
  db->backend = &pg_backend;
  db->name = g_steal_pointer(&name);
  db->handle = handle;
  PgCache *cache = g_new0(PgCache, 1);
  cache->names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  db->private = cache;
  /* Shortest exact text for doubles, as the SQLite backend gives: the same figures back. */
  if (!plain(db, "SET extra_float_digits = 3", "cannot connect", error)) {
    pg_close(db);
    return NULL;
  }
  return db;
}
