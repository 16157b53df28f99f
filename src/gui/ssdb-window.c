/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-window.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-safety.h"
#include "engine/ssdb-sysfs.h"
#include "engine/ssdb-text.h"
#include "engine/ssdb-units.h"
#include "config.h"
#include "render/ssdb-export.h"
#include "ssdb-compare-window.h"
#include "ssdb-export-dialog.h"
#include "ssdb-settings-bind.h"
#include "ssdb-gui-util.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

struct _SsdbWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  AdwToastOverlay *toast_overlay;
  AdwSqueezer *switcher_squeezer;
  GtkWidget *narrow_switcher;
  AdwWindowTitle *window_title;
  AdwViewSwitcherBar *switcher_bar;
  GtkImage *report_icon;
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
  SsdbAccessPage *access_page;
  SsdbSweepPage *sweep_page;
  SsdbWorkloadPage *workload_page;
  SsdbBehaviourPage *behaviour_page;

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
  int confirm_for_page; /* the open confirmation asks to start a ConfirmFor page test, or -1 */

  /* what the chart shows */
  SsdbSummaryResult *preview; /* empty grid for the current settings */
  gboolean showing_run;       /* the runner's view instead of the preview */
  SsdbReport *report;         /* a loaded report */
  guint report_views;         /* bits of SsdbExportView: the pages that show @report */
  char *report_file;          /* its file name */
  char *report_text;          /* what the header says of it ("Report FILE · DATE"), or NULL */
  char *summary_date;         /* when the live summary run ended, ISO 8601 UTC */
  GtkDropTarget *drop_target;

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
static const char *const data_nicks[]
    = { "random",           "zero", "compressible-25", "compressible-50", "compressible-75",
        "compressible-100", NULL };

static void
update_chart (SsdbWindow *self);
static void
update_write_controls (SsdbWindow *self, gboolean reread);
static void
update_report_header (SsdbWindow *self);
static void
drop_report_view (SsdbWindow *self, SsdbExportView view);

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
  g_autofree char *on_error = g_settings_get_string (self->settings, "on-error");
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
  /* The schema's nicks are pattern names the engine parses; anything else stays random. */
  if (!ssdb_data_pattern_parse (data, &spec->data, NULL))
    spec->data.kind = SSDB_DATA_RANDOM;
  spec->aggregate = g_strcmp0 (aggregate, "mean") == 0 ? SSDB_AGGREGATE_MEAN : SSDB_AGGREGATE_BEST;
  spec->warmup = g_settings_get_boolean (self->settings, "warmup");
  if (!ssdb_on_error_from_string (on_error, &spec->on_error))
    spec->on_error = SSDB_ON_ERROR_STOP;
  spec->do_read = TRUE;
  /* On a device the write column stays visible (skipped, with the reason) when writes are off;
   * for a test file it is simply left out. */
  spec->do_write = writes || self->directory == NULL;
  spec->do_mix
      = g_settings_get_boolean (self->settings, "mix") && (writes || self->directory == NULL);
}

void
ssdb_window_get_summary_spec (SsdbWindow *self, SsdbSummarySpec *spec)
{
  g_return_if_fail (SSDB_IS_WINDOW (self));
  g_return_if_fail (spec != NULL);

  spec_from_settings (self, spec, ssdb_window_get_writes_enabled (self));
}

static gboolean
summary_from_report (SsdbWindow *self);

/* The chart title for a report's target. */
static char *
dup_report_title (const SsdbTargetInfo *t)
{
  g_autofree char *cap = ssdb_format_capacity (t->size_bytes);

  return g_strdup_printf ("%s%s%s · %s", t->model ? t->model : "", t->model ? " · " : "",
                          t->path ? t->path : "?", cap);
}

static char *
dup_target_title (SsdbWindow *self)
{
  if (summary_from_report (self))
    return dup_report_title (&self->report->target);
  if (self->device != NULL)
    {
      g_autofree char *title = ssdb_device_dup_title (self->device);
      g_autofree char *subtitle = ssdb_device_dup_subtitle (self->device);

      return g_strdup_printf ("%s · %s", title, subtitle);
    }
  if (self->directory != NULL)
    return g_strdup_printf (_ ("Test file in %s"), self->directory);
  return g_strdup (_ ("No drive selected"));
}

/* "random", "zero" or "25 % compressible", translated, for the settings line. */
static char *
dup_data_label (const SsdbDataPattern *data)
{
  switch (data->kind)
    {
      case SSDB_DATA_ZERO:
        return g_strdup (_ ("zero"));
      case SSDB_DATA_COMPRESSIBLE:
        /* TRANSLATORS: a data pattern, as in "25 % compressible data" */
        return g_strdup_printf (_ ("%u %% compressible"), data->compressible_percent);
      case SSDB_DATA_RANDOM:
      default:
        return g_strdup (_ ("random"));
    }
}

static char *
dup_settings_line (const SsdbSummarySpec *spec, gboolean report)
{
  g_autofree char *size = format_mib (spec->size / MIB);
  g_autofree char *data = dup_data_label (&spec->data);
  static const char *const profiles[]
      = { N_ ("Default"), N_ ("Peak"), N_ ("Real World"), N_ ("NVMe SSD") };

  return g_strdup_printf (_ ("%s%u × %s · %u s per pass · %s data · %s profile%s"),
                          report ? _ ("Report · ") : "", spec->count, size,
                          (guint)(spec->duration_ns / 1000000000), data,
                          _ (profiles[CLAMP (spec->profile, 0, 3)]),
                          spec->aggregate == SSDB_AGGREGATE_MEAN ? _ (" · mean") : "");
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

  if (summary_from_report (self))
    result = self->report->summary;
  else if (self->showing_run && ssdb_runner_get_view (self->runner) != NULL)
    result = ssdb_runner_get_view (self->runner);
  else
    {
      if (self->preview == NULL)
        rebuild_preview (self);
      result = self->preview;
    }
  subtitle = dup_settings_line (&result->spec, summary_from_report (self));
  ssdb_summary_chart_set_titles (self->chart, title, subtitle);
  ssdb_summary_chart_set_result (self->chart, result);
  if (ssdb_runner_get_running (self->runner) && !summary_from_report (self))
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
    text = g_strdup_printf (_ ("Opening the target… · %s"), elapsed);
  else if (g_strcmp0 (p->phase, "prepare") == 0)
    text = g_strdup_printf (_ ("Writing test data · %s elapsed"), elapsed);
  else if (p->remaining_us >= 0)
    {
      g_autofree char *left = format_duration (p->remaining_us);

      text = g_strdup_printf (_ ("%s elapsed · about %s left"), elapsed, left);
    }
  else
    text = g_strdup_printf (_ ("%s elapsed"), elapsed);
  gtk_label_set_text (self->status_label, text);
  gtk_progress_bar_set_fraction (self->progress_bar, p->fraction);
}

static gboolean
status_timer_cb (gpointer data)
{
  update_status (SSDB_WINDOW (data));
  return G_SOURCE_CONTINUE;
}

/* The runs of the Access Time, Transfer Sizes, Workloads and SSD Behaviour pages. */
#define N_PAGE_RUNS 4
#define BEHAVIOUR_RUN 3

static SsdbPageRun *
page_run (SsdbWindow *self, guint i)
{
  switch (i)
    {
      case 0:
        return ssdb_access_page_get_run (self->access_page);
      case 1:
        return ssdb_sweep_page_get_run (self->sweep_page);
      case 2:
        return ssdb_workload_page_get_run (self->workload_page);
      default:
        return ssdb_behaviour_page_get_run (self->behaviour_page);
    }
}

static gboolean
page_runs_running (SsdbWindow *self)
{
  for (guint i = 0; i < N_PAGE_RUNS; i++)
    if (ssdb_page_run_get_running (page_run (self, i)))
      return TRUE;
  return FALSE;
}

/* Whether any test of any page is running. */
static gboolean
any_running (SsdbWindow *self)
{
  return ssdb_runner_get_running (self->runner)
         || ssdb_surface_page_get_running (self->surface_page)
         || ssdb_fill_page_get_running (self->fill_page) || page_runs_running (self);
}

static void
set_running_ui (SsdbWindow *self, gboolean running)
{
  GAction *start = g_action_map_lookup_action (G_ACTION_MAP (self), "start");
  GAction *stop = g_action_map_lookup_action (G_ACTION_MAP (self), "stop");

  running = running || ssdb_surface_page_get_running (self->surface_page)
            || ssdb_fill_page_get_running (self->fill_page) || page_runs_running (self);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (stop), running);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (start),
                               !running && target_path (self) != NULL
                                   && !ssdb_runner_get_busy (self->runner));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->start_button),
                                  running ? "win.stop" : "win.start");
  adw_button_content_set_label (self->start_content, running ? _ ("_Stop") : _ ("_Start"));
  adw_button_content_set_icon_name (self->start_content, running ? "media-playback-stop-symbolic"
                                                                 : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->start_button),
                               running ? _ ("Stop the Benchmark (Esc)")
                                       : _ ("Start the Benchmark (F5)"));
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
  if (ssdb_runner_get_final_result (self->runner) != NULL)
    {
      g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

      g_free (self->summary_date);
      self->summary_date = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
    }

  if (error == NULL)
    {
      g_autofree char *elapsed
          = format_duration (ssdb_runner_get_progress (self->runner)->elapsed_us);
      g_autofree char *text = g_strdup_printf (_ ("Done in %s"), elapsed);

      gtk_label_set_text (self->status_label, text);
    }
  else if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    {
      g_autofree char *stopped
          = ssdb_gui_stopped_text (error, _ ("Stopped · results so far are kept"));

      gtk_label_set_text (self->status_label, stopped);
      show_toast (self, _ ("Benchmark stopped; the results measured so far are kept"));
    }
  else
    {
      g_autofree char *text = NULL;

      if (path != NULL && strstr (error->message, path) == NULL)
        text = g_strdup_printf ("%s: %s", path, error->message);
      else
        text = g_strdup (error->message);
      gtk_label_set_text (self->status_label, _ ("Failed"));
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
  CONFIRM_SWEEP,
  CONFIRM_WORKLOAD,
  CONFIRM_BEHAVIOUR,
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
    refusal = g_strdup_printf (_ ("%s is read-only"), info->device_path);
  return refusal;
}

static void
update_surface_target (SsdbWindow *self)
{
  g_autofree char *title = dup_target_title (self);

  /* After update_write_controls (self, TRUE): the refusal was just read. */
  ssdb_surface_page_set_target (self->surface_page, title, device_size (self), self->write_refusal);
  ssdb_fill_page_set_target (self->fill_page, title, device_size (self), self->write_refusal);
  ssdb_access_page_set_target (self->access_page, title, device_size (self));
  ssdb_sweep_page_set_target (self->sweep_page, title, device_size (self));
  ssdb_workload_page_set_target (self->workload_page, title, device_size (self));
  ssdb_behaviour_page_set_target (self->behaviour_page, title, device_size (self));
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
    show_toast (self, _ ("Surface stopped; the samples measured so far are kept"));
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
  self->inhibit_cookie
      = gtk_application_inhibit (app, GTK_WINDOW (self), GTK_APPLICATION_INHIBIT_SUSPEND,
                                 _ ("A storage benchmark is running"));
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
  if (ssdb_fill_page_has_result (self->fill_page))
    {
      /* Idle Recovery writes past the cache this fill found on this target. */
      const SsdbFillResult *fill = ssdb_fill_page_get_result (self->fill_page);

      ssdb_behaviour_page_set_cache_bytes (self->behaviour_page, fill->analysis.cache_bytes);
    }
  if (error == NULL)
    return;
  if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    show_toast (self, _ ("Fill stopped; the rates measured so far are kept"));
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
  drop_report_view (self, SSDB_EXPORT_VIEW_FILL);
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

/* ---- access time, transfer sizes, workloads -------------------------------------------- */

static void
on_page_run_updated (SsdbPageRun *run, SsdbWindow *self)
{
  gtk_progress_bar_set_fraction (self->progress_bar, ssdb_page_run_get_fraction (run));
}

static void
on_page_run_finished (SsdbPageRun *run, const GError *error, SsdbWindow *self)
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
    show_toast (self, _ ("Test stopped; the results measured so far are kept"));
  else if (path != NULL && strstr (error->message, path) == NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s: %s", path, error->message);

      show_toast (self, text);
    }
  else
    show_toast (self, error->message);
}

static void
on_page_run_running (SsdbWindow *self)
{
  set_running_ui (self, ssdb_runner_get_running (self->runner));
}

static void
page_started (SsdbWindow *self)
{
  inhibit_suspend (self);
  set_running_ui (self, TRUE);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
}

/* Starts the sweep, the workload or the selected behaviour test; on a device that writes only
 * with @permission, the device the user just confirmed. */
static void
run_page (SsdbWindow *self, ConfirmFor what, const char *permission)
{
  g_autoptr (GError) error = NULL;
  const char *path = target_path (self);
  guint64 file_size = (guint64)g_settings_get_int (self->settings, "size-mib") * MIB;
  SsdbExportView view;
  gboolean ok;

  if (path == NULL)
    return;
  if (what == CONFIRM_SWEEP)
    {
      view = SSDB_EXPORT_VIEW_SWEEP;
      ok = ssdb_sweep_page_start (self->sweep_page, path, permission, file_size, &error);
    }
  else if (what == CONFIRM_WORKLOAD)
    {
      view = SSDB_EXPORT_VIEW_WORKLOAD;
      ok = ssdb_workload_page_start (self->workload_page, path, permission, file_size, &error);
    }
  else
    {
      view = ssdb_behaviour_page_get_selected (self->behaviour_page);
      ok = ssdb_behaviour_page_start (self->behaviour_page, path, permission, file_size, &error);
    }
  if (!ok)
    {
      show_toast (self, error->message);
      return;
    }
  /* Only the test that runs now stops showing the loaded report. */
  drop_report_view (self, view);
  page_started (self);
}

static void
start_writing_page (SsdbWindow *self, ConfirmFor what)
{
  /* Every behaviour test writes. */
  gboolean writes = what == CONFIRM_SWEEP      ? ssdb_sweep_page_get_writes (self->sweep_page)
                    : what == CONFIRM_WORKLOAD ? ssdb_workload_page_get_writes (self->workload_page)
                                               : TRUE;
  g_autofree char *refusal = NULL;

  if (self->device == NULL || !writes)
    {
      run_page (self, what, NULL); /* a test file, or reads only: nothing to confirm */
      return;
    }
  refusal = dup_write_refusal (self);
  if (refusal != NULL)
    {
      show_toast (self, refusal);
      return;
    }
  if (what == CONFIRM_BEHAVIOUR)
    {
      g_autoptr (GError) error = NULL;
      guint64 file_size = (guint64)g_settings_get_int (self->settings, "size-mib") * MIB;

      /* Settings that would be refused are refused before anything is asked. */
      if (!ssdb_behaviour_page_check (self->behaviour_page, target_path (self), file_size, &error))
        {
          show_toast (self, error->message);
          return;
        }
    }
  /* Writes destroy data: asked at every start, naming the device. */
  show_confirm_dialog (self, what);
}

static void
start_access (SsdbWindow *self)
{
  g_autoptr (GError) error = NULL;
  guint64 file_size = (guint64)g_settings_get_int (self->settings, "size-mib") * MIB;

  if (!ssdb_access_page_start (self->access_page, target_path (self), file_size, &error))
    {
      show_toast (self, error->message);
      return;
    }
  drop_report_view (self, SSDB_EXPORT_VIEW_ACCESS);
  page_started (self);
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
  drop_report_view (self, SSDB_EXPORT_VIEW_SURFACE);
  if (app != NULL)
    {
      self->inhibit_cookie
          = gtk_application_inhibit (app, GTK_WINDOW (self), GTK_APPLICATION_INHIBIT_SUSPEND,
                                     _ ("A storage benchmark is running"));
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
      show_toast (self, _ ("Choose a drive or a folder first"));
      return;
    }
  if (any_running (self))
    return;
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "behaviour") == 0)
    {
      start_writing_page (self, CONFIRM_BEHAVIOUR);
      return;
    }
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "access") == 0)
    {
      start_access (self);
      return;
    }
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "sweep") == 0)
    {
      start_writing_page (self, CONFIRM_SWEEP);
      return;
    }
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "workload") == 0)
    {
      start_writing_page (self, CONFIRM_WORKLOAD);
      return;
    }
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

  drop_report_view (self, SSDB_EXPORT_VIEW_SUMMARY);
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
                                     _ ("A storage benchmark is running"));
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
  for (guint i = 0; i < N_PAGE_RUNS; i++)
    ssdb_page_run_stop (page_run (self, i));
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
        reason = _ ("Choose a drive or a folder first");
      else if (self->directory != NULL)
        reason = writes ? _ ("Writes go to a temporary file that is removed afterwards")
                        : _ ("Only reads from a temporary file");
      else
        reason = writes ? _ ("Data in the test region will be destroyed")
                        : _ ("Off: the drive is only read");
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

  if (self->confirm_for_page >= 0)
    {
      /* The sweep's, the workload's or the behaviour test's own confirmation: for this start
       * only. */
      ConfirmFor what = (ConfirmFor)self->confirm_for_page;
      g_autofree char *device = NULL;

      self->confirm_for_page = -1;
      self->confirm_dialog = NULL;
      if (confirmed)
        {
          device = g_strdup (ssdb_device_get_device_path (self->device));
          run_page (self, what, device);
        }
      return;
    }
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

static char *
dup_sweep_confirm_body (SsdbWindow *self, const char *title, const char *cap, const char *path)
{
  SsdbSweepSpec spec;
  g_autofree char *region = NULL;

  ssdb_sweep_page_get_spec (self->sweep_page, &spec);
  region = ssdb_format_transfer_size (spec.span_length);
  return g_strdup_printf (_ ("The transfer-size sweep writes over the first %s of %s (%s, %s). "
                             "All data stored there will be destroyed and cannot be recovered."),
                          region, title, cap, path);
}

static char *
dup_workload_confirm_body (SsdbWindow *self, const char *title, const char *cap, const char *path)
{
  const SsdbWorkloadSpec *spec = ssdb_workload_page_get_selected (self->workload_page);

  return g_strdup_printf (_ ("The workload writes %u %% of its requests over all of %s (%s, %s). "
                             "All data stored on it will be destroyed and cannot be recovered."),
                          100 - spec->read_percent, title, cap, path);
}

static char *
dup_behaviour_confirm_body (SsdbWindow *self, const char *title, const char *cap, const char *path)
{
  /* Translators: the device in a confirmation: its node, then its model and capacity */
  g_autofree char *device = g_strdup_printf (_ ("%s (%s, %s)"), path, title, cap);

  return ssdb_behaviour_page_dup_confirm_body (self->behaviour_page, device);
}

static void
show_confirm_dialog (SsdbWindow *self, ConfirmFor what)
{
  const SsdbDeviceInfo *info = ssdb_device_get_info (self->device);
  g_autofree char *title = ssdb_device_dup_title (self->device);
  g_autofree char *cap = ssdb_format_capacity (info->size_bytes);
  /* Translators: the device node on a line of its own, so the title never wraps inside it */
  g_autofree char *heading = g_strdup_printf (_ ("Overwrite Data on\n%s?"), info->device_path);
  g_autofree char *body
      = what == CONFIRM_BEHAVIOUR ? dup_behaviour_confirm_body (self, title, cap, info->device_path)
        : what == CONFIRM_SWEEP   ? dup_sweep_confirm_body (self, title, cap, info->device_path)
        : what == CONFIRM_WORKLOAD ? dup_workload_confirm_body (self, title, cap, info->device_path)
        : what == CONFIRM_FILL
            ? g_strdup_printf (_ ("The whole-drive fill writes random data over all of %s (%s, "
                                  "%s), pass after pass. All data stored on it will be destroyed "
                                  "and cannot be recovered."),
                               title, cap, info->device_path)
        : what == CONFIRM_SURFACE
            ? g_strdup_printf (_ ("The write surface writes over the whole span of %s (%s, %s). "
                                  "All data stored there will be destroyed and cannot be "
                                  "recovered."),
                               title, cap, info->device_path)
            : g_strdup_printf (_ ("Write tests write over the test region of %s (%s, %s). All "
                                  "data stored there will be destroyed and cannot be recovered."),
                               title, cap, info->device_path);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "destroy",
                                    _ ("_Overwrite Data"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "destroy",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_confirm_response), self);
  self->confirm_dialog = ADW_MESSAGE_DIALOG (dialog);
  self->confirm_for_surface = what == CONFIRM_SURFACE;
  self->confirm_for_fill = what == CONFIRM_FILL;
  self->confirm_for_page
      = what == CONFIRM_SWEEP || what == CONFIRM_WORKLOAD || what == CONFIRM_BEHAVIOUR ? (int)what
                                                                                       : -1;
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
      g_autofree char *subtitle = ssdb_device_dup_subtitle (self->device);
      g_autofree char *tip = g_strdup_printf ("%s\n%s", title, subtitle);

      /* The kernel name only ("nvme0n1"): the header has little room with eight pages, and the
       * capacity and model are in the tooltip, on every chart and on Drive Info. */
      gtk_label_set_text (self->target_label, info->name);
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
      gtk_label_set_text (self->target_label, _ ("Choose Drive"));
      gtk_image_set_from_icon_name (self->target_icon, "drive-harddisk-symbolic");
    }
}

static void
target_changed (SsdbWindow *self)
{
  /* The pages start over on the new target: none shows a loaded report any more. */
  self->report_views = 0;
  g_clear_pointer (&self->report, ssdb_report_unref);
  g_clear_pointer (&self->report_file, g_free);
  update_report_header (self);
  update_target_button (self);
  ssdb_drive_info_set_target (self->drive_info, self->device, self->directory);
  update_write_controls (self, TRUE);
  update_surface_target (self);
  for (guint v = SSDB_EXPORT_VIEW_RECOVERY; v <= SSDB_EXPORT_VIEW_READBACK; v++)
    ssdb_behaviour_page_show_result (self->behaviour_page, (SsdbExportView)v, NULL, NULL);
  rebuild_preview (self);
  self->showing_run = FALSE;
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

  if (any_running (self))
    return FALSE;
  if (stat (path, &st) != 0 || !(S_ISBLK (st.st_mode) || S_ISDIR (st.st_mode)))
    {
      g_autofree char *text = g_strdup_printf (_ ("%s is neither a drive nor a folder"), path);

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
              g_autofree char *text
                  = g_strdup_printf (_ ("%s: no such block device in sysfs"), path);

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
          = g_strdup_printf (_ ("%s was removed"), ssdb_device_get_device_path (self->device));

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
  self->chooser = gtk_file_chooser_native_new (
      _ ("Choose a Folder for the Test File"), GTK_WINDOW (self),
      GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _ ("_Select"), _ ("_Cancel"));
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_folder_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ---- reports and images ---------------------------------------------------------------- */

/* The pages of the views, in the order of SsdbExportView: the six SSD behaviour tests share
 * one page. */
#define N_VIEWS SSDB_EXPORT_N_VIEWS
#define VIEW_BIT(v) (1u << (v))

static const char *const view_pages[N_VIEWS] = {
  "summary",   "surface",   "fill",      "access",    "sweep",     "workload",
  "behaviour", "behaviour", "behaviour", "behaviour", "behaviour", "behaviour",
};
static const char *const view_titles[N_VIEWS] = {
  N_ ("Summary"),        N_ ("Surface"),    N_ ("Fill"),          N_ ("Access Time"),
  N_ ("Transfer Sizes"), N_ ("Workloads"),  N_ ("Idle Recovery"), N_ ("Compressibility"),
  N_ ("TRIM"),           N_ ("Free Space"), N_ ("Steady State"),  N_ ("Read After Write"),
};

static gboolean
summary_from_report (SsdbWindow *self)
{
  return self->report != NULL && (self->report_views & VIEW_BIT (SSDB_EXPORT_VIEW_SUMMARY));
}

/* The widest natural width of the titles under the icons of @widget's buttons, and how many. */
static void
widest_title (GtkWidget *widget, int *widest, int *n)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LABEL (c) && gtk_widget_has_css_class (widget, "narrow"))
      {
        int nat = 0;

        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
        *widest = MAX (*widest, nat);
        (*n)++;
      }
    else
      widest_title (c, widest, n);
}

/* Space on either side of a title in the narrow page switcher, px. */
#define SWITCHER_TITLE_PADDING 3

/* The narrow page switcher would shrink its titles to "…" rather than give way to the title:
 * it asks for room for every title whole (its buttons share one width), less than the 100 px
 * a button takes at ease, so that eight pages fit in the header of a 1200 px window. */
static void
update_switcher_size (SsdbWindow *self)
{
  int widest = 0, n = 0;

  widest_title (self->narrow_switcher, &widest, &n);
  gtk_widget_set_size_request (self->narrow_switcher, n * (widest + 2 * SWITCHER_TITLE_PADDING),
                               -1);
}

/* The header shows the title when the page switcher does not fit: the pages go to the bar at
 * the bottom. */
static void
on_switcher_squeezed (SsdbWindow *self)
{
  adw_view_switcher_bar_set_reveal (self->switcher_bar,
                                    adw_squeezer_get_visible_child (self->switcher_squeezer)
                                        == GTK_WIDGET (self->window_title));
}

static void
update_report_header (SsdbWindow *self)
{
  g_autofree char *text = NULL;

  if (self->report != NULL && self->report_views != 0)
    {
      g_autoptr (GDateTime) date = self->report->created
                                       ? g_date_time_new_from_iso8601 (self->report->created, NULL)
                                       : NULL;
      g_autofree char *when = date ? g_date_time_format (date, "%Y-%m-%d %H:%M UTC")
                                   : g_strdup (self->report->created ? self->report->created : "");

      /* Translators: the header for a loaded report: its file name, then its date */
      text = g_strdup_printf (_ ("Report %s · %s"), self->report_file ? self->report_file : "",
                              when);
    }
  /* Under the title when the pages are in the bottom bar; in the tooltip of the icon at the
   * end of the header in either case. */
  adw_window_title_set_subtitle (self->window_title, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->report_icon), text != NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->report_icon), text);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->report_icon),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  g_free (self->report_text);
  self->report_text = g_strdup (text);
  if (text != NULL)
    {
      /* Translators: the window title while a report is shown; %s is "Report FILE · DATE" */
      g_autofree char *title = g_strdup_printf (_ ("%s — SSD Bench"), text);

      gtk_window_set_title (GTK_WINDOW (self), title);
    }
  else
    gtk_window_set_title (GTK_WINDOW (self), _ ("SSD Bench"));
}

/* The page of @view no longer shows the loaded report (a new run, other settings). */
static void
drop_report_view (SsdbWindow *self, SsdbExportView view)
{
  self->report_views &= ~VIEW_BIT (view);
  if (self->report_views == 0)
    {
      g_clear_pointer (&self->report, ssdb_report_unref);
      g_clear_pointer (&self->report_file, g_free);
    }
  update_report_header (self);
}

/* The finished live summary run the Summary page shows, or NULL. */
static const SsdbSummaryResult *
live_summary (SsdbWindow *self)
{
  if (ssdb_runner_get_running (self->runner) || !self->showing_run)
    return NULL;
  return ssdb_runner_get_final_result (self->runner);
}

char *
ssdb_window_copy_text (SsdbWindow *self)
{
  const SsdbTargetInfo *info;
  const SsdbSummaryResult *result;
  char *text;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);

  if (summary_from_report (self))
    {
      info = &self->report->target;
      result = self->report->summary;
    }
  else
    {
      info = ssdb_runner_get_target_info (self->runner);
      result = live_summary (self);
    }
  if (result == NULL || info == NULL)
    {
      show_toast (self, ssdb_runner_get_running (self->runner)
                            ? _ ("Wait for the run to end before copying its results")
                            : _ ("Run a summary first: there are no results to copy"));
      return NULL;
    }
  text = ssdb_summary_format_text (info, result);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  show_toast (self, _ ("Summary copied as text"));
  return text;
}

static void
copy_text_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  g_free (ssdb_window_copy_text (SSDB_WINDOW (data)));
}

/* The finished result page @view shows (loaded or live), or NULL. */
static gconstpointer
view_result (SsdbWindow *self, SsdbExportView view)
{
  switch (view)
    {
      case SSDB_EXPORT_VIEW_SUMMARY:
        return summary_from_report (self) ? self->report->summary : live_summary (self);
      case SSDB_EXPORT_VIEW_SURFACE:
        {
          const SsdbSurfaceResult *r = ssdb_surface_page_get_result (self->surface_page);

          if (ssdb_surface_page_get_running (self->surface_page) || r == NULL
              || (r->read->len == 0 && r->write->len == 0))
            return NULL;
          return r;
        }
      case SSDB_EXPORT_VIEW_FILL:
        if (ssdb_fill_page_get_running (self->fill_page)
            || !ssdb_fill_page_has_result (self->fill_page))
          return NULL;
        return ssdb_fill_page_get_result (self->fill_page);
      case SSDB_EXPORT_VIEW_ACCESS:
        {
          const SsdbAccessResult *r = ssdb_access_page_get_result (self->access_page);

          if (ssdb_page_run_get_running (page_run (self, 0)) || r == NULL || r->steps->len == 0)
            return NULL;
          return r;
        }
      case SSDB_EXPORT_VIEW_SWEEP:
        {
          const SsdbSweepResult *r = ssdb_sweep_page_get_result (self->sweep_page);

          if (ssdb_page_run_get_running (page_run (self, 1)) || r == NULL
              || (r->read->len == 0 && r->write->len == 0))
            return NULL;
          return r;
        }
      case SSDB_EXPORT_VIEW_WORKLOAD:
        if (ssdb_page_run_get_running (page_run (self, 2)))
          return NULL;
        return ssdb_workload_page_get_result (self->workload_page);
      case SSDB_EXPORT_VIEW_RECOVERY:
      case SSDB_EXPORT_VIEW_COMPRESSION:
      case SSDB_EXPORT_VIEW_TRIM:
      case SSDB_EXPORT_VIEW_FREESPACE:
      case SSDB_EXPORT_VIEW_CONSISTENCY:
      case SSDB_EXPORT_VIEW_READBACK:
        /* The test that runs has no finished result yet; the others keep theirs. */
        if (ssdb_page_run_get_running (page_run (self, BEHAVIOUR_RUN))
            && ssdb_behaviour_page_get_selected (self->behaviour_page) == view)
          return NULL;
        return ssdb_behaviour_page_get_result (self->behaviour_page, view);
      default:
        return NULL;
    }
}

static gboolean
visible_view (SsdbWindow *self, SsdbExportView *out)
{
  const char *name = adw_view_stack_get_visible_child_name (self->stack);

  if (g_strcmp0 (name, "behaviour") == 0)
    {
      *out = ssdb_behaviour_page_get_selected (self->behaviour_page);
      return TRUE;
    }
  for (guint v = 0; v < N_VIEWS; v++)
    if (g_strcmp0 (name, view_pages[v]) == 0)
      {
        *out = (SsdbExportView)v;
        return TRUE;
      }
  return FALSE;
}

static guint
read_sysfs_uint (const char *name, const char *attr)
{
  g_autofree char *path = g_strdup_printf ("/sys/class/block/%s/%s", name, attr);
  g_autofree char *text = NULL;

  if (name == NULL || !g_file_get_contents (path, &text, NULL, NULL))
    return 0;
  return (guint)g_ascii_strtoull (text, NULL, 10);
}

/* Facts about the selected target for a report of page runs, from what the window knows
 * (the device's facts, or the test-file folder and size). Strings point into the device. */
static void
live_target_info (SsdbWindow *self, SsdbTargetInfo *info)
{
  memset (info, 0, sizeof *info);
  if (self->device != NULL)
    {
      const SsdbDeviceInfo *d = ssdb_device_get_info (self->device);
      g_autofree char *queue = NULL;

      info->kind = SSDB_TARGET_DEVICE;
      info->path = d->device_path;
      info->name = d->name;
      info->disk_name = d->disk_name ? d->disk_name : d->name;
      info->size_bytes = d->size_bytes;
      info->logical_block_size = read_sysfs_uint (d->name, "queue/logical_block_size");
      info->physical_block_size = read_sysfs_uint (d->name, "queue/physical_block_size");
      info->rotational = d->rotation_rate > 0;
      info->discard = read_sysfs_uint (d->name, "queue/discard_max_bytes") > 0;
      info->read_only = d->read_only;
      info->removable = d->removable;
      info->model = d->model;
      info->vendor = d->vendor;
      info->direct_io = TRUE;
    }
  else
    {
      info->kind = SSDB_TARGET_FILE;
      info->path = self->directory;
      info->size_bytes = (guint64)g_settings_get_int (self->settings, "size-mib") * MIB;
      info->direct_io = TRUE;
    }
}

SsdbReport *
ssdb_window_dup_report (SsdbWindow *self, char **left_out, GError **error)
{
  gconstpointer results[N_VIEWS];
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (SsdbReport) report = NULL;
  g_autofree char *data = NULL;
  SsdbTargetInfo live_info;
  const SsdbTargetInfo *info;
  const SsdbTargetInfo *run_info = ssdb_runner_get_target_info (self->runner);
  SsdbExportView visible;
  gboolean from_report;
  gsize length = 0;
  guint n = 0;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);

  if (left_out != NULL)
    *left_out = NULL;
  for (guint v = 0; v < N_VIEWS; v++)
    results[v] = view_result (self, (SsdbExportView)v);
  /* The results of one target: those of the visible page's target. */
  if (visible_view (self, &visible) && results[visible] != NULL)
    from_report = self->report != NULL && (self->report_views & VIEW_BIT (visible));
  else
    from_report = self->report != NULL && self->report_views != 0;
  for (guint v = 0; v < N_VIEWS; v++)
    {
      gboolean loaded = self->report != NULL && (self->report_views & VIEW_BIT (v));

      if (results[v] == NULL)
        continue;
      if (loaded != from_report)
        {
          g_string_append_printf (out, "%s%s", out->len ? ", " : "", _ (view_titles[v]));
          results[v] = NULL;
          continue;
        }
      n++;
    }
  if (n == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   page_runs_running (self) || ssdb_runner_get_running (self->runner)
                       ? _ ("Wait for the run to end before saving its report")
                       : _ ("Run a benchmark first: there is no result to save"));
      return NULL;
    }

  if (from_report)
    info = &self->report->target;
  else if (run_info != NULL && g_strcmp0 (run_info->path, target_path (self)) == 0)
    info = run_info;
  else
    {
      live_target_info (self, &live_info);
      info = &live_info;
    }
  report = ssdb_report_new (info, results[SSDB_EXPORT_VIEW_SUMMARY]);
  ssdb_report_set_surface (report, results[SSDB_EXPORT_VIEW_SURFACE]);
  ssdb_report_set_fill (report, results[SSDB_EXPORT_VIEW_FILL]);
  ssdb_report_set_access (report, results[SSDB_EXPORT_VIEW_ACCESS]);
  ssdb_report_set_sweep (report, results[SSDB_EXPORT_VIEW_SWEEP]);
  ssdb_report_set_workload (report, results[SSDB_EXPORT_VIEW_WORKLOAD]);
  ssdb_report_set_recovery (report, results[SSDB_EXPORT_VIEW_RECOVERY]);
  ssdb_report_set_compression (report, results[SSDB_EXPORT_VIEW_COMPRESSION]);
  ssdb_report_set_trim (report, results[SSDB_EXPORT_VIEW_TRIM]);
  ssdb_report_set_freespace (report, results[SSDB_EXPORT_VIEW_FREESPACE]);
  ssdb_report_set_consistency (report, results[SSDB_EXPORT_VIEW_CONSISTENCY]);
  ssdb_report_set_readback (report, results[SSDB_EXPORT_VIEW_READBACK]);
  if (from_report)
    {
      const SsdbReport *r = self->report;

      /* The loaded report's stamp and target facts, so nothing of it is lost. */
      g_free (report->tool_version);
      report->tool_version = g_strdup (r->tool_version);
      g_free (report->created);
      report->created = g_strdup (r->created);
      report->created_unix = r->created_unix;
      g_free (report->host);
      report->host = g_strdup (r->host);
      g_free (report->kernel_release);
      report->kernel_release = g_strdup (r->kernel_release);
      g_free (report->kernel_machine);
      report->kernel_machine = g_strdup (r->kernel_machine);
      if (r->target_extra != NULL)
        {
          g_autoptr (GList) members = json_object_get_members (r->target_extra);

          for (GList *l = members; l != NULL; l = l->next)
            ssdb_report_add_target_fact (
                report, l->data,
                json_node_copy (json_object_get_member (r->target_extra, l->data)));
        }
    }
  else if (self->summary_date != NULL)
    {
      /* Stamped with the end of the summary run, not the moment of saving. */
      g_autoptr (GDateTime) date = g_date_time_new_from_iso8601 (self->summary_date, NULL);

      if (date != NULL)
        {
          g_free (report->created);
          report->created = g_strdup (self->summary_date);
          report->created_unix = g_date_time_to_unix (date);
        }
    }
  if (left_out != NULL && out->len > 0)
    *left_out = g_strdup (out->str);
  /* Written and read back: a report that owns its results (the pages may start new runs while
   * it is used), and proof that it loads. */
  data = ssdb_report_to_data (report, &length);
  return ssdb_report_load_from_data (data, length, _ ("the report"), error);
}

gboolean
ssdb_window_save_report_to (SsdbWindow *self, const char *path, char **left_out, GError **error)
{
  g_autoptr (SsdbReport) report = NULL;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  report = ssdb_window_dup_report (self, left_out, error);
  return report != NULL && ssdb_report_save (report, path, error);
}

static char *
dup_caption (SsdbWindow *self)
{
  const char *date = summary_from_report (self) ? self->report->created : self->summary_date;

  if (date == NULL || *date == '\0')
    return g_strdup_printf ("SSD Bench %s", PACKAGE_VERSION);
  return g_strdup_printf ("SSD Bench %s · %s", PACKAGE_VERSION, date);
}

gboolean
ssdb_window_export_image_to (SsdbWindow *self, const char *path, GError **error)
{
  SsdbSummaryView view;
  SsdbStyle style;
  g_autofree char *caption = NULL;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);

  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "surface") == 0)
    return ssdb_surface_page_export_png (self->surface_page, path, error);
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "fill") == 0)
    return ssdb_fill_page_export_png (self->fill_page, path, error);
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "access") == 0)
    return ssdb_access_page_export_png (self->access_page, path, error);
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "sweep") == 0)
    return ssdb_sweep_page_export_png (self->sweep_page, path, error);
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "workload") == 0)
    return ssdb_workload_page_export_png (self->workload_page, path, error);
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "behaviour") == 0)
    return ssdb_behaviour_page_export_png (self->behaviour_page, path, error);
  caption = dup_caption (self);
  ssdb_summary_chart_fill_view (self->chart, &view);
  view.caption = caption;
  view.running_index = -1;
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  return ssdb_render_summary_png (&view, &style, path, 1000, 640, 2, error);
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

SsdbExportDialog *
ssdb_window_export_image (SsdbWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = NULL;
  g_autofree char *left_out = NULL;
  SsdbExportDialog *dialog;
  SsdbExportView view;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);

  report = ssdb_window_dup_report (self, &left_out, &error);
  if (report == NULL)
    {
      show_toast (self, error->message);
      return NULL;
    }
  if (!visible_view (self, &view) || !ssdb_export_report_has_view (report, view))
    ssdb_export_first_view (report, &view);
  dialog = ssdb_export_dialog_new (GTK_WINDOW (self), report, view);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
on_save_response (GtkNativeDialog *dialog, int response, SsdbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autofree char *left_out = NULL;
      g_autoptr (GError) error = NULL;

      if (path != NULL && !ssdb_window_save_report_to (self, path, &left_out, &error))
        show_toast (self, error->message);
      else if (path != NULL && left_out != NULL)
        {
          /* Translators: a file, then the pages whose results were not saved */
          g_autofree char *text = g_strdup_printf (
              _ ("Report saved to %s; left out, measured on another target: %s"), path, left_out);

          show_toast (self, text);
        }
      else if (path != NULL)
        {
          g_autofree char *text = g_strdup_printf (_ ("Report saved to %s"), path);

          show_toast (self, text);
        }
    }
  g_clear_object (&self->chooser);
}

void
ssdb_window_save_report (SsdbWindow *self)
{
  g_autofree char *name = NULL;
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (GError) error = NULL;

  report = ssdb_window_dup_report (self, NULL, &error);
  if (report == NULL)
    {
      show_toast (self, error->message);
      return;
    }
  name = suggested_name (self, "json");
  g_clear_object (&self->chooser);
  self->chooser
      = gtk_file_chooser_native_new (_ ("Save Report"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), _ ("_Cancel"));
  gtk_file_filter_set_name (filter, _ ("SSD Bench Reports"));
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_save_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Puts page @view back to the selected target, without a result. */
static void
reset_view (SsdbWindow *self, SsdbExportView view)
{
  g_autofree char *title = NULL;

  if (view == SSDB_EXPORT_VIEW_SUMMARY)
    return;
  title = dup_target_title (self);
  switch (view)
    {
      case SSDB_EXPORT_VIEW_SURFACE:
        ssdb_surface_page_set_target (self->surface_page, title, device_size (self),
                                      self->write_refusal);
        break;
      case SSDB_EXPORT_VIEW_FILL:
        ssdb_fill_page_set_target (self->fill_page, title, device_size (self), self->write_refusal);
        break;
      case SSDB_EXPORT_VIEW_ACCESS:
        ssdb_access_page_set_target (self->access_page, title, device_size (self));
        break;
      case SSDB_EXPORT_VIEW_SWEEP:
        ssdb_sweep_page_set_target (self->sweep_page, title, device_size (self));
        break;
      case SSDB_EXPORT_VIEW_WORKLOAD:
        ssdb_workload_page_set_target (self->workload_page, title, device_size (self));
        break;
      case SSDB_EXPORT_VIEW_RECOVERY:
      case SSDB_EXPORT_VIEW_COMPRESSION:
      case SSDB_EXPORT_VIEW_TRIM:
      case SSDB_EXPORT_VIEW_FREESPACE:
      case SSDB_EXPORT_VIEW_CONSISTENCY:
      case SSDB_EXPORT_VIEW_READBACK:
        /* Only that test's result goes: the page keeps one per test. */
        ssdb_behaviour_page_show_result (self->behaviour_page, view, NULL, title);
        break;
      default:
        break;
    }
}

gboolean
ssdb_window_load_report (SsdbWindow *self, const char *path, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (SsdbReport) report = NULL;
  g_autofree char *title = NULL;
  SsdbExportView first;
  guint old_views;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (any_running (self))
    g_set_error (&local, SSDB_ERROR, SSDB_ERROR_FAILED, _ ("Stop the run before opening a report"));
  else
    report = ssdb_report_load (path, &local);
  if (report != NULL && !ssdb_export_first_view (report, &first))
    {
      g_autofree char *base = g_path_get_basename (path);

      g_set_error (&local, SSDB_ERROR, SSDB_ERROR_REPORT, _ ("%s holds no test SSD Bench can show"),
                   base);
      g_clear_pointer (&report, ssdb_report_unref);
    }
  if (report == NULL)
    {
      show_toast (self, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  old_views = self->report_views;
  g_clear_pointer (&self->report, ssdb_report_unref);
  self->report = g_steal_pointer (&report);
  g_free (self->report_file);
  self->report_file = g_path_get_basename (path);
  self->report_views = 0;
  title = dup_report_title (&self->report->target);

#define SHOW(v, ok)                                                                                \
  if (ok)                                                                                          \
    self->report_views |= VIEW_BIT (v);                                                            \
  else if (old_views & VIEW_BIT (v))                                                               \
    reset_view (self, v);
  SHOW (SSDB_EXPORT_VIEW_SUMMARY, self->report->summary != NULL);
  SHOW (SSDB_EXPORT_VIEW_SURFACE,
        self->report->surface != NULL
            && ssdb_surface_page_show_result (self->surface_page, self->report->surface, title,
                                              self->report->target.size_bytes));
  SHOW (SSDB_EXPORT_VIEW_FILL,
        self->report->fill != NULL
            && ssdb_fill_page_show_result (self->fill_page, self->report->fill, title));
  SHOW (SSDB_EXPORT_VIEW_ACCESS,
        self->report->access != NULL
            && ssdb_access_page_show_result (self->access_page, self->report->access, title));
  SHOW (SSDB_EXPORT_VIEW_SWEEP,
        self->report->sweep != NULL
            && ssdb_sweep_page_show_result (self->sweep_page, self->report->sweep, title));
  SHOW (SSDB_EXPORT_VIEW_WORKLOAD,
        self->report->workload != NULL
            && ssdb_workload_page_show_result (self->workload_page, self->report->workload, title));
#define SHOW_BEHAVIOUR(v, member)                                                                  \
  SHOW (v, self->report->member != NULL                                                            \
               && ssdb_behaviour_page_show_result (self->behaviour_page, v, self->report->member,  \
                                                   title));
  SHOW_BEHAVIOUR (SSDB_EXPORT_VIEW_RECOVERY, recovery);
  SHOW_BEHAVIOUR (SSDB_EXPORT_VIEW_COMPRESSION, compression);
  SHOW_BEHAVIOUR (SSDB_EXPORT_VIEW_TRIM, trim);
  SHOW_BEHAVIOUR (SSDB_EXPORT_VIEW_FREESPACE, freespace);
  SHOW_BEHAVIOUR (SSDB_EXPORT_VIEW_CONSISTENCY, consistency);
  SHOW_BEHAVIOUR (SSDB_EXPORT_VIEW_READBACK, readback);
#undef SHOW_BEHAVIOUR
#undef SHOW
  /* The behaviour page opens on the first of its tests the report holds. */
  for (guint v = SSDB_EXPORT_VIEW_RECOVERY; v <= SSDB_EXPORT_VIEW_READBACK; v++)
    if (self->report_views & VIEW_BIT (v))
      {
        ssdb_behaviour_page_select (self->behaviour_page, (SsdbExportView)v);
        break;
      }

  update_chart (self);
  update_report_header (self);
  adw_view_stack_set_visible_child_name (self->stack, view_pages[first]);
  gtk_label_set_text (self->status_label, self->report->created ? self->report->created : "");
  return TRUE;
}

static void
on_open_response (GtkNativeDialog *dialog, int response, SsdbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      if (path == NULL)
        show_toast (self, _ ("Cannot open this file"));
      else
        ssdb_window_load_report (self, path, NULL);
    }
  g_clear_object (&self->chooser);
}

void
ssdb_window_open_report (SsdbWindow *self)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  if (ssdb_runner_get_running (self->runner))
    {
      show_toast (self, _ ("Stop the run before opening a report"));
      return;
    }
  g_clear_object (&self->chooser);
  self->chooser
      = gtk_file_chooser_native_new (_ ("Open Report"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));
  gtk_file_filter_set_name (filter, _ ("SSD Bench Reports"));
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

gboolean
ssdb_window_open_file (SsdbWindow *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND, _ ("%s is not a local file"), uri);
      show_toast (self, (*error)->message);
      return FALSE;
    }
  /* A folder or a block device is a target; anything else is read as a report. */
  if (g_file_test (path, G_FILE_TEST_IS_DIR) || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      struct stat st;

      if (g_file_test (path, G_FILE_TEST_IS_DIR) || (stat (path, &st) == 0 && S_ISBLK (st.st_mode)))
        {
          if (ssdb_window_select_target (self, path))
            return TRUE;
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, "%s",
                       self->last_toast ? self->last_toast : path);
          return FALSE;
        }
    }
  return ssdb_window_load_report (self, path, error);
}

SsdbCompareWindow *
ssdb_window_compare_files (SsdbWindow *self, GFile *const *files, guint n_files, GError **error)
{
  g_autoptr (GPtrArray) reports
      = g_ptr_array_new_with_free_func ((GDestroyNotify)ssdb_report_unref);
  g_autoptr (GError) local = NULL;
  SsdbCompareWindow *compare;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);

  for (guint i = 0; i < n_files && local == NULL; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);
      SsdbReport *report = NULL;

      if (path == NULL)
        g_set_error (&local, SSDB_ERROR, SSDB_ERROR_NOT_FOUND, _ ("Cannot open this file"));
      else
        report = ssdb_report_load (path, &local);
      if (report != NULL)
        g_ptr_array_add (reports, report);
    }
  compare = local == NULL ? ssdb_compare_window_new (
                GTK_WINDOW (self), (SsdbReport *const *)reports->pdata, reports->len, &local)
                          : NULL;
  if (compare == NULL)
    {
      show_toast (self, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  gtk_window_present (GTK_WINDOW (compare));
  return compare;
}

static void
on_compare_response (GtkNativeDialog *dialog, int response, SsdbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) list = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < g_list_model_get_n_items (list); i++)
        g_ptr_array_add (files, g_list_model_get_item (list, i));
      ssdb_window_compare_files (self, (GFile *const *)files->pdata, files->len, NULL);
    }
  g_clear_object (&self->chooser);
}

static void
compare_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  SsdbWindow *self = SSDB_WINDOW (data);
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  g_clear_object (&self->chooser);
  self->chooser
      = gtk_file_chooser_native_new (_ ("Compare Reports"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Compare"), _ ("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, _ ("SSD Bench Reports"));
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_compare_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, SsdbWindow *self)
{
  if (!G_VALUE_HOLDS (value, G_TYPE_FILE) || g_value_get_object (value) == NULL)
    return FALSE;
  return ssdb_window_open_file (self, g_value_get_object (value), NULL);
}

GtkDropTarget *
ssdb_window_get_drop_target (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->drop_target;
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
  if (g_str_has_prefix (key, "window-") || g_strcmp0 (key, "on-error") == 0)
    return;
  /* A different test plan: show its empty grid, unless a run is in progress. */
  if (!ssdb_runner_get_running (self->runner))
    {
      rebuild_preview (self);
      if (g_strcmp0 (key, "profile") == 0 || g_strcmp0 (key, "mix") == 0)
        self->showing_run = FALSE;
      drop_report_view (self, SSDB_EXPORT_VIEW_SUMMARY);
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
  { .name = "compare", .activate = compare_activated },
  { .name = "copy-text", .activate = copy_text_activated },
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
  if (self->access_page != NULL && self->sweep_page != NULL && self->workload_page != NULL
      && self->behaviour_page != NULL)
    for (guint i = 0; i < N_PAGE_RUNS; i++)
      {
        ssdb_page_run_stop (page_run (self, i));
        g_signal_handlers_disconnect_by_data (page_run (self, i), self);
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
  g_free (self->report_file);
  g_free (self->report_text);
  g_free (self->summary_date);
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
  g_type_ensure (SSDB_TYPE_ACCESS_PAGE);
  g_type_ensure (SSDB_TYPE_SWEEP_PAGE);
  g_type_ensure (SSDB_TYPE_WORKLOAD_PAGE);
  g_type_ensure (SSDB_TYPE_BEHAVIOUR_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/ssdbench/App/ui/ssdb-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SsdbWindow, name)
  BIND (toast_overlay);
  BIND (switcher_squeezer);
  BIND (narrow_switcher);
  BIND (window_title);
  BIND (switcher_bar);
  BIND (report_icon);
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
  BIND (access_page);
  BIND (sweep_page);
  BIND (workload_page);
  BIND (behaviour_page);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, on_target_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_write_state_set);
  gtk_widget_class_bind_template_callback (widget_class, on_switcher_squeezed);
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
  self->confirm_for_page = -1;
  self->drop_target = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);
  g_signal_connect (self->drop_target, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drop_target));
  for (guint i = 0; i < N_PAGE_RUNS; i++)
    {
      SsdbPageRun *run = page_run (self, i);

      g_signal_connect (run, "updated", G_CALLBACK (on_page_run_updated), self);
      g_signal_connect (run, "finished", G_CALLBACK (on_page_run_finished), self);
      g_signal_connect_swapped (run, "notify::running", G_CALLBACK (on_page_run_running), self);
    }
}

const char *
ssdb_window_get_report_title (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->report_text;
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

  /* A damaged setting must not make a window of no or of absurd size. */
  gtk_window_set_default_size (
      GTK_WINDOW (self), CLAMP (g_settings_get_int (self->settings, "window-width"), 320, 16384),
      CLAMP (g_settings_get_int (self->settings, "window-height"), 320, 16384));
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
  ssdb_workload_page_set_settings (self->workload_page, self->settings);

  gtk_list_box_bind_model (self->target_list, G_LIST_MODEL (self->monitor), create_target_row, self,
                           NULL);
  g_signal_connect_swapped (self->monitor, "items-changed", G_CALLBACK (on_devices_changed), self);

  target_changed (self);
  update_switcher_size (self);
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

SsdbAccessPage *
ssdb_window_get_access_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->access_page;
}

SsdbSweepPage *
ssdb_window_get_sweep_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->sweep_page;
}

SsdbWorkloadPage *
ssdb_window_get_workload_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->workload_page;
}

SsdbBehaviourPage *
ssdb_window_get_behaviour_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->behaviour_page;
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
