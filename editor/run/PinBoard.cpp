#include "run/PinBoard.h"

#include "document/GraphDocument.h"

#include <QFileInfo>

namespace capgraph::editor {

PinBoard::PinBoard(GraphDocument *document, QObject *parent) : QObject(parent), m_document(document)
{
    // Saved under another name: the pins go with it (where none are there already).
    connect(document, &GraphDocument::savedAs, this, [this] {
        if (QFileInfo::exists(file()) || m_pins.isEmpty())
            load();
        else
            save(nullptr);
    });
    connect(document, &GraphDocument::graphReset, this, &PinBoard::load);
    load();
}

QString PinBoard::file() const
{
    const QString graph = m_document->filePath();
    return graph.isEmpty() ? QString() : PinnedOutputs::fileFor(QFileInfo(graph).absoluteFilePath());
}

void PinBoard::load()
{
    m_pins.clear();
    m_loadError.clear();
    m_loadedFrom = file();
    if (!m_loadedFrom.isEmpty() && QFileInfo::exists(m_loadedFrom) && !PinnedOutputs::read(m_loadedFrom, &m_pins, &m_loadError))
        m_pins.clear();
    emit changed(QString());
}

bool PinBoard::save(QString *error)
{
    m_loadedFrom = file();
    if (m_loadedFrom.isEmpty())
        return true;
    return PinnedOutputs::write(m_loadedFrom, m_pins, error);
}

PinnedOutputs::Pins PinBoard::forRun() const
{
    PinnedOutputs::Pins pins;
    for (auto it = m_pins.cbegin(); it != m_pins.cend(); ++it)
        if (const Node *n = m_document->node(it.key()); n && n->kind == NodeKind::Skill)
            pins.insert(it.key(), it.value());
    return pins;
}

bool PinBoard::pin(const QString &nodeId, const QVariantMap &outputs, QString *error)
{
    m_pins.insert(nodeId, outputs);
    emit changed(nodeId);
    return save(error);
}

bool PinBoard::unpin(const QString &nodeId, QString *error)
{
    if (!m_pins.remove(nodeId))
        return true;
    emit changed(nodeId);
    return save(error);
}

} // namespace capgraph::editor
