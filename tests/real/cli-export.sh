#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `ssdbench-cli export` and `ssdbench-cli compare` on reports made by real runs on a small zram
# device: PNG identical run to run, SVG that parses as XML, PDF, CSV and text with '.' decimals
# under a French locale, comparisons of 2 and 8 reports, and every refusal (a view the report
# lacks, 9 reports, an unreadable file, an output that is a device). Needs root (exit 77
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
if locale -a 2> /dev/null | grep -qi '^fr_FR\.utf-\?8$'; then
  export LC_ALL=fr_FR.UTF-8
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
