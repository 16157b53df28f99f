/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The Random Access page on a real 128 MiB zram device under Xvfb: it fits an 800 px window,
 * a short read run through the window's Start action fills the table with the engine's numbers
 * and the chart with its dots, writes ask for the confirmation naming the device, the chart is
 * exported, the report Save Report writes opens again onto the page with the same rows,
 * read-only, its settings in the controls, and a confirmed run measures the write rows too.
 * Screenshots are written to the build directory. Run through tests/gui/run-xvfb.sh (own display,
 * session bus, in-memory settings).
 */
#include <glib/gstdio.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "ssdb-application.h"
#include "ssdb-window.h"

#include "gui/ssdb-gui-test.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

static SsdbApplication *app;
static SsdbWindow *window;
static char *zram_name;
static char *zram_path;
static GError *finish_error;
static gboolean finished;
static guint updates;

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

static SsdbRandomAccessPage *live_page;
static gboolean live_counts;

static void
on_updated (SsdbPageRun *run, gpointer data)
{
  const SsdbRandomAccessResult *r
      = live_page ? ssdb_random_access_page_get_result (live_page) : NULL;

  updates++;
  /* A row's requests and rate show while it runs, before its access times. */
  for (guint i = 0; r != NULL && i < r->rows->len; i++)
    {
      const SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);

      if (row->state == SSDB_ENTRY_RUNNING && row->ios > 0 && row->iops > 0 && row->mean_ns == 0)
        live_counts = TRUE;
    }
}

static gboolean
snapshot_after (gpointer data)
{
  SsdbChartView *chart = data;

  return ssdb_chart_view_get_snapshot_count (chart)
         > GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (chart), "before"));
}

static void
wait_painted (SsdbChartView *chart)
{
  g_object_set_data (G_OBJECT (chart), "before",
                     GUINT_TO_POINTER (ssdb_chart_view_get_snapshot_count (chart)));
  ssdb_chart_view_invalidate (chart);
  ssdb_gui_test_iterate_until (snapshot_after, chart, 5000);
  g_assert_true (snapshot_after (chart));
}

static void
screenshots (SsdbChartView *chart, const char *base)
{
  g_autofree char *light = g_strdup_printf ("%s.png", base);
  g_autofree char *dark = g_strdup_printf ("%s-dark.png", base);

  wait_painted (chart);
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), light, 100));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  wait_painted (chart);
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), dark, 100));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  wait_painted (chart);
}

/* The rows' texts as the page's table draws them, one line each. */
static char *
dup_table (SsdbRandomAccessPage *page)
{
  SsdbRandomAccessView view;
  g_autoptr (GString) out = g_string_new (NULL);

  ssdb_random_access_page_fill_view (page, &view);
  g_assert_nonnull (view.result);
  for (guint i = 0; i < view.result->rows->len; i++)
    {
      for (guint c = 0; c < SSDB_RANDOM_ACCESS_N_COLUMNS; c++)
        {
          g_autofree char *text = ssdb_random_access_painter_dup_cell_text (&view, i, c, FALSE);

          g_string_append_printf (out, "%s%s", c ? " | " : "", text);
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_fits (void)
{
  GtkWidget *page = GTK_WIDGET (ssdb_window_get_randomaccess_page (window));
  int min = 0;

  gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_test_message ("Random Access page: %d px wide at least", min);
  g_assert_cmpint (min, <=, 800 - 2 * 18);
}

static char *report_path;
static char *table_text;

static void
test_run (void)
{
  SsdbRandomAccessPage *page = ssdb_window_get_randomaccess_page (window);
  SsdbPageRun *run = ssdb_random_access_page_get_run (page);
  const SsdbRandomAccessResult *r;
  SsdbRandomAccessSpec spec;
  SsdbRandomAccessView view;
  g_autoptr (GError) error = NULL;

  ssdb_window_set_page (window, "randomaccess");
  /* The controls take the settings they offer, and no other. */
  ssdb_random_access_spec_init (&spec);
  spec.row_duration_ns = 1000000000;
  g_assert_true (ssdb_random_access_page_configure (page, &spec));
  spec.row_duration_ns = 2000000000;
  g_assert_false (ssdb_random_access_page_configure (page, &spec));

  /* Writes on a device ask first, naming it; no is no run. */
  ssdb_random_access_spec_init (&spec);
  spec.row_duration_ns = 1000000000;
  spec.do_write = TRUE;
  g_assert_true (ssdb_random_access_page_configure (page, &spec));
  g_assert_true (ssdb_random_access_page_get_writes (page));
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  {
    AdwMessageDialog *dialog = ssdb_window_get_confirm_dialog (window);

    g_assert_nonnull (dialog);
    g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), zram_path));
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "random access test"));
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "destroyed"));
    adw_message_dialog_response (dialog, "cancel");
  }
  g_assert_false (ssdb_page_run_get_running (run));

  /* A read run, 1 s a row. */
  spec.do_write = FALSE;
  g_assert_true (ssdb_random_access_page_configure (page, &spec));
  g_signal_connect (run, "finished", G_CALLBACK (on_finished), NULL);
  g_signal_connect (run, "updated", G_CALLBACK (on_updated), NULL);
  live_page = page;
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_null (ssdb_window_get_confirm_dialog (window));
  g_assert_true (ssdb_page_run_get_running (run));
  ssdb_gui_test_iterate_until (is_finished, NULL, 60000);
  live_page = NULL;
  g_assert_true (finished);
  g_assert_no_error (finish_error);
  g_assert_cmpuint (updates, >=, 1);
  g_assert_true (live_counts);

  r = ssdb_random_access_page_get_result (page);
  g_assert_nonnull (r);
  g_assert_false (r->cancelled);
  /* zram has 4096-byte sectors: its logical block is the 4 KiB row, not a row of its own. */
  g_assert_cmpuint (r->rows->len, ==, 4);
  ssdb_random_access_page_fill_view (page, &view);
  for (guint i = 0; i < r->rows->len; i++)
    {
      const SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);
      g_autofree char *iops = ssdb_random_access_painter_dup_cell_text (
          &view, i, SSDB_RANDOM_ACCESS_COLUMN_IOPS, FALSE);
      g_autofree char *expected = g_strdup_printf (row->iops < 100 ? "%.1f" : "%.0f", row->iops);

      g_assert_cmpint (row->state, ==, SSDB_ENTRY_DONE);
      g_assert_cmpint (row->rw, ==, SSDB_RW_READ);
      g_assert_cmpuint (row->ios, >, 0);
      g_assert_cmpuint (row->dots->len, >, 0);
      g_assert_cmpstr (iops, ==, expected);
    }
  g_assert_true (g_array_index (r->rows, SsdbRandomAccessRow, 3).mixed);
  g_assert_nonnull (strstr (ssdb_random_access_page_get_status (page), "Done"));
  screenshots (ssdb_random_access_page_get_chart (page), "gui-randomaccess");

  /* Export Image: the review style at 1200 × 800, scale 2. */
  {
    g_autofree char *png = g_build_filename (g_get_tmp_dir (), "ssdb-ra-export.png", NULL);
    g_autoptr (GdkTexture) texture = NULL;

    g_assert_true (ssdb_window_export_image_to (window, png, &error));
    g_assert_no_error (error);
    texture = gdk_texture_new_from_filename (png, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 2400);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, 1600);
    if (g_getenv ("G_TEST_BUILDDIR") != NULL)
      {
        g_autofree char *keep
            = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "gui-randomaccess-export.png", NULL);
        g_autofree char *cmd = g_strdup_printf ("cp %s %s", png, keep);

        ssdb_gui_test_run_cmd (cmd);
      }
    g_unlink (png);
  }

  /* Save Report holds the table. */
  table_text = dup_table (page);
  report_path = g_build_filename (g_get_tmp_dir (), "ssdb-ra-report.json", NULL);
  g_assert_true (ssdb_window_save_report_to (window, report_path, NULL, &error));
  g_assert_no_error (error);
}

static void
test_reopen (void)
{
  SsdbRandomAccessPage *page = ssdb_window_get_randomaccess_page (window);
  SsdbRandomAccessSpec spec;
  g_autoptr (GError) error = NULL;
  g_autofree char *table = NULL;
  const SsdbRandomAccessResult *r;

  g_assert_nonnull (report_path);
  /* Another target first: the page forgets its run and shows the empty state. */
  g_assert_true (ssdb_window_select_target (window, g_get_tmp_dir ()));
  g_assert_null (ssdb_random_access_page_get_result (page));
  ssdb_random_access_spec_init (&spec);
  spec.row_duration_ns = 5000000000;
  g_assert_true (ssdb_random_access_page_configure (page, &spec));

  g_assert_true (ssdb_window_load_report (window, report_path, &error));
  g_assert_no_error (error);
  r = ssdb_random_access_page_get_result (page);
  g_assert_nonnull (r);
  g_assert_cmpuint (r->rows->len, ==, 4);
  table = dup_table (page);
  g_test_message ("reopened:\n%s", table);
  g_assert_cmpstr (table, ==, table_text);
  /* The controls show the report's settings: 1 s a row, reads only. */
  ssdb_random_access_page_get_spec (page, &spec, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (spec.row_duration_ns, ==, 1000000000);
  g_assert_false (spec.do_write);
  ssdb_window_set_page (window, "randomaccess");
  screenshots (ssdb_random_access_page_get_chart (page), "gui-randomaccess-report");
  g_unlink (report_path);

  /* A report of settings the controls cannot show (a size without a toggle, a count of
   * requests instead of a time, a region from 1 MiB on): a run from the controls as they show
   * it runs those settings, but where the region lay: a start writes from the start of the
   * selected target, as its confirmation says ("over the first 8 MiB"). */
  {
    g_autofree char *cli_report = g_build_filename (g_get_tmp_dir (), "ssdb-ra-cli.json", NULL);
    g_autofree char *cmd = g_strdup_printf (
        "%s run randomaccess %s --sizes 4k,16k --no-mix --ios 200 --offset 1M --span 8M "
        "--dots 10 --json %s",
        g_getenv ("SSDBENCH_CLI"), zram_path, cli_report);

    g_autofree char *out = NULL;
    int status = 0;

    /* Its table kept from the test's own output. */
    g_assert_true (g_spawn_command_line_sync (cmd, &out, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_true (ssdb_window_load_report (window, cli_report, &error));
    g_assert_no_error (error);
    ssdb_random_access_page_get_spec (page, &spec, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (spec.n_sizes, ==, 2);
    g_assert_cmpuint (spec.sizes[0], ==, 4096);
    g_assert_cmpuint (spec.sizes[1], ==, 16384);
    g_assert_false (spec.mixed);
    g_assert_cmpuint (spec.row_duration_ns, ==, 0);
    g_assert_cmpuint (spec.row_ios, ==, 200);
    g_assert_cmpuint (spec.span_offset, ==, 0);
    g_assert_cmpuint (spec.span_length, ==, 8 * 1024 * 1024);
    g_unlink (cli_report);
  }
}

/* Writes, confirmed: the write rows after the read rows, each measured. */
static void
test_write (void)
{
  SsdbRandomAccessPage *page = ssdb_window_get_randomaccess_page (window);
  SsdbPageRun *run = ssdb_random_access_page_get_run (page);
  const SsdbRandomAccessResult *r;
  SsdbRandomAccessSpec spec;
  AdwMessageDialog *dialog;

  g_assert_true (ssdb_window_select_target (window, zram_path));
  ssdb_window_set_page (window, "randomaccess");
  ssdb_random_access_spec_init (&spec);
  spec.row_duration_ns = 1000000000;
  spec.do_write = TRUE;
  g_assert_true (ssdb_random_access_page_configure (page, &spec));
  finished = FALSE;
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "whole of"));
  adw_message_dialog_response (dialog, "destroy");
  g_assert_true (ssdb_page_run_get_running (run));
  ssdb_gui_test_iterate_until (is_finished, NULL, 60000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);
  r = ssdb_random_access_page_get_result (page);
  g_assert_nonnull (r);
  g_assert_cmpuint (r->rows->len, ==, 8);
  for (guint i = 0; i < r->rows->len; i++)
    {
      const SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);

      g_assert_cmpint (row->rw, ==, i < 4 ? SSDB_RW_READ : SSDB_RW_WRITE);
      g_assert_cmpint (row->state, ==, SSDB_ENTRY_DONE);
      g_assert_cmpuint (row->ios, >, 0);
    }
  screenshots (ssdb_random_access_page_get_chart (page), "gui-randomaccess-write");
}

int
main (int argc, char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (!ssdb_gui_test_zram_setup (128 * MIB, TRUE, &zram_name, &zram_path))
    return g_test_run ();
  window = ssdb_gui_test_open_window (&app);
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, window, 10000);
  ssdb_gui_test_iterate_until (ssdb_gui_test_monitor_ready, app, 15000);
  g_assert_true (ssdb_window_select_target (window, zram_path));

  g_test_add_func ("/gui-randomaccess/fits", test_fits);
  g_test_add_func ("/gui-randomaccess/run", test_run);
  g_test_add_func ("/gui-randomaccess/reopen", test_reopen);
  g_test_add_func ("/gui-randomaccess/write", test_write);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  g_clear_error (&finish_error);
  g_free (report_path);
  g_free (table_text);
  ssdb_gui_test_zram_remove (zram_name);
  return ret;
}
