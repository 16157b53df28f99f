/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-render.h"
#include "ssdb-render-lang.h"
#include "ssdb-error.h"
#include "ssdb-files.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <unistd.h>

#define FONT_FAMILY "Cantarell,Adwaita Sans,Sans"

static const char *const theme_names[] = {
  [SSDB_THEME_REVIEW] = "review",
  [SSDB_THEME_LIGHT] = "light",
  [SSDB_THEME_DARK] = "dark",
  [SSDB_THEME_HIGH_CONTRAST] = "high-contrast",
};

static SsdbRgba
rgb (guint32 hex)
{
  return (SsdbRgba){ ((hex >> 16) & 0xff) / 255.0, ((hex >> 8) & 0xff) / 255.0,
                     (hex & 0xff) / 255.0, 1.0 };
}

static SsdbRgba
rgba (guint32 hex, double alpha)
{
  SsdbRgba c = rgb (hex);

  c.a = alpha;
  return c;
}

void
ssdb_style_init (SsdbStyle *style, SsdbTheme theme)
{
  g_return_if_fail (style != NULL);

  *style = (SsdbStyle){ 0 };
  style->theme = theme;
  style->font_family = FONT_FAMILY;
  style->locale_numbers = FALSE;

  switch (theme)
    {
      case SSDB_THEME_LIGHT:
        /* libadwaita light: window #fafafa, cards white, text rgba(0,0,0,0.8), blue 3,
         * orange 4, purple 3, destructive #c01c28 */
        style->background = rgb (0xfafafa);
        style->foreground = rgba (0x000000, 0.8);
        style->dim = rgba (0x000000, 0.55);
        style->cell = rgb (0xffffff);
        style->accent = rgb (0x3584e4);
        style->accent2 = rgb (0xe66100);
        style->accent3 = rgb (0x9141ac);
        style->error = rgb (0xc01c28);
        break;

      case SSDB_THEME_DARK:
        /* libadwaita dark: window #242424, cards rgba(255,255,255,0.08) over it, text white,
         * blue 2, orange 2, purple 2, error #ff7b63 */
        style->background = rgb (0x242424);
        style->foreground = rgb (0xffffff);
        style->dim = rgba (0xffffff, 0.55);
        style->cell = rgb (0x383838);
        style->accent = rgb (0x62a0ea);
        style->accent2 = rgb (0xffa348);
        style->accent3 = rgb (0xc061cb);
        style->error = rgb (0xff7b63);
        break;

      case SSDB_THEME_HIGH_CONTRAST:
        /* libadwaita high contrast (light): pure black on white, darker accents */
        style->background = rgb (0xffffff);
        style->foreground = rgb (0x000000);
        style->dim = rgba (0x000000, 0.8);
        style->cell = rgb (0xffffff);
        style->accent = rgb (0x1a5fb4);
        style->accent2 = rgb (0xc64600);
        style->accent3 = rgb (0x613583);
        style->error = rgb (0xa51d2d);
        break;

      case SSDB_THEME_REVIEW:
      default:
        /* Fixed publication theme: white page, light grey cells, Okabe-Ito blue / vermillion /
         * bluish green, which stay apart under protanopia, deuteranopia and tritanopia. */
        style->theme = SSDB_THEME_REVIEW;
        style->background = rgb (0xffffff);
        style->foreground = rgb (0x1c1c1c);
        style->dim = rgb (0x686868);
        style->cell = rgb (0xf1f2f4);
        style->accent = rgb (0x0072b2);
        style->accent2 = rgb (0xd55e00);
        style->accent3 = rgb (0x009e73);
        style->error = rgb (0xb3261e);
        break;
    }
}

gboolean
ssdb_theme_from_string (const char *text, SsdbTheme *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (theme_names); i++)
    if (g_str_equal (text, theme_names[i]))
      {
        *out = (SsdbTheme)i;
        return TRUE;
      }
  return FALSE;
}

const char *
ssdb_theme_to_string (SsdbTheme theme)
{
  if ((guint)theme < G_N_ELEMENTS (theme_names))
    return theme_names[theme];
  return theme_names[SSDB_THEME_REVIEW];
}

void
ssdb_render_set_source (cairo_t *cr, const SsdbRgba *color, double alpha)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (color != NULL);

  cairo_set_source_rgba (cr, color->r, color->g, color->b, color->a * CLAMP (alpha, 0.0, 1.0));
}

PangoContext *
ssdb_render_create_pango_context (cairo_t *cr)
{
  PangoContext *context;
  cairo_font_options_t *options;

  g_return_val_if_fail (cr != NULL, NULL);

  context = pango_cairo_create_context (cr);
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  pango_context_set_round_glyph_positions (context, FALSE);
  pango_cairo_update_context (cr, context);
  return context;
}

/* The Noto CJK family whose glyph forms are @language's ("" for other languages), added after
 * the style's families: Latin text keeps the chart font, and Han characters, which no font of
 * that list has, come in the forms of the chart's language (Traditional in zh_TW) instead of
 * whichever CJK font fontconfig would try first for the process's locale. Missing families
 * are skipped by fontconfig, which then falls back as before. */
static const char *
cjk_family (const char *language)
{
  if (g_str_has_prefix (language, "zh_TW") || g_str_has_prefix (language, "zh_HK"))
    return g_str_has_prefix (language, "zh_HK") ? ",Noto Sans CJK HK" : ",Noto Sans CJK TC";
  if (g_str_has_prefix (language, "zh"))
    return ",Noto Sans CJK SC";
  if (g_str_has_prefix (language, "ja"))
    return ",Noto Sans CJK JP";
  if (g_str_has_prefix (language, "ko"))
    return ",Noto Sans CJK KR";
  return "";
}

PangoLayout *
ssdb_render_layout_new (PangoContext *context, const SsdbStyle *style, const char *text,
                        double size_px, PangoWeight weight, gboolean tabular)
{
  PangoLayout *layout;
  PangoFontDescription *desc;
  g_autofree char *family = NULL;

  g_return_val_if_fail (PANGO_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (style != NULL, NULL);

  layout = pango_layout_new (context);
  desc = pango_font_description_new ();
  family = g_strconcat (style->font_family ? style->font_family : FONT_FAMILY,
                        cjk_family (ssdb_render_get_language ()), NULL);
  pango_font_description_set_family (desc, family);
  pango_font_description_set_weight (desc, weight);
  pango_font_description_set_absolute_size (desc, MAX (size_px, 0.1) * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  if (tabular)
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  pango_layout_set_text (layout, text ? text : "", -1);
  return layout;
}

void
ssdb_render_layout_set_size (PangoLayout *layout, double size_px)
{
  PangoFontDescription *desc;

  g_return_if_fail (PANGO_IS_LAYOUT (layout));

  desc = pango_font_description_copy (pango_layout_get_font_description (layout));
  pango_font_description_set_absolute_size (desc, MAX (size_px, 0.1) * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
}

double
ssdb_render_fit_size (PangoLayout *layout, double size_px, double max_width, double max_height)
{
  const PangoFontDescription *orig;
  PangoFontDescription *saved;
  double size = size_px;

  g_return_val_if_fail (PANGO_IS_LAYOUT (layout), size_px);

  orig = pango_layout_get_font_description (layout);
  saved = orig ? pango_font_description_copy (orig) : NULL;

  /* Unhinted text scales linearly with its size; a second pass absorbs rounding. */
  for (int i = 0; i < 4; i++)
    {
      PangoRectangle logical;
      double w, h, factor = 1.0;

      ssdb_render_layout_set_size (layout, size);
      pango_layout_get_extents (layout, NULL, &logical);
      w = (double)logical.width / PANGO_SCALE;
      h = (double)logical.height / PANGO_SCALE;
      if (w > max_width && w > 0)
        factor = MIN (factor, max_width / w);
      if (h > max_height && h > 0)
        factor = MIN (factor, max_height / h);
      if (factor >= 1.0)
        break;
      size = MAX (size * factor * 0.995, 0.1);
    }

  pango_layout_set_font_description (layout, saved);
  if (saved)
    pango_font_description_free (saved);
  return size;
}

typedef struct
{
  GByteArray *bytes;
} PngSink;

static cairo_status_t
png_sink_write (void *closure, const unsigned char *data, unsigned int length)
{
  PngSink *sink = closure;

  g_byte_array_append (sink->bytes, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
ssdb_render_surface_write_png (cairo_surface_t *surface, const char *path, GError **error)
{
  g_autoptr (GByteArray) bytes = NULL;
  cairo_status_t status;
  PngSink sink;

  g_return_val_if_fail (surface != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  status = cairo_surface_status (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, "Could not write “%s”: %s", path,
                   cairo_status_to_string (status));
      return FALSE;
    }

  if (!ssdb_check_output_file (path, error))
    return FALSE;

  bytes = g_byte_array_new ();
  sink.bytes = bytes;
  cairo_surface_flush (surface);
  status = cairo_surface_write_to_png_stream (surface, png_sink_write, &sink);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, "Could not write “%s”: %s", path,
                   cairo_status_to_string (status));
      return FALSE;
    }

  /* Written next to the target and renamed, so a reader never sees half an image; the mode is
   * subject to the umask like any new file. */
  return ssdb_file_write (path, bytes->data, bytes->len, 0666, error);
}
