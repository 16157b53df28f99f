/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-surface.h"
#include "ssdb-openers.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

void
ssdb_surface_spec_init (SsdbSurfaceSpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->samples = 200;
  spec->block_size = 1u << 20;
  spec->sample_bytes = 64 * MiB;
  spec->queue_depth = 1;
  spec->access_samples = 1000;
  spec->access_first_bytes = G_GUINT64_CONSTANT (50000000000);
  spec->burst = TRUE;
  spec->write = SSDB_SURFACE_WRITE_NONE;
  spec->seed = 1;
}

SsdbSurfaceResult *
ssdb_surface_result_new (const SsdbSurfaceSpec *spec)
{
  SsdbSurfaceResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbSurfaceResult, 1);
  r->spec = *spec;
  r->read = g_array_new (FALSE, TRUE, sizeof (SsdbSurfaceSample));
  r->write = g_array_new (FALSE, TRUE, sizeof (SsdbSurfaceSample));
  r->access = g_array_new (FALSE, TRUE, sizeof (SsdbAccessSample));
  return r;
}

void
ssdb_surface_result_free (SsdbSurfaceResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->read);
  g_array_unref (result->write);
  g_array_unref (result->access);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbSurfaceResult *
ssdb_surface_result_dup (const SsdbSurfaceResult *result)
{
  SsdbSurfaceResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbSurfaceResult, 1);
  *r = *result;
  r->read = g_array_copy (result->read);
  r->write = g_array_copy (result->write);
  r->access = g_array_copy (result->access);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

guint64
ssdb_surface_position (guint64 span_offset, guint64 span_length, guint64 sample_bytes,
                       guint samples, guint index, guint align)
{
  unsigned __int128 room, pos;

  g_return_val_if_fail (samples >= 2, span_offset);
  g_return_val_if_fail (index < samples, span_offset);
  g_return_val_if_fail (sample_bytes <= span_length, span_offset);
  g_return_val_if_fail (align > 0, span_offset);

  room = span_length - sample_bytes;
  if (index == samples - 1)
    return span_offset + (guint64)room;
  pos = room * index / (samples - 1);
  pos -= pos % align;
  return span_offset + (guint64)pos;
}

/* Adds sample number @n (1 for the first) of rate @rate to @stats, given the sum of the rates
 * before it: constant time per sample. */
static void
add_to_stats (SsdbRateStats *stats, double *sum, guint n, double rate)
{
  if (n == 1 || rate < stats->min)
    stats->min = rate;
  if (n == 1 || rate > stats->max)
    stats->max = rate;
  *sum += rate;
  stats->mean = *sum / n;
}

static inline guint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (guint64)ts.tv_sec * NS_PER_S + (guint64)ts.tv_nsec;
}

/* Reads [offset, offset + length) into @buf with O_DIRECT preads of @chunk bytes. */
static gboolean
read_region (SsdbTarget *target, guint8 *buf, guint64 offset, guint64 length, guint chunk,
             GError **error)
{
  int fd = ssdb_target_get_fd (target);

  for (guint64 done = 0; done < length;)
    {
      gsize want = (gsize)MIN ((guint64)chunk, length - done);
      ssize_t n = pread (fd, buf + done, want, (off_t)(offset + done));

      if (n < 0 && errno == EINTR)
        continue;
      if (n != (ssize_t)want)
        {
          int errsv = n < 0 ? errno : EIO;

          g_set_error (error, SSDB_ERROR, SSDB_ERROR_IO,
                       "I/O error on %s: read of %" G_GSIZE_FORMAT
                       " bytes at offset %" G_GUINT64_FORMAT " failed: %s (errno %d)",
                       ssdb_target_get_display_name (target), want, offset + done,
                       g_strerror (errsv), errsv);
          return FALSE;
        }
      done += want;
    }
  return TRUE;
}

/* How often rewrite-in-place looks for other writers: a scan of /proc costs milliseconds, a
 * sample can take microseconds. */
#define WRITER_SCAN_INTERVAL_US (100 * G_TIME_SPAN_MILLISECOND)

/* Rewrite-in-place writes back what it read: a program that opened the device for writing
 * meanwhile could lose its writes, so the run stops when one has (looked for before a sample,
 * at most every 100 ms; @last_scan_us is when it was last looked for). */
static gboolean
check_no_other_writer (SsdbTarget *target, gint64 *last_scan_us, GError **error)
{
  const SsdbTargetInfo *info = ssdb_target_get_info (target);
  SsdbOpenTarget t = { TRUE, (guint64)makedev (info->major, info->minor), 0 };
  g_autoptr (GPtrArray) openers = NULL;
  gint64 now = g_get_monotonic_time ();

  if (info->kind != SSDB_TARGET_DEVICE
      || (*last_scan_us != 0 && now - *last_scan_us < WRITER_SCAN_INTERVAL_US))
    return TRUE;
  *last_scan_us = now;
  openers = ssdb_openers_scan (NULL, &t, 1, NULL);
  for (guint i = 0; i < openers->len; i++)
    {
      const SsdbOpener *o = g_ptr_array_index (openers, i);

      if (o->writable && !ssdb_opener_is_system_probe (o))
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                       "Rewrite-in-place stopped: %s (PID %d) opened %s for writing during the "
                       "run, and writing back what was read could undo its writes",
                       o->command, o->pid, ssdb_target_get_display_name (target));
          return FALSE;
        }
    }
  return TRUE;
}

/* Rewrite-in-place of one sample, a chunk of block size x queue depth at a time: read the
 * chunk (untimed), read it again and compare, then write the first copy back (timed, at the
 * sample's block size and queue depth). A chunk that changed between the two reads was written
 * by another program, and writing it back would undo that: the run stops without writing it.
 * What is left open is the time between the second read and the write-back of one chunk. The
 * memory used is two chunks, whatever the sample size. */
static gboolean
rewrite_sample (SsdbTarget *target, const SsdbSurfaceSpec *spec, const SsdbJobSpec *sample,
                guint8 *saved, guint8 *check, guint64 chunk, SsdbIoResult *io, SsdbSurfaceSample *s,
                guint64 *cpu_ns, GCancellable *cancellable, GError **error)
{
  for (guint64 done = 0; done < sample->length;)
    {
      SsdbJobSpec job = *sample;
      guint64 len = MIN (chunk, sample->length - done);

      job.offset = sample->offset + done;
      job.length = len;
      job.total_bytes = len;
      if (!read_region (target, saved, job.offset, len, spec->block_size, error)
          || !read_region (target, check, job.offset, len, spec->block_size, error))
        return FALSE;
      if (memcmp (saved, check, (gsize)len) != 0)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                       "Rewrite-in-place stopped without writing: the %" G_GUINT64_FORMAT
                       " bytes at offset %" G_GUINT64_FORMAT " of %s changed while they were "
                       "being read, so another program writes to the device",
                       len, job.offset, ssdb_target_get_display_name (target));
          return FALSE;
        }
      job.write_source = saved;
      if (!ssdb_io_run (target, &job, NULL, NULL, cancellable, io, error))
        return FALSE;
      s->bytes += io->bytes;
      s->window_ns += io->window_ns;
      *cpu_ns += io->cpu_user_ns + io->cpu_system_ns;
      done += len;
    }
  s->bytes_per_second
      = s->window_ns > 0 ? (double)s->bytes * (double)NS_PER_S / (double)s->window_ns : 0;
  return TRUE;
}

static gboolean
run_curve (SsdbTarget *target, SsdbSurfaceResult *r, SsdbRw rw, GArray *out,
           SsdbSurfaceProgressFunc progress, gpointer user_data, double base, double share,
           GCancellable *cancellable, GError **error)
{
  const SsdbSurfaceSpec *spec = &r->spec;
  const SsdbTargetInfo *info = ssdb_target_get_info (target);
  SsdbIoResult *io = g_new0 (SsdbIoResult, 1);
  gboolean rewrite = rw == SSDB_RW_WRITE && spec->write == SSDB_SURFACE_WRITE_REWRITE;
  guint64 chunk = MIN ((guint64)spec->block_size * MAX (spec->queue_depth, 1u), spec->sample_bytes);
  void *saved = NULL;
  void *check = NULL;
  SsdbRateStats *stats = out == r->read ? &r->read_stats : &r->write_stats;
  double sum = 0;
  gint64 last_scan_us = 0;
  gboolean ok = TRUE;

  memset (stats, 0, sizeof *stats);
  if (rewrite
      && (posix_memalign (&saved, MAX (4096u, info->dio_mem_align), chunk) != 0
          || posix_memalign (&check, MAX (4096u, info->dio_mem_align), chunk) != 0))
    {
      free (saved);
      g_free (io);
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED,
                   "Cannot allocate %" G_GUINT64_FORMAT " bytes for rewrite-in-place", 2 * chunk);
      return FALSE;
    }

  for (guint i = 0; i < spec->samples && ok; i++)
    {
      SsdbJobSpec job;
      SsdbSurfaceSample s = { 0 };

      ssdb_job_spec_init (&job);
      job.rw = rw;
      job.access = SSDB_ACCESS_SEQUENTIAL;
      job.block_size = spec->block_size;
      job.queue_depth = spec->queue_depth;
      job.threads = 1;
      job.offset = ssdb_surface_position (spec->span_offset, spec->span_length, spec->sample_bytes,
                                          spec->samples, i, spec->block_size);
      job.length = spec->sample_bytes;
      job.total_bytes = spec->sample_bytes;
      job.duration_ns = 0;
      job.seed = spec->seed + i;
      s.offset_bytes = job.offset;
      if (rewrite)
        ok = check_no_other_writer (target, &last_scan_us, error)
             && rewrite_sample (target, spec, &job, saved, check, chunk, io, &s, &r->cpu_ns,
                                cancellable, error);
      else
        {
          ok = ssdb_io_run (target, &job, NULL, NULL, cancellable, io, error);
          s.bytes = io->bytes;
          s.window_ns = io->window_ns;
          s.bytes_per_second = io->bytes_per_second;
          r->cpu_ns += io->cpu_user_ns + io->cpu_system_ns;
        }
      if (!ok)
        {
          r->cancelled = io->cancelled;
          break;
        }
      g_array_append_val (out, s);
      add_to_stats (stats, &sum, out->len, s.bytes_per_second);
      if (progress)
        progress (r, rw == SSDB_RW_READ ? "read" : "write",
                  base + share * (double)(i + 1) / spec->samples, user_data);
    }
  g_free (io);
  free (saved);
  free (check);
  return ok;
}

static gboolean
run_access (SsdbTarget *target, SsdbSurfaceResult *r, SsdbSurfaceProgressFunc progress,
            gpointer user_data, double base, double share, GCancellable *cancellable,
            GError **error)
{
  const SsdbSurfaceSpec *spec = &r->spec;
  const SsdbTargetInfo *info = ssdb_target_get_info (target);
  guint blk = MAX (4096u, MAX (info->logical_block_size, info->dio_offset_align));
  guint64 blocks = spec->span_length / blk;
  guint64 sum = 0, first_sum = 0;
  void *buf = NULL;
  SsdbRng rng;
  int fd = ssdb_target_get_fd (target);

  if (spec->access_samples == 0 || blocks == 0)
    return TRUE;
  if (posix_memalign (&buf, MAX (4096u, info->dio_mem_align), blk) != 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, "Cannot allocate a read buffer");
      return FALSE;
    }
  ssdb_rng_init (&rng, spec->seed ^ G_GUINT64_CONSTANT (0xacce55));
  for (guint i = 0; i < spec->access_samples; i++)
    {
      SsdbAccessSample a;
      guint64 t0, t1;
      ssize_t n;

      if (g_cancellable_is_cancelled (cancellable))
        {
          r->cancelled = TRUE;
          free (buf);
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED,
                       "The surface test on %s was "
                       "cancelled",
                       ssdb_target_get_display_name (target));
          return FALSE;
        }
      a.offset_bytes = spec->span_offset + ssdb_rng_below (&rng, blocks) * blk;
      t0 = now_ns ();
      n = pread (fd, buf, blk, (off_t)a.offset_bytes);
      t1 = now_ns ();
      if (n != (ssize_t)blk)
        {
          int errsv = n < 0 ? errno : EIO;

          free (buf);
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_IO,
                       "I/O error on %s: read of %u bytes at offset %" G_GUINT64_FORMAT
                       " failed: %s (errno %d)",
                       ssdb_target_get_display_name (target), blk, a.offset_bytes,
                       g_strerror (errsv), errsv);
          return FALSE;
        }
      a.latency_ns = t1 - t0;
      g_array_append_val (r->access, a);
      sum += a.latency_ns;
      if (a.offset_bytes - spec->span_offset < spec->access_first_bytes)
        {
          first_sum += a.latency_ns;
          r->access_first_count++;
        }
      r->access_mean_ns = (double)sum / r->access->len;
      r->access_first_mean_ns
          = r->access_first_count ? (double)first_sum / r->access_first_count : 0;
      if (progress && (i % 50 == 49 || i + 1 == spec->access_samples))
        progress (r, "access", base + share * (double)(i + 1) / spec->access_samples, user_data);
    }
  free (buf);
  return TRUE;
}

static gboolean
run_burst (SsdbTarget *target, SsdbSurfaceResult *r, GCancellable *cancellable, GError **error)
{
  const SsdbSurfaceSpec *spec = &r->spec;
  SsdbIoResult *io = g_new0 (SsdbIoResult, 1);
  SsdbJobSpec job;
  gboolean ok;

  /* HD Tune's burst rate: the same small region read over and over at a high queue depth, so
   * the drive answers from its cache and the interface sets the pace. */
  ssdb_job_spec_init (&job);
  job.rw = SSDB_RW_READ;
  job.access = SSDB_ACCESS_SEQUENTIAL;
  job.block_size = 64 * 1024;
  job.queue_depth = 32;
  job.threads = 1;
  job.offset = spec->span_offset;
  job.length = MIN (MiB, spec->span_length);
  job.duration_ns = NS_PER_S / 2;
  job.seed = spec->seed;
  if (job.length < job.block_size)
    job.block_size = (guint)job.length;
  ok = ssdb_io_run (target, &job, NULL, NULL, cancellable, io, error);
  if (ok)
    {
      r->burst_bytes_per_second = io->bytes_per_second;
      r->cpu_ns += io->cpu_user_ns + io->cpu_system_ns;
    }
  else
    r->cancelled = io->cancelled;
  g_free (io);
  return ok;
}

/* The read pass, access times, burst rate and write pass, in that order. */
static gboolean
run_passes (SsdbTarget *target, SsdbSurfaceResult *result, SsdbSurfaceProgressFunc progress,
            gpointer user_data, GCancellable *cancellable, GError **error)
{
  const SsdbSurfaceSpec *spec = &result->spec;
  double read_share, write_share, access_share;

  write_share = spec->write != SSDB_SURFACE_WRITE_NONE ? 0.45 : 0;
  access_share = spec->access_samples ? 0.1 : 0;
  read_share = 1.0 - write_share - access_share;

  if (!run_curve (target, result, SSDB_RW_READ, result->read, progress, user_data, 0, read_share,
                  cancellable, error))
    return FALSE;
  if (!run_access (target, result, progress, user_data, read_share, access_share, cancellable,
                   error))
    return FALSE;
  if (spec->burst && !run_burst (target, result, cancellable, error))
    return FALSE;
  if (progress)
    progress (result, "burst", read_share + access_share, user_data);
  if (spec->write != SSDB_SURFACE_WRITE_NONE
      && !run_curve (target, result, SSDB_RW_WRITE, result->write, progress, user_data,
                     read_share + access_share, write_share, cancellable, error))
    return FALSE;
  return TRUE;
}

gboolean
ssdb_surface_run (SsdbTarget *target, SsdbSurfaceResult *result, SsdbSurfaceProgressFunc progress,
                  gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbSurfaceSpec *spec;
  const SsdbTargetInfo *info;
  SsdbRunRecording *recording;
  gboolean ok;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  spec = &result->spec;
  info = ssdb_target_get_info (target);
  if (!ssdb_surface_result_check (result, info, error))
    return FALSE;
  if (spec->span_length == 0)
    spec->span_length = info->size_bytes - spec->span_offset;
  /* A span shorter than one sample per position: shrink the sample. */
  if (spec->sample_bytes > spec->span_length)
    spec->sample_bytes = spec->span_length / spec->block_size * spec->block_size;
  if (spec->write == SSDB_SURFACE_WRITE_DESTROY && !ssdb_target_is_writable (target))
    {
      const char *why = ssdb_target_get_write_refusal (target);

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, "A write surface on %s was refused: %s",
                   ssdb_target_get_display_name (target), why ? why : "writes are not allowed");
      return FALSE;
    }

  if (spec->write == SSDB_SURFACE_WRITE_REWRITE && !ssdb_target_can_rewrite (target))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                   "Rewrite-in-place on %s needs the device opened exclusively for it",
                   ssdb_target_get_display_name (target));
      return FALSE;
    }

  recording = ssdb_target_recording_begin (target, spec->write != SSDB_SURFACE_WRITE_NONE);
  ok = run_passes (target, result, progress, user_data, cancellable, error);
  ssdb_target_recording_end (target, recording, &result->temperature, &result->drive_counts);
  return ok;
}

gboolean
ssdb_surface_result_check (const SsdbSurfaceResult *result, const SsdbTargetInfo *target,
                           GError **error)
{
  const SsdbSurfaceSpec *spec;
  g_autofree char *name = NULL;
  guint64 span, sample;
  guint align;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  if (!ssdb_spec_check_block (spec->block_size, target, NULL, error)
      || !ssdb_spec_check_span (spec->span_offset, spec->span_length, target, error))
    return FALSE;
  if (spec->samples < 2 || spec->samples > 100000)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Sample count %u is out of range (2 to 100000)", spec->samples);
      return FALSE;
    }
  span = spec->span_length                        ? spec->span_length
         : target->size_bytes > spec->span_offset ? target->size_bytes - spec->span_offset
                                                  : 0;
  /* A span shorter than one sample per position shrinks the sample. */
  sample = spec->sample_bytes;
  if (span > 0 && sample > span)
    sample = span / spec->block_size * spec->block_size;
  if (sample < spec->block_size || sample % spec->block_size != 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The sample size (%" G_GUINT64_FORMAT " bytes) must be a whole number of "
                   "%u-byte blocks within the span",
                   sample, spec->block_size);
      return FALSE;
    }
  align = target->dio_offset_align;
  if (align > 0 && span > 0 && (span - sample) % align != 0)
    {
      name = ssdb_target_info_dup_display_name (target);
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The span must start and end on %u-byte boundaries of %s", align, name);
      return FALSE;
    }
  return TRUE;
}
