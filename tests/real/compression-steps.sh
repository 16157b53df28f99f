#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# run compression --step 10 (AS SSD's eleven levels, 0 to 100 % compressible, and zeros)
# against targets whose answer is known, each checked against fio on the same device first:
#
#   target                           fio's reference                  expected
#   zram                             zeros write >= 1.3x random data  12 levels, write rates
#                                                                     rising with the data's
#                                                                     compressibility, "found"
#   loop device over a file on a     zeros within 1.3x of random data 12 levels, never "found"
#   tmpfs of its own (RAM stores
#   every byte as it comes)
#
# The step is kept in the report (step_percent: 10), the text export names it, the PNG is
# drawn, and --step refuses a step that is not allowed.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$here/../lib/targets.sh"
ssdb_require_root
ssdb_require_cmd fio
ssdb_find_cli
ssdb_tmpdir
T='d["tests"][0]'
# The default span: passes long enough (about 0.1 s each on zram) that a busy machine's
# hiccups do not dominate the spread between them.
SPAN=256M

# fio_write_mbps DEV [ARGS...]: fio's sequential 1 MiB QD4 write rate over the first $SPAN of
# DEV (MB/s): with fio's default buffers (random data generated once, as the engine's
# pool is: no CPU spent making data while it writes) or with ARGS "--zero_buffers".
fio_write_mbps ()
{
  local dev=$1 out=$SSDB_TMPDIR/fio.json
  shift
  fio --name=w --filename="$dev" --rw=write --bs=1M --iodepth=4 --ioengine=libaio --direct=1 \
    --size="$SPAN" "$@" --output-format=json > "$out" ||
    ssdb_fail "fio failed on $dev"
  ssdb_json "$out" 'round(d["jobs"][0]["write"]["bw_bytes"] / 1e6, 1)'
}

# fio_reference DEV: sets fio_random and fio_zero to fio's best of two runs each, taking turns,
# after a first write that is not counted (as the test's own): the first write to a fresh zram
# device or a sparse file allocates what later writes only overwrite.
fio_reference ()
{
  local a b
  fio_write_mbps "$1" > /dev/null
  a=$(fio_write_mbps "$1")
  fio_zero=$(fio_write_mbps "$1" --zero_buffers)
  b=$(fio_write_mbps "$1")
  fio_random=$(awk -v a="$a" -v b="$b" 'BEGIN { print (a > b ? a : b) }')
  b=$(fio_write_mbps "$1" --zero_buffers)
  fio_zero=$(awk -v a="$fio_zero" -v b="$b" 'BEGIN { print (a > b ? a : b) }')
}

# check NAME: the report $J holds AS SSD's twelve levels, each written and read over the span,
# a verdict whose words are printed and whose figures are the table's.
check ()
{
  ssdb_log "$1: $(ssdb_json "$J" "${T}['verdict']"): $(ssdb_json "$J" "${T}['words']")"
  "$SSDB_PYTHON" - "$J" >&2 << 'PY'
import json, sys
t = json.load(open(sys.argv[1]))["tests"][0]
for l in t["levels"]:
    print("# %-17s write %8.1f MB/s  read %8.1f MB/s" % (
        l["data"], l["write_bytes_per_second"] / 1e6, l["read_bytes_per_second"] / 1e6))
PY
  ssdb_assert_json "$J" "${T}['step_percent'] == 10" "$1: the step is kept"
  ssdb_assert_json "$J" \
    "[l['data'] for l in ${T}['levels']] == ['random'] + ['compressible-%d' % p for p in range(10, 101, 10)] + ['zero']" \
    "$1: random, 10 to 100 % compressible, zeros"
  ssdb_assert_json "$J" "all(l['write_bytes'] == l['read_bytes'] == 268435456 for l in ${T}['levels'])" \
    "$1: each level writes and reads the span"
  ssdb_assert_json "$J" "all(len(l['write_passes']) == 3 == len(l['read_passes']) for l in ${T}['levels'])" \
    "$1: three passes kept per level"
  ssdb_assert_json "$J" "0 <= ${T}['noise'] < 1" "$1: the spread between passes is measured"
  grep -qF "$(ssdb_json "$J" "${T}['words']")" "$SSDB_OUT" || ssdb_fail "$1: the words are not printed"
  "$SSDB_PYTHON" "$here/../lib/words-match.py" "$SSDBENCH_CLI" "$J" >&2 ||
    ssdb_fail "$1: a figure of the words is not in the table"
}

# concordance DIRECTION: of the pairs of levels 0 .. 100 %, the share where the more
# compressible level ran faster (1: rising throughout, 0.5: no trend).
concordance ()
{
  ssdb_json "$J" "(lambda v: round(sum(v[j] > v[i] for i in range(11) for j in range(i + 1, 11)) / 55, 3))([l['$1_bytes_per_second'] for l in ${T}['levels'][:11]])"
}

# -- refused steps
ssdb_zram_create Z 512M
for bad in 7 0 100 abc; do
  ssdb_cli "refuse-step-$bad" run compression "$Z" --destroy-data "$Z" --step "$bad"
  ssdb_assert_rc 2 "--step $bad"
  ssdb_assert_contains "$SSDB_ERR" "--step"
done
ssdb_assert_contains "$SSDB_ERR" '“abc”'
ssdb_cli refuse-step-7 run compression "$Z" --destroy-data "$Z" --step 7
ssdb_assert_contains "$SSDB_ERR" 'Invalid --step “7”' "5, 10, 20, 25 or 50"

# -- zram compresses: fio sees it, and so does the test
fio_reference "$Z"
ssdb_log "zram, fio: random data $fio_random MB/s, zeros $fio_zero MB/s written"
awk -v r="$fio_random" -v z="$fio_zero" 'BEGIN { exit !(z >= 1.3 * r) }' ||
  ssdb_fail "fio does not see zram write zeros 1.3x faster than random data ($fio_zero against $fio_random MB/s)"

J=$SSDB_TMPDIR/zram.json
P=$SSDB_TMPDIR/zram.png
ssdb_cli zram run compression "$Z" --destroy-data "$Z" --span 0:$SPAN --step 10 --json "$J" --png "$P"
ssdb_assert_rc 0 "run compression --step 10 on zram"
ssdb_assert_contains "$SSDB_OUT" "in steps of 10 %" "compressible-30" "compressible-100"
check "zram"
w=$(concordance write)
r=$(concordance read)
ssdb_log "zram: write rates rise in $w of the pairs of levels, read rates in $r"
# Monotone-ish: single levels scatter on a busy machine, the trend does not (0.5 is no trend;
# runs at a load of 5 on 2 cores gave 0.96 to 0.98 for writes, 0.89 to 0.93 for reads, and the
# three most compressible levels wrote 1.9 to 2.1x as fast as the three least).
ssdb_assert_json "$J" "$w >= 0.6" "zram: write rates rise with compressibility (concordance $w)"
ssdb_assert_json "$J" "$r >= 0.55" "zram: read rates rise with compressibility (concordance $r)"
ssdb_assert_json "$J" "sum(l['write_bytes_per_second'] for l in ${T}['levels'][8:11]) >= 1.3 * sum(l['write_bytes_per_second'] for l in ${T}['levels'][0:3])" \
  "zram: 80 to 100 % compressible data writes at least 1.3x as fast as 0 to 20 %"
ssdb_assert_json "$J" "${T}['levels'][10]['write_bytes_per_second'] >= 1.3 * ${T}['levels'][0]['write_bytes_per_second']" \
  "zram: 100 % compressible data writes at least 1.3x random data"
ssdb_assert_json "$J" "${T}['zero_write_ratio'] >= 1.3" "zram: zeros at least 1.3x random data, as fio saw"
ssdb_assert_json "$J" "${T}['verdict'] == 'found' and ${T}['compresses']" "zram: compression found"
[[ $(head -c 8 "$P" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || ssdb_fail "$P is not a PNG"
ssdb_cli zram-text export "$J" --view compression --text -
ssdb_assert_rc 0 "export --text"
ssdb_assert_contains "$SSDB_OUT" "Levels from 0 to 100 % compressible in steps of 10 %" "compressible-90"

# -- a report whose step does not match its levels is refused, naming the member
B=$SSDB_TMPDIR/bad-step.json
"$SSDB_PYTHON" - "$J" "$B" << 'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["tests"][0]["step_percent"] = 20
json.dump(d, open(sys.argv[2], "w"), indent=2)
PY
ssdb_cli bad-step export "$B" --view compression --text -
ssdb_assert_rc 1 "export of a report whose levels do not follow its step"
ssdb_assert_contains "$SSDB_ERR" "tests[0].levels: 12 levels, more than the 7 of a test in steps of 20 % (step_percent)"

# -- RAM stores every byte as it comes: fio sees no gain, and the test finds none
ssdb_loop_create L 512M 4096 ram
fio_reference "$L"
ssdb_log "RAM loop, fio: random data $fio_random MB/s, zeros $fio_zero MB/s written"
awk -v r="$fio_random" -v z="$fio_zero" 'BEGIN { exit !(z < 2 * r) }' ||
  ssdb_fail "fio sees the RAM-backed loop device write zeros 2x faster than random data ($fio_zero against $fio_random MB/s)"
J=$SSDB_TMPDIR/ram.json
ssdb_cli ram run compression "$L" --destroy-data "$L" --span 0:$SPAN --step 10 --json "$J"
ssdb_assert_rc 0 "run compression --step 10 on a RAM-backed loop device"
check "RAM"
ssdb_assert_json "$J" "${T}['verdict'] != 'found' and not ${T}['compresses']" "RAM: no compression found"
