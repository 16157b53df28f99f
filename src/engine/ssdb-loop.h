/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-sysfs.h"

G_BEGIN_DECLS

/**
 * SsdbLoopBacking:
 * @name: the loop device's kernel name ("loop3")
 * @backing_file: (nullable): its backing file as the kernel names it (`loop/backing_file`; a
 *   file deleted since ends in " (deleted)")
 * @offset: where the loop device starts in the backing file, bytes (`loop/offset`)
 * @size_limit: how much of the backing file it maps, bytes; 0 for all of it (`loop/sizelimit`)
 * @direct_io: %TRUE when the loop device reads and writes its backing file with direct I/O
 *   (`loop/dio`); %FALSE means the host's page cache sits between the two
 * @have_file_id: %TRUE when @file_dev and @file_ino are known
 * @file_dev_major: major number of the file system (or devtmpfs) holding the backing file
 * @file_dev_minor: its minor number
 * @file_ino: the backing file's inode number
 * @have_rdev: %TRUE when the backing file is itself a block device (a loop device over
 *   /dev/sdb, or over another loop device, as `mount -o loop,offset=…` makes)
 * @rdev_major: that block device's major number
 * @rdev_minor: its minor number
 *
 * What a loop device maps. On this machine's own sysfs the backing file's identity comes from
 * the `LOOP_GET_STATUS64` ioctl when the loop device can be opened (it names the file the
 * kernel really holds, even when it was deleted or renamed, or lives in another mount
 * namespace), else from stat() of @backing_file. Under a fixture sysfs tree only the names
 * are known: a backing file "/dev/NAME" is the block device NAME of that tree. Free with
 * ssdb_loop_backing_free().
 */
typedef struct
{
  char *name;
  char *backing_file;
  guint64 offset;
  guint64 size_limit;
  gboolean direct_io;
  gboolean have_file_id;
  guint file_dev_major;
  guint file_dev_minor;
  guint64 file_ino;
  gboolean have_rdev;
  guint rdev_major;
  guint rdev_minor;
} SsdbLoopBacking;

void
ssdb_loop_backing_free (SsdbLoopBacking *backing);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbLoopBacking, ssdb_loop_backing_free)

/**
 * ssdb_loop_backing_read:
 * @paths: (nullable): where to read
 * @name: kernel name of a block device
 *
 * Returns: (transfer full) (nullable): what the loop device @name maps, or %NULL when @name is
 *   not a loop device with a backing file (not a loop device, or one with nothing attached).
 */
SsdbLoopBacking *
ssdb_loop_backing_read (const SsdbSystemPaths *paths, const char *name);

/**
 * ssdb_loop_list:
 * @paths: (nullable): where to read
 *
 * Returns: (transfer full) (element-type SsdbLoopBacking): every loop device of the system that
 *   has a backing file, in name order.
 */
GPtrArray *
ssdb_loop_list (const SsdbSystemPaths *paths);

/**
 * ssdb_loop_same_file:
 * @a: a loop device's backing
 * @b: another
 *
 * Returns: %TRUE when both map the same backing file: the same device and inode where both are
 *   known, else the same path (without a " (deleted)" suffix).
 */
gboolean
ssdb_loop_same_file (const SsdbLoopBacking *a, const SsdbLoopBacking *b);

G_END_DECLS
