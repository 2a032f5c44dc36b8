/* Regular expressions compiled once per process (see patterns.h). */
#include "import/patterns.h"

GRegex *sm_import_regex(gsize *slot, const char *pattern, GRegexCompileFlags flags)
{
  if (g_once_init_enter(slot)) {
    g_autoptr(GError) error = NULL;
    GRegex *regex = g_regex_new(pattern, flags | G_REGEX_OPTIMIZE, 0, &error);
    g_assert_no_error(error); /* the patterns are constants */
    g_once_init_leave(slot, (gsize)regex);
  }
  return (GRegex *)*slot;
}
