/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-summary.h"
#include "ssdb-summary-chart.h"
#include "ssdb-test-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_SUMMARY_PAGE (ssdb_summary_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbSummaryPage, ssdb_summary_page, SSDB, SUMMARY_PAGE, GtkBox)

/**
 * SsdbSummaryPage:
 *
 * The Summary page: the CrystalDiskMark-like grid of the summary's tests, its settings (bound
 * to the window's settings), the Write Tests and Mixed switches and the run's status. It runs
 * ssdb_summary_run() on its #SsdbPageRun. Writing on a device needs the window's shared write
 * permission: the Write Tests switch asks for it (#SsdbTestPage::write-requested) and shows it.
 */

/**
 * SsdbSummaryPageProgress:
 * @entry_index: index of the running entry, -1 while preparing or when idle
 * @fraction: 0..1 of the whole run
 * @entry_fraction: 0..1 of the running entry
 * @bytes_per_second: live rate of the running pass
 * @phase: "open", "prepare", "warmup", "measure", "interval" or "done"
 * @elapsed_us: time since the start, µs
 * @remaining_us: estimated time to the end, µs; -1 when not known yet
 */
typedef struct
{
  int entry_index;
  double fraction;
  double entry_fraction;
  double bytes_per_second;
  const char *phase;
  gint64 elapsed_us;
  gint64 remaining_us;
} SsdbSummaryPageProgress;

/**
 * ssdb_summary_page_get_spec:
 * @spec: (out caller-allocates): the summary the next start runs, from the settings (profile,
 *   size, count, duration, interval, data, aggregate, warm-up, on-error, mix) and the Write
 *   Tests switch
 */
void
ssdb_summary_page_get_spec (SsdbSummaryPage *self, SsdbSummarySpec *spec);

/** ssdb_summary_page_get_writes_enabled: Returns: %TRUE when the next run includes writes. */
gboolean
ssdb_summary_page_get_writes_enabled (SsdbSummaryPage *self);

/**
 * ssdb_summary_page_get_view:
 *
 * Returns: (transfer none) (nullable): the latest run's entries as the grid shows them (states,
 *   aggregates, passes), %NULL before the first run.
 */
const SsdbSummaryResult *
ssdb_summary_page_get_view (SsdbSummaryPage *self);

/**
 * ssdb_summary_page_get_final_result:
 *
 * Returns: (transfer none) (nullable): the complete result of the latest finished run (with
 *   every pass), or %NULL while running or when the run was detached after a stop.
 */
const SsdbSummaryResult *
ssdb_summary_page_get_final_result (SsdbSummaryPage *self);

/** ssdb_summary_page_get_progress: Returns: (transfer none): the latest progress. */
const SsdbSummaryPageProgress *
ssdb_summary_page_get_progress (SsdbSummaryPage *self);

/** ssdb_summary_page_get_chart: Returns: (transfer none): the grid. */
SsdbSummaryChart *
ssdb_summary_page_get_chart (SsdbSummaryPage *self);

/**
 * ssdb_summary_page_get_write_reason:
 *
 * Returns: (transfer none): the text under the Write Tests switch (why it is off or
 *   insensitive).
 */
const char *
ssdb_summary_page_get_write_reason (SsdbSummaryPage *self);

/** ssdb_summary_page_get_write_switch_sensitive: Returns: whether writes may be turned on. */
gboolean
ssdb_summary_page_get_write_switch_sensitive (SsdbSummaryPage *self);

G_END_DECLS
