#include "cell/verify.h"

#include "cell/call.h"
#include "cell/inputs.h"
#include "core/util.h"

#include <string.h>

#ifdef SM_TEST_HOOKS
static const SmKatVector *extra_vectors;
static char *corrupt_engine, *corrupt_algorithm;

void sm_verify_set_extra_vectors(const SmKatVector *vectors) { extra_vectors = vectors; }

void sm_verify_set_corruption(const char *engine, const char *algorithm)
{
  g_free(corrupt_engine);
  g_free(corrupt_algorithm);
  corrupt_engine = g_strdup(engine);
  corrupt_algorithm = g_strdup(algorithm);
}

bool sm_verify_corruption_applies(const char *engine, const char *algorithm)
{
  return corrupt_engine != NULL && strcmp(engine, corrupt_engine) == 0 &&
         strcmp(algorithm, corrupt_algorithm) == 0;
}

bool sm_verify_corrupt(const char *engine, const char *algorithm, GByteArray *out)
{
  if (!sm_verify_corruption_applies(engine, algorithm) || out->len == 0)
    return false;
  out->data[0] ^= 0x01;
  return true;
}
#endif

typedef struct {
  const SmCell *cell;
  const SmImpl *impl;
  SmStatus status;
  char *detail;
  unsigned checks; /* how many checks ran */
  char *skipped;   /* why a vector was skipped: the level cannot take its parameters */
} Check;

static bool fail(Check *check, SmStatus status, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
static bool fail(Check *check, SmStatus status, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  check->status = status;
  g_free(check->detail);
  check->detail = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  return false;
}

/* Turns a failed call into the cell's status; returns false when the call failed. */
static bool call_ok(Check *check, const SmCallStatus *status, const char *what)
{
  if (status->result == SM_OK)
    return true;
  if (status->result == SM_UNSUPPORTED)
    return fail(check, SM_STATUS_UNSUPPORTED, "%s", status->message);
  if (status->setup_failed)
    return fail(check, SM_STATUS_ERROR, "set-up failed (%s): %s", what, status->message);
  if (status->overflow)
    return fail(check, SM_STATUS_KAT_FAILED, "%s: %s", what, status->message);
  return fail(check, SM_STATUS_KAT_FAILED, "%s: the operation failed on a known input", what);
}

static SmCallStatus run(Check *check, const SmImpl *impl, const SmParams *params, SmOp op,
                        const SmBytes *inputs, unsigned count, const SmBytes *aux, GByteArray *out)
{
  SmCallStatus status = sm_call(impl, params, op, inputs, count, aux, out);
  if (status.result == SM_OK)
    sm_verify_corrupt(check->cell->engine_name, check->cell->alg->name, out);
  return status;
}

static bool same_bytes(const GByteArray *out, const GByteArray *expected)
{
  return out->len == expected->len && memcmp(out->data, expected->data, out->len) == 0;
}

static bool expect_bytes(Check *check, const GByteArray *out, const GByteArray *expected,
                         const char *source)
{
  check->checks++;
  if (same_bytes(out, expected))
    return true;
  g_autofree char *got = sm_hex_encode(out->data, MIN(out->len, 16u));
  g_autofree char *want = sm_hex_encode(expected->data, MIN(expected->len, 16u));
  return fail(check, SM_STATUS_KAT_FAILED, "output %s%s differs from %s%s (%s)", got,
              out->len > 16 ? "..." : "", want, expected->len > 16 ? "..." : "", source);
}

static bool check_symmetric_vector(Check *check, const SmKatVector *v, SmInputs *in)
{
  g_autoptr(GByteArray) out_expected = sm_hex_decode(v->out);
  g_autoptr(GByteArray) tag = sm_hex_decode(v->tag);
  g_autoptr(GByteArray) ciphertext = g_byte_array_new();
  g_byte_array_append(ciphertext, out_expected->data, out_expected->len);
  g_byte_array_append(ciphertext, tag->data, tag->len);
  g_autoptr(GByteArray) out = g_byte_array_new();
  SmOp op = check->cell->op;
  SmBytes plain = {in->data->data, in->data->len};
  SmBytes cipher = {ciphertext->data, ciphertext->len};

  if (op == SM_OP_DECRYPT) {
    SmCallStatus status = run(check, check->impl, &in->params, op, &cipher, 1, NULL, out);
    if (!call_ok(check, &status, v->source) || !expect_bytes(check, out, in->data, v->source))
      return false;
    if (check->cell->alg->kind == SM_KIND_AEAD && ciphertext->len > 0) {
      /* A forged tag must be refused, or the decrypt figure measures no authentication. */
      ciphertext->data[ciphertext->len - 1] ^= 0x80;
      g_byte_array_set_size(out, 0);
      check->checks++;
      status = sm_call(check->impl, &in->params, op, &cipher, 1, NULL, out);
      if (status.overflow) /* a refusal that wrote past its output is no refusal */
        return call_ok(check, &status, v->source);
      if (status.result == SM_OK)
        return fail(check, SM_STATUS_KAT_FAILED, "a forged tag was accepted (%s)", v->source);
    }
    return true;
  }
  SmCallStatus status = run(check, check->impl, &in->params, op, &plain, 1, NULL, out);
  if (!call_ok(check, &status, v->source) || !expect_bytes(check, out, ciphertext, v->source))
    return false;
  /* Streaming: the same input in two calls on one context gives the same output. */
  unsigned unit = check->cell->alg->unit;
  if (check->cell->alg->kind == SM_KIND_CIPHER && plain.len >= 2 * unit &&
      !g_str_has_suffix(check->cell->alg->name, "-xts")) {
    size_t first = unit * (plain.len / unit / 2);
    SmBytes halves[2] = {{plain.data, first}, {plain.data + first, plain.len - first}};
    g_byte_array_set_size(out, 0);
    status = run(check, check->impl, &in->params, op, halves, 2, NULL, out);
    if (!call_ok(check, &status, v->source))
      return false;
    if (!same_bytes(out, ciphertext))
      return fail(check, SM_STATUS_KAT_FAILED,
                  "output differs when the input is given in two calls (%s)", v->source);
  }
  return true;
}

static bool check_digest_vector(Check *check, const SmKatVector *v, SmInputs *in)
{
  g_autoptr(GByteArray) expected = sm_hex_decode(v->out);
  g_autoptr(GByteArray) out = g_byte_array_new();
  SmBytes message = {in->data->data, in->data->len};
  SmCallStatus status =
      run(check, check->impl, &in->params, check->cell->op, &message, 1, NULL, out);
  return call_ok(check, &status, v->source) && expect_bytes(check, out, expected, v->source);
}

static bool check_verify_vector(Check *check, const SmKatVector *v, SmInputs *in)
{
  g_autoptr(GByteArray) sig = sm_hex_decode(v->sig);
  g_autoptr(GByteArray) out = g_byte_array_new();
  SmBytes message = {in->data->data, in->data->len};
  SmBytes aux = {sig->data, sig->len};
  SmCallStatus status = sm_call(check->impl, &in->params, SM_OP_VERIFY, &message, 1, &aux, out);
  bool accepted = status.result == SM_OK;
  if (status.setup_failed)
    return call_ok(check, &status, v->source);
  if (sm_verify_corruption_applies(check->cell->engine_name, check->cell->alg->name))
    accepted = !accepted;
  check->checks++;
  if (accepted != (v->valid != 0))
    return fail(check, SM_STATUS_KAT_FAILED, "a %s signature was %s (%s)",
                v->valid ? "valid" : "invalid", accepted ? "accepted" : "rejected", v->source);
  return true;
}

static bool check_sign_vector(Check *check, const SmKatVector *v, SmInputs *in)
{
  return check_digest_vector(check, v, in); /* deterministic: compare the signature itself */
}

static bool check_derive_vector(Check *check, const SmKatVector *v, SmInputs *in)
{
  g_autoptr(GByteArray) expected = sm_hex_decode(v->out);
  g_autoptr(GByteArray) out = g_byte_array_new();
  SmBytes none = {NULL, 0};
  SmCallStatus status = run(check, check->impl, &in->params, SM_OP_DERIVE, &none, 1, NULL, out);
  return call_ok(check, &status, v->source) && expect_bytes(check, out, expected, v->source);
}

/* keygen, encaps, decaps: the operation over the vector's input gives its output. */
static bool check_output_vector(Check *check, const SmKatVector *v, SmInputs *in)
{
  return check_digest_vector(check, v, in);
}

/* Which vector operation answers for a cell's operation. */
static SmOp vector_op_for(SmOp op) { return op == SM_OP_DECRYPT ? SM_OP_ENCRYPT : op; }

static bool check_vector(Check *check, const SmKatVector *v)
{
  g_autoptr(SmInputs) in = sm_inputs_from_vector(v);
  if (in == NULL)
    return fail(check, SM_STATUS_KAT_FAILED, "vector is not valid hex (%s)", v->source);
  in->params.op = check->cell->op;
  if (v->op == SM_OP_KEYGEN || v->op == SM_OP_ENCAPS || v->op == SM_OP_DECAPS)
    return check_output_vector(check, v, in);
  switch (check->cell->alg->kind) {
  case SM_KIND_CIPHER:
  case SM_KIND_AEAD:
    return check_symmetric_vector(check, v, in);
  case SM_KIND_DIGEST:
  case SM_KIND_MAC:
    return check_digest_vector(check, v, in);
  case SM_KIND_SIGNATURE:
    return v->op == SM_OP_VERIFY ? check_verify_vector(check, v, in)
                                 : check_sign_vector(check, v, in);
  case SM_KIND_KEX:
    return check_derive_vector(check, v, in);
  case SM_KIND_KEM:
  case SM_KIND_COUNT:
    break;
  }
  return fail(check, SM_STATUS_ERROR, "unknown kind");
}

static bool check_vectors_in(Check *check, const SmKatVector *table)
{
  for (const SmKatVector *v = table; v != NULL && v->algorithm != NULL; v++) {
    if (strcmp(v->algorithm, check->cell->alg->name) != 0 ||
        v->op != vector_op_for(check->cell->op))
      continue;
    if (!check_vector(check, v)) {
      if (check->status != SM_STATUS_UNSUPPORTED)
        return false;
      /* This vector's parameters (a key length, say) are outside what the level takes: the
       * other vectors decide; with none left the cell is unsupported for that reason. */
      g_free(check->skipped);
      check->skipped = g_steal_pointer(&check->detail);
      check->status = SM_STATUS_OK;
    }
  }
  return true;
}

/* Sign with the cell's engine, verify with it; a corrupted signature must be refused. */
static bool check_sign_then_verify(Check *check, SmInputs *bench)
{
  const SmImpl *signer = sm_cell_impl_for(check->cell, SM_OP_SIGN);
  const SmImpl *verifier = sm_cell_impl_for(check->cell, SM_OP_VERIFY);
  if (signer == NULL || verifier == NULL)
    return true;
  SmBytes message = {bench->data->data, bench->data->len};
  g_autoptr(GByteArray) sig = g_byte_array_new();
  SmCallStatus status = run(check, signer, &bench->params, SM_OP_SIGN, &message, 1, NULL, sig);
  if (!call_ok(check, &status, "sign with the benchmark key"))
    return false;
  g_autoptr(GByteArray) out = g_byte_array_new();
  SmBytes aux = {sig->data, sig->len};
  status = sm_call(verifier, &bench->params, SM_OP_VERIFY, &message, 1, &aux, out);
  check->checks++;
  if (status.setup_failed || status.overflow)
    return call_ok(check, &status, "verify with the benchmark key");
  if (status.result != SM_OK)
    return fail(check, SM_STATUS_KAT_FAILED, "its own signature does not verify");
  if (sig->len > 0) {
    sig->data[sig->len / 2] ^= 0x01;
    aux = (SmBytes){sig->data, sig->len};
    status = sm_call(verifier, &bench->params, SM_OP_VERIFY, &message, 1, &aux, out);
    check->checks++;
    if (status.overflow)
      return call_ok(check, &status, "verify a corrupted signature");
    if (status.result == SM_OK)
      return fail(check, SM_STATUS_KAT_FAILED, "a corrupted signature verifies");
  }
  return true;
}

/* Both sides of a key exchange derive the same secret. */
static bool check_both_sides(Check *check, SmInputs *bench)
{
  SmParams alice = bench->params, bob = bench->params;
  bob.priv = alice.peer_priv;
  bob.peer_priv = alice.priv;
  SmBytes none = {NULL, 0};
  g_autoptr(GByteArray) a = g_byte_array_new();
  g_autoptr(GByteArray) b = g_byte_array_new();
  SmCallStatus status = run(check, check->impl, &alice, SM_OP_DERIVE, &none, 1, NULL, a);
  if (!call_ok(check, &status, "derive with the benchmark keys"))
    return false;
  status = sm_call(check->impl, &bob, SM_OP_DERIVE, &none, 1, NULL, b);
  if (!call_ok(check, &status, "derive from the other side"))
    return false;
  check->checks++;
  if (a->len == 0 || !same_bytes(a, b))
    return fail(check, SM_STATUS_KAT_FAILED, "the two sides derive different secrets");
  return true;
}

/* keygen from the benchmark seed: a public key of the catalogue's size; the same key again
 * from the same seed; a new one per call where the algorithm has no seed (RSA, DSA). */
static bool check_keygen(Check *check, SmInputs *bench)
{
  SmBytes none = {NULL, 0};
  g_autoptr(GByteArray) first = g_byte_array_new();
  g_autoptr(GByteArray) second = g_byte_array_new();
  SmCallStatus status =
      run(check, check->impl, &bench->params, SM_OP_KEYGEN, &none, 1, NULL, first);
  if (!call_ok(check, &status, "keygen from the benchmark seed"))
    return false;
  status = sm_call(check->impl, &bench->params, SM_OP_KEYGEN, &none, 1, NULL, second);
  if (!call_ok(check, &status, "keygen again from the same seed"))
    return false;
  check->checks++;
  unsigned want = check->cell->alg->pub_bytes;
  if (want != 0 && first->len != want)
    return fail(check, SM_STATUS_KAT_FAILED, "keygen gave a %u-byte public key, not %u", first->len,
                want);
  bool seeded = bench->params.key_seed.len > 0;
  if (seeded != same_bytes(first, second))
    return fail(check, SM_STATUS_KAT_FAILED,
                seeded ? "two keys from one seed differ" : "two key pairs drawn are the same");
  return true;
}

SmCallStatus sm_kem_encaps(const SmImpl *impl, const SmAlgInfo *alg, const SmParams *params,
                           const uint8_t *m, GByteArray *out, bool *drew_m)
{
  SmBytes given = {m, sm_kem_randomness_len(alg)};
  SmCallStatus status = sm_call(impl, params, SM_OP_ENCAPS, &given, 1, NULL, out);
  *drew_m = given.len > 0 && status.result == SM_UNSUPPORTED && !status.setup_failed;
  if (*drew_m) {
    SmBytes none = {NULL, 0};
    g_byte_array_set_size(out, 0);
    status = sm_call(impl, params, SM_OP_ENCAPS, &none, 1, NULL, out);
  }
  return status;
}

/* An encapsulation whose m the library drew has no known answer: the round trip below is
 * checked by the engine's own decaps, which must therefore pass the decaps vectors itself. */
static bool check_decaps_vectors(Check *check, const SmImpl *decaps)
{
  SmCell as_decaps = *check->cell;
  as_decaps.op = SM_OP_DECAPS;
  Check sub = {.cell = &as_decaps, .impl = decaps, .status = SM_STATUS_OK};
  bool ok = check_vectors_in(&sub, sm_kat_vectors);
  check->checks += sub.checks;
  if (ok && sub.checks == 0)
    fail(&sub, SM_STATUS_KAT_FAILED,
         "encaps draws m itself, and its decaps passed no known-answer vector to check it by%s%s",
         sub.skipped ? ": " : "", sub.skipped ? sub.skipped : "");
  g_free(sub.skipped);
  if (sub.status == SM_STATUS_OK)
    return true;
  check->status = sub.status;
  g_free(check->detail);
  check->detail = g_strdup_printf("%s (decaps, checking an encaps that draws m)", sub.detail);
  g_free(sub.detail);
  return false;
}

/* encaps then decaps with the benchmark keys: both sides hold the same secret, and a changed
 * ciphertext decapsulates to another one (implicit rejection), never to the same. An engine
 * that cannot take m encapsulates with m drawn by the library: two encapsulations must then
 * differ, and its decaps must pass the known answers. */
static bool check_encaps_decaps(Check *check, SmInputs *bench)
{
  const SmImpl *encaps = sm_cell_impl_for(check->cell, SM_OP_ENCAPS);
  const SmImpl *decaps = sm_cell_impl_for(check->cell, SM_OP_DECAPS);
  if (encaps == NULL || decaps == NULL)
    return true;
  const SmAlgInfo *alg = check->cell->alg;
  g_autoptr(GByteArray) sent = g_byte_array_new();
  bool drew_m = false;
  SmCallStatus status =
      sm_kem_encaps(encaps, alg, &bench->params, bench->data->data, sent, &drew_m);
  if (status.result == SM_OK)
    sm_verify_corrupt(check->cell->engine_name, alg->name, sent);
  if (!call_ok(check, &status, "encaps with the benchmark key"))
    return false;
  check->checks++;
  if (sent->len != alg->ciphertext_bytes + alg->secret_len)
    return fail(check, SM_STATUS_KAT_FAILED, "encaps gave %u bytes, not %u + %u", sent->len,
                alg->ciphertext_bytes, alg->secret_len);
  if (drew_m) {
    g_autoptr(GByteArray) again = g_byte_array_new();
    status = sm_kem_encaps(encaps, alg, &bench->params, bench->data->data, again, &drew_m);
    if (!call_ok(check, &status, "encaps again with the benchmark key"))
      return false;
    check->checks++;
    if (same_bytes(sent, again))
      return fail(check, SM_STATUS_KAT_FAILED, "two encapsulations that draw m are the same");
    if (!check_decaps_vectors(check, decaps))
      return false;
  }
  SmBytes ciphertext = {sent->data, alg->ciphertext_bytes};
  g_autoptr(GByteArray) got = g_byte_array_new();
  status = run(check, decaps, &bench->params, SM_OP_DECAPS, &ciphertext, 1, NULL, got);
  if (!call_ok(check, &status, "decaps of its own ciphertext"))
    return false;
  check->checks++;
  if (got->len != alg->secret_len ||
      memcmp(got->data, sent->data + alg->ciphertext_bytes, got->len) != 0)
    return fail(check, SM_STATUS_KAT_FAILED, "decaps gives another secret than encaps");
  sent->data[0] ^= 0x01;
  g_byte_array_set_size(got, 0);
  status = sm_call(decaps, &bench->params, SM_OP_DECAPS, &ciphertext, 1, NULL, got);
  check->checks++;
  if (status.overflow || (status.result == SM_OK && got->len == alg->secret_len &&
                          memcmp(got->data, sent->data + alg->ciphertext_bytes, got->len) == 0))
    return fail(check, SM_STATUS_KAT_FAILED,
                "a changed ciphertext decapsulates to the same secret");
  return true;
}

SmStatus sm_verify_cell(const SmCell *cell, SmInputs *bench, char **detail)
{
  /* A setup cell is verified as the operation its context is for: every check below builds a
   * context with the level's setup, and that context must give the known answers. */
  SmCell as_slot = *cell;
  as_slot.op = sm_op_slot(cell->alg->kind, cell->op);
  if (as_slot.op >= SM_OP_COUNT) {
    *detail = g_strdup_printf("a %s has no %s operation", sm_kind_name(cell->alg->kind),
                              sm_op_name(cell->op));
    return SM_STATUS_UNSUPPORTED;
  }
  cell = &as_slot;
  Check check = {
      .cell = cell, .impl = sm_algorithm_level(cell->impl, cell->api), .status = SM_STATUS_OK};
  if (check.impl->probe != NULL) {
    const char *why = check.impl->probe();
    if (why != NULL) {
      *detail = g_strdup(why);
      return SM_STATUS_UNSUPPORTED;
    }
  }
  bool ok = check_vectors_in(&check, sm_kat_vectors);
#ifdef SM_TEST_HOOKS
  ok = ok && check_vectors_in(&check, extra_vectors);
#endif
  unsigned known_answers = check.checks;
  if (ok && cell->op == SM_OP_KEYGEN)
    ok = check_keygen(&check, bench);
  else if (ok && cell->alg->kind == SM_KIND_SIGNATURE)
    ok = check_sign_then_verify(&check, bench);
  else if (ok && cell->alg->kind == SM_KIND_KEX)
    ok = check_both_sides(&check, bench);
  else if (ok && cell->alg->kind == SM_KIND_KEM)
    ok = check_encaps_decaps(&check, bench);
  /* keygen from a seed has a known answer and needs one; without a seed form (RSA, DSA) a key
   * pair has none, and keygen is verified by what check_keygen checks (size, a new pair per
   * call), as a randomised signature is by sign then verify. */
  bool seeded_keygen = cell->op == SM_OP_KEYGEN && bench->params.key_seed.len > 0;
  unsigned needed = seeded_keygen ? known_answers : check.checks;
  if (ok && needed == 0 && check.skipped != NULL)
    fail(&check, SM_STATUS_UNSUPPORTED, "%s", check.skipped);
  else if (ok && needed == 0)
    fail(&check, SM_STATUS_KAT_FAILED, "no known-answer vector for %s %s", cell->alg->name,
         sm_op_name(cell->op));
  g_free(check.skipped);
  *detail = check.detail;
  return check.status;
}
