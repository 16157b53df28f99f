/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-asssd.h"

#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-target-fill.h"
#include "ssdb-test-kind.h"
#include "ssdb-units.h"

#include <string.h>

/* AS SSD Benchmark (Alex Intelligent Software): "Seq" reads and writes a 1 GB test file in
 * 16 MB blocks, "4K" random 4 KB blocks one at a time, "4K-64Thrd" the same from 64 threads,
 * "Acc.time" 4 KB reads over the whole drive and 512-byte writes in the test file; each test
 * reads, then writes; the scores weigh the MB/s (ssdb_asssd_score_of_rates()). Here every
 * measurement runs for a fixed time on the engine's job runner instead of over a fixed number
 * of bytes. */

#define NS_PER_S G_GUINT64_CONSTANT (1000000000)
#define K4 4096u

void
ssdb_asssd_spec_init (SsdbAsssdSpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->do_read = TRUE;
  spec->do_write = FALSE;
  spec->test_duration_ns = 3 * NS_PER_S;
  spec->data = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
  spec->seed = 1;
}

guint
ssdb_asssd_index (SsdbAsssdTest test, SsdbRw rw)
{
  g_return_val_if_fail ((guint)test < SSDB_ASSSD_N_TESTS, 0);
  return (guint)test * 2 + (rw == SSDB_RW_WRITE ? 1 : 0);
}

const char *
ssdb_asssd_test_name (SsdbAsssdTest test)
{
  static const char *const names[SSDB_ASSSD_N_TESTS] = { "Seq", "4K", "4K-64Thrd", "Acc.time" };

  g_return_val_if_fail ((guint)test < SSDB_ASSSD_N_TESTS, names[0]);
  return names[test];
}

/* The transfer size of @test in @rw; 0 for the access-time write until the target is known. */
static guint
block_of (SsdbAsssdTest test, SsdbRw rw)
{
  if (test == SSDB_ASSSD_SEQ)
    return SSDB_ASSSD_SEQ_BLOCK;
  if (test == SSDB_ASSSD_ACCESS && rw == SSDB_RW_WRITE)
    return 0;
  return K4;
}

SsdbAsssdResult *
ssdb_asssd_result_new (const SsdbAsssdSpec *spec)
{
  SsdbAsssdResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbAsssdResult, 1);
  r->spec = *spec;
  for (guint t = 0; t < SSDB_ASSSD_N_TESTS; t++)
    for (guint d = 0; d < 2; d++)
      {
        SsdbAsssdEntry *e = &r->entries[t * 2 + d];
        gboolean asked = d == 0 ? spec->do_read : spec->do_write;

        e->test = (SsdbAsssdTest)t;
        e->rw = d == 0 ? SSDB_RW_READ : SSDB_RW_WRITE;
        e->state = asked ? SSDB_ENTRY_PENDING : SSDB_ENTRY_SKIPPED;
        e->block_size = block_of (e->test, e->rw);
        e->threads = t == SSDB_ASSSD_4K64 ? SSDB_ASSSD_THREADS : 1;
      }
  return r;
}

void
ssdb_asssd_result_free (SsdbAsssdResult *result)
{
  if (result == NULL)
    return;
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    g_free (result->entries[i].fio_command);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbAsssdResult *
ssdb_asssd_result_dup (const SsdbAsssdResult *result)
{
  SsdbAsssdResult *r;

  if (result == NULL)
    return NULL;
  r = g_new (SsdbAsssdResult, 1);
  *r = *result;
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    r->entries[i].fio_command = g_strdup (result->entries[i].fio_command);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

/* -------------------------------------------------------------------------------------------- */
/* Scores */

/* The weights (Tom's Hardware, "Three PCI Express-Based SSDs", page "New AS SSD Benchmark",
 * tomshardware.com/reviews/pci-express-ssd,2952-6.html; the same in
 * ssd-tester.com/text_score.php) were checked against published AS SSD results whose six rates
 * and three scores are all given (tests/test-asssd.c does the arithmetic):
 * - Samsung 960 EVO 500 GB, AS SSD 1.9.5986
 *   (gist.github.com/nwgat/603c455cb46392789f76d34c56e9be6f): Seq 1353.82 / 1178.03, 4K 37.38 /
 *   80.51, 4K-64Thrd 671.87 / 720.75 MB/s; scores 845, 919, total 2196: the formulas give 844.6,
 *   919.1 and 2195.9.
 * - Crucial MX500 500 GB, AS SSD 2.0.7316, 1 GB (a table of results in a public notes
 *   repository, rates as whole numbers): Seq 520 / 471, 4K 33 / 76, 4K-64Thrd 374 / 323;
 *   scores 460, 447, total 1152: the formulas give 459.0, 446.1 and 1148.7, within what the
 *   rounding of the six rates and of the total allows (±3.4); the same table's Samsung 860 EVO
 *   and 870 EVO rows agree likewise (1190.2 for 1192, 1206.0 for 1209).
 * Another weighting in circulation (4K write and 4K-64Thrd write × 1.5, 4K read × 1) gives 2223
 * for the first result, not 2196. */

double
ssdb_asssd_score_of_rates (double seq, double k4, double k4_64)
{
  return 0.1 * seq + k4 + k4_64;
}

double
ssdb_asssd_total_of_rates (double seq_read, double seq_write, double k4_read, double k4_write,
                           double k4_64_read, double k4_64_write)
{
  return 0.15 * seq_write + 0.1 * seq_read + 2 * k4_read + k4_write + 1.5 * k4_64_read
         + k4_64_write;
}

/* The MB/s of @test in @rw, FALSE unless it ran to its end. */
static gboolean
done_rate (const SsdbAsssdResult *r, SsdbAsssdTest test, SsdbRw rw, double *mbps)
{
  const SsdbAsssdEntry *e = &r->entries[ssdb_asssd_index (test, rw)];

  *mbps = e->bytes_per_second / 1e6;
  return e->state == SSDB_ENTRY_DONE;
}

gboolean
ssdb_asssd_result_score (const SsdbAsssdResult *result, SsdbRw rw, double *score)
{
  double seq, k4, k64;

  g_return_val_if_fail (result != NULL && score != NULL, FALSE);

  if (!done_rate (result, SSDB_ASSSD_SEQ, rw, &seq) || !done_rate (result, SSDB_ASSSD_4K, rw, &k4)
      || !done_rate (result, SSDB_ASSSD_4K64, rw, &k64))
    return FALSE;
  *score = ssdb_asssd_score_of_rates (seq, k4, k64);
  return TRUE;
}

gboolean
ssdb_asssd_result_total (const SsdbAsssdResult *result, double *total)
{
  double sr, sw, kr, kw, k64r, k64w;

  g_return_val_if_fail (result != NULL && total != NULL, FALSE);

  if (!done_rate (result, SSDB_ASSSD_SEQ, SSDB_RW_READ, &sr)
      || !done_rate (result, SSDB_ASSSD_SEQ, SSDB_RW_WRITE, &sw)
      || !done_rate (result, SSDB_ASSSD_4K, SSDB_RW_READ, &kr)
      || !done_rate (result, SSDB_ASSSD_4K, SSDB_RW_WRITE, &kw)
      || !done_rate (result, SSDB_ASSSD_4K64, SSDB_RW_READ, &k64r)
      || !done_rate (result, SSDB_ASSSD_4K64, SSDB_RW_WRITE, &k64w))
    return FALSE;
  *total = ssdb_asssd_total_of_rates (sr, sw, kr, kw, k64r, k64w);
  return TRUE;
}

/* -------------------------------------------------------------------------------------------- */
/* Settings */

/* The span a run measures: the spec's, or 1 GiB, or to the end of a smaller target. */
static guint64
span_of (const SsdbAsssdSpec *spec, guint64 target_bytes)
{
  if (spec->span_length > 0)
    return spec->span_length;
  if (target_bytes == 0)
    return SSDB_ASSSD_DEFAULT_SPAN;
  if (spec->span_offset >= target_bytes)
    return 0;
  return MIN (SSDB_ASSSD_DEFAULT_SPAN, target_bytes - spec->span_offset);
}

gboolean
ssdb_asssd_result_check (const SsdbAsssdResult *result, const SsdbTargetInfo *target,
                         GError **error)
{
  const SsdbAsssdSpec *spec;
  g_autofree char *name = NULL;
  guint64 span;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  name = ssdb_target_info_dup_display_name (target);
  if (!ssdb_spec_check_directions (spec->do_read, spec->do_write, "The AS SSD suite", target,
                                   error))
    return FALSE;
  if (spec->test_duration_ns < NS_PER_S / 100 || spec->test_duration_ns > 3600 * NS_PER_S)
    SSDB_SPEC_INVALID ("The duration of each test %.3f s is out of range (0.01 to 3600 s)",
                       (double)spec->test_duration_ns / 1e9);
  if (spec->data.kind > SSDB_DATA_COMPRESSIBLE || spec->data.compressible_percent > 100)
    SSDB_SPEC_INVALID ("Unknown data pattern");
  if (target->size_bytes > 0 && spec->span_offset >= target->size_bytes)
    SSDB_SPEC_INVALID ("The span's offset %" G_GUINT64_FORMAT
                       " bytes is past the end of %s (%" G_GUINT64_FORMAT " bytes)",
                       spec->span_offset, name, target->size_bytes);
  span = span_of (spec, target->size_bytes);
  if (!ssdb_spec_check_span (spec->span_offset, span, target, error)
      || !ssdb_spec_check_span_holds (spec->span_offset, span, SSDB_ASSSD_SEQ_BLOCK, target, error))
    return FALSE;
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      const SsdbAsssdEntry *e = &result->entries[i];
      gboolean asked = e->rw == SSDB_RW_READ ? spec->do_read : spec->do_write;

      if (e->test != (SsdbAsssdTest)(i / 2) || e->rw != (i % 2 ? SSDB_RW_WRITE : SSDB_RW_READ)
          || (e->state == SSDB_ENTRY_SKIPPED) == asked)
        SSDB_SPEC_INVALID ("The result was not made for these settings (entry %u)", i);
    }
  return TRUE;
}

gboolean
ssdb_asssd_estimate (const SsdbAsssdResult *result, guint64 target_bytes, SsdbRunEstimate *out)
{
  const SsdbAsssdSpec *spec;

  g_return_val_if_fail (result != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  spec = &result->spec;
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    if (result->entries[i].state == SSDB_ENTRY_PENDING)
      out->timed_ns += spec->test_duration_ns;
  if (spec->fill && spec->do_read)
    out->write_bytes = span_of (spec, target_bytes);
  return TRUE;
}

/* -------------------------------------------------------------------------------------------- */
/* The run */

typedef struct
{
  SsdbAsssdResult *result;
  SsdbAsssdProgressFunc func;
  gpointer data;
  int entry;
  double base;
  double share;
} Progress;

static void
on_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  Progress *pr = user_data;
  SsdbAsssdEntry *e = &pr->result->entries[pr->entry];
  double f;

  e->ios = ios;
  e->bytes = bytes;
  e->window_ns = elapsed_ns;
  e->iops = elapsed_ns ? (double)ios * 1e9 / (double)elapsed_ns : 0;
  e->bytes_per_second = elapsed_ns ? (double)bytes * 1e9 / (double)elapsed_ns : 0;
  f = CLAMP ((double)elapsed_ns / (double)pr->result->spec.test_duration_ns, 0.0, 1.0);
  pr->func (pr->result, pr->entry, pr->base + pr->share * f, pr->data);
}

static void
on_fill_progress (guint64 done, guint64 total, gpointer user_data)
{
  Progress *pr = user_data;

  if (total > 0)
    pr->func (pr->result, -1, pr->share * (double)done / (double)total, pr->data);
}

/* The job of @e; the access-time read covers the whole target (AS SSD's full stroke). */
static void
job_for (const SsdbAsssdSpec *spec, const SsdbAsssdEntry *e, guint index, guint64 target_bytes,
         SsdbJobSpec *job)
{
  ssdb_job_spec_init (job);
  job->rw = e->rw;
  job->access = e->test == SSDB_ASSSD_SEQ ? SSDB_ACCESS_SEQUENTIAL : SSDB_ACCESS_RANDOM;
  job->block_size = e->block_size;
  job->queue_depth = 1;
  job->threads = e->threads;
  job->offset = spec->span_offset;
  job->length = spec->span_length;
  if (e->test == SSDB_ASSSD_ACCESS && e->rw == SSDB_RW_READ)
    {
      job->offset = 0;
      job->length = target_bytes / K4 * K4;
    }
  job->duration_ns = spec->test_duration_ns;
  job->data = spec->data;
  job->seed = spec->seed + index;
  job->sample_interval_ns = 200 * G_GUINT64_CONSTANT (1000000);
}

static gboolean
run_asssd (SsdbTarget *target, SsdbAsssdResult *result, SsdbAsssdProgressFunc progress,
           gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbAsssdSpec *spec = &result->spec;
  const SsdbTargetInfo *info = ssdb_target_get_info (target);
  const char *name = ssdb_target_get_display_name (target);
  gboolean writable = ssdb_target_is_writable (target);
  Progress pr = { 0 };
  double fill_share = 0;
  guint block, n_run = 0;

  if (!ssdb_asssd_result_check (result, info, error))
    return FALSE;
  if (spec->do_write && !writable)
    {
      const char *why = ssdb_target_get_write_refusal (target);

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                   "An AS SSD write test on %s was refused: %s", name,
                   why ? why : "writes are not allowed");
      return FALSE;
    }

  spec->span_length = span_of (spec, info->size_bytes);
  block = MAX (MAX (info->logical_block_size, info->dio_offset_align), 512u);
  result->entries[ssdb_asssd_index (SSDB_ASSSD_ACCESS, SSDB_RW_WRITE)].block_size = block;

  /* Every job is checked before any I/O, so bad settings change nothing. */
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      SsdbAsssdEntry *e = &result->entries[i];
      g_autofree char *jobname = NULL;
      SsdbJobSpec job;

      if (e->state == SSDB_ENTRY_SKIPPED)
        continue;
      n_run++;
      job_for (spec, e, i, info->size_bytes, &job);
      if (!ssdb_job_spec_validate (&job, target, error))
        return FALSE;
      jobname = g_strdup_printf ("asssd_%s_%s", ssdb_asssd_test_name (e->test),
                                 ssdb_rw_to_string (e->rw));
      g_strdelimit (jobname, ".-", '_');
      g_free (e->fio_command);
      e->fio_command = ssdb_job_spec_to_fio (&job, target, jobname);
      e->engine = ssdb_job_spec_engine (&job, target, NULL);
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
          double fill_ns = (double)spec->span_length / SSDB_ESTIMATE_BYTES_PER_SECOND * 1e9;

          fill_share
              = CLAMP (fill_ns / (fill_ns + (double)(n_run * spec->test_duration_ns)), 0.05, 0.95);
          pr.entry = -1;
          pr.share = fill_share;
          if (progress)
            progress (result, -1, 0, user_data);
        }
      if (!ssdb_target_prepare_span (target, spec->span_offset, spec->span_length, block,
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

  pr.share = (1.0 - fill_share) / MAX (n_run, 1u);
  pr.base = fill_share;
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      SsdbAsssdEntry *e = &result->entries[i];
      g_autofree SsdbIoResult *io = g_new0 (SsdbIoResult, 1);
      g_autoptr (GError) local = NULL;
      SsdbJobSpec job;
      gboolean ok;

      if (e->state == SSDB_ENTRY_SKIPPED)
        continue;
      job_for (spec, e, i, info->size_bytes, &job);
      pr.entry = (int)i;
      e->state = SSDB_ENTRY_RUNNING;
      if (progress)
        progress (result, (int)i, pr.base, user_data);
      ok = ssdb_io_run (target, &job, progress ? on_sample : NULL, &pr, cancellable, io, &local);
      ssdb_io_measure_set_result (&e->measure, io);
      if (!ok)
        {
          gboolean cancelled = g_error_matches (local, SSDB_ERROR, SSDB_ERROR_CANCELLED);

          g_propagate_error (error, g_steal_pointer (&local));
          e->state = cancelled ? SSDB_ENTRY_CANCELLED : SSDB_ENTRY_FAILED;
          result->cancelled = cancelled;
          if (progress)
            progress (result, (int)i, pr.base + pr.share, user_data);
          return FALSE;
        }
      e->state = SSDB_ENTRY_DONE;
      pr.base += pr.share;
      if (progress)
        progress (result, (int)i, MIN (pr.base, 1.0), user_data);
    }
  return TRUE;
}

gboolean
ssdb_asssd_run (SsdbTarget *target, SsdbAsssdResult *result, SsdbAsssdProgressFunc progress,
                gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbRunRecording *recording;
  gboolean ok;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  recording = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_ASSSD, target, result, error);
  ok = recording != NULL && run_asssd (target, result, progress, user_data, cancellable, error);
  ssdb_test_kind_recording_end (SSDB_TEST_KIND_ASSSD, target, result, recording);
  return ok;
}
