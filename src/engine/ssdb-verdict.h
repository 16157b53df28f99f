/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <locale.h>

G_BEGIN_DECLS

/**
 * SsdbVerdict:
 * @SSDB_VERDICT_NONE: nothing measured to decide on
 * @SSDB_VERDICT_FOUND: the effect exceeds the stated multiple of the noise measured in the
 *   same run, and lasts
 * @SSDB_VERDICT_NO_EFFECT: no change above the threshold, and the noise was small enough that
 *   a change of the size the analysis looks for would have been seen
 * @SSDB_VERDICT_INCONCLUSIVE: the noise measured in the run hides changes of that size
 *
 * The three outcomes of every behaviour analysis.
 */
typedef enum
{
  SSDB_VERDICT_NONE,
  SSDB_VERDICT_FOUND,
  SSDB_VERDICT_NO_EFFECT,
  SSDB_VERDICT_INCONCLUSIVE,
} SsdbVerdict;

/**
 * ssdb_verdict_name:
 * @verdict: a verdict
 *
 * Returns: the verdict's name in reports: "none", "found", "no-effect" or "inconclusive"
 */
const char *
ssdb_verdict_name (SsdbVerdict verdict);

/**
 * ssdb_verdict_from_name:
 * @name: a name from ssdb_verdict_name()
 * @verdict: (out): the verdict
 *
 * Returns: %FALSE (and @verdict unchanged) for an unknown name
 */
gboolean
ssdb_verdict_from_name (const char *name, SsdbVerdict *verdict);

/**
 * ssdb_robust_scale:
 * @values: (array length=n): numbers; replaced by their absolute deviations from their median,
 *   sorted in ascending order
 * @n: how many
 *
 * A robust standard deviation: 1.4826 times the median absolute deviation from the median
 * (the MAD, which equals the standard deviation for normal noise). Outliers (a level change
 * between two neighbours, a stall) do not move it; for differences between neighbours, a
 * steady trend (all differences alike) does not count as noise.
 *
 * Returns: the scale, in the unit of @values; 0 when @n is 0
 */
double
ssdb_robust_scale (double *values, guint n);

/**
 * ssdb_noise_multiple:
 * @degrees_of_freedom: how many independent values the noise estimate rests on, less one (for
 *   a robust scale, its efficiency times that); 0 counts as 1
 * @floor: the multiple for an estimate that rests on many values
 *
 * The multiple of a measured noise an effect must exceed: a noise estimated from few values can
 * come out far below the truth, and the multiple grows to keep noise from passing for an
 * effect. The one-sided 99.9 % quantile of Student's t distribution for @degrees_of_freedom
 * (NIST/SEMATECH e-Handbook of Statistical Methods, 1.3.6.7.2, critical values of the t
 * distribution; 318.3 for 1, 10.21 for 3, 4.30 for 9, 3.39 from 30 on), never less than @floor.
 *
 * Returns: the multiple
 */
double
ssdb_noise_multiple (guint degrees_of_freedom, double floor);

/**
 * ssdb_median:
 * @values: (array length=n): numbers; sorted in place
 * @n: how many
 *
 * Returns: the median (the mean of the two middle values for even @n); 0 when @n is 0
 */
double
ssdb_median (double *values, guint n);

/**
 * ssdb_words_locale_begin:
 *
 * Makes the calling thread format numbers in the C locale (a report's words are data: "2.5 %",
 * never "2,5 %"), until ssdb_words_locale_end().
 *
 * Returns: the thread's previous locale, for ssdb_words_locale_end()
 */
locale_t
ssdb_words_locale_begin (void);

/**
 * ssdb_words_locale_end:
 * @previous: what ssdb_words_locale_begin() returned
 *
 * Gives the calling thread its previous locale back.
 */
void
ssdb_words_locale_end (locale_t previous);

G_END_DECLS
