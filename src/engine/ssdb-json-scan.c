/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-json-scan-private.h"
#include "ssdb-report.h"
#include "ssdb-error.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#define MAX_NUMBER_TEXT 64

/* -------------------------------------------------------------------------------------------- */
/* Strict syntax check                                                                           */

/*
 * Before json-glib builds a tree, the text is checked against RFC 8259 by this scanner, which
 * also bounds what the tree may cost. json-glib 1.6 alone accepts comments, single quotes, hex
 * and out-of-range integers (silently wrapped), duplicate member names (the last one wins) and
 * text after the document; it turns a lone \uD800 into invalid UTF-8 and recurses once per
 * nesting level (a stack overflow on hostile input). The scanner refuses all of that, saying
 * where, and never reads past the end of the text.
 */

typedef struct
{
  const char *name;
  const char *start;
  const char *p;
  const char *end;
  guint depth;
  guint n_values;
  const char *open[SSDB_REPORT_MAX_DEPTH];
} Scan;

static gboolean
scan_fail (Scan *s, const char *pos, GError **error, const char *format, ...) G_GNUC_PRINTF (4, 5);

static void
text_position (const char *start, const char *pos, guint *line, guint *column)
{
  const char *line_start = start;

  *line = 1;
  for (const char *q = start; q < pos; q++)
    if (*q == '\n')
      {
        (*line)++;
        line_start = q + 1;
      }
  /* Everything before @pos is valid UTF-8 without NUL bytes. */
  *column = 1 + (guint)g_utf8_strlen (line_start, pos - line_start);
}

static gboolean
scan_fail (Scan *s, const char *pos, GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;
  guint line, column;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  text_position (s->start, pos, &line, &column);
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s:%u:%u: %s", s->name, line, column,
               message);
  return FALSE;
}

static gboolean
scan_truncated (Scan *s, GError **error)
{
  guint line, column;

  if (s->depth == 0)
    return scan_fail (s, s->end, error, "truncated JSON: the text ends before its value does");
  text_position (s->start, s->open[s->depth - 1], &line, &column);
  return scan_fail (s, s->end, error,
                    "truncated JSON: the text ends inside the %s that starts at line %u, "
                    "column %u",
                    *s->open[s->depth - 1] == '{' ? "object" : "array", line, column);
}

static gboolean
scan_unexpected (Scan *s, GError **error, const char *expected)
{
  gunichar c = g_utf8_get_char (s->p);

  if (c > 0x20 && c < 0x7f)
    return scan_fail (s, s->p, error, "malformed JSON: unexpected character ‘%c’, expected %s",
                      (char)c, expected);
  return scan_fail (s, s->p, error, "malformed JSON: unexpected character U+%04X, expected %s",
                    (guint)c, expected);
}

static void
scan_skip_space (Scan *s)
{
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\n' || *s->p == '\r' || *s->p == '\t'))
    s->p++;
}

static int
hex_value (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Reads "\uXXXX" at s->p (the backslash). Returns 1 with the code unit, 0 when the text ends,
 * -1 when malformed. */
static int
scan_u_escape (Scan *s, guint *unit)
{
  guint v = 0;

  if (s->end - s->p < 2)
    return 0;
  if (s->p[0] != '\\' || s->p[1] != 'u')
    return -1;
  for (guint i = 2; i < 6; i++)
    {
      int h;

      if (s->p + i >= s->end)
        return 0;
      h = hex_value (s->p[i]);
      if (h < 0)
        return -1;
      v = v * 16 + (guint)h;
    }
  s->p += 6;
  *unit = v;
  return 1;
}

static gboolean
scan_string (Scan *s, GError **error)
{
  const char *open = s->p;
  guint line, column;

  s->p++;
  for (;;)
    {
      guchar c;

      if (s->p >= s->end)
        goto truncated;
      c = (guchar)*s->p;
      if (c == '"')
        {
          s->p++;
          return TRUE;
        }
      if (c < 0x20)
        return scan_fail (s, s->p, error,
                          "malformed JSON: control character U+%04X in a string (it must be "
                          "written as an escape)",
                          c);
      if (c != '\\')
        {
          s->p++;
          continue;
        }

      if (s->p + 1 >= s->end)
        goto truncated;
      switch (s->p[1])
        {
          case '"':
          case '\\':
          case '/':
          case 'b':
          case 'f':
          case 'n':
          case 'r':
          case 't':
            s->p += 2;
            break;
          case 'u':
            {
              const char *escape = s->p;
              guint unit, low;
              int r = scan_u_escape (s, &unit);

              if (r == 0)
                goto truncated;
              if (r < 0)
                return scan_fail (s, escape, error,
                                  "malformed JSON: \\u must be followed by four hex digits");
              if (unit == 0)
                return scan_fail (s, escape, error, "malformed JSON: \\u0000 is not allowed");
              if (unit >= 0xdc00 && unit <= 0xdfff)
                return scan_fail (s, escape, error,
                                  "malformed JSON: \\u%04x is half of a surrogate pair", unit);
              if (unit >= 0xd800 && unit <= 0xdbff)
                {
                  r = scan_u_escape (s, &low);
                  if (r == 0)
                    goto truncated;
                  if (r < 0 || low < 0xdc00 || low > 0xdfff)
                    return scan_fail (s, escape, error,
                                      "malformed JSON: \\u%04x is half of a surrogate pair", unit);
                }
            }
            break;
          default:
            return scan_fail (s, s->p, error, "malformed JSON: invalid escape in a string");
        }
    }

truncated:
  text_position (s->start, open, &line, &column);
  return scan_fail (s, s->end, error,
                    "truncated JSON: the text ends inside the string that starts at line %u, "
                    "column %u",
                    line, column);
}

static gboolean
is_digit (Scan *s, const char *q)
{
  return q < s->end && *q >= '0' && *q <= '9';
}

static gboolean
scan_number (Scan *s, GError **error)
{
  const char *q = s->p;
  gboolean is_float = FALSE;
  char text[MAX_NUMBER_TEXT + 1];
  gsize length;

  if (*q == '-')
    q++;
  if (q >= s->end)
    return scan_truncated (s, error);
  if (*q == '0')
    q++;
  else if (is_digit (s, q))
    while (is_digit (s, q))
      q++;
  else
    return scan_fail (s, s->p, error, "malformed JSON: invalid number");

  if (q < s->end && *q == '.')
    {
      is_float = TRUE;
      q++;
      if (q >= s->end)
        return scan_truncated (s, error);
      if (!is_digit (s, q))
        return scan_fail (s, s->p, error, "malformed JSON: invalid number");
      while (is_digit (s, q))
        q++;
    }
  if (q < s->end && (*q == 'e' || *q == 'E'))
    {
      is_float = TRUE;
      q++;
      if (q < s->end && (*q == '+' || *q == '-'))
        q++;
      if (q >= s->end)
        return scan_truncated (s, error);
      if (!is_digit (s, q))
        return scan_fail (s, s->p, error, "malformed JSON: invalid number");
      while (is_digit (s, q))
        q++;
    }
  if (q < s->end)
    switch (*q)
      {
        case ' ':
        case '\t':
        case '\r':
        case '\n':
        case ',':
        case ']':
        case '}':
          break;
        default:
          return scan_fail (s, s->p, error, "malformed JSON: invalid number");
      }

  length = (gsize)(q - s->p);
  if (length > MAX_NUMBER_TEXT)
    return scan_fail (s, s->p, error, "malformed JSON: number longer than %u characters",
                      MAX_NUMBER_TEXT);
  memcpy (text, s->p, length);
  text[length] = '\0';

  errno = 0;
  if (!is_float)
    {
      g_ascii_strtoll (text, NULL, 10);
      if (errno == ERANGE)
        return scan_fail (s, s->p, error,
                          "integer %s is out of range (%" G_GINT64_FORMAT "..%" G_GINT64_FORMAT ")",
                          text, G_MININT64, G_MAXINT64);
    }
  else
    {
      if (!isfinite (g_ascii_strtod (text, NULL)))
        return scan_fail (s, s->p, error, "number %s is out of range", text);
    }
  s->p = q;
  return TRUE;
}

static gboolean
scan_literal (Scan *s, const char *word, GError **error)
{
  gsize n = strlen (word);
  gsize avail = (gsize)(s->end - s->p);

  if (avail < n && memcmp (s->p, word, avail) == 0)
    return scan_truncated (s, error);
  if (avail < n || memcmp (s->p, word, n) != 0)
    return scan_unexpected (s, error, "a value");
  if (avail > n && (g_ascii_isalnum (s->p[n]) || s->p[n] == '_'))
    return scan_fail (s, s->p, error, "malformed JSON: invalid literal");
  s->p += n;
  return TRUE;
}

static gboolean
scan_value (Scan *s, GError **error);

static gboolean
scan_open (Scan *s, GError **error)
{
  if (s->depth >= SSDB_REPORT_MAX_DEPTH)
    return scan_fail (s, s->p, error, "malformed JSON: nested deeper than %u levels",
                      SSDB_REPORT_MAX_DEPTH);
  s->open[s->depth++] = s->p;
  s->p++;
  return TRUE;
}

/* Skips white space to the next character of the open object or array; *closed tells whether
 * it is @close, which is then passed and ends the container. The text must not end there. */
static gboolean
scan_at_close (Scan *s, char close, gboolean *closed, GError **error)
{
  scan_skip_space (s);
  if (s->p >= s->end)
    return scan_truncated (s, error);
  *closed = *s->p == close;
  if (*closed)
    {
      s->p++;
      s->depth--;
    }
  return TRUE;
}

static gboolean
scan_object (Scan *s, GError **error)
{
  g_autoptr (GHashTable) keys = NULL;
  gboolean closed;

  if (!scan_open (s, error) || !scan_at_close (s, '}', &closed, error))
    return FALSE;
  if (closed)
    return TRUE;

  keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (;;)
    {
      const char *key_start;

      scan_skip_space (s);
      if (s->p >= s->end)
        return scan_truncated (s, error);
      if (*s->p != '"')
        return scan_unexpected (s, error, "a member name in double quotes");
      key_start = s->p;
      if (!scan_string (s, error))
        return FALSE;
      if (!g_hash_table_add (keys, g_strndup (key_start + 1, (gsize)(s->p - key_start - 2))))
        return scan_fail (s, key_start, error, "malformed JSON: duplicate member name");

      scan_skip_space (s);
      if (s->p >= s->end)
        return scan_truncated (s, error);
      if (*s->p != ':')
        return scan_unexpected (s, error, "‘:’ after the member name");
      s->p++;
      if (!scan_value (s, error) || !scan_at_close (s, '}', &closed, error))
        return FALSE;
      if (closed)
        return TRUE;
      if (*s->p != ',')
        return scan_unexpected (s, error, "‘,’ or ‘}’");
      s->p++;
    }
}

static gboolean
scan_array (Scan *s, GError **error)
{
  gboolean closed;

  if (!scan_open (s, error) || !scan_at_close (s, ']', &closed, error))
    return FALSE;
  if (closed)
    return TRUE;

  for (;;)
    {
      if (!scan_value (s, error) || !scan_at_close (s, ']', &closed, error))
        return FALSE;
      if (closed)
        return TRUE;
      if (*s->p != ',')
        return scan_unexpected (s, error, "‘,’ or ‘]’");
      s->p++;
    }
}

static gboolean
scan_value (Scan *s, GError **error)
{
  scan_skip_space (s);
  if (s->p >= s->end)
    return scan_truncated (s, error);
  if (++s->n_values > SSDB_REPORT_MAX_VALUES)
    return scan_fail (s, s->p, error, "more than %u JSON values; not a report",
                      SSDB_REPORT_MAX_VALUES);

  switch (*s->p)
    {
      case '{':
        return scan_object (s, error);
      case '[':
        return scan_array (s, error);
      case '"':
        return scan_string (s, error);
      case 't':
        return scan_literal (s, "true", error);
      case 'f':
        return scan_literal (s, "false", error);
      case 'n':
        return scan_literal (s, "null", error);
      case '-':
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9':
        return scan_number (s, error);
      default:
        return scan_unexpected (s, error, "a value");
    }
}

/* Checks @text (NUL-terminated at @length) and parses it into a tree; its large sample arrays
 * go to @packed instead (see ssdb-report-pack.h). */
JsonNode *
parse_text (const char *text, gsize length, const char *name, SsdbPacked **packed, GError **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autofree char *reduced = NULL;
  gsize reduced_length = 0;
  const char *bad = NULL;
  JsonNode *root;
  Scan s = { 0 };

  /* An initial byte order mark is allowed (RFC 8259, section 8.1) and skipped. */
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    {
      text += 3;
      length -= 3;
    }

  s.name = name;
  s.start = text;
  s.p = text;
  s.end = text + length;

  if (!g_utf8_validate_len (text, length, &bad))
    {
      scan_fail (&s, bad, error, "%s; a report is UTF-8 JSON text",
                 *bad == '\0' ? "a NUL byte" : "not UTF-8 text");
      return NULL;
    }

  scan_skip_space (&s);
  if (s.p >= s.end)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s: empty file; it is not a report",
                   name);
      return NULL;
    }
  if (!scan_value (&s, error))
    return NULL;
  scan_skip_space (&s);
  if (s.p < s.end)
    {
      scan_fail (&s, s.p, error, "malformed JSON: text after the end of the document");
      return NULL;
    }

  reduced = ssdb_packed_text (text, length, packed, &reduced_length);
  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, reduced != NULL ? reduced : text,
                                   reduced != NULL ? (gssize)reduced_length : (gssize)length,
                                   &local_error))
    {
      const char *message = local_error->message;

      if (g_str_has_prefix (message, "<data>:"))
        message += strlen ("<data>:");
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s:%s", name, message);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s: empty file; it is not a report",
                   name);
      return NULL;
    }
  return json_node_ref (root);
}
