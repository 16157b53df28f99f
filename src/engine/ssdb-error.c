/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-error.h"

#include <errno.h>

/* The domain is an extended one (GLib 2.68): each of its errors carries this alongside its
 * code and message. */
typedef struct
{
  gboolean not_responding;
  int io_errno;
  guint64 io_offset;
} SsdbErrorPrivate;

/* The private part GLib allocates just before the GError, aligned as G_DEFINE_EXTENDED_ERROR
 * computes it. */
static SsdbErrorPrivate *
error_get_private (const GError *error)
{
  const gsize sa = 2 * sizeof (gsize);
  const gsize as = (sizeof (SsdbErrorPrivate) + (sa - 1)) & -sa;

  return (SsdbErrorPrivate *)(((guint8 *)error) - as);
}

static void
error_private_init (GError *error)
{
  SsdbErrorPrivate *p = error_get_private (error);

  p->not_responding = FALSE;
  p->io_errno = 0;
  p->io_offset = 0;
}

static void
error_private_copy (const GError *src, GError *dest)
{
  *error_get_private (dest) = *error_get_private (src);
}

static void
error_private_clear (GError *error)
{
  (void)error;
}

GQuark
ssdb_error_quark (void)
{
  static GQuark q;
  static gsize initialized = 0;

  /* registered under the name the domain has always had */
  if (g_once_init_enter (&initialized))
    {
      q = g_error_domain_register_static ("ssdb-error-quark", sizeof (SsdbErrorPrivate),
                                          error_private_init, error_private_copy,
                                          error_private_clear);
      g_once_init_leave (&initialized, 1);
    }
  return q;
}

void
ssdb_error_set_not_responding (GError *error)
{
  g_return_if_fail (error != NULL);
  g_return_if_fail (error->domain == SSDB_ERROR);

  error_get_private (error)->not_responding = TRUE;
}

gboolean
ssdb_error_is_not_responding (const GError *error)
{
  return error != NULL && error->domain == SSDB_ERROR && error_get_private (error)->not_responding;
}

void
ssdb_error_set_io (GError *error, int errsv, guint64 offset)
{
  g_return_if_fail (error != NULL);
  g_return_if_fail (error->domain == SSDB_ERROR);
  g_return_if_fail (errsv > 0);

  error_get_private (error)->io_errno = errsv;
  error_get_private (error)->io_offset = offset;
}

int
ssdb_error_get_io (const GError *error, guint64 *offset)
{
  if (error == NULL || error->domain != SSDB_ERROR || error_get_private (error)->io_errno == 0)
    return 0;
  if (offset != NULL)
    *offset = error_get_private (error)->io_offset;
  return error_get_private (error)->io_errno;
}

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
