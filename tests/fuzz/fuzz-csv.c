/* libFuzzer target: the result-CSV reader behind compare, report and --resume. Any input must
 * parse or give a one-line error, and whatever parses must also survive the figure lookups. */
#include "io/results.h"

#include <glib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  GError *error = NULL;
  SmResultSet *set = sm_results_parse("fuzz.csv", (const char *)data, size, &error);
  if (set == NULL) {
    g_assert(error != NULL);
    g_assert(strchr(error->message, '\n') == NULL);
    g_error_free(error);
    return 0;
  }
  for (guint i = 0; i < set->results->len; i++) {
    const SmResultRow *row = set->results->pdata[i];
    (void)sm_result_figure(row);
  }
  sm_result_set_free(set);
  return 0;
}
