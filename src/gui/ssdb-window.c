/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-window-private.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-safety.h"
#include "engine/ssdb-sysfs.h"
#include "engine/ssdb-text.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"

G_DEFINE_FINAL_TYPE (SsdbWindow, ssdb_window, ADW_TYPE_APPLICATION_WINDOW)

/* ---- helpers --------------------------------------------------------------------------- */

void
_ssdb_window_show_toast (SsdbWindow *self, const char *text)
{
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
}

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
_ssdb_window_dup_report_title (const SsdbTargetInfo *t)
{
  g_autofree char *cap = ssdb_format_capacity (t->size_bytes);

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

/* ---- pages ----------------------------------------------------------------------------- */

SsdbTestPage *
_ssdb_window_page_for_kind (SsdbWindow *self, SsdbTestKind kind)
{
  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (ssdb_test_page_has_kind (self->pages[i], kind))
      return self->pages[i];
  return NULL;
}

/* The test page shown, or NULL (Drive Info). */
SsdbTestPage *
_ssdb_window_visible_page (SsdbWindow *self)
{
  GtkWidget *child = adw_view_stack_get_visible_child (self->stack);

  return child != NULL && SSDB_IS_TEST_PAGE (child) ? SSDB_TEST_PAGE (child) : NULL;
}

/* Whether any test of any page is running. */
gboolean
_ssdb_window_any_running (SsdbWindow *self)
{
  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (ssdb_test_page_get_running (self->pages[i]))
      return TRUE;
  return FALSE;
}

void
_ssdb_window_set_running_ui (SsdbWindow *self)
{
  GAction *start = g_action_map_lookup_action (G_ACTION_MAP (self), "start");
  GAction *stop = g_action_map_lookup_action (G_ACTION_MAP (self), "stop");
  gboolean running = _ssdb_window_any_running (self);
  /* The summary's worker may still be ending after a stop that was reported. */
  gboolean busy
      = ssdb_page_run_get_busy (ssdb_test_page_get_run (SSDB_TEST_PAGE (self->summary_page)));

  g_simple_action_set_enabled (G_SIMPLE_ACTION (stop), running);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (start),
                               !running && _ssdb_window_target_path (self) != NULL && !busy);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->start_button),
                                  running ? "win.stop" : "win.start");
  adw_button_content_set_label (self->start_content, running ? _ ("_Stop") : _ ("_Start"));
  adw_button_content_set_icon_name (self->start_content, running ? "media-playback-stop-symbolic"
                                                                 : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->start_button),
                               running ? _ ("Stop the Benchmark (Esc)")
                                       : _ ("Start the Benchmark (F5)"));
  if (running)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "suggested-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "destructive-action");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "destructive-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "suggested-action");
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->target_button), !running);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), running);
  /* From what was read when the target was chosen or the run started: nothing on the way
   * of Start or Stop reads sysfs or /proc. */
  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_set_locked (self->pages[i], running);
}

static void
on_page_updated (SsdbPageRun *run, SsdbWindow *self)
{
  gtk_progress_bar_set_fraction (self->progress_bar, ssdb_page_run_get_fraction (run));
}

static SsdbTestPage *
page_of_run (SsdbWindow *self, SsdbPageRun *run)
{
  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (ssdb_test_page_get_run (self->pages[i]) == run)
      return self->pages[i];
  return NULL;
}

static void
on_page_finished (SsdbPageRun *run, const GError *error, SsdbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  const char *path = _ssdb_window_target_path (self);
  SsdbTestPage *page = page_of_run (self, run);
  SsdbTestKind kind = ssdb_test_page_get_kind (page);
  gconstpointer result;

  if (self->inhibit_cookie != 0 && app != NULL)
    gtk_application_uninhibit (app, self->inhibit_cookie);
  self->inhibit_cookie = 0;
  self->inhibit_requested = FALSE;
  _ssdb_window_set_running_ui (self);
  /* What the other pages learn from it (the cache a fill found). */
  result = ssdb_test_page_get_result (page, kind);
  if (result != NULL)
    for (guint i = 0; i < N_TEST_PAGES; i++)
      if (self->pages[i] != page)
        ssdb_test_page_result_finished (self->pages[i], kind, result);
  if (error == NULL)
    {
      g_autofree char *note = ssdb_test_page_dup_finished_toast (page);

      if (note != NULL)
        _ssdb_window_show_toast (self, note);
    }
  else if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    _ssdb_window_show_toast (self, ssdb_test_page_get_stopped_text (page));
  else if (path != NULL && strstr (error->message, path) == NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s: %s", path, error->message);

      _ssdb_window_show_toast (self, text);
    }
  else
    _ssdb_window_show_toast (self, error->message);
}

static void
on_page_running (SsdbWindow *self)
{
  _ssdb_window_set_running_ui (self);
}

static void
on_loaded_dropped (SsdbTestPage *page, guint kind, SsdbWindow *self)
{
  _ssdb_window_drop_report_view (self, (SsdbTestKind)kind);
}

/* ---- the shared write permission ------------------------------------------------------- */

/* Why writing to the selected device is refused (mounted, swap, read-only...), or NULL. */
char *
_ssdb_window_dup_write_refusal (SsdbWindow *self)
{
  const SsdbDeviceInfo *info;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbUsage) usage = NULL;
  char *refusal = NULL;

  if (self->device == NULL)
    return NULL;
  info = ssdb_device_get_info (self->device);
  usage = ssdb_usage_read (NULL, info->name, &error);
  if (usage != NULL)
    refusal = ssdb_usage_describe_refusal (usage, info->device_path);
  else
    refusal = g_strdup (error->message);
  if (refusal == NULL && info->read_only)
    refusal = g_strdup_printf (_ ("%s is read-only"), info->device_path);
  return refusal;
}

/* Every page starts over on the selected target. */
static void
update_page_targets (SsdbWindow *self)
{
  g_autofree char *title = NULL;
  SsdbTestPageTarget target;

  /* After _ssdb_window_update_write_controls (self, TRUE): the refusal was just read. */
  _ssdb_window_get_page_target (self, &target, &title);
  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_set_target (self->pages[i], &target);
}

/* The medium behind the selected device now, or NULL (with a toast) when it cannot be read. */
SsdbDeviceIdentity *
_ssdb_window_read_selected_identity (SsdbWindow *self)
{
  g_autoptr (GError) error = NULL;
  SsdbDeviceIdentity *id;

  if (self->device == NULL)
    return NULL;
  id = ssdb_device_identity_read (NULL, ssdb_device_get_device_path (self->device), &error);
  if (id == NULL)
    _ssdb_window_show_toast (self, error->message);
  return id;
}

/* Whether the shared write permission is for the medium behind the selected device now. When
 * another medium is there (a loop device attached to another file, a card swapped), the
 * permission ends: the pages that show it turn it off and the user is told, so that nothing
 * is written to a medium nobody agreed to overwrite. */
gboolean
_ssdb_window_confirmed_for_selected (SsdbWindow *self, gboolean tell)
{
  g_autoptr (SsdbDeviceIdentity) now = NULL;
  g_autofree char *mismatch = NULL;

  if (self->device == NULL || self->confirmed == NULL)
    return FALSE;
  if (g_strcmp0 (self->confirmed->path, ssdb_device_get_device_path (self->device)) != 0)
    return FALSE;
  now = ssdb_device_identity_read (NULL, self->confirmed->path, NULL);
  if (now != NULL)
    mismatch = ssdb_device_identity_dup_mismatch (self->confirmed, now);
  if (now != NULL && mismatch == NULL)
    return TRUE;
  if (tell)
    {
      g_autofree char *text = g_strdup_printf (
          _ ("%s no longer holds the medium you allowed to be overwritten (%s); "
             "write tests are off again"),
          self->confirmed->path, mismatch != NULL ? mismatch : _ ("it cannot be read"));

      _ssdb_window_show_toast (self, text);
    }
  g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_writes_withdrawn (self->pages[i]);
  return FALSE;
}

void
_ssdb_window_request_shared_writes (SsdbWindow *self, SsdbTestPage *page)
{
  g_autofree char *refusal = NULL;

  if (self->device == NULL)
    return; /* a test file: nothing to confirm */
  refusal = _ssdb_window_dup_write_refusal (self);
  if (refusal != NULL)
    {
      ssdb_test_page_writes_refused (page);
      _ssdb_window_show_toast (self, refusal);
      return;
    }
  if (_ssdb_window_confirmed_for_selected (self, TRUE))
    ssdb_test_page_writes_granted (page);
  else
    _ssdb_window_show_confirm_dialog (self, page, TRUE);
}

static void
on_write_requested (SsdbTestPage *page, gboolean on, SsdbWindow *self)
{
  if (on)
    _ssdb_window_request_shared_writes (self, page);
  else
    g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
}

void
_ssdb_window_inhibit_suspend (SsdbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (app == NULL)
    return;
  /* 0 when no session manager or portal can inhibit: the run goes on regardless. */
  self->inhibit_cookie
      = gtk_application_inhibit (app, GTK_WINDOW (self), GTK_APPLICATION_INHIBIT_SUSPEND,
                                 _ ("A storage benchmark is running"));
  self->inhibit_requested = TRUE;
}

/* Reads the device's use (mounted, swap, holders) again when @reread and tells the pages;
 * a refused device ends the shared write permission. */
void
_ssdb_window_update_write_controls (SsdbWindow *self, gboolean reread)
{
  g_autofree char *title = NULL;
  SsdbTestPageTarget target;

  if (reread)
    {
      g_clear_pointer (&self->write_refusal, g_free);
      self->write_refusal = _ssdb_window_dup_write_refusal (self);
    }
  if (self->write_refusal != NULL)
    g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
  _ssdb_window_get_page_target (self, &target, &title);
  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_target_changed (self->pages[i], &target);
}

/* ---- targets --------------------------------------------------------------------------- */

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
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->target_button), tip);
      gtk_image_set_from_icon_name (self->target_icon, info->rotation_rate == 0
                                                           ? "drive-harddisk-solidstate-symbolic"
                                                           : "drive-harddisk-symbolic");
    }
  else if (self->directory != NULL)
    {
      g_autofree char *base = g_path_get_basename (self->directory);

      gtk_label_set_text (self->target_label, base);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->target_button), self->directory);
      gtk_image_set_from_icon_name (self->target_icon, "folder-symbolic");
    }
  else
    {
      gtk_label_set_text (self->target_label, _ ("Choose Drive"));
      gtk_image_set_from_icon_name (self->target_icon, "drive-harddisk-symbolic");
    }
}

static void
target_changed (SsdbWindow *self)
{
  /* The pages start over on the new target: none shows a loaded report any more. */
  self->report_views = 0;
  g_clear_pointer (&self->report, ssdb_report_unref);
  g_clear_pointer (&self->report_file, g_free);
  _ssdb_window_update_report_header (self);
  update_target_button (self);
  ssdb_drive_info_set_target (self->drive_info, self->device, self->directory);
  ssdb_health_page_set_target (self->health_page, self->device, self->directory);
  g_clear_pointer (&self->write_refusal, g_free);
  self->write_refusal = _ssdb_window_dup_write_refusal (self);
  if (self->write_refusal != NULL)
    g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
  update_page_targets (self);
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
  target_changed (self);
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

static void
on_target_row_activated (GtkListBox *list, GtkListBoxRow *row, SsdbWindow *self)
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
      target_changed (self);
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

/* ---- page switcher ------------------------------------------------------------------- */

/* The widest natural width of the titles under the icons of @widget's buttons, and how many. */
static void
widest_title (GtkWidget *widget, int *widest, int *n)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LABEL (c) && gtk_widget_has_css_class (widget, "narrow"))
      {
        int nat = 0;

        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
        *widest = MAX (*widest, nat);
        (*n)++;
      }
    else
      widest_title (c, widest, n);
}

/* Space on either side of a title in the narrow page switcher, px. */
#define SWITCHER_TITLE_PADDING 3

/* The narrow page switcher would shrink its titles to "…" rather than give way to the title:
 * it asks for room for every title whole (its buttons share one width), less than the 100 px
 * a button takes at ease, so that nine pages fit in the header of a 1320 px window (a maximised
 * window on a 1366 px laptop). */
static void
update_switcher_size (SsdbWindow *self)
{
  int widest = 0, n = 0;

  widest_title (self->narrow_switcher, &widest, &n);
  gtk_widget_set_size_request (self->narrow_switcher, n * (widest + 2 * SWITCHER_TITLE_PADDING),
                               -1);
}

/* The header shows the title when the page switcher does not fit: the pages go to the bar at
 * the bottom. */
static void
on_switcher_squeezed (SsdbWindow *self)
{
  adw_view_switcher_bar_set_reveal (self->switcher_bar,
                                    adw_squeezer_get_visible_child (self->switcher_squeezer)
                                        == GTK_WIDGET (self->window_title));
}

static gboolean
ssdb_window_close_request (GtkWindow *window)
{
  SsdbWindow *self = SSDB_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (self->pages[i] != NULL)
      ssdb_test_page_stop (self->pages[i]);
  return GTK_WINDOW_CLASS (ssdb_window_parent_class)->close_request (window);
}

/* ---- object ---------------------------------------------------------------------------- */

static void
ssdb_window_dispose (GObject *object)
{
  SsdbWindow *self = SSDB_WINDOW (object);

  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (self->pages[i] != NULL)
      {
        ssdb_test_page_stop (self->pages[i]);
        g_signal_handlers_disconnect_by_data (ssdb_test_page_get_run (self->pages[i]), self);
        g_signal_handlers_disconnect_by_data (self->pages[i], self);
        self->pages[i] = NULL;
      }
  if (self->monitor != NULL)
    g_signal_handlers_disconnect_by_data (self->monitor, self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->device);
  g_clear_object (&self->settings);
  g_clear_object (&self->monitor);
  g_clear_pointer (&self->report, ssdb_report_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), SSDB_TYPE_WINDOW);

  G_OBJECT_CLASS (ssdb_window_parent_class)->dispose (object);
}

static void
ssdb_window_finalize (GObject *object)
{
  SsdbWindow *self = SSDB_WINDOW (object);

  g_free (self->directory);
  g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
  g_clear_pointer (&self->session_allowed, g_ptr_array_unref);
  g_clear_pointer (&self->confirm_identity, ssdb_device_identity_free);
  g_free (self->write_refusal);
  g_free (self->last_toast);
  g_free (self->report_file);
  g_free (self->report_text);
  G_OBJECT_CLASS (ssdb_window_parent_class)->finalize (object);
}

static void
ssdb_window_class_init (SsdbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_window_dispose;
  object_class->finalize = ssdb_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = ssdb_window_close_request;

  g_type_ensure (SSDB_TYPE_DRIVE_INFO);
  g_type_ensure (SSDB_TYPE_HEALTH_PAGE);
  g_type_ensure (SSDB_TYPE_SUMMARY_PAGE);
  g_type_ensure (SSDB_TYPE_SURFACE_PAGE);
  g_type_ensure (SSDB_TYPE_FILL_PAGE);
  g_type_ensure (SSDB_TYPE_ACCESS_PAGE);
  g_type_ensure (SSDB_TYPE_SWEEP_PAGE);
  g_type_ensure (SSDB_TYPE_WORKLOAD_PAGE);
  g_type_ensure (SSDB_TYPE_BEHAVIOUR_PAGE);
  g_type_ensure (SSDB_TYPE_SCAN_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/ssdbench/App/ui/ssdb-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SsdbWindow, name)
  BIND (toast_overlay);
  BIND (switcher_squeezer);
  BIND (narrow_switcher);
  BIND (window_title);
  BIND (switcher_bar);
  BIND (report_icon);
  BIND (target_button);
  BIND (target_popover);
  BIND (target_list);
  BIND (target_icon);
  BIND (target_label);
  BIND (start_button);
  BIND (start_content);
  BIND (progress_bar);
  BIND (stack);
  BIND (drive_info);
  BIND (health_page);
  BIND (summary_page);
  BIND (surface_page);
  BIND (fill_page);
  BIND (access_page);
  BIND (sweep_page);
  BIND (workload_page);
  BIND (behaviour_page);
  BIND (scan_page);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, on_target_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_switcher_squeezed);
}

static void
ssdb_window_init (SsdbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->pages[0] = SSDB_TEST_PAGE (self->summary_page);
  self->pages[1] = SSDB_TEST_PAGE (self->surface_page);
  self->pages[2] = SSDB_TEST_PAGE (self->fill_page);
  self->pages[3] = SSDB_TEST_PAGE (self->access_page);
  self->pages[4] = SSDB_TEST_PAGE (self->sweep_page);
  self->pages[5] = SSDB_TEST_PAGE (self->workload_page);
  self->pages[6] = SSDB_TEST_PAGE (self->behaviour_page);
  self->pages[7] = SSDB_TEST_PAGE (self->scan_page);
  _ssdb_window_report_init (self);
  for (guint i = 0; i < N_TEST_PAGES; i++)
    {
      SsdbPageRun *run = ssdb_test_page_get_run (self->pages[i]);

      g_signal_connect (run, "updated", G_CALLBACK (on_page_updated), self);
      g_signal_connect (run, "finished", G_CALLBACK (on_page_finished), self);
      g_signal_connect_swapped (run, "notify::running", G_CALLBACK (on_page_running), self);
      g_signal_connect_swapped (run, "notify::busy", G_CALLBACK (on_page_running), self);
      g_signal_connect (self->pages[i], "write-requested", G_CALLBACK (on_write_requested), self);
      g_signal_connect (self->pages[i], "loaded-dropped", G_CALLBACK (on_loaded_dropped), self);
    }
}

SsdbWindow *
ssdb_window_new (GtkApplication *app, GSettings *settings, SsdbDeviceMonitor *monitor)
{
  SsdbWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (app), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (SSDB_IS_DEVICE_MONITOR (monitor), NULL);

  self = g_object_new (SSDB_TYPE_WINDOW, "application", app, NULL);
  self->settings = g_object_ref (settings);
  self->monitor = g_object_ref (monitor);
  _ssdb_window_actions_init (self);
  ssdb_drive_info_set_monitor (self->drive_info, self->monitor);

  /* A damaged setting must not make a window of no or of absurd size. */
  gtk_window_set_default_size (
      GTK_WINDOW (self), CLAMP (g_settings_get_int (self->settings, "window-width"), 320, 16384),
      CLAMP (g_settings_get_int (self->settings, "window-height"), 320, 16384));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_set_settings (self->pages[i], self->settings);

  gtk_list_box_bind_model (self->target_list, G_LIST_MODEL (self->monitor), create_target_row, self,
                           NULL);
  g_signal_connect_swapped (self->monitor, "items-changed", G_CALLBACK (on_devices_changed), self);

  target_changed (self);
  update_switcher_size (self);
  return self;
}

AdwMessageDialog *
ssdb_window_get_confirm_dialog (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->confirm_dialog;
}

SsdbSummaryPage *
ssdb_window_get_summary_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->summary_page;
}

SsdbSurfacePage *
ssdb_window_get_surface_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->surface_page;
}

SsdbFillPage *
ssdb_window_get_fill_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->fill_page;
}

SsdbAccessPage *
ssdb_window_get_access_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->access_page;
}

SsdbSweepPage *
ssdb_window_get_sweep_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->sweep_page;
}

SsdbScanPage *
ssdb_window_get_scan_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->scan_page;
}

SsdbWorkloadPage *
ssdb_window_get_workload_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->workload_page;
}

SsdbBehaviourPage *
ssdb_window_get_behaviour_page (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->behaviour_page;
}

void
ssdb_window_set_page (SsdbWindow *self, const char *name)
{
  g_return_if_fail (SSDB_IS_WINDOW (self));
  g_return_if_fail (name != NULL);
  adw_view_stack_set_visible_child_name (self->stack, name);
}

SsdbDriveInfo *
ssdb_window_get_drive_info (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->drive_info;
}

const char *
ssdb_window_get_last_toast (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->last_toast;
}

gboolean
ssdb_window_is_inhibiting (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  return self->inhibit_requested;
}
