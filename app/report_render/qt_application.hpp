#pragma once

namespace wattbench::report_render {

// Creates the QApplication Qt Charts and the PDF writer need, once per process, headless: the
// report command must work over ssh and in CI. QT_QPA_PLATFORM is set to "offscreen" unless the
// user chose a platform. Does nothing when an application already exists (the GUI, tests).
void ensure_qt_application();

}  // namespace wattbench::report_render
