/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Surface test positions and the fill analysis against hand-made series; surface and fill on
 * real zram and loop devices, and a real-kernel cache cliff made with the cgroup v1 blkio
 * throttle (root). */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-target-fill.h"
#include "engine/ssdb-fill.h"
#include "engine/ssdb-surface.h"
#include "lib/ssdb-test-targets.h"

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define GiB (G_GUINT64_CONSTANT (1) << 30)
#define TiB (G_GUINT64_CONSTANT (1) << 40)

static void
test_positions (void)
{
  const guint64 span = 3 * TiB + 12345 * 4096ull;
  const guint64 sample = 64 * MiB;
  guint64 prev = 0;

  g_assert_cmpuint (ssdb_surface_position (0, span, sample, 200, 0, 1u << 20), ==, 0);
  g_assert_cmpuint (ssdb_surface_position (0, span, sample, 200, 199, 1u << 20) + sample, ==, span);
  for (guint i = 1; i < 199; i++)
    {
      guint64 p = ssdb_surface_position (0, span, sample, 200, i, 1u << 20);
      /* Exact ideal position, computed in long double. */
      long double ideal = (long double)(span - sample) * i / 199.0L;

      g_assert_cmpuint (p % (1u << 20), ==, 0);
      g_assert_cmpuint (p, >, prev);
      g_assert_cmpfloat ((double)(ideal - (long double)p), >=, 0);
      g_assert_cmpfloat ((double)(ideal - (long double)p), <, (double)(1u << 20));
      prev = p;
    }
  /* With an offset (short stroke). */
  g_assert_cmpuint (ssdb_surface_position (GiB, 10 * GiB, sample, 11, 10, 4096), ==,
                    11 * GiB - sample);
  g_assert_cmpuint (ssdb_surface_position (GiB, 10 * GiB, sample, 11, 5, 4096) % 4096, ==, 0);
}

static GArray *
series (const double *levels, const guint *lengths, guint n_levels, guint64 seg, double noise)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  guint64 pos = 0;
  guint k = 0;

  for (guint l = 0; l < n_levels; l++)
    for (guint i = 0; i < lengths[l]; i++, k++)
      {
        /* Deterministic wobble of +-noise in the time each segment takes. */
        double w = noise * sin ((double)k * 2.399963);
        SsdbFillPoint p = { pos += seg, 0, levels[l] / (1.0 + w) };

        g_array_append_val (a, p);
      }
  return a;
}

static void
test_analyze_steady (void)
{
  const double levels[] = { 500e6 };
  const guint lengths[] = { 256 };
  g_autoptr (GArray) s = series (levels, lengths, 1, GiB, 0.05);
  SsdbFillAnalysis a;

  ssdb_fill_analyze (s, &a);
  g_assert_cmpuint (a.phases->len, ==, 1);
  g_assert_cmpuint (a.cache_bytes, ==, 0);
  g_assert_cmpfloat (fabs (a.in_cache_bytes_per_second - 500e6), <, 5e6);
  g_assert_cmpint (a.verdict, ==, SSDB_VERDICT_NO_EFFECT);
  g_assert_nonnull (strstr (a.words, "No effect: writes run at a steady 500 MB/s"));
  ssdb_fill_analysis_clear (&a);
}

static void
test_analyze_cliff (void)
{
  /* 64 GiB at 450 MB/s, then 192 GiB at 110 MB/s. */
  const double levels[] = { 450e6, 110e6 };
  const guint lengths[] = { 64, 192 };
  g_autoptr (GArray) s = series (levels, lengths, 2, GiB, 0.08);
  SsdbFillAnalysis a;

  ssdb_fill_analyze (s, &a);
  g_assert_cmpuint (a.phases->len, ==, 2);
  g_assert_cmpuint (a.cache_bytes, ==, 64 * GiB);
  g_assert_cmpfloat (fabs (a.in_cache_bytes_per_second - 450e6), <, 10e6);
  g_assert_cmpfloat (fabs (a.post_cache_bytes_per_second - 110e6), <, 5e6);
  g_assert_cmpint (a.verdict, ==, SSDB_VERDICT_FOUND);
  g_assert_cmpstr (a.words, ==,
                   "Found 2 write-speed phases: 450 MB/s for the first 68.72 GB, then 110 MB/s. "
                   "Cache: 68.72 GB. A phase counts when its rate differs from its neighbour's by "
                   "at least 25 % (the larger of 25 % and 4 × the noise of 0.2 % measured in this "
                   "pass) over at least 5.37 GB.");
  ssdb_fill_analysis_clear (&a);
}

static void
test_analyze_three_levels (void)
{
  /* SLC-mode, then TLC direct, then folding. */
  const double levels[] = { 3000e6, 1500e6, 600e6 };
  const guint lengths[] = { 40, 100, 116 };
  g_autoptr (GArray) s = series (levels, lengths, 3, GiB, 0.05);
  SsdbFillAnalysis a;

  ssdb_fill_analyze (s, &a);
  g_assert_cmpuint (a.phases->len, ==, 3);
  g_assert_cmpuint (a.cache_bytes, ==, 40 * GiB);
  g_assert_cmpuint (g_array_index (a.phases, SsdbFillPhase, 1).end_bytes, ==, 140 * GiB);
  g_assert_cmpfloat (fabs (g_array_index (a.phases, SsdbFillPhase, 2).bytes_per_second - 600e6), <,
                     10e6);
  ssdb_fill_analysis_clear (&a);
}

static void
test_analyze_ignores_blip (void)
{
  /* One slow segment in a steady run is not a cache cliff. */
  const double levels[] = { 500e6, 100e6, 500e6 };
  const guint lengths[] = { 100, 1, 155 };
  g_autoptr (GArray) s = series (levels, lengths, 3, GiB, 0.02);
  SsdbFillAnalysis a;

  ssdb_fill_analyze (s, &a);
  g_assert_cmpuint (a.cache_bytes, ==, 0);
  g_assert_cmpuint (a.phases->len, ==, 1);
  ssdb_fill_analysis_clear (&a);
}

/* Segments whose times scatter at random: log-normal, @spread the standard deviation of their
 * logarithm (a fixed sequence). */
static GArray *
noisy_series (const double *levels, const guint *lengths, guint n_levels, double spread,
              guint32 seed)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  guint64 pos = 0;

  for (guint l = 0; l < n_levels; l++)
    for (guint i = 0; i < lengths[l]; i++)
      {
        double u1 = g_rand_double_range (rand, 1e-12, 1), u2 = g_rand_double (rand);
        double gauss = sqrt (-2 * log (u1)) * cos (2 * G_PI * u2);
        SsdbFillPoint p = { pos += GiB, 0, levels[l] * exp (-spread * gauss) };

        g_array_append_val (a, p);
      }
  return a;
}

/* Five levels (more than the three the analysis once stopped at), and steps below the noise. */
static void
test_analyze_many_levels_and_noise (void)
{
  const double five[] = { 3000e6, 1800e6, 1000e6, 600e6, 300e6 };
  const guint five_len[] = { 40, 50, 60, 50, 56 };
  const double step[] = { 500e6, 440e6 };
  const guint step_len[] = { 32, 32 };

  for (guint32 seed = 1; seed <= 5; seed++)
    {
      g_autoptr (GArray) s = noisy_series (five, five_len, 5, 0.05, seed);
      SsdbFillAnalysis a;

      ssdb_fill_analyze (s, &a);
      g_assert_cmpint (a.verdict, ==, SSDB_VERDICT_FOUND);
      g_assert_cmpuint (a.phases->len, ==, 5);
      g_assert_cmpuint (a.cache_bytes, ==, 40 * GiB);
      g_assert_cmpuint (g_array_index (a.phases, SsdbFillPhase, 3).end_bytes, ==, 200 * GiB);
      ssdb_fill_analysis_clear (&a);
    }
  for (guint32 seed = 1; seed <= 5; seed++)
    {
      /* A 12 % step under a scatter of a factor e: hidden, not "no effect", never "found". */
      g_autoptr (GArray) s = noisy_series (step, step_len, 2, 1.0, seed);
      SsdbFillAnalysis a;

      ssdb_fill_analyze (s, &a);
      g_test_message ("%s", a.words);
      g_assert_cmpint (a.verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
      g_assert_cmpuint (a.cache_bytes, ==, 0);
      g_assert_true (g_str_has_prefix (a.words, "Inconclusive: "));
      ssdb_fill_analysis_clear (&a);
    }
  {
    /* A pass stopped at a quarter of its span says so. */
    const double one[] = { 500e6 };
    const guint one_len[] = { 64 };
    g_autoptr (GArray) s = noisy_series (one, one_len, 1, 0.02, 1);
    SsdbFillAnalysis a;

    ssdb_fill_analyze_span (s, 256 * GiB, &a);
    g_assert_cmpint (a.verdict, ==, SSDB_VERDICT_NO_EFFECT);
    g_assert_nonnull (
        strstr (a.words, "The pass was stopped after 68.72 GB of 274.9 GB: this covers the part "
                         "measured."));
    ssdb_fill_analysis_clear (&a);
  }
}

/* ---- real targets ---- */

static void
test_surface_zram (void)
{
  g_autofree char *id = NULL, *dev = NULL, *cmd = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbSurfaceResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbSurfaceSpec spec;
  const SsdbSurfaceSample *last;

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
  g_assert_true (ssdb_target_fill (t, 0, 256 * MiB, 3, NULL, NULL, NULL, &error));

  ssdb_surface_spec_init (&spec);
  spec.samples = 50;
  spec.sample_bytes = 4 * MiB;
  spec.access_samples = 300;
  spec.access_first_bytes = 64 * MiB;
  spec.write = SSDB_SURFACE_WRITE_DESTROY;
  r = ssdb_surface_result_new (&spec);
  g_assert_true (ssdb_surface_run (t, r, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (r->read->len, ==, 50);
  g_assert_cmpuint (r->write->len, ==, 50);
  g_assert_cmpuint (g_array_index (r->read, SsdbSurfaceSample, 0).offset_bytes, ==, 0);
  last = &g_array_index (r->read, SsdbSurfaceSample, 49);
  g_assert_cmpuint (last->offset_bytes + last->bytes, ==, 256 * MiB);
  g_assert_cmpfloat (r->read_stats.min, >, 0);
  g_assert_cmpfloat (r->read_stats.min, <=, r->read_stats.mean);
  g_assert_cmpfloat (r->read_stats.mean, <=, r->read_stats.max);
  g_assert_cmpuint (r->access->len, ==, 300);
  g_assert_cmpuint (r->access_first_count, >, 30);
  g_assert_cmpuint (r->access_first_count, <, 150);
  g_assert_cmpfloat (r->access_mean_ns, >, 0);
  g_assert_cmpfloat (r->burst_bytes_per_second, >, 0);
  for (guint i = 0; i < r->access->len; i++)
    {
      const SsdbAccessSample *a = &g_array_index (r->access, SsdbAccessSample, i);

      g_assert_cmpuint (a->offset_bytes % 4096, ==, 0);
      g_assert_cmpuint (a->offset_bytes, <, 256 * MiB);
    }

  g_clear_object (&t);
  g_free (cmd);
  cmd = g_strdup_printf ("sh -c 'echo 1 > /sys/block/zram%s/reset; echo %s > "
                         "/sys/class/zram-control/hot_remove'",
                         id, id);
  g_free (ssdb_test_sh (cmd));
}

static char *
device_sha256 (const char *dev)
{
  g_autofree char *cmd = g_strdup_printf ("sh -c 'sha256sum < %s'", dev);

  return ssdb_test_sh (cmd);
}

static guint64
sectors_written (const char *name)
{
  g_autofree char *path = g_strdup_printf ("/sys/block/%s/stat", name);
  g_autofree char *text = NULL;
  g_auto (GStrv) fields = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  fields = g_regex_split_simple ("\\s+", g_strstrip (text), 0, 0);
  return g_ascii_strtoull (fields[6], NULL, 10);
}

static void
test_surface_rewrite_in_place (void)
{
  g_autofree char *id = NULL, *dev = NULL, *cmd = NULL, *before = NULL, *after = NULL;
  g_autofree char *name = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbSurfaceResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbSurfaceSpec spec;
  guint64 w0, w1;

  if (!ssdb_test_need_root ("zram and loop devices"))
    return;
  if (!g_file_test ("/sys/class/zram-control/hot_add", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no zram");
      return;
    }
  id = ssdb_test_sh ("cat /sys/class/zram-control/hot_add");
  name = g_strdup_printf ("zram%s", id);
  dev = g_strdup_printf ("/dev/zram%s", id);
  cmd = g_strdup_printf ("sh -c 'echo 128M > /sys/block/zram%s/disksize && "
                         "dd if=/dev/urandom of=/dev/zram%s bs=1M count=128 oflag=direct "
                         "status=none'",
                         id, id);
  g_free (ssdb_test_sh (cmd));
  before = device_sha256 (dev);

  /* No permission to destroy data: rewrite-in-place only. */
  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_REWRITE, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_false (ssdb_target_is_writable (t));
  g_assert_true (ssdb_target_can_rewrite (t));

  ssdb_surface_spec_init (&spec);
  spec.samples = 20;
  spec.sample_bytes = 4 * MiB;
  spec.access_samples = 0;
  spec.burst = FALSE;
  spec.write = SSDB_SURFACE_WRITE_DESTROY;
  r = ssdb_surface_result_new (&spec);
  g_assert_false (ssdb_surface_run (t, r, NULL, NULL, NULL, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
  g_clear_error (&error);
  g_clear_pointer (&r, ssdb_surface_result_free);

  spec.write = SSDB_SURFACE_WRITE_REWRITE;
  r = ssdb_surface_result_new (&spec);
  w0 = sectors_written (name);
  g_assert_true (ssdb_surface_run (t, r, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  w1 = sectors_written (name);
  g_assert_cmpuint (r->write->len, ==, 20);
  g_assert_cmpfloat (r->write_stats.min, >, 0);
  /* The writes really reached the device... */
  g_assert_cmpuint ((w1 - w0) * 512, >=, 20 * 4 * MiB);
  g_clear_object (&t);
  /* ...and put back exactly what was there. */
  after = device_sha256 (dev);
  g_assert_cmpstr (before, ==, after);

  g_free (cmd);
  cmd = g_strdup_printf ("sh -c 'echo 1 > /sys/block/zram%s/reset; echo %s > "
                         "/sys/class/zram-control/hot_remove'",
                         id, id);
  g_free (ssdb_test_sh (cmd));
}

static void
test_surface_sparse_3tib (void)
{
  g_autofree char *dir = NULL, *file = NULL, *cmd = NULL, *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbSurfaceResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbSurfaceSpec spec;
  const guint64 size = 3 * TiB;

  if (!ssdb_test_need_root ("zram and loop devices"))
    return;
  dir = g_dir_make_tmp ("ssdb-surface-XXXXXX", NULL);
  file = g_build_filename (dir, "sparse.img", NULL);
  cmd = g_strdup_printf ("truncate -s %" G_GUINT64_FORMAT " %s", size, file);
  g_free (ssdb_test_sh (cmd));
  g_free (cmd);
  cmd = g_strdup_printf ("losetup -f --show %s", file);
  dev = ssdb_test_sh (cmd);

  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_READ, NULL, 0, &error);
  g_assert_no_error (error);
  ssdb_surface_spec_init (&spec);
  spec.sample_bytes = 1 * MiB;
  spec.access_samples = 50;
  spec.burst = FALSE;
  r = ssdb_surface_result_new (&spec);
  g_assert_true (ssdb_surface_run (t, r, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r->read->len, ==, 200);
  for (guint i = 0; i < 200; i++)
    g_assert_cmpuint (g_array_index (r->read, SsdbSurfaceSample, i).offset_bytes, ==,
                      ssdb_surface_position (0, size, MiB, 200, i, 1u << 20));
  g_assert_cmpuint (g_array_index (r->read, SsdbSurfaceSample, 199).offset_bytes + MiB, ==, size);
  g_assert_cmpuint (g_array_index (r->read, SsdbSurfaceSample, 100).offset_bytes, >,
                    G_GUINT64_CONSTANT (1) << 40);

  g_clear_object (&t);
  g_free (cmd);
  cmd = g_strdup_printf ("losetup -d %s", dev);
  g_free (ssdb_test_sh (cmd));
  g_unlink (file);
  g_rmdir (dir);
}

static void
test_fill_throttled_cliff (void)
{
  const char *blkio = "/sys/fs/cgroup/blkio";
  g_autofree char *dir = NULL, *file = NULL, *cmd = NULL, *dev = NULL, *cg = NULL;
  g_autofree char *limit = NULL, *pid = NULL, *devnum = NULL, *helper = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbFillResult) r = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) cliff = NULL;
  const guint64 cliff_bytes = 256 * MiB;
  SsdbFillSpec spec;
  struct stat st;

  if (!ssdb_test_need_root ("zram and loop devices"))
    return;
  if (!g_file_test ("/sys/fs/cgroup/blkio/blkio.throttle.write_bps_device", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no cgroup v1 blkio controller");
      return;
    }
  /* The backing file lives in RAM (tmpfs) so that only the throttle sets the pace. */
  dir = g_build_filename ("/dev/shm", "ssdb-fill-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (dir));
  file = g_build_filename (dir, "cliff.img", NULL);
  cmd = g_strdup_printf ("truncate -s 384M %s", file);
  g_free (ssdb_test_sh (cmd));
  g_free (cmd);
  cmd = g_strdup_printf ("losetup -f --show %s", file);
  dev = ssdb_test_sh (cmd);
  g_assert_cmpint (stat (dev, &st), ==, 0);
  devnum = g_strdup_printf ("%u:%u", major (st.st_rdev), minor (st.st_rdev));

  /* This process in a throttled group: 60 MB/s, dropping to 20 MB/s after 256 MiB. The
   * throttle releases requests in 100 ms slices (6 MB here), which bounds how sharp the cliff
   * can be; the cache size must still be found within 5 %. */
  cg = g_strdup_printf ("%s/ssdbench-test-%d", blkio, getpid ());
  g_assert_cmpint (g_mkdir (cg, 0755), ==, 0);
  limit = g_strdup_printf ("%s 60000000", devnum);
  {
    g_autofree char *f = g_build_filename (cg, "blkio.throttle.write_bps_device", NULL);
    ssdb_test_write_file (f, limit);
  }
  pid = g_strdup_printf ("%d", getpid ());
  {
    g_autofree char *f = g_build_filename (cg, "cgroup.procs", NULL);
    ssdb_test_write_file (f, pid);
  }
  helper = g_test_build_filename (G_TEST_DIST, "lib", "throttle-cliff.sh", NULL);
  {
    g_autofree char *after = g_strdup_printf ("%" G_GUINT64_FORMAT, cliff_bytes / MiB);
    const char *name = strrchr (dev, '/') + 1;

    cliff = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, "bash", helper, cg, devnum,
                              name, after, "20000000", "120", NULL);
    g_assert_no_error (error);
  }

  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_WRITE, dev, 0, &error);
  g_assert_no_error (error);
  ssdb_fill_spec_init (&spec);
  spec.passes = 1;
  spec.read_back = FALSE;
  r = ssdb_fill_result_new (&spec);
  g_assert_true (ssdb_fill_run (t, r, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_clear_object (&t);

  {
    g_autofree char *said = NULL;

    g_assert_true (g_subprocess_communicate_utf8 (cliff, NULL, NULL, &said, NULL, &error));
    g_assert_no_error (error);
    g_assert_true (g_subprocess_get_successful (cliff));
    g_test_message ("helper: %s", said);
  }

  /* Back to the root group, and clean up. */
  ssdb_test_write_file ("/sys/fs/cgroup/blkio/cgroup.procs", pid);
  g_assert_cmpint (g_rmdir (cg), ==, 0);
  g_free (cmd);
  cmd = g_strdup_printf ("losetup -d %s", dev);
  g_free (ssdb_test_sh (cmd));
  g_unlink (file);
  g_rmdir (dir);

  g_test_message ("%s", r->analysis.words);
  g_assert_cmpuint (r->passes->len, ==, 1);
  g_assert_cmpuint (((SsdbFillPass *)g_ptr_array_index (r->passes, 0))->bytes, ==, 384 * MiB);
  g_assert_cmpuint (r->analysis.cache_bytes, >, 0);
  g_assert_cmpfloat (fabs ((double)r->analysis.cache_bytes - (double)cliff_bytes), <=,
                     0.05 * cliff_bytes);
  /* Throttled rate within 10 %. */
  g_assert_cmpfloat (fabs (r->analysis.in_cache_bytes_per_second - 60e6), <=, 6e6);
  g_assert_cmpfloat (fabs (r->analysis.post_cache_bytes_per_second - 20e6), <=, 2e6);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/surface/positions", test_positions);
  g_test_add_func ("/fill/analyze-steady", test_analyze_steady);
  g_test_add_func ("/fill/analyze-cliff", test_analyze_cliff);
  g_test_add_func ("/fill/analyze-three-levels", test_analyze_three_levels);
  g_test_add_func ("/fill/analyze-ignores-blip", test_analyze_ignores_blip);
  g_test_add_func ("/fill/analyze-many-levels-and-noise", test_analyze_many_levels_and_noise);
  g_test_add_func ("/surface/zram", test_surface_zram);
  g_test_add_func ("/surface/sparse-3tib", test_surface_sparse_3tib);
  g_test_add_func ("/surface/rewrite-in-place", test_surface_rewrite_in_place);
  g_test_add_func ("/fill/throttled-cliff", test_fill_throttled_cliff);
  return g_test_run ();
}
