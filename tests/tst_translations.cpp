// The studio's catalogues (translations/README.md) against the sources: lupdate, run over the
// sources into a scratch copy of each catalogue, must find no text that is new (a tr() nobody
// translated), unfinished or vanished; every translation keeps its source's placeholders.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Message
{
    QString context;
    QString source;
    QString location;
    QString type; // "", "unfinished", "vanished", "obsolete"
    QStringList translations; // one, or the numerus forms
    bool numerus = false;
};

QList<Message> readCatalogue(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<Message> out;
    QXmlStreamReader xml(&file);
    QString context;
    Message m;
    QString lastFile;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            m = Message();
            m.context = context;
            m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("location")) {
            if (xml.attributes().hasAttribute(QLatin1String("filename")))
                lastFile = xml.attributes().value(QLatin1String("filename")).toString();
            if (m.location.isEmpty())
                m.location = lastFile;
        } else if (name == QLatin1String("source")) {
            m.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            m.type = xml.attributes().value(QLatin1String("type")).toString();
            if (m.numerus) {
                while (xml.readNextStartElement())
                    m.translations << xml.readElementText();
            } else {
                m.translations << xml.readElementText();
            }
            out.append(m);
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return out;
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%(?:L?[1-9]|n)"));
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    found.removeDuplicates();
    found.sort();
    return found;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void catalogueMatchesSources_data()
    {
        QTest::addColumn<QString>("ts");
        for (const QString &ts : QStringLiteral(CAPGRAPH_TS_FILES).split(QLatin1Char('|')))
            QTest::newRow(qPrintable(QFileInfo(ts).fileName())) << ts;
    }

    void catalogueMatchesSources()
    {
        QFETCH(QString, ts);
        QTemporaryDir scratch;
        QVERIFY(scratch.isValid());
        const QString copy = scratch.filePath(QFileInfo(ts).fileName());
        QVERIFY(QFile::copy(ts, copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        // The same options as the update_translations target, but keeping vanished entries
        // (-no-obsolete would quietly drop them) so they can be reported.
        QStringList args = QStringLiteral(CAPGRAPH_LUPDATE_OPTIONS).split(QLatin1Char('|'));
        args.removeAll(QStringLiteral("-no-obsolete"));
        args << QStringLiteral("@" CAPGRAPH_LUPDATE_SOURCES) << QStringLiteral("-ts") << copy;
        QProcess lupdate;
        lupdate.start(QStringLiteral(CAPGRAPH_LUPDATE), args);
        QVERIFY2(lupdate.waitForFinished(90000), "lupdate did not finish");
        QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
                 qPrintable(QString::fromLocal8Bit(lupdate.readAllStandardError())));

        QString error;
        const QList<Message> messages = readCatalogue(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(messages.size() > 500, "the catalogue holds too few texts: is lupdate reading the sources?");
        QStringList problems;
        for (const Message &m : messages) {
            const QString where = QStringLiteral("%1 [%2] \"%3\"").arg(m.location, m.context, m.source);
            if (!m.type.isEmpty()) {
                problems << QStringLiteral("%1: %2").arg(m.type, where);
                continue;
            }
            for (const QString &t : m.translations) {
                if (t.trimmed().isEmpty())
                    problems << QStringLiteral("empty translation: %1").arg(where);
                else if (placeholders(t) != placeholders(m.source))
                    problems << QStringLiteral("placeholders %1 instead of %2: %3 -> \"%4\"")
                                    .arg(placeholders(t).join(QLatin1Char(' ')), placeholders(m.source).join(QLatin1Char(' ')),
                                         where, t);
                if (m.source.contains(QLatin1Char('&')) && !m.source.contains(QLatin1String("&&"))
                    && m.source.count(QLatin1Char('&')) == 1 && !t.contains(QLatin1Char('&')))
                    problems << QStringLiteral("menu mnemonic lost: %1 -> \"%2\"").arg(where, t);
            }
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 text(s) to do in %2 (cmake --build build --target update_translations, then "
                                           "translate them):\n  %3")
                                .arg(problems.size())
                                .arg(ts, problems.join(QStringLiteral("\n  ")))));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
