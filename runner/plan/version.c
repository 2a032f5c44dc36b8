#include "plan/version.h"

#include <string.h>

#ifndef SM_VERSION
#define SM_VERSION "unknown"
#endif

const char *sm_built_against_version(const char *engine)
{
  for (const SmBuiltAgainst *row = sm_built_against; row->engine != NULL; row++)
    if (strcmp(row->engine, engine) == 0)
      return row->version;
  return NULL;
}

void sm_version_print(FILE *out, SmRegistry *registry, const char *why)
{
  fprintf(out, "speedmatrix %s\n", SM_VERSION);
  fprintf(out, "engine ABI %u.%u\n", SM_ABI_MAJOR, SM_ABI_MINOR);
  if (registry == NULL) {
    fprintf(out, "engines: none loaded (%s)\n", why);
    return;
  }
  fprintf(out, "engines (loaded from %s):\n", registry->directory);
  fprintf(out, "  %-10s %-12s %-16s %s\n", "engine", "library", "built against", "running");
  for (guint i = 0; i < registry->engines->len; i++) {
    SmLoadedEngine *engine = registry->engines->pdata[i];
    /* Some libraries report their version only once initialised (as list does it). */
    sm_engine_init(engine, SM_ACCEL_ON);
    const char *built = sm_built_against_version(engine->desc->name);
    fprintf(out, "  %-10s %-12s %-16s %s\n", engine->desc->name, engine->desc->library,
            built != NULL ? built : "(out of tree)", sm_engine_library_version(engine));
    /* Which file: a build (ENGINE@LABEL) and its library's engine name two different ones. */
    g_autofree char *library = sm_engine_library_path(engine);
    if (library != NULL)
      fprintf(out, "  %-10s library: %s\n", "", library);
  }
  for (unsigned k = 0; sm_known_engines[k] != NULL; k++) {
    const char *name = sm_known_engines[k];
    if (sm_registry_find(registry, name) != NULL)
      continue;
    const char *built = sm_built_against_version(name);
    if (built != NULL)
      fprintf(out, "  %-10s %-12s %-16s (not in this directory)\n", name, "", built);
    else
      fprintf(out, "  %-10s not built (its library was missing at build time)\n", name);
  }
}
