/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-health.h"
#include "engine/ssdb-test-kind.h"
#include "render/ssdb-chart.h"

G_BEGIN_DECLS

/**
 * ssdb_gui_format_capacity:
 * @bytes: a size, bytes
 *
 * Returns: (transfer full): ssdb_format_capacity() ("2.15 GB") with the decimal separator of
 *   the window's language ("2,15 GB" in French), as the window's charts write it.
 */
char *
ssdb_gui_format_capacity (guint64 bytes);

/**
 * ssdb_gui_format_transfer_size:
 * @bytes: a size, bytes
 *
 * Returns: (transfer full): ssdb_format_transfer_size() ("1.5 MiB") with the decimal separator
 *   of the window's language.
 */
char *
ssdb_gui_format_transfer_size (guint64 bytes);

/**
 * ssdb_gui_style_init:
 * @style: (out caller-allocates): the chart style that follows the style manager (light, dark,
 *   high contrast, and high contrast on dark), text and decimal separator in the window's language
 */
void
ssdb_gui_style_init (SsdbStyle *style);

/**
 * ssdb_gui_test_kind_title:
 * @kind: a kind of test
 *
 * Returns: (transfer none): the test's name as the window shows it, translated: "Summary",
 *   "Transfer Sizes", "Error Scan"; the view lists of Export and Compare and the messages that
 *   name a test use it
 */
const char *
ssdb_gui_test_kind_title (SsdbTestKind kind);

/**
 * ssdb_gui_ata_feature_title:
 * @feature: an ATA feature
 *
 * Returns: (transfer none): its name in the window ("Write Cache", "Power Management (APM)"),
 *   translated.
 */
const char *
ssdb_gui_ata_feature_title (SsdbAtaFeature feature);

/**
 * ssdb_gui_dup_unbreakable:
 * @text: a device node, a capacity or another short value ("/dev/zram3", "256 MiB")
 *
 * Returns: (transfer full): @text with its spaces made no-break spaces and a word joiner after
 *   each "/", so that a wrapping label never breaks a line inside it
 */
char *
ssdb_gui_dup_unbreakable (const char *text);

/**
 * ssdb_gui_fill_dropdown:
 * @n: number of entries
 * @label: returns the newly allocated text of entry @i
 *
 * Gives @dropdown a string list of @n entries.
 */
void
ssdb_gui_fill_dropdown (GtkDropDown *dropdown, guint n, char *(*label) (guint i));

/**
 * ssdb_gui_copy_array:
 * @to: array resized to @from's length
 * @from: array of the same element size
 */
void
ssdb_gui_copy_array (GArray *to, const GArray *from);

/**
 * ssdb_gui_dropdown_show:
 * @dropdown: a drop-down whose model is a #GtkStringList of @n choices (ssdb_gui_fill_dropdown())
 * @n: how many choices it has of its own
 * @index: the choice to select, or -1 for a value that is none of them
 * @extra: (nullable): with @index -1, the text of that value (a report's setting): an extra
 *   entry after the choices, selected (and replaced by the next one shown)
 * @extra_value: with @index -1, that value, as ssdb_gui_dropdown_selected() gives it back
 *
 * Shows a value in a drop-down of fixed choices, also a value outside them, so that the
 * controls of a page that shows a report say what the report measured, and a run started from
 * them runs it. Showing a choice, or ssdb_gui_dropdown_drop_extra(), removes the extra entry;
 * the user picking a choice leaves it in the list, to be picked again.
 */
void
ssdb_gui_dropdown_show (GtkDropDown *dropdown, guint n, int index, const char *extra,
                        guint64 extra_value);

/**
 * ssdb_gui_dropdown_selected:
 * @dropdown: a drop-down of @n choices, maybe with an extra entry (ssdb_gui_dropdown_show())
 * @n: how many choices it has of its own
 * @extra_value: (out): the extra entry's value, when it is the one selected
 *
 * Returns: the choice selected (below @n), or @n when the extra entry is.
 */
guint
ssdb_gui_dropdown_selected (GtkDropDown *dropdown, guint n, guint64 *extra_value);

/**
 * ssdb_gui_dropdown_drop_extra:
 * @dropdown: a drop-down given an extra entry by ssdb_gui_dropdown_show(), or not
 * @n: how many choices it has of its own
 *
 * Removes the extra entry, selecting again the choice that was selected before it was shown.
 */
void
ssdb_gui_dropdown_drop_extra (GtkDropDown *dropdown, guint n);

/**
 * ssdb_gui_dropdown_dup_selected:
 * @dropdown: a drop-down of a #GtkStringList
 *
 * Returns: (transfer full) (nullable): the text of its selected entry.
 */
char *
ssdb_gui_dropdown_dup_selected (GtkDropDown *dropdown);

/** ssdb_gui_find_uint: Returns: the index of @v in @table, or -1. */
int
ssdb_gui_find_uint (const guint *table, guint n, guint v);

/**
 * ssdb_gui_not_responding_error:
 *
 * The error a page or the summary runner finishes with when the device still holds requests
 * of the run 2 s after Stop: it did not complete them (they stay with the kernel). Its domain
 * and code are those of a cancel (SSDB_ERROR_CANCELLED), so the results are kept and marked
 * cancelled like after any Stop; its message says the device is not responding, and it is
 * marked with ssdb_error_set_not_responding().
 *
 * Returns: (transfer full): the error
 */
GError *
ssdb_gui_not_responding_error (void);

/**
 * ssdb_gui_stopped_text:
 * @error: a cancel (SSDB_ERROR_CANCELLED)
 * @stopped: what the page says after an ordinary Stop
 *
 * Returns: (transfer full): @stopped, or the message of ssdb_gui_not_responding_error() when
 * @error says the device did not respond (ssdb_error_is_not_responding(): that error, or the
 * engine's own stop of a device that did not answer), whatever the language of its message.
 */
char *
ssdb_gui_stopped_text (const GError *error, const char *stopped);

/**
 * SsdbGuiKept:
 * @n: how many controls are kept, 0 when none are
 *
 * The user's own values of a page's drop-downs and switches, kept while the page shows a
 * report's settings in them (ssdb_gui_keep_choices()) and given back with the next target
 * (ssdb_gui_restore_choices()). Zero-filled before its first use.
 */
#define SSDB_GUI_MAX_KEPT 8
typedef struct
{
  guint n;
  GtkWidget *controls[SSDB_GUI_MAX_KEPT];
  guint values[SSDB_GUI_MAX_KEPT];
} SsdbGuiKept;

/**
 * ssdb_gui_keep_choices:
 * @kept: where the values go
 * @...: the controls (#GtkDropDown: its selected entry; #GtkSwitch, #GtkCheckButton,
 *   #GtkToggleButton: whether it is on), at most %SSDB_GUI_MAX_KEPT, then %NULL
 *
 * Keeps the values the controls hold now, unless @kept already holds some (a report shown
 * after another keeps the user's values, not the first report's).
 */
void
ssdb_gui_keep_choices (SsdbGuiKept *kept, ...) G_GNUC_NULL_TERMINATED;

/**
 * ssdb_gui_restore_choices:
 * @kept: values kept by ssdb_gui_keep_choices(), or none
 *
 * Gives the controls their kept values back (drop-downs: after
 * ssdb_gui_dropdown_drop_extra()), and empties @kept.
 *
 * Returns: whether values were kept
 */
gboolean
ssdb_gui_restore_choices (SsdbGuiKept *kept);

G_END_DECLS
