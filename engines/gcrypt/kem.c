/* gcrypt engine: ML-KEM (FIPS 203) through gcry_kem_keypair/encap/decap, libgcrypt 1.11 or
 * later. Those calls take no seed: gcry_kem_keypair draws d || z and gcry_kem_encap draws m from
 * libgcrypt's own RNG. So keygen, encaps from m, and any state whose key pair the runner gives
 * only as its seed are unsupported with that reason; decaps of a given dk (the FIPS 203
 * expanded form, as ACVP gives it) is deterministic and runs. Encaps with in_len 0 (the library
 * draws m) runs for a given ek. Built against 1.10, the rows are there with the reason. */

#include "gcrypt-engine.h"

#if GCRYPT_VERSION_NUMBER >= 0x010b00

#define NO_SEED                                                                                    \
  "libgcrypt's gcry_kem_* take no FIPS 203 seed: gcry_kem_keypair draws d || z and "               \
  "gcry_kem_encap draws m from libgcrypt's own RNG"
#define KEM_SECRET_LEN 32u
#define MAX_KEY_LEN GCRY_KEM_MLKEM1024_SECKEY_LEN

typedef struct {
  int algo;
  size_t ek_len, dk_len, ct_len;
} KemSpec;

typedef struct {
  const KemSpec *spec;
  uint8_t key[MAX_KEY_LEN]; /* encaps: ek; decaps: dk */
} KemState;

static void kem_teardown(void *state)
{
  if (state != NULL)
    memset(state, 0, sizeof(KemState));
  free(state);
}

static SmResult kem_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  KemState *ks = state;
  const KemSpec *spec = params->impl_data;
  ks->spec = spec;
  bool encaps = params->op == SM_OP_ENCAPS;
  if (params->op != SM_OP_ENCAPS && params->op != SM_OP_DECAPS)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s", NO_SEED);
  SmBytes key = encaps ? params->pub : params->priv;
  size_t want = encaps ? spec->ek_len : spec->dk_len;
  if (key.len == 0) /* the pair as its seed only */
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s", NO_SEED);
  if (key.len != want)
    return sm_msg(SM_FAILED, msg, msg_len, "%s must be %zu bytes, got %zu", encaps ? "ek" : "dk",
                  want, key.len);
  memcpy(ks->key, key.data, key.len);
  return SM_OK;
}

SM_DEFINE_SETUP(kem_setup, KemState, kem_fill, kem_teardown)

/* keygen: never reached (setup answers unsupported); offered so the row says why. */
static SmResult kem_keygen(void *state, SmIo *io)
{
  (void)state;
  (void)io;
  return SM_UNSUPPORTED;
}

/* out = c || K. The engine contract's m (in_len 32) cannot be passed to gcry_kem_encap. */
static SmResult kem_encaps(void *state, SmIo *io)
{
  KemState *ks = state;
  const KemSpec *spec = ks->spec;
  if (io->in_len != 0)
    return SM_UNSUPPORTED;
  if (io->out_len < spec->ct_len + KEM_SECRET_LEN ||
      gcry_kem_encap(spec->algo, ks->key, spec->ek_len, io->out, spec->ct_len,
                     io->out + spec->ct_len, KEM_SECRET_LEN, NULL, 0))
    return SM_FAILED;
  return sm_output(io, spec->ct_len + KEM_SECRET_LEN);
}

/* A ciphertext that does not decapsulate gives the implicit-rejection secret (FIPS 203). */
static SmResult kem_decaps(void *state, SmIo *io)
{
  KemState *ks = state;
  const KemSpec *spec = ks->spec;
  if (io->in_len != spec->ct_len || io->out_len < KEM_SECRET_LEN ||
      gcry_kem_decap(spec->algo, ks->key, spec->dk_len, io->in, io->in_len, io->out, KEM_SECRET_LEN,
                     NULL, 0))
    return SM_FAILED;
  return sm_output(io, KEM_SECRET_LEN);
}

#define KEM_IMPL(bits)                                                                             \
  {                                                                                                \
    .setup = kem_setup, .teardown = kem_teardown,                                                  \
    .op_1_3 = {[SM_OP_KEYGEN - SM_OP_SLOTS_1_0] = kem_keygen,                                      \
               [SM_OP_ENCAPS - SM_OP_SLOTS_1_0] = kem_encaps,                                      \
               [SM_OP_DECAPS - SM_OP_SLOTS_1_0] = kem_decaps},                                     \
    .data = &(const KemSpec)                                                                       \
    {                                                                                              \
      .algo = GCRY_KEM_MLKEM##bits, .ek_len = GCRY_KEM_MLKEM##bits##_PUBKEY_LEN,                   \
      .dk_len = GCRY_KEM_MLKEM##bits##_SECKEY_LEN, .ct_len = GCRY_KEM_MLKEM##bits##_CIPHER_LEN     \
    }                                                                                              \
  }

static const SmImpl evp_ml_kem_512 = KEM_IMPL(512);
static const SmImpl evp_ml_kem_768 = KEM_IMPL(768);
static const SmImpl evp_ml_kem_1024 = KEM_IMPL(1024);

#define NO_ONESHOT_KEM "gcry_kem_* is libgcrypt's only ML-KEM API; it is the evp row"
#define KEM_ROW(n, id) ROW_EVP(n, SM_KIND_KEM, id, NO_ONESHOT_KEM)

#else

#define NO_MLKEM "libgcrypt " GCRYPT_VERSION " has no ML-KEM (1.11 or later)"
#define KEM_ROW(n, id) SM_ROW_NONE(n, SM_KIND_KEM, NO_MLKEM)

#endif

/* The key-encapsulation rows, in the order `list` shows them. */
const SmAlgorithm kem_rows[] = {
    KEM_ROW("ml-kem-512", ml_kem_512),
    KEM_ROW("ml-kem-768", ml_kem_768),
    KEM_ROW("ml-kem-1024", ml_kem_1024),
    SM_ROW_NONE("x25519-ml-kem-768", SM_KIND_KEM,
                "libgcrypt has no X25519MLKEM768 hybrid (ML-KEM and X25519 only apart)"),
    SM_ROW_END,
};
