/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * SsdbSystemPaths:
 * @sysfs_root: root of sysfs ["/sys"]; tests point it at a fixture tree
 * @mountinfo: mount table ["/proc/self/mountinfo"]
 * @swaps: swap table ["/proc/swaps"]
 * @proc_root: procfs, where open files are looked for ["/proc" on this machine's own sysfs;
 *   not looked at under another sysfs root unless given]
 *
 * Where the system's facts are read from. A %NULL member, or a %NULL #SsdbSystemPaths, means
 * the default.
 */
typedef struct
{
  const char *sysfs_root;
  const char *mountinfo;
  const char *swaps;
  const char *proc_root;
} SsdbSystemPaths;

/**
 * ssdb_system_paths_are_host:
 * @paths: (nullable): where the system's facts are read from
 *
 * Returns: %TRUE when @paths describe this machine (the default sysfs root), so that device
 *   nodes under /dev, /proc and ioctls on devices belong to the same system; %FALSE for a
 *   fixture tree, where only the tree's own files count.
 */
gboolean
ssdb_system_paths_are_host (const SsdbSystemPaths *paths);

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
 * @model: device/model (device/name for MMC/SD), trimmed (nullable)
 * @vendor: device/vendor, trimmed; bus ids such as virtio's "0x1af4" are left out (nullable)
 * @serial: the first of device/serial (NVMe, MMC), the disk's serial (virtio), the unit serial
 *   number VPD page device/vpd_pg80 (SCSI, SATA), device/wwid, the disk's wwid (nullable)
 * @firmware: device/firmware_rev (NVMe), rev (SCSI, SATA) or fwrev (MMC) (nullable)
 * @transport: best guess from the disk's place under /sys/devices and its name: "usb", "nvme",
 *   "mmc", "sata" (libata), "virtio", "loop", "zram", "dm", "md", "nbd", "scsi", "virtual"
 *   (nullable)
 * @scheduler: the active I/O scheduler (nullable)
 * @nr_requests: queue/nr_requests (0 if unknown)
 * @write_cache: queue/write_cache: "write back" (the drive's volatile write cache is on) or
 *   "write through" (off, or the drive has none) (nullable)
 * @device_queue_depth: device/queue_depth of a SCSI or ATA disk: the tagged commands the host
 *   keeps in flight (NCQ depth; 1 means NCQ is off); 0 when the device has no such file (NVMe,
 *   virtio, zram, loop)
 * @start_sector: for a partition, its start in 512-byte sectors
 * @backing_file: for a loop device (or a partition of one), its backing file (nullable)
 *
 * Facts about one block device, read from sysfs. For a partition, the queue, device and
 * removable facts are those of its disk. A file that is missing or does not parse leaves its
 * fact unknown (0, %FALSE or %NULL). Free with ssdb_block_facts_free().
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
  char *write_cache;
  guint device_queue_depth;
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
 * @paths: (nullable): where to read
 * @major: major number
 * @minor: minor number
 *
 * Returns: (transfer full) (nullable): the kernel name of MAJ:MIN via /sys/dev/block, or %NULL
 *   when no block device has that number.
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
 * @read_bytes: (out) (optional): bytes read: field 3 (sectors read) x 512
 * @write_bytes: (out) (optional): bytes written: field 7 (sectors written) x 512
 *
 * Reads /sys/class/block/NAME/stat (for a partition, its own counters).
 *
 * Returns: %TRUE when the counters could be read (both outputs are 0 otherwise).
 */
gboolean ssdb_block_read_stat (const SsdbSystemPaths *paths, const char *name,
                               guint64 *read_bytes, guint64 *write_bytes);

/**
 * SsdbBlockStat:
 * @read_bytes: bytes read (field 3, sectors read, x 512)
 * @write_bytes: bytes written (field 7 x 512)
 * @in_flight: requests in flight when read (field 9)
 * @busy_ns: time the device had requests in flight (field 10, io_ticks, ms), ns
 * @queue_ns: requests' time in flight added up (field 11, time_in_queue, ms), ns: over an
 *   interval, its growth divided by the growth of @busy_ns is the device's mean queue depth
 *   while it was busy (Documentation/block/stat.rst)
 * @have_times: %FALSE when the stat file has no fields 9-11
 *
 * The counters of /sys/class/block/NAME/stat.
 */
typedef struct
{
  guint64 read_bytes;
  guint64 write_bytes;
  guint64 in_flight;
  guint64 busy_ns;
  guint64 queue_ns;
  gboolean have_times;
} SsdbBlockStat;

/**
 * ssdb_block_read_stat_full:
 * @paths: (nullable): where to read
 * @name: kernel name
 * @out: (out): the counters (all 0 when they cannot be read)
 *
 * Returns: %TRUE when at least fields 1-7 could be read.
 */
gboolean
ssdb_block_read_stat_full (const SsdbSystemPaths *paths, const char *name, SsdbBlockStat *out);

/**
 * ssdb_block_read_attr:
 * @paths: (nullable): where to read
 * @name: kernel name of a block device
 * @attr: attribute path below /sys/class/block/NAME ("ro", "queue/scheduler", "device/model");
 *   relative, without ".." components
 *
 * Returns: (transfer full) (nullable): the attribute's text with surrounding white space removed
 *   and invalid UTF-8 replaced, or %NULL when it is missing, unreadable, empty or larger than
 *   64 KiB.
 */
char *ssdb_block_read_attr (const SsdbSystemPaths *paths, const char *name, const char *attr);

/**
 * ssdb_block_set_ncq_depth:
 * @paths: (nullable): where to write
 * @disk_name: kernel name of a SCSI or ATA disk ("sda")
 * @depth: the tagged commands the host may keep in flight (1: NCQ off), 1..65535
 * @previous: (out) (optional): the depth before
 * @error: SSDB_ERROR_INVALID_ARGUMENT when the disk has no `device/queue_depth` (NVMe, virtio,
 *   zram, loop: NCQ is a SATA and SAS setting); SSDB_ERROR_PERMISSION when it cannot be written
 *   (it needs root); SSDB_ERROR_FAILED when the kernel kept another value (a depth above what
 *   the drive or its controller can take), each naming the file
 *
 * Writes @depth to /sys/class/block/DISK/device/queue_depth (the attribute file itself, never a
 * link) and reads it back; when the kernel kept another value, writes the depth before back.
 *
 * Returns: %TRUE when the disk now has @depth.
 */
gboolean
ssdb_block_set_ncq_depth (const SsdbSystemPaths *paths, const char *disk_name, guint depth,
                          guint *previous, GError **error);

/**
 * ssdb_block_read_devnum:
 * @paths: (nullable): where to read
 * @name: kernel name
 * @major: (out) (optional): major number
 * @minor: (out) (optional): minor number
 *
 * Reads /sys/class/block/NAME/dev ("MAJ:MIN").
 *
 * Returns: %TRUE when the device number could be read (both outputs are 0 otherwise).
 */
gboolean ssdb_block_read_devnum (const SsdbSystemPaths *paths, const char *name, guint *major,
                                 guint *minor);

/**
 * ssdb_block_list_partitions:
 * @paths: (nullable): where to read
 * @name: kernel name of a whole disk
 *
 * The partitions of a disk are the subdirectories of its sysfs directory that hold a
 * `partition` file.
 *
 * Returns: (transfer full) (element-type utf8): kernel names of the partitions in name order
 *   ("sda1", "sda2", ..., "sda10"); empty when there are none, when @name is a partition or
 *   does not exist.
 */
GPtrArray *ssdb_block_list_partitions (const SsdbSystemPaths *paths, const char *name);

/**
 * ssdb_block_list_holders:
 * @paths: (nullable): where to read
 * @name: kernel name
 *
 * Returns: (transfer full) (element-type utf8): kernel names of the devices built directly on
 *   @name (entries of /sys/class/block/NAME/holders: "dm-0", "md127"), in name order; empty
 *   when there are none.
 */
GPtrArray *ssdb_block_list_holders (const SsdbSystemPaths *paths, const char *name);

G_END_DECLS
