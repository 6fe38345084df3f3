#===- TritonDialectPackage.cmake - install() and the CMake package ----------===#
#
# The libraries (add_mlir_library's own install is disabled), the headers,
# the tools, an exported target set (install(EXPORT): TritonDialect::<Lib>
# for each library, its dependencies on MLIR and LLVM by the names
# find_package(MLIR) defines) and a package config that includes it and adds
# TritonDialect::TritonDialect, linking all of them with the MLIR/LLVM
# include directories.
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

# The libraries and TritonAllDialects (what registerTritonDialects needs
# besides our dialects) in one export set: the package's
# TritonDialectTargets.cmake defines TritonDialect::<Lib> for each, with the
# link dependencies the build knows (MLIR's and LLVM's by the names
# find_package(MLIR) defines).
install(TARGETS ${TRITON_PACKAGE_LIBRARIES} TritonAllDialects
  EXPORT TritonDialectTargets
  ARCHIVE DESTINATION lib
  LIBRARY DESTINATION lib)
install(EXPORT TritonDialectTargets
  NAMESPACE TritonDialect::
  DESTINATION ${TRITON_PACKAGE_DIR})
list(TRANSFORM TRITON_PACKAGE_LIBRARIES PREPEND "TritonDialect::"
     OUTPUT_VARIABLE TRITON_PACKAGE_ALL)
list(APPEND TRITON_PACKAGE_ALL TritonDialect::TritonAllDialects)
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
