#include "drivers/http/http_plug_device.hpp"

#include <string.h>

namespace wattbench::drivers::http {

HttpPlugDevice::HttpPlugDevice(const HttpUrl& url, int timeout_ms, const std::string& vendor)
    : url_(url), plug_(url.address()), timeout_ms_(timeout_ms) {
    identity_.vendor = vendor;
    identity_.model = vendor;
}

HttpPlugDevice::~HttpPlugDevice() {
    HttpPlugDevice::close();
}

void HttpPlugDevice::close() {
    http_.reset();
    ::explicit_bzero(password_.data(), password_.size());
    password_.clear();
}

void HttpPlugDevice::start_client() {
    ClientOptions options;
    options.protocols = "http,https";
    options.default_headers = {"Accept: application/json"};
    http_ = std::make_unique<HttpClient>(url_.base_url(), std::move(options));
}

api::DeviceError HttpPlugDevice::failed(api::DeviceError e) {
    close();
    return api::failed_open(std::move(e));
}

void HttpPlugDevice::fix_channels(const PlugValues& first, api::Notice n) {
    plug_.fix(first);
    plug_.keep_settings(n.settings);
    pending_.push_back(std::move(n));
}

api::PollResult HttpPlugDevice::poll(std::chrono::steady_clock::time_point deadline) {
    api::PollResult out;
    out.notices = std::move(pending_);
    pending_.clear();
    if (!http_) {
        out.error = api::DeviceError{api::ErrorKind::link_lost, "poll on a closed device"};
        return out;
    }
    plug_.deliver(read_values(request_budget(deadline, timeout_ms_)), out);
    return out;
}

}  // namespace wattbench::drivers::http
