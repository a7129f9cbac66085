import type { HomeContentSource, Language } from '@simshop/contract';

/**
 * The demo home page, in both languages. Products are linked by their stable key, never by id:
 * ids depend on what else the database holds (the hidden balance top-ups come first).
 */
export const demoHome: Record<Language, HomeContentSource> = {
  en: {
    title: 'SimShop',
    notice: 'Travel eSIMs are delivered instantly after payment. Customer service: Mon–Sat 11:00–19:00.',
    banners: [
      { image: 'demo:banner-esim.webp', title: 'Travel eSIM', subtitle: 'Install in one tap, no SIM tray needed', link: { type: 'product', key: 'asia-esim' } },
      { image: 'demo:banner-sim.webp', title: 'Prepaid SIM cards', subtitle: 'Shipped to your door', link: { type: 'product', key: 'china-unicom-sim' } },
    ],
    shortcuts: [
      { icon: 'esim', title: 'My eSIMs', link: { type: 'inner', page: '/pages/mine/esim/esim' } },
      { icon: 'search', title: 'eSIM search', link: { type: 'inner', page: '/pages/common/esim-search' } },
      { icon: 'tutorial', title: 'Tutorials', link: { type: 'inner', page: '/pages/mine/tutorial/tutorial' } },
      { icon: 'contact', title: 'Contact us', link: { type: 'inner', page: '/pages/mine/contact/contact' } },
    ],
    sections: [
      {
        title: 'Popular',
        items: [
          { title: 'Asia 10 GB eSIM, 30 days', description: 'Hong Kong, Japan, Korea, Singapore, Thailand', image: 'demo:esim-asia.webp', price: '$19.99', link: { type: 'product', key: 'asia-esim' } },
          { title: 'China Unicom prepaid SIM', description: 'Physical card, shipped by SF Express', image: 'demo:sim-card.webp', price: '¥59.00', link: { type: 'product', key: 'china-unicom-sim' } },
          { title: 'Data recharge 5 GB', description: 'Top up a SIM you already have', image: 'demo:recharge.webp', price: '$9.90', link: { type: 'product', key: 'data-recharge' } },
        ],
      },
      {
        title: 'Help',
        items: [
          { title: 'How to install an eSIM', description: 'iPhone and Android, step by step', link: { type: 'inner', page: '/pages/mine/tutorial/tutorial' } },
          { title: 'Check your phone supports eSIM', description: 'Open the eSIM search', link: { type: 'inner', page: '/pages/common/esim-search' } },
        ],
      },
    ],
  },
  'zh-Hans': {
    title: 'SimShop 电话卡商城',
    notice: '旅行eSIM付款后即时发放。客服时间：周一至周六 11:00–19:00。',
    banners: [
      { image: 'demo:banner-esim.webp', title: '旅行eSIM', subtitle: '一键安装，无需卡槽', link: { type: 'product', key: 'asia-esim' } },
      { image: 'demo:banner-sim.webp', title: '预付费电话卡', subtitle: '快递送货上门', link: { type: 'product', key: 'china-unicom-sim' } },
    ],
    shortcuts: [
      { icon: 'esim', title: '我的eSIM', link: { type: 'inner', page: '/pages/mine/esim/esim' } },
      { icon: 'search', title: 'eSIM查询', link: { type: 'inner', page: '/pages/common/esim-search' } },
      { icon: 'tutorial', title: '使用教程', link: { type: 'inner', page: '/pages/mine/tutorial/tutorial' } },
      { icon: 'contact', title: '联系我们', link: { type: 'inner', page: '/pages/mine/contact/contact' } },
    ],
    sections: [
      {
        title: '热门商品',
        items: [
          { title: '亚洲10GB eSIM，30天', description: '香港、日本、韩国、新加坡、泰国', image: 'demo:esim-asia.webp', price: '$19.99', link: { type: 'product', key: 'asia-esim' } },
          { title: '中国联通预付费电话卡', description: '实体卡，顺丰发货', image: 'demo:sim-card.webp', price: '¥59.00', link: { type: 'product', key: 'china-unicom-sim' } },
          { title: '流量充值 5GB', description: '为已有电话卡充值', image: 'demo:recharge.webp', price: '$9.90', link: { type: 'product', key: 'data-recharge' } },
        ],
      },
      {
        title: '帮助',
        items: [
          { title: '如何安装eSIM', description: 'iPhone与安卓分步说明', link: { type: 'inner', page: '/pages/mine/tutorial/tutorial' } },
          { title: '查询手机是否支持eSIM', description: '打开eSIM查询', link: { type: 'inner', page: '/pages/common/esim-search' } },
        ],
      },
    ],
  },
};
