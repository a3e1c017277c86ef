#include "window/StudioLanguage.h"

#include "ui/PluralTranslator.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <memory>

namespace capgraph::editor {

namespace {

const char *const kSettingsKey = "language";

struct Installed
{
    QString code = QStringLiteral("en");
    QString choice;
    std::unique_ptr<QTranslator> qt;   // qtbase_<code>
    std::unique_ptr<QTranslator> ours; // capgraph_<code>
};

Installed &installed()
{
    static Installed state;
    return state;
}

} // namespace

QStringList StudioLanguage::codes()
{
    return {QStringLiteral("en"), QStringLiteral("zh_TW"), QStringLiteral("zh_CN")};
}

QString StudioLanguage::nativeName(const QString &code)
{
    if (code == QLatin1String("zh_TW"))
        return QStringLiteral(u"繁體中文");
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral(u"简体中文");
    return QStringLiteral("English");
}

QString StudioLanguage::systemCode()
{
    return codeFor(QLocale::system());
}

QString StudioLanguage::codeFor(const QLocale &system)
{
    if (system.language() != QLocale::Chinese)
        return QStringLiteral("en");
    // Traditional script, or a region that writes it, even when the script is not named.
    if (system.script() == QLocale::TraditionalChineseScript || system.territory() == QLocale::Taiwan
        || system.territory() == QLocale::HongKong || system.territory() == QLocale::Macao)
        return QStringLiteral("zh_TW");
    return QStringLiteral("zh_CN");
}

QString StudioLanguage::resolve(const QString &choice)
{
    return codes().contains(choice) ? choice : systemCode();
}

QString StudioLanguage::savedChoice()
{
    const QString saved = QSettings().value(QLatin1String(kSettingsKey)).toString();
    return codes().contains(saved) ? saved : QString();
}

void StudioLanguage::saveChoice(const QString &choice)
{
    QSettings settings;
    if (codes().contains(choice))
        settings.setValue(QLatin1String(kSettingsKey), choice);
    else
        settings.remove(QLatin1String(kSettingsKey));
}

QString StudioLanguage::apply(const QString &choice)
{
    PluralTranslator::ensureInstalled(); // English plurals, under any catalogue installed later
    const QString code = resolve(choice);
    Installed &state = installed();
    state.choice = codes().contains(choice) ? choice : QString();
    if (code == state.code && (state.ours || code == QLatin1String("en")))
        return code;
    // Install the new ones before removing the old: one LanguageChange for the switch's
    // outcome, never a moment with a half-installed language.
    std::unique_ptr<QTranslator> qt;
    std::unique_ptr<QTranslator> ours;
    if (code != QLatin1String("en")) {
        qt = std::make_unique<QTranslator>();
        if (!qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            qt.reset(); // qt6-translations-l10n is not installed: Qt's dialogs stay in English
        ours = std::make_unique<QTranslator>();
        if (!ours->load(QStringLiteral(":/i18n/capgraph_") + code))
            ours.reset();
    }
    if (state.ours)
        QCoreApplication::removeTranslator(state.ours.get());
    if (state.qt)
        QCoreApplication::removeTranslator(state.qt.get());
    state.qt = std::move(qt);
    state.ours = std::move(ours);
    if (state.qt)
        QCoreApplication::installTranslator(state.qt.get());
    if (state.ours)
        QCoreApplication::installTranslator(state.ours.get());
    state.code = code;
    QLocale::setDefault(QLocale(code == QLatin1String("en") ? QStringLiteral("en_US") : code));
    return code;
}

QString StudioLanguage::current()
{
    return installed().code;
}

QString StudioLanguage::currentChoice()
{
    return installed().choice;
}

} // namespace capgraph::editor
