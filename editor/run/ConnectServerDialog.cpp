#include "run/ConnectServerDialog.h"

#include "run/ServerTokens.h"
#include "service/RunClient.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTimer>
#include <QVBoxLayout>

namespace capgraph::editor {

ConnectServerDialog::ConnectServerDialog(QWidget *parent)
    : QDialog(parent)
    , m_address(new QComboBox(this))
    , m_token(new QLineEdit(this))
    , m_keep(new QCheckBox(this))
    , m_addressLabel(new QLabel(this))
    , m_tokenLabel(new QLabel(this))
    , m_message(new QLabel(this))
{
    setObjectName(QStringLiteral("ConnectServerDialog"));
    m_address->setEditable(true);
    m_address->setObjectName(QStringLiteral("ServerAddress"));
    m_address->addItems(recentServers());
    if (m_address->count() == 0)
        m_address->setEditText(QStringLiteral("http://127.0.0.1:8750"));
    m_address->setMinimumWidth(360);
    m_token->setObjectName(QStringLiteral("ServerToken"));
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setClearButtonEnabled(true);
    m_keep->setChecked(true);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setMinimumHeight(m_message->fontMetrics().lineSpacing() * 2);
    m_addressLabel->setBuddy(m_address);
    m_tokenLabel->setBuddy(m_token);

    auto *form = new QFormLayout;
    form->addRow(m_addressLabel, m_address);
    form->addRow(m_tokenLabel, m_token);
    form->addRow(QString(), m_keep);
    auto *buttons = new QDialogButtonBox(this);
    m_connect = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_connect->setDefault(true);
    // Connect checks first; the dialog closes once the server answered.
    disconnect(buttons, &QDialogButtonBox::accepted, this, nullptr);
    connect(m_connect, &QPushButton::clicked, this, &ConnectServerDialog::tryConnect);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(buttons);

    connect(m_address, &QComboBox::currentTextChanged, this, &ConnectServerDialog::addressChanged);
    connect(m_token, &QLineEdit::textEdited, this, [this] { m_tokenFrom.clear(); }); // typed: the user's
    retranslate();
    addressChanged();
}

ConnectServerDialog::~ConnectServerDialog()
{
    delete m_client;
}

void ConnectServerDialog::retranslate()
{
    setWindowTitle(tr("Connect to Server"));
    m_addressLabel->setText(tr("&Server:"));
    m_tokenLabel->setText(tr("&Token:"));
    m_token->setPlaceholderText(tr("none (a server on this machine without --token-file)"));
    m_address->setToolTip(tr("The address `capgraph serve` or `capgraph run --debug-listen` printed, such as http://127.0.0.1:8750"));
    m_keep->setText(tr("&Keep the token in the desktop keyring"));
    m_keep->setToolTip(tr("The token is kept in the keyring (the Secret Service, KWallet), never in the studio's settings"));
    m_connect->setText(tr("&Connect"));
}

void ConnectServerDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void ConnectServerDialog::addressChanged()
{
    QUrl url;
    QString why;
    if (!RunClient::parseServer(m_address->currentText(), &url, &why))
        return;
    const QString server = RunClient::displayNameOf(url);
    if (!m_tokenFrom.isEmpty() && m_tokenFrom != server) {
        m_token->clear(); // another server's token from the keyring is never sent here
        m_tokenFrom.clear();
    }
    if (!m_token->text().isEmpty() && m_tokenFrom.isEmpty())
        return; // a token the user typed stays
    // The token kept for this address, when there is one.
    QPointer<ConnectServerDialog> self(this);
    ++m_reading;
    m_connect->setEnabled(false); // until the keyring answered: its token, or none (5 s at most: a keyring that asks to be unlocked)
    QTimer::singleShot(5000, this, [self] {
        if (self && self->m_reading > 0)
            self->m_connect->setEnabled(true);
    });
    ServerTokens::read(server, this, [self, server](const QString &token, const QString &) {
        if (!self)
            return;
        if (--self->m_reading == 0)
            self->m_connect->setEnabled(true);
        QUrl now;
        QString nowWhy;
        if (!RunClient::parseServer(self->m_address->currentText(), &now, &nowWhy) || RunClient::displayNameOf(now) != server)
            return; // the address changed meanwhile
        if (!self->m_token->text().isEmpty() && self->m_tokenFrom.isEmpty())
            return;
        self->m_token->setText(token);
        self->m_tokenFrom = token.isEmpty() ? QString() : server;
    });
}

void ConnectServerDialog::say(const QString &text, bool problem)
{
    m_message->setText(text);
    QPalette p = m_message->palette();
    p.setColor(QPalette::WindowText, problem ? QColor(0xb0, 0x1c, 0x1c) : palette().color(QPalette::WindowText));
    m_message->setPalette(p);
}

void ConnectServerDialog::tryConnect()
{
    QUrl url;
    QString why;
    if (!RunClient::parseServer(m_address->currentText(), &url, &why)) {
        say(tr("Not a server's address: %1").arg(why), true);
        m_address->setFocus();
        return;
    }
    delete m_client;
    m_client = new RunClient(url, m_token->text().trimmed().toUtf8());
    m_client->setTimeout(10000);
    say(tr("Connecting to %1…").arg(m_client->displayName()), false);
    m_connect->setEnabled(false);
    const int attempt = ++m_attempt;
    QPointer<ConnectServerDialog> self(this);
    m_client->get(QStringLiteral("/v1/health"), [self, attempt](const RunClient::Answer &a) {
        if (!self || attempt != self->m_attempt)
            return;
        self->m_connect->setEnabled(true);
        self->m_token->setFocus(); // (a refusal is most often the token's)
        if (a.status == 0) {
            self->m_address->setFocus();
            self->say(tr("No answer: %1").arg(a.error), true);
            return;
        }
        if (a.status == 401) {
            self->say(self->m_token->text().trimmed().isEmpty() ? tr("The server wants a token (its --token-file).")
                                                               : tr("The server refused the token."),
                      true);
            return;
        }
        if (!a.body.contains(QStringLiteral("status"))) {
            self->say(tr("%1 is not a CapGraph run server (it answered %2).").arg(self->m_client->displayName()).arg(a.status), true);
            self->m_address->setFocus();
            return;
        }
        if (!a.body.contains(QStringLiteral("store_kind"))) { // a probe's answer: the token is missing or wrong
            self->say(self->m_token->text().trimmed().isEmpty() ? tr("The server wants a token (its --token-file).")
                                                               : tr("The server refused the token."),
                      true);
            return;
        }
        if (a.status == 503) {
            self->say(tr("The server's run store does not answer (%1).").arg(a.body.value(QStringLiteral("store")).toString()), true);
            return;
        }
        self->m_health = a.body;
        rememberServer(self->m_client->displayName());
        self->accept();
    });
}

RunClient *ConnectServerDialog::takeClient()
{
    return std::exchange(m_client, nullptr);
}

QStringList ConnectServerDialog::recentServers()
{
    return QSettings().value(QStringLiteral("servers/recent")).toStringList();
}

void ConnectServerDialog::rememberServer(const QString &server)
{
    QStringList recent = recentServers();
    recent.removeAll(server);
    recent.prepend(server);
    while (recent.size() > 10)
        recent.removeLast();
    QSettings().setValue(QStringLiteral("servers/recent"), recent);
}

} // namespace capgraph::editor
