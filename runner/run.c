#include "run.h"

#include "agree.h"
#include "csv.h"
#include "execute.h"
#include "hostinfo.h"
#include "plan.h"
#include "table.h"
#include "util.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int signo) { stop_signal = signo; }

char *sm_run_default_output(const char *host)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc();
  g_autofree char *stamp = g_date_time_format(now, "%Y%m%dT%H%M%SZ");
  g_autofree char *name = g_strdup_printf("%s-%s.csv", stamp, host);
  return g_build_filename("results", name, NULL);
}

static void progress(const SmRunOptions *options, guint done, guint total, const SmCell *cell,
                     guint64 start_ns, guint64 now_ns)
{
  if (options->quiet || !isatty(STDERR_FILENO))
    return;
  double elapsed = (double)(now_ns - start_ns) / 1e9;
  double eta = done > 0 ? elapsed / done * (total - done) : 0;
  fprintf(stderr, "\r\033[K[%u/%u] %s %s %s %s %u  eta %.0fs", done, total, cell->engine_name,
          cell->alg->name, sm_op_name(cell->op), sm_api_name(cell->api), cell->block_size, eta);
  fflush(stderr);
}

int sm_run(const SmSettings *settings, SmRegistry *registry, const SmRunOptions *options,
           GError **error)
{
  g_autoptr(GPtrArray) cells = sm_plan_build(settings, registry, error);
  if (cells == NULL)
    return SM_EXIT_BAD_INPUT;
  SmRunContext context = {
      .seed = settings->seed,
      .time = settings->time,
      .samples = settings->samples,
      .host = sm_host_name(),
      .cpu_model = sm_cpu_model(),
  };
  g_autofree char *path = options->output ? g_strdup(options->output)
                                          : sm_run_default_output(context.host);
  if (options->output == NULL)
    g_mkdir_with_parents("results", 0755);
  SmCsvWriter *writer = sm_csv_open(path, error);
  if (writer == NULL) {
    g_free(context.host);
    g_free(context.cpu_model);
    return SM_EXIT_BAD_INPUT;
  }
  struct sigaction action = {.sa_handler = on_stop_signal};
  sigemptyset(&action.sa_mask);
  struct sigaction old_int, old_term;
  sigaction(SIGINT, &action, &old_int);
  sigaction(SIGTERM, &action, &old_term);

  if (!options->quiet && isatty(STDERR_FILENO))
    fprintf(stderr, "checking that engines agree on the same inputs...");
  sm_agree_cells(cells, settings->seed);

  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func((GDestroyNotify)sm_row_free);
  int status = SM_EXIT_OK;
  guint64 start = g_get_monotonic_time() * 1000;
  for (guint i = 0; i < cells->len && stop_signal == 0; i++) {
    SmCell *cell = cells->pdata[i];
    progress(options, i, cells->len, cell, start, g_get_monotonic_time() * 1000);
    SmRow *row = sm_execute_cell(cell, &context);
    g_ptr_array_add(rows, row);
    if (row->status == SM_STATUS_KAT_FAILED || row->status == SM_STATUS_ERROR ||
        row->status == SM_STATUS_CRASHED || row->status == SM_STATUS_TIMEOUT)
      status = SM_EXIT_FOUND;
    if (!sm_csv_write(writer, row, error)) {
      status = SM_EXIT_BAD_INPUT;
      break;
    }
  }
  if (!options->quiet && isatty(STDERR_FILENO))
    fprintf(stderr, "\r\033[K");
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);

  if (options->table && rows->len > 0)
    sm_table_print(options->output && strcmp(options->output, "-") == 0 ? stderr : stdout, rows);
  guint failed = 0;
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (row->status != SM_STATUS_OK && row->status != SM_STATUS_UNSUPPORTED) {
      failed++;
      fprintf(stderr, "speedmatrix: %s %s %s %s: %s: %s\n", row->engine, row->algorithm,
              sm_op_name(row->operation), sm_api_name(row->api), sm_status_name(row->status),
              row->detail ? row->detail : "");
    }
  }
  fprintf(stderr, "speedmatrix: %u of %u cells written to %s (%u failed, seed %" G_GUINT64_FORMAT ")\n",
          rows->len, cells->len, sm_csv_path(writer), failed, settings->seed);
  sm_csv_close(writer);
  g_free(context.host);
  g_free(context.cpu_model);
  if (stop_signal != 0) {
    fprintf(stderr, "speedmatrix: interrupted; the CSV holds every finished cell\n");
    return 128 + stop_signal;
  }
  return status;
}
