#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include <QDialog>

#include "app/core/engine/observer.hpp"

class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace wattbench::gui::widgets {

// The engine's question for the operator (PromptRequest): a confirmation before a phase ("Done,
// continue" / "Skip phase") or a number a person reads off an instrument ("Record" / "Skip").
// Non-modal, so the charts go on moving while it waits; deletes itself when closed. Named
// "prompt-<id>" so a withdrawn prompt's dialog can be found and closed.
class PromptDialog final : public QDialog {
    Q_OBJECT
public:
    PromptDialog(const core::engine::PromptRequest& prompt, QWidget* parent = nullptr);

    // Called once with the answer: the number (1.0 for a confirmation), or nothing when the
    // operator skipped or the prompt was withdrawn.
    std::function<void(std::uint64_t id, std::optional<double> value)> on_answer;

    std::uint64_t id() const { return id_; }
    core::engine::PromptRequest::Kind kind() const { return kind_; }
    QString question_text() const;
    // The number entry; null for confirmations.
    QDoubleSpinBox* number() const { return number_; }
    QPushButton* ok_button() const { return ok_; }
    QPushButton* skip_button() const { return skip_; }

    void done(int result) override;

private:
    std::uint64_t id_;
    core::engine::PromptRequest::Kind kind_;
    QLabel* question_;
    QDoubleSpinBox* number_ = nullptr;
    QPushButton* ok_;
    QPushButton* skip_;
    bool answered_ = false;
};

}  // namespace wattbench::gui::widgets
