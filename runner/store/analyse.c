/* The change-point analysis of one machine's window (README "History store"): steps per series,
 * then whole-machine steps, then corroboration of the rest by siblings and events. */
#include "store/history.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Steps this many runs apart count as the same moment (a step's position is +-1 in noise). */
#define SAME_MOMENT 1
/* A machine step: at least this share of the machine's series, and of every engine's series
 * (engines with at least MACHINE_MIN_SERIES), moved the same way at the same moment. */
#define MACHINE_SHARE 0.5
#define MACHINE_MIN_SERIES 3

void sm_history_analyse(SmHistory *h);

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double sm_history_median(double *values, guint n)
{
  if (n == 0)
    return NAN;
  qsort(values, n, sizeof *values, by_value);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static void detect_series(SmHistory *h, SmHistorySeries *s)
{
  guint runs = h->runs->len, n = 0;
  g_autofree double *x = g_new(double, runs);
  g_autofree guint *index = g_new(guint, runs);
  for (guint i = 0; i < runs; i++)
    if (isfinite(s->values[i])) {
      x[n] = s->values[i];
      index[n++] = i;
    }
  s->sigma = sm_detect_noise(x, n, sm_detect_defaults.noise_floor);
  s->steps = sm_detect_steps(x, n, s->sigma, &sm_detect_defaults);
  for (guint i = 0; i < s->steps->len; i++) {
    SmStep *step = &g_array_index(s->steps, SmStep, i);
    step->at = index[step->at];
    SmChange *change = g_new0(SmChange, 1);
    change->series = s;
    change->step = *step;
    change->magnitude = exp(step->after - step->before) - 1;
    change->last = i + 1 == s->steps->len;
    g_ptr_array_add(h->changes, change);
  }
}

static bool near(guint a, guint b) { return (a > b ? a - b : b - a) <= SAME_MOMENT; }

static bool moves(const SmChange *c, guint at, int direction)
{
  return c->confidence != SM_CHANGE_MACHINE && near(c->step.at, at) &&
         (c->magnitude < 0 ? -1 : 1) == direction;
}

/* How many series moved at `at` in `direction`: 0 unless it is a machine step. */
static guint machine_moved(const SmHistory *h, guint at, int direction)
{
  g_autoptr(GHashTable) moved = g_hash_table_new(g_str_hash, g_str_equal);
  g_autoptr(GHashTable) total = g_hash_table_new(g_str_hash, g_str_equal);
  guint all_moved = 0, all_total = 0;
  for (guint i = 0; i < h->series->len; i++) {
    const SmHistorySeries *s = h->series->pdata[i];
    if (!isfinite(s->values[at]))
      continue;
    all_total++;
    g_hash_table_insert(
        total, s->engine,
        GUINT_TO_POINTER(GPOINTER_TO_UINT(g_hash_table_lookup(total, s->engine)) + 1));
  }
  for (guint i = 0; i < h->changes->len; i++) {
    const SmChange *c = h->changes->pdata[i];
    if (!moves(c, at, direction))
      continue;
    all_moved++;
    const char *engine = c->series->engine;
    g_hash_table_insert(moved, (gpointer)engine,
                        GUINT_TO_POINTER(GPOINTER_TO_UINT(g_hash_table_lookup(moved, engine)) + 1));
  }
  if (all_total == 0 || all_moved < MACHINE_SHARE * all_total)
    return 0;
  GHashTableIter iter;
  gpointer engine, count;
  g_hash_table_iter_init(&iter, total);
  while (g_hash_table_iter_next(&iter, &engine, &count)) {
    guint engine_total = GPOINTER_TO_UINT(count);
    guint engine_moved = GPOINTER_TO_UINT(g_hash_table_lookup(moved, engine));
    if (engine_total >= MACHINE_MIN_SERIES && engine_moved < MACHINE_SHARE * engine_total)
      return 0;
  }
  return all_moved;
}

static const char *coinciding_event(const SmHistory *h, guint at, const char *engine)
{
  for (guint i = 0; i < h->events->len; i++) {
    const SmHistoryEvent *e = h->events->pdata[i];
    bool relevant = e->engine == NULL || (engine != NULL && strcmp(e->engine, engine) == 0);
    if (relevant && e->at < h->runs->len && near(e->at, at))
      return e->what;
  }
  return NULL;
}

static void claim_machine_change(SmHistory *h, guint at, int direction, guint moved)
{
  g_autofree double *magnitudes = g_new(double, moved);
  g_autofree double *positions = g_new(double, moved);
  guint n = 0;
  for (guint i = 0; i < h->changes->len; i++) {
    SmChange *c = h->changes->pdata[i];
    if (!moves(c, at, direction))
      continue;
    c->confidence = SM_CHANGE_MACHINE;
    positions[n] = c->step.at;
    magnitudes[n++] = c->magnitude;
  }
  /* The moment is where the moved series' steps are (the search counts +-1 around it). */
  at = (guint)sm_history_median(positions, n);
  guint total = 0;
  for (guint i = 0; i < h->series->len; i++)
    total += isfinite(((SmHistorySeries *)h->series->pdata[i])->values[at]);
  SmMachineChange change = {.at = at,
                            .moved = n,
                            .total = total,
                            .magnitude = sm_history_median(magnitudes, n),
                            .event = coinciding_event(h, at, NULL)};
  g_array_append_val(h->machine_changes, change);
}

/* Repeatedly the moment at which most series moved together, while it is a machine step. */
static void find_machine_changes(SmHistory *h)
{
  for (;;) {
    guint best_moved = 0, best_at = 0;
    int best_direction = 0;
    for (guint at = 0; at < h->runs->len; at++)
      for (int direction = -1; direction <= 1; direction += 2) {
        guint moved = machine_moved(h, at, direction);
        if (moved > best_moved) {
          best_moved = moved;
          best_at = at;
          best_direction = direction;
        }
      }
    if (best_moved == 0)
      return;
    claim_machine_change(h, best_at, best_direction, best_moved);
  }
}

static bool has_sibling(const SmHistory *h, const SmChange *c)
{
  int direction = c->magnitude < 0 ? -1 : 1;
  for (guint i = 0; i < h->changes->len; i++) {
    const SmChange *other = h->changes->pdata[i];
    if (other != c && other->series != c->series &&
        strcmp(other->series->engine, c->series->engine) == 0 &&
        strcmp(other->series->algorithm, c->series->algorithm) == 0 &&
        moves(other, c->step.at, direction))
      return true;
  }
  return false;
}

void sm_history_analyse(SmHistory *h)
{
  g_autofree double *sigmas = g_new(double, h->series->len + 1);
  for (guint i = 0; i < h->series->len; i++) {
    detect_series(h, h->series->pdata[i]);
    sigmas[i] = ((SmHistorySeries *)h->series->pdata[i])->sigma;
  }
  h->noise_index = sm_history_median(sigmas, h->series->len);
  find_machine_changes(h);
  for (guint i = 0; i < h->changes->len; i++) {
    SmChange *c = h->changes->pdata[i];
    if (c->confidence == SM_CHANGE_MACHINE)
      continue;
    c->event = coinciding_event(h, c->step.at, c->series->engine);
    c->confidence = c->event != NULL || has_sibling(h, c) ? SM_CHANGE_CONFIRMED : SM_CHANGE_SUSPECT;
  }
}
