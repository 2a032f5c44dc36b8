#include "profile/cmd_profile.h"

#include "core/util.h"
#include "profile/profile_run.h"
#include "profile/worker.h"

#include <stdio.h>

typedef struct {
  char *matrix, *output, *run_csv, *ops;
  char *worker, *cells, *worker_seed, *worker_timeout;
  gboolean quiet;
  SmOverrides overrides;
} ProfileArgs;

static void profile_args_clear(ProfileArgs *a)
{
  char *owned[] = {a->matrix,
                   a->output,
                   a->run_csv,
                   a->ops,
                   a->worker,
                   a->cells,
                   a->worker_seed,
                   a->worker_timeout,
                   (char *)a->overrides.engines,
                   (char *)a->overrides.algorithms,
                   (char *)a->overrides.sizes,
                   (char *)a->overrides.api,
                   (char *)a->overrides.operations,
                   (char *)a->overrides.seed,
                   (char *)a->overrides.accel,
                   (char *)a->overrides.context,
                   (char *)a->overrides.timeout};
  for (size_t i = 0; i < G_N_ELEMENTS(owned); i++)
    g_free(owned[i]);
  *a = (ProfileArgs){0};
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(ProfileArgs, profile_args_clear)

static int run_worker(ProfileArgs *a)
{
  guint64 seed = 0;
  if (a->cells == NULL || a->worker_seed == NULL ||
      !g_ascii_string_to_unsigned(a->worker_seed, 10, 0, G_MAXUINT64, &seed, NULL))
    return sm_fail("profile --worker: bad arguments");
  SmProfileWorkerArgs args = {
      .engine_path = a->worker,
      .cells_path = a->cells,
      .seed = seed,
      .timeout = a->worker_timeout != NULL ? g_ascii_strtod(a->worker_timeout, NULL) : 60,
  };
  return sm_profile_worker_main(&args);
}

/* profile's options, parsed into a (its GOptionEntry table is copied by GLib). */
static GOptionContext *profile_context_new(ProfileArgs *a)
{
  SmOverrides *o = &a->overrides;
  GOptionEntry entries[] = {
      {"matrix", 'm', 0, G_OPTION_ARG_FILENAME, &a->matrix, "Matrix file (default ./matrix.ini)",
       "FILE"},
      {"engines", 'e', 0, G_OPTION_ARG_STRING, &o->engines, "Engines, comma-separated, or all",
       "L"},
      {"algorithms", 'a', 0, G_OPTION_ARG_STRING, &o->algorithms,
       "Algorithms or kinds, comma-separated, or all", "L"},
      {"sizes", 's', 0, G_OPTION_ARG_STRING, &o->sizes, "Block sizes in bytes, comma-separated",
       "L"},
      {"api", 0, 0, G_OPTION_ARG_STRING, &o->api, "API levels: evp,low", "L"},
      {"operations", 0, 0, G_OPTION_ARG_STRING, &o->operations,
       "Operations: encrypt,decrypt,hash,mac,sign,verify,derive,keygen,encaps,decaps,setup or all",
       "L"},
      {"accel", 0, 0, G_OPTION_ARG_STRING, &o->accel, "Hardware acceleration: on, off or on,off",
       "L"},
      {"context", 0, 0, G_OPTION_ARG_STRING, &o->context,
       "reused (default), per-message, or both: reused,per-message", "L"},
      {"seed", 0, 0, G_OPTION_ARG_STRING, &o->seed, "Seed of the input generator", "N"},
      {"timeout", 0, 0, G_OPTION_ARG_STRING, &o->timeout,
       "Seconds a cell may take under callgrind before it is killed", "S"},
      {"ops", 0, 0, G_OPTION_ARG_STRING, &a->ops,
       "Operations counted per cell (default: 100 for a bulk cell, 20 from 4096 B, 10 for the "
       "others)",
       "N"},
      {"run", 0, 0, G_OPTION_ARG_FILENAME, &a->run_csv,
       "A timing run's CSV: say per cell whether its impl is the one callgrind counted", "FILE"},
      {"output", 'o', 0, G_OPTION_ARG_FILENAME, &a->output,
       "CSV file, or - for standard output (default results/<UTC time>-<host>-<pid>.profile.csv)",
       "FILE"},
      {"quiet", 'q', 0, G_OPTION_ARG_NONE, &a->quiet, "No progress and no closing line", NULL},
      {"worker", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &a->worker, NULL, NULL},
      {"cells", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &a->cells, NULL, NULL},
      {"worker-seed", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &a->worker_seed, NULL, NULL},
      {"worker-timeout", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &a->worker_timeout, NULL,
       NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  GOptionContext *context = g_option_context_new("- instruction counts per cell");
  g_option_context_set_summary(
      context, "Runs each cell, verified first, under valgrind's callgrind and counts the "
               "instructions of one set-up and of a number of operations, the library's only "
               "(the runner's loop is left out), with the system calls per operation and the "
               "functions that take the instructions. One CSV row per cell; exit 1 when a cell "
               "failed (its known answers, a crash, a timeout), 2 without valgrind.");
  g_option_context_add_main_entries(context, entries, NULL);
  return context;
}

int sm_cmd_profile(int argc, char **argv)
{
  g_auto(ProfileArgs) a = {0};
  SmOverrides *o = &a.overrides;
  g_autoptr(GOptionContext) context = profile_context_new(&a);
  g_autoptr(GError) error = NULL;
  if (!g_option_context_parse(context, &argc, &argv, &error))
    return sm_fail(error->message);
  if (argc > 1)
    return sm_fail("profile: unexpected argument (see speedmatrix profile --help)");
  if (a.worker != NULL)
    return run_worker(&a);

  guint64 ops = 0;
  if (a.ops != NULL && !g_ascii_string_to_unsigned(a.ops, 10, 1, 100000, &ops, NULL)) {
    g_autofree char *message =
        g_strdup_printf("--ops: \"%s\" is not a whole number from 1 to 100000", a.ops);
    return sm_fail(message);
  }
  g_autofree char *path = sm_matrix_path(a.matrix, &error);
  if (path == NULL)
    return sm_fail(error->message);
  g_autoptr(SmSettings) settings = sm_settings_load(path, o, &error);
  if (settings == NULL)
    return sm_fail(error->message);
  g_autofree char *dir = sm_registry_default_dir();
  g_autoptr(SmRegistry) registry = sm_registry_load_dir(dir, &error);
  if (registry == NULL)
    return sm_fail(error->message);
  for (guint i = 0; i < registry->refused->len; i++)
    fprintf(stderr, "speedmatrix: warning: %s\n", (const char *)registry->refused->pdata[i]);
  SmProfileRunOptions options = {
      .matrix = path, .output = a.output, .run_csv = a.run_csv, .ops = ops, .quiet = a.quiet};
  int status = sm_profile_run(settings, registry, &options, &error);
  if (error != NULL)
    return sm_fail(error->message);
  return status;
}
