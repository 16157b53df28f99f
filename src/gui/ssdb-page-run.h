/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-target.h"
#include "engine/ssdb-test-kind.h"

G_BEGIN_DECLS

/**
 * SsdbStopTiming:
 * @requested_us: when Stop was asked for (g_get_monotonic_time(), µs), 0 when the run was not
 *   stopped
 * @io_stopped_us: when the engine returned on the worker thread: no request in flight any
 *   more, none issued after it; 0 while the worker still runs
 * @closed_us: when the worker had closed the target; 0 while it still runs
 * @finished_us: when the run was reported finished on the main thread (the ::finished signal)
 *
 * Where the time between a Stop and the end of a run went: the engine's own stop latency is
 * @io_stopped_us − @requested_us; what the user sees is @finished_us − @requested_us.
 */
typedef struct
{
  gint64 requested_us;
  gint64 io_stopped_us;
  gint64 closed_us;
  gint64 finished_us;
} SsdbStopTiming;

#define SSDB_TYPE_PAGE_RUN (ssdb_page_run_get_type ())
G_DECLARE_FINAL_TYPE (SsdbPageRun, ssdb_page_run, SSDB, PAGE_RUN, GObject)

/**
 * SsdbPageRunJob:
 *
 * The worker's side of one run: handed to the #SsdbPageRunWorkFunc, used only on the worker
 * thread (with ssdb_page_run_job_publish()).
 */
typedef struct _SsdbPageRunJob SsdbPageRunJob;

/**
 * SsdbPageRunDupFunc:
 * @result: a result the worker owns
 *
 * Returns: (transfer full): a deep copy of @result, owned by the main thread afterwards.
 */
typedef gpointer (*SsdbPageRunDupFunc) (gconstpointer result);

/**
 * SsdbPageRunMergeFunc:
 * @into: the main thread's result
 * @from: a newer copy from the worker
 *
 * Copies everything of @from into @into, in place (main thread).
 */
typedef void (*SsdbPageRunMergeFunc) (gpointer into, gconstpointer from);

/**
 * SsdbPageRunWorkFunc:
 * @job: publish progress with ssdb_page_run_job_publish()
 * @target: the open target
 * @data: the data given to ssdb_page_run_start()
 * @cancellable: cancelled by Stop
 * @error: the run's error; cancellation as SSDB_ERROR_CANCELLED
 *
 * Runs a test on the worker thread; never calls GTK.
 *
 * Returns: (transfer full) (nullable): the final result (also after a failure or a cancel:
 *   what was measured).
 */
typedef gpointer (*SsdbPageRunWorkFunc) (SsdbPageRunJob *job, SsdbTarget *target, gpointer data,
                                         GCancellable *cancellable, GError **error);

/**
 * SsdbPageRunTestFunc:
 * @job: publish progress with ssdb_page_run_job_publish()
 * @target: the open target
 * @result: the run's result, given to ssdb_page_run_start_test(): the test fills it in
 * @cancellable: cancelled by Stop
 * @error: the run's error; cancellation as SSDB_ERROR_CANCELLED
 *
 * Runs a test into @result on the worker thread; never calls GTK. @result, however far the
 * test got, is the run's final result.
 */
typedef void (*SsdbPageRunTestFunc) (SsdbPageRunJob *job, SsdbTarget *target, gpointer result,
                                     GCancellable *cancellable, GError **error);

/**
 * SsdbPageRun:
 *
 * Runs one test of a page on a worker thread. The worker opens the target (through UDisks2
 * when needed) and calls the work function; the work function publishes copies of its result
 * with ssdb_page_run_job_publish() from the engine's progress callback; one coalesced callback
 * on the main context, at most 10 times a second, makes the latest copy the run's result and
 * emits ::updated. Stop cancels and returns at once; the run is reported finished as soon as
 * the worker has ended and the device has completed the run's requests (the target is
 * closed), and no later than 2 s after Stop: then with the device not responding (a worker
 * still running is detached and ends on its own; a new run waits for it). A device that
 * completes its requests within those 2 s, however slowly, ends the run as an ordinary Stop.
 * Everything but the job is used on the main thread only.
 *
 * Signals: ::updated when a newer copy of the result arrived; ::finished (GError, nullable)
 * when a run ends (SSDB_ERROR_CANCELLED after Stop). Properties: "running", and "stopping"
 * (this object only, not the pages' interface) from a Stop to the end of the run, and "busy" while
 * a worker thread is alive (also a detached one).
 */

/**
 * ssdb_page_run_install_interface:
 * @klass: the class of a page that shows a run as its own
 * @property_id: the id the class gives the property "running"
 * @updated_signal: (out): the id of the class's ::updated
 * @finished_signal: (out): the id of the class's ::finished
 *
 * Installs on @klass what #SsdbPageRun itself offers: the read-only boolean property "running"
 * (explicit notify), the signal ::updated and the signal ::finished (GError, nullable), so a
 * page can pass its run's on under the same names and types.
 *
 * Returns: (transfer none): the property "running".
 */
GParamSpec *
ssdb_page_run_install_interface (GObjectClass *klass, guint property_id, guint *updated_signal,
                                 guint *finished_signal);

/**
 * ssdb_page_run_set_ncq_off:
 * @ncq_off: %TRUE to turn the disk's NCQ off for the runs started from now on
 *
 * For the next starts: after the target is opened, its disk's command queue depth is set to 1
 * (ssdb_target_ncq_off()) and set back when the run ends, however it ends. A target with no
 * such setting (not a SATA or SAS disk) fails the run before any I/O, naming why.
 */
void
ssdb_page_run_set_ncq_off (SsdbPageRun *self, gboolean ncq_off);

/**
 * ssdb_page_run_new:
 * @thread_name: name of the worker threads ("ssdb-access")
 * @dup: copies a result (worker thread)
 * @free_result: frees a result
 *
 * Returns: (transfer full): a controller without a run.
 */
SsdbPageRun *
ssdb_page_run_new (const char *thread_name, SsdbPageRunDupFunc dup, GDestroyNotify free_result);

/**
 * ssdb_page_run_new_for_kind:
 * @thread_name: name of the worker threads ("ssdb-copy")
 * @kind: the kind of the run's results: they are copied with ssdb_test_kind_result_dup() and
 *   freed with ssdb_test_kind_result_free()
 *
 * Returns: (transfer full): a controller without a run.
 */
SsdbPageRun *
ssdb_page_run_new_for_kind (const char *thread_name, SsdbTestKind kind);

/**
 * ssdb_page_run_set_merge_func:
 * @merge_func: (nullable): copies a newer copy into the shown result
 *
 * With @merge_func, the result shown keeps its address for the whole run: every update and the end
 * of the run copy the worker's newest copy into it (and free that copy) instead of replacing
 * it, so a widget that keeps a pointer to the result and draws only what changed since its
 * last frame can keep doing so. The result still changes address at ssdb_page_run_start()
 * (the initial result) and ssdb_page_run_set_result(). Without @merge_func (the default), each
 * update replaces the result.
 */
void
ssdb_page_run_set_merge_func (SsdbPageRun *self, SsdbPageRunMergeFunc merge_func);

/**
 * ssdb_page_run_start:
 * @path: block device node or directory (test file)
 * @flags: read or write
 * @permission: (nullable): the medium the user confirmed may be overwritten
 * @file_size: test file size for a directory, bytes
 * @work: runs the test (worker thread)
 * @data: (transfer full): given to @work
 * @data_free: (nullable): frees @data once the worker ended
 * @initial: (transfer full) (nullable): the result shown until the first update
 * @error: SSDB_ERROR_FAILED while a previous run's worker is still ending
 *
 * Returns: %TRUE, or %FALSE with @error (@data and @initial are freed then).
 */
gboolean
ssdb_page_run_start (SsdbPageRun *self, const char *path, SsdbTargetOpenFlags flags,
                     const SsdbDeviceIdentity *permission, guint64 file_size,
                     SsdbPageRunWorkFunc work, gpointer data, GDestroyNotify data_free,
                     gpointer initial, GError **error);

/**
 * ssdb_page_run_start_test:
 * @path: block device node or directory (test file)
 * @flags: read or write
 * @permission: (nullable): the medium the user confirmed may be overwritten
 * @file_size: test file size for a directory, bytes
 * @test: runs the test into @result (worker thread)
 * @result: (transfer full): the worker's result, as the test's settings made it; it becomes the
 *   run's final result
 * @initial: (transfer full) (nullable): the result shown until the first update
 * @error: SSDB_ERROR_FAILED while a previous run's worker is still ending
 *
 * ssdb_page_run_start() for a test that fills in one result: @result is freed with the run's
 * free function when the worker ends without handing it on.
 *
 * Returns: %TRUE, or %FALSE with @error (@result and @initial are freed then; not when an
 *   argument is wrong, a programming error).
 */
gboolean
ssdb_page_run_start_test (SsdbPageRun *self, const char *path, SsdbTargetOpenFlags flags,
                          const SsdbDeviceIdentity *permission, guint64 file_size,
                          SsdbPageRunTestFunc test, gpointer result, gpointer initial,
                          GError **error);

/**
 * ssdb_page_run_stop:
 *
 * Cancels the run and returns at once (nothing when no run is going).
 */
void
ssdb_page_run_stop (SsdbPageRun *self);

/**
 * ssdb_page_run_job_publish:
 * @job: the worker's job
 * @result: the worker's result, copied with the dup function
 * @fraction: 0..1 of the whole run
 *
 * Worker thread: makes a copy of @result the next thing the main thread shows. Cheap to call
 * often: copies newer than the main thread's latest update replace each other, and while a copy
 * less than 50 ms old waits for the main thread, @result is not copied again (only @fraction is
 * taken); the result the run returns replaces whatever was published.
 */
void
ssdb_page_run_job_publish (SsdbPageRunJob *job, gconstpointer result, double fraction);

/** ssdb_page_run_get_result: Returns: (transfer none) (nullable): the main thread's result. */
gpointer
ssdb_page_run_get_result (SsdbPageRun *self);

/**
 * ssdb_page_run_set_result:
 * @result: (transfer full) (nullable): replaces the shown result (not while running)
 */
void
ssdb_page_run_set_result (SsdbPageRun *self, gpointer result);

/** ssdb_page_run_get_running: Returns: %TRUE from start to the end of the run. */
gboolean
ssdb_page_run_get_running (SsdbPageRun *self);

/**
 * ssdb_page_run_get_stopping:
 *
 * Returns: %TRUE from a Stop until the run is reported finished (the device completing the
 *   run's requests, at most 2 s); notified as the "stopping" property.
 */
gboolean
ssdb_page_run_get_stopping (SsdbPageRun *self);

/** ssdb_page_run_get_busy: Returns: %TRUE while a worker thread is alive. */
gboolean
ssdb_page_run_get_busy (SsdbPageRun *self);

/** ssdb_page_run_get_fraction: Returns: 0..1 progress of the run. */
double
ssdb_page_run_get_fraction (SsdbPageRun *self);

/**
 * ssdb_page_run_dup_time_text:
 *
 * The time the latest run has taken, and while it runs the time it will still take, for the
 * status beside its progress: "1:05 elapsed · about 2:10 left". The time left is estimated from
 * the progress at the rate of the whole run so far, once past 3 % and 3 s, and never goes up;
 * when the estimated end has passed it says so. Updated with each update and once a second
 * (the "tick" signal).
 *
 * Returns: (transfer full) (nullable): the text, %NULL before any run
 */
char *
ssdb_page_run_dup_time_text (SsdbPageRun *self);

/**
 * ssdb_page_run_add_time:
 * @status: (transfer full) (nullable): a page's progress line
 *
 * Returns: (transfer full) (nullable): @status, followed while the run goes on by
 *   ssdb_page_run_dup_time_text() ("Measuring · 40 % · 0:12 elapsed · about 0:18 left")
 */
char *
ssdb_page_run_add_time (SsdbPageRun *self, char *status);

/** ssdb_page_run_get_updates: Returns: coalesced updates of the latest run. */
guint
ssdb_page_run_get_updates (SsdbPageRun *self);

/** ssdb_page_run_get_stop_timing: @timing: (out caller-allocates): the latest run's stop. */
void
ssdb_page_run_get_stop_timing (SsdbPageRun *self, SsdbStopTiming *timing);

G_END_DECLS
