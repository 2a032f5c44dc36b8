/* speedmatrix run [OPTION...]: the matrix file and the command line's overrides into settings,
 * then the run; exit status as sm_run returns it. */
#include "run/run.h"

#include "core/catalog.h"
#include "core/registry.h"
#include "core/util.h"
#include "plan/config.h"

#include <stdio.h>

/* The flag values GOption allocated for the overrides. */
static void overrides_clear(SmOverrides *o)
{
  const char *const fields[] = {
      o->engines, o->algorithms, o->sizes,  o->api,      o->operations,    o->time,
      o->samples, o->seed,       o->accel,  o->parallel, o->spread_target, o->time_cap,
      o->timeout, o->order,      o->passes, o->confirm,  o->threads,       o->context};
  for (size_t i = 0; i < G_N_ELEMENTS(fields); i++)
    g_free((gpointer)fields[i]);
  *o = (SmOverrides){0};
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(SmOverrides, overrides_clear)

int sm_cmd_run(int argc, char **argv)
{
  g_autofree char *matrix = NULL, *output = NULL, *resume = NULL;
  g_auto(SmOverrides) overrides = {0};
  gboolean quiet = FALSE, no_table = FALSE, tables = FALSE;
  /* The kinds, operations and limits as the program has them, so the help cannot fall behind. */
  g_autofree char *kinds = sm_kind_names(), *ops = sm_op_names();
  g_autofree char *algorithms_help =
      g_strdup_printf("Algorithms or kinds (%s), comma-separated, or all", kinds);
  g_autofree char *operations_help =
      g_strdup_printf("Operations (%s), comma-separated, or all", ops);
  g_autofree char *samples_help = g_strdup_printf("Samples per cell (at least %u)", SM_MIN_SAMPLES);
  GOptionEntry entries[] = {
      {"matrix", 'm', 0, G_OPTION_ARG_FILENAME, &matrix, "Matrix file (default ./matrix.ini)",
       "FILE"},
      {"engines", 'e', 0, G_OPTION_ARG_STRING, &overrides.engines,
       "Engines, comma-separated, or all", "L"},
      {"algorithms", 'a', 0, G_OPTION_ARG_STRING, &overrides.algorithms, algorithms_help, "L"},
      {"sizes", 's', 0, G_OPTION_ARG_STRING, &overrides.sizes,
       "Block sizes in bytes, comma-separated", "L"},
      {"api", 0, 0, G_OPTION_ARG_STRING, &overrides.api, "API levels: evp,low", "L"},
      {"operations", 0, 0, G_OPTION_ARG_STRING, &overrides.operations, operations_help, "L"},
      {"time", 't', 0, G_OPTION_ARG_STRING, &overrides.time, "Seconds of sampling per cell", "S"},
      {"samples", 0, 0, G_OPTION_ARG_STRING, &overrides.samples, samples_help, "N"},
      {"seed", 0, 0, G_OPTION_ARG_STRING, &overrides.seed, "Seed of the input generator", "N"},
      {"accel", 0, 0, G_OPTION_ARG_STRING, &overrides.accel,
       "Hardware acceleration: on, off or on,off", "L"},
      {"parallel", 'j', 0, G_OPTION_ARG_STRING, &overrides.parallel,
       "Worker processes measuring a cell at once: N, all, or a list", "L"},
      {"threads", 0, 0, G_OPTION_ARG_STRING, &overrides.threads,
       "Threads of one worker measuring a cell at once, each with its own context: N, all (the "
       "CPUs this process may use), or a list; 1 is always measured, as the efficiency's "
       "reference",
       "L"},
      {"context", 0, 0, G_OPTION_ARG_STRING, &overrides.context,
       "reused (default: a context made once), per-message (a new context from the key, the "
       "operation, released, per timed call), or both: reused,per-message",
       "L"},
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
  g_autoptr(GOptionContext) context = g_option_context_new("- measure the matrix");
  g_option_context_set_summary(
      context,
      "Verifies every cell against known answers, then measures it; one CSV row per cell.");
  g_option_context_add_main_entries(context, entries, NULL);
  g_autoptr(GError) error = NULL;
  if (!g_option_context_parse(context, &argc, &argv, &error))
    return sm_fail(error->message);
  if (argc > 1)
    return sm_fail("run: unexpected argument (see speedmatrix run --help)");

  g_autofree char *path = sm_matrix_path(matrix, &error);
  if (path == NULL)
    return sm_fail(error->message);
  g_autoptr(SmSettings) settings = sm_settings_load(path, &overrides, &error);
  if (settings == NULL)
    return sm_fail(error->message);
  g_autoptr(SmRegistry) registry = sm_registry_load_default(&error);
  if (registry == NULL)
    return sm_fail(error->message);
  if (resume != NULL && output != NULL)
    return sm_fail("--resume: appends to its own file; do not give -o as well");
  SmRunOptions options = {.output = output,
                          .resume = resume,
                          .matrix = path,
                          .quiet = quiet,
                          .table = !no_table,
                          .tables = tables};
  guint most_threads = g_array_index(settings->threads, guint, settings->threads->len - 1);
  if (most_threads > sm_usable_cpus())
    fprintf(stderr,
            "speedmatrix: warning: --threads %u is more than the %u CPUs this process may use: "
            "those figures measure the scheduler as well as the library\n",
            most_threads, sm_usable_cpus());
  int status = sm_run(settings, registry, &options, &error);
  if (error != NULL)
    sm_fail(error->message); /* the status is sm_run's */
  return status;
}
