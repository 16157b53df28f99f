/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-fill.h"
#include "ssdb-fill-chart.h"
#include "ssdb-test-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_FILL_PAGE (ssdb_fill_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbFillPage, ssdb_fill_page, SSDB, FILL_PAGE, GtkBox)

/**
 * SsdbFillPage:
 *
 * The "Fill" page: the whole-drive fill's settings (passes 1..4, read-back, block size, queue
 * depth), the live fill chart (with the analysis in words once finished) and a status line. The run
 * happens on an #SsdbPageRun worker thread that opens the target and calls ssdb_fill_run(); at
 * every progress report (about every 0.5 s) it publishes a copy of the passes, and one coalesced
 * callback on the main context, at most 10 times a second, copies it into the page's result and
 * redraws. A fill always writes: on a device the window asks for the destructive-write confirmation
 * before calling ssdb_fill_page_start().
 *
 * Signals: ::updated after new rates arrived; ::finished (GError, nullable) when a run ends.
 */

GtkWidget *
ssdb_fill_page_new (void);

/**
 * ssdb_fill_page_set_target:
 * @title: (nullable): header line of the chart
 * @device_bytes: size of the device (0 for a test file)
 * @write_refusal: (nullable): why writing is refused on this target; shown, and the window
 *   does not start a fill then
 *
 * A new target: the chart is cleared.
 */
void
ssdb_fill_page_set_target (SsdbFillPage *self, const char *title, guint64 device_bytes,
                           const char *write_refusal);

/**
 * ssdb_fill_page_get_spec:
 * @spec: (out caller-allocates): the spec the page's settings describe (whole span)
 */
void
ssdb_fill_page_get_spec (SsdbFillPage *self, SsdbFillSpec *spec);

/**
 * ssdb_fill_page_configure:
 * @spec: passes, read_back, block_size and queue_depth are applied to the controls
 *
 * Returns: %FALSE if a value is not one the controls offer (nothing is changed then).
 */
gboolean
ssdb_fill_page_configure (SsdbFillPage *self, const SsdbFillSpec *spec);

/**
 * ssdb_fill_page_stop:
 *
 * Cancels the run and returns at once; the page stops running as soon as the worker ends and
 * the device completed its requests, no later than 2 s after this call (#SsdbPageRun),
 * keeping the rates measured, marked cancelled.
 */
void
ssdb_fill_page_stop (SsdbFillPage *self);

/** ssdb_fill_page_get_stop_timing: @timing: (out caller-allocates): the latest run's stop. */
void
ssdb_fill_page_get_stop_timing (SsdbFillPage *self, SsdbStopTiming *timing);

/** ssdb_fill_page_get_running: Returns: %TRUE from start to the end of the run. */
gboolean
ssdb_fill_page_get_running (SsdbFillPage *self);

/** ssdb_fill_page_get_busy: Returns: %TRUE while a worker thread is alive. */
gboolean
ssdb_fill_page_get_busy (SsdbFillPage *self);

/** ssdb_fill_page_get_fraction: Returns: 0..1 progress of the run. */
double
ssdb_fill_page_get_fraction (SsdbFillPage *self);

/**
 * ssdb_fill_page_get_result:
 *
 * Returns: (transfer none) (nullable): the main thread's copy of the latest run's result
 *   (growing while it runs, with the analysis once finished).
 */
const SsdbFillResult *
ssdb_fill_page_get_result (SsdbFillPage *self);

/** ssdb_fill_page_get_chart: Returns: (transfer none): the chart. */
SsdbFillChart *
ssdb_fill_page_get_chart (SsdbFillPage *self);

/**
 * ssdb_fill_page_get_status:
 * @self: the page
 *
 * Returns: (transfer none): the status line under the chart ("Done: 2 write passes, ..."),
 *   owned by the page
 */
const char *
ssdb_fill_page_get_status (SsdbFillPage *self);

/**
 * ssdb_fill_page_get_analysis_text:
 *
 * Returns: the analysis in words of the latest finished fill, drawn under the chart and given
 *   to assistive technologies as the chart's description; "" when there is none.
 */
const char *
ssdb_fill_page_get_analysis_text (SsdbFillPage *self);

/** ssdb_fill_page_has_result: Returns: %TRUE when a chart with passes is showing. */
gboolean
ssdb_fill_page_has_result (SsdbFillPage *self);

G_END_DECLS
