#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "drivers/http/http_client.hpp"
#include "drivers/http/password.hpp"
#include "drivers/http/plug_values.hpp"
#include "tests/drivers/http/http_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::http {
namespace {

using tests::emulators::StreamServer;
using tests::http::HttpEmulator;
using tests::http::Reply;
using tests::http::Request;
using namespace std::chrono_literals;

std::string base_of(const StreamServer& s) {
    return "http://" + s.connection().substr(6);  // tcp://127.0.0.1:PORT
}

struct Rig {
    HttpEmulator emulator{[](const Request& r) {
        if (r.path == "/missing") {
            return Reply{404, "{}", {}};
        }
        return Reply{
            200, "{\"path\":\"" + r.path + "\",\"query\":\"" + r.query + "\"}", {"X-Thing: 42"}};
    }};
    StreamServer server{StreamServer::Kind::tcp,
                        [this](std::string& in) { return emulator.handle(in); }};
    HttpClient client{base_of(server),
                      ClientOptions{"http,https", {"Accept: application/json"}, {}, {}}};

    std::variant<HttpResponse, api::DeviceError> get(const std::string& target,
                                                     const Credentials* c = nullptr) {
        return client.request(Method::get, target, {}, {}, 500ms, c);
    }
};

TEST(HttpClient, KeepsOneConnectionAndReadsHeaders) {
    Rig rig;
    for (int i = 0; i < 3; ++i) {
        auto got = rig.get("/status?x=" + std::to_string(i));
        ASSERT_TRUE(std::holds_alternative<HttpResponse>(got))
            << std::get<api::DeviceError>(got).message;
        const auto& r = std::get<HttpResponse>(got);
        EXPECT_EQ(r.status, 200);
        EXPECT_EQ(r.body, "{\"path\":\"/status\",\"query\":\"x=" + std::to_string(i) + "\"}");
        EXPECT_EQ(r.header("x-thing"), "42");
        EXPECT_EQ(r.header("X-Missing"), "");
    }
    EXPECT_EQ(rig.server.connections(), 1);
    EXPECT_EQ(std::get<HttpResponse>(rig.get("/missing")).status, 404);
}

TEST(HttpClient, AnswersASha256DigestChallenge) {
    Rig rig;
    rig.emulator.require_digest("shellyplusplugs-a8032ab12345", "admin", "s3cret-Digest",
                                {"/shelly"});
    const std::string user = "admin", good = "s3cret-Digest", bad = "wrong";
    const Credentials digest{AuthScheme::digest, &user, &good};
    auto got = rig.get("/rpc/Switch.GetStatus?id=0", &digest);
    ASSERT_TRUE(std::holds_alternative<HttpResponse>(got));
    EXPECT_EQ(std::get<HttpResponse>(got).status, 200);
    EXPECT_EQ(rig.emulator.authenticated(), 1);
    EXPECT_NE(rig.emulator.last_authorization().find("algorithm=SHA-256"), std::string::npos)
        << rig.emulator.last_authorization();
    EXPECT_EQ(rig.emulator.last_authorization().find(good), std::string::npos);
    const Credentials wrong{AuthScheme::digest, &user, &bad};
    EXPECT_EQ(std::get<HttpResponse>(rig.get("/rpc/Switch.GetStatus?id=0", &wrong)).status, 401);
    EXPECT_EQ(std::get<HttpResponse>(rig.get("/rpc/Switch.GetStatus?id=0")).status, 401);
    EXPECT_EQ(std::get<HttpResponse>(rig.get("/shelly")).status, 200);
}

// After the first challenge every request answers the same nonce with nc one higher, on the
// same connection: one round trip each, no 401 (Shelly firmware 2.0+ keeps a nonce an hour).
TEST(HttpClient, DigestReusesTheNonceWithAnIncreasingCount) {
    Rig rig;
    rig.emulator.require_digest("shellyplusplugs-a8032ab12345", "admin", "s3cret-Digest", {});
    const std::string user = "admin", good = "s3cret-Digest";
    const Credentials digest{AuthScheme::digest, &user, &good};
    ASSERT_EQ(std::get<HttpResponse>(rig.get("/rpc/Switch.GetStatus?id=0", &digest)).status, 200);
    EXPECT_EQ(rig.emulator.requests(), 2) << "the first request takes the challenge";
    EXPECT_EQ(rig.emulator.refused(), 1);
    for (int i = 0; i < 5; ++i) {
        ASSERT_EQ(std::get<HttpResponse>(rig.get("/rpc/Switch.GetStatus?id=0", &digest)).status,
                  200);
    }
    EXPECT_EQ(rig.emulator.requests(), 7);
    EXPECT_EQ(rig.emulator.refused(), 1);
    EXPECT_EQ(rig.emulator.authenticated(), 6);
    EXPECT_NE(rig.emulator.last_authorization().find("nc=00000006"), std::string::npos)
        << rig.emulator.last_authorization();
    EXPECT_EQ(rig.server.connections(), 1);
    // A request without credentials in between forgets the nonce: the next one is challenged.
    EXPECT_EQ(std::get<HttpResponse>(rig.get("/status")).status, 401);
    EXPECT_EQ(std::get<HttpResponse>(rig.get("/rpc/Switch.GetStatus?id=0", &digest)).status, 200);
    EXPECT_EQ(rig.emulator.refused(), 3);
    // An expired nonce (reused before): the same request asks for a new one and goes on reusing
    // that.
    EXPECT_EQ(std::get<HttpResponse>(rig.get("/rpc/Switch.GetStatus?id=0", &digest)).status, 200);
    EXPECT_EQ(rig.emulator.refused(), 3);
    rig.emulator.expire_nonces();
    EXPECT_EQ(std::get<HttpResponse>(rig.get("/rpc/Switch.GetStatus?id=0", &digest)).status, 200);
    EXPECT_EQ(rig.emulator.refused(), 5);
    const int requests = rig.emulator.requests();
    EXPECT_EQ(std::get<HttpResponse>(rig.get("/rpc/Switch.GetStatus?id=0", &digest)).status, 200);
    EXPECT_EQ(rig.emulator.requests(), requests + 1);
    EXPECT_EQ(rig.emulator.refused(), 5);
}

// A device that wants a fresh challenge every request: refused at its first reuse, the nonce is
// not offered again; each request is then a challenge and its answer, as without reuse.
TEST(HttpClient, DigestStopsReusingWhereEveryNonceIsSingleUse) {
    Rig rig;
    rig.emulator.require_digest("shellyplus1pm-441793d69718", "admin", "s3cret-Digest", {});
    rig.emulator.single_use_nonces = true;
    const std::string user = "admin", good = "s3cret-Digest";
    const Credentials digest{AuthScheme::digest, &user, &good};
    for (int i = 0; i < 4; ++i) {
        ASSERT_EQ(std::get<HttpResponse>(rig.get("/rpc/Switch.GetStatus?id=0", &digest)).status,
                  200)
            << i;
    }
    // 2 (challenge) + 3 (refused reuse, challenge, answer) + 2 + 2.
    EXPECT_EQ(rig.emulator.requests(), 9);
    EXPECT_EQ(rig.emulator.authenticated(), 4);
}

TEST(HttpClient, SendsBasicWhenAsked) {
    Rig rig;
    rig.emulator.require_basic("admin", "b4sic", {});
    const std::string user = "admin", pw = "b4sic";
    const Credentials basic{AuthScheme::basic, &user, &pw};
    EXPECT_EQ(std::get<HttpResponse>(rig.get("/status", &basic)).status, 200);
    EXPECT_EQ(std::get<HttpResponse>(rig.get("/status")).status, 401);
}

TEST(HttpClient, TransportFailuresAreErrorKinds) {
    Rig rig;
    rig.server.silent = true;
    auto got = rig.get("/status");
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(got));
    EXPECT_EQ(std::get<api::DeviceError>(got).kind, api::ErrorKind::timeout);
    rig.server.silent = false;
    rig.server.drop(2s);
    std::this_thread::sleep_for(50ms);
    rig.client.disconnect();
    got = rig.get("/status");
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(got));
    // StreamServer's drop accepts and closes at once; a plug that is off refuses instead.
    const auto kind = std::get<api::DeviceError>(got).kind;
    EXPECT_TRUE(kind == api::ErrorKind::unreachable || kind == api::ErrorKind::link_lost)
        << std::get<api::DeviceError>(got).message;
    HttpClient https_only(base_of(rig.server), ClientOptions{});
    got = https_only.request(Method::get, "/status", {}, {}, 200ms);
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(got)) << "plain http refused";
}

TEST(HttpClient, MessagesNeverCarryTheQuery) {
    Rig rig;
    auto got = rig.get("https://elsewhere.example/cm?cmnd=Status&password=hunter2");
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(got));
    EXPECT_EQ(std::get<api::DeviceError>(got).message.find("hunter2"), std::string::npos);
}

TEST(HttpSameHost, OnlyPathsOfTheSameHost) {
    const std::string base = "http://192.0.2.50";
    EXPECT_EQ(same_host_target(base, "/status"), "/status");
    EXPECT_EQ(same_host_target(base, "http://192.0.2.50/rpc"), "/rpc");
    EXPECT_EQ(same_host_target(base, "http://192.0.2.500/rpc"), "");
    EXPECT_EQ(same_host_target(base, "status"), "");
}

TEST(HttpPassword, FileOnlyTheOwnerReadsOrTheEnvironment) {
    namespace fs = std::filesystem;
    const fs::path f = fs::temp_directory_path() / ("wb-http-pw-" + std::to_string(::getpid()));
    std::ofstream(f) << "pl4g-pw\n";
    ::chmod(f.c_str(), 0644);
    auto got = load_password(f.string(), "WB_TEST_PLUG_PW", "plug password");
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(got));
    EXPECT_NE(std::get<api::DeviceError>(got).message.find("chmod 600"), std::string::npos);
    ::chmod(f.c_str(), 0600);
    got = load_password(f.string(), "WB_TEST_PLUG_PW", "plug password");
    ASSERT_TRUE(std::holds_alternative<std::string>(got));
    EXPECT_EQ(std::get<std::string>(got), "pl4g-pw");
    fs::remove(f);
    ::unsetenv("WB_TEST_PLUG_PW");
    got = load_password("", "WB_TEST_PLUG_PW", "plug password");
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(got));
    EXPECT_EQ(std::get<api::DeviceError>(got).message,
              "no plug password: set WB_TEST_PLUG_PW or the password_file option");
    ::setenv("WB_TEST_PLUG_PW", "from-env", 1);
    EXPECT_EQ(std::get<std::string>(load_password("", "WB_TEST_PLUG_PW", "plug password")),
              "from-env");
    ::unsetenv("WB_TEST_PLUG_PW");
}

TEST(PlugChannels, TableFromTheFirstAnswerAndReadingsOfLaterOnes) {
    using namespace common;
    PlugChannels plug("plug-1");
    PlugValues first;
    first.value[power] = 10.0;
    first.value[energy] = 100.0;
    plug.fix(first);
    ASSERT_EQ(plug.channels().size(), 2u);
    EXPECT_EQ(plug.channels()[0].name, "power");
    EXPECT_EQ(plug.channels()[1].name, "energy");
    PlugValues later;
    later.value[power] = 12.5;
    later.value[voltage] = 230.0;  // not in the table: left out
    api::PollResult r;
    plug.map(later, r);
    ASSERT_EQ(r.readings.size(), 1u);
    EXPECT_EQ(r.readings[0].channel, 0u);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 12.5);
}

}  // namespace
}  // namespace wattbench::drivers::http
