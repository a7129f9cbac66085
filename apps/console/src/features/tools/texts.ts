import { TOOLS } from '@simshop/contract';
import { defineTexts, withTexts } from '@/i18n/define-texts';

const names = (lang: 'en' | 'zh') => Object.fromEntries(TOOLS.map((tool) => [`tools.name.${tool.id}`, tool.name[lang]]));

const typedTexts = defineTexts({
  en: {
    'tools.title': 'Tools',
    'tools.subtitle': 'The tools page of the shop (Mine → Tools). Turn tools on or off and put them in the order customers see.',
    'tools.column.order': 'Order',
    'tools.column.tool': 'Tool',
    'tools.column.page': 'Page',
    'tools.column.shown': 'Shown in the shop',
    'tools.up': 'Move {{name}} up',
    'tools.down': 'Move {{name}} down',
    'tools.toggle': 'Show {{name}} in the shop',
    'tools.save': 'Save',
    'tools.discard': 'Discard changes',
    'tools.saved': 'Saved: the shop shows the new tools list',
    'tools.none-shown': 'No tool is shown: the shop’s tools page will say there are none.',
    'tools.never-saved': 'Not saved yet: every tool shows, in the built-in order.',
    'tools.last-saved': 'Last saved',
  },
  'zh-Hans': {
    'tools.title': '实用工具',
    'tools.subtitle': '商城的实用工具页（我的 → 实用工具）。在此开启或关闭工具，并调整顾客看到的顺序。',
    'tools.column.order': '顺序',
    'tools.column.tool': '工具',
    'tools.column.page': '页面',
    'tools.column.shown': '在商城显示',
    'tools.up': '将{{name}}上移',
    'tools.down': '将{{name}}下移',
    'tools.toggle': '在商城显示{{name}}',
    'tools.save': '保存',
    'tools.discard': '放弃修改',
    'tools.saved': '已保存：商城已显示新的工具列表',
    'tools.none-shown': '未显示任何工具：商城的工具页将显示暂无工具。',
    'tools.never-saved': '尚未保存：所有工具按默认顺序显示。',
    'tools.last-saved': '上次保存',
  },
});

// The tool names come from the contract, which holds both languages.
export const toolsTexts = withTexts(typedTexts, { en: names('en'), 'zh-Hans': names('zh') });
