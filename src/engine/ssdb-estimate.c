/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-estimate.h"

#include <math.h>

guint64
ssdb_run_estimate_ns (const SsdbRunEstimate *estimate, double bytes_per_second)
{
  double moved;

  g_return_val_if_fail (estimate != NULL, 0);
  g_return_val_if_fail (bytes_per_second > 0, estimate->timed_ns);

  moved = (double)estimate->write_bytes + (double)estimate->read_bytes;
  return estimate->timed_ns + (guint64)llround (moved / bytes_per_second * 1e9);
}

guint64
ssdb_estimate_span (guint64 offset, guint64 length, guint64 target_bytes)
{
  if (length > 0)
    return length;
  return offset < target_bytes ? target_bytes - offset : 0;
}

guint64
ssdb_estimate_progress_end (guint64 elapsed_ns, double fraction, guint64 earliest_end_ns)
{
  gboolean enough = (fraction >= 0.03 && elapsed_ns >= 3 * G_GUINT64_CONSTANT (1000000000))
                    || (fraction >= 0.002 && elapsed_ns >= 20 * G_GUINT64_CONSTANT (1000000000));
  guint64 end;

  if (!enough || !(fraction < 1.0))
    return earliest_end_ns;
  end = (guint64)((double)elapsed_ns / fraction);
  return earliest_end_ns == 0 || end < earliest_end_ns ? end : earliest_end_ns;
}
