/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-report.h"

G_BEGIN_DECLS

/*
 * Raw numbers of a report as CSV (RFC 4180): one header row whose column names carry their
 * units (position_bytes, mb_per_s, latency_ns, ...), then one row per sample. Numbers are
 * written in the C locale ('.' decimals, no grouping) whatever the user's locale; integers
 * (bytes, ns, counts) stay integers, rates get three decimals; a value that was not measured
 * is an empty field. Lines end with "\r\n" as RFC 4180 asks.
 */

/*
 * The table of each kind of test:
 * @SSDB_TEST_KIND_SUMMARY: a row per summary test: test, rw, state, block_bytes, queue_depth,
 *   threads, mb_per_s, iops, mean_latency_ns, p50/p99/max latency_ns, bytes, ios, window_ns
 * @SSDB_TEST_KIND_SURFACE: a row per surface sample: series (read, write or access), index,
 *   offset_bytes, position_bytes (where the chart plots it), bytes, window_ns, mb_per_s,
 *   latency_ns
 * @SSDB_TEST_KIND_FILL: a row per fill segment and per interval: pass, rw, series (segment or
 *   interval), index, position_bytes, elapsed_ns, mb_per_s
 * @SSDB_TEST_KIND_ACCESS: a row per display bin of each queue depth (or thread count): depth,
 *   state, iops, mean_latency_ns, p99_latency_ns, bin_lower_ns, bin_upper_ns (empty for the
 *   open-ended last row), count, share_percent
 * @SSDB_TEST_KIND_SWEEP: a row per sweep point: rw, transfer_bytes, mb_per_s, iops,
 *   mean_latency_ns, p99_latency_ns, max_latency_ns, mean_inflight, ios, bytes, window_ns
 * @SSDB_TEST_KIND_WORKLOAD: a row per worker and one "total" row: worker, ios, bytes, read_ios,
 *   write_ios, random_ios, window_ns, mb_per_s, iops, mean_latency_ns, p99_latency_ns,
 *   max_latency_ns, mean_inflight, cpu_ns
 * @SSDB_TEST_KIND_RECOVERY: a "write" row per write (the first, then one per pause) and a "segment"
 *   row per segment of it: write (0 for the first), pause_s, series, index, position_bytes,
 *   position_gb, elapsed_s, mb_per_s, fast_gb and restored_percent (write rows only)
 * @SSDB_TEST_KIND_COMPRESSION: a row per data level: data, compressible_percent, write_mb_per_s,
 *   read_mb_per_s, write_bytes, write_s, read_bytes, read_s, write_x_random and read_x_random
 *   (the rate over random data's)
 * @SSDB_TEST_KIND_TRIM: a "test" row per summary test: name, rw, before_mb_per_s, after_mb_per_s,
 *   retention_percent; then a "round" row per fill-and-delete round: fill_gb, fill_s,
 *   fill_mb_per_s, deleted_gb, delete_s
 * @SSDB_TEST_KIND_FREESPACE: a row per step and summary test: used_percent, used_bytes, used_gb,
 *   test, rw, mb_per_s
 * @SSDB_TEST_KIND_CONSISTENCY: a row per round: round (from 1), elapsed_s, ios, iops, steady_window
 *   (1 inside the SNIA PTS window where steady state was reached), tail (1 in the last part
 *   the tail mean is taken over)
 * @SSDB_TEST_KIND_READBACK: a row per write and read of each pass: pass (1 or 2), rw, bytes, gb,
 *   window_s, mb_per_s, complete (1 or 0)
 * @SSDB_TEST_KIND_SCAN: a "cell" row per cell of the grid (index, offset_bytes, lba,
 *   length_bytes scanned, blocks, worst_ms, slow_blocks, bad_blocks), then a "bad" row per
 *   unreadable range (index, offset_bytes, lba, length_bytes, errno) and a "slow" row per slow
 *   range (index, offset_bytes, lba, length_bytes, worst_ms); lba is offset_bytes over the
 *   logical block size
 * @SSDB_TEST_KIND_RANDOMACCESS: a "row" line per row of the table (row index, rw, mixed 1 for
 *   the "Random" row, transfer_bytes, state, iops, mb_per_s, mean/p99/max latency_ns, ios,
 *   bytes, window_ns, engine, fio_command), then a "dot" line per access-time dot of each row
 *   (row, rw, mixed, transfer_bytes of that request, offset_bytes, latency_ns)
 * @SSDB_TEST_KIND_ASSSD: an "entry" line per measurement of the AS SSD suite (test: Seq, 4K,
 *   4K-64Thrd or Acc.time; rw, transfer_bytes, threads, state, mb_per_s, iops, mean/p99/max
 *   latency_ns, ios, bytes, window_ns, engine, fio_command), then a "score" line per score that
 *   could be computed (test: read, write or total; score)
 * @SSDB_TEST_KIND_COPY: a row per file set (set, method, scale_percent, state, files, dirs,
 *   bytes, elapsed_ns, seconds, mb_per_s); elapsed_ns, seconds and mb_per_s are empty for a
 *   set that is not done (pending, cancelled or failed: files, dirs and bytes say how far it got)
 *
 * A table is named by the #SsdbTestKind it is made from (ssdb_test_kind_to_string()), and a
 * report gives it when it holds that test (ssdb_report_has_test()).
 */

/**
 * ssdb_csv_format:
 * @report: a report
 * @table: which table
 * @error: %SSDB_ERROR_INVALID_ARGUMENT when @report holds no such test (the message names the
 *   test)
 *
 * Returns: (transfer full): the CSV text (UTF-8, C locale numbers), or %NULL with @error.
 */
char *
ssdb_csv_format (const SsdbReport *report, SsdbTestKind table, GError **error);

/**
 * ssdb_csv_write:
 * @report: a report
 * @table: which table
 * @path: the file to write (replaced atomically, mode 0644)
 * @error: as ssdb_csv_format(), or as ssdb_check_output_file() and file errors naming @path
 *
 * Writes ssdb_csv_format() to @path.
 *
 * Returns: %TRUE on success.
 */
gboolean
ssdb_csv_write (const SsdbReport *report, SsdbTestKind table, const char *path, GError **error);

/**
 * ssdb_csv_table_has_text:
 * @table: a table
 *
 * Returns: %TRUE when ssdb_csv_format_text() can write @table: the summary, the fill, the
 *   access-time and transfer-size tests, and the six SSD behaviour tests (recovery,
 *   compression, trim, freespace, consistency, readback, scan), the random-access table, AS
 *   SSD, the copy and the workload; not the surface.
 */
gboolean
ssdb_csv_table_has_text (SsdbTestKind table);

/**
 * ssdb_csv_format_text:
 * @report: a report
 * @table: which test
 * @error: %SSDB_ERROR_INVALID_ARGUMENT when @report holds no such test or @table has no text
 *   (the message names the test and the ones that have text)
 *
 * The test as text to paste into a review: for the summary, ssdb_summary_format_text(); for the
 * others, a heading naming the target and the run, the settings, a table of the numbers
 * reviewers quote (fill: each pass's MB/s, GB and time, the phases found with their rates, the
 * verdict with the noise and what a change needs; access: IOPS, mean, median and 99th
 * percentile access time and requests in flight per depth, the gains from the first depth to
 * the last; transfer sizes: read and write MB/s and IOPS per size; compression: write and read MB/s
 * per data level and the ratios; consistency: steady-state round, mean IOPS of the last part, its
 * standard deviation and mean / deviation; recovery: mean MB/s, fast GB and restored % per write
 * and the first write's analysis as the fill's; TRIM: before and after MB/s and retention % per
 * test; free space: MB/s per step and test; read-after-write: write and read MB/s of each pass and
 * the difference in %), then the finding in words. MB/s are 10^6 B/s, GB 10^9 B, numbers in the C
 * locale.
 *
 * Returns: (transfer full): the text, ending in a newline, or %NULL with @error.
 */
char *
ssdb_csv_format_text (const SsdbReport *report, SsdbTestKind table, GError **error);

/**
 * ssdb_csv_format_workload_tables:
 * @r: a workload's result
 *
 * The workload's numbers as text tables, as `ssdbench-cli run workload` prints them and
 * ssdb_csv_format_text() writes them: with a cycle of queue depths, one row per depth (all
 * workers); then one row per worker and one for all workers ("1", "2", …, "All workers"), each
 * with its IOPS, MB/s (10^6 B/s), mean, 99th percentile and maximum response time (ms) and
 * requests in flight; when the run both read and wrote (and @r->split), each followed by its
 * reads' and its writes' rows ("  Reads", "  Writes": ssdb_workload_stats_direction(), "-" in
 * every column of a direction without requests); then the requests' shares of reads and of
 * random offsets. Numbers in the C locale.
 *
 * Returns: (transfer full): the tables, ending in a newline.
 */
char *
ssdb_csv_format_workload_tables (const SsdbWorkloadResult *r);

/**
 * ssdb_text_file_write:
 * @path: a file (replaced atomically, mode 0644)
 * @text: NUL-terminated text
 * @error: as ssdb_check_output_file(), or the file error naming @path
 *
 * Writes @text to @path after ssdb_check_output_file().
 *
 * Returns: %TRUE on success.
 */
gboolean
ssdb_text_file_write (const char *path, const char *text, GError **error);

G_END_DECLS
