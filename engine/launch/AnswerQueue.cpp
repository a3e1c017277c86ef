#include "launch/AnswerQueue.h"

#include "exec/Executor.h"
#include "exec/RunFiles.h"

#include <QFile>

namespace capgraph {

bool AnswerQueue::addArgument(const QString &argument, QString *error)
{
    const qsizetype eq = argument.indexOf(QLatin1Char('='));
    if (eq <= 0) {
        *error = QStringLiteral("--answer expects ID=VALUE, got '%1'").arg(argument);
        return false;
    }
    m_answers[argument.left(eq)].append(RunFiles::parseValue(argument.mid(eq + 1)));
    return true;
}

bool AnswerQueue::load(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read answers %1: %2").arg(path, f.errorString());
        return false;
    }
    return RunFiles::parseAnswers(f.readAll(), path, &m_answers, error);
}

bool AnswerQueue::add(const QVariant &answers, const QString &where, QString *error)
{
    return RunFiles::answersFromVariant(answers, where, &m_answers, error);
}

bool AnswerQueue::isEmpty() const
{
    for (auto it = m_answers.cbegin(); it != m_answers.cend(); ++it)
        if (!it.value().isEmpty())
            return false;
    return true;
}

QList<AnswerQueue::Given> AnswerQueue::answerWaiting(Executor &executor)
{
    QList<Given> given;
    for (const PendingInteraction &pending : executor.pendingInteractions()) {
        const QString key = m_answers.contains(pending.id) ? pending.id : pending.id.section(QLatin1Char('#'), 0, 0);
        const auto it = m_answers.find(key);
        if (it == m_answers.end() || it.value().isEmpty())
            continue;
        Given g{pending.id, it.value().takeFirst(), QString()};
        if (!executor.answer(pending.id, g.value, &g.refusal) && g.refusal.isEmpty())
            g.refusal = QStringLiteral("refused");
        given.append(g);
    }
    return given;
}

QStringList AnswerQueue::unused() const
{
    QStringList ids;
    for (auto it = m_answers.cbegin(); it != m_answers.cend(); ++it)
        if (!it.value().isEmpty())
            ids << it.key();
    ids.sort();
    return ids;
}

} // namespace capgraph
