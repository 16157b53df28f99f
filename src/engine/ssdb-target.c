/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-target.h"
#include "ssdb-error.h"
#include "ssdb-files.h"
#include "ssdb-identity.h"
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

#ifndef BLKGETDISKSEQ
#define BLKGETDISKSEQ _IOR (0x12, 128, __u64)
#endif

#ifndef STATX_DIOALIGN
#define STATX_DIOALIGN 0x00002000U
#endif

struct _SsdbTarget
{
  GObject parent_instance;

  SsdbTargetInfo info;
  int fd;
  gint recordings; /* runs recording now: a run inside another (a TRIM round's summary) records
                    * nothing of its own */
  gboolean writable;
  gboolean rewrite_ok;
  char *write_refusal;
  char *display_name;
  /* The medium a write permission was checked against on the open descriptor (for a device
   * opened for writes): its disk sequence number and size, read again before each write job. */
  gboolean medium_known;
  guint64 medium_diskseq;
  guint64 medium_size;
  /* The drive's temperature sensor, looked for on first use (ssdb_target_get_temperature_sensor).
   */
  gboolean temperature_looked;
  SsdbTemperatureSensor *temperature_sensor;
  /* The disk whose NCQ depth ssdb_target_ncq_off() changed, until it is restored. */
  char *ncq_disk;
  /* The drive's SMART temperature (ssdb_target_set_temperature_func()). */
  SsdbTemperatureFunc temperature_func;
  gpointer temperature_data;
  GDestroyNotify temperature_destroy;
  char *temperature_label;
  /* The drive's host-write counter (ssdb_target_set_drive_counter()). */
  SsdbDriveCounterFunc counter_func;
  gpointer counter_data;
  GDestroyNotify counter_destroy;
};

G_DEFINE_FINAL_TYPE (SsdbTarget, ssdb_target, G_TYPE_OBJECT)

static void
ssdb_target_finalize (GObject *object)
{
  SsdbTarget *self = SSDB_TARGET (object);

  if (self->fd >= 0)
    close (self->fd);
  ssdb_target_info_clear (&self->info);
  g_free (self->write_refusal);
  g_free (self->display_name);
  ssdb_temperature_sensor_free (self->temperature_sensor);
  if (self->counter_destroy != NULL)
    self->counter_destroy (self->counter_data);
  if (self->temperature_destroy != NULL)
    self->temperature_destroy (self->temperature_data);
  g_free (self->temperature_label);
  if (self->ncq_disk != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (!ssdb_target_ncq_restore (self, &error))
        g_warning ("%s", error->message);
    }

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

void
ssdb_target_info_copy (SsdbTargetInfo *dst, const SsdbTargetInfo *src)
{
  g_return_if_fail (dst != NULL && src != NULL);

  *dst = *src;
  dst->path = g_strdup (src->path);
  dst->name = g_strdup (src->name);
  dst->disk_name = g_strdup (src->disk_name);
  dst->model = g_strdup (src->model);
  dst->vendor = g_strdup (src->vendor);
  dst->fs_type = g_strdup (src->fs_type);
  dst->stack = ssdb_stack_copy (src->stack);
  dst->scheduler = g_strdup (src->scheduler);
  dst->write_cache = g_strdup (src->write_cache);
}

void
ssdb_target_info_clear (SsdbTargetInfo *info)
{
  g_return_if_fail (info != NULL);

  g_clear_pointer (&info->path, g_free);
  g_clear_pointer (&info->name, g_free);
  g_clear_pointer (&info->disk_name, g_free);
  g_clear_pointer (&info->model, g_free);
  g_clear_pointer (&info->vendor, g_free);
  g_clear_pointer (&info->fs_type, g_free);
  g_clear_pointer (&info->stack, ssdb_stack_free);
  g_clear_pointer (&info->scheduler, g_free);
  g_clear_pointer (&info->write_cache, g_free);
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
  info->has_queue = TRUE;
  info->scheduler = g_strdup (facts->scheduler);
  info->nr_requests = facts->nr_requests;
  info->write_cache = g_strdup (facts->write_cache);
  info->device_queue_depth = facts->device_queue_depth;
}

static gboolean
setup_device (SsdbTarget *self, const char *path, SsdbTargetOpenFlags flags, GError **error)
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
  info->stack = info->name != NULL ? ssdb_stack_resolve_device (NULL, info->name) : NULL;
  /* O_DIRECT on a buffered loop device reaches only the host's page cache. */
  info->direct_io = info->stack == NULL || !info->stack->buffered;

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

/* A write needs a permission, and the device @fd is open on must be the medium it names. */
static gboolean
check_write_permission (SsdbTarget *self, int fd, const char *path,
                        const SsdbDeviceIdentity *permission, GError **error)
{
  g_autoptr (SsdbDeviceIdentity) found = NULL;
  g_autofree char *mismatch = NULL;

  if (permission == NULL)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                   "Writing to %s destroys its data; it needs a permission naming that device",
                   path);
      return FALSE;
    }
  found = ssdb_device_identity_read_fd (fd, path, error);
  if (found == NULL)
    return FALSE;
  mismatch = ssdb_device_identity_dup_mismatch (permission, found);
  if (mismatch != NULL)
    {
      g_autofree char *named = ssdb_device_identity_describe (permission);
      g_autofree char *opened = ssdb_device_identity_describe (found);

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                   "The permission to destroy data names %s, which is not the target %s: %s. "
                   "Nothing was written",
                   named, opened, mismatch);
      return FALSE;
    }
  self->medium_known = TRUE;
  self->medium_diskseq = found->diskseq;
  self->medium_size = found->size_bytes;
  return TRUE;
}

gboolean
ssdb_target_check_medium (SsdbTarget *self, GError **error)
{
  guint64 seq = 0, size = 0;

  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);

  if (!self->medium_known)
    return TRUE;
  if (ioctl (self->fd, BLKGETDISKSEQ, &seq) != 0)
    seq = self->medium_diskseq; /* a kernel without disk sequence numbers */
  if (ioctl (self->fd, BLKGETSIZE64, &size) != 0)
    {
      int errsv = errno;

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                   "Cannot tell whether the medium behind %s is still the one that may be "
                   "overwritten (%s); nothing more is written",
                   self->display_name, g_strerror (errsv));
      return FALSE;
    }
  if (seq != self->medium_diskseq || size != self->medium_size)
    {
      g_set_error (
          error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
          "The medium behind %s changed during the run (disk sequence number %" G_GUINT64_FORMAT
          " -> %" G_GUINT64_FORMAT ", size %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT
          " bytes); nothing more is written",
          self->display_name, self->medium_diskseq, seq, self->medium_size, size);
      return FALSE;
    }
  return TRUE;
}

/* The checks of a write or a rewrite on the device @self->fd is open on: the permission's
 * medium, then the whole stack of that very device (by its number, not by a path). */
static gboolean
check_device_write (SsdbTarget *self, const char *path, SsdbTargetOpenFlags flags,
                    const SsdbDeviceIdentity *permission, GError **error)
{
  struct stat st;
  g_autofree char *name = NULL;

  if ((flags & SSDB_TARGET_OPEN_WRITE)
      && !check_write_permission (self, self->fd, path, permission, error))
    return FALSE;
  if (fstat (self->fd, &st) != 0 || !S_ISBLK (st.st_mode))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "%s is not a block device",
                   path);
      return FALSE;
    }
  name = ssdb_block_name_from_devnum (NULL, major (st.st_rdev), minor (st.st_rdev));
  if (name == NULL)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND,
                   "%s has no entry in /sys/dev/block; cannot check whether it is in use", path);
      return FALSE;
    }
  return ssdb_safety_check_device_write (NULL, name, path, error);
}

/* Why an exclusive open of @path failed with EBUSY, in the safety rules' words where they
 * know (no write follows: this only names the reason). A mount, swap or holder explains it
 * alone; an exclusive opener is named after the failed open. */
static void
set_busy_error (const char *path, GError **error)
{
  g_autoptr (SsdbDeviceIdentity) id = ssdb_device_identity_read (NULL, path, NULL);
  g_autoptr (SsdbUsage) usage = NULL;
  g_autofree char *refusal = NULL;

  if (id != NULL && id->name != NULL)
    usage = ssdb_usage_read (NULL, id->name, NULL);
  if (usage != NULL)
    refusal = ssdb_usage_describe_refusal (usage, path);
  if (refusal != NULL
      && (usage->mounted_at != NULL || usage->swap != NULL || usage->holder != NULL))
    g_set_error_literal (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, refusal);
  else
    g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                 "%s is in use by another program or the kernel (exclusive open failed: %s)%s%s",
                 path, g_strerror (EBUSY), refusal != NULL ? ": " : "",
                 refusal != NULL ? refusal : "");
}

/* What every open of a device does once it holds the descriptor: the checks of a write on
 * that very device, then its facts. */
static gboolean
finish_device_open (SsdbTarget *self, const char *path, SsdbTargetOpenFlags flags,
                    const SsdbDeviceIdentity *permission, GError **error)
{
  gboolean writes = (flags & (SSDB_TARGET_OPEN_WRITE | SSDB_TARGET_OPEN_REWRITE)) != 0;

  if (writes && !check_device_write (self, path, flags, permission, error))
    return FALSE;
  if (!setup_device (self, path, flags, error))
    return FALSE;
  if (writes && self->info.read_only)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, "%s is read-only", path);
      return FALSE;
    }
  return TRUE;
}

static SsdbTarget *
open_device (const char *path, SsdbTargetOpenFlags flags, const SsdbDeviceIdentity *permission,
             GError **error)
{
  g_autoptr (SsdbTarget) self = g_object_new (SSDB_TYPE_TARGET, NULL);
  gboolean write = (flags & SSDB_TARGET_OPEN_WRITE) != 0;
  gboolean rewrite = (flags & SSDB_TARGET_OPEN_REWRITE) != 0;
  int oflags = O_DIRECT | O_CLOEXEC | O_NONBLOCK;

  self->info.path = g_strdup (path);

  if (write && permission == NULL)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                   "Writing to %s destroys its data; it needs a permission naming that device",
                   path);
      return NULL;
    }
  /* The path is resolved once, here; every check below looks at what this open found. */
  oflags |= (write || rewrite) ? O_RDWR | O_EXCL : O_RDONLY;
  self->fd = open (path, oflags);
  if (self->fd < 0)
    {
      int errsv = errno;

      if (errsv == EBUSY)
        set_busy_error (path, error);
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

  if (!finish_device_open (self, path, flags, permission, error))
    return NULL;
  return g_steal_pointer (&self);
}

SsdbTarget *
ssdb_target_open_fd_for (int fd, const char *path, SsdbTargetOpenFlags flags,
                         const SsdbDeviceIdentity *permission, GError **error)
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
  if ((flags & (SSDB_TARGET_OPEN_WRITE | SSDB_TARGET_OPEN_REWRITE)) != 0
      && (fcntl (fd, F_GETFL) & O_ACCMODE) != O_RDWR)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_PERMISSION,
                   "The descriptor for %s was opened for reading only, not for the writes the "
                   "test needs",
                   path);
      return NULL;
    }
  if (!finish_device_open (self, path, flags, permission, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* The medium a `--destroy-data` path names now, or NULL with the reason. */
static SsdbDeviceIdentity *
read_permission (const char *destroy_permission, GError **error)
{
  g_autoptr (GError) local = NULL;
  SsdbDeviceIdentity *id;

  if (destroy_permission == NULL || *destroy_permission == '\0')
    return NULL;
  id = ssdb_device_identity_read (NULL, destroy_permission, &local);
  if (id == NULL)
    g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                 "The permission to destroy data names %s, which is not a block device here: %s",
                 destroy_permission, local->message);
  return id;
}

SsdbTarget *
ssdb_target_open_fd (int fd, const char *path, SsdbTargetOpenFlags flags,
                     const char *destroy_permission, GError **error)
{
  g_autoptr (SsdbDeviceIdentity) permission = NULL;

  g_return_val_if_fail (fd >= 0, NULL);
  g_return_val_if_fail (path != NULL, NULL);

  if ((flags & SSDB_TARGET_OPEN_WRITE) && destroy_permission != NULL && *destroy_permission != '\0')
    {
      permission = read_permission (destroy_permission, error);
      if (permission == NULL)
        {
          close (fd);
          return NULL;
        }
    }
  return ssdb_target_open_fd_for (fd, path, flags, permission, error);
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
      /* No O_TMPFILE on this file system: create and unlink at once. The name holds this
       * process's number, so that a file left by a process killed in between is recognised
       * and removed by the next run in this folder (ssdb_remove_stale_files()). */
      g_autofree char *name = g_strdup_printf (".ssdbench-%d-XXXXXX", (int)getpid ());
      g_autofree char *tmpl = g_build_filename (dir, name, NULL);

      ssdb_remove_stale_files (dir, ".ssdbench-", ".ssdbench-");
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

  info->stack = ssdb_stack_resolve_directory (NULL, dir);
  /* On a copy-on-write file system, a file made NOCOW while it is empty is written in place
   * (and not compressed), as a drive's blocks are: what a benchmark means to measure. */
  if (info->stack->copy_on_write || info->stack->compressing)
    {
      unsigned int attr = 0;

      if (ioctl (self->fd, FS_IOC_GETFLAGS, &attr) == 0)
        {
          attr |= FS_NOCOW_FL;
          if (ioctl (self->fd, FS_IOC_SETFLAGS, &attr) == 0
              && ioctl (self->fd, FS_IOC_GETFLAGS, &attr) == 0 && (attr & FS_NOCOW_FL))
            {
              info->stack->nocow = TRUE;
              info->stack->copy_on_write = FALSE;
              info->stack->compressing = FALSE;
            }
        }
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

  info->direct_io = !info->stack->buffered;
  self->writable = TRUE;
  self->rewrite_ok = TRUE;
  return g_steal_pointer (&self);
}

SsdbTarget *
ssdb_target_open_for (const char *path, SsdbTargetOpenFlags flags,
                      const SsdbDeviceIdentity *permission, guint64 file_size, GError **error)
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
  /* Only the kind of target comes from this stat(): a device is checked on what its open
   * found (open_device), not on what the path led to here. */
  if (S_ISBLK (st.st_mode))
    return open_device (path, flags, permission, error);
  if (S_ISDIR (st.st_mode))
    return open_test_file (path, file_size, error);

  g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
               "%s is neither a block device nor a directory (a test file is created inside a "
               "directory)",
               path);
  return NULL;
}

SsdbTarget *
ssdb_target_open (const char *path, SsdbTargetOpenFlags flags, const char *destroy_permission,
                  guint64 file_size, GError **error)
{
  g_autoptr (SsdbDeviceIdentity) permission = NULL;
  struct stat st;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* A permission matters only for a device; a directory's test file needs none. */
  if ((flags & SSDB_TARGET_OPEN_WRITE) && destroy_permission != NULL && *destroy_permission != '\0'
      && stat (path, &st) == 0 && S_ISBLK (st.st_mode))
    {
      permission = read_permission (destroy_permission, error);
      if (permission == NULL)
        return NULL;
    }
  return ssdb_target_open_for (path, flags, permission, file_size, error);
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

gboolean
ssdb_target_check_writes (SsdbTarget *self, const char *test, GError **error)
{
  const char *why;

  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);
  g_return_val_if_fail (test != NULL, FALSE);

  if (self->writable)
    return TRUE;
  why = self->write_refusal;
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, "%s writes to %s and was refused: %s", test,
               ssdb_target_get_display_name (self), why ? why : "writes are not allowed");
  return FALSE;
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
  const SsdbStack *stack;

  g_return_if_fail (SSDB_IS_TARGET (self));
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  stack = self->info.stack;
  if (stack != NULL && stack->counted[0] != NULL)
    {
      /* The devices at the bottom: what reached them reached a drive. */
      out->valid = TRUE;
      for (guint i = 0; stack->counted[i] != NULL; i++)
        {
          SsdbBlockStat st;

          if (!ssdb_block_read_stat_full (NULL, stack->counted[i], &st))
            {
              out->valid = FALSE;
              break;
            }
          out->read_bytes += st.read_bytes;
          out->write_bytes += st.write_bytes;
        }
    }
  else if (self->info.name != NULL && stack == NULL)
    out->valid = ssdb_block_read_stat (NULL, self->info.name, &out->read_bytes, &out->write_bytes);
  if (self->info.name != NULL)
    {
      SsdbBlockStat st;

      /* The queue the engine talks to: the target's own device. */
      if (ssdb_block_read_stat_full (NULL, self->info.name, &st) && st.have_times)
        {
          out->busy_ns = st.busy_ns;
          out->queue_ns = st.queue_ns;
          out->times_valid = TRUE;
        }
    }
}

/* The disk a kernel name belongs to ("sda" for "sda1"), on this machine's sysfs. */
static SsdbTemperatureSensor *
sensor_of_disk (const char *name)
{
  g_autoptr (SsdbBlockFacts) facts = NULL;

  if (name == NULL || (facts = ssdb_block_facts_read (NULL, name, NULL)) == NULL)
    return NULL;
  return ssdb_temperature_sensor_find (NULL, facts->disk_name);
}

const SsdbTemperatureSensor *
ssdb_target_get_temperature_sensor (SsdbTarget *self)
{
  g_return_val_if_fail (SSDB_IS_TARGET (self), NULL);

  if (!self->temperature_looked)
    {
      self->temperature_looked = TRUE;
      self->temperature_sensor = sensor_of_disk (self->info.disk_name);
      for (guint i = 0;
           self->temperature_sensor == NULL && self->info.stack != NULL
           && self->info.stack->counted != NULL && self->info.stack->counted[i] != NULL;
           i++)
        self->temperature_sensor = sensor_of_disk (self->info.stack->counted[i]);
    }
  return self->temperature_sensor;
}

void
ssdb_target_set_temperature_sensor (SsdbTarget *self, const SsdbTemperatureSensor *sensor)
{
  g_return_if_fail (SSDB_IS_TARGET (self));

  ssdb_temperature_sensor_free (self->temperature_sensor);
  self->temperature_sensor = ssdb_temperature_sensor_dup (sensor);
  self->temperature_looked = TRUE;
}

/* SMART readings are commands the drive serves between the benchmark's: one every 5 s. */
#define SMART_TEMPERATURE_INTERVAL_MS 5000

SsdbTemperatureRecorder *
ssdb_target_record_temperature (SsdbTarget *self)
{
  const SsdbTemperatureSensor *sensor;

  g_return_val_if_fail (SSDB_IS_TARGET (self), NULL);

  sensor = ssdb_target_get_temperature_sensor (self);
  if (sensor == NULL && self->temperature_func != NULL)
    return ssdb_temperature_recorder_start_func (self->temperature_func, self->temperature_data,
                                                 self->temperature_label,
                                                 SMART_TEMPERATURE_INTERVAL_MS);
  return ssdb_temperature_recorder_start (sensor, 0);
}

struct _SsdbRunRecording
{
  gboolean nested;
  SsdbTemperatureRecorder *temperature;
  SsdbDriveCounts *drive_counts;
};

SsdbRunRecording *
ssdb_target_recording_begin (SsdbTarget *self, gboolean writes)
{
  SsdbRunRecording *r;

  g_return_val_if_fail (SSDB_IS_TARGET (self), NULL);

  r = g_new0 (SsdbRunRecording, 1);
  /* The run around this one records the drive for both. */
  r->nested = g_atomic_int_add (&self->recordings, 1) > 0;
  if (r->nested)
    return r;
  r->temperature = ssdb_target_record_temperature (self);
  r->drive_counts = writes ? ssdb_target_drive_counts_begin (self) : NULL;
  return r;
}

void
ssdb_target_recording_end (SsdbTarget *self, SsdbRunRecording *recording,
                           SsdbTemperatureLog **temperature, SsdbDriveCounts **drive_counts)
{
  g_return_if_fail (SSDB_IS_TARGET (self));
  g_return_if_fail (recording != NULL);
  g_return_if_fail (temperature != NULL && drive_counts != NULL);

  g_atomic_int_add (&self->recordings, -1);
  if (recording->nested)
    {
      g_free (recording);
      return;
    }
  ssdb_target_drive_counts_end (self, &recording->drive_counts);
  ssdb_temperature_log_free (*temperature);
  *temperature = ssdb_temperature_recorder_stop (recording->temperature);
  ssdb_drive_counts_free (*drive_counts);
  *drive_counts = recording->drive_counts;
  g_free (recording);
}

void
ssdb_target_set_temperature_func (SsdbTarget *self, SsdbTemperatureFunc func, gpointer data,
                                  GDestroyNotify destroy, const char *label)
{
  g_return_if_fail (SSDB_IS_TARGET (self));

  if (self->temperature_destroy != NULL)
    self->temperature_destroy (self->temperature_data);
  g_free (self->temperature_label);
  self->temperature_func = func;
  self->temperature_data = data;
  self->temperature_destroy = destroy;
  self->temperature_label = g_strdup (label);
}

gboolean
ssdb_target_ncq_off (SsdbTarget *self, GError **error)
{
  guint before = 0;

  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);

  if (self->info.kind != SSDB_TARGET_DEVICE || self->info.disk_name == NULL)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "NCQ is a setting of a SATA or SAS disk: give the disk itself, not a "
                   "directory (%s), as the target",
                   self->info.path);
      return FALSE;
    }
  if (self->ncq_disk != NULL)
    return TRUE;
  if (self->info.device_queue_depth == 1)
    return TRUE; /* already off: nothing to restore */
  if (!ssdb_block_set_ncq_depth (NULL, self->info.disk_name, 1, &before, error))
    return FALSE;
  self->info.device_queue_depth = 1;
  if (before <= 1)
    return TRUE; /* off already (the facts read at open were older): nothing to restore */
  self->ncq_disk = g_strdup (self->info.disk_name);
  self->info.ncq_depth_before = before;
  self->info.device_queue_depth = 1;
  return TRUE;
}

gboolean
ssdb_target_ncq_restore (SsdbTarget *self, GError **error)
{
  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);

  if (self->ncq_disk == NULL)
    return TRUE;
  if (!ssdb_block_set_ncq_depth (NULL, self->ncq_disk, self->info.ncq_depth_before, NULL, error))
    return FALSE;
  g_clear_pointer (&self->ncq_disk, g_free);
  return TRUE;
}

void
ssdb_target_set_drive_counter (SsdbTarget *self, SsdbDriveCounterFunc func, gpointer data,
                               GDestroyNotify destroy)
{
  g_return_if_fail (SSDB_IS_TARGET (self));

  if (self->counter_destroy != NULL)
    self->counter_destroy (self->counter_data);
  self->counter_func = func;
  self->counter_data = data;
  self->counter_destroy = destroy;
}

/* Bytes the kernel completed writing to the devices at the bottom of the target's stack, the
 * drive whose counter is read (ssdb_target_read_counters()), or FALSE. */
static gboolean
kernel_written (SsdbTarget *self, guint64 *bytes)
{
  SsdbDeviceCounters c;

  ssdb_target_read_counters (self, &c);
  *bytes = c.write_bytes;
  return c.valid;
}

SsdbDriveCounts *
ssdb_target_drive_counts_begin (SsdbTarget *self)
{
  SsdbDriveCounter c = { NULL, SSDB_DRIVE_COUNTER_BYTES, 0, -1 };
  SsdbDriveCounts *w;

  g_return_val_if_fail (SSDB_IS_TARGET (self), NULL);

  if (self->counter_func == NULL || !self->counter_func (self->counter_data, &c))
    return NULL;
  w = g_new0 (SsdbDriveCounts, 1);
  w->source = c.source;
  w->unit = c.unit;
  w->before = c.value;
  w->throttle_before_s = c.throttle_seconds;
  w->throttle_after_s = -1;
  w->kernel_valid = kernel_written (self, &w->kernel_bytes);
  return w;
}

void
ssdb_target_drive_counts_end (SsdbTarget *self, SsdbDriveCounts **writes)
{
  SsdbDriveCounter c = { NULL, SSDB_DRIVE_COUNTER_BYTES, 0, -1 };
  guint64 kernel = 0;

  g_return_if_fail (SSDB_IS_TARGET (self));

  if (*writes == NULL)
    return;
  if (self->counter_func == NULL || !self->counter_func (self->counter_data, &c)
      || g_strcmp0 (c.source, (*writes)->source) != 0 || c.unit != (*writes)->unit)
    {
      g_free (c.source);
      g_clear_pointer (writes, ssdb_drive_counts_free);
      return;
    }
  g_free (c.source);
  (*writes)->after = c.value;
  (*writes)->throttle_after_s = (*writes)->throttle_before_s >= 0 ? c.throttle_seconds : -1;
  if ((*writes)->kernel_valid && kernel_written (self, &kernel)
      && kernel >= (*writes)->kernel_bytes)
    (*writes)->kernel_bytes = kernel - (*writes)->kernel_bytes;
  else
    {
      (*writes)->kernel_valid = FALSE;
      (*writes)->kernel_bytes = 0;
    }
}

void
ssdb_target_set_ata_features (SsdbTarget *self, const int *features)
{
  g_return_if_fail (SSDB_IS_TARGET (self));
  g_return_if_fail (features != NULL);

  memcpy (self->info.ata_features, features, sizeof self->info.ata_features);
  self->info.has_ata_features = TRUE;
}

gboolean
ssdb_target_has_drive_counter (SsdbTarget *self)
{
  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);
  return self->counter_func != NULL;
}

gboolean
ssdb_target_has_temperature (SsdbTarget *self)
{
  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);
  return ssdb_target_get_temperature_sensor (self) != NULL || self->temperature_func != NULL;
}
