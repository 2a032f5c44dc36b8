/* Reads a machine's window of runs from the store and finds its change points. */
#include "store/history.h"

#include "core/row.h"
#include "core/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void run_free(SmHistoryRun *run)
{
  g_free(run->id);
  g_free(run->started);
  g_free(run);
}

void sm_history_series_free(SmHistorySeries *s)
{
  g_free(s->id);
  g_free(s->engine);
  g_free(s->algorithm);
  g_free(s->kind);
  g_free(s->operation);
  g_free(s->api);
  g_free(s->accel);
  g_free(s->context);
  g_free(s->values);
  g_free(s->efficiency);
  g_free(s->label);
  if (s->steps != NULL)
    g_array_unref(s->steps);
  g_free(s);
}

static void event_free(SmHistoryEvent *e)
{
  g_free(e->kind);
  g_free(e->engine);
  g_free(e->what);
  g_free(e->happened);
  g_free(e);
}

void sm_history_free(SmHistory *h)
{
  if (h == NULL)
    return;
  g_free(h->host);
  g_free(h->cpu_model);
  g_ptr_array_unref(h->runs);
  g_ptr_array_unref(h->series);
  g_ptr_array_unref(h->events);
  g_ptr_array_unref(h->changes);
  g_array_unref(h->machine_changes);
  g_free(h);
}

const char *sm_change_confidence_name(SmChangeConfidence confidence)
{
  static const char *const names[] = {"suspect", "confirmed", "machine"};
  return names[confidence];
}

GPtrArray *sm_history_hosts(SmDb *db, GError **error)
{
  g_autoptr(SmDbRows) rows =
      sm_db_query(db, "SELECT host FROM machine ORDER BY host", NULL, 0, error);
  if (rows == NULL)
    return NULL;
  GPtrArray *hosts = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < rows->rows; i++)
    g_ptr_array_add(hosts, g_strdup(sm_db_rows_get(rows, i, 0)));
  return hosts;
}

static bool load_runs(SmDb *db, SmHistory *h, guint window, GError **error)
{
  g_autofree char *limit = g_strdup_printf("%u", window);
  const char *params[] = {h->host, limit};
  g_autoptr(SmDbRows) rows = sm_db_query(
      db, "SELECT id, started FROM run WHERE host = $1 ORDER BY started DESC, id DESC LIMIT $2",
      params, 2, error);
  if (rows == NULL)
    return false;
  for (guint i = rows->rows; i-- > 0;) {
    SmHistoryRun *run = g_new0(SmHistoryRun, 1);
    run->id = g_strdup(sm_db_rows_get(rows, i, 0));
    run->started = g_strdup(sm_db_rows_get(rows, i, 1));
    g_ptr_array_add(h->runs, run);
  }
  return true;
}

SmHistorySeries *sm_history_series_new(const SmDbRows *rows, guint r, guint runs)
{
  SmHistorySeries *s = g_new0(SmHistorySeries, 1);
  s->id = g_strdup(sm_db_rows_get(rows, r, 0));
  s->engine = g_strdup(sm_db_rows_get(rows, r, 1));
  s->algorithm = g_strdup(sm_db_rows_get(rows, r, 2));
  s->kind = g_strdup(sm_db_rows_get(rows, r, 3));
  s->operation = g_strdup(sm_db_rows_get(rows, r, 4));
  s->api = g_strdup(sm_db_rows_get(rows, r, 5));
  s->block_size = (guint)g_ascii_strtoull(sm_db_rows_get(rows, r, 6), NULL, 10);
  s->accel = g_strdup(sm_db_rows_get(rows, r, 7));
  s->parallel = (guint)g_ascii_strtoull(sm_db_rows_get(rows, r, 8), NULL, 10);
  s->threads = (guint)g_ascii_strtoull(sm_db_rows_get(rows, r, 9), NULL, 10);
  s->context = g_strdup(sm_db_rows_get(rows, r, 10));
  s->values = g_new(double, runs);
  s->efficiency = g_new(double, runs);
  for (guint i = 0; i < runs; i++)
    s->values[i] = s->efficiency[i] = NAN;
  GString *label = g_string_new(NULL);
  g_string_printf(label, "%s %s %s %s", s->engine, s->algorithm, s->operation, s->api);
  if (s->block_size > 0)
    g_string_append_printf(label, " %u", s->block_size);
  if (strcmp(s->accel, "off") == 0)
    g_string_append(label, " accel-off");
  if (s->parallel > 1)
    g_string_append_printf(label, " x%u", s->parallel);
  if (s->threads > 1)
    g_string_append_printf(label, " threads=%u", s->threads);
  if (strcmp(s->context, sm_context_name(false)) != 0)
    g_string_append_printf(label, " %s", s->context);
  s->label = g_string_free(label, FALSE);
  return s;
}

gint sm_history_series_order(gconstpointer a, gconstpointer b)
{
  const SmHistorySeries *x = *(const SmHistorySeries *const *)a;
  const SmHistorySeries *y = *(const SmHistorySeries *const *)b;
  const char *xs[] = {x->engine, x->algorithm, x->operation, x->api, x->accel, x->context};
  const char *ys[] = {y->engine, y->algorithm, y->operation, y->api, y->accel, y->context};
  for (size_t i = 0; i < G_N_ELEMENTS(xs); i++) {
    int order = strcmp(xs[i], ys[i]);
    if (order != 0)
      return order;
  }
  if (x->block_size != y->block_size)
    return x->block_size < y->block_size ? -1 : 1;
  if (x->parallel != y->parallel)
    return x->parallel < y->parallel ? -1 : 1;
  return (x->threads > y->threads) - (x->threads < y->threads);
}

static bool load_series(SmDb *db, SmHistory *h, guint window, GError **error)
{
  g_autofree char *limit = g_strdup_printf("%u", window);
  char contended[G_ASCII_DTOSTR_BUF_SIZE];
  g_ascii_dtostr(contended, sizeof contended, SM_CONTENTION_LIMIT);
  const char *params[] = {h->host, limit, contended};
  /* A figure measured on a contended core is left out, as a night without the cell is. */
  g_autoptr(SmDbRows) rows = sm_db_query(
      db,
      "SELECT s.id, s.engine, s.algorithm, s.kind, s.operation, s.api, s.block_size, s.accel, "
      "s.parallel, s.threads, s.context, r.run_id, r.ops_per_sec, r.scaling_efficiency FROM "
      "result r JOIN series s ON s.id = r.series_id "
      "WHERE s.host = $1 AND r.status = 'ok' AND r.ops_per_sec IS NOT NULL AND (r.contention IS "
      "NULL OR r.contention <= CAST($3 AS DOUBLE PRECISION)) AND r.run_id IN (SELECT id FROM run "
      "WHERE host = $1 ORDER BY started DESC, id DESC LIMIT $2) ORDER BY s.id",
      params, 3, error);
  if (rows == NULL)
    return false;
  g_autoptr(GHashTable) run_index = g_hash_table_new(g_str_hash, g_str_equal);
  for (guint i = 0; i < h->runs->len; i++)
    g_hash_table_insert(run_index, ((SmHistoryRun *)h->runs->pdata[i])->id, GUINT_TO_POINTER(i));
  SmHistorySeries *current = NULL;
  for (guint r = 0; r < rows->rows; r++) {
    if (current == NULL || strcmp(current->id, sm_db_rows_get(rows, r, 0)) != 0) {
      current = sm_history_series_new(rows, r, h->runs->len);
      g_ptr_array_add(h->series, current);
    }
    gpointer index;
    double figure = sm_db_rows_double(rows, r, 12);
    if (figure > 0 &&
        g_hash_table_lookup_extended(run_index, sm_db_rows_get(rows, r, 11), NULL, &index)) {
      current->values[GPOINTER_TO_UINT(index)] = log(figure);
      current->efficiency[GPOINTER_TO_UINT(index)] = sm_db_rows_double(rows, r, 13);
    }
  }
  g_ptr_array_sort(h->series, sm_history_series_order);
  return true;
}

static bool load_events(SmDb *db, SmHistory *h, GError **error)
{
  const char *params[] = {h->host};
  g_autoptr(SmDbRows) rows = sm_db_query(
      db, "SELECT kind, engine, what, happened FROM event WHERE host = $1 ORDER BY happened, id",
      params, 1, error);
  if (rows == NULL)
    return false;
  const char *oldest = ((SmHistoryRun *)h->runs->pdata[0])->started;
  for (guint r = 0; r < rows->rows; r++) {
    const char *happened = sm_db_rows_get(rows, r, 3);
    if (strcmp(happened, oldest) < 0)
      continue;
    SmHistoryEvent *e = g_new0(SmHistoryEvent, 1);
    e->kind = g_strdup(sm_db_rows_get(rows, r, 0));
    e->engine = g_strdup(sm_db_rows_get(rows, r, 1));
    e->what = g_strdup(sm_db_rows_get(rows, r, 2));
    e->happened = g_strdup(happened);
    e->at = h->runs->len;
    for (guint i = 0; i < h->runs->len; i++)
      if (strcmp(((SmHistoryRun *)h->runs->pdata[i])->started, happened) >= 0) {
        e->at = i;
        break;
      }
    g_ptr_array_add(h->events, e);
  }
  return true;
}

void sm_history_analyse(SmHistory *h);

SmHistory *sm_history_load(SmDb *db, const char *host, guint window, GError **error)
{
  g_autoptr(SmHistory) h = g_new0(SmHistory, 1);
  h->host = g_strdup(host);
  h->runs = g_ptr_array_new_with_free_func((GDestroyNotify)run_free);
  h->series = g_ptr_array_new_with_free_func((GDestroyNotify)sm_history_series_free);
  h->events = g_ptr_array_new_with_free_func((GDestroyNotify)event_free);
  h->changes = g_ptr_array_new_with_free_func(g_free);
  h->machine_changes = g_array_new(FALSE, FALSE, sizeof(SmMachineChange));
  const char *params[] = {host};
  g_autoptr(SmDbRows) machine =
      sm_db_query(db, "SELECT cpu_model FROM machine WHERE host = $1", params, 1, error);
  if (machine == NULL || !load_runs(db, h, window, error))
    return NULL;
  if (h->runs->len == 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE, "--machine: no runs of \"%s\" in %s", host,
                db->name);
    return NULL;
  }
  h->cpu_model = g_strdup(machine->rows > 0 ? sm_db_rows_get(machine, 0, 0) : NULL);
  if (!load_series(db, h, window, error) || !load_events(db, h, error))
    return NULL;
  sm_history_analyse(h);
  return g_steal_pointer(&h);
}
