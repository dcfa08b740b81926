#pragma once

#include "app/core/load/command_load.hpp"
#include "app/core/remote/remote_target.hpp"

namespace wattbench::core::load {

// A command phase for a remote target: the same CommandLoad runs here (restart, on_exit, score,
// logs/<phase>.log), but each of its programs becomes an ssh session running
// `wattbench load command [--shell] [--cwd DIR] [--env K=V]… -- ARGV…` there. That supervisor
// runs ARGV in its own process group and ends the group (SIGTERM, then SIGKILL) when the ssh
// session goes away, which is what stopping the local ssh process group does; its exit status
// is the program's, so on_exit behaves as locally. env and cwd apply on the target.
CommandLoadSettings remote_command_settings(CommandLoadSettings local,
                                            const remote::RemoteTarget& target);

}  // namespace wattbench::core::load
