#include "execute.h"

#include "call.h"
#include "inputs.h"
#include "measure.h"
#include "verify.h"

#include <string.h>

static SmRow *finish(SmRow *row, SmStatus status, char *detail)
{
  row->status = status;
  g_free(row->detail);
  row->detail = detail;
  return row;
}

/* Any level of the engine that offers `op` for the cell's algorithm, the cell's own first. */
static const SmImpl *impl_for(const SmCell *cell, SmOp op)
{
  const SmImpl *own = cell->impl->impl[cell->api];
  if (own != NULL && own->op[op] != NULL)
    return own;
  for (unsigned api = 0; api < SM_API_COUNT; api++)
    if (cell->impl->impl[api] != NULL && cell->impl->impl[api]->op[op] != NULL)
      return cell->impl->impl[api];
  return NULL;
}

/* The input the timed op consumes: plaintext, ciphertext (for decrypt), message; and the
 * signature for verify. Produced with the same engine, untimed. */
static bool prepare_input(const SmCell *cell, SmInputs *inputs, GByteArray *input,
                          GByteArray *aux, char **detail)
{
  size_t len = sm_kind_is_bulk(cell->alg->kind) ? cell->block_size : inputs->data->len;
  if (cell->alg->kind == SM_KIND_KEX)
    len = 0;
  SmBytes plain = {inputs->data->data, len};
  SmOp producer = cell->op == SM_OP_DECRYPT ? SM_OP_ENCRYPT
                  : cell->op == SM_OP_VERIFY ? SM_OP_SIGN
                                             : SM_OP_COUNT;
  if (producer == SM_OP_COUNT) {
    g_byte_array_append(input, plain.data, (guint)plain.len);
    return true;
  }
  const SmImpl *impl = impl_for(cell, producer);
  if (impl == NULL) {
    *detail = g_strdup_printf("no %s at any level to prepare the input", sm_op_name(producer));
    return false;
  }
  GByteArray *target = cell->op == SM_OP_VERIFY ? aux : input;
  SmCallStatus status = sm_call(impl, &inputs->params, producer, &plain, 1, NULL, target);
  if (status.result != SM_OK) {
    *detail = g_strdup_printf("preparing the input failed: %s", status.message);
    return false;
  }
  if (cell->op == SM_OP_VERIFY)
    g_byte_array_append(input, plain.data, (guint)plain.len);
  return true;
}

SmRow *sm_execute_cell(SmCell *cell, const SmRunContext *context)
{
  SmRow *row = sm_row_new(cell, context->host, context->cpu_model, context->seed);
  if (cell->status != SM_STATUS_PENDING)
    return row;
  if (sm_engine_init(cell->engine, cell->accel) != SM_OK)
    return finish(row,
                  cell->engine->init_result == SM_UNSUPPORTED ? SM_STATUS_UNSUPPORTED
                                                              : SM_STATUS_ERROR,
                  g_strdup_printf("engine init: %s", cell->engine->init_message));

  size_t max_len = MAX(cell->block_size, 64u);
  g_autoptr(SmInputs) inputs = sm_inputs_new(cell->alg, context->seed, max_len);
  char *detail = NULL;
  SmStatus verdict = sm_verify_cell(cell, inputs, &detail);
  if (verdict != SM_STATUS_OK)
    return finish(row, verdict, detail);
  g_free(detail);

  g_autoptr(GByteArray) input = g_byte_array_new();
  g_autoptr(GByteArray) aux = g_byte_array_new();
  if (!prepare_input(cell, inputs, input, aux, &detail))
    return finish(row, SM_STATUS_ERROR, detail);

  const SmImpl *impl = cell->impl->impl[cell->api];
  SmParams params = inputs->params;
  params.op = cell->op;
  params.max_len = MAX(input->len, 1u);
  void *state = NULL;
  char message[256] = "";
  SmResult result = impl->setup(&params, &state, message, sizeof message);
  if (result != SM_OK)
    return finish(row, result == SM_UNSUPPORTED ? SM_STATUS_UNSUPPORTED : SM_STATUS_ERROR,
                  g_strdup(message));

  size_t capacity = sm_output_capacity(input->len);
  g_autofree uint8_t *output = g_malloc0(capacity);
  SmIo io = {
      .in = input->len ? input->data : NULL,
      .in_len = input->len,
      .aux = aux->len ? aux->data : NULL,
      .aux_len = aux->len,
      .out = output,
      .out_len = capacity,
  };
  SmMeasureConfig config = {.time = context->time, .samples = context->samples};
  SmMeasurement m = {0};
  char *error = NULL;
  bool measured = sm_measure(impl->op[cell->op], state, &io, &config, &m, &error);
  impl->teardown(state);
  if (!measured) {
    sm_measurement_clear(&m);
    return finish(row, SM_STATUS_ERROR, error);
  }
  row->stats = m.stats;
  row->ops_per_sec = m.stats.median;
  row->bytes_per_sec = m.stats.median * cell->block_size;
  sm_measurement_clear(&m);
  return finish(row, SM_STATUS_OK, NULL);
}
