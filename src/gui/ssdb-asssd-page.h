/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-asssd.h"
#include "render/ssdb-asssd-painter.h"
#include "ssdb-chart-view.h"
#include "ssdb-kind-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_ASSSD_PAGE (ssdb_asssd_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbAsssdPage, ssdb_asssd_page, SSDB, ASSSD_PAGE, SsdbKindPage)

/**
 * SsdbAsssdPage:
 *
 * The "AS SSD" page: AS SSD Benchmark's table (Seq, 4K, 4K-64Thrd and the access times, read and
 * optionally written) with its scores. Writes on a device destroy the data in the span: the
 * window asks for the confirmation naming the device before each start with writes.
 */

GtkWidget *
ssdb_asssd_page_new (void);

/**
 * ssdb_asssd_page_get_spec:
 * @spec: (out): the settings the controls show (a new seed each call)
 *
 * Returns: %TRUE (the controls always make valid settings)
 */
gboolean
ssdb_asssd_page_get_spec (SsdbAsssdPage *self, SsdbAsssdSpec *spec);

/** ssdb_asssd_page_set_duration: sets the duration control to @seconds when it offers it. */
gboolean
ssdb_asssd_page_set_duration (SsdbAsssdPage *self, guint seconds);

/** ssdb_asssd_page_get_writes: Returns: %TRUE when the next run writes too. */
gboolean
ssdb_asssd_page_get_writes (SsdbAsssdPage *self);

/** ssdb_asssd_page_get_run: Returns: (transfer none): the page's run. */
SsdbPageRun *
ssdb_asssd_page_get_run (SsdbAsssdPage *self);

/** ssdb_asssd_page_get_result: Returns: (transfer none) (nullable): the result shown. */
const SsdbAsssdResult *
ssdb_asssd_page_get_result (SsdbAsssdPage *self);

/**
 * ssdb_asssd_page_dup_chart_words:
 *
 * Returns: (transfer full): the words the table shows now besides its figures
 *   (ssdb_asssd_painter_dup_words()): before any run or report, dashes and no verdict
 */
char *
ssdb_asssd_page_dup_chart_words (SsdbAsssdPage *self);

/** ssdb_asssd_page_get_chart: Returns: (transfer none): the table. */
SsdbChartView *
ssdb_asssd_page_get_chart (SsdbAsssdPage *self);

/** ssdb_asssd_page_get_status: Returns: the status line. */
const char *
ssdb_asssd_page_get_status (SsdbAsssdPage *self);

G_END_DECLS
