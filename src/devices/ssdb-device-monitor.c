/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-device-monitor.h"

#include <string.h>

#include "engine/ssdb-sysfs.h"

/*
 * UDisks2 is read with plain GDBus (ObjectManager.GetManagedObjects and its signals) rather than
 * libudisks2: the few properties used here do not justify another library, the same code works
 * inside a Flatpak sandbox (where libudisks2 is not part of the runtime), and the sysfs fallback
 * keeps working on systems without UDisks2 at all.
 */

#define UDISKS_NAME "org.freedesktop.UDisks2"
#define UDISKS_PATH "/org/freedesktop/UDisks2"
#define UDISKS_BLOCK UDISKS_NAME ".Block"
#define UDISKS_DRIVE UDISKS_NAME ".Drive"
#define UDISKS_DRIVE_ATA UDISKS_NAME ".Drive.Ata"
#define UDISKS_PARTITION UDISKS_NAME ".Partition"
#define UDISKS_NVME_CTRL UDISKS_NAME ".NVMe.Controller"

struct _SsdbDeviceMonitor
{
  GObject parent_instance;

  SsdbDeviceMonitorFlags flags;
  GPtrArray *items; /* SsdbDevice */
  const char *backend;
  gboolean ready;

  GCancellable *cancellable;
  GDBusConnection *bus;
  guint watch_id;
  guint sub_added;
  guint sub_removed;
  guint sub_props;
  GHashTable *objects; /* object path -> GHashTable (interface -> GVariant a{sv}) */
  guint rebuild_id;

  guint poll_interval_ms;
  guint poll_id;
  char *sysfs_signature;
};

enum
{
  PROP_0,
  PROP_BACKEND,
  PROP_READY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbDeviceMonitor, ssdb_device_monitor, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
get_item_type (GListModel *model)
{
  return SSDB_TYPE_DEVICE;
}

static guint
get_n_items (GListModel *model)
{
  return SSDB_DEVICE_MONITOR (model)->items->len;
}

static gpointer
get_item (GListModel *model, guint position)
{
  SsdbDeviceMonitor *self = SSDB_DEVICE_MONITOR (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

/* Natural order: "sda" < "sdb" < "sdaa", "nvme0n1p2" < "nvme0n1p10". */
static int
natural_compare (const char *a, const char *b)
{
  while (*a != '\0' && *b != '\0')
    {
      if (g_ascii_isdigit (*a) && g_ascii_isdigit (*b))
        {
          guint64 x = g_ascii_strtoull (a, (char **)&a, 10);
          guint64 y = g_ascii_strtoull (b, (char **)&b, 10);

          if (x != y)
            return x < y ? -1 : 1;
          continue;
        }
      if (*a != *b)
        return (guchar)*a - (guchar)*b;
      a++;
      b++;
    }
  return (guchar)*a - (guchar)*b;
}

static int
compare_devices (gconstpointer pa, gconstpointer pb)
{
  const SsdbDeviceInfo *a = ssdb_device_get_info (*(SsdbDevice **)pa);
  const SsdbDeviceInfo *b = ssdb_device_get_info (*(SsdbDevice **)pb);
  int r;

  if (strlen (a->disk_name) != strlen (b->disk_name))
    return strlen (a->disk_name) < strlen (b->disk_name) ? -1 : 1;
  r = natural_compare (a->disk_name, b->disk_name);
  if (r != 0)
    return r;
  if (a->is_partition != b->is_partition)
    return a->is_partition ? 1 : -1;
  return natural_compare (a->name, b->name);
}

/* Replaces the list, emitting the smallest items-changed that covers the difference. */
static void
set_items (SsdbDeviceMonitor *self, GPtrArray *items, const char *backend)
{
  guint old_n = self->items->len, new_n = items->len;
  guint prefix = 0, suffix = 0;
  gboolean was_ready = self->ready;
  gboolean backend_changed = self->backend != backend;

  g_ptr_array_sort (items, compare_devices);

  while (prefix < old_n && prefix < new_n
         && ssdb_device_equal (g_ptr_array_index (self->items, prefix),
                               g_ptr_array_index (items, prefix)))
    prefix++;
  while (suffix < old_n - prefix && suffix < new_n - prefix
         && ssdb_device_equal (g_ptr_array_index (self->items, old_n - 1 - suffix),
                               g_ptr_array_index (items, new_n - 1 - suffix)))
    suffix++;

  g_ptr_array_unref (self->items);
  self->items = g_ptr_array_ref (items);
  self->backend = backend;
  self->ready = TRUE;

  if (prefix != old_n || prefix != new_n)
    g_list_model_items_changed (G_LIST_MODEL (self), prefix, old_n - prefix - suffix,
                                new_n - prefix - suffix);
  if (backend_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BACKEND]);
  if (!was_ready)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READY]);
}

/* ---- sysfs ---------------------------------------------------------------------------- */

static SsdbDevice *
device_from_facts (const SsdbBlockFacts *facts)
{
  SsdbDeviceInfo info = { 0 };

  info.name = facts->name;
  info.disk_name = facts->disk_name;
  info.is_partition = facts->is_partition;
  info.size_bytes = facts->size_bytes;
  info.read_only = facts->read_only;
  info.model = facts->model;
  info.vendor = facts->vendor;
  info.serial = facts->serial;
  info.revision = facts->firmware;
  info.connection_bus = facts->transport;
  info.rotation_rate = facts->rotational ? -1 : 0;
  info.removable = facts->removable;
  info.smart_supported = FALSE;
  return ssdb_device_new (&info);
}

static void
sysfs_refresh (SsdbDeviceMonitor *self)
{
  g_autoptr (GPtrArray) list = ssdb_block_list (NULL, TRUE);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GString) sig = g_string_new (NULL);

  if (list != NULL)
    for (guint i = 0; i < list->len; i++)
      {
        const SsdbBlockFacts *f = g_ptr_array_index (list, i);

        g_string_append_printf (sig, "%s:%" G_GUINT64_FORMAT ":%d;", f->name, f->size_bytes,
                                f->read_only);
        g_ptr_array_add (items, device_from_facts (f));
      }

  if (self->ready && self->backend != NULL && g_strcmp0 (self->backend, "sysfs") == 0
      && g_strcmp0 (sig->str, self->sysfs_signature) == 0)
    return;
  g_free (self->sysfs_signature);
  self->sysfs_signature = g_string_free (g_steal_pointer (&sig), FALSE);
  set_items (self, items, "sysfs");
}

static gboolean
sysfs_poll_cb (gpointer user_data)
{
  sysfs_refresh (SSDB_DEVICE_MONITOR (user_data));
  return G_SOURCE_CONTINUE;
}

static void
start_sysfs (SsdbDeviceMonitor *self)
{
  sysfs_refresh (self);
  if (self->poll_id == 0)
    self->poll_id = g_timeout_add (self->poll_interval_ms, sysfs_poll_cb, self);
}

static void
stop_sysfs (SsdbDeviceMonitor *self)
{
  g_clear_handle_id (&self->poll_id, g_source_remove);
  g_clear_pointer (&self->sysfs_signature, g_free);
}

/* ---- UDisks2 -------------------------------------------------------------------------- */

static GVariant *
lookup_prop (SsdbDeviceMonitor *self, const char *object_path, const char *iface, const char *name)
{
  GHashTable *ifaces;
  GVariant *props;

  if (object_path == NULL || (ifaces = g_hash_table_lookup (self->objects, object_path)) == NULL
      || (props = g_hash_table_lookup (ifaces, iface)) == NULL)
    return NULL;
  return g_variant_lookup_value (props, name, NULL);
}

static char *
prop_string (SsdbDeviceMonitor *self, const char *obj, const char *iface, const char *name)
{
  g_autoptr (GVariant) v = lookup_prop (self, obj, iface, name);

  if (v == NULL)
    return NULL;
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_STRING)
      || g_variant_is_of_type (v, G_VARIANT_TYPE_OBJECT_PATH))
    return g_strstrip (g_variant_dup_string (v, NULL));
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_BYTESTRING))
    return g_variant_dup_bytestring (v, NULL);
  return NULL;
}

static guint64
prop_uint64 (SsdbDeviceMonitor *self, const char *obj, const char *iface, const char *name)
{
  g_autoptr (GVariant) v = lookup_prop (self, obj, iface, name);

  return v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_UINT64) ? g_variant_get_uint64 (v)
                                                                      : 0;
}

static gboolean
prop_bool (SsdbDeviceMonitor *self, const char *obj, const char *iface, const char *name,
           gboolean *out)
{
  g_autoptr (GVariant) v = lookup_prop (self, obj, iface, name);

  if (v == NULL || !g_variant_is_of_type (v, G_VARIANT_TYPE_BOOLEAN))
    return FALSE;
  *out = g_variant_get_boolean (v);
  return TRUE;
}

static gboolean
has_iface (SsdbDeviceMonitor *self, const char *obj, const char *iface)
{
  GHashTable *ifaces = obj ? g_hash_table_lookup (self->objects, obj) : NULL;

  return ifaces != NULL && g_hash_table_contains (ifaces, iface);
}

static SsdbDevice *
device_from_udisks (SsdbDeviceMonitor *self, const char *obj)
{
  g_autofree char *device = prop_string (self, obj, UDISKS_BLOCK, "Device");
  g_autofree char *preferred = prop_string (self, obj, UDISKS_BLOCK, "PreferredDevice");
  g_autofree char *drive = prop_string (self, obj, UDISKS_BLOCK, "Drive");
  g_autofree char *name = NULL;
  g_autofree char *disk_name = NULL;
  g_autofree char *model = NULL, *vendor = NULL, *serial = NULL, *revision = NULL, *bus = NULL;
  g_autoptr (SsdbBlockFacts) facts = NULL;
  SsdbDeviceInfo info = { 0 };
  gboolean b;

  if (device == NULL || !g_str_has_prefix (device, "/dev/"))
    return NULL;
  info.size_bytes = prop_uint64 (self, obj, UDISKS_BLOCK, "Size");
  name = g_path_get_basename (device);
  facts = ssdb_block_facts_read (NULL, name, NULL);
  /* A capacity set after the device appeared (zram, some card readers) sends no uevent, so
   * UDisks2 may still report 0: sysfs has the current size. */
  if (info.size_bytes == 0 && facts != NULL)
    info.size_bytes = facts->size_bytes;
  if (info.size_bytes == 0)
    return NULL;

  info.name = name;
  info.device_path = device;
  info.preferred_path = preferred;
  info.object_path = (char *)obj;
  prop_bool (self, obj, UDISKS_BLOCK, "ReadOnly", &info.read_only);
  info.is_partition = has_iface (self, obj, UDISKS_PARTITION);
  if (info.is_partition)
    {
      g_autofree char *table = prop_string (self, obj, UDISKS_PARTITION, "Table");
      g_autofree char *table_dev = prop_string (self, table, UDISKS_BLOCK, "Device");

      if (table_dev != NULL)
        disk_name = g_path_get_basename (table_dev);
    }
  if (disk_name == NULL && facts != NULL)
    disk_name = g_strdup (facts->disk_name);
  info.disk_name = disk_name ? disk_name : name;

  if (g_strcmp0 (drive, "/") == 0)
    g_clear_pointer (&drive, g_free);
  if (drive != NULL && has_iface (self, drive, UDISKS_DRIVE))
    {
      g_autoptr (GVariant) rate = lookup_prop (self, drive, UDISKS_DRIVE, "RotationRate");

      model = prop_string (self, drive, UDISKS_DRIVE, "Model");
      vendor = prop_string (self, drive, UDISKS_DRIVE, "Vendor");
      serial = prop_string (self, drive, UDISKS_DRIVE, "Serial");
      revision = prop_string (self, drive, UDISKS_DRIVE, "Revision");
      bus = prop_string (self, drive, UDISKS_DRIVE, "ConnectionBus");
      info.rotation_rate = rate != NULL && g_variant_is_of_type (rate, G_VARIANT_TYPE_INT32)
                               ? g_variant_get_int32 (rate)
                               : -2;
      prop_bool (self, drive, UDISKS_DRIVE, "Removable", &info.removable);
      if (prop_bool (self, drive, UDISKS_DRIVE_ATA, "SmartSupported", &b))
        info.smart_supported = b;
      else if (has_iface (self, drive, UDISKS_NVME_CTRL))
        info.smart_supported = TRUE;
    }
  else
    info.rotation_rate = facts != NULL ? (facts->rotational ? -1 : 0) : -2;

  /* UDisks2 leaves ConnectionBus empty for internal buses: sysfs knows better then. */
  info.model = model ? model : (facts ? facts->model : NULL);
  info.vendor = vendor ? vendor : (facts ? facts->vendor : NULL);
  info.serial = serial ? serial : (facts ? facts->serial : NULL);
  info.revision = revision ? revision : (facts ? facts->firmware : NULL);
  info.connection_bus = (bus != NULL && *bus != '\0') ? bus : (facts ? facts->transport : NULL);
  if (facts != NULL && !info.removable)
    info.removable = facts->removable;

  return ssdb_device_new (&info);
}

static gboolean
rebuild_cb (gpointer user_data)
{
  SsdbDeviceMonitor *self = SSDB_DEVICE_MONITOR (user_data);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  gpointer key, value;

  self->rebuild_id = 0;
  g_hash_table_iter_init (&iter, self->objects);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      SsdbDevice *dev;

      if (!g_hash_table_contains (value, UDISKS_BLOCK))
        continue;
      dev = device_from_udisks (self, key);
      if (dev != NULL)
        g_ptr_array_add (items, dev);
    }
  set_items (self, items, "udisks2");
  return G_SOURCE_REMOVE;
}

static void
queue_rebuild (SsdbDeviceMonitor *self)
{
  if (self->rebuild_id == 0)
    self->rebuild_id = g_idle_add (rebuild_cb, self);
}

static GHashTable *
ensure_object (SsdbDeviceMonitor *self, const char *path)
{
  GHashTable *ifaces = g_hash_table_lookup (self->objects, path);

  if (ifaces == NULL)
    {
      ifaces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                      (GDestroyNotify)g_variant_unref);
      g_hash_table_insert (self->objects, g_strdup (path), ifaces);
    }
  return ifaces;
}

static void
add_interfaces (SsdbDeviceMonitor *self, const char *path, GVariant *ifaces_and_props)
{
  GHashTable *ifaces = ensure_object (self, path);
  GVariantIter iter;
  const char *iface;
  GVariant *props;

  g_variant_iter_init (&iter, ifaces_and_props);
  while (g_variant_iter_next (&iter, "{&s@a{sv}}", &iface, &props))
    g_hash_table_insert (ifaces, g_strdup (iface), props);
}

static void
on_interfaces_added (GDBusConnection *bus, const char *sender, const char *path, const char *iface,
                     const char *signal, GVariant *params, gpointer user_data)
{
  SsdbDeviceMonitor *self = SSDB_DEVICE_MONITOR (user_data);
  const char *obj;
  g_autoptr (GVariant) ifaces = NULL;

  if (!g_variant_is_of_type (params, G_VARIANT_TYPE ("(oa{sa{sv}})")))
    return;
  g_variant_get (params, "(&o@a{sa{sv}})", &obj, &ifaces);
  add_interfaces (self, obj, ifaces);
  queue_rebuild (self);
}

static void
on_interfaces_removed (GDBusConnection *bus, const char *sender, const char *path,
                       const char *iface, const char *signal, GVariant *params, gpointer user_data)
{
  SsdbDeviceMonitor *self = SSDB_DEVICE_MONITOR (user_data);
  const char *obj;
  g_autofree const char **names = NULL;
  GHashTable *ifaces;

  if (!g_variant_is_of_type (params, G_VARIANT_TYPE ("(oas)")))
    return;
  g_variant_get (params, "(&o^a&s)", &obj, &names);
  ifaces = g_hash_table_lookup (self->objects, obj);
  if (ifaces == NULL)
    return;
  for (guint i = 0; names[i] != NULL; i++)
    g_hash_table_remove (ifaces, names[i]);
  if (g_hash_table_size (ifaces) == 0)
    g_hash_table_remove (self->objects, obj);
  queue_rebuild (self);
}

static void
on_properties_changed (GDBusConnection *bus, const char *sender, const char *path,
                       const char *iface, const char *signal, GVariant *params, gpointer user_data)
{
  SsdbDeviceMonitor *self = SSDB_DEVICE_MONITOR (user_data);
  const char *changed_iface;
  g_autoptr (GVariant) changed = NULL;
  g_autofree const char **invalidated = NULL;
  GHashTable *ifaces;
  GVariant *old;
  GVariantDict dict;
  GVariantIter iter;
  const char *key;
  GVariant *value;

  if (!g_str_has_prefix (path, UDISKS_PATH "/")
      || !g_variant_is_of_type (params, G_VARIANT_TYPE ("(sa{sv}as)")))
    return;
  g_variant_get (params, "(&s@a{sv}^a&s)", &changed_iface, &changed, &invalidated);
  ifaces = g_hash_table_lookup (self->objects, path);
  if (ifaces == NULL || (old = g_hash_table_lookup (ifaces, changed_iface)) == NULL)
    return;

  g_variant_dict_init (&dict, old);
  g_variant_iter_init (&iter, changed);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      g_variant_dict_insert_value (&dict, key, value);
      g_variant_unref (value);
    }
  for (guint i = 0; invalidated[i] != NULL; i++)
    g_variant_dict_remove (&dict, invalidated[i]);
  g_hash_table_insert (ifaces, g_strdup (changed_iface),
                       g_variant_ref_sink (g_variant_dict_end (&dict)));
  queue_rebuild (self);
}

static void
unsubscribe (SsdbDeviceMonitor *self)
{
  if (self->bus == NULL)
    return;
  if (self->sub_added)
    g_dbus_connection_signal_unsubscribe (self->bus, self->sub_added);
  if (self->sub_removed)
    g_dbus_connection_signal_unsubscribe (self->bus, self->sub_removed);
  if (self->sub_props)
    g_dbus_connection_signal_unsubscribe (self->bus, self->sub_props);
  self->sub_added = self->sub_removed = self->sub_props = 0;
}

static void
got_managed_objects (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (SsdbDeviceMonitor) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GVariant) objects = NULL;
  GVariantIter iter;
  const char *path;
  GVariant *ifaces;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), res, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (reply == NULL)
    {
      g_debug ("UDisks2 not available (%s); listing devices from sysfs", error->message);
      unsubscribe (self);
      start_sysfs (self);
      return;
    }

  stop_sysfs (self);
  g_hash_table_remove_all (self->objects);
  objects = g_variant_get_child_value (reply, 0);
  g_variant_iter_init (&iter, objects);
  while (g_variant_iter_next (&iter, "{&o@a{sa{sv}}}", &path, &ifaces))
    {
      add_interfaces (self, path, ifaces);
      g_variant_unref (ifaces);
    }
  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  rebuild_cb (self);
}

static void
load_udisks (SsdbDeviceMonitor *self)
{
  unsubscribe (self);
  self->sub_added = g_dbus_connection_signal_subscribe (
      self->bus, UDISKS_NAME, "org.freedesktop.DBus.ObjectManager", "InterfacesAdded", UDISKS_PATH,
      NULL, G_DBUS_SIGNAL_FLAGS_NONE, on_interfaces_added, self, NULL);
  self->sub_removed = g_dbus_connection_signal_subscribe (
      self->bus, UDISKS_NAME, "org.freedesktop.DBus.ObjectManager", "InterfacesRemoved",
      UDISKS_PATH, NULL, G_DBUS_SIGNAL_FLAGS_NONE, on_interfaces_removed, self, NULL);
  self->sub_props = g_dbus_connection_signal_subscribe (
      self->bus, UDISKS_NAME, "org.freedesktop.DBus.Properties", "PropertiesChanged", NULL, NULL,
      G_DBUS_SIGNAL_FLAGS_NONE, on_properties_changed, self, NULL);
  g_dbus_connection_call (self->bus, UDISKS_NAME, UDISKS_PATH, "org.freedesktop.DBus.ObjectManager",
                          "GetManagedObjects", NULL, G_VARIANT_TYPE ("(a{oa{sa{sv}}})"),
                          G_DBUS_CALL_FLAGS_NONE, 10000, self->cancellable, got_managed_objects,
                          g_object_ref (self));
}

static void
name_appeared (GDBusConnection *bus, const char *name, const char *owner, gpointer user_data)
{
  load_udisks (SSDB_DEVICE_MONITOR (user_data));
}

static void
name_vanished (GDBusConnection *bus, const char *name, gpointer user_data)
{
  SsdbDeviceMonitor *self = SSDB_DEVICE_MONITOR (user_data);

  unsubscribe (self);
  g_hash_table_remove_all (self->objects);
  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  start_sysfs (self);
}

static void
got_bus (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (SsdbDeviceMonitor) self = user_data;
  g_autoptr (GError) error = NULL;
  GDBusConnection *bus = g_bus_get_finish (res, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (bus == NULL)
    {
      g_debug ("No system bus (%s); listing devices from sysfs", error->message);
      start_sysfs (self);
      return;
    }
  self->bus = bus;
  /* Auto-start: on a systemd system UDisks2 is started on demand. */
  self->watch_id
      = g_bus_watch_name_on_connection (bus, UDISKS_NAME, G_BUS_NAME_WATCHER_FLAGS_AUTO_START,
                                        name_appeared, name_vanished, self, NULL);
}

static void
ssdb_device_monitor_dispose (GObject *object)
{
  SsdbDeviceMonitor *self = SSDB_DEVICE_MONITOR (object);

  g_cancellable_cancel (self->cancellable);
  unsubscribe (self);
  g_clear_handle_id (&self->watch_id, g_bus_unwatch_name);
  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  stop_sysfs (self);
  g_clear_object (&self->bus);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (ssdb_device_monitor_parent_class)->dispose (object);
}

static void
ssdb_device_monitor_finalize (GObject *object)
{
  SsdbDeviceMonitor *self = SSDB_DEVICE_MONITOR (object);

  g_ptr_array_unref (self->items);
  g_hash_table_unref (self->objects);

  G_OBJECT_CLASS (ssdb_device_monitor_parent_class)->finalize (object);
}

static void
ssdb_device_monitor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsdbDeviceMonitor *self = SSDB_DEVICE_MONITOR (object);

  switch (prop_id)
    {
      case PROP_BACKEND:
        g_value_set_string (value, self->backend);
        break;
      case PROP_READY:
        g_value_set_boolean (value, self->ready);
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ssdb_device_monitor_class_init (SsdbDeviceMonitorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ssdb_device_monitor_dispose;
  object_class->finalize = ssdb_device_monitor_finalize;
  object_class->get_property = ssdb_device_monitor_get_property;

  /**
   * SsdbDeviceMonitor:backend:
   *
   * "udisks2" or "sysfs": where the list comes from.
   */
  properties[PROP_BACKEND]
      = g_param_spec_string ("backend", NULL, NULL, NULL,
                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /**
   * SsdbDeviceMonitor:ready:
   *
   * %TRUE once the first listing is in the model.
   */
  properties[PROP_READY]
      = g_param_spec_boolean ("ready", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ssdb_device_monitor_init (SsdbDeviceMonitor *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->objects
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_hash_table_unref);
  self->cancellable = g_cancellable_new ();
  self->poll_interval_ms = 2000;
}

SsdbDeviceMonitor *
ssdb_device_monitor_new (SsdbDeviceMonitorFlags flags)
{
  SsdbDeviceMonitor *self = g_object_new (SSDB_TYPE_DEVICE_MONITOR, NULL);

  self->flags = flags;
  if (flags & SSDB_DEVICE_MONITOR_SYSFS_ONLY)
    start_sysfs (self);
  else
    g_bus_get (G_BUS_TYPE_SYSTEM, self->cancellable, got_bus, g_object_ref (self));
  return self;
}

const char *
ssdb_device_monitor_get_backend (SsdbDeviceMonitor *self)
{
  g_return_val_if_fail (SSDB_IS_DEVICE_MONITOR (self), NULL);
  return self->backend;
}

gboolean
ssdb_device_monitor_is_ready (SsdbDeviceMonitor *self)
{
  g_return_val_if_fail (SSDB_IS_DEVICE_MONITOR (self), FALSE);
  return self->ready;
}

SsdbDevice *
ssdb_device_monitor_lookup (SsdbDeviceMonitor *self, const char *path)
{
  g_autofree char *resolved = NULL;

  g_return_val_if_fail (SSDB_IS_DEVICE_MONITOR (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  resolved = g_str_has_prefix (path, "/") ? g_canonicalize_filename (path, NULL) : NULL;
  for (guint i = 0; i < self->items->len; i++)
    {
      SsdbDevice *dev = g_ptr_array_index (self->items, i);
      const SsdbDeviceInfo *info = ssdb_device_get_info (dev);

      if (g_strcmp0 (info->device_path, path) == 0 || g_strcmp0 (info->name, path) == 0
          || g_strcmp0 (info->preferred_path, path) == 0
          || (resolved != NULL && g_strcmp0 (info->device_path, resolved) == 0))
        return g_object_ref (dev);
    }
  return NULL;
}

void
ssdb_device_monitor_set_poll_interval (SsdbDeviceMonitor *self, guint interval_ms)
{
  g_return_if_fail (SSDB_IS_DEVICE_MONITOR (self));
  g_return_if_fail (interval_ms > 0);

  self->poll_interval_ms = interval_ms;
  if (self->poll_id != 0)
    {
      g_source_remove (self->poll_id);
      self->poll_id = g_timeout_add (self->poll_interval_ms, sysfs_poll_cb, self);
    }
}
