#include "ct/ct_run.h"

#include "core/hostinfo.h"
#include "core/util.h"
#include "ct/ct_resume.h"
#include "ct/ct_spawn.h"
#include "ct/ct_stop.h"
#include "ct/dudect_child.h"
#include "ct/memcheck_xml.h"
#include "ct/worker.h"
#include "io/ct_csv.h"
#include "io/output.h"
#include "io/results.h"
#include "plan/plan.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Different sites memcheck found in one phase of one cell, by kind, and the first few places. */
typedef struct {
  guint branches, indexes, others;
  GPtrArray *places; /* char*: "fn (file:line)", distinct, in the order found */
} PhaseCount;

/* A judged cell waiting for its dudect test, which runs once memcheck's worker is done. */
typedef struct {
  const SmCell *cell;
  SmCtRecord *record;
} Deferred;

typedef struct {
  FILE *out;
  int lock_fd;
  char *host, *cpu_model;
  GHashTable *run_impl; /* cell key -> the timing run's impl */
  const SmSettings *settings;
  const SmCtRunOptions *options;
  char *valgrind, *self, *tmpdir;
  guint secret_dependent, clean, not_checked;
  guint unchecked;       /* cells with a secret to check that memcheck did not check */
  char *first_unchecked; /* why the first of them was not */
  guint written;         /* rows in the CSV, those of a resumed file included */
  int write_errno;       /* the first failed write's (a full disk): no row is written after it */
  GPtrArray *deferred;   /* Deferred*: judged cells of the engine in progress, for dudect */
} CtState;

/* One engine's worker: its cells, which of them have their answer, and the last answer line,
 * settled once the next one shows its child has ended (and its XML log is whole). */
typedef struct {
  CtState *s;
  GPtrArray *cells;
  bool *settled;
  char *pending;
} Answers;

static void write_record(CtState *s, SmCtRecord *record)
{
  g_autofree char *line = sm_ct_csv_format(record);
  g_autofree char *text = g_strdup_printf("%s\r\n", line);
  if (s->write_errno != 0)
    return;
  if (!sm_output_append_line(s->out, text)) {
    s->write_errno = errno != 0 ? errno : EIO;
    return;
  }
  s->written++;
  if (record->verdict == SM_CT_SECRET_DEPENDENT)
    s->secret_dependent++;
  else if (record->verdict == SM_CT_CLEAN)
    s->clean++;
  else
    s->not_checked++;
}

/* A cell with a secret that went through memcheck's path: not checked is a failure to check. */
static void write_checked(CtState *s, SmCtRecord *record)
{
  if (record->verdict == SM_CT_NOT_CHECKED && s->unchecked++ == 0)
    s->first_unchecked = g_strdup(record->detail != NULL ? record->detail : "no reason given");
  write_record(s, record);
}

static SmCtRecord *record_for(CtState *s, const SmCell *cell)
{
  SmCtRecord *r = sm_ct_record_new(sm_cell_row_new(cell, s->host, s->cpu_model, s->settings->seed));
  r->secret_data = s->options->secret_data;
  return r;
}

/* `could_check`: the cell has a secret, so not checking it is a failure, not a fact. */
static void not_checked(CtState *s, const SmCell *cell, const char *why, bool could_check)
{
  g_autoptr(SmCtRecord) r = record_for(s, cell);
  r->detail = g_strdup(why);
  if (could_check)
    write_checked(s, r);
  else
    write_record(s, r);
}

static void count_phase(const SmCtLog *log, SmCtPhase phase, PhaseCount *count)
{
  for (guint i = 0; i < log->errors->len; i++) {
    const SmCtError *e = log->errors->pdata[i];
    if (e->phase != phase)
      continue;
    if (e->kind == SM_CT_BRANCH)
      count->branches++;
    else if (e->kind == SM_CT_INDEX)
      count->indexes++;
    else
      count->others++;
    if (e->kind != SM_CT_OTHER &&
        !g_ptr_array_find_with_equal_func(count->places, e->where, g_str_equal, NULL))
      g_ptr_array_add(count->places, g_strdup(e->where));
  }
}

/* "3 branches, 2 indexes in f (a.c:1), g (b.c:2), ..." for one phase. */
static void describe_phase(GString *out, const char *name, const PhaseCount *c)
{
  if (c->branches + c->indexes == 0)
    return;
  g_string_append_printf(out, "%s%s: %u branch%s, %u index%s in ", out->len ? "; " : "", name,
                         c->branches, c->branches == 1 ? "" : "es", c->indexes,
                         c->indexes == 1 ? "" : "es");
  for (guint i = 0; i < MIN(c->places->len, 3u); i++)
    g_string_append_printf(out, "%s%s", i ? ", " : "", (const char *)c->places->pdata[i]);
  if (c->places->len > 3)
    g_string_append_printf(out, " and %u more", c->places->len - 3);
}

/* The record of a cell whose child ran with the secrets marked: memcheck's log says the rest. */
static void judge(SmCtRecord *r, const char *xml_path)
{
  g_autoptr(GError) error = NULL;
  gsize len = 0;
  g_autofree char *text = NULL;
  g_autoptr(SmCtLog) log = g_file_get_contents(xml_path, &text, &len, &error)
                               ? sm_ct_log_parse(xml_path, text, len, &error)
                               : NULL;
  if (log == NULL) {
    r->detail = g_strdup_printf("no memcheck log: %s", error->message);
    return;
  }
  PhaseCount setup = {.places = g_ptr_array_new_with_free_func(g_free)};
  PhaseCount op = {.places = g_ptr_array_new_with_free_func(g_free)};
  count_phase(log, SM_CT_PHASE_SETUP, &setup);
  count_phase(log, SM_CT_PHASE_OP, &op);
  r->branches_setup = setup.branches;
  r->indexes_setup = setup.indexes;
  r->branches_op = op.branches;
  r->indexes_op = op.indexes;
  bool leaks = setup.branches + setup.indexes + op.branches + op.indexes > 0;
  r->verdict = leaks ? SM_CT_SECRET_DEPENDENT : SM_CT_CLEAN;
  const PhaseCount *first = op.places->len > 0 ? &op : &setup;
  if (first->places->len > 0)
    r->first_function = g_strdup(first->places->pdata[0]);
  GString *detail = g_string_new(NULL);
  describe_phase(detail, "setup", &setup);
  describe_phase(detail, "op", &op);
  if (setup.others + op.others > 0)
    g_string_append_printf(detail, "%s%u other memcheck errors", detail->len ? "; " : "",
                           setup.others + op.others);
  if (!leaks)
    g_string_append(detail, detail->len ? "; no secret-dependent branch or address"
                                        : "no secret-dependent branch or address");
  r->detail = g_string_free(detail, FALSE);
  g_ptr_array_unref(setup.places);
  g_ptr_array_unref(op.places);
}

static void set_impl_match(CtState *s, SmCtRecord *r)
{
  if (s->run_impl == NULL)
    return;
  SmCellId id = sm_row_id(r->row);
  g_autofree char *key = sm_cell_id_key(&id, SM_AXES_CELL);
  const char *timed = g_hash_table_lookup(s->run_impl, key);
  if (timed == NULL)
    return;
  bool same = g_strcmp0(timed, r->impl) == 0;
  r->impl_matches_run = g_strdup(same ? "yes" : "no");
  if (same)
    return;
  /* Valgrind emulates no AVX-512 (VAES, VPCLMULQDQ) and, in Debian 12's 3.19, no SHA-NI. */
  char *detail = g_strdup_printf("%s; the timing run took \"%s\", memcheck saw \"%s\": the timed "
                                 "path is not the one checked",
                                 r->detail != NULL ? r->detail : "", timed,
                                 r->impl != NULL ? r->impl : "(none reported)");
  g_free(r->detail);
  r->detail = detail;
}

/* The statistical check of a cell, in a child (ct/dudect_child.h); its t, or why none, goes into
 * the record and its detail. */
static void run_dudect(CtState *s, const SmCell *cell, SmCtRecord *r)
{
  double budget = s->options->dudect_budget;
  SmDudectResult d = {0};
  const char *unsupported = sm_dudect_unsupported(cell);
  if (unsupported != NULL)
    d.why = g_strdup(unsupported);
  else
    sm_dudect_isolated(cell, s->settings->seed, budget, s->settings->timeout, &d);
  g_autofree char *said =
      d.measured ? g_strdup_printf("dudect: |t| %.1f over %" G_GUINT64_FORMAT
                                   " samples of %g s (threshold %.1f)",
                                   fabs(d.t), d.samples, budget, SM_DUDECT_THRESHOLD)
                 : g_strdup_printf("dudect not measured: %s", d.why != NULL ? d.why : "?");
  if (d.measured) {
    r->dudect_t = d.t;
    r->dudect_samples = d.samples;
  }
  char *detail = g_strdup_printf("%s%s%s", r->detail != NULL ? r->detail : "",
                                 r->detail != NULL ? "; " : "", said);
  g_free(r->detail);
  r->detail = detail;
  sm_dudect_result_clear(&d);
}

/* One answer line of the worker: INDEX PID OUTCOME STATUS IMPL DETAIL. */
static void settle(CtState *s, GPtrArray *cells, char **f, bool *settled)
{
  guint64 index = 0;
  if (g_strv_length(f) != 6 ||
      !g_ascii_string_to_unsigned(f[0], 10, 0, cells->len - 1, &index, NULL) || settled[index])
    return;
  settled[index] = true;
  const SmCell *cell = cells->pdata[index];
  g_autoptr(SmCtRecord) r = record_for(s, cell);
  g_autofree char *impl = g_strcompress(f[4]);
  g_autofree char *detail = g_strcompress(f[5]);
  r->impl = impl[0] != '\0' ? g_strdup(impl) : NULL;
  if (strcmp(f[2], "ran") == 0) {
    g_autofree char *name = g_strdup_printf("ct.%s.xml", f[1]);
    g_autofree char *xml = g_build_filename(s->tmpdir, name, NULL);
    judge(r, xml);
  } else {
    r->detail = g_strdup_printf("%s: %s", f[3], detail);
  }
  set_impl_match(s, r);
  if (s->options->dudect_budget > 0 && r->verdict != SM_CT_NOT_CHECKED) {
    Deferred *d = g_new0(Deferred, 1);
    d->cell = cell;
    d->record = g_steal_pointer(&r);
    g_ptr_array_add(s->deferred, d);
    return;
  }
  write_checked(s, r);
}

static void deferred_free(Deferred *d)
{
  sm_ct_record_free(d->record);
  g_free(d);
}

/* The dudect tests of the engine's judged cells, alone on the machine now that memcheck is done;
 * an interrupt drops the cells not yet tested. */
static void run_deferred(CtState *s)
{
  for (guint i = 0; i < s->deferred->len && sm_ct_stop_signal() == 0; i++) {
    Deferred *d = s->deferred->pdata[i];
    run_dudect(s, d->cell, d->record);
    if (sm_ct_stop_signal() == 0)
      write_checked(s, d->record);
  }
  g_ptr_array_set_size(s->deferred, 0);
}

static void settle_pending(Answers *a)
{
  if (a->pending == NULL)
    return;
  g_auto(GStrv) f = g_strsplit(a->pending, "\t", -1);
  settle(a->s, a->cells, f, a->settled);
  g_clear_pointer(&a->pending, g_free);
}

/* A line of the worker: the answer before it is settled, its child having ended since. */
static void on_answer(const char *line, gpointer data)
{
  Answers *a = data;
  size_t index_length = strcspn(line, "\t");
  if (a->pending != NULL && strncmp(a->pending, line, index_length) == 0 &&
      a->pending[index_length] == '\t')
    return; /* a second answer for the cell (its child died after answering): the first stands */
  settle_pending(a);
  a->pending = g_strdup(line);
}

/* One engine's checkable cells (`cells`, of one accel mode) in one worker under valgrind. */
static void check_engine(CtState *s, const SmLoadedEngine *engine, SmAccel accel, GPtrArray *cells)
{
  g_autofree char *list_path = g_build_filename(s->tmpdir, "cells", NULL);
  GString *list = g_string_new(NULL);
  for (guint i = 0; i < cells->len; i++) {
    g_autofree char *line = sm_ct_worker_request(i, cells->pdata[i]);
    g_string_append_printf(list, "%s\n", line);
  }
  g_file_set_contents(list_path, list->str, (gssize)list->len, NULL);
  g_string_free(list, TRUE);
  g_autofree char *xml_option = g_strdup_printf("--xml-file=%s/ct.%%p.xml", s->tmpdir);
  g_autofree char *seed = g_strdup_printf("%" G_GUINT64_FORMAT, s->settings->seed);
  g_autofree char *reps = g_strdup_printf("%u", s->options->reps);
  g_autofree char *timeout = g_strdup_printf("%g", s->settings->timeout);
  g_autoptr(GPtrArray) argv = g_ptr_array_new();
  const char *fixed[] = {s->valgrind,
                         "--tool=memcheck",
                         "--xml=yes",
                         xml_option,
                         "--leak-check=no",
                         "--num-callers=8",
                         "--vgdb=no", /* no gdbserver FIFOs in TMPDIR, which a kill would leave */
                         s->self,
                         "ct",
                         "--worker",
                         engine->path,
                         "--cells",
                         list_path,
                         "--worker-seed",
                         seed,
                         "--reps",
                         reps,
                         "--worker-timeout",
                         timeout};
  for (size_t i = 0; i < G_N_ELEMENTS(fixed); i++)
    g_ptr_array_add(argv, (gpointer)fixed[i]);
  if (s->options->secret_data)
    g_ptr_array_add(argv, "--secret-data");
  g_ptr_array_add(argv, NULL);
  g_auto(GStrv) env = g_get_environ();
  if (accel == SM_ACCEL_OFF && engine->desc->accel_off_env != NULL)
    for (const char *const *var = engine->desc->accel_off_env; *var != NULL; var++) {
      g_auto(GStrv) kv = g_strsplit(*var, "=", 2);
      env = g_environ_setenv(env, kv[0], kv[1] != NULL ? kv[1] : "", TRUE);
    }
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree bool *settled = g_new0(bool, cells->len);
  Answers answers = {.s = s, .cells = cells, .settled = settled};
  bool spawned = sm_ct_spawn_lines((char **)argv->pdata, env, on_answer, &answers, &err, &error);
  if (sm_ct_stop_signal() == 0)
    settle_pending(&answers);
  g_free(answers.pending); /* interrupted: its child's log may be cut short */
  run_deferred(s);
  for (guint i = 0; i < cells->len && sm_ct_stop_signal() == 0; i++)
    if (!settled[i]) {
      g_autofree char *why =
          spawned ? g_strdup_printf("the valgrind worker gave no answer (%s)",
                                    err != NULL && err[0] ? g_strstrip(err) : "no message")
                  : g_strdup_printf("valgrind could not be started: %s", error->message);
      not_checked(s, cells->pdata[i], why, true);
    }
  /* Each child's log is read: the next engine starts on an empty directory. */
  g_autoptr(GDir) dir = g_dir_open(s->tmpdir, 0, NULL);
  for (const char *name; dir != NULL && (name = g_dir_read_name(dir)) != NULL;) {
    g_autofree char *path = g_build_filename(s->tmpdir, name, NULL);
    g_unlink(path);
  }
}

static char *default_output(const char *host)
{
  g_mkdir_with_parents("results", 0755);
  return sm_output_default_name(host, ".ct.csv");
}

static void state_clear(CtState *s)
{
  if (s->out != NULL && s->out != stdout)
    fclose(s->out);
  if (s->lock_fd >= 0)
    close(s->lock_fd);
  if (s->deferred != NULL)
    g_ptr_array_unref(s->deferred);
  g_free(s->host);
  g_free(s->cpu_model);
  if (s->run_impl != NULL)
    g_hash_table_unref(s->run_impl);
  g_free(s->valgrind);
  g_free(s->self);
  g_free(s->first_unchecked);
  if (s->tmpdir != NULL)
    g_rmdir(s->tmpdir);
  g_free(s->tmpdir);
}

/* Cells grouped by (engine, accel), in plan order of each group's first cell. */
static GPtrArray *group_cells(GPtrArray *plan)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
  for (guint i = 0; i < plan->len; i++) {
    SmCell *cell = plan->pdata[i];
    GPtrArray *group = NULL;
    for (guint g = 0; g < groups->len && group == NULL; g++) {
      const SmCell *first = ((GPtrArray *)groups->pdata[g])->pdata[0];
      if (first->engine == cell->engine && first->accel == cell->accel)
        group = groups->pdata[g];
    }
    if (group == NULL) {
      group = g_ptr_array_new();
      g_ptr_array_add(groups, group);
    }
    g_ptr_array_add(group, cell);
  }
  return groups;
}

/* How a cell that needs no worker ends, or NULL when memcheck is to check it; `could_check`:
 * whether its not being checked is a failure to check (it has a secret). */
static const char *unchecked_reason(const CtState *s, const SmCell *cell, bool *could_check)
{
  SmCtOptions check = {.secret_data = s->options->secret_data, .reps = s->options->reps};
  const char *nothing = sm_ct_nothing_secret(cell, &check);
  /* an engine there that would not load (a build whose prefix moved) is a fault, not an absence */
  *could_check = cell->status == SM_STATUS_ERROR && nothing == NULL;
  if (cell->status != SM_STATUS_PENDING)
    return cell->reason != NULL ? cell->reason : "not offered";
  if (nothing != NULL)
    return nothing;
  *could_check = true;
  if (sm_build_refuses_valgrind() != NULL)
    return sm_build_refuses_valgrind();
  if (!sm_ct_can_mark())
    return "built without valgrind/memcheck.h: secrets cannot be marked";
  if (s->valgrind == NULL || s->self == NULL)
    return "valgrind is not installed (memcheck does the check)";
  return NULL;
}

static char *cell_key(const SmCell *cell)
{
  SmCellId id = sm_cell_id(cell);
  return sm_cell_id_key(&id, SM_AXES_CELL);
}

/* --resume: the rows FILE has count as this check's; `done` gets their cells' keys. */
static bool open_resumed(CtState *s, GPtrArray *plan, const char *path, GHashTable *done,
                         GError **error)
{
  if (strcmp(path, "-") == 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE, "--resume: needs a file, not standard output");
    return false;
  }
  if ((s->lock_fd = sm_lock_file(path, error)) < 0)
    return false;
  g_autoptr(SmCtSet) set =
      sm_ct_resume_open(path, plan, s->settings->seed, s->options->secret_data, &s->out, error);
  if (set == NULL)
    return false;
  for (guint i = 0; i < plan->len; i++) {
    const SmCell *cell = plan->pdata[i];
    g_autofree char *key = cell_key(cell);
    const SmCtRecord *r = g_hash_table_lookup(set->by_cell, key);
    if (r == NULL)
      continue;
    g_hash_table_add(done, g_steal_pointer(&key));
    s->written++;
    bool could_check = false;
    unchecked_reason(s, cell, &could_check);
    if (r->verdict == SM_CT_SECRET_DEPENDENT)
      s->secret_dependent++;
    else if (r->verdict == SM_CT_CLEAN)
      s->clean++;
    else
      s->not_checked++;
    if (r->verdict == SM_CT_NOT_CHECKED && could_check && s->unchecked++ == 0)
      s->first_unchecked = g_strdup(r->detail != NULL ? r->detail : "no reason given");
  }
  return true;
}

/* A new CSV (or standard output) with its header, locked while ct writes it. */
static bool open_new(CtState *s, const char *path, bool *created, GError **error)
{
  const char *inputs[] = {s->options->matrix, s->options->run_csv, NULL};
  bool to_stdout = strcmp(path, "-") == 0;
  s->out = to_stdout ? stdout : sm_output_create(path, false, NULL, inputs, error);
  if (s->out == NULL)
    return false;
  *created = !to_stdout;
  if (!to_stdout && (s->lock_fd = sm_lock_file(path, error)) < 0)
    return false;
  g_autofree char *header = sm_ct_csv_header();
  if (fprintf(s->out, "%s\r\n", header) < 0 || fflush(s->out) != 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot write: %s",
                to_stdout ? "standard output" : path, g_strerror(errno));
    return false;
  }
  return true;
}

/* The last lines: the verdicts, or where an interrupt left the CSV and how to continue it. */
static int finish(CtState *s, const char *path, guint planned, gint64 start)
{
  int signo = sm_ct_stop_signal();
  bool to_stdout = strcmp(path, "-") == 0;
  if (s->write_errno != 0) {
    fprintf(stderr,
            "speedmatrix: %s: write failed: %s; %u of %u cells written in whole rows%s%s%s\n",
            to_stdout ? "standard output" : path, g_strerror(s->write_errno), s->written, planned,
            to_stdout ? "" : "; continue with: speedmatrix ct --resume ", to_stdout ? "" : path,
            to_stdout ? "" : " (and the same flags)");
    return SM_EXIT_BAD_INPUT;
  }
  if (signo != 0) {
    if (to_stdout)
      fprintf(stderr,
              "speedmatrix: interrupted: %u of %u cells written to standard output, and nothing "
              "can resume it: give -o FILE to be able to `ct --resume FILE`\n",
              s->written, planned);
    else
      fprintf(stderr,
              "speedmatrix: interrupted: %u of %u cells written to %s; continue with: "
              "speedmatrix ct --resume %s (and the same flags)\n",
              s->written, planned, path, path);
    return 128 + signo;
  }
  if (!s->options->quiet)
    fprintf(stderr, "ct: %u secret-dependent, %u clean, %u not checked, in %.0f s -> %s\n",
            s->secret_dependent, s->clean, s->not_checked, (g_get_monotonic_time() - start) / 1e6,
            path);
  /* Said even with --quiet: it is why the exit status is 1. */
  if (s->unchecked > 0)
    fprintf(stderr, "ct: %u cell%s with a secret could not be checked (%s): not a pass\n",
            s->unchecked, s->unchecked == 1 ? "" : "s", s->first_unchecked);
  return s->secret_dependent > 0 || s->unchecked > 0 ? SM_EXIT_FOUND : SM_EXIT_OK;
}

/* Every cell of the plan not in `done`: its row, from memcheck's worker or with the reason it
 * needs none. */
static void check_cells(CtState *s, GPtrArray *plan, GHashTable *done, gint64 start)
{
  g_autoptr(GPtrArray) groups = group_cells(plan);
  bool progress = !s->options->quiet && isatty(STDERR_FILENO);
  for (guint g = 0; g < groups->len && sm_ct_stop_signal() == 0 && s->write_errno == 0; g++) {
    GPtrArray *group = groups->pdata[g];
    g_autoptr(GPtrArray) checkable = g_ptr_array_new();
    for (guint i = 0; i < group->len; i++) {
      const SmCell *cell = group->pdata[i];
      g_autofree char *key = cell_key(cell);
      if (g_hash_table_contains(done, key))
        continue;
      bool could_check = false;
      const char *why = unchecked_reason(s, cell, &could_check);
      if (why != NULL)
        not_checked(s, cell, why, could_check);
      else
        g_ptr_array_add(checkable, (gpointer)cell);
    }
    if (checkable->len == 0)
      continue;
    const SmCell *first = checkable->pdata[0];
    if (progress) {
      g_autofree char *line =
          g_strdup_printf("ct: %s (%u cells under memcheck), %.0f s so far", first->engine_name,
                          checkable->len, (g_get_monotonic_time() - start) / 1e6);
      sm_progress_line(line);
    }
    check_engine(s, first->engine, first->accel, checkable);
  }
  if (progress)
    fprintf(stderr, "\r\033[K");
}

int sm_ct_run(const SmSettings *settings, SmRegistry *registry, const SmCtRunOptions *options,
              GError **error)
{
  g_autoptr(GPtrArray) plan = sm_plan_build(settings, registry, error);
  if (plan == NULL)
    return SM_EXIT_BAD_INPUT;
  CtState s = {.settings = settings, .options = options, .lock_fd = -1};
  s.host = sm_host_name();
  s.cpu_model = sm_cpu_model();
  s.deferred = g_ptr_array_new_with_free_func((GDestroyNotify)deferred_free);
  s.valgrind = g_find_program_in_path("valgrind");
  s.self = g_file_read_link("/proc/self/exe", NULL);
  if (options->run_csv != NULL &&
      (s.run_impl = sm_results_read_impls(options->run_csv, error)) == NULL) {
    state_clear(&s);
    return SM_EXIT_BAD_INPUT;
  }
  g_autofree char *path = options->resume != NULL   ? g_strdup(options->resume)
                          : options->output != NULL ? g_strdup(options->output)
                                                    : default_output(s.host);
  g_autoptr(GHashTable) done = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  bool created = false;
  /* Before any file is created: a signal from now on ends ct with its CSV whole. */
  sm_ct_stop_catch();
  bool opened = options->resume != NULL ? open_resumed(&s, plan, path, done, error)
                                        : open_new(&s, path, &created, error);
  if (opened)
    s.tmpdir = g_dir_make_tmp("speedmatrix-ct-XXXXXX", error);
  if (!opened || s.tmpdir == NULL) {
    if (created)
      unlink(path); /* nothing checked: a retry must not find a file in its way */
    state_clear(&s);
    sm_ct_stop_release();
    return SM_EXIT_BAD_INPUT;
  }
  gint64 start = g_get_monotonic_time();
  check_cells(&s, plan, done, start);
  int status = finish(&s, path, plan->len, start);
  state_clear(&s);
  sm_ct_stop_release();
  return status;
}
