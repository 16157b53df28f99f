/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * SsdbDeviceInfo:
 * @name: kernel name ("sda", "sda1", "zram0")
 * @device_path: device node ("/dev/sda")
 * @preferred_path: (nullable): the node UDisks2 prefers to show (a /dev/disk/by-* link or the node)
 * @disk_name: the whole disk ("sda" for "sda1"; equals @name for a disk)
 * @object_path: (nullable): the UDisks2 block object, %NULL when listed from sysfs
 * @is_partition: %TRUE for a partition
 * @size_bytes: capacity in bytes
 * @read_only: %TRUE when the device is read-only
 * @model: (nullable): drive model ("Samsung SSD 980 PRO 1TB")
 * @vendor: (nullable): drive vendor
 * @serial: (nullable): serial number
 * @revision: (nullable): firmware revision
 * @connection_bus: (nullable): "nvme", "sata", "usb", "virtio", "loop", "zram", ...
 * @rotation_rate: rpm; 0 for a non-rotating drive, -1 when rotating at an unknown rate,
 *   -2 when not known at all
 * @smart_supported: %TRUE when the drive reports SMART support (ATA SMART or NVMe health log)
 * @removable: %TRUE for removable media
 *
 * Facts about one block device as listed by #SsdbDeviceMonitor.
 */
typedef struct
{
  char *name;
  char *device_path;
  char *preferred_path;
  char *disk_name;
  char *object_path;
  gboolean is_partition;
  guint64 size_bytes;
  gboolean read_only;
  char *model;
  char *vendor;
  char *serial;
  char *revision;
  char *connection_bus;
  int rotation_rate;
  gboolean smart_supported;
  gboolean removable;
} SsdbDeviceInfo;

#define SSDB_TYPE_DEVICE (ssdb_device_get_type ())
G_DECLARE_FINAL_TYPE (SsdbDevice, ssdb_device, SSDB, DEVICE, GObject)

/**
 * ssdb_device_new:
 * @info: facts, copied
 *
 * Returns: (transfer full): a new device item.
 */
SsdbDevice *
ssdb_device_new (const SsdbDeviceInfo *info);

/** ssdb_device_get_info: Returns: (transfer none): the device's facts. */
const SsdbDeviceInfo *
ssdb_device_get_info (SsdbDevice *self);

/** ssdb_device_get_device_path: Returns: (transfer none): the device node ("/dev/sda"). */
const char *
ssdb_device_get_device_path (SsdbDevice *self);

/**
 * ssdb_device_dup_title:
 *
 * Returns: (transfer full): what a picker shows first: the model for a disk ("Samsung SSD 980"),
 *   "Partition 2 of sda" style text for a partition, or the device node when no model is known.
 */
char *
ssdb_device_dup_title (SsdbDevice *self);

/**
 * ssdb_device_dup_subtitle:
 *
 * Returns: (transfer full): "/dev/sda · 500.1 GB · SATA" (capacity in GB = 10^9 bytes).
 */
char *
ssdb_device_dup_subtitle (SsdbDevice *self);

/**
 * ssdb_device_equal:
 *
 * Returns: %TRUE when both items carry the same facts.
 */
gboolean
ssdb_device_equal (SsdbDevice *a, SsdbDevice *b);

/**
 * ssdb_format_bus:
 * @bus: (nullable): a connection bus or transport ("sata", "nvme", "usb", "zram")
 *
 * Returns: (transfer none): the name shown to users ("SATA", "NVMe", "USB", "zram") or %NULL.
 */
const char *
ssdb_format_bus (const char *bus);

G_END_DECLS
