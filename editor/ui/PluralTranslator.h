#pragma once

#include <QTranslator>

namespace capgraph::editor {

// English plurals without an English catalogue: the studio's texts write a count as
// tr("%n node(s)", nullptr, n), and this translator answers "1 node", "2 nodes" ("%n match(es)":
// "1 match", "2 matches"). Catalogues of other languages, installed after it, come first (Qt
// asks the last installed first).
class PluralTranslator : public QTranslator
{
public:
    using QTranslator::QTranslator;
    bool isEmpty() const override { return false; }
    QString translate(const char *context, const char *sourceText, const char *disambiguation = nullptr, int n = -1) const override;

    // Installs one on the application, once.
    static void ensureInstalled();
};

} // namespace capgraph::editor
