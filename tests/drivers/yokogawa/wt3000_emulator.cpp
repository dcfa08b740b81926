#include "tests/drivers/yokogawa/wt3000_emulator.hpp"

namespace wattbench::tests::yokogawa {
namespace {

std::string header(std::size_t length, bool last) {
    const std::uint32_t h = static_cast<std::uint32_t>(length) | (last ? 0x80000000u : 0u);
    return {static_cast<char>(h >> 24), static_cast<char>((h >> 16) & 0xFF),
            static_cast<char>((h >> 8) & 0xFF), static_cast<char>(h & 0xFF)};
}

}  // namespace

Wt3000Emulator::Wt3000Emulator(std::string idn, int elements) : grammar(std::move(idn), elements) {}

std::string Wt3000Emulator::send(const std::string& text, bool framed) const {
    return framed ? header(text.size(), true) + text : text;
}

std::string Wt3000Emulator::tick(int connection) {
    std::lock_guard lock(mutex_);
    if (connection == connection_) {
        return "";
    }
    connection_ = connection;
    state_ = user;
    in_block_ = false;
    payload_.clear();
    return send("Username: ", framed_login);
}

std::string Wt3000Emulator::message(const std::string& text) {
    switch (state_.load()) {
        case user:
            if (text == accepted_user) {
                state_ = password;
                return send("Password: ", framed_login);
            }
            state_ = refused;
            return send("Login incorrect\n", framed_login);
        case password:
            if (text.empty()) {
                state_ = ready;
                ++logins_;
                return send("Password is correct, connection established\n", framed_login);
            }
            state_ = refused;
            return send("Login incorrect\n", framed_login);
        case refused:
            return "";
        default:
            break;
    }
    std::string answers = grammar.execute(text);
    if (answers.empty()) {
        return empty_acks ? header(0, true) : "";
    }
    std::string out;
    std::size_t start = 0;
    while (start < answers.size()) {
        const auto lf = answers.find('\n', start);
        std::string line = answers.substr(start, lf - start);
        start = lf + 1;
        out += send(answer_lf ? line + "\n" : line, framed_answers);
    }
    return out;
}

std::string Wt3000Emulator::handle(std::string& input) {
    std::lock_guard lock(mutex_);
    std::string out;
    std::size_t i = 0;
    while (i < input.size()) {
        if (!in_block_) {
            const auto b = static_cast<unsigned char>(input[i]);
            if (b != 0x00 && b != 0x80) {
                // Not a header: the meter takes nothing outside a block.
                ++unframed_;
                ++i;
                continue;
            }
            if (input.size() - i < 4) {
                break;
            }
            std::uint32_t h = 0;
            for (int k = 0; k < 4; ++k) {
                h = (h << 8) | static_cast<unsigned char>(input[i + static_cast<std::size_t>(k)]);
            }
            i += 4;
            last_ = (h & 0x80000000u) != 0;
            remaining_ = h & 0x7FFFFFFFu;
            in_block_ = true;
        }
        const std::size_t n = std::min<std::size_t>(remaining_, input.size() - i);
        payload_.append(input, i, n);
        i += n;
        remaining_ -= static_cast<std::uint32_t>(n);
        if (remaining_ == 0) {
            in_block_ = false;
            if (last_) {
                std::string text = std::move(payload_);
                payload_.clear();
                while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) {
                    text.pop_back();
                }
                out += message(text);
            }
        }
    }
    input.erase(0, i);
    return out;
}

}  // namespace wattbench::tests::yokogawa
