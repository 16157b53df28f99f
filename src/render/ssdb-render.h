/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

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
 * @font_family: "Cantarell", "Sans"
 * @locale_numbers: format numbers in the user's locale (UI) instead of the C locale
 *
 * Colours and fonts a painter draws with.
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
} SsdbStyle;

/** ssdb_style_init: fills @style with @theme's colours. */
void ssdb_style_init (SsdbStyle *style, SsdbTheme theme);

/** ssdb_theme_from_string: "review", "light", "dark", "high-contrast". */
gboolean ssdb_theme_from_string (const char *text, SsdbTheme *out);

G_END_DECLS
