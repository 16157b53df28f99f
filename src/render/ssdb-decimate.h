/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-render.h"

G_BEGIN_DECLS

/*
 * Dense curves and dots drawn in time proportional to pixels, not samples.
 *
 * A curve with more samples than the plot has device-pixel columns is reduced to one entry per
 * column: the lowest and highest y the curve reaches in that column (every extreme stays
 * visible) and the mean of its samples there. The painter draws the min-max band and the mean
 * line instead of a path through every sample. Dense dots are reduced to one square dot per
 * occupied cell of a grid a dot wide. Painters use these only above a density where a path
 * through every sample would look the same as the band (see ssdb_columns_wanted()); below it
 * they draw every sample as before.
 *
 * A widget that redraws the same data often (hover, resize) keeps the reduced columns in an
 * SsdbPlotCache, cleared whenever its data changes.
 */

/**
 * SsdbColumns:
 * @n_cols: columns, one per device pixel of the plot's width
 * @x0: user-space x of the left edge of column 0
 * @col_w: user-space width of a column
 * @top: per column, the smallest user-space y reached (the highest point on screen); NAN in a
 *   column the curve does not reach
 * @bottom: per column, the largest y reached
 * @mean: per column, the mean y of the samples in it (of the curve through it when no sample
 *   falls in it)
 *
 * A curve reduced to device-pixel columns, in user space (after the painter's mapping).
 */
typedef struct
{
  guint n_cols;
  double x0;
  double col_w;
  float *top;
  float *bottom;
  float *mean;
  /*< private >*/
  double *sum;
  guint *count;
  gboolean have_prev;
  double prev_x, prev_y;
  guint prev_col;
} SsdbColumns;

/**
 * ssdb_columns_wanted:
 * @cr: the target context (its scale gives the device pixels)
 * @plot_width: width of the plot, user space
 * @n_samples: samples of the curve
 *
 * Returns: %TRUE when @n_samples is more than the device-pixel columns of the plot: a path
 *   through every sample would fill each column from its lowest to its highest value anyway.
 */
gboolean
ssdb_columns_wanted (cairo_t *cr, double plot_width, guint n_samples);

/**
 * ssdb_columns_new:
 * @cr: the target context (its current transformation gives the device pixels per unit)
 * @x0: user-space x of the plot's left edge
 * @width: user-space width of the plot
 *
 * Returns: (transfer full): empty columns over the plot; free with ssdb_columns_free().
 */
SsdbColumns *
ssdb_columns_new (cairo_t *cr, double x0, double width);

/** ssdb_columns_free: frees @columns (%NULL is ignored). */
void
ssdb_columns_free (SsdbColumns *columns);

/**
 * ssdb_columns_add_point:
 * @columns: columns being built
 * @x: the next vertex of a polyline, user space (vertices in order of x)
 * @y: its y, user space
 *
 * Adds a vertex: the segment from the previous vertex covers the columns between them, as the
 * line drawn through them would. Points outside the plot are clipped.
 */
void
ssdb_columns_add_point (SsdbColumns *columns, double x, double y);

/**
 * ssdb_columns_add_span:
 * @columns: columns being built
 * @x_from: left end of a horizontal segment, user space
 * @x_to: right end (>= @x_from)
 * @y: its y
 *
 * Adds a horizontal segment (a step of a step curve) to every column it covers, and joins it to
 * the previous point with a vertical line, as a step curve is drawn.
 */
void
ssdb_columns_add_span (SsdbColumns *columns, double x_from, double x_to, double y);

/**
 * ssdb_columns_finish:
 * @columns: columns being built
 *
 * Computes the means; call once after the last point.
 */
void
ssdb_columns_finish (SsdbColumns *columns);

/**
 * ssdb_columns_draw:
 * @columns: finished columns
 * @cr: where to draw
 * @color: the curve's colour
 * @line_width: the curve's line width, user space
 * @alpha: the curve's opacity
 *
 * Draws the min-max band of every column (at 0.45 × @alpha, widened by half a line on each side,
 * so that a flat stretch is as thick as the line and a lone extreme as wide) and the mean line
 * over it (at @alpha). On an image surface both are drawn through masks made pixel by pixel (time
 * in proportion to the pixels covered), on others (SVG, PDF) as unions of rectangles.
 */
void
ssdb_columns_draw (const SsdbColumns *columns, cairo_t *cr, const SsdbRgba *color,
                   double line_width, double alpha);

/**
 * SsdbDotGrid:
 *
 * Dense dots reduced to the occupied cells of a grid a dot wide.
 */
typedef struct _SsdbDotGrid SsdbDotGrid;

/**
 * ssdb_dot_grid_new:
 * @rect: the plot, user space
 * @radius: the dots' radius, user space; the grid's cells are a dot (twice this) wide
 *
 * Returns: (transfer full): an empty grid; free with ssdb_dot_grid_free().
 */
SsdbDotGrid *
ssdb_dot_grid_new (const cairo_rectangle_t *rect, double radius);

/** ssdb_dot_grid_free: frees @grid (%NULL is ignored). */
void
ssdb_dot_grid_free (SsdbDotGrid *grid);

/** ssdb_dot_grid_add: marks the cell of a dot at (@x, @y), user space; outside the plot: ignored.
 */
void
ssdb_dot_grid_add (SsdbDotGrid *grid, double x, double y);

/**
 * ssdb_dot_grid_path:
 * @grid: a grid
 * @cr: where to draw
 *
 * Appends every occupied cell, as a square a dot wide (a row of neighbours as one rectangle),
 * to the current path: fill it with the dots' colour.
 *
 * Returns: the number of occupied cells.
 */
guint
ssdb_dot_grid_path (const SsdbDotGrid *grid, cairo_t *cr);

/**
 * SsdbDotStamp:
 *
 * Round dots stamped into a mask of the plot at device resolution and drawn with one mask
 * operation: on an image surface, a thousand dots cost a fraction of the circles cairo would
 * fill one by one, and look the same (each dot is cairo's own anti-aliased circle, placed to a
 * quarter of a device pixel).
 */
typedef struct _SsdbDotStamp SsdbDotStamp;

/**
 * ssdb_dot_stamp_new:
 * @cr: the target context
 * @rect: the plot, user space (dots are clipped to it, plus a radius)
 * @radius: the dots' radius, user space
 *
 * Returns: (transfer full) (nullable): an empty stamp, or %NULL when @cr does not draw on an
 *   image surface (SVG, PDF: draw the circles themselves); free with ssdb_dot_stamp_free().
 */
SsdbDotStamp *
ssdb_dot_stamp_new (cairo_t *cr, const cairo_rectangle_t *rect, double radius);

/** ssdb_dot_stamp_free: frees @stamp (%NULL is ignored). */
void
ssdb_dot_stamp_free (SsdbDotStamp *stamp);

/** ssdb_dot_stamp_add: adds a dot centred at (@x, @y), user space. */
void
ssdb_dot_stamp_add (SsdbDotStamp *stamp, double x, double y);

/**
 * ssdb_dot_stamp_draw:
 * @stamp: a stamp
 * @cr: the context it was made for
 * @color: the dots' colour
 * @alpha: their opacity
 *
 * Draws every dot added, overlapping dots as one shape (as one filled path of circles is).
 */
void
ssdb_dot_stamp_draw (SsdbDotStamp *stamp, cairo_t *cr, const SsdbRgba *color, double alpha);

/**
 * SsdbPlotCache:
 *
 * Reduced curves a widget keeps between frames, one per slot, each with the data and the plot
 * geometry it was made for; see ssdb_plot_cache_lookup().
 */
typedef struct _SsdbPlotCache SsdbPlotCache;

/** ssdb_plot_cache_new: Returns: (transfer full): an empty cache; free with ssdb_plot_cache_free().
 */
SsdbPlotCache *
ssdb_plot_cache_new (void);

/** ssdb_plot_cache_free: frees @cache (%NULL is ignored). */
void
ssdb_plot_cache_free (SsdbPlotCache *cache);

/** ssdb_plot_cache_clear: forgets every reduced curve: call it whenever the data changes. */
void
ssdb_plot_cache_clear (SsdbPlotCache *cache);

/**
 * ssdb_plot_key:
 * @cr: the target context
 * @plot: the plot rectangle, user space
 * @a: a number of the x or y mapping (an axis end, a span)
 * @b: another
 * @c: another
 * @d: another
 * @key: (out caller-allocates) (array fixed-size=9): the key
 *
 * Fills a key for ssdb_plot_cache_lookup() from the plot rectangle, four numbers of the
 * painter's mapping (the ends of its axes) and the device scale.
 *
 * Returns: its length, 9.
 */
guint
ssdb_plot_key (cairo_t *cr, const cairo_rectangle_t *plot, double a, double b, double c, double d,
               double *key);

/**
 * ssdb_plot_cache_lookup:
 * @cache: (nullable): a cache
 * @slot: which curve of the chart (0..15)
 * @data: the curve's samples (identity)
 * @n: their number
 * @key: the plot geometry the columns depend on (plot rectangle, axis ranges, device scale)
 * @n_key: entries of @key, at most 9
 *
 * Returns: (transfer none) (nullable): the columns stored for exactly this slot, data, count and
 *   geometry since the last clear, or %NULL.
 */
const SsdbColumns *
ssdb_plot_cache_lookup (SsdbPlotCache *cache, guint slot, gconstpointer data, guint n,
                        const double *key, guint n_key);

/**
 * ssdb_plot_cache_store:
 * @cache: a cache
 * @columns: (transfer full): finished columns for the arguments as in ssdb_plot_cache_lookup()
 *
 * Returns: (transfer none): @columns, valid until the next store in @slot or clear.
 */
const SsdbColumns *
ssdb_plot_cache_store (SsdbPlotCache *cache, guint slot, gconstpointer data, guint n,
                       const double *key, guint n_key, SsdbColumns *columns);

G_END_DECLS
