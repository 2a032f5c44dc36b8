#include "ct/worker.h"

#include "core/catalog.h"
#include "core/registry.h"
#include "core/util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

char *sm_ct_worker_request(guint index, const SmCell *cell)
{
  return g_strdup_printf("%u\t%s\t%s\t%s\t%u\t%s", index, cell->alg->name, sm_api_name(cell->api),
                         sm_op_name(cell->op), cell->block_size,
                         cell->accel == SM_ACCEL_OFF ? "off" : "on");
}

static void answer(pid_t pid, guint index, const char *outcome, const char *status,
                   const char *impl, const char *detail)
{
  g_autofree char *impl_text = g_strescape(impl != NULL ? impl : "", NULL);
  g_autofree char *detail_text = g_strescape(detail != NULL ? detail : "", NULL);
  g_autofree char *line = g_strdup_printf("%u\t%ld\t%s\t%s\t%s\t%s\n", index, (long)pid, outcome,
                                          status, impl_text, detail_text);
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

static const char *outcome_name(SmCtOutcome outcome)
{
  static const char *const names[] = {"ran", "nothing-secret", "failed"};
  return names[outcome];
}

/* In the child: the cell, then one answer line. */
static void run_child(SmLoadedEngine *engine, guint index, char **f, const SmCtOptions *options)
{
  SmCell cell = {.engine = engine, .engine_name = engine->desc->name, .parallel = 1};
  guint64 size = 0;
  cell.alg = sm_catalog_find(f[1]);
  cell.impl = cell.alg != NULL ? sm_engine_find_algorithm(engine->desc, f[1]) : NULL;
  cell.accel = strcmp(f[5], "off") == 0 ? SM_ACCEL_OFF : SM_ACCEL_ON;
  if (cell.impl == NULL || !sm_api_parse(f[2], &cell.api) ||
      sm_algorithm_level(cell.impl, cell.api) == NULL || !sm_op_parse(f[3], &cell.op) ||
      !g_ascii_string_to_unsigned(f[4], 10, 0, G_MAXUINT, &size, NULL)) {
    answer(getpid(), index, outcome_name(SM_CT_FAILED), "error", NULL, "ct worker: bad request");
    return;
  }
  cell.block_size = (guint)size;
  SmCtRunResult result = {0};
  sm_ct_run_cell(&cell, options, &result);
  answer(getpid(), index, outcome_name(result.outcome),
         result.outcome == SM_CT_FAILED ? sm_status_name(result.status) : "ok", result.impl,
         result.detail);
  sm_ct_run_result_clear(&result);
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
          g_strdup_printf("no result within the %g s limit per cell under valgrind", timeout);
      answer(pid, index, "failed", "timeout", NULL, detail);
      return;
    }
    g_usleep(2000);
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return;
  g_autofree char *detail = WIFSIGNALED(status)
                                ? g_strdup_printf("the cell's process died of signal %d (%s)",
                                                  WTERMSIG(status), g_strsignal(WTERMSIG(status)))
                                : g_strdup_printf("the cell's process exited with status %d",
                                                  WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  answer(pid, index, "failed", "crashed", NULL, detail);
}

int sm_ct_worker_main(const SmCtWorkerArgs *args)
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
    if (g_strv_length(f) != 6 || !g_ascii_string_to_unsigned(f[0], 10, 0, G_MAXUINT, &index, NULL))
      continue;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
      answer(getpid(), (guint)index, "failed", "error", NULL, "fork failed");
      continue;
    }
    if (pid == 0) {
      run_child(engine, (guint)index, f, &args->options);
      sm_engine_free(engine);
      _exit(0);
    }
    wait_child(pid, args->timeout, (guint)index);
  }
  sm_engine_free(engine);
  return SM_EXIT_OK;
}
