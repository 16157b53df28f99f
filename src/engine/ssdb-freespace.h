/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-estimate.h"
#include "ssdb-trim.h"
#include "ssdb-verdict.h"

G_BEGIN_DECLS

/**
 * SsdbFreespaceSpec:
 * @span_offset: first byte of the span [0]
 * @span_length: bytes in the span [0 = to the end of the target]
 * @step_percent: the share of the span each step fills, 1..100 [10]
 * @summary: the summary run after each step; it runs over the last SsdbSummarySpec.size bytes
 *   of the span (the free space that is left, until the last steps fill it too)
 * @test_mask: which of the profile's tests run (bit i: test i) [0 = all]
 * @seed: seed of the data [1]
 * @stress: before everything, write the span's size in random 4 KiB writes over it
 *   (ssdb_target_stress_random(), a "full-LBA random write" as reviewers run it) [FALSE]
 *
 * Settings of the speed-versus-free-space test: the summary on the empty span, then fill the
 * span from its start with random data @step_percent at a time, running the summary after each
 * step, until it is full.
 */
typedef struct
{
  guint64 span_offset;
  guint64 span_length;
  guint step_percent;
  SsdbSummarySpec summary;
  guint test_mask;
  guint64 seed;
  gboolean stress;
} SsdbFreespaceSpec;

/** ssdb_freespace_spec_init: fills @spec with the defaults above. */
void
ssdb_freespace_spec_init (SsdbFreespaceSpec *spec);

/* A drop counts when it is at least this share ... */
#define SSDB_FREESPACE_MIN_DROP 0.10
/* ... and at least this multiple of the noise between neighbouring steps (the root mean square
 * of their relative second differences, over sqrt 6, so that a steady slope is not noise);
 * more with few steps, see ssdb_freespace_noise_multiple(). */
#define SSDB_FREESPACE_NOISE_MULTIPLE 4.0
/* "No effect" needs steps quiet enough that a drop of this share would have counted. */
#define SSDB_FREESPACE_DECIDABLE_DROP 0.25

/**
 * SsdbFreespaceStep:
 * @used_percent: share of the span filled, 0..100
 * @used_bytes: bytes of the span filled from its start (the span × @used_percent / 100,
 *   rounded down to the DIO alignment; the last step is the whole span)
 * @fill_bytes: bytes this step wrote (@used_bytes minus the previous step's)
 * @fill_ns: how long writing them took, ns
 * @device_write_bytes: bytes the device's own counters saw written during the fill
 * @counters_valid: %FALSE when the device has no counters
 * @rates: (element-type SsdbTestRate): the summary's rates after this step
 */
typedef struct
{
  guint used_percent;
  guint64 used_bytes;
  guint64 fill_bytes;
  guint64 fill_ns;
  guint64 device_write_bytes;
  gboolean counters_valid;
  GArray *rates;
} SsdbFreespaceStep;

/**
 * SsdbFreespaceResult:
 * @spec: the settings, span resolved
 * @steps: (element-type SsdbFreespaceStep): 0 %, then each step, in order
 * @words: (nullable): the finding in a sentence
 * @verdict: found (a test's last two steps average a drop beyond its threshold below its
 *   first two), no effect (no test's drop reaches %SSDB_FREESPACE_MIN_DROP, in steps quiet
 *   enough that a drop of %SSDB_FREESPACE_DECIDABLE_DROP would have counted), inconclusive
 *   (also for a drop beyond %SSDB_FREESPACE_MIN_DROP that the noise could explain), or none
 *   without steps
 * @cancelled: the run stopped early; the steps done are kept
 * @running: the summary test running in the "summary" phase (empty name in "fill"); read it
 *   in the progress callback
 * @stress: what the random-write stress wrote (block_size 0 without one)
 * @temperature: (nullable): the drive's temperature during the run
 *   (ssdb_target_recording_begin()), %NULL when the drive shows no sensor or in reports from
 *   before it was recorded
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the
 *   run, %NULL when the run did not write, the drive shows no such counter, or in reports from
 *   before it was recorded
 */
typedef struct
{
  SsdbFreespaceSpec spec;
  GArray *steps;
  char *words;
  SsdbVerdict verdict;
  gboolean cancelled;
  SsdbBehaviourRunning running;
  SsdbStressResult stress;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbFreespaceResult;

SsdbFreespaceResult *
ssdb_freespace_result_new (const SsdbFreespaceSpec *spec);
void
ssdb_freespace_result_free (SsdbFreespaceResult *result);

/**
 * ssdb_freespace_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, new steps (with their rates) and a copy of the words.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_freespace_result_free(); %NULL when
 *   @result is %NULL.
 */
SsdbFreespaceResult *
ssdb_freespace_result_dup (const SsdbFreespaceResult *result);

/**
 * ssdb_freespace_estimate:
 * @result: a new result (its settings, before its run)
 * @target_bytes: the target's size in bytes; 0 when not known
 * @out: (inout): what the run adds, summed into it
 *
 * What a run of @result's settings takes: the summary tests at each step, and the span filled
 * once in steps.
 *
 * Returns: %FALSE (@out unchanged) when the run's size cannot be known: its span runs to the end
 *   of a target of unknown size
 */
gboolean
ssdb_freespace_estimate (const SsdbFreespaceResult *result, guint64 target_bytes,
                         SsdbRunEstimate *out);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbFreespaceResult, ssdb_freespace_result_free)

/**
 * ssdb_freespace_step_bytes:
 * @span_length: bytes in the span
 * @used_percent: 0..100
 * @align: the DIO alignment, bytes
 *
 * Returns: the bytes a step at @used_percent has filled: @span_length × @used_percent / 100
 *   rounded down to @align (exactly @span_length at 100).
 */
guint64
ssdb_freespace_step_bytes (guint64 span_length, guint used_percent, guint align);

/**
 * ssdb_freespace_noise_multiple:
 * @n_steps: steps measured (0 %, then each step), 4 or more
 *
 * The multiple of the noise a drop must exceed when the noise was measured on @n_steps steps:
 * the noise then rests on only @n_steps − 2 second differences, and a low estimate of it from
 * so few would let noise pass for a drop. The one-sided 99.9 % quantile of Student's t
 * distribution for @n_steps − 2 degrees of freedom (NIST/SEMATECH e-Handbook of Statistical
 * Methods, 1.3.6.7.2, critical values of the t distribution), and never less than
 * %SSDB_FREESPACE_NOISE_MULTIPLE: 10.2 for 5 steps of 25 %, 4.30 for 11 steps of 10 %, 4 from
 * 14 steps on.
 *
 * Returns: the multiple; %SSDB_FREESPACE_NOISE_MULTIPLE for fewer than 4 steps (no noise is
 *   measured then)
 */
double
ssdb_freespace_noise_multiple (guint n_steps);

/**
 * ssdb_freespace_summarize:
 * @result: a result whose @steps hold rates
 *
 * Recomputes @verdict and @words. For each test: its rate on the full span against the empty
 * one, the change from the mean of its first two steps to the mean of its last two, and the
 * noise between its neighbouring steps. A drop counts when it exceeds the larger of
 * %SSDB_FREESPACE_MIN_DROP and ssdb_freespace_noise_multiple() × that noise; the words name the
 * test, its rates and the threshold ("With the span 100 % full, SEQ1M Q8T1 write runs at 41 %
 * of its speed on the empty span (812 against 1980 MB/s): this device slows down as it fills.
 * ..."). Fewer than 4 steps cannot measure the noise: inconclusive.
 */
void
ssdb_freespace_summarize (SsdbFreespaceResult *result);

/**
 * ssdb_freespace_result_dup_words:
 * @result: a result
 *
 * The words ssdb_freespace_summarize() writes for @result, in the chart language of the calling
 * thread (engine/ssdb-words.h): English outside a painter's language scope. @result is not changed.
 *
 * Returns: (transfer full) (nullable): the words.
 */
char *
ssdb_freespace_result_dup_words (const SsdbFreespaceResult *result);

/**
 * ssdb_freespace_test_noise:
 * @result: a result whose @steps hold rates
 * @test: index of a test in each step's rates
 * @threshold: (out) (optional): the drop ssdb_freespace_summarize() requires of the test, as a
 *   fraction (0.14 for 14 %): the larger of %SSDB_FREESPACE_MIN_DROP and
 *   ssdb_freespace_noise_multiple() × the noise; -1 when the noise is not measured
 *
 * The noise ssdb_freespace_summarize() measures for one test: the root mean square of the
 * relative second differences of its rates between neighbouring steps, over sqrt 6 (a steady
 * slope is not noise), as a fraction.
 *
 * Returns: the noise (0.177 for 17.7 %); -1 with fewer than 4 steps or a step without a rate
 */
double
ssdb_freespace_test_noise (const SsdbFreespaceResult *result, guint test, double *threshold);

/**
 * SsdbFreespaceProgressFunc:
 * @step: index in @result->steps of the running step (it may not be appended yet)
 * @phase: "fill" or "summary"
 * @fraction: 0..1 of the whole test
 *
 * Called on the worker thread a few times a second. In "summary", @result->running names
 * the summary test that runs and its own fraction.
 */
typedef void (*SsdbFreespaceProgressFunc) (SsdbFreespaceResult *result, guint step,
                                           const char *phase, double fraction, gpointer user_data);

/**
 * ssdb_freespace_run:
 * @target: a target open for writing
 * @result: from ssdb_freespace_result_new(); filled in place
 * @progress: (nullable): progress (worker thread)
 * @cancellable: (nullable): cancel; the steps done are kept
 *
 * Runs the steps. Blocks until done.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT naming the setting,
 *   SSDB_ERROR_UNSAFE, SSDB_ERROR_CANCELLED with @result->cancelled set, SSDB_ERROR_IO).
 */
gboolean
ssdb_freespace_run (SsdbTarget *target, SsdbFreespaceResult *result,
                    SsdbFreespaceProgressFunc progress, gpointer user_data,
                    GCancellable *cancellable, GError **error);

/**
 * ssdb_freespace_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_freespace_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_freespace_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_freespace_result_check (const SsdbFreespaceResult *result, const SsdbTargetInfo *target,
                             GError **error);

G_END_DECLS
