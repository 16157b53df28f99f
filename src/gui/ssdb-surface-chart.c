/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-surface-chart.h"

#include <adwaita.h>
#include <string.h>

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

  guint snapshot_count;
  guint drawn_read, drawn_write, drawn_access;
};

G_DEFINE_FINAL_TYPE (SsdbSurfaceChart, ssdb_surface_chart, GTK_TYPE_WIDGET)

void
ssdb_surface_chart_get_style (SsdbSurfaceChart *self, SsdbStyle *style)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  SsdbTheme theme = SSDB_THEME_LIGHT;

  if (adw_style_manager_get_high_contrast (manager))
    theme = SSDB_THEME_HIGH_CONTRAST;
  else if (adw_style_manager_get_dark (manager))
    theme = SSDB_THEME_DARK;
  ssdb_style_init (style, theme);
  style->locale_numbers = TRUE;
  if (adw_style_manager_get_high_contrast (manager) && adw_style_manager_get_dark (manager))
    {
      SsdbStyle dark;

      ssdb_style_init (&dark, SSDB_THEME_DARK);
      style->background = dark.background;
      style->cell = dark.cell;
      style->foreground = (SsdbRgba){ 1, 1, 1, 1 };
      style->dim = (SsdbRgba){ 0.85, 0.85, 0.85, 1 };
    }
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
}

static void
ssdb_surface_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SsdbSurfaceChart *self = SSDB_SURFACE_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  SsdbSurfaceView view;
  SsdbStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  ssdb_surface_chart_get_style (self, &style);
  ssdb_surface_chart_fill_view (self, &view);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  ssdb_surface_painter_draw (&view, &style, cr, width, height);
  cairo_destroy (cr);

  self->drawn_read = self->result && self->result->read ? self->result->read->len : 0;
  self->drawn_write = self->result && self->result->write ? self->result->write->len : 0;
  self->drawn_access = self->result && self->result->access ? self->result->access->len : 0;
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
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ssdb_surface_chart_dispose (GObject *object)
{
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), object);
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
  gtk_widget_class_set_css_name (widget_class, "surfacechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ssdb_surface_chart_init (SsdbSurfaceChart *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->hover_index = -1;
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect_swapped (manager, "notify::dark", G_CALLBACK (on_style_changed), self);
  g_signal_connect_swapped (manager, "notify::high-contrast", G_CALLBACK (on_style_changed), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  "Transfer rate across the drive", -1);
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
  self->result = result;
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
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ssdb_surface_chart_refresh (SsdbSurfaceChart *self)
{
  g_return_if_fail (SSDB_IS_SURFACE_CHART (self));
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
