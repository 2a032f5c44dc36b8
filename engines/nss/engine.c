/* speedmatrix engine: NSS (written against 3.87).
 *
 * evp = PK11, NSS's PKCS#11 layer over its softoken: symmetric keys imported once per cell,
 * PK11_CreateContextBySymKey + PK11_CipherOp for ciphers (CBC chains, CTR and stream ciphers
 * continue across calls), PK11_Encrypt/PK11_Decrypt for one whole AEAD message per call,
 * PK11_DigestBegin/Op/Final on a reused context for digests, HMAC and CMAC,
 * PK11_SignWithMechanism/PK11_VerifyWithMechanism with the hash mechanisms (CKM_SHA256_RSA_PKCS,
 * CKM_ECDSA_SHA256, ...) so hashing happens inside, and PK11_PubDeriveWithKDF for ECDH/X25519.
 * low = NSSLOWHASH_*, the only direct entry into freebl NSS makes public (MD5, SHA-1, SHA-2).
 *
 * PK11_Encrypt/PK11_Decrypt set up a softoken operation per message, and a key exchange gives
 * its secret back as a new PK11SymKey that is extracted and freed: both allocate inside the
 * library per call, which is the API's cost and what is measured.
 *
 * Randomness: NSS signs ECDSA and DSA with nonces from its own generator and blinds RSA with
 * it; it cannot be seeded from outside.
 *
 * The code is split by family (cipher.c, aead.c, digest.c for digests and MACs, pk.c; what they
 * share in nss-engine.h); this file holds the helpers they share, the descriptor and the table
 * assembled from their rows. */
#include "nss-engine.h"

/* ---------------------------------------------------------------- helpers */

PK11SlotInfo *slot;          /* the internal (softoken) slot, from init */
NSSLOWInitContext *low_init; /* for NSSLOWHASH_* */

SmResult nss_fail(SmResult result, char *msg, size_t msg_len, const char *what)
{
  PRErrorCode code = PORT_GetError();
  const char *text = PR_ErrorToString(code, PR_LANGUAGE_I_DEFAULT);
  const char *name = PR_ErrorToName(code);
  return sm_msg(result, msg, msg_len, "%s: %s (%s, %d)", what, text != NULL ? text : "?",
                name != NULL ? name : "?", (int)code);
}

SECItem item(const uint8_t *data, size_t len)
{
  return (SECItem){siBuffer, (unsigned char *)data, (unsigned int)len};
}

PK11SymKey *import_sym_key(CK_MECHANISM_TYPE mech, CK_ATTRIBUTE_TYPE operation, SmBytes key)
{
  SECItem key_item = item(key.data, key.len);
  return PK11_ImportSymKey(slot, mech, PK11_OriginUnwrap, operation, &key_item, NULL);
}

SmResult key_context(PK11Context **ctx, CK_MECHANISM_TYPE mech, CK_ATTRIBUTE_TYPE operation,
                     PK11SymKey *key, SECItem *param, char *msg, size_t msg_len)
{
  if (key != NULL)
    *ctx = PK11_CreateContextBySymKey(mech, operation, key, param);
  return *ctx == NULL ? nss_fail(SM_UNSUPPORTED, msg, msg_len, "PK11_CreateContextBySymKey")
                      : SM_OK;
}

/* ---------------------------------------------------------------- the table */

/* Each family file's rows, in this order. */
#define FAMILIES(FAMILY) SM_KIND_FAMILIES(FAMILY)

FAMILIES(SM_DECLARE_ROWS)
static const SmAlgorithm *const families[] = {FAMILIES(SM_ROWS_OF)};

/* Room for every row of every family, and the NULL row that ends the table. */
#define MAX_ALGORITHMS 127
static SmAlgorithm algorithms[MAX_ALGORITHMS + 1];

/* ---------------------------------------------------------------- engine */

static const char *lib_version(void) { return NSS_GetVersion(); }

/* freebl reads these once, when it loads; any value disables the feature. */
static const char *const accel_off_env[] = {
    "NSS_DISABLE_HW_AES=1", "NSS_DISABLE_PCLMUL=1", "NSS_DISABLE_AVX=1",
    "NSS_DISABLE_AVX2=1",   "NSS_DISABLE_SSSE3=1",  "NSS_DISABLE_SSE4_1=1",
    "NSS_DISABLE_SSE4_2=1", "NSS_DISABLE_HW_SHA=1", NULL};

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  bool off = config != NULL && config->accel == SM_ACCEL_OFF;
  unsigned set = 0, count = 0;
  for (const char *const *var = accel_off_env; *var != NULL; var++, count++) {
    /* The name before '=', copied (snprintf's "%.*s" here trips GCC's null-argument check
     * under -fsanitize, which fails the -Werror build). */
    char name[32];
    size_t len = strcspn(*var, "=");
    if (len >= sizeof name)
      continue;
    memcpy(name, *var, len);
    name[len] = '\0';
    set += getenv(name) != NULL;
  }
  if (off && set < count)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "the NSS_DISABLE_* variables were not all set when freebl loaded");
  if (!NSS_IsInitialized() && NSS_NoDB_Init(NULL) != SECSuccess)
    return nss_fail(SM_FAILED, msg, msg_len, "NSS_NoDB_Init");
  if (slot == NULL)
    slot = PK11_GetInternalSlot();
  if (slot == NULL)
    return nss_fail(SM_FAILED, msg, msg_len, "PK11_GetInternalSlot");
  if (low_init == NULL)
    low_init = NSSLOW_Init();
  return sm_msg(SM_OK, msg, msg_len,
                "NSS reports no acceleration state; %s; ECDSA/DSA nonces and RSA blinding come "
                "from NSS's own RNG (unseeded)",
                set > 0 ? "NSS_DISABLE_HW_AES, _PCLMUL, _AVX, _AVX2, _SSSE3, _SSE4_1, _SSE4_2, "
                          "_HW_SHA set (freebl's portable code)"
                        : "freebl picks AES-NI/PCLMUL/AVX/SHA-NI from cpuid");
}

/* NSS_Shutdown refuses while any object is still referenced: every state frees its own. */
static void engine_shutdown(void)
{
  if (low_init != NULL)
    NSSLOW_Shutdown(low_init);
  low_init = NULL;
  if (slot != NULL)
    PK11_FreeSlot(slot);
  slot = NULL;
  if (NSS_IsInitialized())
    NSS_Shutdown();
}

SM_ENGINE_DESCRIPTOR(engine, "nss", "NSS", lib_version, engine_init, engine_shutdown, accel_off_env,
                     "PK11 over the softoken (PK11_CreateContextBySymKey + PK11_CipherOp/"
                     "PK11_DigestOp, PK11_Encrypt/PK11_Decrypt for AEAD, PK11_SignWithMechanism/"
                     "PK11_VerifyWithMechanism, PK11_PubDeriveWithKDF)",
                     "NSSLOWHASH_* straight into freebl (MD5, SHA-1, SHA-2 only)", algorithms);

SM_DEFINE_ENTRY_ASSEMBLED(engine, families, algorithms, MAX_ALGORITHMS)
