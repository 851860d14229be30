import '../../account.css';
import './staff.css';
import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from 'shared/api/client';
import { inviteStaffRequestSchema, type StaffMemberRow } from 'shared/schemas/staff-api';
import { useStaffSession } from 'shared/staff-session';
import { SubmitErrors } from 'shared/ui/error-summary';
import { CheckboxField, SubmitButton, TextField } from 'shared/ui/form';
import { failed, fieldsOf, sent, SubmissionForm, useFocusOnMount, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { useInviteStaffMember } from '../../api/invite-staff-member';
import { useListStaffMembers } from '../../api/list-staff-members';
import { useRemoveStaffMember } from '../../api/remove-staff-member';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { bogotaDate } from './format';
import { membersTexts as t } from './members-texts';
import { LoadState } from './staff-parts';

type Listing = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; members: StaffMemberRow[] };

/** The API's Spanish message for a failed call, or the screen's own for a network failure. */
const messageOf = (result: ApiResult<unknown>, fallback: string) =>
  result.kind === 'error' && result.message ? result.message : result.kind === 'network' ? t.network : fallback;

/** A result line that takes focus when it appears (after an invitation or a removal). */
function Notice({ text }: { text: string }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} className="alert alert--success" role="status" tabIndex={-1}>
      {text}
    </div>
  );
}

function InviteForm({ onInvited }: { onInvited: (text: string) => void }) {
  const session = useStaffSession();
  const invite = useInviteStaffMember();
  const form = useZodForm(inviteStaffRequestSchema, { defaultValues: { email: '', admin: false } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const token = await session.getIdToken();
    if (!token) return failed(t.network);
    const result = await invite(values, token);
    if (result.kind !== 'ok') return failed(messageOf(result, t.network), { fields: result.kind === 'error' ? result.fields : undefined });
    form.reset({ email: '', admin: false });
    onInvited(t.invited(result.data.email, result.data.created));
    return sent(result.data);
  });
  return (
    <section className="card staff-invite" aria-labelledby="invitar">
      <SubmissionForm
        className="form"
        honeypot={false}
        submission={submission}
        aria-labelledby="invitar"
        header={<h2 id="invitar">{t.inviteTitle}</h2>}
        summary={<SubmitErrors form={form} submission={submission} />}
      >
        <TextField label={t.inviteEmail} type="email" autoComplete="off" inputMode="email" required {...field('email')} />
        <CheckboxField label={t.inviteAdmin} {...field('admin')} />
        <div className="auth-actions">
          <SubmitButton busy={submission.busy} busyLabel={t.inviteBusy}>
            {t.inviteSubmit}
          </SubmitButton>
        </div>
      </SubmissionForm>
    </section>
  );
}

/**
 * `account/StaffMembers` (admins): who has access to the panel, whether each set up the authenticator, the
 * invitation form, and removal after a confirmation. The API refuses non-admins and removing oneself.
 */
export default function StaffMembers() {
  const session = useStaffSession();
  const list = useListStaffMembers();
  const remove = useRemoveStaffMember();
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  const [confirming, setConfirming] = useState<{ email: string; busy: boolean; error: string | null } | null>(null);

  const load = useCallback(async () => {
    const token = await session.getIdToken();
    if (!token) return;
    const result = await list(token);
    setListing(
      result.kind === 'ok' ? { kind: 'ready', members: result.data.members } : { kind: 'failed', message: messageOf(result, t.failed) },
    );
  }, [list, session]);

  useEffect(() => {
    void load();
  }, [load]);

  const announce = (text: string) => {
    setNotice((prev) => ({ text, n: (prev?.n ?? 0) + 1 }));
    void load();
  };

  const confirmRemoval = async () => {
    if (!confirming) return;
    const { email } = confirming;
    setConfirming({ email, busy: true, error: null });
    const token = await session.getIdToken();
    if (!token) return setConfirming(null);
    const result = await remove(email, token);
    if (result.kind === 'ok') {
      setConfirming(null);
      announce(t.removed(email));
    } else setConfirming({ email, busy: false, error: messageOf(result, t.network) });
  };

  const me = session.email.toLowerCase();
  let body;
  if (listing.kind !== 'ready')
    body = (
      <LoadState
        state={listing}
        loading={t.loading}
        retry={t.retry}
        onRetry={() => {
          setListing({ kind: 'loading' });
          void load();
        }}
      />
    );
  else if (listing.members.length === 0) body = <p>{t.empty}</p>;
  else
    body = (
      <div className="staff-table-wrap" role="region" aria-labelledby="equipo-tabla" tabIndex={0}>
        <table className="staff-table">
          <caption id="equipo-tabla">{t.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.email}</th>
              <th scope="col">{t.name}</th>
              <th scope="col">{t.role}</th>
              <th scope="col">{t.secondFactor}</th>
              <th scope="col">{t.created}</th>
              <th scope="col">{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {listing.members.map((m) => {
              const self = m.email.toLowerCase() === me;
              return (
                <tr key={m.email}>
                  <th scope="row">
                    {m.email}
                    {self ? t.you : ''}
                    {m.enabled ? '' : t.disabled}
                  </th>
                  <td>{m.name ?? <span className="staff-screen__intro">{t.noName}</span>}</td>
                  <td>{m.admin ? t.admin : t.member}</td>
                  <td>
                    <span className={`staff-tag ${m.totp ? 'staff-tag--ok' : 'staff-tag--warn'}`}>{m.totp ? t.totpOn : t.totpOff}</span>
                  </td>
                  <td className="staff-table__nowrap">{bogotaDate(m.createdAt)}</td>
                  <td>
                    {self ? null : (
                      <button
                        type="button"
                        className="btn btn--ghost staff-button-small"
                        aria-label={t.removeLabel(m.email)}
                        onClick={() => setConfirming({ email: m.email, busy: false, error: null })}
                      >
                        {t.remove}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="staff-screen" aria-labelledby="equipo-titulo">
      <div>
        <h1 id="equipo-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </div>
      {notice ? <Notice key={notice.n} text={notice.text} /> : null}
      {body}
      <InviteForm onInvited={announce} />
      {confirming ? (
        <ConfirmDialog
          title={t.confirmTitle}
          confirmLabel={t.confirmYes}
          busyLabel={t.confirmBusy}
          cancelLabel={t.cancel}
          busy={confirming.busy}
          error={confirming.error}
          onConfirm={() => void confirmRemoval()}
          onCancel={() => setConfirming(null)}
        >
          <p>{t.confirmBody(confirming.email)}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
