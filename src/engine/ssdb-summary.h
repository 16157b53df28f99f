/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-estimate.h"
#include "ssdb-io.h"
#include "ssdb-target.h"
#include "ssdb-unwritten.h"

G_BEGIN_DECLS

/**
 * SsdbProfile:
 * @SSDB_PROFILE_DEFAULT: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1
 * @SSDB_PROFILE_PEAK: SEQ1M Q8T1, RND4K Q32T16
 * @SSDB_PROFILE_REALWORLD: SEQ1M Q1T1, RND4K Q1T1
 * @SSDB_PROFILE_NVME: SEQ1M Q8T1, SEQ128K Q32T1, RND4K Q32T16, RND4K Q1T1
 *
 * The test sets of CrystalDiskMark 8's profiles.
 */
typedef enum
{
  SSDB_PROFILE_DEFAULT,
  SSDB_PROFILE_PEAK,
  SSDB_PROFILE_REALWORLD,
  SSDB_PROFILE_NVME,
} SsdbProfile;

/**
 * SsdbAggregate:
 * @SSDB_AGGREGATE_BEST: the pass with the highest rate (CrystalDiskMark's way)
 * @SSDB_AGGREGATE_MEAN: the mean of the passes
 */
typedef enum
{
  SSDB_AGGREGATE_BEST,
  SSDB_AGGREGATE_MEAN,
} SsdbAggregate;

/**
 * SsdbSummaryTest:
 * @name: "SEQ1M Q8T1"
 * @access: sequential or random
 * @block_size: transfer size, bytes
 * @queue_depth: per thread
 * @threads: thread count
 */
typedef struct
{
  const char *name;
  SsdbAccess access;
  guint block_size;
  guint queue_depth;
  guint threads;
} SsdbSummaryTest;

/**
 * ssdb_profile_get_tests:
 * @n_tests: (out): number of tests
 *
 * Returns: (transfer none): the profile's tests, in display order.
 */
const SsdbSummaryTest *
ssdb_profile_get_tests (SsdbProfile profile, guint *n_tests);

/** ssdb_profile_to_string: Returns: "default", "peak", "realworld" or "nvme". */
const char *
ssdb_profile_to_string (SsdbProfile profile);
/** ssdb_profile_from_string: Returns: %TRUE if @text names a profile. */
gboolean
ssdb_profile_from_string (const char *text, SsdbProfile *out);

/**
 * SsdbOnError:
 * @SSDB_ON_ERROR_STOP: a test that fails (an I/O error) ends the run; the tests after it are
 *   skipped
 * @SSDB_ON_ERROR_CONTINUE: the failed test keeps what it measured and the run goes on with the
 *   next test
 *
 * What a summary run does after a test fails. A cancel always ends the run.
 */
typedef enum
{
  SSDB_ON_ERROR_STOP,
  SSDB_ON_ERROR_CONTINUE,
} SsdbOnError;

/** ssdb_on_error_to_string: Returns: "stop" or "continue". */
const char *
ssdb_on_error_to_string (SsdbOnError policy);
/** ssdb_on_error_from_string: Returns: %TRUE if @text is "stop" or "continue". */
gboolean
ssdb_on_error_from_string (const char *text, SsdbOnError *out);

/**
 * SsdbSummarySpec:
 * @profile: test set
 * @size: test size in bytes [1 GiB]: the region every test runs over
 * @offset: first byte of the region on a device [0]
 * @count: passes per test [5], 1..9
 * @duration_ns: length of one pass [5 s]
 * @interval_ns: pause between passes [0]
 * @do_read: run the read tests
 * @do_write: run the write tests (needs a writable target)
 * @do_mix: run the mixed tests (needs a writable target)
 * @mix_read_percent: read share of the mixed tests [70]
 * @data: data pattern for writes [random]
 * @aggregate: best-of or mean [best]
 * @warmup: run one unmeasured pass before each test's passes
 * @seed: seed for offsets and data
 * @on_error: after a failed test, stop the run or continue with the next test [stop]
 */
typedef struct
{
  SsdbProfile profile;
  guint64 size;
  guint64 offset;
  guint count;
  guint64 duration_ns;
  guint64 interval_ns;
  gboolean do_read;
  gboolean do_write;
  gboolean do_mix;
  guint mix_read_percent;
  SsdbDataPattern data;
  SsdbAggregate aggregate;
  gboolean warmup;
  guint64 seed;
  SsdbOnError on_error;
} SsdbSummarySpec;

/** ssdb_summary_spec_init: fills @spec with CrystalDiskMark's defaults. */
void
ssdb_summary_spec_init (SsdbSummarySpec *spec);

/**
 * SsdbSummaryEntry:
 * @test: which test
 * @rw: read, write or mix
 * @job: the job as run (one pass)
 * @passes: (element-type SsdbIoResult): every measured pass
 * @aggregate: the aggregate over @passes (best-of: the best pass; mean: rates and latency means
 *   averaged, histograms merged)
 * @fio_command: the equivalent fio command line
 * @state: %SSDB_ENTRY_PENDING, _DONE, _SKIPPED, _CANCELLED or _FAILED
 * @message: (nullable): why skipped or failed
 * @quoted: the latency an imported file states (SsdbQuotedLatency)
 * @imported: the entry is a figure of an imported file (SsdbSummaryResult.imported): its rate
 *   and IOPS stand without request counts, and nothing checked them
 */
typedef enum
{
  SSDB_ENTRY_PENDING,
  SSDB_ENTRY_RUNNING,
  SSDB_ENTRY_DONE,
  SSDB_ENTRY_SKIPPED,
  SSDB_ENTRY_CANCELLED,
  SSDB_ENTRY_FAILED,
} SsdbEntryState;

/**
 * SsdbQuotedLatency:
 * @mean_ns: mean latency, ns (0: not stated)
 * @p99_ns: 99th percentile, ns (0: not stated)
 * @max_ns: maximum, ns (0: not stated)
 *
 * A latency as another tool's result file states it, for an imported entry, whose latency
 * histograms are empty (the file holds no samples to rebuild them from).
 */
typedef struct
{
  double mean_ns;
  double p99_ns;
  double max_ns;
} SsdbQuotedLatency;

typedef struct
{
  SsdbSummaryTest test;
  SsdbRw rw;
  SsdbJobSpec job;
  GArray *passes;
  SsdbIoResult aggregate;
  char *fio_command;
  SsdbEntryState state;
  char *message;
  SsdbQuotedLatency quoted;
  gboolean imported;
} SsdbSummaryEntry;

/**
 * ssdb_summary_entry_mean_latency_ns:
 * @entry: an entry
 *
 * Returns: the mean latency of the entry's aggregate, ns: the measured one when the entry holds
 *   latency samples, else the one an imported file states (SsdbSummaryEntry.quoted), else 0.
 */
double
ssdb_summary_entry_mean_latency_ns (const SsdbSummaryEntry *entry);

/**
 * ssdb_summary_entry_spread:
 * @entry: an entry
 * @min_bytes_per_second: (out) (optional): the slowest pass's rate, B/s
 * @max_bytes_per_second: (out) (optional): the fastest pass's rate, B/s
 *
 * The spread of an entry's rate across its passes: what the best-of or mean figure stands on.
 *
 * Returns: the number of passes measured (0: none, and the outputs are set to 0)
 */
guint
ssdb_summary_entry_spread (const SsdbSummaryEntry *entry, double *min_bytes_per_second,
                           double *max_bytes_per_second);

/**
 * SsdbSummaryImport:
 * @tool: the program that measured: "fio", "CrystalDiskMark" or "KDiskMark"
 * @version: (nullable): its version as the file gives it ("fio-3.33", "8.0.4 x64")
 * @file: the imported file's name, without its folder
 * @settings: (nullable): the run's settings as the file states them, on one line
 *   ("Test: 1 GiB (x5) [Interval: 5 sec]"; fio's global options)
 * @date: (nullable): when the file says the run was made, as it writes it
 * @system: (nullable): the system the file names (CrystalDiskMark's "OS:" line, the host of a
 *   fio client/server run)
 *
 * Where an imported summary comes from. Its entries hold one pass each: the figure the file
 * states, with empty latency histograms and the stated latency in SsdbSummaryEntry.quoted.
 */
typedef struct
{
  char *tool;
  char *version;
  char *file;
  char *settings;
  char *date;
  char *system;
} SsdbSummaryImport;

/** ssdb_summary_import_free: frees @import and its strings; %NULL is ignored. */
void
ssdb_summary_import_free (SsdbSummaryImport *import);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbSummaryImport, ssdb_summary_import_free)
/** ssdb_summary_import_dup: Returns: (transfer full) (nullable): a deep copy, %NULL for %NULL. */
SsdbSummaryImport *
ssdb_summary_import_dup (const SsdbSummaryImport *import);
/**
 * ssdb_summary_import_name:
 * Returns: (transfer full): the tool and its version: "CrystalDiskMark 8.0.4 x64", "fio-3.33",
 *   "KDiskMark" (no version stated).
 */
char *
ssdb_summary_import_name (const SsdbSummaryImport *import);
/**
 * ssdb_summary_import_describe:
 * Returns: (transfer full): "CrystalDiskMark 8.0.4 x64 result (cdm.txt)", "fio-3.33 result
 *   (run.json)": what a chart's subtitle and a text report say of an imported summary.
 */
char *
ssdb_summary_import_describe (const SsdbSummaryImport *import);

/**
 * SsdbSummaryResult:
 * @spec: the settings the run used
 * @entries: (element-type SsdbSummaryEntry): one per test x rw, in run order (reads, writes,
 *   mixes, each in the profile's order)
 * @writes_skipped_reason: (nullable): why write and mix tests did not run
 * @started_unix: wall-clock start, seconds since the epoch
 * @prepare_ns: time spent filling the region before read tests (0 if not filled)
 * @unwritten_percent: for reads of a region that could not be filled first, the share of it
 *   that was never written or was trimmed (ssdb_target_measure_unwritten())
 * @unwritten_source: how @unwritten_percent was found; %SSDB_UNWRITTEN_UNKNOWN when the region
 *   was filled first or not looked at
 * @temperature: (nullable): the drive's temperature during the run
 *   (ssdb_target_recording_begin()), %NULL when the drive shows no sensor or in reports from
 *   before it was recorded
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the
 *   run, %NULL when the run did not write, the drive shows no such counter, or in reports from
 *   before it was recorded
 * @imported: (nullable): where the numbers come from when they were imported from another
 *   tool's result file (ssdb_report_open()); %NULL for a run of SSD Bench
 */
typedef struct
{
  SsdbSummarySpec spec;
  GPtrArray *entries;
  char *writes_skipped_reason;
  gint64 started_unix;
  guint64 prepare_ns;
  guint unwritten_percent;
  SsdbUnwrittenSource unwritten_source;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
  SsdbSummaryImport *imported;
} SsdbSummaryResult;

void
ssdb_summary_result_free (SsdbSummaryResult *result);

/**
 * ssdb_summary_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, new copies of the entries (their passes, fio commands and
 * messages) and of the reason writes were skipped.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_summary_result_free(); %NULL when
 *   @result is %NULL.
 */
SsdbSummaryResult *
ssdb_summary_result_dup (const SsdbSummaryResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbSummaryResult, ssdb_summary_result_free)

/**
 * ssdb_summary_result_new:
 *
 * Returns: (transfer full): an empty result whose entries list every test the spec will run on
 *   @target, all pending (or skipped with the reason), so a UI can show the grid before the run.
 */
SsdbSummaryResult *
ssdb_summary_result_new (const SsdbSummarySpec *spec, SsdbTarget *target);

/**
 * ssdb_summary_result_find:
 * Returns: (transfer none) (nullable): the entry for the test named @name and @rw.
 */
SsdbSummaryEntry *
ssdb_summary_result_find (SsdbSummaryResult *result, const char *name, SsdbRw rw);

/**
 * SsdbSummaryProgress:
 * @entry_index: index in SsdbSummaryResult.entries of the running entry (-1 while preparing)
 * @pass: 0-based pass (-1 during warm-up)
 * @fraction: 0..1 of the whole run
 * @entry_fraction: 0..1 of the running entry
 * @bytes_per_second: live rate of the running pass
 * @phase: "prepare", "warmup", "measure", "interval" or "done"
 */
typedef struct
{
  int entry_index;
  int pass;
  double fraction;
  double entry_fraction;
  double bytes_per_second;
  const char *phase;
} SsdbSummaryProgress;

/**
 * SsdbSummaryProgressFunc:
 *
 * Called on the worker thread after each pass and a few times a second; the entry at
 * progress->entry_index may be read (its aggregate updated) during the call only.
 */
typedef void (*SsdbSummaryProgressFunc) (SsdbSummaryResult *result,
                                         const SsdbSummaryProgress *progress, gpointer user_data);

/**
 * ssdb_summary_run:
 * @target: an open target
 * @result: from ssdb_summary_result_new() for the same target; filled in place
 * @progress: (nullable): progress callback (worker thread)
 * @cancellable: (nullable): cancel; the running entry is marked cancelled and kept
 *
 * Runs the suite the way CrystalDiskMark does: fills the region with random data first when the
 * target is writable, then for each test `count` passes of `duration` each, with `interval`
 * between passes; reads, then writes, then mixes. Blocks until done.
 *
 * A test that fails (SSDB_ERROR_IO: the message names the device, the operation, the offset in
 * bytes and the errno) is marked %SSDB_ENTRY_FAILED with that message and keeps the passes
 * measured so far (the interrupted pass marked cancelled); the run then stops (the tests after
 * it are skipped) or goes on, as SsdbSummarySpec.on_error says. A device that stops answering
 * ends the run on cancel: the running entry is cancelled with a message that says the device
 * is not responding.
 *
 * Returns: %TRUE when every planned entry ran, %FALSE with @error on cancel or on the first
 *   error (also when the run went on after it); @result keeps every pass measured so far.
 */
gboolean
ssdb_summary_run (SsdbTarget *target, SsdbSummaryResult *result, SsdbSummaryProgressFunc progress,
                  gpointer user_data, GCancellable *cancellable, GError **error);

/** ssdb_rw_to_string: Returns: "read", "write" or "mix". */
const char *
ssdb_rw_to_string (SsdbRw rw);

/**
 * ssdb_rw_to_words:
 * @rw: a direction
 *
 * Returns: "read", "write" or "mix" in the words' language of the calling thread
 *   (engine/ssdb-words.h), for the sentences that name a test ("RND4K Q32T1 write").
 */
const char *
ssdb_rw_to_words (SsdbRw rw);

/**
 * ssdb_summary_estimate:
 * @result: a result as ssdb_summary_result_new() makes it, before its run (its pending entries
 *   are what will run)
 * @out: (inout): what the run adds: each pending entry's passes (and warm-up) of
 *   @spec.duration_ns with the intervals between them as timed; the region of @spec.size
 *   written once first when an entry reads (the run prepares it on a writable target)
 */
void
ssdb_summary_estimate (const SsdbSummaryResult *result, SsdbRunEstimate *out);

/**
 * ssdb_summary_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_summary_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_summary_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_summary_result_check (const SsdbSummaryResult *result, const SsdbTargetInfo *target,
                           GError **error);

G_END_DECLS
