#pragma once

#include <QString>

#include <cstdio>

namespace capgraph {

// What the `capgraph` subcommands share: where they write, and writing UTF-8 text there with
// standard output flushed before anything goes to standard error (so the two stay in order
// when both go to one terminal or file).
class CliCommand
{
protected:
    CliCommand(FILE *out, FILE *err) : m_out(out), m_err(err) {}

    void print(FILE *f, const QString &text)
    {
        if (f == m_err)
            std::fflush(m_out);
        const QByteArray b = text.toUtf8();
        std::fwrite(b.constData(), 1, size_t(b.size()), f);
    }

    FILE *m_out;
    FILE *m_err;
};

} // namespace capgraph
