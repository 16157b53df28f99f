/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-copy-page.h"

#include <gio/gunixmounts.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-sysfs.h"
#include "render/ssdb-export.h"
#include "ssdb-gui-util.h"
#include "render/ssdb-render-lang.h"
#include "ssdb-kind-page.h"

static const guint scale_table[] = { 10, 25, 50, 100 };

struct _SsdbCopyPage
{
  SsdbKindPage parent_instance;

  GtkToggleButton *set_toggles[SSDB_COPY_N_SETS];
  GtkDropDown *scale_dropdown;
  GtkDropDown *method_dropdown;
  SsdbGuiKept user; /* the user's own choices while a report's are shown */

  SsdbCopyResult *preview; /* the pending rows of the settings, shown without a result */
  gboolean is_device;
};

static void
test_page_iface_init (SsdbTestPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbCopyPage, ssdb_copy_page, SSDB_TYPE_KIND_PAGE,
                               G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE, test_page_iface_init))

/* ---- worker thread -------------------------------------------------------------------- */

static void
on_progress (SsdbCopyResult *result, int row, gboolean preparing, double fraction,
             gpointer user_data)
{
  ssdb_page_run_job_publish (user_data, result, fraction);
}

static void
work (SsdbPageRunJob *job, SsdbTarget *target, gpointer result, GCancellable *cancellable,
      GError **error)
{
  ssdb_copy_run (target, result, on_progress, job, cancellable, error);
}

/* ---- main thread ---------------------------------------------------------------------- */

static const SsdbCopyResult *
shown (SsdbCopyPage *self)
{
  return ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

void
ssdb_copy_page_fill_view (SsdbCopyPage *self, SsdbCopyView *view)
{
  g_return_if_fail (SSDB_IS_COPY_PAGE (self));
  g_return_if_fail (view != NULL);

  ssdb_copy_view_init (view);
  view->result = shown (self) != NULL ? shown (self) : self->preview;
  view->target_title = ssdb_kind_page_get_title (SSDB_KIND_PAGE (self));
  view->target_subtitle = ssdb_kind_page_get_subtitle (SSDB_KIND_PAGE (self));
  view->running = ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

static void
draw (const SsdbStyle *style, cairo_t *cr, int width, int height, gpointer data)
{
  SsdbCopyView view;

  ssdb_copy_page_fill_view (SSDB_COPY_PAGE (data), &view);
  ssdb_copy_painter_draw (&view, style, cr, width, height);
}

/* The sets in words, for screen readers: "ISO: 512.3 MB/s, 2.1 s; …". */
static void
refresh (SsdbCopyPage *self)
{
  const SsdbCopyResult *r = shown (self);
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; r != NULL && i < r->n_rows; i++)
    if (r->rows[i].state == SSDB_ENTRY_DONE)
      /* Translators: one set of the copy test for screen readers: "ISO: 512.3 MB/s, 2.10 s" */
      g_string_append_printf (out, _ ("%s: %.1f MB/s, %.2f s; "),
                              ssdb_copy_set_label (r->rows[i].set),
                              r->rows[i].bytes_per_second / 1e6, r->rows[i].elapsed_ns / 1e9);
  ssdb_kind_page_redraw (SSDB_KIND_PAGE (self), out->str);
}

static void
update_status (SsdbCopyPage *self)
{
  ssdb_kind_page_show_progress (
      SSDB_KIND_PAGE (self), /* Translators: the copy test's progress: "40 %" */
      g_strdup_printf (
          _ ("Copying the file sets · %d %%"),
          (int)(ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)))
                * 100)));
}

static void
on_updated (SsdbCopyPage *self)
{
  refresh (self);
  update_status (self);
}

static char *
dup_settings_line (const SsdbCopySpec *spec)
{
  /* Translators: the copy test's settings: "direct I/O · scale 100 %": the scale setting of the
   * file sets, not their exact sizes */
  return g_strdup_printf (_ ("%s · scale %u %%"),
                          spec->method == SSDB_COPY_DIRECT ? _ ("direct I/O (O_DIRECT)")
                                                           : _ ("cached (page cache)"),
                          spec->scale);
}

static void
on_finished (SsdbCopyPage *self, const GError *error)
{
  SsdbCopyResult *r = ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  g_autofree char *text = NULL;

  text = ssdb_kind_page_end_text (SSDB_KIND_PAGE (self), error,
                                  _ ("Stopped · the sets copied so far are kept"));
  if (error != NULL && r != NULL && g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    r->cancelled = TRUE;
  if (text == NULL)
    {
      g_autofree char *took = ssdb_kind_page_dup_took (SSDB_KIND_PAGE (self));

      text = g_strdup_printf (_ ("Done in %s · the test folder was removed"), took);
    }
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), text);
  refresh (self);
}

/* ---- settings ------------------------------------------------------------------------- */

static char *
scale_label (guint i)
{
  return g_strdup_printf ("%u %%", scale_table[i]);
}

static char *
method_label (guint i)
{
  return g_strdup (i == SSDB_COPY_DIRECT ? _ ("Direct (O_DIRECT)") : _ ("Cached (page cache)"));
}

gboolean
ssdb_copy_page_get_spec (SsdbCopyPage *self, SsdbCopySpec *spec, GError **error)
{
  guint i;
  guint64 v = 0;
  gboolean any = FALSE;

  g_return_val_if_fail (SSDB_IS_COPY_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  ssdb_copy_spec_init (spec);
  for (guint k = 0; k < SSDB_COPY_N_SETS; k++)
    any |= spec->sets[k] = gtk_toggle_button_get_active (self->set_toggles[k]);
  i = ssdb_gui_dropdown_selected (self->scale_dropdown, G_N_ELEMENTS (scale_table), &v);
  spec->scale = i < G_N_ELEMENTS (scale_table) ? scale_table[i] : (guint)v;
  spec->method = gtk_drop_down_get_selected (self->method_dropdown) == SSDB_COPY_CACHED
                     ? SSDB_COPY_CACHED
                     : SSDB_COPY_DIRECT;
  if (!any)
    {
      g_set_error_literal (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Choose at least one file set"));
      return FALSE;
    }
  return TRUE;
}

static void
update_preview (SsdbCopyPage *self)
{
  SsdbCopySpec spec;

  g_clear_pointer (&self->preview, ssdb_copy_result_free);
  if (ssdb_copy_page_get_spec (self, &spec, NULL))
    self->preview = ssdb_copy_result_new (&spec);
  if (shown (self) == NULL)
    ssdb_chart_view_invalidate (ssdb_kind_page_get_chart (SSDB_KIND_PAGE (self)));
}

/* The controls show @spec; a scale that is none of the choices is an extra entry. */
static void
show_spec (SsdbCopyPage *self, const SsdbCopySpec *spec)
{
  int s = ssdb_gui_find_uint (scale_table, G_N_ELEMENTS (scale_table), spec->scale);
  g_autofree char *scale = g_strdup_printf ("%u %%", spec->scale);

  for (guint k = 0; k < SSDB_COPY_N_SETS; k++)
    gtk_toggle_button_set_active (self->set_toggles[k], spec->sets[k]);
  ssdb_gui_dropdown_show (self->scale_dropdown, G_N_ELEMENTS (scale_table), s, scale, spec->scale);
  gtk_drop_down_set_selected (self->method_dropdown, spec->method);
}

/* On a device the test cannot run: the settings are off and the status says why. */
static void
show_target_kind (SsdbCopyPage *self)
{
  gtk_widget_set_sensitive (ssdb_kind_page_get_parts (SSDB_KIND_PAGE (self))->settings,
                            !self->is_device);
  ssdb_kind_page_set_status (
      SSDB_KIND_PAGE (self),
      self->is_device ? _ ("The copy test copies files: choose a directory on a mounted file "
                           "system as the target")
                      : "");
}

/* The chart's title for the copy test in the folder @dir as the export of its report says it
 * ("Files in /mnt/x, ext4 on nvme0n1p2", ssdb_export_dup_title()): the file system from the
 * mount table, the device from the folder's device number. */
static char *
dup_folder_title (const char *dir)
{
  SsdbTargetInfo info = { 0 };
  g_autoptr (GUnixMountEntry) mount = g_unix_mount_for (dir, NULL);
  g_autofree char *name = NULL;
  g_autoptr (SsdbCopyResult) result = NULL;
  g_autoptr (SsdbReport) report = NULL;
  SsdbCopySpec spec;
  GStatBuf st;

  if (g_stat (dir, &st) == 0)
    name = ssdb_block_name_from_devnum (NULL, major (st.st_dev), minor (st.st_dev));
  info.kind = SSDB_TARGET_FILE;
  info.path = (char *)dir;
  info.fs_type = mount != NULL ? (char *)g_unix_mount_get_fs_type (mount) : NULL;
  info.name = name;
  ssdb_copy_spec_init (&spec);
  result = ssdb_copy_result_new (&spec);
  report = ssdb_report_new (&info, NULL);
  ssdb_report_set_result (report, SSDB_TEST_KIND_COPY, result);
  return ssdb_export_dup_title (report);
}

static void
set_target (SsdbCopyPage *self, const SsdbTestPageTarget *target)
{
  {
    g_autofree char *folder_title
        = target->is_device || target->path == NULL ? NULL : dup_folder_title (target->path);

    ssdb_kind_page_set_title (SSDB_KIND_PAGE (self), folder_title ? folder_title : target->title);
  }
  self->is_device = target->is_device;
  if (ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))))
    return;
  ssdb_gui_dropdown_drop_extra (self->scale_dropdown, G_N_ELEMENTS (scale_table));
  ssdb_gui_restore_choices (&self->user);
  ssdb_kind_page_take_subtitle (SSDB_KIND_PAGE (self), NULL);
  ssdb_page_run_set_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), NULL);
  show_target_kind (self);
  refresh (self);
}

/* ---- API ------------------------------------------------------------------------------ */

static gboolean
test_page_can_start (SsdbTestPage *page)
{
  return !SSDB_COPY_PAGE (page)->is_device;
}

static gpointer
test_page_dup_settings (SsdbTestPage *page, GError **error)
{
  SsdbCopySpec spec;

  if (!ssdb_copy_page_get_spec (SSDB_COPY_PAGE (page), &spec, error))
    return NULL;
  return ssdb_copy_result_new (&spec);
}

static gboolean
test_page_start (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  SsdbCopyPage *self = SSDB_COPY_PAGE (page);
  SsdbCopySpec spec;

  if (start->is_device)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   _ ("%s is a device: the copy test copies files, so it needs a directory on a "
                      "mounted file system"),
                   start->path);
      return FALSE;
    }
  if (!ssdb_copy_page_get_spec (self, &spec, error))
    return FALSE;
  /* a small test file finds the directory's file system and drive */
  if (!ssdb_page_run_start_test (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), start->path,
                                 SSDB_TARGET_OPEN_WRITE, NULL, 1 << 20, work,
                                 ssdb_copy_result_new (&spec), ssdb_copy_result_new (&spec), error))
    return FALSE;
  ssdb_kind_page_started (SSDB_KIND_PAGE (self), dup_settings_line (&spec));
  refresh (self);
  update_status (self);
  return TRUE;
}

gboolean
ssdb_copy_page_configure (SsdbCopyPage *self, const SsdbCopySpec *spec)
{
  g_return_val_if_fail (SSDB_IS_COPY_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  if (ssdb_gui_find_uint (scale_table, G_N_ELEMENTS (scale_table), spec->scale) < 0)
    return FALSE;
  show_spec (self, spec);
  return TRUE;
}

const SsdbCopyResult *
ssdb_copy_page_get_result (SsdbCopyPage *self)
{
  g_return_val_if_fail (SSDB_IS_COPY_PAGE (self), NULL);
  return shown (self);
}

SSDB_KIND_PAGE_DEFINE_ACCESSORS (SsdbCopyPage, ssdb_copy_page, SSDB_IS_COPY_PAGE)

static gboolean
export_png (SsdbKindPage *page, const SsdbStyle *style, const char *caption, const char *path,
            GError **error)
{
  SsdbCopyView view;

  ssdb_copy_page_fill_view (SSDB_COPY_PAGE (page), &view);
  view.caption = caption;
  view.running = FALSE;
  return ssdb_render_copy_png (&view, style, path, 1200, 800, 2, error);
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_copy_page_finalize (GObject *object)
{
  SsdbCopyPage *self = SSDB_COPY_PAGE (object);

  g_clear_pointer (&self->preview, ssdb_copy_result_free);
  G_OBJECT_CLASS (ssdb_copy_page_parent_class)->finalize (object);
}

static void
ssdb_copy_page_class_init (SsdbCopyPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ssdb_copy_page_finalize;
  SSDB_KIND_PAGE_CLASS (klass)->export_png = export_png;
}

static void
ssdb_copy_page_init (SsdbCopyPage *self)
{
  static const char *const tips[SSDB_COPY_N_SETS] = {
    N_ ("Two Large Files, 1 GiB at 100 %"),
    N_ ("512 Small Files in 36 Nested Folders, 256 MiB at 100 %"),
    N_ ("256 Small and Large Files in 32 Folders, 512 MiB at 100 %"),
  };
  GtkWidget *settings, *sets, *row;

  settings = ssdb_kind_page_build (SSDB_KIND_PAGE (self), _ ("Copy test chart"));

  sets = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (sets, "linked");
  for (guint k = 0; k < SSDB_COPY_N_SETS; k++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_label (ssdb_copy_set_label (k));

      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
      gtk_widget_set_tooltip_text (button, _ (tips[k]));
      gtk_box_append (GTK_BOX (sets), button);
      self->set_toggles[k] = GTK_TOGGLE_BUTTON (button);
    }
  row = ssdb_page_parts_add_setting (settings, _ ("_Sets"), sets,
                                     _ ("File Sets Copied, One Row Each"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (gtk_widget_get_first_child (row)),
                                 GTK_WIDGET (self->set_toggles[0]));
  self->scale_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (scale_table), scale_label, 3);
  ssdb_page_parts_add_setting (
      settings, _ ("S_cale"), GTK_WIDGET (self->scale_dropdown),
      _ ("Size of the Sets; the Largest Twice Must Fit in the Free Space"));
  self->method_dropdown = ssdb_page_parts_dropdown_new (2, method_label, SSDB_COPY_DIRECT);
  ssdb_page_parts_add_setting (settings, _ ("_Method"), GTK_WIDGET (self->method_dropdown),
                               _ ("How Files Are Copied; Every File and Folder Is Flushed"));

  ssdb_kind_page_attach_run (SSDB_KIND_PAGE (self),
                             ssdb_page_run_new_for_kind ("ssdb-copy", SSDB_TEST_KIND_COPY),
                             SSDB_TEST_KIND_COPY, G_CALLBACK (on_updated),
                             G_CALLBACK (update_status), G_CALLBACK (on_finished), draw);
  for (guint k = 0; k < SSDB_COPY_N_SETS; k++)
    g_signal_connect_swapped (self->set_toggles[k], "toggled", G_CALLBACK (update_preview), self);
  g_signal_connect_swapped (self->scale_dropdown, "notify::selected", G_CALLBACK (update_preview),
                            self);
  update_preview (self);
}

GtkWidget *
ssdb_copy_page_new (void)
{
  return g_object_new (SSDB_TYPE_COPY_PAGE, NULL);
}

/* ---- SsdbTestPage ----------------------------------------------------------------------- */

static gboolean
test_page_show_result (SsdbTestPage *page, SsdbTestKind kind, const SsdbReport *report,
                       const char *title)
{
  SsdbCopyPage *self = SSDB_COPY_PAGE (page);
  const SsdbCopyResult *result = ssdb_report_get_result (report, kind);

  if (result == NULL)
    return FALSE;
  g_autofree char *files_title
      = report->target.kind == SSDB_TARGET_FILE ? ssdb_export_dup_title (report) : NULL;

  /* the user's own choices come back with the next target */
  ssdb_gui_keep_choices (&self->user, self->set_toggles[0], self->set_toggles[1],
                         self->set_toggles[2], self->scale_dropdown, self->method_dropdown, NULL);
  show_spec (self, &result->spec);
  /* a report of files in a folder: its title as its export says it */
  ssdb_kind_page_show (SSDB_KIND_PAGE (self), files_title ? files_title : title,
                       dup_settings_line (&result->spec), ssdb_copy_result_dup (result));
  refresh (self);
  return TRUE;
}

static void
test_page_set_target (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  set_target (SSDB_COPY_PAGE (page), target);
}

static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  const SsdbCopyResult *r = shown (SSDB_COPY_PAGE (page));

  for (guint i = 0; r != NULL && i < r->n_rows; i++)
    if (r->rows[i].state == SSDB_ENTRY_DONE)
      return r;
  return NULL;
}

static void
test_page_iface_init (SsdbTestPageInterface *iface)
{
  iface->set_target = test_page_set_target;
  iface->can_start = test_page_can_start;
  iface->start = test_page_start;
  iface->dup_settings = test_page_dup_settings;
  iface->get_result = test_page_get_result;
  iface->show_result = test_page_show_result;
}
