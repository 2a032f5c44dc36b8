#include "core/hostinfo.h"

#include <glib.h>
#include <string.h>

char *sm_host_name(void) { return g_strdup(g_get_host_name()); }

char *sm_cpu_model(void)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents("/proc/cpuinfo", &text, NULL, NULL))
    return g_strdup("unknown");
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (char **line = lines; *line != NULL; line++) {
    if (!g_str_has_prefix(*line, "model name"))
      continue;
    const char *colon = strchr(*line, ':');
    if (colon != NULL)
      return g_strstrip(g_strdup(colon + 1));
  }
  return g_strdup("unknown");
}
