#!/bin/sh
# regress_summary.sh - summarize regression results as Markdown and JSON.
#
#   sh sim/regress_summary.sh RESDIR OUT.md OUT.json
#
# Reads every RESDIR/*.res line (see regress_case.sh), writes the table
# (kernel, input, tokens, golden cycles, RTL cycles, result) and prints it,
# then prints "N passed, N failed" as the last line.  Exit 1 when a case
# failed.
resdir=$1 md=$2 json=$3
cat "$resdir"/*.res 2>/dev/null | LC_ALL=C sort >"$resdir.all"
awk -F'|' -v md="$md" -v json="$json" '
BEGIN {
    print "| kernel | input | tokens | golden cycles | RTL cycles | result |" > md
    print "|---|---|---:|---:|---:|---|" > md
    printf "[" > json
}
{
    printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6 > md
    d = $7; gsub(/\\/, "\\\\", d); gsub(/"/, "\\\"", d); gsub(/\t/, " ", d)
    printf "%s\n  {\"kernel\": \"%s\", \"input\": \"%s\", \"tokens\": %d, \"golden_cycles\": %d, \"rtl_cycles\": %d, \"result\": \"%s\", \"detail\": \"%s\"}", (NR > 1 ? "," : ""), $1, $2, $3, $4, $5, $6, d > json
    if ($6 == "PASS") pass++; else { fail++; bad = bad sprintf("  %s %s: %s %s\n", $1, $2, $6, $7) }
}
END {
    print "\n]" > json
    close(md)
    while ((getline l < md) > 0) print l
    if (bad != "") printf "failures:\n%s", bad
    printf "%d passed, %d failed\n", pass, fail
    exit(fail > 0)
}' "$resdir.all"
