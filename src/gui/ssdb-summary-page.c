/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-summary-page.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-text.h"
#include "engine/ssdb-units.h"
#include "engine/ssdb-unwritten.h"
#include "render/ssdb-export.h"
#include "render/ssdb-render-lang.h"
#include "config.h"
#include "ssdb-gui-util.h"
#include "ssdb-settings-bind.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

static const int size_table_mib[]
    = { 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, -1 };
static const char *const profile_nicks[] = { "default", "peak", "realworld", "nvme", NULL };
static const char *const data_nicks[]
    = { "random",           "zero", "compressible-25", "compressible-50", "compressible-75",
        "compressible-100", NULL };

/* What the run shows: the grid's entries (states, aggregates, passes), the target's facts
 * once it is open and the engine's progress; with the end of the run, the engine's complete
 * result. Keeps its address over a run (the merge function). */
typedef struct
{
  SsdbSummaryResult *view;
  SsdbSummaryResult *full; /* the work's return only */
  SsdbTargetInfo *info;
  SsdbSummaryProgress progress;
  const char *phase; /* interned */
} Shown;

struct _SsdbSummaryPage
{
  GtkBox parent_instance;

  /* template */
  GtkWidget *settings_box;
  GtkDropDown *profile_dropdown;
  GtkDropDown *count_dropdown;
  GtkDropDown *size_dropdown;
  GtkLabel *size_note;
  GtkWidget *unit_box;
  GtkDropDown *data_dropdown;
  GtkFrame *chart_frame;
  GtkSwitch *write_switch;
  GtkLabel *write_reason;
  GtkSwitch *mix_switch;
  GtkLabel *mix_label;
  GtkLabel *status_label;

  SsdbSummaryChart *chart;
  GSettings *settings;
  SsdbPageRun *run;

  /* the target */
  char *title;
  char *path;
  gboolean is_device;
  guint64 device_bytes;
  char *write_refusal;
  gboolean writes_allowed; /* the window's write permission holds for the device */
  gboolean updating_switch;

  /* what the grid shows */
  SsdbSummaryResult *preview; /* empty grid for the current settings */
  gboolean showing_run;       /* the run's view instead of the preview */
  SsdbReport *report;         /* a loaded report whose summary the page shows */
  gboolean locked;            /* a test runs on some page */
  gboolean controls_bound;    /* the settings controls follow the application's settings */
  char *report_title;
  char *date; /* when the live run ended, ISO 8601 UTC */
  gint64 started_us;
  SsdbSummaryPageProgress progress;
  guint status_timer;
};

static void
test_page_iface_init (SsdbTestPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbSummaryPage, ssdb_summary_page, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE, test_page_iface_init))

/* ---- results -------------------------------------------------------------------------- */

static SsdbTargetInfo *
target_info_copy (const SsdbTargetInfo *info)
{
  SsdbTargetInfo *copy;

  if (info == NULL)
    return NULL;
  copy = g_new0 (SsdbTargetInfo, 1);
  ssdb_target_info_copy (copy, info);
  return copy;
}

static void
target_info_free (SsdbTargetInfo *info)
{
  if (info == NULL)
    return;
  ssdb_target_info_clear (info);
  g_free (info);
}

/* Copies what the grid shows (states, messages, aggregates, passes) from @from into @to,
 * which was made from the same spec, so both list the same entries in the same order. */
static void
copy_entries (SsdbSummaryResult *to, const SsdbSummaryResult *from)
{
  guint n = MIN (to->entries->len, from->entries->len);

  for (guint i = 0; i < n; i++)
    {
      SsdbSummaryEntry *d = g_ptr_array_index (to->entries, i);
      const SsdbSummaryEntry *s = g_ptr_array_index (from->entries, i);

      d->state = s->state;
      d->aggregate = s->aggregate;
      /* The passes' results (plain values, as the aggregate): the cells' tooltips give their
       * spread. */
      if (s->passes != NULL)
        {
          if (d->passes == NULL)
            d->passes = g_array_new (FALSE, TRUE, sizeof (SsdbIoResult));
          g_array_set_size (d->passes, 0);
          g_array_append_vals (d->passes, s->passes->data, s->passes->len);
        }
      if (g_strcmp0 (d->message, s->message) != 0)
        {
          g_free (d->message);
          d->message = g_strdup (s->message);
        }
      if (d->fio_command == NULL && s->fio_command != NULL)
        d->fio_command = g_strdup (s->fio_command);
    }
  if (g_strcmp0 (to->writes_skipped_reason, from->writes_skipped_reason) != 0)
    {
      g_free (to->writes_skipped_reason);
      to->writes_skipped_reason = g_strdup (from->writes_skipped_reason);
    }
  to->started_unix = from->started_unix;
  to->prepare_ns = from->prepare_ns;
}

static Shown *
shown_new (const SsdbSummarySpec *spec)
{
  Shown *s = g_new0 (Shown, 1);

  s->view = ssdb_summary_result_new (spec, NULL);
  s->progress.entry_index = -1;
  s->phase = "open";
  return s;
}

static void
shown_free (gpointer data)
{
  Shown *s = data;

  ssdb_summary_result_free (s->view);
  g_clear_pointer (&s->full, ssdb_summary_result_free);
  target_info_free (s->info);
  g_free (s);
}

static void
shown_merge (gpointer into, gconstpointer from)
{
  Shown *to = into;
  const Shown *f = from;

  copy_entries (to->view, f->view);
  if (f->info != NULL && to->info == NULL)
    to->info = target_info_copy (f->info);
  if (f->full != NULL)
    {
      /* The run's end: the engine's own result is taken, not copied (the run frees @from
       * right after; published copies never hold one). */
      g_clear_pointer (&to->full, ssdb_summary_result_free);
      to->full = g_steal_pointer (&((Shown *)f)->full);
    }
  to->progress = f->progress;
  to->phase = f->phase;
}

/* Worker thread: also from the engine's result while it runs (entries only). */
static gpointer
shown_dup (gconstpointer data)
{
  const Shown *s = data;
  Shown *c = shown_new (&s->view->spec);

  shown_merge (c, s);
  return c;
}

/* ---- worker thread -------------------------------------------------------------------- */

typedef struct
{
  SsdbPageRunJob *job;
  SsdbTargetInfo *info;
} Work;

static void
on_summary_progress (SsdbSummaryResult *result, const SsdbSummaryProgress *progress,
                     gpointer user_data)
{
  Work *w = user_data;
  Shown s = { result, NULL, w->info, *progress, g_intern_string (progress->phase) };

  ssdb_page_run_job_publish (w->job, &s, progress->fraction);
}

static gpointer
work (SsdbPageRunJob *job, SsdbTarget *target, gpointer data, GCancellable *cancellable,
      GError **error)
{
  const SsdbSummarySpec *spec = data;
  SsdbSummaryResult *result = ssdb_summary_result_new (spec, target);
  Work w = { job, target_info_copy (ssdb_target_get_info (target)) };
  Shown *s;

  {
    Shown first = { result, NULL, w.info, { .entry_index = -1 }, "prepare" };

    ssdb_page_run_job_publish (job, &first, 0);
  }
  ssdb_summary_run (target, result, on_summary_progress, &w, cancellable, error);
  s = shown_new (spec);
  copy_entries (s->view, result);
  s->full = result;
  s->info = w.info;
  s->progress.entry_index = -1;
  s->progress.fraction = 1;
  s->phase = "done";
  return s;
}

/* ---- main thread ---------------------------------------------------------------------- */

static Shown *
shown (SsdbSummaryPage *self)
{
  return ssdb_page_run_get_result (self->run);
}

static gboolean
from_report (SsdbSummaryPage *self)
{
  return self->report != NULL;
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

gboolean
ssdb_summary_page_get_writes_enabled (SsdbSummaryPage *self)
{
  g_return_val_if_fail (SSDB_IS_SUMMARY_PAGE (self), FALSE);

  /* A refused device turns the switch off (update_write_controls), so its state is the
   * truth; it is only insensitive, not off, while a run is in progress. */
  if (!gtk_switch_get_state (self->write_switch))
    return FALSE;
  if (self->is_device)
    return self->writes_allowed;
  return self->path != NULL;
}

static void
spec_from_settings (SsdbSummaryPage *self, SsdbSummarySpec *spec, gboolean writes)
{
  g_autofree char *profile = g_settings_get_string (self->settings, "profile");
  g_autofree char *data = g_settings_get_string (self->settings, "data-pattern");
  g_autofree char *aggregate = g_settings_get_string (self->settings, "aggregate");
  g_autofree char *on_error = g_settings_get_string (self->settings, "on-error");
  guint64 size = (guint64)g_settings_get_int (self->settings, "size-mib") * MIB;
  gboolean directory = self->path != NULL && !self->is_device;

  ssdb_summary_spec_init (spec);
  ssdb_profile_from_string (profile, &spec->profile);
  if (self->is_device && self->device_bytes > 0 && size > self->device_bytes)
    size = MAX (self->device_bytes / MIB, 1) * MIB;
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
  spec->do_write = writes || !directory;
  spec->do_mix = g_settings_get_boolean (self->settings, "mix") && (writes || !directory);
  spec->mix_read_percent
      = (guint)CLAMP (g_settings_get_int (self->settings, "mix-read-percent"), 0, 100);
}

void
ssdb_summary_page_get_spec (SsdbSummaryPage *self, SsdbSummarySpec *spec)
{
  g_return_if_fail (SSDB_IS_SUMMARY_PAGE (self));
  g_return_if_fail (spec != NULL);
  spec_from_settings (self, spec, ssdb_summary_page_get_writes_enabled (self));
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
  /* "5", "0.3" (in the locale's numbers): a report may hold passes shorter than a second. */
  g_autofree char *seconds = g_strdup_printf ("%g", round (spec->duration_ns / 1e8) / 10);
  static const char *const profiles[]
      = { N_ ("Default"), N_ ("Peak"), N_ ("Real World"), N_ ("NVMe SSD") };

  return g_strdup_printf (_ ("%s%u × %s · %s s per pass · %s data · %s profile%s"),
                          report ? _ ("Report · ") : "", spec->count, size, seconds, data,
                          _ (profiles[CLAMP (spec->profile, 0, 3)]),
                          spec->aggregate == SSDB_AGGREGATE_MEAN ? _ (" · mean") : "");
}

static void
rebuild_preview (SsdbSummaryPage *self)
{
  SsdbSummarySpec spec;

  if (self->settings == NULL)
    return;
  spec_from_settings (self, &spec, ssdb_summary_page_get_writes_enabled (self));
  g_clear_pointer (&self->preview, ssdb_summary_result_free);
  self->preview = ssdb_summary_result_new (&spec, NULL);
  if (self->is_device && !ssdb_summary_page_get_writes_enabled (self))
    {
      for (guint i = 0; i < self->preview->entries->len; i++)
        {
          SsdbSummaryEntry *e = g_ptr_array_index (self->preview->entries, i);

          if (e->rw != SSDB_RW_READ)
            {
              e->state = SSDB_ENTRY_SKIPPED;
              e->message = g_strdup (_ ("write tests are off"));
            }
        }
    }
}

static void
update_progress_times (SsdbSummaryPage *self)
{
  double f = self->progress.fraction;

  self->progress.elapsed_us = g_get_monotonic_time () - self->started_us;
  if (f > 0.01 && f < 1.0)
    self->progress.remaining_us = (gint64)(self->progress.elapsed_us * (1.0 - f) / f);
  else
    self->progress.remaining_us = f >= 1.0 ? 0 : -1;
}

/* The progress from the run's latest update. */
static void
take_progress (SsdbSummaryPage *self)
{
  Shown *s = shown (self);

  if (s == NULL || !ssdb_page_run_get_running (self->run))
    return;
  self->progress.entry_index = s->progress.entry_index;
  self->progress.fraction = ssdb_page_run_get_fraction (self->run);
  self->progress.entry_fraction = s->progress.entry_fraction;
  self->progress.bytes_per_second = s->progress.bytes_per_second;
  self->progress.phase = s->phase ? s->phase : "open";
  update_progress_times (self);
}

static void
update_chart (SsdbSummaryPage *self)
{
  const SsdbSummaryResult *result;
  Shown *s = shown (self);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *unit = NULL;
  SsdbSummaryUnit u = SSDB_UNIT_MBPS;

  if (self->settings == NULL)
    return;
  unit = g_settings_get_string (self->settings, "unit");
  ssdb_summary_unit_from_string (unit, &u);
  ssdb_summary_chart_set_unit (self->chart, u);

  if (from_report (self))
    result = self->report->summary;
  else if (self->showing_run && s != NULL)
    result = s->view;
  else
    {
      if (self->preview == NULL)
        rebuild_preview (self);
      result = self->preview;
    }
  title = g_strdup (from_report (self) ? self->report_title
                    : self->title      ? self->title
                                       : _ ("No drive selected"));
  if (from_report (self) && result->imported != NULL)
    subtitle = ssdb_export_dup_subtitle (self->report, SSDB_TEST_KIND_SUMMARY);
  else
    subtitle = dup_settings_line (&result->spec, from_report (self));
  ssdb_summary_chart_set_titles (self->chart, title, subtitle);
  ssdb_summary_chart_set_result (self->chart, result);
  /* Writes that only wait for the user's permission: the cells say what to do, not the
   * engine's reason (which names the command line's permission). */
  ssdb_summary_chart_set_write_hint (
      self->chart, !from_report (self) && self->is_device && self->write_refusal == NULL
                           && !ssdb_summary_page_get_writes_enabled (self)
                       ? _ ("off: turn on Write Tests")
                       : NULL);
  if (ssdb_page_run_get_running (self->run) && !from_report (self))
    ssdb_summary_chart_set_running (self->chart, self->progress.entry_index,
                                    self->progress.entry_fraction, self->progress.bytes_per_second);
  else
    ssdb_summary_chart_set_running (self->chart, -1, 0, 0);
}

static void
update_status (SsdbSummaryPage *self)
{
  const SsdbSummaryPageProgress *p = &self->progress;
  g_autofree char *elapsed = NULL;
  g_autofree char *text = NULL;

  if (!ssdb_page_run_get_running (self->run))
    return;
  update_progress_times (self);
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
}

static gboolean
status_timer_cb (gpointer data)
{
  update_status (SSDB_SUMMARY_PAGE (data));
  return G_SOURCE_CONTINUE;
}

static void
set_switch (SsdbSummaryPage *self, gboolean on)
{
  self->updating_switch = TRUE;
  gtk_switch_set_active (self->write_switch, on);
  gtk_switch_set_state (self->write_switch, on);
  self->updating_switch = FALSE;
}

/* The write switch and its reason, from what was read last (nothing here reads sysfs). */
static void
update_write_controls (SsdbSummaryPage *self)
{
  gboolean running = ssdb_page_run_get_running (self->run);
  const char *refusal = self->write_refusal;
  const char *reason;
  gboolean writes;

  if (refusal != NULL)
    {
      self->writes_allowed = FALSE;
      set_switch (self, FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->write_switch), FALSE);
      gtk_label_set_text (self->write_reason, refusal);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->write_switch), refusal);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->write_reason), refusal);
    }
  else
    {
      writes = ssdb_summary_page_get_writes_enabled (self);
      gtk_widget_set_sensitive (GTK_WIDGET (self->write_switch), self->path != NULL && !running);
      if (self->path == NULL)
        reason = _ ("Choose a drive or a folder first");
      else if (!self->is_device)
        reason = writes ? _ ("Writes go to a temporary file that is removed afterwards")
                        : _ ("Only reads from a temporary file");
      else
        reason = writes ? _ ("Data in the test region will be destroyed")
                        : _ ("Off: the drive is only read");
      gtk_label_set_text (self->write_reason, reason);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->write_switch), NULL);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->write_reason), NULL);
    }
  writes = ssdb_summary_page_get_writes_enabled (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->mix_switch), writes && !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->mix_label), writes);
}

/* Other writes, another plan: the empty grid of the plan the next start runs. */
static void
show_plan (SsdbSummaryPage *self)
{
  update_write_controls (self);
  rebuild_preview (self);
  self->showing_run = FALSE;
  update_chart (self);
}

static gboolean
on_write_state_set (GtkSwitch *sw, gboolean state, SsdbSummaryPage *self)
{
  if (self->updating_switch)
    return FALSE;
  if (state && self->is_device && !self->writes_allowed)
    {
      /* The window asks; the state follows once confirmed (writes_granted). */
      ssdb_test_page_request_writes (SSDB_TEST_PAGE (self), TRUE);
      return TRUE;
    }
  if (!state && self->writes_allowed)
    {
      self->writes_allowed = FALSE;
      ssdb_test_page_request_writes (SSDB_TEST_PAGE (self), FALSE);
    }
  gtk_switch_set_state (sw, state);
  show_plan (self);
  return TRUE;
}

/* What the finished summary really measured, where it was not the drive alone (the stack's
 * labels, a region never written): after the status and in its tooltip. The words are the
 * engine's, as in the text export and the captions. */
static void
show_measured_notes (SsdbSummaryPage *self)
{
  Shown *s = shown (self);
  const SsdbTargetInfo *info = s != NULL ? s->info : NULL;
  const SsdbSummaryResult *result = s != NULL ? s->full : NULL;
  g_autoptr (GString) tooltip = g_string_new (NULL);
  g_autofree char *tags = info != NULL ? ssdb_stack_dup_tags (info->stack) : NULL;
  g_autofree char *unwritten = NULL;
  g_auto (GStrv) labels = ssdb_stack_dup_labels (info != NULL ? info->stack : NULL);

  if (result != NULL)
    unwritten = ssdb_unwritten_dup_note (result->unwritten_percent, result->unwritten_source);
  for (guint i = 0; labels[i] != NULL; i++)
    g_string_append_printf (tooltip, "%s%s", tooltip->len ? "\n" : "", labels[i]);
  if (unwritten != NULL)
    g_string_append_printf (tooltip, "%s%s", tooltip->len ? "\n" : "", unwritten);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), tooltip->len ? tooltip->str : NULL);
  if (tags != NULL)
    {
      g_autofree char *text
          = g_strdup_printf ("%s · %s", gtk_label_get_text (self->status_label), tags);

      gtk_label_set_text (self->status_label, text);
    }
}

/* Marks what did not finish as cancelled: for a worker detached after a stop. */
static void
mark_view_cancelled (SsdbSummaryResult *view)
{
  for (guint i = 0; view != NULL && i < view->entries->len; i++)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (view->entries, i);

      if (e->state == SSDB_ENTRY_PENDING || e->state == SSDB_ENTRY_RUNNING)
        {
          e->state = SSDB_ENTRY_CANCELLED;
          e->aggregate.cancelled = TRUE;
          g_free (e->message);
          e->message = g_strdup ("cancelled");
        }
    }
}

static void
on_run_updated (SsdbSummaryPage *self)
{
  take_progress (self);
  update_chart (self);
  update_status (self);
}

static void
on_run_finished (SsdbPageRun *run, const GError *error, SsdbSummaryPage *self)
{
  Shown *s = shown (self);

  g_clear_handle_id (&self->status_timer, g_source_remove);
  update_progress_times (self);
  self->progress.entry_index = -1;
  self->progress.phase = "done";
  if (error == NULL)
    self->progress.fraction = 1.0;
  if (ssdb_error_is_not_responding (error) && s != NULL)
    {
      /* Detached: what was measured is kept, the rest was cancelled. */
      mark_view_cancelled (s->view);
      g_clear_pointer (&s->full, ssdb_summary_result_free);
    }
  update_chart (self);
  if (s != NULL && s->full != NULL)
    {
      g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

      g_free (self->date);
      self->date = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
    }
  if (error == NULL)
    {
      g_autofree char *elapsed = format_duration (self->progress.elapsed_us);
      g_autofree char *text = g_strdup_printf (_ ("Done in %s"), elapsed);

      gtk_label_set_text (self->status_label, text);
      show_measured_notes (self);
    }
  else if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    {
      g_autofree char *stopped
          = ssdb_gui_stopped_text (error, _ ("Stopped · results so far are kept"));

      gtk_label_set_text (self->status_label, stopped);
    }
  else
    gtk_label_set_text (self->status_label, _ ("Failed"));
}

/* The mix switch's label names the mix ratio of the settings ("Mixed 70/30"). */
static void
update_mix_label (SsdbSummaryPage *self)
{
  int reads = CLAMP (g_settings_get_int (self->settings, "mix-read-percent"), 0, 100);
  g_autofree char *label = g_strdup_printf (_ ("Mixed %d/%d"), reads, 100 - reads);
  g_autofree char *tooltip
      = g_strdup_printf (_ ("Also Run Mixed Tests: %d %% Reads, %d %% Writes"), reads, 100 - reads);

  gtk_label_set_label (self->mix_label, label);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->mix_label), tooltip);
}

static void
clear_report (SsdbSummaryPage *self);
static void
update_size_note (SsdbSummaryPage *self);

static void
on_settings_changed (SsdbSummaryPage *self, const char *key)
{
  if (g_strcmp0 (key, "unit") == 0)
    {
      update_chart (self);
      return;
    }
  if (g_str_has_prefix (key, "window-") || g_strcmp0 (key, "on-error") == 0)
    return;
  if (g_strcmp0 (key, "mix-read-percent") == 0)
    update_mix_label (self);
  if (g_strcmp0 (key, "size-mib") == 0)
    update_size_note (self);
  /* A different test plan: show its empty grid, unless a run is in progress. */
  if (!ssdb_page_run_get_running (self->run))
    {
      rebuild_preview (self);
      if (g_strcmp0 (key, "profile") == 0 || g_strcmp0 (key, "mix") == 0)
        self->showing_run = FALSE;
      if (self->report != NULL)
        {
          clear_report (self);
          ssdb_test_page_drop_loaded (SSDB_TEST_PAGE (self), SSDB_TEST_KIND_SUMMARY);
        }
      update_chart (self);
    }
}

/* ---- API ------------------------------------------------------------------------------ */

const SsdbSummaryResult *
ssdb_summary_page_get_view (SsdbSummaryPage *self)
{
  g_return_val_if_fail (SSDB_IS_SUMMARY_PAGE (self), NULL);
  return shown (self) ? shown (self)->view : NULL;
}

const SsdbSummaryResult *
ssdb_summary_page_get_final_result (SsdbSummaryPage *self)
{
  g_return_val_if_fail (SSDB_IS_SUMMARY_PAGE (self), NULL);
  if (ssdb_page_run_get_running (self->run) || shown (self) == NULL)
    return NULL;
  return shown (self)->full;
}

const SsdbSummaryPageProgress *
ssdb_summary_page_get_progress (SsdbSummaryPage *self)
{
  g_return_val_if_fail (SSDB_IS_SUMMARY_PAGE (self), NULL);
  if (ssdb_page_run_get_running (self->run))
    update_progress_times (self);
  return &self->progress;
}

SsdbSummaryChart *
ssdb_summary_page_get_chart (SsdbSummaryPage *self)
{
  g_return_val_if_fail (SSDB_IS_SUMMARY_PAGE (self), NULL);
  return self->chart;
}

const char *
ssdb_summary_page_get_write_reason (SsdbSummaryPage *self)
{
  g_return_val_if_fail (SSDB_IS_SUMMARY_PAGE (self), NULL);
  return gtk_label_get_text (self->write_reason);
}

gboolean
ssdb_summary_page_get_write_switch_sensitive (SsdbSummaryPage *self)
{
  g_return_val_if_fail (SSDB_IS_SUMMARY_PAGE (self), FALSE);
  return gtk_widget_get_sensitive (GTK_WIDGET (self->write_switch));
}

/* ---- SsdbTestPage ----------------------------------------------------------------------- */

static void
take_target (SsdbSummaryPage *self, const SsdbTestPageTarget *target)
{
  g_free (self->title);
  self->title = g_strdup (target->title);
  g_free (self->path);
  self->path = g_strdup (target->path);
  self->is_device = target->is_device;
  self->device_bytes = target->device_bytes;
  g_free (self->write_refusal);
  self->write_refusal = g_strdup (target->write_refusal);
}

static void
test_page_set_target (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (page);

  take_target (self, target);
  clear_report (self);
  update_size_note (self);
  /* A device starts with writes off; a test file as the settings say. */
  self->writes_allowed = FALSE;
  set_switch (self, !target->is_device && target->path != NULL && self->settings != NULL
                        && g_settings_get_boolean (self->settings, "file-writes"));
  show_plan (self);
  gtk_label_set_text (self->status_label, "");
}

static void
test_page_target_changed (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (page);

  take_target (self, target);
  update_write_controls (self);
  if (!ssdb_page_run_get_running (self->run))
    update_chart (self);
}

static void
test_page_reset (SsdbTestPage *page, SsdbTestKind kind, const SsdbTestPageTarget *target)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (page);

  clear_report (self);
  update_chart (self);
}

static const int count_table[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, -1 };

/* Binds the settings controls to the application's settings (which sets them from it). */
static void
bind_controls (SsdbSummaryPage *self)
{
  ssdb_settings_bind_enum_index (self->settings, "profile", self->profile_dropdown, profile_nicks);
  ssdb_settings_bind_enum_index (self->settings, "data-pattern", self->data_dropdown, data_nicks);
  ssdb_settings_bind_int_table (self->settings, "size-mib", self->size_dropdown, size_table_mib);
  ssdb_settings_bind_int_table (self->settings, "count", self->count_dropdown, count_table);
  g_settings_bind (self->settings, "mix", self->mix_switch, "active", G_SETTINGS_BIND_DEFAULT);
  self->controls_bound = TRUE;
}

/* The settings rows are insensitive while a run fixes them and while a report is shown (they
 * show its settings, read-only); the unit the grid is shown in stays free. */
static void
update_settings_sensitive (SsdbSummaryPage *self)
{
  gboolean fixed = self->locked || self->report != NULL;

  /* The flow box wraps each setting in a child of its own; the unit's stays free. */
  for (GtkWidget *w = gtk_widget_get_first_child (self->settings_box); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    gtk_widget_set_sensitive (w, !fixed || gtk_widget_is_ancestor (self->unit_box, w));
}

/* Index of @value in the -1-terminated @table, or -1. */
static int
find_int (const int *table, int value)
{
  for (int i = 0; table[i] >= 0; i++)
    if (table[i] == value)
      return i;
  return -1;
}

static guint
table_length (const int *table)
{
  guint n = 0;

  while (table[n] >= 0)
    n++;
  return n;
}

/* The controls show the settings of the report's summary, also values outside their choices:
 * unbound from the application's settings meanwhile, which keep the user's own. */
static void
show_report_settings (SsdbSummaryPage *self, const SsdbSummarySpec *spec)
{
  g_autofree char *size = format_mib (spec->size / MIB);
  g_autofree char *count = g_strdup_printf ("%u", spec->count);
  g_autofree char *data_nick = ssdb_data_pattern_to_string (&spec->data);
  int data = -1;

  if (self->controls_bound)
    {
      g_settings_unbind (self->profile_dropdown, "selected");
      g_settings_unbind (self->data_dropdown, "selected");
      g_settings_unbind (self->size_dropdown, "selected");
      g_settings_unbind (self->count_dropdown, "selected");
      g_settings_unbind (self->mix_switch, "active");
      self->controls_bound = FALSE;
    }
  for (int i = 0; data_nicks[i] != NULL; i++)
    if (g_strcmp0 (data_nicks[i], data_nick) == 0)
      data = i;
  gtk_drop_down_set_selected (self->profile_dropdown, (guint)spec->profile);
  /* (the settings, not these controls, make the next run: no values to keep) */
  ssdb_gui_dropdown_show (self->data_dropdown, g_strv_length ((char **)data_nicks), data, data_nick,
                          0);
  ssdb_gui_dropdown_show (self->size_dropdown, table_length (size_table_mib),
                          spec->size % MIB == 0 ? find_int (size_table_mib, (int)(spec->size / MIB))
                                                : -1,
                          size, spec->size);
  ssdb_gui_dropdown_show (self->count_dropdown, table_length (count_table),
                          find_int (count_table, (int)spec->count), count, spec->count);
  gtk_switch_set_active (self->mix_switch, spec->do_mix);
  update_settings_sensitive (self);
  update_size_note (self);
}

/* A size larger than the device runs over the whole device: the note beside the size says so,
 * so that the control and the run agree. */
static void
update_size_note (SsdbSummaryPage *self)
{
  guint64 size;

  if (self->settings == NULL || self->report != NULL || !self->is_device || self->device_bytes == 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->size_note), FALSE);
      return;
    }
  size = (guint64)MAX (g_settings_get_int (self->settings, "size-mib"), 0) * MIB;
  if (size > self->device_bytes)
    {
      g_autofree char *whole = format_mib (MAX (self->device_bytes / MIB, 1));
      /* Translators: beside a test size larger than the drive: "the whole drive, 512 MiB" */
      g_autofree char *text = g_strdup_printf (_ ("the whole drive, %s"), whole);

      gtk_label_set_text (self->size_note, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->size_note), size > self->device_bytes);
}

/* Drops the report the page shows (if any): the controls follow the settings again. */
static void
clear_report (SsdbSummaryPage *self)
{
  g_clear_pointer (&self->report, ssdb_report_unref);
  update_size_note (self);
  if (self->controls_bound || self->settings == NULL)
    {
      update_settings_sensitive (self);
      return;
    }
  ssdb_gui_dropdown_drop_extra (self->data_dropdown, g_strv_length ((char **)data_nicks));
  ssdb_gui_dropdown_drop_extra (self->size_dropdown, table_length (size_table_mib));
  ssdb_gui_dropdown_drop_extra (self->count_dropdown, table_length (count_table));
  bind_controls (self);
  update_settings_sensitive (self);
}

static void
test_page_set_settings (SsdbTestPage *page, GSettings *settings)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (page);
  GtkStringList *sizes = gtk_string_list_new (NULL);

  g_return_if_fail (self->settings == NULL);
  self->settings = g_object_ref (settings);
  for (guint i = 0; size_table_mib[i] >= 0; i++)
    {
      g_autofree char *label = format_mib ((guint64)size_table_mib[i]);

      gtk_string_list_append (sizes, label);
    }
  gtk_drop_down_set_model (self->size_dropdown, G_LIST_MODEL (sizes));
  g_object_unref (sizes);

  bind_controls (self);
  update_mix_label (self);
  g_signal_connect_swapped (self->settings, "changed", G_CALLBACK (on_settings_changed), self);
}

/* Writes on a device go under the window's write permission, which the switch asked for. */
static SsdbTestPageWrites
test_page_get_writes (SsdbTestPage *page)
{
  return ssdb_summary_page_get_writes_enabled (SSDB_SUMMARY_PAGE (page))
             ? SSDB_TEST_PAGE_WRITES_SHARED
             : SSDB_TEST_PAGE_WRITES_NONE;
}

static char *
test_page_dup_confirm_body (SsdbTestPage *page, const char *title, const char *capacity,
                            const char *node)
{
  return g_strdup_printf (_ ("Write tests write over the test region of %s (%s, %s). All "
                             "data stored there will be destroyed and cannot be recovered."),
                          title, capacity, node);
}

/* The settings the next start runs, for the window's check before it asks anything. */
static gpointer
test_page_dup_settings (SsdbTestPage *page, GError **error)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (page);
  SsdbSummarySpec spec;

  spec_from_settings (self, &spec, ssdb_summary_page_get_writes_enabled (self));
  return ssdb_summary_result_new (&spec, NULL);
}

static gboolean
test_page_start (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (page);
  SsdbTargetOpenFlags flags = SSDB_TARGET_OPEN_READ;
  gboolean writes = ssdb_summary_page_get_writes_enabled (self);
  SsdbSummarySpec *spec = g_new0 (SsdbSummarySpec, 1);

  spec_from_settings (self, spec, writes);
  /* The test file itself must be written before reads. */
  if (!start->is_device || (writes && start->permission != NULL))
    flags = SSDB_TARGET_OPEN_WRITE;
  if (!ssdb_page_run_start (self->run, start->path, flags,
                            flags == SSDB_TARGET_OPEN_WRITE ? start->permission : NULL, spec->size,
                            work, spec, g_free, shown_new (spec), error))
    return FALSE;
  clear_report (self);
  self->showing_run = TRUE;
  self->started_us = g_get_monotonic_time ();
  memset (&self->progress, 0, sizeof self->progress);
  self->progress.entry_index = -1;
  self->progress.phase = "open";
  self->progress.remaining_us = -1;
  if (self->status_timer == 0)
    self->status_timer = g_timeout_add (250, status_timer_cb, self);
  update_chart (self);
  update_status (self);
  return TRUE;
}

/* The finished result the page shows (loaded or live), or NULL. */
static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (page);

  if (from_report (self))
    return self->report->summary;
  if (!self->showing_run)
    return NULL;
  return ssdb_summary_page_get_final_result (self);
}

static gboolean
test_page_show_result (SsdbTestPage *page, SsdbTestKind kind, const SsdbReport *report,
                       const char *title)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (page);

  g_clear_pointer (&self->report, ssdb_report_unref);
  self->report = ssdb_report_ref ((SsdbReport *)report);
  g_free (self->report_title);
  self->report_title = g_strdup (title);
  if (report->summary != NULL)
    show_report_settings (self, &report->summary->spec);
  update_chart (self);
  return TRUE;
}

static void
test_page_report_opened (SsdbTestPage *page, const SsdbReport *report, const char *when)
{
  gtk_label_set_text (SSDB_SUMMARY_PAGE (page)->status_label, when);
}

static gboolean
test_page_export_png (SsdbTestPage *page, const char *path, GError **error)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (page);
  const char *date = from_report (self) ? self->report->created : self->date;
  g_autofree char *caption = NULL;
  SsdbSummaryView view;
  SsdbStyle style;

  if (date == NULL || *date == '\0')
    caption = g_strdup_printf ("SSD Bench %s", PACKAGE_VERSION);
  else
    caption = g_strdup_printf ("SSD Bench %s · %s", PACKAGE_VERSION, date);
  ssdb_summary_chart_fill_view (self->chart, &view);
  view.caption = caption;
  view.running_index = -1;
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  style.language = ssdb_render_get_language ();
  return ssdb_render_summary_png (&view, &style, path, 1000, 640, 2, error);
}

/* The window's write permission holds for the device (@allowed) or not any more: the switch
 * shows it, and with @plan the grid the plan the next start runs. */
static void
allow_writes (SsdbTestPage *page, gboolean allowed, gboolean plan)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (page);

  self->writes_allowed = allowed;
  set_switch (self, allowed);
  if (plan)
    show_plan (self);
}

static void
test_page_writes_granted (SsdbTestPage *page)
{
  allow_writes (page, TRUE, TRUE);
}

static void
test_page_writes_refused (SsdbTestPage *page)
{
  allow_writes (page, FALSE, TRUE);
}

static void
test_page_writes_withdrawn (SsdbTestPage *page)
{
  allow_writes (page, FALSE, FALSE);
}

static void
test_page_set_locked (SsdbTestPage *page, gboolean locked)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (page);

  self->locked = locked;
  update_settings_sensitive (self);
  update_write_controls (self);
}

static const SsdbTargetInfo *
test_page_get_target_info (SsdbTestPage *page)
{
  Shown *s = shown (SSDB_SUMMARY_PAGE (page));

  return s != NULL ? s->info : NULL;
}

static const char *
test_page_get_created (SsdbTestPage *page)
{
  return SSDB_SUMMARY_PAGE (page)->date;
}

/* A region never written reads back without flash access: said as a toast too. */
static char *
test_page_dup_finished_toast (SsdbTestPage *page)
{
  Shown *s = shown (SSDB_SUMMARY_PAGE (page));

  if (s == NULL || s->full == NULL)
    return NULL;
  return ssdb_unwritten_dup_note (s->full->unwritten_percent, s->full->unwritten_source);
}

static const char *
test_page_get_stopped_text (SsdbTestPage *page)
{
  return _ ("Benchmark stopped; the results measured so far are kept");
}

static void
test_page_iface_init (SsdbTestPageInterface *iface)
{
  iface->set_target = test_page_set_target;
  iface->target_changed = test_page_target_changed;
  iface->reset = test_page_reset;
  iface->set_settings = test_page_set_settings;
  iface->get_writes = test_page_get_writes;
  iface->dup_confirm_body = test_page_dup_confirm_body;
  iface->start = test_page_start;
  iface->dup_settings = test_page_dup_settings;
  iface->get_result = test_page_get_result;
  iface->show_result = test_page_show_result;
  iface->report_opened = test_page_report_opened;
  iface->export_png = test_page_export_png;
  iface->writes_granted = test_page_writes_granted;
  iface->writes_refused = test_page_writes_refused;
  iface->writes_withdrawn = test_page_writes_withdrawn;
  iface->set_locked = test_page_set_locked;
  iface->get_target_info = test_page_get_target_info;
  iface->get_created = test_page_get_created;
  iface->dup_finished_toast = test_page_dup_finished_toast;
  iface->get_stopped_text = test_page_get_stopped_text;
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_summary_page_dispose (GObject *object)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (object);

  g_clear_handle_id (&self->status_timer, g_source_remove);
  if (self->run != NULL)
    {
      ssdb_page_run_stop (self->run);
      g_signal_handlers_disconnect_by_data (self->run, self);
    }
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->run);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->report, ssdb_report_unref);
  g_clear_pointer (&self->preview, ssdb_summary_result_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), SSDB_TYPE_SUMMARY_PAGE);
  G_OBJECT_CLASS (ssdb_summary_page_parent_class)->dispose (object);
}

static void
ssdb_summary_page_finalize (GObject *object)
{
  SsdbSummaryPage *self = SSDB_SUMMARY_PAGE (object);

  g_free (self->title);
  g_free (self->path);
  g_free (self->write_refusal);
  g_free (self->report_title);
  g_free (self->date);
  G_OBJECT_CLASS (ssdb_summary_page_parent_class)->finalize (object);
}

static void
ssdb_summary_page_class_init (SsdbSummaryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_summary_page_dispose;
  object_class->finalize = ssdb_summary_page_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/ssdbench/App/ui/ssdb-summary-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SsdbSummaryPage, name)
  BIND (settings_box);
  BIND (profile_dropdown);
  BIND (count_dropdown);
  BIND (size_dropdown);
  BIND (size_note);
  BIND (unit_box);
  BIND (data_dropdown);
  BIND (chart_frame);
  BIND (write_switch);
  BIND (write_reason);
  BIND (mix_switch);
  BIND (mix_label);
  BIND (status_label);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, on_write_state_set);
}

static void
ssdb_summary_page_init (SsdbSummaryPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->chart = SSDB_SUMMARY_CHART (ssdb_summary_chart_new ());
  gtk_frame_set_child (self->chart_frame, GTK_WIDGET (self->chart));
  self->run = ssdb_page_run_new ("ssdb-summary", shown_dup, shown_free);
  ssdb_test_page_attach_run (SSDB_TEST_PAGE (self), self->run, SSDB_TEST_KIND_SUMMARY);
  ssdb_page_run_set_merge_func (self->run, shown_merge);
  g_signal_connect_swapped (self->run, "updated", G_CALLBACK (on_run_updated), self);
  g_signal_connect (self->run, "finished", G_CALLBACK (on_run_finished), self);
  self->progress.entry_index = -1;
  self->progress.phase = "done";
  self->progress.remaining_us = -1;
}
