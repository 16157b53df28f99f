/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The SSD Behaviour page in a plain window on a real 128 MiB zram device under Xvfb: each of
 * the six tests runs with small settings through the page's own controls; the words and the
 * status the page shows are those of the engine's result; compressibility on zram shows zeros
 * written faster than random data; live updates arrive; Stop ends a run within 250 ms and keeps
 * what was measured; settings that do not fit are refused by the engine's check, naming the
 * setting; the export is a 2400 × 1400 PNG; a loaded result is selected and drawn. Screenshots
 * are written to the build directory. Run through tests/gui/run-xvfb.sh.
 */
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <adwaita.h>

#include "engine/ssdb-compression.h"
#include "engine/ssdb-consistency.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-freespace.h"
#include "engine/ssdb-readback.h"
#include "engine/ssdb-recovery.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-trim.h"
#include "render/ssdb-consistency-painter.h"
#include "ssdb-behaviour-page.h"

#include "gui/ssdb-gui-test.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)
#define ZRAM_BYTES (128 * MIB)

static GtkWindow *window;
static SsdbBehaviourPage *page;
static char *zram_name;
static char *zram_path;
static SsdbDeviceIdentity *zram_identity; /* the medium each run is allowed to overwrite */
static char *title;
static GError *finish_error;
static gboolean finished;
static guint updates;
static GPtrArray *statuses; /* status lines seen on updates */

/* ---- helpers ------------------------------------------------------------------------------ */

static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_named (c, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
control (const char *name)
{
  GtkWidget *w = find_named (GTK_WIDGET (page), name);

  if (w == NULL)
    g_error ("no control named %s", name);
  return w;
}

static void
set_spin (const char *name, double value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (control (name)), value);
}

static void
set_text (const char *name, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (control (name)), text);
}

/* Keeps only the summary test @keep (index in the default profile) of @prefix's tests. */
static void
only_test (const char *prefix, guint keep)
{
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s-test-%u", prefix, i);

      gtk_check_button_set_active (GTK_CHECK_BUTTON (control (name)), i == keep);
    }
}

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
  g_ptr_array_add (statuses, g_strdup (ssdb_behaviour_page_get_status (page)));
}

static void
watch (void)
{
  SsdbPageRun *run = ssdb_behaviour_page_get_run (page);

  finished = FALSE;
  updates = 0;
  g_ptr_array_set_size (statuses, 0);
  g_clear_error (&finish_error);
  g_signal_handlers_disconnect_by_func (run, on_finished, NULL);
  g_signal_handlers_disconnect_by_func (run, on_updated, NULL);
  /* After the page's own handlers, as the window's. */
  g_signal_connect (run, "finished", G_CALLBACK (on_finished), NULL);
  g_signal_connect (run, "updated", G_CALLBACK (on_updated), NULL);
}

static gboolean
seen_status (const char *part)
{
  for (guint i = 0; i < statuses->len; i++)
    if (strstr (g_ptr_array_index (statuses, i), part) != NULL)
      return TRUE;
  return FALSE;
}

static gboolean
snapshot_after (gpointer data)
{
  SsdbChartView *chart = data;

  return ssdb_chart_view_get_snapshot_count (chart)
         > GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (chart), "before"));
}

static void
wait_painted (void)
{
  SsdbChartView *chart = ssdb_behaviour_page_get_chart (page);

  g_object_set_data (G_OBJECT (chart), "before",
                     GUINT_TO_POINTER (ssdb_chart_view_get_snapshot_count (chart)));
  ssdb_chart_view_invalidate (chart);
  ssdb_gui_test_iterate_until (snapshot_after, chart, 5000);
  g_assert_true (snapshot_after (chart));
}

/* What the window gives a start on the zram device: its node, size and block size, and the
 * medium the run may overwrite. */
static const SsdbTestPageStart *
zram_start (void)
{
  static SsdbTestPageStart start;

  start = (SsdbTestPageStart){ .path = zram_path,
                               .is_device = TRUE,
                               .permission = zram_identity,
                               .device_bytes = ZRAM_BYTES,
                               .block_size = 4096 };
  return &start;
}

/* Starts the selected test on the zram device and waits for its end; asserts success. */
static void
run_selected (guint timeout_ms)
{
  g_autoptr (GError) error = NULL;
  SsdbPageRun *run = ssdb_behaviour_page_get_run (page);
  gint64 t0 = g_get_monotonic_time ();

  watch ();
  g_assert_true (ssdb_behaviour_page_start (page, zram_start (), &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_page_run_get_running (run));
  g_assert_false (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_TRIM));
  ssdb_gui_test_iterate_until (is_finished, NULL, timeout_ms);
  g_assert_true (finished);
  if (finish_error != NULL)
    g_test_message ("run failed: %s", finish_error->message);
  g_assert_no_error (finish_error);
  ssdb_gui_test_iterate_until (run_idle, run, 5000);
  g_test_message ("%s: %.1f s, %u updates, status “%s”", zram_path,
                  (double)(g_get_monotonic_time () - t0) / 1e6, updates,
                  ssdb_behaviour_page_get_status (page));
  g_assert_cmpuint (updates, >=, 1);
  g_assert_true (g_str_has_prefix (ssdb_behaviour_page_get_status (page), "Done in "));
  wait_painted ();
}

/* The words the page shows are the result's, and the result's analysis gives them again. */
static void
assert_words (const char *words)
{
  g_assert_nonnull (words);
  g_assert_cmpstr (ssdb_behaviour_page_get_words (page), ==, words);
  g_assert_cmpuint (strlen (words), >, 10);
}

/* ---- tests -------------------------------------------------------------------------------- */

/* The chart as the window draws it now, rendered by the window's renderer. */
static GBytes *
chart_pixels (void)
{
  GtkWidget *chart = GTK_WIDGET (ssdb_behaviour_page_get_chart (page));
  GdkPaintable *paintable = gtk_widget_paintable_new (chart);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int w = gtk_widget_get_width (chart), h = gtk_widget_get_height (chart);
  GskRenderNode *node;
  GdkTexture *texture;
  GBytes *bytes;
  guchar *data;

  wait_painted ();
  ssdb_gui_test_iterate_for (100);
  w = gtk_widget_get_width (chart);
  h = gtk_widget_get_height (chart);
  g_test_message ("chart %d × %d, mapped %d", w, h, gtk_widget_get_mapped (chart));
  data = g_malloc ((gsize)w * h * 4);
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (chart)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_texture_download (texture, data, (gsize)w * 4);
  bytes = g_bytes_new_take (data, (gsize)w * h * 4);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
  return bytes;
}

static gboolean
label_reads (GtkWidget *widget, const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* The status line holds its whole text: wrapped onto more lines, never cut or ellipsized. */
static void
assert_status_whole (void)
{
  const char *text = ssdb_behaviour_page_get_status (page);
  GtkWidget *label = ssdb_gui_test_find_widget (GTK_WIDGET (page), label_reads, text);
  PangoLayout *layout;
  int lw, lh;

  g_assert_nonnull (label);
  layout = gtk_label_get_layout (GTK_LABEL (label));
  pango_layout_get_pixel_size (layout, &lw, &lh);
  g_test_message ("status %d × %d px in a label of %d × %d, %d lines", lw, lh,
                  gtk_widget_get_width (label), gtk_widget_get_height (label),
                  pango_layout_get_line_count (layout));
  g_assert_false (pango_layout_is_ellipsized (layout));
  g_assert_cmpint (lw, <=, gtk_widget_get_width (label));
  g_assert_cmpint (lh, <=, gtk_widget_get_height (label));
}

/* Before a run, the status says how long one takes on the target, and follows the settings. */
static void
test_estimate (void)
{
  const char *status;
  g_autofree char *before = NULL;

  /* read after write over all of the 128 MiB device: twice written, each time read back twice */
  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_READBACK));
  status = ssdb_behaviour_page_get_status (page);
  g_test_message ("%s", status);
  g_assert_true (g_str_has_prefix (status, "A run takes about 2 s at 500 MB/s"));
  g_assert_nonnull (strstr (status, " at 500 MB/s: it writes 268.4 MB and reads 536.9 MB"));
  before = g_strdup (status);
  set_spin ("readback-span-gb", 0.06);
  status = ssdb_behaviour_page_get_status (page);
  g_test_message ("%s", status);
  /* 0.06 GB in whole MiB: 57 MiB, written twice and read four times */
  g_assert_nonnull (strstr (status, "it writes 119.5 MB and reads 239.1 MB"));
  set_spin ("readback-span-gb", 0);
  g_assert_cmpstr (ssdb_behaviour_page_get_status (page), ==, before);

  /* the compression test: AS SSD's 10 % steps make twelve levels instead of six */
  {
    GtkDropDown *steps = GTK_DROP_DOWN (control ("compression-step"));
    g_autoptr (GBytes) quarters = NULL, tenths = NULL, back = NULL;

    g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_COMPRESSION));
    set_spin ("compression-span-mib", 32);
    set_spin ("compression-passes", 2);
    g_assert_cmpuint (gtk_drop_down_get_selected (steps), ==, 0);
    /* 6 levels × 2 passes of 32 MiB, and the first write: 13 writes, 12 reads */
    status = ssdb_behaviour_page_get_status (page);
    g_test_message ("%s", status);
    g_assert_nonnull (strstr (status, "it writes 436.2 MB and reads 402.7 MB"));
    /* 838.9 MB at 500 MB/s, 1.68 s: told in whole seconds */
    g_assert_true (g_str_has_prefix (status, "A run takes about 2 s at 500 MB/s"));
    quarters = chart_pixels ();
    gtk_drop_down_set_selected (steps, 1);
    /* 12 levels × 2 passes: 25 writes, 24 reads */
    status = ssdb_behaviour_page_get_status (page);
    g_test_message ("%s", status);
    g_assert_nonnull (strstr (status, "it writes 838.9 MB and reads 805.3 MB"));
    g_assert_true (g_str_has_prefix (status, "A run takes about 3 s at 500 MB/s"));
    /* the empty chart before a run is that of the chosen steps, not of the 25 % ones */
    tenths = chart_pixels ();
    g_assert_false (g_bytes_equal (quarters, tenths));
    g_free (ssdb_gui_test_screenshot (window, "behaviour-steps-empty.png", 100));
    gtk_drop_down_set_selected (steps, 0);
    back = chart_pixels ();
    g_assert_true (g_bytes_equal (quarters, back));
  }

  /* the steady state: its duration, and its preconditioning over the device */
  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_CONSISTENCY));
  set_spin ("consistency-minutes", 2);
  set_spin ("consistency-precondition", 1);
  status = ssdb_behaviour_page_get_status (page);
  g_test_message ("%s", status);
  g_assert_cmpstr (status, ==,
                   "A run takes about 2 min at 500 MB/s: 2 min of timed tests and pauses, and "
                   "it writes 134.2 MB");
  g_free (ssdb_gui_test_screenshot (window, "behaviour-estimate.png", 100));
  /* in a narrow window the long estimate wraps */
  gtk_window_set_default_size (window, 600, 620);
  ssdb_gui_test_iterate_for (300);
  wait_painted ();
  assert_status_whole ();
  g_free (ssdb_gui_test_screenshot (window, "behaviour-estimate-narrow.png", 100));
  gtk_window_set_default_size (window, 1200, 800);
  ssdb_gui_test_iterate_for (300);
  set_spin ("consistency-precondition", 0);
  g_assert_cmpstr (ssdb_behaviour_page_get_status (page), ==, "A run takes 2 min");

  /* an unknown target size: the run's size cannot be told */
  ssdb_behaviour_page_set_target (page, title, 0);
  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_READBACK));
  g_assert_cmpstr (ssdb_behaviour_page_get_status (page), ==,
                   "How long a run takes depends on the size of the target: choose one");
  ssdb_behaviour_page_set_target (page, title, ZRAM_BYTES);
  g_assert_cmpstr (ssdb_behaviour_page_get_status (page), ==, before);
}

static void
test_refuse (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *body = NULL;
  g_autofree char *expected = NULL;

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_RECOVERY));
  set_spin ("recovery-write-gb", 1.0);
  g_assert_false (ssdb_behaviour_page_start (page, zram_start (), &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  /* the engine's check: 1.00 GB in whole 1 MiB transfers, 954 MiB */
  expected = g_strdup_printf ("Write size 1000341504 bytes is more than the 134217728 bytes of %s "
                              "from byte 0",
                              zram_path);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_pointer (&expected, g_free);
  g_clear_error (&error);

  /* The field holds what is written: whole 1 MiB transfers, shown to the MB. */
  set_spin ("recovery-write-gb", 0.05);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (control ("recovery-write-gb"))), ==,
                   "0.0503");
  g_assert_cmpfloat_with_epsilon (
      gtk_spin_button_get_value (GTK_SPIN_BUTTON (control ("recovery-write-gb"))), 48 * MIB / 1e9,
      1e-9);
  set_text ("recovery-pauses", "1, soon");
  g_assert_true (gtk_widget_has_css_class (control ("recovery-pauses"), "error"));
  g_assert_false (ssdb_behaviour_page_start (page, zram_start (), &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "Pauses: “soon”"));
  g_clear_error (&error);
  set_text ("recovery-pauses", "1, 2, 3, 4, 5, 6, 7, 8, 9");
  g_assert_false (ssdb_behaviour_page_start (page, zram_start (), &error));
  g_assert_true (g_str_has_prefix (error->message, "Pauses:"));
  g_clear_error (&error);
  set_text ("recovery-pauses", "1, 5, 10");
  g_assert_false (gtk_widget_has_css_class (control ("recovery-pauses"), "error"));

  body = ssdb_behaviour_page_dup_confirm_body (page, "/dev/zram9 (zram, 134 MB)");
  g_test_message ("%s", body);
  g_assert_cmpstr (body, ==,
                   "Writes the first 50.33 MB of /dev/zram9 (zram, 134 MB) with random data 4 "
                   "times, from its start, and leaves it idle for 1 min, 5 min, 10 min between "
                   "the writes (3 pauses). All data stored there will be destroyed and cannot be "
                   "recovered.");
  g_clear_pointer (&body, g_free);
  /* each write on the next span: four spans of 50.33 MB */
  ssdb_behaviour_page_set_next_span (page, TRUE);
  body = ssdb_behaviour_page_dup_confirm_body (page, "/dev/zram9 (zram, 134 MB)");
  g_test_message ("%s", body);
  g_assert_true (g_str_has_prefix (body, "Writes the first 201.3 MB of /dev/zram9 (zram, 134 MB) "
                                         "with random data in 4 writes one after the other"));
  g_clear_pointer (&body, g_free);
  ssdb_behaviour_page_set_next_span (page, FALSE);

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_COMPRESSION));
  ssdb_behaviour_page_set_compression_span (page, 256 * MIB);
  /* The check the window makes before its confirmation refuses what start() refuses: the
   * engine's check of the settings against the device the start names. */
  expected = g_strdup_printf ("The span (268435456 bytes from 0) ends beyond the end of %s "
                              "(134217728 bytes)",
                              zram_path);
  g_assert_false (ssdb_behaviour_page_check (page, zram_start (), &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_assert_false (ssdb_behaviour_page_start (page, zram_start (), &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_pointer (&expected, g_free);
  g_clear_error (&error);
  /* a test file: checked against the size the window makes it */
  {
    SsdbTestPageStart file = { .path = g_get_tmp_dir (), .file_size = 64 * MIB };

    expected = g_strdup_printf ("The span (268435456 bytes from 0) ends beyond the end of test "
                                "file in %s (67108864 bytes)",
                                g_get_tmp_dir ());
    g_assert_false (ssdb_behaviour_page_check (page, &file, &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
    g_assert_cmpstr (error->message, ==, expected);
    g_clear_pointer (&expected, g_free);
    g_clear_error (&error);
  }
  ssdb_behaviour_page_set_compression_span (page, 64 * MIB);
  g_assert_true (ssdb_behaviour_page_check (page, zram_start (), &error));
  g_assert_no_error (error);
  g_assert_false (ssdb_page_run_get_running (ssdb_behaviour_page_get_run (page)));
  ssdb_behaviour_page_set_compression_span (page, 256 * MIB);
  g_assert_false (ssdb_behaviour_page_check (page, zram_start (), &error));
  g_clear_error (&error);

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_TRIM));
  only_test ("trim", 99);
  g_assert_false (ssdb_behaviour_page_start (page, zram_start (), &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_true (g_str_has_prefix (error->message, "Tests:"));
  g_clear_error (&error);
  only_test ("trim", 0);
  set_spin ("trim-test-size", 512);
  g_assert_false (ssdb_behaviour_page_start (page, zram_start (), &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_assert_cmpstr (error->message, ==,
                   "The summary's test size (536870912 bytes) must fit in the span (134217728 "
                   "bytes)");
  g_clear_error (&error);
  body = ssdb_behaviour_page_dup_confirm_body (page, "/dev/zram9 (zram, 134 MB)");
  g_test_message ("%s", body);
  g_assert_cmpstr (body, ==,
                   "Fills all of /dev/zram9 (zram, 134 MB) with random data 5 times and discards "
                   "it after each fill (TRIM), with summary tests (SEQ1M Q8T1) before and after. "
                   "All data stored on it will be destroyed and cannot be recovered.");
  g_clear_pointer (&body, g_free);

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_CONSISTENCY));
  /* A quarter of a minute shows as such and runs 15 s. */
  set_spin ("consistency-minutes", 0.25);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (control ("consistency-minutes"))), ==,
                   "0.25");
  body = ssdb_behaviour_page_dup_confirm_body (page, "/dev/zram9 (zram, 134 MB)");
  g_test_message ("%s", body);
  g_assert_nonnull (strstr (body, " for 15 s at QD"));
  g_assert_nonnull (strstr (body, "(data: random data)."));
  g_clear_pointer (&body, g_free);
  set_spin ("consistency-minutes", 0.1);
  set_spin ("consistency-round-s", 10);
  g_assert_false (ssdb_behaviour_page_start (page, zram_start (), &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "Duration 6 s is shorter than one round (10 s)");
  g_clear_error (&error);

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_READBACK));
  set_spin ("readback-span-gb", 0.2);
  g_assert_false (ssdb_behaviour_page_start (page, zram_start (), &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  /* 0.2 GB in whole MiB: 191 MiB */
  expected = g_strdup_printf ("The span (200278016 bytes from 0) ends beyond the end of %s "
                              "(134217728 bytes)",
                              zram_path);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);

  /* Nothing ran. */
  g_assert_false (ssdb_page_run_get_running (ssdb_behaviour_page_get_run (page)));
  for (SsdbTestKind v = SSDB_TEST_KIND_RECOVERY; v <= SSDB_TEST_KIND_READBACK; v++)
    g_assert_null (ssdb_behaviour_page_get_result (page, v));
}

static void
test_recovery (void)
{
  const SsdbRecoveryResult *r;
  SsdbRecoveryResult *again;

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_RECOVERY));
  set_spin ("recovery-write-gb", 0.05);
  set_text ("recovery-pauses", "1s, 2s");
  run_selected (120000);
  r = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_RECOVERY);
  g_assert_nonnull (r);
  g_assert_false (r->cancelled);
  g_assert_cmpuint (r->spec.n_pauses, ==, 2);
  g_assert_cmpuint (r->spec.pauses_ns[0], ==, 1000000000);
  g_assert_cmpuint (r->spec.pauses_ns[1], ==, 2000000000);
  g_assert_cmpuint (r->writes->len, ==, 3);
  for (guint i = 0; i < r->writes->len; i++)
    {
      const SsdbRecoveryWrite *w = &g_array_index (r->writes, SsdbRecoveryWrite, i);

      g_assert_true (w->complete);
      /* 0.05 GB, held at the nearest whole 1 MiB transfer: 48 MiB (50.33 MB). */
      g_assert_cmpuint (w->bytes, ==, 48 * MIB);
      g_assert_cmpfloat (w->bytes_per_second, >, 0);
      g_assert_cmpuint (w->pause_ns, ==, i == 0 ? 0 : r->spec.pauses_ns[i - 1]);
    }
  /* The live status named the pauses. */
  g_assert_true (seen_status ("Pause 2 of 2: "));
  g_free (ssdb_gui_test_screenshot (window, "behaviour-recovery.png", 100));
  assert_words (r->words);
  /* The analysis of the page's copy gives the same words. */
  again = ssdb_recovery_result_new (&r->spec);
  for (guint i = 0; i < r->writes->len; i++)
    {
      SsdbRecoveryWrite w = g_array_index (r->writes, SsdbRecoveryWrite, i);

      w.segments = g_array_copy (w.segments);
      w.intervals = g_array_copy (w.intervals);
      g_array_append_val (again->writes, w);
    }
  ssdb_recovery_analyze (again);
  g_assert_cmpstr (again->words, ==, r->words);
  g_assert_cmpfloat (again->fast_bytes_per_second, ==, r->fast_bytes_per_second);
  ssdb_recovery_result_free (again);
}

static void
test_compression (void)
{
  const SsdbCompressionResult *r;
  const SsdbCompressionPoint *random, *zero;
  g_autofree char *shot = NULL;

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_COMPRESSION));
  set_spin ("compression-span-mib", 64);
  gtk_switch_set_active (GTK_SWITCH (control ("compression-zero")), TRUE);
  /* The best of three passes keeps a busy machine from hiding the difference. */
  set_spin ("compression-passes", 3);
  run_selected (120000);
  r = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION);
  g_assert_nonnull (r);
  g_assert_cmpuint (r->spec.span_length, ==, 64 * MIB);
  g_assert_cmpuint (r->spec.passes, ==, 3);
  g_assert_cmpuint (r->points->len, ==, 6);
  random = &g_array_index (r->points, SsdbCompressionPoint, 0);
  zero = &g_array_index (r->points, SsdbCompressionPoint, 5);
  g_assert_cmpint (random->data.kind, ==, SSDB_DATA_RANDOM);
  g_assert_cmpint (zero->data.kind, ==, SSDB_DATA_ZERO);
  g_test_message ("zram: random %.0f MB/s, zeros %.0f MB/s written",
                  random->write_bytes_per_second / 1e6, zero->write_bytes_per_second / 1e6);
  g_assert_cmpuint (random->write_bytes, ==, 64 * MIB);
  /* zram stores zero pages without compressing them. */
  g_assert_cmpfloat (zero->write_bytes_per_second, >, random->write_bytes_per_second);
  /* the levels take turns pass by pass, after a first write that prepares the region */
  g_assert_true (seen_status ("Pass 1 of 3 · "));
  g_assert_true (seen_status ("Pass 3 of 3 · "));
  assert_words (r->words);
  {
    SsdbCompressionResult *again = ssdb_compression_result_new (&r->spec);

    g_array_append_vals (again->points, r->points->data, r->points->len);
    ssdb_compression_summarize (again);
    g_assert_cmpstr (again->words, ==, r->words);
    ssdb_compression_result_free (again);
  }
  /* The screenshot of the data shipped with the application. */
  shot = ssdb_gui_test_screenshot (window, "behaviour.png", 200);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  wait_painted ();
  g_free (ssdb_gui_test_screenshot (window, "behaviour-dark.png", 200));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  wait_painted ();
}

/* AS SSD's 10 % steps from the page's "Steps" choice: the estimate and the confirmation
 * follow the twelve levels, the run measures them, and the chart draws them as lines. */
static void
test_compression_steps (void)
{
  const SsdbCompressionResult *r;
  GtkDropDown *steps = GTK_DROP_DOWN (control ("compression-step"));
  g_autofree char *body = NULL;

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_COMPRESSION));
  set_spin ("compression-span-mib", 32);
  gtk_switch_set_active (GTK_SWITCH (control ("compression-zero")), TRUE);
  set_spin ("compression-passes", 2);
  gtk_drop_down_set_selected (steps, 1);
  body = ssdb_behaviour_page_dup_confirm_body (page, "/dev/zram9");
  g_test_message ("%s", body);
  g_assert_true (g_str_has_prefix (body, "After a first write with random data, writes the first "
                                         "32 MiB of /dev/zram9 24 times, with random data, 10 "
                                         "to 100 % compressible data in steps of 10 % and zeros"));
  run_selected (120000);
  r = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION);
  g_assert_nonnull (r);
  g_assert_cmpuint (r->spec.step_percent, ==, 10);
  g_assert_cmpuint (r->points->len, ==, 12);
  for (guint i = 1; i + 1 < r->points->len; i++)
    g_assert_cmpuint (g_array_index (r->points, SsdbCompressionPoint, i).data.compressible_percent,
                      ==, 10 * i);
  assert_words (r->words);
  g_free (ssdb_gui_test_screenshot (window, "behaviour-steps.png", 200));
  gtk_drop_down_set_selected (steps, 0);
}

static void
test_trim (void)
{
  const SsdbTrimResult *r;

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_TRIM));
  ssdb_behaviour_page_set_trim (page, 2, TRUE);
  ssdb_behaviour_page_set_stress (page, SSDB_TEST_KIND_TRIM, TRUE);
  g_assert_true (
      ssdb_behaviour_page_set_summary (page, SSDB_TEST_KIND_TRIM, 1u << 0, 16 * MIB, 500000000));
  {
    g_autofree char *body = ssdb_behaviour_page_dup_confirm_body (page, "/dev/zram9");

    g_assert_nonnull (strstr (body, "Before that, writes it once more in random 4 KiB writes."));
  }
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (control ("trim-rounds"))), ==,
                   2);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (control ("trim-test-0"))));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (control ("trim-test-1"))));
  run_selected (120000);
  r = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_TRIM);
  g_assert_nonnull (r);
  g_assert_cmpuint (r->spec.rounds, ==, 2);
  g_assert_true (r->spec.discard);
  g_assert_cmpuint (r->spec.summary.size, ==, 16 * MIB);
  g_assert_cmpuint (r->spec.summary.duration_ns, ==, 500000000);
  g_assert_cmpuint (r->rounds->len, ==, 2);
  g_assert_cmpuint (r->tests->len, ==, 2);
  /* the random-write stress first: the span's size in 4 KiB writes */
  g_assert_true (r->spec.stress);
  g_assert_cmpuint (r->stress.block_size, ==, 4096);
  g_assert_cmpuint (r->stress.bytes, ==, r->spec.span_length);
  g_assert_cmpuint (r->stress.ios, ==, r->spec.span_length / 4096);
  g_assert_true (g_str_has_prefix (r->words, "After a random-write stress"));
  for (guint i = 0; i < r->tests->len; i++)
    {
      const SsdbTrimTest *t = &g_array_index (r->tests, SsdbTrimTest, i);

      g_assert_cmpstr (t->name, ==, "SEQ1M Q8T1");
      g_assert_cmpfloat (t->before_bytes_per_second, >, 0);
      g_assert_cmpfloat (t->after_bytes_per_second, >, 0);
    }
  for (guint i = 0; i < r->rounds->len; i++)
    g_assert_cmpuint (g_array_index (r->rounds, SsdbTrimRound, i).deleted_bytes, ==,
                      r->spec.span_length);
  /* The rounds' status ("Round 1 of 2: filling"): a round of 128 MiB on zram can end between
   * two of the page's updates (every 100 ms), so it must be seen only when the rounds lasted
   * long enough for several updates to fall in them. */
  {
    guint64 rounds_ns = 0;

    for (guint i = 0; i < r->rounds->len; i++)
      rounds_ns += g_array_index (r->rounds, SsdbTrimRound, i).fill_ns
                   + g_array_index (r->rounds, SsdbTrimRound, i).delete_ns;
    g_test_message ("rounds took %.3f s; their status %s", rounds_ns / 1e9,
                    seen_status (" of 2: ") ? "seen" : "not seen");
    if (rounds_ns >= 500000000)
      g_assert_true (seen_status (" of 2: "));
  }
  /* The summaries before and after name the test that runs. */
  g_assert_true (seen_status ("Before the rounds: SEQ1M Q8T1 "));
  g_assert_true (seen_status ("After 2 rounds: SEQ1M Q8T1 "));
  g_free (ssdb_gui_test_screenshot (window, "behaviour-trim.png", 100));
  assert_words (r->words);
  {
    SsdbTrimResult *again = ssdb_trim_result_new (&r->spec);

    again->stress = r->stress;
    g_array_append_vals (again->tests, r->tests->data, r->tests->len);
    g_array_append_vals (again->rounds, r->rounds->data, r->rounds->len);
    ssdb_trim_summarize (again);
    g_assert_cmpstr (again->words, ==, r->words);
    g_assert_cmpfloat (again->min_retention_percent, ==, r->min_retention_percent);
    ssdb_trim_result_free (again);
  }
  ssdb_behaviour_page_set_stress (page, SSDB_TEST_KIND_TRIM, FALSE);
}

static void
test_freespace (void)
{
  const SsdbFreespaceResult *r;

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_FREESPACE));
  ssdb_behaviour_page_set_freespace_step (page, 50);
  g_assert_true (ssdb_behaviour_page_set_summary (page, SSDB_TEST_KIND_FREESPACE, 1u << 3, 16 * MIB,
                                                  500000000));
  g_assert_false (ssdb_behaviour_page_set_summary (page, SSDB_TEST_KIND_CONSISTENCY, 0, 0, 0));
  run_selected (120000);
  r = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_FREESPACE);
  g_assert_nonnull (r);
  g_assert_cmpuint (r->steps->len, ==, 3);
  for (guint i = 0; i < r->steps->len; i++)
    {
      const SsdbFreespaceStep *s = &g_array_index (r->steps, SsdbFreespaceStep, i);

      g_assert_cmpuint (s->used_percent, ==, i * 50);
      g_assert_cmpuint (s->rates->len, ==, 2);
      g_assert_cmpstr (g_array_index (s->rates, SsdbTestRate, 0).name, ==, "RND4K Q1T1");
      g_assert_cmpfloat (g_array_index (s->rates, SsdbTestRate, 0).bytes_per_second, >, 0);
    }
  g_assert_true (seen_status (" % used: "));
  /* The status names the summary test that runs, with its direction. */
  g_assert_true (seen_status ("% used: RND4K Q1T1 read · "));
  g_assert_true (seen_status ("% used: RND4K Q1T1 write · "));
  g_assert_false (seen_status ("SEQ1M Q8T1"));
  g_free (ssdb_gui_test_screenshot (window, "behaviour-freespace.png", 100));
  assert_words (r->words);
}

static void
test_consistency (void)
{
  const SsdbConsistencyResult *r;

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_CONSISTENCY));
  ssdb_behaviour_page_set_consistency (page, 6 * G_GUINT64_CONSTANT (1000000000),
                                       G_GUINT64_CONSTANT (1000000000), 1);
  run_selected (120000);
  r = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_CONSISTENCY);
  g_assert_nonnull (r);
  g_assert_cmpuint (r->spec.duration_ns, ==, 6000000000);
  g_assert_cmpuint (r->spec.round_ns, ==, 1000000000);
  g_assert_cmpuint (r->spec.precondition_passes, ==, 1);
  g_assert_cmpuint (r->precondition_bytes, ==, r->spec.span_length);
  g_assert_cmpuint (r->rounds->len, >=, 5);
  g_assert_cmpuint (r->rounds->len, <=, 7);
  g_assert_cmpfloat (r->iops, >, 0);
  g_assert_true (seen_status ("IOPS"));
  g_free (ssdb_gui_test_screenshot (window, "behaviour-consistency.png", 100));
  assert_words (r->words);
  {
    SsdbConsistencyResult *again = ssdb_consistency_result_dup (r);

    ssdb_consistency_analyze (again);
    g_assert_cmpstr (again->words, ==, r->words);
    ssdb_consistency_result_free (again);
  }
}

static void
test_readback (void)
{
  const SsdbReadbackResult *r;

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_READBACK));
  set_spin ("readback-span-gb", 0.06);
  run_selected (120000);
  r = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_READBACK);
  g_assert_nonnull (r);
  g_assert_cmpuint (r->spec.span_length, ==, 57 * MIB);
  g_assert_nonnull (r->first);
  g_assert_nonnull (r->second);
  g_assert_cmpfloat (r->first_read_bytes_per_second, >, 0);
  g_assert_cmpfloat (r->second_read_bytes_per_second, >, 0);
  g_assert_true (seen_status ("Pass "));
  g_free (ssdb_gui_test_screenshot (window, "behaviour-readback.png", 100));
  assert_words (r->words);
  {
    SsdbReadbackResult again = *r;

    again.words = NULL;
    ssdb_readback_summarize (&again);
    g_assert_cmpstr (again.words, ==, r->words);
    g_assert_cmpfloat (again.difference_percent, ==, r->difference_percent);
    g_free (again.words);
  }
}

/* Where the rightmost round's dot ends, as a share of the plot's width: the chart drawn in the
 * review style, the dots' colour searched pixel by pixel. */
static double
dot_extent (const SsdbConsistencyView *view, int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (surface);
  cairo_rectangle_t plot;
  SsdbStyle style;
  const guint8 *data;
  int stride;
  double extent = -1;

  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  ssdb_consistency_painter_draw (view, &style, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  ssdb_consistency_painter_get_plot_rect (view, width, height, &plot);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = (int)plot.y + 1; y < (int)(plot.y + plot.height) - 1; y++)
    for (int x = (int)plot.x + 1; x < (int)(plot.x + plot.width) - 1; x++)
      {
        guint32 px = *(const guint32 *)(data + (gsize)y * stride + (gsize)x * 4);
        int pr = (px >> 16) & 0xff, pg = (px >> 8) & 0xff, pb = px & 0xff;
        /* The dots' colour over the plot: accent2 at 85 % */
        int wr = (int)lround ((style.accent2.r * 0.85 + 0.15) * 255);
        int wg = (int)lround ((style.accent2.g * 0.85 + 0.15) * 255);
        int wb = (int)lround ((style.accent2.b * 0.85 + 0.15) * 255);

        if (abs (pr - wr) <= 40 && abs (pg - wg) <= 40 && abs (pb - wb) <= 40)
          extent = MAX (extent, (x + 1 - plot.x) / plot.width);
      }
  cairo_surface_destroy (surface);
  return extent;
}

static gboolean
some_rounds (gpointer data)
{
  const SsdbConsistencyResult *r
      = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_CONSISTENCY);

  return finished || (r != NULL && r->rounds->len >= 2);
}

static void
test_stop (void)
{
  g_autoptr (GError) error = NULL;
  SsdbPageRun *run = ssdb_behaviour_page_get_run (page);
  const SsdbConsistencyResult *r;
  SsdbStopTiming timing;
  gint64 t0, took;

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_CONSISTENCY));
  set_spin ("consistency-minutes", 1);
  set_spin ("consistency-round-s", 0.5);
  set_spin ("consistency-precondition", 0);
  watch ();
  g_assert_true (ssdb_behaviour_page_start (page, zram_start (), &error));
  g_assert_no_error (error);
  ssdb_gui_test_iterate_until (some_rounds, NULL, 30000);
  g_assert_false (finished);
  g_assert_cmpuint (updates, >=, 2);
  g_assert_true (g_str_has_prefix (ssdb_behaviour_page_get_status (page), "Round "));
  g_free (ssdb_gui_test_screenshot (window, "behaviour-running.png", 0));
  wait_painted ();
  g_assert_false (finished);
  t0 = g_get_monotonic_time ();
  ssdb_page_run_stop (run);
  /* Until the device has completed the run's requests. */
  g_assert_true (ssdb_page_run_get_stopping (run));
  g_assert_cmpstr (ssdb_behaviour_page_get_status (page), ==, "Stopping…");
  ssdb_gui_test_iterate_until (is_finished, NULL, 5000);
  g_assert_false (ssdb_page_run_get_stopping (run));
  took = g_get_monotonic_time () - t0;
  g_assert_true (finished);
  ssdb_gui_test_iterate_until (run_idle, run, 5000);
  ssdb_page_run_get_stop_timing (run, &timing);
  ssdb_gui_test_assert_stop_time ("finished after stop", timing.finished_us - timing.requested_us);
  ssdb_gui_test_assert_stop_time ("stop seen by the test", took);
  g_assert_error (finish_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  r = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_CONSISTENCY);
  g_assert_nonnull (r);
  g_assert_true (r->cancelled);
  g_assert_cmpuint (r->rounds->len, >=, 2);
  g_assert_true (g_str_has_prefix (ssdb_behaviour_page_get_status (page), "Stopped"));
  {
    /* The time axis of the stopped run spans what was measured (its last dot near the right
     * edge); drawn as live, it spans the planned minute (the dots in its first part). */
    SsdbConsistencyView v;
    double stopped, live;

    ssdb_consistency_view_init (&v);
    v.result = r;
    stopped = dot_extent (&v, 1200, 700);
    v.running = TRUE;
    live = dot_extent (&v, 1200, 700);
    g_test_message ("%u rounds; last dot ends at %.3f of the plot (stopped), %.3f (live)",
                    r->rounds->len, stopped, live);
    g_assert_cmpfloat (stopped, >, 0.9);
    g_assert_cmpfloat (stopped, <=, 1.0);
    g_assert_cmpfloat (live, >, 0);
    g_assert_cmpfloat (live, <, 0.5);
  }
  /* The other tests keep their results. */
  for (SsdbTestKind v = SSDB_TEST_KIND_RECOVERY; v <= SSDB_TEST_KIND_READBACK; v++)
    g_assert_nonnull (ssdb_behaviour_page_get_result (page, v));
  /* What the page holds after the stop, the stopped run too, saves into a report that loads
   * back (the reader recomputes each analysis and refuses one that does not match). */
  {
    SsdbTargetInfo info = {
      .kind = SSDB_TARGET_DEVICE,
      .path = zram_path,
      .name = zram_name,
      .disk_name = zram_name,
      .size_bytes = ZRAM_BYTES,
      .logical_block_size = 4096,
      .physical_block_size = 4096,
      .dio_mem_align = 4096,
      .dio_offset_align = 4096,
      .direct_io = TRUE,
    };
    g_autoptr (SsdbReport) report = ssdb_report_new (&info, NULL);
    g_autoptr (SsdbReport) loaded = NULL;
    g_autoptr (GError) load_error = NULL;
    g_autofree char *text = NULL;

    ssdb_report_set_recovery (report,
                              ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_RECOVERY));
    ssdb_report_set_compression (report,
                                 ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION));
    ssdb_report_set_trim (report, ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_TRIM));
    ssdb_report_set_freespace (report,
                               ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_FREESPACE));
    ssdb_report_set_consistency (report, r);
    ssdb_report_set_readback (report,
                              ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_READBACK));
    text = ssdb_report_to_data (report, NULL);
    loaded = ssdb_report_load_from_data (text, strlen (text), "behaviour.json", &load_error);
    g_assert_no_error (load_error);
    g_assert_nonnull (loaded->consistency);
    g_assert_true (loaded->consistency->cancelled);
    g_assert_cmpuint (loaded->consistency->rounds->len, ==, r->rounds->len);
  }
}

static void
test_export (void)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "ssdb-behaviour-export.png", NULL);
  g_autoptr (GError) error = NULL;

  for (SsdbTestKind v = SSDB_TEST_KIND_RECOVERY; v <= SSDB_TEST_KIND_READBACK; v++)
    {
      g_autoptr (GdkTexture) texture = NULL;

      g_assert_true (ssdb_behaviour_page_select (page, v));
      g_assert_true (ssdb_behaviour_page_export_png (page, path, &error));
      g_assert_no_error (error);
      texture = gdk_texture_new_from_filename (path, &error);
      g_assert_no_error (error);
      g_assert_cmpint (gdk_texture_get_width (texture), ==, 2400);
      g_assert_cmpint (gdk_texture_get_height (texture), ==, 1400);
      g_unlink (path);
    }
}

static void
test_show_result (void)
{
  SsdbCompressionResult *copy;
  const SsdbCompressionResult *shown;
  SsdbChartView *chart = ssdb_behaviour_page_get_chart (page);
  guint before;
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "ssdb-behaviour-none.png", NULL);
  g_autoptr (GError) error = NULL;

  /* A result as a loaded report gives it. */
  shown = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION);
  copy = ssdb_compression_result_new (&shown->spec);
  g_array_append_vals (copy->points, shown->points->data, shown->points->len);
  g_array_index (copy->points, SsdbCompressionPoint, 0).write_bytes_per_second = 123.4e6;
  ssdb_compression_summarize (copy);

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_TRIM));
  ssdb_gui_test_iterate_for (200);
  before = ssdb_chart_view_get_snapshot_count (chart);
  g_object_set_data (G_OBJECT (chart), "before", GUINT_TO_POINTER (before));
  g_assert_true (ssdb_behaviour_page_show_result (page, SSDB_TEST_KIND_COMPRESSION, copy,
                                                  "/dev/sdz · 1.0 TB · loaded"));
  g_assert_cmpint (ssdb_behaviour_page_get_selected (page), ==, SSDB_TEST_KIND_COMPRESSION);
  shown = ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION);
  g_assert_true (shown != copy);
  g_assert_cmpfloat (g_array_index (shown->points, SsdbCompressionPoint, 0).write_bytes_per_second,
                     ==, 123.4e6);
  g_assert_cmpstr (ssdb_behaviour_page_get_words (page), ==, copy->words);
  g_assert_cmpstr (ssdb_behaviour_page_get_status (page), ==, "");
  ssdb_compression_result_free (copy);
  ssdb_gui_test_iterate_until (snapshot_after, chart, 5000);
  g_assert_cmpuint (ssdb_chart_view_get_snapshot_count (chart), >, before);

  /* NULL clears that test's result; exporting nothing fails naming the file. */
  g_assert_true (ssdb_behaviour_page_show_result (page, SSDB_TEST_KIND_COMPRESSION, NULL, NULL));
  g_assert_null (ssdb_behaviour_page_get_result (page, SSDB_TEST_KIND_COMPRESSION));
  g_assert_cmpstr (ssdb_behaviour_page_get_words (page), ==, "");
  g_assert_false (ssdb_behaviour_page_export_png (page, path, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

/* A narrow window: the settings wrap onto more lines and the words wrap; nothing is cut off. */
static void
test_narrow (void)
{
  SsdbChartView *chart = ssdb_behaviour_page_get_chart (page);
  int width, height;

  g_assert_true (ssdb_behaviour_page_select (page, SSDB_TEST_KIND_CONSISTENCY));
  gtk_window_set_default_size (window, 760, 620);
  ssdb_gui_test_iterate_for (300);
  wait_painted ();
  g_free (ssdb_gui_test_screenshot (window, "behaviour-narrow.png", 100));
  width = gtk_widget_get_width (GTK_WIDGET (page));
  height = gtk_widget_get_height (GTK_WIDGET (page));
  g_test_message ("page %d × %d, chart %d × %d", width, height,
                  gtk_widget_get_width (GTK_WIDGET (chart)),
                  gtk_widget_get_height (GTK_WIDGET (chart)));
  g_assert_cmpint (width, <=, 760);
  g_assert_cmpint (height, <=, 620);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (chart)), >=, 200);
  gtk_window_set_default_size (window, 1200, 800);
  ssdb_gui_test_iterate_for (300);
}

int
main (int argc, char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (!ssdb_gui_test_zram_setup (ZRAM_BYTES, FALSE, &zram_name, &zram_path))
    return g_test_run ();
  zram_identity = ssdb_device_identity_read (NULL, zram_path, NULL);
  g_assert_nonnull (zram_identity);
  gtk_init ();
  adw_init ();
  statuses = g_ptr_array_new_with_free_func (g_free);
  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (window, 1200, 800);
  page = SSDB_BEHAVIOUR_PAGE (ssdb_behaviour_page_new ());
  gtk_window_set_child (window, GTK_WIDGET (page));
  title = g_strdup_printf ("%s · 134 MB · zram", zram_path);
  ssdb_behaviour_page_set_target (page, title, ZRAM_BYTES);
  gtk_window_present (window);
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, window, 10000);

  g_test_add_func ("/gui-behaviour/estimate", test_estimate);
  g_test_add_func ("/gui-behaviour/refuse", test_refuse);
  g_test_add_func ("/gui-behaviour/recovery", test_recovery);
  g_test_add_func ("/gui-behaviour/compression", test_compression);
  g_test_add_func ("/gui-behaviour/compression-steps", test_compression_steps);
  g_test_add_func ("/gui-behaviour/trim", test_trim);
  g_test_add_func ("/gui-behaviour/freespace", test_freespace);
  g_test_add_func ("/gui-behaviour/consistency", test_consistency);
  g_test_add_func ("/gui-behaviour/readback", test_readback);
  g_test_add_func ("/gui-behaviour/stop", test_stop);
  g_test_add_func ("/gui-behaviour/export", test_export);
  g_test_add_func ("/gui-behaviour/show-result", test_show_result);
  g_test_add_func ("/gui-behaviour/narrow", test_narrow);
  ret = g_test_run ();

  gtk_window_destroy (window);
  g_ptr_array_unref (statuses);
  g_clear_error (&finish_error);
  g_free (title);
  ssdb_device_identity_free (zram_identity);
  ssdb_gui_test_zram_remove (zram_name);
  return ret;
}
