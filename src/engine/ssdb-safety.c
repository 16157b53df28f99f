/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-safety.h"

#include "ssdb-error.h"
#include "ssdb-loop.h"
#include "ssdb-openers.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* Mount and swap tables are a few KiB; a limit keeps a wrong path from reading gigabytes. */
#define TABLE_MAX_BYTES (16 * 1024 * 1024)
/* Stacks of holders (partition -> md -> LVM -> dm-crypt) are a few levels deep. */
#define HOLDER_MAX_DEPTH 16

/* A loop device stack is rarely more than two or three loop devices deep; the limit only
 * keeps a pathological system from making the walk long. */
#define STACK_MAX_MEMBERS 256

/* Something that makes the device busy when it is mounted or swap. */
typedef struct
{
  char *name;
  char *via; /* for a holder: the device, partition or disk it stands on; else NULL */
  guint major;
  guint minor;
  gboolean have_devnum;
  /* Reached through a loop device (beyond the device, its partitions or disk, and their
   * holders): @subject says how it relates to the target, for every reason about it. */
  gboolean stack;
  char *subject;
  const SsdbLoopBacking *loop; /* when it is a loop device with a backing file */
} Member;

static void
member_free (Member *m)
{
  g_free (m->name);
  g_free (m->via);
  g_free (m->subject);
  g_free (m);
}

static void
use_free (SsdbUse *use)
{
  g_free (use->member);
  g_free (use->subject);
  g_free (use->detail);
  g_free (use->command);
  g_free (use);
}

static const char *
mountinfo_path (const SsdbSystemPaths *paths)
{
  if (paths != NULL && paths->mountinfo != NULL)
    return paths->mountinfo;
  return "/proc/self/mountinfo";
}

static const char *
swaps_path (const SsdbSystemPaths *paths)
{
  if (paths != NULL && paths->swaps != NULL)
    return paths->swaps;
  return "/proc/swaps";
}

void
ssdb_usage_free (SsdbUsage *usage)
{
  if (usage == NULL)
    return;
  g_free (usage->mounted_at);
  g_free (usage->mounted_name);
  g_free (usage->swap);
  g_free (usage->holder);
  g_free (usage->name);
  g_free (usage->disk_name);
  g_free (usage->mounted_via);
  g_free (usage->swap_via);
  g_free (usage->holder_of);
  g_clear_pointer (&usage->uses, g_ptr_array_unref);
  g_free (usage);
}

/* Undoes the kernel's octal escapes of mount points and swap paths ("\040" space, "\011" tab,
 * "\012" newline, "\134" backslash). Anything else is kept as it is. */
static char *
unescape_octal (const char *s)
{
  GString *out = g_string_sized_new (strlen (s));

  while (*s != '\0')
    {
      if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' && s[3] >= '0'
          && s[3] <= '7')
        {
          char c = (char)(((s[1] - '0') << 6) | ((s[2] - '0') << 3) | (s[3] - '0'));

          if (c != '\0')
            g_string_append_c (out, c);
          s += 4;
          continue;
        }
      g_string_append_c (out, *s);
      s++;
    }
  return g_string_free (out, FALSE);
}

static gboolean
read_table (const char *path, gboolean missing_is_empty, char **contents, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, contents, &len, &local_error))
    {
      if (missing_is_empty && g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        {
          *contents = g_strdup ("");
          return TRUE;
        }
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   "Cannot read %s, so it cannot be known whether the device is in use: %s", path,
                   local_error->message);
      return FALSE;
    }
  if (len > TABLE_MAX_BYTES || memchr (*contents, '\0', len) != NULL)
    {
      g_clear_pointer (contents, g_free);
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   "%s is not a mount or swap table, so it cannot be known whether the device "
                   "is in use",
                   path);
      return FALSE;
    }
  return TRUE;
}

/* Adds @name unless it was seen already; returns the new member or NULL. */
static Member *
add_member (const SsdbSystemPaths *paths, GPtrArray *members, GHashTable *seen, const char *name,
            const char *via)
{
  Member *m;

  if (g_hash_table_contains (seen, name))
    return NULL;
  g_hash_table_add (seen, g_strdup (name));
  m = g_new0 (Member, 1);
  m->name = g_strdup (name);
  m->via = g_strdup (via);
  m->have_devnum = ssdb_block_read_devnum (paths, name, &m->major, &m->minor);
  g_ptr_array_add (members, m);
  return m;
}

static void
add_holders (const SsdbSystemPaths *paths, GPtrArray *members, GHashTable *seen, const char *base,
             const char *name, guint depth)
{
  g_autoptr (GPtrArray) holders = NULL;

  if (depth >= HOLDER_MAX_DEPTH)
    return;
  holders = ssdb_block_list_holders (paths, name);
  for (guint i = 0; i < holders->len; i++)
    {
      const char *holder = g_ptr_array_index (holders, i);

      if (g_hash_table_contains (seen, holder))
        continue;
      add_member (paths, members, seen, holder, base);
      add_holders (paths, members, seen, base, holder, depth + 1);
    }
}

static Member *
find_by_devnum (GPtrArray *members, guint major, guint minor)
{
  for (guint i = 0; i < members->len; i++)
    {
      Member *m = g_ptr_array_index (members, i);

      if (m->have_devnum && m->major == major && m->minor == minor)
        return m;
    }
  return NULL;
}

static Member *
find_by_name (GPtrArray *members, const char *name)
{
  for (guint i = 0; i < members->len; i++)
    {
      Member *m = g_ptr_array_index (members, i);

      if (strcmp (m->name, name) == 0)
        return m;
    }
  return NULL;
}

/* Whether /dev belongs to the sysfs being read. A sysfs tree elsewhere (a copy of another
 * machine's) has nothing to do with this machine's device nodes. */
static gboolean
uses_host_devices (const SsdbSystemPaths *paths)
{
  return ssdb_system_paths_are_host (paths);
}

/* A device path from the mount or swap table: a block device node that exists is matched by
 * its device number (so /dev/mapper/x finds dm-0); a /dev path that does not exist here (or
 * any /dev path when reading another machine's sysfs tree) is matched by its last component
 * against the kernel names. */
static Member *
find_by_device_path (const SsdbSystemPaths *paths, GPtrArray *members, const char *path)
{
  struct stat st;

  if (path[0] != '/')
    return NULL;
  if (uses_host_devices (paths) && stat (path, &st) == 0)
    {
      if (!S_ISBLK (st.st_mode))
        return NULL;
      return find_by_devnum (members, major (st.st_rdev), minor (st.st_rdev));
    }
  if (g_str_has_prefix (path, "/dev/"))
    {
      g_autofree char *base = g_path_get_basename (path);

      return find_by_name (members, base);
    }
  return NULL;
}

/* Finds the first line of mountinfo that mounts a member. mountinfo lines read
 * "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTIONS". */
static Member *
find_mount (const SsdbSystemPaths *paths, GPtrArray *members, const char *table, char **mount_point)
{
  g_auto (GStrv) lines = g_strsplit (table, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], " ", -1);
      guint n = g_strv_length (fields);
      Member *m = NULL;
      guint64 maj = 0, min = 0;
      char *colon;

      if (n < 5)
        continue;
      colon = strchr (fields[2], ':');
      if (colon != NULL)
        {
          *colon = '\0';
          if (g_ascii_string_to_unsigned (fields[2], 10, 0, G_MAXUINT, &maj, NULL)
              && g_ascii_string_to_unsigned (colon + 1, 10, 0, G_MAXUINT, &min, NULL) && maj != 0)
            m = find_by_devnum (members, (guint)maj, (guint)min);
        }

      /* btrfs reports an anonymous 0:N; its source names the device. */
      if (m == NULL)
        {
          for (guint j = 6; j + 2 < n; j++)
            if (strcmp (fields[j], "-") == 0)
              {
                g_autofree char *source = unescape_octal (fields[j + 2]);

                m = find_by_device_path (paths, members, source);
                break;
              }
        }

      if (m != NULL)
        {
          *mount_point = unescape_octal (fields[4]);
          return m;
        }
    }
  return NULL;
}

/* Finds the first entry of /proc/swaps ("Filename Type Size Used Priority") that is a member. */
static Member *
find_swap (const SsdbSystemPaths *paths, GPtrArray *members, const char *table)
{
  g_auto (GStrv) lines = g_strsplit (table, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *first = NULL;
      g_autofree char *path = NULL;
      const char *line = lines[i];
      const char *end;
      Member *m;

      while (*line == ' ' || *line == '\t')
        line++;
      if (*line != '/')
        continue; /* the header, blank lines */
      end = line + strcspn (line, " \t");
      first = g_strndup (line, (gsize)(end - line));
      path = unescape_octal (first);
      m = find_by_device_path (paths, members, path);
      if (m != NULL)
        return m;
    }
  return NULL;
}

/* ---- the stack beyond partitions and holders: loop devices and processes ---- */

typedef struct
{
  const SsdbSystemPaths *paths;
  GPtrArray *members; /* Member */
  GHashTable *seen;   /* kernel names */
  GPtrArray *loops;   /* SsdbLoopBacking: every loop device with a backing file */
  SsdbUsage *usage;
} Walk;

static const SsdbLoopBacking *
find_loop (GPtrArray *loops, const char *name)
{
  for (guint i = 0; i < loops->len; i++)
    {
      const SsdbLoopBacking *b = g_ptr_array_index (loops, i);

      if (strcmp (b->name, name) == 0)
        return b;
    }
  return NULL;
}

/* How member @m relates to the target, as the object of a sentence ("maps this device"). */
static char *
member_object (const Walk *w, const Member *m)
{
  if (m->stack)
    return g_strdup (m->subject);
  if (strcmp (m->name, w->usage->name) == 0)
    return g_strdup ("this device");
  if (m->via != NULL)
    return g_strdup_printf ("%s (built on %s)", m->name, m->via);
  if (strcmp (m->name, w->usage->disk_name) == 0)
    return g_strdup_printf ("its disk %s", m->name);
  return g_strdup_printf ("its partition %s", m->name);
}

static char *
offset_words (guint64 offset)
{
  if (offset == 0)
    return g_strdup ("");
  return g_strdup_printf (" at offset %" G_GUINT64_FORMAT, offset);
}

/* Adds a device reached through the stack, with what it is in words, then its partitions (or
 * its disk) and the devices built on it, recursively. */
static Member *
add_stack_device (Walk *w, const char *name, char *subject, guint depth);

static void
add_stack_relatives (Walk *w, Member *m, guint depth)
{
  g_autoptr (SsdbBlockFacts) facts = ssdb_block_facts_read (w->paths, m->name, NULL);
  g_autoptr (GPtrArray) holders = NULL;

  if (depth >= HOLDER_MAX_DEPTH || facts == NULL)
    return;
  if (facts->is_partition)
    add_stack_device (w, facts->disk_name,
                      g_strdup_printf ("%s, the disk of %s", facts->disk_name, m->subject),
                      depth + 1);
  else
    {
      g_autoptr (GPtrArray) parts = ssdb_block_list_partitions (w->paths, m->name);

      for (guint i = 0; i < parts->len; i++)
        {
          const char *p = g_ptr_array_index (parts, i);

          add_stack_device (w, p, g_strdup_printf ("partition %s of %s", p, m->subject), depth + 1);
        }
    }
  holders = ssdb_block_list_holders (w->paths, m->name);
  for (guint i = 0; i < holders->len; i++)
    {
      const char *h = g_ptr_array_index (holders, i);
      SsdbUse *use = g_new0 (SsdbUse, 1);

      use->kind = SSDB_USE_HELD;
      use->member = g_strdup (m->name);
      use->subject = g_strdup (m->subject);
      use->detail = g_strdup_printf ("is held by %s", h);
      g_ptr_array_add (w->usage->uses, use);
      add_stack_device (w, h, g_strdup_printf ("%s, which is built on %s", h, m->subject),
                        depth + 1);
    }
}

static Member *
add_stack_device (Walk *w, const char *name, char *subject, guint depth)
{
  Member *m;

  if (w->members->len >= STACK_MAX_MEMBERS || g_hash_table_contains (w->seen, name))
    {
      g_free (subject);
      return NULL;
    }
  m = add_member (w->paths, w->members, w->seen, name, NULL);
  m->stack = TRUE;
  m->subject = subject;
  m->loop = find_loop (w->loops, name);
  add_stack_relatives (w, m, depth);
  return m;
}

static gboolean
same_devnum (gboolean have, guint major_a, guint minor_a, const Member *m)
{
  return have && m->have_devnum && major_a == m->major && minor_a == m->minor;
}

/* Follows the stack from member @m: loop devices over it, over a file on it, or over the same
 * file as it; and, for a loop device, the block device it maps. */
static void
walk_from (Walk *w, const Member *m)
{
  g_autofree char *object = member_object (w, m);

  for (guint i = 0; i < w->loops->len; i++)
    {
      const SsdbLoopBacking *l = g_ptr_array_index (w->loops, i);
      g_autofree char *at = offset_words (l->offset);
      char *subject = NULL;

      if (g_hash_table_contains (w->seen, l->name))
        continue;
      if (same_devnum (l->have_rdev, l->rdev_major, l->rdev_minor, m))
        subject = strstr (object, ", which") == NULL
                      ? g_strdup_printf ("/dev/%s, which maps %s%s", l->name, object, at)
                      : g_strdup_printf ("/dev/%s, which maps%s%s %s", l->name, at,
                                         *at != '\0' ? "," : "", object);
      else if (!l->have_rdev
               && same_devnum (l->have_file_id, l->file_dev_major, l->file_dev_minor, m))
        subject = g_strdup_printf ("/dev/%s, which maps the file %s on %s", l->name,
                                   l->backing_file, object);
      else if (m->loop != NULL && ssdb_loop_same_file (m->loop, l))
        subject = g_strdup_printf ("/dev/%s, which maps the same file %s as %s", l->name,
                                   l->backing_file, object);
      if (subject != NULL)
        add_stack_device (w, l->name, subject, 0);
    }

  if (m->loop != NULL && m->loop->have_rdev)
    {
      g_autofree char *lower
          = ssdb_block_name_from_devnum (w->paths, m->loop->rdev_major, m->loop->rdev_minor);
      g_autofree char *at = offset_words (m->loop->offset);

      if (lower != NULL)
        add_stack_device (
            w, lower,
            g_strdup_printf ("/dev/%s, which %s maps%s", lower,
                             strcmp (object, "this device") == 0 ? "this device" : object, at),
            0);
    }
}

static void
add_use (SsdbUsage *usage, SsdbUseKind kind, const Member *m, char *detail)
{
  SsdbUse *use = g_new0 (SsdbUse, 1);

  use->kind = kind;
  use->member = g_strdup (m->name);
  use->subject = g_strdup (m->subject);
  use->detail = detail;
  g_ptr_array_add (usage->uses, use);
}

/* Mounts and swap of the devices reached through the stack, each looked at alone. */
static void
find_stack_uses (Walk *w, const char *mountinfo, const char *swaps)
{
  g_autoptr (GPtrArray) one = g_ptr_array_new ();

  for (guint i = 0; i < w->members->len; i++)
    {
      Member *m = g_ptr_array_index (w->members, i);
      g_autofree char *mount_point = NULL;

      if (!m->stack)
        continue;
      g_ptr_array_set_size (one, 0);
      g_ptr_array_add (one, m);
      if (find_mount (w->paths, one, mountinfo, &mount_point) != NULL)
        add_use (w->usage, SSDB_USE_MOUNTED, m, g_strdup_printf ("is mounted at %s", mount_point));
      if (find_swap (w->paths, one, swaps) != NULL)
        add_use (w->usage, SSDB_USE_SWAP, m, g_strdup ("is used as swap"));
    }
}

/* The subject of an open file's reason: NULL for the target itself. */
static char *
opener_subject (const Walk *w, const Member *m)
{
  if (!m->stack && strcmp (m->name, w->usage->name) == 0)
    return NULL;
  if (m->stack)
    return g_strdup (m->subject);
  if (m->via != NULL)
    return g_strdup_printf ("%s, which is built on %s", m->name,
                            strcmp (m->via, w->usage->name) == 0 ? "this device" : m->via);
  if (strcmp (m->name, w->usage->disk_name) == 0)
    return g_strdup_printf ("its disk %s", m->name);
  return g_strdup_printf ("partition %s", m->name);
}

static gboolean
same_opener (const SsdbOpener *a, const SsdbOpener *b)
{
  return a->pid == b->pid && a->target == b->target;
}

/* The openers that keep the targets open over a quarter of a second: three scans, 100 and
 * 150 ms apart, and only those in all three. A device is opened for a moment by the system's
 * own probes (udev and the programs its rules or UDisks2 start: blkid, dumpe2fs) whenever it
 * changed; a program that uses the device holds it for longer. */
static GPtrArray *
scan_lasting_openers (const char *proc, const SsdbOpenTarget *targets, guint n_targets,
                      guint *n_unreadable)
{
  static const guint pauses_ms[] = { 100, 150 };
  GPtrArray *openers = ssdb_openers_scan (proc, targets, n_targets, n_unreadable);

  for (guint p = 0; p < G_N_ELEMENTS (pauses_ms) && openers->len > 0; p++)
    {
      g_autoptr (GPtrArray) again = NULL;

      g_usleep (pauses_ms[p] * G_TIME_SPAN_MILLISECOND);
      again = ssdb_openers_scan (proc, targets, n_targets, NULL);
      for (guint i = openers->len; i-- > 0;)
        {
          const SsdbOpener *o = g_ptr_array_index (openers, i);
          gboolean kept = FALSE;

          for (guint j = 0; j < again->len && !kept; j++)
            {
              SsdbOpener *later = g_ptr_array_index (again, j);

              kept = same_opener (o, later);
              /* The last scan's access mode: a later open for writing counts. */
              if (kept && later->writable)
                ((SsdbOpener *)o)->writable = TRUE;
            }
          if (!kept)
            g_ptr_array_remove_index (openers, i);
        }
    }
  return openers;
}

/* Processes that hold a device of the stack, or a backing file whose data the target's writes
 * change (the target's own, or that of a loop device it maps), open. */
static void
find_openers (Walk *w)
{
  g_autoptr (GArray) targets = g_array_new (FALSE, TRUE, sizeof (SsdbOpenTarget));
  g_autoptr (GPtrArray) owners = g_ptr_array_new (); /* Member for each target */
  g_autoptr (GPtrArray) files = g_ptr_array_new ();  /* backing for file targets, or NULL */
  g_autoptr (GPtrArray) openers = NULL;
  const char *proc = w->paths != NULL ? w->paths->proc_root : NULL;

  if (proc == NULL && !ssdb_system_paths_are_host (w->paths))
    return;
  for (guint i = 0; i < w->members->len; i++)
    {
      Member *m = g_ptr_array_index (w->members, i);
      SsdbOpenTarget t = { TRUE, 0, 0 };
      gboolean writes_reach = !m->stack || strstr (m->subject, "which this device maps") != NULL;

      if (m->have_devnum)
        {
          t.dev = (guint64)makedev (m->major, m->minor);
          g_array_append_val (targets, t);
          g_ptr_array_add (owners, m);
          g_ptr_array_add (files, NULL);
        }
      /* The backing file of the target, and of a loop device it maps, holds the data the
       * target's writes change. */
      if (writes_reach && m->loop != NULL && m->loop->have_file_id && !m->loop->have_rdev)
        {
          t.block = FALSE;
          t.dev = (guint64)makedev (m->loop->file_dev_major, m->loop->file_dev_minor);
          t.ino = m->loop->file_ino;
          g_array_append_val (targets, t);
          g_ptr_array_add (owners, m);
          g_ptr_array_add (files, (gpointer)m->loop);
        }
    }
  openers = scan_lasting_openers (proc, (const SsdbOpenTarget *)targets->data, targets->len,
                                  &w->usage->unreadable_processes);
  for (guint i = 0; i < openers->len; i++)
    {
      const SsdbOpener *o = g_ptr_array_index (openers, i);
      const Member *m = g_ptr_array_index (owners, o->target);
      const SsdbLoopBacking *file = g_ptr_array_index (files, o->target);
      g_autofree char *of = NULL;
      SsdbUse *use;

      /* udev and UDisks2 probing what the device holds: not its users. */
      if (ssdb_opener_is_system_probe (o))
        continue;
      of = opener_subject (w, m);
      use = g_new0 (SsdbUse, 1);

      use->kind = SSDB_USE_OPEN;
      use->member = file != NULL ? NULL : g_strdup (m->name);
      if (file != NULL)
        use->subject = of != NULL
                           ? g_strdup_printf ("the backing file %s of %s", file->backing_file, of)
                           : g_strdup_printf ("its backing file %s", file->backing_file);
      else
        use->subject = g_steal_pointer (&of);
      use->detail = g_strdup_printf ("is open in %s (PID %d) for %s", o->command, o->pid,
                                     o->writable ? "writing" : "reading");
      use->pid = o->pid;
      use->command = g_strdup (o->command);
      use->writable = o->writable;
      g_ptr_array_add (w->usage->uses, use);
    }
}

SsdbUsage *
ssdb_usage_read (const SsdbSystemPaths *paths, const char *name, GError **error)
{
  g_autoptr (SsdbBlockFacts) facts = NULL;
  g_autoptr (SsdbUsage) usage = NULL;
  g_autoptr (GPtrArray) members = NULL;
  g_autoptr (GHashTable) seen = NULL;
  g_autoptr (GPtrArray) bases = NULL;
  g_autoptr (GPtrArray) classic = NULL;
  g_autoptr (GPtrArray) loops = NULL;
  g_autofree char *mountinfo = NULL;
  g_autofree char *swaps = NULL;
  g_autofree char *mount_point = NULL;
  Walk w;
  Member *m;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  facts = ssdb_block_facts_read (paths, name, error);
  if (facts == NULL)
    return NULL;

  /* Read both tables first: if either is unreadable, nothing is known. */
  if (!read_table (mountinfo_path (paths), FALSE, &mountinfo, error))
    return NULL;
  if (!read_table (swaps_path (paths), TRUE, &swaps, error))
    return NULL;

  usage = g_new0 (SsdbUsage, 1);
  usage->name = g_strdup (facts->name);
  usage->disk_name = g_strdup (facts->disk_name);
  usage->read_only = facts->read_only;
  usage->uses = g_ptr_array_new_with_free_func ((GDestroyNotify)use_free);

  members = g_ptr_array_new_with_free_func ((GDestroyNotify)member_free);
  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* The device itself; a partition's disk (a file system on the whole disk overlaps every
   * partition); a disk's partitions. */
  add_member (paths, members, seen, facts->name, NULL);
  if (facts->is_partition)
    add_member (paths, members, seen, facts->disk_name, NULL);
  else
    {
      g_autoptr (GPtrArray) partitions = ssdb_block_list_partitions (paths, facts->name);

      for (guint i = 0; i < partitions->len; i++)
        add_member (paths, members, seen, g_ptr_array_index (partitions, i), NULL);
    }

  /* Then what is built on each of them, recursively. */
  bases = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < members->len; i++)
    g_ptr_array_add (bases, g_strdup (((Member *)g_ptr_array_index (members, i))->name));
  for (guint i = 0; i < bases->len; i++)
    {
      const char *base = g_ptr_array_index (bases, i);
      guint before = members->len;

      add_holders (paths, members, seen, base, base, 0);
      if (usage->holder == NULL && members->len > before)
        {
          usage->holder = g_strdup (((Member *)g_ptr_array_index (members, before))->name);
          usage->holder_of = g_strdup (base);
        }
    }

  m = find_mount (paths, members, mountinfo, &mount_point);
  if (m != NULL)
    {
      usage->mounted_at = g_steal_pointer (&mount_point);
      usage->mounted_name = g_strdup (m->name);
      usage->mounted_via = g_strdup (m->via);
    }

  m = find_swap (paths, members, swaps);
  if (m != NULL)
    {
      usage->swap = g_strdup (m->name);
      usage->swap_via = g_strdup (m->via);
    }

  /* Then the rest of the stack, from every member found so far and every one it leads to. */
  loops = ssdb_loop_list (paths);
  w = (Walk){ paths, members, seen, loops, usage };
  for (guint i = 0; i < members->len; i++)
    ((Member *)g_ptr_array_index (members, i))->loop
        = find_loop (loops, ((Member *)g_ptr_array_index (members, i))->name);
  for (guint i = 0; i < members->len; i++)
    walk_from (&w, g_ptr_array_index (members, i));
  find_stack_uses (&w, mountinfo, swaps);
  find_openers (&w);

  return g_steal_pointer (&usage);
}

/* "/dev/sdb", "/dev/sdb: partition sdb1" or "/dev/sdb1: its disk sdb": how @what relates to
 * the device the usage was read for. */
static char *
describe_subject (const SsdbUsage *usage, const char *device_path, const char *what)
{
  if (what == NULL || (usage->name != NULL && strcmp (what, usage->name) == 0))
    return g_strdup (device_path);
  if (usage->disk_name != NULL && usage->name != NULL && strcmp (usage->disk_name, usage->name) != 0
      && strcmp (what, usage->disk_name) == 0)
    return g_strdup_printf ("%s: its disk %s", device_path, what);
  return g_strdup_printf ("%s: partition %s", device_path, what);
}

char *
ssdb_usage_describe_refusal (const SsdbUsage *usage, const char *device_path)
{
  g_autoptr (GPtrArray) reasons = NULL;
  gboolean holder_explained = FALSE;

  g_return_val_if_fail (usage != NULL, NULL);
  g_return_val_if_fail (device_path != NULL, NULL);

  reasons = g_ptr_array_new_with_free_func (g_free);

  if (usage->mounted_at != NULL)
    {
      const char *mounted = usage->mounted_name != NULL ? usage->mounted_name : usage->name;

      if (usage->mounted_via != NULL)
        {
          g_autofree char *subject = describe_subject (usage, device_path, usage->mounted_via);

          g_ptr_array_add (reasons, g_strdup_printf ("%s is used by %s, which is mounted at %s",
                                                     subject, mounted, usage->mounted_at));
          holder_explained = g_strcmp0 (usage->holder_of, usage->mounted_via) == 0;
        }
      else
        {
          g_autofree char *subject = describe_subject (usage, device_path, mounted);

          g_ptr_array_add (reasons,
                           g_strdup_printf ("%s is mounted at %s", subject, usage->mounted_at));
        }
    }

  if (usage->swap != NULL)
    {
      if (usage->swap_via != NULL)
        {
          g_autofree char *subject = describe_subject (usage, device_path, usage->swap_via);

          g_ptr_array_add (reasons, g_strdup_printf ("%s is used by %s, which is used as swap",
                                                     subject, usage->swap));
          holder_explained |= g_strcmp0 (usage->holder_of, usage->swap_via) == 0;
        }
      else
        {
          g_autofree char *subject = describe_subject (usage, device_path, usage->swap);

          g_ptr_array_add (reasons, g_strdup_printf ("%s is used as swap", subject));
        }
    }

  if (usage->holder != NULL && !holder_explained)
    {
      g_autofree char *subject = describe_subject (usage, device_path, usage->holder_of);

      g_ptr_array_add (reasons, g_strdup_printf ("%s is held by %s", subject, usage->holder));
    }

  for (guint i = 0; usage->uses != NULL && i < usage->uses->len; i++)
    {
      const SsdbUse *use = g_ptr_array_index (usage->uses, i);

      if (use->subject == NULL)
        g_ptr_array_add (reasons, g_strdup_printf ("%s %s", device_path, use->detail));
      else
        g_ptr_array_add (reasons,
                         g_strdup_printf ("%s: %s%s %s", device_path, use->subject,
                                          strstr (use->subject, ", which") != NULL ? "," : "",
                                          use->detail));
    }

  if (usage->read_only)
    g_ptr_array_add (reasons, g_strdup_printf ("%s is read-only", device_path));

  if (reasons->len == 0)
    return NULL;
  g_ptr_array_add (reasons, NULL);
  return g_strjoinv ("; ", (char **)reasons->pdata);
}

gboolean
ssdb_usage_is_free (const SsdbUsage *usage)
{
  g_autofree char *refusal = NULL;

  g_return_val_if_fail (usage != NULL, FALSE);

  refusal = ssdb_usage_describe_refusal (usage, "/dev/x");
  return refusal == NULL;
}

const char *
ssdb_usage_state_word (const SsdbUsage *usage)
{
  if (usage == NULL)
    return "?";
  if (usage->mounted_at)
    return "mounted";
  if (usage->swap)
    return "swap";
  if (usage->holder)
    return "in use";
  for (guint i = 0; usage->uses != NULL && i < usage->uses->len; i++)
    {
      const SsdbUse *use = g_ptr_array_index (usage->uses, i);

      if (use->kind == SSDB_USE_MOUNTED)
        return "mounted";
    }
  if (usage->uses != NULL && usage->uses->len > 0)
    return "in use";
  if (usage->read_only)
    return "read-only";
  return "free";
}

gboolean
ssdb_safety_check_device_write (const SsdbSystemPaths *paths, const char *name,
                                const char *device_path, GError **error)
{
  g_autoptr (SsdbUsage) usage = NULL;
  g_autofree char *refusal = NULL;

  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (device_path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  usage = ssdb_usage_read (paths, name, error);
  if (usage == NULL)
    return FALSE;
  refusal = ssdb_usage_describe_refusal (usage, device_path);
  if (refusal != NULL)
    {
      g_set_error_literal (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, refusal);
      return FALSE;
    }
  return TRUE;
}

/* The device number of the block device @path leads to, after all symlinks. */
static gboolean
resolve_block_device (const char *path, dev_t *rdev)
{
  char *resolved;
  struct stat st;
  int r;

  if (path == NULL || *path == '\0')
    return FALSE;
  resolved = realpath (path, NULL);
  if (resolved == NULL)
    return FALSE;
  r = stat (resolved, &st);
  free (resolved);
  if (r != 0 || !S_ISBLK (st.st_mode))
    return FALSE;
  *rdev = st.st_rdev;
  return TRUE;
}

gboolean
ssdb_safety_permission_matches (const char *permission, const char *device_path)
{
  dev_t a = 0, b = 0;

  g_return_val_if_fail (device_path != NULL, FALSE);

  if (!resolve_block_device (permission, &a) || !resolve_block_device (device_path, &b))
    return FALSE;
  return a == b;
}
