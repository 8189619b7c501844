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

usage: check-determinism.py SCHED_OPT [--args "sched-opt arguments"] FILES...
Exit status 1 on any difference or failure.
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


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("sched_opt")
    p.add_argument("--args", default="--sched-pipeline")
    p.add_argument("files", nargs="+")
    a = p.parse_args()
    setarch = shutil.which("setarch")
    arch = os.uname().machine
    failed = 0
    for path in a.files:
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
        name = os.path.basename(path)
        if first[0] != 0 or second[0] != 0:
            print("%s: FAILED (exit %d / %d): %s" % (name, first[0], second[0],
                                                    first[2].decode()[-300:]))
            failed += 1
            continue
        same = first[1] == second[1] and first[2] == second[2]
        order = re.findall(rb"sched\.(\w+)_start [^\n]*? on @(\S+)", first[1])
        digest = hashlib.sha256(first[1]).hexdigest()[:12]
        print("%s: %s, %d bytes (sha256 %s), %d collectives in order %s" % (
            name, "identical" if same else "DIFFERENT", len(first[1]), digest,
            len(order), " ".join("%s@%s" % (k.decode(), g.decode()) for k, g in order[:6])
            + (" ..." if len(order) > 6 else "")))
        failed += not same
    print("%d of %d inputs deterministic" % (len(a.files) - failed, len(a.files)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
