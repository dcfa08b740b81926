#include "app/gui/widgets/recent_menu.hpp"

#include <QSettings>

namespace wattbench::gui::widgets {

RecentMenu::RecentMenu(const QString& title, QWidget* parent) : QMenu(title, parent) {
    rebuild();
}

void RecentMenu::add(const QString& path) {
    QSettings s;
    QStringList recent = s.value(QStringLiteral("recent")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent) {
        recent.removeLast();
    }
    s.setValue(QStringLiteral("recent"), recent);
    rebuild();
}

void RecentMenu::rebuild() {
    clear();
    const QStringList recent = QSettings().value(QStringLiteral("recent")).toStringList();
    int n = 1;
    for (const auto& path : recent) {
        auto* a = addAction(QStringLiteral("&%1 %2").arg(n).arg(path), this,
                            [this, path] { emit open_requested(path); });
        if (n <= 9) {
            a->setShortcut(QKeySequence(QStringLiteral("Alt+%1").arg(n)));
        }
        ++n;
    }
    setEnabled(!recent.isEmpty());
}

}  // namespace wattbench::gui::widgets
