#include "app/gui/widgets/event_log.hpp"

#include <QDateTime>

namespace wattbench::gui::widgets {

EventLog::EventLog(QWidget* parent) : QPlainTextEdit(parent) {
    setObjectName(QStringLiteral("eventLog"));
    setReadOnly(true);
    setMaximumBlockCount(kMaxLines);
}

void EventLog::add(const QString& line, int level) {
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
    const char* tag = level >= 2 ? "error" : level == 1 ? "warn " : "info ";
    appendPlainText(QStringLiteral("%1 %2 %3").arg(stamp, QLatin1String(tag), line));
}

}  // namespace wattbench::gui::widgets
