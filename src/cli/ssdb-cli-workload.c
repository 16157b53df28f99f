/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli run workload. */
#include "config.h"

#include <glib/gstdio.h>

#include "engine/ssdb-csv.h"
#include "engine/ssdb-units.h"
#include "ssdb-cli-private.h"

/* -------------------------------------------------------------------- workload ---- */

static void
on_workload_progress (SsdbWorkloadResult *result, const char *phase, double fraction,
                      gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = NULL;

  /* a cycle: the depth running, the one of the job run now */
  if (result->spec.n_cycle_depths > 0
      && (g_str_equal (phase, "ramp") || g_str_equal (phase, "run")))
    label = g_strdup_printf ("%s QD%u: %s", result->spec.name, result->job.queue_depth, phase);
  else
    label = g_strdup_printf ("%s: %s", result->spec.name, phase);

  /* the measured run's rate so far (the engine's live numbers) */
  ssdb_cli_set_progress (rc, label, fraction,
                         g_str_equal (phase, "run") ? result->total.bytes_per_second : 0);
}

static gboolean
workload_engine (SsdbCliRun *rc)
{
  return ssdb_workload_run (rc->target, rc->workload_result, on_workload_progress, rc,
                            rc->cancellable, &rc->error);
}

static void
print_workload_text (SsdbTarget *target, const SsdbWorkloadResult *r)
{
  const SsdbWorkloadSpec *spec = &r->spec;
  g_autofree char *title = ssdb_cli_target_title (target);
  g_autofree char *lines = ssdb_workload_spec_describe (spec);
  g_autofree char *tables = ssdb_csv_format_workload_tables (r);
  char ramp[G_ASCII_DTOSTR_BUF_SIZE], run[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (ramp, sizeof ramp, "%g", (double)spec->ramp_ns / 1e9);
  g_ascii_formatd (run, sizeof run, "%g", (double)spec->duration_ns / 1e9);
  g_print ("Workload “%s”: %s\n", spec->name, title);
  if (spec->n_cycle_depths > 0)
    {
      g_autofree char *cycle = ssdb_workload_cycle_to_string (spec);

      g_print ("%s · QD %s in turn × %u worker%s · each ramp %s s, run %s s\n\n", lines, cycle,
               spec->workers, spec->workers == 1 ? "" : "s", ramp, run);
    }
  else
    g_print ("%s · QD%u × %u worker%s · ramp %s s, run %s s\n\n", lines, spec->queue_depth,
             spec->workers, spec->workers == 1 ? "" : "s", ramp, run);
  /* the engine's tables: per worker and all, the reads and the writes apart */
  g_print ("%s", tables);
}

/* Reads --spec FILE: the one workload it defines, or the one called @name. */
static gboolean
load_spec_file (const char *path, const char *name, SsdbWorkloadSpec *out, int *status)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) specs = NULL;
  gsize length;
  GStatBuf st;

  /* A FIFO or a device such as /dev/zero would block or never end. */
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      *status = ssdb_cli_usage_error ("Invalid --spec “%s”: not a regular file", path);
      return FALSE;
    }
  if (g_stat (path, &st) == 0 && st.st_size > (1 << 20))
    {
      *status = ssdb_cli_usage_error ("Invalid --spec “%s”: %" G_GINT64_FORMAT
                                      " bytes, larger than 1 MiB; not a workload specification",
                                      path, (gint64)st.st_size);
      return FALSE;
    }
  if (!g_file_get_contents (path, &text, &length, &error))
    {
      *status = ssdb_cli_usage_error ("Invalid --spec “%s”: %s", path, error->message);
      return FALSE;
    }
  if ((specs = ssdb_workload_specs_parse (text, (gssize)length, &error)) == NULL)
    {
      *status = ssdb_cli_usage_error ("Invalid --spec “%s”: %s", path, error->message);
      return FALSE;
    }
  if (specs->len == 0)
    {
      *status = ssdb_cli_usage_error ("Invalid --spec “%s”: it defines no workload", path);
      return FALSE;
    }
  for (guint i = 0; i < specs->len; i++)
    {
      const SsdbWorkloadSpec *s = &g_array_index (specs, SsdbWorkloadSpec, i);

      if (name != NULL ? g_str_equal (s->name, name) : specs->len == 1)
        {
          *out = *s;
          return TRUE;
        }
    }
  if (name != NULL)
    *status = ssdb_cli_usage_error ("Invalid --name “%s”: %s defines no workload of that name",
                                    name, path);
  else
    *status = ssdb_cli_usage_error ("--spec “%s” defines %u workloads: choose one with --name",
                                    path, specs->len);
  return FALSE;
}

int
ssdb_cli_run_workload (int argc, char **argv)
{
  g_autofree char *temperature_s = NULL;
  gboolean ncq_off_opt = FALSE;
  g_autofree char *preset_s = NULL, *spec_path = NULL, *name = NULL, *qd_s = NULL;
  g_autofree char *workers_s = NULL, *duration_s = NULL, *ramp_s = NULL, *destroy = NULL;
  g_autofree char *file_size_s = NULL, *seed_s = NULL, *json_path = NULL;
  g_autofree char *file_size_alias = NULL, *cycle_s = NULL;
  const GOptionEntry entries[] = {
    { "preset", 0, 0, G_OPTION_ARG_STRING, &preset_s,
      "database, fileserver, webserver or workstation", "NAME" },
    { "spec", 0, 0, G_OPTION_ARG_FILENAME, &spec_path,
      "Access specification file (key file or JSON)", "FILE" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, "The workload of --spec FILE to run", "NAME" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth per worker, 1-256", "N" },
    { "cycle-qd", 0, 0, G_OPTION_ARG_STRING, &cycle_s,
      "Queue depths run in turn, each a ramp and a run (1,2,4,8; 0 for none)", "LIST" },
    { "workers", 0, 0, G_OPTION_ARG_STRING, &workers_s, "Worker threads, 1-64", "N" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s, "Seconds measured", "S" },
    { "ramp", 0, 0, G_OPTION_ARG_STRING, &ramp_s, "Seconds of unmeasured ramp-up", "S" },
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "The device whose data the workload's writes may destroy", "DEVICE" },
    SSDB_CLI_FILE_SIZE_ENTRY ("size", file_size_s),
    { "file-size", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &file_size_alias, NULL, NULL },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of offsets and data", "N" },
    SSDB_CLI_JSON_ENTRY (json_path),
    SSDB_CLI_NCQ_OFF_ENTRY (ncq_off_opt),
    SSDB_CLI_TEMPERATURE_ENTRY (temperature_s),
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - IOMeter-style workload from a preset or a specification");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  SsdbWorkloadSpec spec;
  SsdbWorkloadPreset preset;
  SsdbCliRun rc = { 0 };
  guint64 file_size = SSDB_CLI_DEFAULT_FILE_SIZE;
  const char *file_size_opt;
  int status = 0;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_take_alias ("--size", &file_size_s, "--file-size", &file_size_alias,
                               &file_size_opt, &status))
    return status;
  if (!ssdb_cli_check_run_args ("run workload", argc, argv, json_path, NULL, &status))
    return status;
  if ((preset_s == NULL) == (spec_path == NULL))
    return ssdb_cli_usage_error ("run workload needs either --preset NAME or --spec FILE");
  if (name != NULL && spec_path == NULL)
    return ssdb_cli_usage_error ("--name chooses a workload of --spec FILE");

  if (preset_s != NULL)
    {
      g_autofree char *key = g_ascii_strdown (preset_s, -1);

      if (g_str_equal (key, "fileserver"))
        preset = SSDB_WORKLOAD_FILE_SERVER;
      else if (g_str_equal (key, "webserver"))
        preset = SSDB_WORKLOAD_WEB_SERVER;
      else if (!ssdb_workload_preset_from_string (preset_s, &preset))
        return ssdb_cli_usage_error (
            "Unknown --preset “%s”: expected database, fileserver, webserver or "
            "workstation",
            preset_s);
      ssdb_workload_spec_init_preset (&spec, preset);
    }
  else if (!load_spec_file (spec_path, name, &spec, &status))
    return status;

  if (!ssdb_cli_parse_guint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &spec.queue_depth, &status))
    return status;
  /* --qd runs one depth, whatever cycle the specification file named */
  if (qd_s != NULL)
    spec.n_cycle_depths = 0;
  if (cycle_s != NULL)
    {
      if (qd_s != NULL)
        return ssdb_cli_usage_error ("--qd and --cycle-qd: give one of them (the queue depth, or "
                                     "the depths run in turn)");
      if (!ssdb_workload_cycle_parse (cycle_s, "--cycle-qd", spec.cycle_depths,
                                      &spec.n_cycle_depths, &error))
        return ssdb_cli_usage_error ("Invalid %s", error->message);
    }
  if (!ssdb_cli_parse_guint_opt (workers_s, "--workers", 1, SSDB_MAX_THREADS, &spec.workers,
                                 &status))
    return status;
  if (!ssdb_cli_parse_seconds_opt (duration_s, "--duration", NS_PER_S / 100, 86400 * NS_PER_S,
                                   &spec.duration_ns, &status)
      || !ssdb_cli_parse_seconds_opt (ramp_s, "--ramp", 0, 3600 * NS_PER_S, &spec.ramp_ns, &status)
      || !ssdb_cli_parse_size_opt (file_size_s, file_size_opt, &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (file_size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid %s “%s”: must be larger than 0", file_size_opt,
                                 file_size_s);
  if (!ssdb_workload_spec_validate (&spec, &error))
    return ssdb_cli_usage_error ("%s", error->message);
  if (spec.read_percent < 100 && destroy == NULL && ssdb_cli_is_block_device (argv[1]))
    return ssdb_cli_usage_error (
        "Workload “%s” writes (%u %% of its requests) and destroys the data of "
        "%s: name it with --destroy-data %s",
        spec.name, 100 - spec.read_percent, argv[1], argv[1]);

  if ((target = ssdb_cli_open_target (&(SsdbCliTargetRequest){ .path = argv[1],
                                                               .temperature_input = temperature_s,
                                                               .destroy = destroy,
                                                               .size_option = file_size_opt,
                                                               .size_s = file_size_s,
                                                               .file_size = file_size,
                                                               .ncq_off = ncq_off_opt },
                                      &status))
      == NULL)
    return status;

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.workload_result = ssdb_workload_result_new (&spec);

  ssdb_cli_run_engine (&rc, workload_engine);

  print_workload_text (target, rc.workload_result);
  ssdb_cli_print_state_and_save (target, SSDB_TEST_KIND_WORKLOAD, rc.workload_result, json_path,
                                 &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_workload_result_free (rc.workload_result);
  return status;
}
