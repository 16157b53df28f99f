/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "engine/ssdb-report.h"
#include "render/ssdb-export.h"

G_BEGIN_DECLS

#define SSDB_TYPE_EXPORT_DIALOG (ssdb_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (SsdbExportDialog, ssdb_export_dialog, SSDB, EXPORT_DIALOG, AdwWindow)

/**
 * ssdb_export_dialog_new:
 * @parent: (nullable): the window it belongs to (modal to it)
 * @report: the report to export (a reference is kept)
 * @view: the view chosen at first (the first view @report holds when it does not hold @view)
 *
 * The Export window: a live preview drawn by the export's painter at reduced size, and the view,
 * format (PNG, SVG, PDF), size (800 × 600, 1200 × 800, 1920 × 1080 or custom), pixel density
 * (1× or 2×, PNG only), style (review, light, dark) and caption (with or without the serial
 * number). "Export…" asks for a file and writes it with ssdb_export_view(); the window closes
 * on success and reports an error in a toast otherwise. Emits #SsdbExportDialog::exported with
 * the file's path after each export.
 *
 * Returns: (transfer full): the window; show it with gtk_window_present().
 */
SsdbExportDialog *
ssdb_export_dialog_new (GtkWindow *parent, SsdbReport *report, SsdbTestKind view);

/**
 * ssdb_export_dialog_present:
 * @parent: (nullable): the window it belongs to
 * @report: the report whose charts are exported
 * @view: the view shown when the window opens
 *
 * Makes and presents the Export window (what the main window's "Export Image…" calls).
 */
void
ssdb_export_dialog_present (GtkWindow *parent, SsdbReport *report, SsdbTestKind view);

/**
 * ssdb_export_dialog_set_options:
 * @self: the window
 * @view: a view the report holds (with a chart)
 * @format: PNG, SVG or PDF
 * @width: logical width, 200 .. 8192
 * @height: logical height, 200 .. 8192
 * @scale: 1 or 2
 * @theme: review, light or dark
 * @flags: %SSDB_EXPORT_NO_CAPTION, %SSDB_EXPORT_SERIAL
 *
 * Sets every option as the rows would; a preset size selects its row, another size "Custom".
 */
void
ssdb_export_dialog_set_options (SsdbExportDialog *self, SsdbTestKind view, SsdbExportFormat format,
                                int width, int height, int scale, SsdbTheme theme,
                                SsdbExportFlags flags);

/**
 * ssdb_export_dialog_get_options:
 * @self: the window
 * @view: (out) (optional): the chosen view
 * @format: (out) (optional): the chosen format
 * @width: (out) (optional): logical width
 * @height: (out) (optional): logical height
 * @scale: (out) (optional): 1 or 2
 * @theme: (out) (optional): the style
 * @flags: (out) (optional): caption flags
 *
 * The options the rows show.
 */
void
ssdb_export_dialog_get_options (SsdbExportDialog *self, SsdbTestKind *view,
                                SsdbExportFormat *format, int *width, int *height, int *scale,
                                SsdbTheme *theme, SsdbExportFlags *flags);

/**
 * ssdb_export_dialog_get_language:
 * @self: the window
 *
 * Returns: the language the export's text is drawn in: the window's (ssdb_render_get_language()),
 *   or "en" when "English Chart Text" is on.
 */
const char *
ssdb_export_dialog_get_language (SsdbExportDialog *self);

/**
 * ssdb_export_dialog_export_to:
 * @self: the window
 * @path: the file to write
 * @error: as ssdb_export_view()
 *
 * Writes the chart with the chosen options to @path (what "Export…" does after the file
 * chooser), and emits #SsdbExportDialog::exported.
 *
 * Returns: %TRUE on success.
 */
gboolean
ssdb_export_dialog_export_to (SsdbExportDialog *self, const char *path, GError **error);

/**
 * ssdb_export_dialog_get_preview_changes:
 * @self: the window
 *
 * Returns: how many times the preview was asked to redraw because an option changed (for
 *   tests).
 */
guint
ssdb_export_dialog_get_preview_changes (SsdbExportDialog *self);

G_END_DECLS
