/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ssdb-identity.h"
#include "ssdb-pattern.h"
#include "ssdb-stack.h"
#include "ssdb-health.h"
#include "ssdb-drive-counts.h"
#include "ssdb-temperature.h"

G_BEGIN_DECLS

/**
 * SsdbTargetKind:
 * @SSDB_TARGET_DEVICE: a block device (whole disk, partition, loop, zram, ...)
 * @SSDB_TARGET_FILE: a test file created in a directory with `O_TMPFILE`
 */
typedef enum
{
  SSDB_TARGET_DEVICE,
  SSDB_TARGET_FILE,
} SsdbTargetKind;

/**
 * SsdbTargetInfo:
 * @kind: device or test file
 * @path: the path the user gave (device node or directory)
 * @name: kernel name of the block device ("zram0", "sda1"), or for a test file the name of the
 *   device under its file system ("loop3"); %NULL when the file system has none (tmpfs)
 * @disk_name: the whole disk @name belongs to ("sda" for "sda1"); equals @name for a disk
 * @major: device major number (0 if none)
 * @minor: device minor number
 * @size_bytes: device size, or for a test file the requested test-file size
 * @logical_block_size: smallest addressable unit, bytes (512 or 4096)
 * @physical_block_size: bytes
 * @dio_mem_align: required buffer alignment for `O_DIRECT`, bytes
 * @dio_offset_align: required offset/length alignment for `O_DIRECT`, bytes
 * @rotational: %TRUE for a spinning disk
 * @discard: %TRUE when the device accepts discard (TRIM)
 * @read_only: %TRUE when the device is read-only
 * @removable: %TRUE for removable media
 * @model: model string from sysfs (may be %NULL)
 * @vendor: vendor string from sysfs (may be %NULL)
 * @fs_type: for a test file, the file system type ("ext4"); %NULL for devices
 * @free_bytes: for a test file, free space for unprivileged users (f_bavail) before creation
 * @direct_io: %TRUE when the target is open with `O_DIRECT` and nothing in its stack serves
 *   the requests from the page cache instead (%FALSE under a buffered loop device or ext4
 *   mounted data=journal: see @stack)
 * @stack: (nullable): what lies under the target, resolved when it was opened (%NULL in
 *   reports from before it was recorded)
 * @has_queue: %TRUE when the queue facts below were recorded (%FALSE for a target without a
 *   block device and in reports from before they were recorded)
 * @scheduler: the disk's active I/O scheduler ("none", "mq-deadline"; nullable)
 * @nr_requests: queue/nr_requests, the requests the block layer queues (0 if unknown)
 * @write_cache: "write back" or "write through" (queue/write_cache; nullable)
 * @device_queue_depth: the NCQ / TCQ depth of a SCSI or ATA disk (device/queue_depth; 1 = NCQ
 *   off), 0 when the device has none
 * @ncq_depth_before: when NCQ was turned off for the run (ssdb_target_ncq_off()), the depth it
 *   had before and gets back after; 0 otherwise
 * @has_ata_features: %TRUE when @ata_features were read (an ATA drive UDisks2 knows)
 * @ata_features: the drive's write cache, look-ahead and power features when the target was
 *   opened (#SsdbAtaFeature: 1 on, 0 off, -1 not supported)
 *
 * Facts about a benchmark target. Strings are owned by the #SsdbTarget; a copy is made with
 * ssdb_target_info_copy() and freed with ssdb_target_info_clear().
 */
typedef struct
{
  SsdbTargetKind kind;
  char *path;
  char *name;
  char *disk_name;
  guint major;
  guint minor;
  guint64 size_bytes;
  guint logical_block_size;
  guint physical_block_size;
  guint dio_mem_align;
  guint dio_offset_align;
  gboolean rotational;
  gboolean discard;
  gboolean read_only;
  gboolean removable;
  char *model;
  char *vendor;
  char *fs_type;
  guint64 free_bytes;
  gboolean direct_io;
  SsdbStack *stack;
  gboolean has_queue;
  char *scheduler;
  guint nr_requests;
  char *write_cache;
  guint device_queue_depth;
  guint ncq_depth_before;
  gboolean has_ata_features;
  int ata_features[SSDB_ATA_N_FEATURES];
} SsdbTargetInfo;

/**
 * ssdb_target_info_copy:
 * @dst: (out caller-allocates): where the copy goes
 * @src: facts
 *
 * Makes @dst a deep copy of @src; free it with ssdb_target_info_clear().
 */
void
ssdb_target_info_copy (SsdbTargetInfo *dst, const SsdbTargetInfo *src);

/** ssdb_target_info_clear: frees what a copy made with ssdb_target_info_copy() holds. */
void
ssdb_target_info_clear (SsdbTargetInfo *info);

/**
 * SsdbTargetOpenFlags:
 * @SSDB_TARGET_OPEN_READ: open for reading only
 * @SSDB_TARGET_OPEN_WRITE: open for reading and writing; on a device needs a permission that
 *   names it (see ssdb_target_open()) and passes the safety checks
 * @SSDB_TARGET_OPEN_REWRITE: open a device exclusively for rewrite-in-place (a write that puts
 *   back the bytes just read, HD Tune's non-destructive write test): passes the same safety
 *   checks as a write (not mounted, not swap, not held, not read-only, `O_EXCL`) but needs no
 *   permission, and allows only jobs that write back data they read (SsdbJobSpec.write_source)
 */
typedef enum
{
  SSDB_TARGET_OPEN_READ = 0,
  SSDB_TARGET_OPEN_WRITE = 1 << 0,
  SSDB_TARGET_OPEN_REWRITE = 1 << 1,
} SsdbTargetOpenFlags;

#define SSDB_TYPE_TARGET (ssdb_target_get_type ())
G_DECLARE_FINAL_TYPE (SsdbTarget, ssdb_target, SSDB, TARGET, GObject)

/**
 * ssdb_target_open:
 * @path: a block device node or a directory
 * @flags: read or write
 * @destroy_permission: (nullable): for writes to a block device, the device the user named as
 *   the one whose data may be destroyed (`--destroy-data PATH`); read once, now, as the
 *   identity of the medium it leads to (see ssdb_target_open_for())
 * @file_size: for a directory, the size in bytes of the test file to create (rounded up to the
 *   DIO alignment); ignored for devices
 * @error: SSDB_ERROR_NOT_FOUND (no such path, or a device of size 0: detached or removed),
 *   SSDB_ERROR_PERMISSION, SSDB_ERROR_UNSAFE (write refused: no or wrong permission, mounted,
 *   swap, read-only, busy), SSDB_ERROR_NO_SPACE (with the bytes needed and available),
 *   SSDB_ERROR_NO_DIRECT_IO, SSDB_ERROR_INVALID_ARGUMENT
 *
 * Opens a target with `O_DIRECT`. A device opened for writing is opened with `O_EXCL`. A test
 * file is created with `O_TMPFILE` (nothing is left behind, even after SIGKILL) and allocated to
 * @file_size; it holds no data until ssdb_target_fill() writes it.
 *
 * Returns: (transfer full): the target, or %NULL with @error set.
 */
SsdbTarget *
ssdb_target_open (const char *path, SsdbTargetOpenFlags flags, const char *destroy_permission,
                  guint64 file_size, GError **error);

/**
 * ssdb_target_open_for:
 * @path: a block device node or a directory
 * @flags: read or write
 * @permission: (nullable): for writes to a block device, the medium the user agreed may be
 *   overwritten, read when they agreed (ssdb_device_identity_read())
 * @file_size: for a directory, the test file's size in bytes
 * @error: as for ssdb_target_open(); a @permission that names another medium than the one
 *   @path opens (another device behind a link re-pointed meanwhile, another medium behind the
 *   same node: a new disk sequence number, size or serial) is SSDB_ERROR_UNSAFE naming both
 *
 * Opens a target as ssdb_target_open() does, resolving @path exactly once: a device is opened
 * first (`O_EXCL` for writes and rewrites), and every check of a write (the permission's
 * identity, mounts, swap, holders, the stack of loop devices, other processes) runs on the
 * device that open found, by its device number and disk sequence number, never on the path
 * again.
 *
 * Returns: (transfer full): the target, or %NULL with @error set.
 */
SsdbTarget *
ssdb_target_open_for (const char *path, SsdbTargetOpenFlags flags,
                      const SsdbDeviceIdentity *permission, guint64 file_size, GError **error);

/**
 * ssdb_target_open_fd_for:
 * @fd: (transfer full): an fd on a block device opened with `O_DIRECT` by someone else (UDisks2
 *   `Block.OpenDevice`)
 * @path: the device path, for messages and facts
 * @flags: whether @fd was opened for writing; writes still pass the safety checks, on @fd
 * @permission: (nullable): as for ssdb_target_open_for()
 *
 * Returns: (transfer full): the target, or %NULL with @error (the fd is closed on error).
 */
SsdbTarget *
ssdb_target_open_fd_for (int fd, const char *path, SsdbTargetOpenFlags flags,
                         const SsdbDeviceIdentity *permission, GError **error);

/**
 * ssdb_target_open_fd:
 * @fd: (transfer full): an fd on a block device opened with `O_DIRECT` by someone else (UDisks2
 *   `Block.OpenDevice`)
 * @path: the device path, for messages and facts
 * @flags: whether @fd was opened for writing; writes still pass the safety checks
 * @destroy_permission: as for ssdb_target_open()
 *
 * Returns: (transfer full): the target, or %NULL with @error (the fd is closed on error).
 */
SsdbTarget *
ssdb_target_open_fd (int fd, const char *path, SsdbTargetOpenFlags flags,
                     const char *destroy_permission, GError **error);

/** ssdb_target_get_info: Returns: (transfer none): the target's facts. */
const SsdbTargetInfo *
ssdb_target_get_info (SsdbTarget *self);

/** ssdb_target_get_fd: Returns: the `O_DIRECT` file descriptor (owned by the target). */
int
ssdb_target_get_fd (SsdbTarget *self);

/** ssdb_target_is_writable: Returns: %TRUE when writes are allowed on this target. */
gboolean
ssdb_target_is_writable (SsdbTarget *self);

/**
 * ssdb_target_can_rewrite:
 *
 * Returns: %TRUE when rewrite-in-place jobs are allowed: the target was opened with
 *   %SSDB_TARGET_OPEN_REWRITE or %SSDB_TARGET_OPEN_WRITE, or is a test file.
 */
gboolean
ssdb_target_can_rewrite (SsdbTarget *self);

/**
 * ssdb_target_get_write_refusal:
 *
 * Returns: (nullable): why writes are not allowed ("/dev/loop3 is mounted at /mnt"), or %NULL
 *   when they are.
 */
const char *
ssdb_target_get_write_refusal (SsdbTarget *self);

/**
 * ssdb_target_check_writes:
 * @self: a target
 * @test: the test that writes, as the start of a sentence: "The TRIM test"
 * @error: return location for a #GError
 *
 * The check a test that writes makes before it starts.
 *
 * Returns: %TRUE when @self takes writes; otherwise %FALSE with %SSDB_ERROR_UNSAFE, "@test
 *   writes to NAME and was refused: WHY" (ssdb_target_get_write_refusal(), or "writes are not
 *   allowed").
 */
gboolean
ssdb_target_check_writes (SsdbTarget *self, const char *test, GError **error);

/**
 * ssdb_target_get_display_name:
 *
 * Returns: "/dev/zram0" for a device, "test file in /mnt/x" for a test file.
 */
const char *
ssdb_target_get_display_name (SsdbTarget *self);

/**
 * SsdbProgressFunc:
 * @done: units done
 * @total: units in all
 * @user_data: data
 *
 * Progress callback, called on the thread that does the work.
 */
typedef void (*SsdbProgressFunc) (guint64 done, guint64 total, gpointer user_data);

/**
 * SsdbDeviceCounters:
 * @read_bytes: bytes the devices at the bottom of the target's stack (SsdbStack.counted)
 *   completed reading (sectors read x 512), added up
 * @write_bytes: bytes they completed writing
 * @valid: %FALSE when no counters exist for the target (a file system without a device)
 * @busy_ns: the target's own block device's busy time (stat io_ticks), ns
 * @queue_ns: its requests' time in flight added up (stat time_in_queue), ns
 * @times_valid: %FALSE when the target's device has no such counters
 *
 * A snapshot of `/sys/block/<dev>/stat` (for a partition, its own stat file).
 */
typedef struct
{
  guint64 read_bytes;
  guint64 write_bytes;
  gboolean valid;
  guint64 busy_ns;
  guint64 queue_ns;
  gboolean times_valid;
} SsdbDeviceCounters;

/** ssdb_target_read_counters: reads the device's I/O counters now. */
void
ssdb_target_read_counters (SsdbTarget *self, SsdbDeviceCounters *out);

/**
 * ssdb_target_check_medium:
 * @self: a target
 *
 * For a device opened for writes with a permission: whether the medium behind the open
 * descriptor is still the one the permission was checked against (the same disk sequence
 * number and size, read on the descriptor). A card swapped in a reader during a long run (the
 * pauses of an idle recovery, between the passes of a fill) gets a new disk sequence number
 * while the descriptor stays open. The I/O engine checks it before every write job. Always
 * %TRUE for test files and for targets opened for reading.
 *
 * Returns: %TRUE, or %FALSE with @error (%SSDB_ERROR_UNSAFE naming the device and what changed)
 */
gboolean
ssdb_target_check_medium (SsdbTarget *self, GError **error);

/**
 * ssdb_target_ncq_off:
 * @self: a block device target on a SATA or SAS disk
 * @error: SSDB_ERROR_INVALID_ARGUMENT for a test file or a disk without NCQ (NVMe, virtio, zram,
 *   loop), or as ssdb_block_set_ncq_depth()
 *
 * Turns the disk's NCQ off for the run (`device/queue_depth` = 1), so that the drive gets one
 * command at a time whatever the queue depth the benchmark keeps: the NCQ on / off comparison
 * reviewers make on SATA drives. The depth before is kept in the facts
 * (SsdbTargetInfo.ncq_depth_before, 0 when NCQ was already off) and written back by
 * ssdb_target_ncq_restore(), at the latest when the target is freed, after an error or a stop
 * as after a complete run. A process killed with SIGKILL cannot restore it: the caller says
 * beforehand how to.
 *
 * Returns: %TRUE when NCQ is off.
 */
gboolean
ssdb_target_ncq_off (SsdbTarget *self, GError **error);

/**
 * ssdb_target_ncq_restore:
 * @self: a target
 * @error: as ssdb_block_set_ncq_depth()
 *
 * Gives the disk back the NCQ depth ssdb_target_ncq_off() found; nothing when it did not change
 * it. The facts keep saying the run was made with NCQ off.
 *
 * Returns: %TRUE when the depth is back (or was never changed).
 */
gboolean
ssdb_target_ncq_restore (SsdbTarget *self, GError **error);

/**
 * ssdb_target_set_ata_features:
 * @self: a target
 * @features: (array fixed-size=5): the drive's ATA features (SsdbHealth.features)
 *
 * Records the state of the drive's write cache, look-ahead and power features in its facts
 * (the devices layer reads them from UDisks2).
 */
void
ssdb_target_set_ata_features (SsdbTarget *self, const int *features);

/**
 * ssdb_target_set_drive_counter:
 * @self: a target
 * @func: (nullable): reads the drive's host-write counter (the devices layer's, which asks the
 *   drive's SMART / health log); %NULL reads none
 * @data: its data
 * @destroy: (nullable): frees @data with the target or the next counter
 */
void
ssdb_target_set_drive_counter (SsdbTarget *self, SsdbDriveCounterFunc func, gpointer data,
                               GDestroyNotify destroy);

/**
 * ssdb_target_has_drive_counter:
 * Returns: %TRUE when @self was given a reader of its drive's counters
 *   (ssdb_target_set_drive_counter()), whether or not a reading succeeds.
 */
gboolean
ssdb_target_has_drive_counter (SsdbTarget *self);

/**
 * ssdb_target_has_temperature:
 * Returns: %TRUE when @self has a hwmon sensor or a SMART temperature to read during runs,
 *   whether or not a reading succeeds.
 */
gboolean
ssdb_target_has_temperature (SsdbTarget *self);

/**
 * ssdb_target_drive_counts_begin:
 * @self: a target about to be written
 *
 * Reads the drive's host-write counter and the kernel's count of bytes written to the target's
 * device, before a write run.
 *
 * Returns: (transfer full) (nullable): the counts so far, for ssdb_target_drive_counts_end();
 *   %NULL when the target has no drive counter (ssdb_target_set_drive_counter()) or it could
 *   not be read.
 */
SsdbDriveCounts *
ssdb_target_drive_counts_begin (SsdbTarget *self);

/**
 * ssdb_target_drive_counts_end:
 * @self: the target
 * @writes: (inout) (transfer full) (nullable): what ssdb_target_drive_counts_begin() gave
 *
 * Reads both counts again after the run, however it ended, and completes *@writes; frees it and
 * sets it to %NULL when the drive's counter cannot be read again or names another counter.
 */
void
ssdb_target_drive_counts_end (SsdbTarget *self, SsdbDriveCounts **writes);

/**
 * ssdb_target_get_temperature_sensor:
 * @self: a target
 *
 * The drive's temperature sensor: the hwmon sensor of the target's disk, or else of the first
 * device at the bottom of its stack that has one (ssdb_temperature_sensor_find()), or the one
 * given with ssdb_target_set_temperature_sensor().
 *
 * Returns: (transfer none) (nullable): the sensor, %NULL when the drive shows none.
 */
const SsdbTemperatureSensor *
ssdb_target_get_temperature_sensor (SsdbTarget *self);

/**
 * ssdb_target_set_temperature_sensor:
 * @self: a target
 * @sensor: (nullable): the sensor to record during runs instead of the drive's own (copied);
 *   %NULL records none
 */
void
ssdb_target_set_temperature_sensor (SsdbTarget *self, const SsdbTemperatureSensor *sensor);

/**
 * ssdb_target_set_temperature_func:
 * @self: a target
 * @func: (nullable): reads the drive's temperature from its SMART data (the devices layer's),
 *   for a drive without a hwmon sensor; %NULL for none
 * @data: its data: runs' recorders borrow it, so it is replaced or freed only between runs
 * @destroy: (nullable): frees @data with the target or the next function
 * @label: the source, for the logs ("SMART through UDisks2")
 */
void
ssdb_target_set_temperature_func (SsdbTarget *self, SsdbTemperatureFunc func, gpointer data,
                                  GDestroyNotify destroy, const char *label);

/**
 * SsdbRunRecording:
 *
 * What is recorded of the drive while a run goes on: its temperature and its own count of the
 * host's writes (ssdb_target_recording_begin()).
 */
typedef struct _SsdbRunRecording SsdbRunRecording;

/**
 * ssdb_target_recording_begin:
 * @self: a target about to run a test
 * @writes: the run writes: the drive's host-write counter is read before and after it
 *
 * Starts what every run records of the drive (ssdb_target_record_temperature() and, for a
 * run that writes, ssdb_target_drive_counts_begin()). End it with
 * ssdb_target_recording_end() however the run ends. A run inside another on the same target
 * (the summaries of a TRIM test) records nothing of its own: the outer run's recording covers
 * it, and its fields are left as they were.
 *
 * Returns: (transfer full): the recording
 */
SsdbRunRecording *
ssdb_target_recording_begin (SsdbTarget *self, gboolean writes);

/**
 * ssdb_target_recording_end:
 * @self: the target
 * @recording: (transfer full): from ssdb_target_recording_begin()
 * @temperature: (inout) (transfer full): the result's temperature: what it held is freed and
 *   replaced by the log of the run, %NULL when the drive showed no temperature
 * @drive_counts: (inout) (transfer full): the result's drive counts, replaced the same way,
 *   %NULL when the run did not write or the drive's counter could not be read before and after
 */
void
ssdb_target_recording_end (SsdbTarget *self, SsdbRunRecording *recording,
                           SsdbTemperatureLog **temperature, SsdbDriveCounts **drive_counts);

/**
 * ssdb_target_record_temperature:
 * @self: a target
 *
 * Starts recording the drive's temperature for a run about to start: its hwmon sensor about
 * once a second, or where only SMART has it (ssdb_target_set_temperature_func()) every 5 s,
 * since each SMART reading is a command the drive answers between the benchmark's. Stop it with
 * ssdb_temperature_recorder_stop() when the run ends, however it ends.
 *
 * Returns: (transfer full) (nullable): the recorder, %NULL when the drive shows no temperature.
 */
SsdbTemperatureRecorder *
ssdb_target_record_temperature (SsdbTarget *self);

G_END_DECLS
