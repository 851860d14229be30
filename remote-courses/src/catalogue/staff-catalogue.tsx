import 'shared/ui/staff/screens.css';
import { useRef, useState } from 'react';
import type { FieldErrors, Path, UseFormRegister, UseFormReturn } from 'react-hook-form';
import { formatCOP, parseCOP } from 'shared/format/money';
import { SelectField, TextAreaField, TextField } from 'shared/ui/form';
import {
  changesBetween,
  DocumentEditorActions,
  PublishedDocumentScreen,
  useDocumentEditor,
  type Change,
  DocumentForm,
  type DocumentEditorProps,
} from 'shared/ui/staff/publishing';
import { useItemList } from 'shared/ui/staff/item-list';
import { catalogueDefaults, initialCourses, type CatalogueContent, type CourseContent, type CourseSlug } from '../../manifest/catalogue';
import { catalogueOperations, type catalogueDocument } from '../../manifest/catalogue-document';

/** A unit as the form holds it: its topics one per line (a textarea), the document's list once sent. */
interface UnitForm {
  title: string;
  topics: string;
}
interface ModuleForm {
  title: string;
  subtitle: string;
  units: UnitForm[];
}
/** A course as the form holds it: prices as typed ("$ 119.900" is read as 119900 when sent). */
interface CourseForm {
  title: string;
  description: string;
  price: string;
  totalprice: string;
  duration: string;
  daytime: string;
  modules: ModuleForm[];
}
type CatalogueForm = Record<CourseSlug, CourseForm>;

export const staffCatalogueTexts = {
  title: 'Catálogo de cursos',
  intro:
    'Nombre, descripción, precios y módulos de cada curso, como los muestran sus páginas y los cobra la inscripción. Guarda un borrador mientras lo preparas; al publicar, las páginas lo muestran en unos segundos y la siguiente inscripción se cobra con el precio nuevo. Quien ya pagó, o ya abrió su pago, conserva el precio con el que se inscribió.',
  loading: 'Cargando el catálogo…',
  course: 'Curso',
  courseHint: 'Los cambios de los tres cursos se guardan y publican juntos.',
  otherCourseErrors: (course: string) => `Revisa también ${course}: tiene datos por corregir.`,
  general: 'Nombre, descripción y horario',
  prices: 'Precios',
  pricesHint: 'En pesos colombianos, sin decimales. El curso completo no puede costar más que tres módulos sueltos.',
  courseTitle: 'Nombre del curso',
  description: 'Descripción',
  price: 'Precio por módulo (COP)',
  totalprice: 'Precio del curso completo (COP)',
  priceHint: 'Por ejemplo: 119900',
  duration: 'Duración',
  daytime: 'Intensidad horaria',
  module: (n: number) => `Módulo ${n}`,
  moduleTitle: (n: number) => `Título del módulo ${n}`,
  moduleName: (n: number) => `Nombre del módulo ${n}`,
  moduleNameHint: 'Es la opción del formulario de inscripción y queda en cada inscripción.',
  unit: (m: number, u: number) => `Unidad ${u} del módulo ${m}`,
  unitTitle: (m: number, u: number) => `Nombre de la unidad ${u} del módulo ${m}`,
  unitTopics: (m: number, u: number) => `Temas de la unidad ${u} del módulo ${m}`,
  topicsHint: 'Un tema por línea.',
  addUnit: (m: number) => `Agregar unidad al módulo ${m}`,
  removeUnit: (m: number, u: number) => `Quitar la unidad ${u} del módulo ${m}`,
  remove: 'Quitar',
  add: 'Agregar unidad',
  saveDraft: 'Guardar borrador',
  saving: 'Guardando…',
  review: 'Revisar y publicar',
} as const;
const t = staffCatalogueTexts;

const slugs = initialCourses.map((c) => c.slug);

function toForm(content: CatalogueContent): CatalogueForm {
  const course = (c: CourseContent): CourseForm => ({
    title: c.title,
    description: c.description,
    price: String(c.price),
    totalprice: String(c.totalprice),
    duration: c.duration,
    daytime: c.daytime,
    modules: c.modules.map((m) => ({
      title: m.title,
      subtitle: m.subtitle,
      units: m.units.map((u) => ({ title: u.title, topics: u.content.join('\n') })),
    })),
  });
  return Object.fromEntries(slugs.map((s) => [s, course(content[s] ?? catalogueDefaults[s])])) as CatalogueForm;
}

/** What is sent: prices read as pesos (anything else goes as typed, and the server says what is wrong on its field). */
function toBody(values: CatalogueForm) {
  const amount = (typed: string) => {
    const pesos = parseCOP(typed);
    return Number.isFinite(pesos) ? pesos : typed;
  };
  return Object.fromEntries(
    slugs.map((s) => {
      const c = values[s];
      return [
        s,
        {
          ...c,
          price: amount(c.price),
          totalprice: amount(c.totalprice),
          modules: c.modules.map((m) => ({
            title: m.title,
            subtitle: m.subtitle,
            units: m.units.map((u) => ({
              title: u.title,
              content: u.topics
                .split('\n')
                .map((line) => line.trim())
                .filter(Boolean),
            })),
          })),
        },
      ];
    }),
  );
}

/** A field's message in react-hook-form's nested errors (a server message set on `desarrollo-software.price`). */
function errorAt(errors: FieldErrors<CatalogueForm>, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** A change's label in the preview: the course, then the field ("Desarrollo de Software · Precio por módulo (COP)"). */
function labelOf(values: CatalogueForm) {
  return (path: string) => {
    const [slug, field, ...rest] = path.split('.');
    const course = values[slug as CourseSlug]?.title ?? slug ?? '';
    const moduleMatch = /^(\d+)\.(title|subtitle|units)(?:\.(\d+)\.(title|topics))?$/.exec(rest.join('.'));
    let label: string = path;
    if (field === 'modules' && moduleMatch) {
      const m = Number(moduleMatch[1]) + 1;
      const u = Number(moduleMatch[3]) + 1;
      label =
        moduleMatch[2] === 'title'
          ? t.moduleTitle(m)
          : moduleMatch[2] === 'subtitle'
            ? t.moduleName(m)
            : moduleMatch[4] === 'title'
              ? t.unitTitle(m, u)
              : moduleMatch[4] === 'topics'
                ? t.unitTopics(m, u)
                : t.unit(m, u);
    } else if (field) {
      const named: Record<string, string> = {
        title: t.courseTitle,
        description: t.description,
        price: t.price,
        totalprice: t.totalprice,
        duration: t.duration,
        daytime: t.daytime,
      };
      label = named[field] ?? path;
    }
    return `${course} · ${label}`;
  };
}

/** Prices in the preview as pages show them ("$ 119.900"). */
function withPesos(changes: Change[]): Change[] {
  const pesos = (text: string) => {
    const amount = parseCOP(text);
    return Number.isFinite(amount) ? formatCOP(amount) : text;
  };
  return changes.map((c) => (/\.(price|totalprice)$/.test(c.key) ? { ...c, before: pesos(c.before), after: pesos(c.after) } : c));
}

/** The units of one module: each with its name and topics, added and removed. */
function UnitsEditor({
  form,
  register,
  errors,
  name,
  moduleNumber,
}: {
  form: UseFormReturn<CatalogueForm>;
  register: UseFormRegister<CatalogueForm>;
  errors: FieldErrors<CatalogueForm>;
  name: `${CourseSlug}.modules.${number}.units`;
  moduleNumber: number;
}) {
  const units = useItemList(form, name);
  const addButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      {units.fields.map((unit, i) => (
        <div key={unit.id} className="staff-document__item">
          <TextField
            label={t.unitTitle(moduleNumber, i + 1)}
            required
            unmarked
            maxLength={120}
            autoComplete="off"
            {...register(`${name}.${i}.title` as Path<CatalogueForm>)}
            error={errorAt(errors, `${name}.${i}.title`)}
          />
          <TextAreaField
            label={t.unitTopics(moduleNumber, i + 1)}
            hint={t.topicsHint}
            rows={3}
            required
            unmarked
            {...register(`${name}.${i}.topics` as Path<CatalogueForm>)}
            error={errorAt(errors, `${name}.${i}.content`) ?? errorAt(errors, `${name}.${i}.topics`)}
          />
          {units.fields.length > 1 ? (
            <button
              type="button"
              className="btn btn--ghost"
              aria-label={t.removeUnit(moduleNumber, i + 1)}
              onClick={() => {
                units.remove(i);
                // The removed unit's button is gone: keep the keyboard in this module.
                addButton.current?.focus();
              }}
            >
              {t.remove}
            </button>
          ) : null}
        </div>
      ))}
      {errorAt(errors, name) ? <p className="field-error">{errorAt(errors, name)}</p> : null}
      {units.fields.length < 6 ? (
        <p>
          <button
            ref={addButton}
            type="button"
            className="btn btn--ghost"
            aria-label={t.addUnit(moduleNumber)}
            onClick={() => units.append({ title: '', topics: '' })}
          >
            {t.add}
          </button>
        </p>
      ) : null}
    </>
  );
}

function CatalogueEditor({ state, doc, onState }: DocumentEditorProps<typeof catalogueDocument.schema>) {
  const [course, setCourse] = useState<CourseSlug>(slugs[0] ?? 'desarrollo-software');
  const [elsewhere, setElsewhere] = useState<CourseSlug | null>(null);
  const live = state.published?.body ?? state.defaults ?? catalogueDefaults;
  const { form, submission, openPreview, actions } = useDocumentEditor<CatalogueForm, typeof catalogueDocument.schema>({
    doc,
    defaultValues: toForm(state.draft?.body ?? live),
    toBody,
    // The first course with a refused value is shown, so its message is on a visible field.
    onRefused: (refused) => {
      const courses = [...new Set(refused.map((k) => k.split('.')[0]))].filter((s): s is CourseSlug => slugs.includes(s as CourseSlug));
      const next = courses.includes(course) ? course : courses[0];
      if (next && next !== course) setCourse(next);
      setElsewhere(courses.find((s) => s !== next) ?? null);
    },
    onState: (next, notice) => {
      setElsewhere(null);
      onState(next, notice);
    },
  });
  const errors = form.formState.errors;
  const field = (name: Path<CatalogueForm>) => ({ ...form.register(name), error: errorAt(errors, name) });
  const values = form.getValues();
  const c = course;

  return (
    <DocumentForm submission={submission} id="catalogo-form-titulo" title={t.title}>
      {elsewhere ? <p className="field-error">{t.otherCourseErrors(values[elsewhere]?.title ?? elsewhere)}</p> : null}
      <SelectField
        label={t.course}
        hint={t.courseHint}
        placeholder={null}
        options={slugs.map((s) => ({ value: s, label: values[s]?.title || s }))}
        value={course}
        onChange={(e) => setCourse(e.target.value as CourseSlug)}
      />
      {/* Only the chosen course's fields are in the page; the others keep their values in the form. */}
      <div key={c}>
        <fieldset>
          <legend>{t.general}</legend>
          <TextField label={t.courseTitle} required unmarked maxLength={80} autoComplete="off" {...field(`${c}.title`)} />
          <TextAreaField label={t.description} required unmarked rows={4} maxLength={600} {...field(`${c}.description`)} />
          <div className="form-grid">
            <TextField label={t.duration} required unmarked maxLength={60} autoComplete="off" {...field(`${c}.duration`)} />
            <TextField label={t.daytime} required unmarked maxLength={120} autoComplete="off" {...field(`${c}.daytime`)} />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t.prices}</legend>
          <p className="field-hint">{t.pricesHint}</p>
          <div className="form-grid">
            <TextField
              label={t.price}
              hint={t.priceHint}
              inputMode="numeric"
              required
              unmarked
              autoComplete="off"
              {...field(`${c}.price`)}
            />
            <TextField
              label={t.totalprice}
              hint={t.priceHint}
              inputMode="numeric"
              required
              unmarked
              autoComplete="off"
              {...field(`${c}.totalprice`)}
            />
          </div>
        </fieldset>
        {[0, 1, 2].map((i) => (
          <fieldset key={i}>
            <legend>{t.module(i + 1)}</legend>
            <div className="form-grid">
              <TextField
                label={t.moduleTitle(i + 1)}
                required
                unmarked
                maxLength={40}
                autoComplete="off"
                {...field(`${c}.modules.${i}.title`)}
              />
              <TextField
                label={t.moduleName(i + 1)}
                hint={t.moduleNameHint}
                required
                unmarked
                maxLength={120}
                autoComplete="off"
                {...field(`${c}.modules.${i}.subtitle`)}
              />
            </div>
            <UnitsEditor form={form} register={form.register} errors={errors} name={`${c}.modules.${i}.units`} moduleNumber={i + 1} />
          </fieldset>
        ))}
      </div>
      <DocumentEditorActions
        actions={actions}
        onReview={() => {
          const now = form.getValues();
          openPreview(withPesos(changesBetween(toForm(live), now, labelOf(now))));
        }}
      />
    </DocumentForm>
  );
}

/** StaffCatalogue (/equipo/catalogo): the courses' texts, prices and modules, edited, previewed, published, with history. */
export default function StaffCatalogue() {
  return (
    <PublishedDocumentScreen
      ops={catalogueOperations}
      id="catalogo"
      title={t.title}
      intro={t.intro}
      loading={t.loading}
      editor={(p) => <CatalogueEditor key={p.key} state={p.state} doc={p.doc} onState={p.onState} />}
    />
  );
}
