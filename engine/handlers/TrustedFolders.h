#pragma once

#include <QString>
#include <QStringList>

namespace capgraph {

// The folders whose graphs the user trusts to run commands and call web APIs without asking
// (the studio's "Always trust this folder"; `capgraph run` reads the same list). Kept in the
// settings file CapGraph/trust.ini, shared by the studio and the CLI. A graph is trusted
// when its file lies in a trusted folder or below it.
class TrustedFolders
{
public:
    static bool contains(const QString &graphFile);
    static void add(const QString &folder);
    static void remove(const QString &folder);
    static QStringList all();
    // The settings file the list is kept in (~/.config/CapGraph/trust.ini).
    static QString fileName();
};

} // namespace capgraph
