import Switch from 'antd-mobile/es/components/switch';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { Field } from '../common/auth-form.tsx';
import { AddAddressModel, ChoseAddressModel, type AddAddressViewModel } from './address-view-models.ts';
import { AddressScreenTexts } from '../../core/vip/vip-texts.ts';
import './address.css';

/** /choseAddress (?select=1 from the purchase screen: a tap picks where the gift goes). */
export const ChoseAddressScreen = observer(function ChoseAddressScreen() {
  const vm = useViewModel(ChoseAddressModel);
  useEffect(() => {
    void vm.opened();
  }, [vm]);
  return (
    <div className="page address-page">
      <NavBar title={vm.selecting ? '选择收货地址' : '收货地址'} />
      {vm.status === 'loading' && <p className="address-hint">正在加载…</p>}
      {vm.status === 'failed' && (
        <button type="button" className="address-hint link-button" onClick={() => void vm.load()}>
          {AddressScreenTexts.loadFailed}
        </button>
      )}
      {vm.status === 'ready' && vm.rows.length === 0 && <p className="address-hint">{AddressScreenTexts.empty}</p>}
      <ul className="address-list" data-loaded={vm.status === 'ready' ? 'true' : 'false'}>
        {vm.rows.map(({ address, phoneText, chosen }) => (
          <li key={address.id} className={`address-item ${chosen ? 'address-item--chosen' : ''}`} data-testid="address-item">
            <button type="button" className="address-item__main" onClick={() => vm.rowTapped(address.id)} aria-pressed={vm.selecting ? chosen : undefined}>
              <span className="address-item__person">
                {address.name}
                <span className="address-item__phone">{phoneText}</span>
                {address.isDefault && <span className="address-item__default">{AddressScreenTexts.isDefault}</span>}
              </span>
              <span className="address-item__where">
                {address.region} {address.detail}
              </span>
            </button>
            <div className="address-item__actions">
              {!address.isDefault && (
                <button type="button" onClick={() => void vm.setDefaultTapped(address.id)}>
                  {AddressScreenTexts.setDefault}
                </button>
              )}
              <button type="button" onClick={() => vm.editTapped(address.id)}>
                编辑
              </button>
              <button type="button" onClick={() => void vm.removeTapped(address.id)}>
                {AddressScreenTexts.remove}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="address-footer">
        <button type="button" className="primary-button" disabled={!vm.canAdd} onClick={vm.addTapped}>
          {AddressScreenTexts.add}
        </button>
      </div>
    </div>
  );
});

const DetailField = observer(function DetailField({ vm }: { vm: AddAddressViewModel }) {
  return (
    <label className="field address-detail">
      <span className="field__label">详细地址</span>
      <textarea name="detail" rows={3} autoComplete="street-address" placeholder="街道、楼牌号等" value={vm.detail} onChange={(e) => vm.setField('detail', e.target.value)} />
    </label>
  );
});

/** /addAddress (?id= edits one of the user's addresses). */
export const AddAddressScreen = observer(function AddAddressScreen() {
  const vm = useViewModel(AddAddressModel);
  useEffect(() => {
    void vm.opened();
  }, [vm]);
  return (
    <div className="page address-page">
      <NavBar title={vm.title} />
      <form
        className="account-form address-form"
        onSubmit={(event) => {
          event.preventDefault();
          void vm.saveTapped();
        }}
      >
        <Field label="收货人" name="name" autoComplete="name" placeholder="请填写收货人姓名" value={vm.name} onChange={(value) => vm.setField('name', value)} />
        <Field label="手机号码" name="phone" autoComplete="tel" placeholder="请填写收货人手机号" value={vm.phone} onChange={(value) => vm.setField('phone', value)} />
        <Field label="所在地区" name="region" autoComplete="address-level1" placeholder="省 市 区，如：广东省 深圳市 南山区" value={vm.region} onChange={(value) => vm.setField('region', value)} />
        <DetailField vm={vm} />
        <label className="address-switch">
          <span>{AddressScreenTexts.defaultSwitch}</span>
          <Switch checked={vm.isDefault} onChange={vm.setDefault} aria-label={AddressScreenTexts.defaultSwitch} />
        </label>
        <button type="submit" className="primary-button" disabled={vm.saving || !vm.loaded}>
          {vm.saving ? AddressScreenTexts.saving : AddressScreenTexts.save}
        </button>
      </form>
    </div>
  );
});
