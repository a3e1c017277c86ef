#pragma once

#include "analysis/ExpressionNames.h"
#include "analysis/GraphInputs.h"
#include "ui/ExtractProposal.h"
#include "ui/RunPathChoice.h"

#include <QDateTime>
#include <QString>
#include <QVariantMap>

#include <optional>

class QWidget;

namespace capgraph::editor {

// Every question the studio asks its user, in one place: the window, the plan windows, the
// run and the capability form ask through this interface, never by opening a dialog
// themselves. DialogPrompts asks with real dialogs; tests give scripted answers instead
// (tests/support/TestPrompts.h), so the windows they drive never block on a modal dialog.
class StudioPrompts
{
public:
    virtual ~StudioPrompts() = default;

    enum class SaveChoice { Save, Discard, Cancel };
    // "<name> has unsaved changes. Save them?"
    virtual SaveChoice askSaveChanges(QWidget *parent, const QString &documentName) = 0;
    // After a crash: restore the autosaved changes to `what` (a file name) saved at `when`?
    virtual bool askRecover(QWidget *parent, const QString &what, const QDateTime &when) = 0;
    // A yes/no question (discard an edited definition, ...); `yes` when the answer is yes.
    virtual bool askYesNo(QWidget *parent, const QString &title, const QString &question) = 0;
    // A question with more than two answers: the index of the button chosen among `answers`
    // (the first is the default), or -1 when cancelled.
    virtual int askChoice(QWidget *parent, const QString &title, const QString &question, const QStringList &answers) = 0;
    // Something failed: says so (the open graph, the file on disk stay as they were).
    virtual void showError(QWidget *parent, const QString &title, const QString &text) = 0;
    // A line (or with `multiLine`, a text) to type; nullopt when cancelled.
    virtual std::optional<QString> askText(QWidget *parent, const QString &title, const QString &label, const QString &text,
                                           bool multiLine = false) = 0;
    // An expression (a breakpoint's condition), checked as it is typed (ExpressionDialog): what
    // comes back parses, or is empty; nullopt when cancelled.
    // `names`: what the expression may name there, offered as it is typed (none: no completion).
    virtual std::optional<QString> askExpression(QWidget *parent, const QString &title, const QString &label, const QString &text,
                                                 const QList<ExpressionName> &names = {}) = 0;
    // A file to open or to save to; empty when cancelled.
    virtual QString openFileName(QWidget *parent, const QString &title, const QString &folder, const QString &filter) = 0;
    virtual QString saveFileName(QWidget *parent, const QString &title, const QString &suggested, const QString &filter) = 0;
    // The run's input (RunInputDialog), starting from `current`; nullopt when cancelled.
    // `startsRun`: the answer starts a run (its button reads Run), else it is kept for the next.
    // `path`: when given, the dialog also offers the path choice (RunPathChoice) and writes it back.
    virtual std::optional<QVariantMap> askRunInput(QWidget *parent, const QList<GraphInput> &inputs, const QVariantMap &current, bool startsRun = true,
                                                   RunPathChoice *path = nullptr) = 0;
    // May a graph from an untrusted folder run commands and call web APIs (`what`)?
    enum class TrustChoice { Deny, AllowOnce, AlwaysTrustFolder };
    virtual TrustChoice askTrust(QWidget *parent, const QString &graphFile, const QString &what) = 0;
    // Extract to Sub-graph: the names and what was inferred (ExtractDialog); the names come
    // back as the user left them. False when cancelled.
    virtual bool confirmExtract(QWidget *parent, ExtractProposal *proposal) = 0;
};

} // namespace capgraph::editor
