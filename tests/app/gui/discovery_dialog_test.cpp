#include "app/gui/widgets/discovery_dialog.hpp"

#include <gtest/gtest.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QTimer>

#include "drivers/catalogue/usb_catalogue.hpp"
#include "drivers/usb/meter_scan.hpp"
#include "qt_env.hpp"
#include "tests/drivers/ipmi/ipmi_sim.hpp"

namespace wattbench::gui::widgets {
namespace {

// A loopback UDP port nobody listens on: bound to port 0, then closed.
int closed_udp_port() {
    const int fd = socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    socklen_t len = sizeof a;
    getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    close(fd);
    return ntohs(a.sin_port);
}

struct IpmiForm {
    explicit IpmiForm(DiscoveryDialog& d)
        : host(d.findChild<QLineEdit*>("ipmiHost")),
          port(d.findChild<QSpinBox*>("ipmiPort")),
          user(d.findChild<QLineEdit*>("ipmiUser")),
          password(d.findChild<QLineEdit*>("ipmiPassword")),
          test(d.findChild<QPushButton*>("ipmiTest")),
          result(d.findChild<QLabel*>("ipmiResult")) {}
    bool complete() const { return host && port && user && password && test && result; }
    // Clicks Test and waits for the answer while counting event-loop turns.
    QString run(int& ticks) {
        QTimer tick;
        QObject::connect(&tick, &QTimer::timeout, [&] { ++ticks; });
        tick.start(10);
        QTest::mouseClick(test, Qt::LeftButton);
        EXPECT_FALSE(test->isEnabled());
        EXPECT_TRUE(QTest::qWaitFor([&] { return test->isEnabled(); }, 60'000));
        return result->text();
    }
    QLineEdit* host;
    QSpinBox* port;
    QLineEdit* user;
    QLineEdit* password;
    QPushButton* test;
    QLabel* result;
};

TEST(DiscoveryDialog, ListsTheUsbMetersTheCliScanFinds) {
    test::qt_app();
    DiscoveryDialog d;
    ASSERT_NE(d.meters(), nullptr);
    const auto found = drivers::usb::scan_sound_meters(drivers::catalogue::builtin_usb_models());
    ASSERT_EQ(d.meters()->rowCount(), static_cast<int>(found.size()));
    for (int r = 0; r < d.meters()->rowCount(); ++r) {
        EXPECT_EQ(d.meters()->item(r, 0)->text().toStdString(),
                  found[static_cast<std::size_t>(r)].connection);
    }
}

TEST(DiscoveryDialog, IpmiTestAgainstAClosedPortFailsWithoutFreezing) {
    test::qt_app();
    DiscoveryDialog d;
    d.show();
    IpmiForm f(d);
    ASSERT_TRUE(f.complete());
    f.host->setText(QStringLiteral("127.0.0.1"));
    f.port->setValue(closed_udp_port());
    f.password->setText(QStringLiteral("hunter2-not-shown"));
    int ticks = 0;
    const QString text = f.run(ticks);
    EXPECT_TRUE(text.startsWith(QStringLiteral("Failed"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("hunter2"))) << text.toStdString();
    EXPECT_GT(ticks, 5);
}

TEST(DiscoveryDialog, IpmiTestShowsTheBmcIdentity) {
    using drivers::ipmi::testing::IpmiSim;
    if (!IpmiSim::available()) {
        GTEST_SKIP() << "ipmi_sim/sdrcomp not installed (Debian package openipmi)";
    }
    test::qt_app();
    IpmiSim sim("s3cret-pass");
    ASSERT_TRUE(sim.start()) << sim.error();
    DiscoveryDialog d;
    d.show();
    IpmiForm f(d);
    ASSERT_TRUE(f.complete());
    f.host->setText(QStringLiteral("127.0.0.1"));
    f.port->setValue(static_cast<int>(sim.lan_port()));
    f.user->setText(QStringLiteral("admin"));
    f.password->setText(QStringLiteral("s3cret-pass"));
    // ipmi_sim, like many BMCs, refuses the session privilege without this workaround.
    auto* workarounds = d.findChild<QLineEdit*>("ipmiWorkarounds");
    ASSERT_NE(workarounds, nullptr);
    workarounds->setText(QStringLiteral("opensesspriv"));
    // ipmi_sim answers before it has read its whole configuration: try a few times.
    QString text;
    int ticks = 0;
    for (int i = 0; i < 10 && !text.startsWith(QStringLiteral("Connected")); ++i) {
        text = f.run(ticks);
        if (!text.startsWith(QStringLiteral("Connected"))) {
            QTest::qWait(300);
        }
    }
    EXPECT_TRUE(text.startsWith(QStringLiteral("Connected"))) << text.toStdString();
    // The test BMC's four sensors; this test installs no catalog, so Qt writes "4 sensor(s)"
    // (the window's English one says "4 sensors": english_plurals_test).
    EXPECT_TRUE(text.contains(QStringLiteral("; 4 sensor"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("s3cret"))) << text.toStdString();

    f.password->setText(QStringLiteral("wrong-pass"));
    text = f.run(ticks);
    EXPECT_TRUE(text.startsWith(QStringLiteral("Failed"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("wrong-pass"))) << text.toStdString();
}

}  // namespace
}  // namespace wattbench::gui::widgets
