/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-test-kind.h"

G_BEGIN_DECLS

/* The most reports one comparison overlays. */
#define SSDB_COMPARE_MAX_REPORTS 8

/**
 * SsdbCompareView:
 * @view: the chart: summary, surface, fill, access, sweep, compression, consistency, recovery,
 *   trim, freespace, readback, randomaccess, asssd or copy
 * @reports: (array length=n_reports): the reports, the first one the reference
 * @labels: (array length=n_reports) (nullable): legend names, %NULL for
 *   ssdb_compare_report_label() of each report
 * @n_reports: 2 .. %SSDB_COMPARE_MAX_REPORTS (1 draws a single series)
 * @title: (nullable): heading
 * @caption: (nullable): footer
 *
 * What the comparison painter draws.
 */
typedef struct
{
  SsdbTestKind view;
  SsdbReport *const *reports;
  const char *const *labels;
  guint n_reports;
  const char *title;
  const char *caption;
} SsdbCompareView;

/**
 * ssdb_compare_view_supported:
 * @view: a view
 *
 * Returns: %TRUE for the views a comparison overlays: summary, surface, fill, access, sweep,
 *   compression, consistency, recovery, trim, freespace, readback, randomaccess, asssd and copy;
 * not the workload.
 */
gboolean
ssdb_compare_view_supported (SsdbTestKind view);

/**
 * ssdb_compare_check:
 * @view: a comparison
 * @error: %SSDB_ERROR_INVALID_ARGUMENT: fewer than 2 or more than %SSDB_COMPARE_MAX_REPORTS
 *   reports, a view that cannot be compared (workload, recovery, trim, freespace, readback:
 *   the message names the view and the views that can be compared), or a report without the
 *   test (the message names the report by its label and position)
 *
 * Returns: %TRUE when @view can be drawn.
 */
gboolean
ssdb_compare_check (const SsdbCompareView *view, GError **error);

/**
 * ssdb_compare_view_dup_label:
 * @view: a comparison
 * @i: a report of it, below n_reports
 *
 * The name the legend gives report @i: its label in @view's labels where one is set (not
 * %NULL), else ssdb_compare_report_label(), with its number in front ("#2 Samsung 990 PRO ·
 * 2024-05-01 12:34") where another report's default is the same (runs of one drive in one
 * minute), except in the summary, whose legend numbers its columns.
 *
 * Returns: (transfer full): the name
 */
char *
ssdb_compare_view_dup_label (const SsdbCompareView *view, guint i);

/**
 * ssdb_compare_report_label:
 * @report: a report
 *
 * Returns: (transfer full): the default legend name: the model (or the device path) and the
 *   date of the run, "Samsung 990 PRO · 2024-05-01 12:34".
 */
char *
ssdb_compare_report_label (const SsdbReport *report);

/**
 * ssdb_compare_color:
 * @style: a style
 * @index: the report's position, 0 .. 7
 *
 * The colour of report @index: the Okabe–Ito palette (blue, vermillion, bluish green, orange,
 * reddish purple, sky blue, yellow, and the style's foreground in place of black), which
 * colour-blind readers can tell apart.
 *
 * Returns: the colour.
 */
SsdbRgba
ssdb_compare_color (const SsdbStyle *style, guint index);

/**
 * ssdb_compare_dash:
 * @index: the report's position, 0 .. 7
 * @n_dashes: (out): entries in the pattern (0: solid)
 *
 * Returns: the dash pattern of report @index in units of the line width (solid, dashes, dots,
 *   dash-dot, ...), so lines stay apart in greyscale.
 */
const double *
ssdb_compare_dash (guint index, int *n_dashes);

/**
 * ssdb_compare_painter_draw:
 * @view: what to draw
 * @style: colours and fonts
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws the reports overlaid, with a legend naming each (colour, dash pattern and marker):
 * surface: the read curves (and the write curves in a second panel when a report has them)
 * over the position, in GB when all spans are equal, else in % of the span; fill: the first
 * write pass over the bytes written; sweep: read and write rate over the transfer size (log);
 * access: the mean and 99th-percentile access time per queue depth; summary: the grids side by
 * side, each cell with its MB/s and the difference in % against the first report; compression:
 * write and read panels with a group of bars per data level (random, 25..100 % compressible,
 * zeros), one bar per report in its colour; consistency: IOPS per round over the time in s,
 * one line per report; randomaccess: read and write panels with a group of bars per transfer
 * size (and the mix, named by its sizes when the reports mix different ones), each report's
 * mean access time in ms; asssd: read and write panels with a group of bars per test (Seq, 4K,
 * 4K-64Thrd), each report's MB/s; copy: a group of bars per file set, each report's MB/s (a set
 * copied at another scale or by another method than in the first report has a group of its own).
 */
void
ssdb_compare_painter_draw (const SsdbCompareView *view, const SsdbStyle *style, cairo_t *cr,
                           int width, int height);

/**
 * ssdb_compare_painter_get_legend_rect:
 * @index: a report's position
 * @rect: (out): the swatch of its legend entry (filled with its colour), logical pixels
 *
 * Returns: %FALSE when @index is out of range.
 */
gboolean
ssdb_compare_painter_get_legend_rect (const SsdbCompareView *view, int width, int height,
                                      guint index, cairo_rectangle_t *rect);

/**
 * ssdb_compare_painter_get_n_panels:
 *
 * Returns: how many plots the chart has (1 or 2; the summary has 1, its table).
 */
guint
ssdb_compare_painter_get_n_panels (const SsdbCompareView *view);

/**
 * ssdb_compare_painter_get_plot_rect:
 * @panel: 0 or 1
 * @rect: (out): the plot area of @panel, logical pixels: left edge the x axis' start, bottom
 *   the y axis' 0 (the summary: the table's area)
 *
 * Returns: %FALSE for a panel out of range.
 */
gboolean
ssdb_compare_painter_get_plot_rect (const SsdbCompareView *view, int width, int height, guint panel,
                                    cairo_rectangle_t *rect);

/**
 * ssdb_compare_painter_get_point:
 * @panel: 0 or 1 (compression: 0 write, 1 read)
 * @report: a report's position
 * @index: the point's index in that report's series of that panel (compression: its data
 *   level in the report's order; consistency: its round)
 * @x: (out): logical x (for bars: the bar's centre)
 * @y: (out): logical y (for bars: the bar's top)
 *
 * Where ssdb_compare_painter_draw() puts a value, for views drawn as lines or bars.
 *
 * Returns: %FALSE for the summary or a point out of range.
 */
gboolean
ssdb_compare_painter_get_point (const SsdbCompareView *view, int width, int height, guint panel,
                                guint report, guint index, double *x, double *y);

G_END_DECLS
