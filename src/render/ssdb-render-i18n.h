/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/*
 * Text drawn inside the charts. The painters draw both the window's charts and the exported
 * images, and exported images go into reviews read in any language, so chart text stays
 * English in every locale (numbers follow the style's locale_numbers). The strings keep their
 * _() and N_() marks so that a chart catalog of their own can be added later; until then _()
 * returns its argument instead of looking it up in the app's catalog, where a chart word that
 * happens to equal a window string ("Zeros", "Write") would come out translated among English
 * ones.
 */
#include <glib/gi18n-lib.h>

#undef _
#define _(String) (String)
