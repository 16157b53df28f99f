/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-loop.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define DELETED_SUFFIX " (deleted)"

void
ssdb_loop_backing_free (SsdbLoopBacking *backing)
{
  if (backing == NULL)
    return;
  g_free (backing->name);
  g_free (backing->backing_file);
  g_free (backing);
}

static guint64
read_u64_attr (const SsdbSystemPaths *paths, const char *name, const char *attr)
{
  g_autofree char *text = ssdb_block_read_attr (paths, name, attr);
  guint64 v = 0;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &v, NULL))
    return 0;
  return v;
}

/* The kernel's own record of the backing file: LOOP_GET_STATUS64 on the loop device. Needs
 * the right to open the device (root, or the disk group); a read-only open without O_EXCL
 * stands in nobody's way. */
static gboolean
read_status_ioctl (SsdbLoopBacking *b)
{
  g_autofree char *node = g_strconcat ("/dev/", b->name, NULL);
  struct loop_info64 info;
  struct stat st;
  int fd, r;

  fd = open (node, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0)
    return FALSE;
  /* Only the node of this very device: a /dev that is another machine's is no evidence. */
  if (fstat (fd, &st) != 0 || !S_ISBLK (st.st_mode))
    {
      close (fd);
      return FALSE;
    }
  memset (&info, 0, sizeof info);
  r = ioctl (fd, LOOP_GET_STATUS64, &info);
  close (fd);
  if (r != 0)
    return FALSE;
  b->have_file_id = TRUE;
  b->file_dev_major = major ((dev_t)info.lo_device);
  b->file_dev_minor = minor ((dev_t)info.lo_device);
  b->file_ino = info.lo_inode;
  b->offset = info.lo_offset;
  b->size_limit = info.lo_sizelimit;
  if (info.lo_rdevice != 0)
    {
      b->have_rdev = TRUE;
      b->rdev_major = major ((dev_t)info.lo_rdevice);
      b->rdev_minor = minor ((dev_t)info.lo_rdevice);
    }
  return TRUE;
}

/* The backing file as its path leads now: right unless it was deleted, renamed or replaced. */
static void
read_status_stat (SsdbLoopBacking *b)
{
  struct stat st;

  if (b->backing_file == NULL || g_str_has_suffix (b->backing_file, DELETED_SUFFIX))
    return;
  if (stat (b->backing_file, &st) != 0)
    return;
  b->have_file_id = TRUE;
  b->file_dev_major = major (st.st_dev);
  b->file_dev_minor = minor (st.st_dev);
  b->file_ino = st.st_ino;
  if (S_ISBLK (st.st_mode))
    {
      b->have_rdev = TRUE;
      b->rdev_major = major (st.st_rdev);
      b->rdev_minor = minor (st.st_rdev);
    }
}

/* Under a fixture tree: "/dev/NAME" is the tree's block device NAME. */
static void
read_status_fixture (const SsdbSystemPaths *paths, SsdbLoopBacking *b)
{
  g_autofree char *base = NULL;

  if (b->backing_file == NULL || !g_str_has_prefix (b->backing_file, "/dev/"))
    return;
  base = g_path_get_basename (b->backing_file);
  b->have_rdev = ssdb_block_read_devnum (paths, base, &b->rdev_major, &b->rdev_minor);
}

SsdbLoopBacking *
ssdb_loop_backing_read (const SsdbSystemPaths *paths, const char *name)
{
  g_autoptr (SsdbLoopBacking) b = NULL;
  g_autofree char *file = NULL;

  g_return_val_if_fail (name != NULL, NULL);

  if (!g_str_has_prefix (name, "loop"))
    return NULL;
  file = ssdb_block_read_attr (paths, name, "loop/backing_file");
  if (file == NULL)
    return NULL;
  b = g_new0 (SsdbLoopBacking, 1);
  b->name = g_strdup (name);
  b->backing_file = g_steal_pointer (&file);
  b->offset = read_u64_attr (paths, name, "loop/offset");
  b->size_limit = read_u64_attr (paths, name, "loop/sizelimit");
  b->direct_io = read_u64_attr (paths, name, "loop/dio") != 0;
  if (ssdb_system_paths_are_host (paths))
    {
      if (!read_status_ioctl (b))
        read_status_stat (b);
    }
  else
    read_status_fixture (paths, b);
  return g_steal_pointer (&b);
}

static int
compare_backings (gconstpointer a, gconstpointer b)
{
  const SsdbLoopBacking *x = *(SsdbLoopBacking *const *)a;
  const SsdbLoopBacking *y = *(SsdbLoopBacking *const *)b;
  size_t lx = strlen (x->name), ly = strlen (y->name);

  /* loop2 before loop10 */
  if (lx != ly)
    return lx < ly ? -1 : 1;
  return strcmp (x->name, y->name);
}

GPtrArray *
ssdb_loop_list (const SsdbSystemPaths *paths)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify)ssdb_loop_backing_free);
  g_autofree char *dir = NULL;
  g_autoptr (GDir) d = NULL;
  const char *entry;

  dir = g_build_filename (paths != NULL && paths->sysfs_root != NULL ? paths->sysfs_root : "/sys",
                          "class", "block", NULL);
  d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return list;
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      SsdbLoopBacking *b = ssdb_loop_backing_read (paths, entry);

      if (b != NULL)
        g_ptr_array_add (list, b);
    }
  g_ptr_array_sort (list, compare_backings);
  return list;
}

static char *
strip_deleted (const char *path)
{
  if (g_str_has_suffix (path, DELETED_SUFFIX))
    return g_strndup (path, strlen (path) - strlen (DELETED_SUFFIX));
  return g_strdup (path);
}

gboolean
ssdb_loop_same_file (const SsdbLoopBacking *a, const SsdbLoopBacking *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  if (a->have_file_id && b->have_file_id)
    return a->file_dev_major == b->file_dev_major && a->file_dev_minor == b->file_dev_minor
           && a->file_ino == b->file_ino;
  if (a->have_rdev && b->have_rdev)
    return a->rdev_major == b->rdev_major && a->rdev_minor == b->rdev_minor;
  if (a->backing_file != NULL && b->backing_file != NULL)
    {
      g_autofree char *x = strip_deleted (a->backing_file);
      g_autofree char *y = strip_deleted (b->backing_file);

      return strcmp (x, y) == 0;
    }
  return FALSE;
}
