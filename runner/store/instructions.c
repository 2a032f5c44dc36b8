/* store check's second gate: each series' instructions per operation in a machine's newest
 * profile run against their median over the profile runs before it. Counts under Valgrind repeat
 * to well under 0.1%, so one night is enough to judge, unlike wall-clock figures. */
#include "store/check.h"

#include "core/util.h"
#include "io/instructions.h"
#include "io/profile_csv.h"
#include "store/history.h"

#include <math.h>
#include <string.h>

/* How many profile runs before the newest make its baseline (their median): an odd night among
 * them does not move it, and a step stays reported until most of them are after it. */
#define INSTRUCTIONS_BASELINE_RUNS 5

guint sm_store_check_instructions(SmDb *db, const char *host, double threshold, FILE *out,
                                  bool *found, GError **error)
{
  g_autofree char *limit = g_strdup_printf("%d", INSTRUCTIONS_BASELINE_RUNS + 1);
  const char *run_params[] = {host, limit};
  g_autoptr(SmDbRows) runs = sm_db_query(db,
                                         "SELECT id, started FROM profile_run WHERE host = $1 "
                                         "ORDER BY started DESC, id DESC LIMIT $2",
                                         run_params, 2, error);
  if (runs == NULL)
    return G_MAXUINT;
  if (runs->rows < 2)
    return 0;
  const char *params[] = {host, limit, sm_profile_status_name(SM_PROFILE_PROFILED)};
  g_autoptr(SmDbRows) rows = sm_db_query(
      db,
      "SELECT s.id, s.engine, s.algorithm, s.kind, s.operation, s.api, s.block_size, s.accel, "
      "s.parallel, s.threads, s.context, r.run_id, r.instructions_per_op FROM profile_result r "
      "JOIN series s ON s.id = r.series_id WHERE s.host = $1 AND r.status = $3 AND "
      "r.instructions_per_op IS NOT NULL AND r.run_id IN (SELECT id FROM profile_run WHERE host "
      "= $1 ORDER BY started DESC, id DESC LIMIT $2) ORDER BY s.id",
      params, 3, error);
  if (rows == NULL)
    return G_MAXUINT;
  /* Run index 0 is the newest; values[i] the instructions per operation in run i. */
  g_autoptr(GHashTable) run_index = g_hash_table_new(g_str_hash, g_str_equal);
  for (guint i = 0; i < runs->rows; i++)
    g_hash_table_insert(run_index, (gpointer)sm_db_rows_get(runs, i, 0), GUINT_TO_POINTER(i));
  g_autoptr(GPtrArray) series =
      g_ptr_array_new_with_free_func((GDestroyNotify)sm_history_series_free);
  SmHistorySeries *current = NULL;
  for (guint r = 0; r < rows->rows; r++) {
    if (current == NULL || strcmp(current->id, sm_db_rows_get(rows, r, 0)) != 0) {
      current = sm_history_series_new(rows, r, runs->rows);
      g_ptr_array_add(series, current);
    }
    gpointer at;
    if (g_hash_table_lookup_extended(run_index, sm_db_rows_get(rows, r, 11), NULL, &at))
      current->values[GPOINTER_TO_UINT(at)] = sm_db_rows_double(rows, r, 12);
  }
  g_ptr_array_sort(series, sm_history_series_order);
  guint lines = 0;
  for (guint i = 0; i < series->len; i++) {
    const SmHistorySeries *s = series->pdata[i];
    double before[INSTRUCTIONS_BASELINE_RUNS];
    guint n = 0;
    for (guint at = 1; at < runs->rows; at++)
      if (isfinite(s->values[at]))
        before[n++] = s->values[at];
    double was = sm_history_median(before, n), now = s->values[0];
    if (n == 0 || !isfinite(now) || !(was > 0))
      continue;
    double change = now / was - 1;
    SmKind kind = SM_KIND_CIPHER;
    double judged =
        sm_kind_parse(s->kind, &kind) ? sm_instructions_threshold_for(kind, threshold) : threshold;
    if (change == 0 || fabs(change) * 100 < judged) /* threshold 0: any move */
      continue;
    fprintf(out, "%s  %s  %.6g -> %.6g instructions/op  %+.2f%%  since %s  instructions %s\n", host,
            s->label, was, now, change * 100, sm_db_rows_get(runs, 0, 1),
            change > 0 ? "rose" : "fell");
    *found |= change > 0;
    lines++;
  }
  return lines;
}
