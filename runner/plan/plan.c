#include "plan/plan.h"

#include "core/hostinfo.h"
#include "core/util.h"

#include <string.h>

void sm_cell_free(SmCell *cell)
{
  if (cell == NULL)
    return;
  g_free(cell->reason);
  g_free(cell);
}

bool sm_cell_measured_together(const SmCell *cell)
{
  return cell->parallel > 1 || cell->threads > 1;
}

SmCellId sm_cell_id(const SmCell *cell)
{
  return (SmCellId){
      .engine = cell->engine_name,
      .algorithm = cell->alg->name,
      .op = cell->op,
      .api = cell->api,
      .block_size = cell->block_size,
      .accel = cell->accel,
      .parallel = cell->parallel,
      .threads = MAX(cell->threads, 1u),
      .per_message = cell->per_message,
  };
}

SmRow *sm_cell_row_new(const SmCell *cell, const char *host, const char *cpu_model, guint64 seed)
{
  const char *version = cell->engine != NULL ? sm_engine_library_version(cell->engine) : "";
  SmRow *row = sm_row_new(cell->engine_name, version, cell->alg->name, cell->alg->kind, host,
                          cpu_model, seed);
  row->operation = cell->op;
  row->api = cell->api;
  row->block_size = cell->block_size;
  row->status = cell->status;
  row->detail = g_strdup(cell->reason);
  row->accel = cell->accel;
  row->parallel = cell->parallel;
  row->threads = cell->threads;
  row->per_message = cell->per_message;
  row->emulated = g_strdup(sm_host_emulation());
  return row;
}

const SmImpl *sm_cell_impl_for(const SmCell *cell, SmOp op)
{
  op = sm_op_slot(cell->alg->kind, op);
  if (op >= SM_OP_COUNT)
    return NULL;
  const SmImpl *own = sm_algorithm_level(cell->impl, cell->api);
  if (own != NULL && sm_impl_op(own, op) != NULL)
    return own;
  for (unsigned api = 0; api < SM_API_COUNT; api++)
    if (cell->impl->impl[api] != NULL && sm_impl_op(cell->impl->impl[api], op) != NULL)
      return cell->impl->impl[api];
  return NULL;
}

static bool algorithm_selected(const SmSettings *settings, const SmAlgInfo *info)
{
  for (char **item = settings->algorithms; *item != NULL; item++) {
    SmKind kind;
    if (strcmp(*item, "all") == 0 || strcmp(*item, info->name) == 0 ||
        (sm_kind_parse(*item, &kind) && kind == info->kind))
      return true;
  }
  return false;
}

/* The valid names: the known engines whether built or not (a stable list), then any other
 * engine that was loaded. */
static char *valid_engines(const SmRegistry *registry)
{
  GString *out = g_string_new("all");
  for (unsigned k = 0; sm_known_engines[k] != NULL; k++)
    g_string_append_printf(out, ", %s", sm_known_engines[k]);
  for (guint i = 0; i < registry->engines->len; i++) {
    const SmLoadedEngine *engine = registry->engines->pdata[i];
    if (!g_strv_contains(sm_known_engines, engine->desc->name))
      g_string_append_printf(out, ", %s", engine->desc->name);
  }
  return g_string_free(out, FALSE);
}

/* The engines to expand, in order: names that are known but not built stay, as unsupported. */
static GPtrArray *select_engines(const SmSettings *settings, const SmRegistry *registry,
                                 GError **error)
{
  GPtrArray *names = g_ptr_array_new();
  for (char **item = settings->engines; *item != NULL; item++) {
    if (strcmp(*item, "all") == 0) {
      if (registry->engines->len == 0) {
        g_autofree char *why =
            registry->refused->len == 0
                ? g_strdup("no plugin is there")
                : g_strdup_printf("%u plugin file%s refused, see above", registry->refused->len,
                                  registry->refused->len == 1 ? "" : "s");
        g_set_error(error, SM_ERROR, SM_ERROR_CONFIG,
                    "%s: all: no engine could be loaded from %s (%s)", settings->engines_origin,
                    registry->directory, why);
        g_ptr_array_unref(names);
        return NULL;
      }
      for (guint i = 0; i < registry->engines->len; i++) {
        const SmLoadedEngine *engine = registry->engines->pdata[i];
        if (!g_ptr_array_find_with_equal_func(names, engine->desc->name, g_str_equal, NULL))
          g_ptr_array_add(names, (gpointer)engine->desc->name);
      }
      continue;
    }
    /* A plugin file that is there but refused is named, so its rows fail with the reason. */
    if (sm_registry_find(registry, *item) == NULL && !g_strv_contains(sm_known_engines, *item) &&
        sm_registry_refusal(registry, *item) == NULL) {
      g_autofree char *valid = valid_engines(registry);
      g_set_error(error, SM_ERROR, SM_ERROR_CONFIG, "%s: unknown engine \"%s\" (valid: %s)",
                  settings->engines_origin, *item, valid);
      g_ptr_array_unref(names);
      return NULL;
    }
    if (!g_ptr_array_find_with_equal_func(names, *item, g_str_equal, NULL))
      g_ptr_array_add(names, *item);
  }
  return names;
}

static SmCell *new_cell(const char *engine_name, SmLoadedEngine *engine, const SmAlgInfo *info,
                        SmOp op, SmApi api, guint block_size)
{
  SmCell *cell = g_new0(SmCell, 1);
  cell->engine_name = engine_name;
  cell->engine = engine;
  cell->alg = info;
  cell->impl = engine ? sm_engine_find_algorithm(engine->desc, info->name) : NULL;
  cell->op = op;
  cell->api = api;
  cell->block_size = block_size;
  cell->accel = SM_ACCEL_ON;
  cell->parallel = 1;
  cell->threads = 1;
  cell->status = SM_STATUS_PENDING;
  return cell;
}

/* Why a cell cannot be measured, or NULL when it can (before running anything). */
static char *static_reason(const SmCell *cell, const SmRegistry *registry)
{
  const char *refusal =
      cell->engine == NULL ? sm_registry_refusal(registry, cell->engine_name) : NULL;
  if (refusal != NULL)
    return g_strdup_printf("engine %s could not be loaded: %s", cell->engine_name, refusal);
  if (cell->engine == NULL)
    return g_strdup_printf("engine %s is not built (its library was missing at build time)",
                           cell->engine_name);
  if (cell->impl == NULL)
    return g_strdup_printf("%s does not offer %s", cell->engine->desc->library, cell->alg->name);
  const SmImpl *impl = sm_algorithm_level(cell->impl, cell->api);
  if (impl == NULL)
    return g_strdup(sm_algorithm_why_not(cell->engine->desc, cell->impl, cell->api));
  SmOp slot = sm_op_slot(cell->alg->kind, cell->op);
  if (slot >= SM_OP_COUNT)
    return g_strdup_printf("a %s has no %s operation", sm_kind_name(cell->alg->kind),
                           sm_op_name(cell->op));
  if (sm_impl_op(impl, slot) == NULL && cell->op == SM_OP_SETUP)
    return g_strdup_printf("setup is measured on a %s context, and %s is not offered at this API "
                           "level",
                           sm_op_name(slot), sm_op_name(slot));
  if (sm_impl_op(impl, slot) == NULL)
    return g_strdup_printf("%s is not offered at this API level", sm_op_name(cell->op));
  if (cell->threads > 1 && cell->engine->desc->threads_unsafe != NULL)
    return g_strdup_printf("%s cannot run concurrent contexts: %s", cell->engine->desc->library,
                           cell->engine->desc->threads_unsafe);
  if (cell->alg->unit > 1 && cell->block_size % cell->alg->unit != 0)
    return g_strdup_printf("block size %u is not a multiple of the %u-byte block", cell->block_size,
                           cell->alg->unit);
  return NULL;
}

/* A per-message cell times a context made, used once and released: setup alone is already that
 * without the use, and keygen makes no context to reuse. */
static bool has_per_message(SmOp op) { return op != SM_OP_SETUP && op != SM_OP_KEYGEN; }

/* Cells that differ only in engine share a slot: measured back to back, so that a slow phase of
 * the machine hits every engine of the slot alike. */

GPtrArray *sm_plan_build(const SmSettings *settings, SmRegistry *registry, GError **error)
{
  g_autoptr(GPtrArray) engines = select_engines(settings, registry, error);
  if (engines == NULL)
    return NULL;
  GPtrArray *cells = g_ptr_array_new_with_free_func((GDestroyNotify)sm_cell_free);
  for (guint e = 0; e < engines->len; e++) {
    const char *name = engines->pdata[e];
    SmLoadedEngine *engine = (SmLoadedEngine *)sm_registry_find(registry, name);
    if (engine != NULL)
      name = engine->desc->name; /* outlives the settings */
    else
      for (unsigned k = 0; sm_known_engines[k] != NULL; k++)
        if (strcmp(sm_known_engines[k], name) == 0)
          name = sm_known_engines[k];
    for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++) {
      if (!algorithm_selected(settings, info))
        continue;
      SmOp ops[SM_OP_COUNT];
      unsigned op_count = sm_kind_ops(info->kind, ops);
      for (unsigned api = 0; api < SM_API_LEVELS; api++) {
        if (!settings->api[api])
          continue;
        for (unsigned o = 0; o < op_count; o++) {
          if (!settings->operations[ops[o]])
            continue;
          guint one_size[] = {0};
          /* A set-up has no message size: one cell, block_size 0, as signatures have. */
          bool sized = sm_kind_is_bulk(info->kind) && ops[o] != SM_OP_SETUP;
          const guint *sizes = sized ? (const guint *)settings->sizes->data : one_size;
          guint size_count = sized ? settings->sizes->len : 1;
          /* Signatures whose cost depends on the message (ML-DSA, SLH-DSA): a cell per size. */
          if (info->message_sizes && (ops[o] == SM_OP_SIGN || ops[o] == SM_OP_VERIFY)) {
            sizes = sm_sign_message_sizes;
            size_count = SM_SIGN_MESSAGE_SIZE_COUNT;
          }
          for (guint s = 0; s < size_count; s++)
            for (unsigned accel = 0; accel < 2; accel++) {
              if (!settings->accel[accel])
                continue;
              for (guint w = 0; w < settings->parallel->len; w++)
                for (guint t = 0; t < settings->threads->len; t++)
                  for (unsigned context = 0; context < 2; context++) {
                    if (!settings->context[context] || (context && !has_per_message(ops[o])))
                      continue;
                    guint workers = g_array_index(settings->parallel, guint, w);
                    SmCell *cell = new_cell(name, engine, info, ops[o], (SmApi)api, sizes[s]);
                    cell->accel = (SmAccel)accel;
                    cell->parallel = workers ? workers : (unsigned)g_get_num_processors();
                    cell->threads = g_array_index(settings->threads, guint, t);
                    cell->per_message = context;
                    cell->reason = static_reason(cell, registry);
                    if (cell->reason != NULL)
                      /* a plugin that is there but will not load is a fault, not an absence */
                      cell->status = sm_registry_refusal(registry, name) != NULL
                                         ? SM_STATUS_ERROR
                                         : SM_STATUS_UNSUPPORTED;
                    g_ptr_array_add(cells, cell);
                  }
            }
        }
      }
    }
  }
  return cells;
}
