/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-target.h"
#include "ssdb-error.h"
#include "ssdb-io.h"
#include "ssdb-safety.h"
#include "ssdb-sysfs.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gunixmounts.h>
#include <linux/fs.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#ifndef STATX_DIOALIGN
#define STATX_DIOALIGN 0x00002000U
#endif

struct _SsdbTarget
{
  GObject parent_instance;

  SsdbTargetInfo info;
  int fd;
  gboolean writable;
  gboolean rewrite_ok;
  char *write_refusal;
  char *display_name;
};

G_DEFINE_FINAL_TYPE (SsdbTarget, ssdb_target, G_TYPE_OBJECT)

static void
ssdb_target_finalize (GObject *object)
{
  SsdbTarget *self = SSDB_TARGET (object);

  if (self->fd >= 0)
    close (self->fd);
  g_free (self->info.path);
  g_free (self->info.name);
  g_free (self->info.disk_name);
  g_free (self->info.model);
  g_free (self->info.vendor);
  g_free (self->info.fs_type);
  g_free (self->write_refusal);
  g_free (self->display_name);

  G_OBJECT_CLASS (ssdb_target_parent_class)->finalize (object);
}

static void
ssdb_target_class_init (SsdbTargetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ssdb_target_finalize;
}

static void
ssdb_target_init (SsdbTarget *self)
{
  self->fd = -1;
}

/* Reads the direct-I/O alignment of an open fd with statx(STATX_DIOALIGN) (Linux 6.1). */
static gboolean
query_dio_align (int fd, guint *mem_align, guint *offset_align)
{
  struct statx stx;

  memset (&stx, 0, sizeof stx);
  if (statx (fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) != 0)
    return FALSE;
  if (!(stx.stx_mask & STATX_DIOALIGN))
    return FALSE;
  if (stx.stx_dio_mem_align == 0 || stx.stx_dio_offset_align == 0)
    return FALSE;
  *mem_align = stx.stx_dio_mem_align;
  *offset_align = stx.stx_dio_offset_align;
  return TRUE;
}

static void
apply_block_facts (SsdbTargetInfo *info, const SsdbBlockFacts *facts)
{
  info->name = g_strdup (facts->name);
  info->disk_name = g_strdup (facts->disk_name);
  info->logical_block_size = facts->logical_block_size;
  info->physical_block_size = facts->physical_block_size;
  info->rotational = facts->rotational;
  info->discard = facts->discard;
  info->read_only = facts->read_only;
  info->removable = facts->removable;
  info->model = g_strdup (facts->model);
  info->vendor = g_strdup (facts->vendor);
}

static gboolean
setup_device (SsdbTarget *self, const char *path, SsdbTargetOpenFlags flags,
              const char *destroy_permission, GError **error)
{
  SsdbTargetInfo *info = &self->info;
  g_autoptr (SsdbBlockFacts) facts = NULL;
  g_autoptr (GError) local_error = NULL;
  struct stat st;
  guint64 size = 0;
  int lbs = 0, ro = 0;
  unsigned int pbs = 0;

  if (fstat (self->fd, &st) != 0 || !S_ISBLK (st.st_mode))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "%s is not a block device",
                   path);
      return FALSE;
    }

  info->kind = SSDB_TARGET_DEVICE;
  info->major = major (st.st_rdev);
  info->minor = minor (st.st_rdev);

  {
    g_autofree char *name = ssdb_block_name_from_devnum (NULL, info->major, info->minor);

    if (name != NULL)
      facts = ssdb_block_facts_read (NULL, name, NULL);
  }
  if (facts != NULL)
    apply_block_facts (info, facts);

  if (ioctl (self->fd, BLKGETSIZE64, &size) != 0)
    {
      int errsv = errno;
      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv),
                   "Cannot read the size of %s: %s", path, g_strerror (errsv));
      return FALSE;
    }
  if (size == 0)
    {
      /* A loop device whose file was detached, a zram device being reset, an empty reader. */
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND,
                   "%s has no medium: its size is 0 bytes (detached, removed or empty)", path);
      return FALSE;
    }
  info->size_bytes = size;
  if (ioctl (self->fd, BLKSSZGET, &lbs) == 0 && lbs > 0)
    info->logical_block_size = (guint)lbs;
  if (ioctl (self->fd, BLKPBSZGET, &pbs) == 0 && pbs > 0)
    info->physical_block_size = pbs;
  if (ioctl (self->fd, BLKROGET, &ro) == 0 && ro)
    info->read_only = TRUE;
  if (info->logical_block_size == 0)
    info->logical_block_size = 512;
  if (info->physical_block_size == 0)
    info->physical_block_size = info->logical_block_size;

  if (!query_dio_align (self->fd, &info->dio_mem_align, &info->dio_offset_align))
    {
      info->dio_mem_align = info->logical_block_size;
      info->dio_offset_align = info->logical_block_size;
    }
  info->dio_offset_align = MAX (info->dio_offset_align, info->logical_block_size);
  info->direct_io = TRUE;

  self->display_name = g_strdup (path);

  /* Why writes are not allowed, for the UI and the "writes skipped" message. */
  if (!(flags & SSDB_TARGET_OPEN_WRITE))
    {
      if (info->name != NULL
          && !ssdb_safety_check_device_write (NULL, info->name, path, &local_error))
        self->write_refusal = g_strdup (local_error->message);
      else if (info->read_only)
        self->write_refusal = g_strdup_printf ("%s is read-only", path);
      else
        self->write_refusal = g_strdup_printf (
            "writing to %s destroys its data and needs a permission naming that device", path);
    }
  else
    self->writable = TRUE;
  self->rewrite_ok = (flags & (SSDB_TARGET_OPEN_WRITE | SSDB_TARGET_OPEN_REWRITE)) != 0;

  return TRUE;
}

static gboolean
check_write_permission (const char *path, const char *destroy_permission, GError **error)
{
  if (destroy_permission == NULL || *destroy_permission == '\0')
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                   "Writing to %s destroys its data; it needs a permission naming that device",
                   path);
      return FALSE;
    }
  if (!ssdb_safety_permission_matches (destroy_permission, path))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                   "The permission to destroy data names %s, which is not the target %s",
                   destroy_permission, path);
      return FALSE;
    }
  return TRUE;
}

static SsdbTarget *
open_device (const char *path, const struct stat *st, SsdbTargetOpenFlags flags,
             const char *destroy_permission, GError **error)
{
  g_autoptr (SsdbTarget) self = g_object_new (SSDB_TYPE_TARGET, NULL);
  gboolean write = (flags & SSDB_TARGET_OPEN_WRITE) != 0;
  gboolean rewrite = (flags & SSDB_TARGET_OPEN_REWRITE) != 0;
  int oflags = O_DIRECT | O_CLOEXEC | O_NONBLOCK;

  self->info.path = g_strdup (path);

  if (write || rewrite)
    {
      g_autofree char *name = NULL;

      if (write && !check_write_permission (path, destroy_permission, error))
        return NULL;
      name = ssdb_block_name_from_devnum (NULL, major (st->st_rdev), minor (st->st_rdev));
      if (name == NULL)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND,
                       "%s has no entry in /sys/dev/block; cannot check whether it is in use",
                       path);
          return NULL;
        }
      if (!ssdb_safety_check_device_write (NULL, name, path, error))
        return NULL;
      oflags |= O_RDWR | O_EXCL;
    }
  else
    oflags |= O_RDONLY;

  self->fd = open (path, oflags);
  if (self->fd < 0)
    {
      int errsv = errno;

      if (errsv == EBUSY)
        g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                     "%s is in use by another program or the kernel (exclusive open failed: %s)",
                     path, g_strerror (errsv));
      else if (errsv == EROFS)
        g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, "%s is read-only", path);
      else if (errsv == EINVAL)
        g_set_error (error, SSDB_ERROR, SSDB_ERROR_NO_DIRECT_IO,
                     "%s does not support direct I/O (O_DIRECT): %s", path, g_strerror (errsv));
      else
        g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "Cannot open %s: %s", path,
                     g_strerror (errsv));
      return NULL;
    }
  /* O_NONBLOCK only kept open() from waiting on removable media. */
  fcntl (self->fd, F_SETFL, fcntl (self->fd, F_GETFL) & ~O_NONBLOCK);

  if (!setup_device (self, path, flags, destroy_permission, error))
    return NULL;
  if ((write || rewrite) && self->info.read_only)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, "%s is read-only", path);
      return NULL;
    }
  return g_steal_pointer (&self);
}

SsdbTarget *
ssdb_target_open_fd (int fd, const char *path, SsdbTargetOpenFlags flags,
                     const char *destroy_permission, GError **error)
{
  g_autoptr (SsdbTarget) self = NULL;

  g_return_val_if_fail (fd >= 0, NULL);
  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (SSDB_TYPE_TARGET, NULL);
  self->fd = fd;
  self->info.path = g_strdup (path);

  if (!(fcntl (fd, F_GETFL) & O_DIRECT))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_NO_DIRECT_IO,
                   "The descriptor for %s was not opened with O_DIRECT", path);
      return NULL;
    }
  if (flags & SSDB_TARGET_OPEN_WRITE)
    {
      if (!check_write_permission (path, destroy_permission, error))
        return NULL;
    }
  if (!setup_device (self, path, flags, destroy_permission, error))
    return NULL;
  if (flags & (SSDB_TARGET_OPEN_WRITE | SSDB_TARGET_OPEN_REWRITE))
    {
      if (self->info.name == NULL)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND,
                       "%s has no entry in /sys/dev/block; cannot check whether it is in use",
                       path);
          return NULL;
        }
      if (!ssdb_safety_check_device_write (NULL, self->info.name, path, error))
        return NULL;
      if (self->info.read_only)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, "%s is read-only", path);
          return NULL;
        }
    }
  return g_steal_pointer (&self);
}

static char *
format_bytes (guint64 bytes)
{
  g_autofree char *human = g_format_size_full (bytes, G_FORMAT_SIZE_DEFAULT);

  return g_strdup_printf ("%s (%" G_GUINT64_FORMAT " bytes)", human, bytes);
}

static int
create_test_file (const char *dir, gboolean direct, int *errsv)
{
  int fd;
  int oflags = O_RDWR | O_CLOEXEC | (direct ? O_DIRECT : 0);

  fd = open (dir, O_TMPFILE | oflags, 0600);
  if (fd >= 0)
    {
      *errsv = 0;
      return fd;
    }
  *errsv = errno;
  if (*errsv == EOPNOTSUPP || *errsv == EISDIR)
    {
      /* No O_TMPFILE on this file system: create and unlink at once. */
      g_autofree char *tmpl = g_build_filename (dir, ".ssdbench-XXXXXX", NULL);

      fd = g_mkstemp_full (tmpl, oflags, 0600);
      *errsv = errno;
      if (fd >= 0)
        {
          unlink (tmpl);
          *errsv = 0;
        }
    }
  return fd;
}

static SsdbTarget *
open_test_file (const char *dir, guint64 file_size, GError **error)
{
  g_autoptr (SsdbTarget) self = g_object_new (SSDB_TYPE_TARGET, NULL);
  SsdbTargetInfo *info = &self->info;
  struct statvfs vfs;
  struct stat st;
  int errsv = 0;

  info->kind = SSDB_TARGET_FILE;
  info->path = g_strdup (dir);
  self->display_name = g_strdup_printf ("test file in %s", dir);

  if (file_size == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The test file size for %s must be larger than 0", dir);
      return NULL;
    }

  if (stat (dir, &st) != 0)
    {
      errsv = errno;
      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "Cannot use %s: %s", dir,
                   g_strerror (errsv));
      return NULL;
    }

  {
    g_autoptr (GUnixMountEntry) mount = g_unix_mount_for (dir, NULL);

    if (mount != NULL)
      info->fs_type = g_strdup (g_unix_mount_get_fs_type (mount));
  }

  {
    g_autofree char *name
        = ssdb_block_name_from_devnum (NULL, major (st.st_dev), minor (st.st_dev));

    info->major = major (st.st_dev);
    info->minor = minor (st.st_dev);
    if (name != NULL)
      {
        g_autoptr (SsdbBlockFacts) facts = ssdb_block_facts_read (NULL, name, NULL);

        if (facts != NULL)
          apply_block_facts (info, facts);
      }
  }

  if (statvfs (dir, &vfs) != 0)
    {
      errsv = errno;
      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv),
                   "Cannot read the free space of %s: %s", dir, g_strerror (errsv));
      return NULL;
    }
  info->free_bytes = (guint64)vfs.f_bavail * (guint64)vfs.f_frsize;
  if (vfs.f_flag & ST_RDONLY)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                   "Cannot create a test file in %s: the file system is mounted read-only", dir);
      return NULL;
    }

  self->fd = create_test_file (dir, TRUE, &errsv);
  if (self->fd < 0 && errsv == EINVAL)
    {
      int fd2 = create_test_file (dir, FALSE, &errsv);

      if (fd2 >= 0)
        {
          close (fd2);
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_NO_DIRECT_IO,
                       "The file system at %s (%s) does not support direct I/O (O_DIRECT); "
                       "results there would measure the page cache, not the drive",
                       dir, info->fs_type ? info->fs_type : "unknown type");
          return NULL;
        }
      errsv = EINVAL;
    }
  if (self->fd < 0)
    {
      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv),
                   "Cannot create a test file in %s: %s", dir, g_strerror (errsv));
      return NULL;
    }

  if (!query_dio_align (self->fd, &info->dio_mem_align, &info->dio_offset_align))
    {
      info->dio_mem_align = MAX (info->logical_block_size, 512);
      info->dio_offset_align = MAX (info->logical_block_size, 512);
    }
  if (info->logical_block_size == 0)
    info->logical_block_size = info->dio_offset_align;
  if (info->physical_block_size == 0)
    info->physical_block_size = info->logical_block_size;
  info->dio_offset_align = MAX (info->dio_offset_align, info->logical_block_size);

  /* Round up to whole MiB so every summary transfer size divides it. */
  file_size = (file_size + (1u << 20) - 1) & ~(guint64)((1u << 20) - 1);
  info->size_bytes = file_size;

  if (file_size > info->free_bytes)
    {
      g_autofree char *need = format_bytes (file_size);
      g_autofree char *have = format_bytes (info->free_bytes);

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_NO_SPACE,
                   "Not enough free space in %s for the test file: needs %s, %s available", dir,
                   need, have);
      return NULL;
    }

  if (fallocate (self->fd, 0, 0, (off_t)file_size) != 0)
    {
      errsv = errno;
      if (errsv == EOPNOTSUPP)
        {
          if (ftruncate (self->fd, (off_t)file_size) != 0)
            errsv = errno;
          else
            errsv = 0;
        }
      if (errsv != 0)
        {
          g_autofree char *need = format_bytes (file_size);

          g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv),
                       "Cannot allocate the %s test file in %s: %s", need, dir, g_strerror (errsv));
          return NULL;
        }
    }

  info->direct_io = TRUE;
  self->writable = TRUE;
  self->rewrite_ok = TRUE;
  return g_steal_pointer (&self);
}

SsdbTarget *
ssdb_target_open (const char *path, SsdbTargetOpenFlags flags, const char *destroy_permission,
                  guint64 file_size, GError **error)
{
  struct stat st;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (*path == '\0')
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "No target given");
      return NULL;
    }
  if (stat (path, &st) != 0)
    {
      int errsv = errno;

      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "Cannot use %s: %s", path,
                   g_strerror (errsv));
      return NULL;
    }
  if (S_ISBLK (st.st_mode))
    return open_device (path, &st, flags, destroy_permission, error);
  if (S_ISDIR (st.st_mode))
    return open_test_file (path, file_size, error);

  g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
               "%s is neither a block device nor a directory (a test file is created inside a "
               "directory)",
               path);
  return NULL;
}

const SsdbTargetInfo *
ssdb_target_get_info (SsdbTarget *self)
{
  g_return_val_if_fail (SSDB_IS_TARGET (self), NULL);
  return &self->info;
}

int
ssdb_target_get_fd (SsdbTarget *self)
{
  g_return_val_if_fail (SSDB_IS_TARGET (self), -1);
  return self->fd;
}

gboolean
ssdb_target_can_rewrite (SsdbTarget *self)
{
  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);
  return self->rewrite_ok;
}

gboolean
ssdb_target_is_writable (SsdbTarget *self)
{
  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);
  return self->writable;
}

const char *
ssdb_target_get_write_refusal (SsdbTarget *self)
{
  g_return_val_if_fail (SSDB_IS_TARGET (self), NULL);
  return self->writable ? NULL : self->write_refusal;
}

const char *
ssdb_target_get_display_name (SsdbTarget *self)
{
  g_return_val_if_fail (SSDB_IS_TARGET (self), NULL);
  return self->display_name;
}

void
ssdb_target_read_counters (SsdbTarget *self, SsdbDeviceCounters *out)
{
  g_return_if_fail (SSDB_IS_TARGET (self));
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  if (self->info.name != NULL)
    out->valid = ssdb_block_read_stat (NULL, self->info.name, &out->read_bytes, &out->write_bytes);
}

typedef struct
{
  SsdbProgressFunc func;
  gpointer user_data;
  guint64 total;
} FillProgress;

static void
fill_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  FillProgress *p = user_data;

  p->func (MIN (bytes, p->total), p->total, p->user_data);
}

gboolean
ssdb_target_fill (SsdbTarget *self, guint64 offset, guint64 length, guint64 seed,
                  SsdbProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                  GError **error)
{
  SsdbJobSpec spec;
  SsdbIoResult *result;
  FillProgress fp = { progress, user_data, length };
  guint bs = 1u << 20;
  gboolean ok;

  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);

  if (!self->writable)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, "Cannot fill %s: %s", self->display_name,
                   self->write_refusal ? self->write_refusal : "writes are not allowed");
      return FALSE;
    }
  if (length == 0)
    return TRUE;
  /* The largest power of two up to 1 MiB that divides the region. */
  while (bs > self->info.logical_block_size && (length % bs != 0 || offset % bs != 0))
    bs >>= 1;

  ssdb_job_spec_init (&spec);
  spec.rw = SSDB_RW_WRITE;
  spec.access = SSDB_ACCESS_SEQUENTIAL;
  spec.block_size = bs;
  spec.queue_depth = 4;
  spec.threads = 1;
  spec.offset = offset;
  spec.length = length;
  spec.duration_ns = 0;
  spec.total_bytes = length;
  spec.data = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
  spec.seed = seed ^ G_GUINT64_CONSTANT (0x5eed5eed5eed5eed);
  spec.sample_interval_ns = progress ? 200 * G_TIME_SPAN_MILLISECOND * 1000 : 0;

  result = g_new0 (SsdbIoResult, 1);
  ok = ssdb_io_run (self, &spec, progress ? fill_sample : NULL, &fp, cancellable, result, error);
  if (ok && progress)
    progress (length, length, user_data);
  g_free (result);
  return ok;
}
