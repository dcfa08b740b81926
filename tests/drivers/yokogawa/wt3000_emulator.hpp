#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "tests/drivers/yokogawa/wt_emulator.hpp"

namespace wattbench::tests::yokogawa {

// A WT3000/WT1600 on its Ethernet port (analyzers.md §6 [S46]): on every new connection it
// prompts for a user name and a password (it accepts `accepted_user` with an empty password),
// then runs the WT numeric grammar on each framed message (4-byte header, bit 31 = last
// block). The sources leave open whether the prompts and answers are framed and how answers
// end, so each is a switch here and the tests run the driver against every form.
class Wt3000Emulator {
public:
    explicit Wt3000Emulator(std::string idn = "YOKOGAWA,WT3004E-2A0-30A4,0,F6.01",
                            int elements = 4);

    // Plug into StreamServer: `handle` as the handler, `tick(server.connections())` as its
    // ticker (a new connection count starts a new login).
    std::string handle(std::string& input);
    std::string tick(int connection);

    WtEmulator grammar;
    std::atomic<bool> framed_login{true};
    std::atomic<bool> framed_answers{true};
    std::atomic<bool> answer_lf{true};    // answers end in LF (else the block's end says it)
    std::atomic<bool> empty_acks{false};  // an empty last block for every set command (WT1600)
    std::string accepted_user = "anonymous";

    bool logged_in() const { return state_.load() == ready; }
    int logins() const { return logins_.load(); }
    int unframed_bytes() const { return unframed_.load(); }  // host bytes outside any block

private:
    enum State { user, password, ready, refused };
    std::string send(const std::string& text, bool framed) const;
    std::string message(const std::string& text);

    std::atomic<int> state_{user};
    std::atomic<int> logins_{0};
    std::atomic<int> unframed_{0};
    int connection_ = 0;
    std::mutex mutex_;
    std::string payload_;
    std::uint32_t remaining_ = 0;
    bool last_ = false;
    bool in_block_ = false;
};

}  // namespace wattbench::tests::yokogawa
