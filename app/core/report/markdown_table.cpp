#include "app/core/report/markdown_table.hpp"

#include <algorithm>

namespace wattbench::core::report {

namespace {

// Code points, not bytes: "–" and "°C" take one column each where the table is read as text.
std::size_t width(std::string_view s) {
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

void append_padded(std::string& out, const std::string& cell, std::size_t w,
                   MarkdownTable::Align align) {
    const std::string pad(w - std::min(w, width(cell)), ' ');
    if (align == MarkdownTable::Align::right) {
        out += pad + cell;
    } else {
        out += cell + pad;
    }
}

}  // namespace

MarkdownTable::MarkdownTable(std::vector<std::string> header, std::vector<Align> align)
    : align_(std::move(align)) {
    for (auto& h : header) {
        header_.push_back(escape(h));
    }
    align_.resize(header_.size(), Align::left);
}

void MarkdownTable::add_row(std::vector<std::string> cells) {
    cells.resize(header_.size());
    for (auto& c : cells) {
        c = escape(c);
    }
    rows_.push_back(std::move(cells));
}

std::string MarkdownTable::render() const {
    std::vector<std::size_t> widths(header_.size(), 3);
    for (std::size_t c = 0; c < header_.size(); ++c) {
        widths[c] = std::max(widths[c], width(header_[c]));
        for (const auto& row : rows_) {
            widths[c] = std::max(widths[c], width(row[c]));
        }
    }
    auto line = [&](const std::vector<std::string>& cells) {
        std::string out = "|";
        for (std::size_t c = 0; c < cells.size(); ++c) {
            out += ' ';
            append_padded(out, cells[c], widths[c], align_[c]);
            out += " |";
        }
        return out + '\n';
    };
    std::string out = line(header_);
    out += '|';
    for (std::size_t c = 0; c < header_.size(); ++c) {
        out += align_[c] == Align::right ? std::string(widths[c] + 1, '-') + ":|"
                                         : ":" + std::string(widths[c] + 1, '-') + '|';
    }
    out += '\n';
    for (const auto& row : rows_) {
        out += line(row);
    }
    return out;
}

std::string MarkdownTable::escape(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '|') {
            out += "\\|";
        } else if (c == '\n' || c == '\r') {
            out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace wattbench::core::report
