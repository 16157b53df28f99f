/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-summary-chart.h"

#include "ssdb-chart-view.h"
#include "ssdb-gui-util.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

struct _SsdbSummaryChart
{
  GtkWidget parent_instance;

  const SsdbSummaryResult *result;
  SsdbSummaryUnit unit;
  char *title;
  char *subtitle;
  int running_index;
  double running_fraction;
  double running_bytes_per_second;
  char *write_hint;

  GStrv drawn_cells;
  guint snapshot_count;
};

G_DEFINE_FINAL_TYPE (SsdbSummaryChart, ssdb_summary_chart, GTK_TYPE_WIDGET)

void
ssdb_summary_chart_get_style (SsdbSummaryChart *self, SsdbStyle *style)
{
  ssdb_gui_style_init (style);
}

void
ssdb_summary_chart_fill_view (SsdbSummaryChart *self, SsdbSummaryView *view)
{
  g_return_if_fail (SSDB_IS_SUMMARY_CHART (self));

  memset (view, 0, sizeof *view);
  view->result = self->result;
  view->target_title = self->title;
  view->target_subtitle = self->subtitle;
  view->unit = self->unit;
  view->running_index = self->running_index;
  view->running_fraction = self->running_fraction;
  view->running_bytes_per_second = self->running_bytes_per_second;
  view->write_hint = self->write_hint;
}

void
ssdb_summary_chart_set_write_hint (SsdbSummaryChart *self, const char *hint)
{
  g_return_if_fail (SSDB_IS_SUMMARY_CHART (self));

  if (g_strcmp0 (self->write_hint, hint) == 0)
    return;
  g_free (self->write_hint);
  self->write_hint = g_strdup (hint);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ssdb_summary_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SsdbSummaryChart *self = SSDB_SUMMARY_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr (GStrvBuilder) cells = g_strv_builder_new ();
  SsdbSummaryView view;
  SsdbStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0 || self->result == NULL)
    return;

  ssdb_summary_chart_get_style (self, &style);
  ssdb_summary_chart_fill_view (self, &view);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  ssdb_summary_painter_draw (&view, &style, cr, width, height);
  cairo_destroy (cr);

  for (guint i = 0; i < self->result->entries->len; i++)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (self->result->entries, i);
      g_autofree char *text = ssdb_summary_format_value (e, self->unit, style.locale_numbers);

      g_strv_builder_add (cells, text);
    }
  g_clear_pointer (&self->drawn_cells, g_strfreev);
  self->drawn_cells = g_strv_builder_end (cells);
  self->snapshot_count++;
}

static void
on_style_changed (SsdbSummaryChart *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ssdb_summary_chart_finalize (GObject *object)
{
  SsdbSummaryChart *self = SSDB_SUMMARY_CHART (object);

  g_free (self->title);
  g_free (self->write_hint);
  g_free (self->subtitle);
  g_strfreev (self->drawn_cells);

  G_OBJECT_CLASS (ssdb_summary_chart_parent_class)->finalize (object);
}

static void
ssdb_summary_chart_dispose (GObject *object)
{
  ssdb_chart_view_unfollow_style (GTK_WIDGET (object));
  G_OBJECT_CLASS (ssdb_summary_chart_parent_class)->dispose (object);
}

static GtkSizeRequestMode
get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
         int *minimum_baseline, int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 480;
      *natural = 860;
    }
  else
    {
      *minimum = 320;
      *natural = 520;
    }
}

/* The spread of the passes a cell stands on, in MB/s, or NULL when none was measured. */
static char *
dup_spread (const SsdbSummaryResult *result, const SsdbSummaryEntry *entry)
{
  double lo, hi;
  guint n = ssdb_summary_entry_spread (entry, &lo, &hi);

  if (n == 0)
    return NULL;
  if (result->imported != NULL)
    /* Translators: the tooltip of an imported summary cell: "SEQ1M Q8T1: 3012.4 MB/s as
     * CrystalDiskMark states it" */
    return g_strdup_printf (_ ("%s: %.1f MB/s as %s states it"), entry->test.name, lo / 1e6,
                            result->imported->tool);
  if (n == 1)
    /* Translators: the tooltip of a summary cell measured once: "SEQ1M Q8T1: one pass,
     * 3012.4 MB/s" */
    return g_strdup_printf (_ ("%s: one pass, %.1f MB/s"), entry->test.name, lo / 1e6);
  if (result->spec.aggregate == SSDB_AGGREGATE_MEAN)
    /* Translators: the spread of a summary cell: "SEQ1M Q8T1: mean of 5 passes, 3012.4 to
     * 3051.2 MB/s" */
    return g_strdup_printf (_ ("%s: mean of %u passes, %.1f to %.1f MB/s"), entry->test.name, n,
                            lo / 1e6, hi / 1e6);
  /* Translators: the spread of a summary cell: "SEQ1M Q8T1: best of 5 passes, 3012.4 to
   * 3051.2 MB/s" */
  return g_strdup_printf (_ ("%s: best of %u passes, %.1f to %.1f MB/s"), entry->test.name, n,
                          lo / 1e6, hi / 1e6);
}

char *
ssdb_summary_chart_dup_tooltip_at (SsdbSummaryChart *self, double x, double y)
{
  const SsdbSummaryEntry *entry;
  const SsdbIoResult *io;
  SsdbSummaryView view;
  g_autofree char *spread = NULL, *iops = NULL, *mean = NULL, *p99 = NULL;
  int index;

  g_return_val_if_fail (SSDB_IS_SUMMARY_CHART (self), NULL);

  if (self->result == NULL)
    return NULL;
  ssdb_summary_chart_fill_view (self, &view);
  index = ssdb_summary_painter_entry_at (&view, gtk_widget_get_width (GTK_WIDGET (self)),
                                         gtk_widget_get_height (GTK_WIDGET (self)), x, y);
  if (index < 0 || (guint)index >= self->result->entries->len)
    return NULL;
  entry = g_ptr_array_index (self->result->entries, index);
  if ((spread = dup_spread (self->result, entry)) == NULL)
    return NULL;
  /* Then what the cell's other units would show, and its response times. */
  io = &entry->aggregate;
  if (io->latency.count == 0)
    return g_steal_pointer (&spread);
  iops = ssdb_chart_format_double (io->iops, 0, TRUE);
  mean = ssdb_chart_format_ms (ssdb_histogram_mean_ns (&io->latency), TRUE);
  p99 = ssdb_chart_format_ms ((double)ssdb_histogram_percentile_ns (&io->latency, 99), TRUE);
  /* Translators: the second line of a summary cell's tooltip: "12345 IOPS · latency mean
   * 0.123 ms, p99 0.456 ms" */
  return g_strdup_printf (_ ("%s\n%s IOPS · latency mean %s, p99 %s"), spread, iops, mean, p99);
}

static gboolean
on_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                  gpointer user_data)
{
  g_autofree char *text = ssdb_summary_chart_dup_tooltip_at (SSDB_SUMMARY_CHART (widget), x, y);

  (void)keyboard;
  (void)user_data;
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
ssdb_summary_chart_class_init (SsdbSummaryChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ssdb_summary_chart_finalize;
  object_class->dispose = ssdb_summary_chart_dispose;
  widget_class->snapshot = ssdb_summary_chart_snapshot;
  widget_class->get_request_mode = get_request_mode;
  widget_class->measure = measure;

  ssdb_chart_view_class_setup (widget_class, "summarychart");
}

static void
ssdb_summary_chart_init (SsdbSummaryChart *self)
{
  self->running_index = -1;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
  ssdb_chart_view_follow_style (GTK_WIDGET (self), G_CALLBACK (on_style_changed));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Benchmark results"), -1);
}

GtkWidget *
ssdb_summary_chart_new (void)
{
  return g_object_new (SSDB_TYPE_SUMMARY_CHART, NULL);
}

void
ssdb_summary_chart_set_result (SsdbSummaryChart *self, const SsdbSummaryResult *result)
{
  g_return_if_fail (SSDB_IS_SUMMARY_CHART (self));
  self->result = result;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ssdb_summary_chart_set_unit (SsdbSummaryChart *self, SsdbSummaryUnit unit)
{
  g_return_if_fail (SSDB_IS_SUMMARY_CHART (self));
  if (self->unit == unit)
    return;
  self->unit = unit;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

SsdbSummaryUnit
ssdb_summary_chart_get_unit (SsdbSummaryChart *self)
{
  g_return_val_if_fail (SSDB_IS_SUMMARY_CHART (self), SSDB_UNIT_MBPS);
  return self->unit;
}

void
ssdb_summary_chart_set_titles (SsdbSummaryChart *self, const char *title, const char *subtitle)
{
  g_return_if_fail (SSDB_IS_SUMMARY_CHART (self));
  if (g_strcmp0 (title, self->title) == 0 && g_strcmp0 (subtitle, self->subtitle) == 0)
    return;
  g_free (self->title);
  g_free (self->subtitle);
  self->title = g_strdup (title);
  self->subtitle = g_strdup (subtitle);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ssdb_summary_chart_set_running (SsdbSummaryChart *self, int index, double fraction,
                                double bytes_per_second)
{
  g_return_if_fail (SSDB_IS_SUMMARY_CHART (self));
  self->running_index = index;
  self->running_fraction = fraction;
  self->running_bytes_per_second = bytes_per_second;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ssdb_summary_chart_refresh (SsdbSummaryChart *self)
{
  g_return_if_fail (SSDB_IS_SUMMARY_CHART (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GStrv
ssdb_summary_chart_dup_drawn_cells (SsdbSummaryChart *self)
{
  g_return_val_if_fail (SSDB_IS_SUMMARY_CHART (self), NULL);
  return g_strdupv (self->drawn_cells);
}

guint
ssdb_summary_chart_get_snapshot_count (SsdbSummaryChart *self)
{
  g_return_val_if_fail (SSDB_IS_SUMMARY_CHART (self), 0);
  return self->snapshot_count;
}
