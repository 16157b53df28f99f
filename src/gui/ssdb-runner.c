/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-runner.h"

#include <glib/gi18n.h>
#include <string.h>

#include "devices/ssdb-device-open.h"
#include "engine/ssdb-error.h"
#include "ssdb-gui-util.h"

/* A run whose requests are still with the device this long after Stop is reported finished,
 * with the device not responding, and its worker ends on its own. The engine returns within
 * about 100 ms of a cancel, but on a loaded machine the device may take longer to complete
 * the requests it holds: that alone is no sign of a fault (the CLI waits as long). */
#define STOP_DETACH_MS 2000
/* The coalesced update runs at most this often (10 times a second). */
#define UPDATE_INTERVAL_US 100000

typedef struct
{
  gatomicrefcount ref;
  guint generation;

  /* Set once on the main thread before the worker starts; read-only afterwards. */
  char *path;
  SsdbTargetOpenFlags flags;
  char *destroy_permission;
  guint64 file_size;
  SsdbSummarySpec spec;
  GCancellable *cancellable;

  /* Shared between the worker and the main thread: under @lock. */
  GMutex lock;
  SsdbSummaryResult *shadow; /* light copy: states, messages, aggregates */
  gboolean shadow_dirty;
  SsdbTargetInfo *info;
  gboolean info_dirty;
  gboolean used_udisks;
  SsdbSummaryProgress progress;
  gboolean idle_pending;
  gint64 last_merge_us;
  SsdbStopTiming stop;    /* requested_us set on the main thread, the I/O times by the worker */
  gboolean worker_done;   /* the worker has handed over its end */
  gboolean requests_done; /* the target is closed: no request of the run is in flight */

  /* Handed over by the worker when it ends. */
  SsdbSummaryResult *result;
  GError *error;
} RunData;

struct _SsdbRunner
{
  GObject parent_instance;

  guint generation;
  RunData *current; /* the run the UI shows, or NULL */
  guint busy_workers;
  gboolean running;
  gboolean used_udisks;
  guint stale_dropped;
  gint64 start_time;
  guint stop_timeout_id;

  SsdbSummaryResult *view;
  SsdbSummaryResult *final_result;
  SsdbTargetInfo *info;
  SsdbRunnerProgress progress;
  SsdbStopTiming stop; /* of the latest run */
};

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_BUSY,
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

G_DEFINE_FINAL_TYPE (SsdbRunner, ssdb_runner, G_TYPE_OBJECT)

/* Runners currently alive; idles of a disposed runner find it gone. Main thread only. */
static GHashTable *live_runners;

static void
target_info_free (SsdbTargetInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->path);
  g_free (info->name);
  g_free (info->disk_name);
  g_free (info->model);
  g_free (info->vendor);
  g_free (info->fs_type);
  g_free (info);
}

static SsdbTargetInfo *
target_info_copy (const SsdbTargetInfo *info)
{
  SsdbTargetInfo *copy = g_memdup2 (info, sizeof *info);

  copy->path = g_strdup (info->path);
  copy->name = g_strdup (info->name);
  copy->disk_name = g_strdup (info->disk_name);
  copy->model = g_strdup (info->model);
  copy->vendor = g_strdup (info->vendor);
  copy->fs_type = g_strdup (info->fs_type);
  return copy;
}

/* Copies what the grid shows (states, messages, aggregates) from @from into @to, which was
 * made from the same spec, so both list the same entries in the same order. */
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

static RunData *
run_data_ref (RunData *run)
{
  g_atomic_ref_count_inc (&run->ref);
  return run;
}

static void
run_data_unref (RunData *run)
{
  if (!g_atomic_ref_count_dec (&run->ref))
    return;
  g_free (run->path);
  g_free (run->destroy_permission);
  g_clear_object (&run->cancellable);
  g_clear_pointer (&run->shadow, ssdb_summary_result_free);
  g_clear_pointer (&run->result, ssdb_summary_result_free);
  g_clear_pointer (&run->info, target_info_free);
  g_clear_error (&run->error);
  g_mutex_clear (&run->lock);
  g_free (run);
}

/* ---- main thread ----------------------------------------------------------------------- */

static SsdbRunner *
runner_for (RunData *run, SsdbRunner *candidate)
{
  return (live_runners != NULL && g_hash_table_contains (live_runners, candidate)) ? candidate
                                                                                   : NULL;
}

static void
update_progress_times (SsdbRunner *self)
{
  double f = self->progress.fraction;

  self->progress.elapsed_us = g_get_monotonic_time () - self->start_time;
  if (f > 0.01 && f < 1.0)
    self->progress.remaining_us = (gint64)(self->progress.elapsed_us * (1.0 - f) / f);
  else
    self->progress.remaining_us = f >= 1.0 ? 0 : -1;
}

/* Moves the worker's snapshot into the view. Returns FALSE when @run is not current. */
static gboolean
merge_snapshot (SsdbRunner *self, RunData *run)
{
  if (self->current != run)
    {
      self->stale_dropped++;
      return FALSE;
    }

  g_mutex_lock (&run->lock);
  run->idle_pending = FALSE;
  run->last_merge_us = g_get_monotonic_time ();
  if (run->shadow_dirty)
    {
      copy_entries (self->view, run->shadow);
      run->shadow_dirty = FALSE;
    }
  if (run->info_dirty)
    {
      g_clear_pointer (&self->info, target_info_free);
      self->info = target_info_copy (run->info);
      self->used_udisks = run->used_udisks;
      run->info_dirty = FALSE;
    }
  self->progress.entry_index = run->progress.entry_index;
  self->progress.fraction = run->progress.fraction;
  self->progress.entry_fraction = run->progress.entry_fraction;
  self->progress.bytes_per_second = run->progress.bytes_per_second;
  self->progress.phase = run->progress.phase ? run->progress.phase : "open";
  g_mutex_unlock (&run->lock);

  update_progress_times (self);
  return TRUE;
}

typedef struct
{
  SsdbRunner *runner; /* not a reference: checked against live_runners */
  RunData *run;
} IdleData;

static void
idle_data_free (gpointer data)
{
  IdleData *idle = data;

  run_data_unref (idle->run);
  g_free (idle);
}

static gboolean
progress_idle_cb (gpointer data)
{
  IdleData *idle = data;
  SsdbRunner *self = runner_for (idle->run, idle->runner);

  if (self == NULL)
    return G_SOURCE_REMOVE;
  if (self->stop_timeout_id != 0 && self->current == idle->run)
    {
      /* Stopping: the last results come with the end of the run; no frame in between that
       * the end would have to wait for. */
      g_mutex_lock (&idle->run->lock);
      idle->run->idle_pending = FALSE;
      idle->run->last_merge_us = g_get_monotonic_time ();
      g_mutex_unlock (&idle->run->lock);
      return G_SOURCE_REMOVE;
    }
  if (merge_snapshot (self, idle->run))
    g_signal_emit (self, signals[SIGNAL_UPDATED], 0);
  return G_SOURCE_REMOVE;
}

static void
set_running (SsdbRunner *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* Marks what did not finish in the view as cancelled: for a detached worker. */
static void
mark_view_cancelled (SsdbRunner *self)
{
  for (guint i = 0; self->view != NULL && i < self->view->entries->len; i++)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (self->view->entries, i);

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
end_current (SsdbRunner *self, const GError *error)
{
  g_mutex_lock (&self->current->lock);
  self->stop = self->current->stop;
  g_mutex_unlock (&self->current->lock);
  self->stop.finished_us = g_get_monotonic_time ();
  g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
  g_clear_pointer (&self->current, run_data_unref);
  self->progress.entry_index = -1;
  self->progress.phase = "done";
  update_progress_times (self);
  set_running (self, FALSE);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, error);
}

/* Ends the current run once its worker has ended; after a Stop, also once the device has
 * completed every request of the run (the engine may have left some to the kernel). */
static void
try_finish (SsdbRunner *self, RunData *run)
{
  g_autoptr (GError) error = NULL;
  gboolean worker_done, requests_done, stopped;

  g_mutex_lock (&run->lock);
  worker_done = run->worker_done;
  requests_done = run->requests_done;
  stopped = run->stop.requested_us != 0;
  g_mutex_unlock (&run->lock);
  if (!worker_done || (stopped && !requests_done))
    return; /* the rest comes with the requests, or with the stop's deadline */
  merge_snapshot (self, run);
  g_mutex_lock (&run->lock);
  if (run->result != NULL)
    {
      copy_entries (self->view, run->result);
      g_clear_pointer (&self->final_result, ssdb_summary_result_free);
      self->final_result = g_steal_pointer (&run->result);
    }
  error = run->error ? g_error_copy (run->error) : NULL;
  g_mutex_unlock (&run->lock);
  if (ssdb_error_is_not_responding (error) && requests_done)
    {
      /* The device completed them after all: an ordinary stop. */
      g_clear_error (&error);
      error = g_error_new_literal (SSDB_ERROR, SSDB_ERROR_CANCELLED, _ ("The run was cancelled"));
    }
  if (error == NULL)
    self->progress.fraction = 1.0;
  g_signal_emit (self, signals[SIGNAL_UPDATED], 0);
  end_current (self, error);
}

static gboolean
finish_idle_cb (gpointer data)
{
  IdleData *idle = data;
  SsdbRunner *self = runner_for (idle->run, idle->runner);
  RunData *run = idle->run;

  if (self == NULL)
    return G_SOURCE_REMOVE;

  g_assert (self->busy_workers > 0);
  self->busy_workers--;
  if (self->busy_workers == 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);

  if (self->current != run)
    {
      /* Detached after a stop: its worker's times still belong to that stop. */
      g_mutex_lock (&run->lock);
      if (run->stop.requested_us != 0 && self->stop.requested_us == run->stop.requested_us)
        {
          self->stop.io_stopped_us = run->stop.io_stopped_us;
          self->stop.closed_us = run->stop.closed_us;
        }
      g_mutex_unlock (&run->lock);
      self->stale_dropped++;
      return G_SOURCE_REMOVE;
    }

  try_finish (self, run);
  return G_SOURCE_REMOVE;
}

static gboolean
requests_done_idle_cb (gpointer data)
{
  IdleData *idle = data;
  SsdbRunner *self = runner_for (idle->run, idle->runner);

  if (self != NULL && self->current == idle->run)
    try_finish (self, idle->run);
  return G_SOURCE_REMOVE;
}

static gboolean
stop_timeout_cb (gpointer data)
{
  SsdbRunner *self = SSDB_RUNNER (data);
  g_autoptr (GError) error = NULL;

  self->stop_timeout_id = 0;
  if (self->current == NULL)
    return G_SOURCE_REMOVE;

  /* The worker is still winding down: keep what was measured, mark the rest, and let it end
   * on its own; its later callbacks are dropped by the generation check. */
  merge_snapshot (self, self->current);
  mark_view_cancelled (self);
  g_signal_emit (self, signals[SIGNAL_UPDATED], 0);
  error = ssdb_gui_not_responding_error ();
  end_current (self, error);
  return G_SOURCE_REMOVE;
}

/* ---- worker thread --------------------------------------------------------------------- */

/* Schedules @func on the main context with @priority, after @delay_us (0: when idle). */
static void
schedule_locked (SsdbRunner *self, RunData *run, GSourceFunc func, int priority, gint64 delay_us)
{
  IdleData *idle = g_new0 (IdleData, 1);

  idle->runner = self;
  idle->run = run_data_ref (run);
  if (delay_us > 0)
    g_timeout_add_full (priority, (guint)((delay_us + 999) / 1000), func, idle, idle_data_free);
  else
    g_idle_add_full (priority, func, idle, idle_data_free);
}

typedef struct
{
  SsdbRunner *runner;
  RunData *run;
} WorkerData;

/* From the last reference to the target, on whatever thread dropped it. */
static void
on_target_finalized (gpointer data, GObject *where_the_object_was)
{
  WorkerData *wd = data;

  g_mutex_lock (&wd->run->lock);
  wd->run->requests_done = TRUE;
  schedule_locked (wd->runner, wd->run, requests_done_idle_cb, G_PRIORITY_HIGH, 0);
  g_mutex_unlock (&wd->run->lock);
  run_data_unref (wd->run);
  g_free (wd);
}

static void
on_summary_progress (SsdbSummaryResult *result, const SsdbSummaryProgress *progress,
                     gpointer user_data)
{
  WorkerData *wd = user_data;
  RunData *run = wd->run;

  g_mutex_lock (&run->lock);
  copy_entries (run->shadow, result);
  run->shadow_dirty = TRUE;
  run->progress = *progress;
  if (!run->idle_pending)
    {
      run->idle_pending = TRUE;
      schedule_locked (wd->runner, run, progress_idle_cb, G_PRIORITY_DEFAULT_IDLE,
                       run->last_merge_us + UPDATE_INTERVAL_US - g_get_monotonic_time ());
    }
  g_mutex_unlock (&run->lock);
}

static gpointer
worker_thread (gpointer data)
{
  WorkerData *wd = data;
  RunData *run = wd->run;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbTarget) target = NULL;
  SsdbSummaryResult *result = NULL;
  gboolean used_udisks = FALSE;

  target = ssdb_device_open_target (run->path, run->flags, run->destroy_permission, run->file_size,
                                    &used_udisks, run->cancellable, &error);
  if (target != NULL)
    {
      WorkerData *weak = g_new0 (WorkerData, 1);

      weak->runner = wd->runner;
      weak->run = run_data_ref (run);
      g_object_weak_ref (G_OBJECT (target), on_target_finalized, weak);
    }
  else
    {
      g_mutex_lock (&run->lock);
      run->requests_done = TRUE;
      g_mutex_unlock (&run->lock);
    }
  if (target != NULL && !g_cancellable_set_error_if_cancelled (run->cancellable, &error))
    {
      result = ssdb_summary_result_new (&run->spec, target);
      g_mutex_lock (&run->lock);
      run->info = target_info_copy (ssdb_target_get_info (target));
      run->info_dirty = TRUE;
      run->used_udisks = used_udisks;
      copy_entries (run->shadow, result);
      run->shadow_dirty = TRUE;
      g_mutex_unlock (&run->lock);

      ssdb_summary_run (target, result, on_summary_progress, wd, run->cancellable, &error);
    }
  /* The engine returns once no request is in flight any more. */
  g_mutex_lock (&run->lock);
  run->stop.io_stopped_us = g_get_monotonic_time ();
  g_mutex_unlock (&run->lock);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_error (&error);
      g_set_error_literal (&error, SSDB_ERROR, SSDB_ERROR_CANCELLED, _ ("The run was cancelled"));
    }
  g_clear_object (&target); /* close the device before the UI may start another run */

  g_mutex_lock (&run->lock);
  run->result = result;
  run->error = g_steal_pointer (&error);
  run->stop.closed_us = g_get_monotonic_time ();
  run->worker_done = TRUE;
  /* Above redraws and input: the end of a run must not wait behind frames. */
  schedule_locked (wd->runner, run, finish_idle_cb, G_PRIORITY_HIGH, 0);
  g_mutex_unlock (&run->lock);

  run_data_unref (run);
  g_free (wd);
  return NULL;
}

/* ---- API ------------------------------------------------------------------------------- */

guint
ssdb_runner_start (SsdbRunner *self, const char *path, SsdbTargetOpenFlags flags,
                   const char *destroy_permission, guint64 file_size, const SsdbSummarySpec *spec,
                   GError **error)
{
  RunData *run;
  WorkerData *wd;
  g_autoptr (GThread) thread = NULL;

  g_return_val_if_fail (SSDB_IS_RUNNER (self), 0);
  g_return_val_if_fail (path != NULL, 0);
  g_return_val_if_fail (spec != NULL, 0);

  /* Also while a stopped run waits for its device's requests (its worker may have ended). */
  if (self->busy_workers > 0 || self->running)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   _ ("The previous run is still stopping; try again in a moment"));
      return 0;
    }

  run = g_new0 (RunData, 1);
  g_atomic_ref_count_init (&run->ref);
  g_mutex_init (&run->lock);
  run->generation = ++self->generation;
  run->path = g_strdup (path);
  run->flags = flags;
  run->destroy_permission = g_strdup (destroy_permission);
  run->file_size = file_size;
  run->spec = *spec;
  run->cancellable = g_cancellable_new ();
  run->shadow = ssdb_summary_result_new (spec, NULL);
  run->progress.entry_index = -1;
  run->progress.phase = "open";

  g_clear_pointer (&self->current, run_data_unref);
  self->current = run;
  g_clear_pointer (&self->view, ssdb_summary_result_free);
  g_clear_pointer (&self->final_result, ssdb_summary_result_free);
  g_clear_pointer (&self->info, target_info_free);
  self->view = ssdb_summary_result_new (spec, NULL);
  self->used_udisks = FALSE;
  self->start_time = g_get_monotonic_time ();
  memset (&self->stop, 0, sizeof self->stop);
  memset (&self->progress, 0, sizeof self->progress);
  self->progress.entry_index = -1;
  self->progress.phase = "open";
  self->progress.remaining_us = -1;

  wd = g_new0 (WorkerData, 1);
  wd->runner = self;
  wd->run = run_data_ref (run);
  self->busy_workers++;
  thread = g_thread_new ("ssdb-runner", worker_thread, wd);

  if (self->busy_workers == 1)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  set_running (self, TRUE);
  g_signal_emit (self, signals[SIGNAL_UPDATED], 0);
  return run->generation;
}

void
ssdb_runner_stop (SsdbRunner *self)
{
  g_return_if_fail (SSDB_IS_RUNNER (self));

  if (self->current == NULL || self->stop_timeout_id != 0)
    return;
  /* Nothing that waits here: cancel, and let the worker's end (or the backstop) finish. */
  g_mutex_lock (&self->current->lock);
  self->current->stop.requested_us = g_get_monotonic_time ();
  g_mutex_unlock (&self->current->lock);
  g_cancellable_cancel (self->current->cancellable);
  self->stop_timeout_id
      = g_timeout_add_full (G_PRIORITY_HIGH, STOP_DETACH_MS, stop_timeout_cb, self, NULL);
}

void
ssdb_runner_get_stop_timing (SsdbRunner *self, SsdbStopTiming *timing)
{
  g_return_if_fail (SSDB_IS_RUNNER (self));
  g_return_if_fail (timing != NULL);
  *timing = self->stop;
}

gboolean
ssdb_runner_get_running (SsdbRunner *self)
{
  g_return_val_if_fail (SSDB_IS_RUNNER (self), FALSE);
  return self->running;
}

gboolean
ssdb_runner_get_busy (SsdbRunner *self)
{
  g_return_val_if_fail (SSDB_IS_RUNNER (self), FALSE);
  return self->busy_workers > 0;
}

guint
ssdb_runner_get_generation (SsdbRunner *self)
{
  g_return_val_if_fail (SSDB_IS_RUNNER (self), 0);
  return self->generation;
}

const SsdbSummaryResult *
ssdb_runner_get_view (SsdbRunner *self)
{
  g_return_val_if_fail (SSDB_IS_RUNNER (self), NULL);
  return self->view;
}

const SsdbSummaryResult *
ssdb_runner_get_final_result (SsdbRunner *self)
{
  g_return_val_if_fail (SSDB_IS_RUNNER (self), NULL);
  return self->final_result;
}

const SsdbTargetInfo *
ssdb_runner_get_target_info (SsdbRunner *self)
{
  g_return_val_if_fail (SSDB_IS_RUNNER (self), NULL);
  return self->info;
}

const SsdbRunnerProgress *
ssdb_runner_get_progress (SsdbRunner *self)
{
  g_return_val_if_fail (SSDB_IS_RUNNER (self), NULL);
  if (self->running)
    update_progress_times (self);
  return &self->progress;
}

gboolean
ssdb_runner_get_used_udisks (SsdbRunner *self)
{
  g_return_val_if_fail (SSDB_IS_RUNNER (self), FALSE);
  return self->used_udisks;
}

guint
ssdb_runner_get_stale_dropped (SsdbRunner *self)
{
  g_return_val_if_fail (SSDB_IS_RUNNER (self), 0);
  return self->stale_dropped;
}

static void
ssdb_runner_dispose (GObject *object)
{
  SsdbRunner *self = SSDB_RUNNER (object);

  if (self->current != NULL)
    g_cancellable_cancel (self->current->cancellable);
  if (live_runners != NULL)
    g_hash_table_remove (live_runners, self);
  g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
  g_clear_pointer (&self->current, run_data_unref);

  G_OBJECT_CLASS (ssdb_runner_parent_class)->dispose (object);
}

static void
ssdb_runner_finalize (GObject *object)
{
  SsdbRunner *self = SSDB_RUNNER (object);

  g_clear_pointer (&self->view, ssdb_summary_result_free);
  g_clear_pointer (&self->final_result, ssdb_summary_result_free);
  g_clear_pointer (&self->info, target_info_free);

  G_OBJECT_CLASS (ssdb_runner_parent_class)->finalize (object);
}

static void
ssdb_runner_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsdbRunner *self = SSDB_RUNNER (object);

  switch (prop_id)
    {
      case PROP_RUNNING:
        g_value_set_boolean (value, self->running);
        break;
      case PROP_BUSY:
        g_value_set_boolean (value, self->busy_workers > 0);
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ssdb_runner_class_init (SsdbRunnerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ssdb_runner_dispose;
  object_class->finalize = ssdb_runner_finalize;
  object_class->get_property = ssdb_runner_get_property;

  properties[PROP_RUNNING]
      = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_BUSY]
      = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * SsdbRunner::updated:
   *
   * The view or the progress changed (main thread, at most about 10 times a second).
   */
  signals[SIGNAL_UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * SsdbRunner::finished:
   * @error: (nullable): why the run did not complete (SSDB_ERROR_CANCELLED when stopped)
   *
   * The run ended; the view holds its results.
   */
  signals[SIGNAL_FINISHED]
      = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                      G_TYPE_NONE, 1, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
ssdb_runner_init (SsdbRunner *self)
{
  if (live_runners == NULL)
    live_runners = g_hash_table_new (NULL, NULL);
  g_hash_table_add (live_runners, self);
  self->progress.entry_index = -1;
  self->progress.phase = "done";
  self->progress.remaining_us = -1;
}

SsdbRunner *
ssdb_runner_new (void)
{
  return g_object_new (SSDB_TYPE_RUNNER, NULL);
}
