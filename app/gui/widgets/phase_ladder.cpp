#include "app/gui/widgets/phase_ladder.hpp"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "app/gui/model/phase_model.hpp"
#include "app/gui/widgets/progress_delegate.hpp"

namespace wattbench::gui::widgets {

PhaseLadder::PhaseLadder(model::PhaseModel* model, QWidget* parent)
    : QWidget(parent), model_(model) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("phaseTable"));
    table_->setModel(model_);
    table_->setItemDelegateForColumn(model::PhaseModel::progress_column,
                                     new ProgressDelegate(table_));
    table_->verticalHeader()->hide();
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->setShowGrid(false);
    table_->setAlternatingRowColors(true);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(model::PhaseModel::progress_column,
                                                     QHeaderView::Stretch);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 10);
    layout->addWidget(table_, 1);

    // Each bar's text beside it, not on it: centred on the bar it crosses the edge of the filled
    // part and half of it is white on blue, half dark on white.
    auto* bars = new QGridLayout();
    stage_label_ = new QLabel(tr("Stage"), this);
    stage_bar_ = new QProgressBar(this);
    stage_bar_->setObjectName(QStringLiteral("stageProgress"));
    stage_text_ = new QLabel(this);
    stage_text_->setObjectName(QStringLiteral("stageLeft"));
    run_label_ = new QLabel(tr("Run"), this);
    run_bar_ = new QProgressBar(this);
    run_bar_->setObjectName(QStringLiteral("runProgress"));
    run_text_ = new QLabel(this);
    run_text_->setObjectName(QStringLiteral("runLeft"));
    const int text_width =
        fontMetrics().horizontalAdvance(tr("%1 left").arg(QStringLiteral("0:00:00")));
    for (auto* b : {stage_bar_, run_bar_}) {
        b->setRange(0, 1000);
        b->setValue(0);
        b->setTextVisible(false);
    }
    for (auto* t : {stage_text_, run_text_}) {
        t->setText(QStringLiteral("–"));
        t->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        t->setMinimumWidth(text_width);
    }
    bars->addWidget(stage_label_, 0, 0);
    bars->addWidget(stage_bar_, 0, 1);
    bars->addWidget(stage_text_, 0, 2);
    bars->addWidget(run_label_, 1, 0);
    bars->addWidget(run_bar_, 1, 1);
    bars->addWidget(run_text_, 1, 2);
    bars->setColumnStretch(1, 1);
    layout->addLayout(bars);

    auto* buttons = new QGridLayout();
    start_ = new QPushButton(tr("Start"), this);
    skip_warmup_ = new QPushButton(tr("Skip warm-up"), this);
    skip_phase_ = new QPushButton(tr("Skip phase"), this);
    abort_ = new QPushButton(tr("Abort…"), this);
    start_->setObjectName(QStringLiteral("startButton"));
    abort_->setObjectName(QStringLiteral("abortButton"));
    start_->setToolTip(tr("Open the devices and run every phase (F5)"));
    skip_warmup_->setToolTip(tr("Open the averaging window now (F6)"));
    skip_phase_->setToolTip(tr("End this phase without results and go on (F7)"));
    abort_->setToolTip(tr("Stop the run; everything gathered so far is written (F8)"));
    buttons->addWidget(start_, 0, 0);
    buttons->addWidget(abort_, 0, 1);
    buttons->addWidget(skip_warmup_, 1, 0);
    buttons->addWidget(skip_phase_, 1, 1);
    layout->addLayout(buttons);

    connect(start_, &QPushButton::clicked, this, &PhaseLadder::start_requested);
    connect(skip_warmup_, &QPushButton::clicked, this, &PhaseLadder::skip_warmup_requested);
    connect(skip_phase_, &QPushButton::clicked, this, &PhaseLadder::skip_phase_requested);
    connect(abort_, &QPushButton::clicked, this, &PhaseLadder::abort_requested);
    connect(model_, &QAbstractItemModel::modelReset, this, [this] {
        run_total_ = model_->run_left();
        update_progress();
    });
    set_controls(false, false);
}

void PhaseLadder::set_controls(bool can_start, bool running) {
    start_->setEnabled(can_start && !running);
    skip_warmup_->setEnabled(running);
    skip_phase_->setEnabled(running);
    abort_->setEnabled(running);
}

QString PhaseLadder::stage_text() const {
    return stage_text_->text();
}

QString PhaseLadder::run_text() const {
    return run_text_->text();
}

void PhaseLadder::update_progress() {
    using model::PhaseModel;
    const double left = model_->run_left();
    run_total_ = std::max(run_total_, left);
    if (model_->current() >= 0) {
        stage_bar_->setValue(static_cast<int>(model_->stage_fraction() * 1000.0));
        stage_text_->setText(tr("%1 left").arg(PhaseModel::format_left(model_->stage_left())));
        // The phase and stage are the ladder's bold row; the bar repeats them on hover.
        const QString stage = tr("%1 %2").arg(
            model_->data(model_->index(model_->current(), 0)).toString(), model_->stage_name());
        stage_bar_->setToolTip(stage);
        stage_label_->setToolTip(stage);
    } else {
        stage_bar_->setValue(0);
        stage_text_->setText(QStringLiteral("–"));
        stage_bar_->setToolTip({});
        stage_label_->setToolTip({});
    }
    if (run_total_ > 0.0) {
        run_bar_->setValue(static_cast<int>((1.0 - left / run_total_) * 1000.0));
        run_text_->setText(left > 0.0 ? tr("%1 left").arg(PhaseModel::format_left(left))
                                      : tr("finished"));
    }
}

}  // namespace wattbench::gui::widgets
