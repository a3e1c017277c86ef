#pragma once

#include <QList>
#include <QString>
#include <QVariantList>
#include <QVariantMap>

namespace capgraph {

// A human-input request waiting for an answer (Executor::pendingInteractions).
struct PendingInteraction
{
    QString id;            // request id: the node id, or node id#n when several wait on one node
    int node = -1;
    int token = -1;
    QString kind;          // confirm | select | input
    QString prompt;
    QVariantList options;  // select
    bool multiple = false; // select: the answer is a list of minChoices..maxChoices options
    int minChoices = 1;
    int maxChoices = 1;    // multiple: 0 = any number up to the options'

    QVariantMap toVariant(const QString &nodeId) const;
};

} // namespace capgraph
