#pragma once

// The studio's questions answered by the test, never by a modal dialog: every window a GUI
// test drives is given testPrompts(). Answers a test wants are queued (text, files, choices);
// without one, the default is what a user hurrying through would click: discard unsaved
// changes, recover autosaved work, keep the run input as it is, deny untrusted commands,
// cancel a text question, yes to a yes/no question. Every question asked is recorded in `asked`.
#include "ui/StudioPrompts.h"

#include <QQueue>
#include <QStringList>

class TestPrompts : public capgraph::editor::StudioPrompts
{
public:
    QStringList asked;                       // "save: untitled.yaml", "error: Open: ...", ...
    QQueue<SaveChoice> saveChoices;
    QQueue<bool> recoverAnswers;
    QQueue<bool> yesNoAnswers;
    QQueue<std::optional<QString>> texts;
    QQueue<QString> files;
    QQueue<std::optional<QVariantMap>> runInputs;
    QQueue<capgraph::editor::RunPathChoice> pathChoices; // what the Run Input dialog's Path choice is set to
    QQueue<TrustChoice> trust;

    void reset() { *this = TestPrompts(); }

    SaveChoice askSaveChanges(QWidget *, const QString &name) override
    {
        asked << QStringLiteral("save: ") + name;
        return saveChoices.isEmpty() ? SaveChoice::Discard : saveChoices.dequeue();
    }
    bool askRecover(QWidget *, const QString &what, const QDateTime &) override
    {
        asked << QStringLiteral("recover: ") + what;
        return recoverAnswers.isEmpty() ? true : recoverAnswers.dequeue();
    }
    bool askYesNo(QWidget *, const QString &title, const QString &question) override
    {
        asked << QStringLiteral("yes/no: %1: %2").arg(title, question);
        return yesNoAnswers.isEmpty() ? true : yesNoAnswers.dequeue();
    }
    QQueue<int> choices; // askChoice: the index answered (none: the first)
    int askChoice(QWidget *, const QString &title, const QString &question, const QStringList &) override
    {
        asked << QStringLiteral("choice: %1: %2").arg(title, question);
        return choices.isEmpty() ? 0 : choices.dequeue();
    }
    void showError(QWidget *, const QString &title, const QString &text) override
    {
        asked << QStringLiteral("error: %1: %2").arg(title, text);
    }
    std::optional<QString> askText(QWidget *, const QString &title, const QString &, const QString &, bool) override
    {
        asked << QStringLiteral("text: ") + title;
        return texts.isEmpty() ? std::nullopt : texts.dequeue();
    }
    QList<capgraph::ExpressionName> expressionNames; // what the last expression question offered
    std::optional<QString> askExpression(QWidget *, const QString &title, const QString &, const QString &,
                                         const QList<capgraph::ExpressionName> &names = {}) override
    {
        asked << QStringLiteral("expression: ") + title;
        expressionNames = names;
        return texts.isEmpty() ? std::nullopt : texts.dequeue();
    }
    QString openFileName(QWidget *, const QString &title, const QString &, const QString &) override
    {
        asked << QStringLiteral("open: ") + title;
        return files.isEmpty() ? QString() : files.dequeue();
    }
    QString saveFileName(QWidget *, const QString &title, const QString &, const QString &) override
    {
        asked << QStringLiteral("save as: ") + title;
        return files.isEmpty() ? QString() : files.dequeue();
    }
    std::optional<QVariantMap> askRunInput(QWidget *, const QList<capgraph::GraphInput> &, const QVariantMap &current, bool startsRun = true,
                                           capgraph::editor::RunPathChoice *path = nullptr) override
    {
        asked << (startsRun ? QStringLiteral("run input") : QStringLiteral("run input for the next run"));
        if (path && !pathChoices.isEmpty()) {
            const capgraph::editor::RunPathChoice given = pathChoices.dequeue();
            path->depth = given.depth;
            path->budget = given.budget;
        }
        return runInputs.isEmpty() ? std::optional<QVariantMap>(current) : runInputs.dequeue();
    }
    TrustChoice askTrust(QWidget *, const QString &file, const QString &) override
    {
        asked << QStringLiteral("trust: ") + file;
        return trust.isEmpty() ? TrustChoice::Deny : trust.dequeue();
    }
    // Extract to Sub-graph: what it proposed is kept in `extracted`; a queued edit changes the
    // names (an empty capability cancels); none: the proposal as it is.
    QQueue<capgraph::editor::ExtractProposal> extractAnswers;
    capgraph::editor::ExtractProposal extracted;
    bool confirmExtract(QWidget *, capgraph::editor::ExtractProposal *proposal) override
    {
        asked << QStringLiteral("extract: ") + proposal->capability;
        extracted = *proposal;
        if (extractAnswers.isEmpty())
            return true;
        const capgraph::editor::ExtractProposal given = extractAnswers.dequeue();
        if (given.capability.isEmpty())
            return false;
        proposal->capability = given.capability;
        proposal->node = given.node;
        proposal->label = given.label;
        proposal->description = given.description;
        return true;
    }
};

// The one the tests' windows share (reset it when a test queues answers).
inline TestPrompts *testPrompts()
{
    static TestPrompts prompts;
    return &prompts;
}
