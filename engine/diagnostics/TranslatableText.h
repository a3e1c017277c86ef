#pragma once

#include <QString>

#include <vector>

namespace capgraph {

// A message kept as its English template and its arguments, so that a program with a
// translator installed (the studio) can show it in the user's language while the command line
// prints the English text scripts rely on. Templates are string literals marked for lupdate:
//
//     CAPGRAPH_TR("capgraph::Lint", "node '%1' cannot be reached").arg(node.id)
//
// CAPGRAPH_TR is lupdate's QT_TRANSLATE_NOOP under another name (the catalogues are updated
// with -tr-function-alias QT_TRANSLATE_NOOP+=CAPGRAPH_TR), so the text is found where it is
// written and translated where it is shown.
//
// Arguments are put in by one pass over the template (%1 … %9, each as often as it occurs), so
// an argument that itself contains "%2" is left alone. An argument may be a phrase of its own
// ("edge a -> b"), translated with the message.
#define CAPGRAPH_TR(context, text) ::capgraph::TranslatableText(context, text)

class TranslatableText
{
public:
    TranslatableText() = default;
    // `context` and `source` must outlive the text: string literals.
    TranslatableText(const char *context, const char *source) : m_context(context), m_source(source) {}
    // Text shown as it is in every language (a name, a value, a message from a library).
    static TranslatableText verbatim(const QString &text);

    TranslatableText arg(const QString &argument) const;
    TranslatableText arg(qint64 number) const;
    TranslatableText arg(const TranslatableText &phrase) const;
    template<typename A, typename B, typename... More>
    TranslatableText arg(const A &a, const B &b, const More &...more) const
    {
        return arg(a).arg(b, more...);
    }

    bool isEmpty() const { return !m_source && m_verbatim.isEmpty(); }
    // The English text.
    QString english() const { return render(false); }
    // The text in the language of the application's installed translators (English without).
    QString translated() const { return render(true); }

private:
    QString render(bool translate) const;
    const char *m_context = nullptr;
    const char *m_source = nullptr;
    QString m_verbatim;
    std::vector<TranslatableText> m_args;
};

} // namespace capgraph
