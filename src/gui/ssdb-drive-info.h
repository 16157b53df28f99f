/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "devices/ssdb-device-monitor.h"
#include "devices/ssdb-device.h"
#include "engine/ssdb-report.h"

G_BEGIN_DECLS

#define SSDB_TYPE_DRIVE_INFO (ssdb_drive_info_get_type ())
G_DECLARE_FINAL_TYPE (SsdbDriveInfo, ssdb_drive_info, SSDB, DRIVE_INFO, AdwBin)

/**
 * SsdbDriveInfo:
 *
 * The "Drive Info" page: everything known about the target (identity, capacity, sectors,
 * queue, scheduler, discard, partition alignment, mount state), read from UDisks2 and sysfs.
 * The serial number stays hidden until the user reveals it.
 */

GtkWidget *
ssdb_drive_info_new (void);

/**
 * ssdb_drive_info_set_target:
 * @device: (nullable): a listed block device
 * @directory: (nullable): for a test file, its directory
 *
 * Shows the facts of @device, or of @directory's file system and the device under it.
 */
void
ssdb_drive_info_set_target (SsdbDriveInfo *self, SsdbDevice *device, const char *directory);

/**
 * ssdb_drive_info_show_report:
 * @report: a loaded report
 * @recorded: (nullable): when it was recorded, as the window shows it
 *
 * Shows the target @report measured, as the report recorded it (device or test file, model,
 * capacity, sectors, stack, system), until the next ssdb_drive_info_set_target().
 */
void
ssdb_drive_info_show_report (SsdbDriveInfo *self, const SsdbReport *report, const char *recorded);

/**
 * ssdb_drive_info_set_monitor:
 * @monitor: (nullable): the listed devices
 *
 * For a folder, the device under its file system is looked up in @monitor, so that its
 * UDisks2 facts (model, serial, SMART) are shown as for the device itself.
 */
void
ssdb_drive_info_set_monitor (SsdbDriveInfo *self, SsdbDeviceMonitor *monitor);

/**
 * ssdb_drive_info_dup_value:
 * @title: a row title in English ("Capacity"), in every locale: the title shown is its
 *   translation
 *
 * Returns: (transfer full) (nullable): the value shown in that row (for accessibility and tests).
 */
char *
ssdb_drive_info_dup_value (SsdbDriveInfo *self, const char *title);

/**
 * ssdb_alignment_describe:
 * @start_sector: partition start in 512-byte sectors
 * @ok: (out): %TRUE when the start is a multiple of 4096 bytes
 *
 * Returns: (transfer full): "OK · starts at 1024 KiB (1 MiB aligned)" or "BAD · starts at
 *   31.5 KiB, not a multiple of 4 KiB", AS SSD's alignment check.
 */
char *
ssdb_alignment_describe (guint64 start_sector, gboolean *ok);

G_END_DECLS
