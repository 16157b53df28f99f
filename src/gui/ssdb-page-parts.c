/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-page-parts.h"

#include <glib/gi18n.h>

#include "config.h"
#include "engine/ssdb-error.h"
#include "render/ssdb-render-lang.h"
#include "ssdb-gui-util.h"

void
ssdb_page_parts_build (GtkBox *page, SsdbPageParts *parts, const char *chart_label)
{
  GtkWidget *frame;
  GtkFlowBox *flow;

  g_return_if_fail (GTK_IS_BOX (page));
  g_return_if_fail (parts != NULL);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (page), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (page, 12);
  gtk_widget_set_margin_top (GTK_WIDGET (page), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (page), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (page), 18);
  gtk_widget_set_margin_end (GTK_WIDGET (page), 18);

  parts->settings = gtk_flow_box_new ();
  flow = GTK_FLOW_BOX (parts->settings);
  gtk_flow_box_set_selection_mode (flow, GTK_SELECTION_NONE);
  gtk_flow_box_set_column_spacing (flow, 18);
  gtk_flow_box_set_row_spacing (flow, 6);
  gtk_flow_box_set_max_children_per_line (flow, 8);
  gtk_box_append (page, parts->settings);

  frame = gtk_frame_new (NULL);
  gtk_widget_set_vexpand (frame, TRUE);
  gtk_widget_set_hexpand (frame, TRUE);
  gtk_widget_add_css_class (frame, "view");
  gtk_widget_add_css_class (frame, "chart-frame");
  parts->chart = SSDB_CHART_VIEW (ssdb_chart_view_new ());
  gtk_frame_set_child (GTK_FRAME (frame), GTK_WIDGET (parts->chart));
  gtk_accessible_update_property (GTK_ACCESSIBLE (parts->chart), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  chart_label, -1);
  gtk_box_append (page, frame);

  parts->bottom = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  parts->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_set_hexpand (GTK_WIDGET (parts->status), TRUE);
  gtk_label_set_xalign (parts->status, 1);
  /* Wrapped, never cut: a long status (an estimate, a refusal, in French) stays whole. */
  gtk_label_set_wrap (parts->status, TRUE);
  gtk_label_set_wrap_mode (parts->status, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (parts->status, GTK_JUSTIFY_RIGHT);
  gtk_widget_add_css_class (GTK_WIDGET (parts->status), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (parts->status), "numeric");
  gtk_box_append (GTK_BOX (parts->bottom), GTK_WIDGET (parts->status));
  gtk_box_append (page, parts->bottom);
}

GtkWidget *
ssdb_page_parts_add_setting (GtkWidget *box, const char *label, GtkWidget *control,
                             const char *tooltip)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *text = gtk_label_new_with_mnemonic (label);

  g_return_val_if_fail (GTK_IS_WIDGET (box), NULL);
  g_return_val_if_fail (GTK_IS_WIDGET (control), NULL);

  gtk_label_set_mnemonic_widget (GTK_LABEL (text), control);
  gtk_widget_add_css_class (text, "dim-label");
  gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
  /* On the label, not the control: a drop-down's tooltip would stay over the first item of the
   * list it opens. The control keeps the text as its accessible description. */
  if (tooltip != NULL)
    {
      gtk_widget_set_tooltip_text (text, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      tooltip, -1);
    }
  gtk_box_append (GTK_BOX (row), text);
  gtk_box_append (GTK_BOX (row), control);
  if (GTK_IS_FLOW_BOX (box))
    gtk_flow_box_append (GTK_FLOW_BOX (box), row);
  else
    gtk_box_append (GTK_BOX (box), row);
  return row;
}

GtkDropDown *
ssdb_page_parts_dropdown_new (guint n, char *(*label) (guint i), guint selected)
{
  GtkDropDown *dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));

  ssdb_gui_fill_dropdown (dropdown, n, label);
  gtk_drop_down_set_selected (dropdown, MIN (selected, n - 1));
  return dropdown;
}

char *
ssdb_page_parts_dup_caption (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d %H:%M");

  return g_strdup_printf ("SSD Bench %s · %s", PACKAGE_VERSION, date);
}

char *
ssdb_page_parts_format_seconds (guint64 ns)
{
  if (ns % G_GUINT64_CONSTANT (1000000000) == 0)
    return g_strdup_printf (_ ("%u s"), (guint)(ns / G_GUINT64_CONSTANT (1000000000)));
  if (ns % G_GUINT64_CONSTANT (100000000) == 0)
    return g_strdup_printf (_ ("%.1f s"), ns / 1e9);
  return g_strdup_printf (_ ("%.2f s"), ns / 1e9);
}

void
ssdb_page_parts_attach_run (SsdbChartView *chart, gpointer page, SsdbPageRun *run,
                            SsdbTestKind kind, GCallback on_updated, GCallback on_tick,
                            GCallback on_finished, SsdbChartViewDrawFunc draw)
{
  g_return_if_fail (SSDB_IS_TEST_PAGE (page));
  g_return_if_fail (SSDB_IS_PAGE_RUN (run));

  ssdb_test_page_attach_run (SSDB_TEST_PAGE (page), run, kind);
  g_signal_connect_swapped (run, "updated", on_updated, page);
  if (on_tick != NULL)
    g_signal_connect_swapped (run, "tick", on_tick, page);
  g_signal_connect_swapped (run, "finished", on_finished, page);
  if (chart != NULL && draw != NULL)
    ssdb_chart_view_set_draw_func (chart, draw, page);
}

void
ssdb_page_parts_dispose_run (SsdbPageRun **run, gpointer page)
{
  g_return_if_fail (run != NULL);

  if (*run == NULL)
    return;
  ssdb_page_run_stop (*run);
  g_signal_handlers_disconnect_by_data (*run, page);
  g_clear_object (run);
}

gboolean
ssdb_page_parts_start_test (SsdbPageRun *run, const SsdbTestPageStart *start, gboolean writes,
                            guint64 file_size, SsdbPageRunTestFunc test, gpointer result,
                            gpointer initial, GError **error)
{
  g_return_val_if_fail (start != NULL, FALSE);

  return ssdb_page_run_start_test (
      run, start->path,
      !start->is_device || writes ? SSDB_TARGET_OPEN_WRITE : SSDB_TARGET_OPEN_READ,
      start->is_device ? start->permission : NULL, file_size, test, result, initial, error);
}

void
ssdb_page_parts_started (SsdbPageParts *parts, gint64 *started_us, char **subtitle, char *line)
{
  *started_us = g_get_monotonic_time ();
  g_free (*subtitle);
  *subtitle = line;
  gtk_widget_set_sensitive (parts->settings, FALSE);
}

void
ssdb_page_parts_show_progress (SsdbPageParts *parts, SsdbPageRun *run, char *status)
{
  g_autofree char *text = status;

  g_return_if_fail (parts != NULL);
  g_return_if_fail (SSDB_IS_PAGE_RUN (run));

  if (!ssdb_page_run_get_running (run))
    return;
  if (ssdb_page_run_get_updates (run) == 0)
    {
      g_free (text);
      text = g_strdup (_ ("Opening the target"));
    }
  text = ssdb_page_run_add_time (run, g_steal_pointer (&text));
  gtk_label_set_text (parts->status, text);
}

char *
ssdb_page_parts_dup_took (gint64 started_us)
{
  return ssdb_page_parts_format_seconds ((guint64)(g_get_monotonic_time () - started_us) / 100000
                                         * 100000000);
}

char *
ssdb_page_parts_end_text (SsdbPageParts *parts, const GError *error, const char *stopped)
{
  if (parts != NULL)
    gtk_widget_set_sensitive (parts->settings, TRUE);
  if (error == NULL)
    return NULL;
  if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    return ssdb_gui_stopped_text (error, stopped);
  /* Translators: %s is the error message */
  return g_strdup_printf (_ ("Failed: %s"), error->message);
}

void
ssdb_page_parts_show (SsdbPageParts *parts, SsdbPageRun *run, char **title, const char *new_title,
                      char **subtitle, char *line, gpointer result)
{
  g_free (*title);
  *title = g_strdup (new_title);
  g_free (*subtitle);
  *subtitle = line;
  ssdb_page_run_set_result (run, result);
  gtk_label_set_text (parts->status, "");
}

void
ssdb_page_parts_export_style_init (SsdbStyle *style)
{
  g_return_if_fail (style != NULL);

  ssdb_style_init (style, SSDB_THEME_REVIEW);
  style->language = ssdb_render_get_language ();
}

char *
ssdb_page_parts_dup_span (guint64 span_length)
{
  return span_length > 0 ? ssdb_gui_format_capacity (span_length) : g_strdup (_ ("whole target"));
}

char *
ssdb_page_parts_add_span_note (char *line, gboolean filled, gboolean reads, guint unwritten_percent,
                               SsdbUnwrittenSource unwritten_source)
{
  g_autofree char *owned = line;

  g_return_val_if_fail (line != NULL, NULL);

  if (filled)
    /* Translators: after the settings line of a random-access result */
    return g_strconcat (line, _ (" · span filled first"), NULL);
  if (reads && unwritten_percent > 0 && unwritten_source != SSDB_UNWRITTEN_UNKNOWN)
    {
      /* Translators: after the settings line: the share of the span that held no data */
      g_autofree char *note
          = g_strdup_printf (_ (" · %u %% of it never written"), unwritten_percent);

      return g_strconcat (line, note, NULL);
    }
  return g_steal_pointer (&owned);
}

void
ssdb_page_parts_redraw (SsdbPageParts *parts, const char *words)
{
  ssdb_chart_view_invalidate (parts->chart);
  gtk_accessible_update_property (GTK_ACCESSIBLE (parts->chart),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, words ? words : "", -1);
}
