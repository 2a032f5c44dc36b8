/* speedmatrix engine: OpenSSL 3, measured through EVP (algorithms fetched once per cell) and
 * through the non-EVP functions that `openssl speed` 3.x no longer measures. */

/* The low level benchmarks the non-EVP API deprecated in 3.0 on purpose: keep its declarations
 * warning-free in this file only. */
#define OPENSSL_SUPPRESS_DEPRECATED

#include "engine.h"
#include "openssl/pq.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/aes.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/md5.h>
#include <openssl/modes.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/provider.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>
#ifndef OPENSSL_NO_MD4
#include <openssl/md4.h>
#endif
#ifndef OPENSSL_NO_RMD160
#include <openssl/ripemd.h>
#endif
#ifndef OPENSSL_NO_CAMELLIA
#include <openssl/camellia.h>
#endif
#ifndef OPENSSL_NO_DES
#include <openssl/des.h>
#endif
#ifndef OPENSSL_NO_BF
#include <openssl/blowfish.h>
#endif
#ifndef OPENSSL_NO_CAST
#include <openssl/cast.h>
#endif
#ifndef OPENSSL_NO_IDEA
#include <openssl/idea.h>
#endif
#ifndef OPENSSL_NO_RC2
#include <openssl/rc2.h>
#endif
#ifndef OPENSSL_NO_RC4
#include <openssl/rc4.h>
#endif
#ifndef OPENSSL_NO_CMAC
#include <openssl/cmac.h>
#endif
#ifndef OPENSSL_NO_DSA
#include <openssl/dsa.h>
#endif
#ifndef OPENSSL_NO_EC
#include <openssl/ec.h>
#endif

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */

/* Reports the newest OpenSSL error after `what`, and empties the queue for the next caller. */
static SmResult ossl_fail(SmResult result, char *msg, size_t msg_len, const char *what)
{
  char reason[256] = "no OpenSSL error queued";
  unsigned long err = ERR_peek_last_error();
  if (err != 0)
    ERR_error_string_n(err, reason, sizeof reason);
  ERR_clear_error();
  return sm_msg(result, msg, msg_len, "%s: %s", what, reason);
}

/* An op failed: leave no stale errors behind for the next cell. */
static SmResult op_failed(void)
{
  ERR_clear_error();
  return SM_FAILED;
}

static SmResult out_of_memory(char *msg, size_t msg_len)
{
  return sm_msg(SM_FAILED, msg, msg_len, "out of memory");
}

/* A private copy of runner-owned bytes (never NULL, even when empty). */
static uint8_t *copy_bytes(SmBytes bytes)
{
  uint8_t *copy = malloc(bytes.len > 0 ? bytes.len : 1);
  if (copy != NULL && bytes.len > 0)
    memcpy(copy, bytes.data, bytes.len);
  return copy;
}

/* Key pointers handed to OpenSSL must be non-NULL even for empty keys (NULL means "reuse"). */
static const uint8_t *key_data(SmBytes key)
{
  static const uint8_t empty[1] = {0};
  return key.data != NULL ? key.data : empty;
}

static BIGNUM *bn_from(SmBytes bytes) { return BN_bin2bn(bytes.data, (int)bytes.len, NULL); }

/* Length of a big-endian value once its leading zero bytes are dropped. */
static size_t significant_len(SmBytes bytes)
{
  size_t skip = 0;
  while (skip < bytes.len && bytes.data[skip] == 0)
    skip++;
  return bytes.len - skip;
}

/* ECDSA/DSA: OpenSSL speaks DER SEQUENCE{INTEGER r, INTEGER s}; the runner speaks r||s fixed
 * width. Converted by hand so that the hot path does not allocate an ECDSA_SIG. */
#define RS_MAX_WIDTH 128

static size_t der_length_size(size_t len) { return len < 0x80 ? 1 : len < 0x100 ? 2 : 3; }

static size_t der_put_length(uint8_t *out, size_t len)
{
  if (len < 0x80) {
    out[0] = (uint8_t)len;
    return 1;
  }
  if (len < 0x100) {
    out[0] = 0x81;
    out[1] = (uint8_t)len;
    return 2;
  }
  out[0] = 0x82;
  out[1] = (uint8_t)(len >> 8);
  out[2] = (uint8_t)len;
  return 3;
}

/* Minimal INTEGER content of an unsigned big-endian value: its size and where it starts. */
static size_t der_integer_body(const uint8_t *value, size_t width, const uint8_t **start, bool *pad)
{
  while (width > 1 && value[0] == 0) {
    value++;
    width--;
  }
  *start = value;
  *pad = (value[0] & 0x80) != 0;
  return width + (*pad ? 1 : 0);
}

static size_t der_put_integer(uint8_t *out, const uint8_t *value, size_t width)
{
  const uint8_t *start;
  bool pad;
  size_t body = der_integer_body(value, width, &start, &pad);
  size_t n = 0;
  out[n++] = 0x02;
  n += der_put_length(out + n, body);
  if (pad)
    out[n++] = 0x00;
  memcpy(out + n, start, body - (pad ? 1 : 0));
  return n + body - (pad ? 1 : 0);
}

static size_t der_integer_size(const uint8_t *value, size_t width)
{
  const uint8_t *start;
  bool pad;
  size_t body = der_integer_body(value, width, &start, &pad);
  return 1 + der_length_size(body) + body;
}

/* r||s (each `width` bytes) -> DER into `der` (room for 2 * (width + 4) + 4 bytes). */
static size_t rs_to_der(const uint8_t *rs, size_t width, uint8_t *der)
{
  size_t body = der_integer_size(rs, width) + der_integer_size(rs + width, width);
  size_t n = 0;
  der[n++] = 0x30;
  n += der_put_length(der + n, body);
  n += der_put_integer(der + n, rs, width);
  n += der_put_integer(der + n, rs + width, width);
  return n;
}

static bool der_get_length(const uint8_t **p, const uint8_t *end, size_t *len)
{
  if (*p >= end)
    return false;
  uint8_t first = *(*p)++;
  if (first < 0x80) {
    *len = first;
    return true;
  }
  size_t count = first & 0x7f;
  if (count == 0 || count > 2 || (size_t)(end - *p) < count)
    return false;
  *len = 0;
  while (count-- > 0)
    *len = (*len << 8) | *(*p)++;
  return true;
}

static bool der_get_integer(const uint8_t **p, const uint8_t *end, uint8_t *out, size_t width)
{
  size_t len;
  if (*p >= end || *(*p)++ != 0x02 || !der_get_length(p, end, &len) || len == 0 ||
      len > (size_t)(end - *p))
    return false;
  const uint8_t *value = *p;
  *p += len;
  while (len > 0 && value[0] == 0) {
    value++;
    len--;
  }
  if (len > width)
    return false;
  memset(out, 0, width - len);
  memcpy(out + width - len, value, len);
  return true;
}

static bool der_to_rs(const uint8_t *der, size_t der_len, size_t width, uint8_t *rs)
{
  const uint8_t *p = der, *end = der + der_len;
  size_t len;
  if (der_len < 2 || *p++ != 0x30 || !der_get_length(&p, end, &len) || len != (size_t)(end - p))
    return false;
  return der_get_integer(&p, end, rs, width) && der_get_integer(&p, end, rs + width, width) &&
         p == end;
}

#ifndef OPENSSL_NO_EC
/* A point from its 04||x||y encoding, or else the public point d*G of the scalar `priv`. */
static EC_POINT *ec_point_from(const EC_GROUP *group, SmBytes pub, SmBytes priv)
{
  EC_POINT *point = EC_POINT_new(group);
  if (point == NULL)
    return NULL;
  bool ok;
  if (pub.len > 0) {
    ok = EC_POINT_oct2point(group, point, pub.data, pub.len, NULL) == 1;
  } else {
    BIGNUM *d = bn_from(priv);
    ok = priv.len > 0 && d != NULL && EC_POINT_mul(group, point, d, NULL, NULL, NULL) == 1;
    BN_clear_free(d);
  }
  if (!ok) {
    EC_POINT_free(point);
    return NULL;
  }
  return point;
}
#endif

/* ------------------------------------------------------------------------------------------ */
/* Library state: providers and capabilities                                                   */

static OSSL_PROVIDER *default_provider;
static OSSL_PROVIDER *legacy_provider;

/* "3.0.22": the number alone, as the other engines report theirs (OPENSSL_VERSION adds the
 * name and build date). */
static const char *lib_version(void) { return OpenSSL_version(OPENSSL_FULL_VERSION_STRING); }

/* Bit 57 of the first capability word: AES-NI, the first thing OPENSSL_ia32cap masks. */
#define IA32CAP_AESNI (UINT64_C(1) << 57)

/* ---- which implementation runs (the impl column) ---- */

/* The capability vector libcrypto runs with ("OPENSSL_ia32cap=0xW0:0xW1"): word 0 or 1. */
static uint64_t cap_word(int which)
{
  const char *cpu = OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS);
  if (cpu == NULL || strncmp(cpu, "OPENSSL_ia32cap=", 16) != 0)
    return 0;
  char *end = NULL;
  uint64_t first = strtoull(cpu + 16, &end, 16);
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
    {"AES", 0, 57, "AES-NI"},      {"GCM", 0, 33, "PCLMULQDQ"}, {"AES", 1, 41, "VAES"},
    {"GCM", 1, 42, "VPCLMULQDQ"},  {"SHA1", 1, 29, "SHA-NI"},   {"SHA256", 1, 29, "SHA-NI"},
    {"SHA224", 1, 29, "SHA-NI"},   {"SHA", 1, 5, "AVX2"},       {"ChaCha", 1, 5, "AVX2"},
    {"ChaCha", 1, 16, "AVX-512F"}, {"Poly1305", 1, 5, "AVX2"},
};

/* "provider=default AES-NI PCLMULQDQ": who implements `name`, and the CPU features its code
 * runs with here. The buffer is static: the runner copies it at once. */
static const char *describe_impl(const char *name, const OSSL_PROVIDER *provider)
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
  if (cpu == NULL || strncmp(cpu, "OPENSSL_ia32cap=", 16) != 0) {
    if (config->accel == SM_ACCEL_OFF)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                    "OpenSSL has no OPENSSL_ia32cap switch on this architecture");
    return sm_msg(SM_OK, msg, msg_len, "no x86 capability vector");
  }
  /* The runner sets OPENSSL_ia32cap before loading us; check it reached the library. */
  uint64_t first_word = strtoull(cpu + 16, NULL, 16);
  if (config->accel == SM_ACCEL_OFF && (first_word & IA32CAP_AESNI) != 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "OPENSSL_ia32cap was not set when libcrypto loaded (AES-NI still on): %s", cpu);
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
static const char *probe_legacy(void)
{
  return legacy_provider != NULL ? NULL : "OpenSSL legacy provider not available";
}

/* Every (algorithm, level) is a row of const data reaching its family's one setup as
 * params->impl_data (ABI 1.1): a name to fetch, a descriptor or a curve. The SmImpl macros below
 * only fill in a family's setup, ops and teardown around a row. */

/* A row of the EVP cipher, AEAD and digest tables: the name EVP_*_fetch takes. */
typedef struct {
  const char *fetch_name;
} EvpRow;

/* ------------------------------------------------------------------------------------------ */
/* evp: ciphers (stream on one context)                                                        */

typedef struct {
  EVP_CIPHER *cipher;
  EVP_CIPHER_CTX *ctx;
  uint8_t iv[EVP_MAX_IV_LENGTH]; /* XTS re-sets the tweak per call */
} EvpCipherState;

static void evp_cipher_teardown(void *state)
{
  EvpCipherState *st = state;
  if (st == NULL)
    return;
  EVP_CIPHER_CTX_free(st->ctx);
  EVP_CIPHER_free(st->cipher);
  free(st);
}

static SmResult evp_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const char *name = ((const EvpRow *)params->impl_data)->fetch_name;
  if (params->max_len > INT_MAX)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "EVP takes at most INT_MAX bytes per call");
  EvpCipherState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  int enc = params->op == SM_OP_ENCRYPT;
  st->cipher = EVP_CIPHER_fetch(NULL, name, NULL);
  if (st->cipher == NULL) {
    evp_cipher_teardown(st);
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, name);
  }
  size_t iv_len = (size_t)EVP_CIPHER_get_iv_length(st->cipher);
  if (params->iv.len != iv_len || iv_len > sizeof st->iv) {
    evp_cipher_teardown(st);
    return sm_msg(SM_FAILED, msg, msg_len, "%s takes a %zu-byte IV, got %zu", name, iv_len,
                  params->iv.len);
  }
  if (iv_len > 0)
    memcpy(st->iv, params->iv.data, iv_len);
  st->ctx = EVP_CIPHER_CTX_new();
  /* Key length first (variable-length ciphers), then key and IV: the schedule happens here. */
  if (st->ctx == NULL || EVP_CipherInit_ex2(st->ctx, st->cipher, NULL, NULL, enc, NULL) != 1 ||
      EVP_CIPHER_CTX_set_padding(st->ctx, 0) != 1 ||
      ((size_t)EVP_CIPHER_CTX_get_key_length(st->ctx) != params->key.len &&
       EVP_CIPHER_CTX_set_key_length(st->ctx, (int)params->key.len) != 1) ||
      EVP_CipherInit_ex2(st->ctx, NULL, key_data(params->key), iv_len > 0 ? st->iv : NULL, enc,
                         NULL) != 1) {
    evp_cipher_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "EVP_CipherInit_ex2");
  }
  *state = st;
  return SM_OK;
}

static SmResult evp_cipher_encrypt(void *state, SmIo *io)
{
  EvpCipherState *st = state;
  int out_len;
  if (io->out_len < io->in_len ||
      EVP_EncryptUpdate(st->ctx, io->out, &out_len, io->in, (int)io->in_len) != 1 ||
      (size_t)out_len != io->in_len)
    return op_failed();
  io->out_len = (size_t)out_len;
  return SM_OK;
}

static SmResult evp_cipher_decrypt(void *state, SmIo *io)
{
  EvpCipherState *st = state;
  int out_len;
  if (io->out_len < io->in_len ||
      EVP_DecryptUpdate(st->ctx, io->out, &out_len, io->in, (int)io->in_len) != 1 ||
      (size_t)out_len != io->in_len)
    return op_failed();
  io->out_len = (size_t)out_len;
  return SM_OK;
}

/* XTS: each call is one data unit, so the tweak is set again first (no re-keying). */
static SmResult evp_xts_encrypt(void *state, SmIo *io)
{
  EvpCipherState *st = state;
  if (EVP_CipherInit_ex2(st->ctx, NULL, NULL, st->iv, -1, NULL) != 1)
    return op_failed();
  return evp_cipher_encrypt(state, io);
}

static SmResult evp_xts_decrypt(void *state, SmIo *io)
{
  EvpCipherState *st = state;
  if (EVP_CipherInit_ex2(st->ctx, NULL, NULL, st->iv, -1, NULL) != 1)
    return op_failed();
  return evp_cipher_decrypt(state, io);
}

static const char *evp_cipher_impl_name(const SmParams *params, void *state)
{
  const EvpCipherState *st = state;
  return describe_impl(((const EvpRow *)params->impl_data)->fetch_name,
                       EVP_CIPHER_get0_provider(st->cipher));
}

/* XTS differs from the other ciphers only in its ops (prefix evp_xts instead of evp_cipher). */
#define EVP_CIPHER_IMPL(ops, name, probe_fn)                                                       \
  {                                                                                                \
    .setup = evp_cipher_setup,                                                                     \
    .op = {[SM_OP_ENCRYPT] = ops##_encrypt, [SM_OP_DECRYPT] = ops##_decrypt},                      \
    .teardown = evp_cipher_teardown, .probe = probe_fn, .data = (&(const EvpRow){name}),           \
    .impl_name = evp_cipher_impl_name                                                              \
  }

static const SmImpl aes_128_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-128-CBC", NULL);
static const SmImpl aes_192_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-192-CBC", NULL);
static const SmImpl aes_256_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-256-CBC", NULL);
static const SmImpl aes_128_ctr_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-128-CTR", NULL);
static const SmImpl aes_192_ctr_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-192-CTR", NULL);
static const SmImpl aes_256_ctr_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-256-CTR", NULL);
static const SmImpl aes_128_xts_evp = EVP_CIPHER_IMPL(evp_xts, "AES-128-XTS", NULL);
static const SmImpl aes_256_xts_evp = EVP_CIPHER_IMPL(evp_xts, "AES-256-XTS", NULL);
#ifndef OPENSSL_NO_CHACHA
static const SmImpl chacha20_evp = EVP_CIPHER_IMPL(evp_cipher, "ChaCha20", NULL);
#endif
#ifndef OPENSSL_NO_CAMELLIA
static const SmImpl camellia_128_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "CAMELLIA-128-CBC", NULL);
#endif
#ifndef OPENSSL_NO_SM4
static const SmImpl sm4_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "SM4-CBC", NULL);
#endif
#ifndef OPENSSL_NO_CAST
static const SmImpl cast5_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "CAST5-CBC", probe_legacy);
#endif
#ifndef OPENSSL_NO_BF
static const SmImpl bf_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "BF-CBC", probe_legacy);
#endif
#ifndef OPENSSL_NO_IDEA
static const SmImpl idea_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "IDEA-CBC", probe_legacy);
#endif
#ifndef OPENSSL_NO_RC2
static const SmImpl rc2_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "RC2-CBC", probe_legacy);
#endif
#ifndef OPENSSL_NO_DES
static const SmImpl des_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "DES-CBC", probe_legacy);
static const SmImpl des_ede3_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "DES-EDE3-CBC", NULL);
#endif
#ifndef OPENSSL_NO_RC4
static const SmImpl rc4_evp = EVP_CIPHER_IMPL(evp_cipher, "RC4", probe_legacy);
#endif

/* ------------------------------------------------------------------------------------------ */
/* evp: AEAD (per call: nonce, AAD, data, final, tag; the key schedule stays in the context) */

typedef struct {
  EVP_CIPHER *cipher;
  EVP_CIPHER_CTX *ctx;
  uint8_t *iv;
  uint8_t *aad;
  size_t aad_len;
  size_t tag_len;
  uint8_t tag[16];
  /* The tag goes through OSSL_PARAMs built once: cheaper per call than the ctrl wrappers. */
  OSSL_PARAM tag_param[2];
} EvpAeadState;

static void evp_aead_teardown(void *state)
{
  EvpAeadState *st = state;
  if (st == NULL)
    return;
  EVP_CIPHER_CTX_free(st->ctx);
  EVP_CIPHER_free(st->cipher);
  free(st->iv);
  free(st->aad);
  free(st);
}

/* CCM puts the message length in the 15 - nonce bytes its nonce leaves of the first block: the
 * largest message that fits, or SIZE_MAX when that is no limit here. */
static size_t ccm_max_message(size_t nonce_len)
{
  size_t length_bytes = nonce_len < 15 ? 15 - nonce_len : 0;
  return length_bytes >= sizeof(size_t) ? SIZE_MAX : ((size_t)1 << (8 * length_bytes)) - 1;
}

static SmResult evp_aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const char *name = ((const EvpRow *)params->impl_data)->fetch_name;
  if (params->max_len > INT_MAX - 16 || params->aad.len > INT_MAX)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "EVP takes at most INT_MAX bytes per call");
  if (params->tag_len == 0 || params->tag_len > 16 || params->iv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu / nonce length %zu unsupported",
                  params->tag_len, params->iv.len);
  EvpAeadState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->tag_len = params->tag_len;
  st->aad_len = params->aad.len;
  st->iv = copy_bytes(params->iv);
  st->aad = copy_bytes(params->aad);
  if (st->iv == NULL || st->aad == NULL) {
    evp_aead_teardown(st);
    return out_of_memory(msg, msg_len);
  }
  int enc = params->op == SM_OP_ENCRYPT;
  st->cipher = EVP_CIPHER_fetch(NULL, name, NULL);
  if (st->cipher == NULL) {
    evp_aead_teardown(st);
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, name);
  }
  size_t iv_len = params->iv.len;
  OSSL_PARAM iv_param[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &iv_len),
                           OSSL_PARAM_construct_end()};
  /* CCM fixes the tag length before the key (a NULL tag sets only its length). */
  bool ccm = EVP_CIPHER_get_mode(st->cipher) == EVP_CIPH_CCM_MODE;
  OSSL_PARAM tag_len_param[] = {
      OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, st->tag_len),
      OSSL_PARAM_construct_end()};
  if (ccm && params->max_len > ccm_max_message(iv_len)) {
    evp_aead_teardown(st);
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "CCM with a %zu-byte nonce carries at most %zu bytes per message, not %zu",
                  iv_len, ccm_max_message(iv_len), params->max_len);
  }
  int key_len = EVP_CIPHER_get_key_length(st->cipher);
  if ((size_t)key_len != params->key.len) {
    evp_aead_teardown(st);
    return sm_msg(SM_FAILED, msg, msg_len, "%s takes a %d-byte key", name, key_len);
  }
  st->tag_param[0] =
      OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, st->tag, st->tag_len);
  st->tag_param[1] = OSSL_PARAM_construct_end();
  st->ctx = EVP_CIPHER_CTX_new();
  /* The key schedule happens once here; each call then only sets the nonce. */
  if (st->ctx == NULL || EVP_CipherInit_ex2(st->ctx, st->cipher, NULL, NULL, enc, NULL) != 1 ||
      ((size_t)EVP_CIPHER_CTX_get_iv_length(st->ctx) != iv_len &&
       EVP_CIPHER_CTX_set_params(st->ctx, iv_param) != 1) ||
      (ccm && EVP_CIPHER_CTX_set_params(st->ctx, tag_len_param) != 1) ||
      EVP_CipherInit_ex2(st->ctx, NULL, key_data(params->key), NULL, enc, NULL) != 1) {
    evp_aead_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "EVP_CipherInit_ex2");
  }
  *state = st;
  return SM_OK;
}

static SmResult evp_aead_encrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  int len, final_len;
  if (io->out_len < io->in_len + st->tag_len)
    return SM_FAILED;
  if (EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->iv, -1) != 1 ||
      (st->aad_len > 0 && EVP_EncryptUpdate(st->ctx, NULL, &len, st->aad, (int)st->aad_len) != 1) ||
      EVP_EncryptUpdate(st->ctx, io->out, &len, io->in, (int)io->in_len) != 1 ||
      EVP_EncryptFinal_ex(st->ctx, io->out + len, &final_len) != 1)
    return op_failed();
  size_t ct_len = (size_t)len + (size_t)final_len;
  st->tag_param[0].data = io->out + ct_len;
  if (EVP_CIPHER_CTX_get_params(st->ctx, st->tag_param) != 1)
    return op_failed();
  io->out_len = ct_len + st->tag_len;
  return SM_OK;
}

static SmResult evp_aead_decrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  int len, final_len;
  if (io->in_len < st->tag_len || io->out_len < io->in_len - st->tag_len)
    return SM_FAILED;
  size_t ct_len = io->in_len - st->tag_len;
  memcpy(st->tag, io->in + ct_len, st->tag_len);
  st->tag_param[0].data = st->tag;
  if (EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->iv, -1) != 1 ||
      EVP_CIPHER_CTX_set_params(st->ctx, st->tag_param) != 1 ||
      (st->aad_len > 0 && EVP_DecryptUpdate(st->ctx, NULL, &len, st->aad, (int)st->aad_len) != 1) ||
      EVP_DecryptUpdate(st->ctx, io->out, &len, io->in, (int)ct_len) != 1 ||
      EVP_DecryptFinal_ex(st->ctx, io->out + len, &final_len) != 1)
    return op_failed(); /* a bad tag fails in Final */
  io->out_len = (size_t)len + (size_t)final_len;
  return SM_OK;
}

/* CCM: a fresh init per message (the nonce), the total length before the AAD, the data in one
 * update; no final (CCM has none to add), then the tag. */
static SmResult evp_ccm_encrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  int len;
  if (io->out_len < io->in_len + st->tag_len)
    return SM_FAILED;
  if (EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->iv, -1) != 1 ||
      EVP_EncryptUpdate(st->ctx, NULL, &len, NULL, (int)io->in_len) != 1 ||
      (st->aad_len > 0 && EVP_EncryptUpdate(st->ctx, NULL, &len, st->aad, (int)st->aad_len) != 1) ||
      EVP_EncryptUpdate(st->ctx, io->out, &len, io->in, (int)io->in_len) != 1)
    return op_failed();
  st->tag_param[0].data = io->out + io->in_len;
  if (EVP_CIPHER_CTX_get_params(st->ctx, st->tag_param) != 1)
    return op_failed();
  io->out_len = io->in_len + st->tag_len;
  return SM_OK;
}

/* The expected tag goes in before the data: the update that decrypts also checks it. */
static SmResult evp_ccm_decrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  int len;
  if (io->in_len < st->tag_len || io->out_len < io->in_len - st->tag_len)
    return SM_FAILED;
  size_t ct_len = io->in_len - st->tag_len;
  memcpy(st->tag, io->in + ct_len, st->tag_len);
  st->tag_param[0].data = st->tag;
  if (EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->iv, -1) != 1 ||
      EVP_CIPHER_CTX_set_params(st->ctx, st->tag_param) != 1 ||
      EVP_DecryptUpdate(st->ctx, NULL, &len, NULL, (int)ct_len) != 1 ||
      (st->aad_len > 0 && EVP_DecryptUpdate(st->ctx, NULL, &len, st->aad, (int)st->aad_len) != 1) ||
      EVP_DecryptUpdate(st->ctx, io->out, &len, io->in, (int)ct_len) != 1)
    return op_failed(); /* a bad tag fails in the update */
  io->out_len = ct_len;
  return SM_OK;
}

static const char *evp_aead_impl_name(const SmParams *params, void *state)
{
  const EvpAeadState *st = state;
  return describe_impl(((const EvpRow *)params->impl_data)->fetch_name,
                       EVP_CIPHER_get0_provider(st->cipher));
}

/* GCM and ChaCha20-Poly1305 run the evp_aead ops, CCM the evp_ccm ones. */
#define EVP_AEAD_IMPL(ops, name)                                                                   \
  {                                                                                                \
    .setup = evp_aead_setup,                                                                       \
    .op = {[SM_OP_ENCRYPT] = ops##_encrypt, [SM_OP_DECRYPT] = ops##_decrypt},                      \
    .teardown = evp_aead_teardown, .data = (&(const EvpRow){name}),                                \
    .impl_name = evp_aead_impl_name                                                                \
  }

static const SmImpl aes_128_gcm_evp = EVP_AEAD_IMPL(evp_aead, "AES-128-GCM");
static const SmImpl aes_192_gcm_evp = EVP_AEAD_IMPL(evp_aead, "AES-192-GCM");
static const SmImpl aes_256_gcm_evp = EVP_AEAD_IMPL(evp_aead, "AES-256-GCM");
static const SmImpl aes_128_ccm_evp = EVP_AEAD_IMPL(evp_ccm, "AES-128-CCM");
static const SmImpl aes_256_ccm_evp = EVP_AEAD_IMPL(evp_ccm, "AES-256-CCM");
#if !defined(OPENSSL_NO_CHACHA) && !defined(OPENSSL_NO_POLY1305)
static const SmImpl chacha20_poly1305_evp = EVP_AEAD_IMPL(evp_aead, "ChaCha20-Poly1305");
#endif

/* ------------------------------------------------------------------------------------------ */
/* evp: digests (one reused EVP_MD_CTX, the EVP_MD fetched once)                              */

typedef struct {
  EVP_MD *md;
  EVP_MD_CTX *ctx;
  size_t out_len;
} EvpDigestState;

static void evp_digest_teardown(void *state)
{
  EvpDigestState *st = state;
  if (st == NULL)
    return;
  EVP_MD_CTX_free(st->ctx);
  EVP_MD_free(st->md);
  free(st);
}

static SmResult evp_digest_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const char *name = ((const EvpRow *)params->impl_data)->fetch_name;
  EvpDigestState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->md = EVP_MD_fetch(NULL, name, NULL);
  if (st->md == NULL) {
    evp_digest_teardown(st);
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, name);
  }
  st->out_len = (size_t)EVP_MD_get_size(st->md);
  st->ctx = EVP_MD_CTX_new();
  if (st->ctx == NULL) {
    evp_digest_teardown(st);
    return out_of_memory(msg, msg_len);
  }
  *state = st;
  return SM_OK;
}

static SmResult evp_digest_hash(void *state, SmIo *io)
{
  EvpDigestState *st = state;
  unsigned int len;
  if (io->out_len < st->out_len)
    return SM_FAILED;
  if (EVP_DigestInit_ex2(st->ctx, st->md, NULL) != 1 ||
      EVP_DigestUpdate(st->ctx, io->in, io->in_len) != 1 ||
      EVP_DigestFinal_ex(st->ctx, io->out, &len) != 1)
    return op_failed();
  io->out_len = len;
  return SM_OK;
}

static const char *evp_digest_impl_name(const SmParams *params, void *state)
{
  const EvpDigestState *st = state;
  return describe_impl(((const EvpRow *)params->impl_data)->fetch_name,
                       EVP_MD_get0_provider(st->md));
}

#define EVP_DIGEST_IMPL(name, probe_fn)                                                            \
  {                                                                                                \
    .setup = evp_digest_setup, .op = {[SM_OP_HASH] = evp_digest_hash},                             \
    .teardown = evp_digest_teardown, .probe = probe_fn, .data = (&(const EvpRow){name}),           \
    .impl_name = evp_digest_impl_name                                                              \
  }

#ifndef OPENSSL_NO_MD4
static const SmImpl md4_evp = EVP_DIGEST_IMPL("MD4", probe_legacy);
#endif
static const SmImpl md5_evp = EVP_DIGEST_IMPL("MD5", NULL);
static const SmImpl sha1_evp = EVP_DIGEST_IMPL("SHA1", NULL);
static const SmImpl sha224_evp = EVP_DIGEST_IMPL("SHA224", NULL);
static const SmImpl sha256_evp = EVP_DIGEST_IMPL("SHA256", NULL);
static const SmImpl sha384_evp = EVP_DIGEST_IMPL("SHA384", NULL);
static const SmImpl sha512_evp = EVP_DIGEST_IMPL("SHA512", NULL);
static const SmImpl sha3_256_evp = EVP_DIGEST_IMPL("SHA3-256", NULL);
static const SmImpl sha3_512_evp = EVP_DIGEST_IMPL("SHA3-512", NULL);
#ifndef OPENSSL_NO_BLAKE2
static const SmImpl blake2b512_evp = EVP_DIGEST_IMPL("BLAKE2B-512", NULL);
static const SmImpl blake2s256_evp = EVP_DIGEST_IMPL("BLAKE2S-256", NULL);
#endif
#ifndef OPENSSL_NO_RMD160
/* RIPEMD-160 joined the default provider in 3.0.7; before that only the legacy one has it. */
static const char *probe_ripemd160(void)
{
  EVP_MD *md = EVP_MD_fetch(NULL, "RIPEMD-160", NULL);
  bool found = md != NULL;
  EVP_MD_free(md);
  ERR_clear_error();
  return found ? NULL : "RIPEMD-160 needs the OpenSSL legacy provider, not available";
}

static const SmImpl ripemd160_evp = EVP_DIGEST_IMPL("RIPEMD-160", probe_ripemd160);
#endif
#ifndef OPENSSL_NO_SM3
static const SmImpl sm3_evp = EVP_DIGEST_IMPL("SM3", NULL);
#endif

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
  if (st == NULL)
    return;
  EVP_MAC_CTX_free(st->ctx);
  EVP_MAC_free(st->mac);
  if (st->key != NULL)
    OPENSSL_cleanse(st->key, st->key_len);
  free(st->key);
  free(st);
}

static SmResult evp_mac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const EvpMacDesc *desc = params->impl_data;
  EvpMacState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->mac = EVP_MAC_fetch(NULL, desc->mac, NULL);
  if (st->mac == NULL) {
    evp_mac_teardown(st);
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, desc->mac);
  }
  OSSL_PARAM mac_params[2] = {OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
  if (desc->param != NULL)
    mac_params[0] = OSSL_PARAM_construct_utf8_string(desc->param, (char *)desc->param_value, 0);
  st->ctx = EVP_MAC_CTX_new(st->mac);
  /* The keyed init here is the key schedule (HMAC pads, CMAC subkeys); calls re-use it. */
  if (st->ctx == NULL ||
      EVP_MAC_init(st->ctx, key_data(params->key), params->key.len, mac_params) != 1) {
    evp_mac_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "EVP_MAC_init");
  }
  st->out_len = EVP_MAC_CTX_get_mac_size(st->ctx);
  if (desc->key_per_call) {
    st->key_len = params->key.len;
    st->key = copy_bytes(params->key);
    if (st->key == NULL) {
      evp_mac_teardown(st);
      return out_of_memory(msg, msg_len);
    }
  }
  *state = st;
  return SM_OK;
}

static SmResult evp_mac_mac(void *state, SmIo *io)
{
  EvpMacState *st = state;
  size_t len;
  if (io->out_len < st->out_len)
    return SM_FAILED;
  /* A NULL key restarts HMAC/CMAC from the schedule kept in the context. */
  if (EVP_MAC_init(st->ctx, st->key, st->key_len, NULL) != 1 ||
      EVP_MAC_update(st->ctx, io->in, io->in_len) != 1 ||
      EVP_MAC_final(st->ctx, io->out, &len, io->out_len) != 1)
    return op_failed();
  io->out_len = len;
  return SM_OK;
}

static const char *evp_mac_impl_name(const SmParams *params, void *state)
{
  const EvpMacState *st = state;
  return describe_impl(((const EvpMacDesc *)params->impl_data)->param_value,
                       EVP_MAC_get0_provider(st->mac));
}

#define EVP_MAC_IMPL(...)                                                                          \
  {                                                                                                \
    .setup = evp_mac_setup, .op = {[SM_OP_MAC] = evp_mac_mac}, .teardown = evp_mac_teardown,       \
    .data = (&(const EvpMacDesc){__VA_ARGS__}), .impl_name = evp_mac_impl_name                     \
  }

static const SmImpl hmac_md5_evp = EVP_MAC_IMPL("HMAC", OSSL_MAC_PARAM_DIGEST, "MD5", false);
static const SmImpl hmac_sha1_evp = EVP_MAC_IMPL("HMAC", OSSL_MAC_PARAM_DIGEST, "SHA1", false);
static const SmImpl hmac_sha256_evp = EVP_MAC_IMPL("HMAC", OSSL_MAC_PARAM_DIGEST, "SHA256", false);
static const SmImpl hmac_sha384_evp = EVP_MAC_IMPL("HMAC", OSSL_MAC_PARAM_DIGEST, "SHA384", false);
static const SmImpl hmac_sha512_evp = EVP_MAC_IMPL("HMAC", OSSL_MAC_PARAM_DIGEST, "SHA512", false);
#ifndef OPENSSL_NO_CMAC
static const SmImpl cmac_aes128_evp =
    EVP_MAC_IMPL("CMAC", OSSL_MAC_PARAM_CIPHER, "AES-128-CBC", false);
#endif
#ifndef OPENSSL_NO_POLY1305
static const SmImpl poly1305_evp = EVP_MAC_IMPL("POLY1305", NULL, NULL, true);
#endif

/* ------------------------------------------------------------------------------------------ */
/* evp: keys from the runner's raw components                                                  */

typedef struct PkeyDesc PkeyDesc;
typedef EVP_PKEY *(*PkeyBuildFn)(const PkeyDesc *desc, const SmParams *params, bool *has_private);
typedef EVP_PKEY *(*PkeyPartsFn)(const PkeyDesc *desc, SmBytes priv, SmBytes pub);

struct PkeyDesc {
  const char *type;       /* OpenSSL key type: "RSA", "DSA", "EC", "ED25519", "X25519" */
  const char *md;         /* signature digest; NULL for EdDSA and key exchange */
  const char *group;      /* EC: curve name */
  int curve_nid;          /* EC: the same curve, for point arithmetic */
  size_t rs_width;        /* ECDSA: bytes of r and of s (order size) */
  bool rs;                /* the signature is r||s (ECDSA/DSA; DSA's width comes from q) */
  PkeyBuildFn build;      /* own key from SmParams */
  PkeyPartsFn from_parts; /* EC/raw keys from (priv, pub): also builds kex peers */
};

static EVP_PKEY *pkey_fromdata(const char *type, int selection, OSSL_PARAM_BLD *bld)
{
  OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, type, NULL);
  EVP_PKEY *pkey = NULL;
  if (params == NULL || ctx == NULL || EVP_PKEY_fromdata_init(ctx) != 1 ||
      EVP_PKEY_fromdata(ctx, &pkey, selection, params) != 1)
    pkey = NULL;
  OSSL_PARAM_free(params);
  EVP_PKEY_CTX_free(ctx);
  return pkey;
}

typedef struct {
  const char *name;
  SmBytes value;
  bool present;
} BnPart;

#define MAX_BN_PARTS 8

/* A key from big-number components (RSA, DSA): the builder keeps references until to_param. */
static EVP_PKEY *pkey_from_bns(const char *type, int selection, const BnPart *parts, size_t count)
{
  BIGNUM *bns[MAX_BN_PARTS] = {NULL};
  OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
  bool ok = bld != NULL && count <= MAX_BN_PARTS;
  for (size_t i = 0; ok && i < count; i++) {
    if (!parts[i].present)
      continue;
    bns[i] = bn_from(parts[i].value);
    ok = bns[i] != NULL && OSSL_PARAM_BLD_push_BN(bld, parts[i].name, bns[i]) == 1;
  }
  EVP_PKEY *pkey = ok ? pkey_fromdata(type, selection, bld) : NULL;
  for (size_t i = 0; i < MAX_BN_PARTS; i++)
    BN_clear_free(bns[i]);
  OSSL_PARAM_BLD_free(bld);
  return pkey;
}

static EVP_PKEY *build_rsa(const PkeyDesc *desc, const SmParams *params, bool *has_private)
{
  const SmRsaKey *k = &params->rsa;
  bool priv = k->d.len > 0;
  bool crt =
      priv && k->p.len > 0 && k->q.len > 0 && k->dp.len > 0 && k->dq.len > 0 && k->qinv.len > 0;
  const BnPart parts[] = {
      {OSSL_PKEY_PARAM_RSA_N, k->n, true},         {OSSL_PKEY_PARAM_RSA_E, k->e, true},
      {OSSL_PKEY_PARAM_RSA_D, k->d, priv},         {OSSL_PKEY_PARAM_RSA_FACTOR1, k->p, crt},
      {OSSL_PKEY_PARAM_RSA_FACTOR2, k->q, crt},    {OSSL_PKEY_PARAM_RSA_EXPONENT1, k->dp, crt},
      {OSSL_PKEY_PARAM_RSA_EXPONENT2, k->dq, crt}, {OSSL_PKEY_PARAM_RSA_COEFFICIENT1, k->qinv, crt},
  };
  *has_private = priv;
  return pkey_from_bns(desc->type, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, parts,
                       sizeof parts / sizeof parts[0]);
}

#ifndef OPENSSL_NO_DSA
static EVP_PKEY *build_dsa(const PkeyDesc *desc, const SmParams *params, bool *has_private)
{
  const SmDsaKey *k = &params->dsa;
  bool priv = k->x.len > 0;
  const BnPart parts[] = {
      {OSSL_PKEY_PARAM_FFC_P, k->p, true},    {OSSL_PKEY_PARAM_FFC_Q, k->q, true},
      {OSSL_PKEY_PARAM_FFC_G, k->g, true},    {OSSL_PKEY_PARAM_PUB_KEY, k->y, true},
      {OSSL_PKEY_PARAM_PRIV_KEY, k->x, priv},
  };
  *has_private = priv;
  return pkey_from_bns(desc->type, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, parts,
                       sizeof parts / sizeof parts[0]);
}
#endif

#ifndef OPENSSL_NO_EC
/* 04||x||y of d*G, malloc'd: EVP wants the public point alongside the scalar. */
static uint8_t *ec_public_from_private(int curve_nid, SmBytes priv, size_t *len)
{
  EC_GROUP *group = EC_GROUP_new_by_curve_name(curve_nid);
  EC_POINT *point = group != NULL ? ec_point_from(group, (SmBytes){NULL, 0}, priv) : NULL;
  uint8_t *out = NULL;
  *len = point != NULL
             ? EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, NULL, 0, NULL)
             : 0;
  if (*len > 0 && (out = malloc(*len)) != NULL &&
      EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, out, *len, NULL) != *len) {
    free(out);
    out = NULL;
  }
  EC_POINT_free(point);
  EC_GROUP_free(group);
  return out;
}

static EVP_PKEY *ec_from_parts(const PkeyDesc *desc, SmBytes priv, SmBytes pub)
{
  uint8_t *derived = NULL;
  if (pub.len == 0) {
    derived = ec_public_from_private(desc->curve_nid, priv, &pub.len);
    if (derived == NULL)
      return NULL;
    pub.data = derived;
  }
  BIGNUM *d = NULL;
  EVP_PKEY *pkey = NULL;
  OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
  if (bld != NULL &&
      OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, desc->group, 0) == 1 &&
      OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pub.data, pub.len) == 1 &&
      (priv.len == 0 || ((d = bn_from(priv)) != NULL &&
                         OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d) == 1)))
    pkey = pkey_fromdata(desc->type, priv.len > 0 ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, bld);
  BN_clear_free(d);
  OSSL_PARAM_BLD_free(bld);
  free(derived);
  return pkey;
}

/* Ed25519/Ed448/X25519/X448: OpenSSL derives the public half from the raw private one. */
static EVP_PKEY *raw_from_parts(const PkeyDesc *desc, SmBytes priv, SmBytes pub)
{
  if (priv.len > 0)
    return EVP_PKEY_new_raw_private_key_ex(NULL, desc->type, NULL, priv.data, priv.len);
  return EVP_PKEY_new_raw_public_key_ex(NULL, desc->type, NULL, pub.data, pub.len);
}

static EVP_PKEY *build_from_parts(const PkeyDesc *desc, const SmParams *params, bool *has_private)
{
  *has_private = params->priv.len > 0;
  return desc->from_parts(desc, params->priv, params->pub);
}

/* The kex peer as a public-only key: params->peer_pub, or derived from params->peer_priv. */
static EVP_PKEY *kex_peer(const PkeyDesc *desc, const SmParams *params)
{
  if (params->peer_pub.len > 0)
    return desc->from_parts(desc, (SmBytes){NULL, 0}, params->peer_pub);
  EVP_PKEY *full = desc->from_parts(desc, params->peer_priv, (SmBytes){NULL, 0});
  uint8_t pub[160];
  size_t pub_len = 0;
  bool ok = full != NULL && EVP_PKEY_get_octet_string_param(full, OSSL_PKEY_PARAM_PUB_KEY, pub,
                                                            sizeof pub, &pub_len) == 1;
  EVP_PKEY_free(full);
  return ok ? desc->from_parts(desc, (SmBytes){NULL, 0}, (SmBytes){pub, pub_len}) : NULL;
}
#endif

/* ------------------------------------------------------------------------------------------ */
/* evp: signatures. RSA, DSA, ECDSA: the message hashed on a reused EVP_MD_CTX, then
 * EVP_PKEY_sign/verify on an EVP_PKEY_CTX initialised once (as openssl speed signs; the
 * per-call EVP_DigestSignInit would re-fetch the digest and allocate a context every time).
 * EdDSA: EVP_DigestSign/Verify, initialised once (its one-shot is stateless). */

typedef struct {
  EVP_PKEY *pkey;
  EVP_MD *md; /* fetched once; NULL for EdDSA */
  EVP_MD_CTX *mdctx;
  EVP_PKEY_CTX *pctx; /* sign/verify context of a hashed scheme (md != NULL) */
  bool reinit;        /* hash then EVP_PKEY_sign/verify (all but EdDSA) */
  size_t width;       /* r||s width; 0 when OpenSSL's signature is used as is (RSA, EdDSA) */
  size_t der_cap;
  uint8_t *der;
} EvpSigState;

static void evp_sig_teardown(void *state)
{
  EvpSigState *st = state;
  if (st == NULL)
    return;
  EVP_MD_CTX_free(st->mdctx);
  EVP_PKEY_CTX_free(st->pctx);
  EVP_MD_free(st->md);
  EVP_PKEY_free(st->pkey);
  free(st->der);
  free(st);
}

static SmResult evp_sig_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const PkeyDesc *desc = params->impl_data;
  EvpSigState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  bool has_private = false;
  bool sign = params->op == SM_OP_SIGN;
  st->pkey = desc->build(desc, params, &has_private);
  if (st->pkey == NULL) {
    evp_sig_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "building the key");
  }
  if (sign && !has_private) {
    evp_sig_teardown(st);
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private key");
  }
  if (desc->rs) {
    st->width = desc->rs_width > 0 ? desc->rs_width : significant_len(params->dsa.q);
    /* Room for what OpenSSL emits and for what rs_to_der builds. */
    size_t pkey_size = (size_t)EVP_PKEY_get_size(st->pkey);
    st->der_cap = 2 * (st->width + 4) + 4;
    if (st->der_cap < pkey_size)
      st->der_cap = pkey_size;
    st->der = malloc(st->der_cap);
    if (st->width == 0 || st->width > RS_MAX_WIDTH || st->der == NULL) {
      size_t width = st->width;
      evp_sig_teardown(st);
      return sm_msg(SM_FAILED, msg, msg_len, "unusable signature width %zu", width);
    }
  }
  if (desc->md != NULL && (st->md = EVP_MD_fetch(NULL, desc->md, NULL)) == NULL) {
    evp_sig_teardown(st);
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, desc->md);
  }
  st->mdctx = EVP_MD_CTX_new();
  if (st->mdctx == NULL) {
    evp_sig_teardown(st);
    return out_of_memory(msg, msg_len);
  }
  st->reinit = desc->md != NULL;
  int ok;
  if (st->reinit) {
    st->pctx = EVP_PKEY_CTX_new_from_pkey(NULL, st->pkey, NULL);
    ok = st->pctx != NULL &&
         (sign ? EVP_PKEY_sign_init(st->pctx) : EVP_PKEY_verify_init(st->pctx)) == 1 &&
         EVP_PKEY_CTX_set_signature_md(st->pctx, st->md) == 1;
  } else {
    ok = sign ? EVP_DigestSignInit(st->mdctx, NULL, st->md, NULL, st->pkey)
              : EVP_DigestVerifyInit(st->mdctx, NULL, st->md, NULL, st->pkey);
  }
  if (ok != 1) {
    evp_sig_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, sign ? "EVP_DigestSignInit" : "EVP_DigestVerifyInit");
  }
  *state = st;
  return SM_OK;
}

/* The message's digest, on the reused context. */
static bool evp_sig_hash(EvpSigState *st, const SmIo *io, uint8_t *digest, size_t *digest_len)
{
  unsigned int len = 0;
  if (EVP_DigestInit_ex2(st->mdctx, st->md, NULL) != 1 ||
      EVP_DigestUpdate(st->mdctx, io->in, io->in_len) != 1 ||
      EVP_DigestFinal_ex(st->mdctx, digest, &len) != 1)
    return false;
  *digest_len = len;
  return true;
}

/* One signature into `out` (OpenSSL's encoding: DER for DSA/ECDSA). */
static bool evp_sig_make(EvpSigState *st, const SmIo *io, uint8_t *out, size_t *out_len)
{
  if (!st->reinit)
    return EVP_DigestSign(st->mdctx, out, out_len, io->in, io->in_len) == 1;
  uint8_t digest[EVP_MAX_MD_SIZE];
  size_t digest_len = 0;
  return evp_sig_hash(st, io, digest, &digest_len) &&
         EVP_PKEY_sign(st->pctx, out, out_len, digest, digest_len) == 1;
}

static SmResult evp_sig_sign(void *state, SmIo *io)
{
  EvpSigState *st = state;
  if (st->width == 0) {
    size_t sig_len = io->out_len;
    if (!evp_sig_make(st, io, io->out, &sig_len))
      return op_failed();
    io->out_len = sig_len;
    return SM_OK;
  }
  size_t der_len = st->der_cap;
  if (io->out_len < 2 * st->width || !evp_sig_make(st, io, st->der, &der_len) ||
      !der_to_rs(st->der, der_len, st->width, io->out))
    return op_failed();
  io->out_len = 2 * st->width;
  return SM_OK;
}

static SmResult evp_sig_verify(void *state, SmIo *io)
{
  EvpSigState *st = state;
  const uint8_t *sig = io->aux;
  size_t sig_len = io->aux_len;
  if (st->width > 0) {
    if (io->aux_len != 2 * st->width)
      return SM_FAILED;
    sig_len = rs_to_der(io->aux, st->width, st->der);
    sig = st->der;
  }
  io->out_len = 0;
  if (!st->reinit)
    return EVP_DigestVerify(st->mdctx, sig, sig_len, io->in, io->in_len) == 1 ? SM_OK : op_failed();
  uint8_t digest[EVP_MAX_MD_SIZE];
  size_t digest_len = 0;
  if (!evp_sig_hash(st, io, digest, &digest_len) ||
      EVP_PKEY_verify(st->pctx, sig, sig_len, digest, digest_len) != 1)
    return op_failed();
  return SM_OK;
}

#define EVP_SIG_IMPL(...)                                                                          \
  {                                                                                                \
    .setup = evp_sig_setup, .op = {[SM_OP_SIGN] = evp_sig_sign, [SM_OP_VERIFY] = evp_sig_verify},  \
    .teardown = evp_sig_teardown, .data = (&(const PkeyDesc){__VA_ARGS__})                         \
  }

/* One implementation per family: the modulus size comes with the key. */
static const SmImpl rsa_evp = EVP_SIG_IMPL(.type = "RSA", .md = "SHA256", .build = build_rsa);
#ifndef OPENSSL_NO_DSA
static const SmImpl dsa_evp =
    EVP_SIG_IMPL(.type = "DSA", .md = "SHA256", .rs = true, .build = build_dsa);
#endif
#ifndef OPENSSL_NO_EC
static const SmImpl ecdsa_p256_evp =
    EVP_SIG_IMPL(.type = "EC", .md = "SHA256", .group = "P-256", .curve_nid = NID_X9_62_prime256v1,
                 .rs_width = 32, .rs = true, .build = build_from_parts,
                 .from_parts = ec_from_parts);
static const SmImpl ecdsa_p384_evp =
    EVP_SIG_IMPL(.type = "EC", .md = "SHA384", .group = "P-384", .curve_nid = NID_secp384r1,
                 .rs_width = 48, .rs = true, .build = build_from_parts,
                 .from_parts = ec_from_parts);
static const SmImpl ecdsa_p521_evp =
    EVP_SIG_IMPL(.type = "EC", .md = "SHA512", .group = "P-521", .curve_nid = NID_secp521r1,
                 .rs_width = 66, .rs = true, .build = build_from_parts,
                 .from_parts = ec_from_parts);
static const SmImpl ed25519_evp =
    EVP_SIG_IMPL(.type = "ED25519", .build = build_from_parts, .from_parts = raw_from_parts);
static const SmImpl ed448_evp =
    EVP_SIG_IMPL(.type = "ED448", .build = build_from_parts, .from_parts = raw_from_parts);
#endif

/* ------------------------------------------------------------------------------------------ */
/* evp: key exchange (derive_init and set_peer once, EVP_PKEY_derive per call)                */

#ifndef OPENSSL_NO_EC
typedef struct {
  EVP_PKEY *pkey;
  EVP_PKEY *peer;
  EVP_PKEY_CTX *ctx;
  size_t secret_len;
} EvpKexState;

static void evp_kex_teardown(void *state)
{
  EvpKexState *st = state;
  if (st == NULL)
    return;
  EVP_PKEY_CTX_free(st->ctx);
  EVP_PKEY_free(st->peer);
  EVP_PKEY_free(st->pkey);
  free(st);
}

static SmResult evp_kex_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const PkeyDesc *desc = params->impl_data;
  if (params->priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "key exchange needs the private key");
  EvpKexState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  bool has_private;
  st->pkey = desc->build(desc, params, &has_private);
  st->peer = st->pkey != NULL ? kex_peer(desc, params) : NULL;
  if (st->pkey == NULL || st->peer == NULL) {
    const char *what = st->pkey == NULL ? "building the key" : "building the peer key";
    evp_kex_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, what);
  }
  st->ctx = EVP_PKEY_CTX_new_from_pkey(NULL, st->pkey, NULL);
  if (st->ctx == NULL || EVP_PKEY_derive_init(st->ctx) != 1 ||
      EVP_PKEY_derive_set_peer(st->ctx, st->peer) != 1 ||
      EVP_PKEY_derive(st->ctx, NULL, &st->secret_len) != 1) {
    evp_kex_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "EVP_PKEY_derive_init");
  }
  *state = st;
  return SM_OK;
}

static SmResult evp_kex_derive(void *state, SmIo *io)
{
  EvpKexState *st = state;
  size_t len = io->out_len;
  if (len < st->secret_len || EVP_PKEY_derive(st->ctx, io->out, &len) != 1)
    return op_failed();
  io->out_len = len;
  return SM_OK;
}

#define EVP_KEX_IMPL(...)                                                                          \
  {                                                                                                \
    .setup = evp_kex_setup, .op = {[SM_OP_DERIVE] = evp_kex_derive}, .teardown = evp_kex_teardown, \
    .data = (&(const PkeyDesc){__VA_ARGS__})                                                       \
  }

static const SmImpl x25519_evp =
    EVP_KEX_IMPL(.type = "X25519", .build = build_from_parts, .from_parts = raw_from_parts);
static const SmImpl x448_evp =
    EVP_KEX_IMPL(.type = "X448", .build = build_from_parts, .from_parts = raw_from_parts);
static const SmImpl ecdh_p256_evp =
    EVP_KEX_IMPL(.type = "EC", .group = "P-256", .curve_nid = NID_X9_62_prime256v1,
                 .build = build_from_parts, .from_parts = ec_from_parts);
static const SmImpl ecdh_p384_evp =
    EVP_KEX_IMPL(.type = "EC", .group = "P-384", .curve_nid = NID_secp384r1,
                 .build = build_from_parts, .from_parts = ec_from_parts);
#endif

/* keygen (openssl/pq.c) wrapped around the levels above. */
static const SmImpl rsa_kg_evp = SM_OSSL_KEYGEN_SIG(&rsa_evp, SM_OSSL_KEYGEN_RSA, "RSA");
#ifndef OPENSSL_NO_EC
static const SmImpl ecdsa_p256_kg_evp =
    SM_OSSL_KEYGEN_SIG(&ecdsa_p256_evp, SM_OSSL_KEYGEN_EC, "P-256");
static const SmImpl ecdsa_p384_kg_evp =
    SM_OSSL_KEYGEN_SIG(&ecdsa_p384_evp, SM_OSSL_KEYGEN_EC, "P-384");
static const SmImpl ecdsa_p521_kg_evp =
    SM_OSSL_KEYGEN_SIG(&ecdsa_p521_evp, SM_OSSL_KEYGEN_EC, "P-521");
static const SmImpl ed25519_kg_evp =
    SM_OSSL_KEYGEN_SIG(&ed25519_evp, SM_OSSL_KEYGEN_RAW, "ED25519");
static const SmImpl ed448_kg_evp = SM_OSSL_KEYGEN_SIG(&ed448_evp, SM_OSSL_KEYGEN_RAW, "ED448");
static const SmImpl x25519_kg_evp = SM_OSSL_KEYGEN_KEX(&x25519_evp, SM_OSSL_KEYGEN_RAW, "X25519");
static const SmImpl x448_kg_evp = SM_OSSL_KEYGEN_KEX(&x448_evp, SM_OSSL_KEYGEN_RAW, "X448");
static const SmImpl ecdh_p256_kg_evp =
    SM_OSSL_KEYGEN_KEX(&ecdh_p256_evp, SM_OSSL_KEYGEN_EC, "P-256");
static const SmImpl ecdh_p384_kg_evp =
    SM_OSSL_KEYGEN_KEX(&ecdh_p384_evp, SM_OSSL_KEYGEN_EC, "P-384");
#endif

/* ------------------------------------------------------------------------------------------ */
/* low: block and stream ciphers (AES_*, Camellia_*, DES_*, BF_*, CAST_*, RC2_*, RC4)          */

typedef struct LowCipherState LowCipherState;
typedef bool (*LowScheduleFn)(LowCipherState *st, SmBytes key);
typedef void (*LowCryptFn)(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len);

typedef struct {
  size_t key_len; /* 0: any length the cipher takes */
  size_t iv_len;
  size_t unit; /* inputs must be a multiple of this */
  LowScheduleFn schedule;
  LowCryptFn crypt;
} LowCipherDesc;

struct LowCipherState {
  const LowCipherDesc *desc;
  int enc; /* 1 encrypt, 0 decrypt: the value of every *_ENCRYPT / *_DECRYPT constant */
  uint8_t iv[16];
  uint8_t ecount[16]; /* CTR: the current keystream block */
  unsigned int num;   /* CTR: bytes of it already used */
  union {
    AES_KEY aes;
#ifndef OPENSSL_NO_CAMELLIA
    CAMELLIA_KEY camellia;
#endif
#ifndef OPENSSL_NO_DES
    DES_key_schedule des[3];
#endif
#ifndef OPENSSL_NO_BF
    BF_KEY bf;
#endif
#ifndef OPENSSL_NO_CAST
    CAST_KEY cast;
#endif
#ifndef OPENSSL_NO_IDEA
    IDEA_KEY_SCHEDULE idea;
#endif
#ifndef OPENSSL_NO_RC2
    RC2_KEY rc2;
#endif
#ifndef OPENSSL_NO_RC4
    RC4_KEY rc4;
#endif
  } ks;
};

static void low_cipher_teardown(void *state)
{
  if (state != NULL)
    OPENSSL_cleanse(state, sizeof(LowCipherState));
  free(state);
}

static SmResult low_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowCipherDesc *desc = params->impl_data;
  if ((desc->key_len != 0 && params->key.len != desc->key_len) || params->key.len == 0 ||
      params->key.len > INT_MAX / 8)
    return sm_msg(SM_FAILED, msg, msg_len, "unsupported key length %zu", params->key.len);
  if (params->iv.len != desc->iv_len)
    return sm_msg(SM_FAILED, msg, msg_len, "IV must be %zu bytes, got %zu", desc->iv_len,
                  params->iv.len);
  LowCipherState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->desc = desc;
  st->enc = params->op == SM_OP_ENCRYPT;
  if (desc->iv_len > 0)
    memcpy(st->iv, params->iv.data, desc->iv_len);
  if (!desc->schedule(st, params->key)) {
    low_cipher_teardown(st);
    return sm_msg(SM_FAILED, msg, msg_len, "key schedule refused the key");
  }
  *state = st;
  return SM_OK;
}

static SmResult low_cipher_op(void *state, SmIo *io)
{
  LowCipherState *st = state;
  if (io->out_len < io->in_len || io->in_len % st->desc->unit != 0)
    return SM_FAILED;
  st->desc->crypt(st, io->in, io->out, io->in_len);
  io->out_len = io->in_len;
  return SM_OK;
}

/* AES_encrypt and AES_set_*_key are OpenSSL's table-based code: AES-NI is reached only through
 * EVP (aesni_* behind the provider), whatever the CPU has. */
#define LOW_AES_IMPL "AES_encrypt (tables, no AES-NI)"

static bool aes_schedule(LowCipherState *st, SmBytes key);
static bool aes_encrypt_schedule(LowCipherState *st, SmBytes key);

static const char *low_cipher_impl_name(const SmParams *params, void *state)
{
  (void)state;
  const LowCipherDesc *desc = params->impl_data;
  bool aes = desc->schedule == aes_schedule || desc->schedule == aes_encrypt_schedule;
  return aes ? LOW_AES_IMPL : NULL;
}

/* CRYPTO_gcm128_init picks its GHASH from the capability vector: PCLMULQDQ where it is on. */
static const char *low_gcm_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
  return (cap_word(0) & (UINT64_C(1) << 33)) != 0 ? LOW_AES_IMPL " + GHASH PCLMULQDQ"
                                                  : LOW_AES_IMPL " + GHASH tables";
}

static const char *low_aes_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
  return LOW_AES_IMPL;
}

#define LOW_CIPHER_IMPL(...)                                                                       \
  {                                                                                                \
    .setup = low_cipher_setup,                                                                     \
    .op = {[SM_OP_ENCRYPT] = low_cipher_op, [SM_OP_DECRYPT] = low_cipher_op},                      \
    .teardown = low_cipher_teardown, .data = (&(const LowCipherDesc){__VA_ARGS__}),                \
    .impl_name = low_cipher_impl_name                                                              \
  }

/* AES_encrypt with the exact block128_f signature the mode functions call. */
static void aes_block(const unsigned char in[16], unsigned char out[16], const void *key)
{
  AES_encrypt(in, out, key);
}

static bool aes_schedule(LowCipherState *st, SmBytes key)
{
  int bits = (int)key.len * 8;
  return (st->enc ? AES_set_encrypt_key(key.data, bits, &st->ks.aes)
                  : AES_set_decrypt_key(key.data, bits, &st->ks.aes)) == 0;
}

/* CTR (and GCM) only ever run the forward cipher. */
static bool aes_encrypt_schedule(LowCipherState *st, SmBytes key)
{
  return AES_set_encrypt_key(key.data, (int)key.len * 8, &st->ks.aes) == 0;
}

static void aes_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  AES_cbc_encrypt(in, out, len, &st->ks.aes, st->iv, st->enc);
}

static void aes_ctr(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  CRYPTO_ctr128_encrypt(in, out, len, &st->ks.aes, st->iv, st->ecount, &st->num, aes_block);
}

static const SmImpl aes_128_cbc_low = LOW_CIPHER_IMPL(16, 16, 16, aes_schedule, aes_cbc);
static const SmImpl aes_192_cbc_low = LOW_CIPHER_IMPL(24, 16, 16, aes_schedule, aes_cbc);
static const SmImpl aes_256_cbc_low = LOW_CIPHER_IMPL(32, 16, 16, aes_schedule, aes_cbc);
static const SmImpl aes_128_ctr_low = LOW_CIPHER_IMPL(16, 16, 1, aes_encrypt_schedule, aes_ctr);
static const SmImpl aes_192_ctr_low = LOW_CIPHER_IMPL(24, 16, 1, aes_encrypt_schedule, aes_ctr);
static const SmImpl aes_256_ctr_low = LOW_CIPHER_IMPL(32, 16, 1, aes_encrypt_schedule, aes_ctr);

#ifndef OPENSSL_NO_CAMELLIA
static bool camellia_schedule(LowCipherState *st, SmBytes key)
{
  return Camellia_set_key(key.data, (int)key.len * 8, &st->ks.camellia) == 0;
}

static void camellia_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  Camellia_cbc_encrypt(in, out, len, &st->ks.camellia, st->iv, st->enc);
}

static const SmImpl camellia_128_cbc_low =
    LOW_CIPHER_IMPL(16, 16, 16, camellia_schedule, camellia_cbc);
#endif

#ifndef OPENSSL_NO_DES
/* Schedules key.len / 8 DES keys (1 or 3), parity unchecked as EVP does. */
static bool des_schedule(LowCipherState *st, SmBytes key)
{
  for (size_t i = 0; i < key.len / 8; i++) {
    DES_cblock block;
    memcpy(block, key.data + 8 * i, 8);
    DES_set_key_unchecked(&block, &st->ks.des[i]);
  }
  return true;
}

static void des_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  DES_ncbc_encrypt(in, out, (long)len, &st->ks.des[0], (DES_cblock *)st->iv, st->enc);
}

static void des_ede3_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  DES_ede3_cbc_encrypt(in, out, (long)len, &st->ks.des[0], &st->ks.des[1], &st->ks.des[2],
                       (DES_cblock *)st->iv, st->enc);
}

static const SmImpl des_cbc_low = LOW_CIPHER_IMPL(8, 8, 8, des_schedule, des_cbc);
static const SmImpl des_ede3_cbc_low = LOW_CIPHER_IMPL(24, 8, 8, des_schedule, des_ede3_cbc);
#endif

#ifndef OPENSSL_NO_BF
static bool bf_schedule(LowCipherState *st, SmBytes key)
{
  BF_set_key(&st->ks.bf, (int)key.len, key.data);
  return true;
}

static void bf_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  BF_cbc_encrypt(in, out, (long)len, &st->ks.bf, st->iv, st->enc);
}

static const SmImpl bf_cbc_low = LOW_CIPHER_IMPL(0, 8, 8, bf_schedule, bf_cbc);
#endif

#ifndef OPENSSL_NO_CAST
static bool cast_schedule(LowCipherState *st, SmBytes key)
{
  CAST_set_key(&st->ks.cast, (int)key.len, key.data);
  return true;
}

static void cast_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  CAST_cbc_encrypt(in, out, (long)len, &st->ks.cast, st->iv, st->enc);
}

static const SmImpl cast5_cbc_low = LOW_CIPHER_IMPL(0, 8, 8, cast_schedule, cast_cbc);
#endif

#ifndef OPENSSL_NO_IDEA
static bool idea_schedule(LowCipherState *st, SmBytes key)
{
  IDEA_KEY_SCHEDULE enc_ks;
  IDEA_set_encrypt_key(key.data, st->enc ? &st->ks.idea : &enc_ks);
  if (!st->enc)
    IDEA_set_decrypt_key(&enc_ks, &st->ks.idea);
  return true;
}

static void idea_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  IDEA_cbc_encrypt(in, out, (long)len, &st->ks.idea, st->iv, st->enc);
}

static const SmImpl idea_cbc_low = LOW_CIPHER_IMPL(16, 8, 8, idea_schedule, idea_cbc);
#endif

#ifndef OPENSSL_NO_RC2
/* 128 effective key bits: EVP's RC2-CBC default. */
static bool rc2_schedule(LowCipherState *st, SmBytes key)
{
  RC2_set_key(&st->ks.rc2, (int)key.len, key.data, 128);
  return true;
}

static void rc2_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  RC2_cbc_encrypt(in, out, (long)len, &st->ks.rc2, st->iv, st->enc);
}

static const SmImpl rc2_cbc_low = LOW_CIPHER_IMPL(0, 8, 8, rc2_schedule, rc2_cbc);
#endif

#ifndef OPENSSL_NO_RC4
static bool rc4_schedule(LowCipherState *st, SmBytes key)
{
  RC4_set_key(&st->ks.rc4, (int)key.len, key.data);
  return true;
}

static void rc4_stream(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  RC4(&st->ks.rc4, len, in, out);
}

static const SmImpl rc4_low = LOW_CIPHER_IMPL(0, 0, 1, rc4_schedule, rc4_stream);
#endif

#ifndef OPENSSL_NO_CAMELLIA
#endif
#ifndef OPENSSL_NO_DES
#endif
#ifndef OPENSSL_NO_BF
#endif
#ifndef OPENSSL_NO_CAST
#endif
#ifndef OPENSSL_NO_IDEA
#endif
#ifndef OPENSSL_NO_RC2
#endif
#ifndef OPENSSL_NO_RC4
#endif

/* ------------------------------------------------------------------------------------------ */
/* low: AES-GCM (CRYPTO_gcm128_* over AES_encrypt; the AES-NI ctr32 stream is not public)     */

typedef struct {
  AES_KEY key; /* GCM128_CONTEXT keeps a pointer to it */
  GCM128_CONTEXT *gcm;
  uint8_t *iv;
  size_t iv_len;
  uint8_t *aad;
  size_t aad_len;
  size_t tag_len;
} LowGcmState;

static void low_gcm_teardown(void *state)
{
  LowGcmState *st = state;
  if (st == NULL)
    return;
  if (st->gcm != NULL)
    CRYPTO_gcm128_release(st->gcm);
  free(st->iv);
  free(st->aad);
  OPENSSL_cleanse(&st->key, sizeof st->key);
  free(st);
}

static SmResult low_gcm_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != 16 && params->key.len != 24 && params->key.len != 32)
    return sm_msg(SM_FAILED, msg, msg_len, "unsupported key length %zu", params->key.len);
  if (params->tag_len == 0 || params->tag_len > 16 || params->iv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu / IV length %zu unsupported",
                  params->tag_len, params->iv.len);
  LowGcmState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->iv_len = params->iv.len;
  st->aad_len = params->aad.len;
  st->tag_len = params->tag_len;
  st->iv = copy_bytes(params->iv);
  st->aad = copy_bytes(params->aad);
  if (st->iv == NULL || st->aad == NULL ||
      AES_set_encrypt_key(params->key.data, (int)params->key.len * 8, &st->key) != 0 ||
      (st->gcm = CRYPTO_gcm128_new(&st->key, aes_block)) == NULL) {
    low_gcm_teardown(st);
    return sm_msg(SM_FAILED, msg, msg_len, "AES-GCM setup failed");
  }
  *state = st;
  return SM_OK;
}

static SmResult low_gcm_encrypt(void *state, SmIo *io)
{
  LowGcmState *st = state;
  if (io->out_len < io->in_len + st->tag_len)
    return SM_FAILED;
  CRYPTO_gcm128_setiv(st->gcm, st->iv, st->iv_len);
  if ((st->aad_len > 0 && CRYPTO_gcm128_aad(st->gcm, st->aad, st->aad_len) != 0) ||
      CRYPTO_gcm128_encrypt(st->gcm, io->in, io->out, io->in_len) != 0)
    return SM_FAILED;
  CRYPTO_gcm128_tag(st->gcm, io->out + io->in_len, st->tag_len);
  io->out_len = io->in_len + st->tag_len;
  return SM_OK;
}

static SmResult low_gcm_decrypt(void *state, SmIo *io)
{
  LowGcmState *st = state;
  if (io->in_len < st->tag_len || io->out_len < io->in_len - st->tag_len)
    return SM_FAILED;
  size_t ct_len = io->in_len - st->tag_len;
  CRYPTO_gcm128_setiv(st->gcm, st->iv, st->iv_len);
  if ((st->aad_len > 0 && CRYPTO_gcm128_aad(st->gcm, st->aad, st->aad_len) != 0) ||
      CRYPTO_gcm128_decrypt(st->gcm, io->in, io->out, ct_len) != 0 ||
      CRYPTO_gcm128_finish(st->gcm, io->in + ct_len, st->tag_len) != 0)
    return SM_FAILED;
  io->out_len = ct_len;
  return SM_OK;
}

static const SmImpl aes_gcm_low = {
    .setup = low_gcm_setup,
    .op = {[SM_OP_ENCRYPT] = low_gcm_encrypt, [SM_OP_DECRYPT] = low_gcm_decrypt},
    .teardown = low_gcm_teardown,
    .impl_name = low_gcm_impl_name,
};

/* ------------------------------------------------------------------------------------------ */
/* low: AES-CCM (CRYPTO_ccm128_* over AES_encrypt)                                            */

/* modes.h declares CCM128_CONTEXT but leaves it incomplete (there is no CRYPTO_ccm128_new);
 * CRYPTO_ccm128_init fills it, so only room is needed. Its definition (crypto/modes/
 * modes_local.h, unchanged since 1.0.1) is two 16-byte blocks, a counter and two pointers:
 * 56 bytes on LP64. Reserve well over that, aligned for any member. */
typedef union {
  max_align_t align;
  unsigned char bytes[256];
} CcmContextRoom;

typedef struct {
  AES_KEY key;         /* CCM128_CONTEXT keeps a pointer to it */
  CcmContextRoom room; /* the CCM128_CONTEXT */
  uint8_t *iv;
  size_t iv_len;
  uint8_t *aad;
  size_t aad_len;
  size_t tag_len;
} LowCcmState;

static CCM128_CONTEXT *low_ccm_context(LowCcmState *st) { return (CCM128_CONTEXT *)&st->room; }

static void low_ccm_teardown(void *state)
{
  LowCcmState *st = state;
  if (st == NULL)
    return;
  free(st->iv);
  free(st->aad);
  OPENSSL_cleanse(st, sizeof *st);
  free(st);
}

static SmResult low_ccm_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != 16 && params->key.len != 24 && params->key.len != 32)
    return sm_msg(SM_FAILED, msg, msg_len, "unsupported key length %zu", params->key.len);
  if (params->tag_len < 4 || params->tag_len > 16 || params->tag_len % 2 != 0 ||
      params->iv.len < 7 || params->iv.len > 13)
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu / nonce length %zu unsupported",
                  params->tag_len, params->iv.len);
  if (params->max_len > ccm_max_message(params->iv.len))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "CCM with a %zu-byte nonce carries at most %zu bytes per message, not %zu",
                  params->iv.len, ccm_max_message(params->iv.len), params->max_len);
  LowCcmState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->iv_len = params->iv.len;
  st->aad_len = params->aad.len;
  st->tag_len = params->tag_len;
  st->iv = copy_bytes(params->iv);
  st->aad = copy_bytes(params->aad);
  if (st->iv == NULL || st->aad == NULL ||
      AES_set_encrypt_key(params->key.data, (int)params->key.len * 8, &st->key) != 0) {
    low_ccm_teardown(st);
    return sm_msg(SM_FAILED, msg, msg_len, "AES-CCM setup failed");
  }
  CRYPTO_ccm128_init(low_ccm_context(st), (unsigned int)st->tag_len,
                     (unsigned int)(15 - st->iv_len), &st->key, aes_block);
  *state = st;
  return SM_OK;
}

/* Per message: the nonce with the message length, the AAD, the data. */
static bool low_ccm_start(LowCcmState *st, size_t length)
{
  CCM128_CONTEXT *ccm = low_ccm_context(st);
  if (CRYPTO_ccm128_setiv(ccm, st->iv, st->iv_len, length) != 0)
    return false;
  if (st->aad_len > 0)
    CRYPTO_ccm128_aad(ccm, st->aad, st->aad_len);
  return true;
}

static SmResult low_ccm_encrypt(void *state, SmIo *io)
{
  LowCcmState *st = state;
  CCM128_CONTEXT *ccm = low_ccm_context(st);
  if (io->out_len < io->in_len + st->tag_len || !low_ccm_start(st, io->in_len) ||
      CRYPTO_ccm128_encrypt(ccm, io->in, io->out, io->in_len) != 0 ||
      CRYPTO_ccm128_tag(ccm, io->out + io->in_len, st->tag_len) != st->tag_len)
    return SM_FAILED;
  io->out_len = io->in_len + st->tag_len;
  return SM_OK;
}

static SmResult low_ccm_decrypt(void *state, SmIo *io)
{
  LowCcmState *st = state;
  CCM128_CONTEXT *ccm = low_ccm_context(st);
  uint8_t tag[16];
  if (io->in_len < st->tag_len || io->out_len < io->in_len - st->tag_len)
    return SM_FAILED;
  size_t ct_len = io->in_len - st->tag_len;
  if (!low_ccm_start(st, ct_len) || CRYPTO_ccm128_decrypt(ccm, io->in, io->out, ct_len) != 0 ||
      CRYPTO_ccm128_tag(ccm, tag, st->tag_len) != st->tag_len ||
      CRYPTO_memcmp(tag, io->in + ct_len, st->tag_len) != 0)
    return SM_FAILED;
  io->out_len = ct_len;
  return SM_OK;
}

static const SmImpl aes_ccm_low = {
    .setup = low_ccm_setup,
    .op = {[SM_OP_ENCRYPT] = low_ccm_encrypt, [SM_OP_DECRYPT] = low_ccm_decrypt},
    .teardown = low_ccm_teardown,
    .impl_name = low_aes_impl_name,
};

/* ------------------------------------------------------------------------------------------ */
/* low: digests (X_Init / X_Update / X_Final)                                                  */

typedef union {
#ifndef OPENSSL_NO_MD4
  MD4_CTX md4;
#endif
  MD5_CTX md5;
  SHA_CTX sha1;
  SHA256_CTX sha256;
  SHA512_CTX sha512;
#ifndef OPENSSL_NO_RMD160
  RIPEMD160_CTX ripemd160;
#endif
} LowDigestCtx;

typedef void (*LowHashFn)(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out);

typedef struct {
  size_t out_len;
  LowHashFn hash;
} LowDigestDesc;

/* Code, not data: each hash has its own context type and its own typed X_Init/Update/Final, so
 * each gets one small function with the LowHashFn signature (no casts between function types). */
#ifndef OPENSSL_NO_MD4
static void md4_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out)
{
  MD4_Init(&ctx->md4);
  MD4_Update(&ctx->md4, in, len);
  MD4_Final(out, &ctx->md4);
}
#endif

static void md5_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out)
{
  MD5_Init(&ctx->md5);
  MD5_Update(&ctx->md5, in, len);
  MD5_Final(out, &ctx->md5);
}

static void sha1_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out)
{
  SHA1_Init(&ctx->sha1);
  SHA1_Update(&ctx->sha1, in, len);
  SHA1_Final(out, &ctx->sha1);
}

static void sha224_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out)
{
  SHA224_Init(&ctx->sha256);
  SHA224_Update(&ctx->sha256, in, len);
  SHA224_Final(out, &ctx->sha256);
}

static void sha256_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out)
{
  SHA256_Init(&ctx->sha256);
  SHA256_Update(&ctx->sha256, in, len);
  SHA256_Final(out, &ctx->sha256);
}

static void sha384_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out)
{
  SHA384_Init(&ctx->sha512);
  SHA384_Update(&ctx->sha512, in, len);
  SHA384_Final(out, &ctx->sha512);
}

static void sha512_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out)
{
  SHA512_Init(&ctx->sha512);
  SHA512_Update(&ctx->sha512, in, len);
  SHA512_Final(out, &ctx->sha512);
}

#ifndef OPENSSL_NO_RMD160
static void ripemd160_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out)
{
  RIPEMD160_Init(&ctx->ripemd160);
  RIPEMD160_Update(&ctx->ripemd160, in, len);
  RIPEMD160_Final(out, &ctx->ripemd160);
}
#endif

typedef struct {
  const LowDigestDesc *desc;
  LowDigestCtx ctx;
} LowDigestState;

static void low_digest_teardown(void *state) { free(state); }

static SmResult low_digest_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowDigestDesc *desc = params->impl_data;
  LowDigestState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->desc = desc;
  *state = st;
  return SM_OK;
}

static SmResult low_digest_hash(void *state, SmIo *io)
{
  LowDigestState *st = state;
  if (io->out_len < st->desc->out_len)
    return SM_FAILED;
  st->desc->hash(&st->ctx, io->in, io->in_len, io->out);
  io->out_len = st->desc->out_len;
  return SM_OK;
}

#define LOW_DIGEST_IMPL(...)                                                                       \
  {                                                                                                \
    .setup = low_digest_setup, .op = {[SM_OP_HASH] = low_digest_hash},                             \
    .teardown = low_digest_teardown, .data = (&(const LowDigestDesc){__VA_ARGS__})                 \
  }

#ifndef OPENSSL_NO_MD4
static const SmImpl md4_low = LOW_DIGEST_IMPL(MD4_DIGEST_LENGTH, md4_low_hash);
#endif
static const SmImpl md5_low = LOW_DIGEST_IMPL(MD5_DIGEST_LENGTH, md5_low_hash);
static const SmImpl sha1_low = LOW_DIGEST_IMPL(SHA_DIGEST_LENGTH, sha1_low_hash);
static const SmImpl sha224_low = LOW_DIGEST_IMPL(SHA224_DIGEST_LENGTH, sha224_low_hash);
static const SmImpl sha256_low = LOW_DIGEST_IMPL(SHA256_DIGEST_LENGTH, sha256_low_hash);
static const SmImpl sha384_low = LOW_DIGEST_IMPL(SHA384_DIGEST_LENGTH, sha384_low_hash);
static const SmImpl sha512_low = LOW_DIGEST_IMPL(SHA512_DIGEST_LENGTH, sha512_low_hash);
#ifndef OPENSSL_NO_RMD160
static const SmImpl ripemd160_low = LOW_DIGEST_IMPL(RIPEMD160_DIGEST_LENGTH, ripemd160_low_hash);
#endif

/* ------------------------------------------------------------------------------------------ */
/* low: HMAC_* and CMAC_* (keyed once; Init with a NULL key restarts under the same key)      */

typedef struct {
  HMAC_CTX *ctx;
  size_t out_len;
} LowHmacState;

static void low_hmac_teardown(void *state)
{
  LowHmacState *st = state;
  if (st == NULL)
    return;
  HMAC_CTX_free(st->ctx);
  free(st);
}

/* The HMAC_* API names its hash with the classic EVP_MD getters (EVP_sha256()...). */
typedef const EVP_MD *(*LegacyMdFn)(void);

/* A row of the HMAC_* table: the getter of its hash. */
typedef struct {
  LegacyMdFn md;
} LowHmacRow;

static SmResult low_hmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  LegacyMdFn md = ((const LowHmacRow *)params->impl_data)->md;
  if (params->key.len > INT_MAX)
    return sm_msg(SM_FAILED, msg, msg_len, "key too long");
  LowHmacState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->ctx = HMAC_CTX_new();
  if (st->ctx == NULL ||
      HMAC_Init_ex(st->ctx, key_data(params->key), (int)params->key.len, md(), NULL) != 1) {
    low_hmac_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "HMAC_Init_ex");
  }
  st->out_len = HMAC_size(st->ctx);
  *state = st;
  return SM_OK;
}

static SmResult low_hmac_mac(void *state, SmIo *io)
{
  LowHmacState *st = state;
  unsigned int len;
  if (io->out_len < st->out_len)
    return SM_FAILED;
  if (HMAC_Init_ex(st->ctx, NULL, 0, NULL, NULL) != 1 ||
      HMAC_Update(st->ctx, io->in, io->in_len) != 1 || HMAC_Final(st->ctx, io->out, &len) != 1)
    return op_failed();
  io->out_len = len;
  return SM_OK;
}

#define LOW_HMAC_IMPL(md_getter)                                                                   \
  {                                                                                                \
    .setup = low_hmac_setup, .op = {[SM_OP_MAC] = low_hmac_mac}, .teardown = low_hmac_teardown,    \
    .data = (&(const LowHmacRow){md_getter})                                                       \
  }

static const SmImpl hmac_md5_low = LOW_HMAC_IMPL(EVP_md5);
static const SmImpl hmac_sha1_low = LOW_HMAC_IMPL(EVP_sha1);
static const SmImpl hmac_sha256_low = LOW_HMAC_IMPL(EVP_sha256);
static const SmImpl hmac_sha384_low = LOW_HMAC_IMPL(EVP_sha384);
static const SmImpl hmac_sha512_low = LOW_HMAC_IMPL(EVP_sha512);

#ifndef OPENSSL_NO_CMAC
typedef struct {
  CMAC_CTX *ctx;
} LowCmacState;

static void low_cmac_teardown(void *state)
{
  LowCmacState *st = state;
  if (st == NULL)
    return;
  CMAC_CTX_free(st->ctx);
  free(st);
}

static SmResult low_cmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != 16)
    return sm_msg(SM_FAILED, msg, msg_len, "CMAC-AES-128 takes a 16-byte key");
  LowCmacState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->ctx = CMAC_CTX_new();
  if (st->ctx == NULL ||
      CMAC_Init(st->ctx, params->key.data, params->key.len, EVP_aes_128_cbc(), NULL) != 1) {
    low_cmac_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "CMAC_Init");
  }
  *state = st;
  return SM_OK;
}

static SmResult low_cmac_mac(void *state, SmIo *io)
{
  LowCmacState *st = state;
  size_t len = io->out_len;
  if (len < 16)
    return SM_FAILED;
  if (CMAC_Init(st->ctx, NULL, 0, NULL, NULL) != 1 ||
      CMAC_Update(st->ctx, io->in, io->in_len) != 1 || CMAC_Final(st->ctx, io->out, &len) != 1)
    return op_failed();
  io->out_len = len;
  return SM_OK;
}

static const SmImpl cmac_aes128_low = {
    .setup = low_cmac_setup,
    .op = {[SM_OP_MAC] = low_cmac_mac},
    .teardown = low_cmac_teardown,
};
#endif

/* ------------------------------------------------------------------------------------------ */
/* low: RSA_sign/RSA_verify, DSA_do_sign/verify, ECDSA_do_sign/verify, ECDH_compute_key       */

typedef struct {
  LowHashFn hash; /* the message digest computed before signing */
  size_t hash_len;
  int curve_nid; /* ECDSA */
} LowSigDesc;

typedef struct {
  const LowSigDesc *desc;
  RSA *rsa;
#ifndef OPENSSL_NO_DSA
  DSA *dsa;
  DSA_SIG *dsa_sig; /* verify: owns r and s below */
#endif
#ifndef OPENSSL_NO_EC
  EC_KEY *ec;
  ECDSA_SIG *ecdsa_sig; /* verify: owns r and s below */
#endif
  BIGNUM *r, *s; /* verify: refilled in place from r||s, no allocation per call */
  size_t width;
  LowDigestCtx hash_ctx;
  uint8_t digest[SHA512_DIGEST_LENGTH];
} LowSigState;

static void low_sig_teardown(void *state)
{
  LowSigState *st = state;
  if (st == NULL)
    return;
  RSA_free(st->rsa);
#ifndef OPENSSL_NO_DSA
  DSA_SIG_free(st->dsa_sig);
  DSA_free(st->dsa);
#endif
#ifndef OPENSSL_NO_EC
  ECDSA_SIG_free(st->ecdsa_sig);
  EC_KEY_free(st->ec);
#endif
  free(st);
}

static LowSigState *low_sig_new(const LowSigDesc *desc)
{
  LowSigState *st = calloc(1, sizeof *st);
  if (st != NULL)
    st->desc = desc;
  return st;
}

static SmResult low_rsa_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowSigDesc *desc = params->impl_data;
  const SmRsaKey *k = &params->rsa;
  bool priv = k->d.len > 0;
  if (params->op == SM_OP_SIGN && !priv)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private key");
  LowSigState *st = low_sig_new(desc);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->rsa = RSA_new();
  BIGNUM *n = bn_from(k->n), *e = bn_from(k->e), *d = priv ? bn_from(k->d) : NULL;
  bool ok = st->rsa != NULL && n != NULL && e != NULL && (!priv || d != NULL) &&
            RSA_set0_key(st->rsa, n, e, d) == 1;
  if (!ok) {
    BN_free(n);
    BN_free(e);
    BN_clear_free(d);
  }
  if (ok && priv && k->p.len > 0 && k->q.len > 0 && k->dp.len > 0 && k->dq.len > 0 &&
      k->qinv.len > 0) {
    BIGNUM *p = bn_from(k->p), *q = bn_from(k->q);
    BIGNUM *dp = bn_from(k->dp), *dq = bn_from(k->dq), *qinv = bn_from(k->qinv);
    if (p == NULL || q == NULL || RSA_set0_factors(st->rsa, p, q) != 1) {
      BN_clear_free(p);
      BN_clear_free(q);
      ok = false;
    }
    if (!ok || dp == NULL || dq == NULL || qinv == NULL ||
        RSA_set0_crt_params(st->rsa, dp, dq, qinv) != 1) {
      BN_clear_free(dp);
      BN_clear_free(dq);
      BN_clear_free(qinv);
      ok = false;
    }
  }
  if (!ok) {
    low_sig_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "RSA key");
  }
  *state = st;
  return SM_OK;
}

static SmResult low_rsa_sign(void *state, SmIo *io)
{
  LowSigState *st = state;
  unsigned int len;
  if (io->out_len < (size_t)RSA_size(st->rsa))
    return SM_FAILED;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  if (RSA_sign(NID_sha256, st->digest, SHA256_DIGEST_LENGTH, io->out, &len, st->rsa) != 1)
    return op_failed();
  io->out_len = len;
  return SM_OK;
}

static SmResult low_rsa_verify(void *state, SmIo *io)
{
  LowSigState *st = state;
  if (io->aux_len > UINT_MAX)
    return SM_FAILED;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  if (RSA_verify(NID_sha256, st->digest, SHA256_DIGEST_LENGTH, io->aux, (unsigned int)io->aux_len,
                 st->rsa) != 1)
    return op_failed();
  return SM_OK;
}

static const SmImpl rsa_low = {
    .setup = low_rsa_setup,
    .op = {[SM_OP_SIGN] = low_rsa_sign, [SM_OP_VERIFY] = low_rsa_verify},
    .teardown = low_sig_teardown,
    .data = &(const LowSigDesc){sha256_low_hash, SHA256_DIGEST_LENGTH, 0},
};

/* Verify states hold one signature object whose r and s are refilled per call. */
static bool rs_pair_new(BIGNUM **r, BIGNUM **s)
{
  *r = BN_new();
  *s = BN_new();
  if (*r != NULL && *s != NULL)
    return true;
  BN_free(*r);
  BN_free(*s);
  *r = *s = NULL;
  return false;
}

static bool rs_fill(LowSigState *st, const SmIo *io)
{
  return io->aux_len == 2 * st->width && BN_bin2bn(io->aux, (int)st->width, st->r) != NULL &&
         BN_bin2bn(io->aux + st->width, (int)st->width, st->s) != NULL;
}

static bool rs_write(const BIGNUM *r, const BIGNUM *s, size_t width, SmIo *io)
{
  if (io->out_len < 2 * width || BN_bn2binpad(r, io->out, (int)width) < 0 ||
      BN_bn2binpad(s, io->out + width, (int)width) < 0)
    return false;
  io->out_len = 2 * width;
  return true;
}

#ifndef OPENSSL_NO_DSA
static SmResult low_dsa_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowSigDesc *desc = params->impl_data;
  const SmDsaKey *k = &params->dsa;
  bool priv = k->x.len > 0;
  if (params->op == SM_OP_SIGN && !priv)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private key");
  LowSigState *st = low_sig_new(desc);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->width = significant_len(k->q);
  st->dsa = DSA_new();
  BIGNUM *p = bn_from(k->p), *q = bn_from(k->q), *g = bn_from(k->g);
  bool ok =
      st->dsa != NULL && p != NULL && q != NULL && g != NULL && DSA_set0_pqg(st->dsa, p, q, g) == 1;
  if (!ok) {
    BN_free(p);
    BN_free(q);
    BN_free(g);
  }
  BIGNUM *y = ok ? bn_from(k->y) : NULL, *x = ok && priv ? bn_from(k->x) : NULL;
  if (ok && (y == NULL || (priv && x == NULL) || DSA_set0_key(st->dsa, y, x) != 1)) {
    BN_free(y);
    BN_clear_free(x);
    ok = false;
  }
  if (ok && params->op == SM_OP_VERIFY) {
    ok = (st->dsa_sig = DSA_SIG_new()) != NULL && rs_pair_new(&st->r, &st->s);
    if (ok && DSA_SIG_set0(st->dsa_sig, st->r, st->s) != 1) {
      BN_free(st->r);
      BN_free(st->s);
      ok = false;
    }
  }
  if (!ok || st->width == 0 || st->width > RS_MAX_WIDTH) {
    low_sig_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "DSA key");
  }
  *state = st;
  return SM_OK;
}

static SmResult low_dsa_sign(void *state, SmIo *io)
{
  LowSigState *st = state;
  const BIGNUM *r, *s;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  DSA_SIG *sig = DSA_do_sign(st->digest, (int)st->desc->hash_len, st->dsa);
  if (sig == NULL)
    return op_failed();
  DSA_SIG_get0(sig, &r, &s);
  bool ok = rs_write(r, s, st->width, io);
  DSA_SIG_free(sig);
  return ok ? SM_OK : SM_FAILED;
}

static SmResult low_dsa_verify(void *state, SmIo *io)
{
  LowSigState *st = state;
  if (!rs_fill(st, io))
    return SM_FAILED;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  if (DSA_do_verify(st->digest, (int)st->desc->hash_len, st->dsa_sig, st->dsa) != 1)
    return op_failed();
  return SM_OK;
}

static const SmImpl dsa_low = {
    .setup = low_dsa_setup,
    .op = {[SM_OP_SIGN] = low_dsa_sign, [SM_OP_VERIFY] = low_dsa_verify},
    .teardown = low_sig_teardown,
    .data = &(const LowSigDesc){sha256_low_hash, SHA256_DIGEST_LENGTH, 0},
};
#endif

#ifndef OPENSSL_NO_EC
/* An EC_KEY on the curve with scalar `priv` (may be empty) and point `pub` (derived if empty). */
static EC_KEY *low_ec_key(int curve_nid, SmBytes priv, SmBytes pub)
{
  EC_KEY *key = EC_KEY_new_by_curve_name(curve_nid);
  if (key == NULL)
    return NULL;
  bool ok = true;
  if (priv.len > 0) {
    BIGNUM *d = bn_from(priv);
    ok = d != NULL && EC_KEY_set_private_key(key, d) == 1;
    BN_clear_free(d);
  }
  EC_POINT *point = ok ? ec_point_from(EC_KEY_get0_group(key), pub, priv) : NULL;
  ok = point != NULL && EC_KEY_set_public_key(key, point) == 1;
  EC_POINT_free(point);
  if (!ok) {
    EC_KEY_free(key);
    return NULL;
  }
  return key;
}

static SmResult low_ecdsa_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowSigDesc *desc = params->impl_data;
  if (params->op == SM_OP_SIGN && params->priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private key");
  LowSigState *st = low_sig_new(desc);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->ec = low_ec_key(desc->curve_nid, params->priv, params->pub);
  bool ok = st->ec != NULL;
  if (ok)
    st->width = (size_t)(EC_GROUP_order_bits(EC_KEY_get0_group(st->ec)) + 7) / 8;
  if (ok && params->op == SM_OP_VERIFY) {
    ok = (st->ecdsa_sig = ECDSA_SIG_new()) != NULL && rs_pair_new(&st->r, &st->s);
    if (ok && ECDSA_SIG_set0(st->ecdsa_sig, st->r, st->s) != 1) {
      BN_free(st->r);
      BN_free(st->s);
      ok = false;
    }
  }
  if (!ok) {
    low_sig_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "EC key");
  }
  *state = st;
  return SM_OK;
}

static SmResult low_ecdsa_sign(void *state, SmIo *io)
{
  LowSigState *st = state;
  const BIGNUM *r, *s;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  ECDSA_SIG *sig = ECDSA_do_sign(st->digest, (int)st->desc->hash_len, st->ec);
  if (sig == NULL)
    return op_failed();
  ECDSA_SIG_get0(sig, &r, &s);
  bool ok = rs_write(r, s, st->width, io);
  ECDSA_SIG_free(sig);
  return ok ? SM_OK : SM_FAILED;
}

static SmResult low_ecdsa_verify(void *state, SmIo *io)
{
  LowSigState *st = state;
  if (!rs_fill(st, io))
    return SM_FAILED;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  if (ECDSA_do_verify(st->digest, (int)st->desc->hash_len, st->ecdsa_sig, st->ec) != 1)
    return op_failed();
  return SM_OK;
}

#define LOW_ECDSA_IMPL(...)                                                                        \
  {                                                                                                \
    .setup = low_ecdsa_setup,                                                                      \
    .op = {[SM_OP_SIGN] = low_ecdsa_sign, [SM_OP_VERIFY] = low_ecdsa_verify},                      \
    .teardown = low_sig_teardown, .data = (&(const LowSigDesc){__VA_ARGS__})                       \
  }

static const SmImpl ecdsa_p256_low =
    LOW_ECDSA_IMPL(sha256_low_hash, SHA256_DIGEST_LENGTH, NID_X9_62_prime256v1);
static const SmImpl ecdsa_p384_low =
    LOW_ECDSA_IMPL(sha384_low_hash, SHA384_DIGEST_LENGTH, NID_secp384r1);
static const SmImpl ecdsa_p521_low =
    LOW_ECDSA_IMPL(sha512_low_hash, SHA512_DIGEST_LENGTH, NID_secp521r1);

typedef struct {
  EC_KEY *key;
  EC_POINT *peer;
  size_t secret_len;
} LowEcdhState;

static void low_ecdh_teardown(void *state)
{
  LowEcdhState *st = state;
  if (st == NULL)
    return;
  EC_POINT_free(st->peer);
  EC_KEY_free(st->key);
  free(st);
}

/* A row of the ECDH_compute_key table: the curve. */
typedef struct {
  int curve_nid;
} LowEcdhRow;

static SmResult low_ecdh_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowEcdhRow *row = params->impl_data;
  if (params->priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "key exchange needs the private key");
  LowEcdhState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->key = low_ec_key(row->curve_nid, params->priv, params->pub);
  if (st->key != NULL) {
    const EC_GROUP *group = EC_KEY_get0_group(st->key);
    st->peer = ec_point_from(group, params->peer_pub, params->peer_priv);
    st->secret_len = (size_t)(EC_GROUP_get_degree(group) + 7) / 8;
  }
  if (st->peer == NULL) {
    low_ecdh_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "ECDH keys");
  }
  *state = st;
  return SM_OK;
}

static SmResult low_ecdh_derive(void *state, SmIo *io)
{
  LowEcdhState *st = state;
  if (io->out_len < st->secret_len ||
      ECDH_compute_key(io->out, st->secret_len, st->peer, st->key, NULL) != (int)st->secret_len)
    return op_failed();
  io->out_len = st->secret_len;
  return SM_OK;
}

#define LOW_ECDH_IMPL(nid)                                                                         \
  {                                                                                                \
    .setup = low_ecdh_setup, .op = {[SM_OP_DERIVE] = low_ecdh_derive},                             \
    .teardown = low_ecdh_teardown, .data = (&(const LowEcdhRow){nid})                              \
  }

static const SmImpl ecdh_p256_low = LOW_ECDH_IMPL(NID_X9_62_prime256v1);
static const SmImpl ecdh_p384_low = LOW_ECDH_IMPL(NID_secp384r1);
#endif

/* ------------------------------------------------------------------------------------------ */
/* The table                                                                                   */

/* Rows: both levels named after the row, both with a shared low impl, or EVP only + reason. */
#define BOTH(n, k, id)                                                                             \
  {                                                                                                \
    .name = n, .kind = k, .impl = { &id##_evp, &id##_low }                                         \
  }
#define BOTH_LOW(n, k, evp_id, low_impl)                                                           \
  {                                                                                                \
    .name = n, .kind = k, .impl = { &evp_id##_evp, &low_impl }                                     \
  }
#define EVP_ONLY(n, k, id, why)                                                                    \
  {                                                                                                \
    .name = n, .kind = k, .impl = {&id##_evp, NULL}, .why_not = { NULL, why }                      \
  }

static const SmAlgorithm algorithms[] = {
    BOTH("aes-128-cbc", SM_KIND_CIPHER, aes_128_cbc),
    BOTH("aes-192-cbc", SM_KIND_CIPHER, aes_192_cbc),
    BOTH("aes-256-cbc", SM_KIND_CIPHER, aes_256_cbc),
    BOTH("aes-128-ctr", SM_KIND_CIPHER, aes_128_ctr),
    BOTH("aes-192-ctr", SM_KIND_CIPHER, aes_192_ctr),
    BOTH("aes-256-ctr", SM_KIND_CIPHER, aes_256_ctr),
    EVP_ONLY("aes-128-xts", SM_KIND_CIPHER, aes_128_xts,
             "OpenSSL has no public non-EVP XTS (XTS128_CONTEXT is opaque)"),
    EVP_ONLY("aes-256-xts", SM_KIND_CIPHER, aes_256_xts,
             "OpenSSL has no public non-EVP XTS (XTS128_CONTEXT is opaque)"),
#ifndef OPENSSL_NO_CHACHA
    EVP_ONLY("chacha20", SM_KIND_CIPHER, chacha20, "OpenSSL has no non-EVP API for ChaCha20"),
#endif
#ifndef OPENSSL_NO_CAMELLIA
    BOTH("camellia-128-cbc", SM_KIND_CIPHER, camellia_128_cbc),
#endif
#ifndef OPENSSL_NO_SM4
    EVP_ONLY("sm4-cbc", SM_KIND_CIPHER, sm4_cbc, "OpenSSL has no non-EVP API for SM4"),
#endif
#ifndef OPENSSL_NO_CAST
    BOTH("cast5-cbc", SM_KIND_CIPHER, cast5_cbc),
#endif
#ifndef OPENSSL_NO_BF
    BOTH("bf-cbc", SM_KIND_CIPHER, bf_cbc),
#endif
#ifndef OPENSSL_NO_IDEA
    BOTH("idea-cbc", SM_KIND_CIPHER, idea_cbc),
#endif
#ifndef OPENSSL_NO_RC2
    BOTH("rc2-cbc", SM_KIND_CIPHER, rc2_cbc),
#endif
#ifndef OPENSSL_NO_DES
    BOTH("des-cbc", SM_KIND_CIPHER, des_cbc),
    BOTH("des-ede3-cbc", SM_KIND_CIPHER, des_ede3_cbc),
#endif
#ifndef OPENSSL_NO_RC4
    BOTH("rc4", SM_KIND_CIPHER, rc4),
#endif
    BOTH_LOW("aes-128-gcm", SM_KIND_AEAD, aes_128_gcm, aes_gcm_low),
    BOTH_LOW("aes-192-gcm", SM_KIND_AEAD, aes_192_gcm, aes_gcm_low),
    BOTH_LOW("aes-256-gcm", SM_KIND_AEAD, aes_256_gcm, aes_gcm_low),
    BOTH_LOW("aes-128-ccm", SM_KIND_AEAD, aes_128_ccm, aes_ccm_low),
    BOTH_LOW("aes-256-ccm", SM_KIND_AEAD, aes_256_ccm, aes_ccm_low),
#if !defined(OPENSSL_NO_CHACHA) && !defined(OPENSSL_NO_POLY1305)
    EVP_ONLY("chacha20-poly1305", SM_KIND_AEAD, chacha20_poly1305,
             "OpenSSL has no non-EVP API for ChaCha20-Poly1305"),
#endif
#ifndef OPENSSL_NO_MD4
    BOTH("md4", SM_KIND_DIGEST, md4),
#endif
    BOTH("md5", SM_KIND_DIGEST, md5),
    BOTH("sha1", SM_KIND_DIGEST, sha1),
    BOTH("sha224", SM_KIND_DIGEST, sha224),
    BOTH("sha256", SM_KIND_DIGEST, sha256),
    BOTH("sha384", SM_KIND_DIGEST, sha384),
    BOTH("sha512", SM_KIND_DIGEST, sha512),
    EVP_ONLY("sha3-256", SM_KIND_DIGEST, sha3_256, "OpenSSL has no non-EVP API for SHA-3"),
    EVP_ONLY("sha3-512", SM_KIND_DIGEST, sha3_512, "OpenSSL has no non-EVP API for SHA-3"),
#ifndef OPENSSL_NO_BLAKE2
    EVP_ONLY("blake2b512", SM_KIND_DIGEST, blake2b512, "OpenSSL has no non-EVP API for BLAKE2"),
    EVP_ONLY("blake2s256", SM_KIND_DIGEST, blake2s256, "OpenSSL has no non-EVP API for BLAKE2"),
#endif
#ifndef OPENSSL_NO_RMD160
    BOTH("ripemd160", SM_KIND_DIGEST, ripemd160),
#endif
#ifndef OPENSSL_NO_SM3
    EVP_ONLY("sm3", SM_KIND_DIGEST, sm3, "OpenSSL has no non-EVP API for SM3"),
#endif
    BOTH("hmac-md5", SM_KIND_MAC, hmac_md5),
    BOTH("hmac-sha1", SM_KIND_MAC, hmac_sha1),
    BOTH("hmac-sha256", SM_KIND_MAC, hmac_sha256),
    BOTH("hmac-sha384", SM_KIND_MAC, hmac_sha384),
    BOTH("hmac-sha512", SM_KIND_MAC, hmac_sha512),
#ifndef OPENSSL_NO_CMAC
    BOTH("cmac-aes128", SM_KIND_MAC, cmac_aes128),
#endif
#ifndef OPENSSL_NO_POLY1305
    EVP_ONLY("poly1305", SM_KIND_MAC, poly1305, "OpenSSL has no non-EVP API for Poly1305"),
#endif
    BOTH_LOW("rsa1024", SM_KIND_SIGNATURE, rsa_kg, rsa_low),
    BOTH_LOW("rsa2048", SM_KIND_SIGNATURE, rsa_kg, rsa_low),
    BOTH_LOW("rsa3072", SM_KIND_SIGNATURE, rsa_kg, rsa_low),
    BOTH_LOW("rsa4096", SM_KIND_SIGNATURE, rsa_kg, rsa_low),
#ifndef OPENSSL_NO_DSA
    BOTH_LOW("dsa1024", SM_KIND_SIGNATURE, dsa, dsa_low),
    BOTH_LOW("dsa2048", SM_KIND_SIGNATURE, dsa, dsa_low),
#endif
#ifndef OPENSSL_NO_EC
    BOTH_LOW("ecdsa-p256", SM_KIND_SIGNATURE, ecdsa_p256_kg, ecdsa_p256_low),
    BOTH_LOW("ecdsa-p384", SM_KIND_SIGNATURE, ecdsa_p384_kg, ecdsa_p384_low),
    BOTH_LOW("ecdsa-p521", SM_KIND_SIGNATURE, ecdsa_p521_kg, ecdsa_p521_low),
    EVP_ONLY("ed25519", SM_KIND_SIGNATURE, ed25519_kg, "OpenSSL has no non-EVP API for Ed25519"),
    EVP_ONLY("ed448", SM_KIND_SIGNATURE, ed448_kg, "OpenSSL has no non-EVP API for Ed448"),
    EVP_ONLY("x25519", SM_KIND_KEX, x25519_kg, "OpenSSL has no non-EVP API for X25519"),
    EVP_ONLY("x448", SM_KIND_KEX, x448_kg, "OpenSSL has no non-EVP API for X448"),
    BOTH_LOW("ecdh-p256", SM_KIND_KEX, ecdh_p256_kg, ecdh_p256_low),
    BOTH_LOW("ecdh-p384", SM_KIND_KEX, ecdh_p384_kg, ecdh_p384_low),
#endif
    SM_OSSL_PQ_ROWS,
    {.name = NULL},
};

/* Masks AES-NI (bit 57) and PCLMULQDQ (bit 33); no ':' part zeroes the second capability word,
 * so AVX2, AVX-512, SHA extensions and VAES go off as well. */
static const char *const accel_off_env[] = {"OPENSSL_ia32cap=~0x200000200000000", NULL};

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
    .api_meaning =
        {
            [SM_API_EVP] = "EVP interface (EVP_CIPHER/EVP_MD/EVP_MAC/EVP_PKEY, fetched once per "
                           "cell)",
            [SM_API_LOW] = "non-EVP functions (AES_*, SHA256_*, HMAC_*, RSA_*, ...), deprecated "
                           "in 3.0",
        },
    .algorithms = algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }
