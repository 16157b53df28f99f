/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

/**
 * SsdbTheme:
 * @SSDB_THEME_REVIEW: fixed colours for publication, independent of the desktop
 * @SSDB_THEME_LIGHT: libadwaita light
 * @SSDB_THEME_DARK: libadwaita dark
 * @SSDB_THEME_HIGH_CONTRAST: high contrast
 */
typedef enum
{
  SSDB_THEME_REVIEW,
  SSDB_THEME_LIGHT,
  SSDB_THEME_DARK,
  SSDB_THEME_HIGH_CONTRAST,
} SsdbTheme;

/**
 * SsdbRgba:
 * Colour with components 0..1.
 */
typedef struct
{
  double r, g, b, a;
} SsdbRgba;

/**
 * SsdbStyle:
 * @theme: which theme the colours come from
 * @background: page background
 * @foreground: text
 * @dim: secondary text, grid lines
 * @accent: the read colour
 * @accent2: the write colour
 * @accent3: the mix colour
 * @cell: cell background
 * @font_family: a Pango family list, "Cantarell,Adwaita Sans,Sans"
 * @locale_numbers: write numbers with @language's decimal separator instead of the C locale's
 * @error: failed and cancelled marks
 * @language: (nullable): the language of the chart's text: %NULL or "en" for English, or a
 *   language with a catalog ("fr", "zh_TW"); see ssdb-render-lang.h. With @locale_numbers the
 *   decimal separator is this language's too.
 *
 * Colours and fonts a painter draws with. Fill it with ssdb_style_init() and change fields
 * afterwards; fields may be added at the end.
 */
typedef struct
{
  SsdbTheme theme;
  SsdbRgba background;
  SsdbRgba foreground;
  SsdbRgba dim;
  SsdbRgba accent;
  SsdbRgba accent2;
  SsdbRgba accent3;
  SsdbRgba cell;
  const char *font_family;
  gboolean locale_numbers;
  SsdbRgba error;
  const char *language;
} SsdbStyle;

/**
 * ssdb_style_init:
 * @style: (out caller-allocates): the style to fill
 * @theme: the theme
 *
 * Fills @style with @theme's colours and font. %SSDB_THEME_REVIEW is a fixed white theme for
 * published images whose read / write / mix colours (blue, vermillion, bluish green, from the
 * Okabe-Ito palette) stay distinguishable for colour-blind readers; the other themes follow
 * libadwaita's light, dark and high-contrast palettes. Text is English (@language %NULL) and
 * numbers use the C locale (@locale_numbers %FALSE).
 */
void ssdb_style_init (SsdbStyle *style, SsdbTheme theme);

/**
 * ssdb_theme_from_string:
 * @text: "review", "light", "dark" or "high-contrast"
 * @out: (out): the theme
 *
 * Returns: %TRUE if @text names a theme (@out is left untouched otherwise).
 */
gboolean ssdb_theme_from_string (const char *text, SsdbTheme *out);

/** ssdb_theme_to_string: Returns: "review", "light", "dark" or "high-contrast". */
const char *ssdb_theme_to_string (SsdbTheme theme);

/**
 * ssdb_render_set_source:
 * @cr: a cairo context
 * @color: a colour
 * @alpha: multiplied into @color's alpha, 0..1
 *
 * Sets @color as @cr's source.
 */
void ssdb_render_set_source (cairo_t *cr, const SsdbRgba *color, double alpha);

/**
 * ssdb_render_create_pango_context:
 * @cr: the context text will be drawn on
 *
 * A Pango context for @cr whose text metrics do not depend on the device scale or hinting
 * (unhinted metrics, unrounded glyph positions), so a layout measured at scale 1 has the same
 * size in logical pixels at scale 2 and in SVG/PDF, and repeated renders are identical.
 *
 * Returns: (transfer full): a new context.
 */
PangoContext *ssdb_render_create_pango_context (cairo_t *cr);

/**
 * ssdb_render_layout_new:
 * @context: from ssdb_render_create_pango_context()
 * @style: gives the font family
 * @text: (nullable): UTF-8 text
 * @size_px: font size in logical pixels
 * @weight: font weight
 * @tabular: use tabular (equal-width) figures, for numbers in columns
 *
 * Returns: (transfer full): a single-paragraph layout of @text.
 */
PangoLayout *ssdb_render_layout_new (PangoContext *context, const SsdbStyle *style,
                                     const char *text, double size_px, PangoWeight weight,
                                     gboolean tabular);

/**
 * ssdb_render_layout_set_size:
 * @layout: from ssdb_render_layout_new()
 * @size_px: new font size in logical pixels
 *
 * Changes the font size of @layout, keeping family, weight and features.
 */
void ssdb_render_layout_set_size (PangoLayout *layout, double size_px);

/**
 * ssdb_render_fit_size:
 * @layout: from ssdb_render_layout_new()
 * @size_px: the wanted font size, logical pixels
 * @max_width: the room, logical pixels
 * @max_height: the room, logical pixels
 *
 * Measures @layout (logical extents) at @size_px and returns the largest size not above @size_px
 * at which it fits into @max_width x @max_height. @layout keeps its font size.
 *
 * Returns: the font size in logical pixels (> 0).
 */
double ssdb_render_fit_size (PangoLayout *layout, double size_px, double max_width,
                             double max_height);

/**
 * ssdb_render_surface_write_png:
 * @surface: an image surface
 * @path: the PNG file to write (replaced atomically)
 * @error: return location for an error
 *
 * Returns: %TRUE, or %FALSE with @error (%SSDB_ERROR_FAILED for a cairo failure, with cairo's
 *   status string; %SSDB_ERROR_IO and friends for a file that cannot be written) whose message
 *   names @path and the reason.
 */
gboolean ssdb_render_surface_write_png (cairo_surface_t *surface, const char *path, GError **error);

G_END_DECLS
