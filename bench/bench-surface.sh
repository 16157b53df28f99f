#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The read surface (HD Tune-like) against fio's sequential read rate on the same zram device,
# with the same transfer size and queue depth, alternately in the same run.
#
# The surface reads --samples positions of --sample-size bytes spread over the device; its rate
# is the mean of the per-sample rates (what the chart's "mean" shows). fio reads the whole device
# sequentially with the same --bs and --iodepth for --duration seconds. Goal: surface/fio >= 0.95.
#
# Usage: bench-surface.sh [--rounds N] [--size SIZE] [--samples N] [--sample-size SIZE]
#                         [--bs SIZE] [--qd N] [--duration S]
# Needs root (zram), fio, python3 and a built ssdbench-cli (see bench-vs-fio.sh).
set -euo pipefail

HERE=$(dirname "$(readlink -f "$0")")
# shellcheck source-path=SCRIPTDIR source=../tests/lib/targets.sh
source "$HERE/../tests/lib/targets.sh"

rounds=3 size=2G samples=50 sample_size=64M bs=1M qd=1 duration=5
while (($#)); do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --samples) samples=$2; shift 2 ;;
    --sample-size) sample_size=$2; shift 2 ;;
    --bs) bs=$2; shift 2 ;;
    --qd) qd=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    *) sed -n '/^# Usage:/,/^# Needs/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done

ssdb_require_root
ssdb_require_cmd fio
ssdb_require_cmd python3
ssdb_find_cli
ssdb_tmpdir
ssdb_zram_create D "$size"
ssdb_fill_random "$D"

surface_rates=() fio_rates=()
for ((r = 1; r <= rounds; r++)); do
  "$SSDBENCH_CLI" run surface "$D" --samples "$samples" --sample-size "$sample_size" \
    --block "$bs" --qd "$qd" --access 0 --no-burst --json "$SSDB_TMPDIR/s$r.json" > /dev/null
  s=$(python3 -c 'import json,sys; t=[x for x in json.load(open(sys.argv[1]))["tests"] if x["kind"]=="surface"][0]; print(t["read_stats"]["mean"])' "$SSDB_TMPDIR/s$r.json")
  fio --name=seqread --filename="$D" --direct=1 --ioengine=libaio --rw=read --bs="$bs" \
    --iodepth="$qd" --runtime="$duration" --time_based --thread --output-format=json \
    > "$SSDB_TMPDIR/f$r.json"
  f=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["jobs"][0]["read"]["bw_bytes"])' "$SSDB_TMPDIR/f$r.json")
  surface_rates+=("$s") fio_rates+=("$f")
  python3 -c 'import sys; print("round %s: surface %.1f MB/s, fio %.1f MB/s" % (sys.argv[1], float(sys.argv[2]) / 1e6, float(sys.argv[3]) / 1e6))' "$r" "$s" "$f"
done

python3 - "${surface_rates[*]}" "${fio_rates[*]}" <<'PY'
import statistics, sys
s = [float(x) for x in sys.argv[1].split()]
f = [float(x) for x in sys.argv[2].split()]
ms, mf = statistics.median(s), statistics.median(f)
ratio = ms / mf
print(f"median: surface {ms/1e6:.1f} MB/s, fio {mf/1e6:.1f} MB/s, ratio {ratio:.3f} "
      f"({'meets' if ratio >= 0.95 else 'misses'} the 0.95 goal)")
PY
