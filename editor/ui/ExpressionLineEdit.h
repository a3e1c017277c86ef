#pragma once

#include "analysis/ExpressionNames.h"

#include <QLineEdit>

#include <functional>

class QAction;
class QCompleter;
class QStandardItemModel;

namespace capgraph::editor {

// A line edit for a condition expression (docs/graph-format.md, "Expressions") that checks
// the syntax as the user types: a warning icon at its end and a tooltip saying what is wrong
// and at which column. Empty text is fine when the field is optional.
//
// It completes what the expression may name there (setNameSource: input fields, upstream
// outputs and variables, built-ins, functions, each with its type where known): a list opens
// under the word being typed once it has a letter (Ctrl+Space opens it at once), Up/Down pick,
// Return or Tab put the choice in place of the word, Escape closes the list.
class ExpressionLineEdit : public QLineEdit
{
    Q_OBJECT

public:
    explicit ExpressionLineEdit(QWidget *parent = nullptr);

    void setEmptyAllowed(bool allowed);
    bool isSyntaxValid() const { return m_error.isEmpty(); }
    // "column 7: expected ')'", or empty when the text parses.
    QString syntaxError() const { return m_error; }

    // The same check without a widget: empty when `text` parses.
    static QString checkSyntax(const QString &text, bool emptyAllowed);

    // Where the names to complete come from, asked when completion starts (the graph may have
    // changed since the field was filled). None: no completion.
    void setNameSource(std::function<QList<ExpressionName>()> source) { m_source = std::move(source); }
    QCompleter *completer() const { return m_completer; }
    // Opens the list for the word before the cursor (every name when there is none).
    void showCompletions();

signals:
    void syntaxChecked(const QString &error);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;

private:
    void check();
    void refreshNames();
    void insertCompletion(const QString &text);
    void completeWord(bool evenWhenEmpty);

    QAction *m_warning;
    std::function<QList<ExpressionName>()> m_source;
    QCompleter *m_completer;
    QStandardItemModel *m_names;
    QString m_error;
    bool m_emptyAllowed = true;
};

} // namespace capgraph::editor
