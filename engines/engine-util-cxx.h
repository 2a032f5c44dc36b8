/* What the C++ engines (Botan, Crypto++) share, written once: the seeded generator's key as a
 * value, exceptions turned into statuses, setups over a state made with new, the shapes of
 * cipher rows, constexpr builders for a table's impls and rows, and the descriptor. Ships with
 * the SDK beside engine-util.h, which it includes; C engines never see it.
 *
 * Contents, by topic:
 *   seeded generator       SmSeedKey, the key sm_seed_key makes, wiped when it goes
 *   exceptions             guarded_op, guarded_setup, Library (the status of an exception)
 *   states and setups      destroy, hand_over, setup_state, copy_of, AeadInputs
 *   cipher rows            Shape, ChaChaIv and chacha_iv (the runner's counter || nonce)
 *   tables                 Levels, put, impl, with_op, named, alg, built
 *   impl names             provider_text, guarded_provider
 *   descriptor             version_text, descriptor (SM_ENGINE_DESCRIPTOR for C++) */
#ifndef SPEEDMATRIX_ENGINE_UTIL_CXX_H
#define SPEEDMATRIX_ENGINE_UTIL_CXX_H

#include "engine-util.h"

#include <cstdio>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

/* ---- seeded generator ---- */

/* The seeded generator's key as a value, for the constructor of the library's own keystream RNG
 * (Botan's ChaCha20, Crypto++'s OFB AES), so that both key it as sm_seed_key does and neither
 * writes the loop again. */
struct SmSeedKey {
  uint8_t bytes[32];
  explicit SmSeedKey(uint64_t seed, const char *label = nullptr)
  {
    sm_seed_key(seed, label, bytes);
  }
  ~SmSeedKey() { memset(bytes, 0, sizeof bytes); }
  SmSeedKey(const SmSeedKey &) = delete;
  SmSeedKey &operator=(const SmSeedKey &) = delete;
};

namespace sm_cxx
{

/* ---- exceptions ---- */

/* Runs an operation body: any exception (a bad tag, a bad size) is a failed operation. */
template <typename Body> SmResult guarded_op(Body &&body) noexcept
{
  try {
    return body();
  } catch (...) {
    return SM_FAILED;
  }
}

/* The status a library's exception stands for: SM_UNSUPPORTED where it says "not here". */
typedef SmResult ExceptionStatusFn(const std::exception &e);

/* What a setup needs to know of the engine's library: its name and the status of its exceptions. */
struct Library {
  const char *name;
  ExceptionStatusFn *status_of;
};

/* Runs a setup body: any exception becomes the status `status_of` gives it, with its message. */
template <typename Body>
SmResult guarded_setup(const Library &library, char *msg, size_t msg_len, Body &&body) noexcept
{
  try {
    return body();
  } catch (const std::exception &e) {
    return sm_msg(library.status_of(e), msg, msg_len, "%s", e.what());
  } catch (...) {
    return sm_msg(SM_FAILED, msg, msg_len, "unknown exception from %s", library.name);
  }
}

/* ---- states and setups ---- */

/* The teardown of a state made with new. */
template <typename State> void destroy(void *state) noexcept { delete static_cast<State *>(state); }

/* Hands a built state to the runner. */
template <typename State> SmResult hand_over(std::unique_ptr<State> &st, void **state)
{
  *state = st.release();
  return SM_OK;
}

/* A setup written once, as SM_DEFINE_SETUP for C: a new State, filled by fill(st, row) from the
 * level's row (params->impl_data, a Row), handed to the runner when fill says SM_OK and deleted
 * otherwise; an exception becomes a status as in guarded_setup. */
template <typename State, typename Row, typename Fill>
SmResult setup_state(const Library &library, const SmParams *params, void **state, char *msg,
                     size_t msg_len, Fill &&fill) noexcept
{
  return guarded_setup(library, msg, msg_len, [&] {
    auto st = std::make_unique<State>();
    SmResult result = fill(st.get(), static_cast<const Row *>(params->impl_data));
    if (result == SM_OK)
      *state = st.release();
    return result;
  });
}

/* A copy of runner-owned bytes, kept by a state (the nonce, the AAD, a tweak, a peer's key). */
inline std::vector<uint8_t> copy_of(SmBytes b)
{
  return std::vector<uint8_t>(b.data, b.data + b.len);
}

/* What an AEAD's ops take from its setup's parameters, as SmAeadInputs for C: copies of the nonce
 * and the AAD, and the tag length. An AEAD state derives from it. */
struct AeadInputs {
  std::vector<uint8_t> nonce, aad;
  size_t tag_len = 0;
  void copy_inputs(const SmParams *params)
  {
    nonce = copy_of(params->iv);
    aad = copy_of(params->aad);
    tag_len = params->tag_len;
  }
};

/* ---- cipher rows ---- */

/* How a cipher row uses the runner's iv and calls: a chain (CBC: the chaining value carries
 * over calls), a stream (CTR, RC4: the keystream continues), ChaCha20 (a stream whose iv is
 * counter || nonce) or XTS (every call one data unit under the tweak, the iv). */
enum class Shape { Chain, Stream, ChaCha, Xts };

/* ChaCha20's iv as the runner gives it: a 32-bit little-endian block counter, then the 96-bit
 * nonce. */
struct ChaChaIv {
  uint32_t counter;
  SmBytes nonce;
  /* Where the counter's block starts in the keystream, in bytes. */
  uint64_t offset() const { return 64 * uint64_t(counter); }
};

/* The runner's ChaCha20 iv, split; throws (a setup's SM_FAILED) unless it is 16 bytes. */
inline ChaChaIv chacha_iv(SmBytes iv)
{
  if (iv.len != 16)
    throw std::invalid_argument("ChaCha20 takes counter || nonce, 16 bytes");
  return {sm_load_le32(iv.data), {iv.data + 4, 12}};
}

/* ---- tables ---- */

/* An algorithm's two levels, for a table of constexpr rows. */
struct Levels {
  SmImpl evp, low;
};

/* An operation's slot, wherever the ABI put it (keygen, encaps, decaps: op_1_3). */
constexpr void put(SmImpl &level, SmOp op, SmOpFn fn)
{
  if (unsigned(op) < SM_OP_SLOTS_1_0)
    level.op[op] = fn;
  else
    level.op_1_3[op - SM_OP_SLOTS_1_0] = fn;
}

/* One level of one algorithm: setup, teardown, its row, and the (one or two) ops of its kind. */
constexpr SmImpl impl(SmSetupFn setup, SmTeardownFn teardown, const void *row, SmOp op_a,
                      SmOpFn fn_a, SmOp op_b = SM_OP_COUNT, SmOpFn fn_b = nullptr)
{
  SmImpl level{};
  level.setup = setup;
  level.teardown = teardown;
  level.data = row;
  put(level, op_a, fn_a);
  if (op_b != SM_OP_COUNT)
    put(level, op_b, fn_b);
  return level;
}

/* A level with one more op (keygen at one level only, say). */
constexpr SmImpl with_op(SmImpl level, SmOp op, SmOpFn fn)
{
  put(level, op, fn);
  return level;
}

/* Both levels, naming their code with the same impl_name. */
constexpr Levels named(Levels levels, SmImplNameFn name)
{
  levels.evp.impl_name = name;
  levels.low.impl_name = name;
  return levels;
}

/* A row of the table at both levels. */
constexpr SmAlgorithm alg(const char *name, SmKind kind, const Levels &l)
{
  return {name, kind, {&l.evp, &l.low}, {nullptr, nullptr}};
}

#if __cplusplus >= 201703L
/* What `build` makes of `row` (and `args`): the levels (or one level) of a table's row, as an
 * object of its own that the row can point at, so that a table names each algorithm once. */
template <auto build, const auto &row, auto... args>
inline constexpr auto built = build(row, args...);
#endif

/* ---- impl names ---- */

/* The impl column for the provider a library names ("provider=aesni"; "" for none). The buffer
 * is static: the runner copies it at once. */
inline const char *provider_text(const std::string &provider)
{
  static std::string text;
  text = provider.empty() ? std::string() : "provider=" + provider;
  return text.c_str();
}

/* An impl_name body: provider_text of the provider `name()` reads off the library's object;
 * nullptr (the runner's "cannot tell") when that throws. */
template <typename Name> const char *guarded_provider(Name &&name) noexcept
{
  try {
    return provider_text(name());
  } catch (...) {
    return nullptr;
  }
}

/* ---- descriptor ---- */

/* A library's run-time version as "major.minor.patch", for library_version. The buffer is
 * static: the runner copies it at once. */
inline const char *version_text(unsigned major, unsigned minor, unsigned patch)
{
  static char text[32];
  std::snprintf(text, sizeof text, "%u.%u.%u", major, minor, patch);
  return text;
}

/* An engine's descriptor, as SM_ENGINE_DESCRIPTOR makes it in C (whose array designators C++
 * lacks): its names, the library's run-time version, init and shutdown (nullptr: none), the
 * environment that turns its acceleration off (nullptr: none), what each level means, its table. */
constexpr SmEngine descriptor(const char *name, const char *library, const char *(*version)(void),
                              SmResult (*init)(const SmEngineConfig *, char *, size_t),
                              void (*shutdown)(void), const char *const *accel_off_env,
                              const char *evp_meaning, const char *low_meaning,
                              const SmAlgorithm *table)
{
  return {SM_ABI_MAJOR, SM_ABI_MINOR,  sizeof(SmEngine),           name, library, version, init,
          shutdown,     accel_off_env, {evp_meaning, low_meaning}, table};
}

} // namespace sm_cxx

#endif /* SPEEDMATRIX_ENGINE_UTIL_CXX_H */
