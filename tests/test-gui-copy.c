/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The Copy page under Xvfb: on a zram device its settings are off, its status says that the
 * test needs a directory, and Start is off while the page shows (on again on another page); on
 * ext4 made on the device and mounted, the chart's title is the export's ("Files in DIR, ext4 on
 * zramN"), a run at 10 % through the window's Start action copies the three sets with their
 * exact counts, leaves nothing in the directory, the chart is exported, and the report Save
 * Report writes opens again onto the page with the same rows and the same title. Screenshots are
 * written to the build directory. Run through tests/gui/run-xvfb.sh (own display, session bus,
 * in-memory settings).
 */
#include <glib/gstdio.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "render/ssdb-export.h"
#include "ssdb-application.h"
#include "ssdb-window.h"

#include "gui/ssdb-gui-test.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

static SsdbApplication *app;
static SsdbWindow *window;
static char *zram_name;
static char *zram_path;
static char *mount_dir;
static GError *finish_error;
static gboolean finished;

static gboolean
is_finished (gpointer data)
{
  return finished;
}

static void
on_finished (SsdbPageRun *run, const GError *error, gpointer data)
{
  g_clear_error (&finish_error);
  finish_error = error ? g_error_copy (error) : NULL;
  finished = TRUE;
}

static gboolean
snapshot_after (gpointer data)
{
  SsdbChartView *chart = data;

  return ssdb_chart_view_get_snapshot_count (chart)
         > GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (chart), "before"));
}

static void
screenshot (SsdbChartView *chart, const char *name)
{
  g_object_set_data (G_OBJECT (chart), "before",
                     GUINT_TO_POINTER (ssdb_chart_view_get_snapshot_count (chart)));
  ssdb_chart_view_invalidate (chart);
  ssdb_gui_test_iterate_until (snapshot_after, chart, 5000);
  g_assert_true (snapshot_after (chart));
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), name, 100));
}

/* Entries of @dir other than lost+found. */
static guint
count_left (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    n += g_str_equal (name, "lost+found") ? 0 : 1;
  return n;
}

static void
test_device (void)
{
  SsdbCopyPage *page = ssdb_window_get_copy_page (window);
  SsdbPageRun *run = ssdb_copy_page_get_run (page);

  g_assert_true (ssdb_window_select_target (window, zram_path));
  ssdb_window_set_page (window, "copy");
  g_assert_nonnull (strstr (ssdb_copy_page_get_status (page), "choose a directory"));
  /* Start is off on this page for a device, on for the other pages */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "start"));
  ssdb_window_set_page (window, "summary");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "start"));
  ssdb_window_set_page (window, "copy");
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "start"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_false (ssdb_page_run_get_running (run));
  screenshot (ssdb_copy_page_get_chart (page), "gui-copy-device.png");
}

static void
test_run (void)
{
  SsdbCopyPage *page = ssdb_window_get_copy_page (window);
  SsdbPageRun *run = ssdb_copy_page_get_run (page);
  const SsdbCopyResult *r;
  SsdbCopySpec spec;
  g_autoptr (GError) error = NULL;
  g_autofree char *report_path = NULL;
  static const guint files[] = { 2, 48, 24 };
  static const guint64 bytes[] = { 107347968, 25165824, 50331648 };

  g_assert_true (ssdb_window_select_target (window, mount_dir));
  ssdb_window_set_page (window, "copy");
  g_assert_cmpstr (ssdb_copy_page_get_status (page), ==, "");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "start"));
  {
    SsdbCopyView view;
    g_autofree char *title = g_strdup_printf ("Files in %s, ext4 on %s", mount_dir, zram_name);

    ssdb_copy_page_fill_view (page, &view);
    g_assert_cmpstr (view.target_title, ==, title);
  }
  ssdb_copy_spec_init (&spec);
  spec.scale = 15;
  g_assert_false (ssdb_copy_page_configure (page, &spec));
  spec.scale = 10;
  spec.method = SSDB_COPY_CACHED;
  g_assert_true (ssdb_copy_page_configure (page, &spec));

  g_signal_connect (run, "finished", G_CALLBACK (on_finished), NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_true (ssdb_page_run_get_running (run));
  ssdb_gui_test_iterate_until (is_finished, NULL, 120000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);

  r = ssdb_copy_page_get_result (page);
  g_assert_nonnull (r);
  g_assert_cmpint (r->spec.method, ==, SSDB_COPY_CACHED);
  g_assert_cmpuint (r->n_rows, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpint (r->rows[i].state, ==, SSDB_ENTRY_DONE);
      g_assert_cmpuint (r->rows[i].files, ==, files[i]);
      g_assert_cmpuint (r->rows[i].bytes, ==, bytes[i]);
      g_assert_cmpfloat (r->rows[i].bytes_per_second, >, 1e6);
    }
  g_assert_cmpuint (count_left (mount_dir), ==, 0);
  g_assert_nonnull (strstr (ssdb_copy_page_get_status (page), "Done"));
  screenshot (ssdb_copy_page_get_chart (page), "gui-copy.png");

  {
    g_autofree char *png = g_build_filename (g_get_tmp_dir (), "ssdb-copy-export.png", NULL);
    g_autoptr (GdkTexture) texture = NULL;

    g_assert_true (ssdb_window_export_image_to (window, png, &error));
    g_assert_no_error (error);
    texture = gdk_texture_new_from_filename (png, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 2400);
    g_unlink (png);
  }

  report_path = g_build_filename (g_get_tmp_dir (), "ssdb-copy-report.json", NULL);
  g_assert_true (ssdb_window_save_report_to (window, report_path, NULL, &error));
  g_assert_no_error (error);
  {
    g_autoptr (SsdbReport) saved = ssdb_report_load (report_path, &error);
    SsdbCopyRow rows[SSDB_COPY_N_SETS];

    g_assert_no_error (error);
    g_assert_nonnull (saved->copy);
    memcpy (rows, r->rows, sizeof rows);
    g_assert_true (ssdb_window_load_report (window, report_path, &error));
    g_assert_no_error (error);
    r = ssdb_copy_page_get_result (page);
    g_assert_nonnull (r);
    g_assert_true (memcmp (r->rows, rows, sizeof rows) == 0);
    {
      SsdbCopyView view;
      g_autofree char *title = ssdb_export_dup_title (saved);

      ssdb_copy_page_fill_view (page, &view);
      g_assert_cmpstr (view.target_title, ==, title);
      g_assert_true (g_str_has_prefix (title, "Files in "));
    }

    /* A report's scale that is none of the choices (the command's --scale 2) is shown as an
     * extra entry, and a run started from the controls runs it; a new target drops it. */
    saved->copy->spec.scale = 2;
    g_assert_true (
        ssdb_test_page_show_result (SSDB_TEST_PAGE (page), SSDB_TEST_KIND_COPY, saved, "scale 2"));
    g_assert_true (ssdb_copy_page_get_spec (page, &spec, NULL));
    g_assert_cmpuint (spec.scale, ==, 2);
    g_assert_true (ssdb_window_select_target (window, mount_dir));
    g_assert_true (ssdb_copy_page_get_spec (page, &spec, NULL));
    g_assert_cmpuint (spec.scale, ==, 10);
  }
  g_unlink (report_path);
}

int
main (int argc, char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (!ssdb_gui_test_zram_setup (512 * MIB, FALSE, &zram_name, &zram_path))
    return g_test_run ();
  {
    g_autofree char *mkfs = g_strdup_printf ("mkfs.ext4 -q -F %s", zram_path);
    g_autofree char *mount = NULL;

    mount_dir = g_dir_make_tmp ("ssdb-copy-XXXXXX", NULL);
    mount = g_strdup_printf ("mount %s %s", zram_path, mount_dir);
    g_assert_true (ssdb_gui_test_run_cmd (mkfs));
    g_assert_true (ssdb_gui_test_run_cmd (mount));
  }
  window = ssdb_gui_test_open_window (&app);
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, window, 10000);
  ssdb_gui_test_iterate_until (ssdb_gui_test_monitor_ready, app, 15000);

  g_test_add_func ("/gui-copy/device", test_device);
  g_test_add_func ("/gui-copy/run", test_run);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  g_clear_error (&finish_error);
  {
    g_autofree char *umount = g_strdup_printf ("umount %s", mount_dir);

    ssdb_gui_test_run_cmd (umount);
    g_rmdir (mount_dir);
  }
  g_free (mount_dir);
  ssdb_gui_test_zram_remove (zram_name);
  return ret;
}
