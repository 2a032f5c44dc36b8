#include "core/row.h"

static const char *const status_names[] = {
    [SM_STATUS_PENDING] = "pending",
    [SM_STATUS_OK] = "ok",
    [SM_STATUS_UNSUPPORTED] = "unsupported",
    [SM_STATUS_KAT_FAILED] = "kat-failed",
    [SM_STATUS_ERROR] = "error",
    [SM_STATUS_CRASHED] = "crashed",
    [SM_STATUS_TIMEOUT] = "timeout",
};

const char *sm_status_name(SmStatus status) { return status_names[status]; }

SmRow *sm_row_new(const char *engine, const char *engine_version, const char *algorithm,
                  SmKind kind, const char *host, const char *cpu_model, guint64 seed)
{
  SmRow *row = g_new0(SmRow, 1);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc();
  row->timestamp = g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ");
  row->host = g_strdup(host);
  row->cpu_model = g_strdup(cpu_model);
  row->engine = g_strdup(engine);
  row->engine_version = g_strdup(engine_version);
  row->algorithm = g_strdup(algorithm);
  row->kind = kind;
  row->seed = seed;
  row->parallel = 1;
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
  g_free(row->estimator);
  g_free(row);
}

double sm_row_spread(const SmRow *row)
{
  return row->stats.median > 0 ? row->stats.mad / row->stats.median : 0.0;
}
