/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * ssdb_settings_bind_enum_index:
 * @settings: the settings
 * @key: an enum (string) key
 * @object: a widget with a guint "selected" property (GtkDropDown, AdwComboRow)
 * @nicks: (array zero-terminated=1): the key's values in the order of the widget's items; must
 *   outlive the binding (a static array)
 *
 * Binds the widget's "selected" to @key both ways.
 */
void
ssdb_settings_bind_enum_index (GSettings *settings, const char *key, gpointer object,
                               const char *const *nicks);

/**
 * ssdb_settings_bind_int_table:
 * @settings: the settings
 * @key: an integer key
 * @object: a widget with a guint "selected" property
 * @values: the key's value of each item, ending with -1; must outlive the binding
 *
 * Binds "selected" to @key both ways; a key value not in @values selects the largest item not
 * above it.
 */
void
ssdb_settings_bind_int_table (GSettings *settings, const char *key, gpointer object,
                              const int *values);

G_END_DECLS
