/* libFuzzer target: the openssl-speed importer, raw output and hand-made tables alike. Any text
 * must give runs and tables (parsed or failed with a line number), never a crash, a leak or a
 * sanitizer report; a failed run or table holds no rows; a table that was read accounts for
 * every figure it printed (a row, or a note saying why not). Inputs starting with "MAP\n" are
 * read again with the text after the first blank line as an --map file. */
#include "import/import.h"

#include <glib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const SmImport *import)
{
  g_assert(import != NULL);
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    if (run->error != NULL)
      g_assert(run->rows->len == 0 && run->error_line > 0);
    if (run->table == 0)
      continue;
    g_assert(run->explain != NULL && run->explain->len > 0);
    if (run->error != NULL)
      continue;
    guint noted = 0;
    for (guint n = 0; n < run->notes->len; n++)
      noted += ((const SmImportNote *)run->notes->pdata[n])->figures;
    g_assert(run->rows->len + noted == run->figures);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *text = (const char *)data;
  SmImport *import = sm_import_parse(text, size, "fuzz");
  check(import);
  sm_import_free(import);

  const char *split = size > 4 ? g_strstr_len(text, (gssize)size, "\n\n") : NULL;
  if (size > 4 && memcmp(text, "MAP\n", 4) == 0 && split != NULL) {
    GError *error = NULL;
    SmImportMap *map = sm_import_map_parse(text + 4, (gsize)(split - text - 4), "map", &error);
    g_clear_error(&error);
    if (map != NULL) {
      gsize rest = size - (gsize)(split + 2 - text);
      SmImport *mapped = sm_import_parse_with(split + 2, rest, "fuzz", map);
      check(mapped);
      sm_import_free(mapped);
      sm_import_map_free(map);
    }
  }
  return 0;
}
