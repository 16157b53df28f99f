/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-render.h"

G_BEGIN_DECLS

/*
 * Helpers shared by the x/y chart painters (surface, fill): axes with "nice" ticks computed in
 * double precision, number formatting in the C or the user's locale, and text drawing.
 */

/**
 * SsdbAxis:
 * @lo: value at the start of the axis (in the axis unit)
 * @hi: value at the end of the axis
 * @step: distance between ticks (1, 2, 2.5 or 5 × 10^k)
 * @first: the first tick (a multiple of @step, >= @lo)
 * @n_ticks: ticks from @first to @hi
 * @decimals: decimals the tick labels need
 * @divisor: bytes (or ns) per axis unit: 1e6 for MB/s, 1e9 for GB/s and GB, 1e6 for ms
 * @unit: the unit's label ("MB/s", "GB/s", "GB", "ms")
 */
typedef struct
{
  double lo;
  double hi;
  double step;
  double first;
  guint n_ticks;
  int decimals;
  double divisor;
  const char *unit;
} SsdbAxis;

/**
 * ssdb_axis_nice:
 * @axis: (out caller-allocates): the axis
 * @lo: lowest value to show (axis units)
 * @hi: highest value to show (axis units)
 * @intervals: about how many intervals the axis should have (>= 1)
 * @extend: %TRUE to round @hi up to a tick (a value axis); %FALSE to keep @lo and @hi exactly
 *   (a position axis whose ends are the span's ends)
 *
 * Chooses a step of 1, 2, 2.5 or 5 × 10^k giving at most about @intervals intervals. All in
 * double: values of any size (6e9 B/s, 16 TB) stay exact. @axis->divisor and @axis->unit are
 * left as 1 and %NULL.
 */
void
ssdb_axis_nice (SsdbAxis *axis, double lo, double hi, guint intervals, gboolean extend);

/**
 * ssdb_axis_rate:
 * @axis: (out caller-allocates): the axis
 * @max_bytes_per_second: the highest rate shown, B/s
 * @intervals: about how many intervals
 *
 * A value axis from 0 for transfer rates: in MB/s (10^6 B/s), or in GB/s (10^9 B/s) once its
 * top would reach 2000 MB/s, so 6 GB/s drives read "0, 2, 4, 6 GB/s". An empty chart
 * (@max_bytes_per_second <= 0) gets 0..100 MB/s.
 */
void
ssdb_axis_rate (SsdbAxis *axis, double max_bytes_per_second, guint intervals);

/**
 * ssdb_axis_format:
 * @axis: the axis
 * @value: a value in axis units
 * @locale_numbers: use the user's decimal separator
 *
 * Returns: (transfer full): the tick label, with @axis->decimals decimals ("2", "2.5", "0.05").
 */
char *
ssdb_axis_format (const SsdbAxis *axis, double value, gboolean locale_numbers);

/** ssdb_axis_tick: Returns: tick @i of @axis (axis units). */
double
ssdb_axis_tick (const SsdbAxis *axis, guint i);

/**
 * ssdb_chart_format_double:
 * @value: a number
 * @decimals: 0..6
 * @locale_numbers: use the user's decimal separator (never grouping)
 *
 * Returns: (transfer full): @value as text; "-0" is printed as "0".
 */
char *
ssdb_chart_format_double (double value, int decimals, gboolean locale_numbers);

/**
 * ssdb_chart_format_rate:
 * @bytes_per_second: a rate, B/s
 * @locale_numbers: use the user's decimal separator
 *
 * Returns: (transfer full): the rate in MB/s with one decimal, "1234.5 MB/s" (two decimals
 *   under 10 MB/s).
 */
char *
ssdb_chart_format_rate (double bytes_per_second, gboolean locale_numbers);

/**
 * ssdb_chart_format_position:
 * @bytes: a position or size, bytes
 * @locale_numbers: use the user's decimal separator
 *
 * Returns: (transfer full): the position in GB (10^9) with three significant figures and no
 *   trailing zeros ("12.3 GB", "0.268 GB", "50 GB", "1000 GB").
 */
char *
ssdb_chart_format_position (double bytes, gboolean locale_numbers);

/**
 * ssdb_chart_format_ms:
 * @ns: a time, ns
 * @locale_numbers: use the user's decimal separator
 *
 * Returns: (transfer full): the time in ms with three significant figures ("0.0421 ms",
 *   "8.42 ms", "12.4 ms").
 */
char *
ssdb_chart_format_ms (double ns, gboolean locale_numbers);

/* Text ------------------------------------------------------------------------------------ */

typedef enum
{
  SSDB_CHART_ALIGN_START,
  SSDB_CHART_ALIGN_CENTER,
  SSDB_CHART_ALIGN_END,
} SsdbChartAlign;

/**
 * ssdb_chart_measure:
 * @context: a Pango context from ssdb_render_create_pango_context()
 * @style: the font
 * @text: text
 * @size_px: font size, logical pixels
 * @weight: weight
 * @width: (out) (optional): logical width
 * @height: (out) (optional): logical height
 */
void
ssdb_chart_measure (PangoContext *context, const SsdbStyle *style, const char *text, double size_px,
                    PangoWeight weight, double *width, double *height);

/**
 * ssdb_chart_draw_text:
 * @cr: cairo context
 * @context: its Pango context
 * @style: the font
 * @text: text (one line)
 * @x: anchor x: left, centre or right edge after @halign
 * @y: anchor y: the vertical centre of the line box
 * @size_px: font size
 * @weight: weight
 * @halign: which edge @x is
 * @max_width: shrink the text (down to 60 %) and then ellipsize it to fit; <= 0 for no limit
 * @color: colour
 * @alpha: alpha multiplier
 *
 * Returns: the drawn width.
 */
double
ssdb_chart_draw_text (cairo_t *cr, PangoContext *context, const SsdbStyle *style, const char *text,
                      double x, double y, double size_px, PangoWeight weight, SsdbChartAlign halign,
                      double max_width, const SsdbRgba *color, double alpha);

/**
 * SsdbChartHeading:
 * @title: (nullable): title, bold, at the left of @title_box
 * @title_box: its box; not drawn when of height 0
 * @title_px: its font size
 * @subtitle: (nullable): subtitle, dimmed, at the left of @subtitle_box
 * @subtitle_box: its box
 * @subtitle_px: its font size
 * @caption: (nullable): caption, dimmed, at the right of @caption_box
 * @caption_box: its box
 * @caption_px: its font size
 *
 * The text around every chart: what it shows on top, where it comes from at the bottom.
 */
typedef struct
{
  const char *title;
  cairo_rectangle_t title_box;
  double title_px;
  const char *subtitle;
  cairo_rectangle_t subtitle_box;
  double subtitle_px;
  const char *caption;
  cairo_rectangle_t caption_box;
  double caption_px;
} SsdbChartHeading;

/**
 * ssdb_chart_draw_heading:
 * @cr: cairo context
 * @context: its Pango context
 * @style: colours and font
 * @heading: the texts and their boxes
 *
 * Draws the title, subtitle and caption, each shrunk and then ellipsized to fit its box.
 */
void ssdb_chart_draw_heading (cairo_t *cr, PangoContext *context, const SsdbStyle *style,
                              const SsdbChartHeading *heading);

/**
 * ssdb_chart_scratch_context:
 *
 * A Pango context on a 1 × 1 image, for measuring text outside a draw call (geometry queries).
 * Metrics are unhinted, so they are those of any later draw at any scale.
 *
 * Returns: (transfer full): a new context.
 */
PangoContext *
ssdb_chart_scratch_context (void);

/**
 * ssdb_chart_mix:
 * @a: a colour
 * @b: another
 * @t: 0 gives @a, 1 gives @b
 *
 * Returns: the blend (alpha blended too).
 */
SsdbRgba
ssdb_chart_mix (const SsdbRgba *a, const SsdbRgba *b, double t);

/**
 * ssdb_chart_plot_background:
 * @style: a style
 *
 * Returns: the colour plots are filled with: white for the review theme, the cell colour for the
 *   others (a darker well on the dark theme).
 */
SsdbRgba
ssdb_chart_plot_background (const SsdbStyle *style);

/**
 * ssdb_chart_write_png:
 * @draw: the painter: (view, style, cr, width, height)
 * @view: passed to @draw
 * @style: colours
 * @path: PNG file
 * @width: logical width
 * @height: logical height
 * @scale: (0, 8]
 * @error: as ssdb_render_summary_png()
 *
 * Renders with @draw into an image of ceil(@width × @scale) × ceil(@height × @scale) pixels
 * and writes it as PNG, replacing @path atomically.
 */
typedef void (*SsdbChartDrawFunc) (gconstpointer view, const SsdbStyle *style, cairo_t *cr,
                                   int width, int height);
gboolean
ssdb_chart_write_png (SsdbChartDrawFunc draw, gconstpointer view, const SsdbStyle *style,
                      const char *path, int width, int height, double scale, GError **error);

G_END_DECLS
