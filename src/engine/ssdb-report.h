/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "ssdb-access.h"
#include "ssdb-error.h"
#include "ssdb-fill.h"
#include "ssdb-consistency.h"
#include "ssdb-recovery.h"
#include "ssdb-compression.h"
#include "ssdb-freespace.h"
#include "ssdb-asssd.h"
#include "ssdb-randomaccess.h"
#include "ssdb-copy.h"
#include "ssdb-readback.h"
#include "ssdb-scan.h"
#include "ssdb-trim.h"
#include "ssdb-summary.h"
#include "ssdb-surface.h"
#include "ssdb-sweep.h"
#include "ssdb-target.h"
#include "ssdb-test-kind.h"
#include "ssdb-workload.h"

G_BEGIN_DECLS

/*
 * The JSON report: a versioned, self-describing record of a run (machine, target, settings and
 * every measured number) that can be reloaded and re-rendered identically. The format is
 * documented field by field in docs/report-format.md.
 */

/* The value of the "format" member of every report. */
#define SSDB_REPORT_FORMAT_NAME "ssdbench-report"

/* The format version this code writes, and the newest it reads. Older versions are migrated. */
#define SSDB_REPORT_FORMAT_VERSION 1

/* Report files larger than this are refused before parsing, bytes. */
#define SSDB_REPORT_MAX_BYTES (64u * 1024 * 1024)

/* Documents with more JSON values (objects, arrays, numbers, strings, literals) are refused
 * before building a tree, which bounds the memory a hostile file can make the parser use. */
#define SSDB_REPORT_MAX_VALUES 2000000u

/* Objects and arrays nested deeper than this are refused. */
#define SSDB_REPORT_MAX_DEPTH 64u

/* The most tests a report may hold. */
#define SSDB_REPORT_MAX_TESTS 64u

/**
 * SsdbReport:
 * @format_version: the version of the file this report was read from (after migration it
 *   holds the same data as %SSDB_REPORT_FORMAT_VERSION); %SSDB_REPORT_FORMAT_VERSION for a new
 *   report
 * @tool_version: version of SSD Bench that wrote the report ("0.1.0")
 * @created: when the report was made, ISO 8601 UTC with second resolution
 *   ("2024-05-01T12:34:56Z")
 * @created_unix: the same instant, seconds since the epoch
 * @host: host name of the machine that ran the test
 * @kernel_release: `uname -r` of that machine ("6.1.0-18-amd64")
 * @kernel_machine: `uname -m` ("x86_64")
 * @target: facts about the target; its strings are owned by the report
 * @target_extra: (nullable): further target facts added with ssdb_report_add_target_fact() (or
 *   read from unknown members of the file's "target" object), in order
 * @summary: (nullable): the summary run; borrowed from the caller for a report made with
 *   ssdb_report_new(), owned by the report for a loaded one (never free it yourself: keep a
 *   reference on the report for as long as you use it)
 * @surface: (nullable): the HD Tune-like surface run; borrowed or owned like @summary (set it
 *   with ssdb_report_set_surface())
 * @fill: (nullable): the whole-drive fill run; borrowed or owned like @summary (set it with
 *   ssdb_report_set_fill())
 * @access: (nullable): the access-time distribution by queue depth; borrowed or owned like
 *   @summary (set it with ssdb_report_set_access())
 * @sweep: (nullable): the transfer-size sweep; borrowed or owned like @summary (set it with
 *   ssdb_report_set_sweep())
 * @workload: (nullable): the IOMeter-style workload run; borrowed or owned like @summary (set
 *   it with ssdb_report_set_workload())
 * @recovery: (nullable): the idle-recovery run; borrowed or owned like @summary (set it with
 *   ssdb_report_set_recovery())
 * @consistency: (nullable): the performance-consistency (steady-state) run; borrowed or owned
 *   like @summary (set it with ssdb_report_set_consistency())
 * @compression: (nullable): the compression test; borrowed or owned like @summary (set it
 *   with ssdb_report_set_compression())
 * @trim: (nullable): the TRIM / recycling test; borrowed or owned like @summary (set it with
 *   ssdb_report_set_trim())
 * @freespace: (nullable): the speed-versus-free-space test; borrowed or owned like @summary
 *   (set it with ssdb_report_set_freespace())
 * @readback: (nullable): the read-after-write test; borrowed or owned like @summary (set it
 *   with ssdb_report_set_readback())
 * @scan: (nullable): the error scan; borrowed or owned like @summary (set it with
 *   ssdb_report_set_result())
 * @randomaccess: (nullable): HD Tune Pro's random-access table; borrowed or owned like
 *   @summary (set it with ssdb_report_set_result() and %SSDB_TEST_KIND_RANDOMACCESS)
 * @asssd: (nullable): the AS SSD Benchmark-style suite; borrowed or owned like @summary (set it
 *   with ssdb_report_set_result() and %SSDB_TEST_KIND_ASSSD)
 * @copy: (nullable): AS SSD's copy benchmark; borrowed or owned like @summary (set it with
 *   ssdb_report_set_result() and %SSDB_TEST_KIND_COPY)
 *
 * A report in memory: any combination of one summary run, one surface run, one fill run, one
 * access-time distribution, one transfer-size sweep and one workload run on the same target. Public
 * fields may be read freely; a caller may change @created,
 * @created_unix, @host, @kernel_release and @kernel_machine (g_free() the old string) before
 * saving. Reference counted; also a boxed type (%SSDB_TYPE_REPORT).
 */
typedef struct
{
  guint format_version;
  char *tool_version;
  char *created;
  gint64 created_unix;
  char *host;
  char *kernel_release;
  char *kernel_machine;
  SsdbTargetInfo target;
  JsonObject *target_extra;
  SsdbSummaryResult *summary;
  SsdbSurfaceResult *surface;
  SsdbFillResult *fill;
  SsdbAccessResult *access;
  SsdbSweepResult *sweep;
  SsdbWorkloadResult *workload;
  SsdbRecoveryResult *recovery;
  SsdbConsistencyResult *consistency;
  SsdbCompressionResult *compression;
  SsdbTrimResult *trim;
  SsdbFreespaceResult *freespace;
  SsdbReadbackResult *readback;
  SsdbScanResult *scan;
  SsdbRandomAccessResult *randomaccess;
  SsdbAsssdResult *asssd;
  SsdbCopyResult *copy;

  /*< private >*/
  GDestroyNotify result_free[SSDB_TEST_KIND_N]; /* for the results the report owns */
  gatomicrefcount ref_count;
} SsdbReport;

#define SSDB_TYPE_REPORT (ssdb_report_get_type ())
GType
ssdb_report_get_type (void) G_GNUC_CONST;

/**
 * ssdb_report_new:
 * @target: facts about the target the run used (copied)
 * @summary: (nullable) (transfer none): the summary run; the report keeps a pointer to it and
 *   never changes it, so it must stay alive (and should not change) while the report is used
 *
 * Makes a report for a run, stamped with this machine's host name and kernel, the tool version
 * and the current time.
 *
 * Returns: (transfer full): a new report; release with ssdb_report_unref().
 */
SsdbReport *
ssdb_report_new (const SsdbTargetInfo *target, const SsdbSummaryResult *summary);

/**
 * ssdb_report_set_result:
 * @report: a report
 * @kind: the kind of @result
 * @result: (nullable) (transfer none): a result of that kind (an #SsdbSurfaceResult for
 *   %SSDB_TEST_KIND_SURFACE, ...; complete, partial or cancelled); the report keeps a pointer to
 *   it and never changes it, so it must stay alive while the report is used; %NULL removes the
 *   kind's result from the report
 *
 * Puts the result into the report member of its kind (SsdbReport.surface, ...), replacing any
 * result of that kind it held (a loaded one is freed). Results are written as tests in a fixed
 * order of kinds: summary, surface, fill, access, sweep, workload, recovery, consistency,
 * compression, trim, freespace, readback, scan, randomaccess, asssd, copy. The typed setters
 * (ssdb_report_set_surface(), ...) are this function for one kind.
 */
void
ssdb_report_set_result (SsdbReport *report, SsdbTestKind kind, gconstpointer result);

/**
 * ssdb_report_get_result:
 * @report: a report
 * @kind: a kind of test
 *
 * The report member of @kind (SsdbReport.surface, ...).
 *
 * Returns: (transfer none) (nullable): the result of that kind, owned by the report or borrowed
 *   by it as ssdb_report_set_result() says; %NULL when the report holds none.
 */
gconstpointer
ssdb_report_get_result (const SsdbReport *report, SsdbTestKind kind);

/**
 * ssdb_report_has_test:
 * @report: a report
 * @kind: a kind of test (any value: out of range holds nothing)
 *
 * Returns: %TRUE when @report holds a result of @kind.
 */
gboolean
ssdb_report_has_test (const SsdbReport *report, SsdbTestKind kind);

/**
 * ssdb_report_require_test:
 * @report: a report
 * @kind: a kind of test (any value)
 * @error: (nullable): set when @report holds no result of @kind
 *
 * ssdb_report_has_test() for the writers of a test's tables and charts.
 *
 * Returns: %TRUE when @report holds a result of @kind; %FALSE with SSDB_ERROR_INVALID_ARGUMENT
 *   "The report holds no NAME test" ("no such test" for a @kind out of range)
 */
gboolean
ssdb_report_require_test (const SsdbReport *report, SsdbTestKind kind, GError **error);

/**
 * ssdb_report_first_test:
 * @report: a report
 * @out: (out): the first kind @report holds, in the order of #SsdbTestKind
 *
 * Returns: %FALSE (and @out untouched) when @report holds no test at all.
 */
gboolean
ssdb_report_first_test (const SsdbReport *report, SsdbTestKind *out);

/**
 * ssdb_report_set_surface:
 * @report: a report
 * @surface: (nullable) (transfer none): a surface run (complete, partial or cancelled); the
 *   report keeps a pointer to it and never changes it, so it must stay alive while the report is
 *   used; %NULL removes the surface from the report
 *
 * Adds the surface run to the report, replacing any surface it held (a loaded one is freed).
 * It is written as a test of kind "surface" after the summary tests.
 */
void
ssdb_report_set_surface (SsdbReport *report, const SsdbSurfaceResult *surface);

/**
 * ssdb_report_set_fill:
 * @report: a report
 * @fill: (nullable) (transfer none): a whole-drive fill run, borrowed as for
 *   ssdb_report_set_surface(); %NULL removes it
 *
 * Adds the fill run to the report, replacing any fill it held. It is written as a test of kind
 * "fill" after the summary and surface tests.
 */
void
ssdb_report_set_fill (SsdbReport *report, const SsdbFillResult *fill);

/**
 * ssdb_report_set_access:
 * @report: a report
 * @access: (nullable) (transfer none): an access-time distribution run (complete or
 *   cancelled), borrowed as for ssdb_report_set_surface(); %NULL removes it
 *
 * Adds the access-time distribution to the report, replacing any it held. It is written as a
 * test of kind "access" after the summary, surface and fill tests.
 */
void
ssdb_report_set_access (SsdbReport *report, const SsdbAccessResult *access);

/**
 * ssdb_report_set_sweep:
 * @report: a report
 * @sweep: (nullable) (transfer none): a transfer-size sweep, borrowed as for
 *   ssdb_report_set_surface(); %NULL removes it
 *
 * Adds the sweep to the report, replacing any it held. It is written as a test of kind
 * "sweep" after the access test.
 */
void
ssdb_report_set_sweep (SsdbReport *report, const SsdbSweepResult *sweep);

/**
 * ssdb_report_set_workload:
 * @report: a report
 * @workload: (nullable) (transfer none): a workload run, borrowed as for
 *   ssdb_report_set_surface(); %NULL removes it
 *
 * Adds the workload run to the report, replacing any it held. It is written as a test of kind
 * "workload" after the sweep.
 */
void
ssdb_report_set_workload (SsdbReport *report, const SsdbWorkloadResult *workload);

/**
 * ssdb_report_set_recovery:
 * @report: a report
 * @recovery: (nullable) (transfer none): an idle-recovery run, borrowed as for
 *   ssdb_report_set_surface(); %NULL removes it
 *
 * Adds the idle-recovery run to the report, replacing any it held. It is written as a test of
 * kind "recovery".
 */
void
ssdb_report_set_recovery (SsdbReport *report, const SsdbRecoveryResult *recovery);

/**
 * ssdb_report_set_consistency:
 * @report: a report
 * @consistency: (nullable) (transfer none): a performance-consistency run, borrowed as for
 *   ssdb_report_set_surface(); %NULL removes it
 *
 * Adds the consistency run to the report, replacing any it held. It is written as a test of
 * kind "consistency" after the recovery test.
 */
void
ssdb_report_set_consistency (SsdbReport *report, const SsdbConsistencyResult *consistency);

/**
 * ssdb_report_set_compression:
 * @report: a report
 * @compression: (nullable) (transfer none): a compression test, borrowed as for
 *   ssdb_report_set_surface(); %NULL removes it
 *
 * Adds the compression test to the report, replacing any it held. It is written as a test of
 * kind "compression" after the consistency test.
 */
void
ssdb_report_set_compression (SsdbReport *report, const SsdbCompressionResult *compression);

/**
 * ssdb_report_set_trim:
 * @report: a report
 * @trim: (nullable) (transfer none): a TRIM / recycling test, borrowed as for
 *   ssdb_report_set_surface(); %NULL removes it
 *
 * Adds the TRIM test to the report, replacing any it held. It is written as a test of kind
 * "trim" after the compression test. Its summaries (SsdbTrimResult.before and .after) are not
 * written: the report keeps the rate of each test.
 */
void
ssdb_report_set_trim (SsdbReport *report, const SsdbTrimResult *trim);

/**
 * ssdb_report_set_freespace:
 * @report: a report
 * @freespace: (nullable) (transfer none): a speed-versus-free-space test, borrowed as for
 *   ssdb_report_set_surface(); %NULL removes it
 *
 * Adds the free-space test to the report, replacing any it held. It is written as a test of
 * kind "freespace" after the TRIM test.
 */
void
ssdb_report_set_freespace (SsdbReport *report, const SsdbFreespaceResult *freespace);

/**
 * ssdb_report_set_readback:
 * @report: a report
 * @readback: (nullable) (transfer none): a read-after-write test, borrowed as for
 *   ssdb_report_set_surface(); %NULL removes it
 *
 * Adds the read-after-write test to the report, replacing any it held. It is written as a test
 * of kind "readback" after the free-space test, with the rate of each pass (not the rate
 * series of the passes).
 */
void
ssdb_report_set_readback (SsdbReport *report, const SsdbReadbackResult *readback);

/** ssdb_report_ref: Returns: (transfer full): @report, with one more reference. */
SsdbReport *
ssdb_report_ref (SsdbReport *report);

/** ssdb_report_unref: drops a reference; the last one frees the report (and a loaded summary). */
void
ssdb_report_unref (SsdbReport *report);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbReport, ssdb_report_unref)

/**
 * ssdb_report_add_target_fact:
 * @report: a report
 * @key: member name in the "target" object, not one of the standard fields ("serial",
 *   "firmware", "smart_temperature_c", ...)
 * @value: (transfer full): any JSON value; numbers should follow the report's units (bytes, ns)
 *
 * Adds a fact about the target that SsdbTargetInfo does not carry (from UDisks2, SMART, ...).
 * Facts are written after the standard ones, in the order they were added; adding a key again
 * replaces its value. A standard key is refused with a critical warning.
 */
void
ssdb_report_add_target_fact (SsdbReport *report, const char *key, JsonNode *value);

/**
 * ssdb_report_to_json:
 * @report: a report
 *
 * Builds the report's JSON tree (format %SSDB_REPORT_FORMAT_VERSION), with members in a fixed
 * order. Integers (bytes, ns, counts) are JSON integers; rates are finite JSON numbers.
 *
 * Returns: (transfer full): the root object node; free with json_node_unref().
 */
JsonNode *
ssdb_report_to_json (const SsdbReport *report);

/**
 * ssdb_report_to_data:
 * @report: a report
 * @length: (out) (optional): length of the text in bytes
 *
 * Serializes the report as UTF-8 JSON text: pretty-printed with a 2-space indent, '.' as the
 * decimal separator whatever the locale, ending with a newline. The same report always gives
 * the same bytes.
 *
 * Returns: (transfer full): the NUL-terminated text.
 */
char *
ssdb_report_to_data (const SsdbReport *report, gsize *length);

/**
 * ssdb_report_save:
 * @report: a report
 * @path: file to write (replaced atomically: readers see the old or the new file, never a part)
 * @error: SSDB_ERROR_NOT_FOUND (no such directory), SSDB_ERROR_PERMISSION,
 *   SSDB_ERROR_NO_SPACE or SSDB_ERROR_FAILED, with a message naming @path
 *
 * Writes ssdb_report_to_data() to @path with mode 0644.
 *
 * Returns: %TRUE on success.
 */
gboolean
ssdb_report_save (const SsdbReport *report, const char *path, GError **error);

/**
 * ssdb_report_load:
 * @path: a report file
 * @error: SSDB_ERROR_NOT_FOUND or SSDB_ERROR_PERMISSION when the file cannot be opened;
 *   SSDB_ERROR_REPORT when it is not a report this version can read, with a message that names
 *   the file and the position or field ("report.json: tests[2].latency_ns.p99: expected an
 *   integer, found a string"; "report.json:14:3: malformed JSON: expected ',' or '}'")
 *
 * Reads a report written by ssdb_report_save() (or by an older SSD Bench: older format versions
 * are migrated). Files that are not regular files, larger than %SSDB_REPORT_MAX_BYTES, not
 * UTF-8, not strict JSON, truncated, nested deeper than %SSDB_REPORT_MAX_DEPTH, of a newer
 * format version, or whose fields have the wrong type, a negative or out-of-range value,
 * inconsistent histograms, surface samples or fill series out of order or outside the span, or
 * derived numbers (statistics, access means, phases, access-time bin counts, sweep sizes,
 * workload totals) that contradict the samples are refused;
 * nothing is changed. Saving the loaded report gives back
 * the same bytes.
 *
 * Returns: (transfer full): the report (all its results owned by it), or %NULL
 *   with @error.
 */
SsdbReport *
ssdb_report_load (const char *path, GError **error);

/**
 * ssdb_report_read_file:
 * @path: a file
 * @length: (out): bytes read
 * @error: SSDB_ERROR_NOT_FOUND or SSDB_ERROR_PERMISSION when it cannot be opened;
 *   SSDB_ERROR_REPORT when it is not a regular file or larger than %SSDB_REPORT_MAX_BYTES
 *
 * Reads a regular file of at most %SSDB_REPORT_MAX_BYTES, refusing anything larger before
 * reading it (and anything that grows past the limit while being read).
 *
 * Returns: (transfer full): the bytes with a NUL after them, or %NULL with @error.
 */
char *
ssdb_report_read_file (const char *path, gsize *length, GError **error);

/**
 * ssdb_report_load_from_data:
 * @data: (array length=length): the report text (need not be NUL-terminated)
 * @length: bytes in @data
 * @display_name: the name errors use for the text (a file name, "clipboard", ...)
 * @error: SSDB_ERROR_REPORT, as for ssdb_report_load()
 *
 * Like ssdb_report_load() on text in memory.
 *
 * Returns: (transfer full): the report, or %NULL with @error.
 */
SsdbReport *
ssdb_report_load_from_data (const char *data, gsize length, const char *display_name,
                            GError **error);

/**
 * ssdb_report_summary_to_json:
 * @target: facts about the target
 * @summary: the run
 *
 * Shortcut for ssdb_report_new() + ssdb_report_to_json().
 *
 * Returns: (transfer full): the root node of the report.
 */
JsonNode *
ssdb_report_summary_to_json (const SsdbTargetInfo *target, const SsdbSummaryResult *summary);

/**
 * ssdb_report_summary_to_data:
 * @target: facts about the target
 * @summary: the run
 * @length: (out) (optional): bytes of text
 *
 * Shortcut for ssdb_report_new() + ssdb_report_to_data().
 *
 * Returns: (transfer full): the report text.
 */
char *
ssdb_report_summary_to_data (const SsdbTargetInfo *target, const SsdbSummaryResult *summary,
                             gsize *length);

G_END_DECLS
