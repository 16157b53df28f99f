/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The I/O engine on real targets: zram, loop devices (512 and 4096-byte sectors, a sparse
 * 3 TiB one), and test files. Needs root; every target is created and removed here. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-target-fill.h"
#include "engine/ssdb-io.h"
#include "engine/ssdb-summary.h"
#include "lib/ssdb-test-targets.h"

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define GiB (G_GUINT64_CONSTANT (1) << 30)
#define TiB (G_GUINT64_CONSTANT (1) << 40)
#define MS (G_GUINT64_CONSTANT (1000000))

/* A loop device over a sparse file of @size bytes in the temporary directory. */
static void
loop_new (SsdbTestLoop *l, guint64 size, guint sector)
{
  g_autofree char *dir = g_build_filename (g_get_tmp_dir (), "ssdb-io-XXXXXX", NULL);
  g_autofree char *bytes = g_strdup_printf ("%" G_GUINT64_FORMAT, size);

  ssdb_test_loop_new (l, dir, "backing.img", bytes, sector);
}

static SsdbTarget *
open_writable (const char *dev)
{
  g_autoptr (GError) error = NULL;
  SsdbTarget *t = ssdb_target_open (dev, SSDB_TARGET_OPEN_WRITE, dev, 0, &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  return t;
}

static void
job_init (SsdbJobSpec *job, SsdbRw rw, SsdbAccess access, guint bs, guint qd, guint threads,
          guint64 length, guint64 duration_ns)
{
  ssdb_job_spec_init (job);
  job->rw = rw;
  job->access = access;
  job->block_size = bs;
  job->queue_depth = qd;
  job->threads = threads;
  job->length = length;
  job->duration_ns = duration_ns;
}

static void
assert_consistent (const SsdbIoResult *r, guint bs)
{
  g_assert_cmpuint (r->ios, ==, r->read_ios + r->write_ios);
  g_assert_cmpuint (r->bytes, ==, r->ios * bs);
  g_assert_cmpuint (r->latency.count, ==, r->ios);
  g_assert_cmpuint (r->read_latency.count, ==, r->read_ios);
  g_assert_cmpuint (r->write_latency.count, ==, r->write_ios);
  g_assert_cmpfloat (r->bytes_per_second, >, 0);
  g_assert_cmpfloat_with_epsilon (r->bytes_per_second,
                                  (double)r->bytes * 1e9 / (double)r->window_ns, 1e-3);
}

static void
test_zram_read_write (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree SsdbIoResult *r = g_new0 (SsdbIoResult, 1);
  SsdbJobSpec job;

  if (!ssdb_test_need_root ("zram and loop devices")
      || (dev = ssdb_test_zram_new (256 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  t = open_writable (dev);
  g_assert_true (ssdb_target_fill (t, 0, 256 * MiB, 1, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  /* RND4K Q32T1 read: the queue is really kept full. */
  job_init (&job, SSDB_RW_READ, SSDB_ACCESS_RANDOM, 4096, 32, 1, 256 * MiB, 500 * MS);
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_no_error (error);
  assert_consistent (r, 4096);
  g_assert_cmpuint (r->write_ios, ==, 0);
  g_assert_cmpfloat (r->mean_inflight, >=, 0.9 * 32);
  g_assert_cmpfloat (r->mean_inflight, <=, 32.01);
  g_assert_cmpuint (r->window_ns, >=, 500 * MS);
  g_assert_cmpuint (r->window_ns, <, 900 * MS);
  g_assert_true (r->counters_valid);
  g_assert_true (r->reached_device);
  g_assert_cmpuint (r->device_read_bytes, >=, r->read_bytes);
  g_assert_cmpuint (r->cpu_user_ns + r->cpu_system_ns, >, 0);

  /* SEQ1M Q8T1 write, 4 threads: every thread has its own slice. */
  job_init (&job, SSDB_RW_WRITE, SSDB_ACCESS_SEQUENTIAL, 1u << 20, 8, 4, 256 * MiB, 300 * MS);
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_no_error (error);
  assert_consistent (r, 1u << 20);
  g_assert_cmpuint (r->read_ios, ==, 0);
  g_assert_true (r->reached_device);
  g_assert_cmpuint (r->device_write_bytes, >=, r->write_bytes);

  /* Mix: 70 % reads within 2 points over many requests. */
  job_init (&job, SSDB_RW_MIX, SSDB_ACCESS_RANDOM, 4096, 16, 1, 256 * MiB, 300 * MS);
  job.read_percent = 70;
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  assert_consistent (r, 4096);
  g_assert_cmpuint (r->ios, >, 10000);
  g_assert_cmpfloat (fabs ((double)r->read_ios / r->ios - 0.70), <, 0.02);

  /* Size-based: exactly the asked amount. */
  job_init (&job, SSDB_RW_READ, SSDB_ACCESS_SEQUENTIAL, 128 * 1024, 4, 2, 256 * MiB, 0);
  job.total_bytes = 64 * MiB;
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_cmpuint (r->bytes, ==, 64 * MiB);
  g_assert_cmpuint (r->ios, ==, 512);

  g_clear_object (&t);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

typedef struct
{
  SsdbTarget *target;
  SsdbJobSpec job;
  GCancellable *cancellable;
  SsdbIoResult *result;
  GError *error;
  gboolean ok;
  gint started;
  gint64 returned_us;
} CancelRun;

static void
cancel_run_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  gint *started = user_data;

  if (ios > 0)
    g_atomic_int_set (started, 1);
}

static gpointer
cancel_run_thread (gpointer data)
{
  CancelRun *c = data;

  c->ok = ssdb_io_run (c->target, &c->job, cancel_run_sample, &c->started, c->cancellable,
                       c->result, &c->error);
  c->returned_us = g_get_monotonic_time ();
  return NULL;
}

static void
test_cancel (void)
{
  g_autofree char *dev = NULL;
  CancelRun c = { 0 };
  GThread *thread;
  gint64 cancelled_us;

  if (!ssdb_test_need_root ("zram and loop devices")
      || (dev = ssdb_test_zram_new (64 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  c.target = open_writable (dev);
  c.cancellable = g_cancellable_new ();
  c.result = g_new0 (SsdbIoResult, 1);
  job_init (&c.job, SSDB_RW_WRITE, SSDB_ACCESS_RANDOM, 4096, 32, 4, 64 * MiB, 30000 * MS);

  c.job.sample_interval_ns = 10 * MS;
  thread = g_thread_new ("run", cancel_run_thread, &c);
  /* Cancel 200 ms into the I/O (setting up the data pool comes first). */
  for (int i = 0; i < 2000 && !g_atomic_int_get (&c.started); i++)
    g_usleep (5000);
  g_assert_true (g_atomic_int_get (&c.started));
  g_usleep (200000);
  cancelled_us = g_get_monotonic_time ();
  g_cancellable_cancel (c.cancellable);
  g_thread_join (thread);

  g_assert_false (c.ok);
  g_assert_error (c.error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  g_assert_true (c.result->cancelled);
  g_assert_cmpuint (c.result->ios, >, 0);
  g_test_message ("cancel took %.1f ms", (c.returned_us - cancelled_us) / 1000.0);
  g_assert_cmpint (c.returned_us - cancelled_us, <, 250000);

  g_clear_error (&c.error);
  g_free (c.result);
  g_object_unref (c.cancellable);
  g_object_unref (c.target);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

static void
test_offsets_past_2tib (void)
{
  SsdbTestLoop l = { 0 };
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree SsdbIoResult *r = g_new0 (SsdbIoResult, 1);
  const guint64 size = 3 * TiB;
  const guint64 where = 2 * TiB + TiB / 2 + 12 * 4096; /* not a power of two */
  SsdbJobSpec job;
  int fd;
  off_t data;

  if (!ssdb_test_need_root ("zram and loop devices"))
    return;
  loop_new (&l, size, 512);
  t = open_writable (l.dev);
  g_assert_cmpuint (ssdb_target_get_info (t)->size_bytes, ==, size);

  /* 1 MiB of writes starting 2.5 TiB in. */
  job_init (&job, SSDB_RW_WRITE, SSDB_ACCESS_SEQUENTIAL, 64 * 1024, 4, 1, 1 * MiB, 0);
  job.offset = where;
  job.total_bytes = 1 * MiB;
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r->bytes, ==, 1 * MiB);

  /* The last block of the device is reachable; one past it is refused. */
  job_init (&job, SSDB_RW_READ, SSDB_ACCESS_SEQUENTIAL, 4096, 1, 1, 4096, 0);
  job.offset = size - 4096;
  job.total_bytes = 4096;
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_cmpuint (r->bytes, ==, 4096);
  job.offset = size;
  g_assert_false (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_clear_object (&t);
  {
    g_autofree char *cmd = g_strdup_printf ("losetup -d %s", l.dev);
    g_free (ssdb_test_sh (cmd));
  }
  /* The data landed exactly where asked in the backing file: nothing before, 1 MiB there. */
  fd = open (l.file, O_RDONLY);
  g_assert_cmpint (fd, >=, 0);
  data = lseek (fd, 0, SEEK_DATA);
  g_assert_cmpint (data, <=, (off_t)where);
  g_assert_cmpint (data, >, (off_t)(where - 4096 * 4)); /* file system block granularity */
  g_assert_cmpint (lseek (fd, (off_t)where, SEEK_HOLE), >=, (off_t)(where + 1 * MiB));
  close (fd);
  g_unlink (l.file);
  g_rmdir (l.dir);
  g_free (l.dir);
  g_free (l.file);
  g_free (l.dev);
}

static void
test_4k_sector_refuses_512 (void)
{
  SsdbTestLoop l = { 0 };
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree SsdbIoResult *r = g_new0 (SsdbIoResult, 1);
  SsdbJobSpec job;

  if (!ssdb_test_need_root ("zram and loop devices"))
    return;
  loop_new (&l, 64 * MiB, 4096);
  t = ssdb_target_open (l.dev, SSDB_TARGET_OPEN_READ, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ssdb_target_get_info (t)->logical_block_size, ==, 4096);

  job_init (&job, SSDB_RW_READ, SSDB_ACCESS_RANDOM, 512, 1, 1, 64 * MiB, 100 * MS);
  g_assert_false (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "512"));
  g_assert_nonnull (strstr (error->message, "4096"));
  g_clear_error (&error);

  /* 4 KiB works, and without a permission, writes are refused with the reason. */
  job.block_size = 4096;
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_no_error (error);
  job.rw = SSDB_RW_WRITE;
  g_assert_false (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
  g_assert_nonnull (strstr (error->message, l.dev));
  g_clear_error (&error);

  g_clear_object (&t);
  ssdb_test_loop_free (&l);
}

static void
test_permission_must_name_device (void)
{
  SsdbTestLoop a = { 0 }, b = { 0 };
  g_autoptr (GError) error = NULL;
  SsdbTarget *t;

  if (!ssdb_test_need_root ("zram and loop devices"))
    return;
  loop_new (&a, 16 * MiB, 512);
  loop_new (&b, 16 * MiB, 512);
  t = ssdb_target_open (a.dev, SSDB_TARGET_OPEN_WRITE, b.dev, 0, &error);
  g_assert_null (t);
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
  g_assert_nonnull (strstr (error->message, b.dev));
  g_clear_error (&error);
  t = ssdb_target_open (a.dev, SSDB_TARGET_OPEN_WRITE, NULL, 0, &error);
  g_assert_null (t);
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
  g_clear_error (&error);
  ssdb_test_loop_free (&a);
  ssdb_test_loop_free (&b);
}

static GPtrArray *
list_dir (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *n;

  while (dir && (n = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (n));
  return names;
}

static void
test_file_mode (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) before = NULL, after = NULL;
  g_autofree SsdbIoResult *r = g_new0 (SsdbIoResult, 1);
  const SsdbTargetInfo *info;
  SsdbJobSpec job;

  /* A directory on the machine's own disk: O_DIRECT works and the counters of its device see
   * the I/O. */
  dir = g_dir_make_tmp ("ssdb-file-XXXXXX", &error);
  g_assert_no_error (error);
  before = list_dir (dir);
  t = ssdb_target_open (dir, SSDB_TARGET_OPEN_WRITE, NULL, 32 * MiB, &error);
  g_assert_no_error (error);
  info = ssdb_target_get_info (t);
  g_assert_cmpint (info->kind, ==, SSDB_TARGET_FILE);
  g_assert_cmpuint (info->size_bytes, ==, 32 * MiB);
  g_assert_true (ssdb_target_is_writable (t));
  /* O_TMPFILE: nothing appears in the directory. */
  after = list_dir (dir);
  g_assert_cmpuint (after->len, ==, before->len);

  g_assert_true (ssdb_target_fill (t, 0, 32 * MiB, 1, NULL, NULL, NULL, &error));
  job_init (&job, SSDB_RW_READ, SSDB_ACCESS_SEQUENTIAL, 1u << 20, 4, 1, 32 * MiB, 0);
  job.total_bytes = 32 * MiB;
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r->bytes, ==, 32 * MiB);
  if (r->counters_valid)
    g_assert_true (r->reached_device);

  /* Asking for more than the free space names both numbers. */
  {
    g_autoptr (SsdbTarget) big = ssdb_target_open (dir, SSDB_TARGET_OPEN_WRITE, NULL,
                                                   G_GUINT64_CONSTANT (1) << 60, &error);

    g_assert_null (big);
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NO_SPACE);
    g_assert_nonnull (strstr (error->message, "1152921504606846976 bytes"));
    g_assert_nonnull (strstr (error->message, "available"));
    g_clear_error (&error);
  }

  g_clear_object (&t);
  g_clear_pointer (&after, g_ptr_array_unref);
  after = list_dir (dir);
  g_assert_cmpuint (after->len, ==, 0);
  g_rmdir (dir);
}

static void
test_summary_on_zram (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbSummaryResult) res = NULL;
  g_autoptr (GError) error = NULL;
  SsdbSummarySpec spec;
  SsdbSummaryEntry *e;

  if (!ssdb_test_need_root ("zram and loop devices")
      || (dev = ssdb_test_zram_new (128 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  t = open_writable (dev);
  ssdb_summary_spec_init (&spec);
  spec.size = 64 * MiB;
  spec.count = 2;
  spec.duration_ns = 200 * MS;
  spec.do_mix = TRUE;
  res = ssdb_summary_result_new (&spec, t);
  g_assert_cmpuint (res->entries->len, ==, 12);
  g_assert_null (res->writes_skipped_reason);
  g_assert_true (ssdb_summary_run (t, res, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (res->prepare_ns, >, 0);
  for (guint i = 0; i < res->entries->len; i++)
    {
      e = g_ptr_array_index (res->entries, i);
      g_assert_cmpint (e->state, ==, SSDB_ENTRY_DONE);
      g_assert_cmpuint (e->passes->len, ==, 2);
      /* QD 1 runs synchronously (fio's pvsync2), deeper queues on libaio; the fio command
       * and every pass say which. */
      if (e->test.queue_depth == 1)
        {
          g_assert_nonnull (strstr (e->fio_command, "--ioengine=pvsync2"));
          g_assert_null (strstr (e->fio_command, "--hipri")); /* zram does not poll */
          g_assert_cmpint (e->aggregate.engine, ==, SSDB_IO_ENGINE_PVSYNC2);
          g_assert_cmpint (g_array_index (e->passes, SsdbIoResult, 1).engine, ==,
                           SSDB_IO_ENGINE_PVSYNC2);
        }
      else
        {
          g_assert_nonnull (strstr (e->fio_command, "--ioengine=libaio"));
          g_assert_cmpint (e->aggregate.engine, ==, SSDB_IO_ENGINE_LIBAIO);
        }
      g_assert_false (e->aggregate.polled);
      /* Best-of: the aggregate is the faster pass. */
      g_assert_cmpfloat (e->aggregate.bytes_per_second, ==,
                         MAX (g_array_index (e->passes, SsdbIoResult, 0).bytes_per_second,
                              g_array_index (e->passes, SsdbIoResult, 1).bytes_per_second));
    }
  e = ssdb_summary_result_find (res, "RND4K Q32T1", SSDB_RW_READ);
  g_assert_nonnull (e);
  g_assert_cmpfloat (e->aggregate.mean_inflight, >=, 0.9 * 32);
  e = ssdb_summary_result_find (res, "SEQ1M Q8T1", SSDB_RW_WRITE);
  g_assert_nonnull (strstr (e->fio_command, "--rw=write --bs=1m --iodepth=8 --numjobs=1"));

  g_clear_object (&t);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

static void
test_summary_reads_only_without_permission (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (SsdbSummaryResult) res = NULL;
  g_autoptr (GError) error = NULL;
  SsdbSummarySpec spec;
  guint done = 0, skipped = 0;

  if (!ssdb_test_need_root ("zram and loop devices")
      || (dev = ssdb_test_zram_new (64 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_READ, NULL, 0, &error);
  g_assert_no_error (error);
  ssdb_summary_spec_init (&spec);
  spec.size = 32 * MiB;
  spec.count = 1;
  spec.duration_ns = 100 * MS;
  res = ssdb_summary_result_new (&spec, t);
  g_assert_nonnull (res->writes_skipped_reason);
  g_assert_nonnull (strstr (res->writes_skipped_reason, dev));
  g_assert_true (ssdb_summary_run (t, res, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (res->prepare_ns, ==, 0);
  for (guint i = 0; i < res->entries->len; i++)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (res->entries, i);

      if (e->rw == SSDB_RW_READ)
        {
          g_assert_cmpint (e->state, ==, SSDB_ENTRY_DONE);
          done++;
        }
      else
        {
          g_assert_cmpint (e->state, ==, SSDB_ENTRY_SKIPPED);
          g_assert_nonnull (strstr (e->message, "writes skipped"));
          g_assert_cmpuint (e->passes->len, ==, 0);
          skipped++;
        }
    }
  g_assert_cmpuint (done, ==, 4);
  g_assert_cmpuint (skipped, ==, 4);
  g_clear_object (&t);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

static void
test_size_mix (void)
{
  g_autofree char *dir = NULL, *file = NULL, *cmd = NULL, *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree SsdbIoResult *r = g_new0 (SsdbIoResult, 1);
  g_autofree char *fio = NULL;
  const SsdbSizeWeight mix[] = { { 512, 10 }, { 4096, 60 }, { 65536, 30 } };
  guint64 bytes = 0;
  SsdbJobSpec job;

  if (!ssdb_test_need_root ("zram and loop devices"))
    return;
  /* A 512-byte-sector loop device over a file in RAM. */
  dir = g_build_filename ("/dev/shm", "ssdb-mix-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (dir));
  file = g_build_filename (dir, "mix.img", NULL);
  cmd = g_strdup_printf ("truncate -s 128M %s", file);
  g_free (ssdb_test_sh (cmd));
  g_free (cmd);
  cmd = g_strdup_printf ("losetup -f --show %s", file);
  dev = ssdb_test_sh (cmd);
  t = open_writable (dev);

  job_init (&job, SSDB_RW_MIX, SSDB_ACCESS_RANDOM, 65536, 8, 2, 128 * MiB, 0);
  job.total_bytes = 512 * MiB;
  job.read_percent = 67;
  job.random_percent = 80;
  memcpy (job.size_mix, mix, sizeof mix);
  job.n_size_mix = G_N_ELEMENTS (mix);
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r->ios, >, 20000);
  g_assert_cmpuint (r->latency.count, ==, r->ios);
  for (guint k = 0; k < G_N_ELEMENTS (mix); k++)
    {
      g_assert_cmpfloat (fabs ((double)r->size_ios[k] / r->ios - mix[k].weight / 100.0), <, 0.02);
      bytes += r->size_ios[k] * mix[k].size;
    }
  g_assert_cmpuint (bytes, ==, r->bytes);
  g_assert_cmpfloat (fabs ((double)r->read_ios / r->ios - 0.67), <, 0.02);
  g_assert_cmpfloat (fabs ((double)r->random_ios / r->ios - 0.80), <, 0.02);

  fio = ssdb_job_spec_to_fio (&job, t, "mix");
  g_assert_nonnull (strstr (fio, "--rw=randrw --rwmixread=67 --bssplit=512/10:4k/60:64k/30"));
  g_assert_nonnull (strstr (fio, "--percentage_random=80"));
  g_assert_nonnull (strstr (fio, "--blockalign=512"));

  /* A size that the device cannot address is refused, naming it. */
  job.size_mix[0].size = 1000;
  g_assert_false (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "1000"));

  g_clear_object (&t);
  g_free (cmd);
  cmd = g_strdup_printf ("losetup -d %s", dev);
  g_free (ssdb_test_sh (cmd));
  g_unlink (file);
  g_rmdir (dir);
}

static void
count_mark (guint index, guint64 elapsed_ns, gpointer user_data)
{
  guint *n = user_data;

  g_assert_cmpuint (index, ==, *n + 1);
  (*n)++;
}

/* QD 1 jobs on the synchronous path: exact sizes, latencies of single requests, errors and
 * marks as on libaio. */
static void
test_sync_path (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree SsdbIoResult *r = g_new0 (SsdbIoResult, 1);
  g_autofree char *fio = NULL;
  SsdbJobSpec job;
  gboolean polled = TRUE;
  guint marks = 0;

  if (!ssdb_test_need_root ("zram devices") || (dev = ssdb_test_zram_new (64 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  t = open_writable (dev);
  g_assert_true (ssdb_target_fill (t, 0, 64 * MiB, 1, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  /* RND4K Q1T1 read, time-based. */
  job_init (&job, SSDB_RW_READ, SSDB_ACCESS_RANDOM, 4096, 1, 1, 64 * MiB, 300 * MS);
  g_assert_cmpint (ssdb_job_spec_engine (&job, t, &polled), ==, SSDB_IO_ENGINE_PVSYNC2);
  g_assert_false (polled);
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_no_error (error);
  assert_consistent (r, 4096);
  g_assert_cmpint (r->engine, ==, SSDB_IO_ENGINE_PVSYNC2);
  g_assert_false (r->polled);
  g_assert_cmpuint (r->ios, >, 1000);
  g_assert_cmpuint (r->random_ios, ==, r->ios);
  g_assert_cmpfloat (r->mean_inflight, >, 0.5);
  g_assert_cmpfloat (r->mean_inflight, <=, 1.0);
  g_assert_cmpuint (r->window_ns, >=, 300 * MS);
  g_assert_true (r->reached_device);
  g_assert_cmpuint (r->device_read_bytes, >=, r->read_bytes);
  fio = ssdb_job_spec_to_fio (&job, t, "q1");
  g_assert_nonnull (
      strstr (fio, "--direct=1 --ioengine=pvsync2 --rw=randread --bs=4k --iodepth=1"));

  /* Size-based writes at QD 1, with the marks of a fill, then in four threads: exact bytes. */
  job_init (&job, SSDB_RW_WRITE, SSDB_ACCESS_SEQUENTIAL, 64 * 1024, 1, 1, 64 * MiB, 0);
  job.total_bytes = 8 * MiB;
  job.mark_bytes = MiB;
  job.mark_func = count_mark;
  job.mark_data = &marks;
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r->write_bytes, ==, 8 * MiB);
  g_assert_cmpuint (r->write_ios, ==, 128);
  g_assert_cmpuint (marks, ==, 8);
  job.mark_bytes = 0;
  job.threads = 4;
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_cmpuint (r->write_bytes, ==, 8 * MiB);
  g_assert_cmpint (r->engine, ==, SSDB_IO_ENGINE_PVSYNC2);

  /* A mix keeps its share of reads. */
  job_init (&job, SSDB_RW_MIX, SSDB_ACCESS_RANDOM, 4096, 1, 2, 64 * MiB, 200 * MS);
  job.read_percent = 70;
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  assert_consistent (r, 4096);
  g_assert_cmpfloat (fabs ((double)r->read_ios / r->ios - 0.70), <, 0.03);

  /* QD 2 is libaio again. */
  job_init (&job, SSDB_RW_READ, SSDB_ACCESS_RANDOM, 4096, 2, 1, 64 * MiB, 100 * MS);
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_cmpint (r->engine, ==, SSDB_IO_ENGINE_LIBAIO);
  g_assert_cmpfloat (r->mean_inflight, >, 1.5);

  g_clear_object (&t);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

/* Names of this process' threads that are I/O threads ("ssdb-io-N"). */
static guint
count_io_threads (void)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((tid = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/proc/self/task", tid, "comm", NULL);
      g_autofree char *comm = NULL;

      if (g_file_get_contents (path, &comm, NULL, NULL) && g_str_has_prefix (comm, "ssdb-io-"))
        n++;
    }
  return n;
}

static void
record_tid (guint index, guint64 elapsed_ns, gpointer user_data)
{
  pid_t *tid = user_data;

  *tid = gettid ();
}

static void
test_threads_kept_between_jobs (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree SsdbIoResult *r = g_new0 (SsdbIoResult, 1);
  SsdbTarget *t;
  SsdbJobSpec job;
  pid_t first = 0, tid = 0;

  if (!ssdb_test_need_root ("zram devices") || (dev = ssdb_test_zram_new (64 * MiB)) == NULL)
    {
      if (!g_test_failed ())
        g_test_skip ("no zram");
      return;
    }
  ssdb_io_release_idle ();
  g_assert_cmpuint (count_io_threads (), ==, 0);
  t = open_writable (dev);
  g_assert_true (ssdb_target_fill (t, 0, 64 * MiB, 1, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  /* 200 short jobs of different depths and directions run on one thread, and each counts
   * exactly its own requests. */
  for (guint i = 0; i < 200; i++)
    {
      job_init (&job, i % 3 == 2 ? SSDB_RW_WRITE : SSDB_RW_READ,
                i % 2 ? SSDB_ACCESS_RANDOM : SSDB_ACCESS_SEQUENTIAL, 4096, 1u << (i % 6), 1,
                64 * MiB, 0);
      job.total_bytes = 64 * 1024;
      job.offset = (guint64)(i % 16) * MiB;
      job.length = MiB;
      job.mark_bytes = 64 * 1024;
      job.mark_func = record_tid;
      job.mark_data = &tid;
      job.seed = i + 1;
      tid = 0;
      g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
      g_assert_no_error (error);
      assert_consistent (r, 4096);
      g_assert_cmpuint (r->ios, ==, 16);
      g_assert_cmpuint (i % 3 == 2 ? r->write_ios : r->read_ios, ==, 16);
      g_assert_cmpint (tid, >, 0);
      if (i == 0)
        first = tid;
      g_assert_cmpint (tid, ==, first);
      g_assert_cmpuint (count_io_threads (), ==, 1);
    }

  /* A two-thread job needs a second crew; the next one-thread job takes the first again. */
  job_init (&job, SSDB_RW_READ, SSDB_ACCESS_RANDOM, 4096, 4, 2, 64 * MiB, 0);
  job.total_bytes = 256 * 1024;
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_cmpuint (r->ios, ==, 64);
  g_assert_cmpuint (count_io_threads (), ==, 3);
  job_init (&job, SSDB_RW_READ, SSDB_ACCESS_SEQUENTIAL, 4096, 2, 1, MiB, 0);
  job.total_bytes = 64 * 1024;
  job.mark_bytes = 64 * 1024;
  job.mark_func = record_tid;
  job.mark_data = &tid;
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_cmpint (tid, ==, first);

  /* Idle threads hold no reference to the target: closing it closes the device. */
  g_object_add_weak_pointer (G_OBJECT (t), (gpointer *)&t);
  g_object_unref (t);
  g_assert_null (t);

  /* They end when asked, and on their own 2 s after their last job. */
  ssdb_io_release_idle ();
  g_assert_cmpuint (count_io_threads (), ==, 0);
  t = open_writable (dev);
  g_assert_true (ssdb_io_run (t, &job, NULL, NULL, NULL, r, &error));
  g_assert_cmpuint (count_io_threads (), ==, 1);
  g_clear_object (&t);
  for (guint i = 0; i < 40 && count_io_threads () > 0; i++)
    g_usleep (100 * 1000);
  g_assert_cmpuint (count_io_threads (), ==, 0);

  ssdb_test_zram_free (g_steal_pointer (&dev));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/io/zram-read-write", test_zram_read_write);
  g_test_add_func ("/io/cancel-within-250ms", test_cancel);
  g_test_add_func ("/io/threads-kept-between-jobs", test_threads_kept_between_jobs);
  g_test_add_func ("/io/sync-path-at-qd1", test_sync_path);
  g_test_add_func ("/io/offsets-past-2tib", test_offsets_past_2tib);
  g_test_add_func ("/io/4k-sector-refuses-512", test_4k_sector_refuses_512);
  g_test_add_func ("/io/permission-must-name-device", test_permission_must_name_device);
  g_test_add_func ("/io/test-file", test_file_mode);
  g_test_add_func ("/io/size-mix", test_size_mix);
  g_test_add_func ("/summary/zram", test_summary_on_zram);
  g_test_add_func ("/summary/reads-only-without-permission",
                   test_summary_reads_only_without_permission);
  return g_test_run ();
}
