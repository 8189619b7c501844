"""Compute-op kinds of a sched program and the salts the runtime sees.

convert-sched-to-runtime passes each opaque compute op's kind to the runtime
as a 32-bit FNV-1a hash (the salt); the runtime's --op-times and --trace
output name ops by that salt. These helpers map salts back to kinds.
"""
import re


def fnv1a(text):
    """The 32-bit FNV-1a hash of `text`, as hashKind() in SchedToRuntime.cpp."""
    h = 2166136261
    for byte in text.encode():
        h ^= byte
        h = (h * 16777619) & 0xffffffff
    return h


def kinds_by_salt(program_path):
    """{salt: kind} for every sched.compute kind in the .mlir file."""
    kinds = set(re.findall(r'sched\.compute "([^"]+)"', open(program_path).read()))
    return {fnv1a(k): k for k in kinds}
