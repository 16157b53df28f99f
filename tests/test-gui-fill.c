/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The Fill page on a real 128 MiB zram device under Xvfb: the whole-drive fill behind the
 * destructive-write confirmation naming the device, two passes and the read-back drawn live,
 * the analysis shown at the end, a long fill stopped half-way, and the chart exported.
 * Screenshots of the finished fill. Run through tests/gui/run-xvfb.sh (own display, session
 * bus, in-memory settings). g_test_init() makes any warning or critical fatal.
 */
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <gdk/x11/gdkx.h>

#include "engine/ssdb-error.h"
#include "ssdb-application.h"
#include "ssdb-window.h"

#include "gui/ssdb-gui-test.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)
#define ZRAM_BYTES (128 * MIB)

static SsdbApplication *app;
static SsdbWindow *window;
static SsdbFillPage *page;
static char *zram_name;
static char *zram_path;
static GError *finish_error;
static gboolean finished;
static guint updates;
static guint max_live_passes; /* passes in the result at the latest live update */

static gboolean
is_finished (gpointer data)
{
  return finished;
}

static gboolean
page_idle (gpointer data)
{
  return !ssdb_fill_page_get_busy (page);
}

static gboolean
snapshot_after (gpointer data)
{
  return ssdb_fill_chart_get_snapshot_count (ssdb_fill_page_get_chart (page))
         > GPOINTER_TO_UINT (data);
}

static void
on_finished (SsdbFillPage *p, const GError *error, gpointer data)
{
  g_clear_error (&finish_error);
  finish_error = error ? g_error_copy (error) : NULL;
  finished = TRUE;
}

static void
on_updated (SsdbFillPage *p, gpointer data)
{
  const SsdbFillResult *r = ssdb_fill_page_get_result (p);

  updates++;
  max_live_passes = MAX (max_live_passes, r->passes->len);
}

/* Waits for the chart's next painting (it paints only what it shows on screen). */
static void
wait_painted (void)
{
  SsdbFillChart *chart = ssdb_fill_page_get_chart (page);
  guint before = ssdb_fill_chart_get_snapshot_count (chart);

  gtk_widget_queue_draw (GTK_WIDGET (chart));
  ssdb_gui_test_iterate_until (snapshot_after, GUINT_TO_POINTER (before), 5000);
}

static void
configure (guint passes, gboolean read_back, guint block_size, guint queue_depth)
{
  SsdbFillSpec spec;

  ssdb_fill_spec_init (&spec);
  spec.passes = passes;
  spec.read_back = read_back;
  spec.block_size = block_size;
  spec.queue_depth = queue_depth;
  g_assert_true (ssdb_fill_page_configure (page, &spec));
}

/* Start, and answer the confirmation naming the device with @response. */
static void
start_confirmed (const char *response)
{
  AdwMessageDialog *dialog;

  finished = FALSE;
  updates = 0;
  max_live_passes = 0;
  g_clear_error (&finish_error);
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  /* A fill always writes: nothing runs before the user said yes. */
  g_assert_false (ssdb_fill_page_get_running (page));
  dialog = ssdb_window_get_confirm_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), zram_path));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "whole-drive fill"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "destroyed"));
  adw_message_dialog_response (dialog, response);
  g_assert_null (ssdb_window_get_confirm_dialog (window));
}

/* A pass's per-segment rates: in order, contiguous, the last at the end of the span. */
static void
check_pass (const SsdbFillPass *p, SsdbRw rw)
{
  guint64 previous = 0;

  g_assert_cmpint (p->rw, ==, rw);
  g_assert_true (p->complete);
  g_assert_cmpuint (p->bytes, ==, ZRAM_BYTES);
  g_assert_cmpuint (p->segments->len, >, 1);
  for (guint i = 0; i < p->segments->len; i++)
    {
      const SsdbFillPoint *s = &g_array_index (p->segments, SsdbFillPoint, i);

      g_assert_cmpuint (s->position_bytes, >, previous);
      g_assert_cmpfloat (s->bytes_per_second, >, 10e6);
      previous = s->position_bytes;
    }
  g_assert_cmpuint (previous, ==, ZRAM_BYTES);
  g_assert_cmpuint (p->intervals->len, >=, 1);
  g_assert_cmpfloat (p->bytes_per_second, >, 10e6);
}

static void
test_fill (void)
{
  const SsdbFillResult *r;
  SsdbFillChart *chart = ssdb_fill_page_get_chart (page);
  guint drawn_passes = 0, drawn_segments = 0, drawn_phases = 0, segments = 0;
  const char *words;
  g_autofree char *shot = NULL;

  configure (2, TRUE, 1024 * 1024, 4);

  /* Refused: nothing runs, nothing was written. */
  start_confirmed ("cancel");
  g_assert_false (ssdb_fill_page_get_running (page));
  g_assert_false (ssdb_window_is_inhibiting (window));
  g_assert_false (ssdb_fill_page_has_result (page));

  /* Confirmed: the fill runs. */
  start_confirmed ("destroy");
  g_assert_true (ssdb_fill_page_get_running (page));
  g_assert_true (ssdb_window_is_inhibiting (window));
  /* The summary's own write switch is not turned on by it. */
  g_assert_false (ssdb_summary_page_get_writes_enabled (ssdb_window_get_summary_page (window)));
  ssdb_gui_test_iterate_until (is_finished, NULL, 120000);
  g_assert_true (finished);
  g_assert_no_error (finish_error);
  g_assert_false (ssdb_fill_page_get_running (page));
  g_assert_false (ssdb_window_is_inhibiting (window));
  /* This fill can end before its first coalesced update (128 MiB of zram takes a fraction of a
   * second); the long run of test_stop asserts the live updates. */
  g_test_message ("%u coalesced updates, up to %u passes seen live", updates, max_live_passes);

  r = ssdb_fill_page_get_result (page);
  g_assert_nonnull (r);
  g_assert_false (r->cancelled);
  g_assert_cmpuint (r->passes->len, ==, 3);
  check_pass (g_ptr_array_index (r->passes, 0), SSDB_RW_WRITE);
  check_pass (g_ptr_array_index (r->passes, 1), SSDB_RW_WRITE);
  check_pass (g_ptr_array_index (r->passes, 2), SSDB_RW_READ);
  for (guint i = 0; i < r->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (r->passes, i);

      segments += p->segments->len;
      g_test_message ("pass %u (%s): %.0f MB/s, %u segments, %u intervals", i,
                      p->rw == SSDB_RW_READ ? "read-back" : "write", p->bytes_per_second / 1e6,
                      p->segments->len, p->intervals->len);
    }
  g_assert_cmpfloat (ssdb_fill_page_get_fraction (page), ==, 1.0);
  /* Two write passes were asked for: the status counts them, and the read-back apart. */
  g_test_message ("status: %s", ssdb_fill_page_get_status (page));
  g_assert_true (g_str_has_prefix (ssdb_fill_page_get_status (page), "Done: 2 write passes, "));
  g_assert_nonnull (strstr (ssdb_fill_page_get_status (page), " · read-back at "));

  /* The analysis: at least one phase, its words in the painting and the chart's description. */
  g_assert_nonnull (r->analysis.words);
  g_assert_cmpuint (strlen (r->analysis.words), >, 10);
  g_assert_cmpuint (r->analysis.phases->len, >=, 1);
  g_test_message ("analysis: %s", r->analysis.words);
  g_assert_cmpstr (ssdb_fill_page_get_analysis_text (page), ==, r->analysis.words);

  wait_painted ();
  words = ssdb_fill_chart_get_drawn (chart, &drawn_passes, &drawn_segments, &drawn_phases);
  g_assert_cmpuint (drawn_passes, ==, 3);
  g_assert_cmpuint (drawn_segments, ==, segments);
  g_assert_cmpuint (drawn_phases, ==, r->analysis.phases->len);
  g_assert_cmpstr (words, ==, r->analysis.words);
  shot = ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-fill.png", 100);

  /* Export Image of the page shown: the review style at 1200 × 700, scale 2. */
  {
    g_autofree char *path = g_build_filename (g_get_tmp_dir (), "ssdb-fill-export.png", NULL);
    g_autoptr (GError) error = NULL;
    g_autoptr (GdkTexture) texture = NULL;

    g_assert_true (ssdb_fill_page_has_result (page));
    g_assert_true (ssdb_window_export_image_to (window, path, &error));
    g_assert_no_error (error);
    texture = gdk_texture_new_from_filename (path, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 2400);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, 1400);
    if (g_getenv ("G_TEST_BUILDDIR") != NULL)
      {
        g_autofree char *keep
            = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "gui-fill-export.png", NULL);
        g_autofree char *cmd = g_strdup_printf ("cp %s %s", path, keep);

        ssdb_gui_test_run_cmd (cmd);
      }
    g_unlink (path);
  }

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  wait_painted ();
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-fill-dark.png", 100));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  wait_painted ();
}

static gboolean
some_rates (gpointer data)
{
  const SsdbFillResult *r = ssdb_fill_page_get_result (page);

  return finished
         || (r != NULL && r->passes->len > 0
             && ((SsdbFillPass *)g_ptr_array_index (r->passes, 0))->intervals->len > 0);
}

static void
test_stop (void)
{
  const SsdbFillResult *r;
  SsdbStopTiming timing;
  g_autofree char *throttle = NULL;
  gint64 t0, took;

  ssdb_gui_test_iterate_until (page_idle, NULL, 5000);
  /* Four passes of 4 KiB writes at QD1 and the read-back, the writes throttled to 16 MB/s:
   * about 8 s a pass, long enough to stop half-way however fast the engine and the machine. */
  throttle = ssdb_gui_test_throttle_writes (zram_name, 16000000);
  if (throttle == NULL)
    {
      g_test_skip ("cgroup v1 blkio throttling is not available");
      return;
    }
  configure (4, TRUE, 4096, 1);
  start_confirmed ("destroy");
  g_assert_true (ssdb_fill_page_get_running (page));
  ssdb_gui_test_iterate_until (some_rates, NULL, 60000);
  g_assert_false (finished);
  g_assert_true (ssdb_fill_page_get_running (page));
  /* The rates of a running fill reach the page only through its coalesced updates. */
  g_assert_cmpuint (updates, >=, 1);
  g_assert_cmpuint (max_live_passes, >=, 1);
  wait_painted ();
  g_free (ssdb_gui_test_screenshot (GTK_WINDOW (window), "gui-fill-live.png", 100));
  /* Let the frames queued around the screenshot settle, then measure the stop alone. */
  for (gint64 end = g_get_monotonic_time () + 200000; g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);
  g_assert_false (finished);

  t0 = g_get_monotonic_time ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "stop", NULL);
  g_test_message ("stop action returned after %" G_GINT64_FORMAT " µs",
                  g_get_monotonic_time () - t0);
  ssdb_gui_test_iterate_until (is_finished, NULL, 5000);
  took = g_get_monotonic_time () - t0;
  g_assert_true (finished);
  ssdb_gui_test_iterate_until (page_idle, NULL, 5000);
  ssdb_fill_page_get_stop_timing (page, &timing);
  g_test_message ("stop took %" G_GINT64_FORMAT " µs; engine: I/O stopped after %" G_GINT64_FORMAT
                  " µs, target closed after %" G_GINT64_FORMAT " µs; finished reported after "
                  "%" G_GINT64_FORMAT " µs",
                  took, timing.io_stopped_us - timing.requested_us,
                  timing.closed_us - timing.requested_us, timing.finished_us - timing.requested_us);
  g_assert_cmpint (timing.requested_us, >=, t0);
  g_assert_cmpint (timing.io_stopped_us, >, timing.requested_us);
  ssdb_gui_test_assert_stop_time ("engine stop", timing.io_stopped_us - timing.requested_us);
  ssdb_gui_test_assert_stop_time ("finished after stop", timing.finished_us - timing.requested_us);
  ssdb_gui_test_assert_stop_time ("stop seen by the test", took);
  g_assert_error (finish_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  g_assert_false (ssdb_fill_page_get_running (page));
  g_assert_false (ssdb_window_is_inhibiting (window));
  r = ssdb_fill_page_get_result (page);
  g_assert_true (r->cancelled);
  g_assert_cmpuint (r->passes->len, >=, 1);
  g_assert_cmpuint (r->passes->len, <, 5);
  g_assert_false (((SsdbFillPass *)g_ptr_array_index (r->passes, r->passes->len - 1))->complete);
  /* No analysis claimed for a stopped fill. */
  g_assert_cmpstr (ssdb_fill_page_get_analysis_text (page), ==, "");
  g_assert_cmpstr (ssdb_window_get_last_toast (window), ==,
                   "Fill stopped; the rates measured so far are kept");
  wait_painted ();
  ssdb_gui_test_unthrottle (throttle);
}

int
main (int argc, char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (!ssdb_gui_test_zram_setup (ZRAM_BYTES, FALSE, &zram_name, &zram_path))
    return g_test_run ();
  window = ssdb_gui_test_open_window (&app);
  page = ssdb_window_get_fill_page (window);
  g_signal_connect (page, "finished", G_CALLBACK (on_finished), NULL);
  g_signal_connect (page, "updated", G_CALLBACK (on_updated), NULL);
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, window, 10000);
  ssdb_gui_test_iterate_until (ssdb_gui_test_monitor_ready, app, 15000);
  g_assert_true (ssdb_window_select_target (window, zram_path));
  ssdb_window_set_page (window, "fill");

  g_test_add_func ("/gui-fill/fill", test_fill);
  g_test_add_func ("/gui-fill/stop", test_stop);
  ret = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  g_clear_error (&finish_error);
  ssdb_gui_test_zram_remove (zram_name);
  return ret;
}
