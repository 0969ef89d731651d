# The Python module: build/python/grundy/ holds the package's .py files (copied from
# src/python/grundy/) and the extension _grundy*.so, so that `PYTHONPATH=build/python` imports it.
#
# The interpreter is Debian's /usr/bin/python3 unless Python_EXECUTABLE says otherwise (setup.py
# passes the one that runs pip): NumPy, pytest and the other python3-* packages are installed
# for it, and a pyenv or other python first on PATH would see none of them.
if(NOT DEFINED Python_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python_EXECUTABLE /usr/bin/python3)
endif()
set(PYBIND11_FINDPYTHON ON)
find_package(Python 3.9 REQUIRED COMPONENTS Interpreter Development.Module)
find_package(pybind11 2.10 CONFIG REQUIRED)

file(GLOB GRUNDY_PYTHON_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/python/*.cpp)
# NO_EXTRAS: no link-time optimisation (the library it links is not LTO, and a link stays fast).
pybind11_add_module(grundy_python MODULE NO_EXTRAS ${GRUNDY_PYTHON_SOURCES})
set(GRUNDY_PYTHON_DIR ${CMAKE_BINARY_DIR}/python/grundy)
set_target_properties(grundy_python PROPERTIES OUTPUT_NAME _grundy
                                               LIBRARY_OUTPUT_DIRECTORY ${GRUNDY_PYTHON_DIR})
target_link_libraries(grundy_python PRIVATE grundy_lib grundy_report)
# pybind11's headers carry casts and shadowed names that -Wconversion/-Wshadow report; ours are
# still checked.
target_compile_options(grundy_python PRIVATE -Wno-shadow)
# In the sanitizer build the bindings' one unit (pybind11's templates) is compiled at -O0: 67 s
# instead of ~100 s at -Og, the largest unit of that build; the library under it stays -Og.
if(GRUNDY_SANITIZE)
  target_compile_options(grundy_python PRIVATE -O0)
endif()

# The package's Python files, copied next to the extension on every build.
file(GLOB GRUNDY_PYTHON_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/python/grundy/*.py)
set(GRUNDY_PYTHON_COPIES)
foreach(file ${GRUNDY_PYTHON_FILES})
  get_filename_component(name ${file} NAME)
  add_custom_command(OUTPUT ${GRUNDY_PYTHON_DIR}/${name}
                     COMMAND ${CMAKE_COMMAND} -E copy_if_different ${file} ${GRUNDY_PYTHON_DIR}/${name}
                     DEPENDS ${file})
  list(APPEND GRUNDY_PYTHON_COPIES ${GRUNDY_PYTHON_DIR}/${name})
endforeach()
add_custom_target(grundy_python_files ALL DEPENDS ${GRUNDY_PYTHON_COPIES})
add_dependencies(grundy_python grundy_python_files)
