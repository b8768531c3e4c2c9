import type { Queryable } from '../db/database.ts';
import { demoHelpImageUrl } from '../media/demo-images.ts';
import { HELP_ROOT_PATH } from './help-repository.ts';

export interface SeedHelpCategory {
  id: number;
  title: string;
}

export interface SeedHelpArticle {
  id: number;
  categoryId: number;
  title: string;
  contxt: string;
}

/** Article ids other pages link to: the VIP service terms and the user agreement. */
export const HelpArticleId = {
  vipTerms: 63,
  userAgreement: 70,
  /** An article pasted from a web page with a script, an onerror handler and a javascript: link (the client sanitises it). */
  clearCache: 33,
} as const;

/** What the unsafe article's payload would set on the page if it ever ran (the e2e test checks it stays unset). */
export const UNSAFE_PAYLOAD_FLAG = '__helpPayloadRan';

export const SEED_HELP_CATEGORIES: readonly SeedHelpCategory[] = [
  { id: 1, title: '账号问题' },
  { id: 2, title: '会员与支付' },
  { id: 3, title: '播放问题' },
  { id: 4, title: '其他' },
];

const COVER = demoHelpImageUrl('register');
const COVER_2 = demoHelpImageUrl('vip');

export const SEED_HELP_ARTICLES: readonly SeedHelpArticle[] = [
  {
    id: 11,
    categoryId: 1,
    title: '如何注册奇遇视频账号？',
    contxt: `<p>注册账号后即可收藏影片、同步观看记录、发送私信和开通VIP会员。</p>
<h3>注册步骤</h3>
<ol>
<li>打开奇遇视频，点击底部导航的 <strong>我的</strong>；</li>
<li>点击头像区域的 <strong>登录/注册</strong>，再点击页面下方的 <strong>注册账号</strong>；</li>
<li>输入 6-20 位的账号和至少 6 位的密码，点击 <strong>注册</strong> 即可完成。</li>
</ol>
<p><img src="${COVER}" alt="注册页面示意图" width="640"></p>
<p>注意：账号一经注册无法修改，请妥善保管密码。如需帮助，请<a href="/feedback">在线反馈</a>。</p>`,
  },
  {
    id: 12,
    categoryId: 1,
    title: '忘记密码怎么办？',
    contxt: `<p>如果您忘记了登录密码，可以通过以下方式找回：</p>
<ul>
<li><strong>已绑定邮箱或手机号</strong>：在登录页点击 <strong>忘记密码</strong>，按提示接收验证码后设置新密码；</li>
<li><strong>未绑定任何联系方式</strong>：请联系在线客服，提供注册时间、最近一次充值记录等信息以核实身份。</li>
</ul>
<p>为保障账号安全，建议您登录后在 <strong>我的 &gt; 设置 &gt; 账号与安全</strong> 中绑定邮箱或手机号。</p>`,
  },
  {
    id: 13,
    categoryId: 1,
    title: '如何修改昵称和头像？',
    contxt: `<p>进入 <strong>我的</strong>，点击头像右侧的 <strong>编辑资料</strong>：</p>
<ul>
<li>点击 <strong>头像</strong> 可从系统头像中选择；</li>
<li>点击 <strong>昵称</strong> 可修改昵称，昵称长度为 2-16 个字符；</li>
<li>点击 <strong>简介</strong> 可填写个人简介。</li>
</ul>
<p>昵称和简介中不得包含违法、低俗或广告内容，违规内容将被重置。</p>`,
  },
  {
    id: 14,
    categoryId: 1,
    title: '提示“该账号已在其他设备登录”是怎么回事？',
    contxt: `<p>同一账号在另一台设备登录时，当前设备会收到提示 <strong>该账号已在其他设备登录</strong> 并退出登录。</p>
<h3>如果不是您本人操作</h3>
<ol>
<li>请立即重新登录并修改密码；</li>
<li>检查绑定的邮箱和手机号是否被更改；</li>
<li>如有异常，请及时联系在线客服冻结账号。</li>
</ol>`,
  },
  {
    id: HelpArticleId.userAgreement,
    categoryId: 1,
    title: '用户协议',
    contxt: `<h3>一、总则</h3>
<p>欢迎您使用奇遇视频！在使用本服务前，请您务必仔细阅读并充分理解本协议，特别是以 <strong>加粗</strong> 形式提示您注意的条款。您点击同意、注册、登录或使用本服务，即视为您已阅读并同意本协议的全部内容。</p>
<h3>二、账号注册与使用</h3>
<ul>
<li>您应当使用真实、合法的信息注册账号，并对账号下的一切行为负责；</li>
<li><strong>账号仅限您本人使用，禁止转让、出借、出租或出售。</strong></li>
</ul>
<h3>三、隐私政策</h3>
<p>我们重视您的个人信息保护。为提供服务，我们会收集以下信息：</p>
<table>
<thead><tr><th>信息类型</th><th>使用目的</th><th>保存期限</th></tr></thead>
<tbody>
<tr><td>账号、昵称、头像</td><td>创建账号、展示个人资料</td><td>注销账号后删除</td></tr>
<tr><td>设备标识（DeviceId）</td><td>未登录时识别设备、保障安全</td><td>180 天</td></tr>
<tr><td>观看记录</td><td>继续观看、个性化推荐</td><td>可在播放记录中随时删除</td></tr>
</tbody>
</table>
<p>我们不会向第三方出售您的个人信息。您可以随时查阅、更正或删除您的个人信息，也可以注销账号。</p>
<h3>四、用户行为规范</h3>
<p>您在使用本服务时不得从事以下行为：</p>
<ul>
<li>发布、传播违反法律法规、危害国家安全或社会公共利益的内容；</li>
<li>发布色情、暴力、赌博、诈骗等违法或不良信息；</li>
<li>侵犯他人的著作权、肖像权、隐私权等合法权益；</li>
<li>利用技术手段批量注册账号、刷取数据或干扰本服务的正常运行；</li>
<li>未经许可录制、下载、转载本服务中的影视内容并用于商业用途；</li>
<li>冒充官方或他人身份发送私信、进行欺诈。</li>
</ul>
<p>违反上述规范的，我们有权删除相关内容，并视情节暂停或终止您的账号。</p>
<h3>五、知识产权</h3>
<p>本服务中的影视作品、页面设计、标识及软件的知识产权归奇遇视频或相关权利人所有。未经书面许可，任何人不得复制、修改、传播或用于其他用途。</p>
<p>您在本服务中发布的动态、评论等内容，您保证拥有相应权利，并授权我们在本服务范围内免费使用。</p>
<h3>六、免责声明</h3>
<p>因不可抗力、网络故障、系统维护等原因导致服务中断的，我们将尽力减少对您的影响，但不承担由此造成的间接损失。第三方链接和广告内容由第三方负责，请您自行判断。</p>
<h3>七、会员服务</h3>
<p>会员服务的具体规则请阅读<a href="/helpDetail?id=${HelpArticleId.vipTerms}">《会员服务协议》</a>。</p>
<h3>八、协议的修改</h3>
<p>我们可能根据法律法规或业务变化修改本协议，修改后的协议将在本页面公布。重大变更时我们会以弹窗或站内消息通知您；您继续使用本服务即视为接受修改后的协议。</p>
<h3>九、联系我们</h3>
<p>如您对本协议或隐私政策有任何疑问，请通过<a href="/feedback">在线反馈</a>联系我们，我们将在 15 个工作日内回复。</p>`,
  },
  {
    id: 21,
    categoryId: 2,
    title: '如何开通VIP会员？',
    contxt: `<p>点击底部导航的 <strong>VIP</strong>，选择会员类型和套餐，再选择支付方式后点击 <strong>立即开通</strong>。</p>
<p><img src="${COVER_2}" alt="VIP开通页面" width="640"></p>
<h3>支持的支付方式</h3>
<ul>
<li>银行卡支付</li>
<li>在线支付（跳转到支付页面完成付款）</li>
<li>联系客服充值</li>
</ul>
<p>开通前请阅读<a href="/helpDetail?id=${HelpArticleId.vipTerms}">《会员服务协议》</a>。</p>`,
  },
  {
    id: 22,
    categoryId: 2,
    title: '支付成功但会员未到账怎么办？',
    contxt: `<p>支付完成后会员通常会在 <strong>1 分钟内</strong> 到账。如果长时间未到账，请按以下步骤处理：</p>
<ol>
<li>在 <strong>我的 &gt; 开通记录</strong> 中查看订单状态；</li>
<li>退出后重新登录，刷新会员信息；</li>
<li>仍未到账时，请保留支付凭证截图并联系在线客服，客服核实后将为您补发。</li>
</ol>
<p><strong>请勿重复支付</strong>，以免产生多笔扣款。</p>`,
  },
  {
    id: 23,
    categoryId: 2,
    title: 'VIP会员有哪些特权？',
    contxt: `<table>
<thead><tr><th>特权</th><th>普通用户</th><th>VIP会员</th></tr></thead>
<tbody>
<tr><td>会员专享影片</td><td>试看 6 分钟</td><td>完整观看</td></tr>
<tr><td>片头广告</td><td>有</td><td>免广告</td></tr>
<tr><td>最高清晰度</td><td>720P</td><td>1080P 蓝光</td></tr>
<tr><td>专属身份标识</td><td>无</td><td>VIP 徽章</td></tr>
</tbody>
</table>
<p>不同会员等级的特权可能有所不同，以开通页面的说明为准。</p>`,
  },
  {
    id: 24,
    categoryId: 2,
    title: '如何为好友赠送VIP？',
    contxt: `<p>打开 <strong>VIP</strong> 页面，点击 <strong>赠送好友</strong>，输入好友的用户ID，选择套餐并完成支付后，会员将直接发放到好友账号。</p>
<p>也可以扫描好友分享的二维码，在提示 <strong>当前登录账号与扫码账号不一致，是否帮好友开通VIP？</strong> 时点击 <strong>帮好友开通</strong>。</p>`,
  },
  {
    id: HelpArticleId.vipTerms,
    categoryId: 2,
    title: '会员服务协议',
    contxt: `<p>本协议是您与奇遇视频之间关于VIP会员服务的约定。<strong>开通会员即表示您同意本协议的全部条款。</strong></p>
<h3>一、会员服务内容</h3>
<ul>
<li>会员可在有效期内享受会员专享影片、免广告、高清画质等特权；</li>
<li>具体特权以<a href="/helpDetail?id=23">会员特权说明</a>为准，我们可能根据运营情况调整。</li>
</ul>
<h3>二、费用与有效期</h3>
<table>
<thead><tr><th>套餐</th><th>有效期</th><th>说明</th></tr></thead>
<tbody>
<tr><td>月卡</td><td>30 天</td><td>自开通之时起计算</td></tr>
<tr><td>季卡</td><td>90 天</td><td>有效期内续费时顺延</td></tr>
<tr><td>年卡</td><td>365 天</td><td>含活动赠送天数</td></tr>
</tbody>
</table>
<h3>三、退款</h3>
<p>会员服务为虚拟商品，<strong>开通后不支持退款</strong>，法律另有规定的除外。</p>
<h3>四、账号使用限制</h3>
<p>会员账号仅限本人使用，不得转借、出租或用于商业用途。发现违规的，我们有权暂停或终止会员服务。</p>
<h3>五、赠送与活动</h3>
<ul>
<li>为好友开通的会员直接发放至好友账号，发放后不可撤回；</li>
<li>砍价、分享等活动价格仅在活动期间有效，每个账号限参与一次；</li>
<li>活动赠送的会员天数与购买天数合并计算有效期。</li>
</ul>
<h3>六、服务的变更与终止</h3>
<p>如因版权到期等原因导致部分会员内容下架，我们将尽力补充同类内容，但不因此退还会员费用。如我们终止会员服务，将按剩余有效期折算退还费用。</p>
<h3>七、其他</h3>
<p>本协议未尽事宜，以<a href="/helpDetail?id=70">《用户协议和隐私政策》</a>为准。如有疑问，请通过<a href="/feedback">在线反馈</a>联系我们。</p>`,
  },
  {
    id: 31,
    categoryId: 3,
    title: '视频播放卡顿怎么办？',
    contxt: `<p>播放卡顿多与网络状况有关，您可以尝试：</p>
<ul>
<li>切换到更稳定的 Wi-Fi 网络，或关闭其他占用带宽的应用；</li>
<li>在播放器右下角将清晰度调低一档；</li>
<li>退出播放页后重新进入。</li>
</ul>
<p>如仍然卡顿，请在播放页点击 <strong>反馈</strong>，或前往<a href="/playFeedBack">播放反馈</a>告诉我们您的设备和浏览器。</p>`,
  },
  {
    id: 32,
    categoryId: 3,
    title: '视频无法播放怎么办？',
    contxt: `<h3>常见原因</h3>
<ol>
<li><strong>网络异常</strong>：请检查网络连接后刷新页面；</li>
<li><strong>浏览器版本过低</strong>：建议使用最新版 Chrome 或 Safari；</li>
<li><strong>会员专享内容</strong>：开通VIP后即可观看完整内容；</li>
<li><strong>地区限制</strong>：部分影片因版权原因仅在特定地区提供。</li>
</ol>
<p>以上方法都无效时，请<a href="/playFeedBack">提交播放反馈</a>。</p>`,
  },
  {
    id: HelpArticleId.clearCache,
    categoryId: 3,
    title: '如何清除浏览器缓存？',
    contxt: `<div class="article-copied" style="font-size:14px">
<p>浏览器缓存过多可能导致页面加载异常或视频无法播放，清除缓存后重新打开即可。</p>
<script>window.${UNSAFE_PAYLOAD_FLAG}='script';alert('script')</script>
<h3>Chrome 浏览器</h3>
<ol>
<li>点击右上角 <strong>⋮</strong>，选择 <strong>设置</strong>；</li>
<li>进入 <strong>隐私和安全 &gt; 清除浏览数据</strong>；</li>
<li>勾选 <strong>缓存的图片和文件</strong>，点击 <strong>清除数据</strong>。</li>
</ol>
<p><img src="/media/demo/no-such-screenshot.png" onerror="window.${UNSAFE_PAYLOAD_FLAG}='onerror';alert('onerror')" alt="清除浏览数据示意图"></p>
<h3>Safari 浏览器</h3>
<p>打开 <strong>设置 &gt; Safari浏览器 &gt; 清除历史记录与网站数据</strong>。</p>
<p>嫌麻烦？<a href="javascript:window.${UNSAFE_PAYLOAD_FLAG}='link';alert('link')">点击这里一键清除缓存</a></p>
</div>`,
  },
  {
    id: 34,
    categoryId: 3,
    title: '如何切换清晰度和倍速？',
    contxt: `<p>播放时点击画面呼出控制栏：</p>
<ul>
<li>点击右下角的 <strong>清晰度</strong>（如“高清”）可在标清、高清、超清、蓝光之间切换；</li>
<li>点击 <strong>倍速</strong> 可选择 0.75X 至 2.0X。</li>
</ul>
<p>蓝光清晰度为VIP会员特权。</p>`,
  },
  {
    id: 41,
    categoryId: 4,
    title: '如何下载奇遇视频APP？',
    contxt: `<p>安卓用户可前往<a href="/app-download">下载页面</a>下载最新版安装包。</p>
<p>如果手机提示“禁止安装未知来源应用”，请在 <strong>设置 &gt; 安全</strong> 中允许浏览器安装应用后重试。</p>
<p>您也可以复制下载页中的链接，在电脑上下载后传到手机安装。</p>`,
  },
  {
    id: 42,
    categoryId: 4,
    title: '如何在电视上观看？',
    contxt: `<p>在智能电视或电视盒子的浏览器中打开奇遇视频即可观看，使用遥控器操作：</p>
<table>
<thead><tr><th>按键</th><th>作用</th></tr></thead>
<tbody>
<tr><td>上 / 下</td><td>选择分类和问题</td></tr>
<tr><td>左 / 右</td><td>滚动右侧内容</td></tr>
<tr><td>确认（OK）</td><td>打开所选问题</td></tr>
<tr><td>返回</td><td>返回上一页</td></tr>
</tbody>
</table>`,
  },
  {
    id: 43,
    categoryId: 4,
    title: '如何联系客服？',
    contxt: `<p>您可以通过以下方式联系我们：</p>
<ul>
<li><strong>在线客服</strong>：开通VIP页面选择“联系客服充值”即可与客服对话；</li>
<li><strong>在线反馈</strong>：在帮助中心底部点击<a href="/feedback">在线反馈</a>，我们会在 3 个工作日内处理。</li>
</ul>
<p>客服工作时间：每天 9:00-24:00（北京时间）。</p>`,
  },
  {
    id: 44,
    categoryId: 4,
    title: '如何举报违规内容？',
    contxt: `<p>在用户主页或聊天设置中点击 <strong>举报</strong>，选择举报原因并补充说明后提交。</p>
<p>我们会在核实后删除违反社区规范的内容，并对违规账号进行处理。</p>`,
  },
];

/**
 * Idempotent: the help categories and articles with their fixed ids (rows already there are left as they are),
 * then the id sequences moved past the seeded ids so articles added later never collide with them.
 */
export async function seedHelp(db: Queryable): Promise<void> {
  for (const [index, category] of SEED_HELP_CATEGORIES.entries()) {
    await db.query(
      'INSERT INTO help_categories (id, title, path, sort) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
      [category.id, category.title, HELP_ROOT_PATH, index],
    );
  }
  for (const [index, article] of SEED_HELP_ARTICLES.entries()) {
    await db.query(
      'INSERT INTO help_articles (id, category_id, title, contxt, sort) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING',
      [article.id, article.categoryId, article.title, article.contxt, index],
    );
  }
  for (const table of ['help_categories', 'help_articles']) {
    await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM ${table}), false)`);
  }
}
