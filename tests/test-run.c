/* The stages of a run that need no engine: the schedule of passes, the journal, the row of a cell
 * from its passes and the ratios between the cells of a unit. */
#include "core/catalog.h"
#include "core/cell_id.h"
#include "core/util.h"
#include "io/output.h"
#include "run/combine.h"
#include "run/journal.h"
#include "run/run.h"
#include "run/schedule.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static SmCell *cell_new(const char *engine, const char *alg, SmApi api, guint size,
                        unsigned parallel, SmStatus status)
{
  SmCell *cell = g_new0(SmCell, 1);
  cell->engine_name = engine;
  cell->alg = sm_catalog_find(alg);
  g_assert_nonnull(cell->alg);
  cell->op = sm_kind_is_bulk(cell->alg->kind) ? SM_OP_HASH : SM_OP_SIGN;
  if (cell->alg->kind == SM_KIND_AEAD || cell->alg->kind == SM_KIND_CIPHER)
    cell->op = SM_OP_ENCRYPT;
  cell->api = api;
  cell->block_size = size;
  cell->parallel = parallel;
  cell->status = status;
  return cell;
}

/* 2 engines x 2 levels x 2 algorithms x 2 sizes pending, one unsupported, one parallel. */
static GPtrArray *plan_cells(void)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func((GDestroyNotify)sm_cell_free);
  const char *engines[] = {"openssl", "nettle"};
  const char *algs[] = {"sha256", "aes-128-gcm"};
  guint sizes[] = {16, 8192};
  for (int e = 0; e < 2; e++)
    for (int a = 0; a < 2; a++)
      for (int s = 0; s < 2; s++)
        for (int api = 0; api < 2; api++)
          g_ptr_array_add(
              cells, cell_new(engines[e], algs[a], (SmApi)api, sizes[s], 1, SM_STATUS_PENDING));
  g_ptr_array_add(cells, cell_new("glib", "sha256", SM_API_EVP, 16, 1, SM_STATUS_UNSUPPORTED));
  g_ptr_array_add(cells, cell_new("openssl", "sha256", SM_API_EVP, 16, 2, SM_STATUS_PENDING));
  return cells;
}

static void test_schedule(void)
{
  g_autoptr(GPtrArray) cells = plan_cells();
  const unsigned passes = 3;
  g_autoptr(GPtrArray) units = sm_schedule_build(cells, passes, 7, true, 2);
  /* 4 groups (2 algorithms x 2 sizes) per pass, and the parallel cell once. */
  g_assert_cmpuint(units->len, ==, 4 * passes + 1);
  g_autoptr(GHashTable) seen = g_hash_table_new(g_direct_hash, g_direct_equal);
  unsigned last_pass = 0;
  for (guint u = 0; u < units->len; u++) {
    const SmUnit *unit = units->pdata[u];
    g_assert_cmpuint(unit->pass, >=, last_pass); /* pass p of every group before p + 1 */
    last_pass = unit->pass;
    const SmCell *first = unit->cells->pdata[0];
    SmCellId a = sm_cell_id(first);
    for (guint c = 0; c < unit->cells->len; c++) {
      const SmCell *cell = unit->cells->pdata[c];
      SmCellId b = sm_cell_id(cell);
      /* one unit: the same work, every engine and level */
      g_assert_true(sm_cell_id_equal(&a, &b, SM_AXES_SLOT & ~SM_AXIS_API));
      g_assert_cmpint(cell->status, ==, SM_STATUS_PENDING);
      guint count = GPOINTER_TO_UINT(g_hash_table_lookup(seen, cell));
      g_hash_table_insert(seen, (gpointer)cell, GUINT_TO_POINTER(count + 1));
    }
    if (first->parallel > 1) {
      g_assert_cmpuint(unit->pass, ==, passes - 1); /* measured once, in the last pass */
      g_assert_cmpint(unit->cpu, ==, -1);
    } else {
      g_assert_cmpuint(unit->cells->len, ==, 4); /* 2 engines x 2 levels */
      g_assert_cmpint(unit->cpu, ==, (int)((unit->pass + unit->group) % 2));
    }
  }
  for (guint i = 0; i < cells->len; i++) {
    const SmCell *cell = cells->pdata[i];
    guint count = GPOINTER_TO_UINT(g_hash_table_lookup(seen, cell));
    guint expected = cell->status != SM_STATUS_PENDING ? 0 : cell->parallel > 1 ? 1 : passes;
    g_assert_cmpuint(count, ==, expected);
  }
}

/* The same seed gives the same order; the engines of a unit take turns going first. */
static void test_schedule_order(void)
{
  g_autoptr(GPtrArray) cells = plan_cells();
  g_autoptr(GPtrArray) a = sm_schedule_build(cells, 4, 7, true, 2);
  g_autoptr(GPtrArray) b = sm_schedule_build(cells, 4, 7, true, 2);
  g_autoptr(GPtrArray) c = sm_schedule_build(cells, 4, 8, true, 2);
  g_autoptr(GPtrArray) plain = sm_schedule_build(cells, 4, 7, false, 2);
  bool differs = false;
  for (guint u = 0; u < a->len; u++) {
    const SmUnit *x = a->pdata[u], *y = b->pdata[u], *z = c->pdata[u];
    g_assert_cmpuint(x->group, ==, y->group);
    g_assert_true(x->cells->pdata[0] == y->cells->pdata[0]);
    differs |= x->group != z->group;
  }
  g_assert_true(differs);
  for (guint u = 0; u + 1 < 4; u++) /* sequential: groups in plan order in every pass */
    g_assert_cmpuint(((SmUnit *)plain->pdata[u])->group, ==, u);
  const SmUnit *p0 = a->pdata[0], *p1 = NULL;
  for (guint u = 0; u < a->len && p1 == NULL; u++)
    if (((SmUnit *)a->pdata[u])->pass == 1 && ((SmUnit *)a->pdata[u])->group == p0->group)
      p1 = a->pdata[u];
  g_assert_nonnull(p1);
  g_assert_true(p0->cells->pdata[0] != p1->cells->pdata[0]);
}

static SmCellResult ok_pass(const double *samples, guint n)
{
  SmCellResult r = {.status = SM_STATUS_OK, .samples = g_array_new(FALSE, FALSE, sizeof(double))};
  g_array_append_vals(r.samples, samples, n);
  r.stats = sm_stats_compute(samples, n);
  r.clock_hz = 3e9;
  return r;
}

static void test_journal_round_trip(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-run-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "run.csv.journal", NULL);
  g_autoptr(GPtrArray) cells = plan_cells();
  const SmCell *cell = cells->pdata[0];
  g_autoptr(GError) error = NULL;
  SmJournal *j = sm_journal_open(path, "seed=1;time=0.1", false, &error);
  g_assert_no_error(error);
  const double samples[] = {100, 110, 105};
  for (unsigned pass = 0; pass < 2; pass++) {
    SmCellResult r = ok_pass(samples, 3);
    g_assert_true(sm_journal_add(j, cell, pass, (int)pass, &r, &error));
    sm_cell_result_clear(&r);
  }
  sm_journal_close(j);
  /* A journal is never overwritten by a new run. */
  g_assert_null(sm_journal_open(path, "seed=1;time=0.1", false, &error));
  g_clear_error(&error);
  /* A pass cut short by a kill: the last line without its end is dropped. */
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_autofree char *cut = g_strconcat(text, "pass\topenssl\tsha256", NULL);
  g_assert_true(g_file_set_contents(path, cut, -1, NULL));
  g_autoptr(GHashTable) read = sm_journal_read(path, "seed=1;time=0.1", &error);
  g_assert_no_error(error);
  SmCellId id = sm_cell_id(cell);
  g_autofree char *key = sm_cell_id_key(&id, SM_AXES_CELL);
  GPtrArray *passes = g_hash_table_lookup(read, key);
  g_assert_nonnull(passes);
  g_assert_cmpuint(passes->len, ==, 2);
  const SmJournalPass *second = passes->pdata[1];
  g_assert_cmpuint(second->pass, ==, 1);
  g_assert_cmpint(second->cpu, ==, 1);
  g_assert_cmpuint(second->result.samples->len, ==, 3);
  g_assert_cmpfloat(g_array_index(second->result.samples, double, 1), ==, 110);
  /* Other settings, or a line that is not a pass: refused with the line. */
  g_assert_null(sm_journal_read(path, "seed=2;time=0.1", &error));
  g_assert_true(g_str_has_suffix(error->message, "resume with the flags of the first run"));
  g_clear_error(&error);
  g_autofree char *bad = g_strconcat(text, "garbage\n", NULL);
  g_assert_true(g_file_set_contents(path, bad, -1, NULL));
  g_assert_null(sm_journal_read(path, "seed=1;time=0.1", &error));
  g_autofree char *where = g_strdup_printf("%s:4: not a journal line", path);
  g_assert_cmpstr(error->message, ==, where);
  g_unlink(path);
  g_rmdir(dir);
}

/* A threaded cell's passes and its one-thread reference's come back apart, each with its own
 * samples, per-message or reused; a tag of another form is not a journal line. */
static void test_journal_threads(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-run-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "run.csv.journal", NULL);
  g_autoptr(GPtrArray) cells = plan_cells();
  SmCell one = *(const SmCell *)cells->pdata[0], two = one, many = one;
  two.threads = 2;
  many.threads = 64;
  many.per_message = true;
  const SmCell *written[] = {&one, &two, &many};
  g_autoptr(GError) error = NULL;
  SmJournal *j = sm_journal_open(path, "seed=1", false, &error);
  g_assert_no_error(error);
  for (size_t c = 0; c < G_N_ELEMENTS(written); c++) {
    const double samples[] = {100.0 * (c + 1), 101.0 * (c + 1)};
    SmCellResult r = ok_pass(samples, 2);
    g_assert_true(sm_journal_add(j, written[c], 0, -1, &r, &error));
    sm_cell_result_clear(&r);
  }
  sm_journal_close(j);
  g_autoptr(GHashTable) read = sm_journal_read(path, "seed=1", &error);
  g_assert_no_error(error);
  g_assert_cmpuint(g_hash_table_size(read), ==, 3);
  for (size_t c = 0; c < G_N_ELEMENTS(written); c++) {
    SmCellId id = sm_cell_id(written[c]);
    g_autofree char *key = sm_cell_id_key(&id, SM_AXES_CELL);
    GPtrArray *passes = g_hash_table_lookup(read, key);
    g_assert_nonnull(passes);
    g_assert_cmpuint(passes->len, ==, 1);
    const SmJournalPass *pass = passes->pdata[0];
    g_assert_cmpfloat(g_array_index(pass->result.samples, double, 0), ==, 100.0 * (c + 1));
  }
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_assert_nonnull(strstr(text, "\npass-threads-2\t"));
  g_assert_nonnull(strstr(text, "\npass-per-message-threads-64\t"));
  const char *bad_tags[] = {"pass-threads-1", "pass-threads-", "pass-threads-x", "passes",
                            "pass-threads-2-per-message"};
  for (size_t b = 0; b < G_N_ELEMENTS(bad_tags); b++) {
    g_autofree char *line = g_strdup(strstr(text, "\npass-threads-2\t") + 1);
    *strchr(line, '\n') = '\0';
    g_autofree char *changed =
        g_strconcat(text, bad_tags[b], line + strlen("pass-threads-2"), "\n", NULL);
    g_assert_true(g_file_set_contents(path, changed, -1, NULL));
    g_assert_null(sm_journal_read(path, "seed=1", &error));
    g_autofree char *where = g_strdup_printf("%s:5: not a journal line", path);
    g_assert_cmpstr(error->message, ==, where);
    g_clear_error(&error);
  }
  g_unlink(path);
  g_rmdir(dir);
}

static void test_row_from_passes(void)
{
  g_autoptr(GPtrArray) cells = plan_cells();
  const SmCell *cell = cells->pdata[2]; /* openssl sha256 8192 */
  SmRunContext context = {.seed = 1, .host = (char *)"h", .cpu_model = (char *)"c"};
  g_autoptr(SmPasses) passes = sm_passes_new();
  const double slow[] = {60, 62, 61, 63, 60}, fast[] = {99, 100, 98, 101, 97},
               fast2[] = {98, 100, 99, 99, 97};
  SmCellResult r0 = ok_pass(slow, 5), r1 = ok_pass(fast, 5), r2 = ok_pass(fast2, 5);
  sm_passes_add(passes, 0, &r0);
  sm_passes_add(passes, 2, &r2); /* passes may come back in any order (a resume) */
  sm_passes_add(passes, 1, &r1);
  g_autoptr(SmRow) row = sm_row_from_passes(cell, &context, passes);
  g_assert_cmpint(row->status, ==, SM_STATUS_OK);
  g_assert_cmpfloat(row->ops_per_sec, ==, 101); /* the fastest sample */
  g_assert_cmpfloat(row->bytes_per_sec, ==, 101 * 8192.0);
  g_assert_cmpfloat(row->median_ops_per_sec, ==, 98); /* the eighth of all fifteen */
  g_assert_cmpuint(row->passes, ==, 3);
  g_assert_cmpuint(row->passes_kept, ==, 2); /* the slow pass is not near */
  g_assert_cmpstr(row->estimator, ==, SM_ESTIMATOR);
  g_assert_cmpuint(row->stats.count, ==, 15);
  g_assert_cmpfloat(row->ops_high, ==, 101);
  g_assert_cmpfloat(row->ops_low, <, 101);
  g_assert_cmpfloat(row->ops_low, >=, 97);
  /* A pass counts as fast by its two fastest samples: one sample near the headline in each of
   * three passes (the rest 10% below) is not a level. */
  g_autoptr(SmPasses) lone = sm_passes_new();
  const double a[] = {100, 90, 89, 91, 90}, b[] = {101, 91, 90, 89, 90}, c[] = {99, 90, 91, 90};
  SmCellResult l0 = ok_pass(a, 5), l1 = ok_pass(b, 5), l2 = ok_pass(c, 4);
  sm_passes_add(lone, 0, &l0);
  sm_passes_add(lone, 1, &l1);
  sm_passes_add(lone, 2, &l2);
  g_autoptr(SmRow) single = sm_row_from_passes(cell, &context, lone);
  g_assert_cmpfloat(single->ops_per_sec, ==, 101);
  g_assert_cmpuint(single->passes_kept, ==, 1); /* none by two samples: the headline's own */
  g_assert_true(sm_row_wants_confirmation(single));
  /* Passes with a second sample near it count: three of them make a level. */
  const double d[] = {100, 99, 90, 89}, e2[] = {98, 97, 99, 90}, f[] = {97, 100, 90, 91};
  SmCellResult l3 = ok_pass(d, 4), l4 = ok_pass(e2, 4), l5 = ok_pass(f, 4);
  sm_passes_add(lone, 3, &l3);
  sm_passes_add(lone, 4, &l4);
  sm_passes_add(lone, 5, &l5);
  g_autoptr(SmRow) level = sm_row_from_passes(cell, &context, lone);
  g_assert_cmpuint(level->passes, ==, 6);
  g_assert_cmpuint(level->passes_kept, ==, 3);
  g_assert_false(sm_row_wants_confirmation(level));
  /* A pass that failed decides the row. */
  SmCellResult bad = {.status = SM_STATUS_CRASHED, .detail = g_strdup("signal 11")};
  sm_passes_add(passes, 3, &bad);
  g_autoptr(SmRow) failed = sm_row_from_passes(cell, &context, passes);
  g_assert_cmpint(failed->status, ==, SM_STATUS_CRASHED);
  g_assert_cmpstr(failed->detail, ==, "signal 11");
}

/* A two-thread efficiency's interval holds what another set of passes would read: when every
 * pass reaches the same figure it is tight; when only two passes of ten reached the fastest mode
 * (a lock-bound cell), it is wide although the fastest samples alone agree. The headline is the
 * fastest over the fastest either way. */
static void test_efficiency_interval(void)
{
  g_autoptr(GPtrArray) cells = plan_cells();
  SmCell cell = *(const SmCell *)cells->pdata[2];
  cell.threads = 2;
  SmRunContext context = {.seed = 1, .host = (char *)"h", .cpu_model = (char *)"c"};
  g_autoptr(SmPasses) one = sm_passes_new(), level = sm_passes_new(), modes = sm_passes_new();
  const double single[] = {990, 995, 1000}, steady[] = {1900, 1950, 1980},
               top[] = {2000, 2010, 2020}, low[] = {1500, 1510, 1520};
  for (unsigned p = 0; p < 10; p++) {
    SmCellResult a = ok_pass(single, 3), b = ok_pass(steady, 3);
    SmCellResult c = p == 0 || p == 9 ? ok_pass(top, 3) : ok_pass(low, 3);
    sm_passes_add(one, p, &a);
    sm_passes_add(level, p, &b);
    sm_passes_add(modes, p, &c);
  }
  g_autoptr(SmRow) steady_row = sm_row_from_passes(&cell, &context, level);
  sm_row_set_scaling(steady_row, level, one);
  g_assert_cmpfloat(steady_row->scaling_efficiency, ==, 1980 / 2000.0);
  g_assert_cmpfloat(steady_row->efficiency_low, <=, steady_row->scaling_efficiency);
  g_assert_cmpfloat(steady_row->efficiency_high, >=, steady_row->scaling_efficiency);
  g_assert_cmpfloat(steady_row->efficiency_high - steady_row->efficiency_low, <, 0.05);

  g_autoptr(SmRow) modes_row = sm_row_from_passes(&cell, &context, modes);
  /* the fastest samples alone: 2010 and 2020 over 1000, a tight interval */
  g_assert_cmpfloat(modes_row->ops_low, >=, 2000);
  sm_row_set_scaling(modes_row, modes, one);
  g_assert_cmpfloat(modes_row->scaling_efficiency, ==, 2020 / 2000.0);
  /* a tenth of the resamplings miss both fast passes: the low mode is inside */
  g_assert_cmpfloat(modes_row->efficiency_low, <=, 1520 / 2000.0);
  g_assert_cmpfloat(modes_row->efficiency_high, >=, modes_row->scaling_efficiency);
  /* the same passes give the same interval */
  g_autoptr(SmRow) again = sm_row_from_passes(&cell, &context, modes);
  sm_row_set_scaling(again, modes, one);
  g_assert_cmpfloat(again->efficiency_low, ==, modes_row->efficiency_low);
  g_assert_cmpfloat(again->efficiency_high, ==, modes_row->efficiency_high);
}

/* Which figures want a confirmation pass: the tests compare makes before it judges one. */
static void test_wants_confirmation(void)
{
  SmRow confirmed = {.status = SM_STATUS_OK,
                     .passes = 5,
                     .passes_kept = 3,
                     .has_contention = true,
                     .contention = 0.01,
                     .has_passes_slow_quiet = true,
                     .passes_slow_quiet = 1};
  g_assert_false(sm_row_wants_confirmation(&confirmed));
  SmRow one = confirmed;
  one.passes_kept = 1; /* one pass alone reached it */
  g_assert_true(sm_row_wants_confirmation(&one));
  SmRow two = confirmed;
  two.passes_kept = 2; /* two passes agreeing: not yet a level (SM_LEVEL_PASSES) */
  two.passes_slow_quiet = 0;
  g_assert_true(sm_row_wants_confirmation(&two));
  SmRow contended = confirmed;
  contended.contention = 0.05; /* the headline's pass had a neighbour */
  g_assert_true(sm_row_wants_confirmation(&contended));
  SmRow unknown = contended;
  unknown.has_contention = false; /* not probed: nothing says contended */
  g_assert_false(sm_row_wants_confirmation(&unknown));
  SmRow minority = confirmed;
  minority.passes_kept = 2;
  minority.passes_slow_quiet = 3; /* more quiet passes read clearly below it than reached it */
  g_assert_true(sm_row_wants_confirmation(&minority));
  SmRow failed = one;
  failed.status = SM_STATUS_CRASHED; /* a failure is final */
  g_assert_false(sm_row_wants_confirmation(&failed));
}

/* Per pass, A is twice B: the machine's speed changes between passes, the ratios do not. */
static void test_ratios(void)
{
  g_autoptr(GPtrArray) all = plan_cells();
  g_autoptr(GPtrArray) cells = g_ptr_array_new();
  g_ptr_array_add(cells, all->pdata[2]);  /* openssl sha256 8192 evp */
  g_ptr_array_add(cells, all->pdata[3]);  /* openssl sha256 8192 low */
  g_ptr_array_add(cells, all->pdata[10]); /* nettle sha256 8192 evp */
  g_autoptr(GPtrArray) passes = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func((GDestroyNotify)sm_row_free);
  const double machine[] = {1.0, 0.6, 0.9}; /* a slow phase in pass 1 */
  const double speed[] = {200, 100, 50};
  SmRunContext context = {.seed = 1, .host = (char *)"h", .cpu_model = (char *)"c"};
  for (guint i = 0; i < cells->len; i++) {
    SmPasses *p = sm_passes_new();
    for (unsigned pass = 0; pass < 3; pass++) {
      double v[] = {speed[i] * machine[pass], speed[i] * machine[pass] * 0.99};
      SmCellResult r = ok_pass(v, 2);
      sm_passes_add(p, pass, &r);
    }
    g_ptr_array_add(passes, p);
    g_ptr_array_add(rows, sm_row_from_passes(cells->pdata[i], &context, p));
  }
  sm_rows_set_ratios(cells, rows, passes, 3);
  const SmRow *evp = rows->pdata[0], *low = rows->pdata[1], *nettle = rows->pdata[2];
  g_assert_cmpfloat_with_epsilon(evp->ratio_to_best.value, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon(low->ratio_to_best.value, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon(nettle->ratio_to_best.low, 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon(nettle->ratio_to_best.high, 0.25, 1e-12);
  /* Against the other engines only: openssl's levels against nettle, nettle against the
   * geometric mean of openssl's two (sqrt(200 x 100)). */
  g_assert_cmpfloat_with_epsilon(evp->ratio_to_slot.value, 4.0, 1e-12);
  g_assert_cmpfloat_with_epsilon(low->ratio_to_slot.value, 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon(nettle->ratio_to_slot.value, 50 / sqrt(200.0 * 100), 1e-12);
}

static void test_estimators(void)
{
  /* A maximum of n draws: its 2.5% bootstrap quantile is the order statistic k with
   * (k/n)^n >= 0.025: the third-fastest of five, the fourth-fastest of thirty. */
  const double five[] = {5, 1, 4, 2, 3};
  SmEstimate e = sm_estimate_fastest(five, 5);
  g_assert_cmpfloat(e.value, ==, 5);
  g_assert_cmpfloat(e.high, ==, 5);
  g_assert_cmpfloat(e.low, ==, 3);
  double thirty[30];
  for (int i = 0; i < 30; i++)
    thirty[i] = i + 1;
  e = sm_estimate_fastest(thirty, 30);
  g_assert_cmpfloat(e.value, ==, 30);
  g_assert_cmpfloat(e.low, ==, 27);
  const double one[] = {7};
  e = sm_estimate_fastest(one, 1);
  g_assert_cmpfloat(e.low, ==, 7);
  const double ratios[] = {1.1, 0, 0.9, 1.0, -1};
  e = sm_estimate_ratio(ratios, 5); /* the non-positive are not measured */
  g_assert_cmpfloat(e.value, ==, 1.0);
  g_assert_cmpfloat(e.low, ==, 0.9);
  g_assert_cmpfloat(e.high, ==, 1.1);
}

/* A host name goes into the default file name (run's, ct's) as [A-Za-z0-9._-] only: no
 * directory from "/". */
static void test_default_output_host(void)
{
  g_autofree char *path = sm_run_default_output("evil/../x y");
  g_autofree char *dir = g_path_get_dirname(path);
  g_assert_cmpstr(dir, ==, "results");
  g_assert_nonnull(strstr(path, "-evil_.._x_y-"));
  g_autofree char *hidden = sm_run_default_output(".profile");
  g_assert_nonnull(strstr(hidden, "-_profile-"));
  /* ct's by the same rule (io/output.h). */
  g_autofree char *ct = sm_output_default_name("evil/../x y", ".ct.csv");
  g_autofree char *ct_dir = g_path_get_dirname(ct);
  g_assert_cmpstr(ct_dir, ==, "results");
  g_assert_nonnull(strstr(ct, "-evil_.._x_y-"));
  g_assert_true(g_str_has_suffix(ct, ".ct.csv"));
}

/* The one number syntax of every flag, and numbers in messages as short as they read back. */
static void test_numbers(void)
{
  double value = 0;
  g_assert_true(sm_parse_decimal("0.3", &value));
  g_assert_cmpfloat(value, ==, 0.3);
  g_assert_true(sm_parse_decimal(" 0.02 ", &value)); /* blanks around it count for nothing */
  g_assert_cmpfloat(value, ==, 0.02);
  const char *refused[] = {"0x10", "0x1p-5", "inf", "nan", "1e-3", "1e3",
                           "",     " ",      ".",   "1e",  "1,5",  "1 2"};
  for (size_t i = 0; i < G_N_ELEMENTS(refused); i++)
    g_assert_false(sm_parse_decimal(refused[i], &value));
  guint64 count = 0;
  g_assert_true(sm_parse_count(" 64 ", 1, 100, &count));
  g_assert_cmpuint(count, ==, 64);
  const char *not_counts[] = {"1e3", "64.0", "+64", "-1", "0x40", "", "101", "0"};
  for (size_t i = 0; i < G_N_ELEMENTS(not_counts); i++)
    g_assert_false(sm_parse_count(not_counts[i], 1, 100, &count));
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  g_assert_cmpstr(sm_format_number(buffer, 0.1 * 3), ==, "0.30000000000000004");
  g_assert_cmpstr(sm_format_number(buffer, 0.3), ==, "0.3");
  g_assert_cmpstr(sm_format_number(buffer, 1e-3), ==, "0.001");
  g_assert_cmpstr(sm_format_number(buffer, 30), ==, "30");
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/run/schedule", test_schedule);
  g_test_add_func("/run/default-output-host", test_default_output_host);
  g_test_add_func("/run/numbers", test_numbers);
  g_test_add_func("/run/schedule-order", test_schedule_order);
  g_test_add_func("/run/journal", test_journal_round_trip);
  g_test_add_func("/run/journal-threads", test_journal_threads);
  g_test_add_func("/run/row-from-passes", test_row_from_passes);
  g_test_add_func("/run/efficiency-interval", test_efficiency_interval);
  g_test_add_func("/run/ratios", test_ratios);
  g_test_add_func("/run/wants-confirmation", test_wants_confirmation);
  g_test_add_func("/run/estimators", test_estimators);
  return g_test_run();
}
