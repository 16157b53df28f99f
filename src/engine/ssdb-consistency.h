/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-estimate.h"
#include "ssdb-io.h"

G_BEGIN_DECLS

/* The SNIA PTS steady-state rule: a measurement window of this many rounds ... */
#define SSDB_STEADY_STATE_WINDOW 5u
/* ... whose values lie within this fraction of their mean (max - min <= 20 % of the mean) ... */
#define SSDB_STEADY_STATE_RANGE 0.20
/* ... and whose least-squares line changes by at most this fraction of the mean across the
 * window (|slope| x (rounds - 1) <= 10 % of the mean). */
#define SSDB_STEADY_STATE_SLOPE 0.10

/* Most rounds a consistency run records (a day of 1 s rounds). */
#define SSDB_CONSISTENCY_MAX_ROUNDS 86400u

/* A final round shorter than this fraction of the round length was cut off by the end of the
 * run: it holds the drain of the queue (requests complete, none are submitted) and reads low,
 * so the steady state and the tail leave it out. Full rounds are never shorter than the round
 * length (a round closes at the first sample after it). */
#define SSDB_CONSISTENCY_FULL_ROUND 0.9

/* The preconditioning writes of SNIA PTS 2.0.1 (workload-independent preconditioning):
 * sequential, this transfer size, this queue depth ... */
#define SSDB_PRECONDITION_BLOCK_SIZE (128u * 1024)
#define SSDB_PRECONDITION_QUEUE_DEPTH 32u
/* ... and at most this many passes over the span. */
#define SSDB_PRECONDITION_MAX_PASSES 8u

/**
 * SsdbSteadyState:
 * @reached: a window met the rule
 * @round: 1-based number of the last round of the first window that met the rule (the round at
 *   which steady state was reached, as SNIA PTS reports it); 0 when not reached
 * @first_round: 1-based number of the window's first round (@round - window + 1); 0 when not
 *   reached
 * @mean: mean of the values in that window (or, when not reached, in the last window)
 * @range: max - min of the values in the window
 * @slope: slope of the least-squares line through the window, value units per round
 * @fit_excursion: |@slope| x (window - 1): how far the fitted line moves across the window
 *
 * What ssdb_steady_state_find() found.
 */
typedef struct
{
  gboolean reached;
  guint round;
  guint first_round;
  double mean;
  double range;
  double slope;
  double fit_excursion;
} SsdbSteadyState;

/**
 * ssdb_steady_state_find:
 * @values: (array length=n): one value per round (IOPS, MB/s, ...), in order
 * @n: rounds in @values
 * @window: rounds in a measurement window (SNIA PTS: %SSDB_STEADY_STATE_WINDOW); >= 2
 * @range_limit: largest allowed (max - min) / mean in the window (PTS: %SSDB_STEADY_STATE_RANGE)
 * @slope_limit: largest allowed excursion of the least-squares line over the window, as a
 *   fraction of the mean (PTS: %SSDB_STEADY_STATE_SLOPE)
 * @out: (out caller-allocates): the result
 *
 * The steady-state rule of the SNIA Solid State Storage Performance Test Specification (SSS
 * PTS Enterprise 1.1 and PTS 2.0, the definition of "Steady State"): the first window of
 * @window consecutive rounds in which (1) the range of the values, max(y) - min(y), is within
 * @range_limit of their mean and (2) the range of the best linear fit over the window, |slope| x
 * (window - 1), is within @slope_limit of the mean. Both limits are inclusive. Windows whose mean
 * is 0 or that hold a value that is not finite never qualify. Fewer than @window rounds: not
 * reached.
 *
 * Returns: @out->reached.
 */
gboolean
ssdb_steady_state_find (const double *values, gsize n, guint window, double range_limit,
                        double slope_limit, SsdbSteadyState *out);

/**
 * SsdbConsistencySpec:
 * @block_size: transfer size [4 KiB]
 * @queue_depth: [32]
 * @span_offset: first byte of the region written [0]
 * @span_length: bytes of the region [0 = to the end of the target]
 * @duration_ns: length of the run [5 min]
 * @round_ns: length of a round, the resolution of the IOPS series and the unit of the steady-
 *   state window [1 s]
 * @tail_percent: the last part of the run over which the mean and the mean / standard
 *   deviation are reported, % of the rounds [20]
 * @data: data written [random]
 * @seed: seed of the offsets and the data [1]
 * @precondition_passes: passes of sequential 128 KiB writes at QD32 over the whole span before
 *   the measured rounds, the workload-independent preconditioning of SNIA PTS 2.0.1 (which asks
 *   for 2: twice the capacity) [0 = none]
 *
 * Performance consistency: 4 KiB random writes at QD32 for a while, IOPS per round, as
 * AnandTech plots it, and the SNIA PTS steady-state check over the rounds.
 */
typedef struct
{
  guint block_size;
  guint queue_depth;
  guint64 span_offset;
  guint64 span_length;
  guint64 duration_ns;
  guint64 round_ns;
  guint tail_percent;
  SsdbDataPattern data;
  guint64 seed;
  guint precondition_passes;
} SsdbConsistencySpec;

/** ssdb_consistency_spec_init: fills @spec with the defaults above. */
void
ssdb_consistency_spec_init (SsdbConsistencySpec *spec);

/**
 * SsdbConsistencyRound:
 * @elapsed_ns: end of the round since the run began, ns
 * @ios: writes completed in the round
 * @iops: @ios over the round's real length, I/O per second
 */
typedef struct
{
  guint64 elapsed_ns;
  guint64 ios;
  double iops;
} SsdbConsistencyRound;

/**
 * SsdbConsistencyResult:
 * @spec: the settings, span resolved
 * @rounds: (element-type SsdbConsistencyRound): one per round, in order
 * @ios: writes completed in all
 * @bytes: bytes written
 * @window_ns: length of the run
 * @iops: mean IOPS of the whole run
 * @steady: the SNIA PTS rule over the rounds' IOPS (ssdb_consistency_analyze()), without a
 *   final round cut short by the end of the run (ssdb_consistency_rounds_analysed())
 * @tail_rounds: rounds in the last part (SsdbConsistencySpec.tail_percent of the analysed
 *   rounds, at least 1 when there are rounds)
 * @tail_mean_iops: mean IOPS of those rounds
 * @tail_sd_iops: their standard deviation (population)
 * @tail_mean_over_sd: @tail_mean_iops / @tail_sd_iops, higher is steadier; 0 when the
 *   deviation is 0 or there are no rounds
 * @words: the finding in plain words
 * @cancelled: the run stopped early
 * @temperature: (nullable): the drive's temperature during the run
 * (ssdb_target_record_temperature()), %NULL when the drive shows no sensor or in reports from
 * before it was recorded
 * @precondition_bytes: bytes written by the preconditioning passes
 * @precondition_ns: time they took
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the run
 *   (ssdb_target_drive_counts_begin()), %NULL when the run did not write, the drive shows no
 *   such counter, or in reports from before it was recorded
 */
typedef struct
{
  SsdbConsistencySpec spec;
  GArray *rounds;
  guint64 ios;
  guint64 bytes;
  guint64 window_ns;
  double iops;
  SsdbSteadyState steady;
  guint tail_rounds;
  double tail_mean_iops;
  double tail_sd_iops;
  double tail_mean_over_sd;
  char *words;
  gboolean cancelled;
  guint64 precondition_bytes;
  guint64 precondition_ns;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbConsistencyResult;

SsdbConsistencyResult *
ssdb_consistency_result_new (const SsdbConsistencySpec *spec);
void
ssdb_consistency_result_free (SsdbConsistencyResult *result);

/**
 * ssdb_consistency_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, a new array of the rounds and a copy of the words.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_consistency_result_free(); %NULL
 *   when @result is %NULL.
 */
SsdbConsistencyResult *
ssdb_consistency_result_dup (const SsdbConsistencyResult *result);

/**
 * ssdb_consistency_estimate:
 * @result: a new result (its settings, before its run)
 * @target_bytes: the target's size in bytes; 0 when not known
 * @out: (inout): what the run adds, summed into it
 *
 * What a run of @result's settings takes: its duration (timed) and its preconditioning passes
 * over the span.
 *
 * Returns: %FALSE (@out unchanged) when the run's size cannot be known: its span runs to the end
 *   of a target of unknown size
 */
gboolean
ssdb_consistency_estimate (const SsdbConsistencyResult *result, guint64 target_bytes,
                           SsdbRunEstimate *out);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbConsistencyResult, ssdb_consistency_result_free)

/**
 * ssdb_consistency_analyze:
 * @result: a result whose rounds are set
 *
 * Computes @result->steady, the tail statistics and the words from @result->rounds (replacing
 * the words it held). Deterministic: a loaded report gives back the same numbers.
 */
void
ssdb_consistency_analyze (SsdbConsistencyResult *result);

/**
 * ssdb_consistency_result_dup_words:
 * @result: a result
 *
 * The words ssdb_consistency_analyze() writes for @result, in the chart language of the calling
 * thread (engine/ssdb-words.h): English outside a painter's language scope. @result is not changed.
 *
 * Returns: (transfer full) (nullable): the words.
 */
char *
ssdb_consistency_result_dup_words (const SsdbConsistencyResult *result);

/**
 * ssdb_consistency_rounds_analysed:
 * @result: a result whose rounds are set
 *
 * How many of the first rounds the steady state and the tail use: all of them, or all but the
 * last when the last is shorter than %SSDB_CONSISTENCY_FULL_ROUND of
 * SsdbConsistencySpec.round_ns (measured from the end of the round before; the first round
 * from 0) and is not the only one.
 *
 * Returns: a count of rounds, at most `result->rounds->len`
 */
guint
ssdb_consistency_rounds_analysed (const SsdbConsistencyResult *result);

/**
 * SsdbConsistencyProgressFunc:
 * @result: the result being filled (its rounds grow; read them only here)
 * @elapsed_ns: time since the measured rounds began
 * @iops: the latest round's IOPS
 * @fraction: 0..1 of the run, preconditioning included
 *
 * Called on the I/O thread about once per round. While the preconditioning passes run (before
 * the first round) it is called about four times a second with @result->rounds empty,
 * @result->precondition_bytes and @result->precondition_ns so far, @elapsed_ns the time since
 * the preconditioning began and @iops the rate of its %SSDB_PRECONDITION_BLOCK_SIZE writes.
 */
typedef void (*SsdbConsistencyProgressFunc) (SsdbConsistencyResult *result, guint64 elapsed_ns,
                                             double iops, double fraction, gpointer user_data);

/**
 * ssdb_consistency_run:
 * @target: a target open for writing (a device with the permission naming it, or a test file)
 * @result: from ssdb_consistency_result_new()
 * @progress: (nullable): progress
 * @cancellable: (nullable): cancel; the rounds done so far are kept and analysed
 * @error: SSDB_ERROR_INVALID_ARGUMENT (settings), SSDB_ERROR_UNSAFE (not writable), SSDB_ERROR_IO,
 *   SSDB_ERROR_CANCELLED
 *
 * First writes SsdbConsistencySpec.precondition_passes passes over the whole span, sequential
 * %SSDB_PRECONDITION_BLOCK_SIZE writes at QD%SSDB_PRECONDITION_QUEUE_DEPTH with the spec's data
 * (a span that is not a whole number of those ends with one shorter write), recording their
 * bytes and time; a cancel or an error there ends the run with no rounds. Then runs the random
 * writes for SsdbConsistencySpec.duration_ns, records IOPS per round and analyses them. A last
 * round shorter than half a round is dropped.
 *
 * Returns: %TRUE, or %FALSE with @error; @result keeps what was measured.
 */
gboolean
ssdb_consistency_run (SsdbTarget *target, SsdbConsistencyResult *result,
                      SsdbConsistencyProgressFunc progress, gpointer user_data,
                      GCancellable *cancellable, GError **error);

/**
 * ssdb_consistency_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_consistency_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_consistency_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_consistency_result_check (const SsdbConsistencyResult *result, const SsdbTargetInfo *target,
                               GError **error);

G_END_DECLS
