import { handle } from '../../http/handlers.ts';
import { customerCurrency } from '../../lib/customer-currency.ts';
import { languageOf } from '../../lib/i18n.ts';
import * as tools from './tools.service.ts';
import { mcpSettings, saveMcpSettings } from './mcp-switches.service.ts';

/** The tools page, and the owner's tool settings and MCP switches in the console. */
export const toolsHandlers = [
  handle('tools', 'list', (ctx) => tools.enabledTools(ctx.db)),
  handle('tools', 'plans', (ctx, input) => tools.dataPlans(ctx.db, input, languageOf(input.i18n), ctx.session?.isReseller ?? false, customerCurrency(input.currency, ctx.session, languageOf(input.i18n)))),
  handle('tools', 'apn', (ctx) => tools.apnSettings(ctx.db)),
  handle('adminTools', 'list', (ctx) => tools.adminTools(ctx.db)),
  handle('adminTools', 'save', (ctx, input) => tools.saveTools(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminMcp', 'get', (ctx) => mcpSettings(ctx.db)),
  handle('adminMcp', 'save', (ctx, input) => saveMcpSettings(ctx.db, ctx.actor, input, ctx.now)),
];
