/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-test-targets.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

char *
ssdb_test_sh (const char *cmd)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;

  if (!g_spawn_command_line_sync (cmd, &out, &err, &status, &error))
    g_error ("%s: %s", cmd, error->message);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("“%s” failed: %s", cmd, err);
  return g_strstrip (g_steal_pointer (&out));
}

gboolean
ssdb_test_need_root (const char *what)
{
  if (geteuid () != 0)
    {
      g_autofree char *message = g_strdup_printf ("needs root to create %s", what);

      g_test_skip (message);
      return FALSE;
    }
  return TRUE;
}

void
ssdb_test_write_file (const char *path, const char *text)
{
  g_autoptr (GError) error = NULL;

  if (!g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_NONE, 0644, &error))
    g_error ("%s: %s", path, error->message);
}

char *
ssdb_test_zram_new (guint64 size)
{
  g_autofree char *id = NULL, *cmd = NULL;

  if (!g_file_test ("/sys/class/zram-control/hot_add", G_FILE_TEST_EXISTS))
    return NULL;
  id = ssdb_test_sh ("cat /sys/class/zram-control/hot_add");
  cmd = g_strdup_printf ("sh -c 'echo %" G_GUINT64_FORMAT " > /sys/block/zram%s/disksize'", size,
                         id);
  g_free (ssdb_test_sh (cmd));
  return g_strdup_printf ("/dev/zram%s", id);
}

void
ssdb_test_zram_free (char *path)
{
  const char *id = path + strlen ("/dev/zram");
  g_autofree char *cmd = g_strdup_printf (
      "sh -c 'echo 1 > /sys/block/zram%s/reset; echo %s > /sys/class/zram-control/hot_remove'", id,
      id);

  g_free (ssdb_test_sh (cmd));
  g_free (path);
}

void
ssdb_test_loop_new (SsdbTestLoop *l, const char *dir_template, const char *file_name,
                    const char *size, guint sector)
{
  g_autofree char *cmd = NULL;
  g_autofree char *sector_arg = NULL;

  memset (l, 0, sizeof *l);
  l->dir = g_strdup (dir_template);
  g_assert_nonnull (g_mkdtemp (l->dir));
  l->file = g_build_filename (l->dir, file_name, NULL);
  cmd = g_strdup_printf ("truncate -s %s %s", size, l->file);
  g_free (ssdb_test_sh (cmd));
  g_free (cmd);
  sector_arg = sector != 0 ? g_strdup_printf (" --sector-size %u", sector) : g_strdup ("");
  cmd = g_strdup_printf ("losetup -f --show%s %s", sector_arg, l->file);
  l->dev = ssdb_test_sh (cmd);
}

void
ssdb_test_loop_free (SsdbTestLoop *l)
{
  g_autofree char *cmd = NULL;

  if (l->mnt != NULL)
    {
      cmd = g_strdup_printf ("umount %s", l->mnt);
      g_free (ssdb_test_sh (cmd));
      g_clear_pointer (&cmd, g_free);
      g_rmdir (l->mnt);
      g_clear_pointer (&l->mnt, g_free);
    }
  cmd = g_strdup_printf ("losetup -d %s", l->dev);
  g_free (ssdb_test_sh (cmd));
  g_unlink (l->file);
  g_rmdir (l->dir);
  g_clear_pointer (&l->dir, g_free);
  g_clear_pointer (&l->file, g_free);
  g_clear_pointer (&l->dev, g_free);
}

void
ssdb_test_device_bytes (const char *dev, guint64 *read, guint64 *written)
{
  const char *name = strrchr (dev, '/');
  g_autofree char *path = g_strdup_printf ("/sys/block/%s/stat", name ? name + 1 : dev);
  g_autofree char *text = NULL;
  g_auto (GStrv) fields = NULL;
  guint n = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  fields = g_strsplit_set (g_strstrip (text), " \t", -1);
  *read = *written = 0;
  for (guint i = 0; fields[i] != NULL; i++)
    {
      if (*fields[i] == '\0')
        continue;
      if (n == 2)
        *read = g_ascii_strtoull (fields[i], NULL, 10) * 512;
      if (n == 6)
        *written = g_ascii_strtoull (fields[i], NULL, 10) * 512;
      n++;
    }
  g_assert_cmpuint (n, >, 6);
}
