#include "run/metadata.h"

#include "core/catalog.h"
#include "core/hostinfo.h"
#include "core/util.h"

#include <signal.h>
#include <string.h>
#include <sys/utsname.h>

#ifndef SM_BUILD_COMPILER
#define SM_BUILD_COMPILER "unknown"
#endif
#ifndef SM_BUILD_FLAGS
#define SM_BUILD_FLAGS "unknown"
#endif

/* A cell whose spread is above this is noisy; a run with many of them says so. */
#define NOISY_SPREAD 0.05
#define NOISY_SHARE 0.10

struct SmRunMetadata {
  GKeyFile *file;
  guint ok_rows;
  guint noisy_rows;
  guint contended_rows;
  guint budget_hits;
};

static char *read_first_line(const char *path)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents(path, &text, NULL, NULL))
    return NULL;
  char *newline = strchr(text, '\n');
  if (newline != NULL)
    *newline = '\0';
  return g_strdup(g_strstrip(text));
}

static char *cpu_flags(void)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents("/proc/cpuinfo", &text, NULL, NULL))
    return g_strdup("unknown");
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (char **line = lines; *line != NULL; line++)
    if (g_str_has_prefix(*line, "flags") || g_str_has_prefix(*line, "Features")) {
      const char *colon = strchr(*line, ':');
      if (colon != NULL)
        return g_strstrip(g_strdup(colon + 1));
    }
  return g_strdup("unknown");
}

static void set_optional(GKeyFile *file, const char *key, const char *path)
{
  g_autofree char *value = read_first_line(path);
  g_key_file_set_string(file, "machine", key, value ? value : "unreadable");
}

SmRunMetadata *sm_metadata_begin(const SmSettings *settings, SmRegistry *registry,
                                 const SmRunContext *context)
{
  SmRunMetadata *m = g_new0(SmRunMetadata, 1);
  GKeyFile *f = m->file = g_key_file_new();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc();
  g_autofree char *started = g_date_time_format_iso8601(now);
  g_key_file_set_string(f, "run", "started", started);
  g_key_file_set_uint64(f, "run", "seed", settings->seed);
  g_key_file_set_string(f, "run", "matrix", settings->matrix_path ? settings->matrix_path : "");
  g_key_file_set_double(f, "run", "time", settings->time);
  g_key_file_set_integer(f, "run", "samples", (gint)settings->samples);
  g_key_file_set_double(f, "run", "spread_target", settings->spread_target);
  g_key_file_set_double(f, "run", "time_cap", settings->time_cap);
  g_key_file_set_double(f, "run", "timeout", settings->timeout);
  g_key_file_set_string(f, "run", "order", settings->interleave ? "interleaved" : "sequential");
  g_key_file_set_integer(f, "run", "passes", (gint)settings->passes);
  g_key_file_set_integer(f, "run", "confirm", (gint)settings->confirm);
  g_autofree char *described = sm_settings_describe(settings);
  g_key_file_set_string(f, "run", "settings", described);
  g_key_file_set_string(f, "run", "estimator", SM_ESTIMATOR);
  g_autofree char *accel =
      g_strdup_printf("%s%s%s", settings->accel[SM_ACCEL_ON] ? "on" : "",
                      settings->accel[SM_ACCEL_ON] && settings->accel[SM_ACCEL_OFF] ? "," : "",
                      settings->accel[SM_ACCEL_OFF] ? "off" : "");
  g_key_file_set_string(f, "run", "accel", accel);
  GString *parallel = g_string_new(NULL);
  for (guint i = 0; i < settings->parallel->len; i++) {
    guint n = g_array_index(settings->parallel, guint, i);
    g_string_append_printf(parallel, "%s%u", i ? "," : "", n ? n : g_get_num_processors());
  }
  g_key_file_set_string(f, "run", "parallel", parallel->str);
  g_string_free(parallel, TRUE);
  /* Threaded runs only (the files of every other run keep their keys): the thread counts and
   * the CPUs the process could use, without which a threaded figure cannot be read. */
  if (settings->threads->len > 1 || g_array_index(settings->threads, guint, 0) > 1) {
    GString *threads = g_string_new(NULL);
    for (guint i = 0; i < settings->threads->len; i++)
      g_string_append_printf(threads, "%s%u", i ? "," : "",
                             g_array_index(settings->threads, guint, i));
    g_key_file_set_string(f, "run", "threads", threads->str);
    g_string_free(threads, TRUE);
    g_key_file_set_integer(f, "machine", "usable_cpus", (gint)sm_usable_cpus());
  }

  struct utsname uts;
  if (uname(&uts) == 0) {
    g_autofree char *kernel = g_strdup_printf("%s %s %s", uts.sysname, uts.release, uts.machine);
    g_key_file_set_string(f, "machine", "kernel", kernel);
  }
  g_key_file_set_string(f, "machine", "host", context->host);
  g_key_file_set_string(f, "machine", "cpu_model", context->cpu_model);
  /* Empty on a native machine: readers refuse to take an emulator's figures as speeds. */
  g_key_file_set_string(f, "machine", "emulated",
                        sm_host_emulation() != NULL ? sm_host_emulation() : "");
  g_autofree char *flags = cpu_flags();
  g_key_file_set_string(f, "machine", "cpu_flags", flags);
  g_key_file_set_integer(f, "machine", "online_cpus", (gint)g_get_num_processors());
  set_optional(f, "governor", "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  set_optional(f, "boost", "/sys/devices/system/cpu/cpufreq/boost");
  set_optional(f, "intel_no_turbo", "/sys/devices/system/cpu/intel_pstate/no_turbo");
  set_optional(f, "loadavg_start", "/proc/loadavg");
  g_key_file_set_double(f, "machine", "clock_mhz_measured", sm_measure_clock_hz(0.02) / 1e6);

  g_key_file_set_string(f, "build", "compiler", SM_BUILD_COMPILER);
  g_key_file_set_string(f, "build", "flags", SM_BUILD_FLAGS);
  g_key_file_set_string(f, "build", "glib", glib_check_version(2, 74, 0) ? "too old" : "ok");
  g_autofree char *glib_version =
      g_strdup_printf("%u.%u.%u", glib_major_version, glib_minor_version, glib_micro_version);
  g_key_file_set_string(f, "build", "glib_runtime", glib_version);

  for (guint i = 0; i < registry->engines->len; i++) {
    const SmLoadedEngine *engine = registry->engines->pdata[i];
    g_key_file_set_string(f, "engines", engine->desc->name,
                          sm_engine_library_version((SmLoadedEngine *)engine));
    /* The file each engine's library is (a build's is its own prefix's), as the runner maps it. */
    g_autofree char *library = sm_engine_library_path(engine);
    if (library != NULL)
      g_key_file_set_string(f, "libraries", engine->desc->name, library);
    /* A build's commit (scripts/build-library), which the store records at each ingest. */
    g_autofree char *commit = sm_build_info(engine, "commit");
    if (commit != NULL)
      g_key_file_set_string(f, "build_commits", engine->desc->name, commit);
  }
  return m;
}

void sm_metadata_continue(SmRunMetadata *m, const char *started)
{
  g_autofree char *now = g_key_file_get_string(m->file, "run", "started", NULL);
  if (started != NULL)
    g_key_file_set_string(m->file, "run", "started", started);
  g_key_file_set_string(m->file, "run", "resumed", now ? now : "");
}

void sm_metadata_add_row(SmRunMetadata *m, const SmRow *row)
{
  if (row->status != SM_STATUS_OK)
    return;
  m->ok_rows++;
  /* Noisy: the headline's own interval is wide (its samples spread across passes in slow phases
   * would say nothing: the fastest sample is what counts); rows without one, by their spread. */
  double width = row->ops_per_sec > 0 && row->ops_high > 0
                     ? (row->ops_high - row->ops_low) / row->ops_per_sec
                     : sm_row_spread(row);
  if (width > NOISY_SPREAD)
    m->noisy_rows++;
  if (row->budget_hit)
    m->budget_hits++;
  if (row->has_contention && row->contention > SM_CONTENTION_LIMIT)
    m->contended_rows++;
}

void sm_metadata_set_interrupted(SmRunMetadata *m, int signo)
{
  g_key_file_set_string(m->file, "run", "interrupted",
                        signo == SIGINT    ? "SIGINT"
                        : signo == SIGTERM ? "SIGTERM"
                                           : "signal");
}

void sm_metadata_set_probe(SmRunMetadata *m, const SmProbe *best)
{
  g_autofree char *text = sm_probe_format(best);
  g_key_file_set_string(m->file, "quality", "contention_probe_reference", text);
}

char *sm_metadata_finish(SmRunMetadata *m)
{
  GKeyFile *f = m->file;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc();
  g_autofree char *finished = g_date_time_format_iso8601(now);
  g_key_file_set_string(f, "run", "finished", finished);
  set_optional(f, "loadavg_end", "/proc/loadavg");
  g_key_file_set_integer(f, "quality", "ok_rows", (gint)m->ok_rows);
  g_key_file_set_integer(f, "quality", "noisy_rows", (gint)m->noisy_rows);
  g_key_file_set_integer(f, "quality", "time_cap_hit_rows", (gint)m->budget_hits);
  g_key_file_set_integer(f, "quality", "contended_rows", (gint)m->contended_rows);
  char *warning = NULL;
  if (m->ok_rows > 0 && m->noisy_rows > NOISY_SHARE * m->ok_rows)
    warning = g_strdup_printf("the machine looks noisy: %u of %u cells have an interval wider than "
                              "%.0f%% of their figure (other load, slow phases in every pass); "
                              "compare figures with care",
                              m->noisy_rows, m->ok_rows, NOISY_SPREAD * 100);
  g_key_file_set_string(f, "quality", "warning", warning ? warning : "");
  return warning;
}

bool sm_metadata_write(SmRunMetadata *m, const char *path, GError **error)
{
  g_autoptr(GError) local = NULL;
  if (!g_key_file_save_to_file(m->file, path, &local)) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot write the metadata: %s", path,
                local->message);
    return false;
  }
  return true;
}

void sm_metadata_free(SmRunMetadata *m)
{
  if (m == NULL)
    return;
  g_key_file_free(m->file);
  g_free(m);
}
