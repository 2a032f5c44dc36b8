/* stats: pure functions on fixed arrays with answers worked out by hand. */
#include "core/stats.h"

#include <glib.h>
#include <math.h>

static void test_odd_count(void)
{
  const double values[] = {5, 1, 4, 2, 3};
  SmStats s = sm_stats_compute(values, G_N_ELEMENTS(values));
  g_assert_cmpuint(s.count, ==, 5);
  g_assert_cmpfloat(s.median, ==, 3);
  g_assert_cmpfloat(s.min, ==, 1);
  g_assert_cmpfloat(s.max, ==, 5);
  g_assert_cmpfloat(s.mean, ==, 3);
  /* |x - 3| = 2 2 1 1 0 -> median 1 */
  g_assert_cmpfloat(s.mad, ==, 1);
  /* sample standard deviation sqrt(10/4) over mean 3 */
  g_assert_cmpfloat_with_epsilon(s.cv, sqrt(2.5) / 3, 1e-12);
  g_assert_cmpuint(s.outliers, ==, 0);
  g_assert_cmpfloat(values[0], ==, 5); /* input untouched */
}

static void test_even_count_and_outlier(void)
{
  const double values[] = {10, 10, 11, 9, 10, 100};
  SmStats s = sm_stats_compute(values, G_N_ELEMENTS(values));
  g_assert_cmpfloat(s.median, ==, 10);
  /* deviations 0 0 1 1 0 90 -> sorted 0 0 0 1 1 90 -> median 0.5 */
  g_assert_cmpfloat(s.mad, ==, 0.5);
  g_assert_cmpuint(s.outliers, ==, 1);
}

static void test_empty_and_single(void)
{
  SmStats empty = sm_stats_compute(NULL, 0);
  g_assert_cmpuint(empty.count, ==, 0);
  g_assert_cmpfloat(empty.median, ==, 0);
  const double one[] = {42};
  SmStats s = sm_stats_compute(one, 1);
  g_assert_cmpfloat(s.median, ==, 42);
  g_assert_cmpfloat(s.cv, ==, 0);
  g_assert_cmpfloat(s.mad, ==, 0);
}

static void test_linear_fit(void)
{
  /* time = 0.5 ns/byte * size + 40 ns */
  const double x[] = {16, 64, 256, 1024};
  double y[4];
  for (int i = 0; i < 4; i++)
    y[i] = 0.5 * x[i] + 40;
  double slope = 0, intercept = 0;
  g_assert_true(sm_stats_linear_fit(x, y, 4, &slope, &intercept));
  g_assert_cmpfloat_with_epsilon(slope, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon(intercept, 40, 1e-9);
  /* 2% of noise on the largest size moves an unweighted intercept to 29 ns; the relative
   * weighting keeps it at 40 (39.86). */
  const double sizes[] = {16, 64, 256, 1024, 8192, 16384};
  double noisy[6];
  for (int i = 0; i < 6; i++)
    noisy[i] = 0.5 * sizes[i] + 40;
  noisy[5] *= 1.02;
  g_assert_true(sm_stats_linear_fit(sizes, noisy, 6, &slope, &intercept));
  g_assert_cmpfloat_with_epsilon(intercept, 40, 0.5);
  g_assert_cmpfloat_with_epsilon(slope, 0.503, 0.001);
  const double same[] = {8, 8};
  g_assert_false(sm_stats_linear_fit(same, y, 2, &slope, &intercept));
  g_assert_false(sm_stats_linear_fit(x, y, 1, &slope, &intercept));
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/stats/odd-count", test_odd_count);
  g_test_add_func("/stats/even-count-outlier", test_even_count_and_outlier);
  g_test_add_func("/stats/empty-and-single", test_empty_and_single);
  g_test_add_func("/stats/linear-fit", test_linear_fit);
  return g_test_run();
}
