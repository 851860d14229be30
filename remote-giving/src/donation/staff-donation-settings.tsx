import 'shared/ui/staff/screens.css';
import { formatCOP } from 'shared/format/money';
import { TextAreaField, TextField } from 'shared/ui/form';
import {
  changesBetween,
  DocumentEditorActions,
  PublishedDocumentScreen,
  useDocumentEditor,
  DocumentForm,
  type DocumentEditorProps,
} from 'shared/ui/staff/publishing';
import { useItemList } from 'shared/ui/staff/item-list';
import { MAX_PRESETS, PROVIDER_MIN_COP, type DonationSettings, type donationDocument } from '../../manifest/documents';
import { donationSettingsOperations } from './staff-operations';

/** The form's values: amounts as typed (digits), the texts as they are. The server's schema reads them back. */
interface SettingsForm {
  presets: { amount: string }[];
  min: string;
  max: string;
  intro: string;
  paymentDescription: string;
  receiptThanks: string;
}

export const staffDonationSettingsTexts = {
  title: 'Montos y textos de la donación',
  intro:
    'Lo que ofrece la página /contribuciones: los montos sugeridos, el mínimo y el máximo de una donación y sus textos. El servidor revisa cada donación contra lo publicado en ese momento. Guarda un borrador mientras lo preparas; al publicar, la página lo muestra en unos segundos.',
  loading: 'Cargando los montos de la donación…',
  amounts: 'Montos',
  presetsTitle: 'Montos sugeridos (botones de la página)',
  presetsHint: `Entre 1 y ${MAX_PRESETS}, en el orden en que se muestran; cada uno entre el mínimo y el máximo.`,
  preset: (i: number) => `Monto sugerido ${i + 1} (pesos, solo números)`,
  removePreset: (i: number) => `Quitar el monto sugerido ${i + 1}`,
  remove: 'Quitar',
  addPreset: 'Agregar monto sugerido',
  min: 'Donación mínima (pesos, solo números)',
  minHint: `No menos de ${formatCOP(PROVIDER_MIN_COP)} (Mercado Pago) ni del mínimo que permite la configuración del sitio.`,
  max: 'Donación máxima (pesos, solo números)',
  maxHint: 'No más del máximo que permite la configuración del sitio.',
  texts: 'Textos',
  introLabel: 'Presentación de la página (qué paga una donación)',
  paymentDescription: 'Descripción del pago (la ve quien paga en Mercado Pago)',
  receiptThanks: 'Agradecimiento del correo de la donación',
  receiptThanksHint: 'El primer párrafo del correo que recibe quien donó cuando el pago se aprueba.',
  presetsLabel: 'Montos sugeridos',
  saveDraft: 'Guardar borrador',
  saving: 'Guardando…',
  review: 'Revisar y publicar',
} as const;
const t = staffDonationSettingsTexts;

/** Digits only, as typed: "$ 50.000" is kept as 50000. */
const digits = (value: string) => value.replace(/\D/g, '');

function toForm(data: DonationSettings): SettingsForm {
  return {
    presets: data.presets.map((p) => ({ amount: String(p.amount) })),
    min: String(data.min),
    max: String(data.max),
    intro: data.intro,
    paymentDescription: data.paymentDescription,
    receiptThanks: data.receiptThanks,
  };
}

/** An amount as the preview shows it ("$ 50.000"), or as typed when it is not one (the server will say why). */
const money = (value: string) => (/^\d+$/.test(value) ? formatCOP(Number(value)) : value);

/** What the preview compares: amounts in pesos, the presets as one list (their order is part of the page). */
function shownOf(values: SettingsForm) {
  return {
    presets: values.presets.map((p) => money(p.amount)).join(', '),
    min: money(values.min),
    max: money(values.max),
    intro: values.intro,
    paymentDescription: values.paymentDescription,
    receiptThanks: values.receiptThanks,
  };
}

const labels: Record<string, string> = {
  presets: t.presetsLabel,
  min: t.min,
  max: t.max,
  intro: t.introLabel,
  paymentDescription: t.paymentDescription,
  receiptThanks: t.receiptThanks,
};

function SettingsEditor({ state, doc, onState }: DocumentEditorProps<typeof donationDocument.schema>) {
  const live = state.published?.body ?? state.defaults;
  const { form, field, submission, openPreview, actions } = useDocumentEditor<SettingsForm, typeof donationDocument.schema>({
    doc,
    defaultValues: toForm(state.draft?.body ?? live),
    onState,
  });
  const presets = useItemList(form, 'presets');
  /** An amount field that keeps only digits as they are typed. */
  const amount = (name: 'min' | 'max' | `presets.${number}.amount`) => {
    const registered = field(name);
    return {
      ...registered,
      inputMode: 'numeric' as const,
      autoComplete: 'off',
      maxLength: 12,
      onChange: (e: { target: HTMLInputElement }) => {
        e.target.value = digits(e.target.value);
        return registered.onChange(e);
      },
    };
  };
  return (
    <DocumentForm submission={submission} id="donacion-config-form-titulo" title={t.title}>
      <fieldset>
        <legend>{t.amounts}</legend>
        <div className="form-grid">
          <TextField label={t.min} hint={t.minHint} required unmarked {...amount('min')} />
          <TextField label={t.max} hint={t.maxHint} required unmarked {...amount('max')} />
        </div>
        <h3>{t.presetsTitle}</h3>
        <p className="field-hint">{t.presetsHint}</p>
        {presets.fields.map((p, i) => (
          <div key={p.id} className="staff-document__item">
            <TextField label={t.preset(i)} required unmarked {...amount(`presets.${i}.amount`)} />
            {presets.fields.length > 1 ? (
              <button type="button" className="btn btn--ghost" aria-label={t.removePreset(i)} onClick={() => presets.remove(i)}>
                {t.remove}
              </button>
            ) : null}
          </div>
        ))}
        {presets.fields.length < MAX_PRESETS ? (
          <p>
            <button type="button" className="btn btn--ghost" onClick={() => presets.append({ amount: '' })}>
              {t.addPreset}
            </button>
          </p>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>{t.texts}</legend>
        <TextAreaField label={t.introLabel} required unmarked rows={3} maxLength={600} {...field('intro')} />
        <TextField label={t.paymentDescription} required unmarked autoComplete="off" maxLength={250} {...field('paymentDescription')} />
        <TextAreaField
          label={t.receiptThanks}
          hint={t.receiptThanksHint}
          required
          unmarked
          rows={3}
          maxLength={600}
          {...field('receiptThanks')}
        />
      </fieldset>
      <DocumentEditorActions
        actions={actions}
        onReview={() => openPreview(changesBetween(shownOf(toForm(live)), shownOf(form.getValues()), (path) => labels[path] ?? path))}
      />
    </DocumentForm>
  );
}

/**
 * StaffDonationSettings (/equipo/donaciones-config): the donation's presets, bounds and texts, edited, previewed,
 * published, with their history (#28). A screen of its own rather than a section of the campaign's: the campaign saves
 * at once, this document goes through drafts and a reviewed publication, and one screen with both would mix them.
 */
export default function StaffDonationSettings() {
  return (
    <PublishedDocumentScreen
      ops={donationSettingsOperations}
      id="donacion-config"
      title={t.title}
      intro={t.intro}
      loading={t.loading}
      editor={(p) => <SettingsEditor key={p.key} state={p.state} doc={p.doc} onState={p.onState} />}
    />
  );
}
