/* speedmatrix engine: OpenSSL 3, measured through EVP (algorithms fetched once per cell) and
 * through the non-EVP functions that `openssl speed` 3.x no longer measures. This file: the
 * library state (providers, capabilities), error reporting, and the descriptor with its
 * table, assembled from the family files' row lists. */

#include "openssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* Errors                                                                                      */

/* Reports the newest OpenSSL error after `what`, and empties the queue for the next caller. */
SmResult ossl_fail(SmResult result, char *msg, size_t msg_len, const char *what)
{
  char reason[256] = "no OpenSSL error queued";
  unsigned long err = ERR_peek_last_error();
  if (err != 0)
    ERR_error_string_n(err, reason, sizeof reason);
  ERR_clear_error();
  return sm_msg(result, msg, msg_len, "%s: %s", what, reason);
}

/* An op failed: leave no stale errors behind for the next cell. */
SmResult op_failed(void)
{
  ERR_clear_error();
  return SM_FAILED;
}

/* ------------------------------------------------------------------------------------------ */
/* Library state: providers and capabilities                                                   */

static OSSL_PROVIDER *default_provider;
static OSSL_PROVIDER *legacy_provider;

/* "3.0.22": the number alone, as the other engines report theirs (OPENSSL_VERSION adds the
 * name and build date). */
static const char *lib_version(void) { return OpenSSL_version(OPENSSL_FULL_VERSION_STRING); }

/* The capability vector OPENSSL_info reports and its switch, per architecture: on x86 bit 57
 * of the first word is AES-NI, the first thing OPENSSL_ia32cap masks; on Arm bit 2 is ARMV8_AES
 * (crypto/arm_arch.h), and OPENSSL_armcap=0 clears every bit. */
#if defined(__aarch64__) || defined(__arm__)
#define CAP_SWITCH "OPENSSL_armcap"
#define CAP_AES (UINT64_C(1) << 2)
#define CAP_AES_NAME "ARMv8 AES"
#else
#define CAP_SWITCH "OPENSSL_ia32cap"
#define CAP_AES (UINT64_C(1) << 57)
#define CAP_AES_NAME "AES-NI"
#endif
#define CAP_PREFIX CAP_SWITCH "="
/* Elsewhere (s390x, riscv64, POWER) OpenSSL's switch has another name and form
 * (OPENSSL_s390xcap=nocex, OPENSSL_riscvcap=rv64gc) that this engine does not set. */
#if defined(__aarch64__) || defined(__arm__) || defined(__x86_64__) || defined(__i386__)
#define CAP_SWITCH_SET 1
#else
#define CAP_SWITCH_SET 0
#endif

/* ---- which implementation runs (the impl column) ---- */

/* The capability vector libcrypto runs with ("OPENSSL_ia32cap=0xW0:0xW1", "OPENSSL_armcap=0xW0
 * env:0"): word 0 or 1. */
uint64_t cap_word(int which)
{
  const char *cpu = OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS);
  if (cpu == NULL || strncmp(cpu, CAP_PREFIX, strlen(CAP_PREFIX)) != 0)
    return 0;
  char *end = NULL;
  uint64_t first = strtoull(cpu + strlen(CAP_PREFIX), &end, 16);
  if (which == 0)
    return first;
  return end != NULL && *end == ':' ? strtoull(end + 1, NULL, 16) : 0;
}

/* The bits of that vector OpenSSL's assembly dispatches on, by what the algorithm's name holds
 * (word 0: CPUID.1 EDX|ECX<<32; word 1: CPUID.7 EBX|ECX<<32). */
static const struct {
  const char *contains;
  int word, bit;
  const char *feature;
} feature_bits[] = {
#if defined(__aarch64__) || defined(__arm__)
    {"AES", 0, 2, "ARMv8 AES"}, {"GCM", 0, 5, "PMULL"},     {"SHA1", 0, 3, "SHA1"},
    {"SHA256", 0, 4, "SHA2"},   {"SHA224", 0, 4, "SHA2"},   {"SHA512", 0, 6, "SHA512"},
    {"SHA384", 0, 6, "SHA512"}, {"SHA3", 0, 11, "SHA3"},    {"ChaCha", 0, 0, "NEON"},
    {"ChaCha", 0, 13, "SVE"},   {"Poly1305", 0, 0, "NEON"},
#else
    {"AES", 0, 57, "AES-NI"},      {"GCM", 0, 33, "PCLMULQDQ"}, {"AES", 1, 41, "VAES"},
    {"GCM", 1, 42, "VPCLMULQDQ"},  {"SHA1", 1, 29, "SHA-NI"},   {"SHA256", 1, 29, "SHA-NI"},
    {"SHA224", 1, 29, "SHA-NI"},   {"SHA", 1, 5, "AVX2"},       {"ChaCha", 1, 5, "AVX2"},
    {"ChaCha", 1, 16, "AVX-512F"}, {"Poly1305", 1, 5, "AVX2"},
#endif
};

/* "provider=default AES-NI PCLMULQDQ": who implements `name`, and the CPU features its code
 * runs with here. The buffer is static: the runner copies it at once. */
const char *describe_impl(const char *name, const OSSL_PROVIDER *provider)
{
  static char text[160];
  size_t used = (size_t)snprintf(text, sizeof text, "provider=%s",
                                 provider ? OSSL_PROVIDER_get0_name(provider) : "?");
  uint64_t words[2] = {cap_word(0), cap_word(1)};
  for (size_t i = 0; i < sizeof feature_bits / sizeof feature_bits[0]; i++) {
    if (strcasestr(name, feature_bits[i].contains) == NULL ||
        (words[feature_bits[i].word] & (UINT64_C(1) << feature_bits[i].bit)) == 0 ||
        strstr(text, feature_bits[i].feature) != NULL || used >= sizeof text)
      continue;
    used += (size_t)snprintf(text + used, sizeof text - used, " %s", feature_bits[i].feature);
  }
  return text;
}

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  /* Loading any provider explicitly disables the implicit default: load both, once. */
  if (default_provider == NULL)
    default_provider = OSSL_PROVIDER_load(NULL, "default");
  if (default_provider == NULL)
    return ossl_fail(SM_FAILED, msg, msg_len, "OSSL_PROVIDER_load(default)");
  if (legacy_provider == NULL)
    legacy_provider = OSSL_PROVIDER_load(NULL, "legacy");
  /* A missing legacy provider is reported per algorithm by probe_legacy(), not here. */
  ERR_clear_error();

  const char *cpu = OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS);
  if (!CAP_SWITCH_SET && config->accel == SM_ACCEL_OFF)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "the engine sets OpenSSL's switch on x86 and Arm only, not this "
                  "architecture's (OPENSSL_s390xcap, OPENSSL_riscvcap)");
  if (cpu == NULL || strncmp(cpu, CAP_PREFIX, strlen(CAP_PREFIX)) != 0) {
    /* A version that does not report its vector still read the switch when it loaded. */
    const char *set = getenv(CAP_SWITCH);
    if (config->accel == SM_ACCEL_OFF && set == NULL)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                    "OpenSSL has no " CAP_SWITCH " switch on this architecture");
    return sm_msg(SM_OK, msg, msg_len, "no capability vector reported%s%s",
                  set != NULL ? "; " CAP_PREFIX : "", set != NULL ? set : "");
  }
  /* The runner sets the switch before loading us; check it reached the library. */
  if (config->accel == SM_ACCEL_OFF && (cap_word(0) & CAP_AES) != 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  CAP_SWITCH " was not set when libcrypto loaded (" CAP_AES_NAME " still on): %s",
                  cpu);
  return sm_msg(SM_OK, msg, msg_len, "%s%s", cpu,
                legacy_provider != NULL ? "" : "; legacy provider not available");
}

static void engine_shutdown(void)
{
  if (legacy_provider != NULL)
    OSSL_PROVIDER_unload(legacy_provider);
  if (default_provider != NULL)
    OSSL_PROVIDER_unload(default_provider);
  legacy_provider = NULL;
  default_provider = NULL;
}

/* EVP algorithms that OpenSSL 3 moved to the legacy provider. */
const char *probe_legacy(void)
{
  return legacy_provider != NULL ? NULL : "OpenSSL legacy provider not available";
}
/* ------------------------------------------------------------------------------------------ */
/* The table: each family file's rows (`const SmAlgorithm cipher_rows[]` in cipher.c, ...), in
 * this order. A family file is one line here and one in engines/meson.build: pq.c, defining
 * pq_rows, makes this `SM_KIND_FAMILIES(FAMILY) FAMILY(pq)`. */

#define FAMILIES(FAMILY) SM_KIND_FAMILIES(FAMILY) FAMILY(pq)

FAMILIES(SM_DECLARE_ROWS)
static const SmAlgorithm *const families[] = {FAMILIES(SM_ROWS_OF)};

/* Room for every row of every family, and the NULL row that ends the table. */
#define MAX_ALGORITHMS 255
static SmAlgorithm algorithms[MAX_ALGORITHMS + 1];

#if defined(__aarch64__) || defined(__arm__)
/* Every capability bit off: NEON, AES, PMULL, SHA-1/2/512, SHA-3, SVE. */
static const char *const accel_off_env[] = {"OPENSSL_armcap=0", NULL};
#elif CAP_SWITCH_SET
/* Masks AES-NI (bit 57) and PCLMULQDQ (bit 33); no ':' part zeroes the second capability word,
 * so AVX2, AVX-512, SHA extensions and VAES go off as well. */
static const char *const accel_off_env[] = {"OPENSSL_ia32cap=~0x200000200000000", NULL};
#else
static const char *const *const accel_off_env = NULL;
#endif

static const SmEngine engine = {
    .abi_major = SM_ABI_MAJOR,
    .abi_minor = SM_ABI_MINOR,
    .size = sizeof(SmEngine),
    .name = "openssl",
    .library = "OpenSSL",
    .library_version = lib_version,
    .init = engine_init,
    .shutdown = engine_shutdown,
    .accel_off_env = accel_off_env,
    .api_meaning = {[SM_API_EVP] = "EVP interface (EVP_CIPHER/EVP_MD/EVP_MAC/EVP_PKEY, fetched "
                                   "once per cell)",
                    [SM_API_LOW] = "non-EVP functions (AES_*, SHA256_*, HMAC_*, RSA_*, ...), "
                                   "deprecated in 3.0"},
    .algorithms = algorithms,
    .implicit_meaning = "EVP with the built-in objects (EVP_sha256(), EVP_aes_128_gcm(), ...) "
                        "passed to each init, which fetches the algorithm again: how code "
                        "written before 3.0 calls it (digests and ciphers)",
};

SM_DEFINE_ENTRY_ASSEMBLED(engine, families, algorithms, MAX_ALGORITHMS)
