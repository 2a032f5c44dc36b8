/* speedmatrix plugin interface: the only contract between the runner and an engine.
 *
 * An engine is a shared module that exports one function:
 *
 *     const SmEngine *speedmatrix_engine(void);
 *
 * The descriptor it returns is const data: the engine's name, a run-time version getter and a
 * NULL-terminated table of algorithms. Each algorithm offers up to two API levels (evp, low);
 * each level is an SmImpl, a sparse dispatch table whose NULL slots mean "not offered".
 *
 * ABI rules: fields are only ever appended. A change that appends bumps SM_ABI_MINOR; any other
 * change bumps SM_ABI_MAJOR. The loader refuses another major, or a newer minor than its own.
 * History: 1.0 first; 1.1 appended SmImpl.data and SmParams.impl_data (a row's own data reaches
 * its setup, so one setup function serves every row of a table); 1.2 appended SmImpl.impl_name
 * (which implementation a state runs, as the library reports it: the `impl` column); 1.3
 * appended the kem kind, the operations keygen, encaps and decaps (their slots are
 * SmImpl.op_1_3: SmImpl.op keeps its 1.0 size, so an older plugin's tables keep their layout;
 * index both with sm_impl_op()), and SmParams.key_seed; 1.4 appended SmImpl.implicit (a third
 * level hung off the evp level: OpenSSL 3's implicit-fetch calls), SmImpl.lock_waits,
 * SmEngine.implicit_meaning and SmEngine.threads_unsafe. The runner reads an older minor's
 * SmImpl only up to that minor's last field, and never hands an older minor a kem algorithm.
 *
 * Threads (ABI 1.4): the runner may run several states of one level at once, one per thread of
 * one process, after init has returned (init does every library-wide set-up). Setup, the
 * operations and teardown of distinct states must then be safe to call concurrently; an engine
 * whose library cannot do that says why in SmEngine.threads_unsafe, and is run on one thread.
 *
 * The operation `setup` (a context with its key made ready, per second) is not a slot of
 * SmImpl.op: the runner measures it by calling a level's setup and teardown in the timed loop,
 * with params->op the operation the context is for (encrypt for ciphers and AEADs, mac for
 * MACs, sign for signatures: loading the private key), and verifies the built context by
 * running that operation.
 *
 * Semantics of one operation (what a timed call does), identical for every engine:
 *   cipher  encrypt/decrypt  in -> out, same length; one context streams across calls
 *                            (CBC chains, CTR/stream ciphers continue), as openssl speed does.
 *                            XTS: every call is one data unit with the tweak from params->iv.
 *   aead    encrypt          one whole message: set nonce (params->iv), AAD (params->aad),
 *                            encrypt, tag: out = ciphertext || tag (in_len + tag_len bytes).
 *                            The key schedule is done once, in setup.
 *           decrypt          in = ciphertext || tag; out = plaintext; a bad tag is SM_FAILED.
 *   digest  hash             out = digest of in (a fresh hash per call).
 *   mac     mac              out = tag of in under params->key (fresh per call).
 *   signature sign           in = message; out = signature. RSA: PKCS#1 v1.5 with SHA-256.
 *                            ECDSA: SHA-256 (p256), SHA-384 (p384), SHA-512 (p521);
 *                            DSA: SHA-256; out = r || s, each big-endian, zero-padded to the
 *                            byte length of the group order. EdDSA: the RFC 8032 signature.
 *             verify         in = message, aux = signature (same encoding); a signature that
 *                            does not verify is SM_FAILED. No output (out_len 0).
 *   kex     derive           out = shared secret from params->priv and the peer's public
 *                            value (params->peer_pub, or computed in setup from
 *                            params->peer_priv). ECDH: the x coordinate, big-endian, field size.
 *   kem     encaps           (ABI 1.3) in = the 32-byte FIPS 203 randomness m where the library
 *                            accepts it (the operation is then deterministic); in_len 0: the
 *                            library draws it (an engine that cannot take m returns
 *                            SM_UNSUPPORTED for in_len 32). out = ciphertext || shared secret
 *                            (ML-KEM: the FIPS 203 c, then the 32-byte K). The public key is
 *                            params->pub (FIPS 203 ek) or, when empty, derived in setup from
 *                            params->key_seed.
 *           decaps           in = ciphertext; out = shared secret. The private key is
 *                            params->priv (FIPS 203 dk, the expanded form) or, when empty,
 *                            derived in setup from params->key_seed. A ciphertext that does not
 *                            decapsulate gives the implicit-rejection secret, not SM_FAILED.
 *   signature, kex, kem
 *           keygen           (ABI 1.3) one whole key pair generated, private part included (the
 *                            expanded private key where the standard has one), from
 *                            params->key_seed: ML-KEM d || z (64 bytes, FIPS 203 keygen_internal),
 *                            ML-DSA xi (32, FIPS 204), SLH-DSA SK.seed || SK.prf || PK.seed (3n),
 *                            EdDSA/X25519/X448 the private key (RFC 8032 seed, RFC 7748 scalar),
 *                            ECDSA/ECDH the scalar d (the public point is the work). RSA and DSA
 *                            have no seed form: params->key_seed is empty and the library's own
 *                            generator draws the key (not deterministic). in: nothing (in_len 0);
 *                            out = the public key, in the encoding params->pub takes (RSA: the
 *                            modulus n, big-endian). A new key per call: nothing is cached.
 *   ML-DSA and SLH-DSA sign pure (no pre-hash) and deterministically (FIPS 204 rnd = 0^32;
 *   FIPS 205 opt_rand = PK.seed), with the context string params->aad (empty in benchmark
 *   cells; known-answer vectors carry theirs). Keys: params->priv / params->pub in the FIPS
 *   encodings (sk, pk), or, when both are empty, the pair derived in setup from key_seed.
 * Hashing inside sign/verify is part of the operation at every level.
 */
#ifndef SPEEDMATRIX_ENGINE_H
#define SPEEDMATRIX_ENGINE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SM_ABI_MAJOR 1u
#define SM_ABI_MINOR 4u

#define SM_ENGINE_ENTRY "speedmatrix_engine"

#if defined(_WIN32)
#define SM_ENGINE_EXPORT __declspec(dllexport)
#else
#define SM_ENGINE_EXPORT __attribute__((visibility("default")))
#endif

/* Fields appended at 1.4 and later read as zero in a C++ engine that initialises its descriptor
 * by position, as they do in C with designated initialisers. */
#ifdef __cplusplus
#define SM_APPENDED = nullptr
#else
#define SM_APPENDED
#endif

typedef enum {
  SM_KIND_CIPHER,
  SM_KIND_AEAD,
  SM_KIND_DIGEST,
  SM_KIND_MAC,
  SM_KIND_SIGNATURE,
  SM_KIND_KEX,
  SM_KIND_KEM, /* ABI 1.3 */
  SM_KIND_COUNT
} SmKind;

typedef enum {
  SM_OP_ENCRYPT,
  SM_OP_DECRYPT,
  SM_OP_HASH,
  SM_OP_MAC,
  SM_OP_SIGN,
  SM_OP_VERIFY,
  SM_OP_DERIVE,
  SM_OP_KEYGEN, /* ABI 1.3: these three live in SmImpl.op_1_3 */
  SM_OP_ENCAPS,
  SM_OP_DECAPS,
  SM_OP_COUNT
} SmOp;

/* The slots of SmImpl.op, fixed at ABI 1.0 (encrypt .. derive); later ones are appended. */
#define SM_OP_SLOTS_1_0 7u

typedef enum {
  SM_API_EVP, /* the library's generic / high-level interface (OpenSSL: EVP) */
  SM_API_LOW, /* its direct primitive calls (OpenSSL: the non-EVP functions) */
  SM_API_COUNT
} SmApi;

typedef enum {
  SM_OK = 0,
  SM_UNSUPPORTED = 1, /* the library (as built, or on this CPU) cannot do it: a reason in msg */
  SM_FAILED = 2       /* the library refused or the check failed: a message in msg */
} SmResult;

typedef enum { SM_ACCEL_ON = 0, SM_ACCEL_OFF = 1 } SmAccel;

typedef struct {
  const uint8_t *data;
  size_t len;
} SmBytes;

/* Key material for RSA: big-endian unsigned integers, no leading zero bytes required. */
typedef struct {
  SmBytes n, e, d, p, q, dp, dq, qinv;
} SmRsaKey;

/* Key material for DSA: domain parameters p, q, g; public y; private x (may be empty). */
typedef struct {
  SmBytes p, q, g, y, x;
} SmDsaKey;

/* What the runner hands to setup. Everything is owned by the runner and outlives the state
 * only until teardown: copy what you keep. */
typedef struct {
  uint32_t size;  /* sizeof(SmParams) as the runner was built: read fields below it only */
  SmOp op;        /* the operation this state will perform */
  uint64_t seed;  /* for an engine that needs its own deterministic randomness */
  size_t max_len; /* the largest in_len the op will be called with */
  SmBytes key;    /* cipher/aead/mac key (XTS: both halves) */
  SmBytes iv;     /* IV, nonce, initial counter block or XTS tweak; empty where none */
  SmBytes aad;    /* AEAD additional data (may be empty) */
  size_t tag_len; /* AEAD tag length */
  /* signature / kex */
  SmRsaKey rsa;      /* rsa*: n, e always; the private parts when signing */
  SmDsaKey dsa;      /* dsa*: p, q, g, y always; x when signing */
  SmBytes priv;      /* ecdsa: scalar d (big-endian); ed*: the RFC 8032 secret seed;
                        x25519/x448: the RFC 7748 scalar; ecdh: scalar d. Empty: verify only */
  SmBytes pub;       /* ecdsa/ecdh: 0x04||x||y; ed*: the public key. Empty: engine derives
                        it from priv */
  SmBytes peer_pub;  /* kex: the peer's public value (0x04||x||y for ecdh; raw for x25519) */
  SmBytes peer_priv; /* kex: the peer's private value, when peer_pub is empty */
  /* ABI 1.1 */
  const void *impl_data; /* the SmImpl's data: which row of the engine's table this is */
  /* ABI 1.3 */
  SmBytes key_seed; /* keygen, and the key pair of a kem/ML-DSA/SLH-DSA state whose priv and
                       pub are empty: the seed the standard derives the pair from (see keygen
                       above); empty where the algorithm has no seed form */
} SmParams;

/* The input and output of one operation. */
typedef struct {
  const uint8_t *in;
  size_t in_len;
  const uint8_t *aux; /* verify: the signature; otherwise unused */
  size_t aux_len;
  uint8_t *out;
  size_t out_len; /* capacity on entry; bytes written on return */
} SmIo;

/* On failure setup frees what it allocated: teardown is only called on a state setup made. */
typedef SmResult (*SmSetupFn)(const SmParams *params, void **state, char *msg, size_t msg_len);
typedef SmResult (*SmOpFn)(void *state, SmIo *io);
typedef void (*SmTeardownFn)(void *state);
/* Optional: NULL when the level is usable; otherwise why not (e.g. "no AES-NI on this CPU").
 * Called after init; must be cheap and must not print. */
typedef const char *(*SmProbeFn)(void);
/* Optional (ABI 1.2): which implementation `state` (made by setup from `params`) runs, as the
 * library reports it for this algorithm ("provider=default AES-NI", "x86ni", "aesni");
 * NULL or "" when the library cannot tell. Called after setup, outside any timing; the runner
 * copies the string at once (it may live in a static buffer the next call overwrites). */
typedef const char *(*SmImplNameFn)(const SmParams *params, void *state);

/* One API level of one algorithm: a sparse dispatch table. */
typedef struct SmImpl_ {
  SmSetupFn setup;
  SmOpFn op[SM_OP_SLOTS_1_0]; /* NULL: operation not offered at this level */
  SmTeardownFn teardown;
  SmProbeFn probe; /* may be NULL */
  /* ABI 1.1 */
  const void *data; /* handed to setup as params->impl_data (NULL: none) */
  /* ABI 1.2 */
  SmImplNameFn impl_name; /* may be NULL */
  /* ABI 1.3 */
  SmOpFn op_1_3[SM_OP_COUNT - SM_OP_SLOTS_1_0]; /* keygen, encaps, decaps: use sm_impl_op */
  /* ABI 1.4 */
  /* On an evp level only, may be NULL: the same algorithm called the implicit-fetch way
   * (OpenSSL 3: EVP_sha256() and the like passed to every init instead of an algorithm
   * fetched once), the level the runner names `implicit`. */
  const struct SmImpl_ *implicit SM_APPENDED;
  /* May be NULL: how many times calls on `state` waited for a lock another thread held, since
   * setup. Called after the timed calls, outside any timing. */
  uint64_t (*lock_waits)(void *state) SM_APPENDED;
} SmImpl;

/* The slot of `op` in `impl`, wherever the ABI put it; NULL when not offered. */
static inline SmOpFn sm_impl_op(const SmImpl *impl, SmOp op)
{
  if ((unsigned)op < SM_OP_SLOTS_1_0)
    return impl->op[op];
  if ((unsigned)op < (unsigned)SM_OP_COUNT)
    return impl->op_1_3[op - SM_OP_SLOTS_1_0];
  return NULL;
}

typedef struct {
  const char *name; /* canonical, lower case: "aes-128-gcm", "sha256", "ed25519" */
  SmKind kind;
  const SmImpl *impl[SM_API_COUNT];  /* NULL: this level lacks the algorithm */
  const char *why_not[SM_API_COUNT]; /* for a NULL impl: the reason, one line */
} SmAlgorithm;

/* Process-wide configuration, given to init once before anything else. */
typedef struct {
  uint32_t size; /* sizeof(SmEngineConfig) as the runner was built */
  SmAccel accel; /* SM_ACCEL_OFF: use the library's own switch to disable acceleration */
} SmEngineConfig;

typedef struct {
  uint32_t abi_major;  /* SM_ABI_MAJOR */
  uint32_t abi_minor;  /* SM_ABI_MINOR */
  uint32_t size;       /* sizeof(SmEngine) */
  const char *name;    /* "openssl", "gcrypt", "nettle", "sodium", "glib" */
  const char *library; /* human name: "OpenSSL", "libgcrypt" */
  /* The library's version as it reports it at run time (not the headers'). */
  const char *(*library_version)(void);
  /* Once per process, before any setup. On SM_OK msg may say what acceleration the library
   * reports in use; SM_UNSUPPORTED when the requested accel mode cannot be honoured. */
  SmResult (*init)(const SmEngineConfig *config, char *msg, size_t msg_len);
  void (*shutdown)(void); /* may be NULL */
  /* Environment the runner sets in a fresh process before loading the engine to turn the
   * library's acceleration off ("VAR=value" strings, NULL-terminated); NULL when none. */
  const char *const *accel_off_env;
  /* What each level means for this library, one line each. */
  const char *api_meaning[SM_API_COUNT];
  const SmAlgorithm *algorithms; /* terminated by an entry whose name is NULL */
  /* ABI 1.4 */
  const char *implicit_meaning SM_APPENDED; /* what the implicit level means; NULL: none */
  /* NULL (the default): states of this engine may run on several threads at once (see
   * "Threads" above). Otherwise why the library cannot, one line: its threaded cells are then
   * unsupported with this reason, never run. */
  const char *threads_unsafe SM_APPENDED;
} SmEngine;

typedef const SmEngine *(*SmEngineEntryFn)(void);

/* Writes a message for the runner; returns `result` so that callers can `return sm_msg(...)`. */
static inline SmResult sm_msg(SmResult result, char *msg, size_t msg_len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static inline SmResult sm_msg(SmResult result, char *msg, size_t msg_len, const char *fmt, ...)
{
  if (msg != NULL && msg_len > 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, msg_len, fmt, ap);
    va_end(ap);
  }
  return result;
}

#ifdef __cplusplus
}
#endif

#endif /* SPEEDMATRIX_ENGINE_H */
