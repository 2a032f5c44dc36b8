/* GnuTLS engine: digests (gnutls_hash_*, and the one-shot gnutls_hash_fast) and their rows. */

#include "gnutls-engine.h"

typedef struct {
  gnutls_digest_algorithm_t algo;
} DigestRow;

typedef struct {
  gnutls_digest_algorithm_t algo;
  gnutls_hash_hd_t hd; /* evp only */
  size_t out_len;
} DigestState;

static void digest_teardown(void *state)
{
  DigestState *ds = state;
  if (ds->hd != NULL)
    gnutls_hash_deinit(ds->hd, NULL);
  free(ds);
}

/* Both levels: the digest's length, which GnuTLS gives only for a digest it knows. */
static SmResult digest_fill(DigestState *ds, const SmParams *params, char *msg, size_t msg_len)
{
  const DigestRow *row = params->impl_data;
  ds->algo = row->algo;
  ds->out_len = gnutls_hash_get_len(row->algo);
  return ds->out_len > 0
             ? SM_OK
             : sm_msg(SM_UNSUPPORTED, msg, msg_len, "GnuTLS does not know digest %d", row->algo);
}

static SmResult digest_evp_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  DigestState *ds = state;
  SmResult result = digest_fill(ds, params, msg, msg_len);
  if (result != SM_OK)
    return result;
  int err = gnutls_hash_init(&ds->hd, ds->algo);
  if (err < 0)
    ds->hd = NULL; /* a failed gnutls_hash_init leaves a half-made handle behind */
  return gt_setup_result(err, gnutls_digest_get_name(ds->algo), msg, msg_len);
}

/* gnutls_hash_fast has no handle to make: setup checks once that the digest exists. */
static SmResult digest_low_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  DigestState *ds = state;
  SmResult result = digest_fill(ds, params, msg, msg_len);
  uint8_t out[64];
  if (result != SM_OK)
    return result;
  return gt_setup_result(gnutls_hash_fast(ds->algo, "", 0, out), gnutls_digest_get_name(ds->algo),
                         msg, msg_len);
}

SM_DEFINE_SETUP(digest_evp_setup, DigestState, digest_evp_fill, digest_teardown)
SM_DEFINE_SETUP(digest_low_setup, DigestState, digest_low_fill, digest_teardown)

static SmResult digest_evp_hash(void *state, SmIo *io)
{
  DigestState *ds = state;
  if (io->out_len < ds->out_len || gnutls_hash(ds->hd, io->in, io->in_len) < 0)
    return SM_FAILED;
  gnutls_hash_output(ds->hd, io->out); /* also resets the state for the next message */
  io->out_len = ds->out_len;
  return SM_OK;
}

static SmResult digest_low_hash(void *state, SmIo *io)
{
  DigestState *ds = state;
  if (io->out_len < ds->out_len || gnutls_hash_fast(ds->algo, io->in, io->in_len, io->out) < 0)
    return SM_FAILED;
  io->out_len = ds->out_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- rows */

static const DigestRow md5 = {GNUTLS_DIG_MD5};
static const DigestRow sha1 = {GNUTLS_DIG_SHA1};
static const DigestRow sha224 = {GNUTLS_DIG_SHA224};
static const DigestRow sha256 = {GNUTLS_DIG_SHA256};
static const DigestRow sha384 = {GNUTLS_DIG_SHA384};
static const DigestRow sha512 = {GNUTLS_DIG_SHA512};
static const DigestRow sha3_256 = {GNUTLS_DIG_SHA3_256};
static const DigestRow sha3_512 = {GNUTLS_DIG_SHA3_512};

/* clang-format off */
#define DIGEST(n, row) ROW_BOTH(n, SM_KIND_DIGEST, SM_IMPL_HASH, \
    (digest_evp_setup, digest_teardown, &row, digest_evp_hash), \
    (digest_low_setup, digest_teardown, &row, digest_low_hash))
/* clang-format on */

#define NO_RMD160                                                                                  \
  "GnuTLS 3.7.9 does not list RIPEMD-160 among its digests (gnutls_hash_init answers "             \
  "GNUTLS_E_INVALID_REQUEST)"

/* The digest rows, in the order `list` shows them. */
const SmAlgorithm digest_rows[] = {
    DIGEST("md5", md5),
    DIGEST("sha1", sha1),
    DIGEST("sha224", sha224),
    DIGEST("sha256", sha256),
    DIGEST("sha384", sha384),
    DIGEST("sha512", sha512),
    DIGEST("sha3-256", sha3_256),
    DIGEST("sha3-512", sha3_512),
    SM_ROW_NONE("ripemd160", SM_KIND_DIGEST, NO_RMD160),
    SM_ROW_END,
};
