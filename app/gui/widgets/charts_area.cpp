#include "app/gui/widgets/charts_area.hpp"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "app/core/i18n/translate.hpp"
#include "app/gui/model/ui_language.hpp"
#include "app/gui/widgets/chart_view.hpp"

namespace wattbench::gui::widgets {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace

ChartsArea::ChartsArea(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->setSpacing(2);
    grid_ = new QGridLayout();
    grid_->setSpacing(2);
    outer->addLayout(grid_, 1);
    for (auto g : chart_style::kChartGroups) {
        charts_.push_back(new ChartView(g, false, this));
        charts_.back()->on_toggled = [this] {
            if (last_) {
                refresh(*last_);
            }
        };
        overviews_.push_back(new ChartView(g, true, this));
        overviews_.back()->hide();
    }
    auto* bar = new QHBoxLayout();
    bar->setContentsMargins(6, 0, 6, 0);
    auto* label = new QLabel(tr("Whole run (min/max per interval):"), this);
    overview_choice_ = new QComboBox(this);
    overview_choice_->setObjectName(QStringLiteral("overviewGroup"));
    for (auto g : chart_style::kChartGroups) {
        overview_choice_->addItem(qs(core::i18n::tr(model::ui_language(), chart_style::title(g))),
                                  qs(chart_style::key(g)));
    }
    bar->addWidget(label);
    bar->addWidget(overview_choice_);
    bar->addStretch(1);
    outer->addLayout(bar);
    for (auto* o : overviews_) {
        outer->addWidget(o);
        o->setFixedHeight(130);
    }
    connect(overview_choice_, &QComboBox::currentIndexChanged, this, [this](int i) {
        for (std::size_t k = 0; k < overviews_.size(); ++k) {
            overviews_[k]->setVisible(static_cast<int>(k) == i);
        }
        overview_ = overviews_[static_cast<std::size_t>(i)];
    });
    overview_choice_->setCurrentIndex(0);
    overview_ = overviews_[0];
    overview_->show();
    layout_charts();
}

ChartsArea::~ChartsArea() = default;

void ChartsArea::set_catalog(const core::record::Catalog& catalog) {
    for (auto* c : charts_) {
        c->set_catalog(catalog, hidden_);
    }
    for (auto* c : overviews_) {
        c->set_catalog(catalog, hidden_);
    }
    layout_charts();
}

void ChartsArea::layout_charts() {
    while (grid_->count() > 0) {
        grid_->takeAt(0);
    }
    std::vector<ChartView*> shown;
    for (auto* c : charts_) {
        if (c->has_channels()) {
            shown.push_back(c);
        } else {
            c->hide();
        }
    }
    // Power first and widest: it is what the review is about.
    const int columns = shown.size() <= 2 ? 1 : 2;
    int cell = 0;
    for (auto* c : shown) {
        const bool wide = c == shown.front() && shown.size() % 2 == 1 && columns == 2;
        grid_->addWidget(c, cell / columns, cell % columns, 1, wide ? 2 : 1);
        cell += wide ? 2 : 1;
        c->show();
    }
}

void ChartsArea::refresh(const history::RunHistory& history) {
    last_ = &history;
    if (history.empty()) {
        return;
    }
    const double last = history.last_t();
    const double first = history.first_t();
    const double t0 = span_ > 0.0 ? std::max(first, last - span_) : first;
    const double t1 = std::max(last, t0 + 1.0);
    for (auto* c : charts_) {
        if (c->has_channels()) {
            c->refresh(history, t0, t1);
        }
    }
    if (overview_ && overview_->has_channels()) {
        overview_->set_marked_span(t0, t1);
        overview_->refresh(history, first, std::max(last, first + 1.0));
    }
}

void ChartsArea::apply_palette() {
    for (auto* c : charts_) {
        c->apply_palette();
    }
    for (auto* c : overviews_) {
        c->apply_palette();
    }
}

std::set<std::string> ChartsArea::hidden() const {
    // Lines of other runs keep their remembered state; lines of this run say what they show now.
    std::set<std::string> out = hidden_;
    for (auto* c : charts_) {
        for (const auto& name : c->names()) {
            out.erase(name);
        }
    }
    for (auto* c : charts_) {
        out.merge(c->hidden());
    }
    return out;
}

QString ChartsArea::overview_group() const {
    return overview_choice_->currentData().toString();
}

void ChartsArea::set_overview_group(const QString& key) {
    const int i = overview_choice_->findData(key);
    if (i >= 0) {
        overview_choice_->setCurrentIndex(i);
    }
}

std::size_t ChartsArea::point_count(chart_style::ChartGroup group) const {
    for (auto* c : charts_) {
        if (c->group() == group) {
            return c->point_count();
        }
    }
    return 0;
}

std::size_t ChartsArea::overview_point_count() const {
    return overview_ ? overview_->point_count() : 0;
}

bool ChartsArea::has_chart(chart_style::ChartGroup group) const {
    for (auto* c : charts_) {
        if (c->group() == group) {
            return c->has_channels();
        }
    }
    return false;
}

}  // namespace wattbench::gui::widgets
