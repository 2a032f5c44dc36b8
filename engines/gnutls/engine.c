/* speedmatrix engine: GnuTLS (written against 3.7.9).
 *
 * evp = GnuTLS's crypto API with handles made once per cell in setup: gnutls_cipher_* (CBC
 * chains and stream ciphers continue across calls), gnutls_aead_cipher_* (one whole message per
 * call), gnutls_hash_* and gnutls_hmac_* (gnutls_*_output resets the state and keeps the key),
 * gnutls_privkey_sign_data2 / gnutls_pubkey_verify_data2.
 * low = the only direct calls GnuTLS exports, gnutls_hash_fast and gnutls_hmac_fast; below
 * them GnuTLS's direct layer is Nettle, which is an engine of its own.
 *
 * Signing allocates: gnutls_privkey_sign_data2 returns a signature it allocated, and
 * gnutls_decode_rs_value allocates r and s. That is the API's cost and is what is measured.
 *
 * Randomness: ECDSA and DSA sign with GNUTLS_PRIVKEY_FLAG_REPRODUCIBLE (RFC 6979 nonces), so
 * they need none. RSA blinding draws from GnuTLS's own generator, which cannot be seeded.
 *
 * The code is split by family (cipher.c, aead.c, digest.c, mac.c, pk.c; what they share in
 * gnutls-engine.h); this file holds the helpers they share, the descriptor and the table
 * assembled from their rows. */
#include "gnutls-engine.h"

/* ---------------------------------------------------------------- helpers */

static const uint8_t empty_bytes[1];

gnutls_datum_t datum(SmBytes bytes)
{
  return (gnutls_datum_t){(unsigned char *)(bytes.data != NULL ? bytes.data : empty_bytes),
                          (unsigned int)bytes.len};
}

SmResult gt_fail(SmResult result, char *msg, size_t msg_len, const char *what, int err)
{
  return sm_msg(result, msg, msg_len, "%s: %s", what, gnutls_strerror(err));
}

SmResult gt_setup_result(int err, const char *what, char *msg, size_t msg_len)
{
  if (err >= 0)
    return SM_OK;
  bool absent = err == GNUTLS_E_UNKNOWN_CIPHER_TYPE || err == GNUTLS_E_UNKNOWN_HASH_ALGORITHM ||
                err == GNUTLS_E_UNWANTED_ALGORITHM || err == GNUTLS_E_INVALID_REQUEST ||
                err == GNUTLS_E_UNKNOWN_ALGORITHM || err == GNUTLS_E_UNIMPLEMENTED_FEATURE;
  return gt_fail(absent ? SM_UNSUPPORTED : SM_FAILED, msg, msg_len, what, err);
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

static const char *lib_version(void) { return gnutls_check_version(NULL); }

/* What GnuTLS says about its CPU-specific code: its level-2 log lines "Intel AES accelerator
 * was detected" etc., written only while the library initialises. */
static char accel_report[512];

static void collect_accel_log(int level, const char *line)
{
  (void)level;
  if (strstr(line, "was detected") == NULL && strstr(line, "accelerator") == NULL)
    return;
  size_t used = strlen(accel_report);
  size_t len = strcspn(line, "\n");
  if (used + len + 3 < sizeof accel_report)
    snprintf(accel_report + used, sizeof accel_report - used, "%s%.*s", used > 0 ? "; " : "",
             (int)len, line);
}

/* GnuTLS initialises itself when it loads, before anyone can install a log function; one
 * deinit/init cycle with logging on repeats its CPU detection where it can be heard. The
 * detection itself honours GNUTLS_CPUID_OVERRIDE (and Nettle's NETTLE_FAT_OVERRIDE) from the
 * environment the runner set before loading. */
static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  static bool done;
  const char *cpuid = getenv("GNUTLS_CPUID_OVERRIDE");
  const char *fat = getenv("NETTLE_FAT_OVERRIDE");
  if (config != NULL && config->accel == SM_ACCEL_OFF &&
      (cpuid == NULL || strcmp(cpuid, "0x1") != 0 || fat == NULL || fat[0] != '\0'))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "GNUTLS_CPUID_OVERRIDE=0x1 and NETTLE_FAT_OVERRIDE= were not set when GnuTLS "
                  "loaded");
  if (!done) {
    accel_report[0] = '\0';
    gnutls_global_set_log_function(collect_accel_log);
    gnutls_global_set_log_level(2);
    gnutls_global_deinit();
    int err = gnutls_global_init();
    gnutls_global_set_log_level(0);
    if (err < 0)
      return gt_fail(SM_FAILED, msg, msg_len, "gnutls_global_init", err);
    done = true;
  }
  return sm_msg(SM_OK, msg, msg_len, "%s%s%s%s; RSA blinding uses GnuTLS's own RNG (unseeded)",
                accel_report[0] != '\0' ? accel_report : "no accelerator reported",
                cpuid != NULL ? "; GNUTLS_CPUID_OVERRIDE=" : "", cpuid != NULL ? cpuid : "",
                fat != NULL ? "; NETTLE_FAT_OVERRIDE set" : "");
}

/* Both: GnuTLS's own x86 code obeys the first, the Nettle fat code beneath it the second. */
static const char *const accel_off_env[] = {"GNUTLS_CPUID_OVERRIDE=0x1",
                                            "NETTLE_FAT_OVERRIDE=", NULL};

SM_ENGINE_DESCRIPTOR(engine, "gnutls", "GnuTLS", lib_version, engine_init, NULL, accel_off_env,
                     "crypto API handles made once per cell (gnutls_cipher_*, "
                     "gnutls_aead_cipher_*, gnutls_hash_*, gnutls_hmac_*, "
                     "gnutls_privkey_sign_data2/gnutls_pubkey_verify_data2)",
                     "the one-shot calls gnutls_hash_fast and gnutls_hmac_fast", algorithms);

SM_DEFINE_ENTRY_ASSEMBLED(engine, families, algorithms, MAX_ALGORITHMS)
