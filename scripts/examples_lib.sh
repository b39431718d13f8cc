# examples_lib.sh - sourced by the scripts that run every shipped example
# from the project root.
#
#   example_targs K   the -t options binding kernel K's example tensors
#                     (examples/K_<tensor>.tns), on one line
example_targs() {
    et_args=""
    for et_f in examples/"$1"_*.tns; do
        [ -e "$et_f" ] || continue
        et_t=${et_f#examples/"$1"_}; et_t=${et_t%.tns}
        et_args="$et_args -t $et_t=$et_f"
    done
    echo "$et_args"
}
