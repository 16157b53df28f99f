/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-fill-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "config.h"
#include "devices/ssdb-device-open.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"

/* A worker still running this long after Stop is detached: the page returns at once and the
 * worker ends on its own (the engine stops within 100 ms of a cancel). */
#define STOP_DETACH_MS 100
/* The coalesced update runs at most this often (10 times a second). */
#define UPDATE_INTERVAL_US 100000

static const guint passes_table[] = { 1, 2, 3, 4 };
static const guint block_table[]
    = { 4 * 1024, 64 * 1024, 128 * 1024, 1024 * 1024, 4 * 1024 * 1024 };
static const guint depth_table[] = { 1, 2, 4, 8, 16, 32 };

typedef struct
{
  gatomicrefcount ref;
  GWeakRef page;

  /* Set before the worker starts; read-only afterwards. */
  char *path;
  char *destroy_permission;
  guint64 file_size;
  SsdbFillSpec spec;
  GCancellable *cancellable;

  /* Shared: under @lock. */
  GMutex lock;
  SsdbFillResult *shadow;
  double fraction;
  gboolean idle_pending;
  gint64 last_merge_us;
  GError *error;
  SsdbStopTiming stop; /* requested_us set on the main thread, the I/O times by the worker */
} FillRun;

struct _SsdbFillPage
{
  GtkBox parent_instance;

  GtkWidget *settings_box;
  GtkDropDown *passes_dropdown;
  GtkDropDown *block_dropdown;
  GtkDropDown *depth_dropdown;
  GtkSwitch *read_back_switch;
  GtkFrame *chart_frame;
  GtkLabel *status_label;

  SsdbFillChart *chart;
  char *title;
  guint64 device_bytes;
  char *write_refusal;
  char *analysis_text; /* the analysis in words, "" when there is none */

  FillRun *run; /* the run shown, or NULL */
  guint busy_workers;
  gboolean running;
  guint stop_timeout_id;
  SsdbFillResult *result;
  double fraction;
  SsdbStopTiming stop; /* of the latest run */
};

enum
{
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

enum
{
  SIGNAL_UPDATED,
  SIGNAL_FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (SsdbFillPage, ssdb_fill_page, GTK_TYPE_BOX)

/* ---- results -------------------------------------------------------------------------- */

/* Copies everything of @from into @to, reusing @to's arrays. */
static void
copy_result (SsdbFillResult *to, const SsdbFillResult *from)
{
  to->spec = from->spec;
  if (to->passes->len > from->passes->len)
    g_ptr_array_set_size (to->passes, from->passes->len);
  for (guint i = 0; i < from->passes->len; i++)
    {
      const SsdbFillPass *f = g_ptr_array_index (from->passes, i);
      SsdbFillPass *t;

      if (i == to->passes->len)
        {
          /* Freed by the result's own free function, as the engine's passes are. */
          t = g_new0 (SsdbFillPass, 1);
          t->segments = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
          t->intervals = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
          g_ptr_array_add (to->passes, t);
        }
      t = g_ptr_array_index (to->passes, i);
      t->rw = f->rw;
      ssdb_gui_copy_array (t->segments, f->segments);
      ssdb_gui_copy_array (t->intervals, f->intervals);
      t->bytes = f->bytes;
      t->window_ns = f->window_ns;
      t->bytes_per_second = f->bytes_per_second;
      t->complete = f->complete;
    }
  if (to->analysis.phases == NULL)
    to->analysis.phases = g_array_new (FALSE, TRUE, sizeof (SsdbFillPhase));
  if (from->analysis.phases != NULL)
    ssdb_gui_copy_array (to->analysis.phases, from->analysis.phases);
  else
    g_array_set_size (to->analysis.phases, 0);
  to->analysis.cache_bytes = from->analysis.cache_bytes;
  to->analysis.in_cache_bytes_per_second = from->analysis.in_cache_bytes_per_second;
  to->analysis.post_cache_bytes_per_second = from->analysis.post_cache_bytes_per_second;
  if (g_strcmp0 (to->analysis.words, from->analysis.words) != 0)
    {
      g_free (to->analysis.words);
      to->analysis.words = g_strdup (from->analysis.words);
    }
  to->cancelled = from->cancelled;
}

static FillRun *
run_ref (FillRun *run)
{
  g_atomic_ref_count_inc (&run->ref);
  return run;
}

static void
run_unref (FillRun *run)
{
  if (!g_atomic_ref_count_dec (&run->ref))
    return;
  g_weak_ref_clear (&run->page);
  g_free (run->path);
  g_free (run->destroy_permission);
  g_clear_object (&run->cancellable);
  g_clear_pointer (&run->shadow, ssdb_fill_result_free);
  g_clear_error (&run->error);
  g_mutex_clear (&run->lock);
  g_free (run);
}

/* ---- main thread ---------------------------------------------------------------------- */

static void
update_status (SsdbFillPage *self)
{
  g_autofree char *text = NULL;
  const SsdbFillResult *r = self->result;

  if (self->running)
    {
      const SsdbFillPass *p
          = r && r->passes->len > 0 ? g_ptr_array_index (r->passes, r->passes->len - 1) : NULL;

      if (p == NULL)
        text = g_strdup (_ ("Opening the target"));
      else
        {
          guint writes = 0;
          const SsdbFillPoint *last
              = p->intervals->len > 0
                    ? &g_array_index (p->intervals, SsdbFillPoint, p->intervals->len - 1)
                    : NULL;
          g_autofree char *rate
              = g_strdup_printf ("%.1f", last ? last->bytes_per_second / 1e6 : 0.0);
          g_autofree char *at = g_strdup_printf ("%.2f", (last ? last->position_bytes : 0) / 1e9);

          for (guint i = 0; i < r->passes->len; i++)
            if (((SsdbFillPass *)g_ptr_array_index (r->passes, i))->rw == SSDB_RW_WRITE)
              writes++;
          if (p->rw == SSDB_RW_READ)
            /* Translators: position in GB, rate in MB/s, progress in percent */
            text = g_strdup_printf (_ ("Reading back · %s GB · %s MB/s · %d %%"), at, rate,
                                    (int)(self->fraction * 100));
          else
            /* Translators: pass number, number of passes, position in GB, rate in MB/s,
             * progress in percent */
            text = g_strdup_printf (_ ("Pass %u of %u · %s GB written · %s MB/s · %d %%"), writes,
                                    r->spec.passes, at, rate, (int)(self->fraction * 100));
        }
    }
  gtk_label_set_text (self->status_label, text ? text : "");
}

static void
show_result (SsdbFillPage *self)
{
  ssdb_fill_chart_set_running (self->chart, self->running, self->fraction);
  ssdb_fill_chart_set_result (self->chart, self->result);
}

/* Moves the worker's copy into the page's result. */
static void
merge (SsdbFillPage *self, FillRun *run)
{
  g_mutex_lock (&run->lock);
  run->idle_pending = FALSE;
  run->last_merge_us = g_get_monotonic_time ();
  copy_result (self->result, run->shadow);
  self->fraction = run->fraction;
  g_mutex_unlock (&run->lock);
}

static gboolean
progress_idle (gpointer data)
{
  FillRun *run = data;
  g_autoptr (SsdbFillPage) self = g_weak_ref_get (&run->page);

  if (self == NULL || self->run != run)
    return G_SOURCE_REMOVE;
  if (self->stop_timeout_id != 0)
    {
      /* Stopping: the last rates come with the end of the run. */
      g_mutex_lock (&run->lock);
      run->idle_pending = FALSE;
      run->last_merge_us = g_get_monotonic_time ();
      g_mutex_unlock (&run->lock);
      return G_SOURCE_REMOVE;
    }
  merge (self, run);
  show_result (self);
  update_status (self);
  g_signal_emit (self, signals[SIGNAL_UPDATED], 0);
  return G_SOURCE_REMOVE;
}

static void
set_running (SsdbFillPage *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  gtk_widget_set_sensitive (self->settings_box, !running);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* The chart draws the words under the plot; assistive technologies get them too. */
static void
set_analysis_text (SsdbFillPage *self, const char *words)
{
  g_free (self->analysis_text);
  self->analysis_text = g_strdup (words ? words : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->analysis_text, -1);
}

static void
end_run (SsdbFillPage *self, const GError *error)
{
  FillRun *run = self->run;
  const SsdbFillResult *r = self->result;
  g_autofree char *text = NULL;

  g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
  set_running (self, FALSE);
  show_result (self);
  if (error == NULL)
    {
      g_autofree char *mean = NULL;

      if (r->passes->len > 0)
        mean = g_strdup_printf (
            "%.1f", ((SsdbFillPass *)g_ptr_array_index (r->passes, 0))->bytes_per_second / 1e6);
      /* Translators: the number of passes (the read-back included), then a rate in MB/s */
      text = g_strdup_printf (ngettext ("Done: %u pass, %s MB/s on average",
                                        "Done: %u passes, first pass %s MB/s on average",
                                        r->passes->len),
                              r->passes->len, mean ? mean : "–");
    }
  else if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    text = ssdb_gui_stopped_text (error, _ ("Stopped · the rates measured so far are kept"));
  else
    /* Translators: %s is the error message */
    text = g_strdup_printf (_ ("Failed: %s"), error->message);
  gtk_label_set_text (self->status_label, text);
  set_analysis_text (self, error == NULL ? r->analysis.words : NULL);
  if (run != NULL)
    {
      g_mutex_lock (&run->lock);
      self->stop = run->stop;
      g_mutex_unlock (&run->lock);
    }
  self->stop.finished_us = g_get_monotonic_time ();
  self->run = NULL;
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, error);
  if (run != NULL)
    run_unref (run);
}

static gboolean
finish_idle (gpointer data)
{
  FillRun *run = data;
  g_autoptr (SsdbFillPage) self = g_weak_ref_get (&run->page);
  GError *error;

  if (self == NULL)
    return G_SOURCE_REMOVE;
  g_assert (self->busy_workers > 0);
  self->busy_workers--;
  if (self->run != run)
    {
      /* Detached after a stop: its worker's times still belong to that stop. */
      g_mutex_lock (&run->lock);
      if (run->stop.requested_us != 0 && self->stop.requested_us == run->stop.requested_us)
        {
          self->stop.io_stopped_us = run->stop.io_stopped_us;
          self->stop.closed_us = run->stop.closed_us;
        }
      g_mutex_unlock (&run->lock);
      return G_SOURCE_REMOVE;
    }
  merge (self, run);
  g_mutex_lock (&run->lock);
  error = run->error ? g_error_copy (run->error) : NULL;
  g_mutex_unlock (&run->lock);
  if (error == NULL)
    self->fraction = 1.0;
  end_run (self, error);
  g_clear_error (&error);
  return G_SOURCE_REMOVE;
}

static gboolean
stop_timeout (gpointer data)
{
  SsdbFillPage *self = data;
  g_autoptr (GError) error = NULL;

  self->stop_timeout_id = 0;
  if (self->run == NULL)
    return G_SOURCE_REMOVE;
  /* The worker is still winding down: keep what arrived and let it end on its own. */
  merge (self, self->run);
  self->result->cancelled = TRUE;
  error = ssdb_gui_not_responding_error ();
  end_run (self, error);
  return G_SOURCE_REMOVE;
}

/* ---- worker thread -------------------------------------------------------------------- */

static void
on_progress (SsdbFillResult *result, guint pass_index, guint64 position_bytes,
             double bytes_per_second, double fraction, gpointer user_data)
{
  FillRun *run = user_data;

  g_mutex_lock (&run->lock);
  copy_result (run->shadow, result);
  run->fraction = fraction;
  if (!run->idle_pending)
    {
      gint64 wait_us = run->last_merge_us + UPDATE_INTERVAL_US - g_get_monotonic_time ();

      run->idle_pending = TRUE;
      if (wait_us <= 0)
        g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, progress_idle, run_ref (run),
                         (GDestroyNotify)run_unref);
      else
        g_timeout_add_full (G_PRIORITY_DEFAULT_IDLE, (guint)((wait_us + 999) / 1000), progress_idle,
                            run_ref (run), (GDestroyNotify)run_unref);
    }
  g_mutex_unlock (&run->lock);
}

static gpointer
worker (gpointer data)
{
  FillRun *run = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (SsdbFillResult) result = ssdb_fill_result_new (&run->spec);

  target = ssdb_device_open_target (run->path, SSDB_TARGET_OPEN_WRITE, run->destroy_permission,
                                    run->file_size, NULL, run->cancellable, &error);
  if (target != NULL && !g_cancellable_set_error_if_cancelled (run->cancellable, &error))
    ssdb_fill_run (target, result, on_progress, run, run->cancellable, &error);
  /* The engine returns once no request is in flight any more. */
  g_mutex_lock (&run->lock);
  run->stop.io_stopped_us = g_get_monotonic_time ();
  g_mutex_unlock (&run->lock);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_error (&error);
      g_set_error_literal (&error, SSDB_ERROR, SSDB_ERROR_CANCELLED, _ ("The run was cancelled"));
    }
  if (error != NULL && g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    result->cancelled = TRUE;
  g_clear_object (&target);

  g_mutex_lock (&run->lock);
  copy_result (run->shadow, result);
  run->error = g_steal_pointer (&error);
  run->stop.closed_us = g_get_monotonic_time ();
  g_mutex_unlock (&run->lock);
  /* Above redraws and input: the end of a run must not wait behind frames. */
  g_idle_add_full (G_PRIORITY_HIGH, finish_idle, run, (GDestroyNotify)run_unref);
  return NULL;
}

/* ---- settings ------------------------------------------------------------------------- */

static char *
passes_label (guint i)
{
  return g_strdup_printf ("%u", passes_table[i]);
}

static char *
block_label (guint i)
{
  return ssdb_format_transfer_size (block_table[i]);
}

static char *
depth_label (guint i)
{
  return g_strdup_printf ("QD%u", depth_table[i]);
}

void
ssdb_fill_page_get_spec (SsdbFillPage *self, SsdbFillSpec *spec)
{
  guint i;

  g_return_if_fail (SSDB_IS_FILL_PAGE (self));
  g_return_if_fail (spec != NULL);

  ssdb_fill_spec_init (spec);
  i = gtk_drop_down_get_selected (self->passes_dropdown);
  spec->passes = passes_table[MIN (i, G_N_ELEMENTS (passes_table) - 1)];
  i = gtk_drop_down_get_selected (self->block_dropdown);
  spec->block_size = block_table[MIN (i, G_N_ELEMENTS (block_table) - 1)];
  i = gtk_drop_down_get_selected (self->depth_dropdown);
  spec->queue_depth = depth_table[MIN (i, G_N_ELEMENTS (depth_table) - 1)];
  spec->read_back = gtk_switch_get_active (self->read_back_switch);
  spec->seed = (guint64)g_get_real_time ();
}

gboolean
ssdb_fill_page_configure (SsdbFillPage *self, const SsdbFillSpec *spec)
{
  int p, b, d;

  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  p = ssdb_gui_find_uint (passes_table, G_N_ELEMENTS (passes_table), spec->passes);
  b = ssdb_gui_find_uint (block_table, G_N_ELEMENTS (block_table), spec->block_size);
  d = ssdb_gui_find_uint (depth_table, G_N_ELEMENTS (depth_table), spec->queue_depth);
  if (p < 0 || b < 0 || d < 0)
    return FALSE;
  gtk_drop_down_set_selected (self->passes_dropdown, (guint)p);
  gtk_drop_down_set_selected (self->block_dropdown, (guint)b);
  gtk_drop_down_set_selected (self->depth_dropdown, (guint)d);
  gtk_switch_set_active (self->read_back_switch, spec->read_back);
  return TRUE;
}

void
ssdb_fill_page_set_target (SsdbFillPage *self, const char *title, guint64 device_bytes,
                           const char *write_refusal)
{
  g_return_if_fail (SSDB_IS_FILL_PAGE (self));

  g_free (self->title);
  self->title = g_strdup (title);
  g_free (self->write_refusal);
  self->write_refusal = g_strdup (write_refusal);
  self->device_bytes = device_bytes;
  if (self->running)
    return;

  g_clear_pointer (&self->result, ssdb_fill_result_free);
  ssdb_fill_chart_set_result (self->chart, NULL);
  ssdb_fill_chart_set_titles (self->chart, title, NULL);
  ssdb_fill_chart_set_running (self->chart, FALSE, 0);
  set_analysis_text (self, NULL);
  gtk_label_set_text (self->status_label, write_refusal ? write_refusal : "");
}

/* ---- API ------------------------------------------------------------------------------ */

static char *
dup_settings_line (const SsdbFillSpec *spec)
{
  g_autofree char *block = ssdb_format_transfer_size (spec->block_size);

  return g_strdup_printf ("%u %s · %s blocks · QD%u%s", spec->passes,
                          spec->passes == 1 ? "pass" : "passes", block, spec->queue_depth,
                          spec->read_back ? " · read-back" : "");
}

gboolean
ssdb_fill_page_start (SsdbFillPage *self, const char *path, const char *destroy_permission,
                      guint64 file_size, GError **error)
{
  FillRun *run;
  g_autoptr (GThread) thread = NULL;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->busy_workers > 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   _ ("The previous run is still stopping; try again in a moment"));
      return FALSE;
    }

  run = g_new0 (FillRun, 1);
  g_atomic_ref_count_init (&run->ref);
  g_weak_ref_init (&run->page, self);
  g_mutex_init (&run->lock);
  run->path = g_strdup (path);
  run->destroy_permission = g_strdup (destroy_permission);
  run->file_size = file_size;
  ssdb_fill_page_get_spec (self, &run->spec);
  run->cancellable = g_cancellable_new ();
  run->shadow = ssdb_fill_result_new (&run->spec);

  self->run = run;
  memset (&self->stop, 0, sizeof self->stop);
  ssdb_fill_chart_set_result (self->chart, NULL);
  g_clear_pointer (&self->result, ssdb_fill_result_free);
  self->result = ssdb_fill_result_new (&run->spec);
  self->fraction = 0;
  subtitle = dup_settings_line (&run->spec);
  ssdb_fill_chart_set_titles (self->chart, self->title, subtitle);
  set_analysis_text (self, NULL);

  self->busy_workers++;
  thread = g_thread_new ("ssdb-fill", worker, run_ref (run));
  set_running (self, TRUE);
  show_result (self);
  update_status (self);
  return TRUE;
}

void
ssdb_fill_page_stop (SsdbFillPage *self)
{
  g_return_if_fail (SSDB_IS_FILL_PAGE (self));

  if (self->run == NULL || self->stop_timeout_id != 0)
    return;
  /* Nothing that waits here: cancel, and let the worker's end (or the backstop) finish. */
  g_mutex_lock (&self->run->lock);
  self->run->stop.requested_us = g_get_monotonic_time ();
  g_mutex_unlock (&self->run->lock);
  g_cancellable_cancel (self->run->cancellable);
  self->stop_timeout_id
      = g_timeout_add_full (G_PRIORITY_HIGH, STOP_DETACH_MS, stop_timeout, self, NULL);
}

void
ssdb_fill_page_get_stop_timing (SsdbFillPage *self, SsdbStopTiming *timing)
{
  g_return_if_fail (SSDB_IS_FILL_PAGE (self));
  g_return_if_fail (timing != NULL);
  *timing = self->stop;
}

gboolean
ssdb_fill_page_get_running (SsdbFillPage *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), FALSE);
  return self->running;
}

gboolean
ssdb_fill_page_get_busy (SsdbFillPage *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), FALSE);
  return self->busy_workers > 0;
}

double
ssdb_fill_page_get_fraction (SsdbFillPage *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), 0);
  return self->fraction;
}

const SsdbFillResult *
ssdb_fill_page_get_result (SsdbFillPage *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), NULL);
  return self->result;
}

SsdbFillChart *
ssdb_fill_page_get_chart (SsdbFillPage *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), NULL);
  return self->chart;
}

const char *
ssdb_fill_page_get_analysis_text (SsdbFillPage *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), NULL);
  return self->analysis_text;
}

gboolean
ssdb_fill_page_has_result (SsdbFillPage *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), FALSE);
  return self->result != NULL && self->result->passes->len > 0;
}

gboolean
ssdb_fill_page_export_png (SsdbFillPage *self, const char *path, GError **error)
{
  SsdbFillView view;
  SsdbStyle style;
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d %H:%M");
  g_autofree char *caption = g_strdup_printf ("SSD Bench %s · %s", PACKAGE_VERSION, date);

  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), FALSE);

  ssdb_fill_chart_fill_view (self->chart, &view);
  view.caption = caption;
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  return ssdb_render_fill_png (&view, &style, path, 1200, 700, 2, error);
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_fill_page_dispose (GObject *object)
{
  SsdbFillPage *self = SSDB_FILL_PAGE (object);

  if (self->run != NULL)
    {
      g_cancellable_cancel (self->run->cancellable);
      g_clear_pointer (&self->run, run_unref);
    }
  g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), SSDB_TYPE_FILL_PAGE);
  G_OBJECT_CLASS (ssdb_fill_page_parent_class)->dispose (object);
}

static void
ssdb_fill_page_finalize (GObject *object)
{
  SsdbFillPage *self = SSDB_FILL_PAGE (object);

  g_free (self->title);
  g_free (self->write_refusal);
  g_free (self->analysis_text);
  g_clear_pointer (&self->result, ssdb_fill_result_free);
  G_OBJECT_CLASS (ssdb_fill_page_parent_class)->finalize (object);
}

static void
ssdb_fill_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsdbFillPage *self = SSDB_FILL_PAGE (object);

  switch (prop_id)
    {
      case PROP_RUNNING:
        g_value_set_boolean (value, self->running);
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ssdb_fill_page_class_init (SsdbFillPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_fill_page_dispose;
  object_class->finalize = ssdb_fill_page_finalize;
  object_class->get_property = ssdb_fill_page_get_property;

  properties[PROP_RUNNING]
      = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_FINISHED]
      = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                      G_TYPE_NONE, 1, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/ssdbench/App/ui/ssdb-fill-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SsdbFillPage, name)
  BIND (settings_box);
  BIND (passes_dropdown);
  BIND (block_dropdown);
  BIND (depth_dropdown);
  BIND (read_back_switch);
  BIND (chart_frame);
  BIND (status_label);
#undef BIND
}

static void
ssdb_fill_page_init (SsdbFillPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  ssdb_gui_fill_dropdown (self->passes_dropdown, G_N_ELEMENTS (passes_table), passes_label);
  ssdb_gui_fill_dropdown (self->block_dropdown, G_N_ELEMENTS (block_table), block_label);
  ssdb_gui_fill_dropdown (self->depth_dropdown, G_N_ELEMENTS (depth_table), depth_label);
  /* The reviewers' fill: two passes of 1 MiB at QD4, read back afterwards. */
  gtk_drop_down_set_selected (self->passes_dropdown, 1);
  gtk_drop_down_set_selected (self->block_dropdown, 3);
  gtk_drop_down_set_selected (self->depth_dropdown, 2);
  gtk_switch_set_active (self->read_back_switch, TRUE);

  self->chart = SSDB_FILL_CHART (ssdb_fill_chart_new ());
  gtk_frame_set_child (self->chart_frame, GTK_WIDGET (self->chart));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Whole-drive fill chart"), -1);
  set_analysis_text (self, NULL);
}

GtkWidget *
ssdb_fill_page_new (void)
{
  return g_object_new (SSDB_TYPE_FILL_PAGE, NULL);
}

gboolean
ssdb_fill_page_show_result (SsdbFillPage *self, const SsdbFillResult *result, const char *title)
{
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  if (self->running)
    return FALSE;
  ssdb_fill_chart_set_result (self->chart, NULL);
  g_clear_pointer (&self->result, ssdb_fill_result_free);
  self->result = ssdb_fill_result_new (&result->spec);
  copy_result (self->result, result);
  self->fraction = 1;
  subtitle = dup_settings_line (&result->spec);
  ssdb_fill_chart_set_titles (self->chart, title, subtitle);
  show_result (self);
  set_analysis_text (self, result->analysis.words);
  gtk_label_set_text (self->status_label, "");
  return TRUE;
}
