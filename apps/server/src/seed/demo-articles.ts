import type { ArticleImport } from '@simshop/contract';

/**
 * The demo tutorials, in both languages, in the article markup (`## ` headings, `1. ` steps,
 * `- ` bullets, blank lines between blocks). Real instructions for the shop's own products.
 */
export const demoArticles: ArticleImport[] = [
  {
    slug: 'install-esim-iphone',
    sort: 10,
    published: true,
    title: { en: 'Install an eSIM on iPhone', zh: '在iPhone上安装eSIM' },
    content: {
      en: `Your eSIM arrives in "My eSIMs" as soon as the order is paid. Install it while you have Wi-Fi, before you travel: the profile is downloaded once and then works without Wi-Fi.

## Before you start
- iPhone XS, XR or newer, not locked to a carrier.
- A working Wi-Fi connection.
- Do not delete an installed eSIM: most profiles can be installed only once.

## Install in one tap (iOS 17.4 or newer)
1. Open this shop on the iPhone itself and go to Me › My eSIMs.
2. Open the eSIM and tap "Install on iPhone".
3. Follow the prompts and tap Continue, then Done.

## Install by scanning the QR code
1. Show the QR code of the eSIM on another screen, or print it.
2. On the iPhone open Settings › Mobile Service (Cellular) › Add eSIM.
3. Tap "Use QR Code" and scan the code.
4. Tap Continue and wait until the line is activated.

## Install by typing the details
1. Settings › Mobile Service › Add eSIM › Use QR Code › Enter Details Manually.
2. Copy the SM-DP+ address and the activation code from the eSIM page and paste them.

## After installing
- Give the line a label such as "Travel".
- When you arrive, turn the line on and turn on Data Roaming for it.
- Choose it for Mobile Data; keep your home line for calls and SMS if you like.`,
      zh: `订单支付成功后，eSIM会立即出现在“我的eSIM”中。请在出行前、连接Wi-Fi时完成安装：配置文件只下载一次，之后无需Wi-Fi即可使用。

## 开始之前
- iPhone XS、XR或更新机型，且未被运营商锁定。
- 可用的Wi-Fi网络。
- 请勿删除已安装的eSIM：大多数配置文件只能安装一次。

## 一键安装（iOS 17.4及以上）
1. 在这台iPhone上打开本商城，进入 我的 › 我的eSIM。
2. 打开该eSIM，点击“在iPhone上安装”。
3. 按提示点击“继续”，最后点击“完成”。

## 扫描二维码安装
1. 在另一块屏幕上显示eSIM的二维码，或将其打印出来。
2. 在iPhone上打开 设置 › 蜂窝网络 › 添加eSIM。
3. 点击“使用二维码”并扫描。
4. 点击“继续”，等待线路激活。

## 手动输入信息安装
1. 设置 › 蜂窝网络 › 添加eSIM › 使用二维码 › 手动输入详细信息。
2. 从eSIM页面复制SM-DP+地址和激活码并粘贴。

## 安装之后
- 为线路设置标签，例如“旅行”。
- 抵达目的地后打开该线路，并为其开启“数据漫游”。
- 将其设为蜂窝数据线路；通话和短信可继续使用原来的号码。`,
    },
  },
  {
    slug: 'install-esim-android',
    sort: 20,
    published: true,
    title: { en: 'Install an eSIM on Android', zh: '在安卓手机上安装eSIM' },
    content: {
      en: `Most recent Samsung, Google Pixel, Xiaomi, OPPO and Huawei phones sold outside mainland China support eSIM. Menu names differ a little between brands.

## Samsung Galaxy
1. Settings › Connections › SIM manager › Add eSIM.
2. Tap "Scan QR code from service provider" and scan the code from My eSIMs.
3. Confirm, then turn the new line on.

## Google Pixel
1. Settings › Network & internet › SIMs › Add SIM (+).
2. Choose "Download a SIM instead?" and scan the QR code.
3. Tap Activate.

## Other Android phones
1. Look for Settings › Mobile network › SIM manager (or "eSIM").
2. Choose "Add eSIM" and scan the QR code, or enter the activation code manually.

## If the QR code cannot be scanned
- Enter the SM-DP+ address and the activation code by hand; both are on the eSIM page with a copy button.
- Some phones want the whole install string: it starts with LPA:1$ and is also on the eSIM page.

## After installing
- Turn on roaming for the eSIM line when you arrive, and set it as the line for mobile data.`,
      zh: `大多数较新的三星、谷歌Pixel、小米、OPPO和华为手机（非中国大陆版本）都支持eSIM。不同品牌的菜单名称略有差异。

## 三星Galaxy
1. 设置 › 连接 › SIM卡管理器 › 添加eSIM。
2. 点击“扫描运营商提供的二维码”，扫描“我的eSIM”中的二维码。
3. 确认后打开新线路。

## 谷歌Pixel
1. 设置 › 网络和互联网 › SIM卡 › 添加SIM卡（+）。
2. 选择“改为下载SIM卡？”并扫描二维码。
3. 点击“激活”。

## 其他安卓手机
1. 查找 设置 › 移动网络 › SIM卡管理（或“eSIM”）。
2. 选择“添加eSIM”并扫描二维码，或手动输入激活码。

## 无法扫描二维码时
- 手动输入SM-DP+地址和激活码；eSIM页面上两者都有复制按钮。
- 部分手机需要完整的安装字符串：它以 LPA:1$ 开头，同样显示在eSIM页面上。

## 安装之后
- 抵达后为eSIM线路开启漫游，并将其设为移动数据线路。`,
    },
  },
  {
    slug: 'find-your-eid',
    sort: 30,
    published: true,
    title: { en: 'Find your EID', zh: '查找手机的EID' },
    content: {
      en: `The EID is the 32-digit number of the eSIM chip in your phone. Some eSIMs are made for one device and need its EID; the eSIM search also finds every eSIM bound to an EID.

## iPhone
1. Settings › General › About.
2. Scroll down to EID; touch and hold it to copy.

## Android
1. Settings › About phone › Status (Samsung: Settings › About phone › Status information).
2. Look for EID; on some phones it is under SIM status or IMEI information.

## Any phone
- Dial *#06# : the EID is shown together with the IMEI on most phones.

## Check the number
- An EID has exactly 32 digits and usually starts with 89.
- The shop checks the number before accepting it, so a typing mistake is caught at once.`,
      zh: `EID是手机内eSIM芯片的32位编号。部分eSIM为指定设备制作，需要提供该设备的EID；eSIM查询也可以按EID找到绑定的所有eSIM。

## iPhone
1. 设置 › 通用 › 关于本机。
2. 向下滚动找到EID，长按即可复制。

## 安卓手机
1. 设置 › 关于手机 › 状态信息（三星：设置 › 关于手机 › 状态信息）。
2. 找到EID；部分手机在“SIM卡状态”或“IMEI信息”中。

## 任何手机
- 拨打 *#06#：大多数手机会同时显示EID和IMEI。

## 核对号码
- EID恰好是32位数字，通常以89开头。
- 商城会在提交前校验号码，输错会立即提示。`,
    },
  },
  {
    slug: 'recharge-a-device',
    sort: 40,
    published: true,
    title: { en: 'Recharge a SIM or device', zh: '为电话卡或设备充值' },
    content: {
      en: `Data for a SIM card you already have is bought as a recharge product, and arrives on the card right after payment.

## Follow the card once
1. Me › Device › Bind a SIM, and enter the ICCID printed on the card (it starts with 89).
2. The device page then shows the data left and the recharge history.

## Recharge
1. On the device page tap Recharge, or open a data recharge product from the home page.
2. Choose the package and enter the card's number if asked.
3. Pay. The recharge record shows "Succeeded" when the carrier has added the data.

## Good to know
- A recharge adds data to the package the card already has; it does not change the card's number.
- If a record stays "Pending" for more than an hour, contact us with the order number.`,
      zh: `为已有的电话卡购买流量时，请购买“充值”类商品，支付后流量即充入卡中。

## 先绑定电话卡
1. 我的 › 设备 › 绑定电话卡，输入卡上印的ICCID（以89开头）。
2. 设备页面会显示剩余流量和充值记录。

## 充值
1. 在设备页面点击“充值”，或从首页打开流量充值商品。
2. 选择套餐，按提示填写卡号。
3. 完成支付。运营商到账后，充值记录显示“成功”。

## 注意事项
- 充值会在卡现有套餐上增加流量，不会更换号码。
- 如果记录超过一小时仍显示“处理中”，请带上订单号联系我们。`,
    },
  },
  {
    slug: 'reseller-ecodes-qpe',
    sort: 50,
    published: true,
    title: { en: 'Resellers: ECodes and QPE', zh: '分销商：ECode与QPE' },
    content: {
      en: `An ECode is a prepaid voucher for one eSIM: JT followed by 10 digits. Resellers buy ECodes in bulk at the wholesale price and hand them to customers, who turn them into an eSIM for their own phone (QPE).

## Buy ECodes
1. Sign in on the reseller sign-in page.
2. Buy an ECode product; from the minimum wholesale quantity on you pay the wholesale price.
3. The codes appear under Me › My ECode as soon as the order is paid.

## Manage them
- Filter by status: unused, sold, customised, invalid, deleted.
- Mark a code as sold when you hand it over, so you know which are left.
- Export codes to CSV or Excel to print or send them.

## Customise (the customer, or you for them)
1. Open QPE customise and enter the ECode (12 characters starting with JT).
2. Enter the phone's IMEI: 15 digits, dial *#06# to see it.
3. Submit: an eSIM is made for that phone. A code can be customised once.

## Fetch the eSIM
1. Open QPE fetch and enter the same ECode.
2. The eSIM is shown with its QR code and install links; install it as in the iPhone or Android tutorial.

## Messages
- Questions about an order or a batch of codes? Me › Messages reaches the shop directly.`,
      zh: `ECode是一张eSIM的预付兑换码：JT加10位数字。分销商以批发价批量购买ECode并交给客户，客户再将其定制为自己手机上的eSIM（QPE）。

## 购买ECode
1. 在分销商登录页登录。
2. 购买ECode商品；达到最小批发数量即按批发价结算。
3. 订单支付后，兑换码会出现在 我的 › 我的ECode 中。

## 管理ECode
- 按状态筛选：未使用、已售出、已定制、无效、已删除。
- 交给客户后标记为“已售出”，便于掌握剩余数量。
- 可导出为CSV或Excel文件，方便打印或发送。

## 定制（客户自行操作，或由您代办）
1. 打开“QPE定制”，输入ECode（以JT开头的12位字符）。
2. 输入手机的IMEI：15位数字，拨打 *#06# 即可查看。
3. 提交后即为该手机生成eSIM。每个兑换码只能定制一次。

## 获取eSIM
1. 打开“QPE获取”，输入同一个ECode。
2. 页面显示eSIM的二维码和安装链接；按iPhone或安卓教程安装即可。

## 消息
- 对订单或某批兑换码有疑问？通过 我的 › 消息 可直接联系商家。`,
    },
  },
];
