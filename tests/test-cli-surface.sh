#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `ssdbench-cli run surface` and `run fill` on real targets: a zram device, a loop device over a
# file in /dev/shm throttled by the cgroup v1 blkio controller, and ext4 on a mounted loop.
# Needs root (exit 77 otherwise); every target is created here and removed at exit.
set -euo pipefail
# Backing files and mount points in RAM, so the throttle is the only thing that limits the loop.
export SSDBENCH_TEST_TMPDIR=${SSDBENCH_TEST_TMPDIR:-/dev/shm}
# shellcheck source=lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/lib/targets.sh"
ssdb_require_root
ssdb_find_cli
ssdb_tmpdir

MiB=1048576

# ssdb_assert_usage NAME TEXT... -- ARGS: the CLI exits 2 and stderr names every TEXT.
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

# -- read surface on zram: N samples, the first at 0, the last ending at the device's end -----
ssdb_zram_create Z 64M
ssdb_fill_random "$Z"
ZBYTES=$(blockdev --getsize64 "$Z")
J=$SSDB_TMPDIR/surface.json
ssdb_cli surface run surface "$Z" --samples 12 --sample-size 2M --access 300 \
  --access-first 16M --json "$J"
ssdb_assert_rc 0 "run surface on zram"
ssdb_assert_contains "$SSDB_OUT" "Position (GB)" "Read (MB/s)" "Read:" "min" "max" "mean" \
  "Access time: mean" "Burst rate:" "CPU usage:"
ssdb_assert_json "$J" 'd["format"] == "ssdbench-report" and d["summary"] is None and len(d["tests"]) == 1' \
  "one test, no summary"
ssdb_assert_json "$J" 'd["tests"][0]["kind"] == "surface" and d["tests"][0]["write_mode"] == "none"' "kind"
ssdb_assert_json "$J" 'len(d["tests"][0]["read"]) == 12 and d["tests"][0]["write"] == []' "12 read samples"
ssdb_assert_json "$J" 'd["tests"][0]["read"][0]["offset_bytes"] == 0' "first sample at 0"
ssdb_assert_json "$J" "d['tests'][0]['read'][-1]['offset_bytes'] + d['tests'][0]['read'][-1]['bytes'] == $ZBYTES" \
  "last sample ends at the device size"
ssdb_assert_json "$J" 'all(s["bytes"] == 2097152 and s["bytes_per_second"] > 0 for s in d["tests"][0]["read"])' \
  "every sample complete"
ssdb_assert_json "$J" 'all(a["offset_bytes"] < b["offset_bytes"] for a, b in zip(d["tests"][0]["read"], d["tests"][0]["read"][1:]))' \
  "offsets increase"
ssdb_assert_json "$J" 'len(d["tests"][0]["access"]) == 300 and all(a["latency_ns"] > 0 for a in d["tests"][0]["access"])' \
  "300 access samples"
ssdb_assert_json "$J" 'd["tests"][0]["access_first_count"] == sum(1 for a in d["tests"][0]["access"] if a["offset_bytes"] < 16 * 1048576)' \
  "access_first_count"
ssdb_assert_json "$J" 'abs(d["tests"][0]["access_mean_ns"] - sum(a["latency_ns"] for a in d["tests"][0]["access"]) / 300) < 1' \
  "access mean"
ssdb_assert_json "$J" 'd["tests"][0]["read_stats"]["min"] == min(s["bytes_per_second"] for s in d["tests"][0]["read"])' \
  "read min"
ssdb_assert_json "$J" 'd["tests"][0]["burst_bytes_per_second"] > 0 and d["tests"][0]["cpu_ns"] > 0' "burst, cpu"

# -- bad arguments: exit 2, naming the option and the value -----------------------------------
assert_usage samples-negative --samples -5 -- run surface "$Z" --samples -5
assert_usage samples-text --samples abc -- run surface "$Z" --samples abc
assert_usage samples-range --samples 1 -- run surface "$Z" --samples 1
assert_usage block-odd --block 1000 -- run surface "$Z" --block 1000
assert_usage sample-size --sample-size 3M+1 -- run surface "$Z" --sample-size 3M+1
assert_usage qd-zero --qd 0 -- run surface "$Z" --qd 0
assert_usage access-neg --access -1 -- run surface "$Z" --access -1
assert_usage span-format --span 10M -- run surface "$Z" --span 10M
assert_usage span-empty --span 10M: -- run surface "$Z" --span 10M:
assert_usage span-unit --span "x:1M" -- run surface "$Z" --span x:1M
assert_usage span-beyond --span "60M:8M" "beyond the end of $Z" -- run surface "$Z" --span 60M:8M
assert_usage write-mode --write maybe -- run surface "$Z" --write maybe
assert_usage write-destroy-no-perm "--write destroy" "--destroy-data" -- \
  run surface "$Z" --write destroy
assert_usage fill-no-perm "--destroy-data" "$Z" -- run fill "$Z"
assert_usage fill-passes --passes 9 -- run fill "$Z" --destroy-data "$Z" --passes 9
assert_usage fill-segment --segment 1000 -- run fill "$Z" --destroy-data "$Z" --segment 1000
assert_usage fill-span --span 0:100M "beyond the end of $Z" -- \
  run fill "$Z" --destroy-data "$Z" --span 0:100M
assert_usage fill-unknown "--bogus" -- run fill "$Z" --destroy-data "$Z" --bogus

# -- rewrite in place on zram: a write curve, and the data is unchanged -----------------------
BEFORE=$(ssdb_checksum "$Z")
J=$SSDB_TMPDIR/rewrite.json
ssdb_cli rewrite run surface "$Z" --samples 8 --sample-size 4M --access 0 --no-burst \
  --write rewrite --json "$J"
ssdb_assert_rc 0 "run surface --write rewrite"
ssdb_assert_contains "$SSDB_OUT" "Write (MB/s)" "Write:" "rewrite in place"
AFTER=$(ssdb_checksum "$Z")
ssdb_assert_eq "$AFTER" "$BEFORE" "sha256 of $Z after --write rewrite"
ssdb_assert_json "$J" 'd["tests"][0]["write_mode"] == "rewrite" and len(d["tests"][0]["write"]) == 8' \
  "8 write samples"
ssdb_assert_json "$J" 'all(s["bytes"] == 4194304 and s["bytes_per_second"] > 0 for s in d["tests"][0]["write"])' \
  "write samples complete"
ssdb_assert_json "$J" 'd["tests"][0]["access"] == [] and d["tests"][0]["burst_bytes_per_second"] == 0' \
  "no access dots, no burst"

# -- whole-drive fill on zram ---------------------------------------------------------------
ssdb_zram_create Z2 64M
J=$SSDB_TMPDIR/fill.json
P=$SSDB_TMPDIR/fill.png
ssdb_cli fill run fill "$Z2" --destroy-data "$Z2" --passes 2 --segment 1M --json "$J" --png "$P"
ssdb_assert_rc 0 "run fill on zram"
ssdb_assert_contains "$SSDB_OUT" "Write pass 1" "Write pass 2" "Read-back" "Phases of the first write pass" \
  "MB/s"
ssdb_assert_json "$J" 'd["tests"][0]["kind"] == "fill" and d["tests"][0]["passes_requested"] == 2' "kind"
ssdb_assert_json "$J" '[p["rw"] for p in d["tests"][0]["passes"]] == ["write", "write", "read"]' \
  "two write passes and a read-back"
ssdb_assert_json "$J" 'all(p["complete"] and p["bytes"] == 67108864 for p in d["tests"][0]["passes"])' \
  "every pass complete"
ssdb_assert_json "$J" 'all(len(p["segments"]) == 64 and p["segments"][-1]["position_bytes"] == 67108864 for p in d["tests"][0]["passes"])' \
  "64 segments of 1 MiB each"
ssdb_assert_json "$J" 'all(len(p["intervals"]) >= 1 for p in d["tests"][0]["passes"])' "intervals"
ssdb_assert_json "$J" '1 <= len(d["tests"][0]["analysis"]["phases"]) <= 8 and d["tests"][0]["analysis"]["phases"][0]["start_bytes"] == 0 and d["tests"][0]["analysis"]["phases"][-1]["end_bytes"] == 67108864' \
  "phases cover the span"
ssdb_assert_json "$J" 'len(d["tests"][0]["analysis"]["words"]) > 20 and "MB/s" in d["tests"][0]["analysis"]["words"]' \
  "analysis in words"
grep -qF "$(ssdb_json "$J" 'd["tests"][0]["analysis"]["words"]')" "$SSDB_OUT" ||
  ssdb_fail "the analysis sentence is not printed"
[[ $(head -c 8 "$P" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || ssdb_fail "$P is not a PNG"

J=$SSDB_TMPDIR/fill1.json
ssdb_cli fill1 run fill "$Z2" --destroy-data "$Z2" --passes 1 --no-read-back --json "$J"
ssdb_assert_rc 0 "run fill --passes 1 --no-read-back"
ssdb_assert_json "$J" '[p["rw"] for p in d["tests"][0]["passes"]] == ["write"] and not d["tests"][0]["read_back"]' \
  "one write pass"

# -- mounted loop: --write rewrite is refused, naming the mount point ---------------------------
ssdb_ext4_create EDEV EMNT 64M
ssdb_cli mounted run surface "$EDEV" --samples 4 --sample-size 1M --write rewrite
ssdb_assert_rc 1 "run surface --write rewrite on a mounted device"
ssdb_assert_contains "$SSDB_ERR" "$EMNT" "mounted"

# -- throttled loop: the surface reads and writes at the cgroup's rate ---------------------------
# The throttle hands out its budget in 100 ms slices and lets a new slice's budget through at
# once, so a sample must take seconds for its mean to settle within 10 %: 64 MiB samples.
[[ -e /sys/fs/cgroup/blkio/blkio.throttle.read_bps_device ]] ||
  { echo "PASS (cgroup v1 blkio not available: throttled part skipped)"; exit 0; }
ssdb_loop_create L 256M 512 random
READ_BPS=50000000
WRITE_BPS=30000000
ssdb_blkio_create G
ssdb_blkio_limit "$G" "$L" "$READ_BPS" "$WRITE_BPS" 0 0
J=$SSDB_TMPDIR/throttled.json
SSDB_RC=0
SSDB_OUT=$SSDB_TMPDIR/throttled.out
SSDB_ERR=$SSDB_TMPDIR/throttled.err
ssdb_log "ssdbench-cli run surface $L --write destroy (in $G)"
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' _ "$G" "$SSDBENCH_CLI" run surface "$L" \
  --samples 4 --sample-size 64M --access 20 --no-burst --write destroy --destroy-data "$L" \
  --json "$J" > "$SSDB_OUT" 2> "$SSDB_ERR" || SSDB_RC=$?
ssdb_assert_rc 0 "throttled run surface"
ssdb_json "$J" '"read %.1f MB/s, write %.1f MB/s" % (d["tests"][0]["read_stats"]["mean"] / 1e6, d["tests"][0]["write_stats"]["mean"] / 1e6)' |
  sed 's/^/# throttled: /' >&2
ssdb_assert_json "$J" "abs(d['tests'][0]['read_stats']['mean'] - $READ_BPS) <= 0.1 * $READ_BPS" \
  "read mean within 10 % of $READ_BPS B/s"
ssdb_assert_json "$J" "abs(d['tests'][0]['write_stats']['mean'] - $WRITE_BPS) <= 0.1 * $WRITE_BPS" \
  "write mean within 10 % of $WRITE_BPS B/s"
ssdb_assert_json "$J" 'len(d["tests"][0]["write"]) == 4 and d["tests"][0]["write_mode"] == "destroy"' \
  "4 write samples"
echo "PASS"
