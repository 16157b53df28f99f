/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-device-open.h"

#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gunixfdlist.h>

#include "engine/ssdb-error.h"
#include "ssdb-health-read.h"

#define UDISKS_NAME "org.freedesktop.UDisks2"

static char *
resolve_block_object (GDBusConnection *bus, const char *device_path, GCancellable *cancellable,
                      GError **error)
{
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GVariant) paths = NULL;
  g_autoptr (GError) local = NULL;
  GVariantBuilder spec;

  g_variant_builder_init (&spec, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&spec, "{sv}", "path", g_variant_new_string (device_path));
  reply = g_dbus_connection_call_sync (
      bus, UDISKS_NAME, "/org/freedesktop/UDisks2/Manager", UDISKS_NAME ".Manager", "ResolveDevice",
      g_variant_new ("(a{sv}a{sv})", &spec, NULL), G_VARIANT_TYPE ("(ao)"), G_DBUS_CALL_FLAGS_NONE,
      10000, cancellable, &local);
  if (reply == NULL)
    {
      g_dbus_error_strip_remote_error (local);
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   /* Translators: the device, then the reason */
                   _ ("%s: cannot ask UDisks2 to open the device: %s"), device_path,
                   local->message);
      return NULL;
    }
  paths = g_variant_get_child_value (reply, 0);
  if (g_variant_n_children (paths) == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND,
                   _ ("%s: UDisks2 does not know this device"), device_path);
      return NULL;
    }
  {
    g_autoptr (GVariant) first = g_variant_get_child_value (paths, 0);

    return g_variant_dup_string (first, NULL);
  }
}

int
ssdb_udisks_open_device_fd (const char *device_path, gboolean write, GCancellable *cancellable,
                            GError **error)
{
  g_autoptr (GDBusConnection) bus = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree char *object = NULL;
  g_autoptr (GUnixFDList) fds = NULL;
  g_autoptr (GVariant) reply = NULL;
  GVariantBuilder options;
  gint32 handle;
  int fd;

  g_return_val_if_fail (device_path != NULL, -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, &local);
  if (bus == NULL)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   _ ("%s: cannot reach UDisks2 on the system bus: %s"), device_path,
                   local->message);
      return -1;
    }
  object = resolve_block_object (bus, device_path, cancellable, error);
  if (object == NULL)
    return -1;

  g_variant_builder_init (&options, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&options, "{sv}", "flags",
                         g_variant_new_int32 (O_DIRECT | (write ? O_EXCL : 0)));
  reply = g_dbus_connection_call_with_unix_fd_list_sync (
      bus, UDISKS_NAME, object, UDISKS_NAME ".Block", "OpenDevice",
      g_variant_new ("(sa{sv})", write ? "rw" : "r", &options), G_VARIANT_TYPE ("(h)"),
      G_DBUS_CALL_FLAGS_ALLOW_INTERACTIVE_AUTHORIZATION, G_MAXINT, NULL, &fds, cancellable, &local);
  if (reply == NULL)
    {
      gboolean denied
          = g_dbus_error_is_remote_error (local)
            && g_str_has_suffix (g_dbus_error_get_remote_error (local), ".NotAuthorized");
      gboolean cancelled = g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED);

      g_dbus_error_strip_remote_error (local);
      g_set_error (error, SSDB_ERROR,
                   cancelled ? SSDB_ERROR_CANCELLED
                   : denied  ? SSDB_ERROR_PERMISSION
                             : SSDB_ERROR_FAILED,
                   _ ("%s: UDisks2 could not open the device: %s"), device_path, local->message);
      return -1;
    }
  g_variant_get (reply, "(h)", &handle);
  fd = fds != NULL ? g_unix_fd_list_get (fds, handle, &local) : -1;
  if (fd < 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   _ ("%s: UDisks2 returned no file descriptor%s%s"), device_path,
                   local ? ": " : "", local ? local->message : "");
      return -1;
    }
  return fd;
}

static gboolean
is_block_device (const char *path)
{
  struct stat st;

  return stat (path, &st) == 0 && S_ISBLK (st.st_mode);
}

SsdbTarget *
ssdb_device_open_target (const char *path, SsdbTargetOpenFlags flags,
                         const SsdbDeviceIdentity *permission, guint64 file_size,
                         gboolean *used_udisks, GCancellable *cancellable, GError **error)
{
  g_autoptr (GError) local = NULL;
  SsdbTarget *target;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  if (used_udisks != NULL)
    *used_udisks = FALSE;
  target = ssdb_target_open_for (path, flags, permission, file_size, &local);
  if (target != NULL)
    {
      ssdb_drive_state_install (target);
      return target;
    }
  if (!g_error_matches (local, SSDB_ERROR, SSDB_ERROR_PERMISSION) || !is_block_device (path))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }

  /* Rewrite-in-place writes too: it needs a read-write, exclusive descriptor. */
  fd = ssdb_udisks_open_device_fd (
      path, (flags & (SSDB_TARGET_OPEN_WRITE | SSDB_TARGET_OPEN_REWRITE)) != 0, cancellable, error);
  if (fd < 0)
    return NULL;
  if (used_udisks != NULL)
    *used_udisks = TRUE;
  target = ssdb_target_open_fd_for (fd, path, flags, permission, error);
  if (target != NULL)
    ssdb_drive_state_install (target);
  return target;
}
