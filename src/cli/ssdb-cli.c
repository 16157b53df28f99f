/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli: list drives, show their facts, run benchmarks, write reports. No GTK. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <glib-unix.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <gio/gunixmounts.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-files.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-safety.h"
#include "engine/ssdb-summary.h"
#include "engine/ssdb-sysfs.h"
#include "engine/ssdb-text.h"
#include "engine/ssdb-units.h"
#include "render/ssdb-access-painter.h"
#include "render/ssdb-fill-painter.h"
#include "render/ssdb-summary-painter.h"
#include "render/ssdb-surface-painter.h"
#include "render/ssdb-sweep-painter.h"
#include "ssdb-cli-private.h"

static const char usage_text[]
    = "Usage:\n"
      "  ssdbench-cli list [--json]\n"
      "  ssdbench-cli info TARGET [--json]\n"
      "  ssdbench-cli run TEST [OPTION…] TARGET\n"
      "  ssdbench-cli export REPORT.json --png|--svg|--pdf|--csv FILE [--view VIEW] [OPTION…]\n"
      "  ssdbench-cli export REPORT.json --text [FILE|-]\n"
      "  ssdbench-cli compare A.json B.json [C.json…] --view VIEW --png|--svg|--pdf FILE\n"
      "  ssdbench-cli --version\n"
      "\n";

/* After the list of tests. */
static const char usage_tail[]
    = "\n"
      "TARGET is a block device (/dev/nvme0n1) or a directory, where a test file is created\n"
      "and removed again. Writing to a block device destroys its data and needs\n"
      "--destroy-data naming that same device; without it only read tests run.\n"
      "\n"
      "export draws any chart of a saved report (summary, surface, fill, access, sweep,\n"
      "workload and the SSD behaviour tests), or writes its samples as CSV or text;\n"
      "compare overlays 2 to 8 reports in one chart.\n"
      "\n"
      "Run “ssdbench-cli COMMAND --help” for the options of a command.\n";

static gboolean
save_report (const char *path, SsdbTarget *target, SsdbSummaryResult *result, int *status)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (ssdb_target_get_info (target), result);

  return ssdb_cli_write_report (report, path, status);
}

/* ---------------------------------------------------------------- list / info ---- */

typedef struct
{
  gboolean write_allowed;
  char *refusal;
  SsdbUsage *usage;
} DeviceState;

static void
device_state_clear (DeviceState *st)
{
  g_free (st->refusal);
  if (st->usage)
    ssdb_usage_free (st->usage);
}

static void
device_state_read (const SsdbBlockFacts *f, DeviceState *st)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_strconcat ("/dev/", f->name, NULL);

  memset (st, 0, sizeof *st);
  st->usage = ssdb_usage_read (NULL, f->name, NULL);
  st->write_allowed = ssdb_safety_check_device_write (NULL, f->name, path, &error);
  if (!st->write_allowed)
    st->refusal = g_strdup (error->message);
  else
    {
      /* What the run will do: an exclusive open, refused while anyone else holds the device. */
      int fd = open (path, O_RDONLY | O_EXCL | O_CLOEXEC | O_NONBLOCK);

      if (fd >= 0)
        close (fd);
      else if (errno == EBUSY)
        {
          st->write_allowed = FALSE;
          st->refusal = g_strdup_printf ("%s is in use by another program (exclusive open "
                                         "failed)",
                                         path);
        }
      else if (errno == EACCES || errno == EPERM)
        {
          st->write_allowed = FALSE;
          st->refusal = g_strdup_printf ("no permission to open %s (run as root, or use the "
                                         "desktop app, which asks UDisks2)",
                                         path);
        }
    }
}

static void
add_facts_members (JsonBuilder *b, const SsdbBlockFacts *f)
{
  g_autofree char *path = g_strconcat ("/dev/", f->name, NULL);

#define STR(key, val)                                                                              \
  G_STMT_START                                                                                     \
  {                                                                                                \
    json_builder_set_member_name (b, key);                                                         \
    if (val)                                                                                       \
      json_builder_add_string_value (b, val);                                                      \
    else                                                                                           \
      json_builder_add_null_value (b);                                                             \
  }                                                                                                \
  G_STMT_END
  STR ("path", path);
  STR ("name", f->name);
  STR ("disk", f->disk_name);
  json_builder_set_member_name (b, "partition");
  json_builder_add_boolean_value (b, f->is_partition);
  json_builder_set_member_name (b, "size_bytes");
  json_builder_add_int_value (b, (gint64)f->size_bytes);
  json_builder_set_member_name (b, "logical_block_size");
  json_builder_add_int_value (b, f->logical_block_size);
  json_builder_set_member_name (b, "physical_block_size");
  json_builder_add_int_value (b, f->physical_block_size);
  json_builder_set_member_name (b, "rotational");
  json_builder_add_boolean_value (b, f->rotational);
  json_builder_set_member_name (b, "discard");
  json_builder_add_boolean_value (b, f->discard);
  json_builder_set_member_name (b, "read_only");
  json_builder_add_boolean_value (b, f->read_only);
  json_builder_set_member_name (b, "removable");
  json_builder_add_boolean_value (b, f->removable);
  STR ("model", f->model);
  STR ("vendor", f->vendor);
  STR ("serial", f->serial);
  STR ("firmware", f->firmware);
  STR ("transport", f->transport);
  STR ("scheduler", f->scheduler);
  json_builder_set_member_name (b, "nr_requests");
  json_builder_add_int_value (b, f->nr_requests);
  STR ("backing_file", f->backing_file);
}

static void
add_state_members (JsonBuilder *b, const DeviceState *st)
{
  const SsdbUsage *u = st->usage;

  STR ("mounted_at", u ? u->mounted_at : NULL);
  STR ("swap", u ? u->swap : NULL);
  STR ("holder", u ? u->holder : NULL);
  json_builder_set_member_name (b, "write_allowed");
  json_builder_add_boolean_value (b, st->write_allowed);
  STR ("write_refusal", st->refusal);
#undef STR
}

static const char *
state_word (const DeviceState *st)
{
  if (st->usage == NULL)
    return "?";
  if (st->usage->mounted_at)
    return "mounted";
  if (st->usage->swap)
    return "swap";
  if (st->usage->holder)
    return "in use";
  if (st->usage->read_only)
    return "read-only";
  return "free";
}

static int
cmd_list (int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- list block devices");
  g_autoptr (GPtrArray) list = NULL;
  int status = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!ssdb_cli_parse_options (ctx, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return ssdb_cli_usage_error ("Unexpected argument “%s”", argv[1]);

  list = ssdb_block_list (NULL, TRUE);

  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      g_autoptr (JsonNode) root = NULL;
      g_autoptr (GError) error = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "devices");
      json_builder_begin_array (b);
      for (guint i = 0; i < list->len; i++)
        {
          const SsdbBlockFacts *f = g_ptr_array_index (list, i);
          DeviceState st;

          device_state_read (f, &st);
          json_builder_begin_object (b);
          add_facts_members (b, f);
          add_state_members (b, &st);
          json_builder_end_object (b);
          device_state_clear (&st);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      if (!ssdb_cli_write_json_node (root, NULL, &error))
        {
          ssdb_cli_print_error (NULL, error);
          return 1;
        }
      return 0;
    }

  g_print ("%-16s %10s  %-4s %-7s %-24s %-10s %s\n", "DEVICE", "SIZE", "TYPE", "BUS", "MODEL",
           "STATE", "WRITE TEST");
  for (guint i = 0; i < list->len; i++)
    {
      const SsdbBlockFacts *f = g_ptr_array_index (list, i);
      g_autofree char *cap = ssdb_format_capacity (f->size_bytes);
      g_autofree char *path = g_strconcat (f->is_partition ? "  /dev/" : "/dev/", f->name, NULL);
      DeviceState st;

      device_state_read (f, &st);
      g_print ("%-16s %10s  %-4s %-7s %-24.24s %-10s %s\n", path, cap,
               f->rotational ? "HDD" : "SSD", f->transport ? f->transport : "-",
               f->model ? f->model : "-", state_word (&st),
               st.write_allowed ? "allowed with --destroy-data" : st.refusal);
      device_state_clear (&st);
    }
  if (list->len == 0)
    g_print ("(no block devices found)\n");
  return 0;
}

static void
print_fact (const char *label, const char *value)
{
  g_print ("  %-26s %s\n", label, value ? value : "—");
}

/* Facts about a directory read without creating a test file, for "info DIR" when no test file
 * can be created there (full or read-only file system, no permission). The strings are owned by
 * @info; free them with dir_info_clear(). */
static gboolean
dir_info_read (const char *dir, SsdbTargetInfo *info, GError **error)
{
  struct statvfs vfs;
  GStatBuf st;

  memset (info, 0, sizeof *info);
  info->kind = SSDB_TARGET_FILE;
  info->path = g_strdup (dir);
  if (g_stat (dir, &st) != 0 || statvfs (dir, &vfs) != 0)
    {
      int errsv = errno;

      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "Cannot use %s: %s", dir,
                   g_strerror (errsv));
      return FALSE;
    }
  info->free_bytes = (guint64)vfs.f_bavail * (guint64)vfs.f_frsize;
  info->read_only = (vfs.f_flag & ST_RDONLY) != 0;
  info->major = major (st.st_dev);
  info->minor = minor (st.st_dev);
  {
    g_autoptr (GUnixMountEntry) mount = g_unix_mount_for (dir, NULL);

    if (mount != NULL)
      info->fs_type = g_strdup (g_unix_mount_get_fs_type (mount));
  }
  {
    g_autofree char *name = ssdb_block_name_from_devnum (NULL, info->major, info->minor);
    g_autoptr (SsdbBlockFacts) facts = name ? ssdb_block_facts_read (NULL, name, NULL) : NULL;

    if (facts != NULL)
      {
        info->name = g_strdup (facts->name);
        info->disk_name = g_strdup (facts->disk_name);
        info->logical_block_size = facts->logical_block_size;
        info->physical_block_size = facts->physical_block_size;
        info->rotational = facts->rotational;
        info->discard = facts->discard;
        info->read_only = info->read_only || facts->read_only;
        info->removable = facts->removable;
        info->model = g_strdup (facts->model);
        info->vendor = g_strdup (facts->vendor);
      }
  }
  return TRUE;
}

static void
dir_info_clear (SsdbTargetInfo *info)
{
  g_free (info->path);
  g_free (info->name);
  g_free (info->disk_name);
  g_free (info->model);
  g_free (info->vendor);
  g_free (info->fs_type);
  memset (info, 0, sizeof *info);
}

/* Why no test file can be created in @dir, in words, from its facts and the error of the
 * attempt. */
static char *
dir_write_refusal (const SsdbTargetInfo *info, const GError *error)
{
  g_autofree char *free_cap = ssdb_format_capacity (info->free_bytes);
  const char *fs = info->fs_type ? info->fs_type : "unknown type";

  if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_UNSAFE) || info->read_only)
    return g_strdup_printf ("the file system at %s (%s) is mounted read-only", info->path, fs);
  if (g_error_matches (error, SSDB_ERROR, SSDB_ERROR_NO_SPACE))
    return g_strdup_printf ("the file system at %s (%s) is full (%s, %" G_GUINT64_FORMAT
                            " bytes free; a test file needs at least 1 MiB)",
                            info->path, fs, free_cap, info->free_bytes);
  return g_strdup (error->message);
}

static int
cmd_info (int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - show what is known about a target");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (SsdbBlockFacts) facts = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *display = NULL;
  g_autofree char *file_refusal = NULL;
  const SsdbTargetInfo *info;
  SsdbTargetInfo dir_info = { 0 };
  DeviceState st = { 0 };
  int status = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!ssdb_cli_parse_options (ctx, &argc, &argv, &status))
    return status;
  if (!ssdb_cli_check_one_target ("info", argc, argv, &status))
    return status;
  if (!ssdb_cli_check_target_arg (argv[1], &status))
    return status;

  /* The facts of a test file (its direct-I/O alignment) come from a small test file; when none
   * can be created (a full or read-only file system), the directory's facts are shown and the
   * write tests are said to be impossible, with the reason. */
  target = ssdb_target_open (argv[1], SSDB_TARGET_OPEN_READ, NULL, 1u << 20, &error);
  if (target != NULL)
    {
      info = ssdb_target_get_info (target);
      display = g_strdup (ssdb_target_get_display_name (target));
    }
  else if (!ssdb_cli_is_block_device (argv[1]) && g_file_test (argv[1], G_FILE_TEST_IS_DIR)
           && !g_error_matches (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND))
    {
      g_autoptr (GError) dir_error = NULL;

      if (!dir_info_read (argv[1], &dir_info, &dir_error))
        {
          ssdb_cli_print_error (NULL, dir_error);
          dir_info_clear (&dir_info);
          return 1;
        }
      info = &dir_info;
      display = g_strdup_printf ("test file in %s", argv[1]);
      file_refusal = dir_write_refusal (info, error);
    }
  else
    {
      ssdb_cli_print_error (NULL, error);
      return g_error_matches (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT) ? EXIT_USAGE : 1;
    }
  if (info->name)
    facts = ssdb_block_facts_read (NULL, info->name, NULL);
  if (facts && info->kind == SSDB_TARGET_DEVICE)
    device_state_read (facts, &st);

  if (json)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      g_autoptr (JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "target");
      json_builder_add_value (b, ssdb_cli_target_to_json (info));
      if (facts)
        {
          json_builder_set_member_name (b, "device");
          json_builder_begin_object (b);
          add_facts_members (b, facts);
          if (info->kind == SSDB_TARGET_DEVICE)
            add_state_members (b, &st);
          json_builder_end_object (b);
        }
      if (info->kind == SSDB_TARGET_FILE)
        {
          json_builder_set_member_name (b, "write_allowed");
          json_builder_add_boolean_value (b, file_refusal == NULL);
          json_builder_set_member_name (b, "write_refusal");
          if (file_refusal != NULL)
            json_builder_add_string_value (b, file_refusal);
          else
            json_builder_add_null_value (b);
        }
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      device_state_clear (&st);
      dir_info_clear (&dir_info);
      if (!ssdb_cli_write_json_node (root, NULL, &error))
        {
          ssdb_cli_print_error (NULL, error);
          return 1;
        }
      return 0;
    }

  {
    g_autofree char *cap = ssdb_format_capacity (info->size_bytes);
    g_autofree char *lbs = info->logical_block_size
                               ? g_strdup_printf ("%u bytes", info->logical_block_size)
                               : g_strdup ("unknown (no block device)");
    g_autofree char *pbs = info->physical_block_size
                               ? g_strdup_printf ("%u bytes", info->physical_block_size)
                               : g_strdup ("unknown (no block device)");
    g_autofree char *dio
        = info->dio_offset_align
              ? g_strdup_printf ("memory %u, offset %u bytes", info->dio_mem_align,
                                 info->dio_offset_align)
              : g_strdup ("unknown (read from a test file, which cannot be created)");
    g_autofree char *bytes = g_strdup_printf ("%" G_GUINT64_FORMAT, info->size_bytes);

    g_print ("%s\n", display);
    if (info->kind == SSDB_TARGET_FILE)
      {
        g_autofree char *free_cap = ssdb_format_capacity (info->free_bytes);
        g_autofree char *free_s
            = g_strdup_printf ("%s (%" G_GUINT64_FORMAT " bytes)", free_cap, info->free_bytes);

        print_fact ("File system", info->fs_type);
        print_fact ("Free space", free_s);
        print_fact ("Device", info->name);
      }
    else
      {
        print_fact ("Capacity", cap);
        print_fact ("Size (bytes)", bytes);
      }
    print_fact ("Model", info->model);
    print_fact ("Vendor", info->vendor);
    if (facts)
      {
        g_autofree char *nr = g_strdup_printf ("%u", facts->nr_requests);

        print_fact ("Firmware", facts->firmware);
        print_fact ("Bus", facts->transport);
        print_fact ("Scheduler", facts->scheduler);
        print_fact ("Queue depth (nr_requests)", nr);
        print_fact ("Backing file", facts->backing_file);
      }
    print_fact ("Logical block size", lbs);
    print_fact ("Physical block size", pbs);
    print_fact ("Direct I/O alignment", dio);
    print_fact ("Rotational", info->rotational ? "yes (HDD)" : "no (SSD)");
    print_fact ("Discard (TRIM)", info->discard ? "supported" : "not supported");
    print_fact ("Read-only", info->read_only ? "yes" : "no");
    if (info->kind == SSDB_TARGET_DEVICE)
      {
        print_fact ("State", state_word (&st));
        if (st.usage && st.usage->mounted_at)
          print_fact ("Mounted at", st.usage->mounted_at);
        print_fact ("Write tests", st.write_allowed ? "allowed with --destroy-data" : st.refusal);
      }
    else if (file_refusal != NULL)
      {
        g_autofree char *impossible = g_strconcat ("impossible: ", file_refusal, NULL);

        print_fact ("Write tests", impossible);
      }
    else
      print_fact ("Write tests", "allowed (on the test file only)");
  }
  device_state_clear (&st);
  dir_info_clear (&dir_info);
  return 0;
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

static gpointer
summary_thread (gpointer data)
{
  SsdbCliRun *rc = data;

  rc->ok = ssdb_summary_run (rc->target, rc->summary, on_summary_progress, rc, rc->cancellable,
                             &rc->error);
  g_idle_add (ssdb_cli_on_finished, rc);
  return NULL;
}

static void
on_fill_progress (guint64 done, guint64 total, gpointer user_data)
{
  SsdbCliRun *rc = user_data;

  g_mutex_lock (&rc->lock);
  rc->progress.phase = "prepare";
  rc->progress.entry_fraction = total ? (double)done / total : 1;
  rc->have_progress = TRUE;
  g_mutex_unlock (&rc->lock);
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
    rc->ok = ssdb_target_fill (rc->target, rc->job->offset, rc->job->length, rc->job->seed,
                               on_fill_progress, rc, rc->cancellable, &rc->error);
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
  const SsdbTargetInfo *info = ssdb_target_get_info (target);
  g_autofree char *cap = ssdb_format_capacity (info->size_bytes);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *size = ssdb_format_transfer_size (result->spec.size);
  g_autofree char *pattern = ssdb_data_pattern_to_string (&result->spec.data);
  g_autofree char *caption = NULL;
  SsdbSummaryView view = { 0 };
  SsdbStyle style;

  if (info->kind == SSDB_TARGET_FILE)
    title = g_strdup_printf ("Test file in %s%s%s%s", info->path, info->fs_type ? " (" : "",
                             info->fs_type ? info->fs_type : "", info->fs_type ? ")" : "");
  else
    title = g_strdup_printf ("%s · %s%s%s", info->path, cap, info->model ? " · " : "",
                             info->model ? info->model : "");
  subtitle = g_strdup_printf ("%u × %s · %g s · %s data · %s", result->spec.count, size,
                              (double)result->spec.duration_ns / 1e9, pattern,
                              ssdb_profile_to_string (result->spec.profile));
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

static int
cmd_run_summary (int argc, char **argv)
{
  g_autofree char *size_s = NULL, *offset_s = NULL, *count_s = NULL, *duration_s = NULL;
  g_autofree char *interval_s = NULL, *profile_s = NULL, *data_s = NULL, *aggregate_s = NULL;
  g_autofree char *destroy = NULL, *seed_s = NULL, *json_path = NULL, *png_path = NULL;
  g_autofree char *on_error_s = NULL;
  gboolean mix = FALSE, warmup = FALSE, read_only = FALSE, no_fill = FALSE;
  const GOptionEntry entries[] = {
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_s, "Test size [1G]", "SIZE" },
    { "offset", 0, 0, G_OPTION_ARG_STRING, &offset_s, "Start of the test region on a device [0]",
      "OFFSET" },
    { "count", 0, 0, G_OPTION_ARG_STRING, &count_s, "Passes per test, 1-9 [5]", "N" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s, "Seconds per pass [5]", "S" },
    { "interval", 0, 0, G_OPTION_ARG_STRING, &interval_s, "Seconds between passes [0]", "S" },
    { "profile", 0, 0, G_OPTION_ARG_STRING, &profile_s, "default, peak, realworld or nvme", "P" },
    { "mix", 0, 0, G_OPTION_ARG_NONE, &mix, "Also run mixed tests (70 % read)", NULL },
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
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the report as JSON", "FILE" },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_path, "Draw the summary grid to a PNG", "FILE" },
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

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!ssdb_cli_parse_options (ctx, &argc, &argv, &status))
    return status;
  if (!ssdb_cli_check_outputs (json_path, png_path, &status))
    return status;
  if (!ssdb_cli_check_one_target ("run summary", argc, argv, &status))
    return status;
  if (!ssdb_cli_check_target_arg (argv[1], &status))
    return status;

  ssdb_summary_spec_init (&spec);
  size_given = size_s != NULL;
  if (!ssdb_cli_parse_size_opt (size_s, "--size", &spec.size, &status)
      || !ssdb_cli_parse_size_opt (offset_s, "--offset", &spec.offset, &status))
    return status;
  v = spec.count;
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

  target = ssdb_cli_open_run_target (argv[1], destroy, spec.size, &status);
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

  ssdb_cli_run_worker (&rc, summary_thread);

  {
    g_autofree char *text = ssdb_summary_format_text (ssdb_target_get_info (target), rc.summary);

    g_print ("%s", text);
  }

  if (json_path)
    save_report (json_path, target, rc.summary, &status);
  if (png_path)
    write_png (png_path, target, rc.summary, &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_summary_result_free (rc.summary);
  return status;
}

static int
cmd_run_job (int argc, char **argv)
{
  g_autofree char *rw_s = NULL, *access_s = NULL, *bs_s = NULL, *qd_s = NULL, *threads_s = NULL;
  g_autofree char *size_s = NULL, *offset_s = NULL, *duration_s = NULL, *io_size_s = NULL;
  g_autofree char *read_pct_s = NULL, *data_s = NULL, *destroy = NULL, *seed_s = NULL;
  g_autofree char *json_path = NULL;
  gboolean no_fill = FALSE;
  const GOptionEntry entries[] = {
    { "rw", 0, 0, G_OPTION_ARG_STRING, &rw_s, "read, write or mix [read]", "RW" },
    { "access", 0, 0, G_OPTION_ARG_STRING, &access_s, "seq or rand [seq]", "A" },
    { "bs", 0, 0, G_OPTION_ARG_STRING, &bs_s, "Transfer size [1M]", "SIZE" },
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
  int status = 0;
  gboolean size_given;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!ssdb_cli_parse_options (ctx, &argc, &argv, &status))
    return status;
  if (!ssdb_cli_check_outputs (json_path, NULL, &status))
    return status;
  if (!ssdb_cli_check_one_target ("run job", argc, argv, &status))
    return status;
  if (!ssdb_cli_check_target_arg (argv[1], &status))
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
  if (!ssdb_cli_parse_size_opt (bs_s, "--bs", &v, &status))
    return status;
  if (v == 0 || v > SSDB_MAX_BLOCK_SIZE)
    return ssdb_cli_usage_error ("Invalid --bs “%s”: expected 512 bytes to 64 MiB", bs_s);
  job.block_size = (guint)v;
  v = job.queue_depth;
  if (!ssdb_cli_parse_uint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &v, &status))
    return status;
  job.queue_depth = (guint)v;
  v = job.threads;
  if (!ssdb_cli_parse_uint_opt (threads_s, "--threads", 1, SSDB_MAX_THREADS, &v, &status))
    return status;
  job.threads = (guint)v;
  v = job.read_percent;
  if (!ssdb_cli_parse_uint_opt (read_pct_s, "--read-percent", 0, 100, &v, &status))
    return status;
  job.read_percent = (guint)v;
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

      return ssdb_cli_usage_error ("Invalid --io-size “%s”: not a whole number of %u-byte "
                                   "transfers (--bs); %" G_GUINT64_FORMAT " or %" G_GUINT64_FORMAT
                                   " bytes would be",
                                   io_size_s, job.block_size, below, below + job.block_size);
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

  target = ssdb_cli_open_run_target (argv[1], destroy, job.length, &status);
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
    g_print ("%s %s: %s MB/s [%s IOPS] <%s us mean, %s us p99> in flight %s, CPU %s %%%s\n",
             ssdb_rw_to_string (job.rw), label, mbps, iops, mean, p99, inflight, cpu,
             r->counters_valid && !r->reached_device ? " [I/O did not reach the device]" : "");
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

/* ------------------------------------------------------------ surface / fill ------ */

#define DEFAULT_FILE_SIZE (G_GUINT64_CONSTANT (1) << 30)
#define TABLE_ROWS 20

static gboolean
save_run_report (const char *path, SsdbTarget *target, const SsdbSurfaceResult *surface,
                 const SsdbFillResult *fill, int *status)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (ssdb_target_get_info (target), NULL);

  ssdb_report_set_surface (report, surface);
  ssdb_report_set_fill (report, fill);
  return ssdb_cli_write_report (report, path, status);
}

static void
on_surface_progress (SsdbSurfaceResult *result, const char *phase, double fraction,
                     gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  GArray *curve = g_str_equal (phase, "write") ? result->write : result->read;
  double rate = 0;
  g_autofree char *label = g_strdup_printf ("surface %-6s", phase);

  if ((g_str_equal (phase, "read") || g_str_equal (phase, "write")) && curve->len > 0)
    rate = g_array_index (curve, SsdbSurfaceSample, curve->len - 1).bytes_per_second;
  ssdb_cli_set_progress (rc, label, fraction, rate);
}

static gpointer
surface_thread (gpointer data)
{
  SsdbCliRun *rc = data;
  const SsdbTargetInfo *info = ssdb_target_get_info (rc->target);
  gint64 t0;

  rc->ok = TRUE;
  /* A new test file holds no data: fill it so the reads reach the file system. */
  if (info->kind == SSDB_TARGET_FILE)
    rc->ok = ssdb_target_fill (rc->target, 0, info->size_bytes, rc->surface->spec.seed,
                               on_fill_progress, rc, rc->cancellable, &rc->error);
  t0 = g_get_monotonic_time ();
  if (rc->ok)
    rc->ok = ssdb_surface_run (rc->target, rc->surface, on_surface_progress, rc, rc->cancellable,
                               &rc->error);
  rc->wall_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
  g_idle_add (ssdb_cli_on_finished, rc);
  return NULL;
}

static void
on_fill_run_progress (SsdbFillResult *result, guint pass_index, guint64 position_bytes,
                      double bytes_per_second, double fraction, gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = NULL;

  if (pass_index < result->spec.passes)
    label = g_strdup_printf ("fill pass %u/%u", pass_index + 1, result->spec.passes);
  else
    label = g_strdup ("fill read-back");
  (void)position_bytes;
  ssdb_cli_set_progress (rc, label, fraction, bytes_per_second);
}

static gpointer
fill_thread (gpointer data)
{
  SsdbCliRun *rc = data;
  gint64 t0 = g_get_monotonic_time ();

  rc->ok = ssdb_fill_run (rc->target, rc->fill_result, on_fill_run_progress, rc, rc->cancellable,
                          &rc->error);
  rc->wall_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
  g_idle_add (ssdb_cli_on_finished, rc);
  return NULL;
}

/* Indices of at most TABLE_ROWS samples spread over @n, first and last included. */
static guint
table_index (guint n, guint row, guint rows)
{
  if (rows <= 1)
    return 0;
  return (guint)((guint64)row * (n - 1) / (rows - 1));
}

static void
print_surface_text (SsdbTarget *target, const SsdbSurfaceResult *r, guint64 wall_ns)
{
  const SsdbSurfaceSpec *spec = &r->spec;
  g_autofree char *title = ssdb_cli_target_title (target);
  g_autofree char *sample = ssdb_format_transfer_size (spec->sample_bytes);
  g_autofree char *block = ssdb_format_transfer_size (spec->block_size);
  g_autofree char *span_start = ssdb_cli_format_gb ((double)spec->span_offset);
  g_autofree char *span_end = ssdb_cli_format_gb ((double)(spec->span_offset + spec->span_length));
  gboolean writes = r->write->len > 0;
  guint n = MAX (r->read->len, r->write->len);
  guint rows = MIN (n, TABLE_ROWS);

  g_print ("Surface: %s\n", title);
  g_print ("%u samples × %s · %s blocks · QD%u · span %s–%s GB · write: %s\n\n", spec->samples,
           sample, block, spec->queue_depth, span_start, span_end,
           spec->write == SSDB_SURFACE_WRITE_DESTROY   ? "destructive"
           : spec->write == SSDB_SURFACE_WRITE_REWRITE ? "rewrite in place"
                                                       : "none");
  if (writes)
    g_print ("%14s %14s %14s\n", "Position (GB)", "Read (MB/s)", "Write (MB/s)");
  else
    g_print ("%14s %14s\n", "Position (GB)", "Read (MB/s)");
  for (guint row = 0; row < rows; row++)
    {
      guint i = table_index (n, row, rows);
      const SsdbSurfaceSample *rs
          = i < r->read->len ? &g_array_index (r->read, SsdbSurfaceSample, i) : NULL;
      const SsdbSurfaceSample *ws
          = i < r->write->len ? &g_array_index (r->write, SsdbSurfaceSample, i) : NULL;
      const SsdbSurfaceSample *any = rs ? rs : ws;
      g_autofree char *pos = ssdb_cli_format_gb ((double)any->offset_bytes);
      g_autofree char *rm = rs ? ssdb_cli_format_mbps (rs->bytes_per_second) : g_strdup ("—");
      g_autofree char *wm = ws ? ssdb_cli_format_mbps (ws->bytes_per_second) : g_strdup ("—");

      if (writes)
        g_print ("%14s %14s %14s\n", pos, rm, wm);
      else
        g_print ("%14s %14s\n", pos, rm);
    }
  if (n > rows)
    g_print ("(%u of %u samples shown; --json holds all of them)\n", rows, n);
  g_print ("\n");

  for (guint k = 0; k < 2; k++)
    {
      GArray *curve = k == 0 ? r->read : r->write;
      const SsdbRateStats *st = k == 0 ? &r->read_stats : &r->write_stats;
      g_autofree char *mn = ssdb_cli_format_mbps (st->min), *mx = ssdb_cli_format_mbps (st->max);
      g_autofree char *me = ssdb_cli_format_mbps (st->mean);

      if (curve->len == 0)
        continue;
      g_print ("%-6s min %s MB/s · max %s MB/s · mean %s MB/s (%u samples)\n",
               k == 0 ? "Read:" : "Write:", mn, mx, me, curve->len);
    }
  if (r->access->len > 0)
    {
      g_autofree char *mean = ssdb_cli_format_ms (r->access_mean_ns);
      g_autofree char *first = ssdb_cli_format_ms (r->access_first_mean_ns);
      g_autofree char *first_gb = ssdb_format_capacity (spec->access_first_bytes);

      g_print ("Access time: mean %s ms (%u reads); first %s: %s ms (%u reads)\n", mean,
               r->access->len, first_gb, r->access_first_count ? first : "—",
               r->access_first_count);
    }
  if (spec->burst)
    {
      g_autofree char *burst = ssdb_cli_format_mbps (r->burst_bytes_per_second);

      g_print ("Burst rate: %s MB/s\n", burst);
    }
  {
    char cpu[G_ASCII_DTOSTR_BUF_SIZE];

    g_ascii_formatd (cpu, sizeof cpu, "%.1f",
                     wall_ns ? (double)r->cpu_ns * 100.0 / (double)wall_ns : 0.0);
    g_print ("CPU usage: %s %%\n", cpu);
  }
}

static void
write_surface_png (const char *path, SsdbTarget *target, const SsdbSurfaceResult *r,
                   guint64 wall_ns, int *status)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *sample = ssdb_format_transfer_size (r->spec.sample_bytes);
  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
  g_autofree char *subtitle = g_strdup_printf ("%u samples × %s · %s blocks · QD%u",
                                               r->spec.samples, sample, block, r->spec.queue_depth);
  SsdbSurfaceView view;
  g_auto (SsdbCliChart) chart = { 0 };

  ssdb_surface_view_init (&view);
  view.result = r;
  ssdb_cli_chart_init (&chart, target);
  view.target_title = chart.title;
  view.target_subtitle = subtitle;
  view.caption = chart.caption;
  view.device_bytes = ssdb_target_get_info (target)->size_bytes;
  view.wall_ns = wall_ns;
  ssdb_cli_check_png (ssdb_render_surface_png (&view, &chart.style, path, 900, 520, 1, &error),
                      error, status);
}

static int
cmd_run_surface (int argc, char **argv)
{
  g_autofree char *samples_s = NULL, *block_s = NULL, *sample_size_s = NULL, *qd_s = NULL;
  g_autofree char *span_s = NULL, *access_s = NULL, *access_first_s = NULL, *write_s = NULL;
  g_autofree char *destroy = NULL, *size_s = NULL, *seed_s = NULL, *json_path = NULL;
  g_autofree char *png_path = NULL;
  gboolean no_burst = FALSE;
  const GOptionEntry entries[] = {
    { "samples", 0, 0, G_OPTION_ARG_STRING, &samples_s, "Positions measured, 2-100000 [200]", "N" },
    { "block", 0, 0, G_OPTION_ARG_STRING, &block_s, "Transfer size [1M]", "SIZE" },
    { "sample-size", 0, 0, G_OPTION_ARG_STRING, &sample_size_s, "Bytes read at each position [64M]",
      "SIZE" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth, 1-256 [1]", "N" },
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s, "Part of the device to measure [whole]",
      "START:LENGTH" },
    { "access", 0, 0, G_OPTION_ARG_STRING, &access_s,
      "Random reads for the access time, 0 to skip [1000]", "N" },
    { "access-first", 0, 0, G_OPTION_ARG_STRING, &access_first_s,
      "Also report the access time within the first SIZE [50GB]", "SIZE" },
    { "no-burst", 0, 0, G_OPTION_ARG_NONE, &no_burst, "Do not measure the burst rate", NULL },
    { "write", 0, 0, G_OPTION_ARG_STRING, &write_s,
      "Also a write surface: rewrite (puts back what it read) or destroy", "MODE" },
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "With --write destroy: the device whose data may be destroyed", "DEVICE" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_s, "Test file size in a directory [1G]", "SIZE" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of offsets and data [1]", "N" },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the report as JSON", "FILE" },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_path, "Draw the surface chart to a PNG", "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - HD Tune-like surface: rate across the device");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  SsdbSurfaceSpec spec;
  SsdbTargetOpenFlags flags = SSDB_TARGET_OPEN_READ;
  SsdbCliRun rc = { 0 };
  guint64 v, span_start = 0, span_length = 0, file_size = DEFAULT_FILE_SIZE;
  int status = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!ssdb_cli_parse_options (ctx, &argc, &argv, &status))
    return status;
  if (!ssdb_cli_check_outputs (json_path, png_path, &status))
    return status;
  if (!ssdb_cli_check_one_target ("run surface", argc, argv, &status))
    return status;
  if (!ssdb_cli_check_target_arg (argv[1], &status))
    return status;

  ssdb_surface_spec_init (&spec);
  v = spec.samples;
  if (!ssdb_cli_parse_uint_opt (samples_s, "--samples", 2, 100000, &v, &status))
    return status;
  spec.samples = (guint)v;
  if (!ssdb_cli_parse_block_opt (block_s, "--block", &spec.block_size, &status)
      || !ssdb_cli_parse_size_opt (sample_size_s, "--sample-size", &spec.sample_bytes, &status))
    return status;
  if (sample_size_s != NULL && (spec.sample_bytes == 0 || spec.sample_bytes % spec.block_size != 0))
    return ssdb_cli_usage_error ("Invalid --sample-size “%s”: expected a whole number of --block "
                                 "transfers (%u bytes)",
                                 sample_size_s, spec.block_size);
  if (sample_size_s == NULL && spec.sample_bytes % spec.block_size != 0)
    spec.sample_bytes = MAX (spec.sample_bytes / spec.block_size, 1) * spec.block_size;
  v = spec.queue_depth;
  if (!ssdb_cli_parse_uint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &v, &status))
    return status;
  spec.queue_depth = (guint)v;
  v = spec.access_samples;
  if (!ssdb_cli_parse_uint_opt (access_s, "--access", 0, 1000000, &v, &status))
    return status;
  spec.access_samples = (guint)v;
  if (!ssdb_cli_parse_size_opt (access_first_s, "--access-first", &spec.access_first_bytes, &status)
      || !ssdb_cli_parse_span_opt (span_s, &span_start, &span_length, &status)
      || !ssdb_cli_parse_size_opt (size_s, "--size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --size “%s”: must be larger than 0", size_s);
  spec.burst = !no_burst;
  spec.span_offset = span_start;
  spec.span_length = span_length;

  if (write_s == NULL)
    {
      if (destroy != NULL)
        return ssdb_cli_usage_error ("--destroy-data is only used with --write destroy");
    }
  else if (g_str_equal (write_s, "rewrite"))
    {
      if (destroy != NULL)
        return ssdb_cli_usage_error ("--write rewrite keeps the data; it takes no --destroy-data");
      spec.write = SSDB_SURFACE_WRITE_REWRITE;
      flags = SSDB_TARGET_OPEN_REWRITE;
    }
  else if (g_str_equal (write_s, "destroy"))
    {
      spec.write = SSDB_SURFACE_WRITE_DESTROY;
      flags = SSDB_TARGET_OPEN_WRITE;
    }
  else
    return ssdb_cli_usage_error ("Unknown --write “%s”: expected rewrite or destroy", write_s);

  if (ssdb_cli_is_block_device (argv[1]))
    {
      if (size_s != NULL)
        return ssdb_cli_usage_error ("--size applies to a test file in a directory, not to %s",
                                     argv[1]);
      if (spec.write == SSDB_SURFACE_WRITE_DESTROY && destroy == NULL)
        return ssdb_cli_usage_error (
            "--write destroy overwrites %s: name it with --destroy-data %s", argv[1], argv[1]);
      if (!ssdb_cli_check_destroy (argv[1], destroy, &status))
        return status;
      target = ssdb_target_open (argv[1], flags, destroy, 0, &error);
    }
  else
    {
      if (destroy != NULL)
        return ssdb_cli_usage_error ("--destroy-data applies to block devices; %s is not one",
                                     argv[1]);
      /* A test file is the benchmark's own: it may be written in any mode. */
      if (!ssdb_cli_check_file_size (argv[1], "--size", file_size, &status))
        return status;
      target = ssdb_target_open (argv[1], SSDB_TARGET_OPEN_READ, NULL, file_size, &error);
    }
  if (target == NULL)
    {
      ssdb_cli_print_error (NULL, error);
      return 1;
    }
  if (!ssdb_cli_check_block_sectors (target, "--block", block_s, spec.block_size, &status)
      || !ssdb_cli_check_span (span_s, span_start, span_length, target, &status))
    return status;

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.surface = ssdb_surface_result_new (&spec);

  ssdb_cli_run_worker (&rc, surface_thread);

  if (rc.surface->read->len > 0 || rc.ok)
    print_surface_text (target, rc.surface, rc.wall_ns);

  if (json_path)
    save_run_report (json_path, target, rc.surface, NULL, &status);
  if (png_path)
    write_surface_png (png_path, target, rc.surface, rc.wall_ns, &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_surface_result_free (rc.surface);
  return status;
}

static void
print_fill_text (SsdbTarget *target, const SsdbFillResult *r)
{
  const SsdbFillSpec *spec = &r->spec;
  const SsdbFillAnalysis *a = &r->analysis;
  g_autofree char *title = ssdb_cli_target_title (target);
  g_autofree char *block = ssdb_format_transfer_size (spec->block_size);
  g_autofree char *segment = ssdb_format_transfer_size (spec->segment_bytes);
  g_autofree char *span = ssdb_format_capacity (spec->span_length);
  guint write_index = 0;

  g_print ("Whole-drive fill: %s\n", title);
  g_print ("%u write pass%s%s · %s span · %s blocks · QD%u · %s segments\n\n", spec->passes,
           spec->passes == 1 ? "" : "es", spec->read_back ? " + read-back" : "", span, block,
           spec->queue_depth, segment);

  if (r->passes->len > 0)
    {
      const SsdbFillPass *first = g_ptr_array_index (r->passes, 0);
      guint n = first->segments->len, rows = MIN (n, TABLE_ROWS);

      g_print ("%14s %14s   (first write pass, per segment)\n", "Position (GB)", "Write (MB/s)");
      for (guint row = 0; row < rows; row++)
        {
          const SsdbFillPoint *p
              = &g_array_index (first->segments, SsdbFillPoint, table_index (n, row, rows));
          g_autofree char *pos = ssdb_cli_format_gb ((double)p->position_bytes);
          g_autofree char *rate = ssdb_cli_format_mbps (p->bytes_per_second);

          g_print ("%14s %14s\n", pos, rate);
        }
      if (n > rows)
        g_print ("(%u of %u segments shown; --json holds all of them)\n", rows, n);
      g_print ("\n");
    }

  for (guint i = 0; i < r->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (r->passes, i);
      g_autofree char *rate = ssdb_cli_format_mbps (p->bytes_per_second);
      g_autofree char *done = ssdb_format_capacity (p->bytes);
      g_autofree char *label = p->rw == SSDB_RW_READ
                                   ? g_strdup ("Read-back")
                                   : g_strdup_printf ("Write pass %u", ++write_index);
      char secs[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (secs, sizeof secs, "%.2f", (double)p->window_ns / 1e9);
      g_print ("%-13s mean %s MB/s · %s in %s s%s\n", label, rate, done, secs,
               p->complete ? "" : " (incomplete)");
    }

  if (a->phases != NULL && a->phases->len > 0)
    {
      g_print ("\nPhases of the first write pass:\n");
      for (guint i = 0; i < a->phases->len; i++)
        {
          const SsdbFillPhase *ph = &g_array_index (a->phases, SsdbFillPhase, i);
          g_autofree char *s = ssdb_cli_format_gb ((double)ph->start_bytes);
          g_autofree char *e = ssdb_cli_format_gb ((double)ph->end_bytes);
          g_autofree char *rate = ssdb_cli_format_mbps (ph->bytes_per_second);

          g_print ("  %s – %s GB  %s MB/s\n", s, e, rate);
        }
      if (a->cache_bytes > 0)
        {
          g_autofree char *cache = ssdb_format_capacity (a->cache_bytes);
          g_autofree char *in = ssdb_cli_format_mbps (a->in_cache_bytes_per_second);
          g_autofree char *post = ssdb_cli_format_mbps (a->post_cache_bytes_per_second);

          g_print ("Cache: %s; %s MB/s in the cache, %s MB/s after it\n", cache, in, post);
        }
      else
        {
          g_autofree char *in = ssdb_cli_format_mbps (a->in_cache_bytes_per_second);

          g_print ("Cache: no cliff found; %s MB/s throughout\n", in);
        }
    }
  if (a->words != NULL)
    g_print ("\n%s\n", a->words);
}

static void
write_fill_png (const char *path, SsdbTarget *target, const SsdbFillResult *r, int *status)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
  g_autofree char *segment = ssdb_format_transfer_size (r->spec.segment_bytes);
  g_autofree char *subtitle
      = g_strdup_printf ("%u pass%s%s · %s blocks · QD%u · %s segments", r->spec.passes,
                         r->spec.passes == 1 ? "" : "es", r->spec.read_back ? " + read-back" : "",
                         block, r->spec.queue_depth, segment);
  SsdbFillView view;
  g_auto (SsdbCliChart) chart = { 0 };

  ssdb_fill_view_init (&view);
  view.result = r;
  ssdb_cli_chart_init (&chart, target);
  view.target_title = chart.title;
  view.target_subtitle = subtitle;
  view.caption = chart.caption;
  ssdb_cli_check_png (ssdb_render_fill_png (&view, &chart.style, path, 900, 560, 1, &error), error,
                      status);
}

static int
cmd_run_fill (int argc, char **argv)
{
  g_autofree char *passes_s = NULL, *block_s = NULL, *qd_s = NULL, *segment_s = NULL;
  g_autofree char *span_s = NULL, *destroy = NULL, *size_s = NULL, *seed_s = NULL;
  g_autofree char *json_path = NULL, *png_path = NULL;
  gboolean no_read_back = FALSE;
  const GOptionEntry entries[] = {
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "The device whose data may be destroyed (required for a device)", "DEVICE" },
    { "passes", 0, 0, G_OPTION_ARG_STRING, &passes_s, "Write passes, 1-4 [2]", "N" },
    { "no-read-back", 0, 0, G_OPTION_ARG_NONE, &no_read_back,
      "Do not read the span back afterwards", NULL },
    { "block", 0, 0, G_OPTION_ARG_STRING, &block_s, "Transfer size [1M]", "SIZE" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth, 1-256 [4]", "N" },
    { "segment", 0, 0, G_OPTION_ARG_STRING, &segment_s,
      "Rate resolution along the span [1G, or span/256]", "SIZE" },
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s, "Part of the device to fill [whole]",
      "START:LENGTH" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_s, "Test file size in a directory [1G]", "SIZE" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of the data [1]", "N" },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the report as JSON", "FILE" },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_path, "Draw the fill chart to a PNG", "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - whole-drive write: cache size and speed after it");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  SsdbFillSpec spec;
  SsdbCliRun rc = { 0 };
  guint64 v, span_start = 0, span_length = 0, file_size = DEFAULT_FILE_SIZE;
  int status = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!ssdb_cli_parse_options (ctx, &argc, &argv, &status))
    return status;
  if (!ssdb_cli_check_outputs (json_path, png_path, &status))
    return status;
  if (!ssdb_cli_check_one_target ("run fill", argc, argv, &status))
    return status;
  if (!ssdb_cli_check_target_arg (argv[1], &status))
    return status;

  ssdb_fill_spec_init (&spec);
  v = spec.passes;
  if (!ssdb_cli_parse_uint_opt (passes_s, "--passes", 1, 4, &v, &status))
    return status;
  spec.passes = (guint)v;
  if (!ssdb_cli_parse_block_opt (block_s, "--block", &spec.block_size, &status))
    return status;
  v = spec.queue_depth;
  if (!ssdb_cli_parse_uint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &v, &status))
    return status;
  spec.queue_depth = (guint)v;
  if (!ssdb_cli_parse_size_opt (segment_s, "--segment", &spec.segment_bytes, &status)
      || !ssdb_cli_parse_span_opt (span_s, &span_start, &span_length, &status)
      || !ssdb_cli_parse_size_opt (size_s, "--size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (segment_s != NULL && (spec.segment_bytes == 0 || spec.segment_bytes % spec.block_size != 0))
    return ssdb_cli_usage_error (
        "Invalid --segment “%s”: expected a whole number of --block transfers "
        "(%u bytes)",
        segment_s, spec.block_size);
  if (size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --size “%s”: must be larger than 0", size_s);
  if (span_s != NULL && (span_start % spec.block_size != 0 || span_length < spec.block_size))
    return ssdb_cli_usage_error (
        "Invalid --span “%s”: START must be a multiple of --block (%u bytes) "
        "and LENGTH at least one transfer",
        span_s, spec.block_size);
  spec.read_back = !no_read_back;
  spec.span_offset = span_start;
  spec.span_length = span_length;

  if (ssdb_cli_is_block_device (argv[1]))
    {
      if (size_s != NULL)
        return ssdb_cli_usage_error ("--size applies to a test file in a directory, not to %s",
                                     argv[1]);
      if (destroy == NULL)
        return ssdb_cli_usage_error (
            "run fill overwrites all of %s: name it with --destroy-data %s", argv[1], argv[1]);
      if (!ssdb_cli_check_destroy (argv[1], destroy, &status))
        return status;
      target = ssdb_target_open (argv[1], SSDB_TARGET_OPEN_WRITE, destroy, 0, &error);
    }
  else
    {
      if (destroy != NULL)
        return ssdb_cli_usage_error ("--destroy-data applies to block devices; %s is not one",
                                     argv[1]);
      if (!ssdb_cli_check_file_size (argv[1], "--size", file_size, &status))
        return status;
      target = ssdb_target_open (argv[1], SSDB_TARGET_OPEN_READ, NULL, file_size, &error);
    }
  if (target == NULL)
    {
      ssdb_cli_print_error (NULL, error);
      return 1;
    }
  if (!ssdb_cli_check_block_sectors (target, "--block", block_s, spec.block_size, &status)
      || !ssdb_cli_check_span (span_s, span_start, span_length, target, &status))
    return status;

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.fill_result = ssdb_fill_result_new (&spec);

  ssdb_cli_run_worker (&rc, fill_thread);

  print_fill_text (target, rc.fill_result);

  if (json_path)
    save_run_report (json_path, target, NULL, rc.fill_result, &status);
  if (png_path)
    write_fill_png (png_path, target, rc.fill_result, &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_fill_result_free (rc.fill_result);
  return status;
}

/* ------------------------------------------------------ access / sweep / workload ---- */

static const char file_size_help[] = "Test file size in a directory [1G]";

static gboolean
save_bench_report (const char *path, SsdbTarget *target, const SsdbAccessResult *access,
                   const SsdbSweepResult *sweep, const SsdbWorkloadResult *workload, int *status)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (ssdb_target_get_info (target), NULL);

  ssdb_report_set_access (report, access);
  ssdb_report_set_sweep (report, sweep);
  ssdb_report_set_workload (report, workload);
  return ssdb_cli_write_report (report, path, status);
}

static void
on_access_progress (SsdbAccessResult *result, int step, double fraction, gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = NULL;
  double iops = 0;

  if (step < 0)
    label = g_strdup ("access: filling the span");
  else
    {
      const SsdbAccessStep *s = &g_array_index (result->steps, SsdbAccessStep, step);
      g_autofree char *name = ssdb_access_step_label (result->spec.mode, s->depth);

      label = g_strdup_printf ("access %-5s", name);
      iops = s->iops;
    }
  /* The rate column shows reads per second × the transfer size. */
  ssdb_cli_set_progress (rc, label, fraction, iops * result->spec.block_size);
}

static gpointer
access_thread (gpointer data)
{
  SsdbCliRun *rc = data;
  gint64 t0 = g_get_monotonic_time ();

  rc->ok = ssdb_access_run (rc->target, rc->access_result, on_access_progress, rc, rc->cancellable,
                            &rc->error);
  rc->wall_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
  g_idle_add (ssdb_cli_on_finished, rc);
  return NULL;
}

static const char *
state_text (SsdbEntryState state)
{
  switch (state)
    {
      case SSDB_ENTRY_DONE:
        return "";
      case SSDB_ENTRY_CANCELLED:
        return " (cancelled)";
      case SSDB_ENTRY_FAILED:
        return " (failed)";
      case SSDB_ENTRY_SKIPPED:
        return " (skipped)";
      case SSDB_ENTRY_PENDING:
      case SSDB_ENTRY_RUNNING:
      default:
        return " (not run)";
    }
}

static void
print_access_text (SsdbTarget *target, const SsdbAccessResult *r)
{
  const SsdbAccessSpec *spec = &r->spec;
  g_autofree char *title = ssdb_cli_target_title (target);
  g_autofree char *block = ssdb_format_transfer_size (spec->block_size);
  g_autofree char *span = ssdb_format_capacity (spec->span_length);
  char secs[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (secs, sizeof secs, "%g", (double)spec->step_duration_ns / 1e9);
  g_print ("Access time by %s: %s\n",
           spec->mode == SSDB_ACCESS_MODE_THREADS ? "threads" : "queue depth", title);
  g_print ("Random %s reads over %s · %s s per step\n\n", block, span, secs);
  g_print ("%-6s %12s %11s %11s %11s %11s %10s\n", "Step", "IOPS", "Mean (ms)", "Median (ms)",
           "p99 (ms)", "Max (ms)", "In flight");
  for (guint i = 0; i < r->steps->len; i++)
    {
      const SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);
      g_autofree char *name = ssdb_access_step_label (spec->mode, s->depth);
      g_autofree char *mean = ssdb_cli_format_ms (s->mean_ns);
      g_autofree char *median = ssdb_cli_format_ms ((double)s->median_ns);
      g_autofree char *p99 = ssdb_cli_format_ms ((double)s->p99_ns);
      g_autofree char *max = ssdb_cli_format_ms ((double)s->max_ns);
      char iops[G_ASCII_DTOSTR_BUF_SIZE], inflight[G_ASCII_DTOSTR_BUF_SIZE];

      if (s->state == SSDB_ENTRY_PENDING || s->state == SSDB_ENTRY_RUNNING)
        {
          g_print ("%-6s %12s%s\n", name, "–", state_text (s->state));
          continue;
        }
      g_ascii_formatd (iops, sizeof iops, "%.0f", s->iops);
      g_ascii_formatd (inflight, sizeof inflight, "%.2f", s->achieved_depth);
      g_print ("%-6s %12s %11s %11s %11s %11s %10s%s\n", name, iops, mean, median, p99, max,
               inflight, state_text (s->state));
    }
  if (r->analysis.words != NULL)
    g_print ("\n%s\n", r->analysis.words);
}

static void
write_access_png (const char *path, SsdbTarget *target, const SsdbAccessResult *r, gboolean relief,
                  int *status)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
  g_autofree char *span = ssdb_format_capacity (r->spec.span_length);
  g_autofree char *subtitle
      = g_strdup_printf ("Random %s reads over %s · by %s", block, span,
                         r->spec.mode == SSDB_ACCESS_MODE_THREADS ? "threads" : "queue depth");
  SsdbAccessView view;
  g_auto (SsdbCliChart) chart = { 0 };

  ssdb_access_view_init (&view);
  view.result = r;
  view.chart = relief ? SSDB_ACCESS_CHART_RELIEF : SSDB_ACCESS_CHART_HEATMAP;
  ssdb_cli_chart_init (&chart, target);
  view.target_title = chart.title;
  view.target_subtitle = subtitle;
  view.caption = chart.caption;
  ssdb_cli_check_png (ssdb_render_access_png (&view, &chart.style, path, 900, 560, 1, &error),
                      error, status);
}

static int
cmd_run_access (int argc, char **argv)
{
  g_autofree char *size_s = NULL, *depths_s = NULL, *span_s = NULL, *duration_s = NULL;
  g_autofree char *ios_s = NULL, *destroy = NULL, *file_size_s = NULL, *seed_s = NULL;
  g_autofree char *json_path = NULL, *png_path = NULL;
  gboolean threads = FALSE, relief = FALSE;
  const GOptionEntry entries[] = {
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_s, "Transfer size of each random read [4K]",
      "SIZE" },
    { "depths", 0, 0, G_OPTION_ARG_STRING, &depths_s,
      "Queue depths (or thread counts) of the steps, rising [1,2,4,8,16,32]", "N,N,…" },
    { "threads", 0, 0, G_OPTION_ARG_NONE, &threads,
      "Steps are numbers of threads at QD1 (1-64) instead of queue depths", NULL },
    { "span-gb", 0, 0, G_OPTION_ARG_STRING, &span_s, "Read within the first N GB [whole]", "N" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s, "Seconds per step [3]", "S" },
    { "ios", 0, 0, G_OPTION_ARG_STRING, &ios_s, "Also end a step after N reads", "N" },
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "Fill the span with random data first, destroying the data of DEVICE", "DEVICE" },
    { "file-size", 0, 0, G_OPTION_ARG_STRING, &file_size_s, file_size_help, "SIZE" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of offsets and data [1]", "N" },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the report as JSON", "FILE" },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_path, "Draw the access-time chart to a PNG",
      "FILE" },
    { "relief", 0, 0, G_OPTION_ARG_NONE, &relief,
      "Draw the PNG as a relief (one curve per step) instead of a heatmap", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - access-time distribution by queue depth (Ipeak-like)");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  SsdbAccessSpec spec;
  SsdbCliRun rc = { 0 };
  guint64 v, file_size = DEFAULT_FILE_SIZE;
  int status = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!ssdb_cli_parse_options (ctx, &argc, &argv, &status))
    return status;
  if (!ssdb_cli_check_outputs (json_path, png_path, &status))
    return status;
  if (!ssdb_cli_check_one_target ("run access", argc, argv, &status))
    return status;
  if (!ssdb_cli_check_target_arg (argv[1], &status))
    return status;
  if (relief && png_path == NULL)
    return ssdb_cli_usage_error ("--relief chooses the kind of --png chart; it needs --png FILE");

  ssdb_access_spec_init (&spec);
  spec.mode = threads ? SSDB_ACCESS_MODE_THREADS : SSDB_ACCESS_MODE_QUEUE;
  if (!ssdb_cli_parse_block_opt (size_s, "--size", &spec.block_size, &status)
      || !ssdb_cli_parse_depths_opt (depths_s, threads ? SSDB_MAX_THREADS : SSDB_MAX_QUEUE_DEPTH,
                                     spec.depths, &spec.n_depths, &status)
      || !ssdb_cli_parse_span_gb_opt (span_s, spec.block_size, &spec.span_length, &status)
      || !ssdb_cli_parse_seconds_opt (duration_s, "--duration", NS_PER_S / 100, 3600 * NS_PER_S,
                                      &spec.step_duration_ns, &status)
      || !ssdb_cli_parse_uint_opt (ios_s, "--ios", 1, G_MAXINT64, &spec.step_ios, &status)
      || !ssdb_cli_parse_size_opt (file_size_s, "--file-size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (threads && depths_s == NULL)
    for (guint i = 0; i < spec.n_depths; i++)
      if (spec.depths[i] > SSDB_MAX_THREADS)
        spec.n_depths = i;
  if (file_size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --file-size “%s”: must be larger than 0", file_size_s);
  spec.fill = destroy != NULL;

  if ((target = ssdb_cli_open_bench_target (argv[1], destroy, file_size_s, file_size, &status))
          == NULL
      || !ssdb_cli_check_block_sectors (target, "--size", size_s, spec.block_size, &status))
    return status;
  v = ssdb_target_get_info (target)->size_bytes;
  if (spec.span_length > v)
    return ssdb_cli_usage_error ("Invalid --span-gb “%s”: %s holds only %" G_GUINT64_FORMAT
                                 " bytes",
                                 span_s, ssdb_target_get_display_name (target), v);

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.access_result = ssdb_access_result_new (&spec);

  ssdb_cli_run_worker (&rc, access_thread);

  print_access_text (target, rc.access_result);
  if (json_path)
    save_bench_report (json_path, target, rc.access_result, NULL, NULL, &status);
  if (png_path)
    write_access_png (png_path, target, rc.access_result, relief, &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_access_result_free (rc.access_result);
  return status;
}

static void
on_sweep_progress (SsdbSweepResult *result, guint size, SsdbRw rw, double fraction,
                   gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  GArray *points = rw == SSDB_RW_WRITE ? result->write : result->read;
  g_autofree char *label = NULL;
  double rate = 0;

  if (size == 0)
    label = g_strdup ("sweep: filling the region");
  else
    {
      g_autofree char *name = ssdb_format_transfer_size (size);

      label = g_strdup_printf ("sweep %-7s %-5s", name, ssdb_rw_to_string (rw));
    }
  if (points->len > 0)
    rate = g_array_index (points, SsdbSweepPoint, points->len - 1).bytes_per_second;
  ssdb_cli_set_progress (rc, label, fraction, rate);
}

static gpointer
sweep_thread (gpointer data)
{
  SsdbCliRun *rc = data;
  gint64 t0 = g_get_monotonic_time ();

  rc->ok = ssdb_sweep_run (rc->target, rc->sweep_result, on_sweep_progress, rc, rc->cancellable,
                           &rc->error);
  rc->wall_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
  g_idle_add (ssdb_cli_on_finished, rc);
  return NULL;
}

static const SsdbSweepPoint *
find_sweep_point (GArray *points, guint size)
{
  for (guint i = 0; i < points->len; i++)
    if (g_array_index (points, SsdbSweepPoint, i).size == size)
      return &g_array_index (points, SsdbSweepPoint, i);
  return NULL;
}

static void
print_sweep_text (SsdbTarget *target, const SsdbSweepResult *r)
{
  const SsdbSweepSpec *spec = &r->spec;
  g_autofree char *title = ssdb_cli_target_title (target);
  g_autofree char *span = ssdb_format_capacity (spec->span_length);

  g_print ("Transfer-size sweep: %s\n", title);
  g_print ("Sequential %s over %s · QD%u\n\n",
           spec->do_read && spec->do_write ? "writes and reads"
           : spec->do_write                ? "writes"
                                           : "reads",
           span, spec->queue_depth);
  g_print ("%-8s %14s %12s %14s %12s\n", "Size", "Write (MB/s)", "Write IOPS", "Read (MB/s)",
           "Read IOPS");
  for (guint i = 0; i < r->n_sizes; i++)
    {
      const SsdbSweepPoint *w = find_sweep_point (r->write, r->sizes[i]);
      const SsdbSweepPoint *rd = find_sweep_point (r->read, r->sizes[i]);
      g_autofree char *name = ssdb_format_transfer_size (r->sizes[i]);
      g_autofree char *wr = w ? ssdb_cli_format_mbps (w->bytes_per_second) : g_strdup ("–");
      g_autofree char *rr = rd ? ssdb_cli_format_mbps (rd->bytes_per_second) : g_strdup ("–");
      char wi[G_ASCII_DTOSTR_BUF_SIZE] = "–", ri[G_ASCII_DTOSTR_BUF_SIZE] = "–";

      if (w)
        g_ascii_formatd (wi, sizeof wi, "%.0f", w->iops);
      if (rd)
        g_ascii_formatd (ri, sizeof ri, "%.0f", rd->iops);
      g_print ("%-8s %14s %12s %14s %12s\n", name, wr, wi, rr, ri);
    }
  if (r->words != NULL)
    g_print ("\n%s\n", r->words);
}

static void
write_sweep_png (const char *path, SsdbTarget *target, const SsdbSweepResult *r, int *status)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *span = ssdb_format_capacity (r->spec.span_length);
  g_autofree char *subtitle
      = g_strdup_printf ("Sequential transfers over %s · QD%u", span, r->spec.queue_depth);
  SsdbSweepView view;
  g_auto (SsdbCliChart) chart = { 0 };

  ssdb_sweep_view_init (&view);
  view.result = r;
  ssdb_cli_chart_init (&chart, target);
  view.target_title = chart.title;
  view.target_subtitle = subtitle;
  view.caption = chart.caption;
  ssdb_cli_check_png (ssdb_render_sweep_png (&view, &chart.style, path, 900, 640, 1, &error), error,
                      status);
}

static int
cmd_run_sweep (int argc, char **argv)
{
  g_autofree char *min_s = NULL, *max_s = NULL, *qd_s = NULL, *span_s = NULL;
  g_autofree char *duration_s = NULL, *destroy = NULL, *file_size_s = NULL, *seed_s = NULL;
  g_autofree char *json_path = NULL, *png_path = NULL;
  gboolean read_only = FALSE;
  const GOptionEntry entries[] = {
    { "min", 0, 0, G_OPTION_ARG_STRING, &min_s, "Smallest transfer size [the logical block size]",
      "SIZE" },
    { "max", 0, 0, G_OPTION_ARG_STRING, &max_s, "Largest transfer size [64M]", "SIZE" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth, 1-256 [4]", "N" },
    { "span", 0, 0, G_OPTION_ARG_STRING, &span_s, "Length of the region from the start [256M]",
      "SIZE" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s, "Seconds per size and direction [1]",
      "S" },
    { "read-only", 0, 0, G_OPTION_ARG_NONE, &read_only, "Measure reads only", NULL },
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "Also measure writes on DEVICE, destroying its data in the region", "DEVICE" },
    { "file-size", 0, 0, G_OPTION_ARG_STRING, &file_size_s, file_size_help, "SIZE" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of the data [1]", "N" },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the report as JSON", "FILE" },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_path, "Draw the sweep chart to a PNG", "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx
      = g_option_context_new ("TARGET - transfer-size sweep (ATTO-like)");
  g_autoptr (SsdbTarget) target = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  SsdbSweepSpec spec;
  SsdbCliRun rc = { 0 };
  guint64 v, file_size = DEFAULT_FILE_SIZE;
  guint sizes[SSDB_SWEEP_MAX_SIZES], n_sizes;
  const SsdbTargetInfo *info;
  int status = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!ssdb_cli_parse_options (ctx, &argc, &argv, &status))
    return status;
  if (!ssdb_cli_check_outputs (json_path, png_path, &status))
    return status;
  if (!ssdb_cli_check_one_target ("run sweep", argc, argv, &status))
    return status;
  if (!ssdb_cli_check_target_arg (argv[1], &status))
    return status;
  if (read_only && destroy != NULL)
    return ssdb_cli_usage_error ("--read-only writes nothing; it takes no --destroy-data");

  ssdb_sweep_spec_init (&spec);
  if (min_s != NULL && !ssdb_cli_parse_block_opt (min_s, "--min", &spec.start_size, &status))
    return status;
  if (!ssdb_cli_parse_block_opt (max_s, "--max", &spec.end_size, &status))
    return status;
  v = spec.queue_depth;
  if (!ssdb_cli_parse_uint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &v, &status))
    return status;
  spec.queue_depth = (guint)v;
  if (!ssdb_cli_parse_size_opt (span_s, "--span", &spec.span_length, &status)
      || !ssdb_cli_parse_seconds_opt (duration_s, "--duration", NS_PER_S / 100, 3600 * NS_PER_S,
                                      &spec.duration_ns, &status)
      || !ssdb_cli_parse_size_opt (file_size_s, "--file-size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (min_s != NULL && spec.start_size > spec.end_size)
    return ssdb_cli_usage_error ("Invalid --min “%s”: larger than --max (%u bytes)", min_s,
                                 spec.end_size);
  if (span_s != NULL && spec.span_length == 0)
    return ssdb_cli_usage_error ("Invalid --span “%s”: must be larger than 0", span_s);
  if (file_size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --file-size “%s”: must be larger than 0", file_size_s);

  if ((target = ssdb_cli_open_bench_target (argv[1], destroy, file_size_s, file_size, &status))
      == NULL)
    return status;
  info = ssdb_target_get_info (target);
  spec.do_read = TRUE;
  spec.do_write = !read_only && (info->kind == SSDB_TARGET_FILE || destroy != NULL);
  if (!read_only && !spec.do_write)
    g_printerr ("ssdbench-cli: measuring reads only: writing to %s destroys its data; name it "
                "with --destroy-data %s to measure writes too\n",
                argv[1], argv[1]);
  spec.fill = spec.do_write || info->kind == SSDB_TARGET_FILE;
  if (span_s == NULL && spec.span_length > info->size_bytes)
    spec.span_length = info->size_bytes;
  if (spec.span_length > info->size_bytes)
    return ssdb_cli_usage_error ("Invalid --span “%s”: %s holds only %" G_GUINT64_FORMAT " bytes",
                                 span_s, ssdb_target_get_display_name (target), info->size_bytes);
  if (!ssdb_sweep_sizes (&spec, MAX (info->logical_block_size, info->dio_offset_align), sizes,
                         &n_sizes, &error))
    return ssdb_cli_usage_error ("%s", error->message);
  if (spec.span_length < sizes[n_sizes - 1])
    return ssdb_cli_usage_error ("Invalid --span: %" G_GUINT64_FORMAT
                                 " bytes is smaller than --max (%u "
                                 "bytes)",
                                 spec.span_length, sizes[n_sizes - 1]);

  ssdb_cli_run_init (&rc, cancellable, target);
  spec.start_size = sizes[0];
  rc.sweep_result = ssdb_sweep_result_new (&spec);
  memcpy (rc.sweep_result->sizes, sizes, sizeof sizes);
  rc.sweep_result->n_sizes = n_sizes;

  ssdb_cli_run_worker (&rc, sweep_thread);

  print_sweep_text (target, rc.sweep_result);
  if (json_path)
    save_bench_report (json_path, target, NULL, rc.sweep_result, NULL, &status);
  if (png_path)
    write_sweep_png (png_path, target, rc.sweep_result, &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_sweep_result_free (rc.sweep_result);
  return status;
}

static void
on_workload_progress (SsdbWorkloadResult *result, const char *phase, double fraction,
                      gpointer user_data)
{
  SsdbCliRun *rc = user_data;
  g_autofree char *label = g_strdup_printf ("%s: %s", result->spec.name, phase);

  ssdb_cli_set_progress (rc, label, fraction, 0);
}

static gpointer
workload_thread (gpointer data)
{
  SsdbCliRun *rc = data;
  gint64 t0 = g_get_monotonic_time ();

  rc->ok = ssdb_workload_run (rc->target, rc->workload_result, on_workload_progress, rc,
                              rc->cancellable, &rc->error);
  rc->wall_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
  g_idle_add (ssdb_cli_on_finished, rc);
  return NULL;
}

static void
print_workload_row (const char *name, const SsdbWorkloadStats *s)
{
  g_autofree char *rate = ssdb_cli_format_mbps (s->bytes_per_second);
  g_autofree char *mean = ssdb_cli_format_ms (s->mean_ns);
  g_autofree char *p99 = ssdb_cli_format_ms ((double)s->p99_ns);
  g_autofree char *max = ssdb_cli_format_ms ((double)s->max_ns);
  char iops[G_ASCII_DTOSTR_BUF_SIZE], inflight[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (iops, sizeof iops, "%.0f", s->iops);
  g_ascii_formatd (inflight, sizeof inflight, "%.2f", s->mean_inflight);
  g_print ("%-12s %11s %10s %10s %10s %10s %10s\n", name, iops, rate, mean, p99, max, inflight);
}

static void
print_workload_text (SsdbTarget *target, const SsdbWorkloadResult *r)
{
  const SsdbWorkloadSpec *spec = &r->spec;
  g_autofree char *title = ssdb_cli_target_title (target);
  g_autoptr (GString) mix = g_string_new (NULL);
  guint total_weight = 0;
  char ramp[G_ASCII_DTOSTR_BUF_SIZE], run[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < spec->n_size_mix; i++)
    total_weight += spec->size_mix[i].weight;
  for (guint i = 0; i < spec->n_size_mix; i++)
    {
      g_autofree char *size = ssdb_format_transfer_size (spec->size_mix[i].size);

      g_string_append_printf (mix, "%s%s %.0f %%", i ? ", " : "", size,
                              total_weight ? 100.0 * spec->size_mix[i].weight / total_weight : 0);
    }
  g_ascii_formatd (ramp, sizeof ramp, "%g", (double)spec->ramp_ns / 1e9);
  g_ascii_formatd (run, sizeof run, "%g", (double)spec->duration_ns / 1e9);
  g_print ("Workload “%s”: %s\n", spec->name, title);
  g_print ("%s · %u %% reads · %u %% random · QD%u × %u worker%s · ramp %s s, run %s s\n\n",
           mix->str, spec->read_percent, spec->random_percent, spec->queue_depth, spec->workers,
           spec->workers == 1 ? "" : "s", ramp, run);
  g_print ("%-12s %11s %10s %10s %10s %10s %10s\n", "Worker", "IOPS", "MB/s", "Mean (ms)",
           "p99 (ms)", "Max (ms)", "In flight");
  for (guint i = 0; i < r->workers->len; i++)
    {
      g_autofree char *name = g_strdup_printf ("%u", i + 1);

      print_workload_row (name, &g_array_index (r->workers, SsdbWorkloadStats, i));
    }
  print_workload_row ("All workers", &r->total);
  if (r->total.ios > 0)
    g_print ("\n%" G_GUINT64_FORMAT " requests: %.1f %% reads, %.1f %% random\n", r->total.ios,
             100.0 * r->total.read_ios / r->total.ios, 100.0 * r->total.random_ios / r->total.ios);
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

static int
cmd_run_workload (int argc, char **argv)
{
  g_autofree char *preset_s = NULL, *spec_path = NULL, *name = NULL, *qd_s = NULL;
  g_autofree char *workers_s = NULL, *duration_s = NULL, *ramp_s = NULL, *destroy = NULL;
  g_autofree char *file_size_s = NULL, *seed_s = NULL, *json_path = NULL;
  const GOptionEntry entries[] = {
    { "preset", 0, 0, G_OPTION_ARG_STRING, &preset_s,
      "database, fileserver, webserver or workstation", "NAME" },
    { "spec", 0, 0, G_OPTION_ARG_FILENAME, &spec_path,
      "Access specification file (key file or JSON)", "FILE" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, "The workload of --spec FILE to run", "NAME" },
    { "qd", 0, 0, G_OPTION_ARG_STRING, &qd_s, "Queue depth per worker, 1-256", "N" },
    { "workers", 0, 0, G_OPTION_ARG_STRING, &workers_s, "Worker threads, 1-64", "N" },
    { "duration", 0, 0, G_OPTION_ARG_STRING, &duration_s, "Seconds measured", "S" },
    { "ramp", 0, 0, G_OPTION_ARG_STRING, &ramp_s, "Seconds of unmeasured ramp-up", "S" },
    { "destroy-data", 0, 0, G_OPTION_ARG_FILENAME, &destroy,
      "The device whose data the workload's writes may destroy", "DEVICE" },
    { "file-size", 0, 0, G_OPTION_ARG_STRING, &file_size_s, file_size_help, "SIZE" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, "Seed of offsets and data", "N" },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the report as JSON", "FILE" },
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
  guint64 v, file_size = DEFAULT_FILE_SIZE;
  int status = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!ssdb_cli_parse_options (ctx, &argc, &argv, &status))
    return status;
  if (!ssdb_cli_check_outputs (json_path, NULL, &status))
    return status;
  if (!ssdb_cli_check_one_target ("run workload", argc, argv, &status))
    return status;
  if (!ssdb_cli_check_target_arg (argv[1], &status))
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

  v = spec.queue_depth;
  if (!ssdb_cli_parse_uint_opt (qd_s, "--qd", 1, SSDB_MAX_QUEUE_DEPTH, &v, &status))
    return status;
  spec.queue_depth = (guint)v;
  v = spec.workers;
  if (!ssdb_cli_parse_uint_opt (workers_s, "--workers", 1, SSDB_MAX_THREADS, &v, &status))
    return status;
  spec.workers = (guint)v;
  if (!ssdb_cli_parse_seconds_opt (duration_s, "--duration", NS_PER_S / 100, 86400 * NS_PER_S,
                                   &spec.duration_ns, &status)
      || !ssdb_cli_parse_seconds_opt (ramp_s, "--ramp", 0, 3600 * NS_PER_S, &spec.ramp_ns, &status)
      || !ssdb_cli_parse_size_opt (file_size_s, "--file-size", &file_size, &status)
      || !ssdb_cli_parse_uint_opt (seed_s, "--seed", 0, G_MAXUINT64, &spec.seed, &status))
    return status;
  if (file_size_s != NULL && file_size == 0)
    return ssdb_cli_usage_error ("Invalid --file-size “%s”: must be larger than 0", file_size_s);
  if (!ssdb_workload_spec_validate (&spec, &error))
    return ssdb_cli_usage_error ("%s", error->message);
  if (spec.read_percent < 100 && destroy == NULL && ssdb_cli_is_block_device (argv[1]))
    return ssdb_cli_usage_error (
        "Workload “%s” writes (%u %% of its requests) and destroys the data of "
        "%s: name it with --destroy-data %s",
        spec.name, 100 - spec.read_percent, argv[1], argv[1]);

  if ((target = ssdb_cli_open_bench_target (argv[1], destroy, file_size_s, file_size, &status))
      == NULL)
    return status;

  ssdb_cli_run_init (&rc, cancellable, target);
  rc.workload_result = ssdb_workload_result_new (&spec);

  ssdb_cli_run_worker (&rc, workload_thread);

  print_workload_text (target, rc.workload_result);
  if (json_path)
    save_bench_report (json_path, target, NULL, NULL, rc.workload_result, &status);

  status = ssdb_cli_run_end (&rc, status);
  ssdb_workload_result_free (rc.workload_result);
  return status;
}

/* The tests of "ssdbench-cli run TEST", in the order --help lists them, with what each measures. */
static const struct
{
  const char *name;
  const char *usage;
  const char *words;
  int (*run) (int argc, char **argv);
} run_commands[] = {
  { "summary", "[OPTION…] TARGET",
    "CrystalDiskMark-style grid: sequential and random, read and write", cmd_run_summary },
  { "job", "[OPTION…] TARGET", "one I/O job in fio's terms", cmd_run_job },
  { "surface", "[OPTION…] TARGET", "HD Tune-like read (or write) rate across the device",
    cmd_run_surface },
  { "fill", "--destroy-data DEVICE [OPTION…] TARGET",
    "whole-drive write: cache size and the speed after it", cmd_run_fill },
  { "access", "[OPTION…] TARGET", "access-time distribution by queue depth (Ipeak-like)",
    cmd_run_access },
  { "sweep", "[OPTION…] TARGET", "rate by transfer size (ATTO-like)", cmd_run_sweep },
  { "workload", "--preset NAME | --spec FILE [OPTION…] TARGET",
    "IOMeter-style mix from a preset or a specification", cmd_run_workload },
  { "compression", "--destroy-data DEVICE [OPTION…] TARGET",
    "write and read rate against data compressibility", ssdb_cli_run_compression },
  { "trim", "--destroy-data DEVICE [OPTION…] TARGET",
    "summary before and after fill-and-delete rounds (TRIM)", ssdb_cli_run_trim },
  { "freespace", "--destroy-data DEVICE [OPTION…] TARGET", "summary as the free space runs out",
    ssdb_cli_run_freespace },
  { "readback", "--destroy-data DEVICE [OPTION…] TARGET",
    "read rate of data written onto an empty span and over it", ssdb_cli_run_readback },
  { "recovery", "--destroy-data DEVICE [OPTION…] TARGET",
    "idle time the fast-write cache needs to recover", ssdb_cli_run_recovery },
  { "consistency", "--destroy-data DEVICE [OPTION…] TARGET",
    "IOPS per round and SNIA PTS steady state", ssdb_cli_run_consistency },
};

/* "  NAME  WORDS" for each test, under @heading. */
static void
print_tests (const char *heading)
{
  g_print ("%s\n", heading);
  for (guint i = 0; i < G_N_ELEMENTS (run_commands); i++)
    g_print ("  %-12s %s\n", run_commands[i].name, run_commands[i].words);
}

static char *
run_command_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (run_commands); i++)
    g_string_append_printf (names, "%s%s", i == 0 ? "" : ", ", run_commands[i].name);
  return g_string_free (names, FALSE);
}

static int
cmd_run (int argc, char **argv)
{
  g_autofree char *names = run_command_names ();

  if (argc < 2)
    return ssdb_cli_usage_error ("run needs a test: %s", names);
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h"))
    {
      g_print ("Usage:\n");
      for (guint i = 0; i < G_N_ELEMENTS (run_commands); i++)
        g_print ("  ssdbench-cli run %s %s\n", run_commands[i].name, run_commands[i].usage);
      g_print ("\n");
      print_tests ("Tests:");
      g_print ("\nRun “ssdbench-cli run TEST --help” for the options of a test.\n");
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (run_commands); i++)
    if (g_str_equal (argv[1], run_commands[i].name))
      {
        g_autofree char *prgname = g_strdup_printf ("ssdbench-cli run %s", argv[1]);

        /* "Usage: ssdbench-cli run TEST [OPTION…] TARGET" in the test's --help */
        g_set_prgname (prgname);
        return run_commands[i].run (argc - 1, argv + 1);
      }
  return ssdb_cli_usage_error ("Unknown test “%s”: expected one of %s", argv[1], names);
}

/* The commands of ssdbench-cli besides "run". */
static const struct
{
  const char *name;
  int (*run) (int argc, char **argv);
} commands[] = {
  { "list", cmd_list },
  { "info", cmd_info },
  { "run", cmd_run },
  { "export", ssdb_cli_cmd_export },
  { "compare", ssdb_cli_cmd_compare },
};

int
main (int argc, char **argv)
{
  const char *cmd;

  setlocale (LC_ALL, "");

  if (argc < 2)
    {
      g_printerr ("%sRun “ssdbench-cli --help” for the tests and what they measure.\n", usage_text);
      return EXIT_USAGE;
    }
  cmd = argv[1];
  if (g_str_equal (cmd, "--help") || g_str_equal (cmd, "-h") || g_str_equal (cmd, "help"))
    {
      g_print ("%s", usage_text);
      print_tests ("Tests (ssdbench-cli run TEST):");
      g_print ("%s", usage_tail);
      return 0;
    }
  if (g_str_equal (cmd, "--version") || g_str_equal (cmd, "-V"))
    {
      g_print ("ssdbench-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (cmd, commands[i].name))
      {
        g_autofree char *prgname = g_strdup_printf ("ssdbench-cli %s", cmd);

        /* "Usage: ssdbench-cli COMMAND [OPTION…]" in the command's --help */
        if (!g_str_equal (cmd, "run"))
          g_set_prgname (prgname);
        return commands[i].run (argc - 1, argv + 1);
      }
  return ssdb_cli_usage_error ("Unknown command “%s”", cmd);
}
