#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/scpi_analyzer/item.hpp"
#include "drivers/scpi_analyzer/range.hpp"
#include "drivers/scpi_analyzer/value.hpp"
#include "drivers/transport/connection.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::scpi_analyzer {

struct Model;

// How the generic device must bend for a family; each defaults to the plain SCPI behaviour.
struct Quirks {
    // The instrument answers every message, a set command too (Tektronix over Ethernet: a
    // bare line). The device reads and drops one line after each command it sends that is
    // no query, waiting at most `answer_wait` for it (so a link that does not answer costs
    // that much once per command, never a failure).
    bool answers_every_message = false;
    std::chrono::milliseconds answer_wait{500};
    // Lines of exactly three digits are confirmation codes (HIOKI RS-232C `000`, `nnn` =
    // error at item nnn), present or absent: dropped wherever they come; a non-zero one
    // after a set-up command is logged as a warning.
    bool confirmation_codes = false;
    // The read query (`cont on`) is sent once at open and the instrument then streams one
    // answer per measuring cycle (ZES): each poll drains what came and uses the newest
    // complete answer; none since the last poll is a timeout.
    bool streaming = false;
    // answers_every_message holds on TCP only (Tektronix: the Ethernet quirk); over serial or
    // USBTMC an answer may come or not, so it is awaited only for the command gap (≥ 20 ms).
    bool answers_only_on_tcp = false;
    // answers_every_message: whether an answer refuses its command (Tektronix `ERR`); null:
    // every answer is an acknowledgement. A refused `select_item` loses that channel (its
    // readings are unavailable), a refused range command fails open as a config error unless
    // both ranges are on auto, a refused integrator command leaves `energy` unavailable, a
    // refused `ready_setup` command drops the handshake; each is a warning otherwise.
    std::function<bool(std::string_view line)> refused;
    // Pause between set-up commands, counted from each one's sending (Tektronix asks for 0.5 s
    // between config commands). Where it is not zero the `command_gap` key (s) overrides it.
    std::chrono::milliseconds command_gap{0};
    // Pause after the integrator's start (the WT manuals ask for ~0.2 s).
    std::chrono::milliseconds integrator_settle{0};
    // Streaming: a poll that got no answer at all means the stream stalled; the link is
    // reported lost so core reopens it (and the stream is armed again).
    bool stall_is_link_lost = false;
    // Appended to every set-up command that is no query (ZES `;*OPC?`); the one answer line it
    // draws (`1`) is awaited before the next command, within `answer_wait`.
    std::string sync_suffix;
    // Streaming with a range on auto: the range queries ride along at the end of the read
    // query (ZES `…;urng?;irng?`) and end each streamed answer; a switch flags `range_change`
    // (a streaming device reads no ranges back per poll).
    bool stream_ranges = false;
    // stall_is_link_lost only once nothing came for this long plus four update intervals
    // (0.5 s each when `update_interval` is unset): a cycle longer than the poll interval is
    // no stall. 0: at the first poll without an answer.
    std::chrono::milliseconds stall_after{0};
    // `integrate = false` leaves the energy item out of the read query and its channel
    // unavailable: an integrator the run did not reset counts from whenever (Chroma ENEG).
    bool energy_needs_integrator = false;
};

// One way to read, picked by the `read` key (Dialect::read_modes).
struct ReadMode {
    std::string name;     // the key's value, e.g. "fetch"
    std::string meaning;  // for the error listing the choices, e.g. "FETCh?, the last values"
    std::function<std::string(const std::vector<std::string>& spellings)> read_query;
};

// Wraps the raw transport of an endpoint (WT3000: 4-byte block framing and the `anonymous`
// login on TCP 10001). Returns the transport to talk through; by default the raw one.
using LinkHook = std::function<std::unique_ptr<transport::Transport>(
    std::unique_ptr<transport::Transport> raw, const transport::Endpoint& endpoint)>;

// A family's command set as data plus a few hooks. A family fills one (a function returning
// a static const Dialect&); its models point at it. Every string is sent without its
// terminator; the device appends `write_terminator`. Unset hooks take the defaults in
// codec.hpp (default_parse_identity, default_parse_value, default_parse_range …).
struct Dialect {
    std::string family;                   // "HIOKI", for messages
    std::string write_terminator = "\n";  // "\r\n" where a manual asks for it
    // Replies end at LF, CR or CRLF: a line is cut at the first CR or LF and empty lines are
    // skipped, so every terminator a family might use is accepted without a setting.

    // Sent first (no answers expected, so never with `sync_suffix`): headers off, verbose
    // off, remote, a language switch…
    std::vector<std::string> greeting;
    std::string identity_query = "*IDN?";
    // Asked when the identity query drew no answer of this family within half the open
    // timeout (Chroma `CHANnel:ID?`, documented to answer the same); "" = none.
    std::string identity_fallback;
    // The identity answer → vendor, model, serial, firmware; nullopt when the line is not
    // this family's answer (noise, an echo, another vendor). Default: comma-separated
    // `vendor,model,serial,firmware` with `family` as the vendor (case-insensitive).
    std::function<std::optional<api::DeviceIdentity>(std::string_view line)> parse_identity;
    // Sent after the identity matched: separators, formats, modes.
    std::vector<std::string> setup;

    // How an item is spelled on an element (1…n, or `sigma`); "" = this family cannot read
    // it there (that channel does not exist). The spelling is what select_items/read_query
    // get; e.g. HIOKI `P2`, Yokogawa `P,2`, GW Instek `P`.
    std::function<std::string(Item item, int element, const Model& model)> item_spelling;
    // Commands that select the items once at open (GW Instek `:NUM:NORM:NUMB 8`, `ITEM1 U`…);
    // null when the read query carries the list itself.
    std::function<std::vector<std::string>(const std::vector<std::string>& spellings)> select_items;
    // One command per item, sent after `select_items` (which then only clears the list:
    // Tektronix `:SEL:CLR`, `:SEL:VLT`…); null: `select_items` selects them all. An item the
    // meter refuses (Quirks::refused) is not in the answer and its channel reads unavailable.
    std::function<std::string(const std::string& spelling)> select_item;
    // The poll's query (`:NUM:NORM:VAL?`, HIOKI `:MEAS? U,I,P`, ZES `cont on`).
    std::function<std::string(const std::vector<std::string>& spellings)> read_query;
    // Alternatives to read_query picked by the `read` key, the first the default (Chroma
    // "fetch" = FETCh?, "measure" = MEASure?); empty: no `read` key, read_query is used.
    std::vector<ReadMode> read_modes;
    // Sent before the read query each poll (a new-data handshake); answers follow the
    // answers_every_message rule.
    std::vector<std::string> before_read;
    // Bytes that separate values in an answer: any of them splits.
    std::string value_separators = ",";
    // A run of separator bytes is one separator (ZES: `;` on the wire, spaces in logged lines).
    bool merge_separators = false;
    // A field may carry a word header before its value (`U +110.14E+0`, `:NUM:NORM:VAL 1.0`):
    // everything up to the field's last space is dropped.
    bool field_headers = false;
    // One field, trimmed and header-stripped → value or sentinel; status `error` = garbage.
    // Default: NR1/NR2/NR3, `NAN` unavailable, `INF` and |x| ≥ 9.9E+37 overrange.
    std::function<Value(std::string_view field)> parse_value;
    // The same knowing the field's item (Chroma: a bare -1 is a sentinel for W but a power
    // factor of -1.000 is a value); used instead of parse_value when set.
    std::function<Value(std::string_view field, Item item)> parse_item_value;
    // The order answers come in when it is the instrument's, not the spelling order
    // (Tektronix `:FRD?` in display order). `order_query` ("" = none) is asked once at open and
    // `parse_order(answer, spellings)` gives, per answer field, the index of its spelling;
    // when either is missing or fails, `answer_order(spellings)` (if set) gives it.
    std::string order_query;
    std::function<std::optional<std::vector<std::size_t>>(
        std::string_view line, const std::vector<std::string>& spellings)>
        parse_order;
    std::function<std::vector<std::size_t>(const std::vector<std::string>& spellings)> answer_order;
    // A new-data handshake before each read (Tektronix `:DSR?` until bit 2): `ready_query`
    // is repeated until `ready(answer)` is true or the poll's deadline passes (a timeout).
    std::string ready_query;
    std::function<bool(std::string_view line)> ready;
    // Sent once at open to arm that handshake (Tektronix `:DSE 2`); refused: polls go without.
    std::vector<std::string> ready_setup;
    // Wh per unit of the energy item as the family reports it (kWh: 1000).
    double energy_to_wh = 1.0;

    // Fixed (a value) or auto (nullopt) ranges for all elements; null when the family cannot
    // set them. The model's tables have been checked by the settings parser already.
    std::function<std::vector<std::string>(const Range& volts, const Range& amps,
                                           const Model& model)>
        range_commands;
    // Voltage then current range in use, one answer line each; empty when they cannot be read.
    std::vector<std::string> range_queries;
    // A range answer → the range in V or A. Default: the last number of the line (short-form
    // header echo `:INP:VOLT:RANG 300.0E+00` tolerated). `table` is the model's ranges, for
    // families that answer with a code.
    std::function<std::optional<double>(std::string_view line, std::span<const double> table)>
        parse_range;

    // The meter's own energy integrator, reset and started at open so `energy` counts from the
    // start of the run; empty when the family has none.
    std::vector<std::string> integrator_start;
    std::string integrator_query;  // read back after the start; "" = not read back
    // The read-back says the integrator runs; null: any answer will do.
    std::function<bool(std::string_view line)> integrator_running;

    // How many elements the identified instrument has (WT1806E → 6, 760203 → 3); null or
    // nullopt: the model's count is taken on trust. Fewer than the plan reads fails open as a
    // config error.
    std::function<std::optional<int>(const api::DeviceIdentity& identity)> elements_of;

    // The command that sets the update interval (s); null when it cannot be set.
    std::function<std::string(double seconds)> update_rate;

    // Replaced, in every text sent, by the number of the input the `channel` key picked
    // (Model::channels): ZES `utrms{ch}?`, Chroma `CHAN {ch}`. "" = no channel in the commands.
    std::string channel_mark;
    // Streaming: sent after the read query armed the item list (ZES `cont on`), never synced.
    std::vector<std::string> stream_on;

    // Sent on close, best effort (front panel back to local).
    std::vector<std::string> closing;

    Quirks quirks;
    LinkHook link;  // null: talk to the raw transport

    // Ranges per element (Yokogawa WT500… `:INP:VOLT:RANG:ELEM2 300`): when set, used instead
    // of range_commands for every real element read (Σ has no range of its own).
    std::function<std::vector<std::string>(const Range& volts, const Range& amps, int element,
                                           const Model& model)>
        element_range_commands;
    // One element's voltage then current range query; when set, used instead of range_queries
    // for every real element read, each element's ranges recorded in the manifest
    // (`voltage_range_in_use`, `voltage_range_in_use_2`, …) and a switch on any flags it.
    std::function<std::vector<std::string>(int element)> element_range_queries;
    // Appended to the error when another model of the family answers, e.g. " (use driver
    // yokogawa-wt1800 if that is the meter)"; null: nothing.
    std::function<std::string(const api::DeviceIdentity& identity)> wrong_model_hint;
    // Why this family cannot talk over an endpoint (WT3000: its Ethernet protocol needs
    // tcp://), checked at factory time; null or nullopt: it can.
    std::function<std::optional<std::string>(const transport::Endpoint& endpoint)> endpoint_error;
};

}  // namespace wattbench::drivers::scpi_analyzer
