#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A surface of many short samples against the time of its I/O alone, on the same zram device, in
# the same run: what each sample costs beyond its I/O.
#
# The surface reads --samples positions of --sample-size bytes (--bs transfers at --qd) with no
# access-time dots and no burst. Its I/O alone is fio reading the same number of bytes with the
# same --bs and --iodepth sequentially (--io_size), with the I/O engine the surface's jobs use
# (pvsync2 at QD 1, libaio above). Both are timed as whole commands, alternately (surface first
# in odd rounds), and the medians are compared:
#   wall ratio          surface wall time / fio wall time            goal <= 1.20
#   overhead per sample (surface wall time - sum of the samples' windows) / samples, from the
#                       report: everything that is not a sample's own I/O (process start,
#                       opening, the report), spread over the samples     goal < 0.5 ms
#
# Usage: bench-surface-jobs.sh [--rounds N] [--size SIZE] [--samples N] [--sample-size SIZE]
#                              [--bs SIZE] [--qd N] [--json FILE]
# Needs root (zram), fio, python3 and a built ssdbench-cli (see bench-vs-fio.sh).
set -euo pipefail

HERE=$(dirname "$(readlink -f "$0")")
# shellcheck source-path=SCRIPTDIR source=../tests/lib/targets.sh
source "$HERE/../tests/lib/targets.sh"

rounds=3 size=2G samples=5000 sample_size=2M bs=1M qd=1 json_out=""
while (($#)); do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --samples) samples=$2; shift 2 ;;
    --sample-size) sample_size=$2; shift 2 ;;
    --bs) bs=$2; shift 2 ;;
    --qd) qd=$2; shift 2 ;;
    --json) json_out=$2; shift 2 ;;
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

now_ns () { date +%s%N; }

total=$(python3 -c 'import sys
def b(s):
    u = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(s[:-1]) * u[s[-1].upper()] if s[-1].upper() in u else int(s)
print(int(sys.argv[1]) * b(sys.argv[2]))' "$samples" "$sample_size")

run_surface ()
{
  local t0 t1
  t0=$(now_ns)
  "$SSDBENCH_CLI" run surface "$D" --samples "$samples" --sample-size "$sample_size" \
    --block "$bs" --qd "$qd" --access 0 --no-burst --json "$SSDB_TMPDIR/s$1.json" > /dev/null
  t1=$(now_ns)
  echo $((t1 - t0)) > "$SSDB_TMPDIR/s$1.wall"
}

run_fio ()
{
  local t0 t1
  t0=$(now_ns)
  fio --name=seqread --filename="$D" --direct=1 --ioengine="$([[ $qd == 1 ]] && echo pvsync2 || echo libaio)" --rw=read --bs="$bs" \
    --iodepth="$qd" --io_size="$total" --thread --output-format=json > "$SSDB_TMPDIR/f$1.json"
  t1=$(now_ns)
  echo $((t1 - t0)) > "$SSDB_TMPDIR/f$1.wall"
}

for ((r = 1; r <= rounds; r++)); do
  if ((r % 2)); then run_surface "$r"; run_fio "$r"; else run_fio "$r"; run_surface "$r"; fi
  python3 -c 'import sys; print("round %s: surface %.2f s, fio %.2f s" % (sys.argv[1], int(open(sys.argv[2]).read()) / 1e9, int(open(sys.argv[3]).read()) / 1e9))' \
    "$r" "$SSDB_TMPDIR/s$r.wall" "$SSDB_TMPDIR/f$r.wall"
done

python3 - "$SSDB_TMPDIR" "$rounds" "$samples" "$json_out" <<'PY'
import json, os, statistics, sys
d, rounds, samples, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rows = []
for r in range(1, rounds + 1):
    sw = int(open(f"{d}/s{r}.wall").read())
    fw = int(open(f"{d}/f{r}.wall").read())
    t = [x for x in json.load(open(f"{d}/s{r}.json"))["tests"] if x["kind"] == "surface"][0]
    io = sum(s["window_ns"] for s in t["read"])
    rows.append({"surface_ns": sw, "fio_ns": fw, "sample_windows_ns": io,
                 "ratio": sw / fw, "overhead_ms_per_sample": (sw - io) / samples / 1e6})
ratio = statistics.median(r["ratio"] for r in rows)
over = statistics.median(r["overhead_ms_per_sample"] for r in rows)
load = os.getloadavg()[0]
print(f"median: surface/fio wall time {ratio:.3f} ({'meets' if ratio <= 1.2 else 'misses'} the 1.20 goal), "
      f"overhead {over:.3f} ms per sample ({'meets' if over < 0.5 else 'misses'} the 0.5 ms goal); "
      f"load average {load:.2f}")
if out:
    json.dump({"rounds": rows, "ratio": ratio, "overhead_ms_per_sample": over, "load": load},
              open(out, "w"), indent=2)
PY
