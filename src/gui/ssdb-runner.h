/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "engine/ssdb-summary.h"

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

#define SSDB_TYPE_RUNNER (ssdb_runner_get_type ())
G_DECLARE_FINAL_TYPE (SsdbRunner, ssdb_runner, SSDB, RUNNER, GObject)

/**
 * SsdbRunner:
 *
 * Runs a summary on a worker thread. The worker opens the target (through UDisks2 when the user
 * may not open it directly), runs ssdb_summary_run() and publishes progress into a mutex-guarded
 * snapshot; one coalesced callback on the main context (at most 10 times a second) copies it
 * into the runner's view and emits #SsdbRunner::updated. Everything the runner exposes is read
 * and changed on the main thread only. A newer run never sees an older run's callbacks (each
 * run has a generation). Stop only cancels; the worker's end is handled above redraws.
 */

/** ssdb_runner_new: Returns: (transfer full): an idle runner. */
SsdbRunner *
ssdb_runner_new (void);

/**
 * ssdb_runner_start:
 * @path: block device node or directory (test file)
 * @flags: %SSDB_TARGET_OPEN_WRITE to allow write tests
 * @destroy_permission: (nullable): the device the user confirmed may be overwritten
 * @file_size: test file size in bytes for a directory
 * @spec: what to run; copied
 * @error: SSDB_ERROR_FAILED when a previous run's worker has not ended yet
 *
 * Starts a run. The view result is replaced at once by the grid of tests to run, all pending.
 *
 * Returns: the run's generation (> 0), or 0 with @error set.
 */
guint
ssdb_runner_start (SsdbRunner *self, const char *path, SsdbTargetOpenFlags flags,
                   const char *destroy_permission, guint64 file_size, const SsdbSummarySpec *spec,
                   GError **error);

/**
 * ssdb_runner_stop:
 *
 * Cancels the running run and returns at once (it waits for nothing). #SsdbRunner:running
 * turns %FALSE as soon as the worker stops and the device completed the run's requests, and no
 * later than 2 s after this call (then the device is reported not responding, and the worker
 * is detached and ends on its own): the results measured so far are kept and marked
 * cancelled.
 */
void
ssdb_runner_stop (SsdbRunner *self);

/**
 * ssdb_runner_get_stop_timing:
 * @timing: (out caller-allocates): the latest run's stop, see #SsdbStopTiming; the I/O times
 *   of a detached worker are filled in when it ends
 */
void
ssdb_runner_get_stop_timing (SsdbRunner *self, SsdbStopTiming *timing);

/** ssdb_runner_get_running: Returns: %TRUE from start until the run ends or is stopped. */
gboolean
ssdb_runner_get_running (SsdbRunner *self);

/** ssdb_runner_get_busy: Returns: %TRUE while a worker thread is still alive. */
gboolean
ssdb_runner_get_busy (SsdbRunner *self);

/** ssdb_runner_get_generation: Returns: the generation of the latest run (0 before the first). */
guint
ssdb_runner_get_generation (SsdbRunner *self);

/**
 * ssdb_runner_get_view:
 *
 * Returns: (transfer none) (nullable): the main thread's copy of the latest run: per-entry
 *   states and aggregates (without per-pass data while running).
 */
const SsdbSummaryResult *
ssdb_runner_get_view (SsdbRunner *self);

/**
 * ssdb_runner_get_final_result:
 *
 * Returns: (transfer none) (nullable): the complete result of the latest finished run (with
 *   every pass), or %NULL while running or when the run was detached after a stop.
 */
const SsdbSummaryResult *
ssdb_runner_get_final_result (SsdbRunner *self);

/**
 * ssdb_runner_get_target_info:
 *
 * Returns: (transfer none) (nullable): the facts of the latest run's target, once it is open.
 */
const SsdbTargetInfo *
ssdb_runner_get_target_info (SsdbRunner *self);

/**
 * SsdbRunnerProgress:
 * @entry_index: index of the running entry, -1 while preparing or when idle
 * @fraction: 0..1 of the whole run
 * @entry_fraction: 0..1 of the running entry
 * @bytes_per_second: live rate of the running pass
 * @phase: "open", "prepare", "warmup", "measure", "interval" or "done"
 * @elapsed_us: time since the start, µs
 * @remaining_us: estimated time to the end, µs; -1 when not known yet
 */
typedef struct
{
  int entry_index;
  double fraction;
  double entry_fraction;
  double bytes_per_second;
  const char *phase;
  gint64 elapsed_us;
  gint64 remaining_us;
} SsdbRunnerProgress;

/** ssdb_runner_get_progress: Returns: (transfer none): the latest progress (main thread). */
const SsdbRunnerProgress *
ssdb_runner_get_progress (SsdbRunner *self);

/** ssdb_runner_get_used_udisks: Returns: %TRUE when the target was opened through UDisks2. */
gboolean
ssdb_runner_get_used_udisks (SsdbRunner *self);

/**
 * ssdb_runner_get_stale_dropped:
 *
 * Returns: how many callbacks of older runs arrived after a newer run started and were dropped.
 */
guint
ssdb_runner_get_stale_dropped (SsdbRunner *self);

G_END_DECLS
