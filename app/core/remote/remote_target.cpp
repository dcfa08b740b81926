#include "app/core/remote/remote_target.hpp"

#include <stdlib.h>

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "app/core/remote/remote_load_line.hpp"

namespace wattbench::core::remote {

RemoteTarget::RemoteTarget(profile::TargetSettings settings, std::string ssh_program)
    : ssh_(std::move(settings), std::move(ssh_program)) {
    // Every phase's load is an ssh session; sharing the run's long-lived connection makes a
    // load start without a key exchange and a login each time.
    char dir[] = "/tmp/wattbench-ssh-XXXXXX";
    if (::mkdtemp(dir) != nullptr) {
        control_dir_ = dir;
        ssh_.set_control_path(control_dir_ + "/%C");
    }
}

RemoteTarget::~RemoteTarget() {
    if (!control_dir_.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(control_dir_, ec);
    }
}

std::vector<std::string> RemoteTarget::load_argv(std::vector<std::string> args) const {
    std::vector<std::string> argv{settings().wattbench, "load"};
    argv.insert(argv.end(), std::make_move_iterator(args.begin()),
                std::make_move_iterator(args.end()));
    return argv;
}

std::chrono::milliseconds RemoteTarget::ready_timeout() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(settings().connect_timeout) +
           std::chrono::seconds(10);
}

std::optional<std::string> RemoteTarget::probe() {
    const std::string who = fmt::format("target '{}'", ssh_.destination());
    const auto r = ssh_.run(load_argv({"probe"}), ready_timeout());
    std::string err_line;
    {
        std::string text = r.err;
        while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) {
            text.pop_back();
        }
        const auto nl = text.rfind('\n');
        err_line = nl == std::string::npos ? text : text.substr(nl + 1);
    }
    if (r.exit_status < 0 && !r.timed_out && r.out.empty() && !r.err.empty() &&
        r.err.find("cannot run") == 0) {
        return fmt::format("{}: {}", who, r.err);
    }
    if (r.timed_out) {
        return fmt::format("{}: no answer from '{} load probe' within {} s{}", who,
                           settings().wattbench, ready_timeout().count() / 1000,
                           err_line.empty() ? "" : " (ssh: " + err_line + ")");
    }
    if (r.exit_status == 255) {
        return fmt::format("{}: ssh could not connect or log in: {}", who,
                           err_line.empty() ? "(ssh printed nothing)" : err_line);
    }
    if (r.exit_status == 127 || r.exit_status == 126) {
        return fmt::format(
            "{}: cannot run '{}' there ({}); install wattbench on the target or "
            "set [target] wattbench to its path",
            who, settings().wattbench,
            err_line.empty() ? (r.exit_status == 127 ? "not found" : "not executable") : err_line);
    }
    info_ = {};
    bool hello = false;
    bool end = false;
    std::size_t line_no = 0;
    std::size_t start = 0;
    while (start < r.out.size()) {
        const auto nl = r.out.find('\n', start);
        const std::string_view line(r.out.data() + start,
                                    (nl == std::string::npos ? r.out.size() : nl) - start);
        start = nl == std::string::npos ? r.out.size() : nl + 1;
        ++line_no;
        auto parsed = parse_remote_line(line);
        if (auto* e = std::get_if<RemoteLineError>(&parsed)) {
            return fmt::format(
                "{}: '{} load probe' answered something else than wattbench's "
                "load protocol (line {}, byte {}: {}){}",
                who, settings().wattbench, line_no, e->offset, e->message,
                err_line.empty() ? "" : "; stderr: " + err_line);
        }
        auto& l = std::get<RemoteLine>(parsed);
        if (auto* h = std::get_if<RemoteHello>(&l)) {
            if (h->protocol != remote_protocol) {
                return fmt::format(
                    "{}: wattbench {} there speaks load protocol {}, this one {}; "
                    "install the same version on both machines",
                    who, h->version, h->protocol, remote_protocol);
            }
            info_.version = h->version;
            hello = true;
        } else if (auto* f = std::get_if<RemoteFact>(&l)) {
            info_.facts.emplace_back(f->key, f->value);
        } else if (auto* c = std::get_if<RemoteCpu>(&l)) {
            info_.topology.cpus.push_back(c->cpu);
        } else if (auto* a = std::get_if<RemoteAllowed>(&l)) {
            info_.allowed_cpus = a->cpus;
        } else if (auto* e = std::get_if<RemoteError>(&l)) {
            return fmt::format("{}: {}", who, e->message);
        } else if (std::holds_alternative<RemoteEnd>(l)) {
            end = true;
        }
    }
    if (!hello || !end || r.exit_status != 0) {
        return fmt::format(
            "{}: '{} load probe' failed (exit status {}){}; is wattbench there "
            "recent enough to have the load command?",
            who, settings().wattbench, r.exit_status, err_line.empty() ? "" : ": " + err_line);
    }
    std::sort(info_.topology.cpus.begin(), info_.topology.cpus.end(),
              [](const load::LogicalCpu& a, const load::LogicalCpu& b) { return a.cpu < b.cpu; });
    return std::nullopt;
}

}  // namespace wattbench::core::remote
