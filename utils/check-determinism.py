#!/usr/bin/env python3
#===- check-determinism.py - same input, same output, byte for byte ------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Runs a sched-opt pipeline twice on each input, in two different process
environments (the second with address-space randomisation off when setarch
is available, a different working directory, malloc perturbation and an
extra environment variable, so that pointer values and hence hash-table
iteration orders differ), and checks that the outputs are byte-identical.
Every rank of a program compiles it on its own, so any difference could give
ranks different collective orders. Also prints each output's collective
order (group, kind) so a log shows what was compared.

usage: check-determinism.py SCHED_OPT [--args "sched-opt arguments"]
                            [--allow-errors] FILES_OR_DIRECTORIES...
A directory stands for every .mlir file below it, in sorted order.
Exit status 1 on any difference or failure; with --allow-errors an input
on which both runs fail with the same status and the same output is fine
(test inputs that check errors). Their diagnostics are not compared: with
threads, MLIR's pass manager stops the other functions' pipelines at the
first failure, so which of their remarks were printed by then varies.
"""
import argparse
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile


def run(cmd, env, cwd):
    result = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True)
    return result.returncode, result.stdout, result.stderr


def report(text):
    """Prints a problem on stdout (for the summary) and on stderr: lit shows
    a failing test's stderr whole, while FileCheck shows only part of the
    output it read."""
    print(text)
    print(text, file=sys.stderr)


def first_difference(what, a_out, b_out):
    """Returns where two outputs part: the first differing line of each."""
    a_lines, b_lines = a_out.splitlines(), b_out.splitlines()
    line = next((i for i, (x, y) in enumerate(zip(a_lines, b_lines))
                 if x != y), min(len(a_lines), len(b_lines)))

    def show(lines):
        if line >= len(lines):
            return "<end>"
        return lines[line].decode(errors="replace")[:300]

    return "  %s differ at line %d:\n    first:  %s\n    second: %s" % (
        what, line + 1, show(a_lines), show(b_lines))


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("sched_opt")
    p.add_argument("--args", default="--sched-pipeline")
    p.add_argument("--allow-errors", action="store_true")
    p.add_argument("files", nargs="+")
    a = p.parse_args()
    files = []
    for path in a.files:
        if os.path.isdir(path):
            found = []
            for root, dirs, names in os.walk(path):
                found += [os.path.join(root, n) for n in names
                          if n.endswith(".mlir")]
            files += [(f, os.path.relpath(f, path)) for f in sorted(found)]
        else:
            files.append((path, os.path.basename(path)))
    setarch = shutil.which("setarch")
    arch = os.uname().machine
    failed = 0
    for path, name in files:
        path = os.path.abspath(path)
        cmd = [os.path.abspath(a.sched_opt) if os.path.exists(a.sched_opt) else a.sched_opt, path] + shlex.split(a.args)
        env1 = dict(os.environ)
        env2 = dict(os.environ, MALLOC_PERTURB_="165", SCHED_DETERMINISM_PAD="x" * 4097)
        with tempfile.TemporaryDirectory() as other:
            first = run(cmd, env1, os.getcwd())
            second_cmd = ([setarch, arch, "-R"] + cmd) if setarch else cmd
            second = run(second_cmd, env2, other)
            if second[0] != 0 and setarch:  # setarch may be refused in containers
                second = run(cmd, env2, other)
        failing = first[0] != 0 or second[0] != 0
        if failing and not (a.allow_errors and first[:2] == second[:2]):
            report("%s: FAILED (exit %d / %d): %s" % (
                name, first[0], second[0],
                first[2].decode(errors="replace")[-300:]))
            if first[0] == second[0]:
                # Same status, different output: say where.
                for what, a_out, b_out in (("output", first[1], second[1]),):
                    report(first_difference(what, a_out, b_out))
            failed += 1
            continue
        same = first[:2] == second[:2] if failing else first == second
        order = re.findall(rb"sched\.(\w+)_start [^\n]*? on @(\S+)", first[1])
        digest = hashlib.sha256(first[1]).hexdigest()[:12]
        print("%s: %s%s, %d bytes (sha256 %s), %d collectives in order %s" % (
            name, "identical" if same else "DIFFERENT",
            " (exit %d)" % first[0] if first[0] else "", len(first[1]), digest,
            len(order), " ".join("%s@%s" % (k.decode(), g.decode()) for k, g in order[:6])
            + (" ..." if len(order) > 6 else "")))
        if not same:
            # Say where the runs part, so that a rare difference in CI can
            # be diagnosed from its log.
            report("%s: DIFFERENT" % name)
            for what, a_out, b_out in (("output", first[1], second[1]),
                                       ("diagnostics", first[2], second[2])):
                if a_out != b_out:
                    report(first_difference(what, a_out, b_out))
        failed += not same
    print("%d of %d inputs deterministic" % (len(files) - failed, len(files)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
