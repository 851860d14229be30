import '../giving.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getIdToken, logoutSession } from 'shared/auth-session';
import { isSessionEnded } from 'shared/api/staff-client';
import { useSignedInCall, type TokenSource } from 'shared/api/use-operation';
import { site } from 'shared/foundation/site';
import { formatCOP } from 'shared/format/money';
import { AppLink } from 'shared/navigation';
import { rememberReturnPath } from 'shared/post-login';
import { selectIsAuthenticated, selectUser, signedOut, useAppDispatch, useAppSelector } from 'shared/store';
import { FormMessage } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { longDate, ManageGift, type GiftActions } from '../monthly/manage-gift';
import type { ManageResponse } from '../monthly/manage-schemas';
import { misDonacionesTexts as t, monthlyManageTexts } from '../texts';
import { mineOperations } from './operations';
import type { MyDonationsResponse } from './schemas';

export const MIS_DONACIONES_PATH = '/mis-donaciones';

/** The visitor's session, as the account remote provides it to every app (shared/auth-session). */
const visitorSession: TokenSource = { getIdToken };

/**
 * Someone's own gifts, fetched with their session, which the server cannot know: the gateway leaves this screen to the
 * browser (header and footer still come rendered).
 */
export const serverRender = false;

/** What the page shows; a list remembers whose it is (the account's sub), and is shown only to them. */
type Load =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'expired' }
  | { state: 'unverified'; message: string }
  | { state: 'done'; owner: string | undefined; data: MyDonationsResponse };

function AnonymousPrompt({ notice }: { notice: string | null }) {
  const comeBack = () => rememberReturnPath(MIS_DONACIONES_PATH);
  return (
    <section className="card monthly-card" aria-labelledby="ingresa-mis-donaciones">
      {notice ? <FormMessage kind="warning">{notice}</FormMessage> : null}
      <h2 id="ingresa-mis-donaciones">{t.anonymousTitle}</h2>
      <p>{t.anonymousText}</p>
      <p className="monthly-actions">
        <AppLink className="btn" to="/login" onClick={comeBack}>
          {t.loginButton}
        </AppLink>
        <AppLink className="btn btn--ghost" to="/register" onClick={comeBack}>
          {t.registerButton}
        </AppLink>
      </p>
    </section>
  );
}

/** One monthly gift with the manage link's actions, by its reference as the signed-in donor. */
function OwnGift({ gift, onChange }: { gift: ManageResponse; onChange: (gift: ManageResponse) => void }) {
  const changeAmount = useSignedInCall(mineOperations.changeAmount, visitorSession);
  const pause = useSignedInCall(mineOperations.pause, visitorSession);
  const resume = useSignedInCall(mineOperations.resume, visitorSession);
  const cancel = useSignedInCall(mineOperations.cancel, visitorSession);
  const reference = gift.reference;
  const actions = useMemo<GiftActions>(
    () => ({
      changeAmount: (amount) => changeAmount({ params: { reference }, body: { amount } }),
      pause: () => pause({ params: { reference } }),
      resume: () => resume({ params: { reference } }),
      cancel: () => cancel({ params: { reference }, body: { confirm: true } }),
    }),
    [reference, changeAmount, pause, resume, cancel],
  );
  const since = longDate(gift.created_at);
  const titleId = `gift-${reference}`;
  return (
    <article className="mine-gift" aria-labelledby={titleId}>
      <h2 id={titleId}>{t.giftTitle(since)}</h2>
      <ManageGift gift={gift} actions={actions} onChange={onChange} level={3} label={since} titleId={titleId} />
    </article>
  );
}

function OneTimeDonations({ donations }: { donations: MyDonationsResponse['donations'] }) {
  return (
    <section className="card monthly-card" aria-labelledby="mine-one-time-title">
      <h2 id="mine-one-time-title">{t.oneTimeTitle}</h2>
      {donations.length === 0 ? (
        <p>{t.noOneTime}</p>
      ) : (
        <div className="monthly-charges" role="region" aria-label={t.oneTimeCaption} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{t.oneTimeCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.reference}</th>
              </tr>
            </thead>
            <tbody>
              {donations.map((d) => (
                <tr key={d.reference}>
                  <td>{longDate(d.date)}</td>
                  <td>{formatCOP(d.amount)}</td>
                  <td>{monthlyManageTexts.chargeStates[d.status] ?? monthlyManageTexts.otherChargeState}</td>
                  <td>
                    <code translate="no">{d.reference}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Certificates() {
  return (
    <section className="card monthly-card" aria-labelledby="mine-certificates-title">
      <h2 id="mine-certificates-title">{t.certificatesTitle}</h2>
      <p>{t.certificatesText}</p>
      <p>{t.certificatesAsk(site.contact.email)}</p>
    </section>
  );
}

/** /mis-donaciones (#29): the signed-in donor's monthly gifts (with the manage link's actions) and one-time gifts. */
export default function MisDonacionesPage() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const list = useSignedInCall(mineOperations.list, visitorSession);

  // Each request's number: an answer that arrives after a newer request (another person signed in on this browser
  // meanwhile, or a retry) is dropped, never shown.
  const latest = useRef(0);
  const owner = user?.sub;
  const fetchDonations = useCallback(async () => {
    const request = ++latest.current;
    setLoad({ state: 'loading' });
    const res = await list().catch(() => null);
    if (request !== latest.current) return;
    if (res === null) setLoad({ state: 'error' });
    else if (isSessionEnded(res)) setLoad({ state: 'expired' });
    else if (res.kind === 'ok') setLoad({ state: 'done', owner, data: res.data });
    else if (res.kind === 'error' && res.status === 401) {
      // The server refused a token the browser still held: end the session here too, saying why.
      dispatch(signedOut(t.sessionExpired));
      void logoutSession();
      setLoad({ state: 'expired' });
    } else if (res.kind === 'error' && res.status === 403) setLoad({ state: 'unverified', message: res.message });
    else setLoad({ state: 'error' });
  }, [list, dispatch, owner]);

  useEffect(() => {
    if (isAuthenticated) void fetchDonations();
    // Signed out: whatever is still on its way belonged to the person who left.
    else latest.current += 1;
  }, [isAuthenticated, owner, fetchDonations]);

  const replaceGift = (gift: ManageResponse) =>
    setLoad((now) =>
      now.state === 'done'
        ? { ...now, data: { ...now.data, monthly: now.data.monthly.map((g) => (g.reference === gift.reference ? gift : g)) } }
        : now,
    );

  let body;
  if (!isAuthenticated || load.state === 'expired') {
    body = <AnonymousPrompt notice={load.state === 'expired' ? t.sessionExpired : null} />;
  } else if (load.state === 'loading' || (load.state === 'done' && load.owner !== owner)) {
    // Another person's list (they signed out and this one signed in before the new list came) is never shown.
    body = (
      <p role="status" className="donation-note">
        {t.loading}
      </p>
    );
  } else if (load.state === 'unverified') {
    body = (
      <div className="card monthly-card">
        <FormMessage kind="warning">{load.message}</FormMessage>
        <AppLink className="btn" to="/confirm-email">
          {t.verifyLink}
        </AppLink>
      </div>
    );
  } else if (load.state === 'error') {
    body = (
      <div className="card monthly-card">
        <FormMessage kind="error">{t.loadError}</FormMessage>
        <button type="button" className="btn" onClick={() => void fetchDonations()}>
          {t.retry}
        </button>
      </div>
    );
  } else if (load.data.monthly.length === 0 && load.data.donations.length === 0) {
    body = (
      <>
        <section className="card monthly-card" aria-labelledby="mine-empty-title">
          <h2 id="mine-empty-title">{t.emptyTitle}</h2>
          <p>{t.emptyText}</p>
          <AppLink className="btn btn--accent" to="/contribuciones">
            {t.donate}
          </AppLink>
        </section>
        <Certificates />
      </>
    );
  } else {
    body = (
      <>
        {load.data.monthly.map((gift) => (
          <OwnGift key={gift.reference} gift={gift} onChange={replaceGift} />
        ))}
        <OneTimeDonations donations={load.data.donations} />
        <Certificates />
      </>
    );
  }

  return (
    <PageFrame title={t.title} intro={<p>{t.intro}</p>}>
      {body}
    </PageFrame>
  );
}
