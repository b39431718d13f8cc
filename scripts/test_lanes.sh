#!/bin/sh
# test_lanes.sh - run make test's suites in lanes side by side: each lane
# runs its suites one after the other, so two machines' cores are busy
# while most suites use one.  A suite's output goes to BUILD/test-logs/
# SUITE.log and is printed whole when the suite ends (lanes never
# interleave lines); its time goes to BUILD/test-times.txt.  A lane stops
# at its first failing suite; the other lane finishes its current suite
# and stops too.  Exit 1 when any suite failed.
#
#   sh scripts/test_lanes.sh MAKE BUILD "SUITES OF LANE 1" "SUITES OF LANE 2" ...
#
# The lanes share only what make test builds before them (build/samgen,
# the sanitizer build, the test binaries), so no two lanes build the same
# file; suites that share generated files belong in one lane (Makefile,
# TEST_LANE_RTL).
set -u
MAKE_CMD=$1
BUILD=$2
shift 2
logs=$BUILD/test-logs
mkdir -p "$logs"
rm -f "$logs"/*.log "$logs"/*.done "$logs"/lane.*
rmdir "$logs/lane.lock" 2>/dev/null
show() {  # print FILE whole, one lane at a time
  while ! mkdir "$logs/lane.lock" 2>/dev/null; do sleep 1; done
  cat "$1"
  rmdir "$logs/lane.lock"
}
lane() {  # lane N SUITES
  n=$1
  for s in $2; do
    [ -f "$logs/lane.stop" ] && break
    t0=$(date +%s)
    if $MAKE_CMD --no-print-directory "$s" > "$logs/$s.log" 2>&1; then
      t=$(( $(date +%s) - t0 ))
      { cat "$logs/$s.log"; echo "make test: $s took $t s (lane $n)"; } > "$logs/$s.done"
      show "$logs/$s.done"
      echo "make test: $s took $t s (lane $n)" >> "$BUILD/test-times.txt"
    else
      { cat "$logs/$s.log"; echo "make test: $s failed (lane $n)"; } > "$logs/$s.done"
      show "$logs/$s.done"
      echo "$s" >> "$logs/lane.failed"
      : > "$logs/lane.stop"
      break
    fi
  done
}
k=0
pids=""
for list in "$@"; do
  k=$((k + 1))
  lane "$k" "$list" &
  pids="$pids $!"
done
for p in $pids; do wait "$p"; done
if [ -f "$logs/lane.failed" ]; then
  echo "make test: failed: $(tr '\n' ' ' < "$logs/lane.failed")(logs in $logs)"
  exit 1
fi
exit 0
