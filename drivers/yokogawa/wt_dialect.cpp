#include "drivers/yokogawa/wt_dialect.hpp"

#include "drivers/scpi_analyzer/model.hpp"
#include "drivers/yokogawa/framed_link.hpp"
#include "drivers/yokogawa/wt_codec.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

using namespace std::chrono_literals;
using scpi_analyzer::Item;

scpi_analyzer::Dialect make(bool framed) {
    scpi_analyzer::Dialect d;
    d.family = "YOKOGAWA";
    // The leading LF ends any command a previous session left half-sent.
    d.greeting = {"", "*CLS", ":COMM:HEAD OFF", ":COMM:VERB ON", ":COMM:REM ON"};
    d.parse_identity = parse_wt_identity;
    d.setup = {":NUM:FORM ASCII"};
    d.item_spelling = [framed](Item item, int element, const scpi_analyzer::Model&) {
        return wt_item(item, element, framed);
    };
    // The element argument is mandatory on these models, unlike the WT310's.
    d.select_items = [](const std::vector<std::string>& spellings) {
        std::vector<std::string> c{":NUM:NORM:NUM " + std::to_string(spellings.size())};
        for (std::size_t k = 0; k < spellings.size(); ++k) {
            c.push_back(":NUM:NORM:ITEM" + std::to_string(k + 1) + " " + spellings[k]);
        }
        return c;
    };
    d.read_query = [](const std::vector<std::string>&) { return std::string(":NUM:NORM:VAL?"); };
    d.parse_value = parse_wt_value;
    d.element_range_commands =
        [](const scpi_analyzer::Range& volts, const scpi_analyzer::Range& amps, int element,
           const scpi_analyzer::Model&) { return wt_range_commands(volts, amps, element); };
    d.element_range_queries = wt_range_queries;
    d.integrator_start = {":INTEG:STOP", ":INTEG:RES", ":INTEG:MODE NORM", ":INTEG:STAR"};
    // As on the WT310: give the integrator time to start before the next command.
    d.quirks.integrator_settle = 200ms;
    d.elements_of = [](const api::DeviceIdentity& id) { return wt_elements_of(id.model); };
    d.wrong_model_hint = [](const api::DeviceIdentity& id) {
        return wt_wrong_model_hint(id.model);
    };
    d.update_rate = rate_command;
    d.closing = {":COMM:REM OFF"};
    if (framed) {
        d.link = [](std::unique_ptr<transport::Transport> raw,
                    const transport::Endpoint&) -> std::unique_ptr<transport::Transport> {
            return std::make_unique<FramedLink>(std::move(raw));
        };
        d.endpoint_error = [](const transport::Endpoint& ep) -> std::optional<std::string> {
            if (std::holds_alternative<transport::TcpEndpoint>(ep)) {
                return std::nullopt;
            }
            return "the WT3000/WT1600 Ethernet protocol needs tcp://HOST[:10001]";
        };
    }
    return d;
}

}  // namespace

const scpi_analyzer::Dialect& wt500_dialect() {
    static const scpi_analyzer::Dialect d = make(false);
    return d;
}

const scpi_analyzer::Dialect& wt3000_dialect() {
    static const scpi_analyzer::Dialect d = make(true);
    return d;
}

}  // namespace wattbench::drivers::yokogawa
