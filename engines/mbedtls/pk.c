/* Mbed TLS engine: signatures (RSA PKCS#1 v1.5, ECDSA) and key exchange (ECDH, X25519, X448),
 * and their rows. */
#include "mbedtls-engine.h"

/* ---- signatures: RSA PKCS#1 v1.5 and ECDSA, both levels ----
 * Every operation here allocates: mbedtls_mpi arithmetic grows its limbs on the heap, and 2.28
 * has no other form. */

typedef struct {
  const SigRow *row;
  mbedtls_pk_context pk;   /* evp */
  mbedtls_rsa_context rsa; /* low RSA */
  mbedtls_ecp_keypair ec;  /* low ECDSA */
  mbedtls_mpi r, s;        /* low ECDSA */
  mbedtls_chacha20_context rng;
  const mbedtls_md_info_t *md;
  size_t width; /* ECDSA: bytes of r and of s; RSA: the modulus */
  bool has_private;
  unsigned char der[MBEDTLS_ECDSA_MAX_LEN]; /* evp ECDSA: pk_sign's output / pk_verify's input */
} SigState;

void sig_teardown(void *state)
{
  SigState *st = state;
  if (st == NULL)
    return;
  mbedtls_pk_free(&st->pk);
  mbedtls_rsa_free(&st->rsa);
  mbedtls_ecp_keypair_free(&st->ec);
  mbedtls_mpi_free(&st->r);
  mbedtls_mpi_free(&st->s);
  mbedtls_chacha20_free(&st->rng);
  free(st);
}

static const unsigned char *raw_or_null(SmBytes bytes) { return bytes.len ? bytes.data : NULL; }

/* mbedtls_rsa_complete derives the CRT values from n, p, q, d, e. */
static int rsa_load(mbedtls_rsa_context *rsa, const SmParams *params, bool *has_private)
{
  const SmRsaKey *k = &params->rsa;
  *has_private = k->d.len > 0 && k->p.len > 0 && k->q.len > 0;
  int ret = *has_private
                ? mbedtls_rsa_import_raw(rsa, k->n.data, k->n.len, k->p.data, k->p.len, k->q.data,
                                         k->q.len, k->d.data, k->d.len, k->e.data, k->e.len)
                : mbedtls_rsa_import_raw(rsa, raw_or_null(k->n), k->n.len, NULL, 0, NULL, 0, NULL,
                                         0, raw_or_null(k->e), k->e.len);
  if (ret == 0)
    ret = mbedtls_rsa_complete(rsa);
  if (ret == 0)
    ret = *has_private ? mbedtls_rsa_check_privkey(rsa) : mbedtls_rsa_check_pubkey(rsa);
  return ret;
}

/* The public point from params->pub, or d*G when it is empty. */
static int ec_load(mbedtls_ecp_keypair *ec, mbedtls_ecp_group_id group, const SmParams *params,
                   mbedtls_chacha20_context *rng, bool *has_private)
{
  *has_private = params->priv.len > 0;
  int ret = mbedtls_ecp_group_load(&ec->PRIV(grp), group);
  if (ret == 0 && *has_private)
    ret = mbedtls_mpi_read_binary(&ec->PRIV(d), params->priv.data, params->priv.len);
  if (ret == 0 && *has_private)
    ret = mbedtls_ecp_check_privkey(&ec->PRIV(grp), &ec->PRIV(d));
  if (ret == 0 && params->pub.len > 0)
    ret = mbedtls_ecp_point_read_binary(&ec->PRIV(grp), &ec->PRIV(Q), params->pub.data,
                                        params->pub.len);
  else if (ret == 0 && *has_private)
    ret = mbedtls_ecp_mul(&ec->PRIV(grp), &ec->PRIV(Q), &ec->PRIV(d), &ec->PRIV(grp).G, seeded_rng,
                          rng);
  else if (ret == 0)
    ret = MBEDTLS_ERR_ECP_BAD_INPUT_DATA; /* neither key */
  if (ret == 0)
    ret = mbedtls_ecp_check_pubkey(&ec->PRIV(grp), &ec->PRIV(Q));
  return ret;
}

static int sig_load(SigState *st, const SigRow *row, const SmParams *params)
{
  if (row->api == SM_API_LOW && row->rsa)
    return rsa_load(&st->rsa, params, &st->has_private);
  if (row->api == SM_API_LOW)
    return ec_load(&st->ec, row->group, params, &st->rng, &st->has_private);
  mbedtls_pk_type_t type = row->rsa ? MBEDTLS_PK_RSA : MBEDTLS_PK_ECKEY;
  int ret = mbedtls_pk_setup(&st->pk, mbedtls_pk_info_from_type(type));
  if (ret != 0)
    return ret;
  return row->rsa ? rsa_load(mbedtls_pk_rsa(st->pk), params, &st->has_private)
                  : ec_load(mbedtls_pk_ec(st->pk), row->group, params, &st->rng, &st->has_private);
}

static const mbedtls_ecp_group *ec_group_of(SigState *st)
{
  return st->row->api == SM_API_EVP ? &mbedtls_pk_ec(st->pk)->PRIV(grp) : &st->ec.PRIV(grp);
}

/* ---- keygen (both levels: evp works on the pk context's own RSA or EC key) ----
 * RSA: mbedtls_rsa_gen_key with the seeded generator, e = 65537, out = n. Each setup takes a
 * stream of its own (the run's seed and a per-process count), so that two key pairs drawn differ
 * and a run stays reproducible. ECDSA: d from key_seed, Q = d*G (mbedtls_ecp_mul), out =
 * 0x04||x||y. */
static uint64_t keygen_draws;

static SmResult keygen_fill(SigState *st, const SmParams *params, char *msg, size_t msg_len)
{
  const SigRow *row = st->row;
  int ret = 0;
  seeded_rng_init(&st->rng, params->seed ^ (++keygen_draws * UINT64_C(0x9e3779b97f4a7c15)));
  if (row->rsa) {
    st->width = params->rsa.n.len;
    if (st->width < 64 || st->width > 2048)
      ret = MBEDTLS_ERR_RSA_BAD_INPUT_DATA;
  } else {
    ret = mbedtls_ecp_group_load(&st->ec.PRIV(grp), row->group);
    st->width = (st->ec.PRIV(grp).nbits + 7) / 8;
    if (ret == 0 && params->key_seed.len == 0)
      ret = MBEDTLS_ERR_ECP_BAD_INPUT_DATA;
    if (ret == 0)
      ret = mbedtls_mpi_read_binary(&st->ec.PRIV(d), params->key_seed.data, params->key_seed.len);
  }
  return ret != 0 ? mbed_fail(SM_FAILED, msg, msg_len, "keygen setup", ret) : SM_OK;
}

static int keygen_rsa(SigState *st, SmIo *io)
{
  mbedtls_rsa_context *rsa = &st->rsa;
  int ret = 0;
  if (st->row->api == SM_API_EVP) {
    mbedtls_pk_free(&st->pk);
    mbedtls_pk_init(&st->pk);
    ret = mbedtls_pk_setup(&st->pk, mbedtls_pk_info_from_type(MBEDTLS_PK_RSA));
    rsa = ret == 0 ? mbedtls_pk_rsa(st->pk) : NULL;
  } else {
    mbedtls_rsa_free(rsa);
    rsa_init_v15(rsa);
  }
  if (ret == 0)
    ret = mbedtls_rsa_gen_key(rsa, seeded_rng, &st->rng, (unsigned)(st->width * 8), 65537);
  if (ret == 0 && mbedtls_rsa_get_len(rsa) != st->width)
    ret = MBEDTLS_ERR_RSA_KEY_GEN_FAILED;
  if (ret == 0)
    ret = mbedtls_rsa_export_raw(rsa, io->out, st->width, NULL, 0, NULL, 0, NULL, 0, NULL, 0);
  return ret;
}

/* A fresh keypair per call: the scalar is checked and the public point computed anew. */
static int keygen_ec(SigState *st, SmIo *io, size_t *len)
{
  mbedtls_ecp_keypair *ec = &st->ec;
  if (st->row->api == SM_API_EVP) {
    mbedtls_pk_free(&st->pk);
    mbedtls_pk_init(&st->pk);
    int ret = mbedtls_pk_setup(&st->pk, mbedtls_pk_info_from_type(MBEDTLS_PK_ECKEY));
    if (ret != 0)
      return ret;
    ec = mbedtls_pk_ec(st->pk);
    ret = mbedtls_ecp_group_copy(&ec->PRIV(grp), &st->ec.PRIV(grp));
    if (ret == 0)
      ret = mbedtls_mpi_copy(&ec->PRIV(d), &st->ec.PRIV(d));
    if (ret != 0)
      return ret;
  }
  int ret = mbedtls_ecp_check_privkey(&ec->PRIV(grp), &ec->PRIV(d));
  if (ret == 0)
    ret = mbedtls_ecp_mul(&ec->PRIV(grp), &ec->PRIV(Q), &ec->PRIV(d), &ec->PRIV(grp).G, seeded_rng,
                          &st->rng);
  if (ret == 0)
    ret = mbedtls_ecp_point_write_binary(&ec->PRIV(grp), &ec->PRIV(Q), MBEDTLS_ECP_PF_UNCOMPRESSED,
                                         len, io->out, io->out_len);
  return ret;
}

SmResult sig_keygen(void *state, SmIo *io)
{
  SigState *st = state;
  size_t len = st->width;
  if (io->out_len < st->width)
    return SM_FAILED;
  if ((st->row->rsa ? keygen_rsa(st, io) : keygen_ec(st, io, &len)) != 0)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult sig_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  SigState *st = state;
  const SigRow *row = params->impl_data;
  st->row = row;
  st->md = mbedtls_md_info_from_type(row->md);
  mbedtls_pk_init(&st->pk);
  rsa_init_v15(&st->rsa);
  mbedtls_ecp_keypair_init(&st->ec);
  mbedtls_mpi_init(&st->r);
  mbedtls_mpi_init(&st->s);
  if (params->op == SM_OP_KEYGEN)
    return keygen_fill(st, params, msg, msg_len);
  seeded_rng_init(&st->rng, params->seed);
  int ret = sig_load(st, row, params);
  if (ret != 0)
    return mbed_fail(SM_FAILED, msg, msg_len, "loading the key", ret);
  if (params->op == SM_OP_SIGN && !st->has_private)
    return sm_msg(SM_FAILED, msg, msg_len, "no private key to sign with");
  if (row->rsa)
    st->width =
        row->api == SM_API_EVP ? mbedtls_pk_get_len(&st->pk) : mbedtls_rsa_get_len(&st->rsa);
  else
    st->width = (ec_group_of(st)->nbits + 7) / 8;
  return SM_OK;
}

SM_DEFINE_SETUP(sig_setup, SigState, sig_fill, sig_teardown)

/* pk_sign's DER ECDSA-Sig-Value -> r||s, each zero-padded to width. */
static bool der_to_rs(SigState *st, size_t der_len, unsigned char *rs)
{
  unsigned char *p = st->der, *end = st->der + der_len;
  size_t len = 0;
  return mbedtls_asn1_get_tag(&p, end, &len, MBEDTLS_ASN1_CONSTRUCTED | MBEDTLS_ASN1_SEQUENCE) ==
             0 &&
         p + len == end && mbedtls_asn1_get_mpi(&p, end, &st->r) == 0 &&
         mbedtls_asn1_get_mpi(&p, end, &st->s) == 0 && p == end &&
         mbedtls_mpi_write_binary(&st->r, rs, st->width) == 0 &&
         mbedtls_mpi_write_binary(&st->s, rs + st->width, st->width) == 0;
}

/* r||s -> DER for pk_verify, written backwards into st->der; NULL on failure. */
static const unsigned char *rs_to_der(SigState *st, const unsigned char *rs, size_t *der_len)
{
  unsigned char *p = st->der + sizeof st->der;
  if (mbedtls_mpi_read_binary(&st->r, rs, st->width) != 0 ||
      mbedtls_mpi_read_binary(&st->s, rs + st->width, st->width) != 0)
    return NULL;
  int s_len = mbedtls_asn1_write_mpi(&p, st->der, &st->s);
  int r_len = s_len < 0 ? s_len : mbedtls_asn1_write_mpi(&p, st->der, &st->r);
  if (r_len < 0)
    return NULL;
  size_t body = (size_t)r_len + (size_t)s_len;
  int len_len = mbedtls_asn1_write_len(&p, st->der, body);
  int tag_len =
      len_len < 0
          ? len_len
          : mbedtls_asn1_write_tag(&p, st->der, MBEDTLS_ASN1_CONSTRUCTED | MBEDTLS_ASN1_SEQUENCE);
  if (tag_len < 0)
    return NULL;
  *der_len = body + (size_t)len_len + (size_t)tag_len;
  return p;
}

SmResult evp_sig_sign(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  size_t sig_len = 0, out_need = st->row->rsa ? st->width : 2 * st->width;
  if (io->out_len < out_need || mbedtls_md(st->md, io->in, io->in_len, hash) != 0)
    return SM_FAILED;
  unsigned char *sig = st->row->rsa ? io->out : st->der;
  size_t sig_size = st->row->rsa ? io->out_len : sizeof st->der;
  if (pk_sign(&st->pk, st->row->md, hash, mbedtls_md_get_size(st->md), sig, sig_size, &sig_len,
              seeded_rng, &st->rng) != 0)
    return SM_FAILED;
  if (!st->row->rsa && !der_to_rs(st, sig_len, io->out))
    return SM_FAILED;
  io->out_len = out_need;
  return SM_OK;
}

SmResult evp_sig_verify(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  const unsigned char *sig = io->aux;
  size_t sig_len = io->aux_len;
  if (!st->row->rsa &&
      (io->aux_len != 2 * st->width || (sig = rs_to_der(st, io->aux, &sig_len)) == NULL))
    return SM_FAILED;
  if (mbedtls_md(st->md, io->in, io->in_len, hash) != 0 ||
      mbedtls_pk_verify(&st->pk, st->row->md, hash, mbedtls_md_get_size(st->md), sig, sig_len) != 0)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

SmResult low_rsa_sign(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  if (io->out_len < st->width || st->row->hash(io->in, io->in_len, hash) != 0 ||
      rsa_sign(&st->rsa, seeded_rng, &st->rng, st->row->md, mbedtls_md_get_size(st->md), hash,
               io->out) != 0)
    return SM_FAILED;
  io->out_len = st->width;
  return SM_OK;
}

SmResult low_rsa_verify(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  if (io->aux_len != st->width || st->row->hash(io->in, io->in_len, hash) != 0 ||
      rsa_verify(&st->rsa, st->row->md, mbedtls_md_get_size(st->md), hash, io->aux) != 0)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

/* RFC 6979 nonces, as mbedtls_pk_sign uses in this build; the generator only blinds. */
SmResult low_ecdsa_sign(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  if (io->out_len < 2 * st->width || st->row->hash(io->in, io->in_len, hash) != 0 ||
      mbedtls_ecdsa_sign_det_ext(&st->ec.PRIV(grp), &st->r, &st->s, &st->ec.PRIV(d), hash,
                                 mbedtls_md_get_size(st->md), st->row->md, seeded_rng,
                                 &st->rng) != 0 ||
      mbedtls_mpi_write_binary(&st->r, io->out, st->width) != 0 ||
      mbedtls_mpi_write_binary(&st->s, io->out + st->width, st->width) != 0)
    return SM_FAILED;
  io->out_len = 2 * st->width;
  return SM_OK;
}

SmResult low_ecdsa_verify(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  if (io->aux_len != 2 * st->width || st->row->hash(io->in, io->in_len, hash) != 0 ||
      mbedtls_mpi_read_binary(&st->r, io->aux, st->width) != 0 ||
      mbedtls_mpi_read_binary(&st->s, io->aux + st->width, st->width) != 0 ||
      mbedtls_ecdsa_verify(&st->ec.PRIV(grp), hash, mbedtls_md_get_size(st->md), &st->ec.PRIV(Q),
                           &st->r, &st->s) != 0)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

/* ---- low: key exchange (mbedtls_ecdh_compute_shared; X25519/X448 are its Montgomery curves) */

typedef struct {
  mbedtls_ecp_group grp;
  mbedtls_mpi d, peer_d, z;
  mbedtls_ecp_point peer;
  mbedtls_chacha20_context rng;
  size_t width;
  bool montgomery;
} KexState;

void kex_teardown(void *state)
{
  KexState *st = state;
  if (st == NULL)
    return;
  mbedtls_ecp_group_free(&st->grp);
  mbedtls_mpi_free(&st->d);
  mbedtls_mpi_free(&st->peer_d);
  mbedtls_mpi_free(&st->z);
  mbedtls_ecp_point_free(&st->peer);
  mbedtls_chacha20_free(&st->rng);
  free(st);
}

/* RFC 7748 decodes a scalar with these bits forced; mbedtls_ecp_mul insists on them. */
static int kex_scalar(KexState *st, SmBytes priv, mbedtls_mpi *d)
{
  unsigned char k[56];
  if (!st->montgomery)
    return mbedtls_mpi_read_binary(d, priv.data, priv.len);
  if (priv.len != st->width || priv.len > sizeof k)
    return MBEDTLS_ERR_ECP_BAD_INPUT_DATA;
  memcpy(k, priv.data, priv.len);
  if (st->grp.id == MBEDTLS_ECP_DP_CURVE25519) {
    k[0] &= 248;
    k[31] = (unsigned char)((k[31] & 127) | 64);
  } else {
    k[0] &= 252;
    k[55] |= 128;
  }
  int ret = mbedtls_mpi_read_binary_le(d, k, priv.len);
  mbedtls_platform_zeroize(k, sizeof k);
  return ret;
}

static int kex_load(KexState *st, const KexRow *row, const SmParams *params)
{
  int ret = mbedtls_ecp_group_load(&st->grp, row->group);
  st->width = (st->grp.pbits + 7) / 8;
  if (ret == 0)
    ret = kex_scalar(st, params->priv, &st->d);
  if (ret == 0)
    ret = mbedtls_ecp_check_privkey(&st->grp, &st->d);
  if (ret == 0 && params->peer_pub.len > 0)
    ret = mbedtls_ecp_point_read_binary(&st->grp, &st->peer, params->peer_pub.data,
                                        params->peer_pub.len);
  else if (ret == 0) {
    ret = kex_scalar(st, params->peer_priv, &st->peer_d);
    if (ret == 0)
      ret = mbedtls_ecp_mul(&st->grp, &st->peer, &st->peer_d, &st->grp.G, seeded_rng, &st->rng);
  }
  return ret != 0 ? ret : mbedtls_ecp_check_pubkey(&st->grp, &st->peer);
}

/* Initialises every member of a KexState, so that kex_teardown frees it at any point. */
static void kex_state_init(KexState *st, const KexRow *row, uint64_t seed)
{
  st->montgomery = row->montgomery;
  mbedtls_ecp_group_init(&st->grp);
  mbedtls_mpi_init(&st->d);
  mbedtls_mpi_init(&st->peer_d);
  mbedtls_mpi_init(&st->z);
  mbedtls_ecp_point_init(&st->peer);
  seeded_rng_init(&st->rng, seed);
}

/* keygen: the scalar from key_seed (RFC 7748 clamped for X25519/X448), its public value d*G
 * (mbedtls_ecp_mul) per call; out = the u-coordinate (little-endian) or 0x04||x||y. */
static int kex_keygen_load(KexState *st, const KexRow *row, const SmParams *params)
{
  int ret = mbedtls_ecp_group_load(&st->grp, row->group);
  st->width = (st->grp.pbits + 7) / 8;
  if (ret == 0)
    ret = params->key_seed.len > 0 ? kex_scalar(st, params->key_seed, &st->d)
                                   : MBEDTLS_ERR_ECP_BAD_INPUT_DATA;
  return ret;
}

SmResult kex_keygen(void *state, SmIo *io)
{
  KexState *st = state;
  size_t len = 0;
  if (mbedtls_ecp_check_privkey(&st->grp, &st->d) != 0 ||
      mbedtls_ecp_mul(&st->grp, &st->peer, &st->d, &st->grp.G, seeded_rng, &st->rng) != 0 ||
      mbedtls_ecp_point_write_binary(&st->grp, &st->peer, MBEDTLS_ECP_PF_UNCOMPRESSED, &len,
                                     io->out, io->out_len) != 0)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult kex_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  KexState *st = state;
  const KexRow *row = params->impl_data;
  kex_state_init(st, row, params->seed);
  bool keygen = params->op == SM_OP_KEYGEN;
  if (!keygen &&
      (params->priv.len == 0 || (params->peer_pub.len == 0 && params->peer_priv.len == 0)))
    return sm_msg(SM_FAILED, msg, msg_len, "needs a scalar and the peer's public or private value");
  int ret = keygen ? kex_keygen_load(st, row, params) : kex_load(st, row, params);
  return ret != 0
             ? mbed_fail(SM_FAILED, msg, msg_len, keygen ? "keygen setup" : "loading the keys", ret)
             : SM_OK;
}

SM_DEFINE_SETUP(kex_setup, KexState, kex_fill, kex_teardown)

/* The generator blinds the scalar multiplication (2.28 asks for one). */
SmResult kex_derive(void *state, SmIo *io)
{
  KexState *st = state;
  if (io->out_len < st->width ||
      mbedtls_ecdh_compute_shared(&st->grp, &st->z, &st->peer, &st->d, seeded_rng, &st->rng) != 0)
    return SM_FAILED;
  int ret = st->montgomery ? mbedtls_mpi_write_binary_le(&st->z, io->out, st->width)
                           : mbedtls_mpi_write_binary(&st->z, io->out, st->width);
  if (ret != 0)
    return SM_FAILED;
  io->out_len = st->width;
  return SM_OK;
}

/* ---- the rows ---- */

/* Initialisers only: each builds one const SmImpl (a file-scope compound literal) from a row. */
#define SIG(api_, rsa_, group_, md_, hash_, sign_, verify_)                                        \
  &(const SmImpl)SM_IMPL_SIGNATURE_KEYGEN(sig_setup, sig_teardown,                                 \
                                          (&(const SigRow){api_, rsa_, group_, md_, hash_}),       \
                                          sign_, verify_, sig_keygen)
#define EVP_RSA                                                                                    \
  SIG(SM_API_EVP, true, MBEDTLS_ECP_DP_NONE, MBEDTLS_MD_SHA256, NULL, evp_sig_sign, evp_sig_verify)
#define LOW_RSA                                                                                    \
  SIG(SM_API_LOW, true, MBEDTLS_ECP_DP_NONE, MBEDTLS_MD_SHA256, sha256_oneshot, low_rsa_sign,      \
      low_rsa_verify)
#define EVP_ECDSA(group, md) SIG(SM_API_EVP, false, group, md, NULL, evp_sig_sign, evp_sig_verify)
#define LOW_ECDSA(group, md, hash)                                                                 \
  SIG(SM_API_LOW, false, group, md, hash, low_ecdsa_sign, low_ecdsa_verify)
#define LOW_KEX(group, montgomery)                                                                 \
  &(const SmImpl)SM_IMPL_KEX_KEYGEN(kex_setup, kex_teardown, (&(const KexRow){group, montgomery}), \
                                    kex_derive, kex_keygen)

#define WHY_KEX_EVP                                                                                \
  "Mbed TLS's pk layer (2.28, 3.6) has no key agreement (mbedtls_pk_* only signs, verifies, "      \
  "encrypts); ECDH is only mbedtls_ecdh_*"

/* The signature rows, in the order `list` shows them. */
const SmAlgorithm signature_rows[] = {
    SM_ROW_BOTH("rsa1024", SM_KIND_SIGNATURE, EVP_RSA, LOW_RSA),
    SM_ROW_BOTH("rsa2048", SM_KIND_SIGNATURE, EVP_RSA, LOW_RSA),
    SM_ROW_BOTH("rsa3072", SM_KIND_SIGNATURE, EVP_RSA, LOW_RSA),
    SM_ROW_BOTH("rsa4096", SM_KIND_SIGNATURE, EVP_RSA, LOW_RSA),
    SM_ROW_BOTH("ecdsa-p256", SM_KIND_SIGNATURE,
                EVP_ECDSA(MBEDTLS_ECP_DP_SECP256R1, MBEDTLS_MD_SHA256),
                LOW_ECDSA(MBEDTLS_ECP_DP_SECP256R1, MBEDTLS_MD_SHA256, sha256_oneshot)),
    SM_ROW_BOTH("ecdsa-p384", SM_KIND_SIGNATURE,
                EVP_ECDSA(MBEDTLS_ECP_DP_SECP384R1, MBEDTLS_MD_SHA384),
                LOW_ECDSA(MBEDTLS_ECP_DP_SECP384R1, MBEDTLS_MD_SHA384, sha384_oneshot)),
    SM_ROW_BOTH("ecdsa-p521", SM_KIND_SIGNATURE,
                EVP_ECDSA(MBEDTLS_ECP_DP_SECP521R1, MBEDTLS_MD_SHA512),
                LOW_ECDSA(MBEDTLS_ECP_DP_SECP521R1, MBEDTLS_MD_SHA512, sha512_oneshot)),
    SM_ROW_END,
};

/* The key exchange rows, in the order `list` shows them. */
const SmAlgorithm kex_rows[] = {
    SM_ROW_LOW_ONLY("x25519", SM_KIND_KEX, LOW_KEX(MBEDTLS_ECP_DP_CURVE25519, true), WHY_KEX_EVP),
    SM_ROW_LOW_ONLY("x448", SM_KIND_KEX, LOW_KEX(MBEDTLS_ECP_DP_CURVE448, true), WHY_KEX_EVP),
    SM_ROW_LOW_ONLY("ecdh-p256", SM_KIND_KEX, LOW_KEX(MBEDTLS_ECP_DP_SECP256R1, false),
                    WHY_KEX_EVP),
    SM_ROW_LOW_ONLY("ecdh-p384", SM_KIND_KEX, LOW_KEX(MBEDTLS_ECP_DP_SECP384R1, false),
                    WHY_KEX_EVP),
    SM_ROW_END,
};
