#include "handlers/BuiltinHandlers.h"

#include "handlers/DepthControlHandler.h"
#include "exec/HandlerRegistry.h"
#include "expr/ExprValue.h"

#include "io/YamlValue.h"

#include <QDir>
#include <QFileInfo>
#include <QPointer>


#include <climits>
#include <QRegularExpression>
#include <QElapsedTimer>
#include <QTimer>

namespace capgraph {

namespace {

class NoopHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override { call->finish({}); }
};

class SetHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override { call->finish(call->inputs); }
};

class TemplateHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override
    {
        if (!call->inputs.contains(QStringLiteral("template"))) {
            call->fail(QStringLiteral("builtin.template needs a 'template' input"));
            return;
        }
        call->finish({{QStringLiteral("text"), ExprValue::toDisplayString(call->inputs.value(QStringLiteral("template")))}});
    }
};

class FormatHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override
    {
        const QString format = call->inputs.value(QStringLiteral("format")).toString();
        static const QRegularExpression field(QStringLiteral("\\{([A-Za-z_][A-Za-z0-9_]*)\\}"));
        QString text;
        qsizetype last = 0;
        for (auto it = field.globalMatch(format); it.hasNext();) {
            const auto m = it.next();
            const QString name = m.captured(1);
            if (!call->inputs.contains(name)) {
                call->fail(QStringLiteral("builtin.format: no input named '%1' for {%1}").arg(name));
                return;
            }
            text += format.mid(last, m.capturedStart() - last) + ExprValue::toDisplayString(call->inputs.value(name));
            last = m.capturedEnd();
        }
        text += format.mid(last);
        call->finish({{QStringLiteral("text"), text}});
    }
};

class DelayHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override
    {
        double ms = call->inputs.value(QStringLiteral("ms"), -1).toDouble();
        if (ms < 0 && call->inputs.contains(QStringLiteral("seconds")))
            ms = call->inputs.value(QStringLiteral("seconds")).toDouble() * 1000.0;
        if (ms < 0) {
            call->fail(QStringLiteral("builtin.delay needs an 'ms' or 'seconds' input"));
            return;
        }
        auto *timer = new QTimer;
        timer->setSingleShot(true);
        timer->setTimerType(Qt::PreciseTimer);
        const int wait = int(std::min(ms, double(INT_MAX))); // about 24.8 days at most
        QObject::connect(timer, &QTimer::timeout, timer, [timer, call, wait] {
            timer->deleteLater();
            call->finish({{QStringLiteral("slept_ms"), wait}});
        });
        // A long wait says how far it has come, ten times a second (the studio draws it).
        QTimer *ticks = nullptr;
        if (wait >= 200) {
            ticks = new QTimer(timer);
            ticks->setInterval(100);
            auto clock = std::make_shared<QElapsedTimer>();
            clock->start();
            QObject::connect(ticks, &QTimer::timeout, timer, [call, wait, clock] {
                const qint64 done = std::min<qint64>(clock->elapsed(), wait);
                call->progress(double(done) / wait, QStringLiteral("%1 of %2 ms").arg(done).arg(wait));
            });
        }
        QPointer<QTimer> guard(timer);
        call->onCancel([guard] {
            if (guard) {
                guard->stop();
                guard->deleteLater(); // its ticks with it
            }
        });
        timer->start(wait);
        if (ticks)
            ticks->start();
    }
};

class LogHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override
    {
        call->log(ExprValue::toDisplayString(call->inputs.value(QStringLiteral("message"))));
        call->finish({});
    }
};

class FailHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override
    {
        const QString message = call->inputs.value(QStringLiteral("message")).toString();
        call->fail(message.isEmpty() ? QStringLiteral("builtin.fail") : message);
    }
};

class AppendHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override
    {
        const QVariant base = call->inputs.value(QStringLiteral("list"));
        if (!base.isNull() && base.typeId() != QMetaType::QVariantList && base.typeId() != QMetaType::QStringList) {
            call->fail(QStringLiteral("builtin.append: 'list' should be a list, not %1").arg(ExprValue::kindName(base)));
            return;
        }
        QVariantList list = base.toList();
        if (call->inputs.contains(QStringLiteral("item")))
            list.append(call->inputs.value(QStringLiteral("item")));
        list += call->inputs.value(QStringLiteral("items")).toList();
        if (const QVariant keep = call->inputs.value(QStringLiteral("keep_last")); keep.isValid() && !keep.isNull()) {
            const qsizetype n = std::max<qsizetype>(0, keep.toLongLong());
            if (list.size() > n)
                list = list.mid(list.size() - n);
        }
        const QString as = call->inputs.value(QStringLiteral("as")).toString();
        call->finish({{as.isEmpty() ? QStringLiteral("list") : as, list}});
    }
};

class ChatAppendHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override
    {
        const QVariant base = call->inputs.value(QStringLiteral("messages"));
        if (!base.isNull() && base.typeId() != QMetaType::QVariantList) {
            call->fail(QStringLiteral("builtin.chat_append: 'messages' should be a list, not %1").arg(ExprValue::kindName(base)));
            return;
        }
        QVariantList messages = base.toList();
        for (const char *role : {"user", "assistant"})
            if (const QVariant text = call->inputs.value(QLatin1String(role)); text.isValid() && !text.isNull())
                messages.append(QVariantMap{{QStringLiteral("role"), QLatin1String(role)},
                                            {QStringLiteral("content"), ExprValue::toDisplayString(text)}});
        if (const QVariant keep = call->inputs.value(QStringLiteral("keep_last")); keep.isValid() && !keep.isNull()) {
            const qsizetype n = std::max<qsizetype>(0, keep.toLongLong());
            if (messages.size() > n)
                messages = messages.mid(messages.size() - n);
        }
        call->finish({{QStringLiteral("messages"), messages}});
    }
};

class ReadYamlHandler : public SkillHandler
{
public:
    explicit ReadYamlHandler(QString baseDir) : m_baseDir(std::move(baseDir)) {}
    void start(const SkillCallPtr &call) override
    {
        const QString path = call->inputs.value(QStringLiteral("path")).toString();
        if (path.isEmpty()) {
            call->fail(QStringLiteral("builtin.read_yaml needs a 'path'"));
            return;
        }
        // Only files inside the graph's folder: a graph must not read the user's other files.
        const QDir base(m_baseDir.isEmpty() ? QDir::currentPath() : m_baseDir);
        const QString file = QDir::cleanPath(base.absoluteFilePath(path));
        const QString root = QDir::cleanPath(base.absolutePath());
        const QString real = QFileInfo(file).canonicalFilePath();
        const QString realRoot = QFileInfo(root).canonicalFilePath();
        if (QDir::isAbsolutePath(path) || !file.startsWith(root + QLatin1Char('/'))
            || (!real.isEmpty() && !realRoot.isEmpty() && !real.startsWith(realRoot + QLatin1Char('/')))) {
            call->fail(QStringLiteral("builtin.read_yaml reads only files in the graph's folder; '%1' is outside it").arg(path));
            return;
        }
        QVariant data;
        QString error;
        if (readYamlFile(file, &data, &error))
            call->finish({{QStringLiteral("data"), data}});
        else
            call->fail(error);
    }

private:
    QString m_baseDir;
};

} // namespace

void registerBuiltinHandlers(HandlerRegistry &registry, const QString &baseDir)
{
    registry.add(QStringLiteral("builtin.append"), std::make_shared<AppendHandler>());
    registry.add(QStringLiteral("builtin.chat_append"), std::make_shared<ChatAppendHandler>());
    registry.add(QStringLiteral("builtin.read_yaml"), std::make_shared<ReadYamlHandler>(baseDir));
    registry.add(QStringLiteral("builtin.noop"), std::make_shared<NoopHandler>());
    auto set = std::make_shared<SetHandler>();
    registry.add(QStringLiteral("builtin.set"), set);
    registry.add(QStringLiteral("builtin.assign"), set);
    registry.add(QStringLiteral("builtin.template"), std::make_shared<TemplateHandler>());
    registry.add(QStringLiteral("builtin.format"), std::make_shared<FormatHandler>());
    registry.add(QStringLiteral("builtin.delay"), std::make_shared<DelayHandler>());
    registry.add(QStringLiteral("builtin.log"), std::make_shared<LogHandler>());
    registry.add(QStringLiteral("builtin.fail"), std::make_shared<FailHandler>());
    registry.add(QStringLiteral("builtin.depth_control"), std::make_shared<DepthControlHandler>());
}

} // namespace capgraph
