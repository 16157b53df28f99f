/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-stack.h"

#include "ssdb-loop.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

/* Stacks are a few layers deep; the limit ends a walk through a pathological system. */
#define STACK_MAX_LEVEL 8
#define STACK_MAX_LAYERS 64

static void
layer_free (SsdbStackLayer *layer)
{
  g_free (layer->name);
  g_free (layer->detail);
  g_free (layer);
}

void
ssdb_stack_free (SsdbStack *stack)
{
  if (stack == NULL)
    return;
  g_clear_pointer (&stack->layers, g_ptr_array_unref);
  g_strfreev (stack->counted);
  g_free (stack);
}

SsdbStack *
ssdb_stack_new (void)
{
  SsdbStack *stack = g_new0 (SsdbStack, 1);

  stack->layers = g_ptr_array_new_with_free_func ((GDestroyNotify)layer_free);
  stack->counted = g_new0 (char *, 1);
  return stack;
}

void
ssdb_stack_add_layer (SsdbStack *stack, SsdbStackLayerKind kind, const char *name,
                      const char *detail, guint level)
{
  SsdbStackLayer *layer;

  g_return_if_fail (stack != NULL);
  g_return_if_fail (name != NULL);

  layer = g_new0 (SsdbStackLayer, 1);
  layer->kind = kind;
  layer->name = g_strdup (name);
  layer->detail = g_strdup (detail);
  layer->level = level;
  g_ptr_array_add (stack->layers, layer);
}

SsdbStack *
ssdb_stack_copy (const SsdbStack *stack)
{
  SsdbStack *copy;

  if (stack == NULL)
    return NULL;
  copy = ssdb_stack_new ();
  for (guint i = 0; i < stack->layers->len; i++)
    {
      const SsdbStackLayer *l = g_ptr_array_index (stack->layers, i);

      ssdb_stack_add_layer (copy, l->kind, l->name, l->detail, l->level);
    }
  g_strfreev (copy->counted);
  copy->counted = g_strdupv (stack->counted);
  copy->buffered = stack->buffered;
  copy->compressing = stack->compressing;
  copy->copy_on_write = stack->copy_on_write;
  copy->nocow = stack->nocow;
  copy->no_device = stack->no_device;
  return copy;
}

/* ---- the mount table ---- */

typedef struct
{
  char *mount_point;
  char *fs_type;
  char *source;
  char *options; /* per-mount and super options, comma-separated */
} Mount;

static void
mount_clear (Mount *m)
{
  g_clear_pointer (&m->mount_point, g_free);
  g_clear_pointer (&m->fs_type, g_free);
  g_clear_pointer (&m->source, g_free);
  g_clear_pointer (&m->options, g_free);
}

static char *
unescape (const char *s)
{
  GString *out = g_string_sized_new (strlen (s));

  while (*s != '\0')
    {
      if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' && s[3] >= '0'
          && s[3] <= '7')
        {
          g_string_append_c (out, (char)(((s[1] - '0') << 6) | ((s[2] - '0') << 3) | (s[3] - '0')));
          s += 4;
          continue;
        }
      g_string_append_c (out, *s++);
    }
  return g_string_free (out, FALSE);
}

/* The mount of MAJ:MIN (any device when @any_device) whose mount point is the longest prefix
 * of @path (any when @path is NULL). mountinfo: "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS
 * [OPTIONAL...] - TYPE SOURCE SUPEROPTIONS". */
static gboolean
find_mount_of (const SsdbSystemPaths *paths, gboolean any_device, guint major_n, guint minor_n,
               const char *path, Mount *out)
{
  g_autofree char *table = NULL;
  g_autofree char *devnum = g_strdup_printf ("%u:%u", major_n, minor_n);
  g_auto (GStrv) lines = NULL;
  gsize best = 0;
  gboolean found = FALSE;

  if (!g_file_get_contents (paths != NULL && paths->mountinfo != NULL ? paths->mountinfo
                                                                      : "/proc/self/mountinfo",
                            &table, NULL, NULL))
    return FALSE;
  lines = g_strsplit (table, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], " ", -1);
      guint n = g_strv_length (f);
      g_autofree char *point = NULL;
      gsize len;
      guint sep = 0;

      if (n < 6 || (!any_device && strcmp (f[2], devnum) != 0))
        continue;
      for (guint j = 6; j < n; j++)
        if (strcmp (f[j], "-") == 0)
          {
            sep = j;
            break;
          }
      if (sep == 0 || sep + 2 >= n)
        continue;
      point = unescape (f[4]);
      len = strlen (point);
      if (path != NULL
          && !(g_str_has_prefix (path, point)
               && (len == 1 || path[len] == '\0' || path[len] == '/')))
        continue;
      if (found && len <= best)
        continue;
      mount_clear (out);
      out->mount_point = g_steal_pointer (&point);
      out->fs_type = g_strdup (f[sep + 1]);
      out->source = unescape (f[sep + 2]);
      out->options
          = g_strconcat (f[5], sep + 3 < n ? "," : "", sep + 3 < n ? f[sep + 3] : "", NULL);
      best = len;
      found = TRUE;
    }
  return found;
}

/* The mount of MAJ:MIN holding @path; for a path in a btrfs subvolume (whose files report a
 * device number of their own, not the mount's), the mount whose point is the longest prefix of
 * @path. */
static gboolean
find_mount (const SsdbSystemPaths *paths, guint major_n, guint minor_n, const char *path,
            Mount *out)
{
  if (find_mount_of (paths, FALSE, major_n, minor_n, path, out))
    return TRUE;
  if (path == NULL || major_n != 0)
    return FALSE;
  return find_mount_of (paths, TRUE, 0, 0, path, out) && g_strcmp0 (out->fs_type, "btrfs") == 0;
}

/* The options of a mount that change what a benchmark measures. */
static char *
options_that_matter (const char *options)
{
  g_auto (GStrv) all = g_strsplit (options != NULL ? options : "", ",", -1);
  g_autoptr (GPtrArray) kept = g_ptr_array_new ();

  for (guint i = 0; all[i] != NULL; i++)
    {
      const char *o = all[i];
      gboolean dup = FALSE;

      if (!(g_str_has_prefix (o, "compress=") || g_str_has_prefix (o, "compress-force=")
            || strcmp (o, "compress") == 0 || strcmp (o, "compress-force") == 0
            || strcmp (o, "data=journal") == 0 || strcmp (o, "dax") == 0
            || g_str_has_prefix (o, "dax=") || strcmp (o, "nodatacow") == 0))
        continue;
      for (guint j = 0; j < kept->len; j++)
        dup = dup || strcmp (g_ptr_array_index (kept, j), o) == 0;
      if (!dup)
        g_ptr_array_add (kept, (gpointer)o);
    }
  if (kept->len == 0)
    return NULL;
  g_ptr_array_add (kept, NULL);
  return g_strjoinv (",", (char **)kept->pdata);
}

static gboolean
has_option (const char *options, const char *prefix)
{
  g_auto (GStrv) all = g_strsplit (options != NULL ? options : "", ",", -1);

  for (guint i = 0; all[i] != NULL; i++)
    if (g_str_has_prefix (all[i], prefix))
      return TRUE;
  return FALSE;
}

/* ---- the walk ---- */

typedef struct
{
  const SsdbSystemPaths *paths;
  SsdbStack *stack;
  GPtrArray *counted;  /* char* */
  char *lowest_device; /* the lowest block device seen, for a stack ending in memory */
  guint lowest_level;
} Walk;

static void
count_device (Walk *w, const char *name)
{
  for (guint i = 0; i < w->counted->len; i++)
    if (strcmp (g_ptr_array_index (w->counted, i), name) == 0)
      return;
  g_ptr_array_add (w->counted, g_strdup (name));
}

static void
walk_device (Walk *w, const char *name, guint level);

/* A file system (type, mount point, options) and what lies below it: its device, or btrfs's
 * member devices; nothing for a file system without a device. */
static void
walk_file_system (Walk *w, guint dev_major, guint dev_minor, const char *path, guint level)
{
  g_autofree char *name = ssdb_block_name_from_devnum (w->paths, dev_major, dev_minor);
  g_autofree char *opts = NULL;
  g_autofree char *detail = NULL;
  Mount m = { 0 };

  if (!find_mount (w->paths, dev_major, dev_minor, path, &m) && name == NULL)
    {
      mount_clear (&m);
      w->stack->no_device = TRUE;
      return;
    }
  opts = options_that_matter (m.options);
  detail = m.mount_point == NULL ? NULL
           : opts != NULL        ? g_strdup_printf ("%s, %s", m.mount_point, opts)
                                 : g_strdup (m.mount_point);
  ssdb_stack_add_layer (w->stack, SSDB_STACK_FILE_SYSTEM, m.fs_type ? m.fs_type : "?", detail,
                        level);
  if (g_strcmp0 (m.fs_type, "btrfs") == 0)
    {
      if (has_option (m.options, "compress"))
        w->stack->compressing = TRUE;
      if (!has_option (m.options, "nodatacow"))
        w->stack->copy_on_write = TRUE;
    }
  if (g_strcmp0 (m.fs_type, "ext4") == 0 && has_option (m.options, "data=journal"))
    w->stack->buffered = TRUE;

  if (name != NULL)
    walk_device (w, name, level + 1);
  else if (g_strcmp0 (m.fs_type, "btrfs") == 0 && m.source != NULL)
    {
      /* btrfs reports an anonymous device number; /sys/fs/btrfs/FSID/devices lists its
       * members, and the mount source is one of them. */
      const char *root
          = w->paths != NULL && w->paths->sysfs_root != NULL ? w->paths->sysfs_root : "/sys";
      g_autofree char *fs_dir = g_build_filename (root, "fs", "btrfs", NULL);
      g_autofree char *member = g_path_get_basename (m.source);
      g_autoptr (GDir) d = g_dir_open (fs_dir, 0, NULL);
      const char *fsid;
      gboolean found = FALSE;

      while (d != NULL && !found && (fsid = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *devices = g_build_filename (fs_dir, fsid, "devices", NULL);
          g_autofree char *probe = g_build_filename (devices, member, NULL);
          g_autoptr (GDir) members = NULL;
          const char *dev;

          if (!g_file_test (probe, G_FILE_TEST_EXISTS))
            continue;
          found = TRUE;
          members = g_dir_open (devices, 0, NULL);
          while (members != NULL && (dev = g_dir_read_name (members)) != NULL)
            walk_device (w, dev, level + 1);
        }
      if (!found)
        w->stack->no_device = TRUE;
    }
  else
    w->stack->no_device = TRUE;
  mount_clear (&m);
}

static void
walk_device (Walk *w, const char *name, guint level)
{
  g_autoptr (SsdbBlockFacts) facts = ssdb_block_facts_read (w->paths, name, NULL);
  g_autoptr (SsdbLoopBacking) loop = NULL;
  g_autoptr (GPtrArray) slaves = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *slaves_dir = NULL;
  const char *root;

  if (facts == NULL || level > STACK_MAX_LEVEL || w->stack->layers->len >= STACK_MAX_LAYERS)
    return;
  loop = ssdb_loop_backing_read (w->paths, facts->disk_name);
  if (loop != NULL && loop->offset != 0)
    detail
        = g_strdup_printf ("%s, offset %" G_GUINT64_FORMAT,
                           loop->direct_io ? "direct I/O" : "buffered (loop/dio 0)", loop->offset);
  else if (loop != NULL)
    detail = g_strdup (loop->direct_io ? "direct I/O" : "buffered (loop/dio 0)");
  else if (facts->transport != NULL)
    detail = g_strdup (facts->transport);
  ssdb_stack_add_layer (w->stack, SSDB_STACK_DEVICE, name, detail, level);
  if (w->lowest_device == NULL || level >= w->lowest_level)
    {
      g_free (w->lowest_device);
      w->lowest_device = g_strdup (name);
      w->lowest_level = level;
    }

  if (loop != NULL)
    {
      if (!loop->direct_io)
        w->stack->buffered = TRUE;
      if (loop->have_rdev)
        {
          g_autofree char *lower
              = ssdb_block_name_from_devnum (w->paths, loop->rdev_major, loop->rdev_minor);

          if (lower != NULL)
            walk_device (w, lower, level + 1);
          return;
        }
      ssdb_stack_add_layer (w->stack, SSDB_STACK_BACKING_FILE, loop->backing_file, NULL, level + 1);
      if (loop->have_file_id)
        walk_file_system (w, loop->file_dev_major, loop->file_dev_minor, NULL, level + 2);
      else
        w->stack->no_device = TRUE; /* a file that cannot be followed: say nothing of a drive */
      return;
    }

  /* dm and md: the devices they are built on. */
  root = w->paths != NULL && w->paths->sysfs_root != NULL ? w->paths->sysfs_root : "/sys";
  slaves_dir = g_build_filename (root, "class", "block", facts->disk_name, "slaves", NULL);
  {
    g_autoptr (GDir) d = g_dir_open (slaves_dir, 0, NULL);
    const char *slave;
    gboolean any = FALSE;

    while (d != NULL && (slave = g_dir_read_name (d)) != NULL)
      {
        any = TRUE;
        walk_device (w, slave, level + 1);
      }
    if (any)
      return;
  }
  /* A device with nothing under it: its counters are the ones that tell. */
  count_device (w, name);
}

static SsdbStack *
finish (Walk *w)
{
  /* A stack that ends in memory (an image on tmpfs) still has a block device whose counters
   * see the requests: the lowest one. */
  if (w->counted->len == 0 && w->lowest_device != NULL)
    count_device (w, w->lowest_device);
  g_ptr_array_add (w->counted, NULL);
  g_strfreev (w->stack->counted);
  w->stack->counted = (char **)g_ptr_array_free (w->counted, FALSE);
  g_free (w->lowest_device);
  return w->stack;
}

SsdbStack *
ssdb_stack_resolve_device (const SsdbSystemPaths *paths, const char *name)
{
  Walk w = { paths, ssdb_stack_new (), g_ptr_array_new (), NULL, 0 };

  g_return_val_if_fail (name != NULL, w.stack);

  walk_device (&w, name, 0);
  return finish (&w);
}

SsdbStack *
ssdb_stack_resolve_directory (const SsdbSystemPaths *paths, const char *dir)
{
  Walk w = { paths, ssdb_stack_new (), g_ptr_array_new (), NULL, 0 };
  g_autofree char *real = NULL;
  struct stat st;

  g_return_val_if_fail (dir != NULL, w.stack);

  real = realpath (dir, NULL);
  if (stat (dir, &st) != 0)
    {
      w.stack->no_device = TRUE;
      return finish (&w);
    }
  walk_file_system (&w, major (st.st_dev), minor (st.st_dev), real != NULL ? real : dir, 0);
  return finish (&w);
}

char **
ssdb_stack_dup_labels (const SsdbStack *stack)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();

  if (stack == NULL)
    return g_new0 (char *, 1);
  if (stack->buffered)
    {
      g_autofree char *why = NULL;

      for (guint i = 0; i < stack->layers->len && why == NULL; i++)
        {
          const SsdbStackLayer *l = g_ptr_array_index (stack->layers, i);

          if (l->kind == SSDB_STACK_DEVICE && l->detail != NULL
              && g_str_has_prefix (l->detail, "buffered"))
            why = g_strdup_printf ("/dev/%s reads its backing file through the page cache: "
                                   "loop/dio is 0",
                                   l->name);
          else if (l->kind == SSDB_STACK_FILE_SYSTEM && l->detail != NULL
                   && strstr (l->detail, "data=journal") != NULL)
            why = g_strdup_printf ("%s mounted data=journal serves direct I/O through the page "
                                   "cache",
                                   l->name);
        }
      g_ptr_array_add (labels, g_strdup_printf ("buffered: measures the host's page cache (%s)",
                                                why != NULL ? why : "page cache in the stack"));
    }
  if (stack->nocow)
    g_ptr_array_add (labels, g_strdup ("btrfs: the test file was made NOCOW before it was "
                                       "written, so it is written in place and not compressed"));
  if (stack->compressing)
    g_ptr_array_add (labels, g_strdup ("compressing file system (btrfs compress): compressible "
                                       "data is written smaller than it is"));
  if (stack->copy_on_write)
    g_ptr_array_add (labels, g_strdup ("copy-on-write file system (btrfs): overwrites go to new "
                                       "places, not where the data was"));
  if (stack->no_device && stack->counted[0] == NULL)
    g_ptr_array_add (labels, g_strdup ("no block device under the target: the results measure "
                                       "memory or a server, not a drive"));
  else if (stack->no_device)
    g_ptr_array_add (labels, g_strdup ("no drive at the bottom of the stack: the loop device's "
                                       "image is in memory or behind a server"));
  g_ptr_array_add (labels, NULL);
  return (char **)g_ptr_array_free (g_steal_pointer (&labels), FALSE);
}

char *
ssdb_stack_dup_tags (const SsdbStack *stack)
{
  g_autoptr (GPtrArray) tags = g_ptr_array_new ();

  if (stack == NULL)
    return NULL;
  if (stack->buffered)
    g_ptr_array_add (tags, (gpointer) "buffered: page cache");
  if (stack->compressing)
    g_ptr_array_add (tags, (gpointer) "compressing file system");
  if (stack->copy_on_write)
    g_ptr_array_add (tags, (gpointer) "copy-on-write file system");
  if (stack->no_device)
    g_ptr_array_add (tags, (gpointer) "no drive under it");
  if (tags->len == 0)
    return NULL;
  g_ptr_array_add (tags, NULL);
  return g_strjoinv (" · ", (char **)tags->pdata);
}

char *
ssdb_stack_describe (const SsdbStack *stack)
{
  g_autoptr (GString) s = g_string_new (NULL);

  g_return_val_if_fail (stack != NULL, NULL);

  for (guint i = 0; i < stack->layers->len; i++)
    {
      const SsdbStackLayer *l = g_ptr_array_index (stack->layers, i);

      if (i > 0)
        g_string_append (s, " > ");
      g_string_append (s, l->name);
      if (l->detail != NULL)
        g_string_append_printf (s, " (%s)", l->detail);
    }
  if (s->len == 0)
    g_string_append (s, "no block device");
  return g_string_free (g_steal_pointer (&s), FALSE);
}
