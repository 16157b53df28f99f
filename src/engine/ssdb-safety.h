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
 *
 * How a block device is in use. Free with ssdb_usage_free().
 */
typedef struct
{
  char *mounted_at;
  char *mounted_name;
  char *swap;
  char *holder;
  gboolean read_only;
} SsdbUsage;

void ssdb_usage_free (SsdbUsage *usage);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbUsage, ssdb_usage_free)

/**
 * ssdb_usage_read:
 * @paths: (nullable): where to read (fixture trees in tests)
 * @name: kernel name of the device
 *
 * Looks at the device, each of its partitions, and their holders recursively (dm, md, LVM),
 * against the mount table (by MAJ:MIN) and the swap table.
 *
 * Returns: (transfer full): the usage, or %NULL with @error (SSDB_ERROR_NOT_FOUND).
 */
SsdbUsage *ssdb_usage_read (const SsdbSystemPaths *paths, const char *name, GError **error);

/**
 * ssdb_usage_describe_refusal:
 * @usage: a usage
 * @device_path: "/dev/sda", for the message
 *
 * Returns: (transfer full) (nullable): why a write must be refused ("/dev/loop3 is mounted at
 *   /mnt/data", "/dev/sda: partition sda2 is used as swap", "/dev/sdb is held by dm-0",
 *   "/dev/loop4 is read-only"), or %NULL when nothing stands in the way.
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
 *   reason, SSDB_ERROR_NOT_FOUND).
 */
gboolean ssdb_safety_check_device_write (const SsdbSystemPaths *paths, const char *name,
                                         const char *device_path, GError **error);

/**
 * ssdb_safety_permission_matches:
 * @permission: what the user named (`--destroy-data DEVICE`)
 * @device_path: the target device
 *
 * Both paths are resolved (symlinks such as /dev/disk/by-id/...) and compared by device number.
 *
 * Returns: %TRUE when @permission names the same block device as @device_path.
 */
gboolean ssdb_safety_permission_matches (const char *permission, const char *device_path);

G_END_DECLS
