#include "drivers/yokogawa/wt_models.hpp"

#include "drivers/yokogawa/wt_dialect.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

using scpi_analyzer::Model;
using scpi_analyzer::RangeLimits;

// WT500: 100/200/500 ms, 1/2/5 s [S41]; the others are UNCONFIRMED beyond the WT3000's 50 ms
// [S50] and get the same steps plus the faster and slower ones their data sheets list.
const std::vector<double> wt500_rates = {0.1, 0.2, 0.5, 1.0, 2.0, 5.0};
const std::vector<double> fast_rates = {0.05, 0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0};

// Every model reads element 1 unless the profile says otherwise, has Σ, and takes a fixed
// range anywhere within its limits: the range steps are not confirmed (only the WT500's
// voltage steps are in the facts), so `calibrate` is refused and every range read back.
Model model(std::string driver, std::string description, bool framed,
            std::vector<std::string> identity, int elements, RangeLimits volts, RangeLimits amps,
            const std::vector<double>& rates) {
    Model m;
    m.driver = std::move(driver);
    m.description = std::move(description);
    m.dialect = framed ? &wt3000_dialect() : &wt500_dialect();
    m.identity_models = std::move(identity);
    m.elements = elements;
    m.sigma = true;
    m.update_intervals = rates;
    m.tcp_port = framed ? 10001 : 0;
    m.transports = framed ? "tcp" : "usbtmc, tcp, serial";
    m.example_connection = "usbtmc://0b21:PID";
    m.voltage_limits = volts;
    m.current_limits = amps;
    m.default_elements = {1};
    if (!framed) {
        // Yokogawa's vendor ID [S44]; these models' product IDs are UNCONFIRMED.
        m.usb = {{0x0b21, std::nullopt, "Yokogawa WT500, WT1800 or WT5000", false}};
    }
    return m;
}

std::vector<Model> make_table() {
    std::vector<Model> t;
    // 760201/760202/760203: one, two, three elements (the code's last digit; an assumption).
    t.push_back(model("yokogawa-wt500", "Yokogawa WT500 power analyzer (USBTMC)", false,
                      {"76020", "WT500"}, 3, {15.0, 1000.0}, {0.005, 40.0}, wt500_rates));
    t.push_back(model("yokogawa-wt1800", "Yokogawa WT1800/WT1800E power analyzer (USBTMC)", false,
                      {"WT180"}, 6, {1.5, 1000.0}, {0.01, 50.0}, fast_rates));
    t.push_back(model("yokogawa-wt5000", "Yokogawa WT5000 power analyzer (USBTMC)", false,
                      {"WT5000", "7609"}, 7, {1.5, 1000.0}, {0.005, 50.0}, fast_rates));
    t.push_back(model("yokogawa-wt3000",
                      "Yokogawa WT3000/WT3000E power analyzer (Ethernet, TCP 10001)", true,
                      {"WT300"}, 4, {15.0, 1000.0}, {0.005, 30.0}, fast_rates));
    t.back().example_connection = "tcp://192.0.2.10:10001";
    t.push_back(model("yokogawa-wt1600", "Yokogawa WT1600 power analyzer (Ethernet, TCP 10001)",
                      true, {"WT1600"}, 6, {1.5, 1000.0}, {0.01, 50.0}, fast_rates));
    t.back().example_connection = "tcp://192.0.2.11:10001";
    return t;
}

}  // namespace

std::span<const Model> wt_models() {
    static const std::vector<Model> table = make_table();
    return table;
}

}  // namespace wattbench::drivers::yokogawa
