/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-sweep.h"
#include "render/ssdb-sweep-painter.h"
#include "ssdb-chart-view.h"
#include "ssdb-kind-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_SWEEP_PAGE (ssdb_sweep_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbSweepPage, ssdb_sweep_page, SSDB, SWEEP_PAGE, SsdbKindPage)

/**
 * SsdbSweepPage:
 *
 * The "Transfer Sizes" page: ATTO's sweep of sequential transfers of rising size over a fixed
 * region at a fixed queue depth, a write and a read bar per size with their MB/s (and IOPS) in
 * a table, the finding in words. Writes on a device destroy the region's data: the window asks
 * for the confirmation naming the device before calling ssdb_sweep_page_start() with writes.
 */

GtkWidget *
ssdb_sweep_page_new (void);

/**
 * ssdb_sweep_page_set_target:
 * @title: (nullable): header line of the chart
 * @device_bytes: size of the device (0 for a test file)
 */
void
ssdb_sweep_page_set_target (SsdbSweepPage *self, const char *title, guint64 device_bytes);

/**
 * ssdb_sweep_page_get_spec:
 * @spec: (out caller-allocates): the spec the page's settings describe (the region clamped to
 *   the device)
 */
void
ssdb_sweep_page_get_spec (SsdbSweepPage *self, SsdbSweepSpec *spec);

/**
 * ssdb_sweep_page_configure:
 * @spec: start and end size, queue depth, region length, duration per size and writes are
 *   applied to the controls
 *
 * Returns: %FALSE if a value is not one the controls offer (nothing is changed then).
 */
gboolean
ssdb_sweep_page_configure (SsdbSweepPage *self, const SsdbSweepSpec *spec);

/** ssdb_sweep_page_get_writes: Returns: %TRUE when the next sweep writes too. */
gboolean
ssdb_sweep_page_get_writes (SsdbSweepPage *self);

/** ssdb_sweep_page_get_run: Returns: (transfer none): the page's run. */
SsdbPageRun *
ssdb_sweep_page_get_run (SsdbSweepPage *self);

/** ssdb_sweep_page_get_result: Returns: (transfer none) (nullable): the result shown. */
const SsdbSweepResult *
ssdb_sweep_page_get_result (SsdbSweepPage *self);

/** ssdb_sweep_page_get_chart: Returns: (transfer none): the chart. */
SsdbChartView *
ssdb_sweep_page_get_chart (SsdbSweepPage *self);

/**
 * ssdb_sweep_page_fill_view:
 * @view: (out caller-allocates): what the chart draws (pointers owned by the page)
 */
void
ssdb_sweep_page_fill_view (SsdbSweepPage *self, SsdbSweepView *view);

/** ssdb_sweep_page_get_status: Returns: the status line. */
const char *
ssdb_sweep_page_get_status (SsdbSweepPage *self);

/**
 * ssdb_sweep_page_set_block_size:
 * @self: the page
 * @block_size: the target's logical block size in bytes (0: not known, every size offered)
 *
 * Offers only transfer sizes that are multiples of @block_size (a 4096-byte-sector drive takes
 * no 512 B to 2 KiB transfers); a selected size below it moves up to the smallest one offered.
 */
void
ssdb_sweep_page_set_block_size (SsdbSweepPage *self, guint block_size);

G_END_DECLS
