/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ssdbench-cli: list drives, show their facts, run benchmarks, write reports. No GTK. */
#include "config.h"

#include <locale.h>

#include "ssdb-cli-private.h"

static const char usage_text[]
    = "Usage:\n"
      "  ssdbench-cli list [--json]\n"
      "  ssdbench-cli info TARGET [--json]\n"
      "  ssdbench-cli health DEVICE [--json] [--update] [--selftest TYPE]\n"
      "  ssdbench-cli run TEST [OPTION…] TARGET\n"
      "  ssdbench-cli export REPORT.json --png|--svg|--pdf|--csv FILE [--view VIEW] [OPTION…]\n"
      "  ssdbench-cli export REPORT.json --text [FILE|-]\n"
      "  ssdbench-cli compare A.json B.json [C.json…] --view VIEW --png|--svg|--pdf FILE\n"
      "  ssdbench-cli import FILE [FILE…] [--json REPORT.json | --output-dir DIR]\n"
      "  ssdbench-cli --version\n"
      "\n";

/* After the list of tests. */
static const char usage_tail[]
    = "\n"
      "TARGET is a block device (/dev/nvme0n1) or a directory, where a test file is created\n"
      "and removed again. Writing to a block device destroys its data and needs\n"
      "--destroy-data naming that same device; without it only read tests run.\n"
      "\n"
      "export draws any chart of a saved report (summary, surface, fill, access, sweep,\n"
      "workload and the SSD behaviour tests), or writes its samples as CSV or text;\n"
      "compare overlays 2 to 8 reports in one chart. health prints the drive's own SMART\n"
      "or NVMe health report. import reads fio's JSON output and CrystalDiskMark or\n"
      "KDiskMark text results; export and compare take those files too.\n"
      "\n"
      "Run “ssdbench-cli COMMAND --help” for the options of a command.\n";

/* The tests of "ssdbench-cli run TEST", in the order --help lists them, with what each measures. */
static const struct
{
  const char *name;
  const char *usage;
  const char *words;
  int (*run) (int argc, char **argv);
} run_commands[] = {
  { "summary", "[OPTION…] TARGET",
    "CrystalDiskMark-style grid: sequential and random, read and write", ssdb_cli_run_summary },
  { "job", "[OPTION…] TARGET", "one I/O job in fio's terms", ssdb_cli_run_job },
  { "surface", "[OPTION…] TARGET", "HD Tune-like read (or write) rate across the device",
    ssdb_cli_run_surface },
  { "fill", "--destroy-data DEVICE [OPTION…] TARGET",
    "whole-drive write: cache size and the speed after it", ssdb_cli_run_fill },
  { "access", "[OPTION…] TARGET", "access-time distribution by queue depth (Ipeak-like)",
    ssdb_cli_run_access },
  { "sweep", "[OPTION…] TARGET", "rate by transfer size (ATTO-like)", ssdb_cli_run_sweep },
  { "randomaccess", "[OPTION…] TARGET",
    "IOPS and access time by transfer size at QD1 (HD Tune Pro's Random Access)",
    ssdb_cli_run_randomaccess },
  { "asssd", "[OPTION…] TARGET",
    "AS SSD Benchmark's tests: Seq, 4K, 4K-64Thrd, access time and the scores",
    ssdb_cli_run_asssd },
  { "copy", "[OPTION…] DIRECTORY", "AS SSD's copy benchmark: ISO, Program and Game file sets",
    ssdb_cli_run_copy },
  { "workload", "--preset NAME | --spec FILE [OPTION…] TARGET",
    "IOMeter-style mix from a preset or a specification", ssdb_cli_run_workload },
  { "compression", "--destroy-data DEVICE [OPTION…] TARGET",
    "write and read rate against data compressibility", ssdb_cli_run_compression },
  { "trim", "--destroy-data DEVICE [OPTION…] TARGET",
    "summary before and after fill-and-delete rounds (TRIM)", ssdb_cli_run_trim },
  { "freespace", "--destroy-data DEVICE [OPTION…] TARGET", "summary as the free space runs out",
    ssdb_cli_run_freespace },
  { "readback", "--destroy-data DEVICE [OPTION…] TARGET",
    "read rate of data written onto an empty span and over it", ssdb_cli_run_readback },
  { "recovery", "--destroy-data DEVICE [OPTION…] TARGET",
    "idle time the fast-write cache needs to recover", ssdb_cli_run_recovery },
  { "consistency", "--destroy-data DEVICE [OPTION…] TARGET",
    "IOPS per round and SNIA PTS steady state", ssdb_cli_run_consistency },
  { "scan", "[OPTION…] DEVICE",
    "error scan: every block read once, unreadable sectors and slow blocks", ssdb_cli_run_scan },
};

/* "  NAME  WORDS" for each test, under @heading. */
static void
print_tests (const char *heading)
{
  g_print ("%s\n", heading);
  for (guint i = 0; i < G_N_ELEMENTS (run_commands); i++)
    g_print ("  %-13s %s\n", run_commands[i].name, run_commands[i].words);
}

static char *
run_command_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (run_commands); i++)
    g_string_append_printf (names, "%s%s", i == 0 ? "" : ", ", run_commands[i].name);
  return g_string_free (names, FALSE);
}

static int
cmd_run (int argc, char **argv)
{
  g_autofree char *names = run_command_names ();

  if (argc < 2)
    return ssdb_cli_usage_error ("run needs a test: %s", names);
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h"))
    {
      g_print ("Usage:\n");
      for (guint i = 0; i < G_N_ELEMENTS (run_commands); i++)
        g_print ("  ssdbench-cli run %s %s\n", run_commands[i].name, run_commands[i].usage);
      g_print ("\n");
      print_tests ("Tests:");
      g_print ("\nRun “ssdbench-cli run TEST --help” for the options of a test.\n");
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (run_commands); i++)
    if (g_str_equal (argv[1], run_commands[i].name))
      {
        g_autofree char *prgname = g_strdup_printf ("ssdbench-cli run %s", argv[1]);

        /* "Usage: ssdbench-cli run TEST [OPTION…] TARGET" in the test's --help */
        g_set_prgname (prgname);
        return run_commands[i].run (argc - 1, argv + 1);
      }
  return ssdb_cli_usage_error ("Unknown test “%s”: expected one of %s", argv[1], names);
}

/* The commands of ssdbench-cli besides "run". */
static const struct
{
  const char *name;
  int (*run) (int argc, char **argv);
} commands[] = {
  /* clang-format off */
  { "list", ssdb_cli_cmd_list },
  { "info", ssdb_cli_cmd_info },
  { "health", ssdb_cli_cmd_health },
  { "run", cmd_run },
  { "export", ssdb_cli_cmd_export },
  { "compare", ssdb_cli_cmd_compare },
  { "import", ssdb_cli_cmd_import },
  /* clang-format on */
};

int
main (int argc, char **argv)
{
  const char *cmd;

  setlocale (LC_ALL, "");

  if (argc < 2)
    {
      g_printerr ("%sRun “ssdbench-cli --help” for the tests and what they measure.\n", usage_text);
      return EXIT_USAGE;
    }
  cmd = argv[1];
  if (g_str_equal (cmd, "--help") || g_str_equal (cmd, "-h") || g_str_equal (cmd, "help"))
    {
      g_print ("%s", usage_text);
      print_tests ("Tests (ssdbench-cli run TEST):");
      g_print ("%s", usage_tail);
      return 0;
    }
  if (g_str_equal (cmd, "--version") || g_str_equal (cmd, "-V"))
    {
      g_print ("ssdbench-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (cmd, commands[i].name))
      {
        g_autofree char *prgname = g_strdup_printf ("ssdbench-cli %s", cmd);

        /* "Usage: ssdbench-cli COMMAND [OPTION…]" in the command's --help */
        if (!g_str_equal (cmd, "run"))
          g_set_prgname (prgname);
        return commands[i].run (argc - 1, argv + 1);
      }
  return ssdb_cli_usage_error ("Unknown command “%s”", cmd);
}
