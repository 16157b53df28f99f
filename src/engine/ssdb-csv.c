/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-csv.h"

#include <math.h>
#include <string.h>

#include "ssdb-error.h"
#include "ssdb-files.h"
#include "ssdb-pattern.h"
#include "ssdb-text.h"
#include "ssdb-units.h"

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
          = (e->state == SSDB_ENTRY_DONE || e->state == SSDB_ENTRY_CANCELLED)
            && (io->ios > 0 || (e->imported && (io->iops > 0 || io->bytes_per_second > 0)));
      Row row;

      row_begin (&row, out);
      row_str (&row, e->test.name);
      row_str (&row, rw_name (e->rw));
      row_str (&row, ssdb_entry_state_to_string (e->state));
      row_u64 (&row, e->test.block_size);
      row_u64 (&row, e->test.queue_depth);
      row_u64 (&row, e->test.threads);
      if (measured && e->imported)
        {
          /* What the file states; empty where it states nothing. */
          const double stated[] = { e->quoted.mean_ns, 0, e->quoted.p99_ns, e->quoted.max_ns };

          row_mbps (&row, io->bytes_per_second);
          if (io->iops > 0)
            row_double (&row, io->iops, 3);
          else
            row_empty (&row);
          for (guint k = 0; k < G_N_ELEMENTS (stated); k++)
            if (stated[k] > 0)
              row_double (&row, stated[k], 1);
            else
              row_empty (&row);
          for (guint k = 0; k < 3; k++)
            {
              guint64 v = k == 0 ? io->bytes : k == 1 ? io->ios : io->window_ns;

              if (v > 0)
                row_u64 (&row, v);
              else
                row_empty (&row);
            }
        }
      else if (measured)
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

/* An "entry" line per measurement of the AS SSD suite, then a "score" line per score. */
static void
format_asssd (GString *out, const SsdbAsssdResult *r)
{
  static const char *const names[]
      = { "series",         "test",        "rw",    "transfer_bytes",  "threads",
          "state",          "mb_per_s",    "iops",  "mean_latency_ns", "p99_latency_ns",
          "max_latency_ns", "ios",         "bytes", "window_ns",       "score",
          "engine",         "fio_command", NULL };
  const char *score_names[] = { "read", "write", "total" };
  double scores[3];
  gboolean has[3];

  header (out, names);
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      const SsdbAsssdEntry *e = &r->entries[i];
      Row row;

      row_begin (&row, out);
      row_str (&row, "entry");
      row_str (&row, ssdb_asssd_test_name (e->test));
      row_str (&row, rw_name (e->rw));
      row_u64 (&row, e->block_size);
      row_u64 (&row, e->threads);
      row_str (&row, ssdb_entry_state_to_string (e->state));
      row_mbps (&row, e->bytes_per_second);
      row_double (&row, e->iops, 3);
      row_double (&row, e->mean_ns, 1);
      row_u64 (&row, e->p99_ns);
      row_u64 (&row, e->max_ns);
      row_u64 (&row, e->ios);
      row_u64 (&row, e->bytes);
      row_u64 (&row, e->window_ns);
      row_str (&row, "");
      row_str (&row, ssdb_io_engine_to_string (e->engine));
      row_str (&row, e->fio_command ? e->fio_command : "");
      row_end (&row);
    }
  has[0] = ssdb_asssd_result_score (r, SSDB_RW_READ, &scores[0]);
  has[1] = ssdb_asssd_result_score (r, SSDB_RW_WRITE, &scores[1]);
  has[2] = ssdb_asssd_result_total (r, &scores[2]);
  for (guint k = 0; k < 3; k++)
    {
      Row row;

      if (!has[k])
        continue;
      row_begin (&row, out);
      row_str (&row, "score");
      row_str (&row, score_names[k]);
      for (guint c = 0; c < 12; c++)
        row_str (&row, "");
      row_double (&row, scores[k], 1);
      row_str (&row, "");
      row_str (&row, "");
      row_end (&row);
    }
}

/* A line per file set; time and rate only for a set that finished. */
static void
format_copy (GString *out, const SsdbCopyResult *r)
{
  static const char *const names[]
      = { "set",   "method",     "scale_percent", "state",    "files", "dirs",
          "bytes", "elapsed_ns", "seconds",       "mb_per_s", NULL };

  header (out, names);
  for (guint i = 0; i < r->n_rows; i++)
    {
      const SsdbCopyRow *x = &r->rows[i];
      Row row;

      row_begin (&row, out);
      row_str (&row, ssdb_copy_set_to_string (x->set));
      row_str (&row, ssdb_copy_method_to_string (r->spec.method));
      row_u64 (&row, r->spec.scale);
      row_str (&row, ssdb_entry_state_to_string (x->state));
      row_u64 (&row, x->files);
      row_u64 (&row, x->dirs);
      row_u64 (&row, x->bytes);
      if (x->state == SSDB_ENTRY_DONE)
        {
          row_u64 (&row, x->elapsed_ns);
          row_double (&row, x->elapsed_ns / 1e9, 3);
          row_mbps (&row, x->bytes_per_second);
        }
      else
        {
          /* A set that did not finish has no time and no rate. */
          row_empty (&row);
          row_empty (&row);
          row_empty (&row);
        }
      row_end (&row);
    }
}

static void
format_randomaccess (GString *out, const SsdbRandomAccessResult *r)
{
  static const char *const names[] = { "series",
                                       "row",
                                       "rw",
                                       "mixed",
                                       "transfer_bytes",
                                       "state",
                                       "iops",
                                       "mb_per_s",
                                       "mean_latency_ns",
                                       "p99_latency_ns",
                                       "max_latency_ns",
                                       "ios",
                                       "bytes",
                                       "window_ns",
                                       "offset_bytes",
                                       "latency_ns",
                                       "engine",
                                       "fio_command",
                                       NULL };

  header (out, names);
  for (guint i = 0; i < r->rows->len; i++)
    {
      const SsdbRandomAccessRow *x = &g_array_index (r->rows, SsdbRandomAccessRow, i);
      Row row;

      row_begin (&row, out);
      row_str (&row, "row");
      row_u64 (&row, i);
      row_str (&row, rw_name (x->rw));
      row_u64 (&row, x->mixed ? 1 : 0);
      row_u64 (&row, x->size);
      row_str (&row, ssdb_entry_state_to_string (x->state));
      row_double (&row, x->iops, 3);
      row_mbps (&row, x->bytes_per_second);
      row_double (&row, x->mean_ns, 1);
      row_u64 (&row, x->p99_ns);
      row_u64 (&row, x->max_ns);
      row_u64 (&row, x->ios);
      row_u64 (&row, x->bytes);
      row_u64 (&row, x->window_ns);
      row_empty (&row);
      row_empty (&row);
      row_str (&row, ssdb_io_engine_to_string (x->engine));
      if (x->fio_command != NULL)
        row_str (&row, x->fio_command);
      else
        row_empty (&row);
      row_end (&row);
    }
  for (guint i = 0; i < r->rows->len; i++)
    {
      const SsdbRandomAccessRow *x = &g_array_index (r->rows, SsdbRandomAccessRow, i);

      for (guint k = 0; x->dots != NULL && k < x->dots->len; k++)
        {
          const SsdbRandomAccessDot *d = &g_array_index (x->dots, SsdbRandomAccessDot, k);
          Row row;

          row_begin (&row, out);
          row_str (&row, "dot");
          row_u64 (&row, i);
          row_str (&row, rw_name (x->rw));
          row_u64 (&row, x->mixed ? 1 : 0);
          row_u64 (&row, d->size);
          for (guint e = 0; e < 9; e++)
            row_empty (&row);
          row_u64 (&row, d->offset);
          row_u64 (&row, d->latency_ns);
          row_empty (&row);
          row_empty (&row);
          row_end (&row);
        }
    }
}

/* The reads' or the writes' columns; empty for reports made before they were recorded. */
static void
workload_direction_cells (Row *row, const SsdbWorkloadDirection *d, gboolean split)
{
  if (!split)
    {
      for (guint i = 0; i < 5; i++)
        row_str (row, "");
      return;
    }
  row_mbps (row, d->bytes_per_second);
  row_double (row, d->iops, 3);
  row_double (row, d->mean_ns, 1);
  row_u64 (row, d->p99_ns);
  row_u64 (row, d->max_ns);
}

static void
workload_row (GString *out, const char *worker, const SsdbWorkloadStats *s, gboolean split,
              const char *state)
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
  workload_direction_cells (&row, &s->read, split);
  workload_direction_cells (&row, &s->write, split);
  if (state != NULL)
    row_str (&row, state);
  /* the bytes of each direction (last, after the columns of earlier versions) */
  if (split)
    {
      row_u64 (&row, s->read.bytes);
      row_u64 (&row, s->write.bytes);
    }
  else
    {
      row_str (&row, "");
      row_str (&row, "");
    }
  row_end (&row);
}

static void
format_workload (GString *out, const SsdbWorkloadResult *r)
{
  static const char *const names[]
      = { "worker", "ios", "bytes", "read_ios", "write_ios", "random_ios", "window_ns", "mb_per_s",
          "iops", "mean_latency_ns", "p99_latency_ns", "max_latency_ns", "mean_inflight", "cpu_ns",
          /* the reads and the writes apart */
          "read_mb_per_s", "read_iops", "read_mean_latency_ns", "read_p99_latency_ns",
          "read_max_latency_ns", "write_mb_per_s", "write_iops", "write_mean_latency_ns",
          "write_p99_latency_ns", "write_max_latency_ns", "read_bytes", "write_bytes", NULL };

  static const char *const cycle_names[]
      = { "queue_depth", "ios", "bytes", "read_ios", "write_ios", "random_ios", "window_ns",
          "mb_per_s", "iops", "mean_latency_ns", "p99_latency_ns", "max_latency_ns",
          "mean_inflight", "cpu_ns",
          /* the reads and the writes apart */
          "read_mb_per_s", "read_iops", "read_mean_latency_ns", "read_p99_latency_ns",
          "read_max_latency_ns", "write_mb_per_s", "write_iops", "write_mean_latency_ns",
          "write_p99_latency_ns", "write_max_latency_ns",
          /* whether the depth ran: done, cancelled or pending */
          "state", "read_bytes", "write_bytes", NULL };

  /* A cycle of queue depths: one row per depth, all workers together. */
  if (r->spec.n_cycle_depths > 0 && r->cycle != NULL)
    {
      header (out, cycle_names);
      for (guint i = 0; i < r->cycle->len; i++)
        {
          const SsdbWorkloadCycleStep *st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, i);
          char name[16];

          g_snprintf (name, sizeof name, "%u", st->queue_depth);
          workload_row (out, name, &st->total, r->split,
                        ssdb_workload_step_state_to_string (st->state));
        }
      return;
    }
  header (out, names);
  for (guint i = 0; r->workers != NULL && i < r->workers->len; i++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "%u", i + 1);
      workload_row (out, name, &g_array_index (r->workers, SsdbWorkloadStats, i), r->split, NULL);
    }
  workload_row (out, "total", &r->total, r->split, NULL);
}

/* A duration in seconds with 3 decimals (ms resolution). */
static void
row_seconds (Row *row, guint64 ns)
{
  row_double (row, (double)ns / 1e9, 3);
}

/* A capacity in GB (10^9 B) with 3 decimals. */
static void
row_gb (Row *row, guint64 bytes)
{
  row_double (row, (double)bytes / 1e9, 3);
}

static void
format_recovery (GString *out, const SsdbRecoveryResult *r)
{
  static const char *const names[]
      = { "write",          "pause_s",          "series",    "index",
          "position_bytes", "position_gb",      "elapsed_s", "mb_per_s",
          "fast_gb",        "restored_percent", NULL };

  header (out, names);
  for (guint i = 0; r->writes != NULL && i < r->writes->len; i++)
    {
      const SsdbRecoveryWrite *w = &g_array_index (r->writes, SsdbRecoveryWrite, i);
      Row row;

      /* The write as a whole, then its segments. */
      row_begin (&row, out);
      row_u64 (&row, i);
      row_seconds (&row, w->pause_ns);
      row_str (&row, "write");
      row_empty (&row);
      row_u64 (&row, w->bytes);
      row_gb (&row, w->bytes);
      row_seconds (&row, w->window_ns);
      row_mbps (&row, w->bytes_per_second);
      row_gb (&row, w->fast_bytes);
      row_double (&row, w->restored_percent, 1);
      row_end (&row);
      for (guint k = 0; w->segments != NULL && k < w->segments->len; k++)
        {
          const SsdbFillPoint *p = &g_array_index (w->segments, SsdbFillPoint, k);

          row_begin (&row, out);
          row_u64 (&row, i);
          row_seconds (&row, w->pause_ns);
          row_str (&row, "segment");
          row_u64 (&row, k);
          row_u64 (&row, p->position_bytes);
          row_gb (&row, p->position_bytes);
          row_seconds (&row, p->elapsed_ns);
          row_mbps (&row, p->bytes_per_second);
          row_empty (&row);
          row_empty (&row);
          row_end (&row);
        }
    }
}

/* The ratio of @rate to @reference, empty when either was not measured. */
static void
row_ratio (Row *row, double rate, double reference)
{
  row_double (row, rate > 0 && reference > 0 ? rate / reference : NAN, 3);
}

static void
format_compression (GString *out, const SsdbCompressionResult *r)
{
  static const char *const names[]
      = { "data",    "compressible_percent", "write_mb_per_s", "read_mb_per_s",  "write_bytes",
          "write_s", "read_bytes",           "read_s",         "write_x_random", "read_x_random",
          NULL };
  const SsdbCompressionPoint *random = NULL;

  header (out, names);
  for (guint i = 0; r->points != NULL && i < r->points->len && random == NULL; i++)
    {
      const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, i);

      if (p->data.kind == SSDB_DATA_RANDOM)
        random = p;
    }
  for (guint i = 0; r->points != NULL && i < r->points->len; i++)
    {
      const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, i);
      g_autofree char *data = ssdb_data_pattern_to_string (&p->data);
      guint percent = p->data.kind == SSDB_DATA_ZERO           ? 100
                      : p->data.kind == SSDB_DATA_COMPRESSIBLE ? p->data.compressible_percent
                                                               : 0;
      Row row;

      row_begin (&row, out);
      row_str (&row, data);
      row_u64 (&row, percent);
      row_mbps (&row, p->write_bytes_per_second);
      row_mbps (&row, p->read_bytes_per_second);
      row_u64 (&row, p->write_bytes);
      row_seconds (&row, p->write_window_ns);
      row_u64 (&row, p->read_bytes);
      row_seconds (&row, p->read_window_ns);
      row_ratio (&row, p->write_bytes_per_second, random ? random->write_bytes_per_second : 0);
      row_ratio (&row, p->read_bytes_per_second, random ? random->read_bytes_per_second : 0);
      row_end (&row);
    }
}

static void
format_trim (GString *out, const SsdbTrimResult *r)
{
  static const char *const names[] = { "series",          "name",           "rw",
                                       "before_mb_per_s", "after_mb_per_s", "retention_percent",
                                       "fill_gb",         "fill_s",         "fill_mb_per_s",
                                       "deleted_gb",      "delete_s",       NULL };

  header (out, names);
  for (guint i = 0; r->tests != NULL && i < r->tests->len; i++)
    {
      const SsdbTrimTest *t = &g_array_index (r->tests, SsdbTrimTest, i);
      Row row;

      row_begin (&row, out);
      row_str (&row, "test");
      row_str (&row, t->name);
      row_str (&row, rw_name (t->rw));
      row_mbps (&row, t->before_bytes_per_second);
      row_mbps (&row, t->after_bytes_per_second);
      row_double (&row, t->retention_percent, 1);
      for (guint k = 0; k < 5; k++)
        row_empty (&row);
      row_end (&row);
    }
  for (guint i = 0; r->rounds != NULL && i < r->rounds->len; i++)
    {
      const SsdbTrimRound *rd = &g_array_index (r->rounds, SsdbTrimRound, i);
      char name[32];
      Row row;

      g_snprintf (name, sizeof name, "round %u", i + 1);
      row_begin (&row, out);
      row_str (&row, "round");
      row_str (&row, name);
      row_str (&row, "write");
      for (guint k = 0; k < 3; k++)
        row_empty (&row);
      row_gb (&row, rd->fill_bytes);
      row_seconds (&row, rd->fill_ns);
      row_mbps (&row, rd->fill_bytes_per_second);
      row_gb (&row, rd->deleted_bytes);
      row_seconds (&row, rd->delete_ns);
      row_end (&row);
    }
}

static void
format_freespace (GString *out, const SsdbFreespaceResult *r)
{
  static const char *const names[]
      = { "used_percent", "used_bytes", "used_gb", "test", "rw", "mb_per_s", NULL };

  header (out, names);
  for (guint i = 0; r->steps != NULL && i < r->steps->len; i++)
    {
      const SsdbFreespaceStep *st = &g_array_index (r->steps, SsdbFreespaceStep, i);

      for (guint k = 0; st->rates != NULL && k < st->rates->len; k++)
        {
          const SsdbTestRate *t = &g_array_index (st->rates, SsdbTestRate, k);
          Row row;

          row_begin (&row, out);
          row_u64 (&row, st->used_percent);
          row_u64 (&row, st->used_bytes);
          row_gb (&row, st->used_bytes);
          row_str (&row, t->name);
          row_str (&row, rw_name (t->rw));
          row_mbps (&row, t->bytes_per_second);
          row_end (&row);
        }
    }
}

static void
format_consistency (GString *out, const SsdbConsistencyResult *r)
{
  static const char *const names[]
      = { "round", "elapsed_s", "ios", "iops", "steady_window", "tail", NULL };
  guint n = r->rounds != NULL ? r->rounds->len : 0;

  header (out, names);
  for (guint i = 0; i < n; i++)
    {
      const SsdbConsistencyRound *rd = &g_array_index (r->rounds, SsdbConsistencyRound, i);
      guint number = i + 1;
      gboolean in_window
          = r->steady.reached && number >= r->steady.first_round && number <= r->steady.round;
      gboolean in_tail = r->tail_rounds > 0 && i + r->tail_rounds >= n;
      Row row;

      row_begin (&row, out);
      row_u64 (&row, number);
      row_seconds (&row, rd->elapsed_ns);
      row_u64 (&row, rd->ios);
      row_double (&row, rd->iops, 1);
      row_u64 (&row, in_window ? 1 : 0);
      row_u64 (&row, in_tail ? 1 : 0);
      row_end (&row);
    }
}

static void
readback_rows (GString *out, guint pass, const SsdbFillResult *fill)
{
  for (guint i = 0; fill != NULL && fill->passes != NULL && i < fill->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (fill->passes, i);
      Row row;

      row_begin (&row, out);
      row_u64 (&row, pass);
      row_str (&row, rw_name (p->rw));
      row_u64 (&row, p->bytes);
      row_gb (&row, p->bytes);
      row_seconds (&row, p->window_ns);
      row_mbps (&row, p->bytes_per_second);
      row_u64 (&row, p->complete ? 1 : 0);
      row_end (&row);
    }
}

static void
format_readback (GString *out, const SsdbReadbackResult *r)
{
  static const char *const names[]
      = { "pass", "rw", "bytes", "gb", "window_s", "mb_per_s", "complete", NULL };

  header (out, names);
  readback_rows (out, 1, r->first);
  readback_rows (out, 2, r->second);
}

/* A row per grid cell, then per bad range (series "bad": unreadable; "bad-write": unwritable;
 * "bad-verify": read back other than written) and per slow range. */
static void
format_scan (GString *out, const SsdbScanResult *r)
{
  static const char *const names[]
      = { "series",      "index",      "offset_bytes", "lba", "length_bytes", "blocks", "worst_ms",
          "slow_blocks", "bad_blocks", "errno",        NULL };
  guint64 cell_bytes = ssdb_scan_cell_blocks (&r->spec) * r->spec.block_size;
  guint64 lbs = MAX (r->logical_block_size, 1u);
  Row row;

  header (out, names);
  for (guint i = 0; i < r->cells->len; i++)
    {
      const SsdbScanCell *c = &g_array_index (r->cells, SsdbScanCell, i);
      guint64 offset = r->spec.span_offset + i * cell_bytes;
      guint64 end = MIN (offset + cell_bytes, r->spec.span_offset + r->scanned_bytes);

      row_begin (&row, out);
      row_str (&row, "cell");
      row_u64 (&row, i);
      row_u64 (&row, offset);
      row_u64 (&row, offset / lbs);
      row_u64 (&row, end - offset);
      row_u64 (&row, c->blocks);
      row_double (&row, c->worst_ns / 1e6, 3);
      row_u64 (&row, c->slow_blocks);
      row_u64 (&row, c->bad_blocks);
      row_empty (&row);
      row_end (&row);
    }
  for (guint k = 0; k < 2; k++)
    {
      GArray *ranges = k == 0 ? r->bad : r->slow;

      for (guint i = 0; i < ranges->len; i++)
        {
          const SsdbScanRange *s = &g_array_index (ranges, SsdbScanRange, i);

          row_begin (&row, out);
          /* "bad" for an unreadable range; a verifying scan's others name what failed */
          row_str (&row, k == 1                         ? "slow"
                         : s->op == SSDB_SCAN_OP_WRITE  ? "bad-write"
                         : s->op == SSDB_SCAN_OP_VERIFY ? "bad-verify"
                                                        : "bad");
          row_u64 (&row, i);
          row_u64 (&row, s->offset);
          row_u64 (&row, s->offset / lbs);
          row_u64 (&row, s->length);
          row_empty (&row);
          if (k == 0)
            row_empty (&row);
          else
            row_double (&row, s->worst_ns / 1e6, 3);
          row_empty (&row);
          row_empty (&row);
          if (k == 0)
            row_u64 (&row, (guint64)s->errsv);
          else
            row_empty (&row);
          row_end (&row);
        }
    }
}

char *
ssdb_csv_format (const SsdbReport *report, SsdbTestKind table, GError **error)
{
  g_autoptr (GString) out = NULL;

  g_return_val_if_fail (report != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ssdb_report_require_test (report, table, error))
    return NULL;
  out = g_string_new (NULL);
  switch (table)
    {
      case SSDB_TEST_KIND_SUMMARY:
        format_summary (out, report->summary);
        break;
      case SSDB_TEST_KIND_SURFACE:
        format_surface (out, report->surface);
        break;
      case SSDB_TEST_KIND_FILL:
        format_fill (out, report->fill);
        break;
      case SSDB_TEST_KIND_ACCESS:
        format_access (out, report->access);
        break;
      case SSDB_TEST_KIND_SWEEP:
        format_sweep (out, report->sweep);
        break;
      case SSDB_TEST_KIND_WORKLOAD:
        format_workload (out, report->workload);
        break;
      case SSDB_TEST_KIND_RECOVERY:
        format_recovery (out, report->recovery);
        break;
      case SSDB_TEST_KIND_COMPRESSION:
        format_compression (out, report->compression);
        break;
      case SSDB_TEST_KIND_TRIM:
        format_trim (out, report->trim);
        break;
      case SSDB_TEST_KIND_FREESPACE:
        format_freespace (out, report->freespace);
        break;
      case SSDB_TEST_KIND_CONSISTENCY:
        format_consistency (out, report->consistency);
        break;
      case SSDB_TEST_KIND_READBACK:
        format_readback (out, report->readback);
        break;
      case SSDB_TEST_KIND_SCAN:
        format_scan (out, report->scan);
        break;
      case SSDB_TEST_KIND_RANDOMACCESS:
        format_randomaccess (out, report->randomaccess);
        break;
      case SSDB_TEST_KIND_ASSSD:
        format_asssd (out, report->asssd);
        break;
      case SSDB_TEST_KIND_COPY:
        format_copy (out, report->copy);
        break;
      default:
        g_assert_not_reached ();
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

gboolean
ssdb_csv_write (const SsdbReport *report, SsdbTestKind table, const char *path, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  text = ssdb_csv_format (report, table, error);
  if (text == NULL)
    return FALSE;
  return ssdb_text_file_write (path, text, error);
}
