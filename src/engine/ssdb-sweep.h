/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-io.h"
#include "ssdb-target.h"

G_BEGIN_DECLS

/* Most transfer sizes in one sweep (512 B .. 64 MiB is 18). */
#define SSDB_SWEEP_MAX_SIZES 24

/**
 * SsdbSweepSpec:
 * @start_size: first transfer size, bytes [0 = the target's logical block size]; a multiple of
 *   the logical block size
 * @end_size: last transfer size, bytes [64 MiB]; the sweep doubles the size from @start_size
 *   while it is at most @end_size
 * @queue_depth: requests in flight [4]
 * @span_offset: first byte of the region [0]
 * @span_length: bytes in the region [256 MiB] ("total length" in ATTO)
 * @do_read: measure reads [TRUE]
 * @do_write: measure writes [FALSE]; needs a writable target
 * @duration_ns: time-based: length of each size's run [1 s]; 0 for size-based
 * @step_bytes: size-based: bytes to transfer at each size [0]; rounded up to whole transfers,
 *   so the totals are exact: bytes == ios × size. With both set a run ends at whichever comes
 *   first.
 * @fill: write random data over the region before the sweep when it reads and the target is
 *   writable [TRUE] (unwritten blocks read back without touching the medium); a test file is
 *   always filled
 * @data: data pattern of writes [random]
 * @seed: seed of the data [1]
 *
 * Settings of the transfer-size sweep (ATTO Disk Benchmark's method: sequential transfers of
 * rising size over a fixed region at a fixed queue depth, writes then reads at each size).
 */
typedef struct
{
  guint start_size;
  guint end_size;
  guint queue_depth;
  guint64 span_offset;
  guint64 span_length;
  gboolean do_read;
  gboolean do_write;
  guint64 duration_ns;
  guint64 step_bytes;
  gboolean fill;
  SsdbDataPattern data;
  guint64 seed;
} SsdbSweepSpec;

/** ssdb_sweep_spec_init: fills @spec with the defaults above. */
void
ssdb_sweep_spec_init (SsdbSweepSpec *spec);

/**
 * ssdb_sweep_sizes:
 * @spec: settings
 * @logical_block_size: the target's logical block size (for @start_size 0)
 * @sizes: (out caller-allocates) (array fixed-size=24): the transfer sizes in bytes
 * @n_sizes: (out): their number
 *
 * Lists the sizes a sweep runs: @start_size, twice that, ... up to @end_size.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT naming the setting) when
 *   the sizes are out of range or not multiples of @logical_block_size.
 */
gboolean
ssdb_sweep_sizes (const SsdbSweepSpec *spec, guint logical_block_size,
                  guint sizes[SSDB_SWEEP_MAX_SIZES], guint *n_sizes, GError **error);

/**
 * SsdbSweepPoint:
 * @size: transfer size, bytes
 * @rw: %SSDB_RW_READ or %SSDB_RW_WRITE
 * @ios: completed transfers
 * @bytes: completed bytes (== @ios × @size)
 * @window_ns: measured window, ns
 * @bytes_per_second: rate, B/s (show as MB/s = 10^6 B/s)
 * @iops: transfers per second
 * @mean_ns: mean latency, ns
 * @p99_ns: 99th percentile latency, ns
 * @max_ns: slowest transfer, ns
 * @mean_inflight: achieved mean requests in flight
 * @cpu_ns: CPU time of the I/O thread, ns
 * @fio_command: the equivalent fio command line
 */
typedef struct
{
  guint size;
  SsdbRw rw;
  guint64 ios;
  guint64 bytes;
  guint64 window_ns;
  double bytes_per_second;
  double iops;
  double mean_ns;
  guint64 p99_ns;
  guint64 max_ns;
  double mean_inflight;
  guint64 cpu_ns;
  char *fio_command;
} SsdbSweepPoint;

/**
 * SsdbSweepResult:
 * @spec: the settings, @start_size resolved
 * @sizes: the transfer sizes, bytes
 * @n_sizes: entries in @sizes
 * @read: (element-type SsdbSweepPoint): read points, by rising size
 * @write: (element-type SsdbSweepPoint): write points, by rising size
 * @best_read: highest read rate, B/s
 * @best_read_size: the size that reached it
 * @full_read_size: smallest size whose read rate is within 90 % of @best_read (0 if none)
 * @best_write: highest write rate, B/s
 * @best_write_size: the size that reached it
 * @full_write_size: smallest size whose write rate is within 90 % of @best_write
 * @words: (nullable): the finding in a sentence; %NULL while the sweep runs (no verdict before
 *   its last size), and for a stopped sweep the words of the sizes measured, saying so
 * @prepare_ns: time spent filling the region (0 if not filled)
 * @cancelled: the run stopped early; the points measured are kept
 * @temperature: (nullable): the drive's temperature during the run
 *   (ssdb_target_recording_begin()), %NULL when the drive shows no sensor or in reports from
 *   before it was recorded
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the
 *   run, %NULL when the run did not write, the drive shows no such counter, or in reports from
 *   before it was recorded
 */
typedef struct
{
  SsdbSweepSpec spec;
  guint sizes[SSDB_SWEEP_MAX_SIZES];
  guint n_sizes;
  GArray *read;
  GArray *write;
  double best_read;
  guint best_read_size;
  guint full_read_size;
  double best_write;
  guint best_write_size;
  guint full_write_size;
  char *words;
  guint64 prepare_ns;
  gboolean cancelled;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbSweepResult;

SsdbSweepResult *
ssdb_sweep_result_new (const SsdbSweepSpec *spec);
void
ssdb_sweep_result_free (SsdbSweepResult *result);

/**
 * ssdb_sweep_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, new read and write points (with their fio commands) and a
 * copy of the words.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_sweep_result_free(); %NULL when
 *   @result is %NULL.
 */
SsdbSweepResult *
ssdb_sweep_result_dup (const SsdbSweepResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbSweepResult, ssdb_sweep_result_free)

/**
 * ssdb_sweep_summarize:
 * @result: a result whose @read and @write hold points
 *
 * Recomputes the best rates, the sizes that reach 90 % of them and @words ("Reads reach
 * 2100 MB/s from 128 KiB transfers (best 2150 MB/s at 1 MiB); writes ...").
 */
void
ssdb_sweep_summarize (SsdbSweepResult *result);

/**
 * ssdb_sweep_result_dup_words:
 * @result: a result
 *
 * The words ssdb_sweep_summarize() writes for @result, in the chart language of the calling thread
 * (engine/ssdb-words.h): English outside a painter's language scope. @result is not changed.
 *
 * Returns: (transfer full) (nullable): the words.
 */
char *
ssdb_sweep_result_dup_words (const SsdbSweepResult *result);

/**
 * SsdbSweepProgressFunc:
 * @result: the result so far (read it during the call only)
 * @size: transfer size running (0 while filling)
 * @rw: read or write
 * @fraction: 0..1 of the whole sweep
 *
 * Called on the worker thread after each size and a few times a second.
 */
typedef void (*SsdbSweepProgressFunc) (SsdbSweepResult *result, guint size, SsdbRw rw,
                                       double fraction, gpointer user_data);

/**
 * ssdb_sweep_run:
 * @target: an open target (writable for writes or for the fill)
 * @result: from ssdb_sweep_result_new(); filled in place
 * @progress: (nullable): progress (worker thread)
 * @cancellable: (nullable): cancel; what was measured is kept
 *
 * Runs the sweep: for each size, a sequential write (when asked) and then a sequential read of
 * the region at the queue depth, one thread, each wrapping around the region as needed.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT naming the setting,
 *   SSDB_ERROR_UNSAFE for writes on a target that does not allow them, SSDB_ERROR_CANCELLED with
 *   @result->cancelled set, SSDB_ERROR_IO).
 */
gboolean
ssdb_sweep_run (SsdbTarget *target, SsdbSweepResult *result, SsdbSweepProgressFunc progress,
                gpointer user_data, GCancellable *cancellable, GError **error);

/**
 * ssdb_sweep_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_sweep_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_sweep_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_sweep_result_check (const SsdbSweepResult *result, const SsdbTargetInfo *target,
                         GError **error);

G_END_DECLS
