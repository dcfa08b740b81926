#include "app/gui/widgets/prompt_dialog.hpp"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace wattbench::gui::widgets {

namespace {

QString where(const core::engine::PromptRequest& prompt) {
    return prompt.device_id.empty()
               ? PromptDialog::tr("Phase %1").arg(QString::fromStdString(prompt.phase_name))
               : PromptDialog::tr("Phase %1, %2")
                     .arg(QString::fromStdString(prompt.phase_name),
                          QString::fromStdString(prompt.device_id));
}

}  // namespace

PromptDialog::PromptDialog(const core::engine::PromptRequest& prompt, QWidget* parent)
    : QDialog(parent), id_(prompt.id), kind_(prompt.kind) {
    using Kind = core::engine::PromptRequest::Kind;
    const QString place = where(prompt);
    setObjectName(QStringLiteral("prompt-%1").arg(id_));
    setWindowTitle(tr("wattbench needs you — %1").arg(place));
    setAttribute(Qt::WA_DeleteOnClose);

    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout();
    auto* icon = new QLabel(this);
    const int size = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxQuestion).pixmap(size, size));
    icon->setAlignment(Qt::AlignTop);
    top->addWidget(icon);
    question_ = new QLabel(this);
    question_->setObjectName(QStringLiteral("promptQuestion"));
    question_->setWordWrap(true);
    question_->setText(
        QStringLiteral("<b>%1</b><p>%2</p>")
            .arg(place.toHtmlEscaped(), QString::fromStdString(prompt.question).toHtmlEscaped()));
    top->addWidget(question_, 1);
    layout->addLayout(top);

    if (prompt.kind == Kind::number) {
        number_ = new QDoubleSpinBox(this);
        number_->setObjectName(QStringLiteral("promptNumber"));
        number_->setDecimals(4);
        number_->setRange(-1e12, 1e12);
        if (prompt.default_value) {
            number_->setValue(*prompt.default_value);
        }
        if (!prompt.unit.empty()) {
            number_->setSuffix(QStringLiteral(" ") + QString::fromStdString(prompt.unit));
        }
        layout->addWidget(number_);
    }

    auto* buttons = new QDialogButtonBox(this);
    ok_ = buttons->addButton(prompt.kind == Kind::number ? tr("Record") : tr("Done, continue"),
                             QDialogButtonBox::AcceptRole);
    skip_ = buttons->addButton(prompt.kind == Kind::number ? tr("Skip") : tr("Skip phase"),
                               QDialogButtonBox::RejectRole);
    ok_->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    if (number_) {
        number_->setFocus();
        number_->selectAll();
    }
}

QString PromptDialog::question_text() const {
    return question_->text();
}

void PromptDialog::done(int result) {
    // Every way out (the buttons, Escape, the title bar's close, a withdrawn prompt) answers
    // exactly once, so the engine never waits on a dialog that is gone.
    if (!answered_) {
        answered_ = true;
        std::optional<double> value;
        if (result == QDialog::Accepted) {
            value = number_ ? number_->value() : 1.0;
        }
        if (on_answer) {
            on_answer(id_, value);
        }
    }
    QDialog::done(result);
}

}  // namespace wattbench::gui::widgets
