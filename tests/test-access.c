/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The access-time distribution: display bins and the words on hand-made series; real runs on
 * zram (depth reached, counts add up) and on a loop device throttled to a fixed read IOPS with
 * the cgroup v1 blkio controller (root). */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "engine/ssdb-access.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-target-fill.h"
#include "lib/ssdb-test-targets.h"

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define MS (G_GUINT64_CONSTANT (1000000))

/* ---- hand-made series ---- */

static void
test_bin_edges (void)
{
  g_assert_cmpuint (ssdb_access_bin_edge_ns (0), ==, 10000);
  g_assert_cmpuint (ssdb_access_bin_edge_ns (10), ==, 100000);
  g_assert_cmpuint (ssdb_access_bin_edge_ns (30), ==, 10000000);
  g_assert_cmpuint (ssdb_access_bin_edge_ns (SSDB_ACCESS_N_BINS), ==,
                    G_GUINT64_CONSTANT (10000000000));
  /* 10^(1/10) steps: edge 1 is 12589 ns. */
  g_assert_cmpuint (ssdb_access_bin_edge_ns (1), ==, 12589);
  for (guint k = 0; k < SSDB_ACCESS_N_BINS; k++)
    {
      double ratio = (double)ssdb_access_bin_edge_ns (k + 1) / ssdb_access_bin_edge_ns (k);

      g_assert_cmpfloat (fabs (ratio - pow (10, 0.1)), <, 1e-3);
    }
}

static void
fill_points (SsdbAccessPoint *p, double qd1_ns, double exponent)
{
  static const guint depths[] = { 1, 2, 4, 8, 16, 32 };

  for (guint i = 0; i < G_N_ELEMENTS (depths); i++)
    {
      p[i].depth = depths[i];
      p[i].mean_ns = qd1_ns * pow (depths[i], exponent);
      /* Little's law. */
      p[i].iops = depths[i] / (p[i].mean_ns / 1e9);
      p[i].achieved_depth = depths[i];
    }
}

static void
test_words_serial (void)
{
  SsdbAccessPoint p[6];
  SsdbAccessAnalysis a;

  /* A drive that serves one request at a time: 500 IOPS at every depth. */
  fill_points (p, 2e6, 1.0);
  ssdb_access_analyze (p, 6, SSDB_ACCESS_MODE_QUEUE, &a);
  g_assert_cmpint (a.verdict, ==, SSDB_ACCESS_VERDICT_SERIAL);
  g_assert_cmpfloat (fabs (a.exponent - 1.0), <, 1e-9);
  g_assert_cmpfloat (fabs (a.slope_ns - 2e6), <, 1);
  g_assert_cmpfloat (fabs (a.iops_gain - 1.0), <, 1e-9);
  g_assert_cmpstr (a.words, ==,
                   "IOPS stay at 1.0× from QD1 to QD32; mean access time grows 32× (a device that "
                   "serves one request at a time would grow 32×): the device serves one request "
                   "at a time (about 1.0 at once).");
  g_assert_false (a.short_depth);
  ssdb_access_analysis_clear (&a);
}

static void
test_words_drop (void)
{
  SsdbAccessPoint p[6];
  SsdbAccessAnalysis a;

  /* A loaded host: QD32 reaches 10 % fewer IOPS than QD1 (exponent log(32/0.9)/log(32)). */
  fill_points (p, 2e6, 1.0);
  p[5].iops *= 0.9;
  p[5].mean_ns /= 0.9;
  ssdb_access_analyze (p, 6, SSDB_ACCESS_MODE_QUEUE, &a);
  g_assert_cmpint (a.verdict, ==, SSDB_ACCESS_VERDICT_SERIAL);
  g_assert_cmpfloat (fabs (a.iops_gain - 0.9), <, 1e-9);
  g_assert_cmpstr (a.words, ==,
                   "IOPS drop to 0.9× from QD1 to QD32; mean access time grows 36× (a device "
                   "that serves one request at a time would grow 32×): the device serves one "
                   "request at a time (about 0.9 at once).");
  ssdb_access_analysis_clear (&a);
}

static void
test_words_reorders (void)
{
  SsdbAccessPoint p[6];
  SsdbAccessAnalysis a;

  /* Mean access time grows 4.1x from QD1 to QD32: on flash or RAM, requests served at once ... */
  fill_points (p, 12e6, log (4.1) / log (32));
  ssdb_access_analyze (p, 6, SSDB_ACCESS_MODE_QUEUE, &a);
  g_assert_cmpint (a.verdict, ==, SSDB_ACCESS_VERDICT_REORDERS);
  g_assert_cmpfloat (fabs (a.latency_growth - 4.1), <, 1e-9);
  g_assert_cmpstr (a.words, ==,
                   "IOPS grow 7.8× from QD1 to QD32; mean access time grows 4.1× (a device "
                   "that serves one request at a time would grow 32×): the device serves about "
                   "7.8 requests at once.");
  g_assert_null (strstr (a.words, "reorder"));
  ssdb_access_analysis_clear (&a);
  /* ... on a hard disk, NCQ reordering (shorter seeks) */
  ssdb_access_analyze_device (p, 6, SSDB_ACCESS_MODE_QUEUE, TRUE, &a);
  g_assert_cmpstr (a.words, ==,
                   "IOPS grow 7.8× from QD1 to QD32; mean access time grows 4.1× (a device "
                   "that serves one request at a time would grow 32×): the drive reorders "
                   "queued requests (NCQ) and serves about 7.8 at once.");
  ssdb_access_analysis_clear (&a);

  /* Order of the points does not matter. */
  {
    SsdbAccessPoint q[6];

    for (guint i = 0; i < 6; i++)
      q[i] = p[5 - i];
    ssdb_access_analyze (q, 6, SSDB_ACCESS_MODE_QUEUE, &a);
    g_assert_cmpint (a.verdict, ==, SSDB_ACCESS_VERDICT_REORDERS);
    g_assert_cmpuint (a.first_depth, ==, 1);
    g_assert_cmpuint (a.last_depth, ==, 32);
    ssdb_access_analysis_clear (&a);
  }
}

static void
test_words_parallel_threads (void)
{
  SsdbAccessPoint p[6];
  SsdbAccessAnalysis a;

  /* An SSD: access time nearly flat, IOPS almost proportional to the thread count. */
  fill_points (p, 80e3, 0.08);
  ssdb_access_analyze (p, 6, SSDB_ACCESS_MODE_THREADS, &a);
  g_assert_cmpint (a.verdict, ==, SSDB_ACCESS_VERDICT_PARALLEL);
  g_assert_cmpstr (a.words, ==,
                   "IOPS grow 24× from 1 thread to 32 threads; mean access time grows 1.3× (a "
                   "device that serves one request at a time would grow 32×): access time grows "
                   "far less than the queue: the device serves about 24 requests at once, in "
                   "parallel.");
  ssdb_access_analysis_clear (&a);
}

static void
test_words_edge_cases (void)
{
  SsdbAccessPoint p[6];
  SsdbAccessAnalysis a;

  /* Only QD1 and QD2: too close to tell. */
  fill_points (p, 1e6, 1.0);
  ssdb_access_analyze (p, 2, SSDB_ACCESS_MODE_QUEUE, &a);
  g_assert_cmpint (a.verdict, ==, SSDB_ACCESS_VERDICT_UNKNOWN);
  g_assert_nonnull (strstr (a.words, "Too few queue depths"));
  ssdb_access_analysis_clear (&a);

  /* Nothing measured. */
  ssdb_access_analyze (p, 0, SSDB_ACCESS_MODE_QUEUE, &a);
  g_assert_cmpint (a.verdict, ==, SSDB_ACCESS_VERDICT_UNKNOWN);
  g_assert_cmpstr (a.words, ==, "No step completed.");
  ssdb_access_analysis_clear (&a);

  /* A queue that never fills: the depth shortfall is said. */
  fill_points (p, 1e6, 0.5);
  p[5].achieved_depth = 20;
  ssdb_access_analyze (p, 6, SSDB_ACCESS_MODE_QUEUE, &a);
  g_assert_true (a.short_depth);
  g_assert_nonnull (strstr (a.words, "fewer requests in flight than asked"));
  ssdb_access_analysis_clear (&a);

  /* Boundaries of the classification. */
  fill_points (p, 1e6, 0.86);
  ssdb_access_analyze (p, 6, SSDB_ACCESS_MODE_QUEUE, &a);
  g_assert_cmpint (a.verdict, ==, SSDB_ACCESS_VERDICT_SERIAL);
  ssdb_access_analysis_clear (&a);
  fill_points (p, 1e6, 0.84);
  ssdb_access_analyze (p, 6, SSDB_ACCESS_MODE_QUEUE, &a);
  g_assert_cmpint (a.verdict, ==, SSDB_ACCESS_VERDICT_REORDERS);
  ssdb_access_analysis_clear (&a);
  fill_points (p, 1e6, 0.24);
  ssdb_access_analyze (p, 6, SSDB_ACCESS_MODE_QUEUE, &a);
  g_assert_cmpint (a.verdict, ==, SSDB_ACCESS_VERDICT_PARALLEL);
  ssdb_access_analysis_clear (&a);
}

/* ---- real targets ---- */

static void
assert_step_consistent (const SsdbAccessStep *s)
{
  guint64 sum = s->below + s->above;

  for (guint k = 0; k < SSDB_ACCESS_N_BINS; k++)
    sum += s->bins[k];
  g_assert_cmpint (s->state, ==, SSDB_ENTRY_DONE);
  g_assert_cmpuint (s->io.ios, >, 0);
  g_assert_cmpuint (sum, ==, s->io.ios);
  g_assert_cmpuint (s->io.latency.count, ==, s->io.ios);
  g_assert_cmpuint (s->io.bytes, ==, s->io.ios * s->job.block_size);
  g_assert_cmpuint (s->min_ns, <=, s->median_ns);
  g_assert_cmpuint (s->median_ns, <=, s->p99_ns);
  g_assert_cmpuint (s->p99_ns, <=, s->max_ns);
  g_assert_cmpfloat (s->mean_ns, >=, (double)s->min_ns);
  g_assert_cmpfloat (s->mean_ns, <=, (double)s->max_ns);
  g_assert_nonnull (s->fio_command);
}

static void
test_zram (void)
{
  g_autofree char *id = NULL, *dev = NULL, *cmd = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbAccessResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbAccessSpec spec;
  const SsdbAccessStep *last;

  if (!ssdb_test_need_root ("zram and loop devices"))
    return;
  if (!g_file_test ("/sys/class/zram-control/hot_add", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no zram");
      return;
    }
  id = ssdb_test_sh ("cat /sys/class/zram-control/hot_add");
  dev = g_strdup_printf ("/dev/zram%s", id);
  cmd = g_strdup_printf ("sh -c 'echo 256M > /sys/block/zram%s/disksize'", id);
  g_free (ssdb_test_sh (cmd));

  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_WRITE, dev, 0, &error);
  g_assert_no_error (error);

  /* Count-based steps: exactly 20000 reads each, over a span filled by the run. */
  ssdb_access_spec_init (&spec);
  spec.step_duration_ns = 0;
  spec.step_ios = 20000;
  spec.fill = TRUE;
  r = ssdb_access_result_new (&spec);
  g_assert_true (ssdb_access_run (t, r, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r->spec.span_length, ==, 256 * MiB);
  g_assert_cmpuint (r->prepare_ns, >, 0);
  g_assert_cmpuint (r->steps->len, ==, 6);
  for (guint i = 0; i < r->steps->len; i++)
    {
      const SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);

      assert_step_consistent (s);
      g_assert_cmpuint (s->io.ios, ==, 20000);
      g_assert_cmpuint (s->job.queue_depth, ==, spec.depths[i]);
      g_assert_cmpuint (s->job.threads, ==, 1);
      g_test_message ("QD%u: %.0f IOPS, mean %.1f µs, p99 %.1f µs, depth %.2f", s->depth, s->iops,
                      s->mean_ns / 1e3, s->p99_ns / 1e3, s->achieved_depth);
    }
  last = &g_array_index (r->steps, SsdbAccessStep, 5);
  g_assert_cmpuint (last->depth, ==, 32);
  g_assert_cmpfloat (last->achieved_depth, >=, 0.9 * 32);
  g_assert_cmpfloat (last->achieved_depth, <=, 32.0 + 1e-9);
  g_assert_nonnull (strstr (last->fio_command, "--rw=randread --bs=4k --iodepth=32 --numjobs=1"));
  g_assert_cmpuint (r->analysis.first_depth, ==, 1);
  g_assert_cmpuint (r->analysis.last_depth, ==, 32);
  g_assert_nonnull (r->analysis.words);
  g_test_message ("%s", r->analysis.words);

  /* Threads mode: T independent QD1 threads, time-based. */
  {
    g_autoptr (SsdbAccessResult) rt = NULL;

    ssdb_access_spec_init (&spec);
    spec.mode = SSDB_ACCESS_MODE_THREADS;
    spec.depths[0] = 1;
    spec.depths[1] = 2;
    spec.depths[2] = 4;
    spec.n_depths = 3;
    spec.step_duration_ns = 300 * MS;
    rt = ssdb_access_result_new (&spec);
    g_assert_true (ssdb_access_run (t, rt, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    for (guint i = 0; i < 3; i++)
      {
        const SsdbAccessStep *s = &g_array_index (rt->steps, SsdbAccessStep, i);

        assert_step_consistent (s);
        g_assert_cmpuint (s->job.threads, ==, spec.depths[i]);
        g_assert_cmpuint (s->job.queue_depth, ==, 1);
        g_assert_cmpuint (s->io.window_ns, >=, 300 * MS);
        g_assert_cmpfloat (s->achieved_depth, <=, spec.depths[i] + 1e-9);
        g_assert_cmpfloat (s->achieved_depth, >, 0.5 * spec.depths[i]);
      }
    g_assert_nonnull (strstr (rt->analysis.words, "from 1 thread to 4 threads"));
  }

  /* Bad settings change nothing and name the setting. */
  {
    g_autoptr (SsdbAccessResult) rb = NULL;

    ssdb_access_spec_init (&spec);
    spec.depths[3] = 300;
    rb = ssdb_access_result_new (&spec);
    g_assert_false (ssdb_access_run (t, rb, NULL, NULL, NULL, &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "Queue depth 300"));
    g_clear_error (&error);
    g_assert_cmpint (g_array_index (rb->steps, SsdbAccessStep, 0).state, ==, SSDB_ENTRY_PENDING);
  }

  g_clear_object (&t);
  g_free (cmd);
  cmd = g_strdup_printf ("sh -c 'echo 1 > /sys/block/zram%s/reset; echo %s > "
                         "/sys/class/zram-control/hot_remove'",
                         id, id);
  g_free (ssdb_test_sh (cmd));
}

static void
on_progress (SsdbAccessResult *result, int step, double fraction, gpointer user_data)
{
  double *last = user_data;

  (void)result;
  (void)step;
  g_assert_cmpfloat (fraction, >=, *last - 1e-9);
  g_assert_cmpfloat (fraction, <=, 1.0 + 1e-9);
  *last = fraction;
}

static void
test_throttled_iops (void)
{
  const char *blkio = "/sys/fs/cgroup/blkio";
  const double iops = 500;
  g_autofree char *dir = NULL, *file = NULL, *cmd = NULL, *dev = NULL, *cg = NULL;
  g_autofree char *limit = NULL, *pid = NULL, *devnum = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbAccessResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbAccessSpec spec;
  struct stat st;
  double last_fraction = 0;
  gboolean ok;

  if (!ssdb_test_need_root ("zram and loop devices"))
    return;
  if (!g_file_test ("/sys/fs/cgroup/blkio/blkio.throttle.read_iops_device", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no cgroup v1 blkio controller");
      return;
    }
  /* Backing file in RAM, so only the throttle sets the pace. */
  dir = g_build_filename ("/dev/shm", "ssdb-access-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (dir));
  file = g_build_filename (dir, "iops.img", NULL);
  cmd = g_strdup_printf ("truncate -s 128M %s", file);
  g_free (ssdb_test_sh (cmd));
  g_free (cmd);
  cmd = g_strdup_printf ("losetup -f --show %s", file);
  dev = ssdb_test_sh (cmd);
  g_assert_cmpint (stat (dev, &st), ==, 0);
  devnum = g_strdup_printf ("%u:%u", major (st.st_rdev), minor (st.st_rdev));

  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_WRITE, dev, 0, &error);
  g_assert_no_error (error);
  g_assert_true (ssdb_target_fill (t, 0, 128 * MiB, 5, NULL, NULL, NULL, &error));

  cg = g_strdup_printf ("%s/ssdbench-access-%d", blkio, getpid ());
  g_assert_cmpint (g_mkdir (cg, 0755), ==, 0);
  limit = g_strdup_printf ("%s %.0f", devnum, iops);
  {
    g_autofree char *f = g_build_filename (cg, "blkio.throttle.read_iops_device", NULL);
    ssdb_test_write_file (f, limit);
  }
  pid = g_strdup_printf ("%d", getpid ());
  {
    g_autofree char *f = g_build_filename (cg, "cgroup.procs", NULL);
    ssdb_test_write_file (f, pid);
  }

  ssdb_access_spec_init (&spec);
  spec.step_duration_ns = 2000 * MS;
  r = ssdb_access_result_new (&spec);
  ok = ssdb_access_run (t, r, on_progress, &last_fraction, NULL, &error);

  /* Back to the root group, and clean up, before any assertion. */
  ssdb_test_write_file ("/sys/fs/cgroup/blkio/cgroup.procs", pid);
  g_assert_cmpint (g_rmdir (cg), ==, 0);
  g_clear_object (&t);
  g_free (cmd);
  cmd = g_strdup_printf ("losetup -d %s", dev);
  g_free (ssdb_test_sh (cmd));
  g_unlink (file);
  g_rmdir (dir);

  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpfloat (last_fraction, ==, 1.0);
  for (guint i = 0; i < r->steps->len; i++)
    {
      const SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);

      assert_step_consistent (s);
      g_test_message ("QD%u: %.1f IOPS, mean %.2f ms, depth %.2f", s->depth, s->iops,
                      s->mean_ns / 1e6, s->achieved_depth);
      g_assert_cmpfloat (fabs (s->iops - iops), <=, 0.1 * iops);
      /* Little's law on a fixed-rate device: mean access time = depth / IOPS. */
      g_assert_cmpfloat (fabs (s->mean_ns / 1e9 - s->depth / iops), <=, 0.15 * s->depth / iops);
    }
  g_test_message ("%s", r->analysis.words);
  g_assert_cmpint (r->analysis.verdict, ==, SSDB_ACCESS_VERDICT_SERIAL);
  g_assert_cmpfloat (r->analysis.iops_gain, <, 1.2);
  g_assert_cmpfloat (r->analysis.latency_growth, >, 25);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/access/bin-edges", test_bin_edges);
  g_test_add_func ("/access/words-serial", test_words_serial);
  g_test_add_func ("/access/words-drop", test_words_drop);
  g_test_add_func ("/access/words-reorders", test_words_reorders);
  g_test_add_func ("/access/words-parallel-threads", test_words_parallel_threads);
  g_test_add_func ("/access/words-edge-cases", test_words_edge_cases);
  g_test_add_func ("/access/zram", test_zram);
  g_test_add_func ("/access/throttled-iops", test_throttled_iops);
  return g_test_run ();
}
