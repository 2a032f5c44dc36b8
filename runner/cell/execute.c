#include "cell/execute.h"

#include "cell/allocs.h"
#include "cell/call.h"
#include "cell/inputs.h"
#include "cell/prepared.h"
#include "cell/threads.h"
#include "cell/verify.h"
#include "core/util.h"

#include <string.h>

SmResult sm_setup_cycle(void *data, SmIo *io)
{
  SmSetupCycle *cycle = data;
  void *state = NULL;
  SmResult result =
      cycle->impl->setup(&cycle->params, &state, cycle->message, sizeof cycle->message);
  if (result != SM_OK)
    return result;
  if (cycle->op != NULL)
    result = cycle->op(state, io);
  cycle->impl->teardown(state);
  return result;
}

void sm_cell_result_clear(SmCellResult *result)
{
  g_free(result->detail);
  g_free(result->accel_detail);
  g_free(result->impl);
  g_free(result->library_path);
  g_free(result->library_version);
  if (result->samples != NULL)
    g_array_unref(result->samples);
  *result = (SmCellResult){0};
}

void sm_cell_result_free(SmCellResult *result)
{
  if (result == NULL)
    return;
  sm_cell_result_clear(result);
  g_free(result);
}

static void set_result(SmCellResult *result, SmStatus status, char *detail)
{
  result->status = status;
  g_free(result->detail);
  result->detail = detail;
}

/* encaps takes m, or nothing where the engine cannot take m (its library draws it: *drew_m);
 * decaps takes the ciphertext of such an encaps by the same engine, untimed. */
static bool prepare_kem_input(const SmCell *cell, SmInputs *inputs, GByteArray *input, bool *drew_m,
                              char **detail)
{
  const SmAlgInfo *alg = cell->alg;
  const SmImpl *impl = sm_cell_impl_for(cell, SM_OP_ENCAPS);
  if (impl == NULL) {
    *detail = g_strdup("no encaps at any level to prepare the input");
    return false;
  }
  g_autoptr(GByteArray) sent = g_byte_array_new();
  SmCallStatus status = sm_kem_encaps(impl, alg, &inputs->params, inputs->data->data, sent, drew_m);
  if (status.result != SM_OK) {
    *detail = g_strdup_printf("preparing the input failed: %s", status.message);
    return false;
  }
  if (cell->op == SM_OP_ENCAPS) {
    g_byte_array_append(input, inputs->data->data, *drew_m ? 0 : sm_kem_randomness_len(alg));
    return true;
  }
  if (sent->len != alg->ciphertext_bytes + alg->secret_len) {
    *detail = g_strdup_printf("preparing the input: encaps gave %u bytes, not %u", sent->len,
                              alg->ciphertext_bytes + alg->secret_len);
    return false;
  }
  g_byte_array_append(input, sent->data, alg->ciphertext_bytes); /* c || K: decaps takes c */
  return true;
}

/* The input the timed op consumes: plaintext, ciphertext (for decrypt), message; and the
 * signature for verify. Produced with the same engine, untimed. */
static bool prepare_input(const SmCell *cell, SmInputs *inputs, GByteArray *input, GByteArray *aux,
                          char **detail)
{
  /* A setup cell's context works on the whole generated message (64 bytes). */
  bool sized = (sm_kind_is_bulk(cell->alg->kind) && cell->op != SM_OP_SETUP) ||
               (cell->alg->message_sizes && cell->block_size > 0);
  size_t len = sized ? cell->block_size : inputs->data->len;
  if (cell->alg->kind == SM_KIND_KEX || cell->op == SM_OP_KEYGEN)
    len = 0;
  SmBytes plain = {inputs->data->data, len};
  SmOp producer = cell->op == SM_OP_DECRYPT  ? SM_OP_ENCRYPT
                  : cell->op == SM_OP_VERIFY ? SM_OP_SIGN
                                             : SM_OP_COUNT;
  if (producer == SM_OP_COUNT) {
    g_byte_array_append(input, plain.data, (guint)plain.len);
    return true;
  }
  const SmImpl *impl = sm_cell_impl_for(cell, producer);
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

void sm_prepared_free(SmPrepared *p)
{
  if (p == NULL)
    return;
  if (p->state != NULL)
    p->impl->teardown(p->state);
  sm_inputs_free(p->inputs);
  if (p->input != NULL)
    g_byte_array_unref(p->input);
  if (p->aux != NULL)
    g_byte_array_unref(p->aux);
  g_free(p->output);
  g_free(p->cycle);
  if (p->reference != NULL)
    g_byte_array_unref(p->reference);
  if (p->peer_pub != NULL)
    g_byte_array_unref(p->peer_pub);
  g_free(p);
}

/* A per-message derive parses the peer's raw public key, as a product does per handshake,
 * instead of computing it from the peer's private value in every set-up: the public key is
 * made once here, untimed, by a keygen of the engine. False when no level has keygen (the
 * set-up then computes it, and the row says so). */
static bool give_peer_public(SmPrepared *p, SmParams *params)
{
  const SmImpl *keygen = sm_cell_impl_for(p->cell, SM_OP_KEYGEN);
  if (keygen == NULL || params->peer_priv.len == 0)
    return false;
  SmParams peer = *params;
  peer.op = SM_OP_KEYGEN;
  peer.key_seed = params->peer_priv;
  SmBytes none = {NULL, 0};
  p->peer_pub = g_byte_array_new();
  if (sm_call(keygen, &peer, SM_OP_KEYGEN, &none, 1, NULL, p->peer_pub).result != SM_OK ||
      p->peer_pub->len == 0) {
    g_clear_pointer(&p->peer_pub, g_byte_array_unref);
    return false;
  }
  params->peer_pub = (SmBytes){p->peer_pub->data, p->peer_pub->len};
  return true;
}

/* The cell's context: set up once, counting what it keeps (context_bytes), and asked which
 * implementation it runs. False with the result set when setup fails. */
static bool setup_state(SmPrepared *p, SmCellResult *result)
{
  SmParams params = p->inputs->params;
  params.op = p->slot;
  params.max_len = MAX(p->input->len, 1u);
  p->peer_computed =
      p->cell->per_message && p->cell->alg->kind == SM_KIND_KEX && !give_peer_public(p, &params);
  char message[256] = "";
  bool count = sm_allocs_enabled();
  if (count)
    sm_allocs_begin(true);
  SmResult setup = sm_impl_setup(p->impl, &params, &p->state, message, sizeof message);
  SmAllocCounts counts = count ? sm_allocs_end() : (SmAllocCounts){0};
  if (setup != SM_OK) {
    p->state = NULL;
    set_result(result, setup == SM_UNSUPPORTED ? SM_STATUS_UNSUPPORTED : SM_STATUS_ERROR,
               g_strdup(message));
    return false;
  }
  result->has_context_bytes = count && counts.live_known;
  result->context_bytes = counts.live_bytes;
  const char *impl = p->impl->impl_name != NULL ? p->impl->impl_name(&params, p->state) : NULL;
  if (impl != NULL && impl[0] != '\0')
    result->impl = g_strdup(impl);
  p->params = params;
  if (p->cell->op == SM_OP_SETUP || p->cell->per_message) {
    p->cycle = g_new0(SmSetupCycle, 1);
    p->cycle->impl = p->impl;
    p->cycle->params = params;
    p->cycle->op = p->cell->per_message ? sm_impl_op(p->impl, p->slot) : NULL;
  }
  return true;
}

/* The timed call: the cell's operation on its context, or for setup and per-message cells a
 * context built (and used) and torn down, after the first context's output is kept as the
 * reference. */
static bool prepare_timed_op(SmPrepared *p, SmCellResult *result)
{
  size_t capacity = sm_output_capacity(p->input->len);
  p->output = g_malloc0(capacity);
  p->io = (SmIo){
      .in = p->input->len ? p->input->data : NULL,
      .in_len = p->input->len,
      .aux = p->aux->len ? p->aux->data : NULL,
      .aux_len = p->aux->len,
      .out = p->output,
      .out_len = capacity,
  };
  p->op = (SmTimedOp){.fn = sm_impl_op(p->impl, p->slot), .state = p->state, .io = &p->io};
  /* Threads check their own contexts against this first output (cell/threads.h). */
  if (p->cycle == NULL && p->cell->threads <= 1)
    return true;
  if (sm_impl_op(p->impl, p->slot)(p->state, &p->io) != SM_OK) {
    set_result(result, SM_STATUS_ERROR,
               g_strdup_printf("the set-up context failed to %s", sm_op_name(p->slot)));
    return false;
  }
  p->reference = g_byte_array_new();
  /* verify has no output: whatever out_len an engine leaves there is not data (as sm_call) */
  if (p->slot != SM_OP_VERIFY)
    g_byte_array_append(p->reference, p->io.out, (guint)MIN(p->io.out_len, capacity));
  p->io.out_len = capacity;
  if (p->cycle == NULL)
    return true;
  p->op = (SmTimedOp){.fn = sm_setup_cycle, .state = p->cycle, .io = &p->io};
  return true;
}

SmPrepared *sm_cell_prepare(const SmCell *cell, const SmRunContext *context, SmCellResult *result)
{
  *result = (SmCellResult){.status = cell->status, .detail = g_strdup(cell->reason)};
  if (cell->status != SM_STATUS_PENDING)
    return NULL;
  SmResult init = sm_engine_init(cell->engine, cell->accel);
  result->accel_detail = g_strdup(cell->engine->init_message);
  result->library_path = sm_engine_library_path(cell->engine);
  result->library_version = g_strdup(cell->engine->desc->library_version());
  if (init != SM_OK) {
    set_result(result, init == SM_UNSUPPORTED ? SM_STATUS_UNSUPPORTED : SM_STATUS_ERROR,
               g_strdup_printf("engine init: %s", cell->engine->init_message));
    return NULL;
  }
  g_autoptr(SmInputs) inputs = sm_inputs_new(cell->alg, context->seed, MAX(cell->block_size, 64u));
  char *detail = NULL;
  SmStatus verdict = sm_verify_cell(cell, inputs, &detail);
  if (verdict != SM_STATUS_OK) {
    set_result(result, verdict, detail);
    return NULL;
  }
  g_free(detail);

  SmPrepared *p = g_new0(SmPrepared, 1);
  p->cell = cell;
  p->inputs = g_steal_pointer(&inputs);
  p->input = g_byte_array_new();
  p->aux = g_byte_array_new();
  p->impl = sm_algorithm_level(cell->impl, cell->api);
  p->slot = sm_op_slot(cell->alg->kind, cell->op);
  bool kem = cell->op == SM_OP_ENCAPS || cell->op == SM_OP_DECAPS;
  if (kem ? !prepare_kem_input(cell, p->inputs, p->input, &p->drew_m, &detail)
          : !prepare_input(cell, p->inputs, p->input, p->aux, &detail)) {
    set_result(result, SM_STATUS_ERROR, detail);
    sm_prepared_free(p);
    return NULL;
  }
  if (!setup_state(p, result) || !prepare_timed_op(p, result)) {
    sm_prepared_free(p);
    return NULL;
  }
  char *error = NULL;
  if (!sm_calibrate(&p->op, &context->measure, &error)) {
    set_result(result, SM_STATUS_ERROR, error);
    sm_prepared_free(p);
    return NULL;
  }
  return p;
}

SmPreparedCalls sm_prepared_calls(SmPrepared *p)
{
  if (p->cycle != NULL)
    return (SmPreparedCalls){.impl = p->impl,
                             .op = p->cycle->op,
                             .io = &p->io,
                             .cycle = true,
                             .params = &p->cycle->params};
  return (SmPreparedCalls){
      .impl = p->impl, .op = p->op.fn, .state = p->state, .io = &p->io, .params = &p->params};
}

bool sm_prepared_output_agrees(const SmPrepared *p, const uint8_t *out, size_t out_len)
{
  if (p->slot == SM_OP_VERIFY)
    return true; /* no output: the call's SM_OK, which the caller checked, is the answer */
  if (out_len == p->reference->len && memcmp(out, p->reference->data, out_len) == 0)
    return true;
  const SmAlgInfo *alg = p->cell->alg;
  bool drawn = p->drew_m || (p->slot == SM_OP_KEYGEN && p->params.key_seed.len == 0);
  if (drawn)
    return out_len == p->reference->len;
  if (alg->kind != SM_KIND_SIGNATURE || alg->deterministic || p->slot != SM_OP_SIGN)
    return false;
  const SmImpl *verifier = sm_cell_impl_for(p->cell, SM_OP_VERIFY);
  SmBytes input = {p->input->data, p->input->len};
  SmBytes signature = {out, out_len};
  g_autoptr(GByteArray) none = g_byte_array_new();
  return verifier != NULL &&
         sm_call(verifier, &p->params, SM_OP_VERIFY, &input, 1, &signature, none).result == SM_OK;
}

/* The context the timed loop builds must do the verified work: one more, built the same way
 * after every timed one, gives the first context's output (or, for a signature that draws a
 * nonce, a signature that verifies). */
static bool check_built_context(SmPrepared *p, char **detail)
{
  SmBytes input = {p->input->data, p->input->len};
  SmBytes aux = {p->aux->data, p->aux->len}; /* verify's signature, decrypt's tag */
  g_autoptr(GByteArray) built = g_byte_array_new();
  SmCallStatus status =
      sm_call(p->impl, &p->cycle->params, p->slot, &input, 1, p->aux->len ? &aux : NULL, built);
  bool same = status.result == SM_OK && sm_prepared_output_agrees(p, built->data, built->len);
  if (!same)
    *detail = g_strdup_printf("a context built as the timed loop builds it does not %s as the "
                              "verified one does",
                              sm_op_name(p->slot));
  return same;
}

/* Operations in the batch whose allocations are counted: a sample's, up to this many (a
 * library's per-operation allocations repeat every operation; more only costs time). */
#define COUNTED_OPS_MAX 1024u

/* One untimed batch after the samples, with allocations counted: counting cannot touch the
 * figures, and the library is in its steady state by then. */
static void count_allocations(SmPrepared *p, SmCellResult *result)
{
  if (!sm_allocs_enabled())
    return;
  guint64 ops = CLAMP(p->op.ops_per_sample, 1u, COUNTED_OPS_MAX);
  sm_allocs_begin(false);
  bool ok = sm_run_untimed(&p->op, ops);
  SmAllocCounts counts = sm_allocs_end();
  if (!ok)
    return;
  result->counted_ops = ops;
  result->allocs = counts.allocs;
  result->alloc_bytes = counts.bytes;
}

/* An ok row's detail where its work is not the deterministic one the others measure. */
static const char *drew_m_note(SmOp op)
{
  return op == SM_OP_ENCAPS
             ? "m drawn by the library (it takes no FIPS 203 m): not deterministic"
             : "decaps of a ciphertext whose m was drawn by the library (its encaps takes no "
               "FIPS 203 m): not deterministic";
}

char *sm_prepared_ok_note(const SmPrepared *p)
{
  if (p->drew_m)
    return g_strdup(drew_m_note(p->cell->op));
  if (p->peer_computed)
    return g_strdup("the engine has no keygen to make the peer's public key once: each set-up "
                    "computes it from the peer's private value");
  return NULL;
}

void sm_cell_sample(SmPrepared *p, const SmRunContext *context, SmCellResult *result)
{
  if (p->cell->threads > 1) {
    sm_cell_sample_threads(p, p->cell->threads, context, result);
    return;
  }
  SmMeasurement m = {0};
  char *error = NULL;
  SmProbe probe = {0};
  sm_probe_measure(&probe, 2);
  bool measured = sm_sample(&p->op, &context->measure, &m, &error);
  if (!measured) {
    set_result(result, SM_STATUS_ERROR, error);
  } else {
    result->stats = m.stats;
    result->samples = g_array_ref(m.ops_per_sec);
    result->budget_hit = m.budget_hit;
    result->ops_per_sample = m.ops_per_sample;
    /* The clock right after the samples, while the core is still at its working speed. */
    result->clock_hz = sm_measure_clock_hz(0.0004);
    sm_probe_measure(&probe, 2);
    result->probe = probe;
    set_result(result, SM_STATUS_OK, sm_prepared_ok_note(p));
    count_allocations(p, result);
    result->has_lock_waits = p->cycle == NULL && p->impl->lock_waits != NULL;
    if (result->has_lock_waits)
      result->lock_waits = p->impl->lock_waits(p->state);
    char *detail = NULL;
    if (p->cycle != NULL && !check_built_context(p, &detail))
      set_result(result, SM_STATUS_KAT_FAILED, detail);
  }
  sm_measurement_clear(&m);
}

void sm_row_set_costs(SmRow *row, const SmCellResult *result)
{
  g_free(row->impl);
  row->impl = g_strdup(result->impl);
  row->has_allocs = result->counted_ops > 0;
  if (row->has_allocs) {
    row->allocs_per_op = (double)result->allocs / (double)result->counted_ops;
    row->alloc_bytes_per_op = (double)result->alloc_bytes / (double)result->counted_ops;
  }
  row->has_context_bytes = result->has_context_bytes;
  row->context_bytes = result->context_bytes;
  row->has_lock_waits = result->has_lock_waits;
  row->lock_waits = result->lock_waits;
  g_free(row->library_path);
  row->library_path = g_strdup(result->library_path);
  g_free(row->library_version);
  row->library_version = g_strdup(result->library_version);
}

SmRow *sm_row_from_results(const SmCell *cell, const SmRunContext *context,
                           const SmCellResult *results, unsigned count, const SmCellResult *single)
{
  SmRow *row = sm_cell_row_new(cell, context->host, context->cpu_model, context->seed);
  row->status = results[0].status;
  for (unsigned i = 0; i < count; i++)
    if (results[i].status != SM_STATUS_OK) {
      row->status = results[i].status;
      g_free(row->detail);
      row->detail = g_strdup(results[i].detail);
      break;
    }
  if (row->status == SM_STATUS_PENDING) {
    row->status = SM_STATUS_ERROR;
    g_free(row->detail);
    row->detail = g_strdup("no result");
  }
  if (results[0].accel_detail != NULL)
    row->accel_detail = g_strdup(results[0].accel_detail);
  if (row->status != SM_STATUS_OK)
    return row;
  g_free(row->detail);
  row->detail = g_strdup(results[0].detail); /* an ok row's note: drew_m_note */
  if (row->detail == NULL && cell->threads > sm_usable_cpus())
    row->detail = g_strdup_printf("%u threads on %u usable CPUs: the figure measures the "
                                  "scheduler too",
                                  cell->threads, sm_usable_cpus());
  sm_row_set_costs(row, &results[0]);
  /* One worker: its statistics. Several: the sum of their medians (as openssl speed -multi
   * adds its children's figures); spread, min and max are the workers' worst. */
  row->stats = results[0].stats;
  double sum = 0, clock = 0;
  for (unsigned i = 0; i < count; i++) {
    const SmStats *s = &results[i].stats;
    sum += s->median;
    row->budget_hit |= results[i].budget_hit;
    clock += results[i].clock_hz / count;
    if (i > 0) {
      row->stats.count = MIN(row->stats.count, s->count);
      row->stats.cv = MAX(row->stats.cv, s->cv);
      row->stats.outliers += s->outliers;
      row->stats.min = MIN(row->stats.min, s->min);
      row->stats.max = MAX(row->stats.max, s->max);
      /* relative MAD of the worst worker, kept relative to the sum */
      double rel = s->median > 0 ? s->mad / s->median : 0;
      double rel0 = row->stats.median > 0 ? row->stats.mad / row->stats.median : 0;
      row->stats.mad = MAX(rel, rel0) * row->stats.median;
    }
  }
  if (count > 1) {
    double rel = row->stats.median > 0 ? row->stats.mad / row->stats.median : 0;
    row->stats.median = sum;
    row->stats.mad = rel * sum;
  }
  row->ops_per_sec = sum;
  row->bytes_per_sec = sum * cell->block_size;
  /* A worker of the efficiency is a process or a thread: either runs one context at a time. */
  unsigned workers = count * MAX(cell->threads, 1u);
  row->per_worker_ops_per_sec = sum / workers;
  if (single != NULL && single->status == SM_STATUS_OK && single->stats.median > 0) {
    row->single_ops_per_sec = single->stats.median;
    row->scaling_efficiency = sum / (workers * single->stats.median);
  }
  for (unsigned i = 1; i < count; i++)
    row->lock_waits += results[i].lock_waits;
  if (clock > 0) {
    double per_worker = sum / workers;
    row->cycles_per_op = clock / per_worker;
    row->cycles_per_byte = cell->block_size > 0 ? row->cycles_per_op / cell->block_size : 0;
    row->cycles_source =
        g_strdup_printf("clock measured by a dependent-add chain: %.0f MHz", clock / 1e6);
  }
  return row;
}
