import { beforeEach, describe, expect, it } from '@jest/globals';
import { POST_LOGIN_KEY, rememberReturnPath, safeLocalPath, takeReturnPath } from './post-login';

describe('post-login location', () => {
  beforeEach(() => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
  });

  it('accepts only paths of this site', () => {
    expect(safeLocalPath('/mis-cursos')).toBe('/mis-cursos');
    expect(safeLocalPath('/desarrollo-software/registro?x=1#form')).toBe('/desarrollo-software/registro?x=1#form');
    expect(safeLocalPath('//evil.example/login')).toBeNull();
    expect(safeLocalPath('/\\evil.example')).toBeNull();
    expect(safeLocalPath('https://evil.example/')).toBeNull();
    expect(safeLocalPath('')).toBeNull();
    expect(safeLocalPath(null)).toBeNull();
  });

  it('is taken once', () => {
    rememberReturnPath('/mis-cursos');
    expect(takeReturnPath()).toBe('/mis-cursos');
    expect(takeReturnPath()).toBeNull();
    rememberReturnPath('https://evil.example/');
    expect(takeReturnPath()).toBeNull();
    sessionStorage.setItem(POST_LOGIN_KEY, '//evil.example');
    expect(takeReturnPath()).toBeNull();
  });
});
