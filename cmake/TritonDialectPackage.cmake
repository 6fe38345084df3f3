#===- TritonDialectPackage.cmake - install() and the CMake package ----------===#
#
# The libraries are installed by add_mlir_library; this adds the headers, the
# tools and a package config that defines, for each library, an imported
# target TritonDialect::<Lib> with its dependencies (MLIR and LLVM libraries
# come from find_package(MLIR)), and TritonDialect::TritonDialect linking all
# of them with the MLIR/LLVM include directories.
#
#===------------------------------------------------------------------------===#
include(CMakePackageConfigHelpers)

set(TRITON_PACKAGE_LIBRARIES
  TritonTools TritonIR TritonGPUIR TritonNvidiaGPUIR TritonAnalysis
  TritonTransforms TritonToTritonGPU TritonGPUToLLVM TritonPTX
  TritonPipelines TritonCFrontend)
set(TRITON_PACKAGE_DIR lib/cmake/TritonDialect)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/TritonDialect
  DESTINATION include
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/TritonDialect
  DESTINATION include
  FILES_MATCHING PATTERN "*.inc" PATTERN "*.h" PATTERN "CMakeFiles" EXCLUDE)
install(TARGETS triton-opt triton-translate triton-layout-view triton-c
  RUNTIME DESTINATION bin)

# One imported target per library, with its link dependencies as the build
# knows them (our libraries renamed into the namespace).
set(TRITON_PACKAGE_TARGETS "")
foreach(lib ${TRITON_PACKAGE_LIBRARIES})
  get_target_property(deps ${lib} INTERFACE_LINK_LIBRARIES)
  if(NOT deps)
    set(deps "")
  endif()
  set(mapped "")
  foreach(dep ${deps})
    if(dep MATCHES "^\\$<")
      continue()
    endif()
    list(FIND TRITON_PACKAGE_LIBRARIES ${dep} ours)
    if(ours GREATER -1)
      list(APPEND mapped "TritonDialect::${dep}")
    else()
      list(APPEND mapped "${dep}")
    endif()
  endforeach()
  string(APPEND TRITON_PACKAGE_TARGETS
    "add_library(TritonDialect::${lib} STATIC IMPORTED)\n"
    "set_target_properties(TritonDialect::${lib} PROPERTIES\n"
    "  IMPORTED_LOCATION \"\${TRITON_DIALECT_PREFIX}/lib/lib${lib}.a\"\n"
    "  INTERFACE_LINK_LIBRARIES \"${mapped}\")\n")
endforeach()
list(TRANSFORM TRITON_PACKAGE_LIBRARIES PREPEND "TritonDialect::"
     OUTPUT_VARIABLE TRITON_PACKAGE_ALL)
# What registerTritonDialects registers besides our dialects.
get_target_property(all_dialects TritonAllDialects INTERFACE_LINK_LIBRARIES)
foreach(dep ${all_dialects})
  list(FIND TRITON_PACKAGE_LIBRARIES ${dep} ours)
  if(ours EQUAL -1)
    list(APPEND TRITON_PACKAGE_ALL ${dep})
  endif()
endforeach()
if(LLVM_ENABLE_RTTI)
  set(TRITON_PACKAGE_NO_RTTI "")
else()
  set(TRITON_PACKAGE_NO_RTTI "-fno-rtti")
endif()

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/TritonDialectConfig.cmake.in
  ${PROJECT_BINARY_DIR}/TritonDialectConfig.cmake
  INSTALL_DESTINATION ${TRITON_PACKAGE_DIR})
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/TritonDialectConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/TritonDialectConfig.cmake
  ${PROJECT_BINARY_DIR}/TritonDialectConfigVersion.cmake
  DESTINATION ${TRITON_PACKAGE_DIR})
