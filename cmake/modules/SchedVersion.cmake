#===- SchedVersion.cmake - sched's version for --version ---*- cmake -*-===//
#
# Sets SCHED_VERSION_STRING ("0.1.0 (git <commit>)" or "0.1.0") and
# SCHED_GIT_COMMIT (empty outside a git checkout). CMake runs again when
# HEAD moves, so that a build's --version names the commit it was built from.
#
#===----------------------------------------------------------------------===//

set(SCHED_GIT_COMMIT "")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(
    COMMAND ${GIT_EXECUTABLE} rev-parse --short=12 HEAD
    WORKING_DIRECTORY ${SCHED_SOURCE_DIR}
    OUTPUT_VARIABLE SCHED_GIT_COMMIT
    OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE sched_git_result
    ERROR_QUIET)
  if(NOT sched_git_result EQUAL 0)
    set(SCHED_GIT_COMMIT "")
  endif()
  execute_process(
    COMMAND ${GIT_EXECUTABLE} rev-parse --absolute-git-dir
    WORKING_DIRECTORY ${SCHED_SOURCE_DIR}
    OUTPUT_VARIABLE sched_git_dir
    OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE sched_git_result
    ERROR_QUIET)
  if(sched_git_result EQUAL 0 AND EXISTS "${sched_git_dir}/logs/HEAD")
    set_property(DIRECTORY ${SCHED_SOURCE_DIR} APPEND PROPERTY
      CMAKE_CONFIGURE_DEPENDS "${sched_git_dir}/logs/HEAD")
  endif()
endif()
set(SCHED_VERSION_STRING "${PROJECT_VERSION}")
if(SCHED_GIT_COMMIT)
  string(APPEND SCHED_VERSION_STRING " (git ${SCHED_GIT_COMMIT})")
endif()
