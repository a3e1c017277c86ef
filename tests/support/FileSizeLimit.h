#pragma once

// A full disk, without root or a mount: RLIMIT_FSIZE stops every write past `bytes` with
// EFBIG (SIGXFSZ ignored), as a filesystem with that much room left would. For this process
// (FileSizeLimit, restored on destruction) or for a child (fileSizeLimitModifier, for
// QProcess::setChildProcessModifier).
#include <csignal>
#include <sys/resource.h>

#include <functional>

class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &m_old);
        m_oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limited = m_old;
        limited.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limited);
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &m_old);
        std::signal(SIGXFSZ, m_oldHandler);
    }
    FileSizeLimit(const FileSizeLimit &) = delete;
    FileSizeLimit &operator=(const FileSizeLimit &) = delete;

private:
    rlimit m_old{};
    void (*m_oldHandler)(int) = nullptr;
};

inline std::function<void()> fileSizeLimitModifier(rlim_t bytes)
{
    return [bytes] {
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit r{};
        getrlimit(RLIMIT_FSIZE, &r);
        r.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &r);
    };
}
