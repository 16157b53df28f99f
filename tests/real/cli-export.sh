#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `ssdbench-cli export` and `ssdbench-cli compare` on reports made by real runs on a small zram
# device: PNG identical run to run, SVG that parses as XML, PDF, CSV and text with '.' decimals
# under a French locale, comparisons of 2 and 8 reports, the six SSD behaviour views (charts,
# CSV with the report's numbers, text, compression and consistency compared, the others
# refused), and every refusal (a view the report lacks, 9 reports, an unreadable file, an
# output that is a device). Needs root (exit 77
# otherwise); the zram device is created here and removed at exit.
set -euo pipefail
# shellcheck source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli
ssdb_tmpdir

if [[ -n ${SSDBENCH_SANITIZE:-} && ${SSDBENCH_SANITIZE} != none ]]; then
  printf 'leak:libfontconfig.so\n' > "$SSDB_TMPDIR/lsan.supp"
  export LSAN_OPTIONS="suppressions=$SSDB_TMPDIR/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
fi

D=$SSDB_TMPDIR
is_png ()
{
  [[ $(head -c 8 "$1" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || ssdb_fail "$1 is not a PNG"
}
png_size ()
{
  "$SSDB_PYTHON" -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print("%dx%d" % struct.unpack(">II", d[16:24]))' "$1"
}

# -- reports from real runs ------------------------------------------------------------------
ssdb_zram_create Z 128M
ssdb_fill_random "$Z"
ssdb_cli summary run summary "$Z" --size 16M --count 1 --duration 0.2 --destroy-data "$Z" \
  --json "$D/sum1.json"
ssdb_assert_rc 0 "run summary"
ssdb_cli summary2 run summary "$Z" --size 16M --count 1 --duration 0.2 --destroy-data "$Z" \
  --json "$D/sum2.json"
ssdb_assert_rc 0 "run summary again"
ssdb_cli surface run surface "$Z" --samples 24 --sample-size 1M --access 20 --json "$D/surf1.json"
ssdb_assert_rc 0 "run surface"
ssdb_cli surface2 run surface "$Z" --samples 24 --sample-size 1M --access 20 --json "$D/surf2.json"
ssdb_assert_rc 0 "run surface again"

# -- export: every format, identical PNGs ------------------------------------------------------
ssdb_cli png1 export "$D/surf1.json" --view surface --png "$D/a.png" --svg "$D/a.svg" --pdf "$D/a.pdf"
ssdb_assert_rc 0 "export surface"
is_png "$D/a.png"
ssdb_assert_eq "$(png_size "$D/a.png")" 1200x800 "default size"
sleep 1.1
ssdb_cli png2 export "$D/surf1.json" --png "$D/b.png"
ssdb_assert_rc 0 "export surface again (the first view by default)"
cmp -s "$D/a.png" "$D/b.png" || ssdb_fail "the same report gave different PNG bytes"
ssdb_cli png3 export "$D/surf1.json" --png "$D/c.png" --size 800x600 --scale 2 --theme dark
ssdb_assert_rc 0 "export 800x600 at scale 2"
ssdb_assert_eq "$(png_size "$D/c.png")" 1600x1200 "scaled size"
ssdb_cli png4 export "$D/surf1.json" --png "$D/d.png" --width 1920 --height 1080
ssdb_assert_eq "$(png_size "$D/d.png")" 1920x1080 "custom size"
if command -v xmllint > /dev/null; then
  xmllint --noout "$D/a.svg" || ssdb_fail "the SVG is not well-formed XML"
fi
ssdb_assert_contains "$D/a.svg" "<title>$Z" "<desc>" "SSD Bench"
[[ $(head -c 4 "$D/a.pdf") == %PDF ]] || ssdb_fail "the PDF does not start with %PDF"
if command -v pdfinfo > /dev/null; then
  pdfinfo "$D/a.pdf" > "$D/pdfinfo.txt"
  ssdb_assert_contains "$D/pdfinfo.txt" "Title:" "$Z" "SSD Bench" "Pages:"
fi

# -- CSV and text under a French locale: '.' decimals --------------------------------------------
fr_locale=
if locale -a 2> /dev/null | grep -qi '^fr_FR\.utf-\?8$'; then
  fr_locale=fr_FR.UTF-8
  export LC_ALL=$fr_locale
fi
ssdb_cli csv export "$D/surf1.json" --view surface --csv "$D/surface.csv"
ssdb_assert_rc 0 "export surface CSV"
# RFC 4180 lines end in CR LF.
[[ $(head -1 "$D/surface.csv" | od -An -c | tr -d ' \n' | tail -c 4) == '\r\n' ]] || ssdb_fail "CSV lines end in CR LF"
tr -d '\r' < "$D/surface.csv" > "$D/surface.lf.csv"
head -1 "$D/surface.lf.csv" | grep -q '^series,index,offset_bytes,position_bytes,bytes,window_ns,mb_per_s,latency_ns' \
  || ssdb_fail "surface CSV header"
[[ $(grep -c '^read,' "$D/surface.lf.csv") -eq 24 ]] || ssdb_fail "24 read rows expected"
[[ $(grep -c '^access,' "$D/surface.lf.csv") -eq 20 ]] || ssdb_fail "20 access rows expected"
grep -q '^read,[0-9]*,[0-9]*,[0-9]*,1048576,[0-9]*,[0-9]*\.[0-9][0-9][0-9],$' "$D/surface.lf.csv" \
  || ssdb_fail "rates in the surface CSV do not use '.' decimals"
"$SSDB_PYTHON" - "$D/surface.csv" "$D/surf1.json" << 'PY' || ssdb_fail "CSV rates differ from the report"
import csv, json, sys
rows = [r for r in csv.DictReader(open(sys.argv[1], newline="")) if r["series"] == "read"]
rep = json.load(open(sys.argv[2]))
surf = [t for t in rep["tests"] if t["kind"] == "surface"][0]
samples = surf["read"]
assert len(rows) == len(samples)
for r, s in zip(rows, samples):
    bps = s["bytes_per_second"] if isinstance(s, dict) else s[-1]
    assert abs(float(r["mb_per_s"]) - bps / 1e6) < 0.001, (r, s)
PY
ssdb_cli text export "$D/sum1.json" --text -
ssdb_assert_rc 0 "export text"
ssdb_assert_contains "$SSDB_OUT" "MB/s" "SEQ" "IOPS"
grep -qE '[0-9]+\.[0-9]{3} MB/s' "$SSDB_OUT" || ssdb_fail "text rates without '.' decimals"
ssdb_cli text2 export "$D/sum1.json" --text "$D/sum.txt" --csv "$D/sum.csv"
ssdb_assert_rc 0 "export text and CSV to files"
ssdb_assert_contains "$D/sum.txt" "SEQ"
tr -d '\r' < "$D/sum.csv" | grep -q '^SEQ1M Q8T1,read,done,1048576,8,1,[0-9]*\.[0-9]*,' || ssdb_fail "summary CSV row"
ssdb_cli json run summary "$Z" --size 16M --count 1 --duration 0.2 --read-only --json "$D/fr.json"
ssdb_assert_rc 0 "run summary under the locale"
grep -qE '"bytes_per_second" : [0-9]+\.[0-9]+' "$D/fr.json" || ssdb_fail "JSON rates without '.' decimals"
grep -qE '"bytes_per_second" : [0-9]+,[0-9]' "$D/fr.json" && ssdb_fail "JSON with ',' decimals"
export LC_ALL=C.UTF-8

# -- compare: 2 and 8 reports ------------------------------------------------------------------
ssdb_cli cmp2 compare "$D/surf1.json" "$D/surf2.json" --view surface --png "$D/cmp2.png" \
  --svg "$D/cmp2.svg" --label "first" --label "second"
ssdb_assert_rc 0 "compare 2"
is_png "$D/cmp2.png"
ssdb_cli cmp8 compare "$D/surf1.json" "$D/surf2.json" "$D/surf1.json" "$D/surf2.json" \
  "$D/surf1.json" "$D/surf2.json" "$D/surf1.json" "$D/surf2.json" --view surface --pdf "$D/cmp8.pdf"
ssdb_assert_rc 0 "compare 8"
ssdb_cli cmpsum compare "$D/sum1.json" "$D/sum2.json" --png "$D/cmpsum.png"
ssdb_assert_rc 0 "compare summaries (the view all share by default)"
is_png "$D/cmpsum.png"

# -- the SSD behaviour views: real runs, every format, CSV and text, compare -------------------
ssdb_cli b-rec run recovery "$Z" --destroy-data "$Z" --write 16M --pauses 0.2s --segment 1M \
  --json "$D/rec.json"
ssdb_assert_rc 0 "run recovery"
ssdb_cli b-comp run compression "$Z" --destroy-data "$Z" --span 0:16M --json "$D/comp1.json"
ssdb_assert_rc 0 "run compression"
ssdb_cli b-comp2 run compression "$Z" --destroy-data "$Z" --span 0:16M --qd 1 --json "$D/comp2.json"
ssdb_assert_rc 0 "run compression again"
ssdb_cli b-trim run trim "$Z" --destroy-data "$Z" --span 0:32M --rounds 2 --tests "RND4K Q32T1" \
  --test-size 8M --duration 0.3 --json "$D/trim.json"
ssdb_assert_rc 0 "run trim"
ssdb_cli b-free run freespace "$Z" --destroy-data "$Z" --span 0:32M --step 50 --tests "SEQ1M Q8T1" \
  --test-size 8M --duration 0.3 --json "$D/free.json"
ssdb_assert_rc 0 "run freespace"
ssdb_cli b-cons run consistency "$Z" --destroy-data "$Z" --duration 3s --span 0:32M --json "$D/cons1.json"
ssdb_assert_rc 0 "run consistency"
ssdb_cli b-cons2 run consistency "$Z" --destroy-data "$Z" --duration 3s --span 0:32M --qd 4 \
  --json "$D/cons2.json"
ssdb_assert_rc 0 "run consistency again"
ssdb_cli b-rb run readback "$Z" --destroy-data "$Z" --span 0:16M --json "$D/rb.json"
ssdb_assert_rc 0 "run readback"

for pair in recovery:rec compression:comp1 trim:trim freespace:free consistency:cons1 readback:rb; do
  view=${pair%%:*}
  file=$D/${pair#*:}.json
  ssdb_cli "x-$view" export "$file" --view "$view" --png "$D/$view-a.png" --svg "$D/$view.svg" \
    --pdf "$D/$view.pdf"
  ssdb_assert_rc 0 "export $view"
  is_png "$D/$view-a.png"
  # Without --view the report's only test is the view.
  ssdb_cli "y-$view" export "$file" --png "$D/$view-b.png"
  ssdb_assert_rc 0 "export $view again"
  cmp -s "$D/$view-a.png" "$D/$view-b.png" || ssdb_fail "$view: the same report gave different PNG bytes"
  if command -v xmllint > /dev/null; then
    xmllint --noout "$D/$view.svg" || ssdb_fail "$view: the SVG is not well-formed XML"
  fi
  [[ $(head -c 4 "$D/$view.pdf") == %PDF ]] || ssdb_fail "$view: the PDF does not start with %PDF"
  if command -v pdfinfo > /dev/null; then
    pdfinfo "$D/$view.pdf" > "$D/$view.pdfinfo"
    ssdb_assert_contains "$D/$view.pdfinfo" "$Z" "Pages:"
  fi
  LC_ALL=${fr_locale:-C.UTF-8} ssdb_cli "c-$view" export "$file" --view "$view" --csv "$D/$view.csv" \
    --text "$D/$view.txt"
  ssdb_assert_rc 0 "export $view CSV and text"
  ssdb_assert_contains "$D/$view.txt" "Target: $Z"
  grep -qE '[0-9],[0-9]{3}([^0-9]|$)' "$D/$view.txt" && ssdb_fail "$view: text with ',' decimals"
  ssdb_cli "t-$view" export "$file" --view "$view" --text -
  ssdb_assert_rc 0 "export $view text to standard output"
  cmp -s "$SSDB_OUT" "$D/$view.txt" || ssdb_fail "$view: the text differs between a file and standard output"
done

# CSV numbers are the report's numbers, in columns whose names carry their units.
"$SSDB_PYTHON" - "$D" << 'PY' || ssdb_fail "behaviour CSV rows differ from the reports"
import csv, json, os, sys
d = sys.argv[1]
def rows(name):
    return list(csv.DictReader(open(os.path.join(d, name + ".csv"), newline="")))
def test(name, kind):
    return [t for t in json.load(open(os.path.join(d, name + ".json")))["tests"] if t["kind"] == kind][0]
comp = test("comp1", "compression")
r = rows("compression")
assert list(r[0].keys())[:4] == ["data", "compressible_percent", "write_mb_per_s", "read_mb_per_s"], r[0].keys()
assert len(r) == len(comp["levels"]), (len(r), comp)
for row, p in zip(r, comp["levels"]):
    assert abs(float(row["write_mb_per_s"]) - p["write_bytes_per_second"] / 1e6) < 0.001, (row, p)
    assert abs(float(row["read_mb_per_s"]) - p["read_bytes_per_second"] / 1e6) < 0.001, (row, p)
cons = test("cons1", "consistency")
r = rows("consistency")
assert len(r) == len(cons["rounds"]) >= 2, (len(r), cons)
for i, (row, rd) in enumerate(zip(r, cons["rounds"])):
    assert int(row["round"]) == i + 1
    assert int(row["ios"]) == rd["ios"], (row, rd)
trim = test("trim", "trim")
r = [x for x in rows("trim") if x["series"] == "test"]
assert len(r) == len(trim["results"]) == 2, r
for row, t in zip(r, trim["results"]):
    assert abs(float(row["retention_percent"]) - t["retention_percent"]) <= 0.05, (row, t)
r = rows("freespace")
assert [int(x["used_percent"]) for x in r] == [0, 0, 50, 50, 100, 100], r
r = rows("readback")
assert [(x["pass"], x["rw"]) for x in r] == [("1", "write"), ("1", "read"), ("1", "read"), ("2", "write"), ("2", "read"), ("2", "read")], r
rb = test("rb", "readback")
for row, p in zip(r, rb["passes"]):
    assert abs(float(row["mb_per_s"]) - p["bytes_per_second"] / 1e6) < 0.001, (row, p)
r = rows("recovery")
assert [x["write"] for x in r if x["series"] == "write"] == ["0", "1"], r
PY
ssdb_assert_contains "$D/compression.txt" "Write MB/s" "Read MB/s" "random" "zero" "Fastest over random data"
ssdb_assert_contains "$D/consistency.txt" "Steady state:" "Last " "mean / deviation"
ssdb_assert_contains "$D/trim.txt" "Retention %" "RND4K Q32T1"
ssdb_assert_contains "$D/readback.txt" "Read of pass 1:" "difference"
ssdb_assert_contains "$D/recovery.txt" "Restored %" "after 0.2 s"
ssdb_assert_contains "$D/freespace.txt" "Used %" "SEQ1M Q8T1 R"

ssdb_cli cmpcomp compare "$D/comp1.json" "$D/comp2.json" --view compression --png "$D/cmpcomp.png" \
  --label QD4 --label QD1
ssdb_assert_rc 0 "compare compression"
is_png "$D/cmpcomp.png"
ssdb_cli cmpcons compare "$D/cons1.json" "$D/cons2.json" --svg "$D/cmpcons.svg"
ssdb_assert_rc 0 "compare consistency (the view both share by default)"
ssdb_assert_contains "$D/cmpcons.svg" "<svg"
for pair in recovery:rec trim:trim freespace:free readback:rb; do
  view=${pair%%:*}
  file=$D/${pair#*:}.json
  ssdb_cli "cmp-$view" compare "$file" "$file" --view "$view" --png "$D/cmp-$view.png"
  ssdb_assert_rc 0 "compare $view"
  is_png "$D/cmp-$view.png"
done

ssdb_cli notext export "$D/surf1.json" --text -
ssdb_assert_rc 1 "text of a report without a summary or behaviour test"
ssdb_assert_contains "$SSDB_ERR" "no text for the surface test"

# -- refusals ----------------------------------------------------------------------------------
nine=()
for _ in 1 2 3 4 5 6 7 8 9; do nine+=("$D/surf1.json"); done
ssdb_cli nine compare "${nine[@]}" --view surface --png "$D/nine.png"
ssdb_assert_rc 2 "9 reports"
ssdb_assert_contains "$SSDB_ERR" "2 to 8 reports, not 9"
[[ ! -e $D/nine.png ]] || ssdb_fail "a refused comparison wrote a file"
ssdb_cli one compare "$D/surf1.json" --view surface --png "$D/one.png"
ssdb_assert_rc 2 "1 report"
ssdb_cli noview compare "$D/surf1.json" "$D/sum1.json" --view surface --png "$D/noview.png"
ssdb_assert_rc 1 "a report without the view"
ssdb_assert_contains "$SSDB_ERR" "sum1.json" "no surface test"
[[ ! -e $D/noview.png ]] || ssdb_fail "a refused comparison wrote a file"
ssdb_cli noview2 export "$D/sum1.json" --view fill --png "$D/x.png"
ssdb_assert_rc 1 "export a view the report lacks"
ssdb_assert_contains "$SSDB_ERR" "sum1.json" "no fill test"
ssdb_cli missing export "$D/does-not-exist.json" --png "$D/x.png"
ssdb_assert_rc 1 "a missing report"
ssdb_assert_contains "$SSDB_ERR" "does-not-exist.json"
printf '{"format": "ssdbench-report", "format_version": 1, ' > "$D/truncated.json"
ssdb_cli truncated compare "$D/surf1.json" "$D/truncated.json" --png "$D/x.png"
ssdb_assert_rc 1 "a truncated report"
ssdb_assert_contains "$SSDB_ERR" "truncated.json"
chmod 000 "$D/sum2.json"
if [[ $(id -u) -eq 0 ]] && ! cat "$D/sum2.json" > /dev/null 2>&1; then
  ssdb_cli unreadable export "$D/sum2.json" --png "$D/x.png"
  ssdb_assert_rc 1 "an unreadable report"
fi
chmod 644 "$D/sum2.json"
[[ ! -e $D/x.png ]] || ssdb_fail "a refused export wrote a file"
# The output is checked before the report is even read: a device node is never replaced.
ssdb_cli device export "$D/surf1.json" --png /dev/null
ssdb_assert_rc 2 "output is a device"
ssdb_assert_contains "$SSDB_ERR" "--png" "/dev/null" "not a regular file"
[[ -c /dev/null ]] || ssdb_fail "/dev/null was replaced"
ssdb_cli nodir export "$D/surf1.json" --svg "$D/no/such/dir.svg"
ssdb_assert_rc 2 "output in a missing folder"
ssdb_cli badsize export "$D/surf1.json" --png "$D/x.png" --size 10x10
ssdb_assert_rc 2 "a size out of range"
ssdb_cli badtheme export "$D/surf1.json" --png "$D/x.png" --theme neon
ssdb_assert_rc 2 "an unknown theme"
ssdb_assert_contains "$SSDB_ERR" "neon"
ssdb_cli badview export "$D/surf1.json" --png "$D/x.png" --view cdm
ssdb_assert_rc 2 "an unknown view"
ssdb_cli noout export "$D/surf1.json"
ssdb_assert_rc 2 "no output"
ssdb_cli help export --help
ssdb_assert_rc 0 "export --help"
ssdb_assert_contains "$SSDB_OUT" "--png" "--svg" "--pdf" "--csv" "--text" "--serial" "--theme"
ssdb_cli help2 compare --help
ssdb_assert_rc 0 "compare --help"
ssdb_assert_contains "$SSDB_OUT" "--view" "--label"
ssdb_log "export and compare: all checks passed"
