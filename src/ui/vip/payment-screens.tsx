import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { maskText } from '../../core/display/mask.ts';
import type { PaymentOrder } from '../../core/vip/vip-protocol.ts';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import {
  CustomerServiceModel,
  PaymentBackTargets,
  PaymentOrderModel,
  PaymentPagePaths,
  PaymentQueryModel,
  PayPageModel,
  PayResultModel,
  type PaymentOrderViewModel,
  type PayResultViewModel,
} from './payment-view-models.ts';
import { PaymentTexts } from '../../core/vip/vip-texts.ts';
import './payment.css';

function useOrder(): PaymentOrderViewModel {
  const vm = useViewModel(PaymentOrderModel, {});
  useEffect(() => {
    void vm.opened();
  }, [vm]);
  return vm;
}

function SandboxNote() {
  return (
    <p className="payment-sandbox" data-testid="sandbox-note">
      {PaymentTexts.sandboxNote}
    </p>
  );
}

function OrderDetails({ order, amount }: { order: PaymentOrder; amount: string }) {
  const rows: [string, string][] = [
    ['套餐', order.title],
    ['有效期', `${order.days}天`],
    ['开通账号', `${order.toNickName}（ID ${order.toUid}）`],
    ['订单号', order.orderId],
  ];
  if (order.giftItem !== '') rows.push(['赠品', order.giftItem]);
  const ship = order.shippingAddress;
  if (ship !== null) rows.push(['收货地址', `${ship.name} ${maskText(ship.phone)} ${ship.region} ${ship.detail}`]);
  return (
    <div className="payment-card">
      <div className="payment-amount" data-testid="payment-amount">
        {amount}
      </div>
      <dl className="payment-rows">
        {rows.map(([name, value]) => (
          <div key={name} className="payment-row">
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Page({ title, children, className = '', backTo }: { title: string; children: ReactNode; className?: string; backTo: string }) {
  return (
    <div className={`page payment-page ${className}`}>
      <NavBar title={title} backTo={backTo} />
      <div className="payment-body">{children}</div>
    </div>
  );
}

const OrderState = observer(function OrderState({ vm }: { vm: PaymentOrderViewModel }) {
  if (!vm.loaded) return <p className="payment-hint">正在加载…</p>;
  if (vm.error) return <p className="payment-error" role="alert">{vm.error}</p>;
  return (
    <p className="payment-status" data-testid="order-status" data-status={vm.order?.status}>
      订单状态：{vm.statusText}
    </p>
  );
});

/** /notice: the card order, paid through the sandbox provider or cancelled. */
export const NoticeScreen = observer(function NoticeScreen() {
  const vm = useOrder();
  return (
    <Page title="支付通知" backTo={PaymentBackTargets.paying}>
      {vm.order && <OrderDetails order={vm.order} amount={vm.amountText} />}
      <OrderState vm={vm} />
      {vm.payable && (
        <>
          <SandboxNote />
          <button type="button" className="primary-button" onClick={() => void vm.approve(PaymentPagePaths.payResult)}>
            确认支付（沙箱支付）
          </button>
          <button type="button" className="payment-link-button" onClick={() => void vm.cancel()}>
            取消订单
          </button>
        </>
      )}
      {vm.order && !vm.payable && !vm.busy && (
        <button type="button" className="payment-link-button" onClick={() => vm.go(PaymentPagePaths.payResult)}>
          查看支付结果
        </button>
      )}
    </Page>
  );
});

const CreatePaymentPage = observer(function CreatePaymentPage({ kind }: { kind: 'alipay' | 'tcg' }) {
  const vm = useViewModel(PayPageModel, { kind });
  useEffect(() => {
    void vm.opened();
  }, [vm]);
  return (
    <Page title="支付" backTo={PaymentBackTargets.paying}>
      <div className="payment-card">
        <div className="payment-title">{vm.title}</div>
        <div className="payment-amount" data-testid="payment-amount">
          {vm.amount ? `${vm.symbol}${vm.amount}` : ''}
        </div>
        {vm.order && (
          <dl className="payment-rows">
            <div className="payment-row">
              <dt>开通账号</dt>
              <dd>{`${vm.order.toNickName}（ID ${vm.order.toUid}）`}</dd>
            </div>
            <div className="payment-row">
              <dt>订单号</dt>
              <dd data-testid="order-id">{vm.order.orderId}</dd>
            </div>
          </dl>
        )}
      </div>
      {vm.loading && <p className="payment-hint">正在加载…</p>}
      {vm.error && (
        <p className="payment-error" role="alert">
          {vm.error}
        </p>
      )}
      {vm.ready && kind === 'alipay' && (
        <>
          <SandboxNote />
          <button type="button" className="primary-button" onClick={() => vm.next(PaymentPagePaths.zfbPayConfirm)}>
            我已支付
          </button>
          <button type="button" className="payment-link-button" onClick={() => vm.next(PaymentPagePaths.zfbPayCancel)}>
            取消
          </button>
        </>
      )}
      {vm.ready && kind === 'tcg' && vm.order && (
        <TcgActions order={vm.order} />
      )}
    </Page>
  );
});

/** The tcg page pays or cancels the order the pay button created (the one the page shows: not asked again). */
const TcgActions = observer(function TcgActions({ order }: { order: PaymentOrder }) {
  const vm = useViewModel(PaymentOrderModel, { orderId: order.orderId, order });
  useEffect(() => {
    void vm.opened();
  }, [vm]);
  return (
    <>
      <OrderState vm={vm} />
      {vm.payable && (
        <>
          <SandboxNote />
          <button type="button" className="primary-button" onClick={() => void vm.approve(PaymentPagePaths.tcgPaySuccess)}>
            确认支付（沙箱支付）
          </button>
          <button type="button" className="payment-link-button" onClick={() => void vm.cancel()}>
            取消订单
          </button>
        </>
      )}
    </>
  );
});

/** /zfbPay?orderId: the alipay-style order the pay button created. */
export function ZfbPayScreen() {
  return <CreatePaymentPage kind="alipay" />;
}

/** /tcgPay?orderId: the tcg order the pay button created. */
export function TcgPayScreen() {
  return <CreatePaymentPage kind="tcg" />;
}

/** /zfbPayConfirm: the sandbox provider confirms the alipay-style payment, or the order is still unpaid. */
export const ZfbPayConfirmScreen = observer(function ZfbPayConfirmScreen() {
  const vm = useOrder();
  return (
    <Page title="确认支付" backTo={PaymentBackTargets.paying}>
      {vm.order && <OrderDetails order={vm.order} amount={vm.rmbText} />}
      <OrderState vm={vm} />
      {vm.payable && (
        <>
          <SandboxNote />
          <button
            type="button"
            className="primary-button"
            onClick={() => void vm.approve(PaymentPagePaths.zfbPaySuccess, PaymentPagePaths.zfbPayUnpaid)}
          >
            沙箱支付：确认付款
          </button>
          <button
            type="button"
            className="payment-link-button"
            onClick={() => void vm.check(PaymentPagePaths.zfbPaySuccess, PaymentPagePaths.zfbPayUnpaid)}
          >
            我还没有付款
          </button>
        </>
      )}
    </Page>
  );
});

/** /zfbPayUnpaid: the server has no payment for the order yet. */
export const ZfbPayUnpaidScreen = observer(function ZfbPayUnpaidScreen() {
  const vm = useOrder();
  return (
    <Page title="未支付" backTo={PaymentBackTargets.paying}>
      <p className="payment-headline">{PaymentTexts.notPaidYet}</p>
      {vm.order && <OrderDetails order={vm.order} amount={vm.rmbText} />}
      <OrderState vm={vm} />
      {vm.payable && (
        <>
          <button type="button" className="primary-button" onClick={() => vm.go(PaymentPagePaths.zfbPayConfirm)}>
            重新确认支付
          </button>
          <button type="button" className="payment-link-button" onClick={() => vm.go(PaymentPagePaths.zfbPayUnpaidSubmit)}>
            提交凭证
          </button>
          <button type="button" className="payment-link-button" onClick={() => vm.go(PaymentPagePaths.zfbPayCancel)}>
            取消订单
          </button>
        </>
      )}
    </Page>
  );
});

/** /zfbPayCancel: cancels the alipay-style order. */
export const ZfbPayCancelScreen = observer(function ZfbPayCancelScreen() {
  const vm = useOrder();
  return (
    <Page title="取消支付" backTo={PaymentBackTargets.paying}>
      {vm.order && <OrderDetails order={vm.order} amount={vm.rmbText} />}
      <OrderState vm={vm} />
      {vm.payable && (
        <button type="button" className="primary-button" onClick={() => void vm.cancel(false)}>
          确认取消订单
        </button>
      )}
    </Page>
  );
});

const PaidScreen = observer(function PaidScreen({ title }: { title: string }) {
  const vm = useViewModel(PayResultModel);
  useEffect(() => {
    vm.opened();
    return () => vm.stop();
  }, [vm]);
  return (
    <Page title={title} backTo={PaymentBackTargets.paid}>
      <ResultBody vm={vm} />
    </Page>
  );
});

/** /zfbPaySuccess: the alipay-style order's result, as the server holds it. */
export function ZfbPaySuccessScreen() {
  return <PaidScreen title="支付成功" />;
}

/** /tcgPaySuccess. */
export function TcgPaySuccessScreen() {
  return <PaidScreen title="支付成功" />;
}

const ResultBody = observer(function ResultBody({ vm }: { vm: PayResultViewModel }) {
  return (
    <>
      <p className="payment-headline" data-testid="pay-result" data-status={vm.order?.status ?? ''}>
        {vm.headline}
      </p>
      {vm.order && <OrderDetails order={vm.order} amount={`${vm.order.priceSymbol}${vm.order.priceText}`} />}
      {vm.vipExpiry && (
        <p className="payment-status" data-testid="vip-expiry">
          VIP有效期至：{vm.vipExpiry}
        </p>
      )}
      {vm.timedOut && <p className="payment-hint">{PaymentTexts.timeout}</p>}
      {vm.final || vm.timedOut || vm.error ? (
        <button type="button" className="primary-button" onClick={vm.backToUser}>
          返回我的
        </button>
      ) : null}
    </>
  );
});

/** /payResult?orderId: polls the order until it is final. */
export const PayResultScreen = observer(function PayResultScreen() {
  return <PaidScreen title="支付结果" />;
});

const HelpActions = observer(function HelpActions({ orderId }: { orderId?: string }) {
  const vm = useViewModel(CustomerServiceModel);
  return (
    <>
      <button type="button" className="primary-button" disabled={vm.busy} onClick={() => void vm.contact(orderId)}>
        联系客服
      </button>
      <button type="button" className="payment-link-button" onClick={vm.help}>
        帮助中心
      </button>
    </>
  );
});

/** /zfbPayUnpaidSubmit: there is no server call for payment proof, so the page sends the user to customer service. */
export function ZfbPayUnpaidSubmitScreen() {
  const orderId = useViewModel(PaymentQueryModel).orderId;
  return (
    <Page title="提交凭证" backTo={PaymentBackTargets.paying}>
      <p className="payment-text">如果您已经付款但订单仍显示未支付，请联系客服并提供付款截图和订单号，客服核实后会为您处理。</p>
      {orderId && <p className="payment-text">订单号：{orderId}</p>}
      <HelpActions {...(orderId ? { orderId } : {})} />
    </Page>
  );
}

/** /zfbPayNotSupport: the region or method refused the purchase. */
export function ZfbPayNotSupportScreen() {
  const message = useViewModel(PaymentQueryModel).message;
  return (
    <Page title="暂不支持" backTo={PaymentBackTargets.paying}>
      <p className="payment-headline">暂不支持该支付方式</p>
      <p className="payment-text">{message || '当前地区或支付方式暂不支持开通VIP，请更换支付方式或联系客服。'}</p>
      <HelpActions />
    </Page>
  );
}

/** /unablePay: explains why paying may not work and where to get help. */
export function UnablePayScreen() {
  return (
    <Page title="无法支付" backTo={PaymentBackTargets.paying}>
      <ul className="payment-text">
        <li>订单创建后30分钟内未支付会自动关闭，请返回重新下单。</li>
        <li>部分地区或支付方式暂不支持，请尝试其他支付方式。</li>
        <li>已付款但未到账，请联系客服并提供订单号。</li>
      </ul>
      <HelpActions />
    </Page>
  );
}

/** /appeal: payment disputes go to customer service (there is no appeal call). */
export function AppealScreen() {
  const orderId = useViewModel(PaymentQueryModel).orderId;
  return (
    <Page title="申诉" backTo={PaymentBackTargets.paying}>
      <p className="payment-text">对订单或扣款有疑问，请联系客服说明情况并提供订单号，客服会核实处理。</p>
      <HelpActions {...(orderId ? { orderId } : {})} />
    </Page>
  );
}
