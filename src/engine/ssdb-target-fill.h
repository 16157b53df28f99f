/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Writing a target's test region with data before it is read: built on the I/O engine, one
 * layer above the target itself. */

#include "ssdb-pattern.h"
#include "ssdb-target.h"

G_BEGIN_DECLS

/**
 * ssdb_target_fill:
 * @self: a writable target
 * @offset: first byte, DIO-aligned
 * @length: bytes to write, DIO-aligned
 * @seed: seed of the random data
 * @progress: (nullable): called with bytes written so far
 *
 * Writes incompressible random data over [offset, offset + length) with 1 MiB `O_DIRECT` writes
 * at QD 4, so that later reads hit real data (unwritten extents and zram's empty pages read back
 * without I/O). Used before read tests on test files and on devices given for writing.
 *
 * Returns: %TRUE, or %FALSE with @error (SSDB_ERROR_IO naming offset and errno,
 *   SSDB_ERROR_NO_SPACE, SSDB_ERROR_CANCELLED).
 */
gboolean
ssdb_target_fill (SsdbTarget *self, guint64 offset, guint64 length, guint64 seed,
                  SsdbProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                  GError **error);

/**
 * ssdb_target_fill_pattern:
 * @self: a writable target
 * @offset: first byte, DIO-aligned
 * @length: bytes to write, DIO-aligned
 * @pattern: the data to write (SsdbDataPattern from ssdb-pattern.h)
 * @seed: seed of the data
 * @progress: (nullable): called with bytes written so far
 *
 * As ssdb_target_fill(), with @pattern instead of random data: reads of zeros or of
 * compressible data then read data of that pattern, as their result says.
 *
 * Returns: %TRUE, or %FALSE with @error as for ssdb_target_fill().
 */
gboolean
ssdb_target_fill_pattern (SsdbTarget *self, guint64 offset, guint64 length,
                          const SsdbDataPattern *pattern, guint64 seed, SsdbProgressFunc progress,
                          gpointer user_data, GCancellable *cancellable, GError **error);

G_END_DECLS
