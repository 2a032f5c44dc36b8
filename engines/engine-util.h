/* Small helpers an engine may use, each written once: messages, copies of runner-owned bytes,
 * and the seeded generator's key. Optional: engine.h stays the only header an engine needs;
 * this one saves writing these again, and ships with the SDK for engines built out of tree.
 * Everything here is static inline, so an engine that includes it links nothing new.
 *
 * Contents, by topic:
 *   bytes and integers     copies, empty-safe pointers, 32-bit loads and stores, fixed widths
 *   messages and results   the out-of-memory message, an op's successful end
 *   rows and impls         initialisers for a table's rows and their impls (C only)
 *   setups                 a setup written once over a zeroed state; the seeded generator's key
 *   descriptors and entry  the descriptor, the entry point, tables assembled from family lists
 *   ciphers and AEAD       a keystream carried mid-block, AEAD buffers and inputs, CCM, HMAC
 *   public keys            keygen's seed, r || s to and from DER
 *   C++ engines            engine-util-cxx.h, their own header (it includes this one) */
#ifndef SPEEDMATRIX_ENGINE_UTIL_H
#define SPEEDMATRIX_ENGINE_UTIL_H

#include "engine.h"

#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- bytes and integers ---- */

/* A private copy of runner-owned bytes that outlives the runner's buffer (free() it). Never NULL
 * on success, even for empty input (one zero byte is allocated). */
static inline uint8_t *sm_copy_bytes(SmBytes bytes)
{
  uint8_t *copy = (uint8_t *)calloc(1, bytes.len + 1);
  if (copy != NULL && bytes.len > 0)
    memcpy(copy, bytes.data, bytes.len);
  return copy;
}

/* A pointer a library may read even when the bytes are empty (some reject NULL). */
static inline const uint8_t *sm_bytes_or_empty(SmBytes bytes)
{
  static const uint8_t empty[1] = {0}; /* C++ rejects an uninitialised const */
  return bytes.data != NULL ? bytes.data : empty;
}

/* Big- and little-endian loads and stores, for engines whose library wants words. */
static inline uint32_t sm_load_le32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint32_t sm_load_be32(const uint8_t *p)
{
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static inline void sm_store_be32(uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

/* The little-endian store, the pair of sm_load_le32. */
static inline void sm_store_le32(uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

/* The bytes of a big-endian unsigned integer without its leading zeros. */
static inline SmBytes sm_strip_zeros(SmBytes value)
{
  while (value.len > 0 && value.data[0] == 0) {
    value.data++;
    value.len--;
  }
  return value;
}

/* A big-endian unsigned integer as exactly `width` bytes: its leading zeros dropped, then
 * zero-padded on the left; false when it needs more. */
static inline bool sm_put_fixed(SmBytes value, uint8_t *out, size_t width)
{
  SmBytes v = sm_strip_zeros(value);
  if (v.len > width)
    return false;
  memset(out, 0, width - v.len);
  if (v.len > 0)
    memcpy(out + width - v.len, v.data, v.len);
  return true;
}

/* ---- messages and results ---- */

/* The one message for a failed allocation. */
static inline SmResult sm_out_of_memory(char *msg, size_t msg_len)
{
  return sm_msg(SM_FAILED, msg, msg_len, "out of memory");
}

/* An op's successful end: its output is `out_len` bytes. */
static inline SmResult sm_output(SmIo *io, size_t out_len)
{
  io->out_len = out_len;
  return SM_OK;
}

/* ---- rows and impls (C only: array designators) ---- */

/* A row of an engine's table at both levels. */
#define SM_ROW_BOTH(n, k, evp_impl, low_impl)                                                      \
  {                                                                                                \
    .name = (n), .kind = (k), .impl = {(evp_impl), (low_impl) }                                    \
  }
/* A row at the evp level only, and why the library has no low-level way to it. */
#define SM_ROW_EVP_ONLY(n, k, evp_impl, why_no_low)                                                \
  {                                                                                                \
    .name = (n), .kind = (k), .impl = {(evp_impl), NULL}, .why_not = { NULL, (why_no_low) }        \
  }
/* A row at the low level only, and why the library has no evp-level way to it. */
#define SM_ROW_LOW_ONLY(n, k, low_impl, why_no_evp)                                                \
  {                                                                                                \
    .name = (n), .kind = (k), .impl = {NULL, (low_impl)}, .why_not = {(why_no_evp), NULL }         \
  }
/* A row the library offers at neither level, and why. */
#define SM_ROW_NONE(n, k, why)                                                                     \
  {                                                                                                \
    .name = (n), .kind = (k), .why_not = {(why), (why) }                                           \
  }
/* The row that ends a table (or a family's list of rows). */
#define SM_ROW_END                                                                                 \
  {                                                                                                \
    .name = NULL                                                                                   \
  }

/* An impl: a family's setup and teardown around its row's data, and the ops of its kind (the
 * designated initialisers of SmImpl.op, e.g. [SM_OP_HASH] = hash). */
#define SM_IMPL_OPS(setup_fn, teardown_fn, row_data, ...)                                          \
  {                                                                                                \
    .setup = (setup_fn), .teardown = (teardown_fn), .data = (row_data), .op = { __VA_ARGS__ }      \
  }
#define SM_IMPL_CIPHER(setup_fn, teardown_fn, row_data, encrypt_fn, decrypt_fn)                    \
  SM_IMPL_OPS(setup_fn, teardown_fn,                                                               \
              row_data, [SM_OP_ENCRYPT] = (encrypt_fn), [SM_OP_DECRYPT] = (decrypt_fn))
#define SM_IMPL_HASH(setup_fn, teardown_fn, row_data, hash_fn)                                     \
  SM_IMPL_OPS(setup_fn, teardown_fn, row_data, [SM_OP_HASH] = (hash_fn))
#define SM_IMPL_MAC(setup_fn, teardown_fn, row_data, mac_fn)                                       \
  SM_IMPL_OPS(setup_fn, teardown_fn, row_data, [SM_OP_MAC] = (mac_fn))
#define SM_IMPL_SIGNATURE(setup_fn, teardown_fn, row_data, sign_fn, verify_fn)                     \
  SM_IMPL_OPS(setup_fn, teardown_fn,                                                               \
              row_data, [SM_OP_SIGN] = (sign_fn), [SM_OP_VERIFY] = (verify_fn))
#define SM_IMPL_KEX(setup_fn, teardown_fn, row_data, derive_fn)                                    \
  SM_IMPL_OPS(setup_fn, teardown_fn, row_data, [SM_OP_DERIVE] = (derive_fn))

/* keygen's slot (ABI 1.3: SmImpl.op_1_3), for an impl's designated initialiser. */
#define SM_KEYGEN_SLOT(keygen_fn) [SM_OP_KEYGEN - SM_OP_SLOTS_1_0] = (keygen_fn)

/* A signature impl, and a key-exchange impl, that also make key pairs. */
#define SM_IMPL_SIGNATURE_KEYGEN(setup_fn, teardown_fn, row_data, sign_fn, verify_fn, keygen_fn)   \
  {                                                                                                \
    .setup = (setup_fn), .teardown = (teardown_fn), .data = (row_data),                            \
    .op = {[SM_OP_SIGN] = (sign_fn), [SM_OP_VERIFY] = (verify_fn)}, .op_1_3 = {                    \
      SM_KEYGEN_SLOT(keygen_fn)                                                                    \
    }                                                                                              \
  }
#define SM_IMPL_KEX_KEYGEN(setup_fn, teardown_fn, row_data, derive_fn, keygen_fn)                  \
  {                                                                                                \
    .setup = (setup_fn), .teardown = (teardown_fn), .data = (row_data),                            \
    .op = {[SM_OP_DERIVE] = (derive_fn)}, .op_1_3 = {                                              \
      SM_KEYGEN_SLOT(keygen_fn)                                                                    \
    }                                                                                              \
  }

/* ---- setups ---- */

/* A setup's end: SM_OK hands the state over, any other result tears it down first. */
static inline SmResult sm_setup_end(SmResult result, void *s, SmTeardownFn teardown, void **state)
{
  if (result == SM_OK)
    *state = s;
  else
    teardown(s);
  return result;
}

/* What a setup does to its zeroed state: fills it from params, and says SM_OK or why not. A fill
 * returns as soon as something fails: sm_setup_state tears the state down. */
typedef SmResult SmFillFn(void *state, const SmParams *params, char *msg, size_t msg_len);

/* `size` zeroed bytes at a multiple of `align` (a power of two), for free(). calloc's memory
 * suits alignments up to max_align_t's only: 8 bytes on s390x, where libsodium's AES-GCM and
 * Poly1305 states ask for 16. */
static inline void *sm_zalloc_aligned(size_t size, size_t align)
{
  if (align <= alignof(max_align_t))
    return calloc(1, size);
  if (size > SIZE_MAX - align)
    return NULL;
  size_t rounded = (size + align - 1) / align * align; /* aligned_alloc wants a multiple */
  void *s = aligned_alloc(align, rounded);
  if (s != NULL)
    memset(s, 0, rounded);
  return s;
}

/* A setup written once: a zeroed state of `size` bytes aligned to `align`, filled by `fill`,
 * handed over on SM_OK and torn down otherwise. */
static inline SmResult sm_setup_aligned_state(size_t size, size_t align, SmFillFn *fill,
                                              SmTeardownFn teardown, const SmParams *params,
                                              void **state, char *msg, size_t msg_len)
{
  void *s = sm_zalloc_aligned(size, align);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  return sm_setup_end(fill(s, params, msg, msg_len), s, teardown, state);
}

/* The same for a state no more aligned than max_align_t. */
static inline SmResult sm_setup_state(size_t size, SmFillFn *fill, SmTeardownFn teardown,
                                      const SmParams *params, void **state, char *msg,
                                      size_t msg_len)
{
  return sm_setup_aligned_state(size, alignof(max_align_t), fill, teardown, params, state, msg,
                                msg_len);
}

/* Defines the SmSetupFn `setup_fn`: a zeroed `State`, as aligned as its type asks, `fill` and
 * `teardown`. */
#define SM_DEFINE_SETUP(setup_fn, State, fill, teardown)                                           \
  static SmResult setup_fn(const SmParams *params, void **state, char *msg, size_t msg_len)        \
  {                                                                                                \
    return sm_setup_aligned_state(sizeof(State), alignof(State), fill, teardown, params, state,    \
                                  msg, msg_len);                                                   \
  }

/* Key material for an engine's deterministic generator (a stream cipher keyed by the run's
 * seed): `label` (at most 24 bytes, zero-padded) then the seed's 8 bytes little-endian. A label
 * per engine keeps two engines' streams apart; NULL or "" puts the seed first, zero-padded.
 * The stream itself is the library's own (ChaCha20 in most), so that an engine depends on no
 * code of ours for its randomness. */
static inline void sm_seed_key(uint64_t seed, const char *label, uint8_t key[32])
{
  memset(key, 0, 32);
  size_t at = 0;
  if (label != NULL && label[0] != '\0') {
    size_t n = strlen(label);
    memcpy(key, label, n < 24 ? n : 24);
    at = 24;
  }
  for (int i = 0; i < 8; i++)
    key[at + (size_t)i] = (uint8_t)(seed >> (8 * i));
}

/* ---- descriptors and entry ---- */

/* An engine's descriptor `var`: its names, the library's run-time version, init and shutdown
 * (NULL: none), the environment that turns its acceleration off (NULL: none), what each API
 * level means, and its table. */
#define SM_ENGINE_DESCRIPTOR(var, engine_name, library_name, version_fn, init_fn, shutdown_fn,     \
                             accel_env, evp_meaning, low_meaning, table)                           \
  static const SmEngine var = {                                                                    \
      .abi_major = SM_ABI_MAJOR,                                                                   \
      .abi_minor = SM_ABI_MINOR,                                                                   \
      .size = sizeof(SmEngine),                                                                    \
      .name = (engine_name),                                                                       \
      .library = (library_name),                                                                   \
      .library_version = (version_fn),                                                             \
      .init = (init_fn),                                                                           \
      .shutdown = (shutdown_fn),                                                                   \
      .accel_off_env = (accel_env),                                                                \
      .api_meaning = {[SM_API_EVP] = (evp_meaning), [SM_API_LOW] = (low_meaning)},                 \
      .algorithms = (table),                                                                       \
  }

/* The entry point of an engine whose descriptor's table is static. */
#define SM_DEFINE_ENTRY(var)                                                                       \
  SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &(var); }

/* The entry point of an engine whose table (room for `room` rows) is assembled from the array
 * of row lists `lists` on the first call. */
#define SM_DEFINE_ENTRY_ASSEMBLED(var, lists, table, room)                                         \
  SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void)                                        \
  {                                                                                                \
    return sm_engine_assembled(&(var), lists, sizeof lists / sizeof lists[0], table, room);        \
  }

/* Copies `count` NULL-terminated row lists, in order, into `table` (room for `room` rows and the
 * NULL row that ends it): the table, or NULL when the rows do not fit. */
static inline const SmAlgorithm *sm_assemble_rows(const SmAlgorithm *const *lists, size_t count,
                                                  SmAlgorithm *table, size_t room)
{
  size_t used = 0;
  for (size_t i = 0; i < count; i++)
    for (const SmAlgorithm *row = lists[i]; row->name != NULL; row++) {
      if (used == room)
        return NULL;
      table[used++] = *row;
    }
  memset(&table[used], 0, sizeof table[used]);
  return table;
}

/* `engine`, once `table` (the one its descriptor points at) holds every list's rows; NULL, which
 * the loader reports, when they do not fit. */
static inline const SmEngine *sm_engine_assembled(const SmEngine *engine,
                                                  const SmAlgorithm *const *lists, size_t count,
                                                  SmAlgorithm *table, size_t room)
{
  if (table[0].name == NULL && sm_assemble_rows(lists, count, table, room) == NULL)
    return NULL;
  return engine;
}

/* The families of a table split by kind, in the order `list` shows them: an engine's
 * FAMILIES(FAMILY) is SM_KIND_FAMILIES(FAMILY), then any family of its own. */
#define SM_KIND_FAMILIES(FAMILY)                                                                   \
  FAMILY(cipher) FAMILY(aead) FAMILY(digest) FAMILY(mac) FAMILY(signature) FAMILY(kex)

/* For an X-macro list of families: declares `family##_rows` (defined in the family's file),
 * and names it in the list of lists. */
#define SM_DECLARE_ROWS(family) extern const SmAlgorithm family##_rows[];
#define SM_ROWS_OF(family) family##_rows,

/* ---- ciphers and AEAD: keystream carry, AEAD buffers and inputs, CCM, HMAC ---- */

/* A keystream that continues mid-block on the next call (as openssl speed streams), over a
 * library call that drops the rest of a partial block: `blocks` runs `length` bytes of the
 * stream, a whole number of blocks, from src to dst; false when the library fails. */
typedef bool SmStreamBlocksFn(void *state, size_t length, uint8_t *dst, const uint8_t *src);

typedef struct {
  uint8_t block[64]; /* the last block of keystream */
  size_t size;       /* the block size, at most 64 */
  size_t left;       /* unused bytes at the end of block */
} SmStreamCarry;

static inline SmStreamCarry sm_stream_carry(size_t block_size)
{
  SmStreamCarry carry;
  memset(&carry, 0, sizeof carry);
  carry.size = block_size;
  return carry;
}

/* io->out = io->in xor the stream: first the carried rest, then whole blocks through `blocks`,
 * then one block of keystream (zeros run through `blocks`) whose unused end is carried. */
static inline SmResult sm_stream_crypt(void *state, SmStreamCarry *carry, SmStreamBlocksFn *blocks,
                                       SmIo *io)
{
  size_t len = io->in_len;
  if (io->out_len < len || carry->size == 0 || carry->size > sizeof carry->block)
    return SM_FAILED;
  size_t done = carry->left < len ? carry->left : len;
  const uint8_t *rest = carry->block + carry->size - carry->left;
  for (size_t i = 0; i < done; i++)
    io->out[i] = io->in[i] ^ rest[i];
  carry->left -= done;
  size_t whole = (len - done) / carry->size * carry->size;
  if (whole > 0 && !blocks(state, whole, io->out + done, io->in + done))
    return SM_FAILED;
  done += whole;
  if (done < len) {
    memset(carry->block, 0, carry->size);
    if (!blocks(state, carry->size, carry->block, carry->block))
      return SM_FAILED;
    size_t tail = len - done;
    for (size_t i = 0; i < tail; i++)
      io->out[done + i] = io->in[done + i] ^ carry->block[i];
    carry->left = carry->size - tail;
  }
  io->out_len = len;
  return SM_OK;
}

/* An AEAD encrypt's `out` has room for the input and the tag after it. */
static inline bool sm_aead_encrypt_fits(const SmIo *io, size_t tag_len)
{
  return io->out_len >= io->in_len + tag_len;
}

/* An AEAD decrypt's `in` ends with the tag, and `out` has room for what precedes it. */
static inline bool sm_aead_decrypt_fits(const SmIo *io, size_t tag_len)
{
  return io->in_len >= tag_len && io->out_len >= io->in_len - tag_len;
}

/* What an AEAD's ops take from its setup's parameters: private copies of the nonce and the AAD
 * (never NULL, even when empty: some libraries refuse NULL) and the tag length. */
typedef struct {
  uint8_t *nonce;
  size_t nonce_len;
  uint8_t *aad;
  size_t aad_len;
  size_t tag_len;
} SmAeadInputs;

static inline void sm_aead_inputs_free(SmAeadInputs *inputs)
{
  free(inputs->nonce);
  free(inputs->aad);
  inputs->nonce = inputs->aad = NULL;
}

/* Fills `inputs` from params->iv, aad and tag_len: false when out of memory (what was copied is
 * still freed by sm_aead_inputs_free). */
static inline bool sm_aead_inputs_copy(SmAeadInputs *inputs, const SmParams *params)
{
  inputs->nonce = sm_copy_bytes(params->iv);
  inputs->nonce_len = params->iv.len;
  inputs->aad = sm_copy_bytes(params->aad);
  inputs->aad_len = params->aad.len;
  inputs->tag_len = params->tag_len;
  return inputs->nonce != NULL && inputs->aad != NULL;
}

/* CCM puts the message length in the 15 - nonce bytes its nonce leaves of the first block:
 * SM_OK when a message of params->max_len bytes fits beside params->iv, else SM_UNSUPPORTED and
 * the largest that does. */
static inline SmResult sm_ccm_length_check(const SmParams *params, char *msg, size_t msg_len)
{
  size_t nonce_len = params->iv.len;
  size_t length_bytes = nonce_len < 15 ? 15 - nonce_len : 0;
  size_t most = length_bytes >= sizeof(size_t) ? SIZE_MAX : ((size_t)1 << (8 * length_bytes)) - 1;
  if (params->max_len <= most)
    return SM_OK;
  return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                "CCM with a %zu-byte nonce carries at most %zu bytes per message, not %zu",
                nonce_len, most, params->max_len);
}

/* The HMAC family every engine measures, in the order of its rows: X(hash, HASH), comma-separated,
 * for the row "hmac-<hash>", the hash named in lower and in upper case for an engine's row macro
 * to paste into its library's names (nettle_##hash, GCRY_MD_##HASH, "SHA256"). */
#define SM_HMAC_FAMILY(X)                                                                          \
  X(md5, MD5), X(sha1, SHA1), X(sha256, SHA256), X(sha384, SHA384), X(sha512, SHA512)

/* ---- public keys: keygen's seed, and the DER form of a DSA/ECDSA signature ---- */

/* keygen's seed (params->key_seed) copied into `out`, room for `room` bytes: its length, or 0
 * when it is empty, longer than `room`, or not `want` bytes (want 0: any length). */
static inline size_t sm_copy_key_seed(const SmParams *params, size_t want, uint8_t *out,
                                      size_t room)
{
  size_t len = params->key_seed.len;
  if (len == 0 || len > room || (want != 0 && len != want))
    return 0;
  memcpy(out, params->key_seed.data, len);
  return len;
}

/* Room for sm_rs_to_der's output for r and s of `width` bytes each. */
#define SM_RS_DER_MAX(width) (2 * ((width) + 4) + 4)

static inline size_t sm_der_put_length(uint8_t *out, size_t len)
{
  size_t n = 0;
  if (len >= 0x100)
    out[n++] = 0x82, out[n++] = (uint8_t)(len >> 8);
  else if (len >= 0x80)
    out[n++] = 0x81;
  out[n++] = (uint8_t)len;
  return n;
}

/* One DER INTEGER of a width-byte unsigned value into out (NULL: only its size). */
static inline size_t sm_der_put_integer(uint8_t *out, const uint8_t *value, size_t width)
{
  SmBytes v = {value, width};
  v = sm_strip_zeros(v);
  bool pad = v.len == 0 || (v.data[0] & 0x80) != 0;
  uint8_t head[4];
  size_t n = 1 + sm_der_put_length(head + 1, v.len + pad);
  head[0] = 0x02;
  if (pad)
    head[n++] = 0x00;
  if (out != NULL) {
    memcpy(out, head, n);
    if (v.len > 0)
      memcpy(out + n, v.data, v.len);
  }
  return n + v.len;
}

/* The runner's r || s (each width bytes) as DER SEQUENCE { INTEGER r, INTEGER s }, the form
 * most libraries sign and verify in; returns its length (at most SM_RS_DER_MAX(width)). */
static inline size_t sm_rs_to_der(const uint8_t *rs, size_t width, uint8_t *der)
{
  size_t body = sm_der_put_integer(NULL, rs, width) + sm_der_put_integer(NULL, rs + width, width);
  size_t n = 1 + sm_der_put_length(der + 1, body);
  der[0] = 0x30;
  n += sm_der_put_integer(der + n, rs, width);
  return n + sm_der_put_integer(der + n, rs + width, width);
}

static inline bool sm_der_get_length(const uint8_t **p, const uint8_t *end, size_t *len)
{
  if (*p >= end)
    return false;
  uint8_t first = *(*p)++;
  size_t count = first < 0x80 ? 0 : first & 0x7fu;
  if (first >= 0x80 && (count == 0 || count > 2 || (size_t)(end - *p) < count))
    return false;
  *len = first < 0x80 ? first : 0;
  while (count-- > 0)
    *len = (*len << 8) | *(*p)++;
  return true;
}

static inline bool sm_der_get_integer(const uint8_t **p, const uint8_t *end, uint8_t *out,
                                      size_t width)
{
  size_t len;
  if (*p >= end || *(*p)++ != 0x02 || !sm_der_get_length(p, end, &len) || len == 0 ||
      len > (size_t)(end - *p))
    return false;
  SmBytes value = {*p, len};
  *p += len;
  return sm_put_fixed(value, out, width);
}

/* DER SEQUENCE { INTEGER r, INTEGER s } back to r || s, each zero-padded to width bytes; false
 * when it does not parse or a value is wider. */
static inline bool sm_der_to_rs(const uint8_t *der, size_t der_len, size_t width, uint8_t *rs)
{
  const uint8_t *p = der, *end = der + der_len;
  size_t len;
  if (der_len < 2 || *p++ != 0x30 || !sm_der_get_length(&p, end, &len) || len != (size_t)(end - p))
    return false;
  return sm_der_get_integer(&p, end, rs, width) && sm_der_get_integer(&p, end, rs + width, width) &&
         p == end;
}

#ifdef __cplusplus
}
#endif

#endif /* SPEEDMATRIX_ENGINE_UTIL_H */
