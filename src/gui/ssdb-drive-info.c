/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-drive-info.h"

#include <glib/gi18n.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "engine/ssdb-report.h"
#include "engine/ssdb-safety.h"
#include "engine/ssdb-stack.h"
#include "engine/ssdb-sysfs.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"

struct _SsdbDriveInfo
{
  AdwBin parent_instance;

  GtkWidget *scroller;
  GtkWidget *box;
  GHashTable *values; /* row title in English (untranslated) -> shown value */
  SsdbDeviceMonitor *monitor; /* nullable */
};

G_DEFINE_FINAL_TYPE (SsdbDriveInfo, ssdb_drive_info, ADW_TYPE_BIN)

char *
ssdb_alignment_describe (guint64 start_sector, gboolean *ok)
{
  guint64 start = start_sector * 512;
  char kib[G_ASCII_DTOSTR_BUF_SIZE];

  *ok = start % 4096 == 0;
  g_ascii_formatd (kib, sizeof kib, start % 1024 ? "%.1f" : "%.0f", start / 1024.0);
  if (!*ok)
    /* Translators: %s is the partition's start in KiB, e.g. 31.5 */
    return g_strdup_printf (_ ("BAD · starts at %s KiB, not a multiple of 4 KiB"), kib);
  if (start % (1024 * 1024) == 0)
    /* Translators: %s is the partition's start in KiB, e.g. 1024 */
    return g_strdup_printf (_ ("OK · starts at %s KiB (1 MiB aligned)"), kib);
  /* Translators: %s is the partition's start in KiB, e.g. 4 */
  return g_strdup_printf (_ ("OK · starts at %s KiB (4 KiB aligned)"), kib);
}

static GtkWidget *
add_group (SsdbDriveInfo *self, const char *title, const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_box_append (GTK_BOX (self->box), group);
  return group;
}

static GtkWidget *
value_label (const char *value)
{
  GtkWidget *label = gtk_label_new (value);

  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  /* Short values ("Unknown", "zram", "No", a path) never wrap: a wrapping label gets its
   * narrowest width in a row, which broke them inside a word. Long ones wrap between words at
   * about 40 characters (UTF-8 bytes count the wide CJK characters about twice). */
  if (g_utf8_strlen (value, -1) > 24)
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_width_chars (GTK_LABEL (label), (int)MIN (strlen (value), 40));
      gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
    }
  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_RIGHT);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* @title: the row's title in English, marked with N_(); shown translated, kept as the key of
 * self->values untranslated. */
static GtkWidget *
add_row (SsdbDriveInfo *self, GtkWidget *group, const char *title, const char *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label;

  if (value == NULL || *value == '\0')
    value = _ ("Unknown");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ (title));
  label = value_label (value);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  g_hash_table_insert (self->values, g_strdup (title), g_strdup (value));
  return row;
}

static void
add_row_status (SsdbDriveInfo *self, GtkWidget *group, const char *title, const char *value,
                gboolean good)
{
  GtkWidget *row = add_row (self, group, title, value);
  GtkWidget *icon
      = gtk_image_new_from_icon_name (good ? "emblem-ok-symbolic" : "dialog-warning-symbolic");

  gtk_widget_add_css_class (icon, good ? "success" : "warning");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
}

typedef struct
{
  GtkLabel *label;
  char *serial;
} SerialData;

static void
serial_data_free (gpointer data, GClosure *closure)
{
  SerialData *sd = data;

  g_free (sd->serial);
  g_free (sd);
}

static void
on_serial_toggled (GtkToggleButton *button, SerialData *sd)
{
  gboolean shown = gtk_toggle_button_get_active (button);

  gtk_label_set_text (sd->label, shown ? sd->serial : "••••••••••••");
  gtk_button_set_icon_name (GTK_BUTTON (button),
                            shown ? "view-conceal-symbolic" : "view-reveal-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (button),
                               shown ? _ ("Hide Serial Number") : _ ("Show Serial Number"));
}

static void
add_serial_row (SsdbDriveInfo *self, GtkWidget *group, const char *serial)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label, *button;
  SerialData *sd;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("Serial Number"));
  if (serial == NULL || *serial == '\0')
    {
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), value_label (_ ("Unknown")));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      return;
    }
  label = value_label ("••••••••••••");
  button = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (button), "view-reveal-symbolic");
  gtk_widget_set_tooltip_text (button, _ ("Show Serial Number"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  sd = g_new0 (SerialData, 1);
  sd->label = GTK_LABEL (label);
  sd->serial = g_strdup (serial);
  g_signal_connect_data (button, "toggled", G_CALLBACK (on_serial_toggled), sd, serial_data_free,
                         0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  g_hash_table_insert (self->values, g_strdup ("Serial Number"), g_strdup (serial));
}

static char *
format_rotation (const SsdbDeviceInfo *dev, const SsdbBlockFacts *facts)
{
  int rate = dev ? dev->rotation_rate : -2;

  if (rate > 0)
    /* Translators: %d is the rotation rate, e.g. 7200 */
    return g_strdup_printf (_ ("Spinning disk · %d rpm"), rate);
  if (rate == -1)
    return g_strdup (_ ("Spinning disk"));
  if (rate == 0)
    return g_strdup (_ ("Solid state (no rotation)"));
  if (facts != NULL)
    return g_strdup (facts->rotational ? _ ("Spinning disk") : _ ("Solid state (no rotation)"));
  return NULL;
}

static char *
format_usage (const SsdbUsage *usage, gboolean *free_out)
{
  *free_out = FALSE;
  if (usage == NULL)
    return NULL;
  if (usage->mounted_at != NULL)
    /* Translators: the mount point, then the mounted device, e.g. /home (/dev/sda2) */
    return g_strdup_printf (_ ("Mounted at %s (%s)"), usage->mounted_at,
                            usage->mounted_name ? usage->mounted_name : "");
  if (usage->swap != NULL)
    return g_strdup_printf (_ ("In use as swap (%s)"), usage->swap);
  if (usage->holder != NULL)
    /* Translators: %s is the device holding this one, e.g. dm-0 */
    return g_strdup_printf (_ ("Held by %s"), usage->holder);
  if (usage->uses->len > 0)
    {
      /* The rest of the stack (a loop device over this one, another program): in the safety
       * rules' own words, the reason a write test would be refused. */
      const SsdbUse *use = g_ptr_array_index (usage->uses, 0);

      if (use->subject == NULL)
        /* Translators: the use of this device, e.g. "is open in dd (PID 42) for writing" */
        return g_strdup_printf (_ ("This device %s"), use->detail);
      return g_strdup_printf ("%s%s %s", use->subject,
                              strstr (use->subject, ", which") != NULL ? "," : "", use->detail);
    }
  *free_out = TRUE;
  return g_strdup (_ ("Not mounted, not in use"));
}

/* The queue's state: the block layer's request queue, the scheduler, how the kernel treats the
 * drive's write cache (queue/write_cache: the kernel's view, not the drive's setting) and,
 * for SCSI and ATA disks, the command queue depth (device/queue_depth: NCQ for SATA, TCQ for
 * SCSI, 1 = one command at a time), with the switch that turns it off for the next tests where
 * @offer_ncq_off. */
static void
add_queue_rows (SsdbDriveInfo *self, GtkWidget *group, guint nr_requests, const char *scheduler,
                const char *write_cache, guint device_queue_depth, guint ncq_depth_before,
                gboolean offer_ncq_off)
{
  g_autofree char *queue = NULL;
  g_autofree char *ncq = NULL;

  if (nr_requests > 0)
    /* Translators: the block layer's request queue size, e.g. 64 requests */
    queue = g_strdup_printf (ngettext ("%u request", "%u requests", nr_requests), nr_requests);
  add_row (self, group, N_ ("Queue Depth"), queue);
  add_row (self, group, N_ ("I/O Scheduler"), scheduler);
  if (write_cache != NULL)
    add_row (self, group, N_ ("Write Cache"),
             g_str_equal (write_cache, "write back")
                 ? _ ("Write back: the kernel sends cache flushes to the drive")
             : g_str_equal (write_cache, "write through")
                 ? _ ("Write through: the kernel sends no cache flushes")
                 : write_cache);
  if (device_queue_depth == 1 && ncq_depth_before > 1)
    {
      /* Translators: NCQ was turned off for the run, e.g. "1 command at a time: NCQ turned off
       * for the run (32 commands before)" */
      ncq = g_strdup_printf (_ ("1 command at a time: NCQ turned off for the run (%u commands "
                                "before)"),
                             ncq_depth_before);
      add_row (self, group, N_ ("Command Queue"), ncq);
    }
  else if (device_queue_depth == 1)
    add_row (self, group, N_ ("Command Queue"), _ ("1 command at a time (NCQ off)"));
  else if (device_queue_depth > 1)
    {
      /* Translators: the drive's command queue depth (NCQ or TCQ), e.g. "32 commands" */
      ncq = g_strdup_printf (ngettext ("%u command", "%u commands", device_queue_depth),
                             device_queue_depth);
      add_row (self, group, N_ ("Command Queue"), ncq);
      if (offer_ncq_off)
        {
          /* The window's win.ncq-off: the next tests on this disk run with NCQ off. */
          GtkWidget *row = adw_action_row_new ();
          GtkWidget *sw = gtk_switch_new ();

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("NCQ Off During Tests"));
          adw_action_row_set_subtitle (
              ADW_ACTION_ROW (row),
              _ ("Tests on this disk send one command at a time; the queue depth comes back "
                 "after each"));
          gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (sw), "win.ncq-off");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
        }
    }
}

/* What lies under the target (loop devices, backing files, file systems), in the engine's
 * words as the reports say it, with what that means for the figures; nothing for a device
 * with nothing under it. Takes @stack. */
static void
add_stack_row (SsdbDriveInfo *self, GtkWidget *group, SsdbStack *stack)
{
  g_autoptr (SsdbStack) owned = stack;
  g_auto (GStrv) labels = ssdb_stack_dup_labels (stack);
  g_autoptr (GString) text = NULL;
  g_autofree char *layers = NULL;

  if (stack->layers->len <= 1 && labels[0] == NULL)
    return;
  layers = ssdb_stack_describe (stack);
  text = g_string_new (layers);
  for (guint i = 0; labels[i] != NULL; i++)
    g_string_append_printf (text, "\n%s", labels[i]);
  add_row_status (self, group, N_ ("Stack"), text->str, labels[0] == NULL);
}

static void
add_block_groups (SsdbDriveInfo *self, const SsdbDeviceInfo *dev, const char *name)
{
  g_autoptr (SsdbBlockFacts) facts = ssdb_block_facts_read (NULL, name, NULL);
  g_autoptr (SsdbBlockFacts) disk = NULL;
  g_autoptr (SsdbUsage) usage = ssdb_usage_read (NULL, name, NULL);
  g_autofree char *cap = NULL, *cap_full = NULL, *rot = NULL, *sectors = NULL;
  g_autofree char *usage_text = NULL, *node = NULL, *bytes = NULL;
  const char *model, *vendor, *revision, *serial, *bus;
  GtkWidget *group;
  gboolean free_dev = FALSE;
  guint64 size;

  if (facts != NULL && facts->is_partition)
    disk = ssdb_block_facts_read (NULL, facts->disk_name, NULL);

  model = dev && dev->model ? dev->model : facts ? facts->model : NULL;
  vendor = dev && dev->vendor ? dev->vendor : facts ? facts->vendor : NULL;
  revision = dev && dev->revision ? dev->revision : facts ? facts->firmware : NULL;
  serial = dev && dev->serial ? dev->serial : facts ? facts->serial : NULL;
  bus = dev && dev->connection_bus ? dev->connection_bus : facts ? facts->transport : NULL;
  if (model == NULL && disk != NULL)
    model = disk->model;
  size = dev ? dev->size_bytes : facts ? facts->size_bytes : 0;
  node = g_strconcat ("/dev/", name, NULL);

  group = add_group (self, _ ("Drive"), NULL);
  add_row (self, group, N_ ("Model"), model);
  if (vendor != NULL)
    add_row (self, group, N_ ("Vendor"), vendor);
  add_row (self, group, N_ ("Firmware"), revision);
  add_serial_row (self, group, serial);
  add_row (self, group, N_ ("Interface"), ssdb_format_bus (bus));
  rot = format_rotation (dev, facts);
  add_row (self, group, N_ ("Media"), rot);
  if (dev != NULL && dev->object_path != NULL)
    add_row (self, group, N_ ("SMART"),
             dev->smart_supported ? _ ("Available") : _ ("Not available"));
  else
    add_row (self, group, N_ ("SMART"), _ ("Unknown (UDisks2 not available)"));

  group = add_group (self, _ ("Device"), NULL);
  add_row (self, group, N_ ("Device"), dev ? dev->device_path : node);
  cap = ssdb_gui_format_capacity (size);
  /* The exact byte count, digits grouped as the locale groups them. */
  bytes = g_strdup_printf ("%'" G_GUINT64_FORMAT, size);
  /* Translators: the capacity, then the exact number of bytes, e.g. 1.0 TB (1000204886016 bytes) */
  cap_full = g_strdup_printf (_ ("%s (%s bytes)"), cap, bytes);
  add_row (self, group, N_ ("Capacity"), cap_full);
  if (facts != NULL)
    {
      sectors = g_strdup_printf (_ ("%u bytes logical · %u bytes physical"),
                                 facts->logical_block_size, facts->physical_block_size);
      add_row (self, group, N_ ("Sector Size"), sectors);
      add_row (self, group, N_ ("Discard (TRIM)"),
               facts->discard ? _ ("Supported") : _ ("Not supported"));
      add_queue_rows (self, group, facts->nr_requests, facts->scheduler, facts->write_cache,
                      facts->device_queue_depth, 0, TRUE);
      add_row (self, group, N_ ("Read Only"), facts->read_only ? _ ("Yes") : _ ("No"));
      if (facts->backing_file != NULL)
        add_row (self, group, N_ ("Backing File"), facts->backing_file);
    }

  group = add_group (self, _ ("Partition and Use"), NULL);
  if (facts != NULL && facts->is_partition)
    {
      gboolean ok;
      g_autofree char *align = ssdb_alignment_describe (facts->start_sector, &ok);

      add_row_status (self, group, N_ ("Alignment"), align, ok);
    }
  else
    add_row (self, group, N_ ("Alignment"), _ ("Whole disk (no partition offset)"));
  usage_text = format_usage (usage, &free_dev);
  add_row_status (self, group, N_ ("Mount State"), usage_text, free_dev);
  add_stack_row (self, group, ssdb_stack_resolve_device (NULL, name));
}

static void
add_directory_groups (SsdbDriveInfo *self, const char *directory)
{
  g_autoptr (GFile) file = g_file_new_for_path (directory);
  g_autoptr (GFileInfo) fsinfo = NULL;
  g_autofree char *name = NULL, *free_text = NULL;
  GtkWidget *group;
  struct stat st;

  fsinfo = g_file_query_filesystem_info (
      file, G_FILE_ATTRIBUTE_FILESYSTEM_TYPE "," G_FILE_ATTRIBUTE_FILESYSTEM_FREE, NULL, NULL);
  group = add_group (self, _ ("Test File"),
                     _ ("A temporary file is created in this folder for the run "
                        "and removed afterwards."));
  add_row (self, group, N_ ("Folder"), directory);
  if (fsinfo != NULL)
    {
      g_autofree char *cap = ssdb_gui_format_capacity (
          g_file_info_get_attribute_uint64 (fsinfo, G_FILE_ATTRIBUTE_FILESYSTEM_FREE));

      add_row (self, group, N_ ("File System"),
               g_file_info_get_attribute_string (fsinfo, G_FILE_ATTRIBUTE_FILESYSTEM_TYPE));
      /* Translators: %s is a capacity, e.g. 12.3 GB */
      free_text = g_strdup_printf (_ ("%s free"), cap);
      add_row (self, group, N_ ("Free Space"), free_text);
    }
  if (stat (directory, &st) == 0)
    name = ssdb_block_name_from_devnum (NULL, major (st.st_dev), minor (st.st_dev));
  add_stack_row (self, group, ssdb_stack_resolve_directory (NULL, directory));
  if (name != NULL)
    {
      g_autoptr (SsdbDevice) dev
          = self->monitor ? ssdb_device_monitor_lookup (self->monitor, name) : NULL;

      add_block_groups (self, dev ? ssdb_device_get_info (dev) : NULL, name);
    }
  else
    add_row (self, group, N_ ("Device"), _ ("None (the file system has no block device)"));
}

/* Empties the page for new groups. */
static void
start_over (SsdbDriveInfo *self)
{
  GtkWidget *clamp = adw_clamp_new ();

  g_hash_table_remove_all (self->values);
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  gtk_widget_set_margin_top (self->box, 24);
  gtk_widget_set_margin_bottom (self->box, 24);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 720);
  adw_clamp_set_child (ADW_CLAMP (clamp), self->box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), clamp);
}

void
ssdb_drive_info_set_target (SsdbDriveInfo *self, SsdbDevice *device, const char *directory)
{
  g_return_if_fail (SSDB_IS_DRIVE_INFO (self));

  start_over (self);
  if (device != NULL)
    add_block_groups (self, ssdb_device_get_info (device), ssdb_device_get_info (device)->name);
  else if (directory != NULL)
    add_directory_groups (self, directory);
  else
    {
      GtkWidget *status = adw_status_page_new ();

      adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), "drive-harddisk-symbolic");
      adw_status_page_set_title (ADW_STATUS_PAGE (status), _ ("No Drive Selected"));
      adw_status_page_set_description (ADW_STATUS_PAGE (status),
                                       _ ("Choose a drive or a folder in the header bar."));
      gtk_box_append (GTK_BOX (self->box), status);
    }
}

/* An imported result states little of its drive: only what its file says, and who measured. */
static void
show_imported (SsdbDriveInfo *self, const SsdbReport *report)
{
  const SsdbSummaryImport *im = report->summary->imported;
  g_autofree char *tool = ssdb_summary_import_name (im);
  /* Translators: %s is a tool and its version, "CrystalDiskMark 8.0.4 x64" */
  g_autofree char *description = g_strdup_printf (
      _ ("What the result file of %s says of the drive: it states no capacity, sector size or "
         "anything else SSD Bench records. Choose a drive to see a live one."),
      tool);
  GtkWidget *group = add_group (self, _ ("Drive (from an Imported Result)"), description);

  add_row (self, group, N_ ("Device"), report->target.path);
  if (report->target.model != NULL)
    add_row (self, group, N_ ("Model"), report->target.model);
  add_row (self, group, N_ ("Measured With"), tool);
  add_row (self, group, N_ ("File"), im->file);
  if (im->date != NULL)
    add_row (self, group, N_ ("Date"), im->date);
  if (im->system != NULL)
    add_row (self, group, N_ ("System"), im->system);
  if (im->settings != NULL)
    add_row (self, group, N_ ("Settings"), im->settings);
}

void
ssdb_drive_info_show_report (SsdbDriveInfo *self, const SsdbReport *report, const char *recorded)
{
  const SsdbTargetInfo *t;
  g_autofree char *description = NULL, *cap = NULL, *bytes = NULL, *cap_full = NULL;
  g_autofree char *sectors = NULL, *system = NULL, *tool = NULL;
  GtkWidget *group;

  g_return_if_fail (SSDB_IS_DRIVE_INFO (self));
  g_return_if_fail (report != NULL);

  t = &report->target;
  start_over (self);
  if (report->summary != NULL && report->summary->imported != NULL)
    {
      show_imported (self, report);
      return;
    }
  /* Translators: the first %s is a date and time, the second a host name */
  description
      = g_strdup_printf (_ ("The target of the report, as it was recorded on %s on %s. "
                            "Choose a drive to see a live one."),
                         recorded != NULL && *recorded != '\0' ? recorded : _ ("an unknown date"),
                         report->host != NULL ? report->host : _ ("an unknown host"));
  group = add_group (self,
                     t->kind == SSDB_TARGET_FILE ? _ ("Test File (from the Report)")
                                                 : _ ("Drive (from the Report)"),
                     description);
  add_row (self, group, t->kind == SSDB_TARGET_FILE ? N_ ("Folder") : N_ ("Device"), t->path);
  if (t->kind == SSDB_TARGET_FILE)
    add_row (self, group, N_ ("File System"), t->fs_type);
  add_row (self, group, N_ ("Model"), t->model);
  if (t->vendor != NULL)
    add_row (self, group, N_ ("Vendor"), t->vendor);
  cap = ssdb_gui_format_capacity (t->size_bytes);
  bytes = g_strdup_printf ("%'" G_GUINT64_FORMAT, t->size_bytes);
  cap_full = g_strdup_printf (_ ("%s (%s bytes)"), cap, bytes);
  add_row (self, group, t->kind == SSDB_TARGET_FILE ? N_ ("Test File Size") : N_ ("Capacity"),
           cap_full);
  if (t->logical_block_size > 0)
    {
      sectors = g_strdup_printf (_ ("%u bytes logical · %u bytes physical"), t->logical_block_size,
                                 t->physical_block_size);
      add_row (self, group, N_ ("Sector Size"), sectors);
    }
  add_row (self, group, N_ ("Media"),
           t->rotational ? _ ("Spinning disk") : _ ("Solid state (no rotation)"));
  add_row (self, group, N_ ("Discard (TRIM)"), t->discard ? _ ("Supported") : _ ("Not supported"));
  add_row (self, group, N_ ("Direct I/O"),
           t->direct_io ? _ ("Yes") : _ ("No: the page cache served some requests"));
  if (t->has_queue)
    add_queue_rows (self, group, t->nr_requests, t->scheduler, t->write_cache,
                    t->device_queue_depth, t->ncq_depth_before, FALSE);
  /* An ATA drive's own settings when the run was made, as UDisks2 reported them. */
  for (guint i = 0; t->has_ata_features && i < SSDB_ATA_N_FEATURES; i++)
    if (t->ata_features[i] >= 0)
      {
        /* Translators: a drive setting read through ATA, e.g. "Write Cache (ATA)" */
        g_autofree char *title = g_strdup_printf (_ ("%s (ATA)"), ssdb_gui_ata_feature_title (i));

        add_row (self, group, title, t->ata_features[i] ? _ ("On") : _ ("Off"));
      }
  if (t->stack != NULL)
    add_stack_row (self, group, ssdb_stack_copy (t->stack));
  if (report->kernel_release != NULL)
    {
      system = g_strdup_printf ("Linux %s (%s)", report->kernel_release,
                                report->kernel_machine ? report->kernel_machine : "?");
      add_row (self, group, N_ ("System"), system);
    }
  if (report->tool_version != NULL)
    {
      tool = g_strdup_printf ("SSD Bench %s", report->tool_version);
      add_row (self, group, N_ ("Recorded With"), tool);
    }
}

void
ssdb_drive_info_set_monitor (SsdbDriveInfo *self, SsdbDeviceMonitor *monitor)
{
  g_return_if_fail (SSDB_IS_DRIVE_INFO (self));
  g_return_if_fail (monitor == NULL || SSDB_IS_DEVICE_MONITOR (monitor));

  g_set_object (&self->monitor, monitor);
}

char *
ssdb_drive_info_dup_value (SsdbDriveInfo *self, const char *title)
{
  g_return_val_if_fail (SSDB_IS_DRIVE_INFO (self), NULL);
  return g_strdup (g_hash_table_lookup (self->values, title));
}

static void
ssdb_drive_info_finalize (GObject *object)
{
  SsdbDriveInfo *self = SSDB_DRIVE_INFO (object);

  g_hash_table_unref (self->values);
  g_clear_object (&self->monitor);
  G_OBJECT_CLASS (ssdb_drive_info_parent_class)->finalize (object);
}

static void
ssdb_drive_info_class_init (SsdbDriveInfoClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ssdb_drive_info_finalize;
}

static void
ssdb_drive_info_init (SsdbDriveInfo *self)
{
  self->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  adw_bin_set_child (ADW_BIN (self), self->scroller);
  ssdb_drive_info_set_target (self, NULL, NULL);
}

GtkWidget *
ssdb_drive_info_new (void)
{
  return g_object_new (SSDB_TYPE_DRIVE_INFO, NULL);
}
