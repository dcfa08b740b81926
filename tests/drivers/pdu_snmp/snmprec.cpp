#include "tests/drivers/pdu_snmp/snmprec.hpp"

#include <fstream>
#include <sstream>

namespace wattbench::drivers::pdu_snmp::testing {

std::vector<Varbind> parse_snmprec(const std::string& text) {
    std::vector<Varbind> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const auto a = line.find('|');
        const auto b = line.find('|', a + 1);
        if (a == std::string::npos || b == std::string::npos) {
            continue;
        }
        auto oid = parse_oid(line.substr(0, a));
        if (!oid) {
            continue;
        }
        Varbind v;
        v.oid = *oid;
        const std::string tag = line.substr(a + 1, b - a - 1);
        const std::string value = line.substr(b + 1);
        if (tag == "2") {
            v.type = VarType::integer;
            v.number = std::stoll(value);
        } else if (tag == "65" || tag == "66" || tag == "67" || tag == "70") {
            v.type = VarType::unsigned_;
            v.number = std::stoll(value);
        } else if (tag == "4") {
            v.type = VarType::text;
            v.text = value;
        } else if (tag == "6") {
            v.type = VarType::object_id;
            v.text = value;
        } else {
            v.type = VarType::other;
        }
        out.push_back(std::move(v));
    }
    return out;
}

std::vector<Varbind> read_snmprec(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream ss;
    ss << in.rdbuf();
    return parse_snmprec(ss.str());
}

std::filesystem::path walk_file(const std::string& name) {
    return std::filesystem::path(WATTBENCH_PDU_WALKS) / name;
}

}  // namespace wattbench::drivers::pdu_snmp::testing
