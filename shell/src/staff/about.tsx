import 'shared/ui/staff/screens.css';
import { useFieldArray } from 'react-hook-form';
import { TextAreaField, TextField } from 'shared/ui/form';
import {
  changesBetween,
  DocumentEditorActions,
  PublishedDocumentScreen,
  useDocumentEditor,
  DocumentForm,
  type DocumentEditorProps,
} from 'shared/ui/staff/publishing';
import { aboutDefaults, aboutOperations, type AboutContent, type aboutDocument } from '../../manifest/about';

type Block = 'quienesSomos' | 'mision' | 'vision';
const blocks: readonly Block[] = ['quienesSomos', 'mision', 'vision'];

/** The form: each block's paragraphs in one text area, a blank line between two of them. */
interface AboutForm {
  quienesSomos: { title: string; text: string };
  mision: { title: string; text: string };
  vision: { title: string; text: string };
  values: { name: string; text: string }[];
}

export const staffAboutTexts = {
  title: 'Página Nosotros',
  intro:
    'Los textos de /nosotros: quiénes somos, la misión, la visión y los valores. Guarda un borrador mientras escribes; al publicar, el sitio los muestra en unos segundos.',
  loading: 'Cargando los textos…',
  blocks: { quienesSomos: 'Quiénes somos', mision: 'Misión', vision: 'Visión' } as Record<Block, string>,
  blockTitle: (block: string) => `Título del bloque ${block}`,
  blockText: (block: string) => `Texto del bloque ${block}`,
  textHint: 'Deja una línea en blanco entre dos párrafos.',
  values: 'Valores',
  valueName: (i: number) => `Nombre del valor ${i + 1}`,
  valueText: (i: number) => `Frase del valor ${i + 1}`,
  addValue: 'Agregar un valor',
  removeValue: (name: string) => `Quitar el valor ${name || 'sin nombre'}`,
  remove: 'Quitar',
  saveDraft: 'Guardar borrador',
  saving: 'Guardando…',
  review: 'Revisar y publicar',
} as const;
const t = staffAboutTexts;

function toForm(content: AboutContent): AboutForm {
  const block = (b: Block) => ({ title: content[b].title, text: content[b].paragraphs.join('\n\n') });
  return {
    quienesSomos: block('quienesSomos'),
    mision: block('mision'),
    vision: block('vision'),
    values: content.values.map((v) => ({ ...v })),
  };
}

function fromForm(values: AboutForm): AboutContent {
  const block = (b: Block) => ({
    title: values[b].title,
    paragraphs: values[b].text
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter(Boolean),
  });
  return { quienesSomos: block('quienesSomos'), mision: block('mision'), vision: block('vision'), values: values.values };
}

/** The server names a paragraph's error by its path (`mision.paragraphs.0`); the form has one text area per block. */
const formFieldOf = (key: string) => key.replace(/^(quienesSomos|mision|vision)\.paragraphs(\.\d+)?$/, '$1.text');

function labelOf(path: string): string {
  const [block, part, index] = path.split('.');
  if (block && block in t.blocks)
    return part === 'title'
      ? t.blockTitle(t.blocks[block as Block])
      : `${t.blockText(t.blocks[block as Block])} (párrafo ${Number(index) + 1})`;
  if (block === 'values' && part !== undefined) return index === 'name' ? t.valueName(Number(part)) : t.valueText(Number(part));
  return path;
}

function AboutEditor({ state, doc, onState }: DocumentEditorProps<typeof aboutDocument.schema>) {
  const live = state.published?.body ?? state.defaults ?? aboutDefaults;
  const { form, field, submission, openPreview, actions } = useDocumentEditor<AboutForm, typeof aboutDocument.schema>({
    doc,
    defaultValues: toForm(state.draft?.body ?? live),
    toBody: fromForm,
    fieldOf: formFieldOf,
    onState,
  });
  const values = useFieldArray({ control: form.control, name: 'values' });
  return (
    <DocumentForm submission={submission} id="nosotros-form-titulo" title={t.title}>
      {blocks.map((b) => (
        <fieldset key={b}>
          <legend>{t.blocks[b]}</legend>
          <TextField label={t.blockTitle(t.blocks[b])} required unmarked maxLength={80} autoComplete="off" {...field(`${b}.title`)} />
          <TextAreaField
            label={t.blockText(t.blocks[b])}
            hint={t.textHint}
            required
            unmarked
            rows={8}
            maxLength={10_000}
            {...field(`${b}.text`)}
          />
        </fieldset>
      ))}
      <fieldset>
        <legend>{t.values}</legend>
        {values.fields.map((v, i) => (
          <div key={v.id} className="staff-document__item">
            <TextField label={t.valueName(i)} required unmarked maxLength={40} autoComplete="off" {...field(`values.${i}.name`)} />
            <TextField label={t.valueText(i)} required unmarked maxLength={240} autoComplete="off" {...field(`values.${i}.text`)} />
            <button
              type="button"
              className="btn btn--ghost"
              aria-label={t.removeValue(form.getValues(`values.${i}.name`))}
              onClick={() => values.remove(i)}
            >
              {t.remove}
            </button>
          </div>
        ))}
        <p>
          <button type="button" className="btn btn--ghost" onClick={() => values.append({ name: '', text: '' })}>
            {t.addValue}
          </button>
        </p>
      </fieldset>
      <DocumentEditorActions actions={actions} onReview={() => openPreview(changesBetween(live, fromForm(form.getValues()), labelOf))} />
    </DocumentForm>
  );
}

/** StaffAbout (/equipo/nosotros): the About page's texts, edited, reviewed, published, with their history. */
export default function StaffAbout() {
  return (
    <PublishedDocumentScreen
      ops={aboutOperations}
      id="nosotros"
      title={t.title}
      intro={t.intro}
      loading={t.loading}
      editor={(p) => <AboutEditor key={p.key} state={p.state} doc={p.doc} onState={p.onState} />}
    />
  );
}
