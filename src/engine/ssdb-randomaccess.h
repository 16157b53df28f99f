/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-estimate.h"
#include "ssdb-io.h"
#include "ssdb-summary.h"
#include "ssdb-target.h"
#include "ssdb-unwritten.h"

G_BEGIN_DECLS

/* Most fixed transfer sizes in one random-access run. */
#define SSDB_RANDOM_ACCESS_MAX_SIZES 8

/* Most access-time dots a row keeps for the scatter chart. */
#define SSDB_RANDOM_ACCESS_MAX_DOTS 100000

/* Most dots of all rows together: a report reads at most SSDB_REPORT_MAX_VALUES (2 000 000)
 * JSON values, and a dot is four (an object of three numbers); 200 000 dots leave more than
 * half of them to the other tests a saved report holds beside this one. */
#define SSDB_RANDOM_ACCESS_MAX_TOTAL_DOTS 200000

/**
 * SsdbRandomAccessSpec:
 * @sizes: the fixed transfer sizes, bytes, rising; 0 stands for the target's logical block
 *   size (HD Tune's "512 bytes" row on a 512-byte drive) [0, 4 KiB, 64 KiB, 1 MiB]
 * @n_sizes: entries in @sizes, 1..%SSDB_RANDOM_ACCESS_MAX_SIZES
 * @mixed: add HD Tune's "Random" row: each request takes one of @sizes at random, all with the
 *   same share (HD Tune does not document its own mix; this one is SSD Bench's) [TRUE]
 * @do_read: measure reads [TRUE]
 * @do_write: measure writes [FALSE]; needs a writable target
 * @span_offset: first byte of the span [0]
 * @span_length: bytes in the span [0 = to the end of the target]
 * @row_duration_ns: length of each row's run, ns [3 s]; 0 for count-based rows
 * @row_ios: requests per row [0 = time-based]; with both set a row ends at whichever comes
 *   first
 * @max_dots: access-time dots kept per row for the scatter chart, a uniform sample of the
 *   row's requests, 0..%SSDB_RANDOM_ACCESS_MAX_DOTS [2000], and at most
 *   %SSDB_RANDOM_ACCESS_MAX_TOTAL_DOTS over all rows
 * @fill: write random data over the span before reading when the target is writable
 *   [FALSE]; a test file is always filled (it holds no data until written)
 * @data: data pattern of writes [random]
 * @seed: seed of offsets, sizes and data [1]
 *
 * Settings of the random-access table (HD Tune Pro's "Random Access" tab): at each transfer
 * size in turn, one request at a time (queue depth 1) at uniformly random offsets over the
 * span, each offset a whole number of transfer sizes from the start of the span (fio's
 * `randread` alignment: aligned to the size itself when @span_offset is); reads first, then
 * writes.
 *
 * The mixed row draws each request's size from @sizes with equal weights (fio's `--bssplit`)
 * and places it at a random multiple of the SMALLEST size from the start of the span (fio's
 * `--blockalign`): the engine's size mix has one alignment for all sizes, so a 64 KiB request
 * of the mix may start on any 512-byte (or 4 KiB) boundary, not on a 64 KiB one.
 *
 * With a single size there is no mixed row (it would repeat that size's row).
 */
typedef struct
{
  guint sizes[SSDB_RANDOM_ACCESS_MAX_SIZES];
  guint n_sizes;
  gboolean mixed;
  gboolean do_read;
  gboolean do_write;
  guint64 span_offset;
  guint64 span_length;
  guint64 row_duration_ns;
  guint64 row_ios;
  guint max_dots;
  gboolean fill;
  SsdbDataPattern data;
  guint64 seed;
} SsdbRandomAccessSpec;

/** ssdb_random_access_spec_init: fills @spec with the defaults above. */
void
ssdb_random_access_spec_init (SsdbRandomAccessSpec *spec);

/**
 * ssdb_random_access_spec_fit:
 * @spec: settings
 * @target: the target's facts (logical_block_size and dio_offset_align; 0 when not known)
 *
 * Makes the default sizes fit a target before the result is made: a size of 0 becomes the
 * target's block size (the larger of its logical block size and direct-I/O alignment), and is
 * dropped when that is not below the next size (on a 4096-byte-sector drive the default
 * [0, 4 KiB, 64 KiB, 1 MiB] becomes [4 KiB, 64 KiB, 1 MiB]). Nothing changes when the block size
 * is not known. Other sizes are left as they are for ssdb_random_access_result_check() to judge.
 */
void
ssdb_random_access_spec_fit (SsdbRandomAccessSpec *spec, const SsdbTargetInfo *target);

/**
 * SsdbRandomAccessDot:
 * @offset: first byte of the request on the target, bytes
 * @latency_ns: its access time, submit to completion, ns
 * @size: its transfer size, bytes
 *
 * One request of a row, for the scatter chart (access time against position).
 */
typedef struct
{
  guint64 offset;
  guint64 latency_ns;
  guint size;
} SsdbRandomAccessDot;

/**
 * SsdbRandomAccessRow:
 * @size: transfer size, bytes (resolved: never 0); for the mixed row the largest size
 * @mixed: the row is HD Tune's "Random" row (sizes drawn from the spec's sizes)
 * @rw: %SSDB_RW_READ or %SSDB_RW_WRITE
 * @state: pending, running, done, cancelled or failed
 * @ios: completed requests
 * @bytes: completed bytes
 * @window_ns: measured window, ns
 * @iops: requests per second (HD Tune's "operations / s")
 * @bytes_per_second: B/s (show as MB/s = 10^6 B/s; HD Tune's "average speed")
 * @mean_ns: mean access time, ns (HD Tune's "avg. access time")
 * @p99_ns: 99th percentile access time, ns
 * @max_ns: slowest request, ns (HD Tune's "max. access time")
 * @engine: how the requests were issued (ssdb_job_spec_engine())
 * @fio_command: the equivalent fio command line
 * @measure: the members from @ios to @fio_command as one SsdbIoMeasure
 * @dots: (element-type SsdbRandomAccessDot): a uniform sample of the row's requests, at most
 *   SsdbRandomAccessSpec.max_dots (min (max_dots, @ios) entries), in no particular order
 *   (Algorithm R over the completed requests, SsdbIoTrace)
 *
 * One row of the table: one transfer size (or the mix) in one direction.
 */
typedef struct
{
  guint size;
  gboolean mixed;
  SsdbRw rw;
  SsdbEntryState state;
  union
  {
    struct
    {
      SSDB_IO_MEASURE_MEMBERS
    };
    SsdbIoMeasure measure;
  };
  GArray *dots;
} SsdbRandomAccessRow;

/**
 * SsdbRandomAccessResult:
 * @spec: the settings, @span_length and the 0 size resolved
 * @rows: (element-type SsdbRandomAccessRow): the read rows (each size, then the mix), then the
 *   write rows, pending until run
 * @prepare_ns: time spent filling the span (0 if not filled)
 * @filled: the span was filled with random data before the reads (the spec's fill on a writable
 *   target, or a test file)
 * @unwritten_percent: for reads of a span that was not filled first, the share of it that was
 *   never written or was trimmed (ssdb_target_measure_unwritten()), 0..100
 * @unwritten_source: how @unwritten_percent was found; %SSDB_UNWRITTEN_UNKNOWN when the span
 *   was filled, nothing reads, or it could not be found
 * @cancelled: the run stopped early; the rows measured are kept
 * @temperature: (nullable): the drive's temperature during the run
 *   (ssdb_target_recording_begin()), %NULL when the drive shows no sensor
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the
 *   run, %NULL when the run did not write or the drive shows no such counter
 */
typedef struct
{
  SsdbRandomAccessSpec spec;
  GArray *rows;
  guint64 prepare_ns;
  gboolean filled;
  guint unwritten_percent;
  SsdbUnwrittenSource unwritten_source;
  gboolean cancelled;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbRandomAccessResult;

/**
 * ssdb_random_access_result_new:
 * @spec: the settings
 *
 * Returns: (transfer full): a result with one pending row per size and direction (a size of 0
 *   stays 0 until the run resolves it).
 */
SsdbRandomAccessResult *
ssdb_random_access_result_new (const SsdbRandomAccessSpec *spec);
void
ssdb_random_access_result_free (SsdbRandomAccessResult *result);

/**
 * ssdb_random_access_result_dup:
 * @result: (nullable): a result
 *
 * Returns: (transfer full) (nullable): a deep copy (rows, dots, fio commands); %NULL when
 *   @result is %NULL.
 */
SsdbRandomAccessResult *
ssdb_random_access_result_dup (const SsdbRandomAccessResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbRandomAccessResult, ssdb_random_access_result_free)

/**
 * SsdbRandomAccessProgressFunc:
 * @result: the result so far (read it during the call only); the running row holds the
 *   requests, bytes, window and rates of its run so far, and its access times and dots only
 *   once it has ended
 * @row: index of the running row in @result->rows (-1 while filling)
 * @fraction: 0..1 of the whole run
 *
 * Called on the thread running the test or on its I/O thread, a few times a second and after
 * each row.
 */
typedef void (*SsdbRandomAccessProgressFunc) (SsdbRandomAccessResult *result, int row,
                                              double fraction, gpointer user_data);

/**
 * ssdb_random_access_run:
 * @target: an open target (writable for writes or for the fill)
 * @result: from ssdb_random_access_result_new(); filled in place
 * @progress: (nullable): progress (worker thread)
 * @cancellable: (nullable): cancel; the running row is marked cancelled and kept
 *
 * Runs each row in turn through the I/O engine at queue depth 1 (its synchronous path). A size
 * of 0 becomes the target's block size; where that is not below the next size (a 4096-byte
 * sector drive) its rows are left out first, as ssdb_random_access_spec_fit() does, and
 * @result->rows holds one row fewer per direction.
 *
 * Returns: %TRUE when every row ran, %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT naming the
 *   setting, SSDB_ERROR_UNSAFE for writes that are not allowed, SSDB_ERROR_CANCELLED with
 *   @result->cancelled set, SSDB_ERROR_IO).
 */
gboolean
ssdb_random_access_run (SsdbTarget *target, SsdbRandomAccessResult *result,
                        SsdbRandomAccessProgressFunc progress, gpointer user_data,
                        GCancellable *cancellable, GError **error);

/**
 * ssdb_random_access_result_check:
 * @result: a new result holding the settings of a run not yet started
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_random_access_run() makes of its settings before anything is read or written.
 * A size of 0 that the run leaves out (see ssdb_random_access_run()) is not refused.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_random_access_result_check (const SsdbRandomAccessResult *result, const SsdbTargetInfo *target,
                                 GError **error);

/**
 * ssdb_random_access_estimate:
 * @result: a new result holding the settings of a run not yet started
 * @target_bytes: the size of the target, bytes (0 when not known)
 * @out: (out): the timed part (rows × row duration, ns) and the bytes the fill writes; a
 *   count-only row adds no time (it depends on the drive)
 *
 * Returns: %TRUE (the row durations are known without the target)
 */
gboolean
ssdb_random_access_estimate (const SsdbRandomAccessResult *result, guint64 target_bytes,
                             SsdbRunEstimate *out);

/**
 * ssdb_random_access_row_label:
 * @result: a result
 * @row: a row of @result
 *
 * The row's name in the table, as HD Tune writes it: the size ("512 B", "4 KiB", "1 MiB") or,
 * for the mixed row, "Random (mix of 512 B–1 MiB)" (smallest to largest size).
 *
 * Returns: (transfer full): the label
 */
char *
ssdb_random_access_row_label (const SsdbRandomAccessResult *result, const SsdbRandomAccessRow *row);

G_END_DECLS
