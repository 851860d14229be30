import { describe, expect, it } from '@jest/globals';
import { safeLocalPath } from './post-login';

describe('post-login location', () => {
  it('accepts only paths of this site', () => {
    expect(safeLocalPath('/mis-cursos')).toBe('/mis-cursos');
    expect(safeLocalPath('/desarrollo-software/registro?x=1#form')).toBe('/desarrollo-software/registro?x=1#form');
    expect(safeLocalPath('//evil.example/login')).toBeNull();
    expect(safeLocalPath('/\\evil.example')).toBeNull();
    expect(safeLocalPath('https://evil.example/')).toBeNull();
    expect(safeLocalPath('')).toBeNull();
    expect(safeLocalPath(null)).toBeNull();
  });
});
