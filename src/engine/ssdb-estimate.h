/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * SsdbRunEstimate:
 * @timed_ns: the parts of a run that last a set time whatever the device's speed (summary test
 *   passes, idle pauses, a steady-state run's duration), ns
 * @write_bytes: bytes written by the parts that last until they are done (fills, sequential
 *   passes, preconditioning, a summary preparing its region)
 * @read_bytes: bytes read by such parts
 *
 * How long a run takes, before it starts: what does not depend on the device, and what it
 * moves at its own rate. See ssdb_test_kind_estimate().
 */
typedef struct
{
  guint64 timed_ns;
  guint64 write_bytes;
  guint64 read_bytes;
} SsdbRunEstimate;

/**
 * SSDB_ESTIMATE_BYTES_PER_SECOND:
 *
 * The rate an estimate assumes for the bytes it moves, B/s: a SATA SSD's sequential rate after
 * its cache, about what such a drive sustains over a whole-drive fill. An NVMe drive is faster,
 * a hard drive (about 150 MB/s) slower; the window states the rate with the estimate.
 */
#define SSDB_ESTIMATE_BYTES_PER_SECOND 500e6

/**
 * ssdb_run_estimate_ns:
 * @estimate: an estimate
 * @bytes_per_second: the rate assumed for its bytes, B/s (> 0)
 *
 * Returns: @estimate's timed parts plus its bytes (written and read) at @bytes_per_second, ns
 */
guint64
ssdb_run_estimate_ns (const SsdbRunEstimate *estimate, double bytes_per_second);

/**
 * ssdb_estimate_span:
 * @offset: the span's first byte
 * @length: its bytes; 0: to the end of the target
 * @target_bytes: the target's size in bytes; 0 when not known
 *
 * The bytes a test's span covers, as its run resolves it.
 *
 * Returns: the span's bytes; 0 when it runs to the end of a target whose size is not known, or
 *   starts beyond its end
 */
guint64
ssdb_estimate_span (guint64 offset, guint64 length, guint64 target_bytes);

/**
 * ssdb_estimate_progress_end:
 * @elapsed_ns: time since the run started, ns
 * @fraction: the part of the run done, 0..1
 * @earliest_end_ns: the end estimated so far, ns since the start; 0 before the first estimate
 *
 * The end of a running test to show while it runs: where the progress so far points at the
 * rate of the whole run so far (@elapsed_ns / @fraction), kept at the earliest such end so
 * that the time left never goes up. A first estimate is made from 3 % done and 3 s on (the
 * first moments, opening the target and a fill before the reads, say little of the rest), or
 * for a long run (a surface of a hard disk takes hours) from 0.2 % and 20 s on.
 *
 * Returns: the end, ns since the start; @earliest_end_ns while it is too early to tell or once
 *   @fraction reaches 1
 */
guint64
ssdb_estimate_progress_end (guint64 elapsed_ns, double fraction, guint64 earliest_end_ns);

G_END_DECLS
