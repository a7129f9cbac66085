/** Shop pages a link may open (the shop's own route table, SPEC §2); any other path can be typed. */
export const SHOP_PAGES: ReadonlyArray<{ path: string; en: string; zh: string }> = [
  { path: '/pages/index/index', en: 'Home', zh: '首页' },
  { path: '/pages/mine/esim/esim', en: 'My eSIMs', zh: '我的eSIM' },
  { path: '/pages/common/esim-search', en: 'eSIM search', zh: 'eSIM查询' },
  { path: '/pages/common/esim-self-adder', en: 'eSIM self-adder', zh: 'eSIM自助添加' },
  { path: '/pages/mine/tutorial/tutorial', en: 'Tutorials', zh: '使用教程' },
  { path: '/pages/mine/contact/contact', en: 'Contact us', zh: '联系我们' },
  { path: '/pages/mine/device/device', en: 'My devices', zh: '我的设备' },
  { path: '/pages/mine/supsim/supsim', en: 'SuperSIM', zh: 'SuperSIM' },
  { path: '/pages/order/index', en: 'My orders', zh: '我的订单' },
  { path: '/pages/shop-cart', en: 'Cart', zh: '购物车' },
  { path: '/pages/mine/index', en: 'Mine', zh: '我的' },
  { path: '/pages/ecode/index', en: 'ECodes (resellers)', zh: 'ECode（分销商）' },
  { path: '/pages/esim/index', en: 'Manage eSIM (resellers)', zh: 'eSIM管理（分销商）' },
];
