/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-identity.h"

#include "ssdb-error.h"
#include "ssdb-units.h"

#include <errno.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#ifndef BLKGETDISKSEQ
#define BLKGETDISKSEQ _IOR (0x12, 128, __u64)
#endif

void
ssdb_device_identity_free (SsdbDeviceIdentity *identity)
{
  if (identity == NULL)
    return;
  g_free (identity->path);
  g_free (identity->name);
  g_free (identity->serial);
  g_free (identity);
}

SsdbDeviceIdentity *
ssdb_device_identity_copy (const SsdbDeviceIdentity *identity)
{
  SsdbDeviceIdentity *copy;

  if (identity == NULL)
    return NULL;
  copy = g_new0 (SsdbDeviceIdentity, 1);
  *copy = *identity;
  copy->path = g_strdup (identity->path);
  copy->name = g_strdup (identity->name);
  copy->serial = g_strdup (identity->serial);
  return copy;
}

/* Fills what sysfs knows of MAJ:MIN: kernel name, disk sequence, size and serial. */
static void
read_sysfs_facts (const SsdbSystemPaths *paths, SsdbDeviceIdentity *id)
{
  g_autoptr (SsdbBlockFacts) facts = NULL;
  g_autofree char *seq = NULL;

  id->name = ssdb_block_name_from_devnum (paths, id->major, id->minor);
  if (id->name == NULL)
    return;
  facts = ssdb_block_facts_read (paths, id->name, NULL);
  if (facts != NULL)
    {
      id->size_bytes = facts->size_bytes;
      /* A partition's serial is its disk's: the medium is what matters. */
      id->serial = g_strdup (facts->serial);
    }
  seq = ssdb_block_read_attr (paths, facts != NULL ? facts->disk_name : id->name, "diskseq");
  if (seq != NULL && !g_ascii_string_to_unsigned (seq, 10, 0, G_MAXUINT64, &id->diskseq, NULL))
    id->diskseq = 0;
}

/* An identity of the block device @st describes (its number, then sysfs), or NULL with the
 * reason when stat() failed (@stat_errno) or it is not a block device. */
static SsdbDeviceIdentity *
identity_from_stat (const SsdbSystemPaths *paths, const struct stat *st, int stat_errno,
                    const char *path, GError **error)
{
  SsdbDeviceIdentity *id;

  if (stat_errno != 0)
    {
      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (stat_errno), "Cannot use %s: %s", path,
                   g_strerror (stat_errno));
      return NULL;
    }
  if (!S_ISBLK (st->st_mode))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "%s is not a block device",
                   path);
      return NULL;
    }
  id = g_new0 (SsdbDeviceIdentity, 1);
  id->path = g_strdup (path);
  id->major = major (st->st_rdev);
  id->minor = minor (st->st_rdev);
  read_sysfs_facts (paths, id);
  return id;
}

SsdbDeviceIdentity *
ssdb_device_identity_read (const SsdbSystemPaths *paths, const char *path, GError **error)
{
  struct stat st;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (*path == '\0')
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "No device given");
      return NULL;
    }
  return identity_from_stat (paths, &st, stat (path, &st) != 0 ? errno : 0, path, error);
}

SsdbDeviceIdentity *
ssdb_device_identity_read_fd (int fd, const char *path, GError **error)
{
  SsdbDeviceIdentity *id;
  struct stat st;
  guint64 seq = 0, size = 0;

  g_return_val_if_fail (fd >= 0, NULL);
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  id = identity_from_stat (NULL, &st, fstat (fd, &st) != 0 ? errno : 0, path, error);
  if (id == NULL)
    return NULL;
  /* The fd's own view wins over sysfs: it cannot have changed under the open file. */
  if (ioctl (fd, BLKGETDISKSEQ, &seq) == 0 && seq != 0)
    id->diskseq = seq;
  if (ioctl (fd, BLKGETSIZE64, &size) == 0)
    id->size_bytes = size;
  return id;
}

gboolean
ssdb_device_identity_equal (const SsdbDeviceIdentity *a, const SsdbDeviceIdentity *b)
{
  g_autofree char *mismatch = NULL;

  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  mismatch = ssdb_device_identity_dup_mismatch (a, b);
  return mismatch == NULL;
}

gboolean
ssdb_device_identity_tracks_medium (const SsdbDeviceIdentity *identity)
{
  g_return_val_if_fail (identity != NULL, FALSE);

  if (identity->serial != NULL && identity->serial[0] != '\0')
    return TRUE;
  /* zram's reset keeps its gendisk, and with it the disk sequence number. */
  return identity->diskseq != 0 && identity->name != NULL
         && !g_str_has_prefix (identity->name, "zram");
}

char *
ssdb_device_identity_describe (const SsdbDeviceIdentity *id)
{
  g_autoptr (GString) s = g_string_new (NULL);
  g_autofree char *cap = NULL;

  g_return_val_if_fail (id != NULL, NULL);

  g_string_append (s, id->path != NULL ? id->path : "?");
  if (id->name != NULL)
    {
      g_autofree char *node = g_strconcat ("/dev/", id->name, NULL);

      if (g_strcmp0 (node, id->path) != 0)
        g_string_append_printf (s, " = %s", node);
    }
  g_string_append_printf (s, " (device %u:%u", id->major, id->minor);
  if (id->diskseq != 0)
    g_string_append_printf (s, ", disk sequence %" G_GUINT64_FORMAT, id->diskseq);
  cap = ssdb_format_capacity (id->size_bytes);
  g_string_append_printf (s, ", %s", cap);
  if (id->serial != NULL)
    g_string_append_printf (s, ", serial %s", id->serial);
  g_string_append_c (s, ')');
  return g_string_free (g_steal_pointer (&s), FALSE);
}

char *
ssdb_device_identity_dup_mismatch (const SsdbDeviceIdentity *expected,
                                   const SsdbDeviceIdentity *found)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (expected != NULL, NULL);
  g_return_val_if_fail (found != NULL, NULL);

  if (expected->major != found->major || expected->minor != found->minor)
    g_ptr_array_add (parts, g_strdup_printf ("the device number differs (%u:%u, now %u:%u): it is "
                                             "another device",
                                             expected->major, expected->minor, found->major,
                                             found->minor));
  else
    {
      if (expected->diskseq != 0 && found->diskseq != 0 && expected->diskseq != found->diskseq)
        g_ptr_array_add (parts,
                         g_strdup_printf ("the disk sequence number changed (%" G_GUINT64_FORMAT
                                          ", now %" G_GUINT64_FORMAT
                                          "): another medium is behind the same device",
                                          expected->diskseq, found->diskseq));
      if (expected->size_bytes != found->size_bytes)
        {
          g_autofree char *a = ssdb_format_capacity (expected->size_bytes);
          g_autofree char *b = ssdb_format_capacity (found->size_bytes);

          g_ptr_array_add (parts, g_strdup_printf ("the size changed (%s = %" G_GUINT64_FORMAT
                                                   " bytes, now %s = %" G_GUINT64_FORMAT " bytes)",
                                                   a, expected->size_bytes, b, found->size_bytes));
        }
      if (expected->serial != NULL && found->serial != NULL
          && strcmp (expected->serial, found->serial) != 0)
        g_ptr_array_add (parts, g_strdup_printf ("the serial number changed (%s, now %s)",
                                                 expected->serial, found->serial));
    }
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  return g_strjoinv ("; ", (char **)parts->pdata);
}
