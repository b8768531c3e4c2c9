/** The 6-digit code row shared by the recovery and binding pages: the code typed on the left, 获取验证码 on the right. */
export function CodeField(props: { value: string; onChange: (value: string) => void; sendText: string; canSend: boolean; onSend: () => void }) {
  return (
    <div className="field captcha-field">
      <label className="captcha-field__input">
        <span className="field__label">验证码</span>
        <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="6位数字验证码" value={props.value} onChange={(e) => props.onChange(e.target.value)} />
      </label>
      <button type="button" className="captcha-field__image" disabled={!props.canSend} onClick={props.onSend}>
        {props.sendText}
      </button>
    </div>
  );
}
