#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SSD Bench's I/O engine against fio on the same targets, the same jobs, in the same run.
#
# For each target (a zram device, a test file in a directory on this machine's disk) and each
# test of the default summary (SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1) and two
# multi-thread jobs (RND4K Q32T16, RND4K Q1T8; fio --numjobs with --group_reporting), read and
# write, `ssdbench-cli run job` and fio run the same job alternately (engine first in odd
# rounds, fio first in even ones). Jobs of queue depth 1 run on the engine's synchronous path,
# and fio with --ioengine=pvsync2; deeper queues on libaio for both. The table shows the
# medians over the rounds and the engine/fio ratios of MB/s, IOPS and CPU time per I/O:
#   engine: (cpu_ns.user + cpu_ns.system) / ios        from the JSON result
#   fio:    (usr_cpu + sys_cpu) % x runtime / total_ios from fio's JSON output
#
# Goals: RND4K Q32T1 read on zram >= 1.00 x fio's IOPS, every other rate >= 0.98 x fio's, CPU
# per I/O <= fio's. A line that misses a goal is marked "<".
#
# Usage: bench-vs-fio.sh [OPTIONS]
#   --rounds N        rounds per job, the median is reported [5]
#   --duration S      seconds per job [3]
#   --size SIZE       region / test-file size, fio's units (1G = 1 GiB) [1G]
#   --targets LIST    comma-separated: zram, file [zram,file]
#   --dir DIR         directory for the test files [/var/tmp]
#   --tests LIST      comma-separated test names, e.g. "RND4K Q32T1,SEQ1M Q8T1" [the six above;
#                     also "SEQ128K Q32T1"]
#   --rw LIST         read, write or read,write [read,write]
#   --json FILE       also write every measurement and the medians as JSON
#   --fio-plain       run fio without the engine's batching options (--iodepth_batch_*): the
#                     plain job line; by default fio runs the fio_command from the engine's JSON
#   --data D          write data: random or zero (fio: --zero_buffers) [random]
#   --fio-write-args "ARGS"
#                     extra fio options for the write jobs, e.g. "--refill_buffers": zram's
#                     compressor runs at a speed that depends on the bytes written, and fio's
#                     default buffers (scrambled per I/O) compress slower than other random data
#   --strict          exit 1 when a goal is missed
#   --quiet-check     refuse to measure or to report (exit 4) while the 1-minute load average
#                     is above 1: on 2 cores other work changes the ratios more than the
#                     differences being measured
# Needs root (zram), fio, python3 and a built ssdbench-cli: $SSDBENCH_CLI, or
# $SSDBENCH_BUILDDIR/src/cli/ssdbench-cli, or ./build/src/cli/ssdbench-cli.
set -euo pipefail

HERE=$(dirname "$(readlink -f "$0")")
# shellcheck source-path=SCRIPTDIR source=../tests/lib/targets.sh
source "$HERE/../tests/lib/targets.sh"

rounds=5
duration=3
size=1G
targets=zram,file
dir=/var/tmp
tests="SEQ1M Q8T1,SEQ1M Q1T1,RND4K Q32T1,RND4K Q1T1,RND4K Q32T16,RND4K Q1T8"
rws=read,write
json_out=""
strict=0
quiet_check=0
fio_plain=0
fio_write_args=""
data=random

usage ()
{
  sed -n '/^# Usage:/,/^# Needs/p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

while (($#)); do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --targets) targets=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --tests) tests=$2; shift 2 ;;
    --rw) rws=$2; shift 2 ;;
    --json) json_out=$2; shift 2 ;;
    --strict) strict=1; shift ;;
    --quiet-check) quiet_check=1; shift ;;
    --fio-plain) fio_plain=1; shift ;;
    --fio-write-args) fio_write_args=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    -h | --help) usage ;;
    *) echo "bench-vs-fio.sh: unknown option $1" >&2; usage ;;
  esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "--rounds: a whole number >= 1" >&2; exit 2; }
[[ $duration =~ ^[1-9][0-9]*$ ]] || { echo "--duration: whole seconds >= 1" >&2; exit 2; }

ssdb_require_cmd fio "$SSDB_PYTHON"
ssdb_find_cli

# load_above_one: the 1-minute load average, and whether it is above 1
load_above_one ()
{
  local load
  read -r load _ < /proc/loadavg
  echo "$load"
  "$SSDB_PYTHON" -c 'import sys; sys.exit(0 if float(sys.argv[1]) > 1 else 1)' "$load"
}
if ((quiet_check)) && load=$(load_above_one); then
  echo "bench-vs-fio.sh: the load average is $load, above 1: the machine is not quiet; not measuring (--quiet-check)" >&2
  exit 4
fi
printf 'load average at the start: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
size_bytes=$(numfmt --from=iec "${size%B}")

# test name -> "access bs qd threads"
declare -A spec=(
  ["SEQ1M Q8T1"]="seq 1M 8 1"
  ["SEQ1M Q1T1"]="seq 1M 1 1"
  ["RND4K Q32T1"]="rand 4K 32 1"
  ["RND4K Q1T1"]="rand 4K 1 1"
  ["SEQ128K Q32T1"]="seq 128K 32 1"
  ["RND4K Q32T16"]="rand 4K 32 16"
  ["RND4K Q1T8"]="rand 4K 1 8"
)
IFS=, read -r -a test_list <<< "$tests"
IFS=, read -r -a rw_list <<< "$rws"
IFS=, read -r -a target_list <<< "$targets"
for t in "${test_list[@]}"; do
  [[ -n ${spec[$t]:-} ]] || { echo "unknown test '$t'" >&2; exit 2; }
done

ssdb_tmpdir
RESULTS=$SSDB_TMPDIR/results.tsv
: > "$RESULTS"

# engine TARGET_KIND PATH TEST RW ROUND
run_engine ()
{
  local kind=$1 path=$2 test=$3 rw=$4 round=$5 access bs qd threads out perm=()
  read -r access bs qd threads <<< "${spec[$test]}"
  out=$SSDB_TMPDIR/engine.json
  [[ $kind == zram && $rw == write ]] && perm=(--destroy-data "$path" --data "$data")
  [[ $kind == file && $rw == write ]] && perm=(--data "$data")
  rm -f "$out"
  if ! "$SSDBENCH_CLI" run job "$path" --rw "$rw" --access "$access" --bs "$bs" --qd "$qd" \
    --threads "$threads" --size "$size" --duration "$duration" "${perm[@]}" --json "$out" \
    > /dev/null 2> "$SSDB_TMPDIR/engine.err"; then
    cat "$SSDB_TMPDIR/engine.err" >&2
    ssdb_fail "ssdbench-cli run job failed on $path ($test $rw)"
  fi
  "$SSDB_PYTHON" - "$out" "$kind" "$test" "$rw" "$round" "$SSDB_TMPDIR" >> "$RESULTS" << 'PY'
import json, sys
path, kind, test, rw, rnd, tmp = sys.argv[1:]
t = json.load(open(path))["tests"][0]
with open("%s/%s_%s_%s.fio" % (tmp, kind, test.replace(" ", "_"), rw), "w") as fh:
    fh.write(t["fio_command"])
if rnd == "0":
    sys.exit(0)
cpu = (t["cpu_ns"]["user"] + t["cpu_ns"]["system"]) / max(t["ios"], 1)
print("\t".join([kind, test, rw, rnd, "engine", repr(t["bytes_per_second"] / 1e6),
                 repr(t["iops"]), repr(cpu), repr(t["mean_inflight"])]))
PY
}

# fio TARGET_KIND PATH TEST RW ROUND: the fio command the engine printed for the same job (its
# JSON's fio_command), or with --fio-plain the plain job a reviewer would type.
run_fio ()
{
  local kind=$1 path=$2 test=$3 rw=$4 round=$5 access bs qd threads out file fiorw args=()
  read -r access bs qd threads <<< "${spec[$test]}"
  out=$SSDB_TMPDIR/fio.json
  if ((fio_plain)); then
    if [[ $access == rand ]]; then fiorw=rand$rw; else fiorw=$rw; fi
    if [[ $kind == file ]]; then file=$path/ssdbench-fio.tmp; else file=$path; fi
    args=(--name="${test// /_}_$rw" --filename="$file" --rw="$fiorw" --bs="$bs" --iodepth="$qd"
      --numjobs="$threads" --size=$((size_bytes / threads)) --offset_increment=$((size_bytes / threads))
      --direct=1 --ioengine="$([[ $qd == 1 ]] && echo pvsync2 || echo libaio)"
      --time_based --runtime="$duration" --thread --group_reporting)
    [[ $access == rand ]] && args+=(--norandommap --randrepeat=0)
    [[ $rw == write && $data == zero ]] && args+=(--zero_buffers)
  else
    local key=${kind}_${test// /_}_$rw
    [[ -s $SSDB_TMPDIR/$key.fio ]] || run_engine "$kind" "$path" "$test" "$rw" 0
    mapfile -t args < <("$SSDB_PYTHON" -c 'import shlex, sys; print("\n".join(shlex.split(open(sys.argv[1]).read())[1:]))' "$SSDB_TMPDIR/$key.fio")
    file=$(printf '%s\n' "${args[@]}" | sed -n 's/^--filename=//p')
  fi
  if [[ $rw == write && -n $fio_write_args ]]; then
    local extra
    read -r -a extra <<< "$fio_write_args"
    args+=("${extra[@]}")
  fi
  # a new file for every job, as the engine's test file is
  [[ $kind == file ]] && rm -f "$file"
  if ! fio "${args[@]}" --output-format=json > "$out" 2> "$SSDB_TMPDIR/fio.err"; then
    cat "$SSDB_TMPDIR/fio.err" >&2
    ssdb_fail "fio failed on $file ($test $rw): fio ${args[*]}"
  fi
  [[ $kind == file ]] && rm -f "$file"
  "$SSDB_PYTHON" - "$out" "$kind" "$test" "$rw" "$round" "$threads" >> "$RESULTS" << 'PY'
import json, sys
path, kind, test, rw, rnd, threads = sys.argv[1:]
text = open(path).read()
j = json.loads(text[text.index("{"):])["jobs"][0]
s = j[rw]
ios = max(s["total_ios"], 1)
# usr_cpu/sys_cpu: % of one CPU over the job's runtime, per job (x numjobs when grouped)
cpu = (j["usr_cpu"] + j["sys_cpu"]) / 100.0 * s["runtime"] * 1e6 * int(threads) / ios
lat = s.get("lat_ns", {}).get("mean", 0.0)
inflight = s["iops"] * lat / 1e9 / int(threads)
print("\t".join([kind, test, rw, rnd, "fio", repr(s["bw_bytes"] / 1e6), repr(s["iops"]),
                 repr(cpu), repr(inflight)]))
PY
}

for kind in "${target_list[@]}"; do
  case $kind in
    zram)
      ssdb_require_root
      ssdb_zram_create ZDEV "$size_bytes"
      ssdb_log "filling $ZDEV with random data"
      ssdb_fill_random "$ZDEV"
      path=$ZDEV
      ;;
    file)
      [[ -d $dir ]] || ssdb_fail "no directory $dir"
      path=$(mktemp -d "$dir/ssdbench-bench.XXXXXX")
      ssdb_cleanup_push rm -rf --one-file-system "$path"
      ;;
    *) ssdb_fail "unknown target kind $kind (zram, file)" ;;
  esac
  # all reads before any write: reads must see the random data the target was filled with
  for rw in "${rw_list[@]}"; do
    for ((round = 1; round <= rounds; round++)); do
      for test in "${test_list[@]}"; do
        ssdb_log "$kind round $round/$rounds: $test $rw"
        if ((round % 2)); then
          run_engine "$kind" "$path" "$test" "$rw" "$round"
          run_fio "$kind" "$path" "$test" "$rw" "$round"
        else
          run_fio "$kind" "$path" "$test" "$rw" "$round"
          run_engine "$kind" "$path" "$test" "$rw" "$round"
        fi
      done
    done
  done
  if [[ $kind == zram ]]; then
    ssdb__zram_remove "${ZDEV#/dev/zram}"
  fi
done

rc=0
"$SSDB_PYTHON" - "$RESULTS" "$json_out" "$rounds" "$duration" "$size" "$SSDBENCH_CLI" "$data" "$quiet_check" << 'PY' || rc=$?
import json, os, statistics, sys
from collections import OrderedDict

path, json_out, rounds, duration, size, cli, data, quiet_check = sys.argv[1:]
if quiet_check == "1" and os.getloadavg()[0] > 1:
    print("bench-vs-fio.sh: the load average rose to %.2f, above 1, during the run: not reporting "
          "(--quiet-check)" % os.getloadavg()[0], file=sys.stderr)
    sys.exit(4)
rows = [l.rstrip("\n").split("\t") for l in open(path) if l.strip()]
groups = OrderedDict()
for kind, test, rw, rnd, tool, mbps, iops, cpu, inflight in rows:
    g = groups.setdefault((kind, test, rw), {"engine": [], "fio": []})
    g[tool].append({"round": int(rnd), "mbps": float(mbps), "iops": float(iops),
                    "cpu_ns_per_io": float(cpu), "mean_inflight": float(inflight)})

def med(xs, k):
    return statistics.median(x[k] for x in xs)

print()
print("SSD Bench engine vs fio: median of %s rounds, %s s per job, size %s, write data %s" % (rounds, duration, size, data))
print("target goals: RND4K Q32T1 read on zram IOPS >= 1.00 x fio, others >= 0.98, CPU/IO <= fio")
print("load average at the end: %.2f %.2f %.2f on %d CPUs" % (os.getloadavg() + (os.cpu_count(),)))
print("CPU/IO: CPU time per I/O in ns (user + system); ratio < 1 means the engine used less")
print("QD 1 jobs run synchronously (fio: --ioengine=pvsync2), deeper queues on libaio; more than")
print("one thread: fio --numjobs with --group_reporting")
print()
hdr = "%-5s %-12s %-5s | %9s %9s %6s | %10s %10s %6s | %8s %8s %6s" % (
    "tgt", "test", "rw", "eng MB/s", "fio MB/s", "ratio", "eng IOPS", "fio IOPS", "ratio",
    "eng ns", "fio ns", "ratio")
print(hdr)
print("-" * len(hdr))
summary = []
missed = 0
for (kind, test, rw), g in groups.items():
    e, f = g["engine"], g["fio"]
    em, fm = med(e, "mbps"), med(f, "mbps")
    ei, fi = med(e, "iops"), med(f, "iops")
    ec, fc = med(e, "cpu_ns_per_io"), med(f, "cpu_ns_per_io")
    r_mb = em / fm if fm else float("nan")
    r_io = ei / fi if fi else float("nan")
    r_cpu = ec / fc if fc else float("nan")
    goal = 1.00 if (kind == "zram" and test == "RND4K Q32T1" and rw == "read") else 0.98
    miss_rate = r_io < goal or r_mb < goal
    miss_cpu = r_cpu > 1.0
    missed += miss_rate or miss_cpu
    print("%-5s %-12s %-5s | %9.1f %9.1f %5.3f%s | %10.0f %10.0f %5.3f%s | %8.0f %8.0f %5.2f%s" % (
        kind, test, rw, em, fm, r_mb, "<" if r_mb < goal else " ", ei, fi, r_io,
        "<" if r_io < goal else " ", ec, fc, r_cpu, "<" if miss_cpu else " "))
    summary.append({"target": kind, "test": test, "rw": rw, "goal": goal,
                    "engine": {"mbps": em, "iops": ei, "cpu_ns_per_io": ec,
                               "mean_inflight": med(e, "mean_inflight")},
                    "fio": {"mbps": fm, "iops": fi, "cpu_ns_per_io": fc,
                            "mean_inflight": med(f, "mean_inflight")},
                    "ratio": {"mbps": r_mb, "iops": r_io, "cpu_ns_per_io": r_cpu},
                    "runs": g})
print()
print("%d of %d lines miss a goal (marked <)" % (missed, len(summary)))
if json_out:
    with open(json_out, "w") as fh:
        json.dump({"rounds": int(rounds), "duration_s": int(duration), "size": size, "data": data,
                   "loadavg": os.getloadavg(),
                   "cli": cli, "results": summary}, fh, indent=2)
        fh.write("\n")
sys.exit(3 if missed else 0)
PY
# 4: --quiet-check refused to report
if ((rc == 3)); then
  ((strict)) && exit 1
  exit 0
fi
exit "$rc"
