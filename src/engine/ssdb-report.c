/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-report.h"
#include "ssdb-report-pack.h"
#include "ssdb-files.h"
#include "ssdb-error.h"

#include "ssdb-report-private.h"
#include "ssdb-json-scan-private.h"
#include "ssdb-test-kind-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

/* -------------------------------------------------------------------------------------------- */
/* Names of enumerations in the file: part of the format, independent of any UI text.           */

static const char *const target_kind_names[] = { "device", "file" };

G_STATIC_ASSERT (G_N_ELEMENTS (target_kind_names) == SSDB_TARGET_FILE + 1);

/* Members of "target" that come from SsdbTargetInfo, in the order they are written. */
static const char *const target_keys[] = {
  "kind",
  "path",
  "name",
  "disk_name",
  "major",
  "minor",
  "size_bytes",
  "logical_block_size",
  "physical_block_size",
  "dio_mem_align",
  "dio_offset_align",
  "rotational",
  "discard",
  "read_only",
  "removable",
  "model",
  "vendor",
  "fs_type",
  "free_bytes",
  "direct_io",
  "stack",
  "queue",
  "ata_features",
};

static const char *const stack_layer_kind_names[] = { "file_system", "device", "backing_file" };
G_STATIC_ASSERT (G_N_ELEMENTS (stack_layer_kind_names) == SSDB_STACK_BACKING_FILE + 1);

/* A stack is a few layers; the limits keep a hostile report's bounded. */
#define MAX_STACK_LAYERS 64
#define MAX_STACK_COUNTED 64

static gboolean
is_target_key (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (target_keys); i++)
    if (g_str_equal (key, target_keys[i]))
      return TRUE;
  return FALSE;
}

/* -------------------------------------------------------------------------------------------- */
/* The report object                                                                             */

/* The report member that holds the result of @kind (SsdbReport.surface, ...). */
static gpointer *
report_slot (const SsdbReport *report, SsdbTestKind kind)
{
  return (gpointer *)((char *)report + ssdb_test_kinds[kind].report_offset);
}

static SsdbReport *
report_alloc (void)
{
  SsdbReport *report = g_new0 (SsdbReport, 1);

  g_atomic_ref_count_init (&report->ref_count);
  report->format_version = SSDB_REPORT_FORMAT_VERSION;
  return report;
}

SsdbReport *
ssdb_report_new (const SsdbTargetInfo *target, const SsdbSummaryResult *summary)
{
  SsdbReport *report;
  g_autoptr (GDateTime) now = NULL;
  struct utsname uts;

  g_return_val_if_fail (target != NULL, NULL);

  report = report_alloc ();
  report->tool_version = g_strdup (PACKAGE_VERSION);
  report->created_unix = g_get_real_time () / G_USEC_PER_SEC;
  now = g_date_time_new_from_unix_utc (report->created_unix);
  report->created = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  report->host = g_strdup (g_get_host_name ());
  if (uname (&uts) == 0)
    {
      report->kernel_release = g_strdup (uts.release);
      report->kernel_machine = g_strdup (uts.machine);
    }
  else
    {
      report->kernel_release = g_strdup ("");
      report->kernel_machine = g_strdup ("");
    }
  ssdb_target_info_copy (&report->target, target);
  report->summary = (SsdbSummaryResult *)summary; /* borrowed, never changed */
  return report;
}

SsdbReport *
ssdb_report_ref (SsdbReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);

  g_atomic_ref_count_inc (&report->ref_count);
  return report;
}

void
ssdb_report_unref (SsdbReport *report)
{
  g_return_if_fail (report != NULL);

  if (!g_atomic_ref_count_dec (&report->ref_count))
    return;

  g_free (report->tool_version);
  g_free (report->created);
  g_free (report->host);
  g_free (report->kernel_release);
  g_free (report->kernel_machine);
  ssdb_target_info_clear (&report->target);
  g_clear_pointer (&report->target_extra, json_object_unref);
  for (guint k = 0; k < SSDB_TEST_KIND_N; k++)
    {
      gpointer *slot = report_slot (report, k);

      if (*slot != NULL && report->result_free[k] != NULL)
        report->result_free[k](*slot);
    }
  g_free (report);
}

/* Points @slot at a borrowed result, freeing what the report owned there before. */
static void
set_borrowed (gpointer *slot, GDestroyNotify *free_func, gconstpointer value)
{
  if (*slot == value)
    return;
  if (*slot != NULL && *free_func != NULL)
    (*free_func) (*slot);
  *slot = (gpointer)value; /* borrowed, never changed */
  *free_func = NULL;
}

void
ssdb_report_set_result (SsdbReport *report, SsdbTestKind kind, gconstpointer result)
{
  g_return_if_fail (report != NULL);
  g_return_if_fail ((guint)kind < SSDB_TEST_KIND_N);

  set_borrowed (report_slot (report, kind), &report->result_free[kind], result);
}

gconstpointer
ssdb_report_get_result (const SsdbReport *report, SsdbTestKind kind)
{
  g_return_val_if_fail (report != NULL, NULL);
  g_return_val_if_fail ((guint)kind < SSDB_TEST_KIND_N, NULL);

  return *report_slot (report, kind);
}

gboolean
ssdb_report_has_test (const SsdbReport *report, SsdbTestKind kind)
{
  g_return_val_if_fail (report != NULL, FALSE);

  return (guint)kind < SSDB_TEST_KIND_N && *report_slot (report, kind) != NULL;
}

gboolean
ssdb_report_require_test (const SsdbReport *report, SsdbTestKind kind, GError **error)
{
  g_return_val_if_fail (report != NULL, FALSE);

  if (ssdb_report_has_test (report, kind))
    return TRUE;
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "The report holds no %s test",
               (guint)kind < SSDB_TEST_KIND_N ? ssdb_test_kind_to_string (kind) : "such");
  return FALSE;
}

gboolean
ssdb_report_first_test (const SsdbReport *report, SsdbTestKind *out)
{
  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint i = 0; i < SSDB_TEST_KIND_N; i++)
    if (*report_slot (report, (SsdbTestKind)i) != NULL)
      {
        *out = (SsdbTestKind)i;
        return TRUE;
      }
  return FALSE;
}

void
ssdb_report_set_surface (SsdbReport *report, const SsdbSurfaceResult *surface)
{
  ssdb_report_set_result (report, SSDB_TEST_KIND_SURFACE, surface);
}

void
ssdb_report_set_fill (SsdbReport *report, const SsdbFillResult *fill)
{
  ssdb_report_set_result (report, SSDB_TEST_KIND_FILL, fill);
}

void
ssdb_report_set_access (SsdbReport *report, const SsdbAccessResult *access)
{
  ssdb_report_set_result (report, SSDB_TEST_KIND_ACCESS, access);
}

void
ssdb_report_set_sweep (SsdbReport *report, const SsdbSweepResult *sweep)
{
  ssdb_report_set_result (report, SSDB_TEST_KIND_SWEEP, sweep);
}

void
ssdb_report_set_workload (SsdbReport *report, const SsdbWorkloadResult *workload)
{
  ssdb_report_set_result (report, SSDB_TEST_KIND_WORKLOAD, workload);
}

void
ssdb_report_set_recovery (SsdbReport *report, const SsdbRecoveryResult *recovery)
{
  ssdb_report_set_result (report, SSDB_TEST_KIND_RECOVERY, recovery);
}

void
ssdb_report_set_consistency (SsdbReport *report, const SsdbConsistencyResult *consistency)
{
  ssdb_report_set_result (report, SSDB_TEST_KIND_CONSISTENCY, consistency);
}

void
ssdb_report_set_compression (SsdbReport *report, const SsdbCompressionResult *compression)
{
  ssdb_report_set_result (report, SSDB_TEST_KIND_COMPRESSION, compression);
}

void
ssdb_report_set_trim (SsdbReport *report, const SsdbTrimResult *trim)
{
  ssdb_report_set_result (report, SSDB_TEST_KIND_TRIM, trim);
}

void
ssdb_report_set_freespace (SsdbReport *report, const SsdbFreespaceResult *freespace)
{
  ssdb_report_set_result (report, SSDB_TEST_KIND_FREESPACE, freespace);
}

void
ssdb_report_set_readback (SsdbReport *report, const SsdbReadbackResult *readback)
{
  ssdb_report_set_result (report, SSDB_TEST_KIND_READBACK, readback);
}

G_DEFINE_BOXED_TYPE (SsdbReport, ssdb_report, ssdb_report_ref, ssdb_report_unref)

void
ssdb_report_add_target_fact (SsdbReport *report, const char *key, JsonNode *value)
{
  g_return_if_fail (report != NULL);
  g_return_if_fail (key != NULL && g_utf8_validate (key, -1, NULL));
  g_return_if_fail (value != NULL);
  g_return_if_fail (!is_target_key (key));

  if (report->target_extra == NULL)
    report->target_extra = json_object_new ();
  json_object_set_member (report->target_extra, key, value);
}

static void
build_stack (JsonBuilder *b, const SsdbStack *stack)
{
  json_builder_set_member_name (b, "stack");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "layers");
  json_builder_begin_array (b);
  for (guint i = 0; i < stack->layers->len; i++)
    {
      const SsdbStackLayer *layer = g_ptr_array_index (stack->layers, i);

      json_builder_begin_object (b);
      add_string (
          b, "kind",
          enum_name (stack_layer_kind_names, G_N_ELEMENTS (stack_layer_kind_names), layer->kind));
      add_string (b, "name", layer->name);
      add_string (b, "detail", layer->detail);
      add_int (b, "level", layer->level);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "counted");
  json_builder_begin_array (b);
  for (guint i = 0; stack->counted[i] != NULL; i++)
    json_builder_add_string_value (b, stack->counted[i]);
  json_builder_end_array (b);
  add_bool (b, "buffered", stack->buffered);
  add_bool (b, "compressing", stack->compressing);
  add_bool (b, "copy_on_write", stack->copy_on_write);
  add_bool (b, "nocow", stack->nocow);
  add_bool (b, "no_device", stack->no_device);
  json_builder_end_object (b);
}

static void
build_target (JsonBuilder *b, const SsdbReport *report)
{
  const SsdbTargetInfo *t = &report->target;

  json_builder_set_member_name (b, "target");
  json_builder_begin_object (b);
  add_string (b, "kind", enum_name (target_kind_names, G_N_ELEMENTS (target_kind_names), t->kind));
  add_string (b, "path", t->path);
  add_string (b, "name", t->name);
  add_string (b, "disk_name", t->disk_name);
  add_int (b, "major", t->major);
  add_int (b, "minor", t->minor);
  add_u64 (b, "size_bytes", t->size_bytes);
  add_int (b, "logical_block_size", t->logical_block_size);
  add_int (b, "physical_block_size", t->physical_block_size);
  add_int (b, "dio_mem_align", t->dio_mem_align);
  add_int (b, "dio_offset_align", t->dio_offset_align);
  add_bool (b, "rotational", t->rotational);
  add_bool (b, "discard", t->discard);
  add_bool (b, "read_only", t->read_only);
  add_bool (b, "removable", t->removable);
  add_string (b, "model", t->model);
  add_string (b, "vendor", t->vendor);
  add_string (b, "fs_type", t->fs_type);
  add_u64 (b, "free_bytes", t->free_bytes);
  add_bool (b, "direct_io", t->direct_io);
  if (t->stack != NULL)
    build_stack (b, t->stack);
  if (t->has_queue)
    {
      json_builder_set_member_name (b, "queue");
      json_builder_begin_object (b);
      add_string (b, "scheduler", t->scheduler);
      add_int (b, "nr_requests", t->nr_requests);
      add_string (b, "write_cache", t->write_cache);
      add_int (b, "device_queue_depth", t->device_queue_depth);
      if (t->ncq_depth_before > 0)
        add_int (b, "ncq_off_from", t->ncq_depth_before);
      json_builder_end_object (b);
    }
  if (t->has_ata_features)
    ssdb_ata_features_build (b, "ata_features", t->ata_features);
  if (report->target_extra != NULL)
    {
      g_autoptr (GList) names = json_object_get_members (report->target_extra);

      for (GList *l = names; l != NULL; l = l->next)
        {
          if (is_target_key (l->data))
            continue;
          json_builder_set_member_name (b, l->data);
          json_builder_add_value (
              b, json_safe_copy (json_object_get_member (report->target_extra, l->data)));
        }
    }
  json_builder_end_object (b);
}

JsonNode *
ssdb_report_to_json (const SsdbReport *report)
{
  g_autoptr (JsonBuilder) b = NULL;

  g_return_val_if_fail (report != NULL, NULL);

  b = json_builder_new ();
  json_builder_begin_object (b);
  add_string (b, "format", SSDB_REPORT_FORMAT_NAME);
  add_int (b, "format_version", SSDB_REPORT_FORMAT_VERSION);
  add_string (b, "tool_version", report->tool_version != NULL ? report->tool_version : "");
  add_string (b, "created", report->created != NULL ? report->created : "");
  add_int (b, "created_unix", report->created_unix);
  add_string (b, "host", report->host != NULL ? report->host : "");

  json_builder_set_member_name (b, "kernel");
  json_builder_begin_object (b);
  add_string (b, "release", report->kernel_release != NULL ? report->kernel_release : "");
  add_string (b, "machine", report->kernel_machine != NULL ? report->kernel_machine : "");
  json_builder_end_object (b);

  build_target (b, report);

  if (report->summary != NULL)
    build_summary_settings (b, report->summary);
  else
    {
      json_builder_set_member_name (b, "summary");
      json_builder_add_null_value (b);
    }

  json_builder_set_member_name (b, "tests");
  json_builder_begin_array (b);
  for (guint i = 0; i < SSDB_TEST_KIND_N; i++)
    {
      SsdbTestKind kind = ssdb_test_kind_report_order[i];
      gconstpointer result = ssdb_report_get_result (report, kind);

      if (result != NULL)
        ssdb_test_kinds[kind].write (b, result);
    }
  json_builder_end_array (b);

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
ssdb_report_to_data (const SsdbReport *report, gsize *length)
{
  g_autoptr (JsonGenerator) generator = NULL;
  g_autoptr (JsonNode) root = NULL;
  GString *text;

  g_return_val_if_fail (report != NULL, NULL);

  root = ssdb_report_to_json (report);
  generator = json_generator_new ();
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_indent_char (generator, ' ');
  json_generator_set_root (generator, root);

  text = g_string_new (NULL);
  json_generator_to_gstring (generator, text);
  g_string_append_c (text, '\n');
  if (length != NULL)
    *length = text->len;
  return g_string_free (text, FALSE);
}

gboolean
ssdb_report_save (const SsdbReport *report, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autoptr (GError) local_error = NULL;
  gsize length = 0;

  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ssdb_check_output_file (path, error))
    return FALSE;
  data = ssdb_report_to_data (report, &length);
  if (!ssdb_file_replace_contents (path, data, length, 0644, &local_error))
    {
      g_set_error (error, SSDB_ERROR, ssdb_file_error_code (local_error),
                   "%s: cannot save the report: %s", path, local_error->message);
      return FALSE;
    }
  return TRUE;
}

JsonNode *
ssdb_report_summary_to_json (const SsdbTargetInfo *target, const SsdbSummaryResult *summary)
{
  g_autoptr (SsdbReport) report = NULL;

  g_return_val_if_fail (target != NULL, NULL);

  report = ssdb_report_new (target, summary);
  return ssdb_report_to_json (report);
}

char *
ssdb_report_summary_to_data (const SsdbTargetInfo *target, const SsdbSummaryResult *summary,
                             gsize *length)
{
  g_autoptr (SsdbReport) report = NULL;

  g_return_val_if_fail (target != NULL, NULL);

  report = ssdb_report_new (target, summary);
  return ssdb_report_to_data (report, length);
}

static gboolean
load_stack (Loader *l, JsonObject *target, SsdbStack **out, GError **error)
{
  g_autoptr (SsdbStack) stack = ssdb_stack_new ();
  g_autoptr (GPtrArray) counted = g_ptr_array_new_with_free_func (g_free);
  JsonObject *object;
  JsonArray *array;
  gsize mark, array_mark;

  if ((object = enter_object (l, target, "stack", &mark, error)) == NULL)
    return FALSE;
  if ((array = enter_array (l, object, "layers", MAX_STACK_LAYERS, &array_mark, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      gsize item_mark = path_push_index (l, i);
      g_autofree char *name = NULL, *detail = NULL;
      guint kind, level;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return load_fail (l, error, "expected an object, found %s", describe_node (node));
      if (!read_enum (l, json_node_get_object (node), "kind", stack_layer_kind_names,
                      G_N_ELEMENTS (stack_layer_kind_names), &kind, error)
          || !read_string (l, json_node_get_object (node), "name", FALSE, &name, error)
          || !read_string (l, json_node_get_object (node), "detail", TRUE, &detail, error)
          || !read_uint (l, json_node_get_object (node), "level", 0, MAX_STACK_LAYERS, &level,
                         error))
        return FALSE;
      ssdb_stack_add_layer (stack, kind, name, detail, level);
      path_pop (l, item_mark);
    }
  path_pop (l, array_mark);
  if ((array = enter_array (l, object, "counted", MAX_STACK_COUNTED, &array_mark, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      gsize item_mark = path_push_index (l, i);

      if (!node_has_type (node, G_TYPE_STRING))
        return load_fail (l, error, "expected a string, found %s", describe_node (node));
      g_ptr_array_add (counted, g_strdup (json_node_get_string (node)));
      path_pop (l, item_mark);
    }
  path_pop (l, array_mark);
  g_ptr_array_add (counted, NULL);
  g_strfreev (stack->counted);
  stack->counted = (char **)g_ptr_array_steal (counted, NULL);
  if (!read_bool (l, object, "buffered", &stack->buffered, error)
      || !read_bool (l, object, "compressing", &stack->compressing, error)
      || !read_bool (l, object, "copy_on_write", &stack->copy_on_write, error)
      || !read_bool (l, object, "nocow", &stack->nocow, error)
      || !read_bool (l, object, "no_device", &stack->no_device, error))
    return FALSE;
  path_pop (l, mark);
  *out = g_steal_pointer (&stack);
  return TRUE;
}

static gboolean
load_target (Loader *l, JsonObject *root, SsdbReport *report, GError **error)
{
  SsdbTargetInfo *t = &report->target;
  JsonObject *object;
  g_autoptr (GList) names = NULL;
  gsize mark;
  guint kind;

  if ((object = enter_object (l, root, "target", &mark, error)) == NULL)
    return FALSE;
  if (!read_enum (l, object, "kind", target_kind_names, G_N_ELEMENTS (target_kind_names), &kind,
                  error)
      || !read_string (l, object, "path", TRUE, &t->path, error)
      || !read_string (l, object, "name", TRUE, &t->name, error)
      || !read_string (l, object, "disk_name", TRUE, &t->disk_name, error)
      || !read_uint (l, object, "major", 0, 4095, &t->major, error)
      || !read_uint (l, object, "minor", 0, (1u << 20) - 1, &t->minor, error)
      || !read_u64 (l, object, "size_bytes", G_MAXINT64, &t->size_bytes, error)
      || !read_alignment (l, object, "logical_block_size", &t->logical_block_size, error)
      || !read_alignment (l, object, "physical_block_size", &t->physical_block_size, error)
      || !read_alignment (l, object, "dio_mem_align", &t->dio_mem_align, error)
      || !read_alignment (l, object, "dio_offset_align", &t->dio_offset_align, error)
      || !read_bool (l, object, "rotational", &t->rotational, error)
      || !read_bool (l, object, "discard", &t->discard, error)
      || !read_bool (l, object, "read_only", &t->read_only, error)
      || !read_bool (l, object, "removable", &t->removable, error)
      || !read_string (l, object, "model", TRUE, &t->model, error)
      || !read_string (l, object, "vendor", TRUE, &t->vendor, error)
      || !read_string (l, object, "fs_type", TRUE, &t->fs_type, error)
      || !read_u64 (l, object, "free_bytes", G_MAXINT64, &t->free_bytes, error)
      || !read_bool (l, object, "direct_io", &t->direct_io, error))
    return FALSE;
  t->kind = kind;
  /* Reports from before the stack was recorded have none. */
  if (json_object_has_member (object, "stack") && !load_stack (l, object, &t->stack, error))
    return FALSE;
  /* Nor the queue's state. */
  if (json_object_has_member (object, "queue"))
    {
      JsonObject *queue;
      gsize queue_mark;

      if ((queue = enter_object (l, object, "queue", &queue_mark, error)) == NULL
          || !read_string (l, queue, "scheduler", TRUE, &t->scheduler, error)
          || !read_uint (l, queue, "nr_requests", 0, 1u << 20, &t->nr_requests, error)
          || !read_string (l, queue, "write_cache", TRUE, &t->write_cache, error)
          || !read_uint (l, queue, "device_queue_depth", 0, 65535, &t->device_queue_depth, error))
        return FALSE;
      /* NCQ turned off for the run: the depth it had before. */
      if (json_object_has_member (queue, "ncq_off_from"))
        {
          if (!read_uint (l, queue, "ncq_off_from", 2, 65535, &t->ncq_depth_before, error))
            return FALSE;
          if (t->device_queue_depth != 1)
            {
              path_push_member (l, "device_queue_depth");
              return load_fail (l, error,
                                "%u, but “ncq_off_from” says NCQ was off for the run (depth 1)",
                                t->device_queue_depth);
            }
        }
      t->has_queue = TRUE;
      path_pop (l, queue_mark);
    }
  /* Nor an ATA drive's features. */
  if (json_object_has_member (object, "ata_features"))
    {
      JsonObject *features;
      gsize features_mark;

      if ((features = enter_object (l, object, "ata_features", &features_mark, error)) == NULL)
        return FALSE;
      for (guint i = 0; i < SSDB_ATA_N_FEATURES; i++)
        {
          JsonNode *node = json_object_get_member (features, ssdb_ata_feature_key (i));
          gboolean on;

          if (node != NULL && JSON_NODE_HOLDS_NULL (node))
            t->ata_features[i] = -1;
          else if (!read_bool (l, features, ssdb_ata_feature_key (i), &on, error))
            return FALSE;
          else
            t->ata_features[i] = on ? 1 : 0;
        }
      t->has_ata_features = TRUE;
      path_pop (l, features_mark);
    }

  names = json_object_get_members (object);
  for (GList *n = names; n != NULL; n = n->next)
    {
      if (is_target_key (n->data))
        continue;
      if (report->target_extra == NULL)
        report->target_extra = json_object_new ();
      json_object_set_member (report->target_extra, n->data,
                              json_node_copy (json_object_get_member (object, n->data)));
    }
  path_pop (l, mark);
  return TRUE;
}

/*
 * Migrations from older format versions. Each entry turns a tree of version @from_version into
 * one of version @from_version + 1 (renaming members, filling new ones with what the old data
 * implies) before it is read as the current version. Version 1 is the first format, so the table
 * holds only its end marker for now.
 */
typedef gboolean (*MigrateFunc) (Loader *l, JsonObject *root, GError **error);

typedef struct
{
  guint from_version;
  MigrateFunc migrate;
} Migration;

static const Migration migrations[] = {
  { 0, NULL },
};

static gboolean
load_version (Loader *l, JsonObject *root, guint *out, GError **error)
{
  gsize mark;
  JsonNode *node;
  gint64 version;

  node = json_object_get_member (root, "format");
  if (node == NULL || !node_has_type (node, G_TYPE_STRING)
      || !g_str_equal (json_node_get_string (node), SSDB_REPORT_FORMAT_NAME))
    return load_fail (l, error, "not an SSD Bench report (no “format”: “%s” member)",
                      SSDB_REPORT_FORMAT_NAME);

  if ((node = member (l, root, "format_version", &mark, error)) == NULL
      || !check_int (l, node, 0, G_MAXINT64, &version, error))
    return FALSE;
  if (version > SSDB_REPORT_FORMAT_VERSION)
    return load_fail (l, error,
                      "version %" G_GINT64_FORMAT " is newer than this SSD Bench reads (%u); "
                      "open the report with a newer SSD Bench",
                      version, SSDB_REPORT_FORMAT_VERSION);

  while (version < SSDB_REPORT_FORMAT_VERSION)
    {
      const Migration *migration = NULL;

      for (guint i = 0; migrations[i].migrate != NULL; i++)
        if (migrations[i].from_version == version)
          migration = &migrations[i];
      if (migration == NULL)
        return load_fail (l, error, "version %" G_GINT64_FORMAT " is not a known report version",
                          version);
      if (!migration->migrate (l, root, error))
        return FALSE;
      version++;
    }
  path_pop (l, mark);
  *out = (guint)json_node_get_int (node);
  return TRUE;
}

static SsdbReport *
load_root (Loader *l, JsonNode *root_node, GError **error)
{
  g_autoptr (SsdbReport) report = report_alloc ();
  SsdbSummaryResult *summary = NULL;
  JsonObject *root, *kernel;
  JsonArray *tests;
  JsonNode *node;
  gsize mark;
  g_autoptr (GDateTime) created = NULL;
  const char *kind_names[SSDB_TEST_KIND_N];
  guint n_tests;

  if (!JSON_NODE_HOLDS_OBJECT (root_node))
    {
      load_fail (l, error, "not an SSD Bench report (the document is %s, not an object)",
                 describe_node (root_node));
      return NULL;
    }
  root = json_node_get_object (root_node);

  if (!load_version (l, root, &report->format_version, error)
      || !read_string (l, root, "tool_version", FALSE, &report->tool_version, error)
      || !read_string (l, root, "created", FALSE, &report->created, error))
    return NULL;
  created = g_date_time_new_from_iso8601 (report->created, NULL);
  if (created == NULL)
    {
      path_push_member (l, "created");
      load_fail (l, error, "“%s” is not an ISO 8601 date and time", report->created);
      return NULL;
    }
  if (!read_int (l, root, "created_unix", 0, G_MAXINT64, &report->created_unix, error)
      || !read_string (l, root, "host", FALSE, &report->host, error))
    return NULL;

  if ((kernel = enter_object (l, root, "kernel", &mark, error)) == NULL
      || !read_string (l, kernel, "release", FALSE, &report->kernel_release, error)
      || !read_string (l, kernel, "machine", FALSE, &report->kernel_machine, error))
    return NULL;
  path_pop (l, mark);

  if (!load_target (l, root, report, error))
    return NULL;

  if ((node = member (l, root, "summary", &mark, error)) == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      summary = g_new0 (SsdbSummaryResult, 1);
      summary->entries = g_ptr_array_new_with_free_func (loaded_entry_free);
      report->summary = summary;
      report->result_free[SSDB_TEST_KIND_SUMMARY] = ssdb_test_kinds[SSDB_TEST_KIND_SUMMARY].free;
      if (!load_summary_settings (l, json_node_get_object (node), summary, error))
        return NULL;
    }
  else if (!JSON_NODE_HOLDS_NULL (node))
    {
      load_fail (l, error, "expected an object or null, found %s", describe_node (node));
      return NULL;
    }
  path_pop (l, mark);

  if ((tests = enter_array (l, root, "tests", SSDB_REPORT_MAX_TESTS, &mark, error)) == NULL)
    return NULL;
  n_tests = json_array_get_length (tests);
  for (guint i = 0; i < SSDB_TEST_KIND_N; i++)
    kind_names[i] = ssdb_test_kinds[ssdb_test_kind_report_order[i]].name;
  for (guint i = 0; i < n_tests; i++)
    {
      JsonNode *test = json_array_get_element (tests, i);
      gsize test_mark = path_push_index (l, i);
      JsonObject *object;
      const SsdbTestKindInfo *info;
      SsdbTestKind kind;
      gpointer *slot;
      guint index;

      if (!JSON_NODE_HOLDS_OBJECT (test))
        {
          load_fail (l, error, "expected an object, found %s", describe_node (test));
          return NULL;
        }
      object = json_node_get_object (test);
      if (!read_enum (l, object, "kind", kind_names, G_N_ELEMENTS (kind_names), &index, error))
        return NULL;
      kind = ssdb_test_kind_report_order[index];
      info = &ssdb_test_kinds[kind];
      slot = report_slot (report, kind);
      if (info->load_new != NULL)
        {
          if (*slot != NULL)
            {
              load_fail (l, error, "a report holds at most one %s test", info->name);
              return NULL;
            }
          *slot = info->load_new ();
          report->result_free[kind] = info->free;
        }
      if (!info->load (l, object, report->target.size_bytes, *slot, error))
        return NULL;
      if (info->reanalyse != NULL)
        info->reanalyse (*slot, report);
      path_pop (l, test_mark);
    }
  path_pop (l, mark);

  return g_steal_pointer (&report);
}

static void
set_too_large (GError **error, const char *name, guint64 length)
{
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT,
               "%s: %" G_GUINT64_FORMAT " bytes, larger than a report may be (%u bytes, 64 MiB)",
               name, length, SSDB_REPORT_MAX_BYTES);
}

/* @text must be NUL-terminated at @length. */
static SsdbReport *
load_text (const char *text, gsize length, const char *name, GError **error)
{
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GString) path = g_string_new (NULL);
  Loader l = { name, path, NULL, NULL };
  SsdbReport *report;

  if (length > SSDB_REPORT_MAX_BYTES)
    {
      set_too_large (error, name, length);
      return NULL;
    }
  if ((root = parse_text (text, length, name, &l.packed, error)) == NULL)
    {
      ssdb_packed_free (l.packed);
      return NULL;
    }
  report = load_root (&l, root, error);
  g_clear_pointer (&l.scratch, json_object_unref);
  ssdb_packed_free (l.packed);
  return report;
}

SsdbReport *
ssdb_report_load_from_data (const char *data, gsize length, const char *display_name,
                            GError **error)
{
  g_autofree char *copy = NULL;
  const char *name = display_name != NULL ? display_name : "report";

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length > SSDB_REPORT_MAX_BYTES)
    {
      set_too_large (error, name, length);
      return NULL;
    }
  copy = g_malloc (length + 1);
  if (length > 0)
    memcpy (copy, data, length);
  copy[length] = '\0';
  return load_text (copy, length, name, error);
}

char *
ssdb_report_read_file (const char *path, gsize *length, GError **error)
{
  g_autofree char *data = NULL;
  gsize size, capacity;
  struct stat st;
  int fd, errsv;

  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  if (fd < 0)
    {
      errsv = errno;
      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "%s: cannot open: %s", path,
                   g_strerror (errsv));
      return NULL;
    }
  if (fstat (fd, &st) < 0)
    {
      errsv = errno;
      close (fd);
      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "%s: cannot read: %s", path,
                   g_strerror (errsv));
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s: not a regular file; not a report",
                   path);
      return NULL;
    }
  if (st.st_size > (off_t)SSDB_REPORT_MAX_BYTES)
    {
      close (fd);
      set_too_large (error, path, (guint64)st.st_size);
      return NULL;
    }

  capacity = (gsize)st.st_size + 1;
  data = g_malloc (capacity + 1);
  size = 0;
  for (;;)
    {
      ssize_t n;

      if (size == capacity)
        {
          if (capacity > SSDB_REPORT_MAX_BYTES)
            {
              close (fd);
              set_too_large (error, path, size);
              return NULL;
            }
          capacity = MIN (capacity * 2, (gsize)SSDB_REPORT_MAX_BYTES + 1);
          data = g_realloc (data, capacity + 1);
        }
      n = read (fd, data + size, capacity - size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          errsv = errno;
          close (fd);
          g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "%s: cannot read: %s",
                       path, g_strerror (errsv));
          return NULL;
        }
      if (n == 0)
        break;
      size += (gsize)n;
    }
  close (fd);

  data[size] = '\0';
  *length = size;
  return g_steal_pointer (&data);
}

SsdbReport *
ssdb_report_load (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((data = ssdb_report_read_file (path, &length, error)) == NULL)
    return NULL;
  return load_text (data, length, path, error);
}
