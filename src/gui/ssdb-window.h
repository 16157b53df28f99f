/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "ssdb-access-page.h"
#include "devices/ssdb-device-monitor.h"
#include "ssdb-behaviour-page.h"
#include "ssdb-compare-window.h"
#include "ssdb-drive-info.h"
#include "ssdb-export-dialog.h"
#include "ssdb-health-page.h"
#include "ssdb-fill-page.h"
#include "ssdb-summary-chart.h"
#include "ssdb-summary-page.h"
#include "ssdb-surface-page.h"
#include "ssdb-scan-page.h"
#include "ssdb-asssd-page.h"
#include "ssdb-randomaccess-page.h"
#include "ssdb-copy-page.h"
#include "ssdb-sweep-page.h"
#include "ssdb-workload-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_WINDOW (ssdb_window_get_type ())
G_DECLARE_FINAL_TYPE (SsdbWindow, ssdb_window, SSDB, WINDOW, AdwApplicationWindow)

/**
 * ssdb_window_new:
 * @app: the application the window belongs to
 * @settings: the app's settings (org.ssdbench.App)
 * @monitor: the listed devices
 *
 * Returns: (transfer full): a new main window of @app.
 */
SsdbWindow *
ssdb_window_new (GtkApplication *app, GSettings *settings, SsdbDeviceMonitor *monitor);

/**
 * ssdb_window_select_target:
 * @path: a block device node or a folder (test file)
 *
 * Makes @path the target. Write tests on a device start off (they need a confirmation); for a
 * test file they follow the `file-writes` setting.
 *
 * Returns: %TRUE, or %FALSE when @path is neither a block device nor a folder (a toast says so).
 */
gboolean
ssdb_window_select_target (SsdbWindow *self, const char *path);

/** ssdb_window_get_target_path: Returns: (nullable): the selected device node or folder. */
const char *
ssdb_window_get_target_path (SsdbWindow *self);

/** ssdb_window_get_surface_page: Returns: (transfer none): the Surface page. */
SsdbSurfacePage *
ssdb_window_get_surface_page (SsdbWindow *self);

/** ssdb_window_get_fill_page: Returns: (transfer none): the whole-drive Fill page. */
SsdbFillPage *
ssdb_window_get_fill_page (SsdbWindow *self);

/** ssdb_window_get_access_page: Returns: (transfer none): the Access Time page. */
SsdbAccessPage *
ssdb_window_get_access_page (SsdbWindow *self);

/** ssdb_window_get_copy_page: Returns: (transfer none): the Copy page. */
SsdbCopyPage *
ssdb_window_get_copy_page (SsdbWindow *self);

/** ssdb_window_get_randomaccess_page: Returns: (transfer none): the Random Access page. */
SsdbRandomAccessPage *
ssdb_window_get_randomaccess_page (SsdbWindow *self);

/** ssdb_window_get_asssd_page: Returns: (transfer none): the AS SSD page. */
SsdbAsssdPage *
ssdb_window_get_asssd_page (SsdbWindow *self);

/** ssdb_window_get_sweep_page: Returns: (transfer none): the Transfer Sizes page. */
SsdbSweepPage *
ssdb_window_get_sweep_page (SsdbWindow *self);

/** ssdb_window_get_scan_page: Returns: (transfer none): the Error Scan page. */
SsdbScanPage *
ssdb_window_get_scan_page (SsdbWindow *self);

/** ssdb_window_get_workload_page: Returns: (transfer none): the Workloads page. */
SsdbWorkloadPage *
ssdb_window_get_workload_page (SsdbWindow *self);

/** ssdb_window_get_behaviour_page: Returns: (transfer none): the SSD Behaviour page. */
SsdbBehaviourPage *
ssdb_window_get_behaviour_page (SsdbWindow *self);

/**
 * ssdb_window_set_page:
 * @name: "summary", "surface", "fill", "access", "randomaccess", "asssd", "copy", "sweep",
 * "workload", "behaviour", "info", "health" or "scan"
 *
 * Shows a page; Start runs the test of the page shown (the summary from the Drive Info page).
 */
void
ssdb_window_set_page (SsdbWindow *self, const char *name);

/** ssdb_window_get_drive_info: Returns: (transfer none): the Drive Info page. */
SsdbDriveInfo *
ssdb_window_get_drive_info (SsdbWindow *self);

/**
 * ssdb_window_copy_text:
 *
 * "Copy Summary as Text" (Ctrl+Shift+C): the summary the Summary page shows (a finished live
 * run or a reopened report) as CrystalDiskMark-style text (ssdb_summary_format_text()), put on
 * the clipboard. A toast says what happened.
 *
 * Returns: (transfer full) (nullable): the text copied, or %NULL when there was none.
 */
char *
ssdb_window_copy_text (SsdbWindow *self);

/**
 * ssdb_window_export_image:
 *
 * "Export Image…": opens the Export window with the report ssdb_window_dup_report() builds and
 * the view of the page shown (or the report's first view). A toast says why when there is
 * nothing to export.
 *
 * Returns: (transfer none) (nullable): the Export window, or %NULL.
 */
SsdbExportDialog *
ssdb_window_export_image (SsdbWindow *self);

/**
 * ssdb_window_dup_report:
 * @left_out: (out) (optional) (transfer full): the titles of the pages whose results were left
 *   out because they were measured on another target (a loaded report versus live runs),
 *   comma-separated, or %NULL when none was
 * @error: SSDB_ERROR_FAILED when no page holds a finished result
 *
 * Builds one report of every finished result the pages show (summary, surface, fill, access
 * time, transfer sizes, workload and each SSD behaviour test), all of one target: the target of the
 * page shown. Results of a loaded report keep its date, machine and target facts, and its tests
 * that no page shows; live results carry the selected target's facts and the end time of the
 * summary run. The report owns copies of the results.
 *
 * Returns: (transfer full) (nullable): the report, or %NULL with @error.
 */
SsdbReport *
ssdb_window_dup_report (SsdbWindow *self, char **left_out, GError **error);

/**
 * ssdb_window_save_report_to:
 * @path: the file to write
 * @left_out: (out) (optional) (transfer full): as for ssdb_window_dup_report()
 * @error: as ssdb_window_dup_report() and ssdb_report_save()
 *
 * Writes ssdb_window_dup_report() to @path (what "Save Report…" does after its file chooser).
 *
 * Returns: %TRUE on success.
 */
gboolean
ssdb_window_save_report_to (SsdbWindow *self, const char *path, char **left_out, GError **error);

/**
 * ssdb_window_load_report:
 * @path: a report file
 * @error: SSDB_ERROR_REPORT (with the loader's message naming the file and the field),
 *   SSDB_ERROR_NOT_FOUND, SSDB_ERROR_PERMISSION, or SSDB_ERROR_FAILED while a run is in progress
 *
 * Shows every view @path holds on its page, drawn by the same painters as a live run, makes the
 * first of them visible and names the report (file, date) in the header. On error a toast
 * shows the message and nothing shown changes.
 *
 * Returns: %TRUE when the report is shown.
 */
gboolean
ssdb_window_load_report (SsdbWindow *self, const char *path, GError **error);

/**
 * ssdb_window_open_file:
 * @file: a dropped or command-line file
 * @error: as ssdb_window_load_report() or ssdb_window_select_target()
 *
 * A folder or a block device becomes the target; any other file is loaded as a report.
 *
 * Returns: %TRUE on success.
 */
gboolean
ssdb_window_open_file (SsdbWindow *self, GFile *file, GError **error);

/**
 * ssdb_window_compare_files:
 * @files: (array length=n_files): report files (what "Compare Reports…" chose)
 * @n_files: 2 .. %SSDB_COMPARE_MAX_REPORTS
 * @error: the loader's error naming the file and field, or SSDB_ERROR_INVALID_ARGUMENT for too
 *   few or too many reports or no view they all hold
 *
 * Loads the reports and presents the Compare window over them; on error a toast shows the
 * message.
 *
 * Returns: (transfer none) (nullable): the Compare window, or %NULL with @error.
 */
SsdbCompareWindow *
ssdb_window_compare_files (SsdbWindow *self, GFile *const *files, guint n_files, GError **error);

/**
 * ssdb_window_export_image_to:
 * @path: PNG file to write
 *
 * Renders the page shown with the fixed review style: the summary at 1000 × 640 logical pixels,
 * the other charts at 1200 × 700, all at scale 2.
 *
 * Returns: %TRUE, or %FALSE with @error naming @path.
 */
gboolean
ssdb_window_export_image_to (SsdbWindow *self, const char *path, GError **error);

G_END_DECLS
