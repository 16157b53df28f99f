/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-asssd-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"
#include "render/ssdb-render-lang.h"
#include "ssdb-kind-page.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

/* The span, AS SSD's test file: 1 GiB as AS SSD writes, or less, or more. */
static const guint span_mib_table[] = { 1024, 256, 4096 };
static const guint64 time_s_table[] = { 1, 3, 5, 10 };

struct _SsdbAsssdPage
{
  SsdbKindPage parent_instance;

  GtkDropDown *span_dropdown;
  GtkDropDown *time_dropdown;
  GtkSwitch *write_switch;

  SsdbAsssdResult *preview; /* the empty table of the settings, shown without a result */
  guint64 device_bytes;
  guint block_size; /* the selected device's logical block size, 0 for a test file */
  SsdbGuiKept user; /* the user's own settings while a report's are shown */
};

static void
test_page_iface_init (SsdbTestPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbAsssdPage, ssdb_asssd_page, SSDB_TYPE_KIND_PAGE,
                               G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE, test_page_iface_init))

/* ---- worker thread -------------------------------------------------------------------- */

static void
on_progress (SsdbAsssdResult *result, int entry, double fraction, gpointer user_data)
{
  ssdb_page_run_job_publish (user_data, result, fraction);
}

static void
work (SsdbPageRunJob *job, SsdbTarget *target, gpointer result, GCancellable *cancellable,
      GError **error)
{
  ssdb_asssd_run (target, result, on_progress, job, cancellable, error);
}

/* ---- main thread ---------------------------------------------------------------------- */

static const SsdbAsssdResult *
shown (SsdbAsssdPage *self)
{
  return ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

static void
fill_view (SsdbAsssdPage *self, SsdbAsssdView *view)
{
  ssdb_asssd_view_init (view);
  view->result = shown (self) != NULL ? shown (self) : self->preview;
  view->target_title = ssdb_kind_page_get_title (SSDB_KIND_PAGE (self));
  view->target_subtitle = ssdb_kind_page_get_subtitle (SSDB_KIND_PAGE (self));
  view->running = ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  view->preview = shown (self) == NULL;
}

static void
draw (const SsdbStyle *style, cairo_t *cr, int width, int height, gpointer data)
{
  SsdbAsssdView view;

  fill_view (SSDB_ASSSD_PAGE (data), &view);
  ssdb_asssd_painter_draw (&view, style, cr, width, height);
}

/* Measurements ended (done, stopped or failed) and measurements the run makes. */
static void
count_entries (const SsdbAsssdResult *r, guint *done, guint *total)
{
  *done = *total = 0;
  for (guint i = 0; r != NULL && i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      SsdbEntryState s = r->entries[i].state;

      if (s == SSDB_ENTRY_SKIPPED)
        continue;
      (*total)++;
      if (s != SSDB_ENTRY_PENDING && s != SSDB_ENTRY_RUNNING)
        (*done)++;
    }
}

static void
update_status (SsdbAsssdPage *self)
{
  guint done, total;

  count_entries (shown (self), &done, &total);
  ssdb_kind_page_show_progress (
      SSDB_KIND_PAGE (self), /* Translators: "3 of 8 tests · 40 %" */
      g_strdup_printf (
          _ ("%u of %u tests · %d %%"), done, total,
          (int)(ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)))
                * 100)));
}

/* The table in words, for screen readers: "Seq read: 530.12 MB/s; …". */
static char *
dup_description (SsdbAsssdPage *self)
{
  const SsdbAsssdResult *r = shown (self);
  g_autoptr (GString) out = g_string_new (NULL);
  double score;

  for (guint i = 0; r != NULL && i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      const SsdbAsssdEntry *e = &r->entries[i];
      g_autofree char *value = NULL;

      if (e->ios == 0)
        continue;
      value = e->test == SSDB_ASSSD_ACCESS
                  ? g_strdup_printf ("%.3f ms", e->mean_ns / 1e6)
                  : g_strdup_printf ("%.2f MB/s", e->bytes_per_second / 1e6);
      /* Translators: one cell of the AS SSD table for screen readers: "4K read: 45.12 MB/s" */
      g_string_append_printf (out, _ ("%s %s: %s"), ssdb_asssd_test_name (e->test),
                              e->rw == SSDB_RW_WRITE ? _ ("write") : _ ("read"), value);
      g_string_append (out, "; ");
    }
  if (r != NULL && ssdb_asssd_result_total (r, &score))
    /* Translators: AS SSD's total score, for screen readers */
    g_string_append_printf (out, _ ("total score %.0f"), score);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
refresh (SsdbAsssdPage *self)
{
  g_autofree char *text = dup_description (self);

  ssdb_kind_page_redraw (SSDB_KIND_PAGE (self), text);
}

static void
on_updated (SsdbAsssdPage *self)
{
  refresh (self);
  update_status (self);
}

static char *
dup_result_line (const SsdbAsssdResult *r);

static void
on_finished (SsdbAsssdPage *self, const GError *error)
{
  SsdbAsssdResult *r = ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  g_autofree char *text = NULL;

  text = ssdb_kind_page_end_text (SSDB_KIND_PAGE (self), error,
                                  _ ("Stopped · the tests measured so far are kept"));
  if (error != NULL && r != NULL && g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    r->cancelled = TRUE;
  if (r != NULL)
    {
      ssdb_kind_page_take_subtitle (SSDB_KIND_PAGE (self), dup_result_line (r));
    }
  if (text == NULL)
    {
      g_autofree char *took = ssdb_kind_page_dup_took (SSDB_KIND_PAGE (self));
      double total;

      if (r != NULL && ssdb_asssd_result_total (r, &total))
        /* Translators: "Done in 26 s · total score 2196" */
        text = g_strdup_printf (_ ("Done in %s · total score %.0f"), took, total);
      else
        /* Translators: a run without writes has no AS SSD total */
        text = g_strdup_printf (_ ("Done in %s · no total score without the writes"), took);
    }
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), text);
  refresh (self);
}

/* ---- settings ------------------------------------------------------------------------- */

static char *
span_label (guint i)
{
  if (span_mib_table[i] % 1024 == 0)
    /* Translators: a span of whole GiB, "1 GiB" */
    return g_strdup_printf (_ ("%u GiB"), span_mib_table[i] / 1024);
  return ssdb_gui_format_transfer_size ((guint64)span_mib_table[i] * MIB);
}

static char *
time_label (guint i)
{
  return ssdb_page_parts_format_seconds (time_s_table[i] * 1000000000);
}

gboolean
ssdb_asssd_page_get_writes (SsdbAsssdPage *self)
{
  g_return_val_if_fail (SSDB_IS_ASSSD_PAGE (self), FALSE);
  return gtk_switch_get_active (self->write_switch);
}

/* The span's length, bytes; 0 (to the end) when the target is not larger. */
static guint64
span_value (SsdbAsssdPage *self)
{
  guint64 v = 0;
  guint i = ssdb_gui_dropdown_selected (self->span_dropdown, G_N_ELEMENTS (span_mib_table), &v);

  if (i < G_N_ELEMENTS (span_mib_table))
    v = (guint64)span_mib_table[i] * MIB;
  if (self->device_bytes > 0 && v >= self->device_bytes)
    return 0;
  return v;
}

gboolean
ssdb_asssd_page_get_spec (SsdbAsssdPage *self, SsdbAsssdSpec *spec)
{
  guint i;
  guint64 v = 0;

  g_return_val_if_fail (SSDB_IS_ASSSD_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  ssdb_asssd_spec_init (spec);
  spec->span_length = span_value (self);
  i = ssdb_gui_dropdown_selected (self->time_dropdown, G_N_ELEMENTS (time_s_table), &v);
  spec->test_duration_ns = i < G_N_ELEMENTS (time_s_table) ? time_s_table[i] * 1000000000 : v;
  spec->do_write = gtk_switch_get_active (self->write_switch);
  spec->seed = (guint64)g_get_real_time ();
  return TRUE;
}

gboolean
ssdb_asssd_page_set_duration (SsdbAsssdPage *self, guint seconds)
{
  g_return_val_if_fail (SSDB_IS_ASSSD_PAGE (self), FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (time_s_table); i++)
    if (time_s_table[i] == seconds)
      {
        gtk_drop_down_set_selected (self->time_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

static void
update_preview (SsdbAsssdPage *self)
{
  SsdbAsssdSpec spec;

  g_clear_pointer (&self->preview, ssdb_asssd_result_free);
  ssdb_asssd_page_get_spec (self, &spec);
  self->preview = ssdb_asssd_result_new (&spec);
  /* the access-time writes the run would make: the target's logical block size, at least 512 */
  self->preview->entries[ssdb_asssd_index (SSDB_ASSSD_ACCESS, SSDB_RW_WRITE)].block_size
      = MAX (self->block_size, 512u);
  if (shown (self) == NULL)
    ssdb_chart_view_invalidate (ssdb_kind_page_get_chart (SSDB_KIND_PAGE (self)));
}

static char *
dup_settings_line (const SsdbAsssdSpec *spec)
{
  g_autofree char *span = ssdb_page_parts_dup_span (spec->span_length);
  g_autofree char *time = ssdb_page_parts_format_seconds (spec->test_duration_ns);

  /* Translators: "1.07 GB span · 3 s per test · read only" */
  return g_strdup_printf (_ ("%s span · %s per test · %s"), span, time,
                          spec->do_write ? _ ("read and write") : _ ("read only"));
}

/* The settings line of a result, with what the span held, as the random-access page says it. */
static char *
dup_result_line (const SsdbAsssdResult *r)
{
  return ssdb_page_parts_add_span_note (dup_settings_line (&r->spec), r->filled, r->spec.do_read,
                                        r->unwritten_percent, r->unwritten_source);
}

/* ---- API ------------------------------------------------------------------------------ */

static gpointer
test_page_dup_settings (SsdbTestPage *page, GError **error)
{
  SsdbAsssdSpec spec;

  ssdb_asssd_page_get_spec (SSDB_ASSSD_PAGE (page), &spec);
  return ssdb_asssd_result_new (&spec);
}

static gboolean
test_page_start (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  SsdbAsssdPage *self = SSDB_ASSSD_PAGE (page);
  SsdbAsssdSpec spec;

  ssdb_asssd_page_get_spec (self, &spec);
  /* A device is written only for the Write column. */
  if (!ssdb_page_parts_start_test (
          ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), start, spec.do_write,
          MAX (start->file_size,
               spec.span_offset + (spec.span_length ? spec.span_length : SSDB_ASSSD_DEFAULT_SPAN)),
          work, ssdb_asssd_result_new (&spec), ssdb_asssd_result_new (&spec), error))
    return FALSE;
  ssdb_kind_page_started (SSDB_KIND_PAGE (self), dup_settings_line (&spec));
  refresh (self);
  update_status (self);
  return TRUE;
}

SSDB_KIND_PAGE_DEFINE_ACCESSORS (SsdbAsssdPage, ssdb_asssd_page, SSDB_IS_ASSSD_PAGE)

char *
ssdb_asssd_page_dup_chart_words (SsdbAsssdPage *self)
{
  SsdbAsssdView view;

  g_return_val_if_fail (SSDB_IS_ASSSD_PAGE (self), NULL);
  fill_view (self, &view);
  return ssdb_asssd_painter_dup_words (&view);
}

const SsdbAsssdResult *
ssdb_asssd_page_get_result (SsdbAsssdPage *self)
{
  g_return_val_if_fail (SSDB_IS_ASSSD_PAGE (self), NULL);
  return shown (self);
}

static void
draw_export (gconstpointer view, const SsdbStyle *style, cairo_t *cr, int width, int height)
{
  ssdb_asssd_painter_draw (view, style, cr, width, height);
}

static gboolean
export_png (SsdbKindPage *page, const SsdbStyle *style, const char *caption, const char *path,
            GError **error)
{
  SsdbAsssdPage *self = SSDB_ASSSD_PAGE (page);
  SsdbAsssdView view;

  fill_view (self, &view);
  view.caption = caption;
  view.running = FALSE;
  return ssdb_chart_write_png (draw_export, &view, style, path, 1200, 800, 2, error);
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_asssd_page_finalize (GObject *object)
{
  SsdbAsssdPage *self = SSDB_ASSSD_PAGE (object);

  g_clear_pointer (&self->preview, ssdb_asssd_result_free);
  G_OBJECT_CLASS (ssdb_asssd_page_parent_class)->finalize (object);
}

static void
ssdb_asssd_page_class_init (SsdbAsssdPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ssdb_asssd_page_finalize;
  SSDB_KIND_PAGE_CLASS (klass)->export_png = export_png;
}

static void
ssdb_asssd_page_init (SsdbAsssdPage *self)
{
  GtkWidget *settings;

  settings = ssdb_kind_page_build (SSDB_KIND_PAGE (self), _ ("AS SSD table"));

  self->span_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (span_mib_table), span_label, 0);
  ssdb_page_parts_add_setting (
      settings, _ ("_Span"), GTK_WIDGET (self->span_dropdown),
      _ ("AS SSD's Test File: the Region from the Start the Tests Go Over"));
  self->time_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (time_s_table), time_label, 1);
  ssdb_page_parts_add_setting (settings, _ ("T_ime"), GTK_WIDGET (self->time_dropdown),
                               _ ("Measuring Time per Test and Direction"));
  self->write_switch = GTK_SWITCH (gtk_switch_new ());
  ssdb_page_parts_add_setting (
      settings, _ ("_Writes"), GTK_WIDGET (self->write_switch),
      _ ("Also Measure the Write Column over the Span; on a Drive This Destroys Its Data"));

  ssdb_kind_page_attach_run (SSDB_KIND_PAGE (self),
                             ssdb_page_run_new_for_kind ("ssdb-asssd", SSDB_TEST_KIND_ASSSD),
                             SSDB_TEST_KIND_ASSSD, G_CALLBACK (on_updated),
                             G_CALLBACK (update_status), G_CALLBACK (on_finished), draw);
  g_signal_connect_swapped (self->write_switch, "notify::active", G_CALLBACK (update_preview),
                            self);
  update_preview (self);
}

GtkWidget *
ssdb_asssd_page_new (void)
{
  return g_object_new (SSDB_TYPE_ASSSD_PAGE, NULL);
}

/* ---- SsdbTestPage ----------------------------------------------------------------------- */

static gboolean
test_page_show_result (SsdbTestPage *page, SsdbTestKind kind, const SsdbReport *report,
                       const char *title)
{
  SsdbAsssdPage *self = SSDB_ASSSD_PAGE (page);
  const SsdbAsssdResult *result = ssdb_report_get_result (report, kind);
  g_autofree char *span = NULL, *time = NULL;
  int sp = -1, t = -1;

  if (result == NULL)
    return FALSE;
  /* The span's choices keep their meaning on the selected target (its size, not the report's,
   * decides what "the whole" is), as a start from them runs there. */
  /* The controls show the report's settings, its writes too: a start from them asks first
   * (at every start), and the user's own settings come back with the next target. */
  ssdb_gui_keep_choices (&self->user, self->span_dropdown, self->time_dropdown, self->write_switch,
                         NULL);
  span = ssdb_gui_format_transfer_size (result->spec.span_length);
  time = ssdb_page_parts_format_seconds (result->spec.test_duration_ns);
  for (guint i = 0; i < G_N_ELEMENTS (span_mib_table); i++)
    if ((guint64)span_mib_table[i] * MIB == result->spec.span_length)
      sp = (int)i;
  for (guint i = 0; i < G_N_ELEMENTS (time_s_table); i++)
    if (time_s_table[i] * 1000000000 == result->spec.test_duration_ns)
      t = (int)i;
  ssdb_gui_dropdown_show (self->span_dropdown, G_N_ELEMENTS (span_mib_table), sp, span,
                          result->spec.span_length);
  ssdb_gui_dropdown_show (self->time_dropdown, G_N_ELEMENTS (time_s_table), t, time,
                          result->spec.test_duration_ns);
  gtk_switch_set_active (self->write_switch, result->spec.do_write);
  ssdb_kind_page_show (SSDB_KIND_PAGE (self), title, dup_result_line (result),
                       ssdb_asssd_result_dup (result));
  refresh (self);
  return TRUE;
}

static void
test_page_set_target (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  SsdbAsssdPage *self = SSDB_ASSSD_PAGE (page);

  ssdb_kind_page_set_title (SSDB_KIND_PAGE (self), target->title);
  self->device_bytes = target->device_bytes;
  self->block_size = target->is_device ? target->block_size : 0;
  if (ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))))
    return;
  ssdb_gui_dropdown_drop_extra (self->span_dropdown, G_N_ELEMENTS (span_mib_table));
  ssdb_gui_dropdown_drop_extra (self->time_dropdown, G_N_ELEMENTS (time_s_table));
  ssdb_gui_restore_choices (&self->user);
  ssdb_kind_page_take_subtitle (SSDB_KIND_PAGE (self), NULL);
  ssdb_page_run_set_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), NULL);
  /* Writes on a new device need a new confirmation: they start off. */
  if (target->device_bytes > 0)
    gtk_switch_set_active (self->write_switch, FALSE);
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), "");
  update_preview (self);
  refresh (self);
}

static SsdbTestPageWrites
test_page_get_writes (SsdbTestPage *page)
{
  return ssdb_asssd_page_get_writes (SSDB_ASSSD_PAGE (page)) ? SSDB_TEST_PAGE_WRITES_EVERY_START
                                                             : SSDB_TEST_PAGE_WRITES_NONE;
}

static char *
test_page_dup_confirm_body (SsdbTestPage *page, const char *title, const char *capacity,
                            const char *node)
{
  SsdbAsssdPage *self = SSDB_ASSSD_PAGE (page);
  guint64 span = span_value (self);
  g_autofree char *region = NULL;

  if (span == 0)
    return g_strdup_printf (_ ("The AS SSD tests write over the whole of %s (%s, %s). All data "
                               "stored on it will be destroyed and cannot be recovered."),
                            title, capacity, node);
  region = ssdb_gui_format_transfer_size (span);
  return g_strdup_printf (_ ("The AS SSD tests write over the first %s of %s (%s, %s). All data "
                             "stored there will be destroyed and cannot be recovered."),
                          region, title, capacity, node);
}

static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  const SsdbAsssdResult *r = shown (SSDB_ASSSD_PAGE (page));

  for (guint i = 0; r != NULL && i < SSDB_ASSSD_N_ENTRIES; i++)
    if (r->entries[i].ios > 0)
      return r;
  return NULL;
}

static void
test_page_iface_init (SsdbTestPageInterface *iface)
{
  iface->set_target = test_page_set_target;
  iface->get_writes = test_page_get_writes;
  iface->dup_confirm_body = test_page_dup_confirm_body;
  iface->start = test_page_start;
  iface->dup_settings = test_page_dup_settings;
  iface->get_result = test_page_get_result;
  iface->show_result = test_page_show_result;
}
