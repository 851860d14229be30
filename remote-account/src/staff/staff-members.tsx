import '../account.css';
import 'shared/ui/staff/screens.css';
import './staff.css';
import { useMemo, useState } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import type { StaffMemberRow } from './team-schemas';
import { useStaffSession } from 'shared/staff-session';
import { staffRoleNames } from 'shared/staff-roles';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { StaffTable, useCellLabels } from 'shared/ui/staff/kit';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { accountStaffOperations as ops } from './operations';
import { bogotaDate } from './format';
import { membersTexts as t } from './members-texts';

import { InviteForm, messageOf, nameOf, NoticeLine, ReinviteDialog, RolesDialog, type Dialog } from './staff-member-forms';

type Notice = { text: string; detail?: string; n: number };

/** How the screen names a person: their name, or their address when the invitation had none (older rows). */
function stateOf(m: StaffMemberRow): { text: string; ok: boolean } {
  if (m.status === 'invited') return { text: t.pending(m.invitationExpiresAt ? bogotaDate(m.invitationExpiresAt) : '—'), ok: false };
  if (!m.enabled) return { text: t.disabled, ok: false };
  if (m.emailChanged) return { text: t.emailChanged, ok: false };
  if (!m.totp) return { text: t.totpOff, ok: false };
  return { text: t.active, ok: true };
}

/**
 * `account/StaffMembers` (administration): who has access to the panel and with which roles, pending invitations,
 * the invitation form, role changes, and removal or cancellation after a confirmation. The API refuses anyone without
 * the administration role, removing oneself and dropping one's own administration.
 */
export default function StaffMembers() {
  const session = useStaffSession();
  const remove = useOperationCall(ops.remove);
  const invite = useOperationCall(ops.invite);
  const list = useOperationCall(ops.members);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => list() }), [list]),
    t,
  );
  const everyone = resource.data?.members;
  const members = everyone?.filter((m) => m.status !== 'removed');
  const former = everyone?.filter((m) => m.status === 'removed') ?? [];
  const resetSecondFactor = useOperationCall(ops.resetSecondFactor);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const table = useCellLabels();

  const announce = (text: string, detail?: string) => {
    setNotice((prev) => ({ text, ...(detail ? { detail } : {}), n: (prev?.n ?? 0) + 1 }));
    void resource.refresh();
  };

  const confirmRemoval = async () => {
    if (dialog?.kind !== 'remove') return;
    const { member } = dialog;
    setDialog({ ...dialog, busy: true, error: null });
    const result = await remove({ params: { email: member.email } });
    // The session ended: nothing was sent, the dialog closes (the panel says to sign in again).
    if (isSessionEnded(result)) return setDialog(null);
    if (result.kind === 'ok') {
      setDialog(null);
      announce(result.data.wasInvitation ? t.invitationCancelled(member.email) : t.removed(member.email));
    } else setDialog({ ...dialog, busy: false, error: messageOf(result, t.network) });
  };

  const confirmReset = async () => {
    if (dialog?.kind !== 'secondFactor') return;
    const { member } = dialog;
    setDialog({ ...dialog, busy: true, error: null });
    const result = await resetSecondFactor({ params: { email: member.email } });
    if (isSessionEnded(result)) return setDialog(null);
    if (result.kind === 'ok') {
      setDialog(null);
      announce(t.secondFactorReset(nameOf(member)));
    } else setDialog({ ...dialog, busy: false, error: messageOf(result, t.network) });
  };

  const resend = async (member: StaffMemberRow) => {
    const result = await invite({ body: { email: member.email, name: member.name ?? '', roles: member.roles } });
    if (isSessionEnded(result)) return;
    if (result.kind === 'ok') announce(t.invited(member.email, result.data.renewed));
    else announce(messageOf(result, t.network));
  };

  const me = session.email.toLowerCase();
  let body;
  if (!members) body = <ResourceState resource={resource} loading={t.loading} retry={t.retry} />;
  else if (members.length === 0) body = <p>{t.empty}</p>;
  else
    body = (
      <div className="staff-table-wrap" role="region" aria-labelledby="equipo-tabla" tabIndex={0}>
        <table ref={table} className="staff-table">
          <caption id="equipo-tabla">{t.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.email}</th>
              <th scope="col">{t.name}</th>
              <th scope="col">{t.roles}</th>
              <th scope="col">{t.state}</th>
              <th scope="col">{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => {
              const self = m.email.toLowerCase() === me;
              const state = stateOf(m);
              const pending = m.status === 'invited';
              return (
                <tr key={m.email}>
                  <th scope="row">
                    {m.email}
                    {self ? t.you : ''}
                  </th>
                  <td>{nameOf(m)}</td>
                  <td>{staffRoleNames(m.roles)}</td>
                  <td>
                    <span className={`staff-tag ${state.ok ? 'staff-tag--ok' : 'staff-tag--warn'}`}>{state.text}</span>
                  </td>
                  <td className="staff-actions">
                    <button
                      type="button"
                      className="btn btn--ghost staff-button-small"
                      aria-label={t.changeRolesLabel(m.email)}
                      onClick={() => setDialog({ kind: 'roles', member: m, busy: false, error: null })}
                    >
                      {t.changeRoles}
                    </button>
                    {!self && m.status === 'active' && m.totp ? (
                      <button
                        type="button"
                        className="btn btn--ghost staff-button-small"
                        aria-label={t.resetSecondFactorLabel(nameOf(m))}
                        onClick={() => setDialog({ kind: 'secondFactor', member: m, busy: false, error: null })}
                      >
                        {t.resetSecondFactor}
                      </button>
                    ) : null}
                    {pending ? (
                      <button
                        type="button"
                        className="btn btn--ghost staff-button-small"
                        aria-label={t.resendLabel(m.email)}
                        onClick={() => void resend(m)}
                      >
                        {t.resend}
                      </button>
                    ) : null}
                    {self ? null : (
                      <button
                        type="button"
                        className="btn btn--ghost staff-button-small"
                        aria-label={pending ? t.cancelInvitationLabel(m.email) : t.removeLabel(m.email)}
                        onClick={() => setDialog({ kind: 'remove', member: m, busy: false, error: null })}
                      >
                        {pending ? t.cancelInvitation : t.remove}
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

  const formerTable =
    former.length > 0 ? (
      <section aria-labelledby="equipo-retirados">
        <h2 id="equipo-retirados">{t.removedTitle}</h2>
        <p className="staff-screen__intro">{t.removedIntro}</p>
        <StaffTable caption={t.removedCaption} columns={[t.email, t.name, t.formerRoles, t.actions]}>
          {former.map((m) => (
            <tr key={m.email}>
              <th scope="row">{m.email}</th>
              <td>{nameOf(m)}</td>
              <td>{staffRoleNames(m.roles)}</td>
              <td className="staff-actions">
                <button
                  type="button"
                  className="btn btn--ghost staff-button-small"
                  aria-label={t.reinviteLabel(nameOf(m))}
                  onClick={() => setDialog({ kind: 'reinvite', member: m, busy: false, error: null })}
                >
                  {t.reinvite}
                </button>
              </td>
            </tr>
          ))}
        </StaffTable>
      </section>
    ) : null;

  const removing = dialog?.kind === 'remove' ? dialog : null;
  const cancelling = removing?.member.status === 'invited';
  return (
    <section className="staff-screen" aria-labelledby="equipo-titulo">
      <div>
        <h1 id="equipo-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </div>
      {notice ? <NoticeLine key={notice.n} text={notice.text} detail={notice.detail} /> : null}
      {body}
      {formerTable}
      <InviteForm onInvited={announce} />
      {removing ? (
        <ConfirmDialog
          title={cancelling ? t.cancelTitle : t.confirmTitle}
          confirmLabel={cancelling ? t.cancelYes : t.confirmYes}
          busyLabel={cancelling ? t.cancelBusy : t.confirmBusy}
          cancelLabel={t.cancel}
          busy={removing.busy}
          error={removing.error}
          onConfirm={() => void confirmRemoval()}
          onCancel={() => setDialog(null)}
        >
          <p>{cancelling ? t.cancelBody(removing.member.email) : t.confirmBody(removing.member.email)}</p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'secondFactor' ? (
        <ConfirmDialog
          title={t.resetTitle}
          confirmLabel={t.resetYes}
          busyLabel={t.resetBusy}
          cancelLabel={t.cancel}
          busy={dialog.busy}
          error={dialog.error}
          onConfirm={() => void confirmReset()}
          onCancel={() => setDialog(null)}
        >
          <p>{t.resetBody(nameOf(dialog.member), dialog.member.email)}</p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'reinvite' ? (
        <ReinviteDialog
          dialog={dialog}
          onCancel={() => setDialog(null)}
          onState={(busy, error) => setDialog({ ...dialog, busy, error })}
          onInvited={(email) => {
            setDialog(null);
            announce(t.rejoined(email));
          }}
        />
      ) : null}
      {dialog?.kind === 'roles' ? (
        <RolesDialog
          dialog={dialog}
          onCancel={() => setDialog(null)}
          onState={(busy, error) => setDialog({ ...dialog, busy, error })}
          onSaved={(roles) => {
            setDialog(null);
            announce(t.rolesChanged(dialog.member.email, staffRoleNames(roles)));
          }}
        />
      ) : null}
    </section>
  );
}
