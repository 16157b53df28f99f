#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `ssdbench-cli import` on fio's own JSON output of runs on a zram device made here: a file of
# four stonewalled jobs (SEQ1M Q8T1 read, RND4K Q32T1 read, RND4K Q1T1 write, a 70 % read
# RND4K Q8T1 mix), numjobs=4 with and without group_reporting, a client/server run (fio
# --server on localhost; this part is left out, said so, when the server does not start) and a
# job with total-latency percentiles. For every job the report's name, direction, shape, rate,
# IOPS and quoted latency are fio's numbers (the rate and IOPS of both directions added up, the
# mean weighted by each direction's N, the largest max, the p99 of lat_ns or else clat_ns, none
# for a mix or for jobs added up), and the printed text shows them. export and compare take
# the fio file itself; an SSD Bench report is not imported again. Bad files (a truncated fio
# JSON, a real rw=trim run, a CrystalDiskMark line broken in an LF and in a CRLF file, an empty
# file, a binary file, a JSON of neither kind) are refused with the file and the reason, and
# nothing crashes. Needs root and fio (exit 77 otherwise).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/targets.sh
source "$(dirname "$(readlink -f "$0")")/../lib/targets.sh"
ssdb_require_root
ssdb_require_cmd fio
ssdb_find_cli
ssdb_tmpdir

if [[ -n ${SSDBENCH_SANITIZE:-} && ${SSDBENCH_SANITIZE} != none ]]; then
  printf 'leak:libfontconfig.so\n' > "$SSDB_TMPDIR/lsan.supp"
  export LSAN_OPTIONS="suppressions=$SSDB_TMPDIR/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
fi

D=$SSDB_TMPDIR
FIXTURES=$(dirname "$(readlink -f "$0")")/../fixtures/import
is_png ()
{
  [[ $(head -c 8 "$1" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || ssdb_fail "$1 is not a PNG"
}

# check_import FIO REPORT TEXT SPEC...: the report made of fio's output FIO (and the text the
# import printed) against fio's own numbers. Each SPEC is "NAME|RW|N": the report's next test,
# made of fio's next N job entries (N > 1: numjobs without group_reporting, added up).
check_import ()
{
  "$SSDB_PYTHON" - "$@" << 'EOF'
import json, os, sys

fio_path, rep_path, text_path = sys.argv[1:4]
specs = [s.split("|") for s in sys.argv[4:]]
fio = json.load(open(fio_path))
rep = json.load(open(rep_path))
text = open(text_path, encoding="utf-8").read()
listed = fio["client_stats"] if "client_stats" in fio else fio["jobs"]
jobs = [j for j in listed if j["jobname"] != "All clients"]
tests = rep["tests"]
errors = []


def close(a, b):
    return a == b or abs(a - b) <= 1e-9 * max(abs(a), abs(b))


def check(what, got, want, exact=False):
    if not (got == want if exact else close(got, want)):
        errors.append("%s: %r, expected %r" % (what, got, want))


if len(jobs) != sum(int(s[2]) for s in specs):
    errors.append("%d job entries in %s, the specs name %d" % (len(jobs), fio_path,
                                                              sum(int(s[2]) for s in specs)))
if len(tests) != len(specs):
    errors.append("%d tests in the report, expected %d" % (len(tests), len(specs)))
directions = {"read": ["read"], "randread": ["read"], "write": ["write"],
              "randwrite": ["write"], "rw": ["read", "write"], "randrw": ["read", "write"]}
i = 0
for t, (name, rw, n) in zip(tests, specs):
    group = jobs[i:i + int(n)]
    i += int(n)
    where = "%s %s" % (name, rw)
    if len({j["jobname"] for j in group}) != 1:
        errors.append("%s: made of jobs %r, not of one name" % (where, [j["jobname"] for j in group]))
    opts = dict(fio.get("global options", {}))
    opts.update(group[0]["job options"])
    dirs = directions[opts["rw"]]
    want_rw = "mix" if len(dirs) == 2 else dirs[0]
    check(where + ": name", t["name"], name, True)
    check(where + ": rw", t["rw"], rw, True)
    check(where + ": rw from fio's rw=" + opts["rw"], t["rw"], want_rw, True)
    check(where + ": state", t["state"], "done", True)
    check(where + ": access", t["access"],
          "random" if opts["rw"].startswith("rand") else "sequential", True)
    check(where + ": threads", t["threads"], int(opts.get("numjobs", "1")), True)
    check(where + ": queue_depth", t["queue_depth"], int(opts.get("iodepth", "1")), True)
    check(where + ": read_percent", t["read_percent"],
          int(opts.get("rwmixread", "50")) if want_rw == "mix" else
          (100 if want_rw == "read" else 0), True)
    bps = 0.0
    iops = 0.0
    lat_sum = 0.0
    lat_n = 0
    lat_max = 0
    for j in group:
        bps += j["read"]["bw_bytes"] + j["write"]["bw_bytes"]
        iops += j["read"]["iops"] + j["write"]["iops"]
        for d in ("read", "write"):
            lat_sum += j[d]["lat_ns"]["mean"] * j[d]["lat_ns"]["N"]
            lat_n += j[d]["lat_ns"]["N"]
            lat_max = max(lat_max, j[d]["lat_ns"]["max"])
    mean = lat_sum / lat_n
    if want_rw == "mix" or len(group) > 1:
        p99 = 0
    else:
        d = group[0][want_rw]
        p99 = (d["lat_ns"] if "percentile" in d["lat_ns"] else d["clat_ns"])["percentile"]["99.000000"]
    q = t.get("quoted_latency_ns", {})
    check(where + ": bytes_per_second", t["bytes_per_second"], bps)
    check(where + ": iops", t["iops"], iops)
    check(where + ": quoted mean latency", q.get("mean"), mean)
    check(where + ": quoted max latency", q.get("max"), lat_max, True)
    check(where + ": quoted p99 latency", q.get("p99"), p99, True)
    for shown in ("%.3f MB/s" % (bps / 1e6), "%.1f IOPS" % iops, "%.2f us>" % (mean / 1e3)):
        if shown not in text:
            errors.append("%s: the printed text does not show %r" % (where, shown))
    print("# %s: %-24s %-5s jobs %s  bytes/s %.17g (report %.17g%s)  IOPS %.10g  mean %.10g ns"
          "  max %d ns  p99 %d ns" % (os.path.basename(fio_path), name, rw, n, bps,
                                      t["bytes_per_second"],
                                      ", exact" if t["bytes_per_second"] == bps else "",
                                      iops, mean, lat_max, p99), file=sys.stderr)
if errors:
    print("\n".join("FAIL: " + e for e in errors), file=sys.stderr)
    sys.exit(1)
EOF
}

# import_and_check NAME FIO SPEC...: import FIO into NAME.json, check it and its source.
import_and_check ()
{
  local name=$1 fio_json=$2
  shift 2
  ssdb_cli "$name" import "$fio_json" --json "$D/$name.json"
  ssdb_assert_rc 0 "import $(basename "$fio_json")"
  check_import "$fio_json" "$D/$name.json" "$SSDB_OUT" "$@" ||
    ssdb_fail "the report of $(basename "$fio_json") does not hold fio's numbers"
  ssdb_assert_json "$D/$name.json" "d['summary']['imported']['tool'] == 'fio' and d['summary']['imported']['file'] == '$(basename "$fio_json")'" \
    "imported.tool and .file"
  ssdb_assert_json "$D/$name.json" "d['summary']['imported']['version'] == $(ssdb_json "$fio_json" "repr(d['fio version'])") and d['summary']['imported']['date'] == $(ssdb_json "$fio_json" "repr(d['time'])")" \
    "imported.version and .date: fio's"
  ssdb_assert_json "$D/$name.json" "d['created_unix'] == $(ssdb_json "$fio_json" "d['timestamp']") and d['target']['path'] == '$Z'" \
    "created_unix: fio's timestamp; target.path: the job's filename"
  ssdb_assert_contains "$SSDB_OUT" "from a fio-3" "Target: $Z (as the file names it)"
}

ssdb_zram_create Z 256M
ssdb_fill_random "$Z" $((128 * 1048576))
cd "$D"

# -- (a) four stonewalled jobs of 2 s each
cat > "$D/a.fio" << EOF
[global]
filename=$Z
ioengine=libaio
direct=1
time_based=1
runtime=2
size=128M
[seq-read]
rw=read
bs=1M
iodepth=8
[rnd-read]
stonewall
rw=randread
bs=4k
iodepth=32
[rnd-write]
stonewall
rw=randwrite
bs=4k
iodepth=1
[rnd-mix]
stonewall
rw=randrw
rwmixread=70
bs=4k
iodepth=8
EOF
fio "$D/a.fio" --output-format=json --output="$D/a.json" > "$D/a.fio.out" 2>&1 ||
  ssdb_fail "fio failed: $(cat "$D/a.fio.out")"
import_and_check a "$D/a.json" "SEQ1M Q8T1|read|1" "RND4K Q32T1|read|1" "RND4K Q1T1|write|1" \
  "RND4K Q8T1|mix|1"
ssdb_assert_json "$D/a.json" 'all(j["job options"]["rw"] != "randrw" or j["write"]["bw_bytes"] > 0 for j in d["jobs"])' \
  "fio's mix wrote (both directions were added up)"
ssdb_assert_json "$D/a.json" 'all(j["error"] == 0 for j in d["jobs"])' "fio ran every job"
ssdb_assert_json "$D/a.json" '"percentile" not in d["jobs"][0]["read"]["lat_ns"]' \
  "no total-latency percentiles by default (the p99 is clat_ns's)"
ssdb_assert_contains "$SSDB_OUT" "[Read]" "[Write]" "[Mix] Read 70%/Write 30%" \
  "SEQ   1 MiB (Q=  8, T= 1)" "RND   4 KiB (Q=  8, T= 1)"
