/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "render/ssdb-render.h"
#include "ssdb-page-parts.h"
#include "ssdb-page-run.h"
#include "ssdb-test-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_KIND_PAGE (ssdb_kind_page_get_type ())
G_DECLARE_DERIVABLE_TYPE (SsdbKindPage, ssdb_kind_page, SSDB, KIND_PAGE, GtkBox)

/**
 * SsdbKindPageClass:
 * @export_png: (required) writes the page's chart to the PNG @path in @style (the review
 *   theme in the charts' language) with @caption under it ("SSD Bench 0.1 · 2026-11-30
 *   10:12"), not running; %FALSE with @error
 *
 * The abstract base of the test pages that show one kind of test with #SsdbPageParts and an
 * #SsdbPageRun (access, sweep, random access, AS SSD, copy, scan, workload; fill and surface
 * have their own chart widgets and do not derive from it).
 * It owns what they share: the parts (ssdb_kind_page_build()), the run
 * (ssdb_kind_page_attach_run()), the chart's title and subtitle and when the run started; it
 * releases them once, and implements the #SsdbTestPage methods every such page answers
 * alike: get_result() (the run's result; a page whose result can be empty overrides it) and
 * export_png() (the caption and the review style, then the class's @export_png). A page
 * derives from it and implements, with G_IMPLEMENT_INTERFACE(), only its own #SsdbTestPage
 * methods (set_target(), start(), show_result(), ...): the base's stay for the rest.
 */
struct _SsdbKindPageClass
{
  GtkBoxClass parent_class;

  gboolean (*export_png) (SsdbKindPage *self, const SsdbStyle *style, const char *caption,
                          const char *path, GError **error);

  gpointer padding[4];
};

/**
 * ssdb_kind_page_build:
 * @chart_label: the chart's accessible label
 *
 * From the page's init, first: ssdb_page_parts_build() of the page's parts.
 *
 * Returns: (transfer none): the settings flow box, where the page adds its settings.
 */
GtkWidget *
ssdb_kind_page_build (SsdbKindPage *self, const char *chart_label);

/**
 * ssdb_kind_page_attach_run:
 * @run: (transfer full): the page's run (ssdb_page_run_new_for_kind(), or ssdb_page_run_new()
 *   for a result with its own copy)
 * @kind: the test the page shows
 * @on_updated: called as on_updated (page) on the run's ::updated
 * @on_tick: (nullable): called as on_tick (page) once a second while it runs
 * @on_finished: called as on_finished (page, const GError *error) on the run's ::finished
 * @draw: (nullable): draws the chart, given the page
 *
 * From the page's init, once its settings are built: the page's run, attached as
 * ssdb_page_parts_attach_run() says. The base stops, disconnects and releases it in its
 * dispose.
 */
void
ssdb_kind_page_attach_run (SsdbKindPage *self, SsdbPageRun *run, SsdbTestKind kind,
                           GCallback on_updated, GCallback on_tick, GCallback on_finished,
                           SsdbChartViewDrawFunc draw);

/**
 * ssdb_kind_page_add_view_option:
 * @label: the label before @control (with a mnemonic)
 * @control: a switch that changes only how the chart is drawn, not what is measured
 * @tooltip: (nullable): shown over the label, and the control's accessible description
 *
 * Puts @control first in the row under the chart (before the status line); the chart is
 * drawn again when it is switched.
 */
void
ssdb_kind_page_add_view_option (SsdbKindPage *self, const char *label, GtkSwitch *control,
                                const char *tooltip);

/** ssdb_kind_page_get_parts: Returns: (transfer none): the page's settings, chart and status. */
SsdbPageParts *
ssdb_kind_page_get_parts (SsdbKindPage *self);

/** ssdb_kind_page_get_run: Returns: (transfer none): the page's run (%NULL once disposed). */
SsdbPageRun *
ssdb_kind_page_get_run (SsdbKindPage *self);

/** ssdb_kind_page_get_chart: Returns: (transfer none): the page's chart view. */
SsdbChartView *
ssdb_kind_page_get_chart (SsdbKindPage *self);

/** ssdb_kind_page_get_status: Returns: the text of the page's status line. */
const char *
ssdb_kind_page_get_status (SsdbKindPage *self);

/**
 * ssdb_kind_page_set_status:
 * @text: the new text of the page's status line
 */
void
ssdb_kind_page_set_status (SsdbKindPage *self, const char *text);

/** ssdb_kind_page_get_title: Returns: (nullable): the chart's title (the target's). */
const char *
ssdb_kind_page_get_title (SsdbKindPage *self);

/**
 * ssdb_kind_page_set_title:
 * @title: (nullable): the chart's new title, copied
 */
void
ssdb_kind_page_set_title (SsdbKindPage *self, const char *title);

/** ssdb_kind_page_get_subtitle: Returns: (nullable): the chart's subtitle (the settings line). */
const char *
ssdb_kind_page_get_subtitle (SsdbKindPage *self);

/**
 * ssdb_kind_page_take_subtitle:
 * @subtitle: (transfer full) (nullable): the chart's new subtitle
 */
void
ssdb_kind_page_take_subtitle (SsdbKindPage *self, char *subtitle);

/**
 * ssdb_kind_page_redraw:
 * @words: (nullable): what the chart says in words
 *
 * ssdb_page_parts_redraw() of the page's parts.
 */
void
ssdb_kind_page_redraw (SsdbKindPage *self, const char *words);

/**
 * ssdb_kind_page_started:
 * @line: (transfer full): the settings line of the run just started
 *
 * ssdb_page_parts_started() of the page: the settings insensitive, the start time kept for
 * ssdb_kind_page_dup_took(), @line the subtitle.
 */
void
ssdb_kind_page_started (SsdbKindPage *self, char *line);

/**
 * ssdb_kind_page_show_progress:
 * @status: (transfer full) (nullable): what the run is doing
 *
 * ssdb_page_parts_show_progress() of the page's parts and run.
 */
void
ssdb_kind_page_show_progress (SsdbKindPage *self, char *status);

/**
 * ssdb_kind_page_end_text:
 * @error: (nullable): the run's error
 * @stopped: what the page says after an ordinary Stop
 *
 * Returns: (transfer full) (nullable): as ssdb_page_parts_end_text() of the page's parts.
 */
char *
ssdb_kind_page_end_text (SsdbKindPage *self, const GError *error, const char *stopped);

/**
 * ssdb_kind_page_dup_took:
 *
 * Returns: (transfer full): the time since the last ssdb_kind_page_started(), "12.3 s".
 */
char *
ssdb_kind_page_dup_took (SsdbKindPage *self);

/**
 * ssdb_kind_page_show:
 * @title: the title of the result shown (the report's target)
 * @line: (transfer full): the settings line of @result
 * @result: (transfer full): the result shown
 *
 * ssdb_page_parts_show() of the page: the page then refreshes its chart.
 */
void
ssdb_kind_page_show (SsdbKindPage *self, const char *title, char *line, gpointer result);

/**
 * SSDB_KIND_PAGE_DEFINE_ACCESSORS:
 * @Type: the page's instance type (SsdbSweepPage), derived from #SsdbKindPage
 * @prefix: its functions' prefix (ssdb_sweep_page)
 * @IS_TYPE: its type check (SSDB_IS_SWEEP_PAGE)
 *
 * Defines the page's own names (its header declares them) for ssdb_kind_page_get_run(),
 * ssdb_kind_page_get_chart() and ssdb_kind_page_get_status(): PREFIX_get_run(),
 * PREFIX_get_chart() and PREFIX_get_status().
 */
#define SSDB_KIND_PAGE_DEFINE_ACCESSORS(Type, prefix, IS_TYPE)                                     \
  SsdbPageRun *prefix##_get_run (Type *self)                                                       \
  {                                                                                                \
    g_return_val_if_fail (IS_TYPE (self), NULL);                                                   \
    return ssdb_kind_page_get_run (SSDB_KIND_PAGE (self));                                         \
  }                                                                                                \
  SsdbChartView *prefix##_get_chart (Type *self)                                                   \
  {                                                                                                \
    g_return_val_if_fail (IS_TYPE (self), NULL);                                                   \
    return ssdb_kind_page_get_chart (SSDB_KIND_PAGE (self));                                       \
  }                                                                                                \
  const char *prefix##_get_status (Type *self)                                                     \
  {                                                                                                \
    g_return_val_if_fail (IS_TYPE (self), NULL);                                                   \
    return ssdb_kind_page_get_status (SSDB_KIND_PAGE (self));                                      \
  }

G_END_DECLS
