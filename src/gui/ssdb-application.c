/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "ssdb-application.h"
#include "render/ssdb-render-lang.h"

#include "ssdb-window.h"

struct _SsdbApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
  SsdbDeviceMonitor *monitor;
};

G_DEFINE_FINAL_TYPE (SsdbApplication, ssdb_application, ADW_TYPE_APPLICATION)

static SsdbWindow *
get_window (SsdbApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (SSDB_IS_WINDOW (window))
    return SSDB_WINDOW (window);
  window
      = GTK_WINDOW (ssdb_window_new (GTK_APPLICATION (self), ssdb_application_get_settings (self),
                                     ssdb_application_get_device_monitor (self)));
  return SSDB_WINDOW (window);
}

static void
about_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  SsdbApplication *self = SSDB_APPLICATION (data);
  static const char *developers[] = { "The SSD Bench developers", NULL };
  GtkWidget *about = adw_about_window_new ();

  g_object_set (about, "transient-for", get_window (self), "application-name", "SSD Bench",
                "application-icon", APP_ID, "developer-name", _ ("The SSD Bench developers"),
                "version", PACKAGE_VERSION, "website", "https://ssdbench.org", "copyright",
                _ ("© 2026 The SSD Bench developers"), "license-type", GTK_LICENSE_GPL_3_0,
                "developers", developers, "translator-credits", _ ("translator-credits"),
                "comments", _ ("Measure SSDs and hard disks the way hardware reviewers do"), NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (data));

  /* Closing the windows stops their runs first. */
  for (GList *l = g_list_copy (windows); l != NULL; l = g_list_delete_link (l, l))
    gtk_window_close (GTK_WINDOW (l->data));
  g_application_quit (G_APPLICATION (data));
}

static const GActionEntry app_entries[] = {
  { .name = "about", .activate = about_activated },
  { .name = "quit", .activate = quit_activated },
};

static void
ssdb_application_startup (GApplication *app)
{
  SsdbApplication *self = SSDB_APPLICATION (app);
  static const struct
  {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "win.start", { "F5", "<Control>r", NULL } },
    { "win.stop", { "Escape", NULL } },
    { "win.save-report", { "<Control>s", NULL } },
    { "win.open-report", { "<Control>o", NULL } },
    { "win.export-image", { "<Control>e", NULL } },
    { "win.copy-text", { "<Control><Shift>c", NULL } },
    { "win.compare", { "<Control><Shift>o", NULL } },
    { "win.page('summary')", { "<Alt>1", NULL } },
    { "win.page('surface')", { "<Alt>2", NULL } },
    { "win.page('fill')", { "<Alt>3", NULL } },
    { "win.page('access')", { "<Alt>4", NULL } },
    { "win.page('sweep')", { "<Alt>5", NULL } },
    { "win.page('workload')", { "<Alt>6", NULL } },
    { "win.page('behaviour')", { "<Alt>7", NULL } },
    { "win.page('info')", { "<Alt>8", NULL } },
    { "win.page('health')", { "<Alt>9", NULL } },
    { "win.page('scan')", { "<Alt>0", NULL } },
    { "win.shortcuts", { "<Control>question", NULL } },
    { "win.preferences", { "<Control>comma", NULL } },
    { "app.quit", { "<Control>q", NULL } },
  };

  G_APPLICATION_CLASS (ssdb_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries, G_N_ELEMENTS (app_entries),
                                   app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action,
                                           accels[i].accels);

  self->settings = g_settings_new (APP_ID);
  self->monitor = ssdb_device_monitor_new (SSDB_DEVICE_MONITOR_DEFAULT);
}

static void
ssdb_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (SSDB_APPLICATION (app))));
}

static void
ssdb_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  SsdbWindow *window = get_window (SSDB_APPLICATION (app));

  /* `ssdbench REPORT.json` shows the report; `ssdbench /dev/sdX` or a folder selects it. */
  for (int i = 0; i < n_files; i++)
    ssdb_window_open_file (window, files[i], NULL);
  gtk_window_present (GTK_WINDOW (window));
}

static void
ssdb_application_dispose (GObject *object)
{
  SsdbApplication *self = SSDB_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->monitor);
  G_OBJECT_CLASS (ssdb_application_parent_class)->dispose (object);
}

static void
ssdb_application_class_init (SsdbApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ssdb_application_dispose;
  app_class->startup = ssdb_application_startup;
  app_class->activate = ssdb_application_activate;
  app_class->open = ssdb_application_open;
}

static void
ssdb_application_init (SsdbApplication *self)
{
}

/* printf's decimal separator (LC_NUMERIC) made the window language's, which the charts and
 * ssdb_gui_format_capacity() use: LANGUAGE=fr under LANG=en_US.UTF-8 would otherwise write
 * "0.5 s" beside "2,15 GB", and LANG=de_DE.UTF-8 with an English window "0,5 s" beside
 * "2.15 GB". Left as it is when no locale of the language is installed. */
static void
align_numbers (const char *language)
{
  const char *sep = ssdb_render_decimal_separator ();
  g_autofree char *lang = g_strndup (language, strcspn (language, "_.@"));
  g_autofree char *upper = g_ascii_strup (lang, -1);
  g_autofree char *full = g_strdup_printf ("%s.UTF-8", language);
  g_autofree char *guess = g_strdup_printf ("%s_%s.UTF-8", lang, upper);
  const char *candidates[] = { full, guess };

  if (g_strcmp0 (localeconv ()->decimal_point, sep) == 0)
    return;
  if (sep[0] == '.')
    {
      if (setlocale (LC_NUMERIC, "C.UTF-8") == NULL)
        setlocale (LC_NUMERIC, "C");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (strchr (language, '_') != NULL || i > 0)
      if (setlocale (LC_NUMERIC, candidates[i]) != NULL
          && g_strcmp0 (localeconv ()->decimal_point, sep) == 0)
        return;
}

void
ssdb_application_setup_i18n (void)
{
  const char *localedir = g_getenv ("SSDBENCH_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  {
    /* The charts and the numbers around them speak the window's language. */
    g_autofree char *language = ssdb_render_dup_ui_language ();

    ssdb_render_set_default_language (language);
    align_numbers (language);
  }
}

SsdbApplication *
ssdb_application_new (void)
{
  return g_object_new (SSDB_TYPE_APPLICATION, "application-id", APP_ID, "flags",
                       G_APPLICATION_HANDLES_OPEN, "resource-base-path", "/org/ssdbench/App", NULL);
}

GSettings *
ssdb_application_get_settings (SsdbApplication *self)
{
  g_return_val_if_fail (SSDB_IS_APPLICATION (self), NULL);
  return self->settings;
}

SsdbDeviceMonitor *
ssdb_application_get_device_monitor (SsdbApplication *self)
{
  g_return_val_if_fail (SSDB_IS_APPLICATION (self), NULL);
  return self->monitor;
}
