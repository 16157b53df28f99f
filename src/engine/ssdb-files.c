/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-files.h"
#include "ssdb-error.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Temporary files being written now, removed by the signal handler (at most a few at once:
 * one per thread writing a file). */
#define PENDING_SLOTS 16
static char *volatile pending[PENDING_SLOTS];

#define TEMP_MARKER ".ssdbench-tmp-"

gboolean
ssdb_check_output_file (const char *path, GError **error)
{
  g_autofree char *dir = NULL;
  GStatBuf st;

  if (path == NULL || *path == '\0')
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "No output file name given");
      return FALSE;
    }
  if (g_stat (path, &st) == 0)
    {
      if (S_ISDIR (st.st_mode))
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "%s: is a directory, not a file", path);
          return FALSE;
        }
      if (!S_ISREG (st.st_mode))
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "%s: exists and is not a regular file (a device or other special "
                       "file); it is left alone",
                       path);
          return FALSE;
        }
    }
  else if (g_lstat (path, &st) == 0)
    {
      /* A dangling symbolic link: renaming over it would replace the link. */
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s: is a symbolic link to nothing", path);
      return FALSE;
    }

  dir = g_path_get_dirname (path);
  if (g_stat (dir, &st) != 0 || !S_ISDIR (st.st_mode))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND,
                   "%s: the folder “%s” does not exist (%s)", path, dir, g_strerror (ENOENT));
      return FALSE;
    }
  if (access (dir, W_OK | X_OK) != 0)
    {
      int errsv = errno;

      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv),
                   "%s: the folder “%s” is not writable (%s)", path, dir, g_strerror (errsv));
      return FALSE;
    }
  return TRUE;
}

static void
remove_pending_and_die (int signo)
{
  for (guint i = 0; i < PENDING_SLOTS; i++)
    {
      char *p = pending[i];

      if (p != NULL)
        unlink (p);
    }
  signal (signo, SIG_DFL);
  raise (signo);
}

/* Where a stop signal would end the process at once, removes the temporary files first. A
 * handler someone installed (a run's cancel on Ctrl-C) is left alone: it lets the write end. */
static void
ensure_signal_cleanup (void)
{
  static const int signals[] = { SIGINT, SIGTERM, SIGHUP };

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    {
      struct sigaction old, action;

      if (sigaction (signals[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL
          || (old.sa_flags & SA_SIGINFO))
        continue;
      memset (&action, 0, sizeof action);
      action.sa_handler = remove_pending_and_die;
      sigemptyset (&action.sa_mask);
      sigaction (signals[i], &action, NULL);
    }
}

static int
pending_add (char *path)
{
  for (int i = 0; i < PENDING_SLOTS; i++)
    if (g_atomic_pointer_compare_and_exchange ((gpointer *)&pending[i], NULL, path))
      return i;
  return -1;
}

static void
pending_remove (int slot)
{
  if (slot >= 0)
    g_atomic_pointer_set ((gpointer *)&pending[slot], NULL);
}

static gboolean
write_all (int fd, const guint8 *data, gsize length)
{
  while (length > 0)
    {
      ssize_t n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      length -= (gsize)n;
    }
  return TRUE;
}

static void
set_file_error (GError **error, const char *path, int errsv)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv), "Failed to write “%s”: %s",
               display, g_strerror (errsv));
}

gboolean
ssdb_file_replace_contents (const char *path, const void *data, gsize length, int mode,
                            GError **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  int fd, slot, errsv = 0;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  ssdb_remove_stale_files (dir, ".", TEMP_MARKER);
  tmp = g_strdup_printf ("%s/.%s%s%d-XXXXXX", dir, base, TEMP_MARKER, (int)getpid ());
  ensure_signal_cleanup ();
  /* Registered before it exists: the name is filled in place, so from the moment the file is
   * created a signal finds its name. */
  slot = pending_add (tmp);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, mode);
  if (fd < 0)
    {
      errsv = errno;
      pending_remove (slot);
      set_file_error (error, path, errsv);
      return FALSE;
    }
  if (!write_all (fd, data, length) || fsync (fd) != 0)
    errsv = errno != 0 ? errno : EIO;
  if (close (fd) != 0 && errsv == 0)
    errsv = errno;
  if (errsv == 0 && g_rename (tmp, path) != 0)
    errsv = errno;
  if (errsv != 0)
    g_unlink (tmp);
  pending_remove (slot);
  if (errsv != 0)
    {
      set_file_error (error, path, errsv);
      return FALSE;
    }
  return TRUE;
}

/* "NAME…MARKER1234-abcdef": the PID after the marker, when six characters follow it. */
static int
stale_pid (const char *name, const char *marker)
{
  const char *m = strstr (name, marker);
  const char *p, *dash;
  guint64 pid = 0;

  if (m == NULL)
    return -1;
  p = m + strlen (marker);
  dash = strchr (p, '-');
  if (dash == NULL || dash == p || strlen (dash + 1) != 6)
    return -1;
  {
    g_autofree char *digits = g_strndup (p, (gsize)(dash - p));

    if (!g_ascii_string_to_unsigned (digits, 10, 1, G_MAXINT, &pid, NULL))
      return -1;
  }
  return (int)pid;
}

guint
ssdb_remove_stale_files (const char *dir, const char *prefix, const char *marker)
{
  g_autoptr (GDir) d = NULL;
  const char *name;
  guint removed = 0;

  g_return_val_if_fail (dir != NULL, 0);
  g_return_val_if_fail (prefix != NULL && marker != NULL, 0);

  d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return 0;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      GStatBuf st;
      int pid;

      if (!g_str_has_prefix (name, prefix))
        continue;
      pid = stale_pid (name, marker);
      if (pid <= 0 || pid == (int)getpid ())
        continue;
      /* Still running (or another user's: then it cannot be told): left alone. */
      if (kill (pid, 0) == 0 || errno != ESRCH)
        continue;
      path = g_build_filename (dir, name, NULL);
      if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_uid != getuid ())
        continue;
      if (g_unlink (path) == 0)
        removed++;
    }
  return removed;
}

int
ssdb_file_error_code (const GError *error)
{
  if (error == NULL || error->domain != G_FILE_ERROR)
    return SSDB_ERROR_FAILED;
  switch (error->code)
    {
      case G_FILE_ERROR_NOENT:
      case G_FILE_ERROR_NOTDIR:
        return SSDB_ERROR_NOT_FOUND;
      case G_FILE_ERROR_ACCES:
      case G_FILE_ERROR_PERM:
      case G_FILE_ERROR_ROFS:
        return SSDB_ERROR_PERMISSION;
      case G_FILE_ERROR_NOSPC:
        return SSDB_ERROR_NO_SPACE;
      default:
        return SSDB_ERROR_FAILED;
    }
}

gboolean
ssdb_file_write (const char *path, const void *data, gsize length, int mode, GError **error)
{
  g_autoptr (GError) local = NULL;

  if (ssdb_file_replace_contents (path, data, length, mode, &local))
    return TRUE;
  g_set_error (error, SSDB_ERROR, ssdb_file_error_code (local), "Could not write “%s”: %s", path,
               local->message);
  return FALSE;
}
