/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-openers.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void
ssdb_opener_free (SsdbOpener *opener)
{
  if (opener == NULL)
    return;
  g_free (opener->command);
  g_free (opener->parent_command);
  g_free (opener);
}

static gboolean
is_pid_name (const char *s)
{
  if (*s == '\0')
    return FALSE;
  for (; *s != '\0'; s++)
    if (!g_ascii_isdigit (*s))
      return FALSE;
  return TRUE;
}

/* The access mode of descriptor @fd_name of a process: "flags:\t0100002" in fdinfo is octal. */
static gboolean
fd_is_writable (int fdinfo_dir, const char *fd_name)
{
  char buf[512];
  ssize_t n;
  const char *flags;
  guint64 v = 0;
  int fd = openat (fdinfo_dir, fd_name, O_RDONLY | O_CLOEXEC);

  if (fd < 0)
    return TRUE; /* unknown: the safe answer */
  n = read (fd, buf, sizeof buf - 1);
  close (fd);
  if (n <= 0)
    return TRUE;
  buf[n] = '\0';
  flags = strstr (buf, "flags:");
  if (flags == NULL)
    return TRUE;
  flags += strlen ("flags:");
  while (*flags == ' ' || *flags == '\t')
    flags++;
  v = g_ascii_strtoull (flags, NULL, 8);
  return (v & O_ACCMODE) != O_RDONLY;
}

static char *
read_command (int pid_dir)
{
  char buf[64];
  ssize_t n;
  int fd = openat (pid_dir, "comm", O_RDONLY | O_CLOEXEC);

  if (fd < 0)
    return g_strdup ("?");
  n = read (fd, buf, sizeof buf - 1);
  close (fd);
  if (n <= 0)
    return g_strdup ("?");
  buf[n] = '\0';
  g_strchomp (buf);
  return g_utf8_make_valid (buf, -1);
}

/* The command name of the parent of the process in @pid_dir: /proc/PID/stat's fourth field,
 * after the command in parentheses (which may hold spaces and parentheses itself). */
static char *
read_parent_command (int proc_dir, int pid_dir)
{
  char buf[1024];
  ssize_t n;
  const char *close_paren;
  int ppid = 0, parent_dir;
  char *command;
  int fd = openat (pid_dir, "stat", O_RDONLY | O_CLOEXEC);

  if (fd < 0)
    return NULL;
  n = read (fd, buf, sizeof buf - 1);
  close (fd);
  if (n <= 0)
    return NULL;
  buf[n] = '\0';
  close_paren = strrchr (buf, ')');
  if (close_paren == NULL || sscanf (close_paren + 1, " %*c %d", &ppid) != 1 || ppid <= 0)
    return NULL;
  {
    char name[32];

    g_snprintf (name, sizeof name, "%d", ppid);
    parent_dir = openat (proc_dir, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  }
  if (parent_dir < 0)
    return NULL;
  command = read_command (parent_dir);
  close (parent_dir);
  return command;
}

/* The index of the target @st is, or -1. */
static int
match_target (const SsdbOpenTarget *targets, guint n, const struct stat *st)
{
  for (guint i = 0; i < n; i++)
    {
      if (targets[i].block && S_ISBLK (st->st_mode) && targets[i].dev == (guint64)st->st_rdev)
        return (int)i;
      if (!targets[i].block && S_ISREG (st->st_mode) && targets[i].dev == (guint64)st->st_dev
          && targets[i].ino == (guint64)st->st_ino)
        return (int)i;
    }
  return -1;
}

static int
compare_openers (gconstpointer a, gconstpointer b)
{
  const SsdbOpener *x = *(SsdbOpener *const *)a;
  const SsdbOpener *y = *(SsdbOpener *const *)b;

  if (x->pid != y->pid)
    return x->pid < y->pid ? -1 : 1;
  return x->target < y->target ? -1 : x->target > y->target;
}

/* Adds the openers of one process. Returns FALSE when its descriptors cannot be read. */
static gboolean
scan_process (int proc_dir, const char *pid_name, const SsdbOpenTarget *targets, guint n_targets,
              GPtrArray *out)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();
  int pid_dir, fd_dir, fdinfo_dir;
  DIR *d;
  struct dirent *e;
  int pid = atoi (pid_name);

  pid_dir = openat (proc_dir, pid_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (pid_dir < 0)
    return errno == ENOENT; /* gone meanwhile: nothing held */
  fd_dir = openat (pid_dir, "fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd_dir < 0)
    {
      gboolean gone = errno == ENOENT;

      close (pid_dir);
      return gone;
    }
  d = fdopendir (fd_dir);
  if (d == NULL)
    {
      close (fd_dir);
      close (pid_dir);
      return FALSE;
    }
  fdinfo_dir = openat (pid_dir, "fdinfo", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  errno = 0;
  while ((e = readdir (d)) != NULL)
    {
      struct stat st;
      SsdbOpener *o = NULL;
      int t;

      if (e->d_name[0] == '.')
        continue;
      /* stat() follows the descriptor's link to the open file itself. */
      if (fstatat (fd_dir, e->d_name, &st, 0) != 0)
        continue;
      t = match_target (targets, n_targets, &st);
      if (t < 0)
        continue;
      for (guint i = 0; i < found->len; i++)
        {
          SsdbOpener *f = g_ptr_array_index (found, i);

          if (f->target == (guint)t)
            o = f;
        }
      if (o == NULL)
        {
          o = g_new0 (SsdbOpener, 1);
          o->pid = pid;
          o->command = read_command (pid_dir);
          o->parent_command = read_parent_command (proc_dir, pid_dir);
          o->target = (guint)t;
          g_ptr_array_add (found, o);
        }
      if (!o->writable)
        o->writable = fdinfo_dir < 0 || fd_is_writable (fdinfo_dir, e->d_name);
    }
  closedir (d);
  if (fdinfo_dir >= 0)
    close (fdinfo_dir);
  close (pid_dir);
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (out, g_ptr_array_index (found, i));
  return TRUE;
}

GPtrArray *
ssdb_openers_scan (const char *proc_root, const SsdbOpenTarget *targets, guint n_targets,
                   guint *n_unreadable)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify)ssdb_opener_free);
  g_autofree char *self = g_strdup_printf ("%d", (int)getpid ());
  guint unreadable = 0;
  int proc_dir;
  DIR *d;
  struct dirent *e;

  if (n_unreadable != NULL)
    *n_unreadable = 0;
  if (n_targets == 0)
    return out;
  proc_dir = open (proc_root != NULL ? proc_root : "/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (proc_dir < 0)
    return out;
  d = fdopendir (dup (proc_dir));
  if (d == NULL)
    {
      close (proc_dir);
      return out;
    }
  while ((e = readdir (d)) != NULL)
    {
      if (!is_pid_name (e->d_name) || strcmp (e->d_name, self) == 0)
        continue;
      if (!scan_process (proc_dir, e->d_name, targets, n_targets, out))
        unreadable++;
    }
  closedir (d);
  close (proc_dir);
  g_ptr_array_sort (out, compare_openers);
  if (n_unreadable != NULL)
    *n_unreadable = unreadable;
  return out;
}

static gboolean
is_prober (const char *command)
{
  return command != NULL
         && (strcmp (command, "(udev-worker)") == 0 || strcmp (command, "systemd-udevd") == 0
             || strcmp (command, "udisksd") == 0);
}

gboolean
ssdb_opener_is_system_probe (const SsdbOpener *opener)
{
  g_return_val_if_fail (opener != NULL, FALSE);
  /* A probe only reads: one of them holding the device for writing (a wipe, a partitioning
   * started through UDisks2, or a program that took such a name) is a writer like any other. */
  return !opener->writable && (is_prober (opener->command) || is_prober (opener->parent_command));
}
