/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-text.h"

#include "ssdb-csv.h"
#include "ssdb-error.h"
#include "ssdb-files.h"
#include "ssdb-units.h"

#include <string.h>

static const char *const state_names[] = { "pending", "running",   "done",
                                           "skipped", "cancelled", "failed" };

const char *
ssdb_entry_state_to_string (SsdbEntryState state)
{
  g_return_val_if_fail ((guint) state < G_N_ELEMENTS (state_names), "pending");
  return state_names[state];
}

char *
ssdb_summary_entry_label (const SsdbSummaryEntry *entry)
{
  g_autofree char *bs = NULL;

  g_return_val_if_fail (entry != NULL, NULL);

  bs = ssdb_format_transfer_size (entry->test.block_size);
  return g_strdup_printf ("%s %7s (Q=%3u, T=%2u)",
                          entry->test.access == SSDB_ACCESS_RANDOM ? "RND" : "SEQ", bs,
                          entry->test.queue_depth, entry->test.threads);
}

static void
append_fixed (GString *s, const char *format, double value, int width)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, format, value);
  g_string_append_printf (s, "%*s", width, buf);
}

/* @imported: the entry states another tool's figure, which SSD Bench did not check. */
static void
append_entry (GString *s, const SsdbSummaryEntry *e, gboolean imported)
{
  g_autofree char *label = ssdb_summary_entry_label (e);
  const SsdbIoResult *r = &e->aggregate;

  g_string_append_printf (s, "  %s: ", label);
  if (e->passes != NULL && e->passes->len > 0)
    {
      append_fixed (s, "%.3f", r->bytes_per_second / 1e6, 9);
      if (imported && !(r->iops > 0))
        g_string_append (s, " MB/s [IOPS not stated] <");
      else
        {
          g_string_append (s, " MB/s [");
          append_fixed (s, "%.1f", r->iops, 9);
          g_string_append (s, " IOPS] <");
        }
      if (imported && ssdb_summary_entry_mean_latency_ns (e) <= 0)
        g_string_append (s, " latency not stated>");
      else
        {
          append_fixed (s, "%.2f", ssdb_summary_entry_mean_latency_ns (e) / 1e3, 9);
          g_string_append (s, " us>");
        }
      {
        double lo, hi;

        if (ssdb_summary_entry_spread (e, &lo, &hi) > 1)
          {
            g_string_append (s, " (passes ");
            append_fixed (s, "%.3f", lo / 1e6, 0);
            g_string_append (s, "–");
            append_fixed (s, "%.3f", hi / 1e6, 0);
            g_string_append (s, " MB/s)");
          }
      }
      if (e->state == SSDB_ENTRY_CANCELLED || e->state == SSDB_ENTRY_FAILED)
        g_string_append_printf (s, " (%s, partial: %u measured %s)",
                                e->state == SSDB_ENTRY_CANCELLED ? "cancelled" : "failed",
                                e->passes->len, e->passes->len == 1 ? "pass" : "passes");
      if (imported)
        ; /* the file's own figure: nothing here to check it against */
      else if (r->counters_valid && !r->reached_device)
        g_string_append (s, " [I/O did not reach the device]");
      else if (!r->counters_valid)
        g_string_append (s, " [not verified: no device counters]");
      if (!imported)
        {
          g_autofree char *notes = ssdb_io_result_dup_notes (r, &e->job);

          if (notes != NULL)
            g_string_append_printf (s, "\n        (%s)", notes);
        }
    }
  else
    g_string_append_printf (s, "%s%s%s", ssdb_entry_state_to_string (e->state),
                            e->message ? " — " : "", e->message ? e->message : "");
  g_string_append_c (s, '\n');
}

/* What lies under the target, when it is more than the device itself, and what that means
 * for the figures. */
static void
append_stack (GString *s, const SsdbStack *stack)
{
  g_auto (GStrv) labels = NULL;

  if (stack == NULL)
    return;
  if (stack->layers->len > 1)
    {
      g_autofree char *layers = ssdb_stack_describe (stack);

      g_string_append_printf (s, "  Stack: %s\n", layers);
    }
  labels = ssdb_stack_dup_labels (stack);
  for (guint i = 0; labels[i] != NULL; i++)
    g_string_append_printf (s, "   Note: %s\n", labels[i]);
}

/* The settings and time of a run of SSD Bench. */
static void
append_run_footer (GString *s, const SsdbSummaryResult *result)
{
  const SsdbSummarySpec *spec = &result->spec;
  g_autofree char *size = NULL;
  g_autofree char *pattern = NULL;

  size = ssdb_format_transfer_size (spec->size);
  pattern = ssdb_data_pattern_to_string (&spec->data);
  g_string_append_printf (s, "\nProfile: %s\n", ssdb_profile_to_string (spec->profile));
  g_string_append_printf (s, "   Test: %s (x%u)", size, spec->count);
  if (spec->offset)
    g_string_append_printf (s, " at offset %" G_GUINT64_FORMAT, spec->offset);
  g_string_append_printf (s, ", %s of %s\n",
                          spec->aggregate == SSDB_AGGREGATE_BEST ? "best" : "mean",
                          spec->warmup ? "passes after a warm-up" : "passes");
  {
    char d[G_ASCII_DTOSTR_BUF_SIZE], iv[G_ASCII_DTOSTR_BUF_SIZE];

    g_ascii_formatd (d, sizeof d, "%g", (double)spec->duration_ns / 1e9);
    g_ascii_formatd (iv, sizeof iv, "%g", (double)spec->interval_ns / 1e9);
    g_string_append_printf (s, "   Time: Measure %s sec / Interval %s sec\n", d, iv);
  }
  g_string_append_printf (s, "   Data: %s\n", pattern);
  if (result->started_unix > 0)
    {
      g_autoptr (GDateTime) dt = g_date_time_new_from_unix_utc (result->started_unix);
      g_autofree char *date = g_date_time_format (dt, "%Y-%m-%d %H:%M:%S UTC");

      g_string_append_printf (s, "   Date: %s\n", date);
    }
}

/* What an imported file says of its run, as it says it. */
static void
append_import_footer (GString *s, const SsdbSummaryImport *im)
{
  g_autofree char *from = ssdb_summary_import_describe (im);

  g_string_append_printf (s, "\n Source: %s\n", from);
  if (im->settings != NULL)
    g_string_append_printf (s, "Settings: %s\n", im->settings);
  if (im->date != NULL)
    g_string_append_printf (s, "   Date: %s\n", im->date);
  if (im->system != NULL)
    g_string_append_printf (s, " System: %s\n", im->system);
  g_string_append (s, "   Note: figures as the file states them; SSD Bench did not measure or "
                      "check them\n");
}

char *
ssdb_summary_format_text (const SsdbTargetInfo *info, const SsdbSummaryResult *result)
{
  static const char *const rw_titles[] = { "[Read]", "[Write]", "[Mix]" };
  const SsdbSummarySpec *spec;
  GString *s;

  g_return_val_if_fail (result != NULL, NULL);

  spec = &result->spec;
  s = g_string_new (NULL);
  g_string_append (s, "------------------------------------------------------------------------------\n");
  if (result->imported != NULL)
    {
      g_autofree char *from = ssdb_summary_import_describe (result->imported);

      g_string_append_printf (s, "Imported by SSD Bench " PACKAGE_VERSION " from a %s\n", from);
    }
  else
    g_string_append (s, "SSD Bench " PACKAGE_VERSION "\n");
  g_string_append (s, "------------------------------------------------------------------------------\n");
  g_string_append (s, "* MB/s = 1,000,000 bytes/s\n");
  g_string_append (s, "* KB = 1000 bytes, KiB = 1024 bytes\n");

  for (guint rw = SSDB_RW_READ; rw <= SSDB_RW_MIX; rw++)
    {
      gboolean header = FALSE;

      for (guint i = 0; i < result->entries->len; i++)
        {
          const SsdbSummaryEntry *e = g_ptr_array_index (result->entries, i);

          if (e->rw != rw)
            continue;
          if (!header)
            {
              g_string_append_printf (s, "\n%s", rw_titles[rw]);
              if (rw == SSDB_RW_MIX)
                g_string_append_printf (s, " Read %u%%/Write %u%%", spec->mix_read_percent,
                                        100 - spec->mix_read_percent);
              g_string_append_c (s, '\n');
              header = TRUE;
            }
          append_entry (s, e, result->imported != NULL);
        }
    }
  if (result->writes_skipped_reason != NULL)
    g_string_append_printf (s, "\nWrite tests skipped: %s\n", result->writes_skipped_reason);

  if (result->imported != NULL)
    append_import_footer (s, result->imported);
  else
    append_run_footer (s, result);
  if (info != NULL && result->imported != NULL)
    {
      if (info->path != NULL && info->path[0] != '\0')
        g_string_append_printf (s, " Target: %s%s%s%s (as the file names it)\n", info->path,
                                info->model ? " [" : "", info->model ? info->model : "",
                                info->model ? "]" : "");
      else
        g_string_append (s, " Target: not named in the file\n");
    }
  else if (info != NULL)
    {
      g_autofree char *cap = ssdb_format_capacity (info->size_bytes);

      if (info->kind == SSDB_TARGET_FILE)
        {
          g_string_append_printf (s, " Target: test file in %s (%s%s%s)\n", info->path,
                                  info->fs_type ? info->fs_type : "file system",
                                  info->name ? " on " : "", info->name ? info->name : "");
          if (info->name == NULL && info->stack == NULL)
            g_string_append (s, "   Note: this file system has no block device under it; the "
                                "results measure memory, not a drive\n");
        }
      else
        g_string_append_printf (s, " Target: %s (%s%s%s)\n", info->path, cap,
                                info->model ? ", " : "", info->model ? info->model : "");
      append_stack (s, info->stack);
    }
  {
    g_autofree char *unwritten
        = ssdb_unwritten_dup_note (result->unwritten_percent, result->unwritten_source);

    if (unwritten != NULL)
      g_string_append_printf (s, "   Note: %s\n", unwritten);
  }
  return g_string_free (s, FALSE);
}

gboolean
ssdb_text_file_write (const char *path, const char *text, GError **error)
{
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return ssdb_check_output_file (path, error)
         && ssdb_file_write (path, text, strlen (text), 0644, error);
}
