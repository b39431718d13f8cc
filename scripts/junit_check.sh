#!/bin/sh
# junit_check.sh - check a JUnit XML report the way CI dashboards read it.
#
#   sh scripts/junit_check.sh FILE
#
# FILE must be well-formed XML valid against scripts/junit.xsd (root
# testsuites or testsuite; name, tests, failures, errors and time on every
# suite; name, classname and time on every test case; a message on every
# failure and error), and every suite's counts must agree with its test
# cases: tests = test cases, failures = those with <failure>, errors =
# those with <error>, skipped (when given) = those with <skipped>, and the
# testsuites root's counts the sums over its suites.  Prints one line "FILE:
# what is wrong" and exits 1 when it is not so, 2 without xmllint
# (libxml2-utils, installed by `make deps`).
set -u
f=$1
xsd=$(cd "$(dirname "$0")" && pwd)/junit.xsd
command -v xmllint >/dev/null 2>&1 ||
    { echo "junit_check: xmllint not found (apt-get install libxml2-utils)"; exit 2; }
if ! out=$(xmllint --noout --schema "$xsd" "$f" 2>&1); then
    echo "$f: $(echo "$out" | grep -v ' fails to validate$' | head -n 1)"; exit 1
fi
x() { xmllint --xpath "$1" "$f" 2>/dev/null; }
# equal WHAT XPATH-A XPATH-B: the two numbers agree
equal() {
    a=$(x "$2"); b=$(x "$3")
    [ "$a" = "$b" ] || { echo "$f: $1 is $a, but the test cases say $b"; exit 1; }
}
n=$(x 'count(//testsuite)')
i=1
while [ "$i" -le "$n" ]; do
    s="(//testsuite)[$i]"
    name=$(x "string($s/@name)")
    equal "testsuite '$name' tests" "number($s/@tests)" "count($s/testcase)"
    equal "testsuite '$name' failures" "number($s/@failures)" "count($s/testcase[failure])"
    equal "testsuite '$name' errors" "number($s/@errors)" "count($s/testcase[error])"
    if [ "$(x "count($s/@skipped)")" = 1 ]; then
        equal "testsuite '$name' skipped" "number($s/@skipped)" "count($s/testcase[skipped])"
    fi
    i=$((i + 1))
done
if [ "$(x 'count(/testsuites)')" = 1 ]; then
    equal "testsuites tests" "number(/testsuites/@tests)" "count(//testcase)"
    equal "testsuites failures" "number(/testsuites/@failures)" "count(//testcase[failure])"
    equal "testsuites errors" "number(/testsuites/@errors)" "count(//testcase[error])"
fi
exit 0
