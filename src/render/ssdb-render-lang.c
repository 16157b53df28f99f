/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-render-lang.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-words.h"

typedef struct
{
  char *text; /* NUL-separated plural forms */
  gsize length;
} Translation;

typedef enum
{
  PLURAL_ONE_FORM,  /* nplurals=1: Chinese, Japanese */
  PLURAL_N_ABOVE_1, /* French: 0 and 1 singular */
  PLURAL_N_NOT_1,   /* English, German and most others */
} PluralRule;

typedef struct
{
  GHashTable *strings; /* msgid (the singular for plural entries) -> Translation */
  PluralRule plural;
} Catalog;

static GMutex catalogs_lock;
static GHashTable *catalogs; /* interned language -> Catalog, or NULL when it has none */
static GPrivate current_language;
static const char *default_language; /* interned, NULL for English */

static const char *
locale_dir (void)
{
  const char *dir = g_getenv ("SSDBENCH_LOCALEDIR");

  return dir != NULL && *dir != '\0' ? dir : LOCALEDIR;
}

gboolean
ssdb_render_language_is_english (const char *language)
{
  return language == NULL || *language == '\0' || g_str_equal (language, "C")
         || g_str_has_prefix (language, "C.") || g_str_equal (language, "POSIX")
         || g_str_equal (language, "en") || g_str_has_prefix (language, "en_")
         || g_str_has_prefix (language, "en.") || g_str_has_prefix (language, "en@");
}

static guint32
read_u32 (const guchar *p, gboolean swap)
{
  guint32 v;

  memcpy (&v, p, 4);
  return swap ? GUINT32_SWAP_LE_BE (v) : v;
}

static void
translation_free (gpointer data)
{
  Translation *t = data;

  g_free (t->text);
  g_free (t);
}

static PluralRule
plural_rule (const char *header)
{
  const char *forms = header != NULL ? strstr (header, "Plural-Forms:") : NULL;

  if (forms == NULL)
    return PLURAL_N_NOT_1;
  if (strstr (forms, "nplurals=1") != NULL)
    return PLURAL_ONE_FORM;
  if (strstr (forms, "n > 1") != NULL || strstr (forms, "n>1") != NULL)
    return PLURAL_N_ABOVE_1;
  return PLURAL_N_NOT_1;
}

/* Reads a GNU .mo file (see the gettext manual, "The Format of GNU MO Files"). */
static Catalog *
catalog_load (const char *path)
{
  g_autoptr (GMappedFile) file = g_mapped_file_new (path, FALSE, NULL);
  const guchar *data;
  gsize size;
  guint32 magic, n, orig, trans;
  gboolean swap;
  Catalog *catalog;

  if (file == NULL)
    return NULL;
  data = (const guchar *)g_mapped_file_get_contents (file);
  size = g_mapped_file_get_length (file);
  if (size < 28)
    return NULL;
  memcpy (&magic, data, 4);
  if (magic == 0x950412de)
    swap = FALSE;
  else if (GUINT32_SWAP_LE_BE (magic) == 0x950412de)
    swap = TRUE;
  else
    return NULL;
  n = read_u32 (data + 8, swap);
  orig = read_u32 (data + 12, swap);
  trans = read_u32 (data + 16, swap);
  if (orig > size || trans > size || n > (size - MAX (orig, trans)) / 8)
    return NULL;

  catalog = g_new0 (Catalog, 1);
  catalog->strings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, translation_free);
  catalog->plural = PLURAL_N_NOT_1;
  for (guint32 i = 0; i < n; i++)
    {
      guint32 ol = read_u32 (data + orig + 8 * i, swap);
      guint32 oo = read_u32 (data + orig + 8 * i + 4, swap);
      guint32 tl = read_u32 (data + trans + 8 * i, swap);
      guint32 to = read_u32 (data + trans + 8 * i + 4, swap);
      Translation *t;

      if (oo > size || ol >= size - oo || to > size || tl >= size - to)
        continue; /* a damaged entry: the string stays English */
      if (ol == 0)
        {
          g_autofree char *header = g_strndup ((const char *)data + to, tl);

          catalog->plural = plural_rule (header);
          continue;
        }
      t = g_new (Translation, 1);
      t->text = g_memdup2 (data + to, tl + 1);
      t->length = tl;
      /* For a plural entry the key is its singular, up to the first NUL. */
      g_hash_table_replace (catalog->strings, g_strdup ((const char *)data + oo), t);
    }
  return catalog;
}

/* "zh_TW.UTF-8@x" -> "zh_TW", then "zh". Returns the catalog of the first that has one. */
static Catalog *
catalog_for (const char *language)
{
  Catalog *catalog;
  gpointer found;

  g_mutex_lock (&catalogs_lock);
  if (catalogs == NULL)
    catalogs = g_hash_table_new (g_str_hash, g_str_equal);
  if (g_hash_table_lookup_extended (catalogs, language, NULL, &found))
    {
      g_mutex_unlock (&catalogs_lock);
      return found;
    }
  {
    g_autofree char *base = g_strndup (language, strcspn (language, ".@"));
    g_autofree char *lang_only = g_strndup (base, strcspn (base, "_"));
    const char *tries[] = { base, lang_only };

    catalog = NULL;
    for (guint i = 0; i < G_N_ELEMENTS (tries) && catalog == NULL; i++)
      {
        g_autofree char *path = g_build_filename (locale_dir (), tries[i], "LC_MESSAGES",
                                                  GETTEXT_PACKAGE ".mo", NULL);

        catalog = catalog_load (path);
      }
  }
  g_hash_table_insert (catalogs, (gpointer)g_intern_string (language), catalog);
  g_mutex_unlock (&catalogs_lock);
  return catalog;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *)a, *(char *const *)b);
}

static char *
available_languages (void)
{
  g_autoptr (GDir) dir = g_dir_open (locale_dir (), 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_ptr_array_add (names, g_strdup ("en"));
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path
          = g_build_filename (locale_dir (), name, "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (names, g_strdup (name));
    }
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (char **)names->pdata);
}

gboolean
ssdb_render_language_validate (const char *language, GError **error)
{
  g_autofree char *available = NULL;

  if (ssdb_render_language_is_english (language))
    return TRUE;
  if (strchr (language, '/') == NULL && strstr (language, "..") == NULL
      && catalog_for (language) != NULL)
    return TRUE;
  available = available_languages ();
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
               "Unknown chart language “%s”: no %s catalog for it in %s (available: %s)", language,
               GETTEXT_PACKAGE, locale_dir (), available);
  return FALSE;
}

gboolean
ssdb_render_language_has_glyphs (const char *language)
{
  static const char *const samples[] = { "Read", "Write", "Position on the device (GB)" };
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoContext *context;
  SsdbStyle style;
  const char *previous;
  int unknown = 0;

  if (ssdb_render_language_is_english (language))
    return TRUE;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  context = ssdb_render_create_pango_context (cr);
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  previous = ssdb_render_language_push (language);
  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      PangoLayout *layout = ssdb_render_layout_new (
          context, &style, ssdb_render_gettext (samples[i]), 12, PANGO_WEIGHT_NORMAL, FALSE);

      unknown += pango_layout_get_unknown_glyphs_count (layout);
      g_object_unref (layout);
    }
  ssdb_render_language_pop (previous);
  g_object_unref (context);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return unknown == 0;
}

char *
ssdb_render_dup_ui_language (void)
{
  /* The header of the catalog gettext actually uses for the window (empty when it uses none):
   * it says which language that is, whatever mix of $LANGUAGE, $LANG and installed locales
   * chose it. */
  const char *header = g_dgettext (GETTEXT_PACKAGE, "");
  const char *line = header != NULL ? strstr (header, "Language:") : NULL;
  g_autofree char *language = NULL;

  if (line == NULL)
    return g_strdup ("en");
  line += strlen ("Language:");
  while (*line == ' ')
    line++;
  language = g_strndup (line, strcspn (line, " \n"));
  if (ssdb_render_language_is_english (language) || catalog_for (language) == NULL)
    return g_strdup ("en");
  return g_steal_pointer (&language);
}

/* The engine's words (W_()) in the language of the painter's scope; English outside one, so
 * that results analysed in the window keep English words in their reports. */
static const char *
scoped_words (const char *msgid)
{
  return g_private_get (&current_language) != NULL ? ssdb_render_gettext (msgid) : msgid;
}

const char *
ssdb_render_language_push (const char *language)
{
  const char *previous = g_private_get (&current_language);

  ssdb_words_set_translator (scoped_words);

  g_private_set (
      &current_language,
      (gpointer)g_intern_string (ssdb_render_language_is_english (language) ? "en" : language));
  return previous;
}

void
ssdb_render_language_pop (const char *previous)
{
  g_private_set (&current_language, (gpointer)previous);
}

void
ssdb_render_language_scope_end (SsdbRenderLanguageScope *scope)
{
  ssdb_render_language_pop (scope->previous);
}

void
ssdb_render_set_default_language (const char *language)
{
  g_atomic_pointer_set (&default_language, ssdb_render_language_is_english (language)
                                               ? NULL
                                               : g_intern_string (language));
}

const char *
ssdb_render_get_language (void)
{
  const char *language = g_private_get (&current_language);

  if (language == NULL)
    language = g_atomic_pointer_get (&default_language);
  return language != NULL ? language : "en";
}

static const Translation *
lookup (const char *msgid)
{
  const char *language = ssdb_render_get_language ();
  Catalog *catalog;

  if (msgid == NULL || *msgid == '\0' || ssdb_render_language_is_english (language))
    return NULL;
  catalog = catalog_for (language);
  return catalog != NULL ? g_hash_table_lookup (catalog->strings, msgid) : NULL;
}

const char *
ssdb_render_gettext (const char *msgid)
{
  const Translation *t = lookup (msgid);

  return t != NULL && t->text[0] != '\0' ? t->text : msgid;
}

const char *
ssdb_render_pgettext (const char *context_msgid, gsize msgid_offset)
{
  const Translation *t = lookup (context_msgid);

  return t != NULL && t->text[0] != '\0' ? t->text : context_msgid + msgid_offset;
}

const char *
ssdb_render_ngettext (const char *msgid, const char *msgid_plural, gulong n)
{
  const char *language = ssdb_render_get_language ();
  const Translation *t = lookup (msgid);
  Catalog *catalog;
  guint index;
  const char *form;

  if (t == NULL)
    return n == 1 ? msgid : msgid_plural;
  catalog = catalog_for (language);
  switch (catalog->plural)
    {
      case PLURAL_ONE_FORM:
        index = 0;
        break;
      case PLURAL_N_ABOVE_1:
        index = n > 1;
        break;
      case PLURAL_N_NOT_1:
      default:
        index = n != 1;
        break;
    }
  form = t->text;
  for (guint i = 0; i < index; i++)
    {
      const char *next = form + strlen (form) + 1;

      if (next > t->text + t->length)
        break;
      form = next;
    }
  return *form != '\0' ? form : (n == 1 ? msgid : msgid_plural);
}

const char *
ssdb_render_decimal_separator (void)
{
  /* Languages that write a decimal comma (CLDR's "decimal" symbol), by their ISO 639 code. */
  static const char *const comma[] = {
    "fr", "de", "es", "it", "pt", "nl", "ru", "pl", "cs", "sk", "sv", "da", "nb", "nn", "no",
    "fi", "tr", "uk", "be", "bg", "hr", "sr", "sl", "hu", "ro", "el", "ca", "eu", "gl", "et",
    "lv", "lt", "id", "vi", "az", "kk", "ka", "hy", "is", "sq", "mk", "bs", "af", "oc",
  };
  const char *language = ssdb_render_get_language ();
  gsize n = strcspn (language, "_.@");

  for (guint i = 0; i < G_N_ELEMENTS (comma); i++)
    if (strlen (comma[i]) == n && strncmp (language, comma[i], n) == 0)
      return ",";
  return ".";
}

char *
ssdb_render_localize_number (char *text)
{
  const char *sep = ssdb_render_decimal_separator ();

  if (text == NULL || sep[0] == '.')
    return text;
  for (char *p = text; *p != '\0'; p++)
    if (*p == '.' && p > text && g_ascii_isdigit (p[-1]) && g_ascii_isdigit (p[1]))
      *p = sep[0];
  return text;
}
