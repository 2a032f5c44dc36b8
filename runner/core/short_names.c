#include "core/short_names.h"

#include "core/engine_facts.h"

#include <string.h>

char *sm_engine_short_name(const char *engine)
{
  for (const SmEngineFacts *facts = sm_engine_facts; facts->engine != NULL; facts++)
    if (strcmp(facts->engine, engine) == 0)
      return g_strdup(facts->short_name);
  return g_strndup(engine, 3);
}

char *sm_engine_short_legend(GPtrArray *engines)
{
  GString *out = g_string_new(NULL);
  for (guint i = 0; i < engines->len; i++) {
    g_autofree char *short_name = sm_engine_short_name(engines->pdata[i]);
    g_string_append_printf(out, "%s%s=%s", i ? ", " : "", short_name,
                           (const char *)engines->pdata[i]);
  }
  return g_string_free(out, FALSE);
}
