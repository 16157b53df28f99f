/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How long a run takes, before it starts: each behaviour kind's estimate on hand-computed
 * settings (/estimate/hand), and on zram (/estimate/zram, root; skips without) the bytes
 * estimated against the bytes the device's own counters (/sys/block/NAME/stat) saw the run write
 * and read, and the timed part against the run's wall time. */
#include <math.h>
#include <string.h>

#include "engine/ssdb-compression.h"
#include "engine/ssdb-consistency.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-freespace.h"
#include "engine/ssdb-readback.h"
#include "engine/ssdb-recovery.h"
#include "engine/ssdb-test-kind.h"
#include "engine/ssdb-trim.h"
#include "lib/ssdb-test-targets.h"

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define GiB (G_GUINT64_CONSTANT (1) << 30)
#define S G_GUINT64_CONSTANT (1000000000)

/* A summary of two tests (SEQ1M Q8T1 and RND4K Q32T1, each read and write: four entries),
 * 3 passes of 1 s over 16 MiB: 12 s timed, 16 MiB written first to prepare the reads. */
static void
two_tests (SsdbSummarySpec *s, guint *mask)
{
  g_autoptr (GError) error = NULL;

  ssdb_behaviour_summary_spec_init (s);
  s->size = 16 * MiB;
  s->count = 3;
  s->duration_ns = S;
  s->interval_ns = 0;
  s->warmup = FALSE;
  g_assert_true (ssdb_behaviour_tests_parse (s->profile, "SEQ1M Q8T1,RND4K Q32T1", mask, &error));
  g_assert_no_error (error);
}

static void
assert_estimate (SsdbTestKind kind, gconstpointer result, guint64 target_bytes, guint64 timed_ns,
                 guint64 write_bytes, guint64 read_bytes)
{
  SsdbRunEstimate e;

  g_assert_true (ssdb_test_kind_estimate (kind, result, target_bytes, &e));
  g_assert_cmpuint (e.timed_ns, ==, timed_ns);
  g_assert_cmpuint (e.write_bytes, ==, write_bytes);
  g_assert_cmpuint (e.read_bytes, ==, read_bytes);
}

static void
test_hand (void)
{
  SsdbRunEstimate e = { S, 500000000, 500000000 };

  /* 1 s timed, then 1 GB at 500 MB/s */
  g_assert_cmpuint (ssdb_run_estimate_ns (&e, 500e6), ==, 3 * S);

  {
    SsdbRecoverySpec spec;
    g_autoptr (SsdbRecoveryResult) r = NULL;

    ssdb_recovery_spec_init (&spec);
    spec.write_bytes = 64 * MiB;
    spec.n_pauses = 2;
    spec.pauses_ns[0] = S;
    spec.pauses_ns[1] = 2 * S;
    r = ssdb_recovery_result_new (&spec);
    /* three writes, 3 s of pauses; the target's size does not matter */
    assert_estimate (SSDB_TEST_KIND_RECOVERY, r, 0, 3 * S, 3 * 64 * MiB, 0);
    /* more than the target holds: all of it, as the run does */
    assert_estimate (SSDB_TEST_KIND_RECOVERY, r, 32 * MiB, 3 * S, 3 * 32 * MiB, 0);
    r->spec.write_bytes = 0;
    g_assert_false (ssdb_test_kind_estimate (SSDB_TEST_KIND_RECOVERY, r, 0, &e));
    g_assert_cmpuint (e.write_bytes, ==, 0);
    assert_estimate (SSDB_TEST_KIND_RECOVERY, r, GiB, 3 * S, 3 * GiB, 0);
  }
  {
    SsdbCompressionSpec spec;
    g_autoptr (SsdbCompressionResult) r = NULL;

    ssdb_compression_spec_init (&spec);
    spec.span_length = 64 * MiB;
    spec.passes = 3;
    spec.include_zero = TRUE;
    r = ssdb_compression_result_new (&spec);
    /* one preparing write of the span, then random, 25, 50, 75, 100 % compressible and
     * zeros: 6 levels × 3 passes, each writing the span and reading it back */
    assert_estimate (SSDB_TEST_KIND_COMPRESSION, r, 0, 0, 19 * 64 * MiB, 18 * 64 * MiB);
    r->spec.include_zero = FALSE;
    assert_estimate (SSDB_TEST_KIND_COMPRESSION, r, 0, 0, 16 * 64 * MiB, 15 * 64 * MiB);
  }
  {
    SsdbTrimSpec spec;
    g_autoptr (SsdbTrimResult) r = NULL;

    ssdb_trim_spec_init (&spec);
    two_tests (&spec.summary, &spec.test_mask);
    spec.rounds = 2;
    spec.span_offset = 0;
    spec.span_length = 0;
    r = ssdb_trim_result_new (&spec);
    /* the summary before and after (12 s and 16 MiB each), a fill of 64 MiB per round */
    assert_estimate (SSDB_TEST_KIND_TRIM, r, 64 * MiB, 24 * S, 2 * 16 * MiB + 2 * 64 * MiB, 0);
    g_assert_false (ssdb_test_kind_estimate (SSDB_TEST_KIND_TRIM, r, 0, &e));
  }
  {
    SsdbFreespaceSpec spec;
    g_autoptr (SsdbFreespaceResult) r = NULL;

    ssdb_freespace_spec_init (&spec);
    two_tests (&spec.summary, &spec.test_mask);
    spec.step_percent = 25;
    spec.span_length = 0;
    r = ssdb_freespace_result_new (&spec);
    /* steps at 0, 25, 50, 75 and 100 %: five summaries; the span filled once */
    assert_estimate (SSDB_TEST_KIND_FREESPACE, r, 64 * MiB, 5 * 12 * S, 5 * 16 * MiB + 64 * MiB, 0);
    /* 30 %: 0, 30, 60, 90, 100 */
    r->spec.step_percent = 30;
    assert_estimate (SSDB_TEST_KIND_FREESPACE, r, 64 * MiB, 5 * 12 * S, 5 * 16 * MiB + 64 * MiB, 0);
  }
  {
    SsdbConsistencySpec spec;
    g_autoptr (SsdbConsistencyResult) r = NULL;

    ssdb_consistency_spec_init (&spec);
    spec.duration_ns = 60 * S;
    spec.precondition_passes = 2;
    spec.span_length = 0;
    r = ssdb_consistency_result_new (&spec);
    assert_estimate (SSDB_TEST_KIND_CONSISTENCY, r, GiB, 60 * S, 2 * GiB, 0);
    r->spec.precondition_passes = 0;
    assert_estimate (SSDB_TEST_KIND_CONSISTENCY, r, GiB, 60 * S, 0, 0);
  }
  {
    SsdbFillSpec spec;
    g_autoptr (SsdbReadbackResult) r = NULL;

    ssdb_fill_spec_init (&spec);
    spec.span_length = 0;
    r = ssdb_readback_result_new (&spec);
    /* each pass's data is read twice */
    assert_estimate (SSDB_TEST_KIND_READBACK, r, 128 * MiB, 0, 256 * MiB, 512 * MiB);
    g_assert_false (ssdb_test_kind_estimate (SSDB_TEST_KIND_READBACK, r, 0, &e));
  }
  /* the pages that show their own progress have none */
  {
    SsdbSummarySpec spec;
    g_autoptr (SsdbSummaryResult) r = NULL;

    ssdb_summary_spec_init (&spec);
    r = ssdb_summary_result_new (&spec, NULL);
    g_assert_false (ssdb_test_kind_estimate (SSDB_TEST_KIND_SUMMARY, r, GiB, &e));
  }
}

/* Runs @result, a result of @kind, on @t. */
static gboolean
run_kind (SsdbTestKind kind, SsdbTarget *t, gpointer r)
{
  switch (kind)
    {
      case SSDB_TEST_KIND_READBACK:
        return ssdb_readback_run (t, r, NULL, NULL, NULL, NULL);
      case SSDB_TEST_KIND_COMPRESSION:
        return ssdb_compression_run (t, r, NULL, NULL, NULL, NULL);
      case SSDB_TEST_KIND_RECOVERY:
        return ssdb_recovery_run (t, r, NULL, NULL, NULL, NULL);
      case SSDB_TEST_KIND_CONSISTENCY:
        return ssdb_consistency_run (t, r, NULL, NULL, NULL, NULL);
      case SSDB_TEST_KIND_TRIM:
        return ssdb_trim_run (t, r, NULL, NULL, NULL, NULL);
      case SSDB_TEST_KIND_FREESPACE:
        return ssdb_freespace_run (t, r, NULL, NULL, NULL, NULL);
      default:
        g_assert_not_reached ();
    }
  return FALSE;
}

/* udev probes a device it is told of (blkid reads its first blocks) a moment after: its reads
 * may land inside a run's counters. */
#define PROBE_BYTES (4 * MiB)

/* Runs @result on @t and checks the estimate made before against the device's counters and the
 * wall time. @timed_io: the timed parts (summary tests, steady-state rounds) move bytes too, not
 * in the estimate's bytes: the device then counts at least the estimate. */
static void
check_run (const char *dev, SsdbTarget *t, SsdbTestKind kind, gpointer result, gboolean timed_io)
{
  SsdbRunEstimate e;
  guint64 r0 = 0, w0 = 0, r1 = 0, w1 = 0;
  gint64 t0;
  guint64 elapsed_ns;

  g_assert_true (ssdb_test_kind_estimate (kind, result, ssdb_target_get_info (t)->size_bytes, &e));
  ssdb_test_device_bytes (dev, &r0, &w0);
  t0 = g_get_monotonic_time ();
  g_assert_true (run_kind (kind, t, result));
  elapsed_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
  ssdb_test_device_bytes (dev, &r1, &w1);
  g_test_message ("%s: estimated %.1f s timed, %.1f MiB written, %.1f MiB read; the device saw "
                  "%.1f MiB written, %.1f MiB read in %.2f s",
                  ssdb_test_kind_to_string (kind), e.timed_ns / 1e9, e.write_bytes / (double)MiB,
                  e.read_bytes / (double)MiB, (w1 - w0) / (double)MiB, (r1 - r0) / (double)MiB,
                  elapsed_ns / 1e9);
  if (timed_io)
    {
      g_assert_cmpuint (w1 - w0, >=, e.write_bytes);
      g_assert_cmpuint (r1 - r0, >=, e.read_bytes);
    }
  else
    {
      g_assert_cmpuint (w1 - w0, ==, e.write_bytes);
      g_assert_cmpuint (r1 - r0, >=, e.read_bytes);
      g_assert_cmpuint (r1 - r0, <=, e.read_bytes + PROBE_BYTES);
    }
  /* the timed part lasts its time (the pauses and the duration are waited out) */
  g_assert_cmpuint (elapsed_ns, >=, e.timed_ns);
}

static void
test_zram (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;

  if (!ssdb_test_need_root ("zram") || (dev = ssdb_test_zram_new (64 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  /* udev's probe of the new device first */
  g_free (ssdb_test_sh ("udevadm settle --timeout=10 2>/dev/null || true"));
  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_WRITE, dev, 0, &error);
  g_assert_no_error (error);

  {
    SsdbFillSpec spec;
    g_autoptr (SsdbReadbackResult) r = NULL;

    ssdb_fill_spec_init (&spec);
    r = ssdb_readback_result_new (&spec);
    check_run (dev, t, SSDB_TEST_KIND_READBACK, r, FALSE);
  }
  {
    SsdbCompressionSpec spec;
    g_autoptr (SsdbCompressionResult) r = NULL;

    ssdb_compression_spec_init (&spec);
    spec.span_length = 8 * MiB;
    spec.passes = 2;
    r = ssdb_compression_result_new (&spec);
    check_run (dev, t, SSDB_TEST_KIND_COMPRESSION, r, FALSE);
  }
  {
    SsdbRecoverySpec spec;
    g_autoptr (SsdbRecoveryResult) r = NULL;

    ssdb_recovery_spec_init (&spec);
    spec.write_bytes = 16 * MiB;
    spec.n_pauses = 2;
    spec.pauses_ns[0] = S / 5;
    spec.pauses_ns[1] = S / 2;
    r = ssdb_recovery_result_new (&spec);
    check_run (dev, t, SSDB_TEST_KIND_RECOVERY, r, FALSE);
  }
  {
    SsdbConsistencySpec spec;
    g_autoptr (SsdbConsistencyResult) r = NULL;

    ssdb_consistency_spec_init (&spec);
    spec.duration_ns = S;
    spec.round_ns = S / 5;
    spec.precondition_passes = 1;
    r = ssdb_consistency_result_new (&spec);
    /* the random writes of the timed part come on top */
    check_run (dev, t, SSDB_TEST_KIND_CONSISTENCY, r, TRUE);
    g_assert_cmpuint (r->precondition_bytes, ==, 64 * MiB);
  }
  /* the summary's timed tests read and write on top of its fills */
  {
    SsdbTrimSpec spec;
    g_autoptr (SsdbTrimResult) r = NULL;
    g_autoptr (GError) parse_error = NULL;

    ssdb_trim_spec_init (&spec);
    spec.rounds = 2;
    spec.summary.size = 8 * MiB;
    spec.summary.count = 1;
    spec.summary.duration_ns = S / 10;
    g_assert_true (ssdb_behaviour_tests_parse (spec.summary.profile, "SEQ1M Q8T1", &spec.test_mask,
                                               &parse_error));
    r = ssdb_trim_result_new (&spec);
    check_run (dev, t, SSDB_TEST_KIND_TRIM, r, TRUE);
  }
  {
    SsdbFreespaceSpec spec;
    g_autoptr (SsdbFreespaceResult) r = NULL;
    g_autoptr (GError) parse_error = NULL;

    ssdb_freespace_spec_init (&spec);
    spec.step_percent = 50;
    spec.summary.size = 8 * MiB;
    spec.summary.count = 1;
    spec.summary.duration_ns = S / 10;
    g_assert_true (ssdb_behaviour_tests_parse (spec.summary.profile, "SEQ1M Q8T1", &spec.test_mask,
                                               &parse_error));
    r = ssdb_freespace_result_new (&spec);
    check_run (dev, t, SSDB_TEST_KIND_FREESPACE, r, TRUE);
  }
  g_clear_object (&t);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

/* The end shown while a run goes on: none before 3 % and 3 s (or 0.2 % and 20 s), then the
 * rate so far, and never later than an earlier estimate. */
static void
test_progress_end (void)
{
  /* Too early: 2 % after 10 s, 5 % after 2 s, 0.1 % after 60 s. */
  g_assert_cmpuint (ssdb_estimate_progress_end (10 * S, 0.02, 0), ==, 0);
  g_assert_cmpuint (ssdb_estimate_progress_end (2 * S, 0.05, 0), ==, 0);
  g_assert_cmpuint (ssdb_estimate_progress_end (60 * S, 0.001, 0), ==, 0);
  /* 1/32 after 3 s: 96 s in all (fractions exact in binary). */
  g_assert_cmpuint (ssdb_estimate_progress_end (3 * S, 1.0 / 32, 0), ==, 96 * S);
  /* A hard disk's surface: 1/256 after 27 s points to 6912 s, nearly 2 hours. */
  g_assert_cmpuint (ssdb_estimate_progress_end (27 * S, 1.0 / 256, 0), ==, 6912 * S);
  /* Slower later (1/8 after 20 s points to 160 s): the earlier 96 s stays. */
  g_assert_cmpuint (ssdb_estimate_progress_end (20 * S, 1.0 / 8, 96 * S), ==, 96 * S);
  /* Faster later (1/2 after 40 s points to 80 s): the end moves earlier. */
  g_assert_cmpuint (ssdb_estimate_progress_end (40 * S, 0.5, 96 * S), ==, 80 * S);
  /* Done, or no progress at all: the estimate stays as it was. */
  g_assert_cmpuint (ssdb_estimate_progress_end (90 * S, 1.0, 80 * S), ==, 80 * S);
  g_assert_cmpuint (ssdb_estimate_progress_end (90 * S, 0.0, 0), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/estimate/hand", test_hand);
  g_test_add_func ("/estimate/progress-end", test_progress_end);
  g_test_add_func ("/estimate/zram", test_zram);
  return g_test_run ();
}
