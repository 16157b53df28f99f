/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-summary.h"
#include "ssdb-words.h"
#include "ssdb-error.h"
#include "ssdb-test-kind.h"
#include "ssdb-target-fill.h"

#include <string.h>

#define MiB (1u << 20)
#define KiB (1u << 10)
#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

static const SsdbSummaryTest seq1m_q8t1 = { "SEQ1M Q8T1", SSDB_ACCESS_SEQUENTIAL, MiB, 8, 1 };
static const SsdbSummaryTest seq1m_q1t1 = { "SEQ1M Q1T1", SSDB_ACCESS_SEQUENTIAL, MiB, 1, 1 };
static const SsdbSummaryTest seq128k_q32t1
    = { "SEQ128K Q32T1", SSDB_ACCESS_SEQUENTIAL, 128 * KiB, 32, 1 };
static const SsdbSummaryTest rnd4k_q32t1 = { "RND4K Q32T1", SSDB_ACCESS_RANDOM, 4 * KiB, 32, 1 };
static const SsdbSummaryTest rnd4k_q32t16 = { "RND4K Q32T16", SSDB_ACCESS_RANDOM, 4 * KiB, 32, 16 };
static const SsdbSummaryTest rnd4k_q1t1 = { "RND4K Q1T1", SSDB_ACCESS_RANDOM, 4 * KiB, 1, 1 };

/* CrystalDiskMark 8's profiles. */
static SsdbSummaryTest profile_default[4];
static SsdbSummaryTest profile_peak[2];
static SsdbSummaryTest profile_realworld[2];
static SsdbSummaryTest profile_nvme[4];

static void
init_profiles (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      profile_default[0] = seq1m_q8t1;
      profile_default[1] = seq1m_q1t1;
      profile_default[2] = rnd4k_q32t1;
      profile_default[3] = rnd4k_q1t1;
      profile_peak[0] = seq1m_q8t1;
      profile_peak[1] = rnd4k_q32t16;
      profile_realworld[0] = seq1m_q1t1;
      profile_realworld[1] = rnd4k_q1t1;
      profile_nvme[0] = seq1m_q8t1;
      profile_nvme[1] = seq128k_q32t1;
      profile_nvme[2] = rnd4k_q32t16;
      profile_nvme[3] = rnd4k_q1t1;
      g_once_init_leave (&done, 1);
    }
}

const SsdbSummaryTest *
ssdb_profile_get_tests (SsdbProfile profile, guint *n_tests)
{
  g_return_val_if_fail (n_tests != NULL, NULL);

  init_profiles ();
  switch (profile)
    {
      case SSDB_PROFILE_PEAK:
        *n_tests = G_N_ELEMENTS (profile_peak);
        return profile_peak;
      case SSDB_PROFILE_REALWORLD:
        *n_tests = G_N_ELEMENTS (profile_realworld);
        return profile_realworld;
      case SSDB_PROFILE_NVME:
        *n_tests = G_N_ELEMENTS (profile_nvme);
        return profile_nvme;
      case SSDB_PROFILE_DEFAULT:
      default:
        *n_tests = G_N_ELEMENTS (profile_default);
        return profile_default;
    }
}

static const char *const profile_names[] = { "default", "peak", "realworld", "nvme" };

const char *
ssdb_profile_to_string (SsdbProfile profile)
{
  g_return_val_if_fail ((guint)profile < G_N_ELEMENTS (profile_names), "default");
  return profile_names[profile];
}

gboolean
ssdb_profile_from_string (const char *text, SsdbProfile *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (profile_names); i++)
    if (g_ascii_strcasecmp (text, profile_names[i]) == 0)
      {
        *out = (SsdbProfile)i;
        return TRUE;
      }
  if (text != NULL && (g_ascii_strcasecmp (text, "real-world") == 0))
    {
      *out = SSDB_PROFILE_REALWORLD;
      return TRUE;
    }
  return FALSE;
}

const char *
ssdb_rw_to_words (SsdbRw rw)
{
  switch (rw)
    {
      case SSDB_RW_WRITE:
        return W_ ("write");
      case SSDB_RW_MIX:
        return W_ ("mix");
      case SSDB_RW_READ:
      default:
        return W_ ("read");
    }
}

const char *
ssdb_rw_to_string (SsdbRw rw)
{
  switch (rw)
    {
      case SSDB_RW_READ:
        return "read";
      case SSDB_RW_WRITE:
        return "write";
      case SSDB_RW_MIX:
        return "mix";
      default:
        g_return_val_if_reached ("read");
    }
}

void
ssdb_summary_spec_init (SsdbSummarySpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->profile = SSDB_PROFILE_DEFAULT;
  spec->size = G_GUINT64_CONSTANT (1) << 30;
  spec->offset = 0;
  spec->count = 5;
  spec->duration_ns = 5 * NS_PER_S;
  spec->interval_ns = 0;
  spec->do_read = TRUE;
  spec->do_write = TRUE;
  spec->do_mix = FALSE;
  spec->mix_read_percent = 70;
  spec->data = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
  spec->aggregate = SSDB_AGGREGATE_BEST;
  spec->warmup = FALSE;
  spec->seed = 1;
  spec->on_error = SSDB_ON_ERROR_STOP;
}

const char *
ssdb_on_error_to_string (SsdbOnError policy)
{
  return policy == SSDB_ON_ERROR_CONTINUE ? "continue" : "stop";
}

gboolean
ssdb_on_error_from_string (const char *text, SsdbOnError *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (g_strcmp0 (text, "stop") == 0)
    *out = SSDB_ON_ERROR_STOP;
  else if (g_strcmp0 (text, "continue") == 0)
    *out = SSDB_ON_ERROR_CONTINUE;
  else
    return FALSE;
  return TRUE;
}

static void
entry_free (gpointer data)
{
  SsdbSummaryEntry *entry = data;

  if (entry->passes)
    g_array_unref (entry->passes);
  g_free (entry->fio_command);
  g_free (entry->message);
  g_free (entry);
}

void
ssdb_summary_result_free (SsdbSummaryResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->entries, g_ptr_array_unref);
  g_free (result->writes_skipped_reason);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  ssdb_summary_import_free (result->imported);
  g_free (result);
}

void
ssdb_summary_import_free (SsdbSummaryImport *import)
{
  if (import == NULL)
    return;
  g_free (import->tool);
  g_free (import->version);
  g_free (import->file);
  g_free (import->settings);
  g_free (import->date);
  g_free (import->system);
  g_free (import);
}

SsdbSummaryImport *
ssdb_summary_import_dup (const SsdbSummaryImport *import)
{
  SsdbSummaryImport *c;

  if (import == NULL)
    return NULL;
  c = g_new0 (SsdbSummaryImport, 1);
  c->tool = g_strdup (import->tool);
  c->version = g_strdup (import->version);
  c->file = g_strdup (import->file);
  c->settings = g_strdup (import->settings);
  c->date = g_strdup (import->date);
  c->system = g_strdup (import->system);
  return c;
}

char *
ssdb_summary_import_name (const SsdbSummaryImport *import)
{
  g_return_val_if_fail (import != NULL, NULL);

  /* fio names itself in its version ("fio-3.33"). */
  if (import->version != NULL && g_str_has_prefix (import->version, import->tool))
    return g_strdup (import->version);
  if (import->version != NULL)
    return g_strdup_printf ("%s %s", import->tool, import->version);
  return g_strdup (import->tool);
}

char *
ssdb_summary_import_describe (const SsdbSummaryImport *import)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (import != NULL, NULL);

  name = ssdb_summary_import_name (import);
  return g_strdup_printf ("%s result (%s)", name, import->file);
}

double
ssdb_summary_entry_mean_latency_ns (const SsdbSummaryEntry *entry)
{
  g_return_val_if_fail (entry != NULL, 0);

  if (entry->aggregate.latency.count > 0)
    return ssdb_histogram_mean_ns (&entry->aggregate.latency);
  return entry->quoted.mean_ns;
}

SsdbSummaryResult *
ssdb_summary_result_dup (const SsdbSummaryResult *result)
{
  SsdbSummaryResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbSummaryResult, 1);
  *r = *result;
  if (result->entries != NULL)
    {
      r->entries = g_ptr_array_new_full (result->entries->len, entry_free);
      for (guint i = 0; i < result->entries->len; i++)
        {
          const SsdbSummaryEntry *e = g_ptr_array_index (result->entries, i);
          SsdbSummaryEntry *c = g_new (SsdbSummaryEntry, 1);

          *c = *e;
          c->passes = e->passes != NULL ? g_array_copy (e->passes) : NULL;
          c->fio_command = g_strdup (e->fio_command);
          c->message = g_strdup (e->message);
          g_ptr_array_add (r->entries, c);
        }
    }
  r->writes_skipped_reason = g_strdup (result->writes_skipped_reason);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  r->imported = ssdb_summary_import_dup (result->imported);
  return r;
}

static void
empty_result (SsdbIoResult *r)
{
  memset (r, 0, sizeof *r);
  ssdb_histogram_reset (&r->latency);
  ssdb_histogram_reset (&r->read_latency);
  ssdb_histogram_reset (&r->write_latency);
}

SsdbSummaryResult *
ssdb_summary_result_new (const SsdbSummarySpec *spec, SsdbTarget *target)
{
  SsdbSummaryResult *result;
  const SsdbSummaryTest *tests;
  guint n_tests;
  const char *refusal = NULL;
  SsdbRw rws[] = { SSDB_RW_READ, SSDB_RW_WRITE, SSDB_RW_MIX };
  guint index = 0;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (target == NULL || SSDB_IS_TARGET (target), NULL);

  result = g_new0 (SsdbSummaryResult, 1);
  result->spec = *spec;
  result->entries = g_ptr_array_new_with_free_func (entry_free);

  if (target != NULL && !ssdb_target_is_writable (target))
    refusal = ssdb_target_get_write_refusal (target);
  if ((spec->do_write || spec->do_mix) && refusal != NULL)
    result->writes_skipped_reason = g_strdup (refusal);

  tests = ssdb_profile_get_tests (spec->profile, &n_tests);
  for (guint r = 0; r < G_N_ELEMENTS (rws); r++)
    {
      gboolean wanted = rws[r] == SSDB_RW_READ    ? spec->do_read
                        : rws[r] == SSDB_RW_WRITE ? spec->do_write
                                                  : spec->do_mix;

      if (!wanted)
        continue;
      for (guint t = 0; t < n_tests; t++)
        {
          SsdbSummaryEntry *entry = g_new0 (SsdbSummaryEntry, 1);
          SsdbJobSpec *job = &entry->job;
          g_autofree char *job_name = NULL;

          entry->test = tests[t];
          entry->rw = rws[r];
          entry->passes = g_array_new (FALSE, TRUE, sizeof (SsdbIoResult));
          empty_result (&entry->aggregate);

          ssdb_job_spec_init (job);
          job->rw = rws[r];
          job->read_percent = spec->mix_read_percent;
          job->access = tests[t].access;
          job->block_size = tests[t].block_size;
          job->queue_depth = tests[t].queue_depth;
          job->threads = tests[t].threads;
          job->offset = spec->offset;
          job->length = spec->size;
          job->duration_ns = spec->duration_ns;
          job->total_bytes = 0;
          job->data = spec->data;
          job->seed = spec->seed + index++;
          job->sample_interval_ns = 100 * G_GUINT64_CONSTANT (1000000);

          if (target != NULL)
            {
              job_name = g_strdup_printf ("%s_%s", tests[t].name, ssdb_rw_to_string (rws[r]));
              g_strdelimit (job_name, " ", '_');
              entry->fio_command = ssdb_job_spec_to_fio (job, target, job_name);
            }

          if (rws[r] != SSDB_RW_READ && refusal != NULL)
            {
              entry->state = SSDB_ENTRY_SKIPPED;
              entry->message = g_strdup_printf ("writes skipped: %s", refusal);
            }
          else
            entry->state = SSDB_ENTRY_PENDING;
          g_ptr_array_add (result->entries, entry);
        }
    }
  return result;
}

SsdbSummaryEntry *
ssdb_summary_result_find (SsdbSummaryResult *result, const char *name, SsdbRw rw)
{
  g_return_val_if_fail (result != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < result->entries->len; i++)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (result->entries, i);

      if (e->rw == rw && g_strcmp0 (e->test.name, name) == 0)
        return e;
    }
  return NULL;
}

/* Recomputes entry->aggregate from its passes: the best pass by rate (CrystalDiskMark), or
 * the mean of the rates with histograms, bytes and CPU time added up. */
static void
update_aggregate (SsdbSummaryEntry *entry, SsdbAggregate how)
{
  GArray *p = entry->passes;
  SsdbIoResult *agg = &entry->aggregate;

  empty_result (agg);
  if (p->len == 0)
    return;

  if (how == SSDB_AGGREGATE_BEST)
    {
      guint best = 0;

      for (guint i = 1; i < p->len; i++)
        if (g_array_index (p, SsdbIoResult, i).bytes_per_second
            > g_array_index (p, SsdbIoResult, best).bytes_per_second)
          best = i;
      *agg = g_array_index (p, SsdbIoResult, best);
      return;
    }

  agg->reached_device = TRUE;
  agg->counters_valid = TRUE;
  agg->engine = g_array_index (p, SsdbIoResult, 0).engine;
  agg->polled = g_array_index (p, SsdbIoResult, 0).polled;
  for (guint i = 0; i < p->len; i++)
    {
      const SsdbIoResult *r = &g_array_index (p, SsdbIoResult, i);

      agg->ios += r->ios;
      agg->bytes += r->bytes;
      agg->read_ios += r->read_ios;
      agg->read_bytes += r->read_bytes;
      agg->write_ios += r->write_ios;
      agg->write_bytes += r->write_bytes;
      agg->window_ns += r->window_ns;
      agg->bytes_per_second += r->bytes_per_second / p->len;
      agg->iops += r->iops / p->len;
      agg->mean_inflight += r->mean_inflight / p->len;
      agg->cpu_user_ns += r->cpu_user_ns;
      agg->cpu_system_ns += r->cpu_system_ns;
      agg->device_read_bytes += r->device_read_bytes;
      agg->device_write_bytes += r->device_write_bytes;
      agg->counters_valid = agg->counters_valid && r->counters_valid;
      agg->reached_device = agg->reached_device && r->reached_device;
      agg->cancelled = agg->cancelled || r->cancelled;
      ssdb_histogram_merge (&agg->latency, &r->latency);
      ssdb_histogram_merge (&agg->read_latency, &r->read_latency);
      ssdb_histogram_merge (&agg->write_latency, &r->write_latency);
    }
}

typedef struct
{
  SsdbSummaryResult *result;
  SsdbSummaryProgressFunc func;
  gpointer user_data;
  SsdbSummaryProgress progress;
  guint64 units_total; /* passes to run, each worth 1 unit; preparation worth 1 */
  guint64 units_done;
  guint64 pass_duration_ns;
  guint64 fill_total;
} RunState;

static void
report (RunState *st, double unit_fraction)
{
  if (st->func == NULL)
    return;
  st->progress.fraction
      = st->units_total ? CLAMP (((double)st->units_done + unit_fraction) / st->units_total, 0, 1)
                        : 1.0;
  st->func (st->result, &st->progress, st->user_data);
}

static void
on_fill_progress (guint64 done, guint64 total, gpointer user_data)
{
  RunState *st = user_data;

  st->progress.entry_fraction = total ? (double)done / total : 1.0;
  report (st, st->progress.entry_fraction);
}

static void
on_pass_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  RunState *st = user_data;
  double f = st->pass_duration_ns ? MIN ((double)elapsed_ns / st->pass_duration_ns, 1.0) : 0;
  guint passes_per_entry = st->result->spec.count + (st->result->spec.warmup ? 1 : 0);
  guint pass_slot = (guint)(st->progress.pass + (st->result->spec.warmup ? 1 : 0));

  st->progress.bytes_per_second = elapsed_ns ? (double)bytes * 1e9 / (double)elapsed_ns : 0;
  st->progress.entry_fraction = ((double)pass_slot + f) / passes_per_entry;
  report (st, f);
}

/* Sleeps @ns unless cancelled first. */
static gboolean
pause_cancellable (guint64 ns, GCancellable *cancellable)
{
  gint64 end = g_get_monotonic_time () + (gint64)(ns / 1000);

  while (g_get_monotonic_time () < end)
    {
      if (g_cancellable_is_cancelled (cancellable))
        return FALSE;
      g_usleep (MIN (50000, end - g_get_monotonic_time () > 0 ? end - g_get_monotonic_time () : 0));
    }
  return !g_cancellable_is_cancelled (cancellable);
}

static void
mark_rest (SsdbSummaryResult *result, guint from, SsdbEntryState state, const char *why)
{
  for (guint i = from; i < result->entries->len; i++)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (result->entries, i);

      if (e->state == SSDB_ENTRY_PENDING)
        {
          e->state = state;
          g_free (e->message);
          e->message = g_strdup (why);
        }
    }
}

void
ssdb_summary_estimate (const SsdbSummaryResult *result, SsdbRunEstimate *out)
{
  const SsdbSummarySpec *spec;
  gboolean reads = FALSE;

  g_return_if_fail (result != NULL);
  g_return_if_fail (out != NULL);

  spec = &result->spec;
  for (guint i = 0; i < result->entries->len; i++)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (result->entries, i);

      if (e->state != SSDB_ENTRY_PENDING)
        continue;
      out->timed_ns += (spec->count + (spec->warmup ? 1 : 0)) * spec->duration_ns
                       + (spec->count > 0 ? spec->count - 1 : 0) * spec->interval_ns;
      reads = reads || e->rw == SSDB_RW_READ || e->rw == SSDB_RW_MIX;
    }
  if (reads)
    out->write_bytes += spec->size;
}

/* The run itself, without what is recorded of the drive meanwhile. */
static gboolean
run_summary (SsdbTarget *target, SsdbSummaryResult *result, SsdbSummaryProgressFunc progress,
             gpointer user_data, GCancellable *cancellable, GError **error)
{
  const SsdbSummarySpec *spec;
  RunState st = { 0 };
  gboolean need_fill = FALSE;
  g_autoptr (GError) first_error = NULL;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  spec = &result->spec;
  if (!ssdb_summary_result_check (result, ssdb_target_get_info (target), error))
    return FALSE;

  /* Check every job before anything is written, also for what needs the target itself. */
  for (guint i = 0; i < result->entries->len; i++)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (result->entries, i);

      if (e->state != SSDB_ENTRY_PENDING)
        continue;
      if (!ssdb_job_spec_validate (&e->job, target, error))
        return FALSE;
      if (e->rw == SSDB_RW_READ || e->rw == SSDB_RW_MIX)
        need_fill = TRUE;
      st.units_total += spec->count + (spec->warmup ? 1 : 0);
    }

  st.result = result;
  st.func = progress;
  st.user_data = user_data;
  st.pass_duration_ns = spec->duration_ns;
  result->started_unix = g_get_real_time () / G_USEC_PER_SEC;

  /* Reads need real data under them: a test file's unwritten extents and zram's empty pages
   * read back without touching the medium. Fill when we may write. */
  if (need_fill && !ssdb_target_is_writable (target))
    {
      /* Reads of a region nobody may fill: say how much of it holds no data. An I/O error
       * here is left to the tests themselves to report. */
      if (!ssdb_target_measure_unwritten (target, spec->offset, spec->size, spec->seed,
                                          &result->unwritten_percent, &result->unwritten_source,
                                          NULL))
        result->unwritten_source = SSDB_UNWRITTEN_UNKNOWN;
    }
  need_fill = need_fill && ssdb_target_is_writable (target);
  if (need_fill)
    {
      gint64 t0 = g_get_monotonic_time ();
      GError *fill_error = NULL;

      st.units_total += 1;
      st.progress.entry_index = -1;
      st.progress.pass = 0;
      st.progress.phase = "prepare";
      report (&st, 0);
      /* With the data the reads say they read: zeros read back zeros, compressible data
       * compressible data (a controller or zram that compresses shows it). */
      if (!ssdb_target_fill_pattern (target, spec->offset, spec->size, &spec->data, spec->seed,
                                     on_fill_progress, &st, cancellable, &fill_error))
        {
          gboolean cancelled = g_error_matches (fill_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
          g_autofree char *why = NULL;

          if (!cancelled)
            why = g_strdup_printf ("not run: preparing the test region failed: %s",
                                   fill_error->message);
          mark_rest (result, 0, cancelled ? SSDB_ENTRY_CANCELLED : SSDB_ENTRY_SKIPPED,
                     cancelled ? "not run: cancelled while the test region was being prepared"
                               : why);
          g_propagate_error (error, fill_error);
          return FALSE;
        }
      result->prepare_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
      st.units_done += 1;
    }

  for (guint i = 0; i < result->entries->len; i++)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (result->entries, i);
      GError *local_error = NULL;
      gboolean failed = FALSE;

      if (e->state != SSDB_ENTRY_PENDING)
        continue;
      e->state = SSDB_ENTRY_RUNNING;
      st.progress.entry_index = (int)i;
      st.progress.entry_fraction = 0;
      st.progress.bytes_per_second = 0;

      for (int pass = spec->warmup ? -1 : 0; pass < (int)spec->count; pass++)
        {
          SsdbIoResult *r = g_new0 (SsdbIoResult, 1);
          gboolean ok;

          st.progress.pass = pass;
          st.progress.phase = pass < 0 ? "warmup" : "measure";
          report (&st, 0);
          ok = ssdb_io_run (target, &e->job, on_pass_sample, &st, cancellable, r, &local_error);
          if (pass >= 0 && (ok || r->ios > 0))
            {
              g_array_append_val (e->passes, *r);
              update_aggregate (e, spec->aggregate);
            }
          g_free (r);
          st.units_done += 1;

          if (!ok)
            {
              gboolean cancelled = g_error_matches (local_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);

              e->state = cancelled ? SSDB_ENTRY_CANCELLED : SSDB_ENTRY_FAILED;
              g_free (e->message);
              e->message = g_strdup (local_error->message);
              if (!cancelled && spec->on_error == SSDB_ON_ERROR_CONTINUE)
                {
                  /* Keep the first error for the caller and go on with the next test. */
                  if (first_error == NULL)
                    first_error = local_error;
                  else
                    g_error_free (local_error);
                  local_error = NULL;
                  failed = TRUE;
                  st.units_done += (guint)((int)spec->count - 1 - pass);
                  break;
                }
              mark_rest (result, i + 1, cancelled ? SSDB_ENTRY_CANCELLED : SSDB_ENTRY_SKIPPED,
                         cancelled ? "not run: cancelled" : "not run after an earlier error");
              st.progress.phase = "done";
              report (&st, 0);
              g_propagate_error (error, local_error);
              return FALSE;
            }

          st.progress.entry_fraction
              = (double)(pass + (spec->warmup ? 2 : 1)) / (spec->count + (spec->warmup ? 1 : 0));
          st.progress.phase = "interval";
          report (&st, 0);
          if (spec->interval_ns && pass + 1 < (int)spec->count
              && !pause_cancellable (spec->interval_ns, cancellable))
            {
              e->state = SSDB_ENTRY_CANCELLED;
              e->message = g_strdup ("cancelled");
              mark_rest (result, i + 1, SSDB_ENTRY_CANCELLED, "not run: cancelled");
              g_set_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED, "The run was cancelled");
              return FALSE;
            }
        }
      if (failed)
        continue;
      e->state = SSDB_ENTRY_DONE;
    }

  st.progress.entry_index = -1;
  st.progress.phase = "done";
  st.progress.entry_fraction = 1;
  report (&st, 0);
  if (first_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return FALSE;
    }
  return TRUE;
}

gboolean
ssdb_summary_run (SsdbTarget *target, SsdbSummaryResult *result, SsdbSummaryProgressFunc progress,
                  gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbRunRecording *recording
      = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_SUMMARY, target, result, error);
  gboolean ok
      = recording != NULL && run_summary (target, result, progress, user_data, cancellable, error);

  ssdb_test_kind_recording_end (SSDB_TEST_KIND_SUMMARY, target, result, recording);
  return ok;
}

guint
ssdb_summary_entry_spread (const SsdbSummaryEntry *entry, double *min_bytes_per_second,
                           double *max_bytes_per_second)
{
  double lo = 0, hi = 0;
  guint n = entry != NULL && entry->passes != NULL ? entry->passes->len : 0;

  g_return_val_if_fail (entry != NULL, 0);

  for (guint i = 0; i < n; i++)
    {
      double v = g_array_index (entry->passes, SsdbIoResult, i).bytes_per_second;

      lo = i == 0 ? v : MIN (lo, v);
      hi = i == 0 ? v : MAX (hi, v);
    }
  if (min_bytes_per_second != NULL)
    *min_bytes_per_second = lo;
  if (max_bytes_per_second != NULL)
    *max_bytes_per_second = hi;
  return n;
}

gboolean
ssdb_summary_result_check (const SsdbSummaryResult *result, const SsdbTargetInfo *target,
                           GError **error)
{
  const SsdbSummarySpec *spec;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  if (spec->count < 1 || spec->count > 9)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Test count %u is out of range (1 to 9)", spec->count);
      return FALSE;
    }
  if (spec->duration_ns == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The test duration must be longer than 0 s");
      return FALSE;
    }
  for (guint i = 0; i < result->entries->len; i++)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (result->entries, i);

      if (e->state == SSDB_ENTRY_PENDING && !ssdb_job_spec_check (&e->job, target, error))
        return FALSE;
    }
  return TRUE;
}
