import { describe, expect, it } from '@jest/globals';
import { courseCatalogue } from './course-catalogue';

describe('the course catalogue service', () => {
  it('links the three courses by title and page, in the catalogue order', () => {
    expect(courseCatalogue.links()).toEqual([
      { slug: 'desarrollo-software', title: 'Desarrollo de Software', url: '/desarrollo-software' },
      { slug: 'ofimatica-basica', title: 'Ofimática Básica - Excel', url: '/ofimatica-basica' },
      { slug: 'marketing-digital', title: 'Marketing Digital y Diseño Gráfico', url: '/marketing-digital' },
    ]);
  });

  it("names a course's modules by its slug, and none of an unknown course", () => {
    expect(courseCatalogue.moduleNames('ofimatica-basica')).toEqual([
      'Introducción a la Informática',
      'Google Suite',
      'Excel Medio - Avanzado',
    ]);
    expect(courseCatalogue.moduleNames('cocina')).toEqual([]);
  });
});
