/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-access-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-units.h"
#include "render/ssdb-access-painter.h"
#include "render/ssdb-render-lang.h"
#include "ssdb-gui-util.h"
#include "ssdb-kind-page.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)
#define N_ROWS 6

static const guint block_table[] = { 512, 4096, 8192, 16384, 65536 };
static const guint max_depth_table[] = { 1, 2, 4, 8, 16, 32, 64, 128, 256 };
static const guint64 span_gb_table[] = { 0, 1, 10, 100 };
static const guint64 step_ms_table[] = { 500, 1000, 3000, 5000, 10000 };

struct _SsdbAccessPage
{
  SsdbKindPage parent_instance;

  GtkDropDown *block_dropdown;
  GtkDropDown *mode_dropdown;
  GtkDropDown *depth_dropdown;
  GtkDropDown *span_dropdown;
  GtkDropDown *step_dropdown;
  GtkSwitch *relief_switch;
  SsdbGuiKept user; /* the user's own choices while a report's are shown */
  /* A report's steps that are not 1, 2, 4 … up to a depth (1, 4, 16): the depth drop-down's
   * extra entry runs them */
  guint report_depths[SSDB_ACCESS_MAX_STEPS];
  guint n_report_depths;
  GtkGrid *table;
  GtkWidget *table_box;

  SsdbAccessChart kind;
  guint64 device_bytes;
};

static void
test_page_iface_init (SsdbTestPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbAccessPage, ssdb_access_page, SSDB_TYPE_KIND_PAGE,
                               G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE, test_page_iface_init))

/* ---- results -------------------------------------------------------------------------- */

static gpointer
dup_result (gconstpointer data)
{
  const SsdbAccessResult *r = data;
  SsdbAccessResult *c = ssdb_access_result_new (&r->spec);

  g_array_set_size (c->steps, 0);
  for (guint i = 0; i < r->steps->len; i++)
    {
      SsdbAccessStep s = g_array_index (r->steps, SsdbAccessStep, i);

      s.fio_command = g_strdup (s.fio_command);
      g_array_append_val (c->steps, s);
    }
  c->analysis = r->analysis;
  c->analysis.words = g_strdup (r->analysis.words);
  c->prepare_ns = r->prepare_ns;
  c->cancelled = r->cancelled;
  return c;
}

/* ---- worker thread -------------------------------------------------------------------- */

static void
on_progress (SsdbAccessResult *result, int step, double fraction, gpointer user_data)
{
  ssdb_page_run_job_publish (user_data, result, fraction);
}

static void
work (SsdbPageRunJob *job, SsdbTarget *target, gpointer result, GCancellable *cancellable,
      GError **error)
{
  ssdb_access_run (target, result, on_progress, job, cancellable, error);
}

/* ---- main thread ---------------------------------------------------------------------- */

static const SsdbAccessResult *
shown (SsdbAccessPage *self)
{
  return ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

static void
fill_view (SsdbAccessPage *self, SsdbAccessView *view)
{
  ssdb_access_view_init (view);
  view->result = shown (self);
  view->chart = self->kind;
  view->target_title = ssdb_kind_page_get_title (SSDB_KIND_PAGE (self));
  view->target_subtitle = ssdb_kind_page_get_subtitle (SSDB_KIND_PAGE (self));
  view->running = ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  view->running_fraction
      = ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

static void
draw (const SsdbStyle *style, cairo_t *cr, int width, int height, gpointer data)
{
  SsdbAccessView view;

  fill_view (SSDB_ACCESS_PAGE (data), &view);
  ssdb_access_painter_draw (&view, style, cr, width, height);
}

/* The heatmap cell under the pointer: its range, share of reads and the step's mean and p99. */
static gboolean
on_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                  SsdbAccessPage *self)
{
  SsdbAccessView view;
  guint step;
  int bin;
  g_autofree char *text = NULL;

  fill_view (self, &view);
  if (keyboard || view.result == NULL || view.chart != SSDB_ACCESS_CHART_HEATMAP
      || !ssdb_access_painter_cell_at (&view, gtk_widget_get_width (widget),
                                       gtk_widget_get_height (widget), x, y, &step, &bin))
    return FALSE;
  text = ssdb_access_painter_dup_hover_text (&view, step, bin, TRUE);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static char *
format_cell (const SsdbAccessStep *s, guint row)
{
  if (s->state != SSDB_ENTRY_DONE && s->io.ios == 0)
    return g_strdup ("\u2014");
  switch (row)
    {
      case 0:
        return ssdb_chart_format_double (s->iops, 0, TRUE);
      case 1:
        return ssdb_chart_format_ms (s->mean_ns, TRUE);
      case 2:
        return ssdb_chart_format_ms ((double)s->median_ns, TRUE);
      case 3:
        return ssdb_chart_format_ms ((double)s->p99_ns, TRUE);
      case 4:
        return ssdb_chart_format_ms ((double)s->max_ns, TRUE);
      default:
        return ssdb_chart_format_double (s->achieved_depth, 1, TRUE);
    }
}

static GtkWidget *
cell (const char *text, gboolean header)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), header ? 0 : 1);
  gtk_widget_add_css_class (label, "numeric");
  if (header)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* The table under the chart: one column per step, one row per measure. */
static void
update_table (SsdbAccessPage *self)
{
  static const char *const names[N_ROWS]
      = { N_ ("IOPS"),    N_ ("Mean"),          N_ ("Median"), N_ ("99th percentile"),
          N_ ("Slowest"), N_ ("Achieved depth") };
  const SsdbAccessResult *r = shown (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table))) != NULL)
    gtk_grid_remove (self->table, child);
  gtk_widget_set_visible (self->table_box, r != NULL);
  if (r == NULL)
    return;
  for (guint row = 0; row < N_ROWS; row++)
    gtk_grid_attach (self->table, cell (_ (names[row]), TRUE), 0, row + 1, 1, 1);
  for (guint i = 0; i < r->steps->len; i++)
    {
      const SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);
      g_autofree char *head = ssdb_access_step_label (r->spec.mode, s->depth);
      GtkWidget *h = cell (head, FALSE);

      gtk_widget_add_css_class (h, "heading");
      gtk_grid_attach (self->table, h, i + 1, 0, 1, 1);
      for (guint row = 0; row < N_ROWS; row++)
        {
          g_autofree char *text = format_cell (s, row);

          gtk_grid_attach (self->table, cell (text, FALSE), i + 1, row + 1, 1, 1);
        }
    }
}

static void
update_status (SsdbAccessPage *self)
{
  const SsdbAccessResult *r = shown (self);
  g_autofree char *text = NULL;
  int running = -1;

  if (!ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))))
    return;
  for (guint i = 0; r != NULL && i < r->steps->len; i++)
    if (g_array_index (r->steps, SsdbAccessStep, i).state == SSDB_ENTRY_RUNNING)
      running = (int)i;
  if (r == NULL
      || (running < 0
          && ssdb_page_run_get_updates (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))) == 0))
    text = g_strdup (_ ("Opening the target"));
  else if (running < 0)
    text = g_strdup_printf (
        _ ("Preparing · %d %%"),
        (int)(ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))) * 100));
  else
    {
      const SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, running);
      g_autofree char *label = ssdb_access_step_label (r->spec.mode, s->depth);

      /* Translators: "QD8 · step 4 of 6 · 45 %" */
      text = g_strdup_printf (
          _ ("%s · step %d of %u · %d %%"), label, running + 1, r->steps->len,
          (int)(ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))) * 100));
    }
  text = ssdb_page_run_add_time (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)),
                                 g_steal_pointer (&text));
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), text);
}

static void
refresh (SsdbAccessPage *self)
{
  const SsdbAccessResult *r = shown (self);
  g_autofree char *words = NULL;

  update_table (self);
  if (r != NULL && r->analysis.words != NULL)
    {
      /* The chart's finding as the chart draws it: in the window's language. */
      const char *previous = ssdb_render_language_push (ssdb_render_get_language ());

      words = ssdb_render_localize_number (ssdb_access_result_dup_words (r));
      ssdb_render_language_pop (previous);
    }
  ssdb_kind_page_redraw (SSDB_KIND_PAGE (self), words);
}

static void
on_updated (SsdbAccessPage *self)
{
  refresh (self);
  update_status (self);
}

static void
on_finished (SsdbAccessPage *self, const GError *error)
{
  SsdbAccessResult *r = ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  g_autofree char *text = NULL;

  text = ssdb_kind_page_end_text (SSDB_KIND_PAGE (self), error,
                                  _ ("Stopped · the steps measured so far are kept"));
  if (error != NULL && r != NULL && g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    r->cancelled = TRUE;
  if (text == NULL)
    {
      g_autofree char *took = ssdb_kind_page_dup_took (SSDB_KIND_PAGE (self));

      text = g_strdup_printf (_ ("Done in %s · %u steps"), took, r ? r->steps->len : 0);
    }
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), text);
  refresh (self);
}

/* ---- settings ------------------------------------------------------------------------- */

static char *
block_label (guint i)
{
  return ssdb_gui_format_transfer_size (block_table[i]);
}

static char *
mode_label (guint i)
{
  return g_strdup (i == 0 ? _ ("Queue depth") : _ ("Threads"));
}

static char *
depth_label (guint i)
{
  /* Translators: the deepest step, "up to 32" */
  return g_strdup_printf (_ ("up to %u"), max_depth_table[i]);
}

static char *
span_label (guint i)
{
  if (span_gb_table[i] == 0)
    return g_strdup (_ ("Whole span"));
  /* Translators: the span of the random reads, "First 10 GB" */
  return g_strdup_printf (_ ("First %u GB"), (guint)span_gb_table[i]);
}

static char *
step_label (guint i)
{
  return ssdb_page_parts_format_seconds (step_ms_table[i] * 1000000);
}

void
ssdb_access_page_get_spec (SsdbAccessPage *self, SsdbAccessSpec *spec)
{
  guint i, max, limit;
  guint64 gb, v = 0;

  g_return_if_fail (SSDB_IS_ACCESS_PAGE (self));
  g_return_if_fail (spec != NULL);

  ssdb_access_spec_init (spec);
  /* the choices, or a report's values shown beside them (ssdb_gui_dropdown_show()) */
  i = ssdb_gui_dropdown_selected (self->block_dropdown, G_N_ELEMENTS (block_table), &v);
  spec->block_size = i < G_N_ELEMENTS (block_table) ? block_table[i] : (guint)v;
  spec->mode = gtk_drop_down_get_selected (self->mode_dropdown) == 1 ? SSDB_ACCESS_MODE_THREADS
                                                                     : SSDB_ACCESS_MODE_QUEUE;
  i = ssdb_gui_dropdown_selected (self->depth_dropdown, G_N_ELEMENTS (max_depth_table), &v);
  max = i < G_N_ELEMENTS (max_depth_table) ? max_depth_table[i] : (guint)v;
  limit = spec->mode == SSDB_ACCESS_MODE_THREADS ? SSDB_MAX_THREADS : SSDB_MAX_QUEUE_DEPTH;
  spec->n_depths = 0;
  for (guint d = 1; d <= MIN (max, limit) && spec->n_depths < SSDB_ACCESS_MAX_STEPS; d *= 2)
    spec->depths[spec->n_depths++] = d;
  if (i == G_N_ELEMENTS (max_depth_table) && self->n_report_depths > 0)
    {
      memcpy (spec->depths, self->report_depths, sizeof self->report_depths);
      spec->n_depths = self->n_report_depths;
    }
  i = ssdb_gui_dropdown_selected (self->span_dropdown, G_N_ELEMENTS (span_gb_table), &v);
  gb = i < G_N_ELEMENTS (span_gb_table) ? span_gb_table[i] : 0;
  spec->span_length = i < G_N_ELEMENTS (span_gb_table) ? gb * 1000000000 / MIB * MIB : v;
  if (self->device_bytes > 0 && spec->span_length >= self->device_bytes)
    spec->span_length = 0;
  i = ssdb_gui_dropdown_selected (self->step_dropdown, G_N_ELEMENTS (step_ms_table), &v);
  spec->step_duration_ns = i < G_N_ELEMENTS (step_ms_table) ? step_ms_table[i] * 1000000 : v;
  spec->seed = (guint64)g_get_real_time ();
}

/* The controls show @spec, a report's settings, also those that are none of their choices (an
 * extra entry, until the target changes). */
static void
show_spec (SsdbAccessPage *self, const SsdbAccessSpec *spec)
{
  guint deepest = spec->n_depths > 0 ? spec->depths[spec->n_depths - 1] : 1;
  g_autofree char *block = ssdb_gui_format_transfer_size (spec->block_size);
  g_autofree char *depth = g_strdup_printf (_ ("up to %u"), deepest);
  int d = ssdb_gui_find_uint (max_depth_table, G_N_ELEMENTS (max_depth_table), deepest);
  gboolean doubling = spec->n_depths > 0;
  g_autofree char *step = ssdb_page_parts_format_seconds (spec->step_duration_ns);
  g_autofree char *span = NULL;
  int s = -1, sp = -1;

  if (spec->span_length == 0)
    span = g_strdup (_ ("Whole span"));
  else
    {
      g_autofree char *cap = ssdb_gui_format_capacity (spec->span_length);

      /* Translators: the span of the random reads of a report, "First 2.15 GB" */
      span = g_strdup_printf (_ ("First %s"), cap);
    }
  for (guint i = 0; i < G_N_ELEMENTS (step_ms_table); i++)
    if (step_ms_table[i] * 1000000 == spec->step_duration_ns)
      s = (int)i;
  for (guint i = 0; i < G_N_ELEMENTS (span_gb_table); i++)
    if (span_gb_table[i] * 1000000000 / MIB * MIB == spec->span_length)
      sp = (int)i;
  ssdb_gui_dropdown_show (
      self->block_dropdown, G_N_ELEMENTS (block_table),
      ssdb_gui_find_uint (block_table, G_N_ELEMENTS (block_table), spec->block_size), block,
      spec->block_size);
  gtk_drop_down_set_selected (self->mode_dropdown, spec->mode == SSDB_ACCESS_MODE_THREADS);
  /* steps other than 1, 2, 4 … up to the deepest: listed ("1, 4, 16"), and run as listed */
  for (guint k = 0; k < spec->n_depths; k++)
    doubling &= spec->depths[k] == 1u << k;
  self->n_report_depths = 0;
  if (!doubling && spec->n_depths > 0)
    {
      GString *list = g_string_new (NULL);

      for (guint k = 0; k < spec->n_depths; k++)
        g_string_append_printf (list, "%s%u", k > 0 ? ", " : "", spec->depths[k]);
      g_free (depth);
      depth = g_string_free (list, FALSE);
      memcpy (self->report_depths, spec->depths, sizeof self->report_depths);
      self->n_report_depths = spec->n_depths;
      d = -1;
    }
  ssdb_gui_dropdown_show (self->depth_dropdown, G_N_ELEMENTS (max_depth_table), d, depth, deepest);
  ssdb_gui_dropdown_show (self->step_dropdown, G_N_ELEMENTS (step_ms_table), s, step,
                          spec->step_duration_ns);
  ssdb_gui_dropdown_show (self->span_dropdown, G_N_ELEMENTS (span_gb_table), sp, span,
                          spec->span_length);
}

gboolean
ssdb_access_page_configure (SsdbAccessPage *self, const SsdbAccessSpec *spec)
{
  gboolean step = FALSE, span = FALSE;

  g_return_val_if_fail (SSDB_IS_ACCESS_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (step_ms_table); i++)
    step |= step_ms_table[i] * 1000000 == spec->step_duration_ns;
  for (guint i = 0; i < G_N_ELEMENTS (span_gb_table); i++)
    span |= span_gb_table[i] * 1000000000 / MIB * MIB == spec->span_length;
  if (ssdb_gui_find_uint (block_table, G_N_ELEMENTS (block_table), spec->block_size) < 0
      || spec->n_depths == 0
      || ssdb_gui_find_uint (max_depth_table, G_N_ELEMENTS (max_depth_table),
                             spec->depths[spec->n_depths - 1])
             < 0
      || !step || !span)
    return FALSE;
  show_spec (self, spec);
  return TRUE;
}

static char *
dup_settings_line (const SsdbAccessSpec *spec)
{
  g_autofree char *block = ssdb_gui_format_transfer_size (spec->block_size);
  g_autofree char *step = ssdb_page_parts_format_seconds (spec->step_duration_ns);
  g_autofree char *first = ssdb_access_step_label (spec->mode, spec->depths[0]);
  g_autofree char *last = ssdb_access_step_label (spec->mode, spec->depths[spec->n_depths - 1]);
  g_autofree char *span = NULL;

  if (spec->span_length == 0)
    span = g_strdup (_ ("whole span"));
  else
    {
      g_autofree char *cap = ssdb_gui_format_capacity (spec->span_length);

      span = g_strdup_printf (_ ("first %s"), cap);
    }
  /* Translators: "4 KiB random reads · QD1–QD32 · 3 s per step · whole span" */
  return g_strdup_printf (_ ("%s random reads · %s–%s · %s per step · %s"), block, first, last,
                          step, span);
}

void
ssdb_access_page_set_target (SsdbAccessPage *self, const char *title, guint64 device_bytes)
{
  g_return_if_fail (SSDB_IS_ACCESS_PAGE (self));

  ssdb_kind_page_set_title (SSDB_KIND_PAGE (self), title);
  self->device_bytes = device_bytes;
  if (ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))))
    return;
  /* back to the page's own choices */
  ssdb_gui_dropdown_drop_extra (self->block_dropdown, G_N_ELEMENTS (block_table));
  ssdb_gui_dropdown_drop_extra (self->depth_dropdown, G_N_ELEMENTS (max_depth_table));
  ssdb_gui_dropdown_drop_extra (self->step_dropdown, G_N_ELEMENTS (step_ms_table));
  ssdb_gui_dropdown_drop_extra (self->span_dropdown, G_N_ELEMENTS (span_gb_table));
  ssdb_gui_restore_choices (&self->user);
  self->n_report_depths = 0;
  ssdb_kind_page_take_subtitle (SSDB_KIND_PAGE (self), NULL);
  ssdb_page_run_set_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), NULL);
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), "");
  refresh (self);
}

/* ---- API ------------------------------------------------------------------------------ */

/* The settings the next start runs, for the window's check before it asks anything. */
static gpointer
test_page_dup_settings (SsdbTestPage *page, GError **error)
{
  SsdbAccessSpec spec;

  ssdb_access_page_get_spec (SSDB_ACCESS_PAGE (page), &spec);
  return ssdb_access_result_new (&spec);
}

static gboolean
test_page_start (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  SsdbAccessPage *self = SSDB_ACCESS_PAGE (page);
  SsdbAccessSpec spec;

  ssdb_access_page_get_spec (self, &spec);
  /* Reads only on a device. */
  if (!ssdb_page_parts_start_test (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), start, FALSE,
                                   start->file_size, work, ssdb_access_result_new (&spec),
                                   ssdb_access_result_new (&spec), error))
    return FALSE;
  ssdb_kind_page_started (SSDB_KIND_PAGE (self), dup_settings_line (&spec));
  refresh (self);
  update_status (self);
  return TRUE;
}

SSDB_KIND_PAGE_DEFINE_ACCESSORS (SsdbAccessPage, ssdb_access_page, SSDB_IS_ACCESS_PAGE)

const SsdbAccessResult *
ssdb_access_page_get_result (SsdbAccessPage *self)
{
  g_return_val_if_fail (SSDB_IS_ACCESS_PAGE (self), NULL);
  return shown (self);
}

void
ssdb_access_page_set_chart_kind (SsdbAccessPage *self, SsdbAccessChart kind)
{
  g_return_if_fail (SSDB_IS_ACCESS_PAGE (self));
  gtk_switch_set_active (self->relief_switch, kind == SSDB_ACCESS_CHART_RELIEF);
}

static void
on_relief_changed (SsdbAccessPage *self)
{
  self->kind = gtk_switch_get_active (self->relief_switch) ? SSDB_ACCESS_CHART_RELIEF
                                                           : SSDB_ACCESS_CHART_HEATMAP;
}

char *
ssdb_access_page_dup_cell_text (SsdbAccessPage *self, guint row, guint step)
{
  GtkWidget *child;

  g_return_val_if_fail (SSDB_IS_ACCESS_PAGE (self), NULL);
  child = gtk_grid_get_child_at (self->table, step + 1, row + 1);
  return child ? g_strdup (gtk_label_get_text (GTK_LABEL (child))) : NULL;
}

static gboolean
export_png (SsdbKindPage *page, const SsdbStyle *style, const char *caption, const char *path,
            GError **error)
{
  SsdbAccessPage *self = SSDB_ACCESS_PAGE (page);

  SsdbAccessView view;

  fill_view (self, &view);
  view.caption = caption;
  view.running = FALSE;
  return ssdb_render_access_png (&view, style, path, 1200, 700, 2, error);
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_access_page_class_init (SsdbAccessPageClass *klass)
{
  SSDB_KIND_PAGE_CLASS (klass)->export_png = export_png;
}

static void
ssdb_access_page_init (SsdbAccessPage *self)
{
  GtkWidget *settings, *scroller;

  settings = ssdb_kind_page_build (SSDB_KIND_PAGE (self), _ ("Access time distribution chart"));

  self->block_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (block_table), block_label, 1);
  ssdb_page_parts_add_setting (settings, _ ("_Block"), GTK_WIDGET (self->block_dropdown),
                               _ ("Transfer Size of Each Random Read"));
  self->mode_dropdown = ssdb_page_parts_dropdown_new (2, mode_label, 0);
  ssdb_page_parts_add_setting (
      settings, _ ("_Steps"), GTK_WIDGET (self->mode_dropdown),
      _ ("Queue Depth: One Thread Keeps the Requests Queued; Threads: Each Thread Has One Request "
         "in Flight"));
  self->depth_dropdown
      = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (max_depth_table), depth_label, 5);
  ssdb_page_parts_add_setting (settings, _ ("_Depth"), GTK_WIDGET (self->depth_dropdown),
                               _ ("Steps 1, 2, 4 … up to This Depth (Threads: at Most 64)"));
  self->span_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (span_gb_table), span_label, 0);
  ssdb_page_parts_add_setting (settings, _ ("S_pan"), GTK_WIDGET (self->span_dropdown),
                               _ ("Where the Random Reads Go"));
  self->step_dropdown = ssdb_page_parts_dropdown_new (G_N_ELEMENTS (step_ms_table), step_label, 2);
  ssdb_page_parts_add_setting (settings, _ ("_Time"), GTK_WIDGET (self->step_dropdown),
                               _ ("Length of Each Step"));

  self->relief_switch = GTK_SWITCH (gtk_switch_new ());
  /* the chart kind follows the switch before the base redraws the chart */
  g_signal_connect_swapped (self->relief_switch, "notify::active", G_CALLBACK (on_relief_changed),
                            self);
  ssdb_kind_page_add_view_option (
      SSDB_KIND_PAGE (self), _ ("_Histograms in 3D"), self->relief_switch,
      _ ("Draw Each Step's Histogram as a Curve, Stacked in Perspective"));

  self->table = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_column_spacing (self->table, 18);
  gtk_grid_set_row_spacing (self->table, 2);
  gtk_widget_set_halign (GTK_WIDGET (self->table), GTK_ALIGN_START);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_NEVER);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->table));
  self->table_box = scroller;
  gtk_widget_set_visible (scroller, FALSE);
  gtk_box_insert_child_after (
      GTK_BOX (self), scroller,
      gtk_widget_get_parent (GTK_WIDGET (ssdb_kind_page_get_chart (SSDB_KIND_PAGE (self)))));

  ssdb_kind_page_attach_run (
      SSDB_KIND_PAGE (self),
      ssdb_page_run_new ("ssdb-access", dup_result, (GDestroyNotify)ssdb_access_result_free),
      SSDB_TEST_KIND_ACCESS, G_CALLBACK (on_updated), G_CALLBACK (update_status),
      G_CALLBACK (on_finished), draw);
  gtk_widget_set_has_tooltip (GTK_WIDGET (ssdb_kind_page_get_chart (SSDB_KIND_PAGE (self))), TRUE);
  g_signal_connect (ssdb_kind_page_get_chart (SSDB_KIND_PAGE (self)), "query-tooltip",
                    G_CALLBACK (on_query_tooltip), self);
}

GtkWidget *
ssdb_access_page_new (void)
{
  return g_object_new (SSDB_TYPE_ACCESS_PAGE, NULL);
}

static gboolean
test_page_show_result (SsdbTestPage *page, SsdbTestKind kind, const SsdbReport *report,
                       const char *title)
{
  SsdbAccessPage *self = SSDB_ACCESS_PAGE (page);
  const SsdbAccessResult *result = ssdb_report_get_result (report, kind);

  /* The controls show the report's settings; the user's own come back with the next target. */
  ssdb_gui_keep_choices (&self->user, self->block_dropdown, self->mode_dropdown,
                         self->depth_dropdown, self->span_dropdown, self->step_dropdown, NULL);
  show_spec (self, &result->spec);
  ssdb_kind_page_show (SSDB_KIND_PAGE (self), title, dup_settings_line (&result->spec),
                       ssdb_access_result_dup (result));
  refresh (self);
  return TRUE;
}

/* ---- SsdbTestPage ----------------------------------------------------------------------- */

static void
test_page_set_target (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  ssdb_access_page_set_target (SSDB_ACCESS_PAGE (page), target->title, target->device_bytes);
}

static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  SsdbAccessPage *self = SSDB_ACCESS_PAGE (page);
  const SsdbAccessResult *r = ssdb_access_page_get_result (self);

  if (r == NULL || r->steps->len == 0)
    return NULL;
  return r;
}

static void
test_page_iface_init (SsdbTestPageInterface *iface)
{
  iface->set_target = test_page_set_target;
  iface->start = test_page_start;
  iface->dup_settings = test_page_dup_settings;
  iface->get_result = test_page_get_result;
  iface->show_result = test_page_show_result;
}
