/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "devices/ssdb-device-monitor.h"

G_BEGIN_DECLS

#define SSDB_TYPE_APPLICATION (ssdb_application_get_type ())
G_DECLARE_FINAL_TYPE (SsdbApplication, ssdb_application, SSDB, APPLICATION, AdwApplication)

/**
 * ssdb_application_setup_i18n:
 *
 * Sets the locale from the environment (`LANG`, `LC_*`, `LANGUAGE`) and binds the `ssdbench`
 * message catalog as the default text domain, in UTF-8. The catalogs are read from
 * `$SSDBENCH_LOCALEDIR` when it is set and not empty (a build tree's `po` directory, for
 * running uninstalled), else from the installed locale directory. Call once, before the first
 * window is built. Only the desktop app's text is translated: reports, exported images and
 * numbers written to files stay in English and the C locale.
 */
void
ssdb_application_setup_i18n (void);

/**
 * ssdb_application_new:
 *
 * Returns: (transfer full): the application `org.ssdbench.App`. Command-line arguments name a
 *   target to select (a block device or a folder).
 */
SsdbApplication *
ssdb_application_new (void);

/** ssdb_application_get_settings: Returns: (transfer none): the `org.ssdbench.App` settings. */
GSettings *
ssdb_application_get_settings (SsdbApplication *self);

/** ssdb_application_get_device_monitor: Returns: (transfer none): the shared device list. */
SsdbDeviceMonitor *
ssdb_application_get_device_monitor (SsdbApplication *self);

G_END_DECLS
