#pragma once

#include <QPlainTextEdit>

namespace wattbench::gui::widgets {

// The Events dock: what the engine and the window said, one stamped line each, the last
// kMaxLines kept.
class EventLog final : public QPlainTextEdit {
    Q_OBJECT
public:
    static constexpr int kMaxLines = 5000;

    explicit EventLog(QWidget* parent = nullptr);

    // `level`: 0 info, 1 warning, 2 error (the engine's EventLevel order).
    void add(const QString& line, int level);
};

}  // namespace wattbench::gui::widgets
