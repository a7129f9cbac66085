import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MCP_SCOPE_TEXTS, MCP_TOOLS, type McpToolGroup } from '@simshop/contract';
import { recordStaffToolCall, recordToolCall } from '../oauth/oauth.service.ts';
import { CUSTOMER_TOOL_RUNS, type CustomerToolContext } from './mcp-customer-tools.ts';
import { PUBLIC_TOOL_RUNS, type ToolAnswer, type ToolContext } from './mcp-public-tools.ts';
import { PURCHASE_TOOL_RUNS } from './mcp-purchase-tools.ts';
import { RESELLER_TOOL_RUNS } from './mcp-reseller-tools.ts';
import { STAFF_REFUSALS } from './mcp-staff-texts.ts';
import { STAFF_TOOL_RUNS, staffRefusal, type StaffToolContext } from './mcp-staff-tools.ts';

/** The tools that act for the customer (or reseller) of the request's token, by name. */
const ACCOUNT_TOOL_RUNS = { ...CUSTOMER_TOOL_RUNS, ...PURCHASE_TOOL_RUNS, ...RESELLER_TOOL_RUNS };

/** What the server tells an assistant when it connects. */
const INSTRUCTIONS =
  'SimShop sells travel eSIMs and SIM cards. Use find_plans for a trip, check_esim_support before recommending an eSIM, install_guide and apn_settings to help after buying, shop_contact to reach a person. With the customer\'s approval (OAuth), my_esims, my_orders and why_no_data act for that customer; preview_purchase then confirm_purchase buy for them (always show the preview and ask first); a reseller\'s wholesale_catalogue, balance and my_ecodes; with a staff member\'s approval, orders_needing_action, customer_history, sales_figures and add_order_note within their console role. Every tool takes language "en" or "zh-Hans". Prices are in minor units in the structured content and spelled out in the text.';

/**
 * One MCP server for one HTTP request (stateless: nothing is kept between requests, so any
 * server process answers any request). Every tool of the contract's registry that has its
 * work here is registered from its definition; a tool whose group the owner switched off is
 * registered disabled, so tools/list leaves it out and a call to it is refused. A customer
 * tool runs only for the customer of the request's token and within its scopes (the route
 * refuses a call without them first; this is the second lock); every call made with a token
 * is recorded with the assistant's name. A staff tool runs only for the staff member of the
 * token, within its scopes and their console role (mcp-staff-tools.ts).
 */
export function buildMcpServer(ctx: ToolContext, openGroups: ReadonlySet<McpToolGroup>, version: string, customer: CustomerToolContext | null = null, staff: StaffToolContext | null = null): McpServer {
  const server = new McpServer({ name: 'simshop', title: 'SimShop', version }, { instructions: INSTRUCTIONS, capabilities: { tools: {} } });
  for (const tool of MCP_TOOLS) {
    const publicRun = PUBLIC_TOOL_RUNS[tool.name];
    const customerRun = ACCOUNT_TOOL_RUNS[tool.name];
    const staffRun = STAFF_TOOL_RUNS[tool.name];
    // A tool of a later group is in the registry before its work is here: it is not offered.
    if (!publicRun && !customerRun && !staffRun) continue;
    const run = async (input: unknown): Promise<ToolAnswer> => {
      if (publicRun) return publicRun(ctx, input as never);
      const language = (input as { language?: string }).language === 'zh-Hans' ? 'zh' : 'en';
      if (staffRun) {
        if (!staff) return { text: language === 'zh' ? STAFF_REFUSALS.noStaff.zh : STAFF_REFUSALS.noStaff.en, error: true };
        if (tool.scope && !staff.staff.scopes.has(tool.scope)) {
          const what = MCP_SCOPE_TEXTS[tool.scope];
          return { text: language === 'zh' ? `您未授权此助手：${what.zh}。请重新连接并授权。` : `You did not allow this assistant to: ${what.en}. Connect again and approve it.`, error: true };
        }
        return staffRefusal(tool.name, staff.staff, language === 'zh' ? 'zh-Hans' : 'en') ?? staffRun(staff, input as never);
      }
      if (!customer) return { text: language === 'zh' ? '此工具需要顾客授权：请先通过 OAuth 连接 SimShop 账号。' : 'This tool needs the customer\'s approval: connect to their SimShop account through OAuth first.', error: true };
      if (tool.scope && !customer.customer.scopes.has(tool.scope)) {
        const what = MCP_SCOPE_TEXTS[tool.scope];
        return { text: language === 'zh' ? `顾客未授权此助手：${what.zh}。请让顾客重新连接并授权。` : `The customer did not allow this assistant to: ${what.en}. Ask them to connect again and approve it.`, error: true };
      }
      return customerRun!(customer, input as never);
    };
    const registered = server.registerTool(
      tool.name,
      { title: tool.title.en, description: tool.description.en, inputSchema: tool.input, outputSchema: tool.output, annotations: { readOnlyHint: tool.readOnly, openWorldHint: false } },
      async (input: unknown) => {
        let answer: ToolAnswer | null = null;
        try {
          answer = await run(input);
        } finally {
          const ok = answer !== null && !('error' in answer);
          if (staff && staffRun) await recordStaffToolCall(staff.db, staff.staff, tool.name, ok, { ip: staff.ip, log: staff.log, now: Date.now() });
          else if (customer) await recordToolCall(customer.db, customer.customer, tool.name, ok, { ip: customer.ip, log: customer.log, now: Date.now() });
        }
        if ('error' in answer) return { content: [{ type: 'text' as const, text: answer.text }], isError: true };
        return { content: [{ type: 'text' as const, text: answer.text }], structuredContent: answer.structured };
      },
    );
    if (!openGroups.has(tool.group)) registered.disable();
  }
  return server;
}
