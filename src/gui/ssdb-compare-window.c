/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-compare-window.h"

#include <string.h>

#include <glib/gi18n.h>

#include "engine/ssdb-error.h"
#include "ssdb-gui-util.h"

struct _SsdbCompareWindow
{
  AdwWindow parent_instance;

  GPtrArray *reports;                        /* SsdbReport */
  SsdbTestKind views[SSDB_TEST_KIND_N];      /* the views every report holds */
  guint n_views;
  SsdbTestKind view;
  GtkDropDown *view_dropdown;
  SsdbChartView *chart;
};

G_DEFINE_FINAL_TYPE (SsdbCompareWindow, ssdb_compare_window, ADW_TYPE_WINDOW)

static void
fill_view (SsdbCompareWindow *self, SsdbCompareView *view)
{
  memset (view, 0, sizeof *view);
  view->view = self->view;
  view->reports = (SsdbReport *const *)self->reports->pdata;
  view->n_reports = self->reports->len;
}

static void
draw (const SsdbStyle *style, cairo_t *cr, int width, int height, gpointer data)
{
  SsdbCompareView view;

  fill_view (SSDB_COMPARE_WINDOW (data), &view);
  ssdb_compare_painter_draw (&view, style, cr, width, height);
}

static void
on_view_selected (SsdbCompareWindow *self)
{
  guint i = gtk_drop_down_get_selected (self->view_dropdown);

  if (i < self->n_views)
    ssdb_compare_window_set_view (self, self->views[i]);
}

static void
ssdb_compare_window_dispose (GObject *object)
{
  SsdbCompareWindow *self = SSDB_COMPARE_WINDOW (object);

  g_clear_pointer (&self->reports, g_ptr_array_unref);
  G_OBJECT_CLASS (ssdb_compare_window_parent_class)->dispose (object);
}

static void
ssdb_compare_window_class_init (SsdbCompareWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ssdb_compare_window_dispose;
}

static void
ssdb_compare_window_init (SsdbCompareWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();

  self->reports = g_ptr_array_new_with_free_func ((GDestroyNotify)ssdb_report_unref);
  gtk_window_set_title (GTK_WINDOW (self), _ ("Compare Reports"));
  gtk_window_set_default_size (GTK_WINDOW (self), 1000, 680);
  self->view_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->view_dropdown), _ ("The Chart to Compare"));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), GTK_WIDGET (self->view_dropdown));
  gtk_box_append (GTK_BOX (box), header);
  self->chart = SSDB_CHART_VIEW (ssdb_chart_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->chart), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->chart), TRUE);
  gtk_widget_set_margin_start (GTK_WIDGET (self->chart), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->chart), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self->chart), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->chart), 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Comparison chart"), -1);
  ssdb_chart_view_set_draw_func (self->chart, draw, self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->chart));
  adw_window_set_content (ADW_WINDOW (self), box);
}

SsdbCompareWindow *
ssdb_compare_window_new (GtkWindow *parent, SsdbReport *const *reports, guint n_reports,
                         GError **error)
{
  SsdbCompareWindow *self;
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);

  g_return_val_if_fail (reports != NULL || n_reports == 0, NULL);

  if (n_reports < 2 || n_reports > SSDB_COMPARE_MAX_REPORTS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   _ ("Choose 2 to %u reports to compare (%u chosen)"), SSDB_COMPARE_MAX_REPORTS,
                   n_reports);
      return NULL;
    }
  self = g_object_new (SSDB_TYPE_COMPARE_WINDOW, NULL);
  for (guint i = 0; i < n_reports; i++)
    g_ptr_array_add (self->reports, ssdb_report_ref (reports[i]));
  for (guint v = 0; v < SSDB_TEST_KIND_N; v++)
    {
      SsdbCompareView view;

      self->view = (SsdbTestKind)v;
      fill_view (self, &view);
      if (!ssdb_compare_view_supported (view.view) || !ssdb_compare_check (&view, NULL))
        continue;
      self->views[self->n_views++] = view.view;
      gtk_string_list_append (names, ssdb_gui_test_kind_title ((SsdbTestKind)v));
    }
  if (self->n_views == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   _ ("These reports have no test in common that can be compared"));
      gtk_window_destroy (GTK_WINDOW (self));
      return NULL;
    }
  self->view = self->views[0];
  gtk_drop_down_set_model (self->view_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->view_dropdown, 0);
  g_signal_connect_swapped (self->view_dropdown, "notify::selected", G_CALLBACK (on_view_selected),
                            self);
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  return self;
}

gboolean
ssdb_compare_window_set_view (SsdbCompareWindow *self, SsdbTestKind view)
{
  g_return_val_if_fail (SSDB_IS_COMPARE_WINDOW (self), FALSE);

  for (guint i = 0; i < self->n_views; i++)
    if (self->views[i] == view)
      {
        self->view = view;
        if (gtk_drop_down_get_selected (self->view_dropdown) != i)
          gtk_drop_down_set_selected (self->view_dropdown, i);
        ssdb_chart_view_invalidate (self->chart);
        return TRUE;
      }
  return FALSE;
}

SsdbTestKind
ssdb_compare_window_get_view (SsdbCompareWindow *self)
{
  g_return_val_if_fail (SSDB_IS_COMPARE_WINDOW (self), SSDB_TEST_KIND_SUMMARY);
  return self->view;
}

SsdbChartView *
ssdb_compare_window_get_chart (SsdbCompareWindow *self)
{
  g_return_val_if_fail (SSDB_IS_COMPARE_WINDOW (self), NULL);
  return self->chart;
}
