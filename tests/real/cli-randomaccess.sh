#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# HD Tune Pro's random-access table on a zram device filled with random data:
# - the exact facts of every row (bytes = requests × size, MB/s and IOPS = what moved over the
#   window, the dots a uniform sample of min(--dots, requests) requests, each inside the span on
#   a multiple of its size, the slowest request at least the mean), count-based rows of exactly
#   --ios requests, the fio command of the same job;
# - each size's IOPS against `run access --depths 1 --block SIZE` and against fio's
#   randread at iodepth 1 (pvsync2, direct) on the same device: the median of three
#   alternating rounds within [0.6, 1.6] × each of the others (zram on a shared 2-core
#   machine is noisy; a row measured at another size or depth, or through the page cache,
#   is off by far more);
# - writes refused without --destroy-data (the device unchanged) and measured with it.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_require_cmd fio
ssdb_find_cli

SPAN=$((256 * 1024 * 1024))
ssdb_zram_create Z 256M
ssdb_fill_random "$Z"
ssdb_tmpdir

# -- one run: the exact facts of each row ------------------------------------------------------
J=$SSDB_TMPDIR/ra.json
ssdb_cli ra run randomaccess "$Z" --sizes 4k,64k,1m --duration 1 --dots 500 --json "$J"
ssdb_assert_rc 0 "run randomaccess"
ssdb_assert_contains "$SSDB_OUT" "Random access (HD Tune Pro's Random Access test)" \
  "Transfer size" "IOPS" "Avg access" "Max access" "MB/s" "4 KiB" "64 KiB" "1 MiB" \
  "Random (mix of 4 KiB–1 MiB)" "One request at a time (QD1)" "pvsync2" \
  "The span was not filled first."
ssdb_assert_contains "$SSDB_ERR" "measuring reads only"
T='d["tests"][0]'
ssdb_assert_json "$J" "${T}[\"kind\"] == 'randomaccess' and ${T}[\"span_length\"] == $SPAN" "kind and span"
ssdb_assert_json "$J" "[(r['size'], r['mixed'], r['rw']) for r in ${T}['rows']] == [(4096, False, 'read'), (65536, False, 'read'), (1048576, False, 'read'), (1048576, True, 'read')]" \
  "rows: the three sizes, then the mix"
ssdb_assert_json "$J" "all(r['state'] == 'done' and r['engine'] == 'pvsync2' for r in ${T}['rows'])" \
  "every row done, synchronous"
ssdb_assert_json "$J" "all(r['bytes'] == r['ios'] * r['size'] for r in ${T}['rows'] if not r['mixed'])" \
  "bytes == ios x size"
ssdb_assert_json "$J" "all(r['ios'] * 4096 < r['bytes'] < r['ios'] * 1048576 for r in ${T}['rows'] if r['mixed'])" \
  "mixed row: bytes between ios x smallest and ios x largest"
ssdb_assert_json "$J" "all(abs(r['bytes_per_second'] - r['bytes'] * 1e9 / r['window_ns']) <= 1e-6 * r['bytes_per_second'] for r in ${T}['rows'])" \
  "MB/s == bytes / window"
ssdb_assert_json "$J" "all(abs(r['iops'] - r['ios'] * 1e9 / r['window_ns']) <= 1e-6 * r['iops'] for r in ${T}['rows'])" \
  "IOPS == ios / window"
ssdb_assert_json "$J" "all(0.99e9 <= r['window_ns'] <= 1.5e9 for r in ${T}['rows'])" \
  "each row ran its 1 s"
ssdb_assert_json "$J" "all(r['max_ns'] >= r['mean_ns'] > 0 and r['p99_ns'] <= r['max_ns'] for r in ${T}['rows'])" \
  "max >= mean > 0, p99 <= max"
ssdb_assert_json "$J" "all(len(r['dots']) == min(500, r['ios']) for r in ${T}['rows'])" \
  "dots == min(max_dots, ios)"
ssdb_assert_json "$J" "all(0 <= x['offset'] and x['offset'] + x['size'] <= $SPAN and x['offset'] % x['size'] == 0 and x['size'] == r['size'] for r in ${T}['rows'] if not r['mixed'] for x in r['dots'])" \
  "every dot inside the span, aligned to its size"
ssdb_assert_json "$J" "all(x['size'] in (4096, 65536, 1048576) and x['offset'] % 4096 == 0 and x['offset'] + x['size'] <= $SPAN for r in ${T}['rows'] if r['mixed'] for x in r['dots'])" \
  "mixed row: dots of the three sizes on 4 KiB steps"
ssdb_assert_json "$J" "all(len(set(x['size'] for x in r['dots'])) == 3 for r in ${T}['rows'] if r['mixed'])" \
  "mixed row: all three sizes drawn"
ssdb_assert_json "$J" "all(0 < x['latency_ns'] <= r['max_ns'] for r in ${T}['rows'] for x in r['dots'])" \
  "every dot at most the row's slowest request"
# a uniform sample: the dots' offsets spread over the whole span (each half holds some)
ssdb_assert_json "$J" "all(50 < sum(1 for x in r['dots'] if x['offset'] < $SPAN // 2) < 450 for r in ${T}['rows'])" \
  "dots spread over both halves of the span"
ssdb_assert_json "$J" "all(\"--filename='$Z'\" in r['fio_command'] and '--ioengine=pvsync2' in r['fio_command'] and '--rw=randread' in r['fio_command'] and '--iodepth=1' in r['fio_command'] and '--direct=1' in r['fio_command'] for r in ${T}['rows'])" \
  "fio commands of the same jobs"
ssdb_assert_json "$J" "${T}['rows'][1]['fio_command'].count('--bs=64k') == 1 and '--bssplit=4k/1:64k/1:1m/1 ' in ${T}['rows'][3]['fio_command'] and '--blockalign=4k' in ${T}['rows'][3]['fio_command']" \
  "fio: the size, and the mix as bssplit on 4 KiB alignment"
# the report reads back, and exports the same table
ssdb_cli export export "$J" --view randomaccess --text -
ssdb_assert_rc 0 "export --view randomaccess --text"
ssdb_assert_contains "$SSDB_OUT" "Random (mix of 4 KiB–1 MiB)"

# -- count-based rows ------------------------------------------------------------------------
J2=$SSDB_TMPDIR/count.json
ssdb_cli count run randomaccess "$Z" --sizes 4k,64k --ios 300 --dots 100 --json "$J2"
ssdb_assert_rc 0 "run randomaccess --ios 300"
ssdb_assert_json "$J2" "all(r['ios'] == 300 and len(r['dots']) == 100 for r in d['tests'][0]['rows'])" \
  "--ios 300: exactly 300 requests a row, 100 dots"
ssdb_assert_json "$J2" "d['tests'][0]['rows'][0]['bytes'] == 300 * 4096 and d['tests'][0]['rows'][1]['bytes'] == 300 * 65536" \
  "--ios 300: bytes"
ssdb_assert_json "$J2" "'--number_ios=300' in d['tests'][0]['rows'][0]['fio_command'] and '--runtime' not in d['tests'][0]['rows'][0]['fio_command']" \
  "fio: a count-based job"
ssdb_cli count2 run randomaccess "$Z" --sizes 4k --ios 300 --dots 1000 --json "$J2"
ssdb_assert_rc 0 "run randomaccess --ios 300 --dots 1000"
ssdb_assert_json "$J2" "len(d['tests'][0]['rows']) == 1 and len(d['tests'][0]['rows'][0]['dots']) == 300" \
  "fewer requests than --dots: every request a dot; one size has no mix row"

# -- a stopped run keeps the running row, marked cancelled, and the rows before it -------------
J5=$SSDB_TMPDIR/cancel.json
ssdb_cli_bg cancel run randomaccess "$Z" --sizes 4k,64k --duration 2 --json "$J5"
sleep 3
kill -INT "$SSDB_PID"
rc=0
wait "$SSDB_PID" || rc=$?
ssdb_assert_eq "$rc" 130 "run randomaccess stopped by SIGINT"
ssdb_assert_contains "$SSDB_OUT" "(stopped)" "(not run)" "The run was cancelled"
ssdb_assert_json "$J5" "d['tests'][0]['cancelled'] and [r['state'] for r in d['tests'][0]['rows']] == ['done', 'cancelled', 'pending']" \
  "the first row done, the second stopped, the mix not run"
ssdb_assert_json "$J5" "d['tests'][0]['rows'][1]['ios'] > 0 and len(d['tests'][0]['rows'][1]['dots']) == min(2000, d['tests'][0]['rows'][1]['ios']) and d['tests'][0]['rows'][1]['window_ns'] < 1.9e9" \
  "the stopped row keeps what it measured, and its dots"

# -- IOPS against run access and fio, per size -----------------------------------------------
# Three rounds; in each, the random-access table, then run access and fio for each size.
declare -A ra acc fio_iops
sizes=(4k 64k 1m)
for round in 1 2 3; do
  R=$SSDB_TMPDIR/ra$round.json
  ssdb_cli ra$round run randomaccess "$Z" --sizes 4k,64k,1m --no-mix --duration 1 --dots 0 \
    --seed $round --json "$R"
  ssdb_assert_rc 0 "run randomaccess round $round"
  for i in 0 1 2; do
    s=${sizes[$i]}
    ra[$s]+="$(ssdb_json "$R" "d['tests'][0]['rows'][$i]['iops']") "
    A=$SSDB_TMPDIR/acc-$s-$round.json
    ssdb_cli "acc-$s-$round" run access "$Z" --depths 1 --block "$s" --duration 1 --seed $round \
      --json "$A"
    ssdb_assert_rc 0 "run access --depths 1 --block $s"
    acc[$s]+="$(ssdb_json "$A" "d['tests'][0]['steps'][0]['iops']") "
    F=$SSDB_TMPDIR/fio-$s-$round.json
    fio --name=ra --filename="$Z" --rw=randread --bs="$s" --iodepth=1 --ioengine=pvsync2 \
      --direct=1 --size=256m --runtime=1 --time_based --norandommap --randrepeat=0 --thread \
      --output-format=json --output="$F" > /dev/null
    fio_iops[$s]+="$(ssdb_json "$F" "d['jobs'][0]['read']['iops']") "
  done
done
median ()
{
  printf '%s\n' "$@" | sort -g | sed -n 2p
}
for s in "${sizes[@]}"; do
  # shellcheck disable=SC2086
  m_ra=$(median ${ra[$s]})
  # shellcheck disable=SC2086
  m_acc=$(median ${acc[$s]})
  # shellcheck disable=SC2086
  m_fio=$(median ${fio_iops[$s]})
  printf '# %-4s IOPS: randomaccess %s (%s), access %s (%s), fio %s (%s)\n' "$s" "$m_ra" \
    "${ra[$s]% }" "$m_acc" "${acc[$s]% }" "$m_fio" "${fio_iops[$s]% }" >&2
  ok=$("$SSDB_PYTHON" -c "import sys; a, b, c = map(float, sys.argv[1:]); print(0.6 <= a / b <= 1.6 and 0.6 <= a / c <= 1.6)" \
    "$m_ra" "$m_acc" "$m_fio")
  [[ $ok == True ]] || ssdb_fail "$s: randomaccess IOPS $m_ra not within [0.6, 1.6] x access ($m_acc) and fio ($m_fio)"
done

# -- writes: refused without --destroy-data, measured with it --------------------------------
before=$(ssdb_checksum "$Z")
ssdb_cli refused run randomaccess "$Z" --write-only --sizes 4k --duration 0.2
ssdb_assert_rc 2 "run randomaccess --write-only without --destroy-data"
ssdb_assert_contains "$SSDB_ERR" "--destroy-data"
ssdb_cli refused-fill run randomaccess "$Z" --fill --sizes 4k --duration 0.2
ssdb_assert_rc 2 "run randomaccess --fill without --destroy-data"
ssdb_assert_eq "$(ssdb_checksum "$Z")" "$before" "device unchanged after the refusals"

zname=${Z##*/}
w0=$(awk '{print $7}' "/sys/block/$zname/stat")
J3=$SSDB_TMPDIR/write.json
ssdb_cli write run randomaccess "$Z" --write-only --sizes 4k,64k --duration 0.5 --dots 200 \
  --destroy-data "$Z" --json "$J3"
ssdb_assert_rc 0 "run randomaccess --write-only --destroy-data"
w1=$(awk '{print $7}' "/sys/block/$zname/stat")
ssdb_assert_contains "$SSDB_OUT" "Write" "Random (mix of 4 KiB–64 KiB)"
ssdb_assert_json "$J3" "[(r['rw'], r['state']) for r in d['tests'][0]['rows']] == [('write', 'done')] * 3" \
  "three write rows done"
ssdb_assert_json "$J3" "all('--rw=randwrite' in r['fio_command'] and '--refill_buffers' in r['fio_command'] for r in d['tests'][0]['rows'])" \
  "fio: random writes of random data"
ssdb_assert_json "$J3" "all(len(r['dots']) == min(200, r['ios']) and r['bytes'] == r['ios'] * r['size'] for r in d['tests'][0]['rows'] if not r['mixed'])" \
  "write rows: dots and bytes"
written=$(ssdb_json "$J3" "sum(r['bytes'] for r in d['tests'][0]['rows'])")
# the device's own count of sectors written covers what the rows wrote
[[ $(((w1 - w0) * 512)) -ge $written ]] ||
  ssdb_fail "zram counted $(((w1 - w0) * 512)) bytes written, the rows $written"
[[ $(ssdb_checksum "$Z") != "$before" ]] || ssdb_fail "the write run changed nothing"

# reads and writes with --destroy-data: the span filled first, then both directions
J4=$SSDB_TMPDIR/both.json
ssdb_cli both run randomaccess "$Z" --sizes 4k --duration 0.3 --span 64M --offset 64M \
  --destroy-data "$Z" --json "$J4"
ssdb_assert_rc 0 "run randomaccess --destroy-data (reads and writes)"
ssdb_assert_contains "$SSDB_OUT" "The span was filled with random data first"
ssdb_assert_json "$J4" "d['tests'][0]['filled'] and d['tests'][0]['prepare_ns'] > 0" "span filled"
ssdb_assert_json "$J4" "[r['rw'] for r in d['tests'][0]['rows']] == ['read', 'write']" \
  "a read row, then a write row"
ssdb_assert_json "$J4" "all(64 << 20 <= x['offset'] and x['offset'] + 4096 <= 128 << 20 and (x['offset'] - (64 << 20)) % 4096 == 0 for r in d['tests'][0]['rows'] for x in r['dots'])" \
  "dots inside --offset 64M --span 64M"
# a span never written: the text says so, from zram's own statistics; --fill fills it first
ssdb_zram_create E 64M
J6=$SSDB_TMPDIR/empty.json
ssdb_cli empty run randomaccess "$E" --sizes 4k --duration 0.2 --json "$J6"
ssdb_assert_rc 0 "run randomaccess on an empty zram device"
ssdb_assert_contains "$SSDB_OUT" "The span was not filled first." \
  "100 % of the test region was never written or was trimmed (zram's statistics)"
ssdb_assert_json "$J6" "d['tests'][0]['unwritten'] == {'percent': 100, 'source': 'zram'} and not d['tests'][0]['filled']" \
  "unwritten: 100 % (zram)"
ssdb_cli empty-fill run randomaccess "$E" --sizes 4k --duration 0.2 --read-only --fill \
  --destroy-data "$E" --json "$J6"
ssdb_assert_rc 0 "run randomaccess --fill --destroy-data"
ssdb_assert_contains "$SSDB_OUT" "The span was filled with random data first"
ssdb_assert_json "$J6" "d['tests'][0]['filled'] and 'unwritten' not in d['tests'][0] and [r['rw'] for r in d['tests'][0]['rows']] == ['read']" \
  "filled, reads only"
echo "ok"
