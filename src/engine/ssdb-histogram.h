/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * Log-bucketed latency histogram (the HdrHistogram layout): values below 128 ns get a bucket
 * each; above, every power of two is split into 64 linear sub-buckets, so a bucket is never
 * wider than 1/64 of its lower bound. Values up to 2^45 ns (about 9.8 hours) are resolved;
 * larger ones land in the last bucket (the exact maximum is still kept).
 */
#define SSDB_HISTOGRAM_SUB_BITS 6
#define SSDB_HISTOGRAM_SUB_COUNT (1u << SSDB_HISTOGRAM_SUB_BITS)
#define SSDB_HISTOGRAM_MAX_BIT 44
#define SSDB_HISTOGRAM_N_BUCKETS                                                                 \
  ((SSDB_HISTOGRAM_MAX_BIT - SSDB_HISTOGRAM_SUB_BITS + 2) * SSDB_HISTOGRAM_SUB_COUNT)

/**
 * SsdbHistogram:
 * @count: number of recorded values
 * @sum_ns: exact sum of all recorded values, ns
 * @min_ns: smallest recorded value, ns (G_MAXUINT64 when empty)
 * @max_ns: largest recorded value, ns (0 when empty)
 * @buckets: counts per bucket; see ssdb_histogram_bucket_lower()
 *
 * A latency histogram in nanoseconds. Plain data: may be copied with memcpy, zeroed with
 * ssdb_histogram_reset(). About 20 KiB.
 */
typedef struct
{
  guint64 count;
  guint64 sum_ns;
  guint64 min_ns;
  guint64 max_ns;
  guint64 buckets[SSDB_HISTOGRAM_N_BUCKETS];
} SsdbHistogram;

/**
 * ssdb_histogram_index:
 * @value_ns: a latency in ns
 *
 * Returns: the bucket index of @value_ns, in [0, SSDB_HISTOGRAM_N_BUCKETS).
 */
static inline guint
ssdb_histogram_index (guint64 value_ns)
{
  guint msb, shift;

  if (value_ns < SSDB_HISTOGRAM_SUB_COUNT)
    return (guint) value_ns;
  if (value_ns >> (SSDB_HISTOGRAM_MAX_BIT + 1))
    return SSDB_HISTOGRAM_N_BUCKETS - 1;
  msb = 63 - (guint) __builtin_clzll (value_ns);
  shift = msb - SSDB_HISTOGRAM_SUB_BITS;
  return (shift + 1) * SSDB_HISTOGRAM_SUB_COUNT
         + (guint) ((value_ns >> shift) - SSDB_HISTOGRAM_SUB_COUNT);
}

/**
 * ssdb_histogram_record:
 * @h: a histogram
 * @value_ns: a latency in ns
 *
 * Adds one value. O(1), no allocation: safe in the I/O loop.
 */
static inline void
ssdb_histogram_record (SsdbHistogram *h, guint64 value_ns)
{
  h->buckets[ssdb_histogram_index (value_ns)]++;
  h->count++;
  h->sum_ns += value_ns;
  if (value_ns < h->min_ns)
    h->min_ns = value_ns;
  if (value_ns > h->max_ns)
    h->max_ns = value_ns;
}

/** ssdb_histogram_new: Returns: (transfer full): an empty histogram; free with g_free(). */
SsdbHistogram *ssdb_histogram_new (void);

/** ssdb_histogram_reset: empties @h. */
void ssdb_histogram_reset (SsdbHistogram *h);

/** ssdb_histogram_merge: adds every value of @src into @dst. */
void ssdb_histogram_merge (SsdbHistogram *dst, const SsdbHistogram *src);

/**
 * ssdb_histogram_bucket_lower:
 * @index: a bucket index
 *
 * Returns: the smallest value (ns) that falls into bucket @index.
 */
guint64 ssdb_histogram_bucket_lower (guint index);

/**
 * ssdb_histogram_bucket_upper:
 * @index: a bucket index
 *
 * Returns: the largest value (ns) that falls into bucket @index (G_MAXUINT64 for the last).
 */
guint64 ssdb_histogram_bucket_upper (guint index);

/**
 * ssdb_histogram_mean_ns:
 *
 * Returns: the exact arithmetic mean in ns (sum / count), 0.0 when empty.
 */
double ssdb_histogram_mean_ns (const SsdbHistogram *h);

/**
 * ssdb_histogram_percentile_ns:
 * @h: a histogram
 * @percent: 0.0 .. 100.0
 *
 * The nearest-rank percentile: the value of rank ceil(percent / 100 * count) in the sorted
 * sample (rank 1 for percent 0). Values below 128 ns are exact; above, the bucket's midpoint is
 * returned (relative error at most 1/128), clamped to [min, max] so p0 is the minimum and p100
 * the maximum exactly.
 *
 * Returns: the percentile in ns, 0 when empty.
 */
guint64 ssdb_histogram_percentile_ns (const SsdbHistogram *h, double percent);

/**
 * ssdb_histogram_count_between:
 * @h: a histogram
 * @lower_ns: inclusive lower bound
 * @upper_ns: exclusive upper bound
 *
 * Counts values in [lower_ns, upper_ns), resolved to bucket granularity (a bucket counts when its
 * lower bound is in the range). Used to re-bin into display bins (e.g. logarithmic 10 µs .. 10 s).
 */
guint64 ssdb_histogram_count_between (const SsdbHistogram *h, guint64 lower_ns, guint64 upper_ns);

G_END_DECLS
