/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-settings-bind.h"

static gboolean
enum_get (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *const *nicks = user_data;
  const char *s = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_strcmp0 (nicks[i], s) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
enum_set (const GValue *value, const GVariantType *type, gpointer user_data)
{
  const char *const *nicks = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((GStrv)nicks))
    return NULL;
  return g_variant_new_string (nicks[index]);
}

void
ssdb_settings_bind_enum_index (GSettings *settings, const char *key, gpointer object,
                               const char *const *nicks)
{
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_settings_bind_with_mapping (settings, key, object, "selected", G_SETTINGS_BIND_DEFAULT,
                                enum_get, enum_set, (gpointer)nicks, NULL);
}

static gboolean
table_get (GValue *value, GVariant *variant, gpointer user_data)
{
  const int *values = user_data;
  int v = g_variant_get_int32 (variant);
  guint best = 0;

  for (guint i = 0; values[i] >= 0; i++)
    if (values[i] <= v)
      best = i;
  g_value_set_uint (value, best);
  return TRUE;
}

static GVariant *
table_set (const GValue *value, const GVariantType *type, gpointer user_data)
{
  const int *values = user_data;
  guint index = g_value_get_uint (value);

  for (guint i = 0; values[i] >= 0; i++)
    if (i == index)
      return g_variant_new_int32 (values[i]);
  return NULL;
}

void
ssdb_settings_bind_int_table (GSettings *settings, const char *key, gpointer object,
                              const int *values)
{
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_settings_bind_with_mapping (settings, key, object, "selected", G_SETTINGS_BIND_DEFAULT,
                                table_get, table_set, (gpointer)values, NULL);
}
