/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-estimate.h"
#include "ssdb-fill.h"

G_BEGIN_DECLS

/* Most pauses of one idle-recovery run. */
#define SSDB_RECOVERY_MAX_PAUSES 8u

/**
 * SsdbRecoverySpec:
 * @write_bytes: bytes each write covers, sequentially from @span_offset: at least the drive's
 *   write cache (the cache size a fill found) so that every write runs past the cliff, at most
 *   what the target holds from @span_offset [0 = to the end of the target]
 * @span_offset: first byte [0]
 * @block_size: transfer size [1 MiB]
 * @queue_depth: [4]
 * @segment_bytes: rate resolution along each write [0 = as the fill: @write_bytes / 256, at
 *   most 1 GiB, rounded to the transfer size]
 * @interval_ns: rate resolution in time [0.5 s]
 * @pauses_ns: the idle pauses, in order: after the first write the device is left idle for
 *   @pauses_ns[0], then written again, left idle for @pauses_ns[1], ... [60 s, 300 s, 600 s]
 * @n_pauses: pauses in @pauses_ns, 1..%SSDB_RECOVERY_MAX_PAUSES
 * @seed: seed of the random data
 * @next_span: each write after a pause covers the next @write_bytes, not the same span again
 *   [FALSE]: write i starts at @span_offset + i × @write_bytes, so a drive cannot refill its
 *   cache by having the same LBAs rewritten (the method of reviews that write the next 64 GB
 *   after each pause). The @n_pauses + 1 writes must fit in the target; a @write_bytes of 0
 *   shares what follows @span_offset among them
 *
 * Idle recovery: how much of its fast (cache) write speed a drive regains when left idle.
 */
typedef struct
{
  guint64 write_bytes;
  guint64 span_offset;
  guint block_size;
  guint queue_depth;
  guint64 segment_bytes;
  guint64 interval_ns;
  guint64 pauses_ns[SSDB_RECOVERY_MAX_PAUSES];
  guint n_pauses;
  guint64 seed;
  gboolean next_span;
} SsdbRecoverySpec;

/** ssdb_recovery_spec_init: fills @spec with the defaults above. */
void
ssdb_recovery_spec_init (SsdbRecoverySpec *spec);

/**
 * SsdbRecoveryWrite:
 * @pause_ns: the idle time before this write; 0 for the first write
 * @segments: (element-type SsdbFillPoint): rate per SsdbRecoverySpec.segment_bytes, positions
 *   relative to the span start, as a fill pass
 * @intervals: (element-type SsdbFillPoint): rate per SsdbRecoverySpec.interval_ns
 * @bytes: bytes written
 * @window_ns: duration of the write
 * @bytes_per_second: mean rate
 * @complete: the write covered SsdbRecoverySpec.write_bytes
 * @fast_bytes: bytes written before the rate fell below the threshold for good (the fast-write
 *   capacity available at the start of this write)
 * @restored_percent: @fast_bytes in % of the first write's fast_bytes (100 for the first
 *   write; 0 when the first write had none)
 */
typedef struct
{
  guint64 pause_ns;
  GArray *segments;
  GArray *intervals;
  guint64 bytes;
  guint64 window_ns;
  double bytes_per_second;
  gboolean complete;
  guint64 fast_bytes;
  double restored_percent;
} SsdbRecoveryWrite;

/**
 * SsdbRecoveryResult:
 * @spec: the settings, sizes resolved
 * @writes: (element-type SsdbRecoveryWrite): the first write, then one per pause
 * @first: the fill analysis of the first write (phases, cache size, rates)
 * @fast_bytes_per_second: the first write's rate before its cliff (its mean rate without one)
 * @slow_bytes_per_second: its rate after the cliff (0 without one)
 * @threshold_bytes_per_second: the rate between fast and slow: the geometric mean of the two;
 *   without a cliff, 80 % of the fast rate
 * @words: the finding in plain words
 * @cancelled: stopped early
 * @temperature: (nullable): the drive's temperature during the run
 *   (ssdb_target_recording_begin()), %NULL when the drive shows no sensor or in reports from
 *   before it was recorded
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the
 *   run, %NULL when the run did not write, the drive shows no such counter, or in reports from
 *   before it was recorded
 */
typedef struct
{
  SsdbRecoverySpec spec;
  GArray *writes;
  SsdbFillAnalysis first;
  double fast_bytes_per_second;
  double slow_bytes_per_second;
  double threshold_bytes_per_second;
  char *words;
  gboolean cancelled;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbRecoveryResult;

SsdbRecoveryResult *
ssdb_recovery_result_new (const SsdbRecoverySpec *spec);
void
ssdb_recovery_result_free (SsdbRecoveryResult *result);

/**
 * ssdb_recovery_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, new writes (with their segments and intervals), a copy of
 * the analysis of the first write and of the words.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_recovery_result_free(); %NULL when
 *   @result is %NULL.
 */
SsdbRecoveryResult *
ssdb_recovery_result_dup (const SsdbRecoveryResult *result);

/**
 * ssdb_recovery_estimate:
 * @result: a new result (its settings, before its run)
 * @target_bytes: the target's size in bytes; 0 when not known
 * @out: (inout): what the run adds, summed into it
 *
 * What a run of @result's settings takes: its pauses (timed) and its writes, one per pause and
 * the first.
 *
 * Returns: %FALSE (@out unchanged) when the run's size cannot be known: its span runs to the end
 *   of a target of unknown size
 */
gboolean
ssdb_recovery_estimate (const SsdbRecoveryResult *result, guint64 target_bytes,
                        SsdbRunEstimate *out);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbRecoveryResult, ssdb_recovery_result_free)

/**
 * ssdb_recovery_fast_bytes:
 * @segments: (element-type SsdbFillPoint): a write's rate per segment
 * @threshold_bytes_per_second: the rate between fast and slow
 *
 * Where the write's rate falls below @threshold_bytes_per_second for good, found by CUSUM over
 * the segments' times: the position up to which the write had gained the most time over a write
 * at the threshold rate. Segments that scatter around their level (completions arriving in
 * bursts) average out, as their times add up.
 *
 * Returns: the fast-write bytes, from the span start; 0 when the write starts slow.
 */
guint64
ssdb_recovery_fast_bytes (GArray *segments, double threshold_bytes_per_second);

/* A drop that the fill analysis finds in the first write is a cache cliff only when it lasts:
 * less than this share of the bytes written after it are written at or above the threshold.
 * A noisy curve that dips and comes back (a busy machine, zram) is not a cliff. */
#define SSDB_RECOVERY_LASTING_SHARE (1.0 / 3)
/* The first write is called steady when the coefficient of variation (standard deviation over
 * mean) of its segments' rates, weighted by their bytes, is below this; 15 % is the step that
 * the fill analysis needs to tell two levels apart. */
#define SSDB_RECOVERY_STEADY_CV 0.15

/**
 * ssdb_recovery_restored_percent:
 * @first_fast_bytes: the first write's fast bytes
 * @fast_bytes: a later write's fast bytes
 *
 * The share of the first write's fast amount that a later write got back, capped at 100 %: a
 * later write cannot restore more than there was (more fast bytes only mean the first write's
 * fast part ended early by chance).
 *
 * Returns: 0 to 100; 0 when @first_fast_bytes is 0
 */
double
ssdb_recovery_restored_percent (guint64 first_fast_bytes, guint64 fast_bytes);

/**
 * ssdb_recovery_has_cliff:
 * @result: an analysed result
 *
 * Whether the first write has a lasting drop: the fill analysis found one
 * (`result->first.cache_bytes` > 0) and less than %SSDB_RECOVERY_LASTING_SHARE of the bytes
 * after it were written at or above `result->threshold_bytes_per_second`, counted in windows
 * of `result->first.window_bytes` (the shortest phase the analysis accepts), each at its bytes
 * over the time they took, so that requests completed in bursts do not count as fast.
 *
 * Returns: %TRUE for a cache cliff
 */
gboolean
ssdb_recovery_has_cliff (const SsdbRecoveryResult *result);

/**
 * ssdb_recovery_analyze:
 * @result: a result whose writes are set
 *
 * Analyses the first write with ssdb_fill_analyze() (its cliff gives the fast and slow rates
 * and the threshold between them), then sets each write's fast_bytes and restored_percent
 * (ssdb_recovery_restored_percent()) and the words: the recovery after each pause when the
 * first write has a lasting cliff (ssdb_recovery_has_cliff()), otherwise "no cache cliff" and
 * how steady the first write was (%SSDB_RECOVERY_STEADY_CV). Deterministic: a loaded report gives
 * back the same numbers.
 */
void
ssdb_recovery_analyze (SsdbRecoveryResult *result);

/**
 * ssdb_recovery_result_dup_words:
 * @result: a result
 *
 * The words ssdb_recovery_analyze() writes for @result, in the chart language of the calling thread
 * (engine/ssdb-words.h): English outside a painter's language scope. @result is not changed.
 *
 * Returns: (transfer full) (nullable): the words.
 */
char *
ssdb_recovery_result_dup_words (const SsdbRecoveryResult *result);

/**
 * SsdbRecoveryProgressFunc:
 * @write_index: the write running (0 = the first), or during a pause the write that follows it
 * @pausing: the device is being left idle
 * @bytes_per_second: the latest rate (0 while pausing)
 * @fraction: 0..1 of the whole run, counting each write and each pause as one step (a write
 *   by its bytes, a pause by its time)
 *
 * Called on the worker thread about every SsdbRecoverySpec.interval_ns.
 */
typedef void (*SsdbRecoveryProgressFunc) (SsdbRecoveryResult *result, guint write_index,
                                          gboolean pausing, double bytes_per_second,
                                          double fraction, gpointer user_data);

/**
 * ssdb_recovery_run:
 * @target: a target open for writing (a device with the permission naming it, or a test file)
 * @result: from ssdb_recovery_result_new()
 * @progress: (nullable): progress
 * @cancellable: (nullable): cancel, also during a pause (within 100 ms)
 * @error: SSDB_ERROR_INVALID_ARGUMENT, SSDB_ERROR_UNSAFE, SSDB_ERROR_IO, SSDB_ERROR_CANCELLED
 *
 * Writes the span sequentially (incompressible data, as a fill pass), then for each pause
 * leaves the device idle (no I/O from this process) for that long and writes the span again;
 * then analyses the writes.
 *
 * Returns: %TRUE, or %FALSE with @error; @result keeps what was measured and its analysis.
 */
gboolean
ssdb_recovery_run (SsdbTarget *target, SsdbRecoveryResult *result,
                   SsdbRecoveryProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                   GError **error);

/**
 * ssdb_recovery_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_recovery_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_recovery_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_recovery_result_check (const SsdbRecoveryResult *result, const SsdbTargetInfo *target,
                            GError **error);

G_END_DECLS
