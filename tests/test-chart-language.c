/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The language of chart text: catalogs read from the build tree's po directory
 * (SSDBENCH_LOCALEDIR), one language per thread at the same time, plural forms, the decimal
 * separator, unknown languages refused by name; a report exported as PDF in French and in
 * Traditional Chinese whose text (pdftotext) holds the translated legend, headings, the
 * access-time finding and decimal commas, while an English export is the same bytes whatever the
 * process's default chart language was set to. The AS SSD table, the copy benchmark and the
 * compression chart in AS SSD's 10 % steps, and their comparisons, likewise.
 */
#include "config.h"

#include "ssdb-compression.h"
#include "ssdb-error.h"
#include "ssdb-export.h"
#include "ssdb-render-lang.h"
#include "ssdb-import.h"
#include "ssdb-report.h"

#include <glib/gstdio.h>
#include <string.h>

static void
test_validate (void)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (ssdb_render_language_validate ("en", NULL));
  g_assert_true (ssdb_render_language_validate ("C", NULL));
  g_assert_true (ssdb_render_language_validate ("fr", NULL));
  g_assert_true (ssdb_render_language_validate ("fr_FR.UTF-8", NULL));
  g_assert_true (ssdb_render_language_validate ("zh_TW", NULL));
  g_assert_false (ssdb_render_language_validate ("xx", &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "“xx”"));
  g_assert_nonnull (strstr (error->message, "fr"));
  g_assert_nonnull (strstr (error->message, "zh_TW"));
  g_clear_error (&error);
  /* Never a path out of the locale directory */
  g_assert_false (ssdb_render_language_validate ("../fr", &error));
}

typedef struct
{
  const char *language;
  const char *read;     /* "Read" */
  const char *default_; /* "Default" */
  guint rounds;
  gboolean ok;
} Worker;

static gpointer
lookup_many (gpointer data)
{
  Worker *w = data;
  const char *previous = ssdb_render_language_push (w->language);

  w->ok = TRUE;
  for (guint i = 0; i < w->rounds; i++)
    {
      w->ok &= g_strcmp0 (ssdb_render_gettext ("Read"), w->read) == 0;
      w->ok &= g_strcmp0 (ssdb_render_gettext ("Default"), w->default_) == 0;
      if (i % 64 == 0)
        g_thread_yield ();
    }
  ssdb_render_language_pop (previous);
  return NULL;
}

static void
test_threads (void)
{
  Worker fr = { "fr", "Lecture", "Par défaut", 20000, FALSE };
  Worker zh = { "zh_TW", "讀取", "預設", 20000, FALSE };
  Worker en = { NULL, "Read", "Default", 20000, FALSE };
  GThread *t1 = g_thread_new ("fr", lookup_many, &fr);
  GThread *t2 = g_thread_new ("zh", lookup_many, &zh);
  GThread *t3 = g_thread_new ("en", lookup_many, &en);

  /* This thread has no scope and the process default is English */
  for (guint i = 0; i < 1000; i++)
    g_assert_cmpstr (ssdb_render_gettext ("Read"), ==, "Read");
  g_thread_join (t1);
  g_thread_join (t2);
  g_thread_join (t3);
  g_assert_true (fr.ok);
  g_assert_true (zh.ok);
  g_assert_true (en.ok);
  g_assert_cmpstr (ssdb_render_get_language (), ==, "en");
}

static void
test_forms (void)
{
  const char *previous = ssdb_render_language_push ("fr");
  g_autofree char *localized = NULL;

  /* French: 0 and 1 take the singular */
  g_assert_cmpstr (ssdb_render_ngettext ("%u read above %s %s", "%u reads above %s %s", 0), ==,
                   "%u lecture au-dessus de %s %s");
  g_assert_cmpstr (ssdb_render_ngettext ("%u read above %s %s", "%u reads above %s %s", 2), ==,
                   "%u lectures au-dessus de %s %s");
  /* A context keeps a chart word apart from the same English word elsewhere */
  g_assert_cmpstr (ssdb_render_pgettext ("profile\004default", sizeof ("profile")), ==,
                   "par défaut");
  g_assert_cmpstr (ssdb_render_pgettext ("nothing\004untranslated", sizeof ("nothing")), ==,
                   "untranslated");
  g_assert_cmpstr (ssdb_render_gettext ("no such chart string"), ==, "no such chart string");
  g_assert_cmpstr (ssdb_render_decimal_separator (), ==, ",");
  /* Only a point between digits is a decimal point */
  localized = ssdb_render_localize_number (g_strdup ("2.15 GB · v0.1.0 · 1.5"));
  g_assert_cmpstr (localized, ==, "2,15 GB · v0,1,0 · 1,5");
  ssdb_render_language_pop (previous);

  /* Chinese has one form and a decimal point */
  previous = ssdb_render_language_push ("zh_TW");
  g_assert_cmpstr (ssdb_render_ngettext ("%u read above %s %s", "%u reads above %s %s", 1), ==,
                   ssdb_render_ngettext ("%u read above %s %s", "%u reads above %s %s", 5));
  g_assert_cmpstr (ssdb_render_decimal_separator (), ==, ".");
  ssdb_render_language_pop (previous);
  g_assert_cmpstr (ssdb_render_decimal_separator (), ==, ".");
}

/* The text of a PDF, as pdftotext extracts it (%NULL and the test skipped without it). */
static char *
pdf_text (const char *pdf)
{
  g_autofree char *prog = g_find_program_in_path ("pdftotext");
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;
  const char *argv[] = { prog, "-layout", pdf, "-", NULL };

  if (prog == NULL)
    return NULL;
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_steal_pointer (&out);
}

static char *
export_text (const SsdbReport *report, SsdbTestKind view, const char *language, const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "chart.pdf", NULL);
  g_autoptr (GError) error = NULL;
  const char *previous = ssdb_render_language_push (language);

  g_assert_true (ssdb_export_view (report, view, SSDB_EXPORT_PDF, 1200, 800, 1, SSDB_THEME_REVIEW,
                                   0, path, &error));
  g_assert_no_error (error);
  ssdb_render_language_pop (previous);
  return pdf_text (path);
}

static void
assert_contains (const char *text, const char *const *words)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (text, words[i]) == NULL)
      g_error ("“%s” not in the chart's text:\n%s", words[i], text);
}

static SsdbReport *
open_fixture (void)
{
  g_autofree char *file
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid-all-views.json", NULL);
  g_autoptr (GError) error = NULL;
  SsdbReport *report = ssdb_report_open (file, &error);

  g_assert_no_error (error);
  return report;
}

static void
test_export_languages (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = open_fixture ();
  g_autofree char *dir = g_dir_make_tmp ("ssdb-lang-XXXXXX", NULL);
  g_autofree char *en = NULL, *fr = NULL, *zh = NULL, *surface = NULL, *access = NULL;
  g_autofree char *access_en = NULL, *fill = NULL;
  static const char *const en_words[]
      = { "Read (MB/s)", "Write (MB/s)", "Default", "4198.50", "best of passes", NULL };
  /* Legend headers, the profile, a figure with its decimal comma, the subtitle, the caption */
  static const char *const fr_words[]
      = { "Lecture (MB/s)",    "Écriture (MB/s)", "Par défaut", "4198,50", "meilleure des passes",
          "profil par défaut", "2,15 GB",         "exécuté le", NULL };
  static const char *const zh_words[] = { "讀取（MB/s）", "寫入（MB/s）", "預設", "4198.50", NULL };
  static const char *const surface_words[]
      = { "Position sur le périphérique (GB)", "Moyenne", "Débit en rafale", "0,2", NULL };

  g_assert_no_error (error);
  en = export_text (report, SSDB_TEST_KIND_SUMMARY, NULL, dir);
  if (en == NULL)
    {
      g_test_skip ("pdftotext (poppler-utils) is not installed");
      return;
    }
  assert_contains (en, en_words);
  g_assert_null (strstr (en, "Lecture"));
  fr = export_text (report, SSDB_TEST_KIND_SUMMARY, "fr", dir);
  assert_contains (fr, fr_words);
  g_assert_null (strstr (fr, "Read (MB/s)"));
  g_assert_null (strstr (fr, "4198.50"));
  zh = export_text (report, SSDB_TEST_KIND_SUMMARY, "zh_TW", dir);
  /* Without a font for Han characters they are drawn as boxes, which no text is read from */
  if (ssdb_render_language_has_glyphs ("zh_TW"))
    assert_contains (zh, zh_words);
  else
    g_test_message ("no font for Traditional Chinese (fonts-noto-cjk): its text is not read back");
  surface = export_text (report, SSDB_TEST_KIND_SURFACE, "fr", dir);
  assert_contains (surface, surface_words);
  g_assert_null (strstr (surface, "Position on the device"));
  /* The access-time finding, written again by the engine in French with a decimal comma; the
   * report's own words (and so the English chart) stay English. */
  access = export_text (report, SSDB_TEST_KIND_ACCESS, "fr", dir);
  g_assert_nonnull (strstr (access, "Les IOPS croissent de 3,0×"));
  g_assert_null (strstr (access, "IOPS grow"));
  access_en = export_text (report, SSDB_TEST_KIND_ACCESS, NULL, dir);
  g_assert_nonnull (strstr (access_en, "IOPS grow 3.0×"));
  g_assert_nonnull (strstr (report->access->analysis.words, "IOPS grow 3.0×"));
  /* The fill's finding, its figures with decimal commas */
  fill = export_text (report, SSDB_TEST_KIND_FILL, "fr", dir);
  g_assert_nonnull (strstr (fill, "Non concluant : les écritures font 400 MB/s en moyenne"));
  g_assert_nonnull (strstr (fill, "0,03 s"));
  g_assert_null (strstr (fill, "Inconclusive"));
  {
    g_autofree char *pdf = g_build_filename (dir, "chart.pdf", NULL);

    g_unlink (pdf);
  }
  g_rmdir (dir);
}

/* The English PNG of @view of @report is the same bytes whether the process's default chart
 * language is English, French (an explicit "en" scope wins) or never set. */
static void
assert_english_bytes (const SsdbReport *report, SsdbTestKind view, const char *dir)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *a = g_build_filename (dir, "a.png", NULL);
  g_autofree char *b = g_build_filename (dir, "b.png", NULL);
  g_autofree char *c = g_build_filename (dir, "c.png", NULL);
  g_autofree char *da = NULL, *db = NULL, *dc = NULL;
  gsize la, lb, lc;
  const char *previous;

  g_assert_true (ssdb_export_view (report, view, SSDB_EXPORT_PNG, 1200, 800, 1, SSDB_THEME_REVIEW,
                                   0, a, &error));
  ssdb_render_set_default_language ("fr");
  previous = ssdb_render_language_push ("en");
  g_assert_true (ssdb_export_view (report, view, SSDB_EXPORT_PNG, 1200, 800, 1, SSDB_THEME_REVIEW,
                                   0, b, &error));
  ssdb_render_language_pop (previous);
  /* Without a scope the default applies: French, so other bytes */
  g_assert_true (ssdb_export_view (report, view, SSDB_EXPORT_PNG, 1200, 800, 1, SSDB_THEME_REVIEW,
                                   0, c, &error));
  ssdb_render_set_default_language (NULL);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (a, &da, &la, NULL));
  g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
  g_assert_true (g_file_get_contents (c, &dc, &lc, NULL));
  g_assert_cmpmem (da, la, db, lb);
  g_assert_false (la == lc && memcmp (da, dc, la) == 0);
  g_unlink (a);
  g_unlink (b);
  g_unlink (c);
}

static SsdbReport *
open_report (const char *name)
{
  g_autofree char *file = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", name, NULL);
  g_autoptr (GError) error = NULL;
  SsdbReport *report = ssdb_report_open (file, &error);

  g_assert_no_error (error);
  return report;
}

typedef struct
{
  const char *fixture;
  SsdbTestKind kind;
  const char *en, *fr, *zh; /* a piece of the finding, on one line of the chart */
} Verdict;

/* Each kind's finding drawn in French and Chinese, its figures those of the English words (with
 * a decimal comma in French), while the report keeps its English words. */
static void
test_verdicts (void)
{
  static const Verdict verdicts[] = {
    { "valid-behaviour.json", SSDB_TEST_KIND_COMPRESSION,
      "Writes of zeros run 2.3× faster than random data (2527 against 1115 MB/s)",
      "Les écritures de zéros vont 2,3× plus vite que les données aléatoires (2527 contre 1115 "
      "MB/s)",
      "的寫入比隨機資料快 2.3×（2527 對 1115 MB/s）" },
    { "valid-behaviour.json", SSDB_TEST_KIND_TRIM,
      "RND4K Q32T1 write keeps only 56 % of its speed (383 against 683",
      "RND4K Q32T1 en écriture ne garde que 56 % de sa", "只保有 56% 的速度（383 對 683 MB/s）" },
    { "valid-behaviour.json", SSDB_TEST_KIND_RECOVERY,
      "Inconclusive: the first write ran at 400 MB/s on average; a change of 40 % lasted only "
      "0.07 s",
      "Non concluant : la première écriture a tenu 400 MB/s en moyenne ; un changement de 40 % "
      "n’a duré que 0,07 s",
      "無法判定：第一次寫入平均 400 MB/s；一次 40% 的變化只持續 0.07 秒" },
    { "valid-behaviour.json", SSDB_TEST_KIND_FREESPACE,
      "RND4K Q32T1 read runs at 82 % of its speed",
      "et avec 5 étapes une baisse doit dépasser 66 % (10,2 × cela)",
      "離散 6.5%，5 步時下降必須超過 66%（其 10.2 倍）" },
    { "valid-behaviour.json", SSDB_TEST_KIND_READBACK,
      "17 % slower than data written by pass 1 (1361 MB/s)",
      "17 % moins vite que celles de la passe 1 (1361 MB/s)",
      "慢 17%，超過單一回合的變動幅度 10%" },
    { "valid-behaviour.json", SSDB_TEST_KIND_CONSISTENCY,
      "Over the last 4 rounds: 104455 IOPS mean, standard deviation 2407 IOPS",
      "Sur les 4 derniers cycles : 104455 IOPS en moyenne, écart type 2407 IOPS",
      "最後 4 輪：平均 104455 IOPS，" },
    { "valid-scan.json", SSDB_TEST_KIND_SCAN, "2 unreadable ranges, 1032 KiB in all",
      "Lu 67,11 MB sur 67,11 MB en 282 ms (238 MB/s) : 2 plages illisibles, 1032 KiB en tout",
      "2 個無法讀取的範圍，共 1032 KiB（第一個位於位元組 8392704）" },
    { "valid-access-sweep-workload.json", SSDB_TEST_KIND_SWEEP,
      "Reads reach 3000 MB/s at 16 KiB transfers; writes reach 1500 MB/s at 16 KiB transfers.",
      "Les lectures atteignent 3000 MB/s en transferts de 16 KiB ; les écritures atteignent 1500 "
      "MB/s en transferts de 16 KiB.",
      "讀取在 16 KiB 傳輸時達到 3000 MB/s；寫入在 16 KiB 傳輸時達到 1500 MB/s。" },
  };
  g_autofree char *dir = g_dir_make_tmp ("ssdb-lang-XXXXXX", NULL);
  gboolean han = ssdb_render_language_has_glyphs ("zh_TW");

  for (guint i = 0; i < G_N_ELEMENTS (verdicts); i++)
    {
      const Verdict *v = &verdicts[i];
      g_autoptr (SsdbReport) report = open_report (v->fixture);
      g_autofree char *en = export_text (report, v->kind, NULL, dir);
      g_autofree char *fr = NULL, *zh = NULL;
      g_autofree char *text = NULL;

      if (en == NULL)
        {
          g_test_skip ("pdftotext (poppler-utils) is not installed");
          break;
        }
      g_test_message ("%s", ssdb_test_kind_to_string (v->kind));
      g_assert_nonnull (strstr (en, v->en));
      fr = export_text (report, v->kind, "fr", dir);
      if (strstr (fr, v->fr) == NULL)
        g_error ("“%s” not in the French chart:\n%s", v->fr, fr);
      g_assert_null (strstr (fr, v->en));
      if (han)
        {
          zh = export_text (report, v->kind, "zh_TW", dir);
          if (strstr (zh, v->zh) == NULL)
            g_error ("“%s” not in the Chinese chart:\n%s", v->zh, zh);
        }
      /* Drawn again in English after French: the report kept its English words */
      text = export_text (report, v->kind, "en", dir);
      g_assert_cmpstr (text, ==, en);
    }
  {
    g_autofree char *pdf = g_build_filename (dir, "chart.pdf", NULL);

    g_unlink (pdf);
  }
  g_rmdir (dir);
}

/* English PNGs are the same bytes whether the process's default chart language is English,
 * French (an explicit "en" scope wins) or never set. */
static void
test_english_bytes (void)
{
  g_autoptr (SsdbReport) report = open_fixture ();
  g_autofree char *dir = g_dir_make_tmp ("ssdb-lang-XXXXXX", NULL);
  const SsdbTestKind views[] = { SSDB_TEST_KIND_SUMMARY, SSDB_TEST_KIND_SURFACE,
                                 SSDB_TEST_KIND_ACCESS, SSDB_TEST_KIND_SWEEP };

  for (guint v = 0; v < G_N_ELEMENTS (views); v++)
    assert_english_bytes (report, views[v], dir);
  g_rmdir (dir);
}

static SsdbReport *
open_named_fixture (const char *name)
{
  g_autofree char *file = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", name, NULL);
  g_autoptr (GError) error = NULL;
  SsdbReport *report = ssdb_report_open (file, &error);

  g_assert_no_error (error);
  return report;
}

/* The behaviour fixture with a compression test in AS SSD's 10 % steps: writes from 200 to
 * 400 MB/s, reads from 900 down to 600, zeros at 3000.4 and 2999.6 MB/s. The report borrows
 * the test, returned in @result to be freed after the report. */
static SsdbReport *
open_compression_steps (SsdbCompressionResult **result)
{
  SsdbReport *report = open_named_fixture ("valid-behaviour.json");
  SsdbCompressionSpec spec = report->compression->spec;
  SsdbCompressionResult *r;
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  guint n;

  spec.step_percent = 10;
  r = ssdb_compression_result_new (&spec);
  n = ssdb_compression_levels (10, TRUE, levels);
  for (guint i = 0; i < n; i++)
    {
      SsdbCompressionPoint p = { 0 };

      p.data = levels[i];
      p.write_bytes_per_second = i + 1 == n ? 3000.4e6 : 200e6 + 20e6 * i;
      p.read_bytes_per_second = i + 1 == n ? 2999.6e6 : 900e6 - 30e6 * i;
      g_array_append_val (r->points, p);
    }
  ssdb_compression_summarize (r);
  ssdb_report_set_compression (report, r);
  *result = r;
  return report;
}

/* The text of a comparison of @a and @b in @language, as PDF text. */
static char *
compare_text (SsdbReport *a, SsdbReport *b, SsdbTestKind view, const char *language,
              const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "chart.pdf", NULL);
  g_autoptr (GError) error = NULL;
  SsdbReport *const reports[2] = { a, b };
  const char *const labels[2] = { "A", "B" };
  const char *previous = ssdb_render_language_push (language);

  g_assert_true (ssdb_export_compare (reports, labels, 2, view, SSDB_EXPORT_PDF, 1200, 800, 1,
                                      SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_no_error (error);
  ssdb_render_language_pop (previous);
  return pdf_text (path);
}

static void
assert_lacks (const char *text, const char *const *words)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (text, words[i]) != NULL)
      g_error ("“%s” in the chart's text:\n%s", words[i], text);
}

/* The AS SSD table, the copy benchmark and the compression chart in 10 % steps, exported and
 * compared in French and in Chinese: their headings, rows, subtitles and legends translated,
 * AS SSD's test names kept as AS SSD shows them, figures with the language's decimal
 * separator; in English, the English words and the same bytes under a French default. */
static void
test_asssd_copy_compression (void)
{
  g_autoptr (SsdbCompressionResult) steps = NULL;
  g_autoptr (SsdbReport) asssd = open_named_fixture ("valid-asssd.json");
  g_autoptr (SsdbReport) copy = open_named_fixture ("valid-copy.json");
  g_autoptr (SsdbReport) compression = open_compression_steps (&steps);
  g_autoptr (SsdbReport) compression25 = open_named_fixture ("valid-behaviour.json");
  g_autofree char *dir = g_dir_make_tmp ("ssdb-lang-XXXXXX", NULL);
  gboolean han = ssdb_render_language_has_glyphs ("zh_TW");
  static const char *const asssd_en[]
      = { "Read",
          "Write",
          "Score",
          "Total",
          "4 KiB random · QD1",
          "4575.75 MB/s",
          "AS SSD Benchmark's tests · reads and writes over 67.11 MB · 0.2 s per test",
          NULL };
  static const char *const asssd_fr[]
      = { "Lecture",
          "Écriture",
          "Score",
          "Total",
          "Seq",
          "4K-64Thrd",
          "Acc.time",
          "4 KiB aléatoires · 64 threads × QD1",
          "4575,75 MB/s",
          "0,0033 ms",
          "Les scores pondèrent les MB/s",
          "Tests d’AS SSD Benchmark · lectures et écritures sur 67,11 MB · 0,2 s par test",
          "zone remplie au préalable",
          NULL };
  static const char *const asssd_zh[] = { "讀取",
                                          "寫入",
                                          "分數",
                                          "總分",
                                          "Seq",
                                          "4K-64Thrd",
                                          "Acc.time",
                                          "4 KiB 隨機 · QD1",
                                          "4575.75 MB/s",
                                          "AS SSD Benchmark 的測試 · 在 67.11 MB 上讀取與寫入",
                                          NULL };
  static const char *const asssd_not[]
      = { "Read", "Score weigh", "4575.75", "reads and writes", "random", NULL };
  static const char *const copy_en[] = { "Files in /tmp/copy-mnt, ext4 on zram2",
                                         "Program",
                                         "Game",
                                         "Time",
                                         "48 files",
                                         "213.9 MB/s",
                                         "0.50 s",
                                         "scale 10 %",
                                         NULL };
  static const char *const copy_fr[] = { "Fichiers dans /tmp/copy-mnt, ext4 sur zram2",
                                         "ISO",
                                         "Programme",
                                         "Jeu",
                                         "Durée",
                                         "48 fichiers · 24,0 MiB",
                                         "213,9 MB/s",
                                         "0,50 s",
                                         "Copie des ensembles de fichiers d’AS SSD dans ext4",
                                         "échelle 10 %",
                                         NULL };
  static const char *const copy_zh[] = { "檔案位於 /tmp/copy-mnt, ext4",
                                         "ISO",
                                         "程式",
                                         "遊戲",
                                         "時間",
                                         "48 個檔案",
                                         "213.9 MB/s",
                                         "比例 10 %",
                                         NULL };
  static const char *const copy_not[] = { "Game", "Time", "Files in", "213.9", " files", NULL };
  static const char *const compression_en[]
      = { "Zeros: write 3000, read 3000 MB/s", " · steps of 10 %", "Data compressibility", NULL };
  static const char *const compression_fr[] = { "Compression · séquentiel 1 MiB QD4 sur 33,55 MB",
                                                "pas de 10 %",
                                                "Écriture",
                                                "Lecture",
                                                "Zéros : écriture 3000, lecture 3000 MB/s",
                                                "Compressibilité des données",
                                                NULL };
  static const char *const compression_zh[]
      = { "壓縮 · 在 33.55 MB 上循序 1 MiB QD4", "級距 10 %",    "寫入", "讀取",
          "零：寫入 3000、讀取 3000 MB/s",       "資料可壓縮性", NULL };
  static const char *const compression_not[] = { "Zeros", "steps of", "sequential", "33.55", NULL };
  const struct
  {
    const SsdbReport *report;
    SsdbTestKind view;
    const char *const *en, *const *fr, *const *zh, *const *fr_not;
  } charts[] = {
    { asssd, SSDB_TEST_KIND_ASSSD, asssd_en, asssd_fr, asssd_zh, asssd_not },
    { copy, SSDB_TEST_KIND_COPY, copy_en, copy_fr, copy_zh, copy_not },
    { compression, SSDB_TEST_KIND_COMPRESSION, compression_en, compression_fr, compression_zh,
      compression_not },
  };

  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      const SsdbReport *report = charts[i].report;
      g_autofree char *en = export_text (report, charts[i].view, NULL, dir);
      g_autofree char *fr = NULL, *zh = NULL;

      if (en == NULL)
        {
          g_test_skip ("pdftotext (poppler-utils) is not installed");
          break;
        }
      assert_contains (en, charts[i].en);
      fr = export_text (report, charts[i].view, "fr", dir);
      assert_contains (fr, charts[i].fr);
      assert_lacks (fr, charts[i].fr_not);
      zh = export_text (report, charts[i].view, "zh_TW", dir);
      if (han)
        assert_contains (zh, charts[i].zh);
      assert_english_bytes (report, charts[i].view, dir);
    }

  /* The comparisons: AS SSD's tests and the copy's sets as groups, the compression of 10 %
   * steps beside one of 25 % as bare percentages */
  {
    g_autofree char *a = compare_text (asssd, asssd, SSDB_TEST_KIND_ASSSD, "fr", dir);
    g_autofree char *c = NULL, *z = NULL, *s = NULL, *e = NULL;
    static const char *const a_fr[]
        = { "AS SSD : débits Seq, 4K et 4K-64Thrd (scores et temps d’accès non comparés)",
            "Lecture",
            "Écriture",
            "4K-64Thrd",
            "Test",
            NULL };
    static const char *const c_fr[] = { "Copie : débit de chaque ensemble de fichiers",
                                        "Débit de copie",
                                        "Programme",
                                        "Jeu",
                                        "Ensemble de fichiers",
                                        NULL };
    static const char *const c_zh[] = { "複製速率", "程式", "遊戲", "檔案組", NULL };
    static const char *const s_fr[] = { "Compressibilité des données, %", "Zéros", NULL };

    if (a != NULL)
      {
        assert_contains (a, a_fr);
        c = compare_text (copy, copy, SSDB_TEST_KIND_COPY, "fr", dir);
        assert_contains (c, c_fr);
        g_assert_null (strstr (c, "Game"));
        z = compare_text (copy, copy, SSDB_TEST_KIND_COPY, "zh_TW", dir);
        if (han)
          assert_contains (z, c_zh);
        s = compare_text (compression, compression25, SSDB_TEST_KIND_COMPRESSION, "fr", dir);
        assert_contains (s, s_fr);
        g_assert_null (strstr (s, "Data compressibility"));
        e = compare_text (compression, compression25, SSDB_TEST_KIND_COMPRESSION, NULL, dir);
        g_assert_nonnull (strstr (e, "Data compressibility, %"));
      }
  }
  {
    g_autofree char *pdf = g_build_filename (dir, "chart.pdf", NULL);

    g_unlink (pdf);
  }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart-language/validate", test_validate);
  g_test_add_func ("/chart-language/threads", test_threads);
  g_test_add_func ("/chart-language/forms", test_forms);
  g_test_add_func ("/chart-language/export", test_export_languages);
  g_test_add_func ("/chart-language/english-bytes", test_english_bytes);
  g_test_add_func ("/chart-language/asssd-copy-compression", test_asssd_copy_compression);
  g_test_add_func ("/chart-language/verdicts", test_verdicts);
  return g_test_run ();
}
