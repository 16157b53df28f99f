/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-device.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "engine/ssdb-units.h"

struct _SsdbDevice
{
  GObject parent_instance;
  SsdbDeviceInfo info;
};

G_DEFINE_FINAL_TYPE (SsdbDevice, ssdb_device, G_TYPE_OBJECT)

static void
ssdb_device_finalize (GObject *object)
{
  SsdbDevice *self = SSDB_DEVICE (object);

  g_free (self->info.name);
  g_free (self->info.device_path);
  g_free (self->info.preferred_path);
  g_free (self->info.disk_name);
  g_free (self->info.object_path);
  g_free (self->info.model);
  g_free (self->info.vendor);
  g_free (self->info.serial);
  g_free (self->info.revision);
  g_free (self->info.connection_bus);

  G_OBJECT_CLASS (ssdb_device_parent_class)->finalize (object);
}

static void
ssdb_device_class_init (SsdbDeviceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ssdb_device_finalize;
}

static void
ssdb_device_init (SsdbDevice *self)
{
  self->info.rotation_rate = -2;
}

static char *
dup_nonempty (const char *s)
{
  return (s != NULL && *s != '\0') ? g_strdup (s) : NULL;
}

SsdbDevice *
ssdb_device_new (const SsdbDeviceInfo *info)
{
  SsdbDevice *self;

  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (info->name != NULL, NULL);

  self = g_object_new (SSDB_TYPE_DEVICE, NULL);
  self->info = *info;
  self->info.name = g_strdup (info->name);
  self->info.device_path
      = info->device_path ? g_strdup (info->device_path) : g_strconcat ("/dev/", info->name, NULL);
  self->info.preferred_path = dup_nonempty (info->preferred_path);
  self->info.disk_name = g_strdup (info->disk_name ? info->disk_name : info->name);
  self->info.object_path = dup_nonempty (info->object_path);
  self->info.model = dup_nonempty (info->model);
  self->info.vendor = dup_nonempty (info->vendor);
  self->info.serial = dup_nonempty (info->serial);
  self->info.revision = dup_nonempty (info->revision);
  self->info.connection_bus = dup_nonempty (info->connection_bus);
  return self;
}

const SsdbDeviceInfo *
ssdb_device_get_info (SsdbDevice *self)
{
  g_return_val_if_fail (SSDB_IS_DEVICE (self), NULL);
  return &self->info;
}

const char *
ssdb_device_get_device_path (SsdbDevice *self)
{
  g_return_val_if_fail (SSDB_IS_DEVICE (self), NULL);
  return self->info.device_path;
}

const char *
ssdb_format_bus (const char *bus)
{
  static const struct
  {
    const char *key;
    const char *label;
  } names[] = {
    { "sata", "SATA" },         { "ata", "SATA" },
    { "nvme", "NVMe" },         { "usb", "USB" },
    { "virtio", "VirtIO" },     { "scsi", "SCSI" },
    { "sas", "SAS" },           { "ieee1394", "FireWire" },
    { "sdio", N_ ("SD card") }, { "mmc", "SD/MMC" },
    { "loop", "Loop" },         { "zram", "zram" },
    { "cpio", "CPIO" },         { "fibre", "Fibre Channel" },
  };

  if (bus == NULL || *bus == '\0')
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (bus, names[i].key) == 0)
      return _ (names[i].label);
  return bus;
}

char *
ssdb_device_dup_title (SsdbDevice *self)
{
  g_return_val_if_fail (SSDB_IS_DEVICE (self), NULL);

  if (self->info.is_partition)
    {
      const char *num = self->info.name + strlen (self->info.disk_name);

      while (*num != '\0' && !g_ascii_isdigit (*num))
        num++;
      if (*num != '\0')
        /* Translators: the partition number, then the disk, e.g. Partition 2 of sda */
        return g_strdup_printf (_ ("Partition %s of %s"), num, self->info.disk_name);
      /* Translators: %s is the partition's name, e.g. sda2 */
      return g_strdup_printf (_ ("Partition %s"), self->info.name);
    }
  if (self->info.model != NULL)
    {
      if (self->info.vendor != NULL && !g_str_has_prefix (self->info.model, self->info.vendor)
          && g_ascii_strcasecmp (self->info.vendor, "ATA") != 0)
        return g_strdup_printf ("%s %s", self->info.vendor, self->info.model);
      return g_strdup (self->info.model);
    }
  if (g_str_has_prefix (self->info.name, "zram"))
    /* Translators: %s is the device's name, e.g. zram0 */
    return g_strdup_printf (_ ("Compressed RAM disk %s"), self->info.name);
  if (g_str_has_prefix (self->info.name, "loop"))
    /* Translators: %s is the device's name, e.g. loop0 */
    return g_strdup_printf (_ ("Loop device %s"), self->info.name);
  return g_strdup (self->info.device_path);
}

char *
ssdb_device_dup_subtitle (SsdbDevice *self)
{
  g_autofree char *cap = NULL;
  const char *bus;

  g_return_val_if_fail (SSDB_IS_DEVICE (self), NULL);

  cap = ssdb_format_capacity (self->info.size_bytes);
  bus = ssdb_format_bus (self->info.connection_bus);
  if (bus != NULL)
    return g_strdup_printf ("%s · %s · %s", self->info.device_path, cap, bus);
  return g_strdup_printf ("%s · %s", self->info.device_path, cap);
}

gboolean
ssdb_device_equal (SsdbDevice *a, SsdbDevice *b)
{
  const SsdbDeviceInfo *x = &a->info, *y = &b->info;

  return g_strcmp0 (x->name, y->name) == 0 && g_strcmp0 (x->device_path, y->device_path) == 0
         && g_strcmp0 (x->preferred_path, y->preferred_path) == 0
         && g_strcmp0 (x->object_path, y->object_path) == 0 && x->is_partition == y->is_partition
         && x->size_bytes == y->size_bytes && x->read_only == y->read_only
         && g_strcmp0 (x->model, y->model) == 0 && g_strcmp0 (x->vendor, y->vendor) == 0
         && g_strcmp0 (x->serial, y->serial) == 0 && g_strcmp0 (x->revision, y->revision) == 0
         && g_strcmp0 (x->connection_bus, y->connection_bus) == 0
         && x->rotation_rate == y->rotation_rate && x->smart_supported == y->smart_supported
         && x->removable == y->removable;
}
