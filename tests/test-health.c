/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Drive health: the NVMe SMART / Health Information log page decoded from byte-exact pages laid
 * out as the NVMe Base Specification 2.0 gives them (figure "SMART / Health Information Log
 * Page", Log Identifier 02h), and the assessment of NVMe and ATA SMART health. The ATA
 * attributes here are what UDisks2's SmartGetAttributes returns; the D-Bus path itself is
 * tested against a UDisks2 stand-in in health-ata.sh. */
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-health.h"

/* Writes @value as an @n-byte (at most 8) little-endian field at byte @offset of @page. */
static void
put_le (guint8 *page, guint offset, guint n, guint64 value)
{
  for (guint i = 0; i < n; i++)
    page[offset + i] = (guint8)(value >> (8 * i));
}

/* A 128-bit counter: @low in bytes 0-7, @high in bytes 8-15. */
static void
put_u128 (guint8 *page, guint offset, guint64 low, guint64 high)
{
  put_le (page, offset, 8, low);
  put_le (page, offset + 8, 8, high);
}

/* A page of a healthy drive at 37 °C: every field a distinct value. */
static void
healthy_page (guint8 page[SSDB_NVME_HEALTH_LOG_SIZE])
{
  memset (page, 0, SSDB_NVME_HEALTH_LOG_SIZE);
  put_le (page, 1, 2, 310);          /* composite temperature, K: 36.85 °C */
  page[3] = 100;                     /* available spare */
  page[4] = 10;                      /* threshold */
  page[5] = 3;                       /* percentage used */
  put_u128 (page, 32, 1000000, 0);   /* data units read: 1e6 x 512000 B = 512 GB */
  put_u128 (page, 48, 2000000, 0);   /* data units written: 1.024 TB */
  put_u128 (page, 64, 123456789, 0); /* host read commands */
  put_u128 (page, 80, 98765432, 0);  /* host write commands */
  put_u128 (page, 96, 4321, 0);      /* controller busy, minutes */
  put_u128 (page, 112, 77, 0);       /* power cycles */
  put_u128 (page, 128, 1500, 0);     /* power-on hours */
  put_u128 (page, 144, 5, 0);        /* unsafe shutdowns */
  put_u128 (page, 160, 0, 0);        /* media errors */
  put_u128 (page, 176, 12, 0);       /* error log entries */
  put_le (page, 192, 4, 6);          /* warning temperature time, minutes */
  put_le (page, 196, 4, 1);          /* critical temperature time */
  put_le (page, 200, 2, 305);        /* sensor 1 */
  put_le (page, 214, 2, 320);        /* sensor 8 */
  put_le (page, 216, 4, 9);          /* TMT1 transitions */
  put_le (page, 220, 4, 2);          /* TMT2 transitions */
  put_le (page, 224, 4, 600);        /* time in TMT1, s */
  put_le (page, 228, 4, 30);         /* time in TMT2, s */
}

static const SsdbHealthRow *
find_row (const SsdbHealth *h, const char *name)
{
  for (guint i = 0; i < h->rows->len; i++)
    if (g_str_equal (g_array_index (h->rows, SsdbHealthRow, i).name, name))
      return &g_array_index (h->rows, SsdbHealthRow, i);
  return NULL;
}

static void
test_nvme_decode (void)
{
  guint8 page[SSDB_NVME_HEALTH_LOG_SIZE];
  SsdbNvmeHealthLog log;
  g_autoptr (GError) error = NULL;

  healthy_page (page);
  g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (log.critical_warning, ==, 0);
  g_assert_cmpuint (log.composite_temperature_k, ==, 310);
  g_assert_cmpuint (log.available_spare, ==, 100);
  g_assert_cmpuint (log.available_spare_threshold, ==, 10);
  g_assert_cmpuint (log.percentage_used, ==, 3);
  g_assert_cmpuint (log.data_units_read, ==, 1000000);
  g_assert_cmpuint (log.data_units_written, ==, 2000000);
  g_assert_cmpuint (log.host_read_commands, ==, 123456789);
  g_assert_cmpuint (log.host_write_commands, ==, 98765432);
  g_assert_cmpuint (log.controller_busy_minutes, ==, 4321);
  g_assert_cmpuint (log.power_cycles, ==, 77);
  g_assert_cmpuint (log.power_on_hours, ==, 1500);
  g_assert_cmpuint (log.unsafe_shutdowns, ==, 5);
  g_assert_cmpuint (log.media_errors, ==, 0);
  g_assert_cmpuint (log.error_log_entries, ==, 12);
  g_assert_cmpuint (log.warning_temperature_minutes, ==, 6);
  g_assert_cmpuint (log.critical_temperature_minutes, ==, 1);
  g_assert_cmpuint (log.sensor_temperature_k[0], ==, 305);
  g_assert_cmpuint (log.sensor_temperature_k[1], ==, 0);
  g_assert_cmpuint (log.sensor_temperature_k[7], ==, 320);
  g_assert_cmpuint (log.thermal_transitions[0], ==, 9);
  g_assert_cmpuint (log.thermal_transitions[1], ==, 2);
  g_assert_cmpuint (log.thermal_seconds[0], ==, 600);
  g_assert_cmpuint (log.thermal_seconds[1], ==, 30);
  g_assert_false (log.saturated);

  /* A page longer than 512 bytes (a buffer of 4 KiB) decodes the same. */
  {
    guint8 big[4096] = { 0 };
    SsdbNvmeHealthLog again;

    memcpy (big, page, sizeof page);
    big[600] = 0xff;
    g_assert_true (ssdb_nvme_health_log_decode (big, sizeof big, &again, NULL));
    g_assert_cmpmem (&again, sizeof again, &log, sizeof log);
  }
}

static void
test_nvme_edges (void)
{
  guint8 page[SSDB_NVME_HEALTH_LOG_SIZE];
  SsdbNvmeHealthLog log;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbHealth) h = NULL;

  /* Every field at its largest: a counter of exactly 2^64 - 1 is kept, one above saturates. */
  memset (page, 0xff, sizeof page);
  put_u128 (page, 48, G_MAXUINT64, 0);
  g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, NULL));
  g_assert_cmpuint (log.critical_warning, ==, 0xff);
  g_assert_cmpuint (log.composite_temperature_k, ==, 65535);
  g_assert_cmpuint (log.percentage_used, ==, 255);
  g_assert_cmpuint (log.data_units_written, ==, G_MAXUINT64);
  g_assert_cmpuint (log.data_units_read, ==, G_MAXUINT64);
  g_assert_true (log.saturated); /* every other counter has its high half set */
  g_assert_cmpuint (log.warning_temperature_minutes, ==, G_MAXUINT32);

  memset (page, 0, sizeof page);
  put_u128 (page, 48, G_MAXUINT64, 0);
  g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, NULL));
  g_assert_false (log.saturated);
  put_u128 (page, 160, 0, 1); /* media errors = 2^64 */
  g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, NULL));
  g_assert_true (log.saturated);
  g_assert_cmpuint (log.media_errors, ==, G_MAXUINT64);

  /* Byte order: 0x0102 at bytes 1-2 is 258 K, not 513. */
  memset (page, 0, sizeof page);
  page[1] = 0x02;
  page[2] = 0x01;
  g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, NULL));
  g_assert_cmpuint (log.composite_temperature_k, ==, 258);

  /* No temperature reported (0 K): no temperature, no row for it. */
  page[1] = page[2] = 0;
  g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, NULL));
  h = ssdb_health_new_nvme ("/dev/nvme9n1", &log);
  g_assert_true (isnan (h->temperature_c));
  g_assert_null (find_row (h, "Composite Temperature"));
  g_assert_null (find_row (h, "Temperature Sensor 1"));

  /* A short page is refused with both sizes named. */
  g_assert_false (ssdb_nvme_health_log_decode (page, 511, &log, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "511"));
  g_assert_nonnull (strstr (error->message, "512"));
  g_clear_error (&error);
  g_assert_false (ssdb_nvme_health_log_decode (NULL, 512, &log, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
}

static void
test_nvme_health (void)
{
  guint8 page[SSDB_NVME_HEALTH_LOG_SIZE];
  SsdbNvmeHealthLog log;
  g_autoptr (SsdbHealth) h = NULL;
  const SsdbHealthRow *row;

  healthy_page (page);
  g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, NULL));
  h = ssdb_health_new_nvme ("/dev/nvme0n1", &log);
  g_assert_cmpstr (h->source, ==, "nvme");
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_GOOD);
  g_assert_cmpstr (h->reason, ==,
                   "The drive reports no critical warning, 100 % of its spare left and 3 % of its "
                   "rated endurance used.");
  g_assert_cmpfloat_with_epsilon (h->temperature_c, 36.85, 1e-9);
  g_assert_cmpint (h->power_on_hours, ==, 1500);
  /* Data units are thousands of 512-byte units. */
  g_assert_cmpint (h->host_bytes_written, ==, G_GINT64_CONSTANT (1024000000000));
  g_assert_cmpint (h->host_bytes_read, ==, G_GINT64_CONSTANT (512000000000));
  row = find_row (h, "Data Units Written");
  g_assert_nonnull (row);
  g_assert_cmpstr (row->unit, ==, "B");
  g_assert_cmpstr (row->text, ==, "1.02 TB");
  row = find_row (h, "Composite Temperature");
  g_assert_cmpstr (row->text, ==, "37 °C");
  row = find_row (h, "Temperature Sensor 8");
  g_assert_nonnull (row);
  g_assert_cmpstr (row->text, ==, "47 °C");
  g_assert_null (find_row (h, "Temperature Sensor 2"));
  row = find_row (h, "Power On Hours");
  g_assert_cmpstr (row->text, ==, "1500 h");
  g_assert_cmpint (row->value, ==, -1);
  g_clear_pointer (&h, ssdb_health_free);

  /* Each critical warning bit: bits 2, 3, 4 fail, bits 0, 1, 5 warn. */
  {
    static const struct
    {
      guint bit;
      SsdbHealthAssessment expected;
      const char *words;
    } bits[] = {
      { 0, SSDB_HEALTH_WARNING, "available spare is below its threshold" },
      { 1, SSDB_HEALTH_WARNING, "temperature is beyond a temperature threshold" },
      { 2, SSDB_HEALTH_FAILING, "reliability is degraded" },
      { 3, SSDB_HEALTH_FAILING, "read-only mode" },
      { 4, SSDB_HEALTH_FAILING, "volatile memory backup device has failed" },
      { 5, SSDB_HEALTH_WARNING, "persistent memory region has become read-only" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bits); i++)
      {
        healthy_page (page);
        page[0] = (guint8)(1u << bits[i].bit);
        g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, NULL));
        h = ssdb_health_new_nvme ("/dev/nvme0n1", &log);
        g_assert_cmpint (h->assessment, ==, bits[i].expected);
        g_assert_nonnull (strstr (h->reason, bits[i].words));
        g_assert_cmpint (find_row (h, "Critical Warning")->assessment, ==, bits[i].expected);
        g_clear_pointer (&h, ssdb_health_free);
      }
  }

  /* Failing wins over a warning, and names only what fails. */
  healthy_page (page);
  page[0] = 0x01 | 0x08;
  g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, NULL));
  h = ssdb_health_new_nvme ("/dev/nvme0n1", &log);
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_FAILING);
  g_assert_cmpstr (h->reason, ==, "The drive reports that it has put its media in read-only mode.");
  g_clear_pointer (&h, ssdb_health_free);

  /* Endurance used up and media errors: warnings, with the figures. */
  healthy_page (page);
  page[5] = 120;
  put_u128 (page, 160, 3, 0);
  g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, NULL));
  h = ssdb_health_new_nvme ("/dev/nvme0n1", &log);
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_WARNING);
  g_assert_cmpstr (h->reason, ==,
                   "The drive reports that it has used 120 % of its rated endurance; it counts 3 "
                   "unrecovered media and data integrity errors.");
  g_assert_cmpint (find_row (h, "Media and Data Integrity Errors")->assessment, ==,
                   SSDB_HEALTH_WARNING);
  g_assert_cmpint (find_row (h, "Percentage Used")->assessment, ==, SSDB_HEALTH_WARNING);
  g_clear_pointer (&h, ssdb_health_free);

  /* Spare below its threshold without the bit set: the row and the drive warn. */
  healthy_page (page);
  page[3] = 5;
  g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, NULL));
  h = ssdb_health_new_nvme ("/dev/nvme0n1", &log);
  g_assert_cmpint (find_row (h, "Available Spare")->assessment, ==, SSDB_HEALTH_WARNING);
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_WARNING);
  g_assert_cmpstr (h->reason, ==,
                   "The drive reports that its available spare (5 %) is below its threshold "
                   "(10 %).");
  g_clear_pointer (&h, ssdb_health_free);

  /* The reserved bits 6 and 7 are ignored. */
  healthy_page (page);
  page[0] = 0xc0;
  g_assert_true (ssdb_nvme_health_log_decode (page, sizeof page, &log, NULL));
  h = ssdb_health_new_nvme ("/dev/nvme0n1", &log);
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_GOOD);
  g_assert_cmpint (find_row (h, "Critical Warning")->assessment, ==, SSDB_HEALTH_GOOD);
}

static void
add_attr (SsdbAtaSmart *s, guint8 id, const char *name, int value, int worst, int threshold,
          gint64 pretty, int unit)
{
  SsdbAtaAttribute a = { .id = id,
                         .name = g_strdup (name),
                         .value = value,
                         .worst = worst,
                         .threshold = threshold,
                         .pretty = pretty,
                         .pretty_unit = unit };

  g_array_append_val (s->attributes, a);
}

static SsdbAtaSmart *
healthy_ata (void)
{
  SsdbAtaSmart *s = ssdb_ata_smart_new ();

  s->supported = s->enabled = TRUE;
  s->updated = 1764633600;
  s->power_on_seconds = 1234 * 3600 + 1800;
  s->temperature_k = 308.15;
  s->selftest_status = g_strdup ("success");
  add_attr (s, 1, "raw-read-error-rate", 100, 100, 50, 0, 1);
  add_attr (s, 5, "reallocated-sector-count", 100, 100, 10, 0, 3);
  add_attr (s, 9, "power-on-hours", 99, 99, 0, G_GINT64_CONSTANT (1234) * 3600 * 1000, 2);
  add_attr (s, 194, "temperature-celsius-2", 65, 50, 0, 308150, 4);
  add_attr (s, 3, "spin-up-time", 100, 100, 21, 4158, 2);
  add_attr (s, 231, "ssd-life-left", 97, 97, 10, 97, 6);
  add_attr (s, 241, "total-lbas-written", 99, 99, 0, 12288000, 7);
  return s;
}

static void
test_ata_health (void)
{
  g_autoptr (SsdbAtaSmart) s = healthy_ata ();
  g_autoptr (SsdbHealth) h = ssdb_health_new_ata ("/dev/sda", s);
  const SsdbHealthRow *row;

  g_assert_cmpstr (h->source, ==, "ata-smart");
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_GOOD);
  g_assert_cmpint (h->power_on_hours, ==, 1234);
  g_assert_cmpfloat_with_epsilon (h->temperature_c, 35.0, 1e-9);
  /* libatasmart's MB for attribute 241 assume a raw unit many drives do not use: no bytes. */
  g_assert_cmpint (h->host_bytes_written, ==, -1);
  g_assert_cmpint (h->host_bytes_read, ==, -1);
  g_assert_cmpint (h->read_at, ==, 1764633600);
  g_assert_cmpuint (h->rows->len, ==, 7);
  /* Each in its unit: a spin-up time in ms, not "0 h"; a percentage; UDisks2's MB. */
  g_assert_cmpstr (find_row (h, "spin-up-time")->text, ==, "4158 ms");
  g_assert_cmpstr (find_row (h, "ssd-life-left")->text, ==, "97 %");
  g_assert_cmpstr (find_row (h, "total-lbas-written")->text, ==, "12288000 MB");
  row = find_row (h, "power-on-hours");
  g_assert_cmpuint (row->id, ==, 9);
  g_assert_cmpstr (row->text, ==, "1234 h");
  g_assert_cmpint (row->value, ==, 99);
  g_assert_cmpint (row->threshold, ==, 0);
  g_assert_cmpstr (find_row (h, "temperature-celsius-2")->text, ==, "35 °C");
  g_clear_pointer (&h, ssdb_health_free);

  /* Reallocated and pending sectors: a warning counting them. */
  g_array_index (s->attributes, SsdbAtaAttribute, 1).pretty = 8;
  add_attr (s, 197, "current-pending-sector", 100, 100, 0, 2, 3);
  h = ssdb_health_new_ata ("/dev/sda", s);
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_WARNING);
  g_assert_cmpstr (h->reason, ==,
                   "The drive reports 8 reallocated sectors, 2 sectors pending reallocation.");
  g_assert_cmpint (find_row (h, "reallocated-sector-count")->assessment, ==, SSDB_HEALTH_WARNING);
  g_clear_pointer (&h, ssdb_health_free);

  /* An attribute at its threshold is marked failing and named, but while the drive's own
   * assessment passes the drive is a warning, as GNOME Disks judges it (the reallocated and
   * pending sectors above are said too). A threshold of 0 never fails. */
  g_array_index (s->attributes, SsdbAtaAttribute, 0).value = 50;
  h = ssdb_health_new_ata ("/dev/sda", s);
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_WARNING);
  g_assert_cmpstr (h->reason, ==,
                   "Attribute raw-read-error-rate is at or below its failure threshold, although "
                   "the drive's own SMART assessment passes; the drive also reports 8 reallocated "
                   "sectors, 2 sectors pending reallocation.");
  g_assert_cmpint (find_row (h, "raw-read-error-rate")->assessment, ==, SSDB_HEALTH_FAILING);
  g_assert_cmpint (find_row (h, "power-on-hours")->assessment, ==, SSDB_HEALTH_GOOD);
  g_clear_pointer (&h, ssdb_health_free);

  /* The drive's overall assessment comes first. */
  s->failing = TRUE;
  h = ssdb_health_new_ata ("/dev/sda", s);
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_FAILING);
  g_assert_nonnull (strstr (h->reason, "own SMART assessment says it is likely to fail soon"));
  g_clear_pointer (&h, ssdb_health_free);

  /* A failed self-test is a warning naming it. */
  s->failing = FALSE;
  g_array_index (s->attributes, SsdbAtaAttribute, 0).value = 100;
  g_array_index (s->attributes, SsdbAtaAttribute, 1).pretty = 0;                      /* 5 */
  g_array_index (s->attributes, SsdbAtaAttribute, s->attributes->len - 1).pretty = 0; /* 197 */
  g_free (s->selftest_status);
  s->selftest_status = g_strdup ("error_read");
  h = ssdb_health_new_ata ("/dev/sda", s);
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_WARNING);
  g_assert_cmpstr (h->reason, ==, "The drive reports a last self-test that failed (error_read).");
  g_clear_pointer (&h, ssdb_health_free);

  /* Unsupported, disabled, never read: unknown, and why. */
  s->failing = FALSE;
  s->updated = 0;
  h = ssdb_health_new_ata ("/dev/sda", s);
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_UNKNOWN);
  g_assert_cmpstr (h->reason, ==, "The drive's SMART data has not been read yet.");
  g_clear_pointer (&h, ssdb_health_free);
  s->enabled = FALSE;
  h = ssdb_health_new_ata ("/dev/sda", s);
  g_assert_cmpstr (h->reason, ==, "SMART is turned off on the drive.");
  g_clear_pointer (&h, ssdb_health_free);
  s->supported = FALSE;
  h = ssdb_health_new_ata ("/dev/sda", s);
  g_assert_cmpint (h->assessment, ==, SSDB_HEALTH_UNKNOWN);
  g_assert_cmpstr (h->reason, ==, "The drive does not support SMART.");
}

static void
test_json_and_text (void)
{
  g_autoptr (SsdbAtaSmart) s = healthy_ata ();
  g_autoptr (SsdbHealth) h = ssdb_health_new_ata ("/dev/sda", s);
  g_autoptr (SsdbHealth) none = ssdb_health_new_none ("/dev/zram0", "zram0 is a RAM disk.");
  g_autofree char *json = ssdb_health_to_json (h);
  g_autofree char *text = ssdb_health_to_text (h);
  g_autofree char *none_json = ssdb_health_to_json (none);
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root, *row;

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "ssdbench-health");
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (root, "assessment"), ==, "good");
  g_assert_true (json_object_get_null_member (root, "host_bytes_written"));
  g_assert_cmpint (json_object_get_int_member (root, "read_at"), ==, 1764633600);
  g_assert_cmpint (json_object_get_int_member (root, "power_on_hours"), ==, 1234);
  row = json_array_get_object_element (json_object_get_array_member (root, "rows"), 2);
  g_assert_cmpint (json_object_get_int_member (row, "id"), ==, 9);
  g_assert_cmpfloat (json_object_get_double_member (row, "raw"), ==, 1234);
  g_assert_cmpstr (json_object_get_string_member (row, "unit"), ==, "h");

  g_assert_true (g_str_has_prefix (text, "Health of /dev/sda: GOOD\nThe drive's SMART "));
  g_assert_nonnull (strstr (text, "Read by UDisks2: 2025-12-02 00:00 UTC\n"));
  g_assert_null (strstr (text, "Host writes"));
  g_assert_nonnull (
      strstr (text, "  9  power-on-hours                      99    99     0  1234 h"));

  g_assert_true (json_parser_load_from_data (parser, none_json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "source"), ==, "none");
  g_assert_cmpstr (json_object_get_string_member (root, "assessment"), ==, "unknown");
  g_assert_true (json_object_get_null_member (root, "temperature_c"));
  g_assert_true (json_object_get_null_member (root, "host_bytes_written"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "rows")), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/health/nvme/decode", test_nvme_decode);
  g_test_add_func ("/health/nvme/edges", test_nvme_edges);
  g_test_add_func ("/health/nvme/assessment", test_nvme_health);
  g_test_add_func ("/health/ata/assessment", test_ata_health);
  g_test_add_func ("/health/json-and-text", test_json_and_text);
  return g_test_run ();
}
