/**
 * The tools plugin's registry, apart from the tools' schemas: the shop's shell reads it
 * for its routes, and importing it brings no zod onto the first screen.
 */
/** Icons the shop draws for tools (apps/web/src/features/tools/tool-icon.tsx). */
export type ToolIcon = 'phone' | 'scan' | 'data' | 'settings';

/**
 * The tool registry: adding a tool is one line here and one folder in the shop
 * (apps/web/src/features/tools/<id>/page.tsx; see the README there). `enabled: false` takes a
 * tool out everywhere whatever the owner chose (a tool still being built); the owner's setting
 * decides among the rest. The order here is the order before the owner saves one.
 */
export const TOOLS = [
  { id: 'esim-check', name: { en: 'eSIM compatibility', zh: 'eSIM 兼容性查询' }, icon: 'phone', route: '/pages/tools/esim-check', enabled: true },
  { id: 'number-check', name: { en: 'IMEI / ICCID / EID checker', zh: 'IMEI / ICCID / EID 校验' }, icon: 'scan', route: '/pages/tools/number-check', enabled: true },
  { id: 'data-estimator', name: { en: 'Data estimator', zh: '流量估算' }, icon: 'data', route: '/pages/tools/data-estimator', enabled: true },
  { id: 'apn', name: { en: 'APN settings', zh: 'APN 设置' }, icon: 'settings', route: '/pages/tools/apn', enabled: true },
] as const satisfies readonly { id: string; name: { en: string; zh: string }; icon: ToolIcon; route: `/pages/tools/${string}`; enabled: boolean }[];

export type ToolId = (typeof TOOLS)[number]['id'];
export type ToolDef = (typeof TOOLS)[number];
/** Every tool the code has (enabled or not), in registry order. */
export const TOOL_IDS = TOOLS.map((t) => t.id) as readonly ToolId[] as readonly [ToolId, ...ToolId[]];
/** The tools the owner may show: those the code enables. */
export const AVAILABLE_TOOL_IDS: readonly ToolId[] = TOOLS.filter((t) => t.enabled).map((t) => t.id);
