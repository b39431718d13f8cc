#!/usr/bin/env python3
"""numpy_check.py - golden-model results in fp32 against NumPy.

    python3 golden/numpy_check.py SAMGEN WORKDIR [SHARED]

For each kernel of the table below, inputs with real values (random
fractions of either sign over several magnitudes, from a fixed seed) are
written as .tns files, `samgen golden GRAPH --type fp32 -t ... -o DIR` runs
the graph and its output DIR/<out>.tns is read back.  Two checks per case:

1. NumPy.  The kernel's expression is computed with numpy.einsum on dense
   float32 arrays.  Per output entry e, with s samgen's value, n NumPy's
   and m the expression evaluated on the absolute values of the inputs
   (subtractions counted as additions, in float64: the sum of the
   magnitudes of the terms that make up e):

       |s - n| <= 1e-5 * max(|n|, m)

   This is a relative error of 1e-5 where the terms do not cancel (m = |n|)
   and an absolute floor of 1e-5 times the terms' size where a sum cancels
   to near zero, where no summation order can promise a relative bound.
   Entries absent from a result count as 0.

2. Sequential order, bit for bit.  Each output entry is recomputed with a
   Python loop in the graph's loop order: every reduction starts from +0
   and adds its terms in increasing coordinate order, each operation
   rounded to float32 (numpy.float32), the operations grouped as the
   graph's ALU nodes group them.  samgen's output must have the same bits
   at every coordinate (entries absent on either side count as +0).  This
   is the order docs/values.md documents; NumPy's pairwise summation may
   differ from it in the last bits.

The kernels come from examples/ (with the shipped .tns files' shapes and
stored coordinates given new real values, and with larger random inputs)
and, when SHARED/graphs/custard exists, from the custard graphs.

Self-tests (always run; each must fail the check it targets): one output
value moved by one ulp must fail the bit-exact check; a wrong expression
(residual with + for -, matmul with C transposed) must fail the 1e-5
check; and the sequential reference with a reduction's order reversed must
fail the bit-exact check on the larger matmul (so that check does see the
order).

Exit 0 when every check passes, 1 when one fails, 2 on bad usage.
"""
import os
import subprocess
import sys

try:
    import numpy as np
except ImportError:
    sys.stderr.write("numpy_check: python3 cannot import numpy "
                     "(install python3-numpy: make deps)\n")
    sys.exit(1)

REL = 1e-5
SEED = 20240607

# Expressions as trees: ("t", NAME, INDICES), ("mul", A, B), ("add", A, B),
# ("sub", A, B), ("sum", INDEX, A).  A product exists where both operands
# are stored (intersection), a sum of two where either is (union), a
# reduction where some term exists.  The grouping is the graph's: which
# values each ALU node takes.
def T(name, idx):
    return ("t", name, idx)


def MUL(a, b):
    return ("mul", a, b)


def ADD(a, b):
    return ("add", a, b)


def SUB(a, b):
    return ("sub", a, b)


def SUM(i, a):
    return ("sum", i, a)


# name, graph (examples/ or custard/), output, output indices,
# inputs {name: indices}, tree, einsum terms [(sign, spec, [names])],
# index sizes of the random input.
KERNELS = [
    ("spmv", "examples/spmv.gv", "x", "i", {"B": "ij", "c": "j"},
     SUM("j", MUL(T("B", "ij"), T("c", "j"))),
     [(1, "ij,j->i", ["B", "c"])], {"i": 40, "j": 40}),
    ("matmul_ikj", "examples/matmul_ikj.gv", "X", "ij", {"B": "ik", "C": "kj"},
     SUM("k", MUL(T("B", "ik"), T("C", "kj"))),
     [(1, "ik,kj->ij", ["B", "C"])], {"i": 24, "j": 24, "k": 24}),
    ("matmul_ijk", "examples/matmul_ijk.gv", "X", "ij", {"B": "ik", "C": "kj"},
     SUM("k", MUL(T("B", "ik"), T("C", "kj"))),
     [(1, "ik,kj->ij", ["B", "C"])], {"i": 20, "j": 20, "k": 20}),
    ("mat_elemadd", "examples/mat_elemadd.gv", "X", "ij", {"B": "ij", "C": "ij"},
     ADD(T("B", "ij"), T("C", "ij")),
     [(1, "ij->ij", ["B"]), (1, "ij->ij", ["C"])], {"i": 24, "j": 24}),
    ("mat_elemmul", "examples/mat_elemmul.gv", "X", "ij", {"B": "ij", "C": "ij"},
     MUL(T("B", "ij"), T("C", "ij")),
     [(1, "ij,ij->ij", ["B", "C"])], {"i": 24, "j": 24}),
    ("sddmm", "examples/sddmm.gv", "X", "ij", {"B": "ij", "C": "ik", "D": "kj"},
     SUM("k", MUL(MUL(T("B", "ij"), T("C", "ik")), T("D", "kj"))),
     [(1, "ij,ik,kj->ij", ["B", "C", "D"])], {"i": 16, "j": 16, "k": 12}),
    ("residual", "examples/residual.gv", "x", "i", {"b": "i", "C": "ij", "d": "j"},
     SUB(T("b", "i"), SUM("j", MUL(T("C", "ij"), T("d", "j")))),
     [(1, "i->i", ["b"]), (-1, "ij,j->i", ["C", "d"])], {"i": 40, "j": 40}),
    ("vec_elemmul", "examples/vec_elemmul.gv", "x", "i", {"b": "i", "c": "i"},
     MUL(T("b", "i"), T("c", "i")),
     [(1, "i,i->i", ["b", "c"])], {"i": 64}),
    # custard/ (SHARED): expressions from graphs/README.md
    ("matmul_ijk", "custard/matmul_ijk.gv", "X", "ij", {"B": "ik", "C": "kj"},
     SUM("k", MUL(T("B", "ik"), T("C", "kj"))),
     [(1, "ik,kj->ij", ["B", "C"])], {"i": 20, "j": 20, "k": 20}),
    ("mat_vecmul_ij", "custard/mat_vecmul_ij.gv", "x", "i", {"B": "ij", "c": "j"},
     SUM("j", MUL(T("B", "ij"), T("c", "j"))),
     [(1, "ij,j->i", ["B", "c"])], {"i": 40, "j": 40}),
    ("tensor3_ttv", "custard/tensor3_ttv.gv", "X", "ij", {"B": "ijk", "c": "k"},
     SUM("k", MUL(T("B", "ijk"), T("c", "k"))),
     [(1, "ijk,k->ij", ["B", "c"])], {"i": 10, "j": 10, "k": 12}),
    ("tensor3_innerprod", "custard/tensor3_innerprod.gv", "x", "", {"B": "ijk", "C": "ijk"},
     SUM("i", SUM("j", SUM("k", MUL(T("B", "ijk"), T("C", "ijk"))))),
     [(1, "ijk,ijk->", ["B", "C"])], {"i": 10, "j": 10, "k": 10}),
    # x(i) = b*C(j,i)*d(j) + e*f(i); the custard graph itself is refused
    # (a crddrop over a union), its hand-written version runs
    ("mat_mattransmul", "custard/mat_mattransmul_HAND.gv", "x", "i",
     {"b": "", "C": "ji", "d": "j", "e": "", "f": "i"},
     ADD(SUM("j", MUL(MUL(T("b", ""), T("C", "ji")), T("d", "j"))),
         MUL(T("e", ""), T("f", "i"))),
     [(1, ",ji,j->i", ["b", "C", "d"]), (1, ",i->i", ["e", "f"])], {"i": 32, "j": 32}),
]

# Wrong expressions for the self-test: (kernel, einsum terms).
WRONG = [
    ("residual", [(1, "i->i", ["b"]), (1, "ij,j->i", ["C", "d"])]),
    ("matmul_ikj", [(1, "ik,jk->ij", ["B", "C"])]),
]


class Case:
    """One kernel on one input: the dense arrays and stored-entry masks."""

    def __init__(self, kernel, label, dims, arrays, stored):
        (self.name, self.graph, self.out, self.out_idx, self.inputs,
         self.tree, self.terms, _) = kernel
        self.label = label
        self.dims = dims
        self.arrays = arrays      # name -> float32 ndarray (0-d for scalars)
        self.stored = stored      # name -> bool ndarray


def fail_usage(msg):
    sys.stderr.write("numpy_check: %s\n" % msg)
    sys.exit(2)


def formats(graph_path):
    """The graph's first comment: {tensor: level letters} ('none' -> '')."""
    with open(graph_path) as f:
        for line in f:
            line = line.strip()
            if line.startswith('comment="'):
                decls = line[len('comment="'):].split('"')[0]
                out = {}
                for d in decls.split(","):
                    name, fmt = d.split("=")
                    out[name] = "" if fmt == "none" else "".join(c for c in fmt if c in "sd")
                return out
    fail_usage("%s: no tensor formats in the first comment" % graph_path)


def rand_values(rng, n):
    """n float32 values: fractions of either sign over a few magnitudes."""
    mag = rng.choice([1e-2, 1.0, 1.0, 1.0, 10.0, 1e3], size=n)
    frac = rng.uniform(0.1, 1.0, size=n)
    sign = np.where(rng.random(n) < 0.4, -1.0, 1.0)
    return (sign * frac * mag).astype(np.float32)


def random_case(kernel, rng, fmts, label):
    """A random input: compressed vectors half full, other compressed
    tensors 30 % full, dense ones full."""
    dims = kernel[7]
    arrays, stored = {}, {}
    for name, idx in kernel[4].items():
        shape = tuple(dims[c] for c in idx)
        if "d" in fmts[name] or not idx:
            mask = np.ones(shape, dtype=bool)
        else:
            mask = rng.random(shape) < (0.5 if len(idx) == 1 else 0.3)
        vals = np.zeros(shape, dtype=np.float32)
        vals[mask] = rand_values(rng, int(mask.sum()))
        arrays[name], stored[name] = vals, mask
    return Case(kernel, label, dims, arrays, stored)


def read_tns(path):
    """A .tns file: (shape from '# shape', [(coords 0-based, value text)])."""
    shape, entries = None, []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("# shape"):
                shape = tuple(int(x) for x in line.split()[2:])
                continue
            if not line or line.startswith("#"):
                continue
            parts = line.split()
            entries.append((tuple(int(x) - 1 for x in parts[:-1]), parts[-1]))
    return shape, entries


def example_case(kernel, rng, root):
    """The shipped example's shapes and stored coordinates, new values."""
    base = os.path.join(root, "examples", kernel[0])
    arrays, stored, dims = {}, {}, {}
    for name, idx in kernel[4].items():
        shape, entries = read_tns("%s_%s.tns" % (base, name))
        for c, n in zip(idx, shape):
            if dims.setdefault(c, n) != n:
                fail_usage("%s_%s.tns: size %d of index %s, elsewhere %d"
                           % (base, name, n, c, dims[c]))
        mask = np.zeros(shape, dtype=bool)
        for crd, _ in entries:
            mask[crd] = True
        vals = np.zeros(shape, dtype=np.float32)
        vals[mask] = rand_values(rng, int(mask.sum()))
        arrays[name], stored[name] = vals, mask
    return Case(kernel, "example", dims, arrays, stored)


def write_tns(path, arr, mask):
    with open(path, "w") as f:
        f.write("# shape%s\n" % "".join(" %d" % n for n in arr.shape))
        if arr.ndim == 0:
            f.write("%.9g\n" % float(arr))
            return
        for crd in zip(*np.nonzero(mask)):
            f.write("%s %.9g\n" % (" ".join(str(int(c) + 1) for c in crd), float(arr[crd])))


def run_samgen(samgen, case, root, work):
    """Runs samgen golden on the case; samgen's output as a dense float32
    array (absent entries +0)."""
    os.makedirs(work, exist_ok=True)
    args = [samgen, "golden", os.path.join(root, case.graph), "--type", "fp32"]
    for name in case.inputs:
        p = os.path.join(work, name + ".tns")
        write_tns(p, case.arrays[name], case.stored[name])
        args += ["-t", "%s=%s" % (name, p)]
    out = os.path.join(work, "out")
    args += ["-o", out]
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if r.returncode != 0:
        raise RuntimeError("%s exited %d:\n%s" % (" ".join(args), r.returncode, r.stdout))
    shape = tuple(case.dims[c] for c in case.out_idx)
    res = np.zeros(shape, dtype=np.float32)
    _, entries = read_tns(os.path.join(out, case.out + ".tns"))
    for crd, text in entries:
        res[crd] = np.float32(float(text))
    return res


def numpy_result(case, terms):
    """The expression with numpy.einsum on dense float32 arrays."""
    res = None
    for sign, spec, names in terms:
        v = np.einsum(spec, *[case.arrays[n] for n in names]).astype(np.float32)
        if sign < 0:
            v = -v
        res = v if res is None else (res + v).astype(np.float32)
    return res


def evaluate(case, node, env, exact=True, reverse=None):
    """(exists, value) of a tree at the index values env.  exact: float32
    in loop order; otherwise float64 magnitudes (|values|, sub as add).
    reverse names a reduction index to loop over backwards."""
    kind = node[0]
    if kind == "t":
        crd = tuple(env[c] for c in node[2])
        if not case.stored[node[1]][crd]:
            return False, (np.float32(0) if exact else 0.0)
        v = case.arrays[node[1]][crd]
        return True, (v if exact else abs(float(v)))
    if kind == "sum":
        acc = np.float32(0) if exact else 0.0
        seen = False
        rng = range(case.dims[node[1]])
        for v in (reversed(rng) if reverse == node[1] else rng):
            env[node[1]] = v
            ok, x = evaluate(case, node[2], env, exact, reverse)
            if ok:
                acc = np.float32(acc + x) if exact else acc + x
                seen = True
        del env[node[1]]
        return seen, acc
    ea, a = evaluate(case, node[1], env, exact, reverse)
    eb, b = evaluate(case, node[2], env, exact, reverse)
    if kind == "mul":
        if not (ea and eb):
            return False, (np.float32(0) if exact else 0.0)
        return True, (np.float32(a * b) if exact else a * b)
    if not exact:
        return ea or eb, a + b
    return ea or eb, np.float32(a + b) if kind == "add" else np.float32(a - b)


def over_outputs(case, exact, reverse=None):
    shape = tuple(case.dims[c] for c in case.out_idx)
    res = np.zeros(shape, dtype=np.float32 if exact else np.float64)
    for crd in np.ndindex(*shape):
        env = dict(zip(case.out_idx, crd))
        ok, v = evaluate(case, case.tree, env, exact, reverse)
        if ok:
            res[crd] = v
    return res


def rel_check(s, n, m):
    """Worst entry of |s - n| / max(|n|, m); inf where the bound is 0."""
    s64, n64 = s.astype(np.float64), n.astype(np.float64)
    diff = np.abs(s64 - n64)
    scale = np.maximum(np.abs(n64), m)
    with np.errstate(divide="ignore", invalid="ignore"):
        err = np.where(diff == 0, 0.0, diff / scale)
    worst = np.unravel_index(int(np.argmax(err)), err.shape) if err.ndim else ()
    return float(err[worst]), worst


def bit_check(s, ref):
    """Coordinates where the float32 bits differ."""
    bad = np.argwhere(s.view(np.uint32) != ref.view(np.uint32))
    return [tuple(int(c) for c in b) for b in bad]


def main():
    if len(sys.argv) not in (3, 4):
        fail_usage("usage: numpy_check.py SAMGEN WORKDIR [SHARED]")
    samgen, work = sys.argv[1], sys.argv[2]
    shared = sys.argv[3] if len(sys.argv) == 4 else ""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if not os.access(samgen, os.X_OK):
        fail_usage("%s: not an executable" % samgen)
    custard = os.path.join(shared, "graphs", "custard") if shared else ""
    have_custard = bool(custard) and os.path.isdir(custard)
    rng = np.random.default_rng(SEED)

    cases = []
    for k in KERNELS:
        if k[1].startswith("custard/"):
            if not have_custard:
                continue
            k = k[:1] + (os.path.join(custard, k[1][len("custard/"):]),) + k[2:]
            gpath, label = k[1], "custard"
        else:
            gpath, label = os.path.join(root, k[1]), "random"
            cases.append(example_case(k, rng, root))
        cases.append(random_case(k, rng, formats(gpath), label))
    if not have_custard:
        print("numpy-check: %s not found: the custard kernels are left out"
              % (custard or "SHARED"))

    failed = 0
    results = {}
    for n, case in enumerate(cases):
        try:
            s = run_samgen(samgen, case, root, os.path.join(work, "%02d_%s" % (n, case.name)))
        except (RuntimeError, OSError) as e:
            print("numpy-check: %s %s: FAILED: %s" % (case.name, case.label, e))
            return 1
        ref_np = numpy_result(case, case.terms)
        mag = over_outputs(case, exact=False)
        err, worst = rel_check(s, ref_np, mag)
        seq = over_outputs(case, exact=True)
        bad = bit_check(s, seq)
        ok = err <= REL and not bad
        failed += not ok
        results[(case.name, case.label)] = (case, s, seq)
        stored = int(np.count_nonzero(s))
        print("numpy-check: %-18s %-15s %4d nonzero entries, worst error %.2e of 1e-5, "
              "bit-exact in loop order: %s%s"
              % (case.name, case.label, stored, err, "yes" if not bad else "NO",
                 "" if ok else "  FAILED"))
        if err > REL:
            print("  at %s: samgen %r, numpy %r, terms' magnitude %r"
                  % (worst, float(s[worst]), float(ref_np[worst]), float(mag[worst])))
        if bad:
            c = bad[0]
            print("  %d entries differ in bits from the sequential reference; first at %s: "
                  "samgen %08x (%r), reference %08x (%r)"
                  % (len(bad), c, int(s.view(np.uint32)[c]), float(s[c]),
                     int(seq.view(np.uint32)[c]), float(seq[c])))

    # ---- self-tests: the checks must catch what they are for ---------------
    selfbad = 0
    case, s, seq = results[("matmul_ikj", "random")]
    nz = np.argwhere(s != 0)
    c = tuple(int(x) for x in nz[len(nz) // 2])
    moved = s.copy()
    moved[c] = np.nextafter(s[c], np.float32(np.inf))
    if bit_check(moved, seq) != [c]:
        print("numpy-check: self-test FAILED: a value one ulp off passed the bit-exact check")
        selfbad += 1
    else:
        print("numpy-check: self-test: matmul_ikj with X%s one ulp up (%08x -> %08x) "
              "fails the bit-exact check" % (c, int(s.view(np.uint32)[c]),
                                             int(moved.view(np.uint32)[c])))
    for name, terms in WRONG:
        case, s, _ = results[(name, "random")]
        err, _ = rel_check(s, numpy_result(case, terms), over_outputs(case, exact=False))
        if err <= REL:
            print("numpy-check: self-test FAILED: %s against a wrong expression passed "
                  "(worst error %.2e)" % (name, err))
            selfbad += 1
        else:
            print("numpy-check: self-test: %s against a wrong expression (%s) fails the "
                  "1e-5 check (worst error %.2e)"
                  % (name, " ".join("%s%s" % ("+" if sg > 0 else "-", sp) for sg, sp, _ in terms),
                     err))
    case, s, _ = results[("matmul_ikj", "random")]
    bad = bit_check(s, over_outputs(case, exact=True, reverse="k"))
    if not bad:
        print("numpy-check: self-test FAILED: summing k backwards gave the same bits")
        selfbad += 1
    else:
        print("numpy-check: self-test: matmul_ikj summed over k backwards differs in %d "
              "entries: the bit-exact check sees the order" % len(bad))

    total = len(cases)
    print("numpy-check: %d of %d cases passed, %d of 4 self-tests"
          % (total - failed, total, 4 - selfbad))
    return 1 if failed or selfbad else 0


if __name__ == "__main__":
    sys.exit(main())
