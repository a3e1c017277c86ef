<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>DialogPrompts</name>
    <message>
        <location filename="../editor/ui/DialogPrompts.cpp" line="+23"/>
        <source>Unsaved changes</source>
        <translation>未儲存的變更</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 有未儲存的變更。要儲存嗎？</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recover unsaved work</source>
        <translation>還原未儲存的工作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CapGraph Studio did not close properly. Recover the changes to %1 autosaved at %2?</source>
        <translation>CapGraph Studio 上次未正常關閉。要還原 %1 於 %2 自動儲存的變更嗎？</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>Allow this graph to run commands?</source>
        <translation>允許此圖執行指令嗎？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;%1&lt;/b&gt; will run commands or call web APIs:%2Its folder is not trusted. A graph can do anything your account can do; allow it only if you know where it comes from.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 將執行指令或呼叫 Web API：%2它所在的資料夾未受信任。圖可以做您的帳戶能做的任何事；請僅在確知其來源時才允許。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Allow for This Run</source>
        <translation>僅允許本次執行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Always Trust This Folder</source>
        <translation>一律信任此資料夾</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deny</source>
        <translation>拒絕</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../editor/catalog/CapabilityText.cpp" line="+42"/>
        <source>no properties</source>
        <translation>無屬性</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>default: %1</source>
        <translation>預設：%1</translation>
    </message>
    <message>
        <location filename="../editor/commands/GraphActions.cpp" line="+33"/>
        <source>Please answer</source>
        <translation>請回答</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add %1</source>
        <translation>新增 %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>no such node</source>
        <translation>節點不存在</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a node cannot be connected to itself (loops go through loop_start/loop_end)</source>
        <translation>節點不能連接到自身（迴圈需經由 loop_start/loop_end）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is a start node: nothing leads into it</source>
        <translation>「%1」是開始節點：不能有邊連入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is an end node: nothing leaves it</source>
        <translation>「%1」是結束節點：不能有邊連出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 → %2 is already connected</source>
        <translation>%1 → %2 已經連接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an iteration edge goes from a loop_end back to its loop_start</source>
        <translation>迭代邊必須從 loop_end 連回其 loop_start</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Connect %1 → %2</source>
        <translation>連接 %1 → %2</translation>
    </message>
    <message>
        <location line="+33"/>
        <location line="+37"/>
        <source>&apos;%1&apos; is not a branch</source>
        <translation>「%1」不是分支</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>&apos;%1&apos; already leads to &apos;%2&apos; (%3): edit that condition instead</source>
        <translation>「%1」已連到「%2」（%3）：請改為編輯該條件</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Add condition %1 → %2 to %3</source>
        <translation>為 %3 新增條件 %1 → %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no such condition</source>
        <translation>條件不存在</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Retarget %1 of %2 to %3</source>
        <translation>將 %2 的 %1 改指向 %3</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+51"/>
        <source>no such edge</source>
        <translation>邊不存在</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Reconnect %1 → %2</source>
        <translation>重新連接 %1 → %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>no such node &apos;%1&apos;</source>
        <translation>節點「%1」不存在</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>a node needs an id</source>
        <translation>節點必須有 id</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an id cannot start or end with a blank</source>
        <translation>id 的開頭或結尾不能是空白</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is already the id of another node</source>
        <translation>「%1」已是另一個節點的 id</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit %1 of %2</source>
        <translation>編輯 %2 的 %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Edit %1 of %2 → %3</source>
        <translation>編輯 %2 → %3 的 %1</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Delete</source>
        <translation>刪除</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Delete %n condition(s) of %1</source>
        <translation>
            <numerusform>刪除 %1 的 %n 個條件</numerusform>
        </translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Group into frame</source>
        <translation>群組至框架</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Add note</source>
        <translation>新增註記</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Rename frame</source>
        <translation>重新命名框架</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Edit note</source>
        <translation>編輯註記</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Move note</source>
        <translation>移動註記</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Auto-layout</source>
        <translation>自動排版</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Auto-layout selection</source>
        <translation>自動排版選取項目</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Move %1</source>
        <translation>移動 %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Align</source>
        <translation>對齊</translation>
    </message>
    <message numerus="yes">
        <location line="+64"/>
        <source>Paste %n node(s)</source>
        <translation>
            <numerusform>貼上 %n 個節點</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../editor/commands/RemoveItemsCommand.cpp" line="+38"/>
        <source>Delete %n edge(s)</source>
        <translation>
            <numerusform>刪除 %n 條邊</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Delete %n item(s)</source>
        <translation>
            <numerusform>刪除 %n 個項目</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../editor/export/SceneExporter.cpp" line="+89"/>
        <source>%1: a PNG of %2 × %3 pixels is too large to make here; export SVG, or use a smaller scale</source>
        <translation>%1：%2 × %3 像素的 PNG 太大，無法在此產生；請匯出 SVG，或使用較小的比例</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: the PNG could not be encoded</source>
        <translation>%1：無法編碼 PNG</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: export writes .svg or .png</source>
        <translation>%1：只能匯出為 .svg 或 .png</translation>
    </message>
    <message>
        <location filename="../editor/planview/PlanWindow.cpp" line="+100"/>
        <source>the plan: 1 task</source>
        <translation>計畫：1 個任務</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the plan: %1 tasks</source>
        <translation>計畫：%1 個任務</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the plan (text only)</source>
        <translation>計畫（僅文字）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 (round %2)</source>
        <translation>%1（第 %2 輪）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 agents</source>
        <translation>%1 個智能體</translation>
    </message>
</context>
<context>
    <name>SchemaProperties</name>
    <message>
        <location filename="../engine/capability/SchemaProperties.cpp" line="+33"/>
        <source>array of %1</source>
        <translation>%1 陣列</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>one of several</source>
        <translation>多種類型之一</translation>
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
        <translation>這是能力圖，而非能力定義</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>expected a capability: a mapping with name, description, input_schema, output_schema and a handler</source>
        <translation>應為能力：包含 name、description、input_schema、output_schema 與 handler 的映射</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&apos;%1&apos; is required</source>
        <translation>「%1」為必填欄位</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be text</source>
        <translation>「%1」應為文字</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>name &apos;%1&apos; should be domain.verb_noun: lower case, a dot between domain and action (finance.get_stock_price)</source>
        <translation>名稱「%1」應為 domain.verb_noun 格式：全部小寫，領域與動作之間以點號分隔（例如 finance.get_stock_price）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&apos;description&apos; is empty: planners choose capabilities by it (seed 003)</source>
        <translation>「description」為空：規劃器依據它選擇能力（seed 003）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>version &apos;%1&apos; is not semantic (MAJOR.MINOR.PATCH, e.g. 1.2.0)</source>
        <translation>版本「%1」不符合語意化版本格式（MAJOR.MINOR.PATCH，例如 1.2.0）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;tags&apos; should be a list of words</source>
        <translation>「tags」應為字詞清單</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&apos;%1&apos; (a JSON Schema) is required</source>
        <translation>「%1」（JSON Schema）為必填欄位</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be a JSON Schema object</source>
        <translation>「%1」應為 JSON Schema 物件</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>&apos;%1&apos; at %2: %3</source>
        <translation>「%1」中的 %2：%3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&apos;%1&apos; is not a valid JSON Schema: %2</source>
        <translation>「%1」不是有效的 JSON Schema：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a capability is atomic (handler) or composite (workflow_definition), not both</source>
        <translation>能力只能是原子能力（handler）或組合能力（workflow_definition），不能兩者皆是</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a capability needs a &apos;handler&apos; (atomic) or a &apos;workflow_definition&apos; (composite)</source>
        <translation>能力需要「handler」（原子能力）或「workflow_definition」（組合能力）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&apos;handler&apos; should be a mapping with a type</source>
        <translation>「handler」應為含有 type 的映射</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the handler needs a &apos;type&apos; (%1)</source>
        <translation>處理器需要指定「type」（%1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>handler type &apos;%1&apos; is not one of %2</source>
        <translation>處理器類型「%1」不是 %2 其中之一</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an api handler needs an &apos;endpoint&apos; URL</source>
        <translation>api 處理器需要 URL 形式的「endpoint」</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a command handler needs a &apos;program&apos; (and &apos;arguments&apos; as a list: never a shell line)</source>
        <translation>command 處理器需要「program」（「arguments」須為清單，絕不能是一行 shell 指令）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>a mock handler: %1</source>
        <translation>mock 處理器：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&apos;workflow_definition&apos; should be a mapping with a type</source>
        <translation>「workflow_definition」應為含有 type 的映射</translation>
    </message>
    <message>
        <location filename="../engine/capability/SchemaKeywords.cpp" line="+13"/>
        <source>a boolean</source>
        <translation>布林值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a number</source>
        <translation>數值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a string</source>
        <translation>字串</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a list</source>
        <translation>清單</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a mapping</source>
        <translation>映射</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>a schema should be a mapping, not %1</source>
        <translation>Schema 應為映射，而非%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&apos;type&apos; is &apos;%1&apos;, which is no JSON Schema type (string, number, integer, boolean, object, array, null)</source>
        <translation>「type」為「%1」，不是 JSON Schema 類型（string、number、integer、boolean、object、array、null）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&apos;type&apos; lists &apos;%1&apos;, which is no JSON Schema type</source>
        <translation>「type」列出的「%1」不是 JSON Schema 類型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;type&apos; should be a type name or a list of them, not %1</source>
        <translation>「type」應為類型名稱或類型名稱清單，而非%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;required&apos; should be a list of property names, not %1</source>
        <translation>「required」應為屬性名稱清單，而非%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;required&apos; should list property names, and %1 is not one</source>
        <translation>「required」只能列出屬性名稱，但其中一項是%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be a mapping of names to schemas, not %2</source>
        <translation>「%1」應為名稱對應到 Schema 的映射，而非%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&apos;%1&apos; should be a non-empty list of schemas, not %2</source>
        <translation>「%1」應為非空的 Schema 清單，而非%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&apos;enum&apos; should be a list of the allowed values, not %1</source>
        <translation>「enum」應為允許值的清單，而非%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be a number, not %2</source>
        <translation>「%1」應為數值，而非%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be a whole number of at least 0, not %2</source>
        <translation>「%1」應為大於或等於 0 的整數，而非%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; should be text, not %2</source>
        <translation>「%1」應為文字，而非%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&apos;%1&apos; should be true or false, not %2</source>
        <translation>「%1」應為 true 或 false，而非%2</translation>
    </message>
</context>
<context>
    <name>capgraph::EdgeLabel</name>
    <message>
        <location filename="../engine/model/Graph.cpp" line="+89"/>
        <source>default</source>
        <translation>預設</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>∥ sync</source>
        <translation>∥ 同步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>∥ async</source>
        <translation>∥ 非同步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>w %1</source>
        <translation>權重 %1</translation>
    </message>
</context>
<context>
    <name>capgraph::Expression</name>
    <message>
        <location filename="../engine/expr/ExprLexer.cpp" line="+54"/>
        <source>unexpected &apos;%1&apos; after a number</source>
        <translation>數值後出現非預期的「%1」</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&apos;%1&apos; is not an ASCII digit; write numbers with 0-9</source>
        <translation>「%1」不是 ASCII 數字；請以 0-9 書寫數值</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>unterminated string; expected a closing %1</source>
        <translation>字串未閉合；缺少結尾的 %1</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>&apos;=&apos; is not an operator; use &apos;==&apos; to compare</source>
        <translation>&apos;=&apos; 不是運算子；比較請使用 &apos;==&apos;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;&amp;&apos; is not an operator; use &apos;&amp;&amp;&apos; or AND</source>
        <translation>&apos;&amp;&apos; 不是運算子；請使用 &apos;&amp;&amp;&apos; 或 AND</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;|&apos; is not an operator; use &apos;||&apos; or OR</source>
        <translation>&apos;|&apos; 不是運算子；請使用 &apos;||&apos; 或 OR</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>unexpected character &apos;%1&apos;</source>
        <translation>非預期的字元「%1」</translation>
    </message>
    <message>
        <location filename="../engine/expr/ExprParser.cpp" line="+29"/>
        <source>unexpected %1 after a complete expression; expected an operator or the end</source>
        <translation>完整的運算式之後出現非預期的 %1；預期運算子或運算式結尾</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>end of expression</source>
        <translation>運算式結尾</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>number %1</source>
        <translation>數值 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>string &apos;%1&apos;</source>
        <translation>字串「%1」</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name &apos;%1&apos;</source>
        <translation>名稱「%1」</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>expression nested too deeply (more than %1 levels)</source>
        <translation>運算式巢狀層數過深（超過 %1 層）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>expected an operand after %1</source>
        <translation>%1 之後缺少運算元</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+30"/>
        <location line="+84"/>
        <source>expression nested too deeply</source>
        <translation>運算式巢狀層數過深</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>comparisons cannot be chained; combine them with AND</source>
        <translation>比較運算不能串接；請以 AND 組合</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>expected a field name after &apos;.&apos;, found %1</source>
        <translation>&apos;.&apos; 之後預期欄位名稱，但遇到%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>expected &apos;]&apos; to close &apos;[&apos; at column %1, found %2</source>
        <translation>預期 &apos;]&apos; 以閉合第 %1 欄的 &apos;[&apos;，但遇到%2</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>expected &apos;,&apos; or &apos;%1&apos; to close &apos;%2&apos; at column %3, found %4</source>
        <translation>預期 &apos;,&apos; 或 &apos;%1&apos; 以閉合第 %3 欄的 &apos;%2&apos;，但遇到%4</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>expected &apos;)&apos; to close &apos;(&apos; at column %1, found %2</source>
        <translation>預期 &apos;)&apos; 以閉合第 %1 欄的 &apos;(&apos;，但遇到%2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>unknown function &apos;%1&apos;; known: %2</source>
        <translation>未知的函式「%1」；已知函式：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 takes %2, got %3 argument(s)</source>
        <translation>%1 的參數個數應為 %2，但收到 %3 個</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 or more</source>
        <translation>%1 個以上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 to %2</source>
        <translation>%1 到 %2 個</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 expects a name or path as its first argument</source>
        <translation>%1 的第一個參數應為名稱或路徑</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>invalid regular expression in matches(): %1</source>
        <translation>matches() 中的正規表示式無效：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>expected an operand, found the end of the expression</source>
        <translation>預期運算元，但已到達運算式結尾</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expected an operand, found %1</source>
        <translation>預期運算元，但遇到%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the expression is empty</source>
        <translation>運算式為空</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cannot parse the expression</source>
        <translation>無法解析運算式</translation>
    </message>
    <message>
        <location filename="../engine/expr/ExprTemplate.cpp" line="+38"/>
        <source>&apos;${&apos; is not closed; expected &apos;}&apos;</source>
        <translation>&apos;${&apos; 未閉合；缺少 &apos;}&apos;</translation>
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
        <translation>清單</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a mapping</source>
        <translation>映射</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing</source>
        <translation>無值</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>the file is larger than %1 MiB, the limit for graph files</source>
        <translation>檔案大於 %1 MiB，超過能力圖檔案的上限</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>binary data (a NUL byte); expected YAML text</source>
        <translation>二進位資料（含 NUL 位元組）；應為 YAML 文字</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>invalid UTF-8 byte sequence; expected UTF-8 text</source>
        <translation>無效的 UTF-8 位元組序列；應為 UTF-8 文字</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>tab character in indentation; YAML expects spaces</source>
        <translation>縮排中有 Tab 字元；YAML 的縮排須使用空格</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the file is empty; expected a mapping with a &apos;graph&apos; key</source>
        <translation>檔案是空的；應為含有「graph」鍵的映射</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>YAML syntax error: this string is never closed; expected a closing %1</source>
        <translation>YAML 語法錯誤：此字串未閉合；缺少結尾的 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+89"/>
        <source>the document expands to more than %1 values (alias bomb?)</source>
        <translation>文件展開後超過 %1 個值（別名炸彈？）</translation>
    </message>
    <message>
        <location line="-78"/>
        <source>merge keys (&lt;&lt;) are not supported; write the keys out</source>
        <translation>不支援合併鍵（&lt;&lt;）；請逐一寫出各個鍵</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>duplicate key &apos;%1&apos; (first given on line %2); expected each key once</source>
        <translation>鍵「%1」重複（首次出現於第 %2 行）；每個鍵只能出現一次</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>a mapping key must be a plain name, found %1</source>
        <translation>映射的鍵必須是單純的名稱，但找到 %1</translation>
    </message>
    <message>
        <location filename="../engine/yaml/GraphYamlSections.cpp" line="+21"/>
        <source>%1: expected a string, found %2</source>
        <translation>%1：應為字串，但找到 %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: %2 is out of range for an integer</source>
        <translation>%1：%2 超出整數範圍</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: expected an integer, found the string %2 (remove the quotes)</source>
        <translation>%1：應為整數，但找到字串 %2（請移除引號）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: expected an integer, found %2</source>
        <translation>%1：應為整數，但找到 %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: expected a finite number, found %2</source>
        <translation>%1：應為有限數值，但找到 %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: expected a number, found the string %2 (remove the quotes)</source>
        <translation>%1：應為數值，但找到字串 %2（請移除引號）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: expected a number, found %2</source>
        <translation>%1：應為數值，但找到 %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: expected true or false, found %2</source>
        <translation>%1：應為 true 或 false，但找到 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: expected a list of strings, found %2</source>
        <translation>%1：應為字串清單，但找到 %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: expected a string list entry, found %2</source>
        <translation>%1：清單項目應為字串，但找到 %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: expected {x: number, y: number}, found %2</source>
        <translation>%1：應為 {x: number, y: number}，但找到 %2</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1: expected a mapping {name, expression, target}, found %2</source>
        <translation>%1：應為映射 {name, expression, target}，但找到 %2</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1: expected a node mapping (id, type, ...), found %2</source>
        <translation>%1：應為節點映射（含 id、type 等鍵），但找到 %2</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1: expected a mapping of input names to values, found %2</source>
        <translation>%1：應為從輸入名稱對應到值的映射，但找到 %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: expected {max_attempts, backoff, multiplier}, found %2</source>
        <translation>%1：應為 {max_attempts, backoff, multiplier}，但找到 %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: expected max_attempts, backoff or multiplier</source>
        <translation>%1：未知的鍵；應為 max_attempts、backoff 或 multiplier</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: expected a list of conditions, found %2</source>
        <translation>%1：應為條件清單，但找到 %2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1: expected &apos;optimal&apos; (take the way on the cheapest path to an end), found &apos;%2&apos;</source>
        <translation>%1：應為「optimal」（走通往結束的成本最低路徑），卻是「%2」</translation>
    </message>
    <message>
        <location line="+29"/>
        <location line="+95"/>
        <location line="+53"/>
        <source>%1: expected an &apos;id&apos;</source>
        <translation>%1：缺少「id」</translation>
    </message>
    <message>
        <location line="-143"/>
        <source>%1 (%2): expected a &apos;type&apos; (skill, control.start, interaction.select, ...)</source>
        <translation>%1（%2）：缺少「type」（skill、control.start、interaction.select 等）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no id</source>
        <translation>無 id</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: expected an edge mapping (from, to, type), found %2</source>
        <translation>%1：應為邊的映射（含 from、to、type 等鍵），但找到 %2</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1: expected &apos;from&apos; (a node id)</source>
        <translation>%1：缺少「from」（節點 id）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: expected &apos;to&apos; (a node id)</source>
        <translation>%1：缺少「to」（節點 id）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: expected a mapping with id, title and nodes, found %2</source>
        <translation>%1：應為含有 id、title 與 nodes 的映射，但找到 %2</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1: expected a mapping with id, text and position, found %2</source>
        <translation>%1：應為含有 id、text 與 position 的映射，但找到 %2</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: expected {width: number, height: number}, found %2</source>
        <translation>%1：應為 {width: number, height: number}，但找到 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: width and height must be positive</source>
        <translation>%1：width 與 height 必須為正數</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1: expected a mapping such as {preferred_depth: quick, available_time: 30}, found %2</source>
        <translation>%1：應為映射，例如 {preferred_depth: quick, available_time: 30}，卻是 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: expected quick or thorough, found &apos;%2&apos;</source>
        <translation>%1：應為 quick 或 thorough，卻是「%2」</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: expected a time budget of 0 or more (in the graph&apos;s cost units), found %2</source>
        <translation>%1：時間預算應為 0 或以上（以圖的成本單位計），卻是 %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: unknown key &apos;%2&apos; (preferred_depth, available_time)</source>
        <translation>%1：未知的鍵「%2」（preferred_depth、available_time）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>graph: expected a mapping with id, nodes and edges, found %1</source>
        <translation>graph：應為含有 id、nodes 與 edges 的映射，但找到 %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1: expected a mapping of input names to values (the run&apos;s input when none is given), found %2</source>
        <translation>%1：應為輸入名稱對應到值的映射（未提供輸入時執行所用的輸入），卻是 %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: expected a list of nodes, found %2</source>
        <translation>%1：應為節點清單，但找到 %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: expected a list of edges, found %2</source>
        <translation>%1：應為邊的清單，但找到 %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: expected a list, found %2</source>
        <translation>%1：應為清單，但找到 %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: expected a mapping, found %2</source>
        <translation>%1：應為映射，但找到 %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>graph: expected an &apos;id&apos;</source>
        <translation>graph：缺少「id」</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>graph: expected a &apos;nodes&apos; list</source>
        <translation>graph：缺少「nodes」清單</translation>
    </message>
    <message>
        <location filename="../engine/yaml/GraphYamlReader.cpp" line="+55"/>
        <source>a second YAML document starts here; a graph file holds exactly one</source>
        <translation>此處開始了第二份 YAML 文件；能力圖檔案只能包含一份</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a value contains itself (an alias *name inside its own anchor &amp;name)</source>
        <translation>值包含自身（別名 *name 位於自己的錨點 &amp;name 之內）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>YAML syntax error: %1</source>
        <translation>YAML 語法錯誤：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot parse YAML: %1</source>
        <translation>無法解析 YAML：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>expected a mapping with a &apos;graph&apos; key at the top level, found %1</source>
        <translation>最上層應為含有「graph」鍵的映射，但找到 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>expected a top-level &apos;graph&apos; key</source>
        <translation>最上層缺少「graph」鍵</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot read the document: %1</source>
        <translation>無法讀取文件：%1</translation>
    </message>
</context>
<context>
    <name>capgraph::Lint</name>
    <message>
        <location filename="../engine/validation/CapabilityLint.cpp" line="+36"/>
        <source>&apos;%1&apos; stands in for %2: it answers with its placeholder outputs until a capability &apos;%3&apos; exists (or a mock says otherwise)</source>
        <translation>「%1」是 %2 的替身：在能力「%3」存在（或模擬另有指定）之前，它以預留的輸出回答</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>skill_id &apos;%1&apos; of &apos;%2&apos; resolves to no capability (%3); it runs only with a mock</source>
        <translation>「%2」的 skill_id「%1」未對應到任何能力（%3）；只能以模擬執行</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&apos;%1&apos; does not give &apos;%2&apos;, which %3 requires (its input_schema); add it under inputs</source>
        <translation>「%1」沒有提供 %3 所要求的「%2」（見其 input_schema）；請在 inputs 下加入</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 reads %2.%3, but %4&apos;s output_schema declares only %5</source>
        <translation>%1 讀取了 %2.%3，但 %4 的 output_schema 只宣告了 %5</translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../engine/validation/GraphValidator.cpp" line="+595"/>
        <source>branch &apos;%1&apos; condition &apos;%2&apos;</source>
        <translation>分支「%1」的條件「%2」</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the condition of %1 -&gt; %2</source>
        <translation>%1 -&gt; %2 的條件</translation>
    </message>
    <message>
        <location filename="../engine/validation/GraphValidator.cpp" line="-536"/>
        <source>edge %1 -&gt; %2</source>
        <translation>邊 %1 -&gt; %2</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>node has no id</source>
        <translation>節點沒有 id</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>duplicate node id &apos;%1&apos; (first defined on line %2)</source>
        <translation>節點 id「%1」重複（首次定義於第 %2 行）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>duplicate node id &apos;%1&apos;</source>
        <translation>節點 id「%1」重複</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>node &apos;%1&apos; has unknown type &apos;%2&apos;; expected one of: %3</source>
        <translation>節點「%1」的類型「%2」未知；預期為下列之一：%3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>skill node &apos;%1&apos; has no skill_id</source>
        <translation>技能節點「%1」沒有 skill_id</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>node &apos;%1&apos;: execution_mode &apos;%2&apos; is not one of single, iterative, parallel</source>
        <translation>節點「%1」：execution_mode「%2」不是 single、iterative、parallel 其中之一</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>iterative skill &apos;%1&apos; has no max_iterations; the executor&apos;s step limit is its only bound</source>
        <translation>迭代技能「%1」沒有 max_iterations；執行器的步數上限是它唯一的限制</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>node &apos;%1&apos;: max_iterations must be at least 1, got %2</source>
        <translation>節點「%1」：max_iterations 至少須為 1，實際為 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos;: timeout must be a positive number of seconds</source>
        <translation>節點「%1」：timeout 必須為正數（秒）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos;: concurrency must be at least 1</source>
        <translation>節點「%1」：concurrency 至少須為 1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos;: retry needs max_attempts &gt;= 1, backoff &gt;= 0 and multiplier &gt;= 1</source>
        <translation>節點「%1」：retry 需要 max_attempts &gt;= 1、backoff &gt;= 0 且 multiplier &gt;= 1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos;: on_error must be &apos;fail&apos; or &apos;continue&apos;, not &apos;%2&apos;</source>
        <translation>節點「%1」：on_error 必須是「fail」或「continue」，而不是「%2」</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos;: execution_mode parallel maps over a list; give it for_each</source>
        <translation>節點「%1」：execution_mode 為 parallel 時會對清單中的每一項執行；請為它設定 for_each</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>node &apos;%1&apos;: for_each is only used with execution_mode: parallel</source>
        <translation>節點「%1」：for_each 僅在 execution_mode: parallel 時使用</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>branch &apos;%1&apos; has no conditions and fewer than two outgoing edges</source>
        <translation>分支「%1」沒有條件，且連出的邊少於兩條</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>select &apos;%1&apos; has neither options_from nor options</source>
        <translation>選擇節點「%1」既沒有 options_from 也沒有 options</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&apos;%1&apos;: min and max count the choices of an interaction.select with multiple: true; here they do nothing</source>
        <translation>「%1」：min 與 max 限制的是 multiple: true 的 interaction.select 可選的項目數；在此處沒有作用</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&apos;%1&apos;: multiple applies to interaction.select only</source>
        <translation>「%1」：multiple 僅適用於 interaction.select</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>select &apos;%1&apos;: min must not be negative</source>
        <translation>選擇節點「%1」：min 不得為負數</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>select &apos;%1&apos;: max must be at least 1</source>
        <translation>選擇節點「%1」：max 至少須為 1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>select &apos;%1&apos;: min (%2) is more than max (%3)</source>
        <translation>選擇節點「%1」：min（%2）大於 max（%3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>select &apos;%1&apos;: min (%2) is more than its %3 options</source>
        <translation>選擇節點「%1」：min（%2）超過其 %3 個選項</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>interaction &apos;%1&apos; has no prompt; users will see only its id</source>
        <translation>互動節點「%1」沒有提示；使用者只會看到它的 id</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 has unknown type &apos;%2&apos;; expected one of: %3</source>
        <translation>%1 的類型「%2」未知；預期為下列之一：%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: weight must not be negative</source>
        <translation>%1：weight 不得為負數</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: max_count must be at least 1</source>
        <translation>%1：max_count 至少須為 1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 carries its own condition &quot;%2&quot; and the branch&apos;s condition &apos;%3&apos; also leads to &apos;%4&apos;: the executor uses &apos;%3&apos; (a branch&apos;s conditions are tried first) and this edge&apos;s condition only when none of them holds; keep one of the two</source>
        <translation>%1 帶有自己的條件「%2」，而分支的條件「%3」也通往「%4」：執行器會採用「%3」（分支的條件會先被檢查），只有在分支的條件都不成立時才使用此邊的條件；請只保留其中之一</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 carries its own condition &quot;%2&quot; beside the branch&apos;s conditions: the executor tries the branch&apos;s conditions first and this edge&apos;s condition only when none of them holds; make it one of the branch&apos;s conditions</source>
        <translation>%1 在分支的條件之外還帶有自己的條件「%2」：執行器會先檢查分支的條件，只有在分支的條件都不成立時才使用此邊的條件；請將它改為分支的條件之一</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 carries its own condition &quot;%2&quot;: the branch has no conditions, so the executor uses the edge&apos;s; a branch decides by its conditions list, make it one of them</source>
        <translation>%1 帶有自己的條件「%2」：該分支沒有條件，因此執行器會採用邊上的條件；分支應依其 conditions 清單決定走向，請將它改為其中一個條件</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 is conditional but has no condition; it is always taken</source>
        <translation>%1 是條件邊，但沒有條件；它一律會被採用</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+3"/>
        <source>%1: no node has id &apos;%2&apos;</source>
        <translation>%1：沒有 id 為「%2」的節點</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>branch &apos;%1&apos;: condition &apos;%2&apos; has no target</source>
        <translation>分支「%1」：條件「%2」沒有目標</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>branch &apos;%1&apos;: condition &apos;%2&apos; targets &apos;%3&apos;, which is not a node</source>
        <translation>分支「%1」：條件「%2」的目標「%3」不是節點</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>branch &apos;%1&apos;: default target &apos;%2&apos; is not a node</source>
        <translation>分支「%1」：預設目標「%2」不是節點</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the graph has no control.start node</source>
        <translation>圖中沒有 control.start 節點</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; is a second start node (the first is &apos;%2&apos;); a graph has exactly one</source>
        <translation>「%1」是第二個開始節點（第一個是「%2」）；一張圖只能有一個</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the graph has no control.end node</source>
        <translation>圖中沒有 control.end 節點</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>start node &apos;%1&apos; has incoming edges</source>
        <translation>開始節點「%1」有連入的邊</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>end node &apos;%1&apos; has outgoing edges</source>
        <translation>結束節點「%1」有連出的邊</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>node &apos;%1&apos; cannot be reached from the start</source>
        <translation>從開始節點無法到達節點「%1」</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>node &apos;%1&apos; cannot reach an end node; a run would stop there</source>
        <translation>節點「%1」無法到達任何結束節點；執行會停在那裡</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>loop_end &apos;%1&apos; does not name its loop_start</source>
        <translation>loop_end「%1」沒有指定其 loop_start</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>loop_end &apos;%1&apos;: loop_start &apos;%2&apos; is not a node</source>
        <translation>loop_end「%1」：loop_start「%2」不是節點</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>loop_end &apos;%1&apos;: &apos;%2&apos; is a %3, not a control.loop_start</source>
        <translation>loop_end「%1」：「%2」是 %3，而不是 control.loop_start</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>loop_start &apos;%1&apos; has no loop_end naming it</source>
        <translation>沒有任何 loop_end 指向 loop_start「%1」</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>cycle through %1 has no bound: add a control.loop_start with max_iterations or an iteration edge with max_count</source>
        <translation>經過 %1 的環路沒有上限：請加入設有 max_iterations 的 control.loop_start，或設有 max_count 的迭代邊</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>parallel_split &apos;%1&apos; has fewer than two branches</source>
        <translation>parallel_split「%1」的分支少於兩個</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>parallel_split &apos;%1&apos; has no parallel_join that all of its branches reach</source>
        <translation>parallel_split「%1」沒有所有分支都會到達的 parallel_join</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>parallel_join &apos;%1&apos; has no parallel_split upstream</source>
        <translation>parallel_join「%1」的上游沒有 parallel_split</translation>
    </message>
    <message>
        <location line="+58"/>
        <location line="+53"/>
        <source>%1: %2 (at column %3 of &quot;%4&quot;)</source>
        <translation>%1：%2（位於「%4」的第 %3 欄）</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>%1: node &apos;%2&apos; does not declare an output &apos;%3&apos; (it declares: %4)</source>
        <translation>%1：節點「%2」沒有宣告輸出「%3」（它宣告的輸出：%4）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: &apos;%2&apos; is not an output of any node upstream, nor a built-in (%3)</source>
        <translation>%1：「%2」既不是任何上游節點的輸出，也不是內建名稱（%3）</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1: the expression is empty</source>
        <translation>%1：運算式為空</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>select &apos;%1&apos; options_from</source>
        <translation>選擇節點「%1」的 options_from</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; prompt</source>
        <translation>「%1」的提示</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>node &apos;%1&apos; for_each</source>
        <translation>節點「%1」的 for_each</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>node &apos;%1&apos; input &apos;%2&apos;</source>
        <translation>節點「%1」的輸入「%2」</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 condition</source>
        <translation>%1 的條件</translation>
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
        <translation>圖中有無效的權重或品質值</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the graph has no control.start node</source>
        <translation>圖中沒有 control.start 節點</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the graph has %1 control.start nodes (%2); a path needs exactly one</source>
        <translation>圖中有 %1 個 control.start 節點（%2）；路徑需要恰好一個</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the graph has no control.end node</source>
        <translation>圖中沒有 control.end 節點</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the search gave up after %1 labels; the graph has too many equally good alternatives under this budget</source>
        <translation>搜尋在建立 %1 個搜尋標籤後放棄；在此預算下，圖中同樣好的替代路徑太多</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>every start -&gt; end path takes longer than the budget of %1: the fastest takes %2; the cheapest costs %3 and takes %4</source>
        <translation>每條從開始到結束的路徑所需時間都超過預算 %1：最快的一條需要 %2；成本最低的一條成本為 %3，需要 %4</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>every start -&gt; end path passes a node whose quality is below %1 (depth %2); the cheapest passes %3</source>
        <translation>每條從開始到結束的路徑都會經過品質低於 %1 的節點（深度 %2）；成本最低的一條經過 %3</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no control.end can be reached from &apos;%1&apos; (iteration and background edges are never steps of a path)</source>
        <translation>從「%1」無法到達任何 control.end（迭代邊與背景邊不會作為路徑的步驟）</translation>
    </message>
</context>
<context>
    <name>capgraph::PlanFile</name>
    <message>
        <location filename="../engine/plan/PlanReader.cpp" line="+24"/>
        <source>a boolean</source>
        <translation>布林值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a number</source>
        <translation>數值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a string</source>
        <translation>字串</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+359"/>
        <source>an array</source>
        <translation>陣列</translation>
    </message>
    <message>
        <location line="-358"/>
        <source>an object</source>
        <translation>物件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing</source>
        <translation>無值</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>&apos;%1&apos; should be a string, not %2</source>
        <translation>「%1」應為字串，而非%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>participant %1 should be an object, not %2</source>
        <translation>第 %1 位參與者應為物件，而非%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>participant %1 has no agent_id</source>
        <translation>第 %1 位參與者沒有 agent_id</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>participant &apos;%1&apos; has no display_name</source>
        <translation>參與者「%1」沒有 display_name</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>participant &apos;%1&apos; has no role_in_plan</source>
        <translation>參與者「%1」沒有 role_in_plan</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&apos;participants&apos; should be an array, not %1</source>
        <translation>「participants」應為陣列，而非%1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>task %1 should be an object, not %2</source>
        <translation>第 %1 個任務應為物件，而非%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>task %1 has no id</source>
        <translation>第 %1 個任務沒有 id</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>task &apos;%1&apos; has no title</source>
        <translation>任務「%1」沒有 title</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>task &apos;%1&apos; has no assignee_id</source>
        <translation>任務「%1」沒有 assignee_id</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>task &apos;%1&apos;: a prerequisite should be a task id, not %2</source>
        <translation>任務「%1」：前置任務應為任務 id，而非%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>task &apos;%1&apos;: &apos;prerequisites&apos; should be an array, not %2</source>
        <translation>任務「%1」：「prerequisites」應為陣列，而非%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>task &apos;%1&apos;: status &apos;%2&apos; is not pending, in_progress or done; shown as pending</source>
        <translation>任務「%1」：狀態「%2」不是 pending、in_progress 或 done；以 pending 顯示</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&apos;tasks&apos; should be an array, not %1</source>
        <translation>「tasks」應為陣列，而非%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>topology edge %1 needs &apos;from&apos; and &apos;to&apos; task ids</source>
        <translation>第 %1 條拓撲邊需要「from」與「to」任務 id</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&apos;topology.edges&apos; should be an array, not %1</source>
        <translation>「topology.edges」應為陣列，而非%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;topology&apos; should be an object, not %1</source>
        <translation>「topology」應為物件，而非%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the plan.ready has no plan_text (the plan as text)</source>
        <translation>plan.ready 沒有 plan_text（計畫的文字版）</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>plan_json is a string whose JSON is malformed: %1</source>
        <translation>plan_json 是字串，但其中的 JSON 格式錯誤：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>plan_json is a string that holds no JSON object</source>
        <translation>plan_json 是字串，但其中沒有 JSON 物件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;plan_json&apos; should be an object, not %1</source>
        <translation>「plan_json」應為物件，而非%1</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>the file is empty; expected a plan as JSON</source>
        <translation>檔案是空的；應為 JSON 格式的計畫</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>malformed JSON: %1</source>
        <translation>JSON 格式錯誤：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>expected a JSON object (a plan_json or a plan.ready event), not %1</source>
        <translation>應為 JSON 物件（plan_json 或 plan.ready 事件），而非%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a scalar</source>
        <translation>純量</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>this is a &apos;%1&apos; event, not plan.ready</source>
        <translation>這是「%1」事件，而非 plan.ready</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>expected a plan_json (tasks, participants, topology) or a plan.ready event (plan_text, plan_json)</source>
        <translation>應為 plan_json（tasks、participants、topology）或 plan.ready 事件（plan_text、plan_json）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>the file is larger than %1 MiB, the limit for a plan</source>
        <translation>檔案大於 %1 MiB，超過計畫的上限</translation>
    </message>
</context>
<context>
    <name>capgraph::PlanLint</name>
    <message>
        <location filename="../engine/plan/PlanValidator.cpp" line="+28"/>
        <source>the plan has no tasks</source>
        <translation>計畫中沒有任務</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>participant &apos;%1&apos; is listed twice; the first is used</source>
        <translation>參與者「%1」重複列出；將使用第一個</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>participant &apos;%1&apos;: avatar_color &apos;%2&apos; is not a colour (#RRGGBB); a colour from the id is used</source>
        <translation>參與者「%1」：avatar_color「%2」不是有效的顏色（#RRGGBB）；改用依 id 產生的顏色</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>task id &apos;%1&apos; is used twice (here at %2, first at %3); the second task gets no dependencies</source>
        <translation>任務 id「%1」重複使用（此處位於 %2，首次出現於 %3）；第二個任務不會有任何相依關係</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>task id &apos;%1&apos; is used twice (tasks %2 and %3); the second task gets no dependencies</source>
        <translation>任務 id「%1」重複使用（第 %2 個與第 %3 個任務）；第二個任務不會有任何相依關係</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>task &apos;%1&apos; is assigned to &apos;%2&apos;, who is not among the participants</source>
        <translation>任務「%1」的負責人「%2」不在參與者之中</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>task &apos;%1&apos; lists itself as a prerequisite</source>
        <translation>任務「%1」將自己列為前置任務</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>task &apos;%1&apos; has prerequisite &apos;%2&apos;, which is no task of the plan</source>
        <translation>任務「%1」的前置任務「%2」不是此計畫中的任務</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>topology.edges has %1 → %1: a task that waits for itself</source>
        <translation>topology.edges 中有 %1 → %1：任務在等待它自己</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>topology edge %1 → %2 names a task that does not exist</source>
        <translation>拓撲邊 %1 → %2 引用了不存在的任務</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>topology.edges has %1 → %2, but task &apos;%2&apos; does not list &apos;%1&apos; among its prerequisites; drawn as a dependency</source>
        <translation>topology.edges 中有 %1 → %2，但任務「%2」的前置任務中沒有「%1」；仍以相依關係繪出</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>task &apos;%1&apos; has prerequisite &apos;%2&apos;, which topology.edges leaves out</source>
        <translation>任務「%1」的前置任務「%2」未列在 topology.edges 中</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the tasks form a cycle: %1</source>
        <translation>任務之間形成環路：%1</translation>
    </message>
</context>
<context>
    <name>capgraph::PlanRollup</name>
    <message>
        <location filename="../engine/plan/PlanTopology.cpp" line="+17"/>
        <source>%1 of %2 done</source>
        <translation>已完成 %1 個（共 %2 個）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 in progress</source>
        <translation>進行中 %1 個</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 blocked</source>
        <translation>受阻 %1 個</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ready to start</source>
        <translation>可開始 %1 個</translation>
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
        <translation>%1：%2 毫秒內無回應</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>%1: cannot read: %2</source>
        <translation>%1：無法讀取：%2</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+17"/>
        <source>%1: no plan.ready among its %2 events</source>
        <translation>%1：其 %2 個事件中沒有 plan.ready</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>%1: the file is larger than %2 MiB, the limit for a plan</source>
        <translation>%1：檔案大於 %2 MiB，超過計畫的上限</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>%1 (plan.ready #%2)</source>
        <translation>%1（plan.ready #%2）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: the answer is larger than %2 MiB, the limit for a plan</source>
        <translation>%1：回應大於 %2 MiB，超過計畫的上限</translation>
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
        <translation>%1：串流已結束，未收到 plan.ready 事件</translation>
    </message>
</context>
<context>
    <name>capgraph::Pricing</name>
    <message>
        <location filename="../engine/yaml/PricingReader.cpp" line="+23"/>
        <source>pricing: &apos;%1&apos; should be a price of 0 or more per 1,000 tokens, not %2</source>
        <translation>pricing：&apos;%1&apos; 應為每 1,000 個 token 0 或以上的價格，而不是 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>pricing: &apos;%1&apos; should be a number (the price of 1,000 tokens, e.g. 0.002), not %2</source>
        <translation>pricing：&apos;%1&apos; 應為數字（1,000 個 token 的價格，例如 0.002），而不是 %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>pricing: expected a mapping such as {per_1k_tokens: 0.002, currency: USD} or {per_1k_prompt_tokens: 0.0015, per_1k_completion_tokens: 0.002, currency: USD}</source>
        <translation>pricing：應為對應表，例如 {per_1k_tokens: 0.002, currency: USD} 或 {per_1k_prompt_tokens: 0.0015, per_1k_completion_tokens: 0.002, currency: USD}</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>pricing: &apos;currency&apos; should be an ISO 4217 code of three upper-case letters (USD, CNY, EUR), not &apos;%1&apos;</source>
        <translation>pricing：&apos;currency&apos; 應為三個大寫字母的 ISO 4217 代碼（USD、CNY、EUR），而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>pricing: unknown key &apos;%1&apos; (per_1k_tokens, per_1k_prompt_tokens, per_1k_completion_tokens, currency)</source>
        <translation>pricing：未知的鍵 &apos;%1&apos;（per_1k_tokens、per_1k_prompt_tokens、per_1k_completion_tokens、currency）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>pricing: give per_1k_tokens or per_1k_prompt_tokens and per_1k_completion_tokens, not both</source>
        <translation>pricing：請給 per_1k_tokens，或 per_1k_prompt_tokens 與 per_1k_completion_tokens，不要兩者都給</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>pricing: per_1k_prompt_tokens and per_1k_completion_tokens go together: give both</source>
        <translation>pricing：per_1k_prompt_tokens 與 per_1k_completion_tokens 必須一起給：請兩個都給</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pricing: expected a price: per_1k_tokens, or per_1k_prompt_tokens and per_1k_completion_tokens</source>
        <translation>pricing：需要價格：per_1k_tokens，或 per_1k_prompt_tokens 與 per_1k_completion_tokens</translation>
    </message>
</context>
<context>
    <name>capgraph::Run</name>
    <message>
        <location filename="../engine/exec/Executor.cpp" line="+304"/>
        <source>from %1</source>
        <translation>從 %1 開始</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorFlow.cpp" line="+31"/>
        <source>branch &apos;%1&apos; condition &apos;%2&apos;: %3 (column %4 of &quot;%5&quot;)</source>
        <translation>分支「%1」的條件「%2」：%3（位於「%5」的第 %4 欄）</translation>
    </message>
    <message>
        <location line="+188"/>
        <source>branch &apos;%1&apos; %2</source>
        <translation>分支「%1」%2</translation>
    </message>
    <message>
        <location line="-142"/>
        <source>branch &apos;%1&apos;: no condition is true (%2) and there is no default</source>
        <translation>分支「%1」：沒有任何條件成立（%2），且沒有預設目標</translation>
    </message>
    <message>
        <location line="+169"/>
        <source>branch &apos;%1&apos; took &apos;%2&apos;</source>
        <translation>分支「%1」選擇了「%2」</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>node &apos;%1&apos; has an unknown type</source>
        <translation>節點「%1」的類型未知</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>loop &apos;%1&apos; reached max_iterations (%2): forced convergence</source>
        <translation>迴圈「%1」已達 max_iterations（%2）：強制收斂</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1, and it has no loop_end to leave through</source>
        <translation>%1，但它沒有可供離開的 loop_end</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>forced exit</source>
        <translation>強制退出</translation>
    </message>
    <message>
        <location line="+154"/>
        <source>iteration edge %1 -&gt; %2 reached max_count (%3): forced convergence</source>
        <translation>迭代邊 %1 -&gt; %2 已達 max_count（%3）：強制收斂</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>edge %1 -&gt; %2 exit_condition: %3 (column %4 of &quot;%5&quot;)</source>
        <translation>邊 %1 -&gt; %2 的 exit_condition：%3（位於「%5」的第 %4 欄）</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>loop &apos;%1&apos; left through its loop_end</source>
        <translation>迴圈「%1」經由其 loop_end 離開</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; has no way forward; this branch ends here</source>
        <translation>「%1」沒有可繼續前進的路徑；此分支在此結束</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>edge %1 -&gt; %2 condition: %3 (column %4 of &quot;%5&quot;)</source>
        <translation>邊 %1 -&gt; %2 的條件：%3（位於「%5」的第 %4 欄）</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorCalls.cpp" line="+357"/>
        <source>iterative node &apos;%1&apos; reached max_iterations (%2) before its handler was done: forced convergence</source>
        <translation>迭代節點「%1」在處理器完成前已達 max_iterations（%2）：強制收斂</translation>
    </message>
    <message>
        <location line="+26"/>
        <location filename="../engine/handlers/HttpJsonCall.cpp" line="+177"/>
        <source>attempt %1 of %2 failed: %3; retrying in %4 ms</source>
        <translation>第 %1 次嘗試（共 %2 次）失敗：%3；%4 毫秒後重試</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>node &apos;%1&apos; failed: %2</source>
        <translation>節點「%1」執行失敗：%2</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorInteractions.cpp" line="+24"/>
        <source>prompt of &apos;%1&apos;: %2; showing it unfilled</source>
        <translation>「%1」的提示：%2；改為顯示未填入的原文</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>select &apos;%1&apos; options_from &quot;%2&quot;: %3</source>
        <translation>選擇節點「%1」的 options_from「%2」：%3</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>select &apos;%1&apos; options_from &quot;%2&quot; gave a %3, not a list</source>
        <translation>選擇節點「%1」的 options_from「%2」得出的是 %3，而非清單</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>select &apos;%1&apos; has no options to choose from%2</source>
        <translation>選擇節點「%1」沒有可供選擇的選項%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (options_from &quot;%1&quot; is empty)</source>
        <translation>（options_from「%1」為空）</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorFlow.cpp" line="+45"/>
        <source>%1 of %2 branches arrived</source>
        <translation>已到達 %1 個分支（共 %2 個）</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorScheduler.cpp" line="+175"/>
        <source>%1 background branch(es) still running</source>
        <translation>仍有 %1 個背景分支在執行</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>background branches cancelled at the end of the main path</source>
        <translation>主路徑結束時已取消背景分支</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>the run cannot go on: %1; a parallel_join waits for branches that will never arrive</source>
        <translation>執行無法繼續：%1；parallel_join 正在等待永遠不會到達的分支</translation>
    </message>
    <message>
        <location filename="../engine/exec/Executor.cpp" line="-137"/>
        <source>background branch stopped: %1</source>
        <translation>背景分支已停止：%1</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorDebugger.cpp" line="+73"/>
        <source>breakpoint condition &apos;%1&apos; could not be evaluated (%2): stopped here</source>
        <translation>中斷點條件「%1」無法求值（%2）：已在此停止</translation>
    </message>
    <message>
        <location filename="../engine/handlers/CommandHandler.cpp" line="+121"/>
        <source>%1 (stderr): %2</source>
        <translation>%1（標準錯誤）：%2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>run %1</source>
        <translation>執行 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>run %1 %2</source>
        <translation>執行 %1 %2</translation>
    </message>
    <message>
        <location filename="../engine/handlers/LlmHandler.cpp" line="+190"/>
        <source>%1 via %2: %3 messages</source>
        <translation>%1 經由 %2：%3 則訊息</translation>
    </message>
    <message>
        <location filename="../engine/handlers/SubgraphHandler.cpp" line="+42"/>
        <source>%1 ▸ %2 finished</source>
        <translation>%1 ▸ %2 完成</translation>
    </message>
    <message>
        <location filename="../engine/exec/ExecutorRoute.cpp" line="+81"/>
        <source>branch &apos;%1&apos; (select: optimal): no way out leads to an end at depth %2</source>
        <translation>分支「%1」（select: optimal）：在深度 %2 下沒有任何出路能到達結束</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>took &apos;%1&apos;: no way fits the budget left (%2), so the cheapest (depth %3): %4</source>
        <translation>選擇了「%1」：沒有任何路徑符合剩餘預算（%2），因此走成本最低的一條（深度 %3）：%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>took &apos;%1&apos; on the cheapest path to an end (depth %2, budget left %3): %4</source>
        <translation>沿通往結束的成本最低路徑選擇了「%1」（深度 %2，剩餘預算 %3）：%4</translation>
    </message>
</context>
<context>
    <name>capgraph::RunSetup</name>
    <message>
        <location filename="../engine/launch/RunSetup.cpp" line="+311"/>
        <source>you declined to let this graph run commands or call web APIs, so nothing ran; run it again to be asked again</source>
        <translation>你拒絕讓此圖執行指令或呼叫 Web API，因此什麼都沒有執行；再次執行時會再詢問你</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>you declined to let %1 run commands or call web APIs, so nothing ran; run it again to be asked again</source>
        <translation>你拒絕讓 %1 執行指令或呼叫 Web API，因此什麼都沒有執行；再次執行時會再詢問你</translation>
    </message>
    <message>
        <location filename="../engine/handlers/WorkflowHandlers.cpp" line="+37"/>
        <source>node &apos;%1&apos; runs JavaScript code in a child process (node, builtin.code)</source>
        <translation>節點「%1」在子行程中執行 JavaScript 程式碼（node，builtin.code）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>node &apos;%1&apos; runs Python code in a child process (python3, builtin.code)</source>
        <translation>節點「%1」在子行程中執行 Python 程式碼（python3，builtin.code）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>node &apos;%1&apos; sends %2 %3 (builtin.http)</source>
        <translation>節點「%1」送出 %2 %3（builtin.http）</translation>
    </message>
</context>
<context>
    <name>capgraph::Trust</name>
    <message>
        <location filename="../engine/handlers/CapabilityBinder.cpp" line="+90"/>
        <source>%1 runs the command %2 in %3</source>
        <translation>%1 會在 %3 執行指令 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 calls %2 %3 (on %4)</source>
        <translation>%1 會呼叫 %2 %3（主機：%4）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 sends prompts to the model %2 at %3</source>
        <translation>%1 會將提示詞傳送給位於 %3 的模型 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 sends prompts to the model %2 at %3, with the key in $%4</source>
        <translation>%1 會將提示詞傳送給位於 %3 的模型 %2，並使用環境變數 $%4 中的金鑰</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2 handler)</source>
        <translation>%1（%2 處理器）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::CanvasContextMenu</name>
    <message>
        <location filename="../editor/window/CanvasContextMenu.cpp" line="+109"/>
        <source>Show Capability %1</source>
        <translation>顯示能力 %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Align</source>
        <translation>對齊</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Add Node Here</source>
        <translation>在此新增節點</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Add Note Here</source>
        <translation>在此新增註記</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Note</source>
        <translation>註記</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::CapabilitiesDock</name>
    <message>
        <location filename="../editor/catalog/CapabilitiesDock.cpp" line="+43"/>
        <source>composite</source>
        <translation>組合能力</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Capabilities</source>
        <translation>能力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search…</source>
        <translation>搜尋…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find capabilities by name, tag or description</source>
        <translation>依名稱、標籤或描述尋找能力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only capabilities with this tag</source>
        <translation>只顯示帶有此標籤的能力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Details</source>
        <translation>詳細資料</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New…</source>
        <translation>新增…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write a new capability definition</source>
        <translation>撰寫新的能力定義</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit…</source>
        <translation>編輯…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit the selected definition (or double-click it)</source>
        <translation>編輯選取的定義（或按兩下該定義）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder</source>
        <translation>資料夾</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the folder of the selected definition (or where new ones go)</source>
        <translation>顯示選取定義所在的資料夾（或新定義的存放位置）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reload</source>
        <translation>重新載入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the definition folders again</source>
        <translation>重新讀取定義資料夾</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>All tags</source>
        <translation>所有標籤</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1

Drag onto the canvas for a skill node bound to it; double-click to edit.</source>
        <translation>%1

拖曳到畫布上可建立綁定此能力的技能節點；按兩下可編輯。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>does not load</source>
        <translation>無法載入</translation>
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
            <numerusform> （另有 %n 項）</numerusform>
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
        <translation>沒有能力定義。「新增…」會將新定義寫入 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No capability definitions in %1.</source>
        <translation>%1 中沒有能力定義。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Capabilities: %1</source>
        <translation>能力：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Capabilities: %1 of %2</source>
        <translation>能力：%1（共 %2 個）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · files with errors: %1</source>
        <translation> · 有錯誤的檔案：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Read from:
%1</source>
        <translation>讀取自：
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
        <translation>%1 處理器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>composite capability</source>
        <translation>組合能力</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Handler</source>
        <translation>處理器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input</source>
        <translation>輸入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output</source>
        <translation>輸出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Defined in</source>
        <translation>定義於</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Capabilities folder: %1</source>
        <translation>能力資料夾：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot open %1: %2</source>
        <translation>無法開啟 %1：%2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Saved %1</source>
        <translation>已儲存 %1</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::CapabilityEditorDialog</name>
    <message>
        <location filename="../editor/catalog/CapabilityEditorDialog.cpp" line="+49"/>
        <source>endpoint</source>
        <translation>端點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>method</source>
        <translation>方法</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>headers</source>
        <translation>標頭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>program</source>
        <translation>程式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>arguments</source>
        <translation>參數</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>one argument per line: --symbol, {symbol}</source>
        <translation>每行一個參數：--symbol、{symbol}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system prompt</source>
        <translation>系統提示詞</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>You are …  (${name} reads an input)</source>
        <translation>你是…（以 ${name} 讀取輸入）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>user prompt</source>
        <translation>使用者提示詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON mode</source>
        <translation>JSON 模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>graph file</source>
        <translation>能力圖檔案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>sub-graph.yaml (beside this file)</source>
        <translation>sub-graph.yaml（與此檔案在同一資料夾）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>built-in</source>
        <translation>內建</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>What it does, what it needs, what it returns: planners choose by this</source>
        <translation>做什麼、需要什麼輸入、回傳什麼結果：規劃器依此選擇能力</translation>
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
        <translation>表單</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The definition as it is saved. Editing the form rewrites this text in a plain layout (comments are not kept); keys the form does not show stay as they are.</source>
        <translation>定義儲存時的內容。在表單中編輯會以簡單的格式重寫此文字（不保留註解）；表單未顯示的鍵維持原樣。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Save in</source>
        <translation>儲存位置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Other…</source>
        <translation>其他…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the capability in</source>
        <translation>選擇能力的儲存資料夾</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>domain.verb_noun, e.g. finance.get_stock_price</source>
        <translation>domain.verb_noun，例如 finance.get_stock_price</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MAJOR.MINOR.PATCH, e.g. 1.0.0</source>
        <translation>主版號.次版號.修訂號，例如 1.0.0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>comma-separated, e.g. finance, stock</source>
        <translation>以逗號分隔，例如 finance, stock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名稱</translation>
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
        <translation>標籤</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(none: composite, workflow_definition)</source>
        <translation>（無：組合能力，workflow_definition）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Handler</source>
        <translation>處理器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No fields of its own here: edit the handler in the YAML tab.</source>
        <translation>此處沒有專屬欄位：請在 YAML 分頁中編輯處理器。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>answer in JSON (parsed into the outputs)</source>
        <translation>以 JSON 回答（解析為輸出）</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Input schema</source>
        <translation>輸入 Schema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output schema</source>
        <translation>輸出 Schema</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>New Capability</source>
        <translation>新增能力</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Edit Capability — %1</source>
        <translation>編輯能力 — %1</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>A JSON definition: edit it in the text tab (the form would write YAML into it).</source>
        <translation>這是 JSON 定義：請在文字分頁中編輯（表單會寫入 YAML）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The text does not read as a definition (%1): fix it in the YAML tab.</source>
        <translation>無法將文字解讀為定義（%1）：請在 YAML 分頁中修正。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Also in this definition, kept as written (edit them in the YAML tab): %1</source>
        <translation>此定義中另有以下內容，維持原樣（請在 YAML 分頁中編輯）：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>(a handler without a type)</source>
        <translation>（沒有類型的處理器）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Other handler keys, kept as written: %1</source>
        <translation>處理器的其他鍵，維持原樣：%1</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>write one `Name: value` per line</source>
        <translation>每行寫一個 `Name: value`</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>line %1, column %2 of the schema: %3</source>
        <translation>Schema 第 %1 行第 %2 欄：%3</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>%1 already exists in that folder: choose another name, or close this and edit that file</source>
        <translation>該資料夾中已有 %1：請換個名稱，或關閉此視窗並編輯該檔案</translation>
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
        <translation>沒有問題：「儲存」會寫入 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No problems.</source>
        <translation>沒有問題。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To fix before saving (%1):</source>
        <translation>儲存前需修正（%1）：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a folder to save in.</source>
        <translation>請選擇要儲存的資料夾。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File: %1</source>
        <translation>檔案：%1</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Not saved: %1</source>
        <translation>未儲存：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>fix the problems listed first</source>
        <translation>請先修正列出的問題</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cannot create the folder %1</source>
        <translation>無法建立資料夾 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Discard the changes to this capability?</source>
        <translation>要捨棄對此能力的變更嗎？</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::CompareHandler</name>
    <message>
        <location filename="../editor/window/CompareHandler.cpp" line="+51"/>
        <location line="+5"/>
        <location line="+4"/>
        <source>Compare With</source>
        <translation>比較</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Capability graphs (*.yaml *.yml);;All files (*)</source>
        <translation>能力圖 (*.yaml *.yml);;所有檔案 (*)</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>git cannot give %1 as it was in %2: %3</source>
        <translation>git 無法取得 %1 在 %2 時的內容：%3</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Compared with %1: the same graph</source>
        <translation>已與 %1 比較：是同一張圖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compared with %1: added in green, changed in amber, removed as grey outlines</source>
        <translation>已與 %1 比較：新增的為綠色，變更的為琥珀色，移除的為灰色外框</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Comparison closed</source>
        <translation>已關閉比較</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::CompareSourceDialog</name>
    <message>
        <location filename="../editor/window/CompareSourceDialog.cpp" line="+13"/>
        <source>Compare With</source>
        <translation>比較</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare %1 as it is open with one of its earlier revisions:</source>
        <translation>將目前開啟的 %1 與它較早的某個修訂版比較：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Another File…</source>
        <translation>其他檔案…</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ComparisonDock</name>
    <message>
        <location filename="../editor/window/ComparisonDock.cpp" line="+86"/>
        <source>No comparison: File &gt; Compare With… compares the open graph with a file or an earlier git revision of it.</source>
        <translation>沒有進行中的比較：「檔案 &gt; 比較對象…」可將開啟的圖與某個檔案或它較早的 git 修訂版比較。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Compared with %1: the same graph (positions aside).</source>
        <translation>已與 %1 比較：是同一張圖（位置除外）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compared with %1: nodes %2 added, %3 removed, %4 changed; %5 edges differ.</source>
        <translation>已與 %1 比較：節點新增 %2、移除 %3、變更 %4；%5 條邊不同。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>graph: %1</source>
        <translation>圖：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>+ node %1 (%2)</source>
        <translation>+ 節點 %1（%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>− node %1 (%2)</source>
        <translation>− 節點 %1（%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>~ node %1</source>
        <translation>~ 節點 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>condition %1 added</source>
        <translation>新增條件 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>condition %1 removed</source>
        <translation>移除條件 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>condition %1 renamed to %2</source>
        <translation>條件 %1 更名為 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>condition %1</source>
        <translation>條件 %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>+ edge %1</source>
        <translation>+ 邊 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>− edge %1</source>
        <translation>− 邊 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>~ edge %1</source>
        <translation>~ 邊 %1</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Changes</source>
        <translation>變更</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What</source>
        <translation>項目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>After</source>
        <translation>之後</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close Comparison</source>
        <translation>關閉比較</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ConditionsTable</name>
    <message>
        <location filename="../editor/properties/ConditionsTable.cpp" line="+94"/>
        <source>Add a condition</source>
        <translation>新增條件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected condition</source>
        <translation>移除選取的條件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check this condition earlier</source>
        <translation>提前檢查此條件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check this condition later</source>
        <translation>延後檢查此條件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Expression</source>
        <translation>運算式</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+41"/>
        <source>Target</source>
        <translation>目標</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Row %1, %2</source>
        <translation>第 %1 列，%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no node &apos;%1&apos;</source>
        <translation>沒有節點「%1」</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Row %1: no node &apos;%2&apos;</source>
        <translation>第 %1 列：沒有節點「%2」</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>condition name</source>
        <translation>條件名稱</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+83"/>
        <source>condition expression</source>
        <translation>條件運算式</translation>
    </message>
    <message>
        <location line="-79"/>
        <source>condition target</source>
        <translation>條件目標</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>conditions (add)</source>
        <translation>條件（新增）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>conditions (remove)</source>
        <translation>條件（移除）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>conditions (order)</source>
        <translation>條件（順序）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>when (%1):</source>
        <translation>「%1」的成立條件：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Select a condition to edit its expression.</source>
        <translation>選取一個條件以編輯其運算式。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ConnectServerDialog</name>
    <message>
        <location filename="../editor/run/ConnectServerDialog.cpp" line="+76"/>
        <source>Connect to Server</source>
        <translation>連線到伺服器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Server:</source>
        <translation>伺服器(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Token:</source>
        <translation>權杖(&amp;T)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (a server on this machine without --token-file)</source>
        <translation>無（本機上未用 --token-file 的伺服器）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The address `capgraph serve` or `capgraph run --debug-listen` printed, such as http://127.0.0.1:8750</source>
        <translation>`capgraph serve` 或 `capgraph run --debug-listen` 印出的位址，例如 http://127.0.0.1:8750</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keep the token in the desktop keyring</source>
        <translation>將權杖保存在桌面鑰匙圈(&amp;K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The token is kept in the keyring (the Secret Service, KWallet), never in the studio&apos;s settings</source>
        <translation>權杖保存在鑰匙圈（Secret Service、KWallet），絕不寫入工作室的設定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Connect</source>
        <translation>連線(&amp;C)</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Not a server&apos;s address: %1</source>
        <translation>不是伺服器位址：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Connecting to %1…</source>
        <translation>正在連線到 %1…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No answer: %1</source>
        <translation>沒有回應：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+11"/>
        <source>The server wants a token (its --token-file).</source>
        <translation>伺服器需要權杖（它的 --token-file）。</translation>
    </message>
    <message>
        <location line="-10"/>
        <location line="+11"/>
        <source>The server refused the token.</source>
        <translation>伺服器拒絕了這個權杖。</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>%1 is not a CapGraph run server (it answered %2).</source>
        <translation>%1 不是 CapGraph 執行伺服器（它回應了 %2）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The server&apos;s run store does not answer (%1).</source>
        <translation>伺服器的執行儲存區沒有回應（%1）。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::EdgePropertiesForm</name>
    <message>
        <location filename="../editor/properties/EdgePropertiesForm.cpp" line="+86"/>
        <source>wait for this branch at the join</source>
        <translation>在匯合處等待此分支</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>unset</source>
        <translation>未設定</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>sequence: execution cost; conditional: probability × cost (used by the optimal path)</source>
        <translation>順序邊：執行成本；條件邊：機率 × 成本（用於最優路徑）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stop iterating when this holds</source>
        <translation>此條件成立時停止迭代</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checked: true; unchecked: false (a background branch); partly: unset (true)</source>
        <translation>勾選：true；未勾選：false（背景分支）；部分勾選：未設定（true）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other keys, kept as written (YAML)</source>
        <translation>其他鍵，維持原樣（YAML）</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>from</source>
        <translation>起點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to</source>
        <translation>終點</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+26"/>
        <source>type</source>
        <translation>類型</translation>
    </message>
    <message>
        <location line="-25"/>
        <location line="+31"/>
        <source>weight</source>
        <translation>權重</translation>
    </message>
    <message>
        <location line="-30"/>
        <location line="+35"/>
        <source>condition</source>
        <translation>條件</translation>
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
        <translation>其他鍵</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>source</source>
        <translation>起點</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>target</source>
        <translation>終點</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>other keys: %1</source>
        <translation>其他鍵：%1</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1 (missing)</source>
        <translation>%1（不存在）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>edge #%1</source>
        <translation>邊 #%1</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ExpressionLineEdit</name>
    <message>
        <location filename="../editor/ui/ExpressionLineEdit.cpp" line="+24"/>
        <source>expression, e.g. score &gt;= 0.8 and exists(draft)</source>
        <translation>運算式，例如 score &gt;= 0.8 and exists(draft)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>function</source>
        <translation>函式</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the run&apos;s input</source>
        <translation>執行的輸入</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>loop round</source>
        <translation>迴圈輪次</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>run information</source>
        <translation>執行資訊</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>for %1</source>
        <translation>供 %1 使用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output of %1</source>
        <translation>%1 的輸出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>variable, from %1</source>
        <translation>變數，來自 %1</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>the expression is empty</source>
        <translation>運算式為空</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>column %1: %2</source>
        <translation>第 %1 欄：%2</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ExtractDialog</name>
    <message>
        <location filename="../editor/ui/ExtractDialog.cpp" line="+28"/>
        <source>Extract to Sub-graph</source>
        <translation>擷取為子圖</translation>
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
        <translation>節點 ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label</source>
        <translation>標籤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(none)</source>
        <translation>（無）</translation>
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
        <translation>輸入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Outputs</source>
        <translation>輸出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Writes</source>
        <translation>寫入</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The selected nodes move into a graph of their own, called through a composite capability; one node takes their place. Undo puts them back and removes the files.</source>
        <translation>選取的節點將移到一張獨立的圖中，經由組合能力呼叫；由一個節點取代它們。復原會把它們放回並移除這些檔案。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The capability&apos;s name is domain.verb_noun: lower case, a dot between domain and action.</source>
        <translation>能力名稱須為 domain.verb_noun：全部小寫，領域與動作之間以點號分隔。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The node&apos;s id is letters, digits, _ and -, not starting with a digit.</source>
        <translation>節點 ID 由字母、數字、_ 與 - 組成，且不能以數字開頭。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::FindBar</name>
    <message>
        <location filename="../editor/view/FindBar.cpp" line="+89"/>
        <source>Find nodes and notes: words, type:skill, uses:SKILL_ID, is:invalid, is:stale, is:pinned, is:breakpoint</source>
        <translation>尋找節點與註記：文字、type:skill、uses:SKILL_ID、is:invalid、is:stale、is:pinned、is:breakpoint</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matches ids, labels, types, capabilities, prompts, conditions, inputs and notes (any case).
Filters: type:KIND, uses:SKILL_ID, is:invalid, is:stale, is:pinned, is:breakpoint.
Enter or F3: next match; Shift+Enter or Shift+F3: previous; Escape: close.</source>
        <translation>比對 id、標籤、類型、能力、提示、條件、輸入與註記（不分大小寫）。
篩選：type:KIND、uses:SKILL_ID、is:invalid、is:stale、is:pinned、is:breakpoint。
Enter 或 F3：下一個符合項目；Shift+Enter 或 Shift+F3：上一個；Escape：關閉。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Previous match (Shift+F3)</source>
        <translation>上一個符合項目（Shift+F3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next match (F3)</source>
        <translation>下一個符合項目（F3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close the find bar (Escape)</source>
        <translation>關閉尋找列（Escape）</translation>
    </message>
    <message>
        <location line="+129"/>
        <source>unknown filter &apos;%1:&apos;; use type:, uses:, is:</source>
        <translation>未知的篩選「%1:」；請用 type:、uses:、is:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown &apos;is:%1&apos;; use is:invalid, is:stale, is:pinned, is:breakpoint</source>
        <translation>未知的「is:%1」；請用 is:invalid、is:stale、is:pinned、is:breakpoint</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&apos;%1:&apos; needs a value, as in type:skill</source>
        <translation>「%1:」需要一個值，例如 type:skill</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>no match</source>
        <translation>沒有符合項目</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 個符合項目</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2</source>
        <translation>第 %1 個，共 %2 個</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ForkDialog</name>
    <message>
        <location filename="../editor/run/ForkDialog.cpp" line="+22"/>
        <source>Fork at Step %1</source>
        <translation>在步驟 %1 分岔</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A new run goes on from &lt;b&gt;%1&lt;/b&gt; (step %2) with what ran before it, as recorded. Change any value first if you like; the recorded run stays as it is.</source>
        <translation>新的執行從 &lt;b&gt;%1&lt;/b&gt;（步驟 %2）接續，沿用之前已執行的內容（依紀錄）。可先修改任何值；原本記錄的執行維持不變。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Fork and Run</source>
        <translation>分岔並執行</translation>
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
        <translation>%1 就是畫面上的圖：此能力呼叫了自己。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is open above: the capability calls itself.</source>
        <translation>%1 已在上層開啟：此能力呼叫了自己。</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>%1 is not open</source>
        <translation>%1 未開啟</translation>
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
        <translation>名稱</translation>
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
        <translation>預設輸入</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>the graph&apos;s key, e.g. write-report</source>
        <translation>圖的鍵，例如 write-report</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>what people call it (optional)</source>
        <translation>大家怎麼稱呼它（選填）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. 1.0</source>
        <translation>例如 1.0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>what the graph is for</source>
        <translation>這張圖的用途</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name: value  (YAML: the run&apos;s input when none is given)</source>
        <translation>名稱: 值  （YAML：未提供輸入時執行所用的輸入）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>inputs: what a run reads when it is given no input (Run &gt; Run Input… starts from these; capgraph run uses them for every key --input leaves out)</source>
        <translation>inputs：執行未提供輸入時讀取的內容（執行 &gt; 設定執行輸入… 以此為起點；capgraph run 以它補上 --input 未給的每個鍵）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A graph needs an id.</source>
        <translation>圖需要一個 ID。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>default input: %1</source>
        <translation>預設輸入：%1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Edit graph %1</source>
        <translation>編輯圖的%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>not saved yet</source>
        <translation>尚未儲存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>graph</source>
        <translation>圖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing is selected: these are the graph&apos;s own properties (%1). Select a node or an edge to edit it.</source>
        <translation>未選取任何項目：這些是圖本身的屬性（%1）。選取節點或邊即可編輯它。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::GraphScene</name>
    <message>
        <location filename="../editor/scene/GraphSceneInput.cpp" line="+122"/>
        <location line="+7"/>
        <source>Cannot reconnect: %1</source>
        <translation>無法重新連接：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cannot connect: %1</source>
        <translation>無法連接：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot connect: a node cannot be connected to itself</source>
        <translation>無法連接：節點不能連接到自身</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Move</source>
        <translation>移動</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Move %n node(s)</source>
        <translation>
            <numerusform>移動 %n 個節點</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move note</source>
        <translation>移動註記</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::GraphView</name>
    <message>
        <location filename="../editor/view/GraphView.cpp" line="+49"/>
        <source>Drag a kind from the Palette onto the canvas, or press Tab here to add one.
File ▸ Examples opens finished graphs to learn from.</source>
        <translation>從節點庫將節點類型拖曳到畫布上，或在此按 Tab 新增節點。
「檔案 ▸ 範例」提供完整的圖，可供參考學習。</translation>
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
        <translation>找不到說明文件（已查看 %1）。它隨本工具的套件安裝於 /usr/share/doc/capgraph-studio。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::HelpMenu</name>
    <message>
        <location filename="../editor/window/HelpMenu.cpp" line="+37"/>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;User Guide</source>
        <translation>使用指南(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>鍵盤快捷鍵(&amp;K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About CapGraph Studio</source>
        <translation>關於 CapGraph Studio(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt</source>
        <translation>關於 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>About CapGraph Studio</source>
        <translation>關於 CapGraph Studio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;CapGraph Studio %1&lt;/h3&gt;&lt;p&gt;Design, run and debug agent capability graphs, and review the task plans agents negotiate.&lt;/p&gt;&lt;p&gt;Built with Qt %2. The command line is &lt;code&gt;capgraph&lt;/code&gt;; the guides are under Help &amp;gt; User Guide.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;CapGraph Studio %1&lt;/h3&gt;&lt;p&gt;設計、執行與除錯代理的能力圖，並審閱代理協商出的任務計畫。&lt;/p&gt;&lt;p&gt;以 Qt %2 建置。命令列工具為 &lt;code&gt;capgraph&lt;/code&gt;；使用指南在「說明 &amp;gt; 使用指南」。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::InboxDock</name>
    <message>
        <location filename="../editor/run/InboxDock.cpp" line="+100"/>
        <source>Inbox</source>
        <translation>收件匣</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Nothing waits for an answer.</source>
        <translation>沒有等待回答的問題。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Inbox (%1)</source>
        <translation>收件匣（%1）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>(no prompt)</source>
        <translation>（無提示）</translation>
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
            <numerusform>請選擇 %n 項。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose one or more.</source>
        <translation>請選擇一項或多項。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose %1 to %2.</source>
        <translation>請選擇 %1 到 %2 項。</translation>
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
            <numerusform>回答（已選 %n 項）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>capgraph::editor::MainWindow</name>
    <message>
        <location filename="../editor/window/MainWindow.cpp" line="+156"/>
        <location line="+309"/>
        <source>Note</source>
        <translation>註記</translation>
    </message>
    <message>
        <location line="-309"/>
        <source>Text:</source>
        <translation>文字：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Frame</source>
        <translation>框架</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Title:</source>
        <translation>標題：</translation>
    </message>
    <message>
        <location line="+182"/>
        <source>Palette</source>
        <translation>節點庫</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History</source>
        <translation>編輯紀錄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;opened&gt;</source>
        <translation>&lt;已開啟&gt;</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Open a negotiated plan</source>
        <translation>開啟協商計畫</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Plans (*.json *.sse *.txt);;All files (*)</source>
        <translation>計畫 (*.json *.sse *.txt);;所有檔案 (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open a plan from a URL</source>
        <translation>從 URL 開啟計畫</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A URL answering with a plan (JSON) or the negotiation&apos;s text/event-stream:</source>
        <translation>回應計畫（JSON）或協商過程 text/event-stream 的 URL：</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Select the nodes to group first</source>
        <translation>請先選取要群組的節點</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Group</source>
        <translation>群組</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1[*] in %2 — CapGraph Studio</source>
        <translation>%1[*]（位於 %2）— CapGraph Studio</translation>
    </message>
    <message>
        <location filename="../editor/window/MainWindowFiles.cpp" line="+142"/>
        <location line="+25"/>
        <source>Could not open %1</source>
        <translation>無法開啟 %1</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+25"/>
        <source>Open</source>
        <translation>開啟</translation>
    </message>
    <message>
        <location line="-25"/>
        <source>Could not open %1:

%2

The open graph is unchanged.</source>
        <translation>無法開啟 %1：

%2

目前開啟的圖維持不變。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Its nodes: mapped onto ours %1, approximated %2, standing in for tools, knowledge bases or agents (answering with placeholders) %3.</source>
        <translation>它的節點：可對應到本工具的 %1 個，近似對應的 %2 個，代替工具、知識庫或代理、以預留值回答的替身 %3 個。</translation>
    </message>
    <message>
        <location line="+86"/>
        <location line="+162"/>
        <source>Save</source>
        <translation>儲存</translation>
    </message>
    <message>
        <location line="-162"/>
        <location line="+162"/>
        <source>Could not save %1:

%2</source>
        <translation>無法儲存 %1：

%2</translation>
    </message>
    <message>
        <location line="-158"/>
        <source>Saved %1</source>
        <translation>已儲存 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open Graph</source>
        <translation>開啟圖</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Capability graphs (*.yaml *.yml)</source>
        <translation>能力圖 (*.yaml *.yml)</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Reload</source>
        <translation>重新載入</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>%1 is not a Dify app this studio can open:

%2

The open graph is unchanged.</source>
        <translation>%1 不是本工具能開啟的 Dify 應用：

%2

目前開啟的圖維持不變。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 is a Dify app (%2, DSL %3).</source>
        <translation>%1 是 Dify 應用（%2，DSL %3）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>It was converted before, to %1. Open that graph, or convert the app again and replace it?</source>
        <translation>它之前已轉換為 %1。要開啟那張圖，還是重新轉換並取代它？</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <location line="+34"/>
        <source>Open Dify App</source>
        <translation>開啟 Dify 應用</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>Open %1</source>
        <translation>開啟 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Convert Again</source>
        <translation>重新轉換</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Convert it to a capability graph? The Dify file stays as it is; the graph is written to %1, with placeholder answers for its LLM and tool calls in %2.</source>
        <translation>要將它轉換為能力圖嗎？Dify 檔案維持原樣；圖會寫入 %1，其 LLM 與工具呼叫的預留回答寫入 %2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Convert</source>
        <translation>轉換</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 was not opened</source>
        <translation>未開啟 %1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Could not write the converted graph:

%1</source>
        <translation>無法寫入轉換後的圖：

%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Converted %1 from Dify: %2 nodes mapped, %3 approximated, %4 stand-ins</source>
        <translation>已從 Dify 轉換 %1：%2 個節點對應、%3 個近似、%4 個替身</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Capability graphs and Dify apps (*.yaml *.yml)</source>
        <translation>能力圖與 Dify 應用 (*.yaml *.yml)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 is already open and has unsaved changes. Reload it from disk and discard the changes?</source>
        <translation>%1 已經開啟，且有未儲存的變更。要從磁碟重新載入並捨棄這些變更嗎？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reloaded %1 from disk</source>
        <translation>已從磁碟重新載入 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is already open</source>
        <translation>%1 已經開啟</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Save Graph</source>
        <translation>儲存圖</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Export Picture</source>
        <translation>匯出圖片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG (*.svg);;PNG (*.png)</source>
        <translation>SVG (*.svg);;PNG (*.png)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exported %1</source>
        <translation>已匯出 %1</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>an unsaved graph</source>
        <translation>未儲存的圖</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Recovered %1 — save to keep it</source>
        <translation>已還原 %1，請儲存以保留</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recovered %1; not %2 (its copy does not load)</source>
        <translation>已還原 %1；%2 未還原（其副本無法載入）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recover unsaved work</source>
        <translation>還原未儲存的工作</translation>
    </message>
    <message>
        <location filename="../editor/window/MainWindow.cpp" line="+2"/>
        <source>%1[*] — CapGraph Studio</source>
        <translation>%1[*] — CapGraph Studio</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Nothing to paste: the clipboard holds no graph</source>
        <translation>沒有可貼上的內容：剪貼簿中沒有圖</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>%1, %2: click to show the Problems dock</source>
        <translation>%1，%2：按一下即可顯示「問題」面板</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 個錯誤</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n warning(s) or note(s)</source>
        <translation>
            <numerusform>%n 個警告或提示</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · %2 · complexity %3 (%4)</source>
        <translation>%1 · %2 · 複雜度 %3（%4）</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 個節點</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n edge(s)</source>
        <translation>
            <numerusform>%n 條邊</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Complexity %1 of 100: level %2 (“%3” in seed 000&apos;s table)</source>
        <translation>複雜度 %1（滿分 100）：等級「%2」（seed 000 分級表中的「%3」）</translation>
    </message>
    <message>
        <location filename="../editor/window/MainWindowRun.cpp" line="+44"/>
        <source>The run is going: Stop (Shift+F5) first to start again</source>
        <translation>執行進行中：請先停止（Shift+F5）再重新開始</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Select one node to run to</source>
        <translation>請選取一個要執行到的節點</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Select one node to rerun from</source>
        <translation>請選取一個作為重新執行起點的節點</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot rerun: %1</source>
        <translation>無法重新執行：%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Select one node for a conditional breakpoint</source>
        <translation>請選取一個節點以設定條件中斷點</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Breakpoint on %1</source>
        <translation>%1 的中斷點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop only when this holds (an expression over the context; `iteration` is the loop round; empty: always). Write `iteration &gt;= 3` to stop from the third round on:</source>
        <translation>僅在此條件成立時停止（針對上下文的運算式；`iteration` 為迴圈輪次；留空：一律停止）。輸入 `iteration &gt;= 3` 即可從第三輪起停止：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not a valid expression: %1</source>
        <translation>不是有效的運算式：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The input is kept for the next run</source>
        <translation>輸入已保留給下一次執行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Mocks for skills without a handler</source>
        <translation>無處理器技能的模擬檔案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mock files (*.yaml *.yml *.json)</source>
        <translation>模擬檔案 (*.yaml *.yml *.json)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Traces are not exported: %1</source>
        <translation>未匯出追蹤記錄：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Trace export failed: %1</source>
        <translation>追蹤記錄匯出失敗：%1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Cannot run: %1</source>
        <translation>無法執行：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No handler or mock for %1: stand-ins answer with null outputs (Run &gt; Mock File… for real-looking ones)</source>
        <translation>%1 沒有處理器或模擬：改由替身回傳 null 輸出（要取得較逼真的輸出，請使用「執行 &gt; 模擬檔案…」）</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>replay · event %1 of %2 · step %3</source>
        <translation>重播 · 事件 %1/%2 · 步驟 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · step %2 · %3</source>
        <translation>%1 · 步驟 %2 · %3</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source> · %n tokens</source>
        <translation>
            <numerusform> · %n 個 token</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../editor/window/MainWindowInspect.cpp" line="+71"/>
        <source>The pinned outputs beside the graph cannot be read, so none are used: %1</source>
        <translation>圖旁的釘選輸出無法讀取，因此一個也不使用：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Select one skill node to pin its output</source>
        <translation>請選取一個技能節點以釘選其輸出</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has no output to pin yet: run the graph first, or type one with Edit Pin… in the Node dock</source>
        <translation>%1 還沒有可釘選的輸出：請先執行圖，或在「節點」面板以「編輯釘選…」輸入一個</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Select one skill node to run alone</source>
        <translation>請選取一個技能節點以單獨執行</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Only a skill node runs alone</source>
        <translation>只有技能節點可以單獨執行</translation>
    </message>
    <message>
        <location filename="../editor/window/MainWindowFind.cpp" line="+36"/>
        <source>%1 is not in the open graph</source>
        <translation>%1 不在開啟的圖中</translation>
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
        <translation>第 %1 輪</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step %1</source>
        <translation>步驟 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>running</source>
        <translation>執行中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>skill %1</source>
        <translation>技能 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>All items (%1)</source>
        <translation>全部項目（%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Item %1</source>
        <translation>項目 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Item %1 (failed)</source>
        <translation>項目 %1（失敗）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Select a node to see what it was called with and what it returned in the run on screen.</source>
        <translation>選取一個節點，即可看到它在畫面上這次執行中收到的輸入與傳回的輸出。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No run on screen: run the graph, or open one from Run History.</source>
        <translation>畫面上沒有執行：請執行圖，或從「執行紀錄」開啟一次執行。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This node has not run in the run on screen.</source>
        <translation>此節點在畫面上的這次執行中尚未執行。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pinned output: its handler was not called.</source>
        <translation>釘選的輸出：未呼叫其處理器。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Running…</source>
        <translation>執行中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done in %1.</source>
        <translation>完成，耗時 %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed after %1: %2</source>
        <translation>%1 後失敗：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n retries.</source>
        <translation>
            <numerusform>重試 %n 次。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 tokens (prompt %2, completion %3).</source>
        <translation>%1 個 token（提示 %2，完成 %3）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>They cost %1.</source>
        <translation>費用為 %1。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>The trace cut %n long values of the input; their whole sizes are in the trace.</source>
        <translation>
            <numerusform>追蹤紀錄截短了輸入中 %n 個過長的值；其完整大小記在追蹤紀錄中。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Item %1 failed: %2</source>
        <translation>項目 %1 失敗：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its output is pinned now: the next run will not call its handler.</source>
        <translation>其輸出現已釘選：下次執行不會呼叫其處理器。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Its output is pinned: runs do not call its handler.</source>
        <translation>其輸出已釘選：執行時不會呼叫其處理器。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The item failed: no output</source>
        <translation>此項目失敗：沒有輸出</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Pinned: not called</source>
        <translation>已釘選：未呼叫</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No input recorded</source>
        <translation>沒有記錄輸入</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Only a skill&apos;s input is recorded</source>
        <translation>只記錄技能節點的輸入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Still running</source>
        <translation>仍在執行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No output</source>
        <translation>沒有輸出</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+1"/>
        <source>Not run</source>
        <translation>未執行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output (pinned: %1)</source>
        <translation>輸出（已釘選：%1）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>used by the next run</source>
        <translation>下次執行將使用</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Output</source>
        <translation>輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unpin Output</source>
        <translation>取消釘選輸出</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+73"/>
        <location line="+4"/>
        <source>Pin Output</source>
        <translation>釘選輸出</translation>
    </message>
    <message>
        <location line="-75"/>
        <source>Runs call this node&apos;s handler again</source>
        <translation>執行時會再次呼叫此節點的處理器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep this output for the next runs: they give it instead of calling the node&apos;s handler (kept beside the graph, in %1)</source>
        <translation>為之後的執行保留此輸出：執行時直接給出它，而不呼叫節點的處理器（保存在圖旁的 %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memory until the graph is saved</source>
        <translation>記憶體中，直到圖存檔為止</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>item %1</source>
        <translation>項目 %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+9"/>
        <location line="+33"/>
        <source>Cannot save the pins: %1</source>
        <translation>無法儲存釘選：%1</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>Unpinned %1: runs call its handler again</source>
        <translation>已取消釘選 %1：執行時會再次呼叫其處理器</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+33"/>
        <source>Pinned the output of %1: the next runs use it instead of calling its handler</source>
        <translation>已釘選 %1 的輸出：之後的執行會使用它，而不呼叫其處理器</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Pin Output of %1</source>
        <translation>釘選 %1 的輸出</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The outputs the next runs use instead of calling the handler (YAML or JSON):</source>
        <translation>之後的執行用來取代呼叫處理器的輸出（YAML 或 JSON）：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the pinned output</source>
        <translation>釘選的輸出</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Expected a mapping of output names to values, such as
result_count: 4
results: [a, b]</source>
        <translation>應為輸出名稱對應到值的映射，例如
result_count: 4
results: [a, b]</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Node</source>
        <translation>節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input</source>
        <translation>輸入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit Pin…</source>
        <translation>編輯釘選…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type the output the next runs use instead of calling this node&apos;s handler</source>
        <translation>輸入之後的執行用來取代呼叫此節點處理器的輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run Alone…</source>
        <translation>單獨執行…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call this node&apos;s handler once with the input shown, edited first if you like, without running the graph</source>
        <translation>以顯示的輸入（可先編輯）呼叫此節點的處理器一次，不執行整張圖</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::NodeLabelEditing</name>
    <message>
        <location filename="../editor/window/NodeLabelEditing.cpp" line="+29"/>
        <source>Select one node to edit its label</source>
        <translation>請選取一個節點以編輯其標籤</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>label (the id %1 stays the key)</source>
        <translation>標籤（ID %1 仍是鍵）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The label the card shows; Return to keep it, Escape to cancel. Empty: the card shows the id %1.</source>
        <translation>卡片上顯示的標籤；按 Enter 保留，按 Esc 取消。留空：卡片顯示 ID %1。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>label</source>
        <translation>標籤</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::NodePainter</name>
    <message>
        <location filename="../editor/scene/NodePainter.cpp" line="+95"/>
        <source>(no skill_id)</source>
        <translation>（無 skill_id）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>loop ≤ %1</source>
        <translation>迴圈 ≤ %1</translation>
    </message>
    <message>
        <location filename="../editor/run/InboxDock.cpp" line="-54"/>
        <location filename="../editor/scene/NodePainter.cpp" line="+5"/>
        <source>confirm</source>
        <translation>確認</translation>
    </message>
    <message>
        <location filename="../editor/scene/NodePainter.cpp" line="+1"/>
        <source>select ☑☑</source>
        <translation>選擇 ☑☑</translation>
    </message>
    <message>
        <location filename="../editor/run/InboxDock.cpp" line="-1"/>
        <location filename="../editor/scene/NodePainter.cpp" line="+0"/>
        <source>select</source>
        <translation>選擇</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../editor/scene/NodePainter.cpp" line="+1"/>
        <source>input</source>
        <translation>輸入</translation>
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
        <translation>名稱，以逗號分隔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>context path, e.g. search.results</source>
        <translation>上下文路徑，例如 search.results</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fixed options, comma-separated</source>
        <translation>固定選項，以逗號分隔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>several may be chosen</source>
        <translation>可選擇多項</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(default: single)</source>
        <translation>（預設：single）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(default: fail)</source>
        <translation>（預設：fail）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>list expression, e.g. search.results</source>
        <translation>清單運算式，例如 search.results</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name: value  (YAML; strings may use ${expression})</source>
        <translation>name: value  （YAML；字串中可使用 ${expression}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>what the person is asked</source>
        <translation>要問使用者的問題</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other keys, kept as written (YAML)</source>
        <translation>其他鍵，維持原樣（YAML）</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>attempts</source>
        <translation>次數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>backoff</source>
        <translation>退避</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>multiplier</source>
        <translation>倍數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max_attempts</source>
        <translation>max_attempts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>backoff: seconds before the first retry</source>
        <translation>backoff：第一次重試前等待的秒數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>multiplier of the backoff after each retry</source>
        <translation>multiplier：每次重試後退避時間的倍數</translation>
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
        <translation>標籤</translation>
    </message>
    <message>
        <location line="-70"/>
        <location line="+73"/>
        <source>type</source>
        <translation>類型</translation>
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
        <translation>並行數</translation>
    </message>
    <message>
        <location line="-81"/>
        <location line="+75"/>
        <source>timeout</source>
        <translation>逾時</translation>
    </message>
    <message>
        <location line="-74"/>
        <location line="+83"/>
        <location line="+3"/>
        <location line="+3"/>
        <source>retry</source>
        <translation>重試</translation>
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
        <translation>輸入</translation>
    </message>
    <message>
        <location line="-101"/>
        <location line="+92"/>
        <source>outputs</source>
        <translation>輸出</translation>
    </message>
    <message>
        <location line="-91"/>
        <source>conditions (the first that holds is taken)</source>
        <translation>條件（採用第一個成立的條件）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+105"/>
        <source>default</source>
        <translation>預設</translation>
    </message>
    <message>
        <location line="-103"/>
        <location line="+115"/>
        <source>select</source>
        <translation>選擇方式</translation>
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
        <translation>選項</translation>
    </message>
    <message>
        <location line="-112"/>
        <location line="+2"/>
        <source>unset</source>
        <translation>未設定</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>shown on the card instead of the id (optional)</source>
        <translation>卡片上取代 ID 顯示（選填）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label: what the card says (寫報告); the id stays the key that edges, conditions and expressions use. Double-click a node on the canvas to edit it there.</source>
        <translation>label：卡片上顯示的文字（寫報告）；ID 仍是邊、條件與運算式所用的鍵。在畫布上雙擊節點即可就地編輯。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>optimal: else the cheapest path&apos;s way</source>
        <translation>optimal：否則走成本最低路徑的方向</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>select: optimal — when no condition holds, the run takes the way on the cheapest path to an end under its depth and budget (Run &gt; Run Input…), instead of the default</source>
        <translation>select: optimal — 沒有條件成立時，執行依其深度與預算（執行 &gt; 設定執行輸入…）走通往結束的成本最低路徑，而不走預設</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>multiple: the answer is a list of the options chosen</source>
        <translation>multiple：回答為所選選項的清單</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min: at least this many (unset: 1)</source>
        <translation>min：至少選擇的數量（未設定：1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max: at most this many (unset: all the options)</source>
        <translation>max：最多選擇的數量（未設定：全部選項）</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+112"/>
        <source>multiple</source>
        <translation>多選</translation>
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
        <translation>其他鍵</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>inputs: %1</source>
        <translation>輸入：%1</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>other keys: %1</source>
        <translation>其他鍵：%1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>no capability: runs on a mock or a stand-in</source>
        <translation>無對應能力：以模擬或替代實作執行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>⚠ skill_id resolves to no capability</source>
        <translation>⚠ skill_id 未對應到任何能力</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 handler</source>
        <translation>%1 處理器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>composite capability</source>
        <translation>組合能力</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>input</source>
        <translation>輸入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>output</source>
        <translation>輸出</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>(none)</source>
        <translation>（無）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (missing)</source>
        <translation>%1（不存在）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>skill</source>
        <translation>技能節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>control</source>
        <translation>控制節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>interaction (asks a person)</source>
        <translation>互動節點（向人提問）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown type</source>
        <translation>未知類型</translation>
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
        <translation>人機互動</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>End</source>
        <translation>結束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Branch</source>
        <translation>分支</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge</source>
        <translation>合併</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loop start</source>
        <translation>迴圈開始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loop end</source>
        <translation>迴圈結束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel split</source>
        <translation>並行分叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel join</source>
        <translation>並行匯合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Confirm</source>
        <translation>確認</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select</source>
        <translation>選擇</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input</source>
        <translation>輸入</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 (%2): drag onto the canvas, or select it and double-click the canvas</source>
        <translation>%1（%2）：拖曳到畫布上，或選取後在畫布上按兩下</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ParticipantChips</name>
    <message>
        <location filename="../editor/planview/ParticipantChips.cpp" line="+66"/>
        <source>(no assignee)</source>
        <translation>（無負責人）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is assigned tasks but is not among the plan&apos;s participants</source>
        <translation>%1 被指派了任務，但不在計畫的參與者之中</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1
Hidden by the participant filter: click to show their tasks again</source>
        <translation>%1
已被參與者篩選器隱藏：按一下即可重新顯示其任務</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PathPreviewBar</name>
    <message>
        <location filename="../editor/window/PathPreviewBar.cpp" line="+46"/>
        <location line="+1"/>
        <source>Optimal Path</source>
        <translation>最優路徑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimal Path (%1): highlight the cheapest start → end path for the chosen depth and time budget</source>
        <translation>最優路徑（%1）：依所選深度與時間預算，標示從開始到結束成本最低的路徑</translation>
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
        <translation>深度：「快速」讓迴圈成本較高，「深入」讓向人提問的成本較低</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no budget</source>
        <translation>不限預算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>budget </source>
        <translation>預算 </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The longest time the path may take (0: no limit)</source>
        <translation>路徑可花費的最長時間（0：不限）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No path: %1</source>
        <translation>找不到路徑：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Optimal path: %n node(s), cost %1, time %2</source>
        <translation>
            <numerusform>最優路徑：%n 個節點，成本 %1，時間 %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PlanCard</name>
    <message>
        <location filename="../editor/planview/PlanCard.cpp" line="+80"/>
        <source>%1… (%2 more characters)</source>
        <translation>%1…（還有 %2 個字元）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PlanEdgeItem</name>
    <message>
        <location filename="../editor/planview/PlanEdgeItem.cpp" line="+24"/>
        <source>Via hidden tasks: %1</source>
        <translation>經由隱藏的任務：%1</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PlanInfoPanel</name>
    <message>
        <location filename="../editor/planview/PlanInfoPanel.cpp" line="+34"/>
        <location line="+80"/>
        <source>Prerequisites</source>
        <translation>前置任務</translation>
    </message>
    <message>
        <location line="-78"/>
        <location line="+79"/>
        <source>Successors</source>
        <translation>後續任務</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>(no assignee)</source>
        <translation>（無負責人）</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n task(s) in this plan</source>
        <translation>
            <numerusform>在此計畫中有 %n 個任務</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not among the plan&apos;s participants</source>
        <translation>不在計畫的參與者之中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tasks (%1)</source>
        <translation>任務（%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Plan</source>
        <translation>計畫</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No tasks drawn</source>
        <translation>未繪製任何任務</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Critical path: %n task(s), %1 dependencies long</source>
        <translation>
            <numerusform>關鍵路徑：%n 個任務，相依鏈長度 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>1 participant</source>
        <translation>1 位參與者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 participants</source>
        <translation>%1 位參與者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · 1 negotiation round</source>
        <translation> · 1 輪協商</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · %1 negotiation rounds</source>
        <translation> · %1 輪協商</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click a task to see what it depends on and what waits for it.</source>
        <translation>點選任務即可查看它的前置任務與後續任務。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 · %2 · on the critical path</source>
        <translation>%1 · %2 · 位於關鍵路徑上</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No assignee</source>
        <translation>無負責人</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>⚠ %1 (not among the participants)</source>
        <translation>⚠ %1（不在參與者之中）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(no description)</source>
        <translation>（無說明）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Prerequisites (%1)</source>
        <translation>前置任務（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Successors (%1)</source>
        <translation>後續任務（%1）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PlanScene</name>
    <message>
        <location filename="../editor/planview/PlanScene.cpp" line="+105"/>
        <source>(no assignee)</source>
        <translation>（無負責人）</translation>
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
        <translation>進行中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>pending</source>
        <translation>待處理</translation>
    </message>
    <message>
        <location line="+158"/>
        <source>(no assignee)</source>
        <translation>（無負責人）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PlanWindow</name>
    <message>
        <location filename="../editor/planview/PlanWindow.cpp" line="+183"/>
        <source>Plan — CapGraph Studio</source>
        <translation>計畫 — CapGraph Studio</translation>
    </message>
    <message>
        <location line="-76"/>
        <source>Task</source>
        <translation>任務</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Severity</source>
        <translation>嚴重性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>訊息</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Code</source>
        <translation>代碼</translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+259"/>
        <source>Problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <location line="-256"/>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>What</source>
        <translation>內容</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Negotiation</source>
        <translation>協商</translation>
    </message>
    <message>
        <location line="-115"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>Overview</source>
        <translation>總覽</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Plan</source>
        <translation>計畫</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open…</source>
        <translation>開啟…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open URL…</source>
        <translation>開啟 URL…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit</source>
        <translation>符合視窗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whole chain</source>
        <translation>整條相依鏈</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Highlight everything upstream and downstream of the selected task, not only its neighbours</source>
        <translation>醒目提示所選任務的所有上游與下游任務，而不只是相鄰任務</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Critical path</source>
        <translation>關鍵路徑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Outline the longest chain of dependent tasks</source>
        <translation>標示出最長的相依任務鏈</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Swimlanes</source>
        <translation>泳道</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One band per participant</source>
        <translation>每位參與者一條泳道</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>Participants</source>
        <translation>參與者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show only the tasks of some participants</source>
        <translation>只顯示部分參與者的任務</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export…</source>
        <translation>匯出…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 is shown again</source>
        <translation>已重新顯示 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is hidden by the participant filter</source>
        <translation>%1 已被參與者篩選器隱藏</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: prerequisites %2, successors %3</source>
        <translation>%1：前置任務 %2 個，後續任務 %3 個</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The plan could not be loaded: %1</source>
        <translation>無法載入計畫：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not open %1</source>
        <translation>無法開啟 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No plan open. Open a plan_json or plan.ready file, a URL, or an event stream.</source>
        <translation>尚未開啟計畫。請開啟 plan_json 或 plan.ready 檔案、URL 或事件串流。</translation>
    </message>
    <message>
        <location line="+40"/>
        <location line="+3"/>
        <source>Opening %1…</source>
        <translation>正在開啟 %1…</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>%1 — Plan — CapGraph Studio</source>
        <translation>%1 — 計畫 — CapGraph Studio</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+70"/>
        <source>(The plan has no text to show.)</source>
        <translation>（此計畫沒有可顯示的文字。）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>This is not a plan that can be drawn — %1</source>
        <translation>無法繪製此計畫：%1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Showing the text of %1</source>
        <translation>正在顯示 %1 的文字</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>The plan came without plan_json (its structured tasks): showing its text.</source>
        <translation>此計畫沒有 plan_json（結構化任務），改為顯示其文字。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The plan has no tasks: showing its text.</source>
        <translation>此計畫沒有任務，改為顯示其文字。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The tasks form a cycle (%1), so they have no order to draw: showing the plan&apos;s text.</source>
        <translation>任務之間形成環路（%1），無法決定繪製順序，改為顯示計畫的文字。</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>1 problem in this plan: %1 (see Problems)</source>
        <translation>此計畫有 1 個問題：%1（請參閱「問題」）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 problems in this plan; the first: %2 (see Problems)</source>
        <translation>此計畫有 %1 個問題，第一個：%2（請參閱「問題」）</translation>
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
            <numerusform>%n 個任務</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n participant(s)</source>
        <translation>
            <numerusform>%n 位參與者</numerusform>
        </translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Waiting for the plan (plan.ready)…</source>
        <translation>正在等待計畫（plan.ready）…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The negotiation is in progress (events so far: %1). The plan appears when it is ready.</source>
        <translation>協商進行中（目前已收到 %1 個事件）。計畫就緒後即會顯示。</translation>
    </message>
    <message>
        <location line="-247"/>
        <location line="+281"/>
        <source>(no assignee)</source>
        <translation>（無負責人）</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Problems (%1)</source>
        <translation>問題（%1）</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Show Everyone</source>
        <translation>顯示所有參與者</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>there is no drawing to export: %1</source>
        <translation>沒有可匯出的圖形：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open a plan</source>
        <translation>開啟計畫</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Plans (*.json *.sse *.txt);;All files (*)</source>
        <translation>計畫 (*.json *.sse *.txt);;所有檔案 (*)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open a plan from a URL</source>
        <translation>從 URL 開啟計畫</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A URL answering with a plan (JSON) or a text/event-stream of the negotiation:</source>
        <translation>回傳計畫（JSON）或協商事件串流（text/event-stream）的 URL：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Export the plan</source>
        <translation>匯出計畫</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SVG (*.svg);;PNG (*.png)</source>
        <translation>SVG (*.svg);;PNG (*.png)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Recent</source>
        <translation>最近開啟的檔案(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Example Pla&amp;ns</source>
        <translation>範例計畫(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Close</source>
        <translation>關閉(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ProblemsDock</name>
    <message>
        <location filename="../editor/window/ProblemsDock.cpp" line="+71"/>
        <source>Problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>Severity</source>
        <translation>嚴重性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>訊息</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Code</source>
        <translation>代碼</translation>
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
        <translation>第 %1 條邊</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>edge %1 (%2)</source>
        <translation>第 %1 條邊（%2）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Problems (%1)</source>
        <translation>問題（%1）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::PropertiesDock</name>
    <message>
        <location filename="../editor/properties/PropertiesDock.cpp" line="+51"/>
        <location line="+7"/>
        <source>Properties</source>
        <translation>屬性</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>A frame or a note: double-click it on the canvas to edit its text.</source>
        <translation>框架或註記：在畫布上按兩下即可編輯其文字。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n items selected.
Select one node or edge to edit its properties.</source>
        <translation>
            <numerusform>已選取 %n 個項目。
請只選取一個節點或邊以編輯其屬性。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>capgraph::editor::QuickAddHandler</name>
    <message>
        <location filename="../editor/window/QuickAddHandler.cpp" line="+54"/>
        <source>Add and connect a node</source>
        <translation>新增並連接節點</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot connect: %1</source>
        <translation>無法連接：%1</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::QuickAddPopup</name>
    <message>
        <location filename="../editor/view/QuickAddPopup.cpp" line="+24"/>
        <location line="+48"/>
        <source>Add node…</source>
        <translation>新增節點…</translation>
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
        <translation>單獨執行 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Calls the handler of &lt;b&gt;%1&lt;/b&gt; (%2) once with the input below, without running the graph. The run on screen and the nodes after it do not change; pin the new output to use it in the next runs.</source>
        <translation>以下方的輸入呼叫 &lt;b&gt;%1&lt;/b&gt;（%2）的處理器一次，不執行整張圖。畫面上的執行與其後的節點都不會改變；釘選新的輸出即可在之後的執行中使用它。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Edit the messages and model settings the handler sends</source>
        <translation>編輯處理器送出的訊息與模型設定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Off: the handler renders its messages from the input, as in a run. On: what is typed below is sent as it is.</source>
        <translation>關閉：處理器如同執行時一樣，由輸入產生訊息。開啟：照原樣送出下方輸入的內容。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Input (YAML or JSON)</source>
        <translation>輸入（YAML 或 JSON）</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+71"/>
        <source>Recorded output</source>
        <translation>記錄的輸出</translation>
    </message>
    <message>
        <location line="-69"/>
        <source>New output</source>
        <translation>新的輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not run yet: press Run</source>
        <translation>尚未執行：請按「執行」</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+126"/>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <location line="-125"/>
        <source>Call the handler once (Ctrl+Return)</source>
        <translation>呼叫處理器一次（Ctrl+Return）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pin New Output</source>
        <translation>釘選新的輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the new output for the next runs: they give it instead of calling this node&apos;s handler</source>
        <translation>為之後的執行保留新的輸出：執行時使用它，而不呼叫此節點的處理器</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Recorded output (%1)</source>
        <translation>記錄的輸出（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing recorded: the node has not run in the run on screen</source>
        <translation>沒有紀錄：此節點在畫面上的這次執行中尚未執行</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+40"/>
        <location line="+18"/>
        <source>the input</source>
        <translation>輸入</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>%1: expected a mapping of names to values, such as
topic: solar panels</source>
        <translation>%1：應為名稱對應到值的映射，例如
topic: solar panels</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>the settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot run it: %1</source>
        <translation>無法執行：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1"/>
        <source>Running…</source>
        <translation>執行中…</translation>
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
        <translation>完成，耗時 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No output</source>
        <translation>沒有輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed after %1: %2</source>
        <translation>%1 後失敗：%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Failed: %1</source>
        <translation>失敗：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n retries.</source>
        <translation>
            <numerusform>重試 %n 次。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 tokens (prompt %2, completion %3).</source>
        <translation>%1 個 token（提示 %2，完成 %3）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot save the pins: %1</source>
        <translation>無法儲存釘選：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pinned: the next runs use this output instead of calling the handler of %1.</source>
        <translation>已釘選：之後的執行會使用此輸出，而不呼叫 %1 的處理器。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pinned the output of %1: the next runs use it instead of calling its handler</source>
        <translation>已釘選 %1 的輸出：之後的執行會使用它，而不呼叫其處理器</translation>
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
        <translation>%1 小時 %2 分 %3 秒</translation>
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
        <translation>無法讀取 %1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is larger than a trace may be (256 MiB)</source>
        <translation>%1 超過追蹤記錄的大小上限（256 MiB）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Compare Runs</source>
        <translation>比較執行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node</source>
        <translation>節點</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <source>Earlier run</source>
        <translation>較早的執行</translation>
    </message>
    <message>
        <location line="-1"/>
        <location line="+2"/>
        <source>Later run</source>
        <translation>較晚的執行</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The same route, outputs, steps and tokens</source>
        <translation>路徑、輸出、步驟與 Token 都相同</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The same outputs</source>
        <translation>輸出相同</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n node(s) with different outputs</source>
        <translation>
            <numerusform>%n 個節點的輸出不同</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>both %1</source>
        <translation>兩次都%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>steps %1 → %2%3</source>
        <translation>步驟 %1 → %2%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time %1 → %2</source>
        <translation>時間 %1 → %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens %1 → %2%3</source>
        <translation>Token %1 → %2%3</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>cost %1 → %2%3</source>
        <translation>費用 %1 → %2%3</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>Both runs took the same route, %n node(s) long.</source>
        <translation>
            <numerusform>兩次執行走了相同的路徑，共 %n 個節點。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nowhere (it ended)</source>
        <translation>無處（已結束）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The routes part after %1 (node %2 of the route): the earlier run went to %3, the later one to %4.</source>
        <translation>路徑在 %1（路徑上第 %2 個節點）之後分開：較早的執行走向 %3，較晚的走向 %4。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The routes part at their first node: the earlier run began at %1, the later one at %2.</source>
        <translation>路徑在第一個節點就分開：較早的執行從 %1 開始，較晚的從 %2 開始。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Earlier run: %1
Later run: %2</source>
        <translation>較早的執行：%1
較晚的執行：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>(no output)</source>
        <translation>（沒有輸出）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Click to select %1 on the canvas</source>
        <translation>按一下以在畫布上選取 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+1"/>
        <source>No output in this run</source>
        <translation>這次執行沒有輸出</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::RunController</name>
    <message>
        <location filename="../editor/run/RunController.cpp" line="+142"/>
        <source>idle</source>
        <translation>閒置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>執行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paused</source>
        <translation>已暫停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting for an answer</source>
        <translation>等待回答中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>no run to show</source>
        <translation>沒有可顯示的執行</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>run %1 started on the server; another graph is open now: open the run from Server Runs</source>
        <translation>執行 %1 已在伺服器上開始；現在開啟的是另一張圖：請從「伺服器執行」開啟這次執行</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Open a run from Run History first: a fork goes on from a step of a recorded run.</source>
        <translation>請先從「執行紀錄」開啟一次執行：分岔會從已記錄執行的某個步驟接續。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The graph has no node %1 any more: the fork cannot go on from it.</source>
        <translation>圖中已沒有節點 %1：無法從它接續分岔。</translation>
    </message>
    <message>
        <location line="+256"/>
        <location line="+19"/>
        <source>the run has not started on the server yet</source>
        <translation>這次執行尚未在伺服器上開始</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>a server&apos;s run is changed at its own level only</source>
        <translation>伺服器上的執行只能在它自己的層級修改</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no run to change</source>
        <translation>沒有可修改的執行</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the child run of %1 has ended</source>
        <translation>%1 的子執行已結束</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+19"/>
        <source>pause the run first</source>
        <translation>請先暫停執行</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>no run is waiting</source>
        <translation>沒有等待回答的執行</translation>
    </message>
    <message>
        <location line="+183"/>
        <source>stop the run first (a replay would end it)</source>
        <translation>請先停止執行（重播會結束目前的執行）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1:%2: not a run event</source>
        <translation>%1:%2：不是執行事件</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::RunHistoryDock</name>
    <message>
        <location filename="../editor/run/RunHistoryDock.cpp" line="+72"/>
        <source>interrupted</source>
        <translation>已中斷</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> · %1 tokens</source>
        <translation> · %1 個 token</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>Double-click a run to replay it; select two (Ctrl+click) to compare them</source>
        <translation>按兩下一次執行以重播；選取兩次（Ctrl+按一下）以比較</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+142"/>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Select two runs to compare them (Ctrl+click the second)</source>
        <translation>請選取兩次執行以比較（Ctrl+按一下第二次）</translation>
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
            <numerusform>%n 個步驟</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source> · ↳ fork of the run of %1 at step %2</source>
        <translation> · ↳ 分岔自 %1 的執行，步驟 %2</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>Run History</source>
        <translation>執行紀錄</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+146"/>
        <source>Replay</source>
        <translation>重播</translation>
    </message>
    <message>
        <location line="-145"/>
        <source>Replay the selected run on the canvas (or double-click it)</source>
        <translation>在畫布上重播所選的執行（或按兩下該項目）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to editing</source>
        <translation>返回編輯</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search runs: a node, an output, an answer, an error…</source>
        <translation>搜尋執行：節點、輸出、回答、錯誤…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shows the runs whose input, trace or outcome contains this text (case ignored)</source>
        <translation>只列出輸入、追蹤紀錄或結果含有這段文字的執行（不分大小寫）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare the two selected runs (or a fork with the run it forked from): where their routes part, the outputs that differ, steps, time and tokens</source>
        <translation>比較選取的兩次執行（或分岔與其來源執行）：路線在何處分開、哪些輸出不同、步驟、時間與 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+142"/>
        <source>Fork from Here…</source>
        <translation>從此處分岔…</translation>
    </message>
    <message>
        <location line="-141"/>
        <source>Go on from the step the scrubber is at as a new run, with values changed first if you like; this run stays as it is</source>
        <translation>以新的執行從時間軸所在的步驟接續，可先修改值；這次執行維持不變</translation>
    </message>
    <message>
        <location line="+40"/>
        <location line="+18"/>
        <source>The Run History cannot be searched: %1</source>
        <translation>無法搜尋執行紀錄：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No run of %1 contains “%2”</source>
        <translation>%1 沒有含「%2」的執行</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n run(s) with “%1”</source>
        <translation>
            <numerusform>%n 次執行含「%1」</numerusform>
        </translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Cannot fork: %1</source>
        <translation>無法分岔：%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Event %1 of %2: step %3, %4 %5</source>
        <translation>事件 %1/%2：第 %3 步，%5 %4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Before the run (0 of %1)</source>
        <translation>執行開始前（0/%1）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::RunInputDialog</name>
    <message>
        <location filename="../editor/ui/RunInputDialog.cpp" line="+53"/>
        <source>Run input</source>
        <translation>執行的輸入</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>This graph reads no input (no input.… in its conditions or templates).</source>
        <translation>此圖不讀取任何輸入（其條件或範本中沒有 input.…）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>default: %1</source>
        <translation>預設：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>input.%1: any value (JSON or text)</source>
        <translation>input.%1：任意值（JSON 或文字）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>input.%1: the graph compares it with %2</source>
        <translation>input.%1：圖會將其與 %2 比較</translation>
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
        <translation>表單</translation>
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
        <translation>執行</translation>
    </message>
    <message>
        <location line="-77"/>
        <source>Path choice (branches with select: optimal)</source>
        <translation>路徑選擇（select: optimal 的分支）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The time the path may take, in the graph&apos;s cost units (edge weights), as capgraph path --budget takes it</source>
        <translation>路徑可花費的時間，以圖的成本單位（邊的權重）計，與 capgraph path --budget 相同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Depth:</source>
        <translation>深度：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time budget:</source>
        <translation>時間預算：</translation>
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
        <translation>圖的設定（%1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the graph&apos;s: %1</source>
        <translation>圖的設定：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Keep for the Next Run</source>
        <translation>保留給下一次執行</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The JSON is not valid: %1 (at character %2)</source>
        <translation>JSON 無效：%1（位於第 %2 個字元）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The input is a JSON object: {&quot;name&quot;: value, …}</source>
        <translation>輸入必須是 JSON 物件：{&quot;name&quot;: value, …}</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>input.%1 is required (%2)</source>
        <translation>input.%1 為必填（%2）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>input.%1 should be %2, not %3</source>
        <translation>input.%1 應為%2，而不是 %3</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::RunLogDock</name>
    <message>
        <location filename="../editor/run/RunLogDock.cpp" line="+92"/>
        <source>Run Log</source>
        <translation>執行日誌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Selected node only</source>
        <translation>僅限所選節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step</source>
        <translation>步驟</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Node</source>
        <translation>節點</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>訊息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run&apos;s own time: since it started, without the time it stood paused (a pause, a breakpoint, a step) or waited for an answer</source>
        <translation>執行本身的時間：自執行開始起算，不含停住的時間（暫停、中斷點、單步）或等待回答的時間</translation>
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
        <translation>自開始起 %1，其中 %2 為暫停或等待回答</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ServerHandler</name>
    <message>
        <location filename="../editor/window/ServerHandler.cpp" line="+41"/>
        <source>Running on %1</source>
        <translation>正在 %1 上執行</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The token is not kept (the keyring: %1); it is used until the studio closes</source>
        <translation>權杖未被保存（鑰匙圈：%1）；在工作室關閉前仍會使用</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Connected to %1</source>
        <translation>已連線到 %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Disconnected from %1</source>
        <translation>已中斷與 %1 的連線</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Server: %1</source>
        <translation>伺服器：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+54"/>
        <source>not connected to a server</source>
        <translation>尚未連線到伺服器</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cannot keep the run&apos;s graph in %1: %2</source>
        <translation>無法將這次執行的圖保存在 %1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Run %1 of %2</source>
        <translation>%2 的執行 %1</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ServerRunsDock</name>
    <message>
        <location filename="../editor/run/ServerRunsDock.cpp" line="+118"/>
        <source>Server Runs</source>
        <translation>伺服器執行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All statuses</source>
        <translation>所有狀態</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Graph (as the server names it)</source>
        <translation>圖（以伺服器上的名稱）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graph</source>
        <translation>圖</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Started</source>
        <translation>開始時間</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Steps</source>
        <translation>步數</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tokens</source>
        <translation>Token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Server</source>
        <translation>伺服器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open</source>
        <translation>開啟(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the run on the canvas: its graph, its state as it goes, and the debugger</source>
        <translation>在畫布上顯示這次執行：它的圖、進行中的狀態與除錯器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run on Server</source>
        <translation>在伺服器上執行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send the open graph to the server and follow its run here, with this graph&apos;s breakpoints</source>
        <translation>把開啟的圖送到伺服器，並在這裡跟隨它的執行，使用這張圖的中斷點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel Run</source>
        <translation>取消執行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disconnect</source>
        <translation>中斷連線</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · runs kept in %2</source>
        <translation>%1 · 執行保存在 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not connected: File &gt; Connect to Server…</source>
        <translation>尚未連線：檔案 &gt; 連線到伺服器…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>queued</source>
        <translation>排隊中</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>Run %1</source>
        <translation>執行 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The newest %1 of %2 runs</source>
        <translation>%2 次執行中最新的 %1 次</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ShortcutsDialog</name>
    <message>
        <location filename="../editor/window/ShortcutsDialog.cpp" line="+74"/>
        <source>Keyboard Shortcuts</source>
        <translation>鍵盤快捷鍵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search actions, menus or keys (F9, Ctrl+D)</source>
        <translation>搜尋動作、選單或按鍵（F9、Ctrl+D）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Action</source>
        <translation>動作</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>按鍵</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Menu</source>
        <translation>選單</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::StudioActions</name>
    <message>
        <location filename="../editor/window/StudioActions.cpp" line="+336"/>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Undo %1</source>
        <translation>復原 %1(&amp;U)</translation>
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
        <translation>新增(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open…</source>
        <translation>開啟(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save &amp;As…</source>
        <translation>另存新檔(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export Picture…</source>
        <translation>匯出圖片(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Print…</source>
        <translation>列印(&amp;P)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Plan…</source>
        <translation>開啟計畫(&amp;P)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Plan from &amp;URL…</source>
        <translation>從 URL 開啟計畫(&amp;U)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect to Ser&amp;ver…</source>
        <translation>連線到伺服器(&amp;V)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Follow and debug the runs of a run server (capgraph serve), or run this graph on it</source>
        <translation>跟隨並除錯執行伺服器（capgraph serve）上的執行，或在其上執行這張圖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cu&amp;t</source>
        <translation>剪下(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy</source>
        <translation>複製(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Paste</source>
        <translation>貼上(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>D&amp;uplicate</source>
        <translation>建立複本(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete</source>
        <translation>刪除(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select &amp;All</source>
        <translation>全選(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit &amp;Label</source>
        <translation>編輯標籤(&amp;L)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Edit the selected node&apos;s label on its card (the id stays the key)</source>
        <translation>在卡片上編輯所選節點的標籤（ID 仍是鍵）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;Out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Actual Size</source>
        <translation>實際大小(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Fit to View</source>
        <translation>符合視窗(&amp;F)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fit to view: the whole graph, or its start at a zoom where the labels read</source>
        <translation>符合視窗：顯示整張圖，或以標籤清晰可讀的縮放比例顯示其開頭部分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom to &amp;Selection</source>
        <translation>縮放至選取範圍(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show &amp;Whole Graph</source>
        <translation>顯示整張圖(&amp;W)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The whole graph, however small it gets</source>
        <translation>整張圖，無論縮得多小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;nap to Grid</source>
        <translation>貼齊格線(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark Canvas</source>
        <translation>深色畫布(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Overview</source>
        <translation>總覽(&amp;O)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The whole graph, small, over the canvas&apos;s corner: click or drag in it to go there</source>
        <translation>在畫布角落以縮圖顯示整張圖：在縮圖中按一下或拖曳即可移至該處</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset &amp;Layout</source>
        <translation>重設視窗配置(&amp;L)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Put the docks back where they start: the canvas gets most of the window</source>
        <translation>將各面板放回初始位置：畫布佔用視窗的大部分空間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Sub-graph</source>
        <translation>開啟子圖(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Open the graph the selected composite node runs, here, to edit or watch it</source>
        <translation>在此開啟所選組合節點執行的圖，以編輯或觀察它</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Back to Parent Graph</source>
        <translation>回到上層圖(&amp;B)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Back to the graph that runs this sub-graph</source>
        <translation>回到執行此子圖的圖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Auto-Layout</source>
        <translation>自動排版(&amp;A)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Auto-layout: arrange the whole graph in layers</source>
        <translation>自動排版：將整張圖分層排列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Auto-Layout &amp;Selection</source>
        <translation>自動排版選取項目(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Group into Frame</source>
        <translation>群組至框架(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add &amp;Note</source>
        <translation>新增註記(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Align &amp;Left</source>
        <translation>靠左對齊(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Align &amp;Top</source>
        <translation>靠上對齊(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Align Centres &amp;Horizontally</source>
        <translation>水平置中對齊(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Align Centres &amp;Vertically</source>
        <translation>垂直置中對齊(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xtract to Sub-graph…</source>
        <translation>擷取為子圖(&amp;X)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the selected nodes into a graph of their own, called through a new composite capability: one node takes their place</source>
        <translation>將選取的節點移到一張獨立的圖中，經由新的組合能力呼叫：由一個節點取代它們</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Inline Sub-graph</source>
        <translation>展開子圖(&amp;I)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Put the nodes of the graph the selected composite node runs in its place</source>
        <translation>以所選組合節點執行的圖中的節點取代該節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graph &amp;Properties…</source>
        <translation>圖屬性(&amp;P)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The graph&apos;s id, name, version, description and default run input, in the Properties dock</source>
        <translation>圖的 ID、名稱、版本、描述與預設執行輸入，顯示於「屬性」面板</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Continue</source>
        <translation>繼續(&amp;C)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+50"/>
        <source>&amp;Run</source>
        <translation>執行(&amp;R)</translation>
    </message>
    <message>
        <location line="-50"/>
        <source>Continue the run</source>
        <translation>繼續執行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run the graph</source>
        <translation>執行此圖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Pause</source>
        <translation>暫停(&amp;P)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pause the run before its next node</source>
        <translation>在下一個節點之前暫停執行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Step</source>
        <translation>單步(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step: run one node, then stop before the next</source>
        <translation>單步：執行一個節點，然後在下一個節點前停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step &amp;Into</source>
        <translation>單步進入(&amp;I)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step into: a node that runs a sub-graph stops inside it, before its first node</source>
        <translation>單步進入：執行子圖的節點會停在子圖內、其第一個節點之前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step O&amp;ut</source>
        <translation>單步跳出(&amp;U)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step out: the sub-graph the run is paused in runs to its end, then the run stops before the next node</source>
        <translation>單步跳出：執行暫停所在的子圖會執行到結束，然後在下一個節點前停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run &amp;to Selected Node</source>
        <translation>執行到選取的節點(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>St&amp;op</source>
        <translation>停止(&amp;O)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stop the run</source>
        <translation>停止執行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rerun &amp;from Selected Node</source>
        <translation>從選取的節點重新執行(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Toggle &amp;Breakpoint</source>
        <translation>切換中斷點(&amp;B)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Toggle a breakpoint on the selected nodes</source>
        <translation>在選取的節點上切換中斷點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Breakpoint &amp;Condition…</source>
        <translation>中斷點條件(&amp;C)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run &amp;Input…</source>
        <translation>設定執行輸入(&amp;I)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Mock File…</source>
        <translation>模擬檔案(&amp;M)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send each run&apos;s trace to an OpenTelemetry collector (Jaeger, Langfuse, Phoenix)</source>
        <translation>將每次執行的追蹤記錄送到 OpenTelemetry 收集器（Jaeger、Langfuse、Phoenix）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>E&amp;xport Traces…</source>
        <translation>匯出追蹤記錄(&amp;X)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Follow the Run</source>
        <translation>跟隨執行(&amp;F)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Follow the run: keep the node that runs or waits in view</source>
        <translation>跟隨執行：讓正在執行或等待中的節點保持在視野內</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unpin &amp;Output</source>
        <translation>取消釘選輸出(&amp;O)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pin &amp;Output</source>
        <translation>釘選輸出(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs call the selected node&apos;s handler again</source>
        <translation>執行時會再次呼叫所選節點的處理器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the selected node&apos;s last output for the next runs: they use it instead of calling its handler</source>
        <translation>為之後的執行保留所選節點上次的輸出：執行時使用它，而不呼叫其處理器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run Node &amp;Alone…</source>
        <translation>單獨執行節點(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call the selected skill node&apos;s handler once with its recorded input, edited first if you like, without running the graph</source>
        <translation>以記錄的輸入（可先編輯）呼叫所選技能節點的處理器一次，不執行整張圖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare &amp;With…</source>
        <translation>比較對象(&amp;W)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Compare the open graph with another file or an earlier git revision of it: what differs, on the canvas</source>
        <translation>將開啟的圖與另一個檔案或它較早的 git 修訂版比較：不同之處顯示在畫布上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close Co&amp;mparison</source>
        <translation>關閉比較(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Find in Graph…</source>
        <translation>在圖中尋找(&amp;F)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Find nodes by id, label, type, capability, prompt, condition or note; filters such as type:skill or is:stale</source>
        <translation>依 id、標籤、類型、能力、提示、條件或註記尋找節點；可用 type:skill 或 is:stale 等篩選條件</translation>
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
        <translation>復原 (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo (%1)</source>
        <translation>重做 (%1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Examples</source>
        <translation>範例(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Recent</source>
        <translation>最近開啟的檔案(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Example Pla&amp;ns</source>
        <translation>範例計畫(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>語言(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;System (%1)</source>
        <translation>跟隨系統（%1）(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Graph</source>
        <translation>圖(&amp;G)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Main</source>
        <translation>主工具列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connect: auto</source>
        <translation>連線：自動</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>sequence edge</source>
        <translation>順序邊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>conditional edge</source>
        <translation>條件邊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>iteration edge</source>
        <translation>迭代邊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>parallel edge</source>
        <translation>並行邊</translation>
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
        <translation>新連線的類型：「自動」依兩端節點而定（從分支連出時：成為它的一個條件）</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::SubgraphNavigation</name>
    <message>
        <location filename="../editor/window/SubgraphNavigation.cpp" line="+72"/>
        <source>Select one composite node to open the graph it runs</source>
        <translation>請選取一個組合節點以開啟它執行的圖</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 is not in the graph</source>
        <translation>%1 不在圖中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is not a skill bound to a capability: it runs no sub-graph</source>
        <translation>%1 不是綁定能力的技能節點：它不執行子圖</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 runs %2, which is not a composite capability: it has no graph to open</source>
        <translation>%1 執行 %2，它不是組合能力：沒有可開啟的圖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 runs %2, which no capability folder defines</source>
        <translation>%1 執行 %2，但沒有任何能力資料夾定義它</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Open Sub-graph</source>
        <translation>開啟子圖</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not open the graph %1 runs:

%2</source>
        <translation>無法開啟 %1 執行的圖：

%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Inside %1: %2 — Alt+Up or the bar above goes back</source>
        <translation>在 %1 內：%2 — 按 Alt+↑ 或點上方的列即可返回</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Sub-graph:</source>
        <translation>子圖：</translation>
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
        <translation>%1，目前顯示中</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Back to %1</source>
        <translation>回到 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Child run:</source>
        <translation>子執行：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Which run of this sub-graph the canvas shows: the node above ran it more than once</source>
        <translation>畫布顯示此子圖的哪一次執行：上層節點執行了它不只一次</translation>
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
            <numerusform>%n 個節點</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&lt;b&gt;%1&lt;/b&gt; runs %2 · %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 執行 %2 · %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 does not load:&lt;br&gt;%3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2 無法載入：&lt;br&gt;%3</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::SubgraphRefactoring</name>
    <message>
        <location filename="../editor/window/SubgraphRefactoring.cpp" line="+50"/>
        <source>Extract to Sub-graph</source>
        <translation>擷取為子圖</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select the nodes to move into a sub-graph</source>
        <translation>請選取要移入子圖的節點</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save the graph first: the sub-graph and its capability are written beside it.</source>
        <translation>請先儲存此圖：子圖與其能力會寫在它旁邊。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Made from %1 of %2</source>
        <translation>由 %2 的 %1 建立</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+23"/>
        <source>These nodes cannot move into a sub-graph:

%1</source>
        <translation>這些節點無法移入子圖：

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
        <translation>%1 已是圖中的節點：請換一個 ID。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A capability named %1 exists already: choose another name.</source>
        <translation>名為 %1 的能力已存在：請換一個名稱。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 exists already: choose another name.</source>
        <translation>%1 已存在：請換一個名稱。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Could not write %1:

%2</source>
        <translation>無法寫入 %1：

%2</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Extract %n node(s) to %1</source>
        <translation>
            <numerusform>將 %n 個節點擷取為 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Extracted to %1 (%2)</source>
        <translation>已擷取至 %1（%2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Inline Sub-graph</source>
        <translation>展開子圖</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Select one composite node to put its graph in its place</source>
        <translation>請選取一個組合節點，以它的圖取代它</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no composite node selected</source>
        <translation>未選取組合節點</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 has unsaved changes: save it first (open it, File &gt; Save).</source>
        <translation>%1 有未儲存的變更：請先儲存（開啟它，檔案 &gt; 儲存）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 does not load:

%2</source>
        <translation>%1 無法載入：

%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 cannot be inlined:

%2</source>
        <translation>%1 無法展開：

%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Inline %1</source>
        <translation>展開 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 inlined: %n node(s) from %2</source>
        <translation>
            <numerusform>已展開 %1：來自 %2 的 %n 個節點</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>capgraph::editor::TestsDock</name>
    <message>
        <location filename="../editor/run/TestsDock.cpp" line="+120"/>
        <source>invalid</source>
        <translation>無效</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>running…</source>
        <translation>執行中…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Tests: %1 passed, %2 failed</source>
        <translation>測試：%1 個通過，%2 個失敗</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tests: all %1 passed</source>
        <translation>測試：%1 個全部通過</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>✓ passed</source>
        <translation>✓ 通過</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>✕ failed</source>
        <translation>✕ 失敗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>✕ cannot run</source>
        <translation>✕ 無法執行</translation>
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
            <numerusform>%1：此圖的 %n 個案例。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not run yet. Run Selected runs it.</source>
        <translation>尚未執行。「執行所選」即可執行它。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The case cannot run:</source>
        <translation>此案例無法執行：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What did not hold:</source>
        <translation>未成立的預期：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every expectation held.</source>
        <translation>所有預期都成立。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Route: %1</source>
        <translation>路徑：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Status: %1 · %n steps</source>
        <translation>
            <numerusform>狀態：%1 · %n 步</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This case did not run: there is nothing to open</source>
        <translation>此案例沒有執行：沒有可開啟的內容</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot open the case&apos;s run: %1</source>
        <translation>無法開啟此案例的執行：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The run of “%1”, replayed: “Back to editing” in Run History leaves it</source>
        <translation>正在重播「%1」的執行：在「執行紀錄」按「返回編輯」即可離開</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Save the graph: its test suites are the *.test.yaml files beside it (docs/testing.md).</source>
        <translation>請先存檔：圖的測試套件是它旁邊的 *.test.yaml 檔案（docs/testing.md）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No test suite beside %1: write a *.test.yaml file there (docs/testing.md).</source>
        <translation>%1 旁沒有測試套件：請在那裡撰寫 *.test.yaml 檔案（docs/testing.md）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unsaved changes are not tested: the cases run the file as saved.</source>
        <translation>未存檔的變更不會被測試：案例執行的是已存檔的檔案。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n cases</source>
        <translation>
            <numerusform>%n 個案例</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Tests</source>
        <translation>測試</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Case</source>
        <translation>案例</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Steps</source>
        <translation>步數</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run All</source>
        <translation>全部執行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run Selected</source>
        <translation>執行所選</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Run</source>
        <translation>開啟執行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay the case&apos;s run on the canvas, at the node where it went wrong</source>
        <translation>在畫布上重播此案例的執行，停在出錯的節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reload</source>
        <translation>重新載入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the suites beside the graph again</source>
        <translation>重新讀取圖旁的測試套件</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::TraceExportDialog</name>
    <message>
        <location filename="../editor/run/TraceExportDialog.cpp" line="+34"/>
        <source>&amp;Send each run&apos;s trace to an OpenTelemetry collector</source>
        <translation>將每次執行的追蹤記錄送到 OpenTelemetry 收集器(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Include what nodes are given and give (inputs and outputs)</source>
        <translation>包含節點收到與產出的內容（輸入與輸出）(&amp;I)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export Traces</source>
        <translation>匯出追蹤記錄</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Spans go over OTLP/HTTP: one for the run, one for each node it runs, with the model and tokens of LLM calls. Jaeger, Langfuse and Phoenix show them as the run&apos;s tree. A collector that does not answer never slows a run. Keys for the collector come from the OTEL_EXPORTER_OTLP_HEADERS environment variable.</source>
        <translation>以 OTLP/HTTP 傳送 span：執行本身一個，每個執行到的節點各一個，LLM 呼叫附上模型與 token 數。Jaeger、Langfuse 與 Phoenix 會將它們顯示為執行的樹狀結構。收集器沒有回應也不會拖慢執行。收集器所需的金鑰取自環境變數 OTEL_EXPORTER_OTLP_HEADERS。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Collector &amp;URL:</source>
        <translation>收集器網址(&amp;U)：</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The collector&apos;s URL must begin with http:// or https:// and name a host, as http://localhost:4318 does.</source>
        <translation>收集器網址須以 http:// 或 https:// 開頭並指明主機，例如 http://localhost:4318。</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::UiText</name>
    <message>
        <location filename="../editor/ui/UiText.cpp" line="+8"/>
        <location line="+4"/>
        <source>error</source>
        <translation>錯誤</translation>
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
        <translation>資訊</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>text</source>
        <translation>文字</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>number</source>
        <translation>數值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>whole number</source>
        <translation>整數</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>list</source>
        <translation>清單</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>object</source>
        <translation>物件</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>trivial</source>
        <comment>complexity level, score 0-20</comment>
        <translation>極簡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>simple</source>
        <comment>complexity level, score 21-40</comment>
        <translation>簡單</translation>
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
        <translation>複雜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>very complex</source>
        <comment>complexity level, score 81-100</comment>
        <translation>非常複雜</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>run started</source>
        <translation>執行開始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>run finished</source>
        <translation>執行完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>run failed</source>
        <translation>執行失敗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>run stopped</source>
        <translation>執行已停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>main path finished</source>
        <translation>主路徑完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>started</source>
        <translation>開始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skipped</source>
        <translation>已略過</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>retry</source>
        <translation>重試</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>progress</source>
        <translation>進度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>edge taken</source>
        <translation>經過邊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>variable changed</source>
        <translation>變數已變更</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>log</source>
        <translation>日誌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>question asked</source>
        <translation>已提問</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>answered</source>
        <translation>已回答</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paused</source>
        <translation>已暫停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resumed</source>
        <translation>已繼續</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>breakpoint</source>
        <translation>中斷點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens used</source>
        <translation>Token 用量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>item done</source>
        <translation>項目完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>forked</source>
        <translation>已分岔</translation>
    </message>
</context>
<context>
    <name>capgraph::editor::ValueView</name>
    <message>
        <location filename="../editor/ui/ValueView.cpp" line="+36"/>
        <source>1 item</source>
        <translation>1 個項目</translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n items</source>
        <translation>
            <numerusform>%n 個項目</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 field</source>
        <translation>1 個欄位</translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n fields</source>
        <translation>
            <numerusform>%n 個欄位</numerusform>
        </translation>
    </message>
    <message>
        <location line="+86"/>
        <source>(an empty list)</source>
        <translation>（空清單）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(no fields)</source>
        <translation>（沒有欄位）</translation>
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
            <numerusform>還有 %n 個</numerusform>
        </translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy</source>
        <translation>複製</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the value shown beside the list (a text as it is, a list or mapping as YAML)</source>
        <translation>複製清單旁顯示的值（文字照原樣，清單或映射為 YAML）</translation>
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
        <translation>以 JSON 表示的值（非 JSON 的文字會當作字串）：</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Variables</source>
        <translation>變數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The context of %1&apos;s child run, paused: double-click a variable&apos;s value to change it (JSON).</source>
        <translation>%1 子執行的上下文，已暫停：按兩下變數的值即可修改（JSON 格式）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The context of %1&apos;s child run, as its events give it (read only: values change while this child run stands paused).</source>
        <translation>%1 子執行的上下文，依其事件所得（唯讀：此子執行暫停時才能修改值）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paused: double-click a variable&apos;s value to change it (JSON).</source>
        <translation>已暫停：按兩下變數的值即可修改（JSON 格式）。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Not changed: %1</source>
        <translation>未修改：%1</translation>
    </message>
</context>
</TS>
