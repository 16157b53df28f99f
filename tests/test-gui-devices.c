/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Device discovery on real kernel devices: the sysfs listing and its hot-plug poll, the UDisks2
 * listing on the real system bus (udisksd) with hot-plug signals, and the privileged open
 * through org.freedesktop.UDisks2.Block.OpenDevice with O_DIRECT.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devices/ssdb-device-monitor.h"
#include "devices/ssdb-device-open.h"
#include "engine/ssdb-error.h"

#define ZRAM_BYTES (G_GUINT64_CONSTANT (64) * 1024 * 1024)

/* Writes a sysfs attribute; FALSE when the kernel refuses (EBUSY, EINVAL...). */
static gboolean
write_text (const char *path, const char *text)
{
  int fd = open (path, O_WRONLY | O_CLOEXEC);
  gssize n;

  if (fd < 0)
    return FALSE;
  n = write (fd, text, strlen (text));
  return close (fd) == 0 && n == (gssize)strlen (text);
}

/* Creates a 64 MiB zram device; returns its kernel name. */
static char *
zram_create (void)
{
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;
  g_autofree char *disksize = NULL;

  if (!g_file_get_contents ("/sys/class/zram-control/hot_add", &id, NULL, NULL))
    return NULL;
  g_strstrip (id);
  name = g_strdup_printf ("zram%s", id);
  disksize = g_strdup_printf ("/sys/block/%s/disksize", name);
  if (!write_text (disksize, "64M"))
    return NULL;
  /* The kernel sends no uevent when a capacity changes from 0 (set_capacity_and_notify), so
   * udev and UDisks2 would keep the size of the empty device; announce it as zram's udev
   * rules do on a configured system. */
  {
    g_autofree char *uevent = g_strdup_printf ("/sys/block/%s/uevent", name);

    write_text (uevent, "change");
  }
  return g_steal_pointer (&name);
}

static void
zram_remove (const char *name)
{
  g_autofree char *reset = g_strdup_printf ("/sys/block/%s/reset", name);

  /* udev may still be probing the device: reset refuses while it is open. */
  for (int i = 0; i < 100 && !write_text (reset, "1"); i++)
    g_usleep (50000);
  write_text ("/sys/class/zram-control/hot_remove", name + 4);
}

typedef struct
{
  SsdbDeviceMonitor *monitor;
  const char *path;
  gboolean want_present;
} Wait;

static gboolean
wait_done (Wait *w)
{
  g_autoptr (SsdbDevice) dev = NULL;

  if (!ssdb_device_monitor_is_ready (w->monitor))
    return FALSE;
  dev = ssdb_device_monitor_lookup (w->monitor, w->path);
  if (!w->want_present)
    return dev == NULL;
  return dev != NULL && ssdb_device_get_info (dev)->size_bytes == ZRAM_BYTES;
}

static gboolean
wait_for (SsdbDeviceMonitor *monitor, const char *path, gboolean present, guint timeout_ms)
{
  Wait w = { monitor, path, present };
  gint64 end = g_get_monotonic_time () + (gint64)timeout_ms * 1000;

  while (!wait_done (&w) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (5000);
  return wait_done (&w);
}

static guint n_changes;

static void
on_items_changed (GListModel *model, guint pos, guint removed, guint added, gpointer data)
{
  n_changes++;
  g_assert_cmpuint (pos + added, <=, g_list_model_get_n_items (model));
}

static void
check_hotplug (SsdbDeviceMonitor *monitor, const char *backend)
{
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autoptr (SsdbDevice) dev = NULL;
  gint64 t0;

  g_signal_connect (monitor, "items-changed", G_CALLBACK (on_items_changed), NULL);
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (!ssdb_device_monitor_is_ready (monitor) && g_get_monotonic_time () < end)
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (5000);
  }
  g_assert_true (ssdb_device_monitor_is_ready (monitor));
  g_assert_cmpstr (ssdb_device_monitor_get_backend (monitor), ==, backend);
  /* The machine's own disk is listed with a size. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (monitor)), >, 0);

  name = zram_create ();
  if (name == NULL)
    {
      g_test_skip ("cannot create a zram device");
      return;
    }
  path = g_strdup_printf ("/dev/%s", name);
  t0 = g_get_monotonic_time ();
  n_changes = 0;
  g_assert_true (wait_for (monitor, path, TRUE, 10000));
  g_test_message ("%s: %s listed after %" G_GINT64_FORMAT " ms", backend, path,
                  (g_get_monotonic_time () - t0) / 1000);
  g_assert_cmpuint (n_changes, >, 0);
  dev = ssdb_device_monitor_lookup (monitor, name);
  g_assert_nonnull (dev);
  g_assert_cmpstr (ssdb_device_get_info (dev)->device_path, ==, path);
  g_assert_cmpuint (ssdb_device_get_info (dev)->size_bytes, ==, ZRAM_BYTES);
  g_assert_false (ssdb_device_get_info (dev)->is_partition);
  g_assert_cmpint (ssdb_device_get_info (dev)->rotation_rate, ==, 0);
  g_assert_cmpstr (ssdb_device_get_info (dev)->connection_bus, ==, "zram");
  if (g_strcmp0 (backend, "udisks2") == 0)
    g_assert_true (g_str_has_prefix (ssdb_device_get_info (dev)->object_path,
                                     "/org/freedesktop/UDisks2/block_devices/"));
  else
    g_assert_null (ssdb_device_get_info (dev)->object_path);
  {
    g_autofree char *subtitle = ssdb_device_dup_subtitle (dev);
    g_autofree char *expected = g_strdup_printf ("%s · 67.11 MB · zram", path);

    g_assert_cmpstr (subtitle, ==, expected);
  }

  zram_remove (name);
  g_assert_true (wait_for (monitor, path, FALSE, 10000));
}

static void
test_sysfs (void)
{
  g_autoptr (SsdbDeviceMonitor) monitor = ssdb_device_monitor_new (SSDB_DEVICE_MONITOR_SYSFS_ONLY);

  ssdb_device_monitor_set_poll_interval (monitor, 200);
  check_hotplug (monitor, "sysfs");
}

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

static void
test_udisks (void)
{
  g_autoptr (SsdbDeviceMonitor) monitor = NULL;

  if (!udisks_running ())
    {
      g_test_skip ("UDisks2 is not running on the system bus");
      return;
    }
  monitor = ssdb_device_monitor_new (SSDB_DEVICE_MONITOR_DEFAULT);
  check_hotplug (monitor, "udisks2");
}

static void
test_open_device (void)
{
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbTarget) target = NULL;
  void *buf = NULL;
  int fd, flags, other;

  if (!udisks_running ())
    {
      g_test_skip ("UDisks2 is not running on the system bus");
      return;
    }
  name = zram_create ();
  g_assert_nonnull (name);
  path = g_strdup_printf ("/dev/%s", name);
  /* udisksd learns about the device from udev: wait until it resolves. */
  for (int i = 0; i < 200; i++)
    {
      g_autoptr (GError) e = NULL;

      fd = ssdb_udisks_open_device_fd (path, FALSE, NULL, &e);
      if (fd >= 0)
        break;
      g_usleep (50000);
    }
  g_assert_cmpint (fd, >=, 0);
  flags = fcntl (fd, F_GETFL);
  g_assert_true (flags & O_DIRECT);
  g_assert_cmpint (flags & O_ACCMODE, ==, O_RDONLY);
  g_assert_cmpint (posix_memalign (&buf, 4096, 4096), ==, 0);
  g_assert_cmpint (pread (fd, buf, 4096, 4096), ==, 4096);
  /* O_DIRECT refuses a misaligned length: proof the flag reached the kernel's open. */
  g_assert_cmpint (pread (fd, buf, 100, 0), ==, -1);
  g_assert_cmpint (errno, ==, EINVAL);
  free (buf);

  target = ssdb_target_open_fd (fd, path, SSDB_TARGET_OPEN_READ, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ssdb_target_get_info (target)->size_bytes, ==, ZRAM_BYTES);
  g_assert_true (ssdb_target_get_info (target)->direct_io);
  g_clear_object (&target);

  /* For writes UDisks2 opens with O_EXCL: nobody else may open the device exclusively. */
  fd = ssdb_udisks_open_device_fd (path, TRUE, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (fcntl (fd, F_GETFL) & O_ACCMODE, ==, O_RDWR);
  other = open (path, O_RDWR | O_EXCL | O_DIRECT);
  g_assert_cmpint (other, ==, -1);
  g_assert_cmpint (errno, ==, EBUSY);
  close (fd);

  /* An unknown device is named in the error. */
  fd = ssdb_udisks_open_device_fd ("/dev/ssdb-no-such-device", FALSE, NULL, &error);
  g_assert_cmpint (fd, ==, -1);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "/dev/ssdb-no-such-device"));

  zram_remove (name);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (getuid () != 0 || !g_file_test ("/sys/class/zram-control/hot_add", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("needs root and zram to create devices");
      return g_test_run ();
    }
  g_test_add_func ("/devices/sysfs-hotplug", test_sysfs);
  g_test_add_func ("/devices/udisks-hotplug", test_udisks);
  g_test_add_func ("/devices/udisks-open-device", test_open_device);
  return g_test_run ();
}
