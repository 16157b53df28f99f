/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-surface-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "devices/ssdb-device-open.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"
#include "config.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)
/* A worker still running this long after Stop is detached: the page returns at once and the
 * worker ends on its own (the engine stops within 100 ms of a cancel). */
#define STOP_DETACH_MS 100
/* The coalesced update runs at most this often (10 times a second). */
#define UPDATE_INTERVAL_US 100000

static const guint samples_table[] = { 20, 50, 100, 200, 500, 1000, 2000 };
static const guint64 sample_size_table[] = { 4 * MIB, 16 * MIB, 64 * MIB, 256 * MIB };
static const guint block_table[]
    = { 64 * 1024, 128 * 1024, 512 * 1024, 1024 * 1024, 4 * 1024 * 1024, 8 * 1024 * 1024 };
static const guint access_table[] = { 0, 200, 1000, 5000 };

typedef struct
{
  gatomicrefcount ref;
  GWeakRef page;

  /* Set before the worker starts; read-only afterwards. */
  char *path;
  SsdbTargetOpenFlags flags;
  char *destroy_permission;
  guint64 file_size;
  SsdbSurfaceSpec spec;
  GCancellable *cancellable;
  gint64 start_time;

  /* Shared: under @lock. */
  GMutex lock;
  SsdbSurfaceResult *shadow;
  char *phase;
  double fraction;
  gboolean idle_pending;
  gint64 last_merge_us;
  gboolean done;
  GError *error;
  SsdbStopTiming stop; /* requested_us set on the main thread, the I/O times by the worker */
} SurfaceRun;

struct _SsdbSurfacePage
{
  GtkBox parent_instance;

  GtkWidget *settings_box;
  GtkDropDown *samples_dropdown;
  GtkDropDown *sample_size_dropdown;
  GtkDropDown *block_dropdown;
  GtkDropDown *access_dropdown;
  GtkDropDown *span_dropdown;
  GtkWidget *span_box;
  GtkAdjustment *start_adjustment;
  GtkAdjustment *length_adjustment;
  GtkDropDown *mode_dropdown;
  GtkFrame *chart_frame;
  GtkLabel *status_label;

  SsdbSurfaceChart *chart;
  char *title;
  guint64 device_bytes;
  char *write_refusal;
  gboolean updating_mode;

  SurfaceRun *run; /* the run shown, or NULL */
  guint busy_workers;
  gboolean running;
  guint stop_timeout_id;
  SsdbSurfaceResult *result;
  char *phase;
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
  SIGNAL_WRITE_REQUESTED,
  SIGNAL_UPDATED,
  SIGNAL_FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (SsdbSurfacePage, ssdb_surface_page, GTK_TYPE_BOX)

/* ---- results -------------------------------------------------------------------------- */

/* Copies everything of @from into @to (same element types; arrays resized). */
static void
copy_result (SsdbSurfaceResult *to, const SsdbSurfaceResult *from)
{
  to->spec = from->spec;
  ssdb_gui_copy_array (to->read, from->read);
  ssdb_gui_copy_array (to->write, from->write);
  ssdb_gui_copy_array (to->access, from->access);
  to->read_stats = from->read_stats;
  to->write_stats = from->write_stats;
  to->access_mean_ns = from->access_mean_ns;
  to->access_first_mean_ns = from->access_first_mean_ns;
  to->access_first_count = from->access_first_count;
  to->burst_bytes_per_second = from->burst_bytes_per_second;
  to->cpu_ns = from->cpu_ns;
  to->cancelled = from->cancelled;
}

static SurfaceRun *
run_ref (SurfaceRun *run)
{
  g_atomic_ref_count_inc (&run->ref);
  return run;
}

static void
run_unref (SurfaceRun *run)
{
  if (!g_atomic_ref_count_dec (&run->ref))
    return;
  g_weak_ref_clear (&run->page);
  g_free (run->path);
  g_free (run->destroy_permission);
  g_clear_object (&run->cancellable);
  g_clear_pointer (&run->shadow, ssdb_surface_result_free);
  g_free (run->phase);
  g_clear_error (&run->error);
  g_mutex_clear (&run->lock);
  g_free (run);
}

/* ---- main thread ---------------------------------------------------------------------- */

static guint64
run_wall_ns (SurfaceRun *run)
{
  return (guint64)(g_get_monotonic_time () - run->start_time) * 1000;
}

static void
update_status (SsdbSurfacePage *self)
{
  g_autofree char *text = NULL;
  const SsdbSurfaceResult *r = self->result;

  if (self->running)
    {
      const char *phase = g_strcmp0 (self->phase, "read") == 0     ? _ ("Reading")
                          : g_strcmp0 (self->phase, "access") == 0 ? _ ("Access times")
                          : g_strcmp0 (self->phase, "burst") == 0  ? _ ("Burst rate")
                          : g_strcmp0 (self->phase, "write") == 0  ? _ ("Writing")
                                                                   : _ ("Opening the target");

      /* Translators: the phase (Reading, Access times, …), positions read, positions in all,
       * progress in percent */
      text = g_strdup_printf (_ ("%s · %u of %u positions read · %d %%"), phase,
                              r ? r->read->len : 0, r ? r->spec.samples : 0,
                              (int)(self->fraction * 100));
    }
  gtk_label_set_text (self->status_label, text ? text : "");
}

static void
show_result (SsdbSurfacePage *self, SurfaceRun *run)
{
  ssdb_surface_chart_set_result (self->chart, self->result);
  ssdb_surface_chart_set_running (self->chart, self->running, self->phase, self->fraction,
                                  run ? run_wall_ns (run) : 0);
}

/* Moves the worker's copy into the page's result. */
static void
merge (SsdbSurfacePage *self, SurfaceRun *run)
{
  g_mutex_lock (&run->lock);
  run->idle_pending = FALSE;
  run->last_merge_us = g_get_monotonic_time ();
  copy_result (self->result, run->shadow);
  g_free (self->phase);
  self->phase = g_strdup (run->phase);
  self->fraction = run->fraction;
  g_mutex_unlock (&run->lock);
}

static gboolean
progress_idle (gpointer data)
{
  SurfaceRun *run = data;
  g_autoptr (SsdbSurfacePage) self = g_weak_ref_get (&run->page);

  if (self == NULL || self->run != run)
    return G_SOURCE_REMOVE;
  if (self->stop_timeout_id != 0)
    {
      /* Stopping: the last samples come with the end of the run; no frame in between that
       * the end would have to wait for. */
      g_mutex_lock (&run->lock);
      run->idle_pending = FALSE;
      run->last_merge_us = g_get_monotonic_time ();
      g_mutex_unlock (&run->lock);
      return G_SOURCE_REMOVE;
    }
  merge (self, run);
  show_result (self, run);
  update_status (self);
  g_signal_emit (self, signals[SIGNAL_UPDATED], 0);
  return G_SOURCE_REMOVE;
}

static void
set_running (SsdbSurfacePage *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  gtk_widget_set_sensitive (self->settings_box, !running);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
end_run (SsdbSurfacePage *self, const GError *error)
{
  SurfaceRun *run = self->run;
  g_autofree char *text = NULL;

  g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
  set_running (self, FALSE);
  show_result (self, run);
  ssdb_surface_chart_set_running (self->chart, FALSE, NULL, 1, run ? run_wall_ns (run) : 0);
  if (error == NULL)
    {
      const SsdbSurfaceResult *r = self->result;
      g_autofree char *mean = g_strdup_printf ("%.1f", r->read_stats.mean / 1e6);

      /* Translators: the number of positions measured, then a rate in MB/s */
      text = g_strdup_printf (_ ("Done: %u positions, average read %s MB/s"), r->read->len, mean);
    }
  else if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    text = ssdb_gui_stopped_text (error, _ ("Stopped · the samples measured so far are kept"));
  else
    /* Translators: %s is the error message */
    text = g_strdup_printf (_ ("Failed: %s"), error->message);
  gtk_label_set_text (self->status_label, text);
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
  SurfaceRun *run = data;
  g_autoptr (SsdbSurfacePage) self = g_weak_ref_get (&run->page);
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
  SsdbSurfacePage *self = data;
  g_autoptr (GError) error = NULL;

  self->stop_timeout_id = 0;
  if (self->run == NULL)
    return G_SOURCE_REMOVE;
  /* The worker is still winding down: keep what arrived, and let it end on its own; its later
   * callbacks find another run current and are dropped. */
  merge (self, self->run);
  self->result->cancelled = TRUE;
  error = ssdb_gui_not_responding_error ();
  end_run (self, error);
  return G_SOURCE_REMOVE;
}

/* ---- worker thread -------------------------------------------------------------------- */

static void
on_progress (SsdbSurfaceResult *result, const char *phase, double fraction, gpointer user_data)
{
  SurfaceRun *run = user_data;

  g_mutex_lock (&run->lock);
  copy_result (run->shadow, result);
  if (g_strcmp0 (run->phase, phase) != 0)
    {
      g_free (run->phase);
      run->phase = g_strdup (phase);
    }
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
  SurfaceRun *run = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (SsdbSurfaceResult) result = ssdb_surface_result_new (&run->spec);

  target = ssdb_device_open_target (run->path, run->flags, run->destroy_permission, run->file_size,
                                    NULL, run->cancellable, &error);
  if (target != NULL && !g_cancellable_set_error_if_cancelled (run->cancellable, &error))
    ssdb_surface_run (target, result, on_progress, run, run->cancellable, &error);
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
  run->done = TRUE;
  run->error = g_steal_pointer (&error);
  run->stop.closed_us = g_get_monotonic_time ();
  g_mutex_unlock (&run->lock);
  /* Above redraws and input: the end of a run must not wait behind frames. */
  g_idle_add_full (G_PRIORITY_HIGH, finish_idle, run, (GDestroyNotify)run_unref);
  return NULL;
}

/* ---- settings ------------------------------------------------------------------------- */

static char *
samples_label (guint i)
{
  return g_strdup_printf ("%u", samples_table[i]);
}

static char *
sample_size_label (guint i)
{
  return ssdb_format_transfer_size (sample_size_table[i]);
}

static char *
block_label (guint i)
{
  return ssdb_format_transfer_size (block_table[i]);
}

static char *
access_label (guint i)
{
  return access_table[i] == 0 ? g_strdup (_ ("Off")) : g_strdup_printf ("%u", access_table[i]);
}

void
ssdb_surface_page_get_spec (SsdbSurfacePage *self, SsdbSurfaceSpec *spec)
{
  guint i;

  g_return_if_fail (SSDB_IS_SURFACE_PAGE (self));
  g_return_if_fail (spec != NULL);

  ssdb_surface_spec_init (spec);
  i = gtk_drop_down_get_selected (self->samples_dropdown);
  spec->samples = samples_table[MIN (i, G_N_ELEMENTS (samples_table) - 1)];
  i = gtk_drop_down_get_selected (self->sample_size_dropdown);
  spec->sample_bytes = sample_size_table[MIN (i, G_N_ELEMENTS (sample_size_table) - 1)];
  i = gtk_drop_down_get_selected (self->block_dropdown);
  spec->block_size = block_table[MIN (i, G_N_ELEMENTS (block_table) - 1)];
  i = gtk_drop_down_get_selected (self->access_dropdown);
  spec->access_samples = access_table[MIN (i, G_N_ELEMENTS (access_table) - 1)];
  if (spec->sample_bytes < spec->block_size)
    spec->sample_bytes = spec->block_size;
  if (gtk_drop_down_get_selected (self->span_dropdown) == 1)
    {
      /* GB in the spin buttons, aligned down to 1 MiB (the engine checks the device's own
       * alignment). */
      guint64 start = (guint64)(gtk_adjustment_get_value (self->start_adjustment) * 1e9);
      guint64 length = (guint64)(gtk_adjustment_get_value (self->length_adjustment) * 1e9);

      spec->span_offset = start / MIB * MIB;
      spec->span_length = length / MIB * MIB;
      if (self->device_bytes > 0 && spec->span_offset + spec->span_length > self->device_bytes)
        spec->span_length = self->device_bytes > spec->span_offset
                                ? (self->device_bytes - spec->span_offset) / MIB * MIB
                                : 0;
    }
  spec->write = ssdb_surface_page_get_write_mode (self);
  spec->seed = (guint64)g_get_real_time ();
}

static int
find_u64 (const guint64 *table, guint n, guint64 v)
{
  for (guint i = 0; i < n; i++)
    if (table[i] == v)
      return (int)i;
  return -1;
}

gboolean
ssdb_surface_page_configure (SsdbSurfacePage *self, const SsdbSurfaceSpec *spec)
{
  int s, z, b, a;

  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  s = ssdb_gui_find_uint (samples_table, G_N_ELEMENTS (samples_table), spec->samples);
  z = find_u64 (sample_size_table, G_N_ELEMENTS (sample_size_table), spec->sample_bytes);
  b = ssdb_gui_find_uint (block_table, G_N_ELEMENTS (block_table), spec->block_size);
  a = ssdb_gui_find_uint (access_table, G_N_ELEMENTS (access_table), spec->access_samples);
  if (s < 0 || z < 0 || b < 0 || a < 0)
    return FALSE;
  gtk_drop_down_set_selected (self->samples_dropdown, (guint)s);
  gtk_drop_down_set_selected (self->sample_size_dropdown, (guint)z);
  gtk_drop_down_set_selected (self->block_dropdown, (guint)b);
  gtk_drop_down_set_selected (self->access_dropdown, (guint)a);
  if (spec->span_offset == 0 && spec->span_length == 0)
    gtk_drop_down_set_selected (self->span_dropdown, 0);
  else
    {
      gtk_drop_down_set_selected (self->span_dropdown, 1);
      gtk_adjustment_set_value (self->start_adjustment, spec->span_offset / 1e9);
      gtk_adjustment_set_value (self->length_adjustment, spec->span_length / 1e9);
    }
  ssdb_surface_page_set_write_mode (self, spec->write);
  return TRUE;
}

SsdbSurfaceWrite
ssdb_surface_page_get_write_mode (SsdbSurfacePage *self)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), SSDB_SURFACE_WRITE_NONE);
  return gtk_drop_down_get_selected (self->mode_dropdown) == 1 ? SSDB_SURFACE_WRITE_DESTROY
                                                               : SSDB_SURFACE_WRITE_NONE;
}

void
ssdb_surface_page_set_write_mode (SsdbSurfacePage *self, SsdbSurfaceWrite mode)
{
  g_return_if_fail (SSDB_IS_SURFACE_PAGE (self));
  if (self->write_refusal != NULL)
    mode = SSDB_SURFACE_WRITE_NONE;
  self->updating_mode = TRUE;
  gtk_drop_down_set_selected (self->mode_dropdown, mode == SSDB_SURFACE_WRITE_DESTROY ? 1 : 0);
  self->updating_mode = FALSE;
}

static void
on_mode_changed (SsdbSurfacePage *self)
{
  if (self->updating_mode)
    return;
  if (ssdb_surface_page_get_write_mode (self) == SSDB_SURFACE_WRITE_DESTROY)
    g_signal_emit (self, signals[SIGNAL_WRITE_REQUESTED], 0);
}

static void
on_span_changed (SsdbSurfacePage *self)
{
  gtk_widget_set_visible (self->span_box, gtk_drop_down_get_selected (self->span_dropdown) == 1);
}

void
ssdb_surface_page_set_target (SsdbSurfacePage *self, const char *title, guint64 device_bytes,
                              const char *write_refusal)
{
  double gb = device_bytes / 1e9;

  g_return_if_fail (SSDB_IS_SURFACE_PAGE (self));

  g_free (self->title);
  self->title = g_strdup (title);
  g_free (self->write_refusal);
  self->write_refusal = g_strdup (write_refusal);
  self->device_bytes = device_bytes;
  if (self->running)
    return;

  gtk_adjustment_configure (self->start_adjustment, 0, 0, MAX (gb, 0.01), 1, 10, 0);
  gtk_adjustment_configure (self->length_adjustment, gb, 0, MAX (gb, 0.01), 1, 10, 0);
  gtk_drop_down_set_selected (self->span_dropdown, 0);
  ssdb_surface_page_set_write_mode (self, SSDB_SURFACE_WRITE_NONE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->mode_dropdown), write_refusal == NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->mode_dropdown),
                               write_refusal ? write_refusal
                                             : _ ("Read Only, or Also Write over the Span "
                                                  "(Destroys Its Data)"));

  g_clear_pointer (&self->result, ssdb_surface_result_free);
  ssdb_surface_chart_set_result (self->chart, NULL);
  ssdb_surface_chart_set_titles (self->chart, title, NULL, device_bytes);
  ssdb_surface_chart_set_running (self->chart, FALSE, NULL, 0, 0);
  gtk_label_set_text (self->status_label, write_refusal ? write_refusal : "");
}

/* ---- API ------------------------------------------------------------------------------ */

static char *
dup_settings_line (const SsdbSurfaceSpec *spec)
{
  g_autofree char *per = ssdb_format_transfer_size (spec->sample_bytes);
  g_autofree char *block = ssdb_format_transfer_size (spec->block_size);

  return g_strdup_printf ("%u samples × %s · %s blocks · QD%u · %s%s", spec->samples, per, block,
                          spec->queue_depth, spec->access_samples ? "access-time dots · " : "",
                          spec->write == SSDB_SURFACE_WRITE_DESTROY ? "read and write"
                                                                    : "read only");
}

gboolean
ssdb_surface_page_start (SsdbSurfacePage *self, const char *path, SsdbTargetOpenFlags flags,
                         const char *destroy_permission, guint64 file_size, GError **error)
{
  SurfaceRun *run;
  g_autoptr (GThread) thread = NULL;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->busy_workers > 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   _ ("The previous run is still stopping; try again in a moment"));
      return FALSE;
    }

  run = g_new0 (SurfaceRun, 1);
  g_atomic_ref_count_init (&run->ref);
  g_weak_ref_init (&run->page, self);
  g_mutex_init (&run->lock);
  run->path = g_strdup (path);
  run->flags = flags;
  run->destroy_permission = g_strdup (destroy_permission);
  run->file_size = file_size;
  ssdb_surface_page_get_spec (self, &run->spec);
  run->cancellable = g_cancellable_new ();
  run->start_time = g_get_monotonic_time ();
  run->shadow = ssdb_surface_result_new (&run->spec);
  run->phase = g_strdup ("open");

  self->run = run;
  memset (&self->stop, 0, sizeof self->stop);
  ssdb_surface_chart_set_result (self->chart, NULL);
  g_clear_pointer (&self->result, ssdb_surface_result_free);
  self->result = ssdb_surface_result_new (&run->spec);
  g_free (self->phase);
  self->phase = g_strdup ("open");
  self->fraction = 0;
  subtitle = dup_settings_line (&run->spec);
  ssdb_surface_chart_set_titles (self->chart, self->title, subtitle, self->device_bytes);

  self->busy_workers++;
  thread = g_thread_new ("ssdb-surface", worker, run_ref (run));
  set_running (self, TRUE);
  show_result (self, run);
  update_status (self);
  return TRUE;
}

void
ssdb_surface_page_stop (SsdbSurfacePage *self)
{
  g_return_if_fail (SSDB_IS_SURFACE_PAGE (self));

  if (self->run == NULL || self->stop_timeout_id != 0)
    return;
  /* Nothing that waits here: cancel, and let the worker's end (or the backstop) finish the
   * run. */
  g_mutex_lock (&self->run->lock);
  self->run->stop.requested_us = g_get_monotonic_time ();
  g_mutex_unlock (&self->run->lock);
  g_cancellable_cancel (self->run->cancellable);
  self->stop_timeout_id
      = g_timeout_add_full (G_PRIORITY_HIGH, STOP_DETACH_MS, stop_timeout, self, NULL);
}

void
ssdb_surface_page_get_stop_timing (SsdbSurfacePage *self, SsdbStopTiming *timing)
{
  g_return_if_fail (SSDB_IS_SURFACE_PAGE (self));
  g_return_if_fail (timing != NULL);
  *timing = self->stop;
}

gboolean
ssdb_surface_page_get_running (SsdbSurfacePage *self)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), FALSE);
  return self->running;
}

gboolean
ssdb_surface_page_get_busy (SsdbSurfacePage *self)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), FALSE);
  return self->busy_workers > 0;
}

double
ssdb_surface_page_get_fraction (SsdbSurfacePage *self)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), 0);
  return self->fraction;
}

const SsdbSurfaceResult *
ssdb_surface_page_get_result (SsdbSurfacePage *self)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), NULL);
  return self->result;
}

SsdbSurfaceChart *
ssdb_surface_page_get_chart (SsdbSurfacePage *self)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), NULL);
  return self->chart;
}

gboolean
ssdb_surface_page_export_png (SsdbSurfacePage *self, const char *path, GError **error)
{
  SsdbSurfaceView view;
  SsdbStyle style;
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d %H:%M");
  g_autofree char *caption = g_strdup_printf ("SSD Bench %s · %s", PACKAGE_VERSION, date);

  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), FALSE);

  ssdb_surface_chart_fill_view (self->chart, &view);
  view.caption = caption;
  view.hover_index = -1;
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  return ssdb_render_surface_png (&view, &style, path, 1200, 700, 2, error);
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_surface_page_dispose (GObject *object)
{
  SsdbSurfacePage *self = SSDB_SURFACE_PAGE (object);

  if (self->run != NULL)
    {
      g_cancellable_cancel (self->run->cancellable);
      g_clear_pointer (&self->run, run_unref);
    }
  g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), SSDB_TYPE_SURFACE_PAGE);
  G_OBJECT_CLASS (ssdb_surface_page_parent_class)->dispose (object);
}

static void
ssdb_surface_page_finalize (GObject *object)
{
  SsdbSurfacePage *self = SSDB_SURFACE_PAGE (object);

  g_free (self->title);
  g_free (self->write_refusal);
  g_free (self->phase);
  g_clear_pointer (&self->result, ssdb_surface_result_free);
  G_OBJECT_CLASS (ssdb_surface_page_parent_class)->finalize (object);
}

static void
ssdb_surface_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsdbSurfacePage *self = SSDB_SURFACE_PAGE (object);

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
ssdb_surface_page_class_init (SsdbSurfacePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_surface_page_dispose;
  object_class->finalize = ssdb_surface_page_finalize;
  object_class->get_property = ssdb_surface_page_get_property;

  properties[PROP_RUNNING]
      = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_WRITE_REQUESTED]
      = g_signal_new ("write-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_FINISHED]
      = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                      G_TYPE_NONE, 1, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/ssdbench/App/ui/ssdb-surface-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SsdbSurfacePage, name)
  BIND (settings_box);
  BIND (samples_dropdown);
  BIND (sample_size_dropdown);
  BIND (block_dropdown);
  BIND (access_dropdown);
  BIND (span_dropdown);
  BIND (span_box);
  BIND (start_adjustment);
  BIND (length_adjustment);
  BIND (mode_dropdown);
  BIND (chart_frame);
  BIND (status_label);
#undef BIND
}

static void
ssdb_surface_page_init (SsdbSurfacePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  ssdb_gui_fill_dropdown (self->samples_dropdown, G_N_ELEMENTS (samples_table), samples_label);
  ssdb_gui_fill_dropdown (self->sample_size_dropdown, G_N_ELEMENTS (sample_size_table),
                          sample_size_label);
  ssdb_gui_fill_dropdown (self->block_dropdown, G_N_ELEMENTS (block_table), block_label);
  ssdb_gui_fill_dropdown (self->access_dropdown, G_N_ELEMENTS (access_table), access_label);
  /* HD Tune's defaults: 200 positions, 64 MiB each in 1 MiB requests, 1000 access dots. */
  gtk_drop_down_set_selected (self->samples_dropdown, 3);
  gtk_drop_down_set_selected (self->sample_size_dropdown, 2);
  gtk_drop_down_set_selected (self->block_dropdown, 3);
  gtk_drop_down_set_selected (self->access_dropdown, 2);
  g_signal_connect_swapped (self->mode_dropdown, "notify::selected", G_CALLBACK (on_mode_changed),
                            self);
  g_signal_connect_swapped (self->span_dropdown, "notify::selected", G_CALLBACK (on_span_changed),
                            self);

  self->chart = SSDB_SURFACE_CHART (ssdb_surface_chart_new ());
  gtk_frame_set_child (self->chart_frame, GTK_WIDGET (self->chart));
}

GtkWidget *
ssdb_surface_page_new (void)
{
  return g_object_new (SSDB_TYPE_SURFACE_PAGE, NULL);
}

gboolean
ssdb_surface_page_show_result (SsdbSurfacePage *self, const SsdbSurfaceResult *result,
                               const char *title, guint64 device_bytes)
{
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  if (self->running)
    return FALSE;
  ssdb_surface_chart_set_result (self->chart, NULL);
  g_clear_pointer (&self->result, ssdb_surface_result_free);
  self->result = ssdb_surface_result_new (&result->spec);
  copy_result (self->result, result);
  g_free (self->phase);
  self->phase = NULL;
  self->fraction = 1;
  subtitle = dup_settings_line (&result->spec);
  ssdb_surface_chart_set_titles (self->chart, title, subtitle, device_bytes);
  ssdb_surface_chart_set_result (self->chart, self->result);
  ssdb_surface_chart_set_running (self->chart, FALSE, NULL, 1, 0);
  gtk_label_set_text (self->status_label, "");
  return TRUE;
}
