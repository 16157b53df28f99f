/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-sweep-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"
#include "render/ssdb-render-lang.h"
#include "ssdb-kind-page.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

static const guint size_table[] = {
  512,         1024,        2048,        4096,         8192,         16384,
  32768,       65536,       131072,      262144,       524288,       1048576,
  2 * 1048576, 4 * 1048576, 8 * 1048576, 16 * 1048576, 32 * 1048576, 64 * 1048576,
};
static const guint depth_table[] = { 1, 2, 4, 8, 16, 32 };
static const guint span_mib_table[] = { 64, 256, 1024, 4096 };
static const guint64 time_ms_table[] = { 250, 500, 1000, 2000 };

struct _SsdbSweepPage
{
  SsdbKindPage parent_instance;

  GtkDropDown *start_dropdown;
  GtkDropDown *end_dropdown;
  GtkDropDown *depth_dropdown;
  GtkDropDown *span_dropdown;
  GtkLabel *span_note; /* beside the region: a region larger than the device is all of it */
  GtkDropDown *time_dropdown;
  GtkSwitch *write_switch;
  SsdbGuiKept user; /* the user's own choices while a report's are shown */
  GtkSwitch *iops_switch;

  guint64 device_bytes;
  guint first_size; /* index in size_table of the smallest transfer the target takes */
};

static void
test_page_iface_init (SsdbTestPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbSweepPage, ssdb_sweep_page, SSDB_TYPE_KIND_PAGE,
                               G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE, test_page_iface_init))

/* ---- results -------------------------------------------------------------------------- */

static void
copy_points (GArray *to, const GArray *from)
{
  for (guint i = 0; i < from->len; i++)
    {
      SsdbSweepPoint p = g_array_index (from, SsdbSweepPoint, i);

      p.fio_command = g_strdup (p.fio_command);
      g_array_append_val (to, p);
    }
}

static gpointer
dup_result (gconstpointer data)
{
  const SsdbSweepResult *r = data;
  SsdbSweepResult *c = ssdb_sweep_result_new (&r->spec);

  memcpy (c->sizes, r->sizes, sizeof c->sizes);
  c->n_sizes = r->n_sizes;
  copy_points (c->read, r->read);
  copy_points (c->write, r->write);
  c->best_read = r->best_read;
  c->best_read_size = r->best_read_size;
  c->full_read_size = r->full_read_size;
  c->best_write = r->best_write;
  c->best_write_size = r->best_write_size;
  c->full_write_size = r->full_write_size;
  c->words = g_strdup (r->words);
  c->prepare_ns = r->prepare_ns;
  c->cancelled = r->cancelled;
  return c;
}

/* ---- worker thread -------------------------------------------------------------------- */

static void
on_progress (SsdbSweepResult *result, guint size, SsdbRw rw, double fraction, gpointer user_data)
{
  ssdb_page_run_job_publish (user_data, result, fraction);
}

static void
work (SsdbPageRunJob *job, SsdbTarget *target, gpointer result, GCancellable *cancellable,
      GError **error)
{
  ssdb_sweep_run (target, result, on_progress, job, cancellable, error);
}

/* ---- main thread ---------------------------------------------------------------------- */

static const SsdbSweepResult *
shown (SsdbSweepPage *self)
{
  return ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

void
ssdb_sweep_page_fill_view (SsdbSweepPage *self, SsdbSweepView *view)
{
  g_return_if_fail (SSDB_IS_SWEEP_PAGE (self));
  g_return_if_fail (view != NULL);

  ssdb_sweep_view_init (view);
  view->result = shown (self);
  view->target_title = ssdb_kind_page_get_title (SSDB_KIND_PAGE (self));
  view->target_subtitle = ssdb_kind_page_get_subtitle (SSDB_KIND_PAGE (self));
  view->show_iops = gtk_switch_get_active (self->iops_switch);
  view->running = ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  view->running_fraction
      = ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

static void
draw (const SsdbStyle *style, cairo_t *cr, int width, int height, gpointer data)
{
  SsdbSweepView view;

  ssdb_sweep_page_fill_view (SSDB_SWEEP_PAGE (data), &view);
  ssdb_sweep_painter_draw (&view, style, cr, width, height);
}

static void
update_status (SsdbSweepPage *self)
{
  const SsdbSweepResult *r = shown (self);
  guint done = r ? MAX (r->read->len, r->write->len) : 0;

  ssdb_kind_page_show_progress (
      SSDB_KIND_PAGE (self), /* Translators: "7 of 18 sizes · 40 %" */
      g_strdup_printf (
          _ ("%u of %u sizes · %d %%"), done, r ? r->n_sizes : 0,
          (int)(ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)))
                * 100)));
}

static void
refresh (SsdbSweepPage *self)
{
  const SsdbSweepResult *r = shown (self);

  ssdb_kind_page_redraw (SSDB_KIND_PAGE (self), r ? r->words : NULL);
}

static void
on_updated (SsdbSweepPage *self)
{
  refresh (self);
  update_status (self);
}

static void
on_finished (SsdbSweepPage *self, const GError *error)
{
  SsdbSweepResult *r = ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  g_autofree char *text = NULL;

  text = ssdb_kind_page_end_text (SSDB_KIND_PAGE (self), error,
                                  _ ("Stopped · the sizes measured so far are kept"));
  if (error != NULL && r != NULL && g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    r->cancelled = TRUE;
  if (text == NULL)
    {
      g_autofree char *took = ssdb_kind_page_dup_took (SSDB_KIND_PAGE (self));

      text = g_strdup_printf (_ ("Done in %s · %u sizes"), took, r ? r->n_sizes : 0);
    }
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), text);
  refresh (self);
}

/* ---- settings ------------------------------------------------------------------------- */

static char *
size_label (guint i)
{
  return ssdb_gui_format_transfer_size (size_table[i]);
}

/* The size_table index a size dropdown shows: its items start at first_size. */
static guint
selected_size (SsdbSweepPage *self, GtkDropDown *dropdown)
{
  return MIN (self->first_size + gtk_drop_down_get_selected (dropdown),
              G_N_ELEMENTS (size_table) - 1);
}

static void
set_size_choices (GtkDropDown *dropdown, guint first, guint selected)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = first; i < G_N_ELEMENTS (size_table); i++)
    {
      g_autofree char *text = size_label (i);

      gtk_string_list_append (list, text);
    }
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (dropdown, MAX (selected, first) - first);
  g_object_unref (list);
}

void
ssdb_sweep_page_set_block_size (SsdbSweepPage *self, guint block_size)
{
  guint first = 0, start, end;

  g_return_if_fail (SSDB_IS_SWEEP_PAGE (self));

  while (first + 1 < G_N_ELEMENTS (size_table) && block_size > 0
         && size_table[first] % block_size != 0)
    first++;
  if (first == self->first_size)
    return;
  start = selected_size (self, self->start_dropdown);
  end = selected_size (self, self->end_dropdown);
  self->first_size = first;
  set_size_choices (self->start_dropdown, first, start);
  set_size_choices (self->end_dropdown, first, end);
}

static char *
depth_label (guint i)
{
  return g_strdup_printf ("QD%u", depth_table[i]);
}

static char *
span_label (guint i)
{
  return ssdb_gui_format_transfer_size ((guint64)span_mib_table[i] * MIB);
}

static char *
time_label (guint i)
{
  return ssdb_page_parts_format_seconds (time_ms_table[i] * 1000000);
}

gboolean
ssdb_sweep_page_get_writes (SsdbSweepPage *self)
{
  g_return_val_if_fail (SSDB_IS_SWEEP_PAGE (self), FALSE);
  return gtk_switch_get_active (self->write_switch);
}

/* A region larger than the device runs over all of it: the note beside the region says so. */
static void
update_span_note (SsdbSweepPage *self)
{
  guint64 v = 0, span;
  guint i = ssdb_gui_dropdown_selected (self->span_dropdown, G_N_ELEMENTS (span_mib_table), &v);

  span = i < G_N_ELEMENTS (span_mib_table) ? (guint64)span_mib_table[i] * MIB : v;
  if (self->device_bytes > 0 && span > self->device_bytes)
    {
      g_autofree char *whole
          = ssdb_gui_format_transfer_size (MAX (self->device_bytes / MIB, 1) * MIB);
      /* Translators: beside a test size larger than the drive: "the whole drive, 512 MiB" */
      g_autofree char *text = g_strdup_printf (_ ("the whole drive, %s"), whole);

      gtk_label_set_text (self->span_note, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->span_note),
                          self->device_bytes > 0 && span > self->device_bytes);
}

/* The size dropdowns' own entries: size_table from first_size. */
static guint
n_size_choices (SsdbSweepPage *self)
{
  return G_N_ELEMENTS (size_table) - self->first_size;
}

/* The size a size dropdown shows: a choice, or a report's size beside them. */
static guint
size_value (SsdbSweepPage *self, GtkDropDown *dropdown)
{
  guint64 v = 0;
  guint i = ssdb_gui_dropdown_selected (dropdown, n_size_choices (self), &v);

  return i < n_size_choices (self) ? size_table[self->first_size + i] : (guint)v;
}

void
ssdb_sweep_page_get_spec (SsdbSweepPage *self, SsdbSweepSpec *spec)
{
  guint i;
  guint64 v = 0;

  g_return_if_fail (SSDB_IS_SWEEP_PAGE (self));
  g_return_if_fail (spec != NULL);

  ssdb_sweep_spec_init (spec);
  /* the choices, or a report's values shown beside them (ssdb_gui_dropdown_show()) */
  spec->start_size = size_value (self, self->start_dropdown);
  spec->end_size = MAX (size_value (self, self->end_dropdown), spec->start_size);
  i = ssdb_gui_dropdown_selected (self->depth_dropdown, G_N_ELEMENTS (depth_table), &v);
  spec->queue_depth = i < G_N_ELEMENTS (depth_table) ? depth_table[i] : (guint)v;
  i = ssdb_gui_dropdown_selected (self->span_dropdown, G_N_ELEMENTS (span_mib_table), &v);
  spec->span_length = i < G_N_ELEMENTS (span_mib_table) ? (guint64)span_mib_table[i] * MIB : v;
  if (self->device_bytes > 0 && spec->span_length > self->device_bytes)
    spec->span_length = MAX (self->device_bytes / MIB, 1) * MIB;
  i = ssdb_gui_dropdown_selected (self->time_dropdown, G_N_ELEMENTS (time_ms_table), &v);
  spec->duration_ns = i < G_N_ELEMENTS (time_ms_table) ? time_ms_table[i] * 1000000 : v;
  spec->do_read = TRUE;
  spec->do_write = gtk_switch_get_active (self->write_switch);
  spec->seed = (guint64)g_get_real_time ();
}

/* The entry of @size in a size dropdown, or -1 (not a choice, or below the target's block). */
static int
size_choice (SsdbSweepPage *self, guint size)
{
  int i = ssdb_gui_find_uint (size_table, G_N_ELEMENTS (size_table), size);

  return i >= (int)self->first_size ? i - (int)self->first_size : -1;
}

/* The controls show @spec, also a report's settings that are none of their choices (an extra
 * entry, until the target changes). */
static void
show_spec (SsdbSweepPage *self, const SsdbSweepSpec *spec)
{
  g_autofree char *first = ssdb_gui_format_transfer_size (spec->start_size);
  g_autofree char *last = ssdb_gui_format_transfer_size (spec->end_size);
  g_autofree char *depth = g_strdup_printf ("QD%u", spec->queue_depth);
  g_autofree char *span = ssdb_gui_format_transfer_size (spec->span_length);
  g_autofree char *time = ssdb_page_parts_format_seconds (spec->duration_ns);
  int sp = -1, t = -1;

  for (guint i = 0; i < G_N_ELEMENTS (span_mib_table); i++)
    if ((guint64)span_mib_table[i] * MIB == spec->span_length)
      sp = (int)i;
  for (guint i = 0; i < G_N_ELEMENTS (time_ms_table); i++)
    if (time_ms_table[i] * 1000000 == spec->duration_ns)
      t = (int)i;
  ssdb_gui_dropdown_show (self->start_dropdown, n_size_choices (self),
                          size_choice (self, spec->start_size), first, spec->start_size);
  ssdb_gui_dropdown_show (self->end_dropdown, n_size_choices (self),
                          size_choice (self, spec->end_size), last, spec->end_size);
  ssdb_gui_dropdown_show (
      self->depth_dropdown, G_N_ELEMENTS (depth_table),
      ssdb_gui_find_uint (depth_table, G_N_ELEMENTS (depth_table), spec->queue_depth), depth,
      spec->queue_depth);
  ssdb_gui_dropdown_show (self->span_dropdown, G_N_ELEMENTS (span_mib_table), sp, span,
                          spec->span_length);
  ssdb_gui_dropdown_show (self->time_dropdown, G_N_ELEMENTS (time_ms_table), t, time,
                          spec->duration_ns);
  gtk_switch_set_active (self->write_switch, spec->do_write);
}

gboolean
ssdb_sweep_page_configure (SsdbSweepPage *self, const SsdbSweepSpec *spec)
{
  gboolean span = FALSE, time = FALSE;

  g_return_val_if_fail (SSDB_IS_SWEEP_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (span_mib_table); i++)
    span |= (guint64)span_mib_table[i] * MIB == spec->span_length;
  for (guint i = 0; i < G_N_ELEMENTS (time_ms_table); i++)
    time |= time_ms_table[i] * 1000000 == spec->duration_ns;
  if (size_choice (self, spec->start_size) < 0 || size_choice (self, spec->end_size) < 0
      || spec->end_size < spec->start_size
      || ssdb_gui_find_uint (depth_table, G_N_ELEMENTS (depth_table), spec->queue_depth) < 0
      || !span || !time)
    return FALSE;
  show_spec (self, spec);
  return TRUE;
}

static char *
dup_settings_line (const SsdbSweepSpec *spec)
{
  g_autofree char *first = ssdb_gui_format_transfer_size (spec->start_size);
  g_autofree char *last = ssdb_gui_format_transfer_size (spec->end_size);
  g_autofree char *span = ssdb_gui_format_transfer_size (spec->span_length);
  g_autofree char *time = ssdb_page_parts_format_seconds (spec->duration_ns);

  /* Translators: "512 B – 64 MiB · QD4 · 256 MiB region · 1 s per size · write and read" */
  return g_strdup_printf (_ ("%s – %s · QD%u · %s region · %s per size · %s"), first, last,
                          spec->queue_depth, span, time,
                          spec->do_write ? _ ("write and read") : _ ("read only"));
}

void
ssdb_sweep_page_set_target (SsdbSweepPage *self, const char *title, guint64 device_bytes)
{
  g_return_if_fail (SSDB_IS_SWEEP_PAGE (self));

  ssdb_kind_page_set_title (SSDB_KIND_PAGE (self), title);
  self->device_bytes = device_bytes;
  if (ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))))
    return;
  update_span_note (self);
  /* back to the page's own choices */
  ssdb_gui_dropdown_drop_extra (self->start_dropdown, n_size_choices (self));
  ssdb_gui_dropdown_drop_extra (self->end_dropdown, n_size_choices (self));
  ssdb_gui_dropdown_drop_extra (self->depth_dropdown, G_N_ELEMENTS (depth_table));
  ssdb_gui_dropdown_drop_extra (self->span_dropdown, G_N_ELEMENTS (span_mib_table));
  ssdb_gui_dropdown_drop_extra (self->time_dropdown, G_N_ELEMENTS (time_ms_table));
  ssdb_gui_restore_choices (&self->user);
  ssdb_kind_page_take_subtitle (SSDB_KIND_PAGE (self), NULL);
  ssdb_page_run_set_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), NULL);
  /* Writes on a new device need a new confirmation: they start off. */
  if (device_bytes > 0)
    gtk_switch_set_active (self->write_switch, FALSE);
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), "");
  refresh (self);
}

/* ---- API ------------------------------------------------------------------------------ */

/* The settings the next start runs, for the window's check before it asks anything. */
static gpointer
test_page_dup_settings (SsdbTestPage *page, GError **error)
{
  SsdbSweepSpec spec;

  ssdb_sweep_page_get_spec (SSDB_SWEEP_PAGE (page), &spec);
  return ssdb_sweep_result_new (&spec);
}

static gboolean
test_page_start (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  SsdbSweepPage *self = SSDB_SWEEP_PAGE (page);
  SsdbSweepSpec spec;

  ssdb_sweep_page_get_spec (self, &spec);
  /* A device is written only for the write half. */
  if (!ssdb_page_parts_start_test (
          ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), start, spec.do_write,
          MAX (start->file_size, spec.span_offset + spec.span_length), work,
          ssdb_sweep_result_new (&spec), ssdb_sweep_result_new (&spec), error))
    return FALSE;
  ssdb_kind_page_started (SSDB_KIND_PAGE (self), dup_settings_line (&spec));
  refresh (self);
  update_status (self);
  return TRUE;
}

SSDB_KIND_PAGE_DEFINE_ACCESSORS (SsdbSweepPage, ssdb_sweep_page, SSDB_IS_SWEEP_PAGE)

const SsdbSweepResult *
ssdb_sweep_page_get_result (SsdbSweepPage *self)
{
  g_return_val_if_fail (SSDB_IS_SWEEP_PAGE (self), NULL);
  return shown (self);
}

static gboolean
export_png (SsdbKindPage *page, const SsdbStyle *style, const char *caption, const char *path,
            GError **error)
{
  SsdbSweepView view;

  ssdb_sweep_page_fill_view (SSDB_SWEEP_PAGE (page), &view);
  view.caption = caption;
  view.running = FALSE;
  return ssdb_render_sweep_png (&view, style, path, 1200, 700, 2, error);
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_sweep_page_class_init (SsdbSweepPageClass *klass)
{
  SSDB_KIND_PAGE_CLASS (klass)->export_png = export_png;
}

static void
ssdb_sweep_page_init (SsdbSweepPage *self)
{
  GtkWidget *settings;

  settings = ssdb_kind_page_build (SSDB_KIND_PAGE (self), _ ("Transfer size chart"));

  self->start_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (size_table), size_label, 0);
  ssdb_page_parts_add_setting (settings, _ ("_From"), GTK_WIDGET (self->start_dropdown),
                               _ ("Smallest Transfer Size"));
  self->end_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (size_table), size_label,
                                                     G_N_ELEMENTS (size_table) - 1);
  ssdb_page_parts_add_setting (settings, _ ("_To"), GTK_WIDGET (self->end_dropdown),
                               _ ("Largest Transfer Size; Each Step Doubles the Size"));
  self->depth_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (depth_table), depth_label, 2);
  ssdb_page_parts_add_setting (settings, _ ("_Queue"), GTK_WIDGET (self->depth_dropdown),
                               _ ("Requests in Flight"));
  self->span_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (span_mib_table), span_label, 1);
  {
    GtkWidget *row
        = ssdb_page_parts_add_setting (settings, _ ("_Region"), GTK_WIDGET (self->span_dropdown),
                                       _ ("Total Length the Transfers Go Over, from the Start"));

    self->span_note = GTK_LABEL (gtk_label_new (NULL));
    gtk_widget_add_css_class (GTK_WIDGET (self->span_note), "dim-label");
    gtk_widget_set_visible (GTK_WIDGET (self->span_note), FALSE);
    gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->span_note));
  }
  g_signal_connect_swapped (self->span_dropdown, "notify::selected", G_CALLBACK (update_span_note),
                            self);
  self->time_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (time_ms_table), time_label, 2);
  ssdb_page_parts_add_setting (settings, _ ("T_ime"), GTK_WIDGET (self->time_dropdown),
                               _ ("Measuring Time per Size and Direction"));
  self->write_switch = GTK_SWITCH (gtk_switch_new ());
  ssdb_page_parts_add_setting (
      settings, _ ("_Writes"), GTK_WIDGET (self->write_switch),
      _ ("Also Write Each Size over the Region; on a Drive This Destroys the Region's Data"));

  self->iops_switch = GTK_SWITCH (gtk_switch_new ());
  ssdb_kind_page_add_view_option (SSDB_KIND_PAGE (self), _ ("_IOPS"), self->iops_switch,
                                  _ ("Show IOPS Columns in the Table"));

  ssdb_kind_page_attach_run (
      SSDB_KIND_PAGE (self),
      ssdb_page_run_new ("ssdb-sweep", dup_result, (GDestroyNotify)ssdb_sweep_result_free),
      SSDB_TEST_KIND_SWEEP, G_CALLBACK (on_updated), G_CALLBACK (update_status),
      G_CALLBACK (on_finished), draw);
}

GtkWidget *
ssdb_sweep_page_new (void)
{
  return g_object_new (SSDB_TYPE_SWEEP_PAGE, NULL);
}

static gboolean
test_page_show_result (SsdbTestPage *page, SsdbTestKind kind, const SsdbReport *report,
                       const char *title)
{
  SsdbSweepPage *self = SSDB_SWEEP_PAGE (page);
  const SsdbSweepResult *result = ssdb_report_get_result (report, kind);

  {
    /* The controls show the report's settings, its writes too (a start from them asks
     * first); the user's own choices come back with the next target. */
    ssdb_gui_keep_choices (&self->user, self->start_dropdown, self->end_dropdown,
                           self->depth_dropdown, self->span_dropdown, self->time_dropdown,
                           self->write_switch, NULL);
    show_spec (self, &result->spec);
  }
  ssdb_kind_page_show (SSDB_KIND_PAGE (self), title, dup_settings_line (&result->spec),
                       ssdb_sweep_result_dup (result));
  refresh (self);
  return TRUE;
}

/* ---- SsdbTestPage ----------------------------------------------------------------------- */

static void
test_page_set_target (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  ssdb_sweep_page_set_target (SSDB_SWEEP_PAGE (page), target->title, target->device_bytes);
  ssdb_sweep_page_set_block_size (SSDB_SWEEP_PAGE (page), target->block_size);
}

static SsdbTestPageWrites
test_page_get_writes (SsdbTestPage *page)
{
  return ssdb_sweep_page_get_writes (SSDB_SWEEP_PAGE (page)) ? SSDB_TEST_PAGE_WRITES_EVERY_START
                                                             : SSDB_TEST_PAGE_WRITES_NONE;
}

static char *
test_page_dup_confirm_body (SsdbTestPage *page, const char *title, const char *capacity,
                            const char *node)
{
  SsdbSweepSpec spec;
  g_autofree char *region = NULL;

  ssdb_sweep_page_get_spec (SSDB_SWEEP_PAGE (page), &spec);
  region = ssdb_gui_format_transfer_size (spec.span_length);
  return g_strdup_printf (_ ("The transfer-size sweep writes over the first %s of %s (%s, %s). "
                             "All data stored there will be destroyed and cannot be recovered."),
                          region, title, capacity, node);
}

static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  SsdbSweepPage *self = SSDB_SWEEP_PAGE (page);
  const SsdbSweepResult *r = ssdb_sweep_page_get_result (self);

  if (r == NULL || (r->read->len == 0 && r->write->len == 0))
    return NULL;
  return r;
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
