/** Texts of the article pages, both languages. */
export const en = {
  'article.empty': 'No tutorials yet',
  'article.empty.desc': 'Guides to installing and using your SIMs and eSIMs will appear here.',
  'article.released': 'Published {{time}}',
  'article.updated': 'Updated {{time}}',
  'article.missing': 'This tutorial does not exist or was withdrawn.',
  'article.list': 'All tutorials',
};

export const zhHans: Record<keyof typeof en, string> = {
  'article.empty': '暂无教程',
  'article.empty.desc': 'SIM卡和eSIM的安装与使用指南将显示在这里。',
  'article.released': '发布于 {{time}}',
  'article.updated': '更新于 {{time}}',
  'article.missing': '该教程不存在或已下线。',
  'article.list': '全部教程',
};
