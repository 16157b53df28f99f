/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-window.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-safety.h"
#include "engine/ssdb-sysfs.h"
#include "engine/ssdb-units.h"
#include "config.h"
#include "ssdb-settings-bind.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

struct _SsdbWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  AdwToastOverlay *toast_overlay;
  GtkMenuButton *target_button;
  GtkPopover *target_popover;
  GtkListBox *target_list;
  GtkImage *target_icon;
  GtkLabel *target_label;
  GtkButton *start_button;
  AdwButtonContent *start_content;
  GtkProgressBar *progress_bar;
  AdwViewStack *stack;
  GtkWidget *settings_box;
  GtkDropDown *profile_dropdown;
  GtkDropDown *count_dropdown;
  GtkDropDown *size_dropdown;
  GtkDropDown *data_dropdown;
  GtkFrame *chart_frame;
  GtkSwitch *write_switch;
  GtkLabel *write_reason;
  GtkSwitch *mix_switch;
  GtkLabel *mix_label;
  GtkLabel *status_label;
  SsdbDriveInfo *drive_info;
  SsdbSurfacePage *surface_page;
  SsdbFillPage *fill_page;

  SsdbSummaryChart *chart;
  GSettings *settings;
  SsdbDeviceMonitor *monitor;
  SsdbRunner *runner;

  /* target */
  SsdbDevice *device;
  char *directory;
  char *confirmed_device; /* the device the user agreed may be overwritten */
  gboolean updating_switch;
  char *write_refusal; /* why writing to the device is refused, as last read from sysfs */
  AdwMessageDialog *confirm_dialog;
  gboolean confirm_for_surface; /* the open confirmation asks for the write surface */
  gboolean confirm_for_fill;    /* the open confirmation asks to start a fill */

  /* what the chart shows */
  SsdbSummaryResult *preview; /* empty grid for the current settings */
  gboolean showing_run;       /* the runner's view instead of the preview */
  SsdbReport *report;         /* a loaded report, shown instead of both */

  guint inhibit_cookie;
  gboolean inhibit_requested;
  guint status_timer;
  char *last_toast;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (SsdbWindow, ssdb_window, ADW_TYPE_APPLICATION_WINDOW)

static const int size_table_mib[]
    = { 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, -1 };
static const char *const profile_nicks[] = { "default", "peak", "realworld", "nvme", NULL };
static const char *const data_nicks[] = { "random", "zero", NULL };

static void
update_chart (SsdbWindow *self);
static void
update_write_controls (SsdbWindow *self, gboolean reread);

/* ---- helpers --------------------------------------------------------------------------- */

static void
show_toast (SsdbWindow *self, const char *text)
{
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
}

static char *
format_mib (guint64 mib)
{
  if (mib >= 1024 && mib % 1024 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " GiB", mib / 1024);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " MiB", mib);
}

static char *
format_duration (gint64 us)
{
  gint64 s = (us + 500000) / G_USEC_PER_SEC;

  if (s >= 3600)
    return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d", s / 3600, (int)(s / 60 % 60),
                            (int)(s % 60));
  return g_strdup_printf ("%d:%02d", (int)(s / 60), (int)(s % 60));
}

static const char *
target_path (SsdbWindow *self)
{
  if (self->device != NULL)
    return ssdb_device_get_device_path (self->device);
  return self->directory;
}

static guint64
device_size (SsdbWindow *self)
{
  return self->device ? ssdb_device_get_info (self->device)->size_bytes : 0;
}

/* The spec the Start button would run now. */
static void
spec_from_settings (SsdbWindow *self, SsdbSummarySpec *spec, gboolean writes)
{
  g_autofree char *profile = g_settings_get_string (self->settings, "profile");
  g_autofree char *data = g_settings_get_string (self->settings, "data-pattern");
  g_autofree char *aggregate = g_settings_get_string (self->settings, "aggregate");
  guint64 size = (guint64)g_settings_get_int (self->settings, "size-mib") * MIB;

  ssdb_summary_spec_init (spec);
  ssdb_profile_from_string (profile, &spec->profile);
  if (self->device != NULL && device_size (self) > 0 && size > device_size (self))
    size = MAX (device_size (self) / MIB, 1) * MIB;
  spec->size = size;
  spec->count = (guint)g_settings_get_int (self->settings, "count");
  spec->duration_ns
      = (guint64)g_settings_get_int (self->settings, "duration") * G_GUINT64_CONSTANT (1000000000);
  spec->interval_ns
      = (guint64)g_settings_get_int (self->settings, "interval") * G_GUINT64_CONSTANT (1000000000);
  spec->data.kind = g_strcmp0 (data, "zero") == 0 ? SSDB_DATA_ZERO : SSDB_DATA_RANDOM;
  spec->aggregate = g_strcmp0 (aggregate, "mean") == 0 ? SSDB_AGGREGATE_MEAN : SSDB_AGGREGATE_BEST;
  spec->warmup = g_settings_get_boolean (self->settings, "warmup");
  spec->do_read = TRUE;
  /* On a device the write column stays visible (skipped, with the reason) when writes are off;
   * for a test file it is simply left out. */
  spec->do_write = writes || self->directory == NULL;
  spec->do_mix
      = g_settings_get_boolean (self->settings, "mix") && (writes || self->directory == NULL);
}

static char *
dup_target_title (SsdbWindow *self)
{
  if (self->report != NULL)
    {
      const SsdbTargetInfo *t = &self->report->target;
      g_autofree char *cap = ssdb_format_capacity (t->size_bytes);

      return g_strdup_printf ("%s%s%s · %s", t->model ? t->model : "", t->model ? " · " : "",
                              t->path ? t->path : "?", cap);
    }
  if (self->device != NULL)
    {
      g_autofree char *title = ssdb_device_dup_title (self->device);
      g_autofree char *subtitle = ssdb_device_dup_subtitle (self->device);

      return g_strdup_printf ("%s · %s", title, subtitle);
    }
  if (self->directory != NULL)
    return g_strdup_printf ("Test file in %s", self->directory);
  return g_strdup ("No drive selected");
}

static char *
dup_settings_line (const SsdbSummarySpec *spec, gboolean report)
{
  g_autofree char *size = format_mib (spec->size / MIB);
  g_autofree char *data = ssdb_data_pattern_to_string (&spec->data);
  static const char *const profiles[] = { "Default", "Peak", "Real World", "NVMe SSD" };

  return g_strdup_printf (
      "%s%u × %s · %u s per pass · %s data · %s profile%s", report ? "Report · " : "", spec->count,
      size, (guint)(spec->duration_ns / 1000000000), data, profiles[CLAMP (spec->profile, 0, 3)],
      spec->aggregate == SSDB_AGGREGATE_MEAN ? " · mean" : "");
}

/* ---- chart and status ------------------------------------------------------------------ */

static void
rebuild_preview (SsdbWindow *self)
{
  SsdbSummarySpec spec;

  spec_from_settings (self, &spec, ssdb_window_get_writes_enabled (self));
  g_clear_pointer (&self->preview, ssdb_summary_result_free);
  self->preview = ssdb_summary_result_new (&spec, NULL);
  if (self->device != NULL && !ssdb_window_get_writes_enabled (self))
    {
      for (guint i = 0; i < self->preview->entries->len; i++)
        {
          SsdbSummaryEntry *e = g_ptr_array_index (self->preview->entries, i);

          if (e->rw != SSDB_RW_READ)
            {
              e->state = SSDB_ENTRY_SKIPPED;
              e->message = g_strdup ("write tests are off");
            }
        }
    }
}

static void
update_chart (SsdbWindow *self)
{
  const SsdbSummaryResult *result;
  const SsdbRunnerProgress *progress = ssdb_runner_get_progress (self->runner);
  g_autofree char *title = dup_target_title (self);
  g_autofree char *subtitle = NULL;
  g_autofree char *unit = g_settings_get_string (self->settings, "unit");
  SsdbSummaryUnit u = SSDB_UNIT_MBPS;

  ssdb_summary_unit_from_string (unit, &u);
  ssdb_summary_chart_set_unit (self->chart, u);

  if (self->report != NULL && self->report->summary != NULL)
    result = self->report->summary;
  else if (self->showing_run && ssdb_runner_get_view (self->runner) != NULL)
    result = ssdb_runner_get_view (self->runner);
  else
    {
      if (self->preview == NULL)
        rebuild_preview (self);
      result = self->preview;
    }
  subtitle = dup_settings_line (&result->spec, self->report != NULL);
  ssdb_summary_chart_set_titles (self->chart, title, subtitle);
  ssdb_summary_chart_set_result (self->chart, result);
  if (ssdb_runner_get_running (self->runner) && self->report == NULL)
    ssdb_summary_chart_set_running (self->chart, progress->entry_index, progress->entry_fraction,
                                    progress->bytes_per_second);
  else
    ssdb_summary_chart_set_running (self->chart, -1, 0, 0);
}

static void
update_status (SsdbWindow *self)
{
  const SsdbRunnerProgress *p = ssdb_runner_get_progress (self->runner);
  g_autofree char *elapsed = NULL;
  g_autofree char *text = NULL;

  if (!ssdb_runner_get_running (self->runner))
    return;
  elapsed = format_duration (p->elapsed_us);
  if (g_strcmp0 (p->phase, "open") == 0)
    text = g_strdup_printf ("Opening the target… · %s", elapsed);
  else if (g_strcmp0 (p->phase, "prepare") == 0)
    text = g_strdup_printf ("Writing test data · %s elapsed", elapsed);
  else if (p->remaining_us >= 0)
    {
      g_autofree char *left = format_duration (p->remaining_us);

      text = g_strdup_printf ("%s elapsed · about %s left", elapsed, left);
    }
  else
    text = g_strdup_printf ("%s elapsed", elapsed);
  gtk_label_set_text (self->status_label, text);
  gtk_progress_bar_set_fraction (self->progress_bar, p->fraction);
}

static gboolean
status_timer_cb (gpointer data)
{
  update_status (SSDB_WINDOW (data));
  return G_SOURCE_CONTINUE;
}

static void
set_running_ui (SsdbWindow *self, gboolean running)
{
  GAction *start = g_action_map_lookup_action (G_ACTION_MAP (self), "start");
  GAction *stop = g_action_map_lookup_action (G_ACTION_MAP (self), "stop");

  running = running || ssdb_surface_page_get_running (self->surface_page)
            || ssdb_fill_page_get_running (self->fill_page);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (stop), running);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (start),
                               !running && target_path (self) != NULL
                                   && !ssdb_runner_get_busy (self->runner));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->start_button),
                                  running ? "win.stop" : "win.start");
  adw_button_content_set_label (self->start_content, running ? "_Stop" : "_Start");
  adw_button_content_set_icon_name (self->start_content, running ? "media-playback-stop-symbolic"
                                                                 : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->start_button),
                               running ? "Stop the Benchmark (Esc)" : "Start the Benchmark (F5)");
  if (running)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "suggested-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "destructive-action");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "destructive-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "suggested-action");
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->target_button), !running);
  gtk_widget_set_sensitive (self->settings_box, !running);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), running);
  /* From what was read when the target was chosen or the run started: nothing on the way
   * of Start or Stop reads sysfs or /proc. */
  update_write_controls (self, FALSE);
}

/* ---- runner ---------------------------------------------------------------------------- */

static void
on_runner_updated (SsdbWindow *self)
{
  update_chart (self);
  update_status (self);
}

static void
on_runner_finished (SsdbWindow *self, const GError *error)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  const char *path = target_path (self);

  if (self->inhibit_cookie != 0 && app != NULL)
    gtk_application_uninhibit (app, self->inhibit_cookie);
  self->inhibit_cookie = 0;
  self->inhibit_requested = FALSE;
  g_clear_handle_id (&self->status_timer, g_source_remove);
  set_running_ui (self, FALSE);
  update_chart (self);

  if (error == NULL)
    {
      g_autofree char *elapsed
          = format_duration (ssdb_runner_get_progress (self->runner)->elapsed_us);
      g_autofree char *text = g_strdup_printf ("Done in %s", elapsed);

      gtk_label_set_text (self->status_label, text);
    }
  else if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    {
      gtk_label_set_text (self->status_label, "Stopped · results so far are kept");
      show_toast (self, "Benchmark stopped; the results measured so far are kept");
    }
  else
    {
      g_autofree char *text = NULL;

      if (path != NULL && strstr (error->message, path) == NULL)
        text = g_strdup_printf ("%s: %s", path, error->message);
      else
        text = g_strdup (error->message);
      gtk_label_set_text (self->status_label, "Failed");
      show_toast (self, text);
    }
}

static void
on_runner_busy (SsdbWindow *self)
{
  set_running_ui (self, ssdb_runner_get_running (self->runner));
}

/* ---- surface --------------------------------------------------------------------------- */

typedef enum
{
  CONFIRM_SUMMARY,
  CONFIRM_SURFACE,
  CONFIRM_FILL,
} ConfirmFor;

static void
show_confirm_dialog (SsdbWindow *self, ConfirmFor what);

/* Why writing to the selected device is refused (mounted, swap, read-only...), or NULL. */
static char *
dup_write_refusal (SsdbWindow *self)
{
  const SsdbDeviceInfo *info;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbUsage) usage = NULL;
  char *refusal = NULL;

  if (self->device == NULL)
    return NULL;
  info = ssdb_device_get_info (self->device);
  usage = ssdb_usage_read (NULL, info->name, &error);
  if (usage != NULL)
    refusal = ssdb_usage_describe_refusal (usage, info->device_path);
  else
    refusal = g_strdup (error->message);
  if (refusal == NULL && info->read_only)
    refusal = g_strdup_printf ("%s is read-only", info->device_path);
  return refusal;
}

static void
update_surface_target (SsdbWindow *self)
{
  g_autofree char *title = dup_target_title (self);

  /* After update_write_controls (self, TRUE): the refusal was just read. */
  ssdb_surface_page_set_target (self->surface_page, title, device_size (self), self->write_refusal);
  ssdb_fill_page_set_target (self->fill_page, title, device_size (self), self->write_refusal);
}

static gboolean
surface_write_confirmed (SsdbWindow *self)
{
  return self->device != NULL && self->confirmed_device != NULL
         && g_strcmp0 (self->confirmed_device, ssdb_device_get_device_path (self->device)) == 0;
}

static void
on_surface_write_requested (SsdbWindow *self)
{
  g_autofree char *refusal = NULL;

  if (self->device == NULL)
    return; /* a test file: nothing to confirm */
  refusal = dup_write_refusal (self);
  if (refusal != NULL)
    {
      ssdb_surface_page_set_write_mode (self->surface_page, SSDB_SURFACE_WRITE_NONE);
      show_toast (self, refusal);
      return;
    }
  if (!surface_write_confirmed (self))
    show_confirm_dialog (self, CONFIRM_SURFACE);
}

static void
on_surface_updated (SsdbWindow *self)
{
  gtk_progress_bar_set_fraction (self->progress_bar,
                                 ssdb_surface_page_get_fraction (self->surface_page));
}

static void
on_surface_finished (SsdbWindow *self, const GError *error)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  const char *path = target_path (self);

  if (self->inhibit_cookie != 0 && app != NULL)
    gtk_application_uninhibit (app, self->inhibit_cookie);
  self->inhibit_cookie = 0;
  self->inhibit_requested = FALSE;
  set_running_ui (self, ssdb_runner_get_running (self->runner));
  if (error == NULL)
    return;
  if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    show_toast (self, "Surface stopped; the samples measured so far are kept");
  else if (path != NULL && strstr (error->message, path) == NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s: %s", path, error->message);

      show_toast (self, text);
    }
  else
    show_toast (self, error->message);
}

static void
on_surface_running (SsdbWindow *self)
{
  set_running_ui (self, ssdb_runner_get_running (self->runner));
}

/* ---- fill ------------------------------------------------------------------------------ */

static void
inhibit_suspend (SsdbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (app == NULL)
    return;
  self->inhibit_cookie = gtk_application_inhibit (
      app, GTK_WINDOW (self), GTK_APPLICATION_INHIBIT_SUSPEND, "A storage benchmark is running");
  self->inhibit_requested = TRUE;
}

static void
on_fill_updated (SsdbWindow *self)
{
  gtk_progress_bar_set_fraction (self->progress_bar, ssdb_fill_page_get_fraction (self->fill_page));
}

static void
on_fill_finished (SsdbWindow *self, const GError *error)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  const char *path = target_path (self);

  if (self->inhibit_cookie != 0 && app != NULL)
    gtk_application_uninhibit (app, self->inhibit_cookie);
  self->inhibit_cookie = 0;
  self->inhibit_requested = FALSE;
  set_running_ui (self, ssdb_runner_get_running (self->runner));
  if (error == NULL)
    return;
  if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    show_toast (self, "Fill stopped; the rates measured so far are kept");
  else if (path != NULL && strstr (error->message, path) == NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s: %s", path, error->message);

      show_toast (self, text);
    }
  else
    show_toast (self, error->message);
}

/* Starts the fill; on a device only with @permission, the device the user just confirmed. */
static void
run_fill (SsdbWindow *self, const char *permission)
{
  g_autoptr (GError) error = NULL;
  const char *path = target_path (self);
  guint64 file_size = (guint64)g_settings_get_int (self->settings, "size-mib") * MIB;

  if (path == NULL)
    return;
  if (!ssdb_fill_page_start (self->fill_page, path, permission, file_size, &error))
    {
      show_toast (self, error->message);
      return;
    }
  inhibit_suspend (self);
  set_running_ui (self, TRUE);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
}

static void
start_fill (SsdbWindow *self)
{
  g_autofree char *refusal = NULL;

  if (self->device == NULL)
    {
      run_fill (self, NULL); /* a test file: nothing to confirm */
      return;
    }
  refusal = dup_write_refusal (self);
  if (refusal != NULL)
    {
      show_toast (self, refusal);
      return;
    }
  /* A fill overwrites the whole device: asked every time. */
  show_confirm_dialog (self, CONFIRM_FILL);
}

static void
start_surface (SsdbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr (GError) error = NULL;
  SsdbTargetOpenFlags flags = SSDB_TARGET_OPEN_READ;
  const char *permission = NULL;
  const char *path = target_path (self);
  guint64 file_size = (guint64)g_settings_get_int (self->settings, "size-mib") * MIB;

  if (ssdb_surface_page_get_write_mode (self->surface_page) == SSDB_SURFACE_WRITE_DESTROY)
    {
      if (self->device != NULL && !surface_write_confirmed (self))
        {
          /* Confirmed for another device, or the confirmation was withdrawn: ask again. */
          show_confirm_dialog (self, CONFIRM_SURFACE);
          return;
        }
      flags = SSDB_TARGET_OPEN_WRITE;
      permission = self->device ? self->confirmed_device : NULL;
    }
  if (self->directory != NULL)
    flags = SSDB_TARGET_OPEN_WRITE; /* the test file is written before it is read */

  if (!ssdb_surface_page_start (self->surface_page, path, flags, permission, file_size, &error))
    {
      show_toast (self, error->message);
      return;
    }
  if (app != NULL)
    {
      self->inhibit_cookie
          = gtk_application_inhibit (app, GTK_WINDOW (self), GTK_APPLICATION_INHIBIT_SUSPEND,
                                     "A storage benchmark is running");
      self->inhibit_requested = TRUE;
    }
  set_running_ui (self, TRUE);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
}

static void
start_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  SsdbWindow *self = SSDB_WINDOW (data);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr (GError) error = NULL;
  SsdbSummarySpec spec;
  SsdbTargetOpenFlags flags = SSDB_TARGET_OPEN_READ;
  const char *permission = NULL;
  const char *path = target_path (self);
  gboolean writes;

  if (path == NULL)
    {
      show_toast (self, "Choose a drive or a folder first");
      return;
    }
  if (ssdb_runner_get_running (self->runner) || ssdb_surface_page_get_running (self->surface_page)
      || ssdb_fill_page_get_running (self->fill_page))
    return;
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "surface") == 0)
    {
      start_surface (self);
      return;
    }
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "fill") == 0)
    {
      start_fill (self);
      return;
    }

  update_write_controls (self, TRUE); /* the device may have been mounted meanwhile */
  writes = ssdb_window_get_writes_enabled (self);
  spec_from_settings (self, &spec, writes);
  if (self->directory != NULL)
    flags = SSDB_TARGET_OPEN_WRITE; /* the test file itself must be written before reads */
  else if (writes)
    {
      flags = SSDB_TARGET_OPEN_WRITE;
      permission = self->confirmed_device;
    }

  g_clear_pointer (&self->report, ssdb_report_unref);
  if (ssdb_runner_start (self->runner, path, flags, permission, spec.size, &spec, &error) == 0)
    {
      show_toast (self, error->message);
      return;
    }
  self->showing_run = TRUE;
  if (app != NULL)
    {
      /* 0 when no session manager or portal can inhibit: the run goes on regardless. */
      self->inhibit_cookie
          = gtk_application_inhibit (app, GTK_WINDOW (self), GTK_APPLICATION_INHIBIT_SUSPEND,
                                     "A storage benchmark is running");
      self->inhibit_requested = TRUE;
    }
  if (self->status_timer == 0)
    self->status_timer = g_timeout_add (250, status_timer_cb, self);
  set_running_ui (self, TRUE);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  update_chart (self);
  update_status (self);
}

static void
stop_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  SsdbWindow *self = SSDB_WINDOW (data);

  /* Only cancel: the runs report their end on their own, within 100 ms, and the next frame
   * shows it. Nothing else changes on screen meanwhile, so the end never waits behind a
   * frame this would have started. */
  ssdb_runner_stop (self->runner);
  ssdb_surface_page_stop (self->surface_page);
  ssdb_fill_page_stop (self->fill_page);
  g_clear_handle_id (&self->status_timer, g_source_remove);
}

/* ---- write switch ---------------------------------------------------------------------- */

gboolean
ssdb_window_get_writes_enabled (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);

  /* A refused device turns the switch off (update_write_controls), so its state is the truth;
   * it is only insensitive, not off, while a run is in progress. */
  if (!gtk_switch_get_state (self->write_switch))
    return FALSE;
  if (self->device != NULL)
    return self->confirmed_device != NULL
           && g_strcmp0 (self->confirmed_device, ssdb_device_get_device_path (self->device)) == 0;
  return self->directory != NULL;
}

static void
set_switch (SsdbWindow *self, gboolean on)
{
  self->updating_switch = TRUE;
  gtk_switch_set_active (self->write_switch, on);
  gtk_switch_set_state (self->write_switch, on);
  self->updating_switch = FALSE;
}

/* Updates the write switch and its reason; @reread: look at the device's use (mounted, swap,
 * holders) again instead of using what was read last time. */
static void
update_write_controls (SsdbWindow *self, gboolean reread)
{
  gboolean running = ssdb_runner_get_running (self->runner);
  const char *refusal;
  const char *reason;
  gboolean writes;

  if (reread)
    {
      g_clear_pointer (&self->write_refusal, g_free);
      self->write_refusal = dup_write_refusal (self);
    }
  refusal = self->write_refusal;

  if (refusal != NULL)
    {
      g_clear_pointer (&self->confirmed_device, g_free);
      set_switch (self, FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->write_switch), FALSE);
      gtk_label_set_text (self->write_reason, refusal);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->write_switch), refusal);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->write_reason), refusal);
    }
  else
    {
      writes = ssdb_window_get_writes_enabled (self);
      gtk_widget_set_sensitive (GTK_WIDGET (self->write_switch),
                                target_path (self) != NULL && !running);
      if (target_path (self) == NULL)
        reason = "Choose a drive or a folder first";
      else if (self->directory != NULL)
        reason = writes ? "Writes go to a temporary file that is removed afterwards"
                        : "Only reads from a temporary file";
      else
        reason
            = writes ? "Data in the test region will be destroyed" : "Off: the drive is only read";
      gtk_label_set_text (self->write_reason, reason);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->write_switch), NULL);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->write_reason), NULL);
    }
  writes = ssdb_window_get_writes_enabled (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->mix_switch), writes && !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->mix_label), writes);
}

static void
on_confirm_response (AdwMessageDialog *dialog, const char *response, SsdbWindow *self)
{
  gboolean confirmed = g_strcmp0 (response, "destroy") == 0 && self->device != NULL;

  if (self->confirm_for_fill)
    {
      /* The fill's own confirmation: for this start only, nothing else changes. */
      g_autofree char *device = NULL;

      self->confirm_for_fill = FALSE;
      self->confirm_dialog = NULL;
      if (confirmed)
        {
          device = g_strdup (ssdb_device_get_device_path (self->device));
          run_fill (self, device);
        }
      return;
    }
  if (confirmed)
    {
      g_free (self->confirmed_device);
      self->confirmed_device = g_strdup (ssdb_device_get_device_path (self->device));
    }
  self->confirm_dialog = NULL;
  if (self->confirm_for_surface)
    {
      /* The write surface's request: the summary's switch stays as it was. */
      self->confirm_for_surface = FALSE;
      if (!confirmed)
        ssdb_surface_page_set_write_mode (self->surface_page, SSDB_SURFACE_WRITE_NONE);
      return;
    }
  set_switch (self, confirmed);
  update_write_controls (self, TRUE);
  rebuild_preview (self);
  self->showing_run = FALSE;
  update_chart (self);
}

static void
show_confirm_dialog (SsdbWindow *self, ConfirmFor what)
{
  const SsdbDeviceInfo *info = ssdb_device_get_info (self->device);
  g_autofree char *title = ssdb_device_dup_title (self->device);
  g_autofree char *cap = ssdb_format_capacity (info->size_bytes);
  g_autofree char *heading = g_strdup_printf ("Overwrite Data on %s?", info->device_path);
  g_autofree char *body
      = what == CONFIRM_FILL
            ? g_strdup_printf ("The whole-drive fill writes random data over all of %s (%s, %s), "
                               "pass after pass. All data stored on it will be destroyed and "
                               "cannot be recovered.",
                               title, cap, info->device_path)
        : what == CONFIRM_SURFACE
            ? g_strdup_printf ("The write surface writes over the whole span of %s (%s, %s). All "
                               "data stored there will be destroyed and cannot be recovered.",
                               title, cap, info->device_path)
            : g_strdup_printf ("Write tests write over the test region of %s (%s, %s). All data "
                               "stored there will be destroyed and cannot be recovered.",
                               title, cap, info->device_path);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", "_Cancel", "destroy",
                                    "_Overwrite Data", NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "destroy",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_confirm_response), self);
  self->confirm_dialog = ADW_MESSAGE_DIALOG (dialog);
  self->confirm_for_surface = what == CONFIRM_SURFACE;
  self->confirm_for_fill = what == CONFIRM_FILL;
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
on_write_state_set (GtkSwitch *sw, gboolean state, SsdbWindow *self)
{
  if (self->updating_switch)
    return FALSE;
  if (state && self->device != NULL && self->confirmed_device == NULL)
    {
      show_confirm_dialog (self, CONFIRM_SUMMARY);
      return TRUE; /* the state follows once confirmed */
    }
  if (!state)
    g_clear_pointer (&self->confirmed_device, g_free);
  gtk_switch_set_state (sw, state);
  update_write_controls (self, TRUE);
  rebuild_preview (self);
  self->showing_run = FALSE;
  update_chart (self);
  return TRUE;
}

/* ---- targets --------------------------------------------------------------------------- */

static void
update_target_button (SsdbWindow *self)
{
  if (self->device != NULL)
    {
      const SsdbDeviceInfo *info = ssdb_device_get_info (self->device);
      g_autofree char *title = ssdb_device_dup_title (self->device);
      g_autofree char *cap = ssdb_format_capacity (info->size_bytes);
      g_autofree char *label = g_strdup_printf ("%s · %s", info->name, cap);
      g_autofree char *subtitle = ssdb_device_dup_subtitle (self->device);
      g_autofree char *tip = g_strdup_printf ("%s\n%s", title, subtitle);

      gtk_label_set_text (self->target_label, label);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->target_button), tip);
      gtk_image_set_from_icon_name (self->target_icon, info->rotation_rate == 0
                                                           ? "drive-harddisk-solidstate-symbolic"
                                                           : "drive-harddisk-symbolic");
    }
  else if (self->directory != NULL)
    {
      g_autofree char *base = g_path_get_basename (self->directory);

      gtk_label_set_text (self->target_label, base);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->target_button), self->directory);
      gtk_image_set_from_icon_name (self->target_icon, "folder-symbolic");
    }
  else
    {
      gtk_label_set_text (self->target_label, "Choose Drive");
      gtk_image_set_from_icon_name (self->target_icon, "drive-harddisk-symbolic");
    }
}

static void
target_changed (SsdbWindow *self)
{
  update_target_button (self);
  ssdb_drive_info_set_target (self->drive_info, self->device, self->directory);
  update_write_controls (self, TRUE);
  update_surface_target (self);
  rebuild_preview (self);
  self->showing_run = FALSE;
  g_clear_pointer (&self->report, ssdb_report_unref);
  update_chart (self);
  set_running_ui (self, ssdb_runner_get_running (self->runner));
  gtk_label_set_text (self->status_label, "");
}

gboolean
ssdb_window_select_target (SsdbWindow *self, const char *path)
{
  struct stat st;
  g_autoptr (SsdbDevice) device = NULL;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (ssdb_runner_get_running (self->runner))
    return FALSE;
  if (stat (path, &st) != 0 || !(S_ISBLK (st.st_mode) || S_ISDIR (st.st_mode)))
    {
      g_autofree char *text = g_strdup_printf ("%s is neither a drive nor a folder", path);

      show_toast (self, text);
      return FALSE;
    }

  g_clear_pointer (&self->confirmed_device, g_free);
  g_clear_object (&self->device);
  g_clear_pointer (&self->directory, g_free);
  if (S_ISBLK (st.st_mode))
    {
      device = ssdb_device_monitor_lookup (self->monitor, path);
      if (device == NULL)
        {
          /* Not listed (yet): describe it from sysfs. */
          g_autofree char *name
              = ssdb_block_name_from_devnum (NULL, major (st.st_rdev), minor (st.st_rdev));
          g_autoptr (SsdbBlockFacts) facts = name ? ssdb_block_facts_read (NULL, name, NULL) : NULL;
          SsdbDeviceInfo info = { 0 };

          if (facts == NULL)
            {
              g_autofree char *text = g_strdup_printf ("%s: no such block device in sysfs", path);

              show_toast (self, text);
              return FALSE;
            }
          info.name = facts->name;
          info.disk_name = facts->disk_name;
          info.is_partition = facts->is_partition;
          info.size_bytes = facts->size_bytes;
          info.read_only = facts->read_only;
          info.model = facts->model;
          info.vendor = facts->vendor;
          info.serial = facts->serial;
          info.revision = facts->firmware;
          info.connection_bus = facts->transport;
          info.rotation_rate = facts->rotational ? -1 : 0;
          device = ssdb_device_new (&info);
        }
      self->device = g_steal_pointer (&device);
      set_switch (self, FALSE);
    }
  else
    {
      self->directory = g_canonicalize_filename (path, NULL);
      set_switch (self, g_settings_get_boolean (self->settings, "file-writes"));
    }
  target_changed (self);
  return TRUE;
}

const char *
ssdb_window_get_target_path (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return target_path (self);
}

static GtkWidget *
create_target_row (gpointer item, gpointer data)
{
  SsdbDevice *device = SSDB_DEVICE (item);
  const SsdbDeviceInfo *info = ssdb_device_get_info (device);
  g_autofree char *title = ssdb_device_dup_title (device);
  g_autofree char *subtitle = ssdb_device_dup_subtitle (device);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon, *label;

  icon = gtk_image_new_from_icon_name (info->is_partition ? "media-flash-symbolic"
                                       : info->rotation_rate == 0
                                           ? "drive-harddisk-solidstate-symbolic"
                                           : "drive-harddisk-symbolic");
  if (info->is_partition)
    gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (labels), label);
  label = gtk_label_new (subtitle);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (labels), label);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), labels);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "device-path", g_strdup (info->device_path), g_free);
  return row;
}

static void
on_target_row_activated (GtkListBox *list, GtkListBoxRow *row, SsdbWindow *self)
{
  const char *path = g_object_get_data (G_OBJECT (row), "device-path");

  gtk_popover_popdown (self->target_popover);
  if (path != NULL)
    ssdb_window_select_target (self, path);
}

static void
on_devices_changed (SsdbWindow *self)
{
  g_autoptr (SsdbDevice) now = NULL;

  if (self->device == NULL)
    return;
  now = ssdb_device_monitor_lookup (self->monitor, ssdb_device_get_device_path (self->device));
  if (now == NULL && ssdb_device_monitor_is_ready (self->monitor)
      && !ssdb_runner_get_running (self->runner)
      && access (ssdb_device_get_device_path (self->device), F_OK) != 0)
    {
      g_autofree char *text
          = g_strdup_printf ("%s was removed", ssdb_device_get_device_path (self->device));

      show_toast (self, text);
      g_clear_object (&self->device);
      g_clear_pointer (&self->confirmed_device, g_free);
      target_changed (self);
      return;
    }
  if (now != NULL && !ssdb_device_equal (now, self->device))
    {
      g_set_object (&self->device, now);
      update_target_button (self);
      if (!ssdb_runner_get_running (self->runner))
        {
          ssdb_drive_info_set_target (self->drive_info, self->device, NULL);
          update_write_controls (self, TRUE);
          update_chart (self);
        }
    }
}

static void
on_folder_response (GtkNativeDialog *dialog, int response, SsdbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      if (path != NULL)
        ssdb_window_select_target (self, path);
    }
  g_clear_object (&self->chooser);
}

static void
select_folder_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  SsdbWindow *self = SSDB_WINDOW (data);

  gtk_popover_popdown (self->target_popover);
  g_clear_object (&self->chooser);
  self->chooser
      = gtk_file_chooser_native_new ("Choose a Folder for the Test File", GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, "_Select", "_Cancel");
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_folder_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ---- reports and images ---------------------------------------------------------------- */

static const SsdbSummaryResult *
shown_result (SsdbWindow *self, const SsdbTargetInfo **info)
{
  if (self->report != NULL)
    {
      *info = &self->report->target;
      return self->report->summary;
    }
  *info = ssdb_runner_get_target_info (self->runner);
  if (ssdb_runner_get_running (self->runner) || !self->showing_run)
    return NULL;
  return ssdb_runner_get_final_result (self->runner);
}

gboolean
ssdb_window_export_image_to (SsdbWindow *self, const char *path, GError **error)
{
  SsdbSummaryView view;
  SsdbStyle style;
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d %H:%M");
  g_autofree char *caption = g_strdup_printf ("SSD Bench %s · %s", PACKAGE_VERSION, date);

  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);

  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "surface") == 0)
    return ssdb_surface_page_export_png (self->surface_page, path, error);
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "fill") == 0)
    return ssdb_fill_page_export_png (self->fill_page, path, error);
  ssdb_summary_chart_fill_view (self->chart, &view);
  view.caption = caption;
  view.running_index = -1;
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  return ssdb_render_summary_png (&view, &style, path, 1000, 640, 2, error);
}

static void
on_export_response (GtkNativeDialog *dialog, int response, SsdbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autoptr (GError) error = NULL;

      if (path != NULL && !ssdb_window_export_image_to (self, path, &error))
        show_toast (self, error->message);
      else if (path != NULL)
        {
          g_autofree char *text = g_strdup_printf ("Image saved to %s", path);

          show_toast (self, text);
        }
    }
  g_clear_object (&self->chooser);
}

static char *
suggested_name (SsdbWindow *self, const char *ext)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y%m%d-%H%M");
  g_autofree char *base = NULL;

  if (self->device != NULL)
    base = g_strdup (ssdb_device_get_info (self->device)->name);
  else if (self->directory != NULL)
    base = g_path_get_basename (self->directory);
  else
    base = g_strdup ("summary");
  return g_strdup_printf ("ssdbench-%s-%s.%s", base, date, ext);
}

void
ssdb_window_export_image (SsdbWindow *self)
{
  g_autofree char *name = suggested_name (self, "png");
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new ("Export Image", GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, "_Export", "_Cancel");
  gtk_file_filter_set_name (filter, "PNG Images");
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_save_response (GtkNativeDialog *dialog, int response, SsdbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      const SsdbTargetInfo *info = NULL;
      const SsdbSummaryResult *result = shown_result (self, &info);
      g_autoptr (GError) error = NULL;

      if (path != NULL && result != NULL && info != NULL)
        {
          g_autoptr (SsdbReport) report = ssdb_report_new (info, (SsdbSummaryResult *)result);

          if (!ssdb_report_save (report, path, &error))
            show_toast (self, error->message);
          else
            {
              g_autofree char *text = g_strdup_printf ("Report saved to %s", path);

              show_toast (self, text);
            }
        }
    }
  g_clear_object (&self->chooser);
}

void
ssdb_window_save_report (SsdbWindow *self)
{
  const SsdbTargetInfo *info = NULL;
  g_autofree char *name = NULL;
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  if (shown_result (self, &info) == NULL || info == NULL)
    {
      show_toast (self, ssdb_runner_get_running (self->runner)
                            ? "Wait for the run to end before saving its report"
                            : "Run a benchmark first: there is no result to save");
      return;
    }
  name = suggested_name (self, "json");
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new ("Save Report", GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, "_Save", "_Cancel");
  gtk_file_filter_set_name (filter, "SSD Bench Reports");
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_save_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_open_response (GtkNativeDialog *dialog, int response, SsdbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autoptr (GError) error = NULL;
      SsdbReport *report = path ? ssdb_report_load (path, &error) : NULL;

      if (report == NULL)
        show_toast (self, error ? error->message : "Cannot open this file");
      else if (report->summary == NULL)
        {
          g_autofree char *text = g_strdup_printf ("%s holds no summary run", path);

          show_toast (self, text);
          ssdb_report_unref (report);
        }
      else
        {
          g_clear_pointer (&self->report, ssdb_report_unref);
          self->report = report;
          adw_view_stack_set_visible_child_name (self->stack, "summary");
          update_chart (self);
          gtk_label_set_text (self->status_label, report->created ? report->created : "");
        }
    }
  g_clear_object (&self->chooser);
}

void
ssdb_window_open_report (SsdbWindow *self)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  if (ssdb_runner_get_running (self->runner))
    {
      show_toast (self, "Stop the run before opening a report");
      return;
    }
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new ("Open Report", GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel");
  gtk_file_filter_set_name (filter, "SSD Bench Reports");
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ---- settings -------------------------------------------------------------------------- */

static void
on_settings_changed (SsdbWindow *self, const char *key)
{
  if (g_strcmp0 (key, "unit") == 0)
    {
      update_chart (self);
      return;
    }
  if (g_str_has_prefix (key, "window-"))
    return;
  /* A different test plan: show its empty grid, unless a run is in progress. */
  if (!ssdb_runner_get_running (self->runner))
    {
      rebuild_preview (self);
      if (g_strcmp0 (key, "profile") == 0 || g_strcmp0 (key, "mix") == 0)
        self->showing_run = FALSE;
      g_clear_pointer (&self->report, ssdb_report_unref);
      update_chart (self);
    }
}

static gboolean
ssdb_window_close_request (GtkWindow *window)
{
  SsdbWindow *self = SSDB_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  ssdb_runner_stop (self->runner);
  return GTK_WINDOW_CLASS (ssdb_window_parent_class)->close_request (window);
}

/* ---- object ---------------------------------------------------------------------------- */

static const GActionEntry win_entries[] = {
  { .name = "start", .activate = start_activated },
  { .name = "stop", .activate = stop_activated },
  { .name = "select-folder", .activate = select_folder_activated },
};

static void
ssdb_window_dispose (GObject *object)
{
  SsdbWindow *self = SSDB_WINDOW (object);

  if (self->runner != NULL)
    {
      ssdb_runner_stop (self->runner);
      g_signal_handlers_disconnect_by_data (self->runner, self);
    }
  if (self->surface_page != NULL)
    {
      ssdb_surface_page_stop (self->surface_page);
      g_signal_handlers_disconnect_by_data (self->surface_page, self);
    }
  if (self->fill_page != NULL)
    {
      ssdb_fill_page_stop (self->fill_page);
      g_signal_handlers_disconnect_by_data (self->fill_page, self);
    }
  if (self->monitor != NULL)
    g_signal_handlers_disconnect_by_data (self->monitor, self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_handle_id (&self->status_timer, g_source_remove);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->runner);
  g_clear_object (&self->device);
  g_clear_object (&self->settings);
  g_clear_object (&self->monitor);
  g_clear_pointer (&self->report, ssdb_report_unref);
  g_clear_pointer (&self->preview, ssdb_summary_result_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), SSDB_TYPE_WINDOW);

  G_OBJECT_CLASS (ssdb_window_parent_class)->dispose (object);
}

static void
ssdb_window_finalize (GObject *object)
{
  SsdbWindow *self = SSDB_WINDOW (object);

  g_free (self->directory);
  g_free (self->confirmed_device);
  g_free (self->write_refusal);
  g_free (self->last_toast);
  G_OBJECT_CLASS (ssdb_window_parent_class)->finalize (object);
}

static void
ssdb_window_class_init (SsdbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_window_dispose;
  object_class->finalize = ssdb_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = ssdb_window_close_request;

  g_type_ensure (SSDB_TYPE_DRIVE_INFO);
  g_type_ensure (SSDB_TYPE_SURFACE_PAGE);
  g_type_ensure (SSDB_TYPE_FILL_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/ssdbench/App/ui/ssdb-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SsdbWindow, name)
  BIND (toast_overlay);
  BIND (target_button);
  BIND (target_popover);
  BIND (target_list);
  BIND (target_icon);
  BIND (target_label);
  BIND (start_button);
  BIND (start_content);
  BIND (progress_bar);
  BIND (stack);
  BIND (settings_box);
  BIND (profile_dropdown);
  BIND (count_dropdown);
  BIND (size_dropdown);
  BIND (data_dropdown);
  BIND (chart_frame);
  BIND (write_switch);
  BIND (write_reason);
  BIND (mix_switch);
  BIND (mix_label);
  BIND (status_label);
  BIND (drive_info);
  BIND (surface_page);
  BIND (fill_page);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, on_target_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_write_state_set);
}

static void
ssdb_window_init (SsdbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->chart = SSDB_SUMMARY_CHART (ssdb_summary_chart_new ());
  gtk_frame_set_child (self->chart_frame, GTK_WIDGET (self->chart));
  self->runner = ssdb_runner_new ();
  g_signal_connect_swapped (self->runner, "updated", G_CALLBACK (on_runner_updated), self);
  g_signal_connect_swapped (self->runner, "finished", G_CALLBACK (on_runner_finished), self);
  g_signal_connect_swapped (self->runner, "notify::busy", G_CALLBACK (on_runner_busy), self);
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries),
                                   self);
  g_signal_connect_swapped (self->surface_page, "write-requested",
                            G_CALLBACK (on_surface_write_requested), self);
  g_signal_connect_swapped (self->surface_page, "updated", G_CALLBACK (on_surface_updated), self);
  g_signal_connect_swapped (self->surface_page, "finished", G_CALLBACK (on_surface_finished), self);
  g_signal_connect_swapped (self->surface_page, "notify::running", G_CALLBACK (on_surface_running),
                            self);
  g_signal_connect_swapped (self->fill_page, "updated", G_CALLBACK (on_fill_updated), self);
  g_signal_connect_swapped (self->fill_page, "finished", G_CALLBACK (on_fill_finished), self);
  g_signal_connect_swapped (self->fill_page, "notify::running", G_CALLBACK (on_surface_running),
                            self);
}

SsdbWindow *
ssdb_window_new (SsdbApplication *app)
{
  SsdbWindow *self;
  GtkStringList *sizes = gtk_string_list_new (NULL);
  g_autoptr (GAction) unit_action = NULL;

  g_return_val_if_fail (SSDB_IS_APPLICATION (app), NULL);

  self = g_object_new (SSDB_TYPE_WINDOW, "application", app, NULL);
  self->settings = g_object_ref (ssdb_application_get_settings (app));
  self->monitor = g_object_ref (ssdb_application_get_device_monitor (app));

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  for (guint i = 0; size_table_mib[i] >= 0; i++)
    {
      g_autofree char *label = format_mib ((guint64)size_table_mib[i]);

      gtk_string_list_append (sizes, label);
    }
  gtk_drop_down_set_model (self->size_dropdown, G_LIST_MODEL (sizes));
  g_object_unref (sizes);

  ssdb_settings_bind_enum_index (self->settings, "profile", self->profile_dropdown, profile_nicks);
  ssdb_settings_bind_enum_index (self->settings, "data-pattern", self->data_dropdown, data_nicks);
  ssdb_settings_bind_int_table (self->settings, "size-mib", self->size_dropdown, size_table_mib);
  {
    static const int counts[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, -1 };

    ssdb_settings_bind_int_table (self->settings, "count", self->count_dropdown, counts);
  }
  g_settings_bind (self->settings, "mix", self->mix_switch, "active", G_SETTINGS_BIND_DEFAULT);
  unit_action = g_settings_create_action (self->settings, "unit");
  g_action_map_add_action (G_ACTION_MAP (self), unit_action);
  g_signal_connect_swapped (self->settings, "changed", G_CALLBACK (on_settings_changed), self);

  gtk_list_box_bind_model (self->target_list, G_LIST_MODEL (self->monitor), create_target_row, self,
                           NULL);
  g_signal_connect_swapped (self->monitor, "items-changed", G_CALLBACK (on_devices_changed), self);

  target_changed (self);
  return self;
}

AdwMessageDialog *
ssdb_window_get_confirm_dialog (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->confirm_dialog;
}

SsdbRunner *
ssdb_window_get_runner (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->runner;
}

SsdbSummaryChart *
ssdb_window_get_chart (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->chart;
}

SsdbSurfacePage *
ssdb_window_get_surface_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->surface_page;
}

SsdbFillPage *
ssdb_window_get_fill_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->fill_page;
}

void
ssdb_window_set_page (SsdbWindow *self, const char *name)
{
  g_return_if_fail (SSDB_IS_WINDOW (self));
  g_return_if_fail (name != NULL);
  adw_view_stack_set_visible_child_name (self->stack, name);
}

SsdbDriveInfo *
ssdb_window_get_drive_info (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->drive_info;
}

const char *
ssdb_window_get_write_reason (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->write_reason);
}

gboolean
ssdb_window_get_write_switch_sensitive (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  return gtk_widget_get_sensitive (GTK_WIDGET (self->write_switch));
}

const char *
ssdb_window_get_last_toast (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->last_toast;
}

gboolean
ssdb_window_is_inhibiting (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  return self->inhibit_requested;
}
