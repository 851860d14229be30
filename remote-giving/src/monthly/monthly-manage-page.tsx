import '../giving.css';
import { useEffect, useMemo, useState } from 'react';
import { useOperationCall } from 'shared/api/use-operation';
import { AppLink, useNavigation } from 'shared/navigation';
import { PageFrame } from 'shared/ui/page-frame';
import { MONTHLY_MANAGE_PREFIX } from '../../manifest/routes';
import { monthlyManageTexts as t } from '../texts';
import { ManageGift, type GiftActions } from './manage-gift';
import { monthlyOperations } from './operations';
import type { ManageResponse } from './manage-schemas';

/**
 * The link's token is the only credential of this page: the server must never render it with the gift's data (nor keep
 * the page in its render cache by token), so the screen is left to the browser.
 */
export const serverRender = false;

/** The token as the e-mail wrote it: from the address itself (the route table matches it in lower case). */
function tokenOf(pathname: string): string {
  const at = pathname.toLowerCase().indexOf(MONTHLY_MANAGE_PREFIX);
  const raw = at === 0 ? pathname.slice(MONTHLY_MANAGE_PREFIX.length).replace(/\/$/, '') : '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

type Loaded = { kind: 'loading' } | { kind: 'missing'; message: string } | { kind: 'failed' } | { kind: 'ready'; gift: ManageResponse };
/** /contribuciones/mensual/gestionar/<token> (#29): the donor's monthly gift, from the link in their e-mail. */
export default function MonthlyManagePage() {
  const { pathname } = useNavigation();
  const token = tokenOf(pathname);
  const load = useOperationCall(monthlyOperations.manage);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const changeAmount = useOperationCall(monthlyOperations.changeAmount);
  const pause = useOperationCall(monthlyOperations.pause);
  const resume = useOperationCall(monthlyOperations.resume);
  const cancel = useOperationCall(monthlyOperations.cancel);
  // The link's token is the gift's credential for each action.
  const actions = useMemo<GiftActions>(
    () => ({
      changeAmount: (amount) => changeAmount({ params: { token }, body: { amount } }),
      pause: () => pause({ params: { token } }),
      resume: () => resume({ params: { token } }),
      cancel: () => cancel({ params: { token }, body: { confirm: true } }),
    }),
    [token, changeAmount, pause, resume, cancel],
  );

  useEffect(() => {
    let live = true;
    setLoaded({ kind: 'loading' });
    load({ params: { token } })
      .then((res) => {
        if (!live) return;
        if (res.kind === 'ok') setLoaded({ kind: 'ready', gift: res.data });
        else if (res.kind === 'error' && res.status === 404) setLoaded({ kind: 'missing', message: res.message });
        else setLoaded({ kind: 'failed' });
      })
      .catch(() => live && setLoaded({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, [load, token, attempt]);

  return (
    <PageFrame title={t.title}>
      {/* The address holds the token: no request from this page may carry it in a Referer (React places this in the head). */}
      <meta name="referrer" content="no-referrer" />
      {loaded.kind === 'loading' ? (
        <p role="status" className="donation-note">
          {t.loading}
        </p>
      ) : null}
      {loaded.kind === 'missing' ? (
        <div className="card monthly-card">
          <p className="alert alert--error" role="alert">
            {loaded.message}
          </p>
          <AppLink to="/contribuciones">{t.backToDonations}</AppLink>
        </div>
      ) : null}
      {loaded.kind === 'failed' ? (
        <div className="card monthly-card">
          <p className="alert alert--error" role="alert">
            {t.loadFailed}
          </p>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            {t.retry}
          </button>
        </div>
      ) : null}
      {loaded.kind === 'ready' ? (
        <ManageGift gift={loaded.gift} actions={actions} onChange={(gift) => setLoaded({ kind: 'ready', gift })} />
      ) : null}
    </PageFrame>
  );
}
