/* libtomcrypt engine: MACs. evp: HMAC (hmac_* over a hash descriptor) and CMAC (omac_* over a
 * cipher descriptor); low: Poly1305's typed poly1305_* calls, which have no descriptor. */
#include "tomcrypt-engine.h"

/* ---- evp: HMAC and OMAC over a descriptor ---- */

typedef struct {
  const char *name; /* the hash (HMAC) or cipher (OMAC) descriptor's */
} MacRow;

typedef struct {
  hmac_state hmac;
  omac_state omac_keyed; /* OMAC: keyed once, copied per message (it holds no pointers) */
  omac_state omac;
  int idx;
  uint8_t *key;
  size_t key_len;
  unsigned long out_len;
} MacState;

static void mac_teardown(void *state)
{
  MacState *s = state;
  free(s->key);
  free(s);
}

/* What HMAC and OMAC setups share: the descriptor `find` names, and a copy of the key. */
static SmResult mac_start(MacState *s, int (*find)(const char *name), const SmParams *params,
                          char *msg, size_t msg_len)
{
  const MacRow *row = params->impl_data;
  s->idx = find(row->name);
  if (s->idx < 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "no descriptor named \"%s\"", row->name);
  if (!fits_int(params->key.len))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "key too long");
  if ((s->key = sm_copy_bytes(params->key)) == NULL)
    return sm_out_of_memory(msg, msg_len);
  s->key_len = params->key.len;
  return SM_OK;
}

static SmResult hmac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MacState *s = state;
  SmResult result = mac_start(s, find_hash, params, msg, msg_len);
  if (result == SM_OK)
    s->out_len = hash_descriptor[s->idx].hashsize;
  return result;
}

static SmResult omac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MacState *s = state;
  SmResult result = mac_start(s, find_cipher, params, msg, msg_len);
  if (result != SM_OK)
    return result;
  s->out_len = (unsigned long)cipher_descriptor[s->idx].block_length;
  int err = omac_init(&s->omac_keyed, s->idx, s->key, s->key_len);
  return err != CRYPT_OK ? ltc_fail(SM_FAILED, msg, msg_len, "omac_init", err) : SM_OK;
}

SM_DEFINE_SETUP(hmac_setup, MacState, hmac_fill, mac_teardown)
SM_DEFINE_SETUP(omac_setup, MacState, omac_fill, mac_teardown)

/* hmac_state has no reset and hmac_done frees the key copy that hmac_init allocates, so each
 * message is keyed again (an allocation per call that the API forces). */
static SmResult hmac_mac(void *state, SmIo *io)
{
  MacState *s = state;
  unsigned long len = io->out_len;
  if (io->out_len < s->out_len || hmac_init(&s->hmac, s->idx, s->key, s->key_len) != CRYPT_OK)
    return SM_FAILED;
  if (hmac_process(&s->hmac, io->in, io->in_len) != CRYPT_OK ||
      hmac_done(&s->hmac, io->out, &len) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, len);
}

static SmResult omac_mac(void *state, SmIo *io)
{
  MacState *s = state;
  unsigned long len = io->out_len;
  if (io->out_len < s->out_len)
    return SM_FAILED;
  s->omac = s->omac_keyed;
  if (omac_process(&s->omac, io->in, io->in_len) != CRYPT_OK ||
      omac_done(&s->omac, io->out, &len) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, len);
}

/* ---- low: Poly1305 ---- */

typedef struct {
  poly1305_state st;
  uint8_t key[32]; /* set per message */
} PolyState;

static SmResult poly1305_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  PolyState *s = state;
  if (params->key.len != sizeof s->key)
    return sm_msg(SM_FAILED, msg, msg_len, "a 32-byte key is needed");
  memcpy(s->key, params->key.data, sizeof s->key);
  return SM_OK;
}

SM_DEFINE_SETUP(poly1305_setup, PolyState, poly1305_fill, free)

static SmResult poly1305_mac(void *state, SmIo *io)
{
  PolyState *s = state;
  unsigned long len = io->out_len;
  if (io->out_len < 16 || poly1305_init(&s->st, s->key, sizeof s->key) != CRYPT_OK ||
      poly1305_process(&s->st, io->in, io->in_len) != CRYPT_OK ||
      poly1305_done(&s->st, io->out, &len) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, len);
}

/* ---- the rows ---- */

#define WHY_HMAC "libtomcrypt's HMAC is hmac_* over a hash descriptor only: no typed HMAC"
#define WHY_CMAC "libtomcrypt's CMAC is omac_* over a cipher descriptor only: no typed CMAC"

#define MAC_IMPL(setup_fn, mac_fn, name)                                                           \
  (&(const SmImpl)SM_IMPL_MAC(setup_fn, mac_teardown, (&(const MacRow){name}), mac_fn))
/* An HMAC row of SM_HMAC_FAMILY: hmac_* over the hash descriptor of the same name. */
#define HMAC_ROW(hash, HASH)                                                                       \
  SM_ROW_EVP_ONLY("hmac-" #hash, SM_KIND_MAC, MAC_IMPL(hmac_setup, hmac_mac, #hash), WHY_HMAC)

const SmAlgorithm mac_rows[] = {
    SM_HMAC_FAMILY(HMAC_ROW),
    SM_ROW_EVP_ONLY("cmac-aes128", SM_KIND_MAC, MAC_IMPL(omac_setup, omac_mac, "aes"), WHY_CMAC),
    SM_ROW_LOW_ONLY("poly1305", SM_KIND_MAC,
                    (&(const SmImpl)SM_IMPL_MAC(poly1305_setup, free, NULL, poly1305_mac)),
                    "libtomcrypt has no MAC descriptor table: poly1305_* is typed only"),
    SM_ROW_END,
};
