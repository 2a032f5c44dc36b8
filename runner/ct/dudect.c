#include "ct/dudect.h"

#include "cell/call.h"
#include "cell/inputs.h"

#include <math.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

/* Contexts per class: the random class's secrets rotate through them, and the fixed class has as
 * many copies, so that both classes touch as much memory (a hot fixed context against cold
 * random ones would be a difference of the cache, not of the code). */
#define POOL 64u
/* dudect's cropping: 100 tests, test i keeping the samples below the percentile
 * 1 - 0.5^(10 (i + 1) / 100). */
#define PERCENTILES 100
/* Samples thrown away first (caches, frequency): dudect drops its first batch too. */
#define WARMUP 1000u

void sm_dudect_result_clear(SmDudectResult *result)
{
  g_free(result->why);
  *result = (SmDudectResult){0};
}

const char *sm_dudect_unsupported(const SmCell *cell)
{
  if (cell->alg->bits > 0)
    return "one fixed key per size (kat/keys.c): no random secrets to compare with";
  return NULL;
}

double sm_dudect_welch_t(const double *times, const guint8 *classes, gsize count, double below,
                         guint64 *used)
{
  double mean[2] = {0, 0}, m2[2] = {0, 0};
  guint64 n[2] = {0, 0};
  for (gsize i = 0; i < count; i++) {
    if (!(times[i] < below))
      continue;
    int c = classes[i];
    n[c]++;
    double delta = times[i] - mean[c];
    mean[c] += delta / (double)n[c];
    m2[c] += delta * (times[i] - mean[c]);
  }
  *used = n[0] + n[1];
  if (n[0] < 2 || n[1] < 2)
    return 0;
  double var0 = m2[0] / (double)(n[0] - 1), var1 = m2[1] / (double)(n[1] - 1);
  double se = sqrt(var0 / (double)n[0] + var1 / (double)n[1]);
  return se > 0 ? (mean[0] - mean[1]) / se : 0;
}

static int compare_doubles(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double sm_dudect_max_t(const double *times, const guint8 *classes, gsize count, guint64 min_samples,
                       guint64 *samples)
{
  g_autofree double *sorted = g_memdup2(times, count * sizeof *times);
  qsort(sorted, count, sizeof *sorted, compare_doubles);
  double best = 0;
  *samples = 0;
  for (int test = -1; test < PERCENTILES; test++) {
    double below = INFINITY;
    if (test >= 0) {
      double q = 1 - pow(0.5, 10.0 * (test + 1) / PERCENTILES);
      below = sorted[MIN((gsize)(q * (double)count), count - 1)];
    }
    guint64 used = 0;
    double t = sm_dudect_welch_t(times, classes, count, below, &used);
    if (used >= min_samples && fabs(t) > fabs(best)) {
      best = t;
      *samples = used;
    }
  }
  return best;
}

/* The cheapest steady counter: the TSC on x86; on arm64 the generic timer's virtual count
 * (cntvct_el0, a fixed frequency readable from user space, isb so that it is not read early);
 * the monotonic clock elsewhere. Only differences between the two classes count. */
static inline guint64 ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
  return __rdtsc();
#elif defined(__aarch64__)
  guint64 count;
  __asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(count) : : "memory");
  return count;
#else
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC_RAW, &now);
  return (guint64)now.tv_sec * 1000000000u + (guint64)now.tv_nsec;
#endif
}

typedef struct {
  const SmImpl *impl;
  void *state[2][POOL];
  SmInputs *inputs[2][POOL]; /* what each context was made from (kept until teardown) */
} Pools;

static void pools_clear(Pools *p)
{
  for (int c = 0; c < 2; c++)
    for (unsigned i = 0; i < POOL; i++) {
      if (p->state[c][i] != NULL)
        p->impl->teardown(p->state[c][i]);
      sm_inputs_free(p->inputs[c][i]);
    }
}

/* Class 0: the fixed secret, the seed's (as the run's); class 1: a random secret of the same kind,
 * another per context. Not dudect's all-zero key: with it a constant-time toy read |t| 5 to 20
 * here (a key of weight 0 is not any key to the hardware), with the seed's 4 to 7. */
static SmInputs *class_inputs(const SmCell *cell, int cls, guint64 seed, size_t max_len)
{
  return sm_inputs_new(cell->alg, cls == 0 ? seed : seed + 1 + g_random_int(), max_len);
}

void sm_dudect_cell(const SmCell *cell, const SmCtOptions *options, double budget,
                    SmDudectResult *result)
{
  *result = (SmDudectResult){0};
  if (sm_engine_init(cell->engine, cell->accel) != SM_OK) {
    result->why = g_strdup_printf("engine init: %s", cell->engine->init_message);
    return;
  }
  Pools pools = {.impl = sm_algorithm_level(cell->impl, cell->api)};
  SmOp slot = sm_op_slot(cell->alg->kind, cell->op);
  size_t len = sm_kind_is_bulk(cell->alg->kind) ? cell->block_size : 0;
  g_autoptr(SmInputs) message = sm_inputs_new(cell->alg, options->seed, MAX(len, 64u));
  if (cell->alg->kind == SM_KIND_SIGNATURE)
    len = message->data->len;
  g_autoptr(SmInputs) fixed = class_inputs(cell, 0, options->seed, MAX(len, 64u));
  for (int c = 0; c < 2; c++)
    for (unsigned i = 0; i < POOL; i++) {
      pools.inputs[c][i] = class_inputs(cell, c, options->seed, MAX(len, 64u));
      SmParams params = pools.inputs[c][i]->params;
      /* The classes differ in their secrets only: the public values are the fixed class's. */
      params.iv = fixed->params.iv;
      params.aad = fixed->params.aad;
      params.peer_priv = fixed->params.peer_priv;
      params.peer_pub = fixed->params.peer_pub;
      params.op = slot;
      params.max_len = MAX(len, 1u);
      char message_text[256] = "";
      if (sm_impl_setup(pools.impl, &params, &pools.state[c][i], message_text,
                        sizeof message_text) != SM_OK) {
        pools.state[c][i] = NULL;
        result->why = g_strdup_printf("setup: %s", message_text);
        pools_clear(&pools);
        return;
      }
    }
  size_t capacity = sm_output_capacity(len);
  g_autofree uint8_t *out = g_malloc0(capacity);
  g_autoptr(GArray) times = g_array_new(FALSE, FALSE, sizeof(double));
  g_autoptr(GByteArray) classes = g_byte_array_new();
  g_autoptr(GRand) rand = g_rand_new();
  gint64 deadline = g_get_monotonic_time() + (gint64)(budget * 1e6);
  bool failed = false;
  for (guint64 n = 0; !failed; n++) {
    if ((n & 255u) == 0 && g_get_monotonic_time() > deadline)
      break;
    guint32 draw = g_rand_int(rand);
    guint8 cls = draw & 1u;
    void *state = pools.state[cls][(draw >> 1) % POOL];
    SmIo io = {
        .in = len ? message->data->data : NULL, .in_len = len, .out = out, .out_len = capacity};
    guint64 start = ticks();
    failed = pools.impl->op[slot](state, &io) != SM_OK;
    double elapsed = (double)(ticks() - start);
    if (n < WARMUP)
      continue;
    g_array_append_val(times, elapsed);
    g_byte_array_append(classes, &cls, 1);
  }
  pools_clear(&pools);
  if (failed) {
    result->why = g_strdup_printf("the %s failed", sm_op_name(cell->op));
    return;
  }
  if (times->len < 2000) {
    result->why = g_strdup_printf("%u samples in %g s: too few", times->len, budget);
    return;
  }
  result->measured = true;
  result->collected = times->len;
  result->t = sm_dudect_max_t((const double *)times->data, classes->data, times->len, 1000,
                              &result->samples);
}
