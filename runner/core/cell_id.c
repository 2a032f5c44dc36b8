#include "core/cell_id.h"

#include <string.h>

SmCellId sm_row_id(const SmRow *row)
{
  return (SmCellId){
      .host = row->host,
      .engine = row->engine,
      .algorithm = row->algorithm,
      .op = row->operation,
      .api = row->api,
      .block_size = row->block_size,
      .accel = row->accel,
      .parallel = row->parallel,
      .threads = MAX(row->threads, 1u),
      .per_message = row->per_message,
  };
}

char *sm_cell_id_key(const SmCellId *id, unsigned axes)
{
  /* \x1f (unit separator) cannot be confused with anything a name holds. */
  GString *key = g_string_new(NULL);
  if (axes & SM_AXIS_HOST)
    g_string_append_printf(key, "%s\x1f", id->host != NULL ? id->host : "");
  if (axes & SM_AXIS_ENGINE)
    g_string_append_printf(key, "%s\x1f", id->engine);
  if (axes & SM_AXIS_ALGORITHM)
    g_string_append_printf(key, "%s\x1f", id->algorithm);
  if (axes & SM_AXIS_OPERATION)
    g_string_append_printf(key, "%s\x1f", sm_op_name(id->op));
  if (axes & SM_AXIS_API)
    g_string_append_printf(key, "%s\x1f", sm_api_name(id->api));
  if (axes & SM_AXIS_SIZE)
    g_string_append_printf(key, "%u\x1f", id->block_size);
  if (axes & SM_AXIS_ACCEL)
    g_string_append_printf(key, "%s\x1f", id->accel == SM_ACCEL_OFF ? "off" : "on");
  if (axes & SM_AXIS_PARALLEL)
    g_string_append_printf(key, "%u\x1f", id->parallel);
  /* Only where not the default: the keys of every earlier cell (journals, the store's series
   * ids) stay what they were. */
  if ((axes & SM_AXIS_THREADS) && id->threads > 1)
    g_string_append_printf(key, "threads=%u\x1f", id->threads);
  if ((axes & SM_AXIS_CONTEXT) && id->per_message)
    g_string_append_printf(key, "%s\x1f", sm_context_name(id->per_message));
  return g_string_free(key, FALSE);
}

bool sm_cell_id_equal(const SmCellId *a, const SmCellId *b, unsigned axes)
{
  return (!(axes & SM_AXIS_HOST) || g_strcmp0(a->host, b->host) == 0) &&
         (!(axes & SM_AXIS_ENGINE) || strcmp(a->engine, b->engine) == 0) &&
         (!(axes & SM_AXIS_ALGORITHM) || strcmp(a->algorithm, b->algorithm) == 0) &&
         (!(axes & SM_AXIS_OPERATION) || a->op == b->op) &&
         (!(axes & SM_AXIS_API) || a->api == b->api) &&
         (!(axes & SM_AXIS_SIZE) || a->block_size == b->block_size) &&
         (!(axes & SM_AXIS_ACCEL) || a->accel == b->accel) &&
         (!(axes & SM_AXIS_PARALLEL) || a->parallel == b->parallel) &&
         (!(axes & SM_AXIS_THREADS) || MAX(a->threads, 1u) == MAX(b->threads, 1u)) &&
         (!(axes & SM_AXIS_CONTEXT) || a->per_message == b->per_message);
}

GPtrArray *sm_cell_id_groups(GPtrArray *items, SmCellIdOf id_of, unsigned axes)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
  g_autoptr(GHashTable) by_key = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < items->len; i++) {
    SmCellId id = id_of(items->pdata[i]);
    char *key = sm_cell_id_key(&id, axes);
    GPtrArray *group = g_hash_table_lookup(by_key, key);
    if (group == NULL) {
      group = g_ptr_array_new();
      g_ptr_array_add(groups, group);
      g_hash_table_insert(by_key, key, group);
    } else {
      g_free(key);
    }
    g_ptr_array_add(group, items->pdata[i]);
  }
  return groups;
}
