/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * Text drawn inside the charts. The painters draw both the window's charts and the exported
 * images; their text is in the language of the style they draw with (SsdbStyle.language:
 * English by default, the window's language in the window). Painters write _("…"), N_("…"),
 * C_("context", "…") (for a word that needs another translation than the same English word
 * elsewhere) and g_dngettext (GETTEXT_PACKAGE, …) as usual; here those look the string up in the
 * chart language of the painting thread (ssdb-render-lang.h) instead of the process's locale. Every
 * public entry point of a painter opens that language with SSDB_RENDER_LANGUAGE_SCOPE (style).
 * Include this header only in painters (src/render/).
 */
#include <glib/gi18n-lib.h>

#include "ssdb-render-lang.h"

#undef _
#define _(String) ssdb_render_gettext (String)
#undef C_
#define C_(Context, String) ssdb_render_pgettext (Context "\004" String, sizeof (Context))
#undef g_dngettext
#define g_dngettext(Domain, Msgid, MsgidPlural, N) ssdb_render_ngettext (Msgid, MsgidPlural, N)
