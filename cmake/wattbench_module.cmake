# What the shared objects wattbench opens with dlopen have in common: the report renderer
# (app/report_render) and the driver modules (cmake/wattbench_driver.cmake).

# Static libraries that go into a shared object need -fPIC, which Debian's default -fPIE is
# not: sets it on `target` and every library it links, recursively.
function(wb_position_independent target)
  get_target_property(imported ${target} IMPORTED)
  get_target_property(aliased ${target} ALIASED_TARGET)
  if(imported OR aliased)
    return()
  endif()
  get_target_property(done ${target} POSITION_INDEPENDENT_CODE)
  if(done)
    return()
  endif()
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  get_target_property(libs ${target} LINK_LIBRARIES)
  foreach(lib IN LISTS libs)
    if(TARGET ${lib})
      wb_position_independent(${lib})
    endif()
  endforeach()
endfunction()

# Debian's place for a package's private libraries: /usr/lib/<triplet>/wattbench.
if(CMAKE_LIBRARY_ARCHITECTURE)
  set(WATTBENCH_PRIVATE_LIB_DIR lib/${CMAKE_LIBRARY_ARCHITECTURE}/wattbench)
else()
  include(GNUInstallDirs)
  set(WATTBENCH_PRIVATE_LIB_DIR ${CMAKE_INSTALL_LIBDIR}/wattbench)
endif()

# Only the module's entry points are exported; the static libraries inside stay private to
# it, and every symbol it needs must be resolved when it is linked.
function(wb_module_link_options target)
  set_target_properties(${target} PROPERTIES CXX_VISIBILITY_PRESET hidden
                                             VISIBILITY_INLINES_HIDDEN ON)
  target_link_options(${target} PRIVATE -Wl,--exclude-libs,ALL -Wl,-z,defs)
endfunction()
