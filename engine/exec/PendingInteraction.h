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

    // The node of the run a request id (or a child run's address in RunEvent::path) is at:
    // "ask" for "ask#2"; the calling node for a child run's, "write_issue" for
    // "write_issue/approve", "map" for "map[2]/ask", "draft" for "draft#2/ask".
    static QString nodeOfId(const QString &requestId)
    {
        return requestId.section(QLatin1Char('/'), 0, 0).section(QLatin1Char('#'), 0, 0).section(QLatin1Char('['), 0, 0);
    }
};

} // namespace capgraph
