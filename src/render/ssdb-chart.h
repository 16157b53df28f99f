/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-render.h"
#include "engine/ssdb-drive-counts.h"
#include "engine/ssdb-temperature.h"

G_BEGIN_DECLS

/*
 * Helpers shared by the x/y chart painters (surface, fill): axes with "nice" ticks computed in
 * double precision, number formatting in the C locale or the chart language's, and text drawing.
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
 * @locale_numbers: use the chart language's decimal separator (ssdb_render_decimal_separator())
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
 * @locale_numbers: use the chart language's decimal separator (ssdb_render_decimal_separator())
 * (never grouping)
 *
 * Returns: (transfer full): @value as text; "-0" is printed as "0".
 */
char *
ssdb_chart_format_double (double value, int decimals, gboolean locale_numbers);

/**
 * ssdb_chart_format_trimmed:
 * @value: a number
 * @decimals: at most this many decimals, 0..6
 * @locale_numbers: use the chart language's decimal separator (ssdb_render_decimal_separator())
 * (never grouping)
 *
 * Returns: (transfer full): @value as ssdb_chart_format_double() writes it, without trailing
 *   zeros after the separator nor a separator left alone ("50", "12.3", "0.07").
 */
char *
ssdb_chart_format_trimmed (double value, int decimals, gboolean locale_numbers);

/**
 * ssdb_chart_format_rate:
 * @bytes_per_second: a rate, B/s
 * @locale_numbers: use the chart language's decimal separator (ssdb_render_decimal_separator())
 *
 * Returns: (transfer full): the rate in MB/s with one decimal, "1234.5 MB/s" (two decimals
 *   under 10 MB/s).
 */
char *
ssdb_chart_format_rate (double bytes_per_second, gboolean locale_numbers);

/**
 * ssdb_chart_format_position:
 * @bytes: a position or size, bytes
 * @locale_numbers: use the chart language's decimal separator (ssdb_render_decimal_separator())
 *
 * Returns: (transfer full): the position in GB (10^9) with three significant figures and no
 *   trailing zeros ("12.3 GB", "0.268 GB", "50 GB", "1000 GB").
 */
char *
ssdb_chart_format_position (double bytes, gboolean locale_numbers);

/**
 * ssdb_chart_format_ms:
 * @ns: a time, ns
 * @locale_numbers: use the chart language's decimal separator (ssdb_render_decimal_separator())
 *
 * Returns: (transfer full): the time in ms with three significant figures ("0.0421 ms",
 *   "8.42 ms", "12.4 ms").
 */
char *
ssdb_chart_format_ms (double ns, gboolean locale_numbers);

/**
 * ssdb_chart_format_ms_number:
 * @ns: a time, ns
 * @locale_numbers: use the chart language's decimal separator (ssdb_render_decimal_separator())
 *
 * Returns: (transfer full): the number ssdb_chart_format_ms() writes, without its unit: the
 *   time in ms with three significant figures ("0.0421", "8.42", "12.4"), for a table whose
 *   heading names the unit.
 */
char *
ssdb_chart_format_ms_number (double ns, gboolean locale_numbers);

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

/* Frame ------------------------------------------------------------------------------------ */

/**
 * ssdb_chart_scale:
 * @width: the chart's width, logical pixels
 * @height: its height, logical pixels
 * @margin: (out): the margin around the chart, logical pixels (whole)
 * @gap: (out): the gap between its parts, logical pixels (whole)
 * @title_px: (out): the title's font size, logical pixels
 * @subtitle_px: (out): the subtitle's font size, logical pixels
 *
 * The scale of a single chart and the sizes every one shares: the scale is the chart's size
 * against 860 × 560 (the smaller of the two ratios, kept within 0.7 to 2.4), and the margin
 * (14), the gap (8), the title (17) and the subtitle (12.5) grow with it within fixed bounds.
 *
 * Returns: the scale, by which a painter multiplies its other sizes.
 */
double
ssdb_chart_scale (double width, double height, double *margin, double *gap, double *title_px,
                  double *subtitle_px);

/**
 * ssdb_chart_layout_heading:
 * @width: the chart's width, logical pixels
 * @margin: the margin around the chart, logical pixels
 * @gap: the gap under the heading, logical pixels
 * @title: (nullable): the title; no box for %NULL or ""
 * @title_px: its font size; its box is 1.4 times as tall
 * @title_box: (out): its box, left alone when there is no title
 * @subtitle: (nullable): the subtitle; no box for %NULL or ""
 * @subtitle_px: its font size; its box is 1.45 times as tall
 * @subtitle_box: (out): its box, left alone when there is no subtitle
 *
 * Lays out the title and the subtitle from the top margin down, across the chart's width
 * less its margins (box heights rounded to whole pixels).
 *
 * Returns: the y under them, plus @gap when either is there (@margin when neither is).
 */
double
ssdb_chart_layout_heading (double width, double margin, double gap, const char *title,
                           double title_px, cairo_rectangle_t *title_box, const char *subtitle,
                           double subtitle_px, cairo_rectangle_t *subtitle_box);

/**
 * ssdb_chart_layout_caption:
 * @width: the chart's width, logical pixels
 * @bottom: the lowest y the caption may reach, logical pixels
 * @margin: the left and right margins, logical pixels
 * @gap: the gap above the caption, logical pixels
 * @caption: (nullable): the caption; no box for %NULL or ""
 * @caption_px: its font size; its box is 1.5 times as tall, rounded
 * @box: (out): its box, left alone when there is no caption
 *
 * Returns: the y left above the caption and @gap (@bottom without a caption).
 */
double
ssdb_chart_layout_caption (double width, double bottom, double margin, double gap,
                           const char *caption, double caption_px, cairo_rectangle_t *box);

/**
 * ssdb_chart_layout_words:
 * @context: a Pango context from ssdb_render_create_pango_context()
 * @style: the font
 * @width: the chart's width, logical pixels
 * @bottom: the lowest y the words may reach, logical pixels
 * @margin: the left and right margins, logical pixels
 * @gap: the gap above the words, logical pixels
 * @text: (nullable): the findings in words; no box for %NULL
 * @size_px: their font size
 * @max_lines: as ssdb_chart_words_layout()
 * @box: (out): their box for ssdb_chart_draw_words(), as tall as the wrapped text (rounded up),
 *   left alone without @text
 *
 * Returns: the y left above the words and @gap (@bottom without words).
 */
double
ssdb_chart_layout_words (PangoContext *context, const SsdbStyle *style, double width, double bottom,
                         double margin, double gap, const char *text, double size_px, int max_lines,
                         cairo_rectangle_t *box);

/* Legends ----------------------------------------------------------------------------------- */

/**
 * SsdbChartSwatch:
 * @SSDB_CHART_SWATCH_LINE: a line across the swatch, 1 px in from either end, of width @size,
 *   with round caps (the line width and cap stay set on the context)
 * @SSDB_CHART_SWATCH_DOT: a dot of radius @size centred @dot_x from the swatch's left edge
 * @SSDB_CHART_SWATCH_BAR: a filled bar as wide as the swatch and 0.7 of that high
 * @SSDB_CHART_SWATCH_CUSTOM: drawn by the legend's @draw_swatch
 *
 * How a legend item shows its series.
 */
typedef enum
{
  SSDB_CHART_SWATCH_LINE,
  SSDB_CHART_SWATCH_DOT,
  SSDB_CHART_SWATCH_BAR,
  SSDB_CHART_SWATCH_CUSTOM,
} SsdbChartSwatch;

/**
 * SsdbChartLegendItem:
 * @label: the label, drawn after the swatch in the foreground colour
 * @swatch: the swatch's kind
 * @color: (nullable): the swatch's colour (%NULL for a custom one)
 * @alpha: its alpha multiplier (0..1)
 * @width: the swatch's width, logical pixels
 * @size: a line's width or a dot's radius, logical pixels
 * @dot_x: a dot's centre from the swatch's left edge, logical pixels
 *
 * One series in a legend.
 */
typedef struct
{
  const char *label;
  SsdbChartSwatch swatch;
  const SsdbRgba *color;
  double alpha;
  double width;
  double size;
  double dot_x;
} SsdbChartLegendItem;

/**
 * SsdbChartSwatchFunc:
 * @cr: cairo context
 * @index: the item's index
 * @x: the swatch's left edge, logical pixels
 * @cy: the row's vertical centre, logical pixels
 * @width: the item's @width
 * @user_data: the legend's @user_data
 *
 * Draws the swatch of an item of kind %SSDB_CHART_SWATCH_CUSTOM.
 */
typedef void (*SsdbChartSwatchFunc) (cairo_t *cr, guint index, double x, double cy, double width,
                                     gpointer user_data);

/**
 * SsdbChartLegend:
 * @align: %SSDB_CHART_ALIGN_START: the items run right from @x, each followed by @gap;
 *   %SSDB_CHART_ALIGN_END: the row of items ends at @x, with @gap between them
 * @x: where the row starts or ends, logical pixels
 * @min_x: END: the row starts no further left than this (-G_MAXDOUBLE for no limit)
 * @cy: the vertical centre of the (first) row, logical pixels
 * @label_px: the labels' font size
 * @spacing: between a swatch and its label, logical pixels
 * @gap: between items, logical pixels
 * @wrap_right: START: an item that would pass this x, not the first of its row, starts a new
 *   row while one fits above @wrap_bottom; 0 for a single row
 * @wrap_bottom: START: the bottom of the legend's box
 * @row_height: START: the distance between rows
 * @draw_swatch: (nullable): draws the custom swatches
 * @user_data: passed to @draw_swatch
 *
 * Where a legend goes and how its items are spaced.
 */
typedef struct
{
  SsdbChartAlign align;
  double x;
  double min_x;
  double cy;
  double label_px;
  double spacing;
  double gap;
  double wrap_right;
  double wrap_bottom;
  double row_height;
  SsdbChartSwatchFunc draw_swatch;
  gpointer user_data;
} SsdbChartLegend;

/**
 * ssdb_chart_draw_legend:
 * @cr: cairo context
 * @context: its Pango context
 * @style: colours and font
 * @legend: where and how
 * @items: (array length=n_items): the series
 * @n_items: their number
 *
 * Draws a legend: for each item its swatch and then its label, in one row (or, START with
 * @wrap_right, in as many rows as it needs and its box holds).
 *
 * Returns: the x after the last item, logical pixels (START: after its @gap too), where a
 *   note can follow the legend.
 */
double
ssdb_chart_draw_legend (cairo_t *cr, PangoContext *context, const SsdbStyle *style,
                        const SsdbChartLegend *legend, const SsdbChartLegendItem *items,
                        guint n_items);

/**
 * ssdb_chart_words_layout:
 * @context: a Pango context from ssdb_render_create_pango_context()
 * @style: the font
 * @text: the words, one paragraph
 * @size_px: font size, logical pixels
 * @width: the width to wrap at, logical pixels (at least 10 is used)
 * @max_lines: at most this many lines, the last one ellipsized
 *
 * The layout of the findings in words under a chart: wrapped at word (then character)
 * boundaries, normal weight.
 *
 * Returns: (transfer full): a new layout.
 */
PangoLayout *
ssdb_chart_words_layout (PangoContext *context, const SsdbStyle *style, const char *text,
                         double size_px, double width, int max_lines);

/**
 * ssdb_chart_draw_words:
 * @cr: cairo context
 * @context: its Pango context
 * @style: colours and font
 * @text: (nullable): the words; nothing is drawn for %NULL or ""
 * @size_px: font size, logical pixels
 * @box: the box, logical pixels: text starts at its left edge, its first line's logical top at
 *   the box's top, wrapped at its width; nothing is drawn when its height is <= 0
 * @max_lines: as ssdb_chart_words_layout()
 *
 * Draws the findings in words (ssdb_chart_words_layout()) in the foreground colour.
 */
void
ssdb_chart_draw_words (cairo_t *cr, PangoContext *context, const SsdbStyle *style, const char *text,
                       double size_px, const cairo_rectangle_t *box, int max_lines);

/**
 * ssdb_chart_draw_empty_note:
 * @cr: cairo context
 * @context: its Pango context
 * @style: colours and font
 * @text: the note ("No fill measured yet")
 * @plot: the plot's box, logical pixels
 * @label_px: the chart's label size; the note is 1.2 times as large
 *
 * Draws the note of an empty chart, dimmed, centred in @plot and fitted to its width less
 * 20 px.
 */
void
ssdb_chart_draw_empty_note (cairo_t *cr, PangoContext *context, const SsdbStyle *style,
                            const char *text, const cairo_rectangle_t *plot, double label_px);

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
 * ssdb_chart_draw_frame:
 * @cr: cairo context
 * @context: its Pango context
 * @style: colours and font
 * @width: the chart's width, logical pixels
 * @height: its height, logical pixels
 * @heading: (nullable): the texts around the chart and their boxes; %NULL for none
 *
 * Starts a chart: clips @cr to the chart's @width × @height (the clip stays), fills it with
 * the background colour and draws the heading (ssdb_chart_draw_heading()).
 */
void
ssdb_chart_draw_frame (cairo_t *cr, PangoContext *context, const SsdbStyle *style, int width,
                       int height, const SsdbChartHeading *heading);

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
 * SSDB_CHART_LAYOUT_FOR_QUERY:
 * @compute: a painter's layout function, called as @compute (@layout, @view, style, context,
 *   @width, @height) with a const SsdbStyle * and a PangoContext *
 * @layout: (out caller-allocates): the painter's layout, filled by @compute
 * @view: the painter's view
 * @width: the chart's width, logical pixels
 * @height: its height, logical pixels
 *
 * Lays a chart out as its geometry queries (plot area, points, hit tests) see it: in the review
 * theme's style, whose fonts and sizes every theme shares, on a scratch Pango context
 * (ssdb_chart_scratch_context()), so the answer is where the chart draws at any scale.
 */
#define SSDB_CHART_LAYOUT_FOR_QUERY(compute, layout, view, width, height)                          \
  G_STMT_START                                                                                     \
  {                                                                                                \
    SsdbStyle query_style_;                                                                        \
    PangoContext *query_context_ = ssdb_chart_scratch_context ();                                  \
                                                                                                   \
    ssdb_style_init (&query_style_, SSDB_THEME_REVIEW);                                            \
    compute ((layout), (view), &query_style_, query_context_, (width), (height));                  \
    g_object_unref (query_context_);                                                               \
  }                                                                                                \
  G_STMT_END

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
 * ssdb_chart_clamp:
 * @value: a number
 * @lo: the lowest result
 * @hi: the highest result (>= @lo)
 *
 * Returns: @value limited to [@lo, @hi] (a NaN stays NaN).
 */
double
ssdb_chart_clamp (double value, double lo, double hi);

/**
 * SsdbChartSeries:
 * @base: the first element of an array of structs (or of numbers)
 * @n: how many elements
 * @stride: the size of one element, bytes
 * @offset: where the value sits in an element, bytes
 * @is_u64: the value is a #guint64 (else a double)
 *
 * A column of numbers inside an array of structs: the rates of an array of #SsdbFillPoint, the
 * access times of an array of #SsdbAccessSample.
 */
typedef struct
{
  gconstpointer base;
  guint n;
  gsize stride;
  gsize offset;
  gboolean is_u64;
} SsdbChartSeries;

/**
 * ssdb_chart_robust_top:
 * @series: (array length=n_series): the values an axis must show
 * @n_series: how many series
 * @over: (out) (optional): how many values lie above the returned top
 *
 * The top of a value axis that one burst cannot flatten: the largest value when the largest 1 %
 * of the values are within twice the 99th percentile (the value of rank floor (0.99 × (n - 1))
 * from the smallest), else twice that percentile. Values that are not finite, or not above 0,
 * are left out. The values above the top belong on the plot's top edge, marked as such. Of more
 * than 65536 values the percentile is that of every k-th (k the number over 65536, rounded up):
 * time linear in the values, memory fixed.
 *
 * Returns: the top, in the values' unit; 0 when there is no value.
 */
double
ssdb_chart_robust_top (const SsdbChartSeries *series, guint n_series, guint *over);

/**
 * ssdb_chart_grid_alpha:
 * @style: a style
 *
 * Returns: the alpha (0..1) grid lines are drawn with in the foreground colour: 0.13 on the
 *   light and review themes, 0.16 on the dark one, 0.35 in high contrast.
 */
double
ssdb_chart_grid_alpha (const SsdbStyle *style);

/**
 * ssdb_chart_axis_y:
 * @axis: a linear value axis up @plot (@axis->lo at its bottom, @axis->hi at its top, in the
 *   axis' unit)
 * @plot: the plot area, logical pixels
 * @value: a value of the quantity (bytes/s for a rate, ns for a time), not divided by
 *   @axis->divisor
 *
 * Returns: the y of @value on @axis, logical pixels; outside @plot for a value outside the axis.
 */
double
ssdb_chart_axis_y (const SsdbAxis *axis, const cairo_rectangle_t *plot, double value);

/**
 * ssdb_chart_axis_labels_width:
 * @context: a Pango context, for measuring
 * @style: the font, and whether numbers are written in the chart's language
 *   (@style->locale_numbers)
 * @axis: an axis
 * @label_px: the labels' font size, logical pixels
 *
 * Returns: the width of the widest of @axis' tick labels (ssdb_axis_format()) in normal weight,
 *   logical pixels; 0 for an axis without ticks.
 */
double
ssdb_chart_axis_labels_width (PangoContext *context, const SsdbStyle *style, const SsdbAxis *axis,
                              double label_px);

/**
 * ssdb_chart_fill_plot:
 * @cr: cairo context
 * @style: colours
 * @plot: the plot area, logical pixels
 *
 * Fills @plot with the plot background (ssdb_chart_plot_background()).
 */
void
ssdb_chart_fill_plot (cairo_t *cr, const SsdbStyle *style, const cairo_rectangle_t *plot);

/**
 * ssdb_chart_stroke_plot_border:
 * @cr: cairo context
 * @style: colours
 * @plot: the plot area, logical pixels
 *
 * Draws the plot's border: a 1 px line just inside @plot, in the foreground colour at 35 %
 * (full in high contrast). Leaves @cr's line width at 1.
 */
void
ssdb_chart_stroke_plot_border (cairo_t *cr, const SsdbStyle *style, const cairo_rectangle_t *plot);

/**
 * ssdb_chart_draw_value_grid:
 * @cr: cairo context
 * @context: its Pango context
 * @style: colours and font
 * @plot: the plot area, logical pixels
 * @axis: the linear value axis up @plot: its bottom is @axis->lo, its top @axis->hi, each in
 *   the axis' unit (the quantity, bytes/s for a rate, divided by @axis->divisor)
 * @right: (nullable): a second axis whose labels go right of @plot, at the heights of @axis'
 *   ticks (its tick i beside @axis' tick i; only its first @axis->n_ticks ticks)
 * @label_px: the labels' font size, logical pixels
 * @tick_gap: the gap between @plot and the labels, logical pixels
 *
 * Starts a plot with a value axis: fills @plot (ssdb_chart_fill_plot()), then at each tick of
 * @axis draws a horizontal grid line across @plot (not at the first and the last tick, its
 * edges) and the tick's label, dimmed, ending @tick_gap left of @plot (and @right's label
 * starting @tick_gap right of it). Leaves @cr's line width at 1.
 */
void
ssdb_chart_draw_value_grid (cairo_t *cr, PangoContext *context, const SsdbStyle *style,
                            const cairo_rectangle_t *plot, const SsdbAxis *axis,
                            const SsdbAxis *right, double label_px, double tick_gap);

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

/**
 * SSDB_CHART_PAINTER_BEGIN:
 * @p: the painter's state, a struct with members cr, style, view, pango and l (its Layout)
 * @l: (out): a pointer to @p's layout, set to &@p.l
 * @view: the view drawn, with target_title, target_subtitle and caption
 * @style: colours and fonts
 * @cr: the Cairo context; saved here, for the painter to restore at its end
 * @width: the chart's width, logical pixels
 * @height: its height
 *
 * Opens a painter's draw function: saves @cr, fills @p, lays the chart out with the
 * painter's own `layout_compute` and draws the frame, heading and caption
 * (ssdb_chart_draw_frame()) from the layout's title, subtitle and footer. The painter
 * unreferences @p.pango and restores @cr when it is done.
 */
#define SSDB_CHART_PAINTER_BEGIN(p, l, view, style, cr, width, height)                             \
  G_STMT_START                                                                                     \
  {                                                                                                \
    SsdbChartHeading heading_;                                                                     \
                                                                                                   \
    cairo_save (cr);                                                                               \
    (p).cr = (cr);                                                                                 \
    (p).style = (style);                                                                           \
    (p).view = (view);                                                                             \
    (p).pango = ssdb_render_create_pango_context (cr);                                             \
    layout_compute (&(p).l, (view), (style), (p).pango, (width), (height));                        \
    (l) = &(p).l;                                                                                  \
    heading_ = (SsdbChartHeading){ (view)->target_title,    (l)->title,    (l)->title_px,          \
                                   (view)->target_subtitle, (l)->subtitle, (l)->subtitle_px,       \
                                   (view)->caption,         (l)->footer,   (l)->caption_px };      \
    ssdb_chart_draw_frame ((cr), (p).pango, (style), (width), (height), &heading_);                \
  }                                                                                                \
  G_STMT_END

/**
 * SSDB_CHART_DEFINE_WRITE_PNG:
 * @name: the public function to define, such as ssdb_render_fill_png
 * @ViewType: the painter's view type
 * @draw: the painter's draw function, taking a const @ViewType *
 *
 * Defines `gboolean @name (const @ViewType *view, const SsdbStyle *style, const char *path,
 * int width, int height, double scale, GError **error)`, which draws @view with @draw and
 * writes it as PNG through ssdb_chart_write_png() (same sizes, scale and errors).
 */
#define SSDB_CHART_DEFINE_WRITE_PNG(name, ViewType, draw)                                          \
  static void name##_draw_ (gconstpointer view, const SsdbStyle *style, cairo_t *cr, int width,    \
                            int height)                                                            \
  {                                                                                                \
    draw (view, style, cr, width, height);                                                         \
  }                                                                                                \
                                                                                                   \
  gboolean name (const ViewType *view, const SsdbStyle *style, const char *path, int width,        \
                 int height, double scale, GError **error)                                         \
  {                                                                                                \
    g_return_val_if_fail (view != NULL, FALSE);                                                    \
    return ssdb_chart_write_png (name##_draw_, view, style, path, width, height, scale, error);    \
  }

/**
 * SSDB_CHART_DEFINE_LAYOUT_QUERY:
 * @ViewType: the painter's view type
 *
 * Defines, in a painter's source, `static void layout_for_query (Layout *l, const @ViewType *view,
 * int width, int height)`, laying @view out with the painter's own `layout_compute` as
 * SSDB_CHART_LAYOUT_FOR_QUERY() does.
 */
#define SSDB_CHART_DEFINE_LAYOUT_QUERY(ViewType)                                                   \
  static void layout_for_query (Layout *l, const ViewType *view, int width, int height)            \
  {                                                                                                \
    SSDB_CHART_LAYOUT_FOR_QUERY (layout_compute, l, view, width, height);                          \
  }

/**
 * SSDB_CHART_DEFINE_PLOT_RECT:
 * @name: the public function to define, such as ssdb_fill_painter_get_plot_rect
 * @ViewType: the painter's view type
 *
 * Defines `void @name (const @ViewType *view, int width, int height, cairo_rectangle_t *rect)`,
 * which stores in @rect the `plot` rectangle of the painter's `Layout` for a chart of
 * @width × @height logical pixels (laid out by the painter's `layout_for_query`).
 */
#define SSDB_CHART_DEFINE_PLOT_RECT(name, ViewType)                                                \
  void name (const ViewType *view, int width, int height, cairo_rectangle_t *rect)                 \
  {                                                                                                \
    Layout l;                                                                                      \
                                                                                                   \
    g_return_if_fail (view != NULL);                                                               \
    g_return_if_fail (rect != NULL);                                                               \
    layout_for_query (&l, view, width, height);                                                    \
    *rect = l.plot;                                                                                \
  }

/* The drive's temperature and its own count of writes ------------------------------------- */

/**
 * SsdbChartWordsFunc:
 * @result: a result of one kind
 *
 * Returns: (transfer full) (nullable): the words the engine writes for @result, in the chart
 *   language of the calling thread (such as ssdb_trim_result_dup_words()).
 */
typedef char *(*SsdbChartWordsFunc) (gconstpointer result);

/**
 * ssdb_chart_words_in_language:
 * @words: (nullable): the words @result holds (English, as its report keeps them)
 * @dup_words: writes @result's words again
 * @result: (nullable): the result
 *
 * A chart's finding in the chart language of the calling thread, with its decimal separator:
 * @words itself in English, or when @dup_words does not give @words back in English (a report
 * of another version).
 *
 * Returns: (transfer full) (nullable): the words to draw.
 */
char *
ssdb_chart_words_in_language (const char *words, SsdbChartWordsFunc dup_words,
                              gconstpointer result);

/**
 * ssdb_chart_words_with_drive:
 * @words: (nullable): a chart's finding in words
 * @writes: (nullable): the drive's count of the host's writes during the run
 *
 * Returns: (transfer full) (nullable): @words followed by what the drive counted
 *   (ssdb_drive_counts_words()), either alone when the other is %NULL, or %NULL for neither.
 */
char *
ssdb_chart_words_with_drive (const char *words, const SsdbDriveCounts *writes);

/**
 * ssdb_chart_temperature_height:
 * @log: (nullable): the drive's temperature during the run
 * @label_px: the chart's axis label size, px
 *
 * Returns: the height, px, of the strip ssdb_chart_draw_temperature() draws under a chart's x
 *   axis: 0 when @log has no readings (no strip, the chart unchanged).
 */
double
ssdb_chart_temperature_height (const SsdbTemperatureLog *log, double label_px);

/**
 * ssdb_chart_draw_temperature:
 * @cr: cairo context
 * @context: its Pango context
 * @style: colours and fonts
 * @rect: the strip: the plot's x and width, ssdb_chart_temperature_height() high
 * @label_px: the chart's axis label size, px
 * @log: (nullable): the readings
 *
 * A thin second series under a chart: the temperature against the run's time (0 at the left,
 * the last reading at the right, whatever the chart's own x axis is), with its lowest and
 * highest value, the sensor, the time span and, when the readings come within 5 °C of it, the
 * warning temperature as a dashed line. Nothing for a log without readings.
 */
void
ssdb_chart_draw_temperature (cairo_t *cr, PangoContext *context, const SsdbStyle *style,
                             const cairo_rectangle_t *rect, double label_px,
                             const SsdbTemperatureLog *log);

G_END_DECLS
