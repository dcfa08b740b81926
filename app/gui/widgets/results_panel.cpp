#include "app/gui/widgets/results_panel.hpp"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "app/gui/model/results_model.hpp"

namespace wattbench::gui::widgets {

ResultsPanel::ResultsPanel(model::ResultsModel* results, QWidget* parent)
    : QWidget(parent), results_(results) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("resultsTable"));
    table_->setModel(results_);
    table_->setAlternatingRowColors(true);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->verticalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    // Room for the headline rows (power, VA, PF, temperatures, fans, noise) without scrolling.
    table_->setMinimumHeight(table_->fontMetrics().height() * 9);
    auto* buttons = new QHBoxLayout();
    auto* copy_md = new QPushButton(tr("Copy as Markdown"), this);
    auto* copy_csv = new QPushButton(tr("Copy as CSV"), this);
    buttons->addStretch(1);
    buttons->addWidget(copy_md);
    buttons->addWidget(copy_csv);
    layout->addWidget(table_, 1);
    layout->addLayout(buttons);
    connect(copy_md, &QPushButton::clicked, this, [this] { emit copied(copy(true)); });
    connect(copy_csv, &QPushButton::clicked, this, [this] { emit copied(copy(false)); });
}

QString ResultsPanel::copy(bool markdown) const {
    const auto text = markdown ? results_->to_markdown() : results_->to_csv();
    if (text.empty()) {
        return tr("No results yet");
    }
    QApplication::clipboard()->setText(QString::fromStdString(text));
    return markdown ? tr("Results copied as Markdown") : tr("Results copied as CSV");
}

}  // namespace wattbench::gui::widgets
