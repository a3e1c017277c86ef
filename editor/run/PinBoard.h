#pragma once

#include "launch/PinnedOutputs.h"

#include <QObject>
#include <QString>
#include <QVariantMap>

namespace capgraph::editor {

class GraphDocument;

// The open graph's pinned outputs (docs/studio.md, "Pinned outputs"): skill nodes whose
// handler the studio's runs do not call, giving a fixed value instead. Kept beside the graph
// in GRAPH.pins.yaml (PinnedOutputs), never inside it, so they reach no export or server;
// read when a graph is opened, written at each change (atomically). A graph never saved
// keeps its pins in memory until it is.
class PinBoard : public QObject
{
    Q_OBJECT

public:
    explicit PinBoard(GraphDocument *document, QObject *parent = nullptr);

    bool isPinned(const QString &nodeId) const { return m_pins.contains(nodeId); }
    QVariantMap pinned(const QString &nodeId) const { return m_pins.value(nodeId); }
    // The pins of the graph's skill nodes as they are now (a removed node's pin waits, unused).
    PinnedOutputs::Pins forRun() const;
    // Pins or replaces; false with why when the pins file cannot be written (the pin then stays
    // in memory, and the next change tries again).
    bool pin(const QString &nodeId, const QVariantMap &outputs, QString *error = nullptr);
    bool unpin(const QString &nodeId, QString *error = nullptr);
    // Where they are kept (empty for a graph never saved).
    QString file() const;
    // Why the pins file beside the graph could not be read, when it could not.
    QString loadError() const { return m_loadError; }

signals:
    void changed(const QString &nodeId); // empty: all of them (another graph)

private:
    void load();
    bool save(QString *error);

    GraphDocument *m_document;
    PinnedOutputs::Pins m_pins;
    QString m_loadedFrom;
    QString m_loadError;
};

} // namespace capgraph::editor
