/* compare --format csv: one row per cell and run against the baseline, figures as measured. */
#include "compare/compare_output.h"
#include "core/catalog.h"
#include "io/csv.h"

#include <math.h>

static void csv_figure(GString *out, const SmCompareEntry *entry)
{
  if (entry->result == NULL || entry->result->row->status != SM_STATUS_OK)
    return;
  g_string_append_printf(out, sm_result_is_bulk(entry->result) ? "%.0f" : "%.2f",
                         sm_result_figure(entry->result));
}

static void write_csv(const SmComparison *cmp, GString *out)
{
  g_string_append(out, "algorithm,kind,engine,operation,api,block_size,accel,parallel,unit,"
                       "baseline,baseline_status,baseline_figure,run,status,figure,ratio,verdict,"
                       "baseline_api,run_api\r\n");
  const SmCompareRun *baseline = cmp->runs->pdata[0];
  for (guint c = 0; c < cmp->cells->len; c++) {
    const SmCompareCell *cell = cmp->cells->pdata[c];
    const SmRow *id = cell->first;
    const SmCompareEntry *base = &cell->entries[0];
    for (guint r = 1; r < cmp->runs->len; r++) {
      const SmCompareEntry *entry = &cell->entries[r];
      const SmCompareRun *run = cmp->runs->pdata[r];
      sm_csv_append_field(out, id->algorithm);
      g_string_append_printf(out, ",%s,", sm_kind_name(id->kind));
      sm_csv_append_field(out, id->engine);
      g_string_append_printf(out, ",%s,%s,", sm_op_name(id->operation), sm_api_name(id->api));
      if (id->block_size)
        g_string_append_printf(out, "%u", id->block_size);
      g_string_append_printf(out, ",%s,%u,%s,", id->accel == SM_ACCEL_OFF ? "off" : "on",
                             id->parallel, sm_compare_unit(cell));
      sm_csv_append_field(out, baseline->label);
      g_string_append_printf(out, ",%s,",
                             base->result ? sm_status_name(base->result->row->status) : "");
      csv_figure(out, base);
      g_string_append_c(out, ',');
      sm_csv_append_field(out, run->label);
      g_string_append_printf(out, ",%s,",
                             entry->result ? sm_status_name(entry->result->row->status) : "");
      csv_figure(out, entry);
      g_string_append_c(out, ',');
      if (!isnan(entry->ratio))
        g_string_append_printf(out, "%.4f", entry->ratio);
      g_string_append_printf(out, ",%s,%s,%s\r\n", sm_verdict_name(entry->verdict),
                             base->result ? sm_api_name(base->result->row->api) : "",
                             entry->result ? sm_api_name(entry->result->row->api) : "");
    }
  }
}

const SmCompareFormat sm_compare_format_csv = {"csv", "csv", write_csv, false};
