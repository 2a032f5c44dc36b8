/* OpenSSL engine: MACs through EVP_MAC, and the MAC rows. */

#include "openssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* evp: MACs (EVP_MAC, one context re-initialised per call)                                  */

typedef struct {
  const char *mac;         /* EVP_MAC_fetch name */
  const char *param;       /* OSSL_MAC_PARAM_DIGEST / _CIPHER, or NULL */
  const char *param_value; /* e.g. "SHA256", "AES-128-CBC" */
  bool key_per_call;       /* Poly1305 refuses to restart under the same one-time key */
} EvpMacDesc;

typedef struct {
  EVP_MAC *mac;
  EVP_MAC_CTX *ctx;
  uint8_t *key; /* only kept when key_per_call */
  size_t key_len;
  size_t out_len;
} EvpMacState;

static void evp_mac_teardown(void *state)
{
  EvpMacState *st = state;
  EVP_MAC_CTX_free(st->ctx);
  EVP_MAC_free(st->mac);
  if (st->key != NULL)
    OPENSSL_cleanse(st->key, st->key_len);
  free(st->key);
  free(st);
}

static SmResult evp_mac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  const EvpMacDesc *desc = params->impl_data;
  EvpMacState *st = state;
  st->mac = EVP_MAC_fetch(NULL, desc->mac, NULL);
  if (st->mac == NULL)
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, desc->mac);
  OSSL_PARAM mac_params[2] = {OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
  if (desc->param != NULL)
    mac_params[0] = OSSL_PARAM_construct_utf8_string(desc->param, (char *)desc->param_value, 0);
  st->ctx = EVP_MAC_CTX_new(st->mac);
  /* The keyed init here is the key schedule (HMAC pads, CMAC subkeys); calls re-use it. */
  if (st->ctx == NULL ||
      EVP_MAC_init(st->ctx, sm_bytes_or_empty(params->key), params->key.len, mac_params) != 1)
    return ossl_fail(SM_FAILED, msg, msg_len, "EVP_MAC_init");
  st->out_len = EVP_MAC_CTX_get_mac_size(st->ctx);
  if (desc->key_per_call) {
    st->key_len = params->key.len;
    st->key = sm_copy_bytes(params->key);
    if (st->key == NULL)
      return sm_out_of_memory(msg, msg_len);
  }
  return SM_OK;
}

SM_DEFINE_SETUP(evp_mac_setup, EvpMacState, evp_mac_fill, evp_mac_teardown)

static SmResult evp_mac_mac(void *state, SmIo *io)
{
  EvpMacState *st = state;
  size_t len;
  /* A NULL key restarts HMAC/CMAC from the schedule kept in the context. */
  if (io->out_len < st->out_len || EVP_MAC_init(st->ctx, st->key, st->key_len, NULL) != 1 ||
      EVP_MAC_update(st->ctx, io->in, io->in_len) != 1 ||
      EVP_MAC_final(st->ctx, io->out, &len, io->out_len) != 1)
    return op_failed();
  return sm_output(io, len);
}

static const char *evp_mac_impl_name(const SmParams *params, void *state)
{
  const EvpMacState *st = state;
  const EvpMacDesc *desc = params->impl_data;
  /* Poly1305 has no digest or cipher parameter: its features follow the MAC's own name. */
  return describe_impl(desc->param_value != NULL ? desc->param_value : desc->mac,
                       EVP_MAC_get0_provider(st->mac));
}

#define EVP_MAC_IMPL(...)                                                                          \
  {                                                                                                \
    .setup = evp_mac_setup, .op = {[SM_OP_MAC] = evp_mac_mac}, .teardown = evp_mac_teardown,       \
    .data = (&(const EvpMacDesc){__VA_ARGS__}), .impl_name = evp_mac_impl_name                     \
  }

/* An HMAC row of SM_HMAC_FAMILY: EVP_MAC "HMAC" over the digest fetched by its upper-case name,
 * and HMAC_* (low-digest.c). */
#define HMAC_ROW(hash, HASH)                                                                       \
  SM_ROW_BOTH("hmac-" #hash, SM_KIND_MAC,                                                          \
              &(const SmImpl)EVP_MAC_IMPL("HMAC", OSSL_MAC_PARAM_DIGEST, #HASH, false),            \
              &hmac_##hash##_low)
#ifndef OPENSSL_NO_CMAC
static const SmImpl cmac_aes128_evp =
    EVP_MAC_IMPL("CMAC", OSSL_MAC_PARAM_CIPHER, "AES-128-CBC", false);
#endif
#ifndef OPENSSL_NO_POLY1305
static const SmImpl poly1305_evp = EVP_MAC_IMPL("POLY1305", NULL, NULL, true);
#endif
/* The MAC rows, in the order `list` shows them. */
const SmAlgorithm mac_rows[] = {
    SM_HMAC_FAMILY(HMAC_ROW),
#ifndef OPENSSL_NO_CMAC
    EVP_AND_LOW("cmac-aes128", SM_KIND_MAC, cmac_aes128),
#endif
#ifndef OPENSSL_NO_POLY1305
    EVP_ONLY("poly1305", SM_KIND_MAC, poly1305, "OpenSSL has no non-EVP API for Poly1305"),
#endif
    SM_ROW_END,
};
