/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-workload.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-test-kind.h"
#include "ssdb-target-fill.h"
#include "ssdb-units.h"

#include <string.h>

#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

/* ---- running ---- */

static void
clear_step (gpointer data)
{
  SsdbWorkloadCycleStep *step = data;

  g_clear_pointer (&step->fio_command, g_free);
}

SsdbWorkloadResult *
ssdb_workload_result_new (const SsdbWorkloadSpec *spec)
{
  SsdbWorkloadResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbWorkloadResult, 1);
  r->spec = *spec;
  r->workers = g_array_new (FALSE, TRUE, sizeof (SsdbWorkloadStats));
  r->cycle = g_array_new (FALSE, TRUE, sizeof (SsdbWorkloadCycleStep));
  g_array_set_clear_func (r->cycle, clear_step);
  ssdb_histogram_reset (&r->latency);
  ssdb_workload_result_reset_cycle (r);
  return r;
}

void
ssdb_workload_result_reset_cycle (SsdbWorkloadResult *result)
{
  g_return_if_fail (result != NULL);

  g_array_set_size (result->cycle, 0);
  for (guint i = 0; i < result->spec.n_cycle_depths && i < SSDB_WORKLOAD_MAX_CYCLE; i++)
    {
      SsdbWorkloadCycleStep step = { 0 };

      step.queue_depth = result->spec.cycle_depths[i];
      step.state = SSDB_WORKLOAD_STEP_PENDING;
      g_array_append_val (result->cycle, step);
    }
}

const SsdbWorkloadCycleStep *
ssdb_workload_result_last_step (const SsdbWorkloadResult *result)
{
  const SsdbWorkloadCycleStep *last = NULL;

  g_return_val_if_fail (result != NULL, NULL);

  for (guint i = 0; result->cycle && i < result->cycle->len; i++)
    {
      const SsdbWorkloadCycleStep *st = &g_array_index (result->cycle, SsdbWorkloadCycleStep, i);

      if (st->state != SSDB_WORKLOAD_STEP_PENDING)
        last = st;
    }
  return last;
}

const char *
ssdb_workload_step_state_to_string (SsdbWorkloadStepState state)
{
  switch (state)
    {
      case SSDB_WORKLOAD_STEP_PENDING:
        return "pending";
      case SSDB_WORKLOAD_STEP_DONE:
        return "done";
      case SSDB_WORKLOAD_STEP_CANCELLED:
        return "cancelled";
      default:
        g_return_val_if_reached (NULL);
    }
}

void
ssdb_workload_result_free (SsdbWorkloadResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->workers);
  g_clear_pointer (&result->cycle, g_array_unref);
  g_free (result->fio_command);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbWorkloadResult *
ssdb_workload_result_dup (const SsdbWorkloadResult *result)
{
  SsdbWorkloadResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbWorkloadResult, 1);
  *r = *result;
  r->workers = g_array_copy (result->workers);
  r->cycle = g_array_new (FALSE, TRUE, sizeof (SsdbWorkloadCycleStep));
  g_array_set_clear_func (r->cycle, clear_step);
  for (guint i = 0; result->cycle && i < result->cycle->len; i++)
    {
      SsdbWorkloadCycleStep step = g_array_index (result->cycle, SsdbWorkloadCycleStep, i);

      step.fio_command = g_strdup (step.fio_command);
      g_array_append_val (r->cycle, step);
    }
  r->fio_command = g_strdup (result->fio_command);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

void
ssdb_workload_stats_direction (const SsdbWorkloadStats *s, SsdbRw rw, SsdbWorkloadStats *out)
{
  const SsdbWorkloadDirection *d;

  g_return_if_fail (s != NULL && out != NULL);
  g_return_if_fail (rw == SSDB_RW_READ || rw == SSDB_RW_WRITE);

  d = rw == SSDB_RW_READ ? &s->read : &s->write;
  memset (out, 0, sizeof *out);
  out->ios = rw == SSDB_RW_READ ? s->read_ios : s->write_ios;
  out->read_ios = rw == SSDB_RW_READ ? out->ios : 0;
  out->write_ios = rw == SSDB_RW_WRITE ? out->ios : 0;
  out->bytes = d->bytes;
  out->window_ns = s->window_ns;
  out->iops = d->iops;
  out->bytes_per_second = d->bytes_per_second;
  out->mean_ns = d->mean_ns;
  out->p99_ns = d->p99_ns;
  out->max_ns = d->max_ns;
  out->mean_inflight = d->iops * d->mean_ns / 1e9;
  if (rw == SSDB_RW_READ)
    out->read = *d;
  else
    out->write = *d;
}

typedef struct _Run Run;

typedef struct
{
  Run *run;
  guint index;
  SsdbJobSpec job;
  SsdbIoResult *io;
  GThread *thread;
  GError *error;
  /* What the measured run completed so far, from its I/O samples (under live_lock): the
   * requests and bytes, and the reads and the writes apart with their response times. */
  GMutex live_lock;
  guint64 live_ios, live_bytes, live_ns;
  SsdbIoSoFar *live;
} Worker;

/* The measured run's samples of one worker: its totals so far. */
static void
on_worker_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  Worker *w = user_data;

  g_mutex_lock (&w->live_lock);
  w->live_ios = ios;
  w->live_bytes = bytes;
  w->live_ns = elapsed_ns;
  g_mutex_unlock (&w->live_lock);
}

/* Just before each sample: the reads and the writes so far apart (the copy takes microseconds,
 * on the worker's own thread, not on its I/O thread). */
static void
on_worker_so_far (const SsdbIoSoFar *so_far, gpointer user_data)
{
  Worker *w = user_data;

  g_mutex_lock (&w->live_lock);
  memcpy (w->live, so_far, sizeof *so_far);
  g_mutex_unlock (&w->live_lock);
}

struct _Run
{
  SsdbTarget *target;
  const SsdbWorkloadSpec *spec;
  GCancellable *stop;
  GMutex mutex;
  GCond cond;
  guint arrived;
  guint generation;
  guint finished;
  gboolean failed;
  gboolean abort;
  gint64 measure_start_us;
};

/* All workers meet here; returns FALSE when one of them failed. */
static gboolean
barrier (Run *run)
{
  gboolean ok;

  g_mutex_lock (&run->mutex);
  if (!run->abort)
    {
      guint gen = run->generation;

      if (++run->arrived == run->spec->workers)
        {
          run->arrived = 0;
          run->generation++;
          g_cond_broadcast (&run->cond);
        }
      else
        while (gen == run->generation && !run->abort)
          g_cond_wait (&run->cond, &run->mutex);
    }
  ok = !run->failed && !run->abort;
  g_mutex_unlock (&run->mutex);
  return ok;
}

static void
worker_failed (Worker *w)
{
  g_mutex_lock (&w->run->mutex);
  w->run->failed = TRUE;
  g_mutex_unlock (&w->run->mutex);
  /* Stop the others at once. */
  g_cancellable_cancel (w->run->stop);
}

static gpointer
worker_main (gpointer data)
{
  Worker *w = data;
  Run *run = w->run;

  if (run->spec->ramp_ns > 0)
    {
      SsdbJobSpec ramp = w->job;

      ramp.duration_ns = run->spec->ramp_ns;
      ramp.seed = w->job.seed ^ G_GUINT64_CONSTANT (0x5a5a5a5a);
      ramp.so_far_func = NULL;
      if (barrier (run)
          && !ssdb_io_run (run->target, &ramp, NULL, NULL, run->stop, w->io, &w->error))
        worker_failed (w);
    }
  if (barrier (run))
    {
      g_mutex_lock (&run->mutex);
      if (run->measure_start_us == 0)
        run->measure_start_us = g_get_monotonic_time ();
      g_mutex_unlock (&run->mutex);
      if (!ssdb_io_run (run->target, &w->job, on_worker_sample, w, run->stop, w->io, &w->error))
        worker_failed (w);
    }
  else
    memset (w->io, 0, sizeof *w->io);

  g_mutex_lock (&run->mutex);
  run->finished++;
  g_cond_broadcast (&run->cond);
  g_mutex_unlock (&run->mutex);
  return NULL;
}

/* The response times of one direction: a worker's, or the total's from the workers' merged
 * histograms. */
static void
direction_latency (SsdbWorkloadDirection *d, const SsdbHistogram *h)
{
  d->mean_ns = ssdb_histogram_mean_ns (h);
  d->p99_ns = ssdb_histogram_percentile_ns (h, 99);
  d->max_ns = h->max_ns;
}

/* One direction of a worker: @ios requests and @bytes over @ns (its window, or its time so far
 * while it runs), and their response times @h. */
static void
direction_set (SsdbWorkloadDirection *d, guint64 bytes, guint64 ios, guint64 ns,
               const SsdbHistogram *h)
{
  d->bytes = bytes;
  d->iops = ns > 0 ? (double)ios * 1e9 / (double)ns : 0;
  d->bytes_per_second = ns > 0 ? (double)bytes * 1e9 / (double)ns : 0;
  direction_latency (d, h);
}

static void
stats_from_io (const SsdbIoResult *io, guint n_mix, SsdbWorkloadStats *s)
{
  memset (s, 0, sizeof *s);
  s->ios = io->ios;
  s->bytes = io->bytes;
  s->read_ios = io->read_ios;
  s->write_ios = io->write_ios;
  s->random_ios = io->random_ios;
  memcpy (s->size_ios, io->size_ios, sizeof (guint64) * n_mix);
  s->window_ns = io->window_ns;
  s->iops = io->iops;
  s->bytes_per_second = io->bytes_per_second;
  s->mean_ns = ssdb_histogram_mean_ns (&io->latency);
  s->p99_ns = ssdb_histogram_percentile_ns (&io->latency, 99);
  s->max_ns = io->latency.max_ns;
  s->mean_inflight = io->mean_inflight;
  s->cpu_ns = io->cpu_user_ns + io->cpu_system_ns;
  direction_set (&s->read, io->read_bytes, io->read_ios, io->window_ns, &io->read_latency);
  direction_set (&s->write, io->write_bytes, io->write_ios, io->window_ns, &io->write_latency);
}

/* Adds direction @d of a worker into the total's @t (its response times come from the merged
 * histograms). */
static void
direction_add (SsdbWorkloadDirection *t, const SsdbWorkloadDirection *d)
{
  t->bytes += d->bytes;
  t->iops += d->iops;
  t->bytes_per_second += d->bytes_per_second;
}

/* The measured run so far, from the workers' samples: per worker and in total their requests,
 * bytes, rates and response times (mean, p99, max), the reads and the writes apart (not the
 * latency histogram: the chart's distribution comes at the end, as the words do). Rates are over
 * each worker's time so far; the total adds them as at the end. No random, size, in-flight or CPU
 * counts: those come with the end of the run. */
static void
publish_live (SsdbWorkloadResult *result, Worker *workers, guint n)
{
  SsdbWorkloadStats *t = &result->total;
  g_autofree SsdbIoSoFar *so_far = g_new (SsdbIoSoFar, 1);
  g_autofree SsdbHistogram *reads = ssdb_histogram_new (), *writes = ssdb_histogram_new ();
  g_autofree SsdbHistogram *all = ssdb_histogram_new ();

  g_array_set_size (result->workers, n);
  memset (t, 0, sizeof *t);
  for (guint i = 0; i < n; i++)
    {
      SsdbWorkloadStats *s = &g_array_index (result->workers, SsdbWorkloadStats, i);
      guint64 ns;

      /* one sample's numbers, and the reads and writes of the one just before it */
      memset (s, 0, sizeof *s);
      g_mutex_lock (&workers[i].live_lock);
      ns = workers[i].live_ns;
      s->ios = workers[i].live_ios;
      s->bytes = workers[i].live_bytes;
      memcpy (so_far, workers[i].live, sizeof *so_far);
      g_mutex_unlock (&workers[i].live_lock);
      s->window_ns = ns;
      s->iops = ns > 0 ? (double)s->ios * 1e9 / (double)ns : 0;
      s->bytes_per_second = ns > 0 ? (double)s->bytes * 1e9 / (double)ns : 0;
      s->read_ios = so_far->read_ios;
      s->write_ios = so_far->write_ios;
      direction_set (&s->read, so_far->read_bytes, so_far->read_ios, so_far->elapsed_ns,
                     &so_far->read_latency);
      direction_set (&s->write, so_far->write_bytes, so_far->write_ios, so_far->elapsed_ns,
                     &so_far->write_latency);
      ssdb_histogram_merge (reads, &so_far->read_latency);
      ssdb_histogram_merge (writes, &so_far->write_latency);
      ssdb_histogram_merge (&so_far->read_latency, &so_far->write_latency);
      s->mean_ns = ssdb_histogram_mean_ns (&so_far->read_latency);
      s->p99_ns = ssdb_histogram_percentile_ns (&so_far->read_latency, 99);
      s->max_ns = so_far->read_latency.max_ns;
      t->ios += s->ios;
      t->bytes += s->bytes;
      t->read_ios += s->read_ios;
      t->write_ios += s->write_ios;
      t->window_ns = MAX (t->window_ns, ns);
      t->iops += s->iops;
      t->bytes_per_second += s->bytes_per_second;
      direction_add (&t->read, &s->read);
      direction_add (&t->write, &s->write);
      ssdb_histogram_merge (all, &so_far->read_latency);
    }
  t->mean_ns = ssdb_histogram_mean_ns (all);
  t->p99_ns = ssdb_histogram_percentile_ns (all, 99);
  t->max_ns = all->max_ns;
  direction_latency (&t->read, reads);
  direction_latency (&t->write, writes);
  result->split = TRUE;
  result->live = TRUE;
}

static void
forward_cancel (GCancellable *cancellable, gpointer data)
{
  (void)cancellable;
  g_cancellable_cancel (G_CANCELLABLE (data));
}

/* The job each worker runs over its slice of the span (@spec's span_length resolved), and the
 * slice's length: disjoint slices, whole units of the alignment, as the engine slices threads. */
static void
worker_job (const SsdbWorkloadSpec *spec, const SsdbTargetInfo *info, SsdbJobSpec *job,
            guint64 *slice)
{
  guint64 align;
  guint max_size = 0, max_align = spec->align_bytes;
  gboolean reads = FALSE, writes = FALSE;

  for (guint k = 0; k < spec->n_size_mix; k++)
    {
      const SsdbSizeWeight *l = &spec->size_mix[k];
      guint read_percent = spec->per_line ? l->read_percent : spec->read_percent;

      max_size = MAX (max_size, l->size);
      if (spec->per_line)
        max_align = MAX (max_align, l->align_bytes);
      /* A line of weight 0 never runs: it does not make the job a writing one. */
      reads |= l->weight > 0 && read_percent > 0;
      writes |= l->weight > 0 && read_percent < 100;
    }
  ssdb_job_spec_init (job);
  job->rw = !writes ? SSDB_RW_READ : !reads ? SSDB_RW_WRITE : SSDB_RW_MIX;
  job->read_percent = spec->read_percent;
  /* IOMeter's lines each choose between a random offset and the next one after the previous
   * request: the engine's random access with a share of random offsets per line. */
  job->access
      = spec->random_percent > 0 || spec->per_line ? SSDB_ACCESS_RANDOM : SSDB_ACCESS_SEQUENTIAL;
  job->random_percent = spec->random_percent > 0 ? spec->random_percent : 100;
  job->line_shares = spec->per_line;
  job->block_size = max_size;
  job->queue_depth = spec->queue_depth;
  job->threads = 1;
  job->duration_ns = spec->duration_ns;
  job->total_bytes = 0;
  job->data = spec->data;
  job->seed = spec->seed;
  memcpy (job->size_mix, spec->size_mix, sizeof spec->size_mix);
  job->n_size_mix = spec->n_size_mix;
  job->align_bytes = spec->align_bytes;
  align = MAX ((guint64)MAX (info->logical_block_size, info->dio_offset_align), (guint64)max_align);
  *slice = spec->span_length / spec->workers / MAX (align, 1) * MAX (align, 1);
  job->length = *slice;
  job->offset = spec->span_offset;
}

/* One ramp and measured run of @job (its queue depth) by every worker over its slice: fills
 * @result's job, fio command, workers, total and latency; progress from @f0 to @f1 of the whole. */
static gboolean
run_depth (SsdbTarget *target, SsdbWorkloadResult *result, const SsdbJobSpec *job_in, guint64 slice,
           SsdbWorkloadProgressFunc progress, gpointer user_data, double f0, double f1,
           GCancellable *cancellable, GError **error)
{
  const SsdbWorkloadSpec *spec = &result->spec;
  const char *tname = ssdb_target_get_display_name (target);
  SsdbJobSpec job = *job_in;
  g_autoptr (GCancellable) stop = NULL;
  Run run;
  Worker *workers;
  guint started = 0;
  gulong cancel_id = 0;
  gboolean ok = TRUE;
  GError *first = NULL;
  g_autofree SsdbHistogram *read_latency = NULL, *write_latency = NULL;

  /* The same job as fio runs it: all workers as numjobs over the span. */
  {
    SsdbJobSpec all = job;
    g_autofree char *name = g_strdup_printf ("iometer_%s", spec->name);
    g_autofree char *fio = NULL;

    for (char *c = name; *c; c++)
      if (!g_ascii_isalnum (*c))
        *c = '_';
    all.threads = spec->workers;
    all.length = slice * spec->workers;
    fio = ssdb_job_spec_to_fio (&all, target, name);
    g_free (result->fio_command);
    if (spec->ramp_ns)
      result->fio_command = g_strdup_printf ("%s --ramp_time=%" G_GUINT64_FORMAT "ms", fio,
                                             MAX (spec->ramp_ns / 1000000, 1));
    else
      result->fio_command = g_steal_pointer (&fio);
  }
  result->job = job;

  stop = g_cancellable_new ();
  if (cancellable)
    cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (forward_cancel),
                                       g_object_ref (stop), g_object_unref);
  memset (&run, 0, sizeof run);
  run.target = target;
  run.spec = spec;
  run.stop = stop;
  g_mutex_init (&run.mutex);
  g_cond_init (&run.cond);

  workers = g_new0 (Worker, spec->workers);
  for (guint i = 0; i < spec->workers; i++)
    g_mutex_init (&workers[i].live_lock);
  for (guint i = 0; i < spec->workers; i++)
    {
      Worker *w = &workers[i];

      w->run = &run;
      w->index = i;
      w->job = job;
      /* live numbers twice a second, as IOMeter updates its results display */
      w->job.sample_interval_ns = 500 * G_GUINT64_CONSTANT (1000000);
      w->job.so_far_func = on_worker_so_far;
      w->live = g_new0 (SsdbIoSoFar, 1);
      w->job.offset = spec->span_offset + slice * i;
      w->job.seed = spec->seed + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * i;
      w->io = g_new0 (SsdbIoResult, 1);
    }
  for (guint i = 0; i < spec->workers; i++)
    {
      g_autofree char *name = g_strdup_printf ("ssdb-worker-%u", i);

      workers[i].thread = g_thread_try_new (name, worker_main, &workers[i], &first);
      if (workers[i].thread == NULL)
        break;
      started++;
    }
  if (started < spec->workers)
    {
      /* Release the ones waiting at the barrier: they see the failure and end. */
      g_mutex_lock (&run.mutex);
      run.failed = TRUE;
      run.abort = TRUE;
      g_cond_broadcast (&run.cond);
      g_mutex_unlock (&run.mutex);
    }

  /* Progress from this thread while the workers run. */
  {
    gint64 t0 = g_get_monotonic_time ();
    double total_s = (double)(spec->ramp_ns + spec->duration_ns) / 1e9;
    double span = f1 - f0;

    g_mutex_lock (&run.mutex);
    while (run.finished < started)
      {
        g_cond_wait_until (&run.cond, &run.mutex,
                           g_get_monotonic_time () + 100 * G_TIME_SPAN_MILLISECOND);
        if (progress && run.finished < started)
          {
            double f = (double)(g_get_monotonic_time () - t0) / 1e6 / total_s;
            gboolean measuring = run.measure_start_us != 0;

            g_mutex_unlock (&run.mutex);
            if (measuring)
              publish_live (result, workers, started);
            progress (result, measuring ? "run" : "ramp", f0 + span * CLAMP (f, 0.0, 0.99),
                      user_data);
            g_mutex_lock (&run.mutex);
          }
      }
    g_mutex_unlock (&run.mutex);
  }
  for (guint i = 0; i < started; i++)
    g_thread_join (workers[i].thread);
  if (cancel_id)
    g_cancellable_disconnect (cancellable, cancel_id);

  /* Gather: per worker, and the total as IOMeter adds its workers up. */
  g_array_set_size (result->workers, 0);
  memset (&result->total, 0, sizeof result->total);
  ssdb_histogram_reset (&result->latency);
  read_latency = ssdb_histogram_new ();
  write_latency = ssdb_histogram_new ();
  for (guint i = 0; i < spec->workers; i++)
    {
      Worker *w = &workers[i];
      SsdbWorkloadStats s;
      SsdbWorkloadStats *t = &result->total;

      stats_from_io (w->io, spec->n_size_mix, &s);
      g_array_append_val (result->workers, s);
      t->ios += s.ios;
      t->bytes += s.bytes;
      t->read_ios += s.read_ios;
      t->write_ios += s.write_ios;
      t->random_ios += s.random_ios;
      for (guint k = 0; k < spec->n_size_mix; k++)
        t->size_ios[k] += s.size_ios[k];
      t->window_ns = MAX (t->window_ns, s.window_ns);
      t->iops += s.iops;
      t->bytes_per_second += s.bytes_per_second;
      t->mean_inflight += s.mean_inflight;
      t->cpu_ns += s.cpu_ns;
      direction_add (&t->read, &s.read);
      direction_add (&t->write, &s.write);
      ssdb_histogram_merge (&result->latency, &w->io->latency);
      ssdb_histogram_merge (read_latency, &w->io->read_latency);
      ssdb_histogram_merge (write_latency, &w->io->write_latency);
      /* The first real failure wins over the cancellations it caused in the others. */
      if (w->error && (first == NULL || g_error_matches (first, SSDB_ERROR, SSDB_ERROR_CANCELLED)))
        {
          g_clear_error (&first);
          first = g_steal_pointer (&w->error);
        }
      g_clear_error (&w->error);
      g_free (w->io);
    }
  result->total.mean_ns = ssdb_histogram_mean_ns (&result->latency);
  result->total.p99_ns = ssdb_histogram_percentile_ns (&result->latency, 99);
  result->total.max_ns = result->latency.max_ns;
  direction_latency (&result->total.read, read_latency);
  direction_latency (&result->total.write, write_latency);
  result->split = TRUE;
  result->live = FALSE;
  for (guint i = 0; i < spec->workers; i++)
    {
      g_mutex_clear (&workers[i].live_lock);
      g_free (workers[i].live);
    }
  g_free (workers);
  g_mutex_clear (&run.mutex);
  g_cond_clear (&run.cond);

  if (first == NULL && g_cancellable_is_cancelled (cancellable))
    g_set_error (&first, SSDB_ERROR, SSDB_ERROR_CANCELLED, "Workload “%s” on %s was cancelled",
                 spec->name, tname);
  if (first != NULL)
    {
      result->cancelled = g_error_matches (first, SSDB_ERROR, SSDB_ERROR_CANCELLED);
      g_propagate_error (error, first);
      ok = FALSE;
    }
  return ok;
}

/* The run itself, without what is recorded of the drive meanwhile: once at the specification's
 * queue depth, or once per depth of its cycle. */
static gboolean
run_workload (SsdbTarget *target, SsdbWorkloadResult *result, SsdbWorkloadProgressFunc progress,
              gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbWorkloadSpec *spec;
  const SsdbTargetInfo *info;
  SsdbJobSpec job;
  guint64 slice;
  guint n_steps;
  gboolean ok = TRUE;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  spec = &result->spec;
  info = ssdb_target_get_info (target);
  if (!ssdb_workload_result_check (result, info, error))
    return FALSE;
  if (spec->span_length == 0)
    spec->span_length = info->size_bytes - spec->span_offset;
  worker_job (spec, info, &job, &slice);
  n_steps = spec->n_cycle_depths;
  /* The deepest queue of the cycle is the one the target must allow. */
  if (n_steps > 0)
    job.queue_depth = spec->cycle_depths[n_steps - 1];
  if (!ssdb_job_spec_validate (&job, target, error))
    {
      g_prefix_error (error, "Workload “%s”: ", spec->name);
      return FALSE;
    }
  result->job = job;
  ssdb_workload_result_reset_cycle (result);

  if (spec->read_percent > 0 && info->kind == SSDB_TARGET_FILE && ssdb_target_is_writable (target))
    {
      if (progress)
        progress (result, "prepare", 0, user_data);
      if (!ssdb_target_fill (target, spec->span_offset, slice * spec->workers, spec->seed, NULL,
                             NULL, cancellable, error))
        {
          result->cancelled = g_error_matches (*error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
          return FALSE;
        }
    }

  if (n_steps == 0)
    ok = run_depth (target, result, &job, slice, progress, user_data, 0, 1, cancellable, error);
  for (guint i = 0; i < n_steps && ok; i++)
    {
      SsdbWorkloadCycleStep *step = &g_array_index (result->cycle, SsdbWorkloadCycleStep, i);

      /* Stopped between two depths: the next one stays pending, the result that of the last
       * depth done. */
      if (g_cancellable_is_cancelled (cancellable))
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED,
                       "Workload “%s” on %s was cancelled before queue depth %u", spec->name,
                       ssdb_target_get_display_name (target), step->queue_depth);
          result->cancelled = TRUE;
          ok = FALSE;
          break;
        }
      job.queue_depth = step->queue_depth;
      ok = run_depth (target, result, &job, slice, progress, user_data, (double)i / n_steps,
                      (double)(i + 1) / n_steps, cancellable, error);
      /* A run that failed or was cancelled stopped early: its numbers cover what completed. */
      step = &g_array_index (result->cycle, SsdbWorkloadCycleStep, i);
      step->state = ok ? SSDB_WORKLOAD_STEP_DONE : SSDB_WORKLOAD_STEP_CANCELLED;
      step->total = result->total;
      g_free (step->fio_command);
      step->fio_command = g_strdup (result->fio_command);
    }
  if (progress)
    progress (result, "done", 1.0, user_data);
  return ok;
}

gboolean
ssdb_workload_run (SsdbTarget *target, SsdbWorkloadResult *result,
                   SsdbWorkloadProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                   GError **error)
{
  SsdbRunRecording *recording
      = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_WORKLOAD, target, result, error);
  gboolean ok
      = recording != NULL && run_workload (target, result, progress, user_data, cancellable, error);

  ssdb_test_kind_recording_end (SSDB_TEST_KIND_WORKLOAD, target, result, recording);
  return ok;
}

gboolean
ssdb_workload_result_check (const SsdbWorkloadResult *result, const SsdbTargetInfo *target,
                            GError **error)
{
  SsdbWorkloadSpec spec;
  SsdbJobSpec job;
  guint64 slice;
  g_autofree char *tname = NULL;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = result->spec;
  if (!ssdb_workload_spec_validate (&spec, error))
    return FALSE;
  tname = ssdb_target_info_dup_display_name (target);
  if (target->size_bytes > 0 && spec.span_offset >= target->size_bytes)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Workload “%s”: span_offset %" G_GUINT64_FORMAT " is beyond the end of %s "
                   "(%" G_GUINT64_FORMAT " bytes)",
                   spec.name, spec.span_offset, tname, target->size_bytes);
      return FALSE;
    }
  if (spec.span_length == 0)
    spec.span_length = target->size_bytes - MIN (spec.span_offset, target->size_bytes);
  if (target->size_bytes > 0 && spec.span_length > target->size_bytes - spec.span_offset)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Workload “%s”: the span (span_length %" G_GUINT64_FORMAT " bytes from "
                   "span_offset %" G_GUINT64_FORMAT
                   ") ends beyond the end of %s (%" G_GUINT64_FORMAT " bytes)",
                   spec.name, spec.span_length, spec.span_offset, tname, target->size_bytes);
      return FALSE;
    }
  /* The span of a test file not yet made is its size: not known here. */
  if (spec.span_length == 0)
    return TRUE;
  worker_job (&spec, target, &job, &slice);
  if (spec.n_cycle_depths > 0)
    job.queue_depth = spec.cycle_depths[spec.n_cycle_depths - 1];
  if (!ssdb_job_spec_check (&job, target, error))
    {
      g_prefix_error (error, "Workload “%s”: ", spec.name);
      return FALSE;
    }
  return TRUE;
}
