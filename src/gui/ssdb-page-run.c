/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-page-run.h"

#include <glib/gi18n.h>
#include <string.h>

#include "devices/ssdb-device-open.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-estimate.h"
#include "engine/ssdb-test-kind.h"
#include "ssdb-gui-util.h"

/* A run whose requests are still with the device this long after Stop is reported finished,
 * with the device not responding, and its worker ends on its own. The engine returns within
 * about 100 ms of a cancel, but on a loaded machine the device may take longer to complete
 * the requests it holds: that alone is no sign of a fault (the CLI waits as long). */
#define STOP_DETACH_MS 2000
/* The coalesced update runs at most this often (10 times a second). */
#define UPDATE_INTERVAL_US 100000
/* A copy younger than this that the main thread has not taken yet is not replaced: a test that
 * publishes after every one of 10^5 short samples copies its result about 20 times a second,
 * not 10^5 times. */
#define PUBLISH_MIN_US 50000

/* How a run copies and frees its results: the page's functions, or its kind's (dup == NULL). */
typedef struct
{
  SsdbPageRunDupFunc dup;
  GDestroyNotify free;
  SsdbTestKind kind;
} ResultOps;

static gpointer
ops_dup (const ResultOps *ops, gconstpointer result)
{
  return ops->dup != NULL ? ops->dup (result) : ssdb_test_kind_result_dup (ops->kind, result);
}

static void
ops_free (const ResultOps *ops, gpointer result)
{
  if (ops->free != NULL)
    ops->free (result);
  else
    ssdb_test_kind_result_free (ops->kind, result);
}

struct _SsdbPageRunJob
{
  gatomicrefcount ref;
  GWeakRef owner;

  /* Set before the worker starts; read-only afterwards. */
  char *path;
  SsdbTargetOpenFlags flags;
  SsdbDeviceIdentity *permission;
  guint64 file_size;
  gboolean ncq_off;
  SsdbPageRunWorkFunc work;
  gpointer data;
  GDestroyNotify data_free;
  ResultOps ops;
  GCancellable *cancellable;

  /* Shared: under @lock. */
  GMutex lock;
  gpointer pending;  /* the newest copy not yet taken by the main thread */
  gint64 pending_us; /* when it was made */
  double fraction;
  gboolean idle_pending;
  gint64 last_merge_us;
  GError *error;
  SsdbStopTiming stop;    /* requested_us set on the main thread, the I/O times by the worker */
  gboolean worker_done;   /* the worker has posted its end */
  gboolean requests_done; /* the target is closed: no request of the run is in flight */
};

struct _SsdbPageRun
{
  GObject parent_instance;

  char *thread_name;
  ResultOps ops;
  SsdbPageRunMergeFunc merge_func; /* or NULL: updates replace the result */
  gboolean ncq_off;                /* the next start turns the disk's NCQ off for its run */

  SsdbPageRunJob *job; /* the run shown, or NULL */
  guint busy_workers;
  gboolean running;
  guint stop_timeout_id;
  gpointer result;
  double fraction;
  guint updates;
  SsdbStopTiming stop; /* of the latest run */
  gint64 started_us;   /* monotonic time of the latest start */
  gint64 ended_us;     /* of its end, 0 while it runs */
  gint64 eta_end_us;   /* the earliest end estimated so far, 0 before the first estimate */
  guint tick_id;       /* the once-a-second "tick" while running */
};

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_STOPPING,
  PROP_BUSY,
  N_PROPS
};

enum
{
  SIGNAL_UPDATED,
  SIGNAL_FINISHED,
  SIGNAL_TICK,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (SsdbPageRun, ssdb_page_run, G_TYPE_OBJECT)

static SsdbPageRunJob *
job_ref (SsdbPageRunJob *job)
{
  g_atomic_ref_count_inc (&job->ref);
  return job;
}

static void
job_unref (SsdbPageRunJob *job)
{
  if (!g_atomic_ref_count_dec (&job->ref))
    return;
  g_weak_ref_clear (&job->owner);
  g_free (job->path);
  ssdb_device_identity_free (job->permission);
  if (job->data_free != NULL)
    g_clear_pointer (&job->data, job->data_free);
  g_clear_object (&job->cancellable);
  if (job->pending != NULL)
    ops_free (&job->ops, job->pending);
  g_clear_error (&job->error);
  g_mutex_clear (&job->lock);
  g_free (job);
}

/* ---- main thread ---------------------------------------------------------------------- */

static void
replace_result (SsdbPageRun *self, gpointer result)
{
  if (self->result != NULL && self->result != result)
    ops_free (&self->ops, self->result);
  self->result = result;
}

/* The end shown while the run goes on (ssdb_estimate_progress_end()). */
static void
update_eta (SsdbPageRun *self)
{
  gint64 now = g_get_monotonic_time ();
  guint64 earliest = self->eta_end_us ? (guint64)(self->eta_end_us - self->started_us) * 1000 : 0;
  guint64 end;

  if (!self->running)
    return;
  end = ssdb_estimate_progress_end ((guint64)(now - self->started_us) * 1000, self->fraction,
                                    earliest);
  if (end != earliest)
    self->eta_end_us = self->started_us + (gint64)(end / 1000);
}

/* Takes the worker's newest copy, if any. */
static void
merge (SsdbPageRun *self, SsdbPageRunJob *job)
{
  gpointer pending;

  g_mutex_lock (&job->lock);
  job->idle_pending = FALSE;
  job->last_merge_us = g_get_monotonic_time ();
  pending = g_steal_pointer (&job->pending);
  self->fraction = job->fraction;
  g_mutex_unlock (&job->lock);
  if (pending == NULL)
    return;
  if (self->merge_func != NULL && self->result != NULL)
    {
      self->merge_func (self->result, pending);
      ops_free (&self->ops, pending);
    }
  else
    replace_result (self, pending);
}

static gboolean
progress_idle (gpointer data)
{
  SsdbPageRunJob *job = data;
  g_autoptr (SsdbPageRun) self = g_weak_ref_get (&job->owner);

  if (self == NULL || self->job != job)
    return G_SOURCE_REMOVE;
  if (self->stop_timeout_id != 0)
    {
      /* Stopping: the last numbers come with the end of the run. */
      g_mutex_lock (&job->lock);
      job->idle_pending = FALSE;
      job->last_merge_us = g_get_monotonic_time ();
      g_mutex_unlock (&job->lock);
      return G_SOURCE_REMOVE;
    }
  merge (self, job);
  self->updates++;
  update_eta (self);
  g_signal_emit (self, signals[SIGNAL_UPDATED], 0);
  return G_SOURCE_REMOVE;
}

static gboolean
on_tick (gpointer data)
{
  SsdbPageRun *self = data;

  update_eta (self);
  g_signal_emit (self, signals[SIGNAL_TICK], 0);
  return G_SOURCE_CONTINUE;
}

static void
set_running (SsdbPageRun *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (running)
    {
      self->started_us = g_get_monotonic_time ();
      self->ended_us = 0;
      self->eta_end_us = 0;
      self->tick_id = g_timeout_add_seconds (1, on_tick, self);
    }
  else
    self->ended_us = g_get_monotonic_time ();
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

char *
ssdb_page_run_add_time (SsdbPageRun *self, char *status)
{
  g_autofree char *time = NULL;
  char *joined;

  g_return_val_if_fail (SSDB_IS_PAGE_RUN (self), status);

  if (status == NULL || !self->running)
    return status;
  time = ssdb_page_run_dup_time_text (self);
  if (time == NULL)
    return status;
  joined = g_strdup_printf ("%s · %s", status, time);
  g_free (status);
  return joined;
}

/* "0:42", "12:05", "1:02:03" */
static char *
format_duration (gint64 us)
{
  gint64 s = MAX (us, 0) / G_USEC_PER_SEC;

  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int)(s / 3600), (int)(s / 60 % 60), (int)(s % 60));
  return g_strdup_printf ("%d:%02d", (int)(s / 60), (int)(s % 60));
}

char *
ssdb_page_run_dup_time_text (SsdbPageRun *self)
{
  gint64 now = g_get_monotonic_time ();
  g_autofree char *elapsed = NULL, *left = NULL;

  g_return_val_if_fail (SSDB_IS_PAGE_RUN (self), NULL);

  if (self->started_us == 0)
    return NULL;
  elapsed = format_duration ((self->ended_us ? self->ended_us : now) - self->started_us);
  if (!self->running || self->eta_end_us == 0)
    /* Translators: the time a run has taken, "1:05" */
    return g_strdup_printf (_ ("%s elapsed"), elapsed);
  if (self->eta_end_us <= now)
    /* Translators: the time a run has taken, then: its estimated end has passed */
    return g_strdup_printf (_ ("%s elapsed · taking longer than estimated"), elapsed);
  left = format_duration (self->eta_end_us - now + G_USEC_PER_SEC - 1);
  /* Translators: the time a run has taken, then the time it will still take, "1:05", "2:10" */
  return g_strdup_printf (_ ("%s elapsed · about %s left"), elapsed, left);
}

static void
end_run (SsdbPageRun *self, const GError *error)
{
  SsdbPageRunJob *job = self->job;

  g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOPPING]);
  if (job != NULL)
    {
      g_mutex_lock (&job->lock);
      self->stop = job->stop;
      g_mutex_unlock (&job->lock);
    }
  self->stop.finished_us = g_get_monotonic_time ();
  self->job = NULL;
  set_running (self, FALSE);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, error);
  if (job != NULL)
    job_unref (job);
}

/* Ends the run shown once its worker has ended; after a Stop, also once the device has
 * completed every request of the run (the engine may have left some to the kernel). */
static void
try_finish (SsdbPageRun *self, SsdbPageRunJob *job)
{
  g_autoptr (GError) error = NULL;
  gboolean worker_done, requests_done, stopped;

  g_mutex_lock (&job->lock);
  worker_done = job->worker_done;
  requests_done = job->requests_done;
  stopped = job->stop.requested_us != 0;
  g_mutex_unlock (&job->lock);
  if (!worker_done || (stopped && !requests_done))
    return; /* the rest comes with the requests, or with the stop's deadline */
  merge (self, job);
  g_mutex_lock (&job->lock);
  error = job->error ? g_error_copy (job->error) : NULL;
  g_mutex_unlock (&job->lock);
  if (ssdb_error_is_not_responding (error) && requests_done)
    {
      /* The device completed them after all: an ordinary stop. */
      g_clear_error (&error);
      error = g_error_new_literal (SSDB_ERROR, SSDB_ERROR_CANCELLED, _ ("The run was cancelled"));
    }
  if (error == NULL)
    self->fraction = 1.0;
  end_run (self, error);
}

static gboolean
finish_idle (gpointer data)
{
  SsdbPageRunJob *job = data;
  g_autoptr (SsdbPageRun) self = g_weak_ref_get (&job->owner);

  if (self == NULL)
    return G_SOURCE_REMOVE;
  g_assert (self->busy_workers > 0);
  self->busy_workers--;
  if (self->busy_workers == 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  if (self->job != job)
    {
      /* Detached after a stop: its worker's times still belong to that stop. */
      g_mutex_lock (&job->lock);
      if (job->stop.requested_us != 0 && self->stop.requested_us == job->stop.requested_us)
        {
          self->stop.io_stopped_us = job->stop.io_stopped_us;
          self->stop.closed_us = job->stop.closed_us;
        }
      g_mutex_unlock (&job->lock);
      return G_SOURCE_REMOVE;
    }
  try_finish (self, job);
  return G_SOURCE_REMOVE;
}

/* From the last reference to the target, on whatever thread dropped it. */
static gboolean
requests_done_idle (gpointer data)
{
  SsdbPageRunJob *job = data;
  g_autoptr (SsdbPageRun) self = g_weak_ref_get (&job->owner);

  if (self != NULL && self->job == job)
    try_finish (self, job);
  return G_SOURCE_REMOVE;
}

static void
on_target_finalized (gpointer data, GObject *where_the_object_was)
{
  SsdbPageRunJob *job = data;

  g_mutex_lock (&job->lock);
  job->requests_done = TRUE;
  g_mutex_unlock (&job->lock);
  g_idle_add_full (G_PRIORITY_HIGH, requests_done_idle, job, (GDestroyNotify)job_unref);
}

static gboolean
stop_timeout (gpointer data)
{
  SsdbPageRun *self = data;
  g_autoptr (GError) error = NULL;

  self->stop_timeout_id = 0;
  if (self->job == NULL)
    return G_SOURCE_REMOVE;
  /* The device still holds requests of the run (or the worker is still winding down): keep
   * what arrived and let the worker end on its own. */
  merge (self, self->job);
  error = ssdb_gui_not_responding_error ();
  end_run (self, error);
  return G_SOURCE_REMOVE;
}

/* ---- worker thread -------------------------------------------------------------------- */

void
ssdb_page_run_job_publish (SsdbPageRunJob *job, gconstpointer result, double fraction)
{
  gpointer copy;
  gpointer old;
  gint64 now_us;

  g_return_if_fail (job != NULL);
  g_return_if_fail (result != NULL);

  now_us = g_get_monotonic_time ();
  g_mutex_lock (&job->lock);
  if (job->pending != NULL && now_us - job->pending_us < PUBLISH_MIN_US)
    {
      /* The main thread takes the waiting copy soon; the run's end brings the final one. */
      job->fraction = CLAMP (fraction, 0.0, 1.0);
      g_mutex_unlock (&job->lock);
      return;
    }
  g_mutex_unlock (&job->lock);

  copy = ops_dup (&job->ops, result);
  g_mutex_lock (&job->lock);
  old = job->pending;
  job->pending = copy;
  job->pending_us = now_us;
  job->fraction = CLAMP (fraction, 0.0, 1.0);
  /* At the default priority: at most 10 a second, so they never starve redraws, and a busy
   * frame clock never holds them back. */
  if (!job->idle_pending)
    {
      gint64 wait_us = job->last_merge_us + UPDATE_INTERVAL_US - g_get_monotonic_time ();

      job->idle_pending = TRUE;
      if (wait_us <= 0)
        g_idle_add_full (G_PRIORITY_DEFAULT, progress_idle, job_ref (job),
                         (GDestroyNotify)job_unref);
      else
        g_timeout_add_full (G_PRIORITY_DEFAULT, (guint)((wait_us + 999) / 1000), progress_idle,
                            job_ref (job), (GDestroyNotify)job_unref);
    }
  g_mutex_unlock (&job->lock);
  if (old != NULL)
    ops_free (&job->ops, old);
}

static gpointer
worker (gpointer data)
{
  SsdbPageRunJob *job = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbTarget) target = NULL;
  gpointer result = NULL;

  target = ssdb_device_open_target (job->path, job->flags, job->permission, job->file_size, NULL,
                                    job->cancellable, &error);
  if (target != NULL)
    g_object_weak_ref (G_OBJECT (target), on_target_finalized, job_ref (job));
  else
    {
      g_mutex_lock (&job->lock);
      job->requests_done = TRUE;
      g_mutex_unlock (&job->lock);
    }
  /* NCQ off for this run only: refused before any I/O where the disk has no such setting. */
  if (target != NULL && job->ncq_off && !ssdb_target_ncq_off (target, &error))
    g_prefix_error (&error, _ ("NCQ off: "));
  else if (target != NULL && !g_cancellable_set_error_if_cancelled (job->cancellable, &error))
    result = job->work (job, target, job->data, job->cancellable, &error);
  if (target != NULL && job->ncq_off)
    {
      g_autoptr (GError) restore = NULL;

      /* The depth comes back however the run ended; failing that, the user must know, also
       * after a stop or another error. */
      if (!ssdb_target_ncq_restore (target, &restore))
        {
          if (error == NULL)
            error = g_steal_pointer (&restore);
          else
            {
              GError *both = g_error_new (SSDB_ERROR, SSDB_ERROR_FAILED,
                                          _ ("%s; and NCQ could not be set back: %s"),
                                          error->message, restore->message);

              g_clear_error (&error);
              error = both;
            }
        }
    }
  /* The engine returns once no request is in flight any more. */
  g_mutex_lock (&job->lock);
  job->stop.io_stopped_us = g_get_monotonic_time ();
  g_mutex_unlock (&job->lock);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_error (&error);
      g_set_error_literal (&error, SSDB_ERROR, SSDB_ERROR_CANCELLED, _ ("The run was cancelled"));
    }
  g_clear_object (&target);

  g_mutex_lock (&job->lock);
  if (result != NULL)
    {
      if (job->pending != NULL)
        ops_free (&job->ops, job->pending);
      job->pending = result;
    }
  job->error = g_steal_pointer (&error);
  job->stop.closed_us = g_get_monotonic_time ();
  job->worker_done = TRUE;
  g_mutex_unlock (&job->lock);
  /* Above redraws and input: the end of a run must not wait behind frames. */
  g_idle_add_full (G_PRIORITY_HIGH, finish_idle, job, (GDestroyNotify)job_unref);
  return NULL;
}

/* ---- API ------------------------------------------------------------------------------ */

SsdbPageRun *
ssdb_page_run_new (const char *thread_name, SsdbPageRunDupFunc dup, GDestroyNotify free_result)
{
  SsdbPageRun *self;

  g_return_val_if_fail (dup != NULL, NULL);
  g_return_val_if_fail (free_result != NULL, NULL);

  self = g_object_new (SSDB_TYPE_PAGE_RUN, NULL);
  self->thread_name = g_strdup (thread_name ? thread_name : "ssdb-run");
  self->ops.dup = dup;
  self->ops.free = free_result;
  return self;
}

SsdbPageRun *
ssdb_page_run_new_for_kind (const char *thread_name, SsdbTestKind kind)
{
  SsdbPageRun *self;

  g_return_val_if_fail ((guint)kind < SSDB_TEST_KIND_N, NULL);

  self = g_object_new (SSDB_TYPE_PAGE_RUN, NULL);
  self->thread_name = g_strdup (thread_name ? thread_name : "ssdb-run");
  self->ops.kind = kind;
  return self;
}

void
ssdb_page_run_set_ncq_off (SsdbPageRun *self, gboolean ncq_off)
{
  g_return_if_fail (SSDB_IS_PAGE_RUN (self));
  self->ncq_off = ncq_off;
}

void
ssdb_page_run_set_merge_func (SsdbPageRun *self, SsdbPageRunMergeFunc merge_func)
{
  g_return_if_fail (SSDB_IS_PAGE_RUN (self));
  self->merge_func = merge_func;
}

gboolean
ssdb_page_run_start (SsdbPageRun *self, const char *path, SsdbTargetOpenFlags flags,
                     const SsdbDeviceIdentity *permission, guint64 file_size,
                     SsdbPageRunWorkFunc work, gpointer data, GDestroyNotify data_free,
                     gpointer initial, GError **error)
{
  SsdbPageRunJob *job;
  g_autoptr (GThread) thread = NULL;

  g_return_val_if_fail (SSDB_IS_PAGE_RUN (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (work != NULL, FALSE);

  if (self->busy_workers > 0 || self->running)
    {
      if (data_free != NULL && data != NULL)
        data_free (data);
      if (initial != NULL)
        ops_free (&self->ops, initial);
      g_set_error_literal (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                           _ ("The previous run is still stopping; try again in a moment"));
      return FALSE;
    }

  job = g_new0 (SsdbPageRunJob, 1);
  g_atomic_ref_count_init (&job->ref);
  g_weak_ref_init (&job->owner, self);
  g_mutex_init (&job->lock);
  job->path = g_strdup (path);
  job->flags = flags;
  job->permission = ssdb_device_identity_copy (permission);
  job->file_size = file_size;
  job->ncq_off = self->ncq_off;
  job->work = work;
  job->data = data;
  job->data_free = data_free;
  job->ops = self->ops;
  job->cancellable = g_cancellable_new ();

  self->job = job;
  memset (&self->stop, 0, sizeof self->stop);
  replace_result (self, initial);
  self->fraction = 0;
  self->updates = 0;
  self->busy_workers++;
  thread = g_thread_new (self->thread_name, worker, job_ref (job));
  if (self->busy_workers == 1)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  set_running (self, TRUE);
  return TRUE;
}

/* The data of a run started with ssdb_page_run_start_test(). */
typedef struct
{
  SsdbPageRunTestFunc test;
  gpointer result;
  ResultOps ops;
} TestWork;

static void
test_work_free (gpointer data)
{
  TestWork *w = data;

  if (w->result != NULL)
    ops_free (&w->ops, w->result);
  g_free (w);
}

static gpointer
test_work (SsdbPageRunJob *job, SsdbTarget *target, gpointer data, GCancellable *cancellable,
           GError **error)
{
  TestWork *w = data;

  w->test (job, target, w->result, cancellable, error);
  return g_steal_pointer (&w->result);
}

gboolean
ssdb_page_run_start_test (SsdbPageRun *self, const char *path, SsdbTargetOpenFlags flags,
                          const SsdbDeviceIdentity *permission, guint64 file_size,
                          SsdbPageRunTestFunc test, gpointer result, gpointer initial,
                          GError **error)
{
  TestWork *w;

  g_return_val_if_fail (SSDB_IS_PAGE_RUN (self), FALSE);
  g_return_val_if_fail (test != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  w = g_new0 (TestWork, 1);
  w->test = test;
  w->result = result;
  w->ops = self->ops;
  return ssdb_page_run_start (self, path, flags, permission, file_size, test_work, w,
                              test_work_free, initial, error);
}

void
ssdb_page_run_stop (SsdbPageRun *self)
{
  g_return_if_fail (SSDB_IS_PAGE_RUN (self));

  if (self->job == NULL || self->stop_timeout_id != 0)
    return;
  /* Nothing that waits here: cancel, and let the end of the worker and of its requests (or
   * the deadline) finish. */
  g_mutex_lock (&self->job->lock);
  self->job->stop.requested_us = g_get_monotonic_time ();
  g_mutex_unlock (&self->job->lock);
  g_cancellable_cancel (self->job->cancellable);
  self->stop_timeout_id
      = g_timeout_add_full (G_PRIORITY_HIGH, STOP_DETACH_MS, stop_timeout, self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOPPING]);
}

gboolean
ssdb_page_run_get_stopping (SsdbPageRun *self)
{
  g_return_val_if_fail (SSDB_IS_PAGE_RUN (self), FALSE);
  return self->job != NULL && self->stop_timeout_id != 0;
}

gpointer
ssdb_page_run_get_result (SsdbPageRun *self)
{
  g_return_val_if_fail (SSDB_IS_PAGE_RUN (self), NULL);
  return self->result;
}

void
ssdb_page_run_set_result (SsdbPageRun *self, gpointer result)
{
  g_return_if_fail (SSDB_IS_PAGE_RUN (self));
  g_return_if_fail (!self->running);
  replace_result (self, result);
  self->fraction = 0;
}

gboolean
ssdb_page_run_get_running (SsdbPageRun *self)
{
  g_return_val_if_fail (SSDB_IS_PAGE_RUN (self), FALSE);
  return self->running;
}

gboolean
ssdb_page_run_get_busy (SsdbPageRun *self)
{
  g_return_val_if_fail (SSDB_IS_PAGE_RUN (self), FALSE);
  return self->busy_workers > 0;
}

double
ssdb_page_run_get_fraction (SsdbPageRun *self)
{
  g_return_val_if_fail (SSDB_IS_PAGE_RUN (self), 0);
  return self->fraction;
}

guint
ssdb_page_run_get_updates (SsdbPageRun *self)
{
  g_return_val_if_fail (SSDB_IS_PAGE_RUN (self), 0);
  return self->updates;
}

void
ssdb_page_run_get_stop_timing (SsdbPageRun *self, SsdbStopTiming *timing)
{
  g_return_if_fail (SSDB_IS_PAGE_RUN (self));
  g_return_if_fail (timing != NULL);
  *timing = self->stop;
}

/* ---- object --------------------------------------------------------------------------- */

GParamSpec *
ssdb_page_run_install_interface (GObjectClass *klass, guint property_id, guint *updated_signal,
                                 guint *finished_signal)
{
  GParamSpec *running;
  GType type;

  g_return_val_if_fail (G_IS_OBJECT_CLASS (klass), NULL);
  g_return_val_if_fail (updated_signal != NULL && finished_signal != NULL, NULL);

  type = G_TYPE_FROM_CLASS (klass);
  running
      = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_property (klass, property_id, running);
  *updated_signal
      = g_signal_new ("updated", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  *finished_signal = g_signal_new ("finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
  return running;
}

static void
ssdb_page_run_dispose (GObject *object)
{
  SsdbPageRun *self = SSDB_PAGE_RUN (object);

  if (self->job != NULL)
    {
      g_cancellable_cancel (self->job->cancellable);
      g_clear_pointer (&self->job, job_unref);
    }
  g_clear_handle_id (&self->stop_timeout_id, g_source_remove);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  G_OBJECT_CLASS (ssdb_page_run_parent_class)->dispose (object);
}

static void
ssdb_page_run_finalize (GObject *object)
{
  SsdbPageRun *self = SSDB_PAGE_RUN (object);

  replace_result (self, NULL);
  g_free (self->thread_name);
  G_OBJECT_CLASS (ssdb_page_run_parent_class)->finalize (object);
}

static void
ssdb_page_run_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsdbPageRun *self = SSDB_PAGE_RUN (object);

  switch (prop_id)
    {
      case PROP_RUNNING:
        g_value_set_boolean (value, self->running);
        break;
      case PROP_STOPPING:
        g_value_set_boolean (value, ssdb_page_run_get_stopping (self));
        break;
      case PROP_BUSY:
        g_value_set_boolean (value, self->busy_workers > 0);
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ssdb_page_run_class_init (SsdbPageRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ssdb_page_run_dispose;
  object_class->finalize = ssdb_page_run_finalize;
  object_class->get_property = ssdb_page_run_get_property;

  properties[PROP_RUNNING] = ssdb_page_run_install_interface (
      object_class, PROP_RUNNING, &signals[SIGNAL_UPDATED], &signals[SIGNAL_FINISHED]);
  properties[PROP_STOPPING]
      = g_param_spec_boolean ("stopping", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_property (object_class, PROP_STOPPING, properties[PROP_STOPPING]);
  properties[PROP_BUSY]
      = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_property (object_class, PROP_BUSY, properties[PROP_BUSY]);
  /* Once a second while running, for the time shown beside the progress. */
  signals[SIGNAL_TICK] = g_signal_new ("tick", SSDB_TYPE_PAGE_RUN, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 0);
}

static void
ssdb_page_run_init (SsdbPageRun *self)
{
}
