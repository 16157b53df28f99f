/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "engine/ssdb-asssd.h"

G_BEGIN_DECLS

/**
 * SsdbAsssdView:
 * @result: (nullable): the suite (may be partial while it runs); %NULL draws the empty table
 * @target_title: (nullable): header line ("/dev/nvme0n1 · 1 TB · Samsung 990 PRO")
 * @target_subtitle: (nullable): settings line
 * @caption: (nullable): footer for exported images (tool version, date)
 * @running: a run is in progress
 * @preview: @result holds only the settings of the next run (its Acc.time write size the
 *   selected target's): every cell a dash and no verdict ("not run", no total) until a run or a
 *   report
 *
 * What the AS SSD painter draws. Initialize with ssdb_asssd_view_init().
 */
typedef struct
{
  const SsdbAsssdResult *result;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  gboolean running;
  gboolean preview;
} SsdbAsssdView;

/** ssdb_asssd_view_init: zeroes @view. */
void
ssdb_asssd_view_init (SsdbAsssdView *view);

/**
 * ssdb_asssd_painter_draw:
 * @view: what to draw
 * @style: colours and fonts
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws AS SSD Benchmark's results table: rows Seq, 4K, 4K-64Thrd, Acc.time and Score, columns
 * Read and Write; each cell holds MB/s (ms for Acc.time) with its IOPS under it, "not run" for a
 * direction the run did not measure, "—" for one not measured yet; under the table the total
 * score, or why there is none, and how the scores are weighed. The same input gives the same
 * pixels at any scale.
 */
void
ssdb_asssd_painter_draw (const SsdbAsssdView *view, const SsdbStyle *style, cairo_t *cr, int width,
                         int height);

/**
 * ssdb_asssd_painter_dup_words:
 * @view: what to draw
 *
 * The words the table shows besides its figures, one per line: the Acc.time row's detail (the
 * sizes of what ran; both of the suite in a preview), then each test's Read and Write cell
 * when it holds a word instead of a figure ("Seq write: not run", "4K read: —"), the scores'
 * and the total's words, and the sentence under the table. In the chart's language of the
 * calling thread (untranslated outside a language scope).
 *
 * Returns: (transfer full): the text
 */
char *
ssdb_asssd_painter_dup_words (const SsdbAsssdView *view);

/**
 * ssdb_asssd_painter_get_plot_rect:
 * @rect: (out): the table's area, logical pixels
 */
void
ssdb_asssd_painter_get_plot_rect (const SsdbAsssdView *view, int width, int height,
                                  cairo_rectangle_t *rect);

G_END_DECLS
