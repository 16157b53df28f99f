/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The Access Time, Transfer Sizes, Workloads and SSD Behaviour pages on a real 128 MiB zram
 * device under Xvfb: each runs a short real test through the window's Start action, the numbers
 * the page shows are the engine's, writes ask for the confirmation naming the device, the
 * workload editor refuses invalid values and saves valid ones to the settings, a workload's
 * chart and the table under it show its reads and writes apart, per worker and in total, while
 * it runs and after it (the engine's figures; the bytes the workers read and wrote are what the
 * zram device itself counted; a run without writes shows dashes), Stop ends a run
 * within 250 ms, each chart is exported, and a behaviour test's result is what Save Report
 * writes. Screenshots are written to the build directory. Run through
 * tests/gui/run-xvfb.sh (own display, session bus, in-memory settings).
 */
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <gdk/x11/gdkx.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-units.h"
#include "ssdb-application.h"
#include "ssdb-window.h"

#include "gui/ssdb-gui-test.h"
#include "lib/ssdb-test-targets.h"

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

static gboolean
run_idle (gpointer data)
{
  return !ssdb_page_run_get_busy (SSDB_PAGE_RUN (data));
}

static void
on_finished (SsdbPageRun *run, const GError *error, gpointer data)
{
  g_clear_error (&finish_error);
  finish_error = error ? g_error_copy (error) : NULL;
  finished = TRUE;
}

static void
on_updated (SsdbPageRun *run, gpointer data)
{
  updates++;
}

static void
watch (SsdbPageRun *run)
{
  finished = FALSE;
  updates = 0;
  g_clear_error (&finish_error);
  g_signal_handlers_disconnect_by_func (run, on_finished, NULL);
  g_signal_handlers_disconnect_by_func (run, on_updated, NULL);
  g_signal_connect (run, "finished", G_CALLBACK (on_finished), NULL);
  g_signal_connect (run, "updated", G_CALLBACK (on_updated), NULL);
}

static gboolean
snapshot_after (gpointer data)
{
  SsdbChartView *chart = g_object_get_data (G_OBJECT (data), "chart");

  return ssdb_chart_view_get_snapshot_count (chart)
         > GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (data), "before"));
}

/* Waits for the chart's next painting. */
static void
wait_painted (SsdbChartView *chart)
{
  g_object_set_data (G_OBJECT (chart), "chart", chart);
  g_object_set_data (G_OBJECT (chart), "before",
                     GUINT_TO_POINTER (ssdb_chart_view_get_snapshot_count (chart)));
  ssdb_chart_view_invalidate (chart);
  ssdb_gui_test_iterate_until (snapshot_after, chart, 5000);
  g_assert_true (snapshot_after (chart));
}

/* Light and dark screenshots of the page shown. */
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

/* Export Image of the page shown: the review style at 1200 × 700, scale 2. */
static void
check_export (const char *base)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "ssdb-views-export.png", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  g_assert_true (ssdb_window_export_image_to (window, path, &error));
  g_assert_no_error (error);
  texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 2400);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 1400);
  if (g_getenv ("G_TEST_BUILDDIR") != NULL)
    {
      g_autofree char *name = g_strdup_printf ("%s-export.png", base);
      g_autofree char *keep = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), name, NULL);
      g_autofree char *cmd = g_strdup_printf ("cp %s %s", path, keep);

      ssdb_gui_test_run_cmd (cmd);
    }
  g_unlink (path);
}

/* Start, and answer the confirmation naming the device with @response. */
static void
start_confirmed (const char *response, const char *what)
{
  AdwMessageDialog *dialog;

  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), zram_path));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), what));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "destroyed"));
  /* zram keeps its identity when it is reset with other data: no "do not ask again". */
  g_assert_null (adw_message_dialog_get_extra_child (dialog));
  adw_message_dialog_response (dialog, response);
  g_assert_null (ssdb_window_get_confirm_dialog (window));
}

/* ---- Transfer Sizes --------------------------------------------------------------------- */

static gboolean
is_label_reading (GtkWidget *w, const char *text);

static void
test_sweep (void)
{
  SsdbSweepPage *page = ssdb_window_get_sweep_page (window);
  SsdbPageRun *run = ssdb_sweep_page_get_run (page);
  const SsdbSweepResult *r;
  SsdbSweepSpec spec;
  SsdbSweepView view;

  ssdb_window_set_page (window, "sweep");
  /* zram has 4096-byte sectors: the page starts at 4 KiB and offers nothing smaller. */
  ssdb_sweep_page_get_spec (page, &spec);
  g_assert_cmpuint (spec.start_size, ==, 4096);
  spec.start_size = 512;
  g_assert_false (ssdb_sweep_page_configure (page, &spec));
  /* A region beyond the 128 MiB device runs over all of it, and the region control says so. */
  ssdb_sweep_spec_init (&spec);
  spec.start_size = 64 * 1024;
  spec.end_size = 8 * 1024 * 1024;
  spec.duration_ns = 250000000;
  spec.span_length = 1024 * MIB;
  g_assert_true (ssdb_sweep_page_configure (page, &spec));
  {
    GtkWidget *note = ssdb_gui_test_find_widget (GTK_WIDGET (page), is_label_reading,
                                                 "the whole drive, 128 MiB");

    g_assert_nonnull (note);
    g_assert_true (gtk_widget_get_visible (note));
    spec.span_length = 64 * MIB;
    g_assert_true (ssdb_sweep_page_configure (page, &spec));
    g_assert_false (gtk_widget_get_visible (note));
  }
  ssdb_sweep_spec_init (&spec);
  spec.start_size = 64 * 1024;
  spec.end_size = 8 * 1024 * 1024;
  spec.queue_depth = 4;
  spec.span_length = 64 * MIB;
  spec.duration_ns = 250000000;
  spec.do_write = TRUE;
  g_assert_true (ssdb_sweep_page_configure (page, &spec));
  watch (run);

  /* Writes on a device: nothing runs before the user said yes. */
  start_confirmed ("cancel", "transfer-size sweep");
  g_assert_false (ssdb_page_run_get_running (run));
  g_assert_false (ssdb_window_is_inhibiting (window));

  start_confirmed ("destroy", "transfer-size sweep");
  g_assert_true (ssdb_page_run_get_running (run));
  g_assert_true (ssdb_window_is_inhibiting (window));
  ssdb_gui_test_iterate_until (is_finished, NULL, 60000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);
  g_assert_false (ssdb_window_is_inhibiting (window));
  g_assert_cmpuint (updates, >=, 1);
  g_test_message ("%u coalesced updates", updates);

  r = ssdb_sweep_page_get_result (page);
  g_assert_nonnull (r);
  g_assert_false (r->cancelled);
  g_assert_cmpuint (r->n_sizes, ==, 8);
  g_assert_cmpuint (r->read->len, ==, 8);
  g_assert_cmpuint (r->write->len, ==, 8);
  g_assert_nonnull (r->words);
  g_test_message ("sweep: %s", r->words);

  /* The table the chart draws holds the engine's rates. */
  ssdb_sweep_page_fill_view (page, &view);
  for (guint i = 0; i < r->n_sizes; i++)
    for (guint k = 0; k < 2; k++)
      {
        const GArray *a = k == 0 ? r->read : r->write;
        const SsdbSweepPoint *p = &g_array_index (a, SsdbSweepPoint, i);
        double mbps = p->bytes_per_second / 1e6;
        g_autofree char *shown = ssdb_sweep_painter_dup_cell_text (
            &view, i, k == 0 ? SSDB_RW_READ : SSDB_RW_WRITE, FALSE, TRUE);
        g_autofree char *expected = g_strdup_printf (mbps < 10 ? "%.2f" : "%.1f", mbps);

        g_assert_cmpuint (p->size, ==, r->sizes[i]);
        g_assert_cmpuint (p->bytes, ==, p->ios * p->size);
        g_assert_cmpfloat (p->bytes_per_second, >, 1e6);
        g_assert_cmpstr (shown, ==, expected);
      }
  g_assert_nonnull (strstr (ssdb_sweep_page_get_status (page), "Done"));
  screenshots (ssdb_sweep_page_get_chart (page), "gui-sweep");
  check_export ("gui-sweep");
}

/* ---- Access Time ------------------------------------------------------------------------ */

static void
test_access (void)
{
  SsdbAccessPage *page = ssdb_window_get_access_page (window);
  SsdbPageRun *run = ssdb_access_page_get_run (page);
  const SsdbAccessResult *r;
  SsdbAccessSpec spec;

  ssdb_window_set_page (window, "access");
  ssdb_access_spec_init (&spec);
  spec.depths[0] = 1;
  spec.depths[1] = 2;
  spec.depths[2] = 4;
  spec.depths[3] = 8;
  spec.n_depths = 4;
  spec.step_duration_ns = 500000000;
  spec.span_length = 0;
  g_assert_true (ssdb_access_page_configure (page, &spec));
  watch (run);

  /* Reads only: no confirmation. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_null (ssdb_window_get_confirm_dialog (window));
  g_assert_true (ssdb_page_run_get_running (run));
  g_assert_true (ssdb_window_is_inhibiting (window));
  ssdb_gui_test_iterate_until (is_finished, NULL, 60000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);
  g_assert_false (ssdb_window_is_inhibiting (window));
  g_assert_cmpuint (updates, >=, 1);
  g_test_message ("%u coalesced updates", updates);

  r = ssdb_access_page_get_result (page);
  g_assert_nonnull (r);
  g_assert_false (r->cancelled);
  g_assert_cmpuint (r->steps->len, ==, 4);
  for (guint i = 0; i < r->steps->len; i++)
    {
      const SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);
      g_autofree char *iops = ssdb_access_page_dup_cell_text (page, 0, i);
      g_autofree char *mean = ssdb_access_page_dup_cell_text (page, 1, i);
      g_autofree char *median = ssdb_access_page_dup_cell_text (page, 2, i);
      g_autofree char *p99 = ssdb_access_page_dup_cell_text (page, 3, i);
      g_autofree char *max = ssdb_access_page_dup_cell_text (page, 4, i);
      g_autofree char *depth = ssdb_access_page_dup_cell_text (page, 5, i);
      g_autofree char *e_iops = g_strdup_printf ("%.0f", s->iops);
      g_autofree char *e_mean = ssdb_chart_format_ms (s->mean_ns, TRUE);
      g_autofree char *e_median = ssdb_chart_format_ms ((double)s->median_ns, TRUE);
      g_autofree char *e_p99 = ssdb_chart_format_ms ((double)s->p99_ns, TRUE);
      g_autofree char *e_max = ssdb_chart_format_ms ((double)s->max_ns, TRUE);
      g_autofree char *e_depth = g_strdup_printf ("%.1f", s->achieved_depth);

      g_assert_cmpint (s->state, ==, SSDB_ENTRY_DONE);
      g_assert_cmpuint (s->depth, ==, spec.depths[i]);
      g_assert_cmpuint (s->io.ios, >, 100);
      g_assert_cmpfloat (s->iops, >, 1000);
      g_assert_cmpuint (s->p99_ns, >=, s->median_ns);
      g_assert_cmpuint (s->max_ns, >=, s->p99_ns);
      g_test_message ("QD%u: %s IOPS, mean %s, median %s, p99 %s, max %s, depth %s", s->depth, iops,
                      mean, median, p99, max, depth);
      g_assert_cmpstr (iops, ==, e_iops);
      g_assert_cmpstr (mean, ==, e_mean);
      g_assert_cmpstr (median, ==, e_median);
      g_assert_cmpstr (p99, ==, e_p99);
      g_assert_cmpstr (max, ==, e_max);
      g_assert_cmpstr (depth, ==, e_depth);
    }
  g_assert_nonnull (r->analysis.words);
  g_test_message ("access: %s", r->analysis.words);
  screenshots (ssdb_access_page_get_chart (page), "gui-access");
  ssdb_access_page_set_chart_kind (page, SSDB_ACCESS_CHART_RELIEF);
  screenshots (ssdb_access_page_get_chart (page), "gui-access-relief");
  ssdb_access_page_set_chart_kind (page, SSDB_ACCESS_CHART_HEATMAP);
  check_export ("gui-access");
}

/* ---- Workloads -------------------------------------------------------------------------- */

/* A number of the table, read back ("—" is -1). */
static double
cell_value (const char *text)
{
  char *end = NULL;
  double v;

  g_assert_nonnull (text);
  if (g_str_equal (text, "\u2014"))
    return -1;
  v = g_ascii_strtod (text, &end);
  g_assert_true (end != text && *end == '\0');
  return v;
}

/* The table under the chart shows @r: a row per worker and one for all workers, each with its
 * reads and its writes apart, the engine's figures (ssdb_workload_stats_direction()) read back
 * within their rounding, an em dash for a direction without requests; all workers' IOPS and
 * MB/s are the sums of the workers'. */
static void
check_workload_table (SsdbWorkloadPage *page, const SsdbWorkloadResult *r)
{
  guint n = r->workers->len;
  double iops_sum[2] = { 0, 0 }, mbps_sum[2] = { 0, 0 };

  g_assert_true (r->split);
  g_assert_cmpuint (ssdb_workload_page_get_table_rows (page), ==, n + 1);
  g_assert_null (ssdb_workload_page_get_table_text (page, n + 1, 0));
  for (guint row = 0; row <= n; row++)
    {
      const SsdbWorkloadStats *s
          = row < n ? &g_array_index (r->workers, SsdbWorkloadStats, row) : &r->total;
      g_autofree char *name
          = row < n ? g_strdup_printf ("Worker %u", row + 1) : g_strdup ("All workers");

      g_assert_cmpstr (ssdb_workload_page_get_table_text (page, row, 0), ==, name);
      for (SsdbRw rw = SSDB_RW_READ; rw <= SSDB_RW_WRITE; rw++)
        {
          SsdbWorkloadStats d;
          guint first = 1 + (rw == SSDB_RW_READ ? 0 : SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION);
          double iops, mbps, mean, p99, max;

          ssdb_workload_stats_direction (s, rw, &d);
          g_assert_cmpuint (d.ios, ==, rw == SSDB_RW_READ ? s->read_ios : s->write_ios);
          for (guint c = 0; c < SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION; c++)
            {
              g_autofree char *want = ssdb_workload_page_format_cell (&d, c);

              g_assert_cmpstr (ssdb_workload_page_get_table_text (page, row, first + c), ==, want);
            }
          iops = cell_value (ssdb_workload_page_get_table_text (page, row, first));
          mbps = cell_value (ssdb_workload_page_get_table_text (page, row, first + 1));
          mean = cell_value (ssdb_workload_page_get_table_text (page, row, first + 2));
          p99 = cell_value (ssdb_workload_page_get_table_text (page, row, first + 3));
          max = cell_value (ssdb_workload_page_get_table_text (page, row, first + 4));
          if (d.ios == 0)
            {
              g_assert_cmpfloat (iops + mbps + mean + p99 + max, ==, -5);
              continue;
            }
          /* the engine's numbers, within the rounding of what the table shows */
          g_assert_cmpfloat_with_epsilon (iops, d.iops, 0.5 + 1e-9);
          g_assert_cmpfloat_with_epsilon (mbps, d.bytes_per_second / 1e6, 0.05 + 1e-9);
          g_assert_cmpfloat_with_epsilon (mean, d.mean_ns / 1e6, d.mean_ns / 1e6 * 0.005 + 1e-9);
          g_assert_cmpfloat_with_epsilon (p99, d.p99_ns / 1e6, d.p99_ns / 1e6 * 0.005 + 1e-9);
          g_assert_cmpfloat_with_epsilon (max, d.max_ns / 1e6, d.max_ns / 1e6 * 0.005 + 1e-9);
          g_assert_cmpfloat (max, >=, p99);
          if (row < n)
            {
              iops_sum[rw] += iops;
              mbps_sum[rw] += mbps;
            }
          else
            {
              /* all workers: the sums of the workers', each rounded once */
              g_assert_cmpfloat_with_epsilon (iops, iops_sum[rw], 0.5 * (n + 1));
              g_assert_cmpfloat_with_epsilon (mbps, mbps_sum[rw], 0.05 * (n + 1));
            }
        }
    }
}

static void
test_workload_editor (void)
{
  SsdbWorkloadPage *page = ssdb_window_get_workload_page (window);
  GSettings *settings = ssdb_application_get_settings (app);
  SsdbWorkloadEditor *editor;
  guint n = ssdb_workload_page_get_n_specs (page);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  ssdb_window_set_page (window, "workload");
  g_assert_cmpuint (n, >=, 4);
  g_assert_true (ssdb_workload_page_select (page, "Database"));
  before = g_settings_get_string (settings, "workload-specs");

  /* Invalid sizes: refused with the engine's message, nothing saved. */
  editor = ssdb_workload_page_edit (page, FALSE);
  g_assert_nonnull (editor);
  g_assert_cmpstr (gtk_editable_get_text (ssdb_workload_editor_get_editable (editor, "name")), ==,
                   "Database (copy)");
  gtk_editable_set_text (ssdb_workload_editor_get_editable (editor, "sizes"), "4k/60:lots/40");
  g_assert_false (ssdb_workload_editor_save (editor));
  g_test_message ("refused: %s", ssdb_workload_editor_get_error (editor));
  g_assert_cmpuint (strlen (ssdb_workload_editor_get_error (editor)), >, 10);
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, editor, 5000);
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (editor), "gui-workload-editor.png", 100));
  /* A name that is taken. */
  gtk_editable_set_text (ssdb_workload_editor_get_editable (editor, "sizes"), "4k/100");
  gtk_editable_set_text (ssdb_workload_editor_get_editable (editor, "name"), "Web server");
  g_assert_false (ssdb_workload_editor_save (editor));
  g_assert_nonnull (strstr (ssdb_workload_editor_get_error (editor), "exists"));
  /* A run time of 0 s. */
  gtk_editable_set_text (ssdb_workload_editor_get_editable (editor, "name"), "Quick mix");
  gtk_spin_button_set_value (ssdb_workload_editor_get_spin (editor, "duration"), 0);
  g_assert_false (ssdb_workload_editor_save (editor));
  g_test_message ("refused: %s", ssdb_workload_editor_get_error (editor));
  after = g_settings_get_string (settings, "workload-specs");
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (ssdb_workload_page_get_n_specs (page), ==, n);

  /* Valid: saved to the settings and selected. */
  gtk_editable_set_text (ssdb_workload_editor_get_editable (editor, "sizes"), "4k/70:64k/30");
  gtk_spin_button_set_value (ssdb_workload_editor_get_spin (editor, "read"), 70);
  gtk_spin_button_set_value (ssdb_workload_editor_get_spin (editor, "random"), 100);
  gtk_spin_button_set_value (ssdb_workload_editor_get_spin (editor, "depth"), 8);
  gtk_spin_button_set_value (ssdb_workload_editor_get_spin (editor, "workers"), 2);
  /* no ramp-up: the device's own counters then see the measured run alone */
  gtk_spin_button_set_value (ssdb_workload_editor_get_spin (editor, "ramp"), 0);
  gtk_spin_button_set_value (ssdb_workload_editor_get_spin (editor, "duration"), 3);
  g_assert_true (ssdb_workload_editor_save (editor));
  g_free (after);
  after = g_settings_get_string (settings, "workload-specs");
  g_assert_nonnull (strstr (after, "[Quick mix]"));
  g_assert_cmpuint (ssdb_workload_page_get_n_specs (page), ==, n + 1);
  g_assert_cmpstr (ssdb_workload_page_get_selected (page)->name, ==, "Quick mix");
  g_assert_cmpuint (ssdb_workload_page_get_selected (page)->workers, ==, 2);
  g_assert_cmpuint (ssdb_workload_page_get_selected (page)->n_size_mix, ==, 2);
}

static void
test_workload (void)
{
  SsdbWorkloadPage *page = ssdb_window_get_workload_page (window);
  SsdbPageRun *run = ssdb_workload_page_get_run (page);
  const SsdbWorkloadResult *r;
  SsdbWorkloadView view;
  SsdbWorkloadStats storage;
  guint64 ios = 0;
  guint64 read0, write0, read1, write1, read_bytes = 0, write_bytes = 0;
  guint live_tables = 0;
  g_autofree char *words = NULL;

  ssdb_window_set_page (window, "workload");
  g_assert_true (ssdb_workload_page_select (page, "Quick mix"));
  g_assert_true (ssdb_workload_page_get_writes (page));
  g_assert_cmpuint (ssdb_workload_page_get_selected (page)->ramp_ns, ==, 0);
  watch (run);
  ssdb_test_device_bytes (zram_path, &read0, &write0);
  start_confirmed ("destroy", "workload");
  g_assert_true (ssdb_page_run_get_running (run));
  /* While it runs, the chart's table shows what the measured run completed so far, as IOMeter's
   * results display does: per worker and all workers, and the reads and the writes of all in
   * rows of their own, each with its IOPS, MB/s and mean / p99 / max response time, new
   * numbers every half second (the words come at the end). */
  {
    gboolean live = FALSE;
    guint64 last_reads = 0;
    guint new_numbers = 0;

    for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
         !finished && g_get_monotonic_time () < end;)
      {
        const SsdbWorkloadStats *reads, *writes;
        SsdbWorkloadStats write_storage;

        /* (the view is the page's until the next update: checked before iterating again) */
        ssdb_workload_page_fill_view (page, &view);
        if (!view.running || view.result == NULL || !view.result->live
            || ssdb_workload_painter_n_rows (&view) != 5)
          {
            ssdb_gui_test_iterate_for (20);
            continue;
          }
        reads = ssdb_workload_painter_row_stats (&view, 3, &storage);
        writes = ssdb_workload_painter_row_stats (&view, 4, &write_storage);
        g_assert_nonnull (reads);
        g_assert_nonnull (writes);
        g_assert_cmpuint (reads->ios, ==, view.result->total.read_ios);
        g_assert_cmpuint (writes->ios, ==, view.result->total.write_ios);
        g_assert_cmpfloat (reads->iops, >, 0);
        g_assert_cmpfloat (writes->bytes_per_second, >, 0);
        g_assert_cmpfloat (reads->mean_ns, >, 0);
        g_assert_cmpuint (writes->max_ns, >=, writes->p99_ns);
        g_assert_cmpuint (writes->p99_ns, >, 0);
        g_assert_null (ssdb_workload_painter_dup_words (&view, TRUE));
        /* the table under the chart: the live figures per worker, reads and writes apart */
        check_workload_table (page, view.result);
        live_tables++;
        if (reads->ios != last_reads)
          {
            g_assert_cmpuint (reads->ios, >, last_reads);
            last_reads = reads->ios;
            if (new_numbers++ == 1)
              g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-workload-live.png", 0));
          }
        live = TRUE;
        if (new_numbers >= 2)
          break;
        ssdb_gui_test_iterate_for (20);
      }
    g_test_message ("%u live results with the reads and the writes apart, %u live tables checked",
                    new_numbers, live_tables);
    g_assert_cmpuint (live_tables, >=, 1);
    g_assert_true (live);
    /* a 3 s measured run, samples every 0.5 s: at least two of them before the end */
    g_assert_cmpuint (new_numbers, >=, 2);
  }
  /* The status gives the time taken, updated once a second even between updates. */
  ssdb_gui_test_iterate_for (1300);
  g_test_message ("status: %s", ssdb_workload_page_get_status (page));
  if (ssdb_page_run_get_running (run))
    g_assert_nonnull (strstr (ssdb_workload_page_get_status (page), " elapsed"));
  ssdb_gui_test_iterate_until (is_finished, NULL, 60000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);
  g_assert_cmpuint (updates, >=, 1);

  r = ssdb_workload_page_get_result (page);
  g_assert_nonnull (r);
  g_assert_false (r->cancelled);
  /* the result at the end, no longer the live one */
  g_assert_false (r->live);
  g_assert_cmpuint (r->workers->len, ==, 2);
  for (guint i = 0; i < r->workers->len; i++)
    {
      const SsdbWorkloadStats *w = &g_array_index (r->workers, SsdbWorkloadStats, i);

      g_assert_cmpuint (w->ios, >, 100);
      g_assert_cmpuint (w->read_ios + w->write_ios, ==, w->ios);
      ios += w->ios;
    }
  g_assert_cmpuint (r->total.ios, ==, ios);
  g_assert_cmpfloat (r->total.iops, >, 1000);

  /* The window's table: per worker and all, the reads and the writes apart, after the run. */
  check_workload_table (page, r);
  for (guint i = 0; i < r->workers->len; i++)
    {
      const SsdbWorkloadStats *w = &g_array_index (r->workers, SsdbWorkloadStats, i);

      g_test_message ("worker %u: %" G_GUINT64_FORMAT " reads (%.1f %%), %.0f + %.0f IOPS, "
                      "%" G_GUINT64_FORMAT " + %" G_GUINT64_FORMAT " bytes",
                      i + 1, w->read_ios, 100.0 * w->read_ios / w->ios, w->read.iops, w->write.iops,
                      w->read.bytes, w->write.bytes);
      g_assert_cmpuint (w->read.bytes + w->write.bytes, ==, w->bytes);
      read_bytes += w->read.bytes;
      write_bytes += w->write.bytes;
    }
  g_assert_cmpuint (read_bytes, ==, r->total.read.bytes);
  g_assert_cmpuint (write_bytes, ==, r->total.write.bytes);
  /* A known answer: the device's own count of the bytes read and written during the run. It
   * also saw the requests still in flight when the window closed (2 workers × QD8 of at most
   * 64 KiB) and the system's probe of the device after a writer closes it: at most 4 MiB more. */
  ssdb_test_device_bytes (zram_path, &read1, &write1);
  g_test_message ("all workers read %" G_GUINT64_FORMAT " and wrote %" G_GUINT64_FORMAT
                  " bytes; zram counted %" G_GUINT64_FORMAT " and %" G_GUINT64_FORMAT,
                  read_bytes, write_bytes, read1 - read0, write1 - write0);
  g_assert_cmpuint (read1 - read0, >=, read_bytes);
  g_assert_cmpuint (read1 - read0, <=, read_bytes + 4 * MIB);
  g_assert_cmpuint (write1 - write0, >=, write_bytes);
  g_assert_cmpuint (write1 - write0, <=, write_bytes + 4 * MIB);
  /* 70 % reads, within a wide margin. */
  g_assert_cmpfloat ((double)r->total.read_ios / r->total.ios, >, 0.6);
  g_assert_cmpfloat ((double)r->total.read_ios / r->total.ios, <, 0.8);

  /* The rows the chart draws are the engine's numbers. */
  ssdb_workload_page_fill_view (page, &view);
  /* two workers, all workers, then the reads and the writes of all */
  g_assert_cmpuint (ssdb_workload_painter_n_rows (&view), ==, 5);
  g_assert_true (ssdb_workload_painter_row_stats (&view, 0, &storage)
                 == &g_array_index (r->workers, SsdbWorkloadStats, 0));
  g_assert_true (ssdb_workload_painter_row_stats (&view, 2, &storage) == &r->total);
  g_assert_true (ssdb_workload_painter_row_stats (&view, 3, &storage) == &storage);
  g_assert_cmpuint (storage.ios, ==, r->total.read_ios);
  g_assert_cmpfloat (storage.mean_ns, ==, r->total.read.mean_ns);
  g_assert_true (ssdb_workload_painter_row_stats (&view, 4, &storage) == &storage);
  g_assert_cmpuint (storage.ios, ==, r->total.write_ios);
  g_assert_cmpfloat (storage.iops, ==, r->total.write.iops);
  words = ssdb_workload_painter_dup_words (&view, TRUE);
  g_test_message ("workload: %s", words);
  {
    g_autofree char *iops = g_strdup_printf (" %.0f IOPS", r->total.iops);

    g_assert_nonnull (strstr (words, iops));
  }
  {
    cairo_rectangle_t a, b;

    /* The total's IOPS bar is the longest. */
    g_assert_true (
        ssdb_workload_painter_get_bar_rect (&view, 1000, 600, 2, SSDB_WORKLOAD_METRIC_IOPS, &a));
    g_assert_true (
        ssdb_workload_painter_get_bar_rect (&view, 1000, 600, 0, SSDB_WORKLOAD_METRIC_IOPS, &b));
    g_assert_cmpfloat (a.width, >, b.width);
  }
  screenshots (ssdb_workload_page_get_chart (page), "gui-workload");
  check_export ("gui-workload");
}

/* A copy of "Quick mix" that cycles its queue depth through 1 and 4 (the editor's Cycle Queue
 * Depths, a falling list refused first): two depths run in turn, each with its result, the
 * deeper one with more requests in flight; the status names the depth running; the chart
 * draws the cycle and its words name each depth. */
static void
test_workload_cycle (void)
{
  SsdbWorkloadPage *page = ssdb_window_get_workload_page (window);
  SsdbPageRun *run = ssdb_workload_page_get_run (page);
  SsdbWorkloadEditor *editor;
  g_autoptr (GSettings) settings = g_settings_new ("org.ssdbench.App");
  g_autofree char *saved = NULL, *words = NULL;
  const SsdbWorkloadResult *r;
  const SsdbWorkloadCycleStep *a, *b;
  SsdbWorkloadView view;
  cairo_rectangle_t rect;
  gboolean named_depth = FALSE;

  ssdb_window_set_page (window, "workload");
  g_assert_true (ssdb_workload_page_select (page, "Quick mix"));
  editor = ssdb_workload_page_edit (page, TRUE);
  g_assert_cmpstr (gtk_editable_get_text (ssdb_workload_editor_get_editable (editor, "cycle")), ==,
                   "");
  gtk_editable_set_text (ssdb_workload_editor_get_editable (editor, "name"), "Cycle mix");
  gtk_editable_set_text (ssdb_workload_editor_get_editable (editor, "cycle"), "4,1");
  g_assert_false (ssdb_workload_editor_save (editor));
  g_test_message ("refused: %s", ssdb_workload_editor_get_error (editor));
  g_assert_nonnull (strstr (ssdb_workload_editor_get_error (editor),
                            "CycleQueueDepths: the queue depths must rise (1 after 4)"));
  gtk_editable_set_text (ssdb_workload_editor_get_editable (editor, "cycle"), "1, 4");
  gtk_spin_button_set_value (ssdb_workload_editor_get_spin (editor, "ramp"), 0.2);
  gtk_spin_button_set_value (ssdb_workload_editor_get_spin (editor, "duration"), 1);
  g_assert_true (ssdb_workload_editor_save (editor));
  saved = g_settings_get_string (settings, "workload-specs");
  g_assert_nonnull (strstr (saved, "CycleQueueDepths=1,4\n"));
  g_assert_cmpstr (ssdb_workload_page_get_selected (page)->name, ==, "Cycle mix");
  g_assert_cmpuint (ssdb_workload_page_get_selected (page)->n_cycle_depths, ==, 2);

  watch (run);
  start_confirmed ("destroy", "workload");
  g_assert_true (ssdb_page_run_get_running (run));
  for (gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
       !finished && g_get_monotonic_time () < end;)
    {
      const char *status = ssdb_workload_page_get_status (page);

      if (!named_depth && (strstr (status, "QD1 (1 of 2)") || strstr (status, "QD4 (2 of 2)")))
        {
          g_test_message ("status: %s", status);
          named_depth = TRUE;
        }
      ssdb_gui_test_iterate_for (20);
    }
  g_assert_true (finished);
  g_assert_no_error (finish_error);
  g_assert_true (named_depth);

  r = ssdb_workload_page_get_result (page);
  g_assert_nonnull (r);
  g_assert_false (r->cancelled);
  g_assert_cmpuint (r->cycle->len, ==, 2);
  a = &g_array_index (r->cycle, SsdbWorkloadCycleStep, 0);
  b = &g_array_index (r->cycle, SsdbWorkloadCycleStep, 1);
  g_test_message ("QD1: %.0f IOPS, %.2f in flight; QD4: %.0f IOPS, %.2f in flight", a->total.iops,
                  a->total.mean_inflight, b->total.iops, b->total.mean_inflight);
  g_assert_cmpint (a->state, ==, SSDB_WORKLOAD_STEP_DONE);
  g_assert_cmpint (b->state, ==, SSDB_WORKLOAD_STEP_DONE);
  g_assert_cmpuint (a->total.ios, >, 100);
  g_assert_cmpuint (b->total.ios, >, 100);
  /* two workers: about 2 in flight at QD1, 8 at QD4 */
  g_assert_cmpfloat (a->total.mean_inflight, <, 2.5);
  g_assert_cmpfloat (b->total.mean_inflight, >, 6);
  g_assert_cmpuint (r->total.ios, ==, b->total.ios);

  ssdb_workload_page_fill_view (page, &view);
  /* a row per depth, the chart of the cycle under them */
  {
    SsdbWorkloadStats storage;

    g_assert_cmpuint (ssdb_workload_painter_n_rows (&view), ==, 2);
    g_assert_true (ssdb_workload_painter_row_stats (&view, 0, &storage) == &a->total);
    g_assert_true (ssdb_workload_painter_row_stats (&view, 1, &storage) == &b->total);
  }
  g_assert_true (ssdb_workload_painter_get_distribution_rect (&view, 1000, 600, &rect));
  words = ssdb_workload_painter_dup_words (&view, TRUE);
  g_test_message ("words: %s", words);
  g_assert_nonnull (strstr (words, "Cycle mix by queue depth: QD1 "));
  g_assert_nonnull (strstr (words, ", QD4 "));
  screenshots (ssdb_workload_page_get_chart (page), "gui-workload-cycle");
  check_export ("gui-workload-cycle");
}

/* ---- SSD Behaviour ---------------------------------------------------------------------- */

/* The setting whose label reads @label (its mnemonic widget), under @widget. */
static gboolean
is_label_reading (GtkWidget *w, const char *text)
{
  return GTK_IS_LABEL (w) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (w)), text) == 0;
}

static GtkWidget *
find_setting (GtkWidget *widget, const char *label)
{
  GtkWidget *found = ssdb_gui_test_find_widget (widget, is_label_reading, label);

  return found != NULL ? gtk_label_get_mnemonic_widget (GTK_LABEL (found)) : NULL;
}

/* Start on the behaviour page, and answer the confirmation naming the device with @response. */
static void
start_behaviour_confirmed (const char *response)
{
  AdwMessageDialog *dialog;

  g_autoptr (GString) heading = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  /* The title has the node on a line of its own: it never wraps inside it. */
  heading = g_string_new ("\n");
  g_string_append (heading, zram_path);
  g_string_append_c (heading, '?');
  g_assert_true (g_str_has_suffix (adw_message_dialog_get_heading (dialog), heading->str));
  {
    g_autofree char *body = ssdb_gui_test_dup_plain (adw_message_dialog_get_body (dialog));

    g_assert_nonnull (strstr (body, zram_path));
  }
  adw_message_dialog_response (dialog, response);
  g_assert_null (ssdb_window_get_confirm_dialog (window));
}

static void
test_behaviour (void)
{
  SsdbBehaviourPage *page = ssdb_window_get_behaviour_page (window);
  SsdbPageRun *run = ssdb_behaviour_page_get_run (page);
  g_autofree char *saved = g_build_filename (g_get_tmp_dir (), "ssdb-views-behaviour.json", NULL);
  g_autofree char *left_out = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = NULL;
  const SsdbCompressionResult *r;
  GtkWidget *span;
  AdwMessageDialog *dialog;

  ssdb_window_set_page (window, "behaviour");
  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_COMPRESSION));
  span = find_setting (GTK_WIDGET (page), "Span, MiB");
  g_assert_true (GTK_IS_SPIN_BUTTON (span));
  watch (run);

  /* A span larger than the device: refused with a toast, before any confirmation. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (span), 256);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_null (ssdb_window_get_confirm_dialog (window));
  g_assert_false (ssdb_page_run_get_running (run));
  g_assert_false (ssdb_window_is_inhibiting (window));
  g_test_message ("refused: %s", ssdb_window_get_last_toast (window));
  /* the engine's check, against the size the window knows before it opens the device */
  g_assert_true (
      g_str_has_prefix (ssdb_window_get_last_toast (window),
                        "The span (268435456 bytes from 0) ends beyond the end of /dev/"));

  /* 16 MiB: nothing runs before the user said yes, and each start asks again. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (span), 16);
  start_behaviour_confirmed ("cancel");
  g_assert_false (ssdb_page_run_get_running (run));
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  g_test_message ("%s", adw_message_dialog_get_body (dialog));
  {
    /* The span is the one set (as a capacity or as a transfer size). */
    g_autofree char *capacity = ssdb_format_capacity (16 * MIB);
    g_autofree char *size = ssdb_format_transfer_size (16 * MIB);
    g_autofree char *body = ssdb_gui_test_dup_plain (adw_message_dialog_get_body (dialog));

    g_assert_true (strstr (body, capacity) != NULL || strstr (body, size) != NULL);
  }
  {
    /* The body is the page's own, naming the device as the window does. */
    g_autoptr (SsdbDevice) device
        = ssdb_device_monitor_lookup (ssdb_application_get_device_monitor (app), zram_path);
    g_autofree char *title = NULL;
    g_autofree char *cap = NULL;
    g_autofree char *named = NULL;
    g_autofree char *expected = NULL;
    g_autofree char *body = ssdb_gui_test_dup_plain (adw_message_dialog_get_body (dialog));

    g_assert_nonnull (device);
    title = ssdb_device_dup_title (device);
    cap = ssdb_format_capacity (ssdb_device_get_info (device)->size_bytes);
    named = g_strdup_printf ("%s (%s, %s)", zram_path, title, cap);
    expected = ssdb_behaviour_page_dup_confirm_body (page, named);
    g_assert_cmpstr (body, ==, expected);
    /* On screen, the line never breaks inside the device node or the capacity. */
    g_assert_null (strstr (adw_message_dialog_get_body (dialog), zram_path));
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "/\u2060dev/\u2060zram"));
  }
  adw_message_dialog_response (dialog, "destroy");
  g_assert_true (ssdb_page_run_get_running (run));
  g_assert_true (ssdb_window_is_inhibiting (window));
  /* Nothing else starts, and the target stays, while it runs. */
  g_assert_false (ssdb_window_select_target (window, g_get_tmp_dir ()));
  g_assert_false (
      g_action_get_enabled (g_action_map_lookup_action (G_ACTION_MAP (window), "start")));
  g_assert_false (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_TRIM));
  ssdb_gui_test_iterate_until (is_finished, NULL, 60000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);
  g_assert_false (ssdb_window_is_inhibiting (window));
  g_assert_true (
      g_action_get_enabled (g_action_map_lookup_action (G_ACTION_MAP (window), "start")));

  r = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION);
  g_assert_nonnull (r);
  g_assert_false (r->cancelled);
  g_assert_cmpuint (r->spec.span_length, ==, 16 * MIB);
  g_assert_cmpuint (r->points->len, ==, 6); /* random, 25..100 %, zeros */
  for (guint i = 0; i < r->points->len; i++)
    {
      const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, i);

      g_assert_cmpuint (p->write_bytes, ==, 16 * MIB);
      g_assert_cmpuint (p->read_bytes, ==, 16 * MIB);
      g_assert_cmpfloat (p->write_bytes_per_second, >, 1e6);
      g_assert_cmpfloat (p->read_bytes_per_second, >, 1e6);
    }
  g_assert_cmpint (g_array_index (r->points, SsdbCompressionPoint, 0).data.kind, ==,
                   SSDB_DATA_RANDOM);
  g_assert_cmpint (g_array_index (r->points, SsdbCompressionPoint, 5).data.kind, ==,
                   SSDB_DATA_ZERO);
  g_assert_nonnull (r->words);
  g_test_message ("compression: %s", r->words);
  g_assert_cmpstr (ssdb_behaviour_page_get_words (page), ==, r->words);

  /* Save Report writes that result, of this device. */
  g_assert_true (ssdb_window_save_report_to (window, saved, &left_out, &error));
  g_assert_no_error (error);
  report = ssdb_report_load (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (report->target.path, ==, zram_path);
  g_assert_cmpuint (report->target.size_bytes, ==, 128 * MIB);
  g_assert_nonnull (report->compression);
  g_assert_null (report->recovery);
  g_assert_null (report->trim);
  g_assert_cmpuint (report->compression->spec.span_length, ==, r->spec.span_length);
  g_assert_cmpuint (report->compression->points->len, ==, r->points->len);
  for (guint i = 0; i < r->points->len; i++)
    {
      const SsdbCompressionPoint *a = &g_array_index (r->points, SsdbCompressionPoint, i);
      const SsdbCompressionPoint *b
          = &g_array_index (report->compression->points, SsdbCompressionPoint, i);

      g_assert_cmpint (a->data.kind, ==, b->data.kind);
      g_assert_cmpuint (a->data.compressible_percent, ==, b->data.compressible_percent);
      g_assert_cmpuint (a->write_window_ns, ==, b->write_window_ns);
      g_assert_cmpfloat (a->write_bytes_per_second, ==, b->write_bytes_per_second);
      g_assert_cmpuint (a->read_window_ns, ==, b->read_window_ns);
      g_assert_cmpfloat (a->read_bytes_per_second, ==, b->read_bytes_per_second);
    }
  g_assert_cmpfloat (report->compression->write_ratio, ==, r->write_ratio);
  g_assert_cmpstr (report->compression->words, ==, r->words);
  g_unlink (saved);

  screenshots (ssdb_behaviour_page_get_chart (page), "gui-behaviour");
  check_export ("gui-behaviour");

  /* A test file: nothing to confirm; a new target starts the page over. */
  {
    g_autofree char *dir = g_dir_make_tmp ("ssdb-views-XXXXXX", NULL);
    GSettings *settings = ssdb_application_get_settings (app);

    g_assert_nonnull (dir);
    g_settings_set_int (settings, "size-mib", 64);
    g_assert_true (ssdb_window_select_target (window, dir));
    g_assert_null (ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION));
    watch (run);
    g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
    g_assert_null (ssdb_window_get_confirm_dialog (window));
    g_assert_true (ssdb_page_run_get_running (run));
    ssdb_gui_test_iterate_until (is_finished, NULL, 60000);
    g_assert_true (finished);
    g_assert_no_error (finish_error);
    r = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION);
    g_assert_nonnull (r);
    g_assert_false (r->cancelled);
    g_assert_cmpuint (r->points->len, ==, 6);
    g_assert_cmpuint (g_array_index (r->points, SsdbCompressionPoint, 0).write_bytes, ==, 16 * MIB);
    g_settings_reset (settings, "size-mib");
    g_assert_true (ssdb_window_select_target (window, zram_path));
    g_assert_cmpint (g_rmdir (dir), ==, 0); /* the test file left nothing behind */
  }
}

/* ---- Stop ------------------------------------------------------------------------------- */

static gboolean
some_updates (gpointer data)
{
  return finished || updates >= 2;
}

static void
stop_and_check (SsdbPageRun *run, SsdbChartView *chart)
{
  SsdbStopTiming timing;
  gint64 t0, took;

  ssdb_gui_test_iterate_until (some_updates, NULL, 30000);
  if (finished)
    g_test_message ("finished early: %s", finish_error ? finish_error->message : "no error");
  g_assert_false (finished);
  g_assert_true (ssdb_page_run_get_running (run));
  /* Measure the stop alone: Stop right after the chart's painting, before any later update is
   * dispatched (a stopping run drops its updates), so no frame is queued when Stop is pressed:
   * on a loaded machine one frame can take far longer than 250 ms. */
  wait_painted (chart);
  g_assert_false (finished);
  t0 = g_get_monotonic_time ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "stop", NULL);
  ssdb_gui_test_iterate_until (is_finished, NULL, 5000);
  took = g_get_monotonic_time () - t0;
  g_assert_true (finished);
  ssdb_gui_test_iterate_until (run_idle, run, 5000);
  ssdb_page_run_get_stop_timing (run, &timing);
  g_assert_cmpint (timing.requested_us, >=, t0);
  ssdb_gui_test_assert_stop_time ("finished after stop", timing.finished_us - timing.requested_us);
  ssdb_gui_test_assert_stop_time ("stop seen by the test", took);
  g_assert_error (finish_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  g_assert_false (ssdb_page_run_get_running (run));
  g_assert_false (ssdb_window_is_inhibiting (window));
  g_assert_cmpstr (ssdb_window_get_last_toast (window), ==,
                   "Test stopped; the results measured so far are kept");
}

static void
test_stop (void)
{
  SsdbAccessPage *page = ssdb_window_get_access_page (window);
  SsdbPageRun *run = ssdb_access_page_get_run (page);
  SsdbWorkloadPage *wpage = ssdb_window_get_workload_page (window);
  SsdbAccessSpec spec;
  guint done = 0;
  const SsdbAccessResult *r;

  /* Six steps of 3 s: stopped in the second or third. */
  ssdb_window_set_page (window, "access");
  ssdb_access_spec_init (&spec);
  g_assert_true (ssdb_access_page_configure (page, &spec));
  watch (run);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  ssdb_gui_test_iterate_for (3500);
  stop_and_check (run, ssdb_access_page_get_chart (page));
  r = ssdb_access_page_get_result (page);
  g_assert_true (r->cancelled);
  for (guint i = 0; i < r->steps->len; i++)
    if (g_array_index (r->steps, SsdbAccessStep, i).state == SSDB_ENTRY_DONE)
      done++;
  g_assert_cmpuint (done, >=, 1);
  g_assert_cmpuint (done, <, 6);
  g_assert_nonnull (strstr (ssdb_access_page_get_status (page), "Stopped"));
  wait_painted (ssdb_access_page_get_chart (page));

  /* A workload of reads only (no confirmation), saved in the settings, stopped while it
   * measures. */
  g_settings_set_string (ssdb_application_get_settings (app), "workload-specs",
                         "[Reads only]\nSizes=4k/100\nReadPercent=100\nRandomPercent=100\n"
                         "QueueDepth=4\nWorkers=1\nRamp=0.5\nDuration=30\n");
  ssdb_window_set_page (window, "workload");
  g_assert_true (ssdb_workload_page_select (wpage, "Reads only"));
  g_assert_false (ssdb_workload_page_get_writes (wpage));
  watch (ssdb_workload_page_get_run (wpage));
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_null (ssdb_window_get_confirm_dialog (window));
  stop_and_check (ssdb_workload_page_get_run (wpage), ssdb_workload_page_get_chart (wpage));
  g_assert_true (ssdb_workload_page_get_result (wpage)->cancelled);
  g_assert_nonnull (strstr (ssdb_workload_page_get_status (wpage), "Stopped"));
  /* No writes: the table's write cells are em dashes, not zeros, the reads are numbers. */
  check_workload_table (wpage, ssdb_workload_page_get_result (wpage));
  g_assert_cmpstr (ssdb_workload_page_get_table_text (wpage, 0, 6), ==, "\u2014");
  g_assert_cmpstr (ssdb_workload_page_get_table_text (wpage, 1, 10), ==, "\u2014");
  /* (stopped before any measured read, the reads too) */
  if (ssdb_workload_page_get_result (wpage)->total.read_ios > 0)
    g_assert_cmpfloat (cell_value (ssdb_workload_page_get_table_text (wpage, 1, 1)), >, 0);
  else
    g_assert_cmpstr (ssdb_workload_page_get_table_text (wpage, 1, 1), ==, "\u2014");

  /* A steady-state run of 30 s on the SSD Behaviour page, stopped while it writes. */
  {
    SsdbBehaviourPage *bpage = ssdb_window_get_behaviour_page (window);
    const SsdbConsistencyResult *k;
    GtkWidget *minutes, *passes;

    ssdb_window_set_page (window, "behaviour");
    g_assert_true (ssdb_behaviour_page_select (bpage, SSDB_TEST_KIND_CONSISTENCY));
    minutes = find_setting (GTK_WIDGET (bpage), "Duration, min");
    passes = find_setting (GTK_WIDGET (bpage), "Preconditioning passes");
    g_assert_true (GTK_IS_SPIN_BUTTON (minutes));
    g_assert_true (GTK_IS_SPIN_BUTTON (passes));
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (minutes), 0.5);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (passes), 0);
    watch (ssdb_behaviour_page_get_run (bpage));
    start_behaviour_confirmed ("destroy");
    stop_and_check (ssdb_behaviour_page_get_run (bpage), ssdb_behaviour_page_get_chart (bpage));
    k = ssdb_behaviour_page_get_result (bpage, SSDB_TEST_KIND_CONSISTENCY);
    g_assert_nonnull (k);
    g_assert_true (k->cancelled);
    g_assert_cmpuint (k->rounds->len, >=, 1);
    g_assert_cmpuint (k->rounds->len, <, 30);
  }
}

int
main (int argc, char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (!ssdb_gui_test_zram_setup (128 * MIB, FALSE, &zram_name, &zram_path))
    return g_test_run ();
  window = ssdb_gui_test_open_window (&app);
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, window, 10000);
  ssdb_gui_test_iterate_until (ssdb_gui_test_monitor_ready, app, 15000);
  g_assert_true (ssdb_window_select_target (window, zram_path));

  g_test_add_func ("/gui-views/sweep", test_sweep);
  g_test_add_func ("/gui-views/access", test_access);
  g_test_add_func ("/gui-views/workload-editor", test_workload_editor);
  g_test_add_func ("/gui-views/workload", test_workload);
  g_test_add_func ("/gui-views/workload-cycle", test_workload_cycle);
  g_test_add_func ("/gui-views/behaviour", test_behaviour);
  g_test_add_func ("/gui-views/stop", test_stop);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  g_clear_error (&finish_error);
  ssdb_gui_test_zram_remove (zram_name);
  return ret;
}
