/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The drive's own state during a run, as members of the surface, fill and steady-state test
 * objects: its temperature and its count of the host's writes (docs/report-format.md,
 * "Temperature" and "Host writes"). */
#include "config.h"

#include "ssdb-report-private.h"

#include <math.h>

static void
add_celsius_or_null (JsonBuilder *b, const char *key, double celsius)
{
  json_builder_set_member_name (b, key);
  if (isnan (celsius))
    json_builder_add_null_value (b);
  else
    json_builder_add_double_value (b, json_safe_double (celsius));
}

void
build_temperature (JsonBuilder *b, const SsdbTemperatureLog *log)
{
  g_autofree char *words = NULL;

  if (log == NULL)
    return;
  words = ssdb_temperature_log_words (log);
  json_builder_set_member_name (b, "temperature");
  json_builder_begin_object (b);
  add_string (b, "sensor", log->sensor);
  add_celsius_or_null (b, "warning_c", log->warning_c);
  add_celsius_or_null (b, "critical_c", log->critical_c);
  add_string (b, "words", words);
  json_builder_set_member_name (b, "samples");
  json_builder_begin_array (b);
  for (guint i = 0; i < log->samples->len; i++)
    {
      const SsdbTemperatureSample *s = &g_array_index (log->samples, SsdbTemperatureSample, i);

      json_builder_begin_object (b);
      add_double (b, "t_s", s->t_s);
      add_double (b, "celsius", s->celsius);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

/* A temperature in °C, or null (NAN) where @nullable. */
static gboolean
read_celsius (Loader *l, JsonObject *object, const char *key, gboolean nullable, double *out,
              GError **error)
{
  JsonNode *node = json_object_get_member (object, key);

  if (nullable && node != NULL && JSON_NODE_HOLDS_NULL (node))
    {
      *out = NAN;
      return TRUE;
    }
  if (!read_signed_number (l, object, key, 1e9, out, error))
    return FALSE;
  if (*out < -100.0 || *out > 200.0)
    {
      gsize mark = path_push_member (l, key);

      load_fail (l, error, "%g °C is not a drive's temperature (-100 to 200 °C)", *out);
      path_pop (l, mark);
      return FALSE;
    }
  return TRUE;
}

gboolean
load_temperature (Loader *l, JsonObject *object, SsdbTemperatureLog **out, GError **error)
{
  g_autoptr (SsdbTemperatureLog) log = NULL;
  g_autofree char *sensor = NULL, *words = NULL;
  double warning_c, critical_c, last_t = -1;
  JsonObject *t;
  JsonArray *samples;
  gsize mark, samples_mark;
  guint n;

  *out = NULL;
  if (!json_object_has_member (object, "temperature"))
    return TRUE;
  if ((t = enter_object (l, object, "temperature", &mark, error)) == NULL
      || !read_string (l, t, "sensor", FALSE, &sensor, error)
      || !read_celsius (l, t, "warning_c", TRUE, &warning_c, error)
      || !read_celsius (l, t, "critical_c", TRUE, &critical_c, error)
      || !read_words (l, t, "words", &words, error))
    return FALSE;
  log = ssdb_temperature_log_new (sensor, warning_c, critical_c);
  if ((samples = enter_array (l, t, "samples", SSDB_TEMPERATURE_MAX_SAMPLES, &samples_mark, error))
      == NULL)
    return FALSE;
  n = array_length (l, samples);
  if (n == 0)
    return load_fail (l, error, "empty: a recorded temperature has at least one reading");
  g_array_set_size (log->samples, n);
  for (guint i = 0; i < n; i++)
    {
      SsdbTemperatureSample *s = &g_array_index (log->samples, SsdbTemperatureSample, i);
      JsonObject *item;
      gsize item_mark;

      if ((item = array_object (l, samples, i, &item_mark, error)) == NULL
          || !read_number (l, item, "t_s", 1e9, &s->t_s, error)
          || !read_celsius (l, item, "celsius", FALSE, &s->celsius, error))
        return FALSE;
      if (s->t_s < last_t)
        {
          path_push_member (l, "t_s");
          return load_fail (l, error, "%.3f s comes before the reading before it (%.3f s)", s->t_s,
                            last_t);
        }
      last_t = s->t_s;
      path_pop (l, item_mark);
    }
  path_pop (l, samples_mark);
  path_pop (l, mark);
  *out = g_steal_pointer (&log);
  return TRUE;
}

static const char *const counter_unit_names[] = { "bytes", "vendor" };
G_STATIC_ASSERT (G_N_ELEMENTS (counter_unit_names) == SSDB_DRIVE_COUNTER_VENDOR + 1);

void
build_drive_counts (JsonBuilder *b, const SsdbDriveCounts *writes)
{
  g_autofree char *words = NULL;

  if (writes == NULL)
    return;
  words = ssdb_drive_counts_words (writes);
  json_builder_set_member_name (b, "drive_counts");
  json_builder_begin_object (b);
  add_string (b, "source", writes->source);
  add_string (b, "unit",
              enum_name (counter_unit_names, G_N_ELEMENTS (counter_unit_names), writes->unit));
  add_u64 (b, "before", writes->before);
  add_u64 (b, "after", writes->after);
  json_builder_set_member_name (b, "kernel_bytes");
  if (writes->kernel_valid)
    json_builder_add_int_value (b, (gint64)writes->kernel_bytes);
  else
    json_builder_add_null_value (b);
  if (writes->throttle_before_s >= 0 && writes->throttle_after_s >= 0)
    {
      add_int (b, "throttle_seconds_before", writes->throttle_before_s);
      add_int (b, "throttle_seconds_after", writes->throttle_after_s);
    }
  add_string (b, "words", words);
  json_builder_end_object (b);
}

gboolean
load_drive_counts (Loader *l, JsonObject *object, SsdbDriveCounts **out, GError **error)
{
  g_autoptr (SsdbDriveCounts) w = NULL;
  g_autofree char *words = NULL;
  JsonObject *o;
  JsonNode *kernel;
  guint unit;
  gsize mark;

  *out = NULL;
  if (!json_object_has_member (object, "drive_counts"))
    return TRUE;
  w = g_new0 (SsdbDriveCounts, 1);
  if ((o = enter_object (l, object, "drive_counts", &mark, error)) == NULL
      || !read_string (l, o, "source", FALSE, &w->source, error)
      || !read_enum (l, o, "unit", counter_unit_names, G_N_ELEMENTS (counter_unit_names), &unit,
                     error)
      || !read_u64 (l, o, "before", G_MAXINT64, &w->before, error)
      || !read_u64 (l, o, "after", G_MAXINT64, &w->after, error)
      || !read_words (l, o, "words", &words, error))
    return FALSE;
  w->unit = unit;
  w->throttle_before_s = w->throttle_after_s = -1;
  if (json_object_has_member (o, "throttle_seconds_before")
      && (!read_int (l, o, "throttle_seconds_before", 0, G_MAXUINT32 * 2ll, &w->throttle_before_s,
                     error)
          || !read_int (l, o, "throttle_seconds_after", 0, G_MAXUINT32 * 2ll, &w->throttle_after_s,
                        error)))
    return FALSE;
  kernel = json_object_get_member (o, "kernel_bytes");
  if (kernel == NULL || !JSON_NODE_HOLDS_NULL (kernel))
    {
      if (!read_u64 (l, o, "kernel_bytes", G_MAXINT64, &w->kernel_bytes, error))
        return FALSE;
      w->kernel_valid = TRUE;
    }
  path_pop (l, mark);
  *out = g_steal_pointer (&w);
  return TRUE;
}

void
build_drive_state_end (JsonBuilder *b, const SsdbTemperatureLog *log, const SsdbDriveCounts *writes)
{
  build_temperature (b, log);
  build_drive_counts (b, writes);
  json_builder_end_object (b);
}

gboolean
load_drive_state (Loader *l, JsonObject *object, SsdbTemperatureLog **log, SsdbDriveCounts **writes,
                  GError **error)
{
  return load_temperature (l, object, log, error) && load_drive_counts (l, object, writes, error);
}
