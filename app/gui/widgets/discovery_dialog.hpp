#pragma once

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace wattbench::gui::widgets {

// Finds instruments: serial ports with their USB identity and what wattbench makes of it, the
// USB sound level meters on the bus (the scans of `wattbench devices --scan`), and
// a test of an IPMI BMC over the LAN (the password goes to the driver through a file only this
// user can read, never through the environment or a command line).
class DiscoveryDialog final : public QDialog {
    Q_OBJECT
public:
    explicit DiscoveryDialog(QWidget* parent = nullptr);
    ~DiscoveryDialog() override;

    void rescan();
    QTableWidget* ports() const { return ports_; }
    QTableWidget* meters() const { return meters_; }

private:
    void test_ipmi();

    QTableWidget* ports_;
    QLabel* ports_note_;
    QTableWidget* meters_;
    QLabel* meters_note_;
    QLineEdit* host_;
    QSpinBox* port_;
    QLineEdit* user_;
    QLineEdit* password_;
    QComboBox* privilege_;
    QLineEdit* workarounds_;
    QPushButton* test_;
    QLabel* result_;
    bool testing_ = false;
};

}  // namespace wattbench::gui::widgets
