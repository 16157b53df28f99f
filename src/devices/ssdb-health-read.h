/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "engine/ssdb-health.h"
#include "engine/ssdb-target.h"

G_BEGIN_DECLS

/**
 * ssdb_health_read:
 * @device: a block device node ("/dev/sda", "/dev/nvme0n1") or kernel name ("sda")
 * @update: for an ATA drive, ask UDisks2 to read SMART from the drive now (`SmartUpdate`,
 *   without waking a sleeping disk) before reading the attributes; otherwise UDisks2's last
 *   reading is used
 * @cancellable: (nullable): cancels the D-Bus calls
 * @error: %SSDB_ERROR_NOT_FOUND for a device that does not exist; %SSDB_ERROR_PERMISSION when
 *   the NVMe log page needs root (CAP_SYS_ADMIN) or UDisks2 refused the call for want of
 *   authorisation; %SSDB_ERROR_FAILED when a D-Bus call or the log page read failed (the message
 *   names the device, the call and the reason)
 *
 * Reads a drive's health. A drive with UDisks2's `org.freedesktop.UDisks2.Drive.Ata` interface
 * is read through it (properties and `SmartGetAttributes`, on the system bus or the bus
 * DBUS_SYSTEM_BUS_ADDRESS names); an NVMe namespace's controller through the SMART / Health
 * Information log page (Get Log Page, Log Identifier 02h, all namespaces, with the
 * NVME_IOCTL_ADMIN_CMD passthrough on the device opened read-only); any other device (a RAM
 * disk, a loop device, a virtual disk that reports no SMART) gives a health of source "none"
 * whose reason says why. Nothing is written to the device.
 *
 * Returns: (transfer full) (nullable): the health, or %NULL with @error set.
 */
SsdbHealth *
ssdb_health_read (const char *device, gboolean update, GCancellable *cancellable, GError **error);

/**
 * ssdb_health_selftest:
 * @device: a block device node or kernel name of an ATA drive
 * @type: "short", "extended" or "conveyance" to start that self-test (`SmartSelftestStart`),
 *   or "abort" to stop the running one (`SmartSelftestAbort`)
 * @cancellable: (nullable): cancels the D-Bus call
 * @error: %SSDB_ERROR_INVALID_ARGUMENT for another @type; %SSDB_ERROR_NOT_FOUND when UDisks2
 *   has no ATA drive for @device; %SSDB_ERROR_PERMISSION or %SSDB_ERROR_FAILED as the call
 *   failed
 *
 * Starts or aborts a drive's SMART self-test through UDisks2. The test runs in the drive; its
 * progress is in the health's selftest_status and selftest_percent_remaining.
 *
 * Returns: %TRUE when UDisks2 accepted the request.
 */
gboolean
ssdb_health_selftest (const char *device, const char *type, GCancellable *cancellable,
                      GError **error);

/**
 * ssdb_drive_state_install:
 * @target: an open target
 *
 * What the drive itself says, for @target's runs and report. Gives @target
 * (ssdb_target_set_drive_counter()) a reader of its disk's own count of the host's writes: an
 * NVMe drive's Data Units Written (SMART / Health Information log, in bytes), or an ATA drive's
 * attribute 241 (else 246) through UDisks2, asked afresh (`SmartUpdate`, without waking a
 * sleeping disk) at each reading, in UDisks2's unit. Records an ATA drive's write cache,
 * look-ahead and power features in its facts (ssdb_target_set_ata_features()). Gives it the
 * drive's SMART temperature for runs where the drive has no hwmon sensor
 * (ssdb_target_set_temperature_func()). A disk without either (a RAM disk, a virtual disk, a
 * test file's file system on one) gets none of them. Reads the drive's health once now: blocks
 * on D-Bus (and, for NVMe, needs root to read the log page); call it off the main thread.
 */
void
ssdb_drive_state_install (SsdbTarget *target);

G_END_DECLS
