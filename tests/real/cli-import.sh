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
# shellcheck disable=SC1111 # “ and ” are the messages' own quotes
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

# import_and_check NAME FIO SPEC...: import FIO into report-NAME.json, check it and its source.
import_and_check ()
{
  local name=$1 fio_json=$2
  shift 2
  ssdb_cli "$name" import "$fio_json" --json "$D/report-$name.json"
  ssdb_assert_rc 0 "import $(basename "$fio_json")"
  check_import "$fio_json" "$D/report-$name.json" "$SSDB_OUT" "$@" ||
    ssdb_fail "the report of $(basename "$fio_json") does not hold fio's numbers"
  ssdb_assert_json "$D/report-$name.json" "d['summary']['imported']['tool'] == 'fio' and d['summary']['imported']['file'] == '$(basename "$fio_json")'" \
    "imported.tool and .file"
  ssdb_assert_json "$D/report-$name.json" "d['summary']['imported']['version'] == $(ssdb_json "$fio_json" "repr(d['fio version'])") and d['summary']['imported']['date'] == $(ssdb_json "$fio_json" "repr(d['time'])")" \
    "imported.version and .date: fio's"
  ssdb_assert_json "$D/report-$name.json" "d['created_unix'] == $(ssdb_json "$fio_json" "d['timestamp']") and d['target']['path'] == '$Z'" \
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

# -- (b) numjobs=4: four job entries of one name (added up into one test, no p99), and one entry
# with group_reporting
for g in sep grouped; do
  {
    printf '[global]\nfilename=%s\nioengine=libaio\ndirect=1\ntime_based=1\nruntime=2\n' "$Z"
    printf 'size=128M\n'
    [[ $g == grouped ]] && printf 'group_reporting=1\n'
    printf '[rnd-4jobs]\nrw=randread\nbs=4k\niodepth=1\nnumjobs=4\n'
  } > "$D/b-$g.fio"
  fio "$D/b-$g.fio" --output-format=json --output="$D/b-$g.json" > "$D/b-$g.fio.out" 2>&1 ||
    ssdb_fail "fio failed: $(cat "$D/b-$g.fio.out")"
done
ssdb_assert_eq "$(ssdb_json "$D/b-sep.json" 'len(d["jobs"])')" 4 "job entries without group_reporting"
ssdb_assert_eq "$(ssdb_json "$D/b-grouped.json" 'len(d["jobs"])')" 1 "job entries with group_reporting"
import_and_check b-sep "$D/b-sep.json" "RND4K Q1T4|read|4"
ssdb_assert_contains "$SSDB_OUT" "RND   4 KiB (Q=  1, T= 4)"
import_and_check b-grouped "$D/b-grouped.json" "RND4K Q1T4|read|1"

# -- (c) client/server: fio --server on localhost, the jobs sent by fio --client
PORT=$("$SSDB_PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
fio --server="localhost,$PORT" > "$D/server.log" 2>&1 &
SERVER=$!
ssdb_track_pid "$SERVER"
server_up ()
{
  kill -0 "$SERVER" 2> /dev/null &&
    "$SSDB_PYTHON" -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
      "$PORT" 2> /dev/null
}
if ssdb_retry 50 server_up; then
  cat > "$D/c.fio" << EOF
[global]
filename=$Z
ioengine=libaio
direct=1
time_based=1
runtime=1
size=128M
[cs-rnd-read]
rw=randread
bs=4k
iodepth=4
[cs-2jobs]
stonewall
rw=randread
bs=4k
iodepth=1
numjobs=2
EOF
  fio --client="localhost,$PORT" "$D/c.fio" --output-format=json --output="$D/c.json" \
    > "$D/c.fio.out" 2>&1 || ssdb_fail "fio --client failed: $(cat "$D/c.fio.out")"
  # The server reaps the process it forked for the connection; then it is stopped.
  ssdb_retry 50 sh -c "! pgrep -P $SERVER > /dev/null" || true
  kill "$SERVER" 2> /dev/null || true
  wait "$SERVER" 2> /dev/null || true
  ssdb_assert_json "$D/c.json" '"client_stats" in d and "jobs" not in d' "a client/server output"
  ssdb_log "fio's client_stats: $(ssdb_json "$D/c.json" '[j["jobname"] for j in d["client_stats"]]')"
  import_and_check c "$D/c.json" "RND4K Q4T1|read|1" "RND4K Q1T2|read|2"
  host=$(ssdb_json "$D/c.json" 'd["client_stats"][0]["hostname"]')
  ssdb_assert_json "$D/c.json" "all(j['hostname'] == '$host' for j in d['client_stats'])" "one host"
  ssdb_assert_json "$D/report-c.json" "d['summary']['imported']['system'] == '$host' and d['host'] == '$host'" \
    "imported.system and host: the server's host name"
  ssdb_assert_contains "$SSDB_OUT" "System: $host"
else
  ssdb_log "SKIP part (c): fio --server on localhost:$PORT did not start: $(head -c 300 "$D/server.log")"
fi

# -- (d) total-latency percentiles (--lat_percentiles=1: the p99 is lat_ns's), and a write job
# of bs=R,W (its transfer size is the second)
cat > "$D/d.fio" << EOF
[global]
filename=$Z
ioengine=libaio
direct=1
time_based=1
runtime=1
size=128M
[lat-pct]
rw=randread
bs=4k
iodepth=4
lat_percentiles=1
[write-bs-pair]
stonewall
rw=randwrite
bs=4k,64k
iodepth=2
EOF
fio "$D/d.fio" --output-format=json --output="$D/d.json" > "$D/d.fio.out" 2>&1 ||
  ssdb_fail "fio failed: $(cat "$D/d.fio.out")"
ssdb_assert_json "$D/d.json" '"percentile" in d["jobs"][0]["read"]["lat_ns"]' \
  "fio printed total-latency percentiles"
import_and_check d "$D/d.json" "RND4K Q4T1|read|1" "RND64K Q2T1|write|1"
ssdb_assert_json "$D/d.json" 'all(j["error"] == 0 for j in d["jobs"])' "fio ran every job"

# -- export and compare take the fio file itself
ssdb_cli export-png export "$D/a.json" --png "$D/a.png"
ssdb_assert_rc 0 "export of fio's JSON output"
is_png "$D/a.png"
ssdb_cli export-text export "$D/a.json" --text -
ssdb_assert_rc 0 "export --text of fio's JSON output"
ssdb_cli a-again import "$D/a.json"
ssdb_assert_rc 0 "import without --json"
cmp -s "$SSDB_OUT" "$D/export-text.out" ||
  ssdb_fail "export --text of the fio file differs from what import printed"
ssdb_cli compare compare "$D/a.json" "$FIXTURES/cdm8-default.txt" --png "$D/compare.png"
ssdb_assert_rc 0 "compare of fio's JSON output with a CrystalDiskMark 8 text"
is_png "$D/compare.png"

# -- --output-dir: a report per file, named after it, the same bytes as --json wrote
mkdir "$D/out"
ssdb_cli outdir import "$D/a.json" "$D/b-sep.json" "$FIXTURES/cdm8-default.txt" \
  --output-dir "$D/out" --quiet
ssdb_assert_rc 0 "import --output-dir"
[[ ! -s $SSDB_OUT ]] || ssdb_fail "import --quiet printed: $(head -c 300 "$SSDB_OUT")"
cmp "$D/out/a.ssdbench.json" "$D/report-a.json" || ssdb_fail "a.ssdbench.json differs"
cmp "$D/out/b-sep.ssdbench.json" "$D/report-b-sep.json" || ssdb_fail "b-sep.ssdbench.json differs"
ssdb_assert_json "$D/out/cdm8-default.ssdbench.json" \
  "d['summary']['imported']['tool'] == 'CrystalDiskMark' and len(d['tests']) == 12" \
  "the CrystalDiskMark text's report"

# -- an SSD Bench report is not imported again
ssdb_cli summary run summary "$Z" --read-only --size 16M --count 1 --duration 0.2 \
  --json "$D/summary.json"
ssdb_assert_rc 0 "run summary --read-only"
ssdb_cli reimport import "$D/summary.json" --json "$D/reimport.json"
ssdb_assert_rc 1 "import of an SSD Bench report"
ssdb_assert_contains "$SSDB_ERR" \
  "ssdbench-cli: $D/summary.json: already an SSD Bench report; nothing to import"
[[ ! -e $D/reimport.json ]] || ssdb_fail "import of a report wrote $D/reimport.json"

# -- bad files: refused with the file and the reason, no report written, no crash
# refused NAME FILE TEXT...: import FILE fails (exit status 1) saying every TEXT.
refused ()
{
  local name=$1 file=$2
  shift 2
  ssdb_cli "$name" import "$file" --json "$D/$name-refused.json"
  ((SSDB_RC > 0 && SSDB_RC < 128)) || {
    ssdb_show_output
    ssdb_fail "import of $name: exit status $SSDB_RC, expected a refusal (1..127)"
  }
  ssdb_assert_rc 1 "import of $name"
  ssdb_assert_contains "$SSDB_ERR" "$@"
  [[ ! -e $D/$name-refused.json ]] || ssdb_fail "a refused import ($name) wrote a report"
  [[ ! -s $SSDB_OUT ]] || ssdb_fail "a refused import ($name) printed: $(head -c 300 "$SSDB_OUT")"
  ! grep -q $'\r' "$SSDB_ERR" || ssdb_fail "the message about $name holds a carriage return"
}
# refused_line NAME FILE LINE REASON: as refused, the message naming FILE and LINE
# ("cdm.txt:12: …").
refused_line ()
{
  local name=$1 file=$2 line=$3 reason=$4
  refused "$name" "$file" "$reason"
  grep -qF -e "ssdbench-cli: $file:$line: $reason" "$SSDB_ERR" || {
    ssdb_show_output
    ssdb_fail "the message about $name does not name $file, line $line and '$reason'"
  }
}

size=$(stat -c %s "$D/a.json")
head -c $((size / 2)) "$D/a.json" > "$D/truncated.json"
refused truncated "$D/truncated.json" "ssdbench-cli: $D/truncated.json:" ": malformed fio JSON: "

# a real trim run (zram takes discards)
printf '[global]\nfilename=%s\nioengine=libaio\ndirect=1\nsize=16M\n[trim]\nrw=trim\nbs=1M\n' \
  "$Z" > "$D/trim.fio"
fio "$D/trim.fio" --output-format=json --output="$D/trim.json" > "$D/trim.fio.out" 2>&1 ||
  ssdb_fail "fio failed: $(cat "$D/trim.fio.out")"
refused trim "$D/trim.json" \
  "ssdbench-cli: $D/trim.json: jobs[0] (“trim”): rw=trim is not a read, write or mixed job"

# CrystalDiskMark 8 (LF): line 9 is the first result, its rate "fast"
sed '9s|MB/s|fast|' "$FIXTURES/cdm8-default.txt" > "$D/cdm8-broken.txt"
refused_line cdm8-broken "$D/cdm8-broken.txt" 9 \
  "not a result line of CrystalDiskMark 6-8 or KDiskMark: “SEQ    1MiB (Q=  8, T= 1):  3512.345 fast [   3349.6 IOPS] <  2385.77 us>”"
# CrystalDiskMark 6 (CRLF): line 12, no section headers there
sed '12s|MB/s|fast|' "$FIXTURES/cdm6.txt" > "$D/cdm6-broken.txt"
refused_line cdm6-broken "$D/cdm6-broken.txt" 12 \
  "not a result line of CrystalDiskMark 6-8 or KDiskMark: “Random Read 4KiB (Q= 32,T= 1) :   287.123 fast [  70098.4 IOPS]”"

: > "$D/empty.txt"
refused empty "$D/empty.txt" "ssdbench-cli: $D/empty.txt: empty file; it is not a report"
cp "$D/a.png" "$D/binary.json"
refused binary "$D/binary.json" \
  "ssdbench-cli: $D/binary.json:1:1: not UTF-8 text; a report is UTF-8 JSON text"
# fio's output without its "fio version": neither a report nor fio's
"$SSDB_PYTHON" -c 'import json, sys
d = json.load(open(sys.argv[1]))
del d["fio version"]
json.dump(d, open(sys.argv[2], "w"), indent=2)' "$D/a.json" "$D/neither.json"
refused neither "$D/neither.json" \
  "ssdbench-cli: $D/neither.json: not an SSD Bench report (no “format”: “ssdbench-report” member)"

# A good file and a bad one: the good one is imported, the run fails
ssdb_cli mixed import "$D/b-grouped.json" "$D/truncated.json" --output-dir "$D/out" --quiet
ssdb_assert_rc 1 "import of a good and a bad file"
ssdb_assert_contains "$SSDB_ERR" "$D/truncated.json:" ": malformed fio JSON: "
[[ -s $D/out/b-grouped.ssdbench.json && ! -e $D/out/truncated.ssdbench.json ]] ||
  ssdb_fail "--output-dir: the good file's report is missing, or the bad file's was written"
# Two files of one name from two folders: the second report would replace the first; refused
mkdir -p "$D/one" "$D/two" "$D/out2"
cp "$FIXTURES/cdm8-default.txt" "$D/one/run.txt"
cp "$FIXTURES/kdiskmark.txt" "$D/two/run.txt"
ssdb_cli clash import "$D/one/run.txt" "$D/two/run.txt" --output-dir "$D/out2" --quiet
ssdb_assert_rc 1 "import of two files of one name into one folder"
ssdb_assert_contains "$SSDB_ERR" \
  "$D/two/run.txt: its report would replace the one just written to $D/out2/run.ssdbench.json"
grep -q '"tool" : "CrystalDiskMark"' "$D/out2/run.ssdbench.json" ||
  ssdb_fail "--output-dir: the first file's report was replaced"
ssdb_log "ok"
echo "PASS"
