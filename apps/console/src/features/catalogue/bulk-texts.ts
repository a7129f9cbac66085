import { defineTexts } from '@/i18n/define-texts';

/** The products list's bulk actions. */
export const productBulkTexts = defineTexts({
  en: {
    'catalogue.bulk.on': 'Put on sale',
    'catalogue.bulk.off': 'Take off sale',
    'catalogue.bulk.price': 'Change price…',
    'catalogue.bulk.label': 'Labels…',
    'catalogue.bulk.apply': 'Apply to {{count}} products',
    'catalogue.bulk.on.title': 'Putting {{count}} products on sale',
    'catalogue.bulk.off.title': 'Taking {{count}} products off sale',
    'catalogue.bulk.price.title': 'Change the prices of {{count}} products',
    'catalogue.bulk.price.percent': 'By percent (negative lowers them)',
    'catalogue.bulk.price.help': 'Every SKU price of each product, in every currency, is moved and rounded to the cent; a price never drops below one cent. Wholesale prices stay as they are.',
    'catalogue.bulk.label.title': 'Labels of {{count}} products',
    'catalogue.bulk.label.add': 'Add a label',
    'catalogue.bulk.label.remove': 'Take a label off',
  },
  'zh-Hans': {
    'catalogue.bulk.on': '上架',
    'catalogue.bulk.off': '下架',
    'catalogue.bulk.price': '调整价格…',
    'catalogue.bulk.label': '标签…',
    'catalogue.bulk.apply': '应用到 {{count}} 个商品',
    'catalogue.bulk.on.title': '上架 {{count}} 个商品',
    'catalogue.bulk.off.title': '下架 {{count}} 个商品',
    'catalogue.bulk.price.title': '调整 {{count}} 个商品的价格',
    'catalogue.bulk.price.percent': '按百分比（负数为降价）',
    'catalogue.bulk.price.help': '每个商品所有规格、所有币种的价格按比例调整并四舍五入到分；价格不会低于一分。批发价不变。',
    'catalogue.bulk.label.title': '{{count}} 个商品的标签',
    'catalogue.bulk.label.add': '添加标签',
    'catalogue.bulk.label.remove': '移除标签',
  },
});
