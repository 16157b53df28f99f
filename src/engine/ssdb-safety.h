/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-sysfs.h"

G_BEGIN_DECLS

/**
 * SsdbUseKind:
 * @SSDB_USE_MOUNTED: a device of the target's stack is mounted
 * @SSDB_USE_SWAP: a device of the stack is used as swap
 * @SSDB_USE_HELD: a device of the stack is held by a device built on it (dm, md, bcache)
 * @SSDB_USE_OPEN: a process holds a device of the stack, or the target's backing file, open
 *
 * Kinds of #SsdbUse.
 */
typedef enum
{
  SSDB_USE_MOUNTED,
  SSDB_USE_SWAP,
  SSDB_USE_HELD,
  SSDB_USE_OPEN,
} SsdbUseKind;

/**
 * SsdbUse:
 * @kind: what the use is
 * @member: kernel name of the device in use ("loop7"); %NULL for a backing file
 * @subject: (nullable): how that device relates to the target, in words, for a device other
 *   than the target ("/dev/loop7, which maps this device at offset 1048576"); %NULL for the
 *   target itself
 * @detail: the use in words: "is mounted at /mnt/x", "is used as swap", "is held by dm-3",
 *   "is open in dd (PID 4242) for writing"
 * @pid: for %SSDB_USE_OPEN, the process
 * @command: for %SSDB_USE_OPEN, its command name
 * @writable: for %SSDB_USE_OPEN, whether it is open for writing
 *
 * One reason why writing to a device would change data someone else uses, found by following
 * the device's stack (loop devices and processes) beyond its own partitions and holders.
 */
typedef struct
{
  SsdbUseKind kind;
  char *member;
  char *subject;
  char *detail;
  int pid;
  char *command;
  gboolean writable;
} SsdbUse;

/**
 * SsdbUsage:
 * @mounted_at: (nullable): a mount point of the device, a partition or a holder
 * @mounted_name: (nullable): the kernel name of what is mounted ("sda1")
 * @swap: (nullable): the kernel name of a device, partition or holder used as swap
 * @holder: (nullable): the first holder of the device or a partition ("dm-0", "md0")
 * @read_only: the device is read-only
 * @name: the kernel name of the device looked at
 * @disk_name: the whole disk @name belongs to (equal to @name for a disk)
 * @mounted_via: (nullable): when @mounted_name is a holder, the device, partition or disk it is
 *   built on
 * @swap_via: (nullable): when @swap is a holder, the device, partition or disk it is built on
 * @holder_of: (nullable): the device, partition or disk @holder is built on
 * @uses: (element-type SsdbUse): every use found through the rest of the stack: loop devices
 *   that map this device (or a partition or holder of it), that map a file on a file system of
 *   it, or that share this loop device's backing file; the device a loop device maps; and the
 *   processes that hold any of these devices (or this loop device's backing file) open
 * @unreadable_processes: processes whose open files could not be looked at (other users'
 *   processes, when not running as root): they could hold the device unseen
 *
 * How a block device is in use. A whole disk is in use when it, any of its partitions or any
 * device built on them (recursively) is mounted or swap; a partition is in use when it, its
 * disk or a device built on either is. For these, only the first mount, swap and holder found
 * are kept in the named members; @uses holds the rest of the stack, each use once. Free with
 * ssdb_usage_free().
 */
typedef struct
{
  char *mounted_at;
  char *mounted_name;
  char *swap;
  char *holder;
  gboolean read_only;
  char *name;
  char *disk_name;
  char *mounted_via;
  char *swap_via;
  char *holder_of;
  GPtrArray *uses;
  guint unreadable_processes;
} SsdbUsage;

void ssdb_usage_free (SsdbUsage *usage);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbUsage, ssdb_usage_free)

/**
 * ssdb_usage_read:
 * @paths: (nullable): where to read (fixture trees in tests)
 * @name: kernel name of the device
 *
 * Looks at the device, each of its partitions (or, for a partition, its disk), and their
 * holders recursively (dm, md, LVM, bcache: /sys/class/block/NAME/holders), against the mount
 * table and the swap table. Then follows the stack through loop devices, recursively: every
 * loop device of the system whose backing file is one of these devices (`mount -o loop,offset=`
 * over a device makes one), lies on a file system of one of them, or is the same file as the
 * backing file of a loop device among them; and, for a loop device, the device its backing file
 * is. Each device found that way is looked at in the same way (its partitions, holders, mounts,
 * swap). On this machine's own sysfs, the processes holding any of the devices open, or the
 * backing file of the target or of a device it maps, are found in /proc (see
 * ssdb_openers_scan()): those that keep it open for a quarter of a second, three scans apart
 * (the system's own probes open a device for a moment after each change), , and not udev and
 * UDisks2 probing what a device holds (ssdb_opener_is_system_probe()). A mount matches by MAJ:MIN
 * (mountinfo field 3) or, for file systems that report an anonymous device number (btrfs), by its
 * source device; mount points are unescaped ("\040" is a space). A swap entry (or a mount source)
 * matches by device number when its path is a block device node here, else by its last component as
 * a kernel name; when @paths names a sysfs tree other than /sys, only by kernel name.
 *
 * Returns: (transfer full): the usage, or %NULL with @error (SSDB_ERROR_NOT_FOUND when there
 *   is no such block device, SSDB_ERROR_FAILED when the mount or swap table cannot be read:
 *   without them nothing can be said about the device).
 */
SsdbUsage *ssdb_usage_read (const SsdbSystemPaths *paths, const char *name, GError **error);

/**
 * ssdb_usage_describe_refusal:
 * @usage: a usage
 * @device_path: "/dev/sda", for the message
 *
 * Returns: (transfer full) (nullable): why a write must be refused ("/dev/loop3 is mounted at
 *   /mnt/data", "/dev/sda: partition sda2 is used as swap", "/dev/sdb is held by dm-0",
 *   "/dev/sdb: partition sdb1 is used by dm-0, which is mounted at /home",
 *   "/dev/sda1: its disk sda is mounted at /media/usb", "/dev/loop4 is read-only"); several
 *   reasons are joined with "; ". %NULL when nothing stands in the way.
 */
char *
ssdb_usage_describe_refusal (const SsdbUsage *usage, const char *device_path);

/**
 * ssdb_usage_is_free:
 * @usage: a usage
 *
 * Returns: %TRUE when nothing stands in the way of a write (ssdb_usage_describe_refusal()
 *   would return %NULL).
 */
gboolean
ssdb_usage_is_free (const SsdbUsage *usage);

/**
 * ssdb_usage_state_word:
 * @usage: (nullable): a usage
 *
 * Returns: one word for a device list: "mounted", "swap", "in use" (held, mapped by a loop
 *   device that is in use, or open in another process), "read-only" or "free"; "?" for %NULL.
 */
const char *
ssdb_usage_state_word (const SsdbUsage *usage);

/**
 * ssdb_safety_check_device_write:
 * @paths: (nullable): where to read
 * @name: kernel name of the device
 * @device_path: the device node path, for messages
 *
 * The engine's guard for device writes: refuses when the device, a partition, a holder or any
 * other device of its stack (see ssdb_usage_read()) is mounted, swap, held, or open in another
 * process, or the device is read-only. (The caller opens with `O_EXCL` first, which the kernel
 * refuses for devices claimed by anyone else.)
 *
 * Returns: %TRUE when writing is allowed, else %FALSE with @error (SSDB_ERROR_UNSAFE with the
 *   reason as ssdb_usage_describe_refusal() words it, SSDB_ERROR_NOT_FOUND, SSDB_ERROR_FAILED
 *   when the mount or swap table cannot be read).
 */
gboolean ssdb_safety_check_device_write (const SsdbSystemPaths *paths, const char *name,
                                         const char *device_path, GError **error);

/**
 * ssdb_safety_permission_matches:
 * @permission: (nullable): what the user named (`--destroy-data DEVICE`)
 * @device_path: the target device
 *
 * Both paths are resolved (symlinks such as /dev/disk/by-id/...) and compared by device number.
 *
 * Returns: %TRUE when @permission names the same block device as @device_path; %FALSE when
 *   @permission is %NULL, or either path is empty, does not exist or is not a block device.
 */
gboolean ssdb_safety_permission_matches (const char *permission, const char *device_path);

G_END_DECLS
