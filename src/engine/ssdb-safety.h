/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-sysfs.h"

G_BEGIN_DECLS

/**
 * SsdbUsage:
 * @mounted_at: (nullable): a mount point of the device, a partition or a holder
 * @mounted_name: (nullable): the kernel name of what is mounted ("sda1")
 * @swap: (nullable): the kernel name of a device, partition or holder used as swap
 * @holder: (nullable): the first holder of the device or a partition ("dm-0", "md0")
 * @read_only: the device is read-only
 * @name: the kernel name of the device looked at
 * @disk_name: the whole disk @name belongs to (equal to @name for a disk)
 * @mounted_via: (nullable): when @mounted_name is a holder, the device, partition or disk it is
 *   built on
 * @swap_via: (nullable): when @swap is a holder, the device, partition or disk it is built on
 * @holder_of: (nullable): the device, partition or disk @holder is built on
 *
 * How a block device is in use. A whole disk is in use when it, any of its partitions or any
 * device built on them (recursively) is mounted or swap; a partition is in use when it, its
 * disk or a device built on either is. Only the first mount, swap and holder found are kept.
 * Free with ssdb_usage_free().
 */
typedef struct
{
  char *mounted_at;
  char *mounted_name;
  char *swap;
  char *holder;
  gboolean read_only;
  char *name;
  char *disk_name;
  char *mounted_via;
  char *swap_via;
  char *holder_of;
} SsdbUsage;

void ssdb_usage_free (SsdbUsage *usage);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbUsage, ssdb_usage_free)

/**
 * ssdb_usage_read:
 * @paths: (nullable): where to read (fixture trees in tests)
 * @name: kernel name of the device
 *
 * Looks at the device, each of its partitions (or, for a partition, its disk), and their
 * holders recursively (dm, md, LVM, bcache: /sys/class/block/NAME/holders), against the mount
 * table and the swap table. A mount matches by MAJ:MIN (mountinfo field 3) or, for file
 * systems that report an anonymous device number (btrfs), by its source device; mount points
 * are unescaped ("\040" is a space). A swap entry (or a mount source) matches by device number
 * when its path is a block device node here, else by its last component as a kernel name;
 * when @paths names a sysfs tree other than /sys, only by kernel name.
 *
 * Returns: (transfer full): the usage, or %NULL with @error (SSDB_ERROR_NOT_FOUND when there
 *   is no such block device, SSDB_ERROR_FAILED when the mount or swap table cannot be read:
 *   without them nothing can be said about the device).
 */
SsdbUsage *ssdb_usage_read (const SsdbSystemPaths *paths, const char *name, GError **error);

/**
 * ssdb_usage_describe_refusal:
 * @usage: a usage
 * @device_path: "/dev/sda", for the message
 *
 * Returns: (transfer full) (nullable): why a write must be refused ("/dev/loop3 is mounted at
 *   /mnt/data", "/dev/sda: partition sda2 is used as swap", "/dev/sdb is held by dm-0",
 *   "/dev/sdb: partition sdb1 is used by dm-0, which is mounted at /home",
 *   "/dev/sda1: its disk sda is mounted at /media/usb", "/dev/loop4 is read-only"); several
 *   reasons are joined with "; ". %NULL when nothing stands in the way.
 */
char *ssdb_usage_describe_refusal (const SsdbUsage *usage, const char *device_path);

/**
 * ssdb_safety_check_device_write:
 * @paths: (nullable): where to read
 * @name: kernel name of the device
 * @device_path: the device node path, for messages
 *
 * The engine's guard for device writes: refuses when the device, a partition or a holder is
 * mounted or swap, or the device is read-only. (The caller then opens with `O_EXCL`, which the
 * kernel refuses for devices held by anyone else.)
 *
 * Returns: %TRUE when writing is allowed, else %FALSE with @error (SSDB_ERROR_UNSAFE with the
 *   reason as ssdb_usage_describe_refusal() words it, SSDB_ERROR_NOT_FOUND, SSDB_ERROR_FAILED
 *   when the mount or swap table cannot be read).
 */
gboolean ssdb_safety_check_device_write (const SsdbSystemPaths *paths, const char *name,
                                         const char *device_path, GError **error);

/**
 * ssdb_safety_permission_matches:
 * @permission: (nullable): what the user named (`--destroy-data DEVICE`)
 * @device_path: the target device
 *
 * Both paths are resolved (symlinks such as /dev/disk/by-id/...) and compared by device number.
 *
 * Returns: %TRUE when @permission names the same block device as @device_path; %FALSE when
 *   @permission is %NULL, or either path is empty, does not exist or is not a block device.
 */
gboolean ssdb_safety_permission_matches (const char *permission, const char *device_path);

G_END_DECLS
