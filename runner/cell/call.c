#include "cell/call.h"

#include <string.h>

size_t sm_output_capacity(size_t in_len)
{
  /* tags, digests, keys and signatures: up to SLH-DSA-128f's 17088 bytes, with room */
  return in_len + 20480;
}

/* Bytes after the output capacity that no engine may touch (SUPERCOP's try.c keeps such guards
 * around every output). */
#define GUARD_BYTES 64

static uint8_t guard_byte(size_t i) { return (uint8_t)(0xa5 ^ (i * 0x3b)); }

static void fill_guard(uint8_t *buffer, size_t from, size_t to)
{
  for (size_t i = from; i < to; i++)
    buffer[i] = guard_byte(i);
}

/* The first byte from `from` to `to` that is no longer the guard pattern, or `to`. */
static size_t first_changed(const uint8_t *buffer, size_t from, size_t to)
{
  for (size_t i = from; i < to; i++)
    if (buffer[i] != guard_byte(i))
      return i;
  return to;
}

/* After a call: the reported length fits the buffer, and nothing past it changed (everything
 * after the output was filled with the guard pattern before the call). For verify, which has no
 * output, only the guard bytes after the capacity are checked. */
static bool output_within_bounds(const SmIo *io, SmOp op, const uint8_t *buffer, size_t capacity,
                                 SmCallStatus *status)
{
  if (op != SM_OP_VERIFY && io->out_len > capacity) {
    g_snprintf(status->message, sizeof status->message,
               "reported %zu output bytes, more than the %zu-byte buffer", io->out_len, capacity);
    return false;
  }
  size_t from = op == SM_OP_VERIFY ? capacity : io->out_len;
  size_t changed = first_changed(buffer, from, capacity + GUARD_BYTES);
  if (changed == capacity + GUARD_BYTES)
    return true;
  g_snprintf(status->message, sizeof status->message,
             "wrote past the end of its output: byte %zu changed, after the %zu bytes it reported "
             "(buffer of %zu)",
             changed, from, capacity);
  return false;
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
  size_t capacity = sm_output_capacity(max_len);
  g_autofree uint8_t *buffer = g_malloc(capacity + GUARD_BYTES);
  for (unsigned i = 0; i < count && status.result == SM_OK; i++) {
    SmIo io = {
        .in = inputs[i].data,
        .in_len = inputs[i].len,
        .aux = aux ? aux->data : NULL,
        .aux_len = aux ? aux->len : 0,
        .out = buffer,
        .out_len = capacity,
    };
    fill_guard(buffer, 0, capacity + GUARD_BYTES);
    status.result = sm_impl_op(impl, op)(state, &io);
    if (!output_within_bounds(&io, op, buffer, capacity, &status)) {
      status.result = SM_FAILED;
      status.overflow = true;
      break;
    }
    /* verify has no output: whatever out_len an engine leaves there is not data */
    if (status.result == SM_OK && op != SM_OP_VERIFY)
      g_byte_array_append(out, buffer, (guint)io.out_len);
    else
      g_snprintf(status.message, sizeof status.message, "%s failed",
                 op == SM_OP_VERIFY ? "verify" : "operation");
  }
  impl->teardown(state);
  return status;
}
