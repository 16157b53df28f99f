/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-export-dialog.h"
#include "ssdb-gui-util.h"
#include "render/ssdb-render-lang.h"

#include <glib/gi18n.h>

struct _SsdbExportDialog
{
  AdwWindow parent_instance;

  AdwToastOverlay *toasts;
  GtkDrawingArea *preview;
  AdwComboRow *view_row;
  AdwComboRow *theme_row;
  AdwComboRow *format_row;
  AdwComboRow *size_row;
  AdwActionRow *width_row;
  AdwActionRow *height_row;
  GtkSpinButton *width_spin;
  GtkSpinButton *height_spin;
  AdwComboRow *scale_row;
  GtkSwitch *caption_switch;
  AdwActionRow *serial_row;
  GtkSwitch *serial_switch;
  AdwPreferencesGroup *language_group;
  GtkSwitch *english_switch;

  SsdbReport *report;
  SsdbTestKind views[SSDB_TEST_KIND_N];
  guint n_views;
  GtkFileChooserNative *chooser;
  gboolean updating;
  guint preview_changes;
};

enum
{
  SIGNAL_EXPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (SsdbExportDialog, ssdb_export_dialog, ADW_TYPE_WINDOW)

/* The rows' order: size presets as ssdb_export_sizes() gives them, then "Custom". */
static const SsdbTheme themes[] = { SSDB_THEME_REVIEW, SSDB_THEME_LIGHT, SSDB_THEME_DARK };

void
ssdb_export_dialog_get_options (SsdbExportDialog *self, SsdbTestKind *view,
                                SsdbExportFormat *format, int *width, int *height, int *scale,
                                SsdbTheme *theme, SsdbExportFlags *flags)
{
  guint i;

  g_return_if_fail (SSDB_IS_EXPORT_DIALOG (self));

  if (view != NULL)
    {
      i = adw_combo_row_get_selected (self->view_row);
      *view = i < self->n_views ? self->views[i] : SSDB_TEST_KIND_SUMMARY;
    }
  if (format != NULL)
    *format = (SsdbExportFormat)MIN (adw_combo_row_get_selected (self->format_row), 2u);
  if (width != NULL)
    *width = gtk_spin_button_get_value_as_int (self->width_spin);
  if (height != NULL)
    *height = gtk_spin_button_get_value_as_int (self->height_spin);
  if (scale != NULL)
    *scale = adw_combo_row_get_selected (self->scale_row) == 1 ? 2 : 1;
  if (theme != NULL)
    *theme = themes[MIN (adw_combo_row_get_selected (self->theme_row), G_N_ELEMENTS (themes) - 1)];
  if (flags != NULL)
    {
      *flags = SSDB_EXPORT_FLAGS_NONE;
      if (!gtk_switch_get_active (self->caption_switch))
        *flags |= SSDB_EXPORT_NO_CAPTION;
      else if (gtk_switch_get_active (self->serial_switch))
        *flags |= SSDB_EXPORT_SERIAL;
    }
}

guint
ssdb_export_dialog_get_preview_changes (SsdbExportDialog *self)
{
  g_return_val_if_fail (SSDB_IS_EXPORT_DIALOG (self), 0);
  return self->preview_changes;
}

static void
draw_preview (GtkDrawingArea *area, cairo_t *cr, int area_w, int area_h, gpointer data)
{
  SsdbExportDialog *self = data;
  SsdbTestKind view;
  SsdbExportFlags flags;
  SsdbTheme theme;
  SsdbStyle style;
  int w, h;
  double k, x, y;

  if (self->report == NULL || self->n_views == 0)
    return;
  ssdb_export_dialog_get_options (self, &view, NULL, &w, &h, NULL, &theme, &flags);
  ssdb_style_init (&style, theme);
  style.language = ssdb_export_dialog_get_language (self);
  style.locale_numbers = !ssdb_render_language_is_english (style.language);
  /* The whole chart at its logical size, shrunk to fit: what the file will show. */
  k = MIN ((double)area_w / w, (double)area_h / h);
  k = MIN (k, 1.0);
  x = floor ((area_w - w * k) / 2);
  y = floor ((area_h - h * k) / 2);
  cairo_save (cr);
  cairo_rectangle (cr, x - 1, y - 1, w * k + 2, h * k + 2);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_fill (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, k, k);
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_clip (cr);
  ssdb_export_draw (self->report, view, &style, flags, cr, w, h);
  cairo_restore (cr);
}

static void
update_sensitivity (SsdbExportDialog *self)
{
  SsdbExportFormat format;
  gboolean custom = adw_combo_row_get_selected (self->size_row) >= 3;

  ssdb_export_dialog_get_options (self, NULL, &format, NULL, NULL, NULL, NULL, NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->width_row), custom);
  gtk_widget_set_sensitive (GTK_WIDGET (self->height_row), custom);
  gtk_widget_set_sensitive (GTK_WIDGET (self->scale_row), format == SSDB_EXPORT_PNG);
  gtk_widget_set_sensitive (GTK_WIDGET (self->serial_row),
                            gtk_switch_get_active (self->caption_switch));
}

static void
on_option_changed (SsdbExportDialog *self)
{
  if (self->updating)
    return;
  update_sensitivity (self);
  self->preview_changes++;
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
on_size_selected (SsdbExportDialog *self)
{
  guint i = adw_combo_row_get_selected (self->size_row), n;
  const SsdbExportSize *sizes = ssdb_export_sizes (&n);

  if (self->updating)
    return;
  if (i < n)
    {
      self->updating = TRUE;
      gtk_spin_button_set_value (self->width_spin, sizes[i].width);
      gtk_spin_button_set_value (self->height_spin, sizes[i].height);
      self->updating = FALSE;
    }
  on_option_changed (self);
}

void
ssdb_export_dialog_set_options (SsdbExportDialog *self, SsdbTestKind view, SsdbExportFormat format,
                                int width, int height, int scale, SsdbTheme theme,
                                SsdbExportFlags flags)
{
  guint n, size_index;
  const SsdbExportSize *sizes = ssdb_export_sizes (&n);

  g_return_if_fail (SSDB_IS_EXPORT_DIALOG (self));

  self->updating = TRUE;
  for (guint i = 0; i < self->n_views; i++)
    if (self->views[i] == view)
      adw_combo_row_set_selected (self->view_row, i);
  adw_combo_row_set_selected (self->format_row, MIN ((guint)format, 2u));
  size_index = n;
  for (guint i = 0; i < n; i++)
    if (sizes[i].width == width && sizes[i].height == height)
      size_index = i;
  adw_combo_row_set_selected (self->size_row, size_index);
  gtk_spin_button_set_value (self->width_spin, width);
  gtk_spin_button_set_value (self->height_spin, height);
  adw_combo_row_set_selected (self->scale_row, scale >= 2 ? 1 : 0);
  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    if (themes[i] == theme)
      adw_combo_row_set_selected (self->theme_row, i);
  gtk_switch_set_active (self->caption_switch, !(flags & SSDB_EXPORT_NO_CAPTION));
  gtk_switch_set_active (self->serial_switch, (flags & SSDB_EXPORT_SERIAL) != 0);
  self->updating = FALSE;
  on_option_changed (self);
}

const char *
ssdb_export_dialog_get_language (SsdbExportDialog *self)
{
  g_return_val_if_fail (SSDB_IS_EXPORT_DIALOG (self), "en");
  return gtk_switch_get_active (self->english_switch) ? "en" : ssdb_render_get_language ();
}

gboolean
ssdb_export_dialog_export_to (SsdbExportDialog *self, const char *path, GError **error)
{
  SsdbTestKind view;
  SsdbExportFormat format;
  SsdbExportFlags flags;
  SsdbTheme theme;
  int w, h, scale;
  const char *previous;
  gboolean ok;

  g_return_val_if_fail (SSDB_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  ssdb_export_dialog_get_options (self, &view, &format, &w, &h, &scale, &theme, &flags);
  /* ssdb_export_view() draws in the calling thread's chart language. */
  previous = ssdb_render_language_push (ssdb_export_dialog_get_language (self));
  ok = ssdb_export_view (self->report, view, format, w, h, scale, theme, flags, path, error);
  ssdb_render_language_pop (previous);
  if (!ok)
    return FALSE;
  g_signal_emit (self, signals[SIGNAL_EXPORTED], 0, path);
  return TRUE;
}

/* "ssdbench-zram0-surface-20240501-1234.png": the report's date, never the current time. */
static char *
suggested_name (SsdbExportDialog *self)
{
  SsdbTestKind view;
  SsdbExportFormat format;
  const SsdbTargetInfo *t = &self->report->target;
  g_autoptr (GDateTime) when = g_date_time_new_from_unix_utc (self->report->created_unix);
  g_autofree char *date = when ? g_date_time_format (when, "%Y%m%d-%H%M") : g_strdup ("report");
  const char *base = t->name != NULL && *t->name ? t->name : "report";

  ssdb_export_dialog_get_options (self, &view, &format, NULL, NULL, NULL, NULL, NULL);
  return g_strdup_printf ("ssdbench-%s-%s-%s.%s", base, ssdb_test_kind_to_string (view), date,
                          ssdb_export_format_to_string (format));
}

static void
on_chooser_response (GtkNativeDialog *dialog, int response, SsdbExportDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autoptr (GError) error = NULL;

      if (path != NULL && ssdb_export_dialog_export_to (self, path, &error))
        gtk_window_close (GTK_WINDOW (self));
      else if (error != NULL)
        adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
    }
  g_clear_object (&self->chooser);
}

static void
save_action (GtkWidget *widget, const char *action, GVariant *param)
{
  SsdbExportDialog *self = SSDB_EXPORT_DIALOG (widget);
  g_autofree char *name = suggested_name (self);

  g_clear_object (&self->chooser);
  self->chooser
      = gtk_file_chooser_native_new (_ ("Export Chart"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
ssdb_export_dialog_dispose (GObject *object)
{
  SsdbExportDialog *self = SSDB_EXPORT_DIALOG (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->report, ssdb_report_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), SSDB_TYPE_EXPORT_DIALOG);
  G_OBJECT_CLASS (ssdb_export_dialog_parent_class)->dispose (object);
}

static void
ssdb_export_dialog_class_init (SsdbExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_export_dialog_dispose;

  /**
   * SsdbExportDialog::exported:
   * @path: the file written
   *
   * A chart was written.
   */
  signals[SIGNAL_EXPORTED] = g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/ssdbench/App/ui/ssdb-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, toasts);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, preview);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, view_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, theme_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, size_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, width_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, height_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, width_spin);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, height_spin);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, scale_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, caption_switch);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, serial_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, serial_switch);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, language_group);
  gtk_widget_class_bind_template_child (widget_class, SsdbExportDialog, english_switch);
  gtk_widget_class_install_action (widget_class, "export.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ssdb_export_dialog_init (SsdbExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
  /* 1200 × 800 by default. */
  adw_combo_row_set_selected (self->size_row, 1);

  g_signal_connect_swapped (self->view_row, "notify::selected", G_CALLBACK (on_option_changed),
                            self);
  g_signal_connect_swapped (self->theme_row, "notify::selected", G_CALLBACK (on_option_changed),
                            self);
  g_signal_connect_swapped (self->format_row, "notify::selected", G_CALLBACK (on_option_changed),
                            self);
  g_signal_connect_swapped (self->scale_row, "notify::selected", G_CALLBACK (on_option_changed),
                            self);
  g_signal_connect_swapped (self->size_row, "notify::selected", G_CALLBACK (on_size_selected),
                            self);
  g_signal_connect_swapped (self->width_spin, "value-changed", G_CALLBACK (on_option_changed),
                            self);
  g_signal_connect_swapped (self->height_spin, "value-changed", G_CALLBACK (on_option_changed),
                            self);
  g_signal_connect_swapped (self->caption_switch, "notify::active", G_CALLBACK (on_option_changed),
                            self);
  g_signal_connect_swapped (self->serial_switch, "notify::active", G_CALLBACK (on_option_changed),
                            self);
  g_signal_connect_swapped (self->english_switch, "notify::active", G_CALLBACK (on_option_changed),
                            self);
  /* In an English window there is no other language to choose. */
  gtk_widget_set_visible (GTK_WIDGET (self->language_group),
                          !ssdb_render_language_is_english (ssdb_render_get_language ()));
  update_sensitivity (self);
}

SsdbExportDialog *
ssdb_export_dialog_new (GtkWindow *parent, SsdbReport *report, SsdbTestKind view)
{
  SsdbExportDialog *self;
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  guint selected = 0;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (report != NULL, NULL);

  self = g_object_new (SSDB_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->report = ssdb_report_ref (report);
  for (guint v = 0; v < SSDB_TEST_KIND_N; v++)
    if (ssdb_report_has_test (report, (SsdbTestKind)v) && ssdb_export_has_chart ((SsdbTestKind)v))
      {
        if ((SsdbTestKind)v == view)
          selected = self->n_views;
        self->views[self->n_views++] = (SsdbTestKind)v;
        gtk_string_list_append (names, ssdb_gui_test_kind_title ((SsdbTestKind)v));
      }
  self->updating = TRUE;
  adw_combo_row_set_model (self->view_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->view_row, selected);
  self->updating = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->view_row), self->n_views > 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export.save", self->n_views > 0);
  on_option_changed (self);
  return self;
}

void
ssdb_export_dialog_present (GtkWindow *parent, SsdbReport *report, SsdbTestKind view)
{
  SsdbExportDialog *self = ssdb_export_dialog_new (parent, report, view);

  gtk_window_present (GTK_WINDOW (self));
}
