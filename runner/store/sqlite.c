/* The SQLite backend: a file, prepared statements cached by their SQL text, $N parameters
 * rewritten to SQLite's ?N, and BEGIN IMMEDIATE so that a writer waits for (or fails on) a lock
 * before it writes anything. */
#include "store/db.h"

#include "core/util.h"

#include <sqlite3.h>
#include <string.h>

/* How long a writer waits for another connection's lock before giving up. */
#define SQLITE_BUSY_MS 1500

static void set_error(SmDb *db, GError **error, const char *what)
{
  g_autofree char *line = sm_db_one_line(sqlite3_errmsg(db->handle));
  g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: %s: %s", db->name, what, line);
}

/* "$1" -> "?1": the same SQL text as PostgreSQL's. */
static char *rewrite(const char *sql)
{
  char *copy = g_strdup(sql);
  for (char *p = copy; *p != '\0'; p++)
    if (*p == '$' && g_ascii_isdigit(p[1]))
      *p = '?';
  return copy;
}

static sqlite3_stmt *prepare(SmDb *db, const char *sql, const char *const *params, guint n,
                             GError **error)
{
  GHashTable *cache = db->private;
  sqlite3_stmt *stmt = g_hash_table_lookup(cache, sql);
  if (stmt == NULL) {
    g_autofree char *text = rewrite(sql);
    if (sqlite3_prepare_v2(db->handle, text, -1, &stmt, NULL) != SQLITE_OK) {
      set_error(db, error, "prepare");
      return NULL;
    }
    g_hash_table_insert(cache, g_strdup(sql), stmt);
  }
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);
  for (guint i = 0; i < n; i++)
    if (params[i] != NULL)
      sqlite3_bind_text(stmt, (int)i + 1, params[i], -1, SQLITE_TRANSIENT);
  return stmt;
}

static char *column_text(sqlite3_stmt *stmt, int column)
{
  switch (sqlite3_column_type(stmt, column)) {
  case SQLITE_NULL:
    return NULL;
  case SQLITE_FLOAT:
    return sm_db_double(sqlite3_column_double(stmt, column));
  default:
    return g_strdup((const char *)sqlite3_column_text(stmt, column));
  }
}

static SmDbRows *sq_query(SmDb *db, const char *sql, const char *const *params, guint n,
                          GError **error)
{
  sqlite3_stmt *stmt = prepare(db, sql, params, n, error);
  if (stmt == NULL)
    return NULL;
  g_autoptr(SmDbRows) rows = sm_db_rows_new((guint)sqlite3_column_count(stmt));
  int status;
  while ((status = sqlite3_step(stmt)) == SQLITE_ROW) {
    for (guint c = 0; c < rows->columns; c++)
      g_ptr_array_add(rows->cells, column_text(stmt, (int)c));
    rows->rows++;
  }
  sqlite3_reset(stmt);
  if (status != SQLITE_DONE) {
    set_error(db, error, "query");
    return NULL;
  }
  return g_steal_pointer(&rows);
}

static bool sq_exec(SmDb *db, const char *sql, const char *const *params, guint n, GError **error)
{
  g_autoptr(SmDbRows) rows = sq_query(db, sql, params, n, error);
  return rows != NULL;
}

static bool plain(SmDb *db, const char *sql, const char *what, GError **error)
{
  char *message = NULL;
  if (sqlite3_exec(db->handle, sql, NULL, NULL, &message) == SQLITE_OK)
    return true;
  sqlite3_free(message);
  set_error(db, error, what);
  return false;
}

static bool sq_begin(SmDb *db, GError **error)
{
  return plain(db, "BEGIN IMMEDIATE", "cannot start a transaction", error);
}

static bool sq_commit(SmDb *db, GError **error)
{
  return plain(db, "COMMIT", "cannot commit", error);
}

static void sq_rollback(SmDb *db)
{
  if (!sqlite3_get_autocommit(db->handle))
    sqlite3_exec(db->handle, "ROLLBACK", NULL, NULL, NULL);
}

static void finalize(gpointer stmt) { sqlite3_finalize(stmt); }

static void sq_close(SmDb *db)
{
  g_hash_table_unref(db->private);
  sqlite3_close(db->handle);
  g_free(db->name);
  g_free(db);
}

static const SmDbBackend sqlite_backend = {
    .name = "sqlite",
    .exec = sq_exec,
    .query = sq_query,
    .begin = sq_begin,
    .commit = sq_commit,
    .rollback = sq_rollback,
    .close = sq_close,
};

SmDb *sm_db_open_sqlite(const char *path, GError **error)
{
  g_autofree char *name = sm_db_display_name(path);
  g_autofree char *parent = g_path_get_dirname(path);
  if (g_mkdir_with_parents(parent, 0755) != 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot create the directory %s", name, parent);
    return NULL;
  }
  sqlite3 *handle = NULL;
  if (sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
      SQLITE_OK) {
    g_autofree char *line = sm_db_one_line(handle ? sqlite3_errmsg(handle) : "out of memory");
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot open: %s", name, line);
    sqlite3_close(handle);
    return NULL;
  }
  sqlite3_busy_timeout(handle, SQLITE_BUSY_MS);
  SmDb *db = g_new0(SmDb, 1);
  db->backend = &sqlite_backend;
  db->name = g_steal_pointer(&name);
  db->handle = handle;
  db->private = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, finalize);
  if (!plain(db, "PRAGMA foreign_keys = ON", "cannot open", error)) {
    sq_close(db);
    return NULL;
  }
  return db;
}
