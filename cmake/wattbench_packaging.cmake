# Debian packages from the normal build tree (`cpack` in build/, or the `debs` target):
#   wattbench      the CLI (no Qt), profiles, man pages, completion, udev rules, service, sysusers
#   wattbench-gui  the GUI, its man page, .desktop and icons; depends on wattbench
#   wattbench-render  libwattbench-render.so, the Qt renderer `wattbench report` opens for html,
#                  pdf and --charts; its own package so that a headless machine can have
#                  rendered reports without a desktop program, and `wattbench` needs no Qt
# Dependencies come from dpkg-shlibdeps, the version from project().
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_CONTACT "wattbench maintainers <maintainers@users.noreply.a-seed-94a69ced.example>")
set(CPACK_PACKAGE_NAME wattbench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)

# Debian wants a changelog in Debian's format in each package's doc folder (changelog.gz for
# a native version such as 0.1.0); the real history stays in CHANGELOG.md.
string(TIMESTAMP changelog_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
configure_file(packaging/debian/changelog.in ${PROJECT_BINARY_DIR}/packaging/changelog @ONLY)
execute_process(COMMAND gzip -9nf -k ${PROJECT_BINARY_DIR}/packaging/changelog COMMAND_ERROR_IS_FATAL ANY)
set(packages wattbench)
if(WATTBENCH_GUI)
  list(APPEND packages wattbench-gui)
endif()
if(WATTBENCH_REPORT_QT)
  list(APPEND packages wattbench-render)
endif()
foreach(package IN LISTS packages)
  install(FILES ${PROJECT_SOURCE_DIR}/packaging/debian/copyright ${PROJECT_BINARY_DIR}/packaging/changelog.gz
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${package} COMPONENT ${package})
endforeach()

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL ${packages})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

set(CPACK_DEBIAN_WATTBENCH_PACKAGE_NAME wattbench)
set(CPACK_DEBIAN_WATTBENCH_PACKAGE_SECTION science)
# Each description's first line is the package's synopsis. CPack would put the project's
# summary above every component's description (lintian: description-synopsis-is-duplicated, and
# the GUI's synopsis would be the CLI's) unless the summary is CPack's default.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_NAME} built using CMake")
string(CONCAT CPACK_COMPONENT_WATTBENCH_DESCRIPTION
    "${PROJECT_DESCRIPTION}\n"
    "wattbench steps a server through load phases (idle, busy CPUs, disk writes,\n"
    "a workload) while it reads wattmeters, BMCs, sensors and sound level meters,\n"
    "and writes every reading and the per-phase statistics a hardware review\n"
    "prints. This package holds the command-line tool, example profiles, a systemd\n"
    "service that monitors a profile's devices for Prometheus, and the udev rules\n"
    "for USB sound level meters.")
if(WATTBENCH_REPORT_QT)
  set(CPACK_DEBIAN_WATTBENCH_PACKAGE_SUGGESTS wattbench-render)
endif()
set(CPACK_DEBIAN_WATTBENCH_PACKAGE_CONTROL_EXTRA
    ${PROJECT_SOURCE_DIR}/packaging/debian/postinst ${PROJECT_SOURCE_DIR}/packaging/debian/postrm)

set(CPACK_DEBIAN_WATTBENCH-GUI_PACKAGE_NAME wattbench-gui)
set(CPACK_DEBIAN_WATTBENCH-GUI_PACKAGE_SECTION science)
set(CPACK_COMPONENT_WATTBENCH-GUI_DEPENDS wattbench)
# Qt draws text with whatever fonts fontconfig finds, and a minimal system may have none that
# cover Cyrillic: the window in --lang ru (and Czech accents) needs DejaVu's. Added to the
# libraries dpkg-shlibdeps finds.
set(CPACK_DEBIAN_WATTBENCH-GUI_PACKAGE_DEPENDS "fonts-dejavu-core")
string(CONCAT CPACK_COMPONENT_WATTBENCH-GUI_DESCRIPTION
    "Qt desktop view of wattbench runs\n"
    "wattbench-gui runs the same measurement engine as wattbench and shows the\n"
    "devices, live charts, the phase ladder and the results; it also opens\n"
    "finished run directories.")

set(CPACK_DEBIAN_WATTBENCH-RENDER_PACKAGE_NAME wattbench-render)
set(CPACK_DEBIAN_WATTBENCH-RENDER_PACKAGE_SECTION science)
# The module shares the CLI's report structures, so only the same version will do.
set(CPACK_COMPONENT_WATTBENCH-RENDER_DEPENDS wattbench)
string(CONCAT CPACK_COMPONENT_WATTBENCH-RENDER_DESCRIPTION
    "HTML and PDF reports and chart export for wattbench\n"
    "The Qt-based renderer that `wattbench report` and `wattbench compare` load for\n"
    "--format html, --format pdf and --charts; without it the command-line tool\n"
    "writes Markdown, CSV and JSON. Kept apart so that wattbench itself needs no Qt.")

# cpack installs what is built and never builds: `ninja debs` builds just the packaged targets
# (not the tests), and the deb test under ctest packs the tree as it is.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
include(CPack)

set(packaged_targets wattbench man_pages)
if(WATTBENCH_GUI)
  list(APPEND packaged_targets wattbench-gui)
endif()
if(WATTBENCH_REPORT_QT)
  list(APPEND packaged_targets wattbench-render)
endif()
add_custom_target(debs
  COMMAND ${CMAKE_CPACK_COMMAND} --config ${PROJECT_BINARY_DIR}/CPackConfig.cmake
  DEPENDS ${packaged_targets}
  WORKING_DIRECTORY ${PROJECT_BINARY_DIR}
  COMMENT "Debian packages into ${CPACK_PACKAGE_DIRECTORY}"
  VERBATIM)
