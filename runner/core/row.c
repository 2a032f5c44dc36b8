#include "core/row.h"

#include <string.h>

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
  row->threads = 1;
  return row;
}

static const char *const context_names[] = {[false] = "reused", [true] = "per-message"};

const char *sm_context_name(bool per_message) { return context_names[per_message]; }

bool sm_context_parse(const char *name, bool *per_message)
{
  for (unsigned i = 0; i < G_N_ELEMENTS(context_names); i++)
    if (strcmp(context_names[i], name) == 0) {
      *per_message = i == 1;
      return true;
    }
  return false;
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
  g_free(row->impl);
  g_free(row->library_path);
  g_free(row->library_version);
  g_free(row->emulated);
  g_free(row);
}

double sm_row_spread(const SmRow *row)
{
  return row->stats.median > 0 ? row->stats.mad / row->stats.median : 0.0;
}

/* A row from a hand-made table (source "FILE#table N row M") names its machine by what the table
 * said of it; any other row by its host. */
char *sm_row_machine(const SmRow *row)
{
  if (row->source == NULL || strstr(row->source, "#table ") == NULL)
    return g_strdup(row->host ? row->host : "");
  const char *parts[] = {row->host, row->cpu_model, row->engine_version};
  GString *out = g_string_new(NULL);
  for (size_t i = 0; i < G_N_ELEMENTS(parts); i++)
    if (parts[i] != NULL && parts[i][0] != '\0')
      g_string_append_printf(out, "%s%s", out->len ? ", " : "", parts[i]);
  return g_string_free(out, FALSE);
}
