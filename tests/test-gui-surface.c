/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The Surface page on a real 256 MiB zram device under Xvfb: a small read surface with access
 * dots and burst rate drawn as it arrives, a long one stopped half-way, and a destructive write
 * surface behind the same confirmation as the summary's write switch. Screenshots mid-run and
 * at the end. Run through tests/gui/run-xvfb.sh (own display, session bus, in-memory settings).
 */
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gdk/x11/gdkx.h>

#include "engine/ssdb-error.h"
#include "ssdb-application.h"
#include "ssdb-window.h"

#include "gui/ssdb-gui-test.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)
#define ZRAM_BYTES (256 * MIB)

static SsdbApplication *app;
static SsdbWindow *window;
static SsdbSurfacePage *page;
static char *zram_name;
static char *zram_path;
static GError *finish_error;
static gboolean finished;
static guint updates;

static gboolean
status_reads (GtkWidget *widget, const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static gboolean
is_finished (gpointer data)
{
  return finished;
}

static gboolean
snapshot_after (gpointer data)
{
  return ssdb_surface_chart_get_snapshot_count (ssdb_surface_page_get_chart (page))
         > GPOINTER_TO_UINT (data);
}

static gint64
thread_cpu_us (void);

/* The main thread's CPU time when the last run finished, µs. */
static gint64 finished_cpu_us;
static gint64 finished_at_us; /* when the page said the run finished */

static void
on_finished (SsdbSurfacePage *p, const GError *error, gpointer data)
{
  finished_cpu_us = thread_cpu_us ();
  finished_at_us = g_get_monotonic_time ();
  g_clear_error (&finish_error);
  finish_error = error ? g_error_copy (error) : NULL;
  finished = TRUE;
}

static gint64 stopped_at;

static void
on_running (SsdbSurfacePage *p, GParamSpec *pspec, gpointer data)
{
  if (!ssdb_surface_page_get_running (p))
    stopped_at = g_get_monotonic_time ();
}

static void
on_updated (SsdbSurfacePage *p, gpointer data)
{
  updates++;
}

static void
redraw_chart (void)
{
  SsdbSurfaceChart *chart = ssdb_surface_page_get_chart (page);
  guint before = ssdb_surface_chart_get_snapshot_count (chart);

  ssdb_surface_chart_refresh (chart);
  ssdb_gui_test_iterate_until (snapshot_after, GUINT_TO_POINTER (before), 5000);
  g_assert_cmpuint (ssdb_surface_chart_get_snapshot_count (chart), >, before);
}

/* Longest frame (before-paint to after-paint), µs, and the main thread's CPU time in it. */
static gint64 frame_start, frame_cpu_start, frame_max, frame_max_cpu;
static guint frames;

static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static void
on_before_paint (GdkFrameClock *clock, gpointer data)
{
  frame_start = g_get_monotonic_time ();
  frame_cpu_start = thread_cpu_us ();
}

static void
on_after_paint (GdkFrameClock *clock, gpointer data)
{
  frames++;
  if (frame_start != 0 && g_get_monotonic_time () - frame_start > frame_max)
    {
      frame_max = g_get_monotonic_time () - frame_start;
      frame_max_cpu = thread_cpu_us () - frame_cpu_start;
    }
  frame_start = 0;
}

/* The chart's image, painted piece by piece while samples arrived, is what the painter draws
 * whole from the same view. */
static void
check_chart_matches_painter (void)
{
  SsdbSurfaceChart *chart = ssdb_surface_page_get_chart (page);
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (chart));
  guint before;
  int w, h;
  GdkTexture *texture;
  cairo_surface_t *whole;
  cairo_t *cr;
  SsdbSurfaceView view;
  SsdbStyle style;
  g_autofree guchar *shown = NULL;
  const guchar *ref;
  gsize stride;
  guint differ = 0, max_diff = 0;

  /* Let the layout settle (the status line changes with the end of a run), then take a frame
   * without invalidating anything: the image as it was built up. */
  for (gint64 end = g_get_monotonic_time () + 300000; g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);
  before = ssdb_surface_chart_get_snapshot_count (chart);
  gtk_widget_queue_draw (GTK_WIDGET (chart));
  ssdb_gui_test_iterate_until (snapshot_after, GUINT_TO_POINTER (before), 5000);
  texture = ssdb_surface_chart_get_texture (chart);
  g_assert_nonnull (texture);
  w = gtk_widget_get_width (GTK_WIDGET (chart));
  h = gtk_widget_get_height (GTK_WIDGET (chart));
  g_assert_cmpint (gdk_texture_get_width (texture), ==, w * scale);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, h * scale);
  stride = (gsize)w * scale * 4;
  shown = g_malloc (stride * h * scale);
  gdk_texture_download (texture, shown, stride);

  whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w * scale, h * scale);
  cairo_surface_set_device_scale (whole, scale, scale);
  cr = cairo_create (whole);
  ssdb_surface_chart_fill_view (chart, &view);
  ssdb_surface_chart_get_style (chart, &style);
  ssdb_surface_painter_draw (&view, &style, cr, w, h);
  cairo_destroy (cr);
  cairo_surface_flush (whole);
  ref = cairo_image_surface_get_data (whole);
  for (int y = 0; y < h * scale; y++)
    for (int x = 0; x < w * scale * 4; x++)
      {
        guint d = (guint)ABS ((int)shown[y * stride + x]
                              - (int)ref[y * cairo_image_surface_get_stride (whole) + x]);

        max_diff = MAX (max_diff, d);
        if (d > 2)
          differ++;
      }
  cairo_surface_destroy (whole);
  g_test_message ("chart image vs whole painting: %u bytes differ by more than 2, at most %u",
                  differ, max_diff);
  /* Anti-aliasing at the edges of the repainted strips may round differently, nothing more. */
  g_assert_cmpuint (differ, <=, (guint)(w * scale * h * scale * 4) / 10000);
}

static gint64 run_started_us;

static void
start_run (void)
{
  run_started_us = g_get_monotonic_time ();
  finished = FALSE;
  updates = 0;
  g_clear_error (&finish_error);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  g_assert_true (ssdb_surface_page_get_running (page));
  g_assert_true (ssdb_window_is_inhibiting (window));
}

static void
configure (guint samples, guint64 sample_bytes, guint access, SsdbSurfaceWrite write)
{
  SsdbSurfaceSpec spec;

  ssdb_surface_spec_init (&spec);
  spec.samples = samples;
  spec.sample_bytes = sample_bytes;
  spec.block_size = 1024 * 1024;
  spec.access_samples = access;
  spec.write = write;
  g_assert_true (ssdb_surface_page_configure (page, &spec));
}

/* Every sample where the engine put it: evenly spread, the last ending at the device's end. */
static void
check_curve (const GArray *curve, guint samples, guint64 sample_bytes)
{
  g_assert_cmpuint (curve->len, ==, samples);
  for (guint i = 0; i < curve->len; i++)
    {
      const SsdbSurfaceSample *s = &g_array_index (curve, SsdbSurfaceSample, i);

      g_assert_cmpuint (
          s->offset_bytes, ==,
          ssdb_surface_position (0, ZRAM_BYTES, sample_bytes, samples, i, 1024 * 1024));
      g_assert_cmpuint (s->bytes, ==, sample_bytes);
      g_assert_cmpfloat (s->bytes_per_second, >, 50e6);
    }
  g_assert_cmpuint (g_array_index (curve, SsdbSurfaceSample, samples - 1).offset_bytes
                        + sample_bytes,
                    ==, ZRAM_BYTES);
}

static void
test_read_surface (void)
{
  const SsdbSurfaceResult *r;
  SsdbSurfaceChart *chart = ssdb_surface_page_get_chart (page);
  SsdbSurfaceView view;
  guint drawn_read = 0, drawn_access = 0, drawn_write = 0;
  int w, h;
  double x, y;
  const char *hover;
  g_autofree char *shot = NULL;

  configure (20, 4 * MIB, 200, SSDB_SURFACE_WRITE_NONE);
  start_run ();
  ssdb_gui_test_iterate_until (is_finished, NULL, 120000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);
  g_assert_false (ssdb_surface_page_get_running (page));
  g_assert_false (ssdb_window_is_inhibiting (window));
  g_test_message ("%u coalesced updates", updates);
  /* A short run on zram can end before the main loop takes its first coalesced update (one I/O
   * context for the whole run: 20 samples take a few tens of ms), and under sanitizers the main
   * loop is slower still. Live drawing is asserted here only for a run that lasted three update
   * intervals; the long run of /gui-surface/live-and-stop asserts it always. */
  if (!ssdb_gui_test_sanitized () && finished_at_us - run_started_us >= 300000)
    g_assert_cmpuint (updates, >=, 1);

  r = ssdb_surface_page_get_result (page);
  g_assert_nonnull (r);
  g_assert_false (r->cancelled);
  check_curve (r->read, 20, 4 * MIB);
  g_assert_cmpuint (r->write->len, ==, 0);
  g_assert_cmpuint (r->access->len, ==, 200);
  g_assert_cmpfloat (r->access_mean_ns, >, 0);
  g_assert_cmpfloat (r->burst_bytes_per_second, >, 50e6);
  g_assert_cmpuint (r->cpu_ns, >, 0);
  g_assert_cmpfloat (r->read_stats.min, <=, r->read_stats.mean);
  g_assert_cmpfloat (r->read_stats.mean, <=, r->read_stats.max);
  g_test_message ("read %.0f / %.0f / %.0f MB/s, access %.1f us, burst %.0f MB/s",
                  r->read_stats.min / 1e6, r->read_stats.mean / 1e6, r->read_stats.max / 1e6,
                  r->access_mean_ns / 1e3, r->burst_bytes_per_second / 1e6);
  /* The status gives the average in the chart's unit, as its panel writes it. */
  {
    g_autofree char *mean = NULL, *want = NULL;

    ssdb_surface_chart_fill_view (chart, &view);
    mean = ssdb_surface_painter_dup_rate_text (&view, gtk_widget_get_width (GTK_WIDGET (chart)),
                                               gtk_widget_get_height (GTK_WIDGET (chart)),
                                               r->read_stats.mean, TRUE);
    want = g_strdup_printf ("Done: 20 positions, average read %s", mean);
    g_test_message ("%s", want);
    g_assert_nonnull (ssdb_gui_test_find_widget (GTK_WIDGET (page), status_reads, want));
  }

  /* The chart drew all of it. */
  redraw_chart ();
  ssdb_surface_chart_get_drawn (chart, &drawn_read, &drawn_write, &drawn_access);
  g_assert_cmpuint (drawn_read, ==, 20);
  g_assert_cmpuint (drawn_write, ==, 0);
  g_assert_cmpuint (drawn_access, ==, 200);

  /* Hovering the 10th sample shows its position and rate. */
  ssdb_surface_chart_fill_view (chart, &view);
  w = gtk_widget_get_width (GTK_WIDGET (chart));
  h = gtk_widget_get_height (GTK_WIDGET (chart));
  {
    const SsdbSurfaceSample *s = &g_array_index (r->read, SsdbSurfaceSample, 10);
    g_autofree char *rate = NULL;

    x = ssdb_surface_painter_x_for_position (&view, w, h, ssdb_surface_sample_position (r, s));
    y = ssdb_surface_painter_y_for_rate (&view, w, h, s->bytes_per_second);
    hover = ssdb_surface_chart_hover (chart, x, y);
    g_assert_nonnull (hover);
    g_test_message ("hover: %s", hover);
    rate = g_strdup_printf ("%.1f MB/s", s->bytes_per_second / 1e6);
    g_assert_nonnull (strstr (hover, "Read"));
    g_assert_nonnull (strstr (hover, rate));
  }
  /* The last sample is drawn at the plot's right edge. */
  {
    cairo_rectangle_t plot;
    const SsdbSurfaceSample *last = &g_array_index (r->read, SsdbSurfaceSample, 19);

    ssdb_surface_painter_get_plot_rect (&view, w, h, &plot);
    g_assert_cmpfloat (fabs (ssdb_surface_painter_x_for_position (
                                 &view, w, h, ssdb_surface_sample_position (r, last))
                             - (plot.x + plot.width)),
                       <, 1e-9);
  }
  redraw_chart ();
  shot = ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-surface-read.png", 100);
  ssdb_surface_chart_hover (chart, -1, -1);

  /* Export: the review style at 1200 × 700, scale 2. */
  {
    g_autofree char *path = g_build_filename (g_get_tmp_dir (), "ssdb-surface-export.png", NULL);
    g_autoptr (GError) error = NULL;
    g_autoptr (GdkTexture) texture = NULL;

    g_assert_true (ssdb_window_export_image_to (window, path, &error));
    g_assert_no_error (error);
    texture = gdk_texture_new_from_filename (path, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 2400);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, 1400);
    g_unlink (path);
  }
}

static gboolean
runner_idle (gpointer data);

static gboolean
enough_samples (gpointer data)
{
  const SsdbSurfaceResult *r = ssdb_surface_page_get_result (page);

  return finished || (r != NULL && r->read->len >= GPOINTER_TO_UINT (data));
}

static void
test_live_and_stop (void)
{
  const SsdbSurfaceResult *r;
  SsdbSurfaceChart *chart = ssdb_surface_page_get_chart (page);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  SsdbSurfaceChartStats stats;
  SsdbStopTiming timing;
  guint drawn = 0, have;
  gint64 t0, took, started, cpu0;
  g_autofree char *shot = NULL;

  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), NULL);

  /* 2000 positions of 64 MiB: 125 GiB of reads, far longer than the test waits. */
  configure (2000, 64 * MIB, 1000, SSDB_SURFACE_WRITE_NONE);
  started = g_get_monotonic_time ();
  start_run ();
  ssdb_gui_test_iterate_until (enough_samples, GUINT_TO_POINTER (60), 60000);
  g_assert_false (finished);
  /* Coalesced: at most 10 updates a second, however fast the samples come. */
  g_test_message ("%u updates, %u frames in %.2f s", updates, frames,
                  (g_get_monotonic_time () - started) / 1e6);
  g_assert_cmpuint (updates, <=, (g_get_monotonic_time () - started) / 100000 + 2);
  redraw_chart ();
  r = ssdb_surface_page_get_result (page);
  have = r->read->len;
  ssdb_surface_chart_get_drawn (chart, &drawn, NULL, NULL);
  g_test_message ("mid-run: %u samples in the result, %u drawn, %u updates", have, drawn, updates);
  g_assert_cmpuint (drawn, >=, 60);
  g_assert_cmpuint (drawn, <, 2000);
  g_assert_true (ssdb_surface_page_get_running (page));
  shot = ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-surface-live.png", 100);

  /* Let the frames queued around the screenshot settle, then measure the stop alone. */
  frame_max = frame_max_cpu = 0;
  frames = 0;
  for (gint64 now = g_get_monotonic_time (), end = now + 400000, limit = now + 5000000;
       (g_get_monotonic_time () < end || frames < 3) && g_get_monotonic_time () < limit;)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);

  /* Live frames repaint only what changed, and quickly. */
  ssdb_surface_chart_get_stats (chart, &stats);
  g_test_message (
      "chart: %u whole, %u partial, %u reused frames; last painting %" G_GINT64_FORMAT
      " µs (CPU %" G_GINT64_FORMAT " µs), longest %" G_GINT64_FORMAT " µs (CPU %" G_GINT64_FORMAT
      " µs); %u frames since the screenshot, the longest %" G_GINT64_FORMAT
      " µs (CPU %" G_GINT64_FORMAT " µs)",
      stats.full, stats.partial, stats.reused, stats.last_draw_us, stats.last_draw_cpu_us,
      stats.max_draw_us, stats.max_draw_cpu_us, frames, frame_max, frame_max_cpu);
  g_assert_cmpuint (stats.partial, >, 0);

  cpu0 = thread_cpu_us ();
  t0 = g_get_monotonic_time ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "stop", NULL);
  g_test_message ("stop action returned after %" G_GINT64_FORMAT " µs",
                  g_get_monotonic_time () - t0);
  ssdb_gui_test_iterate_until (is_finished, NULL, 5000);
  took = g_get_monotonic_time () - t0;
  g_assert_true (finished);
  /* The worker's own times arrive with its end, even after a detach. */
  ssdb_gui_test_iterate_until (runner_idle, NULL, 5000);
  ssdb_surface_page_get_stop_timing (page, &timing);
  g_test_message ("stop took %" G_GINT64_FORMAT " µs (page stopped after %" G_GINT64_FORMAT
                  " µs); engine: I/O stopped after %" G_GINT64_FORMAT " µs, target closed after "
                  "%" G_GINT64_FORMAT " µs; finished reported after %" G_GINT64_FORMAT " µs",
                  took, stopped_at - t0, timing.io_stopped_us - timing.requested_us,
                  timing.closed_us - timing.requested_us, timing.finished_us - timing.requested_us);
  /* Little of that is the main thread's own work: the rest is waiting for a CPU. */
  g_test_message ("main thread busy for %" G_GINT64_FORMAT " µs of CPU from Stop to finished",
                  finished_cpu_us - cpu0);
  g_assert_cmpint (timing.requested_us, >=, t0);
  g_assert_cmpint (timing.io_stopped_us, >, timing.requested_us);
  ssdb_gui_test_assert_stop_time ("engine stop", timing.io_stopped_us - timing.requested_us);
  ssdb_gui_test_assert_stop_time ("finished after stop", timing.finished_us - timing.requested_us);
  ssdb_gui_test_assert_stop_time ("stop seen by the test", took);
  g_signal_handlers_disconnect_by_func (clock, on_before_paint, NULL);
  g_signal_handlers_disconnect_by_func (clock, on_after_paint, NULL);
  g_assert_error (finish_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  g_assert_false (ssdb_surface_page_get_running (page));
  g_assert_false (ssdb_window_is_inhibiting (window));
  r = ssdb_surface_page_get_result (page);
  g_assert_true (r->cancelled);
  g_assert_cmpuint (r->read->len, >=, have);
  g_assert_cmpuint (r->read->len, <, 2000);
  check_chart_matches_painter ();
}

static GtkDropDown *
find_mode_dropdown (GtkWidget *w)
{
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkDropDown *found;

      if (GTK_IS_DROP_DOWN (c))
        {
          GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (c));

          if (GTK_IS_STRING_LIST (model) && g_list_model_get_n_items (model) == 2
              && g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), 1),
                            "Destructive Write")
                     == 0)
            return GTK_DROP_DOWN (c);
        }
      if ((found = find_mode_dropdown (c)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
runner_idle (gpointer data)
{
  return !ssdb_surface_page_get_busy (page);
}

static void
test_destructive (void)
{
  GtkDropDown *mode = find_mode_dropdown (GTK_WIDGET (page));
  AdwMessageDialog *dialog;
  const SsdbSurfaceResult *r;
  guint drawn_write = 0;
  g_autofree char *shot = NULL;

  ssdb_gui_test_iterate_until (runner_idle, NULL, 5000);
  g_assert_nonnull (mode);
  /* A new selection of the target forgets any earlier confirmation. */
  g_assert_true (ssdb_window_select_target (window, zram_path));
  configure (20, 4 * MIB, 200, SSDB_SURFACE_WRITE_NONE);

  /* Refused: back to read only. */
  gtk_drop_down_set_selected (mode, 1);
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), zram_path));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "write surface"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "destroyed"));
  adw_message_dialog_response (dialog, "cancel");
  g_assert_cmpint (ssdb_surface_page_get_write_mode (page), ==, SSDB_SURFACE_WRITE_NONE);
  g_assert_false (ssdb_summary_page_get_writes_enabled (ssdb_window_get_summary_page (window)));

  /* Confirmed: the write surface runs after the read surface. */
  gtk_drop_down_set_selected (mode, 1);
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "destroy");
  g_assert_cmpint (ssdb_surface_page_get_write_mode (page), ==, SSDB_SURFACE_WRITE_DESTROY);
  /* The summary's own switch is not turned on by it. */
  g_assert_false (ssdb_summary_page_get_writes_enabled (ssdb_window_get_summary_page (window)));

  start_run ();
  ssdb_gui_test_iterate_until (is_finished, NULL, 120000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);
  r = ssdb_surface_page_get_result (page);
  check_curve (r->read, 20, 4 * MIB);
  check_curve (r->write, 20, 4 * MIB);
  g_assert_cmpfloat (r->write_stats.mean, >, 50e6);
  check_chart_matches_painter ();
  g_test_message ("write %.0f / %.0f / %.0f MB/s", r->write_stats.min / 1e6,
                  r->write_stats.mean / 1e6, r->write_stats.max / 1e6);
  redraw_chart ();
  ssdb_surface_chart_get_drawn (ssdb_surface_page_get_chart (page), NULL, &drawn_write, NULL);
  g_assert_cmpuint (drawn_write, ==, 20);
  shot = ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-surface-write.png", 100);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  redraw_chart ();
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-surface-write-dark.png", 100));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  redraw_chart ();
}

int
main (int argc, char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (!ssdb_gui_test_zram_setup (ZRAM_BYTES, TRUE, &zram_name, &zram_path))
    return g_test_run ();
  window = ssdb_gui_test_open_window (&app);
  page = ssdb_window_get_surface_page (window);
  g_signal_connect (page, "finished", G_CALLBACK (on_finished), NULL);
  g_signal_connect (page, "updated", G_CALLBACK (on_updated), NULL);
  g_signal_connect (page, "notify::running", G_CALLBACK (on_running), NULL);
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, window, 10000);
  ssdb_gui_test_iterate_until (ssdb_gui_test_monitor_ready, app, 15000);
  g_assert_true (ssdb_window_select_target (window, zram_path));
  ssdb_window_set_page (window, "surface");

  g_test_add_func ("/gui-surface/read", test_read_surface);
  g_test_add_func ("/gui-surface/live-and-stop", test_live_and_stop);
  g_test_add_func ("/gui-surface/destructive", test_destructive);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  g_clear_error (&finish_error);
  ssdb_gui_test_zram_remove (zram_name);
  return ret;
}
