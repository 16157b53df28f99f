/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * SsdbSystemPaths:
 * @sysfs_root: root of sysfs ["/sys"]; tests point it at a fixture tree
 * @mountinfo: mount table ["/proc/self/mountinfo"]
 * @swaps: swap table ["/proc/swaps"]
 *
 * Where the system's facts are read from. A %NULL member, or a %NULL #SsdbSystemPaths, means
 * the default.
 */
typedef struct
{
  const char *sysfs_root;
  const char *mountinfo;
  const char *swaps;
} SsdbSystemPaths;

/**
 * SsdbBlockFacts:
 * @name: kernel name ("sda", "sda1", "zram0", "loop3")
 * @disk_name: the whole disk ("sda" for "sda1")
 * @is_partition: %TRUE for a partition
 * @major: major number
 * @minor: minor number
 * @size_bytes: size (sysfs `size` x 512)
 * @logical_block_size: queue/logical_block_size
 * @physical_block_size: queue/physical_block_size
 * @rotational: queue/rotational
 * @discard: queue/discard_max_bytes > 0
 * @read_only: `ro`
 * @removable: `removable` of the disk
 * @model: device/model, trimmed (nullable)
 * @vendor: device/vendor, trimmed (nullable)
 * @serial: device/serial or wwid (nullable)
 * @firmware: device/firmware_rev or rev (nullable)
 * @transport: "nvme", "sata", "usb", "virtio", "loop", "zram", ... best guess (nullable)
 * @scheduler: the active I/O scheduler (nullable)
 * @nr_requests: queue/nr_requests (0 if unknown)
 * @start_sector: for a partition, its start in 512-byte sectors
 * @backing_file: for a loop device, its backing file (nullable)
 *
 * Facts about one block device, read from sysfs. Free with ssdb_block_facts_free().
 */
typedef struct
{
  char *name;
  char *disk_name;
  gboolean is_partition;
  guint major;
  guint minor;
  guint64 size_bytes;
  guint logical_block_size;
  guint physical_block_size;
  gboolean rotational;
  gboolean discard;
  gboolean read_only;
  gboolean removable;
  char *model;
  char *vendor;
  char *serial;
  char *firmware;
  char *transport;
  char *scheduler;
  guint nr_requests;
  guint64 start_sector;
  char *backing_file;
} SsdbBlockFacts;

void ssdb_block_facts_free (SsdbBlockFacts *facts);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbBlockFacts, ssdb_block_facts_free)

/**
 * ssdb_block_facts_read:
 * @paths: (nullable): where to read
 * @name: kernel name of a block device (as under /sys/class/block)
 *
 * Returns: (transfer full): the facts, or %NULL with @error (SSDB_ERROR_NOT_FOUND naming @name).
 */
SsdbBlockFacts *ssdb_block_facts_read (const SsdbSystemPaths *paths, const char *name,
                                       GError **error);

/**
 * ssdb_block_name_from_devnum:
 * Returns: (transfer full) (nullable): the kernel name of MAJ:MIN via /sys/dev/block, or %NULL.
 */
char *ssdb_block_name_from_devnum (const SsdbSystemPaths *paths, guint major, guint minor);

/**
 * ssdb_block_list:
 * @paths: (nullable): where to read
 * @include_partitions: also list partitions
 *
 * Returns: (transfer full) (element-type SsdbBlockFacts): block devices under
 *   /sys/class/block, whole disks first in name order, each followed by its partitions.
 *   Devices of size 0 (empty loop devices, unconfigured zram) are left out.
 */
GPtrArray *ssdb_block_list (const SsdbSystemPaths *paths, gboolean include_partitions);

/**
 * ssdb_block_read_stat:
 * @paths: (nullable): where to read
 * @name: kernel name
 * @read_bytes: (out): sectors read x 512
 * @write_bytes: (out): sectors written x 512
 *
 * Reads /sys/class/block/NAME/stat.
 *
 * Returns: %TRUE when the counters could be read.
 */
gboolean ssdb_block_read_stat (const SsdbSystemPaths *paths, const char *name,
                               guint64 *read_bytes, guint64 *write_bytes);

G_END_DECLS
