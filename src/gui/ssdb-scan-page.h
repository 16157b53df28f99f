/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-scan.h"
#include "render/ssdb-scan-painter.h"
#include "ssdb-chart-view.h"
#include "ssdb-kind-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_SCAN_PAGE (ssdb_scan_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbScanPage, ssdb_scan_page, SSDB, SCAN_PAGE, SsdbKindPage)

/**
 * SsdbScanPage:
 *
 * The "Error Scan" page, as HD Tune's: every block of the selected drive read once at QD1, a
 * grid of squares coloured by what each part of the drive did (read, slow, unreadable), the
 * unreadable ranges by LBA and the finding in words. It only reads, unless "Write and Verify"
 * is on: then each block is written, read back and compared, after the window's confirmation
 * naming the device. A stopped scan can go on from where it stopped ("Go On").
 */

GtkWidget *
ssdb_scan_page_new (void);

/**
 * ssdb_scan_page_get_spec:
 * @spec: (out caller-allocates): the settings the page's controls describe (the span is the
 *   whole device: span_length 0)
 */
void
ssdb_scan_page_get_spec (SsdbScanPage *self, SsdbScanSpec *spec);

/**
 * ssdb_scan_page_configure:
 * @spec: settings: a block size and a slow threshold the controls offer
 *
 * Returns: %FALSE (nothing changed) when the controls cannot show @spec
 */
gboolean
ssdb_scan_page_configure (SsdbScanPage *self, const SsdbScanSpec *spec);

/**
 * ssdb_scan_page_set_resume:
 * @resume: the next start goes on from the stopped scan shown
 *
 * The "Go On" switch; it stays off (and insensitive) unless the page shows a stopped scan of
 * the selected device.
 */
void
ssdb_scan_page_set_resume (SsdbScanPage *self, gboolean resume);

/**
 * ssdb_scan_page_set_verify:
 * @verify: the next new scan writes and verifies (the "Write and Verify" switch); the window
 *   asks for the confirmation naming the device before it starts
 */
void
ssdb_scan_page_set_verify (SsdbScanPage *self, gboolean verify);

/**
 * ssdb_scan_page_get_can_resume:
 *
 * Returns: %TRUE when the page shows a scan stopped before its end on the selected device,
 *   which Go On continues (the switch is sensitive then)
 */
gboolean
ssdb_scan_page_get_can_resume (SsdbScanPage *self);

/** ssdb_scan_page_get_result: Returns: (transfer none) (nullable): the scan shown. */
const SsdbScanResult *
ssdb_scan_page_get_result (SsdbScanPage *self);

/** ssdb_scan_page_get_status: Returns: (transfer none): the status line's text. */
const char *
ssdb_scan_page_get_status (SsdbScanPage *self);

/**
 * ssdb_scan_page_fill_view:
 * @view: (out caller-allocates): what the chart draws now
 */
void
ssdb_scan_page_fill_view (SsdbScanPage *self, SsdbScanView *view);

G_END_DECLS
