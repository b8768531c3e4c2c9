import type { Queryable } from '../db/database.ts';
import { KEFU_ACCOUNT } from '../db/seed.ts';
import { kefuListChanged } from '../messaging/user-facts.ts';
import { PayType } from '../../src/core/vip/vip-protocol.ts';

/** A region where VIP sale is closed (GetVipPayType and orders answer 7003 there). */
export const SALE_CLOSED_REGION = { region: 'KP', message: '当前地区暂未开放VIP购买' } as const;

/** Category ids of the seed. */
export const VipCategoryId = { Gold: 1, Diamond: 2, Bargain: 3 } as const;

/** styleType of the bargain category (spec: 4 means bargain). */
const BARGAIN_STYLE_TYPE = 4;

interface SeedCategory {
  id: number;
  name: string;
  styleType: number;
  level: number;
  typeName: string;
  grantCategoryId: number | null;
}

const CATEGORIES: readonly SeedCategory[] = [
  { id: VipCategoryId.Gold, name: '黄金VIP', styleType: 1, level: 1, typeName: '黄金VIP', grantCategoryId: null },
  { id: VipCategoryId.Diamond, name: '钻石VIP', styleType: 2, level: 2, typeName: '钻石VIP', grantCategoryId: null },
  { id: VipCategoryId.Bargain, name: '砍价特惠', styleType: BARGAIN_STYLE_TYPE, level: 1, typeName: '黄金VIP', grantCategoryId: VipCategoryId.Gold },
];

interface SeedPackage {
  id: number;
  categoryId: number;
  name: string;
  validityDays: number;
  giftDays: number;
  priceCents: number;
  rmbFen: number;
  dispriceCents: number | null;
  disrmbFen: number | null;
  bargain: boolean;
  menberCount: number;
  tags: readonly string[];
  promotions: readonly { code: string; title: string }[];
  /** The gift the package ships ('' none): its orders need a delivery address. */
  giftItem?: string;
}

const pack = (
  id: number, categoryId: number, name: string, days: [number, number], price: [number, number],
  dis: [number, number] | null, menberCount: number, tags: readonly string[] = [],
  promotions: readonly { code: string; title: string }[] = [], bargain = false,
): SeedPackage => ({
  id, categoryId, name, validityDays: days[0], giftDays: days[1], priceCents: price[0], rmbFen: price[1],
  dispriceCents: dis?.[0] ?? null, disrmbFen: dis?.[1] ?? null, bargain, menberCount, tags, promotions,
});

/** The package that ships a gift (its orders need a delivery address: /choseAddress). */
export const GIFT_PACKAGE = { id: 203, giftItem: '钻石会员礼盒（定制抱枕+实体会员卡）' } as const;

/** Prices: [euro cents, fen]. */
const SEED_PACKAGES: readonly SeedPackage[] = [
  pack(101, VipCategoryId.Gold, '黄金月卡', [30, 0], [999, 6800], [799, 5800], 12840, ['热销'], [{ code: 'FIRST_MONTH', title: '首月特惠' }]),
  pack(102, VipCategoryId.Gold, '黄金季卡', [90, 7], [2799, 19800], null, 5320, ['送7天']),
  pack(103, VipCategoryId.Gold, '黄金年卡', [365, 30], [9999, 68800], [8999, 61800], 8611, ['超值', '推荐'], [{ code: 'YEAR_SALE', title: '年卡立减10€' }]),
  pack(201, VipCategoryId.Diamond, '钻石月卡', [30, 0], [1999, 13800], null, 3120, ['4K画质']),
  pack(202, VipCategoryId.Diamond, '钻石季卡', [90, 10], [5499, 38800], [4999, 35800], 1408, ['送10天'], [{ code: 'QUARTER_SALE', title: '季卡特惠' }]),
  { ...pack(203, VipCategoryId.Diamond, '钻石年卡', [365, 60], [19999, 138800], [17999, 125800], 977, ['尊享', '送60天', '赠礼盒']), giftItem: GIFT_PACKAGE.giftItem },
  pack(301, VipCategoryId.Bargain, '砍价黄金月卡', [30, 0], [999, 6800], null, 20417, ['砍到0元免费领'], [], true),
];

interface SeedPayType {
  payType: number;
  title: string;
  img: string;
  region: string | null;
}

/** Offered in every category; region null means every region. */
const PAY_TYPES: readonly SeedPayType[] = [
  { payType: PayType.Card, title: '银行卡支付', img: '/assets/pay/card.svg', region: null },
  { payType: PayType.Gateway, title: '在线支付', img: '/assets/pay/gateway.svg', region: null },
  { payType: PayType.AlipayStyle, title: '支付宝', img: '/assets/pay/alipay.svg', region: 'CN' },
  { payType: PayType.AlipayStyleAlt, title: '微信支付', img: '/assets/pay/wechat.svg', region: 'CN' },
  { payType: PayType.Tcg, title: 'TCG支付', img: '/assets/pay/tcg.svg', region: 'MY' },
  { payType: PayType.Tcg, title: 'TCG支付', img: '/assets/pay/tcg.svg', region: 'TW' },
  { payType: PayType.Manual, title: '人工客服充值', img: '/assets/pay/kefu.svg', region: null },
];

/** An unusable password hash: the customer-service account cannot log in with a password. */
const NO_PASSWORD = '!';

/** Inserts the missing VIP catalogue, pay types, the closed region and the customer-service account (idempotent). */
export async function seedVip(db: Queryable): Promise<void> {
  for (const [sort, category] of CATEGORIES.entries()) {
    await db.query(
      `INSERT INTO vip_categories (id, name, style_type, vip_level, vip_type_name, grant_category_id, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [category.id, category.name, category.styleType, category.level, category.typeName, category.grantCategoryId, sort],
    );
  }
  for (const [sort, item] of SEED_PACKAGES.entries()) {
    const level = CATEGORIES.find((category) => category.id === item.categoryId)?.level ?? 0;
    await db.query(
      `INSERT INTO vip_packages (id, category_id, name, validity_days, gift_days, price_cents, rmb_fen, disprice_cents,
         disrmb_fen, type, bargain, menber_count, tags, sort, gift_item)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15) ON CONFLICT (id) DO NOTHING`,
      [item.id, item.categoryId, item.name, item.validityDays, item.giftDays, item.priceCents, item.rmbFen,
        item.dispriceCents, item.disrmbFen, level, item.bargain, item.menberCount, JSON.stringify(item.tags), sort, item.giftItem ?? ''],
    );
    for (const promotion of item.promotions) {
      await db.query(
        'INSERT INTO vip_promotions (package_id, promotion_code, title) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [item.id, promotion.code, promotion.title],
      );
    }
  }
  for (const category of CATEGORIES) {
    for (const [sort, payType] of PAY_TYPES.entries()) {
      await db.query(
        `INSERT INTO vip_pay_types (category_id, pay_type, title, img, region, sort)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [category.id, payType.payType, payType.title, payType.img, payType.region, sort],
      );
    }
  }
  await db.query('INSERT INTO vip_sale_closed_regions (region, message) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    SALE_CLOSED_REGION.region, SALE_CLOSED_REGION.message,
  ]);
  await db.query(
    `INSERT INTO users (user_name, password_hash, nick_name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [KEFU_ACCOUNT.userName, NO_PASSWORD, KEFU_ACCOUNT.nickName],
  );
  await db.query(
    `INSERT INTO vip_customer_service (user_id, region)
     SELECT id, NULL FROM users WHERE lower(user_name) = lower($1) ON CONFLICT DO NOTHING`,
    [KEFU_ACCOUNT.userName],
  );
  kefuListChanged(db); // SendMessage's cached kefu flags (server/messaging/user-facts.ts)
}
