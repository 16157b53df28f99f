/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-estimate.h"
#include "ssdb-io.h"
#include "ssdb-target.h"
#include "ssdb-verdict.h"

G_BEGIN_DECLS

/* The data levels of a compression test: 0 % (random data), then one level every step up to
 * 100 % compressible, then zeros: at most 100 / the smallest step + 2. */
#define SSDB_COMPRESSION_MAX_LEVELS 22
/* The step between levels, in percent compressible: today's levels (0, 25, 50, 75, 100 %). */
#define SSDB_COMPRESSION_DEFAULT_STEP 25
/* AS SSD's step: 0, 10, 20 ... 100 %, eleven levels. */
#define SSDB_COMPRESSION_AS_SSD_STEP 10

/* A write rate at least this many times the random-data rate flags a compressing device. */
#define SSDB_COMPRESSION_FLAG_RATIO 1.3
/* Rates within this fraction of the random-data rate do not differ: single passes of a few
 * hundred MiB scatter by about this much on a busy machine. */
#define SSDB_COMPRESSION_NOISE 0.15
/* A gain counts only when it exceeds this multiple of the spread between passes. */
#define SSDB_COMPRESSION_NOISE_MULTIPLE 3
/* With one pass (the spread not measured), only a gain of this ratio counts. */
#define SSDB_COMPRESSION_ONE_PASS_RATIO 2.0
#define SSDB_COMPRESSION_MAX_PASSES 9

/**
 * SsdbCompressionSpec:
 * @block_size: transfer size, bytes [1 MiB]
 * @queue_depth: requests in flight [4]
 * @span_offset: first byte of the region [0]
 * @span_length: bytes in the region [256 MiB]; written once with random data before the levels,
 *   then written and read back once per level and pass
 * @include_zero: measure all-zero data too [TRUE]
 * @step_percent: percent compressible between one level and the next: 5, 10, 20, 25 or 50
 *   (a divisor of 100 from 5 to 50; ssdb_compression_step_is_valid()) [25]; 10 runs AS SSD's
 *   eleven levels, 0 to 100 %
 * @passes: write-and-read passes per level, 1..9 [3]; the best write and the best read count
 *   (CrystalDiskMark's best-of, which keeps a busy machine from hiding the difference), and the
 *   spread between passes is the noise a gain must exceed
 * @seed: seed of the data [1]
 *
 * Settings of the compression test (AS SSD's method): sequential writes of the region with data
 * of rising compressibility, each followed by a sequential read of what was just written. The
 * levels take turns pass by pass (random data to zeros, then zeros to random data, ...), so
 * that a device or machine whose speed drifts during the run moves every level alike.
 */
typedef struct
{
  guint block_size;
  guint queue_depth;
  guint64 span_offset;
  guint64 span_length;
  gboolean include_zero;
  guint step_percent;
  guint passes;
  guint64 seed;
} SsdbCompressionSpec;

/** ssdb_compression_spec_init: fills @spec with the defaults above. */
void
ssdb_compression_spec_init (SsdbCompressionSpec *spec);

/**
 * SsdbCompressionPoint:
 * @data: the data written: random (0 % compressible), compressible-N (N a multiple of the
 *   spec's @step_percent, up to 100) or zero
 * @write_bytes: bytes written (the whole region) by the best write pass
 * @write_window_ns: how long that write took, ns
 * @write_bytes_per_second: write rate, B/s
 * @read_bytes: bytes read back by the best read pass
 * @read_window_ns: how long that read took, ns
 * @read_bytes_per_second: read rate, B/s
 * @n_passes: passes measured, 0..%SSDB_COMPRESSION_MAX_PASSES (0 in reports of earlier
 *   versions, which kept only the best)
 * @write_passes: (array length=n_passes): each pass's write rate, B/s
 * @read_passes: (array length=n_passes): each pass's read rate, B/s
 */
typedef struct
{
  SsdbDataPattern data;
  guint64 write_bytes;
  guint64 write_window_ns;
  double write_bytes_per_second;
  guint64 read_bytes;
  guint64 read_window_ns;
  double read_bytes_per_second;
  guint n_passes;
  double write_passes[SSDB_COMPRESSION_MAX_PASSES];
  double read_passes[SSDB_COMPRESSION_MAX_PASSES];
} SsdbCompressionPoint;

/**
 * SsdbCompressionResult:
 * @spec: the settings
 * @points: (element-type SsdbCompressionPoint): one per level, in order of rising
 *   compressibility (random, then every @spec.step_percent up to 100 %, then zeros;
 *   ssdb_compression_levels())
 * @write_ratio: the fastest write rate of compressible or zero data over the random-data write
 *   rate (0 when not measured)
 * @zero_write_ratio: the zero-data write rate over the random-data write rate (0 when not
 *   measured)
 * @read_ratio: the same ratio as @write_ratio for reads
 * @compresses: @verdict is %SSDB_VERDICT_FOUND
 * @verdict: found: in writes or in reads, the most compressible data (zeros, or 100 %
 *   compressible data without zeros) ran faster than random data by at least the threshold
 *   (%SSDB_COMPRESSION_FLAG_RATIO, or %SSDB_COMPRESSION_NOISE_MULTIPLE times @noise when that
 *   is larger; %SSDB_COMPRESSION_ONE_PASS_RATIO when @noise was not measured), with the levels
 *   ordered (zeros no slower than random data, 100 % compressible data not slower beyond the
 *   threshold); no effect: @noise was measured and small enough to show a
 *   %SSDB_COMPRESSION_FLAG_RATIO gain, and no level reached it; inconclusive otherwise
 * @noise: the spread between passes: the largest (fastest - slowest) / fastest of one level's
 *   passes, over the levels and both directions; -1 when no level ran two passes. With a step
 *   other than the default, over the levels the default step runs too (random data, 50 and
 *   100 % compressible with 10 % steps, zeros): the largest of more spreads would be larger by
 *   chance alone, and raise the threshold with the number of levels
 * @words: (nullable): the finding in a sentence
 * @cancelled: the run stopped early; the levels measured are kept
 * @temperature: (nullable): the drive's temperature during the run
 *   (ssdb_target_recording_begin()), %NULL when the drive shows no sensor or in reports from
 *   before it was recorded
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the
 *   run, %NULL when the run did not write, the drive shows no such counter, or in reports from
 *   before it was recorded
 */
typedef struct
{
  SsdbCompressionSpec spec;
  GArray *points;
  double write_ratio;
  double zero_write_ratio;
  double read_ratio;
  gboolean compresses;
  SsdbVerdict verdict;
  double noise;
  char *words;
  gboolean cancelled;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbCompressionResult;

SsdbCompressionResult *
ssdb_compression_result_new (const SsdbCompressionSpec *spec);
void
ssdb_compression_result_free (SsdbCompressionResult *result);

/**
 * ssdb_compression_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, a new array of the points and a copy of the words.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_compression_result_free(); %NULL
 * when
 *   @result is %NULL.
 */
SsdbCompressionResult *
ssdb_compression_result_dup (const SsdbCompressionResult *result);

/**
 * ssdb_compression_estimate:
 * @result: a new result (its settings, before its run)
 * @target_bytes: the target's size in bytes; 0 when not known
 * @out: (inout): what the run adds, summed into it
 *
 * What a run of @result's settings takes: one write of the span to prepare it, then each
 * level's passes write the span and read it back.
 *
 * Returns: %FALSE (@out unchanged) when the run's size cannot be known: its span runs to the end
 *   of a target of unknown size
 */
gboolean
ssdb_compression_estimate (const SsdbCompressionResult *result, guint64 target_bytes,
                           SsdbRunEstimate *out);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbCompressionResult, ssdb_compression_result_free)

/**
 * ssdb_compression_step_is_valid:
 * @step_percent: a step between levels, percent compressible
 *
 * Returns: %TRUE for the steps a test can take: the divisors of 100 from 5 to 50 (5, 10, 20,
 *   25, 50)
 */
gboolean
ssdb_compression_step_is_valid (guint step_percent);

/**
 * ssdb_compression_levels:
 * @step_percent: the step between levels, percent compressible; a step that
 *   ssdb_compression_step_is_valid() refuses counts as %SSDB_COMPRESSION_DEFAULT_STEP (the
 *   run's check and the report loader refuse it first)
 * @include_zero: add all-zero data as the last level
 * @levels: (out caller-allocates): the data patterns, in the order they run: random data
 *   (0 %), compressible data at every @step_percent up to 100 %, zeros
 *
 * Returns: the number of levels: 100 / @step_percent + 1, and one more with zeros (6 with the
 *   default step and zeros, 12 with AS SSD's 10 % step and zeros)
 */
guint
ssdb_compression_levels (guint step_percent, gboolean include_zero,
                         SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS]);

/**
 * ssdb_compression_summarize:
 * @result: a result whose @points hold the levels measured
 *
 * Recomputes the ratios, @noise, @verdict, @compresses and @words ("Writes of zeros run 3.1×
 * faster than random data (310 against 100 MB/s), beyond the 1.3× that marks a compressing
 * device (passes differed by up to 4 %): ..."). The words name the verdict, the figures and the
 * threshold that decided it. A result without the passes' rates (@n_passes 0, reports of
 * earlier versions) has its noise not measured.
 */
void
ssdb_compression_summarize (SsdbCompressionResult *result);

/**
 * ssdb_compression_result_dup_words:
 * @result: a result
 *
 * The words ssdb_compression_summarize() writes for @result, in the chart language of the calling
 * thread (engine/ssdb-words.h): English outside a painter's language scope. @result is not changed.
 *
 * Returns: (transfer full) (nullable): the words.
 */
char *
ssdb_compression_result_dup_words (const SsdbCompressionResult *result);

/**
 * SsdbCompressionProgressFunc:
 * @level: index of the running level
 * @pass: the running pass, 1..@passes; 0 while the region is first written (before any
 *   level is measured)
 * @rw: %SSDB_RW_WRITE or %SSDB_RW_READ
 * @fraction: 0..1 of the whole test
 * @bytes_per_second: live rate of the running job, B/s
 *
 * Called on the worker thread a few times a second.
 */
typedef void (*SsdbCompressionProgressFunc) (SsdbCompressionResult *result, guint level, guint pass,
                                             SsdbRw rw, double fraction, double bytes_per_second,
                                             gpointer user_data);

/**
 * ssdb_compression_run:
 * @target: a target open for writing (a device with the permission naming it, or a test file)
 * @result: from ssdb_compression_result_new(); filled in place
 * @progress: (nullable): progress (worker thread)
 * @cancellable: (nullable): cancel; the levels measured are kept
 *
 * Writes the region once with random data, then writes and reads it back once per level and
 * pass, the levels taking turns (see #SsdbCompressionSpec). Blocks until done.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT naming the setting,
 *   SSDB_ERROR_UNSAFE when the target does not allow writes, SSDB_ERROR_CANCELLED with
 *   @result->cancelled set, SSDB_ERROR_IO).
 */
gboolean
ssdb_compression_run (SsdbTarget *target, SsdbCompressionResult *result,
                      SsdbCompressionProgressFunc progress, gpointer user_data,
                      GCancellable *cancellable, GError **error);

/**
 * ssdb_compression_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_compression_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_compression_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_compression_result_check (const SsdbCompressionResult *result, const SsdbTargetInfo *target,
                               GError **error);

G_END_DECLS
