#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that the sentence under each test never contradicts the numbers beside it.

    words-match.py CLI REPORT.json...

For every test with a finding a report holds (fill, access, sweep, recovery, compression, trim,
freespace, consistency, readback), runs `CLI export REPORT --view KIND --text -`, which loads the report (recomputing
its words as the window does) and prints the test's table and then its finding. Every figure
the finding states (a number with a unit: MB/s, %, ×, s, ms, µs, GB, MB, IOPS...) must be one
of the table's or the report's own numbers at the precision printed, in the unit printed; or
a number that follows from them by the rules the words state (a multiple of a noise, a loss of
100 % minus a retention); or one of the thresholds the engine states (SSDB_*_PERCENT...). The
finding must also name its verdict in the report ("found", "no effect", "inconclusive"), unless
the report's words are from an earlier version.

Prints one line per test checked and exits 1 when a figure matches nothing.
"""
import json
import math
import os
import re
import subprocess
import sys

KINDS = (
    "fill",
    "access",
    "sweep",
    "recovery",
    "compression",
    "trim",
    "freespace",
    "consistency",
    "readback",
)

# Thresholds and rules the engine's headers state, in the unit the words print them.
CONSTANTS = {
    "%": [10, 15, 25, 50, 80, 85, 90, 100, 20, 5, 2, 3, 1],
    "×": [1.1, 1.2, 1.25, 1.5, 2, 3, 4],
    "s": [0.5, 1],
}
MULTIPLES = (1, 2, 3, 4)

UNITS = r"(MB/s|GB/s|KB/s|kB/s|K IOPS|IOPS|GB|MB|KB|kB|TB|GiB|MiB|KiB|%|×|µs|ms|s)"
FIGURE = re.compile(
    r"(?<![\w.])(-?\d+(?:\.\d+)?)\s?" + UNITS + r"(?![\w/])"
)
# A number standing alone: not the digits of a name such as Q32T1 or zram1.
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.])")
# "470 against 131 MB/s", "300 -> 160 MB/s": the first number is in the second's unit.
PAIR = re.compile(
    r"(?<![\w.])(-?\d+(?:\.\d+)?)\s?(?:against|to|->|→|and|or)\s(-?\d+(?:\.\d+)?)\s?"
    + UNITS
    + r"(?![\w/])"
)
# Arrays of per-segment or per-interval values: any figure would match one of them.
SERIES = ("segments", "intervals", "samples", "points_raw", "histogram")

SCALE = {
    "MB/s": (1e6, 1),
    "GB/s": (1e9, 1),
    "KB/s": (1e3, 1),
    "kB/s": (1e3, 1),
    "kB": (1e3, 1),
    "GB": (1e9, 1),
    "MB": (1e6, 1),
    "KB": (1e3, 1),
    "TB": (1e12, 1),
    "GiB": (2**30, 1),
    "MiB": (2**20, 1),
    "KiB": (2**10, 1),
    "µs": (1e3, 1e6),
    "ms": (1e6, 1e3),
    "s": (1e9, 1),
    "IOPS": (1, 1),
    "K IOPS": (1e3, 1),
}


def numbers_of(value, out):
    """All numbers in a JSON value, recursively (words excepted)."""
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        out.add(float(value))
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "words" and k not in SERIES:
                numbers_of(v, out)
    elif isinstance(value, list):
        for v in value:
            numbers_of(v, out)


class Rounded(float):
    """A number as the table prints it, with half its last printed digit (how far the
    rounding may have moved it)."""

    def __new__(cls, value, half):
        r = super().__new__(cls, value)
        r.half = half
        return r


def rounded(text):
    decimals = len(text.split(".")[1].split("e")[0].split("E")[0]) if "." in text else 0
    return Rounded(float(text), 0.5 * 10**-decimals)


def table_pairs(table):
    """Pairs of the table's numbers that a sentence may compare: two in the same line, or two
    in the same column of consecutive lines with as many numbers (a write against the first, a
    step against the empty one)."""
    # a row's leading index (a pass, a phase, a depth, a size) is a label, not a measure
    rows = [
        [rounded(n) for n in NUMBER.findall(re.sub(r"^\s*\d+\s", " ", line))]
        for line in table.split("\n")
    ]
    pairs = set()
    for row in rows:
        pairs.update((a, b) for a in row for b in row)
    # columns: within a run of consecutive lines with as many numbers (one table)
    for i, row in enumerate(rows):
        for other in rows[i + 1 :]:
            if len(other) != len(row):
                break
            pairs.update(zip(row, other))
            pairs.update(zip(other, row))
    # the mean of two neighbouring lines against the mean of two others in the same column
    # ("its last two steps average 39 % below its first two")
    for i in range(len(rows) - 1):
        if not rows[i] or len(rows[i + 1]) != len(rows[i]):
            continue
        for j in range(i + 1, len(rows) - 1):
            if any(len(rows[k]) != len(rows[i]) for k in range(i, j + 2)):
                break
            for c in range(len(rows[i])):
                a = Rounded((rows[i][c] + rows[i + 1][c]) / 2,
                            max(rows[i][c].half, rows[i + 1][c].half))
                b = Rounded((rows[j][c] + rows[j + 1][c]) / 2,
                            max(rows[j][c].half, rows[j + 1][c].half))
                pairs.update(((a, b), (b, a)))
    return {(a, b) for a, b in pairs if a > 0 and b > 0 and a != b}


def candidates(unit, pool, pairs):
    """Values a figure printed in @unit may show, from the numbers in @pool; ratios and
    percentage changes between two numbers the table sets side by side (@pairs) also count."""
    out = set(CONSTANTS.get(unit, []))
    for v in pool:
        if unit == "%":
            # a percentage (12.3), its multiples (k × a noise) and what is left of it
            if abs(v) <= 1000:
                out.update(k * v for k in MULTIPLES)
                out.add(100 - v)
            # a fraction or a ratio (0.123, 1.25×) as a percentage, a change or a share
            if 0 < abs(v) <= 10:
                out.update(k * 100 * v for k in MULTIPLES)
                out.update((100 * (v - 1), 100 * (1 - v), 100 / v, 100 * (1 / v - 1)))
        elif unit == "×":
            if abs(v) <= 1000:
                out.update(k * v for k in MULTIPLES)
            if 0 < abs(v) <= 10:
                out.update(1 + k * v for k in MULTIPLES)
            if abs(v) <= 1000:
                out.update(1 + k * v / 100 for k in MULTIPLES)
        elif unit in SCALE:
            div, mul = SCALE[unit]
            out.update((v / div, v * mul, v))
            if unit == "s":
                out.update((v / 1e9 * k for k in MULTIPLES))
        else:
            out.add(v)
    return out


def pair_candidates(unit, pairs):
    """Ratios and percentage changes between two numbers the table sets side by side, each
    with how far the table's rounding can move it (the words are made from the numbers before
    the table rounds them)."""
    out = []
    if unit in ("%", "×"):
        for a, b in pairs:
            r = a / b
            ra, rb = getattr(a, "half", 0) / abs(a), getattr(b, "half", 0) / abs(b)
            # only numbers printed to 0.5 % or better: a ratio of coarse ones (0.17 against
            # 0.16) would cover half the percentages
            slack = r * (ra + rb) if max(ra, rb) <= 0.005 else 0
            if unit == "×":
                out.append((r, slack))
            else:
                out.extend((v, 100 * slack) for v in (100 * r, 100 * (r - 1), 100 * (1 - r)))
    return out


def matches(text, unit, pool, pairs=()):
    decimals = len(text.split(".")[1]) if "." in text else 0
    half = 0.5 * 10**-decimals + 1e-9 * max(1.0, abs(float(text)))
    want = abs(float(text))
    for c in candidates(unit, pool, pairs):
        if isinstance(c, float) and not math.isfinite(c):
            continue
        if abs(abs(c) - want) <= half:
            return True
    for c, slack in pair_candidates(unit, pairs):
        if abs(abs(c) - want) <= half + slack:
            return True
    return False


def verdict_of(test):
    v = test.get("verdict")
    if v is None and isinstance(test.get("analysis"), dict):
        v = test["analysis"].get("verdict")
    return v


def check(cli, path):
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    failures = 0
    checked = 0
    for test in report.get("tests", []):
        kind = test.get("kind")
        if kind not in KINDS:
            continue
        r = subprocess.run(
            [cli, "export", path, "--view", kind, "--text", "-"],
            capture_output=True,
            text=True,
            env=dict(os.environ, LC_ALL="C.UTF-8"),
        )
        if r.returncode != 0:
            print(f"FAIL {path} {kind}: export --text failed: {r.stderr.strip()}")
            failures += 1
            continue
        paragraphs = [p for p in r.stdout.strip().split("\n\n") if p.strip()]
        words = paragraphs[-1].replace("\n", " ")
        table = "\n".join(paragraphs[:-1])
        pool = {float(n) for n in NUMBER.findall(table)}
        pairs = table_pairs(table)
        numbers_of(test, pool)
        bad = []
        figures = FIGURE.findall(words)
        figures += [(first, unit) for first, _, unit in PAIR.findall(words)]
        for number, unit in figures:
            if not matches(number, unit, pool, pairs):
                bad.append(f"{number} {unit}")
        checked += 1
        verdict = verdict_of(test)
        named = {
            "found": (
                "found",
                "Found",
                "does not recover fully",
                "has to reclaim space",
                "results with",
                "changes how",
                "keeps only",
                "slows down as it fills",
            ),
            "no-effect": ("No effect", "no effect"),
            "inconclusive": ("nconclusive",),
        }
        stored = test.get("words")
        if stored is None and isinstance(test.get("analysis"), dict):
            stored = test["analysis"].get("words")
        if verdict in named and stored == words:
            if not any(w in words for w in named[verdict]):
                bad.append(f"the verdict '{verdict}' is not named")
        if bad:
            failures += 1
            print(f"FAIL {path} {kind}: {', '.join(bad)} in: {words}")
        else:
            print(f"ok {path} {kind}: {len(figures)} figures match the table ({verdict})")
    return failures, checked


def self_test():
    """The matcher must refuse what it should, or the check could not fail."""
    pool = {470e6, 12.3, 0.117}
    assert matches("470", "MB/s", pool) and not matches("467", "MB/s", pool)
    assert matches("12.3", "%", pool) and not matches("12.4", "%", pool)
    assert matches("47", "%", pool)  # 4 × the noise of 11.7 %
    assert matches("0.47", "GB/s", pool) and not matches("0.48", "GB/s", pool)
    assert not matches("9713.6", "MB/s", pool)
    assert matches("11.7", "ms", {0.0117}) and matches("117", "µs", {117000})
    assert not matches("53", "%", {470e6})  # a rate is no percentage
    assert matches("25", "%", set(), table_pairs("400 300"))  # 300 is 25 % below 400
    # 38.55 % from the unrounded rates, 38.49 % from the table's: the words' "39 %" holds
    steps = "79.6 10.0\n69.8 10.0\n61.6 10.0\n51.9 10.0\n40.0 10.0"
    assert matches("39", "%", set(), table_pairs(steps))
    assert not matches("40", "%", set(), table_pairs(steps))
    # a real recovery table: nearly half the percentages, those that follow from nothing in it,
    # are refused
    table = (
        "0.067 GB per write, 1 MiB blocks, QD4\n"
        "first 399.7 0.067 100.0 0.17\nafter 1 s 409.2 0.067 100.0 0.16\n"
        "after 3 s 405.5 0.067 100.0 0.17\n"
        "Fast 399.7 MB/s, slow 0.0 MB/s, threshold 319.8 MB/s\n"
        "Verdict: inconclusive (noise in the first write 4.9 %)\n"
        "Phase From GB To GB MB/s\n1 0.000 0.034 399.7\n2 0.034 0.067 96.2\n"
        "Cache: 33.55 MB\n"
        "A change must exceed 25.0 % and last 0.5 s and 8.39 MB"
    )
    table_pool = {float(n) for n in NUMBER.findall(table)}
    refused = [
        p for p in range(101) if not matches(str(p), "%", table_pool, table_pairs(table))
    ]
    assert len(refused) >= 45, refused
    assert not matches("37", "%", table_pool, table_pairs(table))
    assert matches("20", "%", table_pool, table_pairs(table))  # 4 × the noise of 4.9 %
    assert NUMBER.findall("RND4K Q32T1 on zram1: 12.5 MB/s") == ["12.5"]
    assert NUMBER.findall("1.5x") == []
    assert PAIR.findall("470 against 131 MB/s") == [("470", "131", "MB/s")]


def main():
    self_test()
    if len(sys.argv) < 3:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    failures = checked = 0
    for path in sys.argv[2:]:
        f, c = check(sys.argv[1], path)
        failures += f
        checked += c
    print(f"{checked} tests checked, {failures} with a figure that matches nothing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
