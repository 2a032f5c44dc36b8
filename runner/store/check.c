/* store check: the CI gate. For each machine, the changes its newest runs opened: one line per
 * cell (or one per machine step), recorded in the changepoint table; found when one of them is
 * a confirmed change for the worse beyond the threshold, or when a series' scaling efficiency
 * fell by more than SM_EFFICIENCY_CHANGE (a figure of its own, whatever the rate did). */
#include "store/check.h"

#include "core/util.h"

#include "store/history.h"

#include "io/scaling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool opened(const SmHistory *h, guint at) { return at + SM_HISTORY_RECENT >= h->runs->len; }

static const char *run_id(const SmHistory *h, guint at)
{
  return ((const SmHistoryRun *)h->runs->pdata[at])->id;
}

static const char *run_started(const SmHistory *h, guint at)
{
  return ((const SmHistoryRun *)h->runs->pdata[at])->started;
}

static bool record(SmDb *db, const SmHistory *h, const SmChange *c, GError **error)
{
  g_autofree char *before = sm_db_double(exp(c->step.before));
  g_autofree char *after = sm_db_double(exp(c->step.after));
  g_autofree char *magnitude = sm_db_double(c->magnitude);
  g_autofree char *p = sm_db_double(c->step.p);
  const char *params[] = {c->series->id,
                          run_id(h, c->step.at),
                          run_id(h, h->runs->len - 1),
                          before,
                          after,
                          magnitude,
                          p,
                          sm_change_confidence_name(c->confidence),
                          c->confidence == SM_CHANGE_MACHINE ? "machine" : "cell"};
  return sm_db_exec(db,
                    "INSERT INTO changepoint (series_id, run_id, first_seen_run, level_before, "
                    "level_after, magnitude, p, confidence, scope) VALUES ($1, $2, $3, $4, $5, "
                    "$6, $7, $8, $9) ON CONFLICT (series_id, run_id) DO NOTHING",
                    params, 9, error);
}

static bool worse(double magnitude, double threshold)
{
  return magnitude < 0 && -magnitude * 100 >= threshold;
}

static guint print_machine(FILE *out, const SmHistory *h, double threshold, bool *found)
{
  guint lines = 0;
  for (guint i = 0; i < h->machine_changes->len; i++) {
    const SmMachineChange *m = &g_array_index(h->machine_changes, SmMachineChange, i);
    if (!opened(h, m->at))
      continue;
    fprintf(out,
            "%s  machine: %u of %u series moved  %+.1f%% (median)  since %s  machine change%s%s\n",
            h->host, m->moved, m->total, m->magnitude * 100, run_started(h, m->at),
            m->event ? "  event: " : "", m->event ? m->event : "");
    *found |= worse(m->magnitude, threshold);
    lines++;
  }
  return lines;
}

static guint print_cells(FILE *out, const SmHistory *h, double threshold, bool *found)
{
  guint lines = 0;
  for (guint i = 0; i < h->changes->len; i++) {
    const SmChange *c = h->changes->pdata[i];
    if (!c->last || c->confidence == SM_CHANGE_MACHINE || !opened(h, c->step.at))
      continue;
    fprintf(out, "%s  %s  %.4g -> %.4g ops/s  %+.1f%%  p=%.1e  since %s  %s%s%s\n", h->host,
            c->series->label, exp(c->step.before), exp(c->step.after), c->magnitude * 100,
            c->step.p, run_started(h, c->step.at), sm_change_confidence_name(c->confidence),
            c->event ? "  event: " : "", c->event ? c->event : "");
    *found |= c->confidence == SM_CHANGE_CONFIRMED && worse(c->magnitude, threshold);
    lines++;
  }
  return lines;
}

/* How many of a series' efficiencies before its newest make its baseline (their median): one
 * odd night among them does not move it. */
#define SCALING_BASELINE_RUNS 5

/* A series' newest scaling efficiency against its baseline, judged by compare's rule: one night
 * is enough, since a lock added per call costs its share at once and every night after. */
static guint print_scaling(FILE *out, const SmHistory *h, bool *found)
{
  guint lines = 0;
  for (guint i = 0; i < h->series->len; i++) {
    const SmHistorySeries *s = h->series->pdata[i];
    guint newest = h->runs->len;
    while (newest > 0 && !isfinite(s->efficiency[newest - 1]))
      newest--;
    if (newest == 0 || !opened(h, newest - 1))
      continue;
    double before[SCALING_BASELINE_RUNS];
    guint n = 0;
    for (guint at = newest - 1; at > 0 && n < SCALING_BASELINE_RUNS; at--)
      if (isfinite(s->efficiency[at - 1]))
        before[n++] = s->efficiency[at - 1];
    double was = sm_history_median(before, n), now = s->efficiency[newest - 1];
    int moved = n > 0 ? sm_efficiency_moved(was, now) : 0;
    if (moved == 0)
      continue;
    fprintf(out, "%s  %s  scaling efficiency %.2f -> %.2f  %+.2f  since %s  scaling %s\n", h->host,
            s->label, was, now, now - was, run_started(h, newest - 1), moved < 0 ? "fell" : "rose");
    *found |= moved < 0;
    lines++;
  }
  return lines;
}

static bool record_all(SmDb *db, const SmHistory *h, GError **error)
{
  for (guint i = 0; i < h->changes->len; i++) {
    const SmChange *c = h->changes->pdata[i];
    if (c->last && opened(h, c->step.at) && !record(db, h, c, error))
      return false;
  }
  return true;
}

/* Whether to read `host`'s timing history: it has timing runs, or no profiles either (then the
 * history's "no runs" error is the answer); a machine may have only profiles. */
static bool has_runs(SmDb *db, const char *host, bool *any, GError **error)
{
  const char *params[] = {host};
  g_autoptr(SmDbRows) rows = sm_db_query(
      db,
      "SELECT (SELECT COUNT(*) FROM run WHERE host = $1), (SELECT COUNT(*) FROM profile_run "
      "WHERE host = $1)",
      params, 1, error);
  if (rows == NULL)
    return false;
  *any = g_ascii_strtoull(sm_db_rows_get(rows, 0, 0), NULL, 10) > 0 ||
         g_ascii_strtoull(sm_db_rows_get(rows, 0, 1), NULL, 10) == 0; /* its "no runs" error */
  return true;
}

/* One machine's lines: its speeds' changes, then its instruction counts'. */
static bool check_host(SmDb *db, const char *host, double threshold, double instructions_threshold,
                       FILE *out, bool *found, GError **error)
{
  bool timed = false;
  if (!has_runs(db, host, &timed, error))
    return false;
  g_autoptr(SmHistory) h = timed ? sm_history_load(db, host, SM_HISTORY_WINDOW, error) : NULL;
  if (timed && (h == NULL || !record_all(db, h, error)))
    return false;
  guint lines = 0;
  if (h != NULL) {
    lines += print_machine(out, h, threshold, found);
    lines += print_cells(out, h, threshold, found);
    lines += print_scaling(out, h, found);
  }
  guint counted = sm_store_check_instructions(db, host, instructions_threshold, out, found, error);
  if (counted == G_MAXUINT)
    return false;
  lines += counted;
  if (lines == 0 && h != NULL)
    fprintf(out, "%s  no new change (%u run%s, %u series, noise index %.2f%%)\n", h->host,
            h->runs->len, h->runs->len == 1 ? "" : "s", h->series->len, h->noise_index * 100);
  else if (lines == 0)
    fprintf(out, "%s  no new change (profiles only)\n", host);
  return true;
}

bool sm_store_check(SmDb *db, const char *host, double threshold, double instructions_threshold,
                    FILE *out, bool *found, GError **error)
{
  *found = false;
  g_autoptr(GPtrArray) hosts = NULL;
  if (host != NULL) {
    hosts = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(hosts, g_strdup(host));
  } else if ((hosts = sm_history_hosts(db, error)) == NULL) {
    return false;
  }
  if (hosts->len == 0) { /* a gate that checked nothing has not passed */
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE,
                "%s: the store holds no run, so there is nothing to check (store ingest adds runs)",
                db->name);
    return false;
  }
  g_autoptr(GString) text = g_string_new(NULL);
  if (!db->backend->begin(db, error))
    return false;
  for (guint i = 0; i < hosts->len; i++) {
    char *buffer = NULL;
    size_t size = 0;
    FILE *memory = open_memstream(&buffer, &size);
    bool checked =
        check_host(db, hosts->pdata[i], threshold, instructions_threshold, memory, found, error);
    fclose(memory);
    g_string_append_len(text, buffer, (gssize)size);
    free(buffer);
    if (!checked) {
      db->backend->rollback(db);
      return false;
    }
  }
  if (!db->backend->commit(db, error)) {
    db->backend->rollback(db);
    return false;
  }
  fputs(text->str, out);
  return true;
}
