/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The sentences the engine writes about a result (its "words") are English: reports, CLI
 * output and text exports keep them so. A painter that draws them in a chart's language asks
 * the engine to write them again while its language scope is open (see
 * src/render/ssdb-render-lang.h): the engine marks those sentences with W_() and looks them up
 * through the translator the render library installs, which answers English outside a
 * painter's scope. xgettext extracts W_() (po/meson.build).
 */

/** SsdbWordsTranslateFunc: @msgid: an English sentence. Returns: its translation or @msgid. */
typedef const char *(*SsdbWordsTranslateFunc) (const char *msgid);

/**
 * ssdb_words_set_translator:
 * @func: (nullable): the translator, %NULL for English
 *
 * Sets the function W_() looks sentences up with, for every thread.
 */
void
ssdb_words_set_translator (SsdbWordsTranslateFunc func);

/**
 * ssdb_words_gettext:
 * @msgid: an English sentence or format
 *
 * Returns: @msgid as the translator gives it, or @msgid without one.
 */
const char *
ssdb_words_gettext (const char *msgid) G_GNUC_FORMAT (1);

#define W_(String) ssdb_words_gettext (String)

/*
 * SSDB_WORDS_DEFINE_DUP:
 * Defines `char *Func (const Type *result)`: the words @Analyze writes for a copy of @result
 * (made with @Dup, freed with @Free), in the words' language of the calling thread. @result is
 * left as it is. Returns: (transfer full) (nullable): the words.
 */
#define SSDB_WORDS_DEFINE_DUP(Func, Type, Dup, Analyze, Free)                                      \
  char *Func (const Type *result)                                                                  \
  {                                                                                                \
    Type *copy;                                                                                    \
    char *words;                                                                                   \
                                                                                                   \
    g_return_val_if_fail (result != NULL, NULL);                                                   \
    copy = Dup (result);                                                                           \
    Analyze (copy);                                                                                \
    words = g_steal_pointer (&copy->words);                                                        \
    Free (copy);                                                                                   \
    return words;                                                                                  \
  }

G_END_DECLS
