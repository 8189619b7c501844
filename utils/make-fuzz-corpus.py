#!/usr/bin/env python3
# ===- utils/make-fuzz-corpus.py - seed corpora of the sched fuzzers -----===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# ===---------------------------------------------------------------------===#
"""Writes the seed corpora of the libFuzzer targets.

parse/: every .mlir file under the given source directories (the lit tests
and the examples), split at `// -----` as -split-input-file does, without
its full-line comments (RUN and CHECK lines, explanations), one file per
distinct case named by its SHA-1, as libFuzzer names its units.

pipeline/: sched-pipeline-fuzzer reads its input as random choices, so any
bytes make a program; a few fixed pseudo-random byte strings of several
lengths give it a start with programs of every size.

The build runs it (target sched-fuzz-corpus) into build-dir/test/Fuzz/corpus.
"""

import argparse
import hashlib
import os
import random
import re
import shutil
import sys

SPLIT = re.compile(r"^// -----\s*$", re.MULTILINE)
COMMENT = re.compile(r"^\s*//.*$\n?", re.MULTILINE)
# Larger cases only slow libFuzzer down (its inputs grow to the largest seed).
MAX_SEED_BYTES = 16384


def write_unit(directory, data):
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(directory, name), "wb") as f:
        f.write(data)


def parse_corpus(sources, directory):
    count = 0
    seen = set()
    for source in sources:
        for root, dirs, files in os.walk(source):
            dirs.sort()
            for file in sorted(files):
                if not file.endswith(".mlir"):
                    continue
                with open(os.path.join(root, file), encoding="utf-8") as f:
                    text = f.read()
                for case in SPLIT.split(text):
                    case = COMMENT.sub("", case).strip() + "\n"
                    data = case.encode("utf-8")
                    if len(data) < 8 or len(data) > MAX_SEED_BYTES:
                        continue
                    if data in seen:
                        continue
                    seen.add(data)
                    write_unit(directory, data)
                    count += 1
    return count


def pipeline_corpus(directory):
    rng = random.Random(2026)
    lengths = [16, 64, 128, 256, 512, 1024, 2048, 4096]
    count = 0
    for length in lengths:
        for _ in range(4):
            write_unit(directory, bytes(rng.getrandbits(8) for _ in range(length)))
            count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", required=True, help="corpus directory")
    parser.add_argument("sources", nargs="+", help="directories with .mlir files")
    args = parser.parse_args()
    counts = {}
    for name in ("parse", "pipeline"):
        directory = os.path.join(args.output, name)
        shutil.rmtree(directory, ignore_errors=True)
        os.makedirs(directory)
    counts["parse"] = parse_corpus(args.sources, os.path.join(args.output, "parse"))
    counts["pipeline"] = pipeline_corpus(os.path.join(args.output, "pipeline"))
    print("sched fuzz corpus: %d parse seeds, %d pipeline seeds in %s"
          % (counts["parse"], counts["pipeline"], args.output))
    return 0


if __name__ == "__main__":
    sys.exit(main())
