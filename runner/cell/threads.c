#include "cell/threads.h"

#include "cell/call.h"
#include "cell/measure.h"
#include "cell/prepared.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

/* A sample's interval is cut in this many batches per thread: a thread notices the end of the
 * interval within one batch, so the threads' intervals differ by at most 1/CHUNKS of a sample,
 * and each thread's rate is over its own measured time. */
#define CHUNKS 32u

typedef struct {
  const SmPrepared *p;
  const SmMeasureConfig *config;
  unsigned threads;
  guint64 sample_ns, chunk;
  pthread_barrier_t barrier;
  /* The gate every created thread waits at until all exist: the barrier counts them all, so
   * when one cannot be created the others must leave before it. */
  pthread_mutex_t gate_lock;
  pthread_cond_t gate;
  int gate_state;     /* 0: closed; 1: open; -1: leave */
  atomic_bool stop;   /* the current sample's interval is over */
  atomic_bool failed; /* a thread failed: every thread stops at the next barrier */
  bool done;          /* no more samples (written by thread 0 between barriers) */
  bool budget_hit;
  GArray *totals; /* double: per sample, the sum of the threads' rates */
  double elapsed; /* seconds of sampling */
} Shared;

typedef struct {
  Shared *shared;
  unsigned index;
  void *state;
  uint8_t *output;
  size_t capacity;
  SmIo io;
  SmSetupCycle cycle; /* setup and per-message cells: this thread's own */
  SmTimedOp op;
  GArray *rates; /* double: this thread's rate per sample */
  SmStatus status;
  char *failure;
  guint64 lock_waits;
} Runner;

static void fail(Runner *r, SmStatus status, char *detail)
{
  if (r->failure == NULL) {
    r->status = status;
    r->failure = detail;
  } else {
    g_free(detail);
  }
  atomic_store(&r->shared->failed, true);
  atomic_store(&r->shared->stop, true);
}

static void reset_io(Runner *r) { r->io.out_len = r->capacity; }

/* This thread's context, made while the others make theirs. */
static void set_up(Runner *r)
{
  const SmPrepared *p = r->shared->p;
  r->capacity = sm_output_capacity(p->input->len);
  r->output = g_malloc0(r->capacity);
  r->io = (SmIo){
      .in = p->io.in,
      .in_len = p->io.in_len,
      .aux = p->io.aux,
      .aux_len = p->io.aux_len,
      .out = r->output,
      .out_len = r->capacity,
  };
  SmParams params = p->params;
  char message[256] = "";
  if (sm_impl_setup(p->impl, &params, &r->state, message, sizeof message) != SM_OK) {
    r->state = NULL;
    fail(r, SM_STATUS_ERROR, g_strdup_printf("setup: %s", message));
  }
}

/* One call of the context's own operation (not the timed cycle), checked against the verified
 * output. */
static void check_output(Runner *r, SmOpFn fn, void *state, const char *when)
{
  const SmPrepared *p = r->shared->p;
  reset_io(r);
  if (fn(state, &r->io) != SM_OK) {
    fail(r, SM_STATUS_ERROR, g_strdup_printf("the %s call failed", when));
    return;
  }
  if (!sm_prepared_output_agrees(p, r->io.out, MIN(r->io.out_len, r->capacity)))
    fail(r, SM_STATUS_KAT_FAILED,
         g_strdup_printf("its output %s differs from a context used alone", when));
  reset_io(r);
}

/* Thread 0, between two barriers: the sample's total, and whether sampling stops. */
static void close_sample(Shared *s, Runner *runners, unsigned sample, double seconds)
{
  double total = 0;
  for (unsigned t = 0; t < s->threads; t++)
    total += g_array_index(runners[t].rates, double, sample);
  g_array_append_val(s->totals, total);
  s->elapsed += seconds;
  s->done =
      atomic_load(&s->failed) || sm_sampling_done(s->config, s->totals, s->elapsed, &s->budget_hit);
  atomic_store(&s->stop, false);
}

static void sample_loop(Runner *r, Runner *runners)
{
  Shared *s = r->shared;
  for (unsigned sample = 0;; sample++) {
    pthread_barrier_wait(&s->barrier); /* everyone ready: the interval starts now */
    guint64 start = sm_now_ns(), now = start, ops = 0;
    while (!atomic_load(&s->stop)) {
      if (!sm_run_untimed(&r->op, s->chunk)) {
        fail(r, SM_STATUS_ERROR, g_strdup("a call failed while timed"));
        break;
      }
      ops += s->chunk;
      now = sm_now_ns();
      if (r->index == 0 && now - start >= s->sample_ns)
        atomic_store(&s->stop, true);
    }
    double rate = now > start ? (double)ops * 1e9 / (double)(now - start) : 0;
    g_array_append_val(r->rates, rate);
    pthread_barrier_wait(&s->barrier); /* every rate of this sample is in */
    if (r->index == 0)
      close_sample(s, runners, sample, (double)(now - start) / 1e9);
    pthread_barrier_wait(&s->barrier); /* the decision is visible */
    if (s->done)
      return;
  }
}

typedef struct {
  Runner *self;
  Runner *all;
} ThreadArg;

static void *thread_main(void *data)
{
  ThreadArg *arg = data;
  Runner *r = arg->self;
  Shared *s = r->shared;
  const SmPrepared *p = s->p;
  pthread_mutex_lock(&s->gate_lock);
  while (s->gate_state == 0)
    pthread_cond_wait(&s->gate, &s->gate_lock);
  bool leave = s->gate_state < 0;
  pthread_mutex_unlock(&s->gate_lock);
  if (leave)
    return NULL;
  set_up(r);
  pthread_barrier_wait(&s->barrier); /* every context exists */
  SmOpFn fn = sm_impl_op(p->impl, p->slot);
  if (!atomic_load(&s->failed))
    check_output(r, fn, r->state, "first");
  pthread_barrier_wait(&s->barrier);
  if (!atomic_load(&s->failed)) {
    if (p->cycle != NULL) {
      r->cycle = *p->cycle;
      r->op = (SmTimedOp){.fn = sm_setup_cycle, .state = &r->cycle, .io = &r->io};
    } else {
      r->op = (SmTimedOp){.fn = fn, .state = r->state, .io = &r->io};
    }
    sample_loop(r, arg->all);
  }
  /* After the timed calls, work that repeats must still give the verified output: a context
   * made per message, or a reused one whose calls do not stream (ciphers continue). */
  bool repeats =
      p->cell->op != SM_OP_SETUP && (p->cell->per_message || p->cell->alg->kind != SM_KIND_CIPHER);
  if (!atomic_load(&s->failed) && repeats) {
    if (p->cycle != NULL)
      check_output(r, sm_setup_cycle, &r->cycle, "after the timed calls");
    else
      check_output(r, fn, r->state, "after the timed calls");
  }
  if (r->state != NULL) {
    if (p->impl->lock_waits != NULL)
      r->lock_waits = p->impl->lock_waits(r->state);
    p->impl->teardown(r->state);
    r->state = NULL;
  }
  return NULL;
}

static void set_result(SmCellResult *result, SmStatus status, char *detail)
{
  result->status = status;
  g_free(result->detail);
  result->detail = detail;
}

void sm_cell_sample_threads(SmPrepared *p, unsigned threads, const SmRunContext *context,
                            SmCellResult *result)
{
  Shared s = {
      .p = p,
      .config = &context->measure,
      .threads = threads,
      .sample_ns = (guint64)(context->measure.time * 1e9 / context->measure.samples),
      .chunk = MAX(p->op.ops_per_sample / CHUNKS, 1u),
      .totals = g_array_new(FALSE, FALSE, sizeof(double)),
  };
  pthread_barrier_init(&s.barrier, NULL, threads);
  pthread_mutex_init(&s.gate_lock, NULL);
  pthread_cond_init(&s.gate, NULL);
  g_autofree Runner *runners = g_new0(Runner, threads);
  g_autofree ThreadArg *args = g_new0(ThreadArg, threads);
  g_autofree pthread_t *ids = g_new0(pthread_t, threads);
  for (unsigned t = 0; t < threads; t++) {
    runners[t] = (Runner){.shared = &s,
                          .index = t,
                          .status = SM_STATUS_OK,
                          .rates = g_array_new(FALSE, FALSE, sizeof(double))};
    args[t] = (ThreadArg){.self = &runners[t], .all = runners};
  }
  SmProbe probe = {0};
  sm_probe_measure(&probe, 2);
  /* Thread 0 is this one: the others are created first, and all meet at the first barrier. */
  unsigned started = 1;
  for (; started < threads; started++)
    if (pthread_create(&ids[started], NULL, thread_main, &args[started]) != 0)
      break;
  pthread_mutex_lock(&s.gate_lock);
  s.gate_state = started < threads ? -1 : 1;
  pthread_cond_broadcast(&s.gate);
  pthread_mutex_unlock(&s.gate_lock);
  if (started < threads) {
    for (unsigned t = 1; t < started; t++)
      pthread_join(ids[t], NULL);
    set_result(result, SM_STATUS_ERROR,
               g_strdup_printf("could start only %u of %u threads", started, threads));
  } else {
    thread_main(&args[0]);
    for (unsigned t = 1; t < threads; t++)
      pthread_join(ids[t], NULL);
    set_result(result, SM_STATUS_OK, sm_prepared_ok_note(p));
    result->has_lock_waits = p->impl->lock_waits != NULL;
    for (unsigned t = 0; t < threads; t++) {
      result->lock_waits += runners[t].lock_waits;
      if (runners[t].failure != NULL && result->status == SM_STATUS_OK)
        set_result(result, runners[t].status,
                   g_strdup_printf("thread %u of %u: %s", t + 1, threads, runners[t].failure));
    }
    if (result->status == SM_STATUS_OK && s.totals->len > 0) {
      result->stats = sm_stats_compute((const double *)s.totals->data, s.totals->len);
      result->samples = g_array_ref(s.totals);
      result->budget_hit = s.budget_hit;
      result->ops_per_sample = p->op.ops_per_sample;
      result->clock_hz = sm_measure_clock_hz(0.0004);
      sm_probe_measure(&probe, 2);
      result->probe = probe;
    }
  }
  for (unsigned t = 0; t < threads; t++) {
    g_free(runners[t].output);
    g_free(runners[t].failure);
    g_array_unref(runners[t].rates);
  }
  g_array_unref(s.totals);
  pthread_barrier_destroy(&s.barrier);
  pthread_mutex_destroy(&s.gate_lock);
  pthread_cond_destroy(&s.gate);
}
