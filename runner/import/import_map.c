/* import --map FILE: what a person says a table's columns and labels mean (see import.h). */
#include "import/import.h"

#include "core/util.h"
#include "import/table_words.h"

#include <stdlib.h>
#include <string.h>

struct SmImportMap {
  GKeyFile *file;
  char *name;  /* the map file, for messages */
  GStrv lines; /* its text, to say on which line an entry is */
};

void sm_import_map_free(SmImportMap *map)
{
  if (map == NULL)
    return;
  g_key_file_unref(map->file);
  g_free(map->name);
  g_strfreev(map->lines);
  g_free(map);
}

static bool table_group(const char *group, guint *number)
{
  if (strcmp(group, "all") == 0) {
    *number = 0;
    return true;
  }
  if (!g_str_has_prefix(group, "table "))
    return false;
  const char *digits = group + strlen("table ");
  /* "table 02" would never be looked up (the lookup writes "table 2"): not a table section */
  if (digits[0] == '\0' || digits[0] == '0' || strspn(digits, "0123456789") != strlen(digits) ||
      strlen(digits) > 6)
    return false;
  *number = (guint)atoi(digits);
  return *number > 0;
}

static bool column_value_ok(const char *value)
{
  if (sm_role_parse(value) != SM_ROLE_NONE)
    return true;
  SmSpec spec;
  sm_spec_init(&spec);
  sm_spec_read(&spec, value);
  bool ok = spec.words > 0 && spec.unknown->len == 0;
  sm_spec_clear(&spec);
  return ok;
}

static bool unit_value_ok(const char *value)
{
  return strcmp(value, "k") == 0 || strcmp(value, "bytes") == 0 || strcmp(value, "MB") == 0;
}

static bool label_value_ok(const char *value)
{
  static const char *const words[] = {"machine", "evp", "low", "ignore"};
  for (size_t i = 0; i < G_N_ELEMENTS(words); i++)
    if (strcmp(value, words[i]) == 0)
      return true;
  g_autofree char *name = sm_ossl_table_name(value);
  return name != NULL;
}

static bool check_key(const char *name, const char *group, const char *key, const char *value,
                      GError **error)
{
  const char *valid = NULL;
  if (strcmp(group, "labels") == 0) {
    if (!label_value_ok(value))
      valid = "machine, evp, low, ignore, or an algorithm such as aes-128-cbc or rsa 2048";
  } else if (strcmp(key, "unit") == 0) {
    if (!unit_value_ok(value))
      valid = "k, bytes, MB";
  } else if (g_str_has_prefix(key, "column ") && strspn(key + 7, "0123456789") == strlen(key + 7) &&
             key[7] != '\0' && (key[7] != '0' || key[8] == '\0')) { /* not "column 02" */
    if (!column_value_ok(value))
      valid = "algorithm, evp, machine, cpu, host, version, label, ignore, or a header such as "
              "'rsa2048 sign/s' or '16 bytes'";
  } else {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s: [%s]: unknown key \"%s\" (valid: column N, unit)", name, group, key);
    return false;
  }
  if (valid == NULL)
    return true;
  g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: [%s] %s = \"%s\": not understood (valid: %s)",
              name, group, key, value, valid);
  return false;
}

static bool check_group(const SmImportMap *map, const char *name, const char *group, GError **error)
{
  guint number = 0;
  if (strcmp(group, "labels") != 0 && !table_group(group, &number)) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s: unknown section [%s] (valid: [table N], [all], [labels])", name, group);
    return false;
  }
  g_auto(GStrv) keys = g_key_file_get_keys(map->file, group, NULL, NULL);
  for (guint k = 0; keys != NULL && keys[k] != NULL; k++) {
    g_autofree char *value = g_key_file_get_string(map->file, group, keys[k], NULL);
    if (value == NULL || !check_key(name, group, keys[k], value, error))
      return false;
  }
  return true;
}

/* GKeyFile merges a section given twice and keeps the last of a key given twice: both refused,
 * by line, as matrix.ini refuses them. */
static bool no_duplicates(const SmImportMap *map, GError **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *group = NULL;
  for (guint i = 0; map->lines[i] != NULL; i++) {
    g_autofree char *line = g_strstrip(g_strdup(map->lines[i]));
    char *equals = strchr(line, '=');
    char *what = NULL;
    if (line[0] == '[' && line[strlen(line) - 1] == ']') {
      g_free(group);
      group = g_strndup(line + 1, strlen(line) - 2);
      what = g_strdup_printf("[%s]", group);
    } else if (line[0] != '#' && equals != NULL && group != NULL) {
      *equals = '\0';
      what = g_strdup_printf("[%s] %s", group, g_strstrip(line));
    }
    if (what == NULL)
      continue;
    guint first = GPOINTER_TO_UINT(g_hash_table_lookup(seen, what));
    if (first != 0) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                  "%s:%u: %s again (first on line %u): give it once", map->name, i + 1, what,
                  first);
      g_free(what);
      return false;
    }
    g_hash_table_insert(seen, what, GUINT_TO_POINTER(i + 1));
  }
  return true;
}

SmImportMap *sm_import_map_parse(const char *text, gsize length, const char *name, GError **error)
{
  g_autoptr(GError) local = NULL;
  SmImportMap *map = g_new0(SmImportMap, 1);
  map->file = g_key_file_new();
  map->name = g_strdup(name);
  g_autofree char *copy = g_strndup(text, length);
  map->lines = g_strsplit(copy, "\n", -1);
  if (!g_key_file_load_from_data(map->file, text, length, G_KEY_FILE_NONE, &local)) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: %s", name, local->message);
    sm_import_map_free(map);
    return NULL;
  }
  if (!no_duplicates(map, error)) {
    sm_import_map_free(map);
    return NULL;
  }
  g_auto(GStrv) groups = g_key_file_get_groups(map->file, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    if (!check_group(map, name, groups[i], error)) {
      sm_import_map_free(map);
      return NULL;
    }
  return map;
}

static char *lookup(const SmImportMap *map, guint table, const char *key)
{
  if (map == NULL)
    return NULL;
  g_autofree char *group = g_strdup_printf("table %u", table);
  const char *groups[] = {group, "all"};
  for (size_t i = 0; i < G_N_ELEMENTS(groups); i++) {
    char *value = g_key_file_get_string(map->file, groups[i], key, NULL);
    if (value != NULL)
      return value;
  }
  return NULL;
}

char *sm_import_map_column(const SmImportMap *map, guint table, guint column)
{
  g_autofree char *key = g_strdup_printf("column %u", column);
  return lookup(map, table, key);
}

char *sm_import_map_unit(const SmImportMap *map, guint table) { return lookup(map, table, "unit"); }

/* Labels match whole, ignoring case and surrounding blanks. */
char *sm_import_map_label(const SmImportMap *map, const char *text)
{
  if (map == NULL || !g_key_file_has_group(map->file, "labels"))
    return NULL;
  g_auto(GStrv) keys = g_key_file_get_keys(map->file, "labels", NULL, NULL);
  for (guint i = 0; keys != NULL && keys[i] != NULL; i++)
    if (g_ascii_strcasecmp(keys[i], text) == 0)
      return g_key_file_get_string(map->file, "labels", keys[i], NULL);
  return NULL;
}

/* ---- what the map says against the text's tables ---- */

/* The 1-based line of `[group]` (key NULL) or of `key` in it; 0 when not found. */
static guint line_of(const SmImportMap *map, const char *group, const char *key)
{
  bool inside = false;
  for (guint i = 0; map->lines[i] != NULL; i++) {
    g_autofree char *line = g_strstrip(g_strdup(map->lines[i]));
    if (line[0] == '[') {
      g_autofree char *name = g_strndup(line + 1, strcspn(line + 1, "]"));
      inside = strcmp(g_strstrip(name), group) == 0;
      if (inside && key == NULL)
        return i + 1;
      continue;
    }
    char *equals = strchr(line, '=');
    if (inside && key != NULL && equals != NULL) {
      *equals = '\0';
      if (strcmp(g_strstrip(line), key) == 0)
        return i + 1;
    }
  }
  return 0;
}

static const SmImportRun *table_run(const SmImport *import, guint number)
{
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    if (run->table == number)
      return run;
  }
  return NULL;
}

static guint table_count(const SmImport *import)
{
  guint tables = 0;
  for (guint i = 0; i < import->runs->len; i++)
    tables = MAX(tables, ((const SmImportRun *)import->runs->pdata[i])->table);
  return tables;
}

/* The columns of [table N] (its table's), or of [all] (the widest table's). */
static bool check_columns(const SmImportMap *map, const SmImport *import, const char *group,
                          guint number, GError **error)
{
  guint columns = 0;
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    if (run->table != 0 && (number == 0 || run->table == number))
      columns = MAX(columns, run->columns);
  }
  g_auto(GStrv) keys = g_key_file_get_keys(map->file, group, NULL, NULL);
  for (guint k = 0; keys != NULL && keys[k] != NULL; k++) {
    if (!g_str_has_prefix(keys[k], "column "))
      continue;
    guint column = (guint)atoi(keys[k] + strlen("column "));
    if (column >= 1 && column <= columns)
      continue;
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s:%u: [%s] %s: no such column (valid: column 1 to column %u)", map->name,
                line_of(map, group, keys[k]), group, keys[k], columns);
    return false;
  }
  return true;
}

static bool label_seen(const SmImport *import, const char *label)
{
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    for (guint l = 0; run->labels != NULL && l < run->labels->len; l++)
      if (g_ascii_strcasecmp(run->labels->pdata[l], label) == 0)
        return true;
  }
  return false;
}

/* The first few label cells of the tables, quoted: what a [labels] entry may say. */
static char *labels_seen(const SmImport *import)
{
  enum { SHOWN = 6 };
  g_autoptr(GPtrArray) seen = g_ptr_array_new();
  guint more = 0;
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    for (guint l = 0; run->labels != NULL && l < run->labels->len; l++) {
      bool known = false;
      for (guint s = 0; s < seen->len && !known; s++)
        known = strcmp(seen->pdata[s], run->labels->pdata[l]) == 0;
      if (known)
        continue;
      if (seen->len < SHOWN)
        g_ptr_array_add(seen, run->labels->pdata[l]);
      else
        more++;
    }
  }
  if (seen->len == 0)
    return g_strdup("the text has no table");
  GString *out = g_string_new(NULL);
  for (guint s = 0; s < seen->len; s++)
    g_string_append_printf(out, "%s\"%s\"", s ? ", " : "", (const char *)seen->pdata[s]);
  if (more > 0)
    g_string_append_printf(out, " and %u more", more);
  return g_string_free(out, FALSE);
}

static bool check_labels(const SmImportMap *map, const SmImport *import, GError **error)
{
  g_auto(GStrv) keys = g_key_file_get_keys(map->file, "labels", NULL, NULL);
  for (guint k = 0; keys != NULL && keys[k] != NULL; k++) {
    if (label_seen(import, keys[k]))
      continue;
    g_autofree char *valid = labels_seen(import);
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s:%u: [labels] %s: no table has a cell that says so (valid: a cell's whole "
                "text: %s)",
                map->name, line_of(map, "labels", keys[k]), keys[k], valid);
    return false;
  }
  return true;
}

bool sm_import_map_check(const SmImportMap *map, const SmImport *import, GError **error)
{
  if (map == NULL)
    return true;
  guint tables = table_count(import);
  g_auto(GStrv) groups = g_key_file_get_groups(map->file, NULL);
  for (guint i = 0; groups[i] != NULL; i++) {
    guint number = 0;
    if (strcmp(groups[i], "labels") == 0) {
      if (!check_labels(map, import, error))
        return false;
      continue;
    }
    table_group(groups[i], &number);
    if (number != 0 && table_run(import, number) == NULL) {
      g_autofree char *valid = tables == 0 ? g_strdup("the text has no table")
                               : tables == 1
                                   ? g_strdup("[table 1], [all]")
                                   : g_strdup_printf("[table 1] to [table %u], [all]", tables);
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: [%s]: no such table (valid: %s)",
                  map->name, line_of(map, groups[i], NULL), groups[i], valid);
      return false;
    }
    if (!check_columns(map, import, groups[i], number, error))
      return false;
  }
  return true;
}
