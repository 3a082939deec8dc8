import { beforeEach, describe, expect, it } from 'vitest';
import { clearRememberedPath, rememberPath, takeRememberedPath } from './remembered-path.ts';

describe('remembered path', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers a protected path once', () => {
    rememberPath('/recognise/12?x=1');
    expect(takeRememberedPath()).toBe('/recognise/12?x=1');
    expect(takeRememberedPath()).toBeNull();
  });

  it.each(['/hello', '/', '/register', '/welcometrfauth', '/Hello/', '/logout'])('does not remember %s', (path) => {
    rememberPath(path);
    expect(takeRememberedPath()).toBeNull();
  });

  it('clears on logout', () => {
    rememberPath('/statement');
    clearRememberedPath();
    expect(takeRememberedPath()).toBeNull();
  });

  it('ignores paths that would leave the site', () => {
    sessionStorage.setItem('rememberedPath', '//evil.example');
    expect(takeRememberedPath()).toBeNull();
  });
});
