/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-estimate.h"
#include "ssdb-fill.h"
#include "ssdb-verdict.h"

G_BEGIN_DECLS

/**
 * SsdbReadbackResult:
 * @spec: the fill settings (SsdbFillSpec.passes and .read_back are ignored: two write passes,
 *   each followed by its reads; SsdbFillSpec.read_back_repeats is 1 for a new result: each
 *   pass's data is read twice in a row)
 * @first: (nullable): pass 1: the write over the span and the reads of what it wrote (a
 *   #SsdbFillResult whose passes are the write, the read and the second read; reports of
 *   earlier versions hold one read)
 * @second: (nullable): pass 2: the write over the data of pass 1 and its reads
 * @first_read_bytes_per_second: read rate over data written by pass 1, B/s: the bytes of its
 *   complete reads over their time (0 when not measured)
 * @second_read_bytes_per_second: read rate over data written by pass 2, B/s, likewise
 * @difference_percent: (second - first) / first × 100
 * @verdict: found: |@difference_percent| reaches the threshold: the largest of
 *   %SSDB_READBACK_NOISE_PERCENT, %SSDB_READBACK_NOISE_MULTIPLE × @noise_percent and
 *   %SSDB_READBACK_REPEAT_MULTIPLE × @repeat_percent; no effect: below
 *   %SSDB_READBACK_NOISE_PERCENT with both noises small enough that a difference of that size
 *   would show; inconclusive otherwise (or when the reads' segments are missing)
 * @noise_percent: how much the two reads differ from place to place: the span cut where a
 *   segment of each read ends, the stretches between joined into %SSDB_READBACK_GROUPS groups
 *   of consecutive stretches of about equal bytes (fewer when there are fewer stretches), each
 *   read's time over a group the sum of its own segments' times; the robust scale
 *   (ssdb_robust_scale()) of the groups' rate ratios pass 2 / pass 1, in percent. -1 when
 *   fewer than %SSDB_READBACK_MIN_SEGMENTS groups were measured. Groups rather than single
 *   segments, so that a device or a throttle that completes requests in bursts scatters by how
 *   its rate varies along the span, not by when each burst fell.
 * @repeat_percent: how much two reads of the same data differ: for each pass, |read 2 - read 1|
 *   over their mean, in percent; the larger of the two passes'. -1 when a pass has no second
 *   complete read (reports made before the second read, a stopped run). The machine's own
 *   speed drifts (the first read after a write often runs slower, CPU and memory contention
 *   come and go for seconds), and a drift between the two passes' reads would read as a
 *   difference the data made; two reads of the same data in a row show how large it is.
 * @words: (nullable): the finding in a sentence
 * @cancelled: the run stopped early
 * @temperature: (nullable): the drive's temperature during the run
 *   (ssdb_target_recording_begin()), %NULL when the drive shows no sensor or in reports from
 *   before it was recorded
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the
 *   run, %NULL when the run did not write, the drive shows no such counter, or in reports from
 *   before it was recorded
 *
 * Read-after-write: does data written onto a full drive (pass 2, after the SLC cache and
 * garbage collection had to make room) read back slower than data written onto an empty one?
 */
typedef struct
{
  SsdbFillSpec spec;
  SsdbFillResult *first;
  SsdbFillResult *second;
  double first_read_bytes_per_second;
  double second_read_bytes_per_second;
  double difference_percent;
  SsdbVerdict verdict;
  double noise_percent;
  double repeat_percent;
  char *words;
  gboolean cancelled;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbReadbackResult;

SsdbReadbackResult *
ssdb_readback_result_new (const SsdbFillSpec *spec);
void
ssdb_readback_result_free (SsdbReadbackResult *result);

/**
 * ssdb_readback_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, copies of the two fill passes (when the result holds
 * them) and of the words.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_readback_result_free(); %NULL when
 *   @result is %NULL.
 */
SsdbReadbackResult *
ssdb_readback_result_dup (const SsdbReadbackResult *result);

/**
 * ssdb_readback_estimate:
 * @result: a new result (its settings, before its run)
 * @target_bytes: the target's size in bytes; 0 when not known
 * @out: (inout): what the run adds, summed into it
 *
 * What a run of @result's settings takes: two passes, each writing the span and reading it
 * back (1 + SsdbFillSpec.read_back_repeats times).
 *
 * Returns: %FALSE (@out unchanged) when the run's size cannot be known: its span runs to the end
 *   of a target of unknown size
 */
gboolean
ssdb_readback_estimate (const SsdbReadbackResult *result, guint64 target_bytes,
                        SsdbRunEstimate *out);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbReadbackResult, ssdb_readback_result_free)

/* Read rates of the two passes that differ by less than this many percent do not differ: a
 * single read pass over a few hundred MiB scatters by about this much on a busy machine. */
#define SSDB_READBACK_NOISE_PERCENT 10.0
/* A difference counts only beyond this multiple of the segments' own scatter. */
#define SSDB_READBACK_NOISE_MULTIPLE 3.0
/* Segment groups needed to measure that scatter. */
#define SSDB_READBACK_MIN_SEGMENTS 4
/* Groups of segments the scatter compares (an eighth of the span each). */
#define SSDB_READBACK_GROUPS 8
/* A difference counts only beyond this multiple of the larger difference between two reads of
 * the same data. With a single read's rate scattering by s, two reads differ by about 1.13 s on
 * average and the two passes' rates (each of two reads) by s: twice the larger of two such
 * differences is about three times s. */
#define SSDB_READBACK_REPEAT_MULTIPLE 2.0
/* Further reads of each pass's data a report may hold (SsdbFillSpec.read_back_repeats). */
#define SSDB_READBACK_MAX_REPEATS 1

/**
 * ssdb_readback_summarize:
 * @result: a result with both read rates
 *
 * Recomputes @first_read_bytes_per_second and @second_read_bytes_per_second from the passes'
 * complete reads (when a pass has any), @difference_percent, @noise_percent, @repeat_percent,
 * @verdict and @words ("Data written by pass 2 reads at 1830 MB/s, 25 % slower than data
 * written by pass 1 (2440 MB/s), beyond the 10 % threshold ..."); the words name the verdict
 * and the threshold that decided it.
 */
void
ssdb_readback_summarize (SsdbReadbackResult *result);

/**
 * ssdb_readback_result_dup_words:
 * @result: a result
 *
 * The words ssdb_readback_summarize() writes for @result, in the chart language of the calling
 * thread (engine/ssdb-words.h): English outside a painter's language scope. @result is not changed.
 *
 * Returns: (transfer full) (nullable): the words.
 */
char *
ssdb_readback_result_dup_words (const SsdbReadbackResult *result);

/**
 * ssdb_readback_pass_rates:
 * @result: a result
 * @pass: 1 or 2
 * @write_bytes_per_second: (out) (optional): the pass's write rate, B/s; -1 when it has no
 *   complete write
 * @read_bytes_per_second: (out) (optional): the pass's read rate, B/s: its complete reads'
 *   bytes over their time (each read's bytes over its rate); -1 when it has none
 *
 * The rates the charts, tables and words show for one pass.
 */
void
ssdb_readback_pass_rates (const SsdbReadbackResult *result, guint pass,
                          double *write_bytes_per_second, double *read_bytes_per_second);

/**
 * ssdb_readback_add_pass:
 * @result: a result
 * @pass: 1 or 2
 * @rw: %SSDB_RW_WRITE or %SSDB_RW_READ
 * @bytes: bytes transferred
 * @window_ns: how long it took, ns
 * @bytes_per_second: the pass's mean rate, B/s
 * @complete: the pass covered the whole span
 *
 * Appends a pass (without its rate series) to @result->first or @result->second, creating it,
 * and sets the pass's read rate from its complete reads (ssdb_readback_pass_rates()). For
 * results rebuilt from a report.
 */
void
ssdb_readback_add_pass (SsdbReadbackResult *result, guint pass, SsdbRw rw, guint64 bytes,
                        guint64 window_ns, double bytes_per_second, gboolean complete);

/**
 * SsdbReadbackProgressFunc:
 * @pass: 1 or 2
 * @rw: %SSDB_RW_WRITE or %SSDB_RW_READ
 * @fraction: 0..1 of the whole test
 * @bytes_per_second: the latest interval's rate, B/s
 *
 * Called on the worker thread a few times a second.
 */
typedef void (*SsdbReadbackProgressFunc) (SsdbReadbackResult *result, guint pass, SsdbRw rw,
                                          double fraction, double bytes_per_second,
                                          gpointer user_data);

/**
 * ssdb_readback_run:
 * @target: a target open for writing (a device with the permission naming it, or a test file)
 * @result: from ssdb_readback_result_new(); filled in place
 *
 * Runs ssdb_fill_run() twice with one write pass and its read-backs each, so that the reads
 * after pass 1 cover data written to the empty span and the reads after pass 2 data written
 * over it.
 *
 * Returns: %TRUE, or %FALSE with @error as ssdb_fill_run(); @result keeps what was measured.
 */
gboolean
ssdb_readback_run (SsdbTarget *target, SsdbReadbackResult *result,
                   SsdbReadbackProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                   GError **error);

/**
 * ssdb_readback_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_readback_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_readback_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_readback_result_check (const SsdbReadbackResult *result, const SsdbTargetInfo *target,
                            GError **error);

G_END_DECLS
