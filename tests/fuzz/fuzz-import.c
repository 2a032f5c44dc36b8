/* libFuzzer target: the openssl-speed importer. Any text must give runs (parsed or failed with
 * a line number), never a crash, a leak or a sanitizer report; a failed run holds no rows. */
#include "import/import.h"

#include <glib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  SmImport *import = sm_import_parse((const char *)data, size, "fuzz");
  g_assert(import != NULL);
  for (guint i = 0; i < import->runs->len; i++) {
    const SmImportRun *run = import->runs->pdata[i];
    if (run->error != NULL)
      g_assert(run->rows->len == 0 && run->error_line > 0);
  }
  sm_import_free(import);
  return 0;
}
