/* BearSSL engine: digests (evp: br_hash_class; low: the typed calls) and HMAC (br_hmac_*). */
#include "bearssl-engine.h"

/* name_named: one message through BearSSL's typed br_<name>_init, _update and _out. */
#define NAMED_HASH(name)                                                                           \
  static void name##_named(const void *in, size_t len, void *out)                                  \
  {                                                                                                \
    br_##name##_context ctx;                                                                       \
    br_##name##_init(&ctx);                                                                        \
    br_##name##_update(&ctx, in, len);                                                             \
    br_##name##_out(&ctx, out);                                                                    \
  }                                                                                                \
  const BearHash name##_hash = {&br_##name##_vtable, name##_named};

NAMED_HASH(md5)
NAMED_HASH(sha1)
NAMED_HASH(sha224)
NAMED_HASH(sha256)
NAMED_HASH(sha384)
NAMED_HASH(sha512)

typedef struct {
  const BearHash *hash;
  size_t out_len;
  br_hmac_key_context key; /* HMAC: keyed once here */
  br_hmac_context hmac;
} HashState;

static void hash_teardown(void *state)
{
  memset(state, 0, sizeof(HashState));
  free(state);
}

static SmResult hash_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  (void)msg;
  (void)msg_len;
  HashState *st = state;
  st->hash = params->impl_data;
  st->out_len = hash_out_len(st->hash->cls);
  if (params->op == SM_OP_MAC)
    br_hmac_key_init(&st->key, st->hash->cls, params->key.data, params->key.len);
  return SM_OK;
}

SM_DEFINE_SETUP(hash_setup, HashState, hash_fill, hash_teardown)

static SmResult hash_with(HashState *st, BearHashFn *hash, SmIo *io)
{
  if (io->out_len < st->out_len)
    return SM_FAILED;
  hash(st->hash, io->in, io->in_len, io->out);
  return sm_output(io, st->out_len);
}

static SmResult hash_evp(void *state, SmIo *io) { return hash_with(state, hash_by_class, io); }
static SmResult hash_low(void *state, SmIo *io) { return hash_with(state, hash_by_name, io); }

static SmResult hmac_evp(void *state, SmIo *io)
{
  HashState *st = state;
  if (io->out_len < st->out_len)
    return SM_FAILED;
  br_hmac_init(&st->hmac, &st->key, 0);
  br_hmac_update(&st->hmac, io->in, io->in_len);
  return sm_output(io, br_hmac_out(&st->hmac, io->out));
}

/* ---- the rows ---- */

#define WHY_HMAC_LOW                                                                               \
  "BearSSL's HMAC is only the generic br_hmac_* over a br_hash_class (the evp row); it has no "    \
  "per-hash HMAC calls"

#define HASH_IMPL(hash, fn) (&(const SmImpl)SM_IMPL_HASH(hash_setup, hash_teardown, &hash, fn))
#define DIGEST_ROW(name)                                                                           \
  SM_ROW_BOTH(#name, SM_KIND_DIGEST, HASH_IMPL(name##_hash, hash_evp),                             \
              HASH_IMPL(name##_hash, hash_low))
/* An HMAC row of SM_HMAC_FAMILY: br_hmac_* over the hash's class, evp only. */
#define HMAC_ROW(name, NAME)                                                                       \
  SM_ROW_EVP_ONLY("hmac-" #name, SM_KIND_MAC,                                                      \
                  (&(const SmImpl)SM_IMPL_MAC(hash_setup, hash_teardown, &name##_hash, hmac_evp)), \
                  WHY_HMAC_LOW)

const SmAlgorithm digest_rows[] = {
    DIGEST_ROW(md5),    DIGEST_ROW(sha1),   DIGEST_ROW(sha224), DIGEST_ROW(sha256),
    DIGEST_ROW(sha384), DIGEST_ROW(sha512), SM_ROW_END,
};

const SmAlgorithm mac_rows[] = {
    SM_HMAC_FAMILY(HMAC_ROW),
    SM_ROW_END,
};
