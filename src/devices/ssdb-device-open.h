/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "engine/ssdb-target.h"

G_BEGIN_DECLS

/**
 * ssdb_udisks_open_device_fd:
 * @device_path: a block device node ("/dev/sdb")
 * @write: %TRUE to open for reading and writing (with `O_EXCL`), else read-only
 * @cancellable: (nullable): cancel the call
 * @error: SSDB_ERROR_NOT_FOUND (no such device known to UDisks2), SSDB_ERROR_PERMISSION (not
 *   authorized), SSDB_ERROR_FAILED (no system bus, no UDisks2, or another D-Bus failure); the
 *   message names the device and the reason
 *
 * Asks UDisks2 to open the device: `org.freedesktop.UDisks2.Block.OpenDevice` with mode "r" or
 * "rw" and the option `flags` = `O_DIRECT` (| `O_EXCL` for writes), so polkit may ask the user
 * for authorization. Blocks: call it from a worker thread.
 *
 * Returns: the file descriptor, or -1 with @error set.
 */
int
ssdb_udisks_open_device_fd (const char *device_path, gboolean write, GCancellable *cancellable,
                            GError **error);

/**
 * ssdb_device_open_target:
 * @path: a block device node or a directory
 * @flags: read or write
 * @permission: (nullable): as for ssdb_target_open_for()
 * @file_size: test file size in bytes for a directory
 * @used_udisks: (out) (optional): set to %TRUE when the device was opened through UDisks2
 * @cancellable: (nullable): cancel the UDisks2 call
 * @error: as ssdb_target_open(), or from ssdb_udisks_open_device_fd()
 *
 * Opens a target like ssdb_target_open(); when a block device cannot be opened with the caller's
 * rights (SSDB_ERROR_PERMISSION), opens it through UDisks2 instead and hands the descriptor to
 * ssdb_target_open_fd(), which still applies every safety check. The target reads its drive's
 * host-write counter around write runs and records its ATA features
 * (ssdb_drive_state_install()). Blocks: call it from a
 * worker thread.
 *
 * Returns: (transfer full): the target, or %NULL with @error set.
 */
SsdbTarget *
ssdb_device_open_target (const char *path, SsdbTargetOpenFlags flags,
                         const SsdbDeviceIdentity *permission, guint64 file_size,
                         gboolean *used_udisks, GCancellable *cancellable, GError **error);

G_END_DECLS
