/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-io.h"
#include "ssdb-target.h"
#include "ssdb-summary.h"

G_BEGIN_DECLS

/* Most steps (queue depths or thread counts) in one access-time distribution. */
#define SSDB_ACCESS_MAX_STEPS 16
/* Display bins: 10 per decade from 10 µs to 10 s. */
#define SSDB_ACCESS_BINS_PER_DECADE 10
#define SSDB_ACCESS_N_BINS (6 * SSDB_ACCESS_BINS_PER_DECADE)
#define SSDB_ACCESS_BIN_FIRST_NS G_GUINT64_CONSTANT (10000)

/**
 * SsdbAccessMode:
 * @SSDB_ACCESS_MODE_QUEUE: one thread keeps the step's depth of requests queued (NCQ / NVMe
 *   queue depth)
 * @SSDB_ACCESS_MODE_THREADS: the step's depth is a number of independent threads, each with
 *   one request in flight (Ipeak's child processes)
 */
typedef enum
{
  SSDB_ACCESS_MODE_QUEUE,
  SSDB_ACCESS_MODE_THREADS,
} SsdbAccessMode;

/**
 * SsdbAccessSpec:
 * @block_size: transfer size of each random read, bytes [4096]; a multiple of the logical
 *   block size
 * @span_offset: first byte of the span [0]
 * @span_length: bytes in the span [0 = to the end of the target]; "first N GB" is a length
 * @depths: queue depths (or thread counts) of the steps, each 1..%SSDB_MAX_QUEUE_DEPTH
 *   (1..%SSDB_MAX_THREADS in thread mode), rising [1, 2, 4, 8, 16, 32]
 * @n_depths: entries in @depths, 1..%SSDB_ACCESS_MAX_STEPS
 * @mode: queue depth or threads [queue]
 * @step_duration_ns: length of each step, ns [3 s]; 0 for count-based steps
 * @step_ios: reads per step [0 = time-based]; with both set, a step ends at whichever comes
 *   first
 * @fill: write random data over the span first when the target is writable [FALSE]; a test
 *   file is always filled (it holds no data until written)
 * @seed: seed of offsets and fill data [1]
 *
 * Settings of the access-time distribution (Ipeak's "access time by queue depth").
 */
typedef struct
{
  guint block_size;
  guint64 span_offset;
  guint64 span_length;
  guint depths[SSDB_ACCESS_MAX_STEPS];
  guint n_depths;
  SsdbAccessMode mode;
  guint64 step_duration_ns;
  guint64 step_ios;
  gboolean fill;
  guint64 seed;
} SsdbAccessSpec;

/** ssdb_access_spec_init: fills @spec with the defaults above. */
void
ssdb_access_spec_init (SsdbAccessSpec *spec);

/**
 * ssdb_access_bin_edge_ns:
 * @index: 0 .. %SSDB_ACCESS_N_BINS
 *
 * Edges of the logarithmic display bins: edge k = 10 µs × 10^(k / 10), rounded to whole ns;
 * bin k covers [edge k, edge k + 1). Edge 0 is 10 µs, edge 60 is 10 s.
 *
 * Returns: the edge in ns.
 */
guint64
ssdb_access_bin_edge_ns (guint index);

/**
 * SsdbAccessStep:
 * @depth: the asked queue depth (queue mode) or thread count (thread mode)
 * @job: the job as run
 * @state: pending, running, done, cancelled or failed
 * @io: everything ssdb_io_run() measured (full latency histogram in @io.latency)
 * @bins: reads per display bin (see ssdb_access_bin_edge_ns())
 * @below: reads faster than 10 µs
 * @above: reads of 10 s or more
 * @iops: reads per second
 * @mean_ns: mean access time (exact), ns
 * @median_ns: median, ns
 * @p99_ns: 99th percentile, ns
 * @min_ns: fastest read, ns
 * @max_ns: slowest read, ns
 * @achieved_depth: mean requests in flight over the whole step, all threads together (Little's
 *   law: sum of latencies / window); compare with @depth
 * @fio_command: the equivalent fio command line
 *
 * One step of the distribution. @below + sum(@bins) + @above == @io.ios.
 */
typedef struct
{
  guint depth;
  SsdbJobSpec job;
  SsdbEntryState state;
  SsdbIoResult io;
  guint64 bins[SSDB_ACCESS_N_BINS];
  guint64 below;
  guint64 above;
  double iops;
  double mean_ns;
  guint64 median_ns;
  guint64 p99_ns;
  guint64 min_ns;
  guint64 max_ns;
  double achieved_depth;
  char *fio_command;
} SsdbAccessStep;

/**
 * SsdbAccessPoint:
 * @depth: asked depth (or threads)
 * @iops: measured IOPS
 * @mean_ns: mean access time, ns
 * @achieved_depth: mean requests in flight
 *
 * What the analysis needs of one step.
 */
typedef struct
{
  guint depth;
  double iops;
  double mean_ns;
  double achieved_depth;
} SsdbAccessPoint;

/**
 * SsdbAccessVerdict:
 * @SSDB_ACCESS_VERDICT_UNKNOWN: too few steps (or depths too close) to tell
 * @SSDB_ACCESS_VERDICT_SERIAL: mean access time grows in proportion to the depth: the drive
 *   serves queued requests one at a time, in the order given
 * @SSDB_ACCESS_VERDICT_REORDERS: access time grows, but clearly less than the depth: the drive
 *   reorders (or overlaps) queued requests
 * @SSDB_ACCESS_VERDICT_PARALLEL: access time grows far less than the queue: the drive serves queued
 *   requests in parallel and IOPS grow almost with the depth
 */
typedef enum
{
  SSDB_ACCESS_VERDICT_UNKNOWN,
  SSDB_ACCESS_VERDICT_SERIAL,
  SSDB_ACCESS_VERDICT_REORDERS,
  SSDB_ACCESS_VERDICT_PARALLEL,
} SsdbAccessVerdict;

/**
 * SsdbAccessAnalysis:
 * @first_depth: depth of the first step
 * @last_depth: depth of the last step
 * @iops_gain: IOPS of the last step / IOPS of the first
 * @latency_growth: mean access time of the last step / that of the first
 * @exponent: slope b of the least-squares fit log(mean) = a + b log(depth) over all steps: 1
 *   when access time grows linearly with the depth (no reordering), 0 when it stays flat
 * @slope_ns: slope of the linear least-squares fit of mean access time against depth, ns per
 *   additional queued request
 * @verdict: the classification of @exponent (>= 0.85 serial, <= 0.25 parallel, else reorders)
 * @short_depth: %TRUE when some step reached less than 90 % of its asked depth
 * @words: (nullable): the finding in a sentence or two
 * @rotational: the analysis was of a spinning disk (its words speak of NCQ)
 */
typedef struct
{
  guint first_depth;
  guint last_depth;
  double iops_gain;
  double latency_growth;
  double exponent;
  double slope_ns;
  SsdbAccessVerdict verdict;
  gboolean short_depth;
  char *words;
  gboolean rotational;
} SsdbAccessAnalysis;

/**
 * ssdb_access_analyze:
 * @points: (array length=n_points): the steps, any order
 * @n_points: number of steps
 * @mode: queue depths or threads (for the words: "QD32" or "32 threads")
 * @out: (out caller-allocates): the analysis; free its members with
 *   ssdb_access_analysis_clear()
 *
 * Compares the steps the way Ipeak's access-time-by-queue-depth charts are read: by Little's
 * law a drive that serves one request at a time gets no more IOPS at a higher depth and its mean
 * access time grows by the depth ratio; a drive that reorders (NCQ) or serves in parallel gains
 * IOPS and its access time grows less. Steps with no reads are ignored. The words are those of
 * a device that is not rotational (see ssdb_access_analyze_device()).
 */
void
ssdb_access_analyze (const SsdbAccessPoint *points, guint n_points, SsdbAccessMode mode,
                     SsdbAccessAnalysis *out);

/**
 * ssdb_access_analyze_device:
 * @points: (array length=n_points): the steps, any order
 * @n_points: number of steps
 * @mode: queue depths or threads
 * @rotational: the device is a spinning disk: a gain that is neither serial nor fully parallel
 *   is then NCQ reordering (shorter seeks), and the words say so; otherwise they speak of the
 *   requests served at once
 * @out: (out caller-allocates): as for ssdb_access_analyze()
 *
 * ssdb_access_analyze() for a device that is or is not rotational. The words say how many
 * requests the device serves at once (the IOPS gain, by Little's law).
 */
void
ssdb_access_analyze_device (const SsdbAccessPoint *points, guint n_points, SsdbAccessMode mode,
                            gboolean rotational, SsdbAccessAnalysis *out);

/** ssdb_access_analysis_clear: frees the members of @analysis. */
void
ssdb_access_analysis_clear (SsdbAccessAnalysis *analysis);

/** ssdb_access_verdict_to_string: Returns: "unknown", "serial", "reorders" or "parallel". */
const char *
ssdb_access_verdict_to_string (SsdbAccessVerdict verdict);

/**
 * SsdbAccessResult:
 * @spec: the settings, with @span_length resolved
 * @steps: (element-type SsdbAccessStep): one per depth, in @spec order, pending until run
 * @analysis: the comparison of the steps that completed
 * @prepare_ns: time spent filling the span (0 if not filled)
 * @cancelled: the run stopped early; completed steps are kept
 * @temperature: (nullable): the drive's temperature during the run
 *   (ssdb_target_recording_begin()), %NULL when the drive shows no sensor or in reports from
 *   before it was recorded
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the
 *   run, %NULL when the run did not write, the drive shows no such counter, or in reports from
 *   before it was recorded
 */
typedef struct
{
  SsdbAccessSpec spec;
  GArray *steps;
  SsdbAccessAnalysis analysis;
  guint64 prepare_ns;
  gboolean cancelled;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbAccessResult;

/**
 * ssdb_access_result_new:
 * @spec: the settings
 *
 * Returns: (transfer full): a result with one pending step per depth.
 */
SsdbAccessResult *
ssdb_access_result_new (const SsdbAccessSpec *spec);
void
ssdb_access_result_free (SsdbAccessResult *result);

/**
 * ssdb_access_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, new steps (with their fio commands) and a copy of the
 * analysis words.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_access_result_free(); %NULL when
 *   @result is %NULL.
 */
SsdbAccessResult *
ssdb_access_result_dup (const SsdbAccessResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbAccessResult, ssdb_access_result_free)

/**
 * SsdbAccessProgressFunc:
 * @result: the result so far (read it during the call only)
 * @step: index of the running step (-1 while filling)
 * @fraction: 0..1 of the whole run
 *
 * Called on the worker thread a few times a second and after each step.
 */
typedef void (*SsdbAccessProgressFunc) (SsdbAccessResult *result, int step, double fraction,
                                        gpointer user_data);

/**
 * ssdb_access_result_analyze:
 * @result: a result with steps
 * @rotational: the target is a spinning disk (see ssdb_access_analyze_device())
 *
 * Recomputes @result->analysis from the steps that are done. When steps are missing (a stopped
 * run), the words add that they cover the depths measured. Called by ssdb_access_run() once
 * the last step is done or the run stops (no words while it goes on), and on loading a report.
 */
void
ssdb_access_result_analyze (SsdbAccessResult *result, gboolean rotational);

/**
 * ssdb_access_result_dup_words:
 * @result: a result analysed with ssdb_access_result_analyze()
 *
 * Writes the words of @result's analysis again, in the language W_() answers in (a chart's,
 * inside a painter's language scope; English elsewhere, the same as @result->analysis.words).
 *
 * Returns: (transfer full) (nullable): the words
 */
char *
ssdb_access_result_dup_words (const SsdbAccessResult *result);

/**
 * ssdb_access_run:
 * @target: an open target (writable only if the span is to be filled)
 * @result: from ssdb_access_result_new(); filled in place
 * @progress: (nullable): progress (worker thread)
 * @cancellable: (nullable): cancel; the running step is marked cancelled and kept
 *
 * Runs random reads of @block_size over the span at each depth in turn (queue mode: one libaio
 * context at that queue depth; thread mode: that many threads at QD1, each over its own slice
 * of the span), then re-bins each step's latency histogram into the logarithmic display bins
 * and analyses the series. Blocks until done.
 *
 * Returns: %TRUE when every step ran, %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT naming
 *   the setting, SSDB_ERROR_CANCELLED with @result->cancelled set, SSDB_ERROR_IO).
 */
gboolean
ssdb_access_run (SsdbTarget *target, SsdbAccessResult *result, SsdbAccessProgressFunc progress,
                 gpointer user_data, GCancellable *cancellable, GError **error);

/**
 * ssdb_access_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_access_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_access_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_access_result_check (const SsdbAccessResult *result, const SsdbTargetInfo *target,
                          GError **error);

G_END_DECLS
