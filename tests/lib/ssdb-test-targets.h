/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Real targets for the engine tests (root): zram devices and loop devices over sparse files,
 * created and removed by the tests themselves, and the shell commands that set them up.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * ssdb_test_sh:
 * @cmd: a command line (g_spawn_command_line_sync() syntax)
 *
 * Runs @cmd; aborts the test when it cannot start or exits with a status other than 0.
 *
 * Returns: (transfer full): its standard output, stripped of leading and trailing space.
 */
char *
ssdb_test_sh (const char *cmd) G_GNUC_WARN_UNUSED_RESULT;

/**
 * ssdb_test_need_root:
 * @what: what the test creates, for the skip message ("zram and loop devices")
 *
 * Returns: TRUE as root; otherwise marks the test skipped ("needs root to create @what") and
 * returns FALSE.
 */
gboolean
ssdb_test_need_root (const char *what);

/**
 * ssdb_test_write_file:
 * @path: a file, created with mode 0644 or replaced
 * @text: its whole contents
 *
 * Aborts the test when the file cannot be written.
 */
void
ssdb_test_write_file (const char *path, const char *text);

/**
 * ssdb_test_zram_new:
 * @size: the device size, bytes
 *
 * Returns: (transfer full) (nullable): the path of a fresh zram device ("/dev/zram3"), or NULL
 * when the kernel has no zram-control. Aborts the test when the kernel refuses the size.
 */
char *
ssdb_test_zram_new (guint64 size);

/**
 * ssdb_test_device_bytes:
 * @dev: a block device's path ("/dev/zram3")
 * @read: (out): the bytes it has read, by its own count: sectors read (the third field of
 *   /sys/block/NAME/stat) × 512
 * @written: (out): the bytes it has written (the seventh field) × 512
 *
 * The device's own counters since it was created, for a known answer about what a test read and
 * wrote. Aborts the test when the file cannot be read.
 */
void
ssdb_test_device_bytes (const char *dev, guint64 *read, guint64 *written);

/**
 * ssdb_test_zram_free:
 * @path: (transfer full): a path from ssdb_test_zram_new()
 *
 * Resets and removes the device and frees @path.
 */
void
ssdb_test_zram_free (char *path);

/**
 * SsdbTestLoop:
 * @dir: the directory holding @file, removed by ssdb_test_loop_free()
 * @file: the sparse backing file
 * @dev: the loop device ("/dev/loop3")
 * @mnt: (nullable): a mount point the test set up on @dev; unmounted and removed on free
 */
typedef struct
{
  char *dir;
  char *file;
  char *dev;
  char *mnt;
} SsdbTestLoop;

/**
 * ssdb_test_loop_new:
 * @l: (out caller-allocates): the loop device
 * @dir_template: the directory to create, ending in XXXXXX ("/dev/shm/ssdb-sweep-XXXXXX")
 * @file_name: the backing file's name in it
 * @size: the file size as truncate(1) reads it ("64M", "3221225472")
 * @sector: the logical sector size, bytes, or 0 for the kernel's default (512)
 *
 * Creates a sparse file and attaches it to the first free loop device. Aborts the test when
 * any step fails.
 */
void
ssdb_test_loop_new (SsdbTestLoop *l, const char *dir_template, const char *file_name,
                    const char *size, guint sector);

/**
 * ssdb_test_loop_free:
 * @l: a loop device from ssdb_test_loop_new()
 *
 * Unmounts @l->mnt when set, detaches the device, removes the file and directory and frees the
 * members.
 */
void
ssdb_test_loop_free (SsdbTestLoop *l);

G_END_DECLS
