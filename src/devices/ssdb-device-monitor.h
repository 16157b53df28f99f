/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-device.h"

G_BEGIN_DECLS

/**
 * SsdbDeviceMonitorFlags:
 * @SSDB_DEVICE_MONITOR_DEFAULT: list from UDisks2 on the system bus, or from sysfs when UDisks2
 *   is not available
 * @SSDB_DEVICE_MONITOR_SYSFS_ONLY: list from sysfs only
 */
typedef enum
{
  SSDB_DEVICE_MONITOR_DEFAULT = 0,
  SSDB_DEVICE_MONITOR_SYSFS_ONLY = 1 << 0,
} SsdbDeviceMonitorFlags;

#define SSDB_TYPE_DEVICE_MONITOR (ssdb_device_monitor_get_type ())
G_DECLARE_FINAL_TYPE (SsdbDeviceMonitor, ssdb_device_monitor, SSDB, DEVICE_MONITOR, GObject)

/**
 * ssdb_device_monitor_new:
 * @flags: where to list devices from
 *
 * Creates a #GListModel of #SsdbDevice: whole disks in name order, each followed by its
 * partitions; devices of size 0 are left out. The list is filled asynchronously from the
 * thread-default main context: wait for #SsdbDeviceMonitor:ready. With UDisks2, hot-plug
 * follows `InterfacesAdded` / `InterfacesRemoved` / `PropertiesChanged`; from sysfs,
 * /sys/class/block is polled (sysfs has no change notification).
 *
 * Returns: (transfer full): the monitor.
 */
SsdbDeviceMonitor *
ssdb_device_monitor_new (SsdbDeviceMonitorFlags flags);

/**
 * ssdb_device_monitor_get_backend:
 *
 * Returns: (nullable): "udisks2" or "sysfs", or %NULL until the first listing.
 */
const char *
ssdb_device_monitor_get_backend (SsdbDeviceMonitor *self);

/** ssdb_device_monitor_is_ready: Returns: %TRUE once the first listing is in the model. */
gboolean
ssdb_device_monitor_is_ready (SsdbDeviceMonitor *self);

/**
 * ssdb_device_monitor_lookup:
 * @path: a device node ("/dev/sda") or kernel name ("sda")
 *
 * Returns: (transfer full) (nullable): the listed device, or %NULL.
 */
SsdbDevice *
ssdb_device_monitor_lookup (SsdbDeviceMonitor *self, const char *path);

/**
 * ssdb_device_monitor_set_poll_interval:
 * @interval_ms: sysfs poll interval in ms [2000]
 */
void
ssdb_device_monitor_set_poll_interval (SsdbDeviceMonitor *self, guint interval_ms);

G_END_DECLS
