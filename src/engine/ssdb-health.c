/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-health.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "ssdb-error.h"
#include "ssdb-units.h"
#include "ssdb-verdict.h"

const char *
ssdb_health_assessment_to_string (SsdbHealthAssessment assessment)
{
  switch (assessment)
    {
      case SSDB_HEALTH_GOOD:
        return "good";
      case SSDB_HEALTH_WARNING:
        return "warning";
      case SSDB_HEALTH_FAILING:
        return "failing";
      case SSDB_HEALTH_UNKNOWN:
      default:
        return "unknown";
    }
}

/* Little-endian fields of a log page. */
static guint64
le_bytes (const guint8 *p, guint n)
{
  guint64 v = 0;

  for (guint i = n; i-- > 0;)
    v = (v << 8) | p[i];
  return v;
}

/* A 128-bit little-endian counter: its low 64 bits, or G_MAXUINT64 (and *saturated) when the
 * high half is not zero. */
static guint64
le_u128 (const guint8 *p, gboolean *saturated)
{
  if (le_bytes (p + 8, 8) != 0)
    {
      *saturated = TRUE;
      return G_MAXUINT64;
    }
  return le_bytes (p, 8);
}

gboolean
ssdb_nvme_health_log_decode (const guint8 *page, gsize length, SsdbNvmeHealthLog *log,
                             GError **error)
{
  g_return_val_if_fail (log != NULL, FALSE);

  memset (log, 0, sizeof *log);
  if (page == NULL || length < SSDB_NVME_HEALTH_LOG_SIZE)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "NVMe health log page: %" G_GSIZE_FORMAT " bytes, the page has %d",
                   page ? length : 0, SSDB_NVME_HEALTH_LOG_SIZE);
      return FALSE;
    }
  log->critical_warning = page[0];
  log->composite_temperature_k = (guint16)le_bytes (page + 1, 2);
  log->available_spare = page[3];
  log->available_spare_threshold = page[4];
  log->percentage_used = page[5];
  log->endurance_group_warning = page[6];
  log->data_units_read = le_u128 (page + 32, &log->saturated);
  log->data_units_written = le_u128 (page + 48, &log->saturated);
  log->host_read_commands = le_u128 (page + 64, &log->saturated);
  log->host_write_commands = le_u128 (page + 80, &log->saturated);
  log->controller_busy_minutes = le_u128 (page + 96, &log->saturated);
  log->power_cycles = le_u128 (page + 112, &log->saturated);
  log->power_on_hours = le_u128 (page + 128, &log->saturated);
  log->unsafe_shutdowns = le_u128 (page + 144, &log->saturated);
  log->media_errors = le_u128 (page + 160, &log->saturated);
  log->error_log_entries = le_u128 (page + 176, &log->saturated);
  log->warning_temperature_minutes = (guint32)le_bytes (page + 192, 4);
  log->critical_temperature_minutes = (guint32)le_bytes (page + 196, 4);
  for (guint i = 0; i < 8; i++)
    log->sensor_temperature_k[i] = (guint16)le_bytes (page + 200 + 2 * i, 2);
  for (guint i = 0; i < 2; i++)
    {
      log->thermal_transitions[i] = (guint32)le_bytes (page + 216 + 4 * i, 4);
      log->thermal_seconds[i] = (guint32)le_bytes (page + 224 + 4 * i, 4);
    }
  return TRUE;
}

static const struct
{
  const char *property;
  const char *key;
  const char *text;
} ata_features[SSDB_ATA_N_FEATURES] = {
  [SSDB_ATA_WRITE_CACHE] = { "WriteCache", "write_cache", "Write cache" },
  [SSDB_ATA_READ_LOOKAHEAD] = { "ReadLookahead", "read_lookahead", "Read look-ahead" },
  [SSDB_ATA_PM] = { "Pm", "power_management", "Power management feature set" },
  [SSDB_ATA_APM] = { "Apm", "apm", "Advanced power management (APM)" },
  [SSDB_ATA_AAM] = { "Aam", "aam", "Acoustic management (AAM)" },
};

const char *
ssdb_ata_feature_property (SsdbAtaFeature feature)
{
  g_return_val_if_fail ((guint)feature < SSDB_ATA_N_FEATURES, "");
  return ata_features[feature].property;
}

const char *
ssdb_ata_feature_key (SsdbAtaFeature feature)
{
  g_return_val_if_fail ((guint)feature < SSDB_ATA_N_FEATURES, "");
  return ata_features[feature].key;
}

void
ssdb_ata_features_build (JsonBuilder *b, const char *key, const int *features)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  for (guint i = 0; i < SSDB_ATA_N_FEATURES; i++)
    {
      json_builder_set_member_name (b, ssdb_ata_feature_key (i));
      if (features[i] < 0)
        json_builder_add_null_value (b);
      else
        json_builder_add_boolean_value (b, features[i] > 0);
    }
  json_builder_end_object (b);
}

SsdbAtaSmart *
ssdb_ata_smart_new (void)
{
  SsdbAtaSmart *smart = g_new0 (SsdbAtaSmart, 1);

  smart->bad_sectors = -1;
  smart->selftest_percent_remaining = -1;
  for (guint i = 0; i < SSDB_ATA_N_FEATURES; i++)
    smart->features[i] = -1;
  smart->attributes = g_array_new (FALSE, TRUE, sizeof (SsdbAtaAttribute));
  return smart;
}

void
ssdb_ata_smart_free (SsdbAtaSmart *smart)
{
  if (smart == NULL)
    return;
  for (guint i = 0; i < smart->attributes->len; i++)
    g_free (g_array_index (smart->attributes, SsdbAtaAttribute, i).name);
  g_array_unref (smart->attributes);
  g_free (smart->selftest_status);
  g_free (smart);
}

static void
row_clear (gpointer data)
{
  SsdbHealthRow *row = data;

  g_free (row->name);
  g_free (row->unit);
  g_free (row->text);
}

static SsdbHealth *
health_new (const char *device, const char *source)
{
  SsdbHealth *h = g_new0 (SsdbHealth, 1);

  h->device = g_strdup (device);
  h->source = g_strdup (source);
  h->temperature_c = NAN;
  h->power_on_hours = -1;
  h->host_bytes_written = -1;
  h->throttle_seconds = -1;
  h->host_bytes_read = -1;
  h->read_at = -1;
  h->selftest_percent_remaining = -1;
  for (guint i = 0; i < SSDB_ATA_N_FEATURES; i++)
    h->features[i] = -1;
  h->rows = g_array_new (FALSE, TRUE, sizeof (SsdbHealthRow));
  g_array_set_clear_func (h->rows, row_clear);
  return h;
}

void
ssdb_health_free (SsdbHealth *health)
{
  if (health == NULL)
    return;
  g_free (health->device);
  g_free (health->source);
  g_free (health->reason);
  g_free (health->selftest_status);
  g_array_unref (health->rows);
  g_free (health);
}

SsdbHealth *
ssdb_health_new_none (const char *device, const char *reason)
{
  SsdbHealth *h = health_new (device, "none");

  h->reason = g_strdup (reason);
  return h;
}

/* The text of a value in its unit, C locale. */
static char *
value_text (double raw, const char *unit)
{
  if (g_str_equal (unit, "B"))
    return raw >= 1e3 ? ssdb_format_capacity ((guint64)raw) : g_strdup_printf ("%.0f B", raw);
  if (g_str_equal (unit, "°C"))
    return g_strdup_printf ("%.0f °C", raw);
  if (g_str_equal (unit, ""))
    return g_strdup_printf ("%.0f", raw);
  return g_strdup_printf ("%.0f %s", raw, unit);
}

static void
add_row (SsdbHealth *h, guint id, const char *name, int value, int worst, int threshold, double raw,
         const char *unit, SsdbHealthAssessment assessment)
{
  SsdbHealthRow row = {
    .id = id,
    .name = g_strdup (name),
    .value = value,
    .worst = worst,
    .threshold = threshold,
    .raw = raw,
    .unit = g_strdup (unit),
    .assessment = assessment,
  };
  locale_t previous = ssdb_words_locale_begin ();

  row.text = value_text (raw, unit);
  ssdb_words_locale_end (previous);
  g_array_append_val (h->rows, row);
}

/* A count that should be zero: a warning when it is not. */
static SsdbHealthAssessment
zero_or_warning (guint64 count)
{
  return count == 0 ? SSDB_HEALTH_GOOD : SSDB_HEALTH_WARNING;
}

/* Kelvin to °C, NAN for a sensor the drive does not report. */
static double
kelvin_to_c (double k)
{
  return k > 0 ? k - 273.15 : NAN;
}

SsdbHealth *
ssdb_health_new_nvme (const char *device, const SsdbNvmeHealthLog *log)
{
  static const char *const failing_bits[] = {
    [2] = "its reliability is degraded (media or internal errors)",
    [3] = "it has put its media in read-only mode",
    [4] = "its volatile memory backup device has failed",
  };
  static const char *const warning_bits[] = {
    [0] = "its available spare is below its threshold",
    [1] = "its temperature is beyond a temperature threshold",
    [5] = "its persistent memory region has become read-only",
  };
  SsdbHealth *h = health_new (device, "nvme");
  g_autoptr (GString) reason = g_string_new (NULL);
  guint8 cw = log->critical_warning & 0x3f; /* bits 6-7 are reserved */
  locale_t previous;

  /* 1000 units of 512 bytes; a product above 2^63 - 1 (8 ZB) is kept at the top. */
  h->host_bytes_written = log->data_units_written > (guint64)G_MAXINT64 / 512000
                              ? G_MAXINT64
                              : (gint64)(log->data_units_written * 512000);
  h->host_bytes_read = log->data_units_read > (guint64)G_MAXINT64 / 512000
                           ? G_MAXINT64
                           : (gint64)(log->data_units_read * 512000);
  h->throttle_seconds = (gint64)log->thermal_seconds[0] + (gint64)log->thermal_seconds[1];
  h->power_on_hours
      = log->power_on_hours > (guint64)G_MAXINT64 ? G_MAXINT64 : (gint64)log->power_on_hours;
  h->temperature_c = kelvin_to_c (log->composite_temperature_k);

  add_row (h, 0, "Critical Warning", -1, -1, -1, cw, "",
           (cw & 0x1c) ? SSDB_HEALTH_FAILING : (cw ? SSDB_HEALTH_WARNING : SSDB_HEALTH_GOOD));
  if (!isnan (h->temperature_c))
    add_row (h, 0, "Composite Temperature", -1, -1, -1, round (h->temperature_c), "°C",
             (cw & 0x02) ? SSDB_HEALTH_WARNING : SSDB_HEALTH_GOOD);
  add_row (h, 0, "Available Spare", -1, -1, -1, log->available_spare, "%",
           log->available_spare < log->available_spare_threshold ? SSDB_HEALTH_WARNING
                                                                 : SSDB_HEALTH_GOOD);
  add_row (h, 0, "Available Spare Threshold", -1, -1, -1, log->available_spare_threshold, "%",
           SSDB_HEALTH_GOOD);
  add_row (h, 0, "Percentage Used", -1, -1, -1, log->percentage_used, "%",
           log->percentage_used >= 100 ? SSDB_HEALTH_WARNING : SSDB_HEALTH_GOOD);
  add_row (h, 0, "Data Units Read", -1, -1, -1, (double)h->host_bytes_read, "B", SSDB_HEALTH_GOOD);
  add_row (h, 0, "Data Units Written", -1, -1, -1, (double)h->host_bytes_written, "B",
           SSDB_HEALTH_GOOD);
  add_row (h, 0, "Host Read Commands", -1, -1, -1, (double)log->host_read_commands, "",
           SSDB_HEALTH_GOOD);
  add_row (h, 0, "Host Write Commands", -1, -1, -1, (double)log->host_write_commands, "",
           SSDB_HEALTH_GOOD);
  add_row (h, 0, "Controller Busy Time", -1, -1, -1, (double)log->controller_busy_minutes, "min",
           SSDB_HEALTH_GOOD);
  add_row (h, 0, "Power Cycles", -1, -1, -1, (double)log->power_cycles, "", SSDB_HEALTH_GOOD);
  add_row (h, 0, "Power On Hours", -1, -1, -1, (double)log->power_on_hours, "h", SSDB_HEALTH_GOOD);
  add_row (h, 0, "Unsafe Shutdowns", -1, -1, -1, (double)log->unsafe_shutdowns, "",
           SSDB_HEALTH_GOOD);
  add_row (h, 0, "Media and Data Integrity Errors", -1, -1, -1, (double)log->media_errors, "",
           zero_or_warning (log->media_errors));
  add_row (h, 0, "Number of Error Information Log Entries", -1, -1, -1,
           (double)log->error_log_entries, "", SSDB_HEALTH_GOOD);
  add_row (h, 0, "Warning Composite Temperature Time", -1, -1, -1, log->warning_temperature_minutes,
           "min", SSDB_HEALTH_GOOD);
  add_row (h, 0, "Critical Composite Temperature Time", -1, -1, -1,
           log->critical_temperature_minutes, "min", SSDB_HEALTH_GOOD);
  for (guint i = 0; i < 8; i++)
    if (log->sensor_temperature_k[i] != 0)
      {
        g_autofree char *name = g_strdup_printf ("Temperature Sensor %u", i + 1);

        add_row (h, 0, name, -1, -1, -1, round (kelvin_to_c (log->sensor_temperature_k[i])), "°C",
                 SSDB_HEALTH_GOOD);
      }
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *count
          = g_strdup_printf ("Thermal Management Temperature %u Transition Count", i + 1);
      g_autofree char *time
          = g_strdup_printf ("Total Time For Thermal Management Temperature %u", i + 1);

      add_row (h, 0, count, -1, -1, -1, log->thermal_transitions[i], "", SSDB_HEALTH_GOOD);
      add_row (h, 0, time, -1, -1, -1, log->thermal_seconds[i], "s", SSDB_HEALTH_GOOD);
    }

  previous = ssdb_words_locale_begin ();
  for (guint bit = 0; bit < G_N_ELEMENTS (failing_bits); bit++)
    if ((cw & (1u << bit)) && failing_bits[bit] != NULL)
      g_string_append_printf (reason, "%s%s", reason->len ? "; " : "", failing_bits[bit]);
  if (reason->len > 0)
    h->assessment = SSDB_HEALTH_FAILING;
  else
    {
      for (guint bit = 0; bit < G_N_ELEMENTS (warning_bits); bit++)
        if ((cw & (1u << bit)) && warning_bits[bit] != NULL)
          g_string_append_printf (reason, "%s%s", reason->len ? "; " : "", warning_bits[bit]);
      if (!(cw & 0x01) && log->available_spare < log->available_spare_threshold)
        g_string_append_printf (
            reason, "%sits available spare (%u %%) is below its threshold (%u %%)",
            reason->len ? "; " : "", log->available_spare, log->available_spare_threshold);
      if (log->percentage_used >= 100)
        g_string_append_printf (reason, "%sit has used %u %% of its rated endurance",
                                reason->len ? "; " : "", log->percentage_used);
      if (log->media_errors > 0)
        g_string_append_printf (
            reason, "%sit counts %" G_GUINT64_FORMAT " unrecovered media and data integrity errors",
            reason->len ? "; " : "", log->media_errors);
      h->assessment = reason->len > 0 ? SSDB_HEALTH_WARNING : SSDB_HEALTH_GOOD;
    }
  if (h->assessment == SSDB_HEALTH_GOOD)
    h->reason = g_strdup_printf ("The drive reports no critical warning, %u %% of its spare left "
                                 "and %u %% of its rated endurance used.",
                                 log->available_spare, log->percentage_used);
  else
    h->reason = g_strdup_printf ("The drive reports that %s.", reason->str);
  ssdb_words_locale_end (previous);
  return h;
}

/* libatasmart's pretty value in the row's unit (its units: 0 unknown, 1 none, 2 ms, 3 sectors,
 * 4 mK, 5 small percent, 6 percent, 7 MB): hours for a time of an hour or more, ms below that
 * (a spin-up time), °C for a temperature, % and MB as given, a plain count otherwise. */
static double
ata_pretty (const SsdbAtaAttribute *a, const char **unit)
{
  switch (a->pretty_unit)
    {
      case 2: /* milliseconds */
        if (a->pretty >= 3600000)
          {
            *unit = "h";
            return floor ((double)a->pretty / 3.6e6);
          }
        *unit = "ms";
        return (double)a->pretty;
      case 4: /* millikelvin */
        *unit = "°C";
        return round ((double)a->pretty / 1000.0 - 273.15);
      case 5:
      case 6:
        *unit = "%";
        return (double)a->pretty;
      case 7:
        *unit = "MB";
        return (double)a->pretty;
      default:
        *unit = "";
        return (double)a->pretty;
    }
}

/* A self-test status of UDisks2 that means the test found a fault. */
static gboolean
selftest_failed (const char *status)
{
  return status != NULL && (g_str_has_prefix (status, "error") || g_str_equal (status, "fatal"));
}

SsdbHealth *
ssdb_health_new_ata (const char *device, const SsdbAtaSmart *smart)
{
  SsdbHealth *h = health_new (device, "ata-smart");
  g_autoptr (GString) failing = g_string_new (NULL);
  g_autoptr (GString) w = g_string_new (NULL);
  guint64 realloc = 0, pending = 0, uncorrectable = 0;
  locale_t previous;

  h->selftest_status = g_strdup (smart->selftest_status);
  h->selftest_percent_remaining = smart->selftest_percent_remaining;
  memcpy (h->features, smart->features, sizeof h->features);
  h->read_at = smart->updated > 0 ? (gint64)smart->updated : -1;
  if (smart->temperature_k > 0)
    h->temperature_c = smart->temperature_k - 273.15;
  if (smart->power_on_seconds > 0)
    h->power_on_hours = (gint64)(smart->power_on_seconds / 3600);

  for (guint i = 0; i < smart->attributes->len; i++)
    {
      const SsdbAtaAttribute *a = &g_array_index (smart->attributes, SsdbAtaAttribute, i);
      const char *unit = "";
      double raw = ata_pretty (a, &unit);
      SsdbHealthAssessment state = SSDB_HEALTH_GOOD;

      if (a->threshold > 0 && a->value >= 0 && a->value <= a->threshold)
        {
          state = SSDB_HEALTH_FAILING;
          g_string_append_printf (failing, "%s%s", failing->len ? ", " : "", a->name);
        }
      else if ((a->id == 5 || a->id == 197 || a->id == 198) && a->pretty > 0)
        state = SSDB_HEALTH_WARNING;
      if (a->id == 5)
        realloc = a->pretty > 0 ? (guint64)a->pretty : 0;
      else if (a->id == 197)
        pending = a->pretty > 0 ? (guint64)a->pretty : 0;
      else if (a->id == 198)
        uncorrectable = a->pretty > 0 ? (guint64)a->pretty : 0;
      /* Attributes 241/242 (total LBAs written/read) are shown as UDisks2 gives them, but not
       * taken as host writes: libatasmart turns the raw count into MB assuming 32 MiB units,
       * while many drives count 512-byte sectors or GiB, so the byte count is not known. */
      if (a->id == 194 && a->pretty_unit == 4 && isnan (h->temperature_c))
        h->temperature_c = (double)a->pretty / 1000.0 - 273.15;
      if (a->id == 9 && a->pretty_unit == 2 && h->power_on_hours < 0)
        h->power_on_hours = a->pretty / 3600000;
      add_row (h, a->id, a->name, a->value, a->worst, a->threshold, raw, unit, state);
    }

  previous = ssdb_words_locale_begin ();
  if (realloc > 0)
    g_string_append_printf (w, "%" G_GUINT64_FORMAT " reallocated sectors", realloc);
  if (pending > 0)
    g_string_append_printf (w, "%s%" G_GUINT64_FORMAT " sectors pending reallocation",
                            w->len ? ", " : "", pending);
  if (uncorrectable > 0)
    g_string_append_printf (w, "%s%" G_GUINT64_FORMAT " uncorrectable sectors", w->len ? ", " : "",
                            uncorrectable);
  if (smart->attributes_failed_past > 0)
    g_string_append_printf (w, "%s%d attributes that failed in the past", w->len ? ", " : "",
                            smart->attributes_failed_past);
  if (selftest_failed (smart->selftest_status))
    g_string_append_printf (w, "%sa last self-test that failed (%s)", w->len ? ", " : "",
                            smart->selftest_status);

  if (!smart->supported)
    h->reason = g_strdup ("The drive does not support SMART.");
  else if (!smart->enabled)
    h->reason = g_strdup ("SMART is turned off on the drive.");
  else if (smart->updated == 0)
    h->reason = g_strdup ("The drive's SMART data has not been read yet.");
  else if (smart->failing)
    {
      h->assessment = SSDB_HEALTH_FAILING;
      h->reason = g_strdup ("The drive's own SMART assessment says it is likely to fail soon: "
                            "back up its data now.");
    }
  else if (failing->len > 0 || smart->attributes_failing > 0)
    {
      /* As GNOME Disks judges it: the drive's own assessment still passes, so this is a
       * warning, not a failure. */
      gboolean several = strchr (failing->str, ',') != NULL;

      h->assessment = SSDB_HEALTH_WARNING;
      if (failing->len > 0)
        h->reason = g_strdup_printf ("Attribute%s %s %s at or below %s failure threshold, "
                                     "although the drive's own SMART assessment passes%s%s.",
                                     several ? "s" : "", failing->str, several ? "are" : "is",
                                     several ? "their" : "its",
                                     w->len ? "; the drive also reports " : "", w->str);
      else
        h->reason = g_strdup_printf ("%d attributes are at or below their failure thresholds, "
                                     "although the drive's own SMART assessment passes%s%s.",
                                     smart->attributes_failing,
                                     w->len ? "; the drive also reports " : "", w->str);
    }
  else if (w->len > 0)
    {
      h->assessment = SSDB_HEALTH_WARNING;
      h->reason = g_strdup_printf ("The drive reports %s.", w->str);
    }
  else
    {
      h->assessment = SSDB_HEALTH_GOOD;
      h->reason = g_strdup ("The drive's SMART assessment passes and no attribute is beyond its "
                            "threshold.");
    }
  ssdb_words_locale_end (previous);
  return h;
}

static void
add_double_or_null (JsonBuilder *b, const char *name, double value)
{
  json_builder_set_member_name (b, name);
  if (isnan (value))
    json_builder_add_null_value (b);
  else
    json_builder_add_double_value (b, value);
}

static void
add_int_or_null (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  if (value < 0)
    json_builder_add_null_value (b);
  else
    json_builder_add_int_value (b, value);
}

char *
ssdb_health_to_json (const SsdbHealth *health)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GString) text = g_string_new (NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, "ssdbench-health");
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "device");
  json_builder_add_string_value (b, health->device);
  json_builder_set_member_name (b, "source");
  json_builder_add_string_value (b, health->source);
  json_builder_set_member_name (b, "assessment");
  json_builder_add_string_value (b, ssdb_health_assessment_to_string (health->assessment));
  json_builder_set_member_name (b, "reason");
  json_builder_add_string_value (b, health->reason ? health->reason : "");
  add_double_or_null (b, "temperature_c", health->temperature_c);
  add_int_or_null (b, "power_on_hours", health->power_on_hours);
  add_int_or_null (b, "host_bytes_written", health->host_bytes_written);
  add_int_or_null (b, "throttle_seconds", health->throttle_seconds);
  add_int_or_null (b, "host_bytes_read", health->host_bytes_read);
  add_int_or_null (b, "read_at", health->read_at);
  if (health->selftest_status != NULL)
    {
      json_builder_set_member_name (b, "selftest_status");
      json_builder_add_string_value (b, health->selftest_status);
      add_int_or_null (b, "selftest_percent_remaining", health->selftest_percent_remaining);
    }
  if (g_str_equal (health->source, "ata-smart"))
    ssdb_ata_features_build (b, "features", health->features);
  json_builder_set_member_name (b, "rows");
  json_builder_begin_array (b);
  for (guint i = 0; i < health->rows->len; i++)
    {
      const SsdbHealthRow *r = &g_array_index (health->rows, SsdbHealthRow, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_int_value (b, r->id);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, r->name);
      add_int_or_null (b, "value", r->value);
      add_int_or_null (b, "worst", r->worst);
      add_int_or_null (b, "threshold", r->threshold);
      add_double_or_null (b, "raw", r->raw);
      json_builder_set_member_name (b, "unit");
      json_builder_add_string_value (b, r->unit);
      json_builder_set_member_name (b, "text");
      json_builder_add_string_value (b, r->text);
      json_builder_set_member_name (b, "assessment");
      json_builder_add_string_value (b, ssdb_health_assessment_to_string (r->assessment));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  json_generator_set_root (gen, root);
  json_generator_to_gstring (gen, text);
  g_string_append_c (text, '\n');
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
state_word (SsdbHealthAssessment a)
{
  switch (a)
    {
      case SSDB_HEALTH_GOOD:
        return "OK";
      case SSDB_HEALTH_WARNING:
        return "WARNING";
      case SSDB_HEALTH_FAILING:
        return "FAILING";
      case SSDB_HEALTH_UNKNOWN:
      default:
        return "-";
    }
}

/* @text left-aligned in @width characters (not bytes: "°C" is one column). */
static void
append_padded (GString *s, const char *text, int width)
{
  glong n = g_utf8_strlen (text, -1);

  g_string_append (s, text);
  for (glong i = n; i < width; i++)
    g_string_append_c (s, ' ');
}

static void
append_opt_int (GString *s, int v)
{
  if (v < 0)
    g_string_append_printf (s, " %5s", "-");
  else
    g_string_append_printf (s, " %5d", v);
}

char *
ssdb_health_to_text (const SsdbHealth *health)
{
  g_autoptr (GString) s = g_string_new (NULL);
  g_autofree char *upper
      = g_ascii_strup (ssdb_health_assessment_to_string (health->assessment), -1);
  locale_t previous = ssdb_words_locale_begin ();
  gboolean ata = g_str_equal (health->source, "ata-smart");

  g_string_append_printf (s, "Health of %s: %s\n%s\n", health->device, upper,
                          health->reason ? health->reason : "");
  if (health->read_at >= 0)
    {
      g_autoptr (GDateTime) at = g_date_time_new_from_unix_utc (health->read_at);
      g_autofree char *when = at ? g_date_time_format (at, "%Y-%m-%d %H:%M UTC") : NULL;

      if (when != NULL)
        g_string_append_printf (s, "Read by UDisks2: %s\n", when);
    }
  if (!isnan (health->temperature_c))
    g_string_append_printf (s, "Temperature: %.0f °C\n", health->temperature_c);
  if (health->power_on_hours >= 0)
    g_string_append_printf (s, "Powered on: %" G_GINT64_FORMAT " h\n", health->power_on_hours);
  if (health->host_bytes_written >= 0)
    {
      g_autofree char *w = ssdb_format_capacity ((guint64)health->host_bytes_written);

      g_string_append_printf (s, "Host writes: %s, as counted by the drive\n", w);
    }
  if (health->host_bytes_read >= 0)
    {
      g_autofree char *r = ssdb_format_capacity ((guint64)health->host_bytes_read);

      g_string_append_printf (s, "Host reads: %s, as counted by the drive\n", r);
    }
  if (health->selftest_status != NULL)
    {
      g_string_append_printf (s, "Self-test: %s", health->selftest_status);
      if (health->selftest_percent_remaining >= 0
          && g_str_equal (health->selftest_status, "inprogress"))
        g_string_append_printf (s, ", %d %% remaining", health->selftest_percent_remaining);
      g_string_append_c (s, '\n');
    }
  for (guint i = 0; i < SSDB_ATA_N_FEATURES; i++)
    if (health->features[i] >= 0)
      g_string_append_printf (s, "%s: %s\n", ata_features[i].text,
                              health->features[i] ? "on" : "off");
  if (health->rows->len > 0)
    {
      g_string_append_c (s, '\n');
      if (ata)
        g_string_append_printf (s, "%3s  %-32s %5s %5s %5s  %-16s %s\n", "ID", "Attribute", "Value",
                                "Worst", "Thres", "Raw", "State");
      else
        g_string_append_printf (s, "%-48s %-20s %s\n", "Field", "Value", "State");
    }
  for (guint i = 0; i < health->rows->len; i++)
    {
      const SsdbHealthRow *r = &g_array_index (health->rows, SsdbHealthRow, i);

      if (ata)
        {
          g_string_append_printf (s, "%3u  %-32s", r->id, r->name);
          append_opt_int (s, r->value);
          append_opt_int (s, r->worst);
          append_opt_int (s, r->threshold);
          g_string_append (s, "  ");
          append_padded (s, r->text, 16);
          g_string_append_printf (s, " %s\n", state_word (r->assessment));
        }
      else
        {
          append_padded (s, r->name, 48);
          g_string_append_c (s, ' ');
          append_padded (s, r->text, 20);
          g_string_append_printf (s, " %s\n", state_word (r->assessment));
        }
    }
  ssdb_words_locale_end (previous);
  return g_string_free (g_steal_pointer (&s), FALSE);
}
