#pragma once

#include <QWidget>

class QTableView;

namespace wattbench::gui::model {
class ResultsModel;
}

namespace wattbench::gui::widgets {

// The Results dock: the review's table (phases across, headline channels down) and the two copy
// buttons.
class ResultsPanel final : public QWidget {
    Q_OBJECT
public:
    ResultsPanel(model::ResultsModel* results, QWidget* parent = nullptr);

    // Puts the table on the clipboard as the report spells it; the status line to show.
    QString copy(bool markdown) const;
    QTableView* table() const { return table_; }

signals:
    void copied(const QString& message);

private:
    model::ResultsModel* results_;
    QTableView* table_;
};

}  // namespace wattbench::gui::widgets
