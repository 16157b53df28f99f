#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A whole summary run with writes on a zram device: every test runs, reaches the device, keeps
# its queue full and names the equivalent fio command.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_find_cli

ssdb_zram_create Z 64M
ssdb_tmpdir
J=$SSDB_TMPDIR/summary.json
P=$SSDB_TMPDIR/summary.png
ssdb_cli summary run summary "$Z" --size 64M --count 1 --duration 1 --destroy-data "$Z" \
  --json "$J" --png "$P"
ssdb_assert_rc 0 "run summary with --destroy-data"

ssdb_assert_contains "$SSDB_OUT" "[Read]" "[Write]" "SEQ   1 MiB (Q=  8, T= 1)" \
  "RND   4 KiB (Q= 32, T= 1)" "Target: $Z"
ssdb_assert_not_contains "$SSDB_OUT" "skipped"
# progress goes to stderr only when it is a terminal: here it is a file and stays empty
[[ ! -s $SSDB_ERR ]] || ssdb_fail "stderr is not a terminal but got: $(head -c 300 "$SSDB_ERR")"

ssdb_assert_json "$J" 'd["format"] == "ssdbench-report" and d["format_version"] == 1' "format"
ssdb_assert_json "$J" "d['target']['path'] == '$Z' and d['target']['size_bytes'] == 67108864" \
  "target path and size"
ssdb_assert_json "$J" 'd["target"]["logical_block_size"] == 4096 and d["target"]["direct_io"]' \
  "zram facts"
ssdb_assert_json "$J" 'd["summary"]["writes_skipped_reason"] is None' "no writes skipped"
# The queue's state as sysfs has it when the run opened the device.
zname=${Z##*/}
# zram is bio-based: it has no request queue, and no nr_requests file (0 = unknown).
nr_requests=$(cat "/sys/block/$zname/queue/nr_requests" 2> /dev/null || echo 0)
ssdb_assert_json "$J" "d['target']['queue']['nr_requests'] == $nr_requests" \
  "target.queue.nr_requests from sysfs"
ssdb_assert_json "$J" "d['target']['queue']['write_cache'] == '$(cat /sys/block/$zname/queue/write_cache)'" \
  "target.queue.write_cache from sysfs"
ssdb_assert_json "$J" "d['target']['queue']['device_queue_depth'] == 0" "zram has no NCQ depth"
ssdb_assert_json "$J" \
  '[(t["name"], t["rw"]) for t in d["tests"]] == [(n, rw) for rw in ("read", "write") for n in ("SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1")]' \
  "the eight default tests in order"
ssdb_assert_json "$J" 'all(t["state"] == "done" for t in d["tests"])' "every test done"
ssdb_assert_json "$J" 'all(t["bytes_per_second"] > 0 and t["iops"] > 0 and t["ios"] > 0 for t in d["tests"])' \
  "rates > 0"
ssdb_assert_json "$J" 'all(0 < t["latency_ns"]["p50"] <= t["latency_ns"]["p99"] <= t["latency_ns"]["max"] for t in d["tests"])' \
  "latency percentiles ordered"
ssdb_assert_json "$J" 'all(t["device_bytes"]["counters_valid"] and t["device_bytes"]["reached_device"] for t in d["tests"])' \
  "every test reached the device"
# the device's own counters saw at least 90 % of what the engine moved
ssdb_assert_json "$J" 'all(t["device_bytes"][t["rw"]] >= 0.9 * t["bytes"] for t in d["tests"])' \
  "device counters match the bytes moved"
# queue depth really reached: zram completes fast, so anything below 90 % means a lazy submitter
ssdb_assert_json "$J" 'all(t["mean_inflight"] >= 0.9 * t["queue_depth"] * t["threads"] for t in d["tests"])' \
  "mean in-flight depth >= 0.9 x QD"
ssdb_assert_json "$J" 'all(t["mean_inflight"] >= 28.8 for t in d["tests"] if t["name"] == "RND4K Q32T1")' \
  "RND4K Q32T1 mean in flight >= 28.8"
ssdb_assert_json "$J" "all(t['fio_command'].startswith('fio ') and \"--filename='$Z'\" in t['fio_command'] and '--direct=1' in t['fio_command'] for t in d['tests'])" \
  "fio_command present"
# QD 1 runs synchronously (fio's pvsync2, zram does not poll), deeper queues on libaio: the
# result and its fio command say which
ssdb_assert_json "$J" "all(('--ioengine=pvsync2' in t['fio_command'] and t.get('io_engine') == 'pvsync2' and all(p.get('io_engine') == 'pvsync2' for p in t['passes'])) if t['queue_depth'] == 1 else ('--ioengine=libaio' in t['fio_command'] and 'io_engine' not in t) for t in d['tests'])" \
  "I/O engine by queue depth"
ssdb_assert_json "$J" "not any('--hipri' in t['fio_command'] or 'io_poll' in t for t in d['tests'])" \
  "no polling on zram"
ssdb_assert_json "$J" 'all("--iodepth=32" in t["fio_command"] and "--bs=4k" in t["fio_command"] for t in d["tests"] if t["name"] == "RND4K Q32T1")' \
  "fio_command of RND4K Q32T1"
ssdb_assert_json "$J" 'all(len(t["passes"]) == 1 for t in d["tests"])' "one pass each"
ssdb_assert_json "$J" 'all(t["cpu_ns"]["user"] + t["cpu_ns"]["system"] > 0 for t in d["tests"])' \
  "CPU time recorded"
python3 - "$J" >&2 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for t in d["tests"]:
    print("# %-11s %-5s %9.1f MB/s %10.0f IOPS  in flight %5.2f / %d" % (
        t["name"], t["rw"], t["bytes_per_second"] / 1e6, t["iops"], t["mean_inflight"],
        t["queue_depth"]))
PY

# the PNG is a real PNG
[[ $(head -c 8 "$P" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || ssdb_fail "$P is not a PNG"
if command -v identify > /dev/null; then
  ssdb_log "PNG: $(identify -format '%wx%h' "$P")"
fi

# The mixed tests' read share is a setting (CrystalDiskMark's mix ratio): 30 % reads, recorded
# in the report and its text, and what the requests really were.
J=$SSDB_TMPDIR/mix.json
ssdb_cli mix run summary "$Z" --size 64M --count 1 --duration 0.5 --destroy-data "$Z" --mix \
  --mix-read 30 --json "$J"
ssdb_assert_rc 0 "run summary --mix --mix-read 30"
ssdb_assert_contains "$SSDB_OUT" "Read 30%/Write 70%"
ssdb_assert_json "$J" "d['summary']['mix_read_percent'] == 30" "the mix ratio recorded"
ssdb_assert_json "$J" "len([t for t in d['tests'] if t['rw'] == 'mix']) == 4" "four mixed tests"
ssdb_assert_json "$J" "all(t['read_percent'] == 30 for t in d['tests'] if t['rw'] == 'mix')" \
  "each mixed test reads 30 %"
ssdb_assert_json "$J" "all(abs(t['read_ios'] / t['ios'] - 0.30) <= 0.03 for t in d['tests'] if t['rw'] == 'mix')" \
  "30 % of each mixed test's requests were reads"
ssdb_cli mix-no-mix run summary "$Z" --size 64M --mix-read 30 --destroy-data "$Z"
ssdb_assert_rc 2 "--mix-read without --mix"
ssdb_assert_contains "$SSDB_ERR" "--mix-read applies to the mixed tests: add --mix"
ssdb_cli mix-range run summary "$Z" --size 64M --mix --mix-read 101 --destroy-data "$Z"
ssdb_assert_rc 2 "--mix-read 101"
ssdb_assert_contains "$SSDB_ERR" "--mix-read"
echo "PASS"
