/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's target chooser: the header's drive button with its list of drives (a row per
 * device the monitor lists), choosing a drive or a folder, a drive that changes or goes away,
 * and the facts of the selected target that the pages and the start are given. */
#include "ssdb-window-private.h"
#include "ssdb-gui-util.h"

#include "render/ssdb-export.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "engine/ssdb-sysfs.h"
#include "engine/ssdb-units.h"

const char *
_ssdb_window_target_path (SsdbWindow *self)
{
  if (self->device != NULL)
    return ssdb_device_get_device_path (self->device);
  return self->directory;
}

static guint64
device_size (SsdbWindow *self)
{
  return self->device ? ssdb_device_get_info (self->device)->size_bytes : 0;
}

guint
_ssdb_window_read_sysfs_uint (const char *name, const char *attr)
{
  g_autofree char *path = g_strdup_printf ("/sys/class/block/%s/%s", name, attr);
  g_autofree char *text = NULL;

  if (name == NULL || !g_file_get_contents (path, &text, NULL, NULL))
    return 0;
  return (guint)g_ascii_strtoull (text, NULL, 10);
}

/* The selected device's logical block size in bytes, 0 for a folder or none. */
static guint
device_block_size (SsdbWindow *self)
{
  const SsdbDeviceInfo *d = self->device ? ssdb_device_get_info (self->device) : NULL;

  return d ? _ssdb_window_read_sysfs_uint (d->disk_name ? d->disk_name : d->name,
                                           "queue/logical_block_size")
           : 0;
}

/* The chart title for a report's target. */
char *
_ssdb_window_dup_report_title (const SsdbReport *report)
{
  const SsdbTargetInfo *t = &report->target;
  g_autofree char *cap = NULL;

  /* An imported result: the tool and what its file names, as the export says it. */
  if (report->summary != NULL && report->summary->imported != NULL)
    return ssdb_export_dup_title (report);
  cap = ssdb_gui_format_capacity (t->size_bytes);
  return g_strdup_printf ("%s%s%s · %s", t->model ? t->model : "", t->model ? " · " : "",
                          t->path ? t->path : "?", cap);
}

char *
_ssdb_window_dup_target_title (SsdbWindow *self)
{
  if (self->device != NULL)
    {
      g_autofree char *title = ssdb_device_dup_title (self->device);
      g_autofree char *subtitle = ssdb_device_dup_subtitle (self->device);

      return g_strdup_printf ("%s · %s", title, subtitle);
    }
  if (self->directory != NULL)
    return g_strdup_printf (_ ("Test file in %s"), self->directory);
  return g_strdup (_ ("No drive selected"));
}

void
_ssdb_window_get_page_target (SsdbWindow *self, SsdbTestPageTarget *target, char **title)
{
  *title = _ssdb_window_dup_target_title (self);
  target->title = *title;
  target->path = _ssdb_window_target_path (self);
  target->is_device = self->device != NULL;
  target->device_bytes = device_size (self);
  target->block_size = device_block_size (self);
  target->write_refusal = self->write_refusal;
}

void
_ssdb_window_update_page_targets (SsdbWindow *self)
{
  g_autofree char *title = NULL;
  SsdbTestPageTarget target;

  /* After _ssdb_window_update_write_controls (self, TRUE): the refusal was just read. */
  _ssdb_window_get_page_target (self, &target, &title);
  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_set_target (self->pages[i], &target);
}

static void
update_target_button (SsdbWindow *self)
{
  if (self->device != NULL)
    {
      const SsdbDeviceInfo *info = ssdb_device_get_info (self->device);
      g_autofree char *title = ssdb_device_dup_title (self->device);
      g_autofree char *subtitle = ssdb_device_dup_subtitle (self->device);
      g_autofree char *tip = g_strdup_printf ("%s\n%s", title, subtitle);

      /* The kernel name only ("nvme0n1"): the header has little room with eight pages, and the
       * capacity and model are in the tooltip, on every chart and on Drive Info. */
      gtk_label_set_text (self->target_label, info->name);
      gtk_label_set_width_chars (self->target_label, 12);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->target_button), tip);
      gtk_image_set_from_icon_name (self->target_icon, info->rotation_rate == 0
                                                           ? "drive-harddisk-solidstate-symbolic"
                                                           : "drive-harddisk-symbolic");
    }
  else if (self->directory != NULL)
    {
      g_autofree char *base = g_path_get_basename (self->directory);

      gtk_label_set_text (self->target_label, base);
      gtk_label_set_width_chars (self->target_label, 12);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->target_button), self->directory);
      gtk_image_set_from_icon_name (self->target_icon, "folder-symbolic");
    }
  else
    {
      const char *choose = _ ("Choose Drive");

      /* Never cut: the button asks for something, and "Choisir un disque" is longer than the
       * width a drive's name gets ("Choisi…isque" told nothing). */
      gtk_label_set_text (self->target_label, choose);
      gtk_label_set_width_chars (self->target_label, MAX (12, (int)g_utf8_strlen (choose, -1)));
      gtk_image_set_from_icon_name (self->target_icon, "drive-harddisk-symbolic");
    }
}

/* NCQ off (win.ncq-off) is offered for a disk with a command queue to turn down (SATA, SAS),
 * and starts off for each target. */
static void
update_ncq_action (SsdbWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "ncq-off");
  const SsdbDeviceInfo *d = self->device ? ssdb_device_get_info (self->device) : NULL;
  const char *disk = d ? (d->disk_name ? d->disk_name : d->name) : NULL;
  g_autofree char *attr
      = disk ? g_strdup_printf ("/sys/class/block/%s/device/queue_depth", disk) : NULL;
  guint depth = 0;

  if (action == NULL)
    return;
  if (disk != NULL)
    depth = _ssdb_window_read_sysfs_uint (disk, "device/queue_depth");
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (FALSE));
  /* Only root may set the depth: offered where this process can write it. */
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action),
                               depth > 1 && attr != NULL && access (attr, W_OK) == 0);
}

void
_ssdb_window_target_changed (SsdbWindow *self)
{
  /* The pages start over on the new target: none shows a loaded report any more. */
  self->report_views = 0;
  g_clear_pointer (&self->report, ssdb_report_unref);
  g_clear_pointer (&self->report_file, g_free);
  _ssdb_window_update_report_header (self);
  update_target_button (self);
  update_ncq_action (self);
  ssdb_drive_info_set_target (self->drive_info, self->device, self->directory);
  ssdb_health_page_set_target (self->health_page, self->device, self->directory);
  g_clear_pointer (&self->write_refusal, g_free);
  self->write_refusal = _ssdb_window_dup_write_refusal (self);
  if (self->write_refusal != NULL)
    g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
  _ssdb_window_update_page_targets (self);
  _ssdb_window_set_running_ui (self);
}

gboolean
ssdb_window_select_target (SsdbWindow *self, const char *path)
{
  struct stat st;
  g_autoptr (SsdbDevice) device = NULL;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (_ssdb_window_any_running (self))
    return FALSE;
  if (stat (path, &st) != 0 || !(S_ISBLK (st.st_mode) || S_ISDIR (st.st_mode)))
    {
      g_autofree char *text = g_strdup_printf (_ ("%s is neither a drive nor a folder"), path);

      _ssdb_window_show_toast (self, text);
      return FALSE;
    }

  g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
  g_clear_object (&self->device);
  g_clear_pointer (&self->directory, g_free);
  if (S_ISBLK (st.st_mode))
    {
      device = ssdb_device_monitor_lookup (self->monitor, path);
      if (device == NULL)
        {
          /* Not listed (yet): describe it from sysfs. */
          g_autofree char *name
              = ssdb_block_name_from_devnum (NULL, major (st.st_rdev), minor (st.st_rdev));
          g_autoptr (SsdbBlockFacts) facts = name ? ssdb_block_facts_read (NULL, name, NULL) : NULL;
          SsdbDeviceInfo info = { 0 };

          if (facts == NULL)
            {
              g_autofree char *text
                  = g_strdup_printf (_ ("%s: no such block device in sysfs"), path);

              _ssdb_window_show_toast (self, text);
              return FALSE;
            }
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
          device = ssdb_device_new (&info);
        }
      self->device = g_steal_pointer (&device);
    }
  else
    self->directory = g_canonicalize_filename (path, NULL);
  _ssdb_window_target_changed (self);
  return TRUE;
}

const char *
ssdb_window_get_target_path (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return _ssdb_window_target_path (self);
}

static GtkWidget *
create_target_row (gpointer item, gpointer data)
{
  SsdbDevice *device = SSDB_DEVICE (item);
  const SsdbDeviceInfo *info = ssdb_device_get_info (device);
  g_autofree char *title = ssdb_device_dup_title (device);
  g_autofree char *subtitle = ssdb_device_dup_subtitle (device);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon, *label;

  icon = gtk_image_new_from_icon_name (info->is_partition ? "media-flash-symbolic"
                                       : info->rotation_rate == 0
                                           ? "drive-harddisk-solidstate-symbolic"
                                           : "drive-harddisk-symbolic");
  if (info->is_partition)
    gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (labels), label);
  label = gtk_label_new (subtitle);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (labels), label);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), labels);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "device-path", g_strdup (info->device_path), g_free);
  return row;
}

void
_ssdb_window_on_target_row_activated (GtkListBox *list, GtkListBoxRow *row, SsdbWindow *self)
{
  const char *path = g_object_get_data (G_OBJECT (row), "device-path");

  gtk_popover_popdown (self->target_popover);
  if (path != NULL)
    ssdb_window_select_target (self, path);
}

static void
on_devices_changed (SsdbWindow *self)
{
  g_autoptr (SsdbDevice) now = NULL;

  if (self->device == NULL)
    return;
  now = ssdb_device_monitor_lookup (self->monitor, ssdb_device_get_device_path (self->device));
  if (now == NULL && ssdb_device_monitor_is_ready (self->monitor)
      && !_ssdb_window_any_running (self)
      && access (ssdb_device_get_device_path (self->device), F_OK) != 0)
    {
      g_autofree char *text
          = g_strdup_printf (_ ("%s was removed"), ssdb_device_get_device_path (self->device));

      _ssdb_window_show_toast (self, text);
      g_clear_object (&self->device);
      g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
      _ssdb_window_target_changed (self);
      return;
    }
  if (now != NULL && !ssdb_device_equal (now, self->device))
    {
      g_set_object (&self->device, now);
      update_target_button (self);
      if (!_ssdb_window_any_running (self))
        {
          ssdb_drive_info_set_target (self->drive_info, self->device, NULL);
          _ssdb_window_update_write_controls (self, TRUE);
        }
    }
}

void
_ssdb_window_target_init (SsdbWindow *self)
{
  gtk_list_box_bind_model (self->target_list, G_LIST_MODEL (self->monitor), create_target_row, self,
                           NULL);
  g_signal_connect_swapped (self->monitor, "items-changed", G_CALLBACK (on_devices_changed), self);

  _ssdb_window_target_changed (self);
}
