/* wolfSSL engine: MACs. low = wolfCrypt's wc_Hmac*, wc_Cmac*, wc_Poly1305*; evp = the
 * compatibility layer's wolfSSL_HMAC_* and wolfSSL_CMAC_* (it has no EVP_MAC). */
#include "internal.h"

/* ------------------------------------------------------------------------------------------ */
/* low                                                                                         */

typedef enum { LOW_HMAC, LOW_CMAC, LOW_POLY1305 } LowMacMode;

typedef struct {
  LowMacMode mode;
  int hmac_type; /* WC_MD5, WC_SHA256, ... */
  size_t out_len;
} LowMacRow;

typedef struct {
  union {
    Hmac hmac;
    Cmac cmac;
    Poly1305 poly1305;
  } keyed;         /* HMAC: keyed once (wc_HmacFinal leaves it ready for the next message);
                      CMAC: the keyed template */
  Cmac cmac;       /* CMAC: the working copy of the template */
  uint8_t key[32]; /* Poly1305: a one-time key is set per message */
  const LowMacRow *row;
} LowMacState;

static void low_mac_teardown(void *state)
{
  LowMacState *s = state;
  if (s != NULL && s->row->mode == LOW_HMAC)
    wc_HmacFree(&s->keyed.hmac);
  free(s);
}

static SmResult low_mac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowMacRow *row = params->impl_data;
  if (!fits_word32(params->max_len) || !fits_word32(params->key.len))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "wolfCrypt MACs take word32 lengths");
  if (row->mode == LOW_POLY1305 && params->key.len != 32)
    return sm_msg(SM_FAILED, msg, msg_len, "poly1305 takes a 32-byte one-time key");
  LowMacState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  s->row = row;
  const uint8_t *key = sm_bytes_or_empty(params->key);
  int ret = 0;
  if (row->mode == LOW_HMAC) {
    ret = wc_HmacInit(&s->keyed.hmac, NULL, INVALID_DEVID);
    if (ret == 0)
      ret = wc_HmacSetKey(&s->keyed.hmac, row->hmac_type, key, (word32)params->key.len);
  } else if (row->mode == LOW_CMAC) {
    ret = wc_InitCmac(&s->keyed.cmac, key, (word32)params->key.len, WC_CMAC_AES, NULL);
  } else {
    memcpy(s->key, key, sizeof s->key);
  }
  if (ret != 0) {
    low_mac_teardown(s);
    return wolf_fail(SM_FAILED, msg, msg_len, "keying the MAC", ret);
  }
  *state = s;
  return SM_OK;
}

static SmResult low_hmac_mac(void *state, SmIo *io)
{
  LowMacState *s = state;
  if (io->out_len < s->row->out_len ||
      wc_HmacUpdate(&s->keyed.hmac, io->in, (word32)io->in_len) != 0 ||
      wc_HmacFinal(&s->keyed.hmac, io->out) != 0)
    return SM_FAILED;
  io->out_len = s->row->out_len;
  return SM_OK;
}

/* wolfCrypt's CMAC has no reset: the keyed template is copied per message (no allocation). */
static SmResult low_cmac_mac(void *state, SmIo *io)
{
  LowMacState *s = state;
  word32 len = (word32)s->row->out_len;
  if (io->out_len < s->row->out_len)
    return SM_FAILED;
  s->cmac = s->keyed.cmac;
  if (wc_CmacUpdate(&s->cmac, io->in, (word32)io->in_len) != 0 ||
      wc_CmacFinal(&s->cmac, io->out, &len) != 0)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult low_poly1305_mac(void *state, SmIo *io)
{
  LowMacState *s = state;
  if (io->out_len < POLY1305_DIGEST_SIZE ||
      wc_Poly1305SetKey(&s->keyed.poly1305, s->key, sizeof s->key) != 0 ||
      wc_Poly1305Update(&s->keyed.poly1305, io->in, (word32)io->in_len) != 0 ||
      wc_Poly1305Final(&s->keyed.poly1305, io->out) != 0)
    return SM_FAILED;
  io->out_len = POLY1305_DIGEST_SIZE;
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* evp                                                                                         */

typedef struct {
  WOLFSSL_HMAC_CTX *hmac;
  size_t out_len;
} EvpHmacState;

static void evp_hmac_teardown(void *state)
{
  EvpHmacState *s = state;
  if (s == NULL)
    return;
  wolfSSL_HMAC_CTX_free(s->hmac);
  free(s);
}

/* The keyed init is the key schedule; a NULL key per call restarts from it. */
static SmResult evp_hmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const EvpMdRow *row = params->impl_data;
  EvpHmacState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  const WOLFSSL_EVP_MD *md = row->md();
  s->out_len = md != NULL ? (size_t)wolfSSL_EVP_MD_size(md) : 0;
  s->hmac = wolfSSL_HMAC_CTX_new();
  if (s->hmac == NULL || md == NULL ||
      wolfSSL_HMAC_Init_ex(s->hmac, sm_bytes_or_empty(params->key), (int)params->key.len, md,
                           NULL) != WOLFSSL_SUCCESS) {
    evp_hmac_teardown(s);
    return sm_msg(SM_FAILED, msg, msg_len, "wolfSSL_HMAC_Init_ex refused the digest or key");
  }
  *state = s;
  return SM_OK;
}

static SmResult evp_hmac_mac(void *state, SmIo *io)
{
  EvpHmacState *s = state;
  unsigned int len = 0;
  if (io->out_len < s->out_len ||
      wolfSSL_HMAC_Init_ex(s->hmac, NULL, 0, NULL, NULL) != WOLFSSL_SUCCESS ||
      wolfSSL_HMAC_Update(s->hmac, io->in, io->in_len) != WOLFSSL_SUCCESS ||
      wolfSSL_HMAC_Final(s->hmac, io->out, &len) != WOLFSSL_SUCCESS)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

/* wolfSSL_CMAC_Init with a NULL key does not restart from the kept subkeys, so each message is
 * keyed again: that is the compatibility layer's cost. */
typedef struct {
  WOLFSSL_CMAC_CTX *ctx;
  uint8_t key[16];
} EvpCmacState;

static void evp_cmac_teardown(void *state)
{
  EvpCmacState *s = state;
  if (s != NULL)
    wolfSSL_CMAC_CTX_free(s->ctx);
  free(s);
}

static SmResult evp_cmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != 16)
    return sm_msg(SM_FAILED, msg, msg_len, "cmac-aes128 takes a 16-byte key");
  EvpCmacState *s = calloc(1, sizeof *s);
  if (s == NULL || (s->ctx = wolfSSL_CMAC_CTX_new()) == NULL) {
    free(s);
    return sm_out_of_memory(msg, msg_len);
  }
  memcpy(s->key, params->key.data, sizeof s->key);
  *state = s;
  return SM_OK;
}

static SmResult evp_cmac_mac(void *state, SmIo *io)
{
  EvpCmacState *s = state;
  size_t len = io->out_len;
  if (io->out_len < 16 ||
      wolfSSL_CMAC_Init(s->ctx, s->key, sizeof s->key, wolfSSL_EVP_aes_128_cbc(), NULL) !=
          WOLFSSL_SUCCESS ||
      wolfSSL_CMAC_Update(s->ctx, io->in, io->in_len) != WOLFSSL_SUCCESS ||
      wolfSSL_CMAC_Final(s->ctx, io->out, &len) != WOLFSSL_SUCCESS)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* The rows: the order of the table in wolfssl.c                                              */

typedef struct {
  EvpMdRow evp;
  LowMacRow low;
} HmacRow;

static const HmacRow hmac_rows[WOLF_HMACS] = {
    {{wolfSSL_EVP_md5}, {LOW_HMAC, WC_MD5, 16}},
    {{wolfSSL_EVP_sha1}, {LOW_HMAC, WC_SHA, 20}},
    {{wolfSSL_EVP_sha256}, {LOW_HMAC, WC_SHA256, 32}},
    {{wolfSSL_EVP_sha384}, {LOW_HMAC, WC_SHA384, 48}},
    {{wolfSSL_EVP_sha512}, {LOW_HMAC, WC_SHA512, 64}},
};

#define HMAC_PAIR(i)                                                                               \
  {                                                                                                \
    {.setup = evp_hmac_setup,                                                                      \
     .op = {[SM_OP_MAC] = evp_hmac_mac},                                                           \
     .teardown = evp_hmac_teardown,                                                                \
     .data = &hmac_rows[i].evp},                                                                   \
    {                                                                                              \
      .setup = low_mac_setup, .op = {[SM_OP_MAC] = low_hmac_mac}, .teardown = low_mac_teardown,    \
      .data = &hmac_rows[i].low                                                                    \
    }                                                                                              \
  }

const SmImpl hmac_impls[WOLF_HMACS][SM_API_COUNT] = {
    HMAC_PAIR(0), HMAC_PAIR(1), HMAC_PAIR(2), HMAC_PAIR(3), HMAC_PAIR(4),
};

static const LowMacRow cmac_low_row = {LOW_CMAC, 0, 16}, poly1305_low_row = {LOW_POLY1305, 0, 16};
const SmImpl cmac_evp = {
    .setup = evp_cmac_setup, .op = {[SM_OP_MAC] = evp_cmac_mac}, .teardown = evp_cmac_teardown};
const SmImpl cmac_low = {.setup = low_mac_setup,
                         .op = {[SM_OP_MAC] = low_cmac_mac},
                         .teardown = low_mac_teardown,
                         .data = &cmac_low_row};
const SmImpl poly1305_low = {.setup = low_mac_setup,
                             .op = {[SM_OP_MAC] = low_poly1305_mac},
                             .teardown = low_mac_teardown,
                             .data = &poly1305_low_row};
