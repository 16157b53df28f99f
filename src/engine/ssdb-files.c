/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-files.h"
#include "ssdb-error.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

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
