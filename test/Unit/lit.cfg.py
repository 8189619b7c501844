# -*- Python -*-
#===- lit.cfg.py - sched unit test configuration ------------------------===#
#
# Runs the gtest unit tests (build/unittests/*Tests) as lit tests, one lit
# test per gtest case.
#
#===----------------------------------------------------------------------===#

import os

import lit.formats

config.name = "SCHED-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.sched_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
