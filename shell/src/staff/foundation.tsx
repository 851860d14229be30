import 'shared/ui/staff/screens.css';
import { useFieldArray, type Path } from 'react-hook-form';
import { foundationDefaults } from 'shared/config/site';
import { pendingFoundationData } from 'shared/foundation/fields';
import type { FoundationData, FoundationDataInput } from 'shared/foundation/schema';
import { TextAreaField, TextField } from 'shared/ui/form';
import { PublishedFileUpload } from 'shared/ui/staff/upload';
import {
  changesBetween,
  DocumentEditorActions,
  PublishedDocumentScreen,
  useDocumentEditor,
  DocumentForm,
  type DocumentEditorProps,
} from 'shared/ui/staff/publishing';
import { foundationOperations, type foundationDocument } from '../../manifest/documents';

/** The form's values: the document with every pending (null) value as an empty field. */
type FoundationForm = { [K in keyof FoundationDataInput]: FoundationDataInput[K] };

export const staffFoundationTexts = {
  title: 'Datos de la fundación',
  intro:
    'Lo que el sitio, los correos y los certificados de donación dicen de la fundación. Un campo vacío es un dato pendiente: el sitio no lo muestra (ni inventa uno). Guarda un borrador mientras lo completas; al publicar, el sitio lo muestra en unos segundos.',
  loading: 'Cargando los datos de la fundación…',
  missingTitle: 'Lo que falta y lo que bloquea',
  missingNone: 'Están todos los datos: nada bloqueado.',
  missing: (label: string, blocks: string) => `${label}: sin él no aparece ${blocks}.`,
  identity: 'Identidad',
  contact: 'Contacto',
  social: 'Redes sociales',
  legal: 'Documentos legales',
  certificates: 'Certificados de donación',
  certificatesHint:
    'Los certificados de donación (Estatuto Tributario art. 125-2) llevan el NIT, la ciudad, la destinación de las donaciones y quienes firman. Mientras falte alguno, en producción no se expide ninguno.',
  esal: 'Transparencia ESAL (Estatuto Tributario art. 364-5)',
  esalDocuments: 'Documentos publicados',
  addDocument: 'Agregar documento',
  removeDocument: (name: string) => `Quitar el documento ${name || 'sin nombre'}`,
  remove: 'Quitar',
  documentHint: 'Sube el PDF (hasta 10 MB) o escribe la dirección https:// donde ya está publicado.',
  uploadDocument: (name: string) => `Subir el PDF de ${name}`,
  saveDraft: 'Guardar borrador',
  saving: 'Guardando…',
  review: 'Revisar y publicar',
  labels: {
    name: 'Nombre completo (como en los estatutos)',
    shortName: 'Nombre corto (encabezado)',
    nit: 'NIT con dígito de verificación',
    legalNature: 'Naturaleza jurídica',
    defaultDescription: 'Descripción del sitio (buscadores y redes)',
    'contact.email': 'Correo de contacto (remitente de los correos del sitio)',
    'contact.phoneDisplay': 'Teléfono',
    'contact.chatPhone': 'WhatsApp de los botones de chat',
    'contact.address': 'Dirección',
    'contact.hours': 'Horario de atención',
    bookingUrl: 'Página de reservas de ecoturismo (RESERVA AHORA)',
    'legal.privacyEffectiveDate': 'Vigencia de la política de privacidad',
    'legal.termsEffectiveDate': 'Vigencia de los términos y condiciones',
    'legal.dataProtectionEmail': 'Correo de protección de datos personales',
    'certificates.city': 'Ciudad de expedición',
    'certificates.destination': 'Destinación de las donaciones',
    'certificates.legalRepresentative': 'Representante legal (nombre e identificación)',
    'certificates.fiscalReviewer': 'Revisor fiscal o contador (nombre y tarjeta profesional)',
    'esal.meritoriousActivity': 'Actividad meritoria',
    'esal.surplusReinvestment': 'Reinversión de excedentes',
    'esal.directors': 'Directivos y representante legal',
    'esal.donations': 'Donaciones recibidas y su destino',
    'esal.annualReport': 'Informe anual de resultados',
    'esal.financialStatements': 'Estados financieros',
  } as Record<string, string>,
  hints: {
    nit: "Como aparece en el RUT: '901.234.567-7'.",
    'contact.phoneDisplay': "Con +57: '+57 601 234 5678'.",
    'contact.chatPhone': "Solo dígitos, 57 y el celular: '573102345678'.",
    'contact.address': "Con ciudad: 'Carrera 7 # 12-34, Tunja, Boyacá'.",
    'legal.privacyEffectiveDate': "La fecha en que el consejo la adoptó: '1 de diciembre de 2026'.",
    'legal.termsEffectiveDate': "Como la anterior: '1 de diciembre de 2026'.",
    'certificates.city': "'Tunja, Boyacá'.",
    'certificates.legalRepresentative': "'Ana María Rojas Peña, C.C. 40.123.456'.",
    'certificates.fiscalReviewer': "'Luis Pérez Gómez, T.P. 123456-T'.",
    bookingUrl: 'La página de la fundación en el sitio de reservas, no su inicio.',
  } as Record<string, string>,
  socialLabel: (name: string) => `Dirección de ${name} (https://)`,
  documentName: (i: number) => `Nombre del documento ${i + 1}`,
  documentDescription: (i: number) => `Descripción del documento ${i + 1}`,
  documentUrl: (i: number) => `Dirección del documento ${i + 1}`,
} as const;
const t = staffFoundationTexts;

/** Empty fields for pending values (an input shows '' for null); the server reads '' back as pending. */
function toForm(data: FoundationData): FoundationForm {
  return JSON.parse(JSON.stringify(data, (_k, v: unknown) => (v === null ? '' : v))) as FoundationForm;
}

/** A change's label: the field's, or the list item's ("Red social: Facebook"). */
function labelOf(values: FoundationForm) {
  return (path: string) => {
    const social = /^social\.(\d+)\.url$/.exec(path);
    if (social) return t.socialLabel(values.social[Number(social[1])]?.name ?? '');
    const doc = /^esal\.documents\.(\d+)\.(name|description|url)$/.exec(path);
    if (doc) {
      const i = Number(doc[1]);
      return doc[2] === 'name' ? t.documentName(i) : doc[2] === 'description' ? t.documentDescription(i) : t.documentUrl(i);
    }
    return t.labels[path] ?? path;
  };
}

function FoundationEditor({ state, doc, onState }: DocumentEditorProps<typeof foundationDocument.schema>) {
  const live = state.published?.body ?? state.defaults ?? foundationDefaults;
  const { form, field, submission, openPreview, actions } = useDocumentEditor<FoundationForm, typeof foundationDocument.schema>({
    doc,
    defaultValues: toForm(state.draft?.body ?? live),
    onState,
  });
  const documents = useFieldArray({ control: form.control, name: 'esal.documents' });
  const text = (name: Path<FoundationForm>, options: { multiline?: boolean; required?: boolean; maxLength?: number } = {}) => {
    const props = { label: t.labels[name] ?? name, hint: t.hints[name], required: options.required, unmarked: true, ...field(name) };
    return options.multiline ? (
      <TextAreaField rows={4} maxLength={options.maxLength ?? 4000} {...props} />
    ) : (
      <TextField autoComplete="off" maxLength={options.maxLength ?? 300} {...props} />
    );
  };
  return (
    <DocumentForm submission={submission} id="fundacion-form-titulo" title={t.title}>
      <fieldset>
        <legend>{t.identity}</legend>
        {text('name', { required: true, maxLength: 120 })}
        {text('shortName', { required: true, maxLength: 40 })}
        <div className="form-grid">
          {text('nit', { maxLength: 20 })}
          {text('legalNature', { required: true, maxLength: 160 })}
        </div>
        {text('defaultDescription', { required: true, multiline: true, maxLength: 300 })}
      </fieldset>
      <fieldset>
        <legend>{t.contact}</legend>
        <div className="form-grid">
          {text('contact.email', { required: true, maxLength: 120 })}
          {text('contact.phoneDisplay', { maxLength: 24 })}
          {text('contact.chatPhone', { maxLength: 12 })}
          {text('contact.hours', { required: true, maxLength: 120 })}
        </div>
        {text('contact.address', { maxLength: 160 })}
        {text('bookingUrl')}
      </fieldset>
      <fieldset>
        <legend>{t.social}</legend>
        <div className="form-grid">
          {form.getValues('social').map((s, i) => (
            <TextField
              key={s.name}
              label={t.socialLabel(s.name)}
              type="url"
              autoComplete="off"
              maxLength={300}
              unmarked
              {...field(`social.${i}.url`)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t.legal}</legend>
        <div className="form-grid">
          {text('legal.privacyEffectiveDate', { maxLength: 60 })}
          {text('legal.termsEffectiveDate', { maxLength: 60 })}
          {text('legal.dataProtectionEmail', { required: true, maxLength: 120 })}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t.certificates}</legend>
        <p className="field-hint">{t.certificatesHint}</p>
        {text('certificates.city', { maxLength: 80 })}
        {text('certificates.destination', { multiline: true, maxLength: 600 })}
        {text('certificates.legalRepresentative', { maxLength: 160 })}
        {text('certificates.fiscalReviewer', { maxLength: 160 })}
      </fieldset>
      <fieldset>
        <legend>{t.esal}</legend>
        <h3>{t.esalDocuments}</h3>
        {documents.fields.map((d, i) => (
          <div key={d.id} className="staff-document__item">
            <TextField label={t.documentName(i)} required unmarked maxLength={120} {...field(`esal.documents.${i}.name`)} />
            <TextField label={t.documentDescription(i)} required unmarked maxLength={300} {...field(`esal.documents.${i}.description`)} />
            <TextField
              label={t.documentUrl(i)}
              hint={t.documentHint}
              autoComplete="off"
              maxLength={300}
              unmarked
              {...field(`esal.documents.${i}.url`)}
            />
            <PublishedFileUpload
              label={t.uploadDocument(form.getValues(`esal.documents.${i}.name`) || String(i + 1))}
              accept="application/pdf"
              onUploaded={(file) => form.setValue(`esal.documents.${i}.url`, file.src, { shouldDirty: true })}
            />
            <button
              type="button"
              className="btn btn--ghost"
              aria-label={t.removeDocument(form.getValues(`esal.documents.${i}.name`))}
              onClick={() => documents.remove(i)}
            >
              {t.remove}
            </button>
          </div>
        ))}
        <p>
          <button type="button" className="btn btn--ghost" onClick={() => documents.append({ name: '', description: '', url: '' })}>
            {t.addDocument}
          </button>
        </p>
        {text('esal.meritoriousActivity', { multiline: true })}
        {text('esal.surplusReinvestment', { multiline: true })}
        {text('esal.directors', { multiline: true })}
        {text('esal.donations', { multiline: true })}
        {text('esal.annualReport', { multiline: true })}
        {text('esal.financialStatements', { multiline: true })}
      </fieldset>
      <DocumentEditorActions
        actions={actions}
        onReview={() => {
          const values = form.getValues();
          openPreview(changesBetween(toForm(live), values, labelOf(values)));
        }}
      />
    </DocumentForm>
  );
}

/** StaffFoundation (/equipo/fundacion): the foundation's data, edited, previewed, published, with its history. */
export default function StaffFoundation() {
  return (
    <PublishedDocumentScreen
      ops={foundationOperations}
      id="fundacion"
      title={t.title}
      intro={t.intro}
      loading={t.loading}
      aside={(state) => {
        const pending = pendingFoundationData(state.published?.body ?? state.defaults);
        return (
          <section aria-labelledby="fundacion-faltan" className="staff-missing">
            <h2 id="fundacion-faltan">{t.missingTitle}</h2>
            {pending.length ? (
              <ul>
                {pending.map((f) => (
                  <li key={f.key}>{t.missing(f.label, f.blocks)}</li>
                ))}
              </ul>
            ) : (
              <p>{t.missingNone}</p>
            )}
          </section>
        );
      }}
      editor={(p) => <FoundationEditor key={p.key} state={p.state} doc={p.doc} onState={p.onState} />}
    />
  );
}
