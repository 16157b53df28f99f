/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-words.h"

static SsdbWordsTranslateFunc translator;

void
ssdb_words_set_translator (SsdbWordsTranslateFunc func)
{
  g_atomic_pointer_set (&translator, func);
}

const char *
ssdb_words_gettext (const char *msgid)
{
  SsdbWordsTranslateFunc func = g_atomic_pointer_get (&translator);

  return func != NULL && msgid != NULL ? func (msgid) : msgid;
}
