/* bench/probe-correlation: which probe kernels follow the slowdowns real crypto code suffers.
 *
 * Alternates short bursts (about 0.5 ms each) of libgcrypt's, libsodium's and OpenSSL's X25519,
 * libgcrypt's gcry_mpi_mulm (255-bit), GLib's SHA-256 over 1 KiB, the contention probe's four
 * kernels (runner/cell/probe.c, included as is) and two candidates that were tried and not
 * kept (a pointer chase over 64 KiB, a 2048-bit schoolbook multiply), on one vCPU, switching
 * vCPU every window; prints one CSV line per window with each one's fastest burst. Built and
 * run by bench/probe-correlation, which does the statistics. Not part of the product. */
#define _GNU_SOURCE
#include <gcrypt.h>
#include <openssl/evp.h>
#include <sched.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cell/probe.c"

guint64 sm_now_ns(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (guint64)t.tv_sec * 1000000000u + (guint64)t.tv_nsec;
}

static volatile uint8_t sink;
static uint8_t scalar[32], peer[32], out[32], text[1024];
static EVP_PKEY_CTX *derive_ctx;
static gcry_mpi_t ma, mb, mm, mr;
static uint32_t chase[16384]; /* a random cycle over 64 KiB */
static uint64_t la[32], lb[32], lr[64];

static void op_gcrypt(void)
{
  if (gcry_ecc_mul_point(GCRY_ECC_CURVE25519, out, scalar, peer) == 0)
    sink ^= out[0];
}
static void op_sodium(void)
{
  if (crypto_scalarmult(out, scalar, peer) == 0)
    sink ^= out[0];
}
static void op_openssl(void)
{
  size_t n = sizeof out;
  if (EVP_PKEY_derive(derive_ctx, out, &n) == 1)
    sink ^= out[0];
}
static void op_mulm(void)
{
  for (int i = 0; i < 50; i++)
    gcry_mpi_mulm(mr, ma, mb, mm);
  sink ^= (uint8_t)gcry_mpi_get_nbits(mr);
}
static void op_glib_sha256(void)
{
  char *hex = g_compute_checksum_for_data(G_CHECKSUM_SHA256, text, sizeof text);
  sink ^= (uint8_t)hex[0];
  g_free(hex);
}
static void op_int(void) { sink ^= (uint8_t)kernel_int(2000); }
static void op_mul(void) { sink ^= (uint8_t)kernel_mul(2000); }
static void op_vec(void) { sink ^= (uint8_t)kernel_vec(2000); }
static void op_mem(void) { sink ^= (uint8_t)kernel_mem(64); }
static void op_chase(void)
{
  uint32_t p = 0;
  for (int k = 0; k < 1024; k++)
    p = chase[p];
  sink ^= (uint8_t)p;
}
static void op_schoolbook(void)
{
  memset(lr, 0, sizeof lr);
  for (int i = 0; i < 32; i++) {
    uint64_t carry = 0;
    for (int j = 0; j < 32; j++) {
      unsigned __int128 t = (unsigned __int128)la[i] * lb[j] + lr[i + j] + carry;
      lr[i + j] = (uint64_t)t;
      carry = (uint64_t)(t >> 64);
    }
    lr[i + 32] = carry;
  }
  la[0] ^= lr[40];
  sink ^= (uint8_t)lr[33];
}

typedef struct {
  const char *name;
  void (*fn)(void);
  unsigned n;
} Op;

static Op ops[] = {
    {"gcrypt_x25519", op_gcrypt, 0}, {"sodium_x25519", op_sodium, 0},
    {"openssl_x25519", op_openssl, 0}, {"gcrypt_mulm", op_mulm, 0},
    {"glib_sha256", op_glib_sha256, 0}, {"k_int", op_int, 0},
    {"k_mul", op_mul, 0}, {"k_vec", op_vec, 0},
    {"k_mem", op_mem, 0}, {"cand_chase", op_chase, 0},
    {"cand_schoolbook", op_schoolbook, 0},
};
#define NOPS (sizeof ops / sizeof ops[0])

static double burst(const Op *o)
{
  guint64 t = sm_now_ns();
  for (unsigned i = 0; i < o->n; i++)
    o->fn();
  return o->n * 1e9 / (double)(sm_now_ns() - t);
}

static void pin(int cpu)
{
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  sched_setaffinity(0, sizeof set, &set);
}

static void setup(void)
{
  gcry_check_version(NULL);
  gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
  if (sodium_init() < 0)
    exit(2);
  for (int i = 0; i < 32; i++) {
    scalar[i] = (uint8_t)(i * 7 + 1);
    peer[i] = (uint8_t)(i * 13 + 5);
  }
  scalar[0] &= 248;
  scalar[31] = (uint8_t)((scalar[31] & 127) | 64);
  peer[31] &= 127;
  for (size_t i = 0; i < sizeof text; i++)
    text[i] = (uint8_t)i;
  EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, scalar, 32);
  EVP_PKEY *pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer, 32);
  derive_ctx = EVP_PKEY_CTX_new(key, NULL);
  if (derive_ctx == NULL || EVP_PKEY_derive_init(derive_ctx) != 1 ||
      EVP_PKEY_derive_set_peer(derive_ctx, pub) != 1)
    exit(2);
  mr = gcry_mpi_new(0);
  ma = gcry_mpi_new(0);
  mb = gcry_mpi_new(0);
  if (gcry_mpi_scan(&mm, GCRYMPI_FMT_HEX,
                    "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", 0, NULL))
    exit(2);
  gcry_mpi_sub_ui(ma, mm, 12345);
  gcry_mpi_sub_ui(mb, mm, 99);
  uint32_t *perm = malloc(sizeof chase);
  uint64_t x = 88172645463325252u;
  for (uint32_t i = 0; i < 16384; i++)
    perm[i] = i;
  for (uint32_t i = 16383; i > 0; i--) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    uint32_t j = (uint32_t)(x % (i + 1)), t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  for (uint32_t i = 0; i < 16384; i++)
    chase[perm[i]] = perm[(i + 1) % 16384];
  free(perm);
  for (int i = 0; i < 32; i++) {
    la[i] = 0x9e3779b97f4a7c15u * (uint64_t)(i + 1);
    lb[i] = 0xbf58476d1ce4e5b9u * (uint64_t)(i + 3);
  }
  for (unsigned i = 0; i < NOPS; i++) /* bursts of about 0.5 ms */
    for (ops[i].n = 1;; ops[i].n *= 2) {
      guint64 t = sm_now_ns();
      for (unsigned j = 0; j < ops[i].n; j++)
        ops[i].fn();
      if (sm_now_ns() - t > 500000)
        break;
    }
}

int main(int argc, char **argv)
{
  double seconds = argc > 1 ? atof(argv[1]) : 60, window = argc > 2 ? atof(argv[2]) : 1.0;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  setup();
  printf("time,cpu");
  for (unsigned i = 0; i < NOPS; i++)
    printf(",%s", ops[i].name);
  printf("\n");
  guint64 start = sm_now_ns();
  for (int cpu = 0; (double)(sm_now_ns() - start) / 1e9 < seconds; cpu = (int)((cpu + 1) % cpus)) {
    pin(cpu);
    double best[NOPS] = {0};
    guint64 w0 = sm_now_ns();
    while ((double)(sm_now_ns() - w0) / 1e9 < window)
      for (unsigned i = 0; i < NOPS; i++)
        best[i] = MAX(best[i], burst(&ops[i]));
    printf("%.1f,%d", (double)(w0 - start) / 1e9, cpu);
    for (unsigned i = 0; i < NOPS; i++)
      printf(",%.1f", best[i]);
    printf("\n");
    fflush(stdout);
  }
  return 0;
}
