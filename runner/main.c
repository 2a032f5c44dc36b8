/* speedmatrix: parses the command line and wires the runner's pieces together. */
#include "compare/compare.h"
#include "ct/cmd_ct.h"
#include "plan/config.h"
#include "import/import.h"
#include "plan/list.h"
#include "plan/version.h"
#include "core/registry.h"
#include "report/report.h"
#include "run/run.h"
#include "summary/summary.h"
#include "store/store.h"
#include "core/util.h"
#include "isolate/worker.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#ifndef SM_MATRIX_FALLBACK
#define SM_MATRIX_FALLBACK "/usr/local/share/speedmatrix/matrix.ini"
#endif

static SmRegistry *load_registry(GError **error)
{
  g_autofree char *dir = sm_registry_default_dir();
  SmRegistry *registry = sm_registry_load_dir(dir, error);
  if (registry != NULL)
    for (guint i = 0; i < registry->refused->len; i++)
      fprintf(stderr, "speedmatrix: warning: %s\n", (const char *)registry->refused->pdata[i]);
  return registry;
}

static GOptionContext *verb_context(const char *parameters, const char *summary,
                                    GOptionEntry *entries)
{
  GOptionContext *context = g_option_context_new(parameters);
  g_option_context_set_summary(context, summary);
  g_option_context_add_main_entries(context, entries, NULL);
  return context;
}

/* The flag values GOption allocated for the overrides. */
static void overrides_clear(SmOverrides *o)
{
  const char *const fields[] = {o->engines,    o->algorithms, o->sizes,         o->api,
                                o->operations, o->time,       o->samples,       o->seed,
                                o->accel,      o->parallel,   o->spread_target, o->time_cap,
                                o->timeout,    o->order,      o->passes,        o->confirm};
  for (size_t i = 0; i < G_N_ELEMENTS(fields); i++)
    g_free((gpointer)fields[i]);
  *o = (SmOverrides){0};
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(SmOverrides, overrides_clear)

static int cmd_run(int argc, char **argv)
{
  g_autofree char *matrix = NULL, *output = NULL, *resume = NULL;
  g_auto(SmOverrides) overrides = {0};
  gboolean quiet = FALSE, no_table = FALSE, tables = FALSE;
  GOptionEntry entries[] = {
      {"matrix", 'm', 0, G_OPTION_ARG_FILENAME, &matrix, "Matrix file (default ./matrix.ini)",
       "FILE"},
      {"engines", 'e', 0, G_OPTION_ARG_STRING, &overrides.engines,
       "Engines, comma-separated, or all", "L"},
      {"algorithms", 'a', 0, G_OPTION_ARG_STRING, &overrides.algorithms,
       "Algorithms or kinds, comma-separated, or all", "L"},
      {"sizes", 's', 0, G_OPTION_ARG_STRING, &overrides.sizes,
       "Block sizes in bytes, comma-separated", "L"},
      {"api", 0, 0, G_OPTION_ARG_STRING, &overrides.api, "API levels: evp,low", "L"},
      {"operations", 0, 0, G_OPTION_ARG_STRING, &overrides.operations,
       "Operations: encrypt,decrypt,hash,mac,sign,verify,derive or all", "L"},
      {"time", 't', 0, G_OPTION_ARG_STRING, &overrides.time, "Seconds of sampling per cell", "S"},
      {"samples", 0, 0, G_OPTION_ARG_STRING, &overrides.samples, "Samples per cell (at least 5)",
       "N"},
      {"seed", 0, 0, G_OPTION_ARG_STRING, &overrides.seed, "Seed of the input generator", "N"},
      {"accel", 0, 0, G_OPTION_ARG_STRING, &overrides.accel,
       "Hardware acceleration: on, off or on,off", "L"},
      {"parallel", 'j', 0, G_OPTION_ARG_STRING, &overrides.parallel,
       "Worker processes measuring a cell at once: N, all, or a list", "L"},
      {"spread-target", 0, 0, G_OPTION_ARG_STRING, &overrides.spread_target,
       "Stop sampling early below this MAD/median (default 0.01)", "F"},
      {"time-cap", 0, 0, G_OPTION_ARG_STRING, &overrides.time_cap,
       "Sample on up to this many seconds while above the target (default 3 x time)", "S"},
      {"timeout", 0, 0, G_OPTION_ARG_STRING, &overrides.timeout,
       "Seconds before a cell with no result is killed", "S"},
      {"order", 0, 0, G_OPTION_ARG_STRING, &overrides.order, "interleaved (default) or sequential",
       "O"},
      {"passes", 0, 0, G_OPTION_ARG_STRING, &overrides.passes,
       "Measure each cell in N passes spread over the run (time is shared among them)", "N"},
      {"confirm", 0, 0, G_OPTION_ARG_STRING, &overrides.confirm,
       "Up to N more passes, at the end of the run, for a cell whose figure fewer than three "
       "passes reached (or that was contended, or is a mode) (0: none)",
       "N"},
      {"resume", 0, 0, G_OPTION_ARG_FILENAME, &resume,
       "Measure only the cells missing from this earlier run's CSV, and append them to it", "FILE"},
      {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
       "CSV file, or - for standard output (default results/<UTC time>-<host>-<pid>.csv)", "FILE"},
      {"quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "No progress line", NULL},
      {"no-table", 0, 0, G_OPTION_ARG_NONE, &no_table,
       "Print nothing at the end (neither the summary grids nor the tables)", NULL},
      {"tables", 0, 0, G_OPTION_ARG_NONE, &tables,
       "After the summary grids, the openssl-speed style tables per engine and API level", NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  g_autoptr(GOptionContext) context = verb_context(
      "- measure the matrix",
      "Verifies every cell against known answers, then measures it; one CSV row per cell.",
      entries);
  g_autoptr(GError) error = NULL;
  if (!g_option_context_parse(context, &argc, &argv, &error))
    return sm_fail(error->message);
  if (argc > 1)
    return sm_fail("run: unexpected argument (see speedmatrix run --help)");

  g_autofree char *path = matrix ? g_strdup(matrix) : NULL;
  if (path == NULL)
    path =
        g_strdup(g_file_test("matrix.ini", G_FILE_TEST_EXISTS) ? "matrix.ini" : SM_MATRIX_FALLBACK);
  g_autoptr(SmSettings) settings = sm_settings_load(path, &overrides, &error);
  if (settings == NULL)
    return sm_fail(error->message);
  g_autoptr(SmRegistry) registry = load_registry(&error);
  if (registry == NULL)
    return sm_fail(error->message);
  if (resume != NULL && output != NULL)
    return sm_fail("--resume: appends to its own file; do not give -o as well");
  SmRunOptions options = {
      .output = output, .resume = resume, .quiet = quiet, .table = !no_table, .tables = tables};
  int status = sm_run(settings, registry, &options, &error);
  if (error != NULL)
    fprintf(stderr, "speedmatrix: %s\n", error->message);
  return status;
}

static int cmd_list(int argc, char **argv)
{
  gboolean reasons = FALSE;
  g_autofree char *names = NULL;
  GOptionEntry entries[] = {
      {"why", 'w', 0, G_OPTION_ARG_NONE, &reasons, "Also print why each missing cell is missing",
       NULL},
      {"names", 0, 0, G_OPTION_ARG_STRING, &names,
       "Print only names, one a line: engines (those loaded), algorithms, kinds, operations or "
       "apis",
       "WHAT"},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  g_autoptr(GOptionContext) context = verb_context("- the support matrix",
                                                   "Engines, their library versions and what each "
                                                   "offers at each API level. Nothing is measured.",
                                                   entries);
  g_autoptr(GError) error = NULL;
  if (!g_option_context_parse(context, &argc, &argv, &error))
    return sm_fail(error->message);
  if (argc > 1)
    return sm_fail("list: unexpected argument (see speedmatrix list --help)");
  if (names != NULL && !g_strv_contains(sm_list_name_sets, names)) {
    g_autofree char *valid = g_strjoinv(", ", (char **)sm_list_name_sets);
    g_autofree char *message = g_strdup_printf("--names: unknown \"%s\" (valid: %s)", names, valid);
    return sm_fail(message);
  }
  g_autoptr(SmRegistry) registry = load_registry(&error);
  if (registry == NULL)
    return sm_fail(error->message);
  if (names != NULL)
    sm_list_names(stdout, registry, names);
  else
    sm_list_print(stdout, registry, reasons);
  return SM_EXIT_OK;
}

typedef int (*VerbFn)(int argc, char **argv);

static const struct {
  const char *name;
  VerbFn run;
  const char *summary;
} verbs[] = {
    {"run", cmd_run, "measure the matrix; CSV to results/ by default"},
    {"list", cmd_list, "the support matrix, nothing measured"},
    {"compare", sm_cmd_compare, "ratios per cell between runs; exit 1 on regression"},
    {"summary", sm_cmd_summary, "the answer at a glance: ratio grids of a result file"},
    {"report", sm_cmd_report, "winners, evp/low gaps and charts as HTML or Markdown"},
    {"import", sm_cmd_import, "openssl speed output (plain, -mr, pasted in mail) to CSV rows"},
    {"ct", sm_cmd_ct, "constant-time evidence: each cell under memcheck, secrets marked"},
    {"store", sm_cmd_store,
     "history: ingest runs, check for changes, trend report (SQLite, PostgreSQL)"},
};

static void usage(FILE *out)
{
  fprintf(out, "Usage: speedmatrix VERB [OPTION...]\n\nVerbs:\n");
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++)
    fprintf(out, "  %-8s %s\n", verbs[i].name, verbs[i].summary);
  fprintf(out, "\nOptions:\n");
  fprintf(out, "  -h, --help     Show this help\n");
  fprintf(out,
          "  -V, --version  Show the version, the engine ABI and each engine's library version\n");
  fprintf(out, "\n'speedmatrix VERB --help' describes each verb; man speedmatrix, all of it.\n");
}

/* --version: never fails for want of engines (the directory may be missing). */
static int cmd_version(void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmRegistry) registry = load_registry(&error);
  sm_version_print(stdout, registry, error != NULL ? error->message : NULL);
  return SM_EXIT_OK;
}

int main(int argc, char **argv)
{
  setlocale(LC_ALL, "");
  setlocale(LC_NUMERIC, "C"); /* CSV figures always use '.' */
  if (argc < 2) {
    usage(stderr);
    return SM_EXIT_BAD_INPUT;
  }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
      strcmp(argv[1], "help") == 0) {
    usage(stdout);
    return SM_EXIT_OK;
  }
  if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)
    return cmd_version();
  if (strcmp(argv[1], "__worker") == 0)
    return sm_worker_main(argc - 1, argv + 1);
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++)
    if (strcmp(argv[1], verbs[i].name) == 0) {
      argv[1] = g_strdup_printf("%s %s", g_get_prgname() ? g_get_prgname() : "speedmatrix",
                                verbs[i].name);
      int status = verbs[i].run(argc - 1, argv + 1);
      return status;
    }
  GString *valid = g_string_new(NULL);
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++)
    g_string_append_printf(valid, "%s%s", i ? ", " : "", verbs[i].name);
  fprintf(stderr, "speedmatrix: unknown verb \"%s\" (valid: %s)\n", argv[1], valid->str);
  g_string_free(valid, TRUE);
  return SM_EXIT_BAD_INPUT;
}
