/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-randomaccess.h"
#include "render/ssdb-randomaccess-painter.h"
#include "ssdb-chart-view.h"
#include "ssdb-kind-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_RANDOM_ACCESS_PAGE (ssdb_random_access_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbRandomAccessPage, ssdb_random_access_page, SSDB, RANDOM_ACCESS_PAGE,
                      SsdbKindPage)

/**
 * SsdbRandomAccessPage:
 *
 * The "Random Access" page: HD Tune Pro's table of random requests at queue depth 1 per
 * transfer size (the logical block, 4 KiB, 64 KiB, 1 MiB and a mix of them), reads and
 * optionally writes, with IOPS, mean and max access time and MB/s, and the scatter of access
 * time against position. Writes on a device destroy data at random places over the region: the
 * window asks for the confirmation naming the device before each start with writes.
 */

GtkWidget *
ssdb_random_access_page_new (void);

/**
 * ssdb_random_access_page_get_spec:
 * @spec: (out caller-allocates): the settings the page's controls describe
 *
 * Returns: %FALSE with @error when no transfer size is chosen.
 */
gboolean
ssdb_random_access_page_get_spec (SsdbRandomAccessPage *self, SsdbRandomAccessSpec *spec,
                                  GError **error);

/**
 * ssdb_random_access_page_configure:
 * @spec: the sizes (of the logical block, 4 KiB, 64 KiB, 1 MiB), the mix, the region (the whole
 *   target, 1, 8 or 64 GiB), the time per row (1, 3, 5 or 10 s) and writes are applied to the
 *   controls
 *
 * Returns: %FALSE if a value is not one the controls offer (nothing is changed then).
 */
gboolean
ssdb_random_access_page_configure (SsdbRandomAccessPage *self, const SsdbRandomAccessSpec *spec);

/** ssdb_random_access_page_get_writes: Returns: %TRUE when the next run writes too. */
gboolean
ssdb_random_access_page_get_writes (SsdbRandomAccessPage *self);

/** ssdb_random_access_page_get_run: Returns: (transfer none): the page's run. */
SsdbPageRun *
ssdb_random_access_page_get_run (SsdbRandomAccessPage *self);

/** ssdb_random_access_page_get_result: Returns: (transfer none) (nullable): the result shown. */
const SsdbRandomAccessResult *
ssdb_random_access_page_get_result (SsdbRandomAccessPage *self);

/** ssdb_random_access_page_get_chart: Returns: (transfer none): the chart and table. */
SsdbChartView *
ssdb_random_access_page_get_chart (SsdbRandomAccessPage *self);

/**
 * ssdb_random_access_page_fill_view:
 * @view: (out caller-allocates): what the chart draws (pointers owned by the page)
 */
void
ssdb_random_access_page_fill_view (SsdbRandomAccessPage *self, SsdbRandomAccessView *view);

/** ssdb_random_access_page_get_status: Returns: the status line. */
const char *
ssdb_random_access_page_get_status (SsdbRandomAccessPage *self);

G_END_DECLS
