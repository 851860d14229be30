import { afterEach, describe, expect, it } from '@jest/globals';
import { resetPublishedSnapshot, setPublishedSnapshot } from 'shared/publishing/snapshot';
import { catalogueDefaults, courseBySlug, currentCourses, moduleNames, priceModule } from './catalogue';
import { catalogueDocument, catalogueSchema } from './catalogue-document';

const courses = currentCourses();

describe('course catalogue', () => {
  it('has the three online courses with three modules, opening 31 March 2025, three 2-hour classes a week', () => {
    expect(courses.map((c) => c.id)).toEqual([1, 2, 3]);
    for (const c of courses) {
      expect(c.modality).toBe('Online');
      expect(c.releaseDate).toBe('2025-03-31');
      expect(c.daytime).toBe('3 clases por semana de 2 horas');
      expect(c.imageCarrousel).toHaveLength(3);
      for (const m of c.imageCarrousel) expect(m.units.length).toBeGreaterThan(0);
    }
  });

  it('prices modules and courses in whole pesos as the catalogue reads', () => {
    expect(courses.map((c) => [c.slug, c.price, c.totalprice])).toEqual([
      ['desarrollo-software', 119900, 349000],
      ['ofimatica-basica', 79900, 239000],
      ['marketing-digital', 99900, 299000],
    ]);
    for (const c of courses) expect(Number.isInteger(c.price) && Number.isInteger(c.totalprice)).toBe(true);
  });

  it('lists the spec modules of each course', () => {
    expect(moduleNames(courseBySlug('desarrollo-software'))).toEqual([
      'Fundamentos de programación y bases de datos',
      'Fundamentos de Javascript y AWS S3',
      'Fundamentos de desarrollo Backend',
    ]);
    expect(moduleNames(courseBySlug('ofimatica-basica'))).toEqual([
      'Introducción a la Informática',
      'Google Suite',
      'Excel Medio - Avanzado',
    ]);
    expect(moduleNames(courseBySlug('marketing-digital'))).toEqual([
      'Introducción al Marketing Digital',
      'Marketing en Redes Sociales',
      'Diseño gráfico para Marketing Digital',
    ]);
    expect(moduleNames(courseBySlug('cocina'))).toEqual([]);
  });

  it('computes what the server charges from course and module only', () => {
    expect(priceModule('ofimatica-basica', 'Google Suite')).toMatchObject({
      title: 'Ofimática Básica - Excel – Google Suite',
      price: 79900,
    });
    expect(priceModule('ofimatica-basica', 'Fundamentos de desarrollo Backend')).toBeNull();
    expect(priceModule('nada', 'Google Suite')).toBeNull();
  });

  describe('published (#28)', () => {
    afterEach(() => resetPublishedSnapshot());

    const publish = (edit: (c: typeof catalogueDefaults) => void) => {
      const body = structuredClone(catalogueDefaults);
      edit(body);
      setPublishedSnapshot({ version: 'test', documents: { [catalogueDocument.name]: catalogueSchema.parse(body) } });
    };

    it('prices, names and describes what was published, at the time it is read', () => {
      publish((c) => {
        c['ofimatica-basica'].price = 89_900;
        c['ofimatica-basica'].modules[1]!.subtitle = 'Google Workspace';
      });
      expect(courseBySlug('ofimatica-basica')).toMatchObject({ price: 89_900, totalprice: 239_000, url: '/ofimatica-basica' });
      expect(priceModule('ofimatica-basica', 'Google Workspace')).toMatchObject({ price: 89_900 });
      expect(priceModule('ofimatica-basica', 'Google Suite')).toBeNull();
      resetPublishedSnapshot();
      expect(priceModule('ofimatica-basica', 'Google Suite')).toMatchObject({ price: 79_900 });
    });

    it('refuses prices out of bounds, a full course dearer than three modules and repeated module names, on their fields', () => {
      const body = structuredClone(catalogueDefaults);
      body['desarrollo-software'].price = 1_000;
      body['ofimatica-basica'].totalprice = 3 * 79_900 + 1;
      body['marketing-digital'].modules[2]!.subtitle = body['marketing-digital'].modules[0]!.subtitle;
      const result = catalogueSchema.safeParse(body);
      expect(result.success).toBe(false);
      const fields = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
      expect(fields).toEqual({
        'desarrollo-software.price': expect.stringContaining('entre 1.600 y 30.000.000'),
        'ofimatica-basica.totalprice': 'El precio del curso completo no puede ser mayor que tres módulos sueltos.',
        'marketing-digital.modules.2.subtitle': 'Dos módulos del curso no pueden llamarse igual.',
      });
      expect(
        catalogueSchema.safeParse({
          ...catalogueDefaults,
          'desarrollo-software': { ...catalogueDefaults['desarrollo-software'], price: 119_900.5 },
        }).success,
      ).toBe(false);
    });

    it('keeps the three courses: their defaults are the code values and pass the schema', () => {
      expect(catalogueSchema.parse(catalogueDefaults)).toEqual(catalogueDefaults);
      expect(Object.keys(catalogueDocument.defaults)).toEqual(['desarrollo-software', 'ofimatica-basica', 'marketing-digital']);
    });
  });
});
