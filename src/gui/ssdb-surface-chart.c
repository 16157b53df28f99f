/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-surface-chart.h"

#include "ssdb-chart-view.h"
#include "ssdb-gui-util.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>
#include <time.h>

/* What decides where the painter puts things: when any of it changes, every pixel may move. */
typedef SsdbSurfaceGeometry Geometry;

struct _SsdbSurfaceChart
{
  GtkWidget parent_instance;

  const SsdbSurfaceResult *result;
  char *title;
  char *subtitle;
  guint64 device_bytes;
  gboolean running;
  char *phase;
  double fraction;
  guint64 wall_ns;
  int hover_index;
  SsdbRw hover_rw;
  char *hover_text;

  /* The last frame, in device pixels: redrawn in place where the content changed. */
  cairo_surface_t *cache;
  GdkTexture *texture;
  int cache_width, cache_height, cache_scale, cache_theme;
  Geometry cache_geometry;
  guint cache_read, cache_write, cache_access;
  gboolean cache_has_result;
  gboolean redraw_all;  /* titles, hover, style or a new result: everything may move */
  gboolean redraw_text; /* panel and header (running state, statistics) */

  /* While a run streams: axis tops with headroom, raised in steps (never lowered) so that a
   * faster sample seldom moves every pixel. */
  double live_rate_floor, live_latency_floor;

  /* Dense curves reduced to pixel columns, until the result changes. */
  SsdbPlotCache *plot_cache;

  guint snapshot_count;
  guint drawn_read, drawn_write, drawn_access;
  SsdbSurfaceChartStats stats;
};

G_DEFINE_FINAL_TYPE (SsdbSurfaceChart, ssdb_surface_chart, GTK_TYPE_WIDGET)

void
ssdb_surface_chart_get_style (SsdbSurfaceChart *self, SsdbStyle *style)
{
  ssdb_gui_style_init (style);
}

void
ssdb_surface_chart_fill_view (SsdbSurfaceChart *self, SsdbSurfaceView *view)
{
  g_return_if_fail (SSDB_IS_SURFACE_CHART (self));
  g_return_if_fail (view != NULL);

  ssdb_surface_view_init (view);
  view->result = self->result;
  view->target_title = self->title;
  view->target_subtitle = self->subtitle;
  view->device_bytes = self->device_bytes;
  view->running = self->running;
  view->running_phase = self->phase;
  view->running_fraction = self->fraction;
  view->wall_ns = self->wall_ns;
  view->hover_index = self->hover_index;
  view->hover_rw = self->hover_rw;
  view->rate_axis_floor = self->live_rate_floor;
  view->latency_axis_floor = self->live_latency_floor;
}

/* The live axes' tops: while running, at least a step above the newest data; else none, so
 * the finished chart is drawn as every export draws it. */
static void
update_live_axes (SsdbSurfaceChart *self)
{
  double rate, latency;

  if (!self->running || self->result == NULL)
    {
      self->live_rate_floor = 0;
      self->live_latency_floor = 0;
      return;
    }
  ssdb_surface_painter_get_headroom (self->result, &rate, &latency);
  self->live_rate_floor = MAX (self->live_rate_floor, rate);
  self->live_latency_floor = MAX (self->live_latency_floor, latency);
}

static int
style_key (void)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  return (adw_style_manager_get_high_contrast (manager) ? 2 : 0)
         + (adw_style_manager_get_dark (manager) ? 1 : 0);
}

static void
geometry_get (const SsdbSurfaceView *view, int width, int height, Geometry *g)
{
  ssdb_surface_painter_get_geometry (view, width, height, g);
}

static gboolean
geometry_equal (const Geometry *a, const Geometry *b)
{
  return memcmp (&a->plot, &b->plot, sizeof a->plot) == 0 && a->rate.lo == b->rate.lo
         && a->rate.hi == b->rate.hi && a->rate.step == b->rate.step
         && a->rate.first == b->rate.first && a->rate.n_ticks == b->rate.n_ticks
         && a->rate.decimals == b->rate.decimals && a->rate.divisor == b->rate.divisor
         && g_strcmp0 (a->rate.unit, b->rate.unit) == 0 && a->y_rate_0 == b->y_rate_0
         && a->y_rate_1g == b->y_rate_1g && a->y_latency_0 == b->y_latency_0
         && a->y_latency_1ms == b->y_latency_1ms && a->x_span_start == b->x_span_start
         && a->x_span_end == b->x_span_end;
}

/* Adds the pixel-aligned rectangle [x0, x1] × [y0, y1] to the path, clamped to @plot. */
static void
add_box (cairo_t *cr, const cairo_rectangle_t *plot, double x0, double y0, double x1, double y1)
{
  x0 = floor (MAX (x0, plot->x));
  y0 = floor (MAX (y0, plot->y));
  x1 = ceil (MIN (x1, plot->x + plot->width));
  y1 = ceil (MIN (y1, plot->y + plot->height));
  if (x1 > x0 && y1 > y0)
    cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
}

/* The strip of the plot a curve's new samples (from @from) and the line to them cover. */
static void
add_curve_strip (cairo_t *cr, const SsdbSurfaceView *view, const Geometry *g, const GArray *curve,
                 guint from, double pad)
{
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
  double scale = (g->x_span_end - g->x_span_start);
  double span_lo = (double)view->result->spec.span_offset;
  double span = MAX ((double)view->result->spec.span_length, 1);

  if (curve == NULL || curve->len <= from)
    return;
  for (guint i = from > 0 ? from - 1 : 0; i < curve->len; i++)
    {
      const SsdbSurfaceSample *s = &g_array_index (curve, SsdbSurfaceSample, i);
      double x = g->x_span_start
                 + (ssdb_surface_sample_position (view->result, s) - span_lo) / span * scale;

      lo = MIN (lo, x);
      hi = MAX (hi, x);
    }
  add_box (cr, &g->plot, lo - pad, g->plot.y, hi + pad, g->plot.y + g->plot.height);
}

/* The dots that arrived since @from; many of them: their bounding box. */
static void
add_access_boxes (cairo_t *cr, const SsdbSurfaceView *view, const Geometry *g, guint from,
                  double pad)
{
  const GArray *a = view->result->access;
  double span_lo = (double)view->result->spec.span_offset;
  double span = MAX ((double)view->result->spec.span_length, 1);
  double lat_scale = (g->y_latency_1ms - g->y_latency_0) / 1e6;
  double bx0 = G_MAXDOUBLE, by0 = G_MAXDOUBLE, bx1 = -G_MAXDOUBLE, by1 = -G_MAXDOUBLE;
  gboolean boxes = a->len - from <= 256;

  for (guint i = from; i < a->len; i++)
    {
      const SsdbAccessSample *s = &g_array_index (a, SsdbAccessSample, i);
      double x = g->x_span_start
                 + ((double)s->offset_bytes - span_lo) / span * (g->x_span_end - g->x_span_start);
      double y = g->y_latency_0 + (double)s->latency_ns * lat_scale;

      if (boxes)
        add_box (cr, &g->plot, x - pad, y - pad, x + pad, y + pad);
      bx0 = MIN (bx0, x);
      by0 = MIN (by0, y);
      bx1 = MAX (bx1, x);
      by1 = MAX (by1, y);
    }
  if (!boxes)
    add_box (cr, &g->plot, bx0 - pad, by0 - pad, bx1 + pad, by1 + pad);
}

/* Everything around the plot: titles, legend, axis labels, statistics panel. */
static void
add_surroundings (cairo_t *cr, const Geometry *g, int width, int height)
{
  double px0 = floor (g->plot.x), py0 = floor (g->plot.y);
  double px1 = ceil (g->plot.x + g->plot.width), py1 = ceil (g->plot.y + g->plot.height);

  cairo_rectangle (cr, 0, 0, width, py0);
  cairo_rectangle (cr, 0, py1, width, height - py1);
  cairo_rectangle (cr, 0, py0, px0, py1 - py0);
  cairo_rectangle (cr, px1, py0, width - px1, py1 - py0);
}

static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static void
update_cache (SsdbSurfaceChart *self, int width, int height, int scale)
{
  const SsdbSurfaceResult *r = self->result;
  guint n_read = r && r->read ? r->read->len : 0;
  guint n_write = r && r->write ? r->write->len : 0;
  guint n_access = r && r->access ? r->access->len : 0;
  int theme = style_key ();
  SsdbSurfaceView view;
  SsdbStyle style;
  Geometry g;
  gboolean all;
  gint64 t0 = g_get_monotonic_time (), cpu0 = thread_cpu_us (), took, cpu;
  cairo_t *cr;

  ssdb_surface_chart_fill_view (self, &view);
  view.cache = self->plot_cache;
  geometry_get (&view, width, height, &g);
  all = self->cache == NULL || self->redraw_all || width != self->cache_width
        || height != self->cache_height || scale != self->cache_scale || theme != self->cache_theme
        || !geometry_equal (&g, &self->cache_geometry) || (r != NULL) != self->cache_has_result
        || n_read < self->cache_read || n_write < self->cache_write
        || n_access < self->cache_access
        /* the "waiting for the first sample" note leaves the plot */
        || (self->cache_read + self->cache_write == 0 && n_read + n_write > 0)
        || (r != NULL && r->spec.span_length == 0);

  if (!all && !self->redraw_text && n_read == self->cache_read && n_write == self->cache_write
      && n_access == self->cache_access)
    {
      self->stats.reused++;
      return;
    }

  if (all)
    {
      g_clear_pointer (&self->cache, cairo_surface_destroy);
      self->cache = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
      cairo_surface_set_device_scale (self->cache, scale, scale);
    }
  cr = cairo_create (self->cache);
  if (!all)
    {
      /* Line width, dot radius and anti-aliasing: at most this far from a sample's point. */
      double pad = 4 + 4 * CLAMP (MIN (width / 860.0, height / 560.0), 0.7, 2.4);

      add_surroundings (cr, &g, width, height);
      if (r != NULL)
        {
          add_curve_strip (cr, &view, &g, r->read, self->cache_read, pad);
          add_curve_strip (cr, &view, &g, r->write, self->cache_write, pad);
          if (n_access > self->cache_access)
            add_access_boxes (cr, &view, &g, self->cache_access, pad);
        }
      cairo_clip (cr);
    }
  ssdb_surface_chart_get_style (self, &style);
  ssdb_surface_painter_draw (&view, &style, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (self->cache);
  g_clear_object (&self->texture);

  took = g_get_monotonic_time () - t0;
  cpu = thread_cpu_us () - cpu0;
  if (all)
    self->stats.full++;
  else
    self->stats.partial++;
  self->stats.last_draw_us = took;
  self->stats.max_draw_us = MAX (self->stats.max_draw_us, took);
  self->stats.last_draw_cpu_us = cpu;
  self->stats.max_draw_cpu_us = MAX (self->stats.max_draw_cpu_us, cpu);
  self->cache_width = width;
  self->cache_height = height;
  self->cache_scale = scale;
  self->cache_theme = theme;
  self->cache_geometry = g;
  self->cache_has_result = r != NULL;
  self->cache_read = n_read;
  self->cache_write = n_write;
  self->cache_access = n_access;
  self->redraw_all = FALSE;
  self->redraw_text = FALSE;
}

static GdkTexture *
get_texture (SsdbSurfaceChart *self)
{
  if (self->texture == NULL && self->cache != NULL)
    {
      int w = cairo_image_surface_get_width (self->cache);
      int h = cairo_image_surface_get_height (self->cache);
      int stride = cairo_image_surface_get_stride (self->cache);
      g_autoptr (GBytes) bytes
          = g_bytes_new (cairo_image_surface_get_data (self->cache), (gsize)stride * h);

      /* Cairo's ARGB32 is GDK_MEMORY_DEFAULT: premultiplied, native-endian. */
      self->texture = gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes, stride);
    }
  return self->texture;
}

/* Whether the window draws in software with cairo (GSK_RENDERER=cairo, or no GL). */
static gboolean
renders_with_cairo (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;

  return renderer != NULL && GSK_IS_CAIRO_RENDERER (renderer);
}

static void
ssdb_surface_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SsdbSurfaceChart *self = SSDB_SURFACE_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);

  if (width <= 0 || height <= 0)
    return;

  update_cache (self, width, height, MAX (scale, 1));
  if (renders_with_cairo (widget))
    {
      /* GTK's cairo renderer converts a texture's every pixel through floats each time it draws
       * it (every frame, whatever changed); a cairo node paints the image as it is. */
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

      cairo_set_source_surface (cr, self->cache, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
    }
  else
    gtk_snapshot_append_texture (snapshot, get_texture (self),
                                 &GRAPHENE_RECT_INIT (0, 0, width, height));

  self->drawn_read = self->cache_read;
  self->drawn_write = self->cache_write;
  self->drawn_access = self->cache_access;
  self->snapshot_count++;
}

const char *
ssdb_surface_chart_hover (SsdbSurfaceChart *self, double x, double y)
{
  SsdbSurfaceView view;
  SsdbRw rw = SSDB_RW_READ;
  int index = -1;

  g_return_val_if_fail (SSDB_IS_SURFACE_CHART (self), NULL);

  ssdb_surface_chart_fill_view (self, &view);
  if (x >= 0 && self->result != NULL)
    index = ssdb_surface_painter_sample_at (&view, gtk_widget_get_width (GTK_WIDGET (self)),
                                            gtk_widget_get_height (GTK_WIDGET (self)), x, y, &rw);
  if (index == self->hover_index && rw == self->hover_rw)
    return self->hover_text;
  self->hover_index = index;
  self->hover_rw = rw;
  self->redraw_all = TRUE;
  g_clear_pointer (&self->hover_text, g_free);
  if (index >= 0)
    self->hover_text = ssdb_surface_painter_dup_hover_text (&view, index, rw, TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), self->hover_text);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return self->hover_text;
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, SsdbSurfaceChart *self)
{
  ssdb_surface_chart_hover (self, x, y);
}

static void
on_leave (GtkEventControllerMotion *controller, SsdbSurfaceChart *self)
{
  ssdb_surface_chart_hover (self, -1, -1);
}

static void
on_style_changed (SsdbSurfaceChart *self)
{
  self->redraw_all = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ssdb_surface_chart_dispose (GObject *object)
{
  ssdb_chart_view_unfollow_style (GTK_WIDGET (object));
  G_OBJECT_CLASS (ssdb_surface_chart_parent_class)->dispose (object);
}

static void
ssdb_surface_chart_finalize (GObject *object)
{
  SsdbSurfaceChart *self = SSDB_SURFACE_CHART (object);

  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->phase);
  g_free (self->hover_text);
  g_clear_pointer (&self->cache, cairo_surface_destroy);
  g_clear_pointer (&self->plot_cache, ssdb_plot_cache_free);
  g_clear_object (&self->texture);
  G_OBJECT_CLASS (ssdb_surface_chart_parent_class)->finalize (object);
}

static void
measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
         int *minimum_baseline, int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 560;
      *natural = 960;
    }
  else
    {
      *minimum = 360;
      *natural = 560;
    }
}

static void
ssdb_surface_chart_class_init (SsdbSurfaceChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_surface_chart_dispose;
  object_class->finalize = ssdb_surface_chart_finalize;
  widget_class->snapshot = ssdb_surface_chart_snapshot;
  widget_class->measure = measure;
  ssdb_chart_view_class_setup (widget_class, "surfacechart");
}

static void
ssdb_surface_chart_init (SsdbSurfaceChart *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->hover_index = -1;
  self->plot_cache = ssdb_plot_cache_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  ssdb_chart_view_follow_style (GTK_WIDGET (self), G_CALLBACK (on_style_changed));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Transfer rate across the drive"), -1);
}

GtkWidget *
ssdb_surface_chart_new (void)
{
  return g_object_new (SSDB_TYPE_SURFACE_CHART, NULL);
}

void
ssdb_surface_chart_set_result (SsdbSurfaceChart *self, const SsdbSurfaceResult *result)
{
  g_return_if_fail (SSDB_IS_SURFACE_CHART (self));
  if (result != self->result)
    {
      self->redraw_all = TRUE;
      self->live_rate_floor = 0;
      self->live_latency_floor = 0;
    }
  self->redraw_text = TRUE;
  self->result = result;
  update_live_axes (self);
  /* The samples may have changed in place (a run's newest copy): reduce them again. */
  ssdb_plot_cache_clear (self->plot_cache);
  if (self->hover_index >= 0)
    self->redraw_all = TRUE;
  self->hover_index = -1;
  g_clear_pointer (&self->hover_text, g_free);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ssdb_surface_chart_set_titles (SsdbSurfaceChart *self, const char *title, const char *subtitle,
                               guint64 device_bytes)
{
  g_return_if_fail (SSDB_IS_SURFACE_CHART (self));
  g_free (self->title);
  g_free (self->subtitle);
  self->title = g_strdup (title);
  self->subtitle = g_strdup (subtitle);
  self->device_bytes = device_bytes;
  self->redraw_all = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ssdb_surface_chart_set_running (SsdbSurfaceChart *self, gboolean running, const char *phase,
                                double fraction, guint64 wall_ns)
{
  g_return_if_fail (SSDB_IS_SURFACE_CHART (self));
  self->running = running;
  if (g_strcmp0 (self->phase, phase) != 0)
    {
      g_free (self->phase);
      self->phase = g_strdup (phase);
    }
  self->fraction = fraction;
  self->wall_ns = wall_ns;
  update_live_axes (self);
  self->redraw_text = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ssdb_surface_chart_refresh (SsdbSurfaceChart *self)
{
  g_return_if_fail (SSDB_IS_SURFACE_CHART (self));
  self->redraw_all = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
ssdb_surface_chart_get_snapshot_count (SsdbSurfaceChart *self)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_CHART (self), 0);
  return self->snapshot_count;
}

void
ssdb_surface_chart_get_drawn (SsdbSurfaceChart *self, guint *read, guint *write, guint *access)
{
  g_return_if_fail (SSDB_IS_SURFACE_CHART (self));
  if (read)
    *read = self->drawn_read;
  if (write)
    *write = self->drawn_write;
  if (access)
    *access = self->drawn_access;
}

void
ssdb_surface_chart_get_stats (SsdbSurfaceChart *self, SsdbSurfaceChartStats *stats)
{
  g_return_if_fail (SSDB_IS_SURFACE_CHART (self));
  g_return_if_fail (stats != NULL);
  *stats = self->stats;
}

GdkTexture *
ssdb_surface_chart_get_texture (SsdbSurfaceChart *self)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_CHART (self), NULL);
  return get_texture (self);
}
