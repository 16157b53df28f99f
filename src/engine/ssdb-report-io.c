/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-report-private.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

/* -------------------------------------------------------------------------------------------- */
/* Names of enumerations in the file: part of the format, independent of any UI text.           */

const char *const rw_names[] = { "read", "write", "mix" };
const char *const io_engine_names[2] = { "libaio", "pvsync2" };
const char *const state_names[]
    = { "pending", "running", "done", "skipped", "cancelled", "failed" };
const char *const profile_names[] = { "default", "peak", "realworld", "nvme" };
const char *const aggregate_names[] = { "best", "mean" };

const char *
enum_name (const char *const *names, guint n_names, guint value)
{
  g_return_val_if_fail (value < n_names, names[0]);
  return names[value];
}

/* "random", "zero" or "compressible-NN": the canonical spelling only, so that a loaded pattern
 * is written back the same way. */
char *
pattern_to_string (const SsdbDataPattern *pattern)
{
  switch (pattern->kind)
    {
      case SSDB_DATA_ZERO:
        return g_strdup ("zero");
      case SSDB_DATA_COMPRESSIBLE:
        return g_strdup_printf ("compressible-%u", MIN (pattern->compressible_percent, 100));
      case SSDB_DATA_RANDOM:
      default:
        return g_strdup ("random");
    }
}

static gboolean
pattern_from_string (const char *text, SsdbDataPattern *out)
{
  const char *num;
  guint64 v;

  if (g_str_equal (text, "random"))
    {
      *out = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
      return TRUE;
    }
  if (g_str_equal (text, "zero"))
    {
      *out = (SsdbDataPattern){ SSDB_DATA_ZERO, 0 };
      return TRUE;
    }
  if (!g_str_has_prefix (text, "compressible-"))
    return FALSE;
  num = text + strlen ("compressible-");
  if (num[0] == '\0' || strlen (num) > 3 || (num[0] == '0' && num[1] != '\0'))
    return FALSE;
  if (!g_ascii_string_to_unsigned (num, 10, 0, 100, &v, NULL))
    return FALSE;
  *out = (SsdbDataPattern){ SSDB_DATA_COMPRESSIBLE, (guint)v };
  return TRUE;
}

/* -------------------------------------------------------------------------------------------- */
/* Writing                                                                                      */

/* JSON has no NaN or infinity. json-glib 1.6 also appends ".0" to any number it prints without a
 * '.', which turns "1e+22" into the invalid "1e+22.0"; such a value is replaced by its
 * neighbour towards zero, which needs more digits (a change of one unit in the last place). */
double
json_safe_double (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value) || value == 0.0)
    return 0.0;
  for (guint i = 0; i < 8; i++)
    {
      g_ascii_dtostr (buf, sizeof buf, value);
      if (strchr (buf, '.') != NULL || strpbrk (buf, "eE") == NULL)
        break;
      value = nextafter (value, 0.0);
    }
  return value;
}

/* A copy of @node whose numbers are all safe to print (see json_safe_double()). */
JsonNode *
json_safe_copy (JsonNode *node)
{
  JsonNode *copy = json_node_copy (node);
  GQueue queue = G_QUEUE_INIT;

  g_queue_push_tail (&queue, copy);
  while (!g_queue_is_empty (&queue))
    {
      JsonNode *n = g_queue_pop_head (&queue);

      if (JSON_NODE_HOLDS_OBJECT (n))
        {
          JsonObject *object = json_node_get_object (n);
          g_autoptr (GList) names = json_object_get_members (object);

          for (GList *l = names; l != NULL; l = l->next)
            g_queue_push_tail (&queue, json_object_get_member (object, l->data));
        }
      else if (JSON_NODE_HOLDS_ARRAY (n))
        {
          JsonArray *array = json_node_get_array (n);

          for (guint i = 0; i < json_array_get_length (array); i++)
            g_queue_push_tail (&queue, json_array_get_element (array, i));
        }
      else if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_DOUBLE)
        json_node_set_double (n, json_safe_double (json_node_get_double (n)));
    }
  return copy;
}

void
add_int (JsonBuilder *b, const char *key, gint64 value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_int_value (b, value);
}

void
add_u64 (JsonBuilder *b, const char *key, guint64 value)
{
  add_int (b, key, (gint64)MIN (value, (guint64)G_MAXINT64));
}

void
add_double (JsonBuilder *b, const char *key, double value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_double_value (b, json_safe_double (value));
}

void
add_bool (JsonBuilder *b, const char *key, gboolean value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_boolean_value (b, value ? TRUE : FALSE);
}

/* A string, or null for %NULL. Invalid UTF-8 (a sysfs string, say) is repaired. */
void
add_string (JsonBuilder *b, const char *key, const char *value)
{
  json_builder_set_member_name (b, key);
  if (value == NULL)
    json_builder_add_null_value (b);
  else if (g_utf8_validate (value, -1, NULL))
    json_builder_add_string_value (b, value);
  else
    {
      g_autofree char *valid = g_utf8_make_valid (value, -1);

      json_builder_add_string_value (b, valid);
    }
}

/* The members of an entry's measure (SsdbIoMeasure), in their order. */
void
build_io_measure (JsonBuilder *b, const SsdbIoMeasure *m)
{
  add_u64 (b, "ios", m->ios);
  add_u64 (b, "bytes", m->bytes);
  add_u64 (b, "window_ns", m->window_ns);
  add_double (b, "iops", m->iops);
  add_double (b, "bytes_per_second", m->bytes_per_second);
  add_double (b, "mean_ns", m->mean_ns);
  add_u64 (b, "p99_ns", m->p99_ns);
  add_u64 (b, "max_ns", m->max_ns);
  add_string (b, "engine", io_engine_names[m->engine]);
  add_string (b, "fio_command", m->fio_command);
}

void
add_seed (JsonBuilder *b, const char *key, guint64 seed)
{
  char buf[24];

  g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, seed);
  add_string (b, key, buf);
}

void
add_pattern (JsonBuilder *b, const char *key, const SsdbDataPattern *pattern)
{
  g_autofree char *text = pattern_to_string (pattern);

  add_string (b, key, text);
}

void
build_latency_summary (JsonBuilder *b, const char *key, const SsdbHistogram *h)
{
  gboolean empty = h->count == 0;

  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  add_u64 (b, "count", h->count);
  add_u64 (b, "sum", h->sum_ns);
  add_double (b, "mean", ssdb_histogram_mean_ns (h));
  add_u64 (b, "min", empty ? 0 : h->min_ns);
  add_u64 (b, "p50", ssdb_histogram_percentile_ns (h, 50.0));
  add_u64 (b, "p90", ssdb_histogram_percentile_ns (h, 90.0));
  add_u64 (b, "p99", ssdb_histogram_percentile_ns (h, 99.0));
  add_u64 (b, "p99_9", ssdb_histogram_percentile_ns (h, 99.9));
  add_u64 (b, "max", empty ? 0 : h->max_ns);
  json_builder_end_object (b);
}

void
build_buckets (JsonBuilder *b, const char *key, const SsdbHistogram *h)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; i < SSDB_HISTOGRAM_N_BUCKETS; i++)
    {
      if (h->buckets[i] == 0)
        continue;
      json_builder_begin_array (b);
      json_builder_add_int_value (b, (gint64)ssdb_histogram_bucket_lower (i));
      json_builder_add_int_value (b, (gint64)MIN (h->buckets[i], (guint64)G_MAXINT64));
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
}

/* The members of one SsdbIoResult (a pass, or a test's aggregate) into the open object. */
void
build_io_result (JsonBuilder *b, const SsdbIoResult *io, SsdbRw rw)
{
  add_double (b, "bytes_per_second", io->bytes_per_second);
  add_double (b, "iops", io->iops);
  build_latency_summary (b, "latency_ns", &io->latency);
  add_double (b, "mean_inflight", io->mean_inflight);

  json_builder_set_member_name (b, "cpu_ns");
  json_builder_begin_object (b);
  add_u64 (b, "user", io->cpu_user_ns);
  add_u64 (b, "system", io->cpu_system_ns);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "device_bytes");
  json_builder_begin_object (b);
  add_u64 (b, "read", io->device_read_bytes);
  add_u64 (b, "write", io->device_write_bytes);
  add_bool (b, "counters_valid", io->counters_valid);
  add_bool (b, "reached_device", io->reached_device);
  if (io->device_busy_ns > 0)
    {
      add_u64 (b, "busy_ns", io->device_busy_ns);
      add_u64 (b, "queue_ns", io->device_queue_ns);
    }
  json_builder_end_object (b);

  add_u64 (b, "bytes", io->bytes);
  add_u64 (b, "ios", io->ios);
  add_u64 (b, "read_bytes", io->read_bytes);
  add_u64 (b, "read_ios", io->read_ios);
  add_u64 (b, "write_bytes", io->write_bytes);
  add_u64 (b, "write_ios", io->write_ios);
  add_u64 (b, "window_ns", io->window_ns);
  add_bool (b, "cancelled", io->cancelled);
  /* Only when not libaio, so reports of libaio jobs keep their bytes. */
  if (io->engine != SSDB_IO_ENGINE_LIBAIO)
    add_string (b, "io_engine", ssdb_io_engine_to_string (io->engine));
  if (io->polled)
    add_bool (b, "io_poll", TRUE);
  build_buckets (b, "latency_buckets", &io->latency);
  if (rw == SSDB_RW_MIX)
    {
      build_latency_summary (b, "read_latency_ns", &io->read_latency);
      build_buckets (b, "read_latency_buckets", &io->read_latency);
      build_latency_summary (b, "write_latency_ns", &io->write_latency);
      build_buckets (b, "write_latency_buckets", &io->write_latency);
    }
}

/* -------------------------------------------------------------------------------------------- */
/* Loading                                                                                       */

gboolean
load_fail (Loader *l, GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (l->path->len > 0)
    g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s: %s: %s", l->name, l->path->str,
                 message);
  else
    g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s: %s", l->name, message);
  return FALSE;
}

gsize
path_push_member (Loader *l, const char *key)
{
  gsize mark = l->path->len;

  if (mark > 0)
    g_string_append_c (l->path, '.');
  g_string_append (l->path, key);
  return mark;
}

gsize
path_push_index (Loader *l, guint index)
{
  gsize mark = l->path->len;

  g_string_append_printf (l->path, "[%u]", index);
  return mark;
}

void
path_pop (Loader *l, gsize mark)
{
  g_string_truncate (l->path, mark);
}

const char *
describe_node (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
      case JSON_NODE_OBJECT:
        return "an object";
      case JSON_NODE_ARRAY:
        return "an array";
      case JSON_NODE_NULL:
        return "null";
      case JSON_NODE_VALUE:
        switch (json_node_get_value_type (node))
          {
            case G_TYPE_INT64:
              return "an integer";
            case G_TYPE_DOUBLE:
              return "a number with a fraction or an exponent";
            case G_TYPE_BOOLEAN:
              return json_node_get_boolean (node) ? "true" : "false";
            case G_TYPE_STRING:
              return "a string";
            default:
              break;
          }
        break;
      default:
        break;
    }
  return "an unknown value";
}

gboolean
node_has_type (JsonNode *node, GType type)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

/* A JSON number, written with or without a fraction, as a double in *out; FALSE for anything
 * else. */
gboolean
node_get_number (JsonNode *node, double *out)
{
  if (node_has_type (node, G_TYPE_INT64))
    *out = (double)json_node_get_int (node);
  else if (node_has_type (node, G_TYPE_DOUBLE))
    *out = json_node_get_double (node);
  else
    return FALSE;
  return TRUE;
}

/* Looks up @key in @object and pushes it on the path (pop with path_pop (l, *mark)). */
JsonNode *
member (Loader *l, JsonObject *object, const char *key, gsize *mark, GError **error)
{
  JsonNode *node;

  *mark = path_push_member (l, key);
  node = json_object_get_member (object, key);
  if (node == NULL)
    load_fail (l, error, "missing");
  return node;
}

gboolean
check_int (Loader *l, JsonNode *node, gint64 min, gint64 max, gint64 *out, GError **error)
{
  gint64 v;

  if (!node_has_type (node, G_TYPE_INT64))
    return load_fail (l, error, "expected an integer, found %s", describe_node (node));
  v = json_node_get_int (node);
  if (v < 0 && min >= 0)
    return load_fail (l, error, "must not be negative (%" G_GINT64_FORMAT ")", v);
  if (v < min || v > max)
    return load_fail (l, error,
                      "%" G_GINT64_FORMAT " is out of range (%" G_GINT64_FORMAT
                      "..%" G_GINT64_FORMAT ")",
                      v, min, max);
  *out = v;
  return TRUE;
}

gboolean
read_int (Loader *l, JsonObject *object, const char *key, gint64 min, gint64 max, gint64 *out,
          GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);

  if (node == NULL || !check_int (l, node, min, max, out, error))
    return FALSE;
  path_pop (l, mark);
  return TRUE;
}

gboolean
read_u64 (Loader *l, JsonObject *object, const char *key, guint64 max, guint64 *out, GError **error)
{
  gint64 v;

  if (!read_int (l, object, key, 0, (gint64)MIN (max, (guint64)G_MAXINT64), &v, error))
    return FALSE;
  *out = (guint64)v;
  return TRUE;
}

gboolean
read_uint (Loader *l, JsonObject *object, const char *key, guint min, guint max, guint *out,
           GError **error)
{
  gint64 v;

  if (!read_int (l, object, key, min, max, &v, error))
    return FALSE;
  *out = (guint)v;
  return TRUE;
}

/* 0, or a power of two up to 1 MiB: block sizes and alignments. */
gboolean
read_alignment (Loader *l, JsonObject *object, const char *key, guint *out, GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);
  gint64 v;

  if (node == NULL || !check_int (l, node, 0, MAX_BLOCK_ALIGN, &v, error))
    return FALSE;
  if ((v & (v - 1)) != 0)
    return load_fail (l, error, "%" G_GINT64_FORMAT " is not 0 or a power of two", v);
  *out = (guint)v;
  path_pop (l, mark);
  return TRUE;
}

gboolean
read_number (Loader *l, JsonObject *object, const char *key, double max, double *out,
             GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);
  double v;

  if (node == NULL)
    return FALSE;
  if (!node_get_number (node, &v))
    return load_fail (l, error, "expected a number, found %s", describe_node (node));

  if (!isfinite (v) || v < 0.0 || v > max)
    {
      char value[G_ASCII_DTOSTR_BUF_SIZE], limit[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (value, sizeof value, "%.6g", v);
      if (v < 0.0)
        return load_fail (l, error, "must not be negative (%s)", value);
      g_ascii_formatd (limit, sizeof limit, "%.6g", max);
      return load_fail (l, error, "%s is out of range (0..%s)", value, limit);
    }
  *out = v;
  path_pop (l, mark);
  return TRUE;
}

gboolean
read_bool (Loader *l, JsonObject *object, const char *key, gboolean *out, GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);

  if (node == NULL)
    return FALSE;
  if (!node_has_type (node, G_TYPE_BOOLEAN))
    return load_fail (l, error, "expected true or false, found %s", describe_node (node));
  *out = json_node_get_boolean (node);
  path_pop (l, mark);
  return TRUE;
}

/* A string (a copy in *out), or null when @nullable. */
gboolean
read_string (Loader *l, JsonObject *object, const char *key, gboolean nullable, char **out,
             GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);

  if (node == NULL)
    return FALSE;
  if (nullable && JSON_NODE_HOLDS_NULL (node))
    *out = NULL;
  else if (node_has_type (node, G_TYPE_STRING))
    *out = g_strdup (json_node_get_string (node));
  else
    return load_fail (l, error, "expected %s, found %s", nullable ? "a string or null" : "a string",
                      describe_node (node));
  path_pop (l, mark);
  return TRUE;
}

gboolean
read_enum (Loader *l, JsonObject *object, const char *key, const char *const *names, guint n_names,
           guint *out, GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);
  g_autoptr (GString) expected = NULL;
  const char *text;

  if (node == NULL)
    return FALSE;
  if (!node_has_type (node, G_TYPE_STRING))
    return load_fail (l, error, "expected a string, found %s", describe_node (node));
  text = json_node_get_string (node);
  for (guint i = 0; i < n_names; i++)
    if (g_str_equal (text, names[i]))
      {
        *out = i;
        path_pop (l, mark);
        return TRUE;
      }

  expected = g_string_new (NULL);
  for (guint i = 0; i < n_names; i++)
    g_string_append_printf (expected, "%s“%s”", i == 0 ? "" : ", ", names[i]);
  return load_fail (l, error, "unknown value “%s” (expected %s)", text, expected->str);
}

/* The measure of an entry that ran one job, in the order build_io_measure() writes it; the
 * latencies are checked against the slowest. */
gboolean
load_io_measure (Loader *l, JsonObject *item, SsdbIoMeasure *m, GError **error)
{
  g_autofree char *fio = NULL;
  guint engine;

  if (!read_u64 (l, item, "ios", G_MAXINT64, &m->ios, error)
      || !read_u64 (l, item, "bytes", G_MAXINT64, &m->bytes, error)
      || !read_u64 (l, item, "window_ns", MAX_WINDOW_NS, &m->window_ns, error)
      || !read_number (l, item, "iops", MAX_IOPS, &m->iops, error)
      || !read_number (l, item, "bytes_per_second", MAX_BYTES_PER_SECOND, &m->bytes_per_second,
                       error)
      || !read_u64 (l, item, "max_ns", MAX_WINDOW_NS, &m->max_ns, error)
      || !read_number (l, item, "mean_ns", (double)m->max_ns, &m->mean_ns, error)
      || !read_u64 (l, item, "p99_ns", m->max_ns, &m->p99_ns, error)
      || !read_enum (l, item, "engine", io_engine_names, G_N_ELEMENTS (io_engine_names), &engine,
                     error)
      || !read_string (l, item, "fio_command", TRUE, &fio, error))
    return FALSE;
  m->engine = (SsdbIoEngine)engine;
  m->fio_command = g_steal_pointer (&fio);
  return TRUE;
}

gboolean
read_seed (Loader *l, JsonObject *object, const char *key, guint64 *out, GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);
  const char *text;

  if (node == NULL)
    return FALSE;
  if (!node_has_type (node, G_TYPE_STRING))
    return load_fail (l, error, "expected a string of decimal digits, found %s",
                      describe_node (node));
  text = json_node_get_string (node);
  if (text[0] == '\0' || strspn (text, "0123456789") != strlen (text) || strlen (text) > 20
      || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out, NULL))
    return load_fail (l, error, "“%s” is not a decimal number from 0 to %" G_GUINT64_FORMAT, text,
                      G_MAXUINT64);
  path_pop (l, mark);
  return TRUE;
}

gboolean
read_pattern (Loader *l, JsonObject *object, const char *key, SsdbDataPattern *out, GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);

  if (node == NULL)
    return FALSE;
  if (!node_has_type (node, G_TYPE_STRING))
    return load_fail (l, error, "expected a string, found %s", describe_node (node));
  if (!pattern_from_string (json_node_get_string (node), out))
    return load_fail (l, error,
                      "unknown data pattern “%s” (expected “random”, “zero” or "
                      "“compressible-N” with N from 0 to 100)",
                      json_node_get_string (node));
  path_pop (l, mark);
  return TRUE;
}

/* The object at @key; the path keeps @key until path_pop (l, *mark). */
JsonObject *
enter_object (Loader *l, JsonObject *object, const char *key, gsize *mark, GError **error)
{
  JsonNode *node = member (l, object, key, mark, error);

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      load_fail (l, error, "expected an object, found %s", describe_node (node));
      return NULL;
    }
  return json_node_get_object (node);
}

/* Elements of @array: of the packed array it stands for, if any. */
guint
array_length (Loader *l, JsonArray *array)
{
  const SsdbPackedArray *packed = ssdb_packed_find (l->packed, array);

  return packed != NULL ? ssdb_packed_length (packed) : json_array_get_length (array);
}

JsonArray *
enter_array (Loader *l, JsonObject *object, const char *key, guint max_length, gsize *mark,
             GError **error)
{
  JsonNode *node = member (l, object, key, mark, error);
  JsonArray *array;

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      load_fail (l, error, "expected an array, found %s", describe_node (node));
      return NULL;
    }
  array = json_node_get_array (node);
  if (array_length (l, array) > max_length)
    {
      load_fail (l, error, "%u elements, more than the %u allowed", array_length (l, array),
                 max_length);
      return NULL;
    }
  return array;
}

/* A histogram from its summary object (count, sum, min, max; the derived mean and percentiles
 * are checked for type only) and its non-zero buckets. */
gboolean
load_histogram (Loader *l, JsonObject *object, const char *summary_key, const char *buckets_key,
                SsdbHistogram *h, GError **error)
{
  JsonObject *summary;
  JsonArray *buckets;
  gsize mark;
  guint64 count, sum, min, max, ignored_int, total = 0;
  double ignored_double;
  guint n, first = 0, last = 0;
  int previous = -1;

  ssdb_histogram_reset (h);

  if ((summary = enter_object (l, object, summary_key, &mark, error)) == NULL
      || !read_u64 (l, summary, "count", G_MAXINT64, &count, error)
      || !read_u64 (l, summary, "sum", G_MAXINT64, &sum, error)
      || !read_number (l, summary, "mean", G_MAXDOUBLE, &ignored_double, error)
      || !read_u64 (l, summary, "min", G_MAXINT64, &min, error)
      || !read_u64 (l, summary, "p50", G_MAXINT64, &ignored_int, error)
      || !read_u64 (l, summary, "p90", G_MAXINT64, &ignored_int, error)
      || !read_u64 (l, summary, "p99", G_MAXINT64, &ignored_int, error)
      || !read_u64 (l, summary, "p99_9", G_MAXINT64, &ignored_int, error)
      || !read_u64 (l, summary, "max", G_MAXINT64, &max, error))
    return FALSE;
  if (count == 0 && (sum != 0 || min != 0 || max != 0))
    return load_fail (l, error, "count is 0 but sum, min or max is not");
  if (min > max)
    return load_fail (l, error, "min %" G_GUINT64_FORMAT " is above max %" G_GUINT64_FORMAT, min,
                      max);
  if (count > 0
      && ((unsigned __int128)sum < (unsigned __int128)min * count
          || (unsigned __int128)sum > (unsigned __int128)max * count))
    return load_fail (l, error, "sum is outside count × min .. count × max");
  path_pop (l, mark);

  if ((buckets = enter_array (l, object, buckets_key, SSDB_HISTOGRAM_N_BUCKETS, &mark, error))
      == NULL)
    return FALSE;
  n = json_array_get_length (buckets);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *pair = json_array_get_element (buckets, i);
      gsize item_mark = path_push_index (l, i);
      JsonArray *values;
      gint64 lower, bucket_count;
      guint index;

      if (!JSON_NODE_HOLDS_ARRAY (pair))
        return load_fail (l, error, "expected an array [lower_ns, count], found %s",
                          describe_node (pair));
      values = json_node_get_array (pair);
      if (json_array_get_length (values) != 2)
        return load_fail (l, error, "expected an array [lower_ns, count], found %u elements",
                          json_array_get_length (values));
      if (!check_int (l, json_array_get_element (values, 0), 0, G_MAXINT64, &lower, error)
          || !check_int (l, json_array_get_element (values, 1), 1, G_MAXINT64, &bucket_count,
                         error))
        return FALSE;
      index = ssdb_histogram_index ((guint64)lower);
      if (ssdb_histogram_bucket_lower (index) != (guint64)lower)
        return load_fail (l, error, "%" G_GINT64_FORMAT " ns is not the lower bound of a bucket",
                          lower);
      if ((int)index <= previous)
        return load_fail (l, error, "buckets must be in increasing order, each once");
      if (!g_uint64_checked_add (&total, total, (guint64)bucket_count))
        return load_fail (l, error, "the bucket counts overflow");
      if (previous < 0)
        first = index;
      last = index;
      previous = (int)index;
      h->buckets[index] = (guint64)bucket_count;
      path_pop (l, item_mark);
    }
  if (total != count)
    return load_fail (l, error,
                      "the bucket counts add up to %" G_GUINT64_FORMAT
                      ", but %s.count is %" G_GUINT64_FORMAT,
                      total, summary_key, count);
  if (count > 0 && (ssdb_histogram_index (min) != first || ssdb_histogram_index (max) != last))
    return load_fail (l, error, "%s.min and %s.max do not fall in the first and last buckets",
                      summary_key, summary_key);
  path_pop (l, mark);

  h->count = count;
  h->sum_ns = sum;
  if (count > 0)
    {
      h->min_ns = min;
      h->max_ns = max;
    }
  return TRUE;
}

gboolean
load_io_result (Loader *l, JsonObject *object, SsdbRw rw, SsdbIoResult *io, GError **error)
{
  JsonObject *sub;
  gsize mark;

  memset (io, 0, sizeof *io);

  if (!read_number (l, object, "bytes_per_second", MAX_BYTES_PER_SECOND, &io->bytes_per_second,
                    error)
      || !read_number (l, object, "iops", MAX_IOPS, &io->iops, error)
      || !read_number (l, object, "mean_inflight", MAX_MEAN_INFLIGHT, &io->mean_inflight, error))
    return FALSE;

  if ((sub = enter_object (l, object, "cpu_ns", &mark, error)) == NULL
      || !read_u64 (l, sub, "user", G_MAXINT64, &io->cpu_user_ns, error)
      || !read_u64 (l, sub, "system", G_MAXINT64, &io->cpu_system_ns, error))
    return FALSE;
  path_pop (l, mark);

  if ((sub = enter_object (l, object, "device_bytes", &mark, error)) == NULL
      || !read_u64 (l, sub, "read", G_MAXINT64, &io->device_read_bytes, error)
      || !read_u64 (l, sub, "write", G_MAXINT64, &io->device_write_bytes, error)
      || !read_bool (l, sub, "counters_valid", &io->counters_valid, error)
      || !read_bool (l, sub, "reached_device", &io->reached_device, error))
    return FALSE;
  /* The device's own queue: recorded since it was measured; absent before, and when the
   * device was never busy. */
  if (json_object_has_member (sub, "busy_ns")
      && (!read_u64 (l, sub, "busy_ns", MAX_WINDOW_NS, &io->device_busy_ns, error)
          || !read_u64 (l, sub, "queue_ns", G_MAXINT64, &io->device_queue_ns, error)))
    return FALSE;
  path_pop (l, mark);

  if (!read_u64 (l, object, "bytes", G_MAXINT64, &io->bytes, error)
      || !read_u64 (l, object, "ios", G_MAXINT64, &io->ios, error)
      || !read_u64 (l, object, "read_bytes", G_MAXINT64, &io->read_bytes, error)
      || !read_u64 (l, object, "read_ios", G_MAXINT64, &io->read_ios, error)
      || !read_u64 (l, object, "write_bytes", G_MAXINT64, &io->write_bytes, error)
      || !read_u64 (l, object, "write_ios", G_MAXINT64, &io->write_ios, error)
      || !read_u64 (l, object, "window_ns", MAX_WINDOW_NS, &io->window_ns, error)
      || !read_bool (l, object, "cancelled", &io->cancelled, error))
    return FALSE;
  /* Optional: absent in reports of libaio jobs and of earlier versions. */
  if (json_object_has_member (object, "io_engine"))
    {
      static const char *const engine_names[] = { "libaio", "pvsync2" };
      guint engine;

      if (!read_enum (l, object, "io_engine", engine_names, G_N_ELEMENTS (engine_names), &engine,
                      error))
        return FALSE;
      io->engine = engine;
    }
  if (json_object_has_member (object, "io_poll")
      && !read_bool (l, object, "io_poll", &io->polled, error))
    return FALSE;

  if (!load_histogram (l, object, "latency_ns", "latency_buckets", &io->latency, error))
    return FALSE;
  switch (rw)
    {
      case SSDB_RW_MIX:
        if (!load_histogram (l, object, "read_latency_ns", "read_latency_buckets",
                             &io->read_latency, error)
            || !load_histogram (l, object, "write_latency_ns", "write_latency_buckets",
                                &io->write_latency, error))
          return FALSE;
        break;
      case SSDB_RW_READ:
        io->read_latency = io->latency;
        ssdb_histogram_reset (&io->write_latency);
        break;
      case SSDB_RW_WRITE:
      default:
        io->write_latency = io->latency;
        ssdb_histogram_reset (&io->read_latency);
        break;
    }
  return TRUE;
}

/* -------------------------------------------------------------------------------------------- */
/* Checks shared by the loaders of several tests                                                */

/* A stored mean against the one recomputed from the samples. */
gboolean
mean_matches (double stored, double computed)
{
  return fabs (stored - computed) <= MEAN_TOLERANCE * MAX (fabs (computed), 1.0);
}

gboolean
fail_mean (Loader *l, const char *key, double stored, double computed, const char *of,
           GError **error)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  gsize mark = path_push_member (l, key);

  g_ascii_formatd (a, sizeof a, "%.17g", stored);
  g_ascii_formatd (b, sizeof b, "%.17g", computed);
  load_fail (l, error, "%s is not the mean of %s (%s)", a, of, b);
  path_pop (l, mark);
  return FALSE;
}

/* A transfer size: a multiple of 512 from 512 bytes to SSDB_MAX_BLOCK_SIZE. */
gboolean
read_block_size (Loader *l, JsonObject *object, const char *key, guint *out, GError **error)
{
  if (!read_uint (l, object, key, 512, SSDB_MAX_BLOCK_SIZE, out, error))
    return FALSE;
  if (*out % 512 != 0)
    {
      gsize mark = path_push_member (l, key);

      load_fail (l, error, "%u is not a multiple of 512", *out);
      path_pop (l, mark);
      return FALSE;
    }
  return TRUE;
}

/* Reads "span_offset" and "span_length" of a test: a non-empty range within the target. */
gboolean
read_span (Loader *l, JsonObject *object, guint64 target_bytes, guint64 *offset, guint64 *length,
           GError **error)
{
  if (!read_u64 (l, object, "span_offset", target_bytes, offset, error)
      || !read_u64 (l, object, "span_length", target_bytes - *offset, length, error))
    return FALSE;
  if (*length == 0)
    {
      gsize mark = path_push_member (l, "span_length");

      load_fail (l, error, "must not be 0");
      path_pop (l, mark);
      return FALSE;
    }
  return TRUE;
}

/* Reads "span_offset" and "span_length" of a test whose length may be 0 ("to the end of the
 * target", for a run that stopped before it resolved its span). */
gboolean
read_span_or_rest (Loader *l, JsonObject *object, guint64 target_bytes, guint64 *offset,
                   guint64 *length, GError **error)
{
  return read_u64 (l, object, "span_offset", target_bytes, offset, error)
         && read_u64 (l, object, "span_length", target_bytes - *offset, length, error);
}

/* The element @i of @array as an object, pushed on the path (pop with path_pop (l, *mark)). */
JsonObject *
array_object (Loader *l, JsonArray *array, guint i, gsize *mark, GError **error)
{
  const SsdbPackedArray *packed = ssdb_packed_find (l->packed, array);
  JsonNode *node;

  if (packed != NULL)
    {
      *mark = path_push_index (l, i);
      l->scratch = ssdb_packed_element (packed, i, l->scratch);
      return l->scratch;
    }
  node = json_array_get_element (array, i);
  *mark = path_push_index (l, i);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      load_fail (l, error, "expected an object, found %s", describe_node (node));
      return NULL;
    }
  return json_node_get_object (node);
}

/* A finite number, negative allowed, with |value| <= @max. */
gboolean
read_signed_number (Loader *l, JsonObject *object, const char *key, double max, double *out,
                    GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);
  double v;

  if (node == NULL)
    return FALSE;
  if (!node_get_number (node, &v))
    return load_fail (l, error, "expected a number, found %s", describe_node (node));
  if (!isfinite (v) || fabs (v) > max)
    {
      char value[G_ASCII_DTOSTR_BUF_SIZE], limit[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (value, sizeof value, "%.6g", v);
      g_ascii_formatd (limit, sizeof limit, "%.6g", max);
      return load_fail (l, error, "%s is out of range (-%s..%s)", value, limit, limit);
    }
  *out = v;
  path_pop (l, mark);
  return TRUE;
}

gboolean
read_words (Loader *l, JsonObject *object, const char *key, char **out, GError **error)
{
  if (!read_string (l, object, key, TRUE, out, error))
    return FALSE;
  if (*out != NULL && strlen (*out) > MAX_WORDS)
    {
      path_push_member (l, key);
      return load_fail (l, error, "longer than %u bytes", MAX_WORDS);
    }
  return TRUE;
}

/* Two doubles the same to 1 part in 10^9 (a derived number written with it). */
static gboolean
same_number (double a, double b)
{
  return fabs (a - b) <= 1e-9 * MAX (fabs (a), fabs (b));
}

/* @key holds @expected within 1 part in 10^9. */
gboolean
check_derived (Loader *l, const char *key, double value, double expected, GError **error)
{
  if (!same_number (value, expected))
    {
      char v[G_ASCII_DTOSTR_BUF_SIZE], e[G_ASCII_DTOSTR_BUF_SIZE];
      gsize mark = path_push_member (l, key);

      g_ascii_formatd (v, sizeof v, "%.9g", value);
      g_ascii_formatd (e, sizeof e, "%.9g", expected);
      load_fail (l, error, "%s contradicts the measurements (%s)", v, e);
      path_pop (l, mark);
      return FALSE;
    }
  return TRUE;
}

/* The "words" member equals what the measurements say. */
gboolean
check_words (Loader *l, const char *words, const char *expected, GError **error)
{
  /* The words are the analysis of the numbers, not a measurement: a loaded report gets the
   * words the current analysis gives (@expected, already in the result), whatever an earlier
   * version, or an edit, stored. Only their type was checked (read_words()). */
  (void)l;
  (void)words;
  (void)expected;
  (void)error;
  return TRUE;
}

/* A rate of @bytes over @window_ns: 0 for an empty window, else bytes / window. */
gboolean
check_rate (Loader *l, const char *key, double rate, guint64 bytes, guint64 window_ns,
            GError **error)
{
  double expected = window_ns ? (double)bytes * 1e9 / (double)window_ns : 0;

  if (window_ns == 0 ? rate != 0 : fabs (rate - expected) > 1e-6 * expected)
    {
      gsize mark = path_push_member (l, key);
      char v[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (v, sizeof v, "%.9g", rate);
      load_fail (l, error, "%s is not the bytes over the window", v);
      path_pop (l, mark);
      return FALSE;
    }
  return TRUE;
}

void
add_verdict (JsonBuilder *b, SsdbVerdict verdict, const char *noise_key, double noise)
{
  add_string (b, "verdict", ssdb_verdict_name (verdict));
  add_double (b, noise_key, noise);
}

gboolean
parse_verdict (Loader *l, const char *name, SsdbVerdict *out, GError **error)
{
  if (ssdb_verdict_from_name (name, out))
    return TRUE;
  path_push_member (l, "verdict");
  return load_fail (l, error,
                    "\"%s\" is not \"found\", \"no-effect\", \"inconclusive\" or \"none\"", name);
}

gboolean
read_verdict_opt (Loader *l, JsonObject *object, const char *noise_key, double max_noise,
                  SsdbVerdict *out, GError **error)
{
  SsdbVerdict verdict;
  double noise;

  if (json_object_has_member (object, "verdict"))
    {
      g_autofree char *name = NULL;

      if (!read_string (l, object, "verdict", FALSE, &name, error)
          || !parse_verdict (l, name, &verdict, error))
        return FALSE;
      if (out != NULL)
        *out = verdict;
    }
  if (noise_key != NULL && json_object_has_member (object, noise_key)
      && !read_signed_number (l, object, noise_key, max_noise, &noise, error))
    return FALSE;
  return TRUE;
}
