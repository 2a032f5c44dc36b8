/* import --map FILE: what a person says a table's columns and labels mean (see import.h). */
#include "import/import.h"

#include "core/util.h"
#include "import/table_words.h"

#include <stdlib.h>
#include <string.h>

struct SmImportMap {
  GKeyFile *file;
};

void sm_import_map_free(SmImportMap *map)
{
  if (map == NULL)
    return;
  g_key_file_unref(map->file);
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
  if (digits[0] == '\0' || strspn(digits, "0123456789") != strlen(digits) || strlen(digits) > 6)
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
             key[7] != '\0') {
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

SmImportMap *sm_import_map_parse(const char *text, gsize length, const char *name, GError **error)
{
  g_autoptr(GError) local = NULL;
  SmImportMap *map = g_new0(SmImportMap, 1);
  map->file = g_key_file_new();
  if (!g_key_file_load_from_data(map->file, text, length, G_KEY_FILE_NONE, &local)) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: %s", name, local->message);
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
