/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ssdb-sysfs.h"

G_BEGIN_DECLS

/**
 * SsdbTemperatureSensor:
 * @input_path: the hwmon input file, in millidegrees Celsius (`.../hwmonN/temp1_input`)
 * @label: what the sensor is, for people: "nvme Composite (hwmon2 temp1)", "drivetemp (hwmon3
 *   temp1)" or, for an input given by path, the path
 * @warning_c: the drive's warning temperature (hwmon `tempN_max`: for NVMe the over-temperature
 *   threshold, by default the controller's WCTEMP; for drivetemp the SCT maximum operating
 *   temperature), °C, or NAN when the sensor has none
 * @critical_c: the critical temperature (`tempN_crit`: NVMe CCTEMP), °C, or NAN
 * @interval_ms: how often a run reads it, ms: 5000 for drivetemp, whose every reading is a
 *   command the drive serves between the benchmark's, 1000 otherwise
 *
 * A drive's temperature sensor as the kernel's hwmon class exposes it
 * (Documentation/hwmon/sysfs-interface.rst). Free with ssdb_temperature_sensor_free().
 */
typedef struct
{
  char *input_path;
  char *label;
  double warning_c;
  double critical_c;
  guint interval_ms;
} SsdbTemperatureSensor;

void
ssdb_temperature_sensor_free (SsdbTemperatureSensor *sensor);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbTemperatureSensor, ssdb_temperature_sensor_free)

/** ssdb_temperature_sensor_dup: Returns: (transfer full) (nullable): a copy of @sensor. */
SsdbTemperatureSensor *
ssdb_temperature_sensor_dup (const SsdbTemperatureSensor *sensor);

/**
 * ssdb_temperature_sensor_find:
 * @paths: (nullable): where to read sysfs from
 * @block_name: kernel name of a disk ("nvme0n1", "sda")
 *
 * Looks for the disk's hwmon sensor where the nvme driver (`/sys/block/X/device/hwmonN`, on the
 * controller) and drivetemp (`/sys/block/X/device/hwmon/hwmonN`, on the SCSI device) register
 * it, lowest hwmon number first, and takes its first temperature input (`temp1_input`, NVMe's
 * Composite). The input must read as a temperature now.
 *
 * Returns: (transfer full) (nullable): the sensor, or %NULL when the disk has none (virtio,
 *   zram, loop, a USB bridge that hides the drive's own).
 */
SsdbTemperatureSensor *
ssdb_temperature_sensor_find (const SsdbSystemPaths *paths, const char *block_name);

/**
 * ssdb_temperature_sensor_for_input:
 * @input_path: a hwmon temperature input (`tempN_input`, millidegrees Celsius)
 * @error: SSDB_ERROR_INVALID_ARGUMENT naming @input_path when it cannot be read as a
 *   temperature
 *
 * A sensor given by path, for a drive whose own sensor the kernel shows elsewhere (a USB
 * bridge's). Its `tempN_max` and `tempN_crit` beside it, where present, give the warning and
 * critical temperatures.
 *
 * Returns: (transfer full): the sensor, or %NULL with @error.
 */
SsdbTemperatureSensor *
ssdb_temperature_sensor_for_input (const char *input_path, GError **error);

/**
 * ssdb_temperature_sensor_read:
 * @sensor: a sensor
 * @celsius: (out): its temperature now, °C
 *
 * Returns: %TRUE when the input could be read as a temperature (-100 to 200 °C).
 */
gboolean
ssdb_temperature_sensor_read (const SsdbTemperatureSensor *sensor, double *celsius);

/**
 * SsdbTemperatureSample:
 * @t_s: seconds since the run started
 * @celsius: the temperature then, °C
 */
typedef struct
{
  double t_s;
  double celsius;
} SsdbTemperatureSample;

/** Most samples one log holds (a day at one a second). */
#define SSDB_TEMPERATURE_MAX_SAMPLES 86400u

/**
 * SsdbTemperatureLog:
 * @sensor: the sensor's label (SsdbTemperatureSensor.label)
 * @warning_c: its warning temperature, °C, or NAN
 * @critical_c: its critical temperature, °C, or NAN
 * @samples: (element-type SsdbTemperatureSample): the readings in time order, about one a
 *   second from the run's start to its end
 *
 * The drive's temperature during one run. Free with ssdb_temperature_log_free().
 */
typedef struct
{
  char *sensor;
  double warning_c;
  double critical_c;
  GArray *samples;
} SsdbTemperatureLog;

/**
 * ssdb_temperature_log_new:
 * @sensor: the sensor's label
 * @warning_c: its warning temperature, °C, or NAN when unknown
 * @critical_c: its critical temperature, °C, or NAN
 *
 * Returns: (transfer full): an empty log.
 */
SsdbTemperatureLog *
ssdb_temperature_log_new (const char *sensor, double warning_c, double critical_c);
void
ssdb_temperature_log_free (SsdbTemperatureLog *log);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbTemperatureLog, ssdb_temperature_log_free)

/** ssdb_temperature_log_dup: Returns: (transfer full) (nullable): a deep copy of @log. */
SsdbTemperatureLog *
ssdb_temperature_log_dup (const SsdbTemperatureLog *log);

/**
 * ssdb_temperature_log_assign:
 * @to: (inout): where a log is kept (freed and replaced)
 * @from: (nullable): the log to copy there
 *
 * Makes *@to a copy of @from (%NULL for %NULL), for a result copied into another.
 */
void
ssdb_temperature_log_assign (SsdbTemperatureLog **to, const SsdbTemperatureLog *from);

/**
 * SsdbTemperatureStats:
 * @min_c: lowest reading, °C
 * @max_c: highest reading, °C
 * @max_t_s: when the highest was first read, s
 * @over_warning: %TRUE when a reading reached the warning temperature
 * @first_over_warning_s: the first such reading's time, s
 * @over_warning_s: how long the readings stayed at or above it, s (each reading stands for the
 *   time until the next)
 * @over_critical: %TRUE when a reading reached the critical temperature
 */
typedef struct
{
  double min_c;
  double max_c;
  double max_t_s;
  gboolean over_warning;
  double first_over_warning_s;
  double over_warning_s;
  gboolean over_critical;
} SsdbTemperatureStats;

/**
 * ssdb_temperature_log_stats:
 * @log: a log
 * @out: (out): its statistics
 *
 * Returns: %FALSE (and @out zeroed) when @log has no samples.
 */
gboolean
ssdb_temperature_log_stats (const SsdbTemperatureLog *log, SsdbTemperatureStats *out);

/**
 * ssdb_temperature_log_words:
 * @log: (nullable): a log
 *
 * The temperature in one or two sentences: its range and, when the drive reached its warning
 * (or critical) temperature, when and for how long, and that a drive may throttle itself there,
 * so slower results from then on may be heat. hwmon shows no throttling itself, so the words never
 * say the drive did throttle: the drive's own throttling time, where it keeps one, is in
 * ssdb_drive_counts_words().
 *
 * Returns: (transfer full) (nullable): the words, or %NULL when @log has no samples.
 */
char *
ssdb_temperature_log_words (const SsdbTemperatureLog *log);

/**
 * SsdbTemperatureRecorder:
 *
 * Reads a sensor at its interval on a thread of its own while a run goes on.
 */
typedef struct _SsdbTemperatureRecorder SsdbTemperatureRecorder;

/**
 * ssdb_temperature_recorder_start:
 * @sensor: (nullable): the sensor (copied); %NULL records nothing
 * @interval_ms: time between readings, ms (0: the sensor's SsdbTemperatureSensor.interval_ms)
 *
 * Reads @sensor now and then every @interval_ms until stopped, on a thread of its own. A log
 * that reaches %SSDB_TEMPERATURE_MAX_SAMPLES keeps every other reading and reads half as often
 * from then on.
 *
 * Returns: (transfer full) (nullable): the recorder, %NULL for a %NULL @sensor.
 */
SsdbTemperatureRecorder *
ssdb_temperature_recorder_start (const SsdbTemperatureSensor *sensor, guint interval_ms);

/**
 * SsdbTemperatureFunc:
 * @data: the function's data
 * @cancellable: cancelled when the recorder stops: a reading in progress ends
 * @celsius: (out): the temperature now, °C
 *
 * Reads a drive's temperature from somewhere else than a hwmon file (its SMART data).
 *
 * Returns: %FALSE when it could not be read (or was cancelled).
 */
typedef gboolean (*SsdbTemperatureFunc) (gpointer data, GCancellable *cancellable, double *celsius);

/**
 * ssdb_temperature_recorder_start_func:
 * @func: reads the temperature: once now on the caller's thread, then on the recorder's
 * @data: its data, which must stay valid until the recorder is stopped
 * @label: the source, for the log ("SMART through UDisks2")
 * @interval_ms: time between readings, ms (0: 1000)
 *
 * As ssdb_temperature_recorder_start() for a source without a hwmon file; the log has no
 * warning or critical temperature, and no reading is taken at the stop.
 *
 * Returns: (transfer full): the recorder.
 */
SsdbTemperatureRecorder *
ssdb_temperature_recorder_start_func (SsdbTemperatureFunc func, gpointer data, const char *label,
                                      guint interval_ms);

/**
 * ssdb_temperature_recorder_stop:
 * @recorder: (transfer full) (nullable): a recorder
 *
 * Stops the thread (cancelling a reading in progress), takes a last reading from a hwmon file
 * and frees @recorder.
 *
 * Returns: (transfer full) (nullable): the log, %NULL for a %NULL @recorder or when no reading
 *   succeeded.
 */
SsdbTemperatureLog *
ssdb_temperature_recorder_stop (SsdbTemperatureRecorder *recorder);

G_END_DECLS
