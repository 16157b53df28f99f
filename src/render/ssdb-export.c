/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-export.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <math.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-files.h"
#include "engine/ssdb-pattern.h"
#include "engine/ssdb-units.h"
#include "ssdb-access-painter.h"
#include "ssdb-compare-painter.h"
#include "ssdb-fill-painter.h"
#include "ssdb-summary-painter.h"
#include "ssdb-surface-painter.h"
#include "ssdb-sweep-painter.h"
#include "ssdb-workload-painter.h"

static const char *const view_names[SSDB_EXPORT_N_VIEWS]
    = { "summary", "surface", "fill", "access", "sweep", "workload" };

static const SsdbExportSize export_sizes[] = {
  { "800x600", 800, 600 },
  { "1200x800", 1200, 800 },
  { "1920x1080", 1920, 1080 },
};

const SsdbExportSize *
ssdb_export_sizes (guint *n_sizes)
{
  g_return_val_if_fail (n_sizes != NULL, NULL);
  *n_sizes = G_N_ELEMENTS (export_sizes);
  return export_sizes;
}

const char *
ssdb_export_view_to_string (SsdbExportView view)
{
  g_return_val_if_fail ((guint)view < SSDB_EXPORT_N_VIEWS, "summary");
  return view_names[view];
}

gboolean
ssdb_export_view_from_string (const char *text, SsdbExportView *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < SSDB_EXPORT_N_VIEWS; i++)
    if (g_str_equal (text, view_names[i]))
      {
        *out = (SsdbExportView)i;
        return TRUE;
      }
  return FALSE;
}

const char *
ssdb_export_format_to_string (SsdbExportFormat format)
{
  switch (format)
    {
      case SSDB_EXPORT_SVG:
        return "svg";
      case SSDB_EXPORT_PDF:
        return "pdf";
      case SSDB_EXPORT_PNG:
      default:
        return "png";
    }
}

gboolean
ssdb_export_report_has_view (const SsdbReport *report, SsdbExportView view)
{
  g_return_val_if_fail (report != NULL, FALSE);

  switch (view)
    {
      case SSDB_EXPORT_VIEW_SUMMARY:
        return report->summary != NULL;
      case SSDB_EXPORT_VIEW_SURFACE:
        return report->surface != NULL;
      case SSDB_EXPORT_VIEW_FILL:
        return report->fill != NULL;
      case SSDB_EXPORT_VIEW_ACCESS:
        return report->access != NULL;
      case SSDB_EXPORT_VIEW_SWEEP:
        return report->sweep != NULL;
      case SSDB_EXPORT_VIEW_WORKLOAD:
        return report->workload != NULL;
      default:
        return FALSE;
    }
}

gboolean
ssdb_export_view_has_chart (SsdbExportView view)
{
  return (guint)view < SSDB_EXPORT_N_VIEWS;
}

gboolean
ssdb_export_first_view (const SsdbReport *report, SsdbExportView *out)
{
  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint i = 0; i < SSDB_EXPORT_N_VIEWS; i++)
    if (ssdb_export_report_has_view (report, (SsdbExportView)i))
      {
        *out = (SsdbExportView)i;
        return TRUE;
      }
  return FALSE;
}

/* Text ------------------------------------------------------------------------------------ */

/* A target fact added by the application ("serial", "firmware"), when it is a non-empty
 * string. */
static const char *
target_fact (const SsdbReport *report, const char *key)
{
  JsonNode *node;
  const char *text;

  if (report->target_extra == NULL || !json_object_has_member (report->target_extra, key))
    return NULL;
  node = json_object_get_member (report->target_extra, key);
  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  text = json_node_get_string (node);
  return text != NULL && *text ? text : NULL;
}

static const char *
nonempty (const char *text)
{
  return text != NULL && *text ? text : NULL;
}

char *
ssdb_export_dup_title (const SsdbReport *report)
{
  const SsdbTargetInfo *info;
  g_autofree char *cap = NULL;
  const char *model;

  g_return_val_if_fail (report != NULL, NULL);

  info = &report->target;
  cap = ssdb_format_capacity (info->size_bytes);
  if (info->kind == SSDB_TARGET_FILE)
    return g_strdup_printf ("Test file in %s%s%s (%s)", info->path ? info->path : "?",
                            info->fs_type ? ", " : "", info->fs_type ? info->fs_type : "", cap);
  model = nonempty (info->model);
  return g_strdup_printf ("%s · %s%s%s",
                          info->path   ? info->path
                          : info->name ? info->name
                                       : "?",
                          cap, model ? " · " : "", model ? model : "");
}

static char *
summary_subtitle (const SsdbSummaryResult *r)
{
  g_autofree char *size = ssdb_format_transfer_size (r->spec.size);
  g_autofree char *pattern = ssdb_data_pattern_to_string (&r->spec.data);
  char secs[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (secs, sizeof secs, "%g", (double)r->spec.duration_ns / 1e9);
  return g_strdup_printf ("%u × %s · %s s · %s data · %s profile · %s of passes", r->spec.count,
                          size, secs, pattern, ssdb_profile_to_string (r->spec.profile),
                          r->spec.aggregate == SSDB_AGGREGATE_MEAN ? "mean" : "best");
}

char *
ssdb_export_dup_subtitle (const SsdbReport *report, SsdbExportView view)
{
  g_return_val_if_fail (report != NULL, NULL);

  if (!ssdb_export_report_has_view (report, view))
    return NULL;
  switch (view)
    {
      case SSDB_EXPORT_VIEW_SUMMARY:
        return summary_subtitle (report->summary);
      case SSDB_EXPORT_VIEW_SURFACE:
        {
          const SsdbSurfaceResult *r = report->surface;
          g_autofree char *sample = ssdb_format_transfer_size (r->spec.sample_bytes);
          g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);

          return g_strdup_printf ("%u samples × %s · %s blocks · QD%u", r->spec.samples, sample,
                                  block, r->spec.queue_depth);
        }
      case SSDB_EXPORT_VIEW_FILL:
        {
          const SsdbFillResult *r = report->fill;
          g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
          g_autofree char *segment = ssdb_format_transfer_size (r->spec.segment_bytes);

          return g_strdup_printf ("%u pass%s%s · %s blocks · QD%u · %s segments", r->spec.passes,
                                  r->spec.passes == 1 ? "" : "es",
                                  r->spec.read_back ? " + read-back" : "", block,
                                  r->spec.queue_depth, segment);
        }
      case SSDB_EXPORT_VIEW_ACCESS:
        {
          const SsdbAccessResult *r = report->access;
          g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
          g_autofree char *span = ssdb_format_capacity (r->spec.span_length);

          return g_strdup_printf ("Random %s reads over %s · by %s", block, span,
                                  r->spec.mode == SSDB_ACCESS_MODE_THREADS ? "threads"
                                                                           : "queue depth");
        }
      case SSDB_EXPORT_VIEW_SWEEP:
        {
          const SsdbSweepResult *r = report->sweep;
          g_autofree char *span = ssdb_format_capacity (r->spec.span_length);

          return g_strdup_printf ("Sequential transfers over %s · QD%u", span, r->spec.queue_depth);
        }
      case SSDB_EXPORT_VIEW_WORKLOAD:
        {
          const SsdbWorkloadResult *r = report->workload;

          return g_strdup_printf ("%s · %u%% read · %u%% random · QD%u · %u worker%s", r->spec.name,
                                  r->spec.read_percent, r->spec.random_percent, r->spec.queue_depth,
                                  r->spec.workers, r->spec.workers == 1 ? "" : "s");
        }
      default:
        return NULL;
    }
}

char *
ssdb_export_dup_caption (const SsdbReport *report, SsdbExportFlags flags)
{
  g_autoptr (GString) out = g_string_new (NULL);
  const SsdbTargetInfo *info;
  const char *model, *firmware, *serial;

  g_return_val_if_fail (report != NULL, NULL);

  info = &report->target;
  model = nonempty (info->model);
  if (model != NULL)
    g_string_append_printf (out, "%s · ", model);
  if (info->size_bytes > 0)
    {
      g_autofree char *cap = ssdb_format_capacity (info->size_bytes);

      g_string_append_printf (out, "%s · ", cap);
    }
  firmware = target_fact (report, "firmware");
  if (firmware != NULL)
    g_string_append_printf (out, "firmware %s · ", firmware);
  serial = (flags & SSDB_EXPORT_SERIAL) ? target_fact (report, "serial") : NULL;
  if (serial != NULL)
    g_string_append_printf (out, "serial %s · ", serial);
  if (report->created_unix > 0)
    {
      g_autoptr (GDateTime) when = g_date_time_new_from_unix_utc (report->created_unix);
      g_autofree char *date = when ? g_date_time_format (when, "%Y-%m-%d %H:%M UTC") : NULL;

      if (date != NULL)
        g_string_append_printf (out, "run %s · ", date);
    }
  g_string_append_printf (out, "SSD Bench %s",
                          nonempty (report->tool_version) ? report->tool_version : PACKAGE_VERSION);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Drawing --------------------------------------------------------------------------------- */

gboolean
ssdb_export_get_plot_rect (const SsdbReport *report, SsdbExportView view, SsdbExportFlags flags,
                           int width, int height, cairo_rectangle_t *rect)
{
  g_autofree char *title = NULL, *subtitle = NULL, *caption = NULL;

  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  if (!ssdb_export_report_has_view (report, view))
    return FALSE;
  title = ssdb_export_dup_title (report);
  subtitle = ssdb_export_dup_subtitle (report, view);
  if (!(flags & SSDB_EXPORT_NO_CAPTION))
    caption = ssdb_export_dup_caption (report, flags);
  switch (view)
    {
      case SSDB_EXPORT_VIEW_SURFACE:
        {
          SsdbSurfaceView v;

          ssdb_surface_view_init (&v);
          v.result = report->surface;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          v.device_bytes = report->target.size_bytes;
          ssdb_surface_painter_get_plot_rect (&v, width, height, rect);
          return TRUE;
        }
      case SSDB_EXPORT_VIEW_FILL:
        {
          SsdbFillView v;

          ssdb_fill_view_init (&v);
          v.result = report->fill;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          ssdb_fill_painter_get_plot_rect (&v, width, height, rect);
          return TRUE;
        }
      case SSDB_EXPORT_VIEW_ACCESS:
        {
          SsdbAccessView v;

          ssdb_access_view_init (&v);
          v.result = report->access;
          v.chart = (flags & SSDB_EXPORT_ACCESS_RELIEF) ? SSDB_ACCESS_CHART_RELIEF
                                                        : SSDB_ACCESS_CHART_HEATMAP;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          ssdb_access_painter_get_plot_rect (&v, width, height, rect);
          return TRUE;
        }
      case SSDB_EXPORT_VIEW_SWEEP:
        {
          SsdbSweepView v;

          ssdb_sweep_view_init (&v);
          v.result = report->sweep;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          ssdb_sweep_painter_get_plot_rect (&v, width, height, rect);
          return TRUE;
        }
      case SSDB_EXPORT_VIEW_SUMMARY:
      case SSDB_EXPORT_VIEW_WORKLOAD:
      default:
        return FALSE;
    }
}

void
ssdb_export_draw (const SsdbReport *report, SsdbExportView view, const SsdbStyle *style,
                  SsdbExportFlags flags, cairo_t *cr, int width, int height)
{
  g_autofree char *title = NULL, *subtitle = NULL, *caption = NULL;

  g_return_if_fail (report != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (!ssdb_export_report_has_view (report, view) || !ssdb_export_view_has_chart (view))
    {
      cairo_save (cr);
      ssdb_render_set_source (cr, &style->background, 1);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
      cairo_restore (cr);
      return;
    }
  title = ssdb_export_dup_title (report);
  subtitle = ssdb_export_dup_subtitle (report, view);
  if (!(flags & SSDB_EXPORT_NO_CAPTION))
    caption = ssdb_export_dup_caption (report, flags);

  switch (view)
    {
      case SSDB_EXPORT_VIEW_SUMMARY:
        {
          SsdbSummaryView v = { 0 };

          v.result = report->summary;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.unit = SSDB_UNIT_MBPS;
          v.running_index = -1;
          v.caption = caption;
          ssdb_summary_painter_draw (&v, style, cr, width, height);
          break;
        }
      case SSDB_EXPORT_VIEW_SURFACE:
        {
          SsdbSurfaceView v;

          ssdb_surface_view_init (&v);
          v.result = report->surface;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          v.device_bytes = report->target.size_bytes;
          ssdb_surface_painter_draw (&v, style, cr, width, height);
          break;
        }
      case SSDB_EXPORT_VIEW_FILL:
        {
          SsdbFillView v;

          ssdb_fill_view_init (&v);
          v.result = report->fill;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          ssdb_fill_painter_draw (&v, style, cr, width, height);
          break;
        }
      case SSDB_EXPORT_VIEW_ACCESS:
        {
          SsdbAccessView v;

          ssdb_access_view_init (&v);
          v.result = report->access;
          v.chart = (flags & SSDB_EXPORT_ACCESS_RELIEF) ? SSDB_ACCESS_CHART_RELIEF
                                                        : SSDB_ACCESS_CHART_HEATMAP;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          ssdb_access_painter_draw (&v, style, cr, width, height);
          break;
        }
      case SSDB_EXPORT_VIEW_SWEEP:
        {
          SsdbSweepView v;

          ssdb_sweep_view_init (&v);
          v.result = report->sweep;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          ssdb_sweep_painter_draw (&v, style, cr, width, height);
          break;
        }
      case SSDB_EXPORT_VIEW_WORKLOAD:
        {
          SsdbWorkloadView v;

          ssdb_workload_view_init (&v);
          v.result = report->workload;
          v.target_title = title;
          v.target_subtitle = subtitle;
          v.caption = caption;
          ssdb_workload_painter_draw (&v, style, cr, width, height);
          break;
        }
      default:
        break;
    }
}

/* Files ----------------------------------------------------------------------------------- */

static cairo_status_t
bytes_sink (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
write_bytes (const char *path, const guint8 *data, gsize length, GError **error)
{
  g_autoptr (GError) local = NULL;

  if (!g_file_set_contents_full (path, (const char *)data, (gssize)length,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0644, &local))
    {
      int code = SSDB_ERROR_FAILED;

      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_ACCES)
          || g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_PERM)
          || g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_ROFS))
        code = SSDB_ERROR_PERMISSION;
      else if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOSPC))
        code = SSDB_ERROR_NO_SPACE;
      else if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        code = SSDB_ERROR_NOT_FOUND;
      g_set_error (error, SSDB_ERROR, code, "Could not write “%s”: %s", path, local->message);
      return FALSE;
    }
  return TRUE;
}

/* Cairo writes an SVG without a title; add the document's title and description right after
 * the opening <svg> element, where readers and screen readers look for them. */
static GByteArray *
svg_add_metadata (GByteArray *svg, const SsdbExportDoc *doc)
{
  const char *data = (const char *)svg->data;
  const char *open = g_strstr_len (data, svg->len, "<svg");
  const char *end;
  g_autoptr (GString) meta = g_string_new ("\n");
  GByteArray *out;

  if (open == NULL || doc == NULL || (doc->title == NULL && doc->description == NULL))
    return g_byte_array_ref (svg);
  end = memchr (open, '>', svg->len - (gsize)(open - data));
  if (end == NULL)
    return g_byte_array_ref (svg);
  end++;
  if (doc->title != NULL)
    {
      g_autofree char *esc = g_markup_escape_text (doc->title, -1);

      g_string_append_printf (meta, "<title>%s</title>\n", esc);
    }
  if (doc->description != NULL)
    {
      g_autofree char *esc = g_markup_escape_text (doc->description, -1);

      g_string_append_printf (meta, "<desc>%s</desc>", esc);
    }
  out = g_byte_array_sized_new (svg->len + (guint)meta->len);
  g_byte_array_append (out, svg->data, (guint)(end - data));
  g_byte_array_append (out, (const guint8 *)meta->str, (guint)meta->len);
  g_byte_array_append (out, (const guint8 *)end, svg->len - (guint)(end - data));
  return out;
}

static void
pdf_set_metadata (cairo_surface_t *surface, const SsdbExportDoc *doc)
{
  g_autofree char *creator = g_strdup_printf ("SSD Bench %s", PACKAGE_VERSION);

  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, creator);
  if (doc == NULL)
    return;
  if (doc->title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, doc->title);
  if (doc->description != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_SUBJECT, doc->description);
  if (doc->created_unix > 0)
    {
      /* The report's date rather than the current time, so the file says when the run was. */
      g_autoptr (GDateTime) when = g_date_time_new_from_unix_utc (doc->created_unix);
      g_autofree char *iso = when ? g_date_time_format (when, "%Y-%m-%dT%H:%M:%SZ") : NULL;

      if (iso != NULL)
        {
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATE_DATE, iso);
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_MOD_DATE, iso);
        }
    }
}

gboolean
ssdb_export_write (SsdbChartDrawFunc draw, gconstpointer data, const SsdbStyle *style,
                   const SsdbExportDoc *doc, SsdbExportFormat format, int width, int height,
                   double scale, const char *path, GError **error)
{
  g_autoptr (GByteArray) bytes = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  g_return_val_if_fail (draw != NULL, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (format == SSDB_EXPORT_PNG)
    {
      if (width < SSDB_EXPORT_MIN_SIDE || height < SSDB_EXPORT_MIN_SIDE)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "Could not write “%s”: %d × %d is too small (at least %d × %d)", path, width,
                       height, SSDB_EXPORT_MIN_SIDE, SSDB_EXPORT_MIN_SIDE);
          return FALSE;
        }
      /* The image writer checks the scale and the pixel size and writes atomically. */
      if (!ssdb_check_output_file (path, error))
        return FALSE;
      return ssdb_chart_write_png (draw, data, style, path, width, height, scale, error);
    }

  if (width < SSDB_EXPORT_MIN_SIDE || height < SSDB_EXPORT_MIN_SIDE || width > SSDB_EXPORT_MAX_SIDE
      || height > SSDB_EXPORT_MAX_SIDE)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Could not write “%s”: %d × %d is out of range (%d to %d a side)", path, width,
                   height, SSDB_EXPORT_MIN_SIDE, SSDB_EXPORT_MAX_SIDE);
      return FALSE;
    }
  if (!ssdb_check_output_file (path, error))
    return FALSE;

  bytes = g_byte_array_new ();
  if (format == SSDB_EXPORT_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (bytes_sink, bytes, width, height);
#if CAIRO_VERSION >= CAIRO_VERSION_ENCODE(1, 16, 0)
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
#endif
    }
  else
    {
      surface = cairo_pdf_surface_create_for_stream (bytes_sink, bytes, width, height);
      pdf_set_metadata (surface, doc);
    }
  cr = cairo_create (surface);
  draw (data, style, cr, width, height);
  cairo_show_page (cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, "Could not write “%s”: %s", path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  if (format == SSDB_EXPORT_SVG)
    {
      g_autoptr (GByteArray) svg = svg_add_metadata (bytes, doc);

      return write_bytes (path, svg->data, svg->len, error);
    }
  return write_bytes (path, bytes->data, bytes->len, error);
}

typedef struct
{
  const SsdbReport *report;
  SsdbExportView view;
  SsdbExportFlags flags;
} ViewData;

static void
draw_view (gconstpointer data, const SsdbStyle *style, cairo_t *cr, int width, int height)
{
  const ViewData *d = data;

  ssdb_export_draw (d->report, d->view, style, d->flags, cr, width, height);
}

static gboolean
check_view (const SsdbReport *report, SsdbExportView view, GError **error)
{
  if ((guint)view >= SSDB_EXPORT_N_VIEWS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "No such view");
      return FALSE;
    }
  if (!ssdb_export_report_has_view (report, view))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "The report holds no %s test",
                   view_names[view]);
      return FALSE;
    }
  if (!ssdb_export_view_has_chart (view))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "There is no %s chart; export its numbers as CSV or text", view_names[view]);
      return FALSE;
    }
  return TRUE;
}

gboolean
ssdb_export_view (const SsdbReport *report, SsdbExportView view, SsdbExportFormat format, int width,
                  int height, double scale, SsdbTheme theme, SsdbExportFlags flags,
                  const char *path, GError **error)
{
  g_autofree char *title = NULL, *caption = NULL;
  SsdbExportDoc doc = { 0 };
  SsdbStyle style;
  ViewData d = { report, view, flags };

  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_view (report, view, error))
    return FALSE;
  title = ssdb_export_dup_title (report);
  caption = ssdb_export_dup_caption (report, flags);
  doc.title = title;
  doc.description = caption;
  doc.created_unix = report->created_unix;
  ssdb_style_init (&style, theme);
  return ssdb_export_write (draw_view, &d, &style, &doc, format, width, height, scale, path, error);
}

static void
draw_compare (gconstpointer data, const SsdbStyle *style, cairo_t *cr, int width, int height)
{
  ssdb_compare_painter_draw (data, style, cr, width, height);
}

gboolean
ssdb_export_compare (SsdbReport *const *reports, const char *const *labels, guint n_reports,
                     SsdbExportView view, SsdbExportFormat format, int width, int height,
                     double scale, SsdbTheme theme, SsdbExportFlags flags, const char *path,
                     GError **error)
{
  g_autofree char *caption = NULL;
  g_autofree char *title = NULL;
  SsdbCompareView cv = { 0 };
  SsdbExportDoc doc = { 0 };
  SsdbStyle style;

  g_return_val_if_fail (reports != NULL || n_reports == 0, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  cv.view = view;
  cv.reports = reports;
  cv.labels = labels;
  cv.n_reports = n_reports;
  if (!ssdb_compare_check (&cv, error))
    return FALSE;
  title = g_strdup_printf ("Comparison of %u runs", n_reports);
  if (!(flags & SSDB_EXPORT_NO_CAPTION))
    {
      /* The latest run's date: the image never depends on the current time. */
      gint64 latest = 0;

      for (guint i = 0; i < n_reports; i++)
        latest = MAX (latest, reports[i]->created_unix);
      {
        g_autoptr (GDateTime) when = g_date_time_new_from_unix_utc (latest);
        g_autofree char *date = when ? g_date_time_format (when, "%Y-%m-%d %H:%M UTC") : NULL;

        caption
            = g_strdup_printf ("Runs up to %s · SSD Bench %s", date ? date : "?", PACKAGE_VERSION);
      }
      doc.created_unix = latest;
    }
  cv.title = title;
  cv.caption = caption;
  doc.title = title;
  doc.description = caption;
  ssdb_style_init (&style, theme);
  return ssdb_export_write (draw_compare, &cv, &style, &doc, format, width, height, scale, path,
                            error);
}
