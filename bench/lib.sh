# lib.sh - helpers the bench scripts share (sourced).

# mtx_transpose IN OUT: the Matrix Market file IN transposed (the two
# index columns and the two dimensions swapped), into OUT
mtx_transpose() {
  awk '/^%/ { print; next } { $0 = $2 " " $1 (NF > 2 ? " " $3 : ""); print }' "$1" >"$2"
}

# num FILE KEY: the number after "KEY": at the start of a line of a
# report.json (a top-level key)
num() {
  sed -n "s/^ *\"$2\": \([0-9][0-9]*\).*/\1/p" "$1" | head -1
}
