/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli run summary and run job. */
#include "config.h"

#include "engine/ssdb-target-fill.h"
#include "engine/ssdb-text.h"
#include "engine/ssdb-units.h"
#include "render/ssdb-summary-painter.h"
#include "ssdb-cli-private.h"

static gboolean
save_report (const char *path, SsdbTarget *target, SsdbSummaryResult *result, int *status)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (ssdb_target_get_info (target), result);

  return ssdb_cli_write_report (report, path, status);
}

/* ------------------------------------------------------------------- run ---------- */

static void
on_summary_progress (SsdbSummaryResult *result, const SsdbSummaryProgress *progress,
                     gpointer user_data)
{
  SsdbCliRun *rc = user_data;

  g_mutex_lock (&rc->lock);
  rc->progress = *progress;
  rc->progress.phase = progress->phase; /* static strings */
  rc->have_progress = TRUE;
  rc->passes = TRUE;
  if (progress->entry_index >= 0)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (result->entries, progress->entry_index);

      g_free (rc->label);
      rc->label = g_strdup_printf ("%s %-5s", e->test.name, ssdb_rw_to_string (e->rw));
    }
  g_mutex_unlock (&rc->lock);
}

static gboolean
summary_engine (SsdbCliRun *rc)
{
  return ssdb_summary_run (rc->target, rc->summary, on_summary_progress, rc, rc->cancellable,
                           &rc->error);
}

static void
on_job_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  SsdbCliRun *rc = user_data;

  g_mutex_lock (&rc->lock);
  rc->progress.phase = "measure";
  rc->progress.pass = 0;
  rc->progress.bytes_per_second = elapsed_ns ? (double)bytes * 1e9 / elapsed_ns : 0;
  rc->progress.fraction = rc->job->duration_ns
                              ? MIN ((double)elapsed_ns / rc->job->duration_ns, 1.0)
                              : (rc->job->total_bytes ? (double)bytes / rc->job->total_bytes : 0);
  rc->have_progress = TRUE;
  g_mutex_unlock (&rc->lock);
}

static gpointer
job_thread (gpointer data)
{
  SsdbCliRun *rc = data;

  rc->ok = TRUE;
  if (rc->fill)
    rc->ok = ssdb_target_fill_pattern (rc->target, rc->job->offset, rc->job->length, &rc->job->data,
                                       rc->job->seed, ssdb_cli_on_fill_progress, rc,
                                       rc->cancellable, &rc->error);
  if (rc->ok)
    rc->ok = ssdb_io_run (rc->target, rc->job, on_job_sample, rc, rc->cancellable, rc->io_result,
                          &rc->error);
  g_idle_add (ssdb_cli_on_finished, rc);
  return NULL;
}

static void
write_png (const char *path, SsdbTarget *target, SsdbSummaryResult *result, int *status)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *title = ssdb_cli_target_title (target);
  g_autofree char *subtitle = ssdb_cli_dup_subtitle (target, SSDB_TEST_KIND_SUMMARY, result);
  g_autofree char *caption = NULL;
  SsdbSummaryView view = { 0 };
  SsdbStyle style;

  caption = ssdb_cli_export_caption ();
  view.result = result;
  view.target_title = title;
  view.target_subtitle = subtitle;
  view.unit = SSDB_UNIT_MBPS;
  view.running_index = -1;
  view.caption = caption;
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  ssdb_cli_check_png (ssdb_render_summary_png (&view, &style, path, 800, 560, 1, &error), error,
                      status);
}

int
ssdb_cli_run_summary (int argc, char **argv)
{
  g_autofree char *temperature_s = NULL;
  gboolean ncq_off_opt = FALSE;
  g_autofree char *size_s = NULL, *offset_s = NULL, *count_s = NULL, *duration_s = NULL;
  g_autofree char *interval_s = NULL, *profile_s = NULL, *data_s = NULL, *aggregate_s = NULL;
  g_autofree char *destroy = NULL, *seed_s = NULL, *json_path = NULL, *png_path = NULL;
  g_autofree char *on_error_s = NULL, *mix_read_s = NULL;
  gboolean mix = FALSE, warmup = FALSE, read_only = FALSE, no_fill = FALSE;
  const GOptionEntry entries[] = {
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_s, "Test size [1G]", "SIZE" },
    { "offset", 0, 0, G_OPTION_ARG_STRING, &offset_s, "Start of the test region on a device [0]",
      "OFFSET" },
    { "count", 0, 0, G_OPTION_ARG_STRING, &count_s, "Passes per test, 1-9 [5]", "N" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s, "Seconds per pass [5]", "S" },
    { "interval", 0, 0, G_OPTION_ARG_STRING, &interval_s, "Seconds between passes [0]", "S" },
    { "profile", 0, 0, G_OPTION_ARG_STRING, &profile_s, "default, peak, realworld or nvme", "P" },
    { "mix", 0, 0, G_OPTION_ARG_NONE, &mix, "Also run mixed tests", NULL },
    { "mix-read", 0, 0, G_OPTION_ARG_STRING, &mix_read_s,
      "Read share of the mixed tests, percent, 0-100 [70]", "N" },
    { "data", 0, 0, G_OPTION_ARG_STRING, &data_s, "Write data: random or zero [random]", "D" },
    { "aggregate", 0, 0, G_OPTION_ARG_STRING, &aggregate_s, "best or mean of the passes [best]",
      "A" },
    { "warmup", 0, 0, G_OPTION_ARG_NONE, &warmup, "Run one unmeasured pass first", NULL },
    { "read-only", 0, 0, G_OPTION_ARG_NONE, &read_only, "Run the read tests only", NULL },
    { "no-fill", 0, 0, G_OPTION_ARG_NONE, &no_fill, "Do not fill a writable region before reads",
      NULL },
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "Allow writes to this device, destroying its data", "DEVICE" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of offsets and data [1]", "N" },
    { "on-error", 0, 0, G_OPTION_ARG_STRING, &on_error_s,
      "After a test fails (I/O error): stop, or continue with the next test [stop]", "P" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_PNG_ENTRY (png_path, "Draw the summary grid to a PNG"),
    SSDB_CLI_NCQ_OFF_ENTRY (ncq_off_opt),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("TARGET - CrystalDiskMark-style summary");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  SsdbSummarySpec spec;
  SsdbCliRun rc = { 0 };
  int status = 0;
  guint64 v;
  gboolean size_given;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_run_args ("run summary", argc, argv, json_path, png_path, &status))
    return status;

  ssdb_summary_spec_init (&spec);
  size_given = size_s != NULL;
  if (!ssdb_cli_parse_size_opt (size_s, "--size", &spec.size, &status)
      || !ssdb_cli_parse_size_opt (offset_s, "--offset", &spec.offset, &status))
    return status;
  v = spec.count;
  if (!ssdb_cli_parse_uint_opt (mix_read_s, "--mix-read", 0, 100, &v, &status))
    return status;
  if (mix_read_s != NULL)
    {
      if (!mix)
        return ssdb_cli_usage_error ("--mix-read applies to the mixed tests: add --mix");
      spec.mix_read_percent = (guint)v;
    }
  if (!ssdb_cli_parse_uint_opt (count_s, "--count", 1, 9, &v, &status))
    return status;
  spec.count = (guint)v;
  if (!ssdb_cli_parse_seconds_opt (duration_s, "--duration", NS_PER_S / 10, 3600 * NS_PER_S,
                                   &spec.duration_ns, &status)
      || !ssdb_cli_parse_seconds_opt (interval_s, "--interval", 0, 3600 * NS_PER_S,
                                      &spec.interval_ns, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (profile_s && !ssdb_profile_from_string (profile_s, &spec.profile))
    return ssdb_cli_usage_error ("Unknown profile “%s”: expected default, peak, realworld or nvme",
                                 profile_s);
  if (data_s)
    {
      g_autoptr (GError) error = NULL;

      if (!ssdb_data_pattern_parse (data_s, &spec.data, &error))
        return ssdb_cli_usage_error ("--data: %s", error->message);
    }
  if (on_error_s && !ssdb_on_error_from_string (on_error_s, &spec.on_error))
    return ssdb_cli_usage_error ("Unknown --on-error “%s”: expected stop or continue", on_error_s);
  if (aggregate_s)
    {
      if (g_str_equal (aggregate_s, "best"))
        spec.aggregate = SSDB_AGGREGATE_BEST;
      else if (g_str_equal (aggregate_s, "mean"))
        spec.aggregate = SSDB_AGGREGATE_MEAN;
      else
        return ssdb_cli_usage_error ("Unknown aggregate “%s”: expected best or mean", aggregate_s);
    }
  if (spec.size == 0)
    return ssdb_cli_usage_error ("--size must be larger than 0");
  spec.do_mix = mix;
  spec.warmup = warmup;
  if (read_only)
    {
      if (destroy)
        return ssdb_cli_usage_error ("--read-only and --destroy-data contradict each other");
      spec.do_write = FALSE;
      spec.do_mix = FALSE;
    }

  target = ssdb_cli_open_target (&(SsdbCliTargetRequest){ .path = argv[1],
                                                          .temperature_input = temperature_s,
                                                          .destroy = destroy,
                                                          .size_option = "--size",
                                                          .file_size = spec.size,
                                                          .ncq_off = ncq_off_opt },
                                 &status);
  if (target == NULL)
    return status;

  {
    const SsdbTargetInfo *info = ssdb_target_get_info (target);

    if (info->kind == SSDB_TARGET_DEVICE && !size_given)
      {
        /* Default 1 GiB, or what fits on a smaller device. */
        guint64 room = info->size_bytes > spec.offset ? info->size_bytes - spec.offset : 0;

        spec.size = MIN (spec.size, room & ~(guint64)((1u << 20) - 1));
        if (spec.size == 0)
          spec.size = room;
      }
    else if (info->kind == SSDB_TARGET_FILE)
      {
        spec.size = info->size_bytes;
        if (spec.offset != 0)
          return ssdb_cli_usage_error ("--offset applies to block devices, not to a test file");
      }
  }

  if (size_given && spec.size % (1u << 20) != 0)
    return ssdb_cli_usage_error (
        "Invalid --size “%s”: the summary's region is a whole number of MiB (its largest "
        "transfers are 1 MiB); %" G_GUINT64_FORMAT " or %" G_GUINT64_FORMAT " bytes would be",
        size_s, spec.size >> 20 << 20, ((spec.size >> 20) + 1) << 20);

  rc.summary = ssdb_summary_result_new (&spec, target);
  /* Every test is checked before anything runs: a region or offset the target cannot take is a
   * usage error, not a failed run. */
  for (guint i = 0; i < rc.summary->entries->len; i++)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (rc.summary->entries, i);
      g_autoptr (GError) error = NULL;

      if (e->state != SSDB_ENTRY_PENDING || ssdb_job_spec_validate (&e->job, target, &error))
        continue;
      if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT))
        status = ssdb_cli_usage_error ("%s", error->message);
      else
        {
          ssdb_cli_print_error (NULL, error);
          status = 1;
        }
      ssdb_summary_result_free (rc.summary);
      return status;
    }
  if (no_fill)
    {
      /* Fill only happens for writable targets; a test file must always be filled. */
      if (ssdb_target_get_info (target)->kind == SSDB_TARGET_FILE)
        return ssdb_cli_usage_error (
            "--no-fill applies to block devices: a new test file has no data to read");
    }

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.write_offset = spec.offset;
  rc.write_length = spec.size;

  if (rc.summary->writes_skipped_reason)
    g_printerr ("ssdbench-cli: write tests skipped: %s\n", rc.summary->writes_skipped_reason);

  ssdb_cli_run_engine (&rc, summary_engine);

  {
    g_autofree char *text = ssdb_summary_format_text (ssdb_target_get_info (target), rc.summary);

    g_print ("%s", text);
  }
  ssdb_cli_print_result_drive_state (target, SSDB_TEST_KIND_SUMMARY, rc.summary);

  if (json_path)
    save_report (json_path, target, rc.summary, &status);
  if (png_path)
    write_png (png_path, target, rc.summary, &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_summary_result_free (rc.summary);
  return status;
}

int
ssdb_cli_run_job (int argc, char **argv)
{
  gboolean ncq_off_opt = FALSE;
  g_autofree char *rw_s = NULL, *access_s = NULL, *bs_s = NULL, *qd_s = NULL, *threads_s = NULL;
  g_autofree char *size_s = NULL, *offset_s = NULL, *duration_s = NULL, *io_size_s = NULL;
  g_autofree char *read_pct_s = NULL, *data_s = NULL, *destroy = NULL, *seed_s = NULL;
  g_autofree char *json_path = NULL, *bs_alias = NULL;
  g_autofree char *unwritten_note = NULL;
  gboolean no_fill = FALSE;
  const GOptionEntry entries[] = {
    { "rw", 0, 0, G_OPTION_ARG_STRING, &rw_s, "read, write or mix [read]", "RW" },
    { "access", 0, 0, G_OPTION_ARG_STRING, &access_s, "seq or rand [seq]", "A" },
    { "block", 0, 0, G_OPTION_ARG_STRING, &bs_s, "Transfer size [1M]", "SIZE" },
    { "bs", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &bs_alias, NULL, NULL },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth per thread, 1-256 [1]", "N" },
    { "threads", 0, 0, G_OPTION_ARG_STRING, &threads_s, "Threads, 1-64 [1]", "N" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_s, "Test region size [1G]", "SIZE" },
    { "offset", 0, 0, G_OPTION_ARG_STRING, &offset_s, "Start of the region on a device [0]",
      "OFFSET" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s,
      "Seconds [5]; 0 with --io-size for size-based", "S" },
    { "io-size", 0, 0, G_OPTION_ARG_STRING, &io_size_s, "Bytes to transfer (size-based)", "SIZE" },
    { "read-percent", 0, 0, G_OPTION_ARG_STRING, &read_pct_s, "Read share of a mix [70]", "N" },
    { "data", 0, 0, G_OPTION_ARG_STRING, &data_s, "Write data: random, zero, compressible-N", "D" },
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "Allow writes to this device, destroying its data", "DEVICE" },
    { "no-fill", 0, 0, G_OPTION_ARG_NONE, &no_fill, "Do not fill the region before reading", NULL },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of offsets and data [1]", "N" },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the result as JSON", "FILE" },
    SSDB_CLI_NCQ_OFF_ENTRY (ncq_off_opt),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("TARGET - one I/O job (fio's terms)");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (SsdbSummaryResult) result = NULL;
  SsdbSummaryEntry *entry;
  SsdbSummarySpec sspec;
  SsdbJobSpec job;
  SsdbCliRun rc = { 0 };
  guint64 v;
  const char *bs_opt;
  int status = 0;
  gboolean size_given;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_take_alias ("--block", &bs_s, "--bs", &bs_alias, &bs_opt, &status))
    return status;
  if (!ssdb_cli_check_run_args ("run job", argc, argv, json_path, NULL, &status))
    return status;

  ssdb_job_spec_init (&job);
  if (rw_s)
    {
      if (g_str_equal (rw_s, "read"))
        job.rw = SSDB_RW_READ;
      else if (g_str_equal (rw_s, "write"))
        job.rw = SSDB_RW_WRITE;
      else if (g_str_equal (rw_s, "mix"))
        job.rw = SSDB_RW_MIX;
      else
        return ssdb_cli_usage_error ("Unknown --rw “%s”: expected read, write or mix", rw_s);
    }
  if (access_s)
    {
      if (g_str_equal (access_s, "seq"))
        job.access = SSDB_ACCESS_SEQUENTIAL;
      else if (g_str_equal (access_s, "rand"))
        job.access = SSDB_ACCESS_RANDOM;
      else
        return ssdb_cli_usage_error ("Unknown --access “%s”: expected seq or rand", access_s);
    }
  size_given = size_s != NULL;
  v = job.block_size;
  if (!ssdb_cli_parse_size_opt (bs_s, bs_opt, &v, &status))
    return status;
  if (v == 0 || v > SSDB_MAX_BLOCK_SIZE)
    return ssdb_cli_usage_error ("Invalid %s “%s”: expected 512 bytes to 64 MiB", bs_opt, bs_s);
  job.block_size = (guint)v;
  if (!ssdb_cli_parse_guint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &job.queue_depth, &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (threads_s, "--threads", 1, SSDB_MAX_THREADS, &job.threads,
                                 &status))
    return status;
  if (!ssdb_cli_parse_guint_opt (read_pct_s, "--read-percent", 0, 100, &job.read_percent, &status))
    return status;
  if (!ssdb_cli_parse_size_opt (size_s, "--size", &job.length, &status)
      || !ssdb_cli_parse_size_opt (offset_s, "--offset", &job.offset, &status)
      || !ssdb_cli_parse_size_opt (io_size_s, "--io-size", &job.total_bytes, &status)
      || !ssdb_cli_parse_seconds_opt (duration_s, "--duration", 0, 3600 * NS_PER_S,
                                      &job.duration_ns, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &job.seed, &status))
    return status;
  if (io_size_s && job.total_bytes % job.block_size != 0)
    {
      guint64 below = job.total_bytes / job.block_size * job.block_size;

      return ssdb_cli_usage_error (
          "Invalid --io-size “%s”: not a whole number of %u-byte "
          "transfers (%s); %" G_GUINT64_FORMAT " or %" G_GUINT64_FORMAT " bytes would be",
          io_size_s, job.block_size, bs_opt, below, below + job.block_size);
    }
  if (io_size_s && !duration_s)
    job.duration_ns = 0;
  if (job.duration_ns == 0 && job.total_bytes == 0)
    return ssdb_cli_usage_error ("--duration 0 needs --io-size");
  if (job.length == 0)
    return ssdb_cli_usage_error ("--size must be larger than 0");
  if (data_s)
    {
      g_autoptr (GError) error = NULL;

      if (!ssdb_data_pattern_parse (data_s, &job.data, &error))
        return ssdb_cli_usage_error ("--data: %s", error->message);
    }
  job.sample_interval_ns = 200 * G_GUINT64_CONSTANT (1000000);

  target = ssdb_cli_open_target (&(SsdbCliTargetRequest){ .path = argv[1],
                                                          .destroy = destroy,
                                                          .size_option = "--size",
                                                          .file_size = job.length,
                                                          .ncq_off = ncq_off_opt },
                                 &status);
  if (target == NULL)
    return status;
  {
    const SsdbTargetInfo *info = ssdb_target_get_info (target);

    if (info->kind == SSDB_TARGET_FILE)
      job.length = info->size_bytes;
    else if (!size_given)
      {
        guint64 room = info->size_bytes > job.offset ? info->size_bytes - job.offset : 0;

        job.length = MIN (job.length, room);
      }
  }

  {
    g_autoptr (GError) error = NULL;

    /* A transfer size or offset the target cannot take is a usage error, and so is a write
     * to a device without --destroy-data. */
    if (!ssdb_job_spec_validate (&job, target, &error))
      {
        if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT))
          return ssdb_cli_usage_error ("%s", error->message);
        if (destroy == NULL && ssdb_cli_is_block_device (argv[1])
            && g_error_matches (error, SSDB_ERROR, SSDB_ERROR_UNSAFE))
          return ssdb_cli_usage_error ("%s; name it with --destroy-data %s", error->message,
                                       argv[1]);
        ssdb_cli_print_error (NULL, error);
        return 1;
      }
  }

  /* The result is kept in the summary model so the report format is the same. */
  ssdb_summary_spec_init (&sspec);
  sspec.size = job.length;
  sspec.offset = job.offset;
  sspec.count = 1;
  sspec.duration_ns = job.duration_ns;
  sspec.data = job.data;
  sspec.seed = job.seed;
  sspec.do_write = FALSE;
  sspec.profile = SSDB_PROFILE_REALWORLD;
  result = ssdb_summary_result_new (&sspec, NULL);
  entry = g_ptr_array_steal_index (result->entries, 0);
  g_ptr_array_set_size (result->entries, 0);
  entry->test.name = "job";
  entry->test.access = job.access;
  entry->test.block_size = job.block_size;
  entry->test.queue_depth = job.queue_depth;
  entry->test.threads = job.threads;
  entry->rw = job.rw;
  entry->job = job;
  entry->fio_command = ssdb_job_spec_to_fio (&job, target, "job");
  g_ptr_array_add (result->entries, entry);
  result->started_unix = g_get_real_time () / G_USEC_PER_SEC;

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.job = &job;
  rc.write_offset = job.offset;
  rc.write_length = job.length;
  rc.io_result = g_new0 (SsdbIoResult, 1);
  rc.fill = !no_fill && job.rw != SSDB_RW_WRITE && ssdb_target_is_writable (target);
  if (no_fill && ssdb_target_get_info (target)->kind == SSDB_TARGET_FILE && job.rw != SSDB_RW_WRITE)
    {
      g_free (rc.io_result);
      return ssdb_cli_usage_error (
          "--no-fill applies to block devices: a new test file has no data to read");
    }
  if (!rc.fill && job.rw != SSDB_RW_WRITE)
    {
      /* Reads of a region that is not filled first: how much of it holds no data. */
      guint percent = 0;
      SsdbUnwrittenSource source = SSDB_UNWRITTEN_UNKNOWN;

      if (ssdb_target_measure_unwritten (target, job.offset, job.length, job.seed, &percent,
                                         &source, NULL))
        unwritten_note = ssdb_unwritten_dup_note (percent, source);
    }

  ssdb_cli_run_worker (&rc, job_thread);

  if (rc.io_result->ios > 0 || rc.ok)
    {
      g_array_append_val (entry->passes, *rc.io_result);
      entry->aggregate = *rc.io_result;
    }
  entry->state = rc.ok ? SSDB_ENTRY_DONE
                 : g_error_matches (rc.error, SSDB_ERROR, SSDB_ERROR_CANCELLED)
                     ? SSDB_ENTRY_CANCELLED
                     : SSDB_ENTRY_FAILED;
  if (!rc.ok && rc.error)
    entry->message = g_strdup (rc.error->message);

  {
    const SsdbIoResult *r = rc.io_result;
    g_autofree char *label = ssdb_summary_entry_label (entry);
    char mbps[32], iops[32], mean[32], p99[32], inflight[32], cpu[32];

    g_ascii_formatd (mbps, sizeof mbps, "%.3f", r->bytes_per_second / 1e6);
    g_ascii_formatd (iops, sizeof iops, "%.1f", r->iops);
    g_ascii_formatd (mean, sizeof mean, "%.2f", ssdb_histogram_mean_ns (&r->latency) / 1e3);
    g_ascii_formatd (p99, sizeof p99, "%.2f",
                     (double)ssdb_histogram_percentile_ns (&r->latency, 99.0) / 1e3);
    g_ascii_formatd (inflight, sizeof inflight, "%.2f", r->mean_inflight);
    g_ascii_formatd (cpu, sizeof cpu, "%.1f",
                     r->window_ns ? (double)(r->cpu_user_ns + r->cpu_system_ns) * 100.0
                                        / (double)r->window_ns
                                  : 0.0);
    g_autofree char *notes = ssdb_io_result_dup_notes (r, &job);
    g_autofree char *device = NULL;
    char depth[32];

    /* Beside the engine's depth, the one the device itself held (its stat counters). */
    g_ascii_formatd (depth, sizeof depth, "%.2f", ssdb_io_result_device_depth (r));
    device = r->device_busy_ns > 0 ? g_strdup_printf (" (device %s)", depth) : g_strdup ("");
    g_print ("%s %s: %s MB/s [%s IOPS] <%s us mean, %s us p99> in flight %s%s, CPU %s %%%s\n",
             ssdb_rw_to_string (job.rw), label, mbps, iops, mean, p99, inflight, device, cpu,
             r->counters_valid && !r->reached_device ? " [I/O did not reach the device]" : "");
    if (notes != NULL)
      g_print ("  note: %s\n", notes);
    if (unwritten_note != NULL)
      g_print ("  note: %s\n", unwritten_note);
  }

  if (json_path)
    save_report (json_path, target, result, &status);

  if (!rc.ok)
    {
      if (g_error_matches (rc.error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
        {
          g_printerr ("ssdbench-cli: cancelled; the result above is partial\n");
          ssdb_cli_print_not_responding (&rc);
          status = ssdb_cli_cancelled_status (&rc);
        }
      else
        {
          ssdb_cli_print_error (NULL, rc.error);
          status = 1;
        }
      ssdb_cli_print_leftovers (&rc);
    }
  ssdb_cli_run_clear (&rc);
  g_free (rc.io_result);
  return status;
}
