/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli: what the commands share (see ssdb-cli-private.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/ssdb-csv.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-files.h"
#include "devices/ssdb-health-read.h"
#include "engine/ssdb-units.h"
#include "render/ssdb-export.h"
#include "ssdb-cli-private.h"

void
ssdb_cli_print_error (const char *prefix, const GError *error)
{
  g_printerr ("ssdbench-cli: %s%s\n", prefix ? prefix : "", error->message);
}

int
ssdb_cli_usage_error (const char *fmt, ...) G_GNUC_PRINTF (1, 2);

int
ssdb_cli_usage_error (const char *fmt, ...)
{
  va_list ap;
  g_autofree char *msg = NULL;

  va_start (ap, fmt);
  msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_printerr ("ssdbench-cli: %s\n", msg);
  g_printerr ("Try “ssdbench-cli --help”.\n");
  return EXIT_USAGE;
}

/* Parses options; on failure prints the error naming the option and returns FALSE. */
gboolean
ssdb_cli_parse_options (GOptionContext *ctx, int *argc, char ***argv, int *status)
{
  g_autoptr (GError) error = NULL;

  g_option_context_set_help_enabled (ctx, TRUE);
  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      *status = ssdb_cli_usage_error ("%s", error->message);
      return FALSE;
    }
  for (int i = 1; i < *argc; i++)
    if ((*argv)[i][0] == '-' && (*argv)[i][1] != '\0')
      {
        *status = ssdb_cli_usage_error ("Unknown option %s", (*argv)[i]);
        return FALSE;
      }
  return TRUE;
}

gboolean
ssdb_cli_parse_entries (GOptionContext *ctx, const GOptionEntry *entries, int *argc, char ***argv,
                        int *status)
{
  g_option_context_add_main_entries (ctx, entries, NULL);
  return ssdb_cli_parse_options (ctx, argc, argv, status);
}

gboolean
ssdb_cli_write_json_node (JsonNode *node, const char *path, GError **error)
{
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (gen, node);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  text = json_generator_to_data (gen, NULL);
  if (path == NULL || g_str_equal (path, "-"))
    {
      g_print ("%s\n", text);
      return TRUE;
    }
  {
    g_autofree char *with_nl = g_strconcat (text, "\n", NULL);

    if (!ssdb_file_replace_contents (path, with_nl, strlen (with_nl), 0644, error))
      return FALSE;
  }
  return TRUE;
}

/* The report's "target" object for @info. */
JsonNode *
ssdb_cli_target_to_json (const SsdbTargetInfo *info)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (info, NULL);
  g_autoptr (JsonNode) root = ssdb_report_to_json (report);
  JsonNode *target = json_object_get_member (json_node_get_object (root), "target");

  return json_node_copy (target);
}

static void
print_to_stderr (const char *text)
{
  fputs (text, stderr);
}

/* File name extensions of formats a chart or table option does not write. */
static const char *const other_formats[] = {
  "png", "svg", "pdf",  "csv", "txt", "json", "jpg",  "jpeg", "gif", "webp",
  "bmp", "tif", "tiff", "eps", "ps",  "avif", "heic", "html", "xml", "tsv",
};

gboolean
ssdb_cli_check_output_extension (const char *option, const char *path, const char *format,
                                 int *status)
{
  const char *base, *dot;

  if (path == NULL || g_str_equal (path, "-"))
    return TRUE;
  base = strrchr (path, '/');
  base = base ? base + 1 : path;
  dot = strrchr (base, '.');
  if (dot == NULL || dot == base || g_ascii_strcasecmp (dot + 1, format) == 0)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (other_formats); i++)
    if (g_ascii_strcasecmp (dot + 1, other_formats[i]) == 0)
      {
        g_autofree char *upper = g_ascii_strup (format, -1);
        g_autofree char *lower = g_ascii_strdown (format, -1);

        *status = ssdb_cli_usage_error ("%s “%s”: the name ends in %s, but %s writes %s; name "
                                        "the file *.%s",
                                        option, path, dot, option, upper, lower);
        return FALSE;
      }
  return TRUE;
}

/* Refuses, before a run starts, an output path that could not be written or that is not a
 * regular file (a device node would otherwise be replaced by the report). */
gboolean
ssdb_cli_check_outputs (const char *json_path, const char *png_path, int *status)
{
  const char *paths[] = { json_path, png_path };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr (GError) error = NULL;

      if (paths[i] == NULL)
        continue;
      if (i == 0 && g_str_equal (paths[i], "-"))
        {
          /* The report goes to standard output alone; the table goes to standard error. */
          g_set_print_handler (print_to_stderr);
          continue;
        }
      if (i == 1 && !ssdb_cli_check_output_extension ("--png", paths[i], "png", status))
        return FALSE;
      if (!ssdb_check_output_file (paths[i], &error))
        {
          *status = ssdb_cli_usage_error ("%s: %s", i == 0 ? "--json" : "--png", error->message);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
ssdb_cli_check_run_outputs (const char *command, int argc, char **argv, const char *json_path,
                            const char *png_path, int *status)
{
  return ssdb_cli_check_outputs (json_path, png_path, status)
         && ssdb_cli_check_one_target (command, argc, argv, status);
}

gboolean
ssdb_cli_check_run_args (const char *command, int argc, char **argv, const char *json_path,
                         const char *png_path, int *status)
{
  return ssdb_cli_check_run_outputs (command, argc, argv, json_path, png_path, status)
         && ssdb_cli_check_target_arg (argv[1], status);
}

/* How long a cancelled run may take to stop before the program ends without it. The engine
 * returns within 250 ms even when the device does not answer (it leaves the requests in flight
 * to the kernel), so this only catches a run stuck elsewhere. */
#define STOP_FALLBACK_MS 2000

static gboolean
stop_fallback (gpointer data)
{
  SsdbCliRun *rc = data;

  rc->stop_fallback_id = 0;
  if (rc->finished)
    return G_SOURCE_REMOVE;
  /* The worker is stuck in the kernel: joining it would hang; its results cannot be read. */
  g_printerr ("\nssdbench-cli: the run did not stop within %u ms: the device is not "
              "responding; stopping without the results of this run\n",
              STOP_FALLBACK_MS);
  ssdb_cli_ncq_restore (rc->target);
  _exit (128 + rc->signo);
  return G_SOURCE_REMOVE;
}

static gboolean
on_signal (SsdbCliRun *rc, int signo)
{
  rc->signal_count++;
  if (rc->signo == 0)
    rc->signo = signo;
  g_cancellable_cancel (rc->cancellable);
  if (rc->stop_fallback_id == 0 && rc->signal_count == 1)
    rc->stop_fallback_id = g_timeout_add (STOP_FALLBACK_MS, stop_fallback, rc);
  if (rc->signal_count > 2)
    {
      g_printerr ("\nssdbench-cli: stopping now\n");
      ssdb_cli_ncq_restore (rc->target);
      _exit (128 + rc->signo);
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
on_sigint (gpointer data)
{
  return on_signal (data, SIGINT);
}

static gboolean
on_sigterm (gpointer data)
{
  return on_signal (data, SIGTERM);
}

/* The exit status of a cancelled run: 128 + the signal that cancelled it (130 for Ctrl-C). */
int
ssdb_cli_cancelled_status (const SsdbCliRun *rc)
{
  return 128 + (rc->signo ? rc->signo : SIGINT);
}

gboolean
ssdb_cli_on_finished (gpointer data)
{
  SsdbCliRun *rc = data;

  rc->finished = TRUE;
  g_main_loop_quit (rc->loop);
  return G_SOURCE_REMOVE;
}

static gboolean
print_progress (gpointer data)
{
  SsdbCliRun *rc = data;
  SsdbSummaryProgress p;
  g_autofree char *label = NULL;
  double elapsed;

  if (!rc->is_tty)
    return G_SOURCE_CONTINUE;
  g_mutex_lock (&rc->lock);
  p = rc->progress;
  label = g_strdup (rc->label);
  g_mutex_unlock (&rc->lock);
  if (!rc->have_progress)
    return G_SOURCE_CONTINUE;

  elapsed = (double)(g_get_monotonic_time () - rc->started_us) / 1e6;
  if (p.phase && g_str_equal (p.phase, "prepare"))
    g_printerr ("\r\033[KPreparing the test region with random data… %3.0f %%",
                p.entry_fraction * 100);
  else
    {
      /* A summary's pass ("pass 2", "warm-up"); the behaviour tests' labels say where they are. */
      g_autofree char *pass = p.pass < 0   ? g_strdup ("  warm-up")
                              : rc->passes ? g_strdup_printf ("  pass %d", p.pass + 1)
                                           : g_strdup ("");

      g_printerr ("\r\033[K%3.0f %%  %s%s  %9.2f MB/s  %5.0f s", p.fraction * 100,
                  label ? label : "", pass, p.bytes_per_second / 1e6, elapsed);
    }
  return G_SOURCE_CONTINUE;
}

/* Runs @func on a worker thread while the main loop prints progress and turns SIGINT/SIGTERM
 * into a cancel. */
static gpointer
engine_thread (gpointer data)
{
  SsdbCliRun *rc = data;
  gint64 t0 = g_get_monotonic_time ();

  rc->ok = rc->engine (rc);
  rc->wall_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
  g_idle_add (ssdb_cli_on_finished, rc);
  return NULL;
}

void
ssdb_cli_run_worker (SsdbCliRun *rc, GThreadFunc func)
{
  guint sigint, sigterm, timer;
  GThread *thread;

  rc->loop = g_main_loop_new (NULL, FALSE);
  rc->is_tty = isatty (STDERR_FILENO);
  rc->started_us = g_get_monotonic_time ();
  sigint = g_unix_signal_add (SIGINT, on_sigint, rc);
  sigterm = g_unix_signal_add (SIGTERM, on_sigterm, rc);
  timer = g_timeout_add (200, print_progress, rc);

  thread = g_thread_new ("ssdb-run", func, rc);
  g_main_loop_run (rc->loop);
  /* The worker has ended its run (ssdb_cli_on_finished): the join returns at once. */
  g_thread_join (thread);

  g_clear_handle_id (&rc->stop_fallback_id, g_source_remove);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  g_source_remove (timer);
  g_main_loop_unref (rc->loop);
  if (rc->is_tty)
    g_printerr ("\r\033[K");
  /* The run is over: NCQ back on now, before the results are printed and saved. */
  ssdb_cli_ncq_restore (rc->target);
}

void
ssdb_cli_run_engine (SsdbCliRun *rc, SsdbCliEngineFunc func)
{
  rc->engine = func;
  ssdb_cli_run_worker (rc, engine_thread);
}

gboolean
ssdb_cli_take_alias (const char *option, char **value, const char *alias, char **alias_value,
                     const char **given, int *status)
{
  *given = option;
  if (*alias_value == NULL)
    return TRUE;
  if (*value != NULL)
    {
      *status = ssdb_cli_usage_error ("%s and %s are the same option: give one", option, alias);
      return FALSE;
    }
  *value = g_steal_pointer (alias_value);
  *given = alias;
  return TRUE;
}

gboolean
ssdb_cli_parse_size_opt (const char *text, const char *what, guint64 *out, int *status)
{
  g_autoptr (GError) error = NULL;

  if (text == NULL)
    return TRUE;
  if (!ssdb_parse_size (text, what, out, &error))
    {
      *status = ssdb_cli_usage_error ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
ssdb_cli_parse_uint_opt (const char *text, const char *what, guint64 min, guint64 max, guint64 *out,
                         int *status)
{
  g_autoptr (GError) error = NULL;

  if (text == NULL)
    return TRUE;
  if (!ssdb_parse_uint (text, what, min, max, out, &error))
    {
      *status = ssdb_cli_usage_error ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
ssdb_cli_parse_guint_opt (const char *text, const char *what, guint min, guint max, guint *out,
                          int *status)
{
  guint64 v = *out;

  if (!ssdb_cli_parse_uint_opt (text, what, min, max, &v, status))
    return FALSE;
  *out = (guint)v;
  return TRUE;
}

gboolean
ssdb_cli_parse_seconds_opt (const char *text, const char *what, guint64 min, guint64 max,
                            guint64 *out, int *status)
{
  g_autoptr (GError) error = NULL;

  if (text == NULL)
    return TRUE;
  if (!ssdb_parse_seconds (text, what, min, max, out, &error))
    {
      *status = ssdb_cli_usage_error ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
ssdb_cli_is_block_device (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 && S_ISBLK (st.st_mode);
}

gboolean
ssdb_cli_check_target_arg (const char *path, int *status)
{
  GStatBuf st;
  const char *kind;

  if (path == NULL || *path == '\0')
    {
      *status = ssdb_cli_usage_error ("The TARGET is empty: name a block device or a directory");
      return FALSE;
    }
  if (g_stat (path, &st) != 0 || S_ISBLK (st.st_mode) || S_ISDIR (st.st_mode))
    return TRUE;
  if (S_ISCHR (st.st_mode))
    kind = "a character device";
  else if (S_ISFIFO (st.st_mode))
    kind = "a FIFO (named pipe)";
  else if (S_ISSOCK (st.st_mode))
    kind = "a socket";
  else if (S_ISREG (st.st_mode))
    kind = "a regular file";
  else
    kind = "a special file";
  *status = ssdb_cli_usage_error ("%s is %s: TARGET is a block device, or a directory in which "
                                  "a test file is created",
                                  path, kind);
  return FALSE;
}

/* A test-file size given as @what (--size, --file-size) for TARGET @path: a test file is a whole
 * number of MiB (every transfer size of the summary divides it), so any other size is refused
 * as a usage error naming the whole-MiB sizes around it. Sizes for block devices pass. */
static gboolean
ssdb_cli_check_file_size (const char *path, const char *what, guint64 file_size, int *status)
{
  const guint64 mib = G_GUINT64_CONSTANT (1) << 20;
  guint64 below = file_size / mib;

  if (file_size % mib == 0 || ssdb_cli_is_block_device (path))
    return TRUE;
  if (below == 0)
    *status = ssdb_cli_usage_error ("Invalid %s %" G_GUINT64_FORMAT " bytes: a test file is a "
                                    "whole number of MiB, at least 1 MiB (1048576 bytes)",
                                    what, file_size);
  else
    *status = ssdb_cli_usage_error (
        "Invalid %s %" G_GUINT64_FORMAT " bytes: a test file is a whole number of MiB; "
        "%" G_GUINT64_FORMAT " MiB (%" G_GUINT64_FORMAT " bytes) or %" G_GUINT64_FORMAT
        " MiB (%" G_GUINT64_FORMAT " bytes)",
        what, file_size, below, below * mib, below + 1, (below + 1) * mib);
  return FALSE;
}

/* Before a device @path is opened for writing: --destroy-data (@destroy) must name that same
 * device (a symbolic link to it counts); a path that does not exist or names another device or
 * no block device is a usage error (message printed, *@status = EXIT_USAGE, FALSE). A NULL
 * @destroy, or a @path that is not a block device, passes. */
static gboolean
ssdb_cli_check_destroy (const char *path, const char *destroy, int *status)
{
  GStatBuf st_path, st_destroy;

  if (destroy == NULL || g_stat (path, &st_path) != 0 || !S_ISBLK (st_path.st_mode))
    return TRUE;
  if (g_stat (destroy, &st_destroy) != 0)
    {
      int saved = errno;

      *status = ssdb_cli_usage_error ("--destroy-data %s: %s; it must name the target %s", destroy,
                                      g_strerror (saved), path);
      return FALSE;
    }
  if (!S_ISBLK (st_destroy.st_mode) || st_destroy.st_rdev != st_path.st_rdev)
    {
      *status = ssdb_cli_usage_error ("--destroy-data %s is not the target %s (%s): it must name "
                                      "the device whose data the run destroys",
                                      destroy, path,
                                      S_ISBLK (st_destroy.st_mode) ? "it is another device"
                                                                   : "it is not a block device");
      return FALSE;
    }
  return TRUE;
}

/* Opens TARGET for a run: a test file of @file_size in a directory, or a device, for writing
 * when --destroy-data was given. */
/* NCQ off for a run: what the signal handler writes back should the process be stopped by a
 * signal outside the run (before it starts, SIGHUP at any time), precomputed. */
static char ncq_guard_path[4096];
static char ncq_guard_text[24];
static size_t ncq_guard_length;
static volatile sig_atomic_t ncq_guard_armed;

/* Async-signal-safe: open, write, close, signal and raise only. */
static void
ncq_guard_handler (int signo)
{
  if (ncq_guard_armed)
    {
      int fd = open (ncq_guard_path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);

      if (fd >= 0)
        {
          if (write (fd, ncq_guard_text, ncq_guard_length) < 0)
            ncq_guard_armed = 0;
          close (fd);
        }
      ncq_guard_armed = 0;
    }
  signal (signo, SIG_DFL);
  raise (signo);
}

static void
ncq_guard_arm (const char *disk, guint depth)
{
  struct sigaction sa = { 0 };

  g_snprintf (ncq_guard_path, sizeof ncq_guard_path, "/sys/block/%s/device/queue_depth", disk);
  g_snprintf (ncq_guard_text, sizeof ncq_guard_text, "%u\n", depth);
  ncq_guard_length = strlen (ncq_guard_text);
  ncq_guard_armed = 1;
  sa.sa_handler = ncq_guard_handler;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGINT, &sa, NULL);
  sigaction (SIGTERM, &sa, NULL);
  sigaction (SIGHUP, &sa, NULL);
}

void
ssdb_cli_ncq_restore (SsdbTarget *target)
{
  g_autoptr (GError) error = NULL;
  const SsdbTargetInfo *info;

  if (target == NULL || !ncq_guard_armed)
    return;
  info = ssdb_target_get_info (target);
  if (!ssdb_target_ncq_restore (target, &error))
    g_printerr ("ssdbench-cli: %s; set it back with “echo %u > /sys/block/%s/device/queue_depth”\n",
                error->message, info->ncq_depth_before, info->disk_name);
  ncq_guard_armed = 0;
}

/* --ncq-off on an open target, said on standard error with how to undo it by hand. */
static gboolean
ncq_off (SsdbTarget *target, int *status)
{
  g_autoptr (GError) error = NULL;
  const SsdbTargetInfo *info = ssdb_target_get_info (target);

  if (!ssdb_target_ncq_off (target, &error))
    {
      if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT))
        *status = ssdb_cli_usage_error ("--ncq-off: %s", error->message);
      else
        {
          ssdb_cli_print_error ("--ncq-off: ", error);
          *status = 1;
        }
      return FALSE;
    }
  if (info->ncq_depth_before == 0)
    {
      g_printerr ("ssdbench-cli: NCQ of %s is already off (device/queue_depth 1)\n",
                  info->disk_name);
      return TRUE;
    }
  ncq_guard_arm (info->disk_name, info->ncq_depth_before);
  g_printerr ("ssdbench-cli: NCQ off for this run: /sys/block/%s/device/queue_depth %u → 1; "
              "it is set back at the end (should this process be killed, set it back with "
              "“echo %u > /sys/block/%s/device/queue_depth”)\n",
              info->disk_name, info->ncq_depth_before, info->ncq_depth_before, info->disk_name);
  return TRUE;
}

SsdbTarget *
ssdb_cli_open_target (const SsdbCliTargetRequest *req, int *status)
{
  g_autoptr (GError) error = NULL;
  const char *path = req->path, *destroy = req->destroy;
  g_autoptr (SsdbTemperatureSensor) sensor = NULL;
  SsdbTarget *target;

  if (!ssdb_cli_check_target_arg (path, status))
    return NULL;
  if (req->temperature_input != NULL
      && (sensor = ssdb_temperature_sensor_for_input (req->temperature_input, &error)) == NULL)
    {
      *status = ssdb_cli_usage_error ("Invalid --temperature-input: %s", error->message);
      return NULL;
    }
  if (ssdb_cli_is_block_device (path))
    {
      if (req->size_s != NULL)
        {
          *status = ssdb_cli_usage_error ("%s applies to a test file in a directory, not to %s",
                                          req->size_option, path);
          return NULL;
        }
      if (req->writes != NULL && destroy == NULL)
        {
          *status = ssdb_cli_usage_error ("%s %s: name it with --destroy-data %s", req->writes,
                                          path, path);
          return NULL;
        }
      if (!ssdb_cli_check_destroy (path, destroy, status))
        return NULL;
      target = ssdb_target_open (path, destroy ? SSDB_TARGET_OPEN_WRITE : req->device_flags,
                                 destroy, 0, &error);
    }
  else
    {
      if (destroy != NULL)
        {
          GStatBuf st;

          if (g_stat (path, &st) != 0)
            {
              int saved = errno;

              /* a device path that does not exist (a partition that is gone): the system's
               * reason */
              g_printerr ("ssdbench-cli: Cannot use %s: %s\n", path, g_strerror (saved));
              *status = 1;
              return NULL;
            }
          *status = ssdb_cli_usage_error ("--destroy-data applies to block devices; %s is not one",
                                          path);
          return NULL;
        }
      /* A test file is the benchmark's own: it may be written in any mode. */
      if (!ssdb_cli_check_file_size (path, req->size_option, req->file_size, status))
        return NULL;
      target = ssdb_target_open (path, SSDB_TARGET_OPEN_READ, NULL, req->file_size, &error);
    }
  if (target == NULL)
    {
      ssdb_cli_print_error (NULL, error);
      *status = 1;
    }
  else
    {
      if (sensor != NULL)
        ssdb_target_set_temperature_sensor (target, sensor);
      ssdb_drive_state_install (target);
    }
  if (target != NULL && req->ncq_off && !ncq_off (target, status))
    g_clear_object (&target);
  return target;
}

void
ssdb_cli_print_result_drive_state (SsdbTarget *target, SsdbTestKind kind, gconstpointer result)
{
  ssdb_cli_print_drive_state (target, ssdb_test_kind_get_temperature (kind, result),
                              ssdb_test_kind_get_drive_counts (kind, result),
                              ssdb_test_kind_run_writes (kind, result, target));
}

void
ssdb_cli_print_drive_state (SsdbTarget *target, const SsdbTemperatureLog *log,
                            const SsdbDriveCounts *writes, gboolean wrote)
{
  g_autofree char *words = ssdb_temperature_log_words (log);
  g_autofree char *written = ssdb_drive_counts_words (writes);
  const char *disk = ssdb_target_get_info (target)->disk_name;
  g_autofree char *drive = disk != NULL ? g_strconcat ("/dev/", disk, NULL)
                                        : g_strdup (ssdb_target_get_display_name (target));

  if (words != NULL)
    g_print ("%s\n", words);
  else if (!ssdb_target_has_temperature (target))
    g_print ("Drive temperature: not recorded; %s gave none (no hwmon sensor, no SMART "
             "temperature)\n",
             drive);
  else
    g_print ("Drive temperature: not recorded; no reading of %s succeeded (a sleeping disk, or "
             "its SMART data refused)\n",
             drive);
  if (written != NULL)
    g_print ("%s\n", written);
  else if (wrote && !ssdb_target_has_drive_counter (target))
    g_print ("Host writes as the drive counts them: not read; %s has no drive to ask\n", drive);
  else if (wrote)
    g_print ("Host writes as the drive counts them: not read; %s reported no such counter, or "
             "its SMART / health data could not be read (NVMe health log as root, ATA SMART "
             "through UDisks2)\n",
             drive);
}

/* Parses --span START:LENGTH (two sizes, LENGTH > 0). */
gboolean
ssdb_cli_parse_span_opt (const char *text, guint64 *start, guint64 *length, int *status)
{
  g_autofree char *start_s = NULL;
  const char *colon;
  g_autoptr (GError) error = NULL;

  if (text == NULL)
    return TRUE;
  colon = strchr (text, ':');
  if (colon == NULL || strchr (colon + 1, ':') != NULL || colon == text || colon[1] == '\0')
    {
      *status
          = ssdb_cli_usage_error ("Invalid --span “%s”: expected START:LENGTH, two sizes (0:100G, "
                                  "10G:1G)",
                                  text);
      return FALSE;
    }
  start_s = g_strndup (text, (gsize)(colon - text));
  if (!ssdb_parse_size (start_s, "--span START", start, &error)
      || !ssdb_parse_size (colon + 1, "--span LENGTH", length, &error))
    {
      *status = ssdb_cli_usage_error ("%s (in --span “%s”)", error->message, text);
      return FALSE;
    }
  if (*length == 0)
    {
      *status = ssdb_cli_usage_error ("Invalid --span “%s”: LENGTH must be larger than 0", text);
      return FALSE;
    }
  if (*start > G_MAXINT64 - *length)
    {
      *status = ssdb_cli_usage_error ("Invalid --span “%s”: too large", text);
      return FALSE;
    }
  return TRUE;
}

/* After the target is open: the span must lie within it. */
gboolean
ssdb_cli_check_span (const char *span_s, guint64 start, guint64 length, SsdbTarget *target,
                     int *status)
{
  const SsdbTargetInfo *info = ssdb_target_get_info (target);

  if (span_s == NULL)
    return TRUE;
  if (start >= info->size_bytes || length > info->size_bytes - start)
    {
      *status = ssdb_cli_usage_error ("Invalid --span “%s”: it ends at byte %" G_GUINT64_FORMAT
                                      ", beyond the end of %s (%" G_GUINT64_FORMAT " bytes)",
                                      span_s, start + length, ssdb_target_get_display_name (target),
                                      info->size_bytes);
      return FALSE;
    }
  return TRUE;
}

gboolean
ssdb_cli_check_offset_span (SsdbTarget *target, const char *offset_s, guint64 offset,
                            const char *span_s, guint64 length, int *status)
{
  const SsdbTargetInfo *info = ssdb_target_get_info (target);

  if (!ssdb_cli_check_offset_sectors (target, "--offset", offset_s, offset, status))
    return FALSE;
  if (offset >= info->size_bytes)
    {
      *status = ssdb_cli_usage_error (
          "Invalid --offset “%s”: %s holds only %" G_GUINT64_FORMAT " bytes", offset_s,
          ssdb_target_get_display_name (target), info->size_bytes);
      return FALSE;
    }
  if (length > info->size_bytes - offset)
    {
      *status = ssdb_cli_usage_error (
          "Invalid --span “%s”: %s holds only %" G_GUINT64_FORMAT " bytes from %" G_GUINT64_FORMAT,
          span_s, ssdb_target_get_display_name (target), info->size_bytes - offset, offset);
      return FALSE;
    }
  return TRUE;
}

gboolean
ssdb_cli_check_settings (SsdbTestKind kind, gconstpointer result, SsdbTarget *target, int *status)
{
  g_autoptr (GError) error = NULL;

  if (ssdb_test_kind_check (kind, result, ssdb_target_get_info (target), &error))
    return TRUE;
  *status = ssdb_cli_usage_error ("%s", error->message);
  return FALSE;
}

/* The block size options: 512 bytes to 64 MiB. */
gboolean
ssdb_cli_parse_block_opt (const char *text, const char *what, guint *out, int *status)
{
  guint64 v = *out;

  if (!ssdb_cli_parse_size_opt (text, what, &v, status))
    return FALSE;
  if (v == 0 || v > SSDB_MAX_BLOCK_SIZE || v % 512 != 0)
    {
      *status = ssdb_cli_usage_error (
          "Invalid %s “%s”: expected a multiple of 512 bytes up to 64 MiB", what, text);
      return FALSE;
    }
  *out = (guint)v;
  return TRUE;
}

/* The unit transfers and offsets on @target come in: its logical sector size, or the O_DIRECT
 * alignment when that is larger. */
static guint
target_align (SsdbTarget *target)
{
  const SsdbTargetInfo *info = ssdb_target_get_info (target);

  return MAX (MAX (info->logical_block_size, info->dio_offset_align), 512);
}

gboolean
ssdb_cli_check_block_sectors (SsdbTarget *target, const char *what, const char *text,
                              guint block_size, int *status)
{
  guint align = target_align (target);
  const SsdbTargetInfo *info = ssdb_target_get_info (target);

  if (block_size % align == 0)
    return TRUE;
  if (text == NULL)
    *status = ssdb_cli_usage_error (
        "%s takes transfers of %u bytes or a multiple: the default %s (%u bytes) is not one; "
        "give a %s",
        ssdb_target_get_display_name (target), align, what, block_size, what);
  else
    *status = ssdb_cli_usage_error (
        "Invalid %s “%s” (%u bytes): %s has %u-byte sectors%s; the transfer size must be a "
        "multiple of %u bytes",
        what, text, block_size, ssdb_target_get_display_name (target),
        info->logical_block_size ? info->logical_block_size : align,
        info->logical_block_size && info->logical_block_size < align ? " (and direct I/O "
                                                                       "alignment)"
                                                                     : "",
        align);
  return FALSE;
}

gboolean
ssdb_cli_check_offset_sectors (SsdbTarget *target, const char *what, const char *text,
                               guint64 offset, int *status)
{
  guint align = target_align (target);

  if (text == NULL || offset % align == 0)
    return TRUE;
  *status = ssdb_cli_usage_error ("Invalid %s “%s”: %s is addressed in %u-byte sectors; "
                                  "%" G_GUINT64_FORMAT " is not a multiple of %u",
                                  what, text, ssdb_target_get_display_name (target), align, offset,
                                  align);
  return FALSE;
}

char *
ssdb_cli_format_mbps (double bytes_per_second)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.1f", bytes_per_second / 1e6));
}

char *
ssdb_cli_format_gb (double bytes)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.3f", bytes / 1e9));
}

char *
ssdb_cli_format_ms (double ns)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.3f", ns / 1e6));
}

char *
ssdb_cli_target_title (SsdbTarget *target)
{
  const SsdbTargetInfo *info = ssdb_target_get_info (target);
  g_autofree char *cap = ssdb_format_capacity (info->size_bytes);

  if (info->kind == SSDB_TARGET_FILE)
    return g_strdup_printf ("Test file in %s%s%s%s (%s)", info->path, info->fs_type ? ", " : "",
                            info->fs_type ? info->fs_type : "", "", cap);
  return g_strdup_printf ("%s · %s%s%s", info->path, cap, info->model ? " · " : "",
                          info->model ? info->model : "");
}

char *
ssdb_cli_export_caption (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d %H:%M UTC");

  return g_strdup_printf ("SSD Bench %s · %s", PACKAGE_VERSION, date);
}

void
ssdb_cli_print_leftovers (const SsdbCliRun *rc)
{
  const SsdbTargetInfo *info;

  if (rc->ok || rc->target == NULL)
    return;
  info = ssdb_target_get_info (rc->target);
  if (info->kind == SSDB_TARGET_FILE)
    {
      if (g_error_matches (rc->error, SSDB_ERROR, SSDB_ERROR_NO_SPACE))
        g_printerr ("ssdbench-cli: the file system at %s (%s%s%s) ran out of space during the "
                    "run; the test file is removed when ssdbench-cli exits\n",
                    info->path, info->fs_type ? info->fs_type : "unknown type",
                    info->name ? " on " : "", info->name ? info->name : "");
      return;
    }
  if (!ssdb_target_is_writable (rc->target))
    {
      if (g_error_matches (rc->error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
        g_printerr ("ssdbench-cli: %s was only read; it is unchanged\n", info->path);
      return;
    }
  /* The engine refused the run's arguments before its first transfer: nothing was written. */
  if (!rc->have_progress && g_error_matches (rc->error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT))
    return;
  if (rc->write_length > 0)
    {
      g_autofree char *from = ssdb_format_capacity (rc->write_offset);
      g_autofree char *len = ssdb_format_capacity (rc->write_length);

      g_printerr ("ssdbench-cli: %s is left as the run left it: bytes %" G_GUINT64_FORMAT
                  " to %" G_GUINT64_FORMAT
                  " (%s starting at %s) may hold the run's data; the rest of "
                  "the device was not written\n",
                  info->path, rc->write_offset, rc->write_offset + rc->write_length, len, from);
    }
  else
    g_printerr ("ssdbench-cli: %s is left as the run left it: the regions it wrote hold the "
                "run's data\n",
                info->path);
}

/* After a cancel: says so when the device did not answer the requests still in flight (the
 * kernel keeps the process until it does, or until the device is removed). */
void
ssdb_cli_print_not_responding (const SsdbCliRun *rc)
{
  if (ssdb_io_error_is_not_responding (rc->error))
    g_printerr ("ssdbench-cli: %s; the program ends when the device completes them or is "
                "removed\n",
                rc->error->message);
}

/* Ends a run: the error or cancel message and the exit status. */
int
ssdb_cli_finish_status (SsdbCliRun *rc, int status)
{
  if (rc->ok)
    return status;
  if (g_error_matches (rc->error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
    {
      g_printerr ("ssdbench-cli: cancelled; the results above are partial\n");
      ssdb_cli_print_not_responding (rc);
      ssdb_cli_print_leftovers (rc);
      return ssdb_cli_cancelled_status (rc);
    }
  ssdb_cli_print_error (NULL, rc->error);
  ssdb_cli_print_leftovers (rc);
  return 1;
}

void
ssdb_cli_set_progress (SsdbCliRun *rc, const char *label, double fraction, double bytes_per_second)
{
  g_mutex_lock (&rc->lock);
  rc->progress.phase = "measure";
  rc->progress.pass = 0;
  rc->progress.fraction = fraction;
  rc->progress.bytes_per_second = bytes_per_second;
  if (rc->label == NULL || !g_str_equal (rc->label, label))
    {
      g_free (rc->label);
      rc->label = g_strdup (label);
    }
  rc->have_progress = TRUE;
  g_mutex_unlock (&rc->lock);
}

void
ssdb_cli_on_fill_progress (guint64 done, guint64 total, gpointer user_data)
{
  SsdbCliRun *rc = user_data;

  g_mutex_lock (&rc->lock);
  rc->progress.phase = "prepare";
  rc->progress.entry_fraction = total ? (double)done / total : 1;
  rc->have_progress = TRUE;
  g_mutex_unlock (&rc->lock);
}

gboolean
ssdb_cli_save_report (SsdbReport *report, const char *path, GError **error)
{
  if (g_str_equal (path, "-"))
    {
      g_autofree char *text = ssdb_report_to_data (report, NULL);

      fputs (text, stdout);
      fflush (stdout);
      return TRUE;
    }
  return ssdb_report_save (report, path, error);
}

gboolean
ssdb_cli_write_report (SsdbReport *report, const char *path, int *status)
{
  g_autoptr (GError) error = NULL;

  if (!ssdb_cli_save_report (report, path, &error))
    {
      ssdb_cli_print_error (NULL, error);
      *status = 1;
      return FALSE;
    }
  return TRUE;
}

void
ssdb_cli_print_result_text (const SsdbReport *report, SsdbTestKind kind)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = ssdb_csv_format_text (report, kind, &error);

  if (text != NULL)
    g_print ("%s", text);
  else
    ssdb_cli_print_error (NULL, error);
}

void
ssdb_cli_export_png (SsdbReport *report, SsdbTestKind kind, const char *path, int *status)
{
  g_autoptr (GError) error = NULL;

  ssdb_cli_check_png (ssdb_export_view (report, kind, SSDB_EXPORT_PNG, 1200, 800, 1,
                                        SSDB_THEME_REVIEW, SSDB_EXPORT_FLAGS_NONE, path, &error),
                      error, status);
}

gboolean
ssdb_cli_save_result (const char *path, SsdbTarget *target, SsdbTestKind kind, gconstpointer result,
                      int *status)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (ssdb_target_get_info (target), NULL);

  ssdb_report_set_result (report, kind, result);
  return ssdb_cli_write_report (report, path, status);
}

void
ssdb_cli_print_state_and_save (SsdbTarget *target, SsdbTestKind kind, gconstpointer result,
                               const char *json_path, int *status)
{
  ssdb_cli_print_result_drive_state (target, kind, result);
  if (json_path)
    ssdb_cli_save_result (json_path, target, kind, result, status);
}

void
ssdb_cli_run_init (SsdbCliRun *rc, GCancellable *cancellable, SsdbTarget *target)
{
  g_mutex_init (&rc->lock);
  rc->cancellable = cancellable;
  rc->target = target;
}

void
ssdb_cli_run_clear (SsdbCliRun *rc)
{
  g_clear_error (&rc->error);
  g_clear_pointer (&rc->label, g_free);
  g_mutex_clear (&rc->lock);
}

int
ssdb_cli_run_end (SsdbCliRun *rc, int status)
{
  status = ssdb_cli_finish_status (rc, status);
  ssdb_cli_run_clear (rc);
  return status;
}

gboolean
ssdb_cli_check_png (gboolean rendered, const GError *error, int *status)
{
  if (rendered)
    return TRUE;
  ssdb_cli_print_error (NULL, error);
  *status = 1;
  return FALSE;
}

gboolean
ssdb_cli_check_one_target (const char *command, int argc, char **argv, int *status)
{
  if (argc < 2)
    {
      *status = ssdb_cli_usage_error ("%s needs a TARGET (a block device or a directory)", command);
      return FALSE;
    }
  if (argc > 2)
    {
      *status = ssdb_cli_usage_error ("Unexpected argument “%s”", argv[2]);
      return FALSE;
    }
  return TRUE;
}

char *
ssdb_cli_dup_subtitle (SsdbTarget *target, SsdbTestKind kind, gconstpointer result)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (ssdb_target_get_info (target), NULL);

  ssdb_report_set_result (report, kind, result);
  return ssdb_export_dup_subtitle (report, kind);
}

void
ssdb_cli_chart_init (SsdbCliChart *chart, SsdbTarget *target)
{
  chart->title = ssdb_cli_target_title (target);
  chart->caption = ssdb_cli_export_caption ();
  ssdb_style_init (&chart->style, SSDB_THEME_REVIEW);
}

void
ssdb_cli_chart_init_result (SsdbCliChart *chart, SsdbTarget *target, SsdbTestKind kind,
                            gconstpointer result)
{
  ssdb_cli_chart_init (chart, target);
  chart->subtitle = ssdb_cli_dup_subtitle (target, kind, result);
}

void
ssdb_cli_chart_clear (SsdbCliChart *chart)
{
  g_clear_pointer (&chart->title, g_free);
  g_clear_pointer (&chart->caption, g_free);
  g_clear_pointer (&chart->subtitle, g_free);
}
