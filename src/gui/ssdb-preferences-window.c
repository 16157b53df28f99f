/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-preferences-window.h"

#include "ssdb-settings-bind.h"

struct _SsdbPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings *settings;

  AdwComboRow *unit_row;
  AdwComboRow *profile_row;
  GtkSpinButton *count_spin;
  GtkSpinButton *size_spin;
  GtkSpinButton *duration_spin;
  GtkSpinButton *interval_spin;
  AdwComboRow *data_row;
  AdwComboRow *aggregate_row;
  AdwComboRow *on_error_row;
  GtkSwitch *warmup_switch;
  GtkSwitch *mix_switch;
  GtkSpinButton *mix_read_spin;
  GtkSwitch *file_writes_switch;
};

G_DEFINE_FINAL_TYPE (SsdbPreferencesWindow, ssdb_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static const char *const unit_nicks[] = { "mbps", "gbps", "iops", "usec", "mibps", NULL };
static const char *const profile_nicks[] = { "default", "peak", "realworld", "nvme", NULL };
static const char *const data_nicks[]
    = { "random",           "zero", "compressible-25", "compressible-50", "compressible-75",
        "compressible-100", NULL };
static const char *const aggregate_nicks[] = { "best", "mean", NULL };
static const char *const on_error_nicks[] = { "stop", "continue", NULL };

static void
ssdb_preferences_window_dispose (GObject *object)
{
  SsdbPreferencesWindow *self = SSDB_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (ssdb_preferences_window_parent_class)->dispose (object);
}

static void
ssdb_preferences_window_class_init (SsdbPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ssdb_preferences_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/ssdbench/App/ui/ssdb-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, unit_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, profile_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, count_spin);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, size_spin);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, duration_spin);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, interval_spin);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, data_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, aggregate_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, on_error_row);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, warmup_switch);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, mix_switch);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, mix_read_spin);
  gtk_widget_class_bind_template_child (widget_class, SsdbPreferencesWindow, file_writes_switch);
}

static void
ssdb_preferences_window_init (SsdbPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
ssdb_preferences_window_new (GtkWindow *parent, GSettings *settings)
{
  SsdbPreferencesWindow *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (SSDB_TYPE_PREFERENCES_WINDOW, "transient-for", parent, "modal",
                       parent != NULL, NULL);
  self->settings = g_object_ref (settings);

  ssdb_settings_bind_enum_index (settings, "unit", self->unit_row, unit_nicks);
  ssdb_settings_bind_enum_index (settings, "profile", self->profile_row, profile_nicks);
  ssdb_settings_bind_enum_index (settings, "data-pattern", self->data_row, data_nicks);
  ssdb_settings_bind_enum_index (settings, "aggregate", self->aggregate_row, aggregate_nicks);
  ssdb_settings_bind_enum_index (settings, "on-error", self->on_error_row, on_error_nicks);
  g_settings_bind (settings, "count", self->count_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "size-mib", self->size_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "duration", self->duration_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "interval", self->interval_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "warmup", self->warmup_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "mix", self->mix_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "mix-read-percent", self->mix_read_spin, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "file-writes", self->file_writes_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  return GTK_WIDGET (self);
}
