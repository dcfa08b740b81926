#include "app/core/profile/target_reader.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include <fmt/format.h>

namespace wattbench::core::profile {

namespace {

constexpr std::array<std::string_view, 6> target_keys{
    "ssh", "port", "identity_file", "ssh_options", "wattbench", "connect_timeout"};

bool has_space_or_control(std::string_view s) {
    return std::any_of(s.begin(), s.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u == 0x7f || u == ' ';
    });
}

bool has_control(std::string_view s) {
    return std::any_of(s.begin(), s.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u == 0x7f;
    });
}

std::string lower(std::string_view s) {
    std::string out;
    for (char c : s) {
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

// ssh takes "Key=Value" and "Key Value"; the key decides what the option does.
std::string option_key(std::string_view option) {
    const auto end = option.find_first_of("= \t");
    return lower(option.substr(0, end));
}

}  // namespace

TargetSettings read_target(const TomlTable& table) {
    for (const std::string& key : table.keys()) {
        if (lower(key) == "password" || lower(key) == "passphrase") {
            table.fail(key,
                       "passwords are not accepted in a profile: the target is reached with an "
                       "ssh key (identity_file) or ssh-agent, and ssh runs with BatchMode=yes so "
                       "it never prompts");
        }
    }
    table.reject_unknown(target_keys);
    TargetSettings t;
    t.ssh = table.required_string("ssh");
    if (t.ssh.front() == '-') {
        table.fail("ssh", "must be a destination such as \"user@host\", not an option");
    }
    if (has_space_or_control(t.ssh)) {
        table.fail("ssh", "must be a destination such as \"user@host\" (no spaces)");
    }
    if (auto port = table.integer("port")) {
        if (*port < 1 || *port > 65535) {
            table.fail("port", fmt::format("{} is not a TCP port (1 … 65535)", *port));
        }
        t.port = static_cast<int>(*port);
    }
    if (auto id = table.string("identity_file")) {
        if (id->empty() || has_control(*id)) {
            table.fail("identity_file", "expected the path of a private key file");
        }
        t.identity_file = *id;
    }
    if (auto options = table.string_array("ssh_options")) {
        for (const auto& o : *options) {
            if (o.empty() || has_control(o) || o.front() == '-') {
                table.fail("ssh_options",
                           fmt::format("'{}' is not an ssh option such as \"Key=Value\"", o));
            }
            const std::string key = option_key(o);
            if (key == "batchmode" || key == "passwordauthentication" ||
                key == "kbdinteractiveauthentication") {
                table.fail("ssh_options",
                           fmt::format("'{}': wattbench always runs ssh with BatchMode=yes and "
                                       "key or agent authentication only",
                                       o));
            }
        }
        t.ssh_options = std::move(*options);
    }
    if (auto w = table.string("wattbench")) {
        if (w->empty() || has_control(*w)) {
            table.fail("wattbench", "expected the path of the wattbench binary on the target");
        }
        t.wattbench = *w;
    }
    if (auto d = table.duration("connect_timeout")) {
        if (*d < std::chrono::seconds(1)) {
            table.fail("connect_timeout", "must be at least 1s");
        }
        t.connect_timeout = *d;
    }
    return t;
}

}  // namespace wattbench::core::profile
