/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-workload.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-test-kind.h"
#include "ssdb-target-fill.h"
#include "ssdb-units.h"

#include <json-glib/json-glib.h>
#include <string.h>

#define KiB 1024u
#define NS_PER_S G_GUINT64_CONSTANT (1000000000)
#define MAX_RUN_NS (G_GUINT64_CONSTANT (7) * 24 * 3600 * NS_PER_S)

typedef struct
{
  const char *key;
  const char *name;
  guint read_percent;
  guint random_percent;
  SsdbSizeWeight mix[SSDB_MAX_SIZE_MIX];
  guint n_mix;
} Preset;

static const Preset presets[SSDB_WORKLOAD_N_PRESETS] = {
  { "database", "Database", 67, 100, { { 8 * KiB, 100 } }, 1 },
  { "file-server",
    "File server",
    80,
    100,
    { { 512, 10 },
      { 1 * KiB, 5 },
      { 2 * KiB, 5 },
      { 4 * KiB, 60 },
      { 8 * KiB, 2 },
      { 16 * KiB, 4 },
      { 32 * KiB, 4 },
      { 64 * KiB, 10 } },
    8 },
  { "web-server",
    "Web server",
    100,
    100,
    { { 512, 22 },
      { 1 * KiB, 15 },
      { 2 * KiB, 8 },
      { 4 * KiB, 23 },
      { 8 * KiB, 15 },
      { 16 * KiB, 2 },
      { 32 * KiB, 6 },
      { 64 * KiB, 7 },
      { 128 * KiB, 1 },
      { 512 * KiB, 1 } },
    10 },
  { "workstation", "Workstation", 80, 80, { { 8 * KiB, 100 } }, 1 },
};

void
ssdb_workload_spec_init_preset (SsdbWorkloadSpec *spec, SsdbWorkloadPreset preset)
{
  const Preset *p;

  g_return_if_fail (spec != NULL);
  g_return_if_fail ((guint)preset < SSDB_WORKLOAD_N_PRESETS);

  p = &presets[preset];
  memset (spec, 0, sizeof *spec);
  g_strlcpy (spec->name, p->name, sizeof spec->name);
  memcpy (spec->size_mix, p->mix, sizeof p->mix);
  spec->n_size_mix = p->n_mix;
  spec->read_percent = p->read_percent;
  spec->random_percent = p->random_percent;
  spec->align_bytes = 0;
  spec->queue_depth = 32;
  spec->workers = 1;
  spec->ramp_ns = 5 * NS_PER_S;
  spec->duration_ns = 30 * NS_PER_S;
  spec->data = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
  spec->seed = 1;
}

const char *
ssdb_workload_preset_to_string (SsdbWorkloadPreset preset)
{
  g_return_val_if_fail ((guint)preset < SSDB_WORKLOAD_N_PRESETS, NULL);

  return presets[preset].key;
}

gboolean
ssdb_workload_preset_from_string (const char *text, SsdbWorkloadPreset *out)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < SSDB_WORKLOAD_N_PRESETS; i++)
    if (g_ascii_strcasecmp (text, presets[i].key) == 0
        || g_ascii_strcasecmp (text, presets[i].name) == 0)
      {
        if (out)
          *out = (SsdbWorkloadPreset)i;
        return TRUE;
      }
  return FALSE;
}

gboolean
ssdb_workload_spec_validate (const SsdbWorkloadSpec *spec, GError **error)
{
  const char *name;
  guint64 weight = 0;

  g_return_val_if_fail (spec != NULL, FALSE);

  name = spec->name[0] ? spec->name : "(unnamed)";

#define INVALID(fmt, ...)                                                                          \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "Workload “%s”: " fmt, name,      \
                 __VA_ARGS__);                                                                     \
    return FALSE;                                                                                  \
  }                                                                                                \
  G_STMT_END

  if (memchr (spec->name, '\0', sizeof spec->name) == NULL)
    INVALID ("the name is longer than %u bytes", SSDB_WORKLOAD_NAME_MAX - 1);
  if (spec->n_size_mix < 1 || spec->n_size_mix > SSDB_MAX_SIZE_MIX)
    INVALID ("sizes: %u transfer sizes, allowed are 1 to %u", spec->n_size_mix, SSDB_MAX_SIZE_MIX);
  for (guint k = 0; k < spec->n_size_mix; k++)
    {
      guint sz = spec->size_mix[k].size;

      if (sz < 512 || sz > SSDB_MAX_BLOCK_SIZE || sz % 512 != 0)
        INVALID ("sizes: transfer size %u bytes must be a multiple of 512 bytes from 512 bytes "
                 "to 64 MiB",
                 sz);
      for (guint j = 0; j < k; j++)
        if (spec->size_mix[j].size == sz)
          INVALID ("sizes: transfer size %u bytes is listed twice", sz);
      if (spec->size_mix[k].weight > 1000000)
        INVALID ("sizes: weight %u of %u bytes is out of range (0 to 1000000)",
                 spec->size_mix[k].weight, sz);
      weight += spec->size_mix[k].weight;
    }
  if (weight == 0)
    INVALID ("sizes: the weights add up to %u; at least one must be above 0", 0u);
  if (spec->read_percent > 100)
    INVALID ("read_percent %u is out of range (0 to 100)", spec->read_percent);
  if (spec->random_percent > 100)
    INVALID ("random_percent %u is out of range (0 to 100)", spec->random_percent);
  if (spec->align_bytes % 512 != 0 || spec->align_bytes > SSDB_MAX_BLOCK_SIZE)
    INVALID ("align_bytes %u must be 0 (sector boundaries) or a multiple of 512 bytes up to "
             "64 MiB",
             spec->align_bytes);
  if (spec->queue_depth < 1 || spec->queue_depth > SSDB_MAX_QUEUE_DEPTH)
    INVALID ("queue_depth %u is out of range (1 to %u)", spec->queue_depth, SSDB_MAX_QUEUE_DEPTH);
  if (spec->workers < 1 || spec->workers > SSDB_MAX_THREADS)
    INVALID ("workers %u is out of range (1 to %u)", spec->workers, SSDB_MAX_THREADS);
  if (spec->duration_ns < NS_PER_S / 10 || spec->duration_ns > MAX_RUN_NS)
    INVALID ("duration_ns %" G_GUINT64_FORMAT " is out of range (0.1 s to 7 days)",
             spec->duration_ns);
  if (spec->ramp_ns > MAX_RUN_NS)
    INVALID ("ramp_ns %" G_GUINT64_FORMAT " is out of range (0 to 7 days)", spec->ramp_ns);
  if (spec->span_offset % 512 != 0)
    INVALID ("span_offset %" G_GUINT64_FORMAT " is not a multiple of 512 bytes", spec->span_offset);
  if (spec->data.kind > SSDB_DATA_COMPRESSIBLE || spec->data.compressible_percent > 100)
    INVALID ("data: unknown data pattern%s", "");
#undef INVALID
  return TRUE;
}

/* ---- parsing ---- */

/* fio's bssplit syntax: "512/10:4k/60:64k/30". */
static gboolean
parse_bssplit (const char *text, SsdbWorkloadSpec *spec, const char *field, GError **error)
{
  g_auto (GStrv) parts = NULL;
  guint n = 0;

  parts = g_strsplit (text, ":", -1);
  for (guint i = 0; parts[i]; i++)
    {
      g_auto (GStrv) sw = NULL;
      guint64 size, weight;
      g_autofree char *what = NULL;

      g_strstrip (parts[i]);
      if (parts[i][0] == '\0')
        continue;
      sw = g_strsplit (parts[i], "/", 3);
      if (sw[0] == NULL || sw[1] == NULL || sw[2] != NULL)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "%s: “%s” is not SIZE/WEIGHT (as in “4k/60”)", field, parts[i]);
          return FALSE;
        }
      if (n == SSDB_MAX_SIZE_MIX)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "%s: more than %u transfer sizes", field, SSDB_MAX_SIZE_MIX);
          return FALSE;
        }
      what = g_strdup_printf ("%s (size %u)", field, n + 1);
      if (!ssdb_parse_size (g_strstrip (sw[0]), what, &size, error))
        return FALSE;
      g_free (what);
      what = g_strdup_printf ("%s (weight of %s)", field, sw[0]);
      if (!ssdb_parse_uint (g_strstrip (sw[1]), what, 0, 1000000, &weight, error))
        return FALSE;
      if (size > SSDB_MAX_BLOCK_SIZE)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "%s: transfer size %s is larger than 64 MiB", field, sw[0]);
          return FALSE;
        }
      spec->size_mix[n].size = (guint)size;
      spec->size_mix[n].weight = (guint)weight;
      n++;
    }
  if (n == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "%s: no transfer sizes", field);
      return FALSE;
    }
  memset (spec->size_mix + n, 0, sizeof (SsdbSizeWeight) * (SSDB_MAX_SIZE_MIX - n));
  spec->n_size_mix = n;
  return TRUE;
}

static gboolean
set_name (SsdbWorkloadSpec *spec, const char *text, const char *field, GError **error)
{
  if (strlen (text) >= SSDB_WORKLOAD_NAME_MAX || text[0] == '\0'
      || !g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s: a name must be valid text of 1 to %u bytes", field,
                   SSDB_WORKLOAD_NAME_MAX - 1);
      return FALSE;
    }
  g_strlcpy (spec->name, text, sizeof spec->name);
  return TRUE;
}

static gboolean
start_from_preset (SsdbWorkloadSpec *spec, const char *text, const char *field, GError **error)
{
  SsdbWorkloadPreset preset;

  if (!ssdb_workload_preset_from_string (text, &preset))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s: unknown preset “%s” (database, file-server, web-server, workstation)",
                   field, text);
      return FALSE;
    }
  ssdb_workload_spec_init_preset (spec, preset);
  return TRUE;
}

/* Key files. */

static const char *const keyfile_keys[] = {
  "Name",    "Preset", "Sizes",    "ReadPercent", "RandomPercent", "Align", "QueueDepth",
  "Workers", "Ramp",   "Duration", "SpanOffset",  "SpanLength",    "Data",  "Seed",
};

static gboolean
keyfile_group (GKeyFile *kf, const char *group, SsdbWorkloadSpec *spec, GError **error)
{
  g_auto (GStrv) keys = NULL;
  g_autofree char *preset = NULL;

  keys = g_key_file_get_keys (kf, group, NULL, error);
  if (keys == NULL)
    return FALSE;
  for (guint i = 0; keys[i]; i++)
    {
      gboolean known = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (keyfile_keys); k++)
        known |= g_strcmp0 (keys[i], keyfile_keys[k]) == 0;
      if (!known)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "Workload [%s]: unknown key “%s”", group, keys[i]);
          return FALSE;
        }
    }

  ssdb_workload_spec_init_preset (spec, SSDB_WORKLOAD_DATABASE);
  preset = g_key_file_get_string (kf, group, "Preset", NULL);
  if (preset && !start_from_preset (spec, g_strstrip (preset), "Preset", error))
    goto fail;
  if (!set_name (spec, group, "group name", error))
    goto fail;

  for (guint i = 0; keys[i]; i++)
    {
      const char *key = keys[i];
      g_autofree char *raw = g_key_file_get_string (kf, group, key, error);
      guint64 v;

      if (raw == NULL)
        goto fail;
      g_strstrip (raw);
      if (g_str_equal (key, "Preset"))
        continue;
      else if (g_str_equal (key, "Name"))
        {
          if (!set_name (spec, raw, key, error))
            goto fail;
        }
      else if (g_str_equal (key, "Sizes"))
        {
          if (!parse_bssplit (raw, spec, key, error))
            goto fail;
        }
      else if (g_str_equal (key, "ReadPercent") || g_str_equal (key, "RandomPercent"))
        {
          if (!ssdb_parse_uint (raw, key, 0, 100, &v, error))
            goto fail;
          *(g_str_equal (key, "ReadPercent") ? &spec->read_percent : &spec->random_percent)
              = (guint)v;
        }
      else if (g_str_equal (key, "Align"))
        {
          /* "sector": the target's logical block size, IOMeter's "sector boundaries" (0) */
          if (g_ascii_strcasecmp (raw, "sector") == 0)
            v = 0;
          else if (!ssdb_parse_size (raw, key, &v, error))
            goto fail;
          if (v > SSDB_MAX_BLOCK_SIZE)
            {
              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           "Align: %s is larger than 64 MiB", raw);
              goto fail;
            }
          spec->align_bytes = (guint)v;
        }
      else if (g_str_equal (key, "QueueDepth"))
        {
          if (!ssdb_parse_uint (raw, key, 1, SSDB_MAX_QUEUE_DEPTH, &v, error))
            goto fail;
          spec->queue_depth = (guint)v;
        }
      else if (g_str_equal (key, "Workers"))
        {
          if (!ssdb_parse_uint (raw, key, 1, SSDB_MAX_THREADS, &v, error))
            goto fail;
          spec->workers = (guint)v;
        }
      else if (g_str_equal (key, "Ramp"))
        {
          if (!ssdb_parse_seconds (raw, key, 0, MAX_RUN_NS, &spec->ramp_ns, error))
            goto fail;
        }
      else if (g_str_equal (key, "Duration"))
        {
          if (!ssdb_parse_seconds (raw, key, NS_PER_S / 10, MAX_RUN_NS, &spec->duration_ns, error))
            goto fail;
        }
      else if (g_str_equal (key, "SpanOffset"))
        {
          if (!ssdb_parse_size (raw, key, &spec->span_offset, error))
            goto fail;
        }
      else if (g_str_equal (key, "SpanLength"))
        {
          if (!ssdb_parse_size (raw, key, &spec->span_length, error))
            goto fail;
        }
      else if (g_str_equal (key, "Data"))
        {
          if (!ssdb_data_pattern_parse (raw, &spec->data, error))
            goto fail;
        }
      else if (g_str_equal (key, "Seed"))
        {
          if (!ssdb_parse_uint (raw, key, 0, G_MAXUINT64, &spec->seed, error))
            goto fail;
        }
    }
  if (!ssdb_workload_spec_validate (spec, error))
    return FALSE;
  return TRUE;

fail:
  g_prefix_error (error, "Workload [%s]: ", group);
  return FALSE;
}

static GArray *
parse_keyfile (const char *text, gsize length, GError **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  g_auto (GStrv) groups = NULL;
  g_autoptr (GArray) specs = g_array_new (FALSE, TRUE, sizeof (SsdbWorkloadSpec));

  if (!g_key_file_load_from_data (kf, text, length, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The workload text is neither JSON nor a valid key file: %s", local->message);
      return NULL;
    }
  groups = g_key_file_get_groups (kf, NULL);
  if (groups == NULL || groups[0] == NULL)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The workload key file has no [group]: each workload is a group");
      return NULL;
    }
  for (guint i = 0; groups[i]; i++)
    {
      SsdbWorkloadSpec spec;

      if (!keyfile_group (kf, groups[i], &spec, error))
        return NULL;
      g_array_append_val (specs, spec);
    }
  return g_steal_pointer (&specs);
}

/* JSON. */

static const char *const json_members[] = {
  "name",        "preset",      "sizes",   "read_percent", "random_percent",
  "align_bytes", "queue_depth", "workers", "ramp_ns",      "duration_ns",
  "span_offset", "span_length", "data",    "seed",
};

static gboolean
json_uint (JsonNode *node, const char *field, guint64 min, guint64 max, guint64 *out,
           GError **error)
{
  gint64 v;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "%s: expected a whole number",
                   field);
      return FALSE;
    }
  v = json_node_get_int (node);
  if (v < 0 || (guint64)v < min || (guint64)v > max)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s: %" G_GINT64_FORMAT " is out of range (%" G_GUINT64_FORMAT
                   " to %" G_GUINT64_FORMAT ")",
                   field, v, min, max);
      return FALSE;
    }
  *out = (guint64)v;
  return TRUE;
}

/* A size: a whole number of bytes, or text such as "4KiB". */
static gboolean
json_size (JsonNode *node, const char *field, guint64 max, guint64 *out, GError **error)
{
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      if (!ssdb_parse_size (json_node_get_string (node), field, out, error))
        return FALSE;
      if (*out > max)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "%s: %s is larger than %" G_GUINT64_FORMAT " bytes", field,
                       json_node_get_string (node), max);
          return FALSE;
        }
      return TRUE;
    }
  return json_uint (node, field, 0, max, out, error);
}

static const char *
json_text (JsonNode *node, const char *field, GError **error)
{
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "%s: expected text", field);
      return NULL;
    }
  return json_node_get_string (node);
}

static gboolean
json_sizes (JsonNode *node, SsdbWorkloadSpec *spec, GError **error)
{
  JsonArray *a;
  guint n;

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return parse_bssplit (json_node_get_string (node), spec, "sizes", error);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "sizes: expected an array of {\"size\", \"weight\"} or bssplit text");
      return FALSE;
    }
  a = json_node_get_array (node);
  n = json_array_get_length (a);
  if (n == 0 || n > SSDB_MAX_SIZE_MIX)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "sizes: %u transfer sizes, allowed are 1 to %u", n, SSDB_MAX_SIZE_MIX);
      return FALSE;
    }
  memset (spec->size_mix, 0, sizeof spec->size_mix);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      JsonObject *o;
      JsonNode *sz, *w;
      guint64 size, weight;
      g_autofree char *fs = g_strdup_printf ("sizes[%u].size", i);
      g_autofree char *fw = g_strdup_printf ("sizes[%u].weight", i);

      if (!JSON_NODE_HOLDS_OBJECT (e))
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "sizes[%u]: expected an object {\"size\": bytes, \"weight\": n}", i);
          return FALSE;
        }
      o = json_node_get_object (e);
      sz = json_object_get_member (o, "size");
      w = json_object_get_member (o, "weight");
      if (sz == NULL || w == NULL || json_object_get_size (o) != 2)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "sizes[%u]: needs exactly the members “size” and “weight”", i);
          return FALSE;
        }
      if (!json_size (sz, fs, SSDB_MAX_BLOCK_SIZE, &size, error)
          || !json_uint (w, fw, 0, 1000000, &weight, error))
        return FALSE;
      spec->size_mix[i].size = (guint)size;
      spec->size_mix[i].weight = (guint)weight;
    }
  spec->n_size_mix = n;
  return TRUE;
}

static gboolean
json_spec (JsonNode *node, guint index, SsdbWorkloadSpec *spec, GError **error)
{
  JsonObject *o;
  JsonNode *m;
  g_autoptr (GList) members = NULL;
  g_autofree char *where = NULL;
  guint64 v;

  where = g_strdup_printf ("Workload %u", index + 1);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "%s: expected an object", where);
      return FALSE;
    }
  o = json_node_get_object (node);
  members = json_object_get_members (o);
  for (GList *l = members; l; l = l->next)
    {
      gboolean known = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (json_members); k++)
        known |= g_strcmp0 (l->data, json_members[k]) == 0;
      if (!known)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "%s: unknown member “%s”",
                       where, (const char *)l->data);
          return FALSE;
        }
    }

  ssdb_workload_spec_init_preset (spec, SSDB_WORKLOAD_DATABASE);
  if ((m = json_object_get_member (o, "preset")))
    {
      const char *t = json_text (m, "preset", error);

      if (t == NULL || !start_from_preset (spec, t, "preset", error))
        goto fail;
    }
  if ((m = json_object_get_member (o, "name")))
    {
      const char *t = json_text (m, "name", error);

      if (t == NULL || !set_name (spec, t, "name", error))
        goto fail;
      g_free (where);
      where = g_strdup_printf ("Workload “%s”", t);
    }
  else if (!json_object_has_member (o, "preset"))
    g_snprintf (spec->name, sizeof spec->name, "Workload %u", index + 1);

  if ((m = json_object_get_member (o, "sizes")) && !json_sizes (m, spec, error))
    goto fail;
  if ((m = json_object_get_member (o, "read_percent")))
    {
      if (!json_uint (m, "read_percent", 0, 100, &v, error))
        goto fail;
      spec->read_percent = (guint)v;
    }
  if ((m = json_object_get_member (o, "random_percent")))
    {
      if (!json_uint (m, "random_percent", 0, 100, &v, error))
        goto fail;
      spec->random_percent = (guint)v;
    }
  if ((m = json_object_get_member (o, "align_bytes")))
    {
      if (!json_size (m, "align_bytes", SSDB_MAX_BLOCK_SIZE, &v, error))
        goto fail;
      spec->align_bytes = (guint)v;
    }
  if ((m = json_object_get_member (o, "queue_depth")))
    {
      if (!json_uint (m, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &v, error))
        goto fail;
      spec->queue_depth = (guint)v;
    }
  if ((m = json_object_get_member (o, "workers")))
    {
      if (!json_uint (m, "workers", 1, SSDB_MAX_THREADS, &v, error))
        goto fail;
      spec->workers = (guint)v;
    }
  if ((m = json_object_get_member (o, "ramp_ns"))
      && !json_uint (m, "ramp_ns", 0, MAX_RUN_NS, &spec->ramp_ns, error))
    goto fail;
  if ((m = json_object_get_member (o, "duration_ns"))
      && !json_uint (m, "duration_ns", NS_PER_S / 10, MAX_RUN_NS, &spec->duration_ns, error))
    goto fail;
  if ((m = json_object_get_member (o, "span_offset"))
      && !json_size (m, "span_offset", G_MAXINT64, &spec->span_offset, error))
    goto fail;
  if ((m = json_object_get_member (o, "span_length"))
      && !json_size (m, "span_length", G_MAXINT64, &spec->span_length, error))
    goto fail;
  if ((m = json_object_get_member (o, "data")))
    {
      const char *t = json_text (m, "data", error);

      if (t == NULL || !ssdb_data_pattern_parse (t, &spec->data, error))
        goto fail;
    }
  if ((m = json_object_get_member (o, "seed"))
      && !json_uint (m, "seed", 0, G_MAXINT64, &spec->seed, error))
    goto fail;
  return ssdb_workload_spec_validate (spec, error);

fail:
  g_prefix_error (error, "%s: ", where);
  return FALSE;
}

static GArray *
parse_json (const char *text, gsize length, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) local = NULL;
  g_autoptr (GArray) specs = g_array_new (FALSE, TRUE, sizeof (SsdbWorkloadSpec));
  JsonNode *root;

  if (!json_parser_load_from_data (parser, text, (gssize)length, &local))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The workload JSON is malformed: %s", local->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (JSON_NODE_HOLDS_ARRAY (root))
    {
      JsonArray *a = json_node_get_array (root);
      guint n = json_array_get_length (a);

      if (n == 0)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "The workload JSON array is empty");
          return NULL;
        }
      for (guint i = 0; i < n; i++)
        {
          SsdbWorkloadSpec spec;

          if (!json_spec (json_array_get_element (a, i), i, &spec, error))
            return NULL;
          g_array_append_val (specs, spec);
        }
    }
  else
    {
      SsdbWorkloadSpec spec;

      if (!json_spec (root, 0, &spec, error))
        return NULL;
      g_array_append_val (specs, spec);
    }
  return g_steal_pointer (&specs);
}

GArray *
ssdb_workload_specs_parse (const char *text, gssize length, GError **error)
{
  gsize len;
  const char *p;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  len = length < 0 ? strlen (text) : (gsize)length;
  if (len > 1024 * 1024)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The workload text is larger than 1 MiB");
      return NULL;
    }
  if (memchr (text, '\0', len) != NULL || !g_utf8_validate (text, (gssize)len, NULL))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The workload text is not valid UTF-8 text");
      return NULL;
    }
  for (p = text; p < text + len && g_ascii_isspace (*p); p++)
    ;
  if (p < text + len && (*p == '{' || *p == '['))
    {
      /* A key file's group header also starts with '[': JSON arrays hold '{' or ']' next. */
      const char *q = p + 1;

      while (q < text + len && g_ascii_isspace (*q))
        q++;
      if (*p == '{' || (q < text + len && (*q == '{' || *q == ']')))
        return parse_json (text, len, error);
    }
  return parse_keyfile (text, len, error);
}

char *
ssdb_workload_spec_to_keyfile (const SsdbWorkloadSpec *spec)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GString) sizes = g_string_new (NULL);
  g_autofree char *data = NULL;
  const char *group;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (spec != NULL, NULL);

  group = spec->name[0] ? spec->name : "Workload";
  g_key_file_set_string (kf, group, "Name", group);
  for (guint k = 0; k < spec->n_size_mix; k++)
    g_string_append_printf (sizes, "%s%u/%u", k ? ":" : "", spec->size_mix[k].size,
                            spec->size_mix[k].weight);
  g_key_file_set_string (kf, group, "Sizes", sizes->str);
  g_key_file_set_uint64 (kf, group, "ReadPercent", spec->read_percent);
  g_key_file_set_uint64 (kf, group, "RandomPercent", spec->random_percent);
  g_key_file_set_uint64 (kf, group, "Align", spec->align_bytes);
  g_key_file_set_uint64 (kf, group, "QueueDepth", spec->queue_depth);
  g_key_file_set_uint64 (kf, group, "Workers", spec->workers);
  g_key_file_set_string (kf, group, "Ramp",
                         g_ascii_formatd (buf, sizeof buf, "%.3f", spec->ramp_ns / 1e9));
  g_key_file_set_string (kf, group, "Duration",
                         g_ascii_formatd (buf, sizeof buf, "%.3f", spec->duration_ns / 1e9));
  g_key_file_set_uint64 (kf, group, "SpanOffset", spec->span_offset);
  g_key_file_set_uint64 (kf, group, "SpanLength", spec->span_length);
  data = ssdb_data_pattern_to_string (&spec->data);
  g_key_file_set_string (kf, group, "Data", data);
  g_key_file_set_uint64 (kf, group, "Seed", spec->seed);
  return g_key_file_to_data (kf, NULL, NULL);
}

/* ---- running ---- */

SsdbWorkloadResult *
ssdb_workload_result_new (const SsdbWorkloadSpec *spec)
{
  SsdbWorkloadResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbWorkloadResult, 1);
  r->spec = *spec;
  r->workers = g_array_new (FALSE, TRUE, sizeof (SsdbWorkloadStats));
  ssdb_histogram_reset (&r->latency);
  return r;
}

void
ssdb_workload_result_free (SsdbWorkloadResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->workers);
  g_free (result->fio_command);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbWorkloadResult *
ssdb_workload_result_dup (const SsdbWorkloadResult *result)
{
  SsdbWorkloadResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbWorkloadResult, 1);
  *r = *result;
  r->workers = g_array_copy (result->workers);
  r->fio_command = g_strdup (result->fio_command);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

void
ssdb_workload_stats_direction (const SsdbWorkloadStats *s, SsdbRw rw, SsdbWorkloadStats *out)
{
  const SsdbWorkloadDirection *d;

  g_return_if_fail (s != NULL && out != NULL);
  g_return_if_fail (rw == SSDB_RW_READ || rw == SSDB_RW_WRITE);

  d = rw == SSDB_RW_READ ? &s->read : &s->write;
  memset (out, 0, sizeof *out);
  out->ios = rw == SSDB_RW_READ ? s->read_ios : s->write_ios;
  out->read_ios = rw == SSDB_RW_READ ? out->ios : 0;
  out->write_ios = rw == SSDB_RW_WRITE ? out->ios : 0;
  out->bytes = d->bytes;
  out->window_ns = s->window_ns;
  out->iops = d->iops;
  out->bytes_per_second = d->bytes_per_second;
  out->mean_ns = d->mean_ns;
  out->p99_ns = d->p99_ns;
  out->max_ns = d->max_ns;
  out->mean_inflight = d->iops * d->mean_ns / 1e9;
  if (rw == SSDB_RW_READ)
    out->read = *d;
  else
    out->write = *d;
}

typedef struct _Run Run;

typedef struct
{
  Run *run;
  guint index;
  SsdbJobSpec job;
  SsdbIoResult *io;
  GThread *thread;
  GError *error;
  /* What the measured run completed so far, from its I/O samples (under live_lock). */
  GMutex live_lock;
  guint64 live_ios, live_bytes, live_ns;
} Worker;

/* The measured run's samples of one worker: its totals so far. */
static void
on_worker_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  Worker *w = user_data;

  g_mutex_lock (&w->live_lock);
  w->live_ios = ios;
  w->live_bytes = bytes;
  w->live_ns = elapsed_ns;
  g_mutex_unlock (&w->live_lock);
}

struct _Run
{
  SsdbTarget *target;
  const SsdbWorkloadSpec *spec;
  GCancellable *stop;
  GMutex mutex;
  GCond cond;
  guint arrived;
  guint generation;
  guint finished;
  gboolean failed;
  gboolean abort;
  gint64 measure_start_us;
};

/* All workers meet here; returns FALSE when one of them failed. */
/* The measured run so far, from the workers' samples: per worker and in total their requests,
 * bytes and rates (no response times: those come with the end of the run). */
static void
publish_live (SsdbWorkloadResult *result, Worker *workers, guint n)
{
  SsdbWorkloadStats *t = &result->total;

  g_array_set_size (result->workers, n);
  memset (t, 0, sizeof *t);
  for (guint i = 0; i < n; i++)
    {
      SsdbWorkloadStats *s = &g_array_index (result->workers, SsdbWorkloadStats, i);
      guint64 ns;

      /* one sample's three numbers */
      memset (s, 0, sizeof *s);
      g_mutex_lock (&workers[i].live_lock);
      ns = workers[i].live_ns;
      s->ios = workers[i].live_ios;
      s->bytes = workers[i].live_bytes;
      g_mutex_unlock (&workers[i].live_lock);
      s->window_ns = ns;
      s->iops = ns > 0 ? (double)s->ios * 1e9 / (double)ns : 0;
      s->bytes_per_second = ns > 0 ? (double)s->bytes * 1e9 / (double)ns : 0;
      t->ios += s->ios;
      t->bytes += s->bytes;
      t->window_ns = MAX (t->window_ns, ns);
      t->iops += s->iops;
      t->bytes_per_second += s->bytes_per_second;
    }
}

static gboolean
barrier (Run *run)
{
  gboolean ok;

  g_mutex_lock (&run->mutex);
  if (!run->abort)
    {
      guint gen = run->generation;

      if (++run->arrived == run->spec->workers)
        {
          run->arrived = 0;
          run->generation++;
          g_cond_broadcast (&run->cond);
        }
      else
        while (gen == run->generation && !run->abort)
          g_cond_wait (&run->cond, &run->mutex);
    }
  ok = !run->failed && !run->abort;
  g_mutex_unlock (&run->mutex);
  return ok;
}

static void
worker_failed (Worker *w)
{
  g_mutex_lock (&w->run->mutex);
  w->run->failed = TRUE;
  g_mutex_unlock (&w->run->mutex);
  /* Stop the others at once. */
  g_cancellable_cancel (w->run->stop);
}

static gpointer
worker_main (gpointer data)
{
  Worker *w = data;
  Run *run = w->run;

  if (run->spec->ramp_ns > 0)
    {
      SsdbJobSpec ramp = w->job;

      ramp.duration_ns = run->spec->ramp_ns;
      ramp.seed = w->job.seed ^ G_GUINT64_CONSTANT (0x5a5a5a5a);
      if (barrier (run)
          && !ssdb_io_run (run->target, &ramp, NULL, NULL, run->stop, w->io, &w->error))
        worker_failed (w);
    }
  if (barrier (run))
    {
      g_mutex_lock (&run->mutex);
      if (run->measure_start_us == 0)
        run->measure_start_us = g_get_monotonic_time ();
      g_mutex_unlock (&run->mutex);
      if (!ssdb_io_run (run->target, &w->job, on_worker_sample, w, run->stop, w->io, &w->error))
        worker_failed (w);
    }
  else
    memset (w->io, 0, sizeof *w->io);

  g_mutex_lock (&run->mutex);
  run->finished++;
  g_cond_broadcast (&run->cond);
  g_mutex_unlock (&run->mutex);
  return NULL;
}

/* The response times of one direction: a worker's, or the total's from the workers' merged
 * histograms. */
static void
direction_latency (SsdbWorkloadDirection *d, const SsdbHistogram *h)
{
  d->mean_ns = ssdb_histogram_mean_ns (h);
  d->p99_ns = ssdb_histogram_percentile_ns (h, 99);
  d->max_ns = h->max_ns;
}

/* One direction of @io: @ios of its requests, @bytes, their latencies @h. */
static void
direction_from_io (const SsdbIoResult *io, guint64 ios, guint64 bytes, const SsdbHistogram *h,
                   SsdbWorkloadDirection *d)
{
  d->bytes = bytes;
  d->iops = io->window_ns > 0 ? (double)ios * 1e9 / (double)io->window_ns : 0;
  d->bytes_per_second = io->window_ns > 0 ? (double)bytes * 1e9 / (double)io->window_ns : 0;
  direction_latency (d, h);
}

static void
stats_from_io (const SsdbIoResult *io, guint n_mix, SsdbWorkloadStats *s)
{
  memset (s, 0, sizeof *s);
  s->ios = io->ios;
  s->bytes = io->bytes;
  s->read_ios = io->read_ios;
  s->write_ios = io->write_ios;
  s->random_ios = io->random_ios;
  memcpy (s->size_ios, io->size_ios, sizeof (guint64) * n_mix);
  s->window_ns = io->window_ns;
  s->iops = io->iops;
  s->bytes_per_second = io->bytes_per_second;
  s->mean_ns = ssdb_histogram_mean_ns (&io->latency);
  s->p99_ns = ssdb_histogram_percentile_ns (&io->latency, 99);
  s->max_ns = io->latency.max_ns;
  s->mean_inflight = io->mean_inflight;
  s->cpu_ns = io->cpu_user_ns + io->cpu_system_ns;
  direction_from_io (io, io->read_ios, io->read_bytes, &io->read_latency, &s->read);
  direction_from_io (io, io->write_ios, io->write_bytes, &io->write_latency, &s->write);
}

/* Adds direction @d of a worker into the total's @t (its response times come from the merged
 * histograms). */
static void
direction_add (SsdbWorkloadDirection *t, const SsdbWorkloadDirection *d)
{
  t->bytes += d->bytes;
  t->iops += d->iops;
  t->bytes_per_second += d->bytes_per_second;
}

static void
forward_cancel (GCancellable *cancellable, gpointer data)
{
  (void)cancellable;
  g_cancellable_cancel (G_CANCELLABLE (data));
}

/* The job each worker runs over its slice of the span (@spec's span_length resolved), and the
 * slice's length: disjoint slices, whole units of the alignment, as the engine slices threads. */
static void
worker_job (const SsdbWorkloadSpec *spec, const SsdbTargetInfo *info, SsdbJobSpec *job,
            guint64 *slice)
{
  guint64 align;
  guint max_size = 0;

  for (guint k = 0; k < spec->n_size_mix; k++)
    max_size = MAX (max_size, spec->size_mix[k].size);
  ssdb_job_spec_init (job);
  job->rw = spec->read_percent == 100 ? SSDB_RW_READ
            : spec->read_percent == 0 ? SSDB_RW_WRITE
                                      : SSDB_RW_MIX;
  job->read_percent = spec->read_percent;
  job->access = spec->random_percent > 0 ? SSDB_ACCESS_RANDOM : SSDB_ACCESS_SEQUENTIAL;
  job->random_percent = spec->random_percent > 0 ? spec->random_percent : 100;
  job->block_size = max_size;
  job->queue_depth = spec->queue_depth;
  job->threads = 1;
  job->duration_ns = spec->duration_ns;
  job->total_bytes = 0;
  job->data = spec->data;
  job->seed = spec->seed;
  memcpy (job->size_mix, spec->size_mix, sizeof spec->size_mix);
  job->n_size_mix = spec->n_size_mix;
  job->align_bytes = spec->align_bytes;
  align = MAX ((guint64)MAX (info->logical_block_size, info->dio_offset_align),
               (guint64)spec->align_bytes);
  *slice = spec->span_length / spec->workers / MAX (align, 1) * MAX (align, 1);
  job->length = *slice;
  job->offset = spec->span_offset;
}

/* The run itself, without what is recorded of the drive meanwhile. */
static gboolean
run_workload (SsdbTarget *target, SsdbWorkloadResult *result, SsdbWorkloadProgressFunc progress,
              gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbWorkloadSpec *spec;
  const SsdbTargetInfo *info;
  const char *tname;
  g_autoptr (GCancellable) stop = NULL;
  Run run;
  Worker *workers;
  SsdbJobSpec job;
  guint64 slice;
  guint started = 0;
  gulong cancel_id = 0;
  gboolean ok = TRUE;
  GError *first = NULL;
  g_autofree SsdbHistogram *read_latency = NULL, *write_latency = NULL;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  spec = &result->spec;
  info = ssdb_target_get_info (target);
  tname = ssdb_target_get_display_name (target);
  if (!ssdb_workload_result_check (result, info, error))
    return FALSE;
  if (spec->span_length == 0)
    spec->span_length = info->size_bytes - spec->span_offset;
  worker_job (spec, info, &job, &slice);
  if (!ssdb_job_spec_validate (&job, target, error))
    {
      g_prefix_error (error, "Workload “%s”: ", spec->name);
      return FALSE;
    }
  /* The same job as fio runs it: all workers as numjobs over the span. */
  {
    SsdbJobSpec all = job;
    g_autofree char *name = g_strdup_printf ("iometer_%s", spec->name);
    g_autofree char *fio = NULL;

    for (char *c = name; *c; c++)
      if (!g_ascii_isalnum (*c))
        *c = '_';
    all.threads = spec->workers;
    all.length = slice * spec->workers;
    fio = ssdb_job_spec_to_fio (&all, target, name);
    g_free (result->fio_command);
    if (spec->ramp_ns)
      result->fio_command = g_strdup_printf ("%s --ramp_time=%" G_GUINT64_FORMAT "ms", fio,
                                             MAX (spec->ramp_ns / 1000000, 1));
    else
      result->fio_command = g_steal_pointer (&fio);
  }
  result->job = job;

  if (spec->read_percent > 0 && info->kind == SSDB_TARGET_FILE && ssdb_target_is_writable (target))
    {
      if (progress)
        progress (result, "prepare", 0, user_data);
      if (!ssdb_target_fill (target, spec->span_offset, slice * spec->workers, spec->seed, NULL,
                             NULL, cancellable, error))
        {
          result->cancelled = g_error_matches (*error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
          return FALSE;
        }
    }

  stop = g_cancellable_new ();
  if (cancellable)
    cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (forward_cancel),
                                       g_object_ref (stop), g_object_unref);
  memset (&run, 0, sizeof run);
  run.target = target;
  run.spec = spec;
  run.stop = stop;
  g_mutex_init (&run.mutex);
  g_cond_init (&run.cond);

  workers = g_new0 (Worker, spec->workers);
  for (guint i = 0; i < spec->workers; i++)
    g_mutex_init (&workers[i].live_lock);
  for (guint i = 0; i < spec->workers; i++)
    {
      Worker *w = &workers[i];

      w->run = &run;
      w->index = i;
      w->job = job;
      /* live numbers twice a second, as IOMeter updates its results display */
      w->job.sample_interval_ns = 500 * G_GUINT64_CONSTANT (1000000);
      w->job.offset = spec->span_offset + slice * i;
      w->job.seed = spec->seed + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * i;
      w->io = g_new0 (SsdbIoResult, 1);
    }
  for (guint i = 0; i < spec->workers; i++)
    {
      g_autofree char *name = g_strdup_printf ("ssdb-worker-%u", i);

      workers[i].thread = g_thread_try_new (name, worker_main, &workers[i], &first);
      if (workers[i].thread == NULL)
        break;
      started++;
    }
  if (started < spec->workers)
    {
      /* Release the ones waiting at the barrier: they see the failure and end. */
      g_mutex_lock (&run.mutex);
      run.failed = TRUE;
      run.abort = TRUE;
      g_cond_broadcast (&run.cond);
      g_mutex_unlock (&run.mutex);
    }

  /* Progress from this thread while the workers run. */
  {
    gint64 t0 = g_get_monotonic_time ();
    double total_s = (double)(spec->ramp_ns + spec->duration_ns) / 1e9;

    g_mutex_lock (&run.mutex);
    while (run.finished < started)
      {
        g_cond_wait_until (&run.cond, &run.mutex,
                           g_get_monotonic_time () + 100 * G_TIME_SPAN_MILLISECOND);
        if (progress && run.finished < started)
          {
            double f = (double)(g_get_monotonic_time () - t0) / 1e6 / total_s;
            gboolean measuring = run.measure_start_us != 0;

            g_mutex_unlock (&run.mutex);
            if (measuring)
              publish_live (result, workers, started);
            progress (result, measuring ? "run" : "ramp", CLAMP (f, 0.0, 0.99), user_data);
            g_mutex_lock (&run.mutex);
          }
      }
    g_mutex_unlock (&run.mutex);
  }
  for (guint i = 0; i < started; i++)
    g_thread_join (workers[i].thread);
  if (cancel_id)
    g_cancellable_disconnect (cancellable, cancel_id);

  /* Gather: per worker, and the total as IOMeter adds its workers up. */
  g_array_set_size (result->workers, 0);
  memset (&result->total, 0, sizeof result->total);
  ssdb_histogram_reset (&result->latency);
  read_latency = ssdb_histogram_new ();
  write_latency = ssdb_histogram_new ();
  for (guint i = 0; i < spec->workers; i++)
    {
      Worker *w = &workers[i];
      SsdbWorkloadStats s;
      SsdbWorkloadStats *t = &result->total;

      stats_from_io (w->io, spec->n_size_mix, &s);
      g_array_append_val (result->workers, s);
      t->ios += s.ios;
      t->bytes += s.bytes;
      t->read_ios += s.read_ios;
      t->write_ios += s.write_ios;
      t->random_ios += s.random_ios;
      for (guint k = 0; k < spec->n_size_mix; k++)
        t->size_ios[k] += s.size_ios[k];
      t->window_ns = MAX (t->window_ns, s.window_ns);
      t->iops += s.iops;
      t->bytes_per_second += s.bytes_per_second;
      t->mean_inflight += s.mean_inflight;
      t->cpu_ns += s.cpu_ns;
      direction_add (&t->read, &s.read);
      direction_add (&t->write, &s.write);
      ssdb_histogram_merge (&result->latency, &w->io->latency);
      ssdb_histogram_merge (read_latency, &w->io->read_latency);
      ssdb_histogram_merge (write_latency, &w->io->write_latency);
      /* The first real failure wins over the cancellations it caused in the others. */
      if (w->error && (first == NULL || g_error_matches (first, SSDB_ERROR, SSDB_ERROR_CANCELLED)))
        {
          g_clear_error (&first);
          first = g_steal_pointer (&w->error);
        }
      g_clear_error (&w->error);
      g_free (w->io);
    }
  result->total.mean_ns = ssdb_histogram_mean_ns (&result->latency);
  result->total.p99_ns = ssdb_histogram_percentile_ns (&result->latency, 99);
  result->total.max_ns = result->latency.max_ns;
  direction_latency (&result->total.read, read_latency);
  direction_latency (&result->total.write, write_latency);
  result->split = TRUE;
  for (guint i = 0; i < spec->workers; i++)
    g_mutex_clear (&workers[i].live_lock);
  g_free (workers);
  g_mutex_clear (&run.mutex);
  g_cond_clear (&run.cond);

  if (first == NULL && g_cancellable_is_cancelled (cancellable))
    g_set_error (&first, SSDB_ERROR, SSDB_ERROR_CANCELLED, "Workload “%s” on %s was cancelled",
                 spec->name, tname);
  if (first != NULL)
    {
      result->cancelled = g_error_matches (first, SSDB_ERROR, SSDB_ERROR_CANCELLED);
      g_propagate_error (error, first);
      ok = FALSE;
    }
  if (progress)
    progress (result, "done", 1.0, user_data);
  return ok;
}

gboolean
ssdb_workload_run (SsdbTarget *target, SsdbWorkloadResult *result,
                   SsdbWorkloadProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                   GError **error)
{
  SsdbRunRecording *recording
      = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_WORKLOAD, target, result, error);
  gboolean ok
      = recording != NULL && run_workload (target, result, progress, user_data, cancellable, error);

  ssdb_test_kind_recording_end (SSDB_TEST_KIND_WORKLOAD, target, result, recording);
  return ok;
}

gboolean
ssdb_workload_result_check (const SsdbWorkloadResult *result, const SsdbTargetInfo *target,
                            GError **error)
{
  SsdbWorkloadSpec spec;
  SsdbJobSpec job;
  guint64 slice;
  g_autofree char *tname = NULL;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = result->spec;
  if (!ssdb_workload_spec_validate (&spec, error))
    return FALSE;
  tname = ssdb_target_info_dup_display_name (target);
  if (target->size_bytes > 0 && spec.span_offset >= target->size_bytes)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Workload “%s”: span_offset %" G_GUINT64_FORMAT " is beyond the end of %s "
                   "(%" G_GUINT64_FORMAT " bytes)",
                   spec.name, spec.span_offset, tname, target->size_bytes);
      return FALSE;
    }
  if (spec.span_length == 0)
    spec.span_length = target->size_bytes - MIN (spec.span_offset, target->size_bytes);
  if (target->size_bytes > 0 && spec.span_length > target->size_bytes - spec.span_offset)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Workload “%s”: the span (span_length %" G_GUINT64_FORMAT " bytes from "
                   "span_offset %" G_GUINT64_FORMAT
                   ") ends beyond the end of %s (%" G_GUINT64_FORMAT " bytes)",
                   spec.name, spec.span_length, spec.span_offset, tname, target->size_bytes);
      return FALSE;
    }
  /* The span of a test file not yet made is its size: not known here. */
  if (spec.span_length == 0)
    return TRUE;
  worker_job (&spec, target, &job, &slice);
  if (!ssdb_job_spec_check (&job, target, error))
    {
      g_prefix_error (error, "Workload “%s”: ", spec.name);
      return FALSE;
    }
  return TRUE;
}
