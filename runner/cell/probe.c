#include "cell/probe.h"

#include "cell/measure.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

static volatile uint64_t probe_sink;

#define ROTL(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

/* Four independent rotate-xor-add chains: throughput of the scalar integer units. */
static uint64_t kernel_int(uint64_t iterations)
{
  uint64_t a = 1, b = 2, c = 3, d = 4;
  for (uint64_t i = 0; i < iterations; i++) {
    a = ROTL(a, 7) ^ (a + 0x9e3779b97f4a7c15u);
    b = ROTL(b, 11) ^ (b + 0x7f4a7c159e3779b9u);
    c = ROTL(c, 13) ^ (c + 0x85ebca6bc2b2ae35u);
    d = ROTL(d, 17) ^ (d + 0xc2b2ae3585ebca6bu);
    __asm__ volatile("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d));
  }
  return a ^ b ^ c ^ d;
}

/* Four independent 64x64->128 multiply chains: throughput of the multiplier. */
static uint64_t kernel_mul(uint64_t iterations)
{
  uint64_t a = 3, b = 5, c = 7, d = 11;
  for (uint64_t i = 0; i < iterations; i++) {
    unsigned __int128 pa = (unsigned __int128)a * 0x9e3779b97f4a7c15u;
    unsigned __int128 pb = (unsigned __int128)b * 0x7f4a7c159e3779b9u;
    unsigned __int128 pc = (unsigned __int128)c * 0x85ebca6bc2b2ae35u;
    unsigned __int128 pd = (unsigned __int128)d * 0xc2b2ae3585ebca6bu;
    a = (uint64_t)pa ^ (uint64_t)(pa >> 64);
    b = (uint64_t)pb ^ (uint64_t)(pb >> 64);
    c = (uint64_t)pc ^ (uint64_t)(pc >> 64);
    d = (uint64_t)pd ^ (uint64_t)(pd >> 64);
    __asm__ volatile("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d));
  }
  return a ^ b ^ c ^ d;
}

/* Vector integer adds, xors and shifts on four independent registers, as SIMD ciphers use them:
 * AVX2 where the CPU has it, the compiler's portable vectors elsewhere (NEON on arm64, which
 * every arm64 CPU has). */
typedef uint32_t SmVec4 __attribute__((vector_size(16)));

static uint64_t kernel_vec_portable(uint64_t iterations)
{
  SmVec4 x[4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}};
  const SmVec4 k = {0x9e3779b9u, 0x7f4a7c15u, 0x85ebca6bu, 0xc2b2ae35u};
  for (uint64_t i = 0; i < iterations; i++)
    for (int r = 0; r < 4; r++) {
      x[r] = (x[r] + k) ^ ((x[r] << 7) | (x[r] >> 25));
      /* The vector stays in a SIMD register (SSE "x", NEON "w"), the work is not folded away. */
#if defined(__x86_64__)
      __asm__ volatile("" : "+x"(x[r]));
#elif defined(__aarch64__)
      __asm__ volatile("" : "+w"(x[r]));
#endif
    }
  return x[0][0] ^ x[1][1] ^ x[2][2] ^ x[3][3];
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static uint64_t kernel_vec_avx2(uint64_t iterations)
{
  __m256i x0 = _mm256_set1_epi32(1), x1 = _mm256_set1_epi32(2), x2 = _mm256_set1_epi32(3),
          x3 = _mm256_set1_epi32(4);
  const __m256i k = _mm256_set1_epi32((int)0x9e3779b9u);
#define VSTEP(x)                                                                                   \
  x = _mm256_xor_si256(_mm256_add_epi32(x, k),                                                     \
                       _mm256_or_si256(_mm256_slli_epi32(x, 7), _mm256_srli_epi32(x, 25)));        \
  __asm__ volatile("" : "+x"(x))
  for (uint64_t i = 0; i < iterations; i++) {
    VSTEP(x0);
    VSTEP(x1);
    VSTEP(x2);
    VSTEP(x3);
  }
#undef VSTEP
  return (uint64_t)_mm256_extract_epi32(
      _mm256_xor_si256(_mm256_xor_si256(x0, x1), _mm256_xor_si256(x2, x3)), 0);
}
#endif

static uint64_t kernel_vec(uint64_t iterations)
{
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx2"))
    return kernel_vec_avx2(iterations);
#endif
  return kernel_vec_portable(iterations);
}

/* Read-modify-write of one word per 64-byte line, walking a 256 KiB buffer: bandwidth of the
 * core's L1 and L2 (1 MiB here), which a neighbour with a large working set takes by evicting
 * the lines. The register-only kernels above do not feel that; bignum and X25519 code does
 * (README "Contention"). One iteration is 64 lines; the walk goes on where the last run ended. */
#define MEM_WORDS (256u * 1024u / sizeof(uint64_t))
#define MEM_STRIDE (64u / sizeof(uint64_t))
static uint64_t mem_buffer[MEM_WORDS] __attribute__((aligned(64)));
static size_t mem_at;

static uint64_t kernel_mem(uint64_t iterations)
{
  uint64_t c = 1;
  size_t at = mem_at;
  for (uint64_t i = 0; i < iterations; i++)
    for (unsigned line = 0; line < 64; line++) {
      uint64_t x = mem_buffer[at];
      mem_buffer[at] = x + c;
      c ^= x;
      at = (at + MEM_STRIDE) % MEM_WORDS;
    }
  mem_at = at;
  return c;
}

typedef uint64_t (*Kernel)(uint64_t iterations);
static const Kernel kernels[SM_PROBE_KINDS] = {
    [SM_PROBE_INT] = kernel_int,
    [SM_PROBE_MUL] = kernel_mul,
    [SM_PROBE_VEC] = kernel_vec,
    [SM_PROBE_MEM] = kernel_mem,
};

/* Each reading is one run of a kernel at least this long. */
#define RUN_NS 60000u

/* Iterations that make a run last RUN_NS, found once per process by doubling. */
static uint64_t calibrated[SM_PROBE_KINDS];

static double time_kernel(int kind)
{
  uint64_t iterations = calibrated[kind] ? calibrated[kind] : 256;
  for (;;) {
    guint64 start = sm_now_ns();
    probe_sink ^= kernels[kind](iterations);
    guint64 elapsed = sm_now_ns() - start;
    if (elapsed >= RUN_NS) {
      calibrated[kind] = iterations;
      return (double)iterations * 1e9 / (double)elapsed;
    }
    iterations *= 2;
  }
}

void sm_probe_measure(SmProbe *probe, unsigned rounds)
{
  for (unsigned r = 0; r < rounds; r++)
    for (int k = 0; k < SM_PROBE_KINDS; k++)
      probe->rate[k] = MAX(probe->rate[k], time_kernel(k));
}

void sm_probe_history_init(SmProbeHistory *history)
{
  *history = (SmProbeHistory){.readings = g_array_new(FALSE, FALSE, sizeof(SmProbe))};
}

void sm_probe_history_clear(SmProbeHistory *history)
{
  if (history->readings != NULL)
    g_array_unref(history->readings);
  *history = (SmProbeHistory){0};
}

void sm_probe_history_add(SmProbeHistory *history, const SmProbe *probe)
{
  if (probe->rate[0] > 0)
    g_array_append_val(history->readings, *probe);
}

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

#define REFERENCE_QUANTILE 0.9

const SmProbe *sm_probe_history_reference(SmProbeHistory *history)
{
  guint n = history->readings->len;
  if (n == 0 || (history->counted > 0 && n - history->counted <= history->counted / 64))
    return &history->reference;
  g_autofree double *values = g_new(double, n);
  for (int k = 0; k < SM_PROBE_KINDS; k++) {
    guint m = 0; /* a journal from before the memory kernel has no rate for it */
    for (guint i = 0; i < n; i++)
      if (g_array_index(history->readings, SmProbe, i).rate[k] > 0)
        values[m++] = g_array_index(history->readings, SmProbe, i).rate[k];
    qsort(values, m, sizeof *values, by_value);
    history->reference.rate[k] = m ? values[MIN(m - 1, (guint)(REFERENCE_QUANTILE * m))] : 0;
  }
  history->counted = n;
  return &history->reference;
}
