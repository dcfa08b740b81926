#include "app/gui/widgets/report_export.hpp"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QMenu>

#include "app/core/report/report_content.hpp"
#include "app/core/report/report_output.hpp"
#include "app/gui/model/ui_language.hpp"

namespace wattbench::gui::widgets {

ReportExport::ReportExport(QMenu* menu, QWidget* window) : QObject(window), window_(window) {
    const auto add = [&](const QString& text, const char* format) {
        auto* a = menu->addAction(text, this, [this, format] { export_as(format); });
        actions_.push_back(a);
        return a;
    };
    add(tr("&Markdown…"), "md")->setShortcut(QKeySequence(QStringLiteral("Ctrl+E")));
    add(tr("&CSV…"), "csv");
    add(tr("&JSON…"), "json");
    if (core::report::rendering_available()) {
        menu->addSeparator();
        add(tr("&HTML with charts…"), "html");
        add(tr("&PDF with charts…"), "pdf");
    }
}

void ReportExport::set_enabled(bool enabled) {
    for (auto* a : actions_) {
        a->setEnabled(enabled);
    }
}

void ReportExport::export_as(const QString& format) {
    const QString suggested = QDir(run_dir_).filePath(QStringLiteral("report.") + format);
    const QString path = QFileDialog::getSaveFileName(window_, tr("Export report"), suggested);
    if (path.isEmpty()) {
        return;
    }
    if (const auto err = write(format, path)) {
        emit error(tr("Export failed"), *err);
        return;
    }
    emit written(path);
}

std::optional<QString> ReportExport::write(const QString& format, const QString& path) const {
    if (run_dir_.isEmpty()) {
        return tr("No run to report on");
    }
    const auto chosen = core::report::report_format(format.toStdString());
    if (!chosen || (core::report::is_rendered(*chosen) && !core::report::rendering_available())) {
        return tr("This build cannot write %1 reports").arg(format);
    }
    // The same content as `wattbench report`: read back from the run directory, so the export
    // of a live run is what the command would print at this moment.
    auto built = core::report::build_report_content(run_dir_.toStdString());
    if (auto* err = std::get_if<std::string>(&built)) {
        return QString::fromStdString(*err);
    }
    auto& content = *std::get<std::unique_ptr<core::report::ReportContent>>(built);
    // The window's language, as `wattbench report --lang` would write it.
    content.language = model::ui_language();
    if (const auto err = core::report::write_report(content, {*chosen, path.toStdString(), {}})) {
        return QString::fromStdString(err->message);
    }
    return std::nullopt;
}

}  // namespace wattbench::gui::widgets
