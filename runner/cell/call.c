#include "cell/call.h"

#include <string.h>

size_t sm_output_capacity(size_t in_len)
{
  return in_len + 1024; /* tags, digests and signatures up to RSA-4096 and beyond */
}

SmResult sm_impl_setup(const SmImpl *impl, SmParams *params, void **state, char *msg,
                       size_t msg_len)
{
  params->impl_data = impl->data;
  return impl->setup(params, state, msg, msg_len);
}

SmCallStatus sm_call(const SmImpl *impl, const SmParams *params, SmOp op, const SmBytes *inputs,
                     unsigned count, const SmBytes *aux, GByteArray *out)
{
  SmCallStatus status = {.result = SM_OK};
  SmParams local = *params;
  local.op = op;
  size_t max_len = local.max_len;
  for (unsigned i = 0; i < count; i++)
    max_len = MAX(max_len, inputs[i].len);
  local.max_len = max_len;
  void *state = NULL;
  status.result = sm_impl_setup(impl, &local, &state, status.message, sizeof status.message);
  if (status.result != SM_OK) {
    status.setup_failed = true;
    return status;
  }
  g_autofree uint8_t *buffer = g_malloc(sm_output_capacity(max_len));
  for (unsigned i = 0; i < count && status.result == SM_OK; i++) {
    SmIo io = {
        .in = inputs[i].data,
        .in_len = inputs[i].len,
        .aux = aux ? aux->data : NULL,
        .aux_len = aux ? aux->len : 0,
        .out = buffer,
        .out_len = sm_output_capacity(max_len),
    };
    status.result = impl->op[op](state, &io);
    /* verify has no output: whatever out_len an engine leaves there is not data */
    if (status.result == SM_OK && op != SM_OP_VERIFY)
      g_byte_array_append(out, buffer, (guint)MIN(io.out_len, sm_output_capacity(max_len)));
    else
      g_snprintf(status.message, sizeof status.message, "%s failed",
                 op == SM_OP_VERIFY ? "verify" : "operation");
  }
  impl->teardown(state);
  return status;
}
