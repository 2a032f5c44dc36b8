#include "cell/agree.h"

#include "cell/call.h"
#include "cell/inputs.h"
#include "core/util.h"
#include "cell/verify.h"

#include <string.h>

/* The call sizes of one agreement check: small, odd-sized for streams, and a larger block, on
 * one state so that streaming (CBC chaining, CTR position) is compared too. */
static const size_t call_sizes[] = {16, 64, 1024};
#define TOTAL_LEN (16 + 64 + 1024)

typedef struct {
  SmAgreeCallFn call;
  void *data;
} Backend;

SmCallStatus sm_agree_call_local(void *data, SmLoadedEngine *engine, const SmAlgorithm *alg,
                                 SmApi api, SmOp op, const SmInputs *inputs, const SmBytes *calls,
                                 unsigned count, const SmBytes *aux, GByteArray *out)
{
  (void)data;
  (void)engine;
  const SmImpl *impl = sm_algorithm_level(alg, api);
  if (impl->probe != NULL && impl->probe() != NULL)
    return (SmCallStatus){.result = SM_UNSUPPORTED, .setup_failed = true};
  return sm_call(impl, &inputs->params, op, calls, count, aux, out);
}

SmInputs *sm_agree_inputs(const SmAlgInfo *alg, guint64 seed)
{
  return sm_inputs_new(alg, seed, TOTAL_LEN);
}

typedef struct {
  SmLoadedEngine *engine;
  const SmAlgorithm *alg;
  SmApi api;
  GByteArray *output; /* NULL when the pair could not run (its own verify will say why) */
  bool drew_m;        /* kem encaps: it takes no m, so its library drew m */
  bool bad;
  char *why;
} Pair;

static void pair_free(Pair *pair)
{
  if (pair->output != NULL)
    g_byte_array_unref(pair->output);
  g_free(pair->why);
  g_free(pair);
}

static char *pair_name(const Pair *pair)
{
  return g_strdup_printf("%s/%s", pair->engine->desc->name, sm_api_name(pair->api));
}

static void split_calls(const uint8_t *data, SmBytes calls[G_N_ELEMENTS(call_sizes)])
{
  size_t offset = 0;
  for (size_t i = 0; i < G_N_ELEMENTS(call_sizes); i++) {
    calls[i] = (SmBytes){data + offset, call_sizes[i]};
    offset += call_sizes[i];
  }
}

/* Runs `op` of the pair over the standard calls (or once, for public-key kinds). */
static GByteArray *pair_output(const Backend *backend, const Pair *pair, const SmInputs *inputs,
                               SmOp op, const SmBytes *calls, unsigned count, const SmBytes *aux)
{
  GByteArray *out = g_byte_array_new();
  SmCallStatus status = backend->call(backend->data, pair->engine, pair->alg, pair->api, op, inputs,
                                      calls, count, aux, out);
  if (status.result != SM_OK) {
    g_byte_array_unref(out);
    return NULL;
  }
  sm_verify_corrupt(pair->engine->desc->name, pair->alg->name, out);
  return out;
}

static bool same(const GByteArray *a, const GByteArray *b)
{
  return a->len == b->len && memcmp(a->data, b->data, a->len) == 0;
}

/* Distinct engines among the pairs whose output equals `output` (all pairs when NULL). Levels
 * of one engine often share code, so they are one witness, not two. */
static guint engines_with(GPtrArray *pairs, const GByteArray *output)
{
  g_autoptr(GPtrArray) engines = g_ptr_array_new();
  for (guint i = 0; i < pairs->len; i++) {
    Pair *p = pairs->pdata[i];
    if (p->output == NULL || (output != NULL && !same(p->output, output)))
      continue;
    if (!g_ptr_array_find(engines, p->engine, NULL))
      g_ptr_array_add(engines, p->engine);
  }
  return engines->len;
}

/* Byte-identical outputs: the output that most engines give is right when a strict majority of
 * the engines give it; every pair with another output is bad. With no strict majority (two
 * engines that differ), every pair is bad: nothing says which is right. */
static guint judge_by_majority(GPtrArray *pairs)
{
  guint voters = engines_with(pairs, NULL);
  if (pairs->len < 2)
    return 0;
  Pair *best = NULL;
  guint best_votes = 0;
  for (guint i = 0; i < pairs->len; i++) {
    Pair *p = pairs->pdata[i];
    if (p->output == NULL)
      continue;
    guint votes = engines_with(pairs, p->output);
    if (votes > best_votes) {
      best = p;
      best_votes = votes;
    }
  }
  if (best == NULL)
    return 0;
  bool majority = best_votes * 2 > voters;
  guint bad = 0;
  for (guint i = 0; i < pairs->len; i++) {
    Pair *p = pairs->pdata[i];
    if (p->output == NULL || (majority && same(p->output, best->output)))
      continue;
    g_autofree char *ref = pair_name(best);
    p->bad = true;
    p->why = majority ? g_strdup_printf("output differs from that of %u of %u engines (e.g. %s) "
                                        "on the same inputs",
                                        best_votes, voters, ref)
                      : g_strdup("engines disagree on the same inputs and no output has a "
                                 "majority");
    bad++;
  }
  return bad;
}

typedef struct {
  SmOp op;
  GPtrArray *pairs;
} Group;

static void group_free(Group *group)
{
  g_ptr_array_unref(group->pairs);
  g_free(group);
}

/* Groups the plan's pending cells by (algorithm, operation) into distinct (engine, level)
 * pairs, in plan order. A setup cell joins the group of the operation its context is for: the
 * context it builds must agree as that operation's does. */
static GPtrArray *collect_groups(GPtrArray *cells, const SmAlgInfo *info)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func((GDestroyNotify)group_free);
  for (guint i = 0; i < cells->len; i++) {
    const SmCell *cell = cells->pdata[i];
    if (cell->alg != info || cell->status != SM_STATUS_PENDING)
      continue;
    if (sm_engine_init(cell->engine, cell->accel) != SM_OK)
      continue;
    SmOp op = sm_op_slot(info->kind, cell->op);
    Group *group = NULL;
    for (guint g = 0; g < groups->len && group == NULL; g++)
      if (((Group *)groups->pdata[g])->op == op)
        group = groups->pdata[g];
    if (group == NULL) {
      group = g_new0(Group, 1);
      group->op = op;
      group->pairs = g_ptr_array_new_with_free_func((GDestroyNotify)pair_free);
      g_ptr_array_add(groups, group);
    }
    bool seen = false;
    for (guint p = 0; p < group->pairs->len && !seen; p++) {
      const Pair *pair = group->pairs->pdata[p];
      seen = pair->engine == cell->engine && pair->api == cell->api;
    }
    if (!seen) {
      Pair *pair = g_new0(Pair, 1);
      pair->engine = cell->engine;
      pair->alg = cell->impl;
      pair->api = cell->api;
      g_ptr_array_add(group->pairs, pair);
    }
  }
  return groups;
}

/* Every pair that offers `op` for the algorithm anywhere in the plan's engines (any level):
 * used to produce signatures and ciphertexts for the other side of a check. */
static GPtrArray *producers(GPtrArray *groups, SmOp op)
{
  for (guint g = 0; g < groups->len; g++) {
    Group *group = groups->pdata[g];
    if (group->op == op)
      return group->pairs;
  }
  return NULL;
}

static void judge_symmetric(const Backend *backend, const SmAlgInfo *info, GPtrArray *groups,
                            const SmInputs *inputs)
{
  SmBytes calls[G_N_ELEMENTS(call_sizes)];
  split_calls(inputs->data->data, calls);
  GPtrArray *encrypters = producers(groups, SM_OP_ENCRYPT);
  GByteArray *agreed_ciphertext = NULL;
  if (encrypters != NULL) {
    for (guint i = 0; i < encrypters->len; i++) {
      Pair *p = encrypters->pdata[i];
      p->output = pair_output(backend, p, inputs, SM_OP_ENCRYPT, calls, G_N_ELEMENTS(calls), NULL);
    }
    judge_by_majority(encrypters);
    for (guint i = 0; i < encrypters->len && agreed_ciphertext == NULL; i++) {
      Pair *p = encrypters->pdata[i];
      if (p->output != NULL && !p->bad)
        agreed_ciphertext = p->output;
    }
  }
  GPtrArray *decrypters = producers(groups, SM_OP_DECRYPT);
  if (decrypters == NULL)
    return;
  /* Decrypt is judged against the truth: the plaintext, from the agreed ciphertext. Without an
   * encrypting pair in the plan, decrypters of random input are compared with each other. */
  size_t tag = info->kind == SM_KIND_AEAD ? info->tag_len : 0;
  SmBytes cipher_calls[G_N_ELEMENTS(call_sizes)];
  bool truth = agreed_ciphertext != NULL &&
               agreed_ciphertext->len == TOTAL_LEN + G_N_ELEMENTS(call_sizes) * tag;
  if (truth) {
    size_t offset = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(call_sizes); i++) {
      cipher_calls[i] = (SmBytes){agreed_ciphertext->data + offset, call_sizes[i] + tag};
      offset += call_sizes[i] + tag;
    }
  }
  if (!truth && tag > 0)
    return; /* AEAD decryption of random bytes fails by design: nothing to compare */
  for (guint i = 0; i < decrypters->len; i++) {
    Pair *p = decrypters->pdata[i];
    p->output = pair_output(backend, p, inputs, SM_OP_DECRYPT, truth ? cipher_calls : calls,
                            G_N_ELEMENTS(calls), NULL);
    if (truth && p->output != NULL &&
        (p->output->len != TOTAL_LEN || memcmp(p->output->data, inputs->data->data, TOTAL_LEN))) {
      p->bad = true;
      p->why = g_strdup("decrypting the ciphertext the other engines agree on does not give "
                        "the plaintext");
    }
  }
  if (!truth)
    judge_by_majority(decrypters);
}

static void judge_hash(const Backend *backend, GPtrArray *groups, const SmInputs *inputs)
{
  SmBytes calls[G_N_ELEMENTS(call_sizes)];
  split_calls(inputs->data->data, calls);
  for (guint g = 0; g < groups->len; g++) {
    Group *group = groups->pdata[g];
    for (guint i = 0; i < group->pairs->len; i++) {
      Pair *p = group->pairs->pdata[i];
      p->output = pair_output(backend, p, inputs, group->op, calls, G_N_ELEMENTS(calls), NULL);
    }
    judge_by_majority(group->pairs);
  }
}

/* Whether `verifier` accepts the signature `signer` made. */
static bool accepts(const Backend *backend, const SmAlgInfo *info, const Pair *verifier,
                    const Pair *signer, const SmInputs *inputs, bool *ran)
{
  *ran = false;
  SmBytes message = {inputs->data->data, inputs->data->len};
  SmBytes aux = {signer->output->data, signer->output->len};
  g_autoptr(GByteArray) out = g_byte_array_new();
  SmCallStatus status = backend->call(backend->data, verifier->engine, verifier->alg, verifier->api,
                                      SM_OP_VERIFY, inputs, &message, 1, &aux, out);
  if (status.setup_failed)
    return false;
  *ran = true;
  bool accepted = status.result == SM_OK;
  /* The test-only corruption of a verifier inverts its verdicts. */
  if (sm_verify_corruption_applies(verifier->engine->desc->name, info->name))
    accepted = !accepted;
  return accepted;
}

/* Signatures: deterministic schemes must match byte for byte, and every signature must verify
 * with every other engine. Counting engines (not levels) as witnesses: a signer is bad when
 * more than half of the other engines reject its signature, a verifier when it rejects the
 * signatures of more than half of the other engines. */
static void judge_signatures(const Backend *backend, const SmAlgInfo *info, GPtrArray *groups,
                             const SmInputs *inputs)
{
  SmBytes message = {inputs->data->data, inputs->data->len};
  GPtrArray *signers = producers(groups, SM_OP_SIGN);
  GPtrArray *verifiers = producers(groups, SM_OP_VERIFY);
  if (signers == NULL)
    return;
  for (guint i = 0; i < signers->len; i++) {
    Pair *p = signers->pdata[i];
    p->output = pair_output(backend, p, inputs, SM_OP_SIGN, &message, 1, NULL);
  }
  if (info->deterministic)
    judge_by_majority(signers);
  if (verifiers == NULL)
    return;
  for (guint s = 0; s < signers->len; s++) {
    Pair *signer = signers->pdata[s];
    if (signer->output == NULL)
      continue;
    g_autoptr(GPtrArray) judges = g_ptr_array_new(), rejecters = g_ptr_array_new();
    for (guint v = 0; v < verifiers->len; v++) {
      Pair *verifier = verifiers->pdata[v];
      bool ran = false;
      if (verifier->engine == signer->engine)
        continue; /* its own signatures are checked by verify (sign then verify) */
      bool ok = accepts(backend, info, verifier, signer, inputs, &ran);
      if (!ran)
        continue;
      if (!g_ptr_array_find(judges, verifier->engine, NULL))
        g_ptr_array_add(judges, verifier->engine);
      if (!ok && !g_ptr_array_find(rejecters, verifier->engine, NULL))
        g_ptr_array_add(rejecters, verifier->engine);
    }
    if (rejecters->len * 2 > judges->len && !signer->bad) {
      signer->bad = true;
      signer->why = g_strdup_printf("its signature is rejected by %u of %u other engines",
                                    rejecters->len, judges->len);
    }
  }
  for (guint v = 0; v < verifiers->len; v++) {
    Pair *verifier = verifiers->pdata[v];
    g_autoptr(GPtrArray) signed_by = g_ptr_array_new(), rejected = g_ptr_array_new();
    for (guint s = 0; s < signers->len; s++) {
      Pair *signer = signers->pdata[s];
      bool ran = false;
      if (signer->output == NULL || signer->engine == verifier->engine)
        continue;
      bool ok = accepts(backend, info, verifier, signer, inputs, &ran);
      if (!ran)
        continue;
      if (!g_ptr_array_find(signed_by, signer->engine, NULL))
        g_ptr_array_add(signed_by, signer->engine);
      if (!ok && !g_ptr_array_find(rejected, signer->engine, NULL))
        g_ptr_array_add(rejected, signer->engine);
    }
    if (rejected->len * 2 > signed_by->len) {
      verifier->bad = true;
      verifier->why = g_strdup_printf("rejects the signatures of %u of %u other engines",
                                      rejected->len, signed_by->len);
    }
  }
}

static void judge_kex(const Backend *backend, GPtrArray *groups, const SmInputs *inputs)
{
  SmBytes none = {NULL, 0};
  for (guint g = 0; g < groups->len; g++) {
    Group *group = groups->pdata[g];
    if (group->op != SM_OP_DERIVE)
      continue; /* keygen: judge_keygen */
    for (guint i = 0; i < group->pairs->len; i++) {
      Pair *p = group->pairs->pdata[i];
      p->output = pair_output(backend, p, inputs, SM_OP_DERIVE, &none, 1, NULL);
    }
    judge_by_majority(group->pairs);
  }
}

/* keygen from one seed gives byte-identical public keys in every engine; a key drawn by the
 * library's own generator (RSA, DSA, no seed) has nothing to agree on. */
static void judge_keygen(const Backend *backend, GPtrArray *groups, const SmInputs *inputs)
{
  GPtrArray *generators = producers(groups, SM_OP_KEYGEN);
  if (generators == NULL || inputs->params.key_seed.len == 0)
    return;
  SmBytes none = {NULL, 0};
  for (guint i = 0; i < generators->len; i++) {
    Pair *p = generators->pdata[i];
    p->output = pair_output(backend, p, inputs, SM_OP_KEYGEN, &none, 1, NULL);
  }
  judge_by_majority(generators);
}

/* Whether the encapsulation `encapser` made decapsulates to its secret in the other engines:
 * it is bad when more than half of the other engines (not levels) give another secret. */
static void judge_encaps_by_decaps(const Backend *backend, const SmAlgInfo *info, Pair *encapser,
                                   GPtrArray *decapsers, const SmInputs *inputs)
{
  SmBytes ciphertext = {encapser->output->data, info->ciphertext_bytes};
  const uint8_t *secret = encapser->output->data + info->ciphertext_bytes;
  g_autoptr(GPtrArray) judges = g_ptr_array_new(), rejecters = g_ptr_array_new();
  for (guint i = 0; decapsers != NULL && i < decapsers->len; i++) {
    Pair *d = decapsers->pdata[i];
    if (d->engine == encapser->engine || d->bad)
      continue; /* its own decaps is checked by verify (the round trip) */
    g_autoptr(GByteArray) got = pair_output(backend, d, inputs, SM_OP_DECAPS, &ciphertext, 1, NULL);
    if (got == NULL)
      continue;
    if (!g_ptr_array_find(judges, d->engine, NULL))
      g_ptr_array_add(judges, d->engine);
    bool same_secret =
        got->len == info->secret_len && memcmp(got->data, secret, info->secret_len) == 0;
    if (!same_secret && !g_ptr_array_find(rejecters, d->engine, NULL))
      g_ptr_array_add(rejecters, d->engine);
  }
  if (rejecters->len * 2 > judges->len) {
    encapser->bad = true;
    encapser->why = g_strdup_printf("its encapsulation%s decapsulates to another secret in %u of "
                                    "%u other engines",
                                    encapser->drew_m ? " (m drawn by the library)" : "",
                                    rejecters->len, judges->len);
  }
}

/* Whether the outputs of `pairs` have a strict majority of the engines. */
static bool has_majority(GPtrArray *pairs)
{
  guint voters = engines_with(pairs, NULL), best = 0;
  for (guint i = 0; i < pairs->len; i++) {
    Pair *p = pairs->pdata[i];
    if (p->output != NULL)
      best = MAX(best, engines_with(pairs, p->output));
  }
  return best * 2 > voters;
}

/* Key encapsulation: encaps from one public key and one m gives the same ciphertext and secret
 * in every engine; the agreed ciphertext decapsulates to the agreed secret in every engine. An
 * engine that takes no m encapsulates with m its library draws: nothing to compare byte for
 * byte, so its ciphertext must decapsulate to its secret in the other engines instead; and such
 * an engine's decaps is then the witness that settles two engines given m that differ. */
static void judge_kem(const Backend *backend, const SmAlgInfo *info, GPtrArray *groups,
                      const SmInputs *inputs)
{
  SmBytes m = {inputs->data->data, sm_kem_randomness_len(info)};
  SmBytes none = {NULL, 0};
  GPtrArray *encapsers = producers(groups, SM_OP_ENCAPS);
  GPtrArray *decapsers = producers(groups, SM_OP_DECAPS);
  if (encapsers == NULL)
    return;
  GByteArray *agreed = NULL;
  g_autoptr(GPtrArray) from_m = g_ptr_array_new(); /* the encapsers given m */
  for (guint i = 0; i < encapsers->len; i++) {
    Pair *p = encapsers->pdata[i];
    p->output = pair_output(backend, p, inputs, SM_OP_ENCAPS, &m, 1, NULL);
    if (p->output == NULL && m.len > 0) {
      p->output = pair_output(backend, p, inputs, SM_OP_ENCAPS, &none, 1, NULL);
      p->drew_m = p->output != NULL;
    }
    if (!p->drew_m)
      g_ptr_array_add(from_m, p);
  }
  bool drawn = from_m->len < encapsers->len;
  /* Without m (the hybrid) every encapsulation is another: only decapsulation is compared. */
  if (info->encaps_m && (has_majority(from_m) || !drawn || decapsers == NULL))
    judge_by_majority(from_m);
  else if (info->encaps_m)
    for (guint i = 0; i < from_m->len; i++) {
      Pair *p = from_m->pdata[i];
      if (p->output != NULL && p->output->len == info->ciphertext_bytes + info->secret_len)
        judge_encaps_by_decaps(backend, info, p, decapsers, inputs);
    }
  for (guint i = 0; i < from_m->len && agreed == NULL; i++) {
    Pair *p = from_m->pdata[i];
    if (p->output != NULL && !p->bad && p->output->len == info->ciphertext_bytes + info->secret_len)
      agreed = p->output;
  }
  /* No agreed encapsulation (two engines that differ): decapsulate one of the ciphertexts
   * everywhere and let the decapsulators' secrets vote, as ciphers do without a truth. */
  bool voted = false;
  for (guint i = 0; i < from_m->len && agreed == NULL && !voted && decapsers != NULL; i++) {
    Pair *p = from_m->pdata[i];
    if (p->output != NULL && p->output->len == info->ciphertext_bytes + info->secret_len) {
      SmBytes some = {p->output->data, info->ciphertext_bytes};
      for (guint j = 0; j < decapsers->len; j++) {
        Pair *d = decapsers->pdata[j];
        d->output = pair_output(backend, d, inputs, SM_OP_DECAPS, &some, 1, NULL);
      }
      judge_by_majority(decapsers);
      voted = true;
    }
  }
  if (decapsers != NULL && agreed != NULL) {
    SmBytes ciphertext = {agreed->data, info->ciphertext_bytes};
    for (guint i = 0; i < decapsers->len; i++) {
      Pair *p = decapsers->pdata[i];
      p->output = pair_output(backend, p, inputs, SM_OP_DECAPS, &ciphertext, 1, NULL);
      if (p->output != NULL &&
          (p->output->len != info->secret_len ||
           memcmp(p->output->data, agreed->data + info->ciphertext_bytes, info->secret_len))) {
        p->bad = true;
        p->why = g_strdup("decapsulating the ciphertext the other engines agree on does not give "
                          "their shared secret");
      }
    }
  }
  for (guint i = 0; i < encapsers->len; i++) {
    Pair *p = encapsers->pdata[i];
    if (p->drew_m && p->output->len != info->ciphertext_bytes + info->secret_len) {
      p->bad = true;
      p->why = g_strdup_printf("encaps gave %u bytes, not %u + %u", p->output->len,
                               info->ciphertext_bytes, info->secret_len);
    } else if (p->drew_m) {
      judge_encaps_by_decaps(backend, info, p, decapsers, inputs);
    }
  }
}

static guint mark_cells(GPtrArray *cells, const SmAlgInfo *info, GPtrArray *groups)
{
  guint bad = 0;
  for (guint g = 0; g < groups->len; g++) {
    Group *group = groups->pdata[g];
    for (guint p = 0; p < group->pairs->len; p++) {
      Pair *pair = group->pairs->pdata[p];
      if (!pair->bad)
        continue;
      bad++;
      for (guint i = 0; i < cells->len; i++) {
        SmCell *cell = cells->pdata[i];
        if (cell->alg != info || sm_op_slot(info->kind, cell->op) != group->op ||
            cell->engine != pair->engine || cell->api != pair->api ||
            cell->status != SM_STATUS_PENDING)
          continue;
        cell->status = SM_STATUS_KAT_FAILED;
        g_free(cell->reason);
        cell->reason = g_strdup_printf("cross-engine agreement: %s", pair->why);
      }
    }
  }
  return bad;
}

guint sm_agree_cells(GPtrArray *cells, guint64 seed, SmAgreeCallFn call, void *data)
{
  Backend backend = {call, data};
  guint bad = 0;
  for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++) {
    g_autoptr(GPtrArray) groups = collect_groups(cells, info);
    guint pairs = 0;
    for (guint g = 0; g < groups->len; g++)
      pairs += ((Group *)groups->pdata[g])->pairs->len;
    if (pairs < 2)
      continue;
    g_autoptr(SmInputs) inputs = sm_agree_inputs(info, seed);
    judge_keygen(&backend, groups, inputs);
    switch (info->kind) {
    case SM_KIND_CIPHER:
    case SM_KIND_AEAD:
      judge_symmetric(&backend, info, groups, inputs);
      break;
    case SM_KIND_DIGEST:
    case SM_KIND_MAC:
      judge_hash(&backend, groups, inputs);
      break;
    case SM_KIND_SIGNATURE:
      judge_signatures(&backend, info, groups, inputs);
      break;
    case SM_KIND_KEX:
      judge_kex(&backend, groups, inputs);
      break;
    case SM_KIND_KEM:
      judge_kem(&backend, info, groups, inputs);
      break;
    case SM_KIND_COUNT:
      break;
    }
    bad += mark_cells(cells, info, groups);
  }
  return bad;
}
