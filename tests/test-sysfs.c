/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Block device facts from sysfs: a fixture tree of a machine with SATA, USB, SCSI, NVMe (with
 * multipath), MMC and virtio disks, partitions, dm/md holders, loop and zram devices and a
 * broken entry (tests/fixtures/sysfs-machine), a few trees built on the fly, and, as root,
 * real loop and zram devices created and removed here. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <glib/gstdio.h>
#include <linux/loop.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-sysfs.h"

#define MiB (G_GUINT64_CONSTANT (1) << 20)

static SsdbSystemPaths fixture;

static void
fixture_init (void)
{
  static char *root;

  root = g_test_build_filename (G_TEST_DIST, "fixtures", "sysfs-machine", NULL);
  fixture.sysfs_root = root;
  fixture.mountinfo = NULL;
  fixture.swaps = NULL;
}

static SsdbBlockFacts *
facts (const char *name)
{
  g_autoptr (GError) error = NULL;
  SsdbBlockFacts *f = ssdb_block_facts_read (&fixture, name, &error);

  g_assert_no_error (error);
  g_assert_nonnull (f);
  g_assert_cmpstr (f->name, ==, name);
  return f;
}

/* -- removal of what the tests create --------------------------------------------------- */

/* Removal steps for what the tests create, kept in fixed buffers so that a signal handler
 * (a failed assertion aborts) can run them with plain system calls. */
typedef enum
{
  STEP_LOOP_DETACH,
  STEP_ZRAM_REMOVE,
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

static Step steps[32];
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

/* Writes @text to a sysfs file, trying again for up to 3 s while the kernel answers EBUSY
 * (udev probes a device right after it changes and holds it open for a moment). */
static void
write_sys (const char *path, const char *text)
{
  const struct timespec pause = { 0, 50 * 1000 * 1000 };

  for (int i = 0; i < 60; i++)
    {
      int fd = open (path, O_WRONLY | O_CLOEXEC);
      ssize_t r;
      int errsv;

      if (fd < 0)
        return;
      r = write (fd, text, strlen (text));
      errsv = errno;
      close (fd);
      if (r >= 0 || errsv != EBUSY)
        return;
      nanosleep (&pause, NULL);
    }
}

static int
remove_entry (const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
  return flag == FTW_DP ? rmdir (path) : unlink (path);
}

static void
run_step (Step *s)
{
  char buf[96];

  if (!s->active)
    return;
  s->active = FALSE;
  switch (s->kind)
    {
      case STEP_LOOP_DETACH:
        {
          int fd = open (s->path, O_RDONLY | O_CLOEXEC);

          if (fd >= 0)
            {
              (void)ioctl (fd, LOOP_CLR_FD, 0);
              close (fd);
            }
        }
        break;
      case STEP_ZRAM_REMOVE:
        g_snprintf (buf, sizeof buf, "/sys/block/zram%d/reset", s->number);
        write_sys (buf, "1");
        g_snprintf (buf, sizeof buf, "%d", s->number);
        write_sys ("/sys/class/zram-control/hot_remove", buf);
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

/* -- fixture tree ------------------------------------------------------------------------ */

static void
test_facts_sata (void)
{
  g_autoptr (SsdbBlockFacts) f = facts ("sda");

  g_assert_cmpstr (f->disk_name, ==, "sda");
  g_assert_false (f->is_partition);
  g_assert_cmpuint (f->major, ==, 8);
  g_assert_cmpuint (f->minor, ==, 0);
  g_assert_cmpuint (f->size_bytes, ==, G_GUINT64_CONSTANT (500107862016));
  g_assert_cmpuint (f->logical_block_size, ==, 512);
  g_assert_cmpuint (f->physical_block_size, ==, 4096);
  g_assert_false (f->rotational);
  g_assert_true (f->discard);
  g_assert_false (f->read_only);
  g_assert_false (f->removable);
  g_assert_cmpstr (f->model, ==, "Samsung SSD 860 EVO 500GB");
  g_assert_cmpstr (f->vendor, ==, "ATA");
  /* From the unit serial number VPD page, not the longer wwid. */
  g_assert_cmpstr (f->serial, ==, "S3Z1NB0K123456A");
  g_assert_cmpstr (f->firmware, ==, "RVT04B6Q");
  g_assert_cmpstr (f->transport, ==, "sata");
  g_assert_cmpstr (f->scheduler, ==, "bfq");
  g_assert_cmpuint (f->nr_requests, ==, 64);
  /* The SATA disk's volatile write cache is on, and NCQ keeps 32 commands in flight. */
  g_assert_cmpstr (f->write_cache, ==, "write back");
  g_assert_cmpuint (f->device_queue_depth, ==, 32);
  g_assert_cmpuint (f->start_sector, ==, 0);
  g_assert_null (f->backing_file);
}

static void
test_facts_partition (void)
{
  g_autoptr (SsdbBlockFacts) f = facts ("sda1");
  g_autoptr (SsdbBlockFacts) p = facts ("nvme0n1p2");
  g_autoptr (SsdbBlockFacts) m = facts ("mmcblk0p1");

  g_assert_true (f->is_partition);
  g_assert_cmpstr (f->disk_name, ==, "sda");
  g_assert_cmpuint (f->major, ==, 8);
  g_assert_cmpuint (f->minor, ==, 1);
  g_assert_cmpuint (f->start_sector, ==, 2048);
  g_assert_cmpuint (f->size_bytes, ==, 1048576 * G_GUINT64_CONSTANT (512));
  /* Queue and device facts come from the disk. */
  g_assert_cmpuint (f->logical_block_size, ==, 512);
  g_assert_cmpuint (f->physical_block_size, ==, 4096);
  g_assert_true (f->discard);
  g_assert_cmpstr (f->model, ==, "Samsung SSD 860 EVO 500GB");
  g_assert_cmpstr (f->transport, ==, "sata");
  g_assert_cmpstr (f->scheduler, ==, "bfq");

  g_assert_true (p->is_partition);
  g_assert_cmpstr (p->disk_name, ==, "nvme0n1");
  g_assert_cmpuint (p->start_sector, ==, 16779264);
  g_assert_cmpstr (p->transport, ==, "nvme");
  g_assert_cmpstr (p->model, ==, "WDC WDS100T2B0C-00PXH0");

  g_assert_true (m->is_partition);
  g_assert_cmpstr (m->disk_name, ==, "mmcblk0");
  g_assert_cmpstr (m->transport, ==, "mmc");
}

static void
test_facts_transports (void)
{
  g_autoptr (SsdbBlockFacts) usb = facts ("sdb");
  g_autoptr (SsdbBlockFacts) scsi = facts ("sdc");
  g_autoptr (SsdbBlockFacts) nvme = facts ("nvme0n1");
  g_autoptr (SsdbBlockFacts) mmc = facts ("mmcblk0");
  g_autoptr (SsdbBlockFacts) virtio = facts ("vdb");
  g_autoptr (SsdbBlockFacts) loop = facts ("loop0");
  g_autoptr (SsdbBlockFacts) zram = facts ("zram0");
  g_autoptr (SsdbBlockFacts) dm = facts ("dm-0");
  g_autoptr (SsdbBlockFacts) md = facts ("md0");

  g_assert_cmpstr (usb->transport, ==, "usb");
  g_assert_cmpstr (usb->vendor, ==, "WD");
  g_assert_cmpstr (usb->model, ==, "Elements 25A2");
  g_assert_cmpstr (usb->firmware, ==, "1021");
  g_assert_cmpstr (usb->serial, ==, "naa.5000c500a1b2c3d4");
  g_assert_true (usb->rotational);
  g_assert_false (usb->discard);
  g_assert_cmpuint (usb->size_bytes, ==, G_GUINT64_CONSTANT (2000398934016));

  g_assert_cmpstr (scsi->transport, ==, "scsi");
  g_assert_cmpstr (scsi->vendor, ==, "SEAGATE");
  g_assert_cmpstr (scsi->firmware, ==, "TN03");
  g_assert_null (scsi->serial);

  /* NVMe multipath head: the facts live on nvme-subsys0, the wwid on the namespace. */
  g_assert_cmpstr (nvme->transport, ==, "nvme");
  g_assert_cmpstr (nvme->model, ==, "WDC WDS100T2B0C-00PXH0");
  g_assert_cmpstr (nvme->serial, ==, "21185Q801234");
  g_assert_cmpstr (nvme->firmware, ==, "211070WD");
  g_assert_null (nvme->vendor);
  g_assert_cmpstr (nvme->scheduler, ==, "none");
  g_assert_cmpuint (nvme->nr_requests, ==, 1023);
  /* NVMe has no NCQ depth file: its queues are the controller's. */
  g_assert_cmpstr (nvme->write_cache, ==, "write through");
  g_assert_cmpuint (nvme->device_queue_depth, ==, 0);
  g_assert_cmpuint (nvme->major, ==, 259);

  g_assert_cmpstr (mmc->transport, ==, "mmc");
  g_assert_cmpstr (mmc->model, ==, "SD32G");
  g_assert_cmpstr (mmc->serial, ==, "0x2c1ba2f0");
  g_assert_cmpstr (mmc->firmware, ==, "0x0");

  /* virtio: "0x1af4" is a bus id, not a vendor name; the serial is on the disk itself. */
  g_assert_cmpstr (virtio->transport, ==, "virtio");
  g_assert_null (virtio->vendor);
  g_assert_null (virtio->model);
  g_assert_cmpstr (virtio->serial, ==, "data-disk-7");
  g_assert_cmpstr (virtio->scheduler, ==, "none");

  g_assert_cmpstr (loop->transport, ==, "loop");
  g_assert_true (loop->read_only);
  g_assert_cmpstr (loop->backing_file, ==, "/var/lib/images/disk one.img");
  g_assert_cmpuint (loop->logical_block_size, ==, 4096);
  g_assert_null (loop->model);

  g_assert_cmpstr (zram->transport, ==, "zram");
  g_assert_cmpuint (zram->size_bytes, ==, 2 * G_GUINT64_CONSTANT (1073741824));
  g_assert_cmpstr (dm->transport, ==, "dm");
  g_assert_cmpstr (md->transport, ==, "md");
}

static void
test_facts_broken (void)
{
  g_autoptr (SsdbBlockFacts) f = facts ("weird0");
  const char *missing[]
      = { "ghost", "nonexistent", "", ".", "..", "../block/sda", "sda/sda1", "sda/../sda" };
  guint64 r = 1, w = 1;

  /* Garbage and missing files are unknown values, never a crash. */
  g_assert_cmpuint (f->major, ==, 0);
  g_assert_cmpuint (f->minor, ==, 0);
  g_assert_cmpuint (f->size_bytes, ==, 0);
  g_assert_cmpuint (f->logical_block_size, ==, 0);
  g_assert_cmpuint (f->nr_requests, ==, 0);
  g_assert_null (f->write_cache);
  g_assert_cmpuint (f->device_queue_depth, ==, 0);
  g_assert_false (f->read_only);
  g_assert_null (f->scheduler);
  g_assert_null (f->model);
  g_assert_null (f->serial);
  g_assert_cmpstr (f->transport, ==, "virtual");
  g_assert_false (ssdb_block_read_stat (&fixture, "weird0", &r, &w));
  g_assert_cmpuint (r, ==, 0);
  g_assert_cmpuint (w, ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (missing); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbBlockFacts) none = ssdb_block_facts_read (&fixture, missing[i], &error);

      g_assert_null (none);
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
      g_assert_nonnull (strstr (error->message, missing[i]));
    }
}

static GString *
list_names (GPtrArray *list)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < list->len; i++)
    {
      const SsdbBlockFacts *f = g_ptr_array_index (list, i);

      g_string_append_printf (s, "%s%s", i ? " " : "", f->name);
    }
  return s;
}

static void
test_list (void)
{
  g_autoptr (GPtrArray) all = ssdb_block_list (&fixture, TRUE);
  g_autoptr (GPtrArray) disks = ssdb_block_list (&fixture, FALSE);
  g_autoptr (GString) a = list_names (all);
  g_autoptr (GString) d = list_names (disks);

  /* loop1 (size 0), nvme0c0n1 (hidden), weird0 (no size) and ghost (dangling) are left out. */
  g_assert_cmpstr (a->str, ==,
                   "dm-0 dm-1 loop0 md0 md1 mmcblk0 mmcblk0p1 nvme0n1 nvme0n1p1 nvme0n1p2 "
                   "sda sda1 sda2 sdb sdb1 sdc sdd sde sde1 sde2 sdf sdf1 vdb zram0");
  g_assert_cmpstr (d->str, ==,
                   "dm-0 dm-1 loop0 md0 md1 mmcblk0 nvme0n1 sda sdb sdc sdd sde sdf vdb zram0");
  for (guint i = 0; i < all->len; i++)
    g_assert_cmpuint (((SsdbBlockFacts *)g_ptr_array_index (all, i))->size_bytes, >, 0);
}

static void
test_list_missing_root (void)
{
  SsdbSystemPaths nowhere = { "/nonexistent/sysfs", NULL, NULL };
  g_autoptr (GPtrArray) list = ssdb_block_list (&nowhere, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbBlockFacts) f = ssdb_block_facts_read (&nowhere, "sda", &error);

  g_assert_nonnull (list);
  g_assert_cmpuint (list->len, ==, 0);
  g_assert_null (f);
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
  g_assert_null (ssdb_block_name_from_devnum (&nowhere, 8, 0));
}

static void
test_devnum (void)
{
  const struct
  {
    guint major, minor;
    const char *name;
  } cases[] = {
    { 8, 0, "sda" },         { 8, 1, "sda1" },   { 8, 17, "sdb1" },
    { 259, 2, "nvme0n1p2" }, { 253, 0, "dm-0" }, { 7, 0, "loop0" },
    { 179, 1, "mmcblk0p1" }, { 9, 9, NULL },     { 250, 0, NULL }, /* dangling link */
    { 251, 0, NULL }, /* points at something that is not a block device */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name
          = ssdb_block_name_from_devnum (&fixture, cases[i].major, cases[i].minor);

      g_assert_cmpstr (name, ==, cases[i].name);
    }

  {
    guint maj = 1, min = 1;

    g_assert_true (ssdb_block_read_devnum (&fixture, "nvme0n1p1", &maj, &min));
    g_assert_cmpuint (maj, ==, 259);
    g_assert_cmpuint (min, ==, 1);
    g_assert_false (ssdb_block_read_devnum (&fixture, "weird0", &maj, &min));
    g_assert_cmpuint (maj, ==, 0);
    g_assert_cmpuint (min, ==, 0);
  }
}

static void
test_stat (void)
{
  guint64 r = 0, w = 0;

  g_assert_true (ssdb_block_read_stat (&fixture, "sda", &r, &w));
  g_assert_cmpuint (r, ==, 2468 * 512);
  g_assert_cmpuint (w, ==, 1000 * 512);
  g_assert_true (ssdb_block_read_stat (&fixture, "sda1", &r, &w));
  g_assert_cmpuint (r, ==, 80 * 512);
  g_assert_cmpuint (w, ==, 16 * 512);
  g_assert_false (ssdb_block_read_stat (&fixture, "sdz", &r, &w));
  g_assert_false (ssdb_block_read_stat (&fixture, "../../etc", &r, &w));
}

static void
test_attr_partitions_holders (void)
{
  g_autofree char *rot = ssdb_block_read_attr (&fixture, "sda", "queue/rotational");
  g_autofree char *model = ssdb_block_read_attr (&fixture, "sda1", "../device/model");
  g_autofree char *abs = ssdb_block_read_attr (&fixture, "sda", "/etc/passwd");
  g_autofree char *dm = ssdb_block_read_attr (&fixture, "dm-0", "dm/name");
  g_autoptr (GPtrArray) sda = ssdb_block_list_partitions (&fixture, "sda");
  g_autoptr (GPtrArray) sda1 = ssdb_block_list_partitions (&fixture, "sda1");
  g_autoptr (GPtrArray) nvme = ssdb_block_list_partitions (&fixture, "nvme0n1");
  g_autoptr (GPtrArray) none = ssdb_block_list_partitions (&fixture, "sdz");
  g_autoptr (GPtrArray) h_sdb1 = ssdb_block_list_holders (&fixture, "sdb1");
  g_autoptr (GPtrArray) h_sdc = ssdb_block_list_holders (&fixture, "sdc");
  g_autoptr (GPtrArray) h_md1 = ssdb_block_list_holders (&fixture, "md1");
  g_autoptr (GPtrArray) h_weird = ssdb_block_list_holders (&fixture, "weird0");
  g_autoptr (GPtrArray) h_free = ssdb_block_list_holders (&fixture, "sda2");

  g_assert_cmpstr (rot, ==, "0");
  g_assert_null (model);
  g_assert_null (abs);
  g_assert_cmpstr (dm, ==, "cryptdata");

  g_assert_cmpuint (sda->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (sda, 0), ==, "sda1");
  g_assert_cmpstr (g_ptr_array_index (sda, 1), ==, "sda2");
  g_assert_cmpuint (sda1->len, ==, 0);
  g_assert_cmpuint (nvme->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (nvme, 1), ==, "nvme0n1p2");
  g_assert_cmpuint (none->len, ==, 0);

  g_assert_cmpuint (h_sdb1->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (h_sdb1, 0), ==, "dm-0");
  g_assert_cmpuint (h_sdc->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (h_sdc, 0), ==, "md0");
  g_assert_cmpuint (h_md1->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (h_md1, 0), ==, "dm-1");
  g_assert_cmpuint (h_weird->len, ==, 0); /* holders is a file there */
  g_assert_cmpuint (h_free->len, ==, 0);
}

/* -- trees built on the fly ----------------------------------------------------------------- */

static void
put (const char *dir, const char *file, const void *data, gssize len)
{
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (parent, 0755), ==, 0);
  g_file_set_contents (path, data, len, &error);
  g_assert_no_error (error);
}

/* A disk (or with @disk set, a partition of it) under devices/virtual/block. */
static char *
make_device (const char *root, const char *disk, const char *name, const char *dev,
             const char *size)
{
  g_autofree char *rel = disk != NULL ? g_build_filename ("devices/virtual/block", disk, name, NULL)
                                      : g_build_filename ("devices/virtual/block", name, NULL);
  g_autofree char *dir = g_build_filename (root, rel, NULL);
  g_autofree char *class_link = g_build_filename (root, "class", "block", name, NULL);
  g_autofree char *target = g_build_filename ("../..", rel, NULL);
  g_autofree char *class_dir = g_path_get_dirname (class_link);

  put (dir, "dev", dev, -1);
  put (dir, "size", size, -1);
  if (disk != NULL)
    put (dir, "partition", "1\n", -1);
  g_assert_cmpint (g_mkdir_with_parents (class_dir, 0755), ==, 0);
  g_assert_cmpint (symlink (target, class_link), ==, 0);
  return g_steal_pointer (&dir);
}

/* NCQ off and back on through device/queue_depth, on a tree built here: the depth written and
 * read back, the one before returned; a disk without the file, or with something else than an
 * attribute file there, refused with the file named. */
static void
test_ncq_depth (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("ssdb-sysfs-XXXXXX", &error);
  SsdbSystemPaths paths = { root, NULL, NULL };
  g_autofree char *sdq = NULL, *vdz = NULL, *file = NULL, *text = NULL, *vdz_dev = NULL;
  guint before = 0;

  g_assert_no_error (error);
  push_step (STEP_RMTREE, root, 0);
  sdq = make_device (root, NULL, "sdq", "8:0\n", "8\n");
  vdz = make_device (root, NULL, "vdz", "254:0\n", "8\n");
  put (sdq, "device/queue_depth", "32\n", -1);
  vdz_dev = g_build_filename (vdz, "device", NULL);
  g_assert_cmpint (g_mkdir_with_parents (vdz_dev, 0755), ==, 0);
  file = g_build_filename (sdq, "device", "queue_depth", NULL);

  g_assert_true (ssdb_block_set_ncq_depth (&paths, "sdq", 1, &before, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (before, ==, 32);
  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "1\n");
  {
    g_autoptr (SsdbBlockFacts) f = ssdb_block_facts_read (&paths, "sdq", &error);

    g_assert_no_error (error);
    g_assert_cmpuint (f->device_queue_depth, ==, 1);
  }
  g_assert_true (ssdb_block_set_ncq_depth (&paths, "sdq", 32, &before, &error));
  g_assert_cmpuint (before, ==, 1);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "32\n");

  /* No NCQ on a virtio disk (no device/queue_depth), nor on a name that leaves the tree. */
  g_assert_false (ssdb_block_set_ncq_depth (&paths, "vdz", 1, NULL, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "vdz has no NCQ setting"));
  g_assert_nonnull (strstr (error->message, "device/queue_depth"));
  g_clear_error (&error);
  g_assert_false (ssdb_block_set_ncq_depth (&paths, "../sdq", 1, NULL, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* A queue_depth that is no attribute file (a link to a device node) is not written to. */
  g_assert_cmpint (g_unlink (file), ==, 0);
  g_assert_cmpint (symlink ("/dev/null", file), ==, 0);
  g_assert_false (ssdb_block_set_ncq_depth (&paths, "sdq", 1, NULL, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "sdq has no NCQ setting"));
}

static void
test_natural_order_and_vpd (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("ssdb-sysfs-XXXXXX", &error);
  SsdbSystemPaths paths = { root, NULL, NULL };
  const char *disks[] = { "loop10", "loop2", "loop9", "sdb", "sdaa", "sda" };
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GString) names = NULL;

  g_assert_no_error (error);
  push_step (STEP_RMTREE, root, 0);
  for (guint i = 0; i < G_N_ELEMENTS (disks); i++)
    {
      g_autofree char *dev = g_strdup_printf ("7:%u\n", i);

      g_free (make_device (root, NULL, disks[i], dev, "8\n"));
    }
  g_free (make_device (root, "sda", "sda10", "8:10\n", "8\n"));
  g_free (make_device (root, "sda", "sda2", "8:2\n", "8\n"));
  g_free (make_device (root, "sda", "sda1", "8:1\n", "0\n")); /* size 0: left out */

  list = ssdb_block_list (&paths, TRUE);
  names = list_names (list);
  g_assert_cmpstr (names->str, ==, "loop2 loop9 loop10 sda sda2 sda10 sdaa sdb");

  /* A VPD page whose length runs past the data is ignored; the wwid is used instead. */
  {
    g_autofree char *dev_dir = g_build_filename (root, "devices/virtual/block/sda/device", NULL);
    const guchar bad_vpd[] = { 0, 0x80, 0, 40, 'A', 'B', 'C' };
    const guchar good_vpd[] = { 0, 0x80, 0, 6, ' ', 'X', 'Y', '1', ' ', ' ' };
    g_autoptr (SsdbBlockFacts) f = NULL;

    put (dev_dir, "vpd_pg80", bad_vpd, sizeof bad_vpd);
    put (dev_dir, "wwid", "  naa.600508b1001c4d5e  \n", -1);
    f = ssdb_block_facts_read (&paths, "sda", &error);
    g_assert_no_error (error);
    g_assert_cmpstr (f->serial, ==, "naa.600508b1001c4d5e");
    ssdb_block_facts_free (g_steal_pointer (&f));

    put (dev_dir, "vpd_pg80", good_vpd, sizeof good_vpd);
    f = ssdb_block_facts_read (&paths, "sda", &error);
    g_assert_no_error (error);
    g_assert_cmpstr (f->serial, ==, "XY1");
  }

  /* Attribute files that are not small regular files are not read. */
  {
    g_autofree char *dir = g_build_filename (root, "devices/virtual/block/sdb", NULL);
    g_autofree char *fifo = g_build_filename (dir, "ro", NULL);
    g_autofree char *big = g_malloc0 (128 * 1024);
    g_autoptr (SsdbBlockFacts) f = NULL;

    g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
    memset (big, '7', 128 * 1024 - 1);
    put (dir, "size", big, -1);
    f = ssdb_block_facts_read (&paths, "sdb", &error);
    g_assert_no_error (error);
    g_assert_false (f->read_only);
    g_assert_cmpuint (f->size_bytes, ==, 0);
  }

  run_steps ();
}

/* -- real devices (root) ----------------------------------------------------------------- */

static gboolean
can_run_real (const char *needs)
{
  g_auto (GStrv) programs = g_strsplit (needs, " ", -1);

  if (geteuid () != 0)
    {
      g_test_skip ("needs root to create loop and zram devices");
      return FALSE;
    }
  for (guint i = 0; programs[i] != NULL; i++)
    {
      g_autofree char *path = NULL;

      if (*programs[i] == '\0')
        continue;
      if (programs[i][0] == '/')
        {
          if (!g_file_test (programs[i], G_FILE_TEST_EXISTS))
            {
              g_autofree char *msg = g_strdup_printf ("%s is missing", programs[i]);

              g_test_skip (msg);
              return FALSE;
            }
          continue;
        }
      path = g_find_program_in_path (programs[i]);
      if (path == NULL)
        {
          g_autofree char *msg = g_strdup_printf ("%s is not installed", programs[i]);

          g_test_skip (msg);
          return FALSE;
        }
    }
  return TRUE;
}

/* Runs @argv; returns its standard output, trimmed. Fails the test on error. */
static char *
run (const char *const *argv)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status,
                &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("%s failed: %s: %s", argv[0], error->message, err);
  return g_strstrip (g_steal_pointer (&out));
}

static char *tmp_dir;

static const char *
tmp_dir_get (void)
{
  if (tmp_dir == NULL)
    {
      g_autoptr (GError) error = NULL;

      tmp_dir = g_dir_make_tmp ("ssdb-sysfs-real-XXXXXX", &error);
      g_assert_no_error (error);
      push_step (STEP_RMDIR, tmp_dir, 0);
    }
  return tmp_dir;
}

/* A loop device over a new sparse file of @size bytes; returns "/dev/loopN". */
static char *
loop_new (guint64 size, const char *const *extra)
{
  static guint counter;
  g_autofree char *file = g_strdup_printf ("%s/image-%u.img", tmp_dir_get (), counter++);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  char *dev;
  int fd;

  fd = open (file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  g_assert_cmpint (fd, >=, 0);
  push_step (STEP_UNLINK, file, 0);
  g_assert_cmpint (ftruncate (fd, (off_t)size), ==, 0);
  close (fd);

  g_ptr_array_add (argv, (char *)"losetup");
  g_ptr_array_add (argv, (char *)"-f");
  g_ptr_array_add (argv, (char *)"--show");
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (argv, (char *)extra[i]);
  g_ptr_array_add (argv, file);
  g_ptr_array_add (argv, NULL);
  dev = run ((const char *const *)argv->pdata);
  g_assert_true (g_str_has_prefix (dev, "/dev/loop"));
  push_step (STEP_LOOP_DETACH, dev, 0);
  return dev;
}

static void
test_real_loop (void)
{
  const char *sector4k[] = { "--sector-size", "4096", NULL };
  g_autofree char *dev = NULL, *dev4k = NULL, *name = NULL, *name4k = NULL;
  g_autofree char *backing = NULL, *backing_real = NULL;
  g_autoptr (SsdbBlockFacts) f = NULL;
  g_autoptr (SsdbBlockFacts) f4k = NULL;
  g_autoptr (GError) error = NULL;
  struct stat st;

  if (!can_run_real ("losetup /dev/loop-control"))
    return;

  dev = loop_new (64 * MiB + 4096, NULL);
  dev4k = loop_new (32 * MiB, sector4k);
  name = g_path_get_basename (dev);
  name4k = g_path_get_basename (dev4k);

  f = ssdb_block_facts_read (NULL, name, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (f->name, ==, name);
  g_assert_cmpstr (f->disk_name, ==, name);
  g_assert_false (f->is_partition);
  g_assert_cmpuint (f->size_bytes, ==, 64 * MiB + 4096);
  g_assert_cmpuint (f->logical_block_size, ==, 512);
  g_assert_false (f->read_only);
  g_assert_cmpstr (f->transport, ==, "loop");
  g_assert_cmpuint (f->major, ==, 7);
  backing = g_strdup_printf ("%s/image-0.img", tmp_dir_get ());
  backing_real = realpath (backing, NULL);
  g_assert_cmpstr (f->backing_file, ==, backing_real);
  g_assert_cmpint (stat (dev, &st), ==, 0);
  g_assert_cmpuint (major (st.st_rdev), ==, f->major);
  g_assert_cmpuint (minor (st.st_rdev), ==, f->minor);
  {
    g_autofree char *by_num = ssdb_block_name_from_devnum (NULL, f->major, f->minor);

    g_assert_cmpstr (by_num, ==, name);
  }

  f4k = ssdb_block_facts_read (NULL, name4k, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (f4k->size_bytes, ==, 32 * MiB);
  g_assert_cmpuint (f4k->logical_block_size, ==, 4096);
  g_assert_cmpuint (f4k->physical_block_size, >=, 4096);

  /* Both appear in the list, which holds no empty device. */
  {
    g_autoptr (GPtrArray) list = ssdb_block_list (NULL, TRUE);
    guint found = 0;

    for (guint i = 0; i < list->len; i++)
      {
        SsdbBlockFacts *e = g_ptr_array_index (list, i);

        g_assert_cmpuint (e->size_bytes, >, 0);
        if (strcmp (e->name, name) == 0 || strcmp (e->name, name4k) == 0)
          found++;
      }
    g_assert_cmpuint (found, ==, 2);
  }

  /* The I/O counters follow real I/O: 1 MiB written and read back with O_DIRECT. Nothing else
   * writes to the device, so the write counter moves by exactly 1 MiB. */
  {
    guint64 r0 = 0, w0 = 0, r1 = 0, w1 = 0;
    void *buf = NULL;
    int fd;

    g_assert_cmpint (posix_memalign (&buf, 4096, MiB), ==, 0);
    memset (buf, 0x5a, MiB);
    fd = open (dev, O_RDWR | O_DIRECT | O_CLOEXEC | O_EXCL);
    g_assert_cmpint (fd, >=, 0);
    g_assert_true (ssdb_block_read_stat (NULL, name, &r0, &w0));
    g_assert_cmpint (pwrite (fd, buf, MiB, 0), ==, (ssize_t)MiB);
    g_assert_cmpint (pread (fd, buf, MiB, 0), ==, (ssize_t)MiB);
    g_assert_true (ssdb_block_read_stat (NULL, name, &r1, &w1));
    close (fd);
    free (buf);
    g_assert_cmpuint (w1 - w0, ==, MiB);
    /* Reads: at least ours; udev's probe of a new device may add its own. */
    g_assert_cmpuint (r1 - r0, >=, MiB);
  }

  run_steps ();
  g_clear_pointer (&tmp_dir, g_free);

  /* Detached: the device is back to size 0 and so leaves the list. The kernel detaches on
   * the last close, and another process (udev's probe) may have it open for a moment. */
  {
    guint64 size = G_MAXUINT64;

    for (guint i = 0; i < 100 && size != 0; i++)
      {
        g_autoptr (SsdbBlockFacts) after = ssdb_block_facts_read (NULL, name, NULL);

        size = after != NULL ? after->size_bytes : 0;
        if (size != 0)
          g_usleep (50 * 1000);
      }
    g_assert_cmpuint (size, ==, 0);
  }
}

static void
test_real_zram (void)
{
  g_autofree char *id = NULL, *name = NULL, *disksize = NULL;
  g_autoptr (SsdbBlockFacts) f = NULL;
  g_autoptr (GError) error = NULL;
  guint64 number = 0;

  if (!can_run_real ("/sys/class/zram-control/hot_add"))
    return;

  g_file_get_contents ("/sys/class/zram-control/hot_add", &id, NULL, &error);
  g_assert_no_error (error);
  g_strstrip (id);
  g_assert_true (g_ascii_string_to_unsigned (id, 10, 0, 1 << 20, &number, NULL));
  push_step (STEP_ZRAM_REMOVE, "", (int)number);
  name = g_strdup_printf ("zram%s", id);

  /* Configured, not yet sized: size 0 keeps it out of the list. */
  {
    g_autoptr (GPtrArray) list = ssdb_block_list (NULL, FALSE);

    for (guint i = 0; i < list->len; i++)
      g_assert_cmpstr (((SsdbBlockFacts *)g_ptr_array_index (list, i))->name, !=, name);
  }

  disksize = g_strdup_printf ("/sys/block/%s/disksize", name);
  {
    int fd = open (disksize, O_WRONLY | O_CLOEXEC);

    g_assert_cmpint (fd, >=, 0);
    g_assert_cmpint (write (fd, "64M", 3), ==, 3);
    close (fd);
  }

  f = ssdb_block_facts_read (NULL, name, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (f->size_bytes, ==, 64 * MiB);
  g_assert_cmpstr (f->transport, ==, "zram");
  g_assert_cmpuint (f->logical_block_size, ==, 4096);
  g_assert_false (f->rotational);
  g_assert_true (f->discard);
  g_assert_false (f->is_partition);
  g_assert_null (f->backing_file);

  run_steps ();

  {
    g_autoptr (SsdbBlockFacts) gone = ssdb_block_facts_read (NULL, name, &error);

    g_assert_null (gone);
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
  }
}

/* What this machine has: every listed device is consistent with its device number. Reads
 * only; runs without root. */
static void
test_real_list (void)
{
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const char *last_disk = NULL;

  if (!g_file_test ("/sys/class/block", G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no /sys/class/block");
      return;
    }
  list = ssdb_block_list (NULL, TRUE);
  for (guint i = 0; i < list->len; i++)
    {
      SsdbBlockFacts *f = g_ptr_array_index (list, i);
      g_autofree char *by_num = ssdb_block_name_from_devnum (NULL, f->major, f->minor);

      g_assert_cmpuint (f->size_bytes, >, 0);
      g_assert_cmpuint (f->size_bytes % 512, ==, 0);
      g_assert_cmpstr (by_num, ==, f->name);
      g_assert_false (g_hash_table_contains (seen, f->name));
      g_hash_table_add (seen, f->name);
      if (f->is_partition)
        g_assert_cmpstr (f->disk_name, ==, last_disk);
      else
        last_disk = f->name;
      if (f->logical_block_size != 0)
        g_assert_true (f->logical_block_size == 512 || f->logical_block_size == 4096
                       || f->logical_block_size == 1024 || f->logical_block_size == 2048);
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

  g_test_add_func ("/sysfs/facts/sata", test_facts_sata);
  g_test_add_func ("/sysfs/facts/partition", test_facts_partition);
  g_test_add_func ("/sysfs/facts/transports", test_facts_transports);
  g_test_add_func ("/sysfs/facts/broken", test_facts_broken);
  g_test_add_func ("/sysfs/list", test_list);
  g_test_add_func ("/sysfs/list/missing-root", test_list_missing_root);
  g_test_add_func ("/sysfs/devnum", test_devnum);
  g_test_add_func ("/sysfs/stat", test_stat);
  g_test_add_func ("/sysfs/attr-partitions-holders", test_attr_partitions_holders);
  g_test_add_func ("/sysfs/natural-order-vpd", test_natural_order_and_vpd);
  g_test_add_func ("/sysfs/ncq-depth", test_ncq_depth);
  g_test_add_func ("/sysfs/real/list", test_real_list);
  g_test_add_func ("/sysfs/real/loop", test_real_loop);
  g_test_add_func ("/sysfs/real/zram", test_real_zram);

  return g_test_run ();
}
