#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

namespace capgraph::editor {

// The language the studio speaks: its own catalogues (translations/capgraph_<code>.ts,
// compiled into the program) and Qt's (qtbase_<code>.qm, for file dialogs and message
// boxes), installed on the application. Switching sends QEvent::LanguageChange to every
// widget, which retranslates in place: no restart.
//
// Codes: "en", "zh_TW", "zh_CN"; an empty choice means the system's locale.
class StudioLanguage
{
public:
    // The languages the studio has, in menu order.
    static QStringList codes();
    // A language's name in that language ("English", "繁體中文", "简体中文"), as menus show it.
    static QString nativeName(const QString &code);
    // What the system's locale asks for ("zh_TW" for zh_TW, zh_HK and zh_Hant; "zh_CN" for
    // other Chinese; "en" otherwise).
    static QString systemCode();
    // The studio's language for a locale, by the rule above.
    static QString codeFor(const QLocale &locale);
    // `choice`, or the system's language when it is empty or not one the studio has.
    static QString resolve(const QString &choice);

    // The user's choice from the settings ("" = follow the system).
    static QString savedChoice();
    static void saveChoice(const QString &choice);

    // Installs the catalogues of resolve(choice), replacing the ones installed before; returns
    // the code now in effect. English installs only the plural forms ("1 node", "2 nodes").
    static QString apply(const QString &choice);
    // The code in effect ("en" before apply()).
    static QString current();
    // The choice last applied ("" = the system's).
    static QString currentChoice();
};

} // namespace capgraph::editor
