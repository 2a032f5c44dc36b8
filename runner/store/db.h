/* The store's database: one small vtable (exec, query, transactions, all with text parameters
 * written $1, $2, ...) and one file per backend (sqlite.c, pg.c). Every SQL text the store runs
 * is shared by both backends; figures come back as text that parses to the same double. */
#pragma once

#include <glib.h>
#include <stdbool.h>

typedef struct SmDb SmDb;

/* Rows of a query: `columns` text cells per row, row-major; NULL is SQL NULL. */
typedef struct {
  guint columns;
  guint rows;
  GPtrArray *cells; /* char* */
} SmDbRows;

typedef struct {
  const char *name; /* "sqlite", "postgresql" */
  bool (*exec)(SmDb *db, const char *sql, const char *const *params, guint n, GError **error);
  SmDbRows *(*query)(SmDb *db, const char *sql, const char *const *params, guint n, GError **error);
  bool (*begin)(SmDb *db, GError **error);
  bool (*commit)(SmDb *db, GError **error);
  void (*rollback)(SmDb *db);
  void (*close)(SmDb *db);
} SmDbBackend;

struct SmDb {
  const SmDbBackend *backend;
  char *name;    /* the --db value, with any password left out, for messages */
  void *handle;  /* the backend's connection */
  void *private; /* the backend's statement cache */
};

/* Opens a SQLite file or, for postgresql:// and postgres:// URLs, a PostgreSQL connection.
 * NULL with a one-line error naming the database. */
SmDb *sm_db_open(const char *location, GError **error);
void sm_db_close(SmDb *db);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmDb, sm_db_close)

bool sm_db_is_url(const char *location);
/* `location` for messages, with every password libpq would read in it masked as ***: the user
 * part of a URL (user:secret@), a `password=` query parameter, and a `password = value` of a
 * keyword/value string (quoted or not). */
char *sm_db_display_name(const char *location);

/* The backends (sqlite.c; pg.c only when built with libpq). */
SmDb *sm_db_open_sqlite(const char *path, GError **error);
SmDb *sm_db_open_pg(const char *url, GError **error);

static inline bool sm_db_exec(SmDb *db, const char *sql, const char *const *params, guint n,
                              GError **error)
{
  return db->backend->exec(db, sql, params, n, error);
}
static inline SmDbRows *sm_db_query(SmDb *db, const char *sql, const char *const *params, guint n,
                                    GError **error)
{
  return db->backend->query(db, sql, params, n, error);
}

const char *sm_db_rows_get(const SmDbRows *rows, guint row, guint column);
double sm_db_rows_double(const SmDbRows *rows, guint row, guint column); /* NAN for NULL */
void sm_db_rows_free(SmDbRows *rows);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmDbRows, sm_db_rows_free)
SmDbRows *sm_db_rows_new(guint columns);

/* A backend's message as one line: newlines and trailing blanks folded. */
char *sm_db_one_line(const char *message);

/* Formats a double so that both backends store exactly it. */
char *sm_db_double(double value);
