/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-render-i18n.h"

#include "ssdb-export.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-files.h"
#include "engine/ssdb-pattern.h"
#include "engine/ssdb-units.h"
#include "ssdb-access-painter.h"
#include "ssdb-behaviour-painter.h"
#include "ssdb-compare-painter.h"
#include "ssdb-consistency-painter.h"
#include "ssdb-fill-painter.h"
#include "ssdb-asssd-painter.h"
#include "ssdb-randomaccess-painter.h"
#include "ssdb-copy-painter.h"
#include "ssdb-summary-painter.h"
#include "ssdb-surface-painter.h"
#include "ssdb-scan-painter.h"
#include "ssdb-sweep-painter.h"
#include "ssdb-workload-painter.h"

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
  if (report->summary != NULL && report->summary->imported != NULL)
    {
      /* "CrystalDiskMark 8.0.4 x64 · C:", "fio-3.33 · /dev/nvme0n1": the tool, and the target
       * as its file names it (or the file). */
      g_autofree char *tool = ssdb_summary_import_name (report->summary->imported);

      const char *where = nonempty (info->path) ? info->path : report->summary->imported->file;

      return g_strdup_printf ("%s · %s", tool, where);
    }
  /* the copy test's files are its own, not the small test file that found the drive */
  if (info->kind == SSDB_TARGET_FILE && report->copy != NULL)
    /* Translators: the copy chart's title: "Files in /mnt/x, ext4 on nvme0n1p2"; the second and
     * third %s are ", " and the file system, the fourth and fifth " on " and the device */
    return g_strdup_printf (_ ("Files in %s%s%s%s%s"), info->path ? info->path : "?",
                            info->fs_type ? ", " : "", info->fs_type ? info->fs_type : "",
                            /* Translators: in "Files in /mnt/x, ext4 on nvme0n1p2" */
                            info->name ? _ (" on ") : "", info->name ? info->name : "");
  cap = ssdb_render_localize_number (ssdb_format_capacity (info->size_bytes));
  if (info->kind == SSDB_TARGET_FILE)
    return g_strdup_printf (_ ("Test file in %s%s%s (%s)"), info->path ? info->path : "?",
                            info->fs_type ? ", " : "", info->fs_type ? info->fs_type : "", cap);
  model = nonempty (info->model);
  return g_strdup_printf ("%s · %s%s%s",
                          info->path   ? info->path
                          : info->name ? info->name
                                       : "?",
                          cap, model ? " · " : "", model ? model : "");
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
  /* the copy test's small test file is no size of the drive */
  if (info->size_bytes > 0 && !(info->kind == SSDB_TARGET_FILE && report->copy != NULL))
    {
      g_autofree char *cap = ssdb_render_localize_number (ssdb_format_capacity (info->size_bytes));

      g_string_append_printf (out, "%s · ", cap);
    }
  firmware = target_fact (report, "firmware");
  if (firmware != NULL)
    g_string_append_printf (out, _ ("firmware %s · "), firmware);
  serial = (flags & SSDB_EXPORT_SERIAL) ? target_fact (report, "serial") : NULL;
  if (serial != NULL)
    g_string_append_printf (out, _ ("serial %s · "), serial);
  {
    /* What was really measured, where it was not the drive alone. */
    g_autofree char *tags = ssdb_stack_dup_tags (info->stack);

    if (tags != NULL)
      g_string_append_printf (out, "%s · ", tags);
  }
  if (report->summary != NULL && report->summary->imported != NULL)
    {
      /* The date as the file writes it (CrystalDiskMark's is the local time of its machine). */
      const SsdbSummaryImport *im = report->summary->imported;

      g_string_append_printf (out, "%s run%s%s · imported by ", im->tool, im->date ? " " : "",
                              im->date ? im->date : "");
    }
  else if (report->created_unix > 0)
    {
      g_autoptr (GDateTime) when = g_date_time_new_from_unix_utc (report->created_unix);
      g_autofree char *date = when ? g_date_time_format (when, "%Y-%m-%d %H:%M UTC") : NULL;

      if (date != NULL)
        /* Translators: in the caption under a chart, "run 2024-05-01 12:34 UTC · " */
        g_string_append_printf (out, _ ("run %s · "), date);
    }
  g_string_append_printf (out, "SSD Bench %s",
                          nonempty (report->tool_version) ? report->tool_version : PACKAGE_VERSION);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Views ----------------------------------------------------------------------------------- */

/* What every view's operations get: the report and the texts around the chart. */
typedef struct
{
  const SsdbReport *report;
  SsdbTestKind view;
  SsdbExportFlags flags;
  const char *title;
  const char *subtitle;
  const char *caption;
} ViewContext;

/* "1", "0.5", "300": seconds from ns, C locale. */
static char *
format_seconds (guint64 ns)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%g", (double)ns / 1e9));
}

/* "4K", "1M", "512B": a transfer size as test names write it (RND4K). */
static char *
size_name (guint bytes)
{
  if (bytes % (1u << 20) == 0)
    return g_strdup_printf ("%uM", bytes >> 20);
  if (bytes % 1024 == 0)
    return g_strdup_printf ("%uK", bytes >> 10);
  return g_strdup_printf ("%uB", bytes);
}

/* The data patterns' and profiles' names as the report writes them, in the chart's language. */
static const char *
chart_word (const char *word)
{
  /* Translators: a data pattern, in "%s data" of the summary chart's subtitle */
  if (g_strcmp0 (word, "random") == 0)
    return C_ ("data", "random");
  if (g_strcmp0 (word, "zero") == 0)
    return C_ ("data", "zero");
  /* Translators: a summary profile, in "%s profile" of the summary chart's subtitle */
  if (g_strcmp0 (word, "default") == 0)
    return C_ ("profile", "default");
  if (g_strcmp0 (word, "peak") == 0)
    return C_ ("profile", "peak");
  if (g_strcmp0 (word, "realworld") == 0)
    return C_ ("profile", "realworld");
  return word;
}

static char *
summary_subtitle (const SsdbReport *report)
{
  const SsdbSummaryResult *r = report->summary;
  g_autofree char *size = ssdb_format_transfer_size (r->spec.size);
  g_autofree char *pattern = ssdb_data_pattern_to_string (&r->spec.data);
  g_autofree char *secs = ssdb_render_localize_number (format_seconds (r->spec.duration_ns));

  if (r->imported != NULL)
    {
      /* The settings and system as the file states them. */
      const SsdbSummaryImport *im = r->imported;

      return g_strdup_printf ("%u test%s from %s%s%s%s%s", r->entries->len,
                              r->entries->len == 1 ? "" : "s", im->file, im->settings ? " · " : "",
                              im->settings ? im->settings : "", im->system ? " · " : "",
                              im->system ? im->system : "");
    }
  return g_strdup_printf (r->spec.aggregate == SSDB_AGGREGATE_MEAN
                              /* Translators: the summary chart's subtitle: "2 × 1024 MiB · 5 s
                               * · random data · default profile · mean of passes" */
                              ? _ ("%u × %s · %s s · %s data · %s profile · mean of passes")
                              : _ ("%u × %s · %s s · %s data · %s profile · best of passes"),
                          r->spec.count, size, secs, chart_word (pattern),
                          chart_word (ssdb_profile_to_string (r->spec.profile)));
}

static char *
surface_subtitle (const SsdbReport *report)
{
  const SsdbSurfaceResult *r = report->surface;
  g_autofree char *sample = ssdb_format_transfer_size (r->spec.sample_bytes);
  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);

  return g_strdup_printf (_ ("%u samples × %s · %s blocks · QD%u"), r->spec.samples, sample, block,
                          r->spec.queue_depth);
}

static char *
fill_subtitle (const SsdbReport *report)
{
  const SsdbFillResult *r = report->fill;
  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
  g_autofree char *segment = ssdb_format_transfer_size (r->spec.segment_bytes);

  g_autofree char *passes = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "%u pass", "%u passes", r->spec.passes), r->spec.passes);

  return g_strdup_printf (_ ("%s%s · %s blocks · QD%u · %s segments"), passes,
                          r->spec.read_back ? _ (" + read-back") : "", block, r->spec.queue_depth,
                          segment);
}

static char *
access_subtitle (const SsdbReport *report)
{
  const SsdbAccessResult *r = report->access;
  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
  g_autofree char *span = ssdb_render_localize_number (ssdb_format_capacity (r->spec.span_length));

  return g_strdup_printf (r->spec.mode == SSDB_ACCESS_MODE_THREADS
                              ? _ ("Random %s reads over %s · by threads")
                              : _ ("Random %s reads over %s · by queue depth"),
                          block, span);
}

static char *
sweep_subtitle (const SsdbReport *report)
{
  const SsdbSweepResult *r = report->sweep;
  g_autofree char *span = ssdb_render_localize_number (ssdb_format_capacity (r->spec.span_length));

  return g_strdup_printf (_ ("Sequential transfers over %s · QD%u"), span, r->spec.queue_depth);
}

/* " · span filled first", " · 87 % of it never written" or "": what the span read held. */
static char *
span_held_words (gboolean filled, gboolean reads, guint unwritten_percent,
                 SsdbUnwrittenSource unwritten_source)
{
  if (filled)
    return g_strdup (_ (" · span filled first"));
  if (reads && unwritten_percent > 0 && unwritten_source != SSDB_UNWRITTEN_UNKNOWN)
    return g_strdup_printf (_ (" · %u %% of it never written"), unwritten_percent);
  return g_strdup ("");
}

static char *
randomaccess_subtitle (const SsdbReport *report)
{
  const SsdbRandomAccessResult *r = report->randomaccess;
  g_autofree char *span = ssdb_render_localize_number (ssdb_format_capacity (r->spec.span_length));
  g_autofree char *secs = ssdb_render_localize_number (format_seconds (r->spec.row_duration_ns));
  g_autofree char *ios = g_strdup_printf ("%" G_GUINT64_FORMAT, r->spec.row_ios);
  g_autofree char *length
      = r->spec.row_duration_ns > 0
            /* Translators: in the random-access chart's subtitle, "5 s per size" */
            ? g_strdup_printf (_ ("%s s per size"), secs)
            /* Translators: in the random-access chart's subtitle, "1000 requests per size" */
            : g_strdup_printf (_ ("%s requests per size"), ios);
  const char *engine = NULL;

  for (guint i = 0; r->rows != NULL && i < r->rows->len; i++)
    if (g_array_index (r->rows, SsdbRandomAccessRow, i).ios > 0)
      {
        engine = ssdb_io_engine_to_string (g_array_index (r->rows, SsdbRandomAccessRow, i).engine);
        break;
      }
  g_autofree char *held
      = span_held_words (r->filled, r->spec.do_read, r->unwritten_percent, r->unwritten_source);

  /* Translators: the random-access chart's subtitle: "Random reads and writes over 1 GB · QD1
   * · 5 s per size", then the I/O engine and what the span held */
  return g_strdup_printf (r->spec.do_read && r->spec.do_write
                              ? _ ("Random reads and writes over %s · QD1 · %s%s%s%s")
                          : r->spec.do_write ? _ ("Random writes over %s · QD1 · %s%s%s%s")
                                             : _ ("Random reads over %s · QD1 · %s%s%s%s"),
                          span, length, engine ? " · " : "", engine ? engine : "", held);
}

static char *
asssd_subtitle (const SsdbReport *report)
{
  const SsdbAsssdResult *r = report->asssd;
  g_autofree char *span = ssdb_render_localize_number (ssdb_format_capacity (r->spec.span_length));
  g_autofree char *secs = ssdb_render_localize_number (format_seconds (r->spec.test_duration_ns));
  g_autofree char *held
      = span_held_words (r->filled, r->spec.do_read, r->unwritten_percent, r->unwritten_source);

  /* Translators: the AS SSD chart's subtitle: "AS SSD Benchmark's tests · reads and writes
   * over 1 GB · 5 s per test", then what the span held */
  return g_strdup_printf (r->spec.do_read && r->spec.do_write
                              ? _ ("AS SSD Benchmark's tests · reads and writes over %s · %s s per "
                                   "test%s")
                          : r->spec.do_write
                              ? _ ("AS SSD Benchmark's tests · writes over %s · %s s per test%s")
                              : _ ("AS SSD Benchmark's tests · reads only over %s · %s s per "
                                   "test%s"),
                          span, secs, held);
}

static char *
copy_subtitle (const SsdbReport *report)
{
  const SsdbCopyResult *r = report->copy;

  /* Translators: the copy chart's subtitle: "Copy of AS SSD's file sets within ext4 · direct
   * I/O (O_DIRECT), fsync of every file and folder · scale 100 %": the --scale setting, not the
   * sets' exact sizes (Program and Game keep whole groups of files) */
  return g_strdup_printf (_ ("Copy of AS SSD's file sets within %s · %s · scale %u %%"),
                          report->target.fs_type ? report->target.fs_type : _ ("the file system"),
                          r->spec.method == SSDB_COPY_DIRECT
                              ? _ ("direct I/O (O_DIRECT), fsync of every file and folder")
                              : _ ("cached (page cache), fsync of every file and folder"),
                          r->spec.scale);
}

static char *
workload_subtitle (const SsdbReport *report)
{
  const SsdbWorkloadResult *r = report->workload;
  g_autofree char *cycle = ssdb_workload_cycle_to_string (&r->spec);
  g_autofree char *qd = r->spec.n_cycle_depths > 0 ? g_strdup_printf (_ ("QD %s in turn"), cycle)
                                                   : g_strdup_printf ("QD%u", r->spec.queue_depth);
  g_autofree char *workers = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "%u worker", "%u workers", r->spec.workers), r->spec.workers);

  if (r->spec.per_line)
    {
      g_autofree char *lines = ssdb_workload_spec_describe (&r->spec);

      return g_strdup_printf ("%s · %s · %s · %s", r->spec.name, lines, qd, workers);
    }
  return g_strdup_printf (_ ("%s · %u%% read · %u%% random · %s · %s"), r->spec.name,
                          r->spec.read_percent, r->spec.random_percent, qd, workers);
}

static char *
recovery_subtitle (const SsdbReport *report)
{
  const SsdbRecoveryResult *r = report->recovery;
  g_autofree char *write = ssdb_render_localize_number (ssdb_format_capacity (r->spec.write_bytes));
  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
  g_autoptr (GString) pauses = g_string_new (NULL);

  for (guint i = 0; i < r->spec.n_pauses && i < SSDB_RECOVERY_MAX_PAUSES; i++)
    {
      g_autofree char *secs = ssdb_render_localize_number (format_seconds (r->spec.pauses_ns[i]));

      g_string_append_printf (pauses, "%s%s s", i > 0 ? ", " : "", secs);
    }
  return g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "Idle recovery · %s per write · pause %s · %s blocks · QD%u%s",
                   "Idle recovery · %s per write · pauses %s · %s blocks · QD%u%s",
                   r->spec.n_pauses),
      write, pauses->len ? pauses->str : _ ("none"), block, r->spec.queue_depth,
      r->spec.next_span ? _ (" · each write on the next span") : "");
}

static char *
compression_subtitle (const SsdbReport *report)
{
  const SsdbCompressionResult *r = report->compression;
  g_autofree char *span = ssdb_render_localize_number (ssdb_format_capacity (r->spec.span_length));
  g_autofree char *bs = ssdb_format_transfer_size (r->spec.block_size);

  /* Translators: in the compression chart's subtitle, the step between its data levels when
   * it is not the default: " · steps of 10 %" */
  g_autofree char *step = r->spec.step_percent != SSDB_COMPRESSION_DEFAULT_STEP
                              ? g_strdup_printf (_ (" · steps of %u %%"), r->spec.step_percent)
                              : NULL;

  /* Translators: the compression chart's subtitle: "Compression · sequential 1 MiB QD1 over
   * 1 GB", then " · best of passes" and the step */
  return g_strdup_printf (_ ("Compression · sequential %s QD%u over %s%s%s"), bs,
                          r->spec.queue_depth, span,
                          r->spec.passes > 1 ? _ (" · best of passes") : "", step ? step : "");
}

static char *
trim_subtitle (const SsdbReport *report)
{
  const SsdbTrimResult *r = report->trim;
  g_autofree char *span = ssdb_render_localize_number (ssdb_format_capacity (r->spec.span_length));
  g_autofree char *size = ssdb_format_transfer_size (r->spec.summary.size);

  return g_strdup_printf (
      r->spec.discard ? _ ("TRIM / recycling · %u × fill %s and delete with discard · summary %u × "
                           "%s%s")
                      : _ ("TRIM / recycling · %u × fill %s and delete without discard · summary "
                           "%u × %s%s"),
      r->spec.rounds, span, r->spec.summary.count, size,
      r->spec.stress ? _ (" · after a random-write stress") : "");
}

static char *
freespace_subtitle (const SsdbReport *report)
{
  const SsdbFreespaceResult *r = report->freespace;
  g_autofree char *span = ssdb_render_localize_number (ssdb_format_capacity (r->spec.span_length));
  g_autofree char *size = ssdb_format_transfer_size (r->spec.summary.size);

  return g_strdup_printf (
      _ ("Speed against free space · %s filled in steps of %u %% · summary %u × %s%s"), span,
      r->spec.step_percent, r->spec.summary.count, size,
      r->spec.stress ? _ (" · after a random-write stress") : "");
}

static char *
consistency_subtitle (const SsdbReport *report)
{
  const SsdbConsistencyResult *r = report->consistency;
  g_autofree char *name = size_name (r->spec.block_size);
  g_autofree char *round = ssdb_render_localize_number (format_seconds (r->spec.round_ns));
  g_autofree char *duration = ssdb_render_localize_number (format_seconds (r->spec.duration_ns));
  g_autofree char *pattern = NULL;
  g_autofree char *pre = NULL;

  if (r->spec.data.kind != SSDB_DATA_RANDOM)
    {
      g_autofree char *p = ssdb_data_pattern_to_string (&r->spec.data);

      pattern = g_strdup_printf (_ (" · %s data"), p);
    }
  if (r->spec.precondition_passes > 0)
    pre = g_strdup_printf (_ (" · preconditioned %u×"), r->spec.precondition_passes);
  return g_strdup_printf (_ ("Consistency · RND%s Q%uT1 write · %s s · rounds of %s s%s%s"), name,
                          r->spec.queue_depth, duration, round, pattern ? pattern : "",
                          pre ? pre : "");
}

static char *
readback_subtitle (const SsdbReport *report)
{
  const SsdbReadbackResult *r = report->readback;
  g_autofree char *span = ssdb_render_localize_number (ssdb_format_capacity (r->spec.span_length));
  g_autofree char *bs = ssdb_format_transfer_size (r->spec.block_size);

  return g_strdup_printf (r->spec.read_back_repeats > 0
                              ? _ ("Read-after-write · %s written twice, each pass read back "
                                   "twice · %s QD%u")
                              : _ ("Read-after-write · %s written twice, each pass read back · %s "
                                   "QD%u"),
                          span, bs, r->spec.queue_depth);
}

static char *
scan_subtitle (const SsdbReport *report)
{
  return ssdb_scan_view_dup_subtitle (report->scan);
}

/* Painters ---------------------------------------------------------------------------------- */

/* The view of any chart's painter: one painter's view at a time. */
typedef union
{
  SsdbSummaryView summary;
  SsdbSurfaceView surface;
  SsdbFillView fill;
  SsdbAccessView access;
  SsdbSweepView sweep;
  SsdbWorkloadView workload;
  SsdbRecoveryView recovery;
  SsdbBehaviourView behaviour;
  SsdbConsistencyView consistency;
  SsdbScanView scan;
  SsdbRandomAccessView randomaccess;
  SsdbAsssdView asssd;
  SsdbCopyView copy;
} AnyView;

/* A painter as the export calls it. @init sets up its view (the painter's view_init(), and what
 * else the view is told of the report); the view keeps the texts around the chart at @title,
 * @subtitle and @caption and the report's result of the view's kind at @result (G_MAXSIZE: the
 * painter takes its results in @init). @draw draws the view, @plot_rect gives its plot area
 * (%NULL for painters that do not expose one). */
typedef struct
{
  void (*init) (AnyView *v, const ViewContext *c);
  gsize result, title, subtitle, caption;
  SsdbChartDrawFunc draw;
  void (*plot_rect) (gconstpointer v, int width, int height, cairo_rectangle_t *rect);
} Painter;

/* The typed calls of painter PREFIX, whose view is AnyView's MEMBER. */
#define PAINTER_INIT(member, prefix)                                                               \
  static void member##_init (AnyView *v, const ViewContext *c)                                     \
  {                                                                                                \
    (void)c;                                                                                       \
    ssdb_##prefix##_view_init (&v->member);                                                        \
  }
#define PAINTER_DRAW(member, prefix)                                                               \
  static void member##_draw (gconstpointer v, const SsdbStyle *style, cairo_t *cr, int width,      \
                             int height)                                                           \
  {                                                                                                \
    ssdb_##prefix##_painter_draw (v, style, cr, width, height);                                    \
  }
#define PAINTER_RECT(member, prefix)                                                               \
  static void member##_rect (gconstpointer v, int width, int height, cairo_rectangle_t *rect)      \
  {                                                                                                \
    ssdb_##prefix##_painter_get_plot_rect (v, width, height, rect);                                \
  }
/* The row of a painter whose view has one result, and no plot area when RECT is NULL. */
#define PAINTER(member, init, rect)                                                                \
  {                                                                                                \
    init, offsetof (AnyView, member.result), offsetof (AnyView, member.target_title),              \
        offsetof (AnyView, member.target_subtitle), offsetof (AnyView, member.caption),            \
        member##_draw, rect                                                                        \
  }

static void
summary_init (AnyView *v, const ViewContext *c)
{
  (void)c;
  memset (&v->summary, 0, sizeof v->summary);
  v->summary.unit = SSDB_UNIT_MBPS;
  v->summary.running_index = -1;
}

static void
surface_init (AnyView *v, const ViewContext *c)
{
  ssdb_surface_view_init (&v->surface);
  v->surface.device_bytes = c->report->target.size_bytes;
}

static void
access_init (AnyView *v, const ViewContext *c)
{
  ssdb_access_view_init (&v->access);
  v->access.chart = (c->flags & SSDB_EXPORT_ACCESS_RELIEF) ? SSDB_ACCESS_CHART_RELIEF
                                                           : SSDB_ACCESS_CHART_HEATMAP;
}

static void
randomaccess_init (AnyView *v, const ViewContext *c)
{
  ssdb_random_access_view_init (&v->randomaccess);
  v->randomaccess.device_bytes = c->report->target.size_bytes;
  v->randomaccess.block_size = c->report->target.logical_block_size;
}

/* The four charts of the behaviour painter differ only in the chart; the view holds every
 * behaviour result of the report. */
static void
behaviour_init (AnyView *v, const ViewContext *c)
{
  SsdbBehaviourChart chart = c->view == SSDB_TEST_KIND_TRIM        ? SSDB_BEHAVIOUR_TRIM
                             : c->view == SSDB_TEST_KIND_FREESPACE ? SSDB_BEHAVIOUR_FREESPACE
                             : c->view == SSDB_TEST_KIND_READBACK  ? SSDB_BEHAVIOUR_READBACK
                                                                   : SSDB_BEHAVIOUR_COMPRESSION;

  ssdb_behaviour_view_init (&v->behaviour, chart);
  v->behaviour.compression = c->report->compression;
  v->behaviour.trim = c->report->trim;
  v->behaviour.freespace = c->report->freespace;
  v->behaviour.readback = c->report->readback;
}

PAINTER_INIT (fill, fill)
PAINTER_INIT (sweep, sweep)
PAINTER_INIT (workload, workload)
PAINTER_INIT (recovery, recovery)
PAINTER_INIT (consistency, consistency)
PAINTER_INIT (scan, scan)
PAINTER_INIT (asssd, asssd)
PAINTER_INIT (copy, copy)

PAINTER_DRAW (summary, summary)
PAINTER_DRAW (surface, surface)
PAINTER_DRAW (fill, fill)
PAINTER_DRAW (access, access)
PAINTER_DRAW (sweep, sweep)
PAINTER_DRAW (workload, workload)
PAINTER_DRAW (recovery, recovery)
PAINTER_DRAW (behaviour, behaviour)
PAINTER_DRAW (consistency, consistency)
PAINTER_DRAW (scan, scan)
PAINTER_DRAW (randomaccess, random_access)
PAINTER_DRAW (asssd, asssd)
PAINTER_DRAW (copy, copy)

PAINTER_RECT (surface, surface)
PAINTER_RECT (fill, fill)
PAINTER_RECT (access, access)
PAINTER_RECT (sweep, sweep)
PAINTER_RECT (behaviour, behaviour)
PAINTER_RECT (consistency, consistency)
PAINTER_RECT (scan, scan)
PAINTER_RECT (randomaccess, random_access)
PAINTER_RECT (asssd, asssd)
PAINTER_RECT (copy, copy)

static const Painter summary_painter = PAINTER (summary, summary_init, NULL);
static const Painter surface_painter = PAINTER (surface, surface_init, surface_rect);
static const Painter fill_painter = PAINTER (fill, fill_init, fill_rect);
static const Painter access_painter = PAINTER (access, access_init, access_rect);
static const Painter sweep_painter = PAINTER (sweep, sweep_init, sweep_rect);
static const Painter workload_painter = PAINTER (workload, workload_init, NULL);
static const Painter recovery_painter = PAINTER (recovery, recovery_init, NULL);
static const Painter consistency_painter
    = PAINTER (consistency, consistency_init, consistency_rect);
static const Painter scan_painter = PAINTER (scan, scan_init, scan_rect);
static const Painter randomaccess_painter
    = PAINTER (randomaccess, randomaccess_init, randomaccess_rect);
static const Painter asssd_painter = PAINTER (asssd, asssd_init, asssd_rect);
static const Painter copy_painter = PAINTER (copy, copy_init, copy_rect);
static const Painter behaviour_painter = {
  behaviour_init,
  G_MAXSIZE,
  offsetof (AnyView, behaviour.target_title),
  offsetof (AnyView, behaviour.target_subtitle),
  offsetof (AnyView, behaviour.caption),
  behaviour_draw,
  behaviour_rect,
};
#define compression_painter behaviour_painter
#define trim_painter behaviour_painter
#define freespace_painter behaviour_painter
#define readback_painter behaviour_painter

#undef PAINTER
#undef PAINTER_RECT
#undef PAINTER_DRAW
#undef PAINTER_INIT

/* One row per view, in the order of SsdbTestKind. */
typedef struct
{
  SsdbTestKind view;
  char *(*subtitle) (const SsdbReport *report);
  const Painter *painter;
} ViewOps;

/* A view's name is also the prefix of its operations. */
#define VIEW(V, name) { SSDB_TEST_KIND_##V, name##_subtitle, &name##_painter },

static const ViewOps view_ops[SSDB_TEST_KIND_N] = { SSDB_TEST_KIND_LIST (VIEW) };

#undef VIEW
#undef compression_painter
#undef trim_painter
#undef freespace_painter
#undef readback_painter

/* The table's rows are in the enum's order: a view is its index. */
G_STATIC_ASSERT (SSDB_TEST_KIND_COPY == SSDB_TEST_KIND_N - 1);

gboolean
ssdb_export_has_chart (SsdbTestKind kind)
{
  return (guint)kind < SSDB_TEST_KIND_N;
}

/* The row of a view ssdb_report_has_test() accepted. */
static const ViewOps *
view_get_ops (SsdbTestKind view)
{
  g_assert ((guint)view < SSDB_TEST_KIND_N && view_ops[view].view == view);
  return &view_ops[view];
}

char *
ssdb_export_dup_subtitle (const SsdbReport *report, SsdbTestKind view)
{
  g_return_val_if_fail (report != NULL, NULL);

  g_autofree char *subtitle = NULL, *alert = NULL;

  if (!ssdb_report_has_test (report, view))
    return NULL;
  subtitle = view_get_ops (view)->subtitle (report);
  /* What the drive did that puts the figures in doubt comes first, before their settings, so
   * that a narrow chart that shortens the line keeps it. */
  alert = ssdb_test_kind_dup_drive_alert (view, ssdb_report_get_result (report, view));
  if (alert == NULL)
    return g_steal_pointer (&subtitle);
  if (subtitle == NULL || *subtitle == '\0')
    return g_steal_pointer (&alert);
  return g_strdup_printf ("%s · %s", alert, subtitle);
}

/* Drawing --------------------------------------------------------------------------------- */

static void
view_context_init (ViewContext *c, const SsdbReport *report, SsdbTestKind view,
                   SsdbExportFlags flags)
{
  c->report = report;
  c->view = view;
  c->flags = flags;
  c->title = ssdb_export_dup_title (report);
  c->subtitle = ssdb_export_dup_subtitle (report, view);
  c->caption = (flags & SSDB_EXPORT_NO_CAPTION) ? NULL : ssdb_export_dup_caption (report, flags);
}

/* Fills the painter's view of @c's chart from @c; draws it, or with @rect non-NULL gives its
 * plot area instead (FALSE, @rect left alone, for painters without one). */
static gboolean
view_paint (const ViewContext *c, const SsdbStyle *style, cairo_t *cr, int width, int height,
            cairo_rectangle_t *rect)
{
  const Painter *painter = view_get_ops (c->view)->painter;
  gconstpointer result = ssdb_report_get_result (c->report, c->view);
  char *base;
  AnyView v;

  if (rect != NULL && painter->plot_rect == NULL)
    return FALSE;
  painter->init (&v, c);
  /* the members are pointers: stored as bytes, whatever their type */
  base = (char *)&v;
  if (painter->result != G_MAXSIZE)
    memcpy (base + painter->result, &result, sizeof result);
  memcpy (base + painter->title, &c->title, sizeof c->title);
  memcpy (base + painter->subtitle, &c->subtitle, sizeof c->subtitle);
  memcpy (base + painter->caption, &c->caption, sizeof c->caption);
  if (rect != NULL)
    painter->plot_rect (&v, width, height, rect);
  else
    painter->draw (&v, style, cr, width, height);
  return TRUE;
}

static void
view_context_clear (ViewContext *c)
{
  g_free ((char *)c->title);
  g_free ((char *)c->subtitle);
  g_free ((char *)c->caption);
}

gboolean
ssdb_export_get_plot_rect (const SsdbReport *report, SsdbTestKind view, SsdbExportFlags flags,
                           int width, int height, cairo_rectangle_t *rect)
{
  ViewContext c;
  gboolean ok;

  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  if (!ssdb_report_has_test (report, view))
    return FALSE;
  view_context_init (&c, report, view, flags);
  ok = view_paint (&c, NULL, NULL, width, height, rect);
  view_context_clear (&c);
  return ok;
}

void
ssdb_export_draw (const SsdbReport *report, SsdbTestKind view, const SsdbStyle *style,
                  SsdbExportFlags flags, cairo_t *cr, int width, int height)
{
  SSDB_RENDER_LANGUAGE_SCOPE (style);

  ViewContext c;

  g_return_if_fail (report != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (!ssdb_report_has_test (report, view) || !ssdb_export_has_chart (view))
    {
      cairo_save (cr);
      ssdb_render_set_source (cr, &style->background, 1);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
      cairo_restore (cr);
      return;
    }
  view_context_init (&c, report, view, flags);
  view_paint (&c, style, cr, width, height, NULL);
  view_context_clear (&c);
}

/* Files ----------------------------------------------------------------------------------- */

static cairo_status_t
bytes_sink (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
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
  SSDB_RENDER_LANGUAGE_SCOPE (style);

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

      return ssdb_file_write (path, svg->data, svg->len, 0644, error);
    }
  return ssdb_file_write (path, bytes->data, bytes->len, 0644, error);
}

typedef struct
{
  const SsdbReport *report;
  SsdbTestKind view;
  SsdbExportFlags flags;
} ViewData;

static void
draw_view (gconstpointer data, const SsdbStyle *style, cairo_t *cr, int width, int height)
{
  const ViewData *d = data;

  ssdb_export_draw (d->report, d->view, style, d->flags, cr, width, height);
}

static gboolean
check_view (const SsdbReport *report, SsdbTestKind view, GError **error)
{
  if ((guint)view >= SSDB_TEST_KIND_N)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "No such view");
      return FALSE;
    }
  if (!ssdb_report_require_test (report, view, error))
    return FALSE;
  if (!ssdb_export_has_chart (view))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "There is no %s chart; export its numbers as CSV or text",
                   ssdb_test_kind_to_string (view));
      return FALSE;
    }
  return TRUE;
}

gboolean
ssdb_export_view (const SsdbReport *report, SsdbTestKind view, SsdbExportFormat format, int width,
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
  style.language = ssdb_render_get_language ();
  style.locale_numbers = !ssdb_render_language_is_english (style.language);
  return ssdb_export_write (draw_view, &d, &style, &doc, format, width, height, scale, path, error);
}

static void
draw_compare (gconstpointer data, const SsdbStyle *style, cairo_t *cr, int width, int height)
{
  ssdb_compare_painter_draw (data, style, cr, width, height);
}

gboolean
ssdb_export_compare (SsdbReport *const *reports, const char *const *labels, guint n_reports,
                     SsdbTestKind view, SsdbExportFormat format, int width, int height,
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
  title = g_strdup_printf (_ ("Comparison of %u runs"), n_reports);
  if (!(flags & SSDB_EXPORT_NO_CAPTION))
    {
      /* The latest run's date: the image never depends on the current time. */
      gint64 latest = 0;

      /* An imported result's time is its machine's clock, in a zone not stated: it is in the
       * legend as written, not here. */
      gboolean own = FALSE;

      for (guint i = 0; i < n_reports; i++)
        if (reports[i]->summary == NULL || reports[i]->summary->imported == NULL)
          {
            latest = MAX (latest, reports[i]->created_unix);
            own = TRUE;
          }
      if (own)
        {
          g_autoptr (GDateTime) when = g_date_time_new_from_unix_utc (latest);
          g_autofree char *date = when ? g_date_time_format (when, "%Y-%m-%d %H:%M UTC") : NULL;

          caption = g_strdup_printf (_ ("Runs up to %s · SSD Bench %s"), date ? date : "?",
                                     PACKAGE_VERSION);
        }
      else
        caption = g_strdup_printf (_ ("Imported results · SSD Bench %s"), PACKAGE_VERSION);
      doc.created_unix = latest;
    }
  cv.title = title;
  cv.caption = caption;
  doc.title = title;
  doc.description = caption;
  ssdb_style_init (&style, theme);
  style.language = ssdb_render_get_language ();
  style.locale_numbers = !ssdb_render_language_is_english (style.language);
  return ssdb_export_write (draw_compare, &cv, &style, &doc, format, width, height, scale, path,
                            error);
}
