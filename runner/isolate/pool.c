#include "isolate/pool.h"

#include "core/util.h"
#include "isolate/placement.h"
#include "isolate/wire.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
  const SmLoadedEngine *engine;
  SmAccel accel;
  unsigned slot; /* 0, or the index of a parallel cell's worker */
  GPid pid;
  int to_fd;
  int from_fd;
  GString *pending; /* bytes read past the last line */
} Worker;

struct SmPool {
  GPtrArray *workers; /* Worker* */
  char *exe;
  char *seed, *time, *samples, *target, *cap, *timeout_text;
  double timeout;
  char *slowdown_engine; /* test builds only: see slowdown_from_environment */
  char *slowdown;
  int slowdown_pass;            /* -1: every pass */
  unsigned renewals;            /* sm_pool_renew calls: the pass being measured */
  struct sigaction old_sigpipe; /* restored when the pool ends */
};

/* A worker answers within the cell limit (it kills a child that takes longer and says so); this
 * margin covers the worker itself. */
#define WORKER_MARGIN_S 30.0

typedef enum { READ_LINE, READ_EOF, READ_TIMEOUT } ReadResult;

static void worker_close(Worker *w, bool kill_it, int *wait_status)
{
  if (w->to_fd >= 0)
    close(w->to_fd);
  if (w->from_fd >= 0)
    close(w->from_fd);
  w->to_fd = w->from_fd = -1;
  if (w->pid > 0) {
    if (kill_it)
      kill(w->pid, SIGKILL);
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (wait_status != NULL)
      *wait_status = status;
    g_spawn_close_pid(w->pid);
    w->pid = 0;
  }
}

static void worker_free(Worker *w)
{
  worker_close(w, true, NULL);
  g_string_free(w->pending, TRUE);
  g_free(w);
}

#ifdef SM_TEST_HOOKS
/* Test builds only: SPEEDMATRIX_TEST_SLOWDOWN=ENGINE:FRACTION[:PASS] makes one engine's samples
 * read FRACTION lower (in every pass, or in pass PASS), so that a test can change a figure on
 * purpose. The release build reads no such variable (the man page lists every one it reads). */
static void slowdown_from_environment(SmPool *pool)
{
  g_auto(GStrv) slow = g_strsplit(g_getenv("SPEEDMATRIX_TEST_SLOWDOWN") ?: "", ":", 3);
  if (g_strv_length(slow) < 2)
    return;
  pool->slowdown_engine = g_strdup(slow[0]);
  pool->slowdown = g_strdup(slow[1]);
  if (slow[2] != NULL)
    pool->slowdown_pass = atoi(slow[2]);
}
#endif

SmPool *sm_pool_new(const SmSettings *settings, const SmRunContext *context)
{
  SmPool *pool = g_new0(SmPool, 1);
  pool->workers = g_ptr_array_new_with_free_func((GDestroyNotify)worker_free);
  pool->exe = g_file_read_link("/proc/self/exe", NULL);
  pool->seed = g_strdup_printf("%" G_GUINT64_FORMAT, context->seed);
  pool->time = g_strdup_printf("%.17g", context->measure.time);
  pool->samples = g_strdup_printf("%u", context->measure.samples);
  pool->target = g_strdup_printf("%.17g", context->measure.target_spread);
  pool->cap = g_strdup_printf("%.17g", context->measure.time_cap);
  pool->timeout = settings->timeout;
  pool->timeout_text = g_strdup_printf("%.17g", settings->timeout);
  pool->slowdown_pass = -1;
#ifdef SM_TEST_HOOKS
  slowdown_from_environment(pool);
#endif
  /* A worker can die at any moment (a signal to the whole process group reaches it first): a
   * write to its pipe must fail with EPIPE, not kill the runner with SIGPIPE. */
  struct sigaction ignore = {.sa_handler = SIG_IGN};
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, &pool->old_sigpipe);
  return pool;
}

/* Asks every worker to quit and reaps it; with `files`, first adds the files each maps. */
static void quit_workers(SmPool *pool, GHashTable *files)
{
  for (guint i = 0; i < pool->workers->len; i++) {
    Worker *w = pool->workers->pdata[i];
    if (files != NULL && w->pid > 0)
      sm_placement_collect(files, w->pid);
    if (w->to_fd >= 0 && write(w->to_fd, "quit\n", 5) < 0) {
      /* the worker is gone already: reaped below */
    }
    worker_close(w, false, NULL);
  }
  g_ptr_array_set_size(pool->workers, 0);
}

void sm_pool_renew(SmPool *pool)
{
  /* The engines' plugins and libraries leave the page cache with their workers, so the next
   * pass reads them into pages of its own (isolate/placement.h). */
  g_autoptr(GHashTable) files = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  quit_workers(pool, files);
  sm_placement_unmap_own(files);
  sm_placement_release(files);
  pool->renewals++;
}

void sm_pool_free(SmPool *pool)
{
  if (pool == NULL)
    return;
  quit_workers(pool, NULL);
  g_ptr_array_unref(pool->workers);
  sigaction(SIGPIPE, &pool->old_sigpipe, NULL);
  g_free(pool->exe);
  g_free(pool->seed);
  g_free(pool->time);
  g_free(pool->samples);
  g_free(pool->target);
  g_free(pool->cap);
  g_free(pool->timeout_text);
  g_free(pool->slowdown_engine);
  g_free(pool->slowdown);
  g_free(pool);
}

static Worker *worker_spawn(SmPool *pool, const SmLoadedEngine *engine, SmAccel accel,
                            unsigned slot, GError **error)
{
  const char *slowdown[2] = {NULL, NULL}; /* --slowdown FRACTION, in test builds only */
#ifdef SM_TEST_HOOKS
  if (pool->slowdown_engine && strcmp(pool->slowdown_engine, engine->desc->name) == 0 &&
      (pool->slowdown_pass < 0 || (unsigned)pool->slowdown_pass == pool->renewals)) {
    slowdown[0] = "--slowdown";
    slowdown[1] = pool->slowdown;
  }
#endif
  // clang-format off
  const char *argv[] = {pool->exe, "__worker",
                        "--engine", engine->path,
                        "--accel", accel == SM_ACCEL_OFF ? "off" : "on",
                        "--timeout", pool->timeout_text,
                        "--seed", pool->seed,
                        "--time", pool->time,
                        "--samples", pool->samples,
                        "--spread-target", pool->target,
                        "--time-cap", pool->cap,
                        slowdown[0], slowdown[1],
                        NULL};
  // clang-format on
  g_auto(GStrv) env = sm_build_worker_environ(engine, g_get_environ());
  /* The library's own switch, set before it is loaded (its CPU detection runs at load). */
  if (accel == SM_ACCEL_OFF && engine->desc->accel_off_env != NULL)
    for (const char *const *var = engine->desc->accel_off_env; *var != NULL; var++) {
      g_auto(GStrv) kv = g_strsplit(*var, "=", 2);
      env = g_environ_setenv(env, kv[0], kv[1] ? kv[1] : "", TRUE);
    }
  Worker *w = g_new0(Worker, 1);
  w->engine = engine;
  w->accel = accel;
  w->slot = slot;
  w->pending = g_string_new(NULL);
  if (!g_spawn_async_with_pipes(NULL, (char **)argv, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                &w->pid, &w->to_fd, &w->from_fd, NULL, error)) {
    w->to_fd = w->from_fd = -1;
    w->pid = 0;
    worker_free(w);
    return NULL;
  }
  fcntl(w->from_fd, F_SETFL, fcntl(w->from_fd, F_GETFL) | O_NONBLOCK);
  fcntl(w->to_fd, F_SETFD, FD_CLOEXEC);
  fcntl(w->from_fd, F_SETFD, FD_CLOEXEC);
  return w;
}

static Worker *pool_get(SmPool *pool, const SmLoadedEngine *engine, SmAccel accel, unsigned slot,
                        GError **error)
{
  for (guint i = 0; i < pool->workers->len; i++) {
    Worker *w = pool->workers->pdata[i];
    if (w->engine == engine && w->accel == accel && w->slot == slot)
      return w;
  }
  Worker *w = worker_spawn(pool, engine, accel, slot, error);
  if (w != NULL)
    g_ptr_array_add(pool->workers, w);
  return w;
}

static void pool_drop(SmPool *pool, Worker *w) { g_ptr_array_remove(pool->workers, w); }

static bool send_line(Worker *w, const char *line)
{
  g_autofree char *text = g_strdup_printf("%s\n", line);
  size_t left = strlen(text);
  const char *p = text;
  while (left > 0) {
    ssize_t n = write(w->to_fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false; /* EPIPE: the worker is gone (SIGPIPE is ignored while the pool lives) */
    p += n;
    left -= (size_t)n;
  }
  return true;
}

static ReadResult read_line(Worker *w, gint64 deadline_us, char **line)
{
  for (;;) {
    char *newline = memchr(w->pending->str, '\n', w->pending->len);
    if (newline != NULL) {
      size_t len = (size_t)(newline - w->pending->str);
      *line = g_strndup(w->pending->str, len);
      g_string_erase(w->pending, 0, (gssize)len + 1);
      return READ_LINE;
    }
    gint64 left = deadline_us - g_get_monotonic_time();
    if (left <= 0)
      return READ_TIMEOUT;
    struct pollfd pfd = {.fd = w->from_fd, .events = POLLIN};
    int ready = poll(&pfd, 1, (int)MIN(left / 1000 + 1, 1000));
    if (ready < 0 && errno != EINTR)
      return READ_EOF;
    if (ready <= 0)
      continue;
    char buffer[65536];
    ssize_t n = read(w->from_fd, buffer, sizeof buffer);
    if (n == 0)
      return READ_EOF;
    if (n < 0) {
      if (errno == EAGAIN || errno == EINTR)
        continue;
      return READ_EOF;
    }
    g_string_append_len(w->pending, buffer, n);
  }
}

/* What became of a worker that stopped answering: the result to report for its cell. */
static void worker_failed(SmPool *pool, Worker *w, ReadResult why, SmCellResult *result)
{
  int status = 0;
  sm_cell_result_clear(result);
  if (why == READ_TIMEOUT) {
    worker_close(w, true, &status);
    result->status = SM_STATUS_TIMEOUT;
    result->detail = g_strdup_printf("no answer from the worker within %g s; it was killed",
                                     pool->timeout + WORKER_MARGIN_S);
  } else {
    worker_close(w, false, &status);
    result->status = SM_STATUS_CRASHED;
    if (WIFSIGNALED(status))
      result->detail = g_strdup_printf("the worker died of signal %d (%s)", WTERMSIG(status),
                                       g_strsignal(WTERMSIG(status)));
    else
      result->detail = g_strdup_printf("the worker exited with status %d mid-cell",
                                       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
  pool_drop(pool, w);
}

/* The worker for (engine, accel, slot) with `request` sent to it. A worker that died while idle
 * (its pipe gives EPIPE: the request never reached it) is reaped and a fresh one takes the
 * request; NULL with `result` saying why when that fails too. */
static Worker *send_request(SmPool *pool, const SmLoadedEngine *engine, SmAccel accel,
                            unsigned slot, const char *request, SmCellResult *result)
{
  for (int attempt = 0; attempt < 2; attempt++) {
    g_autoptr(GError) error = NULL;
    Worker *w = pool_get(pool, engine, accel, slot, &error);
    if (w == NULL) {
      sm_cell_result_clear(result);
      result->status = SM_STATUS_ERROR;
      result->detail = g_strdup_printf("cannot start a worker: %s", error->message);
      return NULL;
    }
    if (send_line(w, request)) {
      sm_cell_result_clear(result);
      *result = (SmCellResult){.status = SM_STATUS_PENDING};
      return w;
    }
    worker_failed(pool, w, READ_EOF, result);
  }
  return NULL;
}

/* Runs one cell on `count` workers at once: all prepare, then all sample together. */
static void run_on_workers(SmPool *pool, const SmCell *cell, unsigned count, unsigned threads,
                           int first_cpu, SmCellResult *results)
{
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  g_autofree Worker **workers = g_new0(Worker *, count);
  g_autofree bool *ready = g_new0(bool, count);
  gint64 deadline = g_get_monotonic_time() + (gint64)((pool->timeout + WORKER_MARGIN_S) * 1e6);
  for (unsigned i = 0; i < count; i++) {
    results[i] = (SmCellResult){.status = SM_STATUS_PENDING};
    int cpu = first_cpu >= 0 ? (int)((first_cpu + i) % (unsigned)MAX(cpus, 1)) : -1;
    g_autofree char *request =
        g_strdup_printf("cell\t%d\t%s\t%s\t%s\t%s\t%u\t%u\t%s", cpu, cell->engine->desc->name,
                        cell->alg->name, sm_api_name(cell->api), sm_op_name(cell->op),
                        cell->block_size, threads, sm_context_name(cell->per_message));
    workers[i] = send_request(pool, cell->engine, cell->accel, i, request, &results[i]);
  }
  bool all_ready = true;
  for (unsigned i = 0; i < count; i++) {
    if (workers[i] == NULL) {
      all_ready = false;
      continue;
    }
    g_autofree char *line = NULL;
    ReadResult r = read_line(workers[i], deadline, &line);
    if (r != READ_LINE) {
      worker_failed(pool, workers[i], r, &results[i]);
      workers[i] = NULL;
      all_ready = false;
    } else if (strcmp(line, "ready") == 0) {
      ready[i] = true;
    } else {
      all_ready = false;
      if (!sm_wire_parse_result(line, &results[i])) {
        results[i].status = SM_STATUS_ERROR;
        results[i].detail = g_strdup("the worker answered something unreadable");
      }
    }
  }
  /* Start together; if one worker could not get ready, the others stand down. */
  for (unsigned i = 0; i < count; i++)
    if (ready[i] && !send_line(workers[i], all_ready ? "go" : "abort")) {
      worker_failed(pool, workers[i], READ_EOF, &results[i]);
      workers[i] = NULL;
      ready[i] = false;
    }
  if (!all_ready)
    return;
  for (unsigned i = 0; i < count; i++) {
    if (!ready[i])
      continue;
    g_autofree char *line = NULL;
    ReadResult r = read_line(workers[i], deadline, &line);
    if (r != READ_LINE)
      worker_failed(pool, workers[i], r, &results[i]);
    else if (!sm_wire_parse_result(line, &results[i])) {
      results[i].status = SM_STATUS_ERROR;
      results[i].detail = g_strdup("the worker answered something unreadable");
    }
  }
}

void sm_pool_measure(SmPool *pool, const SmCell *cell, int cpu, SmCellResult *results,
                     SmCellResult *single)
{
  unsigned count = MAX(cell->parallel, 1u), threads = MAX(cell->threads, 1u);
  if (single == NULL) {
    /* A pass of threads: not pinned (cell/threads.h); the reference is a cell of its own. */
    run_on_workers(pool, cell, 1, threads, threads > 1 ? -1 : cpu, results);
    return;
  }
  if (count > 1 || threads > 1) {
    /* The one-worker (one-thread) reference: placed like the workers it is compared with
     * (parallel workers pinned from CPU 0, threads not pinned: cell/threads.h), and measured
     * before and after them so that a drift of the machine does not bias the efficiency. */
    int cpu = count > 1 ? 0 : -1;
    SmCellResult before = {0}, after = {0};
    run_on_workers(pool, cell, 1, 1, cpu, &before);
    run_on_workers(pool, cell, count, threads, cpu, results);
    run_on_workers(pool, cell, 1, 1, cpu, &after);
    *single = before;
    if (before.status == SM_STATUS_OK && after.status == SM_STATUS_OK)
      single->stats.median = (before.stats.median + after.stats.median) / 2;
    sm_cell_result_clear(&after);
    return;
  }
  run_on_workers(pool, cell, 1, 1, cpu, results);
}

SmCallStatus sm_pool_agree_call(void *data, SmLoadedEngine *engine, const SmAlgorithm *alg,
                                SmApi api, SmOp op, const SmInputs *inputs, const SmBytes *calls,
                                unsigned count, const SmBytes *aux, GByteArray *out)
{
  (void)inputs; /* the worker derives the same inputs from the algorithm and the seed */
  SmPool *pool = data;
  SmCallStatus status = {.result = SM_UNSUPPORTED, .setup_failed = true};
  g_autofree char *hex_calls = sm_wire_hex_list(calls, count);
  g_autofree char *hex_aux = sm_wire_hex_list(aux, aux != NULL ? 1 : 0);
  g_autofree char *request =
      g_strdup_printf("call\t%s\t%s\t%s\t%s\t%s\t%s", engine->desc->name, alg->name,
                      sm_api_name(api), sm_op_name(op), hex_calls, hex_aux);
  SmCellResult failure = {0};
  Worker *w = send_request(pool, engine, SM_ACCEL_ON, 0, request, &failure);
  sm_cell_result_clear(&failure);
  if (w == NULL)
    return status;
  g_autofree char *line = NULL;
  ReadResult r = read_line(
      w, g_get_monotonic_time() + (gint64)((pool->timeout + WORKER_MARGIN_S) * 1e6), &line);
  if (r != READ_LINE) {
    SmCellResult ignored = {0};
    worker_failed(pool, w, r, &ignored); /* its cells will crash or hang again, and say so */
    sm_cell_result_clear(&ignored);
    return status;
  }
  g_auto(GStrv) f = g_strsplit(line, "\t", 3);
  if (g_strv_length(f) != 3 || strcmp(f[0], "call") != 0)
    return status;
  if (strcmp(f[1], "ok") == 0) {
    g_autoptr(GByteArray) bytes = sm_hex_decode(f[2]);
    if (bytes == NULL)
      return status;
    g_byte_array_append(out, bytes->data, bytes->len);
    return (SmCallStatus){.result = SM_OK};
  }
  if (strcmp(f[1], "failed") == 0)
    return (SmCallStatus){.result = SM_FAILED};
  return status;
}
