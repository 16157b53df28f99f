/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-readback.h"
#include "ssdb-error.h"

#include <math.h>
#include <string.h>

SsdbReadbackResult *
ssdb_readback_result_new (const SsdbFillSpec *spec)
{
  SsdbReadbackResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbReadbackResult, 1);
  r->spec = *spec;
  r->spec.passes = 1;
  r->spec.read_back = TRUE;
  return r;
}

void
ssdb_readback_result_free (SsdbReadbackResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->first, ssdb_fill_result_free);
  g_clear_pointer (&result->second, ssdb_fill_result_free);
  g_free (result->words);
  g_free (result);
}

void
ssdb_readback_summarize (SsdbReadbackResult *result)
{
  double a, b;

  g_return_if_fail (result != NULL);

  g_clear_pointer (&result->words, g_free);
  result->difference_percent = 0;
  a = result->first_read_bytes_per_second;
  b = result->second_read_bytes_per_second;
  if (!isfinite (a) || !isfinite (b) || a <= 0 || b <= 0)
    return;
  result->difference_percent = (b - a) / a * 100;
  if (fabs (result->difference_percent) < SSDB_READBACK_NOISE_PERCENT)
    result->words = g_strdup_printf (
        "Data written by pass 2 reads at %.0f MB/s and data written by pass 1 at %.0f MB/s: "
        "no difference beyond the %.0f %% that single passes vary, so how the data was written "
        "does not change how it reads.",
        b / 1e6, a / 1e6, SSDB_READBACK_NOISE_PERCENT);
  else
    result->words = g_strdup_printf (
        "Data written by pass 2 reads at %.0f MB/s, %.0f %% %s than data written by pass 1 "
        "(%.0f MB/s).",
        b / 1e6, fabs (result->difference_percent),
        result->difference_percent < 0 ? "slower" : "faster", a / 1e6);
}

void
ssdb_readback_add_pass (SsdbReadbackResult *result, guint pass, SsdbRw rw, guint64 bytes,
                        guint64 window_ns, double bytes_per_second, gboolean complete)
{
  SsdbFillResult **fill;
  SsdbFillPass *p;

  g_return_if_fail (result != NULL);
  g_return_if_fail (pass == 1 || pass == 2);

  fill = pass == 1 ? &result->first : &result->second;
  if (*fill == NULL)
    *fill = ssdb_fill_result_new (&result->spec);
  p = g_new0 (SsdbFillPass, 1);
  p->rw = rw;
  p->segments = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  p->intervals = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  p->bytes = bytes;
  p->window_ns = window_ns;
  p->bytes_per_second = bytes_per_second;
  p->complete = complete;
  g_ptr_array_add ((*fill)->passes, p);
  if (rw == SSDB_RW_READ && complete)
    {
      if (pass == 1)
        result->first_read_bytes_per_second = bytes_per_second;
      else
        result->second_read_bytes_per_second = bytes_per_second;
    }
}

typedef struct
{
  SsdbReadbackResult *result;
  SsdbReadbackProgressFunc func;
  gpointer data;
  guint pass;
} Progress;

static void
on_fill_progress (SsdbFillResult *fill, guint pass_index, guint64 position_bytes,
                  double bytes_per_second, double fraction, gpointer user_data)
{
  Progress *pr = user_data;
  SsdbFillPass *pass;

  (void)position_bytes;
  pass = pass_index < fill->passes->len ? g_ptr_array_index (fill->passes, pass_index) : NULL;
  pr->func (pr->result, pr->pass, pass ? pass->rw : SSDB_RW_WRITE,
            0.5 * (pr->pass - 1) + 0.5 * fraction, bytes_per_second, pr->data);
}

/* The rate of the read-back pass of @fill, or 0. */
static double
read_rate (const SsdbFillResult *fill)
{
  for (guint i = 0; i < fill->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (fill->passes, i);

      if (p->rw == SSDB_RW_READ && p->complete)
        return p->bytes_per_second;
    }
  return 0;
}

gboolean
ssdb_readback_run (SsdbTarget *target, SsdbReadbackResult *result,
                   SsdbReadbackProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                   GError **error)
{
  GError *local_error = NULL;
  Progress pr = { 0 };
  gboolean ok = TRUE;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  result->spec.passes = 1;
  result->spec.read_back = TRUE;
  g_clear_pointer (&result->first, ssdb_fill_result_free);
  g_clear_pointer (&result->second, ssdb_fill_result_free);
  result->first_read_bytes_per_second = result->second_read_bytes_per_second = 0;
  pr.result = result;
  pr.func = progress;
  pr.data = user_data;

  for (guint pass = 1; pass <= 2 && ok; pass++)
    {
      SsdbFillSpec spec = result->spec;
      SsdbFillResult *fill;

      /* Pass 2 writes other data, so nothing can be skipped as unchanged. */
      spec.seed = result->spec.seed + pass - 1;
      fill = ssdb_fill_result_new (&spec);
      if (pass == 1)
        result->first = fill;
      else
        result->second = fill;
      pr.pass = pass;
      ok = ssdb_fill_run (target, fill, progress ? on_fill_progress : NULL, &pr, cancellable,
                          &local_error);
      if (pass == 1)
        {
          result->first_read_bytes_per_second = read_rate (fill);
          /* The span as resolved by the first run. */
          result->spec.span_length = fill->spec.span_length;
          result->spec.segment_bytes = fill->spec.segment_bytes;
        }
      else
        result->second_read_bytes_per_second = read_rate (fill);
    }
  ssdb_readback_summarize (result);
  if (!ok)
    {
      result->cancelled = g_error_matches (local_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
      g_propagate_error (error, local_error);
    }
  return ok;
}
