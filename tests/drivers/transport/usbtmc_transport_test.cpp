#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>

#include "drivers/transport/connection.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/make_transport.hpp"
#include "drivers/transport/usbtmc_header.hpp"
#include "drivers/transport/usbtmc_scan.hpp"
#include "drivers/transport/usbtmc_transport.hpp"
#include "tests/drivers/transport/fake_usbtmc_instrument.hpp"

namespace wattbench::drivers::transport {
namespace {

using namespace std::chrono_literals;

std::string meter(const std::string& message) {
    if (message == "*IDN?\n") {
        return "WATTBENCH,USBTMC-FAKE,F0001,1.0\n";
    }
    if (message == ":MEAS:POW?\n") {
        return "1.2345E+02\n";
    }
    if (message.size() > 1000) {
        return std::to_string(message.size()) + "\n";
    }
    return {};  // a setting: no answer
}

// The transport with the fake instrument behind it, as a driver would use it.
struct Rig {
    FakeUsbtmcInstrument* fake;
    UsbtmcTransport transport;
    LineReader reader{transport};

    Rig() : Rig(std::make_unique<FakeUsbtmcInstrument>(meter)) {}
    explicit Rig(std::unique_ptr<FakeUsbtmcInstrument> f)
        : fake(f.get()), transport(std::move(f)) {}

    std::variant<std::string, api::DeviceError> ask(std::string_view command) {
        const auto deadline = std::chrono::steady_clock::now() + 500ms;
        std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(command.data()),
                                            command.size());
        if (auto e = transport.write(bytes, deadline)) {
            return *e;
        }
        return reader.read_line(deadline);
    }
};

std::string answer(const std::variant<std::string, api::DeviceError>& r) {
    if (const auto* e = std::get_if<api::DeviceError>(&r)) {
        return "error: " + e->message;
    }
    return std::get<std::string>(r);
}

TEST(UsbtmcTransport, OpenClearsTheDevice) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    EXPECT_EQ(rig.fake->requests, (std::vector<std::string>{"INITIATE_CLEAR", "CHECK_CLEAR_STATUS",
                                                            "CHECK_CLEAR_STATUS"}));
    EXPECT_EQ(rig.fake->halts, (std::vector<std::uint8_t>{0x01}));
    EXPECT_EQ(rig.transport.name(), "usbtmc://1234:5678/F0001");
}

TEST(UsbtmcTransport, AnswersIdnAndANumericQuery) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    EXPECT_EQ(answer(rig.ask("*IDN?\n")), "WATTBENCH,USBTMC-FAKE,F0001,1.0");
    EXPECT_EQ(answer(rig.ask(":MEAS:POW?\n")), "1.2345E+02");
    EXPECT_EQ(rig.fake->messages, (std::vector<std::string>{"*IDN?\n", ":MEAS:POW?\n"}));
    // Command, request, command, request.
    EXPECT_EQ(rig.fake->tags, (std::vector<std::uint8_t>{1, 2, 3, 4}));
}

TEST(UsbtmcTransport, TagsWrapFrom255ToOneAndNeverUseZero) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    for (int i = 0; i < 200; ++i) {
        ASSERT_EQ(answer(rig.ask(":MEAS:POW?\n")), "1.2345E+02") << i;
    }
    const auto& tags = rig.fake->tags;
    ASSERT_EQ(tags.size(), 400u);
    EXPECT_EQ(std::count(tags.begin(), tags.end(), 0), 0);
    for (std::size_t i = 1; i < tags.size(); ++i) {
        ASSERT_EQ(tags[i], next_usbtmc_tag(tags[i - 1])) << i;
    }
    EXPECT_EQ(tags[254], 255);
    EXPECT_EQ(tags[255], 1);
}

TEST(UsbtmcTransport, AReplySplitOverTransfersAndReadsArrivesWhole) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    rig.fake->max_transfer_data = 4;  // DEV_DEP_MSG_IN of 4 bytes, EOM on the last only
    EXPECT_EQ(answer(rig.ask("*IDN?\n")), "WATTBENCH,USBTMC-FAKE,F0001,1.0");
    EXPECT_EQ(rig.fake->tags.size(), 1u + 8u);  // 32 bytes in 4-byte transfers

    rig.fake->max_transfer_data = 0;
    rig.fake->bulk_chunk = 5;  // one transfer reaching the host in 5-byte reads
    EXPECT_EQ(answer(rig.ask("*IDN?\n")), "WATTBENCH,USBTMC-FAKE,F0001,1.0");

    rig.fake->max_transfer_data = 7;
    rig.fake->bulk_chunk = 3;
    EXPECT_EQ(answer(rig.ask(":MEAS:POW?\n")), "1.2345E+02");
}

TEST(UsbtmcTransport, AReplyWithoutEomStillEndsAtItsTerminator) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    rig.fake->no_eom = true;
    EXPECT_EQ(answer(rig.ask("*IDN?\n")), "WATTBENCH,USBTMC-FAKE,F0001,1.0");
    EXPECT_EQ(answer(rig.ask(":MEAS:POW?\n")), "1.2345E+02");
    EXPECT_TRUE(rig.fake->requests.size() == 3u) << "no abort needed";
}

TEST(UsbtmcTransport, ATimeoutAbortsTheBulkInTransfer) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    rig.fake->requests.clear();
    rig.fake->silent = true;
    auto r = rig.ask(":MEAS:POW?\n");
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(r));
    EXPECT_EQ(std::get<api::DeviceError>(r).kind, api::ErrorKind::timeout);
    // The request was the second header (tag 2); its transfer is aborted by that tag.
    EXPECT_EQ(rig.fake->requests, (std::vector<std::string>{"INITIATE_ABORT_BULK_IN tag 2",
                                                            "CHECK_ABORT_BULK_IN_STATUS",
                                                            "CHECK_ABORT_BULK_IN_STATUS"}));
    EXPECT_TRUE(rig.transport.is_open());

    rig.fake->silent = false;
    rig.reader.reset();
    EXPECT_EQ(answer(rig.ask("*IDN?\n")), "WATTBENCH,USBTMC-FAKE,F0001,1.0");
}

// Reads the first bytes of the answer to `command`, leaving the rest of its transfer unread.
void start_answer(Rig& rig, std::string_view command) {
    rig.fake->bulk_chunk = 16;
    const auto deadline = std::chrono::steady_clock::now() + 500ms;
    ASSERT_FALSE(rig.transport.write(
        {reinterpret_cast<const std::uint8_t*>(command.data()), command.size()}, deadline));
    std::array<std::uint8_t, 64> buf{};
    auto r = rig.transport.read(buf, deadline);
    ASSERT_FALSE(r.error);
    EXPECT_EQ(std::string(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(r.count)), "WATT");
    rig.fake->bulk_chunk = 0;
    rig.fake->requests.clear();
}

TEST(UsbtmcTransport, DiscardingInputAbortsAnAnswerStillComing) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    start_answer(rig, "*IDN?\n");
    rig.reader.reset();
    EXPECT_EQ(rig.fake->requests.front(), "INITIATE_ABORT_BULK_IN tag 2");
    EXPECT_EQ(answer(rig.ask(":MEAS:POW?\n")), "1.2345E+02");
}

TEST(UsbtmcTransport, ANewCommandAbortsTheAnswerNotReadYet) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    start_answer(rig, "*IDN?\n");
    EXPECT_EQ(answer(rig.ask(":MEAS:POW?\n")), "1.2345E+02");
    EXPECT_EQ(rig.fake->requests.front(), "INITIATE_ABORT_BULK_IN tag 2");
}

TEST(UsbtmcTransport, ACommandTheDeviceDoesNotTakeIsAbortedAndItsHaltCleared) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    rig.fake->requests.clear();
    rig.fake->halts.clear();
    rig.fake->refuse_out = true;
    auto r = rig.ask("*IDN?\n");
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(r));
    EXPECT_EQ(std::get<api::DeviceError>(r).kind, api::ErrorKind::timeout);
    EXPECT_EQ(rig.fake->requests, (std::vector<std::string>{"INITIATE_ABORT_BULK_OUT tag 1",
                                                            "CHECK_ABORT_BULK_OUT_STATUS",
                                                            "CHECK_ABORT_BULK_OUT_STATUS"}));
    EXPECT_EQ(rig.fake->halts, (std::vector<std::uint8_t>{0x01}));
    rig.fake->refuse_out = false;
    EXPECT_EQ(answer(rig.ask("*IDN?\n")), "WATTBENCH,USBTMC-FAKE,F0001,1.0");
}

TEST(UsbtmcTransport, UnpluggedIsALostLinkAndReopensWhenBack) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    rig.fake->unplug();
    auto r = rig.ask("*IDN?\n");
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(r));
    EXPECT_EQ(std::get<api::DeviceError>(r).kind, api::ErrorKind::link_lost);
    EXPECT_FALSE(rig.transport.is_open());
    auto again = rig.transport.open();
    ASSERT_TRUE(again);
    EXPECT_EQ(again->kind, api::ErrorKind::unreachable);

    rig.fake->plug();
    rig.fake->requests.clear();
    ASSERT_FALSE(rig.transport.open());
    EXPECT_EQ(rig.fake->opens, 2);
    EXPECT_EQ(rig.fake->requests.front(), "INITIATE_CLEAR");
    rig.reader.reset();
    EXPECT_EQ(answer(rig.ask(":MEAS:POW?\n")), "1.2345E+02");
}

TEST(UsbtmcTransport, UnpluggedWhileWaitingForTheAnswer) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    rig.fake->silent = true;
    const auto deadline = std::chrono::steady_clock::now() + 500ms;
    const std::string_view q = ":MEAS:POW?\n";
    ASSERT_FALSE(
        rig.transport.write({reinterpret_cast<const std::uint8_t*>(q.data()), q.size()}, deadline));
    rig.fake->unplug();
    std::array<std::uint8_t, 64> buf{};
    auto r = rig.transport.read(buf, deadline);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, api::ErrorKind::link_lost);
}

TEST(UsbtmcTransport, BytesThatAreNoHeaderBreakTheLinkForAReopen) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    rig.fake->garbage_next = true;
    auto r = rig.ask(":MEAS:POW?\n");
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(r));
    const auto& e = std::get<api::DeviceError>(r);
    EXPECT_EQ(e.kind, api::ErrorKind::link_lost);
    EXPECT_NE(e.message.find("not a USBTMC reply"), std::string::npos) << e.message;
    ASSERT_FALSE(rig.transport.open());
    rig.reader.reset();
    EXPECT_EQ(answer(rig.ask(":MEAS:POW?\n")), "1.2345E+02");
}

TEST(UsbtmcTransport, AStaleTransferWithAnotherTagIsSkipped) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    rig.fake->stale_next = true;
    EXPECT_EQ(answer(rig.ask(":MEAS:POW?\n")), "1.2345E+02");
    rig.fake->stale_next = true;
    rig.fake->bulk_chunk = 5;  // the stale transfer's data spread over several reads too
    EXPECT_EQ(answer(rig.ask(":MEAS:POW?\n")), "1.2345E+02");
}

TEST(UsbtmcTransport, ALongCommandGoesOutInSeveralTransfersWithEomOnTheLast) {
    Rig rig;
    ASSERT_FALSE(rig.transport.open());
    const std::string big = std::string(5000, 'A') + "\n";
    EXPECT_EQ(answer(rig.ask(big)), "5001");
    EXPECT_EQ(rig.fake->messages.back(), big);
    EXPECT_EQ(rig.fake->tags.size(), 3u);  // two DEV_DEP_MSG_OUT and the request
}

TEST(UsbtmcTransport, ConnectionStringsMakeAUsbtmcTransport) {
    auto ep = std::get<Endpoint>(parse_connection("usbtmc://0b21:0025/91K000001"));
    auto t = make_transport(ep);
    EXPECT_EQ(t->name(), "usbtmc://0b21:0025/91K000001");
    // No such device here (and often no USB bus at all in a container).
    auto e = t->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::unreachable);
    EXPECT_NE(e->message.find("usbtmc://0b21:0025/91K000001"), std::string::npos) << e->message;
    EXPECT_FALSE(t->is_open());
}

TEST(UsbtmcScan, ListsUsableConnectionStringsOrNothing) {
    // Containers and CI have no USB bus: an empty list, no failure. With instruments present,
    // each entry must parse back to a USBTMC endpoint.
    for (const auto& found : scan_usbtmc()) {
        auto ep = parse_connection(found.connection);
        ASSERT_TRUE(std::holds_alternative<Endpoint>(ep)) << found.connection;
        EXPECT_TRUE(std::holds_alternative<UsbtmcEndpoint>(std::get<Endpoint>(ep)));
    }
}

}  // namespace
}  // namespace wattbench::drivers::transport
