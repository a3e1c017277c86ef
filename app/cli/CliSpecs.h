#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace capgraph {

// One option of a subcommand: its names ("o,output"), its value's name (empty for a flag),
// what it does, and whether it may be given more than once.
struct CliOptionSpec
{
    QString names;
    QString value;
    QString help;
    bool repeatable = false;
    QString defaultValue; // what value() gives when the option is not given
};

// A subcommand as `capgraph COMMAND --help`, `capgraph --help` and docs/cli.md present it.
// The table (CliSpecs::all) is the only place its options are listed: parsers are built from
// it, and the help texts and synopses are written from it (tst_cli checks docs/cli.md's
// synopses against the help, both ways).
struct CliSpec
{
    QString command;   // "run", "plan check", "capabilities list"
    QString arguments; // "FILE", "IN OUT", "PLAN"
    QString summary;
    QList<CliOptionSpec> options;
    QString notes;     // after the options (exit codes, what PLAN may be)
};

namespace CliSpecs {
const QList<CliSpec> &all();
const CliSpec &of(const QString &command);
// "capgraph run FILE [--input JSON|@FILE] [--answer ID=VALUE]... [--json]", wrapped at 100 columns.
QString synopsis(const CliSpec &spec);
// The whole `COMMAND --help` text.
QString help(const CliSpec &spec);
// `capgraph --help`.
QString overview();
// A usage error as every command reports it: "capgraph: PROBLEM", the command's synopsis,
// and where its options are listed.
QString usageError(const QString &command, const QString &problem);
} // namespace CliSpecs

// A QCommandLineParser with a subcommand's options (and -h/--help) from its spec; options
// after positional arguments are read as options.
class CliParser : public QCommandLineParser
{
public:
    explicit CliParser(const QString &command);

    // The arguments after the command's words. False with errorText() on an unknown option.
    bool read(const QStringList &args);
    bool helpRequested() const { return isSet(m_help); }
    // The opening every subcommand shares: reads `args`; on an unknown option `usage` gets
    // the problem (after `prefix`, e.g. "export: ") and its exit code is returned; on
    // -h/--help the help text goes to `help` and 0 is returned; nothing: go on.
    std::optional<int> open(const QStringList &args, const std::function<int(const QString &)> &usage,
                            const std::function<void(const QString &)> &help, const QString &prefix = QString());
    // The option named `longName` in the spec.
    const QCommandLineOption &option(const QString &longName) const;
    const CliSpec &spec() const { return m_spec; }

private:
    const CliSpec &m_spec;
    QList<QCommandLineOption> m_options;
    QCommandLineOption m_help;
};

} // namespace capgraph
