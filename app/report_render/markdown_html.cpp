#include "app/report_render/markdown_html.hpp"

#include <cctype>
#include <vector>

#include "app/report_render/html_text.hpp"

namespace wattbench::report_render {

namespace {

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
        s.remove_suffix(1);
    }
    return s;
}

// **bold** and `code`; the text between is escaped, code spans are not searched for bold.
std::string inline_html(std::string_view text) {
    std::string out;
    bool bold = false;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '`') {
            std::size_t ticks = 0;
            while (i + ticks < text.size() && text[i + ticks] == '`') {
                ++ticks;
            }
            const std::string fence(ticks, '`');
            const auto close = text.find(fence, i + ticks);
            if (close != std::string_view::npos) {
                out += "<code>" + html_escape(trim(text.substr(i + ticks, close - i - ticks))) +
                       "</code>";
                i = close + ticks;
                continue;
            }
        }
        if (text.substr(i, 2) == "**") {
            if (bold || text.find("**", i + 2) != std::string_view::npos) {
                out += bold ? "</strong>" : "<strong>";
                bold = !bold;
                i += 2;
                continue;
            }
        }
        if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '|') {
            out += '|';
            i += 2;
            continue;
        }
        out += html_escape(text.substr(i, 1));
        ++i;
    }
    if (bold) {
        out += "</strong>";
    }
    return out;
}

std::vector<std::string> split_row(std::string_view line) {
    line = trim(line);
    if (!line.empty() && line.front() == '|') {
        line.remove_prefix(1);
    }
    if (!line.empty() && line.back() == '|' && (line.size() < 2 || line[line.size() - 2] != '\\')) {
        line.remove_suffix(1);
    }
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
            cell += "\\|";
            ++i;
        } else if (line[i] == '|') {
            cells.emplace_back(trim(cell));
            cell.clear();
        } else {
            cell += line[i];
        }
    }
    cells.emplace_back(trim(cell));
    return cells;
}

std::string verdict_class(std::string_view cell) {
    if (cell == "invalid") {
        return " class=\"invalid\"";
    }
    if (cell == "warning") {
        return " class=\"warning\"";
    }
    if (cell == "valid") {
        return " class=\"valid\"";
    }
    return "";
}

struct Lines {
    std::vector<std::string_view> items;
    std::size_t pos = 0;

    bool done() const { return pos >= items.size(); }
    std::string_view peek() const { return items[pos]; }
};

void convert(Lines& in, std::string& out);

void table(Lines& in, std::string& out) {
    const auto header = split_row(in.peek());
    ++in.pos;
    std::vector<bool> right(header.size(), false);
    if (!in.done() && starts_with(trim(in.peek()), "|") &&
        in.peek().find("---") != std::string_view::npos) {
        const auto seps = split_row(in.peek());
        for (std::size_t i = 0; i < seps.size() && i < right.size(); ++i) {
            right[i] = !seps[i].empty() && seps[i].back() == ':';
        }
        ++in.pos;
    }
    out += "<table>\n<thead><tr>";
    for (std::size_t i = 0; i < header.size(); ++i) {
        out += right[i] ? "<th class=\"num\">" : "<th>";
        out += inline_html(header[i]) + "</th>";
    }
    out += "</tr></thead>\n<tbody>\n";
    while (!in.done() && starts_with(trim(in.peek()), "|")) {
        const auto cells = split_row(in.peek());
        ++in.pos;
        out += "<tr>";
        for (std::size_t i = 0; i < cells.size(); ++i) {
            std::string cls = verdict_class(cells[i]);
            if (cls.empty() && i < right.size() && right[i]) {
                cls = " class=\"num\"";
            }
            out += "<td" + cls + ">" + inline_html(cells[i]) + "</td>";
        }
        out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n";
}

void list(Lines& in, std::string& out, std::size_t indent) {
    out += "<ul>\n";
    bool open = false;
    while (!in.done()) {
        const std::string_view line = in.peek();
        std::size_t spaces = 0;
        while (spaces < line.size() && line[spaces] == ' ') {
            ++spaces;
        }
        if (!starts_with(line.substr(spaces), "- ")) {
            break;
        }
        if (spaces > indent) {
            list(in, out, spaces);
            continue;
        }
        if (spaces < indent) {
            break;
        }
        if (open) {
            out += "</li>\n";
        }
        const std::string body = inline_html(line.substr(spaces + 2));
        std::string cls;
        if (body.find("<strong>error</strong>") != std::string::npos) {
            cls = " class=\"error\"";
        } else if (body.find(": warning — ") != std::string::npos) {
            cls = " class=\"warning\"";
        }
        out += "<li" + cls + ">" + body;
        open = true;
        ++in.pos;
    }
    if (open) {
        out += "</li>\n";
    }
    out += "</ul>\n";
}

void convert(Lines& in, std::string& out) {
    while (!in.done()) {
        const std::string_view line = in.peek();
        const std::string_view t = trim(line);
        if (t.empty()) {
            ++in.pos;
        } else if (starts_with(t, "```")) {
            std::size_t ticks = 0;
            while (ticks < t.size() && t[ticks] == '`') {
                ++ticks;
            }
            const std::string fence(ticks, '`');
            ++in.pos;
            out += "<pre><code>";
            while (!in.done() && trim(in.peek()) != fence) {
                out += html_escape(in.peek()) + "\n";
                ++in.pos;
            }
            ++in.pos;
            out += "</code></pre>\n";
        } else if (starts_with(t, "#")) {
            std::size_t level = 0;
            while (level < t.size() && t[level] == '#') {
                ++level;
            }
            level = std::min<std::size_t>(level, 6);
            const std::string_view text = trim(t.substr(level));
            const std::string tag = "h" + std::to_string(level);
            out += "<" + tag;
            if (level == 2) {
                out += " id=\"" + section_id(text) + "\"";
            }
            out += ">" + inline_html(text) + "</" + tag + ">\n";
            ++in.pos;
        } else if (starts_with(t, "|")) {
            table(in, out);
        } else if (starts_with(line, "- ") || starts_with(line, "  - ")) {
            list(in, out, 0);
        } else if (starts_with(t, ">")) {
            std::vector<std::string_view> quoted;
            while (!in.done() && starts_with(trim(in.peek()), ">")) {
                std::string_view q = trim(in.peek()).substr(1);
                if (!q.empty() && q.front() == ' ') {
                    q.remove_prefix(1);
                }
                quoted.push_back(q);
                ++in.pos;
            }
            Lines inner{std::move(quoted)};
            out += "<blockquote>\n";
            convert(inner, out);
            out += "</blockquote>\n";
        } else {
            std::string para;
            while (!in.done()) {
                const std::string_view p = trim(in.peek());
                if (p.empty() || starts_with(p, "#") || starts_with(p, "|") ||
                    starts_with(p, "```") || starts_with(p, ">") || starts_with(in.peek(), "- ")) {
                    break;
                }
                if (!para.empty()) {
                    para += ' ';
                }
                para += p;
                ++in.pos;
            }
            out += "<p>" + inline_html(para) + "</p>\n";
        }
    }
}

}  // namespace

std::string markdown_inline_html(std::string_view text) {
    return inline_html(trim(text));
}

std::string section_id(std::string_view heading) {
    std::string id;
    for (const char c : heading) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            id += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!id.empty() && id.back() != '-') {
            id += '-';
        }
    }
    while (!id.empty() && id.back() == '-') {
        id.pop_back();
    }
    return id.empty() ? "section" : id;
}

std::string markdown_to_html(std::string_view markdown) {
    Lines in;
    std::size_t start = 0;
    while (start <= markdown.size()) {
        const auto end = markdown.find('\n', start);
        if (end == std::string_view::npos) {
            if (start < markdown.size()) {
                in.items.push_back(markdown.substr(start));
            }
            break;
        }
        in.items.push_back(markdown.substr(start, end - start));
        start = end + 1;
    }
    std::string out;
    convert(in, out);
    return out;
}

}  // namespace wattbench::report_render
