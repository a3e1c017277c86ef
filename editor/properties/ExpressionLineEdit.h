#pragma once

#include <QLineEdit>

class QAction;

namespace capgraph::editor {

// A line edit for a condition expression (docs/graph-format.md, "Expressions") that checks
// the syntax as the user types: a warning icon at its end and a tooltip saying what is wrong
// and at which column. Empty text is fine when the field is optional.
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

signals:
    void syntaxChecked(const QString &error);

private:
    void check();

    QAction *m_warning;
    QString m_error;
    bool m_emptyAllowed = true;
};

} // namespace capgraph::editor
