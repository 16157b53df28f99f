/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-verdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const verdict_names[] = { "none", "found", "no-effect", "inconclusive" };

const char *
ssdb_verdict_name (SsdbVerdict verdict)
{
  g_return_val_if_fail ((guint)verdict < G_N_ELEMENTS (verdict_names), "none");
  return verdict_names[verdict];
}

gboolean
ssdb_verdict_from_name (const char *name, SsdbVerdict *verdict)
{
  g_return_val_if_fail (verdict != NULL, FALSE);

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (verdict_names); i++)
    if (strcmp (name, verdict_names[i]) == 0)
      {
        *verdict = (SsdbVerdict)i;
        return TRUE;
      }
  return FALSE;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y ? 1 : 0;
}

double
ssdb_noise_multiple (guint degrees_of_freedom, double floor)
{
  /* t(0.999; ν) for ν = 1..30; beyond, the value for 30 (a little above the limit 3.090) */
  static const double t999[] = {
    318.309, 22.327, 10.215, 7.173, 5.893, 5.208, 4.785, 4.501, 4.297, 4.144,
    4.025,   3.930,  3.852,  3.787, 3.733, 3.686, 3.646, 3.610, 3.579, 3.552,
    3.527,   3.505,  3.485,  3.467, 3.450, 3.435, 3.421, 3.408, 3.396, 3.385,
  };
  guint i = CLAMP (degrees_of_freedom, 1u, G_N_ELEMENTS (t999)) - 1;

  return MAX (floor, t999[i]);
}

double
ssdb_median (double *values, guint n)
{
  if (n == 0)
    return 0;
  g_return_val_if_fail (values != NULL, 0);
  qsort (values, n, sizeof *values, compare_double);
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double
ssdb_robust_scale (double *values, guint n)
{
  double centre;

  if (n == 0)
    return 0;
  g_return_val_if_fail (values != NULL, 0);
  centre = ssdb_median (values, n);
  for (guint i = 0; i < n; i++)
    values[i] = fabs (values[i] - centre);
  return 1.4826 * ssdb_median (values, n);
}

locale_t
ssdb_words_locale_begin (void)
{
  static locale_t c_locale = (locale_t)0;
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      c_locale = newlocale (LC_ALL_MASK, "C", (locale_t)0);
      g_once_init_leave (&once, 1);
    }
  return uselocale (c_locale);
}

void
ssdb_words_locale_end (locale_t previous)
{
  uselocale (previous);
}
