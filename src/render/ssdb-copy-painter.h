/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "engine/ssdb-copy.h"

G_BEGIN_DECLS

/**
 * SsdbCopyView:
 * @result: (nullable): the copy test (may be partial while it runs); %NULL draws the three
 *   empty rows
 * @target_title: (nullable): header line
 * @target_subtitle: (nullable): settings line ("Copy within ext4 · direct I/O · scale 100 %")
 * @caption: (nullable): footer for exported images
 * @running: a run is in progress
 *
 * What the copy painter draws. Initialize with ssdb_copy_view_init().
 */
typedef struct
{
  const SsdbCopyResult *result;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  gboolean running;
} SsdbCopyView;

/** ssdb_copy_view_init: zeroes @view. */
void
ssdb_copy_view_init (SsdbCopyView *view);

/**
 * ssdb_copy_set_chart_name:
 * @set: a file set
 *
 * Returns: AS SSD's name of @set ("ISO", "Program", "Game") in the calling thread's chart
 *   language (see ssdb-render-lang.h); the engine's ssdb_copy_set_label() in English.
 */
const char *
ssdb_copy_set_chart_name (SsdbCopySet set);

/**
 * ssdb_copy_painter_draw:
 * @view: what to draw
 * @style: colours and fonts
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws AS SSD's Copy-Benchmark: one row per set (ISO, Program, Game) with the set's files and
 * size, a bar of its MB/s (10^6 B/s) on a shared axis from 0 with the figure at its end, and the
 * seconds the copy took at the right, as AS SSD shows "MB/s" and "s". Rows not measured print
 * "—". The same input gives the same pixels at any scale.
 */
void
ssdb_copy_painter_draw (const SsdbCopyView *view, const SsdbStyle *style, cairo_t *cr, int width,
                        int height);

/**
 * ssdb_copy_painter_get_plot_rect:
 * @rect: (out): the area of the bars, logical pixels
 */
void
ssdb_copy_painter_get_plot_rect (const SsdbCopyView *view, int width, int height,
                                 cairo_rectangle_t *rect);

/**
 * ssdb_render_copy_png:
 * @view: what to draw
 * @style: colours
 * @path: PNG file to write (replaced atomically)
 * @width: logical width
 * @height: logical height
 * @scale: device pixels per logical pixel
 * @error: the write's error
 *
 * Returns: %TRUE when @path holds the chart.
 */
gboolean
ssdb_render_copy_png (const SsdbCopyView *view, const SsdbStyle *style, const char *path, int width,
                      int height, double scale, GError **error);

G_END_DECLS
