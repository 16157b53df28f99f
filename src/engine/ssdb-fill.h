/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-io.h"

G_BEGIN_DECLS

/**
 * SsdbFillSpec:
 * @block_size: transfer size [1 MiB]
 * @queue_depth: [4]
 * @span_offset: first byte [0]
 * @span_length: bytes to fill [0 = to the end of the target]
 * @segment_bytes: rate resolution along the span [0 = 1 GiB, or span / 256 for spans under
 *   256 GiB, rounded to the transfer size]
 * @interval_ns: rate resolution in time [0.5 s]
 * @passes: write passes without discard in between [2], 1..4
 * @read_back: read the span back after the last write pass
 * @seed: seed of the random data
 *
 * The whole-drive fill: sequential writes of random data over the span, pass after pass, as
 * reviewers run it to find an SLC cache's size and what the drive writes at once it is full.
 */
typedef struct
{
  guint block_size;
  guint queue_depth;
  guint64 span_offset;
  guint64 span_length;
  guint64 segment_bytes;
  guint64 interval_ns;
  guint passes;
  gboolean read_back;
  guint64 seed;
} SsdbFillSpec;

void ssdb_fill_spec_init (SsdbFillSpec *spec);

/**
 * SsdbFillPoint:
 * @position_bytes: bytes done at the end of this point (relative to the span start)
 * @elapsed_ns: time since the pass began
 * @bytes_per_second: rate over this segment or interval
 */
typedef struct
{
  guint64 position_bytes;
  guint64 elapsed_ns;
  double bytes_per_second;
} SsdbFillPoint;

/**
 * SsdbFillPass:
 * @rw: %SSDB_RW_WRITE or %SSDB_RW_READ (the read-back)
 * @segments: (element-type SsdbFillPoint): rate per segment of SsdbFillSpec.segment_bytes
 * @intervals: (element-type SsdbFillPoint): rate per SsdbFillSpec.interval_ns
 * @bytes: bytes transferred
 * @window_ns: duration
 * @bytes_per_second: mean rate of the pass
 * @complete: the pass covered the whole span
 */
typedef struct
{
  SsdbRw rw;
  GArray *segments;
  GArray *intervals;
  guint64 bytes;
  guint64 window_ns;
  double bytes_per_second;
  gboolean complete;
} SsdbFillPass;

/**
 * SsdbFillPhase:
 * @start_bytes: where the phase begins, relative to the span start
 * @end_bytes: where it ends
 * @bytes_per_second: mean write rate in the phase
 */
typedef struct
{
  guint64 start_bytes;
  guint64 end_bytes;
  double bytes_per_second;
} SsdbFillPhase;

/**
 * SsdbFillAnalysis:
 * @phases: (element-type SsdbFillPhase): 1 to 3 write-rate levels of a pass
 * @cache_bytes: bytes written before the first sustained drop (0: no drop found)
 * @in_cache_bytes_per_second: rate before the drop (the whole pass's rate without one)
 * @post_cache_bytes_per_second: rate after the drop (0 without one)
 * @words: the finding in plain words
 */
typedef struct
{
  GArray *phases;
  guint64 cache_bytes;
  double in_cache_bytes_per_second;
  double post_cache_bytes_per_second;
  char *words;
} SsdbFillAnalysis;

void ssdb_fill_analysis_clear (SsdbFillAnalysis *analysis);

/**
 * ssdb_fill_analyze:
 * @segments: (element-type SsdbFillPoint): a write pass's rate per segment, in order
 * @out: (out caller-allocates): the analysis; overwritten without freeing what it held, so
 *   call ssdb_fill_analysis_clear() first on one that was in use
 *
 * Splits the series into at most three levels by least squares (an optimal piecewise-constant
 * fit, dynamic programming over the segments), keeps a split only where it explains most of the
 * variance and the levels differ by at least 15 %, ignores phases shorter than 2 % of the span,
 * and reports the first drop of at least 20 % as the cache size.
 */
void ssdb_fill_analyze (GArray *segments, SsdbFillAnalysis *out);

/**
 * SsdbFillResult:
 * @spec: the settings, span resolved
 * @passes: (element-type SsdbFillPass): write passes, then the read-back
 * @analysis: analysis of the first write pass
 * @cancelled: stopped early
 */
typedef struct
{
  SsdbFillSpec spec;
  GPtrArray *passes;
  SsdbFillAnalysis analysis;
  gboolean cancelled;
} SsdbFillResult;

SsdbFillResult *ssdb_fill_result_new (const SsdbFillSpec *spec);
void ssdb_fill_result_free (SsdbFillResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbFillResult, ssdb_fill_result_free)

/**
 * SsdbFillProgressFunc:
 * @pass_index: index in SsdbFillResult.passes of the running pass
 * @position_bytes: bytes done in that pass
 * @bytes_per_second: the latest interval's rate
 * @fraction: 0..1 of the whole test
 *
 * Called on a worker thread about every SsdbFillSpec.interval_ns.
 */
typedef void (*SsdbFillProgressFunc) (SsdbFillResult *result, guint pass_index,
                                      guint64 position_bytes, double bytes_per_second,
                                      double fraction, gpointer user_data);

/**
 * ssdb_fill_run:
 * @target: a target opened for writing (a device with the permission naming it, or a test file)
 *
 * Runs the write passes and the read-back, then analyses the first pass.
 *
 * Returns: %TRUE, or %FALSE with @error; @result keeps what was measured.
 */
gboolean ssdb_fill_run (SsdbTarget *target, SsdbFillResult *result, SsdbFillProgressFunc progress,
                        gpointer user_data, GCancellable *cancellable, GError **error);

G_END_DECLS
