/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SSD behaviour tests: compressibility on zram (which really compresses), discard on a loop
 * device over a file and on a test file (the allocated blocks shrink), exact free-space steps
 * checked against the device's own counters, and read-after-write on zram (root; skips
 * otherwise). The words are also checked on hand-made results. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/ssdb-compression.h"
#include "engine/ssdb-csv.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-target-fill.h"
#include "engine/ssdb-freespace.h"
#include "engine/ssdb-readback.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-trim.h"
#include "render/ssdb-behaviour-painter.h"
#include "lib/ssdb-test-targets.h"

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define MS (G_GUINT64_CONSTANT (1000000))

/* ---- what the progress callbacks see ---- */

/* The summary tests the callbacks named in each phase ("before: SEQ1M Q1T1 read"), and
 * whether a name came with a phase that runs no summary test. */
typedef struct
{
  GHashTable *seen;
  gboolean name_outside_summary;
  gboolean bad_fraction;
  double last_fraction;
  gboolean went_back;
  gboolean rate_seen;
} Seen;

static void
seen_init (Seen *s)
{
  memset (s, 0, sizeof *s);
  s->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static void
seen_add (Seen *s, const char *phase, const SsdbBehaviourRunning *running, double fraction)
{
  gboolean summary = g_str_equal (phase, "before") || g_str_equal (phase, "after")
                     || g_str_equal (phase, "summary");

  if (!summary && running->name[0] != '\0')
    s->name_outside_summary = TRUE;
  if (running->fraction < 0 || running->fraction > 1 || running->bytes_per_second < 0)
    s->bad_fraction = TRUE;
  if (running->bytes_per_second > 0)
    s->rate_seen = TRUE;
  if (fraction + 1e-9 < s->last_fraction)
    s->went_back = TRUE;
  s->last_fraction = fraction;
  if (running->name[0] != '\0')
    g_hash_table_add (s->seen, g_strdup_printf ("%s: %s %s", phase, running->name,
                                                ssdb_rw_to_string (running->rw)));
}

static gboolean
seen_has (const Seen *s, const char *what)
{
  return g_hash_table_contains (s->seen, what);
}

static void
on_trim_seen (SsdbTrimResult *result, const char *phase, guint round, double fraction,
              gpointer user_data)
{
  seen_add (user_data, phase, &result->running, fraction);
}

static void
on_freespace_seen (SsdbFreespaceResult *result, guint step, const char *phase, double fraction,
                   gpointer user_data)
{
  seen_add (user_data, phase, &result->running, fraction);
}

/* ---- words on hand-made results ---- */

static void
add_level (SsdbCompressionResult *r, SsdbDataKind kind, guint percent, double write, double read)
{
  SsdbCompressionPoint p = { 0 };

  p.data.kind = kind;
  p.data.compressible_percent = percent;
  p.write_bytes_per_second = write;
  p.read_bytes_per_second = read;
  g_array_append_val (r->points, p);
}

/* A level of three passes: the best is @write / @read, the others @spread (a fraction) and half
 * of it slower. */
static void
add_level_passes (SsdbCompressionResult *r, SsdbDataKind kind, guint percent, double write,
                  double read, double spread)
{
  SsdbCompressionPoint *p;

  add_level (r, kind, percent, write, read);
  p = &g_array_index (r->points, SsdbCompressionPoint, r->points->len - 1);
  p->n_passes = 3;
  for (guint k = 0; k < 3; k++)
    {
      double f = k == 0 ? 1 : k == 1 ? 1 - spread : 1 - spread / 2;

      p->write_passes[k] = write * f;
      p->read_passes[k] = read * f;
    }
}

static void
test_compression_words (void)
{
  SsdbCompressionSpec spec;
  g_autoptr (SsdbCompressionResult) r = NULL;
  g_autoptr (SsdbCompressionResult) flat = NULL;
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];

  g_assert_cmpuint (ssdb_compression_levels (SSDB_COMPRESSION_DEFAULT_STEP, TRUE, levels), ==, 6);
  g_assert_cmpint (levels[0].kind, ==, SSDB_DATA_RANDOM);
  g_assert_cmpuint (levels[2].compressible_percent, ==, 50);
  g_assert_cmpint (levels[5].kind, ==, SSDB_DATA_ZERO);
  g_assert_cmpuint (ssdb_compression_levels (SSDB_COMPRESSION_DEFAULT_STEP, FALSE, levels), ==, 5);

  ssdb_compression_spec_init (&spec);
  r = ssdb_compression_result_new (&spec);
  ssdb_compression_summarize (r);
  g_assert_null (r->words);

  /* A SandForce-like drive: zeros 3.1 times as fast as random data, passes within 4 %. */
  add_level_passes (r, SSDB_DATA_RANDOM, 0, 100e6, 200e6, 0.04);
  add_level_passes (r, SSDB_DATA_COMPRESSIBLE, 50, 180e6, 210e6, 0.02);
  add_level_passes (r, SSDB_DATA_ZERO, 0, 310e6, 220e6, 0.03);
  ssdb_compression_summarize (r);
  g_assert_true (r->compresses);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpfloat (fabs (r->noise - 0.04), <, 1e-9);
  g_assert_cmpfloat (fabs (r->write_ratio - 3.1), <, 1e-9);
  g_assert_cmpfloat (fabs (r->zero_write_ratio - 3.1), <, 1e-9);
  g_assert_cmpstr (r->words, ==,
                   "Writes of zeros run 3.1× faster than random data (310 against 100 MB/s), "
                   "beyond the 1.3× that marks a compressing device (passes differed by up to "
                   "4 %): results with compressible data overstate this device.");
  /* The same in one pass: the spread is not measured, a doubling is what counts. */
  g_clear_pointer (&r, ssdb_compression_result_free);
  spec.passes = 1;
  r = ssdb_compression_result_new (&spec);
  add_level (r, SSDB_DATA_RANDOM, 0, 100e6, 200e6);
  add_level (r, SSDB_DATA_COMPRESSIBLE, 50, 180e6, 210e6);
  add_level (r, SSDB_DATA_ZERO, 0, 310e6, 220e6);
  ssdb_compression_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpfloat (r->noise, ==, -1);
  g_assert_cmpstr (r->words, ==,
                   "Writes of zeros run 3.1× faster than random data (310 against 100 MB/s), "
                   "beyond the 2.0× that one pass can tell from noise: results with compressible "
                   "data overstate this device.");
  /* Passes 20 % apart: three times that, 1.6×, is the threshold; 2.2× is still beyond it, 1.4×
   * is not. */
  g_clear_pointer (&r, ssdb_compression_result_free);
  r = ssdb_compression_result_new (&spec);
  add_level_passes (r, SSDB_DATA_RANDOM, 0, 100e6, 200e6, 0.2);
  add_level_passes (r, SSDB_DATA_ZERO, 0, 220e6, 200e6, 0.1);
  ssdb_compression_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpstr (r->words, ==,
                   "Writes of zeros run 2.2× faster than random data (220 against 100 MB/s), "
                   "beyond 1.6×, three times the spread between passes (20 %): results with "
                   "compressible data overstate this device.");
  g_clear_pointer (&r, ssdb_compression_result_free);
  r = ssdb_compression_result_new (&spec);
  add_level_passes (r, SSDB_DATA_RANDOM, 0, 100e6, 200e6, 0.2);
  add_level_passes (r, SSDB_DATA_ZERO, 0, 140e6, 200e6, 0.1);
  ssdb_compression_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  g_assert_false (r->compresses);
  g_assert_cmpstr (r->words, ==,
                   "Passes differed by up to 20 %, so a gain below 1.6× cannot be told from "
                   "noise (compressible data and zeros write at 140 to 140 MB/s, random data "
                   "100 MB/s): inconclusive; run with more passes on a quieter machine.");

  flat = ssdb_compression_result_new (&spec);
  add_level_passes (flat, SSDB_DATA_RANDOM, 0, 500e6, 550e6, 0.03);
  add_level_passes (flat, SSDB_DATA_COMPRESSIBLE, 50, 510e6, 540e6, 0.02);
  add_level_passes (flat, SSDB_DATA_ZERO, 0, 505e6, 545e6, 0.02);
  ssdb_compression_summarize (flat);
  g_assert_false (flat->compresses);
  g_assert_cmpint (flat->verdict, ==, SSDB_VERDICT_NO_EFFECT);
  g_assert_cmpstr (flat->words, ==,
                   "Compressible data and zeros write at 505 to 510 MB/s against 500 MB/s for "
                   "random data, below the 1.3× that marks a compressing device, and passes "
                   "differed by up to 3 %: no effect; the data pattern does not change this "
                   "device's results.");
  /* The same in one pass cannot tell. */
  g_clear_pointer (&flat, ssdb_compression_result_free);
  flat = ssdb_compression_result_new (&spec);
  add_level (flat, SSDB_DATA_RANDOM, 0, 500e6, 550e6);
  add_level (flat, SSDB_DATA_COMPRESSIBLE, 50, 510e6, 540e6);
  add_level (flat, SSDB_DATA_ZERO, 0, 505e6, 545e6);
  ssdb_compression_summarize (flat);
  /* Three passes whose spread was not recorded (a report of an earlier version). */
  {
    g_autoptr (SsdbCompressionResult) old = NULL;

    spec.passes = 3;
    old = ssdb_compression_result_new (&spec);
    add_level (old, SSDB_DATA_RANDOM, 0, 500e6, 550e6);
    add_level (old, SSDB_DATA_ZERO, 0, 505e6, 545e6);
    ssdb_compression_summarize (old);
    g_assert_cmpint (old->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
    g_assert_cmpstr (old->words, ==,
                     "Compressible data and zeros write at 505 to 505 MB/s against 500 MB/s for "
                     "random data; the spread between the passes was not recorded, and without it "
                     "a gain below 2.0× cannot be told from noise: inconclusive.");
    spec.passes = 1;
  }
  g_assert_cmpint (flat->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  g_assert_cmpstr (flat->words, ==,
                   "Compressible data and zeros write at 505 to 510 MB/s against 500 MB/s for "
                   "random data, in one pass: without the spread between passes, a gain below "
                   "2.0× cannot be told from noise: inconclusive; run with 3 passes or more.");
}

/* Rates that go up and down with zeros slower than random data (a test file on ext4 on a busy
 * machine): 50 % compressible data beats random data by 1.6×, but that is noise, not
 * compression. */
static void
test_compression_unordered (void)
{
  SsdbCompressionSpec spec;
  g_autoptr (SsdbCompressionResult) r = NULL;
  g_autoptr (SsdbCompressionResult) full = NULL;
  g_autoptr (SsdbCompressionResult) small = NULL;

  ssdb_compression_spec_init (&spec);
  spec.passes = 1;
  r = ssdb_compression_result_new (&spec);
  add_level (r, SSDB_DATA_RANDOM, 0, 1225e6, 2000e6);
  add_level (r, SSDB_DATA_COMPRESSIBLE, 25, 900e6, 2100e6);
  add_level (r, SSDB_DATA_COMPRESSIBLE, 50, 1960e6, 1900e6);
  add_level (r, SSDB_DATA_COMPRESSIBLE, 75, 1000e6, 2050e6);
  add_level (r, SSDB_DATA_COMPRESSIBLE, 100, 1400e6, 1950e6);
  add_level (r, SSDB_DATA_ZERO, 0, 1173e6, 2010e6);
  ssdb_compression_summarize (r);
  g_assert_false (r->compresses);
  g_assert_cmpfloat (fabs (r->write_ratio - 1.6), <, 1e-9);
  g_assert_cmpstr (r->words, ==,
                   "Write rates varied from 900 to 1960 MB/s without following the "
                   "compressibility (random data 1225 MB/s, zeros 1173 MB/s): the result is "
                   "inconclusive; run with more passes.");

  /* Without zeros, 100 % compressible data is the end of the scale: 2× faster and ordered. */
  full = ssdb_compression_result_new (&spec);
  add_level (full, SSDB_DATA_RANDOM, 0, 400e6, 800e6);
  add_level (full, SSDB_DATA_COMPRESSIBLE, 25, 380e6, 800e6);
  add_level (full, SSDB_DATA_COMPRESSIBLE, 100, 800e6, 810e6);
  ssdb_compression_summarize (full);
  g_assert_true (full->compresses);
  g_assert_cmpstr (full->words, ==,
                   "Writes of 100 % compressible data run 2.0× faster than random data (800 "
                   "against 400 MB/s), beyond the 2.0× that one pass can tell from noise: "
                   "results with compressible data overstate this device.");

  /* Ordered, below the flag, passes within 5 %: no effect. */
  small = ssdb_compression_result_new (&spec);
  add_level_passes (small, SSDB_DATA_RANDOM, 0, 400e6, 800e6, 0.05);
  add_level_passes (small, SSDB_DATA_COMPRESSIBLE, 50, 440e6, 800e6, 0.05);
  add_level_passes (small, SSDB_DATA_ZERO, 0, 480e6, 810e6, 0.05);
  ssdb_compression_summarize (small);
  g_assert_false (small->compresses);
  g_assert_cmpint (small->verdict, ==, SSDB_VERDICT_NO_EFFECT);
  g_assert_cmpstr (small->words, ==,
                   "Compressible data and zeros write at 440 to 480 MB/s against 400 MB/s for "
                   "random data, below the 1.3× that marks a compressing device, and passes "
                   "differed by up to 5 %: no effect; the data pattern does not change this "
                   "device's results.");
}

static void
test_trim_words (void)
{
  SsdbTrimSpec spec;
  g_autoptr (SsdbTrimResult) r = NULL;
  SsdbTrimTest t = { 0 };
  SsdbTrimRound rd = { 0 };

  ssdb_trim_spec_init (&spec);
  g_assert_cmpuint (spec.rounds, ==, 5);
  g_assert_true (spec.discard);
  r = ssdb_trim_result_new (&spec);
  for (guint i = 0; i < 5; i++)
    g_array_append_val (r->rounds, rd);
  g_assert_cmpuint (spec.summary.count, ==, 3);
  /* Passes of the summaries 2 % apart. */
  t.before_spread_percent = t.after_spread_percent = 2;
  g_strlcpy (t.name, "SEQ1M Q8T1", sizeof t.name);
  t.rw = SSDB_RW_WRITE;
  t.before_bytes_per_second = 2000e6;
  t.after_bytes_per_second = 1200e6;
  g_array_append_val (r->tests, t);
  g_strlcpy (t.name, "RND4K Q1T1", sizeof t.name);
  t.rw = SSDB_RW_READ;
  t.before_bytes_per_second = 50e6;
  t.after_bytes_per_second = 51e6;
  g_array_append_val (r->tests, t);
  ssdb_trim_summarize (r);
  g_assert_cmpfloat (fabs (g_array_index (r->tests, SsdbTrimTest, 0).retention_percent - 60), <,
                     1e-9);
  g_assert_cmpfloat (fabs (r->min_retention_percent - 60), <, 1e-9);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpfloat (r->noise_percent, ==, 2);
  g_assert_cmpstr (r->words, ==,
                   "After 5 rounds of filling and deleting with discard (TRIM), SEQ1M Q8T1 write "
                   "keeps only 60 % of its speed (1200 against 2000 MB/s), a loss beyond the 15 % "
                   "threshold (passes differed by up to 2 %): the device does not recover fully "
                   "even with TRIM.");
  /* The same in one pass: the loss is beyond twice the bound. */
  r->spec.summary.count = 1;
  for (guint i = 0; i < r->tests->len; i++)
    g_array_index (r->tests, SsdbTrimTest, i).before_spread_percent
        = g_array_index (r->tests, SsdbTrimTest, i).after_spread_percent = -1;
  ssdb_trim_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpstr (r->words, ==,
                   "After 5 rounds of filling and deleting with discard (TRIM), SEQ1M Q8T1 write "
                   "keeps only 60 % of its speed (1200 against 2000 MB/s), a loss beyond the 30 % "
                   "threshold that one pass can tell from noise: the device does not recover "
                   "fully even with TRIM.");

  /* One test far above its speed before: the measurement scatters too much to judge. */
  g_strlcpy (t.name, "RND4K Q32T1", sizeof t.name);
  t.rw = SSDB_RW_WRITE;
  t.before_bytes_per_second = 200e6;
  t.after_bytes_per_second = 504e6;
  g_array_append_val (r->tests, t);
  g_array_set_size (r->rounds, 1);
  ssdb_trim_summarize (r);
  g_assert_cmpfloat (fabs (r->min_retention_percent - 60), <, 1e-9);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  g_assert_cmpstr (r->words, ==,
                   "After 1 round of filling and deleting with discard (TRIM), rates varied from "
                   "60 % to 252 % of their speed before (RND4K Q32T1 write 504 against 200 MB/s), "
                   "more than the device can gain by it: inconclusive; run with more passes or "
                   "longer tests.");

  /* A loss of 13 % with passes 2 % apart: within the bound, and a 15 % loss would show. */
  g_array_set_size (r->tests, 0);
  t.before_spread_percent = t.after_spread_percent = 2;
  t.before_bytes_per_second = 1000e6;
  t.after_bytes_per_second = 870e6;
  g_array_append_val (r->tests, t);
  t.after_bytes_per_second = 1050e6;
  g_array_append_val (r->tests, t);
  ssdb_trim_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_NO_EFFECT);
  g_assert_cmpstr (r->words, ==,
                   "After 1 round of filling and deleting with discard (TRIM), the tests keep "
                   "87 % to 105 % of their speed, within the 15 % a loss must exceed, and passes "
                   "differed by up to 2 %: no effect; the device recovers its performance.");

  /* Passes 8 % apart: only a loss beyond 24 % counts. */
  g_array_index (r->tests, SsdbTrimTest, 1).after_spread_percent = 8;
  ssdb_trim_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  g_assert_cmpstr (r->words, ==,
                   "After 1 round of filling and deleting with discard (TRIM), the tests keep "
                   "87 % to 105 % of their speed, but passes differed by up to 8 %, so a loss "
                   "below 24 % cannot be told from noise: inconclusive; run with more passes on "
                   "a quieter machine.");

  /* Passes 40 % apart: no loss at all can be told. */
  g_array_index (r->tests, SsdbTrimTest, 1).after_spread_percent = 40;
  ssdb_trim_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  g_assert_cmpstr (r->words, ==,
                   "After 1 round of filling and deleting with discard (TRIM), the tests keep "
                   "87 % to 105 % of their speed, but passes differed by up to 40 %, so no loss "
                   "can be told from noise: inconclusive; run with more passes on a quieter "
                   "machine.");

  /* One pass cannot tell. */
  for (guint i = 0; i < r->tests->len; i++)
    g_array_index (r->tests, SsdbTrimTest, i).before_spread_percent
        = g_array_index (r->tests, SsdbTrimTest, i).after_spread_percent = -1;
  ssdb_trim_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  g_assert_cmpstr (r->words, ==,
                   "After 1 round of filling and deleting with discard (TRIM), the tests keep "
                   "87 % to 105 % of their speed, in one pass: without the spread between "
                   "passes, a loss below 30 % cannot be told from noise: inconclusive; run with 3 "
                   "passes or more.");
}

/* Pass @pass's read of @n segments of 1 MiB: segment k at @mean × (1 + @wiggle) for even k and
 * @mean × (1 - @wiggle) for odd k; the pass's rate is @mean. */
static void
add_read (SsdbReadbackResult *r, guint pass, double mean, double wiggle, guint n)
{
  SsdbFillResult *fill;
  SsdbFillPass *p;

  ssdb_readback_add_pass (r, pass, SSDB_RW_READ, n * (guint64)MiB, 1000000000, mean, TRUE);
  fill = pass == 1 ? r->first : r->second;
  p = g_ptr_array_index (fill->passes, fill->passes->len - 1);
  for (guint k = 0; k < n; k++)
    {
      SsdbFillPoint pt = { 0 };

      pt.position_bytes = (k + 1) * (guint64)MiB;
      pt.bytes_per_second = mean * (k % 2 == 0 ? 1 + wiggle : 1 - wiggle);
      g_array_append_val (p->segments, pt);
    }
}

/* Pass @pass's read of @n segments; segment k ends at @ends[k] MiB and reads at @rates[k] MB/s.
 * The pass's rate is @mean MB/s. */
static void
add_read_segments (SsdbReadbackResult *r, guint pass, double mean, const double *ends,
                   const double *rates, guint n)
{
  SsdbFillResult *fill;
  SsdbFillPass *p;

  ssdb_readback_add_pass (r, pass, SSDB_RW_READ, (guint64)(ends[n - 1] * MiB), 1000000000,
                          mean * 1e6, TRUE);
  fill = pass == 1 ? r->first : r->second;
  p = g_ptr_array_index (fill->passes, fill->passes->len - 1);
  for (guint k = 0; k < n; k++)
    {
      SsdbFillPoint pt = { 0 };

      pt.position_bytes = (guint64)(ends[k] * MiB);
      pt.bytes_per_second = rates[k] * 1e6;
      g_array_append_val (p->segments, pt);
    }
}

/* The reads' scatter is measured over stretches and groups, not single segments: requests
 * completed in bursts, segments that end at different positions in the two reads, and one long
 * stretch among short ones. */
static void
test_readback_scatter (void)
{
  SsdbFillSpec spec;
  double ends[32], even[32], bursts[32], halves[32], halved[32], rates[32];

  ssdb_fill_spec_init (&spec);
  for (guint k = 0; k < 32; k++)
    {
      ends[k] = k + 1;
      halves[k] = (k + 1) / 2.0;
      even[k] = 2000;
      /* Pairs of segments in 0.2 t and 1.8 t, t the time of 1 MiB at 1500 MB/s: each pair
       * reads at 1500 MB/s, single segments at 7500 and 833 MB/s. */
      bursts[k] = k % 2 == 0 ? 1500 / 0.2 : 1500 / 1.8;
    }

  /* 16 segments in bursts: 8 groups of two, each exactly 25 % slower; no scatter. */
  {
    g_autoptr (SsdbReadbackResult) r = ssdb_readback_result_new (&spec);

    add_read_segments (r, 1, 2000, ends, even, 16);
    add_read_segments (r, 2, 1500, ends, bursts, 16);
    ssdb_readback_summarize (r);
    g_assert_cmpfloat (fabs (r->noise_percent), <, 1e-9);
    g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
    g_assert_cmpfloat (fabs (r->difference_percent + 25), <, 1e-9);
  }

  /* Pass 2's segments are half as long, one of each MiB at 7500 MB/s and the other at 833: each
   * MiB reads at 1500 MB/s. The second half is the slow one in MiB 0-1, 4-5..., the fast one
   * in MiB 2-3, 6-7...: a scatter counted from the segment that ends where pass 1's does
   * would swing by a factor of 9 from group to group. */
  for (guint m = 0; m < 32; m++)
    halved[m] = ((m / 2) % 4 < 2) == (m % 2 == 0) ? 1500 / 0.2 : 1500 / 1.8;
  {
    g_autoptr (SsdbReadbackResult) r = ssdb_readback_result_new (&spec);

    add_read_segments (r, 1, 2000, ends, even, 16);
    add_read_segments (r, 2, 1500, halves, halved, 32);
    ssdb_readback_summarize (r);
    g_assert_cmpfloat (fabs (r->noise_percent), <, 1e-9);
    g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  }

  /* Four stretches of 1 MiB, then one of 28 MiB: five groups, the long one the last (groups
   * cut at eighths of the bytes would make two). Ratios 0.7575, 0.7425, 0.7575, 0.7425, 0.75:
   * the deviations from 0.75 are four of 0.0075 and 0, scale 1.4826 × 0.0075 = 1.11 %. */
  {
    g_autoptr (SsdbReadbackResult) r = ssdb_readback_result_new (&spec);
    double long_ends[5] = { 1, 2, 3, 4, 32 };
    double pass1[5] = { 2000, 2000, 2000, 2000, 2000 };

    for (guint k = 0; k < 4; k++)
      rates[k] = k % 2 == 0 ? 1515 : 1485;
    rates[4] = 1500;
    add_read_segments (r, 1, 2000, long_ends, pass1, 5);
    add_read_segments (r, 2, 1500, long_ends, rates, 5);
    ssdb_readback_summarize (r);
    g_assert_cmpfloat (fabs (r->noise_percent - 1.4826 * 0.75), <, 1e-6);
  }
}

/* Read-after-write against the reads' own scatter: found beyond the threshold, no effect below
 * it when the scatter could show it, inconclusive otherwise. */
static void
test_readback_words (void)
{
  SsdbFillSpec spec;
  g_autoptr (SsdbReadbackResult) r = NULL;

  ssdb_fill_spec_init (&spec);
  /* Without segments the scatter is not measured: 8 % cannot be told, 17 % can. */
  r = ssdb_readback_result_new (&spec);
  r->first_read_bytes_per_second = 1361e6;
  r->second_read_bytes_per_second = 1250e6;
  ssdb_readback_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  g_assert_cmpfloat (r->noise_percent, ==, -1);
  g_assert_cmpstr (r->words, ==,
                   "Data written by pass 2 reads at 1250 MB/s and data written by pass 1 at "
                   "1361 MB/s: a difference of 8 %, below the 10 % that single passes vary, and "
                   "the reads have too few segments to measure their noise: inconclusive.");
  r->second_read_bytes_per_second = 1127e6;
  ssdb_readback_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpstr (r->words, ==,
                   "Data written by pass 2 reads at 1127 MB/s, 17 % slower than data written by "
                   "pass 1 (1361 MB/s), beyond the 10 % that single passes vary: how the data "
                   "was written changes how it reads.");
  g_clear_pointer (&r, ssdb_readback_result_free);

  /* Pass 2's data reads 25 % slower everywhere, the ratio scattering by 1 %: found. The ratios
   * alternate 0.75 × (1 ± 0.01) / (1 ∓ 0.01)... here pass 1 is even and pass 2 wiggles by 1 %:
   * ratios 0.7575 and 0.7425, MAD 0.0075, scale 1.4826 × 0.75 = 1.1 %. */
  r = ssdb_readback_result_new (&spec);
  add_read (r, 1, 2000e6, 0, 8);
  add_read (r, 2, 1500e6, 0.01, 8);
  ssdb_readback_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpfloat (fabs (r->noise_percent - 1.4826 * 0.75), <, 1e-6);
  g_assert_cmpstr (r->words, ==,
                   "Data written by pass 2 reads at 1500 MB/s, 25 % slower than data written by "
                   "pass 1 (2000 MB/s), beyond the 10 % threshold (the larger of 10 % and three "
                   "times the 1.1 % the two reads differ from place to place): how the data was "
                   "written changes how it reads.");
  g_clear_pointer (&r, ssdb_readback_result_free);

  /* The same data read twice, 2 % apart, scatter 1.5 %: no effect. */
  r = ssdb_readback_result_new (&spec);
  add_read (r, 1, 2000e6, 0, 8);
  add_read (r, 2, 1960e6, 0.01, 8);
  ssdb_readback_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_NO_EFFECT);
  g_assert_cmpstr (r->words, ==,
                   "Data written by pass 2 reads at 1960 MB/s and data written by pass 1 at "
                   "2000 MB/s: a difference of 2 %, within the 10 % threshold, and the two reads "
                   "differ from place to place by 1.5 %: no effect; how the data was written "
                   "does not change how it reads.");
  g_clear_pointer (&r, ssdb_readback_result_free);

  /* Reads scattering by 12 % (a busy machine): 15 % is below three times that. */
  r = ssdb_readback_result_new (&spec);
  add_read (r, 1, 2000e6, 0, 8);
  add_read (r, 2, 1700e6, 0.08, 8);
  ssdb_readback_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  g_assert_cmpstr (r->words, ==,
                   "Data written by pass 2 reads at 1700 MB/s and data written by pass 1 at "
                   "2000 MB/s: a difference of 15 %, but the two reads differ from place to "
                   "place by 10.1 %, so a difference below 30 % cannot be told from noise: "
                   "inconclusive; run on a quieter machine.");
}

/* Each pass's data read twice: the difference between two reads of the same data sets the
 * threshold too. The first case is the one a loop device in RAM gave on its first run here
 * (pass 1's single read 4807 MB/s, pass 2's 5610 MB/s: "17 % faster, found" under the scatter
 * alone), with the second read of pass 1 at 5500 MB/s that a repeat of the read would show. */
static void
test_readback_repeat (void)
{
  SsdbFillSpec spec;
  g_autoptr (SsdbReadbackResult) r = NULL;

  ssdb_fill_spec_init (&spec);
  r = ssdb_readback_result_new (&spec);
  add_read (r, 1, 4807e6, 0, 8);
  add_read (r, 1, 5500e6, 0, 8);
  add_read (r, 2, 5610e6, 0, 8);
  add_read (r, 2, 5600e6, 0, 8);
  ssdb_readback_summarize (r);
  /* Rates of a pass: 2 / (1 / 4807 + 1 / 5500) = 5130.2 MB/s and 2 / (1 / 5610 + 1 / 5600) =
   * 5605.0 MB/s: 9.26 % apart. Repeats: 693 / 5153.5 = 13.45 % and 10 / 5605 = 0.18 %; the
   * threshold twice the larger, 26.9 %. */
  g_assert_cmpfloat (fabs (r->first_read_bytes_per_second - 2 / (1 / 4807e6 + 1 / 5500e6)), <, 1);
  g_assert_cmpfloat (fabs (r->second_read_bytes_per_second - 2 / (1 / 5610e6 + 1 / 5600e6)), <, 1);
  g_assert_cmpfloat (fabs (r->repeat_percent - 693 / 5153.5 * 100), <, 1e-9);
  g_assert_cmpfloat (fabs (r->difference_percent - 9.2546), <, 1e-3);
  g_assert_cmpfloat (r->noise_percent, ==, 0);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  g_assert_cmpstr (r->words, ==,
                   "Data written by pass 2 reads at 5605 MB/s and data written by pass 1 at "
                   "5130 MB/s: a difference of 9 %, but the two passes' reads differ from place "
                   "to place by 0.0 % and two reads of the same data by 13.4 %, so a difference "
                   "below 27 % cannot be told from noise: inconclusive; run on a quieter machine.");
  g_clear_pointer (&r, ssdb_readback_result_free);

  /* Pass 2's data reads at half the rate, each pass's two reads 1 % apart: found. */
  r = ssdb_readback_result_new (&spec);
  add_read (r, 1, 40e6, 0, 8);
  add_read (r, 1, 40.4e6, 0, 8);
  add_read (r, 2, 20e6, 0.01, 8);
  add_read (r, 2, 20.2e6, 0, 8);
  ssdb_readback_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpfloat (fabs (r->difference_percent + 50), <, 1e-9);
  g_assert_cmpstr (r->words, ==,
                   "Data written by pass 2 reads at 20 MB/s, 50 % slower than data written by "
                   "pass 1 (40 MB/s), beyond the 10 % threshold (the largest of 10 %, three "
                   "times the scatter from place to place and twice the difference between "
                   "reads of the same data; the two passes' reads differ from place to place by "
                   "0.7 % and two reads of the same data by 1.0 %): how the data was written "
                   "changes how it reads.");
  g_clear_pointer (&r, ssdb_readback_result_free);

  /* Four reads within 1 % of each other: no effect. */
  r = ssdb_readback_result_new (&spec);
  add_read (r, 1, 2000e6, 0, 8);
  add_read (r, 1, 2010e6, 0, 8);
  add_read (r, 2, 1990e6, 0.01, 8);
  add_read (r, 2, 2000e6, 0, 8);
  ssdb_readback_summarize (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_NO_EFFECT);
  g_assert_cmpstr (r->words, ==,
                   "Data written by pass 2 reads at 1995 MB/s and data written by pass 1 at "
                   "2005 MB/s: a difference of 0 %, within the 10 % threshold, and the two "
                   "passes' reads differ from place to place by 1.5 % and two reads of the same "
                   "data by 0.5 %: no effect; how the data was written does not change how it "
                   "reads.");
  g_clear_pointer (&r, ssdb_readback_result_free);

  /* The same, but two reads of the same data 6 % apart: a 10 % difference could hide. */
  r = ssdb_readback_result_new (&spec);
  add_read (r, 1, 2000e6, 0, 8);
  add_read (r, 1, 2124e6, 0, 8);
  add_read (r, 2, 2040e6, 0.01, 8);
  add_read (r, 2, 2050e6, 0, 8);
  ssdb_readback_summarize (r);
  g_assert_cmpfloat (fabs (r->repeat_percent - 124 / 2062.0 * 100), <, 1e-9);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);

  /* A stopped run: pass 2 read once, no repeat measured; the scatter alone decides, as for
   * reports made before the second read. */
  g_clear_pointer (&r, ssdb_readback_result_free);
  r = ssdb_readback_result_new (&spec);
  add_read (r, 1, 2000e6, 0, 8);
  add_read (r, 1, 2010e6, 0, 8);
  add_read (r, 2, 1500e6, 0.01, 8);
  ssdb_readback_summarize (r);
  g_assert_cmpfloat (r->repeat_percent, ==, -1);
  g_assert_cmpfloat (r->second_read_bytes_per_second, ==, 1500e6);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
}

static void
test_tests_parse (void)
{
  g_autoptr (GError) error = NULL;
  guint mask = 0;

  g_assert_true (
      ssdb_behaviour_tests_parse (SSDB_PROFILE_DEFAULT, "SEQ1M Q8T1, rnd4kq1t1", &mask, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (mask, ==, 1u | 8u);
  g_assert_false (ssdb_behaviour_tests_parse (SSDB_PROFILE_DEFAULT, "SEQ9M", &mask, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "Unknown test “SEQ9M”"));
  g_assert_nonnull (strstr (error->message, "RND4K Q32T1"));
}

static void
test_step_bytes (void)
{
  g_assert_cmpuint (ssdb_freespace_step_bytes (100 * MiB, 0, 4096), ==, 0);
  g_assert_cmpuint (ssdb_freespace_step_bytes (100 * MiB, 10, 4096), ==, 10 * MiB);
  g_assert_cmpuint (ssdb_freespace_step_bytes (100 * MiB, 100, 4096), ==, 100 * MiB);
  /* 10 % of 64 MiB is 6710886.4 bytes: down to 4 KiB. */
  g_assert_cmpuint (ssdb_freespace_step_bytes (64 * MiB, 10, 4096), ==, 6709248);
}

/* Saves @report, loads it back and saves it again: the same bytes. Then each of @breaks (pairs
 * of text to find and its replacement) makes the loader refuse the file with a message naming
 * @member_path; a %NULL path marks an edit of the words, which the loader replaces with the
 * analysis' own (the file loads and saves the original bytes again). */
static SsdbReport *
round_trip (SsdbReport *report, const char *const *breaks, const char *const *paths)
{
  g_autofree char *text = ssdb_report_to_data (report, NULL);
  g_autofree char *again = NULL;
  g_autoptr (GError) error = NULL;
  SsdbReport *loaded;

  loaded = ssdb_report_load_from_data (text, strlen (text), "behaviour.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, text);

  for (guint i = 0; breaks != NULL && breaks[i] != NULL; i += 2)
    {
      g_autoptr (GString) bad = g_string_new (text);
      g_autoptr (SsdbReport) refused = NULL;

      g_assert_cmpuint (g_string_replace (bad, breaks[i], breaks[i + 1], 1), ==, 1);
      if (paths[i / 2] == NULL)
        {
          g_autoptr (SsdbReport) edited
              = ssdb_report_load_from_data (bad->str, bad->len, "behaviour.json", &error);
          g_autofree char *resaved = NULL;

          g_assert_no_error (error);
          resaved = ssdb_report_to_data (edited, NULL);
          g_assert_cmpstr (resaved, ==, text);
          continue;
        }
      refused = ssdb_report_load_from_data (bad->str, bad->len, "behaviour.json", &error);
      g_assert_null (refused);
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, paths[i / 2]));
      g_clear_error (&error);
    }
  return loaded;
}

static const SsdbTargetInfo fake_target = {
  .kind = SSDB_TARGET_DEVICE,
  .path = (char *)"/dev/zram9",
  .name = (char *)"zram9",
  .disk_name = (char *)"zram9",
  .size_bytes = 1024 * MiB,
  .logical_block_size = 4096,
  .physical_block_size = 4096,
  .dio_mem_align = 4096,
  .dio_offset_align = 4096,
  .direct_io = TRUE,
};

static void
add_full_level (SsdbCompressionResult *r, SsdbDataPattern data, guint64 write_ns, guint64 read_ns)
{
  SsdbCompressionPoint p = { 0 };

  p.data = data;
  p.write_bytes = p.read_bytes = r->spec.span_length;
  p.write_window_ns = write_ns;
  p.read_window_ns = read_ns;
  p.write_bytes_per_second = (double)p.write_bytes * 1e9 / (double)write_ns;
  p.read_bytes_per_second = (double)p.read_bytes * 1e9 / (double)read_ns;
  g_array_append_val (r->points, p);
}

/* A whole run of @step_percent with zeros over 256 MiB: level i written in 1 / (i + 1) s and
 * read in 0.25 s, three passes 2 % apart at most. */
static SsdbCompressionResult *
made_compression (guint step_percent)
{
  SsdbCompressionSpec spec;
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  SsdbCompressionResult *r;
  guint n;

  ssdb_compression_spec_init (&spec);
  spec.step_percent = step_percent;
  r = ssdb_compression_result_new (&spec);
  n = ssdb_compression_levels (step_percent, TRUE, levels);
  for (guint i = 0; i < n; i++)
    {
      SsdbCompressionPoint *p;

      add_full_level (r, levels[i], 1000000000 / (i + 1), 250000000);
      p = &g_array_index (r->points, SsdbCompressionPoint, i);
      p->n_passes = 3;
      for (guint k = 0; k < 3; k++)
        {
          p->write_passes[k] = p->write_bytes_per_second * (1 - 0.01 * k);
          p->read_passes[k] = p->read_bytes_per_second * (1 - 0.01 * k);
        }
    }
  ssdb_compression_summarize (r);
  return r;
}

static void
test_report_compression (void)
{
  g_autoptr (SsdbCompressionResult) r = NULL;
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (SsdbReport) loaded = NULL;
  const char *const breaks[] = {
    "\"data\" : \"compressible-25\"",
    "\"data\" : \"compressible-50\"",
    "\"compresses\" : true",
    "\"compresses\" : false",
    "\"write_bytes\" : 268435456",
    "\"write_bytes\" : 268435455",
    "Writes of zeros",
    "Writes of nothing",
    "\"verdict\" : \"found\"",
    "\"verdict\" : \"maybe\"",
    "\"write_passes\" : [\n            268435456.0,",
    "\"write_passes\" : [\n            268435457.0,",
    NULL,
  };
  const char *const paths[] = {
    "tests[0].levels[1].data: level 2 of a test in steps of 25 % (step_percent) is "
    "“compressible-25”",
    "tests[0].compresses: contradicts the ratios",
    "tests[0].levels[0].write_bytes",
    NULL, /* edited words: the analysis' words come back */
    "tests[0].verdict: \"maybe\" is not",
    "tests[0].levels[0].write_passes[0]: a pass's rate from 0 to the best",
  };

  r = made_compression (SSDB_COMPRESSION_DEFAULT_STEP);
  g_assert_true (r->compresses);
  g_assert_cmpfloat (fabs (r->noise - 0.02), <, 1e-9);
  report = ssdb_report_new (&fake_target, NULL);
  ssdb_report_set_compression (report, r);
  loaded = round_trip (report, breaks, paths);
  g_assert_nonnull (loaded->compression);
  g_assert_cmpuint (loaded->compression->spec.step_percent, ==, SSDB_COMPRESSION_DEFAULT_STEP);
  {
    /* The default step is not written: reports of today's levels keep their bytes. */
    g_autofree char *text = ssdb_report_to_data (report, NULL);

    g_assert_null (strstr (text, "step_percent"));
  }
  g_assert_cmpuint (loaded->compression->points->len, ==, 6);
  g_assert_cmpstr (loaded->compression->words, ==, r->words);
  g_assert_cmpint (loaded->compression->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpfloat (fabs (loaded->compression->noise - 0.02), <, 1e-9);
  g_assert_cmpuint (g_array_index (loaded->compression->points, SsdbCompressionPoint, 5).n_passes,
                    ==, 3);
}

/* The levels each step makes; steps that are not divisors of 100 from 5 to 50 are refused. */
static void
test_compression_step_levels (void)
{
  static const struct
  {
    guint step, n_with_zero;
  } steps[] = { { 5, 22 }, { 10, 12 }, { 20, 7 }, { 25, 6 }, { 50, 4 } };
  static const guint refused[] = { 0, 1, 2, 3, 4, 7, 15, 30, 40, 60, 100 };
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  SsdbCompressionSpec spec;

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      guint n = ssdb_compression_levels (steps[i].step, TRUE, levels);

      g_assert_true (ssdb_compression_step_is_valid (steps[i].step));
      g_assert_cmpuint (n, ==, steps[i].n_with_zero);
      g_assert_cmpuint (n, <=, SSDB_COMPRESSION_MAX_LEVELS);
      g_assert_cmpint (levels[0].kind, ==, SSDB_DATA_RANDOM);
      for (guint k = 1; k + 1 < n; k++)
        {
          g_assert_cmpint (levels[k].kind, ==, SSDB_DATA_COMPRESSIBLE);
          g_assert_cmpuint (levels[k].compressible_percent, ==, k * steps[i].step);
        }
      g_assert_cmpuint (levels[n - 2].compressible_percent, ==, 100);
      g_assert_cmpint (levels[n - 1].kind, ==, SSDB_DATA_ZERO);
      g_assert_cmpuint (ssdb_compression_levels (steps[i].step, FALSE, levels), ==, n - 1);
    }
  /* AS SSD's eleven levels: 0, 10 ... 100 %. */
  g_assert_cmpuint (ssdb_compression_levels (SSDB_COMPRESSION_AS_SSD_STEP, FALSE, levels), ==, 11);
  g_assert_cmpuint (levels[3].compressible_percent, ==, 30);

  ssdb_compression_spec_init (&spec);
  g_assert_cmpuint (spec.step_percent, ==, 25);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (SsdbCompressionResult) r = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *want = g_strdup_printf ("Step %u %%", refused[i]);

      g_assert_false (ssdb_compression_step_is_valid (refused[i]));
      /* A refused step counts as the default where no check stands before. */
      g_assert_cmpuint (ssdb_compression_levels (refused[i], TRUE, levels), ==, 6);
      spec.step_percent = refused[i];
      r = ssdb_compression_result_new (&spec);
      g_assert_false (ssdb_compression_result_check (r, &fake_target, &error));
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, want));
    }

  /* More levels, longer runs: 12 levels of 3 passes against 6. */
  {
    SsdbRunEstimate e25 = { 0 }, e10 = { 0 };
    g_autoptr (SsdbCompressionResult) r25 = NULL, r10 = NULL;

    ssdb_compression_spec_init (&spec);
    r25 = ssdb_compression_result_new (&spec);
    spec.step_percent = 10;
    r10 = ssdb_compression_result_new (&spec);
    g_assert_true (ssdb_compression_estimate (r25, 0, &e25));
    g_assert_true (ssdb_compression_estimate (r10, 0, &e10));
    g_assert_cmpuint (e25.write_bytes, ==, (6 * 3 + 1) * spec.span_length);
    g_assert_cmpuint (e10.write_bytes, ==, (12 * 3 + 1) * spec.span_length);
    g_assert_cmpuint (e10.read_bytes, ==, 12 * 3 * spec.span_length);
  }
}

/* With eleven levels the verdict still weighs the spread measured between passes: zeros 1.4×
 * as fast as random data are found when passes differ by 4 %, inconclusive when the passes of
 * a level the default step runs too (50 %) differ by 15 % (the threshold becomes 1.45×); flat
 * levels with a small spread are no effect; a spread of 50 % at a level only the finer step
 * runs (30 %) does not raise the threshold. */
static void
test_compression_step_verdict (void)
{
  SsdbCompressionSpec spec;

  ssdb_compression_spec_init (&spec);
  spec.step_percent = 10;
  for (guint c = 0; c < 4; c++)
    {
      g_autoptr (SsdbCompressionResult) r = ssdb_compression_result_new (&spec);

      for (guint p = 0; p <= 100; p += 10)
        {
          /* Flat: every level 2 % of random data; otherwise rising to 1.3× at 100 %. */
          double w = c == 2 ? 100e6 * (1 + 0.002 * (p % 20)) : 100e6 * (1 + 0.003 * p);
          double spread = c == 1 && p == 50 ? 0.15 : c == 3 && p == 30 ? 0.5 : 0.04;

          add_level_passes (r, p == 0 ? SSDB_DATA_RANDOM : SSDB_DATA_COMPRESSIBLE, p, w, 200e6,
                            spread);
        }
      add_level_passes (r, SSDB_DATA_ZERO, 0, c == 2 ? 101e6 : 140e6, 200e6, 0.04);
      ssdb_compression_summarize (r);
      g_test_message ("%s", r->words);
      switch (c)
        {
          case 0:
          case 3:
            g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
            g_assert_cmpfloat (fabs (r->noise - 0.04), <, 1e-9);
            g_assert_nonnull (strstr (r->words, "Writes of zeros run 1.4×"));
            g_assert_nonnull (strstr (r->words, "(passes differed by up to 4 % at 0, 50, 100 % "
                                                "compressible and zeros)"));
            break;
          case 1:
            g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
            g_assert_cmpfloat (fabs (r->noise - 0.15), <, 1e-9);
            g_assert_nonnull (strstr (r->words, "Passes differed by up to 15 %"));
            break;
          default:
            g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_NO_EFFECT);
            break;
        }
    }
}

/* A report of AS SSD's 10 % step: written with its step, saved again to the same bytes, and
 * refused with a step that is not allowed or levels that do not follow the step. */
static void
test_report_compression_steps (void)
{
  g_autoptr (SsdbCompressionResult) r = NULL;
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (SsdbReport) loaded = NULL;
  g_autofree char *text = NULL;
  const char *const breaks[] = {
    "\"step_percent\" : 10,",
    "\"step_percent\" : 7,",
    "\"step_percent\" : 10,",
    "\"step_percent\" : 20,",
    "\"step_percent\" : 10,",
    "",
    "\"data\" : \"compressible-10\"",
    "\"data\" : \"compressible-25\"",
    "\"step_percent\" : 10,",
    "\"step_percent\" : \"10\",",
    NULL,
  };
  const char *const paths[] = {
    "tests[0].step_percent: 7 is not a step of the compression test (5, 10, 20, 25 or 50)",
    "tests[0].levels: 12 levels, more than the 7 of a test in steps of 20 % (step_percent) "
    "with zeros",
    "tests[0].levels: 12 levels, more than the 6 of a test in steps of 25 % (step_percent)",
    "tests[0].levels[1].data: level 2 of a test in steps of 10 % (step_percent) is "
    "“compressible-10”",
    "tests[0].step_percent",
  };

  r = made_compression (10);
  g_assert_cmpuint (r->points->len, ==, 12);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  report = ssdb_report_new (&fake_target, NULL);
  ssdb_report_set_compression (report, r);
  text = ssdb_report_to_data (report, NULL);
  g_assert_nonnull (strstr (text, "\"include_zero\" : true,\n      \"step_percent\" : 10,\n"));
  loaded = round_trip (report, breaks, paths);
  g_assert_cmpuint (loaded->compression->spec.step_percent, ==, 10);
  g_assert_cmpuint (loaded->compression->points->len, ==, 12);
  g_assert_cmpuint (g_array_index (loaded->compression->points, SsdbCompressionPoint, 7)
                        .data.compressible_percent,
                    ==, 70);
  g_assert_cmpint (loaded->compression->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpstr (loaded->compression->words, ==, r->words);

  /* A cancelled run keeps the levels it measured, in the step's order. */
  {
    g_autoptr (SsdbReport) part = NULL, part_loaded = NULL;
    g_autoptr (SsdbCompressionResult) c = ssdb_compression_result_dup (r);

    g_array_set_size (c->points, 4);
    c->cancelled = TRUE;
    ssdb_compression_summarize (c);
    part = ssdb_report_new (&fake_target, NULL);
    ssdb_report_set_compression (part, c);
    part_loaded = round_trip (part, NULL, NULL);
    g_assert_cmpuint (part_loaded->compression->points->len, ==, 4);
  }
}

static SsdbTrimResult *
made_trim (void)
{
  SsdbTrimSpec spec;
  SsdbTrimResult *r;
  const char *names[] = { "SEQ1M Q8T1", "RND4K Q1T1" };

  ssdb_trim_spec_init (&spec);
  spec.span_length = 512 * MiB;
  spec.rounds = 3;
  r = ssdb_trim_result_new (&spec);
  for (guint i = 0; i < 3; i++)
    {
      SsdbTrimRound rd = { 512 * MiB, 1000000000, 512.0 * MiB, 512 * MiB, 2000000 };

      g_array_append_val (r->rounds, rd);
    }
  for (guint i = 0; i < 4; i++)
    {
      SsdbTrimTest t = { 0 };

      g_strlcpy (t.name, names[i % 2], sizeof t.name);
      t.rw = i < 2 ? SSDB_RW_READ : SSDB_RW_WRITE;
      t.before_bytes_per_second = 1000e6 / (i + 1);
      t.after_bytes_per_second = t.before_bytes_per_second * (0.5 + 0.2 * i);
      /* Spreads of three passes, one not measured (written as -1). */
      t.before_spread_percent = i == 3 ? -1 : 2.5 + i;
      t.after_spread_percent = 3.5;
      g_array_append_val (r->tests, t);
    }
  ssdb_trim_summarize (r);
  return r;
}

static void
test_report_trim (void)
{
  g_autoptr (SsdbTrimResult) r = made_trim ();
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (SsdbReport) loaded = NULL;
  const char *const breaks[] = {
    "\"name\" : \"SEQ1M Q8T1\"",
    "\"name\" : \"SEQ2M Q8T1\"",
    "\"retention_percent\" : 50",
    "\"retention_percent\" : 51",
    "\"deleted_bytes\" : 536870912",
    "\"deleted_bytes\" : 0",
    "\"rounds\" : 3",
    "\"rounds\" : 2",
    "\"before_spread_percent\" : 2.5",
    "\"before_spread_percent\" : -0.5",
    "\"count\" : 3",
    "\"count\" : 1",
    NULL,
  };
  const char *const paths[] = {
    "tests[0].results[0].name: “SEQ2M Q8T1” is not a test of the default profile",
    "tests[0].results[0].retention_percent",
    "tests[0].round_results[0].deleted_bytes",
    "tests[0].round_results: 3 elements, more than the 2 allowed",
    "tests[0].results[0].before_spread_percent: must be -1 (not measured) or 0 to 100",
    "tests[0].results[0].before_spread_percent: the summary ran one pass",
  };

  g_assert_cmpfloat (fabs (r->min_retention_percent - 50), <, 1e-9);
  /* One test's spread is not measured: the noise is not. */
  g_assert_cmpfloat (r->noise_percent, ==, -1);
  report = ssdb_report_new (&fake_target, NULL);
  ssdb_report_set_trim (report, r);
  loaded = round_trip (report, breaks, paths);
  g_assert_nonnull (loaded->trim);
  g_assert_cmpuint (loaded->trim->tests->len, ==, 4);
  g_assert_cmpstr (loaded->trim->words, ==, r->words);
}

/* A random-write stress before the rounds: in the report only then, its numbers checked
 * against each other, named in the words. */
static void
test_report_stress (void)
{
  g_autoptr (SsdbTrimResult) r = made_trim ();
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (SsdbReport) loaded = NULL;
  const SsdbStressResult stress
      = { 4096, 32, 131072, 512 * MiB, 2000000000, 65536, TRUE, 512 * MiB };
  const char *const breaks[] = {
    "\"ios\" : 131072",
    "\"ios\" : 131071",
    "\"iops\" : 65536",
    "\"iops\" : 65537",
    "\"block_size\" : 4096,\n        \"queue_depth\"",
    "\"block_size\" : 4000,\n        \"queue_depth\"",
    NULL,
  };
  const char *const paths[] = {
    "tests[0].stress.bytes: must be ios × block_size",
    "tests[0].stress.iops: must be the writes over the window",
    "tests[0].stress.block_size: must be a multiple of 512",
  };
  g_autofree char *text = NULL;

  g_assert_cmpuint (r->spec.span_length, ==, 512 * MiB);
  {
    /* without a stress, the report has none */
    g_autoptr (SsdbReport) plain = ssdb_report_new (&fake_target, NULL);
    g_autofree char *json = NULL;

    ssdb_report_set_trim (plain, r);
    json = ssdb_report_to_data (plain, NULL);
    g_assert_null (strstr (json, "\"stress\""));
  }
  r->spec.stress = TRUE;
  r->stress = stress;
  ssdb_trim_summarize (r);
  g_assert_true (g_str_has_prefix (r->words, "After a random-write stress (536.9 MB in 4 KiB "
                                             "writes) and 3 rounds of filling and deleting"));
  report = ssdb_report_new (&fake_target, NULL);
  ssdb_report_set_trim (report, r);
  loaded = round_trip (report, breaks, paths);
  g_assert_true (loaded->trim->spec.stress);
  g_assert_cmpuint (loaded->trim->stress.block_size, ==, 4096);
  g_assert_cmpuint (loaded->trim->stress.queue_depth, ==, 32);
  g_assert_cmpuint (loaded->trim->stress.ios, ==, 131072);
  g_assert_cmpuint (loaded->trim->stress.bytes, ==, 512 * MiB);
  g_assert_cmpuint (loaded->trim->stress.window_ns, ==, 2000000000);
  g_assert_cmpfloat (loaded->trim->stress.iops, ==, 65536);
  g_assert_true (loaded->trim->stress.counters_valid);
  g_assert_cmpuint (loaded->trim->stress.device_write_bytes, ==, 512 * MiB);
  g_assert_cmpstr (loaded->trim->words, ==, r->words);
  text = ssdb_csv_format_text (loaded, SSDB_TEST_KIND_TRIM, NULL);
  g_assert_nonnull (strstr (text, "First a random-write stress: 536.9 MB in 4 KiB writes at "
                                  "random positions of the span, QD32, in 2.00 s (65536 IOPS); "
                                  "the device counted 536.9 MB written"));
}

static SsdbFreespaceResult *
made_freespace (void)
{
  SsdbFreespaceSpec spec;
  SsdbFreespaceResult *r;

  ssdb_freespace_spec_init (&spec);
  spec.span_length = 100 * MiB;
  spec.step_percent = 25;
  g_assert_true (
      ssdb_behaviour_tests_parse (spec.summary.profile, "SEQ1M Q8T1", &spec.test_mask, NULL));
  r = ssdb_freespace_result_new (&spec);
  for (guint i = 0; i < 5; i++)
    {
      SsdbFreespaceStep s = { 0 };
      SsdbTestRate t = { 0 };

      s.used_percent = 25 * i;
      s.used_bytes = ssdb_freespace_step_bytes (spec.span_length, s.used_percent, 4096);
      s.fill_bytes = i ? 25 * MiB : 0;
      s.device_write_bytes = s.fill_bytes;
      s.counters_valid = TRUE;
      s.fill_ns = i ? 50000000 : 0;
      s.rates = g_array_new (FALSE, TRUE, sizeof (SsdbTestRate));
      g_strlcpy (t.name, "SEQ1M Q8T1", sizeof t.name);
      t.rw = SSDB_RW_READ;
      t.bytes_per_second = 3000e6 - 200e6 * i;
      g_array_append_val (s.rates, t);
      t.rw = SSDB_RW_WRITE;
      t.bytes_per_second = 2000e6 - 400e6 * i;
      g_array_append_val (s.rates, t);
      g_array_append_val (r->steps, s);
    }
  ssdb_freespace_summarize (r);
  return r;
}

/* The multiple of the noise a free-space drop must exceed: Student's t (one-sided 99.9 %) for
 * the steps' degrees of freedom, never below 4. A drift of 11 % over five steps whose noise,
 * from their three second differences, reads only 1.4 % is no finding. */
static void
test_freespace_noise_multiple (void)
{
  const double writes[] = { 3243e6, 3300e6, 3200e6, 3000e6, 2836e6 };
  g_autoptr (SsdbFreespaceResult) r = made_freespace ();
  double noise, change, threshold;

  g_assert_cmpfloat (ssdb_freespace_noise_multiple (3), ==, 4.0);
  g_assert_cmpfloat_with_epsilon (ssdb_freespace_noise_multiple (4), 22.327, 1e-9);
  g_assert_cmpfloat_with_epsilon (ssdb_freespace_noise_multiple (5), 10.215, 1e-9);
  g_assert_cmpfloat_with_epsilon (ssdb_freespace_noise_multiple (11), 4.297, 1e-9);
  g_assert_cmpfloat_with_epsilon (ssdb_freespace_noise_multiple (13), 4.025, 1e-9);
  g_assert_cmpfloat (ssdb_freespace_noise_multiple (14), ==, 4.0);
  g_assert_cmpfloat (ssdb_freespace_noise_multiple (100), ==, 4.0);

  for (guint i = 0; i < 5; i++)
    {
      GArray *rates = g_array_index (r->steps, SsdbFreespaceStep, i).rates;

      g_array_remove_index (rates, 0);
      g_array_index (rates, SsdbTestRate, 0).bytes_per_second = writes[i];
    }
  ssdb_freespace_summarize (r);
  /* by hand: second differences −157/3300, −100/3200, 36/3000; their root mean square over
   * sqrt 6 is 1.371 %; the last two steps average 10.81 % below the first two */
  noise = ssdb_freespace_test_noise (r, 0, &threshold);
  g_assert_cmpfloat_with_epsilon (threshold, 10.215 * noise, 1e-12);
  change = (writes[3] + writes[4]) / (writes[0] + writes[1]) - 1;
  g_assert_cmpfloat_with_epsilon (noise, 0.013714, 1e-5);
  g_assert_cmpfloat_with_epsilon (change, -0.10806, 1e-5);
  /* beyond 10 % and 4 × the noise, but not 10.2 × it */
  g_assert_cmpfloat (-change, >, SSDB_FREESPACE_MIN_DROP);
  g_assert_cmpfloat (-change, >, SSDB_FREESPACE_NOISE_MULTIPLE * noise);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  g_assert_cmpstr (r->words, ==,
                   "Inconclusive: with the span 100 % full, SEQ1M Q8T1 write runs at 87 % of "
                   "its speed on the empty span (2836 against 3243 MB/s); its last two steps "
                   "average 11 % below its first two, but it scatters by 1.4 % between "
                   "neighbouring steps, and with 5 steps a drop must exceed 14 % (10.2 × that) "
                   "to be told from noise; run more summary passes per step, or smaller steps.");
}

static void
test_report_freespace (void)
{
  g_autoptr (SsdbFreespaceResult) r = made_freespace ();
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (SsdbReport) loaded = NULL;
  const char *const breaks[] = {
    "\"used_percent\" : 50",
    "\"used_percent\" : 40",
    "\"fill_bytes\" : 26214400",
    "\"fill_bytes\" : 26214401",
    "\"rw\" : \"write\"",
    "\"rw\" : \"mix\"",
    NULL,
  };
  const char *const paths[] = {
    "tests[0].steps[2].used_percent: step 3 of 25 % steps is at 50 %",
    "tests[0].steps[1].used_bytes: contradicts the step",
    "every step runs the tests of the first step",
  };

  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpstr (r->words, ==,
                   "With the span 100 % full, SEQ1M Q8T1 write runs at 20 % of its speed on the "
                   "empty span (400 against 2000 MB/s): this device slows down as it fills. Its "
                   "last two steps average 67 % below its first two, more than the 10 % a drop "
                   "needs (the larger of 10 % and 10.2 × the noise of 0.0 % between the 5 "
                   "steps).");
  /* Rates that rise as the span fills (read 3000 → 2200, write made to rise) are not read as
   * a property of the device. */
  {
    g_autoptr (SsdbFreespaceResult) rising = made_freespace ();

    for (guint i = 0; i < rising->steps->len; i++)
      {
        GArray *rates = g_array_index (rising->steps, SsdbFreespaceStep, i).rates;

        for (guint k = 0; k < rates->len; k++)
          g_array_index (rates, SsdbTestRate, k).bytes_per_second = 1000e6 * (1 + 0.5 * i);
      }
    ssdb_freespace_summarize (rising);
    g_assert_cmpint (rising->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
    g_assert_cmpstr (rising->words, ==,
                     "Inconclusive: with the span 100 % full every test runs faster than on the "
                     "empty span (300 % or more of its speed): free space does not slow this "
                     "device down, but a rise this large is more likely noise in the first step "
                     "than the device; run with more passes.");
  }
  /* One noisy step at the end of a steady device (zram on a busy machine): not "slows down" */
  {
    g_autoptr (SsdbFreespaceResult) noisy = made_freespace ();
    static const double write[] = { 2000e6, 1500e6, 2300e6, 1700e6, 1300e6 };

    for (guint i = 0; i < noisy->steps->len; i++)
      {
        GArray *rates = g_array_index (noisy->steps, SsdbFreespaceStep, i).rates;

        g_array_index (rates, SsdbTestRate, 0).bytes_per_second = 3000e6;
        g_array_index (rates, SsdbTestRate, 1).bytes_per_second = write[i];
      }
    ssdb_freespace_summarize (noisy);
    g_test_message ("%s", noisy->words);
    g_assert_cmpint (noisy->verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
    g_assert_true (g_str_has_prefix (noisy->words, "Inconclusive: with the span 100 % full, "
                                                   "SEQ1M Q8T1 write runs at 65 % of its speed"));
  }
  report = ssdb_report_new (&fake_target, NULL);
  ssdb_report_set_freespace (report, r);
  loaded = round_trip (report, breaks, paths);
  g_assert_nonnull (loaded->freespace);
  g_assert_cmpuint (loaded->freespace->steps->len, ==, 5);
  g_assert_cmpstr (loaded->freespace->words, ==, r->words);
}

/* The painters: bars from 0 to the rate on the drawn axis, the line points at their step. */
static void
test_painters (void)
{
  g_autoptr (SsdbCompressionResult) c = NULL;
  g_autoptr (SsdbTrimResult) t = made_trim ();
  g_autoptr (SsdbFreespaceResult) f = made_freespace ();
  SsdbCompressionSpec spec;
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  SsdbBehaviourView view;
  cairo_rectangle_t plot, bar, bar2;
  SsdbAxis axis;
  SsdbStyle style;
  cairo_surface_t *surface;
  cairo_t *cr;
  double x, y, x2, y2;
  guint n;

  ssdb_compression_spec_init (&spec);
  c = ssdb_compression_result_new (&spec);
  n = ssdb_compression_levels (SSDB_COMPRESSION_DEFAULT_STEP, TRUE, levels);
  for (guint i = 0; i < n; i++)
    add_full_level (c, levels[i], 1000000000 / (i + 1), 250000000);
  ssdb_compression_summarize (c);

  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 900, 600);
  cr = cairo_create (surface);

  ssdb_behaviour_view_init (&view, SSDB_BEHAVIOUR_COMPRESSION);
  view.compression = c;
  ssdb_behaviour_painter_draw (&view, &style, cr, 900, 600);
  ssdb_behaviour_painter_get_plot_rect (&view, 900, 600, &plot);
  ssdb_behaviour_painter_get_rate_axis (&view, 900, 600, &axis);
  g_assert_cmpfloat (axis.hi * axis.divisor, >=, 6 * 268435456.0);
  g_assert_true (ssdb_behaviour_painter_get_bar_rect (&view, 900, 600, 0, 0, &bar));
  g_assert_true (ssdb_behaviour_painter_get_bar_rect (&view, 900, 600, 5, 0, &bar2));
  /* Six times the rate, six times the height, both from the plot's bottom. */
  g_assert_cmpfloat (fabs (bar.y + bar.height - (plot.y + plot.height)), <, 1e-6);
  g_assert_cmpfloat (fabs (bar2.height - 6 * bar.height), <, 1e-6 * bar2.height);
  g_assert_cmpfloat (bar2.x, >, bar.x);
  g_assert_false (ssdb_behaviour_painter_get_bar_rect (&view, 900, 600, 6, 0, &bar));

  ssdb_behaviour_view_init (&view, SSDB_BEHAVIOUR_TRIM);
  view.trim = t;
  ssdb_behaviour_painter_draw (&view, &style, cr, 900, 600);
  g_assert_true (ssdb_behaviour_painter_get_bar_rect (&view, 900, 600, 0, 0, &bar));
  g_assert_true (ssdb_behaviour_painter_get_bar_rect (&view, 900, 600, 0, 1, &bar2));
  /* After is half of before for the first test. */
  g_assert_cmpfloat (fabs (bar2.height - 0.5 * bar.height), <, 1e-6);
  g_assert_cmpfloat (fabs (bar2.x - (bar.x + bar.width)), <, 1e-6);

  ssdb_behaviour_view_init (&view, SSDB_BEHAVIOUR_FREESPACE);
  view.freespace = f;
  ssdb_behaviour_painter_draw (&view, &style, cr, 900, 600);
  ssdb_behaviour_painter_get_plot_rect (&view, 900, 600, &plot);
  g_assert_true (ssdb_behaviour_painter_get_point (&view, 900, 600, 0, 0, &x, &y));
  g_assert_true (ssdb_behaviour_painter_get_point (&view, 900, 600, 0, 4, &x2, &y2));
  g_assert_cmpfloat (fabs (x - plot.x), <, 1e-6);
  g_assert_cmpfloat (fabs (x2 - (plot.x + plot.width)), <, 1e-6);
  g_assert_cmpfloat (y2, >, y);
  g_assert_false (ssdb_behaviour_painter_get_point (&view, 900, 600, 2, 0, &x, &y));
  g_assert_false (ssdb_behaviour_painter_get_bar_rect (&view, 900, 600, 0, 0, &bar));

  /* Empty charts draw without a result. */
  ssdb_behaviour_view_init (&view, SSDB_BEHAVIOUR_TRIM);
  ssdb_behaviour_painter_draw (&view, &style, cr, 900, 600);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* ---- real targets ---- */

static void
loop_new (SsdbTestLoop *l, const char *size)
{
  ssdb_test_loop_new (l, "/dev/shm/ssdb-behaviour-XXXXXX", "disk.img", size, 0);
}

/* Bytes written to @dev ("/dev/zram3") by its own count. */
static guint64
sys_written_bytes (const char *dev)
{
  guint64 read, written;

  ssdb_test_device_bytes (dev, &read, &written);
  return written;
}

/* The (pass, level) pairs a compression run reports, in the order they start. */
static void
on_compression_turn (SsdbCompressionResult *result, guint level, guint pass, SsdbRw rw,
                     double fraction, double bytes_per_second, gpointer user_data)
{
  GArray *turns = user_data;
  guint turn = pass * 100 + level;

  (void)result;
  (void)rw;
  (void)fraction;
  (void)bytes_per_second;
  if (turns->len == 0 || g_array_index (turns, guint, turns->len - 1) != turn)
    g_array_append_val (turns, turn);
}

static void
test_compression_zram (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbCompressionResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbCompressionSpec spec;
  const SsdbCompressionPoint *random = NULL, *zero = NULL, *full = NULL;

  if (!ssdb_test_need_root ("zram and loop devices")
      || (dev = ssdb_test_zram_new (192 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_WRITE, dev, 0, &error);
  g_assert_no_error (error);

  ssdb_compression_spec_init (&spec);
  spec.span_length = 128 * MiB;
  /* Best of three passes per level: one slow pass on a busy machine does not decide. */
  spec.passes = 3;
  /* zram stores zero-filled pages without compressing them and compressible pages in less
   * memory: both write faster than random data, and the words flag the device. (The partly
   * compressible levels cost zram about as much CPU as random data, so only their best is held
   * to beat it.) A machine busy with other work can slow one level's three passes; then the
   * whole run is repeated, up to three runs, and the last one must hold. */
  for (guint attempt = 1; attempt <= 3; attempt++)
    {
      double best_partial = 0;
      gboolean holds;

      g_clear_pointer (&r, ssdb_compression_result_free);
      r = ssdb_compression_result_new (&spec);
      g_assert_true (ssdb_compression_run (t, r, NULL, NULL, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (r->points->len, ==, 6);
      for (guint i = 0; i < r->points->len; i++)
        {
          const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, i);
          g_autofree char *name = ssdb_data_pattern_to_string (&p->data);

          g_assert_cmpuint (p->write_bytes, ==, spec.span_length);
          g_assert_cmpuint (p->read_bytes, ==, spec.span_length);
          g_assert_cmpfloat (p->write_bytes_per_second, >, 0);
          g_assert_cmpfloat (p->read_bytes_per_second, >, 0);
          g_test_message ("run %u: %-16s write %7.1f MB/s  read %7.1f MB/s", attempt, name,
                          p->write_bytes_per_second / 1e6, p->read_bytes_per_second / 1e6);
        }
      random = &g_array_index (r->points, SsdbCompressionPoint, 0);
      full = &g_array_index (r->points, SsdbCompressionPoint, 4);
      zero = &g_array_index (r->points, SsdbCompressionPoint, 5);
      for (guint i = 1; i <= 3; i++)
        best_partial
            = MAX (best_partial,
                   g_array_index (r->points, SsdbCompressionPoint, i).write_bytes_per_second);
      g_test_message ("run %u: %s", attempt, r->words);
      holds = zero->write_bytes_per_second > 1.3 * random->write_bytes_per_second
              && full->write_bytes_per_second > 1.3 * random->write_bytes_per_second
              && best_partial > random->write_bytes_per_second && r->compresses;
      if (holds || attempt == 3)
        {
          g_assert_cmpfloat (zero->write_bytes_per_second, >, 1.3 * random->write_bytes_per_second);
          g_assert_cmpfloat (full->write_bytes_per_second, >, 1.3 * random->write_bytes_per_second);
          g_assert_cmpfloat (best_partial, >, random->write_bytes_per_second);
          break;
        }
    }
  g_assert_true (r->compresses);
  g_assert_nonnull (strstr (r->words, "faster than random data"));
  g_assert_nonnull (strstr (r->words, "overstate this device"));

  /* The order of the jobs: one preparing write of random data (pass 0), then the levels in
   * turn, forwards on the first pass and backwards on the second; the device counts the
   * preparing write and one write per level and pass. */
  {
    g_autoptr (GArray) turns = g_array_new (FALSE, FALSE, sizeof (guint));
    const guint expected[] = { 0, 100, 101, 102, 103, 104, 105, 205, 204, 203, 202, 201, 200 };
    guint64 w0;

    spec.span_length = 8 * MiB;
    spec.passes = 2;
    g_clear_pointer (&r, ssdb_compression_result_free);
    r = ssdb_compression_result_new (&spec);
    w0 = sys_written_bytes (dev);
    g_assert_true (ssdb_compression_run (t, r, on_compression_turn, turns, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (sys_written_bytes (dev) - w0, ==, (1 + 6 * 2) * spec.span_length);
    g_assert_cmpmem (turns->data, turns->len * sizeof (guint), expected, sizeof expected);
    g_assert_cmpuint (r->points->len, ==, 6);
    for (guint i = 0; i < 6; i++)
      {
        const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, i);

        g_assert_cmpuint (p->n_passes, ==, 2);
        g_assert_cmpfloat (p->write_bytes_per_second, ==,
                           MAX (p->write_passes[0], p->write_passes[1]));
        g_assert_cmpfloat (p->read_bytes_per_second, ==,
                           MAX (p->read_passes[0], p->read_passes[1]));
      }
    g_assert_cmpint (g_array_index (r->points, SsdbCompressionPoint, 0).data.kind, ==,
                     SSDB_DATA_RANDOM);
    g_assert_cmpint (g_array_index (r->points, SsdbCompressionPoint, 5).data.kind, ==,
                     SSDB_DATA_ZERO);
  }

  g_clear_object (&t);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

static guint64
allocated_bytes (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return (guint64)st.st_blocks * 512;
}

static void
small_summary (SsdbSummarySpec *s)
{
  guint mask = 0;

  ssdb_behaviour_summary_spec_init (s);
  s->size = 16 * MiB;
  s->duration_ns = 150 * MS;
  (void)mask;
}

/* Discard on a loop device over a file punches holes in the file: its allocated size shrinks
 * after the delete, and grows back with each fill. */
static void
test_trim_loop (void)
{
  SsdbTestLoop l;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbTrimResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbTrimSpec spec;
  guint64 before, filled, after;
  Seen seen;

  if (!ssdb_test_need_root ("zram and loop devices"))
    return;
  loop_new (&l, "96M");
  t = ssdb_target_open (l.dev, SSDB_TARGET_OPEN_WRITE, l.dev, 0, &error);
  g_assert_no_error (error);
  g_assert_true (ssdb_target_get_info (t)->discard);

  before = allocated_bytes (l.file);
  g_assert_true (ssdb_target_fill (t, 0, 96 * MiB, 7, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  filled = allocated_bytes (l.file);
  g_assert_true (ssdb_trim_delete (t, 0, 96 * MiB, NULL, &error));
  g_assert_no_error (error);
  after = allocated_bytes (l.file);
  g_test_message ("backing file allocated: %" G_GUINT64_FORMAT " → %" G_GUINT64_FORMAT
                  " → %" G_GUINT64_FORMAT " bytes",
                  before, filled, after);
  g_assert_cmpuint (filled, >=, 96 * MiB);
  g_assert_cmpuint (after, <, MiB);

  /* The whole test: two rounds, one test, and the file ends empty after the last delete but
   * for the summary's region, which the "after" summary writes again. */
  ssdb_trim_spec_init (&spec);
  spec.rounds = 2;
  small_summary (&spec.summary);
  g_assert_true (
      ssdb_behaviour_tests_parse (spec.summary.profile, "SEQ1M Q1T1", &spec.test_mask, &error));
  r = ssdb_trim_result_new (&spec);
  seen_init (&seen);
  g_assert_true (ssdb_trim_run (t, r, on_trim_seen, &seen, NULL, &error));
  g_assert_no_error (error);
  /* The progress named the summary test running before and after the rounds, and no test
   * during the fills and deletes. */
  g_assert_true (seen_has (&seen, "before: SEQ1M Q1T1 read"));
  g_assert_true (seen_has (&seen, "before: SEQ1M Q1T1 write"));
  g_assert_true (seen_has (&seen, "after: SEQ1M Q1T1 read"));
  g_assert_true (seen_has (&seen, "after: SEQ1M Q1T1 write"));
  g_assert_cmpuint (g_hash_table_size (seen.seen), ==, 4);
  g_assert_false (seen.name_outside_summary);
  g_assert_false (seen.bad_fraction);
  g_assert_false (seen.went_back);
  g_assert_true (seen.rate_seen);
  g_assert_cmpfloat (seen.last_fraction, ==, 1.0);
  g_assert_cmpstr (r->running.name, ==, "");
  g_hash_table_unref (seen.seen);
  g_assert_cmpuint (r->spec.span_length, ==, 96 * MiB);
  g_assert_cmpuint (r->rounds->len, ==, 2);
  g_assert_cmpuint (r->tests->len, ==, 2);
  for (guint i = 0; i < r->rounds->len; i++)
    {
      const SsdbTrimRound *rd = &g_array_index (r->rounds, SsdbTrimRound, i);

      g_assert_cmpuint (rd->fill_bytes, ==, 96 * MiB);
      g_assert_cmpuint (rd->deleted_bytes, ==, 96 * MiB);
      g_assert_cmpfloat (rd->fill_bytes_per_second, >, 0);
    }
  for (guint i = 0; i < r->tests->len; i++)
    {
      const SsdbTrimTest *tt = &g_array_index (r->tests, SsdbTrimTest, i);

      g_assert_cmpstr (tt->name, ==, "SEQ1M Q1T1");
      g_assert_cmpfloat (tt->before_bytes_per_second, >, 0);
      g_assert_cmpfloat (tt->after_bytes_per_second, >, 0);
      g_assert_cmpfloat (fabs (tt->retention_percent
                               - 100 * tt->after_bytes_per_second / tt->before_bytes_per_second),
                         <, 1e-9);
      g_test_message ("%s %s: %.1f → %.1f MB/s, %.0f %%", tt->name, ssdb_rw_to_string (tt->rw),
                      tt->before_bytes_per_second / 1e6, tt->after_bytes_per_second / 1e6,
                      tt->retention_percent);
    }
  g_assert_nonnull (r->words);
  g_test_message ("%s", r->words);
  /* Only the summary's 16 MiB are allocated after the last delete. */
  after = allocated_bytes (l.file);
  g_assert_cmpuint (after, <=, 17 * MiB);
  g_assert_cmpuint (after, >=, 16 * MiB);

  g_clear_object (&t);
  ssdb_test_loop_free (&l);
}

/* A test file on ext4: the delete punches a hole, so the file's blocks are freed. */
static void
test_trim_testfile (void)
{
  SsdbTestLoop l;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *cmd = NULL;
  g_autofree char *mkfs = g_find_program_in_path ("mkfs.ext4");
  struct stat st;
  guint64 filled, after;

  if (!ssdb_test_need_root ("zram and loop devices"))
    return;
  if (mkfs == NULL)
    {
      g_test_skip ("no mkfs.ext4");
      return;
    }
  loop_new (&l, "160M");
  cmd = g_strdup_printf ("mkfs.ext4 -q -F %s", l.dev);
  g_free (ssdb_test_sh (cmd));
  l.mnt = g_build_filename (l.dir, "mnt", NULL);
  g_assert_cmpint (g_mkdir (l.mnt, 0700), ==, 0);
  g_clear_pointer (&cmd, g_free);
  cmd = g_strdup_printf ("mount %s %s", l.dev, l.mnt);
  g_free (ssdb_test_sh (cmd));

  t = ssdb_target_open (l.mnt, SSDB_TARGET_OPEN_WRITE, NULL, 64 * MiB, &error);
  g_assert_no_error (error);
  g_assert_true (ssdb_target_fill (t, 0, 64 * MiB, 3, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (fstat (ssdb_target_get_fd (t), &st), ==, 0);
  filled = (guint64)st.st_blocks * 512;
  g_assert_true (ssdb_trim_delete (t, 8 * MiB, 48 * MiB, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (fstat (ssdb_target_get_fd (t), &st), ==, 0);
  after = (guint64)st.st_blocks * 512;
  g_test_message ("test file allocated: %" G_GUINT64_FORMAT " → %" G_GUINT64_FORMAT " bytes",
                  filled, after);
  g_assert_cmpuint (filled, >=, 64 * MiB);
  g_assert_cmpuint (after, <=, filled - 48 * MiB);
  g_assert_cmpuint (after, >=, 16 * MiB);
  /* The size stays. */
  g_assert_cmpuint ((guint64)st.st_size, ==, 64 * MiB);

  g_clear_object (&t);
  ssdb_test_loop_free (&l);
}

/* Each step fills exactly its share of the span: the device's own counters agree. */
static void
test_freespace_zram (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbFreespaceResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbFreespaceSpec spec;
  guint64 w0, w1, fill_total = 0;
  Seen seen;

  if (!ssdb_test_need_root ("zram and loop devices")
      || (dev = ssdb_test_zram_new (80 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_WRITE, dev, 0, &error);
  g_assert_no_error (error);

  ssdb_freespace_spec_init (&spec);
  small_summary (&spec.summary);
  spec.summary.size = 8 * MiB;
  spec.summary.duration_ns = 100 * MS;
  g_assert_true (
      ssdb_behaviour_tests_parse (spec.summary.profile, "SEQ1M Q8T1", &spec.test_mask, &error));
  r = ssdb_freespace_result_new (&spec);
  w0 = sys_written_bytes (dev);
  seen_init (&seen);
  g_assert_true (ssdb_freespace_run (t, r, on_freespace_seen, &seen, NULL, &error));
  g_assert_no_error (error);
  w1 = sys_written_bytes (dev);
  g_assert_true (seen_has (&seen, "summary: SEQ1M Q8T1 read"));
  g_assert_true (seen_has (&seen, "summary: SEQ1M Q8T1 write"));
  g_assert_cmpuint (g_hash_table_size (seen.seen), ==, 2);
  g_assert_false (seen.name_outside_summary);
  g_assert_false (seen.bad_fraction);
  g_assert_false (seen.went_back);
  g_assert_true (seen.rate_seen);
  g_assert_cmpstr (r->running.name, ==, "");
  g_hash_table_unref (seen.seen);
  g_assert_cmpuint (r->spec.span_length, ==, 80 * MiB);
  g_assert_cmpuint (r->steps->len, ==, 11);
  for (guint i = 0; i < r->steps->len; i++)
    {
      const SsdbFreespaceStep *s = &g_array_index (r->steps, SsdbFreespaceStep, i);

      g_assert_cmpuint (s->used_percent, ==, 10 * i);
      /* 10 % of 80 MiB is exactly 8 MiB. */
      g_assert_cmpuint (s->used_bytes, ==, 8 * MiB * i);
      g_assert_cmpuint (s->fill_bytes, ==, i == 0 ? 0 : 8 * MiB);
      if (i > 0)
        {
          g_assert_true (s->counters_valid);
          g_assert_cmpuint (s->device_write_bytes, ==, 8 * MiB);
        }
      g_assert_cmpuint (s->rates->len, ==, 2);
      for (guint j = 0; j < s->rates->len; j++)
        g_assert_cmpfloat (g_array_index (s->rates, SsdbTestRate, j).bytes_per_second, >, 0);
      fill_total += s->fill_bytes;
      g_test_message ("%3u %% used: read %.0f MB/s, write %.0f MB/s", s->used_percent,
                      g_array_index (s->rates, SsdbTestRate, 0).bytes_per_second / 1e6,
                      g_array_index (s->rates, SsdbTestRate, 1).bytes_per_second / 1e6);
    }
  g_assert_cmpuint (fill_total, ==, 80 * MiB);
  /* All the device saw: the steps' fills, plus each summary's preparation of its 8 MiB and
   * its writes. */
  g_assert_cmpuint (w1 - w0, >=, 80 * MiB + 11 * 8 * MiB);
  g_assert_nonnull (r->words);
  g_test_message ("%s", r->words);
  /* zram does not slow down as it fills: whatever its passes scatter by, never "found" */
  g_assert_cmpint (r->verdict, !=, SSDB_VERDICT_FOUND);
  g_assert_null (strstr (r->words, "slows down as it fills"));

  g_clear_object (&t);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

/* Read-after-write: the read after each of two fill passes. */
static void
test_readback_zram (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbReadbackResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbFillSpec spec;

  if (!ssdb_test_need_root ("zram and loop devices")
      || (dev = ssdb_test_zram_new (96 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_WRITE, dev, 0, &error);
  g_assert_no_error (error);

  ssdb_fill_spec_init (&spec);
  r = ssdb_readback_result_new (&spec);
  g_assert_true (ssdb_readback_run (t, r, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (r->first);
  g_assert_nonnull (r->second);
  /* each pass: its write, then two reads of what it wrote */
  g_assert_cmpuint (r->first->passes->len, ==, 3);
  g_assert_cmpuint (r->second->passes->len, ==, 3);
  for (guint i = 0; i < 2; i++)
    {
      SsdbFillResult *f = i == 0 ? r->first : r->second;
      const SsdbFillPass *w = g_ptr_array_index (f->passes, 0);
      const SsdbFillPass *r1 = g_ptr_array_index (f->passes, 1);
      const SsdbFillPass *r2 = g_ptr_array_index (f->passes, 2);
      double rate;

      g_assert_cmpint (w->rw, ==, SSDB_RW_WRITE);
      g_assert_cmpint (r1->rw, ==, SSDB_RW_READ);
      g_assert_cmpint (r2->rw, ==, SSDB_RW_READ);
      g_assert_true (r1->complete && r2->complete);
      g_assert_cmpuint (r1->bytes, ==, 96 * MiB);
      g_assert_cmpuint (r2->bytes, ==, 96 * MiB);
      /* the pass's read rate: both reads' bytes over both reads' time */
      rate = 2.0 * 96 * MiB / (96 * MiB / r1->bytes_per_second + 96 * MiB / r2->bytes_per_second);
      g_assert_cmpfloat (
          fabs ((i == 0 ? r->first_read_bytes_per_second : r->second_read_bytes_per_second) - rate),
          <, 1e-6 * rate);
    }
  g_assert_cmpfloat (r->first_read_bytes_per_second, >, 0);
  g_assert_cmpfloat (r->second_read_bytes_per_second, >, 0);
  g_assert_cmpfloat (r->repeat_percent, >=, 0);
  g_assert_cmpfloat (
      fabs (r->difference_percent
            - 100 * (r->second_read_bytes_per_second - r->first_read_bytes_per_second)
                  / r->first_read_bytes_per_second),
      <, 1e-9);
  g_assert_nonnull (r->words);
  g_assert_nonnull (strstr (r->words, "Data written by pass 2 reads at"));
  g_test_message ("%s", r->words);

  /* The report keeps the four passes' rates and reloads to the same bytes. */
  {
    g_autoptr (SsdbReport) report = ssdb_report_new (ssdb_target_get_info (t), NULL);
    g_autoptr (SsdbReport) loaded = NULL;
    /* pairs of a text and its break */
    /* clang-format off */
    const char *const breaks[] = {
      "\"rw\" : \"read\"",
      "\"rw\" : \"write\"",
      "\"complete\" : true",
      "\"complete\" : false",
      "Data written by pass 2",
      "Data written by pass 3",
      "\"repeat_percent\" : ",
      "\"repeat_percent\" : 9",
      NULL,
    };
    /* clang-format on */
    const char *const paths[] = {
      "tests[0].passes[1]: element 2 is the read of pass 1",
      "tests[0].passes[0].complete: contradicts bytes",
      NULL, /* edited words: the analysis' words come back */
      "tests[0].repeat_percent: ",
    };

    ssdb_report_set_readback (report, r);
    loaded = round_trip (report, breaks, paths);
    g_assert_nonnull (loaded->readback);
    g_assert_cmpfloat (loaded->readback->second_read_bytes_per_second, ==,
                       r->second_read_bytes_per_second);
    g_assert_cmpstr (loaded->readback->words, ==, r->words);
    g_assert_cmpuint (loaded->readback->spec.read_back_repeats, ==, 1);
    g_assert_cmpfloat (loaded->readback->repeat_percent, ==, r->repeat_percent);
  }

  g_clear_object (&t);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

typedef struct
{
  SsdbTarget *target;
  SsdbFreespaceResult *result;
  GCancellable *cancellable;
  GError *error;
  gboolean ok;
  gint64 end_us;
} CancelRun;

static gpointer
freespace_thread (gpointer data)
{
  CancelRun *c = data;

  c->ok = ssdb_freespace_run (c->target, c->result, NULL, NULL, c->cancellable, &c->error);
  c->end_us = g_get_monotonic_time ();
  return NULL;
}

/* A cancel stops the free-space test within a second, keeping the steps done. */
static void
test_freespace_cancel (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbFreespaceResult) r = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  SsdbFreespaceSpec spec;
  CancelRun c = { 0 };
  GThread *thread;
  gint64 cancel_us;

  if (!ssdb_test_need_root ("zram and loop devices")
      || (dev = ssdb_test_zram_new (64 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_WRITE, dev, 0, &error);
  g_assert_no_error (error);
  ssdb_freespace_spec_init (&spec);
  spec.summary.size = 8 * MiB;
  spec.summary.duration_ns = 200 * MS;
  r = ssdb_freespace_result_new (&spec);
  c.target = t;
  c.result = r;
  c.cancellable = cancellable;
  thread = g_thread_new ("freespace", freespace_thread, &c);
  g_usleep (1500 * 1000);
  cancel_us = g_get_monotonic_time ();
  g_cancellable_cancel (cancellable);
  g_thread_join (thread);
  g_test_message ("stopped %.0f ms after the cancel, %u steps kept",
                  (c.end_us - cancel_us) / 1000.0, r->steps->len);
  g_assert_false (c.ok);
  g_assert_error (c.error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  g_clear_error (&c.error);
  g_assert_true (r->cancelled);
  g_assert_cmpuint (r->steps->len, <, 11);
  g_assert_cmpint (c.end_us - cancel_us, <, G_USEC_PER_SEC);

  g_clear_object (&t);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

/* Writes on a target opened for reading are refused before anything runs. */
static void
test_refused_read_only (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;
  SsdbCompressionSpec cs;
  SsdbTrimSpec ts;
  SsdbFreespaceSpec fs;
  g_autoptr (SsdbCompressionResult) cr = NULL;
  g_autoptr (SsdbTrimResult) tr = NULL;
  g_autoptr (SsdbFreespaceResult) fr = NULL;
  guint64 w0;

  if (!ssdb_test_need_root ("zram and loop devices")
      || (dev = ssdb_test_zram_new (64 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_READ, NULL, 0, &error);
  g_assert_no_error (error);
  w0 = sys_written_bytes (dev);

  ssdb_compression_spec_init (&cs);
  cs.span_length = 16 * MiB;
  cr = ssdb_compression_result_new (&cs);
  g_assert_false (ssdb_compression_run (t, cr, NULL, NULL, NULL, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
  g_clear_error (&error);
  ssdb_trim_spec_init (&ts);
  tr = ssdb_trim_result_new (&ts);
  g_assert_false (ssdb_trim_run (t, tr, NULL, NULL, NULL, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
  g_clear_error (&error);
  g_assert_false (ssdb_trim_delete (t, 0, MiB, NULL, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
  g_clear_error (&error);
  ssdb_freespace_spec_init (&fs);
  fr = ssdb_freespace_result_new (&fs);
  g_assert_false (ssdb_freespace_run (t, fr, NULL, NULL, NULL, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
  g_assert_cmpuint (sys_written_bytes (dev), ==, w0);

  g_clear_object (&t);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/behaviour/compression-words", test_compression_words);
  g_test_add_func ("/behaviour/compression-unordered", test_compression_unordered);
  g_test_add_func ("/behaviour/trim-words", test_trim_words);
  g_test_add_func ("/behaviour/readback-words", test_readback_words);
  g_test_add_func ("/behaviour/readback-scatter", test_readback_scatter);
  g_test_add_func ("/behaviour/readback-repeat", test_readback_repeat);
  g_test_add_func ("/behaviour/tests-parse", test_tests_parse);
  g_test_add_func ("/behaviour/step-bytes", test_step_bytes);
  g_test_add_func ("/behaviour/report-compression", test_report_compression);
  g_test_add_func ("/behaviour/compression-step-levels", test_compression_step_levels);
  g_test_add_func ("/behaviour/compression-step-verdict", test_compression_step_verdict);
  g_test_add_func ("/behaviour/report-compression-steps", test_report_compression_steps);
  g_test_add_func ("/behaviour/report-trim", test_report_trim);
  g_test_add_func ("/behaviour/report-stress", test_report_stress);
  g_test_add_func ("/behaviour/report-freespace", test_report_freespace);
  g_test_add_func ("/behaviour/freespace-noise-multiple", test_freespace_noise_multiple);
  g_test_add_func ("/behaviour/painters", test_painters);
  g_test_add_func ("/behaviour/compression-zram", test_compression_zram);
  g_test_add_func ("/behaviour/trim-loop", test_trim_loop);
  g_test_add_func ("/behaviour/trim-testfile", test_trim_testfile);
  g_test_add_func ("/behaviour/freespace-zram", test_freespace_zram);
  g_test_add_func ("/behaviour/readback-zram", test_readback_zram);
  g_test_add_func ("/behaviour/freespace-cancel", test_freespace_cancel);
  g_test_add_func ("/behaviour/refused-read-only", test_refused_read_only);
  return g_test_run ();
}
