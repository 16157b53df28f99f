/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "ssdb-application.h"

int
main (int argc, char *argv[])
{
  g_autoptr (SsdbApplication) app = NULL;
  GSettingsSchemaSource *source;
  g_autoptr (GSettingsSchema) schema = NULL;

  ssdb_application_setup_i18n ();

  source = g_settings_schema_source_get_default ();
  schema = source ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;
  if (schema == NULL)
    {
      /* Translators: %s is the settings schema id, org.ssdbench.App */
      g_printerr (_ ("ssdbench: the settings schema %s is not installed "
                     "(set GSETTINGS_SCHEMA_DIR to the build's data directory)\n"),
                  APP_ID);
      return 1;
    }

  app = ssdb_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
