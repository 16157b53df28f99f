/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The desktop app on a real zram device under Xvfb: pick the device, confirm write tests, run
 * the summary, and check that the grid shows the engine's numbers; stop a run; the refusal on
 * a mounted loop device; the Drive Info page; screenshots in light and dark style.
 * Run through tests/gui/run-xvfb.sh (own display, session bus, in-memory settings).
 */
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include <gdk/x11/gdkx.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-sysfs.h"
#include "ssdb-application.h"
#include "ssdb-window.h"

#include "gui/ssdb-gui-test.h"

static SsdbApplication *app;
static SsdbWindow *window;
static char *zram_name; /* "zram5" */
static char *zram_path; /* "/dev/zram5" */
static GError *finish_error;
static gboolean finished;

#define ZRAM_BYTES (G_GUINT64_CONSTANT (64) * 1024 * 1024)

static gboolean
is_finished (gpointer data)
{
  return finished;
}

static gboolean
snapshot_after (gpointer data)
{
  return ssdb_summary_chart_get_snapshot_count (
             ssdb_summary_page_get_chart (ssdb_window_get_summary_page (window)))
         > GPOINTER_TO_UINT (data);
}

static gboolean
window_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (window))
         && ssdb_summary_chart_get_snapshot_count (
                ssdb_summary_page_get_chart (ssdb_window_get_summary_page (window)))
                > 0;
}

/* CPU time of the calling thread, µs. */
static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static guint updates;

static void
on_updated (SsdbPageRun *run, gpointer data)
{
  updates++;
}

/* The main thread's CPU time when the last run finished, µs. */
static gint64 finished_cpu_us;

static void
on_finished (SsdbPageRun *run, const GError *error, gpointer data)
{
  finished_cpu_us = thread_cpu_us ();
  g_clear_error (&finish_error);
  finish_error = error ? g_error_copy (error) : NULL;
  finished = TRUE;
}

/* Redraws the chart and waits for the frame. */
static void
redraw_chart (void)
{
  SsdbSummaryChart *chart = ssdb_summary_page_get_chart (ssdb_window_get_summary_page (window));
  guint before = ssdb_summary_chart_get_snapshot_count (chart);

  ssdb_summary_chart_refresh (chart);
  ssdb_gui_test_iterate_until (snapshot_after, GUINT_TO_POINTER (before), 5000);
  g_assert_cmpuint (ssdb_summary_chart_get_snapshot_count (chart), >, before);
}

static void
start_run (void)
{
  finished = FALSE;
  g_clear_error (&finish_error);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_true (
      ssdb_test_page_get_running (SSDB_TEST_PAGE (ssdb_window_get_summary_page (window))));
  g_assert_true (ssdb_window_is_inhibiting (window));
}

static gboolean
is_button_labelled (GtkWidget *w, const char *text)
{
  return GTK_IS_BUTTON (w) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (w)), text) == 0;
}

static gboolean
is_label_reading (GtkWidget *w, const char *text)
{
  return GTK_IS_LABEL (w) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (w)), text) == 0;
}

static GtkWidget *
find_button (GtkWidget *root, const char *label)
{
  return ssdb_gui_test_find_widget (root, is_button_labelled, label);
}

static GtkWidget *
find_label (GtkWidget *root, const char *text)
{
  return ssdb_gui_test_find_widget (root, is_label_reading, text);
}

static void
test_summary_run (void)
{
  GSettings *settings = ssdb_application_get_settings (app);
  SsdbSummaryPage *summary = ssdb_window_get_summary_page (window);
  AdwMessageDialog *dialog;
  const SsdbSummaryResult *view, *final;
  g_auto (GStrv) cells = NULL;
  g_autofree char *body = NULL;
  guint n_done = 0;
  gint64 started;

  g_settings_set_int (settings, "count", 1);
  g_settings_set_int (settings, "duration", 1);
  g_settings_set_int (settings, "size-mib", 16);
  g_settings_set_string (settings, "profile", "default");
  g_settings_set_boolean (settings, "mix", TRUE);
  g_settings_set_int (settings, "mix-read-percent", 40);
  g_settings_set_string (settings, "unit", "mbps");
  /* The mix switch names the ratio of the settings. */
  g_assert_nonnull (find_label (GTK_WIDGET (window), "Mixed 40/60"));

  g_assert_true (ssdb_window_select_target (window, zram_path));
  g_assert_cmpstr (ssdb_window_get_target_path (window), ==, zram_path);

  /* A size beyond the 64 MiB device runs over all of it, and the size control says so. */
  {
    GtkWidget *note;

    g_settings_set_int (settings, "size-mib", 1024);
    note = find_label (GTK_WIDGET (summary), "the whole drive, 64 MiB");
    g_assert_nonnull (note);
    g_assert_true (gtk_widget_get_visible (note));
    g_settings_set_int (settings, "size-mib", 16);
    g_assert_false (gtk_widget_get_visible (note));
  }

  /* Writes on a device start off and need a confirmation naming it. */
  g_assert_false (ssdb_summary_page_get_writes_enabled (ssdb_window_get_summary_page (window)));
  g_assert_true (
      ssdb_summary_page_get_write_switch_sensitive (ssdb_window_get_summary_page (window)));
  g_assert_null (ssdb_window_get_confirm_dialog (window));
  {
    /* The "Write Tests" switch, found through the widget tree. */
    GtkSwitch *write_switch = ssdb_gui_test_find_switch (GTK_WIDGET (window), "Write Tests");

    g_assert_nonnull (write_switch);
    gtk_switch_set_active (write_switch, TRUE);
  }
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_false (ssdb_summary_page_get_writes_enabled (ssdb_window_get_summary_page (window)));
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), zram_path));
  body = ssdb_gui_test_dup_plain (adw_message_dialog_get_body (dialog));
  g_assert_nonnull (strstr (body, zram_path));
  g_assert_nonnull (strstr (body, "destroyed"));
  g_assert_nonnull (strstr (body, "67.11 MB"));
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "destroy"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_response (dialog, "destroy");
  g_assert_true (ssdb_summary_page_get_writes_enabled (ssdb_window_get_summary_page (window)));

  updates = 0;
  started = g_get_monotonic_time ();
  start_run ();
  /* While it runs, the settings are fixed but the unit the cells show can change. */
  {
    GtkWidget *iops = find_button (GTK_WIDGET (window), "IOPS");
    GtkWidget *passes = find_label (GTK_WIDGET (window), "Passes");

    g_assert_nonnull (iops);
    g_assert_nonnull (passes);
    g_assert_true (gtk_widget_is_sensitive (iops));
    g_assert_false (gtk_widget_is_sensitive (passes));
  }
  ssdb_gui_test_iterate_until (is_finished, NULL, 180000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);
  g_assert_false (ssdb_window_is_inhibiting (window));
  /* Coalesced: at most 10 updates a second (and the start's and the end's own). */
  g_test_message ("%u updates in %.2f s", updates, (g_get_monotonic_time () - started) / 1e6);
  g_assert_cmpuint (updates, <=, (g_get_monotonic_time () - started) / 100000 + 3);
  g_assert_cmpuint (updates, >=, 3);

  view = ssdb_summary_page_get_view (summary);
  final = ssdb_summary_page_get_final_result (summary);
  g_assert_nonnull (view);
  g_assert_nonnull (final);
  g_assert_cmpuint (view->entries->len, ==, 12); /* 4 tests x read, write, mix */
  g_assert_cmpuint (final->entries->len, ==, view->entries->len);
  /* The mixed tests ran at the read share of the settings: 40 % of their requests were reads. */
  g_assert_cmpuint (final->spec.mix_read_percent, ==, 40);
  for (guint i = 0; i < final->entries->len; i++)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (final->entries, i);

      if (e->rw != SSDB_RW_MIX)
        continue;
      g_assert_cmpuint (e->job.read_percent, ==, 40);
      g_assert_cmpuint (e->aggregate.ios, >, 100);
      g_assert_cmpfloat (fabs ((double)e->aggregate.read_ios / e->aggregate.ios - 0.4), <=, 0.05);
    }

  redraw_chart ();
  cells = ssdb_summary_chart_dup_drawn_cells (
      ssdb_summary_page_get_chart (ssdb_window_get_summary_page (window)));
  g_assert_cmpuint (g_strv_length (cells), ==, view->entries->len);
  for (guint i = 0; i < final->entries->len; i++)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (final->entries, i);
      const SsdbSummaryEntry *v = g_ptr_array_index (view->entries, i);
      char expected[64];

      g_assert_cmpint (e->state, ==, SSDB_ENTRY_DONE);
      g_assert_cmpint (v->state, ==, SSDB_ENTRY_DONE);
      g_assert_cmpuint (e->passes->len, ==, 1);
      g_assert_cmpfloat (e->aggregate.bytes_per_second, >, 1e6);
      g_assert_cmpfloat (v->aggregate.bytes_per_second, ==, e->aggregate.bytes_per_second);
      /* CrystalDiskMark's format for MB/s, computed here from the engine's bytes/s. */
      g_ascii_formatd (expected, sizeof expected, "%.2f", e->aggregate.bytes_per_second / 1e6);
      g_test_message ("%s %s: engine %.0f B/s, grid \"%s\"", e->test.name,
                      ssdb_rw_to_string (e->rw), e->aggregate.bytes_per_second, cells[i]);
      g_assert_cmpstr (cells[i], ==, expected);
      n_done++;
    }
  g_assert_cmpuint (n_done, ==, 12);
  /* Each cell's tooltip gives the spread of the passes it stands on (here one pass). */
  {
    SsdbSummaryChart *chart = ssdb_summary_page_get_chart (ssdb_window_get_summary_page (window));
    GtkWidget *w = GTK_WIDGET (chart);
    SsdbSummaryView sv;

    ssdb_summary_chart_fill_view (chart, &sv);
    for (guint i = 0; i < final->entries->len; i++)
      {
        const SsdbSummaryEntry *v = g_ptr_array_index (view->entries, i);
        cairo_rectangle_t rect;
        g_autofree char *tip = NULL;

        g_assert_true (ssdb_summary_painter_get_entry_rect (&sv, gtk_widget_get_width (w),
                                                            gtk_widget_get_height (w), i, &rect));
        tip = ssdb_summary_chart_dup_tooltip_at (chart, rect.x + rect.width / 2,
                                                 rect.y + rect.height / 2);
        g_assert_nonnull (tip);
        g_assert_true (g_str_has_prefix (tip, v->test.name));
        g_assert_nonnull (strstr (tip, "one pass"));
        /* and what the other units would show, with the response times */
        if (v->aggregate.latency.count > 0)
          {
            g_autofree char *iops
                = g_strdup_printf ("\n%.0f IOPS · latency mean ", v->aggregate.iops);

            g_assert_nonnull (strstr (tip, iops));
          }
      }
  }

  /* The unit switch changes what is drawn, from the same numbers. */
  g_settings_set_string (settings, "unit", "iops");
  redraw_chart ();
  g_strfreev (cells);
  cells = ssdb_summary_chart_dup_drawn_cells (
      ssdb_summary_page_get_chart (ssdb_window_get_summary_page (window)));
  for (guint i = 0; i < final->entries->len; i++)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (final->entries, i);
      double shown = g_ascii_strtod (cells[i], NULL);

      double tolerance = e->aggregate.iops >= 1e6 ? 0.51 : 0.051;

      g_assert_cmpfloat (fabs (shown - e->aggregate.iops), <=, tolerance);
    }
  g_settings_set_string (settings, "unit", "mbps");
  redraw_chart ();

  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-summary.png", 300));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  redraw_chart ();
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-summary-dark.png", 300));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  redraw_chart ();

  {
    g_autofree char *path = g_build_filename (g_get_tmp_dir (), "ssdb-test-export.png", NULL);
    g_autoptr (GError) error = NULL;
    g_autoptr (GdkTexture) texture = NULL;

    g_assert_true (ssdb_window_export_image_to (window, path, &error));
    g_assert_no_error (error);
    texture = gdk_texture_new_from_filename (path, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 2000);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, 1280);
    g_unlink (path);
  }
}

static gboolean
runner_idle (gpointer data)
{
  return !ssdb_page_run_get_busy (SSDB_PAGE_RUN (data));
}

static gboolean
measuring (gpointer data)
{
  const SsdbSummaryPageProgress *p
      = ssdb_summary_page_get_progress (ssdb_window_get_summary_page (window));

  return p->entry_index >= 0 && g_strcmp0 (p->phase, "measure") == 0;
}

static void
test_stop (void)
{
  GSettings *settings = ssdb_application_get_settings (app);
  SsdbSummaryPage *summary = ssdb_window_get_summary_page (window);
  SsdbPageRun *runner = ssdb_test_page_get_run (SSDB_TEST_PAGE (summary));
  const SsdbSummaryResult *view;
  SsdbStopTiming timing;
  guint cancelled = 0;
  gint64 t0, took, cpu0;

  g_settings_set_int (settings, "count", 3);
  g_settings_set_int (settings, "duration", 5);
  start_run ();
  ssdb_gui_test_iterate_until (measuring, NULL, 30000);
  g_assert_true (measuring (NULL));
  /* Let a bit of the first pass run. */
  for (gint64 end = g_get_monotonic_time () + 300000; g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);

  cpu0 = thread_cpu_us ();
  t0 = g_get_monotonic_time ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "stop", NULL);
  ssdb_gui_test_iterate_until (is_finished, NULL, 5000);
  took = g_get_monotonic_time () - t0;
  g_assert_true (finished);
  /* The worker's own times arrive with its end, even after a detach. */
  ssdb_gui_test_iterate_until (runner_idle, runner, 5000);
  ssdb_page_run_get_stop_timing (runner, &timing);
  g_test_message ("stop took %" G_GINT64_FORMAT " µs; engine: I/O stopped after %" G_GINT64_FORMAT
                  " µs, target closed after %" G_GINT64_FORMAT " µs; finished reported after "
                  "%" G_GINT64_FORMAT " µs",
                  took, timing.io_stopped_us - timing.requested_us,
                  timing.closed_us - timing.requested_us, timing.finished_us - timing.requested_us);
  /* Little of that is the main thread's own work: the rest is waiting for a CPU. */
  g_test_message ("main thread busy for %" G_GINT64_FORMAT " µs of CPU from Stop to finished",
                  finished_cpu_us - cpu0);
  g_assert_cmpint (timing.requested_us, >=, t0);
  g_assert_cmpint (timing.io_stopped_us, >, timing.requested_us);
  ssdb_gui_test_assert_stop_time ("engine stop", timing.io_stopped_us - timing.requested_us);
  ssdb_gui_test_assert_stop_time ("finished after stop", timing.finished_us - timing.requested_us);
  ssdb_gui_test_assert_stop_time ("stop seen by the test", took);
  g_assert_false (ssdb_page_run_get_running (runner));
  g_assert_false (ssdb_window_is_inhibiting (window));
  g_assert_error (finish_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);

  view = ssdb_summary_page_get_view (summary);
  for (guint i = 0; i < view->entries->len; i++)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (view->entries, i);

      g_assert_cmpint (e->state, !=, SSDB_ENTRY_RUNNING);
      g_assert_cmpint (e->state, !=, SSDB_ENTRY_PENDING);
      if (e->state == SSDB_ENTRY_CANCELLED)
        cancelled++;
    }
  g_assert_cmpuint (cancelled, ==, view->entries->len);

  /* A new run right away gets none of the stopped run's callbacks. */
  ssdb_gui_test_iterate_until (runner_idle, runner, 5000);
  g_assert_false (ssdb_page_run_get_busy (runner));
  g_settings_set_int (settings, "count", 1);
  g_settings_set_int (settings, "duration", 1);
  start_run ();
  ssdb_gui_test_iterate_until (is_finished, NULL, 180000);
  g_assert_no_error (finish_error);
  view = ssdb_summary_page_get_view (summary);
  for (guint i = 0; i < view->entries->len; i++)
    g_assert_cmpint (((SsdbSummaryEntry *)g_ptr_array_index (view->entries, i))->state, ==,
                     SSDB_ENTRY_DONE);
}

static void
test_drive_info (void)
{
  SsdbDriveInfo *info = ssdb_window_get_drive_info (window);
  g_autofree char *capacity = NULL, *sectors = NULL, *mount = NULL, *device = NULL;

  g_assert_true (ssdb_window_select_target (window, zram_path));
  capacity = ssdb_drive_info_dup_value (info, "Capacity");
  sectors = ssdb_drive_info_dup_value (info, "Sector Size");
  mount = ssdb_drive_info_dup_value (info, "Mount State");
  device = ssdb_drive_info_dup_value (info, "Device");
  g_assert_cmpstr (capacity, ==, "67.11 MB (67108864 bytes)");
  g_assert_cmpstr (sectors, ==, "4096 bytes logical · 4096 bytes physical");
  g_assert_cmpstr (mount, ==, "Not mounted, not in use");
  g_assert_cmpstr (device, ==, zram_path);

  /* A folder: the disk under its file system with the facts the drive list has for it
   * (UDisks2's model and SMART state), not only what sysfs knows. */
  {
    struct stat st;
    g_autofree char *name = NULL, *model = NULL, *smart = NULL;
    g_autoptr (SsdbDevice) dev = NULL;

    g_assert_cmpint (stat ("/var/tmp", &st), ==, 0);
    name = ssdb_block_name_from_devnum (NULL, major (st.st_dev), minor (st.st_dev));
    g_assert_nonnull (name);
    /* The list follows UDisks2 and uevents asynchronously: after the devices earlier tests
     * created and removed, it may still be catching up. */
    for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;;
         ssdb_gui_test_iterate_for (50))
      {
        dev = ssdb_device_monitor_lookup (ssdb_application_get_device_monitor (app), name);
        if (dev != NULL || g_get_monotonic_time () > end)
          break;
      }
    g_assert_nonnull (dev);
    g_assert_true (ssdb_window_select_target (window, "/var/tmp"));
    model = ssdb_drive_info_dup_value (info, "Model");
    smart = ssdb_drive_info_dup_value (info, "SMART");
    g_test_message ("/var/tmp is on %s: model %s, SMART %s", name, model, smart);
    g_assert_cmpstr (model, ==,
                     ssdb_device_get_info (dev)->model ? ssdb_device_get_info (dev)->model
                                                       : "Unknown");
    if (ssdb_device_get_info (dev)->object_path != NULL)
      g_assert_cmpstr (smart, !=, "Unknown (UDisks2 not available)");
    g_assert_true (ssdb_window_select_target (window, zram_path));
  }

  /* Writes off on a device that may be written: the write cells say what to do. */
  {
    SsdbSummaryView view;

    g_assert_false (ssdb_summary_page_get_writes_enabled (ssdb_window_get_summary_page (window)));
    ssdb_summary_chart_fill_view (
        ssdb_summary_page_get_chart (ssdb_window_get_summary_page (window)), &view);
    g_assert_cmpstr (view.write_hint, ==, "off: turn on Write Tests");
  }

  {
    gboolean ok;
    g_autofree char *a = ssdb_alignment_describe (2048, &ok);
    g_autofree char *b = ssdb_alignment_describe (63, &ok);

    g_assert_cmpstr (a, ==, "OK · starts at 1024 KiB (1 MiB aligned)");
    g_assert_false (ok);
    g_assert_cmpstr (b, ==, "BAD · starts at 31.5 KiB, not a multiple of 4 KiB");
  }
}

static void
test_mounted_refusal (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ssdb-gui-XXXXXX", NULL);
  g_autofree char *img = g_build_filename (dir, "disk.img", NULL);
  g_autofree char *mnt = g_build_filename (dir, "mnt", NULL);
  g_autofree char *out = NULL;
  g_autofree char *cmd = NULL;
  g_autofree char *loop = NULL;
  g_autofree char *mount_state = NULL;
  int status = 0;

  g_autofree char *mkfs = g_find_program_in_path ("mkfs.ext4");
  g_autofree char *losetup = g_find_program_in_path ("losetup");

  if (mkfs == NULL || losetup == NULL)
    {
      g_test_skip ("mkfs.ext4 or losetup missing");
      return;
    }
  g_mkdir (mnt, 0700);
  cmd = g_strdup_printf ("truncate -s 64M %s", img);
  g_assert_true (ssdb_gui_test_run_cmd (cmd));
  g_free (cmd);
  cmd = g_strdup_printf ("losetup -f --show %s", img);
  g_assert_true (g_spawn_command_line_sync (cmd, &out, NULL, &status, NULL));
  loop = g_strstrip (g_strdup (out));
  g_assert_true (g_str_has_prefix (loop, "/dev/loop"));
  g_free (cmd);
  cmd = g_strdup_printf ("mkfs.ext4 -q %s", loop);
  if (ssdb_gui_test_run_cmd (cmd))
    {
      g_free (cmd);
      cmd = g_strdup_printf ("mount %s %s", loop, mnt);
      if (ssdb_gui_test_run_cmd (cmd))
        {
          g_assert_true (ssdb_window_select_target (window, loop));
          g_assert_false (
              ssdb_summary_page_get_write_switch_sensitive (ssdb_window_get_summary_page (window)));
          g_assert_false (
              ssdb_summary_page_get_writes_enabled (ssdb_window_get_summary_page (window)));
          g_test_message ("reason: %s", ssdb_summary_page_get_write_reason (
                                            ssdb_window_get_summary_page (window)));
          g_assert_nonnull (
              strstr (ssdb_summary_page_get_write_reason (ssdb_window_get_summary_page (window)),
                      "mounted"));
          g_assert_nonnull (strstr (
              ssdb_summary_page_get_write_reason (ssdb_window_get_summary_page (window)), mnt));
          mount_state
              = ssdb_drive_info_dup_value (ssdb_window_get_drive_info (window), "Mount State");
          g_assert_true (g_str_has_prefix (mount_state, "Mounted at "));

          /* A folder on it: a test file, writes follow the setting (on by default). */
          g_assert_true (ssdb_window_select_target (window, mnt));
          g_assert_true (
              ssdb_summary_page_get_writes_enabled (ssdb_window_get_summary_page (window)));
          g_assert_true (
              ssdb_summary_page_get_write_switch_sensitive (ssdb_window_get_summary_page (window)));

          g_assert_true (ssdb_window_select_target (window, zram_path));
          g_free (cmd);
          cmd = g_strdup_printf ("umount %s", mnt);
          ssdb_gui_test_run_cmd (cmd);
        }
    }
  g_free (cmd);
  cmd = g_strdup_printf ("losetup -d %s", loop);
  ssdb_gui_test_run_cmd (cmd);
  g_unlink (img);
  g_rmdir (mnt);
  g_rmdir (dir);
}

/* A laptop's 800x600: the Summary page's settings wrap onto a second line instead of asking
 * for more width than the window has; at 1200 px they stay on one line. */
static void
test_narrow_window (void)
{
  GtkWidget *page = GTK_WIDGET (ssdb_window_get_summary_page (window));
  int min = 0, one_line = 0, two_lines = 0;

  gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_test_message ("Summary page: %d px wide at least", min);
  g_assert_cmpint (min, <=, 800 - 2 * 18);
  gtk_widget_measure (page, GTK_ORIENTATION_VERTICAL, 1200, &one_line, NULL, NULL, NULL);
  gtk_widget_measure (page, GTK_ORIENTATION_VERTICAL, 760, &two_lines, NULL, NULL, NULL);
  g_test_message ("its height at 1200 px: %d, at 760 px: %d", one_line, two_lines);
  /* A second line of settings: a button's height more. */
  g_assert_cmpint (two_lines, >, one_line + 20);
}

int
main (int argc, char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (!ssdb_gui_test_zram_setup (ZRAM_BYTES, TRUE, &zram_name, &zram_path))
    return g_test_run ();
  window = ssdb_gui_test_open_window (&app);
  g_signal_connect (ssdb_test_page_get_run (SSDB_TEST_PAGE (ssdb_window_get_summary_page (window))),
                    "finished", G_CALLBACK (on_finished), NULL);
  g_signal_connect (ssdb_test_page_get_run (SSDB_TEST_PAGE (ssdb_window_get_summary_page (window))),
                    "updated", G_CALLBACK (on_updated), NULL);
  ssdb_gui_test_iterate_until (window_mapped, NULL, 10000);
  ssdb_gui_test_iterate_until (ssdb_gui_test_monitor_ready, app, 15000);

  g_test_add_func ("/gui/summary-run", test_summary_run);
  g_test_add_func ("/gui/narrow-window", test_narrow_window);
  g_test_add_func ("/gui/stop", test_stop);
  g_test_add_func ("/gui/drive-info", test_drive_info);
  g_test_add_func ("/gui/mounted-refusal", test_mounted_refusal);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  g_clear_error (&finish_error);
  ssdb_gui_test_zram_remove (zram_name);
  return ret;
}
