/* The contention probe (cell/probe.c), its wire and CSV forms, and the row's contention taken at
 * the pass the headline came from (run/combine.c). Never a timing assertion: only that each
 * kernel ran and how readings combine. */
#include "cell/probe.h"
#include "io/csv.h"
#include "io/results.h"
#include "isolate/wire.h"
#include "run/combine.h"

#include <math.h>
#include <string.h>

static void test_measure(void)
{
  SmProbe probe = {0};
  sm_probe_measure(&probe, 1);
  for (int k = 0; k < SM_PROBE_KINDS; k++)
    g_assert_cmpfloat(probe.rate[k], >, 0);
  /* More rounds only ever raise a rate. */
  SmProbe high = {.rate = {1e15, 1e15, 1e15, 1e15}};
  sm_probe_measure(&high, 1);
  g_assert_cmpfloat(high.rate[SM_PROBE_VEC], ==, 1e15);
  g_assert_cmpfloat(high.rate[SM_PROBE_MEM], ==, 1e15);
  /* Against itself a reading lost nothing. */
  g_assert_cmpfloat(sm_probe_contention(&probe, &probe), ==, 0);
}

static void test_contention(void)
{
  SmProbe best = {.rate = {100, 200, 400, 800}};
  SmProbe half_int = {.rate = {50, 200, 400, 800}};
  SmProbe vec_slow = {.rate = {99, 190, 300, 800}};
  SmProbe mem_slow = {.rate = {100, 200, 400, 640}};
  g_assert_cmpfloat_with_epsilon(sm_probe_contention(&half_int, &best), 0.5, 1e-12);
  /* The most affected kernel counts: the memory kernel alone, as when a neighbour's working set
   * evicts the core's cache lines and leaves its execution units alone. */
  g_assert_cmpfloat_with_epsilon(sm_probe_contention(&vec_slow, &best), 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon(sm_probe_contention(&mem_slow, &best), 0.20, 1e-12);
  /* A reading of an older journal has no memory rate: the other three judge it. */
  SmProbe three = {.rate = {100, 150, 400}};
  g_assert_cmpfloat_with_epsilon(sm_probe_contention(&three, &best), 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon(sm_probe_contention(&mem_slow, &three), 0, 1e-12);
  SmProbe none = {0};
  g_assert_true(isnan(sm_probe_contention(&none, &best)));
  g_assert_true(isnan(sm_probe_contention(&best, &none)));
  /* Which kernel lost it (compare names it for a run contended throughout). */
  int kernel;
  g_assert_cmpfloat_with_epsilon(sm_probe_loss(&vec_slow, &best, &kernel), 0.25, 1e-12);
  g_assert_cmpint(kernel, ==, SM_PROBE_VEC);
  g_assert_cmpstr(sm_probe_kind_name(kernel), ==, "vec");
  sm_probe_loss(&mem_slow, &best, &kernel);
  g_assert_cmpstr(sm_probe_kind_name(kernel), ==, "mem");
  g_assert_cmpfloat(sm_probe_loss(&best, &best, &kernel), ==, 0);
  g_assert_cmpint(kernel, ==, SM_PROBE_INT); /* no loss: the first kernel measured */
  g_assert_true(isnan(sm_probe_loss(&none, &best, &kernel)));
  g_assert_cmpint(kernel, ==, -1);
}

/* The reference is each kernel's 90th percentile: one fast outlier does not move it. */
static void test_history(void)
{
  SmProbeHistory h;
  sm_probe_history_init(&h);
  g_assert_cmpfloat(sm_probe_history_reference(&h)->rate[0], ==, 0);
  for (int i = 1; i <= 100; i++) {
    /* The first ten readings come from an older journal: no memory rate. */
    SmProbe p = {.rate = {i, 1000 - i, i == 100 ? 1e9 : 50, i <= 10 ? 0 : i}};
    sm_probe_history_add(&h, &p);
  }
  SmProbe none = {0};
  sm_probe_history_add(&h, &none); /* ignored */
  const SmProbe *ref = sm_probe_history_reference(&h);
  g_assert_cmpfloat(ref->rate[SM_PROBE_INT], ==, 91);
  g_assert_cmpfloat(ref->rate[SM_PROBE_MUL], ==, 990);
  g_assert_cmpfloat(ref->rate[SM_PROBE_VEC], ==, 50);
  /* Over the 90 readings that have it (11..100): the 90th percentile, not one dragged down by
   * the zeros of readings without it. */
  g_assert_cmpfloat(ref->rate[SM_PROBE_MEM], ==, 92);
  /* A reading faster than the reference lost nothing. */
  SmProbe fast = {.rate = {200, 2000, 100, 100}};
  g_assert_cmpfloat(sm_probe_contention(&fast, ref), ==, 0);
  sm_probe_history_clear(&h);
}

static void test_text(void)
{
  SmProbe probe = {.rate = {1.5e9, 5.75e8, 6.25e8, 2.5e6}}, back = {0};
  g_autofree char *text = sm_probe_format(&probe);
  g_assert_cmpstr(text, ==, "1.500000e+09,5.750000e+08,6.250000e+08,2.500000e+06");
  g_assert_true(sm_probe_parse(text, &back));
  g_assert_cmpmem(&back, sizeof back, &probe, sizeof probe);
  /* An older journal's three rates: read, with no memory rate, and written back the same. */
  g_assert_true(sm_probe_parse("1.500000e+09,5.750000e+08,6.250000e+08", &back));
  g_assert_cmpfloat(back.rate[SM_PROBE_VEC], ==, 6.25e8);
  g_assert_cmpfloat(back.rate[SM_PROBE_MEM], ==, 0);
  g_autofree char *again = sm_probe_format(&back);
  g_assert_cmpstr(again, ==, "1.500000e+09,5.750000e+08,6.250000e+08");
  SmProbe none = {0};
  g_autofree char *empty = sm_probe_format(&none);
  g_assert_cmpstr(empty, ==, "");
  g_assert_true(sm_probe_parse("", &back));
  g_assert_cmpfloat(back.rate[0], ==, 0);
  static const char *const bad[] = {"1,2",     "1,2,3,4,5", "1,x,3", "1,-2,3", "1,0,3",
                                    "1,inf,3", "1,2,3,0",   ",",     "1,2,3,"};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++)
    g_assert_false(sm_probe_parse(bad[i], &back));
}

static void test_wire(void)
{
  SmCellResult r = {.status = SM_STATUS_OK,
                    .stats = {.count = 1, .median = 10},
                    .probe = {.rate = {1e9, 5e8, 6e8, 2e6}}};
  g_autofree char *line = sm_wire_format_result(&r);
  SmCellResult back = {0};
  g_assert_true(sm_wire_parse_result(line, &back));
  g_assert_cmpfloat(back.probe.rate[SM_PROBE_MUL], ==, 5e8);
  g_assert_cmpfloat(back.probe.rate[SM_PROBE_MEM], ==, 2e6);
  sm_cell_result_clear(&back);
  /* A journal line of an earlier speedmatrix (costs, no probe) reads with no probe. */
  const char *old = "result\tok\t\t5\t10\t0\t0\t10\t9\t11\t0\t0\t100\t0\t\t10,10\t\t0\t0\t0\t";
  g_assert_true(sm_wire_parse_result(old, &back));
  g_assert_cmpfloat(back.probe.rate[0], ==, 0);
  sm_cell_result_clear(&back);
  g_autofree char *broken = g_strdup_printf("%s\t1,2", old);
  g_assert_false(sm_wire_parse_result(broken, &back));
}

static SmCellResult *pass_result(double fastest, double int_rate)
{
  SmCellResult *r = g_new0(SmCellResult, 1);
  r->status = SM_STATUS_OK;
  r->stats.max = fastest;
  r->probe = (SmProbe){.rate = {int_rate, 100, 100, 100}};
  return r;
}

/* The least contention among the passes that reached the headline (within 5% of it): a slower
 * pass measured on a quiet core says nothing about the headline's moment. */
static void test_row_contention(void)
{
  g_autoptr(SmPasses) passes = sm_passes_new();
  SmCellResult *a = pass_result(900, 100), *b = pass_result(1000, 80), *c = pass_result(960, 90);
  sm_passes_add(passes, 0, a);
  sm_passes_add(passes, 1, b);
  sm_passes_add(passes, 2, c);
  g_free(a);
  g_free(b);
  g_free(c);
  SmProbe best = {.rate = {100, 100, 100, 100}};
  SmRow row = {.status = SM_STATUS_OK};
  sm_row_set_contention(&row, passes, &best);
  g_assert_true(row.has_contention);
  g_assert_cmpfloat_with_epsilon(row.contention, 0.10, 1e-12);
  /* The 900 pass is more than 5% below the 1000 one and its probe lost nothing: one slow pass
   * on a quiet core. */
  g_assert_true(row.has_passes_slow_quiet);
  g_assert_cmpuint(row.passes_slow_quiet, ==, 1);
  /* One pass of those reaching the figure on a quiet core is enough. */
  SmCellResult *d = pass_result(990, 100);
  sm_passes_add(passes, 3, d);
  g_free(d);
  sm_row_set_contention(&row, passes, &best);
  g_assert_cmpfloat(row.contention, ==, 0);
  g_assert_cmpuint(row.passes_slow_quiet, ==, 1);
  /* A slow pass on a contended core is not counted. */
  SmCellResult *e = pass_result(800, 50);
  sm_passes_add(passes, 4, e);
  g_free(e);
  sm_row_set_contention(&row, passes, &best);
  g_assert_cmpuint(row.passes_slow_quiet, ==, 1);
  /* Passes without a probe (a journal of an earlier speedmatrix): unknown, not zero. */
  g_autoptr(SmPasses) old = sm_passes_new();
  SmCellResult *o = pass_result(1000, 0);
  o->probe = (SmProbe){0};
  sm_passes_add(old, 0, o);
  g_free(o);
  SmRow old_row = {.status = SM_STATUS_OK};
  sm_row_set_contention(&old_row, old, &best);
  g_assert_false(old_row.has_contention);
  g_assert_false(old_row.has_passes_slow_quiet);
}

/* The CSV column: written with four decimals on ok rows, read back, empty when unknown. */
static void test_csv(void)
{
  g_autofree char *header = sm_csv_header();
  g_assert_true(g_str_has_suffix(header,
                                 ",context_bytes,contention,passes_slow_quiet,"
                                 "library_path,library_version,public_key_bytes,secret_key_bytes,"
                                 "signature_bytes,ciphertext_bytes,threads,context,"
                                 "lock_waits,emulated,scaling_efficiency_low,scaling_efficiency_high"));
  SmRow *row = sm_row_new("e", "1", "sha256", SM_KIND_DIGEST, "h", "c", 1);
  row->status = SM_STATUS_OK;
  row->operation = SM_OP_HASH;
  row->block_size = 64;
  row->ops_per_sec = 1000;
  row->bytes_per_sec = 64000;
  row->has_contention = true;
  row->contention = 0.0123;
  row->has_passes_slow_quiet = true;
  row->passes_slow_quiet = 2;
  g_autofree char *line = sm_csv_format_row(row);
  /* then the library: unknown; the key sizes; one thread, reused, no lock waits */
  g_assert_true(g_str_has_suffix(line, ",0.0123,2,,,,,,,1,reused,,,,"));
  g_autofree char *text = g_strdup_printf("%s\r\n%s\r\n", header, line);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set = sm_results_parse("p.csv", text, strlen(text), &error);
  g_assert_no_error(error);
  const SmRow *read = ((SmResultRow *)set->results->pdata[0])->row;
  g_assert_true(read->has_contention);
  g_assert_cmpfloat_with_epsilon(read->contention, 0.0123, 1e-12);
  g_assert_true(read->has_passes_slow_quiet);
  g_assert_cmpuint(read->passes_slow_quiet, ==, 2);
  row->has_contention = false;
  row->has_passes_slow_quiet = false;
  g_autofree char *unknown = sm_csv_format_row(row);
  g_assert_true(g_str_has_suffix(unknown, ",,,,,,,,,1,reused,,,,"));
  sm_row_free(row);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/probe/measure", test_measure);
  g_test_add_func("/probe/contention", test_contention);
  g_test_add_func("/probe/history", test_history);
  g_test_add_func("/probe/text", test_text);
  g_test_add_func("/probe/wire", test_wire);
  g_test_add_func("/probe/row-contention", test_row_contention);
  g_test_add_func("/probe/csv", test_csv);
  return g_test_run();
}
