/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-unwritten.h"
#include "ssdb-chart-view.h"
#include "ssdb-test-page.h"

G_BEGIN_DECLS

/**
 * SsdbPageParts:
 * @settings: a flow box for the test's settings (insensitive while the test runs)
 * @chart: the chart, in a framed well that takes the room left
 * @bottom: a row under the chart: view options at the start, then @status
 * @status: the status line at the end of @bottom
 *
 * The layout every test page shares: settings on top, the chart, a status line.
 */
typedef struct
{
  GtkWidget *settings;
  SsdbChartView *chart;
  GtkWidget *bottom;
  GtkLabel *status;
} SsdbPageParts;

/**
 * ssdb_page_parts_build:
 * @page: a vertical box that gets the parts as children
 * @parts: (out caller-allocates): the parts (owned by @page)
 * @chart_label: the chart's accessible label
 */
void
ssdb_page_parts_build (GtkBox *page, SsdbPageParts *parts, const char *chart_label);

/**
 * ssdb_page_parts_add_setting:
 * @box: a settings flow box, or any box
 * @label: the label before @control (with a mnemonic)
 * @control: the control
 * @tooltip: (nullable): shown over the label, and the control's accessible description
 *
 * Returns: (transfer none): the row that holds both, appended to @box.
 */
GtkWidget *
ssdb_page_parts_add_setting (GtkWidget *box, const char *label, GtkWidget *control,
                             const char *tooltip);

/**
 * ssdb_page_parts_dropdown_new:
 * @n: entries
 * @label: returns the newly allocated text of entry @i
 * @selected: the entry selected at first
 *
 * Returns: (transfer floating): a drop-down of @n entries.
 */
GtkDropDown *
ssdb_page_parts_dropdown_new (guint n, char *(*label) (guint i), guint selected);

/**
 * ssdb_page_parts_dup_caption:
 *
 * Returns: (transfer full): the caption of exported images: "SSD Bench 0.1 · 2026-11-30 10:12".
 */
char *
ssdb_page_parts_dup_caption (void);

/**
 * ssdb_page_parts_export_style_init:
 * @style: (out caller-allocates): the style of a page's exported image: the review theme, with
 *   the text in the charts' language (ssdb_render_get_language())
 */
void
ssdb_page_parts_export_style_init (SsdbStyle *style);

/**
 * ssdb_page_parts_format_seconds:
 * @ns: a time, ns
 *
 * Returns: (transfer full): "3 s", "0.5 s", "0.25 s" (as few decimals as needed, at most two).
 */
char *
ssdb_page_parts_format_seconds (guint64 ns);

/**
 * ssdb_page_parts_dup_span:
 * @span_length: the length of the tested region, bytes; 0 for the whole target
 *
 * Returns: (transfer full): "1.07 GB", or "whole target", for a settings line.
 */
char *
ssdb_page_parts_dup_span (guint64 span_length);

/**
 * ssdb_page_parts_add_span_note:
 * @line: (transfer full): the settings line of a result
 * @filled: the test filled its span before measuring
 * @reads: the test read its span
 * @unwritten_percent: the share of the span that held no data when the test read it, %
 * @unwritten_source: how that share is known; SSDB_UNWRITTEN_UNKNOWN says nothing
 *
 * What the span held, after a settings line: " · span filled first", or, for a test that read
 * a span partly never written (reads of it may not reach the medium), " · 12 % of it never
 * written".
 *
 * Returns: (transfer full): @line with the note, or @line itself.
 */
char *
ssdb_page_parts_add_span_note (char *line, gboolean filled, gboolean reads, guint unwritten_percent,
                               SsdbUnwrittenSource unwritten_source);

/**
 * ssdb_page_parts_redraw:
 * @parts: the page's parts
 * @words: (nullable): what the chart says in words, its accessible description (%NULL: none)
 *
 * Redraws the chart after its result or its view changed.
 */
void
ssdb_page_parts_redraw (SsdbPageParts *parts, const char *words);

/**
 * SSDB_PAGE_RUN_DEFINE_ACCESSORS:
 * @Type: the page's instance type (SsdbFillPage), with a member `SsdbPageRun *run`
 * @prefix: its functions' prefix (ssdb_fill_page)
 * @IS_TYPE: its type check (SSDB_IS_FILL_PAGE)
 *
 * Defines the page's own names for its run's state (its header declares them): PREFIX_stop(),
 * PREFIX_get_stop_timing(), PREFIX_get_running(), PREFIX_get_busy() and PREFIX_get_fraction(),
 * as ssdb_page_run_stop() and the getters of #SsdbPageRun say.
 */
#define SSDB_PAGE_RUN_DEFINE_ACCESSORS(Type, prefix, IS_TYPE)                                      \
  void prefix##_stop (Type *self)                                                                  \
  {                                                                                                \
    g_return_if_fail (IS_TYPE (self));                                                             \
    ssdb_page_run_stop (self->run);                                                                \
  }                                                                                                \
  void prefix##_get_stop_timing (Type *self, SsdbStopTiming *timing)                               \
  {                                                                                                \
    g_return_if_fail (IS_TYPE (self));                                                             \
    g_return_if_fail (timing != NULL);                                                             \
    ssdb_page_run_get_stop_timing (self->run, timing);                                             \
  }                                                                                                \
  gboolean prefix##_get_running (Type *self)                                                       \
  {                                                                                                \
    g_return_val_if_fail (IS_TYPE (self), FALSE);                                                  \
    return ssdb_page_run_get_running (self->run);                                                  \
  }                                                                                                \
  gboolean prefix##_get_busy (Type *self)                                                          \
  {                                                                                                \
    g_return_val_if_fail (IS_TYPE (self), FALSE);                                                  \
    return ssdb_page_run_get_busy (self->run);                                                     \
  }                                                                                                \
  double prefix##_get_fraction (Type *self)                                                        \
  {                                                                                                \
    g_return_val_if_fail (IS_TYPE (self), 0);                                                      \
    return ssdb_page_run_get_fraction (self->run);                                                 \
  }

/*
 * What every test page does with its #SsdbPageRun, in one place (a page derived from
 * #SsdbKindPage has the base do most of it, see ssdb-kind-page.h): a page makes its run with
 * ssdb_page_run_new_for_kind() and calls ssdb_page_parts_attach_run() from its init,
 * ssdb_page_parts_dispose_run() from its dispose, ssdb_page_parts_start_test() and then
 * ssdb_page_parts_started() from its start, ssdb_page_parts_show_progress() for its progress
 * line, ssdb_page_parts_end_text() from its ::finished handler and ssdb_page_parts_show() from
 * its show_result().
 */

/**
 * ssdb_page_parts_attach_run:
 * @chart: (nullable): the page's chart view, drawn by @draw; %NULL for a page with its own chart
 *   widget
 * @page: the page (an #SsdbTestPage), given to the callbacks
 * @run: (transfer none): the page's run, alive as long as the page
 * @kind: the test the page shows (unless it implements get_kind())
 * @on_updated: called as on_updated (page) on the run's ::updated
 * @on_tick: (nullable): called as on_tick (page) on the run's ::tick, once a second while it runs
 * @on_finished: called as on_finished (page, const GError *error) on the run's ::finished
 * @draw: (nullable): draws @chart, given @page
 *
 * A page's init, once its run is made: ssdb_test_page_attach_run(), the run's signals connected
 * (swapped) to @page, @draw set on @chart. ssdb_page_parts_dispose_run() disconnects them.
 */
void
ssdb_page_parts_attach_run (SsdbChartView *chart, gpointer page, SsdbPageRun *run,
                            SsdbTestKind kind, GCallback on_updated, GCallback on_tick,
                            GCallback on_finished, SsdbChartViewDrawFunc draw);

/**
 * ssdb_page_parts_dispose_run:
 * @run: (inout) (nullable): the page's run; stopped, disconnected from @page and released
 *   (%NULL afterwards; nothing when already %NULL)
 * @page: the page whose handlers are disconnected
 *
 * A page's dispose: a run still going is stopped (its worker ends on its own).
 */
void
ssdb_page_parts_dispose_run (SsdbPageRun **run, gpointer page);

/**
 * ssdb_page_parts_start_test:
 * @run: the page's run
 * @start: the target the window gives the page's start
 * @writes: the test writes to a device
 * @file_size: the size of the test file for a folder, bytes (unused for a device)
 * @test: runs the test into @result (worker thread)
 * @result: (transfer full): the worker's result, as the test's settings made it
 * @initial: (transfer full) (nullable): the result shown until the first update
 * @error: as ssdb_page_run_start_test() says
 *
 * ssdb_page_run_start_test() on @start's target, opened for writing when the test writes to
 * the device or makes a test file (a test file is written before it is read), else for
 * reading; the medium the user confirmed is passed on for a device only.
 *
 * Returns: %TRUE, or %FALSE with @error (@result and @initial are freed then).
 */
gboolean
ssdb_page_parts_start_test (SsdbPageRun *run, const SsdbTestPageStart *start, gboolean writes,
                            guint64 file_size, SsdbPageRunTestFunc test, gpointer result,
                            gpointer initial, GError **error);

/**
 * ssdb_page_parts_started:
 * @parts: the page's parts: the settings become insensitive until the run ends
 * @started_us: (out): now, g_get_monotonic_time() (µs), for ssdb_page_parts_dup_took()
 * @subtitle: (inout): the chart's subtitle, replaced by @line
 * @line: (transfer full): the settings line of the run just started
 *
 * What a page does once ssdb_page_run_start() succeeded.
 */
void
ssdb_page_parts_started (SsdbPageParts *parts, gint64 *started_us, char **subtitle, char *line);

/**
 * ssdb_page_parts_show_progress:
 * @parts: the page's parts: @status goes on their status line
 * @run: the page's run; nothing is shown while it does not run
 * @status: (transfer full) (nullable): what the run is doing ("3 of 8 tests · 40 %")
 *
 * A page's progress line while its run goes on: "Opening the target" until the run's first
 * update, then @status; both followed by the time taken and left (ssdb_page_run_add_time()).
 */
void
ssdb_page_parts_show_progress (SsdbPageParts *parts, SsdbPageRun *run, char *status);

/**
 * ssdb_page_parts_dup_took:
 * @started_us: when the run started, g_get_monotonic_time() (µs)
 *
 * Returns: (transfer full): the time since @started_us in tenths of a second, as
 *   ssdb_page_parts_format_seconds() writes it ("12.3 s"), for "Done in %s".
 */
char *
ssdb_page_parts_dup_took (gint64 started_us);

/**
 * ssdb_page_parts_end_text:
 * @parts: (nullable): the page's parts: the settings become sensitive again
 * @error: (nullable): the run's error, as ::finished gives it
 * @stopped: what the page says after an ordinary Stop
 *
 * The common part of a page's ::finished handler. The page writes its own text for a run that
 * completed (when this returns %NULL).
 *
 * Returns: (transfer full) (nullable): %NULL when @error is %NULL; after a stop
 * (SSDB_ERROR_CANCELLED) ssdb_gui_stopped_text() of @stopped; else "Failed: MESSAGE".
 */
char *
ssdb_page_parts_end_text (SsdbPageParts *parts, const GError *error, const char *stopped);

/**
 * ssdb_page_parts_show:
 * @parts: the page's parts: the status line is cleared
 * @run: the page's run: @result becomes its result
 * @title: (inout): the chart's title, replaced by a copy of @new_title
 * @new_title: the title of the result shown (the report's target)
 * @subtitle: (inout): the chart's subtitle, replaced by @line
 * @line: (transfer full): the settings line of @result
 * @result: (transfer full): the result shown
 *
 * The common part of a page's show_result(): the page then refreshes its chart.
 */
void
ssdb_page_parts_show (SsdbPageParts *parts, SsdbPageRun *run, char **title, const char *new_title,
                      char **subtitle, char *line, gpointer result);

G_END_DECLS
