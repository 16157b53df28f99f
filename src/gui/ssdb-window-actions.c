/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's actions (win.*): Start and Stop for the test of the page shown, with the write
 * permission and the "data will be destroyed" confirmation the tests that write need; the folder
 * chooser for a test file; the report, image and compare actions; the page shortcuts; the
 * preferences and the shortcuts window. */
#include "ssdb-window-private.h"

#include <string.h>

#include <glib/gi18n.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"
#include "ssdb-preferences-window.h"

/* ---- starting and stopping ----------------------------------------------------------------- */

/* What a start on the selected target is given; @permission is the medium the user confirmed
 * may be overwritten (%NULL for reads and test files). */
static gboolean
get_start (SsdbWindow *self, const SsdbDeviceIdentity *permission, SsdbTestPageStart *start)
{
  g_autofree char *title = NULL;
  SsdbTestPageTarget target;

  memset (start, 0, sizeof *start);
  _ssdb_window_get_page_target (self, &target, &title);
  if (target.path == NULL)
    return FALSE;
  start->path = target.path;
  start->is_device = target.is_device;
  start->permission = permission;
  start->file_size = (guint64)g_settings_get_int (self->settings, "size-mib") * MIB;
  start->device_bytes = target.device_bytes;
  start->block_size = target.block_size;
  return TRUE;
}

/* Whether the next run on the selected disk turns its NCQ off (win.ncq-off, on Drive Info). */
static gboolean
ncq_off_chosen (SsdbWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "ncq-off");
  g_autoptr (GVariant) state = action ? g_action_get_state (action) : NULL;

  return self->device != NULL && state != NULL && g_variant_get_boolean (state);
}

/* Starts the test of @page; on a device that writes only with @permission, the medium the
 * user confirmed. */
static void
run_page (SsdbWindow *self, SsdbTestPage *page, const SsdbDeviceIdentity *permission)
{
  g_autoptr (GError) error = NULL;
  SsdbTestPageStart start;
  SsdbTestKind kind = ssdb_test_page_get_kind (page);

  if (!get_start (self, permission, &start))
    return;
  ssdb_page_run_set_ncq_off (ssdb_test_page_get_run (page), ncq_off_chosen (self));
  if (!ssdb_test_page_start (page, &start, &error))
    {
      _ssdb_window_show_toast (self, error->message);
      return;
    }
  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (self->pages[i] == page)
      self->run_kinds[i] = kind;
  /* Only the test that runs now stops showing the loaded report. */
  _ssdb_window_drop_report_view (self, kind);
  _ssdb_window_inhibit_suspend (self);
  _ssdb_window_set_running_ui (self);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
}

/* Starts the test of @page, after what its writes need: nothing for reads and test files,
 * the shared write permission, or a confirmation at every start. */
static void
start_page (SsdbWindow *self, SsdbTestPage *page)
{
  g_autoptr (GError) error = NULL;
  SsdbTestPageWrites writes;
  SsdbTestPageStart start;

  if (!get_start (self, NULL, &start))
    return;
  /* Settings the target cannot take are refused before anything is asked. */
  if (!ssdb_test_page_check (page, &start, &error))
    {
      _ssdb_window_show_toast (self, error->message);
      return;
    }
  if (self->device == NULL)
    {
      run_page (self, page, NULL); /* a test file: nothing to confirm */
      return;
    }
  _ssdb_window_update_write_controls (self, TRUE); /* the device may have been mounted meanwhile */
  writes = ssdb_test_page_get_writes (page);
  if (writes == SSDB_TEST_PAGE_WRITES_SHARED)
    {
      if (!_ssdb_window_confirmed_for_selected (self, TRUE))
        {
          /* Another medium behind the device, or never confirmed: nothing starts until the
           * user decides again (a page that still asks is asked now). */
          if (ssdb_test_page_get_writes (page) == SSDB_TEST_PAGE_WRITES_SHARED)
            _ssdb_window_request_shared_writes (self, page);
          return;
        }
      run_page (self, page, self->confirmed);
      return;
    }
  if (writes == SSDB_TEST_PAGE_WRITES_NONE)
    {
      run_page (self, page, NULL); /* reads only: nothing to confirm */
      return;
    }
  if (self->write_refusal != NULL)
    {
      _ssdb_window_show_toast (self, self->write_refusal);
      return;
    }
  /* Writes destroy data: asked at every start, naming the device, unless the user allowed this
   * medium for the session. */
  _ssdb_window_show_confirm_dialog (self, page, FALSE);
}

static void
start_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  SsdbWindow *self = SSDB_WINDOW (data);
  SsdbTestPage *page = _ssdb_window_visible_page (self);

  if (_ssdb_window_target_path (self) == NULL)
    {
      _ssdb_window_show_toast (self, _ ("Choose a drive or a folder first"));
      return;
    }
  if (_ssdb_window_any_running (self))
    return;
  /* Drive Info has no test of its own: Start runs the summary. */
  start_page (self, page != NULL ? page : SSDB_TEST_PAGE (self->summary_page));
}

static void
stop_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  SsdbWindow *self = SSDB_WINDOW (data);

  /* Only cancel: the runs report their end on their own, within 100 ms, and the next frame
   * shows it. Nothing else changes on screen meanwhile, so the end never waits behind a
   * frame this would have started. */
  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_stop (self->pages[i]);
}

/* ---- write confirmation -------------------------------------------------------------------- */

/* The medium the open confirmation named, if it is still the one behind the device: else
 * NULL, with a toast saying that nothing was written. */
static SsdbDeviceIdentity *
take_confirmed_identity (SsdbWindow *self)
{
  g_autoptr (SsdbDeviceIdentity) asked = g_steal_pointer (&self->confirm_identity);
  g_autoptr (SsdbDeviceIdentity) now = NULL;
  g_autofree char *mismatch = NULL;

  if (asked == NULL || self->device == NULL
      || g_strcmp0 (asked->path, ssdb_device_get_device_path (self->device)) != 0)
    return NULL;
  now = _ssdb_window_read_selected_identity (self);
  if (now == NULL)
    return NULL;
  mismatch = ssdb_device_identity_dup_mismatch (asked, now);
  if (mismatch != NULL)
    {
      g_autofree char *text = g_strdup_printf (
          _ ("Nothing was written: the medium behind %s changed while you were asked (%s)"),
          asked->path, mismatch);

      _ssdb_window_show_toast (self, text);
      return NULL;
    }
  return g_steal_pointer (&asked);
}

/* One "do not ask again": the page, the medium, and what the dialog said the test writes
 * there. Settings that change what is written (a span, a test, writes a report turned on)
 * change the words, and the next start asks again. */
typedef struct
{
  SsdbTestPage *page;
  SsdbDeviceIdentity *identity;
  char *body;
} SessionAllowance;

static void
session_allowance_free (gpointer data)
{
  SessionAllowance *a = data;

  ssdb_device_identity_free (a->identity);
  g_free (a->body);
  g_free (a);
}

/* Whether the user allowed the test of @page to overwrite the medium @identity names for the
 * rest of the session, as the confirmation @body describes it. */
static gboolean
session_allows (SsdbWindow *self, SsdbTestPage *page, const SsdbDeviceIdentity *identity,
                const char *body)
{
  for (guint i = 0; i < self->session_allowed->len; i++)
    {
      const SessionAllowance *a = g_ptr_array_index (self->session_allowed, i);

      if (a->page == page && g_strcmp0 (a->identity->path, identity->path) == 0
          && ssdb_device_identity_equal (a->identity, identity) && g_strcmp0 (a->body, body) == 0)
        return TRUE;
    }
  return FALSE;
}

/* What @page's confirmation says it writes on the selected device, as the dialog shows it. */
static char *
dup_confirm_body (SsdbWindow *self, SsdbTestPage *page)
{
  const SsdbDeviceInfo *info = ssdb_device_get_info (self->device);
  g_autofree char *title = ssdb_device_dup_title (self->device);
  g_autofree char *capacity = ssdb_gui_format_capacity (info->size_bytes);
  /* The body wraps, but never inside the capacity or the device node. */
  g_autofree char *cap = ssdb_gui_dup_unbreakable (capacity);
  g_autofree char *node = ssdb_gui_dup_unbreakable (info->device_path);

  return ssdb_test_page_dup_confirm_body (page, title, cap, node);
}

static void
on_confirm_response (AdwMessageDialog *dialog, const char *response, SsdbWindow *self)
{
  gboolean confirmed = g_strcmp0 (response, "destroy") == 0 && self->device != NULL;
  gboolean for_session = self->confirm_session_check != NULL
                         && gtk_check_button_get_active (self->confirm_session_check);
  g_autoptr (SsdbDeviceIdentity) identity = NULL;
  SsdbTestPage *page = g_steal_pointer (&self->confirm_page);
  g_autofree char *body = g_steal_pointer (&self->confirm_body);

  self->confirm_session_check = NULL;
  self->confirm_dialog = NULL;
  /* Overwrite is for the medium the dialog named: read again, now, and compared. */
  if (confirmed)
    {
      identity = take_confirmed_identity (self);
      confirmed = identity != NULL;
    }
  g_clear_pointer (&self->confirm_identity, ssdb_device_identity_free);
  if (page == NULL)
    return;
  if (!self->confirm_shared)
    {
      /* A confirmation for this start only, of what the dialog said: settings changed while
       * it was open (a report opened meanwhile, the target chosen again) write something else,
       * and are asked for again. */
      if (confirmed)
        {
          g_autofree char *now = dup_confirm_body (self, page);

          if (g_strcmp0 (now, body) != 0)
            {
              _ssdb_window_show_toast (self, _ ("Nothing was written: the test's settings "
                                                "changed while SSD Bench asked. Start it again "
                                                "to see what it writes."));
              confirmed = FALSE;
            }
        }
      if (confirmed && for_session && !session_allows (self, page, identity, body))
        {
          SessionAllowance *a = g_new0 (SessionAllowance, 1);

          a->page = page;
          a->identity = ssdb_device_identity_copy (identity);
          a->body = g_strdup (body);
          g_ptr_array_add (self->session_allowed, a);
        }
      if (confirmed)
        run_page (self, page, identity);
      return;
    }
  /* The shared write permission: until the target or its medium changes. */
  if (confirmed)
    {
      g_clear_pointer (&self->confirmed, ssdb_device_identity_free);
      self->confirmed = g_steal_pointer (&identity);
      ssdb_test_page_writes_granted (page);
    }
  else
    ssdb_test_page_writes_refused (page);
  _ssdb_window_update_write_controls (self, TRUE);
}

void
_ssdb_window_show_confirm_dialog (SsdbWindow *self, SsdbTestPage *page, gboolean shared)
{
  g_autoptr (SsdbDeviceIdentity) identity = _ssdb_window_read_selected_identity (self);
  const SsdbDeviceInfo *info = ssdb_device_get_info (self->device);
  /* Translators: the device node on a line of its own, so the title never wraps inside it */
  g_autofree char *heading = g_strdup_printf (_ ("Overwrite Data on\n%s?"), info->device_path);
  g_autofree char *body = dup_confirm_body (self, page);
  /* The tests that ask at every start can be allowed for the session, test by test and medium
   * by medium, where a new medium behind the device is sure to change its identity. */
  gboolean every_start = !shared;
  GtkWidget *dialog;

  if (identity == NULL)
    {
      /* Nothing to confirm against (the toast says why): what asked goes back to off. */
      if (shared)
        ssdb_test_page_writes_refused (page);
      return;
    }
  if (every_start && session_allows (self, page, identity, body))
    {
      g_autofree char *text
          /* Translators: %s is a device node */
          = g_strdup_printf (_ ("Overwriting %s without asking: you allowed this test on this "
                                "medium until SSD Bench quits"),
                             info->device_path);

      _ssdb_window_show_toast (self, text);
      run_page (self, page, identity);
      return;
    }
  /* What the dialog names is this medium: Overwrite checks that it is still there. */
  g_clear_pointer (&self->confirm_identity, ssdb_device_identity_free);
  self->confirm_identity = g_steal_pointer (&identity);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "destroy",
                                    _ ("_Overwrite Data"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "destroy",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  self->confirm_session_check = NULL;
  if (every_start && ssdb_device_identity_tracks_medium (self->confirm_identity))
    {
      GtkWidget *check = gtk_check_button_new_with_mnemonic (
          _ ("_Do not ask again for this test on this medium until SSD Bench quits"));

      adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), check);
      self->confirm_session_check = GTK_CHECK_BUTTON (check);
    }
  g_signal_connect (dialog, "response", G_CALLBACK (on_confirm_response), self);
  self->confirm_dialog = ADW_MESSAGE_DIALOG (dialog);
  self->confirm_page = page;
  g_free (self->confirm_body);
  self->confirm_body = g_strdup (body);
  self->confirm_shared = shared;
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- folder -------------------------------------------------------------------------------- */

static void
on_folder_response (GtkNativeDialog *dialog, int response, SsdbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      if (path != NULL)
        ssdb_window_select_target (self, path);
    }
  g_clear_object (&self->chooser);
}

static void
select_folder_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  SsdbWindow *self = SSDB_WINDOW (data);

  gtk_popover_popdown (self->target_popover);
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (
      _ ("Choose a Folder for the Test File"), GTK_WINDOW (self),
      GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _ ("_Select"), _ ("_Cancel"));
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_folder_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ---- preferences and shortcuts ------------------------------------------------------- */

/* The preferences of this window's tests, over its settings. */
static void
preferences_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  SsdbWindow *self = SSDB_WINDOW (data);
  GtkWidget *prefs = ssdb_preferences_window_new (GTK_WINDOW (self), self->settings);

  gtk_window_present (GTK_WINDOW (prefs));
}

/* The shortcuts window lists this window's accelerators. */
static void
shortcuts_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  SsdbWindow *self = SSDB_WINDOW (data);
  g_autoptr (GtkBuilder) builder
      = gtk_builder_new_from_resource ("/org/ssdbench/App/ui/ssdb-shortcuts-window.ui");
  GtkWindow *window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));

  gtk_window_set_transient_for (window, GTK_WINDOW (self));
  gtk_window_present (window);
}

/* ---- reports ------------------------------------------------------------------------------- */

static void
copy_text_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  g_free (ssdb_window_copy_text (SSDB_WINDOW (data)));
}

static void
open_report_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  _ssdb_window_open_report (data);
}

static void
save_report_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  _ssdb_window_save_report (data);
}

static void
export_image_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  ssdb_window_export_image (data);
}

static void
compare_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  _ssdb_window_compare_reports (data);
}

/* win.page('NAME'): shows a page (Alt+1 to Alt+9). */
static void
page_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  SsdbWindow *self = data;
  const char *name = g_variant_get_string (param, NULL);

  if (adw_view_stack_get_child_by_name (self->stack, name) != NULL)
    ssdb_window_set_page (self, name);
}

static const GActionEntry win_entries[] = {
  { .name = "page", .activate = page_activated, .parameter_type = "s" },
  { .name = "open-report", .activate = open_report_activated },
  { .name = "save-report", .activate = save_report_activated },
  { .name = "export-image", .activate = export_image_activated },
  { .name = "start", .activate = start_activated },
  { .name = "stop", .activate = stop_activated },
  { .name = "select-folder", .activate = select_folder_activated },
  { .name = "compare", .activate = compare_activated },
  { .name = "copy-text", .activate = copy_text_activated },
  { .name = "preferences", .activate = preferences_activated },
  { .name = "shortcuts", .activate = shortcuts_activated },
  { .name = "ncq-off", .state = "false" },
};

/* Adds the win.* actions (win.unit follows the "unit" setting) and the confirmations' state;
 * from ssdb_window_new(), once the window has its settings. */
void
_ssdb_window_actions_init (SsdbWindow *self)
{
  g_autoptr (GAction) unit_action = NULL;

  self->session_allowed = g_ptr_array_new_with_free_func (session_allowance_free);
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries),
                                   self);
  unit_action = g_settings_create_action (self->settings, "unit");
  g_action_map_add_action (G_ACTION_MAP (self), unit_action);
}
