/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SNIA PTS steady-state rule on hand-made series, the consistency tail statistics, the
 * fast-write amount of an idle-recovery write, both kinds in the JSON report (written, loaded
 * back to the same bytes, contradictions refused, the preconditioning members and reports
 * without them), the deep copy of a consistency result, both charts, and the mark of an error
 * that says the device is not responding. */
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "engine/ssdb-consistency.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-recovery.h"
#include "engine/ssdb-report.h"
#include "render/ssdb-consistency-painter.h"

#define MB 1e6
#define MiB (G_GUINT64_CONSTANT (1) << 20)

static gboolean
pts (const double *v, gsize n, SsdbSteadyState *st)
{
  return ssdb_steady_state_find (v, n, SSDB_STEADY_STATE_WINDOW, SSDB_STEADY_STATE_RANGE,
                                 SSDB_STEADY_STATE_SLOPE, st);
}

/* ---- the rule --------------------------------------------------------------------------- */

static void
test_rule_constant (void)
{
  double v[10];
  SsdbSteadyState st;

  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    v[i] = 50000;
  g_assert_true (pts (v, G_N_ELEMENTS (v), &st));
  g_assert_true (st.reached);
  /* the first window that can exist: rounds 1-5 */
  g_assert_cmpuint (st.round, ==, 5);
  g_assert_cmpuint (st.first_round, ==, 1);
  g_assert_cmpfloat (st.mean, ==, 50000);
  g_assert_cmpfloat (st.range, ==, 0);
  g_assert_cmpfloat (st.slope, ==, 0);
  g_assert_cmpfloat (st.fit_excursion, ==, 0);
}

static void
test_rule_too_few (void)
{
  const double v[] = { 100, 100, 100, 100 };
  SsdbSteadyState st;

  /* four rounds: no window of five */
  g_assert_false (pts (v, G_N_ELEMENTS (v), &st));
  g_assert_false (st.reached);
  g_assert_cmpuint (st.round, ==, 0);
  g_assert_cmpuint (st.first_round, ==, 0);
  g_assert_false (pts (v, 0, &st));
  /* five are enough */
  {
    const double w[] = { 100, 100, 100, 100, 100 };

    g_assert_true (pts (w, G_N_ELEMENTS (w), &st));
    g_assert_cmpuint (st.round, ==, 5);
  }
}

static void
test_rule_zero_and_nan (void)
{
  const double zero[] = { 0, 0, 0, 0, 0, 0 };
  const double nan_in[] = { 100, NAN, 100, 100, 100, 100, 100, 100 };
  SsdbSteadyState st;

  /* a device that did nothing is not in a steady state */
  g_assert_false (pts (zero, G_N_ELEMENTS (zero), &st));
  /* windows holding a value that is not finite never qualify: rounds 3-7 is the first */
  g_assert_true (pts (nan_in, G_N_ELEMENTS (nan_in), &st));
  g_assert_cmpuint (st.first_round, ==, 3);
  g_assert_cmpuint (st.round, ==, 7);
}

static void
test_rule_ramp (void)
{
  /* a fresh drive falling to its steady level, AnandTech-style */
  const double v[] = { 400, 300, 200, 120, 80, 100, 100, 101, 99, 100, 100, 102 };
  SsdbSteadyState st;

  g_assert_true (pts (v, G_N_ELEMENTS (v), &st));
  /* rounds 5-9 hold 80: range 21 > 20 % of their mean (96); rounds 6-10 qualify */
  g_assert_cmpuint (st.first_round, ==, 6);
  g_assert_cmpuint (st.round, ==, 10);
  g_assert_cmpfloat_with_epsilon (st.mean, 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (st.range, 2, 1e-9);
}

/* Five rounds on a line of slope @s per round around 100: range and fit excursion are both 4s. */
static void
line (double *v, double s)
{
  for (int i = 0; i < 5; i++)
    v[i] = 100 + s * (i - 2);
}

static void
test_rule_slope (void)
{
  double v[5];
  SsdbSteadyState st;

  /* 4 x 2.4 = 9.6 % of the mean: inside 10 % (and the range, 9.6 %, inside 20 %) */
  line (v, 2.4);
  g_assert_true (pts (v, 5, &st));
  g_assert_cmpfloat_with_epsilon (st.slope, 2.4, 1e-12);
  g_assert_cmpfloat_with_epsilon (st.fit_excursion, 9.6, 1e-9);
  /* 4 x 2.6 = 10.4 %: the fitted line leaves the 10 % band although the range (10.4 %) is
   * well inside 20 % */
  line (v, 2.6);
  g_assert_false (pts (v, 5, &st));
  g_assert_cmpfloat_with_epsilon (st.fit_excursion, 10.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (st.range, 10.4, 1e-9);
  /* falling lines alike */
  line (v, -2.4);
  g_assert_true (pts (v, 5, &st));
  g_assert_cmpfloat_with_epsilon (st.slope, -2.4, 1e-12);
  line (v, -2.6);
  g_assert_false (pts (v, 5, &st));
}

static void
test_rule_range (void)
{
  /* flat fits (slope 0.9 and 1.1 per round, excursion under 5 %): the range decides */
  const double inside[] = { 100, 91, 109, 100, 100 };  /* range 18 % */
  const double outside[] = { 100, 89, 111, 100, 100 }; /* range 22 % */
  SsdbSteadyState st;

  g_assert_true (pts (inside, 5, &st));
  g_assert_cmpfloat_with_epsilon (st.range, 18, 1e-9);
  g_assert_false (pts (outside, 5, &st));
  g_assert_cmpfloat_with_epsilon (st.range, 22, 1e-9);
  g_assert_cmpfloat (st.fit_excursion, <, 5);
}

static void
test_rule_never (void)
{
  /* a saw tooth that never settles: every window spans 60 to 140 */
  double v[40];
  SsdbSteadyState st;

  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    v[i] = i % 3 == 0 ? 60 : i % 3 == 1 ? 100 : 140;
  g_assert_false (pts (v, G_N_ELEMENTS (v), &st));
  g_assert_cmpuint (st.round, ==, 0);
}

/* ---- consistency result ------------------------------------------------------------------ */

static SsdbConsistencyResult *
make_consistency (const double *iops, guint n)
{
  SsdbConsistencySpec spec;
  SsdbConsistencyResult *r;
  guint64 t = 0;

  ssdb_consistency_spec_init (&spec);
  spec.duration_ns = (guint64)n * G_GUINT64_CONSTANT (1000000000);
  spec.span_length = 64 * MiB;
  r = ssdb_consistency_result_new (&spec);
  for (guint i = 0; i < n; i++)
    {
      SsdbConsistencyRound rd;

      t += G_GUINT64_CONSTANT (1000000000);
      rd.elapsed_ns = t;
      rd.ios = (guint64)iops[i];
      rd.iops = (double)rd.ios * 1e9 / 1e9;
      g_array_append_val (r->rounds, rd);
      r->ios += rd.ios;
    }
  r->bytes = r->ios * spec.block_size;
  r->window_ns = t;
  r->iops = t > 0 ? (double)r->ios * 1e9 / (double)t : 0;
  ssdb_consistency_analyze (r);
  return r;
}

static void
test_consistency_tail (void)
{
  const double v[] = { 90000, 60000, 40000, 30000, 31000, 30000, 29000, 30000, 28000, 32000 };
  g_autoptr (SsdbConsistencyResult) r = make_consistency (v, G_N_ELEMENTS (v));

  /* steady from rounds 4-8 */
  g_assert_true (r->steady.reached);
  g_assert_cmpuint (r->steady.round, ==, 8);
  /* the last 20 %: two rounds, 28000 and 32000 */
  g_assert_cmpuint (r->tail_rounds, ==, 2);
  g_assert_cmpfloat_with_epsilon (r->tail_mean_iops, 30000, 1e-6);
  g_assert_cmpfloat_with_epsilon (r->tail_sd_iops, 2000, 1e-6);
  g_assert_cmpfloat_with_epsilon (r->tail_mean_over_sd, 15, 1e-9);
  g_assert_nonnull (strstr (r->words, "round 8"));
}

/* A steady window at the start, then a level 30 % higher: the criteria are met at round 5, and
 * the words say that the later rounds left that window's range. */
static void
test_consistency_left_window (void)
{
  const double v[]
      = { 100000, 100000, 100000, 100000, 100000, 130000, 130000, 130000, 130000, 130000 };
  g_autoptr (SsdbConsistencyResult) r = make_consistency (v, G_N_ELEMENTS (v));

  ssdb_consistency_analyze (r);
  g_assert_true (r->steady.reached);
  g_assert_cmpuint (r->steady.round, ==, 5);
  g_assert_cmpfloat_with_epsilon (r->tail_mean_iops, 130000, 1e-6);
  g_assert_nonnull (strstr (r->words, " The later rounds left that window's range: their mean is "
                                      "30 % above its mean, so the device had not settled at "
                                      "round 5."));
}

/* A run of 10.8 s in rounds of 1 s: the final round lasts 0.8 s and holds the drain of the
 * queue (83000 IOPS among rounds near 150000). It stays in the rounds (the chart shows it) but
 * neither the steady state nor the tail counts it, and the words say so. */
static void
test_consistency_short_final (void)
{
  const double v[]
      = { 150000, 152000, 149000, 151000, 150000, 148000, 152000, 150000, 149000, 151000, 83000 };
  g_autoptr (SsdbConsistencyResult) r = make_consistency (v, G_N_ELEMENTS (v));
  g_autoptr (SsdbConsistencyResult) full = make_consistency (v, G_N_ELEMENTS (v));
  SsdbConsistencyRound *last = &g_array_index (r->rounds, SsdbConsistencyRound, 10);

  last->elapsed_ns = 10 * G_GUINT64_CONSTANT (1000000000) + 800 * G_GUINT64_CONSTANT (1000000);
  ssdb_consistency_analyze (r);
  g_assert_cmpuint (r->rounds->len, ==, 11);
  g_assert_cmpuint (ssdb_consistency_rounds_analysed (r), ==, 10);
  g_assert_true (r->steady.reached);
  g_assert_cmpuint (r->steady.round, ==, 5);
  /* 20 % of the 10 full rounds: 149000 and 151000 */
  g_assert_cmpuint (r->tail_rounds, ==, 2);
  g_assert_cmpfloat_with_epsilon (r->tail_mean_iops, 150000, 1e-6);
  g_assert_cmpfloat_with_epsilon (r->tail_sd_iops, 1000, 1e-6);
  g_assert_cmpstr (r->words, ==,
                   "Steady state (SNIA PTS: 5 rounds within 20 % of their mean, fitted line "
                   "within 10 %) was reached at round 5 (5 s), at 150400 IOPS. Over the last 2 "
                   "rounds: 150000 IOPS mean, standard deviation 1000 IOPS, mean / deviation "
                   "150.0. The final round (0.80 s, cut short by the end of the run, 83000 IOPS) "
                   "is left out of the steady state and the mean.");

  /* A final round of the full length counts like any other. */
  g_assert_cmpuint (ssdb_consistency_rounds_analysed (full), ==, 11);
  g_assert_cmpuint (full->tail_rounds, ==, 2);
  g_assert_cmpfloat_with_epsilon (full->tail_mean_iops, (151000 + 83000) / 2.0, 1e-6);
  g_assert_null (strstr (full->words, "final round"));

  /* One round only: nothing to leave out; the words are singular. */
  {
    const double one[] = { 1000 };
    g_autoptr (SsdbConsistencyResult) single = make_consistency (one, 1);

    g_array_index (single->rounds, SsdbConsistencyRound, 0).elapsed_ns
        = 500 * G_GUINT64_CONSTANT (1000000);
    ssdb_consistency_analyze (single);
    g_assert_cmpuint (ssdb_consistency_rounds_analysed (single), ==, 1);
    g_assert_cmpstr (single->words, ==,
                     "Steady state (SNIA PTS) was not reached in 1 round of 1 s. Over the last "
                     "round: 1000 IOPS.");
  }
}

/* ---- recovery ------------------------------------------------------------------------------ */

/* Segments of 1 MiB: @fast_mib at @fast B/s, then slow; @burst puts a group of four segments
 * that share a low rate (a stall, then a burst) inside the fast part. */
static GArray *
segments (guint n, guint fast_mib, double fast, double slow, gboolean burst)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  double t = 0;

  for (guint i = 0; i < n; i++)
    {
      SsdbFillPoint p;

      p.bytes_per_second = i < fast_mib ? fast : slow;
      if (burst && i >= 10 && i < 14)
        p.bytes_per_second = 0.6 * slow;
      if (burst && i >= 14 && i < 18)
        p.bytes_per_second = 20 * fast;
      p.position_bytes = (guint64)(i + 1) * MiB;
      t += (double)MiB / p.bytes_per_second;
      p.elapsed_ns = (guint64)(t * 1e9);
      g_array_append_val (a, p);
    }
  return a;
}

static void
test_recovery_fast_bytes (void)
{
  double threshold = sqrt (400 * MB * 40 * MB);
  g_autoptr (GArray) clean = segments (128, 64, 400 * MB, 40 * MB, FALSE);
  g_autoptr (GArray) bursty = segments (128, 48, 400 * MB, 40 * MB, TRUE);
  g_autoptr (GArray) all_fast = segments (32, 32, 400 * MB, 40 * MB, FALSE);
  g_autoptr (GArray) all_slow = segments (32, 0, 400 * MB, 40 * MB, FALSE);

  g_assert_cmpuint (ssdb_recovery_fast_bytes (clean, threshold), ==, 64 * MiB);
  /* a stall inside the fast part, made up by the burst after it, does not end it */
  g_assert_cmpuint (ssdb_recovery_fast_bytes (bursty, threshold), ==, 48 * MiB);
  g_assert_cmpuint (ssdb_recovery_fast_bytes (all_fast, threshold), ==, 32 * MiB);
  g_assert_cmpuint (ssdb_recovery_fast_bytes (all_slow, threshold), ==, 0);
  g_assert_cmpuint (ssdb_recovery_fast_bytes (NULL, threshold), ==, 0);
  g_assert_cmpuint (ssdb_recovery_fast_bytes (clean, 0), ==, 0);
}

static SsdbRecoveryResult *
make_recovery (void)
{
  SsdbRecoverySpec spec;
  SsdbRecoveryResult *r;
  const guint fast_mib[] = { 64, 32, 48 };

  ssdb_recovery_spec_init (&spec);
  spec.write_bytes = 128 * MiB;
  spec.segment_bytes = MiB;
  spec.n_pauses = 2;
  spec.pauses_ns[0] = G_GUINT64_CONSTANT (2000000000);
  spec.pauses_ns[1] = G_GUINT64_CONSTANT (3000000000);
  r = ssdb_recovery_result_new (&spec);
  for (guint i = 0; i < 3; i++)
    {
      SsdbRecoveryWrite w = { 0 };
      const SsdbFillPoint *last;

      w.pause_ns = i > 0 ? spec.pauses_ns[i - 1] : 0;
      w.segments = segments (128, fast_mib[i], 100 * MB, 10 * MB, i == 2);
      w.intervals = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
      last = &g_array_index (w.segments, SsdbFillPoint, w.segments->len - 1);
      w.bytes = last->position_bytes;
      w.window_ns = last->elapsed_ns;
      w.bytes_per_second = (double)w.bytes * 1e9 / (double)w.window_ns;
      w.complete = TRUE;
      g_array_append_val (r->writes, w);
    }
  ssdb_recovery_analyze (r);
  return r;
}

static void
test_recovery_analysis (void)
{
  g_autoptr (SsdbRecoveryResult) r = make_recovery ();
  const SsdbRecoveryWrite *w = (const SsdbRecoveryWrite *)r->writes->data;

  /* the first write's cliff: 100 MB/s for 64 MiB, then 10 MB/s */
  g_assert_cmpuint (r->first.cache_bytes, ==, 64 * MiB);
  g_assert_cmpfloat_with_epsilon (r->fast_bytes_per_second / MB, 100, 1e-6);
  g_assert_cmpfloat_with_epsilon (r->slow_bytes_per_second / MB, 10, 1e-6);
  g_assert_cmpfloat_with_epsilon (r->threshold_bytes_per_second / MB, sqrt (100 * 10), 1e-6);
  g_assert_cmpuint (w[0].fast_bytes, ==, 64 * MiB);
  g_assert_cmpuint (w[1].fast_bytes, ==, 32 * MiB);
  g_assert_cmpuint (w[2].fast_bytes, ==, 48 * MiB);
  g_assert_cmpfloat (w[0].restored_percent, ==, 100);
  g_assert_cmpfloat_with_epsilon (w[1].restored_percent, 50, 1e-9);
  g_assert_cmpfloat_with_epsilon (w[2].restored_percent, 75, 1e-9);
  g_assert_nonnull (strstr (r->words, "(50 %)"));
  g_assert_nonnull (strstr (r->words, "(75 %)"));
}

/* A write of 1 MiB segments whose rates (MB/s) come in groups of four, as zram's completions
 * do; positions and times follow from the rates. */
static SsdbRecoveryWrite
grouped_write (const double *mbps, guint n_groups, guint64 pause_ns)
{
  SsdbRecoveryWrite w = { 0 };
  double t = 0;

  w.pause_ns = pause_ns;
  w.segments = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  w.intervals = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  for (guint i = 0; i < 4 * n_groups; i++)
    {
      SsdbFillPoint p;

      p.bytes_per_second = mbps[i / 4] * MB;
      p.position_bytes = (guint64)(i + 1) * MiB;
      t += (double)MiB / p.bytes_per_second;
      p.elapsed_ns = (guint64)(t * 1e9);
      g_array_append_val (w.segments, p);
    }
  w.bytes = 4 * n_groups * MiB;
  w.window_ns = (guint64)(t * 1e9);
  w.bytes_per_second = (double)w.bytes / t;
  w.complete = TRUE;
  return w;
}

static SsdbRecoveryResult *
recovery_of (const double *const *writes, guint n_writes, guint n_groups)
{
  SsdbRecoverySpec spec;
  SsdbRecoveryResult *r;

  ssdb_recovery_spec_init (&spec);
  spec.write_bytes = 4 * n_groups * MiB;
  spec.segment_bytes = MiB;
  spec.n_pauses = n_writes - 1;
  for (guint i = 0; i + 1 < n_writes; i++)
    spec.pauses_ns[i] = (i + 2) * G_GUINT64_CONSTANT (1000000000);
  r = ssdb_recovery_result_new (&spec);
  for (guint i = 0; i < n_writes; i++)
    {
      SsdbRecoveryWrite w = grouped_write (writes[i], n_groups, i ? spec.pauses_ns[i - 1] : 0);

      g_array_append_val (r->writes, w);
    }
  ssdb_recovery_analyze (r);
  return r;
}

/* zram on a busy machine (a real run): the first write dips to 647 MB/s after 8 MiB and comes
 * back, half of it above the threshold; the write after 3 s runs fast all through. Not a cache
 * cliff, no recovery in percent above 100, and no "steady" for a curve that swings. */
static void
test_recovery_no_cliff (void)
{
  const double first[] = { 1679, 1668, 647, 1366, 1676, 1968, 971,  1820,
                           738,  2023, 708, 1419, 1424, 861,  1395, 1662 };
  const double later[] = { 1720, 1447, 1633, 1554, 1469, 1642, 1656, 1717,
                           1382, 1711, 1732, 1518, 1688, 1612, 1546, 1685 };
  const double *writes[] = { first, later };
  g_autoptr (SsdbRecoveryResult) r = recovery_of (writes, 2, 16);
  const SsdbRecoveryWrite *w = (const SsdbRecoveryWrite *)r->writes->data;

  /* the dip after 8 MiB is within the noise of the write: no lasting drop */
  g_test_message ("%s", r->words);
  g_assert_cmpuint (r->first.cache_bytes, ==, 0);
  g_assert_false (ssdb_recovery_has_cliff (r));
  g_assert_cmpfloat (w[1].restored_percent, <=, 100);
  g_assert_cmpfloat (w[1].restored_percent, ==, 100);
  g_assert_cmpstr (r->words, ==,
                   "Inconclusive: the first write ran at 1203 MB/s on average, but the noise "
                   "measured in it (25.8 %) is so large that no change of rate, however large, "
                   "can be told apart. The shares in the table count the bytes written above "
                   "962 MB/s (80 % of the first write's rate): 100 % after 2 s.");

  /* the same device writing steadily, but for 42 ms: too short to tell */
  {
    const double *steady_writes[] = { later, later };
    g_autoptr (SsdbRecoveryResult) steady = recovery_of (steady_writes, 2, 16);

    g_assert_false (ssdb_recovery_has_cliff (steady));
    g_assert_cmpstr (steady->words, ==,
                     "Inconclusive: the first write ran at 1600 MB/s on average, but lasted "
                     "less than twice the 0.5 s a phase must last to be told from the load on "
                     "the machine; write more. The shares in the table count the bytes written "
                     "above 1280 MB/s (80 % of the first write's rate): 100 % after 2 s.");
  }
}

/* A cliff after 32 MiB (10 then about 1 MB/s) on a device that completes its slow writes in
 * bursts: 1 MiB segments alternate 19 and 0.526 MB/s, so half the segments after the cliff are
 * above the threshold of 3.16 MB/s, but every window of 4 MiB writes at 1.02 MB/s. Counted
 * per window, the cliff lasts; counted per segment, half the bytes would read as fast. */
static void
test_recovery_cliff_bursts (void)
{
  SsdbRecoverySpec spec;
  g_autoptr (SsdbRecoveryResult) r = NULL;
  SsdbRecoveryWrite w = { 0 };
  double t = 0;

  ssdb_recovery_spec_init (&spec);
  spec.write_bytes = 64 * MiB;
  spec.segment_bytes = MiB;
  spec.n_pauses = 0;
  r = ssdb_recovery_result_new (&spec);
  w.segments = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  w.intervals = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  for (guint i = 0; i < 64; i++)
    {
      SsdbFillPoint p;

      p.bytes_per_second = (i < 32 ? 10 : i % 2 == 0 ? 19 : 0.526) * MB;
      p.position_bytes = (guint64)(i + 1) * MiB;
      t += (double)MiB / p.bytes_per_second;
      p.elapsed_ns = (guint64)(t * 1e9);
      g_array_append_val (w.segments, p);
    }
  w.bytes = 64 * MiB;
  w.window_ns = (guint64)(t * 1e9);
  w.bytes_per_second = (double)w.bytes / t;
  w.complete = TRUE;
  g_array_append_val (r->writes, w);
  /* the analysis' result, set here so that only the windows are under test */
  r->first.cache_bytes = 32 * MiB;
  r->threshold_bytes_per_second = sqrt (10.0 * 1) * MB;
  r->first.window_bytes = 4 * MiB;
  g_assert_true (ssdb_recovery_has_cliff (r));
  /* windows of one segment see the bursts: half the bytes after the cliff fast, no cliff */
  r->first.window_bytes = MiB;
  g_assert_false (ssdb_recovery_has_cliff (r));
  /* no cache found: no cliff, whatever the segments */
  r->first.window_bytes = 4 * MiB;
  r->first.cache_bytes = 0;
  g_assert_false (ssdb_recovery_has_cliff (r));
}

/* A real cliff after 8 MiB (10 then 1 MB/s); after a pause the write is fast for 16 MiB, twice
 * the first write's fast part: restored is capped at 100 %. */
static void
test_recovery_restored_cap (void)
{
  const double first[] = { 10, 10, 1, 1, 1, 1, 1, 1 };
  const double later[] = { 10, 10, 10, 10, 1, 1, 1, 1 };
  const double *writes[] = { first, later };
  g_autoptr (SsdbRecoveryResult) r = recovery_of (writes, 2, 8);
  const SsdbRecoveryWrite *w = (const SsdbRecoveryWrite *)r->writes->data;

  g_assert_true (ssdb_recovery_has_cliff (r));
  g_assert_cmpuint (w[0].fast_bytes, ==, 8 * MiB);
  g_assert_cmpuint (w[1].fast_bytes, ==, 16 * MiB);
  g_assert_cmpfloat (w[1].restored_percent, ==, 100);
  g_assert_cmpfloat (ssdb_recovery_restored_percent (8 * MiB, 2 * MiB), ==, 25);
  g_assert_cmpfloat (ssdb_recovery_restored_percent (0, 2 * MiB), ==, 0);
  g_assert_cmpstr (r->words, ==,
                   "Found a cache cliff: the first write ran at 10 MB/s for 8.39 MB, then at "
                   "1 MB/s. After 2 s idle: 16.78 MB fast (100 %). Fast means above 3 MB/s, "
                   "the geometric mean of the two rates.");
}

/* ---- report ------------------------------------------------------------------------------- */

static void
fill_target (SsdbTargetInfo *t)
{
  memset (t, 0, sizeof *t);
  t->kind = SSDB_TARGET_DEVICE;
  t->path = (char *)"/dev/zram0";
  t->name = (char *)"zram0";
  t->disk_name = (char *)"zram0";
  t->major = 252;
  t->size_bytes = G_GUINT64_CONSTANT (2147483648);
  t->logical_block_size = 4096;
  t->physical_block_size = 4096;
  t->dio_mem_align = 512;
  t->dio_offset_align = 4096;
  t->direct_io = TRUE;
}

static char *
report_text (const SsdbRecoveryResult *rec, const SsdbConsistencyResult *con)
{
  SsdbTargetInfo target;
  g_autoptr (SsdbReport) report = NULL;

  fill_target (&target);
  report = ssdb_report_new (&target, NULL);
  ssdb_report_set_recovery (report, rec);
  ssdb_report_set_consistency (report, con);
  return ssdb_report_to_data (report, NULL);
}

/* @text with the first @from after @after replaced by @to. */
static char *
replace_after (const char *text, const char *after, const char *from, const char *to)
{
  const char *a = strstr (text, after), *p;
  GString *s;

  g_assert_nonnull (a);
  p = strstr (a, from);
  g_assert_nonnull (p);
  s = g_string_new_len (text, p - text);
  g_string_append (s, to);
  g_string_append (s, p + strlen (from));
  return g_string_free (s, FALSE);
}

static void
assert_refused (const char *text, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report
      = ssdb_report_load_from_data (text, strlen (text), "r.json", &error);

  g_assert_null (report);
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
  if (strstr (error->message, message) == NULL)
    g_error ("“%s” does not contain “%s”", error->message, message);
}

static void
test_report_round_trip (void)
{
  const double v[] = { 90000, 60000, 40000, 30000, 31000, 30000, 29000, 30000, 28000, 32000 };
  g_autoptr (SsdbRecoveryResult) rec = make_recovery ();
  g_autoptr (SsdbConsistencyResult) con = make_consistency (v, G_N_ELEMENTS (v));
  g_autofree char *text = report_text (rec, con);
  g_autofree char *again = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) loaded = NULL;

  g_assert_nonnull (strstr (text, "\"kind\" : \"recovery\""));
  g_assert_nonnull (strstr (text, "\"kind\" : \"consistency\""));
  loaded = ssdb_report_load_from_data (text, strlen (text), "r.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded->recovery);
  g_assert_nonnull (loaded->consistency);
  g_assert_cmpuint (loaded->recovery->writes->len, ==, 3);
  g_assert_cmpuint (g_array_index (loaded->recovery->writes, SsdbRecoveryWrite, 1).fast_bytes, ==,
                    32 * MiB);
  g_assert_cmpuint (loaded->consistency->steady.round, ==, 8);
  g_assert_cmpuint (loaded->consistency->rounds->len, ==, 10);

  /* the same bytes back */
  {
    g_autoptr (SsdbReport) copy = ssdb_report_new (&loaded->target, NULL);

    g_free (copy->created);
    copy->created = g_strdup (loaded->created);
    copy->created_unix = loaded->created_unix;
    g_free (copy->host);
    copy->host = g_strdup (loaded->host);
    g_free (copy->tool_version);
    copy->tool_version = g_strdup (loaded->tool_version);
    ssdb_report_set_recovery (copy, loaded->recovery);
    ssdb_report_set_consistency (copy, loaded->consistency);
    again = ssdb_report_to_data (copy, NULL);
    g_assert_cmpstr (again, ==, text);
  }
}

static void
test_report_refused (void)
{
  const double v[] = { 90000, 60000, 40000, 30000, 31000, 30000, 29000, 30000, 28000, 32000 };
  g_autoptr (SsdbRecoveryResult) rec = make_recovery ();
  g_autoptr (SsdbConsistencyResult) con = make_consistency (v, G_N_ELEMENTS (v));
  g_autofree char *text = report_text (rec, con);
  g_autofree char *bad_round
      = replace_after (text, "\"steady_state\"", "\"round\" : 8", "\"round\" : 9");
  g_autofree char *bad_fast = replace_after (
      text, "\"pause_ns\" : 2000000000", "\"fast_bytes\" : 33554432", "\"fast_bytes\" : 40000000");
  g_autofree char *bad_pause = replace_after (text, "\"writes\"", "\"pause_ns\" : 2000000000",
                                              "\"pause_ns\" : 2500000000");
  g_autofree char *bad_iops
      = replace_after (text, "\"rounds\" : [", "\"iops\" : 90000", "\"iops\" : 95000");
  g_autofree char *bad_kind_twice = NULL;

  assert_refused (bad_round, "tests[1].steady_state: the rounds reach steady state at round 8");
  assert_refused (bad_fast, "tests[0].writes[1].fast_bytes");
  assert_refused (bad_pause, "tests[0].writes[1].pause_ns");
  assert_refused (bad_iops, "tests[1].rounds[0].iops");
  bad_kind_twice = replace_after (text, "\"kind\" : \"consistency\"", "\"kind\" : \"consistency\"",
                                  "\"kind\" : \"recovery\"");
  assert_refused (bad_kind_twice, "at most one recovery test");
}

/* @text without the member line that starts with @member (its trailing comma included). */
static char *
drop_member (const char *text, const char *member)
{
  g_autofree char *key = g_strdup_printf ("\"%s\" : ", member);
  const char *p = strstr (text, key), *line, *end;
  GString *s;

  g_assert_nonnull (p);
  for (line = p; line > text && line[-1] != '\n'; line--)
    ;
  end = strchr (p, '\n');
  g_assert_nonnull (end);
  s = g_string_new_len (text, line - text);
  g_string_append (s, end + 1);
  return g_string_free (s, FALSE);
}

/* Preconditioning: written, read back to the same bytes, in the words; a deep copy. */
static void
test_report_precondition (void)
{
  const double v[] = { 90000, 60000, 40000, 30000, 31000, 30000, 29000, 30000, 28000, 32000 };
  g_autoptr (SsdbConsistencyResult) con = make_consistency (v, G_N_ELEMENTS (v));
  g_autoptr (SsdbConsistencyResult) dup = NULL;
  g_autofree char *text = NULL, *again = NULL, *bad_passes = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) loaded = NULL;

  con->spec.precondition_passes = 2;
  con->precondition_bytes = 2 * 64 * MiB;
  con->precondition_ns = G_GUINT64_CONSTANT (3250000000);
  ssdb_consistency_analyze (con);
  /* 2 x 64 MiB = 134.2 MB */
  g_assert_nonnull (strstr (con->words, "After 2 preconditioning passes (134 MB written), steady "
                                        "state"));
  g_assert_nonnull (strstr (con->words, "round 8"));

  text = report_text (NULL, con);
  g_assert_nonnull (strstr (text, "\"precondition_passes\" : 2,"));
  g_assert_nonnull (strstr (text, "\"precondition_bytes\" : 134217728,"));
  g_assert_nonnull (strstr (text, "\"precondition_ns\" : 3250000000,"));
  loaded = ssdb_report_load_from_data (text, strlen (text), "r.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->consistency->spec.precondition_passes, ==, 2);
  g_assert_cmpuint (loaded->consistency->precondition_bytes, ==, 2 * 64 * MiB);
  g_assert_cmpuint (loaded->consistency->precondition_ns, ==, G_GUINT64_CONSTANT (3250000000));
  g_assert_cmpstr (loaded->consistency->words, ==, con->words);

  /* a deep copy writes the same report, and outlives the original */
  dup = ssdb_consistency_result_dup (loaded->consistency);
  g_clear_pointer (&loaded, ssdb_report_unref);
  g_assert_cmpuint (dup->rounds->len, ==, G_N_ELEMENTS (v));
  g_assert_true (dup->rounds != con->rounds && dup->words != con->words);
  g_assert_cmpuint (dup->precondition_bytes, ==, 2 * 64 * MiB);
  again = report_text (NULL, dup);
  /* only the creation time may differ */
  g_assert_cmpstr (strstr (again, "\"tests\""), ==, strstr (text, "\"tests\""));
  g_assert_null (ssdb_consistency_result_dup (NULL));

  bad_passes = replace_after (text, "\"kind\" : \"consistency\"", "\"precondition_passes\" : 2",
                              "\"precondition_passes\" : 9");
  assert_refused (bad_passes, "tests[0].precondition_passes: 9 is out of range (0..8)");
}

/* A report written before the preconditioning members existed loads with none. */
static void
test_report_without_precondition (void)
{
  const double v[] = { 90000, 60000, 40000, 30000, 31000, 30000, 29000, 30000, 28000, 32000 };
  g_autoptr (SsdbConsistencyResult) con = make_consistency (v, G_N_ELEMENTS (v));
  g_autofree char *text = NULL, *a = NULL, *b = NULL, *old = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) loaded = NULL;

  con->spec.precondition_passes = 1;
  con->precondition_bytes = 64 * MiB;
  con->precondition_ns = 1000;
  text = report_text (NULL, con);
  a = drop_member (text, "precondition_passes");
  b = drop_member (a, "precondition_bytes");
  old = drop_member (b, "precondition_ns");
  g_assert_null (strstr (old, "precondition"));
  loaded = ssdb_report_load_from_data (old, strlen (old), "old.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->consistency->spec.precondition_passes, ==, 0);
  g_assert_cmpuint (loaded->consistency->precondition_bytes, ==, 0);
  g_assert_cmpuint (loaded->consistency->precondition_ns, ==, 0);
  g_assert_cmpuint (loaded->consistency->steady.round, ==, 8);
}

/* ---- errors ------------------------------------------------------------------------------- */

/* A device that stopped answering is told apart by a mark on the error, not by its text. */
static void
test_error_not_responding (void)
{
  g_autoptr (GError) plain = NULL, marked = NULL, copy = NULL, other = NULL;
  GError *prefixed = NULL, *propagated = NULL;

  /* the domain keeps its name */
  g_assert_cmpstr (g_quark_to_string (SSDB_ERROR), ==, "ssdb-error-quark");

  /* the same words without the mark are an ordinary cancel */
  plain = g_error_new (SSDB_ERROR, SSDB_ERROR_CANCELLED,
                       "The read test on /dev/zram0 was cancelled, but the device is not "
                       "responding: 1 request did not complete within 100 ms");
  g_assert_false (ssdb_error_is_not_responding (plain));
  g_assert_false (ssdb_io_error_is_not_responding (plain));
  g_assert_false (ssdb_error_is_not_responding (NULL));

  /* any words with the mark */
  marked = g_error_new_literal (SSDB_ERROR, SSDB_ERROR_CANCELLED, "Arrêté");
  ssdb_error_set_not_responding (marked);
  g_assert_true (ssdb_error_is_not_responding (marked));
  g_assert_true (ssdb_io_error_is_not_responding (marked));
  g_assert_error (marked, SSDB_ERROR, SSDB_ERROR_CANCELLED);

  /* it travels with copies, prefixes and propagation */
  copy = g_error_copy (marked);
  g_assert_true (ssdb_error_is_not_responding (copy));
  g_prefix_error (&copy, "Summary: ");
  g_assert_true (ssdb_error_is_not_responding (copy));
  g_assert_cmpstr (copy->message, ==, "Summary: Arrêté");
  g_propagate_prefixed_error (&prefixed, g_error_copy (marked), "%s", "Run: ");
  g_assert_true (ssdb_error_is_not_responding (prefixed));
  g_propagate_error (&propagated, prefixed);
  g_assert_true (ssdb_error_is_not_responding (propagated));
  g_clear_error (&propagated);

  /* other codes may carry it; other domains never do */
  other = g_error_new_literal (SSDB_ERROR, SSDB_ERROR_IO, "I/O error");
  g_assert_false (ssdb_error_is_not_responding (other));
  ssdb_error_set_not_responding (other);
  g_assert_true (ssdb_error_is_not_responding (other));
  g_assert_false (ssdb_io_error_is_not_responding (other));
  g_clear_error (&other);
  other = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
  g_assert_false (ssdb_error_is_not_responding (other));
}

/* ---- charts ------------------------------------------------------------------------------- */

static void
test_charts (void)
{
  const double v[] = { 90000, 60000, 40000, 30000, 31000, 30000, 29000, 30000, 28000, 32000 };
  const double never[] = { 60, 100, 140, 60, 100, 140, 60, 100 };
  g_autoptr (SsdbRecoveryResult) rec = make_recovery ();
  g_autoptr (SsdbConsistencyResult) con = make_consistency (v, G_N_ELEMENTS (v));
  g_autoptr (SsdbConsistencyResult) unsteady = make_consistency (never, G_N_ELEMENTS (never));
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ssdb-consistency-XXXXXX", &error);
  g_autofree char *rpng = NULL, *cpng = NULL;
  SsdbRecoveryView rv;
  SsdbConsistencyView cv;
  SsdbStyle style;
  cairo_rectangle_t band, plot_band;
  GStatBuf st;

  g_assert_no_error (error);
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  ssdb_recovery_view_init (&rv);
  rv.result = rec;
  rv.target_title = "/dev/zram0";
  ssdb_consistency_view_init (&cv);
  cv.result = con;
  cv.target_title = "/dev/zram0";

  rpng = g_build_filename (dir, "recovery.png", NULL);
  cpng = g_build_filename (dir, "consistency.png", NULL);
  g_assert_true (ssdb_render_recovery_png (&rv, &style, rpng, 900, 560, 1, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_render_consistency_png (&cv, &style, cpng, 900, 560, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (rpng, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 10000);
  g_assert_cmpint (g_stat (cpng, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 10000);

  /* the steady-state window: rounds 4-8 of 10, from 3 s to 8 s on an axis of 10.2 s */
  g_assert_true (ssdb_consistency_painter_get_window_rect (&cv, 900, 560, &band));
  cv.show_steady_window = FALSE;
  g_assert_false (ssdb_consistency_painter_get_window_rect (&cv, 900, 560, &plot_band));
  cv.show_steady_window = TRUE;
  ssdb_consistency_painter_get_plot_rect (&cv, 900, 560, &plot_band);
  g_assert_cmpfloat (fabs (band.x - (plot_band.x + 3.0 / 10.2 * plot_band.width)), <, 1.0);
  g_assert_cmpfloat (fabs (band.width - 5.0 / 10.2 * plot_band.width), <, 1.0);
  g_assert_cmpfloat (band.height, ==, plot_band.height);
  cv.result = unsteady;
  g_assert_false (ssdb_consistency_painter_get_window_rect (&cv, 900, 560, &band));

  g_unlink (rpng);
  g_unlink (cpng);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/consistency/rule/constant", test_rule_constant);
  g_test_add_func ("/consistency/rule/too-few", test_rule_too_few);
  g_test_add_func ("/consistency/rule/zero-and-nan", test_rule_zero_and_nan);
  g_test_add_func ("/consistency/rule/ramp", test_rule_ramp);
  g_test_add_func ("/consistency/rule/slope", test_rule_slope);
  g_test_add_func ("/consistency/rule/range", test_rule_range);
  g_test_add_func ("/consistency/rule/never", test_rule_never);
  g_test_add_func ("/consistency/tail", test_consistency_tail);
  g_test_add_func ("/consistency/short-final-round", test_consistency_short_final);
  g_test_add_func ("/consistency/left-window", test_consistency_left_window);
  g_test_add_func ("/recovery/fast-bytes", test_recovery_fast_bytes);
  g_test_add_func ("/recovery/analysis", test_recovery_analysis);
  g_test_add_func ("/recovery/no-cliff", test_recovery_no_cliff);
  g_test_add_func ("/recovery/restored-cap", test_recovery_restored_cap);
  g_test_add_func ("/recovery/cliff-bursts", test_recovery_cliff_bursts);
  g_test_add_func ("/consistency/report/round-trip", test_report_round_trip);
  g_test_add_func ("/consistency/report/refused", test_report_refused);
  g_test_add_func ("/consistency/report/precondition", test_report_precondition);
  g_test_add_func ("/consistency/report/without-precondition", test_report_without_precondition);
  g_test_add_func ("/consistency/charts", test_charts);
  g_test_add_func ("/error/not-responding", test_error_not_responding);
  return g_test_run ();
}
