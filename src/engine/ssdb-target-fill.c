/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-target-fill.h"
#include "ssdb-error.h"
#include "ssdb-io.h"

#include <string.h>

typedef struct
{
  SsdbProgressFunc func;
  gpointer user_data;
  guint64 total;
} FillProgress;

static void
fill_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  FillProgress *p = user_data;

  p->func (MIN (bytes, p->total), p->total, p->user_data);
}

gboolean
ssdb_target_fill (SsdbTarget *self, guint64 offset, guint64 length, guint64 seed,
                  SsdbProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                  GError **error)
{
  const SsdbDataPattern random_data = { SSDB_DATA_RANDOM, 0 };

  return ssdb_target_fill_pattern (self, offset, length, &random_data, seed, progress, user_data,
                                   cancellable, error);
}

gboolean
ssdb_target_fill_pattern (SsdbTarget *self, guint64 offset, guint64 length,
                          const SsdbDataPattern *pattern, guint64 seed, SsdbProgressFunc progress,
                          gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbJobSpec spec;
  SsdbIoResult *result;
  FillProgress fp = { progress, user_data, length };
  guint bs = 1u << 20;
  gboolean ok;

  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);

  if (!ssdb_target_is_writable (self))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, "Cannot fill %s: %s",
                   ssdb_target_get_display_name (self),
                   ssdb_target_get_write_refusal (self) ? ssdb_target_get_write_refusal (self)
                                                        : "writes are not allowed");
      return FALSE;
    }
  if (length == 0)
    return TRUE;
  /* The largest power of two up to 1 MiB that divides the region. */
  while (bs > ssdb_target_get_info (self)->logical_block_size
         && (length % bs != 0 || offset % bs != 0))
    bs >>= 1;

  ssdb_job_spec_init (&spec);
  spec.rw = SSDB_RW_WRITE;
  spec.access = SSDB_ACCESS_SEQUENTIAL;
  spec.block_size = bs;
  spec.queue_depth = 4;
  spec.threads = 1;
  spec.offset = offset;
  spec.length = length;
  spec.duration_ns = 0;
  spec.total_bytes = length;
  spec.data = *pattern;
  spec.seed = seed ^ G_GUINT64_CONSTANT (0x5eed5eed5eed5eed);
  spec.sample_interval_ns = progress ? 200 * G_TIME_SPAN_MILLISECOND * 1000 : 0;

  result = g_new0 (SsdbIoResult, 1);
  ok = ssdb_io_run (self, &spec, progress ? fill_sample : NULL, &fp, cancellable, result, error);
  if (ok && progress)
    progress (length, length, user_data);
  g_free (result);
  return ok;
}

/* The stress's transfer size on @target. */
static guint
stress_block_size (SsdbTarget *target)
{
  const SsdbTargetInfo *info = ssdb_target_get_info (target);

  return MAX (SSDB_STRESS_BLOCK_SIZE, MAX (info->logical_block_size, info->dio_offset_align));
}

/* The record of a stress from its I/O result. */
static void
stress_result_set (SsdbStressResult *stress, const SsdbIoResult *io, guint block_size)
{
  stress->block_size = block_size;
  stress->queue_depth = SSDB_STRESS_QUEUE_DEPTH;
  stress->ios = io->write_ios;
  stress->bytes = io->write_bytes;
  stress->window_ns = io->window_ns;
  stress->iops = io->window_ns > 0 ? (double)io->write_ios * 1e9 / (double)io->window_ns : 0;
  stress->counters_valid = io->counters_valid;
  stress->device_write_bytes = io->counters_valid ? io->device_write_bytes : 0;
}

gboolean
ssdb_target_stress_random (SsdbTarget *self, guint64 offset, guint64 length, guint64 seed,
                           SsdbProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                           SsdbStressResult *stress, GError **error)
{
  SsdbIoResult io;
  SsdbJobSpec spec;
  FillProgress fp = { progress, user_data, length };
  guint bs;
  gboolean ok;

  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);
  g_return_val_if_fail (stress != NULL, FALSE);

  memset (stress, 0, sizeof *stress);
  if (!ssdb_target_is_writable (self))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE,
                   "Cannot write the random-write stress "
                   "to %s: %s",
                   ssdb_target_get_display_name (self),
                   ssdb_target_get_write_refusal (self) ? ssdb_target_get_write_refusal (self)
                                                        : "writes are not allowed");
      return FALSE;
    }
  bs = stress_block_size (self);
  if (length == 0 || length % bs != 0 || offset % bs != 0)
    {
      g_set_error (
          error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
          "The random-write stress needs a region of whole %u-byte blocks (%" G_GUINT64_FORMAT
          " bytes at %" G_GUINT64_FORMAT ")",
          bs, length, offset);
      return FALSE;
    }

  ssdb_job_spec_init (&spec);
  spec.rw = SSDB_RW_WRITE;
  spec.access = SSDB_ACCESS_RANDOM;
  spec.block_size = bs;
  spec.queue_depth = SSDB_STRESS_QUEUE_DEPTH;
  spec.threads = 1;
  spec.offset = offset;
  spec.length = length;
  spec.duration_ns = 0;
  spec.total_bytes = length;
  spec.seed = seed ^ G_GUINT64_CONSTANT (0x57e55057e550);
  spec.sample_interval_ns = progress ? 200 * G_TIME_SPAN_MILLISECOND * 1000 : 0;

  ok = ssdb_io_run (self, &spec, progress ? fill_sample : NULL, &fp, cancellable, &io, error);
  stress_result_set (stress, &io, bs);
  if (ok && progress)
    progress (length, length, user_data);
  return ok;
}

gboolean
ssdb_target_prepare_span (SsdbTarget *self, guint64 offset, guint64 length, guint align,
                          guint64 seed, gboolean fill, SsdbProgressFunc progress,
                          gpointer user_data, GCancellable *cancellable, SsdbSpanHeld *held,
                          GError **error)
{
  gint64 t0 = g_get_monotonic_time ();

  g_return_val_if_fail (SSDB_IS_TARGET (self), FALSE);
  g_return_val_if_fail (held != NULL, FALSE);

  memset (held, 0, sizeof *held);
  if (!fill)
    {
      if (!ssdb_target_measure_unwritten (self, offset, length, seed, &held->unwritten_percent,
                                          &held->unwritten_source, NULL))
        {
          held->unwritten_percent = 0;
          held->unwritten_source = SSDB_UNWRITTEN_UNKNOWN;
        }
      return TRUE;
    }
  align = MAX (align, 1u);
  if (!ssdb_target_fill (self, offset, length / align * align, seed, progress, user_data,
                         cancellable, error))
    return FALSE;
  held->prepare_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
  held->filled = TRUE;
  return TRUE;
}
