#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `ssdbench-cli run access`, `run sweep` and `run workload` on real targets: a zram device and
# loop devices over files in /dev/shm. Needs root (exit 77 otherwise); every target is created
# here and removed at exit.
set -euo pipefail
export SSDBENCH_TEST_TMPDIR=${SSDBENCH_TEST_TMPDIR:-/dev/shm}
# shellcheck source=lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/lib/targets.sh"
ssdb_require_root
ssdb_find_cli
ssdb_tmpdir

# Under LeakSanitizer: fontconfig (drawing the PNG charts) keeps its caches until exit; those
# are not leaks of the program.
if [[ -n ${SSDBENCH_SANITIZE:-} && ${SSDBENCH_SANITIZE} != none ]]; then
  printf 'leak:libfontconfig.so\n' > "$SSDB_TMPDIR/lsan.supp"
  export LSAN_OPTIONS="suppressions=$SSDB_TMPDIR/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
fi

# assert_usage NAME TEXT... -- ARGS: the CLI exits 2 and stderr names every TEXT.
assert_usage ()
{
  local name=$1 texts=()
  shift
  while [[ $1 != -- ]]; do
    texts+=("$1")
    shift
  done
  shift
  ssdb_cli "$name" "$@"
  ssdb_assert_rc 2 "$name"
  ssdb_assert_contains "$SSDB_ERR" "${texts[@]}"
}

is_png ()
{
  [[ $(head -c 8 "$1" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || ssdb_fail "$1 is not a PNG"
}

# -- access-time distribution on zram: one step per depth, histograms complete, QD reached ------
ssdb_zram_create Z 256M
ssdb_fill_random "$Z"
J=$SSDB_TMPDIR/access.json
P=$SSDB_TMPDIR/access.png
ssdb_cli access run access "$Z" --depths 1,2,4,8,16,32 --duration 0.4 --span-gb 0.2 \
  --json "$J" --png "$P"
ssdb_assert_rc 0 "run access on zram"
ssdb_assert_contains "$SSDB_OUT" "Access time by queue depth" "IOPS" "Mean (ms)" "p99 (ms)" \
  "In flight" "QD1" "QD32"
is_png "$P"
T='d["tests"][0]'
ssdb_assert_json "$J" "d['summary'] is None and len(d['tests']) == 1 and $T['kind'] == 'access'" "one access test"
ssdb_assert_json "$J" "[s['queue_depth'] for s in $T['steps']] == [1, 2, 4, 8, 16, 32]" "a step per depth"
ssdb_assert_json "$J" "all(s['threads'] == 1 and s['state'] == 'done' for s in $T['steps'])" "QD mode, all done"
ssdb_assert_json "$J" "$T['span_length'] == 200000000 // 4096 * 4096 and $T['block_size'] == 4096" "span and size"
ssdb_assert_json "$J" "all(s['ios'] > 1000 and sum(b['count'] for b in s['histogram']) == s['ios'] for s in $T['steps'])" \
  "histogram counts add up to the I/O count"
ssdb_assert_json "$J" "all(len(s['histogram']) == 62 and s['histogram'][0]['upper_ns'] == 10000 and s['histogram'][60]['upper_ns'] == 10000000000 and s['histogram'][61]['upper_ns'] is None for s in $T['steps'])" \
  "log bins 10 us .. 10 s plus the outer ones"
ssdb_assert_json "$J" "all(s['bytes'] == s['ios'] * 4096 and s['iops'] > 0 for s in $T['steps'])" "bytes and IOPS"
ssdb_assert_json "$J" "all(0 < s['latency_ns']['median'] <= s['latency_ns']['p99'] <= s['latency_ns']['max'] for s in $T['steps'])" \
  "latency order"
ssdb_assert_json "$J" "$T['steps'][-1]['mean_inflight'] >= 28.8" "in flight at QD32 >= 28.8"
ssdb_assert_json "$J" "all(abs(s['mean_inflight'] - s['queue_depth']) <= 0.1 * s['queue_depth'] for s in $T['steps'])" \
  "each depth reached within 10 %"
# zram serves each request in the submitter's own call, one at a time: its IOPS gain is noise
# around 1, never the tens of a parallel device (the verdicts' known answers are in
# real/ground-truth-access.sh).
ssdb_assert_json "$J" "$T['analysis']['first_depth'] == 1 and $T['analysis']['last_depth'] == 32" "analysis depths"
ssdb_assert_json "$J" "abs($T['analysis']['iops_gain'] - $T['steps'][-1]['iops'] / $T['steps'][0]['iops']) <= 1e-6 * $T['analysis']['iops_gain']" \
  "the IOPS gain is that of the first and last steps"
ssdb_assert_json "$J" "$T['analysis']['verdict'] != 'parallel' and $T['analysis']['iops_gain'] < 8" \
  "zram is not taken for a parallel device"
ssdb_assert_json "$J" "all('--iodepth=' in s['fio_command'] for s in $T['steps'])" "fio commands"
grep -qF "$(ssdb_json "$J" "$T['analysis']['words']")" "$SSDB_OUT" ||
  ssdb_fail "the analysis sentence is not printed"

# Threads: each step is that many threads at QD1; the relief chart.
J=$SSDB_TMPDIR/threads.json
P=$SSDB_TMPDIR/relief.png
ssdb_cli threads run access "$Z" --threads --depths 1,2,4 --duration 0.3 --size 8K \
  --json "$J" --png "$P" --relief
ssdb_assert_rc 0 "run access --threads"
is_png "$P"
ssdb_assert_contains "$SSDB_OUT" "Access time by threads" "8 KiB"
ssdb_assert_json "$J" "$T['mode'] == 'threads' and [s['threads'] for s in $T['steps']] == [1, 2, 4] and all(s['queue_depth'] == 1 for s in $T['steps'])" \
  "a step per thread count"
ssdb_assert_json "$J" "all(s['bytes'] == s['ios'] * 8192 and sum(b['count'] for b in s['histogram']) == s['ios'] for s in $T['steps'])" \
  "8 KiB reads, complete histograms"

# SIGINT stops the run: exit 130, the finished steps and a cancelled one are in the report.
J=$SSDB_TMPDIR/cancel.json
ssdb_cli_bg cancel run access "$Z" --depths 1,2 --duration 30 --json "$J"
sleep 1.5
kill -INT "$SSDB_PID"
SSDB_RC=0
wait "$SSDB_PID" || SSDB_RC=$?
ssdb_assert_rc 130 "run access after SIGINT"
ssdb_assert_contains "$SSDB_ERR" "cancelled"
ssdb_assert_json "$J" "$T['cancelled'] and $T['steps'][0]['state'] == 'cancelled' and $T['steps'][1]['state'] == 'pending'" \
  "cancelled run recorded"
ssdb_assert_json "$J" "sum(b['count'] for b in $T['steps'][0]['histogram']) == $T['steps'][0]['ios']" \
  "cancelled step's histogram complete"

# -- transfer-size sweep on a 512-byte-sector loop: one entry per power of two ------------------
ssdb_loop_create L 128M 512
J=$SSDB_TMPDIR/sweep.json
P=$SSDB_TMPDIR/sweep.png
ssdb_cli sweep run sweep "$L" --min 512 --max 64K --qd 4 --span 16M --duration 0.15 \
  --destroy-data "$L" --json "$J" --png "$P"
ssdb_assert_rc 0 "run sweep on a loop"
is_png "$P"
ssdb_assert_contains "$SSDB_OUT" "Transfer-size sweep" "Write (MB/s)" "Read (MB/s)" "512 B" "64 KiB"
SIZES='[512, 1024, 2048, 4096, 8192, 16384, 32768, 65536]'
ssdb_assert_json "$J" "$T['kind'] == 'sweep' and $T['sizes'] == $SIZES" "sizes 512 B .. 64 KiB"
ssdb_assert_json "$J" "[p['size_bytes'] for p in $T['read']] == $SIZES and [p['size_bytes'] for p in $T['write']] == $SIZES" \
  "one read and one write entry per size"
ssdb_assert_json "$J" "all(p['bytes_per_second'] > 0 and p['iops'] > 0 and p['bytes'] == p['ios'] * p['size_bytes'] for p in $T['read'] + $T['write'])" \
  "rates, IOPS, bytes"
ssdb_assert_json "$J" "all(abs(p['bytes_per_second'] - p['iops'] * p['size_bytes']) <= 1e-6 * p['bytes_per_second'] for p in $T['read'])" \
  "rate = IOPS x size"
ssdb_assert_json "$J" "$T['queue_depth'] == 4 and $T['span_length'] == 16777216 and $T['best_read_bytes_per_second'] == max(p['bytes_per_second'] for p in $T['read'])" \
  "best read"
"$SSDB_PYTHON" "$(dirname "$(readlink -f "$0")")/lib/words-match.py" "$SSDBENCH_CLI" "$J" >&2 ||
  ssdb_fail "sweep: a figure of the words is not in the table"

# Without --destroy-data on a device: reads only, said so.
J=$SSDB_TMPDIR/sweep-ro.json
ssdb_cli sweep-ro run sweep "$L" --min 4K --max 16K --span 4M --duration 0.1 --json "$J"
ssdb_assert_rc 0 "run sweep without --destroy-data"
ssdb_assert_contains "$SSDB_ERR" "reads only" "--destroy-data $L"
ssdb_assert_json "$J" "not $T['do_write'] and $T['write'] == [] and [p['size_bytes'] for p in $T['read']] == [4096, 8192, 16384]" \
  "reads only"

# 4096-byte sectors: the sweep starts at the logical block size.
ssdb_loop_create L4 64M 4096
J=$SSDB_TMPDIR/sweep-4k.json
ssdb_cli sweep-4k run sweep "$L4" --max 32K --span 4M --duration 0.1 --read-only --json "$J"
ssdb_assert_rc 0 "run sweep on a 4096-byte-sector loop"
ssdb_assert_json "$J" "$T['sizes'] == [4096, 8192, 16384, 32768]" "starts at 4 KiB"
assert_usage sweep-min-sector "512" "logical block size" -- run sweep "$L4" --min 512 --max 4K --read-only

# -- workload preset on a loop: per worker and total --------------------------------------------
J=$SSDB_TMPDIR/workload.json
ssdb_cli workload run workload "$L" --preset fileserver --workers 2 --qd 4 --duration 0.8 \
  --ramp 0.2 --destroy-data "$L" --json "$J"
ssdb_assert_rc 0 "run workload --preset fileserver"
ssdb_assert_contains "$SSDB_OUT" "File server" "Worker" "All workers" "IOPS" "MB/s" "p99 (ms)"
ssdb_assert_json "$J" "$T['kind'] == 'workload' and $T['spec']['workers'] == 2 and $T['spec']['queue_depth'] == 4" "spec"
ssdb_assert_json "$J" "$T['spec']['read_percent'] == 80 and len($T['spec']['sizes']) > 1 and $T['spec']['ramp_ns'] == 200000000 and $T['spec']['duration_ns'] == 800000000" \
  "preset mix, ramp and run time"
ssdb_assert_json "$J" "len($T['workers']) == 2 and all(w['ios'] > 0 and w['iops'] > 0 and w['bytes_per_second'] > 0 for w in $T['workers'])" \
  "per-worker numbers"
ssdb_assert_json "$J" "$T['total']['ios'] == sum(w['ios'] for w in $T['workers']) and $T['total']['bytes'] == sum(w['bytes'] for w in $T['workers'])" \
  "total = sum of workers"
ssdb_assert_json "$J" "all(0 < x['latency_ns']['mean'] <= x['latency_ns']['max'] and x['latency_ns']['p99'] <= x['latency_ns']['max'] for x in $T['workers'] + [$T['total']])" \
  "latency mean/p99/max"
ssdb_assert_json "$J" "0.7 < $T['total']['read_ios'] / $T['total']['ios'] < 0.9 and $T['total']['write_ios'] > 0" \
  "about 80 % reads"
ssdb_assert_json "$J" "$T['latency_histogram_ns']['count'] == $T['total']['ios'] and '--numjobs=2' in $T['fio_command']" \
  "histogram and fio command"

# A specification file (key file) with a 100 % read workload needs no --destroy-data.
SPEC=$SSDB_TMPDIR/spec.ini
printf '[Reader]\nSizes=4k/50:64k/50\nReadPercent=100\nRandomPercent=50\nQueueDepth=2\nWorkers=1\nRamp=0\nDuration=0.5\n' > "$SPEC"
J=$SSDB_TMPDIR/spec.json
ssdb_cli spec run workload "$L" --spec "$SPEC" --json "$J"
ssdb_assert_rc 0 "run workload --spec"
ssdb_assert_json "$J" "$T['spec']['name'] == 'Reader' and [s['size_bytes'] for s in $T['spec']['sizes']] == [4096, 65536] and $T['total']['write_ios'] == 0" \
  "the specification as written"
ssdb_assert_json "$J" "len($T['workers']) == 1 and $T['total']['size_ios'][0] > 0 and $T['total']['size_ios'][1] > 0" \
  "both sizes used"

# IOMeter's lines, each with its own read and random share: 4 KiB random reads beside 64 KiB
# sequential writes. Every read is 4 KiB and every write 64 KiB; the random requests are exactly
# the 4 KiB ones.
printf '[Lines]\nLines=4k/50/100/100:64k/50/0/0\nQueueDepth=2\nWorkers=1\nRamp=0\nDuration=0.5\n' > "$SPEC"
J=$SSDB_TMPDIR/lines.json
ssdb_cli lines run workload "$L" --spec "$SPEC" --destroy-data "$L" --json "$J"
ssdb_assert_rc 0 "run workload with per-line shares"
ssdb_assert_contains "$SSDB_OUT" "4 KiB 50 % (100 % read, 100 % random), 64 KiB 50 % (0 % read, 0 % random)"
ssdb_assert_json "$J" "[(s['read_percent'], s['random_percent']) for s in $T['spec']['sizes']] == [(100, 100), (0, 0)] and $T['spec']['read_percent'] == 50 and $T['spec']['random_percent'] == 50" \
  "the lines' shares recorded, the specification's their means"
ssdb_assert_json "$J" "$T['total']['read_ios'] > 0 and $T['total']['write_ios'] > 0 and $T['total']['read']['bytes'] == 4096 * $T['total']['read_ios'] and $T['total']['write']['bytes'] == 65536 * $T['total']['write_ios']" \
  "reads only of 4 KiB, writes only of 64 KiB"
ssdb_assert_json "$J" "$T['total']['random_ios'] == $T['total']['size_ios'][0] == $T['total']['read_ios']" \
  "random offsets exactly for the 4 KiB line"
ssdb_assert_json "$J" "'--rw=randrw --rwmixread=50 --bssplit=4k/100,64k/100' in $T['fio_command'] and 'approximate' in $T['fio_command']" \
  "fio: reads and writes split apart, approximate for the per-line random share"

# Lines that all read are a read job, whatever their random shares: no permission to write.
printf '[Reads]\nLines=4k/50/100/100:64k/50/100/0\nQueueDepth=2\nRamp=0\nDuration=0.3\n' > "$SPEC"
J=$SSDB_TMPDIR/lines-read.json
ssdb_cli lines-read run workload "$L" --spec "$SPEC" --json "$J"
ssdb_assert_rc 0 "per-line reads without --destroy-data"
ssdb_assert_json "$J" "$T['spec']['read_percent'] == 100 and $T['total']['write_ios'] == 0 and $T['total']['random_ios'] == $T['total']['size_ios'][0]" \
  "all reads; random offsets only for the 4 KiB line"

# -- IOMeter's cycle of outstanding I/Os: depths 1 and 4 in turn, one row each ------------------
J=$SSDB_TMPDIR/cycle.json
ssdb_cli cycle run workload "$L" --preset database --cycle-qd 1,4 --duration 0.5 --ramp 0.1 \
  --destroy-data "$L" --json "$J"
ssdb_assert_rc 0 "run workload --cycle-qd 1,4"
ssdb_assert_contains "$SSDB_OUT" "QD 1,4 in turn" "Queue depth" "QD1 " "QD4 " "  Reads" "  Writes"
ssdb_assert_json "$J" "$T['spec']['cycle_queue_depths'] == [1, 4] and [c['queue_depth'] for c in $T['cycle']] == [1, 4] and all(c['state'] == 'done' for c in $T['cycle'])" \
  "two depths, both done"
ssdb_assert_json "$J" "all(c['total']['ios'] > 0 and c['total']['iops'] > 0 and c['total']['read_ios'] + c['total']['write_ios'] == c['total']['ios'] and c['total']['read']['bytes'] + c['total']['write']['bytes'] == c['total']['bytes'] for c in $T['cycle'])" \
  "each depth's requests and bytes are its reads' and writes'"
ssdb_assert_json "$J" "all(c['total']['read_ios'] > 0 and c['total']['write_ios'] > 0 and c['total']['read']['latency_ns']['mean'] > 0 and c['total']['write']['latency_ns']['mean'] > 0 for c in $T['cycle'])" \
  "each depth's reads and writes apart"
ssdb_assert_json "$J" "0.8 < $T['cycle'][0]['total']['mean_inflight'] < 1.2 and 3.4 < $T['cycle'][1]['total']['mean_inflight'] < 4.6" \
  "about 1 in flight at QD1, about 4 at QD4"
ssdb_assert_json "$J" "'--iodepth=1 ' in $T['cycle'][0]['fio_command'] and '--iodepth=4 ' in $T['cycle'][1]['fio_command'] and $T['fio_command'] == $T['cycle'][1]['fio_command']" \
  "fio commands per depth; the test's is the last depth's"
ssdb_assert_json "$J" "$T['total']['ios'] == $T['cycle'][1]['total']['ios'] and $T['latency_histogram_ns']['count'] == $T['total']['ios']" \
  "the test's total is the last depth's"
C=$SSDB_TMPDIR/cycle.csv
ssdb_cli cycle-csv export "$J" --view workload --csv "$C"
ssdb_assert_rc 0 "export the cycle as CSV"
[[ $(head -1 "$C" | cut -d, -f1) == queue_depth && $(tail -n +2 "$C" | cut -d, -f1 | tr -d '\r' | tr '\n' ' ') == "1 4 " ]] ||
  ssdb_fail "the cycle's CSV is not one row per depth: $(cat "$C")"
P=$SSDB_TMPDIR/cycle.png
ssdb_cli cycle-png export "$J" --view workload --png "$P"
ssdb_assert_rc 0 "draw the cycle"
is_png "$P"
assert_usage cycle-order "--cycle-qd" "must rise (2 after 4)" -- run workload "$L" --preset database --cycle-qd 4,2 --destroy-data "$L"
assert_usage cycle-range "--cycle-qd" "queue depth 300 is out of range (1 to 256)" -- run workload "$L" --preset database --cycle-qd 1,300 --destroy-data "$L"
assert_usage cycle-and-qd "--qd and --cycle-qd" -- run workload "$L" --preset database --qd 2 --cycle-qd 1,2 --destroy-data "$L"

# -- the test file size: --size, and --file-size as its alias, give the same test file -----------
ssdb_ext4_create DEV D 64M
for cmd in "sweep --max 8K --span 4M --duration 0.05 --read-only" \
  "workload --preset webserver --duration 0.1 --ramp 0"; do
  name=${cmd%% *}
  for opt in --size --file-size; do
    J=$SSDB_TMPDIR/$name$opt.json
    # shellcheck disable=SC2086
    ssdb_cli "$name$opt" run $cmd "$D" "$opt" 16M --json "$J"
    ssdb_assert_rc 0 "run $name $opt 16M in a directory"
    ssdb_assert_json "$J" "d['target']['kind'] == 'file' and d['target']['size_bytes'] == 16777216" \
      "run $name $opt 16M: a 16 MiB test file"
    # shellcheck disable=SC2086
    assert_usage "$name$opt-device" "$opt applies to a test file" -- run $cmd "$L" "$opt" 16M
    # shellcheck disable=SC2086
    assert_usage "$name$opt-mib" "Invalid $opt 1000000 bytes" -- run $cmd "$D" "$opt" 1000000
  done
  # the same target and the same test, but for the free space and the measured numbers
  ssdb_assert_json "$SSDB_TMPDIR/$name--size.json" \
    "(lambda a, b: a['target'] | {'free_bytes': 0} == b['target'] | {'free_bytes': 0} and a['tests'][0]['kind'] == b['tests'][0]['kind'])(d, __import__('json').load(open('$SSDB_TMPDIR/$name--file-size.json')))" \
    "run $name: the same test file with --size and --file-size"
  # shellcheck disable=SC2086
  assert_usage "$name-both" "--size and --file-size" -- run $cmd "$D" --size 16M --file-size 16M
done
left=$(find "$D" -mindepth 1 -maxdepth 1 ! -name lost+found)
[[ -z $left ]] || ssdb_fail "files left in $D: $left"

# -- the transfer size of run access: --block, and --size as its alias, give the same run --------
for opt in --block --size; do
  J=$SSDB_TMPDIR/access$opt.json
  ssdb_cli "access$opt" run access "$Z" --depths 1,2 --duration 0.1 "$opt" 8K --json "$J"
  ssdb_assert_rc 0 "run access $opt 8K"
  ssdb_assert_json "$J" "$T['block_size'] == 8192" "run access $opt 8K: 8 KiB reads"
  assert_usage "access$opt-odd" "Invalid $opt “1000”" -- run access "$Z" "$opt" 1000
done
ssdb_assert_json "$SSDB_TMPDIR/access--block.json" \
  "(lambda a, b: all(a[k] == b[k] for k in ('mode', 'block_size', 'span_offset', 'span_length', 'step_duration_ns', 'seed')) and [s['queue_depth'] for s in a['steps']] == [s['queue_depth'] for s in b['steps']])($T, __import__('json').load(open('$SSDB_TMPDIR/access--size.json'))['tests'][0])" \
  "run access: the same run with --block and --size"
assert_usage access-both "--block and --size" -- run access "$Z" --block 8K --size 8K

# -- bad arguments: exit 2, naming the option and the value --------------------------------------
assert_usage depth-zero "--depths" "0" "out of range" -- run access "$Z" --depths 0
assert_usage depth-300 "--depths" "300" "out of range" -- run access "$Z" --depths 1,300
assert_usage depth-empty "--depths" "1,,2" "empty" -- run access "$Z" --depths 1,,2
assert_usage depth-text "--depths" "x" -- run access "$Z" --depths 1,x
assert_usage depth-order "--depths" "4,2" "rise" -- run access "$Z" --depths 4,2
assert_usage threads-65 "--depths" "65" -- run access "$Z" --threads --depths 65
assert_usage access-size "--size" "1000" -- run access "$Z" --size 1000
assert_usage span-gb "--span-gb" "abc" -- run access "$Z" --span-gb abc
assert_usage span-gb-big "--span-gb" "5" -- run access "$Z" --span-gb 5
assert_usage duration "--duration" "-1" -- run access "$Z" --duration -1
assert_usage relief "--relief" "--png" -- run access "$Z" --relief
assert_usage sweep-qd "--qd" "0" -- run sweep "$L" --qd 0
assert_usage sweep-min "--min" "3000" -- run sweep "$L" --min 3000
assert_usage sweep-minmax "--min" "1M" -- run sweep "$L" --min 1M --max 64K
assert_usage sweep-ro-destroy "--read-only" "--destroy-data" -- run sweep "$L" --read-only --destroy-data "$L"
assert_usage preset "--preset" "mailserver" -- run workload "$L" --preset mailserver
assert_usage preset-none "--preset" "--spec" -- run workload "$L"
assert_usage preset-both "--preset" "--spec" -- run workload "$L" --preset database --spec "$SPEC"
printf '[Broken]\nReadPercent=150\n' > "$SSDB_TMPDIR/bad.ini"
assert_usage spec-bad "--spec" "$SSDB_TMPDIR/bad.ini" "ReadPercent" -- run workload "$L" --spec "$SSDB_TMPDIR/bad.ini"
printf '{"name": "x", "sizes": 12' > "$SSDB_TMPDIR/bad.json"
assert_usage spec-json "--spec" "$SSDB_TMPDIR/bad.json" -- run workload "$L" --spec "$SSDB_TMPDIR/bad.json"
assert_usage spec-missing "--spec" "$SSDB_TMPDIR/none.ini" -- run workload "$L" --spec "$SSDB_TMPDIR/none.ini"
assert_usage workload-writes "--destroy-data" "$L" -- run workload "$L" --preset database
assert_usage workload-qd "--qd" "999" -- run workload "$L" --preset webserver --qd 999
assert_usage workload-workers "--workers" "0" -- run workload "$L" --preset webserver --workers 0
assert_usage json-device "--json" -- run access "$Z" --json "$L"

echo "PASS"
