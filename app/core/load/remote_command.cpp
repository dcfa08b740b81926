#include "app/core/load/remote_command.hpp"

namespace wattbench::core::load {

CommandLoadSettings remote_command_settings(CommandLoadSettings s,
                                            const remote::RemoteTarget& target) {
    std::vector<std::string> supervisor{"command"};
    if (s.options.shell) {
        supervisor.emplace_back("--shell");
    }
    if (!s.options.cwd.empty()) {
        supervisor.insert(supervisor.end(), {"--cwd", s.options.cwd});
    }
    for (const auto& [k, v] : s.options.env) {
        supervisor.insert(supervisor.end(), {"--env", k + "=" + v});
    }
    supervisor.emplace_back("--");
    const auto wrap = [&](const std::vector<std::string>& argv) {
        if (argv.empty()) {
            return argv;
        }
        auto remote = supervisor;
        remote.insert(remote.end(), argv.begin(), argv.end());
        return target.ssh().ssh_argv(target.load_argv(std::move(remote)));
    };
    s.command = wrap(s.command);
    s.options.setup = wrap(s.options.setup);
    s.options.teardown = wrap(s.options.teardown);
    s.options.shell = false;
    s.options.env.clear();
    s.options.cwd.clear();
    return s;
}

}  // namespace wattbench::core::load
