import { describe, expect, it } from '@jest/globals';
import { courseBySlug, courses, moduleNames, priceModule } from './catalogue';

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
});
