/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-scan-page.h"

#include <glib/gi18n.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"
#include "render/ssdb-render-lang.h"
#include "ssdb-kind-page.h"

#define KIB 1024u
#define MS G_GUINT64_CONSTANT (1000000)

static const guint block_table[] = { 64 * KIB, 256 * KIB, 1024 * KIB, 4096 * KIB, 16384 * KIB };
static const guint slow_ms_table[] = { 50, 100, 200, 500, 1000 };

struct _SsdbScanPage
{
  SsdbKindPage parent_instance;

  GtkDropDown *block_dropdown;
  GtkDropDown *slow_dropdown;
  GtkSwitch *resume_switch;
  GtkSwitch *verify_switch;
  SsdbGuiKept user; /* the user's own choices while a report's are shown */

  char *path; /* the selected device, or NULL */
  guint64 device_bytes;
  char *shown_path; /* the device the shown scan read, or NULL */
  guint64 shown_bytes;
};

static void
test_page_iface_init (SsdbTestPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbScanPage, ssdb_scan_page, SSDB_TYPE_KIND_PAGE,
                               G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE, test_page_iface_init))

/* ---- worker thread -------------------------------------------------------------------- */

static void
on_progress (SsdbScanResult *result, double fraction, gpointer user_data)
{
  ssdb_page_run_job_publish (user_data, result, fraction);
}

static void
work (SsdbPageRunJob *job, SsdbTarget *target, gpointer result, GCancellable *cancellable,
      GError **error)
{
  ssdb_scan_run (target, result, on_progress, job, cancellable, error);
}

/* ---- main thread ---------------------------------------------------------------------- */

static const SsdbScanResult *
shown (SsdbScanPage *self)
{
  return ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

const SsdbScanResult *
ssdb_scan_page_get_result (SsdbScanPage *self)
{
  g_return_val_if_fail (SSDB_IS_SCAN_PAGE (self), NULL);
  return shown (self);
}

const char *
ssdb_scan_page_get_status (SsdbScanPage *self)
{
  g_return_val_if_fail (SSDB_IS_SCAN_PAGE (self), NULL);
  return ssdb_kind_page_get_status (SSDB_KIND_PAGE (self));
}

void
ssdb_scan_page_fill_view (SsdbScanPage *self, SsdbScanView *view)
{
  g_return_if_fail (SSDB_IS_SCAN_PAGE (self));
  g_return_if_fail (view != NULL);

  ssdb_scan_view_init (view);
  view->result = shown (self);
  view->target_title = ssdb_kind_page_get_title (SSDB_KIND_PAGE (self));
  view->target_subtitle = ssdb_kind_page_get_subtitle (SSDB_KIND_PAGE (self));
  view->running = ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

static void
draw (const SsdbStyle *style, cairo_t *cr, int width, int height, gpointer data)
{
  SsdbScanView view;

  ssdb_scan_page_fill_view (SSDB_SCAN_PAGE (data), &view);
  ssdb_scan_painter_draw (&view, style, cr, width, height);
}

/* Whether the shown scan stopped before its end on the device selected now: Go On can
 * continue it. */
static gboolean
can_resume (SsdbScanPage *self)
{
  const SsdbScanResult *r = shown (self);

  return r != NULL && !ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)))
         && r->scanned_bytes > 0 && r->scanned_bytes < r->spec.span_length && self->path != NULL
         && g_strcmp0 (self->path, self->shown_path) == 0
         && self->shown_bytes == self->device_bytes;
}

static void
update_resume (SsdbScanPage *self)
{
  gboolean can = can_resume (self);

  if (!can)
    gtk_switch_set_active (self->resume_switch, FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->resume_switch), can);
}

/* "· 2 unreadable ranges, 1 slow block" of the scan so far, or "". */
static char *
dup_findings (const SsdbScanResult *r)
{
  g_autofree char *bad = NULL, *slow = NULL;

  if (r == NULL || (r->bad->len == 0 && r->slow_blocks == 0))
    return g_strdup ("");
  if (r->bad->len > 0 && r->spec.verify)
    bad = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%u bad range", "%u bad ranges", r->bad->len), r->bad->len);
  else if (r->bad->len > 0)
    bad = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%u unreadable range", "%u unreadable ranges", r->bad->len),
        r->bad->len);
  if (r->slow_blocks > 0)
    slow = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u slow block", "%u slow blocks",
                                         (gulong)MIN (r->slow_blocks, G_MAXUINT)),
                            (guint)MIN (r->slow_blocks, G_MAXUINT));
  return g_strdup_printf (" · %s%s%s", bad ? bad : "", bad && slow ? ", " : "", slow ? slow : "");
}

static void
update_status (SsdbScanPage *self)
{
  const SsdbScanResult *r = shown (self);
  g_autofree char *text = NULL, *findings = NULL, *done = NULL, *span = NULL;

  if (!ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))))
    return;
  if (ssdb_page_run_get_updates (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))) == 0 || r == NULL)
    text = g_strdup (_ ("Opening the drive"));
  else
    {
      findings = dup_findings (r);
      done = ssdb_gui_format_capacity (r->scanned_bytes);
      span = ssdb_gui_format_capacity (r->spec.span_length);
      /* Translators: "Reading · 12.3 GB of 500.1 GB · 40 % · 2 unreadable ranges" */
      text = g_strdup_printf (
          r->spec.verify
              /* Translators: "Verifying · 12.3 GB of 500.1 GB · 40 % · 2 bad
               * ranges" */
              ? _ ("Verifying · %s of %s · %d %%%s")
              : _ ("Reading · %s of %s · %d %%%s"),
          done, span,
          (int)(ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))) * 100),
          findings);
    }
  text = ssdb_page_run_add_time (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)),
                                 g_steal_pointer (&text));
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), text);
}

static void
refresh (SsdbScanPage *self)
{
  const SsdbScanResult *r = shown (self);

  ssdb_kind_page_redraw (SSDB_KIND_PAGE (self), r ? r->words : NULL);
}

static void
on_updated (SsdbScanPage *self)
{
  refresh (self);
  update_status (self);
}

static void
on_finished (SsdbScanPage *self, const GError *error)
{
  SsdbScanResult *r = ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  g_autofree char *text = NULL, *findings = dup_findings (r);

  text = ssdb_kind_page_end_text (
      SSDB_KIND_PAGE (self), error,
      _ ("Stopped · the blocks read so far are kept; Go On continues from there"));
  if (error != NULL && r != NULL && g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED)
      && !r->cancelled)
    {
      r->cancelled = TRUE;
      ssdb_scan_summarize (r);
    }
  if (text == NULL)
    {
      g_autofree char *took = ssdb_kind_page_dup_took (SSDB_KIND_PAGE (self));

      if (r != NULL && r->bad->len == 0 && r->slow_blocks == 0)
        text = g_strdup_printf (r->spec.verify ? _ ("Done in %s · every block verified")
                                               : _ ("Done in %s · every block read"),
                                took);
      else
        text = g_strdup_printf (_ ("Done in %s%s"), took, findings);
    }
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), text);
  update_resume (self);
  refresh (self);
}

/* ---- settings ------------------------------------------------------------------------- */

static char *
block_label (guint i)
{
  return ssdb_gui_format_transfer_size (block_table[i]);
}

static char *
slow_label (guint i)
{
  /* Translators: the slow-block threshold, "100 ms" */
  return g_strdup_printf (_ ("%u ms"), slow_ms_table[i]);
}

void
ssdb_scan_page_get_spec (SsdbScanPage *self, SsdbScanSpec *spec)
{
  guint i;
  guint64 v = 0;

  g_return_if_fail (SSDB_IS_SCAN_PAGE (self));
  g_return_if_fail (spec != NULL);

  ssdb_scan_spec_init (spec);
  /* the choices, or a report's values shown beside them (ssdb_gui_dropdown_show()) */
  i = ssdb_gui_dropdown_selected (self->block_dropdown, G_N_ELEMENTS (block_table), &v);
  spec->block_size = i < G_N_ELEMENTS (block_table) ? block_table[i] : (guint)v;
  i = ssdb_gui_dropdown_selected (self->slow_dropdown, G_N_ELEMENTS (slow_ms_table), &v);
  spec->slow_ns = i < G_N_ELEMENTS (slow_ms_table) ? slow_ms_table[i] * MS : v;
  spec->verify = gtk_switch_get_active (self->verify_switch);
  spec->seed = (guint64)g_get_real_time ();
}

/* The controls show @spec, also a report's settings that are none of their choices (an extra
 * entry, until the target changes). */
static void
show_spec (SsdbScanPage *self, const SsdbScanSpec *spec)
{
  g_autofree char *block = ssdb_gui_format_transfer_size (spec->block_size);
  g_autofree char *slow = g_strdup_printf (_ ("%u ms"), (guint)(spec->slow_ns / MS));
  int s = -1;

  for (guint i = 0; i < G_N_ELEMENTS (slow_ms_table); i++)
    if (slow_ms_table[i] * MS == spec->slow_ns)
      s = (int)i;
  ssdb_gui_dropdown_show (
      self->block_dropdown, G_N_ELEMENTS (block_table),
      ssdb_gui_find_uint (block_table, G_N_ELEMENTS (block_table), spec->block_size), block,
      spec->block_size);
  ssdb_gui_dropdown_show (self->slow_dropdown, G_N_ELEMENTS (slow_ms_table), s, slow,
                          spec->slow_ns);
}

gboolean
ssdb_scan_page_configure (SsdbScanPage *self, const SsdbScanSpec *spec)
{
  gboolean slow = FALSE;

  g_return_val_if_fail (SSDB_IS_SCAN_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (slow_ms_table); i++)
    slow |= slow_ms_table[i] * MS == spec->slow_ns;
  if (ssdb_gui_find_uint (block_table, G_N_ELEMENTS (block_table), spec->block_size) < 0 || !slow)
    return FALSE;
  show_spec (self, spec);
  return TRUE;
}

void
ssdb_scan_page_set_verify (SsdbScanPage *self, gboolean verify)
{
  g_return_if_fail (SSDB_IS_SCAN_PAGE (self));

  gtk_switch_set_active (self->verify_switch, verify);
}

gboolean
ssdb_scan_page_get_can_resume (SsdbScanPage *self)
{
  g_return_val_if_fail (SSDB_IS_SCAN_PAGE (self), FALSE);
  return can_resume (self) && gtk_widget_get_sensitive (GTK_WIDGET (self->resume_switch));
}

void
ssdb_scan_page_set_resume (SsdbScanPage *self, gboolean resume)
{
  g_return_if_fail (SSDB_IS_SCAN_PAGE (self));

  gtk_switch_set_active (self->resume_switch, resume && can_resume (self));
}

/* ---- SsdbTestPage --------------------------------------------------------------------- */

static void
test_page_set_target (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  SsdbScanPage *self = SSDB_SCAN_PAGE (page);

  ssdb_kind_page_set_title (SSDB_KIND_PAGE (self), target->title);
  g_free (self->path);
  self->path = target->is_device ? g_strdup (target->path) : NULL;
  self->device_bytes = target->device_bytes;
  /* writes on a new device need a new confirmation: they start off, also during a run */
  gtk_switch_set_active (self->verify_switch, FALSE);
  if (ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))))
    return;
  /* back to the page's own choices */
  ssdb_gui_dropdown_drop_extra (self->block_dropdown, G_N_ELEMENTS (block_table));
  ssdb_gui_dropdown_drop_extra (self->slow_dropdown, G_N_ELEMENTS (slow_ms_table));
  ssdb_gui_restore_choices (&self->user);
  ssdb_kind_page_take_subtitle (SSDB_KIND_PAGE (self), NULL);
  g_clear_pointer (&self->shown_path, g_free);
  ssdb_page_run_set_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), NULL);
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self),
                             target->path != NULL && !target->is_device
                                 ? _ ("The error scan reads a drive: choose a device, not a folder")
                                 : "");
  update_resume (self);
  refresh (self);
}

static void
test_page_target_changed (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  SsdbScanPage *self = SSDB_SCAN_PAGE (page);

  ssdb_kind_page_set_title (SSDB_KIND_PAGE (self), target->title);
  refresh (self);
}

/* The settings the next start runs, for the window's check before it asks anything. */
static gpointer
test_page_dup_settings (SsdbTestPage *page, GError **error)
{
  SsdbScanPage *self = SSDB_SCAN_PAGE (page);
  SsdbScanSpec spec;

  if (gtk_switch_get_active (self->resume_switch) && can_resume (self))
    return ssdb_scan_result_dup (shown (self));
  ssdb_scan_page_get_spec (self, &spec);
  spec.span_length = self->device_bytes;
  return ssdb_scan_result_new (&spec);
}

static gboolean
test_page_check (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  if (!start->is_device)
    {
      g_set_error_literal (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("The error scan reads a drive: choose a device, not a folder"));
      return FALSE;
    }
  return ssdb_test_page_check_settings (page, start, error);
}

static gboolean
test_page_start (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  SsdbScanPage *self = SSDB_SCAN_PAGE (page);
  SsdbScanResult *result;
  SsdbScanSpec spec;

  if (!test_page_check (page, start, error))
    return FALSE;
  if (gtk_switch_get_active (self->resume_switch) && can_resume (self))
    {
      result = ssdb_scan_result_dup (shown (self));
      show_spec (self, &result->spec);
    }
  else
    {
      ssdb_scan_page_get_spec (self, &spec);
      spec.span_length = self->device_bytes;
      result = ssdb_scan_result_new (&spec);
    }
  if (!ssdb_page_run_start_test (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), start->path,
                                 result->spec.verify ? SSDB_TARGET_OPEN_WRITE
                                                     : SSDB_TARGET_OPEN_READ,
                                 result->spec.verify ? start->permission : NULL, 0, work, result,
                                 ssdb_scan_result_dup (result), error))
    return FALSE;
  g_free (self->shown_path);
  self->shown_path = g_strdup (start->path);
  self->shown_bytes = self->device_bytes;
  ssdb_kind_page_started (SSDB_KIND_PAGE (self), ssdb_scan_view_dup_subtitle (result));
  update_resume (self);
  refresh (self);
  update_status (self);
  return TRUE;
}

/* Whether the next start writes: a verifying scan, new or continued. */
static gboolean
next_start_writes (SsdbScanPage *self)
{
  const SsdbScanResult *r = shown (self);

  if (gtk_switch_get_active (self->resume_switch) && can_resume (self))
    return r->spec.verify;
  return gtk_switch_get_active (self->verify_switch);
}

static SsdbTestPageWrites
test_page_get_writes (SsdbTestPage *page)
{
  return next_start_writes (SSDB_SCAN_PAGE (page)) ? SSDB_TEST_PAGE_WRITES_EVERY_START
                                                   : SSDB_TEST_PAGE_WRITES_NONE;
}

static char *
test_page_dup_confirm_body (SsdbTestPage *page, const char *title, const char *capacity,
                            const char *node)
{
  (void)page;
  return g_strdup_printf (_ ("The verifying error scan writes random data over every block of %s "
                             "(%s, %s), reads it back and compares. All data stored there will be "
                             "destroyed and cannot be recovered."),
                          title, capacity, node);
}

static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  const SsdbScanResult *r = shown (SSDB_SCAN_PAGE (page));

  (void)kind;
  return r != NULL && r->scanned_bytes > 0 ? r : NULL;
}

static gboolean
test_page_show_result (SsdbTestPage *page, SsdbTestKind kind, const SsdbReport *report,
                       const char *title)
{
  SsdbScanPage *self = SSDB_SCAN_PAGE (page);
  const SsdbScanResult *result = ssdb_report_get_result (report, kind);

  /* The controls show the report's settings, a verifying scan too (a start from them asks
   * first); the user's own choices come back with the next target. */
  ssdb_gui_keep_choices (&self->user, self->block_dropdown, self->slow_dropdown, NULL);
  show_spec (self, &result->spec);
  gtk_switch_set_active (self->verify_switch, result->spec.verify);
  ssdb_kind_page_set_title (SSDB_KIND_PAGE (self), title);
  ssdb_kind_page_take_subtitle (SSDB_KIND_PAGE (self), ssdb_scan_view_dup_subtitle (result));
  /* a stopped scan in a report can go on, on the device it was made on */
  g_free (self->shown_path);
  self->shown_path = g_strdup (report->target.path);
  self->shown_bytes = report->target.size_bytes;
  ssdb_page_run_set_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)),
                            ssdb_scan_result_dup (result));
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), "");
  update_resume (self);
  refresh (self);
  return TRUE;
}

static gboolean
export_png (SsdbKindPage *page, const SsdbStyle *style, const char *caption, const char *path,
            GError **error)
{
  SsdbScanPage *self = SSDB_SCAN_PAGE (page);
  SsdbScanView view;

  ssdb_scan_page_fill_view (self, &view);
  view.caption = caption;
  view.running = FALSE;
  return ssdb_render_scan_png (&view, style, path, 1200, 800, 2, error);
}

static char *
test_page_dup_finished_toast (SsdbTestPage *page)
{
  const SsdbScanResult *r = shown (SSDB_SCAN_PAGE (page));

  if (r == NULL || r->bad->len == 0)
    return NULL;
  if (r->spec.verify)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Bad sectors found: %u range; see the list under the "
                                         "grid",
                                         "Bad sectors found: %u ranges; see the list under the "
                                         "grid",
                                         r->bad->len),
                            r->bad->len);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Unreadable sectors found: %u range; see the list under "
                                       "the grid",
                                       "Unreadable sectors found: %u ranges; see the list under "
                                       "the grid",
                                       r->bad->len),
                          r->bad->len);
}

static const char *
test_page_get_stopped_text (SsdbTestPage *page)
{
  (void)page;
  return _ ("Scan stopped; Go On continues it from where it stopped");
}

static void
test_page_iface_init (SsdbTestPageInterface *iface)
{
  iface->set_target = test_page_set_target;
  iface->target_changed = test_page_target_changed;
  iface->check = test_page_check;
  iface->get_writes = test_page_get_writes;
  iface->dup_confirm_body = test_page_dup_confirm_body;
  iface->start = test_page_start;
  iface->dup_settings = test_page_dup_settings;
  iface->get_result = test_page_get_result;
  iface->show_result = test_page_show_result;
  iface->dup_finished_toast = test_page_dup_finished_toast;
  iface->get_stopped_text = test_page_get_stopped_text;
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_scan_page_finalize (GObject *object)
{
  SsdbScanPage *self = SSDB_SCAN_PAGE (object);

  g_free (self->path);
  g_free (self->shown_path);
  G_OBJECT_CLASS (ssdb_scan_page_parent_class)->finalize (object);
}

static void
ssdb_scan_page_class_init (SsdbScanPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ssdb_scan_page_finalize;
  SSDB_KIND_PAGE_CLASS (klass)->export_png = export_png;
}

static void
ssdb_scan_page_init (SsdbScanPage *self)
{
  GtkWidget *settings;

  settings = ssdb_kind_page_build (SSDB_KIND_PAGE (self), _ ("Error scan grid"));

  self->block_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (block_table), block_label, 2);
  ssdb_page_parts_add_setting (settings, _ ("_Block"), GTK_WIDGET (self->block_dropdown),
                               _ ("Bytes per Read; a Failed Block Is Read Again Sector by Sector"));
  self->slow_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (slow_ms_table), slow_label, 1);
  ssdb_page_parts_add_setting (settings, _ ("_Slow Above"), GTK_WIDGET (self->slow_dropdown),
                               _ ("A Block Whose Read Takes Longer Is Marked Slow"));
  self->verify_switch = GTK_SWITCH (gtk_switch_new ());
  ssdb_page_parts_add_setting (settings, _ ("_Write and Verify"), GTK_WIDGET (self->verify_switch),
                               _ ("Write Each Block with Random Data, Read It Back and Compare; "
                                  "This Destroys the Drive's Data"));
  self->resume_switch = GTK_SWITCH (gtk_switch_new ());
  ssdb_page_parts_add_setting (settings, _ ("_Go On"), GTK_WIDGET (self->resume_switch),
                               _ ("Continue the Stopped Scan from Where It Ended, with Its "
                                  "Settings"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->resume_switch), FALSE);

  ssdb_kind_page_attach_run (SSDB_KIND_PAGE (self),
                             ssdb_page_run_new_for_kind ("ssdb-scan", SSDB_TEST_KIND_SCAN),
                             SSDB_TEST_KIND_SCAN, G_CALLBACK (on_updated),
                             G_CALLBACK (update_status), G_CALLBACK (on_finished), draw);
}

GtkWidget *
ssdb_scan_page_new (void)
{
  return g_object_new (SSDB_TYPE_SCAN_PAGE, NULL);
}
