/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The drive's own state during runs. Its temperature: the hwmon sensor found on a fixture sysfs
 * tree (an NVMe controller behind a multipath head and a path device, a SATA disk with
 * drivetemp, a sensor reading out of range, disks without one), the words for known logs, the
 * recorder against a file changed while it runs, and the report member written, read back byte
 * for byte and refused when it does not hold temperatures. Its count of the host's writes: the
 * words for known counts in bytes and in a vendor's unit, and the report member. */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-drive-counts.h"
#include "engine/ssdb-consistency.h"
#include "engine/ssdb-csv.h"
#include "render/ssdb-export.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-target.h"
#include "engine/ssdb-temperature.h"
#include "engine/ssdb-test-kind.h"

static SsdbSystemPaths fixture;

static void
test_find (void)
{
  g_autoptr (SsdbTemperatureSensor) head = ssdb_temperature_sensor_find (&fixture, "nvme0n1");
  g_autoptr (SsdbTemperatureSensor) path = ssdb_temperature_sensor_find (&fixture, "nvme0c0n1");
  g_autoptr (SsdbTemperatureSensor) sata = ssdb_temperature_sensor_find (&fixture, "sda");
  double c = 0;

  /* The controller's hwmon2 (not hwmon10, which sorts first as text), reached through the
   * subsystem for the multipath head and directly for the path device. */
  g_assert_nonnull (head);
  g_assert_cmpstr (head->label, ==, "nvme Composite (hwmon2 temp1)");
  g_assert_true (g_str_has_suffix (head->input_path, "/nvme0/hwmon2/temp1_input"));
  g_assert_cmpfloat (head->warning_c, ==, 84.85);
  g_assert_cmpfloat (head->critical_c, ==, 89.85);
  g_assert_true (ssdb_temperature_sensor_read (head, &c));
  g_assert_cmpfloat (c, ==, 38.85);
  g_assert_cmpuint (head->interval_ms, ==, 1000);
  g_assert_nonnull (path);
  g_assert_cmpstr (path->label, ==, head->label);

  g_assert_nonnull (sata);
  g_assert_cmpstr (sata->label, ==, "drivetemp (hwmon3 temp1)");
  g_assert_cmpfloat (sata->warning_c, ==, 60.0);
  g_assert_cmpfloat (sata->critical_c, ==, 70.0);
  g_assert_true (ssdb_temperature_sensor_read (sata, &c));
  g_assert_cmpfloat (c, ==, 31.0);
  /* drivetemp's every reading is a command to the drive: every 5 s. */
  g_assert_cmpuint (sata->interval_ms, ==, 5000);

  /* 250000 m°C is no temperature; virtio, zram, a partition (the disk has the sensor) and
   * names that leave the tree have none. */
  g_assert_null (ssdb_temperature_sensor_find (&fixture, "sdf"));
  g_assert_null (ssdb_temperature_sensor_find (&fixture, "vdb"));
  g_assert_null (ssdb_temperature_sensor_find (&fixture, "zram0"));
  g_assert_null (ssdb_temperature_sensor_find (&fixture, "sda1"));
  g_assert_null (ssdb_temperature_sensor_find (&fixture, "../sda"));
  g_assert_null (ssdb_temperature_sensor_find (&fixture, ".."));
  g_assert_null (ssdb_temperature_sensor_find (&fixture, "nosuch"));
}

static void
test_for_input (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ssdb-temp-XXXXXX", NULL);
  g_autofree char *input = g_build_filename (dir, "temp3_input", NULL);
  g_autofree char *max = g_build_filename (dir, "temp3_max", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbTemperatureSensor) sensor = NULL;

  g_assert_null (ssdb_temperature_sensor_for_input (input, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, input));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (input, "warm\n", -1, NULL));
  g_assert_null (ssdb_temperature_sensor_for_input (input, &error));
  g_assert_nonnull (strstr (error->message, "millidegrees"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (input, "-5500\n", -1, NULL));
  g_assert_true (g_file_set_contents (max, "75000\n", -1, NULL));
  sensor = ssdb_temperature_sensor_for_input (input, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sensor->label, ==, input);
  g_assert_cmpfloat (sensor->warning_c, ==, 75.0);
  g_assert_true (isnan (sensor->critical_c));

  g_unlink (input);
  g_unlink (max);
  g_rmdir (dir);
}

static SsdbTemperatureLog *
make_log (double warning_c, double critical_c, const double *pairs, guint n)
{
  SsdbTemperatureLog *log
      = ssdb_temperature_log_new ("drivetemp (hwmon3 temp1)", warning_c, critical_c);

  for (guint i = 0; i < n; i++)
    {
      SsdbTemperatureSample s = { pairs[2 * i], pairs[2 * i + 1] };

      g_array_append_val (log->samples, s);
    }
  return log;
}

static void
test_words (void)
{
  static const double warm[] = { 0, 40, 1, 50, 2, 71, 3, 72, 4.5, 65 };
  static const double still[] = { 0, 40, 1, 70, 2, 71 };
  static const double hot[] = { 0, 60, 10, 72, 20, 81, 30, 75 };
  static const double flat[] = { 0, 35, 1, 35 };
  g_autoptr (SsdbTemperatureLog) a = make_log (70, 80, warm, 5);
  g_autoptr (SsdbTemperatureLog) b = make_log (70, 80, still, 3);
  g_autoptr (SsdbTemperatureLog) c = make_log (70, 80, hot, 4);
  g_autoptr (SsdbTemperatureLog) d = make_log (NAN, NAN, flat, 2);
  g_autoptr (SsdbTemperatureLog) e = make_log (80, NAN, warm, 5);
  g_autoptr (SsdbTemperatureLog) none = make_log (70, 80, NULL, 0);
  g_autofree char *wa = ssdb_temperature_log_words (a);
  g_autofree char *wb = ssdb_temperature_log_words (b);
  g_autofree char *wc = ssdb_temperature_log_words (c);
  g_autofree char *wd = ssdb_temperature_log_words (d);
  g_autofree char *we = ssdb_temperature_log_words (e);
  SsdbTemperatureStats st;

  /* 71 °C at 2 s and 72 °C at 3 s stand for 2 → 4.5 s: 2.5 s at or above 70 °C. */
  g_assert_true (ssdb_temperature_log_stats (a, &st));
  g_assert_cmpfloat (st.min_c, ==, 40);
  g_assert_cmpfloat (st.max_c, ==, 72);
  g_assert_cmpfloat (st.max_t_s, ==, 3);
  g_assert_true (st.over_warning);
  g_assert_cmpfloat (st.first_over_warning_s, ==, 2);
  g_assert_cmpfloat (st.over_warning_s, ==, 2.5);
  g_assert_false (st.over_critical);
  g_assert_cmpstr (
      wa, ==,
      "Drive temperature 40 °C to 72 °C (drivetemp (hwmon3 temp1)): it reached its "
      "warning temperature of 70 °C at 2.0 s into the run and stayed at or above it "
      "for 2.5 s. Drives may slow themselves down there (thermal throttling), so slower "
      "results from that point on may show heat, not the drive's speed.");
  g_assert_nonnull (strstr (wb, "70 °C at 1.0 s into the run and was still at or above it when "
                                "the run ended."));
  g_assert_true (ssdb_temperature_log_stats (c, &st));
  g_assert_true (st.over_critical);
  g_assert_cmpstr (wc, ==,
                   "Drive temperature 60 °C to 81 °C (drivetemp (hwmon3 temp1)): it reached its "
                   "critical temperature of 80 °C, after passing its warning temperature of 70 °C "
                   "at 10 s into the run. A drive this hot may slow itself down (thermal "
                   "throttling) or shut down, so results from that point on may show heat, not "
                   "the drive's speed.");
  g_assert_cmpstr (wd, ==,
                   "Drive temperature 35 °C throughout (drivetemp (hwmon3 temp1)); the sensor "
                   "gives no warning temperature.");
  g_assert_cmpstr (we, ==,
                   "Drive temperature 40 °C to 72 °C (drivetemp (hwmon3 temp1)), below its warning "
                   "temperature of 80 °C.");
  g_assert_null (ssdb_temperature_log_words (none));
  g_assert_null (ssdb_temperature_log_words (NULL));
  g_assert_false (ssdb_temperature_log_stats (none, &st));
}

/* Rewrites @path in place, as the kernel changes a sysfs attribute: the recorder keeps its
 * file open. */
static void
write_in_place (const char *path, const char *text)
{
  FILE *f = fopen (path, "w");

  g_assert_nonnull (f);
  g_assert_cmpint (fputs (text, f), >=, 0);
  g_assert_cmpint (fclose (f), ==, 0);
}

static void
test_recorder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ssdb-temp-XXXXXX", NULL);
  g_autofree char *input = g_build_filename (dir, "temp1_input", NULL);
  g_autofree char *crit = g_build_filename (dir, "temp1_crit", NULL);
  g_autoptr (SsdbTemperatureSensor) sensor = NULL;
  g_autoptr (SsdbTemperatureLog) log = NULL;
  SsdbTemperatureRecorder *recorder;
  gboolean saw_first = FALSE, saw_second = FALSE;
  gint64 start;
  double elapsed_s;

  g_assert_null (ssdb_temperature_recorder_start (NULL, 0));
  g_assert_null (ssdb_temperature_recorder_stop (NULL));

  g_assert_true (g_file_set_contents (input, "42000\n", -1, NULL));
  g_assert_true (g_file_set_contents (crit, "90000\n", -1, NULL));
  sensor = ssdb_temperature_sensor_for_input (input, NULL);
  g_assert_nonnull (sensor);
  start = g_get_monotonic_time ();
  recorder = ssdb_temperature_recorder_start (sensor, 50);
  g_usleep (300 * 1000);
  write_in_place (input, "47500\n");
  g_usleep (300 * 1000);
  log = ssdb_temperature_recorder_stop (recorder);
  elapsed_s = (double)(g_get_monotonic_time () - start) / G_USEC_PER_SEC;

  /* A reading at the start, at most one per 50 ms (never two back to back after a late one),
   * and one at the stop. */
  g_assert_nonnull (log);
  g_assert_cmpstr (log->sensor, ==, input);
  g_assert_cmpfloat (log->critical_c, ==, 90.0);
  g_assert_true (isnan (log->warning_c));
  g_assert_cmpuint (log->samples->len, >=, 4);
  g_assert_cmpuint (log->samples->len, <=, (guint)(elapsed_s / 0.05) + 2);
  g_assert_cmpfloat (g_array_index (log->samples, SsdbTemperatureSample, log->samples->len - 1).t_s,
                     <=, elapsed_s);
  g_assert_cmpfloat (g_array_index (log->samples, SsdbTemperatureSample, 0).t_s, <, 0.05);
  for (guint i = 0; i < log->samples->len; i++)
    {
      const SsdbTemperatureSample *s = &g_array_index (log->samples, SsdbTemperatureSample, i);

      if (i > 0)
        g_assert_cmpfloat (s->t_s, >=,
                           g_array_index (log->samples, SsdbTemperatureSample, i - 1).t_s);
      g_assert_true (s->celsius == 42.0 || s->celsius == 47.5);
      saw_first |= s->celsius == 42.0;
      saw_second |= s->celsius == 47.5;
    }
  g_assert_true (saw_first && saw_second);
  g_assert_cmpfloat (
      g_array_index (log->samples, SsdbTemperatureSample, log->samples->len - 1).celsius, ==, 47.5);

  /* A sensor that cannot be read any more leaves no log. */
  g_unlink (input);
  recorder = ssdb_temperature_recorder_start (sensor, 50);
  g_assert_null (ssdb_temperature_recorder_stop (recorder));
  g_unlink (crit);
  g_rmdir (dir);
}

static char *
report_text (const SsdbReport *report)
{
  gsize len;

  return ssdb_report_to_data (report, &len);
}

/* Gives each surface, fill and steady-state result of @file a temperature log, and checks the
 * report: without logs unchanged, with them written, read back and written again byte for
 * byte. Returns the text with the logs. */
static char *
round_trip (const char *file, guint expected_kinds)
{
  static const double warm[] = { 0, 40, 1, 50, 2, 71, 3, 72, 4.5, 65.25 };
  static const SsdbTestKind kinds[]
      = { SSDB_TEST_KIND_SURFACE, SSDB_TEST_KIND_FILL, SSDB_TEST_KIND_CONSISTENCY };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", file, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);
  g_autoptr (SsdbReport) again = NULL;
  g_autofree char *plain = NULL, *text = NULL, *text2 = NULL;
  guint found = 0;

  g_assert_no_error (error);
  plain = report_text (report);
  g_assert_null (strstr (plain, "\"temperature\""));
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      gpointer result = (gpointer)ssdb_report_get_result (report, kinds[k]);
      /* Warning and critical temperatures known, unknown, or neither. */
      SsdbTemperatureLog *log = make_log (k == 0 ? 70 : NAN, k < 2 ? 80 : NAN, warm, 5 - k);

      if (result == NULL)
        {
          ssdb_temperature_log_free (log);
          continue;
        }
      found++;
      if (kinds[k] == SSDB_TEST_KIND_SURFACE)
        ((SsdbSurfaceResult *)result)->temperature = log;
      else if (kinds[k] == SSDB_TEST_KIND_FILL)
        ((SsdbFillResult *)result)->temperature = log;
      else
        ((SsdbConsistencyResult *)result)->temperature = log;
    }
  g_assert_cmpuint (found, ==, expected_kinds);
  text = report_text (report);
  g_assert_nonnull (strstr (text, "\"warning_c\" : null"));

  again = ssdb_report_load_from_data (text, strlen (text), "round trip", &error);
  g_assert_no_error (error);
  text2 = report_text (again);
  g_assert_cmpstr (text, ==, text2);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      gconstpointer result = ssdb_report_get_result (again, kinds[k]);
      const SsdbTemperatureLog *log;

      if (result == NULL)
        continue;
      log = kinds[k] == SSDB_TEST_KIND_SURFACE ? ((const SsdbSurfaceResult *)result)->temperature
            : kinds[k] == SSDB_TEST_KIND_FILL
                ? ((const SsdbFillResult *)result)->temperature
                : ((const SsdbConsistencyResult *)result)->temperature;
      g_assert_nonnull (log);
      g_assert_cmpuint (log->samples->len, ==, 5 - k);
      g_assert_cmpfloat (g_array_index (log->samples, SsdbTemperatureSample, 1).celsius, ==, 50);
      g_assert_true (k == 0 ? log->warning_c == 70 : isnan (log->warning_c));
      g_assert_true (k < 2 ? log->critical_c == 80 : isnan (log->critical_c));
    }
  return g_steal_pointer (&text);
}

/* @text with the first @from replaced by @to (of the same length or shorter, padded). */
static char *
edited (const char *text, const char *from, const char *to)
{
  char *copy = g_strdup (text);
  char *at = strstr (copy, from);

  g_assert_nonnull (at);
  g_assert_cmpuint (strlen (to), <=, strlen (from));
  memset (at, ' ', strlen (from));
  memcpy (at, to, strlen (to));
  return copy;
}

static void
test_report (void)
{
  g_autofree char *text = round_trip ("valid-all-views.json", 2);
  g_autofree char *behaviour = round_trip ("valid-behaviour.json", 1);
  g_autofree char *hot = NULL, *backwards = NULL;
  g_autoptr (GError) error = NULL;
  SsdbReport *again;

  g_assert_nonnull (strstr (text, "\"celsius\" : 65.25"));
  g_assert_nonnull (strstr (behaviour, "\"celsius\" : 71"));

  /* A reading of 300 °C is no drive's temperature: refused, naming the member. */
  hot = edited (text, "\"celsius\" : 72", "\"celsius\": 300");
  again = ssdb_report_load_from_data (hot, strlen (hot), "bad.json", &error);
  g_assert_null (again);
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "temperature.samples[3].celsius"));
  g_clear_error (&error);

  /* Readings out of time order are refused too. */
  backwards = edited (text, "\"t_s\" : 4.5", "\"t_s\" : 0.5");
  again = ssdb_report_load_from_data (backwards, strlen (backwards), "bad.json", &error);
  g_assert_null (again);
  g_assert_nonnull (strstr (error->message, "temperature.samples[4].t_s"));
}

/* A temperature log that crosses a 70 °C warning from 1 s to 3 s and drive counts of 2 GB with
 * 12 s of throttling, as a report holds them. */
static JsonNode *
member_json (const char *json)
{
  g_autoptr (JsonParser) parser = json_parser_new ();

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  return json_node_copy (json_parser_get_root (parser));
}

static void
add_drive_state (JsonObject *object)
{
  json_object_set_member (
      object, "temperature",
      member_json (
          "{\"sensor\": \"hwmon9 temp1\", \"warning_c\": 70, \"critical_c\": 80, \"words\": null, "
          "\"samples\": [{\"t_s\": 0, \"celsius\": 45}, {\"t_s\": 1, \"celsius\": 71}, "
          "{\"t_s\": 2, \"celsius\": 74}, {\"t_s\": 3, \"celsius\": 60}]}"));
  json_object_set_member (
      object, "drive_counts",
      member_json ("{\"source\": \"NVMe Data Units Written, in units of 512 000 bytes, rounded "
                   "up\", \"unit\": \"bytes\", \"before\": 1024000000, \"after\": 3072000000, "
                   "\"kernel_bytes\": 2048000000, \"throttle_seconds_before\": 100, "
                   "\"throttle_seconds_after\": 112, \"words\": null}"));
}

/* Every kind of test keeps the drive's temperature and counts: each test object of the
 * fixtures (and the summary's settings) given both is read into its result, where the table of
 * kinds finds them, written back byte for byte, and said in the chart's subtitle and the text. */
static void
test_every_kind (void)
{
  static const char *const files[]
      = { "valid-all-views.json",    "valid-behaviour.json", "valid-scan.json",
          "valid-randomaccess.json", "valid-asssd.json",     "valid-copy.json" };
  guint seen = 0;

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path
          = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", files[f], NULL);
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (JsonGenerator) generator = json_generator_new ();
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) report = NULL, again = NULL;
      g_autofree char *data = NULL, *text = NULL, *text2 = NULL;
      JsonObject *root;
      JsonArray *tests;

      g_assert_true (json_parser_load_from_file (parser, path, &error));
      root = json_node_get_object (json_parser_get_root (parser));
      if (json_object_has_member (root, "summary")
          && JSON_NODE_HOLDS_OBJECT (json_object_get_member (root, "summary")))
        add_drive_state (json_object_get_object_member (root, "summary"));
      tests = json_object_get_array_member (root, "tests");
      for (guint i = 0; i < json_array_get_length (tests); i++)
        {
          JsonObject *test = json_array_get_object_element (tests, i);

          if (!g_str_equal (json_object_get_string_member (test, "kind"), "summary"))
            add_drive_state (test);
        }
      json_generator_set_root (generator, json_parser_get_root (parser));
      data = json_generator_to_data (generator, NULL);
      report = ssdb_report_load_from_data (data, strlen (data), files[f], &error);
      g_assert_no_error (error);

      for (guint k = 0; k < SSDB_TEST_KIND_N; k++)
        {
          gconstpointer result = ssdb_report_get_result (report, k);
          const SsdbTemperatureLog *log = ssdb_test_kind_get_temperature (k, result);
          const SsdbDriveCounts *counts = ssdb_test_kind_get_drive_counts (k, result);
          g_autofree char *alert = ssdb_test_kind_dup_drive_alert (k, result);
          g_autofree char *subtitle = NULL;

          if (result == NULL)
            continue;
          seen |= 1u << k;
          g_test_message ("%s: %s", ssdb_test_kind_to_string (k), alert);
          g_assert_nonnull (log);
          g_assert_cmpuint (log->samples->len, ==, 4);
          g_assert_cmpfloat (g_array_index (log->samples, SsdbTemperatureSample, 2).celsius, ==,
                             74);
          g_assert_nonnull (counts);
          g_assert_cmpuint (counts->after - counts->before, ==, G_GUINT64_CONSTANT (2048000000));
          g_assert_cmpstr (alert, ==,
                           "Drive at its 70 °C warning temperature or above for 2 s from 1 s in "
                           "(up to 74 °C); it throttled itself for heat for 12 s");
          subtitle = ssdb_export_dup_subtitle (report, k);
          g_assert_true (g_str_has_prefix (subtitle, alert));
          if (ssdb_csv_table_has_text (k))
            {
              g_autofree char *words = ssdb_csv_format_text (report, k, &error);

              g_assert_no_error (error);
              g_assert_nonnull (strstr (words, "reached its warning temperature of 70 °C"));
              g_assert_nonnull (strstr (words, "2.05 GB"));
            }
        }
      text = report_text (report);
      again = ssdb_report_load_from_data (text, strlen (text), "round trip", &error);
      g_assert_no_error (error);
      text2 = report_text (again);
      g_assert_cmpstr (text, ==, text2);
    }
  g_assert_cmpuint (seen, ==, (1u << SSDB_TEST_KIND_N) - 1);
}

static void
test_drive_counts_words (void)
{
  SsdbDriveCounts nvme = { (char *)"NVMe Data Units Written, in units of 512 000 bytes, rounded up",
                           SSDB_DRIVE_COUNTER_BYTES,
                           1000 * 512000ull,
                           25000 * 512000ull,
                           12288000000ull,
                           TRUE,
                           -1,
                           -1 };
  SsdbDriveCounts ata = { (char *)"ATA attribute 241 (total-lbas-written)",
                          SSDB_DRIVE_COUNTER_VENDOR,
                          5000,
                          5384,
                          12884901888ull,
                          TRUE,
                          -1,
                          -1 };
  SsdbDriveCounts few = ata, reset = ata, no_kernel = nvme, hot = nvme, cool = nvme;
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL, *e = NULL, *f = NULL, *g = NULL;

  few.after = 5003;
  reset.after = 12;
  no_kernel.kernel_valid = FALSE;
  a = ssdb_drive_counts_words (&nvme);
  b = ssdb_drive_counts_words (&ata);
  c = ssdb_drive_counts_words (&few);
  d = ssdb_drive_counts_words (&reset);
  e = ssdb_drive_counts_words (&no_kernel);
  /* 24 000 data units of 512 000 bytes: 12.288 GB. */
  g_assert_cmpstr (a, ==,
                   "The drive counted 12.29 GB of host writes during this run (NVMe Data Units "
                   "Written, in units of 512 000 bytes, rounded up); the kernel wrote 12.29 GB to "
                   "it.");
  /* 12 GiB in 384 units: 32 MiB each, 33.55 MB. */
  g_assert_cmpstr (b, ==,
                   "The drive's ATA attribute 241 (total-lbas-written) rose by 384 in the unit "
                   "UDisks2 gives it (vendors count this attribute in different units, so it is "
                   "not taken as bytes); the kernel wrote 12.88 GB to it, about 33.55 MB per unit "
                   "of this counter.");
  g_assert_nonnull (strstr (c, "rose by 3 "));
  g_assert_nonnull (strstr (c, "too little to tell this counter's unit."));
  g_assert_nonnull (strstr (d, "went down during this run, from 5000 to 12"));
  g_assert_cmpstr (e, ==,
                   "The drive counted 12.29 GB of host writes during this run (NVMe Data Units "
                   "Written, in units of 512 000 bytes, rounded up).");
  g_assert_null (ssdb_drive_counts_words (NULL));

  /* An NVMe drive's own throttling time: 3600 s before, 3642 s after: 42 s during the run. */
  hot.throttle_before_s = 3600;
  hot.throttle_after_s = 3642;
  cool.throttle_before_s = cool.throttle_after_s = 3600;
  f = ssdb_drive_counts_words (&hot);
  g = ssdb_drive_counts_words (&cool);
  g_assert_cmpstr (f, ==,
                   "The drive counted 12.29 GB of host writes during this run (NVMe Data Units "
                   "Written, in units of 512 000 bytes, rounded up); the kernel wrote 12.29 GB to "
                   "it. The drive reports 42 s of thermal throttling during this run (NVMe thermal "
                   "management time, TMT1 + TMT2): it slowed itself down for heat, so slower "
                   "results then show heat, not its normal speed.");
  g_assert_true (g_str_has_suffix (
      g, "it. The drive reports no thermal throttling during this run (NVMe thermal management "
         "time)."));
}

static void
test_drive_counts_report (void)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid-all-views.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);
  g_autoptr (SsdbReport) again = NULL;
  g_autofree char *text = NULL, *text2 = NULL, *bad = NULL;
  SsdbFillResult *fill;
  SsdbSurfaceResult *surface;
  const SsdbFillResult *f2;
  const SsdbSurfaceResult *s2;

  g_assert_no_error (error);
  fill = (SsdbFillResult *)ssdb_report_get_result (report, SSDB_TEST_KIND_FILL);
  surface = (SsdbSurfaceResult *)ssdb_report_get_result (report, SSDB_TEST_KIND_SURFACE);
  fill->drive_counts = g_new0 (SsdbDriveCounts, 1);
  *fill->drive_counts = (SsdbDriveCounts){ g_strdup ("NVMe Data Units Written"),
                                           SSDB_DRIVE_COUNTER_BYTES,
                                           512000,
                                           1024000,
                                           512000,
                                           TRUE,
                                           10,
                                           25 };
  surface->drive_counts = g_new0 (SsdbDriveCounts, 1);
  *surface->drive_counts = (SsdbDriveCounts){ g_strdup ("ATA attribute 241 (total-lbas-written)"),
                                              SSDB_DRIVE_COUNTER_VENDOR,
                                              7,
                                              9,
                                              0,
                                              FALSE,
                                              -1,
                                              -1 };
  text = report_text (report);
  g_assert_nonnull (strstr (text, "\"unit\" : \"vendor\""));
  g_assert_nonnull (strstr (text, "\"kernel_bytes\" : null"));
  again = ssdb_report_load_from_data (text, strlen (text), "round trip", &error);
  g_assert_no_error (error);
  text2 = report_text (again);
  g_assert_cmpstr (text, ==, text2);
  f2 = ssdb_report_get_result (again, SSDB_TEST_KIND_FILL);
  s2 = ssdb_report_get_result (again, SSDB_TEST_KIND_SURFACE);
  g_assert_cmpuint (f2->drive_counts->after, ==, 1024000);
  g_assert_true (f2->drive_counts->kernel_valid);
  g_assert_cmpuint (f2->drive_counts->kernel_bytes, ==, 512000);
  g_assert_cmpint (f2->drive_counts->throttle_before_s, ==, 10);
  g_assert_cmpint (f2->drive_counts->throttle_after_s, ==, 25);
  g_assert_cmpint (s2->drive_counts->unit, ==, SSDB_DRIVE_COUNTER_VENDOR);
  g_assert_false (s2->drive_counts->kernel_valid);
  g_assert_cmpint (s2->drive_counts->throttle_before_s, ==, -1);
  g_clear_pointer (&again, ssdb_report_unref);

  /* An unknown unit is refused, naming the member and the units known. */
  bad = edited (text, "\"unit\" : \"vendor\"", "\"unit\" : \"sector\"");
  again = ssdb_report_load_from_data (bad, strlen (bad), "bad.json", &error);
  g_assert_null (again);
  g_assert_nonnull (strstr (error->message, "drive_counts.unit"));
}

/* A drive whose counters are known, standing in for one read through its SMART log: each
 * reading finds 8 MB more written, 7 s more of throttling and a temperature 1.5 °C higher. */
typedef struct
{
  guint counter_reads;
  guint temperature_reads;
} FakeDrive;

static gboolean
fake_counter (gpointer data, SsdbDriveCounter *out)
{
  FakeDrive *d = data;

  d->counter_reads++;
  out->source = g_strdup ("NVMe Data Units Written, in units of 512 000 bytes, rounded up");
  out->unit = SSDB_DRIVE_COUNTER_BYTES;
  out->value = 1000000000ull + d->counter_reads * 8000000ull;
  out->throttle_seconds = 100 + d->counter_reads * 7;
  return TRUE;
}

static gboolean
fake_temperature (gpointer data, GCancellable *cancellable, double *celsius)
{
  FakeDrive *d = data;

  d->temperature_reads++;
  *celsius = 40.0 + d->temperature_reads * 1.5;
  return TRUE;
}

/* A steady-state run on a test file (whose file system's disk has neither a hwmon sensor nor a
 * counter of its own), with the fake drive's counters and temperature given to the target: the
 * counts are read once before and once after the run, the SMART temperature once, at the start
 * of a run shorter than its 5 s interval (no SMART reading at the stop), and the words say the
 * drive throttled. */
static void
test_drive_counts_run (void)
{
  /* /var/tmp: a disk's file system, where /tmp may be memory. */
  g_autofree char *dir = g_mkdtemp (g_strdup ("/var/tmp/ssdb-drive-XXXXXX"));
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (SsdbConsistencyResult) result = NULL;
  g_autofree char *words = NULL;
  SsdbConsistencySpec spec;
  FakeDrive drive = { 0 };
  const SsdbDriveCounts *c;

  target = ssdb_target_open (dir, SSDB_TARGET_OPEN_READ, NULL, 64u << 20, &error);
  if (target == NULL)
    {
      g_test_skip_printf ("no test file in %s: %s", dir, error->message);
      g_rmdir (dir);
      return;
    }
  if (ssdb_target_get_temperature_sensor (target) != NULL)
    {
      g_test_skip ("the disk under the test file has a hwmon sensor");
      g_rmdir (dir);
      return;
    }
  ssdb_target_set_drive_counter (target, fake_counter, &drive, NULL);
  ssdb_target_set_temperature_func (target, fake_temperature, &drive, NULL, "fake SMART");
  ssdb_consistency_spec_init (&spec);
  spec.duration_ns = 300000000;
  spec.round_ns = 100000000;
  spec.queue_depth = 4;
  result = ssdb_consistency_result_new (&spec);
  g_assert_true (ssdb_consistency_run (target, result, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  c = result->drive_counts;
  g_assert_nonnull (c);
  g_assert_cmpuint (drive.counter_reads, ==, 2);
  g_assert_cmpuint (c->after - c->before, ==, 8000000);
  g_assert_cmpint (c->throttle_before_s, ==, 107);
  g_assert_cmpint (c->throttle_after_s, ==, 114);
  g_assert_true (c->kernel_valid);
  words = ssdb_drive_counts_words (c);
  g_test_message ("%s", words);
  g_assert_nonnull (strstr (words, "The drive counted 8.00 MB of host writes during this run"));
  g_assert_nonnull (strstr (words, "The drive reports 7 s of thermal throttling during this run"));

  g_assert_nonnull (result->temperature);
  g_assert_cmpstr (result->temperature->sensor, ==, "fake SMART");
  g_assert_cmpuint (drive.temperature_reads, ==, 1);
  g_assert_cmpuint (result->temperature->samples->len, ==, 1);
  g_assert_cmpfloat (g_array_index (result->temperature->samples, SsdbTemperatureSample, 0).celsius,
                     ==, 41.5);
  g_clear_object (&target);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  fixture.sysfs_root = g_test_build_filename (G_TEST_DIST, "fixtures", "sysfs-machine", NULL);
  g_test_add_func ("/temperature/find", test_find);
  g_test_add_func ("/temperature/for-input", test_for_input);
  g_test_add_func ("/temperature/words", test_words);
  g_test_add_func ("/temperature/recorder", test_recorder);
  g_test_add_func ("/temperature/report", test_report);
  g_test_add_func ("/drive-counts/words", test_drive_counts_words);
  g_test_add_func ("/drive-counts/report", test_drive_counts_report);
  g_test_add_func ("/drive-counts/run", test_drive_counts_run);
  g_test_add_func ("/drive-state/every-kind", test_every_kind);
  return g_test_run ();
}
