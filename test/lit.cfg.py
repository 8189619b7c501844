# -*- Python -*-
#===- lit.cfg.py - sched lit configuration ------------------------------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#

import os
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "SCHED"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.sched_obj_root, "test")
config.excludes = ["Inputs", "Unit", "lib", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py"]

llvm_config.with_system_environment(["HOME", "TMP", "TEMP", "CCACHE_DIR",
                                     "CCACHE_BASEDIR"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

config.substitutions.append(("%sched_src_root", config.sched_src_root))
config.substitutions.append(("%sched_obj_root", config.sched_obj_root))
config.substitutions.append(("%sched_install_prefix",
                             config.sched_install_prefix))
config.substitutions.append(("%mlir_dir", config.mlir_dir))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%generator", config.cmake_generator))
config.substitutions.append(("%cxx", config.cxx_compiler))

tool_dirs = [os.path.join(config.sched_obj_root, "bin"), config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    ["sched-opt", "sched-gen", "sched-lsp-server", "sched-translate", "mlir-opt",
     "mlir-translate", "sched-compile", "sched-bootstrap-check",
     "sched-bootstrap-check-nompi"], tool_dirs)
config.substitutions.append(("%compare_checksums", "%s %s" % (
    sys.executable,
    os.path.join(config.sched_src_root, "utils", "compare-checksums.py"))))

import shutil
clang_format = shutil.which("clang-format-22",
                            path=config.llvm_tools_dir + os.pathsep +
                            os.environ.get("PATH", ""))
if not clang_format:
    candidate = os.path.join(config.llvm_tools_dir, "clang-format")
    clang_format = candidate if os.path.exists(candidate) else None
if clang_format:
    config.available_features.add("clang-format")
    config.substitutions.append(("%clang_format", clang_format))
if os.path.isdir(os.path.join(config.sched_src_root, ".git")):
    config.available_features.add("git-checkout")

# Executables: MPI runs need mpirun (as root in CI, oversubscribed on two
# cores); the CUDA runtime is only linked here (no GPU).
if config.have_mpi and shutil.which("mpirun"):
    config.available_features.add("mpi")
    config.substitutions.append((
        "%mpirun", "mpirun --allow-run-as-root --oversubscribe "
        "--mca btl self,vader --mca rmaps_base_oversubscribe 1"))
if config.have_cuda:
    config.available_features.add("cuda-runtime")

if config.build_unittests:
    config.available_features.add("unittests")

# Sanitizer builds (SCHED_SANITIZE): the options the suite needs, unless the
# caller sets its own (docs/Diagnostics.md explains them). The Unit suite
# gets them from the environment that utils/test.sh exports.
if config.sanitize:
    config.available_features.add("sanitizers")
    config.environment.setdefault(
        "ASAN_OPTIONS", "detect_leaks=0:allow_user_poisoning=0")
    config.environment.setdefault(
        "UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")

# Fuzzer builds (SCHED_ENABLE_FUZZERS): test/Fuzz runs each fuzzer from a
# fixed seed for a fixed number of inputs (%fuzz_parse_limit,
# %fuzz_pipeline_limit), so that a commit gets the same verdict on every
# run; with lit -Dfuzz_time=N (or SCHED_FUZZ_TIME=N) each fuzzes for N
# seconds from a random seed instead, to explore further.
if config.fuzzers:
    config.available_features.add("fuzzers")
    fuzz_time = lit_config.params.get(
        "fuzz_time", os.environ.get("SCHED_FUZZ_TIME", ""))

    def fuzz_limit(runs):
        if fuzz_time:
            return "-max_total_time=%d" % int(fuzz_time)
        return "-seed=1 -runs=%d -max_total_time=600" % runs

    config.substitutions.append(("%fuzz_parse_limit", fuzz_limit(100000)))
    config.substitutions.append(("%fuzz_pipeline_limit", fuzz_limit(2000)))
    config.substitutions.append((
        "%fuzz_corpus", os.path.join(config.sched_obj_root, "test", "Fuzz",
                                     "corpus")))
    llvm_config.add_tool_substitutions(
        ["sched-parse-fuzzer", "sched-pipeline-fuzzer"], tool_dirs)
