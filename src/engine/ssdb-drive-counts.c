/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-drive-counts.h"

#include "ssdb-units.h"
#include "ssdb-verdict.h"
#include "ssdb-words.h"

void
ssdb_drive_counts_free (SsdbDriveCounts *writes)
{
  if (writes == NULL)
    return;
  g_free (writes->source);
  g_free (writes);
}

SsdbDriveCounts *
ssdb_drive_counts_dup (const SsdbDriveCounts *writes)
{
  SsdbDriveCounts *copy;

  if (writes == NULL)
    return NULL;
  copy = g_memdup2 (writes, sizeof *writes);
  copy->source = g_strdup (writes->source);
  return copy;
}

void
ssdb_drive_counts_assign (SsdbDriveCounts **to, const SsdbDriveCounts *from)
{
  if (*to == from)
    return;
  ssdb_drive_counts_free (*to);
  *to = ssdb_drive_counts_dup (from);
}

/* "12.3 GB": bytes in decimal units, as the rest of the words. */
static char *
format_bytes (guint64 bytes)
{
  return ssdb_format_capacity (bytes);
}

char *
ssdb_drive_counts_words (const SsdbDriveCounts *writes)
{
  g_autofree char *kernel = NULL;
  GString *words;
  locale_t previous;
  guint64 rise;

  if (writes == NULL)
    return NULL;
  previous = ssdb_words_locale_begin ();
  rise = writes->after >= writes->before ? writes->after - writes->before : 0;
  if (writes->kernel_valid)
    kernel = format_bytes (writes->kernel_bytes);
  words = g_string_new (NULL);
  if (writes->after < writes->before)
    {
      g_autofree char *from = g_strdup_printf ("%" G_GUINT64_FORMAT, writes->before);
      g_autofree char *to = g_strdup_printf ("%" G_GUINT64_FORMAT, writes->after);

      g_string_append_printf (words,
                              W_ ("The drive's host-write counter (%s) went down during this run, "
                                  "from %s to %s: it was reset or is not a count of writes."),
                              writes->source, from, to);
    }
  else if (writes->unit == SSDB_DRIVE_COUNTER_BYTES)
    {
      g_autofree char *counted = format_bytes (rise);

      g_string_append_printf (words,
                              W_ ("The drive counted %s of host writes during this run (%s)"),
                              counted, writes->source);
      if (kernel != NULL)
        g_string_append_printf (words, W_ ("; the kernel wrote %s to it"), kernel);
      g_string_append_c (words, '.');
    }
  else
    {
      g_autofree char *by = g_strdup_printf ("%" G_GUINT64_FORMAT, rise);

      g_string_append_printf (words,
                              W_ ("The drive's %s rose by %s in the unit UDisks2 gives it (vendors "
                                  "count this attribute in different units, so it is not taken as "
                                  "bytes)"),
                              writes->source, by);
      if (kernel != NULL && rise >= 10)
        {
          g_autofree char *unit = format_bytes (writes->kernel_bytes / rise);

          g_string_append_printf (
              words, W_ ("; the kernel wrote %s to it, about %s per unit of this counter"), kernel,
              unit);
        }
      else if (kernel != NULL)
        g_string_append_printf (
            words,
            W_ ("; the kernel wrote %s to it, too little to tell this counter's "
                "unit"),
            kernel);
      g_string_append_c (words, '.');
    }
  if (writes->throttle_before_s >= 0 && writes->throttle_after_s >= writes->throttle_before_s)
    {
      gint64 throttled = writes->throttle_after_s - writes->throttle_before_s;

      if (throttled > 0)
        {
          g_autofree char *seconds = g_strdup_printf ("%" G_GINT64_FORMAT, throttled);

          g_string_append_printf (
              words,
              W_ (" The drive reports %s s of thermal throttling during this run (NVMe thermal "
                  "management time, TMT1 + TMT2): it slowed itself down for heat, so slower "
                  "results then show heat, not its normal speed."),
              seconds);
        }
      else
        g_string_append (words,
                         W_ (" The drive reports no thermal throttling during this run (NVMe "
                             "thermal management time)."));
    }
  ssdb_words_locale_end (previous);
  return g_string_free (words, FALSE);
}
