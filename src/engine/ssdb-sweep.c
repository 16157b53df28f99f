/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-sweep.h"
#include "ssdb-words.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-test-kind.h"
#include "ssdb-target-fill.h"
#include "ssdb-summary.h"
#include "ssdb-units.h"

#include <string.h>

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

void
ssdb_sweep_spec_init (SsdbSweepSpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->start_size = 0;
  spec->end_size = 64 * MiB;
  spec->queue_depth = 4;
  spec->span_length = 256 * MiB;
  spec->do_read = TRUE;
  spec->do_write = FALSE;
  spec->duration_ns = NS_PER_S;
  spec->fill = TRUE;
  spec->data = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
  spec->seed = 1;
}

gboolean
ssdb_sweep_sizes (const SsdbSweepSpec *spec, guint logical_block_size,
                  guint sizes[SSDB_SWEEP_MAX_SIZES], guint *n_sizes, GError **error)
{
  guint64 size;
  guint n = 0;

  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (sizes != NULL && n_sizes != NULL, FALSE);
  g_return_val_if_fail (logical_block_size > 0, FALSE);

  *n_sizes = 0;
  size = spec->start_size ? spec->start_size : logical_block_size;
  if (size % logical_block_size != 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Start size %" G_GUINT64_FORMAT " bytes is not a multiple of the logical "
                   "block size (%u bytes)",
                   size, logical_block_size);
      return FALSE;
    }
  if (spec->end_size == 0 || spec->end_size > SSDB_MAX_BLOCK_SIZE)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "End size %u bytes is out of range (logical block size to 64 MiB)",
                   spec->end_size);
      return FALSE;
    }
  if (size > spec->end_size)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Start size %" G_GUINT64_FORMAT " bytes is larger than the end size (%u "
                   "bytes)",
                   size, spec->end_size);
      return FALSE;
    }
  for (; size <= spec->end_size; size *= 2)
    {
      if (n == SSDB_SWEEP_MAX_SIZES)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "The sweep from %u to %u bytes has more than %u sizes",
                       spec->start_size ? spec->start_size : logical_block_size, spec->end_size,
                       SSDB_SWEEP_MAX_SIZES);
          return FALSE;
        }
      sizes[n++] = (guint)size;
    }
  *n_sizes = n;
  return TRUE;
}

static void
point_clear (gpointer data)
{
  SsdbSweepPoint *p = data;

  g_clear_pointer (&p->fio_command, g_free);
}

SsdbSweepResult *
ssdb_sweep_result_new (const SsdbSweepSpec *spec)
{
  SsdbSweepResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbSweepResult, 1);
  r->spec = *spec;
  r->read = g_array_new (FALSE, TRUE, sizeof (SsdbSweepPoint));
  r->write = g_array_new (FALSE, TRUE, sizeof (SsdbSweepPoint));
  g_array_set_clear_func (r->read, point_clear);
  g_array_set_clear_func (r->write, point_clear);
  return r;
}

void
ssdb_sweep_result_free (SsdbSweepResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->read);
  g_array_unref (result->write);
  g_free (result->words);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

/* A new array of @points whose fio commands are copies too. */
static GArray *
points_dup (GArray *points)
{
  GArray *copy = g_array_copy (points);

  g_array_set_clear_func (copy, point_clear);
  for (guint i = 0; i < copy->len; i++)
    {
      SsdbSweepPoint *p = &g_array_index (copy, SsdbSweepPoint, i);

      p->fio_command = g_strdup (p->fio_command);
    }
  return copy;
}

SsdbSweepResult *
ssdb_sweep_result_dup (const SsdbSweepResult *result)
{
  SsdbSweepResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbSweepResult, 1);
  *r = *result;
  r->read = points_dup (result->read);
  r->write = points_dup (result->write);
  r->words = g_strdup (result->words);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

static void
best_of (GArray *points, double *best, guint *best_size, guint *full_size)
{
  *best = 0;
  *best_size = 0;
  *full_size = 0;
  for (guint i = 0; i < points->len; i++)
    {
      const SsdbSweepPoint *p = &g_array_index (points, SsdbSweepPoint, i);

      if (p->bytes_per_second > *best)
        {
          *best = p->bytes_per_second;
          *best_size = p->size;
        }
    }
  for (guint i = 0; i<points->len && * best> 0; i++)
    {
      const SsdbSweepPoint *p = &g_array_index (points, SsdbSweepPoint, i);

      if (p->bytes_per_second >= 0.9 * *best && (*full_size == 0 || p->size < *full_size))
        *full_size = p->size;
    }
}

/* What: 0 reads, 1 writes, 2 writes after reads ("; writes reach ..."). */
static void
describe (GString *s, guint what, double best, guint best_size, guint full_size)
{
  g_autofree char *full = ssdb_format_transfer_size (full_size);
  g_autofree char *at = ssdb_format_transfer_size (best_size);

  if (full_size == best_size)
    g_string_append_printf (s,
                            what == 0   ? W_ ("Reads reach %.0f MB/s at %s transfers")
                            : what == 1 ? W_ ("Writes reach %.0f MB/s at %s transfers")
                                        : W_ ("; writes reach %.0f MB/s at %s transfers"),
                            best / 1e6, at);
  else
    g_string_append_printf (
        s,
        what == 0   ? W_ ("Reads reach 90 %% of their best (%.0f MB/s at %s) from %s transfers")
        : what == 1 ? W_ ("Writes reach 90 %% of their best (%.0f MB/s at %s) from %s transfers")
                    : W_ ("; writes reach 90 %% of their best (%.0f MB/s at %s) from %s "
                          "transfers"),
        best / 1e6, at, full);
}

void
ssdb_sweep_summarize (SsdbSweepResult *result)
{
  GString *s;

  g_return_if_fail (result != NULL);

  best_of (result->read, &result->best_read, &result->best_read_size, &result->full_read_size);
  best_of (result->write, &result->best_write, &result->best_write_size, &result->full_write_size);
  g_clear_pointer (&result->words, g_free);
  if (result->best_read <= 0 && result->best_write <= 0)
    return;
  s = g_string_new (NULL);
  if (result->best_read > 0)
    describe (s, 0, result->best_read, result->best_read_size, result->full_read_size);
  if (result->best_write > 0)
    describe (s, s->len ? 2 : 1, result->best_write, result->best_write_size,
              result->full_write_size);
  g_string_append (s, W_ (".")); /* the full stop of the words' language */
  result->words = g_string_free (s, FALSE);
}

typedef struct
{
  SsdbSweepResult *result;
  SsdbSweepProgressFunc func;
  gpointer data;
  guint size;
  SsdbRw rw;
  double base;
  double share;
  guint64 duration_ns;
  guint64 bytes;
} Progress;

static void
on_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  Progress *pr = user_data;
  double f = 0, g = 0;

  (void)ios;
  if (pr->duration_ns)
    f = (double)elapsed_ns / (double)pr->duration_ns;
  if (pr->bytes)
    g = (double)bytes / (double)pr->bytes;
  f = CLAMP (MAX (f, g), 0.0, 1.0);
  pr->func (pr->result, pr->size, pr->rw, pr->base + pr->share * f, pr->data);
}

static void
job_for (const SsdbSweepSpec *spec, guint size, SsdbRw rw, guint index, SsdbJobSpec *job)
{
  ssdb_job_spec_init (job);
  job->rw = rw;
  job->access = SSDB_ACCESS_SEQUENTIAL;
  job->block_size = size;
  job->queue_depth = spec->queue_depth;
  job->threads = 1;
  job->offset = spec->span_offset;
  /* Whole transfers: the region the sequential walk wraps around in. */
  job->length = spec->span_length / size * size;
  job->duration_ns = spec->duration_ns;
  job->total_bytes = spec->step_bytes;
  job->data = spec->data;
  job->seed = spec->seed + index;
  job->sample_interval_ns = 100 * G_GUINT64_CONSTANT (1000000);
}

/* The run itself, without what is recorded of the drive meanwhile. */
/* A stopped sweep's words: those of the sizes measured, and that they cover only those. */
static void
append_stopped (SsdbSweepResult *result, guint done, guint runs)
{
  char *w;

  if (result->words == NULL || done == 0 || done >= runs)
    return;
  w = g_strdup_printf (W_ ("%s The sweep stopped after %u of %u runs: this covers the sizes "
                           "measured."),
                       result->words, done, runs);
  g_free (result->words);
  result->words = w;
}

static gboolean
run_sweep (SsdbTarget *target, SsdbSweepResult *result, SsdbSweepProgressFunc progress,
           gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbSweepSpec *spec;
  const SsdbTargetInfo *info;
  const char *name;
  SsdbIoResult *io;
  Progress pr = { 0 };
  guint runs, done = 0;
  double fill_share = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  spec = &result->spec;
  info = ssdb_target_get_info (target);
  name = ssdb_target_get_display_name (target);

  if (!ssdb_sweep_result_check (result, info, error)
      || !ssdb_sweep_sizes (spec, MAX (info->logical_block_size, info->dio_offset_align),
                            result->sizes, &result->n_sizes, error))
    return FALSE;
  spec->start_size = result->sizes[0];
  if (spec->do_write && !ssdb_target_is_writable (target))
    {
      const char *why = ssdb_target_get_write_refusal (target);

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, "A write sweep on %s was refused: %s",
                   name, why ? why : "writes are not allowed");
      return FALSE;
    }
  /* Every job is checked before any I/O, so bad settings change nothing. */
  for (guint i = 0; i < result->n_sizes; i++)
    {
      SsdbJobSpec job;

      job_for (spec, result->sizes[i], spec->do_write ? SSDB_RW_WRITE : SSDB_RW_READ, i, &job);
      if (!ssdb_job_spec_validate (&job, target, error))
        return FALSE;
    }

  if (spec->do_read && ssdb_target_is_writable (target)
      && (spec->fill || info->kind == SSDB_TARGET_FILE))
    {
      gint64 t0 = g_get_monotonic_time ();

      fill_share = 0.05;
      if (progress)
        progress (result, 0, SSDB_RW_WRITE, 0, user_data);
      if (!ssdb_target_fill (target, spec->span_offset,
                             spec->span_length / info->dio_offset_align * info->dio_offset_align,
                             spec->seed, NULL, NULL, cancellable, error))
        {
          if (g_error_matches (*error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
            result->cancelled = TRUE;
          return FALSE;
        }
      result->prepare_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
    }

  runs = result->n_sizes * ((spec->do_read ? 1 : 0) + (spec->do_write ? 1 : 0));
  pr.result = result;
  pr.func = progress;
  pr.data = user_data;
  pr.duration_ns = spec->duration_ns;
  pr.bytes = spec->step_bytes;
  pr.share = (1.0 - fill_share) / runs;
  io = g_new0 (SsdbIoResult, 1);

  /* ATTO's order: at each size, write and then read. */
  for (guint i = 0; i < result->n_sizes && ok; i++)
    for (guint pass = 0; pass < 2 && ok; pass++)
      {
        SsdbRw rw = pass == 0 ? SSDB_RW_WRITE : SSDB_RW_READ;
        SsdbSweepPoint p = { 0 };
        SsdbJobSpec job;
        g_autofree char *jobname = NULL, *sz = NULL;

        if ((rw == SSDB_RW_WRITE && !spec->do_write) || (rw == SSDB_RW_READ && !spec->do_read))
          continue;
        job_for (spec, result->sizes[i], rw, i, &job);
        pr.size = job.block_size;
        pr.rw = rw;
        pr.base = fill_share + pr.share * done;
        ok = ssdb_io_run (target, &job, progress ? on_sample : NULL, &pr, cancellable, io, error);
        if (!ok)
          {
            result->cancelled = io->cancelled;
            break;
          }
        sz = ssdb_format_transfer_size (job.block_size);
        jobname = g_strdup_printf ("atto_%s_%s", sz, ssdb_rw_to_string (rw));
        p.size = job.block_size;
        p.rw = rw;
        p.ios = io->ios;
        p.bytes = io->bytes;
        p.window_ns = io->window_ns;
        p.bytes_per_second = io->bytes_per_second;
        p.iops = io->iops;
        p.mean_ns = ssdb_histogram_mean_ns (&io->latency);
        p.p99_ns = ssdb_histogram_percentile_ns (&io->latency, 99);
        p.max_ns = io->latency.max_ns;
        p.mean_inflight = io->mean_inflight;
        p.cpu_ns = io->cpu_user_ns + io->cpu_system_ns;
        p.fio_command = ssdb_job_spec_to_fio (&job, target, jobname);
        g_array_append_val (rw == SSDB_RW_READ ? result->read : result->write, p);
        ssdb_sweep_summarize (result);
        done++;
        /* No verdict while the sweep goes on: the best rates for the chart, the words at the
         * end. */
        if (done < runs)
          g_clear_pointer (&result->words, g_free);
        if (progress)
          progress (result, job.block_size, rw, fill_share + pr.share * done, user_data);
      }
  g_free (io);
  if (!ok && done > 0)
    {
      /* A stopped sweep: the words of the sizes measured, and that they cover only those. */
      ssdb_sweep_summarize (result);
      append_stopped (result, done, runs);
    }
  return ok;
}

gboolean
ssdb_sweep_run (SsdbTarget *target, SsdbSweepResult *result, SsdbSweepProgressFunc progress,
                gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbRunRecording *recording
      = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_SWEEP, target, result, error);
  gboolean ok
      = recording != NULL && run_sweep (target, result, progress, user_data, cancellable, error);

  ssdb_test_kind_recording_end (SSDB_TEST_KIND_SWEEP, target, result, recording);
  return ok;
}

gboolean
ssdb_sweep_result_check (const SsdbSweepResult *result, const SsdbTargetInfo *target,
                         GError **error)
{
  const SsdbSweepSpec *spec;
  guint sizes[SSDB_SWEEP_MAX_SIZES];
  guint n_sizes, block;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  if (!spec->do_read && !spec->do_write)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The sweep needs reads, writes or both");
      return FALSE;
    }
  if (spec->duration_ns == 0 && spec->step_bytes == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Each size needs a duration or an amount of data to transfer");
      return FALSE;
    }
  /* Unknown before the target is opened: the smallest any target has. */
  block = MAX (target->logical_block_size, target->dio_offset_align);
  if (!ssdb_sweep_sizes (spec, block ? block : 512, sizes, &n_sizes, error))
    return FALSE;
  if (spec->span_length < sizes[n_sizes - 1])
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The span (%" G_GUINT64_FORMAT " bytes) is smaller than the end size (%u "
                   "bytes)",
                   spec->span_length, sizes[n_sizes - 1]);
      return FALSE;
    }
  return ssdb_spec_check_span (spec->span_offset, spec->span_length, target, error);
}

char *
ssdb_sweep_result_dup_words (const SsdbSweepResult *result)
{
  SsdbSweepResult *copy;
  char *words;
  guint runs;

  g_return_val_if_fail (result != NULL, NULL);
  copy = ssdb_sweep_result_dup (result);
  ssdb_sweep_summarize (copy);
  runs = copy->n_sizes * ((copy->spec.do_read ? 1 : 0) + (copy->spec.do_write ? 1 : 0));
  append_stopped (copy, copy->read->len + copy->write->len, runs);
  words = g_steal_pointer (&copy->words);
  ssdb_sweep_result_free (copy);
  return words;
}
