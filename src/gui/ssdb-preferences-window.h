/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SSDB_TYPE_PREFERENCES_WINDOW (ssdb_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (SsdbPreferencesWindow, ssdb_preferences_window, SSDB, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

/**
 * ssdb_preferences_window_new:
 * @parent: (nullable): the window it belongs to
 * @settings: the `org.ssdbench.App` settings every row is bound to
 *
 * Returns: (transfer full): the preferences window.
 */
GtkWidget *
ssdb_preferences_window_new (GtkWindow *parent, GSettings *settings);

G_END_DECLS
