/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The AS SSD page on a real 128 MiB zram device under Xvfb: it fits an 800 px window, writes
 * ask for the confirmation naming the device, a short read run through the window's Start
 * action fills the Read column with the engine's numbers and says the Write column was not
 * run, the table is exported, and the report Save Report writes opens again onto the page with
 * the same numbers. Screenshots are written to the build directory. Run through
 * tests/gui/run-xvfb.sh (own display, session bus, in-memory settings).
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
static char *report_path;
static SsdbAsssdResult *measured;

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

/* The page's one switch: Writes. */
static gboolean
is_switch (GtkWidget *widget, const char *text)
{
  return GTK_IS_SWITCH (widget);
}

static void
test_fits (void)
{
  GtkWidget *page = GTK_WIDGET (ssdb_window_get_asssd_page (window));
  int min = 0;

  gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_test_message ("AS SSD page: %d px wide at least", min);
  g_assert_cmpint (min, <=, 800 - 2 * 18);
}

static void
test_run (void)
{
  SsdbAsssdPage *page = ssdb_window_get_asssd_page (window);
  SsdbPageRun *run = ssdb_asssd_page_get_run (page);
  GtkSwitch *writes = NULL;
  const SsdbAsssdResult *r;
  SsdbAsssdSpec spec;
  g_autoptr (GError) error = NULL;
  double score;

  ssdb_window_set_page (window, "asssd");
  g_assert_true (ssdb_asssd_page_set_duration (page, 1));
  g_assert_false (ssdb_asssd_page_set_duration (page, 2));
  ssdb_asssd_page_get_spec (page, &spec);
  g_assert_cmpuint (spec.test_duration_ns, ==, 1000000000);
  /* zram holds 128 MiB: the 1 GiB span is the whole device */
  g_assert_cmpuint (spec.span_length, ==, 0);
  {
    /* before any run: dashes, no verdict; the access-time write of zram's 4 KiB blocks */
    g_autofree char *words = ssdb_asssd_page_dup_chart_words (page);

    g_test_message ("empty page: %s", words);
    g_assert_true (g_str_has_prefix (words, "read 4 KiB · write 4 KiB\n"));
    g_assert_nonnull (strstr (words, "Seq write: —\n"));
    g_assert_nonnull (strstr (words, "Score write: —\n"));
    g_assert_nonnull (strstr (words, "Total: —\n"));
    g_assert_null (strstr (words, "not run"));
    g_assert_null (strstr (words, "No total"));
    g_assert_null (strstr (words, "no total"));
    screenshot (ssdb_asssd_page_get_chart (page), "gui-asssd-empty.png");
  }
  g_assert_false (spec.do_write);

  /* Writes on a device ask first, naming it; no is no run. */
  writes = GTK_SWITCH (ssdb_gui_test_find_widget (GTK_WIDGET (page), is_switch, NULL));
  g_assert_nonnull (writes);
  gtk_switch_set_active (writes, TRUE);
  g_assert_true (ssdb_asssd_page_get_writes (page));
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  {
    AdwMessageDialog *dialog = ssdb_window_get_confirm_dialog (window);

    g_assert_nonnull (dialog);
    g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), zram_path));
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "AS SSD tests"));
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "destroyed"));
    adw_message_dialog_response (dialog, "cancel");
  }
  g_assert_false (ssdb_page_run_get_running (run));

  /* A read run, 1 s a test. */
  gtk_switch_set_active (writes, FALSE);
  g_signal_connect (run, "finished", G_CALLBACK (on_finished), NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_null (ssdb_window_get_confirm_dialog (window));
  g_assert_true (ssdb_page_run_get_running (run));
  ssdb_gui_test_iterate_until (is_finished, NULL, 60000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);

  r = ssdb_asssd_page_get_result (page);
  g_assert_nonnull (r);
  g_assert_false (r->cancelled);
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      const SsdbAsssdEntry *e = &r->entries[i];

      if (e->rw == SSDB_RW_READ)
        {
          g_assert_cmpint (e->state, ==, SSDB_ENTRY_DONE);
          g_assert_cmpuint (e->ios, >, 0);
          g_assert_cmpuint (e->bytes, ==, e->ios * e->block_size);
        }
      else
        g_assert_cmpint (e->state, ==, SSDB_ENTRY_SKIPPED);
    }
  g_assert_true (ssdb_asssd_result_score (r, SSDB_RW_READ, &score));
  g_assert_false (ssdb_asssd_result_total (r, &score));
  g_test_message ("%s", ssdb_asssd_page_get_status (page));
  g_assert_nonnull (strstr (ssdb_asssd_page_get_status (page), "no total score"));
  screenshot (ssdb_asssd_page_get_chart (page), "gui-asssd.png");
  {
    /* a read-only result: Acc.time names the reads only; the writes say they did not run */
    g_autofree char *words = ssdb_asssd_page_dup_chart_words (page);

    g_test_message ("read-only result: %s", words);
    g_assert_true (g_str_has_prefix (words, "read 4 KiB\n"));
    g_assert_nonnull (strstr (words, "Seq write: not run\n"));
    g_assert_nonnull (strstr (words, "Score write: not run\n"));
    g_assert_nonnull (strstr (words, "No total score: the write column was not run"));
    g_assert_null (strstr (words, "read:"));
  }
  measured = ssdb_asssd_result_dup (r);

  /* Export Image: the review style at 1200 × 800, scale 2. */
  {
    g_autofree char *png = g_build_filename (g_get_tmp_dir (), "ssdb-asssd-export.png", NULL);
    g_autoptr (GdkTexture) texture = NULL;

    g_assert_true (ssdb_window_export_image_to (window, png, &error));
    g_assert_no_error (error);
    texture = gdk_texture_new_from_filename (png, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 2400);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, 1600);
    g_unlink (png);
  }

  report_path = g_build_filename (g_get_tmp_dir (), "ssdb-asssd-report.json", NULL);
  g_assert_true (ssdb_window_save_report_to (window, report_path, NULL, &error));
  g_assert_no_error (error);
}

static void
test_reopen (void)
{
  SsdbAsssdPage *page = ssdb_window_get_asssd_page (window);
  g_autoptr (GError) error = NULL;
  const SsdbAsssdResult *r;

  g_assert_nonnull (report_path);
  g_assert_true (ssdb_window_select_target (window, g_get_tmp_dir ()));
  g_assert_null (ssdb_asssd_page_get_result (page));
  g_assert_true (ssdb_window_load_report (window, report_path, &error));
  g_assert_no_error (error);
  r = ssdb_asssd_page_get_result (page);
  g_assert_nonnull (r);
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      g_assert_cmpint (r->entries[i].state, ==, measured->entries[i].state);
      g_assert_cmpuint (r->entries[i].ios, ==, measured->entries[i].ios);
      g_assert_cmpfloat (r->entries[i].bytes_per_second, ==, measured->entries[i].bytes_per_second);
    }
  ssdb_window_set_page (window, "asssd");
  screenshot (ssdb_asssd_page_get_chart (page), "gui-asssd-report.png");
  g_unlink (report_path);
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

  g_test_add_func ("/gui-asssd/fits", test_fits);
  g_test_add_func ("/gui-asssd/run", test_run);
  g_test_add_func ("/gui-asssd/reopen", test_reopen);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  g_clear_error (&finish_error);
  g_free (report_path);
  g_clear_pointer (&measured, ssdb_asssd_result_free);
  ssdb_gui_test_zram_remove (zram_name);
  return ret;
}
