<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>DialogPrompts</name>
    <message>
        <location filename="../editor/ui/DialogPrompts.cpp" line="+23"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 有未保存的更改。是否保存？</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CapGraph Studio did not close properly. Recover the changes to %1 autosaved at %2?</source>
        <translation>CapGraph Studio 上次未正常关闭。是否恢复 %1 在 %2 自动保存的更改？</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>Allow this graph to run commands?</source>
        <translation>允许此图运行命令吗？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;%1&lt;/b&gt; will run commands or call web APIs:%2Its folder is not trusted. A graph can do anything your account can do; allow it only if you know where it comes from.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 将运行命令或调用 Web API：%2它所在的文件夹不受信任。图可以执行你的账户能执行的任何操作；请仅在确知其来源时才允许。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Allow for This Run</source>
        <translation>仅允许本次运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Always Trust This Folder</source>
        <translation>始终信任此文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../editor/catalog/CapabilityText.cpp" line="+42"/>
        <source>no properties</source>
        <translation>无属性</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>default: %1</source>
        <translation>默认：%1</translation>
    </message>
    <message>
        <location filename="../editor/commands/GraphActions.cpp" line="+33"/>
        <source>Please answer</source>
        <translation>请回答</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>no such node</source>
        <translation>节点不存在</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a node cannot be connected to itself (loops go through loop_start/loop_end)</source>
        <translation>节点不能连接到自身（循环需经过 loop_start/loop_end）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is a start node: nothing leads into it</source>
        <translation>“%1”是开始节点：不能有边连入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is an end node: nothing leaves it</source>
        <translation>“%1”是结束节点：不能有边连出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 → %2 is already connected</source>
        <translation>%1 → %2 已连接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an iteration edge goes from a loop_end back to its loop_start</source>
        <translation>迭代边必须从 loop_end 连回其 loop_start</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Connect %1 → %2</source>
        <translation>连接 %1 → %2</translation>
    </message>
    <message>
        <location line="+33"/>
        <location line="+37"/>
        <source>&apos;%1&apos; is not a branch</source>
        <translation>“%1”不是分支</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>&apos;%1&apos; already leads to &apos;%2&apos; (%3): edit that condition instead</source>
        <translation>“%1”已连到“%2”（%3）：请改为编辑该条件</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Add condition %1 → %2 to %3</source>
        <translation>为 %3 添加条件 %1 → %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no such condition</source>
        <translation>条件不存在</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Retarget %1 of %2 to %3</source>
        <translation>将 %2 的 %1 改为指向 %3</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+51"/>
        <source>no such edge</source>
        <translation>边不存在</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Reconnect %1 → %2</source>
        <translation>重新连接 %1 → %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>no such node &apos;%1&apos;</source>
        <translation>节点“%1”不存在</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>a node needs an id</source>
        <translation>节点必须有 id</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an id cannot start or end with a blank</source>
        <translation>id 不能以空格开头或结尾</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is already the id of another node</source>
        <translation>“%1”已是另一个节点的 id</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit %1 of %2</source>
        <translation>编辑 %2 的 %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Edit %1 of %2 → %3</source>
        <translation>编辑 %2 → %3 的 %1</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Delete %n condition(s) of %1</source>
        <translation>
            <numerusform>删除 %1 的 %n 个条件</numerusform>
        </translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Group into frame</source>
        <translation>编组到分组框</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Add note</source>
        <translation>添加备注</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Rename frame</source>
        <translation>重命名分组框</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Edit note</source>
        <translation>编辑备注</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Move note</source>
        <translation>移动备注</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Auto-layout</source>
        <translation>自动布局</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Auto-layout selection</source>
        <translation>自动布局所选内容</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Move %1</source>
        <translation>移动 %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Align</source>
        <translation>对齐</translation>
    </message>
    <message numerus="yes">
        <location line="+64"/>
        <source>Paste %n node(s)</source>
        <translation>
            <numerusform>粘贴 %n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../editor/commands/RemoveItemsCommand.cpp" line="+38"/>
        <source>Delete %n edge(s)</source>
        <translation>
            <numerusform>删除 %n 条边</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Delete %n item(s)</source>
        <translation>
            <numerusform>删除 %n 个项目</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../editor/export/SceneExporter.cpp" line="+89"/>
        <source>%1: a PNG of %2 × %3 pixels is too large to make here; export SVG, or use a smaller scale</source>
        <translation>%1：%2 × %3 像素的 PNG 太大，无法在此生成；请导出 SVG，或使用较小的缩放比例</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: the PNG could not be encoded</source>
        <translation>%1：无法编码 PNG</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: export writes .svg or .png</source>
        <translation>%1：只能导出为 .svg 或 .png</translation>
    </message>
    <message>
        <location filename="../editor/planview/PlanWindow.cpp" line="+100"/>
        <source>the plan: 1 task</source>
        <translation>计划：1 个任务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the plan: %1 tasks</source>
        <translation>计划：%1 个任务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the plan (text only)</source>
        <translation>计划（仅文本）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 (round %2)</source>
        <translation>%1（第 %2 轮）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 agents</source>
        <translation>%1 个智能体</translation>
    </message>
</context>
<context>
    <name>SchemaProperties</name>
    <message>
        <location filename="../engine/capability/SchemaProperties.cpp" line="+33"/>
        <source>array of %1</source>
        <translation>%1 数组</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>one of several</source>
        <translation>多种类型之一</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>any</source>
        <translation>任意</translation>
    </message>
</context>
<context>
    <name>capgraph::Capability</name>
    <message>
        <location filename="../engine/capability/Capability.cpp" line="+62"/>
        <source>a capability graph, not a capability definition</source>
        <translation>这是能力图，而非能力定义</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>expected a capability: a mapping with name, description, input_schema, output_schema and a handler</source>
        <translation>应为能力：包含 name、description、input_schema、output_schema 和 handler 的映射</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&apos;%1&apos; is required</source>
        <translation>“%1”为必填字段</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be text</source>
        <translation>“%1”应为文本</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>name &apos;%1&apos; should be domain.verb_noun: lower case, a dot between domain and action (finance.get_stock_price)</source>
        <translation>名称“%1”应为 domain.verb_noun 格式：全部小写，领域与动作之间用点号分隔（例如 finance.get_stock_price）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&apos;description&apos; is empty: planners choose capabilities by it (seed 003)</source>
        <translation>“description”为空：规划器依据它选择能力（seed 003）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>version &apos;%1&apos; is not semantic (MAJOR.MINOR.PATCH, e.g. 1.2.0)</source>
        <translation>版本“%1”不符合语义化版本格式（MAJOR.MINOR.PATCH，例如 1.2.0）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;tags&apos; should be a list of words</source>
        <translation>“tags”应为词语列表</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&apos;%1&apos; (a JSON Schema) is required</source>
        <translation>“%1”（JSON Schema）为必填字段</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be a JSON Schema object</source>
        <translation>“%1”应为 JSON Schema 对象</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>&apos;%1&apos; at %2: %3</source>
        <translation>“%1”中的 %2：%3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&apos;%1&apos; is not a valid JSON Schema: %2</source>
        <translation>“%1”不是有效的 JSON Schema：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a capability is atomic (handler) or composite (workflow_definition), not both</source>
        <translation>能力只能是原子能力（handler）或组合能力（workflow_definition），不能两者兼有</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a capability needs a &apos;handler&apos; (atomic) or a &apos;workflow_definition&apos; (composite)</source>
        <translation>能力需要“handler”（原子能力）或“workflow_definition”（组合能力）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&apos;handler&apos; should be a mapping with a type</source>
        <translation>“handler”应为包含 type 的映射</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the handler needs a &apos;type&apos; (%1)</source>
        <translation>处理器需要指定“type”（%1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>handler type &apos;%1&apos; is not one of %2</source>
        <translation>处理器类型“%1”不是 %2 之一</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an api handler needs an &apos;endpoint&apos; URL</source>
        <translation>api 处理器需要 URL 形式的“endpoint”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a command handler needs a &apos;program&apos; (and &apos;arguments&apos; as a list: never a shell line)</source>
        <translation>command 处理器需要“program”（“arguments”须为列表，绝不能是一行 shell 命令）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>a mock handler: %1</source>
        <translation>mock 处理器：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&apos;workflow_definition&apos; should be a mapping with a type</source>
        <translation>“workflow_definition”应为包含 type 的映射</translation>
    </message>
    <message>
        <location filename="../engine/capability/SchemaKeywords.cpp" line="+13"/>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a number</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a mapping</source>
        <translation>映射</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>a schema should be a mapping, not %1</source>
        <translation>Schema 应为映射，而不是%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&apos;type&apos; is &apos;%1&apos;, which is no JSON Schema type (string, number, integer, boolean, object, array, null)</source>
        <translation>“type”为“%1”，不是 JSON Schema 类型（string、number、integer、boolean、object、array、null）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&apos;type&apos; lists &apos;%1&apos;, which is no JSON Schema type</source>
        <translation>“type”列出的“%1”不是 JSON Schema 类型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;type&apos; should be a type name or a list of them, not %1</source>
        <translation>“type”应为类型名称或类型名称列表，而不是%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;required&apos; should be a list of property names, not %1</source>
        <translation>“required”应为属性名称列表，而不是%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;required&apos; should list property names, and %1 is not one</source>
        <translation>“required”只能列出属性名称，但其中一项是%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be a mapping of names to schemas, not %2</source>
        <translation>“%1”应为从名称到 Schema 的映射，而不是%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&apos;%1&apos; should be a non-empty list of schemas, not %2</source>
        <translation>“%1”应为非空的 Schema 列表，而不是%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&apos;enum&apos; should be a list of the allowed values, not %1</source>
        <translation>“enum”应为允许值的列表，而不是%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be a number, not %2</source>
        <translation>“%1”应为数值，而不是%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be a whole number of at least 0, not %2</source>
        <translation>“%1”应为大于或等于 0 的整数，而不是%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be text, not %2</source>
        <translation>“%1”应为文本，而不是%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&apos;%1&apos; should be true or false, not %2</source>
        <translation>“%1”应为 true 或 false，而不是%2</translation>
    </message>
</context>
<context>
    <name>capgraph::EdgeLabel</name>
    <message>
        <location filename="../engine/model/Graph.cpp" line="+89"/>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>∥ sync</source>
        <translation>∥ 同步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>∥ async</source>
        <translation>∥ 异步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>w %1</source>
        <translation>权重 %1</translation>
    </message>
</context>
<context>
    <name>capgraph::Expression</name>
    <message>
        <location filename="../engine/expr/ExprLexer.cpp" line="+54"/>
        <source>unexpected &apos;%1&apos; after a number</source>
        <translation>数值后出现意外的“%1”</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&apos;%1&apos; is not an ASCII digit; write numbers with 0-9</source>
        <translation>“%1”不是 ASCII 数字；请用 0-9 书写数值</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>unterminated string; expected a closing %1</source>
        <translation>字符串未闭合；缺少结尾的 %1</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>&apos;=&apos; is not an operator; use &apos;==&apos; to compare</source>
        <translation>&apos;=&apos; 不是运算符；比较请使用 &apos;==&apos;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;&amp;&apos; is not an operator; use &apos;&amp;&amp;&apos; or AND</source>
        <translation>&apos;&amp;&apos; 不是运算符；请使用 &apos;&amp;&amp;&apos; 或 AND</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;|&apos; is not an operator; use &apos;||&apos; or OR</source>
        <translation>&apos;|&apos; 不是运算符；请使用 &apos;||&apos; 或 OR</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>unexpected character &apos;%1&apos;</source>
        <translation>意外的字符“%1”</translation>
    </message>
    <message>
        <location filename="../engine/expr/ExprParser.cpp" line="+29"/>
        <source>unexpected %1 after a complete expression; expected an operator or the end</source>
        <translation>完整的表达式之后出现意外的 %1；应为运算符或表达式结尾</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>end of expression</source>
        <translation>表达式结尾</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>number %1</source>
        <translation>数值 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>string &apos;%1&apos;</source>
        <translation>字符串“%1”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name &apos;%1&apos;</source>
        <translation>名称“%1”</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>expression nested too deeply (more than %1 levels)</source>
        <translation>表达式嵌套过深（超过 %1 层）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>expected an operand after %1</source>
        <translation>%1 之后缺少操作数</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+30"/>
        <location line="+84"/>
        <source>expression nested too deeply</source>
        <translation>表达式嵌套过深</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>comparisons cannot be chained; combine them with AND</source>
        <translation>比较运算不能串联；请用 AND 组合</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>expected a field name after &apos;.&apos;, found %1</source>
        <translation>&apos;.&apos; 之后应为字段名，但遇到%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>expected &apos;]&apos; to close &apos;[&apos; at column %1, found %2</source>
        <translation>应为 &apos;]&apos; 以闭合第 %1 列的 &apos;[&apos;，但遇到%2</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>expected &apos;,&apos; or &apos;%1&apos; to close &apos;%2&apos; at column %3, found %4</source>
        <translation>应为 &apos;,&apos; 或 &apos;%1&apos; 以闭合第 %3 列的 &apos;%2&apos;，但遇到%4</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>expected &apos;)&apos; to close &apos;(&apos; at column %1, found %2</source>
        <translation>应为 &apos;)&apos; 以闭合第 %1 列的 &apos;(&apos;，但遇到%2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>unknown function &apos;%1&apos;; known: %2</source>
        <translation>未知函数“%1”；已知函数：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 takes %2, got %3 argument(s)</source>
        <translation>%1 的参数个数应为 %2，但传入了 %3 个</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 or more</source>
        <translation>%1 个及以上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 to %2</source>
        <translation>%1 到 %2 个</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 expects a name or path as its first argument</source>
        <translation>%1 的第一个参数应为名称或路径</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>invalid regular expression in matches(): %1</source>
        <translation>matches() 中的正则表达式无效：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>expected an operand, found the end of the expression</source>
        <translation>应为操作数，但已到达表达式结尾</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expected an operand, found %1</source>
        <translation>应为操作数，但遇到%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the expression is empty</source>
        <translation>表达式为空</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cannot parse the expression</source>
        <translation>无法解析表达式</translation>
    </message>
    <message>
        <location filename="../engine/expr/ExprTemplate.cpp" line="+38"/>
        <source>&apos;${&apos; is not closed; expected &apos;}&apos;</source>
        <translation>&apos;${&apos; 未闭合；缺少 &apos;}&apos;</translation>
    </message>
</context>
<context>
    <name>capgraph::GraphFile</name>
    <message>
        <location filename="../engine/yaml/GraphYamlReader.cpp" line="+34"/>
        <source>nothing (null)</source>
        <translation>空值（null）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a mapping</source>
        <translation>映射</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing</source>
        <translation>无值</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>the file is larger than %1 MiB, the limit for graph files</source>
        <translation>文件大于 %1 MiB，超过能力图文件的上限</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>binary data (a NUL byte); expected YAML text</source>
        <translation>二进制数据（含 NUL 字节）；应为 YAML 文本</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>invalid UTF-8 byte sequence; expected UTF-8 text</source>
        <translation>无效的 UTF-8 字节序列；应为 UTF-8 文本</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>tab character in indentation; YAML expects spaces</source>
        <translation>缩进中有制表符（Tab）；YAML 的缩进必须使用空格</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the file is empty; expected a mapping with a &apos;graph&apos; key</source>
        <translation>文件为空；应为包含“graph”键的映射</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>YAML syntax error: this string is never closed; expected a closing %1</source>
        <translation>YAML 语法错误：此字符串未闭合；缺少结尾的 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+89"/>
        <source>the document expands to more than %1 values (alias bomb?)</source>
        <translation>文档展开后超过 %1 个值（别名炸弹？）</translation>
    </message>
    <message>
        <location line="-78"/>
        <source>merge keys (&lt;&lt;) are not supported; write the keys out</source>
        <translation>不支持合并键（&lt;&lt;）；请逐一写出各个键</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>duplicate key &apos;%1&apos; (first given on line %2); expected each key once</source>
        <translation>键“%1”重复（首次出现在第 %2 行）；每个键只能出现一次</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>a mapping key must be a plain name, found %1</source>
        <translation>映射的键必须是普通名称，但找到 %1</translation>
    </message>
    <message>
        <location filename="../engine/yaml/GraphYamlSections.cpp" line="+21"/>
        <source>%1: expected a string, found %2</source>
        <translation>%1：应为字符串，但找到 %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: %2 is out of range for an integer</source>
        <translation>%1：%2 超出整数范围</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: expected an integer, found the string %2 (remove the quotes)</source>
        <translation>%1：应为整数，但找到字符串 %2（请去掉引号）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: expected an integer, found %2</source>
        <translation>%1：应为整数，但找到 %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: expected a finite number, found %2</source>
        <translation>%1：应为有限数值，但找到 %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: expected a number, found the string %2 (remove the quotes)</source>
        <translation>%1：应为数值，但找到字符串 %2（请去掉引号）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: expected a number, found %2</source>
        <translation>%1：应为数值，但找到 %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: expected true or false, found %2</source>
        <translation>%1：应为 true 或 false，但找到 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: expected a list of strings, found %2</source>
        <translation>%1：应为字符串列表，但找到 %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: expected a string list entry, found %2</source>
        <translation>%1：列表项应为字符串，但找到 %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: expected {x: number, y: number}, found %2</source>
        <translation>%1：应为 {x: number, y: number}，但找到 %2</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1: expected a mapping {name, expression, target}, found %2</source>
        <translation>%1：应为映射 {name, expression, target}，但找到 %2</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1: expected a node mapping (id, type, ...), found %2</source>
        <translation>%1：应为节点映射（含 id、type 等键），但找到 %2</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1: expected a mapping of input names to values, found %2</source>
        <translation>%1：应为从输入名称到值的映射，但找到 %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: expected {max_attempts, backoff, multiplier}, found %2</source>
        <translation>%1：应为 {max_attempts, backoff, multiplier}，但找到 %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: expected max_attempts, backoff or multiplier</source>
        <translation>%1：未知的键；应为 max_attempts、backoff 或 multiplier</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: expected a list of conditions, found %2</source>
        <translation>%1：应为条件列表，但找到 %2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1: expected &apos;optimal&apos; (take the way on the cheapest path to an end), found &apos;%2&apos;</source>
        <translation>%1：应为“optimal”（走通往结束的成本最低路径），却是“%2”</translation>
    </message>
    <message>
        <location line="+29"/>
        <location line="+95"/>
        <location line="+53"/>
        <source>%1: expected an &apos;id&apos;</source>
        <translation>%1：缺少“id”</translation>
    </message>
    <message>
        <location line="-143"/>
        <source>%1 (%2): expected a &apos;type&apos; (skill, control.start, interaction.select, ...)</source>
        <translation>%1（%2）：缺少“type”（skill、control.start、interaction.select 等）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no id</source>
        <translation>无 id</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: expected an edge mapping (from, to, type), found %2</source>
        <translation>%1：应为边的映射（含 from、to、type 等键），但找到 %2</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1: expected &apos;from&apos; (a node id)</source>
        <translation>%1：缺少“from”（节点 id）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: expected &apos;to&apos; (a node id)</source>
        <translation>%1：缺少“to”（节点 id）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: expected a mapping with id, title and nodes, found %2</source>
        <translation>%1：应为包含 id、title 和 nodes 的映射，但找到 %2</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1: expected a mapping with id, text and position, found %2</source>
        <translation>%1：应为包含 id、text 和 position 的映射，但找到 %2</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: expected {width: number, height: number}, found %2</source>
        <translation>%1：应为 {width: number, height: number}，但找到 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: width and height must be positive</source>
        <translation>%1：width 和 height 必须为正数</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1: expected a mapping such as {preferred_depth: quick, available_time: 30}, found %2</source>
        <translation>%1：应为映射，例如 {preferred_depth: quick, available_time: 30}，却是 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: expected quick or thorough, found &apos;%2&apos;</source>
        <translation>%1：应为 quick 或 thorough，却是“%2”</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: expected a time budget of 0 or more (in the graph&apos;s cost units), found %2</source>
        <translation>%1：时间预算应为 0 或以上（以图的成本单位计），却是 %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: unknown key &apos;%2&apos; (preferred_depth, available_time)</source>
        <translation>%1：未知的键“%2”（preferred_depth、available_time）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>graph: expected a mapping with id, nodes and edges, found %1</source>
        <translation>graph：应为包含 id、nodes 和 edges 的映射，但找到 %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1: expected a mapping of input names to values (the run&apos;s input when none is given), found %2</source>
        <translation>%1：应为输入名称到值的映射（未提供输入时运行所用的输入），却是 %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: expected a list of nodes, found %2</source>
        <translation>%1：应为节点列表，但找到 %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: expected a list of edges, found %2</source>
        <translation>%1：应为边的列表，但找到 %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: expected a list, found %2</source>
        <translation>%1：应为列表，但找到 %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: expected a mapping, found %2</source>
        <translation>%1：应为映射，但找到 %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>graph: expected an &apos;id&apos;</source>
        <translation>graph：缺少“id”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>graph: expected a &apos;nodes&apos; list</source>
        <translation>graph：缺少“nodes”列表</translation>
    </message>
    <message>
        <location filename="../engine/yaml/GraphYamlReader.cpp" line="+55"/>
        <source>a second YAML document starts here; a graph file holds exactly one</source>
        <translation>此处开始了第二个 YAML 文档；能力图文件只能包含一个文档</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a value contains itself (an alias *name inside its own anchor &amp;name)</source>
        <translation>值包含自身（别名 *name 位于自己的锚点 &amp;name 之内）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>YAML syntax error: %1</source>
        <translation>YAML 语法错误：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot parse YAML: %1</source>
        <translation>无法解析 YAML：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>expected a mapping with a &apos;graph&apos; key at the top level, found %1</source>
        <translation>顶层应为包含“graph”键的映射，但找到 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>expected a top-level &apos;graph&apos; key</source>
        <translation>顶层缺少“graph”键</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot read the document: %1</source>
        <translation>无法读取文档：%1</translation>
    </message>
</context>
<context>
    <name>capgraph::Lint</name>
    <message>
        <location filename="../engine/validation/CapabilityLint.cpp" line="+36"/>
        <source>&apos;%1&apos; stands in for %2: it answers with its placeholder outputs until a capability &apos;%3&apos; exists (or a mock says otherwise)</source>
        <translation>「%1」是 %2 的替身：在能力「%3」存在（或模拟另有指定）之前，它以占位输出回答</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>skill_id &apos;%1&apos; of &apos;%2&apos; resolves to no capability (%3); it runs only with a mock</source>
        <translation>“%2”的 skill_id“%1”未对应任何能力（%3）；只能以模拟方式运行</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&apos;%1&apos; does not give &apos;%2&apos;, which %3 requires (its input_schema); add it under inputs</source>
        <translation>“%1”没有提供 %3 所要求的“%2”（见其 input_schema）；请在 inputs 下添加</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 reads %2.%3, but %4&apos;s output_schema declares only %5</source>
        <translation>%1 读取了 %2.%3，但 %4 的 output_schema 只声明了 %5</translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../engine/validation/GraphValidator.cpp" line="+595"/>
        <source>branch &apos;%1&apos; condition &apos;%2&apos;</source>
        <translation>分支“%1”的条件“%2”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the condition of %1 -&gt; %2</source>
        <translation>%1 -&gt; %2 的条件</translation>
    </message>
    <message>
        <location filename="../engine/validation/GraphValidator.cpp" line="-536"/>
        <source>edge %1 -&gt; %2</source>
        <translation>边 %1 -&gt; %2</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>node has no id</source>
        <translation>节点没有 id</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>duplicate node id &apos;%1&apos; (first defined on line %2)</source>
        <translation>节点 id“%1”重复（首次定义于第 %2 行）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>duplicate node id &apos;%1&apos;</source>
        <translation>节点 id“%1”重复</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>node &apos;%1&apos; has unknown type &apos;%2&apos;; expected one of: %3</source>
        <translation>节点“%1”的类型“%2”未知；应为以下之一：%3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>skill node &apos;%1&apos; has no skill_id</source>
        <translation>技能节点“%1”没有 skill_id</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>node &apos;%1&apos;: execution_mode &apos;%2&apos; is not one of single, iterative, parallel</source>
        <translation>节点“%1”：execution_mode“%2”不是 single、iterative、parallel 之一</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>iterative skill &apos;%1&apos; has no max_iterations; the executor&apos;s step limit is its only bound</source>
        <translation>迭代技能“%1”没有 max_iterations；执行器的步数上限是其唯一的限制</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>node &apos;%1&apos;: max_iterations must be at least 1, got %2</source>
        <translation>节点“%1”：max_iterations 至少应为 1，实际为 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos;: timeout must be a positive number of seconds</source>
        <translation>节点“%1”：timeout 必须为正数（秒）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos;: concurrency must be at least 1</source>
        <translation>节点“%1”：concurrency 至少应为 1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos;: retry needs max_attempts &gt;= 1, backoff &gt;= 0 and multiplier &gt;= 1</source>
        <translation>节点“%1”：retry 要求 max_attempts &gt;= 1、backoff &gt;= 0 且 multiplier &gt;= 1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos;: on_error must be &apos;fail&apos; or &apos;continue&apos;, not &apos;%2&apos;</source>
        <translation>节点“%1”：on_error 必须是“fail”或“continue”，而不是“%2”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos;: execution_mode parallel maps over a list; give it for_each</source>
        <translation>节点“%1”：execution_mode 为 parallel 时会对列表中的每一项运行；请为其设置 for_each</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>node &apos;%1&apos;: for_each is only used with execution_mode: parallel</source>
        <translation>节点“%1”：for_each 仅在 execution_mode: parallel 时使用</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>branch &apos;%1&apos; has no conditions and fewer than two outgoing edges</source>
        <translation>分支“%1”没有条件，且连出的边少于两条</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>select &apos;%1&apos; has neither options_from nor options</source>
        <translation>选择节点“%1”既没有 options_from 也没有 options</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&apos;%1&apos;: min and max count the choices of an interaction.select with multiple: true; here they do nothing</source>
        <translation>“%1”：min 和 max 限制的是 multiple: true 的 interaction.select 可选的项数；在此处不起作用</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&apos;%1&apos;: multiple applies to interaction.select only</source>
        <translation>“%1”：multiple 仅适用于 interaction.select</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>select &apos;%1&apos;: min must not be negative</source>
        <translation>选择节点“%1”：min 不能为负数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>select &apos;%1&apos;: max must be at least 1</source>
        <translation>选择节点“%1”：max 至少应为 1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>select &apos;%1&apos;: min (%2) is more than max (%3)</source>
        <translation>选择节点“%1”：min（%2）大于 max（%3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>select &apos;%1&apos;: min (%2) is more than its %3 options</source>
        <translation>选择节点“%1”：min（%2）超过其 %3 个选项</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>interaction &apos;%1&apos; has no prompt; users will see only its id</source>
        <translation>交互节点“%1”没有提示；用户只会看到其 id</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 has unknown type &apos;%2&apos;; expected one of: %3</source>
        <translation>%1 的类型“%2”未知；应为以下之一：%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: weight must not be negative</source>
        <translation>%1：weight 不能为负数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: max_count must be at least 1</source>
        <translation>%1：max_count 至少应为 1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 carries its own condition &quot;%2&quot; and the branch&apos;s condition &apos;%3&apos; also leads to &apos;%4&apos;: the executor uses &apos;%3&apos; (a branch&apos;s conditions are tried first) and this edge&apos;s condition only when none of them holds; keep one of the two</source>
        <translation>%1 带有自己的条件“%2”，而分支的条件“%3”也指向“%4”：执行器会采用“%3”（分支的条件会先被检查），只有在分支的条件都不成立时才使用这条边的条件；请只保留两者之一</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 carries its own condition &quot;%2&quot; beside the branch&apos;s conditions: the executor tries the branch&apos;s conditions first and this edge&apos;s condition only when none of them holds; make it one of the branch&apos;s conditions</source>
        <translation>%1 在分支的条件之外还带有自己的条件“%2”：执行器会先检查分支的条件，只有在分支的条件都不成立时才使用这条边的条件；请将其改为分支的条件之一</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 carries its own condition &quot;%2&quot;: the branch has no conditions, so the executor uses the edge&apos;s; a branch decides by its conditions list, make it one of them</source>
        <translation>%1 带有自己的条件“%2”：该分支没有条件，因此执行器会采用边上的条件；分支应根据其 conditions 列表决定走向，请将其改为其中一个条件</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 is conditional but has no condition; it is always taken</source>
        <translation>%1 是条件边，但没有条件；它总是会被采用</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+3"/>
        <source>%1: no node has id &apos;%2&apos;</source>
        <translation>%1：没有 id 为“%2”的节点</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>branch &apos;%1&apos;: condition &apos;%2&apos; has no target</source>
        <translation>分支“%1”：条件“%2”没有目标</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>branch &apos;%1&apos;: condition &apos;%2&apos; targets &apos;%3&apos;, which is not a node</source>
        <translation>分支“%1”：条件“%2”的目标“%3”不是节点</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>branch &apos;%1&apos;: default target &apos;%2&apos; is not a node</source>
        <translation>分支“%1”：默认目标“%2”不是节点</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the graph has no control.start node</source>
        <translation>图中没有 control.start 节点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; is a second start node (the first is &apos;%2&apos;); a graph has exactly one</source>
        <translation>“%1”是第二个开始节点（第一个是“%2”）；一个图只能有一个</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the graph has no control.end node</source>
        <translation>图中没有 control.end 节点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>start node &apos;%1&apos; has incoming edges</source>
        <translation>开始节点“%1”有连入的边</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>end node &apos;%1&apos; has outgoing edges</source>
        <translation>结束节点“%1”有连出的边</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>node &apos;%1&apos; cannot be reached from the start</source>
        <translation>从开始节点无法到达节点“%1”</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>node &apos;%1&apos; cannot reach an end node; a run would stop there</source>
        <translation>节点“%1”无法到达任何结束节点；运行会停在该处</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>loop_end &apos;%1&apos; does not name its loop_start</source>
        <translation>loop_end“%1”没有指定其 loop_start</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>loop_end &apos;%1&apos;: loop_start &apos;%2&apos; is not a node</source>
        <translation>loop_end“%1”：loop_start“%2”不是节点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>loop_end &apos;%1&apos;: &apos;%2&apos; is a %3, not a control.loop_start</source>
        <translation>loop_end“%1”：“%2”是 %3，而不是 control.loop_start</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>loop_start &apos;%1&apos; has no loop_end naming it</source>
        <translation>没有任何 loop_end 指向 loop_start“%1”</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>cycle through %1 has no bound: add a control.loop_start with max_iterations or an iteration edge with max_count</source>
        <translation>经过 %1 的环路没有上限：请添加设置了 max_iterations 的 control.loop_start，或设置了 max_count 的迭代边</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>parallel_split &apos;%1&apos; has fewer than two branches</source>
        <translation>parallel_split“%1”的分支少于两个</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>parallel_split &apos;%1&apos; has no parallel_join that all of its branches reach</source>
        <translation>parallel_split“%1”没有所有分支都能到达的 parallel_join</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>parallel_join &apos;%1&apos; has no parallel_split upstream</source>
        <translation>parallel_join“%1”的上游没有 parallel_split</translation>
    </message>
    <message>
        <location line="+58"/>
        <location line="+53"/>
        <source>%1: %2 (at column %3 of &quot;%4&quot;)</source>
        <translation>%1：%2（位于“%4”的第 %3 列）</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>%1: node &apos;%2&apos; does not declare an output &apos;%3&apos; (it declares: %4)</source>
        <translation>%1：节点“%2”没有声明输出“%3”（其声明的输出：%4）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: &apos;%2&apos; is not an output of any node upstream, nor a built-in (%3)</source>
        <translation>%1：“%2”既不是任何上游节点的输出，也不是内置名称（%3）</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1: the expression is empty</source>
        <translation>%1：表达式为空</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>select &apos;%1&apos; options_from</source>
        <translation>选择节点“%1”的 options_from</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; prompt</source>
        <translation>“%1”的提示</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>node &apos;%1&apos; for_each</source>
        <translation>节点“%1”的 for_each</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos; input &apos;%2&apos;</source>
        <translation>节点“%1”的输入“%2”</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 condition</source>
        <translation>%1 的条件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 exit_condition</source>
        <translation>%1 的 exit_condition</translation>
    </message>
</context>
<context>
    <name>capgraph::Path</name>
    <message>
        <location filename="../engine/analysis/OptimalPath.cpp" line="+151"/>
        <source>the graph has invalid weights or qualities</source>
        <translation>图中有无效的权重或质量值</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the graph has no control.start node</source>
        <translation>图中没有 control.start 节点</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the graph has %1 control.start nodes (%2); a path needs exactly one</source>
        <translation>图中有 %1 个 control.start 节点（%2）；路径需要恰好一个</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the graph has no control.end node</source>
        <translation>图中没有 control.end 节点</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the search gave up after %1 labels; the graph has too many equally good alternatives under this budget</source>
        <translation>搜索在创建 %1 个搜索标签后放弃；在此预算下，图中同样好的备选路径过多</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>every start -&gt; end path takes longer than the budget of %1: the fastest takes %2; the cheapest costs %3 and takes %4</source>
        <translation>每条从开始到结束的路径所需时间都超过预算 %1：最快的一条需要 %2；成本最低的一条成本为 %3，需要 %4</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>every start -&gt; end path passes a node whose quality is below %1 (depth %2); the cheapest passes %3</source>
        <translation>每条从开始到结束的路径都会经过质量低于 %1 的节点（深度 %2）；成本最低的一条经过 %3</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no control.end can be reached from &apos;%1&apos; (iteration and background edges are never steps of a path)</source>
        <translation>从“%1”无法到达任何 control.end（迭代边和后台边不会作为路径的步骤）</translation>
    </message>
</context>
<context>
    <name>capgraph::PlanFile</name>
    <message>
        <location filename="../engine/plan/PlanReader.cpp" line="+24"/>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a number</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+359"/>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <location line="-358"/>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing</source>
        <translation>无值</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>&apos;%1&apos; should be a string, not %2</source>
        <translation>“%1”应为字符串，而不是%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>participant %1 should be an object, not %2</source>
        <translation>第 %1 名参与者应为对象，而不是%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>participant %1 has no agent_id</source>
        <translation>第 %1 名参与者没有 agent_id</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>participant &apos;%1&apos; has no display_name</source>
        <translation>参与者“%1”没有 display_name</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>participant &apos;%1&apos; has no role_in_plan</source>
        <translation>参与者“%1”没有 role_in_plan</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&apos;participants&apos; should be an array, not %1</source>
        <translation>“participants”应为数组，而不是%1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>task %1 should be an object, not %2</source>
        <translation>第 %1 个任务应为对象，而不是%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>task %1 has no id</source>
        <translation>第 %1 个任务没有 id</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>task &apos;%1&apos; has no title</source>
        <translation>任务“%1”没有 title</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>task &apos;%1&apos; has no assignee_id</source>
        <translation>任务“%1”没有 assignee_id</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>task &apos;%1&apos;: a prerequisite should be a task id, not %2</source>
        <translation>任务“%1”：前置任务应为任务 id，而不是%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>task &apos;%1&apos;: &apos;prerequisites&apos; should be an array, not %2</source>
        <translation>任务“%1”：“prerequisites”应为数组，而不是%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>task &apos;%1&apos;: status &apos;%2&apos; is not pending, in_progress or done; shown as pending</source>
        <translation>任务“%1”：状态“%2”不是 pending、in_progress 或 done；按 pending 显示</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&apos;tasks&apos; should be an array, not %1</source>
        <translation>“tasks”应为数组，而不是%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>topology edge %1 needs &apos;from&apos; and &apos;to&apos; task ids</source>
        <translation>第 %1 条拓扑边需要“from”和“to”任务 id</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&apos;topology.edges&apos; should be an array, not %1</source>
        <translation>“topology.edges”应为数组，而不是%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;topology&apos; should be an object, not %1</source>
        <translation>“topology”应为对象，而不是%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the plan.ready has no plan_text (the plan as text)</source>
        <translation>plan.ready 没有 plan_text（计划的文本形式）</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>plan_json is a string whose JSON is malformed: %1</source>
        <translation>plan_json 是字符串，但其中的 JSON 格式错误：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>plan_json is a string that holds no JSON object</source>
        <translation>plan_json 是字符串，但其中不含 JSON 对象</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;plan_json&apos; should be an object, not %1</source>
        <translation>“plan_json”应为对象，而不是%1</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>the file is empty; expected a plan as JSON</source>
        <translation>文件为空；应为 JSON 格式的计划</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>malformed JSON: %1</source>
        <translation>JSON 格式错误：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>expected a JSON object (a plan_json or a plan.ready event), not %1</source>
        <translation>应为 JSON 对象（plan_json 或 plan.ready 事件），而不是%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a scalar</source>
        <translation>标量</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>this is a &apos;%1&apos; event, not plan.ready</source>
        <translation>这是“%1”事件，而不是 plan.ready</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>expected a plan_json (tasks, participants, topology) or a plan.ready event (plan_text, plan_json)</source>
        <translation>应为 plan_json（tasks、participants、topology）或 plan.ready 事件（plan_text、plan_json）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>the file is larger than %1 MiB, the limit for a plan</source>
        <translation>文件大于 %1 MiB，超过计划的上限</translation>
    </message>
</context>
<context>
    <name>capgraph::PlanLint</name>
    <message>
        <location filename="../engine/plan/PlanValidator.cpp" line="+28"/>
        <source>the plan has no tasks</source>
        <translation>计划中没有任务</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>participant &apos;%1&apos; is listed twice; the first is used</source>
        <translation>参与者“%1”被列出两次；将使用第一个</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>participant &apos;%1&apos;: avatar_color &apos;%2&apos; is not a colour (#RRGGBB); a colour from the id is used</source>
        <translation>参与者“%1”：avatar_color“%2”不是有效的颜色（#RRGGBB）；改用根据 id 生成的颜色</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>task id &apos;%1&apos; is used twice (here at %2, first at %3); the second task gets no dependencies</source>
        <translation>任务 id“%1”被重复使用（此处位于 %2，首次出现在 %3）；第二个任务不会获得任何依赖关系</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>task id &apos;%1&apos; is used twice (tasks %2 and %3); the second task gets no dependencies</source>
        <translation>任务 id“%1”被重复使用（第 %2 个和第 %3 个任务）；第二个任务不会获得任何依赖关系</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>task &apos;%1&apos; is assigned to &apos;%2&apos;, who is not among the participants</source>
        <translation>任务“%1”的负责人“%2”不在参与者中</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>task &apos;%1&apos; lists itself as a prerequisite</source>
        <translation>任务“%1”将自身列为前置任务</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>task &apos;%1&apos; has prerequisite &apos;%2&apos;, which is no task of the plan</source>
        <translation>任务“%1”的前置任务“%2”不是该计划中的任务</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>topology.edges has %1 → %1: a task that waits for itself</source>
        <translation>topology.edges 中有 %1 → %1：任务在等待自身</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>topology edge %1 → %2 names a task that does not exist</source>
        <translation>拓扑边 %1 → %2 引用了不存在的任务</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>topology.edges has %1 → %2, but task &apos;%2&apos; does not list &apos;%1&apos; among its prerequisites; drawn as a dependency</source>
        <translation>topology.edges 中有 %1 → %2，但任务“%2”的前置任务中没有“%1”；仍按依赖关系绘制</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>task &apos;%1&apos; has prerequisite &apos;%2&apos;, which topology.edges leaves out</source>
        <translation>任务“%1”的前置任务“%2”未列入 topology.edges</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the tasks form a cycle: %1</source>
        <translation>任务之间存在环路：%1</translation>
    </message>
</context>
<context>
    <name>capgraph::PlanRollup</name>
    <message>
        <location filename="../engine/plan/PlanTopology.cpp" line="+17"/>
        <source>%1 of %2 done</source>
        <translation>已完成 %1 个（共 %2 个）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 in progress</source>
        <translation>进行中 %1 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 blocked</source>
        <translation>受阻 %1 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ready to start</source>
        <translation>可开始 %1 个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>capgraph::PlanSource</name>
    <message>
        <location filename="../engine/plan/PlanSource.cpp" line="+34"/>
        <source>%1: no answer within %2 ms</source>
        <translation>%1：%2 毫秒内无响应</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+17"/>
        <source>%1: no plan.ready among its %2 events</source>
        <translation>%1：%2 个事件中没有 plan.ready</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>%1: the file is larger than %2 MiB, the limit for a plan</source>
        <translation>%1：文件大于 %2 MiB，超过计划的上限</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>%1 (plan.ready #%2)</source>
        <translation>%1（plan.ready #%2）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: the answer is larger than %2 MiB, the limit for a plan</source>
        <translation>%1：响应大于 %2 MiB，超过计划的上限</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: HTTP %2: %3</source>
        <translation>%1：HTTP %2：%3</translation>
    </message>
    <message>
        <location line="-41"/>
        <location line="+41"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: the stream ended without a plan.ready event</source>
        <translation>%1：事件流已结束，未收到 plan.ready 事件</translation>
    </message>
</context>
<context>
    <name>capgraph::Pricing</name>
    <message>
        <location filename="../engine/yaml/PricingReader.cpp" line="+23"/>
        <source>pricing: &apos;%1&apos; should be a price of 0 or more per 1,000 tokens, not %2</source>
        <translation>pricing：&apos;%1&apos; 应为每 1,000 个 token 0 或以上的价格，而不是 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>pricing: &apos;%1&apos; should be a number (the price of 1,000 tokens, e.g. 0.002), not %2</source>
        <translation>pricing：&apos;%1&apos; 应为数字（1,000 个 token 的价格，例如 0.002），而不是 %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>pricing: expected a mapping such as {per_1k_tokens: 0.002, currency: USD} or {per_1k_prompt_tokens: 0.0015, per_1k_completion_tokens: 0.002, currency: USD}</source>
        <translation>pricing：应为映射，例如 {per_1k_tokens: 0.002, currency: USD} 或 {per_1k_prompt_tokens: 0.0015, per_1k_completion_tokens: 0.002, currency: USD}</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>pricing: &apos;currency&apos; should be an ISO 4217 code of three upper-case letters (USD, CNY, EUR), not &apos;%1&apos;</source>
        <translation>pricing：&apos;currency&apos; 应为三个大写字母的 ISO 4217 代码（USD、CNY、EUR），而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>pricing: unknown key &apos;%1&apos; (per_1k_tokens, per_1k_prompt_tokens, per_1k_completion_tokens, currency)</source>
        <translation>pricing：未知的键 &apos;%1&apos;（per_1k_tokens、per_1k_prompt_tokens、per_1k_completion_tokens、currency）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>pricing: give per_1k_tokens or per_1k_prompt_tokens and per_1k_completion_tokens, not both</source>
        <translation>pricing：请给出 per_1k_tokens，或 per_1k_prompt_tokens 和 per_1k_completion_tokens，不要两者都给</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>pricing: per_1k_prompt_tokens and per_1k_completion_tokens go together: give both</source>
        <translation>pricing：per_1k_prompt_tokens 和 per_1k_completion_tokens 必须一起给出：请两个都给</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pricing: expected a price: per_1k_tokens, or per_1k_prompt_tokens and per_1k_completion_tokens</source>
        <translation>pricing：需要价格：per_1k_tokens，或 per_1k_prompt_tokens 和 per_1k_completion_tokens</translation>
    </message>
</context>
<context>
    <name>capgraph::Run</name>
    <message>
        <location filename="../engine/exec/Executor.cpp" line="+304"/>
        <source>from %1</source>
        <translation>从 %1 开始</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorFlow.cpp" line="+31"/>
        <source>branch &apos;%1&apos; condition &apos;%2&apos;: %3 (column %4 of &quot;%5&quot;)</source>
        <translation>分支“%1”的条件“%2”：%3（位于“%5”的第 %4 列）</translation>
    </message>
    <message>
        <location line="+188"/>
        <source>branch &apos;%1&apos; %2</source>
        <translation>分支“%1”%2</translation>
    </message>
    <message>
        <location line="-142"/>
        <source>branch &apos;%1&apos;: no condition is true (%2) and there is no default</source>
        <translation>分支“%1”：没有任何条件成立（%2），且没有默认目标</translation>
    </message>
    <message>
        <location line="+169"/>
        <source>branch &apos;%1&apos; took &apos;%2&apos;</source>
        <translation>分支“%1”选择了“%2”</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>node &apos;%1&apos; has an unknown type</source>
        <translation>节点“%1”的类型未知</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>loop &apos;%1&apos; reached max_iterations (%2): forced convergence</source>
        <translation>循环“%1”已达到 max_iterations（%2）：强制收敛</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1, and it has no loop_end to leave through</source>
        <translation>%1，但它没有可用于退出的 loop_end</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>forced exit</source>
        <translation>强制退出</translation>
    </message>
    <message>
        <location line="+154"/>
        <source>iteration edge %1 -&gt; %2 reached max_count (%3): forced convergence</source>
        <translation>迭代边 %1 -&gt; %2 已达到 max_count（%3）：强制收敛</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>edge %1 -&gt; %2 exit_condition: %3 (column %4 of &quot;%5&quot;)</source>
        <translation>边 %1 -&gt; %2 的 exit_condition：%3（位于“%5”的第 %4 列）</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>loop &apos;%1&apos; left through its loop_end</source>
        <translation>循环“%1”经由其 loop_end 退出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; has no way forward; this branch ends here</source>
        <translation>“%1”没有可继续前进的路径；此分支到此结束</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>edge %1 -&gt; %2 condition: %3 (column %4 of &quot;%5&quot;)</source>
        <translation>边 %1 -&gt; %2 的条件：%3（位于“%5”的第 %4 列）</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorCalls.cpp" line="+357"/>
        <source>iterative node &apos;%1&apos; reached max_iterations (%2) before its handler was done: forced convergence</source>
        <translation>迭代节点“%1”在处理器完成前已达到 max_iterations（%2）：强制收敛</translation>
    </message>
    <message>
        <location line="+26"/>
        <location filename="../engine/handlers/HttpJsonCall.cpp" line="+177"/>
        <source>attempt %1 of %2 failed: %3; retrying in %4 ms</source>
        <translation>第 %1 次尝试（共 %2 次）失败：%3；%4 毫秒后重试</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>node &apos;%1&apos; failed: %2</source>
        <translation>节点“%1”运行失败：%2</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorInteractions.cpp" line="+24"/>
        <source>prompt of &apos;%1&apos;: %2; showing it unfilled</source>
        <translation>“%1”的提示：%2；改为显示未填充的原文</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>select &apos;%1&apos; options_from &quot;%2&quot;: %3</source>
        <translation>选择节点“%1”的 options_from“%2”：%3</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>select &apos;%1&apos; options_from &quot;%2&quot; gave a %3, not a list</source>
        <translation>选择节点“%1”的 options_from“%2”得到的是 %3，而不是列表</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>select &apos;%1&apos; has no options to choose from%2</source>
        <translation>选择节点“%1”没有可供选择的选项%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (options_from &quot;%1&quot; is empty)</source>
        <translation>（options_from“%1”为空）</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorFlow.cpp" line="+45"/>
        <source>%1 of %2 branches arrived</source>
        <translation>已到达 %1 个分支（共 %2 个）</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorScheduler.cpp" line="+175"/>
        <source>%1 background branch(es) still running</source>
        <translation>仍有 %1 个后台分支在运行</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>background branches cancelled at the end of the main path</source>
        <translation>主路径结束时已取消后台分支</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>the run cannot go on: %1; a parallel_join waits for branches that will never arrive</source>
        <translation>运行无法继续：%1；parallel_join 正在等待永远不会到达的分支</translation>
    </message>
    <message>
        <location filename="../engine/exec/Executor.cpp" line="-137"/>
        <source>background branch stopped: %1</source>
        <translation>后台分支已停止：%1</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorDebugger.cpp" line="+73"/>
        <source>breakpoint condition &apos;%1&apos; could not be evaluated (%2): stopped here</source>
        <translation>断点条件“%1”无法求值（%2）：已在此处停止</translation>
    </message>
    <message>
        <location filename="../engine/handlers/CommandHandler.cpp" line="+121"/>
        <source>%1 (stderr): %2</source>
        <translation>%1（标准错误）：%2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>run %1</source>
        <translation>执行 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>run %1 %2</source>
        <translation>运行 %1 %2</translation>
    </message>
    <message>
        <location filename="../engine/handlers/LlmHandler.cpp" line="+190"/>
        <source>%1 via %2: %3 messages</source>
        <translation>%1 经由 %2：%3 条消息</translation>
    </message>
    <message>
        <location filename="../engine/handlers/SubgraphHandler.cpp" line="+42"/>
        <source>%1 ▸ %2 finished</source>
        <translation>%1 ▸ %2 完成</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorRoute.cpp" line="+81"/>
        <source>branch &apos;%1&apos; (select: optimal): no way out leads to an end at depth %2</source>
        <translation>分支“%1”（select: optimal）：在深度 %2 下没有任何出路能到达结束</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>took &apos;%1&apos;: no way fits the budget left (%2), so the cheapest (depth %3): %4</source>
        <translation>选择了“%1”：没有任何路径符合剩余预算（%2），因此走成本最低的一条（深度 %3）：%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>took &apos;%1&apos; on the cheapest path to an end (depth %2, budget left %3): %4</source>
        <translation>沿通往结束的成本最低路径选择了“%1”（深度 %2，剩余预算 %3）：%4</translation>
    </message>
</context>
<context>
    <name>capgraph::RunSetup</name>
    <message>
        <location filename="../engine/launch/RunSetup.cpp" line="+311"/>
        <source>you declined to let this graph run commands or call web APIs, so nothing ran; run it again to be asked again</source>
        <translation>你拒绝让此图运行命令或调用 Web API，因此什么都没有运行；再次运行时会再询问你</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>you declined to let %1 run commands or call web APIs, so nothing ran; run it again to be asked again</source>
        <translation>你拒绝让 %1 运行命令或调用 Web API，因此什么都没有运行；再次运行时会再询问你</translation>
    </message>
    <message>
        <location filename="../engine/handlers/WorkflowHandlers.cpp" line="+37"/>
        <source>node &apos;%1&apos; runs JavaScript code in a child process (node, builtin.code)</source>
        <translation>节点「%1」在子进程中执行 JavaScript 代码（node，builtin.code）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>node &apos;%1&apos; runs Python code in a child process (python3, builtin.code)</source>
        <translation>节点「%1」在子进程中执行 Python 代码（python3，builtin.code）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>node &apos;%1&apos; sends %2 %3 (builtin.http)</source>
        <translation>节点「%1」发送 %2 %3（builtin.http）</translation>
    </message>
</context>
<context>
    <name>capgraph::Trust</name>
    <message>
        <location filename="../engine/handlers/CapabilityBinder.cpp" line="+90"/>
        <source>%1 runs the command %2 in %3</source>
        <translation>%1 将在 %3 运行命令 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 calls %2 %3 (on %4)</source>
        <translation>%1 将调用 %2 %3（主机：%4）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 sends prompts to the model %2 at %3</source>
        <translation>%1 将向位于 %3 的模型 %2 发送提示词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 sends prompts to the model %2 at %3, with the key in $%4</source>
        <translation>%1 将向位于 %3 的模型 %2 发送提示词，并使用环境变量 $%4 中的密钥</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2 handler)</source>
        <translation>%1（%2 处理器）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::CanvasContextMenu</name>
    <message>
        <location filename="../editor/window/CanvasContextMenu.cpp" line="+109"/>
        <source>Show Capability %1</source>
        <translation>显示能力 %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Align</source>
        <translation>对齐</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Add Node Here</source>
        <translation>在此添加节点</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Add Note Here</source>
        <translation>在此添加备注</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::CapabilitiesDock</name>
    <message>
        <location filename="../editor/catalog/CapabilitiesDock.cpp" line="+43"/>
        <source>composite</source>
        <translation>组合能力</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Capabilities</source>
        <translation>能力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search…</source>
        <translation>搜索…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find capabilities by name, tag or description</source>
        <translation>按名称、标签或描述查找能力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only capabilities with this tag</source>
        <translation>仅显示带有此标签的能力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New…</source>
        <translation>新建…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write a new capability definition</source>
        <translation>编写新的能力定义</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit the selected definition (or double-click it)</source>
        <translation>编辑选中的定义（或双击该定义）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the folder of the selected definition (or where new ones go)</source>
        <translation>显示选中定义所在的文件夹（或新定义的存放位置）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the definition folders again</source>
        <translation>重新读取定义文件夹</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>All tags</source>
        <translation>所有标签</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1

Drag onto the canvas for a skill node bound to it; double-click to edit.</source>
        <translation>%1

拖到画布上可创建绑定此能力的技能节点；双击可编辑。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>does not load</source>
        <translation>无法加载</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source> (+%n more)</source>
        <translation>
            <numerusform> （另有 %n 项）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No capability definitions. New… writes one into %1.</source>
        <translation>没有能力定义。“新建…”会将新定义写入 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No capability definitions in %1.</source>
        <translation>%1 中没有能力定义。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Capabilities: %1</source>
        <translation>能力：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Capabilities: %1 of %2</source>
        <translation>能力：%1（共 %2 个）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · files with errors: %1</source>
        <translation> · 有错误的文件：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Read from:
%1</source>
        <translation>读取自：
%1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>line %1: </source>
        <translation>第 %1 行：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>version %1</source>
        <translation>版本 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 handler</source>
        <translation>%1 处理器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>composite capability</source>
        <translation>组合能力</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Handler</source>
        <translation>处理器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Defined in</source>
        <translation>定义于</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Capabilities folder: %1</source>
        <translation>能力文件夹：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::CapabilityEditorDialog</name>
    <message>
        <location filename="../editor/catalog/CapabilityEditorDialog.cpp" line="+49"/>
        <source>endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>method</source>
        <translation>方法</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>headers</source>
        <translation>请求头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>program</source>
        <translation>程序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>one argument per line: --symbol, {symbol}</source>
        <translation>每行一个参数：--symbol、{symbol}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>You are …  (${name} reads an input)</source>
        <translation>你是…（用 ${name} 读取输入）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>user prompt</source>
        <translation>用户提示词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON mode</source>
        <translation>JSON 模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>graph file</source>
        <translation>能力图文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>sub-graph.yaml (beside this file)</source>
        <translation>sub-graph.yaml（与此文件在同一文件夹）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>built-in</source>
        <translation>内置</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>What it does, what it needs, what it returns: planners choose by this</source>
        <translation>做什么、需要什么输入、返回什么结果：规划器据此选择能力</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+1"/>
        <source>JSON Schema (JSON or YAML)</source>
        <translation>JSON Schema（JSON 或 YAML）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Form</source>
        <translation>表单</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The definition as it is saved. Editing the form rewrites this text in a plain layout (comments are not kept); keys the form does not show stay as they are.</source>
        <translation>定义保存时的内容。在表单中编辑会以简单的格式重写此文本（不保留注释）；表单未显示的键保持原样。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Save in</source>
        <translation>保存位置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Other…</source>
        <translation>其他…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the capability in</source>
        <translation>选择能力的保存文件夹</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>domain.verb_noun, e.g. finance.get_stock_price</source>
        <translation>domain.verb_noun，例如 finance.get_stock_price</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MAJOR.MINOR.PATCH, e.g. 1.0.0</source>
        <translation>主版本号.次版本号.修订号，例如 1.0.0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>comma-separated, e.g. finance, stock</source>
        <translation>以逗号分隔，例如 finance, stock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(none: composite, workflow_definition)</source>
        <translation>（无：组合能力，workflow_definition）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Handler</source>
        <translation>处理器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No fields of its own here: edit the handler in the YAML tab.</source>
        <translation>此处没有专属字段：请在 YAML 选项卡中编辑处理器。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>answer in JSON (parsed into the outputs)</source>
        <translation>以 JSON 回答（解析为输出）</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Input schema</source>
        <translation>输入 Schema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output schema</source>
        <translation>输出 Schema</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>New Capability</source>
        <translation>新建能力</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Edit Capability — %1</source>
        <translation>编辑能力 — %1</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>A JSON definition: edit it in the text tab (the form would write YAML into it).</source>
        <translation>这是 JSON 定义：请在文本选项卡中编辑（表单会向其中写入 YAML）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The text does not read as a definition (%1): fix it in the YAML tab.</source>
        <translation>无法将文本解析为定义（%1）：请在 YAML 选项卡中修正。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Also in this definition, kept as written (edit them in the YAML tab): %1</source>
        <translation>此定义中另有以下内容，保持原样（请在 YAML 选项卡中编辑）：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>(a handler without a type)</source>
        <translation>（没有类型的处理器）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Other handler keys, kept as written: %1</source>
        <translation>处理器的其他键，保持原样：%1</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>write one `Name: value` per line</source>
        <translation>每行写一个 `Name: value`</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>line %1, column %2 of the schema: %3</source>
        <translation>Schema 第 %1 行第 %2 列：%3</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>%1 already exists in that folder: choose another name, or close this and edit that file</source>
        <translation>该文件夹中已存在 %1：请换一个名称，或关闭此窗口并编辑该文件</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <comment>where: what is wrong</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, </source>
        <comment>between places</comment>
        <translation>，</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>No problems: Save writes %1</source>
        <translation>没有问题：“保存”将写入 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No problems.</source>
        <translation>没有问题。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To fix before saving (%1):</source>
        <translation>保存前需修正（%1）：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a folder to save in.</source>
        <translation>请选择要保存到的文件夹。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>fix the problems listed first</source>
        <translation>请先修正列出的问题</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Discard the changes to this capability?</source>
        <translation>要放弃对此能力的更改吗？</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::CompareHandler</name>
    <message>
        <location filename="../editor/window/CompareHandler.cpp" line="+51"/>
        <location line="+5"/>
        <location line="+4"/>
        <source>Compare With</source>
        <translation>比较</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Capability graphs (*.yaml *.yml);;All files (*)</source>
        <translation>能力图 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>git cannot give %1 as it was in %2: %3</source>
        <translation>git 无法取得 %1 在 %2 时的内容：%3</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Compared with %1: the same graph</source>
        <translation>已与 %1 比较：是同一张图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compared with %1: added in green, changed in amber, removed as grey outlines</source>
        <translation>已与 %1 比较：新增的为绿色，更改的为琥珀色，删除的为灰色轮廓</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Comparison closed</source>
        <translation>已关闭比较</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::CompareSourceDialog</name>
    <message>
        <location filename="../editor/window/CompareSourceDialog.cpp" line="+13"/>
        <source>Compare With</source>
        <translation>比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare %1 as it is open with one of its earlier revisions:</source>
        <translation>将当前打开的 %1 与它较早的某个修订版比较：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Another File…</source>
        <translation>其他文件…</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ComparisonDock</name>
    <message>
        <location filename="../editor/window/ComparisonDock.cpp" line="+86"/>
        <source>No comparison: File &gt; Compare With… compares the open graph with a file or an earlier git revision of it.</source>
        <translation>没有进行中的比较：“文件 &gt; 比较对象…”可将打开的图与某个文件或它较早的 git 修订版比较。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Compared with %1: the same graph (positions aside).</source>
        <translation>已与 %1 比较：是同一张图（位置除外）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compared with %1: nodes %2 added, %3 removed, %4 changed; %5 edges differ.</source>
        <translation>已与 %1 比较：节点新增 %2、删除 %3、更改 %4；%5 条边不同。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>graph: %1</source>
        <translation>图：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>+ node %1 (%2)</source>
        <translation>+ 节点 %1（%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>− node %1 (%2)</source>
        <translation>− 节点 %1（%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>~ node %1</source>
        <translation>~ 节点 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>condition %1 added</source>
        <translation>新增条件 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>condition %1 removed</source>
        <translation>删除条件 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>condition %1 renamed to %2</source>
        <translation>条件 %1 重命名为 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>condition %1</source>
        <translation>条件 %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>+ edge %1</source>
        <translation>+ 边 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>− edge %1</source>
        <translation>− 边 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>~ edge %1</source>
        <translation>~ 边 %1</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Changes</source>
        <translation>更改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What</source>
        <translation>项目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close Comparison</source>
        <translation>关闭比较</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ConditionsTable</name>
    <message>
        <location filename="../editor/properties/ConditionsTable.cpp" line="+94"/>
        <source>Add a condition</source>
        <translation>添加条件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected condition</source>
        <translation>删除选中的条件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check this condition earlier</source>
        <translation>提前检查此条件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check this condition later</source>
        <translation>推后检查此条件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Expression</source>
        <translation>表达式</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+41"/>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Row %1, %2</source>
        <translation>第 %1 行，%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no node &apos;%1&apos;</source>
        <translation>没有节点“%1”</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Row %1: no node &apos;%2&apos;</source>
        <translation>第 %1 行：没有节点“%2”</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>condition name</source>
        <translation>条件名称</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+83"/>
        <source>condition expression</source>
        <translation>条件表达式</translation>
    </message>
    <message>
        <location line="-79"/>
        <source>condition target</source>
        <translation>条件目标</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>conditions (add)</source>
        <translation>条件（添加）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>conditions (remove)</source>
        <translation>条件（删除）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>conditions (order)</source>
        <translation>条件（顺序）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>when (%1):</source>
        <translation>“%1”的成立条件：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Select a condition to edit its expression.</source>
        <translation>选择一个条件以编辑其表达式。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ConnectServerDialog</name>
    <message>
        <location filename="../editor/run/ConnectServerDialog.cpp" line="+76"/>
        <source>Connect to Server</source>
        <translation>连接到服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Server:</source>
        <translation>服务器(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Token:</source>
        <translation>令牌(&amp;T)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (a server on this machine without --token-file)</source>
        <translation>无（本机上未使用 --token-file 的服务器）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The address `capgraph serve` or `capgraph run --debug-listen` printed, such as http://127.0.0.1:8750</source>
        <translation>`capgraph serve` 或 `capgraph run --debug-listen` 打印的地址，例如 http://127.0.0.1:8750</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keep the token in the desktop keyring</source>
        <translation>将令牌保存在桌面密钥环(&amp;K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The token is kept in the keyring (the Secret Service, KWallet), never in the studio&apos;s settings</source>
        <translation>令牌保存在密钥环（Secret Service、KWallet）中，绝不写入工作室的设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Not a server&apos;s address: %1</source>
        <translation>不是服务器地址：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Connecting to %1…</source>
        <translation>正在连接到 %1…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No answer: %1</source>
        <translation>没有响应：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+11"/>
        <source>The server wants a token (its --token-file).</source>
        <translation>服务器需要令牌（它的 --token-file）。</translation>
    </message>
    <message>
        <location line="-10"/>
        <location line="+11"/>
        <source>The server refused the token.</source>
        <translation>服务器拒绝了该令牌。</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>%1 is not a CapGraph run server (it answered %2).</source>
        <translation>%1 不是 CapGraph 运行服务器（它返回了 %2）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The server&apos;s run store does not answer (%1).</source>
        <translation>服务器的运行存储没有响应（%1）。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::EdgePropertiesForm</name>
    <message>
        <location filename="../editor/properties/EdgePropertiesForm.cpp" line="+86"/>
        <source>wait for this branch at the join</source>
        <translation>在汇合处等待此分支</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>unset</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>sequence: execution cost; conditional: probability × cost (used by the optimal path)</source>
        <translation>顺序边：执行成本；条件边：概率 × 成本（用于最优路径）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stop iterating when this holds</source>
        <translation>此条件成立时停止迭代</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checked: true; unchecked: false (a background branch); partly: unset (true)</source>
        <translation>勾选：true；未勾选：false（后台分支）；部分勾选：未设置（true）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other keys, kept as written (YAML)</source>
        <translation>其他键，保持原样（YAML）</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>from</source>
        <translation>起点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to</source>
        <translation>终点</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+26"/>
        <source>type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="-25"/>
        <location line="+31"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="-30"/>
        <location line="+35"/>
        <source>condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+37"/>
        <source>max_count</source>
        <translation>max_count</translation>
    </message>
    <message>
        <location line="-36"/>
        <location line="+41"/>
        <source>exit_condition</source>
        <translation>exit_condition</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+43"/>
        <source>sync_required</source>
        <translation>sync_required</translation>
    </message>
    <message>
        <location line="-42"/>
        <location line="+57"/>
        <source>other keys</source>
        <translation>其他键</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>source</source>
        <translation>起点</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>target</source>
        <translation>终点</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>other keys: %1</source>
        <translation>其他键：%1</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1 (missing)</source>
        <translation>%1（不存在）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>edge #%1</source>
        <translation>边 #%1</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ExpressionLineEdit</name>
    <message>
        <location filename="../editor/ui/ExpressionLineEdit.cpp" line="+24"/>
        <source>expression, e.g. score &gt;= 0.8 and exists(draft)</source>
        <translation>表达式，例如 score &gt;= 0.8 and exists(draft)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>function</source>
        <translation>函数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the run&apos;s input</source>
        <translation>运行的输入</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>loop round</source>
        <translation>循环轮次</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>run information</source>
        <translation>运行信息</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>for %1</source>
        <translation>供 %1 使用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output of %1</source>
        <translation>%1 的输出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>variable, from %1</source>
        <translation>变量，来自 %1</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>the expression is empty</source>
        <translation>表达式为空</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>column %1: %2</source>
        <translation>第 %1 列：%2</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ExtractDialog</name>
    <message>
        <location filename="../editor/ui/ExtractDialog.cpp" line="+28"/>
        <source>Extract to Sub-graph</source>
        <translation>提取为子图</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>domain.verb_noun, e.g. report.write_summary</source>
        <translation>domain.verb_noun，例如 report.write_summary</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Capability</source>
        <translation>能力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node id</source>
        <translation>节点 ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 ← %2</source>
        <comment>an input of the sub-graph and what the graph passes it</comment>
        <translation>%1 ← %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Writes</source>
        <translation>写入</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The selected nodes move into a graph of their own, called through a composite capability; one node takes their place. Undo puts them back and removes the files.</source>
        <translation>选中的节点将移到一张独立的图中，通过组合能力调用；由一个节点取代它们。撤销会把它们放回并删除这些文件。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The capability&apos;s name is domain.verb_noun: lower case, a dot between domain and action.</source>
        <translation>能力名称须为 domain.verb_noun：全部小写，领域与动作之间以点号分隔。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The node&apos;s id is letters, digits, _ and -, not starting with a digit.</source>
        <translation>节点 ID 由字母、数字、_ 与 - 组成，且不能以数字开头。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::FindBar</name>
    <message>
        <location filename="../editor/view/FindBar.cpp" line="+89"/>
        <source>Find nodes and notes: words, type:skill, uses:SKILL_ID, is:invalid, is:stale, is:pinned, is:breakpoint</source>
        <translation>查找节点和备注：文字、type:skill、uses:SKILL_ID、is:invalid、is:stale、is:pinned、is:breakpoint</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matches ids, labels, types, capabilities, prompts, conditions, inputs and notes (any case).
Filters: type:KIND, uses:SKILL_ID, is:invalid, is:stale, is:pinned, is:breakpoint.
Enter or F3: next match; Shift+Enter or Shift+F3: previous; Escape: close.</source>
        <translation>匹配 id、标签、类型、能力、提示、条件、输入和备注（不区分大小写）。
筛选：type:KIND、uses:SKILL_ID、is:invalid、is:stale、is:pinned、is:breakpoint。
Enter 或 F3：下一个匹配项；Shift+Enter 或 Shift+F3：上一个；Escape：关闭。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Previous match (Shift+F3)</source>
        <translation>上一个匹配项（Shift+F3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next match (F3)</source>
        <translation>下一个匹配项（F3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close the find bar (Escape)</source>
        <translation>关闭查找栏（Escape）</translation>
    </message>
    <message>
        <location line="+129"/>
        <source>unknown filter &apos;%1:&apos;; use type:, uses:, is:</source>
        <translation>未知的筛选“%1:”；请用 type:、uses:、is:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown &apos;is:%1&apos;; use is:invalid, is:stale, is:pinned, is:breakpoint</source>
        <translation>未知的“is:%1”；请用 is:invalid、is:stale、is:pinned、is:breakpoint</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&apos;%1:&apos; needs a value, as in type:skill</source>
        <translation>“%1:”需要一个值，例如 type:skill</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>no match</source>
        <translation>无匹配项</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配项</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ForkDialog</name>
    <message>
        <location filename="../editor/run/ForkDialog.cpp" line="+22"/>
        <source>Fork at Step %1</source>
        <translation>在步骤 %1 分叉</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A new run goes on from &lt;b&gt;%1&lt;/b&gt; (step %2) with what ran before it, as recorded. Change any value first if you like; the recorded run stays as it is.</source>
        <translation>新的运行从 &lt;b&gt;%1&lt;/b&gt;（步骤 %2）继续，沿用此前已运行的内容（按记录）。可先修改任何值；原先记录的运行保持不变。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Fork and Run</source>
        <translation>分叉并运行</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::GraphDocument</name>
    <message>
        <location filename="../editor/document/GraphDocument.cpp" line="+32"/>
        <source>untitled.yaml</source>
        <translation>未命名.yaml</translation>
    </message>
    <message>
        <location filename="../editor/document/GraphDocumentLevels.cpp" line="+65"/>
        <source>%1 is the graph on screen: the capability calls itself.</source>
        <translation>%1 就是画面上的图：此能力调用了自己。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is open above: the capability calls itself.</source>
        <translation>%1 已在上层打开：此能力调用了自己。</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>%1 is not open</source>
        <translation>%1 未打开</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::GraphPropertiesForm</name>
    <message>
        <location filename="../editor/properties/GraphPropertiesForm.cpp" line="+29"/>
        <location line="+17"/>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="-16"/>
        <location line="+27"/>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="-26"/>
        <location line="+32"/>
        <source>version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location line="-31"/>
        <location line="+37"/>
        <source>description</source>
        <translation>描述</translation>
    </message>
    <message>
        <location line="-36"/>
        <location line="+42"/>
        <source>default input</source>
        <translation>默认输入</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>the graph&apos;s key, e.g. write-report</source>
        <translation>图的键，例如 write-report</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>what people call it (optional)</source>
        <translation>大家怎么称呼它（可选）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. 1.0</source>
        <translation>例如 1.0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>what the graph is for</source>
        <translation>这张图的用途</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name: value  (YAML: the run&apos;s input when none is given)</source>
        <translation>名称: 值  （YAML：未提供输入时运行所用的输入）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>inputs: what a run reads when it is given no input (Run &gt; Run Input… starts from these; capgraph run uses them for every key --input leaves out)</source>
        <translation>inputs：运行未提供输入时读取的内容（运行 &gt; 设置运行输入… 以此为起点；capgraph run 用它补上 --input 未给的每个键）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A graph needs an id.</source>
        <translation>图需要一个 ID。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>default input: %1</source>
        <translation>默认输入：%1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Edit graph %1</source>
        <translation>编辑图的%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>not saved yet</source>
        <translation>尚未保存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>graph</source>
        <translation>图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing is selected: these are the graph&apos;s own properties (%1). Select a node or an edge to edit it.</source>
        <translation>未选中任何项目：这些是图本身的属性（%1）。选中节点或边即可编辑它。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::GraphScene</name>
    <message>
        <location filename="../editor/scene/GraphSceneInput.cpp" line="+122"/>
        <location line="+7"/>
        <source>Cannot reconnect: %1</source>
        <translation>无法重新连接：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cannot connect: %1</source>
        <translation>无法连接：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot connect: a node cannot be connected to itself</source>
        <translation>无法连接：节点不能连接到自身</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Move</source>
        <translation>移动</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Move %n node(s)</source>
        <translation>
            <numerusform>移动 %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move note</source>
        <translation>移动备注</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::GraphView</name>
    <message>
        <location filename="../editor/view/GraphView.cpp" line="+49"/>
        <source>Drag a kind from the Palette onto the canvas, or press Tab here to add one.
File ▸ Examples opens finished graphs to learn from.</source>
        <translation>从节点库将节点类型拖到画布上，或在此按 Tab 添加节点。
“文件 ▸ 示例”中有现成的图，可供参考学习。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::HelpBrowser</name>
    <message>
        <location filename="../editor/window/HelpBrowser.cpp" line="+74"/>
        <source>CapGraph Studio User Guide</source>
        <translation>CapGraph Studio 使用指南</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The documentation was not found (looked in %1). It is installed with the studio&apos;s package, under /usr/share/doc/capgraph-studio.</source>
        <translation>找不到说明文档（已查看 %1）。它随本工具的软件包安装在 /usr/share/doc/capgraph-studio。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::HelpMenu</name>
    <message>
        <location filename="../editor/window/HelpMenu.cpp" line="+37"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;User Guide</source>
        <translation>使用指南(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About CapGraph Studio</source>
        <translation>关于 CapGraph Studio(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>About CapGraph Studio</source>
        <translation>关于 CapGraph Studio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;CapGraph Studio %1&lt;/h3&gt;&lt;p&gt;Design, run and debug agent capability graphs, and review the task plans agents negotiate.&lt;/p&gt;&lt;p&gt;Built with Qt %2. The command line is &lt;code&gt;capgraph&lt;/code&gt;; the guides are under Help &amp;gt; User Guide.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;CapGraph Studio %1&lt;/h3&gt;&lt;p&gt;设计、运行和调试智能体的能力图，并审阅智能体协商出的任务计划。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。命令行工具为 &lt;code&gt;capgraph&lt;/code&gt;；使用指南在“帮助 &amp;gt; 使用指南”。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::InboxDock</name>
    <message>
        <location filename="../editor/run/InboxDock.cpp" line="+100"/>
        <source>Inbox</source>
        <translation>收件箱</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Nothing waits for an answer.</source>
        <translation>没有等待回答的问题。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Inbox (%1)</source>
        <translation>收件箱（%1）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>(no prompt)</source>
        <translation>（无提示）</translation>
    </message>
    <message>
        <location line="-66"/>
        <location line="+78"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Choose %n.</source>
        <translation>
            <numerusform>请选择 %n 项。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose one or more.</source>
        <translation>请选择一项或多项。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose %1 to %2.</source>
        <translation>请选择 %1 到 %2 项。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+7"/>
        <location line="+19"/>
        <location line="+8"/>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message numerus="yes">
        <location line="-27"/>
        <source>Answer with %n</source>
        <translation>
            <numerusform>回答（已选 %n 项）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>capgraph::editor::MainWindow</name>
    <message>
        <location filename="../editor/window/MainWindow.cpp" line="+156"/>
        <location line="+309"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location line="-309"/>
        <source>Text:</source>
        <translation>文本：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Frame</source>
        <translation>分组框</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Title:</source>
        <translation>标题：</translation>
    </message>
    <message>
        <location line="+182"/>
        <source>Palette</source>
        <translation>节点库</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History</source>
        <translation>编辑历史</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;opened&gt;</source>
        <translation>&lt;已打开&gt;</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Open a negotiated plan</source>
        <translation>打开协商计划</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Plans (*.json *.sse *.txt);;All files (*)</source>
        <translation>计划 (*.json *.sse *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open a plan from a URL</source>
        <translation>从 URL 打开计划</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A URL answering with a plan (JSON) or the negotiation&apos;s text/event-stream:</source>
        <translation>返回计划（JSON）或协商过程 text/event-stream 的 URL：</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Select the nodes to group first</source>
        <translation>请先选择要编组的节点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1[*] in %2 — CapGraph Studio</source>
        <translation>%1[*]（位于 %2）— CapGraph Studio</translation>
    </message>
    <message>
        <location filename="../editor/window/MainWindowFiles.cpp" line="+142"/>
        <location line="+25"/>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+25"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="-25"/>
        <source>Could not open %1:

%2

The open graph is unchanged.</source>
        <translation>无法打开 %1：

%2

当前打开的图保持不变。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Its nodes: mapped onto ours %1, approximated %2, standing in for tools, knowledge bases or agents (answering with placeholders) %3.</source>
        <translation>它的节点：可对应到本工具的 %1 个，近似对应的 %2 个，代替工具、知识库或智能体、以占位值回答的替身 %3 个。</translation>
    </message>
    <message>
        <location line="+86"/>
        <location line="+162"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location line="-162"/>
        <location line="+162"/>
        <source>Could not save %1:

%2</source>
        <translation>无法保存 %1：

%2</translation>
    </message>
    <message>
        <location line="-158"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open Graph</source>
        <translation>打开图</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Capability graphs (*.yaml *.yml)</source>
        <translation>能力图 (*.yaml *.yml)</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>%1 is not a Dify app this studio can open:

%2

The open graph is unchanged.</source>
        <translation>%1 不是本工具能打开的 Dify 应用：

%2

当前打开的图保持不变。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 is a Dify app (%2, DSL %3).</source>
        <translation>%1 是 Dify 应用（%2，DSL %3）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>It was converted before, to %1. Open that graph, or convert the app again and replace it?</source>
        <translation>它之前已转换为 %1。要打开那张图，还是重新转换并替换它？</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <location line="+34"/>
        <source>Open Dify App</source>
        <translation>打开 Dify 应用</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>Open %1</source>
        <translation>打开 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Convert Again</source>
        <translation>重新转换</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Convert it to a capability graph? The Dify file stays as it is; the graph is written to %1, with placeholder answers for its LLM and tool calls in %2.</source>
        <translation>要将它转换为能力图吗？Dify 文件保持原样；图会写入 %1，其 LLM 与工具调用的占位回答写入 %2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Convert</source>
        <translation>转换</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 was not opened</source>
        <translation>未打开 %1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Could not write the converted graph:

%1</source>
        <translation>无法写入转换后的图：

%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Converted %1 from Dify: %2 nodes mapped, %3 approximated, %4 stand-ins</source>
        <translation>已从 Dify 转换 %1：%2 个节点对应、%3 个近似、%4 个替身</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Capability graphs and Dify apps (*.yaml *.yml)</source>
        <translation>能力图与 Dify 应用 (*.yaml *.yml)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 is already open and has unsaved changes. Reload it from disk and discard the changes?</source>
        <translation>%1 已经打开，且有未保存的更改。要从磁盘重新加载并放弃这些更改吗？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reloaded %1 from disk</source>
        <translation>已从磁盘重新加载 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is already open</source>
        <translation>%1 已经打开</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Save Graph</source>
        <translation>保存图</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Export Picture</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG (*.svg);;PNG (*.png)</source>
        <translation>SVG (*.svg);;PNG (*.png)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>an unsaved graph</source>
        <translation>未保存的图</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Recovered %1 — save to keep it</source>
        <translation>已恢复 %1，请保存以保留</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recovered %1; not %2 (its copy does not load)</source>
        <translation>已恢复 %1；%2 未恢复（其副本无法加载）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <location filename="../editor/window/MainWindow.cpp" line="+2"/>
        <source>%1[*] — CapGraph Studio</source>
        <translation>%1[*] — CapGraph Studio</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Nothing to paste: the clipboard holds no graph</source>
        <translation>没有可粘贴的内容：剪贴板中没有图</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>%1, %2: click to show the Problems dock</source>
        <translation>%1，%2：单击即可显示“问题”面板</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n warning(s) or note(s)</source>
        <translation>
            <numerusform>%n 个警告或提示</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · %2 · complexity %3 (%4)</source>
        <translation>%1 · %2 · 复杂度 %3（%4）</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n edge(s)</source>
        <translation>
            <numerusform>%n 条边</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Complexity %1 of 100: level %2 (“%3” in seed 000&apos;s table)</source>
        <translation>复杂度 %1（满分 100）：等级“%2”（seed 000 分级表中的“%3”）</translation>
    </message>
    <message>
        <location filename="../editor/window/MainWindowRun.cpp" line="+44"/>
        <source>The run is going: Stop (Shift+F5) first to start again</source>
        <translation>运行正在进行：请先停止（Shift+F5）再重新开始</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Select one node to run to</source>
        <translation>请选择一个要运行到的节点</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Select one node to rerun from</source>
        <translation>请选择一个作为重新运行起点的节点</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot rerun: %1</source>
        <translation>无法重新运行：%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Select one node for a conditional breakpoint</source>
        <translation>请选择一个节点以设置条件断点</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Breakpoint on %1</source>
        <translation>%1 的断点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop only when this holds (an expression over the context; `iteration` is the loop round; empty: always). Write `iteration &gt;= 3` to stop from the third round on:</source>
        <translation>仅在此条件成立时停止（基于上下文的表达式；`iteration` 为循环轮次；留空：始终停止）。输入 `iteration &gt;= 3` 即可从第三轮起停止：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not a valid expression: %1</source>
        <translation>不是有效的表达式：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The input is kept for the next run</source>
        <translation>输入已保留给下一次运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mocks for skills without a handler</source>
        <translation>无处理器技能的模拟文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mock files (*.yaml *.yml *.json)</source>
        <translation>模拟文件 (*.yaml *.yml *.json)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Traces are not exported: %1</source>
        <translation>未导出追踪记录：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Trace export failed: %1</source>
        <translation>追踪记录导出失败：%1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Cannot run: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No handler or mock for %1: stand-ins answer with null outputs (Run &gt; Mock File… for real-looking ones)</source>
        <translation>%1 没有处理器或模拟：改由替身返回 null 输出（如需更逼真的输出，请使用“运行 &gt; 模拟文件…”）</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>replay · event %1 of %2 · step %3</source>
        <translation>回放 · 事件 %1/%2 · 步骤 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · step %2 · %3</source>
        <translation>%1 · 步骤 %2 · %3</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source> · %n tokens</source>
        <translation>
            <numerusform> · %n 个 token</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../editor/window/MainWindowInspect.cpp" line="+71"/>
        <source>The pinned outputs beside the graph cannot be read, so none are used: %1</source>
        <translation>图旁的固定输出无法读取，因此一个也不使用：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Select one skill node to pin its output</source>
        <translation>请选中一个技能节点以固定其输出</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has no output to pin yet: run the graph first, or type one with Edit Pin… in the Node dock</source>
        <translation>%1 还没有可固定的输出：请先运行图，或在“节点”面板用“编辑固定值…”输入一个</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Select one skill node to run alone</source>
        <translation>请选择一个技能节点以单独运行</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Only a skill node runs alone</source>
        <translation>只有技能节点可以单独运行</translation>
    </message>
    <message>
        <location filename="../editor/window/MainWindowFind.cpp" line="+36"/>
        <source>%1 is not in the open graph</source>
        <translation>%1 不在打开的图中</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::NodeDock</name>
    <message>
        <location filename="../editor/run/NodeDock.cpp" line="+145"/>
        <source>#%1 of %2</source>
        <translation>第 %1/%2 次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>round %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step %1</source>
        <translation>步骤 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>skill %1</source>
        <translation>技能 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>All items (%1)</source>
        <translation>全部项目（%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Item %1</source>
        <translation>项目 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Item %1 (failed)</source>
        <translation>项目 %1（失败）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Select a node to see what it was called with and what it returned in the run on screen.</source>
        <translation>选中一个节点，即可看到它在屏幕上这次运行中收到的输入与返回的输出。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No run on screen: run the graph, or open one from Run History.</source>
        <translation>屏幕上没有运行：请运行图，或从“运行历史”打开一次运行。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This node has not run in the run on screen.</source>
        <translation>此节点在屏幕上的这次运行中尚未运行。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pinned output: its handler was not called.</source>
        <translation>固定输出：未调用其处理器。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done in %1.</source>
        <translation>完成，耗时 %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed after %1: %2</source>
        <translation>%1 后失败：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n retries.</source>
        <translation>
            <numerusform>重试 %n 次。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 tokens (prompt %2, completion %3).</source>
        <translation>%1 个 token（提示 %2，补全 %3）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>They cost %1.</source>
        <translation>费用为 %1。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>The trace cut %n long values of the input; their whole sizes are in the trace.</source>
        <translation>
            <numerusform>追踪记录截短了输入中 %n 个过长的值；其完整大小记在追踪记录中。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Item %1 failed: %2</source>
        <translation>项目 %1 失败：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its output is pinned now: the next run will not call its handler.</source>
        <translation>其输出现已固定：下次运行不会调用其处理器。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Its output is pinned: runs do not call its handler.</source>
        <translation>其输出已固定：运行时不会调用其处理器。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The item failed: no output</source>
        <translation>此项目失败：没有输出</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Pinned: not called</source>
        <translation>已固定：未调用</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No input recorded</source>
        <translation>没有记录输入</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Only a skill&apos;s input is recorded</source>
        <translation>只记录技能节点的输入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Still running</source>
        <translation>仍在运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No output</source>
        <translation>没有输出</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+1"/>
        <source>Not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output (pinned: %1)</source>
        <translation>输出（已固定：%1）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>used by the next run</source>
        <translation>下次运行将使用</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unpin Output</source>
        <translation>取消固定输出</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+73"/>
        <location line="+4"/>
        <source>Pin Output</source>
        <translation>固定输出</translation>
    </message>
    <message>
        <location line="-75"/>
        <source>Runs call this node&apos;s handler again</source>
        <translation>运行时会再次调用此节点的处理器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep this output for the next runs: they give it instead of calling the node&apos;s handler (kept beside the graph, in %1)</source>
        <translation>为之后的运行保留此输出：运行时直接给出它，而不调用节点的处理器（保存在图旁的 %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memory until the graph is saved</source>
        <translation>内存中，直到图保存为止</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>item %1</source>
        <translation>项 %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+9"/>
        <location line="+33"/>
        <source>Cannot save the pins: %1</source>
        <translation>无法保存固定值：%1</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>Unpinned %1: runs call its handler again</source>
        <translation>已取消固定 %1：运行时会再次调用其处理器</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+33"/>
        <source>Pinned the output of %1: the next runs use it instead of calling its handler</source>
        <translation>已固定 %1 的输出：之后的运行会使用它，而不调用其处理器</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Pin Output of %1</source>
        <translation>固定 %1 的输出</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The outputs the next runs use instead of calling the handler (YAML or JSON):</source>
        <translation>之后的运行用来代替调用处理器的输出（YAML 或 JSON）：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the pinned output</source>
        <translation>固定输出</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Expected a mapping of output names to values, such as
result_count: 4
results: [a, b]</source>
        <translation>应为输出名称到值的映射，例如
result_count: 4
results: [a, b]</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit Pin…</source>
        <translation>编辑固定值…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type the output the next runs use instead of calling this node&apos;s handler</source>
        <translation>输入之后的运行用来代替调用此节点处理器的输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run Alone…</source>
        <translation>单独运行…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call this node&apos;s handler once with the input shown, edited first if you like, without running the graph</source>
        <translation>用显示的输入（可先编辑）调用此节点的处理器一次，不运行整张图</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::NodeLabelEditing</name>
    <message>
        <location filename="../editor/window/NodeLabelEditing.cpp" line="+29"/>
        <source>Select one node to edit its label</source>
        <translation>请选中一个节点以编辑其标签</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>label (the id %1 stays the key)</source>
        <translation>标签（ID %1 仍是键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The label the card shows; Return to keep it, Escape to cancel. Empty: the card shows the id %1.</source>
        <translation>卡片上显示的标签；按 Enter 保留，按 Esc 取消。留空：卡片显示 ID %1。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>label</source>
        <translation>标签</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::NodePainter</name>
    <message>
        <location filename="../editor/scene/NodePainter.cpp" line="+95"/>
        <source>(no skill_id)</source>
        <translation>（无 skill_id）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>loop ≤ %1</source>
        <translation>循环 ≤ %1</translation>
    </message>
    <message>
        <location filename="../editor/run/InboxDock.cpp" line="-54"/>
        <location filename="../editor/scene/NodePainter.cpp" line="+5"/>
        <source>confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <location filename="../editor/scene/NodePainter.cpp" line="+1"/>
        <source>select ☑☑</source>
        <translation>选择 ☑☑</translation>
    </message>
    <message>
        <location filename="../editor/run/InboxDock.cpp" line="-1"/>
        <location filename="../editor/scene/NodePainter.cpp" line="+0"/>
        <source>select</source>
        <translation>选择</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../editor/scene/NodePainter.cpp" line="+1"/>
        <source>input</source>
        <translation>输入</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::NodePropertiesForm</name>
    <message>
        <location filename="../editor/properties/NodePropertiesForm.cpp" line="+268"/>
        <source>capability, e.g. builtin.noop</source>
        <translation>能力，例如 builtin.noop</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+1"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>×</source>
        <translation>×</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>names, comma-separated</source>
        <translation>名称，以逗号分隔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>context path, e.g. search.results</source>
        <translation>上下文路径，例如 search.results</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fixed options, comma-separated</source>
        <translation>固定选项，以逗号分隔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>several may be chosen</source>
        <translation>可选择多项</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(default: single)</source>
        <translation>（默认：single）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(default: fail)</source>
        <translation>（默认：fail）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>list expression, e.g. search.results</source>
        <translation>列表表达式，例如 search.results</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name: value  (YAML; strings may use ${expression})</source>
        <translation>name: value  （YAML；字符串中可使用 ${expression}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>what the person is asked</source>
        <translation>要问用户的问题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other keys, kept as written (YAML)</source>
        <translation>其他键，保持原样（YAML）</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>attempts</source>
        <translation>次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>backoff</source>
        <translation>退避</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>multiplier</source>
        <translation>倍数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max_attempts</source>
        <translation>max_attempts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>backoff: seconds before the first retry</source>
        <translation>backoff：首次重试前等待的秒数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>multiplier of the backoff after each retry</source>
        <translation>multiplier：每次重试后退避时间的倍数</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+68"/>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="-67"/>
        <location line="+71"/>
        <source>label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location line="-70"/>
        <location line="+73"/>
        <source>type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="-72"/>
        <location line="+78"/>
        <source>skill_id</source>
        <translation>skill_id</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>capability</source>
        <translation>能力</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+73"/>
        <source>execution_mode</source>
        <translation>execution_mode</translation>
    </message>
    <message>
        <location line="-72"/>
        <location line="+75"/>
        <source>max_iterations</source>
        <translation>max_iterations</translation>
    </message>
    <message>
        <location line="-74"/>
        <location line="+80"/>
        <source>for_each</source>
        <translation>for_each</translation>
    </message>
    <message>
        <location line="-79"/>
        <location line="+82"/>
        <source>concurrency</source>
        <translation>并发数</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+75"/>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <location line="-74"/>
        <location line="+83"/>
        <location line="+3"/>
        <location line="+3"/>
        <source>retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <location line="-88"/>
        <location line="+91"/>
        <source>on_error</source>
        <translation>on_error</translation>
    </message>
    <message>
        <location line="-90"/>
        <location line="+102"/>
        <source>inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <location line="-101"/>
        <location line="+92"/>
        <source>outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <location line="-91"/>
        <source>conditions (the first that holds is taken)</source>
        <translation>条件（采用第一个成立的条件）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+105"/>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location line="-103"/>
        <location line="+115"/>
        <source>select</source>
        <translation>选择方式</translation>
    </message>
    <message>
        <location line="-114"/>
        <location line="+105"/>
        <source>loop_start</source>
        <translation>loop_start</translation>
    </message>
    <message>
        <location line="-104"/>
        <location line="+107"/>
        <source>prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <location line="-106"/>
        <location line="+109"/>
        <source>options_from</source>
        <translation>options_from</translation>
    </message>
    <message>
        <location line="-108"/>
        <location line="+123"/>
        <source>options</source>
        <translation>选项</translation>
    </message>
    <message>
        <location line="-112"/>
        <location line="+2"/>
        <source>unset</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>shown on the card instead of the id (optional)</source>
        <translation>卡片上代替 ID 显示（可选）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label: what the card says (寫報告); the id stays the key that edges, conditions and expressions use. Double-click a node on the canvas to edit it there.</source>
        <translation>label：卡片上显示的文字（写报告）；ID 仍是边、条件和表达式所用的键。在画布上双击节点即可就地编辑。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>optimal: else the cheapest path&apos;s way</source>
        <translation>optimal：否则走成本最低路径的方向</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>select: optimal — when no condition holds, the run takes the way on the cheapest path to an end under its depth and budget (Run &gt; Run Input…), instead of the default</source>
        <translation>select: optimal — 没有条件成立时，运行依其深度与预算（运行 &gt; 设置运行输入…）走通往结束的成本最低路径，而不走默认</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>multiple: the answer is a list of the options chosen</source>
        <translation>multiple：回答为所选选项的列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min: at least this many (unset: 1)</source>
        <translation>min：至少选择的数量（未设置：1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max: at most this many (unset: all the options)</source>
        <translation>max：最多选择的数量（未设置：全部选项）</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+112"/>
        <source>multiple</source>
        <translation>多选</translation>
    </message>
    <message>
        <location line="-111"/>
        <location line="+114"/>
        <source>min</source>
        <translation>最少</translation>
    </message>
    <message>
        <location line="-113"/>
        <location line="+116"/>
        <source>max</source>
        <translation>最多</translation>
    </message>
    <message>
        <location line="-115"/>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+139"/>
        <source>other keys</source>
        <translation>其他键</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>inputs: %1</source>
        <translation>输入：%1</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>other keys: %1</source>
        <translation>其他键：%1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>no capability: runs on a mock or a stand-in</source>
        <translation>无对应能力：以模拟或替代实现运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>⚠ skill_id resolves to no capability</source>
        <translation>⚠ skill_id 未对应任何能力</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 handler</source>
        <translation>%1 处理器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>composite capability</source>
        <translation>组合能力</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (missing)</source>
        <translation>%1（不存在）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>skill</source>
        <translation>技能节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>control</source>
        <translation>控制节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>interaction (asks a person)</source>
        <translation>交互节点（向人提问）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown type</source>
        <translation>未知类型</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PaletteList</name>
    <message>
        <location filename="../editor/ui/PaletteList.cpp" line="+25"/>
        <source>Skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Control</source>
        <translation>控制</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>People</source>
        <translation>人机交互</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Branch</source>
        <translation>分支</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loop start</source>
        <translation>循环开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loop end</source>
        <translation>循环结束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel split</source>
        <translation>并行分叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel join</source>
        <translation>并行汇合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select</source>
        <translation>选择</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 (%2): drag onto the canvas, or select it and double-click the canvas</source>
        <translation>%1（%2）：拖到画布上，或选中后双击画布</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ParticipantChips</name>
    <message>
        <location filename="../editor/planview/ParticipantChips.cpp" line="+66"/>
        <source>(no assignee)</source>
        <translation>（无负责人）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is assigned tasks but is not among the plan&apos;s participants</source>
        <translation>%1 被分配了任务，但不在计划的参与者中</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1
Hidden by the participant filter: click to show their tasks again</source>
        <translation>%1
已被参与者筛选器隐藏：单击即可重新显示其任务</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PathPreviewBar</name>
    <message>
        <location filename="../editor/window/PathPreviewBar.cpp" line="+46"/>
        <location line="+1"/>
        <source>Optimal Path</source>
        <translation>最优路径</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimal Path (%1): highlight the cheapest start → end path for the chosen depth and time budget</source>
        <translation>最优路径（%1）：按所选深度和时间预算，高亮显示从开始到结束成本最低的路径</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>quick</source>
        <translation>快速</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>thorough</source>
        <translation>深入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Depth: quick makes loops cost more, thorough makes questions to people cost less</source>
        <translation>深度：“快速”使循环成本更高，“深入”使向人提问的成本更低</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no budget</source>
        <translation>不限预算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>budget </source>
        <translation>预算 </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The longest time the path may take (0: no limit)</source>
        <translation>路径可花费的最长时间（0：不限）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No path: %1</source>
        <translation>找不到路径：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Optimal path: %n node(s), cost %1, time %2</source>
        <translation>
            <numerusform>最优路径：%n 个节点，成本 %1，时间 %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PlanCard</name>
    <message>
        <location filename="../editor/planview/PlanCard.cpp" line="+80"/>
        <source>%1… (%2 more characters)</source>
        <translation>%1…（还有 %2 个字符）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PlanEdgeItem</name>
    <message>
        <location filename="../editor/planview/PlanEdgeItem.cpp" line="+24"/>
        <source>Via hidden tasks: %1</source>
        <translation>经由隐藏的任务：%1</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PlanInfoPanel</name>
    <message>
        <location filename="../editor/planview/PlanInfoPanel.cpp" line="+34"/>
        <location line="+80"/>
        <source>Prerequisites</source>
        <translation>前置任务</translation>
    </message>
    <message>
        <location line="-78"/>
        <location line="+79"/>
        <source>Successors</source>
        <translation>后续任务</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>(no assignee)</source>
        <translation>（无负责人）</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n task(s) in this plan</source>
        <translation>
            <numerusform>在该计划中有 %n 个任务</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not among the plan&apos;s participants</source>
        <translation>不在计划的参与者中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tasks (%1)</source>
        <translation>任务（%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No tasks drawn</source>
        <translation>未绘制任何任务</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Critical path: %n task(s), %1 dependencies long</source>
        <translation>
            <numerusform>关键路径：%n 个任务，依赖链长度 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>1 participant</source>
        <translation>1 名参与者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 participants</source>
        <translation>%1 名参与者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · 1 negotiation round</source>
        <translation> · 1 轮协商</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · %1 negotiation rounds</source>
        <translation> · %1 轮协商</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click a task to see what it depends on and what waits for it.</source>
        <translation>单击任务即可查看其前置任务和后续任务。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 · %2 · on the critical path</source>
        <translation>%1 · %2 · 位于关键路径上</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No assignee</source>
        <translation>无负责人</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>⚠ %1 (not among the participants)</source>
        <translation>⚠ %1（不在参与者中）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(no description)</source>
        <translation>（无描述）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Prerequisites (%1)</source>
        <translation>前置任务（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Successors (%1)</source>
        <translation>后续任务（%1）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PlanScene</name>
    <message>
        <location filename="../editor/planview/PlanScene.cpp" line="+105"/>
        <source>(no assignee)</source>
        <translation>（无负责人）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PlanTaskItem</name>
    <message>
        <location filename="../editor/planview/PlanTaskItem.cpp" line="+40"/>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in progress</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>pending</source>
        <translation>待处理</translation>
    </message>
    <message>
        <location line="+158"/>
        <source>(no assignee)</source>
        <translation>（无负责人）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PlanWindow</name>
    <message>
        <location filename="../editor/planview/PlanWindow.cpp" line="+183"/>
        <source>Plan — CapGraph Studio</source>
        <translation>计划 — CapGraph Studio</translation>
    </message>
    <message>
        <location line="-76"/>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Severity</source>
        <translation>严重性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+259"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="-256"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Negotiation</source>
        <translation>协商</translation>
    </message>
    <message>
        <location line="-115"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open URL…</source>
        <translation>打开 URL…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whole chain</source>
        <translation>整条依赖链</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Highlight everything upstream and downstream of the selected task, not only its neighbours</source>
        <translation>突出显示所选任务的全部上游和下游任务，而不仅是相邻任务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Critical path</source>
        <translation>关键路径</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Outline the longest chain of dependent tasks</source>
        <translation>标出最长的依赖任务链</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Swimlanes</source>
        <translation>泳道</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One band per participant</source>
        <translation>每名参与者一条泳道</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>Participants</source>
        <translation>参与者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show only the tasks of some participants</source>
        <translation>仅显示部分参与者的任务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 is shown again</source>
        <translation>已重新显示 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is hidden by the participant filter</source>
        <translation>%1 已被参与者筛选器隐藏</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: prerequisites %2, successors %3</source>
        <translation>%1：前置任务 %2 个，后续任务 %3 个</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The plan could not be loaded: %1</source>
        <translation>无法加载计划：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No plan open. Open a plan_json or plan.ready file, a URL, or an event stream.</source>
        <translation>未打开计划。请打开 plan_json 或 plan.ready 文件、URL 或事件流。</translation>
    </message>
    <message>
        <location line="+40"/>
        <location line="+3"/>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>%1 — Plan — CapGraph Studio</source>
        <translation>%1 — 计划 — CapGraph Studio</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+70"/>
        <source>(The plan has no text to show.)</source>
        <translation>（该计划没有可显示的文本。）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>This is not a plan that can be drawn — %1</source>
        <translation>无法绘制该计划：%1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Showing the text of %1</source>
        <translation>正在显示 %1 的文本</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>The plan came without plan_json (its structured tasks): showing its text.</source>
        <translation>该计划不含 plan_json（结构化任务），改为显示其文本。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The plan has no tasks: showing its text.</source>
        <translation>该计划没有任务，改为显示其文本。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The tasks form a cycle (%1), so they have no order to draw: showing the plan&apos;s text.</source>
        <translation>任务之间存在环路（%1），无法确定绘制顺序，改为显示计划文本。</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>1 problem in this plan: %1 (see Problems)</source>
        <translation>该计划有 1 个问题：%1（请查看“问题”）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 problems in this plan; the first: %2 (see Problems)</source>
        <translation>该计划有 %1 个问题，第一个：%2（请查看“问题”）</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+40"/>
        <source>%n task(s)</source>
        <translation>
            <numerusform>%n 个任务</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n participant(s)</source>
        <translation>
            <numerusform>%n 名参与者</numerusform>
        </translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Waiting for the plan (plan.ready)…</source>
        <translation>正在等待计划（plan.ready）…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The negotiation is in progress (events so far: %1). The plan appears when it is ready.</source>
        <translation>协商正在进行（目前已收到 %1 个事件）。计划就绪后将显示。</translation>
    </message>
    <message>
        <location line="-247"/>
        <location line="+281"/>
        <source>(no assignee)</source>
        <translation>（无负责人）</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Problems (%1)</source>
        <translation>问题（%1）</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Show Everyone</source>
        <translation>显示所有参与者</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>there is no drawing to export: %1</source>
        <translation>没有可导出的图形：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open a plan</source>
        <translation>打开计划</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Plans (*.json *.sse *.txt);;All files (*)</source>
        <translation>计划 (*.json *.sse *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open a plan from a URL</source>
        <translation>从 URL 打开计划</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A URL answering with a plan (JSON) or a text/event-stream of the negotiation:</source>
        <translation>返回计划（JSON）或协商事件流（text/event-stream）的 URL：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Export the plan</source>
        <translation>导出计划</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SVG (*.svg);;PNG (*.png)</source>
        <translation>SVG (*.svg);;PNG (*.png)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开的文件(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Example Pla&amp;ns</source>
        <translation>示例计划(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ProblemsDock</name>
    <message>
        <location filename="../editor/window/ProblemsDock.cpp" line="+71"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>Severity</source>
        <translation>严重性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 (%2)</source>
        <comment>a node and its line:column</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>edge %1</source>
        <translation>第 %1 条边</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>edge %1 (%2)</source>
        <translation>第 %1 条边（%2）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Problems (%1)</source>
        <translation>问题（%1）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PropertiesDock</name>
    <message>
        <location filename="../editor/properties/PropertiesDock.cpp" line="+51"/>
        <location line="+7"/>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>A frame or a note: double-click it on the canvas to edit its text.</source>
        <translation>分组框或备注：在画布上双击即可编辑其文本。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n items selected.
Select one node or edge to edit its properties.</source>
        <translation>
            <numerusform>已选中 %n 个项目。
请只选择一个节点或边以编辑其属性。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>capgraph::editor::QuickAddHandler</name>
    <message>
        <location filename="../editor/window/QuickAddHandler.cpp" line="+54"/>
        <source>Add and connect a node</source>
        <translation>添加并连接节点</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot connect: %1</source>
        <translation>无法连接：%1</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::QuickAddPopup</name>
    <message>
        <location filename="../editor/view/QuickAddPopup.cpp" line="+24"/>
        <location line="+48"/>
        <source>Add node…</source>
        <translation>添加节点…</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Capability %1: %2</source>
        <translation>能力 %1：%2</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::RunAloneDialog</name>
    <message>
        <location filename="../editor/run/RunAloneDialog.cpp" line="+29"/>
        <source>Run %1 Alone</source>
        <translation>单独运行 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Calls the handler of &lt;b&gt;%1&lt;/b&gt; (%2) once with the input below, without running the graph. The run on screen and the nodes after it do not change; pin the new output to use it in the next runs.</source>
        <translation>用下方的输入调用 &lt;b&gt;%1&lt;/b&gt;（%2）的处理器一次，不运行整张图。屏幕上的运行及其后的节点都不会改变；固定新的输出即可在之后的运行中使用它。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Edit the messages and model settings the handler sends</source>
        <translation>编辑处理器发送的消息与模型设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Off: the handler renders its messages from the input, as in a run. On: what is typed below is sent as it is.</source>
        <translation>关闭：处理器像运行时一样由输入生成消息。开启：按原样发送下方输入的内容。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Input (YAML or JSON)</source>
        <translation>输入（YAML 或 JSON）</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+71"/>
        <source>Recorded output</source>
        <translation>记录的输出</translation>
    </message>
    <message>
        <location line="-69"/>
        <source>New output</source>
        <translation>新的输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not run yet: press Run</source>
        <translation>尚未运行：请按“运行”</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+126"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="-125"/>
        <source>Call the handler once (Ctrl+Return)</source>
        <translation>调用处理器一次（Ctrl+Return）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pin New Output</source>
        <translation>固定新的输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the new output for the next runs: they give it instead of calling this node&apos;s handler</source>
        <translation>为之后的运行保留新的输出：运行时使用它，而不调用此节点的处理器</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Recorded output (%1)</source>
        <translation>记录的输出（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing recorded: the node has not run in the run on screen</source>
        <translation>没有记录：此节点在屏幕上的这次运行中尚未运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+40"/>
        <location line="+18"/>
        <source>the input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>%1: expected a mapping of names to values, such as
topic: solar panels</source>
        <translation>%1：应为名称到值的映射，例如
topic: solar panels</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>the settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot run it: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1"/>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Done in %1.</source>
        <translation>完成，耗时 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No output</source>
        <translation>没有输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed after %1: %2</source>
        <translation>%1 后失败：%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n retries.</source>
        <translation>
            <numerusform>重试 %n 次。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 tokens (prompt %2, completion %3).</source>
        <translation>%1 个 token（提示 %2，补全 %3）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot save the pins: %1</source>
        <translation>无法保存固定值：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pinned: the next runs use this output instead of calling the handler of %1.</source>
        <translation>已固定：之后的运行会使用此输出，而不调用 %1 的处理器。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pinned the output of %1: the next runs use it instead of calling its handler</source>
        <translation>已固定 %1 的输出：之后的运行会使用它，而不调用其处理器</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::RunClock</name>
    <message>
        <location filename="../editor/run/RunClock.cpp" line="+121"/>
        <source>%1 s</source>
        <comment>seconds, to the hundredth</comment>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+14"/>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>%1 h %2 min %3 s</source>
        <translation>%1 小时 %2 分 %3 秒</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::RunCompareDialog</name>
    <message>
        <location filename="../editor/run/RunCompareDialog.cpp" line="+120"/>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is larger than a trace may be (256 MiB)</source>
        <translation>%1 超过追踪记录的大小上限（256 MiB）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Compare Runs</source>
        <translation>比较运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <source>Earlier run</source>
        <translation>较早的运行</translation>
    </message>
    <message>
        <location line="-1"/>
        <location line="+2"/>
        <source>Later run</source>
        <translation>较晚的运行</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The same route, outputs, steps and tokens</source>
        <translation>路径、输出、步骤和 Token 都相同</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The same outputs</source>
        <translation>输出相同</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n node(s) with different outputs</source>
        <translation>
            <numerusform>%n 个节点的输出不同</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>both %1</source>
        <translation>两次都%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>steps %1 → %2%3</source>
        <translation>步骤 %1 → %2%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time %1 → %2</source>
        <translation>时间 %1 → %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens %1 → %2%3</source>
        <translation>Token %1 → %2%3</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>cost %1 → %2%3</source>
        <translation>费用 %1 → %2%3</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>Both runs took the same route, %n node(s) long.</source>
        <translation>
            <numerusform>两次运行走了相同的路径，共 %n 个节点。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nowhere (it ended)</source>
        <translation>无处（已结束）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The routes part after %1 (node %2 of the route): the earlier run went to %3, the later one to %4.</source>
        <translation>路径在 %1（路径上第 %2 个节点）之后分开：较早的运行走向 %3，较晚的走向 %4。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The routes part at their first node: the earlier run began at %1, the later one at %2.</source>
        <translation>路径在第一个节点就分开：较早的运行从 %1 开始，较晚的从 %2 开始。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Earlier run: %1
Later run: %2</source>
        <translation>较早的运行：%1
较晚的运行：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>(no output)</source>
        <translation>（没有输出）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Click to select %1 on the canvas</source>
        <translation>单击以在画布上选择 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+1"/>
        <source>No output in this run</source>
        <translation>这次运行没有输出</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::RunController</name>
    <message>
        <location filename="../editor/run/RunController.cpp" line="+142"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting for an answer</source>
        <translation>等待回答</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>no run to show</source>
        <translation>没有可显示的运行</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>run %1 started on the server; another graph is open now: open the run from Server Runs</source>
        <translation>运行 %1 已在服务器上开始；现在打开的是另一张图：请从“服务器运行”打开此次运行</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Open a run from Run History first: a fork goes on from a step of a recorded run.</source>
        <translation>请先从“运行历史”打开一次运行：分叉会从已记录运行的某个步骤继续。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The graph has no node %1 any more: the fork cannot go on from it.</source>
        <translation>图中已没有节点 %1：无法从它继续分叉。</translation>
    </message>
    <message>
        <location line="+256"/>
        <location line="+19"/>
        <source>the run has not started on the server yet</source>
        <translation>此次运行尚未在服务器上开始</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>a server&apos;s run is changed at its own level only</source>
        <translation>服务器上的运行只能在其自身层级修改</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no run to change</source>
        <translation>没有可修改的运行</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the child run of %1 has ended</source>
        <translation>%1 的子运行已结束</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+19"/>
        <source>pause the run first</source>
        <translation>请先暂停运行</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>no run is waiting</source>
        <translation>没有等待回答的运行</translation>
    </message>
    <message>
        <location line="+183"/>
        <source>stop the run first (a replay would end it)</source>
        <translation>请先停止运行（回放会结束当前运行）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1:%2: not a run event</source>
        <translation>%1:%2：不是运行事件</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::RunHistoryDock</name>
    <message>
        <location filename="../editor/run/RunHistoryDock.cpp" line="+72"/>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> · %1 tokens</source>
        <translation> · %1 个 token</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>Double-click a run to replay it; select two (Ctrl+click) to compare them</source>
        <translation>双击一次运行以回放；选择两次（Ctrl+单击）以比较</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+142"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Select two runs to compare them (Ctrl+click the second)</source>
        <translation>请选择两次运行以比较（Ctrl+单击第二次）</translation>
    </message>
    <message>
        <location line="-285"/>
        <source>%1 · %2 · %3 · %4 · %5</source>
        <translation>%1 · %2 · %3 · %4 · %5</translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n 个步骤</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source> · ↳ fork of the run of %1 at step %2</source>
        <translation> · ↳ 分叉自 %1 的运行，步骤 %2</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>Run History</source>
        <translation>运行历史</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+146"/>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <location line="-145"/>
        <source>Replay the selected run on the canvas (or double-click it)</source>
        <translation>在画布上回放所选运行（或双击该项）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to editing</source>
        <translation>返回编辑</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search runs: a node, an output, an answer, an error…</source>
        <translation>搜索运行：节点、输出、回答、错误…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shows the runs whose input, trace or outcome contains this text (case ignored)</source>
        <translation>只列出输入、追踪记录或结果包含这段文字的运行（不区分大小写）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare the two selected runs (or a fork with the run it forked from): where their routes part, the outputs that differ, steps, time and tokens</source>
        <translation>比较所选的两次运行（或分叉与其来源运行）：路线在何处分开、哪些输出不同、步骤、时间与 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+142"/>
        <source>Fork from Here…</source>
        <translation>从此处分叉…</translation>
    </message>
    <message>
        <location line="-141"/>
        <source>Go on from the step the scrubber is at as a new run, with values changed first if you like; this run stays as it is</source>
        <translation>以新的运行从时间轴所在的步骤继续，可先修改值；这次运行保持不变</translation>
    </message>
    <message>
        <location line="+40"/>
        <location line="+18"/>
        <source>The Run History cannot be searched: %1</source>
        <translation>无法搜索运行历史：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No run of %1 contains “%2”</source>
        <translation>%1 没有包含“%2”的运行</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n run(s) with “%1”</source>
        <translation>
            <numerusform>%n 次运行包含“%1”</numerusform>
        </translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Cannot fork: %1</source>
        <translation>无法分叉：%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Event %1 of %2: step %3, %4 %5</source>
        <translation>事件 %1/%2：第 %3 步，%5 %4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Before the run (0 of %1)</source>
        <translation>运行开始前（0/%1）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::RunInputDialog</name>
    <message>
        <location filename="../editor/ui/RunInputDialog.cpp" line="+53"/>
        <source>Run input</source>
        <translation>运行的输入</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>This graph reads no input (no input.… in its conditions or templates).</source>
        <translation>此图不读取任何输入（其条件或模板中没有 input.…）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>default: %1</source>
        <translation>默认：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>input.%1: any value (JSON or text)</source>
        <translation>input.%1：任意值（JSON 或文本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>input.%1: the graph compares it with %2</source>
        <translation>input.%1：图会将其与 %2 进行比较</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>(for %1)</source>
        <translation>（供 %1 使用）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (for %2)</source>
        <translation>%1（供 %2 使用）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Form</source>
        <translation>表单</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+82"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="-77"/>
        <source>Path choice (branches with select: optimal)</source>
        <translation>路径选择（select: optimal 的分支）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The time the path may take, in the graph&apos;s cost units (edge weights), as capgraph path --budget takes it</source>
        <translation>路径可花费的时间，以图的成本单位（边的权重）计，与 capgraph path --budget 相同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Depth:</source>
        <translation>深度：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time budget:</source>
        <translation>时间预算：</translation>
    </message>
    <message>
        <location line="+38"/>
        <location line="+3"/>
        <source>thorough</source>
        <translation>深入</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+2"/>
        <source>quick</source>
        <translation>快速</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>The graph&apos;s (%1)</source>
        <translation>图的设置（%1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the graph&apos;s: %1</source>
        <translation>图的设置：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Keep for the Next Run</source>
        <translation>保留给下一次运行</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The JSON is not valid: %1 (at character %2)</source>
        <translation>JSON 无效：%1（位于第 %2 个字符）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The input is a JSON object: {&quot;name&quot;: value, …}</source>
        <translation>输入必须是 JSON 对象：{&quot;name&quot;: value, …}</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>input.%1 is required (%2)</source>
        <translation>input.%1 为必填项（%2）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>input.%1 should be %2, not %3</source>
        <translation>input.%1 应为%2，而不是 %3</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::RunLogDock</name>
    <message>
        <location filename="../editor/run/RunLogDock.cpp" line="+92"/>
        <source>Run Log</source>
        <translation>运行日志</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Selected node only</source>
        <translation>仅所选节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run&apos;s own time: since it started, without the time it stood paused (a pause, a breakpoint, a step) or waited for an answer</source>
        <translation>运行本身的时间：自运行开始起计，不含停住的时间（暂停、断点、单步）或等待回答的时间</translation>
    </message>
    <message>
        <location line="+32"/>
        <location line="+1"/>
        <source>%1 = %2</source>
        <comment>a variable changed: its name = its value (JSON)</comment>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 since the start, %2 of it paused or waiting for an answer</source>
        <translation>自开始起 %1，其中 %2 为暂停或等待回答</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ServerHandler</name>
    <message>
        <location filename="../editor/window/ServerHandler.cpp" line="+41"/>
        <source>Running on %1</source>
        <translation>正在 %1 上运行</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The token is not kept (the keyring: %1); it is used until the studio closes</source>
        <translation>令牌未被保存（密钥环：%1）；在工作室关闭前仍会使用</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Connected to %1</source>
        <translation>已连接到 %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Disconnected from %1</source>
        <translation>已断开与 %1 的连接</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Server: %1</source>
        <translation>服务器：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+54"/>
        <source>not connected to a server</source>
        <translation>尚未连接到服务器</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cannot keep the run&apos;s graph in %1: %2</source>
        <translation>无法将此次运行的图保存到 %1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Run %1 of %2</source>
        <translation>%2 的运行 %1</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ServerRunsDock</name>
    <message>
        <location filename="../editor/run/ServerRunsDock.cpp" line="+118"/>
        <source>Server Runs</source>
        <translation>服务器运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All statuses</source>
        <translation>所有状态</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Graph (as the server names it)</source>
        <translation>图（按服务器上的名称）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tokens</source>
        <translation>Token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the run on the canvas: its graph, its state as it goes, and the debugger</source>
        <translation>在画布上显示此次运行：它的图、运行中的状态和调试器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run on Server</source>
        <translation>在服务器上运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send the open graph to the server and follow its run here, with this graph&apos;s breakpoints</source>
        <translation>将打开的图发送到服务器，并在此跟随其运行，使用此图的断点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel Run</source>
        <translation>取消运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disconnect</source>
        <translation>断开连接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · runs kept in %2</source>
        <translation>%1 · 运行保存在 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not connected: File &gt; Connect to Server…</source>
        <translation>尚未连接：文件 &gt; 连接到服务器…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The newest %1 of %2 runs</source>
        <translation>%2 次运行中最新的 %1 次</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ShortcutsDialog</name>
    <message>
        <location filename="../editor/window/ShortcutsDialog.cpp" line="+74"/>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search actions, menus or keys (F9, Ctrl+D)</source>
        <translation>搜索操作、菜单或按键（F9、Ctrl+D）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::StudioActions</name>
    <message>
        <location filename="../editor/window/StudioActions.cpp" line="+336"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export Picture…</source>
        <translation>导出图片(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Print…</source>
        <translation>打印(&amp;P)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Plan…</source>
        <translation>打开计划(&amp;P)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Plan from &amp;URL…</source>
        <translation>从 URL 打开计划(&amp;U)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect to Ser&amp;ver…</source>
        <translation>连接到服务器(&amp;V)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Follow and debug the runs of a run server (capgraph serve), or run this graph on it</source>
        <translation>跟随并调试运行服务器（capgraph serve）上的运行，或在其上运行此图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>D&amp;uplicate</source>
        <translation>创建副本(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit &amp;Label</source>
        <translation>编辑标签(&amp;L)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Edit the selected node&apos;s label on its card (the id stays the key)</source>
        <translation>在卡片上编辑所选节点的标签（ID 仍是键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Actual Size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Fit to View</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fit to view: the whole graph, or its start at a zoom where the labels read</source>
        <translation>适应窗口：显示整个图，或以标签清晰可读的缩放比例显示其开头部分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom to &amp;Selection</source>
        <translation>缩放到所选内容(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show &amp;Whole Graph</source>
        <translation>显示整个图(&amp;W)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The whole graph, however small it gets</source>
        <translation>整个图，无论缩得多小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;nap to Grid</source>
        <translation>对齐网格(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark Canvas</source>
        <translation>深色画布(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Overview</source>
        <translation>概览(&amp;O)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The whole graph, small, over the canvas&apos;s corner: click or drag in it to go there</source>
        <translation>在画布角落以缩略图显示整个图：在缩略图中单击或拖动即可跳转到该处</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset &amp;Layout</source>
        <translation>重置窗口布局(&amp;L)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Put the docks back where they start: the canvas gets most of the window</source>
        <translation>将各面板放回初始位置：画布占据窗口的大部分空间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Sub-graph</source>
        <translation>打开子图(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Open the graph the selected composite node runs, here, to edit or watch it</source>
        <translation>在此打开所选组合节点运行的图，以编辑或观察它</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Back to Parent Graph</source>
        <translation>回到上层图(&amp;B)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Back to the graph that runs this sub-graph</source>
        <translation>回到运行此子图的图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Auto-Layout</source>
        <translation>自动布局(&amp;A)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Auto-layout: arrange the whole graph in layers</source>
        <translation>自动布局：将整个图分层排列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Auto-Layout &amp;Selection</source>
        <translation>自动布局所选内容(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Group into Frame</source>
        <translation>编组到分组框(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add &amp;Note</source>
        <translation>添加备注(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Align &amp;Left</source>
        <translation>左对齐(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Align &amp;Top</source>
        <translation>顶端对齐(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Align Centres &amp;Horizontally</source>
        <translation>水平居中对齐(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Align Centres &amp;Vertically</source>
        <translation>垂直居中对齐(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xtract to Sub-graph…</source>
        <translation>提取为子图(&amp;X)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the selected nodes into a graph of their own, called through a new composite capability: one node takes their place</source>
        <translation>将选中的节点移到一张独立的图中，通过新的组合能力调用：由一个节点取代它们</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Inline Sub-graph</source>
        <translation>展开子图(&amp;I)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Put the nodes of the graph the selected composite node runs in its place</source>
        <translation>以所选组合节点运行的图中的节点取代该节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graph &amp;Properties…</source>
        <translation>图属性(&amp;P)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The graph&apos;s id, name, version, description and default run input, in the Properties dock</source>
        <translation>图的 ID、名称、版本、描述和默认运行输入，显示在“属性”面板</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Continue</source>
        <translation>继续(&amp;C)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+50"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location line="-50"/>
        <source>Continue the run</source>
        <translation>继续运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run the graph</source>
        <translation>运行此图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pause the run before its next node</source>
        <translation>在下一个节点之前暂停运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Step</source>
        <translation>单步(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step: run one node, then stop before the next</source>
        <translation>单步：运行一个节点，然后在下一个节点前停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step &amp;Into</source>
        <translation>单步进入(&amp;I)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step into: a node that runs a sub-graph stops inside it, before its first node</source>
        <translation>单步进入：运行子图的节点会停在子图内、其第一个节点之前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step O&amp;ut</source>
        <translation>单步跳出(&amp;U)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step out: the sub-graph the run is paused in runs to its end, then the run stops before the next node</source>
        <translation>单步跳出：执行暂停所在的子图会运行到结束，然后在下一个节点前停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run &amp;to Selected Node</source>
        <translation>运行到所选节点(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>St&amp;op</source>
        <translation>停止(&amp;O)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stop the run</source>
        <translation>停止运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rerun &amp;from Selected Node</source>
        <translation>从所选节点重新运行(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Toggle &amp;Breakpoint</source>
        <translation>切换断点(&amp;B)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Toggle a breakpoint on the selected nodes</source>
        <translation>在所选节点上切换断点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Breakpoint &amp;Condition…</source>
        <translation>断点条件(&amp;C)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run &amp;Input…</source>
        <translation>设置运行输入(&amp;I)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Mock File…</source>
        <translation>模拟文件(&amp;M)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send each run&apos;s trace to an OpenTelemetry collector (Jaeger, Langfuse, Phoenix)</source>
        <translation>将每次运行的追踪记录发送到 OpenTelemetry 收集器（Jaeger、Langfuse、Phoenix）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>E&amp;xport Traces…</source>
        <translation>导出追踪记录(&amp;X)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Follow the Run</source>
        <translation>跟随运行(&amp;F)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Follow the run: keep the node that runs or waits in view</source>
        <translation>跟随运行：使正在运行或等待中的节点保持在视图内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unpin &amp;Output</source>
        <translation>取消固定输出(&amp;O)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pin &amp;Output</source>
        <translation>固定输出(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs call the selected node&apos;s handler again</source>
        <translation>运行时会再次调用所选节点的处理器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the selected node&apos;s last output for the next runs: they use it instead of calling its handler</source>
        <translation>为之后的运行保留所选节点上次的输出：运行时使用它，而不调用其处理器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run Node &amp;Alone…</source>
        <translation>单独运行节点(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the selected skill node&apos;s handler once with its recorded input, edited first if you like, without running the graph</source>
        <translation>用记录的输入（可先编辑）调用所选技能节点的处理器一次，不运行整张图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare &amp;With…</source>
        <translation>比较对象(&amp;W)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Compare the open graph with another file or an earlier git revision of it: what differs, on the canvas</source>
        <translation>将打开的图与另一个文件或它较早的 git 修订版比较：不同之处显示在画布上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close Co&amp;mparison</source>
        <translation>关闭比较(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Find in Graph…</source>
        <translation>在图中查找(&amp;F)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Find nodes by id, label, type, capability, prompt, condition or note; filters such as type:skill or is:stale</source>
        <translation>按 id、标签、类型、能力、提示、条件或注释查找节点；可用 type:skill 或 is:stale 等筛选条件</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (%2)</source>
        <comment>a tooltip and its shortcut</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Undo (%1)</source>
        <translation>撤销 (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo (%1)</source>
        <translation>重做 (%1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Examples</source>
        <translation>示例(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开的文件(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Example Pla&amp;ns</source>
        <translation>示例计划(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;System (%1)</source>
        <translation>跟随系统（%1）(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Graph</source>
        <translation>图(&amp;G)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connect: auto</source>
        <translation>连接：自动</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>sequence edge</source>
        <translation>顺序边</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>conditional edge</source>
        <translation>条件边</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>iteration edge</source>
        <translation>迭代边</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>parallel edge</source>
        <translation>并行边</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (%2)</source>
        <comment>an edge kind and its type name</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The type of new connections: auto follows their ends (out of a branch: one of its conditions)</source>
        <translation>新连接的类型：“自动”取决于两端节点（从分支连出时：成为它的一个条件）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::SubgraphNavigation</name>
    <message>
        <location filename="../editor/window/SubgraphNavigation.cpp" line="+72"/>
        <source>Select one composite node to open the graph it runs</source>
        <translation>请选择一个组合节点以打开它运行的图</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 is not in the graph</source>
        <translation>%1 不在图中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is not a skill bound to a capability: it runs no sub-graph</source>
        <translation>%1 不是绑定能力的技能节点：它不运行子图</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 runs %2, which is not a composite capability: it has no graph to open</source>
        <translation>%1 运行 %2，它不是组合能力：没有可打开的图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 runs %2, which no capability folder defines</source>
        <translation>%1 运行 %2，但没有任何能力文件夹定义它</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Open Sub-graph</source>
        <translation>打开子图</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not open the graph %1 runs:

%2</source>
        <translation>无法打开 %1 运行的图：

%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Inside %1: %2 — Alt+Up or the bar above goes back</source>
        <translation>在 %1 内：%2 — 按 Alt+↑ 或点上方的栏即可返回</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Sub-graph:</source>
        <translation>子图：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 (%2)</source>
        <comment>a sub-graph in the breadcrumb: the node, its file</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1, on screen</source>
        <translation>%1，当前显示中</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Back to %1</source>
        <translation>回到 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Child run:</source>
        <translation>子运行：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Which run of this sub-graph the canvas shows: the node above ran it more than once</source>
        <translation>画布显示此子图的哪一次运行：上层节点运行了它不止一次</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>latest (%1)</source>
        <translation>最新（%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2</source>
        <translation>第 %1 次，共 %2 次</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::SubgraphPreview</name>
    <message numerus="yes">
        <location filename="../editor/view/SubgraphPreview.cpp" line="+73"/>
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&lt;b&gt;%1&lt;/b&gt; runs %2 · %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 运行 %2 · %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 does not load:&lt;br&gt;%3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2 无法加载：&lt;br&gt;%3</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::SubgraphRefactoring</name>
    <message>
        <location filename="../editor/window/SubgraphRefactoring.cpp" line="+50"/>
        <source>Extract to Sub-graph</source>
        <translation>提取为子图</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select the nodes to move into a sub-graph</source>
        <translation>请选择要移入子图的节点</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save the graph first: the sub-graph and its capability are written beside it.</source>
        <translation>请先保存此图：子图与其能力会写在它旁边。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Made from %1 of %2</source>
        <translation>由 %2 的 %1 创建</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+23"/>
        <source>These nodes cannot move into a sub-graph:

%1</source>
        <translation>这些节点无法移入子图：

%1</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is already a node of the graph: choose another id.</source>
        <translation>%1 已是图中的节点：请换一个 ID。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A capability named %1 exists already: choose another name.</source>
        <translation>名为 %1 的能力已存在：请换一个名称。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 exists already: choose another name.</source>
        <translation>%1 已存在：请换一个名称。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Could not write %1:

%2</source>
        <translation>无法写入 %1：

%2</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Extract %n node(s) to %1</source>
        <translation>
            <numerusform>将 %n 个节点提取为 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Extracted to %1 (%2)</source>
        <translation>已提取至 %1（%2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Inline Sub-graph</source>
        <translation>展开子图</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Select one composite node to put its graph in its place</source>
        <translation>请选择一个组合节点，以它的图取代它</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no composite node selected</source>
        <translation>未选择组合节点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 has unsaved changes: save it first (open it, File &gt; Save).</source>
        <translation>%1 有未保存的更改：请先保存（打开它，文件 &gt; 保存）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 does not load:

%2</source>
        <translation>%1 无法加载：

%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 cannot be inlined:

%2</source>
        <translation>%1 无法展开：

%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Inline %1</source>
        <translation>展开 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 inlined: %n node(s) from %2</source>
        <translation>
            <numerusform>已展开 %1：来自 %2 的 %n 个节点</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>capgraph::editor::TestsDock</name>
    <message>
        <location filename="../editor/run/TestsDock.cpp" line="+120"/>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Tests: %1 passed, %2 failed</source>
        <translation>测试：%1 个通过，%2 个失败</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tests: all %1 passed</source>
        <translation>测试：%1 个全部通过</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>✓ passed</source>
        <translation>✓ 通过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>✕ failed</source>
        <translation>✕ 失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>✕ cannot run</source>
        <translation>✕ 无法运行</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n steps</source>
        <translation>
            <numerusform>%n 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%1: %n cases of this graph.</source>
        <translation>
            <numerusform>%1：此图的 %n 个用例。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not run yet. Run Selected runs it.</source>
        <translation>尚未运行。“运行所选”即可运行它。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The case cannot run:</source>
        <translation>此用例无法运行：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What did not hold:</source>
        <translation>未成立的预期：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every expectation held.</source>
        <translation>所有预期都成立。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Route: %1</source>
        <translation>路径：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Status: %1 · %n steps</source>
        <translation>
            <numerusform>状态：%1 · %n 步</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This case did not run: there is nothing to open</source>
        <translation>此用例没有运行：没有可打开的内容</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot open the case&apos;s run: %1</source>
        <translation>无法打开此用例的运行：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The run of “%1”, replayed: “Back to editing” in Run History leaves it</source>
        <translation>正在回放“%1”的运行：在“运行历史”点击“返回编辑”即可离开</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Save the graph: its test suites are the *.test.yaml files beside it (docs/testing.md).</source>
        <translation>请先保存：图的测试套件是它旁边的 *.test.yaml 文件（docs/testing.md）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No test suite beside %1: write a *.test.yaml file there (docs/testing.md).</source>
        <translation>%1 旁没有测试套件：请在那里编写 *.test.yaml 文件（docs/testing.md）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unsaved changes are not tested: the cases run the file as saved.</source>
        <translation>未保存的更改不会被测试：用例运行的是已保存的文件。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n cases</source>
        <translation>
            <numerusform>%n 个用例</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Tests</source>
        <translation>测试</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Case</source>
        <translation>用例</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run All</source>
        <translation>全部运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run Selected</source>
        <translation>运行所选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Run</source>
        <translation>打开运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay the case&apos;s run on the canvas, at the node where it went wrong</source>
        <translation>在画布上回放此用例的运行，停在出错的节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the suites beside the graph again</source>
        <translation>重新读取图旁的测试套件</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::TraceExportDialog</name>
    <message>
        <location filename="../editor/run/TraceExportDialog.cpp" line="+34"/>
        <source>&amp;Send each run&apos;s trace to an OpenTelemetry collector</source>
        <translation>将每次运行的追踪记录发送到 OpenTelemetry 收集器(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Include what nodes are given and give (inputs and outputs)</source>
        <translation>包含节点收到与产出的内容（输入与输出）(&amp;I)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export Traces</source>
        <translation>导出追踪记录</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Spans go over OTLP/HTTP: one for the run, one for each node it runs, with the model and tokens of LLM calls. Jaeger, Langfuse and Phoenix show them as the run&apos;s tree. A collector that does not answer never slows a run. Keys for the collector come from the OTEL_EXPORTER_OTLP_HEADERS environment variable.</source>
        <translation>通过 OTLP/HTTP 发送 span：运行本身一个，每个运行到的节点各一个，LLM 调用附带模型与 token 数。Jaeger、Langfuse 和 Phoenix 会将它们显示为运行的树状结构。收集器没有响应也不会拖慢运行。收集器所需的密钥取自环境变量 OTEL_EXPORTER_OTLP_HEADERS。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Collector &amp;URL:</source>
        <translation>收集器网址(&amp;U)：</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The collector&apos;s URL must begin with http:// or https:// and name a host, as http://localhost:4318 does.</source>
        <translation>收集器网址须以 http:// 或 https:// 开头并指明主机，例如 http://localhost:4318。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::UiText</name>
    <message>
        <location filename="../editor/ui/UiText.cpp" line="+8"/>
        <location line="+4"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+52"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>number</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>list</source>
        <translation>列表</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>trivial</source>
        <comment>complexity level, score 0-20</comment>
        <translation>极简</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>simple</source>
        <comment>complexity level, score 21-40</comment>
        <translation>简单</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moderate</source>
        <comment>complexity level, score 41-60</comment>
        <translation>中等</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>complex</source>
        <comment>complexity level, score 61-80</comment>
        <translation>复杂</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>very complex</source>
        <comment>complexity level, score 81-100</comment>
        <translation>非常复杂</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>run started</source>
        <translation>运行开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>run finished</source>
        <translation>运行完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>run failed</source>
        <translation>运行失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>run stopped</source>
        <translation>运行已停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>main path finished</source>
        <translation>主路径完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>started</source>
        <translation>开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>edge taken</source>
        <translation>经过边</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>variable changed</source>
        <translation>变量已更改</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>log</source>
        <translation>日志</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>question asked</source>
        <translation>已提问</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>answered</source>
        <translation>已回答</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resumed</source>
        <translation>已继续</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>breakpoint</source>
        <translation>断点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens used</source>
        <translation>Token 用量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>item done</source>
        <translation>项目完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>forked</source>
        <translation>已分叉</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ValueView</name>
    <message>
        <location filename="../editor/ui/ValueView.cpp" line="+36"/>
        <source>1 item</source>
        <translation>1 个项目</translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n items</source>
        <translation>
            <numerusform>%n 个项目</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 field</source>
        <translation>1 个字段</translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n fields</source>
        <translation>
            <numerusform>%n 个字段</numerusform>
        </translation>
    </message>
    <message>
        <location line="+86"/>
        <source>(an empty list)</source>
        <translation>（空列表）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(no fields)</source>
        <translation>（没有字段）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <location line="+7"/>
        <source>%n more</source>
        <translation>
            <numerusform>还有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the value shown beside the list (a text as it is, a list or mapping as YAML)</source>
        <translation>复制列表旁显示的值（文本照原样，列表或映射为 YAML）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::VariablesDock</name>
    <message>
        <location filename="../editor/run/VariablesDock.cpp" line="+68"/>
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The value, as JSON (text that is not JSON is taken as a string):</source>
        <translation>以 JSON 表示的值（非 JSON 的文本将作为字符串）：</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Variables</source>
        <translation>变量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The context of %1&apos;s child run, paused: double-click a variable&apos;s value to change it (JSON).</source>
        <translation>%1 子运行的上下文，已暂停：双击变量的值即可修改（JSON 格式）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The context of %1&apos;s child run, as its events give it (read only: values change while this child run stands paused).</source>
        <translation>%1 子运行的上下文，依其事件所得（只读：此子运行暂停时才能修改值）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paused: double-click a variable&apos;s value to change it (JSON).</source>
        <translation>已暂停：双击变量的值即可修改（JSON 格式）。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Not changed: %1</source>
        <translation>未修改：%1</translation>
    </message>
</context>
</TS>
