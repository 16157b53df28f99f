/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "ssdb-application.h"
#include "ssdb-drive-info.h"
#include "ssdb-fill-page.h"
#include "ssdb-runner.h"
#include "ssdb-summary-chart.h"
#include "ssdb-surface-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_WINDOW (ssdb_window_get_type ())
G_DECLARE_FINAL_TYPE (SsdbWindow, ssdb_window, SSDB, WINDOW, AdwApplicationWindow)

/** ssdb_window_new: Returns: (transfer full): a new main window of @app. */
SsdbWindow *
ssdb_window_new (SsdbApplication *app);

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

/** ssdb_window_get_writes_enabled: Returns: %TRUE when the next run includes write tests. */
gboolean
ssdb_window_get_writes_enabled (SsdbWindow *self);

/**
 * ssdb_window_get_confirm_dialog:
 *
 * Returns: (transfer none) (nullable): the open "data will be destroyed" confirmation.
 */
AdwMessageDialog *
ssdb_window_get_confirm_dialog (SsdbWindow *self);

/** ssdb_window_get_runner: Returns: (transfer none): the window's runner. */
SsdbRunner *
ssdb_window_get_runner (SsdbWindow *self);

/** ssdb_window_get_chart: Returns: (transfer none): the summary chart. */
SsdbSummaryChart *
ssdb_window_get_chart (SsdbWindow *self);

/** ssdb_window_get_surface_page: Returns: (transfer none): the Surface page. */
SsdbSurfacePage *
ssdb_window_get_surface_page (SsdbWindow *self);

/** ssdb_window_get_fill_page: Returns: (transfer none): the whole-drive Fill page. */
SsdbFillPage *
ssdb_window_get_fill_page (SsdbWindow *self);

/**
 * ssdb_window_set_page:
 * @name: "summary", "surface" or "info"
 *
 * Shows a page; Start runs the test of the page shown (the summary from the Drive Info page).
 */
void
ssdb_window_set_page (SsdbWindow *self, const char *name);

/** ssdb_window_get_drive_info: Returns: (transfer none): the Drive Info page. */
SsdbDriveInfo *
ssdb_window_get_drive_info (SsdbWindow *self);

/**
 * ssdb_window_get_write_reason:
 *
 * Returns: (transfer none): the text under the "Write Tests" switch (why it is off or
 *   insensitive).
 */
const char *
ssdb_window_get_write_reason (SsdbWindow *self);

/** ssdb_window_get_write_switch_sensitive: Returns: whether the user may turn writes on. */
gboolean
ssdb_window_get_write_switch_sensitive (SsdbWindow *self);

/** ssdb_window_get_last_toast: Returns: (nullable): the title of the last toast shown. */
const char *
ssdb_window_get_last_toast (SsdbWindow *self);

/**
 * ssdb_window_is_inhibiting:
 *
 * Returns: %TRUE while a run asks the session not to suspend (the session may lack a manager
 *   or portal that can honour it).
 */
gboolean
ssdb_window_is_inhibiting (SsdbWindow *self);

/* The menu's actions, forwarded by the application to its active window. */
void
ssdb_window_open_report (SsdbWindow *self);
void
ssdb_window_save_report (SsdbWindow *self);
void
ssdb_window_export_image (SsdbWindow *self);

/**
 * ssdb_window_export_image_to:
 * @path: PNG file to write
 *
 * Renders the page shown with the fixed review style: the summary at 1000 × 640 logical pixels,
 * the surface at 1200 × 700, both at scale 2.
 *
 * Returns: %TRUE, or %FALSE with @error naming @path.
 */
gboolean
ssdb_window_export_image_to (SsdbWindow *self, const char *path, GError **error);

G_END_DECLS
