#include <gtest/gtest.h>

#include <string_view>

#include "drivers/transport/usbtmc_control.hpp"
#include "drivers/transport/usbtmc_header.hpp"

// Layouts from USBTMC 1.0 §3.2 (bulk headers, Tables 1-3 and 8-9) and §4.2.1 (class requests).
namespace wattbench::drivers::transport {
namespace {

using Bytes = std::vector<std::uint8_t>;

std::span<const std::uint8_t> text(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

TEST(UsbtmcHeader, DevDepMsgOutCarriesTagInverseSizeEomAndPadding) {
    const Bytes idn = {0x01, 0x01, 0xFE, 0x00, 0x06, 0x00, 0x00, 0x00, 0x01, 0x00,
                       0x00, 0x00, '*',  'I',  'D',  'N',  '?',  '\n', 0x00, 0x00};
    EXPECT_EQ(encode_dev_dep_msg_out(1, text("*IDN?\n"), true), idn);

    // 8 data bytes need no padding; no EOM on a message's first transfer.
    const Bytes part = {0x01, 0x80, 0x7F, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00,
                        0x00, 0x00, ':',  'M',  'E',  'A',  'S',  '?',  ' ',  'U'};
    EXPECT_EQ(encode_dev_dep_msg_out(0x80, text(":MEAS? U"), false), part);

    EXPECT_EQ(encode_dev_dep_msg_out(7, {}, true).size(), 12u);
}

TEST(UsbtmcHeader, RequestDevDepMsgInAsksForAMaximumAndMayNameATermChar) {
    const std::array<std::uint8_t, 12> request = {0x02, 0x02, 0xFD, 0x00, 0xF4, 0x0F,
                                                  0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    EXPECT_EQ(encode_request_dev_dep_msg_in(2, 4084), request);
    const std::array<std::uint8_t, 12> with_lf = {0x02, 0xFF, 0x00, 0x00, 0x00, 0x01,
                                                  0x00, 0x00, 0x02, 0x0A, 0x00, 0x00};
    EXPECT_EQ(encode_request_dev_dep_msg_in(255, 256, '\n'), with_lf);
}

TEST(UsbtmcHeader, TagsRunFromOneTo255AndSkipZero) {
    EXPECT_EQ(next_usbtmc_tag(0), 1);
    EXPECT_EQ(next_usbtmc_tag(1), 2);
    EXPECT_EQ(next_usbtmc_tag(254), 255);
    EXPECT_EQ(next_usbtmc_tag(255), 1);
}

TEST(UsbtmcHeader, DecodesADeviceReply) {
    // A reply split over two transfers: 5 bytes now, no EOM; the header says what is data.
    const Bytes first = {0x02, 0x09, 0xF6, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00,
                         0x00, 0x00, '1',  '2',  '.',  '5',  'E',  0,    0,    0};
    auto h = std::get<UsbtmcHeader>(decode_dev_dep_msg_in(first));
    EXPECT_EQ(h.tag, 9);
    EXPECT_EQ(h.transfer_size, 5u);
    EXPECT_FALSE(h.eom);
    EXPECT_EQ(encode_dev_dep_msg_in(9, text("12.5E"), false), first);

    const Bytes last = {0x02, 0x0A, 0xF5, 0x00, 0x03, 0x00, 0x00, 0x00,
                        0x03, 0x00, 0x00, 0x00, '+',  '0',  '\n', 0x00};
    h = std::get<UsbtmcHeader>(decode_dev_dep_msg_in(last));
    EXPECT_TRUE(h.eom);
    EXPECT_TRUE(h.term_char);
    EXPECT_EQ(h.transfer_size, 3u);

    // Sizes are little-endian over all four bytes.
    const Bytes big = {0x02, 0x01, 0xFE, 0x00, 0x78, 0x56, 0x34, 0x12, 0x01, 0, 0, 0};
    EXPECT_EQ(std::get<UsbtmcHeader>(decode_dev_dep_msg_in(big)).transfer_size, 0x12345678u);
}

TEST(UsbtmcHeader, RefusesWhatIsNotAReplyHeader) {
    struct Case {
        Bytes bytes;
        const char* says;
    };
    const Case cases[] = {
        {{0x02, 0x01, 0xFE}, "3 bytes"},
        {{0x02, 0x05, 0x00, 0x00, 0x01, 0, 0, 0, 0x01, 0, 0, 0}, "bTag 5 with inverse 0"},
        {{0x01, 0x05, 0xFA, 0x00, 0x01, 0, 0, 0, 0x01, 0, 0, 0}, "MsgID 1"},
        {{'1', '2', '.', '5', 'E', '+', '0', '\n', 0, 0, 0, 0}, "bTag 50 with inverse 46"},
    };
    for (const auto& c : cases) {
        auto r = decode_dev_dep_msg_in(c.bytes);
        ASSERT_TRUE(std::holds_alternative<std::string>(r)) << c.says;
        EXPECT_NE(std::get<std::string>(r).find(c.says), std::string::npos)
            << std::get<std::string>(r);
    }
}

TEST(UsbtmcHeader, APartialHeaderIsRefusedAsSoonAsItCannotBeOne) {
    const Bytes none;
    const Bytes start = {0x02, 0x05};
    const Bytes tagged = {0x02, 0x05, 0xFA, 0x00, 0x01};
    const Bytes number = {'1', '.', '2'};
    const Bytes bad_inverse = {0x02, 0x05, 0x05};
    EXPECT_TRUE(could_be_dev_dep_msg_in(none));
    EXPECT_TRUE(could_be_dev_dep_msg_in(start));
    EXPECT_TRUE(could_be_dev_dep_msg_in(tagged));
    EXPECT_FALSE(could_be_dev_dep_msg_in(number));
    EXPECT_FALSE(could_be_dev_dep_msg_in(bad_inverse));
}

TEST(UsbtmcHeader, ADeviceSeesTheHostsHeaders) {
    auto out = std::get<UsbtmcHeader>(
        decode_bulk_out_header(encode_dev_dep_msg_out(3, text("*RST\n"), true)));
    EXPECT_EQ(out.id, 1);
    EXPECT_EQ(out.tag, 3);
    EXPECT_EQ(out.transfer_size, 5u);
    EXPECT_TRUE(out.eom);
    auto req =
        std::get<UsbtmcHeader>(decode_bulk_out_header(encode_request_dev_dep_msg_in(4, 64, '\n')));
    EXPECT_EQ(req.id, 2);
    EXPECT_EQ(req.transfer_size, 64u);
    EXPECT_TRUE(req.term_char);
    EXPECT_EQ(req.term_char_value, '\n');
    const Bytes zero_tag = {0x01, 0x00, 0xFF, 0x00, 0, 0, 0, 0, 0x01, 0, 0, 0};
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_bulk_out_header(zero_tag)));
    const Bytes unknown = {0x09, 0x01, 0xFE, 0x00, 0, 0, 0, 0, 0, 0, 0, 0};
    EXPECT_NE(std::get<std::string>(decode_bulk_out_header(unknown)).find("unknown MsgID 9"),
              std::string::npos);
}

TEST(UsbtmcControl, SetupPacketsFollowTheClassRequestLayouts) {
    // bmRequestType bRequest wValue wIndex wLength
    EXPECT_EQ(usbtmc_setup(UsbtmcRequest::initiate_abort_bulk_in, 0x82, 7),
              (usb::SetupPacket{0xA2, 3, 7, 0x82, 2}));
    EXPECT_EQ(usbtmc_setup(UsbtmcRequest::check_abort_bulk_in_status, 0x82),
              (usb::SetupPacket{0xA2, 4, 0, 0x82, 8}));
    EXPECT_EQ(usbtmc_setup(UsbtmcRequest::initiate_abort_bulk_out, 0x01, 200),
              (usb::SetupPacket{0xA2, 1, 200, 0x01, 2}));
    EXPECT_EQ(usbtmc_setup(UsbtmcRequest::check_abort_bulk_out_status, 0x01),
              (usb::SetupPacket{0xA2, 2, 0, 0x01, 8}));
    EXPECT_EQ(usbtmc_setup(UsbtmcRequest::initiate_clear, 0), (usb::SetupPacket{0xA1, 5, 0, 0, 1}));
    EXPECT_EQ(usbtmc_setup(UsbtmcRequest::check_clear_status, 0),
              (usb::SetupPacket{0xA1, 6, 0, 0, 2}));
    EXPECT_EQ(usbtmc_setup(UsbtmcRequest::get_capabilities, 1),
              (usb::SetupPacket{0xA1, 7, 0, 1, 0x18}));
}

TEST(UsbtmcControl, DecodesStatusFifoFlagAndByteCounts) {
    const Bytes check_in = {0x02, 0x01, 0x00, 0x00, 0x10, 0x01, 0x00, 0x00};
    auto r = decode_usbtmc_reply(UsbtmcRequest::check_abort_bulk_in_status, check_in);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, static_cast<std::uint8_t>(UsbtmcStatus::pending));
    EXPECT_TRUE(r->fifo_has_data);
    EXPECT_EQ(r->bytes, 0x110u);

    const Bytes initiate = {0x81, 0x07};
    r = decode_usbtmc_reply(UsbtmcRequest::initiate_abort_bulk_in, initiate);
    EXPECT_EQ(r->status, static_cast<std::uint8_t>(UsbtmcStatus::transfer_not_in_progress));

    const Bytes clear = {0x01, 0x00};
    r = decode_usbtmc_reply(UsbtmcRequest::check_clear_status, clear);
    EXPECT_EQ(r->status, static_cast<std::uint8_t>(UsbtmcStatus::success));
    EXPECT_FALSE(r->fifo_has_data);

    const Bytes short_reply = {0x01};
    EXPECT_FALSE(decode_usbtmc_reply(UsbtmcRequest::check_abort_bulk_out_status, short_reply));
    EXPECT_FALSE(decode_usbtmc_reply(UsbtmcRequest::initiate_abort_bulk_in, short_reply));
}

}  // namespace
}  // namespace wattbench::drivers::transport
