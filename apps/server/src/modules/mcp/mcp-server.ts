import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MCP_TOOLS, type McpToolGroup } from '@simshop/contract';
import { PUBLIC_TOOL_RUNS, type ToolContext } from './mcp-public-tools.ts';

/** What the server tells an assistant when it connects. */
const INSTRUCTIONS =
  'SimShop sells travel eSIMs and SIM cards. Use find_plans for a trip, check_esim_support before recommending an eSIM, install_guide and apn_settings to help after buying, shop_contact to reach a person. Every tool takes language "en" or "zh-Hans". Prices are in minor units in the structured content and spelled out in the text.';

/**
 * One MCP server for one HTTP request (stateless: nothing is kept between requests, so any
 * server process answers any request). Every tool of the contract's registry that has its
 * work here is registered from its definition; a tool whose group the owner switched off is
 * registered disabled, so tools/list leaves it out and a call to it is refused.
 */
export function buildMcpServer(ctx: ToolContext, openGroups: ReadonlySet<McpToolGroup>, version: string): McpServer {
  const server = new McpServer({ name: 'simshop', title: 'SimShop', version }, { instructions: INSTRUCTIONS, capabilities: { tools: {} } });
  for (const tool of MCP_TOOLS) {
    const run = PUBLIC_TOOL_RUNS[tool.name];
    // A tool of a later group is in the registry before its work is here: it is not offered.
    if (!run) continue;
    const registered = server.registerTool(
      tool.name,
      { title: tool.title.en, description: tool.description.en, inputSchema: tool.input, outputSchema: tool.output, annotations: { readOnlyHint: tool.readOnly, openWorldHint: false } },
      async (input: unknown) => {
        const answer = await run(ctx, input as never);
        if ('error' in answer) return { content: [{ type: 'text' as const, text: answer.text }], isError: true };
        return { content: [{ type: 'text' as const, text: answer.text }], structuredContent: answer.structured };
      },
    );
    if (!openGroups.has(tool.group)) registered.disable();
  }
  return server;
}
