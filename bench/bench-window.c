/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window's main thread while a test streams samples: a read surface on a new zram device
 * (root), in the real window under a display (run it through tests/gui/run-xvfb.sh), with every
 * frame timed from the frame clock. The default is the densest surface the page offers: 2000
 * positions of 4 MiB and 5000 access-time dots, which zram serves as fast as the page can take.
 *
 *   bench-window [--samples N] [--sample-mib M] [--access A] [--seconds S]
 *
 * N, M and A are values of the page's menus (N up to 2000, M 4 to 256, A 0 to 5000). *
 * For each frame, from the frame clock's "update" signal (its first phase) to "after-paint" (its
 * last): the wall time and the main thread's CPU time; for the whole run, every main-loop
 * dispatch (the work between two polls: model updates, copies of the result, signal handlers)
 * and the main thread's share of one CPU. The budget is 16 ms per frame (60 frames a second):
 * frames and dispatches above it are counted. A frame's CPU time is split by the frame clock's
 * phases (update: tick callbacks; layout: styles and sizes; paint: snapshots and the renderer),
 * with the surface chart's own painting of its image apart, and the slowest frames are listed
 * with that split. Nothing is asserted; the figures are printed.
 */
#include <adwaita.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gui/ssdb-gui-test.h"
#include "ssdb-application.h"
#include "ssdb-surface-chart.h"
#include "ssdb-surface-page.h"
#include "ssdb-window.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)
#define BUDGET_US 16000

static gint64 frame_start_us, frame_start_cpu_us;
static GArray *frame_us, *frame_cpu_us; /* gint64 per frame */
/* Where a frame's CPU time went: the main thread's CPU clock when the layout phase and the paint
 * phase began (emission hooks run before any handler), and what the chart's own painting took. */
static gint64 layout_cpu_us, paint_cpu_us;
static GArray *update_cpu_us, *layout_phase_cpu_us, *paint_phase_cpu_us, *chart_cpu_us;
static SsdbSurfaceChart *chart;
static guint chart_painted, chart_whole;
static gint64 run_start_us;

/* One frame, to tell what the slowest ones did. */
typedef struct
{
  gint64 at_us; /* from the start of the run */
  gint64 cpu_us, update_us, layout_us, paint_us;
  gint64 chart_us; /* -1: the chart's image was not painted again */
  gboolean chart_whole;
} Frame;
static GArray *frames; /* Frame */

static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void
on_update (GdkFrameClock *clock, gpointer data)
{
  frame_start_us = g_get_monotonic_time ();
  frame_start_cpu_us = thread_cpu_us ();
  layout_cpu_us = paint_cpu_us = 0;
}

static gboolean
phase_hook (GSignalInvocationHint *hint, guint n_params, const GValue *params, gpointer data)
{
  if (frame_start_us != 0)
    *(gint64 *)data = thread_cpu_us ();
  return TRUE;
}

static void
on_after_paint (GdkFrameClock *clock, gpointer data)
{
  gint64 wall, cpu;

  if (frame_start_us == 0)
    return;
  wall = g_get_monotonic_time () - frame_start_us;
  cpu = thread_cpu_us () - frame_start_cpu_us;
  g_array_append_val (frame_us, wall);
  g_array_append_val (frame_cpu_us, cpu);
  {
    gint64 end = frame_start_cpu_us + cpu;
    gint64 layout_at = layout_cpu_us ? layout_cpu_us : paint_cpu_us ? paint_cpu_us : end;
    gint64 paint_at = paint_cpu_us ? paint_cpu_us : end;
    gint64 update = layout_at - frame_start_cpu_us, layout = paint_at - layout_at;
    gint64 paint = end - paint_at;
    Frame f = { frame_start_us - run_start_us, cpu, update, layout, paint, -1, FALSE };
    SsdbSurfaceChartStats stats;

    ssdb_surface_chart_get_stats (chart, &stats);
    if (stats.full + stats.partial != chart_painted)
      {
        g_array_append_val (chart_cpu_us, stats.last_draw_cpu_us);
        f.chart_us = stats.last_draw_cpu_us;
        f.chart_whole = stats.full != chart_whole;
      }
    chart_painted = stats.full + stats.partial;
    chart_whole = stats.full;
    g_array_append_val (update_cpu_us, update);
    g_array_append_val (layout_phase_cpu_us, layout);
    g_array_append_val (paint_phase_cpu_us, paint);
    g_array_append_val (frames, f);
  }
  frame_start_us = 0;
}

static int
compare_gint64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return x < y ? -1 : x > y;
}

/* The value at fraction @q (0..1) of the sorted @values, in ms. */
static double
quantile_ms (GArray *values, double q)
{
  guint i;

  if (values->len == 0)
    return 0;
  i = (guint)(q * (values->len - 1) + 0.5);
  return g_array_index (values, gint64, MIN (i, values->len - 1)) / 1000.0;
}

static guint
count_over (GArray *values, gint64 limit)
{
  guint n = 0;

  for (guint i = 0; i < values->len; i++)
    n += g_array_index (values, gint64, i) > limit;
  return n;
}

static int
compare_frame_cpu (gconstpointer a, gconstpointer b)
{
  return compare_gint64 (&((const Frame *)b)->cpu_us, &((const Frame *)a)->cpu_us);
}

static void
print_slowest (guint n)
{
  g_array_sort (frames, compare_frame_cpu);
  printf ("  the slowest frames (main-thread CPU):\n");
  for (guint i = 0; i < MIN (n, frames->len); i++)
    {
      const Frame *f = &g_array_index (frames, Frame, i);

      printf (
          "    at %5.2f s: %6.2f ms = update %5.2f + layout %5.2f + paint %6.2f ms; chart image "
          "%s",
          f->at_us / 1e6, f->cpu_us / 1e3, f->update_us / 1e3, f->layout_us / 1e3,
          f->paint_us / 1e3,
          f->chart_us < 0  ? "reused\n"
          : f->chart_whole ? "whole"
                           : "in part");
      if (f->chart_us >= 0)
        printf (" %.2f ms\n", f->chart_us / 1e3);
    }
}

static void
print_line (const char *what, GArray *values)
{
  g_array_sort (values, compare_gint64);
  printf ("  %-26s %7u  median %7.2f ms  p95 %7.2f ms  max %7.2f ms  over 16 ms: %u\n", what,
          values->len, quantile_ms (values, 0.5), quantile_ms (values, 0.95),
          quantile_ms (values, 1.0), count_over (values, BUDGET_US));
}

int
main (int argc, char *argv[])
{
  guint samples = 2000, sample_mib = 4, access = 5000;
  double seconds = 20;
  g_autofree char *zram_name = NULL, *zram_path = NULL;
  GOptionEntry entries[] = {
    { "samples", 0, 0, G_OPTION_ARG_INT, &samples, "Surface positions [2000]", "N" },
    { "sample-mib", 0, 0, G_OPTION_ARG_INT, &sample_mib, "MiB read per position [4]", "M" },
    { "access", 0, 0, G_OPTION_ARG_INT, &access, "Access-time samples [5000]", "A" },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, "Longest time measured [20]", "S" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- window frame times during a run");
  g_autoptr (GError) error = NULL;
  SsdbApplication *app = NULL;
  SsdbWindow *window;
  SsdbSurfacePage *page;
  SsdbSurfaceSpec spec;
  GdkFrameClock *clock;
  g_autoptr (GArray) dispatch_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 t0, cpu0, end, wall, cpu;
  guint have;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-window: %s\n", error->message);
      return 2;
    }
  if (seconds <= 0)
    {
      fprintf (stderr, "bench-window: --seconds must be positive\n");
      return 2;
    }
  if (!ssdb_gui_test_zram_create (256 * MIB, TRUE, &zram_name, &zram_path))
    {
      fprintf (stderr, "bench-window: no zram device (needs root and the zram module)\n");
      ssdb_gui_test_zram_remove (zram_name);
      return 77;
    }
  frame_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  frame_cpu_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  update_cpu_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  layout_phase_cpu_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  paint_phase_cpu_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  chart_cpu_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  frames = g_array_new (FALSE, FALSE, sizeof (Frame));

  window = ssdb_gui_test_open_window (&app);
  ssdb_gui_test_iterate_until (ssdb_gui_test_widget_mapped, window, 10000);
  ssdb_gui_test_iterate_until (ssdb_gui_test_monitor_ready, app, 15000);
  if (!ssdb_window_select_target (window, zram_path))
    {
      fprintf (stderr, "bench-window: %s is not listed\n", zram_path);
      return 1;
    }
  ssdb_window_set_page (window, "surface");
  page = ssdb_window_get_surface_page (window);
  ssdb_surface_spec_init (&spec);
  spec.samples = samples;
  spec.sample_bytes = (guint64)sample_mib * MIB;
  spec.block_size = MIB;
  spec.access_samples = access;
  spec.write = SSDB_SURFACE_WRITE_NONE;
  if (!ssdb_surface_page_configure (page, &spec))
    {
      fprintf (stderr,
               "bench-window: the Surface page offers no %u positions of %u MiB with %u "
               "access samples\n",
               samples, sample_mib, access);
      return 2;
    }
  ssdb_gui_test_iterate_for (500);

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "update", G_CALLBACK (on_update), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), NULL);
  g_signal_add_emission_hook (g_signal_lookup ("layout", GDK_TYPE_FRAME_CLOCK), 0, phase_hook,
                              &layout_cpu_us, NULL);
  g_signal_add_emission_hook (g_signal_lookup ("paint", GDK_TYPE_FRAME_CLOCK), 0, phase_hook,
                              &paint_cpu_us, NULL);
  chart = ssdb_surface_page_get_chart (page);
  {
    SsdbSurfaceChartStats stats;

    ssdb_surface_chart_get_stats (chart, &stats);
    chart_painted = stats.full + stats.partial;
    chart_whole = stats.full;
  }

  t0 = run_start_us = g_get_monotonic_time ();
  cpu0 = thread_cpu_us ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  end = t0 + (gint64)(seconds * 1e6);
  while (ssdb_surface_page_get_running (page) && g_get_monotonic_time () < end)
    {
      gint64 s = g_get_monotonic_time ();

      if (g_main_context_iteration (NULL, FALSE))
        {
          gint64 d = g_get_monotonic_time () - s;

          g_array_append_val (dispatch_us, d);
        }
      else
        g_usleep (500);
    }
  wall = g_get_monotonic_time () - t0;
  cpu = thread_cpu_us () - cpu0;
  have = ssdb_surface_page_get_result (page) ? ssdb_surface_page_get_result (page)->read->len : 0;
  if (ssdb_surface_page_get_running (page))
    {
      ssdb_surface_page_stop (page);
      while (ssdb_surface_page_get_running (page))
        g_main_context_iteration (NULL, TRUE);
    }

  printf ("bench-window: read surface of %u x %u MiB and %u access samples on %s, 1200x800\n",
          samples, sample_mib, access, zram_path);
  printf ("  %u positions streamed in %.2f s (%.0f a second)\n", have, wall / 1e6,
          have / (wall / 1e6));
  print_line ("frame wall time", frame_us);
  print_line ("frame main-thread CPU", frame_cpu_us);
  printf ("  of a frame's main-thread CPU:\n");
  print_line ("  update (ticks)", update_cpu_us);
  print_line ("  layout (CSS, sizes)", layout_phase_cpu_us);
  print_line ("  paint (snapshot, render)", paint_phase_cpu_us);
  print_line ("    chart image (repaints)", chart_cpu_us);
  print_line ("main-loop dispatches", dispatch_us);
  {
    SsdbSurfaceChartStats stats;

    ssdb_surface_chart_get_stats (chart, &stats);
    printf ("  chart images: %u painted whole, %u in part, %u reused\n", stats.full, stats.partial,
            stats.reused);
  }
  print_slowest (3);
  printf ("  main thread: %.1f %% of one CPU, %.1f frames a second\n", 100.0 * cpu / wall,
          frame_us->len / (wall / 1e6));

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  ssdb_gui_test_zram_remove (zram_name);
  g_array_unref (frame_us);
  g_array_unref (frame_cpu_us);
  g_array_unref (update_cpu_us);
  g_array_unref (layout_phase_cpu_us);
  g_array_unref (paint_phase_cpu_us);
  g_array_unref (chart_cpu_us);
  g_array_unref (frames);
  return 0;
}
