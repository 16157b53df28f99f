/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-compare-window.h"

#include <string.h>

#include <glib/gi18n.h>

#include "engine/ssdb-error.h"
#include "render/ssdb-export.h"
#include "ssdb-gui-util.h"

struct _SsdbCompareWindow
{
  AdwWindow parent_instance;

  GPtrArray *reports;                   /* SsdbReport */
  SsdbTestKind views[SSDB_TEST_KIND_N]; /* the views every report holds */
  guint n_views;
  SsdbTestKind view;
  GtkDropDown *view_dropdown;
  SsdbChartView *chart;
  AdwToastOverlay *toasts;
  GtkBox *label_box;                               /* one entry per report */
  char *labels[SSDB_COMPARE_MAX_REPORTS];          /* the user's names; NULL: the default */
  const char *effective[SSDB_COMPARE_MAX_REPORTS]; /* what the legend says */
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (SsdbCompareWindow, ssdb_compare_window, ADW_TYPE_WINDOW)

static void
fill_view (SsdbCompareWindow *self, SsdbCompareView *view)
{
  memset (view, 0, sizeof *view);
  view->view = self->view;
  view->reports = (SsdbReport *const *)self->reports->pdata;
  view->n_reports = self->reports->len;
  view->labels = (const char *const *)self->effective;
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

/* A name the user typed, or none: the painter's default, which numbers the runs of one drive in
 * one minute so that the legend tells them apart. */
static void
update_labels (SsdbCompareWindow *self)
{
  for (guint i = 0; i < self->reports->len; i++)
    self->effective[i]
        = self->labels[i] != NULL && *self->labels[i] != '\0' ? self->labels[i] : NULL;
  ssdb_chart_view_invalidate (self->chart);
}

static void
on_label_changed (GtkEditable *entry, SsdbCompareWindow *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "report-index"));

  if (i >= self->reports->len)
    return;
  g_free (self->labels[i]);
  self->labels[i] = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  update_labels (self);
}

/* The image format a file name asks for by its extension: PNG unless it ends in .svg or .pdf. */
static SsdbExportFormat
format_of (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".svg"))
    return SSDB_EXPORT_SVG;
  if (g_str_has_suffix (lower, ".pdf"))
    return SSDB_EXPORT_PDF;
  return SSDB_EXPORT_PNG;
}

gboolean
ssdb_compare_window_export_to (SsdbCompareWindow *self, const char *path, GError **error)
{
  SsdbCompareView view;
  SsdbExportFormat format;

  g_return_val_if_fail (SSDB_IS_COMPARE_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  fill_view (self, &view);
  format = format_of (path);
  return ssdb_export_compare ((SsdbReport *const *)self->reports->pdata,
                              (const char *const *)self->effective, self->reports->len, view.view,
                              format, 1200, 800, format == SSDB_EXPORT_PNG ? 2 : 1,
                              SSDB_THEME_REVIEW, SSDB_EXPORT_FLAGS_NONE, path, error);
}

static void
on_export_response (GtkNativeDialog *dialog, int response, SsdbCompareWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;

      if (path == NULL)
        text = g_strdup (_ ("Cannot write to this place: choose a local file"));
      else if (!ssdb_compare_window_export_to (self, path, &error))
        text = g_strdup (error->message);
      else
        {
          g_autofree char *name = g_path_get_basename (path);

          /* Translators: %s is a file name */
          text = g_strdup_printf (_ ("Comparison saved as %s"), name);
        }
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
    }
  g_clear_object (&self->chooser);
}

static void
on_export_clicked (SsdbCompareWindow *self)
{
  g_autofree char *name = NULL;

  if (self->chooser != NULL)
    return;
  self->chooser
      = gtk_file_chooser_native_new (_ ("Export Comparison"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));
  name = g_strdup_printf ("compare-%s.png", ssdb_test_kind_to_string (self->view));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

void
ssdb_compare_window_set_label (SsdbCompareWindow *self, guint index, const char *label)
{
  GtkWidget *entry;
  guint i = 0;

  g_return_if_fail (SSDB_IS_COMPARE_WINDOW (self));
  g_return_if_fail (index < self->reports->len);

  for (entry = gtk_widget_get_first_child (GTK_WIDGET (self->label_box)); entry != NULL;
       entry = gtk_widget_get_next_sibling (entry))
    if (GTK_IS_ENTRY (entry) && i++ == index)
      {
        gtk_editable_set_text (GTK_EDITABLE (entry), label != NULL ? label : "");
        return;
      }
}

char *
ssdb_compare_window_dup_label (SsdbCompareWindow *self, guint index)
{
  SsdbCompareView view;

  g_return_val_if_fail (SSDB_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (index < self->reports->len, NULL);
  fill_view (self, &view);
  return ssdb_compare_view_dup_label (&view, index);
}

static void
ssdb_compare_window_dispose (GObject *object)
{
  SsdbCompareWindow *self = SSDB_COMPARE_WINDOW (object);

  g_clear_pointer (&self->reports, g_ptr_array_unref);
  for (guint i = 0; i < SSDB_COMPARE_MAX_REPORTS; i++)
    {
      g_clear_pointer (&self->labels[i], g_free);
      self->effective[i] = NULL;
    }
  g_clear_object (&self->chooser);
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
  {
    GtkWidget *export_button = gtk_button_new_with_mnemonic (_ ("_Export…"));
    GtkWidget *labels_button = gtk_menu_button_new ();
    GtkWidget *popover = gtk_popover_new ();

    gtk_widget_set_tooltip_text (export_button,
                                 _ ("Save the Comparison as a PNG, SVG or PDF Image"));
    g_signal_connect_swapped (export_button, "clicked", G_CALLBACK (on_export_clicked), self);
    adw_header_bar_pack_end (ADW_HEADER_BAR (header), export_button);
    gtk_menu_button_set_label (GTK_MENU_BUTTON (labels_button), _ ("Names"));
    gtk_widget_set_tooltip_text (labels_button, _ ("The Names of the Reports in the Legend"));
    self->label_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
    gtk_widget_set_margin_start (GTK_WIDGET (self->label_box), 6);
    gtk_widget_set_margin_end (GTK_WIDGET (self->label_box), 6);
    gtk_widget_set_margin_top (GTK_WIDGET (self->label_box), 6);
    gtk_widget_set_margin_bottom (GTK_WIDGET (self->label_box), 6);
    gtk_popover_set_child (GTK_POPOVER (popover), GTK_WIDGET (self->label_box));
    gtk_menu_button_set_popover (GTK_MENU_BUTTON (labels_button), popover);
    adw_header_bar_pack_end (ADW_HEADER_BAR (header), labels_button);
  }
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
  self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  adw_toast_overlay_set_child (self->toasts, box);
  adw_window_set_content (ADW_WINDOW (self), GTK_WIDGET (self->toasts));
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
    {
      GtkWidget *entry = gtk_entry_new ();
      g_autofree char *accessible = NULL;

      g_ptr_array_add (self->reports, ssdb_report_ref (reports[i]));
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 36);
      /* Translators: the accessible name of the entry of report %u's name in the legend */
      accessible = g_strdup_printf (_ ("Name of report %u"), i + 1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      accessible, -1);
      g_object_set_data (G_OBJECT (entry), "report-index", GUINT_TO_POINTER (i));
      g_signal_connect (entry, "changed", G_CALLBACK (on_label_changed), self);
      gtk_box_append (self->label_box, entry);
    }
  /* Each report's name in the legend, as the chart gives it until the user types another: runs
   * of one drive in one minute are numbered. */
  {
    SsdbCompareView named = { .view = SSDB_TEST_KIND_FILL,
                              .reports = (SsdbReport *const *)self->reports->pdata,
                              .n_reports = self->reports->len };
    guint i = 0;

    for (GtkWidget *entry = gtk_widget_get_first_child (GTK_WIDGET (self->label_box));
         entry != NULL; entry = gtk_widget_get_next_sibling (entry), i++)
      {
        g_autofree char *name = ssdb_compare_view_dup_label (&named, i);

        gtk_entry_set_placeholder_text (GTK_ENTRY (entry), name);
      }
  }
  update_labels (self);
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
