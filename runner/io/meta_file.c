#include "io/meta_file.h"

#include "core/util.h"

#include <sys/stat.h>

GKeyFile *sm_meta_file_load(const char *csv, GError **error)
{
  g_autofree char *path = g_strconcat(csv, ".meta", NULL);
  struct stat st;
  if (stat(path, &st) != 0)
    return NULL;
  gsize length = 0;
  g_autofree char *text = sm_read_bounded(path, SM_META_MAX_BYTES, &length, error);
  if (text == NULL)
    return NULL;
  g_autoptr(GKeyFile) meta = g_key_file_new();
  g_autoptr(GError) local = NULL;
  if (!g_key_file_load_from_data(meta, text, length, G_KEY_FILE_NONE, &local)) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: not a run metadata file: %s", path,
                local->message);
    return NULL;
  }
  return g_steal_pointer(&meta);
}
