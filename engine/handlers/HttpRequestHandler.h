#pragma once

#include "exec/SkillCall.h"

#include <memory>

namespace capgraph {

struct HandlerEnvironment;

// builtin.http: an HTTP request as a Dify http-request node makes it. Inputs: method, url,
// headers and params ("key:value" lines), body_type (json, raw-text, form-data,
// x-www-form-urlencoded) and body (the text; "key:value" lines for forms), timeout (seconds,
// 30 by default). Outputs: body (text), status_code, headers — whatever the status, as Dify
// gives them. Asked through the trust gate; certificates are always verified; redirects
// are followed to the same origin only.
class HttpRequestHandler : public SkillHandler, public std::enable_shared_from_this<HttpRequestHandler>
{
public:
    explicit HttpRequestHandler(std::shared_ptr<HandlerEnvironment> env);
    void start(const SkillCallPtr &call) override;
    bool repeatable() const override { return false; }

private:
    void send(const SkillCallPtr &call);
    std::shared_ptr<HandlerEnvironment> m_env;
};

} // namespace capgraph
