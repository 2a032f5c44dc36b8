#include "cell/measure.h"

#include <time.h>

/* Every output's first and last byte lands here: the calls cannot be proven dead. */
static volatile uint8_t output_sink;

guint64 sm_now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (guint64)ts.tv_sec * 1000000000u + (guint64)ts.tv_nsec;
}

void sm_measurement_clear(SmMeasurement *m)
{
  if (m->ops_per_sec != NULL)
    g_array_unref(m->ops_per_sec);
  *m = (SmMeasurement){0};
}

/* The timed loop: nothing here allocates or prints. Returns elapsed ns (0 on a failed call). */
static guint64 run_batch(SmTimedOp *op, guint64 count, SmResult *result)
{
  SmIo *io = op->io;
  const size_t capacity = io->out_len;
  uint8_t fold = 0;
  guint64 start = sm_now_ns();
  for (guint64 i = 0; i < count; i++) {
    io->out_len = capacity;
    SmResult r = op->fn(op->state, io);
    if (G_UNLIKELY(r != SM_OK)) {
      *result = r;
      io->out_len = capacity;
      return 0;
    }
    fold ^= io->out[0];
  }
  guint64 elapsed = sm_now_ns() - start;
  output_sink ^= fold ^ (io->out_len ? io->out[io->out_len - 1] : 0);
  io->out_len = capacity;
  *result = SM_OK;
  return elapsed > 0 ? elapsed : 1;
}

bool sm_run_untimed(SmTimedOp *op, guint64 count)
{
  SmResult result = SM_OK;
  run_batch(op, count, &result);
  return result == SM_OK;
}

bool sm_calibrate(SmTimedOp *op, const SmMeasureConfig *config, char **error)
{
  SmResult result = SM_OK;
  const double sample_ns = config->time * 1e9 / config->samples;
  /* A 0.2 ms batch is 7000 clock reads long: enough to size a sample, and the doubling costs
   * about half a millisecond a pass instead of two (with ten passes, a pass is short). */
  const double calibrate_ns = MAX(2e5, sample_ns / 10);
  guint64 count = 1, elapsed = 0;
  for (;;) {
    elapsed = run_batch(op, count, &result);
    if (result != SM_OK) {
      *error = g_strdup("the operation failed during calibration");
      return false;
    }
    if ((double)elapsed >= calibrate_ns || count >= (G_GUINT64_CONSTANT(1) << 40))
      break;
    count *= 2;
  }
  double ns_per_op = (double)elapsed / (double)count;
  op->ops_per_sample = (guint64)MAX(1.0, sample_ns / ns_per_op);
  /* Warm-up: one full sample, discarded (caches, branch predictors, the CPU clock). */
  run_batch(op, op->ops_per_sample, &result);
  if (result != SM_OK) {
    *error = g_strdup("the operation failed during warm-up");
    return false;
  }
  return true;
}

static double relative_mad(GArray *rates)
{
  SmStats stats = sm_stats_compute((const double *)rates->data, rates->len);
  return stats.median > 0 ? stats.mad / stats.median : 0;
}

#ifdef SM_TEST_HOOKS
/* The slowdown of test builds: waits (busily, as work would) until the sample has taken
 * 1/(1 - slowdown) of its time, so that the figure reads `slowdown` lower. */
static guint64 stretch(guint64 elapsed, double slowdown)
{
  if (slowdown <= 0 || slowdown >= 1)
    return elapsed;
  guint64 target = (guint64)((double)elapsed / (1 - slowdown));
  guint64 start = sm_now_ns();
  while (sm_now_ns() - start < target - elapsed) {
  }
  return target;
}
#endif

bool sm_sampling_done(const SmMeasureConfig *config, GArray *rates, double elapsed,
                      bool *budget_hit)
{
  if (rates->len < config->min_samples)
    return false;
  double spread = relative_mad(rates);
  /* Early stop: converged. Planned stop: the planned samples are in and converged, or the
   * cap is reached without converging (said in the row). */
  if (config->target_spread > 0 && spread < config->target_spread)
    return true;
  if (rates->len >= config->samples && config->target_spread <= 0)
    return true;
  if (elapsed >= config->time_cap || rates->len >= 10000) {
    *budget_hit = config->target_spread > 0;
    return true;
  }
  return false;
}

bool sm_sample(SmTimedOp *op, const SmMeasureConfig *config, SmMeasurement *out, char **error)
{
  *out = (SmMeasurement){.ops_per_sec = g_array_new(FALSE, FALSE, sizeof(double))};
  SmResult result = SM_OK;
  for (;;) {
    guint64 elapsed = run_batch(op, op->ops_per_sample, &result);
    if (result != SM_OK) {
      *error = g_strdup("the operation failed while timed");
      return false;
    }
#ifdef SM_TEST_HOOKS
    elapsed = stretch(elapsed, config->slowdown);
#endif
    double rate = (double)op->ops_per_sample * 1e9 / (double)elapsed;
    g_array_append_val(out->ops_per_sec, rate);
    out->total_ops += op->ops_per_sample;
    out->elapsed += (double)elapsed / 1e9;
    if (sm_sampling_done(config, out->ops_per_sec, out->elapsed, &out->budget_hit))
      break;
  }
  out->ops_per_sample = op->ops_per_sample;
  out->stats = sm_stats_compute((const double *)out->ops_per_sec->data, out->ops_per_sec->len);
  return true;
}

/* 32 dependent additions per iteration: the loop's own instructions run alongside. */
#if defined(__x86_64__)
#define ADD4 "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
#elif defined(__aarch64__)
#define ADD4 "add %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\t"
#endif

#ifdef ADD4
/* Iterations that make one run last at least 200 us, found once per process by doubling (about
 * 0.6 ms); a worker finds them before it forks its cells, so that a cell's reading is its runs
 * alone. */
static guint64 clock_iterations = 1000;
#endif

double sm_measure_clock_hz(double seconds)
{
#ifdef ADD4
  double best = 0;
  guint64 deadline = sm_now_ns() + (guint64)(seconds * 1e9);
  /* The fastest of several short runs (at least one): the clock, not interruptions. */
  do {
    uint64_t x = 0;
    guint64 start = sm_now_ns();
    for (guint64 i = 0; i < clock_iterations; i++)
      __asm__ volatile(ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 : "+r"(x));
    guint64 elapsed = sm_now_ns() - start;
    output_sink ^= (uint8_t)x;
    if (elapsed < 200000) {
      clock_iterations *= 2;
      continue;
    }
    double hz = (double)clock_iterations * 32 * 1e9 / (double)elapsed;
    best = MAX(best, hz);
  } while (best == 0 || sm_now_ns() < deadline);
  return best;
#else
  (void)seconds;
  return 0;
#endif
}
