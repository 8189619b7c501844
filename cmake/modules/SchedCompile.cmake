#===- SchedCompile.cmake - build executables from .mlir files -*- cmake -*-===//
#
# sched_add_executable(<name> <input.mlir>
#                      [RUNTIME mpi|local|cuda] [SCHEDULE <options>]
#                      [ENTRY <function>] [PASSES <sched-opt arguments>...])
#
# Builds <name> from a sched program with sched-compile (docs/Lowering.md):
# optional scheduling (SCHEDULE: sched-attach-target, then sched-pipeline with
# these options; an empty string schedules with the defaults), the lowering,
# mlir-translate, llc and the link with the runtime. The executable is part
# of `all`, lands in CMAKE_RUNTIME_OUTPUT_DIRECTORY (default: bin/ under the
# current binary directory; its path is the target's SCHED_EXECUTABLE
# property) and is rebuilt when the input or sched-compile changes.
#
#===----------------------------------------------------------------------===//

function(sched_add_executable name input)
  cmake_parse_arguments(ARG "" "RUNTIME;SCHEDULE;ENTRY" "PASSES" ${ARGN})
  if(NOT SCHED_COMPILE)
    message(FATAL_ERROR "sched_add_executable: SCHED_COMPILE (the path of "
                        "sched-compile) is not set; use find_package(Sched)")
  endif()
  get_filename_component(input "${input}" ABSOLUTE)
  # Not next to the target's own files: ninja would see two rules for one
  # path.
  if(CMAKE_RUNTIME_OUTPUT_DIRECTORY)
    set(dir "${CMAKE_RUNTIME_OUTPUT_DIRECTORY}")
  else()
    set(dir "${CMAKE_CURRENT_BINARY_DIR}/bin")
  endif()
  file(MAKE_DIRECTORY "${dir}")
  set(output "${dir}/${name}")
  set(args "${input}" -o "${output}")
  if(ARG_RUNTIME)
    list(APPEND args "--runtime=${ARG_RUNTIME}")
  endif()
  if(DEFINED ARG_SCHEDULE OR "SCHEDULE" IN_LIST ARG_KEYWORDS_MISSING_VALUES)
    list(APPEND args "--schedule=${ARG_SCHEDULE}")
  endif()
  if(ARG_ENTRY)
    list(APPEND args "--entry=${ARG_ENTRY}")
  endif()
  if(ARG_PASSES)
    list(JOIN ARG_PASSES " " passes)
    list(APPEND args "--passes=${passes}")
  endif()
  add_custom_command(OUTPUT "${output}"
    COMMAND "${SCHED_COMPILE}" ${args}
    DEPENDS "${input}" "${SCHED_COMPILE}"
    COMMENT "sched-compile ${name}"
    VERBATIM)
  add_custom_target(${name} ALL DEPENDS "${output}")
  set_target_properties(${name} PROPERTIES SCHED_EXECUTABLE "${output}")
endfunction()
