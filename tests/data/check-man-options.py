#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that the manual page documents every command, test and option ssdbench-cli prints.

Usage: check-man-options.py SSDBENCH_CLI MANPAGE

Reads `ssdbench-cli --help` and `ssdbench-cli run --help` (every test the program has, which
the top-level help must name too), then `ssdbench-cli COMMAND --help` and `ssdbench-cli run TEST
--help` for every command and test, and looks for each command and test under COMMANDS, for a
subsection "run TEST" under OPTIONS, and for each --option in the roff source of the manual
page. Prints TAP; fails naming what the page lacks.
"""
import os
import re
import subprocess
import sys

OPTION = re.compile(r"(?<![\w-])(--[a-z0-9][a-z0-9-]*)")


def help_text(cli, *args):
    env = dict(os.environ, LC_ALL="C.UTF-8")
    p = subprocess.run([cli, *args, "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, timeout=60)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def main():
    cli, manpage = sys.argv[1], sys.argv[2]
    with open(manpage, encoding="utf-8") as f:
        roff = f.read()
    # Roff writes a minus sign as \- ; fonts and spacing escapes do not matter here.
    man = roff.replace("\\-", "-")
    man = re.sub(r"\\f[BIRP]", "", man)
    man_options = set(OPTION.findall(man))

    # The sections of the page: COMMANDS must name each command and test, OPTIONS must have a
    # subsection per test.
    def section(name):
        m = re.search(r"^\.SH %s\n(.*?)(?=^\.SH )" % name, man, re.M | re.S)
        return m.group(1) if m else ""

    man_commands = section("COMMANDS")
    man_option_sections = section('"?OPTIONS"?')

    results = []
    status, top = help_text(cli)
    results.append((status == 0 and "Usage:" in top, "ssdbench-cli --help prints the usage"))
    commands = sorted(set(re.findall(r"^\s*ssdbench-cli ([a-z][a-z-]*)", top, re.M)))
    # Tests are listed as "ssdbench-cli run TEST" lines or in a "Tests" list of "  NAME  words".
    top_tests = set(re.findall(r"^\s*ssdbench-cli run ([a-z][a-z-]*)", top, re.M)) - {"test"}
    m = re.search(r"^Tests\b.*?:\n((?:  [a-z][a-z-]*  .*\n)+)", top, re.M)
    if m:
        top_tests |= set(re.findall(r"^  ([a-z][a-z-]*)  ", m.group(1), re.M))
    # `run --help` lists every test the program has; the top-level help must name them all.
    status, run_help = help_text(cli, "run")
    run_tests = set(re.findall(r"^\s*ssdbench-cli run ([a-z][a-z-]*)", run_help, re.M))
    results.append((status == 0 and "summary" in run_tests,
                    "ssdbench-cli run --help lists the tests (%s)" % " ".join(sorted(run_tests))))
    unlisted = sorted(run_tests - top_tests)
    results.append((not unlisted, "ssdbench-cli --help names every test%s" % (
        " -- missing: " + " ".join(unlisted) if unlisted else "")))
    tests = sorted(run_tests | top_tests)
    results.append(("run" in commands and "summary" in tests,
                    "the usage lists commands (%s) and tests (%s)" % (" ".join(commands),
                                                                       " ".join(tests))))

    helps = [("ssdbench-cli --help", top)]
    for cmd in commands:
        results.append((re.search(r"\b%s\b" % re.escape(cmd), man_commands) is not None,
                        "the page names the command %s under COMMANDS" % cmd))
        if cmd != "run":
            status, text = help_text(cli, cmd)
            results.append((status == 0, "ssdbench-cli %s --help exits 0" % cmd))
            helps.append(("ssdbench-cli %s --help" % cmd, text))
    for test in tests:
        results.append((re.search(r"run %s\b" % re.escape(test), man_commands) is not None,
                        "the page describes run %s under COMMANDS" % test))
        results.append((re.search(r"^\.SS \"?run %s\b" % re.escape(test), man_option_sections,
                                  re.M) is not None,
                        "the page has the options of run %s under OPTIONS" % test))
        status, text = help_text(cli, "run", test)
        results.append((status == 0, "ssdbench-cli run %s --help exits 0" % test))
        helps.append(("ssdbench-cli run %s --help" % test, text))

    for name, text in helps:
        options = sorted(set(OPTION.findall(text)) - {"--help"})
        missing = [o for o in options if o not in man_options]
        results.append((not missing, "%s: the page documents %s%s" % (
            name, " ".join(options) if options else "(no options)",
            " -- missing: " + " ".join(missing) if missing else "")))

    print("1..%d" % len(results))
    for i, (ok, what) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, what))
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
