#include "app/core/load/disk_load.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace wattbench::core::load {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t chunk_size = 1 << 20;
constexpr std::size_t direct_alignment = 4096;
constexpr std::uint64_t default_cap = 8ull << 30;

std::string mib(std::uint64_t bytes) {
    return fmt::format("{:.0f} MiB", static_cast<double>(bytes) / (1 << 20));
}

// Free space for an unprivileged writer, measured on the nearest folder that exists.
std::optional<std::uint64_t> free_bytes(fs::path p) {
    std::error_code ec;
    while (!p.empty() && !fs::exists(p, ec)) {
        p = p.parent_path();
    }
    struct statvfs st {};
    if (::statvfs(p.empty() ? "." : p.c_str(), &st) != 0) {
        return std::nullopt;
    }
    return static_cast<std::uint64_t>(st.f_bavail) * st.f_frsize;
}

struct AlignedBuffer {
    void* data = nullptr;
    explicit AlignedBuffer(std::size_t size) {
        if (posix_memalign(&data, direct_alignment, size) == 0) {
            // Not zeros: some file systems and SSDs compress or skip zero blocks.
            auto* bytes = static_cast<unsigned char*>(data);
            std::uint32_t x = 0x2545F491u;
            for (std::size_t i = 0; i < size; ++i) {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                bytes[i] = static_cast<unsigned char>(x);
            }
        } else {
            data = nullptr;
        }
    }
    ~AlignedBuffer() { std::free(data); }
    AlignedBuffer(const AlignedBuffer&) = delete;
    AlignedBuffer& operator=(const AlignedBuffer&) = delete;
};

}  // namespace

DiskLoad::DiskLoad(DiskLoadSettings settings,
                   std::shared_ptr<std::atomic<std::uint64_t>> bytes_written)
    : settings_(std::move(settings)),
      bytes_(bytes_written ? std::move(bytes_written)
                           : std::make_shared<std::atomic<std::uint64_t>>(0)) {
    if (settings_.sync == DiskSync::direct) {
        settings_.file_size =
            (settings_.file_size + direct_alignment - 1) / direct_alignment * direct_alignment;
    }
}

std::optional<std::string> DiskLoad::start() {
    if (writer_.joinable()) {
        return std::nullopt;
    }
    const auto free = free_bytes(settings_.path);
    if (!free) {
        return fmt::format("cannot read the free space of '{}': {}", settings_.path,
                           std::strerror(errno));
    }
    max_space_ = settings_.max_space ? settings_.max_space : std::min(default_cap, *free / 2);
    if (settings_.max_space > *free) {
        return fmt::format(
            "max_space {} is more than the {} free under '{}'; refusing to fill "
            "the file system",
            mib(settings_.max_space), mib(*free), settings_.path);
    }
    if (settings_.file_size > max_space_) {
        return fmt::format(
            "file_size {} does not fit in the {} the phase may use under '{}' "
            "({} free)",
            mib(settings_.file_size), mib(max_space_), settings_.path, mib(*free));
    }
    std::error_code ec;
    if (!fs::exists(settings_.path, ec)) {
        if (!fs::create_directories(settings_.path, ec) || ec) {
            return fmt::format("cannot create '{}': {}", settings_.path, ec.message());
        }
        created_dir_ = true;
    }
    // Opening the first file here, not in the thread, lets an unwritable folder or a file
    // system without O_DIRECT fail the phase start with its reason.
    const std::string probe = fmt::format("{}/.wattbench-probe-{}", settings_.path, ::getpid());
    const int flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC |
                      (settings_.sync == DiskSync::direct ? O_DIRECT : 0);
    const int fd = ::open(probe.c_str(), flags, 0644);
    if (fd < 0) {
        const std::string why = std::strerror(errno);
        remove_created();
        return fmt::format("cannot write under '{}'{}: {}", settings_.path,
                           settings_.sync == DiskSync::direct ? " with O_DIRECT" : "", why);
    }
    ::close(fd);
    ::unlink(probe.c_str());
    stop_.store(false);
    writer_ = std::thread([this] { write_loop(); });
    return std::nullopt;
}

void DiskLoad::write_loop() {
    pthread_setname_np(pthread_self(), "wb-disk");
    AlignedBuffer buffer(chunk_size);
    if (!buffer.data) {
        std::lock_guard lock(error_mutex_);
        error_ = "out of memory for the write buffer";
        return;
    }
    const std::size_t keep = std::max<std::uint64_t>(1, max_space_ / settings_.file_size);
    const int direct = settings_.sync == DiskSync::direct ? O_DIRECT : 0;
    const int flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | direct;
    // Unnamed files (O_TMPFILE) held open while they count against max_space: the kernel frees
    // them however wattbench ends, a kill -9 included, where named files would stay behind.
    // Named files remain for file systems without O_TMPFILE and for rotations too long to hold
    // open (more files than a process may sensibly keep descriptors for).
    bool unnamed = keep <= max_open_files;
    auto fail = [&](const std::string& what) {
        std::lock_guard lock(error_mutex_);
        error_ = fmt::format("{}: {}", what, std::strerror(errno));
    };
    while (!stop_.load(std::memory_order_relaxed)) {
        while (created_.size() >= keep) {
            forget(created_.front());
            created_.erase(created_.begin());
        }
        WrittenFile file;
        int fd = -1;
        if (unnamed) {
            fd = ::open(settings_.path.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC | direct, 0600);
            if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
                unnamed = false;
            } else if (fd < 0) {
                fail("cannot create a file under " + settings_.path);
                return;
            }
        }
        if (!unnamed) {
            file.name =
                fmt::format("{}/wattbench-disk-{}-{}.dat", settings_.path, ::getpid(), sequence_++);
            fd = ::open(file.name.c_str(), flags, 0644);
            if (fd < 0) {
                if (errno == EEXIST) {
                    continue;  // someone else's file: never touched, take the next name
                }
                fail("cannot create " + file.name);
                return;
            }
        }
        const std::string label =
            file.name.empty() ? "an unnamed file under " + settings_.path : file.name;
        file.fd = fd;
        created_.push_back(file);
        std::uint64_t left = settings_.file_size;
        while (left > 0 && !stop_.load(std::memory_order_relaxed)) {
            const std::size_t n =
                static_cast<std::size_t>(std::min<std::uint64_t>(left, chunk_size));
            const ssize_t w = ::write(fd, buffer.data, n);
            if (w < 0) {
                if (errno == EINTR) {
                    continue;
                }
                fail("write to " + label);
                return;
            }
            left -= static_cast<std::uint64_t>(w);
            bytes_->fetch_add(static_cast<std::uint64_t>(w), std::memory_order_relaxed);
        }
        if (stop_.load(std::memory_order_relaxed)) {
            break;  // the file goes anyway: no point waiting for it to reach the disk
        }
        if (settings_.sync == DiskSync::fsync && ::fsync(fd) != 0) {
            fail("fsync of " + label);
            return;
        }
        if (!file.name.empty()) {
            ::close(fd);
            created_.back().fd = -1;
        }
    }
}

void DiskLoad::forget(WrittenFile& file) {
    if (file.fd >= 0) {
        ::close(file.fd);
        file.fd = -1;
    }
    if (!file.name.empty()) {
        ::unlink(file.name.c_str());
    }
}

void DiskLoad::stop() {
    stop_.store(true);
    if (writer_.joinable()) {
        writer_.join();
    }
    remove_created();
}

void DiskLoad::remove_created() {
    for (auto& f : created_) {
        forget(f);
    }
    created_.clear();
    if (created_dir_) {
        std::error_code ec;
        fs::remove(settings_.path, ec);  // only succeeds when empty: others' files stay
        created_dir_ = false;
    }
}

std::string DiskLoad::failure() const {
    std::lock_guard lock(error_mutex_);
    return error_;
}

std::string DiskLoad::describe() const {
    const char* sync = settings_.sync == DiskSync::fsync    ? "fsync"
                       : settings_.sync == DiskSync::direct ? "direct"
                                                            : "none";
    return fmt::format("sequential writes of {} files under {} (sync {}, at most {})",
                       mib(settings_.file_size), settings_.path, sync,
                       settings_.max_space ? mib(settings_.max_space)
                                           : std::string("min(8 GiB, half the free space)"));
}

}  // namespace wattbench::core::load
