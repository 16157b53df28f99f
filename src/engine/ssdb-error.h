/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SSDB_ERROR (ssdb_error_quark ())

/**
 * SsdbError:
 * @SSDB_ERROR_INVALID_ARGUMENT: a setting or argument is out of range or malformed
 * @SSDB_ERROR_NOT_FOUND: the target (device, directory, file) does not exist
 * @SSDB_ERROR_NO_SPACE: not enough free space for a test file
 * @SSDB_ERROR_NO_DIRECT_IO: the file system or device refuses `O_DIRECT`
 * @SSDB_ERROR_UNSAFE: a write was refused by the safety rules (mounted, swap, read-only, busy,
 *   or no permission naming the device)
 * @SSDB_ERROR_IO: an I/O request failed (the message names device, operation, offset, errno)
 * @SSDB_ERROR_CANCELLED: the run was cancelled (GCancellable or Ctrl-C)
 * @SSDB_ERROR_PERMISSION: the target cannot be opened with the caller's rights
 * @SSDB_ERROR_REPORT: a report file is malformed, truncated, oversized or of an unknown version
 * @SSDB_ERROR_FAILED: any other failure
 *
 * Error codes of the `ssdb-error-quark` domain.
 */
typedef enum
{
  SSDB_ERROR_INVALID_ARGUMENT,
  SSDB_ERROR_NOT_FOUND,
  SSDB_ERROR_NO_SPACE,
  SSDB_ERROR_NO_DIRECT_IO,
  SSDB_ERROR_UNSAFE,
  SSDB_ERROR_IO,
  SSDB_ERROR_CANCELLED,
  SSDB_ERROR_PERMISSION,
  SSDB_ERROR_REPORT,
  SSDB_ERROR_FAILED,
} SsdbError;

GQuark
ssdb_error_quark (void);

/**
 * ssdb_error_from_errno:
 * @errsv: an errno value
 *
 * Maps an errno to the closest #SsdbError code (ENOENT -> NOT_FOUND, ENOSPC -> NO_SPACE,
 * EACCES/EPERM -> PERMISSION, EBUSY/EROFS -> UNSAFE, EIO -> IO, else FAILED).
 */
SsdbError
ssdb_error_from_errno (int errsv);

/**
 * ssdb_error_set_io:
 * @error: an error of the %SSDB_ERROR domain, normally %SSDB_ERROR_IO
 * @errsv: the errno the failed request returned (> 0)
 * @offset: the byte offset of that request
 *
 * Records, in @error itself as ssdb_error_set_not_responding() does, which request failed and
 * why, so that a caller can act on it without reading the message.
 */
void
ssdb_error_set_io (GError *error, int errsv, guint64 offset);

/**
 * ssdb_error_get_io:
 * @error: (nullable): any error
 * @offset: (out) (optional): the byte offset of the request that failed
 *
 * Returns: the errno recorded with ssdb_error_set_io(), 0 when none was (@offset untouched)
 */
int
ssdb_error_get_io (const GError *error, guint64 *offset);

/**
 * ssdb_error_set_not_responding:
 * @error: an error of the %SSDB_ERROR domain, normally %SSDB_ERROR_CANCELLED
 *
 * Marks @error as the stop of a run whose device did not complete its requests in time (the
 * device is not responding). The mark is kept in the error itself, apart from its domain, code
 * and message: it travels with g_propagate_error(), g_prefix_error() and g_error_copy(), and
 * does not depend on the wording or the translation of the message. The code stays what it
 * was, so a not-responding stop is still a cancel to everything that checks the code.
 */
void
ssdb_error_set_not_responding (GError *error);

/**
 * ssdb_error_is_not_responding:
 * @error: (nullable): any error
 *
 * Returns: %TRUE when @error is of the %SSDB_ERROR domain and was marked with
 *   ssdb_error_set_not_responding().
 */
gboolean
ssdb_error_is_not_responding (const GError *error);

G_END_DECLS
