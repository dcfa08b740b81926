#pragma once

#include <QMenu>

namespace wattbench::gui::widgets {

// File > Open recent: the last profiles and run directories opened, newest first, kept in the
// settings ("recent") with Alt+1 … Alt+9 on the first nine.
class RecentMenu final : public QMenu {
    Q_OBJECT
public:
    static constexpr int kMaxRecent = 8;

    explicit RecentMenu(const QString& title, QWidget* parent = nullptr);

    void add(const QString& path);

signals:
    void open_requested(const QString& path);

private:
    void rebuild();
};

}  // namespace wattbench::gui::widgets
