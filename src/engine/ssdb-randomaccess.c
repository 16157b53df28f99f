/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-randomaccess.h"

#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-target-fill.h"
#include "ssdb-test-kind.h"
#include "ssdb-units.h"

#include <string.h>

/* HD Tune Pro's "Random Access" tab: a table of transfer sizes (512 bytes, 4 KB, 64 KB, 1 MB
 * and "Random"), each measured at queue depth 1 at random places, with its operations per
 * second, average and maximum access time and average speed, and a scatter chart of access
 * time against position. */

#define KiB 1024u
#define MiB (1024u * 1024u)
#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

void
ssdb_random_access_spec_init (SsdbRandomAccessSpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->sizes[0] = 0;
  spec->sizes[1] = 4 * KiB;
  spec->sizes[2] = 64 * KiB;
  spec->sizes[3] = 1 * MiB;
  spec->n_sizes = 4;
  spec->mixed = TRUE;
  spec->do_read = TRUE;
  spec->do_write = FALSE;
  spec->row_duration_ns = 3 * NS_PER_S;
  spec->max_dots = 2000;
  spec->fill = FALSE;
  spec->data = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
  spec->seed = 1;
}

void
ssdb_random_access_spec_fit (SsdbRandomAccessSpec *spec, const SsdbTargetInfo *target)
{
  guint block;

  g_return_if_fail (spec != NULL);
  g_return_if_fail (target != NULL);

  block = MAX (target->logical_block_size, target->dio_offset_align);
  if (block == 0 || spec->n_sizes == 0 || spec->n_sizes > SSDB_RANDOM_ACCESS_MAX_SIZES
      || spec->sizes[0] != 0)
    return;
  if (spec->n_sizes > 1 && spec->sizes[1] <= block)
    {
      memmove (spec->sizes, spec->sizes + 1, (spec->n_sizes - 1) * sizeof spec->sizes[0]);
      spec->sizes[--spec->n_sizes] = 0;
    }
  else
    spec->sizes[0] = block;
}

static void
row_clear (gpointer data)
{
  SsdbRandomAccessRow *row = data;

  g_clear_pointer (&row->dots, g_array_unref);
  g_clear_pointer (&row->fio_command, g_free);
}

static GArray *
rows_new (void)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (SsdbRandomAccessRow));

  g_array_set_clear_func (rows, row_clear);
  return rows;
}

/* Whether the settings have a mixed row: asked for, and more than one size to mix. */
static gboolean
has_mixed_row (const SsdbRandomAccessSpec *spec)
{
  return spec->mixed && spec->n_sizes > 1;
}

static void
add_rows (GArray *rows, const SsdbRandomAccessSpec *spec, SsdbRw rw)
{
  guint n = MIN (spec->n_sizes, SSDB_RANDOM_ACCESS_MAX_SIZES);

  for (guint i = 0; i < n; i++)
    {
      SsdbRandomAccessRow row = { 0 };

      row.size = spec->sizes[i];
      row.rw = rw;
      row.state = SSDB_ENTRY_PENDING;
      row.dots = g_array_new (FALSE, FALSE, sizeof (SsdbRandomAccessDot));
      g_array_append_val (rows, row);
    }
  if (has_mixed_row (spec) && n > 0)
    {
      SsdbRandomAccessRow row = { 0 };

      row.size = spec->sizes[n - 1];
      row.mixed = TRUE;
      row.rw = rw;
      row.state = SSDB_ENTRY_PENDING;
      row.dots = g_array_new (FALSE, FALSE, sizeof (SsdbRandomAccessDot));
      g_array_append_val (rows, row);
    }
}

SsdbRandomAccessResult *
ssdb_random_access_result_new (const SsdbRandomAccessSpec *spec)
{
  SsdbRandomAccessResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbRandomAccessResult, 1);
  r->spec = *spec;
  r->rows = rows_new ();
  if (spec->do_read)
    add_rows (r->rows, spec, SSDB_RW_READ);
  if (spec->do_write)
    add_rows (r->rows, spec, SSDB_RW_WRITE);
  return r;
}

void
ssdb_random_access_result_free (SsdbRandomAccessResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->rows);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbRandomAccessResult *
ssdb_random_access_result_dup (const SsdbRandomAccessResult *result)
{
  SsdbRandomAccessResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbRandomAccessResult, 1);
  *r = *result;
  r->rows = rows_new ();
  for (guint i = 0; i < result->rows->len; i++)
    {
      SsdbRandomAccessRow row = g_array_index (result->rows, SsdbRandomAccessRow, i);

      row.dots = row.dots ? g_array_copy (row.dots)
                          : g_array_new (FALSE, FALSE, sizeof (SsdbRandomAccessDot));
      row.fio_command = g_strdup (row.fio_command);
      g_array_append_val (r->rows, row);
    }
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

char *
ssdb_random_access_row_label (const SsdbRandomAccessResult *result, const SsdbRandomAccessRow *row)
{
  g_return_val_if_fail (result != NULL, NULL);
  g_return_val_if_fail (row != NULL, NULL);

  if (row->mixed)
    {
      const SsdbRandomAccessSpec *spec = &result->spec;
      g_autofree char *lo = NULL, *hi = NULL;

      if (spec->n_sizes == 0)
        return g_strdup ("Random");
      lo = spec->sizes[0] ? ssdb_format_transfer_size (spec->sizes[0]) : g_strdup ("logical block");
      hi = ssdb_format_transfer_size (row->size);
      return g_strdup_printf ("Random (mix of %s–%s)", lo, hi);
    }
  if (row->size == 0)
    return g_strdup ("Logical block");
  return ssdb_format_transfer_size (row->size);
}

/* -------------------------------------------------------------------------------------------- */
/* Settings */

gboolean
ssdb_random_access_result_check (const SsdbRandomAccessResult *result, const SsdbTargetInfo *target,
                                 GError **error)
{
  const SsdbRandomAccessSpec *spec;
  g_autofree char *name = NULL;
  guint block, prev = 0;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  name = ssdb_target_info_dup_display_name (target);
  if (!ssdb_spec_check_directions (spec->do_read, spec->do_write, "The random-access test", target,
                                   error))
    return FALSE;
  if (spec->n_sizes < 1 || spec->n_sizes > SSDB_RANDOM_ACCESS_MAX_SIZES)
    SSDB_SPEC_INVALID ("The number of transfer sizes %u is out of range (1 to %u)", spec->n_sizes,
                       SSDB_RANDOM_ACCESS_MAX_SIZES);
  /* Unknown before the target is opened: the smallest any target has. */
  block = MAX (target->logical_block_size, target->dio_offset_align);
  block = block ? block : 512;
  for (guint i = 0; i < spec->n_sizes; i++)
    {
      guint size = spec->sizes[i] ? spec->sizes[i] : block;

      /* the logical-block row the run leaves out (ssdb_random_access_spec_fit()) */
      if (i == 0 && spec->sizes[0] == 0 && spec->n_sizes > 1 && size >= spec->sizes[1])
        continue;
      if (!ssdb_spec_check_block (size, target, NULL, error))
        return FALSE;
      if (i > 0 && size <= prev)
        SSDB_SPEC_INVALID ("Transfer sizes must rise: %u bytes follows %u bytes", size, prev);
      prev = size;
    }
  if (!ssdb_spec_check_span (spec->span_offset, spec->span_length, target, error)
      || !ssdb_spec_check_span_holds (spec->span_offset, spec->span_length, prev, target, error))
    return FALSE;
  if (spec->max_dots > SSDB_RANDOM_ACCESS_MAX_DOTS)
    SSDB_SPEC_INVALID ("Dots per row %u is out of range (0 to %u)", spec->max_dots,
                       SSDB_RANDOM_ACCESS_MAX_DOTS);
  if (spec->row_duration_ns == 0 && spec->row_ios == 0)
    SSDB_SPEC_INVALID ("Each row needs a duration or a number of requests");
  if (spec->row_ios > G_MAXUINT64 / SSDB_MAX_BLOCK_SIZE)
    SSDB_SPEC_INVALID ("Requests per row %" G_GUINT64_FORMAT " is too large", spec->row_ios);
  if (spec->data.kind > SSDB_DATA_COMPRESSIBLE || spec->data.compressible_percent > 100)
    SSDB_SPEC_INVALID ("Unknown data pattern");
  {
    guint per = spec->n_sizes + (has_mixed_row (spec) ? 1 : 0);
    guint want = per * ((spec->do_read ? 1 : 0) + (spec->do_write ? 1 : 0));

    if ((guint64)spec->max_dots * want > SSDB_RANDOM_ACCESS_MAX_TOTAL_DOTS)
      SSDB_SPEC_INVALID ("Dots per row %u × %u rows is more than the %u dots a report holds",
                         spec->max_dots, want, SSDB_RANDOM_ACCESS_MAX_TOTAL_DOTS);
    if (result->rows->len != want)
      SSDB_SPEC_INVALID ("The result was made for %u rows, the settings ask for %u",
                         result->rows->len, want);
  }
  return TRUE;
}

gboolean
ssdb_random_access_estimate (const SsdbRandomAccessResult *result, guint64 target_bytes,
                             SsdbRunEstimate *out)
{
  const SsdbRandomAccessSpec *spec;

  g_return_val_if_fail (result != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  spec = &result->spec;
  for (guint i = 0; i < result->rows->len; i++)
    {
      const SsdbRandomAccessRow *row = &g_array_index (result->rows, SsdbRandomAccessRow, i);

      if (row->state != SSDB_ENTRY_PENDING)
        continue;
      out->timed_ns += spec->row_duration_ns;
    }
  if (spec->fill && spec->do_read)
    out->write_bytes = ssdb_estimate_span (spec->span_offset, spec->span_length, target_bytes);
  return TRUE;
}

/* -------------------------------------------------------------------------------------------- */
/* The run */

typedef struct
{
  SsdbRandomAccessResult *result;
  SsdbRandomAccessProgressFunc func;
  gpointer data;
  int row;
  double base;
  double share;
  guint64 duration_ns;
  guint64 ios;
} Progress;

static void
on_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  Progress *pr = user_data;
  SsdbRandomAccessRow *row = &g_array_index (pr->result->rows, SsdbRandomAccessRow, pr->row);
  double f = 0, g = 0;

  /* The running row so far: its requests and rates, not yet its access times. */
  row->ios = ios;
  row->bytes = bytes;
  row->window_ns = elapsed_ns;
  row->iops = elapsed_ns ? (double)ios * 1e9 / (double)elapsed_ns : 0;
  row->bytes_per_second = elapsed_ns ? (double)bytes * 1e9 / (double)elapsed_ns : 0;
  if (pr->duration_ns)
    f = (double)elapsed_ns / (double)pr->duration_ns;
  if (pr->ios)
    g = (double)ios / (double)pr->ios;
  f = CLAMP (MAX (f, g), 0.0, 1.0);
  pr->func (pr->result, pr->row, pr->base + pr->share * f, pr->data);
}

/* The fill before the rows: its bytes as a share of the run's progress. */
static void
on_fill_progress (guint64 done, guint64 total, gpointer user_data)
{
  Progress *pr = user_data;

  if (total > 0)
    pr->func (pr->result, -1, pr->share * (double)done / (double)total, pr->data);
}

/* The job of @row: one request at a time at random offsets over the span. */
static void
job_for (const SsdbRandomAccessSpec *spec, const SsdbRandomAccessRow *row, guint index,
         SsdbJobSpec *job)
{
  ssdb_job_spec_init (job);
  job->rw = row->rw;
  job->access = SSDB_ACCESS_RANDOM;
  job->block_size = row->size;
  job->queue_depth = 1;
  job->threads = 1;
  job->offset = spec->span_offset;
  job->length = spec->span_length;
  job->duration_ns = spec->row_duration_ns;
  job->total_ios = spec->row_ios;
  job->data = spec->data;
  job->seed = spec->seed + index;
  job->sample_interval_ns = 200 * G_GUINT64_CONSTANT (1000000);
  if (row->mixed)
    {
      /* Equal shares of every size; the engine aligns a mix to one boundary: the smallest
       * size's. */
      for (guint k = 0; k < spec->n_sizes; k++)
        job->size_mix[k] = (SsdbSizeWeight){ spec->sizes[k], 1 };
      job->n_size_mix = spec->n_sizes;
      job->align_bytes = spec->sizes[0];
    }
}

static void
row_from_io (SsdbRandomAccessRow *row, const SsdbIoResult *io, const SsdbIoTrace *trace)
{
  ssdb_io_measure_set_result (&row->measure, io);
  g_array_set_size (row->dots, 0);
  for (guint i = 0; i < trace->n_entries; i++)
    {
      const SsdbIoTraceEntry *e = &trace->entries[i];
      SsdbRandomAccessDot dot = { e->offset, e->latency_ns, e->size };

      g_array_append_val (row->dots, dot);
    }
}

/* The run itself, without what is recorded of the drive meanwhile. */
static gboolean
run_random_access (SsdbTarget *target, SsdbRandomAccessResult *result,
                   SsdbRandomAccessProgressFunc progress, gpointer user_data,
                   GCancellable *cancellable, GError **error)
{
  SsdbRandomAccessSpec *spec = &result->spec;
  const SsdbTargetInfo *info = ssdb_target_get_info (target);
  const char *name = ssdb_target_get_display_name (target);
  Progress pr = { 0 };
  double fill_share = 0;
  guint block, align;
  gboolean writable = ssdb_target_is_writable (target);

  if (!ssdb_random_access_result_check (result, info, error))
    return FALSE;

  /* Resolve what the target decides: the logical block size and the span. A logical-block row
   * that would repeat the next size is left out, before anything ran. */
  if (spec->sizes[0] == 0)
    {
      SsdbRandomAccessSpec fitted = *spec;

      ssdb_random_access_spec_fit (&fitted, info);
      if (fitted.n_sizes != spec->n_sizes)
        {
          *spec = fitted;
          g_array_set_size (result->rows, 0);
          if (spec->do_read)
            add_rows (result->rows, spec, SSDB_RW_READ);
          if (spec->do_write)
            add_rows (result->rows, spec, SSDB_RW_WRITE);
        }
    }
  block = MAX (info->logical_block_size, info->dio_offset_align);
  align = MAX (block, 1u);
  for (guint i = 0; i < spec->n_sizes; i++)
    if (spec->sizes[i] == 0)
      spec->sizes[i] = block;
  if (spec->span_length == 0)
    spec->span_length = info->size_bytes - spec->span_offset;
  for (guint i = 0; i < result->rows->len; i++)
    {
      SsdbRandomAccessRow *row = &g_array_index (result->rows, SsdbRandomAccessRow, i);
      guint per = spec->n_sizes + (has_mixed_row (spec) ? 1 : 0);
      guint k = i % per;

      row->size = k < spec->n_sizes ? spec->sizes[k] : spec->sizes[spec->n_sizes - 1];
    }

  if (spec->do_write && !writable)
    {
      const char *why = ssdb_target_get_write_refusal (target);

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                   "A random-access write test on %s was refused: %s", name,
                   why ? why : "writes are not allowed");
      return FALSE;
    }

  /* Every row's job is checked before any I/O, so bad settings change nothing. */
  for (guint i = 0; i < result->rows->len; i++)
    {
      SsdbRandomAccessRow *row = &g_array_index (result->rows, SsdbRandomAccessRow, i);
      g_autofree char *size = NULL, *jobname = NULL;
      SsdbJobSpec job;

      job_for (spec, row, i, &job);
      if (!ssdb_job_spec_validate (&job, target, error))
        return FALSE;
      size = row->mixed ? g_strdup ("mix") : ssdb_format_transfer_size (row->size);
      jobname = g_strdup_printf ("randomaccess_%s_%s", size, ssdb_rw_to_string (row->rw));
      g_strdelimit (jobname, " ", '_');
      g_free (row->fio_command);
      row->fio_command = ssdb_job_spec_to_fio (&job, target, jobname);
      row->engine = ssdb_job_spec_engine (&job, target, NULL);
    }

  pr.result = result;
  pr.func = progress;
  pr.data = user_data;
  if (spec->do_read)
    {
      gboolean fill = writable && (spec->fill || info->kind == SSDB_TARGET_FILE);
      g_autoptr (GError) local = NULL;
      SsdbSpanHeld held;

      if (fill)
        {
          SsdbRunEstimate e;

          /* The fill's share of the progress: its bytes at the estimate's rate against the
           * rows' time, so that the time left shown after a long fill is not a multiple of it. */
          if (ssdb_random_access_estimate (result, info->size_bytes, &e) && e.write_bytes > 0)
            {
              double fill_ns = (double)e.write_bytes / SSDB_ESTIMATE_BYTES_PER_SECOND * 1e9;

              fill_share = CLAMP (fill_ns / (fill_ns + (double)e.timed_ns), 0.05, 0.95);
            }
          else
            fill_share = 0.1;
          pr.row = -1;
          pr.base = 0;
          pr.share = fill_share;
          if (progress)
            progress (result, -1, 0, user_data);
        }
      /* Reads of a span nobody filled: how much of it holds no data. */
      if (!ssdb_target_prepare_span (target, spec->span_offset, spec->span_length, align,
                                     spec->seed, fill, progress ? on_fill_progress : NULL, &pr,
                                     cancellable, &held, &local))
        {
          result->cancelled = g_error_matches (local, SSDB_ERROR, SSDB_ERROR_CANCELLED);
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      result->prepare_ns = held.prepare_ns;
      result->filled = held.filled;
      result->unwritten_percent = held.unwritten_percent;
      result->unwritten_source = held.unwritten_source;
    }

  pr.duration_ns = spec->row_duration_ns;
  pr.ios = spec->row_ios;
  pr.share = (1.0 - fill_share) / MAX (result->rows->len, 1u);
  for (guint i = 0; i < result->rows->len; i++)
    {
      SsdbRandomAccessRow *row = &g_array_index (result->rows, SsdbRandomAccessRow, i);
      g_autoptr (SsdbIoTrace) trace = ssdb_io_trace_new (spec->max_dots, spec->seed ^ (i + 1));
      g_autofree SsdbIoResult *io = g_new0 (SsdbIoResult, 1);
      g_autoptr (GError) local = NULL;
      SsdbJobSpec job;
      gboolean ok;

      job_for (spec, row, i, &job);
      job.trace = trace;
      pr.row = (int)i;
      pr.base = fill_share + pr.share * i;
      row->state = SSDB_ENTRY_RUNNING;
      if (progress)
        progress (result, (int)i, pr.base, user_data);
      ok = ssdb_io_run (target, &job, progress ? on_sample : NULL, &pr, cancellable, io, &local);
      row_from_io (row, io, trace);
      if (!ok)
        {
          gboolean cancelled = g_error_matches (local, SSDB_ERROR, SSDB_ERROR_CANCELLED);

          g_propagate_error (error, g_steal_pointer (&local));

          row->state = cancelled ? SSDB_ENTRY_CANCELLED : SSDB_ENTRY_FAILED;
          result->cancelled = cancelled;
          if (progress)
            progress (result, (int)i, pr.base + pr.share, user_data);
          return FALSE;
        }
      row->state = SSDB_ENTRY_DONE;
      if (progress)
        progress (result, (int)i, i + 1 == result->rows->len ? 1.0 : pr.base + pr.share, user_data);
    }
  return TRUE;
}

gboolean
ssdb_random_access_run (SsdbTarget *target, SsdbRandomAccessResult *result,
                        SsdbRandomAccessProgressFunc progress, gpointer user_data,
                        GCancellable *cancellable, GError **error)
{
  SsdbRunRecording *recording;
  gboolean ok;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  recording = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_RANDOMACCESS, target, result, error);
  ok = recording != NULL
       && run_random_access (target, result, progress, user_data, cancellable, error);
  ssdb_test_kind_recording_end (SSDB_TEST_KIND_RANDOMACCESS, target, result, recording);
  return ok;
}
