#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVariantList>

namespace capgraph {

class Executor;

// Answers given before a run asks (docs/execution.md, "Human input"): `--answer ID=VALUE`,
// `--answers FILE`, a test case's `answers:`. Each interaction that waits takes the next
// answer queued under its own id ("node#2") or else its node's id; a list gives successive
// answers (a loop asking again). `capgraph run`, `capgraph resume` and `capgraph test` answer
// from here.
class AnswerQueue
{
public:
    // "ID=VALUE", VALUE as RunFiles::parseValue reads it. False with why.
    bool addArgument(const QString &argument, QString *error);
    // A YAML or JSON answers file (RunFiles::parseAnswers).
    bool load(const QString &path, QString *error);
    // A parsed mapping of ids to answers (a test case's); `where` starts a message.
    bool add(const QVariant &answers, const QString &where, QString *error);
    bool isEmpty() const;

    struct Given
    {
        QString id;      // the interaction's id
        QVariant value;
        QString refusal; // empty when the run took it, else why it refused it
    };
    // Answers every waiting interaction of `executor` an answer is queued for; what was given.
    QList<Given> answerWaiting(Executor &executor);
    // Ids whose answers were never used, sorted.
    QStringList unused() const;

private:
    QHash<QString, QVariantList> m_answers; // interaction or node id -> answers to give, in order
};

} // namespace capgraph
