/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * ssdb_check_output_file:
 * @path: where a report, image or text file is about to be written
 * @error: SSDB_ERROR_INVALID_ARGUMENT (empty name, a directory, or an existing file that is not a
 *   regular file: a block or character device, a FIFO, a socket, or a link to one),
 *   SSDB_ERROR_NOT_FOUND (no such directory), SSDB_ERROR_PERMISSION (directory not writable)
 *
 * Files are written to a temporary name and renamed over @path, which would replace a device
 * node such as /dev/sda with a regular file; this refuses that, and finds a missing or
 * read-only directory before a long benchmark runs rather than after. Call it before writing and
 * before starting the run whose result will be written.
 *
 * Returns: %TRUE when @path may be (re)written as a regular file.
 */
gboolean
ssdb_check_output_file (const char *path, GError **error);

G_END_DECLS
