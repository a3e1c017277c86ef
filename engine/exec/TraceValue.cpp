#include "exec/TraceValue.h"

#include <QString>
#include <QVariantMap>

#include <algorithm>

namespace capgraph::TraceValue {

namespace {

class Bounder
{
public:
    explicit Bounder(QVariantList *cuts) : m_cuts(cuts) {}

    QVariant walk(const QVariant &v, const QString &path, int depth)
    {
        switch (v.typeId()) {
        case QMetaType::QVariantMap:
        case QMetaType::QVariantHash:
        case QMetaType::QVariantList:
        case QMetaType::QStringList:
            if (depth >= kMaxDepth) {
                cut(path, -1);
                return QStringLiteral("…");
            }
            break;
        default:
            break;
        }
        switch (v.typeId()) {
        case QMetaType::QString: {
            const QString s = v.toString();
            const qsizetype keep = std::min<qsizetype>({s.size(), kMaxText, std::max<qsizetype>(m_left, 0)});
            m_left -= keep;
            if (keep == s.size())
                return v;
            cut(path, s.size());
            return QString(s.left(keep) + QStringLiteral("…"));
        }
        case QMetaType::QVariantMap:
        case QMetaType::QVariantHash: {
            const QVariantMap m = v.toMap();
            QVariantMap out;
            qsizetype n = 0;
            for (auto it = m.cbegin(); it != m.cend(); ++it, ++n) {
                if (n >= kMaxEntries || m_left <= 0) {
                    cut(path, m.size());
                    break;
                }
                m_left -= it.key().size() + 1;
                out.insert(it.key(), walk(it.value(), join(path, it.key()), depth + 1));
            }
            return out;
        }
        case QMetaType::QVariantList:
        case QMetaType::QStringList: {
            const QVariantList l = v.toList();
            QVariantList out;
            for (qsizetype i = 0; i < l.size(); ++i) {
                if (i >= kMaxEntries || m_left <= 0) {
                    cut(path, l.size());
                    break;
                }
                --m_left;
                out.append(walk(l.at(i), join(path, QString::number(i)), depth + 1));
            }
            return out;
        }
        default:
            m_left -= 8;
            return v;
        }
    }

private:
    static QString join(const QString &path, const QString &key) { return path.isEmpty() ? key : path + QLatin1Char('/') + key; }
    void cut(const QString &path, qsizetype size)
    {
        if (m_cuts)
            m_cuts->append(QVariantMap{{QStringLiteral("path"), path}, {QStringLiteral("size"), size}});
    }

    QVariantList *m_cuts;
    qsizetype m_left = kBudget;
};

} // namespace

QVariant bounded(const QVariant &value, QVariantList *cuts)
{
    return Bounder(cuts).walk(value, QString(), 0);
}

} // namespace capgraph::TraceValue
