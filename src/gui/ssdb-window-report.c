/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's reports: one report of every finished result the pages show (saved, exported
 * as an image, copied as text), a report opened onto the pages, reports compared, and files
 * dropped onto the window. */
#include "ssdb-window-private.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gi18n.h>

#include "config.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-import.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-text.h"
#include "render/ssdb-export.h"
#include "ssdb-gui-util.h"

/* ---- reports and images ---------------------------------------------------------------- */

#define N_VIEWS SSDB_TEST_KIND_N
#define VIEW_BIT(v) (1u << (v))

static gboolean
loaded (SsdbWindow *self, SsdbTestKind view)
{
  return self->report != NULL && (self->report_views & VIEW_BIT (view));
}

/* When the loaded report was recorded, "2026-12-01 21:39 UTC" (its own text if it does not
 * parse, "" if it has none). */
static char *
dup_report_when (SsdbWindow *self)
{
  g_autoptr (GDateTime) date = self->report && self->report->created
                                   ? g_date_time_new_from_iso8601 (self->report->created, NULL)
                                   : NULL;

  /* An imported result: when its file says it ran, as written (its clock's zone unknown). */
  if (self->report != NULL && self->report->summary != NULL
      && self->report->summary->imported != NULL)
    {
      const SsdbSummaryImport *im = self->report->summary->imported;

      if (im->date == NULL)
        /* Translators: the time of an imported result: its tool, "fio run" */
        return g_strdup_printf (_ ("%s run"), im->tool);
      /* Translators: the time of an imported result as its file writes it, "CrystalDiskMark run
       * 2024/03/15 21:04:33" */
      return g_strdup_printf (_ ("%s run %s"), im->tool, im->date);
    }
  if (date != NULL)
    return g_date_time_format (date, "%Y-%m-%d %H:%M UTC");
  return g_strdup (self->report && self->report->created ? self->report->created : "");
}

void
_ssdb_window_update_report_header (SsdbWindow *self)
{
  g_autofree char *text = NULL;

  if (self->report != NULL && self->report_views != 0)
    {
      g_autofree char *when = dup_report_when (self);

      /* Translators: the header for a loaded report: its file name, then its date */
      text = g_strdup_printf (_ ("Report %s · %s"), self->report_file ? self->report_file : "",
                              when);
    }
  /* Under the title when the pages are in the bottom bar; in the tooltip of the icon at the
   * end of the header in either case. */
  adw_window_title_set_subtitle (self->window_title, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->report_icon), text != NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->report_icon), text);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->report_icon),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  g_free (self->report_text);
  self->report_text = g_strdup (text);
  if (text != NULL)
    {
      /* Translators: the window title while a report is shown; %s is "Report FILE · DATE" */
      g_autofree char *title = g_strdup_printf (_ ("%s — SSD Bench"), text);

      gtk_window_set_title (GTK_WINDOW (self), title);
    }
  else
    gtk_window_set_title (GTK_WINDOW (self), _ ("SSD Bench"));
}

/* The page of @view no longer shows the loaded report (a new run, other settings). */
void
_ssdb_window_drop_report_view (SsdbWindow *self, SsdbTestKind view)
{
  self->report_views &= ~VIEW_BIT (view);
  if (self->report_views == 0 && self->report != NULL)
    {
      g_clear_pointer (&self->report, ssdb_report_unref);
      g_clear_pointer (&self->report_file, g_free);
      /* No page shows the report any more: Drive Info shows the live target again. */
      ssdb_drive_info_set_target (self->drive_info, self->device, self->directory);
    }
  _ssdb_window_update_report_header (self);
}

/* The facts of the target of the pages' latest run, once it was open (the summary's). */
static const SsdbTargetInfo *
run_target_info (SsdbWindow *self)
{
  for (guint i = 0; i < N_TEST_PAGES; i++)
    if (ssdb_test_page_get_target_info (self->pages[i]) != NULL)
      return ssdb_test_page_get_target_info (self->pages[i]);
  return NULL;
}

char *
ssdb_window_copy_text (SsdbWindow *self)
{
  SsdbTestPage *page;
  const SsdbTargetInfo *info;
  const SsdbSummaryResult *result;
  char *text;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);

  page = _ssdb_window_page_for_kind (self, SSDB_TEST_KIND_SUMMARY);
  result = ssdb_test_page_get_result (page, SSDB_TEST_KIND_SUMMARY);
  info = loaded (self, SSDB_TEST_KIND_SUMMARY) ? &self->report->target : run_target_info (self);
  if (result == NULL || info == NULL)
    {
      _ssdb_window_show_toast (self, ssdb_test_page_get_running (page)
                                         ? _ ("Wait for the run to end before copying its results")
                                         : _ ("Run a summary first: there are no results to copy"));
      return NULL;
    }
  text = ssdb_summary_format_text (info, result);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  _ssdb_window_show_toast (self, _ ("Summary copied as text"));
  return text;
}

/* The finished result page @view shows (loaded or live), or NULL. */
static gconstpointer
view_result (SsdbWindow *self, SsdbTestKind view)
{
  SsdbTestPage *page = _ssdb_window_page_for_kind (self, view);

  return page != NULL ? ssdb_test_page_get_result (page, view) : NULL;
}

static gboolean
visible_view (SsdbWindow *self, SsdbTestKind *out)
{
  SsdbTestPage *page = _ssdb_window_visible_page (self);

  if (page == NULL)
    return FALSE;
  *out = ssdb_test_page_get_kind (page);
  return TRUE;
}

/* Facts about the selected target for a report of page runs, from what the window knows
 * (the device's facts, or the test-file folder and size). Strings point into the device. */
static void
live_target_info (SsdbWindow *self, SsdbTargetInfo *info)
{
  memset (info, 0, sizeof *info);
  if (self->device != NULL)
    {
      const SsdbDeviceInfo *d = ssdb_device_get_info (self->device);
      g_autofree char *queue = NULL;

      info->kind = SSDB_TARGET_DEVICE;
      info->path = d->device_path;
      info->name = d->name;
      info->disk_name = d->disk_name ? d->disk_name : d->name;
      info->size_bytes = d->size_bytes;
      info->logical_block_size = _ssdb_window_read_sysfs_uint (d->name, "queue/logical_block_size");
      info->physical_block_size
          = _ssdb_window_read_sysfs_uint (d->name, "queue/physical_block_size");
      info->rotational = d->rotation_rate > 0;
      info->discard = _ssdb_window_read_sysfs_uint (d->name, "queue/discard_max_bytes") > 0;
      info->read_only = d->read_only;
      info->removable = d->removable;
      info->model = d->model;
      info->vendor = d->vendor;
      info->direct_io = TRUE;
    }
  else
    {
      info->kind = SSDB_TARGET_FILE;
      info->path = self->directory;
      info->size_bytes = (guint64)g_settings_get_int (self->settings, "size-mib") * MIB;
      info->direct_io = TRUE;
    }
}

SsdbReport *
ssdb_window_dup_report (SsdbWindow *self, char **left_out, GError **error)
{
  gconstpointer results[N_VIEWS];
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (SsdbReport) report = NULL;
  g_autofree char *data = NULL;
  SsdbTargetInfo live_info;
  const SsdbTargetInfo *info;
  const SsdbTargetInfo *run_info = run_target_info (self);
  const char *created = NULL;
  SsdbTestKind visible;
  gboolean from_report;
  gsize length = 0;
  guint n = 0;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);

  if (left_out != NULL)
    *left_out = NULL;
  for (guint v = 0; v < N_VIEWS; v++)
    results[v] = view_result (self, (SsdbTestKind)v);
  /* The results of one target: those of the visible page's target. */
  if (visible_view (self, &visible) && results[visible] != NULL)
    from_report = self->report != NULL && (self->report_views & VIEW_BIT (visible));
  else
    from_report = self->report != NULL && self->report_views != 0;
  for (guint v = 0; v < N_VIEWS; v++)
    {
      gboolean loaded = self->report != NULL && (self->report_views & VIEW_BIT (v));

      if (results[v] == NULL)
        continue;
      if (loaded != from_report)
        {
          g_string_append_printf (out, "%s%s", out->len ? ", " : "",
                                  ssdb_gui_test_kind_title ((SsdbTestKind)v));
          results[v] = NULL;
          continue;
        }
      n++;
    }
  if (n == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   _ssdb_window_any_running (self)
                       ? _ ("Wait for the run to end before saving its report")
                       : _ ("Run a benchmark first: there is no result to save"));
      return NULL;
    }

  if (from_report)
    info = &self->report->target;
  else if (run_info != NULL && g_strcmp0 (run_info->path, _ssdb_window_target_path (self)) == 0)
    info = run_info;
  else
    {
      live_target_info (self, &live_info);
      info = &live_info;
    }
  report = ssdb_report_new (info, results[SSDB_TEST_KIND_SUMMARY]);
  for (guint v = 0; v < N_VIEWS; v++)
    if (v != SSDB_TEST_KIND_SUMMARY)
      ssdb_report_set_result (report, (SsdbTestKind)v, results[v]);
  for (guint i = 0; i < N_TEST_PAGES && created == NULL; i++)
    created = ssdb_test_page_get_created (self->pages[i]);
  if (from_report)
    {
      const SsdbReport *r = self->report;

      /* The loaded report's stamp and target facts, so nothing of it is lost. */
      g_free (report->tool_version);
      report->tool_version = g_strdup (r->tool_version);
      g_free (report->created);
      report->created = g_strdup (r->created);
      report->created_unix = r->created_unix;
      g_free (report->host);
      report->host = g_strdup (r->host);
      g_free (report->kernel_release);
      report->kernel_release = g_strdup (r->kernel_release);
      g_free (report->kernel_machine);
      report->kernel_machine = g_strdup (r->kernel_machine);
      if (r->target_extra != NULL)
        {
          g_autoptr (GList) members = json_object_get_members (r->target_extra);

          for (GList *l = members; l != NULL; l = l->next)
            ssdb_report_add_target_fact (
                report, l->data,
                json_node_copy (json_object_get_member (r->target_extra, l->data)));
        }
    }
  else if (created != NULL)
    {
      /* Stamped with the end of the summary run, not the moment of saving. */
      g_autoptr (GDateTime) date = g_date_time_new_from_iso8601 (created, NULL);

      if (date != NULL)
        {
          g_free (report->created);
          report->created = g_strdup (created);
          report->created_unix = g_date_time_to_unix (date);
        }
    }
  if (left_out != NULL && out->len > 0)
    *left_out = g_strdup (out->str);
  /* Written and read back: a report that owns its results (the pages may start new runs while
   * it is used), and proof that it loads. */
  data = ssdb_report_to_data (report, &length);
  return ssdb_report_load_from_data (data, length, _ ("the report"), error);
}

gboolean
ssdb_window_save_report_to (SsdbWindow *self, const char *path, char **left_out, GError **error)
{
  g_autoptr (SsdbReport) report = NULL;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  report = ssdb_window_dup_report (self, left_out, error);
  return report != NULL && ssdb_report_save (report, path, error);
}

gboolean
ssdb_window_export_image_to (SsdbWindow *self, const char *path, GError **error)
{
  SsdbTestPage *page;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* Drive Info has no chart of its own: the summary's. */
  page = _ssdb_window_visible_page (self);
  return ssdb_test_page_export_png (page != NULL ? page : SSDB_TEST_PAGE (self->summary_page), path,
                                    error);
}

static char *
suggested_name (SsdbWindow *self, const char *ext)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y%m%d-%H%M");
  g_autofree char *base = NULL;

  if (self->device != NULL)
    base = g_strdup (ssdb_device_get_info (self->device)->name);
  else if (self->directory != NULL)
    base = g_path_get_basename (self->directory);
  else
    base = g_strdup ("summary");
  return g_strdup_printf ("ssdbench-%s-%s.%s", base, date, ext);
}

SsdbExportDialog *
ssdb_window_export_image (SsdbWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = NULL;
  g_autofree char *left_out = NULL;
  SsdbExportDialog *dialog;
  SsdbTestKind view;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);

  report = ssdb_window_dup_report (self, &left_out, &error);
  if (report == NULL)
    {
      _ssdb_window_show_toast (self, error->message);
      return NULL;
    }
  if (!visible_view (self, &view) || !ssdb_report_has_test (report, view))
    ssdb_report_first_test (report, &view);
  dialog = ssdb_export_dialog_new (GTK_WINDOW (self), report, view);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
on_save_response (GtkNativeDialog *dialog, int response, SsdbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autofree char *left_out = NULL;
      g_autoptr (GError) error = NULL;

      if (path != NULL && !ssdb_window_save_report_to (self, path, &left_out, &error))
        _ssdb_window_show_toast (self, error->message);
      else if (path != NULL && left_out != NULL)
        {
          /* Translators: a file, then the pages whose results were not saved */
          g_autofree char *text = g_strdup_printf (
              _ ("Report saved to %s; left out, measured on another target: %s"), path, left_out);

          _ssdb_window_show_toast (self, text);
        }
      else if (path != NULL)
        {
          g_autofree char *text = g_strdup_printf (_ ("Report saved to %s"), path);

          _ssdb_window_show_toast (self, text);
        }
    }
  g_clear_object (&self->chooser);
}

void
_ssdb_window_save_report (SsdbWindow *self)
{
  g_autofree char *name = NULL;
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (GError) error = NULL;

  report = ssdb_window_dup_report (self, NULL, &error);
  if (report == NULL)
    {
      _ssdb_window_show_toast (self, error->message);
      return;
    }
  name = suggested_name (self, "json");
  g_clear_object (&self->chooser);
  self->chooser
      = gtk_file_chooser_native_new (_ ("Save Report"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), _ ("_Cancel"));
  gtk_file_filter_set_name (filter, _ ("SSD Bench Reports"));
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_save_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Puts page @view back to the selected target, without a result of @view; the title the
 * pages get is the report's when it holds a summary, as the window's title of the target. */
static void
reset_view (SsdbWindow *self, SsdbTestKind view)
{
  g_autofree char *title = NULL;
  SsdbTestPageTarget target;

  _ssdb_window_get_page_target (self, &target, &title);
  if (loaded (self, SSDB_TEST_KIND_SUMMARY))
    {
      g_free (title);
      title = _ssdb_window_dup_report_title (self->report);
      target.title = title;
    }
  ssdb_test_page_reset (_ssdb_window_page_for_kind (self, view), view, &target);
}

gboolean
ssdb_window_load_report (SsdbWindow *self, const char *path, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (SsdbReport) report = NULL;
  g_autofree char *title = NULL, *when = NULL;
  SsdbTestKind first;
  guint old_views;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (_ssdb_window_any_running (self))
    g_set_error (&local, SSDB_ERROR, SSDB_ERROR_FAILED, _ ("Stop the run before opening a report"));
  else
    report = ssdb_report_open (path, &local);
  if (report != NULL && !ssdb_report_first_test (report, &first))
    {
      g_autofree char *base = g_path_get_basename (path);

      g_set_error (&local, SSDB_ERROR, SSDB_ERROR_REPORT, _ ("%s holds no test SSD Bench can show"),
                   base);
      g_clear_pointer (&report, ssdb_report_unref);
    }
  if (report == NULL)
    {
      _ssdb_window_show_toast (self, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  old_views = self->report_views;
  g_clear_pointer (&self->report, ssdb_report_unref);
  self->report = g_steal_pointer (&report);
  g_free (self->report_file);
  self->report_file = g_path_get_basename (path);
  self->report_views = 0;
  title = _ssdb_window_dup_report_title (self->report);

  /* Backwards, so that a page of several tests opens on the first of them the report holds. */
  for (guint n = N_VIEWS; n-- > 0;)
    {
      SsdbTestKind v = (SsdbTestKind)n;

      if (ssdb_report_has_test (self->report, v)
          && ssdb_test_page_show_result (_ssdb_window_page_for_kind (self, v), v, self->report,
                                         title))
        self->report_views |= VIEW_BIT (v);
    }
  for (guint v = 0; v < N_VIEWS; v++)
    if (!(self->report_views & VIEW_BIT (v)) && (old_views & VIEW_BIT (v)))
      reset_view (self, (SsdbTestKind)v);

  _ssdb_window_update_report_header (self);
  adw_view_stack_set_visible_child (self->stack,
                                    GTK_WIDGET (_ssdb_window_page_for_kind (self, first)));
  when = dup_report_when (self);
  for (guint i = 0; i < N_TEST_PAGES; i++)
    ssdb_test_page_report_opened (self->pages[i], self->report, when);
  ssdb_drive_info_show_report (self->drive_info, self->report, when);
  return TRUE;
}

static void
on_open_response (GtkNativeDialog *dialog, int response, SsdbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      if (path == NULL)
        _ssdb_window_show_toast (self, _ ("Cannot open this file"));
      else
        ssdb_window_load_report (self, path, NULL);
    }
  g_clear_object (&self->chooser);
}

/* What Open and Compare take: SSD Bench reports, and the result files of fio (JSON) and
 * CrystalDiskMark or KDiskMark (text) that ssdb_report_open() imports. */
static void
add_open_filter (GtkFileChooserNative *chooser, GtkFileFilter *filter)
{
  gtk_file_filter_set_name (filter, _ ("Reports and Results of fio, CrystalDiskMark, KDiskMark"));
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_mime_type (filter, "text/plain");
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_filter_add_suffix (filter, "txt");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
}

void
_ssdb_window_open_report (SsdbWindow *self)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  if (ssdb_test_page_get_running (SSDB_TEST_PAGE (self->summary_page)))
    {
      _ssdb_window_show_toast (self, _ ("Stop the run before opening a report"));
      return;
    }
  g_clear_object (&self->chooser);
  self->chooser
      = gtk_file_chooser_native_new (_ ("Open Report"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));
  add_open_filter (self->chooser, filter);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

gboolean
ssdb_window_open_file (SsdbWindow *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *message = g_strdup_printf (_ ("%s is not a local file"), uri);

      g_set_error_literal (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND, message);
      _ssdb_window_show_toast (self, message);
      return FALSE;
    }
  /* A folder or a block device is a target; anything else is read as a report. */
  if (g_file_test (path, G_FILE_TEST_IS_DIR) || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      struct stat st;

      if (g_file_test (path, G_FILE_TEST_IS_DIR) || (stat (path, &st) == 0 && S_ISBLK (st.st_mode)))
        {
          if (ssdb_window_select_target (self, path))
            return TRUE;
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, "%s",
                       self->last_toast ? self->last_toast : path);
          return FALSE;
        }
    }
  return ssdb_window_load_report (self, path, error);
}

SsdbCompareWindow *
ssdb_window_compare_files (SsdbWindow *self, GFile *const *files, guint n_files, GError **error)
{
  g_autoptr (GPtrArray) reports
      = g_ptr_array_new_with_free_func ((GDestroyNotify)ssdb_report_unref);
  g_autoptr (GError) local = NULL;
  SsdbCompareWindow *compare;

  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);

  for (guint i = 0; i < n_files && local == NULL; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);
      SsdbReport *report = NULL;

      if (path == NULL)
        g_set_error (&local, SSDB_ERROR, SSDB_ERROR_NOT_FOUND, _ ("Cannot open this file"));
      else
        report = ssdb_report_open (path, &local);
      if (report != NULL)
        g_ptr_array_add (reports, report);
    }
  compare = local == NULL ? ssdb_compare_window_new (
                GTK_WINDOW (self), (SsdbReport *const *)reports->pdata, reports->len, &local)
                          : NULL;
  if (compare == NULL)
    {
      _ssdb_window_show_toast (self, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  gtk_window_present (GTK_WINDOW (compare));
  return compare;
}

static void
on_compare_response (GtkNativeDialog *dialog, int response, SsdbWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) list = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < g_list_model_get_n_items (list); i++)
        g_ptr_array_add (files, g_list_model_get_item (list, i));
      ssdb_window_compare_files (self, (GFile *const *)files->pdata, files->len, NULL);
    }
  g_clear_object (&self->chooser);
}

void
_ssdb_window_compare_reports (SsdbWindow *self)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  g_clear_object (&self->chooser);
  self->chooser
      = gtk_file_chooser_native_new (_ ("Compare Reports"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Compare"), _ ("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (self->chooser), TRUE);
  add_open_filter (self->chooser, filter);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_compare_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, SsdbWindow *self)
{
  if (!G_VALUE_HOLDS (value, G_TYPE_FILE) || g_value_get_object (value) == NULL)
    return FALSE;
  return ssdb_window_open_file (self, g_value_get_object (value), NULL);
}

/* A report, a folder or a device dropped onto the window is opened. */
void
_ssdb_window_report_init (SsdbWindow *self)
{
  self->drop_target = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);
  g_signal_connect (self->drop_target, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drop_target));
}

GtkDropTarget *
ssdb_window_get_drop_target (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->drop_target;
}

const char *
ssdb_window_get_report_title (SsdbWindow *self)
{
  g_return_val_if_fail (SSDB_IS_WINDOW (self), NULL);
  return self->report_text;
}
