#include "row.h"

SmRow *sm_row_new(const SmCell *cell, const char *host, const char *cpu_model, guint64 seed)
{
  SmRow *row = g_new0(SmRow, 1);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc();
  row->timestamp = g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ");
  row->host = g_strdup(host);
  row->cpu_model = g_strdup(cpu_model);
  row->engine = g_strdup(cell->engine_name);
  row->engine_version = g_strdup(cell->engine != NULL ? cell->engine->desc->library_version() : "");
  row->algorithm = g_strdup(cell->alg->name);
  row->kind = cell->alg->kind;
  row->operation = cell->op;
  row->api = cell->api;
  row->block_size = cell->block_size;
  row->status = cell->status;
  row->detail = g_strdup(cell->reason);
  row->seed = seed;
  row->accel = cell->accel;
  row->parallel = cell->parallel;
  return row;
}

void sm_row_free(SmRow *row)
{
  if (row == NULL)
    return;
  g_free(row->timestamp);
  g_free(row->host);
  g_free(row->cpu_model);
  g_free(row->engine);
  g_free(row->engine_version);
  g_free(row->algorithm);
  g_free(row->detail);
  g_free(row->source);
  g_free(row->accel_detail);
  g_free(row->cycles_source);
  g_free(row);
}

double sm_row_spread(const SmRow *row)
{
  return row->stats.median > 0 ? row->stats.mad / row->stats.median : 0.0;
}
