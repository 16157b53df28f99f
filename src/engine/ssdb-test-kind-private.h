/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-report-private.h"
#include "ssdb-test-kind.h"

G_BEGIN_DECLS

typedef gpointer (*SsdbTestKindDupFunc) (gconstpointer result);
typedef void (*SsdbTestKindWriteFunc) (JsonBuilder *b, gconstpointer result);
typedef gboolean (*SsdbTestKindEstimateFunc) (gconstpointer result, guint64 target_bytes,
                                              SsdbRunEstimate *out);
typedef gboolean (*SsdbTestKindCheckFunc) (gconstpointer result, const SsdbTargetInfo *target,
                                           GError **error);
typedef gboolean (*SsdbTestKindLoadFunc) (Loader *l, JsonObject *object, guint64 target_bytes,
                                          gpointer result, GError **error);

/**
 * SsdbTestKindInfo:
 * @name: the "kind" of its test objects in a report
 * @report_offset: where #SsdbReport holds the result (offsetof (SsdbReport, surface))
 * @free: frees a result
 * @dup: a deep copy of a result
 * @write: adds the result's test object to the "tests" array being built (the summary adds one
 *   per entry)
 * @load_new: a new, empty result for a test object to be read into; %NULL for the summary,
 *   whose result is made from the top-level "summary" settings and gets one entry per object
 * @load: reads a test object into @result (for the summary, the report's summary, %NULL when
 *   the report has no "summary" settings); @target_bytes is the size of the report's target
 * @reanalyse: (nullable): what a loaded result's analysis follows from the current version
 *   (words, verdicts), called after @load
 * @estimate: (nullable): how long a run of a new result's settings takes
 *   (ssdb_test_kind_estimate())
 * @check: whether a new result's settings fit a target (ssdb_test_kind_check())
 * @temperature_offset: where the result holds the drive's temperature during its run
 * @drive_counts_offset: where the result holds the drive's count of the run's writes
 *
 * One row of the table of kinds.
 */
typedef struct
{
  const char *name;
  gsize report_offset;
  GDestroyNotify free;
  SsdbTestKindDupFunc dup;
  SsdbTestKindWriteFunc write;
  gpointer (*load_new) (void);
  SsdbTestKindLoadFunc load;
  void (*reanalyse) (gpointer result, const SsdbReport *report);
  SsdbTestKindEstimateFunc estimate;
  SsdbTestKindCheckFunc check;
  gsize temperature_offset;
  gsize drive_counts_offset;
} SsdbTestKindInfo;

/* The table, indexed by kind. */
extern const SsdbTestKindInfo ssdb_test_kinds[SSDB_TEST_KIND_N];

/* The kinds in the order a report writes its tests, which is also the order in which an
 * unknown "kind" lists the names it expected. */
extern const SsdbTestKind ssdb_test_kind_report_order[SSDB_TEST_KIND_N];

G_END_DECLS
