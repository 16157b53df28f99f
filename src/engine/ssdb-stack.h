/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-sysfs.h"

G_BEGIN_DECLS

/**
 * SsdbStackLayerKind:
 * @SSDB_STACK_FILE_SYSTEM: a mounted file system (a test file's, or the one holding a loop
 *   device's backing file)
 * @SSDB_STACK_DEVICE: a block device
 * @SSDB_STACK_BACKING_FILE: the file a loop device maps
 *
 * Kinds of #SsdbStackLayer.
 */
typedef enum
{
  SSDB_STACK_FILE_SYSTEM,
  SSDB_STACK_DEVICE,
  SSDB_STACK_BACKING_FILE,
} SsdbStackLayerKind;

/**
 * SsdbStackLayer:
 * @kind: what the layer is
 * @name: a file system's type ("btrfs"), a device's kernel name ("loop3"), a file's path
 * @detail: (nullable): what matters about it, in words: a file system's mount point and the
 *   options that change what is measured ("/mnt/x, compress-force=zstd:3"), a loop device's
 *   direct I/O ("direct I/O" or "buffered (loop/dio 0)") and offset, a device's transport
 * @level: how deep it lies: 0 for the target itself, 1 for what is under it, ...
 *
 * One thing between the benchmark and the drive.
 */
typedef struct
{
  SsdbStackLayerKind kind;
  char *name;
  char *detail;
  guint level;
} SsdbStackLayer;

/**
 * SsdbStack:
 * @layers: (element-type SsdbStackLayer): from the target down to the devices at the bottom
 * @counted: (array zero-terminated=1): kernel names of the devices whose I/O counters tell
 *   whether the benchmark's requests reached a device: the devices at the bottom (the disk
 *   under a loop device's backing file, a btrfs file system's member devices), or, when
 *   nothing but memory lies below (an image on tmpfs), the lowest block device of the stack;
 *   empty when there is no block device at all
 * @buffered: the host's page cache sits between the requests and the bottom: a loop device
 *   without direct I/O (loop/dio 0), or ext4 mounted data=journal (which serves O_DIRECT
 *   through the page cache)
 * @compressing: a file system of the stack compresses data (btrfs compress or compress-force)
 *   and the test file was not exempted (@nocow)
 * @copy_on_write: a file system of the stack writes changed blocks to new places (btrfs
 *   without nodatacow) and the test file was not exempted
 * @nocow: the test file was made NOCOW (FS_NOCOW_FL) before its first write, so btrfs writes
 *   it in place and does not compress it
 * @no_device: no block device lies at the bottom: the data lives in memory (tmpfs, zram is a
 *   device) or behind a network or a FUSE server
 *
 * What lies under a benchmark target, resolved when it is opened. Free with ssdb_stack_free().
 */
typedef struct
{
  GPtrArray *layers;
  char **counted;
  gboolean buffered;
  gboolean compressing;
  gboolean copy_on_write;
  gboolean nocow;
  gboolean no_device;
} SsdbStack;

void
ssdb_stack_free (SsdbStack *stack);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsdbStack, ssdb_stack_free)

/** ssdb_stack_new: Returns: (transfer full): an empty stack. */
SsdbStack *
ssdb_stack_new (void);

/** ssdb_stack_copy: Returns: (transfer full) (nullable): a deep copy, %NULL for %NULL. */
SsdbStack *
ssdb_stack_copy (const SsdbStack *stack);

/**
 * ssdb_stack_add_layer:
 * @stack: a stack
 * @kind: the layer's kind
 * @name: its name
 * @detail: (nullable): what matters about it
 * @level: its depth
 */
void
ssdb_stack_add_layer (SsdbStack *stack, SsdbStackLayerKind kind, const char *name,
                      const char *detail, guint level);

/**
 * ssdb_stack_resolve_device:
 * @paths: (nullable): where to read (fixture trees in tests)
 * @name: kernel name of the target device
 *
 * Follows the device down: a loop device to its backing file (loop/backing_file, loop/dio,
 * loop/offset), that file to the file system holding it and its device, a device built on
 * others (dm, md: /sys/class/block/NAME/slaves) to those, recursively.
 *
 * Returns: (transfer full): the stack, never %NULL.
 */
SsdbStack *
ssdb_stack_resolve_device (const SsdbSystemPaths *paths, const char *name);

/**
 * ssdb_stack_resolve_directory:
 * @paths: (nullable): where to read
 * @dir: the directory a test file is created in
 *
 * The file system @dir is on (type, mount point, the mount options that change what is
 * measured: compress, compress-force, data=journal, dax, nodatacow), its device (for btrfs,
 * its member devices, from /sys/fs/btrfs/FSID/devices), and below that as for
 * ssdb_stack_resolve_device().
 *
 * Returns: (transfer full): the stack, never %NULL.
 */
SsdbStack *
ssdb_stack_resolve_directory (const SsdbSystemPaths *paths, const char *dir);

/**
 * ssdb_stack_dup_labels:
 * @stack: (nullable): a stack
 *
 * Returns: (transfer full) (array zero-terminated=1): what every result on this target must
 *   say about what was measured, one sentence each: "buffered: measures the host's page
 *   cache (/dev/loop3 reads its backing file through the page cache)", "compressing file
 *   system: btrfs compress-force=zstd:3 on /mnt/x; compressible data is written smaller",
 *   "copy-on-write file system: ...", "no block device under the target: the results measure
 *   memory or a server, not a drive"; empty when nothing needs saying.
 */
char **
ssdb_stack_dup_labels (const SsdbStack *stack);

/**
 * ssdb_stack_dup_tags:
 * @stack: (nullable): a stack
 *
 * Returns: (transfer full) (nullable): the labels of ssdb_stack_dup_labels() in a few words,
 *   for a chart's caption: "buffered: page cache", "compressing file system", "copy-on-write
 *   file system", "no drive under it", joined with " · "; %NULL when there are none.
 */
char *
ssdb_stack_dup_tags (const SsdbStack *stack);

/**
 * ssdb_stack_describe:
 * @stack: a stack
 *
 * Returns: (transfer full): the layers on one line, top first: "btrfs (/mnt/x,
 *   compress-force=zstd:3) > loop3 (direct I/O) > /var/tmp/img > ext4 (/) > vda".
 */
char *
ssdb_stack_describe (const SsdbStack *stack);

G_END_DECLS
