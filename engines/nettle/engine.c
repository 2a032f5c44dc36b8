/* speedmatrix engine: GNU Nettle and Hogweed (3.x, GMP bignums). This file: the helpers the
 * family files share, which code the fat build runs, and the descriptor with its table,
 * assembled from the family files' row lists. */

#include "nettle-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* Shared helpers                                                                              */

SmResult fail_len(char *msg, size_t msg_len, const char *what, size_t got, size_t want)
{
  return sm_msg(SM_FAILED, msg, msg_len, "%s is %zu bytes, expected %zu", what, got, want);
}

/* A streaming block-cipher call: room for in_len bytes, a whole number of blocks. */
bool bulk_io(SmIo *io, size_t block)
{
  if (io->out_len < io->in_len || io->in_len % block != 0)
    return false;
  io->out_len = io->in_len;
  return true;
}

void lfib_random(void *ctx, size_t length, uint8_t *dst) { knuth_lfib_random(ctx, length, dst); }

void lfib_seed(struct knuth_lfib_ctx *rng, uint64_t seed)
{
  knuth_lfib_init(rng, (uint32_t)(seed ^ (seed >> 32)));
}

/* ---- which code the fat build runs (the impl column) ---- */

/* Nettle exports no query for what its fat dispatch chose; this reads the same inputs the same
 * way its fat-x86_64.c and fat-arm64.c do when the library loads: the feature list in
 * NETTLE_FAT_OVERRIDE when set, else the processor's own answer (x86-64: CPUID; arm64: the
 * kernel's hardware capabilities); elsewhere nothing is read. */
#if defined(__x86_64__) || (defined(__aarch64__) && defined(__linux__))
static bool fat_override_names(const char *override, const char *feature)
{
  size_t len = strlen(feature);
  for (const char *at = override; (at = strstr(at, feature)) != NULL; at += len)
    if ((at == override || at[-1] == ',' || at[-1] == ' ') &&
        (at[len] == '\0' || at[len] == ',' || at[len] == ' '))
      return true;
  return false;
}
#endif

#if defined(__x86_64__)
/* x86-64: CPUID leaf `leaf`, EBX or ECX, bit `bit` (AES-NI: 1:ECX 25; PCLMULQDQ: 1:ECX 1;
 * SHA: 7:EBX 29). */
static bool fat_has(const char *feature, unsigned leaf, bool ebx, unsigned bit)
{
  const char *override = getenv("NETTLE_FAT_OVERRIDE");
  if (override != NULL)
    return fat_override_names(override, feature);
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid_count(leaf, 0, &a, &b, &c, &d))
    return false;
  return (((ebx ? b : c) >> bit) & 1u) != 0;
}

/* "fat: aesni+pclmul", "fat: sha_ni", "fat: x86_64" (its portable assembly): for the
 * algorithms the fat build dispatches (AES, GHASH, SHA-1, SHA-224/256); NULL for the others. */
const char *fat_impl(const char *name)
{
  bool aes = strstr(name, "aes") != NULL, gcm = strstr(name, "gcm") != NULL;
  bool sha = strstr(name, "sha1") != NULL || strstr(name, "sha256") != NULL ||
             strstr(name, "sha224") != NULL;
  bool aesni = fat_has("aesni", 1, false, 25), sha_ni = fat_has("sha_ni", 7, true, 29);
  bool pclmul = nettle_version_minor() >= 8 && fat_has("pclmul", 1, false, 1);
  if (aes && gcm)
    return aesni ? (pclmul ? "fat: aesni+pclmul" : "fat: aesni+ghash x86_64")
                 : (pclmul ? "fat: aes x86_64+pclmul" : "fat: aes x86_64+ghash x86_64");
  if (aes)
    return aesni ? "fat: aesni" : "fat: aes x86_64";
  if (gcm)
    return pclmul ? "fat: pclmul" : "fat: ghash x86_64";
  if (sha)
    return sha_ni ? "fat: sha_ni" : "fat: x86_64";
  return NULL;
}
#elif defined(__aarch64__) && defined(__linux__)
/* arm64: the kernel's AT_HWCAP bit, under the name fat-arm64.c reads from the override ("aes",
 * "pmull", "sha1", "sha2"). */
static bool fat_has(const char *feature, unsigned long hwcap_bit)
{
  const char *override = getenv("NETTLE_FAT_OVERRIDE");
  if (override != NULL)
    return fat_override_names(override, feature);
  return (getauxval(AT_HWCAP) & hwcap_bit) != 0;
}

/* "fat: arm64 aes+pmull", "fat: arm64 sha2", "fat: c" (no Armv8 crypto extension: Nettle's C). */
const char *fat_impl(const char *name)
{
  bool aes = strstr(name, "aes") != NULL, gcm = strstr(name, "gcm") != NULL;
  bool sha1 = strstr(name, "sha1") != NULL;
  bool sha2 = strstr(name, "sha256") != NULL || strstr(name, "sha224") != NULL;
  bool has_aes = fat_has("aes", HWCAP_AES), pmull = fat_has("pmull", HWCAP_PMULL);
  if (aes && gcm)
    return has_aes ? (pmull ? "fat: arm64 aes+pmull" : "fat: arm64 aes+ghash c")
                   : (pmull ? "fat: aes c+arm64 pmull" : "fat: c");
  if (aes)
    return has_aes ? "fat: arm64 aes" : "fat: c";
  if (gcm)
    return pmull ? "fat: arm64 pmull" : "fat: c";
  if (sha1)
    return fat_has("sha1", HWCAP_SHA1) ? "fat: arm64 sha1" : "fat: c";
  if (sha2)
    return fat_has("sha2", HWCAP_SHA2) ? "fat: arm64 sha2" : "fat: c";
  return NULL;
}
#else
/* No fat dispatch this engine knows of on this architecture: the impl column stays empty. */
const char *fat_impl(const char *name)
{
  (void)name;
  return NULL;
}
#endif
/* ------------------------------------------------------------------------------------------ */
/* The table: each family file's rows, in this order. A family file is one line here (and its
 * file in engines/meson.build). */

#define FAMILIES(FAMILY) SM_KIND_FAMILIES(FAMILY)

FAMILIES(SM_DECLARE_ROWS)
static const SmAlgorithm *const families[] = {FAMILIES(SM_ROWS_OF)};

/* Room for every row of every family, and the NULL row that ends the table. */
#define MAX_ALGORITHMS 255
static SmAlgorithm algorithms[MAX_ALGORITHMS + 1];

/* ------------------------------------------------------------------------------------------ */
/* The engine                                                                                  */

static const char *lib_version(void)
{
  static char version[32];
  snprintf(version, sizeof version, "%d.%d", nettle_version_major(), nettle_version_minor());
  return version;
}

/* The fat build picks its CPU-specific code when the library loads, from cpuid or from
 * NETTLE_FAT_OVERRIDE: turning acceleration off is accel_off_env's job, init only reports it. */
static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  (void)config;
  const char *override = getenv("NETTLE_FAT_OVERRIDE");
  return sm_msg(SM_OK, msg, msg_len, "NETTLE_FAT_OVERRIDE=%s",
                override != NULL ? override : "unset");
}

/* An empty feature list makes the fat build use its portable C code. */
static const char *const accel_off_env[] = {"NETTLE_FAT_OVERRIDE=", NULL};

SM_ENGINE_DESCRIPTOR(engine, "nettle", "Nettle", lib_version, engine_init, NULL, accel_off_env,
                     "generic nettle-meta descriptors (nettle_cipher/aead/hash/mac) through "
                     "function pointers",
                     "direct typed calls (aes128_encrypt, gcm_aes128_*, sha256_*, rsa_sha256_*, "
                     "ed25519_sha512_*)",
                     algorithms);

SM_DEFINE_ENTRY_ASSEMBLED(engine, families, algorithms, MAX_ALGORITHMS)
