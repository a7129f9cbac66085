/** Texts of Mine → Connected assistants (the AI assistants a customer approved), both languages. */
export const en = {
  'route.assistants': 'Connected assistants',
  'mine.assistants': 'Connected assistants',
  'assistants.lead': 'AI assistants you allowed to use your SimShop account through the shop\'s MCP server. Each can do only what you approved. Revoke one and it is refused from then on.',
  'assistants.empty.title': 'No connected assistants',
  'assistants.empty.description': 'When an assistant asks to use your account and you allow it, it is listed here.',
  'assistants.scopes': 'Allowed to',
  'assistants.granted': 'Allowed on',
  'assistants.last-used': 'Last used',
  'assistants.never': 'Not used yet',
  'assistants.revoke': 'Revoke',
  'assistants.revoke.confirm': 'Revoke "{{name}}"? It is refused from now on; to use it again you must allow it again.',
  'assistants.revoke.done': 'The assistant was disconnected',
  'assistants.failed': 'That did not work. Please try again.',
};

export const zhHans: Record<keyof typeof en, string> = {
  'route.assistants': '已连接的助手',
  'mine.assistants': '已连接的助手',
  'assistants.lead': '您允许通过本店 MCP 服务使用您 SimShop 账号的 AI 助手。每个助手只能做您授权的事。撤销后，它将立即被拒绝。',
  'assistants.empty.title': '暂无已连接的助手',
  'assistants.empty.description': '当助手请求使用您的账号并获得您的允许后，会显示在这里。',
  'assistants.scopes': '允许',
  'assistants.granted': '授权时间',
  'assistants.last-used': '最近使用',
  'assistants.never': '尚未使用',
  'assistants.revoke': '撤销',
  'assistants.revoke.confirm': '撤销“{{name}}”的授权？此后它将被拒绝；如需再次使用，须重新授权。',
  'assistants.revoke.done': '已断开该助手',
  'assistants.failed': '操作未成功，请重试。',
};
