#===- AddSched.cmake - helpers for sched libraries ---------*- cmake -*-===//
#
# Thin wrappers over the MLIR CMake helpers. They build the library exactly as
# add_mlir_library does, but install it into the `SchedTargets` export set
# (namespace `Sched::`) instead of upstream's `MLIRTargets`.
#
#===----------------------------------------------------------------------===//

# add_sched_library(name sources... [DEPENDS ...] [MLIR_LIBS ...])
#
# MLIR_LIBS are upstream MLIR libraries; they are linked through
# mlir_target_link_libraries, so that they resolve to libMLIR.so when
# SCHED_LINK_MLIR_DYLIB is on. LINK_LIBS are other sched libraries.
function(add_sched_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;MLIR_LIBS;LINK_LIBS" ${ARGN})
  add_mlir_library(${name} ${ARG_UNPARSED_ARGUMENTS}
    DISABLE_INSTALL
    EXCLUDE_FROM_LIBMLIR
    DEPENDS ${ARG_DEPENDS})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${SCHED_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${SCHED_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  if(ARG_LINK_LIBS)
    target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS})
  endif()
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  endif()
  install(TARGETS ${name} EXPORT SchedTargets
    LIBRARY DESTINATION lib
    ARCHIVE DESTINATION lib
    RUNTIME DESTINATION bin)
  set_property(GLOBAL APPEND PROPERTY SCHED_EXPORTED_LIBS ${name})
endfunction()

# add_sched_tool(name sources... [LINK_LIBS ...] [MLIR_LIBS ...])
#
# An executable that is part of the default build (add_mlir_tool would make it
# EXCLUDE_FROM_ALL out of tree) and installed into bin/.
function(add_sched_tool name)
  cmake_parse_arguments(ARG "" "" "MLIR_LIBS;LINK_LIBS" ${ARGN})
  add_llvm_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  llvm_update_compile_flags(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  mlir_target_link_libraries(${name} PRIVATE ${ARG_MLIR_LIBS})
  mlir_check_all_link_libraries(${name})
  # Installed tools find libMLIR.so where the MLIR they were built with
  # lives (LLVM's default install RPATH is only $ORIGIN/../lib).
  set_property(TARGET ${name} APPEND PROPERTY INSTALL_RPATH
    "${LLVM_LIBRARY_DIR}")
  install(TARGETS ${name} EXPORT SchedTargets RUNTIME DESTINATION bin)
endfunction()

# add_sched_fuzzer(name sources... [LINK_LIBS ...] [MLIR_LIBS ...])
#
# A libFuzzer target (SCHED_ENABLE_FUZZERS builds only): linked with
# -fsanitize=fuzzer, which brings libFuzzer's main. Not installed.
function(add_sched_fuzzer name)
  cmake_parse_arguments(ARG "" "" "MLIR_LIBS;LINK_LIBS" ${ARGN})
  add_llvm_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  llvm_update_compile_flags(${name})
  target_link_options(${name} PRIVATE -fsanitize=fuzzer)
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  mlir_target_link_libraries(${name} PRIVATE ${ARG_MLIR_LIBS})
  mlir_check_all_link_libraries(${name})
endfunction()
