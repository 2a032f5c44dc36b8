/* BearSSL engine: digests (evp: br_hash_class; low: the typed calls) and HMAC. */
#include "bearssl-engine.h"

/* ---- low: the typed hash calls (ECDSA's rows name them too) ---- */

/* name_named: one message through BearSSL's typed br_<name>_init, _update and _out. */
#define NAMED_HASH(name)                                                                           \
  void name##_named(const void *in, size_t len, void *out)                                         \
  {                                                                                                \
    br_##name##_context ctx;                                                                       \
    br_##name##_init(&ctx);                                                                        \
    br_##name##_update(&ctx, in, len);                                                             \
    br_##name##_out(&ctx, out);                                                                    \
  }

NAMED_HASH(md5)
NAMED_HASH(sha1)
NAMED_HASH(sha224)
NAMED_HASH(sha256)
NAMED_HASH(sha384)
NAMED_HASH(sha512)

/* ---- digests (evp: br_hash_class; low: the typed calls) and HMAC (br_hmac_*) ---- */

typedef struct {
  const br_hash_class *cls;
  NamedHashFn named;
} HashRow;

typedef struct {
  const HashRow *row;
  size_t out_len;
  br_hmac_key_context key; /* HMAC: keyed once here */
  br_hmac_context hmac;
} HashState;

static SmResult hash_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  HashState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  st->row = params->impl_data;
  st->out_len = hash_out_len(st->row->cls);
  if (params->op == SM_OP_MAC)
    br_hmac_key_init(&st->key, st->row->cls, params->key.data, params->key.len);
  *state = st;
  return SM_OK;
}

static void hash_teardown(void *state)
{
  if (state != NULL)
    memset(state, 0, sizeof(HashState));
  free(state);
}

static SmResult hash_evp(void *state, SmIo *io)
{
  HashState *st = state;
  if (io->out_len < st->out_len)
    return SM_FAILED;
  class_hash(st->row->cls, io->in, io->in_len, io->out);
  return sm_output(io, st->out_len);
}

static SmResult hash_low(void *state, SmIo *io)
{
  HashState *st = state;
  if (io->out_len < st->out_len)
    return SM_FAILED;
  st->row->named(io->in, io->in_len, io->out);
  return sm_output(io, st->out_len);
}

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

static const HashRow md5_row = {&br_md5_vtable, md5_named};
static const HashRow sha1_row = {&br_sha1_vtable, sha1_named};
static const HashRow sha224_row = {&br_sha224_vtable, sha224_named};
static const HashRow sha256_row = {&br_sha256_vtable, sha256_named};
static const HashRow sha384_row = {&br_sha384_vtable, sha384_named};
static const HashRow sha512_row = {&br_sha512_vtable, sha512_named};

#define HASH_IMPL(row, slot, fn)                                                                   \
  {                                                                                                \
    .setup = hash_setup, .op = {[slot] = fn}, .teardown = hash_teardown, .data = &row,             \
  }
#define DIGEST(row)                                                                                \
  {                                                                                                \
    HASH_IMPL(row, SM_OP_HASH, hash_evp), HASH_IMPL(row, SM_OP_HASH, hash_low)                     \
  }

const SmImpl digest_impls[6][SM_API_COUNT] = {DIGEST(md5_row),    DIGEST(sha1_row),
                                              DIGEST(sha224_row), DIGEST(sha256_row),
                                              DIGEST(sha384_row), DIGEST(sha512_row)};
/* HMAC: evp only (the generic br_hmac_* over a class). */
const SmImpl hmac_impls[5] = {
    HASH_IMPL(md5_row, SM_OP_MAC, hmac_evp), HASH_IMPL(sha1_row, SM_OP_MAC, hmac_evp),
    HASH_IMPL(sha256_row, SM_OP_MAC, hmac_evp), HASH_IMPL(sha384_row, SM_OP_MAC, hmac_evp),
    HASH_IMPL(sha512_row, SM_OP_MAC, hmac_evp)};
