/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-surface.h"
#include "ssdb-test-page.h"
#include "ssdb-surface-chart.h"

G_BEGIN_DECLS

#define SSDB_TYPE_SURFACE_PAGE (ssdb_surface_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbSurfacePage, ssdb_surface_page, SSDB, SURFACE_PAGE, GtkBox)

/**
 * SsdbSurfacePage:
 *
 * The "Surface" page: settings (samples, bytes per sample, block size, span, access samples,
 * read only or destructive write), the live surface chart and its status. The run happens on an
 * #SsdbPageRun worker thread that opens the target and calls ssdb_surface_run(); after every
 * sample it publishes a copy of the curves, and one coalesced callback on the main context, at
 * most 10 times a second, copies them into the page's result (which keeps its address over the
 * run, so the chart draws only the new samples) and redraws the chart.
 *
 * Signals: #SsdbSurfacePage::write-requested when the user picks the destructive write mode
 * (the window answers with the same confirmation as the summary's write switch, and calls
 * ssdb_surface_page_set_write_mode() to turn it back off when refused); ::updated after new
 * samples arrived; ::finished (GError, nullable) when a run ends.
 */

GtkWidget *
ssdb_surface_page_new (void);

/**
 * ssdb_surface_page_set_target:
 * @title: (nullable): header line of the chart
 * @device_bytes: size of the device (0 for a test file: the span)
 * @write_refusal: (nullable): why writing is refused on this target (mounted, read-only...);
 *   the write mode is then read only and cannot be changed
 *
 * A new target: the chart is cleared, the span is reset to the whole device and the write mode
 * to read only.
 */
void
ssdb_surface_page_set_target (SsdbSurfacePage *self, const char *title, guint64 device_bytes,
                              const char *write_refusal);

/**
 * ssdb_surface_page_get_spec:
 * @spec: (out caller-allocates): the spec the page's settings describe
 */
void
ssdb_surface_page_get_spec (SsdbSurfacePage *self, SsdbSurfaceSpec *spec);

/**
 * ssdb_surface_page_configure:
 * @spec: samples, sample_bytes, block_size, access_samples, span_offset, span_length
 *   (0 = whole) and write are applied to the page's controls
 *
 * Returns: %FALSE if a value is not one the controls offer (nothing is changed then).
 */
gboolean
ssdb_surface_page_configure (SsdbSurfacePage *self, const SsdbSurfaceSpec *spec);

/** ssdb_surface_page_get_write_mode: Returns: the write mode chosen. */
SsdbSurfaceWrite
ssdb_surface_page_get_write_mode (SsdbSurfacePage *self);

/**
 * ssdb_surface_page_set_write_mode:
 *
 * Sets the write mode without asking for a confirmation (for the window, after its dialog).
 */
void
ssdb_surface_page_set_write_mode (SsdbSurfacePage *self, SsdbSurfaceWrite mode);

/**
 * ssdb_surface_page_start:
 * @path: block device node or directory (test file)
 * @flags: %SSDB_TARGET_OPEN_WRITE for a write surface or a test file
 * @permission: (nullable): the medium the user confirmed may be overwritten
 * @file_size: test file size for a directory, bytes
 * @error: SSDB_ERROR_FAILED while a previous run's worker is still ending
 *
 * Starts a surface with the page's settings; the chart clears and fills as samples arrive.
 *
 * Returns: %TRUE, or %FALSE with @error.
 */
gboolean
ssdb_surface_page_start (SsdbSurfacePage *self, const char *path, SsdbTargetOpenFlags flags,
                         const SsdbDeviceIdentity *permission, guint64 file_size, GError **error);

/**
 * ssdb_surface_page_stop:
 *
 * Cancels the run and returns at once (it waits for nothing); the page stops running as soon
 * as the worker ends and the device completed its requests, no later than 2 s after this call
 * (#SsdbPageRun), and keeps the samples measured, marked cancelled.
 */
void
ssdb_surface_page_stop (SsdbSurfacePage *self);

/**
 * ssdb_surface_page_get_stop_timing:
 * @timing: (out caller-allocates): the latest run's stop, see #SsdbStopTiming
 */
void
ssdb_surface_page_get_stop_timing (SsdbSurfacePage *self, SsdbStopTiming *timing);

/** ssdb_surface_page_get_running: Returns: %TRUE from start to the end of the run. */
gboolean
ssdb_surface_page_get_running (SsdbSurfacePage *self);

/** ssdb_surface_page_get_busy: Returns: %TRUE while a worker thread is alive. */
gboolean
ssdb_surface_page_get_busy (SsdbSurfacePage *self);

/** ssdb_surface_page_get_fraction: Returns: 0..1 progress of the run. */
double
ssdb_surface_page_get_fraction (SsdbSurfacePage *self);

/**
 * ssdb_surface_page_get_result:
 *
 * Returns: (transfer none) (nullable): the main thread's copy of the latest run's result
 *   (growing while it runs, complete once finished).
 */
const SsdbSurfaceResult *
ssdb_surface_page_get_result (SsdbSurfacePage *self);

/** ssdb_surface_page_get_chart: Returns: (transfer none): the chart. */
SsdbSurfaceChart *
ssdb_surface_page_get_chart (SsdbSurfacePage *self);

G_END_DECLS
