/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-sysfs.h"

G_BEGIN_DECLS

/**
 * SsdbDeviceIdentity:
 * @path: the path it was read from, as given ("/dev/disk/by-id/…", "/dev/loop3"), for messages
 * @name: the kernel name of the device at the time it was read ("loop3"); %NULL when sysfs has
 *   no entry for it
 * @major: device major number
 * @minor: device minor number
 * @diskseq: the kernel's disk sequence number (Linux 5.15 and later: it changes whenever a
 *   new medium appears behind the same device node: a loop device attached to another file, a
 *   card swapped in a reader), 0 when the kernel has none
 * @size_bytes: the device's size in bytes
 * @serial: (nullable): the drive's serial number, as SsdbBlockFacts.serial
 *
 * Which medium a write permission or an open file descriptor refers to. A path alone does not
 * say: a symlink (/dev/disk/by-id, a link the user made) can be re-pointed, and a device node
 * can get another medium behind it, between the moment a user agrees to overwrite a device and
 * the moment it is opened. Two identities are the same medium when their device numbers, sizes
 * and (where both are known) disk sequence numbers and serial numbers agree. Free with
 * ssdb_device_identity_free().
 */
typedef struct
{
  char *path;
  char *name;
  guint major;
  guint minor;
  guint64 diskseq;
  guint64 size_bytes;
  char *serial;
} SsdbDeviceIdentity;

void
ssdb_device_identity_free (SsdbDeviceIdentity *identity);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbDeviceIdentity, ssdb_device_identity_free)

/**
 * ssdb_device_identity_copy:
 * @identity: (nullable): an identity
 *
 * Returns: (transfer full) (nullable): a copy, or %NULL for %NULL.
 */
SsdbDeviceIdentity *
ssdb_device_identity_copy (const SsdbDeviceIdentity *identity);

/**
 * ssdb_device_identity_read:
 * @paths: (nullable): where sysfs is (fixture trees in tests)
 * @path: a block device node, or a symlink to one
 * @error: SSDB_ERROR_NOT_FOUND (no such path), SSDB_ERROR_INVALID_ARGUMENT (not a block
 *   device), or the error of stat()
 *
 * Reads the identity of the medium @path leads to now. The path is resolved once (one stat()),
 * and everything else comes from sysfs for that device number, so no permission to open the
 * device is needed (a desktop user can read it for a drive UDisks2 opens later).
 *
 * Returns: (transfer full): the identity, or %NULL with @error.
 */
SsdbDeviceIdentity *
ssdb_device_identity_read (const SsdbSystemPaths *paths, const char *path, GError **error);

/**
 * ssdb_device_identity_read_fd:
 * @fd: an open file descriptor of a block device
 * @path: the path @fd was opened from, for messages
 * @error: SSDB_ERROR_INVALID_ARGUMENT when @fd is not a block device, or the error of fstat()
 *
 * The identity of the medium @fd is open on: fstat() for the device number, the
 * `BLKGETDISKSEQ` and `BLKGETSIZE64` ioctls on @fd itself (falling back to sysfs), the serial
 * number from sysfs.
 *
 * Returns: (transfer full): the identity, or %NULL with @error.
 */
SsdbDeviceIdentity *
ssdb_device_identity_read_fd (int fd, const char *path, GError **error);

/**
 * ssdb_device_identity_equal:
 * @a: an identity
 * @b: another
 *
 * Returns: %TRUE when @a and @b are the same medium: same device number and size, and the same
 *   disk sequence number and serial number where both know one.
 */
gboolean
ssdb_device_identity_equal (const SsdbDeviceIdentity *a, const SsdbDeviceIdentity *b);

/**
 * ssdb_device_identity_tracks_medium:
 * @identity: an identity
 *
 * Whether a new medium behind the device is sure to change @identity: it has a serial number,
 * or a disk sequence number that the kernel renews with the medium. A zram device keeps its
 * disk sequence number, device number and size when it is reset and set up again with other
 * data, and has no serial: its identity does not tell the two apart, so a permission for it
 * should not outlive the moment it was given.
 *
 * Returns: %TRUE when @identity changes with the medium
 */
gboolean
ssdb_device_identity_tracks_medium (const SsdbDeviceIdentity *identity);

/**
 * ssdb_device_identity_describe:
 * @identity: an identity
 *
 * Returns: (transfer full): the device in words for messages: "/dev/loop3 (device 7:3, disk
 *   sequence 12, 536.9 MB)", with the kernel name when @path is a link to it
 *   ("/dev/disk/by-id/x = /dev/sdb (…)") and the serial number when known.
 */
char *
ssdb_device_identity_describe (const SsdbDeviceIdentity *identity);

/**
 * ssdb_device_identity_dup_mismatch:
 * @expected: the identity a permission or a confirmation named
 * @found: the identity of what was opened or is there now
 *
 * Returns: (transfer full) (nullable): %NULL when both are the same medium, else what differs
 *   in words: "the device number differs (7:3, now 7:4)", "the disk sequence number changed
 *   (12, now 14): another medium is behind the same device", "the size changed (…, now …)".
 */
char *
ssdb_device_identity_dup_mismatch (const SsdbDeviceIdentity *expected,
                                   const SsdbDeviceIdentity *found);

G_END_DECLS
