/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Writing a target's test region with data before it is read: built on the I/O engine, one
 * layer above the target itself. */

#include "ssdb-pattern.h"
#include "ssdb-target.h"
#include "ssdb-unwritten.h"

G_BEGIN_DECLS

/**
 * ssdb_target_fill:
 * @self: a writable target
 * @offset: first byte, DIO-aligned
 * @length: bytes to write, DIO-aligned
 * @seed: seed of the random data
 * @progress: (nullable): called with bytes written so far
 *
 * Writes incompressible random data over [offset, offset + length) with 1 MiB `O_DIRECT` writes
 * at QD 4, so that later reads hit real data (unwritten extents and zram's empty pages read back
 * without I/O). Used before read tests on test files and on devices given for writing.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_IO naming offset and errno,
 *   SSDB_ERROR_NO_SPACE, SSDB_ERROR_CANCELLED).
 */
gboolean
ssdb_target_fill (SsdbTarget *self, guint64 offset, guint64 length, guint64 seed,
                  SsdbProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                  GError **error);

/**
 * ssdb_target_fill_pattern:
 * @self: a writable target
 * @offset: first byte, DIO-aligned
 * @length: bytes to write, DIO-aligned
 * @pattern: the data to write (SsdbDataPattern from ssdb-pattern.h)
 * @seed: seed of the data
 * @progress: (nullable): called with bytes written so far
 *
 * As ssdb_target_fill(), with @pattern instead of random data: reads of zeros or of
 * compressible data then read data of that pattern, as their result says.
 *
 * Returns: %TRUE, or %FALSE with @error as for ssdb_target_fill().
 */
gboolean
ssdb_target_fill_pattern (SsdbTarget *self, guint64 offset, guint64 length,
                          const SsdbDataPattern *pattern, guint64 seed, SsdbProgressFunc progress,
                          gpointer user_data, GCancellable *cancellable, GError **error);

/**
 * SsdbSpanHeld:
 * @prepare_ns: time spent filling the span, ns (0 when not filled)
 * @filled: the span was filled with random data
 * @unwritten_percent: for a span not filled, the share of it never written or trimmed, 0..100
 * @unwritten_source: how @unwritten_percent was found; %SSDB_UNWRITTEN_UNKNOWN when the span
 *   was filled or it could not be found
 *
 * What a span held before reads of it (ssdb_target_prepare_span()).
 */
typedef struct
{
  guint64 prepare_ns;
  gboolean filled;
  guint unwritten_percent;
  SsdbUnwrittenSource unwritten_source;
} SsdbSpanHeld;

/**
 * ssdb_target_prepare_span:
 * @self: an open target (writable when @fill)
 * @offset: first byte of the span, DIO-aligned
 * @length: bytes in the span
 * @align: the fill's step: it writes the span's whole steps of @align bytes
 * @seed: seed of the data, and of the sample of ssdb_target_measure_unwritten()
 * @fill: fill the span with random data (ssdb_target_fill()); else measure the share of it never
 *   written (ssdb_target_measure_unwritten(); an I/O error there is left to the reads to report)
 * @progress: (nullable): the fill's bytes written so far
 * @held: (out): what the span held
 *
 * Before reads of a span: fills it first, or says how much of it holds no data (reads of
 * that may not reach the medium). The random-access table and the AS SSD suite use it.
 *
 * Returns: %TRUE, or %FALSE with @error from the fill (SSDB_ERROR_CANCELLED when stopped)
 */
gboolean
ssdb_target_prepare_span (SsdbTarget *self, guint64 offset, guint64 length, guint align,
                          guint64 seed, gboolean fill, SsdbProgressFunc progress,
                          gpointer user_data, GCancellable *cancellable, SsdbSpanHeld *held,
                          GError **error);

/* The random-write stress: transfers of 4 KiB (or the logical block size, when larger) at this
 * queue depth. */
#define SSDB_STRESS_BLOCK_SIZE 4096u
#define SSDB_STRESS_QUEUE_DEPTH 32u

/**
 * SsdbStressResult:
 * @block_size: bytes per write (0: no stress was run)
 * @queue_depth: writes in flight
 * @ios: writes completed
 * @bytes: bytes written: @ios × @block_size
 * @window_ns: how long they took, ns
 * @iops: @ios per second of @window_ns
 * @counters_valid: the device's own counters were read before and after
 * @device_write_bytes: the bytes the device counted written meanwhile (/sys/block/X/stat), for
 *   the check that the writes reached it
 *
 * What a random-write stress (ssdb_target_stress_random()) before a test wrote, as the test's
 * result records it.
 */
typedef struct
{
  guint block_size;
  guint queue_depth;
  guint64 ios;
  guint64 bytes;
  guint64 window_ns;
  double iops;
  gboolean counters_valid;
  guint64 device_write_bytes;
} SsdbStressResult;

/**
 * ssdb_target_stress_random:
 * @self: a writable target
 * @offset: first byte, a multiple of the transfer size
 * @length: bytes of the region, a multiple of the transfer size
 * @seed: seed of the positions and the data
 * @progress: (nullable): called with bytes written so far
 * @stress: (out caller-allocates): what was written (writes, bytes, time, IOPS, the device's
 *   own count), also after a failure; its block_size is the transfer size: %SSDB_STRESS_BLOCK_SIZE,
 *   or the target's logical block size or direct I/O offset alignment when larger
 *
 * Writes @length bytes of incompressible random data in %SSDB_STRESS_BLOCK_SIZE `O_DIRECT`
 * writes at random positions of [offset, offset + length) at QD %SSDB_STRESS_QUEUE_DEPTH: the
 * "full-LBA random write" before a test, after which a drive's flash is fragmented as after long
 * use and its garbage collection has work to do (the preconditioning of the SNIA Solid State
 * Storage PTS's random-write tests, and reviewers' stress before a TRIM test). Positions are
 * drawn with repetition, as fio's `randrepeat`/`norandommap`: some blocks are written more than
 * once and some not at all, as in real use.
 *
 * Returns: %TRUE, or %FALSE with @error as for ssdb_target_fill().
 */
gboolean
ssdb_target_stress_random (SsdbTarget *self, guint64 offset, guint64 length, guint64 seed,
                           SsdbProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                           SsdbStressResult *stress, GError **error);

G_END_DECLS
