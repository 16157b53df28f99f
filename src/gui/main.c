/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "ssdb-application.h"

int
main (int argc, char *argv[])
{
  g_autoptr (SsdbApplication) app = NULL;
  GSettingsSchemaSource *source;
  g_autoptr (GSettingsSchema) schema = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  source = g_settings_schema_source_get_default ();
  schema = source ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;
  if (schema == NULL)
    {
      g_printerr ("ssdbench: the settings schema %s is not installed "
                  "(set GSETTINGS_SCHEMA_DIR to the build's data directory)\n",
                  APP_ID);
      return 1;
    }

  app = ssdb_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
