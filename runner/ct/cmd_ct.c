#include "ct/cmd_ct.h"

#include "core/util.h"
#include "ct/ct_run.h"
#include "ct/worker.h"

#include <stdio.h>
#include <string.h>

typedef struct {
  char *matrix, *output, *resume, *run_csv, *reps, *dudect;
  char *worker, *cells, *worker_seed, *worker_timeout;
  gboolean secret_data, quiet;
  SmOverrides overrides;
} CtArgs;

static void ct_args_clear(CtArgs *a)
{
  char *owned[] = {a->matrix,
                   a->output,
                   a->resume,
                   a->run_csv,
                   a->reps,
                   a->dudect,
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
                   (char *)a->overrides.timeout};
  for (size_t i = 0; i < G_N_ELEMENTS(owned); i++)
    g_free(owned[i]);
  *a = (CtArgs){0};
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(CtArgs, ct_args_clear)

static bool parse_count(const char *flag, const char *text, guint64 min, guint64 max,
                        guint64 *value, GError **error)
{
  if (sm_parse_count(text, min, max, value))
    return true;
  g_set_error(error, SM_ERROR, SM_ERROR_USAGE,
              "%s: \"%s\" is not a whole number from %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT,
              flag, text, min, max);
  return false;
}

/* --dudect's budget: seconds, more than 0 and at most 3600. */
static bool parse_dudect(const char *text, double *seconds, GError **error)
{
  double value = 0;
  if (!sm_parse_decimal(text, &value) || !(value > 0 && value <= 3600)) {
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE,
                "--dudect: \"%s\" is not a number of seconds (valid: more than 0, at most 3600)",
                text);
    return false;
  }
  *seconds = value;
  return true;
}

static int run_worker(CtArgs *a)
{
  guint64 seed = 0, reps = 3;
  if (a->cells == NULL || a->worker_seed == NULL ||
      !g_ascii_string_to_unsigned(a->worker_seed, 10, 0, G_MAXUINT64, &seed, NULL) ||
      (a->reps != NULL && !g_ascii_string_to_unsigned(a->reps, 10, 1, 1000, &reps, NULL)))
    return sm_fail("ct --worker: bad arguments");
  SmCtWorkerArgs args = {
      .engine_path = a->worker,
      .cells_path = a->cells,
      .options = {.secret_data = a->secret_data, .reps = (unsigned)reps, .seed = seed},
      .timeout = a->worker_timeout != NULL ? g_ascii_strtod(a->worker_timeout, NULL) : 60,
  };
  return sm_ct_worker_main(&args);
}

/* ct's options, parsed into a (its GOptionEntry table is copied by GLib). */
static GOptionContext *ct_context_new(CtArgs *a)
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
       "Operations: encrypt,decrypt,hash,mac,sign,verify,derive or all", "L"},
      {"accel", 0, 0, G_OPTION_ARG_STRING, &o->accel, "Hardware acceleration: on, off or on,off",
       "L"},
      {"seed", 0, 0, G_OPTION_ARG_STRING, &o->seed, "Seed of the input generator", "N"},
      {"timeout", 0, 0, G_OPTION_ARG_STRING, &o->timeout,
       "Seconds a cell may take under memcheck before it is killed", "S"},
      {"secret-data", 0, 0, G_OPTION_ARG_NONE, &a->secret_data,
       "Treat the plaintext / message as secret too (default: keys and private keys only)", NULL},
      {"reps", 0, 0, G_OPTION_ARG_STRING, &a->reps,
       "Operations run on each checked context (default 3)", "N"},
      {"run", 0, 0, G_OPTION_ARG_FILENAME, &a->run_csv,
       "A timing run's CSV: say per cell whether its impl is the one memcheck saw", "FILE"},
      {"dudect", 0, 0, G_OPTION_ARG_STRING, &a->dudect,
       "Also time each checked cell natively for S seconds, fixed against random secrets "
       "(dudect: Welch's t, an indicator above 10, never a proof)",
       "S"},
      {"output", 'o', 0, G_OPTION_ARG_FILENAME, &a->output,
       "CSV file, or - for standard output (default results/<UTC time>-<host>-<pid>.ct.csv)",
       "FILE"},
      {"resume", 0, 0, G_OPTION_ARG_FILENAME, &a->resume,
       "Continue an interrupted ct: check only the cells FILE lacks and append them (give the "
       "first ct's flags)",
       "FILE"},
      {"quiet", 'q', 0, G_OPTION_ARG_NONE, &a->quiet, "No progress and no closing line", NULL},
      {"worker", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &a->worker, NULL, NULL},
      {"cells", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &a->cells, NULL, NULL},
      {"worker-seed", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &a->worker_seed, NULL, NULL},
      {"worker-timeout", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &a->worker_timeout, NULL,
       NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  GOptionContext *context = g_option_context_new("- constant-time evidence per cell");
  g_option_context_set_summary(
      context, "Runs each cell's operation under valgrind's memcheck with its secrets marked "
               "undefined, and counts the branches and memory addresses that depend on them "
               "(set-up and operation apart). One CSV row per cell; exit 1 when a cell is "
               "secret-dependent or a cell with a secret could not be checked (no valgrind, "
               "a timeout): that is not a pass.");
  g_option_context_add_main_entries(context, entries, NULL);
  return context;
}

int sm_cmd_ct(int argc, char **argv)
{
  g_auto(CtArgs) a = {0};
  SmOverrides *o = &a.overrides;
  g_autoptr(GOptionContext) context = ct_context_new(&a);
  g_autoptr(GError) error = NULL;
  if (!g_option_context_parse(context, &argc, &argv, &error))
    return sm_fail(error->message);
  if (argc > 1)
    return sm_fail("ct: unexpected argument (see speedmatrix ct --help)");
  if (a.worker != NULL)
    return run_worker(&a);
  if (a.resume != NULL && a.output != NULL)
    return sm_fail("--resume: appends to its own file; do not give -o as well");

  guint64 reps = 3;
  if (a.reps != NULL && !parse_count("--reps", a.reps, 1, 1000, &reps, &error))
    return sm_fail(error->message);
  double dudect = 0;
  if (a.dudect != NULL && !parse_dudect(a.dudect, &dudect, &error))
    return sm_fail(error->message);
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
  SmCtRunOptions options = {.matrix = path,
                            .output = a.output,
                            .resume = a.resume,
                            .run_csv = a.run_csv,
                            .secret_data = a.secret_data,
                            .reps = (unsigned)reps,
                            .dudect_budget = dudect,
                            .quiet = a.quiet};
  int status = sm_ct_run(settings, registry, &options, &error);
  if (error != NULL)
    return sm_fail(error->message);
  return status;
}
