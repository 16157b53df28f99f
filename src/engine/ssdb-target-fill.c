/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-target-fill.h"
#include "ssdb-error.h"
#include "ssdb-io.h"

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
