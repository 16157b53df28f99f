/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The Surface page on a device that stops answering, under Xvfb: a loop device over
 * ssdbench-faultfs (tests/fault) whose reads in the upper half are held by the file system, so
 * the run's request stays in flight in the kernel. Stop must end the run 2 s later (2.5 s at
 * most) saying the device is not responding, the window must keep drawing frames and running
 * timeouts all along, and when the held request finally completes it must not touch a newer
 * run started meanwhile. A device that is only slow (each read answered 400 ms late, longer
 * than the engine's own 100 ms wait) ends a Stop as an ordinary Stop, without blaming it. Run
 * The Error Scan page on the same device with known unreadable sectors finds them to the byte,
 * and a scan stopped on it goes on to the end with Go On. Run
 * through tests/gui/run-xvfb.sh with $SSDBENCH_FAULTFS set (skipped without it, without root or
 * without /dev/fuse).
 */
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "ssdb-application.h"
#include "ssdb-window.h"

#include "gui/ssdb-gui-test.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)
#define DISK_BYTES (64 * MIB)

static SsdbApplication *app;
static SsdbWindow *window;
static SsdbSurfacePage *page;
static GError *finish_error;
static gboolean finished;

static char *tmpdir;
static char *mnt;
static char *loop_path;
static GPid fs_pid;

static gboolean
run_argv (const char *const *argv, char **out)
{
  int status = 0;

  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, out, NULL, &status,
                     NULL))
    return FALSE;
  return g_spawn_check_wait_status (status, NULL);
}

/* Sends one command to the file system's control file. */
static gboolean
fault_ctl (const char *command)
{
  g_autofree char *control = g_build_filename (mnt, "control", NULL);
  g_autofree char *line = g_strconcat (command, "\n", NULL);
  int fd = open (control, O_WRONLY | O_CLOEXEC);
  gssize n;

  if (fd < 0)
    return FALSE;
  n = write (fd, line, strlen (line));
  return close (fd) == 0 && n == (gssize)strlen (line);
}

/* A counter of the file system ("held", "reads", ...), or -1. */
static gint64
fault_stat (const char *name)
{
  g_autofree char *control = g_build_filename (mnt, "control", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  gsize len = strlen (name);

  if (!g_file_get_contents (control, &text, NULL, NULL))
    return -1;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strncmp (lines[i], name, len) == 0 && lines[i][len] == ' ')
      return g_ascii_strtoll (lines[i] + len + 1, NULL, 10);
  return -1;
}

/* Release before detaching and unmounting: nothing may stay in flight. */
static void
fault_remove (void)
{
  if (mnt != NULL)
    {
      const char *const umount_argv[] = { "umount", mnt, NULL };
      const char *const lazy_argv[] = { "umount", "-l", mnt, NULL };

      fault_ctl ("clear");
      if (loop_path != NULL)
        {
          const char *const argv[] = { "losetup", "-d", loop_path, NULL };

          run_argv (argv, NULL);
          g_clear_pointer (&loop_path, g_free);
        }
      if (!run_argv (umount_argv, NULL))
        run_argv (lazy_argv, NULL);
    }
  if (fs_pid > 0)
    {
      int status;

      for (int i = 0; i < 50 && waitpid (fs_pid, &status, WNOHANG) == 0; i++)
        g_usleep (100000);
      kill (fs_pid, SIGKILL);
      waitpid (fs_pid, &status, 0);
      fs_pid = 0;
    }
  if (tmpdir != NULL)
    {
      g_autofree char *img = g_build_filename (tmpdir, "disk.img", NULL);

      g_unlink (img);
      if (mnt != NULL)
        g_rmdir (mnt);
      g_rmdir (tmpdir);
      g_clear_pointer (&tmpdir, g_free);
    }
  g_clear_pointer (&mnt, g_free);
}

/* A 64 MiB image served by ssdbench-faultfs, and a loop device with direct I/O over it. */
static gboolean
fault_create (const char *faultfs)
{
  g_autofree char *img = NULL;
  g_autofree char *disk = NULL;
  g_autofree char *out = NULL;
  g_autofree char *control = NULL;
  int fd;

  tmpdir = g_strdup ("/var/tmp/ssdbench-gui-fault.XXXXXX");
  if (g_mkdtemp (tmpdir) == NULL)
    return FALSE;
  img = g_build_filename (tmpdir, "disk.img", NULL);
  mnt = g_build_filename (tmpdir, "mnt", NULL);
  control = g_build_filename (mnt, "control", NULL);
  disk = g_build_filename (mnt, "disk", NULL);
  if (g_mkdir (mnt, 0700) != 0)
    return FALSE;
  fd = open (img, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0 || ftruncate (fd, (off_t)DISK_BYTES) != 0)
    return FALSE;
  close (fd);
  {
    const char *argv[] = { faultfs, img, mnt, "-f", NULL };

    if (!g_spawn_async (NULL, (char **)argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &fs_pid,
                        NULL))
      return FALSE;
  }
  for (int i = 0; i < 100 && access (control, F_OK) != 0; i++)
    g_usleep (50000);
  if (access (control, F_OK) != 0)
    return FALSE;
  {
    const char *const argv[] = { "losetup", "-f", "--show", "--direct-io=on", disk, NULL };

    if (!run_argv (argv, &out))
      return FALSE;
  }
  loop_path = g_strstrip (g_steal_pointer (&out));
  for (int i = 0; i < 50 && access (loop_path, F_OK) != 0; i++)
    g_usleep (20000);
  return access (loop_path, F_OK) == 0;
}

static gboolean
is_finished (gpointer data)
{
  return finished;
}

static gboolean
runner_idle (gpointer data)
{
  return !ssdb_surface_page_get_busy (page);
}

static gboolean
request_held (gpointer data)
{
  return finished || fault_stat ("held") >= 1;
}

static gboolean
enough_samples (gpointer data)
{
  const SsdbSurfaceResult *r = ssdb_surface_page_get_result (page);

  return finished || (r != NULL && r->read->len >= GPOINTER_TO_UINT (data));
}

static void
on_finished (SsdbSurfacePage *p, const GError *error, gpointer data)
{
  g_clear_error (&finish_error);
  finish_error = error ? g_error_copy (error) : NULL;
  finished = TRUE;
}

static void
configure (guint samples, guint64 sample_bytes)
{
  SsdbSurfaceSpec spec;

  ssdb_surface_spec_init (&spec);
  spec.samples = samples;
  spec.sample_bytes = sample_bytes;
  spec.block_size = 1024 * 1024;
  spec.queue_depth = 1;
  spec.access_samples = 0;
  spec.write = SSDB_SURFACE_WRITE_NONE;
  g_assert_true (ssdb_surface_page_configure (page, &spec));
}

static void
start_run (void)
{
  finished = FALSE;
  g_clear_error (&finish_error);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_true (ssdb_surface_page_get_running (page));
}

static guint ticks;
static guint timeouts;
static gint64 held; /* requests held by the hung run */

static gboolean
on_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  ticks++;
  return G_SOURCE_CONTINUE;
}

static gint64 last_timeout_us;
static gint64 max_gap_us;

static gboolean
on_timeout (gpointer data)
{
  gint64 now = g_get_monotonic_time ();

  if (last_timeout_us != 0)
    max_gap_us = MAX (max_gap_us, now - last_timeout_us);
  last_timeout_us = now;
  timeouts++;
  return G_SOURCE_CONTINUE;
}

static void
test_hung_stop (void)
{
  const SsdbSurfaceResult *r;
  gint64 t0, took;
  guint tick_id, timeout_id, have;
  guint stop_ticks, stop_timeouts;

  /* Every read in the upper half is held: the run measures the lower half, then hangs. */
  g_assert_true (fault_ctl ("hang read 33554432 33554432"));
  configure (20, 4 * MIB);
  start_run ();
  ssdb_gui_test_iterate_until (request_held, NULL, 30000);
  g_assert_false (finished);
  held = fault_stat ("held");
  g_assert_cmpint (held, >=, 1);
  /* The run is stuck on that request, not finished. */
  for (gint64 end = g_get_monotonic_time () + 300000; g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);
  g_assert_false (finished);
  g_assert_true (ssdb_surface_page_get_running (page));
  r = ssdb_surface_page_get_result (page);
  have = r->read->len;
  g_test_message ("%u samples measured before the device stopped answering", have);

  /* Stop returns at once; the device is given 2 s to complete what it holds before it is
   * called not responding, and the window keeps drawing meanwhile. */
  ticks = timeouts = 0;
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (window), on_tick, NULL, NULL);
  timeout_id = g_timeout_add (10, on_timeout, NULL);
  t0 = g_get_monotonic_time ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "stop", NULL);
  took = g_get_monotonic_time () - t0;
  ssdb_gui_test_assert_stop_time ("the Stop action on a device that does not answer", took);
  ssdb_gui_test_iterate_until (is_finished, NULL, 10000);
  took = g_get_monotonic_time () - t0;
  stop_ticks = ticks;
  stop_timeouts = timeouts;
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick_id);
  g_source_remove (timeout_id);
  g_test_message ("not responding reported %" G_GINT64_FORMAT " µs after Stop; %u frames and %u "
                  "10 ms timeouts meanwhile",
                  took, stop_ticks, stop_timeouts);
  g_assert_true (finished);
  g_assert_cmpint (took, >=, 1900000);
  if (!ssdb_gui_test_sanitized ())
    g_assert_cmpint (took, <, 2500000);
  g_assert_cmpuint (stop_ticks, >=, 2);
  g_assert_cmpuint (stop_timeouts, >=, ssdb_gui_test_sanitized () ? 2 : 20);
  g_assert_error (finish_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  g_assert_true (ssdb_error_is_not_responding (finish_error));
  /* The page says why the worker was left behind. */
  g_assert_cmpstr (finish_error->message, ==,
                   "Stopped · the device is not responding: its requests did not complete "
                   "within 2 s; the results measured so far are kept");
  g_assert_false (ssdb_surface_page_get_running (page));
  g_assert_false (ssdb_window_is_inhibiting (window));
  r = ssdb_surface_page_get_result (page);
  g_assert_true (r->cancelled);
  g_assert_cmpuint (r->read->len, >=, have);
  g_assert_cmpuint (r->read->len, <, 20);
  for (guint i = 0; i < r->read->len; i++)
    g_assert_cmpuint (g_array_index (r->read, SsdbSurfaceSample, i).offset_bytes + 4 * MIB, <=,
                      32 * MIB);
  /* The requests are still held: the kernel still has them in flight. */
  g_assert_cmpint (fault_stat ("held"), ==, held);

  /* The window stays responsive: the main loop runs timeouts and the frame clock draws frames
   * (the device's request is still in flight in the kernel all along). */
  ticks = timeouts = 0;
  last_timeout_us = 0;
  max_gap_us = 0;
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (window), on_tick, NULL, NULL);
  timeout_id = g_timeout_add (10, on_timeout, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (window));
  for (gint64 end = g_get_monotonic_time () + 1000000; g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick_id);
  g_source_remove (timeout_id);
  g_test_message ("after the stop: %u frames and %u 10 ms timeouts in 1 s, longest gap between "
                  "timeouts %" G_GINT64_FORMAT " µs",
                  ticks, timeouts, max_gap_us);
  /* On a loaded machine frames and timeouts come late, but they come: nothing on the main
   * thread waits for the device. Under sanitizers one frame drawn with cairo can take a few
   * hundred ms, so there only their coming is asserted. */
  g_assert_cmpuint (ticks, >=, ssdb_gui_test_sanitized () ? 1 : 2);
  g_assert_cmpuint (timeouts, >=, ssdb_gui_test_sanitized () ? 1 : 5);
  g_assert_cmpint (fault_stat ("held"), ==, held);

  /* The page's worker returns too (the engine left the request to the kernel). */
  ssdb_gui_test_iterate_until (runner_idle, NULL, 5000);
  g_assert_true (runner_idle (NULL));
  g_assert_cmpint (fault_stat ("held"), ==, held);
}

static void
test_late_completion (void)
{
  const SsdbSurfaceResult *r;
  gint64 released_before;

  g_assert_cmpint (held, >=, 1);
  /* New requests are served again (5 ms each, so the run lasts), the old ones stay held. */
  g_assert_true (fault_ctl ("forget"));
  g_assert_true (fault_ctl ("delay read 0 67108864 5000"));
  g_assert_cmpint (fault_stat ("held"), ==, held);
  released_before = fault_stat ("released");
  configure (50, 4 * MIB);
  start_run ();
  ssdb_gui_test_iterate_until (enough_samples, GUINT_TO_POINTER (10), 30000);
  g_assert_false (finished);

  /* The old requests complete in the middle of the new run. */
  g_assert_true (fault_ctl ("release"));
  g_assert_cmpint (fault_stat ("held"), ==, 0);
  g_assert_cmpint (fault_stat ("released"), ==, released_before + held);
  ssdb_gui_test_iterate_until (is_finished, NULL, 60000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);

  /* The new run is whole and only its own: 50 samples where it put them, none cancelled. */
  r = ssdb_surface_page_get_result (page);
  g_assert_false (r->cancelled);
  g_assert_cmpuint (r->read->len, ==, 50);
  for (guint i = 0; i < r->read->len; i++)
    {
      const SsdbSurfaceSample *s = &g_array_index (r->read, SsdbSurfaceSample, i);

      g_assert_cmpuint (s->offset_bytes, ==,
                        ssdb_surface_position (0, DISK_BYTES, 4 * MIB, 50, i, 1024 * 1024));
      g_assert_cmpuint (s->bytes, ==, 4 * MIB);
    }
  g_assert_false (ssdb_surface_page_get_running (page));
  ssdb_gui_test_iterate_until (runner_idle, NULL, 5000);
  g_assert_true (fault_ctl ("clear"));
}

/* A device that is slow, not hung: every read is answered 400 ms late, longer than the engine
 * waits after a cancel (100 ms). A Stop is then an ordinary Stop. */
static void
test_slow_stop (void)
{
  const SsdbSurfaceResult *r;
  gint64 t0, took, delayed_before;

  g_assert_true (fault_ctl ("clear"));
  g_assert_true (fault_ctl ("delay read 0 67108864 400000"));
  delayed_before = fault_stat ("delayed");
  configure (20, 4 * MIB);
  start_run ();
  /* A request is in flight at the device when Stop comes. */
  ssdb_gui_test_iterate_until (enough_samples, GUINT_TO_POINTER (1), 30000);
  g_assert_false (finished);
  for (gint64 end = g_get_monotonic_time () + 150000; g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);
  g_assert_cmpint (fault_stat ("delayed"), >, delayed_before);

  t0 = g_get_monotonic_time ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "stop", NULL);
  ssdb_gui_test_iterate_until (is_finished, NULL, 10000);
  took = g_get_monotonic_time () - t0;
  g_test_message ("a Stop on a slow device ended the run after %" G_GINT64_FORMAT " µs", took);
  g_assert_true (finished);
  g_assert_cmpint (took, <, 1900000);
  g_assert_error (finish_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  g_assert_false (ssdb_error_is_not_responding (finish_error));
  g_assert_null (strstr (finish_error->message, "not responding"));
  g_assert_false (ssdb_surface_page_get_running (page));
  r = ssdb_surface_page_get_result (page);
  g_assert_true (r->cancelled);
  g_assert_cmpuint (r->read->len, >=, 1);
  g_assert_cmpuint (r->read->len, <, 20);
  ssdb_gui_test_iterate_until (runner_idle, NULL, 5000);
  g_assert_true (fault_ctl ("clear"));
}

/* ---- the Error Scan page on known bad sectors ---- */

static gboolean scan_finished;
static GError *scan_error;

static void
on_scan_finished (SsdbPageRun *run, const GError *error, gpointer data)
{
  g_clear_error (&scan_error);
  scan_error = error ? g_error_copy (error) : NULL;
  scan_finished = TRUE;
}

static gboolean
is_scan_finished (gpointer data)
{
  return scan_finished;
}

static gboolean
scan_read_some (gpointer data)
{
  const SsdbScanResult *r = ssdb_scan_page_get_result (data);

  return scan_finished || (r != NULL && r->scanned_bytes >= MIB);
}

static void
start_scan (SsdbScanPage *scan)
{
  scan_finished = FALSE;
  g_clear_error (&scan_error);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_true (ssdb_test_page_get_running (SSDB_TEST_PAGE (scan)));
}

/* The ranges the scan found are exactly the unreadable ones of the file system. */
static void
assert_bad_ranges (const SsdbScanResult *r)
{
  const SsdbScanRange *a, *b;

  g_assert_cmpuint (r->bad->len, ==, 2);
  a = &g_array_index (r->bad, SsdbScanRange, 0);
  b = &g_array_index (r->bad, SsdbScanRange, 1);
  g_assert_cmpuint (a->offset, ==, 8 * MIB + 4096);
  g_assert_cmpuint (a->length, ==, 8192);
  g_assert_cmpint (a->errsv, ==, EIO);
  g_assert_cmpuint (b->offset, ==, 40 * MIB);
  g_assert_cmpuint (b->length, ==, MIB);
  g_assert_cmpuint (r->bad_bytes, ==, 8192 + MIB);
}

static void
test_scan (void)
{
  SsdbScanPage *scan = ssdb_window_get_scan_page (window);
  SsdbPageRun *run = ssdb_test_page_get_run (SSDB_TEST_PAGE (scan));
  const SsdbScanResult *r;
  guint64 stopped_at, blocks = 0;
  gulong id;

  id = g_signal_connect (run, "finished", G_CALLBACK (on_scan_finished), NULL);
  g_assert_true (fault_ctl ("clear"));
  g_assert_true (fault_ctl ("eio read 8392704 8192"));
  g_assert_true (fault_ctl ("eio read 41943040 1048576"));
  ssdb_window_set_page (window, "scan");

  /* A whole scan: both ranges to the byte, the status says what was found. */
  start_scan (scan);
  ssdb_gui_test_iterate_until (is_scan_finished, NULL, 60000);
  g_assert_true (scan_finished);
  g_assert_no_error (scan_error);
  r = ssdb_scan_page_get_result (scan);
  g_assert_cmpuint (r->scanned_bytes, ==, DISK_BYTES);
  g_assert_false (r->cancelled);
  assert_bad_ranges (r);
  g_assert_cmpint (r->verdict, ==, SSDB_VERDICT_FOUND);
  g_test_message ("status: %s", ssdb_scan_page_get_status (scan));
  g_assert_nonnull (strstr (ssdb_scan_page_get_status (scan), "2 unreadable ranges"));
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-scan.png", 300));

  /* Stopped on a slow device after a MiB or more, then Go On to the end. */
  g_assert_true (fault_ctl ("delay read 0 67108864 100000"));
  ssdb_scan_page_set_resume (scan, TRUE);
  g_assert_false (ssdb_scan_page_get_can_resume (scan));
  start_scan (scan);
  ssdb_gui_test_iterate_until (scan_read_some, scan, 30000);
  g_assert_false (scan_finished);
  g_action_group_activate_action (G_ACTION_GROUP (window), "stop", NULL);
  ssdb_gui_test_iterate_until (is_scan_finished, NULL, 10000);
  g_assert_error (scan_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  r = ssdb_scan_page_get_result (scan);
  g_assert_true (r->cancelled);
  stopped_at = r->scanned_bytes;
  g_test_message ("stopped after %" G_GUINT64_FORMAT " bytes", stopped_at);
  g_assert_cmpuint (stopped_at, >=, MIB);
  g_assert_cmpuint (stopped_at, <, DISK_BYTES);
  g_assert_cmpint (r->verdict, !=, SSDB_VERDICT_NO_EFFECT);
  g_assert_true (ssdb_scan_page_get_can_resume (scan));

  g_assert_true (fault_ctl ("clear"));
  g_assert_true (fault_ctl ("eio read 8392704 8192"));
  g_assert_true (fault_ctl ("eio read 41943040 1048576"));
  ssdb_scan_page_set_resume (scan, TRUE);
  start_scan (scan);
  ssdb_gui_test_iterate_until (is_scan_finished, NULL, 60000);
  g_assert_no_error (scan_error);
  r = ssdb_scan_page_get_result (scan);
  g_assert_cmpuint (r->scanned_bytes, ==, DISK_BYTES);
  assert_bad_ranges (r);
  for (guint i = 0; i < r->cells->len; i++)
    blocks += g_array_index (r->cells, SsdbScanCell, i).blocks;
  g_assert_cmpuint (blocks, ==, DISK_BYTES / MIB);

  /* Write and Verify: asked first, naming the device; data read back wrong is found to the
   * sector, with what failed. */
  g_assert_true (fault_ctl ("clear"));
  g_assert_true (fault_ctl ("flip read 31457792 1000"));
  g_assert_true (fault_ctl ("eio write 8392704 8192"));
  ssdb_scan_page_set_verify (scan, TRUE);
  scan_finished = FALSE;
  g_clear_error (&scan_error);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_false (ssdb_test_page_get_running (SSDB_TEST_PAGE (scan)));
  {
    AdwMessageDialog *dialog = ssdb_window_get_confirm_dialog (window);
    g_autofree char *body = NULL;

    g_assert_nonnull (dialog);
    body = ssdb_gui_test_dup_plain (adw_message_dialog_get_body (dialog));
    g_test_message ("%s", body);
    g_assert_nonnull (strstr (body, "verifying error scan writes random data over every block"));
    g_assert_nonnull (strstr (body, loop_path));
    adw_message_dialog_response (dialog, "destroy");
  }
  ssdb_gui_test_iterate_until (is_scan_finished, NULL, 60000);
  g_assert_no_error (scan_error);
  r = ssdb_scan_page_get_result (scan);
  g_assert_true (r->spec.verify);
  g_assert_cmpuint (r->scanned_bytes, ==, DISK_BYTES);
  g_assert_cmpuint (r->bad->len, ==, 2);
  g_assert_cmpint (g_array_index (r->bad, SsdbScanRange, 0).op, ==, SSDB_SCAN_OP_WRITE);
  g_assert_cmpuint (g_array_index (r->bad, SsdbScanRange, 0).offset, ==, 8392704);
  g_assert_cmpuint (g_array_index (r->bad, SsdbScanRange, 0).length, ==, 8192);
  g_assert_cmpint (g_array_index (r->bad, SsdbScanRange, 1).op, ==, SSDB_SCAN_OP_VERIFY);
  g_assert_cmpuint (g_array_index (r->bad, SsdbScanRange, 1).offset, ==, 31457792);
  g_assert_cmpuint (g_array_index (r->bad, SsdbScanRange, 1).length, ==, 1024);
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-scan-verify.png", 300));
  ssdb_scan_page_set_verify (scan, FALSE);
  g_assert_true (fault_ctl ("clear"));
  g_signal_handler_disconnect (run, id);
  g_clear_error (&scan_error);
}

static void
on_abort (int sig)
{
  fault_remove ();
  signal (sig, SIG_DFL);
  raise (sig);
}

int
main (int argc, char *argv[])
{
  const char *faultfs = g_getenv ("SSDBENCH_FAULTFS");
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (getuid () != 0)
    {
      g_test_skip ("needs root to create a loop device");
      return g_test_run ();
    }
  if (g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("no X display (run through tests/gui/run-xvfb.sh)");
      return g_test_run ();
    }
  if (faultfs == NULL || !g_file_test (faultfs, G_FILE_TEST_IS_EXECUTABLE)
      || access ("/dev/fuse", R_OK | W_OK) != 0)
    {
      g_test_skip ("ssdbench-faultfs was not built or FUSE is not available");
      return g_test_run ();
    }
  signal (SIGABRT, on_abort);
  signal (SIGTERM, on_abort);
  if (!fault_create (faultfs))
    {
      fault_remove ();
      g_test_skip ("could not create a loop device over ssdbench-faultfs");
      return g_test_run ();
    }

  window = ssdb_gui_test_open_window (&app);
  page = ssdb_window_get_surface_page (window);
  g_signal_connect (page, "finished", G_CALLBACK (on_finished), NULL);
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, window, 10000);
  ssdb_gui_test_iterate_until (ssdb_gui_test_monitor_ready, app, 15000);
  for (gint64 end = g_get_monotonic_time () + 10000000;
       !ssdb_window_select_target (window, loop_path) && g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (20000), TRUE);
  g_assert_true (ssdb_window_select_target (window, loop_path));
  ssdb_window_set_page (window, "surface");

  g_test_add_func ("/gui-fault/hung-stop", test_hung_stop);
  g_test_add_func ("/gui-fault/late-completion", test_late_completion);
  g_test_add_func ("/gui-fault/slow-stop", test_slow_stop);
  g_test_add_func ("/gui-fault/scan", test_scan);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  g_clear_error (&finish_error);
  fault_remove ();
  return ret;
}
