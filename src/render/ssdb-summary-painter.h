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
} SsdbSummaryView;

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
 */
void ssdb_summary_painter_draw (const SsdbSummaryView *view, const SsdbStyle *style, cairo_t *cr,
                                int width, int height);

/**
 * ssdb_summary_format_value:
 * @entry: an entry
 * @unit: the unit
 * @locale_numbers: use the user's locale for the decimal separator
 *
 * Returns: (transfer full): the cell text as shown ("3021.45", "0.06", "12345.7", "52.31"), or
 *   "—" for an entry without a result.
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
 * @scale: 1 or 2 (HiDPI)
 *
 * Returns: %TRUE, or %FALSE with @error naming @path and the reason.
 */
gboolean ssdb_render_summary_png (const SsdbSummaryView *view, const SsdbStyle *style,
                                  const char *path, int width, int height, double scale,
                                  GError **error);

G_END_DECLS
