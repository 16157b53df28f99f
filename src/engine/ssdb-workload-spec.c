/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Workload specifications: the IOMeter presets, their checks, and the key-file and JSON texts
 * users write them in. */
#include "ssdb-workload.h"
#include "ssdb-error.h"
#include "ssdb-units.h"
#include "ssdb-words.h"

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
  for (guint k = 0; k < spec->n_size_mix; k++)
    {
      spec->size_mix[k].read_percent = p->read_percent;
      spec->size_mix[k].random_percent = p->random_percent;
    }
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

/* A mean share in whole percent that is 0 or 100 only when it is exactly that: a workload of
 * 0.4 % writes is a writing one (it needs the permission to write, a test file is filled
 * before its reads). */
static guint
share_percent (double percent)
{
  if (percent > 0 && percent < 1)
    return 1;
  if (percent > 99 && percent < 100)
    return 99;
  return (guint)(percent + 0.5);
}

void
ssdb_workload_spec_resolve_lines (SsdbWorkloadSpec *spec)
{
  const SsdbSizeWeight *first = &spec->size_mix[0];
  double weight = 0, read = 0, random = 0;
  gboolean differ = FALSE;

  g_return_if_fail (spec != NULL && spec->n_size_mix > 0);

  for (guint k = 0; k < spec->n_size_mix; k++)
    {
      const SsdbSizeWeight *l = &spec->size_mix[k];

      differ |= l->read_percent != first->read_percent || l->random_percent != first->random_percent
                || l->align_bytes != first->align_bytes;
      weight += l->weight;
      read += (double)l->weight * l->read_percent;
      random += (double)l->weight * l->random_percent;
    }
  spec->per_line = differ;
  if (differ && weight > 0)
    {
      spec->read_percent = share_percent (read / weight);
      spec->random_percent = share_percent (random / weight);
    }
  else if (!differ)
    {
      spec->read_percent = first->read_percent;
      spec->random_percent = first->random_percent;
      if (first->align_bytes)
        spec->align_bytes = first->align_bytes;
      for (guint k = 0; k < spec->n_size_mix; k++)
        spec->size_mix[k].align_bytes = 0;
    }
}

char *
ssdb_workload_spec_describe (const SsdbWorkloadSpec *spec)
{
  GString *s = g_string_new (NULL);
  guint total = 0;

  g_return_val_if_fail (spec != NULL, NULL);

  for (guint k = 0; k < spec->n_size_mix; k++)
    total += spec->size_mix[k].weight;
  for (guint k = 0; k < spec->n_size_mix; k++)
    {
      const SsdbSizeWeight *l = &spec->size_mix[k];
      g_autofree char *size = ssdb_format_transfer_size (l->size);

      g_string_append_printf (s, "%s%s", k ? ", " : "", size);
      if (spec->n_size_mix > 1)
        g_string_append_printf (s, " %u %%", total ? (l->weight * 100 + total / 2) / total : 0);
      if (spec->per_line)
        {
          /* Translators: a workload line's own shares in a chart's subtitle: "4 KiB 60 % (100 %
           * read, 100 % random)" */
          g_string_append_printf (s, W_ (" (%u %% read, %u %% random"), l->read_percent,
                                  l->random_percent);
          if (l->align_bytes)
            {
              g_autofree char *al = ssdb_format_transfer_size (l->align_bytes);

              g_string_append_printf (s, W_ (", aligned to %s"), al);
            }
          g_string_append_c (s, ')');
        }
    }
  if (!spec->per_line)
    /* Translators: a workload's shares in a chart's subtitle: "8 KiB · 67 % read · 100 %
     * random" */
    g_string_append_printf (s, W_ (" · %u %% read · %u %% random"), spec->read_percent,
                            spec->random_percent);
  return g_string_free (s, FALSE);
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
      if (spec->per_line
          && (spec->size_mix[k].read_percent > 100 || spec->size_mix[k].random_percent > 100))
        INVALID ("sizes: the read share %u %% and random share %u %% of %u bytes must be 0 to 100",
                 spec->size_mix[k].read_percent, spec->size_mix[k].random_percent, sz);
      if (spec->per_line
          && (spec->size_mix[k].align_bytes % 512 != 0
              || spec->size_mix[k].align_bytes > SSDB_MAX_BLOCK_SIZE))
        INVALID ("sizes: alignment %u of %u bytes must be 0 (the workload's) or a multiple of "
                 "512 bytes up to 64 MiB",
                 spec->size_mix[k].align_bytes, sz);
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
  if (spec->n_cycle_depths > SSDB_WORKLOAD_MAX_CYCLE)
    INVALID ("cycle_queue_depths: %u depths, at most %u", spec->n_cycle_depths,
             SSDB_WORKLOAD_MAX_CYCLE);
  for (guint i = 0; i < spec->n_cycle_depths; i++)
    {
      guint d = spec->cycle_depths[i];

      if (d < 1 || d > SSDB_MAX_QUEUE_DEPTH)
        INVALID ("cycle_queue_depths: depth %u is out of range (1 to %u)", d, SSDB_MAX_QUEUE_DEPTH);
      if (i > 0 && d <= spec->cycle_depths[i - 1])
        INVALID ("cycle_queue_depths: the depths must rise (%u after %u)", d,
                 spec->cycle_depths[i - 1]);
    }
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

gboolean
ssdb_workload_cycle_parse (const char *text, const char *field, guint *depths, guint *n_depths,
                           GError **error)
{
  g_auto (GStrv) parts = NULL;
  guint got[SSDB_WORKLOAD_MAX_CYCLE];
  guint n = 0;
  g_autofree char *trimmed = NULL;

  g_return_val_if_fail (text != NULL && field != NULL, FALSE);
  g_return_val_if_fail (depths != NULL && n_depths != NULL, FALSE);

  trimmed = g_strstrip (g_strdup (text));
  if (trimmed[0] == '\0' || g_str_equal (trimmed, "0"))
    {
      *n_depths = 0;
      return TRUE;
    }
  parts = g_strsplit (trimmed, ",", -1);
  for (guint i = 0; parts[i]; i++)
    {
      const char *t = g_strstrip (parts[i]);
      guint64 v;
      char *end = NULL;

      if (n == SSDB_WORKLOAD_MAX_CYCLE)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "%s: more than %u queue depths", field, SSDB_WORKLOAD_MAX_CYCLE);
          return FALSE;
        }
      if (!g_ascii_isdigit (t[0]) || (v = g_ascii_strtoull (t, &end, 10), *end != '\0'))
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "%s: “%s” is not a queue depth (a whole number)", field, t);
          return FALSE;
        }
      if (v < 1 || v > SSDB_MAX_QUEUE_DEPTH)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "%s: queue depth %s is out of range (1 to %u)", field, t,
                       SSDB_MAX_QUEUE_DEPTH);
          return FALSE;
        }
      if (n > 0 && v <= got[n - 1])
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "%s: the queue depths must rise (%s after %u)", field, t, got[n - 1]);
          return FALSE;
        }
      got[n++] = (guint)v;
    }
  memcpy (depths, got, n * sizeof (guint));
  *n_depths = n;
  return TRUE;
}

char *
ssdb_workload_cycle_to_string (const SsdbWorkloadSpec *spec)
{
  GString *s;

  g_return_val_if_fail (spec != NULL, NULL);

  s = g_string_new (NULL);
  for (guint i = 0; i < spec->n_cycle_depths && i < SSDB_WORKLOAD_MAX_CYCLE; i++)
    g_string_append_printf (s, "%s%u", i ? "," : "", spec->cycle_depths[i]);
  return g_string_free (s, FALSE);
}

/* A line's share or alignment that its text did not give: the specification's, once parsed. */
#define NOT_GIVEN G_MAXUINT

/* Before parsing: the lines of a preset take the specification's shares, whatever they are set
 * to later. */
static void
forget_line_shares (SsdbWorkloadSpec *spec)
{
  for (guint k = 0; k < SSDB_MAX_SIZE_MIX; k++)
    spec->size_mix[k].read_percent = spec->size_mix[k].random_percent
        = spec->size_mix[k].align_bytes = NOT_GIVEN;
}

/* Before parsing new lines: none, and each share of each line not given yet. */
static void
unset_lines (SsdbWorkloadSpec *spec)
{
  for (guint k = 0; k < SSDB_MAX_SIZE_MIX; k++)
    spec->size_mix[k] = (SsdbSizeWeight){ 0, 0, NOT_GIVEN, NOT_GIVEN, NOT_GIVEN };
}

/* After parsing: what a line did not give is the specification's; then per_line. */
static void
settle_line_shares (SsdbWorkloadSpec *spec)
{
  for (guint k = 0; k < SSDB_MAX_SIZE_MIX; k++)
    {
      SsdbSizeWeight *l = &spec->size_mix[k];

      if (k >= spec->n_size_mix)
        {
          l->read_percent = l->random_percent = l->align_bytes = 0;
          continue;
        }
      if (l->read_percent == NOT_GIVEN)
        l->read_percent = spec->read_percent;
      if (l->random_percent == NOT_GIVEN)
        l->random_percent = spec->random_percent;
      if (l->align_bytes == NOT_GIVEN || l->align_bytes == spec->align_bytes)
        l->align_bytes = 0;
    }
  if (spec->n_size_mix > 0)
    ssdb_workload_spec_resolve_lines (spec);
}

static gboolean
parse_alignment (const char *text, const char *field, guint64 *out, GError **error);

/* fio's bssplit syntax: "512/10:4k/60:64k/30"; with @lines, each entry may add its own read %,
 * random % and alignment: "4k/60/100/100/4k". */
static gboolean
parse_bssplit (const char *text, SsdbWorkloadSpec *spec, const char *field, gboolean lines,
               GError **error)
{
  g_auto (GStrv) parts = NULL;
  guint n = 0;

  parts = g_strsplit (text, ":", -1);
  unset_lines (spec);
  for (guint i = 0; parts[i]; i++)
    {
      g_auto (GStrv) sw = NULL;
      guint64 size, weight;
      g_autofree char *what = NULL;

      g_strstrip (parts[i]);
      if (parts[i][0] == '\0')
        continue;
      sw = g_strsplit (parts[i], "/", -1);
      if (g_strv_length (sw) < 2 || g_strv_length (sw) > (lines ? 5u : 2u))
        {
          if (lines)
            g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                         "%s: “%s” is not SIZE/WEIGHT[/READ%%[/RANDOM%%[/ALIGN]]] (as in "
                         "“4k/60/100/100”)",
                         field, parts[i]);
          else
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
      for (guint f = 2; lines && f < 5 && sw[f] != NULL; f++)
        {
          static const char *const names[] = { "read %", "random %", "alignment" };
          guint64 v;

          g_free (what);
          what = g_strdup_printf ("%s (%s of %s)", field, names[f - 2], sw[0]);
          g_strstrip (sw[f]);
          if (f < 4 ? !ssdb_parse_uint (sw[f], what, 0, 100, &v, error)
                    : !parse_alignment (sw[f], what, &v, error))
            return FALSE;
          /* 0 on a line is the workload's Align, which need not be sector boundaries. */
          if (f == 4 && v == 0)
            {
              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           "%s: a line's alignment is a size such as 4k; leave it out for the "
                           "workload's Align",
                           what);
              return FALSE;
            }
          *(f == 2   ? &spec->size_mix[n].read_percent
            : f == 3 ? &spec->size_mix[n].random_percent
                     : &spec->size_mix[n].align_bytes)
              = (guint)v;
        }
      n++;
    }
  if (n == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "%s: no transfer sizes", field);
      return FALSE;
    }
  spec->n_size_mix = n;
  return TRUE;
}

/* An alignment: a size up to 64 MiB, or "sector" (0: the target's logical block size, IOMeter's
 * "sector boundaries"). */
static gboolean
parse_alignment (const char *text, const char *field, guint64 *out, GError **error)
{
  if (g_ascii_strcasecmp (text, "sector") == 0)
    {
      *out = 0;
      return TRUE;
    }
  if (!ssdb_parse_size (text, field, out, error))
    return FALSE;
  if (*out > SSDB_MAX_BLOCK_SIZE)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "%s: %s is larger than 64 MiB",
                   field, text);
      return FALSE;
    }
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
  "Name",       "Preset",           "Sizes", "Lines",    "ReadPercent", "RandomPercent", "Align",
  "QueueDepth", "Workers",          "Ramp",  "Duration", "SpanOffset",  "SpanLength",    "Data",
  "Seed",       "CycleQueueDepths",
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
  forget_line_shares (spec);

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
      else if (g_str_equal (key, "Sizes") || g_str_equal (key, "Lines"))
        {
          if (g_key_file_has_key (kf, group, "Sizes", NULL)
              && g_key_file_has_key (kf, group, "Lines", NULL))
            {
              g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                           "Sizes and Lines: give one of them (Lines are sizes with their own "
                           "shares)");
              goto fail;
            }
          if (!parse_bssplit (raw, spec, key, g_str_equal (key, "Lines"), error))
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
          if (!parse_alignment (raw, key, &v, error))
            goto fail;
          spec->align_bytes = (guint)v;
        }
      else if (g_str_equal (key, "QueueDepth"))
        {
          if (!ssdb_parse_uint (raw, key, 1, SSDB_MAX_QUEUE_DEPTH, &v, error))
            goto fail;
          spec->queue_depth = (guint)v;
        }
      else if (g_str_equal (key, "CycleQueueDepths"))
        {
          if (!ssdb_workload_cycle_parse (raw, key, spec->cycle_depths, &spec->n_cycle_depths,
                                          error))
            goto fail;
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
  settle_line_shares (spec);
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
  "span_offset", "span_length", "data",    "seed",         "cycle_queue_depths",
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
    return parse_bssplit (json_node_get_string (node), spec, "sizes", FALSE, error);
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
  unset_lines (spec);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      JsonObject *o;
      JsonNode *sz, *w, *m;
      guint64 size, weight, v;
      guint own = 0;
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
      own = json_object_has_member (o, "read_percent")
            + json_object_has_member (o, "random_percent")
            + json_object_has_member (o, "align_bytes");
      if (sz == NULL || w == NULL || json_object_get_size (o) != 2 + own)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "sizes[%u]: needs the members “size” and “weight”, and may have "
                       "“read_percent”, “random_percent” and “align_bytes”, nothing else",
                       i);
          return FALSE;
        }
      if (!json_size (sz, fs, SSDB_MAX_BLOCK_SIZE, &size, error)
          || !json_uint (w, fw, 0, 1000000, &weight, error))
        return FALSE;
      spec->size_mix[i].size = (guint)size;
      spec->size_mix[i].weight = (guint)weight;
      if ((m = json_object_get_member (o, "read_percent")))
        {
          g_autofree char *f = g_strdup_printf ("sizes[%u].read_percent", i);

          if (!json_uint (m, f, 0, 100, &v, error))
            return FALSE;
          spec->size_mix[i].read_percent = (guint)v;
        }
      if ((m = json_object_get_member (o, "random_percent")))
        {
          g_autofree char *f = g_strdup_printf ("sizes[%u].random_percent", i);

          if (!json_uint (m, f, 0, 100, &v, error))
            return FALSE;
          spec->size_mix[i].random_percent = (guint)v;
        }
      if ((m = json_object_get_member (o, "align_bytes")))
        {
          g_autofree char *f = g_strdup_printf ("sizes[%u].align_bytes", i);

          if (!json_size (m, f, SSDB_MAX_BLOCK_SIZE, &v, error))
            return FALSE;
          spec->size_mix[i].align_bytes = (guint)v;
        }
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
  forget_line_shares (spec);

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
  if ((m = json_object_get_member (o, "cycle_queue_depths")))
    {
      JsonArray *a = JSON_NODE_HOLDS_ARRAY (m) ? json_node_get_array (m) : NULL;
      guint n = a ? json_array_get_length (a) : 0;

      if (a == NULL || n > SSDB_WORKLOAD_MAX_CYCLE)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "cycle_queue_depths: expected an array of at most %u queue depths",
                       SSDB_WORKLOAD_MAX_CYCLE);
          goto fail;
        }
      for (guint i = 0; i < n; i++)
        {
          if (!json_uint (json_array_get_element (a, i), "cycle_queue_depths", 1,
                          SSDB_MAX_QUEUE_DEPTH, &v, error))
            goto fail;
          spec->cycle_depths[i] = (guint)v;
        }
      spec->n_cycle_depths = n;
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
  settle_line_shares (spec);
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
    {
      const SsdbSizeWeight *l = &spec->size_mix[k];

      g_string_append_printf (sizes, "%s%u/%u", k ? ":" : "", l->size, l->weight);
      if (spec->per_line)
        g_string_append_printf (sizes, "/%u/%u", l->read_percent, l->random_percent);
      /* A line without an alignment of its own has the workload's Align. */
      if (spec->per_line && l->align_bytes)
        g_string_append_printf (sizes, "/%u", l->align_bytes);
    }
  g_key_file_set_string (kf, group, spec->per_line ? "Lines" : "Sizes", sizes->str);
  g_key_file_set_uint64 (kf, group, "ReadPercent", spec->read_percent);
  g_key_file_set_uint64 (kf, group, "RandomPercent", spec->random_percent);
  g_key_file_set_uint64 (kf, group, "Align", spec->align_bytes);
  g_key_file_set_uint64 (kf, group, "QueueDepth", spec->queue_depth);
  if (spec->n_cycle_depths > 0)
    {
      g_autofree char *cycle = ssdb_workload_cycle_to_string (spec);

      g_key_file_set_string (kf, group, "CycleQueueDepths", cycle);
    }
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

