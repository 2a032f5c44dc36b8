#include "plan/list.h"

#include "core/catalog.h"
#include "core/hostinfo.h"
#include "core/short_names.h"
#include "plan/accel_table.h"

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

/* `text` after `first` (the first line's start), broken at spaces into lines of at most 100
 * columns, the following lines indented by `indent` spaces. */
static void print_wrapped(FILE *out, const char *first, const char *text, int indent)
{
  g_auto(GStrv) words = g_strsplit(text, " ", -1);
  int at = fprintf(out, "%s", first);
  bool line_start = true;
  for (char **word = words; *word != NULL; word++) {
    int len = (int)g_utf8_strlen(*word, -1);
    if (!line_start && at + 1 + len > 100) {
      at = fprintf(out, "\n%*s", indent, "") - 1;
      line_start = true;
    }
    at += fprintf(out, "%s%s", line_start ? "" : " ", *word);
    line_start = false;
  }
  fputc('\n', out);
}

/* "accel off (aarch64): OPENSSL_armcap=0; covers NEON, ...": this architecture's row of the
 * table of switches (plan/accel_table.c). */
static void print_accel_switch(FILE *out, const char *engine)
{
  const char *arch = sm_build_arch();
  const SmAccelSwitch *row = sm_accel_switch_find(engine, arch);
  g_autofree char *first = g_strdup_printf("           accel off (%s): ", arch);
  g_autofree char *text =
      row == NULL ? g_strdup("no entry in the table of switches for this architecture")
      : row->off_switch != NULL
          ? g_strdup_printf("%s; covers %s", row->off_switch, row->capabilities)
          : g_strdup_printf("unsupported (%s); runs %s", row->unsupported, row->capabilities);
  print_wrapped(out, first, text, 16);
}

static void print_engines(FILE *out, SmRegistry *registry)
{
  fprintf(out, "engines (loaded from %s):\n", registry->directory);
  for (guint i = 0; i < registry->engines->len; i++) {
    SmLoadedEngine *engine = registry->engines->pdata[i];
    sm_engine_init(engine, SM_ACCEL_ON);
    fprintf(out, "  %-8s %s %s\n", engine->desc->name, engine->desc->library,
            sm_engine_library_version(engine));
    for (unsigned api = 0; api < SM_API_COUNT; api++) {
      g_autofree char *first = g_strdup_printf("           %s: ", sm_api_name((SmApi)api));
      const char *meaning = engine->desc->api_meaning[api];
      print_wrapped(out, first, meaning ? meaning : "", 16);
    }
    if (engine->desc->implicit_meaning != NULL)
      print_wrapped(out, "           implicit: ", engine->desc->implicit_meaning, 16);
    if (engine->desc->threads_unsafe != NULL) {
      g_autofree char *why = g_strdup_printf("one thread only: %s", engine->desc->threads_unsafe);
      print_wrapped(out, "           threads: ", why, 16);
    }
    g_autofree char *library = sm_engine_library_path(engine);
    if (library != NULL)
      fprintf(out, "           library: %s\n", library);
    print_accel_switch(out, engine->desc->name);
    if (engine->init_result != SM_OK)
      fprintf(out, "           init failed: %s\n", engine->init_message);
  }
  for (unsigned k = 0; sm_known_engines[k] != NULL; k++) {
    const char *refusal = sm_registry_refusal(registry, sm_known_engines[k]);
    if (refusal != NULL)
      fprintf(out, "  %-8s could not be loaded: %s\n", sm_known_engines[k], refusal);
    else if (sm_registry_find(registry, sm_known_engines[k]) == NULL)
      fprintf(out, "  %-8s not built (its library was missing at build time)\n",
              sm_known_engines[k]);
  }
  for (guint i = 0; i < registry->refused->len; i++)
    fprintf(out, "  refused: %s\n", (const char *)registry->refused->pdata[i]);
}

/* One letter per level: E evp, L low, - not offered, x offered but not on this machine. */
static void support_cell(const SmLoadedEngine *engine, const SmAlgInfo *info, char cell[3])
{
  static const char letters[SM_API_COUNT] = {[SM_API_EVP] = 'E', [SM_API_LOW] = 'L'};
  for (unsigned api = 0; api < SM_API_COUNT; api++) {
    const char *why = NULL;
    const char *answer = support(engine, info, (SmApi)api, &why);
    cell[api] = strcmp(answer, "yes") == 0 ? letters[api] : strcmp(answer, "no") == 0 ? 'x' : '-';
  }
  cell[SM_API_COUNT] = '\0';
}

/* The support grid: an engine per column, full names when they fit in 100 columns, else the
 * three-letter names with a legend line. */
static void print_grid(FILE *out, SmRegistry *registry)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
  g_autoptr(GPtrArray) full = g_ptr_array_new();
  int width = 2;
  for (guint i = 0; i < registry->engines->len; i++) {
    const SmLoadedEngine *engine = registry->engines->pdata[i];
    g_ptr_array_add(full, (gpointer)engine->desc->name);
    width = MAX(width, (int)strlen(engine->desc->name));
  }
  bool short_names = 31 + (int)full->len * (width + 1) > 100;
  width = short_names ? 3 : width;
  for (guint i = 0; i < full->len; i++)
    g_ptr_array_add(names,
                    short_names ? sm_engine_short_name(full->pdata[i]) : g_strdup(full->pdata[i]));
  print_wrapped(out, "\n",
                "E: offered at evp, L: at low, -: not offered, x: offered but not on this "
                "machine (list --why)",
                0);
  if (short_names) {
    g_autofree char *legend = sm_engine_short_legend(full);
    print_wrapped(out, "engines: ", legend, 9);
  }
  fprintf(out, "\n%-20s %-10s", "algorithm", "kind");
  for (guint i = 0; i < names->len; i++)
    fprintf(out, " %-*s", width, (const char *)names->pdata[i]);
  fputc('\n', out);
  for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++) {
    GString *line = g_string_new(NULL);
    g_string_append_printf(line, "%-20s %-10s", info->name, sm_kind_name(info->kind));
    for (guint i = 0; i < registry->engines->len; i++) {
      char cell[SM_API_COUNT + 1];
      support_cell(registry->engines->pdata[i], info, cell);
      g_string_append_printf(line, " %-*s", width, cell);
    }
    g_strchomp(line->str);
    fprintf(out, "%s\n", line->str);
    g_string_free(line, TRUE);
  }
}

void sm_list_print(FILE *out, SmRegistry *registry, bool reasons)
{
  print_engines(out, registry);
  print_grid(out, registry);
  if (!reasons)
    return;
  fprintf(out, "\nwhy not (\"-\" or \"x\" above):\n");
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
    for (unsigned api = 0; api < SM_API_LEVELS; api++)
      fprintf(out, "%s\n", sm_api_name((SmApi)api));
  } else {
    return false;
  }
  return true;
}
