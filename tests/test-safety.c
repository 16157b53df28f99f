/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The write-safety rules. On the fixture machine (tests/fixtures/sysfs-machine with its
 * sysfs-machine-mountinfo and sysfs-machine-swaps):
 *   sda     partition sda1 mounted at /boot/efi; sda2 free
 *   sdb     partition sdb1 -> dm-0, mounted at "/mnt/my data" (escaped as \040)
 *   sdc/sdd whole disks in md0, which is not mounted
 *   nvme0n1 partition p1 is swap; partition p2 -> md1 -> dm-1, mounted at /srv
 *   sde     whole-disk file system mounted at /media/usb, with partitions sde1, sde2
 *   sdf     partition sdf1 holds a btrfs mounted at /home (mountinfo shows 0:45)
 *   loop0   read-only
 *   zram0, mmcblk0, vdb, md0: free
 * As root, the same rules on real loop devices (ext4 mounted, swap, read-only, partitions
 * added with partx), all created and removed here. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <glib/gstdio.h>
#include <linux/blkpg.h>
#include <linux/loop.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-openers.h"
#include "engine/ssdb-safety.h"

#define MiB (G_GUINT64_CONSTANT (1) << 20)

static SsdbSystemPaths fixture;

static void
fixture_init (void)
{
  static char *root, *mountinfo, *swaps;

  root = g_test_build_filename (G_TEST_DIST, "fixtures", "sysfs-machine", NULL);
  mountinfo = g_test_build_filename (G_TEST_DIST, "fixtures", "sysfs-machine-mountinfo", NULL);
  swaps = g_test_build_filename (G_TEST_DIST, "fixtures", "sysfs-machine-swaps", NULL);
  fixture.sysfs_root = root;
  fixture.mountinfo = mountinfo;
  fixture.swaps = swaps;
}

static SsdbUsage *
usage_of (const SsdbSystemPaths *paths, const char *name)
{
  g_autoptr (GError) error = NULL;
  SsdbUsage *usage = ssdb_usage_read (paths, name, &error);

  g_assert_no_error (error);
  g_assert_nonnull (usage);
  g_assert_cmpstr (usage->name, ==, name);
  return usage;
}

/* Checks the refusal for /dev/NAME, by ssdb_usage_describe_refusal() and by the guard. */
static void
assert_refusal (const SsdbSystemPaths *paths, const char *name, const char *expected)
{
  g_autoptr (SsdbUsage) usage = usage_of (paths, name);
  g_autofree char *device_path = g_strdup_printf ("/dev/%s", name);
  g_autofree char *refusal = ssdb_usage_describe_refusal (usage, device_path);
  g_autoptr (GError) error = NULL;
  gboolean allowed = ssdb_safety_check_device_write (paths, name, device_path, &error);

  g_assert_cmpstr (refusal, ==, expected);
  if (expected == NULL)
    {
      g_assert_no_error (error);
      g_assert_true (allowed);
    }
  else
    {
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
      g_assert_cmpstr (error->message, ==, expected);
      g_assert_false (allowed);
    }
}

/* -- removal of what the tests create --------------------------------------------------- */

/* Removal steps for what the tests create, kept in fixed buffers so that a signal handler
 * (a failed assertion aborts) can run them with plain system calls. */
typedef enum
{
  STEP_UMOUNT,
  STEP_SWAPOFF,
  STEP_PART_DELETE,
  STEP_LOOP_DETACH,
  STEP_UNLINK,
  STEP_RMDIR,
  STEP_RMTREE,
} StepKind;

typedef struct
{
  StepKind kind;
  gboolean active;
  int number;
  char path[256];
} Step;

static Step steps[48];
static volatile sig_atomic_t n_steps;

static void
push_step (StepKind kind, const char *path, int number)
{
  int i = n_steps;

  g_assert_cmpint (i, <, (int)G_N_ELEMENTS (steps));
  g_assert_cmpuint (strlen (path), <, sizeof steps[i].path);
  steps[i].kind = kind;
  steps[i].number = number;
  strcpy (steps[i].path, path);
  steps[i].active = TRUE;
  n_steps = i + 1;
}

static int
remove_entry (const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
  return flag == FTW_DP ? rmdir (path) : unlink (path);
}

static void
run_step (Step *s)
{
  if (!s->active)
    return;
  s->active = FALSE;
  switch (s->kind)
    {
      case STEP_UMOUNT:
        if (umount (s->path) != 0)
          (void)umount2 (s->path, MNT_DETACH);
        break;
      case STEP_SWAPOFF:
        (void)swapoff (s->path);
        break;
      case STEP_PART_DELETE:
      case STEP_LOOP_DETACH:
        {
          int fd = open (s->path, O_RDONLY | O_CLOEXEC);

          if (fd < 0)
            break;
          if (s->kind == STEP_LOOP_DETACH)
            (void)ioctl (fd, LOOP_CLR_FD, 0);
          else
            {
              struct blkpg_partition part = { .pno = s->number };
              struct blkpg_ioctl_arg arg
                  = { .op = BLKPG_DEL_PARTITION, .datalen = sizeof part, .data = &part };
              const struct timespec pause = { 0, 50 * 1000 * 1000 };

              /* udev may still be probing the new partition: busy for a moment. */
              for (int i = 0; i < 60; i++)
                {
                  if (ioctl (fd, BLKPG, &arg) == 0 || errno != EBUSY)
                    break;
                  nanosleep (&pause, NULL);
                }
            }
          close (fd);
        }
        break;
      case STEP_UNLINK:
        unlink (s->path);
        break;
      case STEP_RMDIR:
        rmdir (s->path);
        break;
      case STEP_RMTREE:
        (void)nftw (s->path, remove_entry, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
        break;
    }
}

static void
run_steps (void)
{
  for (int i = n_steps - 1; i >= 0; i--)
    run_step (&steps[i]);
  n_steps = 0;
}

static void
on_fatal_signal (int sig)
{
  run_steps ();
  signal (sig, SIG_DFL);
  raise (sig);
}

/* -- fixture machine -------------------------------------------------------------------- */

static void
test_partition_mounted (void)
{
  g_autoptr (SsdbUsage) sda = usage_of (&fixture, "sda");

  g_assert_cmpstr (sda->mounted_at, ==, "/boot/efi");
  g_assert_cmpstr (sda->mounted_name, ==, "sda1");
  g_assert_null (sda->mounted_via);
  g_assert_null (sda->swap);
  g_assert_null (sda->holder);
  g_assert_false (sda->read_only);
  g_assert_cmpstr (sda->disk_name, ==, "sda");

  assert_refusal (&fixture, "sda", "/dev/sda: partition sda1 is mounted at /boot/efi");
  assert_refusal (&fixture, "sda1", "/dev/sda1 is mounted at /boot/efi");
  /* A sibling partition being mounted does not stand in the way. */
  assert_refusal (&fixture, "sda2", NULL);
}

static void
test_dm_holder_mounted (void)
{
  g_autoptr (SsdbUsage) sdb = usage_of (&fixture, "sdb");

  /* mountinfo has "/mnt/my\040data" and names the source /dev/mapper/cryptdata: the match is
   * by 253:0. */
  g_assert_cmpstr (sdb->mounted_at, ==, "/mnt/my data");
  g_assert_cmpstr (sdb->mounted_name, ==, "dm-0");
  g_assert_cmpstr (sdb->mounted_via, ==, "sdb1");
  g_assert_cmpstr (sdb->holder, ==, "dm-0");
  g_assert_cmpstr (sdb->holder_of, ==, "sdb1");

  assert_refusal (&fixture, "sdb",
                  "/dev/sdb: partition sdb1 is used by dm-0, which is mounted at /mnt/my data");
  assert_refusal (&fixture, "sdb1", "/dev/sdb1 is used by dm-0, which is mounted at /mnt/my data");
  assert_refusal (&fixture, "dm-0", "/dev/dm-0 is mounted at /mnt/my data");
}

static void
test_md_holder (void)
{
  g_autoptr (SsdbUsage) sdc = usage_of (&fixture, "sdc");

  g_assert_null (sdc->mounted_at);
  g_assert_null (sdc->swap);
  g_assert_cmpstr (sdc->holder, ==, "md0");
  g_assert_cmpstr (sdc->holder_of, ==, "sdc");

  assert_refusal (&fixture, "sdc", "/dev/sdc is held by md0");
  assert_refusal (&fixture, "sdd", "/dev/sdd is held by md0");
  assert_refusal (&fixture, "md0", NULL);
}

static void
test_swap_and_stacked_holders (void)
{
  g_autoptr (SsdbUsage) nvme = usage_of (&fixture, "nvme0n1");

  g_assert_cmpstr (nvme->swap, ==, "nvme0n1p1");
  g_assert_null (nvme->swap_via);
  /* nvme0n1p2 -> md1 -> dm-1: found by following holders recursively. */
  g_assert_cmpstr (nvme->mounted_name, ==, "dm-1");
  g_assert_cmpstr (nvme->mounted_via, ==, "nvme0n1p2");
  g_assert_cmpstr (nvme->mounted_at, ==, "/srv");
  g_assert_cmpstr (nvme->holder, ==, "md1");
  g_assert_cmpstr (nvme->holder_of, ==, "nvme0n1p2");

  assert_refusal (&fixture, "nvme0n1",
                  "/dev/nvme0n1: partition nvme0n1p2 is used by dm-1, which is mounted at /srv; "
                  "/dev/nvme0n1: partition nvme0n1p1 is used as swap");
  assert_refusal (&fixture, "nvme0n1p1", "/dev/nvme0n1p1 is used as swap");
  assert_refusal (&fixture, "nvme0n1p2",
                  "/dev/nvme0n1p2 is used by dm-1, which is mounted at /srv");
  assert_refusal (&fixture, "md1", "/dev/md1 is used by dm-1, which is mounted at /srv");
  assert_refusal (&fixture, "dm-1", "/dev/dm-1 is mounted at /srv");
}

static void
test_whole_disk_mounted (void)
{
  assert_refusal (&fixture, "sde", "/dev/sde is mounted at /media/usb");
  /* The file system on the whole disk covers its partitions too. */
  assert_refusal (&fixture, "sde1", "/dev/sde1: its disk sde is mounted at /media/usb");
  assert_refusal (&fixture, "sde2", "/dev/sde2: its disk sde is mounted at /media/usb");
}

static void
test_btrfs_source (void)
{
  assert_refusal (&fixture, "sdf", "/dev/sdf: partition sdf1 is mounted at /home");
  assert_refusal (&fixture, "sdf1", "/dev/sdf1 is mounted at /home");
}

static void
test_read_only_and_free (void)
{
  g_autoptr (SsdbUsage) loop = usage_of (&fixture, "loop0");

  g_assert_true (loop->read_only);
  assert_refusal (&fixture, "loop0", "/dev/loop0 is read-only");
  assert_refusal (&fixture, "zram0", NULL);
  assert_refusal (&fixture, "mmcblk0", NULL);
  assert_refusal (&fixture, "mmcblk0p1", NULL);
  assert_refusal (&fixture, "vdb", NULL);
}

static void
test_not_found (void)
{
  const char *names[] = { "sdz", "ghost", "../sda", "", "sda/sda1" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbUsage) usage = ssdb_usage_read (&fixture, names[i], &error);

      g_assert_null (usage);
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
      g_clear_error (&error);
      g_assert_false (ssdb_safety_check_device_write (&fixture, names[i], "/dev/x", &error));
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
    }
}

static char *
write_temp (const char *dir, const char *name, const char *contents)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

static void
test_tables (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ssdb-safety-XXXXXX", &error);
  g_autofree char *escaped = NULL, *empty = NULL, *binary = NULL, *swaps = NULL;
  SsdbSystemPaths paths = fixture;

  g_assert_no_error (error);
  push_step (STEP_RMTREE, dir, 0);

  /* Escapes in mount points: \040 space, \011 tab, \134 backslash, \012 newline. */
  escaped = write_temp (dir, "mountinfo-escaped",
                        "25 1 259:3 / / rw - ext4 /dev/nvme1n1p3 rw\n"
                        "40 25 8:2 / /mnt/a\\134b\\011c\\040d\\012e rw - ext4 /dev/sda2 rw\n");
  empty = write_temp (dir, "empty", "");
  paths.mountinfo = escaped;
  paths.swaps = empty;
  {
    g_autoptr (SsdbUsage) usage = usage_of (&paths, "sda2");

    g_assert_cmpstr (usage->mounted_at, ==, "/mnt/a\\b\tc d\ne");
  }

  /* Nothing mounted, nothing swap: sda is free, nvme0n1 is only held by md1. */
  paths.mountinfo = empty;
  assert_refusal (&paths, "sda", NULL);
  assert_refusal (&paths, "nvme0n1", "/dev/nvme0n1: partition nvme0n1p2 is held by md1");

  /* A swap table with escapes and a deleted file; a swap device matched by name. */
  swaps = write_temp (dir, "swaps",
                      "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n"
                      "/var/swap\\040file\\040(deleted)         file\t\t1024\t\t0\t\t-2\n"
                      "/dev/sdb1                               partition\t1024\t\t0\t\t-3\n");
  paths.swaps = swaps;
  assert_refusal (
      &paths, "sdb",
      "/dev/sdb: partition sdb1 is used as swap; /dev/sdb: partition sdb1 is held by dm-0");
  assert_refusal (&paths, "dm-0", NULL);

  /* Without the swap table (a kernel without swap) nothing is swap. */
  {
    g_autofree char *missing = g_build_filename (dir, "no-swaps", NULL);

    paths.swaps = missing;
    assert_refusal (&paths, "sda", NULL);
  }

  /* Without a mount table nothing can be known: refused. */
  {
    g_autofree char *missing = g_build_filename (dir, "no-mountinfo", NULL);
    g_autoptr (SsdbUsage) usage = NULL;

    paths.mountinfo = missing;
    usage = ssdb_usage_read (&paths, "zram0", &error);
    g_assert_null (usage);
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_FAILED);
    g_assert_nonnull (strstr (error->message, missing));
    g_clear_error (&error);
    g_assert_false (ssdb_safety_check_device_write (&paths, "zram0", "/dev/zram0", &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_FAILED);
    g_clear_error (&error);
  }

  /* A binary file is not a mount table. */
  {
    const char junk[] = "25 1 8:0 / /x rw\0garbage";

    binary = g_build_filename (dir, "binary", NULL);
    g_file_set_contents (binary, junk, sizeof junk, &error);
    g_assert_no_error (error);
    paths.mountinfo = binary;
    g_assert_false (ssdb_safety_check_device_write (&paths, "zram0", "/dev/zram0", &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_FAILED);
    g_clear_error (&error);
  }

  /* Malformed lines are skipped, never read past. */
  {
    g_autofree char *odd = write_temp (dir, "odd",
                                       "\n \n1\n1 2 8:1\n1 2 8:x / /a rw\n1 2 :1 / /b rw - x\n"
                                       "1 2 8:1 / /c rw -\n1 2 0:9 / /d rw - btrfs\n");

    paths.mountinfo = odd;
    paths.swaps = empty;
    assert_refusal (&paths, "sda", "/dev/sda: partition sda1 is mounted at /c");
  }

  run_steps ();
}

static void
test_holder_cycle (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("ssdb-safety-cycle-XXXXXX", &error);
  g_autofree char *cmd = NULL;
  SsdbSystemPaths paths = { NULL, fixture.mountinfo, fixture.swaps };

  g_assert_no_error (error);
  push_step (STEP_RMTREE, root, 0);
  paths.sysfs_root = root;
  /* cyc0 <-> cyc1 hold each other (never so in a kernel, but the walk must end). */
  cmd = g_strdup_printf ("set -e; cd '%s'; mkdir -p class/block devices/virtual/block/cyc0/holders "
                         "devices/virtual/block/cyc1/holders; "
                         "for n in 0 1; do echo 240:$n > devices/virtual/block/cyc$n/dev; "
                         "echo 8 > devices/virtual/block/cyc$n/size; "
                         "ln -s ../../devices/virtual/block/cyc$n class/block/cyc$n; done; "
                         "ln -s ../../cyc1 devices/virtual/block/cyc0/holders/cyc1; "
                         "ln -s ../../cyc0 devices/virtual/block/cyc1/holders/cyc0",
                         root);
  g_assert_cmpint (system (cmd), ==, 0);

  assert_refusal (&paths, "cyc0", "/dev/cyc0 is held by cyc1");
  assert_refusal (&paths, "cyc1", "/dev/cyc1 is held by cyc0");

  run_steps ();
}

/* Loop devices over a device, over an image another loop device maps, and over a loop device,
 * on a fixture tree:
 *   vdx with partition vdx1; loop5 maps vdx1 at offset 1048576; loop8 maps loop5 and is
 *   mounted at /mnt/deep; loop6 and loop7 map the same image, loop7 is mounted at /mnt/img. */
static void
test_loop_stack (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("ssdb-safety-stack-XXXXXX", &error);
  g_autofree char *cmd = NULL;
  g_autofree char *mountinfo = NULL;
  SsdbSystemPaths paths = { NULL, NULL, fixture.swaps, NULL };

  g_assert_no_error (error);
  push_step (STEP_RMTREE, root, 0);
  paths.sysfs_root = root;
  cmd = g_strdup_printf (
      "set -e; cd '%s'; mkdir -p class/block dev/block devices/virtual/block/vdx/vdx1; "
      "v=devices/virtual/block; echo 252:16 > $v/vdx/dev; echo 204800 > $v/vdx/size; "
      "echo 252:17 > $v/vdx/vdx1/dev; echo 202752 > $v/vdx/vdx1/size; "
      "echo 1 > $v/vdx/vdx1/partition; echo 2048 > $v/vdx/vdx1/start; "
      "ln -s ../../$v/vdx class/block/vdx; ln -s ../../$v/vdx/vdx1 class/block/vdx1; "
      "ln -s ../../$v/vdx dev/block/252:16; ln -s ../../$v/vdx/vdx1 dev/block/252:17; "
      "loop () { mkdir -p $v/loop$1/loop; echo 7:$1 > $v/loop$1/dev; echo 2048 > $v/loop$1/size; "
      "  printf '%%s\\n' \"$2\" > $v/loop$1/loop/backing_file; echo $3 > $v/loop$1/loop/offset; "
      "  ln -s ../../$v/loop$1 class/block/loop$1; ln -s ../../$v/loop$1 dev/block/7:$1; }; "
      "loop 5 /dev/vdx1 1048576; loop 6 /srv/img/a.img 0; loop 7 /srv/img/a.img 0; "
      "loop 8 /dev/loop5 0",
      root);
  g_assert_cmpint (system (cmd), ==, 0);
  mountinfo = g_build_filename (root, "mountinfo", NULL);
  g_assert_true (g_file_set_contents (mountinfo,
                                      "25 1 259:3 / / rw - ext4 /dev/nvme1n1p3 rw\n"
                                      "30 25 7:8 / /mnt/deep rw - ext4 /dev/loop8 rw\n"
                                      "31 25 7:7 / /mnt/img rw - ext4 /dev/loop7 rw\n",
                                      -1, NULL));
  paths.mountinfo = mountinfo;

  assert_refusal (&paths, "vdx1",
                  "/dev/vdx1: /dev/loop8, which maps /dev/loop5, which maps this device at "
                  "offset 1048576, is mounted at /mnt/deep");
  assert_refusal (&paths, "vdx",
                  "/dev/vdx: /dev/loop8, which maps /dev/loop5, which maps its partition vdx1 "
                  "at offset 1048576, is mounted at /mnt/deep");
  assert_refusal (&paths, "loop5",
                  "/dev/loop5: /dev/loop8, which maps this device, is mounted at /mnt/deep");
  assert_refusal (&paths, "loop8", "/dev/loop8 is mounted at /mnt/deep");
  assert_refusal (&paths, "loop6",
                  "/dev/loop6: /dev/loop7, which maps the same file /srv/img/a.img as this "
                  "device, is mounted at /mnt/img");
  {
    g_autoptr (SsdbUsage) usage = usage_of (&paths, "loop6");
    const SsdbUse *use;

    g_assert_null (usage->mounted_at);
    g_assert_cmpuint (usage->uses->len, ==, 1);
    use = g_ptr_array_index (usage->uses, 0);
    g_assert_cmpint (use->kind, ==, SSDB_USE_MOUNTED);
    g_assert_cmpstr (use->member, ==, "loop7");
    g_assert_cmpstr (ssdb_usage_state_word (usage), ==, "mounted");
    g_assert_false (ssdb_usage_is_free (usage));
  }

  /* Unmounted, every one of them is free again. */
  g_assert_true (
      g_file_set_contents (mountinfo, "25 1 259:3 / / rw - ext4 /dev/nvme1n1p3 rw\n", -1, NULL));
  assert_refusal (&paths, "vdx", NULL);
  assert_refusal (&paths, "loop6", NULL);
  assert_refusal (&paths, "loop8", NULL);

  run_steps ();
}

static void
test_describe (void)
{
  SsdbUsage usage = { 0 };
  g_autofree char *none = NULL, *all = NULL, *disk_swap = NULL;

  usage.name = (char *)"sdx";
  usage.disk_name = (char *)"sdx";
  none = ssdb_usage_describe_refusal (&usage, "/dev/sdx");
  g_assert_null (none);

  usage.mounted_at = (char *)"/data";
  usage.mounted_name = (char *)"sdx";
  usage.swap = (char *)"sdx2";
  usage.holder = (char *)"md5";
  usage.holder_of = (char *)"sdx3";
  usage.read_only = TRUE;
  all = ssdb_usage_describe_refusal (&usage, "/dev/disk/by-id/ata-X");
  g_assert_cmpstr (all, ==,
                   "/dev/disk/by-id/ata-X is mounted at /data; "
                   "/dev/disk/by-id/ata-X: partition sdx2 is used as swap; "
                   "/dev/disk/by-id/ata-X: partition sdx3 is held by md5; "
                   "/dev/disk/by-id/ata-X is read-only");

  /* For a partition, its disk's usage is named as such. */
  memset (&usage, 0, sizeof usage);
  usage.name = (char *)"sdx1";
  usage.disk_name = (char *)"sdx";
  usage.swap = (char *)"dm-3";
  usage.swap_via = (char *)"sdx";
  usage.holder = (char *)"dm-3";
  usage.holder_of = (char *)"sdx";
  disk_swap = ssdb_usage_describe_refusal (&usage, "/dev/sdx1");
  g_assert_cmpstr (disk_swap, ==, "/dev/sdx1: its disk sdx is used by dm-3, which is used as swap");
}

static void
test_permission_basic (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ssdb-permission-XXXXXX", &error);
  g_autofree char *file = NULL;

  g_assert_no_error (error);
  push_step (STEP_RMTREE, dir, 0);
  file = write_temp (dir, "regular", "data");

  /* Only block devices match: not a regular file, not a character device, not nothing. */
  g_assert_false (ssdb_safety_permission_matches (file, file));
  g_assert_false (ssdb_safety_permission_matches ("/dev/null", "/dev/null"));
  g_assert_false (ssdb_safety_permission_matches (dir, dir));
  g_assert_false (ssdb_safety_permission_matches ("/nonexistent/dev/sda", "/nonexistent/dev/sda"));
  g_assert_false (ssdb_safety_permission_matches (NULL, "/dev/null"));
  g_assert_false (ssdb_safety_permission_matches ("", "/dev/null"));

  run_steps ();
}

/* The device under / is in use on any machine where / is on a block device. Reads only. */
static void
test_real_root_refused (void)
{
  g_autofree char *name = NULL, *path = NULL;
  g_autoptr (SsdbUsage) usage = NULL;
  g_autoptr (GError) error = NULL;
  struct stat st;

  g_assert_cmpint (stat ("/", &st), ==, 0);
  name = ssdb_block_name_from_devnum (NULL, major (st.st_dev), minor (st.st_dev));
  if (name == NULL)
    {
      g_test_skip ("/ is not on a block device here");
      return;
    }
  usage = ssdb_usage_read (NULL, name, &error);
  g_assert_no_error (error);
  g_assert_nonnull (usage->mounted_at);
  g_assert_cmpstr (usage->mounted_name, ==, name);

  path = g_strdup_printf ("/dev/%s", name);
  g_assert_false (ssdb_safety_check_device_write (NULL, name, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, " is mounted at "));

  /* And for its disk, when / is on a partition. */
  {
    g_autoptr (SsdbBlockFacts) f = ssdb_block_facts_read (NULL, name, NULL);

    if (f != NULL && f->is_partition)
      {
        g_autoptr (SsdbUsage) disk = usage_of (NULL, f->disk_name);

        g_assert_nonnull (disk->mounted_at);
      }
  }
}

/* -- real devices (root) ----------------------------------------------------------------- */

static gboolean
can_run_real (const char *needs)
{
  g_auto (GStrv) programs = g_strsplit (needs, " ", -1);

  if (geteuid () != 0)
    {
      g_test_skip ("needs root to create loop devices, file systems, mounts and swap");
      return FALSE;
    }
  if (!g_file_test ("/dev/loop-control", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no loop device support (/dev/loop-control)");
      return FALSE;
    }
  for (guint i = 0; programs[i] != NULL; i++)
    {
      g_autofree char *path = g_find_program_in_path (programs[i]);

      if (path == NULL)
        {
          g_autofree char *msg = g_strdup_printf ("%s is not installed", programs[i]);

          g_test_skip (msg);
          return FALSE;
        }
    }
  return TRUE;
}

/* Runs @argv; returns its standard output, trimmed, or NULL (with the reason in @err_out)
 * when it fails. */
static char *
try_run (const char *const *argv, char **err_out)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status,
                &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    {
      if (err_out != NULL)
        *err_out = g_strdup_printf ("%s: %s", argv[0], g_strstrip (err));
      return NULL;
    }
  return g_strstrip (g_steal_pointer (&out));
}

static char *
run (const char *const *argv)
{
  g_autofree char *err = NULL;
  char *out = try_run (argv, &err);

  if (out == NULL)
    g_error ("%s", err);
  return out;
}

static char *tmp_dir;

static const char *
tmp_dir_get (void)
{
  if (tmp_dir == NULL)
    {
      g_autoptr (GError) error = NULL;

      tmp_dir = g_dir_make_tmp ("ssdb-safety-real-XXXXXX", &error);
      g_assert_no_error (error);
      push_step (STEP_RMDIR, tmp_dir, 0);
    }
  return tmp_dir;
}

static void
real_done (void)
{
  run_steps ();
  g_clear_pointer (&tmp_dir, g_free);
}

static char *
image_new (guint64 size)
{
  static guint counter;
  char *file = g_strdup_printf ("%s/image-%u.img", tmp_dir_get (), counter++);
  int fd;

  fd = open (file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  g_assert_cmpint (fd, >=, 0);
  push_step (STEP_UNLINK, file, 0);
  g_assert_cmpint (ftruncate (fd, (off_t)size), ==, 0);
  close (fd);
  return file;
}

/* A loop device over @file, with one more losetup @option ("-r", "-P"); returns
 * "/dev/loopN". */
static char *
loop_attach (const char *file, const char *option)
{
  const char *argv[]
      = { "losetup", "-f", "--show", option != NULL ? option : file, option != NULL ? file : NULL,
          NULL };
  char *dev = run (argv);

  g_assert_true (g_str_has_prefix (dev, "/dev/loop"));
  push_step (STEP_LOOP_DETACH, dev, 0);
  return dev;
}

/* An ext4 file system on @dev mounted on a new directory whose name has a space. */
static char *
mount_ext4 (const char *dev, const char *dir_name)
{
  const char *mkfs[] = { "mkfs.ext4", "-q", "-F", dev, NULL };
  char *dir = g_build_filename (tmp_dir_get (), dir_name, NULL);
  const char *mount_argv[] = { "mount", "-t", "ext4", dev, dir, NULL };

  g_free (run (mkfs));
  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  push_step (STEP_RMDIR, dir, 0);
  g_free (run (mount_argv));
  push_step (STEP_UMOUNT, dir, 0);
  return dir;
}

static void
swap_on (const char *dev)
{
  const char *mkswap[] = { "mkswap", dev, NULL };

  g_free (run (mkswap));
  g_assert_cmpint (swapon (dev, 0), ==, 0);
  push_step (STEP_SWAPOFF, dev, 0);
}

/* A loop device over a new sparse file of @size bytes. */
static char *
loop_new (guint64 size, gboolean read_only)
{
  g_autofree char *file = image_new (size);

  return loop_attach (file, read_only ? "-r" : NULL);
}

static void
test_real_loops (void)
{
  g_autofree char *free_dev = NULL, *mounted_dev = NULL, *swap_dev = NULL, *ro_dev = NULL;
  g_autofree char *mnt = NULL, *expected = NULL;
  g_autofree char *free_name = NULL, *mounted_name = NULL, *swap_name = NULL, *ro_name = NULL;

  if (!can_run_real ("losetup mkfs.ext4 mkswap mount"))
    return;

  free_dev = loop_new (32 * MiB, FALSE);
  mounted_dev = loop_new (64 * MiB, FALSE);
  swap_dev = loop_new (32 * MiB, FALSE);
  ro_dev = loop_new (32 * MiB, TRUE);
  free_name = g_path_get_basename (free_dev);
  mounted_name = g_path_get_basename (mounted_dev);
  swap_name = g_path_get_basename (swap_dev);
  ro_name = g_path_get_basename (ro_dev);

  mnt = mount_ext4 (mounted_dev, "mount point");
  swap_on (swap_dev);

  assert_refusal (NULL, free_name, NULL);

  expected = g_strdup_printf ("%s is mounted at %s", mounted_dev, mnt);
  assert_refusal (NULL, mounted_name, expected);
  {
    g_autoptr (SsdbUsage) usage = usage_of (NULL, mounted_name);

    g_assert_cmpstr (usage->mounted_at, ==, mnt);
    g_assert_cmpstr (usage->mounted_name, ==, mounted_name);
  }

  g_free (expected);
  expected = g_strdup_printf ("%s is used as swap", swap_dev);
  assert_refusal (NULL, swap_name, expected);

  g_free (expected);
  expected = g_strdup_printf ("%s is read-only", ro_dev);
  assert_refusal (NULL, ro_name, expected);

  /* Once unmounted and swapped off, the same devices are free again. */
  {
    int r = umount (mnt);

    g_assert_cmpint (r, ==, 0);
    g_assert_cmpint (swapoff (swap_dev), ==, 0);
    for (int i = 0; i < n_steps; i++)
      if (steps[i].kind == STEP_UMOUNT || steps[i].kind == STEP_SWAPOFF)
        steps[i].active = FALSE;
  }
  assert_refusal (NULL, mounted_name, NULL);
  assert_refusal (NULL, swap_name, NULL);

  real_done ();
}

static void
test_real_partitions (void)
{
  g_autofree char *image = NULL, *dev = NULL, *name = NULL, *p1 = NULL, *p2 = NULL;
  g_autofree char *p1_dev = NULL, *p2_dev = NULL, *mnt = NULL, *expected = NULL;
  g_autofree char *sfdisk_cmd = NULL, *err = NULL, *out = NULL;
  g_autoptr (GPtrArray) parts = NULL;

  if (!can_run_real ("losetup sfdisk partx mkfs.ext4 mkswap mount sh"))
    return;

  image = image_new (64 * MiB);
  sfdisk_cmd = g_strdup_printf ("printf 'label: gpt\\n,16MiB\\n,16MiB\\n' | sfdisk -q '%s'", image);
  {
    const char *argv[] = { "sh", "-c", sfdisk_cmd, NULL };

    g_free (run (argv));
  }
  /* -P: the kernel drops the partitions when the device is detached, even if deleting them
   * one by one failed. */
  dev = loop_attach (image, "-P");
  name = g_path_get_basename (dev);
  p1 = g_strdup_printf ("%sp1", name);
  p2 = g_strdup_printf ("%sp2", name);
  p1_dev = g_strdup_printf ("/dev/%s", p1);
  p2_dev = g_strdup_printf ("/dev/%s", p2);

  /* The kernel here may scan no partition tables itself; partx adds them with BLKPG. */
  push_step (STEP_PART_DELETE, dev, 1);
  push_step (STEP_PART_DELETE, dev, 2);
  {
    const char *argv[] = { "partx", "-a", dev, NULL };

    out = try_run (argv, &err);
  }
  if (out == NULL || !g_file_test (p2_dev, G_FILE_TEST_EXISTS))
    {
      g_autofree char *msg = g_strdup_printf ("cannot add partitions to a loop device: %s",
                                              err != NULL ? err : "no device node");

      real_done ();
      g_test_skip (msg);
      return;
    }

  parts = ssdb_block_list_partitions (NULL, name);
  g_assert_cmpuint (parts->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (parts, 0), ==, p1);
  g_assert_cmpstr (g_ptr_array_index (parts, 1), ==, p2);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (SsdbBlockFacts) f = ssdb_block_facts_read (NULL, p2, &error);

    g_assert_no_error (error);
    g_assert_true (f->is_partition);
    g_assert_cmpstr (f->disk_name, ==, name);
    g_assert_cmpuint (f->start_sector, ==, 2048 + 16 * 2048);
    g_assert_cmpuint (f->size_bytes, ==, 16 * MiB);
    g_assert_cmpstr (f->transport, ==, "loop");
    g_assert_cmpstr (f->backing_file, !=, NULL);
  }

  assert_refusal (NULL, name, NULL);

  mnt = mount_ext4 (p1_dev, "part one");
  expected = g_strdup_printf ("%s: partition %s is mounted at %s", dev, p1, mnt);
  assert_refusal (NULL, name, expected);
  g_free (expected);
  expected = g_strdup_printf ("%s is mounted at %s", p1_dev, mnt);
  assert_refusal (NULL, p1, expected);
  assert_refusal (NULL, p2, NULL);

  swap_on (p2_dev);
  g_free (expected);
  expected = g_strdup_printf ("%s: partition %s is mounted at %s; %s: partition %s is used as swap",
                              dev, p1, mnt, dev, p2);
  assert_refusal (NULL, name, expected);

  real_done ();
  /* Gone (the kernel may finish the detach when a prober closes the device). */
  for (guint i = 0; i < 100 && g_file_test (p1_dev, G_FILE_TEST_EXISTS); i++)
    g_usleep (50 * 1000);
  g_assert_false (g_file_test (p1_dev, G_FILE_TEST_EXISTS));
}

static void
test_real_permission (void)
{
  g_autofree char *a = NULL, *b = NULL, *link = NULL, *link2 = NULL, *file = NULL;

  if (!can_run_real ("losetup"))
    return;

  file = image_new (8 * MiB);
  a = loop_attach (file, NULL);
  b = loop_new (8 * MiB, FALSE);
  link = g_build_filename (tmp_dir_get (), "by-id-link", NULL);
  link2 = g_build_filename (tmp_dir_get (), "link-to-link", NULL);
  g_assert_cmpint (symlink (a, link), ==, 0);
  push_step (STEP_UNLINK, link, 0);
  g_assert_cmpint (symlink (link, link2), ==, 0);
  push_step (STEP_UNLINK, link2, 0);

  g_assert_true (ssdb_safety_permission_matches (a, a));
  g_assert_true (ssdb_safety_permission_matches (link, a));
  g_assert_true (ssdb_safety_permission_matches (a, link2));
  g_assert_false (ssdb_safety_permission_matches (b, a));
  g_assert_false (ssdb_safety_permission_matches (link, b));
  /* The backing file of the device is not the device. */
  g_assert_false (ssdb_safety_permission_matches (file, a));

  real_done ();
}

/* udev's and UDisks2's probes only read: one of them, or a child of theirs, holding a device
 * for writing is a writer like any other. */
static void
test_system_probes (void)
{
  static const struct
  {
    const char *command, *parent;
    gboolean writable, probe;
  } cases[] = {
    { "(udev-worker)", "systemd-udevd", FALSE, TRUE },
    { "blkid", "(udev-worker)", FALSE, TRUE },
    { "udisksd", "systemd", FALSE, TRUE },
    { "udisksd", "systemd", TRUE, FALSE },
    { "mkfs.ext4", "udisksd", TRUE, FALSE },
    { "dd", "bash", FALSE, FALSE },
    { "dd", "bash", TRUE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SsdbOpener o
          = { 42, (char *)cases[i].command, (char *)cases[i].parent, 0, cases[i].writable };

      g_test_message ("%s (parent %s, %s)", o.command, o.parent_command,
                      o.writable ? "writing" : "reading");
      g_assert_cmpint (ssdb_opener_is_system_probe (&o), ==, cases[i].probe);
    }
}

int
main (int argc, char *argv[])
{
  const int signals[] = { SIGABRT, SIGSEGV, SIGBUS, SIGTERM, SIGINT, SIGTRAP };

  g_test_init (&argc, &argv, NULL);
  fixture_init ();
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    signal (signals[i], on_fatal_signal);

  g_test_add_func ("/safety/fixture/partition-mounted", test_partition_mounted);
  g_test_add_func ("/safety/fixture/dm-holder-mounted", test_dm_holder_mounted);
  g_test_add_func ("/safety/fixture/md-holder", test_md_holder);
  g_test_add_func ("/safety/fixture/swap-stacked-holders", test_swap_and_stacked_holders);
  g_test_add_func ("/safety/fixture/whole-disk-mounted", test_whole_disk_mounted);
  g_test_add_func ("/safety/fixture/btrfs-source", test_btrfs_source);
  g_test_add_func ("/safety/fixture/read-only-free", test_read_only_and_free);
  g_test_add_func ("/safety/fixture/not-found", test_not_found);
  g_test_add_func ("/safety/tables", test_tables);
  g_test_add_func ("/safety/holder-cycle", test_holder_cycle);
  g_test_add_func ("/safety/loop-stack", test_loop_stack);
  g_test_add_func ("/safety/describe", test_describe);
  g_test_add_func ("/safety/permission/basic", test_permission_basic);
  g_test_add_func ("/safety/real/root-refused", test_real_root_refused);
  g_test_add_func ("/safety/system-probes", test_system_probes);
  g_test_add_func ("/safety/real/loops", test_real_loops);
  g_test_add_func ("/safety/real/partitions", test_real_partitions);
  g_test_add_func ("/safety/real/permission", test_real_permission);

  return g_test_run ();
}
