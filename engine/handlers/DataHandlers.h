#pragma once

#include "exec/SkillCall.h"

namespace capgraph {

// builtin.jinja: `template` rendered with the other inputs (JinjaTemplate) → {output}.
class JinjaHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override;
};

// builtin.coalesce: for each NAME, the first of its inputs NAME__1, NAME__2 … that is not null
// (Dify's variable aggregator) → {NAME}; with `groups: true`, {NAME: {output}}.
class CoalesceHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override;
};

// builtin.list: Dify's list operator on `list`: filter_by {enabled, conditions [{key,
// comparison_operator, value}]}, order_by {enabled, key, value: asc|desc}, limit {enabled,
// size}, extract_by {enabled, serial} → {result, first_record, last_record}.
class ListHandler : public SkillHandler
{
public:
    void start(const SkillCallPtr &call) override;
};

} // namespace capgraph
