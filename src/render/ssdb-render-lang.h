/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "ssdb-render.h"

G_BEGIN_DECLS

/*
 * The language of the text drawn inside charts.
 *
 * A chart's language travels in its style (SsdbStyle.language): %NULL or "en" draws English,
 * "fr" or "zh_TW" draws that language. The window's charts follow the window's language,
 * exports default to it, the command line draws English unless asked (`export --lang`).
 *
 * How chart text is looked up. The painters keep writing _("…"), C_() and g_dngettext (…)
 * (see ssdb-render-i18n.h, which routes them here), the engine marks the sentences charts draw
 * with W_() (engine/ssdb-words.h, answered here inside a scope only); the strings live in the
 * app's own catalog (po/LANG.po, domain "ssdbench"), so translators have one file per
 * language. A painter's public entry point opens a language scope from its style
 * (SSDB_RENDER_LANGUAGE_SCOPE) and the lookups of that thread use the scope's language until
 * the entry point returns.
 *
 * The catalog is read here from LOCALEDIR/LANG/LC_MESSAGES/ssdbench.mo rather than through
 * gettext, because gettext cannot give one thread a language of its own reliably:
 * - dcgettext() follows the process locale; uselocale() makes it per thread, but needs the
 *   glibc locale of that language installed (newlocale ("de_DE.UTF-8") is NULL where it is not
 *   generated; a Flatpak runtime has only the user's own languages, a container often only
 *   C.UTF-8), and $LANGUAGE overrides it: with glibc 2.36, uselocale (fr_FR.UTF-8) under
 *   LANGUAGE=zh_TW gives "讀取" for "Read", so a French export from a window started with
 *   LANGUAGE=zh_TW would come out in Chinese;
 * - switching the process locale (setlocale) changes the window's other threads and the
 *   numbers every library formats.
 * A .mo file is a sorted table of (msgid, msgstr) pairs, read once per language and kept for
 * the life of the process; lookups are a hash query, safe from any thread.
 *
 * English charts never look anything up: a chart word that happens to equal a window string
 * ("Zeros", "Write") cannot come out translated among English ones, and English images stay
 * byte for byte what they were.
 *
 * Numbers: with SsdbStyle.locale_numbers the decimal separator is the chart language's (a comma
 * in French), not the process's LC_NUMERIC, so a chart and the window around it agree.
 */

/**
 * ssdb_render_language_validate:
 * @language: a language name ("en", "fr", "zh_TW", "fr_FR.UTF-8")
 * @error: return location for an error
 *
 * Checks that charts can be drawn in @language: English, or a language whose catalog is
 * installed (or in the build tree's po directory when $SSDBENCH_LOCALEDIR names it).
 *
 * Returns: %TRUE, or %FALSE with %SSDB_ERROR_INVALID_ARGUMENT naming @language and the
 *   languages that are available.
 */
gboolean
ssdb_render_language_validate (const char *language, GError **error);

/**
 * ssdb_render_language_has_glyphs:
 * @language: a language that ssdb_render_language_validate() accepts
 *
 * Whether the fonts installed draw @language's chart text: a few of its translated chart
 * strings laid out in the chart font (with its fallbacks) have no unknown glyphs. Without a
 * font for Han characters (fonts-noto-cjk), a zh_TW chart shows boxes.
 *
 * Returns: %TRUE when every glyph is found (always for English).
 */
gboolean
ssdb_render_language_has_glyphs (const char *language);

/**
 * ssdb_render_language_is_english:
 * @language: (nullable): a language name
 *
 * Returns: %TRUE for %NULL, "", "C", "POSIX", "en" and "en_*".
 */
gboolean
ssdb_render_language_is_english (const char *language);

/**
 * ssdb_render_dup_ui_language:
 *
 * The language the window shows: the "Language:" of the header of the catalog gettext uses for
 * the app's domain (so it needs bindtextdomain() and setlocale() done), or "en" when it uses
 * none or one that the charts cannot read.
 *
 * Returns: (transfer full): a language name such as "fr" or "zh_TW".
 */
char *
ssdb_render_dup_ui_language (void);

/**
 * ssdb_render_language_push:
 * @language: (nullable): the language for this thread's chart text; %NULL is English
 *
 * Makes @language the chart language of the calling thread until ssdb_render_language_pop().
 * Painters use SSDB_RENDER_LANGUAGE_SCOPE() instead.
 *
 * Returns: the previous language, to give to ssdb_render_language_pop().
 */
const char *
ssdb_render_language_push (const char *language);

/** ssdb_render_language_pop: @previous: from ssdb_render_language_push(). */
void
ssdb_render_language_pop (const char *previous);

/**
 * ssdb_render_set_default_language:
 * @language: (nullable): the language of chart text outside a scope (the window's language)
 *
 * Sets the language used by every thread that has no scope open: the window sets its own
 * language so that text the painters make without a style (tooltips, accessible labels, the
 * numbers of its tables) matches its charts. The command line leaves it English.
 */
void
ssdb_render_set_default_language (const char *language);

/** ssdb_render_get_language: Returns: the calling thread's chart language ("en" for English). */
const char *
ssdb_render_get_language (void);

/**
 * ssdb_render_gettext:
 * @msgid: an English chart string
 *
 * Returns: @msgid in the calling thread's chart language, or @msgid itself (English, or no
 *   translation).
 */
const char *
ssdb_render_gettext (const char *msgid) G_GNUC_FORMAT (1);

/**
 * ssdb_render_pgettext:
 * @context_msgid: "CONTEXT\004MSGID", as C_() builds it
 * @msgid_offset: where MSGID starts in @context_msgid
 *
 * Returns: the translation of MSGID in that context, or MSGID.
 */
const char *
ssdb_render_pgettext (const char *context_msgid, gsize msgid_offset) G_GNUC_FORMAT (1);

/**
 * ssdb_render_ngettext:
 * @msgid: the English singular
 * @msgid_plural: the English plural
 * @n: the count
 *
 * Returns: the form for @n in the calling thread's chart language.
 */
const char *
ssdb_render_ngettext (const char *msgid, const char *msgid_plural, gulong n) G_GNUC_FORMAT (1)
    G_GNUC_FORMAT (2);

/**
 * ssdb_render_decimal_separator:
 *
 * Returns: the decimal separator of the calling thread's chart language: "," for languages that
 *   write a decimal comma (French, German, …, per CLDR), "." otherwise (English, Chinese).
 */
const char *
ssdb_render_decimal_separator (void);

/**
 * ssdb_render_localize_number:
 * @text: (transfer full): a number formatted in the C locale, possibly with a unit ("2.15 GB")
 *
 * Returns: (transfer full): @text with its decimal points replaced by the calling thread's
 *   decimal separator.
 */
char *
ssdb_render_localize_number (char *text);

typedef struct
{
  const char *previous;
} SsdbRenderLanguageScope;

void
ssdb_render_language_scope_end (SsdbRenderLanguageScope *scope);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SsdbRenderLanguageScope, ssdb_render_language_scope_end)

/**
 * SSDB_RENDER_LANGUAGE_SCOPE:
 * @style: the painter's style
 *
 * Opens a chart-language scope from @style->language that ends with the enclosing block. Put
 * it first in every public function of a painter that draws or returns chart text.
 */
#define SSDB_RENDER_LANGUAGE_SCOPE(style)                                                          \
  g_auto (SsdbRenderLanguageScope) ssdb_lang_scope_                                                \
      = { ssdb_render_language_push ((style) != NULL ? (style)->language : NULL) }

G_END_DECLS
