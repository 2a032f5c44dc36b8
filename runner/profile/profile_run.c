#include "profile/profile_run.h"

#include "core/hostinfo.h"
#include "core/util.h"
#include "io/output.h"
#include "io/profile_csv.h"
#include "io/results.h"
#include "plan/plan.h"
#include "profile/callgrind_out.h"
#include "profile/explain.h"
#include "profile/profile_child.h"
#include "profile/worker.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  FILE *out;
  char *host, *cpu_model;
  GHashTable *run_impl; /* cell key -> the timing run's impl */
  const SmSettings *settings;
  const SmProfileRunOptions *options;
  char *valgrind, *self, *tool, *tmpdir;
  guint counts[SM_PROFILE_STATUS_COUNT];
  int write_errno; /* the first failed write's (a full disk): no row is written after it */
} ProfileState;

static void write_record(ProfileState *s, SmProfileRecord *record)
{
  g_autofree char *line = sm_profile_csv_format(record);
  g_autofree char *text = g_strdup_printf("%s\r\n", line);
  if (s->write_errno != 0)
    return;
  if (!sm_output_append_line(s->out, text)) {
    s->write_errno = errno != 0 ? errno : EIO;
    return;
  }
  s->counts[record->status]++;
}

static SmProfileRecord *record_for(ProfileState *s, const SmCell *cell)
{
  SmProfileRecord *r =
      sm_profile_record_new(sm_cell_row_new(cell, s->host, s->cpu_model, s->settings->seed));
  r->tool = g_strdup(s->tool);
  return r;
}

static void not_profiled(ProfileState *s, const SmCell *cell, SmProfileStatus status,
                         const char *why)
{
  g_autoptr(SmProfileRecord) r = record_for(s, cell);
  r->status = status;
  r->detail = g_strdup(why);
  write_record(s, r);
}

static void set_impl_match(ProfileState *s, SmProfileRecord *r)
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
  /* Valgrind emulates no AVX-512 (VAES, VPCLMULQDQ) and, in 3.19, no SHA-NI. */
  char *detail = g_strdup_printf("%s%sthe timing run took \"%s\", callgrind saw \"%s\": the "
                                 "counted path is not the timed one",
                                 r->detail != NULL ? r->detail : "", r->detail != NULL ? "; " : "",
                                 timed, r->impl != NULL ? r->impl : "(none reported)");
  g_free(r->detail);
  r->detail = detail;
}

/* The dump of `pid` whose trigger names `window`, or NULL. */
static SmCgDump *read_dump(ProfileState *s, const char *pid, const char *window, GError **error)
{
  g_autofree char *prefix = g_strdup_printf("cg.%s.", pid);
  g_autoptr(GDir) dir = g_dir_open(s->tmpdir, 0, error);
  for (const char *name; dir != NULL && (name = g_dir_read_name(dir)) != NULL;) {
    if (!g_str_has_prefix(name, prefix))
      continue;
    g_autofree char *path = g_build_filename(s->tmpdir, name, NULL);
    g_autoptr(SmCgDump) dump = sm_cg_dump_read(path, error);
    if (dump == NULL)
      return NULL;
    if (dump->trigger != NULL && g_str_has_suffix(dump->trigger, window))
      return g_steal_pointer(&dump);
  }
  if (error != NULL && *error == NULL)
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "callgrind wrote no \"%s\" dump", window);
  return NULL;
}

/* The record of a cell whose child counted both windows: the dumps say the rest. */
static void count(ProfileState *s, SmProfileRecord *r, const SmLoadedEngine *engine,
                  const char *pid, guint64 ops)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmCgDump) setup = read_dump(s, pid, SM_PROFILE_SETUP_TRIGGER, &error);
  g_autoptr(SmCgDump) op = setup != NULL ? read_dump(s, pid, SM_PROFILE_OPS_TRIGGER, &error) : NULL;
  g_autofree char *runner = g_path_get_basename(s->self);
  g_autofree char *plugin = g_path_get_basename(engine->path);
  SmProfileObjects objects = {.runner = runner, .plugin = plugin};
  if (op == NULL) {
    r->status = SM_PROFILE_FAILED;
    r->detail = g_strdup_printf("no callgrind counts: %s", error->message);
  } else if (!sm_profile_explain(r, setup, op, ops, &objects)) {
    r->status = SM_PROFILE_FAILED;
    r->detail = g_strdup("callgrind counted no instruction in the operations' window");
  } else {
    r->status = SM_PROFILE_PROFILED;
  }
}

/* A child's status other than ok: a cell valgrind cannot run is not profiled, the others failed. */
static SmProfileStatus status_of(const char *child_status)
{
  return strcmp(child_status, "unsupported") == 0 ? SM_PROFILE_NOT_PROFILED : SM_PROFILE_FAILED;
}

/* One answer line of the worker (profile/worker.h). */
static void settle(ProfileState *s, const SmLoadedEngine *engine, GPtrArray *cells, char **f,
                   bool *settled)
{
  guint64 index = 0, ops = 0;
  if (g_strv_length(f) != SM_PROFILE_ANSWER_FIELDS ||
      !g_ascii_string_to_unsigned(f[SM_PROFILE_ANSWER_INDEX], 10, 0, cells->len - 1, &index,
                                  NULL) ||
      settled[index])
    return;
  settled[index] = true;
  const SmCell *cell = cells->pdata[index];
  g_autoptr(SmProfileRecord) r = record_for(s, cell);
  g_autofree char *impl = g_strcompress(f[SM_PROFILE_ANSWER_IMPL]);
  g_autofree char *library_path = g_strcompress(f[SM_PROFILE_ANSWER_LIBRARY_PATH]);
  g_autofree char *library_version = g_strcompress(f[SM_PROFILE_ANSWER_LIBRARY_VERSION]);
  g_autofree char *detail = g_strcompress(f[SM_PROFILE_ANSWER_DETAIL]);
  ops = g_ascii_strtoull(f[SM_PROFILE_ANSWER_OPS], NULL, 10);
  r->impl = impl[0] != '\0' ? g_strdup(impl) : NULL;
  if (library_path[0] != '\0') {
    g_free(r->row->library_path);
    r->row->library_path = g_strdup(library_path);
  }
  if (library_version[0] != '\0') {
    g_free(r->row->library_version);
    r->row->library_version = g_strdup(library_version);
  }
  const char *status = f[SM_PROFILE_ANSWER_STATUS];
  if (strcmp(status, "ok") == 0) {
    count(s, r, engine, f[SM_PROFILE_ANSWER_PID], ops);
    if (detail[0] != '\0' && r->detail == NULL)
      r->detail = g_strdup(detail);
  } else {
    r->status = status_of(status);
    r->detail = g_strdup_printf("%s: %s", status, detail);
  }
  set_impl_match(s, r);
  write_record(s, r);
}

static void clear_dir(const char *path)
{
  g_autoptr(GDir) dir = g_dir_open(path, 0, NULL);
  for (const char *name; dir != NULL && (name = g_dir_read_name(dir)) != NULL;) {
    g_autofree char *file = g_build_filename(path, name, NULL);
    g_unlink(file);
  }
}

/* One engine's profilable cells (`cells`, of one accel mode) in one worker under callgrind. */
static void profile_engine(ProfileState *s, const SmLoadedEngine *engine, SmAccel accel,
                           GPtrArray *cells)
{
  g_autofree char *list_path = g_build_filename(s->tmpdir, "cells", NULL);
  GString *list = g_string_new(NULL);
  for (guint i = 0; i < cells->len; i++) {
    const SmCell *cell = cells->pdata[i];
    guint64 ops = s->options->ops > 0 ? s->options->ops : sm_profile_default_ops(cell);
    g_autofree char *line = sm_profile_worker_request(i, cell, ops);
    g_string_append_printf(list, "%s\n", line);
  }
  g_file_set_contents(list_path, list->str, (gssize)list->len, NULL);
  g_string_free(list, TRUE);
  g_autofree char *out_option = g_strdup_printf("--callgrind-out-file=%s/cg.%%p", s->tmpdir);
  g_autofree char *seed = g_strdup_printf("%" G_GUINT64_FORMAT, s->settings->seed);
  g_autofree char *timeout = g_strdup_printf("%g", s->settings->timeout);
  /* Instrumented only inside the windows (the verification runs at Valgrind's plain speed),
   * collecting only while a window runs; names written out, system calls counted. */
  const char *argv[] = {s->valgrind,
                        "--tool=callgrind",
                        "--instr-atstart=no",
                        "--collect-atstart=no",
                        "--collect-systime=yes",
                        "--compress-strings=no",
                        "--compress-pos=no",
                        out_option,
                        s->self,
                        "profile",
                        "--worker",
                        engine->path,
                        "--cells",
                        list_path,
                        "--worker-seed",
                        seed,
                        "--worker-timeout",
                        timeout,
                        NULL};
  g_auto(GStrv) env = g_get_environ();
  if (accel == SM_ACCEL_OFF && engine->desc->accel_off_env != NULL)
    for (const char *const *var = engine->desc->accel_off_env; *var != NULL; var++) {
      g_auto(GStrv) kv = g_strsplit(*var, "=", 2);
      env = g_environ_setenv(env, kv[0], kv[1] != NULL ? kv[1] : "", TRUE);
    }
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  int wait_status = 0;
  bool spawned = g_spawn_sync(NULL, (char **)argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                              &wait_status, &error);
  g_autofree bool *settled = g_new0(bool, cells->len);
  if (spawned) {
    g_auto(GStrv) lines = g_strsplit(out, "\n", -1);
    for (char **line = lines; *line != NULL; line++) {
      g_auto(GStrv) f = g_strsplit(*line, "\t", -1);
      settle(s, engine, cells, f, settled);
    }
  }
  for (guint i = 0; i < cells->len; i++)
    if (!settled[i]) {
      g_autofree char *why =
          spawned ? g_strdup_printf("the callgrind worker gave no answer (%s)",
                                    err != NULL && err[0] ? g_strstrip(err) : "no message")
                  : g_strdup_printf("valgrind could not be started: %s", error->message);
      not_profiled(s, cells->pdata[i], SM_PROFILE_FAILED, why);
    }
  clear_dir(s->tmpdir); /* every dump is read: the next engine starts on an empty directory */
}

static char *default_output(const char *host)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc();
  g_autofree char *stamp = g_date_time_format(now, "%Y%m%dT%H%M%SZ");
  g_autofree char *name = g_strdup_printf("%s-%s-%ld.profile.csv", stamp, host, (long)getpid());
  g_mkdir_with_parents("results", 0755);
  return g_build_filename("results", name, NULL);
}

static void state_clear(ProfileState *s)
{
  if (s->out != NULL && s->out != stdout)
    fclose(s->out);
  g_free(s->host);
  g_free(s->cpu_model);
  if (s->run_impl != NULL)
    g_hash_table_unref(s->run_impl);
  g_free(s->valgrind);
  g_free(s->self);
  g_free(s->tool);
  if (s->tmpdir != NULL) {
    clear_dir(s->tmpdir);
    g_rmdir(s->tmpdir);
  }
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

/* "callgrind 3.19.0", from `valgrind --version`; NULL when it cannot be run. */
static char *tool_version(const char *valgrind)
{
  const char *argv[] = {valgrind, "--version", NULL};
  g_autofree char *out = NULL;
  int status = 0;
  if (!g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                    &status, NULL) ||
      !g_spawn_check_wait_status(status, NULL))
    return NULL;
  g_strstrip(out);
  const char *version = g_str_has_prefix(out, "valgrind-") ? out + strlen("valgrind-") : out;
  return g_strdup_printf("callgrind %s", version);
}

/* Why this process cannot profile at all (exit 2), or NULL. */
static const char *cannot_profile(ProfileState *s)
{
  if (sm_build_refuses_valgrind() != NULL)
    return sm_build_refuses_valgrind();
  if (!sm_profile_can_count())
    return "built without valgrind/callgrind.h: the counting windows cannot be opened";
  s->valgrind = g_find_program_in_path("valgrind");
  if (s->valgrind == NULL)
    return "valgrind is not installed (callgrind counts the instructions): install valgrind";
  s->tool = tool_version(s->valgrind);
  if (s->tool == NULL)
    return "valgrind --version failed: valgrind cannot run here";
  s->self = g_file_read_link("/proc/self/exe", NULL);
  if (s->self == NULL)
    return "cannot read /proc/self/exe to run this program under valgrind";
  return NULL;
}

/* Why a cell is not profiled before any worker runs, or NULL. */
static const char *not_profilable(const SmCell *cell)
{
  if (cell->status != SM_STATUS_PENDING)
    return cell->reason != NULL ? cell->reason : "not offered";
  if (cell->parallel > 1 || cell->threads > 1)
    return "instructions per operation are one context's: the cell with one worker and one "
           "thread has them";
  return NULL;
}

/* The CSV with its header; false with the error when it cannot be written. */
static bool open_output(ProfileState *s, const char *path, GError **error)
{
  const char *inputs[] = {s->options->matrix, s->options->run_csv, NULL};
  bool to_stdout = strcmp(path, "-") == 0;
  s->out = to_stdout ? stdout : sm_output_create(path, false, NULL, inputs, error);
  if (s->out == NULL)
    return false;
  g_autofree char *header = sm_profile_csv_header();
  if (fprintf(s->out, "%s\r\n", header) >= 0 && fflush(s->out) == 0)
    return true;
  g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot write: %s",
              to_stdout ? "standard output" : path, g_strerror(errno));
  if (!to_stdout)
    unlink(path); /* a full disk leaves no empty file behind, as run's CSV */
  return false;
}

int sm_profile_run(const SmSettings *settings, SmRegistry *registry,
                   const SmProfileRunOptions *options, GError **error)
{
  g_autoptr(GPtrArray) plan = sm_plan_build(settings, registry, error);
  if (plan == NULL)
    return SM_EXIT_BAD_INPUT;
  if (plan->len == 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE,
                "profile: the selection names no cell (check --engines, --algorithms, "
                "--operations, --api, --sizes and %s)",
                options->matrix);
    return SM_EXIT_BAD_INPUT;
  }
  ProfileState s = {.settings = settings, .options = options};
  const char *why = cannot_profile(&s);
  if (why != NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE, "profile: %s", why);
    state_clear(&s);
    return SM_EXIT_BAD_INPUT;
  }
  s.host = sm_host_name();
  s.cpu_model = sm_cpu_model();
  if (options->run_csv != NULL &&
      (s.run_impl = sm_results_read_impls(options->run_csv, error)) == NULL) {
    state_clear(&s);
    return SM_EXIT_BAD_INPUT;
  }
  g_autofree char *path =
      options->output != NULL ? g_strdup(options->output) : default_output(s.host);
  if (!open_output(&s, path, error)) {
    state_clear(&s);
    return SM_EXIT_BAD_INPUT;
  }
  s.tmpdir = g_dir_make_tmp("speedmatrix-profile-XXXXXX", error);
  if (s.tmpdir == NULL) {
    state_clear(&s);
    return SM_EXIT_BAD_INPUT;
  }
  g_autoptr(GPtrArray) groups = group_cells(plan);
  gint64 start = g_get_monotonic_time();
  bool progress = !options->quiet && isatty(STDERR_FILENO);
  for (guint g = 0; g < groups->len && s.write_errno == 0; g++) {
    GPtrArray *group = groups->pdata[g];
    g_autoptr(GPtrArray) profilable = g_ptr_array_new();
    for (guint i = 0; i < group->len; i++) {
      const SmCell *cell = group->pdata[i];
      const char *reason = not_profilable(cell);
      /* an engine there that would not load (a build whose prefix moved) is a fault, not an
       * absence */
      if (reason != NULL)
        not_profiled(&s, cell,
                     cell->status == SM_STATUS_ERROR ? SM_PROFILE_FAILED : SM_PROFILE_NOT_PROFILED,
                     reason);
      else
        g_ptr_array_add(profilable, (gpointer)cell);
    }
    if (profilable->len == 0)
      continue;
    const SmCell *first = profilable->pdata[0];
    if (progress) {
      g_autofree char *line = g_strdup_printf(
          "profile: %s (%u cells under callgrind), %.0f s so far", first->engine_name,
          profilable->len, (g_get_monotonic_time() - start) / 1e6);
      sm_progress_line(line);
    }
    profile_engine(&s, first->engine, first->accel, profilable);
  }
  if (progress)
    fprintf(stderr, "\r\033[K");
  guint failed = s.counts[SM_PROFILE_FAILED];
  if (s.write_errno != 0) {
    guint written = s.counts[SM_PROFILE_PROFILED] + s.counts[SM_PROFILE_NOT_PROFILED] + failed;
    g_set_error(error, SM_ERROR, SM_ERROR_IO,
                "%s: write failed: %s; %u of %u cells written in whole rows",
                strcmp(path, "-") == 0 ? "standard output" : path, g_strerror(s.write_errno),
                written, plan->len);
    state_clear(&s);
    return SM_EXIT_BAD_INPUT;
  }
  if (!options->quiet)
    fprintf(stderr, "profile: %u profiled, %u not profiled, %u failed, in %.0f s -> %s\n",
            s.counts[SM_PROFILE_PROFILED], s.counts[SM_PROFILE_NOT_PROFILED], failed,
            (g_get_monotonic_time() - start) / 1e6, path);
  state_clear(&s);
  return failed > 0 ? SM_EXIT_FOUND : SM_EXIT_OK;
}
