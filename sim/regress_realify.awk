# regress_realify.awk - turn a generated tensor's integer values into reals.
#
#   awk -v seed=S -f sim/regress_realify.awk IN.mtx|IN.tns > OUT
#
# Each value v (1..9) becomes +-(0.37 v + h / 999983) printed with six
# decimals, h a hash of the seed, the line number and v: reals with
# fractional parts that fp32 and bf16 must round, about a third of them
# negative (so sums cancel), none of them zero.  The same seed gives the
# same file.  A Matrix Market header's field becomes "real"; comments and
# the size line are kept.
/^%%MatrixMarket/ { sub(/ integer /, " real "); print; next }
/^[%#]/ || NF == 0 { print; next }
FILENAME ~ /\.mtx$/ && !size { size = 1; print; next }
{
    v = $NF + 0
    h = (seed * 7919 + NR * 104729 + v * 31) % 999983
    x = 0.37 * v + h / 999983
    if (h % 3 == 0) x = -x
    $NF = sprintf("%.6f", x)
    print
}
