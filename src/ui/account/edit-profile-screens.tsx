import { observer } from 'mobx-react-lite';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { formatImageUrl } from '../../core/display/image-url.ts';
import { EditGenderModel, EditInfoModel, EditIntroduceModel, EditNicknameModel } from './edit-profile-view-models.ts';
import '../common/rows.css';
import './account.css';

function LoginFirst({ title, onLogin }: { title: string; onLogin: () => void }) {
  return (
    <div className="page">
      <NavBar title={title} />
      <div className="account-form">
        <p>登录后才能编辑资料</p>
        <button type="button" className="primary-button" onClick={onLogin}>去登录</button>
      </div>
    </div>
  );
}

function avatarUrl(src: string): string {
  const formatted = formatImageUrl(src, { width: 64, height: 64 });
  return formatted.ok ? formatted.url : src;
}

export const EditInfoScreen = observer(function EditInfoScreen() {
  const vm = useViewModel(EditInfoModel);
  if (!vm.loggedIn) return <LoginFirst title="编辑资料" onLogin={() => vm.loginTapped('/editInfo')} />;
  return (
    <div className="page edit-info-page">
      <NavBar title="编辑资料" />
      <div className="account-list">
        <button type="button" className="account-row" data-testid="edit-avatar" onClick={vm.avatarTapped}>
          <span>头像</span>
          <img className="account-row__avatar" src={avatarUrl(vm.avatar)} alt="头像" width={40} height={40} />
        </button>
        {vm.choosingAvatar && (
          <div className="avatar-choices" role="listbox" aria-label="选择头像">
            {vm.avatarChoices.map((url, index) => (
              <button
                key={url}
                type="button"
                role="option"
                aria-selected={url === vm.avatar}
                aria-label={`头像${index + 1}`}
                className={`avatar-choice ${url === vm.avatar ? 'avatar-choice--current' : ''}`}
                onClick={() => void vm.avatarChosen(url)}
              >
                <img src={avatarUrl(url)} alt="" />
              </button>
            ))}
          </div>
        )}
        <button type="button" className="account-row" data-testid="edit-nickname" onClick={() => vm.open('/editNickname')}>
          <span>昵称</span>
          <span className="account-row__value">{vm.nickName}</span>
          <span className="account-row__arrow" aria-hidden="true">›</span>
        </button>
        <button type="button" className="account-row" data-testid="edit-gender" onClick={() => vm.open('/editGender')}>
          <span>性别</span>
          <span className="account-row__value" data-testid="gender-value">{vm.genderText}</span>
          <span className="account-row__arrow" aria-hidden="true">›</span>
        </button>
        <button type="button" className="account-row" data-testid="edit-introduce" onClick={() => vm.open('/editIntroduce')}>
          <span>个人简介</span>
          <span className="account-row__value">{vm.introduction}</span>
          <span className="account-row__arrow" aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
});

export const EditNicknameScreen = observer(function EditNicknameScreen() {
  const vm = useViewModel(EditNicknameModel);
  if (!vm.loggedIn) return <LoginFirst title="修改昵称" onLogin={() => vm.loginTapped('/editNickname')} />;
  return (
    <div className="page">
      <NavBar title="修改昵称" />
      <form
        className="account-form"
        onSubmit={(event) => {
          event.preventDefault();
          void vm.saveTapped();
        }}
      >
        <input
          className="account-input"
          name="nickName"
          aria-label="昵称"
          placeholder="请输入昵称"
          maxLength={32}
          value={vm.value}
          onChange={(event) => vm.changed(event.target.value)}
        />
        <p className="form-error" role="alert">{vm.error}</p>
        <button type="submit" className="primary-button" disabled={!vm.canSave}>保存</button>
      </form>
    </div>
  );
});

export const EditGenderScreen = observer(function EditGenderScreen() {
  const vm = useViewModel(EditGenderModel);
  if (!vm.loggedIn) return <LoginFirst title="修改性别" onLogin={() => vm.loginTapped('/editGender')} />;
  return (
    <div className="page">
      <NavBar title="修改性别" />
      <div className="account-list" role="radiogroup" aria-label="性别">
        {vm.options.map((option) => (
          <button
            key={option.gender}
            type="button"
            role="radio"
            aria-checked={option.selected}
            disabled={vm.saving}
            className={`account-row ${option.selected ? 'account-row--selected' : ''}`}
            onClick={() => void vm.chosen(option.gender)}
          >
            <span>{option.label}</span>
            {option.selected && <span aria-hidden="true">✓</span>}
          </button>
        ))}
      </div>
      <p className="form-error" role="alert">{vm.error}</p>
    </div>
  );
});

export const EditIntroduceScreen = observer(function EditIntroduceScreen() {
  const vm = useViewModel(EditIntroduceModel);
  if (!vm.loggedIn) return <LoginFirst title="个人简介" onLogin={() => vm.loginTapped('/editIntroduce')} />;
  return (
    <div className="page">
      <NavBar title="个人简介" />
      <form
        className="account-form"
        onSubmit={(event) => {
          event.preventDefault();
          void vm.saveTapped();
        }}
      >
        <textarea
          className="account-input account-textarea"
          name="introduction"
          aria-label="个人简介"
          placeholder="介绍一下自己吧"
          value={vm.value}
          onChange={(event) => vm.changed(event.target.value)}
        />
        <p className={`account-counter ${vm.tooLong ? 'account-counter--over' : ''}`}>{vm.counter}</p>
        <p className="form-error" role="alert">{vm.error}</p>
        <button type="submit" className="primary-button" disabled={!vm.canSave}>保存</button>
      </form>
    </div>
  );
});
