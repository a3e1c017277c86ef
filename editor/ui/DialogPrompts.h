#pragma once

#include "ui/StudioPrompts.h"

#include <QCoreApplication>

namespace capgraph::editor {

// The studio's questions as dialogs: QMessageBox, QInputDialog, QFileDialog, RunInputDialog.
class DialogPrompts : public StudioPrompts
{
    Q_DECLARE_TR_FUNCTIONS(DialogPrompts)

public:
    SaveChoice askSaveChanges(QWidget *parent, const QString &documentName) override;
    bool askRecover(QWidget *parent, const QString &what, const QDateTime &when) override;
    bool askYesNo(QWidget *parent, const QString &title, const QString &question) override;
    int askChoice(QWidget *parent, const QString &title, const QString &question, const QStringList &answers) override;
    void showError(QWidget *parent, const QString &title, const QString &text) override;
    std::optional<QString> askText(QWidget *parent, const QString &title, const QString &label, const QString &text,
                                   bool multiLine) override;
    std::optional<QString> askExpression(QWidget *parent, const QString &title, const QString &label, const QString &text,
                                         const QList<ExpressionName> &names = {}) override;
    QString openFileName(QWidget *parent, const QString &title, const QString &folder, const QString &filter) override;
    QString saveFileName(QWidget *parent, const QString &title, const QString &suggested, const QString &filter) override;
    std::optional<QVariantMap> askRunInput(QWidget *parent, const QList<GraphInput> &inputs, const QVariantMap &current, bool startsRun = true,
                                           RunPathChoice *path = nullptr) override;
    TrustChoice askTrust(QWidget *parent, const QString &graphFile, const QString &what) override;
    bool confirmExtract(QWidget *parent, ExtractProposal *proposal) override;

    // The one the windows use when they are given none.
    static StudioPrompts *shared();
};

} // namespace capgraph::editor
