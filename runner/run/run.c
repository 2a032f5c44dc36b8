#include "run/run.h"

#include "cell/agree.h"
#include "io/csv.h"
#include "cell/execute.h"
#include "core/hostinfo.h"
#include "isolate/pool.h"
#include "run/metadata.h"
#include "plan/plan.h"
#include "io/results.h"
#include "io/table.h"
#include "core/util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int signo) { stop_signal = signo; }

/* The process id makes the name unique among runs alive at once (two started in the same
 * second); a -N suffix steps over a file an earlier run with a recycled id left. */
char *sm_run_default_output(const char *host)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc();
  g_autofree char *stamp = g_date_time_format(now, "%Y%m%dT%H%M%SZ");
  for (unsigned n = 1;; n++) {
    g_autofree char *suffix = n > 1 ? g_strdup_printf("-%u", n) : g_strdup("");
    g_autofree char *name = g_strdup_printf("%s-%s-%ld%s.csv", stamp, host, (long)getpid(), suffix);
    char *path = g_build_filename("results", name, NULL);
    g_autofree char *meta = g_strdup_printf("%s.meta", path);
    struct stat st;
    if ((lstat(path, &st) != 0 && lstat(meta, &st) != 0) || n == 1000)
      return path;
    g_free(path);
  }
}

static bool show_progress(const SmRunOptions *options)
{
  return !options->quiet && isatty(STDERR_FILENO);
}

static void progress(const SmRunOptions *options, guint done, guint total, const SmCell *cell,
                     gint64 start_us)
{
  if (!show_progress(options))
    return;
  double elapsed = (double)(g_get_monotonic_time() - start_us) / 1e6;
  double eta = done > 0 ? elapsed / done * (total - done) : 0;
  fprintf(stderr, "\r\033[K[%u/%u] %s %s %s %s %u%s%s  eta %.0fs", done, total, cell->engine_name,
          cell->alg->name, sm_op_name(cell->op), sm_api_name(cell->api), cell->block_size,
          cell->accel == SM_ACCEL_OFF ? " accel=off" : "", cell->parallel > 1 ? " parallel" : "",
          eta);
  fflush(stderr);
}

/* A cell's identity, as compare and resume line cells up. */
static char *cell_key(const char *engine, const char *alg, SmOp op, SmApi api, guint size,
                      SmAccel accel, unsigned parallel)
{
  return g_strdup_printf("%s|%s|%s|%s|%u|%s|%u", engine, alg, sm_op_name(op), sm_api_name(api),
                         size, accel == SM_ACCEL_OFF ? "off" : "on", parallel);
}

/* Drops every planned cell that `path` already holds; the CSV is then appended to. */
static bool drop_done_cells(GPtrArray *cells, const char *path, GError **error)
{
  g_autoptr(SmResultSet) done = sm_results_read(path, error);
  if (done == NULL)
    return false;
  for (guint i = 0; i < done->warnings->len; i++)
    fprintf(stderr, "speedmatrix: warning: %s\n", (const char *)done->warnings->pdata[i]);
  g_autoptr(GHashTable) keys = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < done->results->len; i++) {
    const SmRow *row = ((SmResultRow *)done->results->pdata[i])->row;
    g_hash_table_add(keys, cell_key(row->engine, row->algorithm, row->operation, row->api,
                                    row->block_size, row->accel, row->parallel));
  }
  guint kept = 0;
  for (guint i = 0; i < cells->len; i++) {
    SmCell *cell = cells->pdata[i];
    g_autofree char *key = cell_key(cell->engine_name, cell->alg->name, cell->op, cell->api,
                                    cell->block_size, cell->accel, cell->parallel);
    if (g_hash_table_contains(keys, key))
      sm_cell_free(cell);
    else
      cells->pdata[kept++] = cell;
  }
  g_ptr_array_set_free_func(cells, NULL);
  g_ptr_array_set_size(cells, kept);
  g_ptr_array_set_free_func(cells, (GDestroyNotify)sm_cell_free);
  return true;
}

/* When the last cell of a (engine, algorithm, operation, api, accel, parallel) group finishes,
 * fit time per call against block size over its ok rows: ns per byte and ns per call. */
static void fit_group(GPtrArray *rows, GPtrArray *cells, const SmCell *cell, SmRow *row)
{
  if (!sm_kind_is_bulk(cell->alg->kind) || row->status != SM_STATUS_OK)
    return;
  for (guint i = 0; i < cells->len; i++) {
    const SmCell *other = cells->pdata[i];
    if (other->alg == cell->alg && other->op == cell->op && other->api == cell->api &&
        other->accel == cell->accel && other->parallel == cell->parallel &&
        strcmp(other->engine_name, cell->engine_name) == 0 && other->status == SM_STATUS_PENDING)
      return; /* a size of the group is still to come */
  }
  g_autoptr(GArray) x = g_array_new(FALSE, FALSE, sizeof(double));
  g_autoptr(GArray) y = g_array_new(FALSE, FALSE, sizeof(double));
  for (guint i = 0; i <= rows->len; i++) {
    const SmRow *r = i < rows->len ? rows->pdata[i] : row;
    if (r->status != SM_STATUS_OK || strcmp(r->engine, row->engine) != 0 ||
        strcmp(r->algorithm, row->algorithm) != 0 || r->operation != row->operation ||
        r->api != row->api || r->accel != row->accel || r->parallel != row->parallel)
      continue;
    double size = r->block_size, ns = 1e9 / r->per_worker_ops_per_sec;
    g_array_append_val(x, size);
    g_array_append_val(y, ns);
  }
  double slope, intercept;
  if (x->len >= 2 &&
      sm_stats_linear_fit((double *)x->data, (double *)y->data, x->len, &slope, &intercept)) {
    row->slope_ns_per_byte = slope;
    row->intercept_ns_per_call = intercept;
    row->has_fit = true;
  }
}

/* Cells per window of passes (some 10 to 20 s of measuring at the default settings). */
#define PASS_WINDOW 64u

/* The order of a window's cells in one pass: the plan's order first, then seeded shuffles, so
 * that each pass of a cell runs at another moment. */
static guint *pass_order(guint len, guint64 seed, guint window, unsigned pass)
{
  guint *order = g_new(guint, MAX(len, 1u));
  for (guint i = 0; i < len; i++)
    order[i] = i;
  if (pass == 0)
    return order;
  guint32 words[4] = {(guint32)seed, (guint32)(seed >> 32), window, pass};
  g_autoptr(GRand) rand = g_rand_new_with_seed_array(words, 4);
  for (guint i = len; i > 1; i--) {
    guint j = (guint)g_rand_int_range(rand, 0, (gint32)i);
    guint tmp = order[i - 1];
    order[i - 1] = order[j];
    order[j] = tmp;
  }
  return order;
}

/* A pass whose median is more than this far below the cell's best pass ran in a slow phase of
 * its CPU (on this kind of VM such phases are ~30% and last seconds to minutes). */
#define SLOW_PASS 0.85

/* The statistics of a cell measured in passes. */
static SmStats combine_passes(GPtrArray *passes, unsigned *kept)
{
  g_autofree const double **data = g_new0(const double *, passes->len);
  g_autofree size_t *counts = g_new0(size_t, passes->len);
  for (guint p = 0; p < passes->len; p++) {
    GArray *samples = passes->pdata[p];
    data[p] = (const double *)samples->data;
    counts[p] = samples->len;
  }
  size_t used = 0;
  SmStats stats = sm_stats_pooled(data, counts, passes->len, SLOW_PASS, &used);
  *kept = (unsigned)used;
  return stats;
}

static bool is_failure(SmStatus status)
{
  return status == SM_STATUS_KAT_FAILED || status == SM_STATUS_ERROR ||
         status == SM_STATUS_CRASHED || status == SM_STATUS_TIMEOUT;
}

int sm_run(const SmSettings *settings, SmRegistry *registry, const SmRunOptions *options,
           GError **error)
{
  g_autoptr(GPtrArray) cells = sm_plan_build(settings, registry, error);
  if (cells == NULL)
    return SM_EXIT_BAD_INPUT;
  if (options->resume != NULL && !drop_done_cells(cells, options->resume, error))
    return SM_EXIT_BAD_INPUT;
  if (settings->interleave)
    sm_plan_interleave(cells, settings->seed);
  SmRunContext context = {
      .seed = settings->seed,
      /* The budget of a cell is shared among its passes. */
      .measure = {.time = settings->time / settings->passes,
                  .samples = MAX(SM_MIN_SAMPLES, settings->samples / settings->passes),
                  .min_samples = SM_MIN_SAMPLES,
                  .target_spread = settings->spread_target,
                  .time_cap = settings->time_cap / settings->passes},
      .host = sm_host_name(),
      .cpu_model = sm_cpu_model(),
  };
  g_autofree char *path = options->resume   ? g_strdup(options->resume)
                          : options->output ? g_strdup(options->output)
                                            : sm_run_default_output(context.host);
  if (options->output == NULL && options->resume == NULL)
    g_mkdir_with_parents("results", 0755);
  SmCsvWriter *writer =
      options->resume ? sm_csv_open_append(path, error) : sm_csv_open(path, error);
  if (writer == NULL) {
    g_free(context.host);
    g_free(context.cpu_model);
    return SM_EXIT_BAD_INPUT;
  }
  g_autoptr(SmRunMetadata) metadata = sm_metadata_begin(settings, registry, &context);
  struct sigaction action = {.sa_handler = on_stop_signal};
  sigemptyset(&action.sa_mask);
  struct sigaction old_int, old_term;
  sigaction(SIGINT, &action, &old_int);
  sigaction(SIGTERM, &action, &old_term);

  SmPool *pool = sm_pool_new(settings, &context);
  if (show_progress(options))
    fprintf(stderr, "checking that engines agree on the same inputs...");
  sm_agree_cells(cells, settings->seed, sm_pool_agree_call, pool);

  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func((GDestroyNotify)sm_row_free);
  int status = SM_EXIT_OK;
  gint64 start = g_get_monotonic_time();
  /* Each cell's passes so far (GPtrArray of GArray* of samples), by cell. */
  g_autoptr(GHashTable) carried =
      g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, (GDestroyNotify)g_ptr_array_unref);
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  guint done = 0, total = 0;
  for (guint i = 0; i < cells->len; i++) {
    const SmCell *cell = cells->pdata[i];
    total += cell->status != SM_STATUS_PENDING || cell->parallel > 1 ? 1 : settings->passes;
  }
  /* Passes go over a window of cells at a time, so that a row is at most one window late: an
   * interrupted run loses no more than the unfinished passes of one window. */
  for (guint window = 0; window < cells->len && stop_signal == 0; window += PASS_WINDOW)
    for (unsigned pass = 0; pass < settings->passes && stop_signal == 0; pass++) {
      bool last = pass + 1 == settings->passes;
      guint window_len = MIN(PASS_WINDOW, cells->len - window);
      g_autofree guint *order = pass_order(window_len, settings->seed, window, pass);
      for (guint k = 0; k < window_len && stop_signal == 0; k++) {
        SmCell *cell = cells->pdata[window + order[k]];
        bool pending = cell->status == SM_STATUS_PENDING;
        /* Rows that need no measuring are written in the first pass; a parallel cell is
         * measured once, in the last pass. */
        if ((!pending && pass > 0) || (pending && cell->parallel > 1 && !last))
          continue;
        progress(options, done++, total, cell, start);
        unsigned count = MAX(cell->parallel, 1u);
        g_autofree SmCellResult *results = g_new0(SmCellResult, count);
        SmCellResult single = {0};
        /* With several passes, pass k runs on CPU k: on a VM whose vCPUs have slow phases of
         * their own, the passes of a cell see different ones. */
        int cpu = settings->passes > 1 ? (int)(pass % (unsigned)MAX(cpus, 1)) : -1;
        if (pending)
          sm_pool_measure(pool, cell, cpu, results, &single);
        else
          results[0] = (SmCellResult){.status = cell->status, .detail = g_strdup(cell->reason)};
        if (stop_signal != 0 && pending && results[0].status != SM_STATUS_OK) {
          for (unsigned w = 0; w < count; w++)
            sm_cell_result_clear(&results[w]);
          sm_cell_result_clear(&single);
          break; /* the signal cut it short: not a result */
        }
        bool ok = results[0].status == SM_STATUS_OK && results[0].samples != NULL;
        unsigned passes = 0, kept = 0;
        if (ok && count == 1) {
          GPtrArray *earlier = g_hash_table_lookup(carried, cell);
          if (earlier == NULL) {
            earlier = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
            g_hash_table_insert(carried, cell, earlier);
          }
          g_ptr_array_add(earlier, g_array_ref(results[0].samples));
          if (!last) { /* the row comes with the last pass */
            sm_cell_result_clear(&results[0]);
            continue;
          }
          passes = earlier->len;
          results[0].stats = combine_passes(earlier, &kept);
        }
        SmRow *row =
            sm_row_from_results(cell, &context, results, count, count > 1 ? &single : NULL);
        if (row->status == SM_STATUS_OK) {
          row->passes = count == 1 ? passes : 1;
          row->passes_kept = count == 1 ? kept : 1;
        }
        for (unsigned w = 0; w < count; w++)
          sm_cell_result_clear(&results[w]);
        sm_cell_result_clear(&single);
        g_hash_table_remove(carried, cell);
        cell->status = row->status == SM_STATUS_PENDING ? SM_STATUS_ERROR : row->status;
        fit_group(rows, cells, cell, row);
        g_ptr_array_add(rows, row);
        sm_metadata_add_row(metadata, row);
        if (is_failure(row->status))
          status = SM_EXIT_FOUND;
        if (!sm_csv_write(writer, row, error)) {
          status = SM_EXIT_BAD_INPUT;
          stop_signal = -1;
          break;
        }
      }
    }
  sm_pool_free(pool);
  if (show_progress(options))
    fprintf(stderr, "\r\033[K");
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);

  if (options->table && rows->len > 0) {
    FILE *table = options->output && strcmp(options->output, "-") == 0 ? stderr : stdout;
    sm_table_print(table, rows);
    fflush(table); /* before the summary lines on standard error */
  }
  guint failed = 0;
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (is_failure(row->status)) {
      failed++;
      fprintf(stderr, "speedmatrix: %s %s %s %s: %s: %s\n", row->engine, row->algorithm,
              sm_op_name(row->operation), sm_api_name(row->api), sm_status_name(row->status),
              row->detail ? row->detail : "");
    }
  }
  g_autofree char *warning = sm_metadata_finish(metadata);
  if (warning != NULL)
    fprintf(stderr, "speedmatrix: warning: %s\n", warning);
  if (strcmp(path, "-") != 0) {
    g_autofree char *meta_path = g_strdup_printf("%s.meta", path);
    g_autoptr(GError) meta_error = NULL;
    if (!sm_metadata_write(metadata, meta_path, &meta_error))
      fprintf(stderr, "speedmatrix: warning: %s\n", meta_error->message);
  }
  fprintf(stderr,
          "speedmatrix: %u of %u cells written to %s (%u failed, seed %" G_GUINT64_FORMAT ")\n",
          rows->len, cells->len, sm_csv_path(writer), failed, settings->seed);
  sm_csv_close(writer);
  g_free(context.host);
  g_free(context.cpu_model);
  if (stop_signal > 0) {
    fprintf(stderr, "speedmatrix: interrupted; the CSV holds every finished cell (continue with "
                    "--resume)\n");
    return 128 + stop_signal;
  }
  return status;
}
