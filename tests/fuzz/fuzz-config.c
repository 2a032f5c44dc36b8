/* libFuzzer target: matrix.ini parsing and validation. Any input must give settings or a
 * one-line error, never a crash, a leak or a sanitizer report. */
#include "plan/config.h"

#include <glib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  GError *error = NULL;
  SmSettings *settings = sm_settings_load_data("fuzz.ini", (const char *)data, size, NULL, &error);
  if (settings == NULL) {
    g_assert(error != NULL);
    g_assert(strchr(error->message, '\n') == NULL); /* one line */
    g_error_free(error);
    return 0;
  }
  g_assert(settings->sizes->len > 0 && settings->samples >= SM_MIN_SAMPLES);
  sm_settings_free(settings);
  return 0;
}
