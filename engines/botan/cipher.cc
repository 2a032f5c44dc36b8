#include "botan-engine.h"

namespace sm_botan
{

/* ------------------------------------------------------------------------------------------ */
/* evp: ciphers through the FFI                                                                */

/* Botan 2's FFI update without the final flag works in update_granularity() chunks (one byte
 * at a time for stream ciphers, copying each): every call is passed as a final chunk instead.
 * CBC and the stream modes carry their chaining value / keystream position over a finish, so
 * the next call continues the stream as the runner's contract asks. */
struct FfiCipher {
  botan_cipher_t cipher = nullptr;
  std::vector<uint8_t> tweak; /* XTS: set before each data unit */
  ~FfiCipher() { botan_cipher_destroy(cipher); }
};

int ffi_cipher_run(botan_cipher_t cipher, const uint8_t *in, size_t in_len, uint8_t *out,
                   size_t out_cap, size_t *written)
{
  size_t consumed = 0;
  int rc = botan_cipher_update(cipher, BOTAN_CIPHER_UPDATE_FLAG_FINAL, out, out_cap, written,
                               sm_bytes_or_empty({in, in_len}), in_len, &consumed);
  return rc == BOTAN_FFI_SUCCESS && consumed == in_len ? rc : BOTAN_FFI_ERROR_UNKNOWN_ERROR;
}

/* The FFI's ChaCha20 starts at block 0 and cannot seek: run the keystream up to the counter. */
void ffi_chacha_skip(botan_cipher_t cipher, uint32_t blocks)
{
  uint8_t zeros[1024];
  size_t left = size_t(blocks) * 64;
  while (left > 0) {
    size_t n = left < sizeof zeros ? left : sizeof zeros, written = 0;
    std::memset(zeros, 0, sizeof zeros);
    ffi_check(ffi_cipher_run(cipher, zeros, n, zeros, sizeof zeros, &written),
              "skipping ChaCha20 keystream");
    left -= n;
  }
}

/* The row's FFI cipher in the setup's direction, keyed (the FFI cipher and AEAD setups). */
void ffi_keyed_cipher(botan_cipher_t *cipher, const CipherRow &row, const SmParams *params)
{
  uint32_t dir =
      params->op == SM_OP_ENCRYPT ? BOTAN_CIPHER_INIT_FLAG_ENCRYPT : BOTAN_CIPHER_INIT_FLAG_DECRYPT;
  ffi_check(botan_cipher_init(cipher, row.mode, dir), row.mode);
  ffi_check(botan_cipher_set_key(*cipher, sm_bytes_or_empty(params->key), params->key.len),
            "botan_cipher_set_key");
}

SmResult ffi_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<FfiCipher, CipherRow>(
      botan, params, state, msg, msg_len, [&](FfiCipher *st, const CipherRow *row) {
        ffi_keyed_cipher(&st->cipher, *row, params);
        if (row->shape == Shape::Xts) {
          st->tweak = copy_of(params->iv);
          return SM_OK;
        }
        if (row->shape != Shape::ChaCha) {
          ffi_check(botan_cipher_start(st->cipher, params->iv.data, params->iv.len),
                    "botan_cipher_start");
          return SM_OK;
        }
        ChaChaIv iv = chacha_iv(params->iv);
        if (iv.counter > max_skipped_blocks)
          return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                        "Botan's FFI ChaCha20 cannot seek; counter %u is too far to skip",
                        iv.counter);
        ffi_check(botan_cipher_start(st->cipher, iv.nonce.data, iv.nonce.len),
                  "botan_cipher_start");
        ffi_chacha_skip(st->cipher, iv.counter);
        return SM_OK;
      });
}

SmResult ffi_cipher_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<FfiCipher *>(state);
    if (!st->tweak.empty() &&
        botan_cipher_start(st->cipher, st->tweak.data(), st->tweak.size()) != BOTAN_FFI_SUCCESS)
      return SM_FAILED;
    size_t written = 0;
    if (ffi_cipher_run(st->cipher, io->in, io->in_len, io->out, io->out_len, &written) !=
            BOTAN_FFI_SUCCESS ||
        written != io->in_len)
      return SM_FAILED;
    io->out_len = written;
    return SM_OK;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* evp: AEAD through the FFI (key set once; per message: AD, nonce, one final update)          */

struct FfiAead : AeadInputs {
  botan_cipher_t cipher = nullptr;
  ~FfiAead() { botan_cipher_destroy(cipher); }
};

SmResult ffi_aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<FfiAead, CipherRow>(
      botan, params, state, msg, msg_len, [&](FfiAead *st, const CipherRow *row) {
        ffi_keyed_cipher(&st->cipher, *row, params);
        size_t tag_len = 0;
        ffi_check(botan_cipher_get_tag_length(st->cipher, &tag_len), "botan_cipher_get_tag_length");
        if (tag_len != params->tag_len)
          return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s has a %zu-byte tag, not %zu", row->mode,
                        tag_len, params->tag_len);
        if (botan_cipher_valid_nonce_length(st->cipher, params->iv.len) != 1)
          return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s does not take a %zu-byte nonce",
                        row->mode, params->iv.len);
        st->copy_inputs(params);
        return SM_OK;
      });
}

SmResult ffi_aead_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<FfiAead *>(state);
    size_t written = 0;
    /* Botan's AEAD modes take the associated data before the nonce. */
    if (botan_cipher_set_associated_data(st->cipher,
                                         sm_bytes_or_empty({st->aad.data(), st->aad.size()}),
                                         st->aad.size()) != BOTAN_FFI_SUCCESS ||
        botan_cipher_start(st->cipher, st->nonce.data(), st->nonce.size()) != BOTAN_FFI_SUCCESS ||
        ffi_cipher_run(st->cipher, io->in, io->in_len, io->out, io->out_len, &written) !=
            BOTAN_FFI_SUCCESS)
      return SM_FAILED; /* a bad tag is BOTAN_FFI_ERROR_BAD_MAC */
    io->out_len = written;
    return SM_OK;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* low: Cipher_Mode in place. Botan 2's modes work on the caller's buffer only (process()
 * in place, finish() on a secure_vector): the input is copied to `out` once, the few bytes that
 * finish() needs go through a vector reserved in setup.                                      */

/* One whole message: process() the granules that leave finish() its minimum, finish() the
 * rest. CCM's process() only buffers (returns 0): then finish() returns the whole message.
 * Returns the bytes written, or 0 when `out` is too small. */
size_t mode_message(Botan::Cipher_Mode &mode, Botan::secure_vector<uint8_t> &tail, const SmIo *io)
{
  size_t gran = mode.update_granularity(), min_final = mode.minimum_final_size();
  size_t head = io->in_len > min_final ? (io->in_len - min_final) / gran * gran : 0;
  if (head > io->out_len)
    return 0;
  size_t done = 0;
  if (head > 0) {
    std::memcpy(io->out, io->in, head);
    done = mode.process(io->out, head);
  }
  tail.assign(io->in + head, io->in + io->in_len);
  mode.finish(tail);
  if (done + tail.size() > io->out_len)
    return 0;
  if (!tail.empty())
    std::memcpy(io->out + done, tail.data(), tail.size());
  return done + tail.size();
}

/* The row's Cipher_Mode or AEAD_Mode in the setup's direction, keyed (the low cipher and AEAD
 * setups). */
template <class Mode> std::unique_ptr<Mode> keyed_mode(const CipherRow &row, const SmParams *params)
{
  auto dir =
      params->op == SM_OP_ENCRYPT ? Botan::Cipher_Dir::ENCRYPTION : Botan::Cipher_Dir::DECRYPTION;
  auto mode = Mode::create_or_throw(row.mode, dir);
  mode->set_key(sm_bytes_or_empty(params->key), params->key.len);
  return mode;
}

struct LowMode {
  std::unique_ptr<Botan::Cipher_Mode> mode;
  std::unique_ptr<Botan::StreamCipher> stream;
  std::vector<uint8_t> tweak;
  Botan::secure_vector<uint8_t> tail;
};

SmResult low_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<LowMode, CipherRow>(
      botan, params, state, msg, msg_len, [&](LowMode *st, const CipherRow *row) {
        if (row->shape == Shape::Stream || row->shape == Shape::ChaCha) {
          st->stream = Botan::StreamCipher::create_or_throw(row->stream);
          st->stream->set_key(sm_bytes_or_empty(params->key), params->key.len);
          if (row->shape == Shape::Stream) {
            st->stream->set_iv(params->iv.data, params->iv.len);
            return SM_OK;
          }
          ChaChaIv iv = chacha_iv(params->iv);
          st->stream->set_iv(iv.nonce.data, iv.nonce.len);
          st->stream->seek(iv.offset());
          return SM_OK;
        }
        st->mode = keyed_mode<Botan::Cipher_Mode>(*row, params);
        if (row->shape == Shape::Xts) {
          st->tweak = copy_of(params->iv);
          st->tail.reserve(params->max_len + st->mode->update_granularity());
        } else {
          st->mode->start(params->iv.data, params->iv.len);
        }
        return SM_OK;
      });
}

SmResult low_stream_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowMode *>(state);
    if (io->out_len < io->in_len)
      return SM_FAILED;
    st->stream->cipher(io->in, io->out, io->in_len);
    io->out_len = io->in_len;
    return SM_OK;
  });
}

/* CBC: the chaining value stays in the mode across calls; process() takes whole blocks. */
SmResult low_chain_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowMode *>(state);
    if (io->out_len < io->in_len)
      return SM_FAILED;
    if (io->in_len > 0) {
      std::memcpy(io->out, io->in, io->in_len);
      st->mode->process(io->out, io->in_len);
    }
    io->out_len = io->in_len;
    return SM_OK;
  });
}

/* XTS: every call one data unit under the tweak. */
SmResult low_xts_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowMode *>(state);
    st->mode->start(st->tweak.data(), st->tweak.size());
    size_t written = mode_message(*st->mode, st->tail, io);
    if (written != io->in_len)
      return SM_FAILED;
    io->out_len = written;
    return SM_OK;
  });
}

struct LowAead : AeadInputs {
  std::unique_ptr<Botan::AEAD_Mode> mode;
  Botan::secure_vector<uint8_t> tail;
};

SmResult low_aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<LowAead, CipherRow>(
      botan, params, state, msg, msg_len, [&](LowAead *st, const CipherRow *row) {
        st->mode = keyed_mode<Botan::AEAD_Mode>(*row, params);
        if (st->mode->tag_size() != params->tag_len)
          return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s has a %zu-byte tag, not %zu", row->mode,
                        st->mode->tag_size(), params->tag_len);
        if (!st->mode->valid_nonce_length(params->iv.len))
          return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s does not take a %zu-byte nonce",
                        row->mode, params->iv.len);
        st->copy_inputs(params);
        st->tail.reserve(params->max_len + st->mode->update_granularity() + st->mode->tag_size());
        return SM_OK;
      });
}

SmResult low_aead_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowAead *>(state);
    st->mode->set_associated_data(st->aad.data(), st->aad.size());
    st->mode->start(st->nonce.data(), st->nonce.size());
    size_t written = mode_message(*st->mode, st->tail, io); /* a bad tag throws */
    if (written == 0 && io->in_len > 0)
      return SM_FAILED;
    io->out_len = written;
    return SM_OK;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Tables                                                                                      */

constexpr CipherRow aes128cbc{"AES-128/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow aes192cbc{"AES-192/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow aes256cbc{"AES-256/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow aes128ctr{"CTR(AES-128)", "CTR(AES-128)", Shape::Stream};
constexpr CipherRow aes192ctr{"CTR(AES-192)", "CTR(AES-192)", Shape::Stream};
constexpr CipherRow aes256ctr{"CTR(AES-256)", "CTR(AES-256)", Shape::Stream};
constexpr CipherRow aes128xts{"AES-128/XTS", nullptr, Shape::Xts};
constexpr CipherRow aes256xts{"AES-256/XTS", nullptr, Shape::Xts};
constexpr CipherRow chacha20{"ChaCha(20)", "ChaCha(20)", Shape::ChaCha};
constexpr CipherRow camellia128cbc{"Camellia-128/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow twofishcbc{"Twofish/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow serpentcbc{"Serpent/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow sm4cbc{"SM4/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow cast5cbc{"CAST-128/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow bfcbc{"Blowfish/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow ideacbc{"IDEA/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow descbc{"DES/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow des3cbc{"TripleDES/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow rc4{"RC4", "RC4", Shape::Stream};

/* ChaCha20Poly1305 is XChaCha20-Poly1305 when given a 24-byte nonce. CCM(16,2): 16-byte tag,
 * L = 2 (the catalogue's 13-byte nonce). */
constexpr CipherRow aes128gcm{"AES-128/GCM", nullptr, Shape::Chain};
constexpr CipherRow aes192gcm{"AES-192/GCM", nullptr, Shape::Chain};
constexpr CipherRow aes256gcm{"AES-256/GCM", nullptr, Shape::Chain};
constexpr CipherRow aes128ccm{"AES-128/CCM(16,2)", nullptr, Shape::Chain};
constexpr CipherRow aes256ccm{"AES-256/CCM(16,2)", nullptr, Shape::Chain};
constexpr CipherRow chachapoly{"ChaCha20Poly1305", nullptr, Shape::Chain};

const char *cipher_impl_name(const SmParams *params, void *) noexcept
{
  const auto *row = static_cast<const CipherRow *>(params->impl_data);
  return guarded_provider([&] {
    if (row->stream != nullptr)
      return Botan::StreamCipher::create_or_throw(row->stream)->provider();
    return Botan::Cipher_Mode::create_or_throw(row->mode, Botan::Cipher_Dir::ENCRYPTION)
        ->provider();
  });
}

const char *aead_impl_name(const SmParams *params, void *) noexcept
{
  const auto *row = static_cast<const CipherRow *>(params->impl_data);
  return guarded_provider([&] {
    auto mode = Botan::AEAD_Mode::create(row->mode, Botan::Cipher_Dir::ENCRYPTION);
    return mode ? mode->provider() : std::string();
  });
}

constexpr Levels cipher_levels(const CipherRow &row)
{
  SmOpFn low = row.shape == Shape::Chain ? low_chain_op
               : row.shape == Shape::Xts ? low_xts_op
                                         : low_stream_op;
  return named(
      {impl(ffi_cipher_setup, destroy<FfiCipher>, &row, SM_OP_ENCRYPT, ffi_cipher_op, SM_OP_DECRYPT,
            ffi_cipher_op),
       impl(low_cipher_setup, destroy<LowMode>, &row, SM_OP_ENCRYPT, low, SM_OP_DECRYPT, low)},
      cipher_impl_name);
}
constexpr Levels aead_levels(const CipherRow &row)
{
  return named({impl(ffi_aead_setup, destroy<FfiAead>, &row, SM_OP_ENCRYPT, ffi_aead_op,
                     SM_OP_DECRYPT, ffi_aead_op),
                impl(low_aead_setup, destroy<LowAead>, &row, SM_OP_ENCRYPT, low_aead_op,
                     SM_OP_DECRYPT, low_aead_op)},
               aead_impl_name);
}
constexpr SmAlgorithm cipher_rows[] = {
    alg("aes-128-cbc", SM_KIND_CIPHER, built<cipher_levels, aes128cbc>),
    alg("aes-192-cbc", SM_KIND_CIPHER, built<cipher_levels, aes192cbc>),
    alg("aes-256-cbc", SM_KIND_CIPHER, built<cipher_levels, aes256cbc>),
    alg("aes-128-ctr", SM_KIND_CIPHER, built<cipher_levels, aes128ctr>),
    alg("aes-192-ctr", SM_KIND_CIPHER, built<cipher_levels, aes192ctr>),
    alg("aes-256-ctr", SM_KIND_CIPHER, built<cipher_levels, aes256ctr>),
    alg("aes-128-xts", SM_KIND_CIPHER, built<cipher_levels, aes128xts>),
    alg("aes-256-xts", SM_KIND_CIPHER, built<cipher_levels, aes256xts>),
    alg("chacha20", SM_KIND_CIPHER, built<cipher_levels, chacha20>),
    alg("camellia-128-cbc", SM_KIND_CIPHER, built<cipher_levels, camellia128cbc>),
    alg("twofish-cbc", SM_KIND_CIPHER, built<cipher_levels, twofishcbc>),
    alg("serpent-cbc", SM_KIND_CIPHER, built<cipher_levels, serpentcbc>),
    alg("sm4-cbc", SM_KIND_CIPHER, built<cipher_levels, sm4cbc>),
    alg("cast5-cbc", SM_KIND_CIPHER, built<cipher_levels, cast5cbc>),
    alg("bf-cbc", SM_KIND_CIPHER, built<cipher_levels, bfcbc>),
    alg("idea-cbc", SM_KIND_CIPHER, built<cipher_levels, ideacbc>),
    alg("des-cbc", SM_KIND_CIPHER, built<cipher_levels, descbc>),
    alg("des-ede3-cbc", SM_KIND_CIPHER, built<cipher_levels, des3cbc>),
    alg("rc4", SM_KIND_CIPHER, built<cipher_levels, rc4>),
    alg("aes-128-gcm", SM_KIND_AEAD, built<aead_levels, aes128gcm>),
    alg("aes-192-gcm", SM_KIND_AEAD, built<aead_levels, aes192gcm>),
    alg("aes-256-gcm", SM_KIND_AEAD, built<aead_levels, aes256gcm>),
    alg("aes-128-ccm", SM_KIND_AEAD, built<aead_levels, aes128ccm>),
    alg("aes-256-ccm", SM_KIND_AEAD, built<aead_levels, aes256ccm>),
    alg("chacha20-poly1305", SM_KIND_AEAD, built<aead_levels, chachapoly>),
    alg("xchacha20-poly1305", SM_KIND_AEAD, built<aead_levels, chachapoly>),
    {}, /* the end */
};

} // namespace sm_botan
