/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

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
 * @direct_io: %TRUE when the target is open with `O_DIRECT`
 *
 * Facts about a benchmark target. Strings are owned by the #SsdbTarget.
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
} SsdbTargetInfo;

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
 *   the one whose data may be destroyed; it must resolve to the same device as @path
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
 * ssdb_target_fill:
 * @self: a writable target
 * @offset: first byte, DIO-aligned
 * @length: bytes to write, DIO-aligned
 * @seed: seed of the random data
 * @progress: (nullable): called with bytes written so far
 *
 * Writes incompressible random data over [offset, offset + length) with 1 MiB `O_DIRECT` writes
 * at QD 4, so that later reads hit real data (unwritten extents and zram's empty pages read back
 * without I/O). Used before read tests on test files and on devices given for writing.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_IO naming offset and errno,
 *   SSDB_ERROR_NO_SPACE, SSDB_ERROR_CANCELLED).
 */
gboolean
ssdb_target_fill (SsdbTarget *self, guint64 offset, guint64 length, guint64 seed,
                  SsdbProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                  GError **error);

/**
 * SsdbDeviceCounters:
 * @read_bytes: bytes the device completed reading (sectors read x 512)
 * @write_bytes: bytes the device completed writing
 * @valid: %FALSE when no counters exist for the target (a file system without a device)
 *
 * A snapshot of `/sys/block/<dev>/stat` (for a partition, its own stat file).
 */
typedef struct
{
  guint64 read_bytes;
  guint64 write_bytes;
  gboolean valid;
} SsdbDeviceCounters;

/** ssdb_target_read_counters: reads the device's I/O counters now. */
void
ssdb_target_read_counters (SsdbTarget *self, SsdbDeviceCounters *out);

G_END_DECLS
