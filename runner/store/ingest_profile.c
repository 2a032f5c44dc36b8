/* store ingest of profile CSVs (speedmatrix profile): each file a profile run of its host, each
 * profiled cell's instructions per operation a figure of the cell's series, beside its speeds. */
#include "store/ingest.h"

#include "core/util.h"
#include "io/profile_csv.h"
#include "io/results.h"

#include <stdio.h>
#include <string.h>

typedef struct {
  char *path;
  char *id; /* SHA-256 of the CSV bytes */
  SmProfileSet *set;
  const char *host, *started, *cpu_model, *tool; /* borrowed from the set's records */
} Profile;

void sm_store_profile_free(gpointer profile)
{
  Profile *p = profile;
  if (p == NULL)
    return;
  g_free(p->path);
  g_free(p->id);
  sm_profile_set_free(p->set);
  g_free(p);
}

bool sm_store_is_profile(const char *path)
{
  char header[4096];
  return sm_read_first_line(path, header, sizeof header) && sm_profile_csv_is_header(header);
}

gpointer sm_store_profile_load(const char *path, GError **error)
{
  gsize len = 0;
  g_autofree char *text = sm_read_bounded(path, SM_RESULTS_MAX_BYTES, &len, error);
  if (text == NULL)
    return NULL;
  Profile *p = g_new0(Profile, 1);
  p->path = g_strdup(path);
  p->id = sm_store_hash(text, len, 64);
  p->set = sm_profile_set_parse(path, text, len, error);
  if (p->set == NULL || p->set->records->len == 0) {
    if (p->set != NULL)
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: no profile rows to store", path);
    sm_store_profile_free(p);
    return NULL;
  }
  /* The profile has no sidecar: its first row names the machine, its earliest row the time. */
  const SmProfileRecord *first = p->set->records->pdata[0];
  p->host = first->row->host;
  p->cpu_model = first->row->cpu_model;
  for (guint i = 0; i < p->set->records->len; i++) {
    const SmProfileRecord *r = p->set->records->pdata[i];
    const char *when = r->row->timestamp;
    if (when != NULL && *when != '\0' && (p->started == NULL || strcmp(when, p->started) < 0))
      p->started = when;
    if (p->tool == NULL && r->tool != NULL)
      p->tool = r->tool;
  }
  if (p->host == NULL || *p->host == '\0' || p->started == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: names no host or time", path);
    sm_store_profile_free(p);
    return NULL;
  }
  return p;
}

static bool store_record(SmDb *db, const Profile *p, const SmProfileRecord *r, GError **error)
{
  g_autofree char *series = sm_store_series(db, p->host, r->row, error);
  if (series == NULL)
    return false;
  bool ok = r->status == SM_PROFILE_PROFILED;
  g_autofree char *instructions = ok ? sm_store_figure(r->instructions_per_op) : NULL;
  g_autofree char *setup = ok ? sm_store_figure((double)r->setup_instructions) : NULL;
  g_autofree char *syscalls = ok ? sm_db_double(r->syscalls_per_op) : NULL;
  const SmProfileFunction *top = ok && r->top->len > 0 ? r->top->pdata[0] : NULL;
  g_autofree char *function =
      top != NULL ? g_strdup_printf("%s@%s", top->function, top->library ? top->library : "")
                  : NULL;
  const char *params[] = {p->id,
                          series,
                          r->row->engine_version,
                          sm_profile_status_name(r->status),
                          instructions,
                          setup,
                          syscalls,
                          r->impl,
                          function};
  /* A file may repeat a cell (a resumed profile): the later row wins. */
  return sm_db_exec(db,
                    "INSERT INTO profile_result (run_id, series_id, engine_version, status, "
                    "instructions_per_op, setup_instructions, syscalls_per_op, impl, "
                    "top_function) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT "
                    "(run_id, series_id) DO UPDATE SET engine_version = excluded.engine_version, "
                    "status = excluded.status, instructions_per_op = "
                    "excluded.instructions_per_op, setup_instructions = "
                    "excluded.setup_instructions, syscalls_per_op = excluded.syscalls_per_op, "
                    "impl = excluded.impl, top_function = excluded.top_function",
                    params, 9, error);
}

bool sm_store_profile_store(SmDb *db, gpointer profile, SmIngestCounts *counts, GError **error)
{
  const Profile *p = profile;
  const char *id[] = {p->id};
  g_autoptr(SmDbRows) known =
      sm_db_query(db, "SELECT 1 FROM profile_run WHERE id = $1", id, 1, error);
  if (known == NULL)
    return false;
  if (known->rows > 0) {
    counts->runs_known++;
    return true;
  }
  g_autofree char *file = g_path_get_basename(p->path);
  const char *mparams[] = {p->host, p->cpu_model};
  const char *rparams[] = {p->id, p->host, p->started, p->tool, file};
  if (!sm_db_exec(db,
                  "INSERT INTO machine (host, cpu_model) VALUES ($1, $2) ON CONFLICT (host) DO "
                  "NOTHING",
                  mparams, 2, error) ||
      !sm_db_exec(db,
                  "INSERT INTO profile_run (id, host, started, tool, file) VALUES ($1, $2, $3, "
                  "$4, $5)",
                  rparams, 5, error))
    return false;
  for (guint i = 0; i < p->set->records->len; i++) {
    if (!store_record(db, p, p->set->records->pdata[i], error))
      return false;
    counts->profile_results_added++;
  }
  counts->profiles_added++;
  return true;
}
