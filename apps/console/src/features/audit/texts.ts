export const auditTexts = {
  en: {
    'audit.title': 'Audit log',
    'audit.subtitle': 'Every change made by staff, from the console or the command line. Rows are never edited or removed.',
    'audit.filter.actor': 'Who (email)',
    'audit.filter.action': 'Action, e.g. order.ship',
    'audit.filter.target-type': 'Target type',
    'audit.filter.target-id': 'Target id',
    'audit.target': 'Target',
    'audit.ip': 'Address',
  },
  'zh-Hans': {
    'audit.title': '操作日志',
    'audit.subtitle': '员工通过管理后台或命令行所做的每一项更改。日志不可修改或删除。',
    'audit.filter.actor': '操作人（邮箱）',
    'audit.filter.action': '操作，例如 order.ship',
    'audit.filter.target-type': '对象类型',
    'audit.filter.target-id': '对象 ID',
    'audit.target': '对象',
    'audit.ip': 'IP 地址',
  },
} as const;
