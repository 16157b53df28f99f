/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * SsdbOpener:
 * @pid: the process
 * @command: its command name (`/proc/PID/comm`), e.g. "dd", "qemu-system-x86"
 * @parent_command: (nullable): the command name of its parent process (a probe that udev
 *   started shows udev's own name here)
 * @target: index of the #SsdbOpenTarget it holds open
 * @writable: %TRUE when one of its descriptors on that target is open for writing
 *
 * A process that holds a block device or a file open. Free with ssdb_opener_free().
 */
typedef struct
{
  int pid;
  char *command;
  char *parent_command;
  guint target;
  gboolean writable;
} SsdbOpener;

/**
 * SsdbOpenTarget:
 * @block: %TRUE for a block device, %FALSE for a regular file
 * @dev: for a block device its number (st_rdev), for a file the number of the file system it
 *   is on (st_dev), as makedev() values
 * @ino: for a file, its inode number
 *
 * Something whose openers are looked for.
 */
typedef struct
{
  gboolean block;
  guint64 dev;
  guint64 ino;
} SsdbOpenTarget;

void
ssdb_opener_free (SsdbOpener *opener);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbOpener, ssdb_opener_free)

/**
 * ssdb_openers_scan:
 * @proc_root: (nullable): where procfs is ["/proc"]
 * @targets: (array length=n_targets): the devices and files to look for
 * @n_targets: how many
 * @n_unreadable: (out) (optional): processes whose descriptors could not be read (other users'
 *   processes, without root), and so could hold one of the devices unseen
 *
 * Finds the processes other than this one that hold one of the targets open, from the
 * descriptors under `/proc/PID/fd` (each followed with stat(), so a device or file opened
 * through any link or name counts) and their access mode in `/proc/PID/fdinfo/N`. The kernel's own
 * users (a mount, a loop device, device-mapper, swap) hold no descriptor and are not found
 * here; the safety rules look for them in the mount and swap tables and in sysfs. One process
 * appears once per target, writable if any of its descriptors on it is.
 *
 * Returns: (transfer full) (element-type SsdbOpener): the openers, in PID order.
 */
GPtrArray *
ssdb_openers_scan (const char *proc_root, const SsdbOpenTarget *targets, guint n_targets,
                   guint *n_unreadable);

/**
 * ssdb_opener_is_system_probe:
 * @opener: an opener
 *
 * udev and UDisks2 open a device, themselves or with the programs they start (blkid,
 * dumpe2fs), for a moment after it changed, to learn what it holds; they never write its data.
 *
 * Returns: %TRUE when @opener is one of them (by its command name or its parent's) and holds
 *   the device for reading only; one that holds it for writing is not a probe.
 */
gboolean
ssdb_opener_is_system_probe (const SsdbOpener *opener);

G_END_DECLS
