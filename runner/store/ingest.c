/* store ingest: result CSVs (read by io/results) and their .meta sidecars into the database, in
 * time order, in one transaction; events (library version, kernel, CPU) seen on the way. */
#include "store/ingest.h"

#include "core/cell_id.h"
#include "core/util.h"
#include "io/meta_file.h"
#include "io/results.h"

#include <math.h>
#include <string.h>

typedef struct {
  char *path;
  char *id; /* SHA-256 of the CSV bytes; a run already stored keeps the id it was stored with */
  SmResultSet *set;
  char *host, *cpu_model, *kernel, *started, *seed, *settings, *estimator, *fingerprint;
  char *online_cpus;
  GHashTable *versions; /* engine -> library version, for the engines the file has rows of */
  GHashTable *commits;  /* build (ENGINE@LABEL) -> the commit it was built from (.meta) */
} Pending;

static void pending_free(Pending *p)
{
  g_free(p->path);
  g_free(p->id);
  if (p->set != NULL)
    sm_result_set_free(p->set);
  g_free(p->host);
  g_free(p->cpu_model);
  g_free(p->kernel);
  g_free(p->started);
  g_free(p->seed);
  g_free(p->settings);
  g_free(p->estimator);
  g_free(p->fingerprint);
  g_free(p->online_cpus);
  if (p->versions != NULL)
    g_hash_table_unref(p->versions);
  if (p->commits != NULL)
    g_hash_table_unref(p->commits);
  g_free(p);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Pending, pending_free)

char *sm_store_hash(const char *data, gsize len, guint length)
{
  g_autofree char *hex = g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)data, len);
  return g_strndup(hex, MIN(length, (guint)strlen(hex)));
}

/* A key of the sidecar, or `fallback` (copied) when the file or the key is missing. */
static char *meta_string(GKeyFile *meta, const char *group, const char *key, const char *fallback)
{
  char *value = meta != NULL ? g_key_file_get_string(meta, group, key, NULL) : NULL;
  return value != NULL ? value : g_strdup(fallback);
}

/* The earliest row timestamp: when a run without a sidecar started. */
static const char *first_timestamp(const SmResultSet *set)
{
  const char *first = NULL;
  for (guint i = 0; i < set->results->len; i++) {
    const SmResultRow *r = set->results->pdata[i];
    if (r->row->timestamp != NULL && (first == NULL || strcmp(r->row->timestamp, first) < 0))
      first = r->row->timestamp;
  }
  return first;
}

static void fill_versions(Pending *p, GKeyFile *meta)
{
  p->versions = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < p->set->results->len; i++) {
    const SmRow *row = ((const SmResultRow *)p->set->results->pdata[i])->row;
    if (g_hash_table_contains(p->versions, row->engine))
      continue;
    char *version = row->engine_version != NULL && *row->engine_version != '\0'
                        ? g_strdup(row->engine_version)
                        : meta_string(meta, "engines", row->engine, "");
    g_hash_table_insert(p->versions, g_strdup(row->engine), version);
  }
}

/* The .meta's [build_commits]: each build's commit, for the engines the file has rows of. */
static void fill_commits(Pending *p, GKeyFile *meta)
{
  p->commits = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) engines =
      meta != NULL ? g_key_file_get_keys(meta, "build_commits", NULL, NULL) : NULL;
  for (char **engine = engines; engine != NULL && *engine != NULL; engine++)
    if (g_hash_table_contains(p->versions, *engine))
      g_hash_table_insert(p->commits, g_strdup(*engine),
                          meta_string(meta, "build_commits", *engine, ""));
}

/* A file is stored as one run of one machine: a file that holds several (an import of a mail
 * with two outputs, runs of two hosts) is refused, not stored as one run with a cell twice. */
static bool one_run(const SmResultSet *set, GError **error)
{
  const SmRow *first = ((const SmResultRow *)set->results->pdata[0])->row;
  g_autofree char *machine = sm_row_machine(first);
  for (guint i = 1; i < set->results->len; i++) {
    const SmResultRow *result = set->results->pdata[i];
    g_autofree char *other = sm_row_machine(result->row);
    if (g_strcmp0(result->row->source, first->source) == 0 && strcmp(other, machine) == 0)
      continue;
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s:%u: a run other than line %u's (%s %s): store ingest stores a file as one "
                "run; give each run a file of its own",
                set->name, result->line, ((const SmResultRow *)set->results->pdata[0])->line,
                result->row->source != NULL ? "source" : "host",
                result->row->source != NULL ? result->row->source : other);
    return false;
  }
  return true;
}

static Pending *pending_load(const char *path, GError **error)
{
  g_autoptr(Pending) p = g_new0(Pending, 1);
  g_autofree char *text = NULL;
  gsize len = 0;
  if ((text = sm_read_bounded(path, SM_RESULTS_MAX_BYTES, &len, error)) == NULL)
    return NULL;
  p->path = g_strdup(path);
  p->id = sm_store_hash(text, len, 64);
  p->set = sm_results_parse(path, text, len, error);
  if (p->set == NULL)
    return NULL;
  if (p->set->results->len == 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: no result rows to store", path);
    return NULL;
  }
  GKeyFile *meta = sm_meta_file_load(path, error);
  if (meta == NULL && error != NULL && *error != NULL)
    return NULL;
  const SmRow *row0 = ((const SmResultRow *)p->set->results->pdata[0])->row;
  g_autofree char *seed = g_strdup_printf("%" G_GUINT64_FORMAT, row0->seed);
  p->host = meta_string(meta, "machine", "host", row0->host);
  p->cpu_model = meta_string(meta, "machine", "cpu_model", row0->cpu_model);
  p->kernel = meta_string(meta, "machine", "kernel", NULL);
  p->online_cpus = meta_string(meta, "machine", "online_cpus", NULL);
  p->started = meta_string(meta, "run", "started", first_timestamp(p->set));
  p->seed = meta_string(meta, "run", "seed", seed);
  p->settings = meta_string(meta, "run", "settings", NULL);
  p->estimator = meta_string(meta, "run", "estimator", row0->estimator);
  g_autofree char *flags = meta_string(meta, "machine", "cpu_flags", "");
  g_autofree char *print = g_strdup_printf("%s\x1f%s\x1f%s", p->cpu_model ? p->cpu_model : "",
                                           p->online_cpus ? p->online_cpus : "", flags);
  p->fingerprint = sm_store_hash(print, strlen(print), 16);
  fill_versions(p, meta);
  fill_commits(p, meta);
  if (meta != NULL)
    g_key_file_unref(meta);
  if (p->host == NULL || p->started == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: names no host or time", path);
    return NULL;
  }
  return g_steal_pointer(&p);
}

static gint by_started(gconstpointer a, gconstpointer b)
{
  const Pending *pa = *(const Pending *const *)a, *pb = *(const Pending *const *)b;
  int order = strcmp(pa->started, pb->started);
  return order != 0 ? order : strcmp(pa->id, pb->id);
}

static bool add_event(SmDb *db, const Pending *p, const char *kind, const char *engine,
                      const char *what, SmIngestCounts *counts, GError **error)
{
  g_autofree char *key = g_strdup_printf("%s\x1f%s\x1f%s\x1f%s", p->host, p->started, kind, what);
  g_autofree char *id = sm_store_hash(key, strlen(key), 32);
  const char *params[] = {id, p->host, p->started, kind, engine, what};
  if (!sm_db_exec(db,
                  "INSERT INTO event (id, host, happened, kind, engine, what) VALUES ($1, $2, "
                  "$3, $4, $5, $6) ON CONFLICT (id) DO NOTHING",
                  params, 6, error))
    return false;
  counts->events_added++;
  return true;
}

/* "LABEL BEFORE -> AFTER" as an event of `kind`, when both are known and they differ. */
static bool add_change(SmDb *db, const Pending *p, const char *kind, const char *engine,
                       const char *label, const char *before, const char *after,
                       SmIngestCounts *counts, GError **error)
{
  if (before == NULL || after == NULL || strcmp(before, after) == 0)
    return true;
  g_autofree char *what = g_strdup_printf("%s %s -> %s", label, before, after);
  return add_event(db, p, kind, engine, what, counts, error);
}

/* A build's commit at each run as an event ("nettle@head commit A -> B", or "at commit B" the
 * first time), so that store check names the commit range beside a change of that build. */
static bool add_build_events(SmDb *db, const Pending *p, SmIngestCounts *counts, GError **error)
{
  GHashTableIter iter;
  gpointer engine, commit;
  g_hash_table_iter_init(&iter, p->commits);
  while (g_hash_table_iter_next(&iter, &engine, &commit)) {
    if (*(const char *)commit == '\0')
      continue;
    const char *params[] = {p->host, engine, p->started};
    g_autoptr(SmDbRows) last =
        sm_db_query(db,
                    "SELECT what FROM event WHERE host = $1 AND kind = 'build' AND engine = $2 "
                    "AND happened < $3 ORDER BY happened DESC LIMIT 1",
                    params, 3, error);
    if (last == NULL)
      return false;
    const char *before = last->rows > 0 ? strrchr(sm_db_rows_get(last, 0, 0), ' ') : NULL;
    g_autofree char *label = g_strdup_printf("%s commit", (const char *)engine);
    if (before == NULL) {
      g_autofree char *what =
          g_strdup_printf("%s at commit %s", (const char *)engine, (const char *)commit);
      if (!add_event(db, p, "build", engine, what, counts, error))
        return false;
    } else if (!add_change(db, p, "build", engine, label, before + 1, commit, counts, error)) {
      return false;
    }
  }
  return true;
}

/* What changed since the machine's previous run: kernel, CPU model, library versions. */
static bool add_events(SmDb *db, const Pending *p, SmIngestCounts *counts, GError **error)
{
  const char *params[] = {p->host, p->started, p->id};
  g_autoptr(SmDbRows) previous =
      sm_db_query(db,
                  "SELECT id, cpu_model, kernel FROM run WHERE host = $1 AND (started < $2 OR "
                  "(started = $2 AND id < $3)) ORDER BY started DESC, id DESC LIMIT 1",
                  params, 3, error);
  if (previous == NULL)
    return false;
  if (previous->rows == 0)
    return true;
  const struct {
    const char *kind, *before, *after;
  } machine[] = {
      {"cpu", sm_db_rows_get(previous, 0, 1), p->cpu_model},
      {"kernel", sm_db_rows_get(previous, 0, 2), p->kernel},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(machine); i++)
    if (!add_change(db, p, machine[i].kind, NULL, machine[i].kind, machine[i].before,
                    machine[i].after, counts, error))
      return false;
  const char *run[] = {sm_db_rows_get(previous, 0, 0)};
  g_autoptr(SmDbRows) versions = sm_db_query(
      db,
      "SELECT s.engine, MIN(r.engine_version) FROM result r JOIN series s ON s.id = r.series_id "
      "WHERE r.run_id = $1 GROUP BY s.engine ORDER BY s.engine",
      run, 1, error);
  if (versions == NULL)
    return false;
  for (guint i = 0; i < versions->rows; i++) {
    const char *engine = sm_db_rows_get(versions, i, 0);
    if (!add_change(db, p, "engine", engine, engine, sm_db_rows_get(versions, i, 1),
                    g_hash_table_lookup(p->versions, engine), counts, error))
      return false;
  }
  return true;
}

char *sm_store_figure(double value)
{
  return value > 0 && isfinite(value) ? sm_db_double(value) : NULL;
}

char *sm_store_series(SmDb *db, const char *host, const SmRow *row, GError **error)
{
  SmCellId cell = sm_row_id(row);
  cell.host = host;
  /* The key names threads and a per-message context only where not the default, so a one-thread
   * reused series keeps the id a store made before them gave it. */
  g_autofree char *key = sm_cell_id_key(&cell, SM_AXES_CELL | SM_AXIS_HOST);
  g_autofree char *series = sm_store_hash(key, strlen(key), 32);
  g_autofree char *size = g_strdup_printf("%u", row->block_size);
  g_autofree char *parallel = g_strdup_printf("%u", row->parallel);
  g_autofree char *threads = g_strdup_printf("%u", cell.threads);
  const char *sparams[] = {series,
                           host,
                           row->engine,
                           row->algorithm,
                           sm_kind_name(row->kind),
                           sm_op_name(row->operation),
                           sm_api_name(row->api),
                           size,
                           row->accel == SM_ACCEL_OFF ? "off" : "on",
                           parallel,
                           threads,
                           sm_context_name(row->per_message)};
  if (!sm_db_exec(db,
                  "INSERT INTO series (id, host, engine, algorithm, kind, operation, api, "
                  "block_size, accel, parallel, threads, context) VALUES ($1, $2, $3, $4, $5, $6, "
                  "$7, $8, $9, $10, $11, $12) ON CONFLICT (id) DO NOTHING",
                  sparams, 12, error))
    return NULL;
  return g_steal_pointer(&series);
}

static bool store_row(SmDb *db, const Pending *p, const SmResultRow *result, GError **error)
{
  const SmRow *row = result->row;
  g_autofree char *series = sm_store_series(db, p->host, row, error);
  if (series == NULL)
    return false;
  bool ok = row->status == SM_STATUS_OK;
  g_autofree char *ops = ok ? sm_store_figure(row->ops_per_sec) : NULL;
  g_autofree char *low = ok ? sm_store_figure(row->ops_low) : NULL;
  g_autofree char *high = ok ? sm_store_figure(row->ops_high) : NULL;
  g_autofree char *slot = ok ? sm_store_figure(row->ratio_to_slot.value) : NULL;
  g_autofree char *cpb = ok ? sm_store_figure(row->cycles_per_byte) : NULL;
  g_autofree char *efficiency = ok ? sm_store_figure(row->scaling_efficiency) : NULL;
  char contention_text[G_ASCII_DTOSTR_BUF_SIZE];
  const char *contention =
      ok && row->has_contention
          ? g_ascii_dtostr(contention_text, sizeof contention_text, row->contention)
          : NULL;
  const char *version = g_hash_table_lookup(p->versions, row->engine);
  const char *rparams[] = {p->id, series,     version,   sm_status_name(row->status),
                           ops,   low,        high,      slot,
                           cpb,   contention, efficiency};
  /* A file may repeat a cell (a resumed run): the later row wins, as in compare and report. */
  return sm_db_exec(db,
                    "INSERT INTO result (run_id, series_id, engine_version, status, ops_per_sec, "
                    "ops_per_sec_low, ops_per_sec_high, ratio_to_slot, cycles_per_byte, "
                    "contention, scaling_efficiency) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, "
                    "$10, $11) ON CONFLICT "
                    "(run_id, series_id) DO "
                    "UPDATE SET engine_version = excluded.engine_version, status = "
                    "excluded.status, ops_per_sec = excluded.ops_per_sec, ops_per_sec_low = "
                    "excluded.ops_per_sec_low, ops_per_sec_high = excluded.ops_per_sec_high, "
                    "ratio_to_slot = excluded.ratio_to_slot, cycles_per_byte = "
                    "excluded.cycles_per_byte, contention = excluded.contention, "
                    "scaling_efficiency = excluded.scaling_efficiency",
                    rparams, 11, error);
}

/* The results of `p` added to the run `id` already stored: an interrupted run's file, then the
 * file its --resume completed, are one run (a repeated cell: the later row wins). */
static bool store_more(SmDb *db, Pending *p, const char *id, SmIngestCounts *counts, GError **error)
{
  g_free(p->id);
  p->id = g_strdup(id);
  const char *params[] = {id};
  const char *count = "SELECT COUNT(*) FROM result WHERE run_id = $1";
  g_autoptr(SmDbRows) before = sm_db_query(db, count, params, 1, error);
  if (before == NULL)
    return false;
  for (guint i = 0; i < p->set->results->len; i++)
    if (!store_row(db, p, p->set->results->pdata[i], error))
      return false;
  g_autoptr(SmDbRows) after = sm_db_query(db, count, params, 1, error);
  if (after == NULL)
    return false;
  counts->results_added += (guint)(g_ascii_strtoull(sm_db_rows_get(after, 0, 0), NULL, 10) -
                                   g_ascii_strtoull(sm_db_rows_get(before, 0, 0), NULL, 10));
  counts->runs_known++;
  return true;
}

static bool store_pending(SmDb *db, Pending *p, SmIngestCounts *counts, GError **error)
{
  /* A run is its host, start time and seed, not the bytes of one file it was written through. */
  const char *same[] = {p->id, p->host, p->started, p->seed};
  g_autoptr(SmDbRows) known =
      sm_db_query(db,
                  "SELECT id FROM run WHERE id = $1 OR (host = $2 AND started = $3 AND seed = $4) "
                  "ORDER BY id = $1 DESC LIMIT 1",
                  same, 4, error);
  if (known == NULL)
    return false;
  if (known->rows > 0 && strcmp(sm_db_rows_get(known, 0, 0), p->id) == 0) {
    counts->runs_known++; /* this very file */
    return true;
  }
  if (known->rows > 0)
    return store_more(db, p, sm_db_rows_get(known, 0, 0), counts, error);
  const char *mparams[] = {p->host, p->cpu_model, p->online_cpus, p->fingerprint};
  g_autofree char *file = g_path_get_basename(p->path);
  const char *rparams[] = {p->id,        p->host,      p->started, p->seed,        p->settings,
                           p->estimator, p->cpu_model, p->kernel,  p->online_cpus, file};
  if (!sm_db_exec(db,
                  /* A machine first seen through a profile gains what only a run's .meta has. */
                  "INSERT INTO machine (host, cpu_model, online_cpus, fingerprint) VALUES ($1, "
                  "$2, $3, $4) ON CONFLICT (host) DO UPDATE SET online_cpus = "
                  "COALESCE(machine.online_cpus, excluded.online_cpus), fingerprint = "
                  "COALESCE(machine.fingerprint, excluded.fingerprint)",
                  mparams, 4, error) ||
      !add_events(db, p, counts, error) || !add_build_events(db, p, counts, error) ||
      !sm_db_exec(db,
                  "INSERT INTO run (id, host, started, seed, settings, estimator, cpu_model, "
                  "kernel, online_cpus, file) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                  rparams, 10, error))
    return false;
  for (guint i = 0; i < p->set->results->len; i++) {
    if (!store_row(db, p, p->set->results->pdata[i], error))
      return false;
    counts->results_added++;
  }
  counts->runs_added++;
  return true;
}

bool sm_store_ingest(SmDb *db, char **paths, guint n, bool emulated, SmIngestCounts *counts,
                     GError **error)
{
  *counts = (SmIngestCounts){0};
  g_autoptr(GPtrArray) pending = g_ptr_array_new_with_free_func((GDestroyNotify)pending_free);
  g_autoptr(GPtrArray) profiles = g_ptr_array_new_with_free_func(sm_store_profile_free);
  for (guint i = 0; i < n; i++) {
    if (sm_store_is_profile(paths[i])) {
      gpointer profile = sm_store_profile_load(paths[i], error);
      if (profile == NULL)
        return false;
      g_ptr_array_add(profiles, profile);
      continue;
    }
    Pending *p = pending_load(paths[i], error);
    if (p == NULL)
      return false;
    g_ptr_array_add(pending, p);
    /* The history is of speeds: an emulator's figures would be a machine's series. */
    if (!sm_results_check_emulated("store ingest", &p->set, 1, emulated, error))
      return false;
    if (!sm_results_check_once(&p->set, 1, error) || !one_run(p->set, error))
      return false;
  }
  /* In time order, so that each run's events compare it with the run before it. */
  g_ptr_array_sort(pending, by_started);
  if (!db->backend->begin(db, error))
    return false;
  for (guint i = 0; i < pending->len + profiles->len; i++)
    if (i < pending->len
            ? !store_pending(db, pending->pdata[i], counts, error)
            : !sm_store_profile_store(db, profiles->pdata[i - pending->len], counts, error)) {
      db->backend->rollback(db);
      *counts = (SmIngestCounts){0};
      return false;
    }
  if (!db->backend->commit(db, error)) {
    db->backend->rollback(db);
    *counts = (SmIngestCounts){0};
    return false;
  }
  return true;
}

bool sm_store_add_event(SmDb *db, const char *host, const char *when, const char *what,
                        GError **error)
{
  g_autoptr(GDateTime) parsed = g_date_time_new_from_iso8601(when, NULL);
  if (parsed == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE,
                "--when: \"%s\" is not an ISO 8601 time (valid: 2025-03-01T02:00:00Z)", when);
    return false;
  }
  g_autoptr(GDateTime) utc = g_date_time_to_utc(parsed);
  g_autofree char *happened = g_date_time_format(utc, "%Y-%m-%dT%H:%M:%SZ");
  const char *hparams[] = {host};
  g_autoptr(SmDbRows) known =
      sm_db_query(db, "SELECT 1 FROM machine WHERE host = $1", hparams, 1, error);
  if (known == NULL)
    return false;
  if (known->rows == 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE,
                "--machine: no runs of \"%s\" in %s (ingest one first)", host, db->name);
    return false;
  }
  Pending p = {.host = (char *)host, .started = happened};
  SmIngestCounts counts = {0};
  return db->backend->begin(db, error) && add_event(db, &p, "person", NULL, what, &counts, error) &&
         db->backend->commit(db, error);
}
