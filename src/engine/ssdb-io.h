/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-histogram.h"
#include "ssdb-pattern.h"
#include "ssdb-target.h"

G_BEGIN_DECLS

#define SSDB_MAX_QUEUE_DEPTH 256
#define SSDB_MAX_THREADS 64
#define SSDB_MAX_BLOCK_SIZE (64u * 1024 * 1024)
/* Upper bound for all in-flight read buffers of one job (threads x QD x block). */
#define SSDB_MAX_BUFFER_BYTES (G_GUINT64_CONSTANT (2) * 1024 * 1024 * 1024)
/* Most transfer sizes in one job's size distribution. */
#define SSDB_MAX_SIZE_MIX 16

/**
 * SsdbSizeWeight:
 * @size: transfer size in bytes, a multiple of the logical block size
 * @weight: relative share of requests of this size (IOMeter's "% of access specification")
 * @read_percent: with SsdbJobSpec.line_shares, the share of these requests that are reads,
 *   0..100 (IOMeter's "% read" of one line of an access specification)
 * @random_percent: with SsdbJobSpec.line_shares, the share of them at a random offset, 0..100
 *   (its "% random"); the others continue sequentially after the previous request
 * @align_bytes: with SsdbJobSpec.line_shares, the alignment of their offsets, bytes [0 = the
 *   job's SsdbJobSpec.align_bytes]
 *
 * One line of a transfer-size distribution. Without SsdbJobSpec.line_shares only @size and
 * @weight count.
 */
typedef struct
{
  guint size;
  guint weight;
  guint read_percent;
  guint random_percent;
  guint align_bytes;
} SsdbSizeWeight;

/**
 * SsdbRw:
 * @SSDB_RW_READ: reads only
 * @SSDB_RW_WRITE: writes only
 * @SSDB_RW_MIX: reads and writes, a share of SsdbJobSpec.read_percent reads
 */
typedef enum
{
  SSDB_RW_READ,
  SSDB_RW_WRITE,
  SSDB_RW_MIX,
} SsdbRw;

/**
 * SsdbAccess:
 * @SSDB_ACCESS_SEQUENTIAL: each thread walks its region in order and wraps around
 * @SSDB_ACCESS_RANDOM: uniformly random block-aligned offsets in each thread's region
 */
typedef enum
{
  SSDB_ACCESS_SEQUENTIAL,
  SSDB_ACCESS_RANDOM,
} SsdbAccess;

/**
 * SsdbIoSoFar:
 * @elapsed_ns: time since the window opened, ns
 * @read_ios: reads completed since the window opened, all threads
 * @read_bytes: their bytes
 * @write_ios: writes completed since the window opened, all threads
 * @write_bytes: their bytes
 * @read_latency: the response times of those reads
 * @write_latency: the response times of those writes
 *
 * What a running job completed so far, the reads and the writes apart. Each I/O thread's part
 * is copied under the lock the thread takes once per batch of completions, so its counts and
 * histograms agree with each other; the threads are copied one after the other.
 */
typedef struct
{
  guint64 elapsed_ns;
  guint64 read_ios;
  guint64 read_bytes;
  guint64 write_ios;
  guint64 write_bytes;
  SsdbHistogram read_latency;
  SsdbHistogram write_latency;
} SsdbIoSoFar;

/**
 * SsdbIoSoFarFunc:
 * @so_far: what the job completed so far; valid during the call only
 * @user_data: the user data of ssdb_io_run()
 *
 * Called on the thread that called ssdb_io_run(), right before each progress sample (about
 * every SsdbJobSpec.sample_interval_ns; not with the sample at the end, when the result holds
 * it all). Copying the histograms holds each I/O thread for a few microseconds a sample; the
 * function must be quick and must not call GTK.
 */
typedef void (*SsdbIoSoFarFunc) (const SsdbIoSoFar *so_far, gpointer user_data);

/**
 * SsdbJobSpec:
 * @rw: read, write or mix
 * @read_percent: for %SSDB_RW_MIX, share of reads 0..100 (CrystalDiskMark's mix: 70)
 * @access: sequential or random
 * @block_size: transfer size in bytes, a multiple of the target's logical block size, at most
 *   %SSDB_MAX_BLOCK_SIZE
 * @queue_depth: requests in flight per thread, 1..%SSDB_MAX_QUEUE_DEPTH
 * @threads: 1..%SSDB_MAX_THREADS; each has its own libaio context and a disjoint slice of the
 *   region
 * @offset: first byte of the test region, aligned to @block_size's DIO alignment
 * @length: bytes in the test region (the "test size"); the region must lie inside the target
 * @duration_ns: time-based run length; 0 for size-based
 * @total_bytes: size-based run length (bytes to transfer in all threads); 0 for time-based. When
 *   both are set the run ends at whichever comes first.
 * @data: data pattern for writes
 * @seed: seed of random offsets, mixed choices and the data pool
 * @sample_interval_ns: when > 0, a progress sample is published at this interval
 * @mark_bytes: when > 0 (and @threads is 1), @mark_func is called each time this many more
 *   bytes have completed: the time series of a whole-drive fill per segment
 * @mark_func: (nullable): see #SsdbIoMarkFunc
 * @mark_data: data for @mark_func
 * @size_mix: IOMeter-style transfer-size distribution; when @n_size_mix > 0 each request
 *   draws its size from it, and @block_size must be the largest size
 * @n_size_mix: entries in @size_mix, 0..%SSDB_MAX_SIZE_MIX
 * @random_percent: with %SSDB_ACCESS_RANDOM, the share of requests at a random offset [100];
 *   the others continue sequentially from the previous request (IOMeter's "% random")
 * @align_bytes: offset alignment of requests for a size mix or a partly random job [0 = the
 *   logical block size]; fixed-size jobs align to @block_size as fio does
 * @line_shares: each line of @size_mix carries its own share of reads, share of random offsets
 *   and alignment (IOMeter's access specification lines); @read_percent and @random_percent
 *   then do not apply (a line's read share counts with %SSDB_RW_MIX), and @access must be
 *   %SSDB_ACCESS_RANDOM [FALSE]
 * @write_source: (nullable): for a rewrite-in-place write job, the bytes currently in the
 *   region (@length bytes, aligned to the target's DIO memory alignment); each write puts back
 *   the bytes of its own offset, so the device content does not change. Such a job runs on a
 *   target opened with %SSDB_TARGET_OPEN_REWRITE, without a permission to destroy data
 * @total_ios: count-based run length: requests to complete in all threads [0 = no count]; with
 *   @duration_ns or @total_bytes also set the run ends at whichever comes first (fio's
 *   `--number_ios`)
 * @trace: (nullable): keep a uniform sample of the completed requests in it (one thread only);
 *   %NULL keeps none and costs nothing
 * @so_far_func: (nullable): with a sample function and @sample_interval_ns, called right before
 *   each sample with the reads and the writes so far apart, their response times included (see
 *   #SsdbIoSoFarFunc); %NULL costs nothing
 *
 * One measured I/O job, fio's terms: `--rw --bs --iodepth --numjobs --offset --size --runtime`.
 */
/**
 * SsdbIoTraceEntry:
 * @offset: first byte of the request on the target, bytes
 * @latency_ns: submit to completion, ns
 * @size: transfer size, bytes
 * @is_read: the request was a read
 *
 * One completed request of a traced job.
 */
typedef struct
{
  guint64 offset;
  guint64 latency_ns;
  guint size;
  gboolean is_read;
} SsdbIoTraceEntry;

/**
 * SsdbIoTrace:
 * @capacity: most entries kept
 * @n_entries: entries kept, at most @capacity
 * @seen: completed requests offered to the trace
 * @entries: (array length=n_entries): the sample, in no particular order
 * @rng: the sample's own random numbers (the job's offsets and sizes do not change with it)
 *
 * A uniform sample of a job's completed requests (reservoir sampling, Vitter's Algorithm R):
 * every completed request has the same chance, @capacity / @seen, of being in it. Set
 * SsdbJobSpec.trace to one (with a single thread) to have ssdb_io_run() fill it; the caller
 * owns it and reads it after the run.
 */
typedef struct _SsdbIoTrace
{
  guint capacity;
  guint n_entries;
  guint64 seen;
  SsdbIoTraceEntry *entries;
  SsdbRng rng;
} SsdbIoTrace;

/**
 * ssdb_io_trace_new:
 * @capacity: most entries kept (0 keeps none but still counts)
 * @seed: seed of the sample's choices
 *
 * Returns: (transfer full): an empty trace; free with ssdb_io_trace_free()
 */
SsdbIoTrace *
ssdb_io_trace_new (guint capacity, guint64 seed);

/** ssdb_io_trace_free: frees @trace (%NULL is ignored). */
void
ssdb_io_trace_free (SsdbIoTrace *trace);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbIoTrace, ssdb_io_trace_free)

/**
 * ssdb_io_trace_add:
 * @trace: a trace
 * @offset: the request's first byte, bytes
 * @latency_ns: its latency, ns
 * @size: its size, bytes
 * @is_read: whether it read
 *
 * Offers one completed request to the sample: kept while fewer than @capacity are, then in
 * place of a random entry with probability capacity / seen.
 */
void
ssdb_io_trace_add (SsdbIoTrace *trace, guint64 offset, guint64 latency_ns, guint size,
                   gboolean is_read);

/**
 * SsdbIoMarkFunc:
 * @index: 1 for the first SsdbJobSpec.mark_bytes completed, 2 for twice that, ...
 * @elapsed_ns: when the completion that crossed the mark was reaped, since the window opened
 * @user_data: SsdbJobSpec.mark_data
 *
 * Called on the I/O thread each time the completed bytes cross a multiple of
 * SsdbJobSpec.mark_bytes (one thread only); must be quick.
 */
typedef void (*SsdbIoMarkFunc) (guint index, guint64 elapsed_ns, gpointer user_data);

typedef struct
{
  SsdbRw rw;
  guint read_percent;
  SsdbAccess access;
  guint block_size;
  guint queue_depth;
  guint threads;
  guint64 offset;
  guint64 length;
  guint64 duration_ns;
  guint64 total_bytes;
  SsdbDataPattern data;
  guint64 seed;
  guint64 sample_interval_ns;
  guint64 mark_bytes;
  SsdbIoMarkFunc mark_func;
  gpointer mark_data;
  SsdbSizeWeight size_mix[SSDB_MAX_SIZE_MIX];
  guint n_size_mix;
  guint random_percent;
  guint align_bytes;
  gboolean line_shares;
  const guint8 *write_source;
  guint64 total_ios;
  SsdbIoTrace *trace;
  SsdbIoSoFarFunc so_far_func;
} SsdbJobSpec;

/** ssdb_job_spec_init: fills @spec with defaults (SEQ1M Q1T1 read, 5 s). */
void
ssdb_job_spec_init (SsdbJobSpec *spec);

/**
 * ssdb_job_spec_check:
 * @spec: a job
 * @info: the target's facts (a size, block size or alignment of 0 is not known and not checked)
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting and the limit
 *
 * The part of ssdb_job_spec_validate() that needs only the target's facts: ranges, transfer
 * sizes and alignment, the region within the target, the buffer memory bound.
 *
 * Returns: %TRUE when the job's settings fit
 */
gboolean
ssdb_job_spec_check (const SsdbJobSpec *spec, const SsdbTargetInfo *info, GError **error);

/**
 * ssdb_job_spec_validate:
 * @target: the target the job will run on
 *
 * Checks ranges, alignment to the target's logical block size and DIO alignment, that the region
 * lies inside the target, that writes are allowed, and the buffer memory bound.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT or SSDB_ERROR_UNSAFE) whose
 *   message names the setting and the limit.
 */
gboolean
ssdb_job_spec_validate (const SsdbJobSpec *spec, SsdbTarget *target, GError **error);

/**
 * SsdbIoEngine:
 * @SSDB_IO_ENGINE_LIBAIO: libaio (`io_submit`/`io_getevents`), fio's `--ioengine=libaio`: every
 *   job with a queue depth above 1
 * @SSDB_IO_ENGINE_PVSYNC2: synchronous `preadv2`/`pwritev2`, one request at a time per thread,
 *   fio's `--ioengine=pvsync2`: jobs of queue depth 1, where libaio's submit and reap calls cost
 *   more than they do (with `RWF_HIPRI`, fio's `--hipri`, on a device that polls for completions)
 *
 * How a job issues its requests; chosen by ssdb_job_spec_engine().
 */
typedef enum
{
  SSDB_IO_ENGINE_LIBAIO,
  SSDB_IO_ENGINE_PVSYNC2,
} SsdbIoEngine;

/**
 * ssdb_job_spec_engine:
 * @spec: a job
 * @target: its target
 * @polled: (out) (optional): set to %TRUE when the job's requests poll for their completion
 *   (`RWF_HIPRI`): a synchronous job on a block device whose queue polls (`queue/io_poll` is 1)
 *
 * Returns: the engine ssdb_io_run() runs @spec with: %SSDB_IO_ENGINE_PVSYNC2 at queue depth 1,
 *   %SSDB_IO_ENGINE_LIBAIO otherwise.
 */
SsdbIoEngine
ssdb_job_spec_engine (const SsdbJobSpec *spec, SsdbTarget *target, gboolean *polled);

/**
 * ssdb_io_engine_to_string:
 * Returns: fio's name of @engine: "libaio" or "pvsync2".
 */
const char *
ssdb_io_engine_to_string (SsdbIoEngine engine);

/**
 * SsdbIoResult:
 * @ios: completed requests
 * @bytes: completed bytes (reads + writes)
 * @read_ios: completed reads
 * @read_bytes: bytes read
 * @write_ios: completed writes
 * @write_bytes: bytes written
 * @window_ns: the shared wall-clock window, from the moment all threads started to the last
 *   completion, ns
 * @bytes_per_second: @bytes / @window_ns x 10^9
 * @iops: @ios / @window_ns x 10^9
 * @latency: submit-to-completion latency of every request, ns
 * @read_latency: latency of reads only
 * @write_latency: latency of writes only
 * @mean_inflight: achieved mean requests in flight per thread (sum of latencies / window /
 *   threads, Little's law); compare with the asked queue depth
 * @cpu_user_ns: user CPU time of the I/O threads, ns
 * @cpu_system_ns: system CPU time of the I/O threads, ns
 * @device_read_bytes: bytes the device's own counters saw read during the job
 * @device_write_bytes: bytes the device's own counters saw written during the job
 * @counters_valid: %FALSE when the device has no counters (nothing to check)
 * @reached_device: %FALSE when the device counted clearly fewer bytes than the engine did (page
 *   cache, a file system that ignored `O_DIRECT`, or no device at all)
 * @device_busy_ns: how long the target's own block device had requests in flight during the
 *   job (growth of its stat io_ticks), ns; 0 when unknown
 * @device_queue_ns: its requests' time in flight added up (growth of stat time_in_queue), ns:
 *   @device_queue_ns / @device_busy_ns is the mean number of requests the device itself held
 *   while busy (ssdb_io_result_device_depth())
 * @cancelled: the job ended early (cancelled, an I/O error, or a device that stopped
 *   answering); the numbers cover what completed
 * @random_ios: completed requests issued at a random offset
 * @size_ios: completed requests per entry of SsdbJobSpec.size_mix
 * @engine: how the requests were issued (see ssdb_job_spec_engine())
 * @polled: the requests polled for their completion (`RWF_HIPRI`)
 *
 * What one job measured.
 */
typedef struct
{
  guint64 ios;
  guint64 bytes;
  guint64 read_ios;
  guint64 read_bytes;
  guint64 write_ios;
  guint64 write_bytes;
  guint64 window_ns;
  double bytes_per_second;
  double iops;
  SsdbHistogram latency;
  SsdbHistogram read_latency;
  SsdbHistogram write_latency;
  double mean_inflight;
  guint64 cpu_user_ns;
  guint64 cpu_system_ns;
  guint64 device_read_bytes;
  guint64 device_write_bytes;
  gboolean counters_valid;
  gboolean reached_device;
  guint64 device_busy_ns;
  guint64 device_queue_ns;
  gboolean cancelled;
  guint64 random_ios;
  guint64 size_ios[SSDB_MAX_SIZE_MIX];
  SsdbIoEngine engine;
  gboolean polled;
} SsdbIoResult;

/**
 * SSDB_IO_MEASURE_MEMBERS:
 *
 * The members of SsdbIoMeasure, spelled once. An entry of a result that keeps them under their
 * own names declares them as
 * `union { struct { SSDB_IO_MEASURE_MEMBERS }; SsdbIoMeasure measure; };`, so that
 * `entry->ios` and `entry->measure.ios` are the same number and the measure is read, written
 * and filled by one piece of code (ssdb_io_measure_set_result(), the report's entry objects).
 */
#define SSDB_IO_MEASURE_MEMBERS                                                                    \
  guint64 ios;                                                                                     \
  guint64 bytes;                                                                                   \
  guint64 window_ns;                                                                               \
  double iops;                                                                                     \
  double bytes_per_second;                                                                         \
  double mean_ns;                                                                                  \
  guint64 p99_ns;                                                                                  \
  guint64 max_ns;                                                                                  \
  SsdbIoEngine engine;                                                                             \
  char *fio_command;

/**
 * SsdbIoMeasure:
 * @ios: completed requests
 * @bytes: completed bytes
 * @window_ns: measured window, ns
 * @iops: requests per second
 * @bytes_per_second: B/s (shown as MB/s = 10^6 B/s)
 * @mean_ns: mean latency, submit to completion, ns
 * @p99_ns: 99th percentile latency, ns
 * @max_ns: slowest request, ns
 * @engine: how the requests were issued (ssdb_job_spec_engine())
 * @fio_command: (nullable): the equivalent fio command line
 *
 * What an entry of a table (an AS SSD cell, a random-access row) keeps of the one job it ran.
 */
typedef struct
{
  SSDB_IO_MEASURE_MEMBERS
} SsdbIoMeasure;

/**
 * ssdb_io_measure_set_result:
 * @m: an entry's measure
 * @io: what its job measured
 *
 * Sets every member of @m but @fio_command from @io: the counts, the window, the rates, the
 * mean, 99th percentile and slowest latency of its histogram, and the engine.
 */
void
ssdb_io_measure_set_result (SsdbIoMeasure *m, const SsdbIoResult *io);

/**
 * ssdb_io_result_device_depth:
 * @io: a result
 *
 * The mean number of requests the target's device held while it was busy, from its own
 * counters (Documentation/block/stat.rst: time_in_queue / io_ticks). Beside
 * SsdbIoResult.mean_inflight (what the engine kept in flight) it tells whether a queue depth
 * reached the device: a device that serves one request at a time (zram, a synchronous driver)
 * shows about 1 whatever the engine's depth.
 *
 * Returns: the depth, or 0 when the counters are unknown or the device was never busy.
 */
double
ssdb_io_result_device_depth (const SsdbIoResult *io);

/**
 * ssdb_io_result_dup_notes:
 * @io: what a job measured
 * @job: the job
 *
 * What a reader must know about how much the figure measured, in words, "; "-separated:
 * - the share of the test region a time-limited job moved, when it is below the whole region
 *   ("covered 6 % of the 256 MiB region"; for random offsets "touched at most 6 %");
 * - a queue depth the engine did not keep in flight ("queue depth 32 not reached: 7.5 in
 *   flight on average");
 * - a device that held far fewer requests than the engine kept in flight, from its own
 *   counters (ssdb_io_result_device_depth()): "the device served about 1.0 request at a time:
 *   queue depth 32 had no effect", or "the device held 3.1 of the 8.0 requests in flight".
 *
 * Returns: (transfer full) (nullable): the notes, or %NULL when there is nothing to say.
 */
char *
ssdb_io_result_dup_notes (const SsdbIoResult *io, const SsdbJobSpec *job);

/**
 * SsdbIoSampleFunc:
 * @elapsed_ns: time since the window started
 * @bytes: bytes completed since the window started, all threads
 * @ios: requests completed since the window started
 * @user_data: data
 *
 * Called on an I/O thread about every SsdbJobSpec.sample_interval_ns (and once at the end);
 * must be quick and must not call GTK.
 */
typedef void (*SsdbIoSampleFunc) (guint64 elapsed_ns, guint64 bytes, guint64 ios,
                                  gpointer user_data);

/**
 * ssdb_io_run:
 * @target: an open target
 * @spec: the job
 * @sample_func: (nullable): progress samples
 * @cancellable: (nullable): cancel; takes effect within 100 ms
 * @result: (out caller-allocates): what was measured (also on cancel and on error: the part
 *   that completed)
 *
 * Runs one job on the target's `O_DIRECT` fd and blocks until it ends: with libaio, or at queue
 * depth 1 with synchronous `preadv2`/`pwritev2` calls (see ssdb_job_spec_engine()).
 *
 * The I/O threads, their aio contexts and buffers are kept from one job to the next: jobs that
 * follow each other within about 2 s (the samples of a surface, the steps of a sweep, the passes
 * of a summary) run on the same threads and contexts, so a short job costs its I/O and little
 * more. Idle threads end on their own after 2 s (see ssdb_io_release_idle()).
 *
 * Returns: %TRUE when the job ran to its end, %FALSE with @error on cancel (SSDB_ERROR_CANCELLED,
 *   @result->cancelled set; see ssdb_io_error_is_not_responding() for a device that does not
 *   answer) or on an I/O error (SSDB_ERROR_IO: "I/O error on /dev/sdX: read of 1048576 bytes at
 *   offset 8388608 failed: Input/output error (errno 5)"; @result->cancelled set, the numbers
 *   cover the requests that completed).
 */
gboolean
ssdb_io_run (SsdbTarget *target, const SsdbJobSpec *spec, SsdbIoSampleFunc sample_func,
             gpointer user_data, GCancellable *cancellable, SsdbIoResult *result, GError **error);

/**
 * ssdb_io_release_idle:
 *
 * Ends the idle I/O threads kept for the next job, and frees their aio contexts and buffers,
 * before returning (they also end on their own after 2 s without a job). Threads still busy with
 * a job, or waiting for a device that does not answer, are not affected.
 */
void
ssdb_io_release_idle (void);

/**
 * ssdb_io_error_is_not_responding:
 * @error: (nullable): an error from ssdb_io_run() or from a test built on it
 *
 * A job stopped (cancel, or an error in another thread) while requests were still in flight
 * waits 100 ms for them; a device that has not completed them by then is not responding. The
 * job then returns at once with what completed (SsdbIoResult.cancelled set) and the error
 * SSDB_ERROR_CANCELLED "The read test on /dev/sdX was cancelled, but the device is not
 * responding: N requests did not complete within 100 ms", and leaves the requests to the
 * kernel: its I/O threads end, and free their buffers, when the device completes them (a
 * process that exits meanwhile is held by the kernel until then).
 *
 * Returns: %TRUE when @error says the device did not respond.
 */
gboolean
ssdb_io_error_is_not_responding (const GError *error);

/**
 * ssdb_job_spec_to_fio:
 * @spec: a job
 * @target: its target
 * @name: the job name ("SEQ1M_Q8T1_read")
 *
 * Returns: (transfer full): the fio command line that runs the same job (the same I/O engine:
 *   libaio, or pvsync2 at queue depth 1 with `--hipri` where the job polls; direct=1, same bs,
 *   iodepth, numjobs with disjoint offset_increment slices, offset, size, runtime, rwmixread and
 *   data pattern).
 */
char *
ssdb_job_spec_to_fio (const SsdbJobSpec *spec, SsdbTarget *target, const char *name);

G_END_DECLS
