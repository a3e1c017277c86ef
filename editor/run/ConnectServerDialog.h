#pragma once

#include <QDialog>
#include <QJsonObject>
#include <QPointer>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace capgraph {
class RunClient;
}

namespace capgraph::editor {

// File > Connect to Server…: a run server's address (`capgraph serve`, or `capgraph run
// --debug-listen`) and its token. The token of an address used before comes from the
// desktop's keyring (ServerTokens), and goes there when "Keep the token" is ticked; the
// studio's settings keep the addresses only. Connect asks the server's health with the
// token and closes only when the server answered as a run server: a wrong address, a server
// that does not answer or a refused token are said in the dialog, which stays open.
class ConnectServerDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ConnectServerDialog(QWidget *parent = nullptr);
    ~ConnectServerDialog() override;

    QComboBox *address() const { return m_address; }
    QLineEdit *token() const { return m_token; }
    QCheckBox *keepToken() const { return m_keep; }
    QPushButton *connectButton() const { return m_connect; }
    QLabel *message() const { return m_message; }

    // After it was accepted: the client for that server (the caller's from now on), and what
    // its health check said (store, store_kind, worker).
    RunClient *takeClient();
    QJsonObject health() const { return m_health; }

    // The addresses used before, the last first (QSettings "servers/recent").
    static QStringList recentServers();
    static void rememberServer(const QString &server);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void tryConnect();
    void addressChanged();
    void say(const QString &text, bool problem);

    QComboBox *m_address;
    QLineEdit *m_token;
    QCheckBox *m_keep;
    QLabel *m_addressLabel;
    QLabel *m_tokenLabel;
    QLabel *m_message;
    QPushButton *m_connect;
    QPushButton *m_cancel;
    RunClient *m_client = nullptr;
    QJsonObject m_health;
    QString m_tokenFrom; // the address whose keyring token fills the field (empty: typed)
    int m_attempt = 0;
    int m_reading = 0; // keyring reads under way (Connect waits for them)
};

} // namespace capgraph::editor
