import { describe, expect, it } from '@jest/globals';
import { emailFromQuery, loginPathFor } from './login-path';

describe('/login with the address of a just-confirmed account', () => {
  it('round-trips an address, + and all, through the query', () => {
    const path = loginPathFor(' ana.maria+cursos@example.com ');
    expect(path).toBe('/login?email=ana.maria%2Bcursos%40example.com');
    expect(emailFromQuery(new URL(path, 'https://sitio.example').searchParams)).toBe('ana.maria+cursos@example.com');
  });

  it('leaves the field empty for anything that is not an address', () => {
    for (const junk of ['', 'ana', 'ana@', '@example.com', 'ana maria@example.com', `${'a'.repeat(250)}@x.co`]) {
      expect(emailFromQuery(new URLSearchParams({ email: junk }))).toBe('');
    }
    expect(emailFromQuery(new URLSearchParams())).toBe('');
  });
});
