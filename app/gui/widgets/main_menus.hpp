#pragma once

#include <QObject>
#include <QString>

class QAction;
class QComboBox;
class QMainWindow;

namespace wattbench::gui::widgets {

class RecentMenu;
class ReportExport;

// The window's menus and its Run tool bar: File (open, recent, export, quit), Run (start, skip,
// abort with F5–F8), Edit (copy results), View (the docks), Tools, Help, and the charts' span.
// What they ask for goes out as signals; the window says which make sense (set_controls).
class MainMenus final : public QObject {
    Q_OBJECT
public:
    // After the window's docks exist: the View menu lists them.
    explicit MainMenus(QMainWindow* window);

    void set_controls(bool can_start, bool running);
    RecentMenu* recent() const { return recent_; }
    ReportExport* export_menu() const { return export_; }
    // The detail charts' span in seconds (0: the whole run).
    QComboBox* span() const { return span_; }

signals:
    void open_profile_requested(const QString& path);
    void open_run_requested(const QString& dir);
    void open_path_requested(const QString& path);
    void start_requested();
    void skip_warmup_requested();
    void skip_phase_requested();
    void abort_requested();
    void copy_requested(bool markdown);
    void span_changed(double seconds);

private:
    void build_file_menu();
    void build_run_menu();
    void build_other_menus();
    void build_tool_bar();

    QMainWindow* window_;
    RecentMenu* recent_ = nullptr;
    ReportExport* export_ = nullptr;
    QAction* open_profile_ = nullptr;
    QAction* open_run_ = nullptr;
    QAction* start_ = nullptr;
    QAction* skip_warmup_ = nullptr;
    QAction* skip_phase_ = nullptr;
    QAction* abort_ = nullptr;
    QComboBox* span_ = nullptr;
};

}  // namespace wattbench::gui::widgets
