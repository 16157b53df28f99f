/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-error.h"

#include <errno.h>

G_DEFINE_QUARK (ssdb-error-quark, ssdb_error)

SsdbError
ssdb_error_from_errno (int errsv)
{
  switch (errsv)
    {
    case ENOENT:
    case ENODEV:
    case ENXIO:
      return SSDB_ERROR_NOT_FOUND;
    case ENOSPC:
    case EDQUOT:
      return SSDB_ERROR_NO_SPACE;
    case EACCES:
    case EPERM:
      return SSDB_ERROR_PERMISSION;
    case EBUSY:
    case EROFS:
    case ETXTBSY:
      return SSDB_ERROR_UNSAFE;
    case EIO:
      return SSDB_ERROR_IO;
    case EINVAL:
      return SSDB_ERROR_INVALID_ARGUMENT;
    case ECANCELED:
      return SSDB_ERROR_CANCELLED;
    default:
      return SSDB_ERROR_FAILED;
    }
}
