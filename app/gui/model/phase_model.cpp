#include "app/gui/model/phase_model.hpp"

#include <algorithm>
#include <cmath>

#include <QColor>
#include <QFont>

namespace wattbench::gui::model {

PhaseModel::PhaseModel(QObject* parent) : QAbstractTableModel(parent) {}

void PhaseModel::set_plan(std::vector<Plan> plan) {
    beginResetModel();
    rows_.clear();
    for (auto& p : plan) {
        rows_.push_back({std::move(p), State::pending});
    }
    current_ = -1;
    stage_ = core::phases::Stage::between;
    endResetModel();
}

void PhaseModel::changed_row(int row) {
    if (row >= 0 && row < static_cast<int>(rows_.size())) {
        emit dataChanged(index(row, 0), index(row, column_count - 1));
    }
}

void PhaseModel::on_stage(int phase, core::phases::Stage stage, double t, double planned_s) {
    using core::phases::Stage;
    const int previous = current_;
    stage_ = stage;
    stage_start_ = t;
    stage_planned_ = planned_s;
    now_ = std::max(now_, t);
    if (phase < 0 || phase >= static_cast<int>(rows_.size()) || stage == Stage::between) {
        current_ = -1;
        changed_row(previous);
        return;
    }
    current_ = phase;
    rows_[static_cast<std::size_t>(phase)].state =
        stage == Stage::warmup ? State::warming_up : State::measuring;
    if (previous != phase) {
        changed_row(previous);
    }
    changed_row(phase);
}

void PhaseModel::on_finished(int phase, core::engine::PhaseStatus status, bool flagged) {
    using core::engine::PhaseStatus;
    if (phase < 0 || phase >= static_cast<int>(rows_.size())) {
        return;
    }
    State s = State::done;
    switch (status) {
        case PhaseStatus::done:
            s = flagged ? State::flagged : State::done;
            break;
        case PhaseStatus::skipped:
            s = State::skipped;
            break;
        case PhaseStatus::interrupted:
            s = State::interrupted;
            break;
        case PhaseStatus::failed:
            s = State::failed;
            break;
        default:
            return;
    }
    rows_[static_cast<std::size_t>(phase)].state = s;
    if (current_ == phase) {
        current_ = -1;
    }
    changed_row(phase);
}

void PhaseModel::set_state(int phase, State state) {
    if (phase < 0 || phase >= static_cast<int>(rows_.size())) {
        return;
    }
    rows_[static_cast<std::size_t>(phase)].state = state;
    changed_row(phase);
}

void PhaseModel::set_now(double t) {
    now_ = t;
    changed_row(current_);
}

double PhaseModel::stage_left() const {
    if (current_ < 0) {
        return 0.0;
    }
    return std::max(0.0, stage_planned_ - (now_ - stage_start_));
}

double PhaseModel::stage_fraction() const {
    if (current_ < 0 || stage_planned_ <= 0.0) {
        return current_ < 0 ? 0.0 : 1.0;
    }
    return std::clamp((now_ - stage_start_) / stage_planned_, 0.0, 1.0);
}

double PhaseModel::run_left() const {
    double left = stage_left();
    if (current_ >= 0 && stage_ == core::phases::Stage::warmup) {
        left += rows_[static_cast<std::size_t>(current_)].plan.window_s;
    }
    for (const auto& r : rows_) {
        if (r.state == State::pending) {
            left += r.plan.warmup_s + r.plan.window_s;
        }
    }
    return left;
}

QString PhaseModel::stage_name() const {
    if (current_ < 0) {
        return {};
    }
    return stage_ == core::phases::Stage::warmup ? tr("warming up") : tr("measuring");
}

QString PhaseModel::to_text(State s) {
    switch (s) {
        case State::pending:
            return tr("pending");
        case State::warming_up:
            return tr("warming up");
        case State::measuring:
            return tr("measuring");
        case State::done:
            return tr("done");
        case State::flagged:
            return tr("flagged");
        case State::skipped:
            return tr("skipped");
        case State::interrupted:
            return tr("interrupted");
        case State::failed:
            return tr("failed");
    }
    return {};
}

QString PhaseModel::format_left(double seconds) {
    const auto total = static_cast<long long>(std::ceil(std::max(0.0, seconds)));
    const long long h = total / 3600;
    const long long m = (total / 60) % 60;
    const long long s = total % 60;
    if (h > 0) {
        return QStringLiteral("%1:%2:%3")
            .arg(h)
            .arg(m, 2, 10, QLatin1Char('0'))
            .arg(s, 2, 10, QLatin1Char('0'));
    }
    return QStringLiteral("%1:%2").arg(m).arg(s, 2, 10, QLatin1Char('0'));
}

int PhaseModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int PhaseModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : column_count;
}

QVariant PhaseModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= static_cast<int>(rows_.size())) {
        return {};
    }
    const auto& r = rows_[static_cast<std::size_t>(index.row())];
    const bool running = index.row() == current_;
    if (role == kStateRole) {
        return static_cast<int>(r.state);
    }
    if (role == kProgressRole && index.column() == progress_column) {
        if (running) {
            return stage_fraction();
        }
        return r.state == State::pending
                   ? 0.0
                   : (r.state == State::done || r.state == State::flagged ? 1.0 : -1.0);
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
            case name_column:
                return QString::fromStdString(r.plan.name);
            case load_column:
                return QString::fromStdString(r.plan.load);
            case state_column:
                return to_text(r.state);
            case progress_column:
                if (running) {
                    return tr("%1 left").arg(format_left(stage_left()));
                }
                if (r.state == State::pending) {
                    return format_left(r.plan.warmup_s + r.plan.window_s);
                }
                return {};
            default:
                return {};
        }
    }
    if (role == Qt::FontRole && running) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == Qt::ForegroundRole && index.column() == state_column) {
        switch (r.state) {
            case State::warming_up:
                return QColor(0xd0, 0x84, 0x00);
            case State::measuring:
                return QColor(0x1f, 0x77, 0xd0);
            case State::done:
                return QColor(0x2e, 0x9e, 0x44);
            case State::flagged:
            case State::interrupted:
            case State::failed:
                return QColor(0xd0, 0x30, 0x30);
            default:
                return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        return tr("%1 (%2): warm-up %3, window %4")
            .arg(QString::fromStdString(r.plan.name), QString::fromStdString(r.plan.load),
                 format_left(r.plan.warmup_s), format_left(r.plan.window_s));
    }
    return {};
}

QVariant PhaseModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
        case name_column:
            return tr("Phase");
        case load_column:
            return tr("Load");
        case state_column:
            return tr("State");
        case progress_column:
            return tr("Progress");
        default:
            return {};
    }
}

}  // namespace wattbench::gui::model
