#!/usr/bin/env python3
#===- compare-checksums.py - compare the checksums of two runs -----------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# Reads the "rank R result K: N x T sum=S abs=A" lines that sched executables
# print and checks that two runs agree: the same ranks, results, counts and
# types, and sums equal within --rtol of the absolute sum (reductions in a
# different order round differently). Prints one line per result and exits
# non-zero on any mismatch.
#
#===----------------------------------------------------------------------===#

import argparse
import re
import sys

LINE = re.compile(r"^rank (\d+) result (\d+): (\d+) x (\S+) "
                  r"sum=(\S+) abs=(\S+)$")


def read(path):
    results = {}
    with open(path) as f:
        for line in f:
            m = LINE.match(line.strip())
            if m:
                key = (int(m.group(1)), int(m.group(2)))
                results[key] = (int(m.group(3)), m.group(4),
                                float(m.group(5)), float(m.group(6)))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("expected")
    parser.add_argument("actual")
    parser.add_argument("--rtol", type=float, default=1e-5,
                        help="tolerance relative to the absolute sum")
    args = parser.parse_args()
    expected, actual = read(args.expected), read(args.actual)
    if not expected:
        print("error: no results in %s" % args.expected)
        return 1
    ok = True
    for key in sorted(set(expected) | set(actual)):
        if key not in expected or key not in actual:
            print("rank %d result %d: missing in %s" % (
                key[0], key[1],
                args.actual if key not in actual else args.expected))
            ok = False
            continue
        (n1, t1, s1, a1), (n2, t2, s2, a2) = expected[key], actual[key]
        tol = args.rtol * max(a1, a2, 1e-30)
        same = n1 == n2 and t1 == t2 and abs(s1 - s2) <= tol and \
            abs(a1 - a2) <= tol
        ok &= same
        print("rank %d result %d: %s (sum %.9e vs %.9e)" % (
            key[0], key[1], "ok" if same else "MISMATCH", s1, s2))
    print("checksums %s: %d result(s)" % ("match" if ok else "differ",
                                            len(expected)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
