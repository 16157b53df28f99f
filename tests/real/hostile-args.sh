#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Hostile input to ssdbench-cli: malformed, negative, huge, fractional, NaN/inf and empty
# numbers and sizes, unknown units, sizes that are not a whole number of sectors, transfers or
# MiB, TARGETs that are not block devices or directories (a FIFO, a character device, a /proc
# file, a regular file, a symbolic link loop), output files that cannot be written, malformed
# workload specifications and report files. Each gets a clear message on standard error and
# exit status 2 (usage error) or 1 (runtime error), never a crash, a hang or output on standard
# output; and directories with spaces, non-ASCII characters, ':' and newlines in their names
# work as targets and report folders. Messages name the option and the value given; transfer
# sizes are checked against the target's sectors before anything is written; --destroy-data
# naming another device is a usage error; export and compare refuse file names whose extension
# names another format, name the files they wrote, and say which shared views cannot be compared.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli

FIXTURES=$(dirname "$(readlink -f "$0")")/../fixtures/reports
ssdb_zram_create Z 64M
ssdb_fill_random "$Z"
ssdb_zram_create Z2 64M
ssdb_ext4_create DEV D 64M
ssdb_tmpdir
FIFO=$SSDB_TMPDIR/fifo
mkfifo "$FIFO"
ln -s "$SSDB_TMPDIR/loop-b" "$SSDB_TMPDIR/loop-a"
ln -s "$SSDB_TMPDIR/loop-a" "$SSDB_TMPDIR/loop-b"
REG=$SSDB_TMPDIR/regular-file
echo "not a device" > "$REG"
sum_before=$(ssdb_checksum "$Z")
N=0

# expect STATUS ARGS...: the CLI ends (within 20 s) with STATUS, a message on standard error
# and nothing on standard output.
expect ()
{
  local want=$1 rc=0
  shift
  N=$((N + 1))
  SSDB_OUT=$SSDB_TMPDIR/case.out
  SSDB_ERR=$SSDB_TMPDIR/case.err
  timeout -s KILL 20 "$SSDBENCH_CLI" "$@" > "$SSDB_OUT" 2> "$SSDB_ERR" || rc=$?
  SSDB_RC=$rc
  if ((rc >= 124)); then
    ssdb_show_output
    ssdb_fail "ssdbench-cli $(printf '%q ' "$@")crashed or hung (exit status $rc)"
  fi
  if [[ $rc -ne $want ]]; then
    ssdb_show_output
    ssdb_fail "ssdbench-cli $(printf '%q ' "$@"): exit status $rc, expected $want"
  fi
  grep -q '^ssdbench-cli: ' "$SSDB_ERR" ||
    { ssdb_show_output; ssdb_fail "ssdbench-cli $(printf '%q ' "$@"): no error message"; }
  [[ ! -s $SSDB_OUT ]] ||
    { ssdb_show_output; ssdb_fail "ssdbench-cli $(printf '%q ' "$@"): printed results"; }
}

# usage ARGS... / runtime ARGS...: exit status 2 / 1
usage () { expect 2 "$@"; }
runtime () { expect 1 "$@"; }

S=(run summary "$Z" --count 1 --duration 0.1 --read-only)
J=(run job "$Z" --size 8M --duration 0.1)

# -- sizes -----------------------------------------------------------------------------------
for v in "" " " "-1" "-0" "+4K" "1.5G" "1,5G" "1e9" "nan" "NaN" "inf" "-inf" "Infinity" "0x10" \
  "4 K" "4KiBB" "4X" "4kib" "4EiB" "99999999999999999999" "16777216T" "18446744073709551616" \
  $'4K\n' "４K" "4K " "K" "0"; do
  usage "${S[@]}" --size "$v"
  ssdb_assert_contains "$SSDB_ERR" "--size"
  usage "${J[@]}" --bs "$v"
done
usage "${J[@]}" --size 0
usage "${J[@]}" --size 128M
ssdb_assert_contains "$SSDB_ERR" "beyond the end"
usage "${S[@]}" --size 5000K
ssdb_assert_contains "$SSDB_ERR" "4194304" "5242880"
usage "${S[@]}" --size 8M --offset 60M
ssdb_assert_contains "$SSDB_ERR" "beyond the end"
# sizes that are not whole sectors (zram: 4096-byte sectors), transfers or MiB
usage "${J[@]}" --bs 1000
ssdb_assert_contains "$SSDB_ERR" "1000" "4096"
usage "${J[@]}" --bs 512
ssdb_assert_contains "$SSDB_ERR" "512" "4096"
usage "${J[@]}" --bs 4K --offset 100
ssdb_assert_contains "$SSDB_ERR" "100"
usage "${J[@]}" --bs 4K --io-size 10000 --duration 0
ssdb_assert_contains "$SSDB_ERR" "--io-size" "8192" "12288"
usage run job "$D" --size 1000000 --duration 0.1
ssdb_assert_contains "$SSDB_ERR" "--size" "1000000" "whole number of MiB"
usage run summary "$D" --size 3000000 --count 1 --duration 0.1
ssdb_assert_contains "$SSDB_ERR" "2097152" "3145728"
usage run sweep "$D" --file-size 1500K --max 64K
ssdb_assert_contains "$SSDB_ERR" "--file-size" "1048576" "2097152"
usage run surface "$D" --size 1000
ssdb_assert_contains "$SSDB_ERR" "at least 1 MiB"

# -- whole numbers and durations -------------------------------------------------------------
for v in "" "0" "10" "-1" "1.0" "one" "5e0" "0x5" "18446744073709551617" " 1"; do
  usage "${S[@]}" --count "$v"
  ssdb_assert_contains "$SSDB_ERR" "--count"
done
for v in "" "nan" "inf" "-1" "1e3" "0.01" "3601" "1h" ".5" "5." "0x1" "1,5" "1 s" "5 "; do
  usage "${S[@]}" --duration "$v"
  ssdb_assert_contains "$SSDB_ERR" "--duration"
done
for v in "" "-1" "18446744073709551616" "1.5" "abc"; do
  usage "${S[@]}" --seed "$v"
done
for o in "--qd 0" "--qd 257" "--qd -4" "--threads 0" "--threads 65" "--read-percent 101" \
  "--rw foo" "--rw ''" "--access random" "--data foo" "--data compressible-101" \
  "--duration 0" "--offset -512"; do
  eval "usage \"\${J[@]}\" $o"
done
for v in "" ":" "1:" ":1" "a:b" "0:0" "1:2:3" "18446744073709551615:1" "0:1X" "nan:inf"; do
  usage run surface "$Z" --span "$v" --samples 4
done
usage run surface "$Z" --span 0:1G --samples 4
ssdb_assert_contains "$SSDB_ERR" "beyond the end"
for v in "" "," "1,,2" "2,1" "0" "1,x" "1,2,2" "-1" "1e1" "999"; do
  usage run access "$Z" --depths "$v" --duration 0.1
done
for v in "nan" "inf" "-1" "0" "1e999" "0x1" "" "1GB"; do
  usage run access "$Z" --span-gb "$v" --duration 0.1 --depths 1
done
usage run access "$Z" --span-gb 0.000000001 --duration 0.1 --depths 1
usage "${S[@]}" --profile ""
usage "${S[@]}" --aggregate worst
usage "${S[@]}" --frobnicate
usage "${S[@]}" extra-argument
usage frobnicate
usage run frobnicate
usage run
usage ""

# durations in milliseconds are understood, not taken for seconds or minutes
ssdb_cli ms run summary "$Z" --read-only --count 1 --size 8M --duration 150ms --json "$SSDB_TMPDIR/ms.json"
ssdb_assert_rc 0 "--duration 150ms"
ssdb_assert_json "$SSDB_TMPDIR/ms.json" "d['summary']['duration_ns'] == 150000000" "--duration 150ms in the report"

# -- targets ---------------------------------------------------------------------------------
for t in "" "$FIFO" /dev/null /dev/zero /proc/self/status "$REG"; do
  usage run summary "$t" --count 1 --duration 0.1
  usage info "$t"
  usage run job "$t" --size 4M --duration 0.1
  usage run surface "$t" --samples 4
done
ssdb_assert_contains "$SSDB_ERR" "$REG" "regular file" "block device" "directory"
for t in "$SSDB_TMPDIR/loop-a" "$SSDB_TMPDIR/no such dir" $'/nonexistent\nline'; do
  runtime run summary "$t" --count 1 --duration 0.1
  runtime info "$t"
done
usage run job "$D" --destroy-data "$D" --size 4M --duration 0.1
usage run summary "$D" --destroy-data "$Z" --count 1 --duration 0.1
# --destroy-data naming another device is a usage error for every command that writes
for cmd in "run summary $Z --count 1 --duration 0.1" "run job $Z --rw write --size 4M" \
  "run fill $Z" "run recovery $Z" "run compression $Z --span 0:8M" "run readback $Z" \
  "run consistency $Z --duration 1" "run trim $Z" "run freespace $Z"; do
  # shellcheck disable=SC2086
  usage $cmd --destroy-data "$Z2"
  ssdb_assert_contains "$SSDB_ERR" "--destroy-data $Z2 is not the target $Z" "another device"
done
usage run job "$Z" --rw write --size 4M --duration 0.1
ssdb_assert_contains "$SSDB_ERR" "name it with --destroy-data $Z"
# a device path that does not exist is named with the system's reason, with or without
# --destroy-data
for cmd in recovery compression readback consistency trim freespace summary fill access sweep; do
  runtime run "$cmd" "${Z}p9" --destroy-data "${Z}p9"
  ssdb_assert_contains "$SSDB_ERR" "${Z}p9" "No such file or directory"
  ssdb_assert_not_contains "$SSDB_ERR" "not a block device" "not one"
done

# -- transfer sizes against the target's sectors, before anything is written ------------------
# zram has 4096-byte sectors: --block 512 is refused before the run with the option, the value
# and the sector size, and without the note about what a run left on the device.
for cmd in "run recovery $Z --write 4M --pauses 0.1s" "run compression $Z --span 0:8M" \
  "run readback $Z --span 0:8M" "run consistency $Z --duration 1" "run fill $Z"; do
  # shellcheck disable=SC2086
  usage $cmd --destroy-data "$Z" --block 512
  ssdb_assert_contains "$SSDB_ERR" "Invalid --block “512”" "4096-byte sectors"
  ssdb_assert_not_contains "$SSDB_ERR" "left as the run left it" "may hold the run's data"
done
usage run surface "$Z" --block 512 --samples 4
ssdb_assert_contains "$SSDB_ERR" "--block" "512" "4096"
usage run access "$Z" --size 512 --depths 1 --duration 0.1
ssdb_assert_contains "$SSDB_ERR" "--size" "512" "4096"
# --block 3K without --span is the --block's fault, not the span's
usage run compression "$Z" --destroy-data "$Z" --block 3K
ssdb_assert_contains "$SSDB_ERR" "--block “3K”"
ssdb_assert_not_contains "$SSDB_ERR" "Invalid --span"
usage run readback "$Z" --destroy-data "$Z" --block 3K
ssdb_assert_contains "$SSDB_ERR" "--block “3K”" "4096"
# sizes of 0 are usage errors naming the option
usage run trim "$D" --test-size 0
ssdb_assert_contains "$SSDB_ERR" "--test-size “0”" "at least 1 MiB"
usage run recovery "$D" --size 0
ssdb_assert_contains "$SSDB_ERR" "--size “0”"
usage run consistency "$D" --size 0 --duration 1
ssdb_assert_contains "$SSDB_ERR" "--size “0”"

# -- output files ----------------------------------------------------------------------------
for o in "" /dev/null "$FIFO" "$SSDB_TMPDIR" "$SSDB_TMPDIR/no/such/dir/r.json" /dev/zero \
  "$SSDB_TMPDIR/loop-a"; do
  usage "${S[@]}" --size 8M --json "$o"
done
usage "${S[@]}" --size 8M --png /dev/null

# -- export and compare -----------------------------------------------------------------------
V=$FIXTURES/valid-all-views.json
usage export "$V" --png "$SSDB_TMPDIR/x.png" --size 10x10
ssdb_assert_contains "$SSDB_ERR" "--size “10x10”" "200"
for v in 0 -1 9 nan abc; do
  usage export "$V" --png "$SSDB_TMPDIR/x.png" --scale "$v"
  ssdb_assert_contains "$SSDB_ERR" "--scale “$v”" "larger than 0" "at most 8"
done
# an extension that names another format is refused, and nothing is written
for o in "--png o.jpg PNG" "--png o.svg PNG" "--svg o.png SVG" "--pdf o.PNG PDF" "--csv o.txt CSV"; do
  read -r opt file fmt <<< "$o"
  usage export "$V" "$opt" "$SSDB_TMPDIR/$file"
  ssdb_assert_contains "$SSDB_ERR" "$opt" ".${file#*.}" "writes $fmt"
  [[ ! -e $SSDB_TMPDIR/$file ]] || ssdb_fail "export $opt $file wrote the file"
done
usage compare "$V" "$V" --png "$SSDB_TMPDIR/c.jpg"
ssdb_assert_contains "$SSDB_ERR" ".jpg" "PNG"
usage run summary "$Z" --count 1 --duration 0.1 --png "$SSDB_TMPDIR/s.jpg"
ssdb_assert_contains "$SSDB_ERR" ".jpg" "PNG"
usage compare "$V" "$V" --png "$SSDB_TMPDIR/c.png" --label one
ssdb_assert_contains "$SSDB_ERR" "given once for 2 reports"
usage compare "$V" "$V" --png "$SSDB_TMPDIR/c.png" --label 1 --label 2 --label 3
ssdb_assert_contains "$SSDB_ERR" "given 3 times for 2 reports"
# reports that share only a view compare cannot draw: the message names it and the views
# compare draws
"$SSDB_PYTHON" - "$FIXTURES/valid-access-sweep-workload.json" "$SSDB_TMPDIR" << 'PY'
import json, sys
for name in ("workload-a", "workload-b"):
    d = json.load(open(sys.argv[1]))
    d["summary"] = None
    d["tests"] = [t for t in d["tests"] if t.get("kind") == "workload"]
    json.dump(d, open("%s/%s.json" % (sys.argv[2], name), "w"))
PY
runtime compare "$SSDB_TMPDIR/workload-a.json" "$SSDB_TMPDIR/workload-b.json" \
  --png "$SSDB_TMPDIR/c.png"
ssdb_assert_contains "$SSDB_ERR" "share only workload" "compare cannot draw" "summary" "trim" \
  "readback"
ssdb_assert_not_contains "$SSDB_ERR" "no test they all share"
# a successful export names each file it wrote, with its pixels and format; --quiet does not
ssdb_cli wrote export "$V" --view summary --png "$SSDB_TMPDIR/w.png" --scale 2 --svg "$SSDB_TMPDIR/w.svg"
ssdb_assert_rc 0 "export --png --svg"
ssdb_assert_contains "$SSDB_OUT" "Wrote $SSDB_TMPDIR/w.png (2400×1600 PNG)" \
  "Wrote $SSDB_TMPDIR/w.svg (1200×800 SVG)"
ssdb_cli quiet export "$V" --view summary --png "$SSDB_TMPDIR/w.png" --quiet
ssdb_assert_rc 0 "export --quiet"
[[ ! -s $SSDB_OUT ]] || ssdb_fail "export --quiet printed: $(cat "$SSDB_OUT")"
ssdb_cli wrote-csv export "$V" --view summary --csv - --png "$SSDB_TMPDIR/w.png"
ssdb_assert_rc 0 "export --csv - --png"
ssdb_assert_not_contains "$SSDB_OUT" "Wrote"
ssdb_assert_contains "$SSDB_ERR" "Wrote $SSDB_TMPDIR/w.png"

# -- help ------------------------------------------------------------------------------------
ssdb_cli help --help
ssdb_assert_rc 0 "--help"
TOP_HELP=$SSDB_OUT
for t in summary job surface fill access sweep workload compression trim freespace readback \
  recovery consistency; do
  grep -qE "^  $t +[a-zA-Z]" "$TOP_HELP" || ssdb_fail "--help does not list run $t"
  ssdb_cli "help-$t" run "$t" --help
  ssdb_assert_rc 0 "run $t --help"
  ssdb_assert_contains "$SSDB_OUT" "ssdbench-cli run $t [OPTION…] TARGET"
done

# -- workload specifications -----------------------------------------------------------------
head -c 4096 /dev/urandom > "$SSDB_TMPDIR/garbage.spec"
: > "$SSDB_TMPDIR/empty.spec"
printf '[A]\nSizes=4k/100\nReadPercent=250\n' > "$SSDB_TMPDIR/range.spec"
printf '{"workloads": [{"name": "x", "sizes": [{"size": "nan", "weight": 1}]}]}' \
  > "$SSDB_TMPDIR/nan.spec"
for f in "$FIFO" /dev/zero /dev/null "$SSDB_TMPDIR" /proc/self/status "$SSDB_TMPDIR/garbage.spec" \
  "$SSDB_TMPDIR/empty.spec" "$SSDB_TMPDIR/range.spec" "$SSDB_TMPDIR/nan.spec" \
  "$SSDB_TMPDIR/loop-a" "$SSDB_TMPDIR/no-such.spec"; do
  usage run workload "$Z" --spec "$f" --duration 0.1
  ssdb_assert_contains "$SSDB_ERR" "--spec"
done

# -- report files ----------------------------------------------------------------------------
nrep=0
for f in "$FIXTURES"/*.json; do
  case $(basename "$f") in valid*) continue ;; esac
  runtime export "$f" --text=-
  ssdb_assert_contains "$SSDB_ERR" "$(basename "$f")"
  nrep=$((nrep + 1))
done
((nrep >= 50)) || ssdb_fail "only $nrep bad report fixtures found in $FIXTURES"
for f in "$FIFO" /dev/zero /dev/null "$SSDB_TMPDIR" "$SSDB_TMPDIR/loop-a" "$REG"; do
  runtime export "$f" --text=-
done

# -- names with spaces, non-ASCII characters, ':' and newlines ---------------------------------
for name in "with space" "ünïcödé ✓ 测试" "a:b:c" $'new\nline' "--dashes" "'quote\"s"; do
  dir=$D/$name
  mkdir "$dir"
  rep="$dir/report: $name.json"
  ssdb_cli weird run job "$dir" --size 4M --duration 0.2 --json "$rep"
  ssdb_assert_rc 0 "run job in '$name'"
  ssdb_assert_json "$rep" "d['target']['path'] == $(printf '%s' "$dir" | "$SSDB_PYTHON" -c 'import json,sys; print(json.dumps(sys.stdin.read()))')" \
    "the report names '$name'"
  ssdb_cli weird-info info "$dir" --json
  ssdb_assert_rc 0 "info on '$name'"
  ssdb_assert_json "$SSDB_OUT" "d['target']['kind'] == 'file' and d['write_allowed']" "info on '$name'"
  rm -f "$rep"
  [[ -z $(ls -A "$dir") ]] || ssdb_fail "files left in '$name': $(ls -A "$dir")"
  rmdir "$dir"
done

ssdb_assert_eq "$(ssdb_checksum "$Z")" "$sum_before" "sha256 of $Z after $N refused runs"
echo "$N hostile command lines refused with a message and the right exit status"
echo "PASS"
