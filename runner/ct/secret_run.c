#include "ct/secret_run.h"

#include "cell/call.h"
#include "cell/inputs.h"
#include "ct/memcheck_xml.h"

#include <string.h>

#if SM_HAVE_VALGRIND_H
#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>
#else
/* Built without valgrind's headers: the requests do nothing, and ct says so (sm_ct_can_mark). */
#define VALGRIND_MAKE_MEM_UNDEFINED(addr, len) ((void)(addr), (void)(len))
#define VALGRIND_MAKE_MEM_DEFINED(addr, len) ((void)(addr), (void)(len))
#define VALGRIND_PRINTF(...) ((void)0)
#endif

bool sm_ct_can_mark(void) { return SM_HAVE_VALGRIND_H; }

void sm_ct_run_result_clear(SmCtRunResult *result)
{
  g_free(result->detail);
  g_free(result->impl);
  *result = (SmCtRunResult){0};
}

const char *sm_ct_nothing_secret(const SmCell *cell, const SmCtOptions *options)
{
  if (cell->op == SM_OP_VERIFY)
    return "verify has no secret input (the key, message and signature are public)";
  if (cell->alg->kind == SM_KIND_DIGEST && !options->secret_data)
    return "a digest has no key: nothing secret unless the message is (--secret-data)";
  return NULL;
}

static void mark_secret(SmBytes bytes)
{
  if (bytes.len > 0)
    VALGRIND_MAKE_MEM_UNDEFINED(bytes.data, bytes.len);
}

/* Keys and private keys: always secret. The peer's private value of a key exchange is not ours
 * (the engine derives the peer's public value from it, which is public). */
static void mark_secrets(SmParams *params)
{
  const SmBytes secrets[] = {params->key,    params->priv,     params->rsa.d,
                             params->rsa.p,  params->rsa.q,    params->rsa.dp,
                             params->rsa.dq, params->rsa.qinv, params->dsa.x};
  for (size_t i = 0; i < G_N_ELEMENTS(secrets); i++)
    mark_secret(secrets[i]);
}

/* Outputs that leave the party by design (ciphertext, tag, signature): their bytes are made
 * defined before anything reads them, so that only the work on secrets counts. A decryption's
 * plaintext and a shared secret stay secret. */
static bool output_is_public(SmOp slot)
{
  return slot == SM_OP_ENCRYPT || slot == SM_OP_MAC || slot == SM_OP_SIGN;
}

/* The operation's input: the message, or for decrypt a ciphertext made (unmarked) by the same
 * engine first. False with `detail` when it cannot be made. */
static bool make_input(const SmCell *cell, SmInputs *inputs, GByteArray *input, char **detail)
{
  bool sized = sm_kind_is_bulk(cell->alg->kind) && cell->op != SM_OP_SETUP;
  size_t len = cell->alg->kind == SM_KIND_KEX ? 0 : sized ? cell->block_size : inputs->data->len;
  SmBytes plain = {inputs->data->data, len};
  if (cell->op != SM_OP_DECRYPT) {
    g_byte_array_append(input, plain.data, (guint)plain.len);
    return true;
  }
  const SmImpl *producer = sm_cell_impl_for(cell, SM_OP_ENCRYPT);
  SmCallStatus status =
      producer == NULL ? (SmCallStatus){.result = SM_FAILED}
                       : sm_call(producer, &inputs->params, SM_OP_ENCRYPT, &plain, 1, NULL, input);
  if (status.result != SM_OK)
    *detail = g_strdup_printf("preparing the ciphertext failed: %s", status.message);
  return status.result == SM_OK;
}

static void fail(SmCtRunResult *result, SmResult code, char *detail)
{
  result->outcome = SM_CT_FAILED;
  result->status = code == SM_UNSUPPORTED ? SM_STATUS_UNSUPPORTED : SM_STATUS_ERROR;
  result->detail = detail;
}

void sm_ct_run_cell(const SmCell *cell, const SmCtOptions *options, SmCtRunResult *result)
{
  *result = (SmCtRunResult){.outcome = SM_CT_RAN};
  if (sm_engine_init(cell->engine, cell->accel) != SM_OK) {
    fail(result, cell->engine->init_result,
         g_strdup_printf("engine init: %s", cell->engine->init_message));
    return;
  }
  g_autoptr(SmInputs) inputs = sm_inputs_new(cell->alg, options->seed, MAX(cell->block_size, 64u));
  g_autoptr(GByteArray) input = g_byte_array_new();
  char *detail = NULL;
  if (!make_input(cell, inputs, input, &detail)) {
    fail(result, SM_FAILED, detail);
    return;
  }
  const SmImpl *impl = sm_algorithm_level(cell->impl, cell->api);
  SmOp slot = sm_op_slot(cell->alg->kind, cell->op);
  SmParams params = inputs->params;
  params.op = slot;
  params.max_len = MAX(input->len, 1u);
  size_t capacity = sm_output_capacity(input->len);
  g_autofree uint8_t *output = g_malloc0(capacity);

  mark_secrets(&params);
  if (options->secret_data && cell->op != SM_OP_DECRYPT)
    mark_secret((SmBytes){input->data, input->len});
  VALGRIND_PRINTF("%s", sm_ct_phase_marker(SM_CT_PHASE_SETUP));
  void *state = NULL;
  char message[256] = "";
  SmResult setup = sm_impl_setup(impl, &params, &state, message, sizeof message);
  VALGRIND_MAKE_MEM_DEFINED(&setup, sizeof setup);
  if (setup != SM_OK) {
    VALGRIND_MAKE_MEM_DEFINED(message, sizeof message);
    fail(result, setup, g_strdup_printf("setup: %s", message));
    return;
  }
  VALGRIND_PRINTF("%s", sm_ct_phase_marker(SM_CT_PHASE_OP));
  SmResult done = SM_OK;
  for (unsigned i = 0; i < MAX(options->reps, 1u) && done == SM_OK; i++) {
    SmIo io = {.in = input->len ? input->data : NULL,
               .in_len = input->len,
               .out = output,
               .out_len = capacity};
    done = impl->op[slot](state, &io);
    /* Whether it worked and how long the output is are public by design, whatever made them. */
    VALGRIND_MAKE_MEM_DEFINED(&done, sizeof done);
    VALGRIND_MAKE_MEM_DEFINED(&io.out_len, sizeof io.out_len);
    if (output_is_public(slot) && done == SM_OK)
      VALGRIND_MAKE_MEM_DEFINED(output, MIN(io.out_len, capacity));
  }
  VALGRIND_PRINTF("%s", sm_ct_phase_marker(SM_CT_PHASE_AFTER));
  if (done != SM_OK)
    fail(result, SM_FAILED, g_strdup_printf("the %s failed", sm_op_name(cell->op)));
  const char *name = impl->impl_name != NULL ? impl->impl_name(&params, state) : NULL;
  if (name != NULL && name[0] != '\0') {
    result->impl = g_strdup(name);
    VALGRIND_MAKE_MEM_DEFINED(result->impl, strlen(result->impl) + 1);
  }
  impl->teardown(state);
}
