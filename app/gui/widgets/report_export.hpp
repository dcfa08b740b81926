#pragma once

#include <optional>
#include <vector>

#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QWidget;

namespace wattbench::gui::widgets {

// File > Export report: one action per format the report library writes in this build (html
// and pdf only with its Qt renderer), each through the same write_report as `wattbench report`.
class ReportExport final : public QObject {
    Q_OBJECT
public:
    ReportExport(QMenu* menu, QWidget* window);

    void set_run_dir(const QString& dir) { run_dir_ = dir; }
    void set_enabled(bool enabled);

    // The run directory's report in `format` ("md", "csv", "json", "html", "pdf") at `path`: an
    // error message, or nothing on success.
    std::optional<QString> write(const QString& format, const QString& path) const;

signals:
    void error(const QString& title, const QString& text);
    void written(const QString& path);

private:
    void export_as(const QString& format);

    QWidget* window_;
    QString run_dir_;
    std::vector<QAction*> actions_;
};

}  // namespace wattbench::gui::widgets
