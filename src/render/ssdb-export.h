/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "engine/ssdb-test-kind.h"
#include "engine/ssdb-report.h"

G_BEGIN_DECLS

/**
 * ssdb_export_has_chart:
 * @kind: a kind of test
 *
 * Returns: %TRUE when SSD Bench can draw a chart of @kind (every kind it knows).
 */
gboolean
ssdb_export_has_chart (SsdbTestKind kind);

/*
 * Export of a loaded report's charts to PNG, SVG and PDF, drawn by the same painters as the
 * screen, with a caption naming the drive, the run and the tool. No GTK: the CLI and the
 * desktop app both call it.
 */

/**
 * SsdbExportFormat:
 * @SSDB_EXPORT_PNG: a PNG image of width × scale by height × scale pixels
 * @SSDB_EXPORT_SVG: an SVG document of width × height px, with the title and caption as its
 *   `<title>` and `<desc>`
 * @SSDB_EXPORT_PDF: a one-page PDF of width × height pt, with the title, caption and the
 *   report's date in its document information
 */
typedef enum
{
  SSDB_EXPORT_PNG,
  SSDB_EXPORT_SVG,
  SSDB_EXPORT_PDF,
} SsdbExportFormat;

/**
 * SsdbExportFlags:
 * @SSDB_EXPORT_FLAGS_NONE: the default: a caption without the serial number
 * @SSDB_EXPORT_SERIAL: put the drive's serial number into the caption
 * @SSDB_EXPORT_NO_CAPTION: draw no caption
 * @SSDB_EXPORT_ACCESS_RELIEF: draw the access-time distribution as a relief instead of a heatmap
 */
typedef enum
{
  SSDB_EXPORT_FLAGS_NONE = 0,
  SSDB_EXPORT_SERIAL = 1 << 0,
  SSDB_EXPORT_NO_CAPTION = 1 << 1,
  SSDB_EXPORT_ACCESS_RELIEF = 1 << 2,
} SsdbExportFlags;

/* Side limits of an export, logical pixels (PNG: also after scaling). */
#define SSDB_EXPORT_MIN_SIDE 200
#define SSDB_EXPORT_MAX_SIDE 16384

/**
 * SsdbExportSize:
 * @name: "800x600", ...
 * @width: logical width
 * @height: logical height
 *
 * A size preset.
 */
typedef struct
{
  const char *name;
  int width;
  int height;
} SsdbExportSize;

/**
 * ssdb_export_sizes:
 * @n_sizes: (out): the number of presets
 *
 * Returns: the presets 800×600, 1200×800 (the default) and 1920×1080.
 */
const SsdbExportSize *
ssdb_export_sizes (guint *n_sizes);

/** ssdb_export_format_to_string: Returns: "png", "svg" or "pdf" (also the file extension). */
const char *
ssdb_export_format_to_string (SsdbExportFormat format);

/**
 * ssdb_export_dup_title:
 * @report: a report
 *
 * Returns: (transfer full): the chart's heading: "/dev/nvme0n1 · 1 TB · Samsung 990 PRO", or
 *   "Test file in /mnt, ext4 (1.07 GB)".
 */
char *
ssdb_export_dup_title (const SsdbReport *report);

/**
 * ssdb_export_dup_subtitle:
 * @report: a report
 * @view: a view @report holds
 *
 * Returns: (transfer full) (nullable): the settings of the test @view shows ("200 samples ×
 *   8 MiB · 1 MiB blocks · QD1"), after what the drive did that puts the figures in doubt
 *   (ssdb_test_kind_dup_drive_alert(): "Drive at its 70 °C warning temperature or above for
 *   95 s from 40 s in (up to 74 °C) · "), %NULL when @report does not hold it.
 */
char *
ssdb_export_dup_subtitle (const SsdbReport *report, SsdbTestKind view);

/**
 * ssdb_export_dup_caption:
 * @report: a report
 * @flags: %SSDB_EXPORT_SERIAL adds the serial number
 *
 * The footer of exported charts, from the report only (never the current time, so the same
 * report gives the same image): model, capacity (GB, 10^9), firmware and, when asked, serial
 * number (target facts "firmware" and "serial"), the date of the run in UTC and the version of
 * SSD Bench that made it: "Samsung 990 PRO · 1 TB · firmware 4B2QJXD7 · run 2024-05-01 12:34
 * UTC · SSD Bench 0.1.0". Parts the report does not know are left out.
 *
 * Returns: (transfer full): the caption.
 */
char *
ssdb_export_dup_caption (const SsdbReport *report, SsdbExportFlags flags);

/**
 * ssdb_export_draw:
 * @report: a report holding @view
 * @view: which chart
 * @style: colours and fonts
 * @flags: caption and chart options
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws @view of @report as exported (the painter of that chart with the report's title,
 * settings and caption): what previews show. A view the report does not hold, or that has no
 * chart, draws the background only.
 */
void
ssdb_export_draw (const SsdbReport *report, SsdbTestKind view, const SsdbStyle *style,
                  SsdbExportFlags flags, cairo_t *cr, int width, int height);

/**
 * ssdb_export_get_plot_rect:
 * @report: a report holding @view
 * @view: surface, fill, access, sweep, compression, trim, freespace, readback, consistency or
 *   randomaccess
 * @flags: as given to ssdb_export_draw()
 * @width: logical width
 * @height: logical height
 * @rect: (out): the chart's plot area as ssdb_export_draw() lays it out, logical pixels (see
 *   each painter's get_plot_rect: for the surface, the left edge is the span's start, the right
 *   edge its end and the bottom 0 B/s; for consistency, the left edge 0 s and the bottom
 *   0 IOPS)
 *
 * Returns: %FALSE when @report does not hold @view or @view has no plot area to report
 *   (summary, workload, recovery).
 */
gboolean
ssdb_export_get_plot_rect (const SsdbReport *report, SsdbTestKind view, SsdbExportFlags flags,
                           int width, int height, cairo_rectangle_t *rect);

/**
 * SsdbExportDoc:
 * @title: (nullable): document title (SVG `<title>`, PDF Title)
 * @description: (nullable): document description (SVG `<desc>`, PDF Subject)
 * @created_unix: the date written into a PDF's information (seconds since the epoch; 0 for
 *   none)
 *
 * What an exported file says about itself besides its drawing.
 */
typedef struct
{
  const char *title;
  const char *description;
  gint64 created_unix;
} SsdbExportDoc;

/**
 * ssdb_export_write:
 * @draw: the painter: (data, style, cr, width, height)
 * @data: passed to @draw
 * @style: colours
 * @doc: (nullable): the document's title, description and date
 * @format: PNG, SVG or PDF
 * @width: logical width, %SSDB_EXPORT_MIN_SIDE .. %SSDB_EXPORT_MAX_SIDE
 * @height: logical height, the same range
 * @scale: PNG only: 1 or 2 (HiDPI), any value in (0, 8] with at most 16384 pixels a side
 * @path: the file to write (checked with ssdb_check_output_file(), replaced atomically)
 * @error: %SSDB_ERROR_INVALID_ARGUMENT for a size or scale out of range, %SSDB_ERROR_FAILED
 *   with cairo's reason, or the file's error, each naming @path
 *
 * Draws with @draw on an image, SVG or PDF surface and writes it. A PNG of the same input is
 * the same bytes every time.
 *
 * Returns: %TRUE on success.
 */
gboolean
ssdb_export_write (SsdbChartDrawFunc draw, gconstpointer data, const SsdbStyle *style,
                   const SsdbExportDoc *doc, SsdbExportFormat format, int width, int height,
                   double scale, const char *path, GError **error);

/**
 * ssdb_export_view:
 * @report: a loaded report
 * @view: which chart
 * @format: PNG, SVG or PDF
 * @width: logical width (800, 1200, 1920 or any in %SSDB_EXPORT_MIN_SIDE ..
 *   %SSDB_EXPORT_MAX_SIDE)
 * @height: logical height
 * @scale: PNG only: 1 or 2
 * @theme: %SSDB_THEME_REVIEW for publication, or light / dark
 * @flags: caption and chart options
 * @path: the file to write
 * @error: %SSDB_ERROR_INVALID_ARGUMENT when @report does not hold @view or @view has no chart
 *   (the message names the test), or as ssdb_export_write()
 *
 * Draws @view of @report with ssdb_export_draw() and writes it to @path.
 *
 * Returns: %TRUE on success.
 */
gboolean
ssdb_export_view (const SsdbReport *report, SsdbTestKind view, SsdbExportFormat format, int width,
                  int height, double scale, SsdbTheme theme, SsdbExportFlags flags,
                  const char *path, GError **error);

/**
 * ssdb_export_compare:
 * @reports: (array length=n_reports): 2 to 8 reports
 * @labels: (array length=n_reports) (nullable): the legend's names of the reports, %NULL for
 *   ssdb_compare_report_label()
 * @n_reports: how many
 * @view: the chart: summary, surface, fill, access, sweep, compression, consistency, recovery,
 *   trim, freespace, readback or randomaccess
 * @format: PNG, SVG or PDF
 * @width: logical width
 * @height: logical height
 * @scale: PNG only
 * @theme: colours
 * @flags: %SSDB_EXPORT_NO_CAPTION
 * @path: the file to write
 * @error: as ssdb_compare_check(), or as ssdb_export_write()
 *
 * Draws the reports overlaid in one chart (see ssdb_compare_painter_draw()) and writes it.
 *
 * Returns: %TRUE on success.
 */
gboolean
ssdb_export_compare (SsdbReport *const *reports, const char *const *labels, guint n_reports,
                     SsdbTestKind view, SsdbExportFormat format, int width, int height,
                     double scale, SsdbTheme theme, SsdbExportFlags flags, const char *path,
                     GError **error);

G_END_DECLS
