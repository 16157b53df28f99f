/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-io.h"

G_BEGIN_DECLS

/**
 * SsdbSurfaceWrite:
 * @SSDB_SURFACE_WRITE_NONE: read surface only
 * @SSDB_SURFACE_WRITE_DESTROY: write random data at every position (needs a target opened
 *   for writing with a permission naming the device)
 * @SSDB_SURFACE_WRITE_REWRITE: at every position, read the sample and write the same bytes back
 *   (HD Tune's non-destructive write test; needs a device opened with
 *   %SSDB_TARGET_OPEN_REWRITE: not mounted, not in use, not open for writing elsewhere).
 *   Only the write is timed. It works a chunk of block size x queue depth at a time: the chunk
 *   is read twice and compared before it is written back, and when another program wrote there
 *   in between, or opened the device for writing since the last sample, the run stops without
 *   writing (SSDB_ERROR_UNSAFE). Memory: two chunks, whatever the sample size.
 */
typedef enum
{
  SSDB_SURFACE_WRITE_NONE,
  SSDB_SURFACE_WRITE_DESTROY,
  SSDB_SURFACE_WRITE_REWRITE,
} SsdbSurfaceWrite;

/**
 * SsdbSurfaceSpec:
 * @samples: positions measured [200], 2..100000
 * @block_size: transfer size [1 MiB]
 * @sample_bytes: bytes transferred at each position [64 MiB]
 * @queue_depth: [1]
 * @span_offset: first byte of the span [0]
 * @span_length: bytes in the span [0 = to the end of the target]
 * @access_samples: random 4 KiB reads for the access-time dots [1000]; 0 to skip
 * @access_first_bytes: the "first N GB" window the access time is also reported for [50 GB]
 * @burst: measure the burst rate
 * @write: also measure a write surface
 * @seed: seed of offsets and data
 *
 * The HD Tune-like surface test: the rate at @samples positions spread evenly over the span,
 * the first at the span's start and the last ending exactly at its end.
 */
typedef struct
{
  guint samples;
  guint block_size;
  guint64 sample_bytes;
  guint queue_depth;
  guint64 span_offset;
  guint64 span_length;
  guint access_samples;
  guint64 access_first_bytes;
  gboolean burst;
  SsdbSurfaceWrite write;
  guint64 seed;
} SsdbSurfaceSpec;

/** ssdb_surface_spec_init: fills @spec with the defaults above. */
void ssdb_surface_spec_init (SsdbSurfaceSpec *spec);

/**
 * SsdbSurfaceSample:
 * @offset_bytes: where the sample starts
 * @bytes: bytes transferred
 * @window_ns: time the transfer took
 * @bytes_per_second: rate
 */
typedef struct
{
  guint64 offset_bytes;
  guint64 bytes;
  guint64 window_ns;
  double bytes_per_second;
} SsdbSurfaceSample;

/**
 * SsdbAccessSample:
 * @offset_bytes: position of one random read
 * @latency_ns: its latency
 */
typedef struct
{
  guint64 offset_bytes;
  guint64 latency_ns;
} SsdbAccessSample;

/**
 * SsdbRateStats:
 * @min: lowest sample rate, B/s
 * @max: highest, B/s
 * @mean: mean of the sample rates, B/s
 */
typedef struct
{
  double min;
  double max;
  double mean;
} SsdbRateStats;

/**
 * SsdbSurfaceResult:
 * @spec: the settings, with @span_length resolved
 * @read: (element-type SsdbSurfaceSample): the read curve
 * @write: (element-type SsdbSurfaceSample): the write curve (empty without a write surface)
 * @access: (element-type SsdbAccessSample): access-time dots
 * @read_stats: min / max / mean of @read
 * @write_stats: min / max / mean of @write
 * @access_mean_ns: mean access time over the span
 * @access_first_mean_ns: mean access time of the dots within the first access_first_bytes
 * @access_first_count: how many dots fell there
 * @burst_bytes_per_second: burst rate (0 when not measured)
 * @cpu_ns: CPU time of all I/O threads, user + system
 * @cancelled: the run stopped early; the arrays hold what was measured
 * @temperature: (nullable): the drive's temperature during the run
 * (ssdb_target_record_temperature()), %NULL when the drive shows no sensor or in reports from
 * before it was recorded
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the run
 *   (ssdb_target_drive_counts_begin()), %NULL when the run did not write, the drive shows no
 *   such counter, or in reports from before it was recorded
 */
typedef struct
{
  SsdbSurfaceSpec spec;
  GArray *read;
  GArray *write;
  GArray *access;
  SsdbRateStats read_stats;
  SsdbRateStats write_stats;
  double access_mean_ns;
  double access_first_mean_ns;
  guint access_first_count;
  double burst_bytes_per_second;
  guint64 cpu_ns;
  gboolean cancelled;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbSurfaceResult;

SsdbSurfaceResult *ssdb_surface_result_new (const SsdbSurfaceSpec *spec);
void ssdb_surface_result_free (SsdbSurfaceResult *result);

/**
 * ssdb_surface_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, new arrays of the read, write and access samples.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_surface_result_free(); %NULL when
 *   @result is %NULL.
 */
SsdbSurfaceResult *
ssdb_surface_result_dup (const SsdbSurfaceResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbSurfaceResult, ssdb_surface_result_free)

/**
 * ssdb_surface_position:
 * @span_offset: first byte of the span
 * @span_length: bytes in the span
 * @sample_bytes: bytes per sample
 * @samples: number of samples (>= 2)
 * @index: 0 .. @samples - 1
 * @align: alignment of positions (the transfer size)
 *
 * Position @index of an evenly spread surface: the first at @span_offset, the last ending at
 * @span_offset + @span_length, the others rounded down to @align. 128-bit arithmetic, so spans
 * of any size are exact.
 *
 * Returns: the byte offset.
 */
guint64 ssdb_surface_position (guint64 span_offset, guint64 span_length, guint64 sample_bytes,
                               guint samples, guint index, guint align);

/**
 * SsdbSurfaceProgressFunc:
 * @result: the result so far (arrays may be read during the call only)
 * @phase: "read", "write", "access" or "burst"
 * @fraction: 0..1 of the whole test
 *
 * Called on the worker thread after every sample.
 */
typedef void (*SsdbSurfaceProgressFunc) (SsdbSurfaceResult *result, const char *phase,
                                         double fraction, gpointer user_data);

/**
 * ssdb_surface_run:
 * @target: an open target (writable for a write surface)
 * @result: from ssdb_surface_result_new(); filled in place
 *
 * Runs the read surface, the access-time dots (random QD1 reads of the logical block size, or
 * 4 KiB when larger, each with its position), the burst rate (reads of one 1 MiB region at QD 32
 * for 0.5 s: the drive's cache and interface rate) and, when asked, the write surface.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_CANCELLED with @result->cancelled set,
 *   SSDB_ERROR_IO, SSDB_ERROR_UNSAFE, SSDB_ERROR_INVALID_ARGUMENT).
 */
gboolean ssdb_surface_run (SsdbTarget *target, SsdbSurfaceResult *result,
                           SsdbSurfaceProgressFunc progress, gpointer user_data,
                           GCancellable *cancellable, GError **error);

/**
 * ssdb_surface_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_surface_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_surface_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_surface_result_check (const SsdbSurfaceResult *result, const SsdbTargetInfo *target,
                           GError **error);

G_END_DECLS
