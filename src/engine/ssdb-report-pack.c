/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-report-pack.h"

#include <stdlib.h>
#include <string.h>

/* Arrays shorter than this stay in the tree: too small to matter. */
#define PACK_MIN_ELEMENTS 64
#define MAX_KEYS 4

/* The element shapes of the report's large arrays, members in the order they are written. */
static const char *const shapes[][MAX_KEYS + 1] = {
  { "offset_bytes", "bytes", "window_ns", "bytes_per_second", NULL }, /* surface sample */
  { "offset_bytes", "latency_ns", NULL },                             /* access dot */
  { "position_bytes", "elapsed_ns", "bytes_per_second", NULL },       /* fill point */
  { "elapsed_ns", "ios", "iops", NULL },                              /* consistency round */
};

typedef struct
{
  gboolean is_int;
  union
  {
    gint64 i;
    double d;
  };
} Value;

struct _SsdbPackedArray
{
  guint shape;
  guint n_keys;
  guint n;
  Value *values; /* n × n_keys */
};

struct _SsdbPacked
{
  char prefix[40]; /* "ssdb-packed-<nonce>-": the markers' start, unguessable by a file */
  gsize prefix_len;
  GPtrArray *arrays;
};

static const char *
skip_space (const char *p, const char *end)
{
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
    p++;
  return p;
}

/* A member name without escapes: its bytes in [*start, *start + *len). */
static const char *
scan_key (const char *p, const char *end, const char **start, gsize *len)
{
  const char *q;

  if (p >= end || *p != '"')
    return NULL;
  q = ++p;
  while (q < end && *q != '"' && *q != '\\' && (guchar)*q >= 0x20)
    q++;
  if (q >= end || *q != '"')
    return NULL;
  *start = p;
  *len = (gsize)(q - p);
  return q + 1;
}

/* A JSON number: an integer that fits 64 bits, or a double as json-glib reads it. */
static const char *
scan_number (const char *p, const char *end, Value *v)
{
  const char *q = p;
  gboolean is_int = TRUE;
  char buf[64];
  gsize n;

  if (q < end && *q == '-')
    q++;
  if (q >= end || !g_ascii_isdigit (*q))
    return NULL;
  while (q < end && g_ascii_isdigit (*q))
    q++;
  if (q < end && *q == '.')
    {
      is_int = FALSE;
      q++;
      while (q < end && g_ascii_isdigit (*q))
        q++;
    }
  if (q < end && (*q == 'e' || *q == 'E'))
    {
      is_int = FALSE;
      q++;
      if (q < end && (*q == '+' || *q == '-'))
        q++;
      while (q < end && g_ascii_isdigit (*q))
        q++;
    }
  n = (gsize)(q - p);
  if (n >= sizeof buf)
    return NULL;
  memcpy (buf, p, n);
  buf[n] = '\0';
  v->is_int = is_int;
  if (is_int)
    {
      /* 18 digits always fit; longer ones are left to json-glib. */
      if (n > (buf[0] == '-' ? 19u : 18u))
        return NULL;
      v->i = g_ascii_strtoll (buf, NULL, 10);
    }
  else
    v->d = g_ascii_strtod (buf, NULL);
  return q;
}

/* Reads the array whose '[' is at @p; returns the byte after its ']' and fills @out, or NULL
 * when it is not an array of flat sample objects of one of the shapes. */
static const char *
scan_array (const char *p, const char *end, SsdbPackedArray *out)
{
  GArray *values = NULL;
  guint shape = G_N_ELEMENTS (shapes), n_keys = 0, n = 0;

  p = skip_space (p + 1, end);
  while (p < end && *p == '{')
    {
      guint k = 0;

      p = skip_space (p + 1, end);
      for (;;)
        {
          const char *key;
          gsize len;
          Value v;

          if ((p = scan_key (p, end, &key, &len)) == NULL)
            goto fail;
          if (n == 0 && k == 0)
            {
              for (shape = 0; shape < G_N_ELEMENTS (shapes); shape++)
                if (strlen (shapes[shape][0]) == len && memcmp (shapes[shape][0], key, len) == 0)
                  break;
              if (shape == G_N_ELEMENTS (shapes))
                goto fail;
              while (shapes[shape][n_keys] != NULL)
                n_keys++;
              values = g_array_new (FALSE, FALSE, sizeof (Value));
            }
          if (k >= n_keys || strlen (shapes[shape][k]) != len
              || memcmp (shapes[shape][k], key, len) != 0)
            goto fail;
          p = skip_space (p, end);
          if (p >= end || *p != ':')
            goto fail;
          p = skip_space (p + 1, end);
          if ((p = scan_number (p, end, &v)) == NULL)
            goto fail;
          g_array_append_val (values, v);
          k++;
          p = skip_space (p, end);
          if (p < end && *p == ',')
            {
              p = skip_space (p + 1, end);
              continue;
            }
          if (p < end && *p == '}')
            break;
          goto fail;
        }
      if (k != n_keys)
        goto fail;
      n++;
      p = skip_space (p + 1, end);
      if (p < end && *p == ',')
        {
          p = skip_space (p + 1, end);
          if (p >= end || *p != '{')
            goto fail;
          continue;
        }
      break;
    }
  if (p >= end || *p != ']' || n < PACK_MIN_ELEMENTS)
    goto fail;
  out->shape = shape;
  out->n_keys = n_keys;
  out->n = n;
  out->values = (Value *)g_array_free (values, FALSE);
  return p + 1;

fail:
  if (values != NULL)
    g_array_free (values, TRUE);
  return NULL;
}

static void
array_free (gpointer data)
{
  SsdbPackedArray *a = data;

  g_free (a->values);
  g_free (a);
}

char *
ssdb_packed_text (const char *text, gsize length, SsdbPacked **packed, gsize *out_length)
{
  const char *p = text, *end = text + length, *copied = text;
  GString *out = NULL;
  SsdbPacked *pk = NULL;

  g_return_val_if_fail (text != NULL && packed != NULL && out_length != NULL, NULL);

  *packed = NULL;
  *out_length = 0;
  while (p < end)
    {
      if (*p == '"')
        {
          /* Skip a string: a '[' inside it is text. */
          for (p++; p < end && *p != '"'; p++)
            if (*p == '\\' && p + 1 < end)
              p++;
          p++;
          continue;
        }
      if (*p == '[')
        {
          SsdbPackedArray a = { 0 };
          const char *after = scan_array (p, end, &a);

          if (after != NULL)
            {
              if (pk == NULL)
                {
                  pk = g_new0 (SsdbPacked, 1);
                  g_snprintf (pk->prefix, sizeof pk->prefix, "ssdb-packed-%08x%08x-",
                              g_random_int (), g_random_int ());
                  pk->prefix_len = strlen (pk->prefix);
                  pk->arrays = g_ptr_array_new_with_free_func (array_free);
                  out = g_string_sized_new (length / 8 + 256);
                }
              g_string_append_len (out, copied, p - copied);
              g_string_append_printf (out, "[\"%s%u\"]", pk->prefix, pk->arrays->len);
              g_ptr_array_add (pk->arrays, g_memdup2 (&a, sizeof a));
              p = copied = after;
              continue;
            }
        }
      p++;
    }
  if (pk == NULL)
    return NULL;
  g_string_append_len (out, copied, end - copied);
  *packed = pk;
  *out_length = out->len;
  return g_string_free (out, FALSE);
}

void
ssdb_packed_free (SsdbPacked *packed)
{
  if (packed == NULL)
    return;
  g_ptr_array_unref (packed->arrays);
  g_free (packed);
}

const SsdbPackedArray *
ssdb_packed_find (const SsdbPacked *packed, JsonArray *array)
{
  JsonNode *node;
  const char *s;
  guint64 id;
  char *rest = NULL;

  if (packed == NULL || array == NULL || json_array_get_length (array) != 1)
    return NULL;
  node = json_array_get_element (array, 0);
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  s = json_node_get_string (node);
  if (s == NULL || strncmp (s, packed->prefix, packed->prefix_len) != 0)
    return NULL;
  id = g_ascii_strtoull (s + packed->prefix_len, &rest, 10);
  if (rest == s + packed->prefix_len || *rest != '\0' || id >= packed->arrays->len)
    return NULL;
  return g_ptr_array_index (packed->arrays, (guint)id);
}

guint
ssdb_packed_length (const SsdbPackedArray *array)
{
  g_return_val_if_fail (array != NULL, 0);
  return array->n;
}

JsonObject *
ssdb_packed_element (const SsdbPackedArray *array, guint index, JsonObject *object)
{
  const Value *v;

  g_return_val_if_fail (array != NULL && index < array->n, object);

  if (object == NULL)
    object = json_object_new ();
  v = array->values + (gsize)index * array->n_keys;
  for (guint k = 0; k < array->n_keys; k++)
    {
      if (v[k].is_int)
        json_object_set_int_member (object, shapes[array->shape][k], v[k].i);
      else
        json_object_set_double_member (object, shapes[array->shape][k], v[k].d);
    }
  return object;
}
