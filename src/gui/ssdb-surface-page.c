/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-surface-page.h"

#include <glib/gi18n.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-units.h"
#include "ssdb-gui-util.h"
#include "render/ssdb-render-lang.h"
#include "ssdb-page-parts.h"
#include "ssdb-page-run.h"
#include "config.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

static const guint samples_table[] = { 20, 50, 100, 200, 500, 1000, 2000 };
static const guint64 sample_size_table[] = { 4 * MIB, 16 * MIB, 64 * MIB, 256 * MIB };
static const guint block_table[]
    = { 64 * 1024, 128 * 1024, 512 * 1024, 1024 * 1024, 4 * 1024 * 1024, 8 * 1024 * 1024 };
static const guint access_table[] = { 0, 200, 1000, 5000 };

/* What the run publishes: the curves and the engine's phase ("read", "access", "burst",
 * "write", interned; NULL before the first sample and once the run ended). */
typedef struct
{
  SsdbSurfaceResult *result;
  const char *phase;
} Shown;

struct _SsdbSurfacePage
{
  GtkBox parent_instance;

  GtkWidget *settings_box;
  GtkDropDown *samples_dropdown;
  GtkDropDown *sample_size_dropdown;
  GtkDropDown *block_dropdown;
  GtkDropDown *access_dropdown;
  GtkDropDown *span_dropdown;
  GtkWidget *span_box;
  GtkAdjustment *start_adjustment;
  GtkAdjustment *length_adjustment;
  GtkDropDown *mode_dropdown;
  GtkFrame *chart_frame;
  GtkLabel *status_label;

  SsdbSurfaceChart *chart;
  char *title;
  guint64 device_bytes;
  char *write_refusal;
  gboolean updating_mode;
  SsdbGuiKept user; /* the user's own choices while a report's are shown */

  /* The worker, the coalesced updates and the stop; its result is a Shown that keeps its
   * address over a run, so the chart draws only the new samples. */
  SsdbPageRun *run;
  gint64 started_us;
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

G_DEFINE_FINAL_TYPE_WITH_CODE (SsdbSurfacePage, ssdb_surface_page, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (SSDB_TYPE_TEST_PAGE, test_page_iface_init))

/* ---- results -------------------------------------------------------------------------- */

/* Copies everything of @from into @to (same element types; arrays resized). */
static void
copy_result (SsdbSurfaceResult *to, const SsdbSurfaceResult *from)
{
  to->spec = from->spec;
  ssdb_gui_copy_array (to->read, from->read);
  ssdb_gui_copy_array (to->write, from->write);
  ssdb_gui_copy_array (to->access, from->access);
  to->read_stats = from->read_stats;
  to->write_stats = from->write_stats;
  to->access_mean_ns = from->access_mean_ns;
  to->access_first_mean_ns = from->access_first_mean_ns;
  to->access_first_count = from->access_first_count;
  to->burst_bytes_per_second = from->burst_bytes_per_second;
  to->cpu_ns = from->cpu_ns;
  to->cancelled = from->cancelled;
  ssdb_temperature_log_assign (&to->temperature, from->temperature);
  ssdb_drive_counts_assign (&to->drive_counts, from->drive_counts);
}

static Shown *
shown_new (const SsdbSurfaceSpec *spec)
{
  Shown *s = g_new0 (Shown, 1);

  s->result = ssdb_surface_result_new (spec);
  return s;
}

static void
shown_free (gpointer data)
{
  Shown *s = data;

  ssdb_surface_result_free (s->result);
  g_free (s);
}

static void
shown_merge (gpointer into, gconstpointer from)
{
  Shown *to = into;
  const Shown *f = from;

  copy_result (to->result, f->result);
  to->phase = f->phase;
}

static gpointer
shown_dup (gconstpointer data)
{
  const Shown *s = data;
  Shown *c = shown_new (&s->result->spec);

  shown_merge (c, s);
  return c;
}

/* ---- worker thread -------------------------------------------------------------------- */

static void
on_progress (SsdbSurfaceResult *result, const char *phase, double fraction, gpointer user_data)
{
  Shown s = { result, g_intern_string (phase) };

  ssdb_page_run_job_publish (user_data, &s, fraction);
}

static gpointer
work (SsdbPageRunJob *job, SsdbTarget *target, gpointer data, GCancellable *cancellable,
      GError **error)
{
  Shown *s = shown_new (data);

  ssdb_surface_run (target, s->result, on_progress, job, cancellable, error);
  return s;
}

/* ---- main thread ---------------------------------------------------------------------- */

static Shown *
shown (SsdbSurfacePage *self)
{
  return ssdb_page_run_get_result (self->run);
}

static SsdbSurfaceResult *
shown_result (SsdbSurfacePage *self)
{
  Shown *s = shown (self);

  return s ? s->result : NULL;
}

static void
update_status (SsdbSurfacePage *self)
{
  g_autofree char *text = NULL;
  const SsdbSurfaceResult *r = shown_result (self);

  if (ssdb_page_run_get_running (self->run))
    {
      const char *p = shown (self) ? shown (self)->phase : NULL;
      const char *phase = g_strcmp0 (p, "read") == 0     ? _ ("Reading")
                          : g_strcmp0 (p, "access") == 0 ? _ ("Access times")
                          : g_strcmp0 (p, "burst") == 0  ? _ ("Burst rate")
                          : g_strcmp0 (p, "write") == 0  ? _ ("Writing")
                                                         : _ ("Opening the target");

      /* Translators: the phase (Reading, Access times, …), positions read, positions in all,
       * progress in percent */
      text = g_strdup_printf (_ ("%s · %u of %u positions read · %d %%"), phase,
                              r ? r->read->len : 0, r ? r->spec.samples : 0,
                              (int)(ssdb_page_run_get_fraction (self->run) * 100));
    }
  text = ssdb_page_run_add_time (self->run, g_steal_pointer (&text));
  gtk_label_set_text (self->status_label, text ? text : "");
}

static void
show_running (SsdbSurfacePage *self)
{
  Shown *s = shown (self);

  ssdb_surface_chart_set_result (self->chart, s ? s->result : NULL);
  ssdb_surface_chart_set_running (self->chart, TRUE, s && s->phase ? s->phase : "open",
                                  ssdb_page_run_get_fraction (self->run),
                                  (guint64)(g_get_monotonic_time () - self->started_us) * 1000);
}

static void
on_updated (SsdbSurfacePage *self)
{
  show_running (self);
  update_status (self);
  g_signal_emit (self, updated_signal, 0);
}

static void
on_running (SsdbSurfacePage *self)
{
  gtk_widget_set_sensitive (self->settings_box, !ssdb_page_run_get_running (self->run));
  g_object_notify_by_pspec (G_OBJECT (self), running_pspec);
}

static void
on_finished (SsdbSurfacePage *self, const GError *error)
{
  SsdbSurfaceResult *r = shown_result (self);
  g_autofree char *text = NULL;

  if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_CANCELLED) && r != NULL)
    r->cancelled = TRUE;
  ssdb_surface_chart_set_result (self->chart, r);
  ssdb_surface_chart_set_running (self->chart, FALSE, NULL, 1,
                                  (guint64)(g_get_monotonic_time () - self->started_us) * 1000);
  text = ssdb_page_parts_end_text (NULL, error,
                                   _ ("Stopped · the samples measured so far are kept"));
  if (text == NULL)
    {
      SsdbSurfaceView view;
      g_autofree char *mean = NULL;

      /* in the chart's unit, as its panel writes it */
      ssdb_surface_chart_fill_view (self->chart, &view);
      mean = ssdb_surface_painter_dup_rate_text (
          &view, gtk_widget_get_width (GTK_WIDGET (self->chart)),
          gtk_widget_get_height (GTK_WIDGET (self->chart)), r ? r->read_stats.mean : 0, TRUE);
      /* Translators: the number of positions measured, then a rate with its unit ("6.40 GB/s") */
      text
          = g_strdup_printf (_ ("Done: %u positions, average read %s"), r ? r->read->len : 0, mean);
    }
  gtk_label_set_text (self->status_label, text);
  g_signal_emit (self, finished_signal, 0, error);
}

/* ---- settings ------------------------------------------------------------------------- */

static char *
samples_label (guint i)
{
  return g_strdup_printf ("%u", samples_table[i]);
}

static char *
sample_size_label (guint i)
{
  return ssdb_gui_format_transfer_size (sample_size_table[i]);
}

static char *
block_label (guint i)
{
  return ssdb_gui_format_transfer_size (block_table[i]);
}

static char *
access_label (guint i)
{
  return access_table[i] == 0 ? g_strdup (_ ("Off")) : g_strdup_printf ("%u", access_table[i]);
}

void
ssdb_surface_page_get_spec (SsdbSurfacePage *self, SsdbSurfaceSpec *spec)
{
  guint i;
  guint64 v = 0;

  g_return_if_fail (SSDB_IS_SURFACE_PAGE (self));
  g_return_if_fail (spec != NULL);

  ssdb_surface_spec_init (spec);
  /* the choices, or a report's values shown beside them (ssdb_gui_dropdown_show()) */
  i = ssdb_gui_dropdown_selected (self->samples_dropdown, G_N_ELEMENTS (samples_table), &v);
  spec->samples = i < G_N_ELEMENTS (samples_table) ? samples_table[i] : (guint)v;
  i = ssdb_gui_dropdown_selected (self->sample_size_dropdown, G_N_ELEMENTS (sample_size_table), &v);
  spec->sample_bytes = i < G_N_ELEMENTS (sample_size_table) ? sample_size_table[i] : v;
  i = ssdb_gui_dropdown_selected (self->block_dropdown, G_N_ELEMENTS (block_table), &v);
  spec->block_size = i < G_N_ELEMENTS (block_table) ? block_table[i] : (guint)v;
  i = ssdb_gui_dropdown_selected (self->access_dropdown, G_N_ELEMENTS (access_table), &v);
  spec->access_samples = i < G_N_ELEMENTS (access_table) ? access_table[i] : (guint)v;
  if (spec->sample_bytes < spec->block_size)
    spec->sample_bytes = spec->block_size;
  if (gtk_drop_down_get_selected (self->span_dropdown) == 1)
    {
      /* GB in the spin buttons, aligned down to 1 MiB (the engine checks the device's own
       * alignment). */
      guint64 start = (guint64)(gtk_adjustment_get_value (self->start_adjustment) * 1e9);
      guint64 length = (guint64)(gtk_adjustment_get_value (self->length_adjustment) * 1e9);

      spec->span_offset = start / MIB * MIB;
      spec->span_length = length / MIB * MIB;
      if (self->device_bytes > 0 && spec->span_offset + spec->span_length > self->device_bytes)
        spec->span_length = self->device_bytes > spec->span_offset
                                ? (self->device_bytes - spec->span_offset) / MIB * MIB
                                : 0;
    }
  spec->write = ssdb_surface_page_get_write_mode (self);
  spec->seed = (guint64)g_get_real_time ();
}

static int
find_u64 (const guint64 *table, guint n, guint64 v)
{
  for (guint i = 0; i < n; i++)
    if (table[i] == v)
      return (int)i;
  return -1;
}

/* The controls show @spec, a report's settings, also those that are none of their choices (an
 * extra entry, until the target changes). */
static void
show_spec (SsdbSurfacePage *self, const SsdbSurfaceSpec *spec)
{
  g_autofree char *samples = g_strdup_printf ("%u", spec->samples);
  g_autofree char *sample_size = ssdb_gui_format_transfer_size (spec->sample_bytes);
  g_autofree char *block = ssdb_gui_format_transfer_size (spec->block_size);
  g_autofree char *access = spec->access_samples == 0
                                ? g_strdup (_ ("Off"))
                                : g_strdup_printf ("%u", spec->access_samples);

  ssdb_gui_dropdown_show (
      self->samples_dropdown, G_N_ELEMENTS (samples_table),
      ssdb_gui_find_uint (samples_table, G_N_ELEMENTS (samples_table), spec->samples), samples,
      spec->samples);
  ssdb_gui_dropdown_show (
      self->sample_size_dropdown, G_N_ELEMENTS (sample_size_table),
      find_u64 (sample_size_table, G_N_ELEMENTS (sample_size_table), spec->sample_bytes),
      sample_size, spec->sample_bytes);
  ssdb_gui_dropdown_show (
      self->block_dropdown, G_N_ELEMENTS (block_table),
      ssdb_gui_find_uint (block_table, G_N_ELEMENTS (block_table), spec->block_size), block,
      spec->block_size);
  ssdb_gui_dropdown_show (
      self->access_dropdown, G_N_ELEMENTS (access_table),
      ssdb_gui_find_uint (access_table, G_N_ELEMENTS (access_table), spec->access_samples), access,
      spec->access_samples);
  if (spec->span_offset == 0 && spec->span_length == 0)
    gtk_drop_down_set_selected (self->span_dropdown, 0);
  else
    {
      gtk_drop_down_set_selected (self->span_dropdown, 1);
      gtk_adjustment_set_value (self->start_adjustment, spec->span_offset / 1e9);
      gtk_adjustment_set_value (self->length_adjustment, spec->span_length / 1e9);
    }
  ssdb_surface_page_set_write_mode (self, spec->write);
}

gboolean
ssdb_surface_page_configure (SsdbSurfacePage *self, const SsdbSurfaceSpec *spec)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);

  if (ssdb_gui_find_uint (samples_table, G_N_ELEMENTS (samples_table), spec->samples) < 0
      || find_u64 (sample_size_table, G_N_ELEMENTS (sample_size_table), spec->sample_bytes) < 0
      || ssdb_gui_find_uint (block_table, G_N_ELEMENTS (block_table), spec->block_size) < 0
      || ssdb_gui_find_uint (access_table, G_N_ELEMENTS (access_table), spec->access_samples) < 0)
    return FALSE;
  show_spec (self, spec);
  return TRUE;
}

/* Back to the page's own choices once no report is shown. */
static void
drop_report_choices (SsdbSurfacePage *self)
{
  ssdb_gui_dropdown_drop_extra (self->samples_dropdown, G_N_ELEMENTS (samples_table));
  ssdb_gui_dropdown_drop_extra (self->sample_size_dropdown, G_N_ELEMENTS (sample_size_table));
  ssdb_gui_dropdown_drop_extra (self->block_dropdown, G_N_ELEMENTS (block_table));
  ssdb_gui_dropdown_drop_extra (self->access_dropdown, G_N_ELEMENTS (access_table));
}

SsdbSurfaceWrite
ssdb_surface_page_get_write_mode (SsdbSurfacePage *self)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), SSDB_SURFACE_WRITE_NONE);
  return gtk_drop_down_get_selected (self->mode_dropdown) == 1 ? SSDB_SURFACE_WRITE_DESTROY
                                                               : SSDB_SURFACE_WRITE_NONE;
}

void
ssdb_surface_page_set_write_mode (SsdbSurfacePage *self, SsdbSurfaceWrite mode)
{
  g_return_if_fail (SSDB_IS_SURFACE_PAGE (self));
  if (self->write_refusal != NULL)
    mode = SSDB_SURFACE_WRITE_NONE;
  self->updating_mode = TRUE;
  gtk_drop_down_set_selected (self->mode_dropdown, mode == SSDB_SURFACE_WRITE_DESTROY ? 1 : 0);
  self->updating_mode = FALSE;
}

static void
on_mode_changed (SsdbSurfacePage *self)
{
  if (self->updating_mode)
    return;
  if (ssdb_surface_page_get_write_mode (self) == SSDB_SURFACE_WRITE_DESTROY)
    ssdb_test_page_request_writes (SSDB_TEST_PAGE (self), TRUE);
}

static void
on_span_changed (SsdbSurfacePage *self)
{
  gtk_widget_set_visible (self->span_box, gtk_drop_down_get_selected (self->span_dropdown) == 1);
}

void
ssdb_surface_page_set_target (SsdbSurfacePage *self, const char *title, guint64 device_bytes,
                              const char *write_refusal)
{
  double gb = device_bytes / 1e9;

  g_return_if_fail (SSDB_IS_SURFACE_PAGE (self));

  g_free (self->title);
  self->title = g_strdup (title);
  g_free (self->write_refusal);
  self->write_refusal = g_strdup (write_refusal);
  self->device_bytes = device_bytes;
  if (ssdb_page_run_get_running (self->run))
    return;

  drop_report_choices (self);
  ssdb_gui_restore_choices (&self->user);
  gtk_adjustment_configure (self->start_adjustment, 0, 0, MAX (gb, 0.01), 1, 10, 0);
  gtk_adjustment_configure (self->length_adjustment, gb, 0, MAX (gb, 0.01), 1, 10, 0);
  gtk_drop_down_set_selected (self->span_dropdown, 0);
  ssdb_surface_page_set_write_mode (self, SSDB_SURFACE_WRITE_NONE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->mode_dropdown), write_refusal == NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->mode_dropdown),
                               write_refusal ? write_refusal
                                             : _ ("Read Only, or Also Write over the Span "
                                                  "(Destroys Its Data)"));

  ssdb_surface_chart_set_result (self->chart, NULL);
  ssdb_page_run_set_result (self->run, NULL);
  ssdb_surface_chart_set_titles (self->chart, title, NULL, device_bytes);
  ssdb_surface_chart_set_running (self->chart, FALSE, NULL, 0, 0);
  gtk_label_set_text (self->status_label, write_refusal ? write_refusal : "");
}

/* ---- API ------------------------------------------------------------------------------ */

static char *
dup_settings_line (const SsdbSurfaceSpec *spec)
{
  g_autofree char *per = ssdb_gui_format_transfer_size (spec->sample_bytes);
  g_autofree char *block = ssdb_gui_format_transfer_size (spec->block_size);

  return g_strdup_printf ("%u samples × %s · %s blocks · QD%u · %s%s", spec->samples, per, block,
                          spec->queue_depth, spec->access_samples ? "access-time dots · " : "",
                          spec->write == SSDB_SURFACE_WRITE_DESTROY ? "read and write"
                                                                    : "read only");
}

gboolean
ssdb_surface_page_start (SsdbSurfacePage *self, const char *path, SsdbTargetOpenFlags flags,
                         const SsdbDeviceIdentity *permission, guint64 file_size, GError **error)
{
  SsdbSurfaceSpec spec;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  ssdb_surface_page_get_spec (self, &spec);
  /* The chart lets go of the previous result before the run replaces it. */
  ssdb_surface_chart_set_result (self->chart, NULL);
  if (!ssdb_page_run_start (self->run, path, flags, permission, file_size, work,
                            g_memdup2 (&spec, sizeof spec), g_free, shown_new (&spec), error))
    {
      ssdb_surface_chart_set_result (self->chart, shown_result (self));
      return FALSE;
    }
  self->started_us = g_get_monotonic_time ();
  subtitle = dup_settings_line (&spec);
  ssdb_surface_chart_set_titles (self->chart, self->title, subtitle, self->device_bytes);
  show_running (self);
  update_status (self);
  return TRUE;
}

SSDB_PAGE_RUN_DEFINE_ACCESSORS (SsdbSurfacePage, ssdb_surface_page, SSDB_IS_SURFACE_PAGE)

const SsdbSurfaceResult *
ssdb_surface_page_get_result (SsdbSurfacePage *self)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), NULL);
  return shown_result (self);
}

SsdbSurfaceChart *
ssdb_surface_page_get_chart (SsdbSurfacePage *self)
{
  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), NULL);
  return self->chart;
}

static gboolean
test_page_export_png (SsdbTestPage *page, const char *path, GError **error)
{
  SsdbSurfacePage *self = SSDB_SURFACE_PAGE (page);

  SsdbSurfaceView view;
  SsdbStyle style;
  g_autofree char *caption = ssdb_page_parts_dup_caption ();

  g_return_val_if_fail (SSDB_IS_SURFACE_PAGE (self), FALSE);

  ssdb_surface_chart_fill_view (self->chart, &view);
  view.caption = caption;
  view.hover_index = -1;
  ssdb_page_parts_export_style_init (&style);
  return ssdb_render_surface_png (&view, &style, path, 1200, 700, 2, error);
}

/* ---- object --------------------------------------------------------------------------- */

static void
ssdb_surface_page_dispose (GObject *object)
{
  SsdbSurfacePage *self = SSDB_SURFACE_PAGE (object);

  /* the chart points into the run's result */
  if (self->chart != NULL)
    ssdb_surface_chart_set_result (self->chart, NULL);
  ssdb_page_parts_dispose_run (&self->run, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), SSDB_TYPE_SURFACE_PAGE);
  G_OBJECT_CLASS (ssdb_surface_page_parent_class)->dispose (object);
}

static void
ssdb_surface_page_finalize (GObject *object)
{
  SsdbSurfacePage *self = SSDB_SURFACE_PAGE (object);

  g_free (self->title);
  g_free (self->write_refusal);
  G_OBJECT_CLASS (ssdb_surface_page_parent_class)->finalize (object);
}

static void
ssdb_surface_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsdbSurfacePage *self = SSDB_SURFACE_PAGE (object);

  switch (prop_id)
    {
      case PROP_RUNNING:
        g_value_set_boolean (value, ssdb_surface_page_get_running (self));
        break;
      default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ssdb_surface_page_class_init (SsdbSurfacePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ssdb_surface_page_dispose;
  object_class->finalize = ssdb_surface_page_finalize;
  object_class->get_property = ssdb_surface_page_get_property;

  running_pspec = ssdb_page_run_install_interface (object_class, PROP_RUNNING, &updated_signal,
                                                   &finished_signal);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/ssdbench/App/ui/ssdb-surface-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, SsdbSurfacePage, name)
  BIND (settings_box);
  BIND (samples_dropdown);
  BIND (sample_size_dropdown);
  BIND (block_dropdown);
  BIND (access_dropdown);
  BIND (span_dropdown);
  BIND (span_box);
  BIND (start_adjustment);
  BIND (length_adjustment);
  BIND (mode_dropdown);
  BIND (chart_frame);
  BIND (status_label);
#undef BIND
}

static void
ssdb_surface_page_init (SsdbSurfacePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  ssdb_gui_fill_dropdown (self->samples_dropdown, G_N_ELEMENTS (samples_table), samples_label);
  ssdb_gui_fill_dropdown (self->sample_size_dropdown, G_N_ELEMENTS (sample_size_table),
                          sample_size_label);
  ssdb_gui_fill_dropdown (self->block_dropdown, G_N_ELEMENTS (block_table), block_label);
  ssdb_gui_fill_dropdown (self->access_dropdown, G_N_ELEMENTS (access_table), access_label);
  /* HD Tune's defaults: 200 positions, 64 MiB each in 1 MiB requests, 1000 access dots. */
  gtk_drop_down_set_selected (self->samples_dropdown, 3);
  gtk_drop_down_set_selected (self->sample_size_dropdown, 2);
  gtk_drop_down_set_selected (self->block_dropdown, 3);
  gtk_drop_down_set_selected (self->access_dropdown, 2);
  g_signal_connect_swapped (self->mode_dropdown, "notify::selected", G_CALLBACK (on_mode_changed),
                            self);
  g_signal_connect_swapped (self->span_dropdown, "notify::selected", G_CALLBACK (on_span_changed),
                            self);

  self->chart = SSDB_SURFACE_CHART (ssdb_surface_chart_new ());
  gtk_frame_set_child (self->chart_frame, GTK_WIDGET (self->chart));

  self->run = ssdb_page_run_new ("ssdb-surface", shown_dup, shown_free);
  ssdb_page_run_set_merge_func (self->run, shown_merge);
  ssdb_page_parts_attach_run (NULL, self, self->run, SSDB_TEST_KIND_SURFACE,
                              G_CALLBACK (on_updated), G_CALLBACK (update_status),
                              G_CALLBACK (on_finished), NULL);
  g_signal_connect_swapped (self->run, "notify::running", G_CALLBACK (on_running), self);
}

GtkWidget *
ssdb_surface_page_new (void)
{
  return g_object_new (SSDB_TYPE_SURFACE_PAGE, NULL);
}

static gboolean
test_page_show_result (SsdbTestPage *page, SsdbTestKind kind, const SsdbReport *report,
                       const char *title)
{
  SsdbSurfacePage *self = SSDB_SURFACE_PAGE (page);
  const SsdbSurfaceResult *result = ssdb_report_get_result (report, kind);
  guint64 device_bytes = report->target.size_bytes;
  g_autofree char *subtitle = NULL;
  Shown loaded = { (SsdbSurfaceResult *)result, NULL };

  {
    /* The controls show the report's settings, a write surface too: it is not asked for now
     * (a start from it asks), and the user's own choices come back with the next target. */
    SsdbSurfaceSpec spec = result->spec;

    ssdb_gui_keep_choices (&self->user, self->samples_dropdown, self->sample_size_dropdown,
                           self->block_dropdown, self->access_dropdown, NULL);
    /* a span from 0 to the end of the device it measured: the whole span */
    if (spec.span_offset == 0 && spec.span_length == device_bytes)
      spec.span_length = 0;
    if (spec.write != SSDB_SURFACE_WRITE_DESTROY)
      spec.write = SSDB_SURFACE_WRITE_NONE; /* the page offers no rewrite in place */
    show_spec (self, &spec);
    self->updating_mode = TRUE;
    gtk_drop_down_set_selected (self->mode_dropdown, spec.write == SSDB_SURFACE_WRITE_DESTROY);
    self->updating_mode = FALSE;
  }
  ssdb_surface_chart_set_result (self->chart, NULL);
  ssdb_page_run_set_result (self->run, shown_dup (&loaded));
  subtitle = dup_settings_line (&result->spec);
  ssdb_surface_chart_set_titles (self->chart, title, subtitle, device_bytes);
  ssdb_surface_chart_set_result (self->chart, shown_result (self));
  ssdb_surface_chart_set_running (self->chart, FALSE, NULL, 1, 0);
  gtk_label_set_text (self->status_label, "");
  return TRUE;
}

/* ---- SsdbTestPage ----------------------------------------------------------------------- */

static void
test_page_set_target (SsdbTestPage *page, const SsdbTestPageTarget *target)
{
  ssdb_surface_page_set_target (SSDB_SURFACE_PAGE (page), target->title, target->device_bytes,
                                target->write_refusal);
}

/* The destructive write surface writes under the window's write permission (asked for as
 * soon as it is chosen); the rewrite in place and the reads ask nothing. */
static SsdbTestPageWrites
test_page_get_writes (SsdbTestPage *page)
{
  return ssdb_surface_page_get_write_mode (SSDB_SURFACE_PAGE (page)) == SSDB_SURFACE_WRITE_DESTROY
             ? SSDB_TEST_PAGE_WRITES_SHARED
             : SSDB_TEST_PAGE_WRITES_NONE;
}

static char *
test_page_dup_confirm_body (SsdbTestPage *page, const char *title, const char *capacity,
                            const char *node)
{
  return g_strdup_printf (_ ("The write surface writes over the whole span of %s (%s, %s). "
                             "All data stored there will be destroyed and cannot be "
                             "recovered."),
                          title, capacity, node);
}

/* The settings the next start runs, for the window's check before it asks anything. */
static gpointer
test_page_dup_settings (SsdbTestPage *page, GError **error)
{
  SsdbSurfaceSpec spec;

  ssdb_surface_page_get_spec (SSDB_SURFACE_PAGE (page), &spec);
  return ssdb_surface_result_new (&spec);
}

static gboolean
test_page_start (SsdbTestPage *page, const SsdbTestPageStart *start, GError **error)
{
  SsdbSurfacePage *self = SSDB_SURFACE_PAGE (page);
  SsdbTargetOpenFlags flags = SSDB_TARGET_OPEN_READ;

  /* The test file is written before it is read. */
  if (ssdb_surface_page_get_write_mode (self) == SSDB_SURFACE_WRITE_DESTROY || !start->is_device)
    flags = SSDB_TARGET_OPEN_WRITE;
  return ssdb_surface_page_start (self, start->path, flags, start->permission, start->file_size,
                                  error);
}

static gconstpointer
test_page_get_result (SsdbTestPage *page, SsdbTestKind kind)
{
  SsdbSurfacePage *self = SSDB_SURFACE_PAGE (page);
  const SsdbSurfaceResult *r = ssdb_surface_page_get_result (self);

  if (r == NULL || (r->read->len == 0 && r->write->len == 0))
    return NULL;
  return r;
}

static void
test_page_writes_refused (SsdbTestPage *page)
{
  ssdb_surface_page_set_write_mode (SSDB_SURFACE_PAGE (page), SSDB_SURFACE_WRITE_NONE);
}

static const char *
test_page_get_stopped_text (SsdbTestPage *page)
{
  return _ ("Surface stopped; the samples measured so far are kept");
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
  iface->writes_refused = test_page_writes_refused;
  iface->get_stopped_text = test_page_get_stopped_text;
}
