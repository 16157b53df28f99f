/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-fill-chart.h"

#include <adwaita.h>

#include "ssdb-chart-view.h"
#include "ssdb-gui-util.h"

struct _SsdbFillChart
{
  GtkWidget parent_instance;

  const SsdbFillResult *result;
  char *title;
  char *subtitle;
  gboolean running;
  double fraction;

  GskRenderNode *node; /* the latest painting, reused until something changes */
  int node_width;
  int node_height;
  guint snapshot_count;
  guint drawn_passes;
  guint drawn_segments;
  guint drawn_phases;
  char *drawn_words;
};

G_DEFINE_FINAL_TYPE (SsdbFillChart, ssdb_fill_chart, GTK_TYPE_WIDGET)

static void
invalidate (SsdbFillChart *self)
{
  g_clear_pointer (&self->node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ssdb_fill_chart_fill_view (SsdbFillChart *self, SsdbFillView *view)
{
  g_return_if_fail (SSDB_IS_FILL_CHART (self));
  g_return_if_fail (view != NULL);

  ssdb_fill_view_init (view);
  view->result = self->result;
  view->target_title = self->title;
  view->target_subtitle = self->subtitle;
  view->running = self->running;
  view->running_fraction = self->fraction;
  /* Phases come with the analysis, at the end of the run. */
  view->show_phases = !self->running;
}

static void
ssdb_fill_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SsdbFillChart *self = SSDB_FILL_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  if (width <= 0 || height <= 0)
    return;
  if (self->node == NULL || self->node_width != width || self->node_height != height)
    {
      g_autoptr (GtkSnapshot) inner = gtk_snapshot_new ();
      const SsdbFillResult *r = self->result;
      SsdbFillView view;
      SsdbStyle style;
      cairo_t *cr;

      g_clear_pointer (&self->node, gsk_render_node_unref);
      ssdb_fill_chart_fill_view (self, &view);
      ssdb_gui_style_init (&style);
      cr = gtk_snapshot_append_cairo (inner, &GRAPHENE_RECT_INIT (0, 0, width, height));
      ssdb_fill_painter_draw (&view, &style, cr, width, height);
      cairo_destroy (cr);
      self->node = gtk_snapshot_free_to_node (g_steal_pointer (&inner));
      self->node_width = width;
      self->node_height = height;

      self->drawn_passes = r ? r->passes->len : 0;
      self->drawn_segments = 0;
      for (guint i = 0; r != NULL && i < r->passes->len; i++)
        self->drawn_segments += ((SsdbFillPass *)g_ptr_array_index (r->passes, i))->segments->len;
      self->drawn_phases = 0;
      while (view.show_phases
             && ssdb_fill_painter_get_phase_rect (&view, width, height, self->drawn_phases,
                                                  &(cairo_rectangle_t){ 0 }))
        self->drawn_phases++;
      g_free (self->drawn_words);
      self->drawn_words = r && view.show_phases && r->analysis.words && *r->analysis.words
                              ? g_strdup (r->analysis.words)
                              : NULL;
      self->snapshot_count++;
    }
  if (self->node != NULL)
    gtk_snapshot_append_node (snapshot, self->node);
}

static void
ssdb_fill_chart_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  SsdbFillChart *self = SSDB_FILL_CHART (widget);

  if (width != self->node_width || height != self->node_height)
    g_clear_pointer (&self->node, gsk_render_node_unref);
}

static void
on_style_changed (SsdbFillChart *self)
{
  invalidate (self);
}

static void
ssdb_fill_chart_dispose (GObject *object)
{
  SsdbFillChart *self = SSDB_FILL_CHART (object);
  ssdb_chart_view_unfollow_style (GTK_WIDGET (self));
  g_clear_pointer (&self->node, gsk_render_node_unref);
  G_OBJECT_CLASS (ssdb_fill_chart_parent_class)->dispose (object);
}

static void
ssdb_fill_chart_finalize (GObject *object)
{
  SsdbFillChart *self = SSDB_FILL_CHART (object);

  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->drawn_words);
  G_OBJECT_CLASS (ssdb_fill_chart_parent_class)->finalize (object);
}

static void
ssdb_fill_chart_class_init (SsdbFillChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_fill_chart_dispose;
  object_class->finalize = ssdb_fill_chart_finalize;
  widget_class->snapshot = ssdb_fill_chart_snapshot;
  widget_class->size_allocate = ssdb_fill_chart_size_allocate;
  widget_class->measure = ssdb_chart_view_measure_chart;
  ssdb_chart_view_class_setup (widget_class, "fill-chart");
}

static void
ssdb_fill_chart_init (SsdbFillChart *self)
{
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  ssdb_chart_view_follow_style (GTK_WIDGET (self), G_CALLBACK (on_style_changed));
}

GtkWidget *
ssdb_fill_chart_new (void)
{
  return g_object_new (SSDB_TYPE_FILL_CHART, NULL);
}

void
ssdb_fill_chart_set_result (SsdbFillChart *self, const SsdbFillResult *result)
{
  g_return_if_fail (SSDB_IS_FILL_CHART (self));
  self->result = result;
  invalidate (self);
}

void
ssdb_fill_chart_set_titles (SsdbFillChart *self, const char *title, const char *subtitle)
{
  g_return_if_fail (SSDB_IS_FILL_CHART (self));
  g_free (self->title);
  self->title = g_strdup (title);
  g_free (self->subtitle);
  self->subtitle = g_strdup (subtitle);
  invalidate (self);
}

void
ssdb_fill_chart_set_running (SsdbFillChart *self, gboolean running, double fraction)
{
  g_return_if_fail (SSDB_IS_FILL_CHART (self));
  if (self->running == running && self->fraction == fraction)
    return;
  self->running = running;
  self->fraction = fraction;
  invalidate (self);
}

guint
ssdb_fill_chart_get_snapshot_count (SsdbFillChart *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_CHART (self), 0);
  return self->snapshot_count;
}

const char *
ssdb_fill_chart_get_drawn (SsdbFillChart *self, guint *passes, guint *segments, guint *phases)
{
  g_return_val_if_fail (SSDB_IS_FILL_CHART (self), NULL);
  if (passes)
    *passes = self->drawn_passes;
  if (segments)
    *segments = self->drawn_segments;
  if (phases)
    *phases = self->drawn_phases;
  return self->drawn_words;
}
