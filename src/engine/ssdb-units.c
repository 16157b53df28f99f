/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-units.h"
#include "ssdb-error.h"

#include <string.h>

typedef struct
{
  const char *suffix;
  guint64 factor;
} Unit;

/* Longest suffixes first; compared case-sensitively except where both cases are listed. */
static const Unit units[] = {
  { "KiB", G_GUINT64_CONSTANT (1) << 10 },
  { "MiB", G_GUINT64_CONSTANT (1) << 20 },
  { "GiB", G_GUINT64_CONSTANT (1) << 30 },
  { "TiB", G_GUINT64_CONSTANT (1) << 40 },
  { "KB", 1000 },
  { "kB", 1000 },
  { "MB", 1000000 },
  { "GB", 1000000000 },
  { "TB", G_GUINT64_CONSTANT (1000000000000) },
  { "B", 1 },
  { "K", G_GUINT64_CONSTANT (1) << 10 },
  { "k", G_GUINT64_CONSTANT (1) << 10 },
  { "M", G_GUINT64_CONSTANT (1) << 20 },
  { "m", G_GUINT64_CONSTANT (1) << 20 },
  { "G", G_GUINT64_CONSTANT (1) << 30 },
  { "g", G_GUINT64_CONSTANT (1) << 30 },
  { "T", G_GUINT64_CONSTANT (1) << 40 },
  { "t", G_GUINT64_CONSTANT (1) << 40 },
};

static gboolean
parse_digits (const char *text, guint64 *value, const char **rest)
{
  guint64 v = 0;
  const char *p = text;

  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    {
      guint d = (guint)(*p - '0');

      if (v > (G_MAXUINT64 - d) / 10)
        return FALSE;
      v = v * 10 + d;
    }
  *value = v;
  *rest = p;
  return TRUE;
}

gboolean
ssdb_parse_size (const char *text, const char *what, guint64 *out, GError **error)
{
  guint64 v = 0, factor = 1;
  const char *rest = NULL;
  gboolean found = FALSE;

  g_return_val_if_fail (out != NULL, FALSE);

  if (what == NULL)
    what = "size";
  if (text == NULL || !parse_digits (text, &v, &rest))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Invalid %s “%s”: expected a whole number of bytes with an optional unit "
                   "(4K, 1M, 1G, 1GiB, 1GB)",
                   what, text ? text : "");
      return FALSE;
    }
  if (*rest == '\0')
    found = TRUE;
  for (guint i = 0; !found && i < G_N_ELEMENTS (units); i++)
    if (strcmp (rest, units[i].suffix) == 0)
      {
        factor = units[i].factor;
        found = TRUE;
      }
  if (!found)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Invalid %s “%s”: unknown unit “%s” (use K, M, G, T, KiB, MiB, GiB, TiB, KB, "
                   "MB, GB or TB)",
                   what, text, rest);
      return FALSE;
    }
  if (v > (G_GUINT64_CONSTANT (1) << 63) / factor)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "Invalid %s “%s”: too large",
                   what, text);
      return FALSE;
    }
  *out = v * factor;
  return TRUE;
}

gboolean
ssdb_parse_uint (const char *text, const char *what, guint64 min, guint64 max, guint64 *out,
                 GError **error)
{
  guint64 v = 0;
  const char *rest = NULL;

  g_return_val_if_fail (out != NULL, FALSE);

  if (text == NULL || !parse_digits (text, &v, &rest) || *rest != '\0' || v < min || v > max)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Invalid %s “%s”: expected a whole number from %" G_GUINT64_FORMAT
                   " to %" G_GUINT64_FORMAT,
                   what ? what : "number", text ? text : "", min, max);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

gboolean
ssdb_parse_seconds (const char *text, const char *what, guint64 min_ns, guint64 max_ns,
                    guint64 *out_ns, GError **error)
{
  guint64 whole = 0, frac = 0, ns;
  const char *rest = NULL;
  guint digits = 0;

  g_return_val_if_fail (out_ns != NULL, FALSE);

  if (text == NULL || !parse_digits (text, &whole, &rest) || whole > 1000000)
    goto bad;
  if (*rest == '.')
    {
      rest++;
      while (g_ascii_isdigit (*rest) && digits < 9)
        {
          frac = frac * 10 + (guint64)(*rest - '0');
          rest++;
          digits++;
        }
      if (digits == 0)
        goto bad;
      for (guint i = digits; i < 9; i++)
        frac *= 10;
    }
  ns = whole * G_GUINT64_CONSTANT (1000000000) + frac;
  if (g_str_equal (rest, "ms"))
    ns /= 1000;
  else if (g_str_equal (rest, "m") || g_str_equal (rest, "min"))
    ns *= 60;
  else if (!g_str_equal (rest, "") && !g_str_equal (rest, "s"))
    goto bad;
  if (ns < min_ns || ns > max_ns)
    goto bad;
  *out_ns = ns;
  return TRUE;

bad:
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
               "Invalid %s “%s”: expected seconds from %g to %g (5, 2.5, 2.5s, 500ms, 1m)",
               what ? what : "duration", text ? text : "", (double)min_ns / 1e9,
               (double)max_ns / 1e9);
  return FALSE;
}

char *
ssdb_format_transfer_size (guint64 bytes)
{
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " MiB", bytes >> 20);
  if (bytes >= 1024 && bytes % 1024 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " KiB", bytes >> 10);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " B", bytes);
}

char *
ssdb_format_capacity (guint64 bytes)
{
  static const char *const names[] = { "bytes", "kB", "MB", "GB", "TB", "PB" };
  double v = (double)bytes;
  guint i = 0;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (bytes < 1000)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " bytes", bytes);
  while (v >= 1000.0 && i + 1 < G_N_ELEMENTS (names))
    {
      v /= 1000.0;
      i++;
    }
  g_ascii_formatd (buf, sizeof buf, v >= 100 ? "%.1f" : "%.2f", v);
  return g_strdup_printf ("%s %s", buf, names[i]);
}
