/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-io.h"
#include "ssdb-target.h"

G_BEGIN_DECLS

/* Longest workload name, bytes including the terminating nul. */
#define SSDB_WORKLOAD_NAME_MAX 64

/* Most queue depths a workload cycles through (IOMeter's "Cycle # Outstanding I/Os"). */
#define SSDB_WORKLOAD_MAX_CYCLE 16

/**
 * SsdbWorkloadPreset:
 * @SSDB_WORKLOAD_DATABASE: 8 KiB, 67 % read, 100 % random
 * @SSDB_WORKLOAD_FILE_SERVER: 512 B 10 %, 1 KiB 5 %, 2 KiB 5 %, 4 KiB 60 %, 8 KiB 2 %, 16 KiB 4 %,
 *   32 KiB 4 %, 64 KiB 10 %; 80 % read, 100 % random
 * @SSDB_WORKLOAD_WEB_SERVER: 512 B 22 %, 1 KiB 15 %, 2 KiB 8 %, 4 KiB 23 %, 8 KiB 15 %,
 *   16 KiB 2 %, 32 KiB 6 %, 64 KiB 7 %, 128 KiB 1 %, 512 KiB 1 %; 100 % read, 100 % random
 * @SSDB_WORKLOAD_WORKSTATION: 8 KiB, 80 % read, 80 % random
 *
 * The classic IOMeter access specifications (Intel's server workload definitions as used in
 * storage reviews). All align requests on sector boundaries, IOMeter's default.
 */
typedef enum
{
  SSDB_WORKLOAD_DATABASE,
  SSDB_WORKLOAD_FILE_SERVER,
  SSDB_WORKLOAD_WEB_SERVER,
  SSDB_WORKLOAD_WORKSTATION,
} SsdbWorkloadPreset;

#define SSDB_WORKLOAD_N_PRESETS 4

/**
 * SsdbWorkloadSpec:
 * @name: display name ("Database")
 * @size_mix: the lines of the specification: transfer sizes (bytes, multiples of the logical
 *   block size) and their weights, and with @per_line each line's own read share, random share
 *   and alignment
 * @n_size_mix: entries in @size_mix, 1..%SSDB_MAX_SIZE_MIX
 * @per_line: the lines carry their own read %, random % and alignment (SsdbSizeWeight's
 *   read_percent, random_percent and align_bytes; an alignment of 0 is @align_bytes), as each
 *   line of an IOMeter access specification does; otherwise @read_percent, @random_percent and
 *   @align_bytes apply to every line [FALSE]. ssdb_workload_spec_resolve_lines() sets it.
 * @read_percent: share of reads, 0..100; with @per_line the lines' shares weighted by their
 *   weights, rounded, and 0 or 100 only when exactly so (a workload of 0.4 % writes says 99)
 * @random_percent: share of requests at a random offset, 0..100; the others continue
 *   sequentially after the previous one (IOMeter's "% random"); with @per_line the lines'
 *   weighted mean, rounded
 * @align_bytes: offset alignment [0 = the logical block size: IOMeter's "sector boundaries"]
 * @queue_depth: outstanding requests per worker, 1..%SSDB_MAX_QUEUE_DEPTH [32]; unused when
 *   @n_cycle_depths is above 0
 * @cycle_depths: the queue depths run in turn, rising, each 1..%SSDB_MAX_QUEUE_DEPTH: each a
 *   ramp and a measured run of the whole specification at that depth per worker, with a result
 *   of its own (IOMeter's "Cycle # Outstanding I/Os", e.g. 1, 2, 4, 8, 16, 32)
 * @n_cycle_depths: entries in @cycle_depths, 0..%SSDB_WORKLOAD_MAX_CYCLE [0 = no cycling: one
 *   run at @queue_depth]
 * @workers: worker threads, 1..%SSDB_MAX_THREADS [1]; each over its own slice of the span
 * @ramp_ns: unmeasured warm-up before the measured run, ns [5 s] (IOMeter's "ramp up time")
 * @duration_ns: measured run time, ns [30 s]
 * @span_offset: first byte of the span [0]
 * @span_length: bytes in the span [0 = to the end of the target] (IOMeter's "maximum disk size")
 * @data: data pattern of writes [random]
 * @seed: seed of sizes, offsets, read/write choices and data [1]
 *
 * One IOMeter-style access specification and how to run it.
 */
typedef struct
{
  char name[SSDB_WORKLOAD_NAME_MAX];
  SsdbSizeWeight size_mix[SSDB_MAX_SIZE_MIX];
  guint n_size_mix;
  gboolean per_line;
  guint read_percent;
  guint random_percent;
  guint align_bytes;
  guint queue_depth;
  guint cycle_depths[SSDB_WORKLOAD_MAX_CYCLE];
  guint n_cycle_depths;
  guint workers;
  guint64 ramp_ns;
  guint64 duration_ns;
  guint64 span_offset;
  guint64 span_length;
  SsdbDataPattern data;
  guint64 seed;
} SsdbWorkloadSpec;

/**
 * ssdb_workload_spec_init_preset:
 * @spec: (out caller-allocates): filled with the preset and the run defaults above
 * @preset: which preset
 */
void
ssdb_workload_spec_init_preset (SsdbWorkloadSpec *spec, SsdbWorkloadPreset preset);

/** ssdb_workload_preset_to_string: Returns: "database", "file-server", "web-server" or
 * "workstation". */
const char *
ssdb_workload_preset_to_string (SsdbWorkloadPreset preset);

/**
 * ssdb_workload_preset_from_string:
 * @text: a preset's key ("file-server") or display name ("File server"), any case
 *
 * Returns: %TRUE when @text names a preset.
 */
gboolean
ssdb_workload_preset_from_string (const char *text, SsdbWorkloadPreset *out);

/**
 * ssdb_workload_spec_resolve_lines:
 * @spec: a specification whose lines hold their own read %, random % and alignment
 *
 * Sets @spec->per_line when the lines differ from each other in those, and then
 * @spec->read_percent and @spec->random_percent to the lines' means weighted by their weights;
 * when they do not differ, the lines' common values become the specification's and @per_line is
 * %FALSE (the same run, and the same fio command, as before lines had their own shares).
 */
void
ssdb_workload_spec_resolve_lines (SsdbWorkloadSpec *spec);

/**
 * ssdb_workload_spec_describe:
 * @spec: a specification
 *
 * The specification's lines in words, for text output and chart subtitles: "8 KiB · 67 % read ·
 * 100 % random", "512 B 10 %, 4 KiB 60 %, … · 80 % read · 100 % random", or with
 * SsdbWorkloadSpec.per_line each line with its own shares: "4 KiB 60 % (100 % read, 100 %
 * random), 64 KiB 40 % (0 % read, 0 % random, aligned to 64 KiB)". English, or in the
 * language of a painter's scope on the calling thread (W_(), ssdb-words.h).
 *
 * Returns: (transfer full): the text
 */
char *
ssdb_workload_spec_describe (const SsdbWorkloadSpec *spec);

/**
 * ssdb_workload_cycle_parse:
 * @text: queue depths joined by ',' ("1,2,4,8"; spaces allowed), or "" or "0" for no cycling
 * @field: the name of the setting, for the messages ("CycleQueueDepths", "--cycle-qd")
 * @depths: (out caller-allocates) (array fixed-size=16): the depths
 * @n_depths: (out): how many, 0..%SSDB_WORKLOAD_MAX_CYCLE (0 = no cycling)
 * @error: SSDB_ERROR_INVALID_ARGUMENT naming @field and what is wrong: a depth that is not a
 *   whole number, out of range 1..%SSDB_MAX_QUEUE_DEPTH, not above the one before it, or more
 *   than %SSDB_WORKLOAD_MAX_CYCLE depths
 *
 * Returns: %TRUE, or %FALSE with @error and @depths, @n_depths unchanged.
 */
gboolean
ssdb_workload_cycle_parse (const char *text, const char *field, guint *depths, guint *n_depths,
                           GError **error);

/**
 * ssdb_workload_cycle_to_string:
 * @spec: a specification
 *
 * Returns: (transfer full): its cycle of queue depths as ssdb_workload_cycle_parse() reads it
 *   ("1,2,4,8"), "" when it does not cycle.
 */
char *
ssdb_workload_cycle_to_string (const SsdbWorkloadSpec *spec);

/**
 * ssdb_workload_spec_validate:
 * @spec: a specification
 *
 * Checks every field against its range without a target (the target's block size is checked
 * when the run starts).
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT) whose message names the
 *   workload, the field and the allowed range.
 */
gboolean
ssdb_workload_spec_validate (const SsdbWorkloadSpec *spec, GError **error);

/**
 * ssdb_workload_specs_parse:
 * @text: a key file or JSON text
 * @length: bytes in @text, or -1 when nul-terminated
 * @error: SSDB_ERROR_INVALID_ARGUMENT naming the workload, the field and what is wrong (or the
 *   line / position of a syntax error)
 *
 * Reads user-defined access specifications. Text that starts with `{` or `[` is JSON: one object
 * or an array of objects with the members `name`, `preset` (start from a preset), `sizes` (an
 * array of `{"size": bytes, "weight": n}`, each optionally with its own `read_percent`,
 * `random_percent` and `align_bytes` (0: the workload's) as one line of an IOMeter access
 * specification; or fio's
 * bssplit text "512/10:4k/60:64k/30"),
 * `read_percent`, `random_percent`, `align_bytes`, `queue_depth`, `cycle_queue_depths` (an
 * array of rising queue depths, [1, 2, 4, 8]), `workers`, `ramp_ns`,
 * `duration_ns`, `span_offset`, `span_length`, `data` ("random", "zero", "compressible-NN")
 * and `seed`; numbers are integers, sizes may also be text ("4KiB"). Anything else is a key
 * file: one group per specification (the group name is the default name) with the keys
 * `Name`, `Preset`, `Sizes` (bssplit text) or `Lines` (the lines of an IOMeter access
 * specification: "SIZE/WEIGHT[/READ%[/RANDOM%[/ALIGN]]]" joined by ':', e.g.
 * "4k/60/100/100:64k/40/0/0"; a field left out takes the specification's value; ALIGN is a
 * size),
 * `ReadPercent`, `RandomPercent`, `Align` (a size),
 * `QueueDepth`, `CycleQueueDepths` ("1,2,4,8", ssdb_workload_cycle_parse()), `Workers`, `Ramp` and
 * `Duration` (seconds, "0.5"), `SpanOffset`, `SpanLength`
 * (sizes), `Data` and `Seed`. Fields not given keep the preset's value (or the Database
 * preset's when no preset is named). Unknown members or keys are refused, so a typo never
 * silently runs a different test. Every specification is validated.
 *
 * Returns: (transfer full) (element-type SsdbWorkloadSpec): the specifications (at least one),
 *   free with g_array_unref(); %NULL with @error.
 */
GArray *
ssdb_workload_specs_parse (const char *text, gssize length, GError **error);

/**
 * ssdb_workload_spec_to_keyfile:
 *
 * Returns: (transfer full): @spec as a key-file group that ssdb_workload_specs_parse() reads
 *   back to the same specification.
 */
char *
ssdb_workload_spec_to_keyfile (const SsdbWorkloadSpec *spec);

/**
 * SsdbWorkloadDirection:
 * @bytes: bytes moved in this direction
 * @iops: requests of this direction per second over the stats' window (for the total: the
 *   sum over the workers, as for SsdbWorkloadStats.iops)
 * @bytes_per_second: @bytes over the window, B/s (for the total: the sum over the workers)
 * @mean_ns: mean response time of these requests, ns (0 without any)
 * @p99_ns: their 99th percentile, ns
 * @max_ns: the slowest of them, ns
 *
 * The reads or the writes of a worker (or of all), apart: IOMeter reports them so, and a
 * drive's write response time hides in a mix's combined figure.
 */
typedef struct
{
  guint64 bytes;
  double iops;
  double bytes_per_second;
  double mean_ns;
  guint64 p99_ns;
  guint64 max_ns;
} SsdbWorkloadDirection;

/**
 * SsdbWorkloadStats:
 * @ios: completed requests
 * @bytes: completed bytes
 * @read_ios: completed reads
 * @write_ios: completed writes
 * @random_ios: requests issued at a random offset
 * @size_ios: completed requests per entry of SsdbWorkloadSpec.size_mix
 * @window_ns: the measured window, ns (for the total: the longest worker window)
 * @iops: requests per second (for the total: the sum of the workers' IOPS, IOMeter's way)
 * @bytes_per_second: B/s (for the total: the sum of the workers' rates)
 * @mean_ns: mean latency, ns
 * @p99_ns: 99th percentile latency, ns
 * @max_ns: slowest request, ns
 * @mean_inflight: achieved mean requests in flight (for the total: summed over workers)
 * @cpu_ns: CPU time of the I/O threads, user + system, ns
 * @read: the reads alone (zeros when SsdbWorkloadResult.split is %FALSE)
 * @write: the writes alone
 *
 * What one worker (or all together) measured in the measured run.
 */
typedef struct
{
  guint64 ios;
  guint64 bytes;
  guint64 read_ios;
  guint64 write_ios;
  guint64 random_ios;
  guint64 size_ios[SSDB_MAX_SIZE_MIX];
  guint64 window_ns;
  double iops;
  double bytes_per_second;
  double mean_ns;
  guint64 p99_ns;
  guint64 max_ns;
  double mean_inflight;
  guint64 cpu_ns;
  SsdbWorkloadDirection read;
  SsdbWorkloadDirection write;
} SsdbWorkloadStats;

/**
 * SsdbWorkloadStepState:
 * @SSDB_WORKLOAD_STEP_PENDING: not run (yet, or never: an earlier depth was cancelled or failed)
 * @SSDB_WORKLOAD_STEP_DONE: ran to its end
 * @SSDB_WORKLOAD_STEP_CANCELLED: stopped during its ramp or measured run; its numbers cover what
 *   completed
 *
 * Where one queue depth of a cycle is.
 */
typedef enum
{
  SSDB_WORKLOAD_STEP_PENDING,
  SSDB_WORKLOAD_STEP_DONE,
  SSDB_WORKLOAD_STEP_CANCELLED,
} SsdbWorkloadStepState;

/** ssdb_workload_step_state_to_string: Returns: "pending", "done" or "cancelled". */
const char *
ssdb_workload_step_state_to_string (SsdbWorkloadStepState state);

/**
 * SsdbWorkloadCycleStep:
 * @queue_depth: the outstanding requests per worker of this run
 * @state: whether it ran
 * @total: all workers together in this run's measured window, as SsdbWorkloadResult.total
 *   (zeros while pending)
 * @fio_command: (nullable): the equivalent fio command of this run (--iodepth= this depth),
 *   %NULL while pending
 *
 * One queue depth of a cycling workload and its result.
 */
typedef struct
{
  guint queue_depth;
  SsdbWorkloadStepState state;
  SsdbWorkloadStats total;
  char *fio_command;
} SsdbWorkloadCycleStep;

/**
 * SsdbWorkloadResult:
 * @spec: the specification, @span_length resolved
 * @job: the job each worker ran (threads = 1, its own slice); when cycling, the job of the last
 *   depth that ran (its queue_depth says which)
 * @workers: (element-type SsdbWorkloadStats): one per worker; when cycling, of the last depth
 *   that ran
 * @total: all workers together; when cycling, of the last depth that ran (the same as its
 *   step's total)
 * @latency: latency histogram of every measured request of every worker; when cycling, of the
 *   last depth that ran
 * @fio_command: the equivalent fio command line (all workers as numjobs, with a ramp_time); when
 *   cycling, of the last depth that ran
 * @cycle: (element-type SsdbWorkloadCycleStep): one step per entry of
 *   SsdbWorkloadSpec.cycle_depths, in its order; empty when the specification does not cycle
 * @cancelled: the run stopped early; the numbers cover what completed
 * @split: the stats hold the reads and the writes apart (SsdbWorkloadStats.read and .write);
 *   %FALSE for reports made before they were recorded
 * @live: @workers and @total hold a measured run still under way (see
 *   #SsdbWorkloadProgressFunc); %FALSE once it is gathered, and in reports
 * @temperature: (nullable): the drive's temperature during the run
 *   (ssdb_target_recording_begin()), %NULL when the drive shows no sensor or in reports from
 *   before it was recorded
 * @drive_counts: (nullable): the drive's own count of the host's writes before and after the
 *   run, %NULL when the run did not write, the drive shows no such counter, or in reports from
 *   before it was recorded
 */
typedef struct
{
  SsdbWorkloadSpec spec;
  SsdbJobSpec job;
  GArray *workers;
  SsdbWorkloadStats total;
  SsdbHistogram latency;
  char *fio_command;
  GArray *cycle;
  gboolean cancelled;
  gboolean split;
  gboolean live;
  SsdbTemperatureLog *temperature;
  SsdbDriveCounts *drive_counts;
} SsdbWorkloadResult;

SsdbWorkloadResult *
ssdb_workload_result_new (const SsdbWorkloadSpec *spec);
void
ssdb_workload_result_free (SsdbWorkloadResult *result);

/**
 * ssdb_workload_result_reset_cycle:
 * @result: a result
 *
 * Sets @result->cycle to one pending step per depth of @result->spec.cycle_depths (none when it
 * does not cycle).
 */
void
ssdb_workload_result_reset_cycle (SsdbWorkloadResult *result);

/**
 * ssdb_workload_result_last_step:
 * @result: a result
 *
 * Returns: (nullable) (transfer none): the step of the last depth that ran (done or cancelled):
 *   the one @result->workers and @result->total describe; %NULL when the result does not cycle
 *   or no depth ran.
 */
const SsdbWorkloadCycleStep *
ssdb_workload_result_last_step (const SsdbWorkloadResult *result);

/**
 * ssdb_workload_result_dup:
 * @result: (nullable): a result
 *
 * A deep copy: the spec and the numbers, a new array of the workers and a copy of the fio command.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_workload_result_free(); %NULL when
 *   @result is %NULL.
 */
SsdbWorkloadResult *
ssdb_workload_result_dup (const SsdbWorkloadResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbWorkloadResult, ssdb_workload_result_free)

/**
 * ssdb_workload_stats_direction:
 * @s: stats of a result whose SsdbWorkloadResult.split is %TRUE
 * @rw: %SSDB_RW_READ or %SSDB_RW_WRITE
 * @out: (out caller-allocates): the reads or the writes of @s as stats of their own: their
 *   requests (in @out->ios and in @out->read_ios or @out->write_ios), bytes, rates and response
 *   times, the window of @s, and the mean in flight by Little's law (IOPS × mean response
 *   time, as the engine counts it for all requests); no random, size or CPU counts (0)
 *
 * For the rows of a table or chart that show the reads and the writes apart.
 */
void
ssdb_workload_stats_direction (const SsdbWorkloadStats *s, SsdbRw rw, SsdbWorkloadStats *out);

/**
 * SsdbWorkloadProgressFunc:
 * @result: the result (complete only after the run). During the "run" phase
 *   @result->live is %TRUE and its workers and total hold what the measured run completed so
 *   far, from the I/O engine's samples twice a second: per worker and in
 *   total the requests, bytes, the window so far, IOPS and B/s, the mean, 99th percentile and
 *   maximum response time, and the same for the reads and the writes apart
 *   (SsdbWorkloadStats.read_ios, .write_ios, .read and .write, with @result->split %TRUE; the
 *   rates over each worker's time so far, the total adding them up as at the end). No random,
 *   size, in-flight or CPU counts until the end. The requests only grow from one call to the
 *   next; a sample lags the I/O by at most half a second, so the last one holds somewhat less
 *   than the result at the end, which replaces it (@result->live %FALSE again). During a
 *   cycle's "ramp" they hold the depth run before, as after it; @result->latency holds the
 *   depth run before (or nothing) until the end.
 * @phase: "prepare", "ramp", "run" or "done"
 * @fraction: 0..1 of the whole run (ramp included; when cycling, of every depth's ramp and run,
 *   the step being run being the first pending or cancelled of @result->cycle)
 *
 * Called on the thread that called ssdb_workload_run() a few times a second.
 */
typedef void (*SsdbWorkloadProgressFunc) (SsdbWorkloadResult *result, const char *phase,
                                          double fraction, gpointer user_data);

/**
 * ssdb_workload_run:
 * @target: an open target (writable when the specification writes)
 * @result: from ssdb_workload_result_new(); filled in place
 * @progress: (nullable): progress
 * @cancellable: (nullable): cancel
 *
 * Runs the specification as IOMeter does: each worker is a thread with its own libaio context
 * at the queue depth over its own slice of the span; all workers ramp up together, unmeasured,
 * then (after all of them have finished ramping) start the measured run together. Each worker's
 * numbers are its own ssdb_io_run() over its own window; the total adds the workers' IOPS and
 * rates as IOMeter's "All workers" line does and merges their latency histograms. Between the
 * ramp and the measured run the queue drains for the moment it takes to start the run.
 *
 * A specification that cycles (SsdbWorkloadSpec.n_cycle_depths > 0) runs this ramp and measured
 * run once per depth, in turn, and records each one's total in its step of @result->cycle;
 * @result->workers, total, latency, job and fio_command then hold the last depth run. A cancel
 * keeps the depths already done, marks the one running cancelled and leaves the rest pending.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_INVALID_ARGUMENT naming the workload and
 *   setting, SSDB_ERROR_UNSAFE for writes that are not allowed, SSDB_ERROR_CANCELLED with
 *   @result->cancelled set, SSDB_ERROR_IO).
 */
gboolean
ssdb_workload_run (SsdbTarget *target, SsdbWorkloadResult *result,
                   SsdbWorkloadProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                   GError **error);

/**
 * ssdb_workload_result_check:
 * @result: a new result holding the settings of a run not yet started
 *   (ssdb_workload_result_new())
 * @target: the target's facts, as ssdb_test_kind_check() takes them
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT naming the setting, its value and why
 *
 * The check ssdb_workload_run() makes of its settings before anything is read or written.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_workload_result_check (const SsdbWorkloadResult *result, const SsdbTargetInfo *target,
                            GError **error);

G_END_DECLS
