/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "ssdb-estimate.h"
#include "ssdb-target.h"

G_BEGIN_DECLS

/*
 * The kinds of test a report can hold. Each kind is one row of the engine's table of kinds
 * (ssdb-test-kind.c): its name in a report, the report member that holds its result, how the
 * result is freed, copied, written and read back. The report dispatches through that table.
 */

/**
 * SsdbTestKind:
 * @SSDB_TEST_KIND_SUMMARY: the CrystalDiskMark-style summary (#SsdbSummaryResult)
 * @SSDB_TEST_KIND_SURFACE: the HD Tune-like surface (#SsdbSurfaceResult)
 * @SSDB_TEST_KIND_FILL: the whole-drive fill (#SsdbFillResult)
 * @SSDB_TEST_KIND_ACCESS: the access-time distribution by queue depth (#SsdbAccessResult)
 * @SSDB_TEST_KIND_SWEEP: the transfer-size sweep (#SsdbSweepResult)
 * @SSDB_TEST_KIND_WORKLOAD: the IOMeter-style workload (#SsdbWorkloadResult)
 * @SSDB_TEST_KIND_RECOVERY: idle recovery (#SsdbRecoveryResult)
 * @SSDB_TEST_KIND_COMPRESSION: rate against the data's compressibility (#SsdbCompressionResult)
 * @SSDB_TEST_KIND_TRIM: TRIM / recycling (#SsdbTrimResult)
 * @SSDB_TEST_KIND_FREESPACE: speed against free space (#SsdbFreespaceResult)
 * @SSDB_TEST_KIND_CONSISTENCY: performance consistency, steady state (#SsdbConsistencyResult)
 * @SSDB_TEST_KIND_READBACK: read after write (#SsdbReadbackResult)
 * @SSDB_TEST_KIND_SCAN: the error scan (#SsdbScanResult)
 * @SSDB_TEST_KIND_RANDOMACCESS: HD Tune Pro's random-access table (#SsdbRandomAccessResult)
 * @SSDB_TEST_KIND_ASSSD: the AS SSD Benchmark-style suite (#SsdbAsssdResult)
 * @SSDB_TEST_KIND_COPY: AS SSD's copy benchmark (#SsdbCopyResult)
 * @SSDB_TEST_KIND_N: the number of kinds
 *
 * A kind of test, in the order of the charts (#SsdbTestKind). A report writes its tests in
 * another, fixed order (the consistency test after the recovery test).
 */
typedef enum
{
  SSDB_TEST_KIND_SUMMARY,
  SSDB_TEST_KIND_SURFACE,
  SSDB_TEST_KIND_FILL,
  SSDB_TEST_KIND_ACCESS,
  SSDB_TEST_KIND_SWEEP,
  SSDB_TEST_KIND_WORKLOAD,
  SSDB_TEST_KIND_RECOVERY,
  SSDB_TEST_KIND_COMPRESSION,
  SSDB_TEST_KIND_TRIM,
  SSDB_TEST_KIND_FREESPACE,
  SSDB_TEST_KIND_CONSISTENCY,
  SSDB_TEST_KIND_READBACK,
  SSDB_TEST_KIND_SCAN,
  SSDB_TEST_KIND_RANDOMACCESS,
  SSDB_TEST_KIND_ASSSD,
  SSDB_TEST_KIND_COPY,
  SSDB_TEST_KIND_N,
} SsdbTestKind;

/*
 * SSDB_TEST_KIND_LIST:
 * @X: a macro of two arguments: the kind's enum suffix (SUMMARY) and its name (summary), which
 *   is also its report member and the prefix of its functions in tables of kinds outside the
 *   engine (the export's painters)
 *
 * Expands @X once per kind, in the order of #SsdbTestKind.
 */
#define SSDB_TEST_KIND_LIST(X)                                                                     \
  X (SUMMARY, summary)                                                                             \
  X (SURFACE, surface)                                                                             \
  X (FILL, fill)                                                                                   \
  X (ACCESS, access)                                                                               \
  X (SWEEP, sweep)                                                                                 \
  X (WORKLOAD, workload)                                                                           \
  X (RECOVERY, recovery)                                                                           \
  X (COMPRESSION, compression)                                                                     \
  X (TRIM, trim)                                                                                   \
  X (FREESPACE, freespace)                                                                         \
  X (CONSISTENCY, consistency)                                                                     \
  X (READBACK, readback)                                                                           \
  X (SCAN, scan)                                                                                   \
  X (RANDOMACCESS, randomaccess)                                                                   \
  X (ASSSD, asssd)                                                                                 \
  X (COPY, copy)

/**
 * ssdb_test_kind_to_string:
 * @kind: a kind, below %SSDB_TEST_KIND_N
 *
 * The kind's name in a report, the "kind" member of its test objects: "summary", "surface",
 * "fill", "access", "sweep", "workload", "recovery", "compression", "trim", "freespace",
 * "consistency", "readback", "scan", "randomaccess", "asssd" or "copy". Part of the file format,
 * never translated.
 *
 * Returns: (transfer none): a static string; "summary" (with a critical warning) for a kind out
 *   of range.
 */
const char *
ssdb_test_kind_to_string (SsdbTestKind kind);

/**
 * ssdb_test_kind_from_string:
 * @name: a name as ssdb_test_kind_to_string() gives it (exact, case-sensitive)
 * @kind: (out): the kind named
 *
 * Returns: %TRUE when @name is the name of a kind; %FALSE (@kind unchanged) otherwise.
 */
gboolean
ssdb_test_kind_from_string (const char *name, SsdbTestKind *kind);

/**
 * ssdb_test_kind_result_free:
 * @kind: the kind of @result
 * @result: (nullable) (transfer full): a result of that kind (an #SsdbSurfaceResult for
 *   %SSDB_TEST_KIND_SURFACE, ...)
 *
 * Frees @result with its kind's free function (ssdb_surface_result_free(), ...).
 */
void
ssdb_test_kind_result_free (SsdbTestKind kind, gpointer result);

/**
 * ssdb_test_kind_result_dup:
 * @kind: the kind of @result
 * @result: (nullable): a result of that kind
 *
 * A deep copy of @result made by its kind's copy function (ssdb_surface_result_dup(), ...):
 * nothing in the copy is shared with @result.
 *
 * Returns: (transfer full) (nullable): the copy, free with ssdb_test_kind_result_free(); %NULL
 *   when @result is %NULL.
 */
gpointer
ssdb_test_kind_result_dup (SsdbTestKind kind, gconstpointer result);

/**
 * ssdb_test_kind_estimate:
 * @kind: the kind of @result
 * @result: a new result of that kind, holding the settings of a run not yet started
 * @target_bytes: the size of the target it will run on, bytes; 0 when not known
 * @out: (out): the run's timed part (ns) and the bytes it will write and read; zeros when not
 *   known
 *
 * How long a run of @result's settings takes, before it starts (ssdb_run_estimate_ns() gives
 * the time at a rate). Each behaviour kind sums its own parts (ssdb_trim_estimate(), ...).
 *
 * Returns: %FALSE when the kind has no estimate (the summary, surface, fill, access, sweep and
 *   workload pages show their own progress) or when its size cannot be known without the target
 */
gboolean
ssdb_test_kind_estimate (SsdbTestKind kind, gconstpointer result, guint64 target_bytes,
                         SsdbRunEstimate *out);

/**
 * ssdb_test_kind_check:
 * @kind: the kind of @result
 * @result: a new result of that kind, holding the settings of a run not yet started
 * @target: the target's facts: an opened target's (ssdb_target_get_info()), or as far as they
 *   are known before it is opened (kind, path, size_bytes, logical_block_size and
 *   dio_offset_align; a size, block size or alignment of 0 is not known and not checked)
 * @error: an %SSDB_ERROR_INVALID_ARGUMENT that names the setting, its value and why it is
 *   refused, as the window shows it and the CLI prints it
 *
 * Whether a run of @result's settings on @target would be refused for its settings: the check
 * the kind's run makes first (ssdb_surface_result_check(), ...), so the window and the CLI can
 * refuse before the user is asked anything and never repeat it. It reads nothing from the
 * target itself and says nothing of write permission.
 *
 * Returns: %TRUE when the settings fit @target
 */
gboolean
ssdb_test_kind_check (SsdbTestKind kind, gconstpointer result, const SsdbTargetInfo *target,
                      GError **error);

/**
 * ssdb_test_kind_get_temperature:
 * @kind: the kind of @result
 * @result: (nullable): a result of that kind
 *
 * Every kind records the drive's temperature during its run (ssdb_target_recording_begin()).
 *
 * Returns: (transfer none) (nullable): the log, %NULL when none was recorded
 */
const SsdbTemperatureLog *
ssdb_test_kind_get_temperature (SsdbTestKind kind, gconstpointer result);

/**
 * ssdb_test_kind_get_drive_counts:
 * @kind: the kind of @result
 * @result: (nullable): a result of that kind
 *
 * Every kind that writes records the drive's own count of the host's writes before and after
 * its run.
 *
 * Returns: (transfer none) (nullable): the counts, %NULL when none were read
 */
const SsdbDriveCounts *
ssdb_test_kind_get_drive_counts (SsdbTestKind kind, gconstpointer result);

/**
 * ssdb_test_kind_run_writes:
 * @kind: the kind of @result
 * @result: a result holding the settings of a run
 * @target: the target it runs on
 *
 * Whether the run writes to @target: its write tests, or the data it lays down before it
 * reads (a test file, or a device the user allowed to be filled). A run that writes has the
 * drive's count of host writes read before and after it.
 *
 * Returns: %TRUE when it does
 */
gboolean
ssdb_test_kind_run_writes (SsdbTestKind kind, gconstpointer result, SsdbTarget *target);

/**
 * ssdb_test_kind_recording_begin:
 * @kind: the kind of @result
 * @target: the target the run is about to start on
 * @result: the result the run fills
 * @error: the settings check's refusal (ssdb_test_kind_check() against @target's facts)
 *
 * What every kind's run does first: checks its settings, then starts recording the drive
 * (ssdb_target_recording_begin(), with its count of host writes where
 * ssdb_test_kind_run_writes()).
 *
 * Returns: (transfer full) (nullable): the recording, for ssdb_test_kind_recording_end();
 *   %NULL with @error when the settings are refused (nothing was read or written)
 */
SsdbRunRecording *
ssdb_test_kind_recording_begin (SsdbTestKind kind, SsdbTarget *target, gconstpointer result,
                                GError **error);

/**
 * ssdb_test_kind_recording_end:
 * @kind: the kind of @result
 * @target: the target
 * @result: the result the run filled
 * @recording: (transfer full) (nullable): from ssdb_test_kind_recording_begin(); nothing for
 *   %NULL
 *
 * Stores what was recorded of the drive during the run in @result's temperature and drive
 * counts (replacing what they held).
 */
void
ssdb_test_kind_recording_end (SsdbTestKind kind, SsdbTarget *target, gpointer result,
                              SsdbRunRecording *recording);

/**
 * ssdb_test_kind_dup_drive_alert:
 * @kind: the kind of @result
 * @result: (nullable): a result of that kind
 *
 * What the drive did during @result's run that puts its figures in doubt, in a short clause for
 * a chart's subtitle or a message: that it reached its warning (or critical) temperature, from
 * when and for how long, and that it throttled itself for heat, where it keeps that time
 * (NVMe). A drive may slow itself down above its warning temperature; only its own throttling
 * time says that it did.
 *
 * Returns: (transfer full) (nullable): "Drive at its 70 °C warning temperature or above for
 *   95 s from 40 s in (up to 74 °C); it throttled itself for heat for 12 s", or %NULL when
 *   neither happened or nothing was recorded
 */
char *
ssdb_test_kind_dup_drive_alert (SsdbTestKind kind, gconstpointer result);

G_END_DECLS
