/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-chart-view.h"

#include <adwaita.h>

#include "ssdb-gui-util.h"

struct _SsdbChartView
{
  GtkWidget parent_instance;

  SsdbChartViewDrawFunc func;
  gpointer data;

  GskRenderNode *node; /* the latest painting, reused until something changes */
  int node_width;
  int node_height;
  guint snapshot_count;
};

G_DEFINE_FINAL_TYPE (SsdbChartView, ssdb_chart_view, GTK_TYPE_WIDGET)

void
ssdb_chart_view_invalidate (SsdbChartView *self)
{
  g_return_if_fail (SSDB_IS_CHART_VIEW (self));
  g_clear_pointer (&self->node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ssdb_chart_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SsdbChartView *self = SSDB_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  if (width <= 0 || height <= 0 || self->func == NULL)
    return;
  if (self->node == NULL || self->node_width != width || self->node_height != height)
    {
      g_autoptr (GtkSnapshot) inner = gtk_snapshot_new ();
      SsdbStyle style;
      cairo_t *cr;

      g_clear_pointer (&self->node, gsk_render_node_unref);
      ssdb_gui_style_init (&style);
      cr = gtk_snapshot_append_cairo (inner, &GRAPHENE_RECT_INIT (0, 0, width, height));
      self->func (&style, cr, width, height, self->data);
      cairo_destroy (cr);
      self->node = gtk_snapshot_free_to_node (g_steal_pointer (&inner));
      self->node_width = width;
      self->node_height = height;
      self->snapshot_count++;
    }
  if (self->node != NULL)
    gtk_snapshot_append_node (snapshot, self->node);
}

static void
ssdb_chart_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  SsdbChartView *self = SSDB_CHART_VIEW (widget);

  if (width != self->node_width || height != self->node_height)
    g_clear_pointer (&self->node, gsk_render_node_unref);
}

void
ssdb_chart_view_measure_chart (GtkWidget *widget, GtkOrientation orientation, int for_size,
                               int *minimum, int *natural, int *minimum_baseline,
                               int *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 360 : 240;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 900 : 520;
}

void
ssdb_chart_view_class_setup (GtkWidgetClass *widget_class, const char *css_name)
{
  gtk_widget_class_set_css_name (widget_class, css_name);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

void
ssdb_chart_view_follow_style (GtkWidget *widget, GCallback on_style_changed)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  g_signal_connect_swapped (manager, "notify::dark", on_style_changed, widget);
  g_signal_connect_swapped (manager, "notify::high-contrast", on_style_changed, widget);
}

void
ssdb_chart_view_unfollow_style (GtkWidget *widget)
{
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), widget);
}

static void
on_style_changed (SsdbChartView *self)
{
  ssdb_chart_view_invalidate (self);
}

static void
ssdb_chart_view_dispose (GObject *object)
{
  SsdbChartView *self = SSDB_CHART_VIEW (object);

  ssdb_chart_view_unfollow_style (GTK_WIDGET (self));
  g_clear_pointer (&self->node, gsk_render_node_unref);
  G_OBJECT_CLASS (ssdb_chart_view_parent_class)->dispose (object);
}

static void
ssdb_chart_view_class_init (SsdbChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_chart_view_dispose;
  widget_class->snapshot = ssdb_chart_view_snapshot;
  widget_class->size_allocate = ssdb_chart_view_size_allocate;
  widget_class->measure = ssdb_chart_view_measure_chart;
  ssdb_chart_view_class_setup (widget_class, "chart-view");
}

static void
ssdb_chart_view_init (SsdbChartView *self)
{
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  ssdb_chart_view_follow_style (GTK_WIDGET (self), G_CALLBACK (on_style_changed));
}

GtkWidget *
ssdb_chart_view_new (void)
{
  return g_object_new (SSDB_TYPE_CHART_VIEW, NULL);
}

void
ssdb_chart_view_set_draw_func (SsdbChartView *self, SsdbChartViewDrawFunc func, gpointer data)
{
  g_return_if_fail (SSDB_IS_CHART_VIEW (self));
  self->func = func;
  self->data = data;
  ssdb_chart_view_invalidate (self);
}

guint
ssdb_chart_view_get_snapshot_count (SsdbChartView *self)
{
  g_return_val_if_fail (SSDB_IS_CHART_VIEW (self), 0);
  return self->snapshot_count;
}
