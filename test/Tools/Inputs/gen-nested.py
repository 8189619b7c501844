#!/usr/bin/env python3
#===- gen-nested.py - deeply nested inputs for the tools' tests ----------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
#
# Writes a program nested DEPTH levels deep to stdout:
#
#   gen-nested.py exec DEPTH        scf.execute_region in scf.execute_region
#   gen-nested.py compute DEPTH     sched.compute in a sched.compute body
#   gen-nested.py lsp DEPTH         the exec program opened in the language
#                                   server (messages for -lit-test)
#   gen-nested.py json DEPTH        a JSON object with nested arrays
#
# --expect-error-at=N puts an `expected-error` comment for the nesting
# limit N (sched-opt --max-nesting-depth=N -verify-diagnostics) above the
# line whose bracket goes past it.
#
#===----------------------------------------------------------------------===#

import argparse
import json


def execute_regions(depth, limit):
    lines = ["func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {"]
    for i in range(depth):
        # The function body is level 1; region i is level i + 2.
        if limit is not None and i + 2 == limit + 1:
            lines.append("// expected-error@+1 {{brackets nested deeper than "
                         "the limit of %d levels (raise it with "
                         "--max-nesting-depth)}}" % limit)
        lines.append("%%r%d = scf.execute_region -> tensor<4xf32> {" % i)
    lines.append("scf.yield %x : tensor<4xf32>")
    for i in reversed(range(depth)):
        lines.append("}")
        lines.append("scf.yield %%r%d : tensor<4xf32>" % i if i > 0 else
                     "return %r0 : tensor<4xf32>")
    lines.append("}")
    return "\n".join(lines)


def computes(depth):
    t = "tensor<4xf32>"
    lines = ["func.func @f(%%a0: %s) -> %s {" % (t, t)]
    for i in range(depth):
        lines.append('%%r%d = sched.compute "k%d" ins(%%a%d : %s) -> (%s) {'
                     % (i, i, i, t, t))
        lines.append("^bb0(%%a%d: %s):" % (i + 1, t))
    lines.append("sched.yield %%a%d : %s" % (depth, t))
    for i in reversed(range(depth)):
        lines.append("}")
        lines.append("sched.yield %%r%d : %s" % (i, t) if i > 0 else
                     "return %%r0 : %s" % t)
    lines.append("}")
    return "\n".join(lines)


def lsp(depth):
    initialize = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
                  "params": {"processId": 123, "rootUri": "test!",
                             "capabilities": {}, "trace": "off"}}
    did_open = {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {
                    "uri": "test:///deep.mlir", "languageId": "mlir",
                    "version": 1, "text": execute_regions(depth, None)}}}
    shutdown = {"jsonrpc": "2.0", "id": 1, "method": "shutdown"}
    exit_message = {"jsonrpc": "2.0", "method": "exit"}
    return "\n// -----\n".join(
        json.dumps(m) for m in (initialize, did_open, shutdown, exit_message))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=["exec", "compute", "lsp", "json"])
    parser.add_argument("depth", type=int)
    parser.add_argument("--expect-error-at", type=int)
    args = parser.parse_args()
    if args.kind == "exec":
        print(execute_regions(args.depth, args.expect_error_at))
    elif args.kind == "compute":
        print(computes(args.depth))
    elif args.kind == "lsp":
        print(lsp(args.depth))
    else:
        print('{"format": "sched-fx/1", "nodes": ' + "[" * args.depth +
              "]" * args.depth + "}")


if __name__ == "__main__":
    main()
