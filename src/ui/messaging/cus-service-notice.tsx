import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { CusServiceModel, type CusServiceViewModel } from './cus-service-view-model.ts';

function useCusService(): CusServiceViewModel {
  const vm = useViewModel(CusServiceModel);
  useEffect(() => {
    void vm.opened();
  }, [vm]);
  return vm;
}

/** At the top of a chat with the customer-service account: the welcome text and the service hours. */
export const CusServiceNotice = observer(function CusServiceNotice({ partnerUid }: { partnerUid: number | null }) {
  const notice = useCusService().chatNotice(partnerUid);
  if (!notice) return null;
  return (
    <section className="cus-service-notice" data-testid="cus-service-notice">
      <p className="cus-service-notice__welcome">{notice.welcome}</p>
      {notice.hours && <p className="cus-service-notice__hours">{notice.hours}</p>}
    </section>
  );
});

/** Help centre: the service hours and the fallback contact (only the fallback when customer service is unavailable). */
export const CusServiceContact = observer(function CusServiceContact() {
  const lines = useCusService().contactLines;
  if (lines.length === 0) return null;
  return (
    <div className="cus-service-contact" data-testid="cus-service-contact">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
});
