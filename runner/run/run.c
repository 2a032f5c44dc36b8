#include "run/run.h"

#include "cell/agree.h"
#include "cell/execute.h"
#include "core/cell_id.h"
#include "core/hostinfo.h"
#include "core/util.h"
#include "io/csv.h"
#include "io/output.h"
#include "io/summary.h"
#include "isolate/pool.h"
#include "plan/plan.h"
#include "run/combine.h"
#include "run/journal.h"
#include "run/metadata.h"
#include "run/resume.h"
#include "run/schedule.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int signo) { stop_signal = signo; }

char *sm_run_default_output(const char *host) { return sm_output_default_name(host, ".csv"); }

/* Everything one run holds, released in one place (run_state_clear). */
typedef struct {
  const SmSettings *settings;
  const SmRunOptions *options;
  GPtrArray *cells; /* SmCell*, the plan */
  SmRunContext context;
  char *settings_text;
  char *path; /* the CSV, "-" for standard output */
  int lock_fd;
  SmCsvWriter *writer;
  SmJournal *journal; /* NULL when the CSV goes to standard output */
  SmRunMetadata *metadata;
  SmPool *pool;
  SmResumeState resumed;
  GPtrArray *rows;        /* SmRow*: every row settled (on disk unless a write failed) */
  GHashTable *passes;     /* SmCell* -> SmPasses* */
  GHashTable *settled;    /* SmCell*: cells whose row is written */
  GHashTable *references; /* --resume: cell key -> SmPasses* of one-thread cells written before */
  GPtrArray *waiting;     /* SmUnit*, borrowed: last regular passes whose figures want confirming */
  GPtrArray *units;       /* SmUnit*: the schedule */
  unsigned cpus;
  int status;
  guint done, total;     /* passes measured and planned, for the progress line */
  guint journaled;       /* passes on disk in the journal */
  guint written;         /* rows on disk in the CSV, from this run */
  bool csv_failed;       /* a CSV write failed: no row is written after it */
  guint measured;        /* passes and parallel cells measured by this run */
  SmProbeHistory probes; /* every contention-probe reading of the run */
  gint64 start;
  struct sigaction old_int, old_term;
  bool created_csv, created_journal, created_meta; /* the files this run made, not resumed */
} RunState;

static void run_state_clear(RunState *s)
{
  g_clear_pointer(&s->pool, sm_pool_free);
  g_clear_pointer(&s->journal, sm_journal_close);
  g_clear_pointer(&s->writer, sm_csv_close);
  if (s->lock_fd >= 0)
    close(s->lock_fd);
  g_clear_pointer(&s->metadata, sm_metadata_free);
  sm_resume_clear(&s->resumed);
  g_clear_pointer(&s->rows, g_ptr_array_unref);
  g_clear_pointer(&s->passes, g_hash_table_unref);
  g_clear_pointer(&s->settled, g_hash_table_unref);
  g_clear_pointer(&s->references, g_hash_table_unref);
  g_clear_pointer(&s->waiting, g_ptr_array_unref);
  g_clear_pointer(&s->units, g_ptr_array_unref);
  g_clear_pointer(&s->cells, g_ptr_array_unref);
  g_free(s->context.host);
  g_free(s->context.cpu_model);
  g_free(s->settings_text);
  g_free(s->path);
  sm_probe_history_clear(&s->probes);
}

static bool show_progress(const SmRunOptions *options)
{
  return !options->quiet && isatty(STDERR_FILENO);
}

static void progress(RunState *s, const SmCell *cell, unsigned pass)
{
  if (!show_progress(s->options))
    return;
  s->done++;
  double elapsed = (double)(g_get_monotonic_time() - s->start) / 1e6;
  char eta[32] = "";
  if (s->done > 1 && s->done <= s->total)
    g_snprintf(eta, sizeof eta, ", about %.0f s left",
               elapsed / (s->done - 1) * (s->total - s->done + 1));
  g_autofree char *line = g_strdup_printf(
      "[%u/%u%s] pass %u: %s %s %s %s %u B%s", s->done, s->total, eta, pass + 1, cell->engine_name,
      cell->alg->name, sm_op_name(cell->op), sm_api_name(cell->api), cell->block_size,
      cell->accel == SM_ACCEL_OFF ? " accel=off" : "");
  sm_progress_line(line);
}

static bool is_failure(SmStatus status)
{
  return status == SM_STATUS_KAT_FAILED || status == SM_STATUS_ERROR ||
         status == SM_STATUS_CRASHED || status == SM_STATUS_TIMEOUT;
}

static char *cell_key(const SmCell *cell)
{
  SmCellId id = sm_cell_id(cell);
  return sm_cell_id_key(&id, SM_AXES_CELL);
}

/* ---- output: the CSV, its lock, its journal and its metadata ---- */

/* A .meta or .journal without its CSV was left by an earlier run: neither is written over, and
 * neither can be resumed (--resume needs the CSV). */
static bool no_orphan_sidecar(const char *path, GError **error)
{
  struct stat st;
  if (strcmp(path, "-") == 0 || lstat(path, &st) == 0)
    return true; /* the CSV's own check speaks */
  const char *const suffixes[] = {".meta", ".journal"};
  for (size_t i = 0; i < G_N_ELEMENTS(suffixes); i++) {
    g_autofree char *sidecar = g_strconcat(path, suffixes[i], NULL);
    if (lstat(sidecar, &st) == 0) {
      g_set_error(error, SM_ERROR, SM_ERROR_IO,
                  "%s: left by an earlier run whose CSV is gone (nothing can resume it): remove "
                  "it, or choose another -o",
                  sidecar);
      return false;
    }
  }
  return true;
}

static bool open_new(RunState *s, GError **error)
{
  if (!no_orphan_sidecar(s->path, error))
    return false;
  const char *inputs[] = {s->options->matrix, NULL};
  s->writer = sm_csv_create(s->path, false, NULL, inputs, error);
  if (s->writer == NULL || strcmp(s->path, "-") == 0)
    return s->writer != NULL;
  s->created_csv = true;
  s->lock_fd = sm_lock_file(s->path, error);
  g_autofree char *journal = g_strdup_printf("%s.journal", s->path);
  s->created_journal = s->lock_fd >= 0 && (s->journal = sm_journal_open(journal, s->settings_text,
                                                                        false, error)) != NULL;
  return s->created_journal;
}

/* A run that fails before measuring anything leaves nothing behind: its retry starts clean. */
static void discard_created(RunState *s)
{
  g_autofree char *journal = g_strdup_printf("%s.journal", s->path);
  g_autofree char *meta = g_strdup_printf("%s.meta", s->path);
  if (s->created_csv)
    unlink(s->path);
  if (s->created_journal)
    unlink(journal);
  if (s->created_meta)
    unlink(meta);
}

/* Without its .meta, the CSV itself says what it was a run of: a row of a cell this plan does not
 * have is a run of another matrix, never to be appended to. */
static bool rows_in_plan(RunState *s, GError **error)
{
  g_autoptr(GHashTable) planned = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < s->cells->len; i++)
    g_hash_table_add(planned, cell_key(s->cells->pdata[i]));
  for (guint i = 0; i < s->resumed.rows->len; i++) {
    const SmRow *row = s->resumed.rows->pdata[i];
    SmCellId id = sm_row_id(row);
    g_autofree char *key = sm_cell_id_key(&id, SM_AXES_CELL);
    if (!g_hash_table_contains(planned, key)) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                  "%s: holds %s %s %s %s %u B, a cell this matrix does not have: resume with "
                  "the first run's matrix and flags",
                  s->path, row->engine, row->algorithm, sm_op_name(row->operation),
                  sm_api_name(row->api), row->block_size);
      return false;
    }
  }
  return true;
}

/* --resume: checks the file, drops the cells it holds, keeps the journal's passes. */
static bool open_resumed(RunState *s, GError **error)
{
  if (strcmp(s->path, "-") == 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE, "--resume: needs a file, not standard output");
    return false;
  }
  s->lock_fd = sm_lock_file(s->path, error);
  if (s->lock_fd < 0 ||
      !sm_resume_load(s->path, s->settings_text, s->settings->seed, &s->resumed, error))
    return false;
  if (s->resumed.started == NULL && !rows_in_plan(s, error))
    return false;
  guint kept = 0;
  for (guint i = 0; i < s->cells->len; i++) {
    SmCell *cell = s->cells->pdata[i];
    g_autofree char *key = cell_key(cell);
    if (g_hash_table_contains(s->resumed.done, key))
      sm_cell_free(cell);
    else
      s->cells->pdata[kept++] = cell;
  }
  g_ptr_array_set_free_func(s->cells, NULL);
  g_ptr_array_set_size(s->cells, kept);
  g_ptr_array_set_free_func(s->cells, (GDestroyNotify)sm_cell_free);
  g_autofree char *journal = g_strdup_printf("%s.journal", s->path);
  return (s->writer = sm_csv_open_append(s->path, error)) != NULL &&
         (s->journal = sm_journal_open(journal, s->settings_text, true, error)) != NULL;
}

static void write_metadata(RunState *s)
{
  if (strcmp(s->path, "-") == 0)
    return;
  g_autofree char *meta_path = g_strdup_printf("%s.meta", s->path);
  g_autoptr(GError) error = NULL;
  if (!sm_metadata_write(s->metadata, meta_path, &error))
    fprintf(stderr, "speedmatrix: warning: %s\n", error->message);
}

static bool open_output(RunState *s, SmRegistry *registry, GError **error)
{
  const SmRunOptions *o = s->options;
  s->path = o->resume   ? g_strdup(o->resume)
            : o->output ? g_strdup(o->output)
                        : sm_run_default_output(s->context.host);
  if (o->output == NULL && o->resume == NULL)
    g_mkdir_with_parents("results", 0755);
  if (!(o->resume ? open_resumed(s, error) : open_new(s, error))) {
    discard_created(s);
    return false;
  }
  s->metadata = sm_metadata_begin(s->settings, registry, &s->context);
  if (o->resume != NULL)
    sm_metadata_continue(s->metadata, s->resumed.started);
  write_metadata(s); /* at once: a resume after a SIGKILL finds the settings */
  s->created_meta = o->resume == NULL && strcmp(s->path, "-") != 0;
  return true;
}

/* ---- rows ---- */

static void write_row(RunState *s, SmCell *cell, SmRow *row)
{
  g_hash_table_add(s->settled, cell);
  cell->status = row->status == SM_STATUS_PENDING ? SM_STATUS_ERROR : row->status;
  g_ptr_array_add(s->rows, row);
  sm_metadata_add_row(s->metadata, row);
  if (is_failure(row->status))
    s->status = SM_EXIT_FOUND;
  g_autoptr(GError) error = NULL;
  if (s->csv_failed)
    return; /* said once, at the first failure */
  if (!sm_csv_write(s->writer, row, &error)) {
    fprintf(stderr, "speedmatrix: %s\n", error->message);
    s->status = SM_EXIT_BAD_INPUT;
    s->csv_failed = true;
    stop_signal = -1;
    return;
  }
  s->written++;
}

/* When the last size of an (engine, algorithm, operation, api, accel) group is in, fit time per
 * call against block size over its ok rows: ns per byte and ns per call. */
static void fit_group(RunState *s, const SmCell *cell, SmRow *row)
{
  if (!sm_kind_is_bulk(cell->alg->kind) || row->status != SM_STATUS_OK)
    return;
  SmCellId id = sm_cell_id(cell);
  for (guint i = 0; i < s->cells->len; i++) {
    const SmCell *other = s->cells->pdata[i];
    SmCellId other_id = sm_cell_id(other);
    if (other != cell && !g_hash_table_contains(s->settled, other) &&
        other->status == SM_STATUS_PENDING && sm_cell_id_equal(&other_id, &id, SM_AXES_SIZES))
      return; /* a size of the group is still to come */
  }
  g_autoptr(GArray) x = g_array_new(FALSE, FALSE, sizeof(double));
  g_autoptr(GArray) y = g_array_new(FALSE, FALSE, sizeof(double));
  for (guint i = 0; i <= s->rows->len; i++) {
    const SmRow *r = i < s->rows->len ? s->rows->pdata[i] : row;
    SmCellId r_id = sm_row_id(r);
    if (r->status != SM_STATUS_OK || !sm_cell_id_equal(&r_id, &id, SM_AXES_SIZES))
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

/* Whether `passes` holds every regular pass of the run. */
static bool all_regular_passes(const RunState *s, const SmPasses *passes)
{
  if (passes == NULL || passes->len < s->settings->passes)
    return false;
  for (unsigned p = 0; p < s->settings->passes; p++)
    if (passes->pdata[p] == NULL)
      return false;
  return true;
}

/* The passes of the same cell on one thread, the reference of a threaded cell's efficiency: the
 * plan's, or when a resumed run wrote that row before, the journal's. */
static const SmPasses *one_thread_passes(RunState *s, const SmCell *cell)
{
  SmCellId id = sm_cell_id(cell);
  for (guint i = 0; i < s->cells->len; i++) {
    const SmCell *other = s->cells->pdata[i];
    SmCellId other_id = sm_cell_id(other);
    if (other->threads <= 1 && sm_cell_id_equal(&other_id, &id, SM_AXES_CELL & ~SM_AXIS_THREADS))
      return g_hash_table_lookup(s->passes, other);
  }
  if (s->resumed.passes == NULL)
    return NULL;
  id.threads = 1;
  g_autofree char *key = sm_cell_id_key(&id, SM_AXES_CELL);
  SmPasses *passes = g_hash_table_lookup(s->references, key);
  GPtrArray *journaled = g_hash_table_lookup(s->resumed.passes, key);
  if (passes != NULL || journaled == NULL)
    return passes;
  passes = sm_passes_new();
  for (guint i = 0; i < journaled->len; i++) {
    SmJournalPass *j = journaled->pdata[i];
    if (j->pass < s->settings->passes) /* the regular passes, which the threads shared */
      sm_passes_add(passes, j->pass, &j->result);
  }
  g_hash_table_insert(s->references, g_steal_pointer(&key), passes);
  return passes;
}

/* The rows of a slot group whose passes are all in, with their ratios to each other. */
static void settle_unit(RunState *s, const SmUnit *unit)
{
  g_autoptr(GPtrArray) cells = g_ptr_array_new();
  g_autoptr(GPtrArray) rows = g_ptr_array_new();
  g_autoptr(GPtrArray) passes = g_ptr_array_new();
  for (guint i = 0; i < unit->cells->len; i++) {
    SmCell *cell = unit->cells->pdata[i];
    if (g_hash_table_contains(s->settled, cell))
      continue;
    SmPasses *p = g_hash_table_lookup(s->passes, cell);
    if (!all_regular_passes(s, p))
      continue; /* an interrupted run's cell in progress */
    g_ptr_array_add(cells, cell);
    g_ptr_array_add(passes, p);
    SmRow *row = sm_row_from_passes(cell, &s->context, p);
    sm_row_set_contention(row, p, sm_probe_history_reference(&s->probes));
    if (cell->threads > 1)
      sm_row_set_scaling(row, p, one_thread_passes(s, cell));
    g_ptr_array_add(rows, row);
  }
  /* The ratios come from the regular passes, which every cell of the unit took part in. */
  sm_rows_set_ratios(cells, rows, passes, s->settings->passes);
  for (guint i = 0; i < cells->len; i++) {
    fit_group(s, cells->pdata[i], rows->pdata[i]);
    write_row(s, cells->pdata[i], rows->pdata[i]);
  }
}

/* The unit's unsettled cells whose figure wants another pass (sm_row_wants_confirmation). */
static GPtrArray *unconfirmed_cells(RunState *s, const SmUnit *unit)
{
  GPtrArray *cells = g_ptr_array_new();
  for (guint i = 0; i < unit->cells->len; i++) {
    SmCell *cell = unit->cells->pdata[i];
    SmPasses *p = g_hash_table_lookup(s->passes, cell);
    /* A threaded cell's efficiency is made at once from the passes both sides share. */
    if (g_hash_table_contains(s->settled, cell) || p == NULL || sm_cell_measured_together(cell))
      continue;
    g_autoptr(SmRow) row = sm_row_from_passes(cell, &s->context, p);
    sm_row_set_contention(row, p, sm_probe_history_reference(&s->probes));
    if (sm_row_wants_confirmation(row))
      g_ptr_array_add(cells, cell);
  }
  return cells;
}

/* ---- measuring ---- */

/* A pass the journal of an earlier run already holds (--resume). */
static bool take_journaled(RunState *s, SmCell *cell, unsigned pass, SmPasses *passes)
{
  if (s->resumed.passes == NULL)
    return false;
  g_autofree char *key = cell_key(cell);
  GPtrArray *earlier = g_hash_table_lookup(s->resumed.passes, key);
  for (guint i = 0; earlier != NULL && i < earlier->len; i++) {
    SmJournalPass *j = earlier->pdata[i];
    if (j->pass == pass && j->result.status != SM_STATUS_PENDING) {
      sm_probe_history_add(&s->probes, &j->result.probe);
      sm_passes_add(passes, pass, &j->result);
      j->result.status = SM_STATUS_PENDING; /* taken */
      return true;
    }
  }
  return false;
}

static SmPasses *passes_of(RunState *s, SmCell *cell)
{
  SmPasses *p = g_hash_table_lookup(s->passes, cell);
  if (p == NULL) {
    p = sm_passes_new();
    g_hash_table_insert(s->passes, cell, p);
  }
  return p;
}

/* One pass of one cell: measured (or taken from the journal), journaled at once; a failure
 * ends the cell there with its row. */
static void measure_pass(RunState *s, SmCell *cell, const SmUnit *unit)
{
  SmPasses *passes = passes_of(s, cell);
  if (!take_journaled(s, cell, unit->pass, passes)) {
    progress(s, cell, unit->pass);
    SmCellResult result = {0};
    sm_pool_measure(s->pool, cell, unit->cpu, &result, NULL);
    s->measured++;
    if (stop_signal > 0 && result.status != SM_STATUS_OK) {
      sm_cell_result_clear(&result); /* the signal cut it short: not a result */
      return;
    }
    g_autoptr(GError) error = NULL;
    if (s->journal != NULL &&
        !sm_journal_add(s->journal, cell, unit->pass, unit->cpu, &result, &error)) {
      fprintf(stderr, "speedmatrix: %s\n", error->message);
      s->status = SM_EXIT_BAD_INPUT;
      stop_signal = -1;
      g_clear_pointer(&s->journal, sm_journal_close); /* no pass written after a cut one */
    } else {
      s->journaled++;
    }
    sm_probe_history_add(&s->probes, &result.probe);
    sm_passes_add(passes, unit->pass, &result);
  }
  const SmCellResult *failure = sm_passes_failure(passes);
  if (failure != NULL)
    write_row(s, cell, sm_row_from_passes(cell, &s->context, passes));
}

/* A cell of parallel workers: measured once, its workers together, with the one-worker
 * reference. */
static void measure_parallel(RunState *s, SmCell *cell)
{
  progress(s, cell, 0);
  unsigned count = cell->parallel;
  g_autofree SmCellResult *results = g_new0(SmCellResult, count);
  SmCellResult single = {0};
  sm_pool_measure(s->pool, cell, -1, results, &single);
  s->measured++;
  if (stop_signal <= 0 || results[0].status == SM_STATUS_OK) {
    SmRow *row = sm_row_from_results(cell, &s->context, results, count, &single);
    if (row->status == SM_STATUS_OK)
      row->passes = row->passes_kept = 1;
    write_row(s, cell, row);
  }
  for (unsigned w = 0; w < count; w++)
    sm_cell_result_clear(&results[w]);
  sm_cell_result_clear(&single);
}

static void run_unit(RunState *s, const SmUnit *unit)
{
  for (guint i = 0; i < unit->cells->len && stop_signal == 0; i++) {
    SmCell *cell = unit->cells->pdata[i];
    if (g_hash_table_contains(s->settled, cell))
      continue;
    if (cell->parallel > 1)
      measure_parallel(s, cell);
    else
      measure_pass(s, cell, unit);
  }
  if (stop_signal != 0 || unit->pass + 1 != s->settings->passes)
    return;
  /* The last regular pass: the unit's rows now, unless a figure wants confirming first. */
  g_autoptr(GPtrArray) unconfirmed = NULL;
  if (s->settings->confirm > 0 && s->settings->passes > 1)
    unconfirmed = unconfirmed_cells(s, unit);
  if (unconfirmed != NULL && unconfirmed->len > 0)
    g_ptr_array_add(s->waiting, (gpointer)unit);
  else
    settle_unit(s, unit);
}

/* Up to `confirm` more passes, at the end of the run, each over the cells whose figure no second
 * quiet pass confirmed yet (sm_row_wants_confirmation), in new workers like every pass; a unit's
 * rows are written once its figures are confirmed or the passes are spent. A figure that one
 * quiet pass reached alone is one a busy machine's next run may not find again. */
static void confirm_waiting(RunState *s)
{
  for (unsigned round = 0; s->waiting->len > 0 && stop_signal == 0; round++) {
    /* Units confirmed (or out of passes) are written; the others get one more pass. */
    unsigned pass = s->settings->passes + round;
    g_autoptr(GPtrArray) extra = g_ptr_array_new_with_free_func((GDestroyNotify)sm_unit_free);
    for (guint u = 0; u < s->waiting->len;) {
      const SmUnit *unit = s->waiting->pdata[u];
      g_autoptr(GPtrArray) cells = unconfirmed_cells(s, unit);
      if (cells->len == 0 || round == s->settings->confirm) {
        settle_unit(s, unit);
        g_ptr_array_remove_index(s->waiting, u);
        continue;
      }
      SmUnit *more = sm_unit_new(pass, unit->group, (int)((pass + unit->group) % s->cpus));
      g_ptr_array_extend(more->cells, cells, NULL, NULL);
      s->total += more->cells->len;
      g_ptr_array_add(extra, more);
      u++;
    }
    if (extra->len == 0)
      return;
    sm_pool_renew(s->pool);
    for (guint u = 0; u < extra->len && stop_signal == 0; u++) {
      const SmUnit *more = extra->pdata[u];
      for (guint i = 0; i < more->cells->len && stop_signal == 0; i++)
        measure_pass(s, more->cells->pdata[i], more);
    }
  }
}

/* At an interrupt: the row of every cell whose regular passes are all in, those of the unit in
 * progress and those waiting for a confirming pass too; only the cell in progress is lost. */
static void settle_finished(RunState *s)
{
  for (guint u = 0; s->units != NULL && u < s->units->len; u++) {
    const SmUnit *unit = s->units->pdata[u];
    if (unit->pass + 1 == s->settings->passes)
      settle_unit(s, unit);
  }
}

static void measure_all(RunState *s)
{
  /* Cells that need no measuring (unsupported, or their engine is not built) come first. */
  for (guint i = 0; i < s->cells->len; i++) {
    SmCell *cell = s->cells->pdata[i];
    if (cell->status != SM_STATUS_PENDING)
      write_row(s, cell,
                sm_cell_row_new(cell, s->context.host, s->context.cpu_model, s->context.seed));
  }
  s->cpus = (unsigned)MAX(sysconf(_SC_NPROCESSORS_ONLN), 1);
  s->units = sm_schedule_build(s->cells, s->settings->passes, s->settings->seed,
                               s->settings->interleave, s->cpus);
  GPtrArray *units = s->units;
  for (guint u = 0; u < units->len; u++)
    s->total += ((SmUnit *)units->pdata[u])->cells->len;
  s->start = g_get_monotonic_time();
  for (guint u = 0; u < units->len && stop_signal == 0; u++) {
    const SmUnit *unit = units->pdata[u];
    if (u > 0 && unit->pass != ((const SmUnit *)units->pdata[u - 1])->pass)
      sm_pool_renew(s->pool); /* a new address-space layout for every pass */
    run_unit(s, unit);
  }
  confirm_waiting(s);
}

/* ---- the end ---- */

static void print_failures(const RunState *s)
{
  for (guint i = 0; i < s->rows->len; i++) {
    const SmRow *row = s->rows->pdata[i];
    if (is_failure(row->status))
      fprintf(stderr, "speedmatrix: %s %s %s %s: %s: %s\n", row->engine, row->algorithm,
              sm_op_name(row->operation), sm_api_name(row->api), sm_status_name(row->status),
              row->detail ? row->detail : "");
  }
}

static int finish(RunState *s)
{
  if (show_progress(s->options))
    fprintf(stderr, "\r\033[K");
  sigaction(SIGINT, &s->old_int, NULL);
  sigaction(SIGTERM, &s->old_term, NULL);
  if (s->status == SM_EXIT_BAD_INPUT && s->measured == 0 && s->created_csv) {
    discard_created(s); /* the error is already said, in its one line */
    return SM_EXIT_BAD_INPUT;
  }
  g_autoptr(GPtrArray) shown = g_ptr_array_new();
  for (guint i = 0; s->resumed.rows != NULL && i < s->resumed.rows->len; i++) {
    g_ptr_array_add(shown, s->resumed.rows->pdata[i]);
    sm_metadata_add_row(s->metadata, s->resumed.rows->pdata[i]);
  }
  g_ptr_array_extend(shown, s->rows, NULL, NULL);
  if (s->options->table && shown->len > 0) {
    FILE *table = s->options->output && strcmp(s->options->output, "-") == 0 ? stderr : stdout;
    sm_summary_print_after_run(table, shown, s->options->tables);
    fflush(table); /* before the summary lines on standard error */
  }
  print_failures(s);
  sm_metadata_set_probe(s->metadata, sm_probe_history_reference(&s->probes));
  if (stop_signal > 0)
    sm_metadata_set_interrupted(s->metadata, stop_signal);
  g_autofree char *warning = sm_metadata_finish(s->metadata);
  if (warning != NULL)
    fprintf(stderr, "speedmatrix: warning: %s\n", warning);
  write_metadata(s);
  guint failed = 0;
  for (guint i = 0; i < s->rows->len; i++)
    failed += is_failure(((SmRow *)s->rows->pdata[i])->status);
  fprintf(stderr,
          "speedmatrix: %u of %u cells written to %s (%u failed, seed %" G_GUINT64_FORMAT ")\n",
          s->written, s->cells->len, sm_csv_path(s->writer), failed, s->settings->seed);
  if (stop_signal <= 0)
    return s->status;
  if (strcmp(s->path, "-") == 0) {
    /* Standard output keeps no journal, so there is nothing to resume. */
    fprintf(stderr,
            "speedmatrix: interrupted; standard output has every finished cell, and nothing "
            "can resume it: run with -o FILE to be able to `run --resume FILE`\n");
    return 128 + stop_signal;
  }
  fprintf(stderr,
          "speedmatrix: interrupted; the CSV holds every finished cell and %s.journal every "
          "finished pass (%u in this run): `run --resume %s` with the same flags measures only "
          "what is missing\n",
          s->path, s->journaled, s->path);
  return 128 + stop_signal;
}

int sm_run(const SmSettings *settings, SmRegistry *registry, const SmRunOptions *options,
           GError **error)
{
  stop_signal = 0;
  RunState s = {.settings = settings, .options = options, .lock_fd = -1};
  sm_probe_history_init(&s.probes);
  s.cells = sm_plan_build(settings, registry, error);
  if (s.cells == NULL)
    return SM_EXIT_BAD_INPUT;
  s.context = (SmRunContext){
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
  s.settings_text = sm_settings_describe(settings);
  s.rows = g_ptr_array_new_with_free_func((GDestroyNotify)sm_row_free);
  s.passes =
      g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, (GDestroyNotify)g_ptr_array_unref);
  s.settled = g_hash_table_new(g_direct_hash, g_direct_equal);
  s.references =
      g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_ptr_array_unref);
  s.waiting = g_ptr_array_new();
  /* Before any file is created: a signal from now on ends the run with its files valid. */
  struct sigaction action = {.sa_handler = on_stop_signal};
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &s.old_int);
  sigaction(SIGTERM, &action, &s.old_term);
  if (!open_output(&s, registry, error)) {
    sigaction(SIGINT, &s.old_int, NULL);
    sigaction(SIGTERM, &s.old_term, NULL);
    run_state_clear(&s);
    return SM_EXIT_BAD_INPUT;
  }
  s.pool = sm_pool_new(settings, &s.context);
  if (show_progress(options))
    sm_progress_line("checking that engines agree on the same inputs...");
  sm_agree_cells(s.cells, settings->seed, sm_pool_agree_call, s.pool);
  measure_all(&s);
  if (stop_signal > 0)
    settle_finished(&s);
  g_clear_pointer(&s.pool, sm_pool_free);
  int status = finish(&s);
  run_state_clear(&s);
  return status;
}
