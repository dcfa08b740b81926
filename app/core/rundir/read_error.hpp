#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <variant>

namespace wattbench::core::rundir {

// Why a run-directory file could not be read: the file, the line (0: not one line's), where
// (a JSON key path such as "phases[2].status", or "column 'value'") and what was wrong.
// text(): "manifest.json: phases[2].status: unknown value" or "samples.csv:17: column 'value':
// not a number 'x1'".
struct ReadError {
    std::string file;
    std::string where;
    std::string message;
    std::size_t line = 0;

    std::string text() const {
        std::string s = file;
        if (line != 0) {
            s += ":" + std::to_string(line);
        }
        if (!where.empty()) {
            s += ": " + where;
        }
        return s + ": " + message;
    }
    friend bool operator==(const ReadError&, const ReadError&) = default;
};

// A value or the ReadError that prevented it (std::expected is C++23).
template <class T>
class ReadResult {
public:
    ReadResult(T value) : v_(std::move(value)) {}
    ReadResult(ReadError error) : v_(std::move(error)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(v_); }
    const T& value() const { return std::get<0>(v_); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    const ReadError& error() const { return std::get<1>(v_); }

private:
    std::variant<T, ReadError> v_;
};

}  // namespace wattbench::core::rundir
