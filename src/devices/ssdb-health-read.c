/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-health-read.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <linux/nvme_ioctl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-sysfs.h"

#define UDISKS_NAME "org.freedesktop.UDisks2"
#define UDISKS_BLOCK "org.freedesktop.UDisks2.Block"
#define UDISKS_DRIVE "org.freedesktop.UDisks2.Drive"
#define UDISKS_ATA "org.freedesktop.UDisks2.Drive.Ata"
#define PROPERTIES "org.freedesktop.DBus.Properties"
#define CALL_TIMEOUT_MS 30000

/* The kernel name of @device ("/dev/sda" -> "sda", also through a link such as
 * /dev/disk/by-id/...), from its device number as sysfs has it, the way targets are named;
 * NULL with @error for a path that is not a block device. */
static char *
kernel_name (const char *device, GError **error)
{
  g_autofree char *path = NULL;
  char *name;
  struct stat st;

  path = strchr (device, '/') ? g_strdup (device) : g_strconcat ("/dev/", device, NULL);
  if (stat (path, &st) != 0)
    {
      int errsv = errno;

      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "%s: %s", device,
                   g_strerror (errsv));
      return NULL;
    }
  if (!S_ISBLK (st.st_mode))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s: not a block device (health is read from a drive, not a file)", device);
      return NULL;
    }
  if ((name = ssdb_block_name_from_devnum (NULL, major (st.st_rdev), minor (st.st_rdev))) == NULL)
    g_set_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND,
                 "%s: no block device with its number (%u:%u) in sysfs", device,
                 major (st.st_rdev), minor (st.st_rdev));
  return name;
}

/* UDisks2's object path of a block device: its kernel name with every byte other than
 * [A-Za-z0-9] written as _XX (udisks_daemon_util_escape). */
static char *
block_object_path (const char *name)
{
  GString *s = g_string_new ("/org/freedesktop/UDisks2/block_devices/");

  for (const char *p = name; *p; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (s, *p);
      else
        g_string_append_printf (s, "_%02x", (guint8)*p);
    }
  return g_string_free (s, FALSE);
}

static GVariant *
get_property (GDBusConnection *bus, const char *object, const char *iface, const char *name,
              GCancellable *cancellable, GError **error)
{
  g_autoptr (GVariant) reply = NULL;
  GVariant *value = NULL;

  reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, object, PROPERTIES, "Get",
                                       g_variant_new ("(ss)", iface, name), G_VARIANT_TYPE ("(v)"),
                                       G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, cancellable, error);
  if (reply == NULL)
    return NULL;
  g_variant_get (reply, "(v)", &value);
  return value;
}

static GVariant *
get_all (GDBusConnection *bus, const char *object, const char *iface, GCancellable *cancellable,
         GError **error)
{
  g_autoptr (GVariant) reply = NULL;
  GVariant *props = NULL;

  reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, object, PROPERTIES, "GetAll",
                                       g_variant_new ("(s)", iface), G_VARIANT_TYPE ("(a{sv})"),
                                       G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, cancellable, error);
  if (reply == NULL)
    return NULL;
  g_variant_get (reply, "(@a{sv})", &props);
  return props;
}

/* A D-Bus error as an SsdbError naming the device and the call: PERMISSION for polkit's and
 * D-Bus's refusals, FAILED otherwise. */
static void
set_call_error (GError **error, GError *dbus_error, const char *device, const char *call)
{
  g_autofree char *remote = g_dbus_error_get_remote_error (dbus_error);
  gboolean denied = g_error_matches (dbus_error, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED)
                    || (remote != NULL
                        && (strstr (remote, "NotAuthorized") != NULL
                            || strstr (remote, "AccessDenied") != NULL));

  g_dbus_error_strip_remote_error (dbus_error);
  g_set_error (error, SSDB_ERROR, denied ? SSDB_ERROR_PERMISSION : SSDB_ERROR_FAILED,
               "%s: UDisks2 %s failed: %s", device, call, dbus_error->message);
}

/* The drive object of block device @name, or NULL (no error) when UDisks2 is not on the bus,
 * does not know the device or gives it no drive. */
static char *
drive_of_block (GDBusConnection *bus, const char *name, GCancellable *cancellable)
{
  g_autofree char *block = block_object_path (name);
  g_autoptr (GVariant) drive = get_property (bus, block, UDISKS_BLOCK, "Drive", cancellable, NULL);

  if (drive == NULL || !g_variant_is_of_type (drive, G_VARIANT_TYPE_OBJECT_PATH)
      || g_str_equal (g_variant_get_string (drive, NULL), "/"))
    return NULL;
  return g_variant_dup_string (drive, NULL);
}

static gboolean
lookup_bool (GVariant *props, const char *name)
{
  gboolean b = FALSE;

  g_variant_lookup (props, name, "b", &b);
  return b;
}

/* The Drive.Ata properties and attributes of @drive as an SsdbAtaSmart. */
static SsdbAtaSmart *
read_ata (GDBusConnection *bus, const char *device, const char *drive, GVariant *props,
          GCancellable *cancellable, GError **error)
{
  g_autoptr (SsdbAtaSmart) smart = ssdb_ata_smart_new ();
  g_autoptr (GError) local = NULL;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GVariantIter) iter = NULL;
  guint8 id;
  const char *name;
  guint16 flags;
  gint32 value, worst, threshold, pretty_unit;
  gint64 pretty;
  GVariant *expansion;

  smart->supported = lookup_bool (props, "SmartSupported");
  smart->enabled = lookup_bool (props, "SmartEnabled");
  smart->failing = lookup_bool (props, "SmartFailing");
  g_variant_lookup (props, "SmartUpdated", "t", &smart->updated);
  g_variant_lookup (props, "SmartPowerOnSeconds", "t", &smart->power_on_seconds);
  g_variant_lookup (props, "SmartTemperature", "d", &smart->temperature_k);
  g_variant_lookup (props, "SmartNumAttributesFailing", "i", &smart->attributes_failing);
  g_variant_lookup (props, "SmartNumAttributesFailedInThePast", "i",
                    &smart->attributes_failed_past);
  g_variant_lookup (props, "SmartNumBadSectors", "x", &smart->bad_sectors);
  g_variant_lookup (props, "SmartSelftestStatus", "s", &smart->selftest_status);
  g_variant_lookup (props, "SmartSelftestPercentRemaining", "i",
                    &smart->selftest_percent_remaining);
  for (guint i = 0; i < SSDB_ATA_N_FEATURES; i++)
    {
      g_autofree char *supported = g_strconcat (ssdb_ata_feature_property (i), "Supported", NULL);
      g_autofree char *enabled = g_strconcat (ssdb_ata_feature_property (i), "Enabled", NULL);

      if (lookup_bool (props, supported))
        smart->features[i] = lookup_bool (props, enabled) ? 1 : 0;
    }
  if (!smart->supported || !smart->enabled || smart->updated == 0)
    return g_steal_pointer (&smart);

  reply = g_dbus_connection_call_sync (
      bus, UDISKS_NAME, drive, UDISKS_ATA, "SmartGetAttributes", g_variant_new ("(a{sv})", NULL),
      G_VARIANT_TYPE ("(a(ysqiiixia{sv}))"), G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, cancellable,
      &local);
  if (reply == NULL)
    {
      set_call_error (error, local, device, "SmartGetAttributes");
      return NULL;
    }
  g_variant_get (reply, "(a(ysqiiixia{sv}))", &iter);
  while (g_variant_iter_next (iter, "(y&sqiiixi@a{sv})", &id, &name, &flags, &value, &worst,
                              &threshold, &pretty, &pretty_unit, &expansion))
    {
      SsdbAtaAttribute a = {
        .id = id,
        .name = g_strdup (name),
        .flags = flags,
        .value = value,
        .worst = worst,
        .threshold = threshold,
        .pretty = pretty,
        .pretty_unit = pretty_unit,
      };

      g_array_append_val (smart->attributes, a);
      g_variant_unref (expansion);
    }
  return g_steal_pointer (&smart);
}

/* Get Log Page 02h (SMART / Health Information, all namespaces) through the admin passthrough;
 * NVMe Base Specification 2.0, section 5.16 (Get Log Page command: CDW10 bits 07:00 the log
 * identifier, bits 31:16 the number of dwords minus one). */
static SsdbHealth *
read_nvme (const char *device, const char *node, GError **error)
{
  guint8 page[SSDB_NVME_HEALTH_LOG_SIZE] = { 0 };
  struct nvme_admin_cmd cmd = { 0 };
  SsdbNvmeHealthLog log;
  int fd = open (node, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  int rc, errsv;

  if (fd < 0)
    {
      errsv = errno;
      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "%s: cannot open: %s", device,
                   g_strerror (errsv));
      return NULL;
    }
  cmd.opcode = 0x02;
  cmd.nsid = 0xffffffff;
  cmd.addr = (guint64)(guintptr)page;
  cmd.data_len = sizeof page;
  /* RAE (bit 15): retain an asynchronous event the log would clear, so reading changes nothing. */
  cmd.cdw10 = 0x02 | (1u << 15) | ((guint32)(sizeof page / 4 - 1) << 16);
  rc = ioctl (fd, NVME_IOCTL_ADMIN_CMD, &cmd);
  errsv = errno;
  close (fd);
  if (rc < 0)
    {
      g_set_error (error, SSDB_ERROR,
                   errsv == EACCES || errsv == EPERM ? SSDB_ERROR_PERMISSION : SSDB_ERROR_FAILED,
                   "%s: reading the NVMe health log page failed: %s%s", device, g_strerror (errsv),
                   errsv == EACCES || errsv == EPERM ? " (the admin command needs root)" : "");
      return NULL;
    }
  if (rc > 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   "%s: the controller refused the health log page (NVMe status 0x%x)", device,
                   (guint)rc);
      return NULL;
    }
  if (!ssdb_nvme_health_log_decode (page, sizeof page, &log, error))
    return NULL;
  return ssdb_health_new_nvme (device, &log);
}

/* Why a device without ATA SMART or an NVMe log has no health, by its kind. */
static char *
no_health_reason (const char *device, const char *name, const char *model)
{
  if (g_str_has_prefix (name, "zram"))
    return g_strdup_printf ("%s is a compressed RAM disk (zram): it has no SMART or health log.",
                            device);
  if (g_str_has_prefix (name, "ram"))
    return g_strdup_printf ("%s is a RAM disk: it has no SMART or health log.", device);
  if (g_str_has_prefix (name, "loop"))
    return g_strdup_printf ("%s is a loop device: its health is that of the drive holding its "
                            "backing file.",
                            device);
  if (g_str_has_prefix (name, "dm-") || g_str_has_prefix (name, "md"))
    return g_strdup_printf ("%s is a virtual device (device mapper or software RAID): read the "
                            "health of the drives under it.",
                            device);
  return g_strdup_printf ("%s%s%s%s reports no health: UDisks2 gives it no ATA SMART and it is "
                          "not an NVMe device.",
                          device, model ? " (" : "", model ? model : "", model ? ")" : "");
}

SsdbHealth *
ssdb_health_read (const char *device, gboolean update, GCancellable *cancellable, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *node = NULL;
  g_autofree char *drive = NULL;
  g_autofree char *model = NULL;
  g_autoptr (GDBusConnection) bus = NULL;
  g_autoptr (GVariant) props = NULL;
  g_autoptr (SsdbAtaSmart) smart = NULL;
  g_autofree char *reason = NULL;
  gboolean asleep = FALSE;

  g_return_val_if_fail (device != NULL, NULL);

  if ((name = kernel_name (device, error)) == NULL)
    return NULL;
  node = g_strconcat ("/dev/", name, NULL);

  bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, NULL);
  if (bus != NULL && (drive = drive_of_block (bus, name, cancellable)) != NULL)
    {
      g_autoptr (GVariant) m = get_property (bus, drive, UDISKS_DRIVE, "Model", cancellable, NULL);

      if (m != NULL && g_variant_is_of_type (m, G_VARIANT_TYPE_STRING)
          && *g_variant_get_string (m, NULL) != '\0')
        model = g_variant_dup_string (m, NULL);
      props = get_all (bus, drive, UDISKS_ATA, cancellable, NULL);
      /* An object without the interface answers GetAll with an error or an empty dictionary. */
      if (props != NULL && g_variant_n_children (props) == 0)
        g_clear_pointer (&props, g_variant_unref);
    }
  if (props != NULL)
    {
      if (update && lookup_bool (props, "SmartSupported") && lookup_bool (props, "SmartEnabled"))
        {
          g_autoptr (GError) local = NULL;
          g_autoptr (GVariant) reply = NULL;
          GVariantBuilder options;

          g_variant_builder_init (&options, G_VARIANT_TYPE_VARDICT);
          g_variant_builder_add (&options, "{sv}", "nowakeup", g_variant_new_boolean (TRUE));
          reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, drive, UDISKS_ATA, "SmartUpdate",
                                               g_variant_new ("(a{sv})", &options), NULL,
                                               G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, cancellable,
                                               &local);
          if (reply == NULL)
            {
              g_autofree char *remote = g_dbus_error_get_remote_error (local);

              /* A sleeping disk is not woken: UDisks2's last reading stands, and says so. */
              if (remote == NULL || strstr (remote, "WouldWakeup") == NULL)
                {
                  set_call_error (error, local, device, "SmartUpdate");
                  return NULL;
                }
              asleep = TRUE;
              g_clear_error (&local);
            }
          else
            {
              g_clear_pointer (&props, g_variant_unref);
              if ((props = get_all (bus, drive, UDISKS_ATA, cancellable, &local)) == NULL)
                {
                  set_call_error (error, local, device, "Drive.Ata properties");
                  return NULL;
                }
            }
        }
      if ((smart = read_ata (bus, device, drive, props, cancellable, error)) == NULL)
        return NULL;
      {
        SsdbHealth *health = ssdb_health_new_ata (device, smart);

        if (asleep)
          {
            health->stale = TRUE;
            char *noted = g_strconcat (health->reason,
                                       " The disk is asleep: this is UDisks2's last reading, "
                                       "and the disk was not woken to read it again.",
                                       NULL);

            g_free (health->reason);
            health->reason = noted;
          }
        return health;
      }
    }
  if (g_str_has_prefix (name, "nvme"))
    return read_nvme (device, node, error);
  reason = no_health_reason (device, name, model);
  return ssdb_health_new_none (device, reason);
}

gboolean
ssdb_health_selftest (const char *device, const char *type, GCancellable *cancellable,
                      GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *drive = NULL;
  g_autoptr (GDBusConnection) bus = NULL;
  g_autoptr (GVariant) props = NULL;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GError) local = NULL;
  gboolean abort_test;

  g_return_val_if_fail (device != NULL && type != NULL, FALSE);

  abort_test = g_str_equal (type, "abort");
  if (!abort_test && !g_str_equal (type, "short") && !g_str_equal (type, "extended")
      && !g_str_equal (type, "conveyance"))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "self-test \"%s\": expected short, extended, conveyance or abort", type);
      return FALSE;
    }
  if ((name = kernel_name (device, error)) == NULL)
    return FALSE;
  bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, &local);
  if (bus != NULL)
    drive = drive_of_block (bus, name, cancellable);
  if (drive != NULL)
    props = get_all (bus, drive, UDISKS_ATA, cancellable, NULL);
  if (props == NULL || g_variant_n_children (props) == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND,
                   "%s: no ATA drive with SMART in UDisks2, so no self-test can be started",
                   device);
      return FALSE;
    }
  if (abort_test)
    reply = g_dbus_connection_call_sync (
        bus, UDISKS_NAME, drive, UDISKS_ATA, "SmartSelftestAbort", g_variant_new ("(a{sv})", NULL),
        NULL, G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, cancellable, &local);
  else
    reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, drive, UDISKS_ATA, "SmartSelftestStart",
                                         g_variant_new ("(sa{sv})", type, NULL), NULL,
                                         G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, cancellable,
                                         &local);
  if (reply == NULL)
    {
      set_call_error (error, local, device,
                      abort_test ? "SmartSelftestAbort" : "SmartSelftestStart");
      return FALSE;
    }
  return TRUE;
}

/* The SsdbDriveCounterFunc of ssdb_drive_state_install(): @data is the disk's node. */
static gboolean
read_drive_counter (gpointer data, SsdbDriveCounter *out)
{
  g_autoptr (SsdbHealth) health = ssdb_health_read (data, TRUE, NULL, NULL);

  /* A sleeping disk's last reading is not its count now. */
  if (health == NULL || health->stale)
    return FALSE;
  if (g_str_equal (health->source, "nvme") && health->host_bytes_written >= 0)
    {
      out->source = g_strdup ("NVMe Data Units Written, in units of 512 000 bytes, rounded up");
      out->unit = SSDB_DRIVE_COUNTER_BYTES;
      out->value = (guint64)health->host_bytes_written;
      out->throttle_seconds = health->throttle_seconds;
      return TRUE;
    }
  if (!g_str_equal (health->source, "ata-smart"))
    return FALSE;
  for (guint id = 241; id <= 246; id += 5)
    for (guint i = 0; i < health->rows->len; i++)
      {
        const SsdbHealthRow *r = &g_array_index (health->rows, SsdbHealthRow, i);

        if (r->id == id && r->raw >= 0 && r->raw < 9007199254740992.0)
          {
            out->source = g_strdup_printf ("ATA attribute %u (%s)", id, r->name);
            out->unit = SSDB_DRIVE_COUNTER_VENDOR;
            out->value = (guint64)r->raw;
            out->throttle_seconds = -1;
            return TRUE;
          }
      }
  return FALSE;
}

/* The SsdbTemperatureFunc of ssdb_drive_state_install(): @data is the disk's node. */
static gboolean
read_smart_temperature (gpointer data, GCancellable *cancellable, double *celsius)
{
  g_autoptr (SsdbHealth) health = ssdb_health_read (data, TRUE, cancellable, NULL);

  /* A sleeping disk's last reading is not the temperature now. */
  if (health == NULL || health->stale || isnan (health->temperature_c))
    return FALSE;
  *celsius = health->temperature_c;
  return TRUE;
}

void
ssdb_drive_state_install (SsdbTarget *target)
{
  const SsdbTargetInfo *info;
  g_autoptr (SsdbHealth) health = NULL;
  g_autofree char *node = NULL;

  g_return_if_fail (SSDB_IS_TARGET (target));

  info = ssdb_target_get_info (target);
  if (info->disk_name == NULL)
    return;
  node = g_strconcat ("/dev/", info->disk_name, NULL);
  /* UDisks2's last reading is enough for the features; the counter asks afresh. */
  health = ssdb_health_read (node, FALSE, NULL, NULL);
  if (health != NULL && g_str_equal (health->source, "ata-smart"))
    ssdb_target_set_ata_features (target, health->features);
  /* Where the drive has no hwmon sensor, its SMART temperature, when it reports one. */
  if (health != NULL && !isnan (health->temperature_c))
    ssdb_target_set_temperature_func (target, read_smart_temperature, g_strdup (node), g_free,
                                      g_str_equal (health->source, "nvme")
                                          ? "NVMe SMART log, Composite Temperature"
                                          : "SMART through UDisks2");
  ssdb_target_set_drive_counter (target, read_drive_counter, g_steal_pointer (&node), g_free);
}
