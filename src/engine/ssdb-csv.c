/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-csv.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "ssdb-error.h"
#include "ssdb-files.h"
#include "ssdb-text.h"

static const char *const table_names[SSDB_CSV_N_TABLES]
    = { "summary", "surface", "fill", "access", "sweep", "workload" };

const char *
ssdb_csv_table_to_string (SsdbCsvTable table)
{
  g_return_val_if_fail ((guint)table < SSDB_CSV_N_TABLES, "summary");
  return table_names[table];
}

gboolean
ssdb_csv_table_from_string (const char *text, SsdbCsvTable *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < SSDB_CSV_N_TABLES; i++)
    if (g_str_equal (text, table_names[i]))
      {
        *out = (SsdbCsvTable)i;
        return TRUE;
      }
  return FALSE;
}

gboolean
ssdb_csv_report_has_table (const SsdbReport *report, SsdbCsvTable table)
{
  g_return_val_if_fail (report != NULL, FALSE);

  switch (table)
    {
      case SSDB_CSV_SUMMARY:
        return report->summary != NULL;
      case SSDB_CSV_SURFACE:
        return report->surface != NULL;
      case SSDB_CSV_FILL:
        return report->fill != NULL;
      case SSDB_CSV_ACCESS:
        return report->access != NULL;
      case SSDB_CSV_SWEEP:
        return report->sweep != NULL;
      case SSDB_CSV_WORKLOAD:
        return report->workload != NULL;
      default:
        return FALSE;
    }
}

/* Row building ---------------------------------------------------------------------------- */

typedef struct
{
  GString *out;
  gboolean first;
} Row;

static void
row_begin (Row *row, GString *out)
{
  row->out = out;
  row->first = TRUE;
}

static void
row_sep (Row *row)
{
  if (!row->first)
    g_string_append_c (row->out, ',');
  row->first = FALSE;
}

static void
row_str (Row *row, const char *text)
{
  row_sep (row);
  if (text == NULL)
    return;
  if (strpbrk (text, ",\"\r\n") != NULL)
    {
      g_string_append_c (row->out, '"');
      for (const char *p = text; *p; p++)
        {
          if (*p == '"')
            g_string_append_c (row->out, '"');
          g_string_append_c (row->out, *p);
        }
      g_string_append_c (row->out, '"');
    }
  else
    g_string_append (row->out, text);
}

static void
row_u64 (Row *row, guint64 value)
{
  row_sep (row);
  g_string_append_printf (row->out, "%" G_GUINT64_FORMAT, value);
}

static void
row_empty (Row *row)
{
  row_sep (row);
}

/* A double with @decimals decimals in the C locale; not finite is an empty field. */
static void
row_double (Row *row, double value, int decimals)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char fmt[16];

  row_sep (row);
  if (!isfinite (value))
    return;
  g_snprintf (fmt, sizeof fmt, "%%.%df", decimals);
  g_ascii_formatd (buf, sizeof buf, fmt, value);
  /* A negative value that rounds to zero is written "0", not "-0". */
  if (buf[0] == '-' && strspn (buf + 1, "0.") == strlen (buf + 1))
    memmove (buf, buf + 1, strlen (buf));
  g_string_append (row->out, buf);
}

static void
row_mbps (Row *row, double bytes_per_second)
{
  row_double (row, bytes_per_second / 1e6, 3);
}

static void
row_end (Row *row)
{
  g_string_append (row->out, "\r\n");
}

static void
header (GString *out, const char *const *names)
{
  Row row;

  row_begin (&row, out);
  for (guint i = 0; names[i] != NULL; i++)
    row_str (&row, names[i]);
  row_end (&row);
}

static const char *
rw_name (SsdbRw rw)
{
  switch (rw)
    {
      case SSDB_RW_READ:
        return "read";
      case SSDB_RW_WRITE:
        return "write";
      default:
        return "mix";
    }
}

/* Tables ---------------------------------------------------------------------------------- */

static void
format_summary (GString *out, const SsdbSummaryResult *r)
{
  static const char *const names[] = { "test",
                                       "rw",
                                       "state",
                                       "block_bytes",
                                       "queue_depth",
                                       "threads",
                                       "mb_per_s",
                                       "iops",
                                       "mean_latency_ns",
                                       "p50_latency_ns",
                                       "p99_latency_ns",
                                       "max_latency_ns",
                                       "bytes",
                                       "ios",
                                       "window_ns",
                                       NULL };

  header (out, names);
  for (guint i = 0; i < r->entries->len; i++)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (r->entries, i);
      const SsdbIoResult *io = &e->aggregate;
      gboolean measured
          = (e->state == SSDB_ENTRY_DONE || e->state == SSDB_ENTRY_CANCELLED) && io->ios > 0;
      Row row;

      row_begin (&row, out);
      row_str (&row, e->test.name);
      row_str (&row, rw_name (e->rw));
      row_str (&row, ssdb_entry_state_to_string (e->state));
      row_u64 (&row, e->test.block_size);
      row_u64 (&row, e->test.queue_depth);
      row_u64 (&row, e->test.threads);
      if (measured)
        {
          row_mbps (&row, io->bytes_per_second);
          row_double (&row, io->iops, 3);
          row_double (&row, ssdb_histogram_mean_ns (&io->latency), 1);
          row_u64 (&row, ssdb_histogram_percentile_ns (&io->latency, 50));
          row_u64 (&row, ssdb_histogram_percentile_ns (&io->latency, 99));
          row_u64 (&row, io->latency.max_ns);
          row_u64 (&row, io->bytes);
          row_u64 (&row, io->ios);
          row_u64 (&row, io->window_ns);
        }
      else
        for (guint k = 0; k < 9; k++)
          row_empty (&row);
      row_end (&row);
    }
}

/* Where the surface chart plots a sample (see ssdb_surface_sample_position()). */
static double
surface_position (const SsdbSurfaceResult *r, guint64 offset, guint64 bytes)
{
  double s = (double)r->spec.span_offset;
  double l = (double)r->spec.span_length;

  if (l <= (double)bytes)
    return s;
  return s + ((double)offset - s) * l / (l - (double)bytes);
}

static void
format_surface (GString *out, const SsdbSurfaceResult *r)
{
  static const char *const names[]
      = { "series",     "index", "offset_bytes", "position_bytes", "bytes", "window_ns", "mb_per_s",
          "latency_ns", NULL };
  GArray *curves[2] = { r->read, r->write };
  const char *curve_names[2] = { "read", "write" };

  header (out, names);
  for (guint c = 0; c < 2; c++)
    for (guint i = 0; curves[c] != NULL && i < curves[c]->len; i++)
      {
        const SsdbSurfaceSample *s = &g_array_index (curves[c], SsdbSurfaceSample, i);
        Row row;

        row_begin (&row, out);
        row_str (&row, curve_names[c]);
        row_u64 (&row, i);
        row_u64 (&row, s->offset_bytes);
        row_double (&row, surface_position (r, s->offset_bytes, s->bytes), 0);
        row_u64 (&row, s->bytes);
        row_u64 (&row, s->window_ns);
        row_mbps (&row, s->bytes_per_second);
        row_empty (&row);
        row_end (&row);
      }
  for (guint i = 0; r->access != NULL && i < r->access->len; i++)
    {
      const SsdbAccessSample *a = &g_array_index (r->access, SsdbAccessSample, i);
      Row row;

      row_begin (&row, out);
      row_str (&row, "access");
      row_u64 (&row, i);
      row_u64 (&row, a->offset_bytes);
      row_u64 (&row, a->offset_bytes);
      row_empty (&row);
      row_empty (&row);
      row_empty (&row);
      row_u64 (&row, a->latency_ns);
      row_end (&row);
    }
}

static void
format_fill (GString *out, const SsdbFillResult *r)
{
  static const char *const names[]
      = { "pass", "rw", "series", "index", "position_bytes", "elapsed_ns", "mb_per_s", NULL };

  header (out, names);
  for (guint p = 0; p < r->passes->len; p++)
    {
      const SsdbFillPass *pass = g_ptr_array_index (r->passes, p);
      GArray *series[2] = { pass->segments, pass->intervals };
      const char *series_names[2] = { "segment", "interval" };

      for (guint k = 0; k < 2; k++)
        for (guint i = 0; series[k] != NULL && i < series[k]->len; i++)
          {
            const SsdbFillPoint *pt = &g_array_index (series[k], SsdbFillPoint, i);
            Row row;

            row_begin (&row, out);
            row_u64 (&row, p + 1);
            row_str (&row, rw_name (pass->rw));
            row_str (&row, series_names[k]);
            row_u64 (&row, i);
            row_u64 (&row, pt->position_bytes);
            row_u64 (&row, pt->elapsed_ns);
            row_mbps (&row, pt->bytes_per_second);
            row_end (&row);
          }
    }
}

static void
access_row (GString *out, const SsdbAccessStep *st, guint64 total, guint64 lower,
            gboolean has_upper, guint64 upper, guint64 count)
{
  gboolean measured = st->state == SSDB_ENTRY_DONE || st->state == SSDB_ENTRY_CANCELLED;
  Row row;

  row_begin (&row, out);
  row_u64 (&row, st->depth);
  row_str (&row, ssdb_entry_state_to_string (st->state));
  if (measured)
    {
      row_double (&row, st->iops, 3);
      row_double (&row, st->mean_ns, 1);
      row_u64 (&row, st->p99_ns);
    }
  else
    {
      row_empty (&row);
      row_empty (&row);
      row_empty (&row);
    }
  row_u64 (&row, lower);
  if (has_upper)
    row_u64 (&row, upper);
  else
    row_empty (&row);
  row_u64 (&row, count);
  if (total > 0)
    row_double (&row, (double)count * 100.0 / (double)total, 6);
  else
    row_empty (&row);
  row_end (&row);
}

static void
format_access (GString *out, const SsdbAccessResult *r)
{
  static const char *const names[]
      = { "depth",        "state",        "iops",  "mean_latency_ns", "p99_latency_ns",
          "bin_lower_ns", "bin_upper_ns", "count", "share_percent",   NULL };

  header (out, names);
  for (guint s = 0; s < r->steps->len; s++)
    {
      const SsdbAccessStep *st = &g_array_index (r->steps, SsdbAccessStep, s);
      guint64 total = st->below + st->above;

      for (guint b = 0; b < SSDB_ACCESS_N_BINS; b++)
        total += st->bins[b];
      access_row (out, st, total, 0, TRUE, SSDB_ACCESS_BIN_FIRST_NS, st->below);
      for (guint b = 0; b < SSDB_ACCESS_N_BINS; b++)
        access_row (out, st, total, ssdb_access_bin_edge_ns (b), TRUE,
                    ssdb_access_bin_edge_ns (b + 1), st->bins[b]);
      access_row (out, st, total, ssdb_access_bin_edge_ns (SSDB_ACCESS_N_BINS), FALSE, 0,
                  st->above);
    }
}

static void
format_sweep (GString *out, const SsdbSweepResult *r)
{
  static const char *const names[] = { "rw",
                                       "transfer_bytes",
                                       "mb_per_s",
                                       "iops",
                                       "mean_latency_ns",
                                       "p99_latency_ns",
                                       "max_latency_ns",
                                       "mean_inflight",
                                       "ios",
                                       "bytes",
                                       "window_ns",
                                       NULL };
  GArray *series[2] = { r->write, r->read };

  header (out, names);
  for (guint k = 0; k < 2; k++)
    for (guint i = 0; series[k] != NULL && i < series[k]->len; i++)
      {
        const SsdbSweepPoint *p = &g_array_index (series[k], SsdbSweepPoint, i);
        Row row;

        row_begin (&row, out);
        row_str (&row, rw_name (p->rw));
        row_u64 (&row, p->size);
        row_mbps (&row, p->bytes_per_second);
        row_double (&row, p->iops, 3);
        row_double (&row, p->mean_ns, 1);
        row_u64 (&row, p->p99_ns);
        row_u64 (&row, p->max_ns);
        row_double (&row, p->mean_inflight, 3);
        row_u64 (&row, p->ios);
        row_u64 (&row, p->bytes);
        row_u64 (&row, p->window_ns);
        row_end (&row);
      }
}

static void
workload_row (GString *out, const char *worker, const SsdbWorkloadStats *s)
{
  Row row;

  row_begin (&row, out);
  row_str (&row, worker);
  row_u64 (&row, s->ios);
  row_u64 (&row, s->bytes);
  row_u64 (&row, s->read_ios);
  row_u64 (&row, s->write_ios);
  row_u64 (&row, s->random_ios);
  row_u64 (&row, s->window_ns);
  row_mbps (&row, s->bytes_per_second);
  row_double (&row, s->iops, 3);
  row_double (&row, s->mean_ns, 1);
  row_u64 (&row, s->p99_ns);
  row_u64 (&row, s->max_ns);
  row_double (&row, s->mean_inflight, 3);
  row_u64 (&row, s->cpu_ns);
  row_end (&row);
}

static void
format_workload (GString *out, const SsdbWorkloadResult *r)
{
  static const char *const names[] = {
    "worker",        "ios",      "bytes", "read_ios",        "write_ios",      "random_ios",
    "window_ns",     "mb_per_s", "iops",  "mean_latency_ns", "p99_latency_ns", "max_latency_ns",
    "mean_inflight", "cpu_ns",   NULL
  };

  header (out, names);
  for (guint i = 0; r->workers != NULL && i < r->workers->len; i++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "%u", i + 1);
      workload_row (out, name, &g_array_index (r->workers, SsdbWorkloadStats, i));
    }
  workload_row (out, "total", &r->total);
}

char *
ssdb_csv_format (const SsdbReport *report, SsdbCsvTable table, GError **error)
{
  g_autoptr (GString) out = NULL;

  g_return_val_if_fail (report != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((guint)table >= SSDB_CSV_N_TABLES || !ssdb_csv_report_has_table (report, table))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "The report holds no %s test",
                   (guint)table < SSDB_CSV_N_TABLES ? table_names[table] : "such");
      return NULL;
    }
  out = g_string_new (NULL);
  switch (table)
    {
      case SSDB_CSV_SUMMARY:
        format_summary (out, report->summary);
        break;
      case SSDB_CSV_SURFACE:
        format_surface (out, report->surface);
        break;
      case SSDB_CSV_FILL:
        format_fill (out, report->fill);
        break;
      case SSDB_CSV_ACCESS:
        format_access (out, report->access);
        break;
      case SSDB_CSV_SWEEP:
        format_sweep (out, report->sweep);
        break;
      case SSDB_CSV_WORKLOAD:
        format_workload (out, report->workload);
        break;
      default:
        g_assert_not_reached ();
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

gboolean
ssdb_text_file_write (const char *path, const char *text, GError **error)
{
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ssdb_check_output_file (path, error))
    return FALSE;
  if (!g_file_set_contents_full (path, text, (gssize)strlen (text), G_FILE_SET_CONTENTS_CONSISTENT,
                                 0644, &local))
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

gboolean
ssdb_csv_write (const SsdbReport *report, SsdbCsvTable table, const char *path, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  text = ssdb_csv_format (report, table, error);
  if (text == NULL)
    return FALSE;
  return ssdb_text_file_write (path, text, error);
}
