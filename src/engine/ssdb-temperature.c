/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-temperature.h"

#include "ssdb-error.h"
#include "ssdb-verdict.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Readings outside this range are a sensor's error codes or garbage, not temperatures. */
#define MIN_CELSIUS (-100.0)
#define MAX_CELSIUS 200.0

void
ssdb_temperature_sensor_free (SsdbTemperatureSensor *sensor)
{
  if (sensor == NULL)
    return;
  g_free (sensor->input_path);
  g_free (sensor->label);
  g_free (sensor);
}

SsdbTemperatureSensor *
ssdb_temperature_sensor_dup (const SsdbTemperatureSensor *sensor)
{
  SsdbTemperatureSensor *copy;

  if (sensor == NULL)
    return NULL;
  copy = g_new0 (SsdbTemperatureSensor, 1);
  copy->input_path = g_strdup (sensor->input_path);
  copy->label = g_strdup (sensor->label);
  copy->warning_c = sensor->warning_c;
  copy->critical_c = sensor->critical_c;
  copy->interval_ms = sensor->interval_ms;
  return copy;
}

/* A hwmon attribute holding millidegrees: °C, or NAN when missing or not a temperature. */
static double
read_millidegrees_fd (int fd)
{
  char buf[32];
  ssize_t n;
  char *end;
  gint64 value;

  n = pread (fd, buf, sizeof buf - 1, 0);
  if (n <= 0)
    return NAN;
  buf[n] = '\0';
  errno = 0;
  value = g_ascii_strtoll (buf, &end, 10);
  if (errno != 0 || end == buf || (*end != '\0' && !g_ascii_isspace (*end)))
    return NAN;
  if (value < MIN_CELSIUS * 1000 || value > MAX_CELSIUS * 1000)
    return NAN;
  return (double)value / 1000.0;
}

static double
read_millidegrees (const char *path)
{
  double c;
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);

  if (fd < 0)
    return NAN;
  c = read_millidegrees_fd (fd);
  close (fd);
  return c;
}

static char *
read_line (const char *path)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL) || strlen (text) > 256)
    return NULL;
  g_strstrip (text);
  if (*text == '\0' || !g_utf8_validate (text, -1, NULL))
    return NULL;
  return g_steal_pointer (&text);
}

/* "temp1_input" → "temp1_max" beside it. */
static double
read_beside (const char *input_path, const char *suffix)
{
  g_autofree char *dir = g_path_get_dirname (input_path);
  g_autofree char *base = g_path_get_basename (input_path);
  g_autofree char *path = NULL;
  char *underscore = strrchr (base, '_');

  if (underscore == NULL)
    return NAN;
  *underscore = '\0';
  path = g_strdup_printf ("%s/%s_%s", dir, base, suffix);
  return read_millidegrees (path);
}

static SsdbTemperatureSensor *
sensor_at (const char *hwmon_dir, const char *hwmon_name)
{
  g_autofree char *input = g_build_filename (hwmon_dir, "temp1_input", NULL);
  g_autofree char *name_path = g_build_filename (hwmon_dir, "name", NULL);
  g_autofree char *label_path = g_build_filename (hwmon_dir, "temp1_label", NULL);
  g_autofree char *name = read_line (name_path);
  g_autofree char *label = read_line (label_path);
  SsdbTemperatureSensor *sensor;

  if (isnan (read_millidegrees (input)))
    return NULL;
  sensor = g_new0 (SsdbTemperatureSensor, 1);
  sensor->input_path = g_steal_pointer (&input);
  sensor->label
      = g_strdup_printf ("%s%s%s (%s temp1)", name != NULL ? name : "hwmon",
                         label != NULL ? " " : "", label != NULL ? label : "", hwmon_name);
  sensor->warning_c = read_beside (sensor->input_path, "max");
  sensor->critical_c = read_beside (sensor->input_path, "crit");
  /* drivetemp reads the temperature with a SMART / SCT command, which a SATA drive serves
   * between the benchmark's, without queueing: every 5 s. nvme's hwmon asks the controller's
   * admin queue, beside the I/O queues: every second. */
  sensor->interval_ms = g_strcmp0 (name, "drivetemp") == 0 ? 5000 : 1000;
  return sensor;
}

/* "hwmon2" before "hwmon10": by the number after the common prefix. */
static int
compare_numbered (gconstpointer a, gconstpointer b)
{
  const char *x = *(const char *const *)a, *y = *(const char *const *)b;
  guint64 nx = g_ascii_strtoull (x + strcspn (x, "0123456789"), NULL, 10);
  guint64 ny = g_ascii_strtoull (y + strcspn (y, "0123456789"), NULL, 10);

  return nx < ny ? -1 : nx > ny;
}

/* @dir's entries named @prefix and a number ("hwmon2", "nvme0"), lowest number first. */
static GPtrArray *
numbered_entries (const char *dir, const char *prefix)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;

  while (d != NULL && (entry = g_dir_read_name (d)) != NULL)
    {
      const char *digits = entry + strlen (prefix);

      if (g_str_has_prefix (entry, prefix) && *digits != '\0'
          && strspn (digits, "0123456789") == strlen (digits))
        g_ptr_array_add (names, g_strdup (entry));
    }
  g_ptr_array_sort (names, compare_numbered);
  return names;
}

/* The first usable sensor among @dir's "hwmonN" entries. */
static SsdbTemperatureSensor *
sensor_in (const char *dir)
{
  g_autoptr (GPtrArray) names = numbered_entries (dir, "hwmon");

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);
      SsdbTemperatureSensor *sensor = sensor_at (path, names->pdata[i]);

      if (sensor != NULL)
        return sensor;
    }
  return NULL;
}

/* The first sensor on the controllers ("nvme0", "nvme1") an NVMe subsystem directory links. */
static SsdbTemperatureSensor *
sensor_of_controllers (const char *subsystem)
{
  g_autoptr (GPtrArray) names = numbered_entries (subsystem, "nvme");

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (subsystem, names->pdata[i], NULL);
      SsdbTemperatureSensor *sensor = sensor_in (path);

      if (sensor != NULL)
        return sensor;
    }
  return NULL;
}

SsdbTemperatureSensor *
ssdb_temperature_sensor_find (const SsdbSystemPaths *paths, const char *block_name)
{
  const char *root = paths != NULL && paths->sysfs_root != NULL ? paths->sysfs_root : "/sys";
  g_autofree char *device = NULL;
  g_autofree char *class_dir = NULL;
  SsdbTemperatureSensor *sensor;

  if (block_name == NULL || *block_name == '\0' || strchr (block_name, '/') != NULL
      || strcmp (block_name, "..") == 0 || strcmp (block_name, ".") == 0)
    return NULL;
  device = g_build_filename (root, "class", "block", block_name, "device", NULL);
  /* nvme: hwmonN on the controller, which is the namespace's device. */
  if ((sensor = sensor_in (device)) != NULL)
    return sensor;
  /* drivetemp: a "hwmon" class directory on the SCSI device. */
  class_dir = g_build_filename (device, "hwmon", NULL);
  if ((sensor = sensor_in (class_dir)) != NULL)
    return sensor;
  /* An NVMe multipath head: its device is the subsystem, which links its controllers. */
  return sensor_of_controllers (device);
}

SsdbTemperatureSensor *
ssdb_temperature_sensor_for_input (const char *input_path, GError **error)
{
  SsdbTemperatureSensor *sensor;

  if (input_path == NULL || isnan (read_millidegrees (input_path)))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s is not a temperature input: it must hold a temperature in millidegrees "
                   "Celsius (-100000 to 200000), as hwmon's tempN_input files do",
                   input_path != NULL ? input_path : "(none)");
      return NULL;
    }
  sensor = g_new0 (SsdbTemperatureSensor, 1);
  sensor->input_path = g_strdup (input_path);
  sensor->label = g_filename_display_name (input_path);
  sensor->warning_c = read_beside (input_path, "max");
  sensor->critical_c = read_beside (input_path, "crit");
  sensor->interval_ms = 1000;
  return sensor;
}

gboolean
ssdb_temperature_sensor_read (const SsdbTemperatureSensor *sensor, double *celsius)
{
  double c;

  g_return_val_if_fail (sensor != NULL, FALSE);
  c = read_millidegrees (sensor->input_path);
  if (isnan (c))
    return FALSE;
  *celsius = c;
  return TRUE;
}

SsdbTemperatureLog *
ssdb_temperature_log_new (const char *sensor, double warning_c, double critical_c)
{
  SsdbTemperatureLog *log = g_new0 (SsdbTemperatureLog, 1);

  log->sensor = g_strdup (sensor);
  log->warning_c = warning_c;
  log->critical_c = critical_c;
  log->samples = g_array_new (FALSE, TRUE, sizeof (SsdbTemperatureSample));
  return log;
}

void
ssdb_temperature_log_free (SsdbTemperatureLog *log)
{
  if (log == NULL)
    return;
  g_free (log->sensor);
  g_array_unref (log->samples);
  g_free (log);
}

SsdbTemperatureLog *
ssdb_temperature_log_dup (const SsdbTemperatureLog *log)
{
  SsdbTemperatureLog *copy;

  if (log == NULL)
    return NULL;
  copy = ssdb_temperature_log_new (log->sensor, log->warning_c, log->critical_c);
  g_array_append_vals (copy->samples, log->samples->data, log->samples->len);
  return copy;
}

void
ssdb_temperature_log_assign (SsdbTemperatureLog **to, const SsdbTemperatureLog *from)
{
  if (*to == from)
    return;
  ssdb_temperature_log_free (*to);
  *to = ssdb_temperature_log_dup (from);
}

gboolean
ssdb_temperature_log_stats (const SsdbTemperatureLog *log, SsdbTemperatureStats *out)
{
  memset (out, 0, sizeof *out);
  if (log == NULL || log->samples->len == 0)
    return FALSE;
  out->min_c = out->max_c = g_array_index (log->samples, SsdbTemperatureSample, 0).celsius;
  out->max_t_s = g_array_index (log->samples, SsdbTemperatureSample, 0).t_s;
  for (guint i = 0; i < log->samples->len; i++)
    {
      const SsdbTemperatureSample *s = &g_array_index (log->samples, SsdbTemperatureSample, i);

      out->min_c = MIN (out->min_c, s->celsius);
      if (s->celsius > out->max_c)
        {
          out->max_c = s->celsius;
          out->max_t_s = s->t_s;
        }
      if (!isnan (log->warning_c) && s->celsius >= log->warning_c)
        {
          if (!out->over_warning)
            out->first_over_warning_s = s->t_s;
          out->over_warning = TRUE;
          if (i + 1 < log->samples->len)
            out->over_warning_s
                += g_array_index (log->samples, SsdbTemperatureSample, i + 1).t_s - s->t_s;
        }
      if (!isnan (log->critical_c) && s->celsius >= log->critical_c)
        out->over_critical = TRUE;
    }
  return TRUE;
}

/* "41 °C", "41.5 °C": hwmon gives millidegrees, most drives whole degrees. */
static char *
format_c (double c)
{
  if (fabs (c - round (c)) < 0.05)
    return g_strdup_printf ("%.0f °C", c);
  return g_strdup_printf ("%.1f °C", c);
}

static char *
format_s (double s)
{
  if (s < 10)
    return g_strdup_printf ("%.1f s", s);
  return g_strdup_printf ("%.0f s", s);
}

char *
ssdb_temperature_log_words (const SsdbTemperatureLog *log)
{
  SsdbTemperatureStats st;
  g_autofree char *lo = NULL, *hi = NULL, *range = NULL;
  GString *words;
  locale_t previous;

  if (!ssdb_temperature_log_stats (log, &st))
    return NULL;
  previous = ssdb_words_locale_begin ();
  lo = format_c (st.min_c);
  hi = format_c (st.max_c);
  range = st.max_c - st.min_c < 0.05 ? g_strdup_printf ("%s throughout", hi)
                                     : g_strdup_printf ("%s to %s", lo, hi);
  words = g_string_new (NULL);
  g_string_append_printf (words, "Drive temperature %s (%s)", range, log->sensor);
  if (st.over_critical)
    {
      g_autofree char *crit = format_c (log->critical_c);

      g_string_append_printf (words, ": it reached its critical temperature of %s", crit);
      if (st.over_warning && !isnan (log->warning_c))
        {
          g_autofree char *warn = format_c (log->warning_c);
          g_autofree char *first = format_s (st.first_over_warning_s);

          g_string_append_printf (words,
                                  ", after passing its warning temperature of %s at %s "
                                  "into the run",
                                  warn, first);
        }
      g_string_append (words, ". A drive this hot may slow itself down (thermal throttling) or "
                              "shut down, so results from that point on may show heat, not the "
                              "drive's speed.");
    }
  else if (st.over_warning)
    {
      g_autofree char *warn = format_c (log->warning_c);
      g_autofree char *first = format_s (st.first_over_warning_s);
      g_autofree char *dur = format_s (st.over_warning_s);

      const SsdbTemperatureSample *last
          = &g_array_index (log->samples, SsdbTemperatureSample, log->samples->len - 1);

      g_string_append_printf (
          words, ": it reached its warning temperature of %s at %s into the run", warn, first);
      if (last->celsius >= log->warning_c)
        g_string_append (words, " and was still at or above it when the run ended");
      else
        g_string_append_printf (words, " and stayed at or above it for %s", dur);
      g_string_append (words, ". Drives may slow themselves down there (thermal throttling), so "
                              "slower results from that point on may show heat, not the drive's "
                              "speed.");
    }
  else if (!isnan (log->warning_c))
    {
      g_autofree char *warn = format_c (log->warning_c);

      g_string_append_printf (words, ", below its warning temperature of %s.", warn);
    }
  else
    g_string_append (words, "; the sensor gives no warning temperature.");
  ssdb_words_locale_end (previous);
  return g_string_free (words, FALSE);
}

struct _SsdbTemperatureRecorder
{
  SsdbTemperatureSensor *sensor;
  SsdbTemperatureFunc func;
  gpointer func_data;
  GCancellable *cancellable; /* cancelled by the stop, for a reading in progress */
  SsdbTemperatureLog *log;   /* appended to by one thread at a time: the caller before the
                              * recorder's thread starts and after it ends, the thread between */
  guint interval_ms;
  gint64 start_us;
  int fd;
  GThread *thread;
  GMutex lock; /* guards @stop */
  GCond cond;
  gboolean stop;
};

/* A full log keeps every other reading and reads half as often from then on: a run of any
 * length keeps readings from its start to its end. */
static void
thin_out (SsdbTemperatureRecorder *r)
{
  GArray *a = r->log->samples;
  guint n = 0;

  for (guint i = 0; i < a->len; i += 2)
    g_array_index (a, SsdbTemperatureSample, n++) = g_array_index (a, SsdbTemperatureSample, i);
  g_array_set_size (a, n);
  r->interval_ms = MIN (r->interval_ms * 2, 3600u * 1000u);
}

static void
take_reading (SsdbTemperatureRecorder *r)
{
  SsdbTemperatureSample s;

  if (r->func != NULL)
    {
      if (!r->func (r->func_data, r->cancellable, &s.celsius) || !(s.celsius >= MIN_CELSIUS)
          || !(s.celsius <= MAX_CELSIUS))
        return;
    }
  else
    s.celsius = read_millidegrees_fd (r->fd);
  if (isnan (s.celsius))
    return;
  s.t_s = (double)(g_get_monotonic_time () - r->start_us) / G_USEC_PER_SEC;
  if (r->log->samples->len >= SSDB_TEMPERATURE_MAX_SAMPLES)
    thin_out (r);
  g_array_append_val (r->log->samples, s);
}

static gpointer
recorder_thread (gpointer data)
{
  SsdbTemperatureRecorder *r = data;
  gint64 next = r->start_us;

  for (;;)
    {
      gboolean stop;

      /* The next reading one interval after the last one was due, or after now when a slow
       * reading overran it: never readings back to back. */
      next = MAX (next + (gint64)r->interval_ms * 1000, g_get_monotonic_time () + 1000);
      g_mutex_lock (&r->lock);
      while (!r->stop && g_get_monotonic_time () < next)
        g_cond_wait_until (&r->cond, &r->lock, next);
      stop = r->stop;
      g_mutex_unlock (&r->lock);
      if (stop)
        break;
      /* Outside the lock: a SMART reading can take a while, and the stop must not wait for it. */
      take_reading (r);
    }
  return NULL;
}

static SsdbTemperatureRecorder *
recorder_new (const char *label, double warning_c, double critical_c, guint interval_ms)
{
  SsdbTemperatureRecorder *r = g_new0 (SsdbTemperatureRecorder, 1);

  r->log = ssdb_temperature_log_new (label, warning_c, critical_c);
  r->interval_ms = interval_ms > 0 ? interval_ms : 1000;
  r->fd = -1;
  r->cancellable = g_cancellable_new ();
  g_mutex_init (&r->lock);
  g_cond_init (&r->cond);
  r->start_us = g_get_monotonic_time ();
  return r;
}

SsdbTemperatureRecorder *
ssdb_temperature_recorder_start (const SsdbTemperatureSensor *sensor, guint interval_ms)
{
  SsdbTemperatureRecorder *r;

  if (sensor == NULL)
    return NULL;
  r = recorder_new (sensor->label, sensor->warning_c, sensor->critical_c,
                    interval_ms > 0 ? interval_ms : sensor->interval_ms);
  r->sensor = ssdb_temperature_sensor_dup (sensor);
  r->fd = open (sensor->input_path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (r->fd >= 0)
    {
      take_reading (r);
      r->thread = g_thread_new ("ssdb-temperature", recorder_thread, r);
    }
  return r;
}

SsdbTemperatureRecorder *
ssdb_temperature_recorder_start_func (SsdbTemperatureFunc func, gpointer data, const char *label,
                                      guint interval_ms)
{
  SsdbTemperatureRecorder *r;

  g_return_val_if_fail (func != NULL, NULL);

  r = recorder_new (label, NAN, NAN, interval_ms);
  r->func = func;
  r->func_data = data;
  take_reading (r);
  r->thread = g_thread_new ("ssdb-temperature", recorder_thread, r);
  return r;
}

SsdbTemperatureLog *
ssdb_temperature_recorder_stop (SsdbTemperatureRecorder *recorder)
{
  SsdbTemperatureLog *log;

  if (recorder == NULL)
    return NULL;
  g_mutex_lock (&recorder->lock);
  recorder->stop = TRUE;
  g_cond_signal (&recorder->cond);
  g_mutex_unlock (&recorder->lock);
  g_cancellable_cancel (recorder->cancellable);
  if (recorder->thread != NULL)
    g_thread_join (recorder->thread);
  /* A last reading at the end of the run, from a hwmon file; a SMART reading would be one more
   * command to the drive and a wait at the end of every run. */
  if (recorder->fd >= 0)
    {
      take_reading (recorder);
      close (recorder->fd);
    }
  g_mutex_clear (&recorder->lock);
  g_cond_clear (&recorder->cond);
  g_object_unref (recorder->cancellable);
  log = g_steal_pointer (&recorder->log);
  ssdb_temperature_sensor_free (recorder->sensor);
  g_free (recorder);
  if (log->samples->len == 0)
    {
      ssdb_temperature_log_free (log);
      return NULL;
    }
  return log;
}
