/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli list and info: the drives, and the facts of one target. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gio/gunixmounts.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>

#include "engine/ssdb-safety.h"
#include "engine/ssdb-units.h"
#include "ssdb-cli-private.h"

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

/* The state the write check of a run would find (the same engine rules), without opening the
 * device: an exclusive open here, however brief, could make another program's fail. */
static void
device_state_read (const SsdbBlockFacts *f, DeviceState *st)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_strconcat ("/dev/", f->name, NULL);

  memset (st, 0, sizeof *st);
  st->usage = ssdb_usage_read (NULL, f->name, &error);
  if (st->usage == NULL)
    st->refusal = g_strdup (error->message);
  else
    st->refusal = ssdb_usage_describe_refusal (st->usage, path);
  st->write_allowed = st->refusal == NULL;
  if (st->write_allowed && access (path, R_OK | W_OK) != 0 && (errno == EACCES || errno == EPERM))
    {
      st->write_allowed = FALSE;
      st->refusal = g_strdup_printf ("no permission to open %s (run as root, or use the "
                                     "desktop app, which asks UDisks2)",
                                     path);
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
  STR ("write_cache", f->write_cache);
  json_builder_set_member_name (b, "device_queue_depth");
  json_builder_add_int_value (b, f->device_queue_depth);
  STR ("backing_file", f->backing_file);
}

static void
add_state_members (JsonBuilder *b, const DeviceState *st)
{
  const SsdbUsage *u = st->usage;

  static const char *const kinds[] = { "mounted", "swap", "held", "open" };

  STR ("mounted_at", u ? u->mounted_at : NULL);
  STR ("swap", u ? u->swap : NULL);
  STR ("holder", u ? u->holder : NULL);
  STR ("state", ssdb_usage_state_word (u));
  /* What else of the device's stack is in use: loop devices over it, processes. */
  json_builder_set_member_name (b, "stack_uses");
  json_builder_begin_array (b);
  for (guint i = 0; u != NULL && i < u->uses->len; i++)
    {
      const SsdbUse *use = g_ptr_array_index (u->uses, i);

      json_builder_begin_object (b);
      STR ("kind", kinds[use->kind]);
      STR ("device", use->member);
      STR ("subject", use->subject);
      STR ("detail", use->detail);
      if (use->kind == SSDB_USE_OPEN)
        {
          json_builder_set_member_name (b, "pid");
          json_builder_add_int_value (b, use->pid);
          STR ("command", use->command);
          json_builder_set_member_name (b, "writable");
          json_builder_add_boolean_value (b, use->writable);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "write_allowed");
  json_builder_add_boolean_value (b, st->write_allowed);
  STR ("write_refusal", st->refusal);
#undef STR
}

static const char *
state_word (const DeviceState *st)
{
  return ssdb_usage_state_word (st->usage);
}

int
ssdb_cli_cmd_list (int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- list block devices");
  g_autoptr (GPtrArray) list = NULL;
  int status = 0;

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status))
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

int
ssdb_cli_cmd_info (int argc, char **argv)
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

  if (!ssdb_cli_parse_entries (ctx, entries, &argc, &argv, &status)
      || !ssdb_cli_check_one_target ("info", argc, argv, &status))
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
        g_autofree char *ncq = facts->device_queue_depth == 0 ? NULL
                               : facts->device_queue_depth == 1
                                   ? g_strdup ("1 (one command at a time)")
                                   : g_strdup_printf ("%u", facts->device_queue_depth);

        print_fact ("Firmware", facts->firmware);
        print_fact ("Bus", facts->transport);
        print_fact ("Scheduler", facts->scheduler);
        print_fact ("Queue depth (nr_requests)", nr);
        print_fact ("Write cache", facts->write_cache);
        if (ncq != NULL)
          print_fact ("Command queue (NCQ/TCQ)", ncq);
        print_fact ("Backing file", facts->backing_file);
      }
    if (info->stack != NULL)
      {
        g_autofree char *layers = ssdb_stack_describe (info->stack);
        g_autofree char *counted = info->stack->counted[0] != NULL
                                       ? g_strjoinv (", ", info->stack->counted)
                                       : g_strdup ("none (no block device)");
        g_auto (GStrv) labels = ssdb_stack_dup_labels (info->stack);

        print_fact ("Stack", layers);
        print_fact ("Counters checked on", counted);
        print_fact ("Direct I/O", info->direct_io ? "yes" : "no: buffered by the page cache");
        for (guint i = 0; labels[i] != NULL; i++)
          print_fact ("Note", labels[i]);
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
