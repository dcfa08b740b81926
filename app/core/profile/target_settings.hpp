#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace wattbench::core::profile {

// [target]: the machine under test when it is not the one running wattbench. Loads run there
// through the system `ssh` client with key or agent authentication only; nothing secret is
// kept here, so all of it may go into the manifest.
struct TargetSettings {
    std::string ssh;                       // destination: "user@host" or "host"
    std::optional<int> port;               // ssh -p
    std::string identity_file;             // ssh -i (also sets IdentitiesOnly=yes)
    std::vector<std::string> ssh_options;  // each passed as -o OPTION, after wattbench's own
    std::string wattbench = "wattbench";   // the binary on the target (PATH lookup by default)
    std::chrono::nanoseconds connect_timeout = std::chrono::seconds(10);
};

}  // namespace wattbench::core::profile
