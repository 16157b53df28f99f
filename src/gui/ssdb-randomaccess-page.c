/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-randomaccess-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"
#include "render/ssdb-render-lang.h"
#include "ssdb-kind-page.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

/* The fixed sizes, as HD Tune's rows: the logical block (0), 4 KiB, 64 KiB, 1 MiB. */
static const guint size_table[] = { 0, 4096, 65536, 1048576 };
/* The region: 0 is the whole target. */
static const guint span_gib_table[] = { 0, 1, 8, 64 };
static const guint64 time_ms_table[] = { 1000, 3000, 5000, 10000 };

struct _SsdbRandomAccessPage
{
  SsdbKindPage parent_instance;

  GtkToggleButton *size_toggles[G_N_ELEMENTS (size_table)];
  GtkToggleButton *mix_toggle;
  GtkDropDown *span_dropdown;
  GtkDropDown *time_dropdown;
  GtkSwitch *write_switch;

  SsdbRandomAccessResult *preview; /* the pending rows of the settings, shown without a result */
  /* The settings of the report shown last: what its controls cannot show (a count of requests,
   * sizes without a toggle, an offset) runs as it was while the controls still show it */
  SsdbRandomAccessSpec report_spec;
  gboolean has_report_spec;
  /* The user's own settings while a report's are shown, back with the next target. */
  SsdbRandomAccessSpec user_spec;
  gboolean has_user_spec;
  guint64 device_bytes; /* the shown result's device (the report's), for its chart */
  guint64 target_bytes; /* the selected target's, for what a start writes */
  guint block_size;
};

static void
test_page_iface_init (SsdbTestPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbRandomAccessPage, ssdb_random_access_page, SSDB_TYPE_KIND_PAGE,
                               G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE, test_page_iface_init))

/* ---- worker thread -------------------------------------------------------------------- */

static void
on_progress (SsdbRandomAccessResult *result, int row, double fraction, gpointer user_data)
{
  ssdb_page_run_job_publish (user_data, result, fraction);
}

static void
work (SsdbPageRunJob *job, SsdbTarget *target, gpointer result, GCancellable *cancellable,
      GError **error)
{
  ssdb_random_access_run (target, result, on_progress, job, cancellable, error);
}

/* ---- main thread ---------------------------------------------------------------------- */

static const SsdbRandomAccessResult *
shown (SsdbRandomAccessPage *self)
{
  return ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

void
ssdb_random_access_page_fill_view (SsdbRandomAccessPage *self, SsdbRandomAccessView *view)
{
  g_return_if_fail (SSDB_IS_RANDOM_ACCESS_PAGE (self));
  g_return_if_fail (view != NULL);

  ssdb_random_access_view_init (view);
  view->result = shown (self) != NULL ? shown (self) : self->preview;
  view->target_title = ssdb_kind_page_get_title (SSDB_KIND_PAGE (self));
  view->target_subtitle = ssdb_kind_page_get_subtitle (SSDB_KIND_PAGE (self));
  view->device_bytes = self->device_bytes;
  view->block_size = self->block_size;
  view->running = ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  view->running_fraction
      = ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

static void
draw (const SsdbStyle *style, cairo_t *cr, int width, int height, gpointer data)
{
  SsdbRandomAccessView view;

  ssdb_random_access_page_fill_view (SSDB_RANDOM_ACCESS_PAGE (data), &view);
  ssdb_random_access_painter_draw (&view, style, cr, width, height);
}

/* Rows done (not pending or running) and rows in all. */
static void
count_rows (const SsdbRandomAccessResult *r, guint *done, guint *total)
{
  *done = 0;
  *total = r != NULL ? r->rows->len : 0;
  for (guint i = 0; i < *total; i++)
    {
      SsdbEntryState s = g_array_index (r->rows, SsdbRandomAccessRow, i).state;

      if (s != SSDB_ENTRY_PENDING && s != SSDB_ENTRY_RUNNING)
        (*done)++;
    }
}

static char *
dup_result_line (const SsdbRandomAccessResult *r);

static void
update_status (SsdbRandomAccessPage *self)
{
  guint done, total;

  count_rows (shown (self), &done, &total);
  ssdb_kind_page_show_progress (
      SSDB_KIND_PAGE (self), /* Translators: "3 of 10 rows · 40 %" */
      g_strdup_printf (
          _ ("%u of %u rows · %d %%"), done, total,
          (int)(ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)))
                * 100)));
}

/* The table in words, for screen readers: "4 KiB read: 8333 IOPS, 0.120 ms; …". */
static char *
dup_description (SsdbRandomAccessPage *self)
{
  const SsdbRandomAccessResult *r = shown (self);
  SsdbRandomAccessView view;
  g_autoptr (GString) out = g_string_new (NULL);

  if (r == NULL)
    return g_string_free (g_steal_pointer (&out), FALSE);
  ssdb_random_access_page_fill_view (self, &view);
  for (guint i = 0; i < r->rows->len; i++)
    {
      const SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);
      g_autofree char *size = ssdb_random_access_painter_dup_cell_text (
          &view, i, SSDB_RANDOM_ACCESS_COLUMN_SIZE, TRUE);
      g_autofree char *iops = ssdb_random_access_painter_dup_cell_text (
          &view, i, SSDB_RANDOM_ACCESS_COLUMN_IOPS, TRUE);
      g_autofree char *mean = ssdb_random_access_painter_dup_cell_text (
          &view, i, SSDB_RANDOM_ACCESS_COLUMN_MEAN, TRUE);

      if (row->ios == 0)
        continue;
      /* Translators: one row of the random-access table for screen readers: "4 KiB read: 8333
       * IOPS, 0.120 ms" */
      g_string_append_printf (out, _ ("%s %s: %s IOPS, %s"), size,
                              row->rw == SSDB_RW_WRITE ? _ ("write") : _ ("read"), iops, mean);
      g_string_append (out, "; ");
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
refresh (SsdbRandomAccessPage *self)
{
  g_autofree char *text = dup_description (self);

  ssdb_kind_page_redraw (SSDB_KIND_PAGE (self), text);
}

static void
on_updated (SsdbRandomAccessPage *self)
{
  refresh (self);
  update_status (self);
}

static void
on_finished (SsdbRandomAccessPage *self, const GError *error)
{
  SsdbRandomAccessResult *r
      = ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  g_autofree char *text = NULL;
  guint done, total;

  text = ssdb_kind_page_end_text (SSDB_KIND_PAGE (self), error,
                                  _ ("Stopped · the rows measured so far are kept"));
  if (error != NULL && r != NULL && g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    r->cancelled = TRUE;
  count_rows (r, &done, &total);
  if (r != NULL)
    {
      ssdb_kind_page_take_subtitle (SSDB_KIND_PAGE (self), dup_result_line (r));
    }
  if (text == NULL)
    {
      g_autofree char *took = ssdb_kind_page_dup_took (SSDB_KIND_PAGE (self));

      text = g_strdup_printf (_ ("Done in %s · %u rows"), took, total);
    }
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), text);
  refresh (self);
}

/* ---- settings ------------------------------------------------------------------------- */

static char *
span_label (guint i)
{
  if (span_gib_table[i] == 0)
    return g_strdup (_ ("Whole target"));
  return ssdb_gui_format_transfer_size ((guint64)span_gib_table[i] * 1024 * MIB);
}

static char *
time_label (guint i)
{
  return ssdb_page_parts_format_seconds (time_ms_table[i] * 1000000);
}

gboolean
ssdb_random_access_page_get_writes (SsdbRandomAccessPage *self)
{
  g_return_val_if_fail (SSDB_IS_RANDOM_ACCESS_PAGE (self), FALSE);
  return gtk_switch_get_active (self->write_switch);
}

/* The region's length, bytes, 0 for the whole target. */
static guint64
span_value (SsdbRandomAccessPage *self)
{
  guint64 v = 0;
  guint i = ssdb_gui_dropdown_selected (self->span_dropdown, G_N_ELEMENTS (span_gib_table), &v);

  if (i >= G_N_ELEMENTS (span_gib_table))
    return v;
  return (guint64)span_gib_table[i] * 1024 * MIB;
}

/* Whether @spec measures the size of toggle @k. */
static gboolean
report_has_size (SsdbRandomAccessPage *self, const SsdbRandomAccessSpec *spec, guint k)
{
  gboolean on = FALSE;

  for (guint j = 0; j < spec->n_sizes && j < SSDB_RANDOM_ACCESS_MAX_SIZES; j++)
    on |= spec->sizes[j] == size_table[k]
          || (k == 0 && spec->sizes[j] == self->block_size && self->block_size != 4096);
  return on;
}

gboolean
ssdb_random_access_page_get_spec (SsdbRandomAccessPage *self, SsdbRandomAccessSpec *spec,
                                  GError **error)
{
  guint i;
  guint64 v = 0;

  g_return_val_if_fail (SSDB_IS_RANDOM_ACCESS_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  ssdb_random_access_spec_init (spec);
  spec->n_sizes = 0;
  for (guint k = 0; k < G_N_ELEMENTS (size_table); k++)
    if (gtk_widget_get_visible (GTK_WIDGET (self->size_toggles[k]))
        && gtk_toggle_button_get_active (self->size_toggles[k]))
      spec->sizes[spec->n_sizes++] = size_table[k];
  spec->mixed = gtk_toggle_button_get_active (self->mix_toggle);
  spec->span_length = span_value (self);
  /* A region beyond the selected target is all of it. */
  if (self->target_bytes > 0 && spec->span_length >= self->target_bytes)
    spec->span_length = 0;
  i = ssdb_gui_dropdown_selected (self->time_dropdown, G_N_ELEMENTS (time_ms_table), &v);
  spec->row_duration_ns = i < G_N_ELEMENTS (time_ms_table) ? time_ms_table[i] * 1000000 : v;
  spec->do_read = TRUE;
  spec->do_write = gtk_switch_get_active (self->write_switch);
  spec->seed = (guint64)g_get_real_time ();
  if (self->has_report_spec)
    {
      const SsdbRandomAccessSpec *r = &self->report_spec;
      gboolean same_toggles = TRUE;

      /* The toggles as the report set them: its own sizes, with those no toggle names. */
      for (guint k = 0; k < G_N_ELEMENTS (size_table); k++)
        same_toggles
            &= gtk_toggle_button_get_active (self->size_toggles[k]) == report_has_size (self, r, k);
      if (same_toggles && spec->mixed == r->mixed)
        {
          memcpy (spec->sizes, r->sizes, sizeof spec->sizes);
          spec->n_sizes = r->n_sizes;
        }
      if (spec->row_duration_ns == r->row_duration_ns)
        spec->row_ios = r->row_ios;
      /* Never the report's offset: no control shows it, and a start writes where the
       * confirmation says, from the start of the selected target. */
    }
  if (spec->n_sizes == 0)
    {
      g_set_error_literal (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           _ ("Choose at least one transfer size"));
      return FALSE;
    }
  return TRUE;
}

/* The empty table shows the rows the settings would measure. */
static void
update_preview (SsdbRandomAccessPage *self)
{
  SsdbRandomAccessSpec spec;

  g_clear_pointer (&self->preview, ssdb_random_access_result_free);
  if (ssdb_random_access_page_get_spec (self, &spec, NULL))
    self->preview = ssdb_random_access_result_new (&spec);
  if (shown (self) == NULL)
    ssdb_chart_view_invalidate (ssdb_kind_page_get_chart (SSDB_KIND_PAGE (self)));
}

/* The controls show @spec; a region that is none of the choices is an extra entry. */
static void
show_spec (SsdbRandomAccessPage *self, const SsdbRandomAccessSpec *spec)
{
  g_autofree char *span = ssdb_gui_format_transfer_size (spec->span_length);
  g_autofree char *time = ssdb_page_parts_format_seconds (spec->row_duration_ns);
  int sp = -1, t = -1;

  for (guint k = 0; k < G_N_ELEMENTS (size_table); k++)
    gtk_toggle_button_set_active (self->size_toggles[k], report_has_size (self, spec, k));
  gtk_toggle_button_set_active (self->mix_toggle, spec->mixed);
  for (guint i = 0; i < G_N_ELEMENTS (span_gib_table); i++)
    if ((guint64)span_gib_table[i] * 1024 * MIB == spec->span_length
        || (span_gib_table[i] == 0 && self->device_bytes > 0 && spec->span_offset == 0
            && spec->span_length == self->device_bytes))
      sp = (int)i;
  for (guint i = 0; i < G_N_ELEMENTS (time_ms_table); i++)
    if (time_ms_table[i] * 1000000 == spec->row_duration_ns)
      t = (int)i;
  ssdb_gui_dropdown_show (self->span_dropdown, G_N_ELEMENTS (span_gib_table), sp, span,
                          spec->span_length);
  ssdb_gui_dropdown_show (self->time_dropdown, G_N_ELEMENTS (time_ms_table), t, time,
                          spec->row_duration_ns);
  gtk_switch_set_active (self->write_switch, spec->do_write);
}

gboolean
ssdb_random_access_page_configure (SsdbRandomAccessPage *self, const SsdbRandomAccessSpec *spec)
{
  gboolean span = FALSE, time = FALSE;

  g_return_val_if_fail (SSDB_IS_RANDOM_ACCESS_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  if (spec->n_sizes == 0 || spec->n_sizes > SSDB_RANDOM_ACCESS_MAX_SIZES || spec->span_offset != 0)
    return FALSE;
  for (guint j = 0; j < spec->n_sizes; j++)
    if (ssdb_gui_find_uint (size_table, G_N_ELEMENTS (size_table), spec->sizes[j]) < 0)
      return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (span_gib_table); i++)
    span |= (guint64)span_gib_table[i] * 1024 * MIB == spec->span_length;
  for (guint i = 0; i < G_N_ELEMENTS (time_ms_table); i++)
    time |= time_ms_table[i] * 1000000 == spec->row_duration_ns;
  if (!span || !time)
    return FALSE;
  self->has_report_spec = FALSE;
  show_spec (self, spec);
  return TRUE;
}

static char *
dup_settings_line (const SsdbRandomAccessSpec *spec)
{
  g_autofree char *span = ssdb_page_parts_dup_span (spec->span_length);
  g_autofree char *time = ssdb_page_parts_format_seconds (spec->row_duration_ns);

  /* Translators: "QD1 · 8.59 GB region · 3 s per size · read only" */
  return g_strdup_printf (_ ("QD1 · %s region · %s per size · %s"), span, time,
                          spec->do_write ? _ ("read and write") : _ ("read only"));
}

/* The settings line of a result, with what the span held: filled first, or how much of it was
 * never written (reads of it may not reach the medium). */
static char *
dup_result_line (const SsdbRandomAccessResult *r)
{
  return ssdb_page_parts_add_span_note (dup_settings_line (&r->spec), r->filled, r->spec.do_read,
                                        r->unwritten_percent, r->unwritten_source);
}

/* The logical-block toggle names the target's block; on a 4096-byte drive it is the 4 KiB
 * row and is hidden. */
static void
set_block_size (SsdbRandomAccessPage *self, guint block_size)
{
  g_autofree char *label = ssdb_gui_format_transfer_size (block_size > 0 ? block_size : 512);

  self->block_size = block_size;
  gtk_button_set_label (GTK_BUTTON (self->size_toggles[0]), label);
  gtk_widget_set_visible (GTK_WIDGET (self->size_toggles[0]), block_size != 4096);
  update_preview (self);
}

static void
set_target (SsdbRandomAccessPage *self, const SsdbTestPageTarget *target)
{
  ssdb_kind_page_set_title (SSDB_KIND_PAGE (self), target->title);
  self->device_bytes = target->device_bytes;
  self->target_bytes = target->device_bytes;
  if (ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))))
    return;
  set_block_size (self, target->block_size);
  ssdb_gui_dropdown_drop_extra (self->span_dropdown, G_N_ELEMENTS (span_gib_table));
  ssdb_gui_dropdown_drop_extra (self->time_dropdown, G_N_ELEMENTS (time_ms_table));
  /* The report's settings go with it, whether or not the user had settings of their own. */
  self->has_report_spec = FALSE;
  if (self->has_user_spec)
    {
      self->has_user_spec = FALSE;
      show_spec (self, &self->user_spec);
    }
  ssdb_kind_page_take_subtitle (SSDB_KIND_PAGE (self), NULL);
  ssdb_page_run_set_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), NULL);
  /* Writes on a new device need a new confirmation: they start off. */
  if (target->device_bytes > 0)
    gtk_switch_set_active (self->write_switch, FALSE);
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), "");
  refresh (self);
}

/* ---- API ------------------------------------------------------------------------------ */

static gpointer
test_page_dup_settings (SsdbTestPage *page, GError **error)
{
  SsdbRandomAccessSpec spec;

  if (!ssdb_random_access_page_get_spec (SSDB_RANDOM_ACCESS_PAGE (page), &spec, error))
    return NULL;
  return ssdb_random_access_result_new (&spec);
}

static gboolean
test_page_start (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  SsdbRandomAccessPage *self = SSDB_RANDOM_ACCESS_PAGE (page);
  SsdbRandomAccessSpec spec;

  if (!ssdb_random_access_page_get_spec (self, &spec, error))
    return FALSE;
  /* A device is written only for the write rows. */
  if (!ssdb_page_parts_start_test (
          ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), start, spec.do_write,
          MAX (start->file_size, spec.span_offset + spec.span_length), work,
          ssdb_random_access_result_new (&spec), ssdb_random_access_result_new (&spec), error))
    return FALSE;
  ssdb_kind_page_started (SSDB_KIND_PAGE (self), dup_settings_line (&spec));
  refresh (self);
  update_status (self);
  return TRUE;
}

SSDB_KIND_PAGE_DEFINE_ACCESSORS (SsdbRandomAccessPage, ssdb_random_access_page,
                                 SSDB_IS_RANDOM_ACCESS_PAGE)

const SsdbRandomAccessResult *
ssdb_random_access_page_get_result (SsdbRandomAccessPage *self)
{
  g_return_val_if_fail (SSDB_IS_RANDOM_ACCESS_PAGE (self), NULL);
  return shown (self);
}

static gboolean
export_png (SsdbKindPage *page, const SsdbStyle *style, const char *caption, const char *path,
            GError **error)
{
  SsdbRandomAccessView view;

  ssdb_random_access_page_fill_view (SSDB_RANDOM_ACCESS_PAGE (page), &view);
  view.caption = caption;
  view.running = FALSE;
  return ssdb_render_random_access_png (&view, style, path, 1200, 800, 2, error);
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_random_access_page_finalize (GObject *object)
{
  SsdbRandomAccessPage *self = SSDB_RANDOM_ACCESS_PAGE (object);

  g_clear_pointer (&self->preview, ssdb_random_access_result_free);
  G_OBJECT_CLASS (ssdb_random_access_page_parent_class)->finalize (object);
}

static void
ssdb_random_access_page_class_init (SsdbRandomAccessPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ssdb_random_access_page_finalize;
  SSDB_KIND_PAGE_CLASS (klass)->export_png = export_png;
}

static GtkToggleButton *
size_toggle_new (GtkWidget *box, const char *label, const char *tooltip, gboolean active)
{
  GtkWidget *button = gtk_toggle_button_new_with_label (label);

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), active);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_box_append (GTK_BOX (box), button);
  return GTK_TOGGLE_BUTTON (button);
}

static void
ssdb_random_access_page_init (SsdbRandomAccessPage *self)
{
  GtkWidget *settings, *sizes;

  settings = ssdb_kind_page_build (SSDB_KIND_PAGE (self), _ ("Random access chart and table"));

  /* The sizes as linked toggles, each a row of the table. */
  sizes = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (sizes, "linked");
  self->size_toggles[0] = size_toggle_new (
      sizes, "512 B", _ ("The Drive's Logical Block, Its Smallest Request"), TRUE);
  for (guint k = 1; k < G_N_ELEMENTS (size_table); k++)
    {
      g_autofree char *label = ssdb_gui_format_transfer_size (size_table[k]);

      self->size_toggles[k] = size_toggle_new (sizes, label, NULL, TRUE);
    }
  self->mix_toggle = size_toggle_new (
      sizes, _ ("Random"), _ ("A Row Whose Requests Each Take One of the Chosen Sizes at Random"),
      TRUE);
  {
    GtkWidget *row = ssdb_page_parts_add_setting (settings, _ ("_Sizes"), sizes,
                                                  _ ("Transfer Sizes Measured, One Row Each"));

    gtk_label_set_mnemonic_widget (GTK_LABEL (gtk_widget_get_first_child (row)),
                                   GTK_WIDGET (self->size_toggles[1]));
  }

  self->span_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (span_gib_table), span_label, 0);
  ssdb_page_parts_add_setting (settings, _ ("_Region"), GTK_WIDGET (self->span_dropdown),
                               _ ("Length the Random Requests Go Over, from the Start"));
  self->time_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (time_ms_table), time_label, 1);
  ssdb_page_parts_add_setting (settings, _ ("T_ime"), GTK_WIDGET (self->time_dropdown),
                               _ ("Measuring Time per Size and Direction"));
  self->write_switch = GTK_SWITCH (gtk_switch_new ());
  ssdb_page_parts_add_setting (
      settings, _ ("_Writes"), GTK_WIDGET (self->write_switch),
      _ ("Also Write at Random Places over the Region; on a Drive This Destroys Its Data"));

  ssdb_kind_page_attach_run (
      SSDB_KIND_PAGE (self),
      ssdb_page_run_new_for_kind ("ssdb-randomaccess", SSDB_TEST_KIND_RANDOMACCESS),
      SSDB_TEST_KIND_RANDOMACCESS, G_CALLBACK (on_updated), G_CALLBACK (update_status),
      G_CALLBACK (on_finished), draw);

  for (guint k = 0; k < G_N_ELEMENTS (size_table); k++)
    g_signal_connect_swapped (self->size_toggles[k], "toggled", G_CALLBACK (update_preview), self);
  g_signal_connect_swapped (self->mix_toggle, "toggled", G_CALLBACK (update_preview), self);
  g_signal_connect_swapped (self->write_switch, "notify::active", G_CALLBACK (update_preview),
                            self);
  update_preview (self);
}

GtkWidget *
ssdb_random_access_page_new (void)
{
  return g_object_new (SSDB_TYPE_RANDOM_ACCESS_PAGE, NULL);
}

/* ---- SsdbTestPage ----------------------------------------------------------------------- */

static gboolean
test_page_show_result (SsdbTestPage *page, SsdbTestKind kind, const SsdbReport *report,
                       const char *title)
{
  SsdbRandomAccessPage *self = SSDB_RANDOM_ACCESS_PAGE (page);
  const SsdbRandomAccessResult *result = ssdb_report_get_result (report, kind);

  if (result == NULL)
    return FALSE;
  if (report->target.size_bytes > 0)
    self->device_bytes = report->target.size_bytes;
  {
    /* The controls show the report's settings, its writes too (a start from them asks
     * first); the user's own come back with the next target. */
    SsdbRandomAccessSpec spec = result->spec;

    if (!self->has_user_spec)
      self->has_user_spec = ssdb_random_access_page_get_spec (self, &self->user_spec, NULL);
    self->report_spec = spec;
    self->has_report_spec = TRUE;
    show_spec (self, &spec);
  }
  ssdb_kind_page_show (SSDB_KIND_PAGE (self), title, dup_result_line (result),
                       ssdb_random_access_result_dup (result));
  refresh (self);
  return TRUE;
}

static void
test_page_set_target (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  set_target (SSDB_RANDOM_ACCESS_PAGE (page), target);
}

static SsdbTestPageWrites
test_page_get_writes (SsdbTestPage *page)
{
  return ssdb_random_access_page_get_writes (SSDB_RANDOM_ACCESS_PAGE (page))
             ? SSDB_TEST_PAGE_WRITES_EVERY_START
             : SSDB_TEST_PAGE_WRITES_NONE;
}

static char *
test_page_dup_confirm_body (SsdbTestPage *page, const char *title, const char *capacity,
                            const char *node)
{
  SsdbRandomAccessPage *self = SSDB_RANDOM_ACCESS_PAGE (page);
  guint64 span = span_value (self);
  g_autofree char *region = NULL;

  if (span == 0 || (self->target_bytes > 0 && span >= self->target_bytes))
    return g_strdup_printf (_ ("The random access test writes at random places over the whole of "
                               "%s (%s, %s). All data stored on it will be destroyed and cannot "
                               "be recovered."),
                            title, capacity, node);
  region = ssdb_gui_format_transfer_size (span);
  return g_strdup_printf (_ ("The random access test writes at random places over the first %s "
                             "of %s (%s, %s). All data stored there will be destroyed and cannot "
                             "be recovered."),
                          region, title, capacity, node);
}

static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  const SsdbRandomAccessResult *r = shown (SSDB_RANDOM_ACCESS_PAGE (page));

  if (r == NULL)
    return NULL;
  for (guint i = 0; i < r->rows->len; i++)
    if (g_array_index (r->rows, SsdbRandomAccessRow, i).ios > 0)
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
