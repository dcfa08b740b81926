#include "app/gui/widgets/discovery_dialog.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <thread>

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QVBoxLayout>

#include "drivers/builtin_registry.hpp"
#include "drivers/catalogue/usb_catalogue.hpp"
#include "drivers/transport/serial_scan.hpp"
#include "drivers/usb/meter_scan.hpp"

namespace wattbench::gui::widgets {

namespace {

QString hex4(std::uint16_t v) {
    return QStringLiteral("%1").arg(v, 4, 16, QLatin1Char('0'));
}

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

struct IpmiOutcome {
    bool ok = false;
    QString text;
};

// Opens the BMC the way a run would, reads nothing more than its identity and sensor table.
// The driver's own keys, as a profile would set them.
struct IpmiOptions {
    std::string privilege;    // user, operator, admin
    std::string workarounds;  // ipmi-sensors -W names; empty: none
};

IpmiOutcome probe_ipmi(const std::string& connection, const std::string& password,
                       const IpmiOptions& options) {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    std::string templ =
        (dir.isEmpty() ? QDir::tempPath() : dir).toStdString() + "/wattbench-ipmi-XXXXXX";
    const int fd = mkstemp(templ.data());
    if (fd < 0) {
        return {false, QObject::tr("cannot create a private password file")};
    }
    fchmod(fd, 0600);
    const bool written =
        write(fd, password.data(), password.size()) == static_cast<ssize_t>(password.size());
    close(fd);
    IpmiOutcome out;
    if (!written) {
        out = {false, QObject::tr("cannot write the private password file")};
    } else {
        drivers::api::DeviceConfig cfg;
        cfg.id = "bmc";
        cfg.driver = "ipmi";
        cfg.connection = connection;
        cfg.options.set("password_file", templ);
        cfg.options.set("privilege", options.privilege);
        if (!options.workarounds.empty()) {
            cfg.options.set("workarounds", options.workarounds);
        }
        auto made = drivers::builtin_registry().create(cfg);
        if (auto* err = std::get_if<drivers::api::DeviceError>(&made)) {
            out = {false, QString::fromStdString(err->message)};
        } else {
            auto& dev = std::get<std::unique_ptr<drivers::api::Device>>(made);
            if (auto e = dev->open()) {
                out = {false, QString::fromStdString(e->message)};
            } else {
                const auto id = dev->identity();
                QStringList who;
                for (const auto* part : {&id.vendor, &id.model}) {
                    if (!part->empty()) {
                        who << QString::fromStdString(*part);
                    }
                }
                if (!id.firmware.empty()) {
                    who << QObject::tr("firmware %1").arg(QString::fromStdString(id.firmware));
                }
                if (!id.serial.empty()) {
                    who << QObject::tr("serial %1").arg(QString::fromStdString(id.serial));
                }
                out = {true, QObject::tr("Connected: %1; %Ln sensor(s)", nullptr,
                                         static_cast<int>(dev->channels().size()))
                                 .arg(who.join(QStringLiteral(", ")))};
                dev->close();
            }
        }
    }
    unlink(templ.c_str());
    return out;
}

}  // namespace

DiscoveryDialog::DiscoveryDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Discover devices"));
    auto* layout = new QVBoxLayout(this);

    auto* serial = new QGroupBox(tr("Serial ports"), this);
    auto* sl = new QVBoxLayout(serial);
    ports_ = new QTableWidget(0, 5, serial);
    ports_->setObjectName(QStringLiteral("serialPorts"));
    ports_->setHorizontalHeaderLabels(
        {tr("Port"), tr("USB ID"), tr("Description"), tr("Identified as"), tr("Drivers")});
    ports_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    ports_->horizontalHeader()->setStretchLastSection(true);
    ports_->verticalHeader()->hide();
    ports_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    ports_->setSelectionBehavior(QAbstractItemView::SelectRows);
    ports_note_ = new QLabel(serial);
    ports_note_->setWordWrap(true);
    auto* rescan_button = new QPushButton(tr("Scan again"), serial);
    sl->addWidget(ports_);
    sl->addWidget(ports_note_);
    sl->addWidget(rescan_button, 0, Qt::AlignRight);
    layout->addWidget(serial, 1);

    // The same scan as `wattbench devices --scan`: sound meters are HID devices, not serial.
    auto* usb = new QGroupBox(tr("USB sound level meters"), this);
    auto* ul = new QVBoxLayout(usb);
    meters_ = new QTableWidget(0, 4, usb);
    meters_->setObjectName(QStringLiteral("usbMeters"));
    meters_->setHorizontalHeaderLabels({tr("Connection"), tr("Driver"), tr("Product"), tr("Note")});
    meters_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    meters_->horizontalHeader()->setStretchLastSection(true);
    meters_->verticalHeader()->hide();
    meters_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    meters_->setSelectionBehavior(QAbstractItemView::SelectRows);
    meters_->setMaximumHeight(meters_->fontMetrics().height() * 7);
    meters_note_ = new QLabel(usb);
    meters_note_->setWordWrap(true);
    ul->addWidget(meters_);
    ul->addWidget(meters_note_);
    layout->addWidget(usb);

    auto* ipmi = new QGroupBox(tr("IPMI BMC over the LAN"), this);
    auto* form = new QFormLayout(ipmi);
    host_ = new QLineEdit(ipmi);
    host_->setObjectName(QStringLiteral("ipmiHost"));
    host_->setPlaceholderText(QStringLiteral("192.0.2.10"));
    port_ = new QSpinBox(ipmi);
    port_->setRange(1, 65535);
    port_->setValue(623);
    port_->setObjectName(QStringLiteral("ipmiPort"));
    user_ = new QLineEdit(QStringLiteral("admin"), ipmi);
    user_->setObjectName(QStringLiteral("ipmiUser"));
    password_ = new QLineEdit(ipmi);
    password_->setEchoMode(QLineEdit::Password);
    password_->setObjectName(QStringLiteral("ipmiPassword"));
    privilege_ = new QComboBox(ipmi);
    privilege_->setObjectName(QStringLiteral("ipmiPrivilege"));
    privilege_->addItems(
        {QStringLiteral("user"), QStringLiteral("operator"), QStringLiteral("admin")});
    workarounds_ = new QLineEdit(ipmi);
    workarounds_->setObjectName(QStringLiteral("ipmiWorkarounds"));
    workarounds_->setPlaceholderText(tr("e.g. opensesspriv,authcap (as ipmi-sensors -W)"));
    test_ = new QPushButton(tr("Test connection"), ipmi);
    test_->setObjectName(QStringLiteral("ipmiTest"));
    result_ = new QLabel(ipmi);
    result_->setObjectName(QStringLiteral("ipmiResult"));
    result_->setWordWrap(true);
    result_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Host"), host_);
    form->addRow(tr("Port"), port_);
    form->addRow(tr("User"), user_);
    form->addRow(tr("Password"), password_);
    form->addRow(tr("Privilege"), privilege_);
    form->addRow(tr("Workarounds"), workarounds_);
    form->addRow(QString(), test_);
    form->addRow(QString(), result_);
    layout->addWidget(ipmi);

    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    layout->addWidget(close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(rescan_button, &QPushButton::clicked, this, &DiscoveryDialog::rescan);
    connect(test_, &QPushButton::clicked, this, &DiscoveryDialog::test_ipmi);
    resize(760, 640);
    rescan();
}

DiscoveryDialog::~DiscoveryDialog() = default;

void DiscoveryDialog::rescan() {
    const auto ports = drivers::transport::list_serial_ports();
    ports_->setRowCount(static_cast<int>(ports.size()));
    for (int r = 0; r < static_cast<int>(ports.size()); ++r) {
        const auto& p = ports[static_cast<std::size_t>(r)];
        QString id, known, drivers;
        if (p.vid && p.pid) {
            id = hex4(*p.vid) + QLatin1Char(':') + hex4(*p.pid);
            // An analyzer by the ID its driver declares (as `devices --scan`); else the table
            // of adapters and older meters.
            const auto analyzers = drivers::catalogue::drivers_for_usb(*p.vid, *p.pid);
            QStringList names, list;
            for (const auto& a : analyzers) {
                if (!names.contains(qs(a.model.description))) {
                    names << qs(a.model.description);
                }
                list << qs(a.driver);
            }
            if (!analyzers.empty()) {
                known = names.join(QStringLiteral(" / "));
                drivers = list.join(QStringLiteral(", "));
            } else if (const auto* k =
                           drivers::transport::identify_usb(*p.vid, *p.pid, p.product)) {
                known = qs(k->name);
                drivers = qs(k->drivers);
            }
        }
        QString desc = QString::fromStdString(p.description);
        if (!p.product.empty() && !desc.contains(QString::fromStdString(p.product))) {
            desc += QStringLiteral(" (%1)").arg(QString::fromStdString(p.product));
        }
        const QString cells[] = {QString::fromStdString(p.path), id, desc, known, drivers};
        for (int c = 0; c < 5; ++c) {
            ports_->setItem(r, c, new QTableWidgetItem(cells[c]));
        }
    }
    ports_note_->setText(
        ports.empty()
            ? tr("No serial ports found. Pseudo-terminals and network bridges are not listed "
                 "but work by path (serial:///dev/pts/N, tcp://HOST:PORT). Sim devices need "
                 "no hardware.")
            : tr("Use a port in a profile as serial:///dev/ttyUSB0?baud=9600."));

    const auto meters = drivers::usb::scan_sound_meters(drivers::catalogue::builtin_usb_models());
    meters_->setRowCount(static_cast<int>(meters.size()));
    for (int r = 0; r < static_cast<int>(meters.size()); ++r) {
        const auto& m = meters[static_cast<std::size_t>(r)];
        const QString cells[] = {qs(m.connection), qs(m.driver), qs(m.product), qs(m.note)};
        for (int c = 0; c < 4; ++c) {
            meters_->setItem(r, c, new QTableWidgetItem(cells[c]));
        }
    }
    meters_note_->setText(meters.empty() ? tr("No USB sound level meter found (WENSN WS1361, "
                                              "GM1356 and their relabels are looked for).")
                                         : tr("Use the connection as shown in a profile's "
                                              "[[device]] with the driver named."));
}

void DiscoveryDialog::test_ipmi() {
    if (testing_) {
        return;
    }
    if (host_->text().trimmed().isEmpty()) {
        result_->setText(tr("Enter the BMC's host name or address."));
        return;
    }
    QString conn =
        QStringLiteral("ipmi+lan://%1@%2").arg(user_->text().trimmed(), host_->text().trimmed());
    if (port_->value() != 623) {
        conn += QStringLiteral(":%1").arg(port_->value());
    }
    testing_ = true;
    test_->setEnabled(false);
    result_->setText(tr("Connecting to %1 …").arg(conn));
    QPointer<DiscoveryDialog> self(this);
    IpmiOptions options{privilege_->currentText().toStdString(),
                        workarounds_->text().trimmed().toStdString()};
    std::thread([self, conn = conn.toStdString(), pw = password_->text().toStdString(), options] {
        const auto out = probe_ipmi(conn, pw, options);
        QMetaObject::invokeMethod(
            qApp,
            [self, out] {
                if (!self) {
                    return;
                }
                self->testing_ = false;
                self->test_->setEnabled(true);
                self->result_->setText(out.ok ? out.text : tr("Failed: %1").arg(out.text));
            },
            Qt::QueuedConnection);
    }).detach();
}

}  // namespace wattbench::gui::widgets
