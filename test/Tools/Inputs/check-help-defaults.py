#!/usr/bin/env python3
#===- check-help-defaults.py - every sched option says its default -------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
#
# Reads `sched-opt --help` on stdin and checks that every option of a sched
# pass or pipeline (an entry `--sched-...` or `--convert-...sched...`)
# names its default in its description. Prints the offenders and exits 1
# if there are any; prints the number of options checked otherwise.
#
#===----------------------------------------------------------------------===#

import re
import sys


def main():
    entry = re.compile(r"^(\s+)--([a-z0-9-]+)[=\s]")
    checked, missing = 0, []
    current, indent = None, None
    for line in sys.stdin:
        m = entry.match(line)
        if not m:
            continue
        depth, name = len(m.group(1)), m.group(2)
        if current and depth > indent:
            checked += 1
            if "default" not in line:
                missing.append("%s: --%s" % (current, name))
            continue
        is_sched = name.startswith("sched-") or (
            name.startswith("convert-") and "sched" in name)
        current, indent = (name, depth) if is_sched else (None, None)
    for item in missing:
        print("no default in the description of " + item)
    if missing:
        return 1
    print("%d options name their default" % checked)
    return 0


if __name__ == "__main__":
    sys.exit(main())
