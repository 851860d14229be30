import 'shared/ui/staff/screens.css';
import './staff-campaign.css';
import { useMemo, useRef, useState } from 'react';
import { useOperationCall } from 'shared/api/use-operation';
import { formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import {
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_IMAGE_ALT_MAX,
  campaignPercent,
  monthlyCountings,
  type CampaignRequest,
  type StaffCampaign as Campaign,
} from './schemas';
import { TextAreaField, TextField } from 'shared/ui/form';
import { PublishedFileUpload } from 'shared/ui/staff/upload';
import { StaffForm, useStaffForm } from 'shared/ui/staff/form';
import { Notice, StaffTable } from 'shared/ui/staff/kit';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { campaignStaffOperations as ops } from './staff-operations';

export const staffCampaignTexts = {
  title: 'Campaña de donaciones',
  intro:
    'La campaña en curso aparece en /contribuciones con una barra de progreso: suma las donaciones aprobadas entre sus fechas (las reembolsadas no cuentan) y las donaciones mensuales como elija cada campaña. Solo una campaña puede estar activa a la vez. La página pública se actualiza en menos de un minuto.',
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
  description: 'Descripción para el público (opcional)',
  descriptionHint: 'Texto simple, sin formato: qué busca la campaña y a quién ayuda. Separa los párrafos con una línea en blanco.',
  imageTitle: 'Imagen (opcional)',
  imageSrc: 'Dirección de la imagen',
  imageSrcHint: 'Se llena al subir la imagen (JPG, PNG, WebP o GIF, hasta 10 MB).',
  upload: 'Subir imagen',
  uploadAnother: 'Cambiar imagen',
  removeImage: 'Quitar imagen',
  imageAlt: 'Texto alternativo de la imagen',
  imageAltHint: 'Qué muestra la imagen, en una frase, para quien no puede verla. Obligatorio si hay imagen.',
  imagePreview: 'Vista previa de la imagen',
  monthlyTitle: 'Cómo cuentan las donaciones mensuales',
  monthlyHint:
    'Cuenta cada donación mensual que empieza entre las fechas de la campaña, una sola vez; las que empezaron antes no suman. Las donaciones de una sola vez cuentan siempre por su valor.',
  monthly: {
    first_charge: {
      label: 'Solo el primer cobro',
      hint: 'Suma el valor del primer cobro de cada donación mensual; los meses siguientes no se suman a la meta. Es lo más prudente: cuenta solo dinero recibido.',
    },
    twelve_months: {
      label: '12 meses',
      hint: 'Suma 12 veces el valor del primer cobro, como una promesa de un año, desde que llega ese cobro. Si la donación se cancela antes, la barra no baja; nunca cuenta menos de lo que la donación ya cobró entre las fechas.',
    },
  },
  monthlyCurrent: {
    first_charge: 'Mensuales: solo el primer cobro',
    twelve_months: 'Mensuales: 12 meses',
  },
  create: 'Crear campaña',
  save: 'Guardar cambios',
  saving: 'Guardando…',
  cancel: 'Cancelar',
  created: (title: string) => `Campaña «${title}» creada.`,
  updated: (title: string) => `Campaña «${title}» actualizada.`,
} as const;
const t = staffCampaignTexts;

const emptyDraft: CampaignRequest = {
  title: '',
  goal_amount: '',
  starts_on: '',
  ends_on: '',
  description: '',
  image_src: '',
  image_alt: '',
  monthly_counting: 'first_charge',
};

/** Create or edit a campaign on the form kit; field errors come from the server, by field. */
function CampaignForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: Campaign | null;
  onSaved: (message: string) => void;
  onCancel?: () => void;
}) {
  const create = useOperationCall(ops.createCampaign);
  const update = useOperationCall(ops.updateCampaign);
  const { form, field, ...submission } = useStaffForm<CampaignRequest, { campaign: Campaign }>({
    defaultValues: editing
      ? {
          title: editing.title,
          goal_amount: String(editing.goal_amount),
          starts_on: editing.starts_on,
          ends_on: editing.ends_on,
          description: editing.description ?? '',
          image_src: editing.image?.src ?? '',
          image_alt: editing.image?.alt ?? '',
          monthly_counting: editing.monthly_counting,
        }
      : emptyDraft,
    // The staff client brings the session's token (shared/api/staff-client).
    send: (body) => (editing ? update({ params: { id: editing.id }, body }) : create({ body })),
    onSent: ({ campaign }) => {
      if (!editing) form.reset(emptyDraft);
      onSaved(editing ? t.updated(campaign.title) : t.created(campaign.title));
    },
    texts: { ...t, failed: t.actionFailed },
  });
  const goal = field('goal_amount');
  const { error: countingError, ...countingRadio } = field('monthly_counting');
  const formId = editing ? `campana-${editing.id}` : 'campana-nueva';
  const image = form.watch('image_src') ?? '';

  return (
    <StaffForm
      id={formId}
      title={editing ? t.editTitle(editing.title) : t.newTitle}
      focusTitle={editing !== null}
      submission={submission}
      submitLabel={editing ? t.save : t.create}
      busyLabel={t.saving}
      cancel={onCancel ? { label: t.cancel, onCancel } : undefined}
    >
      <TextField label={t.name} hint={t.nameHint} required unmarked maxLength={120} {...field('title')} />
      <div className="form-grid">
        <TextField
          label={t.goal}
          inputMode="numeric"
          autoComplete="off"
          required
          unmarked
          maxLength={11}
          {...goal}
          // Digits only: "$2.000.000" is kept as 2000000.
          onChange={(e) => {
            e.target.value = e.target.value.replace(/\D/g, '');
            return goal.onChange(e);
          }}
        />
        <TextField label={t.startsOn} type="date" required unmarked {...field('starts_on')} />
        <TextField label={t.endsOn} type="date" required unmarked {...field('ends_on')} />
      </div>
      <fieldset
        className="staff-campaign__choices"
        aria-describedby={`${formId}-mensual-ayuda${countingError ? ` ${formId}-mensual-error` : ''}`}
        aria-invalid={countingError ? true : undefined}
      >
        <legend>{t.monthlyTitle}</legend>
        <p id={`${formId}-mensual-ayuda`} className="field-hint">
          {t.monthlyHint}
        </p>
        {monthlyCountings.map((mode) => {
          const id = `${formId}-mensual-${mode}`;
          return (
            <div key={mode} className="staff-campaign__choice">
              <input id={id} type="radio" value={mode} aria-describedby={`${id}-ayuda`} {...countingRadio} />
              <label htmlFor={id}>{t.monthly[mode].label}</label>
              <small id={`${id}-ayuda`} className="field-hint">
                {t.monthly[mode].hint}
              </small>
            </div>
          );
        })}
        {countingError ? (
          <span id={`${formId}-mensual-error`} className="field-error">
            {countingError}
          </span>
        ) : null}
      </fieldset>
      <TextAreaField
        label={t.description}
        hint={t.descriptionHint}
        rows={6}
        maxLength={CAMPAIGN_DESCRIPTION_MAX}
        {...field('description')}
      />
      <fieldset className="staff-campaign__image">
        <legend>{t.imageTitle}</legend>
        {/* Only what the site itself published (/archivos/…): the server refuses any other address. */}
        {image ? <img className="staff-campaign__preview" src={image} alt={t.imagePreview} /> : null}
        <TextField label={t.imageSrc} hint={t.imageSrcHint} autoComplete="off" readOnly {...field('image_src')} />
        <div className="staff-filters__actions">
          <PublishedFileUpload
            label={image ? t.uploadAnother : t.upload}
            accept="image/jpeg,image/png,image/webp,image/gif"
            onUploaded={(file) => form.setValue('image_src', file.src, { shouldDirty: true })}
          />
          {image ? (
            <button type="button" className="btn btn--ghost" onClick={() => form.setValue('image_src', '', { shouldDirty: true })}>
              {t.removeImage}
            </button>
          ) : null}
        </div>
        <TextField
          label={t.imageAlt}
          hint={t.imageAltHint}
          required={Boolean(image)}
          autoComplete="off"
          maxLength={CAMPAIGN_IMAGE_ALT_MAX}
          {...field('image_alt')}
        />
      </fieldset>
    </StaffForm>
  );
}

/** StaffCampaign (/equipo/campana): the campaigns with what each raised; create and edit them. */
export default function StaffCampaign() {
  const list = useOperationCall(ops.campaigns);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => list() }), [list]),
    t,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<Campaign | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  // The notice takes the focus (it says what happened); the list reloads with the saved figures.
  const saved = (message: string) => {
    setEditing(null);
    setNotice(message);
    void resource.refresh();
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
      <ResourceState resource={resource} loading={t.loading} />
      {editing ? <CampaignForm key={editing.id} editing={editing} onSaved={saved} onCancel={stopEditing} /> : null}
      {resource.data ? (
        <StaffTable caption={t.caption} columns={t.columns}>
          {resource.data.campaigns.length ? (
            resource.data.campaigns.map((c) => (
              <tr key={c.id}>
                <th scope="row">{c.title}</th>
                <td>{t.dates(formatLongDate(c.starts_on), formatLongDate(c.ends_on))}</td>
                <td className="staff-nowrap">{formatCOP(c.goal_amount)}</td>
                <td>
                  {t.raised(formatCOP(c.raised_amount), campaignPercent(c.raised_amount, c.goal_amount), c.donations)}
                  <br />
                  <small>{t.monthlyCurrent[c.monthly_counting]}</small>
                </td>
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
