/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-estimate.h"
#include "ssdb-io.h"
#include "ssdb-target.h"
#include "ssdb-verdict.h"

G_BEGIN_DECLS

/*
 * The error scan (HD Tune's "Error Scan", Victoria's and MHDD's surface scan): every block of
 * the span is read once, in order, at queue depth 1, and timed. A read that fails is not the
 * end of the scan: the failed block is read again one logical block (sector) at a time to find
 * the exact unreadable range, and the scan goes on with the next block. Nothing is written.
 */

/* Most cells in a scan's grid (SsdbScanSpec.cells). */
#define SSDB_SCAN_MAX_CELLS 100000u
/* Most bad or slow ranges a scan lists; further ones are counted (SsdbScanResult.bad_bytes,
 * slow_blocks) and flagged (SsdbScanResult.ranges_truncated), not listed. */
#define SSDB_SCAN_MAX_RANGES 10000u

/**
 * SsdbScanSpec:
 * @span_offset: first byte of the span [0], a multiple of the logical block size
 * @span_length: bytes in the span [0 = to the end of the target], a multiple of the logical
 *   block size
 * @block_size: bytes per read [1 MiB], a multiple of the logical block size, at most
 *   %SSDB_MAX_BLOCK_SIZE; the span's last read is shorter when the span is not a multiple of it
 * @slow_ns: a block whose read takes longer than this is slow [100 ms: a 1 MiB read takes
 *   about 7 ms on a 7200 rpm disk and well under 1 ms on an SSD; a read the drive had to retry
 *   internally takes hundreds]
 * @cells: the grid's cells [2000], 1..%SSDB_SCAN_MAX_CELLS; each cell covers the same whole
 *   number of blocks (ssdb_scan_cell_blocks()), so a small span has fewer cells
 * @verify: write and verify [FALSE]: each block is written with random data, read back and
 *   compared, so that sectors that cannot be written or return other data than was written
 *   are found too (Victoria's and MHDD's "write" scan); destroys the span's data and needs a
 *   target opened for writing
 * @seed: seed of the data a verifying scan writes (each block's data also depends on its
 *   offset, so a drive that puts a block's data at another address is caught) [1]
 *
 * What the error scan reads: `ssdbench-cli run scan DEVICE --span START:LENGTH --block
 * --slow-ms`.
 */
typedef struct
{
  guint64 span_offset;
  guint64 span_length;
  guint block_size;
  guint64 slow_ns;
  guint cells;
  gboolean verify;
  guint64 seed;
} SsdbScanSpec;

/** ssdb_scan_spec_init: fills @spec with the defaults above. */
void
ssdb_scan_spec_init (SsdbScanSpec *spec);

/**
 * ssdb_scan_spec_validate:
 * @spec: the settings, with @span_length resolved (not 0)
 * @target_bytes: the size of the target, bytes
 * @logical_block_size: the target's logical block size, bytes
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT) naming the setting, its
 *   value and the limit: a span outside the target or not aligned to the logical block size,
 *   a block size that is not a multiple of it or above %SSDB_MAX_BLOCK_SIZE, a slow threshold
 *   of 0 or above a minute, a cell count out of range.
 */
gboolean
ssdb_scan_spec_validate (const SsdbScanSpec *spec, guint64 target_bytes, guint logical_block_size,
                         GError **error);

/**
 * SsdbScanOp:
 * @SSDB_SCAN_OP_READ: the bytes could not be read
 * @SSDB_SCAN_OP_WRITE: the bytes could not be written (a verifying scan)
 * @SSDB_SCAN_OP_VERIFY: the bytes were written and read without an error, but read back other
 *   than written (a verifying scan; errno 0)
 *
 * What failed in a bad range.
 */
typedef enum
{
  SSDB_SCAN_OP_READ,
  SSDB_SCAN_OP_WRITE,
  SSDB_SCAN_OP_VERIFY,
} SsdbScanOp;

/**
 * SsdbScanRange:
 * @offset: first byte of the range
 * @length: bytes in the range: a multiple of the logical block size for a bad range, of whole
 *   blocks for a slow range
 * @op: for a bad range, what failed
 * @errsv: for a bad range, the errno the kernel returned (5, EIO, for a medium error); 0 for a
 *   slow range and for data read back wrong
 * @worst_ns: for a slow range, its slowest read (ns); 0 for a bad range
 *
 * A run of adjacent bad sectors of the same error, or of adjacent slow blocks.
 */
typedef struct
{
  guint64 offset;
  guint64 length;
  SsdbScanOp op;
  int errsv;
  guint64 worst_ns;
} SsdbScanRange;

/**
 * SsdbScanCell:
 * @worst_ns: the slowest read of a block of the cell that read without error, ns (0 when all
 *   failed)
 * @slow_blocks: its blocks slower than SsdbScanSpec.slow_ns
 * @bad_blocks: its blocks with at least one unreadable sector
 * @blocks: its blocks scanned so far (below ssdb_scan_cell_blocks() only for the last cell of
 *   a stopped scan, or the span's last cell)
 *
 * One square of the grid.
 */
typedef struct
{
  guint64 worst_ns;
  guint32 slow_blocks;
  guint32 bad_blocks;
  guint32 blocks;
} SsdbScanCell;

/**
 * SsdbScanResult:
 * @spec: the settings, with @span_length resolved
 * @logical_block_size: the granularity of the retry of a failed block (the target's logical
 *   block size, bytes)
 * @cells: (element-type SsdbScanCell): the grid so far, in the order of the span
 * @bad: (element-type SsdbScanRange): the unreadable ranges, in order, at most
 *   %SSDB_SCAN_MAX_RANGES
 * @slow: (element-type SsdbScanRange): the slow ranges, in order, at most %SSDB_SCAN_MAX_RANGES
 * @scanned_bytes: bytes of the span scanned, from its start: the scan covered
 *   [span_offset, span_offset + scanned_bytes); equal to span_length when it is complete
 * @read_ns: the time the reads took, ns (retries of failed blocks included)
 * @bad_bytes: unreadable bytes found
 * @slow_blocks: blocks slower than the threshold
 * @worst_ns: the slowest read of a block that read without error, ns
 * @ranges_truncated: more ranges were found than @bad or @slow hold
 * @cancelled: the scan stopped before the end of the span (Stop, an error that is not a medium
 *   error, a device that stopped responding); what was scanned is kept and a later run can go
 *   on from it (ssdb_scan_run())
 * @verdict: %SSDB_VERDICT_FOUND when an unreadable range was found, %SSDB_VERDICT_NO_EFFECT
 *   when the whole span read without error, %SSDB_VERDICT_INCONCLUSIVE when the scan stopped
 *   before the end with no error found (the rest is unknown), %SSDB_VERDICT_NONE before it
 *   read anything
 * @words: (nullable): the finding in words (ssdb_scan_summarize())
 * @temperature: (nullable): the drive's temperature during the run
 *   (ssdb_target_recording_begin()), %NULL when the drive shows no sensor or in reports from
 *   before it was recorded
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the
 *   run, %NULL when the run did not write, the drive shows no such counter, or in reports from
 *   before it was recorded
 *
 * An error scan, complete or partial.
 */
typedef struct
{
  SsdbScanSpec spec;
  guint logical_block_size;
  GArray *cells;
  GArray *bad;
  GArray *slow;
  guint64 scanned_bytes;
  guint64 read_ns;
  guint64 bad_bytes;
  guint64 slow_blocks;
  guint64 worst_ns;
  gboolean ranges_truncated;
  gboolean cancelled;
  SsdbVerdict verdict;
  char *words;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbScanResult;

/**
 * ssdb_scan_result_new:
 * @spec: the settings (copied)
 *
 * Returns: (transfer full): an empty result, logical block size 512 until the run sets it
 */
SsdbScanResult *
ssdb_scan_result_new (const SsdbScanSpec *spec);

/** ssdb_scan_result_free: frees @result (%NULL is ignored). */
void
ssdb_scan_result_free (SsdbScanResult *result);

/**
 * ssdb_scan_result_dup:
 * @result: (nullable): a result
 *
 * Returns: (transfer full) (nullable): a deep copy; %NULL for %NULL
 */
SsdbScanResult *
ssdb_scan_result_dup (const SsdbScanResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbScanResult, ssdb_scan_result_free)

/**
 * ssdb_scan_block_count:
 * @spec: settings with the span resolved
 *
 * Returns: the blocks in the span: span_length / block_size, rounded up
 */
guint64
ssdb_scan_block_count (const SsdbScanSpec *spec);

/**
 * ssdb_scan_cell_blocks:
 * @spec: settings with the span resolved
 *
 * Returns: the blocks each cell of the grid covers: ssdb_scan_block_count() / cells, rounded up
 *   (at least 1)
 */
guint64
ssdb_scan_cell_blocks (const SsdbScanSpec *spec);

/**
 * ssdb_scan_cell_count:
 * @spec: settings with the span resolved
 *
 * Returns: the cells of the whole span's grid (at most SsdbScanSpec.cells)
 */
guint
ssdb_scan_cell_count (const SsdbScanSpec *spec);

/**
 * ssdb_scan_add_block:
 * @result: a result
 * @read_ns: how long the block's read took, ns (for a bad block, its first read and the
 *   retries)
 * @bad_sectors: (nullable) (element-type SsdbScanRange): for a block that failed, the
 *   unreadable ranges its retry found, in order, inside the block; %NULL or empty for a block
 *   that read
 *
 * Adds the next block of the span (at span_offset + scanned_bytes): the grid, the ranges, the
 * totals. The run calls it for each block; tests build results with it.
 */
void
ssdb_scan_add_block (SsdbScanResult *result, guint64 read_ns, GArray *bad_sectors);

/**
 * ssdb_scan_summarize:
 * @result: a result
 *
 * Sets the verdict and the words from the grid and the ranges: "Read 64.0 MiB of 64.0 MiB in
 * 0.6 s (112 MB/s): 3 unreadable ranges, 12 KiB in all (first at 8388608 bytes); 2 blocks
 * slower than 100 ms (the slowest 310 ms)." A stopped scan says what part it covers.
 */
void
ssdb_scan_summarize (SsdbScanResult *result);

/**
 * ssdb_scan_result_dup_words:
 * @result: a result
 *
 * The words ssdb_scan_summarize() writes for @result, in the chart language of the calling thread
 * (engine/ssdb-words.h): English outside a painter's language scope. @result is not changed.
 *
 * Returns: (transfer full) (nullable): the words.
 */
char *
ssdb_scan_result_dup_words (const SsdbScanResult *result);

/**
 * ssdb_scan_estimate:
 * @result: a new result
 * @target_bytes: the size of the target, bytes (for a span to its end)
 * @out: (out): the run's bytes read (the span left to scan) and, for a verifying scan, as many
 *   written; no timed part
 *
 * Returns: %FALSE when the span runs to the end and @target_bytes is 0
 */
gboolean
ssdb_scan_estimate (const SsdbScanResult *result, guint64 target_bytes, SsdbRunEstimate *out);

/**
 * SsdbScanProgressFunc:
 * @result: the result so far (may be read during the call only)
 * @fraction: 0..1 of the span
 *
 * Called on the worker thread after each group of blocks: groups grow or shrink so that one
 * takes about 50 to 200 ms (at least one block, at most 64 MiB).
 */
typedef void (*SsdbScanProgressFunc) (SsdbScanResult *result, double fraction, gpointer user_data);

/**
 * ssdb_scan_run:
 * @target: an open target (read access is enough)
 * @result: from ssdb_scan_result_new(), or a stopped scan loaded from a report: the scan goes
 *   on from span_offset + scanned_bytes; filled in place
 * @progress: (nullable): progress
 * @cancellable: (nullable): Stop; takes effect within about 100 ms
 *
 * Reads every block of the span once, in order, with `O_DIRECT` at queue depth 1 (the engine's
 * synchronous path, ssdb_io_run()), timing each. A block that fails with a medium error (EIO,
 * ENODATA, EILSEQ, EBADMSG, EREMOTEIO) is read again one logical block at a time; the sectors
 * that fail again are its bad ranges, and the scan goes on. Any other error (the device went
 * away, a permission) stops the scan.
 *
 * A verifying scan (SsdbScanSpec.verify) instead writes each block with its own random data,
 * reads it back and compares, one block at a time at queue depth 1 (`O_DIRECT` pwrite and
 * pread on the target): a write or a read that fails with a medium error is done again one
 * logical block at a time to find the exact sectors (SSDB_SCAN_OP_WRITE, SSDB_SCAN_OP_READ);
 * sectors read back other than written are bad ranges of SSDB_SCAN_OP_VERIFY. A block's time
 * is its write and its read. It needs a target opened for writing (SSDB_ERROR_UNSAFE
 * otherwise).
 *
 * Returns: %TRUE when the span was scanned to its end; %FALSE with @error and
 *   @result->cancelled set otherwise (SSDB_ERROR_CANCELLED on Stop or a device that stopped
 *   responding, the error of the read that stopped it, SSDB_ERROR_INVALID_ARGUMENT for bad
 *   settings); the result keeps what was scanned, summarized.
 */
gboolean
ssdb_scan_run (SsdbTarget *target, SsdbScanResult *result, SsdbScanProgressFunc progress,
               gpointer user_data, GCancellable *cancellable, GError **error);

/**
 * ssdb_scan_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_scan_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_scan_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_scan_result_check (const SsdbScanResult *result, const SsdbTargetInfo *target, GError **error);

G_END_DECLS
