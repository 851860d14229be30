/** "Comunidad, Cursos y Donaciones": names in Spanish prose, the last joined with "y"; '' for none. */
export function listInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}
