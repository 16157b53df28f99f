/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-histogram.h"

#include <math.h>
#include <string.h>

SsdbHistogram *
ssdb_histogram_new (void)
{
  SsdbHistogram *h = g_new (SsdbHistogram, 1);

  ssdb_histogram_reset (h);
  return h;
}

void
ssdb_histogram_reset (SsdbHistogram *h)
{
  g_return_if_fail (h != NULL);

  memset (h, 0, sizeof *h);
  h->min_ns = G_MAXUINT64;
}

void
ssdb_histogram_merge (SsdbHistogram *dst, const SsdbHistogram *src)
{
  g_return_if_fail (dst != NULL);
  g_return_if_fail (src != NULL);

  if (src->count == 0)
    return;
  for (guint i = 0; i < SSDB_HISTOGRAM_N_BUCKETS; i++)
    dst->buckets[i] += src->buckets[i];
  dst->count += src->count;
  dst->sum_ns += src->sum_ns;
  dst->min_ns = MIN (dst->min_ns, src->min_ns);
  dst->max_ns = MAX (dst->max_ns, src->max_ns);
}

guint64
ssdb_histogram_bucket_lower (guint index)
{
  guint shift;
  guint64 sub;

  g_return_val_if_fail (index < SSDB_HISTOGRAM_N_BUCKETS, 0);

  if (index < 2 * SSDB_HISTOGRAM_SUB_COUNT)
    return index;
  shift = index / SSDB_HISTOGRAM_SUB_COUNT - 1;
  sub = index % SSDB_HISTOGRAM_SUB_COUNT + SSDB_HISTOGRAM_SUB_COUNT;
  return sub << shift;
}

guint64
ssdb_histogram_bucket_upper (guint index)
{
  g_return_val_if_fail (index < SSDB_HISTOGRAM_N_BUCKETS, 0);

  if (index == SSDB_HISTOGRAM_N_BUCKETS - 1)
    return G_MAXUINT64;
  return ssdb_histogram_bucket_lower (index + 1) - 1;
}

double
ssdb_histogram_mean_ns (const SsdbHistogram *h)
{
  g_return_val_if_fail (h != NULL, 0.0);

  if (h->count == 0)
    return 0.0;
  return (double) h->sum_ns / (double) h->count;
}

guint64
ssdb_histogram_percentile_ns (const SsdbHistogram *h, double percent)
{
  guint64 rank, seen = 0;

  g_return_val_if_fail (h != NULL, 0);

  if (h->count == 0)
    return 0;
  percent = CLAMP (percent, 0.0, 100.0);
  {
    /* 99.9 is not exact in binary: 99.9 / 100 * 1000 gives 999.0000000000001. Shave off the
     * representation error before rounding up so the rank is the one computed by hand. */
    double x = percent / 100.0 * (double) h->count;

    rank = (guint64) ceil (x - x * 1e-12);
  }
  if (rank < 1)
    rank = 1;
  if (rank > h->count)
    rank = h->count;

  for (guint i = 0; i < SSDB_HISTOGRAM_N_BUCKETS; i++)
    {
      seen += h->buckets[i];
      if (seen >= rank)
        {
          guint64 lo = ssdb_histogram_bucket_lower (i);
          guint64 hi = (i == SSDB_HISTOGRAM_N_BUCKETS - 1) ? h->max_ns
                                                           : ssdb_histogram_bucket_upper (i);
          guint64 v = lo + (hi - lo) / 2;

          return CLAMP (v, h->min_ns, h->max_ns);
        }
    }
  return h->max_ns;
}

guint64
ssdb_histogram_count_between (const SsdbHistogram *h, guint64 lower_ns, guint64 upper_ns)
{
  guint64 n = 0;

  g_return_val_if_fail (h != NULL, 0);

  for (guint i = 0; i < SSDB_HISTOGRAM_N_BUCKETS; i++)
    {
      guint64 lo = ssdb_histogram_bucket_lower (i);

      if (lo >= upper_ns)
        break;
      if (lo >= lower_ns)
        n += h->buckets[i];
    }
  return n;
}
