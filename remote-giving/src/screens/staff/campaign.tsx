import 'shared/ui/staff/screens.css';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiResult } from 'shared/api/client';
import { formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { campaignPercent, type CampaignRequest, type StaffCampaign as Campaign } from 'shared/schemas/campaign-api';
import { useStaffSession } from 'shared/staff-session';
import { LoadState, messageOf as kitMessageOf, Notice, StaffTable } from 'shared/ui/staff/kit';
import { useCreateStaffCampaign } from '../../api/create-staff-campaign';
import { useListStaffCampaigns } from '../../api/list-staff-campaigns';
import { useUpdateStaffCampaign } from '../../api/update-staff-campaign';

export const staffCampaignTexts = {
  title: 'Campaña de donaciones',
  intro:
    'La campaña en curso aparece en /contribuciones con una barra de progreso: suma las donaciones aprobadas entre sus fechas (las reembolsadas no cuentan). Solo una campaña puede estar activa a la vez. La página pública se actualiza en menos de un minuto.',
  loading: 'Cargando las campañas…',
  failed: 'No pudimos cargar las campañas.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  actionFailed: 'No pudimos guardar la campaña.',
  caption: 'Campañas, la más reciente primero',
  empty: 'Aún no hay campañas. Crea la primera con el formulario de abajo.',
  columns: ['Campaña', 'Fechas', 'Meta', 'Recaudado', 'Estado', 'Acciones'] as const,
  state: { running: 'En curso (visible en la página)', upcoming: 'Programada', finished: 'Terminada' } as Record<Campaign['state'], string>,
  dates: (from: string, to: string) => `Del ${from} al ${to}`,
  raised: (raised: string, percent: number, donations: number) =>
    `${raised} (${percent} %) · ${donations === 1 ? '1 donación' : `${donations} donaciones`}`,
  edit: 'Editar',
  editLabel: (title: string) => `Editar la campaña ${title}`,
  newTitle: 'Nueva campaña',
  editTitle: (title: string) => `Editar la campaña «${title}»`,
  name: 'Nombre de la campaña',
  nameHint: 'Se muestra al público sobre la barra de progreso.',
  goal: 'Meta en pesos (solo números)',
  startsOn: 'Fecha de inicio',
  endsOn: 'Fecha de cierre (incluida)',
  create: 'Crear campaña',
  save: 'Guardar cambios',
  saving: 'Guardando…',
  cancel: 'Cancelar',
  created: (title: string) => `Campaña «${title}» creada.`,
  updated: (title: string) => `Campaña «${title}» actualizada.`,
} as const;
const t = staffCampaignTexts;

const messageOf = (result: ApiResult<unknown>) => kitMessageOf(result, t.network, t.actionFailed);

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; campaigns: Campaign[] };
interface Draft {
  title: string;
  goal_amount: string;
  starts_on: string;
  ends_on: string;
}
const emptyDraft: Draft = { title: '', goal_amount: '', starts_on: '', ends_on: '' };

/** Create or edit a campaign; field errors come from the server, by field. */
function CampaignForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: Campaign | null;
  onSaved: (message: string) => void;
  onCancel?: () => void;
}) {
  const session = useStaffSession();
  const create = useCreateStaffCampaign();
  const update = useUpdateStaffCampaign();
  const [draft, setDraft] = useState<Draft>(
    editing
      ? { title: editing.title, goal_amount: String(editing.goal_amount), starts_on: editing.starts_on, ends_on: editing.ends_on }
      : emptyDraft,
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const prefix = editing ? `campana-${editing.id}` : 'campana-nueva';
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editing) headingRef.current?.focus();
  }, [editing]);

  const set = (name: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: name === 'goal_amount' ? e.target.value.replace(/\D/g, '') : e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    const token = await session.getIdToken();
    if (!token) {
      setBusy(false);
      return setFailure({ message: t.sessionEnded, fields: {} });
    }
    const body: CampaignRequest = { ...draft, goal_amount: draft.goal_amount };
    const result = editing ? await update(editing.id, body, token) : await create(body, token);
    setBusy(false);
    if (result.kind !== 'ok')
      return setFailure({ message: messageOf(result), fields: result.kind === 'error' ? (result.fields ?? {}) : {} });
    if (!editing) setDraft(emptyDraft);
    onSaved(editing ? t.updated(result.data.campaign.title) : t.created(result.data.campaign.title));
  };

  const errorId = (name: string) => `${prefix}-${name}-error`;
  const fieldError = (name: string) =>
    failure?.fields[name] ? (
      <p className="field-error" id={errorId(name)}>
        {failure.fields[name]}
      </p>
    ) : null;
  const describedBy = (name: string, hint?: string) =>
    [failure?.fields[name] ? errorId(name) : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const invalid = (name: string) => (failure?.fields[name] ? true : undefined);

  return (
    <form className="form card" onSubmit={(e) => void submit(e)} aria-labelledby={`${prefix}-title`} noValidate>
      <h2 id={`${prefix}-title`} ref={headingRef} tabIndex={-1}>
        {editing ? t.editTitle(editing.title) : t.newTitle}
      </h2>
      {failure ? <Notice kind="error" text={failure.message} /> : null}
      <div className="field">
        <label htmlFor={`${prefix}-name`}>{t.name}</label>
        <input
          id={`${prefix}-name`}
          name="title"
          required
          maxLength={120}
          aria-invalid={invalid('title')}
          aria-describedby={describedBy('title', `${prefix}-name-hint`)}
          value={draft.title}
          onChange={set('title')}
        />
        <p className="field-hint" id={`${prefix}-name-hint`}>
          {t.nameHint}
        </p>
        {fieldError('title')}
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${prefix}-goal`}>{t.goal}</label>
          <input
            id={`${prefix}-goal`}
            name="goal_amount"
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={11}
            aria-invalid={invalid('goal_amount')}
            aria-describedby={describedBy('goal_amount')}
            value={draft.goal_amount}
            onChange={set('goal_amount')}
          />
          {fieldError('goal_amount')}
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-starts`}>{t.startsOn}</label>
          <input
            id={`${prefix}-starts`}
            name="starts_on"
            type="date"
            required
            aria-invalid={invalid('starts_on')}
            aria-describedby={describedBy('starts_on')}
            value={draft.starts_on}
            onChange={set('starts_on')}
          />
          {fieldError('starts_on')}
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-ends`}>{t.endsOn}</label>
          <input
            id={`${prefix}-ends`}
            name="ends_on"
            type="date"
            required
            aria-invalid={invalid('ends_on')}
            aria-describedby={describedBy('ends_on')}
            value={draft.ends_on}
            onChange={set('ends_on')}
          />
          {fieldError('ends_on')}
        </div>
      </div>
      <p className="staff-filters__actions">
        <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t.saving : editing ? t.save : t.create}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {t.cancel}
          </button>
        ) : null}
      </p>
    </form>
  );
}

/** StaffCampaign (/equipo/campana): the campaigns with what each raised; create and edit them. */
export default function StaffCampaign() {
  const session = useStaffSession();
  const list = useListStaffCampaigns();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<Campaign | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const load = useCallback(async () => {
    const token = await session.getIdToken();
    if (!token) return setLoaded({ kind: 'failed', message: t.sessionEnded });
    const result = await list(token);
    setLoaded(
      result.kind === 'ok'
        ? { kind: 'ready', campaigns: result.data.campaigns }
        : { kind: 'failed', message: kitMessageOf(result, t.network, t.failed) },
    );
  }, [session, list]);
  useEffect(() => {
    void load();
  }, [load]);

  // The notice takes the focus (it says what happened); the list reloads with the saved figures.
  const saved = (message: string) => {
    setEditing(null);
    setNotice(message);
    void load();
  };
  const stopEditing = () => {
    setEditing(null);
    returnFocus.current?.focus();
  };

  return (
    <section className="staff-screen" aria-labelledby="campana-titulo">
      <h1 id="campana-titulo">{t.title}</h1>
      <p className="staff-screen__intro">{t.intro}</p>
      {notice ? <Notice text={notice} /> : null}
      <LoadState state={loaded} loading={t.loading} retry={t.retry} onRetry={() => void load()} />
      {editing ? <CampaignForm key={editing.id} editing={editing} onSaved={saved} onCancel={stopEditing} /> : null}
      {loaded.kind === 'ready' ? (
        <StaffTable caption={t.caption} columns={t.columns}>
          {loaded.campaigns.length ? (
            loaded.campaigns.map((c) => (
              <tr key={c.id}>
                <th scope="row">{c.title}</th>
                <td>{t.dates(formatLongDate(c.starts_on), formatLongDate(c.ends_on))}</td>
                <td className="staff-nowrap">{formatCOP(c.goal_amount)}</td>
                <td>{t.raised(formatCOP(c.raised_amount), campaignPercent(c.raised_amount, c.goal_amount), c.donations)}</td>
                <td>{t.state[c.state]}</td>
                <td className="staff-nowrap">
                  <button
                    type="button"
                    className="btn btn--ghost"
                    aria-label={t.editLabel(c.title)}
                    onClick={(e) => {
                      returnFocus.current = e.currentTarget;
                      setNotice(null);
                      setEditing(c);
                    }}
                  >
                    {t.edit}
                  </button>
                </td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={t.columns.length} className="staff-empty">
                {t.empty}
              </td>
            </tr>
          )}
        </StaffTable>
      ) : null}
      <CampaignForm editing={null} onSaved={saved} />
    </section>
  );
}
