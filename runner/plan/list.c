#include "plan/list.h"

#include "core/catalog.h"

#include <string.h>

/* "yes", or "-" with the reason kept for the reasons section. */
static const char *support(const SmLoadedEngine *engine, const SmAlgInfo *info, SmApi api,
                           const char **why)
{
  const SmAlgorithm *alg = sm_engine_find_algorithm(engine->desc, info->name);
  if (alg == NULL) {
    *why = NULL;
    return "-";
  }
  const SmImpl *impl = alg->impl[api];
  if (impl == NULL) {
    *why = alg->why_not[api] ? alg->why_not[api] : "not offered at this level";
    return "-";
  }
  if (engine->init_result == SM_OK && impl->probe != NULL && (*why = impl->probe()) != NULL)
    return "no";
  *why = NULL;
  return "yes";
}

void sm_list_print(FILE *out, SmRegistry *registry, bool reasons)
{
  fprintf(out, "engines (loaded from %s):\n", registry->directory);
  for (guint i = 0; i < registry->engines->len; i++) {
    SmLoadedEngine *engine = registry->engines->pdata[i];
    sm_engine_init(engine, SM_ACCEL_ON);
    fprintf(out, "  %-8s %s %s\n", engine->desc->name, engine->desc->library,
            engine->desc->library_version());
    for (unsigned api = 0; api < SM_API_COUNT; api++)
      fprintf(out, "           %s: %s\n", sm_api_name((SmApi)api),
              engine->desc->api_meaning[api] ? engine->desc->api_meaning[api] : "");
    if (engine->init_result != SM_OK)
      fprintf(out, "           init failed: %s\n", engine->init_message);
  }
  for (unsigned k = 0; sm_known_engines[k] != NULL; k++)
    if (sm_registry_find(registry, sm_known_engines[k]) == NULL)
      fprintf(out, "  %-8s not built (its library was missing at build time)\n",
              sm_known_engines[k]);
  for (guint i = 0; i < registry->refused->len; i++)
    fprintf(out, "  refused: %s\n", (const char *)registry->refused->pdata[i]);

  fprintf(out, "\n%-20s %-10s", "algorithm", "kind");
  for (guint i = 0; i < registry->engines->len; i++) {
    const SmLoadedEngine *engine = registry->engines->pdata[i];
    fprintf(out, " %-9s", engine->desc->name);
  }
  fprintf(out, "\n%-20s %-10s", "", "");
  for (guint i = 0; i < registry->engines->len; i++)
    fprintf(out, " %-4s%-5s", "evp", "low");
  fputc('\n', out);
  for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++) {
    fprintf(out, "%-20s %-10s", info->name, sm_kind_name(info->kind));
    for (guint i = 0; i < registry->engines->len; i++) {
      const SmLoadedEngine *engine = registry->engines->pdata[i];
      const char *why = NULL;
      fprintf(out, " %-4s", support(engine, info, SM_API_EVP, &why));
      fprintf(out, "%-5s", support(engine, info, SM_API_LOW, &why));
    }
    fputc('\n', out);
  }
  if (!reasons)
    return;
  fprintf(out, "\nwhy not (\"-\" or \"no\" above):\n");
  for (guint i = 0; i < registry->engines->len; i++) {
    const SmLoadedEngine *engine = registry->engines->pdata[i];
    for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++)
      for (unsigned api = 0; api < SM_API_COUNT; api++) {
        const char *why = NULL;
        support(engine, info, (SmApi)api, &why);
        if (why != NULL)
          fprintf(out, "  %s %s %s: %s\n", engine->desc->name, info->name, sm_api_name((SmApi)api),
                  why);
      }
  }
}

const char *const sm_list_name_sets[] = {"engines",    "algorithms", "kinds",
                                         "operations", "apis",       NULL};

bool sm_list_names(FILE *out, const SmRegistry *registry, const char *what)
{
  if (strcmp(what, "engines") == 0) {
    for (guint i = 0; i < registry->engines->len; i++)
      fprintf(out, "%s\n", ((const SmLoadedEngine *)registry->engines->pdata[i])->desc->name);
  } else if (strcmp(what, "algorithms") == 0) {
    for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++)
      fprintf(out, "%s\n", info->name);
  } else if (strcmp(what, "kinds") == 0) {
    for (unsigned kind = 0; kind < SM_KIND_COUNT; kind++)
      fprintf(out, "%s\n", sm_kind_name((SmKind)kind));
  } else if (strcmp(what, "operations") == 0) {
    for (unsigned op = 0; op < SM_OP_ALL_COUNT; op++)
      fprintf(out, "%s\n", sm_op_name((SmOp)op));
  } else if (strcmp(what, "apis") == 0) {
    for (unsigned api = 0; api < SM_API_COUNT; api++)
      fprintf(out, "%s\n", sm_api_name((SmApi)api));
  } else {
    return false;
  }
  return true;
}
