/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "devices/ssdb-device.h"
#include "engine/ssdb-health.h"

G_BEGIN_DECLS

#define SSDB_TYPE_HEALTH_PAGE (ssdb_health_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbHealthPage, ssdb_health_page, SSDB, HEALTH_PAGE, AdwBin)

/**
 * SsdbHealthPage:
 *
 * The "Health" page: the drive's own account of its health (ATA SMART through UDisks2, or the
 * NVMe SMART / Health Information log), read by ssdb_health_read() on a worker thread. The
 * assessment in words comes first (good, warning, failing, unknown, with the reason), then the
 * temperature, power-on time and host reads and writes, then the table of attributes as GNOME
 * Disks shows it. An ATA drive's self-test is started and aborted from the page. Nothing is
 * written to the drive.
 */

/**
 * ssdb_health_page_set_target:
 * @device: (nullable): a listed block device
 * @directory: (nullable): for a test file, its directory: the health of the disk that holds
 *   its file system is shown
 *
 * Reads the health of the target's drive again (the previous read, if still running, is
 * cancelled).
 */
void
ssdb_health_page_set_target (SsdbHealthPage *self, SsdbDevice *device, const char *directory);

/**
 * ssdb_health_page_refresh:
 * @update: have UDisks2 read SMART from the drive first (`SmartUpdate`)
 *
 * Reads the health of the current target again.
 */
void
ssdb_health_page_refresh (SsdbHealthPage *self, gboolean update);

/**
 * ssdb_health_page_get_health:
 *
 * Returns: (transfer none) (nullable): the health shown: the last one read for this target
 *   (also while it is read again, and after a refresh or self-test that failed:
 *   ssdb_health_page_get_error()), or %NULL before the first reading, when it failed or when no
 *   target is set.
 */
const SsdbHealth *
ssdb_health_page_get_health (SsdbHealthPage *self);

/**
 * ssdb_health_page_get_error:
 *
 * Returns: (transfer none) (nullable): why the last read failed.
 */
const GError *
ssdb_health_page_get_error (SsdbHealthPage *self);

/** ssdb_health_page_is_busy: Returns: %TRUE while a read is running. */
gboolean
ssdb_health_page_is_busy (SsdbHealthPage *self);

G_END_DECLS
