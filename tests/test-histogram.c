/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Latency histogram: percentiles against hand-computed nearest-rank values. */
#include "engine/ssdb-histogram.h"
#include "engine/ssdb-pattern.h"

#include <math.h>
#include <stdlib.h>

static void
test_small_values_exact (void)
{
  g_autofree SsdbHistogram *h = ssdb_histogram_new ();

  /* 1..100 ns: every value has its own bucket, so percentiles are exact.
   * Nearest rank: p50 -> rank 50, p90 -> 90, p99 -> 99, p99.9 -> ceil(99.9) = 100. */
  for (guint64 v = 1; v <= 100; v++)
    ssdb_histogram_record (h, v);
  g_assert_cmpuint (h->count, ==, 100);
  g_assert_cmpuint (h->sum_ns, ==, 5050);
  g_assert_cmpfloat_with_epsilon (ssdb_histogram_mean_ns (h), 50.5, 1e-9);
  g_assert_cmpuint (ssdb_histogram_percentile_ns (h, 50), ==, 50);
  g_assert_cmpuint (ssdb_histogram_percentile_ns (h, 90), ==, 90);
  g_assert_cmpuint (ssdb_histogram_percentile_ns (h, 99), ==, 99);
  g_assert_cmpuint (ssdb_histogram_percentile_ns (h, 99.9), ==, 100);
  g_assert_cmpuint (ssdb_histogram_percentile_ns (h, 0), ==, 1);
  g_assert_cmpuint (ssdb_histogram_percentile_ns (h, 100), ==, 100);
  g_assert_cmpuint (h->min_ns, ==, 1);
  g_assert_cmpuint (h->max_ns, ==, 100);
}

static void
test_empty (void)
{
  g_autofree SsdbHistogram *h = ssdb_histogram_new ();

  g_assert_cmpuint (ssdb_histogram_percentile_ns (h, 50), ==, 0);
  g_assert_cmpfloat (ssdb_histogram_mean_ns (h), ==, 0.0);
}

static void
assert_close (guint64 got, guint64 want)
{
  double rel = got > want ? (double) (got - want) / want : (double) (want - got) / want;

  if (rel > 1.0 / 128)
    g_error ("got %" G_GUINT64_FORMAT ", want %" G_GUINT64_FORMAT " (relative error %g)", got,
             want, rel);
}

static void
test_latency_mix (void)
{
  g_autofree SsdbHistogram *h = ssdb_histogram_new ();

  /* 990 requests at 80 µs, 9 at 2 ms, 1 at 1.5 s (a stall).
   * Sorted: ranks 1..990 = 80000, 991..999 = 2000000, 1000 = 1500000000.
   * p50 (rank 500) = 80000; p99 (rank 990) = 80000; p99.9 (rank 999) = 2 ms; max = 1.5 s.
   * Mean = (990 * 80000 + 9 * 2000000 + 1500000000) / 1000 = 1597200. */
  for (int i = 0; i < 990; i++)
    ssdb_histogram_record (h, 80000);
  for (int i = 0; i < 9; i++)
    ssdb_histogram_record (h, 2000000);
  ssdb_histogram_record (h, 1500000000);

  assert_close (ssdb_histogram_percentile_ns (h, 50), 80000);
  assert_close (ssdb_histogram_percentile_ns (h, 99), 80000);
  assert_close (ssdb_histogram_percentile_ns (h, 99.9), 2000000);
  g_assert_cmpuint (ssdb_histogram_percentile_ns (h, 100), ==, 1500000000);
  g_assert_cmpfloat_with_epsilon (ssdb_histogram_mean_ns (h), 1597200.0, 1e-6);
  /* p99.91 is rank ceil(999.1) = 1000: the stall. */
  g_assert_cmpuint (ssdb_histogram_percentile_ns (h, 99.91), ==, 1500000000);
}

static void
test_bucket_bounds (void)
{
  SsdbRng rng;

  /* Every value lies inside its bucket, buckets are contiguous, and no bucket is wider than
   * 1/64 of its lower bound above 128 ns. */
  ssdb_rng_init (&rng, 42);
  for (int i = 0; i < 200000; i++)
    {
      guint64 v = ssdb_rng_next (&rng) >> (ssdb_rng_below (&rng, 64));
      guint idx;

      if (v >> 45)
        continue;
      idx = ssdb_histogram_index (v);
      g_assert_cmpuint (idx, <, SSDB_HISTOGRAM_N_BUCKETS);
      g_assert_cmpuint (ssdb_histogram_bucket_lower (idx), <=, v);
      g_assert_cmpuint (ssdb_histogram_bucket_upper (idx), >=, v);
    }
  for (guint i = 0; i + 1 < SSDB_HISTOGRAM_N_BUCKETS; i++)
    {
      guint64 lo = ssdb_histogram_bucket_lower (i);
      guint64 hi = ssdb_histogram_bucket_upper (i);

      g_assert_cmpuint (ssdb_histogram_bucket_lower (i + 1), ==, hi + 1);
      if (lo >= 128)
        g_assert_cmpuint ((hi - lo + 1) * 64, <=, lo);
      else
        g_assert_cmpuint (hi, ==, lo);
    }
  /* Values beyond the range land in the last bucket; max stays exact. */
  {
    g_autofree SsdbHistogram *h = ssdb_histogram_new ();

    ssdb_histogram_record (h, G_MAXUINT64 / 2);
    g_assert_cmpuint (h->buckets[SSDB_HISTOGRAM_N_BUCKETS - 1], ==, 1);
    g_assert_cmpuint (ssdb_histogram_percentile_ns (h, 50), ==, G_MAXUINT64 / 2);
  }
}

static int
cmp_u64 (const void *a, const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

static void
test_against_sorted_sample (void)
{
  const guint n = 100000;
  g_autofree guint64 *values = g_new (guint64, n);
  g_autofree SsdbHistogram *h = ssdb_histogram_new ();
  const double ps[] = { 1, 10, 50, 90, 99, 99.9, 99.99 };
  SsdbRng rng;

  /* Log-uniform latencies 1 µs .. 1 s, compared with the exact nearest-rank value of the sorted
   * sample. */
  ssdb_rng_init (&rng, 7);
  for (guint i = 0; i < n; i++)
    {
      double u = (double) (ssdb_rng_next (&rng) >> 11) / (double) (G_GUINT64_CONSTANT (1) << 53);

      values[i] = (guint64) (1000.0 * pow (10.0, 6.0 * u));
      ssdb_histogram_record (h, values[i]);
    }
  qsort (values, n, sizeof *values, cmp_u64);
  for (guint i = 0; i < G_N_ELEMENTS (ps); i++)
    {
      guint64 rank = (guint64) ceil (ps[i] / 100.0 * n);

      assert_close (ssdb_histogram_percentile_ns (h, ps[i]), values[rank - 1]);
    }
}

static void
test_merge (void)
{
  g_autofree SsdbHistogram *a = ssdb_histogram_new ();
  g_autofree SsdbHistogram *b = ssdb_histogram_new ();

  for (guint64 v = 1; v <= 50; v++)
    ssdb_histogram_record (a, v);
  for (guint64 v = 51; v <= 100; v++)
    ssdb_histogram_record (b, v);
  ssdb_histogram_merge (a, b);
  g_assert_cmpuint (a->count, ==, 100);
  g_assert_cmpuint (a->min_ns, ==, 1);
  g_assert_cmpuint (a->max_ns, ==, 100);
  g_assert_cmpuint (ssdb_histogram_percentile_ns (a, 75), ==, 75);
  g_assert_cmpuint (ssdb_histogram_count_between (a, 10, 20), ==, 10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/histogram/small-values-exact", test_small_values_exact);
  g_test_add_func ("/histogram/empty", test_empty);
  g_test_add_func ("/histogram/latency-mix", test_latency_mix);
  g_test_add_func ("/histogram/bucket-bounds", test_bucket_bounds);
  g_test_add_func ("/histogram/against-sorted-sample", test_against_sorted_sample);
  g_test_add_func ("/histogram/merge", test_merge);
  return g_test_run ();
}
