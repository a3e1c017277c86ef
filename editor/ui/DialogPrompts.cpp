#include "ui/DialogPrompts.h"

#include "ui/ExpressionDialog.h"
#include "ui/ExpressionLineEdit.h"

#include "ui/ExtractDialog.h"
#include "ui/RunInputDialog.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

namespace capgraph::editor {

StudioPrompts::SaveChoice DialogPrompts::askSaveChanges(QWidget *parent, const QString &documentName)
{
    const auto answer = QMessageBox::warning(parent, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them?").arg(documentName),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    return answer == QMessageBox::Save ? SaveChoice::Save : answer == QMessageBox::Discard ? SaveChoice::Discard : SaveChoice::Cancel;
}

bool DialogPrompts::askRecover(QWidget *parent, const QString &what, const QDateTime &when)
{
    return QMessageBox::question(parent, tr("Recover unsaved work"),
                                 tr("CapGraph Studio did not close properly. Recover the changes to %1 autosaved at %2?")
                                     .arg(what, QLocale().toString(when.toLocalTime().date(), QLocale::ShortFormat) + QLatin1Char(' ')
                                                    + when.toLocalTime().time().toString(QStringLiteral("HH:mm"))))
        == QMessageBox::Yes;
}

bool DialogPrompts::askYesNo(QWidget *parent, const QString &title, const QString &question)
{
    return QMessageBox::question(parent, title, question) == QMessageBox::Yes;
}

int DialogPrompts::askChoice(QWidget *parent, const QString &title, const QString &question, const QStringList &answers)
{
    QMessageBox box(QMessageBox::Question, title, question, QMessageBox::Cancel, parent);
    QList<QAbstractButton *> buttons;
    for (const QString &a : answers)
        buttons << box.addButton(a, QMessageBox::AcceptRole);
    if (!buttons.isEmpty())
        box.setDefaultButton(qobject_cast<QPushButton *>(buttons.first()));
    box.exec();
    return int(buttons.indexOf(box.clickedButton()));
}

void DialogPrompts::showError(QWidget *parent, const QString &title, const QString &text)
{
    QMessageBox::warning(parent, title, text);
}

std::optional<QString> DialogPrompts::askText(QWidget *parent, const QString &title, const QString &label, const QString &text,
                                              bool multiLine)
{
    bool ok = false;
    const QString answer = multiLine ? QInputDialog::getMultiLineText(parent, title, label, text, &ok)
                                     : QInputDialog::getText(parent, title, label, QLineEdit::Normal, text, &ok);
    if (!ok)
        return std::nullopt;
    return answer;
}

std::optional<QString> DialogPrompts::askExpression(QWidget *parent, const QString &title, const QString &label, const QString &text,
                                                    const QList<ExpressionName> &names)
{
    ExpressionDialog dialog(title, label, text, true, parent);
    if (!names.isEmpty())
        dialog.field()->setNameSource([names] { return names; });
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.text();
}

QString DialogPrompts::openFileName(QWidget *parent, const QString &title, const QString &folder, const QString &filter)
{
    return QFileDialog::getOpenFileName(parent, title, folder, filter);
}

QString DialogPrompts::saveFileName(QWidget *parent, const QString &title, const QString &suggested, const QString &filter)
{
    return QFileDialog::getSaveFileName(parent, title, suggested, filter);
}

std::optional<QVariantMap> DialogPrompts::askRunInput(QWidget *parent, const QList<GraphInput> &inputs, const QVariantMap &current, bool startsRun,
                                                      RunPathChoice *path)
{
    RunInputDialog dialog(inputs, current, parent);
    dialog.setStartsRun(startsRun);
    if (path)
        dialog.offerPathChoice(*path);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    if (path)
        *path = dialog.pathChoice();
    return dialog.input();
}

StudioPrompts::TrustChoice DialogPrompts::askTrust(QWidget *parent, const QString &graphFile, const QString &what)
{
    // Asked before the run starts (nothing runs meanwhile, no timeout ticks): a modal question.
    QMessageBox box(QMessageBox::Question, tr("Allow this graph to run commands?"),
                    tr("<b>%1</b> will run commands or call web APIs:%2"
                       "Its folder is not trusted. A graph can do anything your account can do; "
                       "allow it only if you know where it comes from.")
                        .arg(QFileInfo(graphFile).fileName().toHtmlEscaped(),
                             QStringLiteral("<ul style='margin:4px 0'><li><tt>%1</tt></li></ul>")
                                 .arg(what.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("</tt></li><li><tt>")))),
                    QMessageBox::NoButton, parent ? parent : QApplication::activeWindow());
    QPushButton *once = box.addButton(tr("Allow for This Run"), QMessageBox::AcceptRole);
    QPushButton *always = box.addButton(tr("Always Trust This Folder"), QMessageBox::AcceptRole);
    QPushButton *deny = box.addButton(tr("Deny"), QMessageBox::RejectRole);
    box.setDefaultButton(deny);
    box.exec();
    if (box.clickedButton() == always)
        return TrustChoice::AlwaysTrustFolder;
    return box.clickedButton() == once ? TrustChoice::AllowOnce : TrustChoice::Deny;
}

StudioPrompts *DialogPrompts::shared()
{
    static DialogPrompts prompts;
    return &prompts;
}

bool DialogPrompts::confirmExtract(QWidget *parent, ExtractProposal *proposal)
{
    ExtractDialog dialog(*proposal, parent);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    *proposal = dialog.proposal();
    return true;
}

} // namespace capgraph::editor
