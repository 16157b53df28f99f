/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ssdb-chart-view.h"

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
 * ssdb_page_parts_format_seconds:
 * @ns: a time, ns
 *
 * Returns: (transfer full): "3 s", "0.5 s", "0.25 s" (as few decimals as needed, at most two).
 */
char *
ssdb_page_parts_format_seconds (guint64 ns);

G_END_DECLS
