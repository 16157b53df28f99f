/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A device that vanishes while it is listed: run by tests/real/fault-vanish.sh with a loop
 * device it created (over ssdbench-faultfs). The device monitor (sysfs poll, and UDisks2 when
 * udisksd runs on the system bus) lists the device; the test detaches the loop device with
 * losetup -d; every monitor must drop it, and opening it again must fail with a clear message.
 *
 *   test-fault-monitor [--tap] /dev/loopN
 */
#include <string.h>

#include "devices/ssdb-device-monitor.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-target.h"

static const char *device_path;

static gboolean
udisks_running (void)
{
  g_autoptr (GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, NULL);
  g_autoptr (GVariant) reply = NULL;
  gboolean has = FALSE;

  if (bus == NULL)
    return FALSE;
  reply = g_dbus_connection_call_sync (
      bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
      g_variant_new ("(s)", "org.freedesktop.UDisks2"), G_VARIANT_TYPE ("(b)"),
      G_DBUS_CALL_FLAGS_NONE, 5000, NULL, NULL);
  if (reply != NULL)
    g_variant_get (reply, "(b)", &has);
  return has;
}

static gboolean
is_listed (SsdbDeviceMonitor *monitor)
{
  g_autoptr (SsdbDevice) dev = ssdb_device_monitor_lookup (monitor, device_path);

  return dev != NULL;
}

/* Iterates the main context until every monitor is ready and lists (or not) the device. */
static gboolean
wait_all (GPtrArray *monitors, gboolean listed, guint timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64)timeout_ms * 1000;

  for (;;)
    {
      gboolean done = TRUE;

      for (guint i = 0; i < monitors->len; i++)
        {
          SsdbDeviceMonitor *m = g_ptr_array_index (monitors, i);

          if (!ssdb_device_monitor_is_ready (m) || is_listed (m) != listed)
            done = FALSE;
        }
      if (done)
        return TRUE;
      if (g_get_monotonic_time () >= end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (5000);
    }
}

static guint n_removed;

static void
on_items_changed (GListModel *model, guint pos, guint removed, guint added, gpointer data)
{
  n_removed += removed;
  g_assert_cmpuint (pos + added, <=, g_list_model_get_n_items (model));
}

static void
test_detach (void)
{
  g_autoptr (GPtrArray) monitors = g_ptr_array_new_with_free_func (g_object_unref);
  SsdbDeviceMonitor *sysfs = ssdb_device_monitor_new (SSDB_DEVICE_MONITOR_SYSFS_ONLY);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbTarget) target = NULL;
  g_autofree char *msg = NULL;
  const char *argv[] = { "losetup", "-d", device_path, NULL };
  int status = 0;
  gint64 t0;

  ssdb_device_monitor_set_poll_interval (sysfs, 200);
  g_ptr_array_add (monitors, sysfs);
  if (udisks_running ())
    g_ptr_array_add (monitors, ssdb_device_monitor_new (SSDB_DEVICE_MONITOR_DEFAULT));
  else
    g_test_message ("udisksd is not running: sysfs monitor only");
  for (guint i = 0; i < monitors->len; i++)
    g_signal_connect (g_ptr_array_index (monitors, i), "items-changed",
                      G_CALLBACK (on_items_changed), NULL);

  g_assert_true (wait_all (monitors, TRUE, 10000));
  for (guint i = 0; i < monitors->len; i++)
    g_test_message ("%s lists %s",
                    ssdb_device_monitor_get_backend (g_ptr_array_index (monitors, i)), device_path);

  /* A benchmark target on it works before it vanishes. */
  target = ssdb_target_open (device_path, SSDB_TARGET_OPEN_READ, NULL, 0, &error);
  g_assert_no_error (error);
  g_clear_object (&target);

  n_removed = 0;
  t0 = g_get_monotonic_time ();
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  g_assert_true (wait_all (monitors, FALSE, 10000));
  g_test_message ("%s left every list after %" G_GINT64_FORMAT " ms", device_path,
                  (g_get_monotonic_time () - t0) / 1000);
  g_assert_cmpuint (n_removed, >=, monitors->len);
  if (monitors->len > 1)
    g_assert_cmpstr (ssdb_device_monitor_get_backend (g_ptr_array_index (monitors, 1)), ==,
                     "udisks2");

  /* Opening the vanished device says why it cannot be used. */
  target = ssdb_target_open (device_path, SSDB_TARGET_OPEN_READ, NULL, 0, &error);
  g_assert_null (target);
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
  msg = g_strdup_printf ("%s has no medium: its size is 0 bytes (detached, removed or empty)",
                         device_path);
  g_assert_cmpstr (error->message, ==, msg);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2 || !g_str_has_prefix (argv[1], "/dev/loop"))
    {
      g_printerr ("usage: %s [--tap] /dev/loopN\n", argv[0]);
      return 2;
    }
  device_path = argv[1];
  g_test_add_func ("/fault/device-vanishes", test_detach);
  return g_test_run ();
}
