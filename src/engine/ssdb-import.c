/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-import.h"

#include "ssdb-error.h"
#include "ssdb-units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* How far into a file its signature is looked for, bytes. */
#define SNIFF_BYTES 4096

/* Longest test name of an imported entry (the report's limit). */
#define MAX_NAME 64

/* -------------------------------------------------------------------------------------------- */
/* Common                                                                                        */

static gboolean G_GNUC_PRINTF (3, 4)
    import_fail (GError **error, const char *file, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* ":12: …" names a line: "cdm.txt:12: …"; anything else follows "cdm.txt: ". */
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s%s%s", file, message[0] == ':' ? "" : ": ",
               message);
  return FALSE;
}

/* "SEQ1M Q8T1", "RND4K Q32T16", "RND512 Q1T1": the field's name of a test. */
static char *
test_name (SsdbAccess access, guint block_size, guint queue_depth, guint threads)
{
  g_autofree char *size = NULL;

  if (block_size % (1024 * 1024) == 0)
    size = g_strdup_printf ("%uM", block_size / (1024 * 1024));
  else if (block_size % 1024 == 0)
    size = g_strdup_printf ("%uK", block_size / 1024);
  else
    size = g_strdup_printf ("%u", block_size);
  return g_strdup_printf ("%s%s Q%uT%u", access == SSDB_ACCESS_RANDOM ? "RND" : "SEQ", size,
                          queue_depth, threads);
}

/* A new entry of @summary, measured once: its one pass is its aggregate (set by the caller,
 * then copied by finish_entry()). Test names are unique per direction: a second test of the
 * same shape gets @label (the fio job's name) or a number after its name. */
static SsdbSummaryEntry *
add_entry (SsdbSummaryResult *summary, SsdbAccess access, SsdbRw rw, guint block_size,
           guint queue_depth, guint threads, guint read_percent, const char *label)
{
  g_autofree char *name = test_name (access, block_size, queue_depth, threads);
  SsdbSummaryEntry *e = g_new0 (SsdbSummaryEntry, 1);

  for (guint n = 1; ssdb_summary_result_find (summary, name, rw) != NULL; n++)
    {
      g_autofree char *base = test_name (access, block_size, queue_depth, threads);

      g_free (name);
      if (n == 1 && label != NULL && strlen (base) + strlen (label) + 3 <= MAX_NAME)
        name = g_strdup_printf ("%s (%s)", base, label);
      else
        name = g_strdup_printf ("%s #%u", base, n + 1);
    }
  e->test.name = g_intern_string (name);
  e->test.access = access;
  e->test.block_size = block_size;
  e->test.queue_depth = queue_depth;
  e->test.threads = threads;
  e->rw = rw;
  e->job.rw = rw;
  e->job.access = access;
  e->job.block_size = block_size;
  e->job.queue_depth = queue_depth;
  e->job.threads = threads;
  e->job.read_percent = read_percent;
  e->passes = g_array_new (FALSE, TRUE, sizeof (SsdbIoResult));
  e->state = SSDB_ENTRY_DONE;
  e->imported = TRUE;
  ssdb_histogram_reset (&e->aggregate.latency);
  ssdb_histogram_reset (&e->aggregate.read_latency);
  ssdb_histogram_reset (&e->aggregate.write_latency);
  g_ptr_array_add (summary->entries, e);
  if (rw == SSDB_RW_READ)
    summary->spec.do_read = TRUE;
  else if (rw == SSDB_RW_WRITE)
    summary->spec.do_write = TRUE;
  else
    summary->spec.do_mix = TRUE;
  return e;
}

/* The entry's one pass: what the file states. */
static void
finish_entry (SsdbSummaryEntry *e)
{
  g_array_set_size (e->passes, 0);
  g_array_append_val (e->passes, e->aggregate);
}

static SsdbSummaryResult *
new_summary (void)
{
  SsdbSummarySpec spec;
  SsdbSummaryResult *summary;

  ssdb_summary_spec_init (&spec);
  spec.do_read = spec.do_write = spec.do_mix = FALSE;
  spec.count = 1;
  spec.size = 0;
  spec.duration_ns = 0;
  spec.warmup = FALSE;
  summary = ssdb_summary_result_new (&spec, NULL);
  summary->imported = g_new0 (SsdbSummaryImport, 1);
  return summary;
}

/* The report of an imported summary: written out and read back, so an import obeys every rule
 * of a report file and saves to the same bytes it was read as. */
static SsdbReport *
make_report (SsdbSummaryResult *summary, const char *target_path, const char *model,
             gint64 when_unix, const char *host, const char *display_name, GError **error)
{
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (GDateTime) when = NULL;
  g_autofree char *data = NULL;
  SsdbTargetInfo target = { 0 };
  gsize length = 0;

  if (summary->entries->len == 0)
    {
      import_fail (error, display_name, "holds no result of a read, write or mixed test");
      return NULL;
    }
  target.kind = SSDB_TARGET_DEVICE;
  /* "": the file names no target (SSD Bench's words say so), not the file's own name. */
  target.path = (char *)(target_path != NULL ? target_path : "");
  target.model = (char *)model;
  report = ssdb_report_new (&target, summary);
  /* When the file says the run was made, as its machine's clock said it; unknown (0) when it
   * does not say, never the time of the import. */
  when = when_unix > 0 ? g_date_time_new_from_unix_utc (when_unix) : NULL;
  report->created_unix = when != NULL ? when_unix : 0;
  g_free (report->created);
  report->created = when != NULL ? g_date_time_format (when, "%Y-%m-%dT%H:%M:%SZ")
                                 : g_strdup ("1970-01-01T00:00:00Z");
  summary->started_unix = report->created_unix;
  g_free (report->host);
  report->host = g_strdup (host != NULL ? host : "");
  g_free (report->kernel_release);
  report->kernel_release = g_strdup ("");
  g_free (report->kernel_machine);
  report->kernel_machine = g_strdup ("");
  data = ssdb_report_to_data (report, &length);
  return ssdb_report_load_from_data (data, length, display_name, error);
}

/* -------------------------------------------------------------------------------------------- */
/* fio JSON                                                                                      */

typedef struct
{
  const char *file;
  JsonObject *global;
  char *where; /* "jobs[1] (“seqread”)" */
  /* The entry made last: its job's name, how many jobs it adds up, their latency samples. */
  SsdbSummaryEntry *last;
  const char *last_name;
  const char *last_host;
  gint64 last_group;
  guint last_jobs;
  double last_lat_n;
} FioContext;

/* Member @key of @object when it is an object, else %NULL (json-glib's getters warn on a
 * member of another type, which a hostile file must not cause). */
static JsonObject *
object_member (JsonObject *object, const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* A string member of @object, or @fallback when it is missing or not a string. */
static const char *
string_member (JsonObject *object, const char *key, const char *fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return fallback;
  return json_node_get_string (node);
}

/* A number member of @object, or @fallback when it is missing or not a number. */
static double
number_member (JsonObject *object, const char *key, double fallback)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || (json_node_get_value_type (node) != G_TYPE_INT64
          && json_node_get_value_type (node) != G_TYPE_DOUBLE))
    return fallback;
  return json_node_get_double (node);
}

/* The value of option @key (or its other name @alias) of a job, or else of the global options;
 * %NULL when unset. A job's own setting wins over a global one under either name. */
static const char *
fio_option2 (FioContext *c, JsonObject *job, const char *key, const char *alias)
{
  JsonObject *scopes[] = { object_member (job, "job options"), c->global };

  for (guint i = 0; i < G_N_ELEMENTS (scopes); i++)
    {
      const char *v = string_member (scopes[i], key, NULL);

      if (v == NULL && alias != NULL)
        v = string_member (scopes[i], alias, NULL);
      if (v != NULL)
        return v;
    }
  return NULL;
}

static const char *
fio_option (FioContext *c, JsonObject *job, const char *key)
{
  return fio_option2 (c, job, key, NULL);
}

/* A size as fio reads it ("4k", "1M", "4KiB", "128kb", "4096"): with the default kb_base=1024,
 * "k"/"KB" are 1024 and "KiB" 1000 (fio's compatibility rule); with kb_base=1000 the other
 * way round. Returns %FALSE for anything else. */
static gboolean
fio_size (const char *text, guint kb_base, guint64 *out)
{
  static const char units[] = "kmgtp";
  const char *p = text, *u;
  guint64 n = 0, mult = 1;
  gboolean iec;

  while (g_ascii_isspace (*p))
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    {
      if (n > G_MAXUINT64 / 10)
        return FALSE;
      n = n * 10 + (guint64)(*p - '0');
    }
  if (*p != '\0' && (u = strchr (units, g_ascii_tolower (*p))) != NULL)
    {
      guint power = (guint)(u - units) + 1;

      p++;
      iec = g_ascii_tolower (*p) == 'i';
      if (iec)
        p++;
      if (g_ascii_tolower (*p) == 'b')
        p++;
      /* kb_base=1024 (fio's default): SI letters mean powers of 1024, IEC ones of 1000. */
      for (guint k = 0; k < power; k++)
        mult *= (iec == (kb_base == 1000)) ? 1024 : 1000;
    }
  else if (g_ascii_tolower (*p) == 'b')
    p++;
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '\0' || (n > 0 && mult > G_MAXUINT64 / n))
    return FALSE;
  *out = n * mult;
  return TRUE;
}

static gboolean
fio_uint_option (FioContext *c, JsonObject *job, const char *key, guint min, guint max,
                 guint fallback, guint *out, GError **error)
{
  const char *text = fio_option (c, job, key);
  guint64 v;
  char *end;

  if (text == NULL)
    {
      *out = fallback;
      return TRUE;
    }
  v = g_ascii_strtoull (text, &end, 10);
  if (end == text || *end != '\0' || v < min || v > max)
    return import_fail (error, c->file, "%s: %s=%s is not a whole number from %u to %u", c->where,
                        key, text, min, max);
  *out = (guint)v;
  return TRUE;
}

/* A number member of @object; %FALSE with @error naming it when missing or not a number. */
static gboolean
fio_number (FioContext *c, JsonObject *object, const char *path, const char *key, double *out,
            GError **error)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || (json_node_get_value_type (node) != G_TYPE_INT64
          && json_node_get_value_type (node) != G_TYPE_DOUBLE))
    return import_fail (error, c->file, "%s: %s.%s: expected a number", c->where, path, key);
  *out = json_node_get_double (node);
  if (!isfinite (*out) || *out < 0)
    return import_fail (error, c->file, "%s: %s.%s: expected a number of 0 or more", c->where, path,
                        key);
  return TRUE;
}

/* The 99th percentile in @stats ("lat_ns" or "clat_ns"), 0 when fio printed none. */
static double
fio_p99 (JsonObject *dir, const char *stats)
{
  JsonObject *pct = object_member (object_member (dir, stats), "percentile");
  double v = number_member (pct, "99.000000", 0);

  return isfinite (v) && v > 0 ? v : 0;
}

/* @v (a count fio wrote as a number) as an integer, clamped to what a report holds. */
static guint64
count_from (double v)
{
  return v > 0 ? (guint64)MIN (v, (double)G_MAXINT64 / 2) : 0;
}

/* What one direction of a job adds to an entry. */
typedef struct
{
  double ios, bytes, bytes_per_second, iops, runtime_ms;
  double lat_sum_ns, lat_n, lat_max_ns, p99_ns;
} FioDirection;

static gboolean
fio_direction (FioContext *c, JsonObject *job, const char *key, FioDirection *d, GError **error)
{
  JsonObject *dir, *lat;

  memset (d, 0, sizeof *d);
  if ((dir = object_member (job, key)) == NULL)
    return import_fail (error, c->file, "%s: no “%s” object", c->where, key);
  if (!fio_number (c, dir, key, "total_ios", &d->ios, error)
      || !fio_number (c, dir, key, "io_bytes", &d->bytes, error)
      || !fio_number (c, dir, key, "bw_bytes", &d->bytes_per_second, error)
      || !fio_number (c, dir, key, "iops", &d->iops, error)
      || !fio_number (c, dir, key, "runtime", &d->runtime_ms, error))
    return FALSE;
  if ((lat = object_member (dir, "lat_ns")) == NULL)
    return import_fail (error, c->file, "%s: %s: no “lat_ns” object (fio before 3.0 is not read)",
                        c->where, key);
  if (!fio_number (c, lat, "lat_ns", "N", &d->lat_n, error)
      || !fio_number (c, lat, "lat_ns", "max", &d->lat_max_ns, error))
    return FALSE;
  {
    double mean;

    if (!fio_number (c, lat, "lat_ns", "mean", &mean, error))
      return FALSE;
    d->lat_sum_ns = mean * d->lat_n;
  }
  d->p99_ns = fio_p99 (dir, "lat_ns");
  if (d->p99_ns <= 0)
    d->p99_ns = fio_p99 (dir, "clat_ns");
  return TRUE;
}

/* "fio --name=seqread --rw=read --bs=1M …": the job's options as a command line. */
static char *
fio_command (JsonObject *global, JsonObject *options)
{
  GString *s = g_string_new ("fio");
  JsonObject *parts[] = { global, options };

  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    {
      g_autoptr (GList) members = parts[p] != NULL ? json_object_get_members (parts[p]) : NULL;

      for (GList *m = members; m != NULL; m = m->next)
        {
          JsonNode *node = json_object_get_member (parts[p], m->data);
          g_autofree char *arg = NULL, *quoted = NULL;

          if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
            continue;
          arg = g_strdup_printf ("--%s=%s", (const char *)m->data, json_node_get_string (node));
          quoted
              = strpbrk (arg, " \t'\"\\$`;&|<>()*?") != NULL ? g_shell_quote (arg) : g_strdup (arg);
          g_string_append_printf (s, " %s", quoted);
        }
    }
  return g_string_free (s, FALSE);
}

/* The entry of one fio job (or of several jobs of one name, added up). */
static gboolean
fio_job (FioContext *c, SsdbSummaryResult *summary, JsonObject *job, GError **error)
{
  static const struct
  {
    const char *name;
    SsdbAccess access;
    SsdbRw rw;
  } modes[] = {
    { "read", SSDB_ACCESS_SEQUENTIAL, SSDB_RW_READ },
    { "randread", SSDB_ACCESS_RANDOM, SSDB_RW_READ },
    { "write", SSDB_ACCESS_SEQUENTIAL, SSDB_RW_WRITE },
    { "randwrite", SSDB_ACCESS_RANDOM, SSDB_RW_WRITE },
    { "rw", SSDB_ACCESS_SEQUENTIAL, SSDB_RW_MIX },
    { "readwrite", SSDB_ACCESS_SEQUENTIAL, SSDB_RW_MIX },
    { "randrw", SSDB_ACCESS_RANDOM, SSDB_RW_MIX },
  };
  const char *jobname = string_member (job, "jobname", "");
  const char *host = string_member (job, "hostname", NULL);
  FioDirection other = { 0 };
  const char *rw_text = fio_option2 (c, job, "rw", "readwrite");
  const char *engine = fio_option (c, job, "ioengine");
  g_autofree char *mode = NULL;
  guint m, queue_depth, threads, read_percent, block_size, kb_base;
  guint64 sizes[2] = { 4096, 4096 }; /* reads, writes: fio's default 4 KiB */
  FioDirection rd = { 0 }, wr = { 0 };
  SsdbSummaryEntry *e;
  gint64 fio_error, groupid = (gint64)CLAMP (number_member (job, "groupid", 0), 0, G_MAXINT32);
  gboolean grouped = fio_option (c, job, "group_reporting") != NULL;

  mode = g_strdup (rw_text != NULL ? rw_text : "read"); /* fio's default */
  if (strchr (mode, ':') != NULL)
    *strchr (mode, ':') = '\0'; /* "randread:8": an offset modifier */
  for (m = 0; m < G_N_ELEMENTS (modes) && !g_str_equal (modes[m].name, mode); m++)
    ;
  if (m == G_N_ELEMENTS (modes))
    return import_fail (error, c->file, "%s: rw=%s is not a read, write or mixed job", c->where,
                        mode);
  if (fio_option (c, job, "bssplit") != NULL || fio_option2 (c, job, "bsrange", "blocksize_range"))
    return import_fail (error, c->file,
                        "%s: a job of several transfer sizes (bssplit, bsrange) has no one size "
                        "to compare",
                        c->where);
  if (!fio_uint_option (c, job, "kb_base", 1000, 1024, 1024, &kb_base, error))
    return FALSE;
  {
    const char *text = fio_option2 (c, job, "bs", "blocksize");
    g_auto (GStrv) fields = text != NULL ? g_strsplit (text, ",", 3) : NULL;

    /* "4k": both; "4k,64k": reads, then writes; an empty field keeps fio's 4 KiB. */
    for (guint d = 0; fields != NULL && d < 2; d++)
      {
        const char *f = fields[0] == NULL ? NULL : fields[1] == NULL ? fields[0] : fields[d];

        if (f != NULL && f[0] != '\0' && !fio_size (f, kb_base, &sizes[d]))
          return import_fail (error, c->file, "%s: bs=%s is not a transfer size", c->where, text);
      }
  }
  if (modes[m].rw == SSDB_RW_MIX && sizes[0] != sizes[1])
    return import_fail (error, c->file,
                        "%s: a mixed job of %" G_GUINT64_FORMAT "-byte reads and %" G_GUINT64_FORMAT
                        "-byte writes has no one transfer size to compare",
                        c->where, sizes[0], sizes[1]);
  {
    guint64 bs = sizes[modes[m].rw == SSDB_RW_WRITE ? 1 : 0];

    if (bs < 512 || bs % 512 != 0 || bs > SSDB_MAX_BLOCK_SIZE)
      return import_fail (error, c->file,
                          "%s: a transfer size of %" G_GUINT64_FORMAT
                          " bytes is not a multiple of 512 from 512 bytes to %u MiB",
                          c->where, bs, SSDB_MAX_BLOCK_SIZE / (1024 * 1024));
    block_size = (guint)bs;
  }
  if (!fio_uint_option (c, job, "iodepth", 1, SSDB_MAX_QUEUE_DEPTH, 1, &queue_depth, error)
      || !fio_uint_option (c, job, "numjobs", 1, SSDB_MAX_THREADS, 1, &threads, error))
    return FALSE;
  /* A synchronous engine (fio's default psync among them) keeps one request in flight,
   * whatever iodepth says. */
  {
    static const char *const sync_engines[]
        = { "sync", "psync", "vsync", "pvsync", "pvsync2", "mmap", "filecreate", NULL };

    if (g_strv_contains (sync_engines, engine != NULL ? engine : "psync"))
      queue_depth = 1;
  }
  if (modes[m].rw == SSDB_RW_MIX)
    {
      const char *own_read = string_member (object_member (job, "job options"), "rwmixread", NULL);
      const char *own_write
          = string_member (object_member (job, "job options"), "rwmixwrite", NULL);
      gboolean from_write = own_write != NULL
                            || (own_read == NULL && fio_option (c, job, "rwmixread") == NULL
                                && fio_option (c, job, "rwmixwrite") != NULL);

      if (from_write && own_read == NULL)
        {
          guint w;

          if (!fio_uint_option (c, job, "rwmixwrite", 0, 100, 50, &w, error))
            return FALSE;
          read_percent = 100 - w;
        }
      else if (!fio_uint_option (c, job, "rwmixread", 0, 100, 50, &read_percent, error))
        return FALSE;
    }
  else
    read_percent = modes[m].rw == SSDB_RW_READ ? 100 : 0;

  if ((modes[m].rw != SSDB_RW_WRITE && !fio_direction (c, job, "read", &rd, error))
      || (modes[m].rw != SSDB_RW_READ && !fio_direction (c, job, "write", &wr, error)))
    return FALSE;
  /* A read job that wrote, or a write job that read: a group reported as one over jobs of
   * another kind, whose figures belong to no one test. */
  if (modes[m].rw != SSDB_RW_MIX
      && fio_direction (c, job, modes[m].rw == SSDB_RW_READ ? "write" : "read", &other, NULL)
      && other.bytes > 0)
    return import_fail (error, c->file,
                        "%s: a %s job that also %s %" G_GUINT64_FORMAT
                        " bytes (group_reporting over jobs of another kind?)",
                        c->where, mode, modes[m].rw == SSDB_RW_READ ? "wrote" : "read",
                        count_from (other.bytes));
  if (MAX (rd.runtime_ms, wr.runtime_ms) > 86400e3)
    return import_fail (error, c->file,
                        "%s: a run of %.0f s is longer than the day a report's test may last",
                        c->where, MAX (rd.runtime_ms, wr.runtime_ms) / 1e3);

  /* Without group_reporting, fio reports each of numjobs threads on its own, under one name. */
  e = c->last;
  if (e != NULL && threads > 1 && !grouped && g_strcmp0 (c->last_name, jobname) == 0
      && g_strcmp0 (c->last_host, host) == 0 && c->last_group == groupid && e->rw == modes[m].rw
      && e->test.block_size == block_size && e->test.queue_depth == queue_depth
      && e->test.threads == threads && c->last_jobs < threads)
    {
      c->last_jobs++;
      e->quoted.p99_ns = 0; /* percentiles of several jobs do not add up */
    }
  else
    {
      JsonObject *options = object_member (job, "job options");
      const char *size_text = fio_option (c, job, "size");
      guint64 size;

      e = add_entry (summary, modes[m].access, modes[m].rw, block_size, queue_depth, threads,
                     read_percent, host != NULL ? host : jobname);
      e->quoted.p99_ns = modes[m].rw == SSDB_RW_READ    ? rd.p99_ns
                         : modes[m].rw == SSDB_RW_WRITE ? wr.p99_ns
                                                        : 0;
      e->fio_command = fio_command (c->global, options);
      if (size_text != NULL && fio_size (size_text, kb_base, &size) && size <= G_MAXINT64)
        e->job.length = size;
      c->last = e;
      c->last_name = jobname;
      c->last_host = host;
      c->last_group = groupid;
      c->last_jobs = 1;
      c->last_lat_n = 0;
    }
  {
    SsdbIoResult *r = &e->aggregate;
    double lat_n = rd.lat_n + wr.lat_n;

    r->read_ios += count_from (rd.ios);
    r->read_bytes += count_from (rd.bytes);
    r->write_ios += count_from (wr.ios);
    r->write_bytes += count_from (wr.bytes);
    r->ios = r->read_ios + r->write_ios;
    r->bytes = r->read_bytes + r->write_bytes;
    r->bytes_per_second += rd.bytes_per_second + wr.bytes_per_second;
    r->iops += rd.iops + wr.iops;
    r->window_ns = MAX (r->window_ns, count_from (MAX (rd.runtime_ms, wr.runtime_ms) * 1e6));
    e->job.duration_ns = r->window_ns;
    if (lat_n > 0)
      e->quoted.mean_ns = (e->quoted.mean_ns * c->last_lat_n + rd.lat_sum_ns + wr.lat_sum_ns)
                          / (c->last_lat_n + lat_n);
    c->last_lat_n += lat_n;
    e->quoted.max_ns = MAX (e->quoted.max_ns, MAX (rd.lat_max_ns, wr.lat_max_ns));
  }
  fio_error = (gint64)CLAMP (number_member (job, "error", 0), 0, G_MAXINT32);
  if (fio_error != 0 && e->state != SSDB_ENTRY_FAILED)
    {
      e->state = SSDB_ENTRY_FAILED;
      e->aggregate.cancelled = TRUE;
      e->message = g_strdup_printf ("fio reported error %" G_GINT64_FORMAT " (%s) for this job",
                                    fio_error, g_strerror ((int)fio_error));
    }
  return TRUE;
}

static SsdbReport *
import_fio (const char *data, gsize length, const char *file, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (SsdbSummaryResult) summary = NULL;
  g_autoptr (GError) local = NULL;
  g_autoptr (GString) hosts = g_string_new (NULL);
  g_autoptr (GPtrArray) host_list = g_ptr_array_new ();
  FioContext c = { file, NULL, NULL };
  JsonObject *root;
  JsonArray *jobs;
  const char *start = data, *version, *list = "jobs", *target = NULL;
  gint64 when;

  /* fio prints its notes ("note: both iodepth >= 1 and synchronous I/O engine…") before the
   * object when they share one stream. */
  while (start < data + length && *start != '{')
    {
      const char *nl = memchr (start, '\n', data + length - start);

      if (nl == NULL)
        break;
      start = nl + 1;
    }
  if (!json_parser_load_from_data (parser, start, data + length - start, &local))
    {
      /* json-glib writes "<data>:LINE:COLUMN: message", lines counted from the object. */
      g_autoptr (GRegex) where
          = g_regex_new ("^<data>:([0-9]+):([0-9]+): *(.*)$", G_REGEX_DOTALL, 0, NULL);
      g_autoptr (GMatchInfo) m = NULL;
      int skipped = 0;

      for (const char *p = data; p < start; p++)
        skipped += *p == '\n';
      if (g_regex_match (where, local->message, 0, &m))
        {
          g_autofree char *line = g_match_info_fetch (m, 1), *column = g_match_info_fetch (m, 2),
                          *what = g_match_info_fetch (m, 3);

          import_fail (error, file, ":%" G_GINT64_FORMAT ":%s: malformed fio JSON: %s",
                       g_ascii_strtoll (line, NULL, 10) + skipped, column, what);
        }
      else
        import_fail (error, file, "malformed fio JSON: %s", local->message);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      import_fail (error, file, "not fio's JSON output: the document is not an object");
      return NULL;
    }
  root = json_node_get_object (json_parser_get_root (parser));
  version = string_member (root, "fio version", NULL);
  if (version == NULL)
    {
      import_fail (error, file, "not fio's JSON output: no “fio version”");
      return NULL;
    }
  if (json_object_has_member (root, "client_stats"))
    list = "client_stats";
  if (!json_object_has_member (root, list)
      || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, list)))
    {
      import_fail (error, file, "“%s” is missing or not an array", list);
      return NULL;
    }
  jobs = json_object_get_array_member (root, list);
  c.global = object_member (root, "global options");

  summary = new_summary ();
  for (guint i = 0; i < json_array_get_length (jobs); i++)
    {
      JsonNode *node = json_array_get_element (jobs, i);
      JsonObject *job;
      const char *jobname, *host;

      g_clear_pointer (&c.where, g_free);
      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          import_fail (error, file, "%s[%u]: expected an object", list, i);
          return NULL;
        }
      job = json_node_get_object (node);
      jobname = string_member (job, "jobname", "");
      /* The sum over the hosts of a client/server run: each host's own jobs are kept. */
      if (g_str_equal (jobname, "All clients"))
        continue;
      c.where = g_strdup_printf ("%s[%u] (“%s”)", list, i, jobname);
      if (!fio_job (&c, summary, job, error))
        {
          g_free (c.where);
          return NULL;
        }
      host = string_member (job, "hostname", NULL);
      if (host != NULL && !g_ptr_array_find_with_equal_func (host_list, host, g_str_equal, NULL))
        {
          g_ptr_array_add (host_list, (gpointer)host);
          g_string_append_printf (hosts, "%s%s", hosts->len ? ", " : "", host);
        }
      if (target == NULL)
        {
          target = fio_option (&c, job, "filename");
          if (target == NULL)
            target = fio_option (&c, job, "directory");
        }
    }
  g_clear_pointer (&c.where, g_free);

  for (guint i = 0; i < summary->entries->len; i++)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (summary->entries, i);

      finish_entry (e);
      summary->spec.duration_ns = MAX (summary->spec.duration_ns, e->job.duration_ns);
      summary->spec.size = MAX (summary->spec.size, e->job.length);
    }
  /* A summary has one mix ratio, which its mixed tests' column names. */
  for (guint i = 0, first = G_MAXUINT; i < summary->entries->len; i++)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (summary->entries, i);

      if (e->rw != SSDB_RW_MIX)
        continue;
      if (first == G_MAXUINT)
        {
          first = i;
          summary->spec.mix_read_percent = e->job.read_percent;
        }
      else if (e->job.read_percent != summary->spec.mix_read_percent)
        {
          import_fail (error, file,
                       "mixed jobs of %u %% and of %u %% reads: a summary holds one mix ratio; "
                       "import the jobs of each ratio from a file of their own",
                       summary->spec.mix_read_percent, e->job.read_percent);
          return NULL;
        }
    }

  summary->imported->tool = g_strdup ("fio");
  summary->imported->version = g_strdup (version);
  summary->imported->file = g_path_get_basename (file);
  summary->imported->date = g_strdup (string_member (root, "time", NULL));
  summary->imported->system = hosts->len > 0 ? g_strdup (hosts->str) : NULL;
  if (c.global != NULL)
    {
      g_autofree char *cmd = fio_command (c.global, NULL);

      if (strlen (cmd) > 3)
        summary->imported->settings = g_strdup_printf ("global options:%s", cmd + 3);
    }
  when = (gint64)CLAMP (number_member (root, "timestamp", 0), 0, 253402300799.0);
  return make_report (summary, target, NULL, when, hosts->len > 0 ? hosts->str : NULL, file, error);
}

/* -------------------------------------------------------------------------------------------- */
/* CrystalDiskMark and KDiskMark text                                                           */

/* The text as UTF-8: CrystalDiskMark on Windows may save UTF-16 with a byte order mark. */
static char *
text_to_utf8 (const char *data, gsize length, gsize *out_length)
{
  const guchar *u = (const guchar *)data;

  if (length >= 2 && ((u[0] == 0xff && u[1] == 0xfe) || (u[0] == 0xfe && u[1] == 0xff)))
    return g_convert (data + 2, length - 2, "UTF-8", u[0] == 0xff ? "UTF-16LE" : "UTF-16BE", NULL,
                      out_length, NULL);
  if (length >= 3 && u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf)
    {
      data += 3;
      length -= 3;
    }
  if (!g_utf8_validate_len (data, length, NULL))
    return NULL;
  *out_length = length;
  return g_strndup (data, length);
}

/* A decimal number as the tools print it ("3500.123"; "3500,123" where a locale's comma was
 * used). */
static gboolean
cdm_number (const char *text, double *out)
{
  g_autofree char *copy = g_strdup (text);
  char *end;

  if (strchr (copy, '.') == NULL)
    g_strdelimit (copy, ",", '.');
  else if (strchr (copy, ',') != NULL)
    return FALSE;
  *out = g_ascii_strtod (copy, &end);
  return end != copy && *end == '\0' && isfinite (*out) && *out >= 0;
}

typedef struct
{
  const char *file;
  SsdbSummaryResult *summary;
  GRegex *line78; /* CrystalDiskMark 7-8, KDiskMark: "SEQ 1MiB (Q= 8, T= 1): …" */
  GRegex *line6;  /* CrystalDiskMark 5-6: "Sequential Read (Q= 32,T= 1) : …" */
  GRegex *footer; /* "Test: 1 GiB (x5) …" */
  GRegex *result_like; /* a line that names a test, in any form: refused if not read */
  GRegex *measure;     /* "Measure 5 sec", "Measure: 5 sec" */
  SsdbRw section; /* of the latest "[Read]", "[Write]", "[Mix]" */
  gboolean in_section;
  guint mix_read_percent;
} CdmContext;

static gboolean
cdm_add (CdmContext *c, guint line, SsdbAccess access, SsdbRw rw, guint block_size, const char *q,
         const char *t, const char *mbs, const char *iops_text, const char *latency_us,
         GError **error)
{
  guint64 queue_depth, threads;
  double rate, iops = 0, latency = 0;
  SsdbSummaryEntry *e;

  if (!ssdb_parse_uint (q, "Q", 1, SSDB_MAX_QUEUE_DEPTH, &queue_depth, NULL)
      || !ssdb_parse_uint (t, "T", 1, SSDB_MAX_THREADS, &threads, NULL))
    return import_fail (error, c->file, ":%u: a queue depth or thread count out of range", line);
  if (!cdm_number (mbs, &rate) || (iops_text != NULL && !cdm_number (iops_text, &iops))
      || (latency_us != NULL && !cdm_number (latency_us, &latency)))
    return import_fail (error, c->file, ":%u: a rate, IOPS or latency that is not a number", line);
  /* CrystalDiskMark shows 0.000 for a test it did not run. */
  if (rate <= 0)
    return TRUE;
  /* No IOPS stated (CrystalDiskMark 5-6 sequential lines): none is made up. */
  e = add_entry (c->summary, access, rw, block_size, (guint)queue_depth, (guint)threads,
                 rw == SSDB_RW_READ    ? 100
                 : rw == SSDB_RW_WRITE ? 0
                                       : c->mix_read_percent,
                 NULL);
  e->aggregate.bytes_per_second = rate * 1e6;
  e->aggregate.iops = iops;
  e->quoted.mean_ns = latency * 1e3;
  finish_entry (e);
  return TRUE;
}

static gboolean
cdm_block_size (const char *number, const char *unit, guint *out)
{
  guint64 n;

  if (!ssdb_parse_uint (number, "size", 1, SSDB_MAX_BLOCK_SIZE, &n, NULL))
    return FALSE;
  n *= g_ascii_toupper (unit[0]) == 'M' ? 1024 * 1024 : 1024;
  if (n > SSDB_MAX_BLOCK_SIZE)
    return FALSE;
  *out = (guint)n;
  return TRUE;
}

static void
replace_str (char **slot, const char *value)
{
  g_free (*slot);
  *slot = g_strdup (value);
}

/* One line of the text: a section, a result or a footer line. @drive and @model: where the
 * file names the target (CrystalDiskMark's drive letter, KDiskMark's Target line). */
static gboolean
cdm_line (CdmContext *c, guint line, const char *text, GString *settings, char **date,
          char **system, char **drive, char **model, GError **error)
{
  g_autoptr (GMatchInfo) m = NULL;
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  if (stripped[0] == '\0')
    return TRUE;
  if (g_str_has_prefix (stripped, "[Read]") || g_str_has_prefix (stripped, "[Write]")
      || g_str_has_prefix (stripped, "[Mix]"))
    {
      c->in_section = TRUE;
      c->section = stripped[1] == 'R'   ? SSDB_RW_READ
                   : stripped[1] == 'W' ? SSDB_RW_WRITE
                                        : SSDB_RW_MIX;
      if (c->section == SSDB_RW_MIX)
        {
          const char *read = strstr (stripped, "Read ");
          guint64 pct;
          g_autofree char *digits = NULL;

          if (read != NULL)
            {
              digits = g_strndup (read + 5, strspn (read + 5, "0123456789"));
              if (ssdb_parse_uint (digits, "Read", 0, 100, &pct, NULL))
                c->mix_read_percent = (guint)pct;
            }
        }
      return TRUE;
    }
  if (g_regex_match (c->line78, text, 0, &m))
    {
      g_autofree char *kind = g_match_info_fetch (m, 1), *num = g_match_info_fetch (m, 2),
                      *unit = g_match_info_fetch (m, 3), *q = g_match_info_fetch (m, 4),
                      *t = g_match_info_fetch (m, 5), *mbs = g_match_info_fetch (m, 6),
                      *iops = g_match_info_fetch (m, 7), *lat = g_match_info_fetch (m, 8);
      guint bs;

      if (!c->in_section)
        return import_fail (error, c->file, ":%u: a result before any [Read], [Write] or [Mix]",
                            line);
      if (!cdm_block_size (num, unit, &bs))
        return import_fail (error, c->file, ":%u: a transfer size of %s %s is out of range", line,
                            num, unit);
      return cdm_add (c, line, kind[0] == 'R' ? SSDB_ACCESS_RANDOM : SSDB_ACCESS_SEQUENTIAL,
                      c->section, bs, q, t, mbs, iops, lat[0] ? lat : NULL, error);
    }
  g_clear_pointer (&m, g_match_info_unref);
  if (g_regex_match (c->line6, text, 0, &m))
    {
      g_autofree char *kind = g_match_info_fetch (m, 1), *dir = g_match_info_fetch (m, 2),
                      *num = g_match_info_fetch (m, 3), *unit = g_match_info_fetch (m, 4),
                      *q = g_match_info_fetch (m, 5), *t = g_match_info_fetch (m, 6),
                      *mbs = g_match_info_fetch (m, 7), *iops = g_match_info_fetch (m, 8);
      guint bs;

      if (num[0] != '\0')
        {
          if (!cdm_block_size (num, unit, &bs))
            return import_fail (error, c->file, ":%u: a transfer size of %s %s is out of range",
                                line, num, unit);
        }
      else
        /* CrystalDiskMark 5 and 6 state no size for their sequential tests: "Seq Q32T1" reads
         * and writes 128 KiB blocks, "Seq" (no queue depth given) 1 MiB blocks. */
        bs = q[0] != '\0' ? 128 * 1024 : 1024 * 1024;
      return cdm_add (c, line, kind[0] == 'R' ? SSDB_ACCESS_RANDOM : SSDB_ACCESS_SEQUENTIAL,
                      dir[0] == 'R' ? SSDB_RW_READ : SSDB_RW_WRITE, bs, q[0] ? q : "1", t, mbs,
                      iops[0] ? iops : NULL, NULL, error);
    }
  g_clear_pointer (&m, g_match_info_unref);
  if (g_regex_match (c->footer, text, 0, &m))
    {
      g_autofree char *key = g_match_info_fetch (m, 1), *value = g_match_info_fetch (m, 2);

      g_strstrip (value);
      c->in_section = FALSE;
      if (g_str_equal (key, "Date"))
        replace_str (date, value);
      else if (g_str_equal (key, "Target"))
        {
          /* KDiskMark 3.2: "/home (nvme0n1p2, 468.4GiB) [Samsung SSD 980]" */
          const char *open = strchr (value, '[');
          const char *close = open != NULL ? strrchr (open, ']') : NULL;

          g_free (*drive);
          *drive = g_strndup (value, strcspn (value, "(["));
          g_strstrip (*drive);
          if (close != NULL && close > open + 1)
            {
              g_free (*model);
              *model = g_strndup (open + 1, close - open - 1);
            }
        }
      else if (g_str_equal (key, "OS"))
        replace_str (system, value);
      else if (value[0] != '\0')
        {
          g_string_append_printf (settings, "%s%s: %s", settings->len ? " · " : "", key, value);
          if (g_str_equal (key, "Test"))
            {
              /* "1 GiB (x5) [C: 50% (100/200GiB)]", "1024 MiB [C: 40.5% …] (x5)" */
              const char *bracket = strchr (value, '[');
              const char *x = strstr (value, "(x");
              guint64 size;
              g_autofree char *size_text = g_strndup (value, strcspn (value, "([<"));

              g_strstrip (size_text);
              {
                g_autofree char *compact = g_strdup (size_text);
                char *sp = strchr (compact, ' ');

                if (sp != NULL)
                  memmove (sp, sp + 1, strlen (sp));
                if (ssdb_parse_size (compact, "Test", &size, NULL))
                  c->summary->spec.size = size;
              }
              if (x != NULL && g_ascii_isdigit (x[2]))
                c->summary->spec.count = CLAMP (x[2] - '0', 1, 9);
              if (bracket != NULL && g_ascii_isalpha (bracket[1]) && bracket[2] == ':')
                {
                  g_free (*drive);
                  *drive = g_strndup (bracket + 1, 2);
                }
            }
          /* "Time: Measure 5 sec / Interval 5 sec" (CrystalDiskMark 8), "Test: 1 GiB (x5)
           * [Measure: 5 sec / Interval: 5 sec]" (KDiskMark) */
          {
            g_autoptr (GMatchInfo) mm = NULL;

            if (g_regex_match (c->measure, value, 0, &mm))
              {
                g_autofree char *digits = g_match_info_fetch (mm, 1);
                guint64 secs;

                if (ssdb_parse_uint (digits, "Measure", 1, 86400, &secs, NULL))
                  c->summary->spec.duration_ns = secs * G_GUINT64_CONSTANT (1000000000);
              }
          }
        }
      return TRUE;
    }
  /* A line in a results section that is no result, or a rate in a form not known: say so,
   * rather than leave a test out. */
  if (c->in_section || strstr (text, "MB/s") != NULL || strstr (text, "IOPS") != NULL
      || g_regex_match (c->result_like, text, 0, NULL))
    return import_fail (error, c->file,
                        ":%u: not a result line of CrystalDiskMark 6-8 or "
                        "KDiskMark: “%s”",
                        line, stripped);
  return TRUE;
}

static SsdbReport *
import_cdm (const char *data, gsize length, const char *file, GError **error)
{
  g_autofree char *text = NULL, *date = NULL, *system = NULL, *drive = NULL, *model = NULL;
  g_autoptr (SsdbSummaryResult) summary = NULL;
  g_autoptr (GString) settings = g_string_new (NULL);
  g_auto (GStrv) lines = NULL;
  CdmContext c = { file };
  gsize text_length = 0;
  const char *tool = NULL;
  g_autofree char *version = NULL;
  gboolean ok = TRUE;
  gint64 when = 0;

  if ((text = text_to_utf8 (data, length, &text_length)) == NULL)
    {
      import_fail (error, file, "neither UTF-8 nor UTF-16 text");
      return NULL;
    }
  summary = new_summary ();
  c.summary = summary;
  c.mix_read_percent = 70;
  c.line78 = g_regex_new ("^\\s*(SEQ|RND|Sequential|Random)\\s*([0-9]+)\\s*(KiB|MiB|KB|MB|K|M)\\s*"
                          "\\(Q=\\s*([0-9]+),\\s*T=\\s*([0-9]+)\\)\\s*:\\s*([0-9.,]+)\\s*MB/s\\s*"
                          "\\[\\s*([0-9.,]+)\\s*IOPS\\]\\s*(?:<\\s*([0-9.,]+)\\s*us>)?\\s*$",
                          G_REGEX_OPTIMIZE, 0, NULL);
  c.line6 = g_regex_new ("^\\s*(Sequential|Random)\\s+(Read|Write)\\s*(?:([0-9]+)\\s*(KiB|MiB))?"
                         "\\s*\\((?:Q=\\s*([0-9]+),\\s*)?T=\\s*([0-9]+)\\)\\s*:\\s*([0-9.,]+)\\s*"
                         "MB/s\\s*(?:\\[\\s*([0-9.,]+)\\s*IOPS\\])?\\s*$",
                         G_REGEX_OPTIMIZE, 0, NULL);
  c.result_like = g_regex_new ("^\\s*(SEQ|RND|Sequential|Random)\\b.*(Q=|T=)", 0, 0, NULL);
  c.measure = g_regex_new ("Measure:?\\s*([0-9]+)\\s*sec", 0, 0, NULL);
  c.footer = g_regex_new (
      "^\\s*(Profile|Test|Mode|Time|Measure|Date|OS|Comment|Target)\\s*:\\s*(.*)$", 0, 0, NULL);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; ok && lines[i] != NULL; i++)
    {
      char *line = lines[i];
      gsize n = strlen (line);

      if (n > 0 && line[n - 1] == '\r')
        line[n - 1] = '\0';
      if (tool == NULL && strstr (line, "CrystalDiskMark") != NULL)
        {
          const char *v = strstr (line, "CrystalDiskMark") + strlen ("CrystalDiskMark");
          const char *end = strstr (v, "(C)");

          tool = "CrystalDiskMark";
          version = end != NULL ? g_strndup (v, end - v) : g_strdup (v);
          g_strstrip (version);
          continue;
        }
      if (tool == NULL && strstr (line, "KDiskMark") != NULL)
        {
          const char *open = strchr (strstr (line, "KDiskMark"), '(');
          const char *close = open != NULL ? strchr (open, ')') : NULL;

          tool = "KDiskMark";
          version = close != NULL ? g_strndup (open + 1, close - open - 1) : NULL;
          continue;
        }
      if (tool == NULL || strstr (line, "https://") != NULL || g_str_has_prefix (line, "---")
          || g_str_has_prefix (g_strchug (line), "*"))
        continue;
      ok = cdm_line (&c, i + 1, lines[i], settings, &date, &system, &drive, &model, error);
    }
  g_regex_unref (c.line78);
  g_regex_unref (c.line6);
  g_regex_unref (c.footer);
  g_regex_unref (c.result_like);
  g_regex_unref (c.measure);
  if (!ok)
    return NULL;
  if (tool == NULL)
    {
      import_fail (error, file, "names neither CrystalDiskMark nor KDiskMark");
      return NULL;
    }
  summary->spec.mix_read_percent = c.mix_read_percent;
  for (guint i = 0; i < summary->entries->len; i++)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (summary->entries, i);

      e->job.length = summary->spec.size;
      e->job.duration_ns = summary->spec.duration_ns;
      e->aggregate.window_ns = summary->spec.duration_ns;
      g_array_index (e->passes, SsdbIoResult, 0).window_ns = summary->spec.duration_ns;
    }
  summary->imported->tool = g_strdup (tool);
  summary->imported->version = version != NULL && version[0] ? g_strdup (version) : NULL;
  summary->imported->file = g_path_get_basename (file);
  summary->imported->settings = settings->len > 0 ? g_strdup (settings->str) : NULL;
  summary->imported->date = g_strdup (date);
  summary->imported->system = g_strdup (system);
  if (date != NULL)
    {
      /* "2021/05/01 12:00:00" (CrystalDiskMark), "2022-01-16 19:35:42" (KDiskMark): the time of
       * the machine that ran, taken as it is. */
      g_autoptr (GDateTime) dt = NULL;
      g_autoptr (GTimeZone) utc = g_time_zone_new_utc ();
      int y, mo, d, h, mi, sec;
      char sep1, sep2;

      /* CrystalDiskMark writes the hour without a leading zero ("2024/03/15 9:04:33"). */
      if (sscanf (date, "%4d%c%2d%c%2d %2d:%2d:%2d", &y, &sep1, &mo, &sep2, &d, &h, &mi, &sec) == 8
          && sep1 == sep2 && (sep1 == '/' || sep1 == '-'))
        dt = g_date_time_new (utc, y, mo, d, h, mi, sec);
      when = dt != NULL ? g_date_time_to_unix (dt) : 0;
    }
  return make_report (summary, drive != NULL && drive[0] ? drive : NULL,
                      model != NULL && model[0] ? model : NULL, when, NULL, file, error);
}

/* -------------------------------------------------------------------------------------------- */

SsdbImportFormat
ssdb_import_sniff (const char *data, gsize length)
{
  gsize n = MIN (length, SNIFF_BYTES);
  g_autofree char *head = NULL;
  gsize head_length = 0;

  g_return_val_if_fail (data != NULL || length == 0, SSDB_IMPORT_NONE);

  if (g_strstr_len (data, n, "\"fio version\"") != NULL)
    return SSDB_IMPORT_FIO_JSON;
  /* The first lines, decoded: a UTF-16 file cut at an odd byte is cut one byte earlier. */
  if (n >= 2 && (guchar)data[0] != 0xef && ((guchar)data[0] == 0xff || (guchar)data[0] == 0xfe))
    n &= ~(gsize)1;
  head = text_to_utf8 (data, n, &head_length);
  if (head == NULL && n == SNIFF_BYTES)
    {
      /* A UTF-8 character cut at the end of the window. */
      const char *end = NULL;

      g_utf8_validate_len (data, n, &end);
      if (end != NULL && end > data + n - 4)
        head = text_to_utf8 (data, end - data, &head_length);
    }
  if (head == NULL)
    return SSDB_IMPORT_NONE;
  if (head_length > 0 && head[strspn (head, " \t\r\n")] == '{')
    return SSDB_IMPORT_NONE;
  if (strstr (head, "CrystalDiskMark") != NULL || strstr (head, "KDiskMark") != NULL)
    return SSDB_IMPORT_CDM_TEXT;
  return SSDB_IMPORT_NONE;
}

SsdbReport *
ssdb_import_from_data (SsdbImportFormat format, const char *data, gsize length,
                       const char *display_name, GError **error)
{
  const char *name = display_name != NULL ? display_name : "result";

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  switch (format)
    {
      case SSDB_IMPORT_FIO_JSON:
        return import_fio (data, length, name, error);
      case SSDB_IMPORT_CDM_TEXT:
        return import_cdm (data, length, name, error);
      case SSDB_IMPORT_NONE:
      default:
        import_fail (error, name,
                     "not an SSD Bench report, fio JSON output or CrystalDiskMark / KDiskMark "
                     "text result");
        return NULL;
    }
}

SsdbReport *
ssdb_report_open (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  SsdbImportFormat format;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((data = ssdb_report_read_file (path, &length, error)) == NULL)
    return NULL;
  format = ssdb_import_sniff (data, length);
  if (format != SSDB_IMPORT_NONE)
    return ssdb_import_from_data (format, data, length, path, error);
  return ssdb_report_load_from_data (data, length, path, error);
}
