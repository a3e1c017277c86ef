#pragma once

#include <functional>
#include <utility>
#include <vector>

namespace capgraph::editor {

// The texts a widget sets once when it is made, set again when the language changes:
//
//     m_texts([this] { m_name->setPlaceholderText(tr("a name")); });   // now, and …
//     void changeEvent(QEvent *e) { if (e->type() == QEvent::LanguageChange) m_texts.retranslate(); }
//
// so a text is written in one place only, where the widget is made.
class Retranslator
{
public:
    void operator()(std::function<void()> apply)
    {
        apply();
        m_appliers.push_back(std::move(apply));
    }
    void retranslate() const
    {
        for (const auto &apply : m_appliers)
            apply();
    }

private:
    std::vector<std::function<void()>> m_appliers;
};

} // namespace capgraph::editor
