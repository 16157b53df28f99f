/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The transfer-size sweep: the list of sizes, the words on hand-made points, and exact totals
 * on a real 512-byte-sector loop device over a file in RAM (root). */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-sweep.h"
#include "lib/ssdb-test-targets.h"

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define MS (G_GUINT64_CONSTANT (1000000))

static void
test_sizes (void)
{
  SsdbSweepSpec spec;
  guint sizes[SSDB_SWEEP_MAX_SIZES];
  guint n = 0;
  g_autoptr (GError) error = NULL;

  ssdb_sweep_spec_init (&spec);
  g_assert_true (ssdb_sweep_sizes (&spec, 512, sizes, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 18);
  g_assert_cmpuint (sizes[0], ==, 512);
  g_assert_cmpuint (sizes[17], ==, 64 * MiB);
  for (guint i = 1; i < n; i++)
    g_assert_cmpuint (sizes[i], ==, 2 * sizes[i - 1]);

  /* A 4Kn drive starts at 4 KiB. */
  g_assert_true (ssdb_sweep_sizes (&spec, 4096, sizes, &n, &error));
  g_assert_cmpuint (n, ==, 15);
  g_assert_cmpuint (sizes[0], ==, 4096);

  /* Start and end sizes. */
  spec.start_size = 4096;
  spec.end_size = 1 * MiB;
  g_assert_true (ssdb_sweep_sizes (&spec, 512, sizes, &n, &error));
  g_assert_cmpuint (n, ==, 9);
  g_assert_cmpuint (sizes[8], ==, MiB);

  spec.start_size = 3000;
  g_assert_false (ssdb_sweep_sizes (&spec, 512, sizes, &n, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "Start size 3000"));
  g_clear_error (&error);

  spec.start_size = 512;
  g_assert_false (ssdb_sweep_sizes (&spec, 4096, sizes, &n, &error));
  g_assert_nonnull (strstr (error->message, "logical block size (4096"));
  g_clear_error (&error);

  spec.start_size = 0;
  spec.end_size = 128 * MiB;
  g_assert_false (ssdb_sweep_sizes (&spec, 512, sizes, &n, &error));
  g_assert_nonnull (strstr (error->message, "End size"));
  g_clear_error (&error);

  spec.start_size = 2 * MiB;
  spec.end_size = 1 * MiB;
  g_assert_false (ssdb_sweep_sizes (&spec, 512, sizes, &n, &error));
  g_assert_nonnull (strstr (error->message, "larger than the end size"));
}

static void
add_point (GArray *a, guint size, SsdbRw rw, double rate)
{
  SsdbSweepPoint p = { 0 };

  p.size = size;
  p.rw = rw;
  p.bytes_per_second = rate;
  g_array_append_val (a, p);
}

static void
test_words (void)
{
  SsdbSweepSpec spec;
  g_autoptr (SsdbSweepResult) r = NULL;

  ssdb_sweep_spec_init (&spec);
  r = ssdb_sweep_result_new (&spec);
  ssdb_sweep_summarize (r);
  g_assert_null (r->words);

  /* A SATA SSD: reads level off at 128 KiB, writes keep rising to 1 MiB. */
  add_point (r->read, 4096, SSDB_RW_READ, 60e6);
  add_point (r->read, 65536, SSDB_RW_READ, 480e6);
  add_point (r->read, 131072, SSDB_RW_READ, 540e6);
  add_point (r->read, 1048576, SSDB_RW_READ, 560e6);
  add_point (r->read, 4194304, SSDB_RW_READ, 555e6);
  add_point (r->write, 4096, SSDB_RW_WRITE, 90e6);
  add_point (r->write, 1048576, SSDB_RW_WRITE, 510e6);
  ssdb_sweep_summarize (r);
  g_assert_cmpfloat (r->best_read, ==, 560e6);
  g_assert_cmpuint (r->best_read_size, ==, 1048576);
  g_assert_cmpuint (r->full_read_size, ==, 131072);
  g_assert_cmpuint (r->best_write_size, ==, 1048576);
  g_assert_cmpuint (r->full_write_size, ==, 1048576);
  g_assert_cmpstr (r->words, ==,
                   "Reads reach 90 % of their best (560 MB/s at 1 MiB) from 128 KiB transfers; "
                   "writes reach 510 MB/s at 1 MiB transfers.");
}

/* ---- real targets ---- */

static gboolean
loop_new (SsdbTestLoop *l, const char *size)
{
  if (!ssdb_test_need_root ("loop devices"))
    return FALSE;
  ssdb_test_loop_new (l, "/dev/shm/ssdb-sweep-XXXXXX", "sweep.img", size, 0);
  return TRUE;
}

static void
check_points (GArray *points, const SsdbSweepResult *r, SsdbRw rw, guint64 step_bytes)
{
  g_assert_cmpuint (points->len, ==, r->n_sizes);
  for (guint i = 0; i < points->len; i++)
    {
      const SsdbSweepPoint *p = &g_array_index (points, SsdbSweepPoint, i);

      g_assert_cmpuint (p->size, ==, r->sizes[i]);
      g_assert_cmpint (p->rw, ==, rw);
      g_assert_cmpuint (p->bytes, ==, p->ios * p->size);
      if (step_bytes)
        /* Size-based: whole transfers, exactly the asked amount rounded up to one transfer. */
        g_assert_cmpuint (p->ios, ==, MAX ((step_bytes + p->size - 1) / p->size, 1));
      g_assert_cmpfloat (p->bytes_per_second, >, 0);
      g_assert_cmpfloat (fabs (p->iops * p->size - p->bytes_per_second), <=,
                         1e-6 * p->bytes_per_second);
      g_assert_cmpfloat (p->mean_inflight, <=, r->spec.queue_depth + 1e-9);
      g_assert_nonnull (p->fio_command);
      g_assert_nonnull (strstr (p->fio_command, "--iodepth=4"));
    }
}

static void
test_loop_exact (void)
{
  SsdbTestLoop l;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbSweepResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbSweepSpec spec;
  const SsdbSweepPoint *p;

  if (!loop_new (&l, "320M"))
    return;
  t = ssdb_target_open (l.dev, SSDB_TARGET_OPEN_WRITE, l.dev, 0, &error);
  g_assert_no_error (error);

  ssdb_sweep_spec_init (&spec);
  spec.do_write = TRUE;
  spec.duration_ns = 0;
  spec.step_bytes = 24 * MiB + 512;
  r = ssdb_sweep_result_new (&spec);
  g_assert_true (ssdb_sweep_run (t, r, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r->n_sizes, ==, 18);
  g_assert_cmpuint (r->spec.start_size, ==, 512);
  g_assert_cmpuint (r->prepare_ns, >, 0);
  check_points (r->read, r, SSDB_RW_READ, spec.step_bytes);
  check_points (r->write, r, SSDB_RW_WRITE, spec.step_bytes);
  p = &g_array_index (r->read, SsdbSweepPoint, 0);
  g_assert_cmpuint (p->ios, ==, 49153);
  p = &g_array_index (r->read, SsdbSweepPoint, 17);
  g_assert_cmpuint (p->ios, ==, 1);
  g_assert_cmpuint (p->bytes, ==, 64 * MiB);
  g_assert_nonnull (strstr (p->fio_command, "--rw=read --bs=64m --iodepth=4"));
  g_assert_nonnull (r->words);
  g_test_message ("%s", r->words);

  /* Time-based, reads only, 4 KiB .. 1 MiB: each size runs its time. */
  {
    g_autoptr (SsdbSweepResult) rt = NULL;

    ssdb_sweep_spec_init (&spec);
    spec.start_size = 4096;
    spec.end_size = MiB;
    spec.duration_ns = 150 * MS;
    spec.fill = FALSE;
    rt = ssdb_sweep_result_new (&spec);
    g_assert_true (ssdb_sweep_run (t, rt, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (rt->write->len, ==, 0);
    check_points (rt->read, rt, SSDB_RW_READ, 0);
    for (guint i = 0; i < rt->read->len; i++)
      {
        p = &g_array_index (rt->read, SsdbSweepPoint, i);
        g_assert_cmpuint (p->window_ns, >=, 150 * MS);
        g_assert_cmpuint (p->window_ns, <, 1000 * MS);
        g_test_message ("%u B: %.1f MB/s, %.0f IOPS", p->size, p->bytes_per_second / 1e6, p->iops);
      }
    g_assert_cmpuint (rt->prepare_ns, ==, 0);
  }
  g_clear_object (&t);

  /* Writes on a target opened for reading are refused, and nothing runs. */
  {
    g_autoptr (SsdbSweepResult) rw = NULL;

    t = ssdb_target_open (l.dev, SSDB_TARGET_OPEN_READ, NULL, 0, &error);
    g_assert_no_error (error);
    ssdb_sweep_spec_init (&spec);
    spec.do_write = TRUE;
    rw = ssdb_sweep_result_new (&spec);
    g_assert_false (ssdb_sweep_run (t, rw, NULL, NULL, NULL, &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
    g_assert_cmpuint (rw->read->len, ==, 0);
    g_clear_error (&error);

    /* A span smaller than the end size is refused, naming both. */
    ssdb_sweep_spec_init (&spec);
    spec.span_length = 32 * MiB;
    g_clear_pointer (&rw, ssdb_sweep_result_free);
    rw = ssdb_sweep_result_new (&spec);
    g_assert_false (ssdb_sweep_run (t, rw, NULL, NULL, NULL, &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "span"));
    g_clear_object (&t);
  }
  ssdb_test_loop_free (&l);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sweep/sizes", test_sizes);
  g_test_add_func ("/sweep/words", test_words);
  g_test_add_func ("/sweep/loop-exact", test_loop_exact);
  return g_test_run ();
}
