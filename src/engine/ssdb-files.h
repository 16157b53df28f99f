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

/**
 * ssdb_file_replace_contents:
 * @path: the file to write (created or replaced)
 * @data: (array length=length): its new contents
 * @length: bytes
 * @mode: the permissions of a new file, before the umask (0644)
 * @error: a #GFileError, as g_file_set_contents_full() gives
 *
 * Writes @data to a temporary file next to @path and renames it over @path, so that a reader
 * never sees half a file and an existing file is replaced only by a complete one. The
 * temporary file is named `.NAME.ssdbench-tmp-PID-XXXXXX` (PID: this process): when this
 * process is stopped by SIGINT, SIGTERM or SIGHUP while writing, it is removed before the
 * process ends (the handler is installed where the signal had its default action), and a file
 * left by a process killed outright (SIGKILL, a crash) is removed by the next write into the
 * same folder once that process is gone.
 *
 * Returns: %TRUE when @path holds @data.
 */
gboolean
ssdb_file_replace_contents (const char *path, const void *data, gsize length, int mode,
                            GError **error);

/**
 * ssdb_file_error_code:
 * @error: an error of ssdb_file_replace_contents()
 *
 * Returns: the #SsdbError for it: SSDB_ERROR_NOT_FOUND (no such folder), SSDB_ERROR_PERMISSION
 *   (not allowed, a read-only file system), SSDB_ERROR_NO_SPACE, otherwise SSDB_ERROR_FAILED.
 */
int
ssdb_file_error_code (const GError *error);

/**
 * ssdb_file_write:
 * @path: the file to write (created or replaced)
 * @data: (array length=length): its new contents
 * @length: bytes
 * @mode: the permissions of a new file, before the umask
 * @error: as ssdb_file_error_code() says, "Could not write “PATH”: REASON"
 *
 * ssdb_file_replace_contents() with its error in SSDB_ERROR's terms, naming @path.
 *
 * Returns: %TRUE when @path holds @data.
 */
gboolean
ssdb_file_write (const char *path, const void *data, gsize length, int mode, GError **error);

/**
 * ssdb_remove_stale_files:
 * @dir: a folder
 * @prefix: what the names start with: "." for the temporary files of
 *   ssdb_file_replace_contents(), ".ssdbench-" for test files
 * @marker: what follows in the name before "PID-XXXXXX": ".ssdbench-tmp-" or ".ssdbench-"
 *
 * Removes the regular files of @dir, owned by this user, whose names hold @marker followed by
 * the number of a process that no longer exists and six more characters: what a process
 * killed while it wrote left behind. Files of running processes are never touched.
 *
 * Returns: how many files were removed.
 */
guint
ssdb_remove_stale_files (const char *dir, const char *prefix, const char *marker);

G_END_DECLS
