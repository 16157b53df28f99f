/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-workload-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-units.h"
#include "ssdb-kind-page.h"
#include "ssdb-gui-util.h"
#include "render/ssdb-chart.h"
#include "render/ssdb-render-lang.h"

#define SPECS_KEY "workload-specs"

/* The presets' display names, in SsdbWorkloadPreset order. */
static const char *const preset_names[SSDB_WORKLOAD_N_PRESETS]
    = { N_ ("Database"), N_ ("File server"), N_ ("Web server"), N_ ("Workstation") };

struct _SsdbWorkloadPage
{
  SsdbKindPage parent_instance;

  GtkDropDown *spec_dropdown;
  GtkLabel *spec_label;
  GtkWidget *edit_button;
  GtkWidget *delete_button;

  GSettings *settings;
  GArray *specs; /* SsdbWorkloadSpec: the presets, then the user's */
  gboolean reloading;
  /* A report's workload that is none of the list's, shown last in it (never saved), and the
   * user's own choice, back with the next target. */
  gboolean report_extra;
  SsdbGuiKept user;
  int editing; /* index of the user specification being edited, or -1 for a new one */

  /* the table under the chart: per worker and all, the reads and the writes apart */
  GtkGrid *table_head; /* the headings and all workers */
  GtkGrid *table;      /* the workers' rows */
  GtkSizeGroup *table_columns[1 + 2 * SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION];
  GtkScrolledWindow *table_rows; /* the workers' rows, scrolled up and down */
  GtkWidget *table_box;          /* both, scrolled sideways */
  guint table_workers;           /* the workers' rows the table has now */

  guint64 device_bytes;
  guint64 ramp_ns;
  guint64 duration_ns;
  guint cycle_depths[SSDB_WORKLOAD_MAX_CYCLE]; /* of the run started, when it cycles */
  guint n_cycle_depths;
};

static void
test_page_iface_init (SsdbTestPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbWorkloadPage, ssdb_workload_page, SSDB_TYPE_KIND_PAGE,
                               G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE, test_page_iface_init))

/* ---- results -------------------------------------------------------------------------- */

/* The engine's deep copy: every member, also the reads and writes apart. */
/* ---- worker thread -------------------------------------------------------------------- */

static void
on_progress (SsdbWorkloadResult *result, const char *phase, double fraction, gpointer user_data)
{
  ssdb_page_run_job_publish (user_data, result, fraction);
}

static void
work (SsdbPageRunJob *job, SsdbTarget *target, gpointer result, GCancellable *cancellable,
      GError **error)
{
  ssdb_workload_run (target, result, on_progress, job, cancellable, error);
}

/* ---- main thread ---------------------------------------------------------------------- */

static const SsdbWorkloadResult *
shown (SsdbWorkloadPage *self)
{
  return ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

void
ssdb_workload_page_fill_view (SsdbWorkloadPage *self, SsdbWorkloadView *view)
{
  g_return_if_fail (SSDB_IS_WORKLOAD_PAGE (self));
  g_return_if_fail (view != NULL);

  ssdb_workload_view_init (view);
  view->result = shown (self);
  view->target_title = ssdb_kind_page_get_title (SSDB_KIND_PAGE (self));
  view->target_subtitle = ssdb_kind_page_get_subtitle (SSDB_KIND_PAGE (self));
  view->running = ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  view->running_fraction
      = ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
}

static void
draw (const SsdbStyle *style, cairo_t *cr, int width, int height, gpointer data)
{
  SsdbWorkloadView view;

  ssdb_workload_page_fill_view (SSDB_WORKLOAD_PAGE (data), &view);
  ssdb_workload_painter_draw (&view, style, cr, width, height);
}

static void
update_status (SsdbWorkloadPage *self)
{
  double f = ssdb_page_run_get_fraction (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  double ramp_share = self->ramp_ns + self->duration_ns > 0
                          ? (double)self->ramp_ns / (double)(self->ramp_ns + self->duration_ns)
                          : 0;
  g_autofree char *text = NULL;

  if (!ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))))
    return;
  if (self->n_cycle_depths > 0)
    {
      /* a cycle: the fraction runs over every depth, each a ramp and a measured run */
      double per = f * self->n_cycle_depths;
      guint step = MIN ((guint)per, self->n_cycle_depths - 1);
      double within = per - step;

      if (ssdb_page_run_get_updates (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))) == 0)
        text = g_strdup (_ ("Opening the target"));
      else if (within < ramp_share)
        /* Translators: a cycle of queue depths: "QD4 (2 of 3): ramping up, not measured · 45 %" */
        text = g_strdup_printf (_ ("QD%u (%u of %u): ramping up, not measured · %d %%"),
                                self->cycle_depths[step], step + 1, self->n_cycle_depths,
                                (int)(f * 100));
      else
        /* Translators: a cycle of queue depths: "QD4 (2 of 3): measuring · 60 %" */
        text = g_strdup_printf (_ ("QD%u (%u of %u): measuring · %d %%"), self->cycle_depths[step],
                                step + 1, self->n_cycle_depths, (int)(f * 100));
    }
  else if (ssdb_page_run_get_updates (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))) == 0)
    text = g_strdup (_ ("Opening the target"));
  else if (f < ramp_share)
    text = g_strdup_printf (_ ("Ramping up, not measured · %d %%"), (int)(f * 100));
  else
    text = g_strdup_printf (_ ("Measuring · %d %%"), (int)(f * 100));
  text = ssdb_page_run_add_time (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)),
                                 g_steal_pointer (&text));
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), text);
}

static void
update_table (SsdbWorkloadPage *self);

static void
refresh (SsdbWorkloadPage *self)
{
  SsdbWorkloadView view;
  g_autofree char *words = NULL;

  ssdb_workload_page_fill_view (self, &view);
  words = ssdb_workload_painter_dup_words (&view, TRUE);
  ssdb_kind_page_redraw (SSDB_KIND_PAGE (self), words);
  update_table (self);
}

/* ---- the table of reads and writes ---------------------------------------------------- */

#define TABLE_COLUMNS (1 + 2 * SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION)
/* The heading's rows: the directions, each column's, then all workers. */
#define TABLE_ROWS_IN_SIGHT 2
#define HEAD_TOTAL_ROW 2

/* A cell: @start aligned to the start (names), else to the end (numbers); @bold for all
 * workers' row, as the chart draws it. In the size group of its column, so that the heading and
 * the workers' rows below it line up. */
static GtkWidget *
table_label (SsdbWorkloadPage *self, guint column, const char *text, gboolean bold, const char *css)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0 : 1);
  gtk_widget_add_css_class (label, "numeric");
  if (css != NULL)
    gtk_widget_add_css_class (label, css);
  if (bold)
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
      gtk_label_set_attributes (GTK_LABEL (label), attrs);
      pango_attr_list_unref (attrs);
    }
  /* the writes apart from the reads */
  if (column == 1 + SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION)
    gtk_widget_set_margin_start (label, 18);
  gtk_size_group_add_widget (self->table_columns[column], label);
  return label;
}

/* Column @column (0..SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION - 1) of the reads or writes @d
 * (stats of their own, ssdb_workload_stats_direction()): an em dash without any request. */
static char *
direction_cell (const SsdbWorkloadStats *d, guint column)
{
  if (d == NULL || d->ios == 0)
    return g_strdup ("\u2014");
  switch (column)
    {
      case 0:
        return ssdb_chart_format_double (d->iops, 0, TRUE);
      case 1:
        return ssdb_chart_format_double (d->bytes_per_second / 1e6,
                                         d->bytes_per_second < 10e6 ? 2 : 1, TRUE);
      case 2:
        return ssdb_chart_format_ms_number (d->mean_ns, TRUE);
      case 3:
        return ssdb_chart_format_ms_number ((double)d->p99_ns, TRUE);
      default:
        return ssdb_chart_format_ms_number ((double)d->max_ns, TRUE);
    }
}

/* The heading: the directions, their columns and all workers' row (it stays in sight when the
 * workers' rows scroll, as IOMeter's "All Managers" comes first). */
static void
table_build_head (SsdbWorkloadPage *self)
{
  static const char *const columns[SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION]
      /* Translators: columns of the Workloads table: the mean, 99th percentile and slowest
       * response time */
      = { N_ ("IOPS"), N_ ("MB/s"), N_ ("Mean (ms)"), N_ ("p99 (ms)"), N_ ("Max (ms)") };

  for (guint c = 0; c < TABLE_COLUMNS; c++)
    self->table_columns[c] = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  gtk_grid_attach (self->table_head, table_label (self, 0, NULL, FALSE, NULL), 0, 1, 1, 1);
  for (SsdbRw rw = SSDB_RW_READ; rw <= SSDB_RW_WRITE; rw++)
    {
      guint first = 1 + (rw == SSDB_RW_READ ? 0 : SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION);
      GtkWidget *h = gtk_label_new (rw == SSDB_RW_READ ? _ ("Reads") : _ ("Writes"));

      gtk_widget_add_css_class (h, "heading");
      if (rw == SSDB_RW_WRITE)
        gtk_widget_set_margin_start (h, 18);
      gtk_grid_attach (self->table_head, h, first, 0, SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION, 1);
      for (guint c = 0; c < SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION; c++)
        gtk_grid_attach (self->table_head,
                         table_label (self, first + c, _ (columns[c]), FALSE, "dim-label"),
                         first + c, 1, 1, 1);
    }
  for (guint c = 0; c < TABLE_COLUMNS; c++)
    gtk_grid_attach (self->table_head, table_label (self, c, NULL, TRUE, NULL), c, HEAD_TOTAL_ROW,
                     1, 1);
}

/* @n rows of labels for the workers. */
static void
table_build_workers (SsdbWorkloadPage *self, guint n)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table))) != NULL)
    gtk_grid_remove (self->table, child);
  self->table_workers = n;
  for (guint row = 0; row < n; row++)
    for (guint c = 0; c < TABLE_COLUMNS; c++)
      gtk_grid_attach (self->table, table_label (self, c, "0", FALSE, NULL), c, row, 1, 1);
  /* Up to TABLE_ROWS_IN_SIGHT workers all in sight; more scroll, at least that many in sight
   * (at 1024 × 600 no more fit beside a chart of 16 workers) and more as the window's height
   * allows (the rows share the height left with the chart). */
  {
    GtkScrolledWindow *rows = self->table_rows;
    int height = 0;

    if (n > TABLE_ROWS_IN_SIGHT)
      gtk_widget_measure (gtk_grid_get_child_at (self->table, 0, 0), GTK_ORIENTATION_VERTICAL, -1,
                          NULL, &height, NULL, NULL);
    gtk_widget_set_vexpand (GTK_WIDGET (rows), n > TABLE_ROWS_IN_SIGHT);
    gtk_scrolled_window_set_policy (
        rows, GTK_POLICY_NEVER, n > TABLE_ROWS_IN_SIGHT ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER);
    gtk_scrolled_window_set_min_content_height (
        rows,
        n > TABLE_ROWS_IN_SIGHT
            ? (int)(TABLE_ROWS_IN_SIGHT * ((guint)height + gtk_grid_get_row_spacing (self->table)))
            : -1);
  }
}

/* The label of a worker's row (@row below the workers: all workers'), or %NULL. */
static GtkLabel *
table_cell (SsdbWorkloadPage *self, guint row, guint column)
{
  GtkWidget *w;

  if (row > self->table_workers || column >= TABLE_COLUMNS)
    return NULL;
  w = row < self->table_workers ? gtk_grid_get_child_at (self->table, column, row)
                                : gtk_grid_get_child_at (self->table_head, column, HEAD_TOTAL_ROW);
  return GTK_IS_LABEL (w) ? GTK_LABEL (w) : NULL;
}

/* One row per worker and one for all workers, each with its reads and its writes apart: the
 * engine's figures (ssdb_workload_stats_direction()), as IOMeter's results display shows them;
 * shown while the measured run goes on (the live result) and after it. */
static void
update_table (SsdbWorkloadPage *self)
{
  const SsdbWorkloadResult *r = shown (self);
  guint n_workers = r != NULL && r->workers != NULL ? r->workers->len : 0;

  /* (reports made before the reads and the writes were recorded apart have nothing for it) */
  gtk_widget_set_visible (self->table_box, n_workers > 0 && r->split);
  if (n_workers == 0 || !r->split)
    return;
  if (n_workers != self->table_workers)
    table_build_workers (self, n_workers);
  for (guint row = 0; row <= n_workers; row++)
    {
      const SsdbWorkloadStats *s
          = row < n_workers ? &g_array_index (r->workers, SsdbWorkloadStats, row) : &r->total;
      g_autofree char *name = row < n_workers ? g_strdup_printf (_ ("Worker %u"), row + 1)
                                              : g_strdup (_ ("All workers"));

      gtk_label_set_text (table_cell (self, row, 0), name);
      for (SsdbRw rw = SSDB_RW_READ; rw <= SSDB_RW_WRITE; rw++)
        {
          SsdbWorkloadStats d;
          guint first = 1 + (rw == SSDB_RW_READ ? 0 : SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION);

          ssdb_workload_stats_direction (s, rw, &d);
          for (guint c = 0; c < SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION; c++)
            {
              g_autofree char *text = direction_cell (&d, c);

              gtk_label_set_text (table_cell (self, row, first + c), text);
            }
        }
    }
}

const char *
ssdb_workload_page_get_table_text (SsdbWorkloadPage *self, guint row, guint column)
{
  GtkLabel *label;

  g_return_val_if_fail (SSDB_IS_WORKLOAD_PAGE (self), NULL);
  if (!gtk_widget_get_visible (self->table_box) || (label = table_cell (self, row, column)) == NULL)
    return NULL;
  return gtk_label_get_text (label);
}

guint
ssdb_workload_page_get_table_rows (SsdbWorkloadPage *self)
{
  g_return_val_if_fail (SSDB_IS_WORKLOAD_PAGE (self), 0);
  return gtk_widget_get_visible (self->table_box) ? self->table_workers + 1 : 0;
}

char *
ssdb_workload_page_format_cell (const SsdbWorkloadStats *direction, guint column)
{
  g_return_val_if_fail (column < SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION, NULL);
  return direction_cell (direction, column);
}

static void
on_updated (SsdbWorkloadPage *self)
{
  refresh (self);
  update_status (self);
}

static void
update_buttons (SsdbWorkloadPage *self)
{
  guint i = gtk_drop_down_get_selected (self->spec_dropdown);

  gtk_widget_set_sensitive (self->delete_button,
                            i != GTK_INVALID_LIST_POSITION && i >= SSDB_WORKLOAD_N_PRESETS
                                && i < self->specs->len - (self->report_extra ? 1 : 0));
}

static void
on_finished (SsdbWorkloadPage *self, const GError *error)
{
  SsdbWorkloadResult *r = ssdb_page_run_get_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)));
  g_autofree char *text = NULL;

  text = ssdb_kind_page_end_text (SSDB_KIND_PAGE (self), error,
                                  _ ("Stopped · the numbers cover the requests completed"));
  update_buttons (self);
  if (error != NULL && r != NULL && g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    r->cancelled = TRUE;
  if (text == NULL)
    {
      g_autofree char *took = ssdb_kind_page_dup_took (SSDB_KIND_PAGE (self));

      text = g_strdup_printf (_ ("Done in %s"), took);
    }
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), text);
  refresh (self);
}

/* ---- specifications ------------------------------------------------------------------- */

static const char *
display_name (const SsdbWorkloadSpec *spec, guint index)
{
  if (index < SSDB_WORKLOAD_N_PRESETS)
    return _ (preset_names[index]);
  return spec->name;
}

static char *
sizes_text (const SsdbWorkloadSpec *spec)
{
  g_autoptr (GString) s = g_string_new (NULL);
  guint total = 0;

  for (guint k = 0; k < spec->n_size_mix; k++)
    total += spec->size_mix[k].weight;
  for (guint k = 0; k < spec->n_size_mix && k < 4; k++)
    {
      g_autofree char *size = ssdb_gui_format_transfer_size (spec->size_mix[k].size);

      if (spec->n_size_mix == 1)
        g_string_append (s, size);
      else
        g_string_append_printf (s, "%s%s %u %%", k ? ", " : "", size,
                                total ? (spec->size_mix[k].weight * 100 + total / 2) / total : 0);
    }
  if (spec->n_size_mix > 4)
    /* Translators: more transfer sizes than listed */
    g_string_append_printf (s, _ (", and %u more sizes"), spec->n_size_mix - 4);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* "8 KiB · 67 % read · 100 % random · QD32 × 1 worker · 5 s ramp-up + 30 s" */
static char *
dup_spec_line (const SsdbWorkloadSpec *spec)
{
  g_autofree char *sizes = sizes_text (spec);
  g_autofree char *ramp = ssdb_page_parts_format_seconds (spec->ramp_ns);
  g_autofree char *run = ssdb_page_parts_format_seconds (spec->duration_ns);

  g_autofree char *line = NULL;

  if (spec->n_cycle_depths > 0)
    {
      g_autofree char *cycle = ssdb_workload_cycle_to_string (spec);

      line = g_strdup_printf (
          /* Translators: a workload that cycles its queue depth: "8 KiB · 67 % read · 100 %
           * random · QD 1,2,4,8 in turn × 1 worker · each 5 s ramp-up + 30 s" */
          ngettext ("%s · %u %% read · %u %% random · QD %s in turn × %u worker · each %s "
                    "ramp-up + %s",
                    "%s · %u %% read · %u %% random · QD %s in turn × %u workers · each %s "
                    "ramp-up + %s",
                    spec->workers),
          sizes, spec->read_percent, spec->random_percent, cycle, spec->workers, ramp, run);
    }
  else
    line = g_strdup_printf (
        ngettext ("%s · %u %% read · %u %% random · QD%u × %u worker · %s ramp-up + %s",
                  "%s · %u %% read · %u %% random · QD%u × %u workers · %s ramp-up + %s",
                  spec->workers),
        sizes, spec->read_percent, spec->random_percent, spec->queue_depth, spec->workers, ramp,
        run);

  /* Translators: after the shares of all requests: each transfer size has its own shares */
  return spec->per_line ? g_strconcat (line, _ (" · own shares per size"), NULL)
                        : g_steal_pointer (&line);
}

static void
update_spec_label (SsdbWorkloadPage *self)
{
  const SsdbWorkloadSpec *spec = ssdb_workload_page_get_selected (self);
  g_autofree char *line = spec ? dup_spec_line (spec) : NULL;

  gtk_label_set_text (self->spec_label, line ? line : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->spec_label), line);
  update_buttons (self);
}

static void
reload_specs (SsdbWorkloadPage *self, const char *select)
{
  g_autofree char *text = self->settings ? g_settings_get_string (self->settings, SPECS_KEY) : NULL;
  GtkStringList *list = gtk_string_list_new (NULL);
  guint selected = 0;

  g_array_set_size (self->specs, 0);
  self->report_extra = FALSE;
  for (guint i = 0; i < SSDB_WORKLOAD_N_PRESETS; i++)
    {
      SsdbWorkloadSpec spec;

      ssdb_workload_spec_init_preset (&spec, (SsdbWorkloadPreset)i);
      g_array_append_val (self->specs, spec);
    }
  if (text != NULL && *g_strstrip (text) != '\0')
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GArray) user = ssdb_workload_specs_parse (text, -1, &error);

      if (user != NULL)
        g_array_append_vals (self->specs, user->data, user->len);
      else
        g_debug ("Ignoring the saved workloads: %s", error->message);
    }
  for (guint i = 0; i < self->specs->len; i++)
    {
      const SsdbWorkloadSpec *spec = &g_array_index (self->specs, SsdbWorkloadSpec, i);

      gtk_string_list_append (list, display_name (spec, i));
      if (select != NULL
          && (g_strcmp0 (spec->name, select) == 0
              || g_strcmp0 (display_name (spec, i), select) == 0))
        selected = i;
    }
  self->reloading = TRUE;
  gtk_drop_down_set_model (self->spec_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->spec_dropdown, selected);
  self->reloading = FALSE;
  g_object_unref (list);
  update_spec_label (self);
}

static void
save_user_specs (SsdbWorkloadPage *self)
{
  g_autoptr (GString) text = g_string_new (NULL);

  /* (a report's workload shown at the end is not the user's) */
  for (guint i = SSDB_WORKLOAD_N_PRESETS; i < self->specs->len - (self->report_extra ? 1 : 0); i++)
    {
      g_autofree char *group
          = ssdb_workload_spec_to_keyfile (&g_array_index (self->specs, SsdbWorkloadSpec, i));

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, group);
    }
  if (self->settings != NULL)
    g_settings_set_string (self->settings, SPECS_KEY, text->str);
}

static void
on_specs_changed (SsdbWorkloadPage *self)
{
  const SsdbWorkloadSpec *spec = ssdb_workload_page_get_selected (self);
  g_autofree char *name = spec ? g_strdup (spec->name) : NULL;

  reload_specs (self, name);
}

static void
on_selected_changed (SsdbWorkloadPage *self)
{
  if (!self->reloading)
    update_spec_label (self);
}

guint
ssdb_workload_page_get_n_specs (SsdbWorkloadPage *self)
{
  g_return_val_if_fail (SSDB_IS_WORKLOAD_PAGE (self), 0);
  return self->specs->len;
}

const SsdbWorkloadSpec *
ssdb_workload_page_get_spec (SsdbWorkloadPage *self, guint index)
{
  g_return_val_if_fail (SSDB_IS_WORKLOAD_PAGE (self), NULL);
  if (index >= self->specs->len)
    return NULL;
  return &g_array_index (self->specs, SsdbWorkloadSpec, index);
}

gboolean
ssdb_workload_page_select (SsdbWorkloadPage *self, const char *name)
{
  g_return_val_if_fail (SSDB_IS_WORKLOAD_PAGE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < self->specs->len; i++)
    {
      const SsdbWorkloadSpec *spec = &g_array_index (self->specs, SsdbWorkloadSpec, i);

      if (g_strcmp0 (spec->name, name) == 0 || g_strcmp0 (display_name (spec, i), name) == 0)
        {
          gtk_drop_down_set_selected (self->spec_dropdown, i);
          return TRUE;
        }
    }
  return FALSE;
}

const SsdbWorkloadSpec *
ssdb_workload_page_get_selected (SsdbWorkloadPage *self)
{
  guint i;

  g_return_val_if_fail (SSDB_IS_WORKLOAD_PAGE (self), NULL);
  i = gtk_drop_down_get_selected (self->spec_dropdown);
  if (i == GTK_INVALID_LIST_POSITION || i >= self->specs->len)
    i = 0;
  return &g_array_index (self->specs, SsdbWorkloadSpec, i);
}

gboolean
ssdb_workload_page_get_writes (SsdbWorkloadPage *self)
{
  g_return_val_if_fail (SSDB_IS_WORKLOAD_PAGE (self), FALSE);
  return ssdb_workload_page_get_selected (self)->read_percent < 100;
}

static void
on_editor_saved (const SsdbWorkloadSpec *spec, gpointer data)
{
  SsdbWorkloadPage *self = data;
  /* a report's workload at the end gives way to the user's */
  guint user_len = self->specs->len - (self->report_extra ? 1 : 0);

  g_array_set_size (self->specs, user_len);
  self->report_extra = FALSE;
  if (self->editing >= SSDB_WORKLOAD_N_PRESETS && (guint)self->editing < self->specs->len)
    g_array_index (self->specs, SsdbWorkloadSpec, self->editing) = *spec;
  else
    g_array_append_val (self->specs, *spec);
  save_user_specs (self);
  reload_specs (self, spec->name);
}

SsdbWorkloadEditor *
ssdb_workload_page_edit (SsdbWorkloadPage *self, gboolean copy)
{
  guint selected;
  SsdbWorkloadSpec initial;
  g_autoptr (GPtrArray) taken = g_ptr_array_new ();

  g_return_val_if_fail (SSDB_IS_WORKLOAD_PAGE (self), NULL);

  selected = gtk_drop_down_get_selected (self->spec_dropdown);
  if (selected == GTK_INVALID_LIST_POSITION || selected >= self->specs->len)
    selected = 0;
  initial = g_array_index (self->specs, SsdbWorkloadSpec, selected);
  /* a report's workload is edited into a new one of the user's */
  if (self->report_extra && selected == self->specs->len - 1)
    copy = TRUE;
  self->editing = !copy && selected >= SSDB_WORKLOAD_N_PRESETS ? (int)selected : -1;
  if (self->editing < 0)
    {
      /* Translators: the name of a new workload made from another, "Database (copy)" */
      g_autofree char *name = g_strdup_printf (_ ("%s (copy)"), display_name (&initial, selected));

      g_strlcpy (initial.name, name, sizeof initial.name);
    }
  for (guint i = 0; i < self->specs->len; i++)
    if ((int)i != self->editing)
      {
        const SsdbWorkloadSpec *spec = &g_array_index (self->specs, SsdbWorkloadSpec, i);

        g_ptr_array_add (taken, (gpointer)spec->name);
        g_ptr_array_add (taken, (gpointer)display_name (spec, i));
      }
  g_ptr_array_add (taken, NULL);
  {
    GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
    SsdbWorkloadEditor *editor
        = ssdb_workload_editor_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, &initial,
                                    (const char *const *)taken->pdata, on_editor_saved, self);

    gtk_window_present (GTK_WINDOW (editor));
    return editor;
  }
}

gboolean
ssdb_workload_page_delete_selected (SsdbWorkloadPage *self)
{
  guint selected;

  g_return_val_if_fail (SSDB_IS_WORKLOAD_PAGE (self), FALSE);

  selected = gtk_drop_down_get_selected (self->spec_dropdown);
  if (selected == GTK_INVALID_LIST_POSITION || selected < SSDB_WORKLOAD_N_PRESETS
      || selected >= self->specs->len - (self->report_extra ? 1 : 0))
    return FALSE;
  g_array_remove_index (self->specs, selected);
  save_user_specs (self);
  reload_specs (self, NULL);
  return TRUE;
}

static void
on_new_clicked (SsdbWorkloadPage *self)
{
  ssdb_workload_page_edit (self, TRUE);
}

static void
on_edit_clicked (SsdbWorkloadPage *self)
{
  ssdb_workload_page_edit (self, FALSE);
}

static void
on_delete_clicked (SsdbWorkloadPage *self)
{
  ssdb_workload_page_delete_selected (self);
}

void
ssdb_workload_page_set_settings (SsdbWorkloadPage *self, GSettings *settings)
{
  g_return_if_fail (SSDB_IS_WORKLOAD_PAGE (self));

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  if (settings != NULL)
    g_signal_connect_swapped (settings, "changed::" SPECS_KEY, G_CALLBACK (on_specs_changed), self);
  reload_specs (self, NULL);
}

void
ssdb_workload_page_set_target (SsdbWorkloadPage *self, const char *title, guint64 device_bytes)
{
  g_return_if_fail (SSDB_IS_WORKLOAD_PAGE (self));

  ssdb_kind_page_set_title (SSDB_KIND_PAGE (self), title);
  self->device_bytes = device_bytes;
  if (ssdb_page_run_get_running (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self))))
    return;
  ssdb_kind_page_take_subtitle (SSDB_KIND_PAGE (self), NULL);
  ssdb_page_run_set_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), NULL);
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), "");
  /* the user's own workloads and choice again, without the report's */
  if (self->report_extra)
    {
      self->report_extra = FALSE;
      g_array_set_size (self->specs, self->specs->len - 1);
      gtk_string_list_remove (GTK_STRING_LIST (gtk_drop_down_get_model (self->spec_dropdown)),
                              self->specs->len);
    }
  ssdb_gui_restore_choices (&self->user);
  update_spec_label (self);
  refresh (self);
}

/* ---- API ------------------------------------------------------------------------------ */

/* The settings the next start runs, for the window's check before it asks anything. */
static gpointer
test_page_dup_settings (SsdbTestPage *page, GError **error)
{
  SsdbWorkloadPage *self = SSDB_WORKLOAD_PAGE (page);
  SsdbWorkloadSpec spec = *ssdb_workload_page_get_selected (self);

  g_strlcpy (spec.name, display_name (&spec, gtk_drop_down_get_selected (self->spec_dropdown)),
             sizeof spec.name);
  return ssdb_workload_result_new (&spec);
}

static gboolean
test_page_start (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  SsdbWorkloadPage *self = SSDB_WORKLOAD_PAGE (page);
  SsdbWorkloadSpec spec;
  g_autofree char *line = NULL;

  spec = *ssdb_workload_page_get_selected (self);
  g_strlcpy (spec.name, display_name (&spec, gtk_drop_down_get_selected (self->spec_dropdown)),
             sizeof spec.name);
  spec.seed = (guint64)g_get_real_time ();
  if (!ssdb_workload_spec_validate (&spec, error))
    return FALSE;
  if (!ssdb_page_parts_start_test (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)), start,
                                   spec.read_percent < 100, start->file_size, work,
                                   ssdb_workload_result_new (&spec), NULL, error))
    return FALSE;
  self->ramp_ns = spec.ramp_ns;
  self->duration_ns = spec.duration_ns;
  memcpy (self->cycle_depths, spec.cycle_depths, sizeof spec.cycle_depths);
  self->n_cycle_depths = spec.n_cycle_depths;
  line = dup_spec_line (&spec);
  ssdb_kind_page_started (SSDB_KIND_PAGE (self), g_strdup_printf ("%s · %s", spec.name, line));
  refresh (self);
  update_status (self);
  return TRUE;
}

SSDB_KIND_PAGE_DEFINE_ACCESSORS (SsdbWorkloadPage, ssdb_workload_page, SSDB_IS_WORKLOAD_PAGE)

const SsdbWorkloadResult *
ssdb_workload_page_get_result (SsdbWorkloadPage *self)
{
  g_return_val_if_fail (SSDB_IS_WORKLOAD_PAGE (self), NULL);
  return shown (self);
}

static gboolean
export_png (SsdbKindPage *page, const SsdbStyle *style, const char *caption, const char *path,
            GError **error)
{
  SsdbWorkloadPage *self = SSDB_WORKLOAD_PAGE (page);

  SsdbWorkloadView view;

  ssdb_workload_page_fill_view (self, &view);
  view.caption = caption;
  view.running = FALSE;
  return ssdb_render_workload_png (&view, style, path, 1200, 700, 2, error);
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_workload_page_dispose (GObject *object)
{
  SsdbWorkloadPage *self = SSDB_WORKLOAD_PAGE (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (ssdb_workload_page_parent_class)->dispose (object);
}

static void
ssdb_workload_page_finalize (GObject *object)
{
  SsdbWorkloadPage *self = SSDB_WORKLOAD_PAGE (object);

  g_array_unref (self->specs);
  for (guint c = 0; c < G_N_ELEMENTS (self->table_columns); c++)
    g_clear_object (&self->table_columns[c]);
  G_OBJECT_CLASS (ssdb_workload_page_parent_class)->finalize (object);
}

static void
ssdb_workload_page_class_init (SsdbWorkloadPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ssdb_workload_page_dispose;
  object_class->finalize = ssdb_workload_page_finalize;
  SSDB_KIND_PAGE_CLASS (klass)->export_png = export_png;
}

static GtkWidget *
icon_button (const char *icon, const char *tooltip, GCallback callback, gpointer data)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip,
                                  -1);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (button, "clicked", callback, data);
  return button;
}

static void
ssdb_workload_page_init (SsdbWorkloadPage *self)
{
  GtkWidget *settings, *row, *buttons;

  self->specs = g_array_new (FALSE, TRUE, sizeof (SsdbWorkloadSpec));
  self->editing = -1;
  settings = ssdb_kind_page_build (SSDB_KIND_PAGE (self), _ ("Workload chart"));

  self->spec_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  row = ssdb_page_parts_add_setting (settings, _ ("_Workload"), GTK_WIDGET (self->spec_dropdown),
                                     _ ("IOMeter Access Specification"));
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (buttons, "linked");
  gtk_box_append (GTK_BOX (buttons),
                  icon_button ("list-add-symbolic", _ ("New Workload from This One"),
                               G_CALLBACK (on_new_clicked), self));
  self->edit_button
      = icon_button ("document-edit-symbolic", _ ("Edit Workload (a Preset Is Copied)"),
                     G_CALLBACK (on_edit_clicked), self);
  gtk_box_append (GTK_BOX (buttons), self->edit_button);
  self->delete_button = icon_button ("user-trash-symbolic", _ ("Delete This Workload"),
                                     G_CALLBACK (on_delete_clicked), self);
  gtk_box_append (GTK_BOX (buttons), self->delete_button);
  gtk_box_append (GTK_BOX (row), buttons);

  self->spec_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_ellipsize (self->spec_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (self->spec_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->spec_label), "dim-label");
  gtk_flow_box_append (GTK_FLOW_BOX (settings), GTK_WIDGET (self->spec_label));
  g_signal_connect_swapped (self->spec_dropdown, "notify::selected",
                            G_CALLBACK (on_selected_changed), self);

  /* Under the chart: the heading and all workers, then the workers' rows (16 workers scroll); as
   * wide as the window allows (it scrolls sideways rather than widen the window). */
  {
    GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
    GtkWidget *rows = gtk_scrolled_window_new ();

    self->table_head = GTK_GRID (gtk_grid_new ());
    self->table = GTK_GRID (gtk_grid_new ());
    for (GtkGrid **g = (GtkGrid *[]){ self->table_head, self->table, NULL }; *g != NULL; g++)
      {
        gtk_grid_set_column_spacing (*g, 14);
        gtk_grid_set_row_spacing (*g, 2);
        /* room for the rows' scroll bar, the same in both to keep the columns lined up */
        gtk_widget_set_margin_end (GTK_WIDGET (*g), 24);
      }
    table_build_head (self);
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (rows), GTK_POLICY_NEVER,
                                    GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (rows), TRUE);
    /* a scroll bar in sight: the rows below are not hidden without a sign */
    gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (rows), FALSE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (rows), GTK_WIDGET (self->table));
    self->table_rows = GTK_SCROLLED_WINDOW (rows);
    gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->table_head));
    gtk_box_append (GTK_BOX (box), rows);
    gtk_widget_set_halign (box, GTK_ALIGN_START);
    gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _ ("Reads and writes per worker"), -1);
    self->table_box = gtk_scrolled_window_new ();
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->table_box), GTK_POLICY_AUTOMATIC,
                                    GTK_POLICY_NEVER);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->table_box), box);
    gtk_widget_set_visible (self->table_box, FALSE);
    gtk_box_insert_child_after (
        GTK_BOX (self), self->table_box,
        gtk_widget_get_parent (GTK_WIDGET (ssdb_kind_page_get_chart (SSDB_KIND_PAGE (self)))));
  }

  ssdb_kind_page_attach_run (SSDB_KIND_PAGE (self),
                             ssdb_page_run_new_for_kind ("ssdb-workload", SSDB_TEST_KIND_WORKLOAD),
                             SSDB_TEST_KIND_WORKLOAD, G_CALLBACK (on_updated),
                             G_CALLBACK (update_status), G_CALLBACK (on_finished), draw);
  reload_specs (self, NULL);
}

GtkWidget *
ssdb_workload_page_new (void)
{
  return g_object_new (SSDB_TYPE_WORKLOAD_PAGE, NULL);
}

static gboolean
test_page_show_result (SsdbTestPage *page, SsdbTestKind kind, const SsdbReport *report,
                       const char *title)
{
  SsdbWorkloadPage *self = SSDB_WORKLOAD_PAGE (page);
  const SsdbWorkloadResult *result = ssdb_report_get_result (report, kind);
  g_autofree char *line = NULL;

  ssdb_kind_page_set_title (SSDB_KIND_PAGE (self), title);
  /* The list shows the report's workload: one of its own, or an entry for it at its end. */
  {
    g_autofree char *want = ssdb_workload_spec_to_keyfile (&result->spec);
    guint found = GTK_INVALID_LIST_POSITION;

    ssdb_gui_keep_choices (&self->user, self->spec_dropdown, NULL);
    for (guint i = 0; i < self->specs->len && found == GTK_INVALID_LIST_POSITION; i++)
      {
        g_autofree char *have
            = ssdb_workload_spec_to_keyfile (&g_array_index (self->specs, SsdbWorkloadSpec, i));

        if (g_strcmp0 (have, want) == 0)
          found = i;
      }
    if (found == GTK_INVALID_LIST_POSITION)
      {
        GtkStringList *names = GTK_STRING_LIST (gtk_drop_down_get_model (self->spec_dropdown));

        if (self->report_extra)
          {
            g_array_index (self->specs, SsdbWorkloadSpec, self->specs->len - 1) = result->spec;
            gtk_string_list_splice (names, self->specs->len - 1, 1,
                                    (const char *const[]){ result->spec.name, NULL });
          }
        else
          {
            g_array_append_val (self->specs, result->spec);
            gtk_string_list_append (names, result->spec.name);
            self->report_extra = TRUE;
          }
        found = self->specs->len - 1;
      }
    gtk_drop_down_set_selected (self->spec_dropdown, found);
    update_spec_label (self);
  }
  line = dup_spec_line (&result->spec);
  ssdb_kind_page_take_subtitle (SSDB_KIND_PAGE (self),
                                g_strdup_printf ("%s · %s", result->spec.name, line));
  ssdb_page_run_set_result (ssdb_kind_page_get_run (SSDB_KIND_PAGE (self)),
                            ssdb_workload_result_dup (result));
  ssdb_kind_page_set_status (SSDB_KIND_PAGE (self), "");
  refresh (self);
  return TRUE;
}

/* ---- SsdbTestPage ----------------------------------------------------------------------- */

static void
test_page_set_target (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  ssdb_workload_page_set_target (SSDB_WORKLOAD_PAGE (page), target->title, target->device_bytes);
}

static SsdbTestPageWrites
test_page_get_writes (SsdbTestPage *page)
{
  return ssdb_workload_page_get_writes (SSDB_WORKLOAD_PAGE (page))
             ? SSDB_TEST_PAGE_WRITES_EVERY_START
             : SSDB_TEST_PAGE_WRITES_NONE;
}

static char *
test_page_dup_confirm_body (SsdbTestPage *page, const char *title, const char *capacity,
                            const char *node)
{
  const SsdbWorkloadSpec *spec = ssdb_workload_page_get_selected (SSDB_WORKLOAD_PAGE (page));

  return g_strdup_printf (_ ("The workload writes %u %% of its requests over all of %s (%s, %s). "
                             "All data stored on it will be destroyed and cannot be recovered."),
                          100 - spec->read_percent, title, capacity, node);
}

static void
test_page_set_settings (SsdbTestPage *page, GSettings *settings)
{
  ssdb_workload_page_set_settings (SSDB_WORKLOAD_PAGE (page), settings);
}

static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  SsdbWorkloadPage *self = SSDB_WORKLOAD_PAGE (page);

  return ssdb_workload_page_get_result (self);
}

static void
test_page_iface_init (SsdbTestPageInterface *iface)
{
  iface->set_target = test_page_set_target;
  iface->get_writes = test_page_get_writes;
  iface->dup_confirm_body = test_page_dup_confirm_body;
  iface->set_settings = test_page_set_settings;
  iface->start = test_page_start;
  iface->dup_settings = test_page_dup_settings;
  iface->get_result = test_page_get_result;
  iface->show_result = test_page_show_result;
}
