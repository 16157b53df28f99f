/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-sysfs.h"

#include "ssdb-error.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Attribute files in sysfs are at most a page; anything larger is not an attribute. */
#define ATTR_MAX_BYTES (64 * 1024)

static const char *
sysfs_root (const SsdbSystemPaths *paths)
{
  if (paths != NULL && paths->sysfs_root != NULL)
    return paths->sysfs_root;
  return "/sys";
}

gboolean
ssdb_system_paths_are_host (const SsdbSystemPaths *paths)
{
  return paths == NULL || paths->sysfs_root == NULL || strcmp (paths->sysfs_root, "/sys") == 0;
}

/* A kernel name is one path component: no '/', not "." or "..". */
static gboolean
name_is_valid (const char *name)
{
  if (name == NULL || *name == '\0' || strlen (name) > NAME_MAX)
    return FALSE;
  if (strchr (name, '/') != NULL)
    return FALSE;
  if (strcmp (name, ".") == 0 || strcmp (name, "..") == 0)
    return FALSE;
  return TRUE;
}

static gboolean
attr_is_valid (const char *attr)
{
  g_auto (GStrv) parts = NULL;

  if (attr == NULL || *attr == '\0' || *attr == '/')
    return FALSE;
  parts = g_strsplit (attr, "/", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (strcmp (parts[i], "..") == 0)
      return FALSE;
  return TRUE;
}

/* Reads a regular file of at most @max bytes. Returns a NUL-terminated buffer (the file may
 * hold NULs itself; @len_out gives its length), or NULL with errno set. */
static char *
read_small_file (const char *path, gsize max, gsize *len_out)
{
  g_autofree char *buf = NULL;
  struct stat st;
  gsize len = 0;
  int fd;

  fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0)
    return NULL;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      errno = EINVAL;
      return NULL;
    }

  buf = g_malloc (max + 1);
  for (;;)
    {
      ssize_t n = read (fd, buf + len, max + 1 - len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int errsv = errno;

          close (fd);
          errno = errsv;
          return NULL;
        }
      if (n == 0)
        break;
      len += (gsize)n;
      if (len > max)
        {
          close (fd);
          errno = EFBIG;
          return NULL;
        }
    }
  close (fd);
  buf[len] = '\0';
  if (len_out != NULL)
    *len_out = len;
  return g_steal_pointer (&buf);
}

/* Trims, drops embedded NULs' tails, repairs UTF-8; NULL when nothing is left. */
static char *
clean_text (const char *raw, gsize len)
{
  g_autofree char *copy = g_strndup (raw, len);
  g_autofree char *valid = NULL;

  g_strstrip (copy);
  if (*copy == '\0')
    return NULL;
  valid = g_utf8_make_valid (copy, -1);
  return g_steal_pointer (&valid);
}

static char *
read_text_at (const char *dir, const char *attr)
{
  g_autofree char *path = g_build_filename (dir, attr, NULL);
  g_autofree char *raw = NULL;
  gsize len = 0;

  raw = read_small_file (path, ATTR_MAX_BYTES, &len);
  if (raw == NULL)
    return NULL;
  return clean_text (raw, len);
}

static gboolean
parse_u64 (const char *text, guint64 *out)
{
  guint64 v = 0;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &v, NULL))
    return FALSE;
  *out = v;
  return TRUE;
}

static gboolean
read_u64_at (const char *dir, const char *attr, guint64 *out)
{
  g_autofree char *text = read_text_at (dir, attr);

  return parse_u64 (text, out);
}

static guint
read_uint_at (const char *dir, const char *attr)
{
  guint64 v = 0;

  if (!read_u64_at (dir, attr, &v) || v > G_MAXUINT)
    return 0;
  return (guint)v;
}

static gboolean
read_bool_at (const char *dir, const char *attr)
{
  guint64 v = 0;

  return read_u64_at (dir, attr, &v) && v != 0;
}

static guint64
sectors_to_bytes (guint64 sectors)
{
  if (sectors > G_MAXUINT64 / 512)
    return G_MAXUINT64;
  return sectors * 512;
}

static gboolean
parse_devnum (const char *text, guint *major_out, guint *minor_out)
{
  g_auto (GStrv) parts = NULL;
  guint64 maj = 0, min = 0;

  if (text == NULL)
    return FALSE;
  parts = g_strsplit (text, ":", -1);
  if (g_strv_length (parts) != 2)
    return FALSE;
  if (!g_ascii_string_to_unsigned (parts[0], 10, 0, G_MAXUINT, &maj, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT, &min, NULL))
    return FALSE;
  *major_out = (guint)maj;
  *minor_out = (guint)min;
  return TRUE;
}

/* realpath() into a GLib-allocated string, or NULL. */
static char *
canonical_path (const char *path)
{
  char *resolved = realpath (path, NULL);
  char *copy;

  if (resolved == NULL)
    return NULL;
  copy = g_strdup (resolved);
  free (resolved);
  return copy;
}

/* The resolved sysfs directory of /sys/class/block/NAME, or NULL. */
static char *
resolve_class_dir (const SsdbSystemPaths *paths, const char *name)
{
  g_autofree char *link = NULL;
  g_autofree char *resolved = NULL;
  struct stat st;

  if (!name_is_valid (name))
    return NULL;
  link = g_build_filename (sysfs_root (paths), "class", "block", name, NULL);
  resolved = canonical_path (link);
  if (resolved == NULL || stat (resolved, &st) != 0 || !S_ISDIR (st.st_mode))
    return NULL;
  return g_steal_pointer (&resolved);
}

/* Byte order, except that runs of digits compare as numbers: "loop2" < "loop10",
 * "sda2" < "sda10", "sda" < "sdb" < "sdc". */
static int
natural_compare (const char *a, const char *b)
{
  while (*a != '\0' && *b != '\0')
    {
      if (g_ascii_isdigit (*a) && g_ascii_isdigit (*b))
        {
          const char *ea, *eb;
          gsize la, lb;
          int c;

          while (*a == '0' && g_ascii_isdigit (a[1]))
            a++;
          while (*b == '0' && g_ascii_isdigit (b[1]))
            b++;
          for (ea = a; g_ascii_isdigit (*ea); ea++)
            ;
          for (eb = b; g_ascii_isdigit (*eb); eb++)
            ;
          la = (gsize)(ea - a);
          lb = (gsize)(eb - b);
          if (la != lb)
            return la < lb ? -1 : 1;
          c = strncmp (a, b, la);
          if (c != 0)
            return c;
          a = ea;
          b = eb;
          continue;
        }
      if (*a != *b)
        return (guchar)*a < (guchar)*b ? -1 : 1;
      a++;
      b++;
    }
  if (*a == *b)
    return 0;
  return *a == '\0' ? -1 : 1;
}

static int
compare_names (gconstpointer pa, gconstpointer pb)
{
  const char *a = *(const char *const *)pa;
  const char *b = *(const char *const *)pb;

  return natural_compare (a, b);
}

static int
compare_facts (gconstpointer pa, gconstpointer pb)
{
  const SsdbBlockFacts *a = *(const SsdbBlockFacts *const *)pa;
  const SsdbBlockFacts *b = *(const SsdbBlockFacts *const *)pb;

  return natural_compare (a->name, b->name);
}

/* "mq-deadline kyber [bfq] none" -> "bfq"; "none" -> "none". */
static char *
parse_scheduler (const char *text)
{
  const char *open, *close;

  if (text == NULL)
    return NULL;
  open = strchr (text, '[');
  if (open != NULL)
    {
      close = strchr (open + 1, ']');
      if (close == NULL || close == open + 1)
        return NULL;
      return g_strndup (open + 1, (gsize)(close - open - 1));
    }
  if (strpbrk (text, " \t\n") == NULL)
    return g_strdup (text);
  return NULL;
}

/* The unit serial number VPD page (0x80) of a SCSI/SATA device: a 4-byte header whose bytes
 * 2..3 give the length of the ASCII serial that follows. */
static char *
read_vpd_serial (const char *device_dir)
{
  g_autofree char *path = g_build_filename (device_dir, "vpd_pg80", NULL);
  g_autofree char *raw = NULL;
  gsize len = 0, page_len;
  const guchar *p;

  raw = read_small_file (path, ATTR_MAX_BYTES, &len);
  if (raw == NULL || len < 4)
    return NULL;
  p = (const guchar *)raw;
  if (p[1] != 0x80)
    return NULL;
  page_len = ((gsize)p[2] << 8) | p[3];
  if (page_len == 0 || page_len > len - 4)
    return NULL;
  for (gsize i = 0; i < page_len; i++)
    if (p[4 + i] < 0x20 || p[4 + i] > 0x7e)
      return NULL;
  return clean_text ((const char *)p + 4, page_len);
}

static gboolean
component_has_prefix_digit (const char *component, const char *prefix)
{
  gsize n = strlen (prefix);

  return strncmp (component, prefix, n) == 0 && g_ascii_isdigit (component[n]);
}

/* Best guess of how the disk is attached, from its place in /sys/devices and its name. */
static char *
guess_transport (const SsdbSystemPaths *paths, const char *disk_dir, const char *disk_name)
{
  static const struct
  {
    const char *prefix;
    const char *transport;
  } virtual_names[] = {
    { "loop", "loop" }, { "zram", "zram" }, { "dm-", "dm" },     { "md", "md" },
    { "nbd", "nbd" },   { "ram", "ram" },   { "ublkb", "ublk" }, { "pmem", "pmem" },
  };
  g_autofree char *root = canonical_path (sysfs_root (paths));
  const char *rel = disk_dir;
  g_auto (GStrv) parts = NULL;
  gboolean usb = FALSE, nvme = FALSE, mmc = FALSE, ata = FALSE, virtio = FALSE, scsi = FALSE;
  gboolean is_virtual = FALSE;

  if (root != NULL && g_str_has_prefix (disk_dir, root))
    rel = disk_dir + strlen (root);

  parts = g_strsplit (rel, "/", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *c = parts[i];

      if (component_has_prefix_digit (c, "usb"))
        usb = TRUE;
      else if (g_str_has_prefix (c, "nvme"))
        nvme = TRUE;
      else if (g_str_has_prefix (c, "mmc"))
        mmc = TRUE;
      else if (component_has_prefix_digit (c, "ata"))
        ata = TRUE;
      else if (component_has_prefix_digit (c, "virtio"))
        virtio = TRUE;
      else if (component_has_prefix_digit (c, "host"))
        scsi = TRUE;
      else if (strcmp (c, "virtual") == 0)
        is_virtual = TRUE;
    }

  if (usb)
    return g_strdup ("usb");
  if (nvme)
    return g_strdup ("nvme");
  if (mmc)
    return g_strdup ("mmc");
  if (ata)
    return g_strdup ("sata");
  if (virtio)
    return g_strdup ("virtio");
  for (guint i = 0; i < G_N_ELEMENTS (virtual_names); i++)
    if (g_str_has_prefix (disk_name, virtual_names[i].prefix))
      return g_strdup (virtual_names[i].transport);
  if (scsi)
    return g_strdup ("scsi");
  if (is_virtual)
    return g_strdup ("virtual");
  return NULL;
}

/* Bus identifiers such as virtio's "0x1af4" are not vendor names. */
static gboolean
looks_like_bus_id (const char *text)
{
  return text != NULL && (g_str_has_prefix (text, "0x") || g_str_has_prefix (text, "0X"));
}

void
ssdb_block_facts_free (SsdbBlockFacts *facts)
{
  if (facts == NULL)
    return;
  g_free (facts->name);
  g_free (facts->disk_name);
  g_free (facts->model);
  g_free (facts->vendor);
  g_free (facts->serial);
  g_free (facts->firmware);
  g_free (facts->transport);
  g_free (facts->scheduler);
  g_free (facts->write_cache);
  g_free (facts->backing_file);
  g_free (facts);
}

SsdbBlockFacts *
ssdb_block_facts_read (const SsdbSystemPaths *paths, const char *name, GError **error)
{
  g_autoptr (SsdbBlockFacts) facts = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *disk_dir = NULL;
  g_autofree char *device_dir = NULL;
  g_autofree char *queue_dir = NULL;
  g_autofree char *text = NULL;
  guint64 v = 0;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  dir = resolve_class_dir (paths, name);
  if (dir == NULL)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND, "There is no block device named “%s”",
                   name);
      return NULL;
    }

  facts = g_new0 (SsdbBlockFacts, 1);
  facts->name = g_strdup (name);
  {
    g_autofree char *partition_path = g_build_filename (dir, "partition", NULL);

    facts->is_partition = g_file_test (partition_path, G_FILE_TEST_IS_REGULAR);
  }
  if (facts->is_partition)
    {
      disk_dir = g_path_get_dirname (dir);
      facts->disk_name = g_path_get_basename (disk_dir);
    }
  else
    {
      disk_dir = g_strdup (dir);
      facts->disk_name = g_strdup (name);
    }

  text = read_text_at (dir, "dev");
  if (!parse_devnum (text, &facts->major, &facts->minor))
    facts->major = facts->minor = 0;

  if (read_u64_at (dir, "size", &v))
    facts->size_bytes = sectors_to_bytes (v);
  facts->read_only = read_bool_at (dir, "ro");
  if (facts->is_partition && read_u64_at (dir, "start", &v))
    facts->start_sector = v;

  facts->removable = read_bool_at (disk_dir, "removable");

  queue_dir = g_build_filename (disk_dir, "queue", NULL);
  facts->logical_block_size = read_uint_at (queue_dir, "logical_block_size");
  facts->physical_block_size = read_uint_at (queue_dir, "physical_block_size");
  facts->rotational = read_bool_at (queue_dir, "rotational");
  facts->discard = read_bool_at (queue_dir, "discard_max_bytes");
  facts->nr_requests = read_uint_at (queue_dir, "nr_requests");
  {
    g_autofree char *sched = read_text_at (queue_dir, "scheduler");

    facts->scheduler = parse_scheduler (sched);
  }
  facts->write_cache = read_text_at (queue_dir, "write_cache");

  device_dir = g_build_filename (disk_dir, "device", NULL);
  facts->model = read_text_at (device_dir, "model");
  if (facts->model == NULL)
    facts->model = read_text_at (device_dir, "name"); /* MMC/SD cards */
  facts->vendor = read_text_at (device_dir, "vendor");
  facts->device_queue_depth = read_uint_at (device_dir, "queue_depth");
  if (looks_like_bus_id (facts->vendor))
    g_clear_pointer (&facts->vendor, g_free);

  facts->serial = read_text_at (device_dir, "serial"); /* NVMe, MMC */
  if (facts->serial == NULL)
    facts->serial = read_text_at (disk_dir, "serial"); /* virtio */
  if (facts->serial == NULL)
    facts->serial = read_vpd_serial (device_dir); /* SCSI, SATA */
  if (facts->serial == NULL)
    facts->serial = read_text_at (device_dir, "wwid");
  if (facts->serial == NULL)
    facts->serial = read_text_at (disk_dir, "wwid"); /* NVMe namespaces */

  facts->firmware = read_text_at (device_dir, "firmware_rev"); /* NVMe */
  if (facts->firmware == NULL)
    facts->firmware = read_text_at (device_dir, "rev"); /* SCSI, SATA */
  if (facts->firmware == NULL)
    facts->firmware = read_text_at (device_dir, "fwrev"); /* MMC */

  facts->transport = guess_transport (paths, disk_dir, facts->disk_name);
  facts->backing_file = read_text_at (disk_dir, "loop/backing_file");

  return g_steal_pointer (&facts);
}

char *
ssdb_block_name_from_devnum (const SsdbSystemPaths *paths, guint major, guint minor)
{
  g_autofree char *devnum = g_strdup_printf ("%u:%u", major, minor);
  g_autofree char *link = g_build_filename (sysfs_root (paths), "dev", "block", devnum, NULL);
  g_autofree char *resolved = canonical_path (link);
  g_autofree char *name = NULL;
  g_autofree char *class_dir = NULL;

  if (resolved == NULL)
    return NULL;
  name = g_path_get_basename (resolved);
  if (!name_is_valid (name))
    return NULL;

  /* Only a name the block class knows is a block device's name. */
  class_dir = resolve_class_dir (paths, name);
  if (class_dir == NULL || strcmp (class_dir, resolved) != 0)
    return NULL;
  return g_steal_pointer (&name);
}

GPtrArray *
ssdb_block_list (const SsdbSystemPaths *paths, gboolean include_partitions)
{
  g_autofree char *class_dir = g_build_filename (sysfs_root (paths), "class", "block", NULL);
  g_autoptr (GPtrArray) disks
      = g_ptr_array_new_with_free_func ((GDestroyNotify)ssdb_block_facts_free);
  g_autoptr (GPtrArray) parts
      = g_ptr_array_new_with_free_func ((GDestroyNotify)ssdb_block_facts_free);
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify)ssdb_block_facts_free);
  g_autoptr (GDir) d = g_dir_open (class_dir, 0, NULL);
  const char *entry;

  if (d == NULL)
    return result;

  while ((entry = g_dir_read_name (d)) != NULL)
    {
      SsdbBlockFacts *facts = ssdb_block_facts_read (paths, entry, NULL);

      if (facts == NULL)
        continue;
      if (facts->is_partition)
        g_ptr_array_add (parts, facts);
      else
        g_ptr_array_add (disks, facts);
    }

  g_ptr_array_sort (disks, compare_facts);
  g_ptr_array_sort (parts, compare_facts);

  for (guint i = 0; i < disks->len; i++)
    {
      SsdbBlockFacts *disk = g_ptr_array_index (disks, i);
      g_autofree char *disk_dir = NULL;

      if (disk->size_bytes == 0)
        continue;
      /* Hidden disks (the per-path devices of NVMe multipath) have no device node. */
      disk_dir = resolve_class_dir (paths, disk->name);
      if (disk_dir != NULL && read_bool_at (disk_dir, "hidden"))
        continue;

      g_ptr_array_add (result, disk);
      disks->pdata[i] = NULL;

      if (!include_partitions)
        continue;
      for (guint j = 0; j < parts->len; j++)
        {
          SsdbBlockFacts *part = g_ptr_array_index (parts, j);

          if (part == NULL || part->size_bytes == 0 || strcmp (part->disk_name, disk->name) != 0)
            continue;
          g_ptr_array_add (result, part);
          parts->pdata[j] = NULL;
        }
    }

  return result;
}

gboolean
ssdb_block_read_stat_full (const SsdbSystemPaths *paths, const char *name, SsdbBlockStat *out)
{
  g_autofree char *dir = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) fields = NULL;
  guint64 values[11] = { 0 };
  guint n = 0;

  g_return_val_if_fail (out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  g_return_val_if_fail (name != NULL, FALSE);

  if (!name_is_valid (name))
    return FALSE;
  dir = g_build_filename (sysfs_root (paths), "class", "block", name, NULL);
  text = read_text_at (dir, "stat");
  if (text == NULL)
    return FALSE;

  fields = g_strsplit_set (text, " \t\n", -1);
  for (guint i = 0; fields[i] != NULL && n < G_N_ELEMENTS (values); i++)
    {
      if (*fields[i] == '\0')
        continue;
      if (!parse_u64 (fields[i], &values[n]))
        return FALSE;
      n++;
    }
  if (n < 7)
    return FALSE;

  /* Fields 3 and 7 (1-based): sectors read, sectors written; a sector here is 512 bytes. */
  out->read_bytes = sectors_to_bytes (values[2]);
  out->write_bytes = sectors_to_bytes (values[6]);
  if (n >= 11)
    {
      /* Fields 9-11: requests in flight now, ms busy (io_ticks), weighted ms in queue. */
      out->in_flight = values[8];
      out->busy_ns = values[9] * G_GUINT64_CONSTANT (1000000);
      out->queue_ns = values[10] * G_GUINT64_CONSTANT (1000000);
      out->have_times = TRUE;
    }
  return TRUE;
}

gboolean
ssdb_block_read_stat (const SsdbSystemPaths *paths, const char *name, guint64 *read_bytes,
                      guint64 *write_bytes)
{
  SsdbBlockStat st;
  gboolean ok;

  g_return_val_if_fail (name != NULL, FALSE);

  ok = ssdb_block_read_stat_full (paths, name, &st);
  if (read_bytes != NULL)
    *read_bytes = st.read_bytes;
  if (write_bytes != NULL)
    *write_bytes = st.write_bytes;
  return ok;
}

char *
ssdb_block_read_attr (const SsdbSystemPaths *paths, const char *name, const char *attr)
{
  g_autofree char *dir = NULL;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (attr != NULL, NULL);

  if (!name_is_valid (name) || !attr_is_valid (attr))
    return NULL;
  dir = g_build_filename (sysfs_root (paths), "class", "block", name, NULL);
  return read_text_at (dir, attr);
}

gboolean
ssdb_block_set_ncq_depth (const SsdbSystemPaths *paths, const char *disk_name, guint depth,
                          guint *previous, GError **error)
{
  g_autofree char *path = NULL, *before = NULL, *after = NULL, *text = NULL;
  guint64 old = 0, now = 0;
  ssize_t n;
  int fd, saved;

  g_return_val_if_fail (depth >= 1 && depth <= 65535, FALSE);

  if (!name_is_valid (disk_name))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "“%s” is not a disk name",
                   disk_name != NULL ? disk_name : "");
      return FALSE;
    }
  path = g_build_filename (sysfs_root (paths), "class", "block", disk_name, "device", "queue_depth",
                           NULL);
  before = ssdb_block_read_attr (paths, disk_name, "device/queue_depth");
  if (!parse_u64 (before, &old) || old == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s has no NCQ setting (%s): only SATA and SAS disks queue commands in the "
                   "drive that way",
                   disk_name, path);
      return FALSE;
    }
  text = g_strdup_printf ("%u\n", depth);
  /* The attribute file itself: not a link to something else, not a device node. */
  fd = open (path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
  if (fd >= 0)
    {
      struct stat st;

      if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
        {
          close (fd);
          fd = -1;
          errno = EINVAL;
        }
    }
  if (fd < 0)
    {
      saved = errno;
      g_set_error (error, SSDB_ERROR,
                   saved == EACCES || saved == EPERM || saved == EROFS ? SSDB_ERROR_PERMISSION
                                                                       : SSDB_ERROR_FAILED,
                   "Could not change the NCQ depth of %s: %s: %s", disk_name, path,
                   g_strerror (saved));
      return FALSE;
    }
  n = write (fd, text, strlen (text));
  saved = errno;
  close (fd);
  if (n != (ssize_t)strlen (text))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   "Could not change the NCQ depth of %s to %u: %s: %s", disk_name, depth, path,
                   n < 0 ? g_strerror (saved) : "short write");
      return FALSE;
    }
  after = ssdb_block_read_attr (paths, disk_name, "device/queue_depth");
  if (!parse_u64 (after, &now) || now != depth)
    {
      /* Whatever the kernel made of it, the disk gets its depth back. */
      g_autofree char *back = g_strdup_printf ("%" G_GUINT64_FORMAT "\n", old);

      fd = open (path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
      if (fd >= 0)
        {
          if (write (fd, back, strlen (back)) < 0)
            g_debug ("could not give %s its depth back: %s", path, g_strerror (errno));
          close (fd);
        }
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   "The NCQ depth of %s is %s after writing %u to %s", disk_name,
                   after != NULL ? after : "unreadable", depth, path);
      return FALSE;
    }
  if (previous != NULL)
    *previous = (guint)MIN (old, 65535);
  return TRUE;
}

gboolean
ssdb_block_read_devnum (const SsdbSystemPaths *paths, const char *name, guint *major, guint *minor)
{
  g_autofree char *text = NULL;
  guint maj = 0, min = 0;
  gboolean ok;

  g_return_val_if_fail (name != NULL, FALSE);

  text = ssdb_block_read_attr (paths, name, "dev");
  ok = parse_devnum (text, &maj, &min);
  if (!ok)
    maj = min = 0;
  if (major != NULL)
    *major = maj;
  if (minor != NULL)
    *minor = min;
  return ok;
}

/* Names of the entries of @dir that pass @keep, in natural order. */
static GPtrArray *
list_dir_names (const char *dir, gboolean (*keep) (const char *dir, const char *entry))
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) d = NULL;
  const char *entry;

  if (dir == NULL)
    return names;
  d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return names;
  while ((entry = g_dir_read_name (d)) != NULL)
    if (name_is_valid (entry) && (keep == NULL || keep (dir, entry)))
      g_ptr_array_add (names, g_strdup (entry));
  g_ptr_array_sort (names, compare_names);
  return names;
}

static gboolean
is_partition_dir (const char *dir, const char *entry)
{
  g_autofree char *path = g_build_filename (dir, entry, "partition", NULL);
  struct stat st;

  /* stat() follows symlinks: a partition is a real subdirectory of its disk, so refuse links
   * (such as "bdi" or "device") by checking the entry itself with lstat(). */
  {
    g_autofree char *sub = g_build_filename (dir, entry, NULL);

    if (lstat (sub, &st) != 0 || !S_ISDIR (st.st_mode))
      return FALSE;
  }
  return stat (path, &st) == 0 && S_ISREG (st.st_mode);
}

GPtrArray *
ssdb_block_list_partitions (const SsdbSystemPaths *paths, const char *name)
{
  g_autofree char *dir = NULL;
  g_autofree char *partition_path = NULL;

  g_return_val_if_fail (name != NULL, NULL);

  dir = resolve_class_dir (paths, name);
  if (dir == NULL)
    return g_ptr_array_new_with_free_func (g_free);
  partition_path = g_build_filename (dir, "partition", NULL);
  if (g_file_test (partition_path, G_FILE_TEST_EXISTS))
    return g_ptr_array_new_with_free_func (g_free);
  return list_dir_names (dir, is_partition_dir);
}

GPtrArray *
ssdb_block_list_holders (const SsdbSystemPaths *paths, const char *name)
{
  g_autofree char *dir = NULL;

  g_return_val_if_fail (name != NULL, NULL);

  if (!name_is_valid (name))
    return g_ptr_array_new_with_free_func (g_free);
  dir = g_build_filename (sysfs_root (paths), "class", "block", name, "holders", NULL);
  return list_dir_names (dir, NULL);
}
