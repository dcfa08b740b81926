#include "drivers/pdu_snmp/pdu_device.hpp"

#include <cmath>
#include <utility>

#include "drivers/pdu_snmp/reading_map.hpp"
#include "drivers/pdu_snmp/secret.hpp"

namespace wattbench::drivers::pdu_snmp {

namespace {

const Oid kSysDescr = {1, 3, 6, 1, 2, 1, 1, 1, 0};
const Oid kSysObjectId = {1, 3, 6, 1, 2, 1, 1, 2, 0};
// After this many polls without an answer the link counts as lost: core closes, reopens and
// records the gap; a rebooting PDU takes far longer than three polls.
constexpr int kTimeoutsBeforeLinkLost = 3;

std::string text_of(const std::vector<Varbind>& vars, const Oid& oid) {
    for (const auto& v : vars) {
        if (v.oid == oid && (v.type == VarType::text || v.type == VarType::object_id)) {
            return v.text;
        }
    }
    return {};
}

std::variant<Credentials, api::DeviceError> load_credentials(const Settings& s) {
    Credentials c;
    if (!s.v3) {
        if (!s.community.empty()) {
            c.community = s.community;
            return c;
        }
        auto got = load_secret(s.community_file, "WATTBENCH_SNMP_COMMUNITY", "SNMP community");
        if (auto* e = std::get_if<api::DeviceError>(&got)) {
            return *e;
        }
        c.community = std::get<std::string>(std::move(got));
        return c;
    }
    if (s.auth != AuthProtocol::none) {
        auto got =
            load_secret(s.auth_passphrase_file, "WATTBENCH_SNMP_AUTH", "SNMPv3 auth passphrase");
        if (auto* e = std::get_if<api::DeviceError>(&got)) {
            return *e;
        }
        c.auth_passphrase = std::get<std::string>(std::move(got));
    }
    if (s.priv != PrivProtocol::none) {
        auto got =
            load_secret(s.priv_passphrase_file, "WATTBENCH_SNMP_PRIV", "SNMPv3 privacy passphrase");
        if (auto* e = std::get_if<api::DeviceError>(&got)) {
            return *e;
        }
        c.priv_passphrase = std::get<std::string>(std::move(got));
    }
    return c;
}

}  // namespace

PduDevice::PduDevice(Settings settings) : settings_(std::move(settings)) {}

api::DeviceError PduDevice::named(api::DeviceError e) const {
    e.message = "pdu-snmp '" + settings_.device_id + "': " + e.message;
    return e;
}

std::optional<api::DeviceError> PduDevice::open() {
    auto creds = load_credentials(settings_);
    if (auto* e = std::get_if<api::DeviceError>(&creds)) {
        return named(*e);
    }
    if (auto e = session_.open(settings_, std::get<Credentials>(std::move(creds)))) {
        return named(*e);
    }
    // Discovery walks every table once; a large Raritan takes a few dozen round trips.
    const auto deadline = SnmpSession::Clock::now() + std::chrono::seconds(30);
    auto sys = session_.get({kSysObjectId, kSysDescr}, deadline);
    if (auto* e = std::get_if<api::DeviceError>(&sys)) {
        session_.close();
        api::DeviceError out = *e;
        if (out.kind == api::ErrorKind::timeout) {
            out.kind = api::ErrorKind::unreachable;
        }
        return named(out);
    }
    const auto& vars = std::get<std::vector<Varbind>>(sys);
    const std::string object_id = text_of(vars, kSysObjectId);
    const VendorTable* table = nullptr;
    if (settings_.vendor == "auto") {
        const auto parsed = parse_oid(object_id);
        table = parsed ? vendor_for_sys_object_id(*parsed) : nullptr;
        if (!table) {
            session_.close();
            return named({api::ErrorKind::config,
                          "sysObjectID " + (object_id.empty() ? "(none)" : object_id) +
                              " is not a PDU family this driver knows; set vendor = \"apc\", "
                              "\"raritan\", \"servertech\", \"eaton\" or \"vertiv\" if its MIB "
                              "is one of those"});
        }
    } else {
        table = vendor_by_name(settings_.vendor);
    }
    if (discovered_) {
        if (table != table_) {
            session_.close();
            return named({api::ErrorKind::protocol, std::string("the agent now answers as ") +
                                                        table->name + ", not as the " +
                                                        table_->name + " PDU first opened"});
        }
        timeouts_in_a_row_ = 0;
        return std::nullopt;
    }
    if (auto e = discover(*table, deadline)) {
        session_.close();
        return named(*e);
    }
    read_identity(*table, text_of(vars, kSysDescr), deadline);
    return std::nullopt;
}

std::optional<api::DeviceError> PduDevice::discover(const VendorTable& table,
                                                    SnmpSession::Clock::time_point deadline) {
    std::vector<Varbind> walk;
    for (const auto& root : walk_roots(table)) {
        auto got = session_.walk(root, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&got)) {
            return *e;
        }
        auto& vars = std::get<std::vector<Varbind>>(got);
        walk.insert(walk.end(), std::make_move_iterator(vars.begin()),
                    std::make_move_iterator(vars.end()));
    }
    auto plan = build_plan(table, walk, settings_.outlets);
    if (auto* e = std::get_if<api::DeviceError>(&plan)) {
        return *e;
    }
    plan_ = std::get<PollPlan>(std::move(plan));
    table_ = &table;
    poll_oids_.clear();
    for (const auto& s : plan_.sources) {
        poll_oids_.push_back(s.oid);
    }
    discovered_ = true;
    api::Notice n;
    n.settings["vendor"] = std::string(table.name);
    n.settings["mib"] = std::string(table.mib);
    n.settings["oids_per_poll"] = static_cast<std::int64_t>(poll_oids_.size());
    for (const auto& [outlet, name] : plan_.outlet_names) {
        n.settings["outlet_" + std::to_string(outlet) + "_name"] = name;
    }
    std::string selected;
    for (int o : settings_.outlets) {
        selected += (selected.empty() ? "" : ", ") + std::to_string(o);
        if (auto it = plan_.outlet_names.find(o); it != plan_.outlet_names.end()) {
            selected += " (" + it->second + ")";
        }
    }
    interval_.keep_settings(n.settings);
    n.message = std::string("PDU ") + table.name + " (" + table.mib +
                "): " + std::to_string(plan_.channels.size()) + " channels, " +
                std::to_string(poll_oids_.size()) + " OIDs a poll" +
                (selected.empty() ? "" : "; power is the sum of outlets " + selected);
    pending_.push_back(std::move(n));
    for (const auto& note : plan_.notes) {
        pending_.push_back(api::Notice{true, note, {}, {}});
    }
    return std::nullopt;
}

void PduDevice::read_identity(const VendorTable& table, const std::string& sys_descr,
                              SnmpSession::Clock::time_point deadline) {
    identity_.vendor = table.name;
    identity_.model = sys_descr;
    std::vector<Oid> scalars;
    for (const char* o : {table.model_oid, table.serial_oid, table.firmware_oid}) {
        if (o) {
            scalars.push_back(*parse_oid(o));
        }
    }
    if (scalars.empty()) {
        return;
    }
    auto got = session_.get(scalars, deadline);
    if (auto* vars = std::get_if<std::vector<Varbind>>(&got)) {
        auto pick = [&](const char* o, std::string& field) {
            if (o) {
                if (auto t = text_of(*vars, *parse_oid(o)); !t.empty()) {
                    field = t;
                }
            }
        };
        pick(table.model_oid, identity_.model);
        pick(table.serial_oid, identity_.serial);
        pick(table.firmware_oid, identity_.firmware);
    }
}

void PduDevice::check_counters(const std::vector<api::Reading>& readings, api::PollResult& out) {
    for (const auto& r : readings) {
        if (r.status != api::Status::ok || !plan_.planned[r.channel].counter) {
            continue;
        }
        auto [it, first] = last_counter_.emplace(r.channel, r.value);
        if (!first) {
            if (r.value < it->second) {
                out.notices.push_back(api::Notice{
                    true,
                    "energy counter " + plan_.channels[r.channel].name + " went backwards from " +
                        std::to_string(it->second) + " Wh to " + std::to_string(r.value) +
                        " Wh (PDU reboot or counter reset); energy over this window is not "
                        "the counter's difference",
                    "counter_reset",
                    {}});
            }
            it->second = r.value;
        }
    }
}

api::PollResult PduDevice::poll(std::chrono::steady_clock::time_point deadline) {
    api::PollResult out;
    out.notices = std::move(pending_);
    pending_.clear();
    auto got = session_.get(poll_oids_, deadline);
    if (auto* e = std::get_if<api::DeviceError>(&got)) {
        if (e->kind == api::ErrorKind::timeout && ++timeouts_in_a_row_ >= kTimeoutsBeforeLinkLost) {
            e->kind = api::ErrorKind::link_lost;
        }
        out.error = named(*e);
        return out;
    }
    timeouts_in_a_row_ = 0;
    out.readings = map_readings(plan_, source_values(plan_, std::get<std::vector<Varbind>>(got)));
    check_counters(out.readings, out);
    interval_.observe(out.readings, std::chrono::steady_clock::now(), out.notices);
    return out;
}

void PduDevice::close() {
    session_.close();
}

}  // namespace wattbench::drivers::pdu_snmp
