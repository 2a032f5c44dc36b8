/* Finding a compare format by name and running it; the table is sm_compare_formats. */
#include "compare/compare.h"

#include <string.h>

const SmCompareFormat *sm_compare_format_find(const char *name)
{
  for (const SmCompareFormat *const *format = sm_compare_formats; *format != NULL; format++)
    if (strcmp((*format)->name, name) == 0)
      return *format;
  return NULL;
}

char *sm_compare_format_names(const char *separator, const char *last)
{
  GString *names = g_string_new(NULL);
  for (const SmCompareFormat *const *format = sm_compare_formats; *format != NULL; format++) {
    if (format != sm_compare_formats)
      g_string_append(names, format[1] == NULL ? last : separator);
    g_string_append(names, (*format)->name);
  }
  return g_string_free(names, FALSE);
}

char *sm_compare_render(const SmComparison *comparison, const SmCompareFormat *format)
{
  GString *out = g_string_new(NULL);
  format->write(comparison, out);
  return g_string_free(out, FALSE);
}
