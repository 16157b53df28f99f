/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-fill-page.h"

#include <glib/gi18n.h>

#include "config.h"
#include "engine/ssdb-error.h"
#include "render/ssdb-render-lang.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"
#include "ssdb-page-parts.h"
#include "ssdb-page-run.h"

static const guint passes_table[] = { 1, 2, 3, 4 };
static const guint block_table[]
    = { 4 * 1024, 64 * 1024, 128 * 1024, 1024 * 1024, 4 * 1024 * 1024 };
static const guint depth_table[] = { 1, 2, 4, 8, 16, 32 };

struct _SsdbFillPage
{
  GtkBox parent_instance;

  GtkWidget *settings_box;
  GtkDropDown *passes_dropdown;
  GtkDropDown *block_dropdown;
  GtkDropDown *depth_dropdown;
  GtkSwitch *read_back_switch;
  SsdbGuiKept user; /* the user's own choices while a report's are shown */
  GtkFrame *chart_frame;
  GtkLabel *status_label;

  SsdbFillChart *chart;
  char *title;
  guint64 device_bytes;
  char *write_refusal;
  char *analysis_text; /* the analysis in words, "" when there is none */

  /* The worker, the coalesced updates and the stop; its result (an SsdbFillResult) keeps its
   * address over a run. */
  SsdbPageRun *run;
};

/* "running", ::updated and ::finished: the run's, passed on (see
 * ssdb_page_run_install_interface()). */
enum
{
  PROP_RUNNING = 1
};

static GParamSpec *running_pspec;
static guint updated_signal;
static guint finished_signal;

static void
test_page_iface_init (SsdbTestPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbFillPage, ssdb_fill_page, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE, test_page_iface_init))

/* ---- results -------------------------------------------------------------------------- */

/* Copies everything of @from into @to, reusing @to's arrays. */
static void
copy_result (gpointer into, gconstpointer data)
{
  SsdbFillResult *to = into;
  const SsdbFillResult *from = data;

  to->spec = from->spec;
  if (to->passes->len > from->passes->len)
    g_ptr_array_set_size (to->passes, from->passes->len);
  for (guint i = 0; i < from->passes->len; i++)
    {
      const SsdbFillPass *f = g_ptr_array_index (from->passes, i);
      SsdbFillPass *t;

      if (i == to->passes->len)
        {
          /* Freed by the result's own free function, as the engine's passes are. */
          t = g_new0 (SsdbFillPass, 1);
          t->segments = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
          t->intervals = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
          g_ptr_array_add (to->passes, t);
        }
      t = g_ptr_array_index (to->passes, i);
      t->rw = f->rw;
      ssdb_gui_copy_array (t->segments, f->segments);
      ssdb_gui_copy_array (t->intervals, f->intervals);
      t->bytes = f->bytes;
      t->window_ns = f->window_ns;
      t->bytes_per_second = f->bytes_per_second;
      t->complete = f->complete;
    }
  if (to->analysis.phases == NULL)
    to->analysis.phases = g_array_new (FALSE, TRUE, sizeof (SsdbFillPhase));
  if (from->analysis.phases != NULL)
    ssdb_gui_copy_array (to->analysis.phases, from->analysis.phases);
  else
    g_array_set_size (to->analysis.phases, 0);
  to->analysis.cache_bytes = from->analysis.cache_bytes;
  to->analysis.in_cache_bytes_per_second = from->analysis.in_cache_bytes_per_second;
  to->analysis.post_cache_bytes_per_second = from->analysis.post_cache_bytes_per_second;
  if (g_strcmp0 (to->analysis.words, from->analysis.words) != 0)
    {
      g_free (to->analysis.words);
      to->analysis.words = g_strdup (from->analysis.words);
    }
  to->cancelled = from->cancelled;
  ssdb_temperature_log_assign (&to->temperature, from->temperature);
  ssdb_drive_counts_assign (&to->drive_counts, from->drive_counts);
}

static gpointer
dup_result (gconstpointer data)
{
  const SsdbFillResult *from = data;
  SsdbFillResult *copy = ssdb_fill_result_new (&from->spec);

  copy_result (copy, from);
  return copy;
}

/* ---- worker thread -------------------------------------------------------------------- */

static void
on_progress (SsdbFillResult *result, guint pass_index, guint64 position_bytes,
             double bytes_per_second, double fraction, gpointer user_data)
{
  ssdb_page_run_job_publish (user_data, result, fraction);
}

static gpointer
work (SsdbPageRunJob *job, SsdbTarget *target, gpointer data, GCancellable *cancellable,
      GError **error)
{
  SsdbFillResult *result = ssdb_fill_result_new (data);

  ssdb_fill_run (target, result, on_progress, job, cancellable, error);
  return result;
}

/* ---- main thread ---------------------------------------------------------------------- */

static SsdbFillResult *
shown (SsdbFillPage *self)
{
  return ssdb_page_run_get_result (self->run);
}

static void
update_status (SsdbFillPage *self)
{
  g_autofree char *text = NULL;
  const SsdbFillResult *r = shown (self);
  int percent = (int)(ssdb_page_run_get_fraction (self->run) * 100);

  if (ssdb_page_run_get_running (self->run))
    {
      const SsdbFillPass *p
          = r && r->passes->len > 0 ? g_ptr_array_index (r->passes, r->passes->len - 1) : NULL;

      if (p == NULL)
        text = g_strdup (_ ("Opening the target"));
      else
        {
          guint writes = 0;
          const SsdbFillPoint *last
              = p->intervals->len > 0
                    ? &g_array_index (p->intervals, SsdbFillPoint, p->intervals->len - 1)
                    : NULL;
          g_autofree char *rate
              = g_strdup_printf ("%.1f", last ? last->bytes_per_second / 1e6 : 0.0);
          g_autofree char *at = g_strdup_printf ("%.2f", (last ? last->position_bytes : 0) / 1e9);

          for (guint i = 0; i < r->passes->len; i++)
            if (((SsdbFillPass *)g_ptr_array_index (r->passes, i))->rw == SSDB_RW_WRITE)
              writes++;
          if (p->rw == SSDB_RW_READ)
            /* Translators: position in GB, rate in MB/s, progress in percent */
            text
                = g_strdup_printf (_ ("Reading back · %s GB · %s MB/s · %d %%"), at, rate, percent);
          else
            /* Translators: pass number, number of passes, position in GB, rate in MB/s,
             * progress in percent */
            text = g_strdup_printf (_ ("Pass %u of %u · %s GB written · %s MB/s · %d %%"), writes,
                                    r->spec.passes, at, rate, percent);
        }
    }
  text = ssdb_page_run_add_time (self->run, g_steal_pointer (&text));
  gtk_label_set_text (self->status_label, text ? text : "");
}

static void
show_result (SsdbFillPage *self)
{
  ssdb_fill_chart_set_running (self->chart, ssdb_page_run_get_running (self->run),
                               ssdb_page_run_get_fraction (self->run));
  ssdb_fill_chart_set_result (self->chart, shown (self));
}

static void
on_updated (SsdbFillPage *self)
{
  show_result (self);
  update_status (self);
  g_signal_emit (self, updated_signal, 0);
}

static void
on_running (SsdbFillPage *self)
{
  gtk_widget_set_sensitive (self->settings_box, !ssdb_page_run_get_running (self->run));
  g_object_notify_by_pspec (G_OBJECT (self), running_pspec);
}

/* The chart draws the words under the plot; assistive technologies get them too. */
static void
set_analysis_text (SsdbFillPage *self, const char *words)
{
  g_free (self->analysis_text);
  self->analysis_text = g_strdup (words ? words : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->analysis_text, -1);
}

static void
on_finished (SsdbFillPage *self, const GError *error)
{
  SsdbFillResult *r = shown (self);
  g_autofree char *text = NULL;

  if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED) && r != NULL)
    r->cancelled = TRUE;
  show_result (self);
  text = ssdb_page_parts_end_text (NULL, error, _ ("Stopped · the rates measured so far are kept"));
  if (text == NULL)
    {
      const SsdbFillPass *first = NULL, *back = NULL;
      g_autofree char *mean = NULL;
      guint writes = 0;

      for (guint i = 0; r != NULL && i < r->passes->len; i++)
        {
          const SsdbFillPass *p = g_ptr_array_index (r->passes, i);

          if (p->rw != SSDB_RW_WRITE)
            back = p;
          else if (writes++ == 0)
            first = p;
        }
      mean = first ? g_strdup_printf ("%.1f", first->bytes_per_second / 1e6) : g_strdup ("–");
      /* Translators: the number of write passes, then the first pass's rate in MB/s */
      text = g_strdup_printf (ngettext ("Done: %u write pass at %s MB/s on average",
                                        "Done: %u write passes, the first at %s MB/s on average",
                                        writes),
                              writes, mean);
      if (back != NULL)
        {
          g_autofree char *head = g_steal_pointer (&text);

          /* Translators: the status so far, then the read-back's rate in MB/s */
          text = g_strdup_printf (_ ("%s · read-back at %.1f MB/s"), head,
                                  back->bytes_per_second / 1e6);
        }
    }
  gtk_label_set_text (self->status_label, text);
  set_analysis_text (self, error == NULL && r != NULL ? r->analysis.words : NULL);
  g_signal_emit (self, finished_signal, 0, error);
}

/* ---- settings ------------------------------------------------------------------------- */

static char *
passes_label (guint i)
{
  return g_strdup_printf ("%u", passes_table[i]);
}

static char *
block_label (guint i)
{
  return ssdb_gui_format_transfer_size (block_table[i]);
}

static char *
depth_label (guint i)
{
  return g_strdup_printf ("QD%u", depth_table[i]);
}

void
ssdb_fill_page_get_spec (SsdbFillPage *self, SsdbFillSpec *spec)
{
  guint i;
  guint64 v = 0;

  g_return_if_fail (SSDB_IS_FILL_PAGE (self));
  g_return_if_fail (spec != NULL);

  ssdb_fill_spec_init (spec);
  /* the choices, or a report's values shown beside them (ssdb_gui_dropdown_show()) */
  i = ssdb_gui_dropdown_selected (self->passes_dropdown, G_N_ELEMENTS (passes_table), &v);
  spec->passes = i < G_N_ELEMENTS (passes_table) ? passes_table[i] : (guint)v;
  i = ssdb_gui_dropdown_selected (self->block_dropdown, G_N_ELEMENTS (block_table), &v);
  spec->block_size = i < G_N_ELEMENTS (block_table) ? block_table[i] : (guint)v;
  i = ssdb_gui_dropdown_selected (self->depth_dropdown, G_N_ELEMENTS (depth_table), &v);
  spec->queue_depth = i < G_N_ELEMENTS (depth_table) ? depth_table[i] : (guint)v;
  spec->read_back = gtk_switch_get_active (self->read_back_switch);
  spec->seed = (guint64)g_get_real_time ();
}

/* The controls show @spec, a report's settings, also those that are none of their choices (an
 * extra entry, until the target changes). */
static void
show_spec (SsdbFillPage *self, const SsdbFillSpec *spec)
{
  g_autofree char *passes = g_strdup_printf ("%u", spec->passes);
  g_autofree char *block = ssdb_gui_format_transfer_size (spec->block_size);
  g_autofree char *depth = g_strdup_printf ("QD%u", spec->queue_depth);

  ssdb_gui_dropdown_show (
      self->passes_dropdown, G_N_ELEMENTS (passes_table),
      ssdb_gui_find_uint (passes_table, G_N_ELEMENTS (passes_table), spec->passes), passes,
      spec->passes);
  ssdb_gui_dropdown_show (
      self->block_dropdown, G_N_ELEMENTS (block_table),
      ssdb_gui_find_uint (block_table, G_N_ELEMENTS (block_table), spec->block_size), block,
      spec->block_size);
  ssdb_gui_dropdown_show (
      self->depth_dropdown, G_N_ELEMENTS (depth_table),
      ssdb_gui_find_uint (depth_table, G_N_ELEMENTS (depth_table), spec->queue_depth), depth,
      spec->queue_depth);
  gtk_switch_set_active (self->read_back_switch, spec->read_back);
}

gboolean
ssdb_fill_page_configure (SsdbFillPage *self, const SsdbFillSpec *spec)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  if (ssdb_gui_find_uint (passes_table, G_N_ELEMENTS (passes_table), spec->passes) < 0
      || ssdb_gui_find_uint (block_table, G_N_ELEMENTS (block_table), spec->block_size) < 0
      || ssdb_gui_find_uint (depth_table, G_N_ELEMENTS (depth_table), spec->queue_depth) < 0)
    return FALSE;
  show_spec (self, spec);
  return TRUE;
}

void
ssdb_fill_page_set_target (SsdbFillPage *self, const char *title, guint64 device_bytes,
                           const char *write_refusal)
{
  g_return_if_fail (SSDB_IS_FILL_PAGE (self));

  g_free (self->title);
  self->title = g_strdup (title);
  g_free (self->write_refusal);
  self->write_refusal = g_strdup (write_refusal);
  self->device_bytes = device_bytes;
  if (ssdb_page_run_get_running (self->run))
    return;

  /* back to the page's own choices */
  ssdb_gui_dropdown_drop_extra (self->passes_dropdown, G_N_ELEMENTS (passes_table));
  ssdb_gui_dropdown_drop_extra (self->block_dropdown, G_N_ELEMENTS (block_table));
  ssdb_gui_dropdown_drop_extra (self->depth_dropdown, G_N_ELEMENTS (depth_table));
  ssdb_gui_restore_choices (&self->user);
  ssdb_fill_chart_set_result (self->chart, NULL);
  ssdb_page_run_set_result (self->run, NULL);
  ssdb_fill_chart_set_titles (self->chart, title, NULL);
  ssdb_fill_chart_set_running (self->chart, FALSE, 0);
  set_analysis_text (self, NULL);
  gtk_label_set_text (self->status_label, write_refusal ? write_refusal : "");
}

/* ---- API ------------------------------------------------------------------------------ */

static char *
dup_settings_line (const SsdbFillSpec *spec)
{
  g_autofree char *block = ssdb_gui_format_transfer_size (spec->block_size);

  /* Translators: "2 passes · 1 MiB blocks · QD32", then " · read-back" or nothing */
  return g_strdup_printf (
      ngettext ("%u pass · %s blocks · QD%u%s", "%u passes · %s blocks · QD%u%s", spec->passes),
      spec->passes, block, spec->queue_depth, spec->read_back ? _ (" · read-back") : "");
}

/* The settings the next start runs, for the window's check before it asks anything. */
static gpointer
test_page_dup_settings (SsdbTestPage *page, GError **error)
{
  SsdbFillSpec spec;

  ssdb_fill_page_get_spec (SSDB_FILL_PAGE (page), &spec);
  return ssdb_fill_result_new (&spec);
}

static gboolean
test_page_start (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  SsdbFillPage *self = SSDB_FILL_PAGE (page);
  const char *path = start->path;
  const SsdbDeviceIdentity *permission = start->permission;
  guint64 file_size = start->file_size;
  SsdbFillSpec spec;
  g_autofree char *subtitle = NULL;

  ssdb_fill_page_get_spec (self, &spec);
  /* The chart lets go of the previous result before the run replaces it. */
  ssdb_fill_chart_set_result (self->chart, NULL);
  if (!ssdb_page_run_start (self->run, path, SSDB_TARGET_OPEN_WRITE, permission, file_size, work,
                            g_memdup2 (&spec, sizeof spec), g_free, ssdb_fill_result_new (&spec),
                            error))
    {
      ssdb_fill_chart_set_result (self->chart, shown (self));
      return FALSE;
    }
  subtitle = dup_settings_line (&spec);
  ssdb_fill_chart_set_titles (self->chart, self->title, subtitle);
  set_analysis_text (self, NULL);
  show_result (self);
  update_status (self);
  return TRUE;
}

SSDB_PAGE_RUN_DEFINE_ACCESSORS (SsdbFillPage, ssdb_fill_page, SSDB_IS_FILL_PAGE)

const SsdbFillResult *
ssdb_fill_page_get_result (SsdbFillPage *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), NULL);
  return shown (self);
}

SsdbFillChart *
ssdb_fill_page_get_chart (SsdbFillPage *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), NULL);
  return self->chart;
}

const char *
ssdb_fill_page_get_status (SsdbFillPage *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), NULL);
  return gtk_label_get_text (self->status_label);
}

const char *
ssdb_fill_page_get_analysis_text (SsdbFillPage *self)
{
  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), NULL);
  return self->analysis_text;
}

gboolean
ssdb_fill_page_has_result (SsdbFillPage *self)
{
  const SsdbFillResult *r;

  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), FALSE);
  r = shown (self);
  return r != NULL && r->passes->len > 0;
}

static gboolean
test_page_export_png (SsdbTestPage *page, const char *path, GError **error)
{
  SsdbFillPage *self = SSDB_FILL_PAGE (page);

  SsdbFillView view;
  SsdbStyle style;
  g_autofree char *caption = ssdb_page_parts_dup_caption ();

  g_return_val_if_fail (SSDB_IS_FILL_PAGE (self), FALSE);

  ssdb_fill_chart_fill_view (self->chart, &view);
  view.caption = caption;
  ssdb_page_parts_export_style_init (&style);
  return ssdb_render_fill_png (&view, &style, path, 1200, 700, 2, error);
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_fill_page_dispose (GObject *object)
{
  SsdbFillPage *self = SSDB_FILL_PAGE (object);

  /* the chart points into the run's result */
  if (self->chart != NULL)
    ssdb_fill_chart_set_result (self->chart, NULL);
  ssdb_page_parts_dispose_run (&self->run, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), SSDB_TYPE_FILL_PAGE);
  G_OBJECT_CLASS (ssdb_fill_page_parent_class)->dispose (object);
}

static void
ssdb_fill_page_finalize (GObject *object)
{
  SsdbFillPage *self = SSDB_FILL_PAGE (object);

  g_free (self->title);
  g_free (self->write_refusal);
  g_free (self->analysis_text);
  G_OBJECT_CLASS (ssdb_fill_page_parent_class)->finalize (object);
}

static void
ssdb_fill_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsdbFillPage *self = SSDB_FILL_PAGE (object);

  switch (prop_id)
    {
      case PROP_RUNNING:
        g_value_set_boolean (value, ssdb_fill_page_get_running (self));
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ssdb_fill_page_class_init (SsdbFillPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_fill_page_dispose;
  object_class->finalize = ssdb_fill_page_finalize;
  object_class->get_property = ssdb_fill_page_get_property;

  running_pspec = ssdb_page_run_install_interface (object_class, PROP_RUNNING, &updated_signal,
                                                   &finished_signal);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/ssdbench/App/ui/ssdb-fill-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SsdbFillPage, name)
  BIND (settings_box);
  BIND (passes_dropdown);
  BIND (block_dropdown);
  BIND (depth_dropdown);
  BIND (read_back_switch);
  BIND (chart_frame);
  BIND (status_label);
#undef BIND
}

static void
ssdb_fill_page_init (SsdbFillPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  ssdb_gui_fill_dropdown (self->passes_dropdown, G_N_ELEMENTS (passes_table), passes_label);
  ssdb_gui_fill_dropdown (self->block_dropdown, G_N_ELEMENTS (block_table), block_label);
  ssdb_gui_fill_dropdown (self->depth_dropdown, G_N_ELEMENTS (depth_table), depth_label);
  /* The reviewers' fill: two passes of 1 MiB at QD4, read back afterwards. */
  gtk_drop_down_set_selected (self->passes_dropdown, 1);
  gtk_drop_down_set_selected (self->block_dropdown, 3);
  gtk_drop_down_set_selected (self->depth_dropdown, 2);
  gtk_switch_set_active (self->read_back_switch, TRUE);

  self->chart = SSDB_FILL_CHART (ssdb_fill_chart_new ());
  gtk_frame_set_child (self->chart_frame, GTK_WIDGET (self->chart));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Whole-drive fill chart"), -1);
  set_analysis_text (self, NULL);

  self->run = ssdb_page_run_new ("ssdb-fill", dup_result, (GDestroyNotify)ssdb_fill_result_free);
  ssdb_page_run_set_merge_func (self->run, copy_result);
  ssdb_page_parts_attach_run (NULL, self, self->run, SSDB_TEST_KIND_FILL, G_CALLBACK (on_updated),
                              G_CALLBACK (update_status), G_CALLBACK (on_finished), NULL);
  g_signal_connect_swapped (self->run, "notify::running", G_CALLBACK (on_running), self);
}

GtkWidget *
ssdb_fill_page_new (void)
{
  return g_object_new (SSDB_TYPE_FILL_PAGE, NULL);
}

static gboolean
test_page_show_result (SsdbTestPage *page, SsdbTestKind kind, const SsdbReport *report,
                       const char *title)
{
  SsdbFillPage *self = SSDB_FILL_PAGE (page);
  const SsdbFillResult *result = ssdb_report_get_result (report, kind);
  g_autofree char *subtitle = NULL;

  /* The controls show the report's settings; the user's own come back with the next target. */
  ssdb_gui_keep_choices (&self->user, self->passes_dropdown, self->block_dropdown,
                         self->depth_dropdown, self->read_back_switch, NULL);
  show_spec (self, &result->spec);
  ssdb_fill_chart_set_result (self->chart, NULL);
  ssdb_page_run_set_result (self->run, dup_result (result));
  subtitle = dup_settings_line (&result->spec);
  ssdb_fill_chart_set_titles (self->chart, title, subtitle);
  ssdb_fill_chart_set_running (self->chart, FALSE, 1);
  ssdb_fill_chart_set_result (self->chart, shown (self));
  set_analysis_text (self, result->analysis.words);
  gtk_label_set_text (self->status_label, "");
  return TRUE;
}

/* ---- SsdbTestPage ----------------------------------------------------------------------- */

static void
test_page_set_target (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  ssdb_fill_page_set_target (SSDB_FILL_PAGE (page), target->title, target->device_bytes,
                             target->write_refusal);
}

/* A fill overwrites the whole device: asked at every start. */
static SsdbTestPageWrites
test_page_get_writes (SsdbTestPage *page)
{
  return SSDB_TEST_PAGE_WRITES_EVERY_START;
}

static char *
test_page_dup_confirm_body (SsdbTestPage *page, const char *title, const char *capacity,
                            const char *node)
{
  return g_strdup_printf (_ ("The whole-drive fill writes random data over all of %s (%s, "
                             "%s), pass after pass. All data stored on it will be destroyed "
                             "and cannot be recovered."),
                          title, capacity, node);
}

static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  SsdbFillPage *self = SSDB_FILL_PAGE (page);

  if (!ssdb_fill_page_has_result (self))
    return NULL;
  return ssdb_fill_page_get_result (self);
}

static const char *
test_page_get_stopped_text (SsdbTestPage *page)
{
  return _ ("Fill stopped; the rates measured so far are kept");
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
  iface->export_png = test_page_export_png;
  iface->get_stopped_text = test_page_get_stopped_text;
}
