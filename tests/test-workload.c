/* SPDX-License-Identifier: GPL-3.0-or-later */
/* IOMeter-style workloads: presets, key-file and JSON specifications with their errors, and
 * every preset on a real 512-byte-sector loop device over a file in RAM, where the measured
 * mix of sizes, reads and random offsets must match the specification, and the live results of
 * a run on zram, the reads and the writes apart (root). */
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "engine/ssdb-target-fill.h"
#include "engine/ssdb-workload.h"
#include "lib/ssdb-test-targets.h"

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define MS (G_GUINT64_CONSTANT (1000000))
#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

static void
test_presets (void)
{
  SsdbWorkloadSpec s;
  SsdbWorkloadPreset p;
  guint total = 0;

  ssdb_workload_spec_init_preset (&s, SSDB_WORKLOAD_FILE_SERVER);
  g_assert_cmpstr (s.name, ==, "File server");
  g_assert_cmpuint (s.n_size_mix, ==, 8);
  g_assert_cmpuint (s.read_percent, ==, 80);
  g_assert_cmpuint (s.random_percent, ==, 100);
  g_assert_cmpuint (s.size_mix[0].size, ==, 512);
  g_assert_cmpuint (s.size_mix[0].weight, ==, 10);
  g_assert_cmpuint (s.size_mix[3].size, ==, 4096);
  g_assert_cmpuint (s.size_mix[3].weight, ==, 60);
  for (guint k = 0; k < s.n_size_mix; k++)
    total += s.size_mix[k].weight;
  g_assert_cmpuint (total, ==, 100);

  ssdb_workload_spec_init_preset (&s, SSDB_WORKLOAD_WEB_SERVER);
  total = 0;
  for (guint k = 0; k < s.n_size_mix; k++)
    total += s.size_mix[k].weight;
  g_assert_cmpuint (total, ==, 100);
  g_assert_cmpuint (s.size_mix[9].size, ==, 512 * 1024);
  g_assert_cmpuint (s.read_percent, ==, 100);

  ssdb_workload_spec_init_preset (&s, SSDB_WORKLOAD_WORKSTATION);
  g_assert_cmpuint (s.size_mix[0].size, ==, 8192);
  g_assert_cmpuint (s.read_percent, ==, 80);
  g_assert_cmpuint (s.random_percent, ==, 80);

  ssdb_workload_spec_init_preset (&s, SSDB_WORKLOAD_DATABASE);
  g_assert_cmpuint (s.read_percent, ==, 67);
  g_assert_true (ssdb_workload_spec_validate (&s, NULL));

  g_assert_true (ssdb_workload_preset_from_string ("File server", &p));
  g_assert_cmpint (p, ==, SSDB_WORKLOAD_FILE_SERVER);
  g_assert_true (ssdb_workload_preset_from_string ("web-server", &p));
  g_assert_cmpint (p, ==, SSDB_WORKLOAD_WEB_SERVER);
  g_assert_false (ssdb_workload_preset_from_string ("mail", &p));
  g_assert_cmpstr (ssdb_workload_preset_to_string (SSDB_WORKLOAD_WORKSTATION), ==, "workstation");
}

static void
test_parse_keyfile (void)
{
  const char *text = "# two workloads\n"
                     "[OLTP]\n"
                     "Sizes=4k/70:8KiB/30\n"
                     "ReadPercent=70\n"
                     "RandomPercent=90\n"
                     "Align=4K\n"
                     "QueueDepth=64\n"
                     "Workers=4\n"
                     "Ramp=0.5\n"
                     "Duration=12\n"
                     "SpanLength=1G\n"
                     "Data=compressible-50\n"
                     "Seed=7\n"
                     "\n"
                     "[Web]\n"
                     "Preset=web-server\n"
                     "Name=Static files\n"
                     "Align=Sector\n"
                     "Workers=2\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) specs = ssdb_workload_specs_parse (text, -1, &error);
  const SsdbWorkloadSpec *s;

  g_assert_no_error (error);
  g_assert_cmpuint (specs->len, ==, 2);
  s = &g_array_index (specs, SsdbWorkloadSpec, 0);
  g_assert_cmpstr (s->name, ==, "OLTP");
  g_assert_cmpuint (s->n_size_mix, ==, 2);
  g_assert_cmpuint (s->size_mix[0].size, ==, 4096);
  g_assert_cmpuint (s->size_mix[0].weight, ==, 70);
  g_assert_cmpuint (s->size_mix[1].size, ==, 8192);
  g_assert_cmpuint (s->read_percent, ==, 70);
  g_assert_cmpuint (s->random_percent, ==, 90);
  g_assert_cmpuint (s->align_bytes, ==, 4096);
  g_assert_cmpuint (s->queue_depth, ==, 64);
  g_assert_cmpuint (s->workers, ==, 4);
  g_assert_cmpuint (s->ramp_ns, ==, NS_PER_S / 2);
  g_assert_cmpuint (s->duration_ns, ==, 12 * NS_PER_S);
  g_assert_cmpuint (s->span_length, ==, G_GUINT64_CONSTANT (1) << 30);
  g_assert_cmpint (s->data.kind, ==, SSDB_DATA_COMPRESSIBLE);
  g_assert_cmpuint (s->data.compressible_percent, ==, 50);
  g_assert_cmpuint (s->seed, ==, 7);

  s = &g_array_index (specs, SsdbWorkloadSpec, 1);
  g_assert_cmpstr (s->name, ==, "Static files");
  g_assert_cmpuint (s->n_size_mix, ==, 10);
  g_assert_cmpuint (s->read_percent, ==, 100);
  g_assert_cmpuint (s->workers, ==, 2);
  g_assert_cmpuint (s->align_bytes, ==, 0);

  /* "sector" (any case) is IOMeter's sector boundaries, 0; nothing else is a word there. */
  {
    g_autoptr (GArray) sector
        = ssdb_workload_specs_parse ("[S]\nAlign=4k\n[T]\nAlign=SECTOR\n", -1, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_array_index (sector, SsdbWorkloadSpec, 0).align_bytes, ==, 4096);
    g_assert_cmpuint (g_array_index (sector, SsdbWorkloadSpec, 1).align_bytes, ==, 0);
    g_assert_null (ssdb_workload_specs_parse ("[S]\nAlign=sectors\n", -1, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }

  /* Round trip through the key-file form. */
  {
    g_autofree char *kf
        = ssdb_workload_spec_to_keyfile (&g_array_index (specs, SsdbWorkloadSpec, 0));
    g_autoptr (GArray) back = ssdb_workload_specs_parse (kf, -1, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (back->len, ==, 1);
    g_assert_cmpmem (&g_array_index (back, SsdbWorkloadSpec, 0), sizeof (SsdbWorkloadSpec),
                     &g_array_index (specs, SsdbWorkloadSpec, 0), sizeof (SsdbWorkloadSpec));
  }
}

static void
test_parse_json (void)
{
  const char *text = "[ {\"name\": \"Mail\", \"sizes\": [{\"size\": 4096, \"weight\": 80}, "
                     "{\"size\": \"64KiB\", \"weight\": 20}], \"read_percent\": 60, "
                     "\"random_percent\": 100, \"queue_depth\": 16, \"workers\": 2, "
                     "\"ramp_ns\": 1000000000, \"duration_ns\": 5000000000},"
                     " {\"preset\": \"workstation\", \"sizes\": \"8k/50:16k/50\"} ]";
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) specs = ssdb_workload_specs_parse (text, -1, &error);
  const SsdbWorkloadSpec *s;

  g_assert_no_error (error);
  g_assert_cmpuint (specs->len, ==, 2);
  s = &g_array_index (specs, SsdbWorkloadSpec, 0);
  g_assert_cmpstr (s->name, ==, "Mail");
  g_assert_cmpuint (s->size_mix[1].size, ==, 65536);
  g_assert_cmpuint (s->size_mix[1].weight, ==, 20);
  g_assert_cmpuint (s->read_percent, ==, 60);
  g_assert_cmpuint (s->queue_depth, ==, 16);
  g_assert_cmpuint (s->ramp_ns, ==, NS_PER_S);
  s = &g_array_index (specs, SsdbWorkloadSpec, 1);
  g_assert_cmpstr (s->name, ==, "Workstation");
  g_assert_cmpuint (s->random_percent, ==, 80);
  g_assert_cmpuint (s->n_size_mix, ==, 2);
  g_assert_cmpuint (s->size_mix[1].size, ==, 16384);

  /* A single object. */
  g_clear_pointer (&specs, g_array_unref);
  specs = ssdb_workload_specs_parse ("{\"preset\": \"database\", \"queue_depth\": 4}", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (specs->len, ==, 1);
  g_assert_cmpuint (g_array_index (specs, SsdbWorkloadSpec, 0).queue_depth, ==, 4);
}

/* IOMeter's access specification lines: each size with its own read share, random share and
 * alignment; fields a line leaves out are the specification's. */
static void
test_parse_lines (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) specs = ssdb_workload_specs_parse (
      "[Mixed]\nLines=4k/60/100/100:64k/30/0/0/64k:8k/10\nReadPercent=50\nRandomPercent=20\n"
      "[Same]\nLines=4k/50/70/100:8k/50/70\n",
      -1, &error);
  const SsdbWorkloadSpec *s;
  g_autofree char *words = NULL;

  g_assert_no_error (error);
  s = &g_array_index (specs, SsdbWorkloadSpec, 0);
  g_assert_true (s->per_line);
  g_assert_cmpuint (s->n_size_mix, ==, 3);
  g_assert_cmpuint (s->size_mix[0].read_percent, ==, 100);
  g_assert_cmpuint (s->size_mix[0].random_percent, ==, 100);
  g_assert_cmpuint (s->size_mix[0].align_bytes, ==, 0);
  g_assert_cmpuint (s->size_mix[1].read_percent, ==, 0);
  g_assert_cmpuint (s->size_mix[1].random_percent, ==, 0);
  g_assert_cmpuint (s->size_mix[1].align_bytes, ==, 65536);
  /* Left out: the specification's 50 % and 20 %, whichever key came first. */
  g_assert_cmpuint (s->size_mix[2].read_percent, ==, 50);
  g_assert_cmpuint (s->size_mix[2].random_percent, ==, 20);
  /* The specification's shares: the lines' means by weight, (60 × 100 + 10 × 50) / 100 = 65 %
   * reads, (60 × 100 + 10 × 20) / 100 = 62 % random. */
  g_assert_cmpuint (s->read_percent, ==, 65);
  g_assert_cmpuint (s->random_percent, ==, 62);
  words = ssdb_workload_spec_describe (s);
  g_assert_cmpstr (words, ==,
                   "4 KiB 60 % (100 % read, 100 % random), 64 KiB 30 % (0 % read, 0 % random, "
                   "aligned to 64 KiB), 8 KiB 10 % (50 % read, 20 % random)");
  /* The same through the key-file form, and through JSON. */
  {
    g_autofree char *kf = ssdb_workload_spec_to_keyfile (s);
    g_autoptr (GArray) back = ssdb_workload_specs_parse (kf, -1, &error);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (kf, "Lines="));
    g_assert_cmpmem (&g_array_index (back, SsdbWorkloadSpec, 0), sizeof (SsdbWorkloadSpec), s,
                     sizeof (SsdbWorkloadSpec));
  }
  {
    g_autoptr (GArray) json = ssdb_workload_specs_parse (
        "{\"name\": \"Mixed\", \"sizes\": [{\"size\": \"4k\", \"weight\": 60, \"read_percent\": "
        "100, \"random_percent\": 100}, {\"size\": 65536, \"weight\": 30, \"read_percent\": 0, "
        "\"random_percent\": 0, \"align_bytes\": \"64k\"}, {\"size\": 8192, \"weight\": 10}], "
        "\"random_percent\": 20, \"read_percent\": 50}",
        -1, &error);
    SsdbWorkloadSpec j;

    g_assert_no_error (error);
    j = g_array_index (json, SsdbWorkloadSpec, 0);
    /* The JSON form keeps the Database preset's other settings, as the key file does. */
    g_assert_cmpmem (j.size_mix, sizeof j.size_mix, s->size_mix, sizeof s->size_mix);
    g_assert_true (j.per_line);
    g_assert_cmpuint (j.read_percent, ==, 65);
  }

  /* Lines whose shares are all the same are no per-line specification: the same run as
   * Sizes with ReadPercent and RandomPercent. */
  s = &g_array_index (specs, SsdbWorkloadSpec, 1);
  g_assert_false (s->per_line);
  g_assert_cmpuint (s->read_percent, ==, 70);
  g_assert_cmpuint (s->random_percent, ==, 100);
  g_free (words);
  words = ssdb_workload_spec_describe (s);
  g_assert_cmpstr (words, ==, "4 KiB 50 %, 8 KiB 50 % · 70 % read · 100 % random");

  /* A few writes (0.04 %) or a few reads make a mean of 99 % or 1 %, never 100 % or 0 %: the
   * workload writes (or reads) and is handled as one that does. */
  {
    g_autoptr (GArray) edges = ssdb_workload_specs_parse (
        "[FewWrites]\nLines=4k/999/100:64k/1/60\n[FewReads]\nLines=4k/999/0:64k/1/40\n", -1,
        &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_array_index (edges, SsdbWorkloadSpec, 0).read_percent, ==, 99);
    g_assert_cmpuint (g_array_index (edges, SsdbWorkloadSpec, 1).read_percent, ==, 1);
  }
}

static void
test_parse_errors (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "[A]\nReadPercent=101\n", "ReadPercent" },
    { "[A]\nReadPercent=-1\n", "ReadPercent" },
    { "[A]\nRandomPercent=abc\n", "RandomPercent" },
    { "[A]\nQueueDepth=0\n", "QueueDepth" },
    { "[A]\nQueueDepth=257\n", "QueueDepth" },
    { "[A]\nWorkers=65\n", "Workers" },
    { "[A]\nSizes=4k\n", "Sizes" },
    { "[A]\nSizes=4k/x\n", "Sizes (weight of 4k)" },
    { "[A]\nSizes=4q/10\n", "Sizes (size 1)" },
    { "[A]\nSizes=1000/10\n", "transfer size 1000 bytes" },
    { "[A]\nSizes=128M/10\n", "larger than 64 MiB" },
    { "[A]\nSizes=4k/0:8k/0\n", "weights add up to 0" },
    { "[A]\nSizes=4k/10:4k/20\n", "listed twice" },
    { "[A]\nAlign=1000\n", "align_bytes 1000" },
    { "[A]\nDuration=0\n", "Duration" },
    { "[A]\nRamp=soon\n", "Ramp" },
    { "[A]\nData=purple\n", "purple" },
    { "[A]\nPreset=mail\n", "unknown preset “mail”" },
    { "[A]\nQueDepth=4\n", "unknown key “QueDepth”" },
    { "just words", "neither JSON nor a valid key file" },
    { "", "no [group]" },
    { "{\"queue_depth\": \"lots\"}", "queue_depth: expected a whole number" },
    { "{\"queue_depth\": 4.5}", "queue_depth: expected a whole number" },
    { "{\"read_percent\": 200}", "read_percent: 200 is out of range (0 to 100)" },
    { "{\"sizes\": []}", "sizes: 0 transfer sizes" },
    { "{\"sizes\": [{\"size\": 4096}]}", "sizes[0]: needs the members “size” and “weight”" },
    { "{\"sizes\": [{\"size\": 4096, \"weight\": 1, \"reads\": 5}]}", "nothing else" },
    { "{\"sizes\": [{\"size\": 4096, \"weight\": 1, \"read_percent\": 101}]}",
      "sizes[0].read_percent: 101 is out of range (0 to 100)" },
    { "[A]\nLines=4k/50/100/100/4k/9\n", "is not SIZE/WEIGHT[/READ%[/RANDOM%[/ALIGN]]]" },
    { "[A]\nLines=4k/50/150\n", "Lines (read % of 4k)" },
    { "[A]\nLines=4k/50/10/x\n", "Lines (random % of 4k)" },
    { "[A]\nLines=4k/50/10/10/3000:8k/50\n", "alignment 3000 of 4096 bytes" },
    { "[A]\nAlign=64k\nLines=4k/50/10/10/sector:8k/50\n", "a line's alignment is a size" },
    { "[A]\nSizes=4k/50/100\n", "is not SIZE/WEIGHT (as in “4k/60”)" },
    { "[A]\nSizes=4k/1\nLines=4k/1\n", "Sizes and Lines: give one of them" },
    { "{\"sizes\": [{\"size\": -4096, \"weight\": 1}]}", "sizes[0].size" },
    { "{\"name\": \"X\", \"workers\": 0}", "Workload “X”: workers: 0 is out of range" },
    { "[{\"preset\": \"database\"}, {\"qd\": 4}]", "Workload 2: unknown member “qd”" },
    { "{\"name\": 5}", "name: expected text" },
    { "{\"duration_ns\": 1000}", "duration_ns" },
    { "{\"span_offset\": 1000}", "span_offset 1000" },
    { "{\"queue_depth\": 4,}", "malformed" },
    { "[]", "array is empty" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GArray) specs = ssdb_workload_specs_parse (cases[i].text, -1, &error);

      g_assert_null (specs);
      g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: “%s” does not mention “%s”", i, error->message, cases[i].message);
    }
}

/* IOMeter's cycle of outstanding I/Os: the key-file and JSON texts, the CLI's list, the
 * round trip through the key file, and every refusal with its exact message. */
static void
test_cycle_parse (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } refused[] = {
    { "4,2", "CycleQueueDepths: the queue depths must rise (2 after 4)" },
    { "1,1", "CycleQueueDepths: the queue depths must rise (1 after 1)" },
    { "1,x", "CycleQueueDepths: “x” is not a queue depth (a whole number)" },
    { "1,,4", "CycleQueueDepths: “” is not a queue depth (a whole number)" },
    { "-1", "CycleQueueDepths: “-1” is not a queue depth (a whole number)" },
    { "1,257", "CycleQueueDepths: queue depth 257 is out of range (1 to 256)" },
    { "0,1", "CycleQueueDepths: queue depth 0 is out of range (1 to 256)" },
    { "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17", "CycleQueueDepths: more than 16 queue depths" },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) specs = NULL;
  g_autoptr (GArray) again = NULL;
  g_autofree char *kf = NULL, *list = NULL;
  SsdbWorkloadSpec *s, spec;
  guint depths[SSDB_WORKLOAD_MAX_CYCLE] = { 99 };
  guint n = 99;

  specs = ssdb_workload_specs_parse ("[Cycle]\nPreset=workstation\nCycleQueueDepths= 1, 2,4 ,8\n",
                                     -1, &error);
  g_assert_no_error (error);
  s = &g_array_index (specs, SsdbWorkloadSpec, 0);
  g_assert_cmpuint (s->n_cycle_depths, ==, 4);
  g_assert_cmpuint (s->cycle_depths[0], ==, 1);
  g_assert_cmpuint (s->cycle_depths[3], ==, 8);
  list = ssdb_workload_cycle_to_string (s);
  g_assert_cmpstr (list, ==, "1,2,4,8");
  /* through the key file and back: the same specification, byte for byte */
  kf = ssdb_workload_spec_to_keyfile (s);
  g_assert_nonnull (strstr (kf, "CycleQueueDepths=1,2,4,8\n"));
  again = ssdb_workload_specs_parse (kf, -1, &error);
  g_assert_no_error (error);
  {
    SsdbWorkloadSpec a = *s, b = g_array_index (again, SsdbWorkloadSpec, 0);

    /* (the bytes after the name's nul are what the preset's name left there) */
    g_assert_cmpstr (a.name, ==, b.name);
    memset (a.name, 0, sizeof a.name);
    memset (b.name, 0, sizeof b.name);
    g_strlcpy (a.name, s->name, sizeof a.name);
    g_strlcpy (b.name, s->name, sizeof b.name);
    g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
  }
  /* A specification that does not cycle writes no such key. */
  ssdb_workload_spec_init_preset (&spec, SSDB_WORKLOAD_DATABASE);
  g_clear_pointer (&kf, g_free);
  kf = ssdb_workload_spec_to_keyfile (&spec);
  g_assert_null (strstr (kf, "Cycle"));

  g_clear_pointer (&specs, g_array_unref);
  specs = ssdb_workload_specs_parse ("{\"name\": \"J\", \"cycle_queue_depths\": [1, 32, 256]}", -1,
                                     &error);
  g_assert_no_error (error);
  s = &g_array_index (specs, SsdbWorkloadSpec, 0);
  g_assert_cmpuint (s->n_cycle_depths, ==, 3);
  g_assert_cmpuint (s->cycle_depths[2], ==, 256);

  /* the CLI's and the window's list: "" and "0" are no cycle */
  g_assert_true (ssdb_workload_cycle_parse (" 0 ", "--cycle-qd", depths, &n, &error));
  g_assert_cmpuint (n, ==, 0);
  g_assert_true (ssdb_workload_cycle_parse ("", "--cycle-qd", depths, &n, &error));
  g_assert_cmpuint (n, ==, 0);
  g_assert_true (ssdb_workload_cycle_parse ("1,4", "--cycle-qd", depths, &n, &error));
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (depths[1], ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (GError) e = NULL;
      g_autofree char *text = g_strdup_printf ("[A]\nCycleQueueDepths=%s\n", refused[i].text);
      g_autoptr (GArray) none = ssdb_workload_specs_parse (text, -1, &e);
      g_autofree char *want = g_strdup_printf ("Workload [A]: %s", refused[i].message);

      g_assert_null (none);
      g_assert_error (e, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
      g_assert_cmpstr (e->message, ==, want);
      /* and the list alone leaves what it was given unchanged */
      g_clear_error (&e);
      n = 2;
      g_assert_false (
          ssdb_workload_cycle_parse (refused[i].text, "CycleQueueDepths", depths, &n, &e));
      g_assert_cmpstr (e->message, ==, refused[i].message);
      g_assert_cmpuint (n, ==, 2);
      g_assert_cmpuint (depths[1], ==, 4);
    }

  /* JSON */
  {
    static const struct
    {
      const char *text;
      const char *message;
    } json[] = {
      { "{\"name\": \"J\", \"cycle_queue_depths\": [4, 2]}",
        "Workload “J”: cycle_queue_depths: the depths must rise (2 after 4)" },
      { "{\"name\": \"J\", \"cycle_queue_depths\": [0]}",
        "Workload “J”: cycle_queue_depths: 0 is out of range (1 to 256)" },
      { "{\"name\": \"J\", \"cycle_queue_depths\": \"1,2\"}",
        "Workload “J”: cycle_queue_depths: expected an array of at most 16 queue depths" },
      { "{\"name\": \"J\", \"cycle_queue_depths\": [1, 2.5]}",
        "Workload “J”: cycle_queue_depths: expected a whole number" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (json); i++)
      {
        g_autoptr (GError) e = NULL;
        g_autoptr (GArray) none = ssdb_workload_specs_parse (json[i].text, -1, &e);

        g_assert_null (none);
        g_assert_cmpstr (e->message, ==, json[i].message);
      }
  }

  /* validation of a specification made in code */
  ssdb_workload_spec_init_preset (&spec, SSDB_WORKLOAD_DATABASE);
  spec.n_cycle_depths = 2;
  spec.cycle_depths[0] = 8;
  spec.cycle_depths[1] = 8;
  g_assert_false (ssdb_workload_spec_validate (&spec, &error));
  g_assert_cmpstr (error->message, ==,
                   "Workload “Database”: cycle_queue_depths: the depths must rise (8 after 8)");
  g_clear_error (&error);
  spec.cycle_depths[1] = 300;
  g_assert_false (ssdb_workload_spec_validate (&spec, &error));
  g_assert_cmpstr (error->message, ==,
                   "Workload “Database”: cycle_queue_depths: depth 300 is out of range (1 to 256)");
  g_clear_error (&error);
  spec.n_cycle_depths = 17;
  g_assert_false (ssdb_workload_spec_validate (&spec, &error));
  g_assert_cmpstr (error->message, ==,
                   "Workload “Database”: cycle_queue_depths: 17 depths, at most 16");
}

/* ---- real targets ---- */

static gboolean
loop_new (SsdbTestLoop *l, const char *size)
{
  if (!ssdb_test_need_root ("loop devices"))
    return FALSE;
  ssdb_test_loop_new (l, "/dev/shm/ssdb-workload-XXXXXX", "workload.img", size, 0);
  return TRUE;
}

static void
on_progress (SsdbWorkloadResult *result, const char *phase, double fraction, gpointer user_data)
{
  guint *calls = user_data;

  (void)result;
  g_assert_true (g_str_equal (phase, "ramp") || g_str_equal (phase, "run")
                 || g_str_equal (phase, "done"));
  g_assert_cmpfloat (fraction, >=, 0);
  g_assert_cmpfloat (fraction, <=, 1);
  (*calls)++;
}

static void
test_presets_on_loop (void)
{
  SsdbTestLoop l;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;

  if (!loop_new (&l, "256M"))
    return;
  t = ssdb_target_open (l.dev, SSDB_TARGET_OPEN_WRITE, l.dev, 0, &error);
  g_assert_no_error (error);
  g_assert_true (ssdb_target_fill (t, 0, 256 * MiB, 9, NULL, NULL, NULL, &error));

  for (guint p = 0; p < SSDB_WORKLOAD_N_PRESETS; p++)
    {
      g_autoptr (SsdbWorkloadResult) r = NULL;
      SsdbWorkloadSpec spec;
      guint64 weight = 0, bytes = 0, ios = 0;
      double iops = 0;
      guint calls = 0;

      ssdb_workload_spec_init_preset (&spec, (SsdbWorkloadPreset)p);
      spec.workers = 2;
      spec.queue_depth = 8;
      spec.ramp_ns = 200 * MS;
      spec.duration_ns = 1500 * MS;
      r = ssdb_workload_result_new (&spec);
      g_assert_true (ssdb_workload_run (t, r, on_progress, &calls, NULL, &error));
      g_assert_no_error (error);
      g_assert_false (r->cancelled);
      g_assert_cmpuint (calls, >, 5);
      g_assert_cmpuint (r->spec.span_length, ==, 256 * MiB);
      g_assert_cmpuint (r->workers->len, ==, 2);
      g_test_message ("%s: %.0f IOPS, %.1f MB/s, mean %.1f µs, p99 %.1f µs, max %.1f µs", spec.name,
                      r->total.iops, r->total.bytes_per_second / 1e6, r->total.mean_ns / 1e3,
                      r->total.p99_ns / 1e3, r->total.max_ns / 1e3);
      g_assert_cmpuint (r->total.ios, >, 10000);
      g_assert_cmpuint (r->latency.count, ==, r->total.ios);
      g_assert_cmpuint (r->total.read_ios + r->total.write_ios, ==, r->total.ios);

      /* Sizes, reads and random offsets as specified, within 2 %. */
      for (guint k = 0; k < spec.n_size_mix; k++)
        weight += spec.size_mix[k].weight;
      for (guint k = 0; k < spec.n_size_mix; k++)
        {
          double share = (double)r->total.size_ios[k] / r->total.ios;

          g_assert_cmpfloat (fabs (share - (double)spec.size_mix[k].weight / weight), <, 0.02);
          bytes += r->total.size_ios[k] * spec.size_mix[k].size;
        }
      g_assert_cmpuint (bytes, ==, r->total.bytes);
      g_assert_cmpfloat (
          fabs ((double)r->total.read_ios / r->total.ios - spec.read_percent / 100.0), <, 0.02);
      g_assert_cmpfloat (
          fabs ((double)r->total.random_ios / r->total.ios - spec.random_percent / 100.0), <, 0.02);

      /* Per worker: each ran the measured time; the total adds them up. */
      for (guint w = 0; w < r->workers->len; w++)
        {
          const SsdbWorkloadStats *s = &g_array_index (r->workers, SsdbWorkloadStats, w);

          g_assert_cmpuint (s->ios, >, 0);
          g_assert_cmpuint (s->window_ns, >=, spec.duration_ns);
          g_assert_cmpuint (s->window_ns, <, spec.duration_ns + 500 * MS);
          g_assert_cmpuint (s->p99_ns, <=, s->max_ns);
          g_assert_cmpfloat (s->mean_inflight, <=, spec.queue_depth + 1e-9);
          g_assert_cmpfloat (s->mean_inflight, >, 0.5);
          iops += s->iops;
          ios += s->ios;
        }
      g_assert_cmpuint (ios, ==, r->total.ios);
      g_assert_cmpfloat (fabs (iops - r->total.iops), <, 1e-6 * iops);
      g_assert_cmpuint (r->total.p99_ns, <=, r->total.max_ns);

      /* The reads and the writes apart, for each worker and the total: they add up to the
       * whole; each direction's response times are those of its own requests (the whole's
       * mean is their mean weighted by their counts, its slowest the slower of the two); the
       * in-flight counts follow from Little's law and add up to the engine's own. */
      g_assert_true (r->split);
      for (guint w = 0; w <= r->workers->len; w++)
        {
          const SsdbWorkloadStats *s
              = w < r->workers->len ? &g_array_index (r->workers, SsdbWorkloadStats, w) : &r->total;
          SsdbWorkloadStats rd, wr;

          ssdb_workload_stats_direction (s, SSDB_RW_READ, &rd);
          ssdb_workload_stats_direction (s, SSDB_RW_WRITE, &wr);
          g_assert_cmpuint (rd.ios, ==, s->read_ios);
          g_assert_cmpuint (wr.ios, ==, s->write_ios);
          g_assert_cmpuint (rd.bytes + wr.bytes, ==, s->bytes);
          g_assert_cmpfloat (fabs (rd.iops + wr.iops - s->iops), <, 1e-6 * s->iops);
          g_assert_cmpfloat (fabs (rd.bytes_per_second + wr.bytes_per_second - s->bytes_per_second),
                             <, 1e-6 * s->bytes_per_second);
          g_assert_cmpfloat (fabs (rd.mean_ns * rd.ios + wr.mean_ns * wr.ios - s->mean_ns * s->ios),
                             <, 1e-6 * s->mean_ns * s->ios);
          g_assert_cmpuint (MAX (rd.max_ns, wr.max_ns), ==, s->max_ns);
          g_assert_cmpfloat (fabs (rd.mean_inflight + wr.mean_inflight - s->mean_inflight), <,
                             0.01 * s->mean_inflight);
          if (spec.read_percent == 100)
            g_assert_cmpuint (wr.ios, ==, 0);
          else
            g_assert_cmpuint (wr.p99_ns, <=, wr.max_ns);
        }

      /* The report keeps them and reloads to the same bytes. */
      {
        SsdbTargetInfo info = { 0 };
        g_autoptr (SsdbReport) report = NULL;
        g_autoptr (SsdbReport) loaded = NULL;
        g_autofree char *text = NULL, *again = NULL;

        info.kind = SSDB_TARGET_DEVICE;
        info.path = (char *)l.dev;
        info.size_bytes = 256 * MiB;
        info.logical_block_size = 512;
        info.physical_block_size = 512;
        report = ssdb_report_new (&info, NULL);
        ssdb_report_set_result (report, SSDB_TEST_KIND_WORKLOAD, r);
        text = ssdb_report_to_data (report, NULL);
        loaded = ssdb_report_load_from_data (text, strlen (text), "workload.json", &error);
        g_assert_no_error (error);
        g_assert_true (loaded->workload->split);
        g_assert_cmpfloat (loaded->workload->total.write.mean_ns, ==, r->total.write.mean_ns);
        again = ssdb_report_to_data (loaded, NULL);
        g_assert_cmpstr (again, ==, text);

        /* A total whose reads and writes still add up to its bytes, but whose reads are not
         * the workers' reads, is refused, naming the member. */
        {
          g_autoptr (JsonParser) parser = json_parser_new ();
          g_autoptr (JsonGenerator) gen = json_generator_new ();
          g_autofree char *bad = NULL;
          JsonObject *total;
          JsonObject *rd, *wr;

          g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
          total = json_object_get_object_member (
              json_array_get_object_element (
                  json_object_get_array_member (
                      json_node_get_object (json_parser_get_root (parser)), "tests"),
                  0),
              "total");
          rd = json_object_get_object_member (total, "read");
          wr = json_object_get_object_member (total, "write");
          json_object_set_int_member (rd, "bytes", json_object_get_int_member (rd, "bytes") + 4096);
          json_object_set_int_member (wr, "bytes", json_object_get_int_member (wr, "bytes") - 4096);
          json_generator_set_root (gen, json_parser_get_root (parser));
          bad = json_generator_to_data (gen, NULL);
          g_assert_null (ssdb_report_load_from_data (bad, strlen (bad), "workload.json", &error));
          g_assert_nonnull (error);
          g_assert_nonnull (strstr (error->message, "tests[0].total.read.bytes"));
          g_clear_error (&error);
        }
      }

      g_assert_nonnull (strstr (r->fio_command, "--bssplit="));
      g_assert_nonnull (strstr (r->fio_command, "--numjobs=2"));
      g_assert_nonnull (strstr (r->fio_command, "--ramp_time=200ms"));
      if (spec.read_percent == 100)
        g_assert_nonnull (strstr (r->fio_command, "--rw=randread"));
      else
        {
          g_autofree char *mix = g_strdup_printf ("--rw=randrw --rwmixread=%u", spec.read_percent);
          g_assert_nonnull (strstr (r->fio_command, mix));
        }
    }
  g_clear_object (&t);

  /* Writes on a target opened for reading are refused before any I/O. */
  {
    g_autoptr (SsdbWorkloadResult) r = NULL;
    SsdbWorkloadSpec spec;

    t = ssdb_target_open (l.dev, SSDB_TARGET_OPEN_READ, NULL, 0, &error);
    g_assert_no_error (error);
    ssdb_workload_spec_init_preset (&spec, SSDB_WORKLOAD_DATABASE);
    r = ssdb_workload_result_new (&spec);
    g_assert_false (ssdb_workload_run (t, r, NULL, NULL, NULL, &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE);
    g_assert_nonnull (strstr (error->message, "Workload “Database”"));
    g_clear_object (&t);
  }
  ssdb_test_loop_free (&l);
}

static gboolean
cancel_later (gpointer data)
{
  g_cancellable_cancel (G_CANCELLABLE (data));
  return G_SOURCE_REMOVE;
}

static gint64 cancelled_at_us;

static gpointer
cancel_thread (gpointer data)
{
  g_usleep (300 * 1000);
  cancelled_at_us = g_get_monotonic_time ();
  cancel_later (data);
  return NULL;
}

static void
test_cancel (void)
{
  SsdbTestLoop l;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) c = g_cancellable_new ();
  g_autoptr (SsdbWorkloadResult) r = NULL;
  SsdbWorkloadSpec spec;
  GThread *th;
  gint64 dt;

  if (!loop_new (&l, "64M"))
    return;
  t = ssdb_target_open (l.dev, SSDB_TARGET_OPEN_WRITE, l.dev, 0, &error);
  g_assert_no_error (error);
  /* Reads only: the engine builds no write-data pool, so nothing delays the start. */
  ssdb_workload_spec_init_preset (&spec, SSDB_WORKLOAD_WEB_SERVER);
  spec.workers = 3;
  spec.ramp_ns = 100 * MS;
  spec.duration_ns = 30 * NS_PER_S;
  r = ssdb_workload_result_new (&spec);
  th = g_thread_new ("cancel", cancel_thread, c);
  g_assert_false (ssdb_workload_run (t, r, NULL, NULL, c, &error));
  g_thread_join (th);
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  g_assert_true (r->cancelled);
  /* From the cancel to the return: within 250 ms (sanitizer builds only log it: they run the
   * whole program several times slower). */
  dt = g_get_monotonic_time () - cancelled_at_us;
  g_test_message ("returned %" G_GINT64_FORMAT " µs after the cancel", dt);
  {
    const char *sanitize = g_getenv ("SSDBENCH_SANITIZE");

    if (sanitize == NULL || *sanitize == '\0' || g_str_equal (sanitize, "none"))
      g_assert_cmpint (dt, <, 250 * 1000);
  }
  g_assert_cmpuint (r->workers->len, ==, 3);
  g_clear_object (&t);
  ssdb_test_loop_free (&l);
}

typedef struct
{
  GCancellable *cancel_at_half;
  double last;
  guint calls;
} CycleProgress;

/* Progress over the whole cycle never goes back; cancels past the half when asked to. */
static void
on_cycle_progress (SsdbWorkloadResult *result, const char *phase, double fraction,
                   gpointer user_data)
{
  CycleProgress *p = user_data;

  (void)result;
  (void)phase;
  g_assert_cmpfloat (fraction, >=, p->last);
  g_assert_cmpfloat (fraction, <=, 1);
  p->last = fraction;
  p->calls++;
  if (p->cancel_at_half && fraction >= 0.5)
    g_cancellable_cancel (p->cancel_at_half);
}

/* A cycle of depths 1, 4, 16 on a loop device in RAM: one result per depth, each holding the
 * depth in flight, the result's total that of the last; then a cancel during the second depth
 * keeps the first, marks the second cancelled and leaves the third pending. */
static void
test_cycle_on_loop (void)
{
  SsdbTestLoop l;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbWorkloadResult) r = NULL;
  g_autoptr (GCancellable) c = g_cancellable_new ();
  SsdbWorkloadSpec spec;
  CycleProgress progress = { 0 };
  const SsdbWorkloadCycleStep *st;

  if (!loop_new (&l, "64M"))
    return;
  t = ssdb_target_open (l.dev, SSDB_TARGET_OPEN_WRITE, l.dev, 0, &error);
  g_assert_no_error (error);
  ssdb_workload_spec_init_preset (&spec, SSDB_WORKLOAD_DATABASE);
  spec.ramp_ns = 100 * MS;
  spec.duration_ns = 400 * MS;
  spec.n_cycle_depths = 3;
  spec.cycle_depths[0] = 1;
  spec.cycle_depths[1] = 4;
  spec.cycle_depths[2] = 16;
  r = ssdb_workload_result_new (&spec);
  g_assert_cmpuint (r->cycle->len, ==, 3);
  g_assert_true (ssdb_workload_run (t, r, on_cycle_progress, &progress, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (progress.last, ==, 1.0);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *iodepth = g_strdup_printf ("--iodepth=%u ", spec.cycle_depths[i]);

      st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, i);
      g_test_message ("QD%u: %" G_GUINT64_FORMAT " I/Os, %.0f IOPS, %.2f in flight, mean %.0f ns",
                      st->queue_depth, st->total.ios, st->total.iops, st->total.mean_inflight,
                      st->total.mean_ns);
      g_assert_cmpuint (st->queue_depth, ==, spec.cycle_depths[i]);
      g_assert_cmpint (st->state, ==, SSDB_WORKLOAD_STEP_DONE);
      g_assert_cmpuint (st->total.ios, >, 0);
      g_assert_cmpuint (st->total.read_ios + st->total.write_ios, ==, st->total.ios);
      g_assert_cmpuint (st->total.read.bytes + st->total.write.bytes, ==, st->total.bytes);
      /* the engine keeps the depth in flight: within 15 % of it */
      g_assert_cmpfloat (fabs (st->total.mean_inflight - st->queue_depth), <,
                         0.15 * st->queue_depth);
      g_assert_nonnull (strstr (st->fio_command, iodepth));
    }
  g_assert_cmpuint (r->total.ios, ==, st->total.ios);
  g_assert_cmpuint (r->job.queue_depth, ==, 16);
  g_assert_true (ssdb_workload_result_last_step (r) == st);

  /* cancelled during the second depth */
  g_clear_pointer (&r, ssdb_workload_result_free);
  r = ssdb_workload_result_new (&spec);
  progress = (CycleProgress){ .cancel_at_half = c };
  g_assert_false (ssdb_workload_run (t, r, on_cycle_progress, &progress, c, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  g_assert_true (r->cancelled);
  g_assert_cmpint (g_array_index (r->cycle, SsdbWorkloadCycleStep, 0).state, ==,
                   SSDB_WORKLOAD_STEP_DONE);
  g_assert_cmpuint (g_array_index (r->cycle, SsdbWorkloadCycleStep, 0).total.ios, >, 0);
  st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, 1);
  g_assert_cmpint (st->state, ==, SSDB_WORKLOAD_STEP_CANCELLED);
  g_assert_true (ssdb_workload_result_last_step (r) == st);
  g_assert_cmpuint (r->total.ios, ==, st->total.ios);
  st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, 2);
  g_assert_cmpint (st->state, ==, SSDB_WORKLOAD_STEP_PENDING);
  g_assert_cmpuint (st->total.ios, ==, 0);
  g_assert_null (st->fio_command);

  /* stopped before the first depth: every depth pending, nothing measured */
  g_clear_pointer (&r, ssdb_workload_result_free);
  g_clear_error (&error);
  r = ssdb_workload_result_new (&spec);
  g_assert_false (ssdb_workload_run (t, r, NULL, NULL, c, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
  g_assert_nonnull (strstr (error->message, "was cancelled before queue depth 1"));
  g_assert_true (r->cancelled);
  g_assert_null (ssdb_workload_result_last_step (r));
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (g_array_index (r->cycle, SsdbWorkloadCycleStep, i).state, ==,
                     SSDB_WORKLOAD_STEP_PENDING);
  g_assert_cmpuint (r->total.ios, ==, 0);
  g_clear_object (&t);
  ssdb_test_loop_free (&l);
}

/* One live result of the measured run, as the progress function saw it. */
typedef struct
{
  gint64 at_us;
  guint64 read_ios, write_ios, ios;
  double read_mean_ns, write_mean_ns;
  guint64 read_max_ns, write_max_ns;
} LiveSeen;

static void
on_live_progress (SsdbWorkloadResult *result, const char *phase, double fraction,
                  gpointer user_data)
{
  GArray *seen = user_data;
  const SsdbWorkloadStats *t = &result->total;
  LiveSeen l = { 0 };
  guint64 read_ios = 0, write_ios = 0;

  (void)fraction;
  if (!g_str_equal (phase, "run"))
    return;
  g_assert_true (result->live);
  g_assert_true (result->split);
  if (t->ios == 0)
    return;
  /* Each worker's reads and writes, sampled just before its requests, never exceed them; the
   * total adds the workers up, its response times are the merged histograms'. */
  for (guint w = 0; w < result->workers->len; w++)
    {
      const SsdbWorkloadStats *s = &g_array_index (result->workers, SsdbWorkloadStats, w);

      g_assert_cmpuint (s->read_ios + s->write_ios, <=, s->ios);
      g_assert_cmpuint (s->read.p99_ns, <=, s->read.max_ns);
      read_ios += s->read_ios;
      write_ios += s->write_ios;
    }
  g_assert_cmpuint (read_ios, ==, t->read_ios);
  g_assert_cmpuint (write_ios, ==, t->write_ios);
  if (t->read_ios > 0 && t->write_ios > 0)
    {
      g_assert_cmpfloat (t->read.mean_ns, >, 0);
      g_assert_cmpuint (t->write.p99_ns, <=, t->write.max_ns);
      g_assert_cmpuint (t->max_ns, ==, MAX (t->read.max_ns, t->write.max_ns));
    }
  l.at_us = g_get_monotonic_time ();
  l.ios = t->ios;
  l.read_ios = t->read_ios;
  l.write_ios = t->write_ios;
  l.read_mean_ns = t->read.mean_ns;
  l.write_mean_ns = t->write.mean_ns;
  l.read_max_ns = t->read.max_ns;
  l.write_max_ns = t->write.max_ns;
  g_array_append_val (seen, l);
}

/* The live results of a 67 % read run on zram (IOMeter's results display): the reads and the
 * writes each only grow, in the specified share, published at least every second with their
 * response times; the last lags the final result by at most a sample, and its means are the
 * final ones' within a factor of 3. */
static void
test_live_on_zram (void)
{
  g_autofree char *dev = NULL;
  g_autoptr (SsdbTarget) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbWorkloadResult) r = NULL;
  g_autoptr (GArray) seen = g_array_new (FALSE, TRUE, sizeof (LiveSeen));
  const SsdbWorkloadStats *f;
  const LiveSeen *last;
  SsdbWorkloadSpec spec;
  gint64 gap_us = 0;
  guint changes = 0;

  if (!ssdb_test_need_root ("zram devices"))
    return;
  dev = ssdb_test_zram_new (256 * MiB);
  if (dev == NULL)
    {
      g_test_skip ("no zram");
      return;
    }
  t = ssdb_target_open (dev, SSDB_TARGET_OPEN_WRITE, dev, 0, &error);
  g_assert_no_error (error);
  g_assert_true (ssdb_target_fill (t, 0, 256 * MiB, 9, NULL, NULL, NULL, &error));

  ssdb_workload_spec_init_preset (&spec, SSDB_WORKLOAD_DATABASE);
  g_assert_cmpuint (spec.read_percent, ==, 67);
  spec.workers = 2;
  spec.queue_depth = 8;
  spec.ramp_ns = 300 * MS;
  spec.duration_ns = 4 * NS_PER_S;
  r = ssdb_workload_result_new (&spec);
  g_assert_true (ssdb_workload_run (t, r, on_live_progress, seen, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (r->live);
  f = &r->total;

  g_assert_cmpuint (seen->len, >=, 5);
  for (guint i = 1; i < seen->len; i++)
    {
      const LiveSeen *a = &g_array_index (seen, LiveSeen, i - 1);
      const LiveSeen *b = &g_array_index (seen, LiveSeen, i);

      g_assert_cmpuint (b->read_ios, >=, a->read_ios);
      g_assert_cmpuint (b->write_ios, >=, a->write_ios);
      if (b->read_ios != a->read_ios)
        changes++;
    }
  /* New numbers at least every second (samples come every half second; 1.5 s under load). */
  {
    gint64 since = g_array_index (seen, LiveSeen, 0).at_us;

    for (guint i = 1; i < seen->len; i++)
      {
        const LiveSeen *b = &g_array_index (seen, LiveSeen, i);

        if (b->read_ios != b[-1].read_ios)
          {
            gap_us = MAX (gap_us, b->at_us - since);
            since = b->at_us;
          }
      }
  }
  last = &g_array_index (seen, LiveSeen, seen->len - 1);
  g_test_message ("%u live results, %u new, longest wait %.2f s; last %" G_GUINT64_FORMAT
                  " reads / %" G_GUINT64_FORMAT " writes of %" G_GUINT64_FORMAT
                  " / %" G_GUINT64_FORMAT "; mean live %.1f / %.1f µs, final %.1f / %.1f µs",
                  seen->len, changes, gap_us / 1e6, last->read_ios, last->write_ios, f->read_ios,
                  f->write_ios, last->read_mean_ns / 1e3, last->write_mean_ns / 1e3,
                  f->read.mean_ns / 1e3, f->write.mean_ns / 1e3);
  g_assert_cmpuint (changes, >=, 5);
  g_assert_cmpint (gap_us, <, 1500 * 1000);
  g_assert_cmpuint (last->read_ios, >, g_array_index (seen, LiveSeen, 0).read_ios);
  g_assert_cmpuint (last->write_ios, >, g_array_index (seen, LiveSeen, 0).write_ios);

  /* The mix as specified, within 3 points, live as at the end. */
  g_assert_cmpfloat (fabs ((double)last->read_ios / (last->read_ios + last->write_ios) - 0.67), <,
                     0.03);
  g_assert_cmpfloat (fabs ((double)f->read_ios / f->ios - 0.67), <, 0.03);
  /* The last live result: no more than the final one, and at least 80 % of it. */
  g_assert_cmpuint (last->read_ios, <=, f->read_ios);
  g_assert_cmpuint (last->write_ios, <=, f->write_ios);
  g_assert_cmpuint (last->read_ios * 10, >=, f->read_ios * 8);
  g_assert_cmpuint (last->write_ios * 10, >=, f->write_ios * 8);
  g_assert_cmpuint (last->read_max_ns, <=, f->read.max_ns);
  g_assert_cmpuint (last->write_max_ns, <=, f->write.max_ns);
  /* Response times: the live means the final ones' within a factor of 3. */
  g_assert_cmpfloat (last->read_mean_ns, >, f->read.mean_ns / 3);
  g_assert_cmpfloat (last->read_mean_ns, <, f->read.mean_ns * 3);
  g_assert_cmpfloat (last->write_mean_ns, >, f->write.mean_ns / 3);
  g_assert_cmpfloat (last->write_mean_ns, <, f->write.mean_ns * 3);

  g_clear_object (&t);
  ssdb_test_zram_free (g_steal_pointer (&dev));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/workload/presets", test_presets);
  g_test_add_func ("/workload/parse-keyfile", test_parse_keyfile);
  g_test_add_func ("/workload/parse-json", test_parse_json);
  g_test_add_func ("/workload/parse-lines", test_parse_lines);
  g_test_add_func ("/workload/parse-errors", test_parse_errors);
  g_test_add_func ("/workload/cycle-parse", test_cycle_parse);
  g_test_add_func ("/workload/presets-on-loop", test_presets_on_loop);
  g_test_add_func ("/workload/cancel", test_cancel);
  g_test_add_func ("/workload/cycle-on-loop", test_cycle_on_loop);
  g_test_add_func ("/workload/live-on-zram", test_live_on_zram);
  return g_test_run ();
}
