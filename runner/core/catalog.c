#include "core/catalog.h"

#include <glib.h>
#include <string.h>

#define CIPHER(n, k, iv, u)                                                                        \
  {                                                                                                \
    .name = n, .kind = SM_KIND_CIPHER, .key_len = k, .iv_len = iv, .unit = u                       \
  }
#define COUNTED(n, k, iv, u, layout)                                                               \
  {                                                                                                \
    .name = n, .kind = SM_KIND_CIPHER, .key_len = k, .iv_len = iv, .unit = u, .counter = layout    \
  }
#define AEAD(n, k, iv, aad)                                                                        \
  {                                                                                                \
    .name = n, .kind = SM_KIND_AEAD, .key_len = k, .iv_len = iv, .aad_len = aad, .tag_len = 16     \
  }
#define DIGEST(n, o)                                                                               \
  {                                                                                                \
    .name = n, .kind = SM_KIND_DIGEST, .out_len = o                                                \
  }
#define MAC(n, k, o)                                                                               \
  {                                                                                                \
    .name = n, .kind = SM_KIND_MAC, .key_len = k, .out_len = o                                     \
  }
/* Sizes: public key, secret key, signature as the ABI passes them. */
#define BITS(n, b, det, pub, sec, sig)                                                             \
  {                                                                                                \
    .name = n, .kind = SM_KIND_SIGNATURE, .bits = b, .deterministic = det, .pub_bytes = pub,       \
    .secret_bytes = sec, .signature_bytes = sig                                                    \
  }
#define SIG(n, p, form, det, pub, sig)                                                             \
  {                                                                                                \
    .name = n, .kind = SM_KIND_SIGNATURE, .priv_len = p, .scalar = form, .deterministic = det,     \
    .pub_bytes = pub, .secret_bytes = p, .signature_bytes = sig                                    \
  }
#define KEX(n, p, form, pub)                                                                       \
  {                                                                                                \
    .name = n, .kind = SM_KIND_KEX, .priv_len = p, .scalar = form, .pub_bytes = pub,               \
    .secret_bytes = p                                                                              \
  }
/* FIPS 203: keygen seed d||z; ek, dk, ciphertext, shared secret; encaps takes m. */
#define KEM(n, seed, pub, sec, ct, ss, m)                                                          \
  {                                                                                                \
    .name = n, .kind = SM_KIND_KEM, .seed_len = seed, .pub_bytes = pub, .secret_bytes = sec,       \
    .ciphertext_bytes = ct, .secret_len = ss, .encaps_m = m                                        \
  }
/* FIPS 204 / 205, pure and deterministic: keygen seed; pk, sk, signature. */
#define PQSIG(n, seed, pub, sec, sig)                                                              \
  {                                                                                                \
    .name = n, .kind = SM_KIND_SIGNATURE, .deterministic = true, .seed_len = seed,                 \
    .pub_bytes = pub, .secret_bytes = sec, .signature_bytes = sig, .message_sizes = true           \
  }

const SmAlgInfo sm_catalog[] = {
    CIPHER("aes-128-cbc", 16, 16, 16),
    CIPHER("aes-192-cbc", 24, 16, 16),
    CIPHER("aes-256-cbc", 32, 16, 16),
    CIPHER("aes-128-ctr", 16, 16, 1),
    CIPHER("aes-192-ctr", 24, 16, 1),
    CIPHER("aes-256-ctr", 32, 16, 1),
    CIPHER("aes-128-xts", 32, 16, 16),
    CIPHER("aes-256-xts", 64, 16, 16),
    COUNTED("chacha20", 32, 16, 1, SM_COUNTER_LE32_PREFIX),
    CIPHER("camellia-128-cbc", 16, 16, 16),
    CIPHER("twofish-cbc", 16, 16, 16),
    CIPHER("serpent-cbc", 16, 16, 16),
    CIPHER("sm4-cbc", 16, 16, 16),
    CIPHER("cast5-cbc", 16, 8, 8),
    CIPHER("bf-cbc", 16, 8, 8),
    CIPHER("idea-cbc", 16, 8, 8),
    CIPHER("rc2-cbc", 16, 8, 8),
    CIPHER("des-cbc", 8, 8, 8),
    CIPHER("des-ede3-cbc", 24, 8, 8),
    CIPHER("rc4", 16, 0, 1),
    AEAD("aes-128-gcm", 16, 12, 13),
    AEAD("aes-192-gcm", 24, 12, 13),
    AEAD("aes-256-gcm", 32, 12, 13),
    AEAD("aes-128-ccm", 16, 13, 13), /* 13-byte nonce (L = 2) and 16-byte tag, as in TLS */
    AEAD("aes-256-ccm", 32, 13, 13),
    AEAD("chacha20-poly1305", 32, 12, 13),
    AEAD("xchacha20-poly1305", 32, 24, 13),
    AEAD("xsalsa20-poly1305", 32, 24, 0), /* NaCl secretbox: no AAD */
    DIGEST("md4", 16),
    DIGEST("md5", 16),
    DIGEST("sha1", 20),
    DIGEST("sha224", 28),
    DIGEST("sha256", 32),
    DIGEST("sha384", 48),
    DIGEST("sha512", 64),
    DIGEST("sha3-256", 32),
    DIGEST("sha3-512", 64),
    DIGEST("blake2b512", 64),
    DIGEST("blake2s256", 32),
    DIGEST("ripemd160", 20),
    DIGEST("sm3", 32),
    MAC("hmac-md5", 32, 16),
    MAC("hmac-sha1", 32, 20),
    MAC("hmac-sha256", 32, 32),
    MAC("hmac-sha384", 32, 48),
    MAC("hmac-sha512", 32, 64),
    MAC("cmac-aes128", 16, 16),
    MAC("poly1305", 32, 16),
    /* RSA PKCS#1 v1.5 and EdDSA are deterministic; DSA and ECDSA draw a nonce per signature. */
    /* RSA sizes: n, d, signature; DSA: y, x, r||s (the fixed keys' q: 160 and 256 bits). */
    BITS("rsa1024", 1024, true, 128, 128, 128),
    BITS("rsa2048", 2048, true, 256, 256, 256),
    BITS("rsa3072", 3072, true, 384, 384, 384),
    BITS("rsa4096", 4096, true, 512, 512, 512),
    BITS("dsa1024", 1024, false, 128, 20, 40),
    BITS("dsa2048", 2048, false, 256, 32, 64),
    SIG("ecdsa-p256", 32, SM_SCALAR_NIST, false, 65, 64),
    SIG("ecdsa-p384", 48, SM_SCALAR_NIST, false, 97, 96),
    SIG("ecdsa-p521", 66, SM_SCALAR_NIST_P521, false, 133, 132),
    SIG("ed25519", 32, SM_SCALAR_BYTES, true, 32, 64),
    SIG("ed448", 57, SM_SCALAR_BYTES, true, 57, 114),
    KEX("x25519", 32, SM_SCALAR_BYTES, 32),
    KEX("x448", 56, SM_SCALAR_BYTES, 56),
    KEX("ecdh-p256", 32, SM_SCALAR_NIST, 65),
    KEX("ecdh-p384", 48, SM_SCALAR_NIST, 97),
    /* Post-quantum (FIPS 203, 204, 205). */
    KEM("ml-kem-512", 64, 800, 1632, 768, 32, true),
    KEM("ml-kem-768", 64, 1184, 2400, 1088, 32, true),
    KEM("ml-kem-1024", 64, 1568, 3168, 1568, 32, true),
    /* The TLS hybrid (draft-kwiatkowski-tls-ecdhe-mlkem): ML-KEM-768 first, then X25519, in
     * the public key (ek || X25519 public), the secret key (dk || X25519 scalar), the
     * ciphertext (c || the ephemeral X25519 public) and the secret (K || the X25519 secret).
     * Keygen seed: d || z || the X25519 scalar. Encaps draws its own randomness. */
    KEM("x25519-ml-kem-768", 96, 1216, 2432, 1120, 64, false),
    PQSIG("ml-dsa-44", 32, 1312, 2560, 2420),
    PQSIG("ml-dsa-65", 32, 1952, 4032, 3309),
    PQSIG("ml-dsa-87", 32, 2592, 4896, 4627),
    PQSIG("slh-dsa-sha2-128s", 48, 32, 64, 7856),
    PQSIG("slh-dsa-sha2-128f", 48, 32, 64, 17088),
    PQSIG("slh-dsa-shake-128f", 48, 32, 64, 17088),
    {.name = NULL},
};

static const char *const kind_names[SM_KIND_COUNT] = {
    [SM_KIND_CIPHER] = "cipher", [SM_KIND_AEAD] = "aead",           [SM_KIND_DIGEST] = "digest",
    [SM_KIND_MAC] = "mac",       [SM_KIND_SIGNATURE] = "signature", [SM_KIND_KEX] = "kex",
    [SM_KIND_KEM] = "kem",
};

static const char *const op_names[SM_OP_ALL_COUNT] = {
    [SM_OP_ENCRYPT] = "encrypt", [SM_OP_DECRYPT] = "decrypt", [SM_OP_HASH] = "hash",
    [SM_OP_MAC] = "mac",         [SM_OP_SIGN] = "sign",       [SM_OP_VERIFY] = "verify",
    [SM_OP_DERIVE] = "derive",   [SM_OP_KEYGEN] = "keygen",   [SM_OP_ENCAPS] = "encaps",
    [SM_OP_DECAPS] = "decaps",   [SM_OP_SETUP] = "setup",
};

static const char *const api_names[SM_API_LEVELS] = {
    [SM_API_EVP] = "evp", [SM_API_LOW] = "low", [SM_API_IMPLICIT] = "implicit"};

/* The operations of each kind, in the order rows are reported, and the slot a setup context is
 * built for (SM_OP_COUNT: the kind has no setup operation). */
static const struct {
  unsigned count;
  SmOp ops[4];
  SmOp setup_slot;
} kind_ops[SM_KIND_COUNT] = {
    [SM_KIND_CIPHER] = {3, {SM_OP_ENCRYPT, SM_OP_DECRYPT, SM_OP_SETUP}, SM_OP_ENCRYPT},
    [SM_KIND_AEAD] = {3, {SM_OP_ENCRYPT, SM_OP_DECRYPT, SM_OP_SETUP}, SM_OP_ENCRYPT},
    [SM_KIND_DIGEST] = {1, {SM_OP_HASH}, SM_OP_COUNT},
    [SM_KIND_MAC] = {2, {SM_OP_MAC, SM_OP_SETUP}, SM_OP_MAC},
    [SM_KIND_SIGNATURE] = {4, {SM_OP_SIGN, SM_OP_VERIFY, SM_OP_SETUP, SM_OP_KEYGEN}, SM_OP_SIGN},
    [SM_KIND_KEX] = {2, {SM_OP_DERIVE, SM_OP_KEYGEN}, SM_OP_COUNT},
    [SM_KIND_KEM] = {3, {SM_OP_KEYGEN, SM_OP_ENCAPS, SM_OP_DECAPS}, SM_OP_COUNT},
};

const unsigned sm_sign_message_sizes[SM_SIGN_MESSAGE_SIZE_COUNT] = {32, 1024};

const SmAlgInfo *sm_catalog_find(const char *name)
{
  for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++)
    if (strcmp(info->name, name) == 0)
      return info;
  return NULL;
}

const char *sm_kind_name(SmKind kind) { return kind < SM_KIND_COUNT ? kind_names[kind] : "?"; }

bool sm_kind_parse(const char *name, SmKind *kind)
{
  for (unsigned i = 0; i < SM_KIND_COUNT; i++)
    if (strcmp(kind_names[i], name) == 0) {
      *kind = (SmKind)i;
      return true;
    }
  return false;
}

const char *sm_op_name(SmOp op) { return (unsigned)op < SM_OP_ALL_COUNT ? op_names[op] : "?"; }

bool sm_op_parse(const char *name, SmOp *op)
{
  for (unsigned i = 0; i < SM_OP_ALL_COUNT; i++)
    if (strcmp(op_names[i], name) == 0) {
      *op = (SmOp)i;
      return true;
    }
  return false;
}

SmOp sm_op_slot(SmKind kind, SmOp op)
{
  if (op != SM_OP_SETUP)
    return op;
  return kind < SM_KIND_COUNT ? kind_ops[kind].setup_slot : SM_OP_COUNT;
}

char *sm_kind_names(void)
{
  GString *names = g_string_new(NULL);
  for (unsigned i = 0; i < SM_KIND_COUNT; i++)
    g_string_append_printf(names, "%s%s", i ? ", " : "", kind_names[i]);
  return g_string_free(names, FALSE);
}

char *sm_op_names(void)
{
  GString *names = g_string_new(NULL);
  for (unsigned i = 0; i < SM_OP_ALL_COUNT; i++)
    g_string_append_printf(names, "%s%s", i ? ", " : "", op_names[i]);
  return g_string_free(names, FALSE);
}

const char *sm_api_name(SmApi api) { return api < SM_API_LEVELS ? api_names[api] : "?"; }

bool sm_api_parse(const char *name, SmApi *api)
{
  for (unsigned i = 0; i < SM_API_LEVELS; i++)
    if (strcmp(api_names[i], name) == 0) {
      *api = (SmApi)i;
      return true;
    }
  return false;
}

unsigned sm_kind_ops(SmKind kind, SmOp ops[SM_OP_COUNT])
{
  if (kind >= SM_KIND_COUNT)
    return 0;
  for (unsigned i = 0; i < kind_ops[kind].count; i++)
    ops[i] = kind_ops[kind].ops[i];
  return kind_ops[kind].count;
}

bool sm_kind_is_bulk(SmKind kind) { return kind <= SM_KIND_MAC; }

char *sm_catalog_names(void)
{
  GString *names = g_string_new(NULL);
  for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++)
    g_string_append_printf(names, "%s%s", names->len ? ", " : "", info->name);
  return g_string_free(names, FALSE);
}
