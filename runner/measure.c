#include "measure.h"

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

/* The timed loop: nothing here allocates or prints. Returns elapsed ns, 0 on a failed call. */
static guint64 run_batch(SmOpFn fn, void *state, SmIo *io, guint64 count, SmResult *result)
{
  const size_t capacity = io->out_len;
  uint8_t fold = 0;
  guint64 start = sm_now_ns();
  for (guint64 i = 0; i < count; i++) {
    io->out_len = capacity;
    SmResult r = fn(state, io);
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

bool sm_measure(SmOpFn fn, void *state, SmIo *io, const SmMeasureConfig *config,
                SmMeasurement *out, char **error)
{
  *out = (SmMeasurement){.ops_per_sec = g_array_new(FALSE, FALSE, sizeof(double))};
  SmResult result = SM_OK;
  const double sample_ns = config->time * 1e9 / config->samples;

  /* Calibrate: double the count until a batch lasts a tenth of a sample (at least 1 ms); this
   * doubles as warm-up of caches, branch predictors and the CPU clock. */
  const double calibrate_ns = MAX(1e6, sample_ns / 10);
  guint64 count = 1, elapsed = 0;
  for (;;) {
    elapsed = run_batch(fn, state, io, count, &result);
    if (result != SM_OK) {
      *error = g_strdup("the operation failed during calibration");
      return false;
    }
    if ((double)elapsed >= calibrate_ns || count >= (G_GUINT64_CONSTANT(1) << 40))
      break;
    count *= 2;
  }
  double ns_per_op = (double)elapsed / (double)count;
  guint64 per_sample = (guint64)MAX(1.0, sample_ns / ns_per_op);

  /* Warm-up: one full sample, discarded. */
  run_batch(fn, state, io, per_sample, &result);
  if (result != SM_OK) {
    *error = g_strdup("the operation failed during warm-up");
    return false;
  }
  for (unsigned s = 0; s < config->samples; s++) {
    elapsed = run_batch(fn, state, io, per_sample, &result);
    if (result != SM_OK) {
      *error = g_strdup("the operation failed while timed");
      return false;
    }
    double rate = (double)per_sample * 1e9 / (double)elapsed;
    g_array_append_val(out->ops_per_sec, rate);
    out->total_ops += per_sample;
    out->elapsed += (double)elapsed / 1e9;
  }
  out->ops_per_sample = per_sample;
  out->stats = sm_stats_compute((const double *)out->ops_per_sec->data, out->ops_per_sec->len);
  return true;
}
