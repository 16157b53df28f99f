/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-estimate.h"
#include "ssdb-io.h"
#include "ssdb-summary.h"
#include "ssdb-target.h"
#include "ssdb-unwritten.h"

G_BEGIN_DECLS

/* AS SSD Benchmark's default test file: 1 GiB. */
#define SSDB_ASSSD_DEFAULT_SPAN (G_GUINT64_CONSTANT (1) << 30)

/* The sequential test's transfer size: 16 MiB. */
#define SSDB_ASSSD_SEQ_BLOCK (16u * 1024 * 1024)

/* The 4K-64Thrd test's threads, each one request at a time. */
#define SSDB_ASSSD_THREADS 64u

/**
 * SsdbAsssdTest:
 * @SSDB_ASSSD_SEQ: "Seq": sequential 16 MiB transfers, queue depth 1, one thread
 * @SSDB_ASSSD_4K: "4K": random 4 KiB, queue depth 1, one thread
 * @SSDB_ASSSD_4K64: "4K-64Thrd": random 4 KiB, 64 threads each at queue depth 1
 * @SSDB_ASSSD_ACCESS: "Acc.time": random 4 KiB reads over the whole target, random writes of
 *   512 bytes (or the logical block size when larger) over the span; queue depth 1
 * @SSDB_ASSSD_N_TESTS: the number of tests
 *
 * AS SSD Benchmark's four tests, in the order it runs them (each reads, then writes).
 */
typedef enum
{
  SSDB_ASSSD_SEQ,
  SSDB_ASSSD_4K,
  SSDB_ASSSD_4K64,
  SSDB_ASSSD_ACCESS,
  SSDB_ASSSD_N_TESTS,
} SsdbAsssdTest;

/* Entries of a result: each test read, then written. */
#define SSDB_ASSSD_N_ENTRIES (2 * SSDB_ASSSD_N_TESTS)

/**
 * SsdbAsssdSpec:
 * @do_read: measure reads (the Read column) [TRUE]
 * @do_write: measure writes (the Write column) [FALSE]; needs a writable target
 * @span_offset: first byte of the span (AS SSD's test file) [0]
 * @span_length: bytes in the span [0 = 1 GiB, or to the end of the target when it holds less]
 * @test_duration_ns: length of each of the eight measurements, ns [3 s]
 * @fill: write random data over the span before the reads when the target is writable
 *   [FALSE]; a test file is always filled (it holds no data until written)
 * @data: data pattern of writes [random: AS SSD writes incompressible data]
 * @seed: seed of offsets and data [1]
 *
 * Settings of the AS SSD-style suite.
 */
typedef struct
{
  gboolean do_read;
  gboolean do_write;
  guint64 span_offset;
  guint64 span_length;
  guint64 test_duration_ns;
  gboolean fill;
  SsdbDataPattern data;
  guint64 seed;
} SsdbAsssdSpec;

/** ssdb_asssd_spec_init: fills @spec with the defaults above. */
void
ssdb_asssd_spec_init (SsdbAsssdSpec *spec);

/**
 * SsdbAsssdEntry:
 * @test: which test
 * @rw: %SSDB_RW_READ or %SSDB_RW_WRITE
 * @state: pending, running, done, skipped (a direction not asked for: a read-only run's
 *   writes), cancelled or failed
 * @block_size: transfer size, bytes (0 until the run resolves the access-time write's)
 * @threads: threads, each at queue depth 1 (64 for 4K-64Thrd, else 1)
 * @ios: completed requests
 * @bytes: completed bytes
 * @window_ns: measured window, ns
 * @iops: requests per second
 * @bytes_per_second: B/s (shown as MB/s = 10^6 B/s)
 * @mean_ns: mean latency, submit to completion, ns (the access time of %SSDB_ASSSD_ACCESS)
 * @p99_ns: 99th percentile latency, ns
 * @max_ns: slowest request, ns
 * @engine: how the requests were issued
 * @fio_command: (nullable): the equivalent fio command line
 * @measure: the members from @ios to @fio_command as one SsdbIoMeasure
 *
 * One cell of the table: one test in one direction.
 */
typedef struct
{
  SsdbAsssdTest test;
  SsdbRw rw;
  SsdbEntryState state;
  guint block_size;
  guint threads;
  union
  {
    struct
    {
      SSDB_IO_MEASURE_MEMBERS
    };
    SsdbIoMeasure measure;
  };
} SsdbAsssdEntry;

/**
 * SsdbAsssdResult:
 * @spec: the settings, @span_length resolved by the run
 * @entries: the eight measurements in the order of the run: index ssdb_asssd_index()
 * @prepare_ns: time spent filling the span (0 if not filled)
 * @filled: the span was filled with random data before the reads
 * @unwritten_percent: for reads of a span that was not filled first, the share of it never
 *   written or trimmed (ssdb_target_measure_unwritten()), 0..100
 * @unwritten_source: how @unwritten_percent was found; %SSDB_UNWRITTEN_UNKNOWN when the span
 *   was filled, nothing reads, or it could not be found
 * @cancelled: the run stopped early; what was measured is kept
 * @temperature: (nullable): the drive's temperature during the run
 * @drive_counts: (nullable): the drive's own count of the host's writes around the run
 */
typedef struct
{
  SsdbAsssdSpec spec;
  SsdbAsssdEntry entries[SSDB_ASSSD_N_ENTRIES];
  guint64 prepare_ns;
  gboolean filled;
  guint unwritten_percent;
  SsdbUnwrittenSource unwritten_source;
  gboolean cancelled;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbAsssdResult;

/** ssdb_asssd_index: the index in SsdbAsssdResult.entries of @test in direction @rw. */
guint
ssdb_asssd_index (SsdbAsssdTest test, SsdbRw rw);

/**
 * ssdb_asssd_test_name:
 * @test: a test
 *
 * Returns: (transfer none): AS SSD's row name: "Seq", "4K", "4K-64Thrd" or "Acc.time"
 */
const char *
ssdb_asssd_test_name (SsdbAsssdTest test);

/**
 * ssdb_asssd_result_new:
 * @spec: the settings
 *
 * Returns: (transfer full): a result with eight entries, pending for the directions asked for
 *   and skipped for the others.
 */
SsdbAsssdResult *
ssdb_asssd_result_new (const SsdbAsssdSpec *spec);
void
ssdb_asssd_result_free (SsdbAsssdResult *result);

/**
 * ssdb_asssd_result_dup:
 * @result: (nullable): a result
 *
 * Returns: (transfer full) (nullable): a deep copy; %NULL when @result is %NULL.
 */
SsdbAsssdResult *
ssdb_asssd_result_dup (const SsdbAsssdResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbAsssdResult, ssdb_asssd_result_free)

/**
 * ssdb_asssd_score_of_rates:
 * @seq: the sequential rate, MB/s (10^6 B/s)
 * @k4: the 4K rate, MB/s
 * @k4_64: the 4K-64Thrd rate, MB/s
 *
 * AS SSD Benchmark's read (or write) score: 0.1 × Seq + 4K + 4K-64Thrd, MB/s in, points out
 * (Tom's Hardware, "New AS SSD Benchmark", tomshardware.com/reviews/pci-express-ssd,2952-6.html;
 * ssd-tester.com/text_score.php).
 *
 * Returns: the score, not rounded (AS SSD shows it rounded to a whole number)
 */
double
ssdb_asssd_score_of_rates (double seq, double k4, double k4_64);

/**
 * ssdb_asssd_total_of_rates:
 * @seq_read: @seq_write: @k4_read: @k4_write: @k4_64_read: @k4_64_write: the six rates, MB/s
 *
 * AS SSD Benchmark's total score: 0.15 × Seq write + 0.1 × Seq read + 2 × 4K read + 4K write
 * + 1.5 × 4K-64Thrd read + 4K-64Thrd write (the same sources as ssdb_asssd_score_of_rates()),
 * checked against published results in tests/test-asssd.c.
 *
 * Returns: the total, not rounded
 */
double
ssdb_asssd_total_of_rates (double seq_read, double seq_write, double k4_read, double k4_write,
                           double k4_64_read, double k4_64_write);

/**
 * ssdb_asssd_result_score:
 * @result: a result
 * @rw: %SSDB_RW_READ or %SSDB_RW_WRITE
 * @score: (out): the read or write score
 *
 * Returns: %TRUE when Seq, 4K and 4K-64Thrd of @rw all ran to their end
 */
gboolean
ssdb_asssd_result_score (const SsdbAsssdResult *result, SsdbRw rw, double *score);

/**
 * ssdb_asssd_result_total:
 * @result: a result
 * @total: (out): the total score
 *
 * Returns: %TRUE when the six rates of the total all ran to their end (a read-only run has no
 *   total: AS SSD's total weighs the writes)
 */
gboolean
ssdb_asssd_result_total (const SsdbAsssdResult *result, double *total);

/**
 * SsdbAsssdProgressFunc:
 * @result: the result so far (read it during the call only)
 * @entry: index of the running entry (-1 while filling)
 * @fraction: 0..1 of the whole run
 *
 * Called on the thread running the test or on its I/O thread, a few times a second and after
 * each entry.
 */
typedef void (*SsdbAsssdProgressFunc) (SsdbAsssdResult *result, int entry, double fraction,
                                       gpointer user_data);

/**
 * ssdb_asssd_run:
 * @target: an open target (writable for writes or for the fill)
 * @result: from ssdb_asssd_result_new(); filled in place
 * @progress: (nullable): progress (worker thread)
 * @cancellable: (nullable): cancel; the running entry is marked cancelled and kept
 *
 * Runs the suite through the I/O engine: Seq, 4K, 4K-64Thrd and Acc.time, each read then
 * written, every entry for the spec's duration.
 *
 * Returns: %TRUE when every entry asked for ran, %FALSE with @error
 *   (SSDB_ERROR_INVALID_ARGUMENT naming the setting, SSDB_ERROR_UNSAFE for writes that are not
 *   allowed, SSDB_ERROR_CANCELLED with @result->cancelled set, SSDB_ERROR_IO).
 */
gboolean
ssdb_asssd_run (SsdbTarget *target, SsdbAsssdResult *result, SsdbAsssdProgressFunc progress,
                gpointer user_data, GCancellable *cancellable, GError **error);

/**
 * ssdb_asssd_result_check:
 * @result: a new result holding the settings of a run not yet started
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_asssd_result_check (const SsdbAsssdResult *result, const SsdbTargetInfo *target,
                         GError **error);

/**
 * ssdb_asssd_estimate:
 * @result: a new result holding the settings of a run not yet started
 * @target_bytes: the size of the target, bytes (0 when not known)
 * @out: (out): the timed part (entries × duration, ns) and the bytes the fill writes
 *
 * Returns: %TRUE
 */
gboolean
ssdb_asssd_estimate (const SsdbAsssdResult *result, guint64 target_bytes, SsdbRunEstimate *out);

G_END_DECLS
