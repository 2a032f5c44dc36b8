#include "botan-engine.h"

namespace sm_botan
{

/* ------------------------------------------------------------------------------------------ */
/* evp: keys through the FFI                                                                   */

struct FfiMp {
  botan_mp_t mp = nullptr;
  explicit FfiMp(SmBytes b)
  {
    ffi_check(botan_mp_init(&mp), "botan_mp_init");
    ffi_check(botan_mp_from_bin(mp, sm_bytes_or_empty(b), b.len), "botan_mp_from_bin");
  }
  FfiMp(const FfiMp &) = delete;
  FfiMp &operator=(const FfiMp &) = delete;
  ~FfiMp() { botan_mp_destroy(mp); }
};

struct FfiPriv {
  botan_privkey_t key = nullptr;
  ~FfiPriv() { botan_privkey_destroy(key); }
};
struct FfiPub {
  botan_pubkey_t key = nullptr;
  ~FfiPub() { botan_pubkey_destroy(key); }
};

void ffi_load_private(FfiPriv &out, const PkRow &row, const SmParams *params, SmBytes priv)
{
  switch (row.type) {
  case PkType::Rsa:
    ffi_check(botan_privkey_load_rsa(&out.key, FfiMp(params->rsa.p).mp, FfiMp(params->rsa.q).mp,
                                     FfiMp(params->rsa.e).mp),
              "botan_privkey_load_rsa");
    return;
  case PkType::Dsa:
    ffi_check(botan_privkey_load_dsa(&out.key, FfiMp(params->dsa.p).mp, FfiMp(params->dsa.q).mp,
                                     FfiMp(params->dsa.g).mp, FfiMp(params->dsa.x).mp),
              "botan_privkey_load_dsa");
    return;
  case PkType::Ecdsa:
    ffi_check(botan_privkey_load_ecdsa(&out.key, FfiMp(priv).mp, row.group),
              "botan_privkey_load_ecdsa");
    return;
  case PkType::Ecdh:
    ffi_check(botan_privkey_load_ecdh(&out.key, FfiMp(priv).mp, row.group),
              "botan_privkey_load_ecdh");
    return;
  case PkType::Ed25519:
  case PkType::X25519:
    if (priv.len != 32)
      throw std::invalid_argument("a 32-byte private key is needed");
    ffi_check(row.type == PkType::Ed25519 ? botan_privkey_load_ed25519(&out.key, priv.data)
                                          : botan_privkey_load_x25519(&out.key, priv.data),
              "botan_privkey_load");
    return;
  case PkType::MlKem:
  case PkType::MlDsa:
  case PkType::SlhDsa:
    break;
  }
  throw Botan::Not_Implemented("the post-quantum keys are not wired to the FFI here");
}

/* A public key from the params, or (ECDSA, EdDSA without `pub`) from the private key. */
void ffi_load_public(FfiPub &out, const PkRow &row, const SmParams *params)
{
  SmBytes pub = params->pub;
  switch (row.type) {
  case PkType::Rsa:
    ffi_check(botan_pubkey_load_rsa(&out.key, FfiMp(params->rsa.n).mp, FfiMp(params->rsa.e).mp),
              "botan_pubkey_load_rsa");
    return;
  case PkType::Dsa:
    ffi_check(botan_pubkey_load_dsa(&out.key, FfiMp(params->dsa.p).mp, FfiMp(params->dsa.q).mp,
                                    FfiMp(params->dsa.g).mp, FfiMp(params->dsa.y).mp),
              "botan_pubkey_load_dsa");
    return;
  default:
    break;
  }
  if (pub.len == 0) {
    FfiPriv priv;
    ffi_load_private(priv, row, params, params->priv);
    ffi_check(botan_privkey_export_pubkey(&out.key, priv.key), "botan_privkey_export_pubkey");
  } else if (row.type == PkType::Ed25519) {
    if (pub.len != 32)
      throw std::invalid_argument("an Ed25519 public key is 32 bytes");
    ffi_check(botan_pubkey_load_ed25519(&out.key, pub.data), "botan_pubkey_load_ed25519");
  } else {
    size_t half = (pub.len - 1) / 2;
    if (pub.len < 3 || pub.data[0] != 0x04 || pub.len != 1 + 2 * half)
      throw std::invalid_argument("the public point is not 04 || x || y");
    ffi_check(botan_pubkey_load_ecdsa(&out.key, FfiMp({pub.data + 1, half}).mp,
                                      FfiMp({pub.data + 1 + half, half}).mp, row.group),
              "botan_pubkey_load_ecdsa");
  }
}

/* ------------------------------------------------------------------------------------------ */
/* evp: signatures through the FFI                                                             */

struct FfiSig {
  FfiPriv priv;
  FfiPub pub;
  std::unique_ptr<FfiRng> rng;
  botan_pk_op_sign_t signer = nullptr;
  botan_pk_op_verify_t verifier = nullptr;
  ~FfiSig()
  {
    botan_pk_op_sign_destroy(signer);
    botan_pk_op_verify_destroy(verifier);
  }
};

SmResult ffi_sig_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<FfiSig, PkRow>(
      botan, params, state, msg, msg_len, [&](FfiSig *st, const PkRow *row) {
        if (params->op == SM_OP_SIGN) {
          ffi_load_private(st->priv, *row, params, params->priv);
          st->rng = std::make_unique<FfiRng>(params->seed);
          /* Flags 0: r || s fixed width (IEEE 1363) for DSA and ECDSA. */
          ffi_check(botan_pk_op_sign_create(&st->signer, st->priv.key, row->padding, 0),
                    "botan_pk_op_sign_create");
        } else {
          ffi_load_public(st->pub, *row, params);
          ffi_check(botan_pk_op_verify_create(&st->verifier, st->pub.key, row->padding, 0),
                    "botan_pk_op_verify_create");
        }
        return SM_OK;
      });
}

SmResult ffi_sig_sign(void *state, SmIo *io)
{
  auto *st = static_cast<FfiSig *>(state);
  size_t len = io->out_len;
  if (botan_pk_op_sign_update(st->signer, sm_bytes_or_empty({io->in, io->in_len}), io->in_len) !=
          0 ||
      botan_pk_op_sign_finish(st->signer, st->rng->rng, io->out, &len) != 0)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

SmResult ffi_sig_verify(void *state, SmIo *io)
{
  auto *st = static_cast<FfiSig *>(state);
  io->out_len = 0;
  if (botan_pk_op_verify_update(st->verifier, sm_bytes_or_empty({io->in, io->in_len}),
                                io->in_len) != 0 ||
      botan_pk_op_verify_finish(st->verifier, sm_bytes_or_empty({io->aux, io->aux_len}),
                                io->aux_len) != 0)
    return SM_FAILED; /* BOTAN_FFI_INVALID_VERIFIER: the signature does not verify */
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* evp: key agreement through the FFI ("Raw": the shared secret itself)                        */

struct FfiKex {
  FfiPriv priv;
  std::vector<uint8_t> peer;
  botan_pk_op_ka_t op = nullptr;
  ~FfiKex() { botan_pk_op_key_agreement_destroy(op); }
};

SmResult ffi_kex_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<FfiKex, PkRow>(
      botan, params, state, msg, msg_len, [&](FfiKex *st, const PkRow *row) {
        ffi_load_private(st->priv, *row, params, params->priv);
        if (params->peer_pub.len > 0) {
          st->peer = copy_of(params->peer_pub);
        } else {
          FfiPriv peer;
          ffi_load_private(peer, *row, params, params->peer_priv);
          size_t len = 0;
          botan_pk_op_key_agreement_export_public(peer.key, nullptr, &len);
          st->peer.resize(len);
          ffi_check(botan_pk_op_key_agreement_export_public(peer.key, st->peer.data(), &len),
                    "botan_pk_op_key_agreement_export_public");
          st->peer.resize(len);
        }
        ffi_check(botan_pk_op_key_agreement_create(&st->op, st->priv.key, row->padding, 0),
                  "botan_pk_op_key_agreement_create");
        return SM_OK;
      });
}

SmResult ffi_kex_derive(void *state, SmIo *io)
{
  auto *st = static_cast<FfiKex *>(state);
  size_t len = io->out_len;
  if (botan_pk_op_key_agreement(st->op, io->out, &len, st->peer.data(), st->peer.size(), nullptr,
                                0) != 0)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* low: public-key objects                                                                     */

bool is_pq(PkType type)
{
  return type == PkType::MlKem || type == PkType::MlDsa || type == PkType::SlhDsa;
}

std::unique_ptr<Botan::Private_Key> low_private(const PkRow &row, const SmParams *params,
                                                SmBytes priv, Botan::RandomNumberGenerator &rng)
{
  switch (row.type) {
  case PkType::Rsa:
    return std::make_unique<Botan::RSA_PrivateKey>(big(params->rsa.p), big(params->rsa.q),
                                                   big(params->rsa.e), big(params->rsa.d),
                                                   big(params->rsa.n));
  case PkType::Dsa: {
    Botan::DL_Group group(big(params->dsa.p), big(params->dsa.q), big(params->dsa.g));
#if BOTAN_VERSION_MAJOR == 2
    return std::make_unique<Botan::DSA_PrivateKey>(rng, group, big(params->dsa.x));
#else
    return std::make_unique<Botan::DSA_PrivateKey>(group, big(params->dsa.x));
#endif
  }
  case PkType::Ecdsa:
    return std::make_unique<Botan::ECDSA_PrivateKey>(rng, Botan::EC_Group(row.group), big(priv));
  case PkType::Ecdh:
    return std::make_unique<Botan::ECDH_PrivateKey>(rng, Botan::EC_Group(row.group), big(priv));
  case PkType::Ed25519:
    if (priv.len != 32)
      throw std::invalid_argument("an Ed25519 seed is 32 bytes");
    return std::make_unique<Botan::Ed25519_PrivateKey>(secret_of(priv));
  case PkType::X25519:
    if (priv.len != 32)
      throw std::invalid_argument("an X25519 scalar is 32 bytes");
    return std::make_unique<Botan::Curve25519_PrivateKey>(secret_of(priv));
  case PkType::MlKem:
  case PkType::MlDsa:
  case PkType::SlhDsa:
#if BOTAN_VERSION_MAJOR >= 3
    return pq_private(row, priv, params->key_seed);
#else
    break;
#endif
  }
  throw std::invalid_argument("unknown key type");
}

std::unique_ptr<Botan::Public_Key> low_public(const PkRow &row, const SmParams *params,
                                              Botan::RandomNumberGenerator &rng)
{
  if (row.type == PkType::Rsa)
    return std::make_unique<Botan::RSA_PublicKey>(big(params->rsa.n), big(params->rsa.e));
  if (row.type == PkType::Dsa) {
    Botan::DL_Group group(big(params->dsa.p), big(params->dsa.q), big(params->dsa.g));
    return std::make_unique<Botan::DSA_PublicKey>(group, big(params->dsa.y));
  }
  if (params->pub.len == 0) /* a private key is its own public key */
    return low_private(row, params, params->priv, rng);
#if BOTAN_VERSION_MAJOR >= 3
  if (is_pq(row.type))
    return pq_public(row, params->pub);
#endif
  if (row.type == PkType::Ed25519)
    return std::make_unique<Botan::Ed25519_PublicKey>(params->pub.data, params->pub.len);
  Botan::EC_Group group(row.group);
  return std::make_unique<Botan::ECDSA_PublicKey>(group,
                                                  group.OS2ECP(params->pub.data, params->pub.len));
}

/* The keygen part of a setup: false when params->op is another operation. */
bool keygen_setup(LowPk &st, const SmParams *params)
{
  st.row = static_cast<const PkRow *>(params->impl_data);
  st.rng = std::make_unique<SeededRng>(params->seed);
  if (params->op != SM_OP_KEYGEN)
    return false;
  st.seed = secret_of(params->key_seed);
  if (st.row->type != PkType::Rsa && st.seed.empty())
    throw std::invalid_argument("keygen takes key_seed for this algorithm");
  return true;
}

/* PK_Signer::sign_message returns a std::vector, and PK_Key_Agreement::derive_key a
 * SymmetricKey: those allocations per operation are the API's own. */
struct LowSig : LowPk {
  std::unique_ptr<Botan::Private_Key> priv;
  std::unique_ptr<Botan::Public_Key> pub;
  std::unique_ptr<Botan::PK_Signer> signer;
  std::unique_ptr<Botan::PK_Verifier> verifier;
};

SmResult low_sig_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<LowSig, PkRow>(
      botan, params, state, msg, msg_len, [&](LowSig *st, const PkRow *row) {
        if (keygen_setup(*st, params))
          return SM_OK;
        if (is_pq(row->type) && params->aad.len > 0)
          return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                        "Botan %u.%u's PK_Signer takes no FIPS 204/205 context string",
                        unsigned(botan_version_major()), unsigned(botan_version_minor()));
        if (params->op == SM_OP_SIGN) {
          st->priv = low_private(*row, params, params->priv, *st->rng);
          st->signer = std::make_unique<Botan::PK_Signer>(*st->priv, *st->rng, row->padding,
                                                          Botan::Signature_Format::IEEE_1363);
        } else {
          st->pub = low_public(*row, params, *st->rng);
          st->verifier = std::make_unique<Botan::PK_Verifier>(
              *st->pub, row->verify ? row->verify : row->padding,
              Botan::Signature_Format::IEEE_1363);
        }
        return SM_OK;
      });
}

SmResult low_sig_sign(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowSig *>(state);
    std::vector<uint8_t> sig = st->signer->sign_message(io->in, io->in_len, *st->rng);
    if (sig.size() > io->out_len)
      return SM_FAILED;
    std::memcpy(io->out, sig.data(), sig.size());
    io->out_len = sig.size();
    return SM_OK;
  });
}

SmResult low_sig_verify(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowSig *>(state);
    io->out_len = 0;
    return st->verifier->verify_message(io->in, io->in_len, io->aux, io->aux_len) ? SM_OK
                                                                                  : SM_FAILED;
  });
}

struct LowKex : LowPk {
  std::unique_ptr<Botan::Private_Key> priv;
  std::unique_ptr<Botan::PK_Key_Agreement> agreement;
  std::vector<uint8_t> peer;
};

SmResult low_kex_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<LowKex, PkRow>(
      botan, params, state, msg, msg_len, [&](LowKex *st, const PkRow *row) {
        if (keygen_setup(*st, params))
          return SM_OK;
        st->priv = low_private(*row, params, params->priv, *st->rng);
        if (params->peer_pub.len > 0) {
          st->peer = copy_of(params->peer_pub);
        } else {
          auto peer = low_private(*row, params, params->peer_priv, *st->rng);
          auto *ka = dynamic_cast<Botan::PK_Key_Agreement_Key *>(peer.get());
          if (ka == nullptr)
            return sm_msg(SM_FAILED, msg, msg_len, "not a key-agreement key");
          st->peer = ka->public_value();
        }
        st->agreement =
            std::make_unique<Botan::PK_Key_Agreement>(*st->priv, *st->rng, row->padding);
        return SM_OK;
      });
}

SmResult low_kex_derive(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowKex *>(state);
    Botan::SymmetricKey secret = st->agreement->derive_key(0, st->peer.data(), st->peer.size());
    if (secret.size() > io->out_len)
      return SM_FAILED;
    std::memcpy(io->out, secret.begin(), secret.size());
    io->out_len = secret.size();
    return SM_OK;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Tables                                                                                      */

constexpr PkRow rsa1024{PkType::Rsa, nullptr, "EMSA3(SHA-256)", nullptr, 1024};
constexpr PkRow rsa2048{PkType::Rsa, nullptr, "EMSA3(SHA-256)", nullptr, 2048};
constexpr PkRow rsa3072{PkType::Rsa, nullptr, "EMSA3(SHA-256)", nullptr, 3072};
constexpr PkRow rsa4096{PkType::Rsa, nullptr, "EMSA3(SHA-256)", nullptr, 4096};
constexpr PkRow dsa{PkType::Dsa, nullptr, "EMSA1(SHA-256)", nullptr, 0};
constexpr PkRow ecdsa_p256{PkType::Ecdsa, "secp256r1", "EMSA1(SHA-256)", nullptr, 0};
constexpr PkRow ecdsa_p384{PkType::Ecdsa, "secp384r1", "EMSA1(SHA-384)", nullptr, 0};
constexpr PkRow ecdsa_p521{PkType::Ecdsa, "secp521r1", "EMSA1(SHA-512)", nullptr, 0};
constexpr PkRow ed25519{PkType::Ed25519, nullptr, "Pure", nullptr, 0};
constexpr PkRow x25519{PkType::X25519, nullptr, "Raw", nullptr, 0};
constexpr PkRow ecdh_p256{PkType::Ecdh, "secp256r1", "Raw", nullptr, 0};
constexpr PkRow ecdh_p384{PkType::Ecdh, "secp384r1", "Raw", nullptr, 0};
#if BOTAN_VERSION_MAJOR >= 3
/* Botan's names; signing "Deterministic" (ML-DSA rnd = 0, SLH-DSA opt_rand = PK.seed), pure. */
constexpr PkRow ml_dsa_44{PkType::MlDsa, "ML-DSA-4x4", "Deterministic", "", 0};
constexpr PkRow ml_dsa_65{PkType::MlDsa, "ML-DSA-6x5", "Deterministic", "", 0};
constexpr PkRow ml_dsa_87{PkType::MlDsa, "ML-DSA-8x7", "Deterministic", "", 0};
constexpr PkRow slh_sha2_128s{PkType::SlhDsa, "SLH-DSA-SHA2-128s", "Deterministic", "", 0};
constexpr PkRow slh_sha2_128f{PkType::SlhDsa, "SLH-DSA-SHA2-128f", "Deterministic", "", 0};
constexpr PkRow slh_shake_128f{PkType::SlhDsa, "SLH-DSA-SHAKE-128f", "Deterministic", "", 0};
#endif

constexpr Levels sig_levels(const PkRow &row)
{
  SmImpl low = impl(low_sig_setup, destroy<LowSig>, &row, SM_OP_SIGN, low_sig_sign, SM_OP_VERIFY,
                    low_sig_verify);
  return {impl(ffi_sig_setup, destroy<FfiSig>, &row, SM_OP_SIGN, ffi_sig_sign, SM_OP_VERIFY,
               ffi_sig_verify),
          row.type == PkType::Dsa ? low : with_op(low, SM_OP_KEYGEN, low_keygen<LowSig>)};
}
constexpr Levels kex_levels(const PkRow &row)
{
  return {impl(ffi_kex_setup, destroy<FfiKex>, &row, SM_OP_DERIVE, ffi_kex_derive),
          with_op(impl(low_kex_setup, destroy<LowKex>, &row, SM_OP_DERIVE, low_kex_derive),
                  SM_OP_KEYGEN, low_keygen<LowKex>)};
}
constexpr SmAlgorithm pk_rows[] = {
    alg("rsa1024", SM_KIND_SIGNATURE, built<sig_levels, rsa1024>),
    alg("rsa2048", SM_KIND_SIGNATURE, built<sig_levels, rsa2048>),
    alg("rsa3072", SM_KIND_SIGNATURE, built<sig_levels, rsa3072>),
    alg("rsa4096", SM_KIND_SIGNATURE, built<sig_levels, rsa4096>),
    alg("dsa1024", SM_KIND_SIGNATURE, built<sig_levels, dsa>),
    alg("dsa2048", SM_KIND_SIGNATURE, built<sig_levels, dsa>),
    alg("ecdsa-p256", SM_KIND_SIGNATURE, built<sig_levels, ecdsa_p256>),
    alg("ecdsa-p384", SM_KIND_SIGNATURE, built<sig_levels, ecdsa_p384>),
    alg("ecdsa-p521", SM_KIND_SIGNATURE, built<sig_levels, ecdsa_p521>),
    alg("ed25519", SM_KIND_SIGNATURE, built<sig_levels, ed25519>),
    alg("x25519", SM_KIND_KEX, built<kex_levels, x25519>),
    alg("ecdh-p256", SM_KIND_KEX, built<kex_levels, ecdh_p256>),
    alg("ecdh-p384", SM_KIND_KEX, built<kex_levels, ecdh_p384>),
    {}, /* the end */
};
#if BOTAN_VERSION_MAJOR >= 3
constexpr SmImpl ml_dsa_44_low = sig_levels(ml_dsa_44).low;
constexpr SmImpl ml_dsa_65_low = sig_levels(ml_dsa_65).low;
constexpr SmImpl ml_dsa_87_low = sig_levels(ml_dsa_87).low;
constexpr SmImpl slh_sha2_128s_low = sig_levels(slh_sha2_128s).low;
constexpr SmImpl slh_sha2_128f_low = sig_levels(slh_sha2_128f).low;
constexpr SmImpl slh_shake_128f_low = sig_levels(slh_shake_128f).low;
#endif

} // namespace sm_botan
