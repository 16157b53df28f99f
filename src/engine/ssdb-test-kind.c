/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-test-kind-private.h"

#include "ssdb-access.h"
#include "ssdb-asssd.h"
#include "ssdb-copy.h"
#include "ssdb-randomaccess.h"
#include "ssdb-scan.h"
#include "ssdb-surface.h"
#include "ssdb-sweep.h"
#include "ssdb-workload.h"

#include <stddef.h>
#include <string.h>

/* A row of the table: the kind's name is also the name of its SsdbReport member and the stem of
 * its ssdb_<name>_result_free(), ssdb_<name>_result_dup() and ssdb_<name>_result_check(); every
 * result type has the members "temperature" and "drive_counts". */
#define ROW(name, Type, write, load_new, load, reanalyse, estimate)                                \
  ROW_STEM (name, name, Type, write, load_new, load, reanalyse, estimate)
/* A row whose functions have another stem than its name (randomaccess: ssdb_random_access_*). */
#define ROW_STEM(name, stem, Type, write, load_new, load, reanalyse, estimate)                     \
  {                                                                                                \
#name, offsetof(SsdbReport, name), (GDestroyNotify)ssdb_##stem##_result_free,                  \
        (SsdbTestKindDupFunc)ssdb_##stem##_result_dup, (SsdbTestKindWriteFunc)write, load_new,     \
        (SsdbTestKindLoadFunc)load, reanalyse, (SsdbTestKindEstimateFunc)estimate,                 \
        (SsdbTestKindCheckFunc)ssdb_##stem##_result_check, offsetof(Type, temperature),            \
        offsetof(Type, drive_counts)                                                               \
  }

const SsdbTestKindInfo ssdb_test_kinds[SSDB_TEST_KIND_N] = {
  [SSDB_TEST_KIND_SUMMARY]
  = ROW (summary, SsdbSummaryResult, build_summary_tests, NULL, load_summary_entry, NULL, NULL),
  [SSDB_TEST_KIND_SURFACE] = ROW (surface, SsdbSurfaceResult, build_surface_test, surface_load_new,
                                  load_surface_test, NULL, NULL),
  [SSDB_TEST_KIND_FILL]
  = ROW (fill, SsdbFillResult, build_fill_test, fill_load_new, load_fill_test, NULL, NULL),
  [SSDB_TEST_KIND_ACCESS] = ROW (access, SsdbAccessResult, build_access_test, access_load_new,
                                 load_access_test, access_reanalyse, NULL),
  [SSDB_TEST_KIND_SWEEP]
  = ROW (sweep, SsdbSweepResult, build_sweep_test, sweep_load_new, load_sweep_test, NULL, NULL),
  [SSDB_TEST_KIND_WORKLOAD] = ROW (workload, SsdbWorkloadResult, build_workload_test,
                                   workload_load_new, load_workload_test, NULL, NULL),
  [SSDB_TEST_KIND_RECOVERY]
  = ROW (recovery, SsdbRecoveryResult, build_recovery_test, recovery_load_new, load_recovery_test,
         NULL, ssdb_recovery_estimate),
  [SSDB_TEST_KIND_COMPRESSION]
  = ROW (compression, SsdbCompressionResult, build_compression_test, compression_load_new,
         load_compression_test, NULL, ssdb_compression_estimate),
  [SSDB_TEST_KIND_TRIM] = ROW (trim, SsdbTrimResult, build_trim_test, trim_load_new, load_trim_test,
                               NULL, ssdb_trim_estimate),
  [SSDB_TEST_KIND_FREESPACE]
  = ROW (freespace, SsdbFreespaceResult, build_freespace_test, freespace_load_new,
         load_freespace_test, NULL, ssdb_freespace_estimate),
  [SSDB_TEST_KIND_CONSISTENCY]
  = ROW (consistency, SsdbConsistencyResult, build_consistency_test, consistency_load_new,
         load_consistency_test, NULL, ssdb_consistency_estimate),
  [SSDB_TEST_KIND_READBACK]
  = ROW (readback, SsdbReadbackResult, build_readback_test, readback_load_new, load_readback_test,
         NULL, ssdb_readback_estimate),
  [SSDB_TEST_KIND_SCAN] = ROW (scan, SsdbScanResult, build_scan_test, scan_load_new, load_scan_test,
                               NULL, ssdb_scan_estimate),
  [SSDB_TEST_KIND_RANDOMACCESS]
  = ROW_STEM (randomaccess, random_access, SsdbRandomAccessResult, build_randomaccess_test,
              randomaccess_load_new, load_randomaccess_test, NULL, ssdb_random_access_estimate),
  [SSDB_TEST_KIND_ASSSD] = ROW (asssd, SsdbAsssdResult, build_asssd_test, asssd_load_new,
                                load_asssd_test, NULL, ssdb_asssd_estimate),
  [SSDB_TEST_KIND_COPY] = ROW (copy, SsdbCopyResult, build_copy_test, copy_load_new, load_copy_test,
                               NULL, ssdb_copy_estimate),
};

const SsdbTestKind ssdb_test_kind_report_order[SSDB_TEST_KIND_N] = {
  SSDB_TEST_KIND_SUMMARY,  SSDB_TEST_KIND_SURFACE,      SSDB_TEST_KIND_FILL,
  SSDB_TEST_KIND_ACCESS,   SSDB_TEST_KIND_SWEEP,        SSDB_TEST_KIND_WORKLOAD,
  SSDB_TEST_KIND_RECOVERY, SSDB_TEST_KIND_CONSISTENCY,  SSDB_TEST_KIND_COMPRESSION,
  SSDB_TEST_KIND_TRIM,     SSDB_TEST_KIND_FREESPACE,    SSDB_TEST_KIND_READBACK,
  SSDB_TEST_KIND_SCAN,     SSDB_TEST_KIND_RANDOMACCESS, SSDB_TEST_KIND_ASSSD,
  SSDB_TEST_KIND_COPY,
};

const char *
ssdb_test_kind_to_string (SsdbTestKind kind)
{
  g_return_val_if_fail ((guint)kind < SSDB_TEST_KIND_N, ssdb_test_kinds[0].name);

  return ssdb_test_kinds[kind].name;
}

gboolean
ssdb_test_kind_from_string (const char *name, SsdbTestKind *kind)
{
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (kind != NULL, FALSE);

  for (guint k = 0; k < SSDB_TEST_KIND_N; k++)
    if (g_str_equal (name, ssdb_test_kinds[k].name))
      {
        *kind = (SsdbTestKind)k;
        return TRUE;
      }
  return FALSE;
}

void
ssdb_test_kind_result_free (SsdbTestKind kind, gpointer result)
{
  g_return_if_fail ((guint)kind < SSDB_TEST_KIND_N);

  if (result != NULL)
    ssdb_test_kinds[kind].free (result);
}

gpointer
ssdb_test_kind_result_dup (SsdbTestKind kind, gconstpointer result)
{
  g_return_val_if_fail ((guint)kind < SSDB_TEST_KIND_N, NULL);

  return ssdb_test_kinds[kind].dup (result);
}

gboolean
ssdb_test_kind_estimate (SsdbTestKind kind, gconstpointer result, guint64 target_bytes,
                         SsdbRunEstimate *out)
{
  g_return_val_if_fail ((guint)kind < SSDB_TEST_KIND_N, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  if (ssdb_test_kinds[kind].estimate == NULL)
    return FALSE;
  return ssdb_test_kinds[kind].estimate (result, target_bytes, out);
}

gboolean
ssdb_test_kind_check (SsdbTestKind kind, gconstpointer result, const SsdbTargetInfo *target,
                      GError **error)
{
  g_return_val_if_fail ((guint)kind < SSDB_TEST_KIND_N, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return ssdb_test_kinds[kind].check (result, target, error);
}

const SsdbTemperatureLog *
ssdb_test_kind_get_temperature (SsdbTestKind kind, gconstpointer result)
{
  g_return_val_if_fail ((guint)kind < SSDB_TEST_KIND_N, NULL);

  if (result == NULL)
    return NULL;
  return *(SsdbTemperatureLog *const *)((const char *)result
                                        + ssdb_test_kinds[kind].temperature_offset);
}

const SsdbDriveCounts *
ssdb_test_kind_get_drive_counts (SsdbTestKind kind, gconstpointer result)
{
  g_return_val_if_fail ((guint)kind < SSDB_TEST_KIND_N, NULL);

  if (result == NULL)
    return NULL;
  return *(SsdbDriveCounts *const *)((const char *)result
                                     + ssdb_test_kinds[kind].drive_counts_offset);
}

char *
ssdb_test_kind_dup_drive_alert (SsdbTestKind kind, gconstpointer result)
{
  const SsdbTemperatureLog *log = ssdb_test_kind_get_temperature (kind, result);
  const SsdbDriveCounts *counts = ssdb_test_kind_get_drive_counts (kind, result);
  SsdbTemperatureStats st;
  GString *out = g_string_new (NULL);

  if (log != NULL && ssdb_temperature_log_stats (log, &st) && st.over_warning)
    g_string_append_printf (
        out,
        "Drive at its %.0f °C %s temperature or above for %.0f s from %.0f s in (up to %.0f °C)",
        st.over_critical ? log->critical_c : log->warning_c,
        st.over_critical ? "critical" : "warning", st.over_warning_s, st.first_over_warning_s,
        st.max_c);
  if (counts != NULL && counts->throttle_before_s >= 0
      && counts->throttle_after_s > counts->throttle_before_s)
    g_string_append_printf (out, "%s throttled itself for heat for %" G_GINT64_FORMAT " s",
                            out->len > 0 ? "; it" : "Drive",
                            counts->throttle_after_s - counts->throttle_before_s);
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

gboolean
ssdb_test_kind_run_writes (SsdbTestKind kind, gconstpointer result, SsdbTarget *target)
{
  gboolean writable, file;

  g_return_val_if_fail ((guint)kind < SSDB_TEST_KIND_N, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);

  writable = ssdb_target_is_writable (target);
  file = ssdb_target_get_info (target)->kind == SSDB_TARGET_FILE;
  switch (kind)
    {
      case SSDB_TEST_KIND_SURFACE:
        return ((const SsdbSurfaceResult *)result)->spec.write != SSDB_SURFACE_WRITE_NONE;
      case SSDB_TEST_KIND_ACCESS:
        return writable && (((const SsdbAccessResult *)result)->spec.fill || file);
      case SSDB_TEST_KIND_SWEEP:
        {
          const SsdbSweepSpec *spec = &((const SsdbSweepResult *)result)->spec;

          return spec->do_write || (writable && spec->do_read && (spec->fill || file));
        }
      case SSDB_TEST_KIND_WORKLOAD:
        return ((const SsdbWorkloadResult *)result)->spec.read_percent < 100 || (writable && file);
      case SSDB_TEST_KIND_SCAN:
        return ((const SsdbScanResult *)result)->spec.verify;
      case SSDB_TEST_KIND_RANDOMACCESS:
        {
          const SsdbRandomAccessSpec *spec = &((const SsdbRandomAccessResult *)result)->spec;

          return spec->do_write || (writable && spec->do_read && (spec->fill || file));
        }
      case SSDB_TEST_KIND_ASSSD:
        {
          const SsdbAsssdSpec *spec = &((const SsdbAsssdResult *)result)->spec;

          return spec->do_write || (writable && spec->do_read && (spec->fill || file));
        }
      case SSDB_TEST_KIND_SUMMARY:
        /* its write tests, and the region filled before its reads */
        return writable;
      default:
        /* fill, recovery, compression, TRIM, free space, steady state, read after write */
        return TRUE;
    }
}

SsdbRunRecording *
ssdb_test_kind_recording_begin (SsdbTestKind kind, SsdbTarget *target, gconstpointer result,
                                GError **error)
{
  g_return_val_if_fail ((guint)kind < SSDB_TEST_KIND_N, NULL);
  g_return_val_if_fail (SSDB_IS_TARGET (target), NULL);
  g_return_val_if_fail (result != NULL, NULL);

  if (!ssdb_test_kind_check (kind, result, ssdb_target_get_info (target), error))
    return NULL;
  return ssdb_target_recording_begin (target, ssdb_test_kind_run_writes (kind, result, target));
}

void
ssdb_test_kind_recording_end (SsdbTestKind kind, SsdbTarget *target, gpointer result,
                              SsdbRunRecording *recording)
{
  g_return_if_fail ((guint)kind < SSDB_TEST_KIND_N);
  g_return_if_fail (result != NULL);

  if (recording == NULL)
    return;
  ssdb_target_recording_end (
      target, recording,
      (SsdbTemperatureLog **)((char *)result + ssdb_test_kinds[kind].temperature_offset),
      (SsdbDriveCounts **)((char *)result + ssdb_test_kinds[kind].drive_counts_offset));
}
