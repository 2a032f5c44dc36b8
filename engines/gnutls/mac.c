/* GnuTLS engine: MACs (gnutls_hmac_*, and the one-shot gnutls_hmac_fast) and their rows. */

#include "gnutls-engine.h"

typedef struct {
  gnutls_mac_algorithm_t algo;
} MacRow;

typedef struct {
  gnutls_mac_algorithm_t algo;
  gnutls_hmac_hd_t hd; /* evp only */
  uint8_t *key;        /* low: gnutls_hmac_fast takes the key on every call */
  size_t key_len;
  size_t out_len;
} MacState;

static void mac_teardown(void *state)
{
  MacState *ms = state;
  if (ms->hd != NULL)
    gnutls_hmac_deinit(ms->hd, NULL);
  free(ms->key);
  free(ms);
}

static SmResult mac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MacState *ms = state;
  const MacRow *row = params->impl_data;
  ms->algo = row->algo;
  ms->out_len = gnutls_hmac_get_len(row->algo);
  ms->key = sm_copy_bytes(params->key);
  if (ms->key == NULL)
    return sm_out_of_memory(msg, msg_len);
  ms->key_len = params->key.len;
  int err = gnutls_hmac_init(&ms->hd, row->algo, ms->key, ms->key_len);
  if (err < 0)
    ms->hd = NULL; /* a failed gnutls_hmac_init leaves a half-made handle behind */
  return gt_setup_result(err, gnutls_mac_get_name(row->algo), msg, msg_len);
}

SM_DEFINE_SETUP(mac_setup, MacState, mac_fill, mac_teardown)

static SmResult mac_evp_mac(void *state, SmIo *io)
{
  MacState *ms = state;
  if (io->out_len < ms->out_len || gnutls_hmac(ms->hd, io->in, io->in_len) < 0)
    return SM_FAILED;
  gnutls_hmac_output(ms->hd, io->out); /* also resets, keeping the key */
  io->out_len = ms->out_len;
  return SM_OK;
}

static SmResult mac_low_mac(void *state, SmIo *io)
{
  MacState *ms = state;
  if (io->out_len < ms->out_len ||
      gnutls_hmac_fast(ms->algo, ms->key, ms->key_len, io->in, io->in_len, io->out) < 0)
    return SM_FAILED;
  io->out_len = ms->out_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- rows */

static const MacRow hmac_md5 = {GNUTLS_MAC_MD5};
static const MacRow hmac_sha1 = {GNUTLS_MAC_SHA1};
static const MacRow hmac_sha256 = {GNUTLS_MAC_SHA256};
static const MacRow hmac_sha384 = {GNUTLS_MAC_SHA384};
static const MacRow hmac_sha512 = {GNUTLS_MAC_SHA512};
static const MacRow cmac_aes128 = {GNUTLS_MAC_AES_CMAC_128};

/* clang-format off */
#define MAC(n, row) ROW_BOTH(n, SM_KIND_MAC, SM_IMPL_MAC, \
    (mac_setup, mac_teardown, &row, mac_evp_mac), (mac_setup, mac_teardown, &row, mac_low_mac))
/* clang-format on */

/* The MAC rows, in the order `list` shows them. */
const SmAlgorithm mac_rows[] = {
    MAC("hmac-md5", hmac_md5),
    MAC("hmac-sha1", hmac_sha1),
    MAC("hmac-sha256", hmac_sha256),
    MAC("hmac-sha384", hmac_sha384),
    MAC("hmac-sha512", hmac_sha512),
    MAC("cmac-aes128", cmac_aes128),
    SM_ROW_END,
};
