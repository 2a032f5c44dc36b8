#include "isolate/worker.h"

#include "cell/agree.h"
#include "cell/execute.h"
#include "cell/measure.h"
#include "cell/probe.h"
#include "core/builds.h"
#include "core/catalog.h"
#include "core/registry.h"
#include "core/util.h"
#include "isolate/wire.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  SmLoadedEngine *engine; /* loaded, never initialised in this process: children do that */
  SmRunContext context;
  SmAccel accel;
  double timeout; /* seconds a child may take for one request */
} Worker;

/* One whole line in one write: a child that dies mid-answer leaves nothing half-written. */
static void answer(const char *line)
{
  g_autofree char *text = g_strdup_printf("%s\n", line);
  size_t left = strlen(text);
  for (const char *p = text; left > 0;) {
    ssize_t n = write(STDOUT_FILENO, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return; /* the runner is gone */
    p += n;
    left -= (size_t)n;
  }
}

/* Reads one line from standard input byte by byte: no buffer that a child could inherit half
 * read, since a child of a parallel cell reads its "go" from the same descriptor. */
static char *read_request(void)
{
  g_autoptr(GString) line = g_string_new(NULL);
  for (;;) {
    char c;
    ssize_t n = read(STDIN_FILENO, &c, 1);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return line->len > 0 ? g_string_free(g_steal_pointer(&line), FALSE) : NULL;
    if (c == '\n')
      return g_string_free(g_steal_pointer(&line), FALSE);
    g_string_append_c(line, c);
  }
}

/* engine, algorithm, api: the parts every request names. */
static bool find_target(Worker *w, char **f, const SmAlgInfo **info, const SmAlgorithm **alg,
                        SmApi *api)
{
  *info = sm_catalog_find(f[1]);
  if (strcmp(f[0], w->engine->desc->name) != 0 || *info == NULL || !sm_api_parse(f[2], api))
    return false;
  *alg = sm_engine_find_algorithm(w->engine->desc, f[1]);
  return *alg != NULL && sm_algorithm_level(*alg, *api) != NULL;
}

static void answer_result(const SmCellResult *result)
{
  g_autofree char *line = sm_wire_format_result(result);
  answer(line);
}

static void pin(int cpu)
{
  if (cpu < 0)
    return;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  sched_setaffinity(0, sizeof set, &set); /* best effort: a container may forbid it */
}

/* cell CPU ENGINE ALG API OP SIZE THREADS CONTEXT, in a child: verify, prepare, (ready/go),
 * sample. */
static void handle_cell(Worker *w, char **f)
{
  SmCell cell = {.status = SM_STATUS_PENDING, .accel = w->accel, .parallel = 1, .threads = 1};
  const SmAlgInfo *info = NULL;
  const SmAlgorithm *alg = NULL;
  guint64 size = 0;
  gint64 cpu = -1;
  guint64 threads = 1;
  if (g_strv_length(f) != 8 || !g_ascii_string_to_signed(f[0], 10, -1, 4095, &cpu, NULL) ||
      !find_target(w, f + 1, &info, &alg, &cell.api) || !sm_op_parse(f[4], &cell.op) ||
      !g_ascii_string_to_unsigned(f[5], 10, 0, G_MAXUINT, &size, NULL) ||
      !g_ascii_string_to_unsigned(f[6], 10, 1, SM_MAX_THREADS, &threads, NULL) ||
      !sm_context_parse(f[7], &cell.per_message)) {
    SmCellResult bad = {.status = SM_STATUS_ERROR, .detail = g_strdup("worker: bad request")};
    answer_result(&bad);
    sm_cell_result_clear(&bad);
    return;
  }
  pin((int)cpu);
  cell.engine_name = w->engine->desc->name;
  cell.engine = w->engine;
  cell.alg = info;
  cell.impl = alg;
  cell.block_size = (guint)size;
  cell.threads = (unsigned)threads;
  SmCellResult result = {0};
  SmPrepared *prepared = sm_cell_prepare(&cell, &w->context, &result);
  if (prepared != NULL) {
    answer("ready");
    g_autofree char *go = read_request();
    if (go == NULL || strcmp(go, "go") != 0) {
      sm_prepared_free(prepared);
      sm_cell_result_clear(&result);
      return; /* aborted: the runner expects no answer */
    }
    sm_cell_sample(prepared, &w->context, &result);
    sm_prepared_free(prepared);
  }
  answer_result(&result);
  sm_cell_result_clear(&result);
}

/* call ENGINE ALG API OP HEXCALLS HEXAUX, in a child: one agreement call. */
static void handle_call(Worker *w, char **f)
{
  const SmAlgInfo *info = NULL;
  const SmAlgorithm *alg = NULL;
  SmApi api;
  SmOp op;
  g_autoptr(GPtrArray) calls = g_ptr_array_new_with_free_func((GDestroyNotify)g_byte_array_unref);
  g_autoptr(GPtrArray) aux = g_ptr_array_new_with_free_func((GDestroyNotify)g_byte_array_unref);
  if (g_strv_length(f) != 6 || !find_target(w, f, &info, &alg, &api) || !sm_op_parse(f[3], &op) ||
      op >= SM_OP_COUNT || !sm_wire_parse_hex_list(f[4], calls) ||
      !sm_wire_parse_hex_list(f[5], aux) || aux->len > 1) {
    answer("call\tnone\tworker: bad request");
    return;
  }
  if (sm_engine_init(w->engine, w->accel) != SM_OK) {
    answer("call\tnone\tengine init failed");
    return;
  }
  g_autoptr(SmInputs) inputs = sm_agree_inputs(info, w->context.seed);
  g_autofree SmBytes *views = g_new0(SmBytes, calls->len + 1);
  for (guint i = 0; i < calls->len; i++)
    views[i] =
        (SmBytes){((GByteArray *)calls->pdata[i])->data, ((GByteArray *)calls->pdata[i])->len};
  SmBytes aux_view = {0};
  if (aux->len == 1)
    aux_view = (SmBytes){((GByteArray *)aux->pdata[0])->data, ((GByteArray *)aux->pdata[0])->len};
  g_autoptr(GByteArray) out = g_byte_array_new();
  SmCallStatus status = sm_agree_call_local(NULL, w->engine, alg, api, op, inputs, views,
                                            calls->len, aux->len == 1 ? &aux_view : NULL, out);
  if (status.result == SM_OK) {
    g_autofree char *hex = sm_hex_encode(out->data, out->len);
    g_autofree char *line = g_strdup_printf("call\tok\t%s", hex);
    answer(line);
  } else if (status.setup_failed) {
    g_autofree char *message = g_strescape(status.message, NULL);
    g_autofree char *line = g_strdup_printf("call\tnone\t%s", message);
    answer(line);
  } else {
    answer("call\tfailed\t");
  }
}

/* Waits for `pid` at most `timeout` seconds (SIGCHLD is blocked in this process, so it can be
 * waited for with a time limit). False when the limit passed: the child is still running. */
static bool wait_child(pid_t pid, double timeout, int *status)
{
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  gint64 deadline = g_get_monotonic_time() + (gint64)(timeout * 1e6);
  for (;;) {
    pid_t done = waitpid(pid, status, WNOHANG);
    if (done == pid)
      return true;
    gint64 left = deadline - g_get_monotonic_time();
    if (left <= 0)
      return false;
    struct timespec wait = {.tv_sec = left / 1000000, .tv_nsec = (left % 1000000) * 1000};
    sigtimedwait(&chld, NULL, &wait);
  }
}

/* What the runner hears when a child did not answer for itself. */
static void answer_failure(const Worker *w, bool is_cell, bool timed_out, int status)
{
  g_autofree char *detail = NULL;
  if (timed_out)
    detail = g_strdup_printf("no result within the %g s limit per cell; the cell's process was "
                             "killed",
                             w->timeout);
  else if (WIFSIGNALED(status))
    detail = g_strdup_printf("the cell's process died of signal %d (%s)", WTERMSIG(status),
                             g_strsignal(WTERMSIG(status)));
  else
    detail = g_strdup_printf("the cell's process exited with status %d mid-cell",
                             WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  if (!is_cell) {
    g_autofree char *escaped = g_strescape(detail, NULL);
    g_autofree char *line = g_strdup_printf("call\tnone\t%s", escaped);
    answer(line);
    return;
  }
  SmCellResult result = {.status = timed_out ? SM_STATUS_TIMEOUT : SM_STATUS_CRASHED,
                         .detail = g_steal_pointer(&detail)};
  answer_result(&result);
  sm_cell_result_clear(&result);
}

/* Every request runs in a child forked from this process, which has loaded the engine and done
 * nothing else: each cell starts from the same library state, whatever ran before it. */
static void run_forked(Worker *w, char *request, char **f)
{
  bool is_cell = strcmp(f[0], "cell") == 0;
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    answer_failure(w, is_cell, false, 0);
    return;
  }
  if (pid == 0) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (is_cell)
      handle_cell(w, f + 1);
    else
      handle_call(w, f + 1);
    /* The child never returns to the request loop: what it holds of it is its own to free. */
    g_strfreev(f);
    g_free(request);
    sm_engine_free(w->engine); /* the library's shutdown, where it has one */
    _exit(0); /* no atexit handlers of the libraries: their state dies with the child */
  }
  int status = 0;
  bool finished = wait_child(pid, w->timeout, &status);
  if (!finished) {
    kill(pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (!finished || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    answer_failure(w, is_cell, !finished, status);
}

typedef struct {
  char *engine, *accel, *seed, *time, *samples, *target, *cap, *timeout, *slowdown;
  gboolean describe; /* a build's init, version and probes for the runner (core/builds.h) */
} WorkerArgs;

static void worker_args_clear(WorkerArgs *a)
{
  char **all[] = {&a->engine, &a->accel, &a->seed,    &a->time,    &a->samples,
                  &a->target, &a->cap,   &a->timeout, &a->slowdown};
  for (size_t i = 0; i < G_N_ELEMENTS(all); i++)
    g_clear_pointer(all[i], g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(WorkerArgs, worker_args_clear)

static bool parse_args(int *argc, char ***argv, WorkerArgs *a)
{
  GOptionEntry entries[] = {
      {"engine", 0, 0, G_OPTION_ARG_FILENAME, &a->engine, NULL, NULL},
      {"accel", 0, 0, G_OPTION_ARG_STRING, &a->accel, NULL, NULL},
      {"seed", 0, 0, G_OPTION_ARG_STRING, &a->seed, NULL, NULL},
      {"time", 0, 0, G_OPTION_ARG_STRING, &a->time, NULL, NULL},
      {"samples", 0, 0, G_OPTION_ARG_STRING, &a->samples, NULL, NULL},
      {"spread-target", 0, 0, G_OPTION_ARG_STRING, &a->target, NULL, NULL},
      {"time-cap", 0, 0, G_OPTION_ARG_STRING, &a->cap, NULL, NULL},
      {"timeout", 0, 0, G_OPTION_ARG_STRING, &a->timeout, NULL, NULL},
#ifdef SM_TEST_HOOKS
      {"slowdown", 0, 0, G_OPTION_ARG_STRING, &a->slowdown, NULL, NULL},
#endif
      {"describe", 0, 0, G_OPTION_ARG_NONE, &a->describe, NULL, NULL},
      {NULL, 0, 0, 0, NULL, NULL, NULL},
  };
  g_autoptr(GOptionContext) options = g_option_context_new(NULL);
  g_option_context_add_main_entries(options, entries, NULL);
  return g_option_context_parse(options, argc, argv, NULL) && a->engine && a->accel &&
         (a->describe || (a->seed && a->time && a->samples && a->target && a->cap && a->timeout));
}

int sm_worker_main(int argc, char **argv)
{
  g_auto(WorkerArgs) a = {0};
  if (!parse_args(&argc, &argv, &a)) {
    fprintf(stderr, "speedmatrix worker: bad arguments\n");
    return SM_EXIT_BAD_INPUT;
  }
  /* Signals to the process group (Ctrl-C, a CI cancel, timeout(1)) are the runner's to handle:
   * it finishes the pass in progress and stops. A worker ends when its input closes. */
  signal(SIGINT, SIG_IGN);
  signal(SIGTERM, SIG_IGN);
  signal(SIGPIPE, SIG_IGN);
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  g_autoptr(GError) error = NULL;
  Worker w = {.accel = strcmp(a.accel, "off") == 0 ? SM_ACCEL_OFF : SM_ACCEL_ON,
              .timeout = a.timeout != NULL ? g_ascii_strtod(a.timeout, NULL) : 0};
  if (a.describe) {
    sm_builds_load_flat();
    SmLoadedEngine *engine = sm_engine_load(a.engine, &error);
    if (engine == NULL) {
      fprintf(stderr, "speedmatrix worker: %s\n", error->message);
      return SM_EXIT_BAD_INPUT;
    }
    sm_build_describe_write(stdout, engine, w.accel);
    sm_engine_free(engine);
    return SM_EXIT_OK;
  }
  w.context.seed = g_ascii_strtoull(a.seed, NULL, 10);
  w.context.measure = (SmMeasureConfig){
      .time = g_ascii_strtod(a.time, NULL),
      .samples = (unsigned)g_ascii_strtoull(a.samples, NULL, 10),
      .min_samples = SM_MIN_SAMPLES,
      .target_spread = g_ascii_strtod(a.target, NULL),
      .time_cap = g_ascii_strtod(a.cap, NULL),
      .slowdown = a.slowdown != NULL ? g_ascii_strtod(a.slowdown, NULL) : 0,
  };
  sm_builds_load_flat(); /* a build's library is the only one here (core/builds.h) */
  w.engine = sm_engine_load(a.engine, &error);
  if (w.engine == NULL) {
    fprintf(stderr, "speedmatrix worker: %s\n", error->message);
    return SM_EXIT_BAD_INPUT;
  }
  /* The probe's kernels are calibrated here once, so that every child forked for a cell starts
   * with the counts instead of doubling up to them (half a millisecond a pass). */
  SmProbe calibration = {0};
  sm_probe_measure(&calibration, 1);
  sm_measure_clock_hz(0); /* likewise the clock's run length */
  for (char *request; (request = read_request()) != NULL; g_free(request)) {
    g_auto(GStrv) f = g_strsplit(request, "\t", -1);
    if (strcmp(f[0], "cell") == 0 || strcmp(f[0], "call") == 0)
      run_forked(&w, request, f);
    else if (strcmp(f[0], "quit") == 0) {
      g_free(request);
      break;
    } else
      answer("error\tunknown request");
  }
  sm_engine_free(w.engine);
  return SM_EXIT_OK;
}
