/* The backend-independent part of the store's database layer. */
#include "store/db.h"

#include "core/util.h"

#include <math.h>
#include <string.h>

bool sm_db_is_url(const char *location)
{
  return g_str_has_prefix(location, "postgresql://") || g_str_has_prefix(location, "postgres://");
}

/* From `p`, just past "password" and a '=' (spaces around it allowed): where the value ends. */
static const char *value_end(const char *p, bool in_url)
{
  if (in_url) /* libpq reads a value up to the next '&': a '#' is part of it */
    return p + strcspn(p, "&");
  if (*p == '\'') {
    for (p++; *p != '\0' && *p != '\''; p++)
      if (*p == '\\' && p[1] != '\0')
        p++;
    return *p == '\'' ? p + 1 : p;
  }
  return p + strcspn(p, " \t\n\r");
}

/* A URL parameter at `p` whose key, percent-decoded as libpq decodes it, is "password". */
static bool is_password_key(const char *p)
{
  size_t length = strcspn(p, "=&");
  if (p[length] != '=')
    return false;
  g_autofree char *key = g_uri_unescape_segment(p, p + length, NULL);
  return key != NULL && strcmp(key, "password") == 0;
}

char *sm_db_display_name(const char *location)
{
  GString *out = g_string_new(NULL);
  const char *p = location;
  bool url = strstr(location, "://") != NULL; /* any scheme: an unknown one is printed too */
  if (url) {
    /* the user part: scheme://user:secret@host; libpq ends it at the first '/' only, so a
     * secret may hold '?' and '#' */
    const char *start = strstr(location, "://") + 3;
    const char *end = start + strcspn(start, "/");
    const char *at = g_strrstr_len(start, end - start, "@");
    const char *colon = at != NULL ? memchr(start, ':', (size_t)(at - start)) : NULL;
    if (colon != NULL) {
      g_string_append_len(out, location, colon + 1 - location);
      g_string_append(out, "***");
      p = at;
    }
  }
  const char *query = url ? strchr(p, '?') : NULL;
  if (url && query == NULL) {
    g_string_append(out, p);
    return g_string_free(out, FALSE);
  }
  if (url) {
    g_string_append_len(out, p, query + 1 - p);
    p = query + 1;
  }
  while (*p != '\0') {
    /* a parameter (URL) or keyword (key/value string) starts here */
    bool boundary = p == location || (url ? p[-1] == '?' || p[-1] == '&' : g_ascii_isspace(p[-1]));
    if (boundary && url && is_password_key(p)) { /* libpq decodes a key: pass%77ord counts */
      const char *q = p + strcspn(p, "=");
      g_string_append_len(out, p, q + 1 - p);
      g_string_append(out, "***");
      p = value_end(q + 1, url);
      continue;
    }
    if (boundary && !url && g_str_has_prefix(p, "password")) {
      const char *q = p + strlen("password");
      while (!url && (*q == ' ' || *q == '\t'))
        q++;
      if (*q == '=') {
        q++;
        while (!url && (*q == ' ' || *q == '\t'))
          q++;
        g_string_append_len(out, p, q - p);
        g_string_append(out, "***");
        p = value_end(q, url);
        continue;
      }
    }
    g_string_append_c(out, *p++);
  }
  return g_string_free(out, FALSE);
}

SmDb *sm_db_open(const char *location, GError **error)
{
  if (sm_db_is_url(location))
    return sm_db_open_pg(location, error);
  if (strstr(location, "://") != NULL) {
    g_autofree char *name = sm_db_display_name(location);
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE,
                "--db: unknown database \"%s\" (valid: a SQLite file path, postgresql://..., "
                "postgres://...)",
                name);
    return NULL;
  }
  return sm_db_open_sqlite(location, error);
}

void sm_db_close(SmDb *db)
{
  if (db != NULL)
    db->backend->close(db);
}

SmDbRows *sm_db_rows_new(guint columns)
{
  SmDbRows *rows = g_new0(SmDbRows, 1);
  rows->columns = columns;
  rows->cells = g_ptr_array_new_with_free_func(g_free);
  return rows;
}

const char *sm_db_rows_get(const SmDbRows *rows, guint row, guint column)
{
  g_return_val_if_fail(row < rows->rows && column < rows->columns, NULL);
  return rows->cells->pdata[row * rows->columns + column];
}

double sm_db_rows_double(const SmDbRows *rows, guint row, guint column)
{
  const char *text = sm_db_rows_get(rows, row, column);
  return text != NULL && *text != '\0' ? g_ascii_strtod(text, NULL) : NAN;
}

void sm_db_rows_free(SmDbRows *rows)
{
  if (rows == NULL)
    return;
  g_ptr_array_unref(rows->cells);
  g_free(rows);
}

char *sm_db_one_line(const char *message)
{
  g_autofree char *copy = g_strdup(message != NULL ? message : "unknown error");
  g_strstrip(copy);
  GString *line = g_string_new(NULL);
  for (const char *p = copy; *p != '\0'; p++) {
    if (*p == '\n' || *p == '\r') {
      while (p[1] == '\n' || p[1] == '\r' || p[1] == ' ' || p[1] == '\t')
        p++;
      g_string_append(line, "; ");
    } else {
      g_string_append_c(line, *p);
    }
  }
  return g_string_free(line, FALSE);
}

char *sm_db_double(double value)
{
  if (!isfinite(value))
    return NULL;
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  return g_strdup(g_ascii_formatd(buffer, sizeof buffer, "%.17g", value));
}
