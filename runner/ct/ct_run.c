#include "ct/ct_run.h"

#include "core/hostinfo.h"
#include "core/util.h"
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

typedef struct {
  FILE *out;
  char *host, *cpu_model;
  GHashTable *run_impl; /* cell key -> the timing run's impl */
  const SmSettings *settings;
  const SmCtRunOptions *options;
  char *valgrind, *self, *tmpdir;
  guint secret_dependent, clean, not_checked;
  guint unchecked;       /* cells with a secret to check that memcheck did not check */
  char *first_unchecked; /* why the first of them was not */
} CtState;

static void write_record(CtState *s, SmCtRecord *record)
{
  g_autofree char *line = sm_ct_csv_format(record);
  fprintf(s->out, "%s\r\n", line);
  fflush(s->out);
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
  if (s->options->dudect_budget > 0 && r->verdict != SM_CT_NOT_CHECKED)
    run_dudect(s, cell, r);
  write_checked(s, r);
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
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  int wait_status = 0;
  bool spawned = g_spawn_sync(NULL, (char **)argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, &out,
                              &err, &wait_status, &error);
  g_autofree bool *settled = g_new0(bool, cells->len);
  if (spawned) {
    g_auto(GStrv) lines = g_strsplit(out, "\n", -1);
    for (char **line = lines; *line != NULL; line++) {
      g_auto(GStrv) f = g_strsplit(*line, "\t", -1);
      settle(s, cells, f, settled);
    }
  }
  for (guint i = 0; i < cells->len; i++)
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
  g_autoptr(GDateTime) now = g_date_time_new_now_utc();
  g_autofree char *stamp = g_date_time_format(now, "%Y%m%dT%H%M%SZ");
  g_autofree char *name = g_strdup_printf("%s-%s-%ld.ct.csv", stamp, host, (long)getpid());
  g_mkdir_with_parents("results", 0755);
  return g_build_filename("results", name, NULL);
}

static void state_clear(CtState *s)
{
  if (s->out != NULL && s->out != stdout)
    fclose(s->out);
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

int sm_ct_run(const SmSettings *settings, SmRegistry *registry, const SmCtRunOptions *options,
              GError **error)
{
  g_autoptr(GPtrArray) plan = sm_plan_build(settings, registry, error);
  if (plan == NULL)
    return SM_EXIT_BAD_INPUT;
  CtState s = {.settings = settings, .options = options};
  s.host = sm_host_name();
  s.cpu_model = sm_cpu_model();
  if (options->run_csv != NULL &&
      (s.run_impl = sm_results_read_impls(options->run_csv, error)) == NULL) {
    state_clear(&s);
    return SM_EXIT_BAD_INPUT;
  }
  g_autofree char *path =
      options->output != NULL ? g_strdup(options->output) : default_output(s.host);
  const char *inputs[] = {options->matrix, options->run_csv, NULL};
  bool to_stdout = strcmp(path, "-") == 0;
  s.out = to_stdout ? stdout : sm_output_create(path, false, NULL, inputs, error);
  if (s.out == NULL) {
    state_clear(&s);
    return SM_EXIT_BAD_INPUT;
  }
  g_autofree char *header = sm_ct_csv_header();
  if (fprintf(s.out, "%s\r\n", header) < 0 || fflush(s.out) != 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot write: %s",
                to_stdout ? "standard output" : path, g_strerror(errno));
    if (!to_stdout)
      unlink(path); /* a full disk leaves no empty file behind, as run's CSV */
    state_clear(&s);
    return SM_EXIT_BAD_INPUT;
  }
  s.valgrind = g_find_program_in_path("valgrind");
  s.self = g_file_read_link("/proc/self/exe", NULL);
  s.tmpdir = g_dir_make_tmp("speedmatrix-ct-XXXXXX", error);
  if (s.tmpdir == NULL) {
    state_clear(&s);
    return SM_EXIT_BAD_INPUT;
  }
  SmCtOptions check = {.secret_data = options->secret_data, .reps = options->reps};
  g_autoptr(GPtrArray) groups = group_cells(plan);
  gint64 start = g_get_monotonic_time();
  bool progress = !options->quiet && isatty(STDERR_FILENO);
  for (guint g = 0; g < groups->len; g++) {
    GPtrArray *group = groups->pdata[g];
    g_autoptr(GPtrArray) checkable = g_ptr_array_new();
    for (guint i = 0; i < group->len; i++) {
      const SmCell *cell = group->pdata[i];
      const char *nothing = sm_ct_nothing_secret(cell, &check);
      if (cell->status != SM_STATUS_PENDING)
        not_checked(&s, cell, cell->reason != NULL ? cell->reason : "not offered", false);
      else if (nothing != NULL)
        not_checked(&s, cell, nothing, false);
      else if (sm_build_refuses_valgrind() != NULL)
        not_checked(&s, cell, sm_build_refuses_valgrind(), true);
      else if (!sm_ct_can_mark())
        not_checked(&s, cell, "built without valgrind/memcheck.h: secrets cannot be marked", true);
      else if (s.valgrind == NULL || s.self == NULL)
        not_checked(&s, cell, "valgrind is not installed (memcheck does the check)", true);
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
    check_engine(&s, first->engine, first->accel, checkable);
  }
  if (progress)
    fprintf(stderr, "\r\033[K");
  if (!options->quiet)
    fprintf(stderr, "ct: %u secret-dependent, %u clean, %u not checked, in %.0f s -> %s\n",
            s.secret_dependent, s.clean, s.not_checked, (g_get_monotonic_time() - start) / 1e6,
            path);
  /* Said even with --quiet: it is why the exit status is 1. */
  if (s.unchecked > 0)
    fprintf(stderr, "ct: %u cell%s with a secret could not be checked (%s): not a pass\n",
            s.unchecked, s.unchecked == 1 ? "" : "s", s.first_unchecked);
  int status = s.secret_dependent > 0 || s.unchecked > 0 ? SM_EXIT_FOUND : SM_EXIT_OK;
  state_clear(&s);
  return status;
}
