/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * The drive's own account of its health: ATA SMART attributes (as UDisks2 reads them) or the
 * NVMe SMART / Health Information log page (02h), turned into one model with an assessment in
 * words. The engine decodes and assesses; reading the drive (UDisks2 over D-Bus, the NVMe admin
 * passthrough ioctl) is in src/devices/ssdb-health-read.c.
 */

/**
 * SsdbHealthAssessment:
 * @SSDB_HEALTH_UNKNOWN: the drive reports nothing that decides (no SMART, not read)
 * @SSDB_HEALTH_GOOD: nothing the drive reports is out of its limits
 * @SSDB_HEALTH_WARNING: the drive works, but something it reports needs attention (an attribute
 *   at or below its threshold while the drive's own assessment passes, reallocated or pending
 *   sectors, a failed self-test, spare below threshold, temperature over its threshold, media
 *   errors, rated endurance used up)
 * @SSDB_HEALTH_FAILING: the drive says it is failing (its own SMART assessment fails; NVMe
 *   reliability degraded, media read-only or volatile memory backup failed)
 */
typedef enum
{
  SSDB_HEALTH_UNKNOWN,
  SSDB_HEALTH_GOOD,
  SSDB_HEALTH_WARNING,
  SSDB_HEALTH_FAILING,
} SsdbHealthAssessment;

/**
 * ssdb_health_assessment_to_string:
 *
 * Returns: (transfer none): "unknown", "good", "warning" or "failing" (the JSON value, never
 *   translated).
 */
const char *
ssdb_health_assessment_to_string (SsdbHealthAssessment assessment);

/**
 * SsdbHealthRow:
 * @id: the ATA attribute ID (1-255), or 0 for a field of the NVMe log page
 * @name: the attribute's name as UDisks2 (libatasmart) gives it ("reallocated-sector-count"),
 *   or the NVMe field's name in the specification's words ("Percentage Used")
 * @value: the normalised value (ATA, 1-253), or -1
 * @worst: the worst normalised value seen (ATA), or -1
 * @threshold: the failure threshold (ATA; 0 means "never fails"), or -1
 * @raw: the value in @unit: hours, °C, bytes, a count...; for ATA UDisks2's "pretty" value
 *   converted to @unit (milliseconds to hours from an hour on, millikelvin to °C)
 * @unit: "", "h", "ms", "s", "min", "°C", "B", "MB" or "%"
 * @text: @raw in words with its unit ("1234 h", "35 °C", "12.3 GB", "0")
 * @assessment: this row's own state (%SSDB_HEALTH_FAILING for an ATA attribute at or below its
 *   nonzero threshold, as GNOME Disks marks it; %SSDB_HEALTH_WARNING for a nonzero reallocated,
 * pending or uncorrectable count or an NVMe field out of its limit, else %SSDB_HEALTH_GOOD)
 *
 * One row of the table, as GNOME Disks' SMART dialog shows it.
 */
typedef struct
{
  guint id;
  char *name;
  int value;
  int worst;
  int threshold;
  double raw;
  char *unit;
  char *text;
  SsdbHealthAssessment assessment;
} SsdbHealthRow;

/**
 * SsdbNvmeHealthLog:
 *
 * The NVMe SMART / Health Information log page (Log Identifier 02h, 512 bytes), decoded per the
 * NVMe Base Specification 2.0, figure "SMART / Health Information Log Page". Temperatures are in
 * kelvin as the drive reports them (0 = sensor not reported). The 128-bit counters are kept as
 * 64-bit values; a counter above 2^64 - 1 is G_MAXUINT64 and @saturated says so.
 */
typedef struct
{
  guint8 critical_warning;              /* byte 0: bit 0 spare, 1 temperature, 2 reliability,
                                         * 3 read-only, 4 volatile memory backup, 5 PMR read-only */
  guint16 composite_temperature_k;      /* bytes 1-2 */
  guint8 available_spare;               /* byte 3, % */
  guint8 available_spare_threshold;     /* byte 4, % */
  guint8 percentage_used;               /* byte 5, % of rated endurance; may exceed 100 (255 max) */
  guint8 endurance_group_warning;       /* byte 6 */
  guint64 data_units_read;              /* bytes 32-47: thousands of 512-byte units */
  guint64 data_units_written;           /* bytes 48-63 */
  guint64 host_read_commands;           /* bytes 64-79 */
  guint64 host_write_commands;          /* bytes 80-95 */
  guint64 controller_busy_minutes;      /* bytes 96-111 */
  guint64 power_cycles;                 /* bytes 112-127 */
  guint64 power_on_hours;               /* bytes 128-143 */
  guint64 unsafe_shutdowns;             /* bytes 144-159 */
  guint64 media_errors;                 /* bytes 160-175 */
  guint64 error_log_entries;            /* bytes 176-191 */
  guint32 warning_temperature_minutes;  /* bytes 192-195 */
  guint32 critical_temperature_minutes; /* bytes 196-199 */
  guint16 sensor_temperature_k[8];      /* bytes 200-215 */
  guint32 thermal_transitions[2];       /* bytes 216-223: TMT1, TMT2 transition counts */
  guint32 thermal_seconds[2];           /* bytes 224-231: time in TMT1, TMT2 */
  gboolean saturated;                   /* some 128-bit counter did not fit 64 bits */
} SsdbNvmeHealthLog;

/** SSDB_NVME_HEALTH_LOG_SIZE: the size of log page 02h in bytes. */
#define SSDB_NVME_HEALTH_LOG_SIZE 512

/**
 * ssdb_nvme_health_log_decode:
 * @page: the log page as the controller returned it (little-endian fields)
 * @length: the bytes in @page; must be at least %SSDB_NVME_HEALTH_LOG_SIZE
 * @log: (out caller-allocates): the decoded fields
 * @error: %SSDB_ERROR_INVALID_ARGUMENT when @length is short (the message gives both sizes)
 *
 * Decodes the SMART / Health Information log page, NVMe Base Specification 2.0, section 5.16.1.3.
 *
 * Returns: %TRUE on success.
 */
gboolean
ssdb_nvme_health_log_decode (const guint8 *page, gsize length, SsdbNvmeHealthLog *log,
                             GError **error);

/**
 * SsdbAtaFeature:
 * @SSDB_ATA_WRITE_CACHE: the drive's volatile write cache (UDisks2 `WriteCache*`)
 * @SSDB_ATA_READ_LOOKAHEAD: read look-ahead (`ReadLookahead*`)
 * @SSDB_ATA_PM: the power management feature set (`Pm*`)
 * @SSDB_ATA_APM: advanced power management, which can park heads or sleep between requests
 *   (`Apm*`)
 * @SSDB_ATA_AAM: automatic acoustic management, which slows seeks to quieten them (`Aam*`)
 * @SSDB_ATA_N_FEATURES: how many there are
 *
 * The ATA features that change what a benchmark measures, as UDisks2's `Drive.Ata` reports
 * their `...Supported` and `...Enabled` properties.
 */
typedef enum
{
  SSDB_ATA_WRITE_CACHE,
  SSDB_ATA_READ_LOOKAHEAD,
  SSDB_ATA_PM,
  SSDB_ATA_APM,
  SSDB_ATA_AAM,
  SSDB_ATA_N_FEATURES,
} SsdbAtaFeature;

/**
 * ssdb_ata_feature_property:
 * @feature: a feature
 *
 * Returns: the UDisks2 property prefix of @feature ("WriteCache": `WriteCacheSupported`,
 *   `WriteCacheEnabled`).
 */
const char *
ssdb_ata_feature_property (SsdbAtaFeature feature);

/**
 * ssdb_ata_feature_key:
 * @feature: a feature
 *
 * Returns: @feature's member name in the health JSON ("write_cache").
 */
const char *
ssdb_ata_feature_key (SsdbAtaFeature feature);

/**
 * ssdb_ata_features_build:
 * @b: a builder inside an object
 * @key: the member to add ("features", "ata_features")
 * @features: (array fixed-size=5): the features (1 on, 0 off, -1 not supported)
 *
 * Adds @key as an object of the features by their keys (ssdb_ata_feature_key()): %TRUE,
 * %FALSE, or null when not supported. The health document and the report write it so.
 */
void
ssdb_ata_features_build (JsonBuilder *b, const char *key, const int *features);

/**
 * SsdbAtaSmart:
 *
 * What UDisks2's `org.freedesktop.UDisks2.Drive.Ata` interface says of a drive: its SMART
 * properties and the attributes from `SmartGetAttributes` (signature `a(ysqiiixia{sv})`). Filled
 * by the devices layer, assessed by ssdb_health_new_ata().
 */
typedef struct
{
  gboolean supported;             /* SmartSupported */
  gboolean enabled;               /* SmartEnabled */
  guint64 updated;                /* SmartUpdated, seconds since the epoch; 0 = never read */
  gboolean failing;               /* SmartFailing: the drive's overall assessment */
  guint64 power_on_seconds;       /* SmartPowerOnSeconds, 0 = unknown */
  double temperature_k;           /* SmartTemperature, 0 = unknown */
  int attributes_failing;         /* SmartNumAttributesFailing */
  int attributes_failed_past;     /* SmartNumAttributesFailedInThePast */
  gint64 bad_sectors;             /* SmartNumBadSectors */
  char *selftest_status;          /* SmartSelftestStatus: "success", "inprogress", ... */
  int selftest_percent_remaining; /* SmartSelftestPercentRemaining, -1 = none running */
  GArray *attributes;             /* of SsdbAtaAttribute */
  int features[SSDB_ATA_N_FEATURES]; /* 1 on, 0 off, -1 not supported or not reported */
} SsdbAtaSmart;

/**
 * SsdbAtaAttribute:
 *
 * One element of `SmartGetAttributes`: (id, name, flags, value, worst, threshold, pretty,
 * pretty_unit, expansion). @pretty_unit is libatasmart's: 0 unknown, 1 none, 2 milliseconds,
 * 3 sectors, 4 millikelvin; -1 for value, worst or threshold means not available.
 */
typedef struct
{
  guint8 id;
  char *name;
  guint16 flags;
  int value;
  int worst;
  int threshold;
  gint64 pretty;
  int pretty_unit;
} SsdbAtaAttribute;

/** ssdb_ata_smart_new: Returns: (transfer full): an empty #SsdbAtaSmart. */
SsdbAtaSmart *
ssdb_ata_smart_new (void);

/** ssdb_ata_smart_free: Frees @smart and its attributes. */
void
ssdb_ata_smart_free (SsdbAtaSmart *smart);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbAtaSmart, ssdb_ata_smart_free)

/**
 * SsdbHealth:
 * @device: the device node the health was read from
 * @source: "ata-smart", "nvme" or "none"
 * @assessment: the drive's state, from its own report
 * @reason: the assessment in one sentence, with what decided it ("The drive reports 8
 *   reallocated sectors."); English, C locale
 * @temperature_c: the drive's (composite) temperature in °C, or NAN
 * @power_on_hours: or -1
 * @host_bytes_written: bytes written by the host as the drive counts them (NVMe data units
 *   written x 512000), or -1; ATA drives' attribute 241 is in the table but not taken as bytes,
 *   since its raw unit differs between vendors
 * @host_bytes_read: the same for reads, or -1
 * @throttle_seconds: the time an NVMe drive spent throttled for heat over its life (Thermal
 *   Management Temperature 1 and 2 Total Time added up, seconds), or -1
 * @read_at: when the drive was read (ATA: UDisks2's SmartUpdated), seconds since the epoch, or
 *   -1 (read now)
 * @selftest_status: (nullable): the ATA self-test state, "inprogress" while one runs
 * @selftest_percent_remaining: or -1
 * @stale: %TRUE when this is UDisks2's last reading of a sleeping disk, not read again now
 * @rows: (element-type SsdbHealthRow): the table
 * @features: ATA drives' write cache, look-ahead and power features (#SsdbAtaFeature): 1 on,
 *   0 off, -1 not supported (and for NVMe drives)
 *
 * A drive's health, whatever it was read from.
 */
typedef struct
{
  char *device;
  char *source;
  SsdbHealthAssessment assessment;
  char *reason;
  double temperature_c;
  gint64 power_on_hours;
  gint64 host_bytes_written;
  gint64 host_bytes_read;
  gint64 throttle_seconds;
  gint64 read_at;
  char *selftest_status;
  int selftest_percent_remaining;
  gboolean stale;
  GArray *rows;
  int features[SSDB_ATA_N_FEATURES];
} SsdbHealth;

/**
 * ssdb_health_new_none:
 * @device: the device node
 * @reason: why nothing could be read ("zram0 is a RAM disk: it has no SMART or health log.")
 *
 * Returns: (transfer full): a health of source "none", assessment %SSDB_HEALTH_UNKNOWN.
 */
SsdbHealth *
ssdb_health_new_none (const char *device, const char *reason);

/**
 * ssdb_health_new_nvme:
 * @device: the device node
 * @log: the decoded log page
 *
 * The table and the assessment of an NVMe drive: failing when critical warning bit 2
 * (reliability degraded), 3 (read-only) or 4 (volatile memory backup failed) is set; warning for
 * bit 0 or an available spare below its threshold, bit 1 (temperature beyond a threshold),
 * bit 5, percentage used at 100 or more, or media and data integrity errors; good otherwise.
 * Bits 6 and 7 are reserved and ignored. Data units
 * are 1000 units of 512 bytes (NVMe Base Specification 2.0, "Data Units Read").
 *
 * Returns: (transfer full): the health.
 */
SsdbHealth *
ssdb_health_new_nvme (const char *device, const SsdbNvmeHealthLog *log);

/**
 * ssdb_health_new_ata:
 * @device: the device node
 * @smart: what UDisks2 reported
 *
 * The table and the assessment of an ATA drive, as GNOME Disks judges it: failing when the
 * drive's own SMART assessment fails (SmartFailing); warning when an attribute is at or below
 * its nonzero threshold (the drive's own assessment passing), an attribute failed in the past,
 * reallocated (5), pending (197) or uncorrectable (198) sectors are nonzero, or the last
 * self-test failed; unknown when SMART is unsupported, disabled or was never read; good
 * otherwise.
 *
 * Returns: (transfer full): the health.
 */
SsdbHealth *
ssdb_health_new_ata (const char *device, const SsdbAtaSmart *smart);

/** ssdb_health_free: Frees @health. */
void
ssdb_health_free (SsdbHealth *health);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbHealth, ssdb_health_free)

/**
 * ssdb_health_to_json:
 *
 * The health as a JSON document (format "ssdbench-health", version 1; docs/report-format.md,
 * "Health"): the assessment, its reason, the summary figures and the rows, with NAN and -1
 * written as null.
 *
 * Returns: (transfer full): UTF-8 text ending in a newline.
 */
char *
ssdb_health_to_json (const SsdbHealth *health);

/**
 * ssdb_health_to_text:
 *
 * The health as plain text: the assessment and reason first, then the summary figures and the
 * table (ID, name, value, worst, threshold, raw value, state), as `ssdbench-cli health` prints
 * it.
 *
 * Returns: (transfer full): UTF-8 text ending in a newline.
 */
char *
ssdb_health_to_text (const SsdbHealth *health);

G_END_DECLS
