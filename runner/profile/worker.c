#include "profile/worker.h"

#include "core/catalog.h"
#include "core/registry.h"
#include "core/util.h"
#include "profile/profile_child.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

char *sm_profile_worker_request(guint index, const SmCell *cell, guint64 ops)
{
  return g_strdup_printf("%u\t%s\t%s\t%s\t%u\t%s\t%s\t%" G_GUINT64_FORMAT, index, cell->alg->name,
                         sm_api_name(cell->api), sm_op_name(cell->op), cell->block_size,
                         cell->accel == SM_ACCEL_OFF ? "off" : "on",
                         sm_context_name(cell->per_message), ops);
}

/* One answer line, written whole with write(2): a child's and the worker's never interleave. */
static void answer(pid_t pid, guint index, const char *status, const SmProfileChildResult *r,
                   const char *detail)
{
  const char *texts[] = {r->impl, r->library_path, r->library_version, detail};
  char *escaped[G_N_ELEMENTS(texts)];
  for (size_t i = 0; i < G_N_ELEMENTS(texts); i++)
    escaped[i] = g_strescape(texts[i] != NULL ? texts[i] : "", NULL);
  g_autofree char *line =
      g_strdup_printf("%u\t%ld\t%s\t%s\t%s\t%s\t%" G_GUINT64_FORMAT "\t%s\n", index, (long)pid,
                      status, escaped[0], escaped[1], escaped[2], r->ops, escaped[3]);
  for (size_t i = 0; i < G_N_ELEMENTS(texts); i++)
    g_free(escaped[i]);
  size_t left = strlen(line);
  for (const char *p = line; left > 0;) {
    ssize_t n = write(STDOUT_FILENO, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return;
    p += n;
    left -= (size_t)n;
  }
}

static void answer_failure(pid_t pid, guint index, const char *status, const char *detail)
{
  SmProfileChildResult none = {0};
  answer(pid, index, status, &none, detail);
}

/* In the child: the cell, then one answer line. */
static void run_child(SmLoadedEngine *engine, guint index, char **f, guint64 seed)
{
  SmCell cell = {.engine = engine,
                 .engine_name = engine->desc->name,
                 .parallel = 1,
                 .threads = 1,
                 .status = SM_STATUS_PENDING};
  guint64 size = 0, ops = 0;
  cell.alg = sm_catalog_find(f[1]);
  cell.impl = cell.alg != NULL ? sm_engine_find_algorithm(engine->desc, f[1]) : NULL;
  cell.accel = strcmp(f[5], "off") == 0 ? SM_ACCEL_OFF : SM_ACCEL_ON;
  if (cell.impl == NULL || !sm_api_parse(f[2], &cell.api) ||
      sm_algorithm_level(cell.impl, cell.api) == NULL || !sm_op_parse(f[3], &cell.op) ||
      !g_ascii_string_to_unsigned(f[4], 10, 0, G_MAXUINT, &size, NULL) ||
      !sm_context_parse(f[6], &cell.per_message) ||
      !g_ascii_string_to_unsigned(f[7], 10, 1, G_MAXUINT32, &ops, NULL)) {
    answer_failure(getpid(), index, "error", "profile worker: bad request");
    return;
  }
  cell.block_size = (guint)size;
  SmProfileChildResult result = {0};
  sm_profile_run_cell(&cell, seed, ops, &result);
  answer(getpid(), index, sm_status_name(result.status), &result, result.detail);
  sm_profile_child_result_clear(&result);
}

/* Waits for `pid` up to `timeout` seconds; kills it past that. */
static void wait_child(pid_t pid, double timeout, guint index)
{
  gint64 deadline = g_get_monotonic_time() + (gint64)(timeout * 1e6);
  int status = 0;
  for (;;) {
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid)
      break;
    if (done < 0 && errno != EINTR)
      return;
    if (g_get_monotonic_time() > deadline) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      g_autofree char *detail =
          g_strdup_printf("no result within the %g s limit per cell under callgrind", timeout);
      answer_failure(pid, index, "timeout", detail);
      return;
    }
    g_usleep(2000);
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return;
  /* SIGILL: an instruction valgrind does not emulate (AVX-512 and newer). */
  bool illegal = WIFSIGNALED(status) && WTERMSIG(status) == SIGILL;
  g_autofree char *detail =
      WIFSIGNALED(status) ? g_strdup_printf("the cell's process died of signal %d (%s)%s",
                                            WTERMSIG(status), g_strsignal(WTERMSIG(status)),
                                            illegal ? ": an instruction valgrind cannot run" : "")
                          : g_strdup_printf("the cell's process exited with status %d",
                                            WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  answer_failure(pid, index, illegal ? "unsupported" : "crashed", detail);
}

int sm_profile_worker_main(const SmProfileWorkerArgs *args)
{
  signal(SIGPIPE, SIG_IGN);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  if (!g_file_get_contents(args->cells_path, &text, NULL, &error))
    return sm_fail(error->message);
  SmLoadedEngine *engine = sm_engine_load(args->engine_path, &error);
  if (engine == NULL)
    return sm_fail(error->message);
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (char **line = lines; *line != NULL; line++) {
    g_auto(GStrv) f = g_strsplit(*line, "\t", -1);
    guint64 index = 0;
    if (g_strv_length(f) != 8 || !g_ascii_string_to_unsigned(f[0], 10, 0, G_MAXUINT, &index, NULL))
      continue;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
      answer_failure(getpid(), (guint)index, "error", "fork failed");
      continue;
    }
    if (pid == 0) {
      run_child(engine, (guint)index, f, args->seed);
      sm_engine_free(engine);
      _exit(0);
    }
    wait_child(pid, args->timeout, (guint)index);
  }
  sm_engine_free(engine);
  return SM_EXIT_OK;
}
