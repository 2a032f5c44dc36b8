/* compare --format json: the thresholds and rule, the runs with their factors, every cell with
 * each run's figure and verdict, and the counts. Written by json-glib. */
#include "compare/format_json.h"
#include "compare/compare_output.h"
#include "core/catalog.h"

#include <math.h>

/* `value` as printf's "%.<decimals>f" reads: the figures keep the precision they are shown with
 * in every format; with no decimals, an integer. */
static void add_fixed(JsonBuilder *builder, const char *member, double value, int decimals)
{
  char format[8], text[G_ASCII_DTOSTR_BUF_SIZE];
  g_snprintf(format, sizeof format, "%%.%df", decimals);
  g_ascii_formatd(text, sizeof text, format, value);
  json_builder_set_member_name(builder, member);
  if (decimals == 0)
    json_builder_add_int_value(builder, g_ascii_strtoll(text, NULL, 10));
  else
    json_builder_add_double_value(builder, g_ascii_strtod(text, NULL));
}

static void add_int(JsonBuilder *builder, const char *member, gint64 value)
{
  json_builder_set_member_name(builder, member);
  json_builder_add_int_value(builder, value);
}

static void add_string(JsonBuilder *builder, const char *member, const char *value)
{
  json_builder_set_member_name(builder, member);
  if (value != NULL)
    json_builder_add_string_value(builder, value);
  else
    json_builder_add_null_value(builder);
}

static void add_engines(JsonBuilder *builder, const SmCompareRun *run)
{
  json_builder_set_member_name(builder, "engines");
  json_builder_begin_array(builder);
  for (guint i = 0; i < run->engines->len; i++) {
    const SmEngineShift *shift = &g_array_index(run->engines, SmEngineShift, i);
    json_builder_begin_object(builder);
    add_string(builder, "engine", shift->engine);
    add_fixed(builder, "factor", shift->factor, 6);
    add_int(builder, "cells", shift->cells);
    add_string(builder, "moved", shift->moved < 0 ? "slower" : shift->moved > 0 ? "faster" : NULL);
    json_builder_end_object(builder);
  }
  json_builder_end_array(builder);
}

static void add_run(JsonBuilder *builder, guint index, const SmCompareRun *run)
{
  json_builder_begin_object(builder);
  add_int(builder, "index", index + 1);
  add_string(builder, "label", run->label);
  add_string(builder, "file", run->path);
  g_autoptr(GPtrArray) hosts = sm_compare_host_list(run);
  json_builder_set_member_name(builder, "hosts");
  json_builder_begin_array(builder);
  for (guint h = 0; h < hosts->len; h++)
    json_builder_add_string_value(builder, hosts->pdata[h]);
  json_builder_end_array(builder);
  add_int(builder, "rows", run->results->len);
  if (isfinite(run->machine)) {
    add_fixed(builder, "machine_factor", run->machine, 6);
    add_int(builder, "machine_cells", run->machine_cells);
  }
  if (isfinite(run->probe_shortfall)) {
    add_fixed(builder, "probe_shortfall", run->probe_shortfall, 4);
    add_string(builder, "probe_kernel", sm_probe_kind_name(run->probe_kernel));
    json_builder_set_member_name(builder, "contended_throughout");
    json_builder_add_boolean_value(builder, run->probe_shortfall > SM_CONTENTION_LIMIT);
  }
  if (run->engines != NULL && run->engines->len > 0)
    add_engines(builder, run);
  json_builder_end_object(builder);
}

static void add_entry(JsonBuilder *builder, const SmCompareCell *cell, const SmCompareEntry *entry)
{
  json_builder_begin_object(builder);
  const SmResultRow *result = entry->result;
  add_string(builder, "status", result != NULL ? sm_status_name(result->row->status) : NULL);
  if (result != NULL && entry->stand_in)
    add_string(builder, "stand_in_api", sm_api_name(result->row->api));
  if (result != NULL && result->row->status == SM_STATUS_OK) {
    add_fixed(builder, "figure", sm_result_figure(result), cell->bulk ? 0 : 2);
    if (result->has_spread) {
      add_fixed(builder, "spread", sm_row_spread(result->row), 4);
      add_int(builder, "samples", (gint64)result->row->stats.count);
    }
  }
  if (!isnan(entry->ratio))
    add_fixed(builder, "ratio", entry->ratio, 4);
  add_string(builder, "verdict", sm_verdict_name(entry->verdict));
  json_builder_end_object(builder);
}

JsonNode *sm_compare_json_cell(const SmComparison *cmp, const SmCompareCell *cell)
{
  g_autoptr(JsonBuilder) builder = json_builder_new();
  const SmRow *id = cell->first;
  json_builder_begin_object(builder);
  add_string(builder, "algorithm", id->algorithm);
  add_string(builder, "kind", sm_kind_name(id->kind));
  add_string(builder, "engine", id->engine);
  add_string(builder, "operation", sm_op_name(id->operation));
  add_string(builder, "api", sm_api_name(id->api));
  json_builder_set_member_name(builder, "block_size");
  if (id->block_size)
    json_builder_add_int_value(builder, id->block_size);
  else
    json_builder_add_null_value(builder);
  add_string(builder, "accel", id->accel == SM_ACCEL_OFF ? "off" : "on");
  add_int(builder, "parallel", id->parallel);
  add_string(builder, "unit", sm_compare_unit(cell));
  json_builder_set_member_name(builder, "runs");
  json_builder_begin_array(builder);
  for (guint r = 0; r < cmp->runs->len; r++)
    add_entry(builder, cell, &cell->entries[r]);
  json_builder_end_array(builder);
  json_builder_end_object(builder);
  return json_builder_get_root(builder);
}

void sm_compare_json_write(GString *out, JsonNode *root, bool pretty)
{
  g_autoptr(JsonGenerator) generator = json_generator_new();
  json_generator_set_pretty(generator, pretty);
  json_generator_set_root(generator, root);
  g_autofree char *text = json_generator_to_data(generator, NULL);
  g_string_append(out, text);
  g_string_append_c(out, '\n');
}

static void add_summary(JsonBuilder *builder, const SmComparison *cmp)
{
  json_builder_set_member_name(builder, "summary");
  json_builder_begin_object(builder);
  add_int(builder, "regressed", cmp->regressed);
  add_int(builder, "improved", cmp->improved);
  add_int(builder, "failed", cmp->failed);
  add_int(builder, "partial", cmp->partial);
  add_int(builder, "contended", cmp->contended);
  json_builder_end_object(builder);
}

static void write_json(const SmComparison *cmp, GString *out)
{
  g_autoptr(JsonBuilder) builder = json_builder_new();
  json_builder_begin_object(builder);
  json_builder_set_member_name(builder, "threshold_pct");
  json_builder_add_double_value(builder, cmp->threshold_pct);
  json_builder_set_member_name(builder, "cell_threshold_pct");
  json_builder_add_double_value(builder, cmp->cell_threshold_pct);
  g_autofree char *rule = sm_compare_rule_text(cmp);
  add_string(builder, "rule", rule);
  json_builder_set_member_name(builder, "runs");
  json_builder_begin_array(builder);
  for (guint r = 0; r < cmp->runs->len; r++)
    add_run(builder, r, cmp->runs->pdata[r]);
  json_builder_end_array(builder);
  json_builder_set_member_name(builder, "cells");
  json_builder_begin_array(builder);
  for (guint c = 0; c < cmp->cells->len; c++)
    json_builder_add_value(builder, sm_compare_json_cell(cmp, cmp->cells->pdata[c]));
  json_builder_end_array(builder);
  add_summary(builder, cmp);
  json_builder_end_object(builder);
  g_autoptr(JsonNode) root = json_builder_get_root(builder);
  sm_compare_json_write(out, root, true);
}

const SmCompareFormat sm_compare_format_json = {"json", "json", write_json, false};
