/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-render.h"
#include "engine/ssdb-summary.h"

G_BEGIN_DECLS

/**
 * SsdbSummaryUnit:
 * @SSDB_UNIT_MBPS: MB/s (10^6 B/s, CrystalDiskMark's unit)
 * @SSDB_UNIT_GBPS: GB/s
 * @SSDB_UNIT_IOPS: I/O per second
 * @SSDB_UNIT_USEC: mean latency in µs
 * @SSDB_UNIT_MIBPS: MiB/s (2^20 B/s)
 */
typedef enum
{
  SSDB_UNIT_MBPS,
  SSDB_UNIT_GBPS,
  SSDB_UNIT_IOPS,
  SSDB_UNIT_USEC,
  SSDB_UNIT_MIBPS,
} SsdbSummaryUnit;

/**
 * SsdbSummaryView:
 * @result: the run (may be partially done or still running)
 * @target_title: header line: "/dev/zram0 · 2.1 GB · zram" (nullable)
 * @target_subtitle: second header line: settings ("5 × 1 GiB · 5 s · random data") (nullable)
 * @unit: the unit the cells show
 * @running_index: entry index currently running, or -1
 * @running_fraction: 0..1 progress of the running entry (drawn as the cell's progress bar)
 * @running_bytes_per_second: the live rate of the running entry
 * @caption: (nullable): footer caption for exported images (tool version, date, ...)
 * @write_hint: (nullable): shown in skipped write and mix cells instead of the recorded reason,
 *   when the reader can do something about it ("Turn on Write Tests")
 *
 * What the summary painter draws.
 */
typedef struct
{
  const SsdbSummaryResult *result;
  const char *target_title;
  const char *target_subtitle;
  SsdbSummaryUnit unit;
  int running_index;
  double running_fraction;
  double running_bytes_per_second;
  const char *caption;
  const char *write_hint;
} SsdbSummaryView;

/**
 * ssdb_summary_unit_to_string:
 *
 * Returns: "mbps", "gbps", "iops", "usec" or "mibps" (the settings' and the CLI's names).
 */
const char *ssdb_summary_unit_to_string (SsdbSummaryUnit unit);

/**
 * ssdb_summary_unit_from_string:
 * @text: "mbps", "gbps", "iops", "usec" or "mibps"
 * @out: (out): the unit
 *
 * Returns: %TRUE if @text names a unit (@out is left untouched otherwise).
 */
gboolean ssdb_summary_unit_from_string (const char *text, SsdbSummaryUnit *out);

/**
 * ssdb_summary_unit_get_label:
 *
 * Returns: the unit as shown in column headers: "MB/s", "GB/s", "IOPS", "µs" or "MiB/s".
 */
const char *ssdb_summary_unit_get_label (SsdbSummaryUnit unit);

/**
 * ssdb_summary_entry_get_value:
 * @entry: an entry
 * @unit: the unit
 * @value: (out): the value in @unit: MB/s = 10^6 B/s, GB/s = 10^9 B/s, MiB/s = 2^20 B/s, IOPS,
 *   or the mean latency of all requests in µs
 *
 * Returns: %FALSE when @entry has no result to show (pending, skipped, failed, nothing
 *   completed, or no latency recorded for %SSDB_UNIT_USEC).
 */
gboolean ssdb_summary_entry_get_value (const SsdbSummaryEntry *entry, SsdbSummaryUnit unit,
                                       double *value);

/**
 * ssdb_summary_format_number:
 * @value: a value in @unit
 * @unit: the unit; gives the decimals as CrystalDiskMark shows them: MB/s and MiB/s 2, GB/s 3,
 *   IOPS 1 below 10^6 and none from 10^6 on, µs 2
 * @locale_numbers: use the current LC_NUMERIC decimal separator instead of '.'; never grouping
 *
 * Returns: (transfer full): the number as text, e.g. "3021.45".
 */
char *ssdb_summary_format_number (double value, SsdbSummaryUnit unit, gboolean locale_numbers);

/**
 * ssdb_summary_gauge_fraction:
 * @value: a value in @unit
 * @unit: the unit
 *
 * The share of a cell the gauge bar fills, on CrystalDiskMark's logarithmic scale: rates as
 * log10(MB/s × 10) / 6 (0.1 MB/s empty, 100 GB/s full, whatever @unit shows), IOPS as
 * log10(IOPS) / 6 (10^6 full), latency as 1 - log10(µs × 10) / 6 (shorter is fuller: 0.1 µs
 * full, 100 ms empty).
 *
 * Returns: 0..1
 */
double ssdb_summary_gauge_fraction (double value, SsdbSummaryUnit unit);

/**
 * ssdb_summary_painter_draw:
 * @view: what to draw
 * @style: colours and fonts
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws the CrystalDiskMark-style grid: one row per test of the profile, a column per read /
 * write (/ mix), big numbers in the chosen unit with a gauge bar behind each cell (log scale),
 * skipped cells greyed with their reason, the running cell's progress.
 *
 * Rows are the tests of @view->result's profile (ssdb_profile_get_tests()) followed by any
 * other test found in the entries; columns are Read and Write, and Mix when the spec runs
 * mixes or an entry is a mix. @view->result may be %NULL: an empty grid of the default profile.
 * The layout depends only on @view, @width and @height (see
 * ssdb_summary_painter_get_cell_rect()); text is measured and shrunk so it never leaves its
 * cell. The output is the same for the same input, at any scale of @cr.
 */
void ssdb_summary_painter_draw (const SsdbSummaryView *view, const SsdbStyle *style, cairo_t *cr,
                                int width, int height);

/**
 * ssdb_summary_painter_get_n_rows:
 * @view: what is drawn
 *
 * Returns: the number of rows (tests) the grid shows.
 */
guint ssdb_summary_painter_get_n_rows (const SsdbSummaryView *view);

/**
 * ssdb_summary_painter_get_cell_rect:
 * @view: what is drawn
 * @width: logical width given to ssdb_summary_painter_draw()
 * @height: logical height given to ssdb_summary_painter_draw()
 * @row: 0-based row
 * @rw: the column
 * @rect: (out): the cell, in logical pixels
 *
 * Where the value cell of test @row and @rw is drawn (for hit tests, tooltips and tests).
 *
 * Returns: %FALSE if there is no such cell (row out of range, or no Mix column).
 */
gboolean ssdb_summary_painter_get_cell_rect (const SsdbSummaryView *view, int width, int height,
                                             guint row, SsdbRw rw, cairo_rectangle_t *rect);

/**
 * ssdb_summary_painter_get_entry_rect:
 * @view: what is drawn
 * @width: logical width
 * @height: logical height
 * @entry_index: index in @view->result->entries
 * @rect: (out): the entry's cell, in logical pixels
 *
 * Returns: %FALSE if the entry is not shown.
 */
gboolean ssdb_summary_painter_get_entry_rect (const SsdbSummaryView *view, int width, int height,
                                              guint entry_index, cairo_rectangle_t *rect);

/**
 * ssdb_summary_painter_get_cell_text:
 * @view: what is drawn
 * @entry_index: index in @view->result->entries
 * @locale_numbers: as SsdbStyle.locale_numbers
 *
 * The figure the cell of an entry shows, for accessible names and tooltips: the running entry's
 * live rate (converted to IOPS with the test's transfer size, and to µs with Little's law:
 * requests in flight / IOPS), or ssdb_summary_format_value() of the entry.
 *
 * Returns: (transfer full): the text ("3021.45", or "—").
 */
char *ssdb_summary_painter_get_cell_text (const SsdbSummaryView *view, guint entry_index,
                                          gboolean locale_numbers);

/**
 * ssdb_summary_painter_entry_at:
 * @view: what is drawn
 * @width: logical width
 * @height: logical height
 * @x: logical x
 * @y: logical y
 *
 * Returns: the index in @view->result->entries of the cell under (@x, @y), or -1.
 */
int ssdb_summary_painter_entry_at (const SsdbSummaryView *view, int width, int height, double x,
                                   double y);

/**
 * ssdb_summary_format_value:
 * @entry: an entry
 * @unit: the unit
 * @locale_numbers: use the chart language's decimal separator
 *
 * Returns: (transfer full): the cell text as shown ("3021.45", "0.06", "12345.7", "52.31"), or
 *   "—" for an entry without a result (see ssdb_summary_entry_get_value()).
 */
char *ssdb_summary_format_value (const SsdbSummaryEntry *entry, SsdbSummaryUnit unit,
                                 gboolean locale_numbers);

/**
 * ssdb_render_summary_png:
 * @view: what to draw
 * @style: colours
 * @path: PNG file to write
 * @width: logical width
 * @height: logical height
 * @scale: 1 or 2 (HiDPI); any value in (0, 8]
 *
 * Draws into an image of ceil(@width × @scale) × ceil(@height × @scale) pixels and writes it
 * as PNG (replacing @path atomically).
 *
 * Returns: %TRUE, or %FALSE with @error naming @path and the reason: %SSDB_ERROR_INVALID_ARGUMENT
 *   for a size out of range (1..16384 pixels a side), %SSDB_ERROR_FAILED with cairo's status
 *   string, or the file error (%SSDB_ERROR_NOT_FOUND, %SSDB_ERROR_PERMISSION, ...).
 */
gboolean ssdb_render_summary_png (const SsdbSummaryView *view, const SsdbStyle *style,
                                  const char *path, int width, int height, double scale,
                                  GError **error);

G_END_DECLS
