/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli: what the commands share — option parsing, errors, run targets, the run on a
 * worker thread with progress and signal handling, report output. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "engine/ssdb-access.h"
#include "engine/ssdb-fill.h"
#include "engine/ssdb-io.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-summary.h"
#include "engine/ssdb-surface.h"
#include "engine/ssdb-sweep.h"
#include "engine/ssdb-target.h"
#include "engine/ssdb-test-kind.h"
#include "engine/ssdb-workload.h"
#include "render/ssdb-render.h"

G_BEGIN_DECLS

/* Exit status for a usage error (bad option or argument); 1 is a failed run, 128 + N a run
 * cancelled by signal N. */
#define EXIT_USAGE 2
#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

/* One run on a worker thread. The worker sets @ok and @error, and ends with
 * g_idle_add (ssdb_cli_on_finished, run). Progress goes through @lock into @progress/@label
 * (ssdb_cli_set_progress). A command's own result goes in its field below, or in @data. */
typedef struct _SsdbCliRun SsdbCliRun;

/* The engine's part of a run, on the worker thread (ssdb_cli_run_engine()): runs the test on
 * rc->target into the command's result, reporting progress with ssdb_cli_set_progress(); returns
 * %FALSE with rc->error set when it failed or was cancelled. */
typedef gboolean (*SsdbCliEngineFunc) (SsdbCliRun *rc);

struct _SsdbCliRun
{
  GMutex lock;
  SsdbSummaryProgress progress;
  char *label;
  gboolean have_progress;
  /* the progress is a summary's: the line names its pass */
  gboolean passes;

  GCancellable *cancellable;
  GMainLoop *loop;
  gboolean finished;
  gboolean ok;
  GError *error;
  int signal_count;
  int signo;
  gint64 started_us;
  /* armed by the first signal: ends the program if the run does not stop in time */
  guint stop_fallback_id;

  /* summary */
  SsdbTarget *target;
  SsdbSummaryResult *summary;
  /* job */
  const SsdbJobSpec *job;
  SsdbIoResult *io_result;
  gboolean fill;
  gboolean is_tty;
  /* surface / fill */
  SsdbSurfaceResult *surface;
  SsdbFillResult *fill_result;
  /* access / sweep / workload */
  SsdbAccessResult *access_result;
  SsdbSweepResult *sweep_result;
  SsdbWorkloadResult *workload_result;
  guint64 wall_ns;
  /* any other command's spec and result */
  gpointer data;
  /* the region of a device the run may write ([write_offset, write_offset + write_length)),
   * named when a run on a device is cancelled or fails; 0 length when unknown */
  guint64 write_offset;
  guint64 write_length;
  /* what ssdb_cli_run_engine() runs on the worker thread */
  SsdbCliEngineFunc engine;
};

/* ---- errors and options ---- */

/* Prints "ssdbench-cli: PREFIX MESSAGE" to standard error. */
void
ssdb_cli_print_error (const char *prefix, const GError *error);

/* Prints the message and a pointer to --help; returns EXIT_USAGE. */
int
ssdb_cli_usage_error (const char *fmt, ...) G_GNUC_PRINTF (1, 2);

/* Parses @ctx's options out of @argc/@argv; any option left over is refused. On failure sets
 * *@status to EXIT_USAGE (message printed) and returns FALSE. */
gboolean
ssdb_cli_parse_options (GOptionContext *ctx, int *argc, char ***argv, int *status);

/* Adds @entries to the main group of @ctx, then ssdb_cli_parse_options(). */
gboolean
ssdb_cli_parse_entries (GOptionContext *ctx, const GOptionEntry *entries, int *argc, char ***argv,
                        int *status);

/* An option spelled @option, also accepted as @alias (an older spelling, a hidden option entry
 * of its own): moves the value given as @alias (*@alias_value) into *@value and sets *@given
 * to the spelling used, for messages. Both given is a usage error (message printed, *@status =
 * EXIT_USAGE, FALSE). */
gboolean
ssdb_cli_take_alias (const char *option, char **value, const char *alias, char **alias_value,
                     const char **given, int *status);

/* Size option (512, 4K, 1MiB, 1G: see ssdb_parse_size); NULL @text leaves *@out. */
gboolean
ssdb_cli_parse_size_opt (const char *text, const char *what, guint64 *out, int *status);

/* Whole number in [@min, @max]; NULL @text leaves *@out. */
gboolean
ssdb_cli_parse_uint_opt (const char *text, const char *what, guint64 min, guint64 max, guint64 *out,
                         int *status);

/* As ssdb_cli_parse_uint_opt(), into a guint (@max at most G_MAXUINT). */
gboolean
ssdb_cli_parse_guint_opt (const char *text, const char *what, guint min, guint max, guint *out,
                          int *status);

/* Duration (5, 2.5s, 500ms, 1m) into ns within [@min, @max] ns; NULL @text leaves *@out. */
gboolean
ssdb_cli_parse_seconds_opt (const char *text, const char *what, guint64 min, guint64 max,
                            guint64 *out, int *status);

/* --span START:LENGTH (two sizes, LENGTH > 0) in bytes. */
gboolean
ssdb_cli_parse_span_opt (const char *text, guint64 *start, guint64 *length, int *status);

/* After the target is open: the span must lie within it (a usage error naming both otherwise). */
gboolean
ssdb_cli_check_span (const char *span_s, guint64 start, guint64 length, SsdbTarget *target,
                     int *status);

/* After the target is open: a span given as --offset @offset_s (@offset bytes, sector-aligned,
 * ssdb_cli_check_offset_sectors()) and --span @span_s (@length bytes, 0 for to the end) must lie
 * within @target; otherwise a usage error naming the option, the value and what the target holds
 * (*@status = EXIT_USAGE, FALSE). */
gboolean
ssdb_cli_check_offset_span (SsdbTarget *target, const char *offset_s, guint64 offset,
                            const char *span_s, guint64 length, int *status);

/* After the target is open, before the run: the engine's check of the settings @result holds
 * (a new result of @kind) against @target (ssdb_test_kind_check()). A refusal is a usage error
 * with the engine's message, which names the setting, its value and the target (*@status =
 * EXIT_USAGE, FALSE): nothing was written. */
gboolean
ssdb_cli_check_settings (SsdbTestKind kind, gconstpointer result, SsdbTarget *target, int *status);

/* After the target is open, before the run: a transfer size @block_size given as option @what
 * (text @text, NULL for the default) must be a whole number of @target's logical sectors (and
 * of its direct I/O alignment); otherwise a usage error naming the option, the value and the
 * sector size (*@status = EXIT_USAGE, FALSE). */
gboolean
ssdb_cli_check_block_sectors (SsdbTarget *target, const char *what, const char *text,
                              guint block_size, int *status);

/* Like ssdb_cli_check_block_sectors() for an offset or span START (bytes) given as @what. */
gboolean
ssdb_cli_check_offset_sectors (SsdbTarget *target, const char *what, const char *text,
                               guint64 offset, int *status);

/* Transfer size option: a multiple of 512 bytes up to 64 MiB. */
gboolean
ssdb_cli_parse_block_opt (const char *text, const char *what, guint *out, int *status);

/* ---- targets and outputs ---- */

gboolean
ssdb_cli_is_block_device (const char *path);

/* The arguments left after the options of @command ("run trim", "info") must be exactly one
 * TARGET (@argv[1]): none or more than one is a usage error (message printed, *@status =
 * EXIT_USAGE, FALSE). */
gboolean
ssdb_cli_check_one_target (const char *command, int argc, char **argv, int *status);

/* A TARGET argument before anything is opened: an empty one, or an existing path that is neither
 * a block device nor a directory (a regular file, FIFO, socket, character device, /proc file),
 * is a usage error (message printed, *@status = EXIT_USAGE). A path that does not exist (or a
 * symbolic link loop) is left to the open, which fails with the system's reason (status 1). */
gboolean
ssdb_cli_check_target_arg (const char *path, int *status);

/* What a run asks of its TARGET, for ssdb_cli_open_target(). */
typedef struct
{
  const char *path;    /* TARGET: a block device or a directory */
  const char *destroy; /* --destroy-data (the device it names), or NULL */
  /* Who writes what when a device needs --destroy-data ("run fill overwrites all of"); NULL
   * when the run may read a device without it. */
  const char *writes;
  /* How a device is opened without --destroy-data: SSDB_TARGET_OPEN_READ, or
   * SSDB_TARGET_OPEN_REWRITE (a rewrite in place). With it: SSDB_TARGET_OPEN_WRITE. */
  SsdbTargetOpenFlags device_flags;
  const char *size_option; /* the test file size option, for messages ("--size") */
  /* The test file size as given, refused for a device; NULL when not given or when the option
   * also applies to devices (the region of a summary). */
  const char *size_s;
  guint64 file_size; /* bytes of the test file in a directory */
  /* --temperature-input: the hwmon input to record during the run instead of the drive's own
   * sensor, or NULL; one that does not read as a temperature is a usage error. */
  const char *temperature_input;
  /* --ncq-off: turn the disk's NCQ off for the run and back on after it (SATA and SAS disks;
   * root); a device without NCQ is a usage error. */
  gboolean ncq_off;
} SsdbCliTargetRequest;

/* Gives the disk back the NCQ depth --ncq-off found, at the end of the run (and on the way out
 * of a run that does not stop), saying how to do it by hand if that fails; nothing when NCQ
 * was not turned off. Until then a signal handler (SIGINT, SIGTERM, SIGHUP outside the run)
 * writes the depth back before the process ends. */
void
ssdb_cli_ncq_restore (SsdbTarget *target);

/* The --ncq-off option of the runs that measure at a queue depth. */
#define SSDB_CLI_NCQ_OFF_ENTRY(var)                                                                \
  {                                                                                                \
    "ncq-off", 0, 0, G_OPTION_ARG_NONE, &(var),                                                    \
        "Turn the disk's NCQ off for the run (SATA and SAS disks, as root); restored after it",    \
        NULL                                                                                       \
  }

/* The --json option of a run: its report as JSON, to FILE ("-": standard output). */
#define SSDB_CLI_JSON_ENTRY(var)                                                                   \
  {                                                                                                \
    "json", 0, 0, G_OPTION_ARG_FILENAME, &(var), "Write the report as JSON", "FILE"                \
  }

/* The --png option of a run: its chart, described by @what ("Draw the chart to a PNG"). */
#define SSDB_CLI_PNG_ENTRY(var, what)                                                              \
  {                                                                                                \
    "png", 0, 0, G_OPTION_ARG_FILENAME, &(var), what, "FILE"                                       \
  }

/* The --destroy-data option of a run that writes: the device it may overwrite. */
#define SSDB_CLI_DESTROY_ENTRY(var)                                                                \
  {                                                                                                \
    "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &(var),                                           \
        "The device whose data may be destroyed (required for a device)", "DEVICE"                 \
  }

/* The option of a test file's size in a directory, --@name=SIZE ("size" or "file-size"). */
#define SSDB_CLI_FILE_SIZE_ENTRY(name, var)                                                        \
  {                                                                                                \
    name, 0, 0, G_OPTION_ARG_STRING, &(var), "Test file size in a directory [1G]", "SIZE"          \
  }

/* The --fill option of the runs that can fill their span before they read it. */
#define SSDB_CLI_FILL_ENTRY(var)                                                                   \
  {                                                                                                \
    "fill", 0, 0, G_OPTION_ARG_NONE, &(var),                                                       \
        "Fill the span with random data before the reads (a device needs --destroy-data)", NULL    \
  }

/* The --temperature-input option of the runs that record the drive's temperature. */
#define SSDB_CLI_TEMPERATURE_ENTRY(var)                                                            \
  {                                                                                                \
    "temperature-input", 0, 0, G_OPTION_ARG_FILENAME, &(var),                                      \
        "Record this hwmon temperature input (tempN_input) instead of the drive's own sensor",     \
        "FILE"                                                                                     \
  }

/* The same for any kind of test: @result's temperature and drive counts
 * (ssdb_test_kind_get_temperature()), the counts for a run that wrote
 * (ssdb_test_kind_run_writes()). */
void
ssdb_cli_print_result_drive_state (SsdbTarget *target, SsdbTestKind kind, gconstpointer result);

/* Prints the drive's own state during a run as the text output's last lines: its temperature in
 * words, or that @target's drive shows no sensor; for a run that @wrote, the drive's count of
 * the host's writes, or that it shows none. */
void
ssdb_cli_print_drive_state (SsdbTarget *target, const SsdbTemperatureLog *log,
                            const SsdbDriveCounts *writes, gboolean wrote);

/* Opens TARGET for a run, the one way every run command does: a test file of @req->file_size
 * bytes in a directory, or a device, for writing only when --destroy-data names it. Refused
 * before anything is opened, as usage errors: a TARGET that is neither a block device nor a
 * directory (ssdb_cli_check_target_arg()); for a device, the test file size option given
 * (@req->size_s), no --destroy-data when @req->writes says the run writes, a --destroy-data
 * that names another device (ssdb_cli_check_destroy()); for a directory, --destroy-data, a
 * test file size that is not whole MiB (ssdb_cli_check_file_size()). A --destroy-data run on
 * a path that does not exist fails with the system's reason (status 1), as does the open (the
 * engine's safety checks: mounted, swap, read-only, held, no space). NULL with *@status set
 * and the message printed on failure. */
SsdbTarget *
ssdb_cli_open_target (const SsdbCliTargetRequest *req, int *status);

/* Refuses, before a run starts, output paths that could not be written or are not regular files.
 * "-" as @json_path sends the report to standard output and everything else to standard error. */
gboolean
ssdb_cli_check_outputs (const char *json_path, const char *png_path, int *status);

/* The arguments every run that measures one TARGET checks first, in this order:
 * ssdb_cli_check_outputs() of @json_path and @png_path (either may be NULL) and
 * ssdb_cli_check_one_target() for @command ("run trim"); the command checks the target itself
 * when it opens it. */
gboolean
ssdb_cli_check_run_outputs (const char *command, int argc, char **argv, const char *json_path,
                            const char *png_path, int *status);

/* ssdb_cli_check_run_outputs(), then ssdb_cli_check_target_arg() of argv[1]. */
gboolean
ssdb_cli_check_run_args (const char *command, int argc, char **argv, const char *json_path,
                         const char *png_path, int *status);

/* An output file @path given as @option (--png) for @format ("png"): a name ending in the
 * extension of another image, document or data format (.jpg, .svg, .csv…) is refused as a
 * usage error naming the extension and the format; names without an extension, or with one
 * that is not a format's, pass. */
gboolean
ssdb_cli_check_output_extension (const char *option, const char *path, const char *format,
                                 int *status);

/* Pretty JSON to @path, or to standard output when @path is NULL or "-". */
gboolean
ssdb_cli_write_json_node (JsonNode *node, const char *path, GError **error);

/* Writes @report to @path, or to standard output when @path is "-". */
gboolean
ssdb_cli_save_report (SsdbReport *report, const char *path, GError **error);

/* The report's "target" object for @info. */
JsonNode *
ssdb_cli_target_to_json (const SsdbTargetInfo *info);

/* Numbers for the text tables, always with '.' (C locale): MB/s with 1 decimal, GB (10^9) and
 * ms with 3. */
char *
ssdb_cli_format_mbps (double bytes_per_second);
char *
ssdb_cli_format_gb (double bytes);
char *
ssdb_cli_format_ms (double ns);

/* "/dev/sda · 500 GB · MODEL" or "Test file in DIR, FS (SIZE)": the heading of charts. */
char *
ssdb_cli_target_title (SsdbTarget *target);

/* "SSD Bench VERSION · DATE UTC": the caption of exported images. */
char *
ssdb_cli_export_caption (void);

/* Writes @report to @path (standard output for "-"); on failure prints the error, sets
 * *@status to 1 and returns FALSE. */
gboolean
ssdb_cli_write_report (SsdbReport *report, const char *path, int *status);

/* Writes a report of @target holding @result (of @kind) to @path, as ssdb_cli_write_report():
 * what --json of a run writes. */
gboolean
ssdb_cli_save_result (const char *path, SsdbTarget *target, SsdbTestKind kind, gconstpointer result,
                      int *status);

/* The end of a run's text and its report: @result's drive state
 * (ssdb_cli_print_result_drive_state()) and, when --json gave @json_path, the report holding
 * @result (ssdb_cli_save_result()). */
void
ssdb_cli_print_state_and_save (SsdbTarget *target, SsdbTestKind kind, gconstpointer result,
                               const char *json_path, int *status);

/* Prints the engine's text table of the result of @kind that @report holds
 * (ssdb_csv_format_text(), the text `export --text` writes), or the reason it cannot. */
void
ssdb_cli_print_result_text (const SsdbReport *report, SsdbTestKind kind);

/* Draws the chart of the result of @kind that @report holds to the PNG @path as `export
 * --png` does at 1200 × 800 (ssdb_export_view(), review theme); on failure prints the error
 * and sets *@status to 1. */
void
ssdb_cli_export_png (SsdbReport *report, SsdbTestKind kind, const char *path, int *status);

/* After an image was drawn (@rendered) or not: prints @error and sets *@status to 1 when it was
 * not. Returns @rendered. */
gboolean
ssdb_cli_check_png (gboolean rendered, const GError *error, int *status);

/* What every chart a run draws shares: the target's heading (ssdb_cli_target_title()), the
 * caption (ssdb_cli_export_caption()) and the review style. */
typedef struct
{
  char *title;
  char *caption;
  SsdbStyle style;
  /* the settings line, from ssdb_cli_chart_init_result(); NULL from ssdb_cli_chart_init() */
  char *subtitle;
} SsdbCliChart;

/* The settings line of the chart of @result (of @kind) on @target: the export's
 * (ssdb_export_dup_subtitle()), so the CLI's images and the exported ones say the same. */
char *
ssdb_cli_dup_subtitle (SsdbTarget *target, SsdbTestKind kind, gconstpointer result);

/* Fills @chart for a chart of @target; free with ssdb_cli_chart_clear() (or g_auto). */
void
ssdb_cli_chart_init (SsdbCliChart *chart, SsdbTarget *target);

/* ssdb_cli_chart_init() with the subtitle of the chart of @result (of @kind):
 * ssdb_cli_dup_subtitle(). */
void
ssdb_cli_chart_init_result (SsdbCliChart *chart, SsdbTarget *target, SsdbTestKind kind,
                            gconstpointer result);

/* Gives a painter's view (any with target_title, target_subtitle and caption) the heading,
 * settings line and caption of @chart; they stay @chart's. */
#define SSDB_CLI_CHART_LABEL(view, chart)                                                          \
  ((view)->target_title = (chart)->title, (view)->target_subtitle = (chart)->subtitle,             \
   (view)->caption = (chart)->caption)

/* Frees what @chart holds. */
void
ssdb_cli_chart_clear (SsdbCliChart *chart);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SsdbCliChart, ssdb_cli_chart_clear)

/* Defines `static void @name (const char *path, SsdbTarget *target, const @Result *r,
 * int *status)`: draws @r, a result of @kind, in a @View set up by @view_init with the heading,
 * settings line and caption of an SsdbCliChart, and writes it with @render as a PNG of
 * @w × @h logical pixels at scale 1 to @path; a failure is printed and sets *@status
 * (ssdb_cli_check_png()). */
#define SSDB_CLI_DEFINE_WRITE_PNG(name, Result, View, view_init, kind, render, w, h)               \
  static void name (const char *path, SsdbTarget *target, const Result *r, int *status)            \
  {                                                                                                \
    g_autoptr (GError) error = NULL;                                                               \
    View view;                                                                                     \
    g_auto (SsdbCliChart) chart = { 0 };                                                           \
                                                                                                   \
    view_init (&view);                                                                             \
    view.result = r;                                                                               \
    ssdb_cli_chart_init_result (&chart, target, kind, r);                                          \
    SSDB_CLI_CHART_LABEL (&view, &chart);                                                          \
    ssdb_cli_check_png (render (&view, &chart.style, path, w, h, 1, &error), error, status);       \
  }

/* ---- commands in other files ---- */

/* ssdbench-cli list (ssdb-cli-list.c): the block devices and their state. */
int
ssdb_cli_cmd_list (int argc, char **argv);

/* ssdbench-cli info TARGET (ssdb-cli-list.c): the facts of a device or a directory. */
int
ssdb_cli_cmd_info (int argc, char **argv);

/* ssdbench-cli health DEVICE [--json] [--update] [--selftest TYPE] */
int
ssdb_cli_cmd_health (int argc, char **argv);

/* ssdbench-cli export REPORT.json (ssdb-cli-export.c): charts, CSV and text from a report. */
int
ssdb_cli_cmd_export (int argc, char **argv);

/* ssdbench-cli compare A.json B.json… (ssdb-cli-export.c): 2 to 8 reports in one chart. */
int
ssdb_cli_cmd_compare (int argc, char **argv);

/* ssdbench-cli import: results of fio, CrystalDiskMark and KDiskMark as reports. */
int
ssdb_cli_cmd_import (int argc, char **argv);

/* ---- the run ---- */

/* Runs @func on a worker thread while the main loop prints progress to a terminal and turns
 * SIGINT/SIGTERM into a cancel (a third signal exits at once). */
void
ssdb_cli_run_worker (SsdbCliRun *rc, GThreadFunc func);

/* ssdb_cli_run_worker() of a thread that calls @func, sets rc->ok to what it returns and
 * rc->wall_ns to the time it took (ns), then ends the run (ssdb_cli_on_finished()). A command
 * without anything else to do on the worker thread needs only @func. */
void
ssdb_cli_run_engine (SsdbCliRun *rc, SsdbCliEngineFunc func);

/* Idle callback the worker adds when it is done: quits the run's main loop. */
gboolean
ssdb_cli_on_finished (gpointer data);

/* Progress from the worker: what runs (@label), the fraction of the run done and the rate. */
void
ssdb_cli_set_progress (SsdbCliRun *rc, const char *label, double fraction, double bytes_per_second);

/* Progress of filling the target before it is read (the "prepare" phase); @user_data is the
 * SsdbCliRun. */
void
ssdb_cli_on_fill_progress (guint64 done, guint64 total, gpointer user_data);

/* The exit status of a cancelled run: 128 + the signal that cancelled it (130 for Ctrl-C). */
int
ssdb_cli_cancelled_status (const SsdbCliRun *rc);

/* After a run that failed or was cancelled, says what it left behind: on a device opened for
 * writing, the region it may have overwritten (or that writes stopped mid-run); on a test file
 * whose file system ran out of space, the file system and that the test file is gone. */
void
ssdb_cli_print_leftovers (const SsdbCliRun *rc);

/* After a cancel: prints the engine's message when the device did not respond. */
void
ssdb_cli_print_not_responding (const SsdbCliRun *rc);

/* Ends a run: prints the error or the cancel message; returns @status, 1, or 128 + signal. */
int
ssdb_cli_finish_status (SsdbCliRun *rc, int status);

/* Readies @rc for a run on @target that @cancellable stops: its lock and those two fields. End
 * with ssdb_cli_run_end() or ssdb_cli_run_clear(). */
void
ssdb_cli_run_init (SsdbCliRun *rc, GCancellable *cancellable, SsdbTarget *target);

/* Frees what the run kept in @rc (its error, progress label and lock); a command's results stay. */
void
ssdb_cli_run_clear (SsdbCliRun *rc);

/* ssdb_cli_finish_status() then ssdb_cli_run_clear(): the exit status of the run, @status when it
 * succeeded, 1 when it failed, 128 + signal when it was cancelled. */
int
ssdb_cli_run_end (SsdbCliRun *rc, int status);

/* ---- run summary / job (ssdb-cli-summary.c) ---- */

/* ssdbench-cli run summary TARGET [OPTION…]: the CrystalDiskMark-style grid. */
int
ssdb_cli_run_summary (int argc, char **argv);

/* ssdbench-cli run job TARGET [OPTION…]: one I/O job in fio's terms. */
int
ssdb_cli_run_job (int argc, char **argv);

/* ---- run surface / fill (ssdb-cli-surface.c) ---- */

/* The test file size in a directory when no --size is given. */
#define SSDB_CLI_DEFAULT_FILE_SIZE (G_GUINT64_CONSTANT (1) << 30)

/* ssdbench-cli run surface TARGET [OPTION…]: the rate across the device, access time, burst. */
int
ssdb_cli_run_surface (int argc, char **argv);

/* ssdbench-cli run fill TARGET [OPTION…]: a whole-drive write, its cache and phases. */
int
ssdb_cli_run_fill (int argc, char **argv);

/* ---- run access / sweep (ssdb-cli-access.c), run workload (ssdb-cli-workload.c) ---- */

/* ssdbench-cli run access TARGET [OPTION…]: access-time distribution by queue depth. */
int
ssdb_cli_run_access (int argc, char **argv);

/* ssdbench-cli run sweep TARGET [OPTION…]: rate by transfer size. */
int
ssdb_cli_run_sweep (int argc, char **argv);

/* ssdbench-cli run workload TARGET [OPTION…]: an IOMeter-style access mix. */
int
ssdb_cli_run_workload (int argc, char **argv);

/* ---- run copy (ssdb-cli-copy.c) ---- */

/* ssdbench-cli run copy DIRECTORY [OPTION…]: AS SSD's Copy-Benchmark. */
int
ssdb_cli_run_copy (int argc, char **argv);

/* ---- run randomaccess (ssdb-cli-randomaccess.c) ---- */

/* ssdbench-cli run randomaccess TARGET [OPTION…]: HD Tune Pro's Random Access table. */
int
ssdb_cli_run_randomaccess (int argc, char **argv);

/* ---- run asssd (ssdb-cli-asssd.c) ---- */

/* ssdbench-cli run asssd TARGET [OPTION…]: AS SSD Benchmark's tests and scores. */
int
ssdb_cli_run_asssd (int argc, char **argv);

/* ---- run recovery / run consistency (ssdb-cli-consistency.c) ---- */

/* ssdbench-cli run recovery TARGET [OPTION…]: idle recovery of the fast-write capacity. */
int
ssdb_cli_run_recovery (int argc, char **argv);

/* ssdbench-cli run consistency TARGET [OPTION…]: IOPS per round and SNIA PTS steady state. */
int
ssdb_cli_run_consistency (int argc, char **argv);

/* ---- run scan (ssdb-cli-scan.c) ---- */

/* ssdbench-cli run scan DEVICE [OPTION…]: the error scan; reads only. */
int
ssdb_cli_run_scan (int argc, char **argv);

/* ---- run compression / trim / freespace (ssdb-cli-behaviour.c) ---- */

/* ssdbench-cli run compression TARGET [OPTION…]: write and read rate against compressibility. */
int
ssdb_cli_run_compression (int argc, char **argv);

/* ssdbench-cli run trim TARGET [OPTION…]: summary before and after fill-and-delete rounds. */
int
ssdb_cli_run_trim (int argc, char **argv);

/* ssdbench-cli run freespace TARGET [OPTION…]: summary after each step of filling the span. */
int
ssdb_cli_run_freespace (int argc, char **argv);

/* ssdbench-cli run readback TARGET [OPTION…]: read rate of pass-1 against pass-2 data. */
int
ssdb_cli_run_readback (int argc, char **argv);

G_END_DECLS
