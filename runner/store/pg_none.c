/* Built instead of pg.c when libpq is not: a postgresql:// URL is refused in one line. */
#include "store/db.h"

#include "core/util.h"

SmDb *sm_db_open_pg(const char *url, GError **error)
{
  (void)url;
  g_set_error(error, SM_ERROR, SM_ERROR_USAGE,
              "--db: this build has no PostgreSQL backend (rebuild with libpq-dev and "
              "-Dpostgresql=enabled), valid here: a SQLite file path");
  return NULL;
}
