# cmake -DWATTBENCH=… -DSAMPLE=drivers/x/sample.toml -DPROFILE=out.toml -P validate_sample.cmake
# The sample's [[device]] tables with a [run] and one idle phase after them (so an error's
# line number is the sample's own), checked by `wattbench validate`.
file(READ ${SAMPLE} devices)
get_filename_component(driver_dir ${SAMPLE} DIRECTORY)
get_filename_component(driver ${driver_dir} NAME)
file(WRITE ${PROFILE} "${devices}
[run]
name = \"sample-${driver}\"

[[phase]]
name = \"idle\"
load = \"idle\"
")
execute_process(COMMAND ${WATTBENCH} validate ${PROFILE} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${SAMPLE} does not validate (wattbench validate ${PROFILE}: exit ${rc})")
endif()
