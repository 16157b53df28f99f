/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-estimate.h"
#include "ssdb-summary.h"
#include "ssdb-target-fill.h"
#include "ssdb-verdict.h"

G_BEGIN_DECLS

/* Summary subsets, shared by the TRIM and free-space tests ------------------------------- */

/* Longest test name kept in a #SsdbTestRate, with its NUL ("SEQ128K Q32T1"). */
#define SSDB_TEST_NAME_MAX 24

/**
 * SsdbTestRate:
 * @name: the summary test ("SEQ1M Q8T1")
 * @rw: %SSDB_RW_READ, %SSDB_RW_WRITE or %SSDB_RW_MIX
 * @bytes_per_second: the aggregate rate of its passes, B/s (0 when it did not run)
 *
 * One cell of a summary run, as the behaviour tests keep it.
 */
typedef struct
{
  char name[SSDB_TEST_NAME_MAX];
  SsdbRw rw;
  double bytes_per_second;
} SsdbTestRate;

/**
 * SsdbBehaviourRunning:
 * @name: the summary test that runs now ("SEQ1M Q8T1"); "" outside a summary test (a fill, a
 *   delete, the summary preparing its region)
 * @rw: its read, write or mix
 * @fraction: 0..1 of that test (of its passes)
 * @bytes_per_second: the live rate of its running pass, B/s (0 outside a pass)
 * @phase: (nullable): the summary's phase ("prepare", "warmup", "measure", "interval", "done"),
 *   %NULL outside a summary; a static string
 *
 * What a TRIM or free-space run is doing inside its summary, for progress callbacks: the
 * results' `running` field, valid during a progress callback.
 */
typedef struct
{
  char name[SSDB_TEST_NAME_MAX];
  SsdbRw rw;
  double fraction;
  double bytes_per_second;
  const char *phase;
} SsdbBehaviourRunning;

/**
 * ssdb_behaviour_running_clear:
 * @running: what runs
 *
 * Sets @running to "nothing": empty name, fraction 0, no phase.
 */
void
ssdb_behaviour_running_clear (SsdbBehaviourRunning *running);

/**
 * ssdb_behaviour_running_update:
 * @running: what runs, updated
 * @summary: the summary that runs
 * @progress: its progress
 *
 * Copies the running entry's name, rw, fraction and rate from @progress (an empty name while the
 * summary prepares its region, with @progress->entry_index at -1).
 */
void
ssdb_behaviour_running_update (SsdbBehaviourRunning *running, const SsdbSummaryResult *summary,
                               const SsdbSummaryProgress *progress);

/**
 * ssdb_behaviour_summary_spec_init:
 * @spec: (out caller-allocates): the summary settings
 *
 * The summary a behaviour test runs between its steps: the default profile's four tests, read
 * and write, over 64 MiB, one pass of 1 s each, random data.
 */
void
ssdb_behaviour_summary_spec_init (SsdbSummarySpec *spec);

/**
 * ssdb_behaviour_tests_parse:
 * @profile: the profile whose tests are named
 * @text: test names separated by commas ("SEQ1M Q8T1,RND4K Q1T1"; case and the space do not
 *   matter: "seq1mq8t1")
 * @mask: (out): bit i set for the profile's test i
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT naming the unknown test
 *   and the profile's tests).
 */
gboolean
ssdb_behaviour_tests_parse (SsdbProfile profile, const char *text, guint *mask, GError **error);

/**
 * ssdb_behaviour_summary_new:
 * @spec: the summary settings
 * @test_mask: which of the profile's tests run (bit i: test i); 0 for all
 * @target: the target
 *
 * Returns: (transfer full): ssdb_summary_result_new() keeping only the entries of the chosen
 *   tests.
 */
SsdbSummaryResult *
ssdb_behaviour_summary_new (const SsdbSummarySpec *spec, guint test_mask, SsdbTarget *target);

/**
 * ssdb_behaviour_summary_rates:
 * @summary: a summary run
 *
 * Returns: (transfer full) (element-type SsdbTestRate): the aggregate rate of each entry, in
 *   the run's order.
 */
GArray *
ssdb_behaviour_summary_rates (const SsdbSummaryResult *summary);

/**
 * ssdb_behaviour_summary_check:
 * @spec: the summary settings of a behaviour test (its size and offset are the kind's to
 *   check against its span)
 * @test_mask: which of the profile's tests run (bit i: test i); 0 for all
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * What ssdb_summary_run() refuses of a behaviour test's summary, so that the TRIM and free-space
 * runs refuse it before their first write: the pass count (1 to 9), a duration of 0, a test
 * size too small for a chosen test's threads and transfers, and a chosen test's transfer size
 * that @target cannot take (ssdb_spec_check_block()).
 *
 * Returns: %TRUE when the summary's settings fit @target
 */
gboolean
ssdb_behaviour_summary_check (const SsdbSummarySpec *spec, guint test_mask,
                              const SsdbTargetInfo *target, GError **error);

/**
 * ssdb_behaviour_span_align:
 * @target: the target's facts
 *
 * The unit of a TRIM or free-space span: 4096 bytes (the random-write stress's transfer), or the
 * target's logical block size or direct-I/O alignment when larger.
 *
 * Returns: bytes
 */
guint
ssdb_behaviour_span_align (const SsdbTargetInfo *target);

/**
 * ssdb_behaviour_span_check:
 * @span_offset: the span's first byte
 * @span_length: its bytes; 0 for the rest of the target, in whole units
 *   (ssdb_behaviour_span_align())
 * @target: the target's facts (a size of 0 is not known)
 * @resolved: (out) (optional): the span's length as the run resolves it; 0 when @span_length
 *   is 0 and the target's size is not known
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the span, the target and why
 *
 * The span check of the TRIM and free-space tests: within the target, starting and ending on
 * a whole unit, and not empty.
 *
 * Returns: %TRUE when the span fits @target
 */
gboolean
ssdb_behaviour_span_check (guint64 span_offset, guint64 span_length, const SsdbTargetInfo *target,
                           guint64 *resolved, GError **error);

/* TRIM and recycling -------------------------------------------------------------------- */

/* Most fill-and-delete rounds. */
#define SSDB_TRIM_MAX_ROUNDS 100

/**
 * SsdbTrimSpec:
 * @span_offset: first byte of the span [0]
 * @span_length: bytes in the span [0 = to the end of the target]
 * @rounds: fill-and-delete rounds, 1..%SSDB_TRIM_MAX_ROUNDS [5]
 * @discard: delete with discard (TRIM): `BLKDISCARD` on a device, a punched hole in a test
 *   file [TRUE]; %FALSE deletes without telling the device, as a file system without TRIM does
 * @summary: the summary run before and after the rounds (its offset is the span's start)
 * @test_mask: which of the profile's tests run (bit i: test i) [0 = all]
 * @seed: seed of the data [1]
 * @stress: before everything, write the span's size in random 4 KiB writes over it
 *   (ssdb_target_stress_random(), a "full-LBA random write" as reviewers run it) [FALSE]
 *
 * Settings of the TRIM / recycling test: summary; then @rounds times fill the span with random
 * data and delete it; summary again. The retention is how much of its speed each test keeps.
 */
typedef struct
{
  guint64 span_offset;
  guint64 span_length;
  guint rounds;
  gboolean discard;
  SsdbSummarySpec summary;
  guint test_mask;
  guint64 seed;
  gboolean stress;
} SsdbTrimSpec;

/** ssdb_trim_spec_init: fills @spec with the defaults above. */
void
ssdb_trim_spec_init (SsdbTrimSpec *spec);

/**
 * SsdbTrimRound:
 * @fill_bytes: bytes written by the fill
 * @fill_ns: how long the fill took, ns
 * @fill_bytes_per_second: its rate, B/s
 * @deleted_bytes: bytes discarded (0 without discard)
 * @delete_ns: how long the discard took, ns
 */
typedef struct
{
  guint64 fill_bytes;
  guint64 fill_ns;
  double fill_bytes_per_second;
  guint64 deleted_bytes;
  guint64 delete_ns;
} SsdbTrimRound;

/**
 * SsdbTrimTest:
 * @name: the summary test
 * @rw: read, write or mix
 * @before_bytes_per_second: rate before the rounds, B/s
 * @after_bytes_per_second: rate after them, B/s (0 when not measured)
 * @retention_percent: @after_bytes_per_second / @before_bytes_per_second × 100 (0 when either
 *   is missing)
 * @before_spread_percent: (fastest - slowest) / fastest of the passes of the summary before, in
 *   percent; -1 with fewer than two passes (and in reports of earlier versions)
 * @after_spread_percent: the same for the summary after
 */
typedef struct
{
  char name[SSDB_TEST_NAME_MAX];
  SsdbRw rw;
  double before_bytes_per_second;
  double after_bytes_per_second;
  double retention_percent;
  double before_spread_percent;
  double after_spread_percent;
} SsdbTrimTest;

/**
 * SsdbTrimResult:
 * @spec: the settings, span resolved
 * @tests: (element-type SsdbTrimTest): one per summary entry, in run order
 * @rounds: (element-type SsdbTrimRound): the rounds done
 * @before: (nullable): the summary before the rounds (in memory only; not in reports)
 * @after: (nullable): the summary after them (in memory only)
 * @min_retention_percent: the lowest retention of @tests (0 when none)
 * @verdict: found: a test kept less than 100 % minus the threshold (the loss bound,
 *   100 - %SSDB_TRIM_LOSS_PERCENT, or %SSDB_TRIM_NOISE_MULTIPLE × @noise_percent when that is
 *   larger; twice the loss bound when the spread was not measured); no effect: the spread was
 *   measured and small enough to show a loss of the loss bound, and every test kept at least
 *   %SSDB_TRIM_LOSS_PERCENT and gained no more than the threshold; inconclusive otherwise
 * @noise_percent: the largest spread between passes of any test, before or after, in percent;
 *   -1 when no test ran two passes
 * @words: (nullable): the finding in a sentence
 * @cancelled: the run stopped early
 * @running: the summary test running in the "before" and "after" phases (empty name in the
 *   others); read it in the progress callback
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
  SsdbTrimSpec spec;
  GArray *tests;
  GArray *rounds;
  SsdbSummaryResult *before;
  SsdbSummaryResult *after;
  double min_retention_percent;
  SsdbVerdict verdict;
  double noise_percent;
  char *words;
  gboolean cancelled;
  SsdbBehaviourRunning running;
  SsdbStressResult stress;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbTrimResult;

SsdbTrimResult *
ssdb_trim_result_new (const SsdbTrimSpec *spec);
void
ssdb_trim_result_free (SsdbTrimResult *result);

/**
 * ssdb_trim_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, new arrays of the tests and rounds, copies of the
 * summaries before and after (when the result holds them) and of the words.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_trim_result_free(); %NULL when
 *   @result is %NULL.
 */
SsdbTrimResult *
ssdb_trim_result_dup (const SsdbTrimResult *result);

/**
 * ssdb_trim_estimate:
 * @result: a new result (its settings, before its run)
 * @target_bytes: the target's size in bytes; 0 when not known
 * @out: (inout): what the run adds, summed into it
 *
 * What a run of @result's settings takes: the summary tests before and after, and a fill of
 * the span per round (the discards are left out: a device completes them in seconds).
 *
 * Returns: %FALSE (@out unchanged) when the run's size cannot be known: its span runs to the end
 *   of a target of unknown size
 */
gboolean
ssdb_trim_estimate (const SsdbTrimResult *result, guint64 target_bytes, SsdbRunEstimate *out);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbTrimResult, ssdb_trim_result_free)

/* Retention thresholds of the TRIM words. A loss counts below this retention (or below 100 %
 * minus SSDB_TRIM_NOISE_MULTIPLE times the spread between passes, when that is lower); filling
 * and deleting cannot make a device faster than it was fresh, so a gain beyond the same margin
 * shows that the run is too noisy to judge. */
#define SSDB_TRIM_LOSS_PERCENT 85.0
#define SSDB_TRIM_NOISE_MULTIPLE 3.0
/* Summary passes before and after the rounds by default: enough to measure their spread. */
#define SSDB_TRIM_DEFAULT_PASSES 3

/**
 * ssdb_trim_summarize:
 * @result: a result whose @tests hold the rates
 *
 * Recomputes each retention, the lowest one, @noise_percent, @verdict and @words ("After 5 rounds
 * of filling and deleting with discard (TRIM), the tests keep 97 % to 101 % of their speed,
 * within the 15 % a loss must exceed, and passes differed by up to 3 %: no effect; the device
 * recovers its performance."). The spreads of @tests must be set (ssdb_trim_run() does).
 */
void
ssdb_trim_summarize (SsdbTrimResult *result);

/**
 * ssdb_trim_result_dup_words:
 * @result: a result
 *
 * The words ssdb_trim_summarize() writes for @result, in the chart language of the calling thread
 * (engine/ssdb-words.h): English outside a painter's language scope. @result is not changed.
 *
 * Returns: (transfer full) (nullable): the words.
 */
char *
ssdb_trim_result_dup_words (const SsdbTrimResult *result);

/**
 * ssdb_trim_delete:
 * @target: a writable target
 * @offset: first byte, DIO-aligned
 * @length: bytes, DIO-aligned
 *
 * Discards the range: `BLKDISCARD` on a device, `fallocate (PUNCH_HOLE | KEEP_SIZE)` on a test
 * file. Large ranges go in 1 GiB pieces so a cancel takes effect between them.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_UNSAFE when writes are not allowed,
 *   SSDB_ERROR_INVALID_ARGUMENT when the device or file system does not support discard,
 *   SSDB_ERROR_IO naming the offset and errno, SSDB_ERROR_CANCELLED).
 */
gboolean
ssdb_trim_delete (SsdbTarget *target, guint64 offset, guint64 length, GCancellable *cancellable,
                  GError **error);

/**
 * SsdbTrimProgressFunc:
 * @phase: "before", "fill", "delete" or "after"
 * @round: 0-based round of "fill" and "delete"
 * @fraction: 0..1 of the whole test
 *
 * Called on the worker thread a few times a second. In "before" and "after",
 * @result->running names the summary test that runs and its own fraction.
 */
typedef void (*SsdbTrimProgressFunc) (SsdbTrimResult *result, const char *phase, guint round,
                                      double fraction, gpointer user_data);

/**
 * ssdb_trim_run:
 * @target: a target open for writing
 * @result: from ssdb_trim_result_new(); filled in place
 * @progress: (nullable): progress (worker thread)
 * @cancellable: (nullable): cancel
 *
 * Runs the summary, the rounds and the summary again. Blocks until done.
 *
 * Returns: %TRUE, or %FALSE with @error (as ssdb_summary_run() and ssdb_trim_delete();
 *   SSDB_ERROR_INVALID_ARGUMENT before anything runs for bad settings or a device without
 *   discard when @result->spec.discard is set).
 */
gboolean
ssdb_trim_run (SsdbTarget *target, SsdbTrimResult *result, SsdbTrimProgressFunc progress,
               gpointer user_data, GCancellable *cancellable, GError **error);

/**
 * ssdb_trim_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_trim_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_trim_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_trim_result_check (const SsdbTrimResult *result, const SsdbTargetInfo *target, GError **error);

G_END_DECLS
