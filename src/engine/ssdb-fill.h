/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-io.h"
#include "ssdb-verdict.h"

G_BEGIN_DECLS

/**
 * SsdbFillSpec:
 * @block_size: transfer size [1 MiB]
 * @queue_depth: [4]
 * @span_offset: first byte [0]
 * @span_length: bytes to fill [0 = to the end of the target]
 * @segment_bytes: rate resolution along the span [0 = 1 GiB, or span / 256 for spans under
 *   256 GiB, rounded to the transfer size]
 * @interval_ns: rate resolution in time [0.5 s]
 * @passes: write passes without discard in between [2], 1..4
 * @read_back: read the span back after the last write pass
 * @read_back_repeats: further reads of the span after the read-back [0]; the read-after-write
 *   test reads each pass's data twice, to measure how much two reads of the same data differ
 * @seed: seed of the random data
 *
 * The whole-drive fill: sequential writes of random data over the span, pass after pass, as
 * reviewers run it to find an SLC cache's size and what the drive writes at once it is full.
 */
typedef struct
{
  guint block_size;
  guint queue_depth;
  guint64 span_offset;
  guint64 span_length;
  guint64 segment_bytes;
  guint64 interval_ns;
  guint passes;
  gboolean read_back;
  guint read_back_repeats;
  guint64 seed;
} SsdbFillSpec;

void ssdb_fill_spec_init (SsdbFillSpec *spec);

/**
 * SsdbFillPoint:
 * @position_bytes: bytes done at the end of this point (relative to the span start)
 * @elapsed_ns: time since the pass began
 * @bytes_per_second: rate over this segment or interval
 */
typedef struct
{
  guint64 position_bytes;
  guint64 elapsed_ns;
  double bytes_per_second;
} SsdbFillPoint;

/**
 * SsdbFillPass:
 * @rw: %SSDB_RW_WRITE or %SSDB_RW_READ (the read-back)
 * @segments: (element-type SsdbFillPoint): rate per segment of SsdbFillSpec.segment_bytes
 * @intervals: (element-type SsdbFillPoint): rate per SsdbFillSpec.interval_ns
 * @bytes: bytes transferred
 * @window_ns: duration
 * @bytes_per_second: mean rate of the pass
 * @complete: the pass covered the whole span
 */
typedef struct
{
  SsdbRw rw;
  GArray *segments;
  GArray *intervals;
  guint64 bytes;
  guint64 window_ns;
  double bytes_per_second;
  gboolean complete;
} SsdbFillPass;

/**
 * SsdbFillPhase:
 * @start_bytes: where the phase begins, relative to the span start
 * @end_bytes: where it ends
 * @bytes_per_second: mean write rate in the phase
 */
typedef struct
{
  guint64 start_bytes;
  guint64 end_bytes;
  double bytes_per_second;
} SsdbFillPhase;

/* Most phases the analysis reports (an SLC cache, direct-to-TLC, folding, ... ). */
#define SSDB_FILL_MAX_PHASES 8u
/* A level change counts only when the rate steps by at least this multiple of the noise
 * measured in the same run (SsdbFillAnalysis.noise) ... */
#define SSDB_FILL_NOISE_MULTIPLE 4.0
/* ... and by at least this share of the faster level, however quiet the run. */
#define SSDB_FILL_MIN_STEP 0.25
/* ... and only when both levels last at least this long (ns): a stall or a burst of the machine
 * (a loaded CPU, a throttle's time slice) lasts less. */
#define SSDB_FILL_MIN_PHASE_NS 500000000.0
/* Without a change, "no effect" needs a run quiet enough that a step of this share would have
 * counted; noisier runs are inconclusive. */
#define SSDB_FILL_DECIDABLE_STEP 0.35

/**
 * SsdbFillAnalysis:
 * @phases: (element-type SsdbFillPhase): 1 to %SSDB_FILL_MAX_PHASES write-rate levels of a pass
 * @cache_bytes: bytes written before the first lasting drop (0: no drop found)
 * @in_cache_bytes_per_second: rate before the drop (the whole pass's rate without one)
 * @post_cache_bytes_per_second: rate after the drop (0 without one)
 * @words: the finding in plain words
 * @verdict: found (several phases), no effect (one, in a run quiet enough to tell), or
 *   inconclusive (one, but the noise hides a step of %SSDB_FILL_DECIDABLE_STEP)
 * @noise: the noise measured in the pass, as a share of its rate: the robust scale
 *   (ssdb_robust_scale(), or with ten or more stretches the larger of it and the 80th
 *   percentile of the deviations, scaled alike) of the relative differences between the rates
 *   of neighbouring stretches of @window_bytes, over sqrt 2; 0 when not measured
 * @noise_measured: the pass had enough segments (4) to measure its noise; without, the verdict
 *   is inconclusive
 * @step_threshold: the relative step a level change needs: the larger of
 *   %SSDB_FILL_MIN_STEP and %SSDB_FILL_NOISE_MULTIPLE x @noise
 * @window_bytes: the shortest phase the analysis accepts, in bytes (a change must last this
 *   long), and the length of the stretches @noise compares
 * @short_step: without a phase change, the largest change that exceeded @step_threshold but
 *   lasted less than %SSDB_FILL_MIN_PHASE_NS (the verdict is then inconclusive); 0 without one
 * @short_seconds: how long the shorter side of that change lasted, in seconds
 * @drift_from: without a phase change, the rate of the first quarter of the pass when it
 *   differs from the last quarter's by @step_threshold or more (a gradual change: the verdict
 *   is then inconclusive); 0 otherwise
 * @drift_to: the last quarter's rate then
 * @measured_bytes: bytes the analysed pass covered
 * @span_bytes: bytes the pass was to cover (more than @measured_bytes for a stopped run)
 */
typedef struct
{
  GArray *phases;
  guint64 cache_bytes;
  double in_cache_bytes_per_second;
  double post_cache_bytes_per_second;
  char *words;
  SsdbVerdict verdict;
  double noise;
  gboolean noise_measured;
  double step_threshold;
  guint64 window_bytes;
  double short_step;
  double short_seconds;
  double drift_from;
  double drift_to;
  guint64 measured_bytes;
  guint64 span_bytes;
} SsdbFillAnalysis;

void ssdb_fill_analysis_clear (SsdbFillAnalysis *analysis);

/**
 * ssdb_fill_analysis_copy:
 * @to: (out caller-allocates): where the copy goes (its old contents are not freed)
 * @from: an analysis
 *
 * Copies @from into @to with a new array of the phases and a copy of the words; release the
 * copy with ssdb_fill_analysis_clear().
 */
void
ssdb_fill_analysis_copy (SsdbFillAnalysis *to, const SsdbFillAnalysis *from);

/**
 * ssdb_fill_analyze:
 * @segments: (element-type SsdbFillPoint): a write pass's rate per segment, in order
 * @out: (out caller-allocates): the analysis; overwritten without freeing what it held, so
 *   call ssdb_fill_analysis_clear() first on one that was in use
 *
 * ssdb_fill_analyze_span() of a complete pass (the span ends at the last segment).
 */
void ssdb_fill_analyze (GArray *segments, SsdbFillAnalysis *out);

/**
 * ssdb_fill_analyze_span:
 * @segments: (element-type SsdbFillPoint): a write pass's rate per segment, in order
 * @span_bytes: the bytes the pass was to cover; 0 or less than the last segment's position for
 *   a complete pass
 * @out: (out caller-allocates): as for ssdb_fill_analyze()
 *
 * Finds the pass's write-rate levels by binary segmentation of the time per byte of its
 * segments (each split at the least-squares optimum), and keeps a split only where the rates on
 * both sides, over their sums and by their medians, differ by @out->step_threshold or more and
 * both sides last at least @out->window_bytes and %SSDB_FILL_MIN_PHASE_NS (a stall of a few
 * segments is not a phase). The
 * noise comes from the same pass (see #SsdbFillAnalysis). The first drop gives the cache size.
 * The words say the outcome with the numbers and the threshold that decided it, and for a
 * stopped pass (@span_bytes beyond the last segment) that they cover the part measured.
 */
void
ssdb_fill_analyze_span (GArray *segments, guint64 span_bytes, SsdbFillAnalysis *out);

/**
 * ssdb_fill_analysis_dup_words:
 * @analysis: an analysis from ssdb_fill_analyze_span()
 *
 * Writes @analysis's words again, in the language W_() answers in (a chart's, inside a
 * painter's language scope; English elsewhere, what @analysis->words holds).
 *
 * Returns: (transfer full): the words
 */
char *
ssdb_fill_analysis_dup_words (const SsdbFillAnalysis *analysis);

/**
 * SsdbFillResult:
 * @spec: the settings, span resolved
 * @passes: (element-type SsdbFillPass): write passes, then the read-back
 * @analysis: analysis of the first write pass
 * @cancelled: stopped early
 * @temperature: (nullable): the drive's temperature during the run
 * (ssdb_target_record_temperature()), %NULL when the drive shows no sensor or in reports from
 * before it was recorded
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the run
 *   (ssdb_target_drive_counts_begin()), %NULL when the run did not write, the drive shows no
 *   such counter, or in reports from before it was recorded
 */
typedef struct
{
  SsdbFillSpec spec;
  GPtrArray *passes;
  SsdbFillAnalysis analysis;
  gboolean cancelled;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbFillResult;

SsdbFillResult *ssdb_fill_result_new (const SsdbFillSpec *spec);
void ssdb_fill_result_free (SsdbFillResult *result);

/**
 * ssdb_fill_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, new passes (with their segments and intervals) and a copy
 * of the analysis.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_fill_result_free(); %NULL when
 *   @result is %NULL.
 */
SsdbFillResult *
ssdb_fill_result_dup (const SsdbFillResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbFillResult, ssdb_fill_result_free)

/**
 * SsdbFillProgressFunc:
 * @pass_index: index in SsdbFillResult.passes of the running pass
 * @position_bytes: bytes done in that pass
 * @bytes_per_second: the latest interval's rate
 * @fraction: 0..1 of the whole test
 *
 * Called on a worker thread about every SsdbFillSpec.interval_ns.
 */
typedef void (*SsdbFillProgressFunc) (SsdbFillResult *result, guint pass_index,
                                      guint64 position_bytes, double bytes_per_second,
                                      double fraction, gpointer user_data);

/**
 * ssdb_fill_run:
 * @target: a target opened for writing (a device with the permission naming it, or a test file)
 *
 * Runs the write passes and the read-back, then analyses the first pass.
 *
 * Returns: %TRUE, or %FALSE with @error; @result keeps what was measured.
 */
gboolean ssdb_fill_run (SsdbTarget *target, SsdbFillResult *result, SsdbFillProgressFunc progress,
                        gpointer user_data, GCancellable *cancellable, GError **error);

/**
 * ssdb_fill_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_fill_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_fill_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_fill_result_check (const SsdbFillResult *result, const SsdbTargetInfo *target, GError **error);

G_END_DECLS
